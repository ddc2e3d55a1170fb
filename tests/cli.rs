//! The command line as a user meets it: files and pipes, output files, exit codes.

use crate::{code, fixture, stderr, stdout, wgrnd};

#[test]
fn encode_to_file_equals_encode_to_stdout_and_stdin_works() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.cnf");
    let puzzle = fixture("witch/witches.lpl");
    let a = wgrnd(&["encode", &puzzle, "-o", file.to_str().unwrap()], None);
    assert_eq!(code(&a), 0);
    let b = wgrnd(&["encode", &puzzle], None);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), stdout(&b));
    // The same puzzle on standard input (the format is sniffed from the content).
    let text = std::fs::read(&puzzle).unwrap();
    let c = wgrnd(&["encode", "-"], Some(&text));
    assert_eq!(code(&c), 0, "{}", stderr(&c));
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("c ")).map(String::from).collect::<Vec<_>>();
    assert_eq!(body(&stdout(&b)), body(&stdout(&c)));
}

#[test]
fn dimacs_header_is_exact() {
    let out = wgrnd(&["encode", &fixture("heule/clue1.txt")], None);
    let text = stdout(&out);
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let parts: Vec<usize> = header.split_whitespace().skip(2).map(|x| x.parse().unwrap()).collect();
    let clauses: Vec<&str> = text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).collect();
    assert_eq!(parts[1], clauses.len());
    let max_var = clauses
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| w.parse::<i64>().unwrap().unsigned_abs() as usize)
        .max()
        .unwrap();
    assert_eq!(parts[0], max_var);
    assert!(clauses.iter().all(|l| l.ends_with(" 0")));
    assert!(text.contains("c puzzle-hash "));
}

#[test]
fn eternity_ii_encodes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e2.cnf");
    let out = wgrnd(&["encode", &fixture("heule/e2pieces.txt"), "-o", file.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("16 x 16 board, 256 pieces, 23 labels"), "{}", &text[..400]);
}

#[test]
fn closed_stdout_is_a_quiet_exit() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["encode", &fixture("heule/e2pieces.txt")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut buf = [0u8; 4096];
    child.stdout.as_mut().unwrap().read_exact(&mut buf).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn exit_codes() {
    assert_eq!(code(&wgrnd(&["solve", &fixture("foursquares/seed004.txt")], None)), 10);
    assert_eq!(code(&wgrnd(&["solve", &fixture("witch/exercise.lpl")], None)), 20);
    assert_eq!(code(&wgrnd(&["solve", "--format", "witch", &fixture("heule/clue1.txt")], None)), 2);
    let json = wgrnd(&["solve", "--json", &fixture("witch/exercise.lpl")], None);
    assert!(stdout(&json).contains("\"status\": \"unsatisfiable\""), "{}", stdout(&json));
}

#[test]
fn solve_writes_the_solution_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sol.json");
    let out = wgrnd(&["solve", "--json", &fixture("witch/witches.lpl"), "-o", file.to_str().unwrap()], None);
    assert_eq!(code(&out), 10);
    let check = wgrnd(&["check", &fixture("witch/witches.lpl"), file.to_str().unwrap()], None);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
    let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&file).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o644);
}

/// `-o` naming what is not a regular file writes into it: a named pipe stays a pipe (renaming a
/// temporary file over it, as for a file, would replace it; as root `-o /dev/null` once replaced
/// the machine's /dev/null); a symbolic link to a file stays a link, the file it names replaced.
#[cfg(unix)]
#[test]
fn output_into_a_pipe_or_through_a_link() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let puzzle = fixture("witch/witches.lpl");
    let want = stdout(&wgrnd(&["encode", &puzzle], None));
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = wgrnd(&["encode", &puzzle, "-o", fifo.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // Before joining: a pipe replaced by a file would leave the reader waiting for ever.
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), want);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["pipe"], "files left behind");

    let file = dir.path().join("real.cnf");
    std::fs::write(&file, "old").unwrap();
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = wgrnd(&["encode", &puzzle, "-o", link.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
}

/// An encoding too large to hold is refused up front, with the estimate, and writes nothing.
#[test]
fn oversized_conflict_encoding_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("e2.cnf");
    let out = wgrnd(
        &["encode", "--encoding", "conflict", &fixture("heule/e2pieces.txt"), "-o", out_path.to_str().unwrap()],
        None,
    );
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("226358272 clauses (limit 50000000)"), "{}", stderr(&out));
    assert!(!out_path.exists());
}
