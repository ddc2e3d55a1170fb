//! The counts the issue asks for, every solution checked.

use crate::common::*;

#[test]
fn seed004_counts_72_and_18() {
    let p = program("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[]);
    assert_eq!(count(&p, 1000).0, 72);
    let p = program("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[("fix", "1")]);
    assert_eq!(count(&p, 1000).0, 18);
}

#[test]
fn witch_counts_4_8_0() {
    for (data, want) in [("witch-table1.qpd", 4), ("witch-commented.qpd", 8), ("witch-exercise.qpd", 0)] {
        let p = program("witch.qp", Some(data), &[]);
        assert_eq!(count(&p, 100).0, want, "{data}");
    }
}

#[test]
fn eight_queens_count_92() {
    let p = program("queens.qp", None, &[]);
    let (n, first) = count(&p, 1000);
    assert_eq!(n, 92);
    let grid = first.and_then(|s| s.grid()).unwrap_or_default();
    assert_eq!(grid.matches('#').count(), 8, "{grid}");
    let p = program("queens.qp", None, &[("n", "6")]);
    assert_eq!(count(&p, 1000).0, 4);
}

#[test]
fn soma_counts_11520() {
    let p = program("soma.qp", Some("soma.qpd"), &[]);
    assert_eq!(count(&p, 20_000).0, 11_520);
}

#[test]
fn generalised_four_squares_on_a_framed_4x4_board() {
    // Board-suite 4x4 board 0 with 10 colours: two solutions under its clue.
    let p = program("foursquares.qp", Some("board4.qpd"), &[]);
    assert_eq!(count(&p, 100).0, 2);
}

#[test]
fn witch_lpl_sums_count_4_8_0() {
    for (data, want) in [("witch-table1.qpd", 4), ("witch-commented.qpd", 8), ("witch-exercise.qpd", 0)] {
        let p = program("witch-lpl.qp", Some(data), &[]);
        assert_eq!(count(&p, 100).0, want, "{data}");
    }
}

#[test]
fn clue_predicates_are_input_data_marked_as_clues() {
    let model = "domain r = 1..2\ndomain c = 1..2\ndomain k = 0..2\npred x(r, c)\nclue pred rowsum(r, k)\n\
                 input pred wall(r, c)\nforall i in r, n in k | rowsum(i, n) . exactly n { x(i, j) : j in c }\n\
                 forall i in r, j in c | wall(i, j) . not x(i, j)\nrowsum(1, 2)\nwall(2, 1)\n";
    let p = wgrnd_lang::load(&wgrnd_lang::Source::new("clue.qp", model), None, &[]).expect("loads");
    let role = |name: &str| p.preds.iter().find(|q| q.name == name).map(|q| q.clue);
    assert_eq!((role("rowsum"), role("wall"), role("x")), (Some(true), Some(false), Some(false)));
    // Row 1 is given (two ships), row 2 only loses its wall cell: x(2, 2) free, so 2 solutions.
    assert_eq!(count(&p, 10).0, 2);
}

#[test]
fn unmentioned_shown_integer_variables_are_free() {
    // x(1) is bound by a sum, x(2) by nothing: each of its 4 values is a solution.
    let model = "domain i = 1..2\nvar x(i) in 0..3\nshow x\nx(1) = 2\n";
    let p = wgrnd_lang::load(&wgrnd_lang::Source::new("free.qp", model), None, &[]).expect("loads");
    assert_eq!(count(&p, 10).0, 4);
    let p =
        wgrnd_lang::load(&wgrnd_lang::Source::new("free.qp", "domain i = 1..2\nvar x(i) in 0..3\nshow x\n"), None, &[])
            .expect("loads");
    assert_eq!(count(&p, 100).0, 16);
}

#[test]
fn a_data_file_replaces_a_models_domain() {
    let model = "domain attr = {a}\ndomain value = {v}\ndomain house = 1..2\ninput pred of(attr, value)\n\
                 pred lives(attr, house, value)\nforall t in attr, h in house . exactly 1 { lives(t, h, x) : x in value | of(t, x) }\n\
                 forall t in attr, x in value | of(t, x) . exactly 1 { lives(t, h, x) : h in house }\n\
                 forall t in attr, h in house, x in value | not of(t, x) . not lives(t, h, x)\n";
    let data = "domain attr = {colour, pet}\ndomain value = {red, blue, dog, cat}\n\
                of(colour, red) of(colour, blue) of(pet, dog) of(pet, cat)\n";
    let p =
        wgrnd_lang::load(&wgrnd_lang::Source::new("m.qp", model), Some(&wgrnd_lang::Source::new("d.qpd", data)), &[])
            .expect("loads");
    // Two houses, two attributes of two values each: 2 x 2 arrangements.
    assert_eq!(count(&p, 10).0, 4);
    // Within one file a second declaration is still refused.
    let twice = format!("{model}domain attr = {{b}}\n");
    assert!(wgrnd_lang::load(&wgrnd_lang::Source::new("m.qp", &twice), None, &[]).is_err());
}
