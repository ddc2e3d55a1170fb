//! Models of the QPROP modelling language through the same commands as every family: the seed's
//! own formulas count as the built-in encoding does, the generalised four-squares model agrees
//! with the built-in counts on random boards of both matching rules and stays smaller than the
//! built-in seed-004 encoding on Eternity II, and the everyday commands (encode, solve, check,
//! count, errors) work on models.

use wgrnd_engine::count::Limits;
use wgrnd_families::edge::encode::{EncodeOptions, EncodingKind};
use wgrnd_families::edge::formats::{read_puzzle, ReadOptions};
use wgrnd_families::{
    edge::generate::{generate, Generate, GeneratedRule},
    edge::model::{MatchRule, Puzzle},
};
use wgrnd_families::{CountUnit, EdgeMatching, Family, QpropModel, RawOptions};
use wgrnd_lang::Source;
use wgrnd_sat::solver::SolverSpec;

use crate::{code, fixture, stderr, stdout, wgrnd};

fn qp(name: &str) -> String {
    fixture(&format!("qprop/{name}"))
}

/// The count line of `wgrnd count ARGS`: its first number.
/// Every engine is run ( `auto` is the backtracking one for a model) and must agree.
pub(crate) fn counted(args: &[&str]) -> u64 {
    let first = |args: &[&str]| -> u64 {
        let r = wgrnd(args, None);
        assert!([10, 12, 20].contains(&code(&r)), "{args:?}: {}", stderr(&r));
        stdout(&r).split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{}", stdout(&r)))
    };
    let n = first(args);
    let blocking: Vec<&str> = args.iter().copied().chain(["--engine", "blocking"]).collect();
    assert_eq!(first(&blocking), n, "{args:?} --engine blocking");
    n
}

#[test]
fn seed_004_formulas_count_72_and_18_as_the_built_in_encoding() {
    let (model, data) = (qp("foursquares-seed004.qp"), qp("seed004-pieces.qpd"));
    assert_eq!(counted(&["count", &model, "--data", &data]), 72);
    assert_eq!(counted(&["count", &model, "--data", &data, "-D", "fix=1"]), 18);
    // The built-in encoding of the same drawing, every solution of the fixed board.
    let seed = fixture("foursquares/seed004.txt");
    assert_eq!(counted(&["count", &seed, "--encoding", "four-squares", "--symmetry", "none"]), 72);
}

#[test]
fn witch_queens_and_magic_square_models() {
    for (table, want) in [("witch-table1.qpd", 4), ("witch-commented.qpd", 8), ("witch-exercise.qpd", 0)] {
        assert_eq!(counted(&["count", &qp("witch.qp"), "--data", &qp(table)]), want, "{table}");
    }
    assert_eq!(counted(&["count", &qp("queens.qp")]), 92);
    assert_eq!(counted(&["count", &qp("queens.qp"), "-D", "n=6"]), 4);
    for ints in ["order", "log"] {
        assert_eq!(counted(&["count", &qp("magic.qp"), "--ints", ints]), 8, "{ints}");
    }
}

/// The puzzle as data for fixtures/qprop/foursquares.qp: labels are numbers with the frame 0,
/// pieces listed east, north, west, south (counterclockwise from the right, the model's order).
fn as_data(p: &Puzzle) -> String {
    let number = |l: wgrnd_families::edge::model::Label| p.label_name(l).parse::<i64>().expect("numeric labels");
    let colors = p.labels.iter().map(|l| l.parse::<i64>().unwrap()).max().unwrap() + 1;
    let matchsum = match p.rule {
        MatchRule::Equal => 0,
        MatchRule::Sum(k) => k,
        MatchRule::Pairs(_) => unreachable!("generated boards match equal or by sums"),
    };
    let mut text = format!(
        "param rows = {}\nparam cols = {}\nparam colors = {colors}\nparam matchsum = {matchsum}\ntable v [\n",
        p.rows, p.cols
    );
    for e in &p.pieces {
        text += &format!("  {} {} {} {}\n", number(e[1]), number(e[0]), number(e[3]), number(e[2]));
    }
    text += "]\n";
    for c in &p.clues {
        text += &format!("l({}, {})\nr({}, {})\n", c.row * p.cols + c.col + 1, c.piece + 1, c.piece + 1, c.rotation);
    }
    text
}

fn model_count(p: &Puzzle) -> u64 {
    let model = Source::new("foursquares.qp", std::fs::read_to_string(qp("foursquares.qp")).unwrap());
    let data = Source::new("board.qpd", as_data(p));
    let raw = RawOptions { count: Some(CountUnit::None), ..RawOptions::default() };
    let f = QpropModel::new(&model, Some(&data), &raw).unwrap();
    let g = f.ground().unwrap();
    let c =
        wgrnd_engine::count::count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {}).unwrap();
    assert!(c.complete());
    c.count
}

fn built_in_count(p: &Puzzle) -> u64 {
    let options = EncodeOptions { symmetry_breaking: false, ..EncodeOptions::default() };
    let f = EdgeMatching { puzzle: p.clone(), options };
    let g = f.ground().unwrap();
    let c =
        wgrnd_engine::count::count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {}).unwrap();
    assert!(c.complete());
    c.count
}

/// 20 random framed boards, 10 matching equal colours and 10 complementary ones, some with a
/// clue: the generalised model counts what the built-in encoding counts.
#[test]
fn generalised_model_counts_as_the_built_in_encoding_on_random_boards() {
    let mut several = 0;
    for i in 0..20u64 {
        let rule = if i % 2 == 0 { GeneratedRule::Equal } else { GeneratedRule::Complement };
        let (rows, cols) = [(3, 3), (3, 4), (4, 3), (4, 4)][(i / 2 % 4) as usize];
        // Enough colours that counts stay in the hundreds (a 3 x 4 board with one colour has 10,368).
        let colors = if i % 2 == 0 { 3 + (i % 3) as u32 } else { 2 + (i % 2) as u32 };
        let (mut p, solution) = generate(&Generate { rows, cols, colors, frame_colors: Some(2), rule, seed: 100 + i });
        if i % 5 == 4 {
            let pl = solution[(i as usize * 7) % solution.len()];
            p.clues.push(wgrnd_families::edge::model::Clue {
                row: pl.row,
                col: pl.col,
                piece: pl.piece,
                rotation: pl.rotation,
            });
        }
        let want = built_in_count(&p);
        assert!(want >= 1, "a generated board has its own solution");
        several += usize::from(want > 1);
        assert_eq!(model_count(&p), want, "board {i}:\n{}", wgrnd_families::edge::formats::write_native(&p));
    }
    assert!(several >= 5, "too few boards with several solutions to tell counts apart: {several}");
}

/// The board-suite 6 x 6 boards with 7 colours solve through the model, and the solutions pass
/// the built-in checker of the same board.
#[test]
fn generalised_model_solves_board_suite_6x6() {
    for board in 0..5 {
        let path = fixture(&format!("board-suite/6/7/board_{board}/puzzle.puz"));
        let p = read_puzzle(&path, &std::fs::read_to_string(&path).unwrap(), &ReadOptions::default()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("board.qpd");
        std::fs::write(&data, as_data(&p)).unwrap();
        let r = wgrnd(&["solve", &qp("foursquares.qp"), "--data", data.to_str().unwrap(), "--json"], None);
        assert_eq!(code(&r), 10, "board {board}: {}", stderr(&r));
        let doc: serde_json::Value = serde_json::from_str(&stdout(&r)).unwrap();
        // l(s, p) and r(p, k) back to placements, checked by the edge-matching checker.
        let l = doc["solution"]["l"].as_array().unwrap();
        let rot = doc["solution"]["r"].as_array().unwrap();
        let placements: Vec<wgrnd_families::edge::model::Placement> = l
            .iter()
            .map(|a| {
                let (s, q) = (a[0].as_u64().unwrap() as usize - 1, a[1].as_u64().unwrap() as usize - 1);
                let k = rot.iter().find(|b| b[0].as_u64() == Some(q as u64 + 1)).unwrap()[1].as_u64().unwrap();
                wgrnd_families::edge::model::Placement { row: s / p.cols, col: s % p.cols, piece: q, rotation: k as u8 }
            })
            .collect();
        assert!(wgrnd_families::edge::check::check(&p, &placements).is_valid(), "board {board}");
    }
}

/// On the 256 Eternity II pieces the model grounds to at most 1.1 times the clauses of the
/// built-in seed-004 encoding (its grounding time is measured by `scripts/bench qprop-e2`).
#[test]
fn generalised_model_is_no_larger_than_the_built_in_encoding_on_eternity_ii() {
    let model = Source::new("foursquares.qp", std::fs::read_to_string(qp("foursquares.qp")).unwrap());
    let data = Source::new("e2.qpd", std::fs::read_to_string(qp("e2.qpd")).unwrap());
    let f = QpropModel::new(&model, Some(&data), &RawOptions::default()).unwrap();
    let ours = f.ground().unwrap().cnf.num_clauses();
    let path = fixture("heule/e2pieces.txt");
    let p = read_puzzle(&path, &std::fs::read_to_string(&path).unwrap(), &ReadOptions::default()).unwrap();
    let options = EncodeOptions { encoding: EncodingKind::FourSquares, ..EncodeOptions::default() };
    let built_in = EdgeMatching { puzzle: p, options }.ground().unwrap().cnf.num_clauses();
    assert!(ours as f64 <= 1.1 * built_in as f64, "model {ours} clauses, built-in {built_in}");
}

#[test]
fn models_encode_solve_and_check_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let queens = qp("queens.qp");
    let cnf = dir.path().join("q.cnf");
    assert_eq!(code(&wgrnd(&["encode", &queens, "-D", "n=5", "-o", cnf.to_str().unwrap()], None)), 0);
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.lines().any(|l| l == "c var 1 q(1,1)"), "atoms are named");
    assert!(text.lines().any(|l| l.starts_with("c puzzle-hash ")));
    // Any solver's answer decodes and is checked.
    let answer =
        std::process::Command::new(crate::root().join("tests/fake-solvers/dpll.py")).arg(&cnf).output().unwrap();
    let r = wgrnd(
        &["decode", &queens, "-", "-D", "n=5", "--cnf", cnf.to_str().unwrap(), "--view", "sol"],
        Some(&answer.stdout),
    );
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    // A printed solution checks; one with a queen moved does not.
    let facts = dir.path().join("q.txt");
    std::fs::write(&facts, stdout(&r)).unwrap();
    let r = wgrnd(&["check", &queens, facts.to_str().unwrap(), "-D", "n=5"], None);
    assert_eq!(code(&r), 0, "{}", stdout(&r));
    let moved = std::fs::read_to_string(&facts).unwrap().replacen("q(1,", "q(2,", 1);
    std::fs::write(&facts, moved).unwrap();
    let r = wgrnd(&["check", &queens, facts.to_str().unwrap(), "-D", "n=5"], None);
    assert_eq!(code(&r), 1, "{}", stdout(&r));
    assert!(stdout(&r).contains("invalid"), "{}", stdout(&r));
}

/// A model's puzzle hash covers its texts and options, not where its files lie: a CNF encoded from
/// one copy of a model is accepted by `decode --cnf` with another copy under another name, and
/// refused under other parameters (with the line of its hash).
#[test]
fn a_models_cnf_is_known_by_its_text_not_its_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let queens = qp("queens.qp");
    let copy = dir.path().join("elsewhere.qp");
    std::fs::copy(&queens, &copy).unwrap();
    let cnf = dir.path().join("q.cnf");
    assert_eq!(code(&wgrnd(&["encode", &queens, "-D", "n=5", "-o", cnf.to_str().unwrap()], None)), 0);
    let answer =
        std::process::Command::new(crate::root().join("tests/fake-solvers/dpll.py")).arg(&cnf).output().unwrap();
    let decode = |model: &str, n: &str| {
        wgrnd(&["decode", model, "-", "-D", n, "--cnf", cnf.to_str().unwrap(), "--view", "sol"], Some(&answer.stdout))
    };
    let r = decode(copy.to_str().unwrap(), "n=5");
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    let r = decode(copy.to_str().unwrap(), "n=6");
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    let line = std::fs::read_to_string(&cnf).unwrap().lines().position(|l| l.starts_with("c puzzle-hash ")).unwrap();
    assert!(stderr(&r).contains(&format!("q.cnf:{}", line + 1)), "{}", stderr(&r));
    assert!(stderr(&r).contains("written for another puzzle"), "{}", stderr(&r));
}

#[test]
fn bad_models_and_flags_are_bad_input_with_a_caret() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.qp");
    std::fs::write(&bad, "domain row = 1..3\npred q(row)\nforall i in row . q(i, i)\n").unwrap();
    let r = wgrnd(&["solve", bad.to_str().unwrap()], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("bad.qp:3:") && stderr(&r).contains("─"), "{}", stderr(&r));
    // Flags of other families, and parameters the model does not have.
    let queens = qp("queens.qp");
    for args in [
        vec!["solve", &queens, "--sum", "9"],
        vec!["solve", &queens, "--encoding", "diamond"],
        vec!["solve", &queens, "-D", "m=3"],
    ] {
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), 2, "{args:?}: {}", stderr(&r));
    }
    let r = wgrnd(&["solve", &fixture("witch/witches.lpl"), "-D", "n=3"], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("-D does not apply to edge-matching puzzles"), "{}", stderr(&r));
}

/// An atom of a shown predicate that no formula mentions is free: each of its values is a
/// solution (the checker accepts both), so three unconstrained atoms give 8.
#[test]
fn unmentioned_shown_atoms_are_free() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("free.qp");
    std::fs::write(&model, "param n = 3\ndomain row = 1..n\npred q(row)\nshow q\n").unwrap();
    assert_eq!(counted(&["count", model.to_str().unwrap()]), 8);
    std::fs::write(&model, "param n = 3\ndomain row = 1..n\npred q(row)\nshow q\nq(1) or not q(1)\n").unwrap();
    assert_eq!(counted(&["count", model.to_str().unwrap()]), 8);
}
