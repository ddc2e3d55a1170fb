//! Pinned output: the CNF of the small seed puzzles (any change of the encoding is a reviewed
//! change) and the rendered solutions.

use crate::{code, fixture, stdout, wgrnd};

fn encoded(rel: &str, encoding: &str) -> String {
    let out = wgrnd(&["encode", "--encoding", encoding, &fixture(rel)], None);
    assert_eq!(code(&out), 0, "{}", crate::stderr(&out));
    stdout(&out)
}

fn solved(rel: &str, extra: &[&str]) -> String {
    let path = fixture(rel);
    let mut args = vec!["solve", path.as_str()];
    args.extend_from_slice(extra);
    let out = wgrnd(&args, None);
    assert_eq!(code(&out), 10, "{}", crate::stderr(&out));
    stdout(&out)
}

#[test]
fn cnf_four_squares_seed_004() {
    insta::assert_snapshot!("cnf_four_squares_seed004", encoded("foursquares/seed004.txt", "qprop"));
    insta::assert_snapshot!("cnf_diamond_four_squares_seed004", encoded("foursquares/seed004.txt", "diamond"));
    insta::assert_snapshot!("cnf_support_four_squares_seed004", encoded("foursquares/seed004.txt", "support"));
    insta::assert_snapshot!("cnf_conflict_four_squares_seed004", encoded("foursquares/seed004.txt", "conflict"));
}

#[test]
fn cnf_witch_main_table() {
    insta::assert_snapshot!("cnf_witch_main_table", encoded("witch/witches.lpl", "qprop"));
    insta::assert_snapshot!("cnf_diamond_witch_main_table", encoded("witch/witches.lpl", "diamond"));
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
