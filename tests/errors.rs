//! Malformed input: exit 2, a message naming file, line and expectation (pinned by snapshots), and
//! no output file left behind.

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
fn malformed_inputs() {
    let cases: Vec<(&str, &str, String)> = vec![
        ("truncated .puz", "truncated.puz", "3\n1 0 0 2\n1 2 0 0\n".to_string()),
        ("wrong piece count", "count.puz", "2 2\n0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n0 1 1 0\n".to_string()),
        ("non-numeric label", "label.puz", "2 2\n0 1 1 0\n0 0 x 1\n1 0 0 1\n1 1 0 0\n".to_string()),
        ("inconsistent header", "header.puz", "2 2 7\n0 1 1 0\n".to_string()),
        (
            "frame labels that cannot fit",
            "frame.puz",
            "3 3\n0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n0 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n".to_string(),
        ),
        ("witch table with a word in it", "w.lpl", "a{d,k} := [3 2 6 7 2 3 2 8 2\n 6 4 4 x 5 7 6 5 8\n];".to_string()),
        ("witch table not square", "w2.lpl", "a{d,k} := [1 2 3 4 5 6 7 8];".to_string()),
        ("native: unknown statement", "n.wgrnd", "size 1 1\nmatch equal\npeice 1 1 1 1\n".to_string()),
        ("native: sum rule with a word label", "s.wgrnd", "size 1 1\nmatch sum 9\npiece 1 2 a 4\n".to_string()),
        ("heule: hint lines missing", "h.heule", "2\n1 1 1 0\n".to_string()),
        ("unknown layout", "mystery.txt", "hello there\n".to_string()),
        ("packing: a cell with two coordinates", "p1.pack", "box 2 2 2\npiece I 4 0,0,0 1,0\n".to_string()),
        ("packing: box of side 0", "p2.pack", "packing\nbox 2 0 2\npiece I 1 0,0,0\n".to_string()),
        ("packing: no pieces", "p3.pack", "packing\nbox 2 2 2\n".to_string()),
        ("packing: box and region", "p4.pack", "box 2 2 2\nregion 1,1,1\npiece I 1 0,0,0\n".to_string()),
        ("packing: region cell 0", "p5.pack", "region 1,1,1 0,1,1\npiece I 1 0,0,0\n".to_string()),
        ("packing: piece named twice", "p6.pack", "box 2 1 1\npiece I 1 0,0,0\npiece I 1 0,0,0\n".to_string()),
        ("packing: a cell twice in a piece", "p7.pack", "box 2 1 1\npiece I 1 0,0,0 0,0,0\n".to_string()),
        ("packing: copies not a number", "p8.pack", "box 2 1 1\npiece I x 0,0,0\n".to_string()),
        ("packing: piece larger than the box", "p9.pack", "box 2 1 1\npiece I 1 0,0,0 1,0,0 2,0,0\n".to_string()),
        ("packing: box too large", "p10.pack", "box 1000 1000 1000\npiece I 1 0,0,0\n".to_string()),
        ("packing: unknown statement", "p11.pack", "packing\nbox 2 1 1\npeice I 1 0,0,0\n".to_string()),
        ("packing: mirror maybe", "p12.pack", "box 2 1 1\nmirror maybe\npiece I 1 0,0,0\n".to_string()),
    ];
    let mut report = String::new();
    for (what, name, text) in &cases {
        report.push_str(&format!("## {what}\n{}\n", reject(name, text, &[])));
    }
    insta::assert_snapshot!("malformed_inputs", report);
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
    assert!(stderr(&out).contains("latin1.puz:2: found the byte 0xff"), "{}", stderr(&out));
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
