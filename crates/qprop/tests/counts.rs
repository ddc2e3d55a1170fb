//! The counts the issue asks for, every solution checked.

mod common;
use common::*;

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
