//! Robustness: the bad-input corpus of `tests/bad-input/` (every message pinned: file, line, what
//! was found, what was expected; exit 2; no output file left), the inputs fuzzing found
//! (`tests/fuzz-regressions/`, read again without a panic), the built binary under faults (killed
//! while writing, closed or full standard output, unreadable input, a directory for a file), and
//! the limits that refuse inputs too large to ground.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{code, fixture, root, stderr, wgrnd};

/// How a corpus file is read: by extension, through the command a user would run on it.
fn command_for(name: &str, path: &str, out: &str) -> Vec<String> {
    let ext = Path::new(name).extension().and_then(|e| e.to_str()).unwrap_or("");
    let args: Vec<String> = match ext {
        "cnf" => vec!["dimacs".into(), "check".into(), path.into()],
        "out" => vec!["decode".into(), fixture("foursquares/seed004.txt"), path.into(), "-o".into(), out.into()],
        "sol" | "json" | "words" => vec!["check".into(), fixture("witch/witches.lpl"), path.into()],
        "psol" => vec!["check".into(), fixture("packing/soma.pack"), path.into()],
        _ => vec!["encode".into(), path.into(), "-o".into(), out.into()],
    };
    args
}

/// Messages about a file as a whole (no line to name).
const WHOLE_FILE: [&str; 4] = ["no-pieces.pack", "empty.puz", "size-missing.wgrnd", "table-not-square.lpl"];

#[test]
fn bad_input_corpus() {
    let corpus = root().join("tests/bad-input");
    let mut names: Vec<String> =
        std::fs::read_dir(&corpus).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert!(names.len() >= 50, "{} cases", names.len());
    let mut report = String::new();
    for name in &names {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join(name);
        std::fs::copy(corpus.join(name), &input).unwrap();
        let out_file = dir.path().join("out.txt");
        let args = command_for(name, input.to_str().unwrap(), out_file.to_str().unwrap());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = wgrnd(&args, None);
        let msg = stderr(&out).replace(&format!("{}/", dir.path().display()), "");
        assert_eq!(code(&out), 2, "{name}: exit {} {msg}", code(&out));
        if name.ends_with(".qp") {
            // Models of the modelling language: a caret diagnostic, file:line:col first.
            let head = format!("wgrnd: Error: {name}:");
            assert!(msg.starts_with(&head) && msg.contains("╭─["), "{name}: a caret diagnostic: {msg}");
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "{name}: files left behind");
            report.push_str(&format!("## {name}\n{msg}\n"));
            continue;
        }
        assert!(msg.starts_with(&format!("wgrnd: {name}")), "{name}: the message names the file: {msg}");
        assert!(msg.contains("found") && msg.contains("expected"), "{name}: {msg}");
        let line = msg[format!("wgrnd: {name}").len()..]
            .strip_prefix(':')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        assert_eq!(line, !WHOLE_FILE.contains(&name.as_str()), "{name}: whether the message names a line: {msg}");
        assert!(!msg.contains("panicked"), "{name}: {msg}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left.len(), 1, "{name}: files left behind: {left:?}");
        report.push_str(&format!("## {name}\n{msg}\n"));
    }
    insta::assert_snapshot!("bad_input_corpus", report);
}

/// Every input fuzzing found a fault with goes through the reader again, as its fuzz target
/// feeds it (first byte = choice, where the target takes one): no panic, and the fixed round trips.
#[test]
fn fuzz_regressions_read_without_panic() {
    use wgrnd_families::edge::formats::{
        read_packing, read_packing_solution, read_puzzle, read_solution, write_packing, ReadOptions,
    };
    use wgrnd_sat::{parse_answer, parse_dimacs};
    let dir = root().join("tests/fuzz-regressions");
    let mut seen = 0;
    for target in std::fs::read_dir(&dir).unwrap() {
        let target = target.unwrap().path();
        for file in std::fs::read_dir(&target).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
            seen += 1;
            match target.file_name().unwrap().to_str().unwrap() {
                "packing" => {
                    if let Ok(p) = read_packing("fuzz.pack", &text(&bytes)) {
                        assert_eq!(read_packing("fuzz.pack", &write_packing(&p)).unwrap(), p);
                    }
                    let y = read_packing("y.pack", "box 5 5 5\npiece Y 25 0,0,0 0,0,1 0,0,2 0,0,3 0,1,2\n").unwrap();
                    let _ = read_packing_solution("fuzz", &text(&bytes), &y);
                }
                "solutions" => {
                    let witch = std::fs::read_to_string(fixture("witch/witches.lpl")).unwrap();
                    let p = read_puzzle("w.lpl", &witch, &ReadOptions::default()).unwrap();
                    let _ = read_solution("fuzz", &text(&bytes[1..]), &p, None);
                }
                "solver_answer" => {
                    let _ = parse_answer("fuzz", &text(&bytes[1..]), u32::from(bytes[0]) * 3);
                }
                "dimacs" => {
                    let _ = parse_dimacs("fuzz", &text(&bytes));
                }
                "puzzle_formats" => {
                    let _ = read_puzzle("fuzz", &text(&bytes[1..]), &ReadOptions::default());
                }
                other => panic!("no reader for fuzz target {other}"),
            }
        }
    }
    assert!(seen >= 3);
}

fn temp_in(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// A framed 20 x 20 board: its CNF is about 100 MB, long enough to be killed while writing.
fn large_board(dir: &Path) -> String {
    let p = temp_in(dir, "large.wgrnd");
    let out =
        wgrnd(&["generate", "--rows", "20", "--cols", "20", "--colors", "4", "--frame-colors", "2", "-o", &p], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    p
}

#[test]
fn killed_while_writing_leaves_no_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = large_board(dir.path());
    let target = dir.path().join("out.cnf");
    let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["encode", &puzzle, "-o", target.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the temporary file has data in it, then kill without warning (SIGKILL).
    let part = || -> Option<PathBuf> {
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).find(|p| {
            p.file_name().unwrap().to_string_lossy().ends_with(".part")
                && std::fs::metadata(p).map(|m| m.len() > 1 << 20).unwrap_or(false)
        })
    };
    let started = std::time::Instant::now();
    while part().is_none() {
        assert!(started.elapsed().as_secs() < 60, "no temporary output appeared");
        assert!(child.try_wait().unwrap().is_none(), "finished before it could be killed");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!target.exists(), "a killed write left {}", target.display());
    // The same command left alone writes the whole file.
    let out = wgrnd(&["encode", &puzzle, "-o", target.to_str().unwrap()], None);
    assert_eq!(code(&out), 0);
    let check = wgrnd(&["dimacs", "check", target.to_str().unwrap()], None);
    assert_eq!(code(&check), 0, "{}", stderr(&check));
}

#[test]
fn full_standard_output_is_an_error_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["encode", &fixture("heule/clue1.txt")])
        .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("found an unwritable standard output (No space left"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn unreadable_inputs_and_unwritable_outputs() {
    let dir = tempfile::tempdir().unwrap();
    // A path through a file: no process, root or not, can open it.
    let through = format!("{}/x.puz", fixture("packing/soma.pack"));
    let out = wgrnd(&["solve", &through], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("found an unreadable file"), "{}", stderr(&out));
    // A file without read permission (meaningless for root, who reads anything).
    let locked = dir.path().join("locked.pack");
    std::fs::copy(fixture("packing/soma.pack"), &locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&locked).is_err() {
        let out = wgrnd(&["solve", locked.to_str().unwrap()], None);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(stderr(&out).contains("Permission denied"), "{}", stderr(&out));
    }
    // A directory as the input, and as the output.
    let out = wgrnd(&["encode", dir.path().to_str().unwrap()], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let out = wgrnd(&["encode", &fixture("packing/soma.pack"), "-o", dir.path().to_str().unwrap()], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("found a directory"), "{}", stderr(&out));
    // An output in a directory that does not exist.
    let nowhere = dir.path().join("missing/out.cnf");
    let out = wgrnd(&["encode", &fixture("packing/soma.pack"), "-o", nowhere.to_str().unwrap()], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("unwritable output"), "{}", stderr(&out));
    for bad in ["latin1.pack", "latin1.cnf"] {
        let path = root().join("tests/bad-input").join(bad);
        let args = command_for(bad, path.to_str().unwrap(), "-");
        let out = wgrnd(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
        assert!(stderr(&out).contains("which is not UTF-8 text"), "{}", stderr(&out));
    }
}

#[test]
fn inputs_too_large_to_ground_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    // 64 x 64 framed: 59 million placements.
    let big = temp_in(dir.path(), "big.wgrnd");
    let gen = ["generate", "--rows", "64", "--cols", "64", "--colors", "6", "--frame-colors", "2", "-o", &big];
    assert_eq!(code(&wgrnd(&gen, None)), 0);
    let started = std::time::Instant::now();
    let out = wgrnd(&["encode", &big, "-o", &temp_in(dir.path(), "big.cnf")], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("would have about 59359360 placement atoms (limit 10000000)"), "{}", stderr(&out));
    assert!(started.elapsed().as_secs() < 10, "refused only after {:?}", started.elapsed());
    // A packing of 2000-cell blocks in a 40 x 40 x 40 box: 95 million disposition cells.
    let block: Vec<String> =
        (0..5).flat_map(|z| (0..20).flat_map(move |y| (0..20).map(move |x| format!("{x},{y},{z}")))).collect();
    let pack = temp_in(dir.path(), "blocks.pack");
    std::fs::write(&pack, format!("box 40 40 40\npiece B 3 {}\n", block.join(" "))).unwrap();
    let out = wgrnd(&["solve", &pack], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("disposition cells (limit 50000000)"), "{}", stderr(&out));
}
