//! External solvers: the real round trip through every installed solver (by `--solver` and by
//! the `encode | solver | decode` pipe), and every fault a solver can commit, produced by the fake
//! solvers in `tests/fake-solvers/`, each with its message and exit code and no temporary file
//! left behind.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::{code, external, fixture, root, stderr, stdout, wgrnd};

/// Runs wgrnd with TMPDIR pointing at a fresh directory; returns the output and whether that
/// directory is empty afterwards.
fn wgrnd_in_tmp(args: &[&str]) -> (Output, Vec<String>) {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(args)
        .current_dir(root())
        .env("TMPDIR", tmp.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out, leftovers(tmp.path()))
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

fn fake(name: &str) -> String {
    root().join("tests/fake-solvers").join(name).to_string_lossy().into_owned()
}

const SOLVERS: [&str; 4] = ["cadical", "minisat", "picosat", "cryptominisat5"];

/// Each installed solver, by name: checked solutions on the seed puzzles and an 8 x 8 board,
/// no solution for the exercise table under K = 9.
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn every_solver_solves_by_name() {
    for solver in SOLVERS {
        if external(solver).is_none() {
            continue;
        }
        for rel in
            ["foursquares/seed004.txt", "witch/witches.lpl", "board-suite/8/20/board_0/puzzle.puz", "heule/clue1.txt"]
        {
            let (out, left) = wgrnd_in_tmp(&["solve", "--solver", solver, "--view", "sol", &fixture(rel)]);
            assert_eq!(code(&out), 10, "{solver} on {rel}: {}", stderr(&out));
            assert!(left.is_empty(), "{solver} left {left:?}");
        }
        let (out, left) = wgrnd_in_tmp(&["solve", "--solver", solver, &fixture("witch/exercise.lpl")]);
        assert_eq!(code(&out), 20, "{solver}: {}", stderr(&out));
        assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
        assert!(left.is_empty());
    }
}

/// `wgrnd encode | solver | wgrnd decode -` for every installed solver (minisat writes its
/// answer to a file, which `decode` reads the same way).
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn every_solver_round_trips_through_dimacs() {
    let dir = tempfile::tempdir().unwrap();
    for solver in SOLVERS {
        let Some(bin) = external(solver) else { continue };
        for (rel, want) in [("board-suite/8/21/board_1/puzzle.puz", 10), ("witch/exercise.lpl", 20)] {
            let cnf = dir.path().join("p.cnf");
            let enc = wgrnd(&["encode", &fixture(rel), "-o", cnf.to_str().unwrap()], None);
            assert_eq!(code(&enc), 0);
            let answer = if solver == "minisat" {
                let res = dir.path().join("res.txt");
                Command::new(&bin).arg(&cnf).arg(&res).output().unwrap();
                std::fs::read(&res).unwrap()
            } else {
                let input = std::fs::File::open(&cnf).unwrap();
                Command::new(&bin).stdin(input).output().unwrap().stdout
            };
            let dec = wgrnd(&["decode", &fixture(rel), "-", "--view", "grid"], Some(&answer));
            assert_eq!(code(&dec), want, "{solver} on {rel}: {}", stderr(&dec));
        }
    }
}

/// Every fault: the exit code, the words of the message, and no temporary file left.
#[test]
fn solver_faults_are_reported() {
    let puzzle = fixture("witch/witches.lpl");
    let cases: [(&str, i32, &[&str]); 8] = [
        ("crash.sh", 4, &["killed by signal 11 (SIGSEGV)", "segmentation fault in propagate()"]),
        ("lie.sh", 4, &["does not satisfy clause", "not a model of this puzzle's encoding"]),
        ("garbage.sh", 4, &["cannot trust", "found `Hello`"]),
        ("unknown.sh", 30, &[]),
        ("contradicts.sh", 4, &["exited with code 10 but answered UNSATISFIABLE"]),
        ("truncated.sh", 4, &["cannot trust", "without its closing 0"]),
        ("fails.sh", 4, &["exited with code 1 and no answer", "fake: out of memory"]),
        ("no-such-solver-anywhere", 4, &["is not installed", "not on PATH"]),
    ];
    for (name, want, words) in cases {
        let solver = if name.ends_with(".sh") { fake(name) } else { name.to_string() };
        let (out, left) = wgrnd_in_tmp(&["solve", "--solver", &solver, &puzzle]);
        assert_eq!(code(&out), want, "{name}: {}", stderr(&out));
        for w in words {
            assert!(stderr(&out).contains(w), "{name}: `{w}` not in: {}", stderr(&out));
        }
        assert!(left.is_empty(), "{name} left {left:?}");
        assert!(out.stdout.is_empty() || want == 30, "{name} printed a solution: {}", stdout(&out));
    }
    // A known solver that is missing says how to install it (PATH emptied, so it is missing).
    let out = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["solve", "--solver", "kissat", &puzzle])
        .env("PATH", "")
        .output()
        .unwrap();
    assert_eq!(code(&out), 4, "{}", stderr(&out));
    assert!(stderr(&out).contains("pip install passagemath-kissat"), "{}", stderr(&out));
}

/// A hanging solver is killed at the time limit (exit 30), and its temporary files go with it
/// (Ctrl-C at 20 moments of a solve: tests/everyday.rs).
#[test]
fn hanging_solver_is_killed() {
    let puzzle = fixture("witch/witches.lpl");
    let start = std::time::Instant::now();
    let (out, left) = wgrnd_in_tmp(&["solve", "--timeout", "1", "--solver", &fake("hang.sh"), &puzzle]);
    assert_eq!(code(&out), 30, "{}", stderr(&out));
    assert!(start.elapsed().as_secs() < 30);
    assert!(left.is_empty(), "{left:?}");
}

/// `wgrnd dimacs check` and `verify` work on any CNF, with line numbers in their complaints.
#[test]
fn dimacs_check_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.cnf");
    std::fs::write(&good, "c any CNF\np cnf 3 2\n1 -2 0\n2 3 0\n").unwrap();
    let g = good.to_str().unwrap();
    let out = wgrnd(&["dimacs", "check", g], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("3 variables, 2 clauses, 4 literals"));
    let bad = dir.path().join("bad.cnf");
    std::fs::write(&bad, "p cnf 3 2\n1 -2 0\n2 4 0\n").unwrap();
    let out = wgrnd(&["dimacs", "check", bad.to_str().unwrap()], None);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("bad.cnf:3:3: found literal 4; expected a variable from 1 to 3"), "{}", stderr(&out));

    let out = wgrnd(&["dimacs", "verify", g, "-"], Some(b"s SATISFIABLE\nv 1 2 -3 0\n"));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = wgrnd(&["dimacs", "verify", g, "-"], Some(b"s SATISFIABLE\nv -1 2 -3 0\n"));
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("does not satisfy clause 1 at"), "{}", stdout(&out));
    assert!(stdout(&out).contains("good.cnf:3 (1 -2 0)"), "{}", stdout(&out));
    let out = wgrnd(&["dimacs", "verify", g, "-"], Some(b"s UNSATISFIABLE\n"));
    assert_eq!(code(&out), 2);
    // wgrnd's own CNFs are valid DIMACS, and a solver's model of one verifies.
    let cnf = dir.path().join("p.cnf");
    wgrnd(&["encode", &fixture("heule/clue1.txt"), "-o", cnf.to_str().unwrap()], None);
    let out = wgrnd(&["dimacs", "check", cnf.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    if let Some(cadical) = external("cadical") {
        let answer = Command::new(cadical).arg("-q").arg(&cnf).output().unwrap().stdout;
        let out = wgrnd(&["dimacs", "verify", cnf.to_str().unwrap(), "-"], Some(&answer));
        assert_eq!(code(&out), 0, "{}", stdout(&out));
    }
}

/// Ctrl-C stops the in-process CaDiCaL too: a board that takes it over a minute (alone: `--jobs
/// 1`; the scan search of the portfolio would solve this one first) ends at once with exit 130.
#[test]
fn interrupt_stops_the_builtin_solver() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["solve", "--jobs", "1", &fixture("board-suite/7/8/board_0/puzzle.puz")])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let start = std::time::Instant::now();
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(start.elapsed().as_secs() < 10, "took {:?} to stop", start.elapsed());
}

/// `--solver batsat` (the browser page's solver, deciding connectivity in its search) answers
/// connectivity puzzles as the default solver does: the same unique solution and the same
/// backbone, a proof of uniqueness, and a hint (on the heyawake and the LITS).
#[test]
fn batsat_answers_connectivity_puzzles_as_the_builtin_solver() {
    let heyawake = ["fixtures/qprop/heyawake.qp", "--data", "fixtures/qprop/heyawake-14x24.qpd"];
    let puzzles: [&[&str]; 4] = [
        &heyawake,
        &["fixtures/pencil/lits/cspuz.url"],
        &["fixtures/pencil/mashu/cspuz1.url"],
        &["fixtures/pencil/yajilin/cspuz1.url"],
    ];
    for puzzle in puzzles {
        let with = |command: &[&str], solver: &str| {
            let args: Vec<&str> =
                command.iter().copied().chain(["--solver", solver]).chain(puzzle.iter().copied()).collect();
            wgrnd(&args, None)
        };
        let (batsat, builtin) = (with(&["solve"], "batsat"), with(&["solve"], "builtin"));
        assert_eq!(code(&batsat), 10, "{puzzle:?}: {}", stderr(&batsat));
        assert_eq!(stdout(&batsat), stdout(&builtin), "{puzzle:?}");
        let count = with(&["count", "--max", "2"], "batsat");
        assert_eq!(code(&count), 10, "{puzzle:?}: {}", stderr(&count));
        // A hint ranks every open fact: a minute on the 10 x 10 masyu and yajilin.
        if puzzle.len() > 1 || puzzle[0].contains("lits") {
            let hint = with(&["explain", "--next"], "batsat");
            assert_eq!(code(&hint), 0, "{puzzle:?}: {}", stderr(&hint));
            assert!(stdout(&hint).starts_with("step 1: "), "{puzzle:?}: {}", stdout(&hint));
        }
    }
    let backbone = |solver: &str| {
        let out = wgrnd(&["backbone", "--solver", solver, "fixtures/pencil/lits/cspuz.url"], None);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out).lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(backbone("batsat"), backbone("builtin"));
}
