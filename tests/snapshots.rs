//! Pinned output: the CNF of the small seed puzzles (any change of the encoding is a reviewed
//! change) and the rendered solutions.

use crate::{code, fixture, stdout, wgrnd};

fn encoded(rel: &str, encoding: &str) -> String {
    let out = wgrnd(&["encode", "--encoding", encoding, &fixture(rel)], None);
    assert_eq!(code(&out), 0, "{}", crate::stderr(&out));
    stdout(&out)
}

/// Standard output of `wgrnd COMMAND FIXTURE EXTRA...`, which must exit with `expected`.
fn ran(command: &str, rel: &str, extra: &[&str], expected: i32) -> String {
    let path = fixture(rel);
    let mut args = vec![command, path.as_str()];
    args.extend_from_slice(extra);
    let out = wgrnd(&args, None);
    assert_eq!(code(&out), expected, "{}", crate::stderr(&out));
    stdout(&out)
}

fn solved(rel: &str, extra: &[&str]) -> String {
    ran("solve", rel, extra, 10)
}

#[test]
fn cnf_four_squares_seed_004() {
    insta::assert_snapshot!("cnf_four_squares_seed004", encoded("foursquares/seed004.txt", "four-squares"));
    insta::assert_snapshot!("cnf_diamond_four_squares_seed004", encoded("foursquares/seed004.txt", "diamond"));
    insta::assert_snapshot!("cnf_support_four_squares_seed004", encoded("foursquares/seed004.txt", "support"));
    insta::assert_snapshot!("cnf_conflict_four_squares_seed004", encoded("foursquares/seed004.txt", "conflict"));
}

#[test]
fn cnf_witch_main_table() {
    insta::assert_snapshot!("cnf_witch_main_table", encoded("witch/witches.lpl", "four-squares"));
    insta::assert_snapshot!("cnf_diamond_witch_main_table", encoded("witch/witches.lpl", "diamond"));
}

/// A model with a connectivity constraint: its own clauses, then the distance-label encoding's,
/// over labels numbered after every other atom.
#[test]
fn cnf_connectivity_labels_last() {
    let path = fixture("qprop/connected-path.qp");
    let out = wgrnd(&["encode", &path], None);
    assert_eq!(code(&out), 0, "{}", crate::stderr(&out));
    // The header names the model by the path it was given: the checkout's, wherever it is.
    insta::assert_snapshot!("cnf_connected_path", stdout(&out).replace(&path, "fixtures/qprop/connected-path.qp"));
}

#[test]
fn rendered_solutions() {
    insta::assert_snapshot!("solve_four_squares", solved("foursquares/seed004.txt", &[]));
    insta::assert_snapshot!("solve_witch_main", solved("witch/witches.lpl", &[]));
    insta::assert_snapshot!(
        "solve_witch_exercise_sum_10_json",
        solved("witch/exercise.lpl", &["--sum", "10", "--json"])
    );
    insta::assert_snapshot!(
        "solve_board_suite_6x6_grid",
        solved("board-suite/6/10/board_0/puzzle.puz", &["--view", "grid"])
    );
    insta::assert_snapshot!("solve_board_suite_4x4_art", solved("board-suite/4/5/board_0/puzzle.puz", &[]));
    insta::assert_snapshot!("solve_clue1_sol", solved("heule/clue1.txt", &["--view", "sol"]));
}

#[test]
fn packings() {
    insta::assert_snapshot!("cnf_packing_tiny", encoded_packing("packing/tiny.pack", &[]));
    // The lex-leader clauses of the cube's 48 symmetries are 5,000 lines: pin the header, which
    // counts every family, and let the brute-force tests judge the clauses.
    let lex = encoded_packing("packing/tiny.pack", &["--lex-leader", "all"]);
    let header: Vec<&str> = lex.lines().filter(|l| l.starts_with("c ") || l.starts_with("p ")).collect();
    insta::assert_snapshot!("cnf_packing_tiny_lex_leader_header", header.join("\n"));
    insta::assert_snapshot!("solve_soma", solved("packing/soma.pack", &[]));
    // About 4,800 conflicts, past the portfolio's head start: which member wins, and so which of
    // its 60,672 packings is shown, may vary; one thread always shows the same.
    insta::assert_snapshot!("solve_y_pentacube", solved("packing/y-pentacube.pack", &["--jobs", "1"]));
    insta::assert_snapshot!("solve_soma_json", solved("packing/soma.pack", &["--json"]));
}

fn encoded_packing(rel: &str, extra: &[&str]) -> String {
    ran("encode", rel, extra, 0)
}

/// The `c puzzle-hash` line of every family, pinned: the hash is FNV-1a 64 over bytes each family
/// lists (docs/formats.md), the same on every machine and build, so that a CNF written by one
/// build is taken by `decode --cnf` of another. Edge matching and packings keep the hashes of
/// their CNF snapshots; models hash their texts and options, not where their files lie.
#[test]
fn puzzle_hash_line_of_every_family() {
    let line = |args: &[&str]| -> String {
        let out = wgrnd(&[&["encode"], args].concat(), None);
        assert_eq!(code(&out), 0, "{}", crate::stderr(&out));
        let text = stdout(&out);
        let line = text.lines().find(|l| l.starts_with("c puzzle-hash ")).expect("a puzzle-hash line");
        format!("{}: {line}", args.iter().map(|a| a.rsplit('/').next().unwrap_or(a)).collect::<Vec<_>>().join(" "))
    };
    let lines = [
        line(&["--encoding", "four-squares", &fixture("witch/witches.lpl")]),
        line(&["--encoding", "diamond", &fixture("foursquares/seed004.txt")]),
        line(&[&fixture("packing/tiny.pack")]),
        line(&[&fixture("qprop/queens.qp")]),
        line(&["--ints", "log", &fixture("qprop/magic.qp")]),
        line(&[&fixture("seed002/all-on.lights")]),
    ];
    insta::assert_snapshot!("puzzle_hash_lines", lines.join("\n"));
}
