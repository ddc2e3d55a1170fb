//! Defects found by trying wgrnd as a new user would (issue 23): each test failed before its fix.

use std::fs;
use std::time::{Duration, Instant};

use crate::{code, stderr, stdout, wgrnd};

/// Writes `text` to `name` in a fresh directory and runs `wgrnd args... FILE`.
fn run_on(name: &str, text: &[u8], args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    fs::write(&path, text).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.push(path.to_str().unwrap());
    let r = wgrnd(&all, None);
    (code(&r), stdout(&r), stderr(&r))
}

/// D3: a `.non` file missing a row clue, with the usual blank line before `columns`, is refused
/// (it was read as an empty last row and reported "no solution", exit 20).
#[test]
fn non_section_short_by_one_before_a_blank_line_is_refused() {
    let text = "width 2\nheight 3\nrows\n1\n1\n\ncolumns\n2\n1\n";
    let (exit, _, err) = run_on("short.non", text.as_bytes(), &["solve"]);
    assert_eq!(exit, 2, "{err}");
    assert!(err.contains("short.non:6:1: found a blank line as the last row clue, just before `columns`"), "{err}");
    assert!(err.contains("3 row clues after `rows`"), "{err}");
    // An empty last row written `0` is read as before.
    let text = "width 2\nheight 3\nrows\n1\n1\n0\n\ncolumns\n2\n0\n";
    let (exit, _, err) = run_on("zero.non", text.as_bytes(), &["count"]);
    assert_eq!(exit, 10, "{err}");
}

/// D9: a control character of an input file (an ESC sequence) is escaped in the message, never
/// echoed raw: in a puzzle, a CNF and a model.
#[test]
fn control_characters_are_escaped_in_every_diagnostic() {
    let esc = "\u{1b}[31mRED";
    let cases: [(&str, String, &[&str]); 4] = [
        ("board.lights", "1 0\n0 \u{1b}\n".to_string(), &["solve"]),
        ("f.cnf", format!("p cnf 2 1\n1 {esc} 0\n"), &["dimacs", "check"]),
        ("m.qp", format!("pred q\n{esc}\n"), &["solve"]),
        ("p.non", format!("width 2\nheight 1\n{esc} 3\nrows\n1\ncolumns\n1\n0\n"), &["solve"]),
    ];
    for (name, text, args) in cases {
        let (exit, _, err) = run_on(name, text.as_bytes(), args);
        assert!(!err.contains('\u{1b}'), "{name}: a raw ESC reached the terminal: {err:?}");
        if name == "p.non" {
            // An unknown keyword is a note, not an error: escaped too.
            assert!(err.contains("\\u{1b}"), "{name}: {err:?}");
            continue;
        }
        assert_eq!(exit, 2, "{name}: {err}");
        assert!(err.contains("\\u{1b}"), "{name}: the ESC is not shown escaped: {err:?}");
    }
}

/// D10: the readers' positioned errors all carry a column (ragged rows, column counts, sizes).
#[test]
fn positioned_errors_carry_a_column() {
    let cases: [(&str, &str, &str); 7] = [
        ("ragged.lights", "1 0 1\n0 1\n", "ragged.lights:2:4: found a row of 2 cells"),
        ("long.lights", "1 0 1\n0 1 1 1\n", "long.lights:2:7: found a row of 4 cells"),
        ("counts.submarines", "? ? | 1\n? ? | 1\n1 1 1\n", "counts.submarines:3:5: found 3 column counts"),
        ("wide.non", "width 100000\nheight 1\n", "wide.non:1:7: found `width` `100000`"),
        ("rule.ashes", "rule diagonal\n? 1\n", "rule.ashes:1:6: found `rule diagonal`"),
        ("fleet.ships", "fleet\n. . | 0\n. . | 0\n0 0\n", "fleet.ships:1:6: found 0 number(s) after `fleet`"),
        ("rows.submarines", "? ? | 3\n? ? | 1\n1 1\n", "rows.submarines:1:7: found a row count 3"),
    ];
    for (name, text, message) in cases {
        let (exit, _, err) = run_on(name, text.as_bytes(), &["solve"]);
        assert_eq!(exit, 2, "{name}: {err}");
        assert!(err.contains(message), "{name}: expected {message:?} in {err}");
    }
}

/// D6: a well-formed 2000 x 2000 lights out board is refused by its size estimate at once (it
/// was grounded until the memory ran out), with the estimate and the limit in words.
#[test]
fn huge_grids_are_refused_by_estimate_before_reading() {
    let row = format!("{}\n", "1".repeat(2000));
    let text = row.repeat(2000);
    let start = Instant::now();
    let (exit, out, err) = run_on("huge.lights", text.as_bytes(), &["solve"]);
    assert_eq!(exit, 2, "{err}");
    assert!(out.is_empty());
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    assert!(err.contains("huge.lights: a grid of about 4000000 cells would ground lightsout.qp to about"), "{err}");
    assert!(err.contains("above the limit of 50000000 clauses"), "{err}");
    assert!(err.contains("--max-clauses N"), "{err}");
    // The flag moves the limit both ways: a 10 x 10 board (about 4,000 clauses by the estimate)
    // is refused under --max-clauses 1000 and solved under the default.
    let small = "1 0 1 0 1 0 1 0 1 0\n".repeat(10);
    let (exit, _, err) = run_on("small.lights", small.as_bytes(), &["solve", "--max-clauses", "1000"]);
    assert_eq!(exit, 2, "{err}");
    assert!(err.contains("above the limit of 1000 clauses"), "{err}");
    let (exit, _, err) = run_on("small.lights", small.as_bytes(), &["solve"]);
    assert_ne!(exit, 2, "{err}");
}

/// Arithmetic on user numbers is checked: `--sum K` and labels near the ends of i64, board sizes
/// and colour counts of `generate`, are bad input (exit 2) naming what overflows, never a panic
/// (exit 101) or a wrapped number.
#[test]
fn user_numbers_that_overflow_are_bad_input() {
    let board = |rule: &str, labels: [&str; 4]| {
        format!(
            "wgrnd-puzzle 1\nname big\nsize 1 2\nmatch {rule}\nframe none\npiece {0} {1} {2} {3}\npiece {2} {3} {0} {1}\n",
            labels[0], labels[1], labels[2], labels[3]
        )
    };
    // K - label overflows: K = i64::MAX with a negative label, from the flag and from the file.
    let text = board("equal", ["-1", "2", "3", "4"]);
    let (exit, _, err) = run_on("neg.wgrnd", text.as_bytes(), &["solve", "--sum", "9223372036854775807"]);
    assert_eq!(exit, 2, "{err}");
    assert!(err.contains("neg.wgrnd") && err.contains("overflows 64-bit integers"), "{err}");
    let text = board("sum -9223372036854775808", ["1", "2", "3", "4"]);
    let (exit, _, err) = run_on("min.wgrnd", text.as_bytes(), &["solve"]);
    assert_eq!(exit, 2, "{err}");
    assert!(err.contains("min.wgrnd:6:1: found label 1, whose partner under `sum -9223372036854775808`"), "{err}");
    // Labels near i64::MAX: min + max of the labels would overflow (the note that suggests a K).
    let text = board("sum 9223372036854775807", ["9223372036854775807", "9223372036854775806", "0", "1"]);
    let (exit, _, err) = run_on("near.wgrnd", text.as_bytes(), &["count"]);
    assert!([10, 12, 20].contains(&exit), "exit {exit}: {err}");
    // generate: a product of sides that wraps to 0, colours whose sum wraps.
    let r = wgrnd(&["generate", "--rows", "4294967296", "--cols", "4294967296", "--colors", "2"], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("expected 1 to 4096 squares"), "{}", stderr(&r));
    let r = wgrnd(&["generate", "--rows", "2", "--cols", "2", "--colors", "4294967295", "--frame-colors", "1"], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("colours in all"), "{}", stderr(&r));
}

/// A `--timeout` beyond the clock's range is bad input, not a panic when the deadline is computed.
#[test]
fn huge_timeouts_are_bad_input() {
    let soma = crate::fixture("packing/soma.pack");
    for args in [
        vec!["generate", "--unique", &soma, "--timeout", "18446744073709551615"],
        vec!["solve", &soma, "--timeout", "18446744073709551615"],
        vec!["count", &soma, "--timeout", "1000000001"],
    ] {
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), 2, "{args:?}: {}", stderr(&r));
        assert!(stderr(&r).contains("--timeout: found"), "{}", stderr(&r));
    }
}

/// Every flag of the one list, on every family: taken (the command runs) when the family lists
/// it, else refused with exit 2 naming it. A flag added to the list is refused by every family
/// until one takes it.
#[test]
fn every_flag_on_every_family_is_taken_or_refused() {
    use wgrnd_families::{EdgeMatching, Flag, Packings, QpropModel};
    // A format read into data for a bundled model is a model whose data is the file itself.
    let reader_flags: Vec<Flag> = QpropModel::FLAGS.iter().copied().filter(|&f| f != Flag::Data).collect();
    let families: [(&str, String, &[Flag]); 4] = [
        ("edge matching", crate::fixture("witch/witches.lpl"), EdgeMatching::FLAGS),
        ("packing", crate::fixture("packing/soma.pack"), Packings::FLAGS),
        ("model", crate::fixture("qprop/queens.qp"), QpropModel::FLAGS),
        ("lights out", crate::fixture("seed002/all-on.lights"), &reader_flags),
    ];
    for (family, file, takes) in &families {
        for flag in Flag::ALL {
            let mut args = vec!["encode", file.as_str()];
            // A model's parameter exists: `-D` is then taken, not refused for its name.
            let example: &[&str] = match (flag, *family) {
                (Flag::Define, "model") => &["-D", "n=5"],
                (Flag::Define, "lights out") => &["-D", "rows=5"],
                _ => flag.example(),
            };
            args.extend_from_slice(example);
            let r = wgrnd(&args, None);
            if takes.contains(&flag) {
                assert_eq!(code(&r), 0, "{family} takes {}: {}", flag.name(), stderr(&r));
            } else {
                assert_eq!(code(&r), 2, "{family} must refuse {}: {}", flag.name(), stderr(&r));
                assert!(stderr(&r).contains(flag.name()), "{family}, {}: {}", flag.name(), stderr(&r));
            }
        }
    }
}

/// D5: `generate --unique` on a puzzle that already has exactly one solution, without
/// `--solution`, poses that solution with the puzzle's own kind of clues (line clues for a
/// nonogram), instead of a random answer with every cell revealed.
#[test]
fn posing_a_unique_puzzle_keeps_its_own_solution_and_clues() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("posed.qpd");
    let r =
        wgrnd(&["generate", "--unique", &crate::fixture("nonogram/webpbn-6.non"), "-o", out.to_str().unwrap()], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    assert!(stderr(&r).contains("the puzzle has exactly one solution: posing it"), "{}", stderr(&r));
    let posed = fs::read_to_string(&out).unwrap();
    assert!(posed.contains("rowclue(") && posed.contains("colclue("), "{posed}");
    assert!(!posed.contains("given("), "revealed cells instead of line clues:\n{posed}");
}

/// D6: `generate --unique` of an edge-matching puzzle writes wgrnd's own format; an output named
/// after another puzzle format (`posed.lpl` for the witch puzzle) would be read back as that
/// format and fail, so it is refused (exit 2) before any file is written, and `.wgrnd` reads back.
#[test]
fn posed_edge_matching_puzzle_is_written_only_where_it_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let lpl = dir.path().join("posed.lpl");
    let r = wgrnd(&["generate", "--unique", &crate::fixture("witch/witches.lpl"), "-o", lpl.to_str().unwrap()], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("FILE.wgrnd"), "{}", stderr(&r));
    assert!(!lpl.exists(), "a file was written");
    let native = dir.path().join("posed.wgrnd");
    let r =
        wgrnd(&["generate", "--unique", &crate::fixture("witch/witches.lpl"), "-o", native.to_str().unwrap()], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    let r = wgrnd(&["count", "--max", "2", native.to_str().unwrap()], None);
    assert!(stdout(&r).starts_with("1 solution"), "{}{}", stdout(&r), stderr(&r));
}
