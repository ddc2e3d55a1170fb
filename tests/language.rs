//! The modelling language as a new user meets it (issue 23): a predicate without arguments,
//! answers written down by a person (the shown predicates alone, or a printed picture), the size
//! limit flag, and the readers' messages.

use crate::{code, fixture, stderr, stdout, wgrnd};

/// Writes `files` into a fresh directory; returns it and the paths.
fn files(files: &[(&str, &str)]) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let paths = files
        .iter()
        .map(|(name, text)| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p.to_string_lossy().into_owned()
        })
        .collect();
    (dir, paths)
}

/// `pred q` / `q`: once a panic (index out of bounds) in solve, count and backbone.
#[test]
fn a_predicate_without_arguments_works_in_every_command() {
    let (_dir, p) = files(&[("t.qp", "pred q\nq\n"), ("t.sol", "q.\n")]);
    let solved = wgrnd(&["solve", &p[0]], None);
    assert_eq!(code(&solved), 10, "{}", stderr(&solved));
    assert_eq!(stdout(&solved), "q.\n");
    let json = wgrnd(&["solve", "--json", &p[0]], None);
    assert_eq!(code(&json), 10, "{}", stderr(&json));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    assert_eq!(doc["solution"]["q"], serde_json::json!([[]]));
    let grid = wgrnd(&["solve", "--view", "grid", &p[0]], None);
    assert_eq!(code(&grid), 2, "no cell-shaped predicate: {}", stderr(&grid));
    let count = wgrnd(&["count", &p[0]], None);
    assert_eq!(code(&count), 10, "{}", stderr(&count));
    assert!(stdout(&count).starts_with("1 solution(s)"), "{}", stdout(&count));
    let backbone = wgrnd(&["backbone", &p[0]], None);
    assert_eq!(code(&backbone), 0, "{}", stderr(&backbone));
    let check = wgrnd(&["check", &p[0], &p[1]], None);
    assert_eq!(code(&check), 0, "{}{}", stdout(&check), stderr(&check));
}

/// An answer a person writes down gives the shown predicates alone; wgrnd's pictures read back.
#[test]
fn check_takes_the_shown_predicates_alone_and_the_printed_pictures() {
    let (dir, p) = files(&[("t.lights", "1\n"), ("t.sol", "press(1,1).\n"), ("none.sol", "% no press\n")]);
    let ok = wgrnd(&["check", &p[0], &p[1]], None);
    assert_eq!(code(&ok), 0, "{}{}", stdout(&ok), stderr(&ok));
    let wrong = wgrnd(&["check", &p[0], &p[2]], None);
    assert_eq!(code(&wrong), 1, "no press leaves the light on: {}", stdout(&wrong));
    for (puzzle, shown) in [
        ("seed002/all-on.lights", "press"),
        ("seed002/open-5x5.ships", "part"),
        ("nonogram/webpbn-1.non", "black"),
        ("zebra/einstein.zebra", "lives"),
    ] {
        let puzzle = fixture(puzzle);
        let out = dir.path().join("out.txt").to_string_lossy().into_owned();
        let solved = wgrnd(&["solve", &puzzle, "-o", &out], None);
        assert_eq!(code(&solved), 10, "{puzzle}: {}", stderr(&solved));
        let printed = std::fs::read_to_string(&out).unwrap();
        // What a person writes: the shown facts, without the picture and the hidden ones.
        let facts: String = printed
            .lines()
            .skip_while(|l| !l.starts_with(shown))
            .take_while(|l| !l.starts_with('%'))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(facts.starts_with(shown), "{puzzle}: {printed}");
        let answer = dir.path().join("answer.txt").to_string_lossy().into_owned();
        std::fs::write(&answer, &facts).unwrap();
        let check = wgrnd(&["check", &puzzle, &answer], None);
        assert_eq!(code(&check), 0, "{puzzle}: {}{}", stdout(&check), stderr(&check));
        // One shown fact fewer is not an answer: the solver finds no completion, the checker says so.
        let fewer: String = facts.lines().skip(1).map(|l| format!("{l}\n")).collect();
        std::fs::write(&answer, &fewer).unwrap();
        let check = wgrnd(&["check", &puzzle, &answer], None);
        assert_eq!(code(&check), 1, "{puzzle} without its first fact: {}{}", stdout(&check), stderr(&check));
        for view in ["grid", "auto"] {
            let solved = wgrnd(&["solve", &puzzle, "--view", view, "-o", &out], None);
            assert_eq!(code(&solved), 10, "{puzzle} --view {view}: {}", stderr(&solved));
            let check = wgrnd(&["check", &puzzle, &out], None);
            assert_eq!(code(&check), 0, "{puzzle} --view {view}: {}{}", stdout(&check), stderr(&check));
        }
    }
}

/// A bound over data (`x(i) <= k` for `cap(i, k)`, `x(i) >= i`) makes each integer with the values
/// it leaves: no literal for a value cut away, the same count; an answer's values are fixed at
/// their places among the values left (the hidden `big` completed from them), and one with a
/// value cut away is rejected by the checker naming the bound.
#[test]
fn a_bound_over_data_makes_an_integer_with_the_values_it_leaves() {
    let model = "domain D = 1..3\ndomain V = 0..9\ninput pred cap(D, V)\ncap(1, 2) cap(2, 4) cap(3, 6)\n\
                 var x(D) in V\nshow x\nforall i in D, k in V | cap(i, k) . x(i) <= k\n\
                 forall i in D . x(i) >= i\nforall i, j in D | i < j . x(i) =/= x(j)\n\
                 pred big(D)\nforall i in D . big(i) <-> x(i) >= 2\n";
    // The same with `big` read from the direct view (x is then compared for equality only).
    let direct = model.replace("x(i) >= 2", "x(i) = 2");
    let (_dir, p) = files(&[
        ("b.qp", model),
        ("ok.sol", "x(1) = 1.\nx(2) = 4.\nx(3) = 6.\n"),
        ("above.sol", "x(1) = 5.\nx(2) = 4.\nx(3) = 6.\n"),
        ("below.sol", "x(1) = 0.\nx(2) = 4.\nx(3) = 6.\n"),
        ("d.qp", &direct),
    ]);
    let encoded = wgrnd(&["encode", &p[0]], None);
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let header = stdout(&encoded);
    let names: Vec<&str> =
        header.lines().filter(|l| l.starts_with("c var ")).filter_map(|l| l.split(' ').nth(3)).collect();
    for kept in ["x(1)>=2", "x(2)>=3", "x(2)>=4", "x(3)>=4", "x(3)>=6"] {
        assert!(names.contains(&kept), "{kept} in {names:?}");
    }
    for cut in ["x(1)>=3", "x(1)>=1", "x(2)>=5", "x(3)>=7", "x(3)>=3"] {
        assert!(!names.contains(&cut), "{cut} in {names:?}");
    }
    // Each view reads a value at its place among the values left.
    for ints in ["auto", "direct", "order", "log"] {
        let count = wgrnd(&["count", &p[0], "--ints", ints], None);
        // x(1) in 1..2, x(2) in 2..4, x(3) in 3..6, all different: 24 - 4 - 4.
        assert!(stdout(&count).starts_with("16 solution(s)"), "--ints {ints}: {}", stdout(&count));
    }
    // And fixes one there (the order view, then the direct view).
    for (model, name) in [(&p[0], "b.qp"), (&p[4], "d.qp")] {
        let ok = wgrnd(&["check", model, &p[1]], None);
        assert_eq!(code(&ok), 0, "{name}: {}{}", stdout(&ok), stderr(&ok));
        for (answer, line) in [(&p[2], ":7:1"), (&p[3], ":8:1")] {
            let wrong = wgrnd(&["check", model, answer], None);
            assert_eq!(code(&wrong), 1, "{name} {answer}: {}{}", stdout(&wrong), stderr(&wrong));
            assert!(stdout(&wrong).contains(&format!("{name}{line}")), "{name} {answer}: {}", stdout(&wrong));
        }
    }
}

/// A picture gives one shown predicate: the others (the rotations `r` of the four squares) are
/// searched for, not taken to be false.
#[test]
fn a_picture_of_one_shown_predicate_leaves_the_others_to_the_solver() {
    let (model, data) = (fixture("qprop/foursquares-seed004.qp"), fixture("qprop/seed004-pieces.qpd"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("grid.txt").to_string_lossy().into_owned();
    let solved = wgrnd(&["solve", &model, "--data", &data, "--view", "grid", "-o", &out], None);
    assert_eq!(code(&solved), 10, "{}", stderr(&solved));
    let check = wgrnd(&["check", &model, "--data", &data, &out], None);
    assert_eq!(code(&check), 0, "{}{}", stdout(&check), stderr(&check));
}

/// The size limit has a flag (the refusal names it); other families refuse the flag.
#[test]
fn the_size_limit_is_raised_by_a_flag() {
    let queens = fixture("qprop/queens.qp");
    let refused = wgrnd(&["encode", &queens, "--max-clauses", "10"], None);
    assert_eq!(code(&refused), 2, "{}", stderr(&refused));
    assert!(stderr(&refused).contains("raise the limit (--max-clauses N)"), "{}", stderr(&refused));
    let raised = wgrnd(&["encode", &queens, "--max-clauses", "1000000"], None);
    assert_eq!(code(&raised), 0, "{}", stderr(&raised));
    let edge = wgrnd(&["encode", &fixture("foursquares/seed004.txt"), "--max-clauses", "10"], None);
    assert_eq!(code(&edge), 2, "{}", stderr(&edge));
    assert!(stderr(&edge).contains("--max-clauses"), "{}", stderr(&edge));
}

/// `rule diagonal` in an ashes grid names the word, at its column.
#[test]
fn an_unknown_rule_is_named() {
    let (_dir, p) = files(&[("t.ashes", "rule diagonal\n1 2\n3 4\n")]);
    let out = wgrnd(&["solve", &p[0]], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let msg = stderr(&out).replace(&format!("{}/", std::path::Path::new(&p[0]).parent().unwrap().display()), "");
    insta::assert_snapshot!(msg, @"wgrnd: t.ashes:1:6: found `rule diagonal`; expected `rule neighbours` or `rule signed`");
}

/// Two soft constraints whose guards count data, one goal each: each count is its own. (Counts
/// are remembered by the address of their term; a goal grounded through a copy of its formula
/// handed the first goal's count to the second, and the optimiser's cost then failed the
/// checker's: exit 3.) Breaking the second costs 2, breaking the first 3: x(2..4) true, x(1)
/// free.
#[test]
fn soft_goals_with_counts_over_data_in_their_guards() {
    let model = "domain D = 1..4\ninput pred d(D)\ninput pred e(D)\nd(2). d(3).\ne(1). e(2). e(4).\n\
                 pred x(D)\nshow x\n\
                 soft 3 : forall i in D | count { d(j) : j in D | j <= i } >= 1 . x(i)\n\
                 soft 2 : forall i in D | count { e(j) : j in D | j <= i } >= 3 . not x(i)\n";
    let (_dir, p) = files(&[("soft.qp", model)]);
    let o = wgrnd(&["count", &p[0]], None);
    assert_eq!(code(&o), 12, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("2 solution(s)"), "{}", stdout(&o));
    let o = wgrnd(&["solve", "--json", &p[0]], None);
    assert_eq!(code(&o), 10, "{}", stderr(&o));
    assert!(stdout(&o).contains(r#""objective":[2],"optimal":true"#), "{}", stdout(&o));
}

/// The refusal of docs/qprop.md and the idiom it gives instead: a neighbour outside the domain
/// stops grounding with the bindings (a guard keeps it inside, and then every assignment of the
/// free cells counts). A count over data in a guard grounds, and agrees with a `def` that says
/// "at least two facts" with `exists`: the constraint applies with two facts, not with one.
#[test]
fn the_documented_idioms_for_neighbours_and_counts_over_data() {
    let outside = "param n = 3\ndomain R = 1..n\npred x(R)\nforall r in R . x(r) -> x(r + 1)\n";
    let guarded = "param n = 3\ndomain R = 1..n\npred x(R)\nforall r in R | r < n . x(r) -> x(r + 1)\n";
    let counted = "param n = 3\ndomain R = 1..n\ninput pred d(R)\npred x(R)\nforall r in R | count { d(s) : s in R } >= 2 . x(r)\n";
    let exists = "param n = 3\ndomain R = 1..n\ninput pred d(R)\npred x(R)\ndef many := exists s in R, t in R . s < t and d(s) and d(t)\nforall r in R | many . x(r)\n";
    let (_dir, p) = files(&[
        ("outside.qp", outside),
        ("guarded.qp", guarded),
        ("counted.qp", counted),
        ("exists.qp", exists),
        ("two.qpd", "d(1). d(3).\n"),
        ("one.qpd", "d(2).\n"),
    ]);
    let o = wgrnd(&["solve", &p[0]], None);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("value 4 outside domain 'R'") && stderr(&o).contains("bindings: r = 3"),
        "{}",
        stderr(&o)
    );
    // x(1) -> x(2) -> x(3): the 4 monotone assignments.
    let o = wgrnd(&["count", &p[1]], None);
    assert!(stdout(&o).starts_with("4 solution(s)"), "{}", stdout(&o));
    for model in [&p[2], &p[3]] {
        let o = wgrnd(&["count", model, "--data", &p[4]], None);
        assert!(stdout(&o).starts_with("1 solution(s)"), "{model}: {}{}", stdout(&o), stderr(&o));
        let o = wgrnd(&["count", model, "--data", &p[5]], None);
        assert!(stdout(&o).starts_with("8 solution(s)"), "{model}: {}{}", stdout(&o), stderr(&o));
    }
}
