//! The standard models of `fixtures/qprop/` (README there names each source and its published
//! answer): every count is the published one (every solution checked, both enumeration engines),
//! and each unique puzzle's solution is the published solution. The 25 x 25 sudoku and the 4 x 4
//! magic square are too slow for a debug test build: `scripts/bench lang` runs them.

use crate::models::counted;
use crate::{code, fixture, stderr, stdout, wgrnd};

fn qp(name: &str) -> String {
    fixture(&format!("qprop/{name}"))
}

/// `wgrnd count MODEL [--data DATA] [-D ...]`.
fn count(model: &str, data: Option<&str>, defs: &[&str]) -> u64 {
    let (model, data) = (qp(model), data.map(qp));
    let mut args = vec!["count", model.as_str()];
    if let Some(d) = &data {
        args.extend(["--data", d.as_str()]);
    }
    for d in defs {
        args.extend(["-D", d]);
    }
    counted(&args)
}

/// The grid `wgrnd solve --view grid` draws (rows of values), solved and checked.
fn solved_grid(model: &str, data: &str) -> String {
    let r = wgrnd(&["solve", &qp(model), "--data", &qp(data), "--view", "grid"], None);
    assert_eq!(code(&r), 10, "{model} {data}: {}", stderr(&r));
    stdout(&r)
}

/// Rows of digits written without spaces, as the sources print them.
fn rows(published: &[&str]) -> String {
    published.iter().map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n").collect()
}

#[test]
fn sudokus_are_unique_with_the_published_solution() {
    assert_eq!(count("sudoku.qp", Some("std/sudoku-wikipedia.qpd"), &[]), 1);
    assert_eq!(count("sudoku.qp", Some("std/sudoku16-janko301.qpd"), &[]), 1);
    // Wikipedia's solution of its example puzzle.
    let want = rows(&[
        "534678912",
        "672195348",
        "198342567",
        "859761423",
        "426853791",
        "713924856",
        "961537284",
        "287419635",
        "345286179",
    ]);
    assert_eq!(solved_grid("sudoku.qp", "std/sudoku-wikipedia.qpd"), want);
}

#[test]
fn killer_sudoku_and_futoshiki_give_the_published_solutions() {
    assert_eq!(count("killer.qp", Some("std/killer-wikipedia.qpd"), &[]), 1);
    let killer = rows(&[
        "215647398",
        "368952174",
        "794381652",
        "586274931",
        "142593867",
        "973816425",
        "821739546",
        "659428713",
        "437165289",
    ]);
    assert_eq!(solved_grid("killer.qp", "std/killer-wikipedia.qpd"), killer);
    assert_eq!(count("futoshiki.qp", Some("std/futoshiki-wikipedia.qpd"), &[]), 1);
    let futoshiki = rows(&["54321", "43152", "21435", "35214", "12543"]);
    assert_eq!(solved_grid("futoshiki.qp", "std/futoshiki-wikipedia.qpd"), futoshiki);
}

#[test]
fn kakuro_is_unique_and_its_runs_add_up() {
    assert_eq!(count("kakuro.qp", Some("std/kakuro-6x6-easy.qpd"), &[]), 1);
    let r = wgrnd(&["solve", &qp("kakuro.qp"), "--data", &qp("std/kakuro-6x6-easy.qpd"), "--json"], None);
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    let json: serde_json::Value = serde_json::from_str(&stdout(&r)).expect("json");
    let cells: Vec<Vec<i64>> = serde_json::from_value(json["solution"]["x"].clone()).expect("x(r, c, d) atoms");
    let at = |r: i64, c: i64| cells.iter().find(|x| x[0] == r && x[1] == c).map(|x| x[2]);
    // The MiniZinc benchmark's clues, (row, col, length, sum), across then down.
    for (r, c, l, s) in [(2, 2, 3, 8), (3, 1, 4, 15), (4, 1, 2, 9), (4, 4, 2, 8), (5, 2, 4, 22), (6, 2, 3, 15)] {
        assert_eq!((c + 1..=c + l).map(|c2| at(r, c2).expect("white")).sum::<i64>(), s, "across {r},{c}");
    }
    for (r, c, l, s) in [(2, 2, 2, 3), (1, 3, 5, 34), (1, 4, 2, 4), (4, 4, 2, 17), (1, 5, 5, 15), (3, 6, 2, 4)] {
        assert_eq!((r + 1..=r + l).map(|r2| at(r2, c).expect("white")).sum::<i64>(), s, "down {r},{c}");
    }
    assert_eq!(cells.len(), 18, "one digit per white cell");
}

#[test]
fn latin_square_completion_is_satisfiable() {
    // qcp-15-120-0 has more solutions than a test can count: solved and checked.
    let grid = solved_grid("latin.qp", "std/qcp-15-120-0.qpd");
    assert_eq!(grid.lines().count(), 15, "{grid}");
}

#[test]
fn counts_of_the_combinatorial_models() {
    // OEIS A006052: 8 normal 3 x 3 magic squares (7,040 of order 4: scripts/bench lang).
    assert_eq!(count("magic-atoms.qp", None, &["n=3"]), 8);
    // The integer model (alldifferent and sums) of the 4 x 4 square, at order 3.
    assert_eq!(count("magic4.qp", None, &["n=3"]), 8);
    // Langford pairs L(2, n): 2 x OEIS A014552 (a sequence and its reversal).
    for (n, want) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
        assert_eq!(count("langford.qp", None, &[&format!("n={n}")]), want, "n = {n}");
    }
    // OEIS A000170.
    assert_eq!(count("queens.qp", None, &["n=10"]), 724);
    assert_eq!(count("queens-ints.qp", None, &["n=8"]), 92);
    assert_eq!(count("queens-ints.qp", None, &["n=10"]), 724);
    assert_eq!(count("sendmore.qp", None, &[]), 1);
    // queen5_5 has chromatic number 5: 240 colourings with 5 colours, none with 4.
    assert_eq!(count("colouring-std.qp", Some("std/queen5_5.qpd"), &["k=5"]), 240);
    assert_eq!(count("colouring-std.qp", Some("std/queen5_5.qpd"), &["k=4"]), 0);
}

#[test]
fn send_more_money_is_9567_plus_1085() {
    let r = wgrnd(&["solve", &qp("sendmore.qp"), "--json"], None);
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    let json: serde_json::Value = serde_json::from_str(&stdout(&r)).expect("json");
    let x: Vec<(i64, i64)> = serde_json::from_value(json["solution"]["x"].clone()).expect("x(letter) = digit");
    let digits: Vec<i64> = x.iter().map(|p| p.1).collect();
    // letters s e n d m o r y
    assert_eq!(digits, [9, 5, 6, 7, 1, 0, 8, 2]);
}

#[test]
fn the_atom_variants_give_the_same_answers() {
    // The main models use integers and alldifferent; the `*-atoms.qp` variants are the same
    // puzzles with true/false atoms and `exactly 1` (or pairwise `=/=`).
    assert_eq!(count("sudoku-atoms.qp", Some("std/sudoku-wikipedia.qpd"), &[]), 1);
    assert_eq!(count("killer-atoms.qp", Some("std/killer-wikipedia.qpd"), &[]), 1);
    assert_eq!(count("futoshiki-atoms.qp", Some("std/futoshiki-wikipedia.qpd"), &[]), 1);
    assert_eq!(count("sendmore-atoms.qp", None, &[]), 1);
    assert_eq!(count("colouring-std-atoms.qp", Some("std/queen5_5.qpd"), &["k=5"]), 240);
    assert_eq!(count("colouring-std-atoms.qp", Some("std/queen5_5.qpd"), &["k=4"]), 0);
    let grid = solved_grid("latin-atoms.qp", "std/qcp-15-120-0.qpd");
    assert_eq!(grid.lines().count(), 15, "{grid}");
}
