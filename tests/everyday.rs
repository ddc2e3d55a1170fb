//! The everyday path: clean interrupts (every time), output files that only ever hold a solution,
//! statistics, unsolvable puzzles told apart from malformed ones, byte-order marks, CNFs checked
//! against their puzzle, `--max 0`, unrunnable solvers, and the exit codes in `--help`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wgrnd_families::edge::formats::{read_puzzle, write_native, ReadOptions};
use wgrnd_families::{
    edge::generate::{generate, Generate, GeneratedRule},
    edge::model::{Label, Puzzle},
};

use crate::{code, fixture, root, stderr, stdout, wgrnd};

fn fake(name: &str) -> String {
    root().join("tests/fake-solvers").join(name).to_string_lossy().into_owned()
}

/// Ctrl-C or SIGTERM while an external solver runs, at 20 moments from before the solver starts
/// to long after: exit 130 every time, the solver process gone, nothing left in TMPDIR.
#[test]
fn interrupts_are_clean_every_time() {
    let puzzle = fixture("witch/witches.lpl");
    // Rounds whose signal came after the solver started (it writes its pid file first thing):
    // the check that its process is gone must run in most of them, or the test proves nothing.
    let mut solver_seen = 0;
    for round in 0..20u64 {
        let signal = if round % 2 == 0 { "-INT" } else { "-TERM" };
        let tmp = tempfile::tempdir().unwrap();
        let work = tmp.path().join("tmp");
        std::fs::create_dir(&work).unwrap();
        let pid_file = tmp.path().join("solver.pid");
        let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
            .args(["solve", "--solver", &fake("hang.sh"), &puzzle])
            .env("TMPDIR", &work)
            .env("FAKE_SOLVER_PID_FILE", &pid_file)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // From 50 to 240 ms after the start (the first milliseconds, before main installs the
        // handler, are the process's startup): some signals land while wgrnd grounds or writes
        // the CNF, most while the solver runs.
        std::thread::sleep(Duration::from_millis(50 + round * 10));
        Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
        let started = Instant::now();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "round {round} ({signal})");
        assert!(started.elapsed() < Duration::from_secs(10), "round {round}: {:?}", started.elapsed());
        let left: Vec<_> = std::fs::read_dir(&work).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.is_empty(), "round {round} ({signal}) left {left:?}");
        if let Ok(pid) = std::fs::read_to_string(&pid_file) {
            solver_seen += 1;
            // The solver's process group was killed; give the kernel a moment to reap it.
            let gone = (0..100).any(|_| {
                std::thread::sleep(Duration::from_millis(20));
                !Path::new(&format!("/proc/{}", pid.trim())).exists()
            });
            assert!(gone, "round {round}: the solver {} still runs", pid.trim());
        } else {
            // No pid file: the signal must have come before the solver ran, in the first rounds.
            assert!(round < 10, "round {round}: the solver never started (no pid file at {})", pid_file.display());
        }
    }
    assert!(solver_seen >= 10, "only {solver_seen} of 20 rounds checked that the solver was killed");
}

/// `-o` holds a solution or nothing: no solution, a time-out and an unknown answer write no file
/// and say why on standard error.
#[test]
fn output_files_only_hold_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("answer.txt");
    let o = out.to_str().unwrap();
    let (exercise, witches) = (fixture("witch/exercise.lpl"), fixture("witch/witches.lpl"));
    let (unknown, hang) = (fake("unknown.sh"), fake("hang.sh"));
    let cases: [(Vec<&str>, i32); 3] = [
        (vec!["solve", &exercise, "-o", o], 20),
        (vec!["solve", &witches, "--solver", &unknown, "-o", o], 30),
        (vec!["solve", &witches, "--timeout", "1", "--solver", &hang, "-o", o], 30),
    ];
    for (args, want) in cases {
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), want, "{args:?}: {}", stderr(&r));
        assert!(!out.exists(), "{args:?} wrote {}", std::fs::read_to_string(&out).unwrap_or_default());
        assert!(stderr(&r).contains("nothing written to"), "{}", stderr(&r));
    }
    let r = wgrnd(&["solve", &fixture("witch/witches.lpl"), "-o", o], None);
    assert_eq!(code(&r), 10);
    assert!(std::fs::read_to_string(&out).unwrap().contains("Place the block"));
}

#[test]
fn verbose_solve_prints_statistics_as_comment_lines() {
    let r = wgrnd(&["solve", "-v", &fixture("foursquares/seed004.txt")], None);
    assert_eq!(code(&r), 10);
    let err = stderr(&r);
    for word in ["c atoms ", "c solver builtin", "c grounding ", "c solving ", "c checking ", "c answer solved"] {
        assert!(err.lines().any(|l| l.starts_with(word)), "`{word}` missing in:\n{err}");
    }
    assert!(!stdout(&r).contains("c atoms"), "statistics belong on standard error");
}

/// A framed 4 x 4 puzzle to spoil: 4 corner, 8 border and 4 inner pieces.
fn framed() -> Puzzle {
    generate(&Generate { rows: 4, cols: 4, colors: 3, frame_colors: Some(2), rule: GeneratedRule::Equal, seed: 5 }).0
}

fn sides_with(p: &Puzzle, q: usize, l: Label) -> usize {
    p.pieces[q].iter().filter(|&&x| x == l).count()
}

/// Well-formed puzzles without a solution for a reason found by counting: exit 20 and a count of
/// 0, with the reason on standard error; never exit 2.
#[test]
fn unsolvable_is_not_malformed() {
    let dir = tempfile::tempdir().unwrap();
    let base = framed();
    let frame = base.frame.unwrap();
    let colour = base.pieces[base.pieces.iter().position(|e| !e.contains(&frame)).unwrap()][0];
    let corner = (0..16).find(|&q| sides_with(&base, q, frame) == 2).unwrap();
    let inner = (0..16).find(|&q| sides_with(&base, q, frame) == 0).unwrap();
    let mut spoilt: Vec<(&str, Puzzle, &str)> = Vec::new();
    // 3 corner pieces for 4 corners (and 9 border pieces for 8 places).
    let mut p = base.clone();
    let side = (0..4).find(|&d| p.pieces[corner][d] == frame).unwrap();
    p.pieces[corner][side] = colour;
    spoilt.push(("three corners", p, "3 corner"));
    // 9 border pieces for 8 places.
    let mut p = base.clone();
    p.pieces[inner][0] = frame;
    spoilt.push(("one border piece too many", p, "9 border"));
    // The frame label on two opposite sides.
    let mut p = base.clone();
    p.pieces[inner][0] = frame;
    p.pieces[inner][2] = frame;
    spoilt.push(("frame on opposite sides", p, "two-opposite-sides"));
    for (what, p, words) in spoilt {
        let path = dir.path().join("p.wgrnd");
        std::fs::write(&path, write_native(&p)).unwrap();
        let path = path.to_str().unwrap();
        let r = wgrnd(&["solve", path], None);
        assert_eq!(code(&r), 20, "{what}: {}", stderr(&r));
        assert!(stderr(&r).contains("no solution: ") && stderr(&r).contains(words), "{what}: {}", stderr(&r));
        let r = wgrnd(&["count", path, "--json"], None);
        assert_eq!(code(&r), 20, "{what}: {}", stderr(&r));
        assert!(stdout(&r).contains("\"count\":0"), "{what}: {}", stdout(&r));
    }
    // The board-suite file that used to be refused as bad input.
    let r = wgrnd(&["solve", root().join("tests/unsolvable/frame-cannot-fit.puz").to_str().unwrap()], None);
    assert_eq!(code(&r), 20, "{}", stderr(&r));
    assert!(stderr(&r).contains("1 inner, 4 border, 4 corner squares, the pieces are 4 inner"), "{}", stderr(&r));
    // Two clues that contradict each other, and one clue given twice word for word.
    let text = write_native(&base);
    let contradicting = format!("{text}clue 1 1 1 0\nclue 1 1 2 0\n");
    let r = wgrnd(&["solve", "-", "--format", "native"], Some(contradicting.as_bytes()));
    assert_eq!(code(&r), 20, "{}", stderr(&r));
    assert!(stderr(&r).contains("two clues put pieces 1 and 2 on square (1,1)"), "{}", stderr(&r));
    let solution =
        generate(&Generate { rows: 4, cols: 4, colors: 3, frame_colors: Some(2), rule: GeneratedRule::Equal, seed: 5 })
            .1;
    let pl = solution[0];
    let clue = format!("clue {} {} {} {}\n", pl.row + 1, pl.col + 1, pl.piece + 1, pl.rotation);
    let repeated = format!("{text}{clue}{clue}");
    assert_eq!(read_puzzle("r.wgrnd", &repeated, &ReadOptions::default()).unwrap().clues.len(), 1);
    let r = wgrnd(&["solve", "-", "--format", "native"], Some(repeated.as_bytes()));
    assert_eq!(code(&r), 10, "{}", stderr(&r));
}

/// A UTF-8 byte-order mark before any file wgrnd reads is accepted.
#[test]
fn byte_order_marks_are_accepted_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let bom = |rel: &str| -> String {
        let name = Path::new(rel).file_name().unwrap();
        let path = dir.path().join(name);
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(std::fs::read(fixture(rel)).unwrap());
        std::fs::write(&path, bytes).unwrap();
        path.to_string_lossy().into_owned()
    };
    for rel in [
        "witch/witches.lpl",
        "foursquares/seed004.txt",
        "heule/clue1.txt",
        "board-suite/4/5/board_0/puzzle.puz",
        "packing/soma.pack",
    ] {
        let r = wgrnd(&["solve", &bom(rel)], None);
        assert_eq!(code(&r), 10, "{rel}: {}", stderr(&r));
    }
    // Solutions, CNFs and solver answers.
    let r = wgrnd(&["check", &fixture("witch/witches.lpl"), &bom("witch/witches.answer.txt")], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    let cnf = dir.path().join("p.cnf");
    wgrnd(&["encode", &fixture("witch/witches.lpl"), "-o", cnf.to_str().unwrap()], None);
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(std::fs::read(&cnf).unwrap());
    std::fs::write(&cnf, with_bom).unwrap();
    let r = wgrnd(&["dimacs", "check", cnf.to_str().unwrap()], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    let solved = wgrnd(&["solve", &fixture("witch/witches.lpl"), "--solver", &fake("dpll.py")], None);
    assert_eq!(code(&solved), 10, "{}", stderr(&solved));
}

/// `decode --cnf` refuses a model of a CNF written for another puzzle or other options.
#[test]
fn decode_checks_the_cnf_against_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("p.cnf");
    let cnf = cnf.to_str().unwrap();
    let puzzle = fixture("foursquares/seed004.txt");
    assert_eq!(code(&wgrnd(&["encode", &puzzle, "-o", cnf], None)), 0);
    let answer = Command::new(fake("dpll.py")).arg(cnf).output().unwrap().stdout;
    let r = wgrnd(&["decode", &puzzle, "-", "--cnf", cnf], Some(&answer));
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    let r = wgrnd(&["decode", &puzzle, "-", "--cnf", cnf, "--encoding", "support"], Some(&answer));
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("written for another puzzle or other encoding options"), "{}", stderr(&r));
    let r = wgrnd(&["decode", &fixture("witch/witches.lpl"), "-", "--cnf", cnf], Some(&answer));
    assert_eq!(code(&r), 2, "{}", stderr(&r));
}

#[test]
fn max_zero_counts_everything() {
    let r = wgrnd(&["count", &fixture("witch/witches.lpl"), "--max", "0"], None);
    assert_eq!(code(&r), 12, "{}", stderr(&r));
    assert!(stdout(&r).starts_with("4 solution(s); the count is complete"), "{}", stdout(&r));
}

/// A solver path that is not executable is the solver's fault (exit 4), with the reason.
#[test]
fn unrunnable_solver_is_exit_4() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("solver.sh");
    std::fs::write(&path, "#!/bin/sh\necho s UNSATISFIABLE\n").unwrap();
    let r = wgrnd(&["solve", &fixture("witch/witches.lpl"), "--solver", path.to_str().unwrap()], None);
    assert_eq!(code(&r), 4, "{}", stderr(&r));
    assert!(stderr(&r).contains("cannot be started") && stderr(&r).contains("ermission denied"), "{}", stderr(&r));
}

#[test]
fn help_lists_every_exit_code() {
    let r = wgrnd(&["--help"], None);
    let help = stdout(&r);
    for code in ["0 ok", "1 solution rejected", "2 bad input", "3 internal error", "4 the external solver failed"] {
        assert!(help.contains(code), "`{code}` not in --help");
    }
    for code in ["10 solved", "12 several", "20 no solution", "30 gave up", "130 interrupted"] {
        assert!(help.contains(code), "`{code}` not in --help");
    }
}

/// A long solve shows the time spent on a terminal (here a pseudo-terminal made by `script`, from
/// Debian's essential bsdutils) and nothing when standard error is piped.
#[test]
fn long_solves_show_the_time_on_a_terminal_only() {
    let board = fixture("board-suite/8/9/board_0/puzzle.puz");
    let command = format!("{} solve {board} --timeout 2", env!("CARGO_BIN_EXE_wgrnd"));
    let out = Command::new("script").args(["-qec", &command, "/dev/null"]).output().expect("`script` (bsdutils) runs");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("solving 1s") || screen.contains("solving 2s"), "{screen}");
    let piped = wgrnd(&["solve", &board, "--timeout", "2"], None);
    assert_eq!(code(&piped), 30);
    assert!(!stderr(&piped).contains("solving"), "{}", stderr(&piped));
}

/// Ctrl-C while `encode -o` grounds or writes a large CNF: exit 130 and no file at all (neither
/// the target nor the temporary `.part` beside it), or, when the signal comes after the end,
/// exit 0 and the whole file.
#[test]
fn interrupted_output_files_leave_nothing() {
    let (model, data) = (fixture("qprop/foursquares.qp"), fixture("qprop/e2.qpd"));
    // The whole file, as an uninterrupted run writes it.
    let whole = tempfile::tempdir().unwrap();
    let reference = whole.path().join("e2.cnf");
    let r = wgrnd(&["encode", &model, "--data", &data, "-o", reference.to_str().unwrap()], None);
    assert_eq!(code(&r), 0);
    let whole_len = std::fs::metadata(&reference).unwrap().len();
    for round in 0..8u64 {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("e2.cnf");
        let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
            .args(["encode", &model, "--data", &data, "-o", target.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(50 + round * 150));
        Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        let status = child.wait().unwrap();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        match status.code() {
            // Interrupted: nothing, or (a signal in the instant after the rename, when the
            // write is over) the whole file; never a part of it.
            Some(130) if left.is_empty() => {}
            Some(130) => {
                assert_eq!(left, vec![std::ffi::OsString::from("e2.cnf")], "round {round}");
                assert_eq!(std::fs::metadata(&target).unwrap().len(), whole_len, "round {round}: a part of the file");
            }
            Some(0) => assert_eq!(left, vec![std::ffi::OsString::from("e2.cnf")], "round {round}"),
            other => panic!("round {round}: exit {other:?}"),
        }
    }
}

/// Ctrl-C stops a count: it prints the lower bound it has and exits 130.
#[test]
fn an_interrupted_count_says_so_and_exits_130() {
    let child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["count", &fixture("packing/y-pentacube.pack"), "--symmetry", "all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("at least ") && text.contains("stopped (interrupt)"), "{text}");
}
