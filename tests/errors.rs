//! Malformed input beyond the corpus of `tests/robustness.rs`: non-UTF-8 bytes, missing files,
//! and solver answers that do not fit the puzzle's CNF.

use crate::{code, stderr, wgrnd};

/// Writes `text` as `name` in a fresh directory, runs `encode` into an output file there, and
/// returns the message; asserts exit 2 and that no output (or temporary) file appeared.
fn reject(name: &str, text: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(name);
    std::fs::write(&input, text).unwrap();
    let out_file = dir.path().join("out.cnf");
    let mut args = vec!["encode", input.to_str().unwrap(), "-o", out_file.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = wgrnd(&args, None);
    assert_eq!(code(&out), 2, "{name}: {}", stderr(&out));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "{name}: files left behind: {left:?}");
    stderr(&out).replace(&format!("{}/", dir.path().display()), "")
}

#[test]
fn non_utf8_and_missing_files() {
    let msg = reject("bin.puz", "2 2\n0 1 \u{0}", &[]);
    assert!(msg.contains("bin.puz"), "{msg}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("latin1.puz");
    std::fs::write(&bad, b"2 2\n0 1 1 \xff\n").unwrap();
    let out = wgrnd(&["encode", bad.to_str().unwrap()], None);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("latin1.puz:2:7: found the byte 0xff"), "{}", stderr(&out));
    let out = wgrnd(&["solve", dir.path().join("nope.puz").to_str().unwrap()], None);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("nope.puz: found an unreadable file"), "{}", stderr(&out));
    let out = wgrnd(&["solve", dir.path().to_str().unwrap(), "--format", "puz"], None);
    assert_eq!(code(&out), 2, "a directory is bad input: {}", stderr(&out));
}

#[test]
fn models_that_do_not_fit_are_refused() {
    let puzzle = crate::fixture("foursquares/seed004.txt");
    // A model for some other formula: a variable beyond this CNF.
    let out = wgrnd(&["decode", &puzzle, "-"], Some(b"s SATISFIABLE\nv 1 -2 999999 0\n"));
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("another formula"), "{}", stderr(&out));
    // A truncated answer.
    let out = wgrnd(&["decode", &puzzle, "-"], Some(b"s SATISFIABLE\nv 1 -2 3\n"));
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("truncated"), "{}", stderr(&out));
    // A well-formed model that breaks a clause of this puzzle's CNF.
    let out = wgrnd(&["decode", &puzzle, "-"], Some(b"s SATISFIABLE\nv -1 0\n"));
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("does not satisfy clause"), "{}", stderr(&out));
    // UNSAT answers are reported as such.
    let out = wgrnd(&["decode", &puzzle, "-"], Some(b"s UNSATISFIABLE\n"));
    assert_eq!(code(&out), 20);
}
