//! The size estimate made before grounding counts what the guards let through: arithmetic guards
//! are evaluated on sampled bindings, not assumed to pass.

use crate::common::*;
use wgrnd_lang::{ground, GroundOptions};

/// The estimate of `p`, read from the refusal under a limit of one clause.
fn estimate(p: &wgrnd_lang::Program) -> f64 {
    let opts = GroundOptions { max_clauses: 1, ..GroundOptions::default() };
    let e = ground(p, &opts).expect_err("refused under a limit of one clause");
    let about = e.message.split("about ").nth(1).and_then(|r| r.split(' ').next()).expect("an estimate");
    about.parse().unwrap_or_else(|_| panic!("{}", e.message))
}

#[test]
fn the_estimate_counts_what_arithmetic_guards_let_through() {
    // 8 queens: the estimate is close to the clauses written.
    let p = program("queens.qp", None, &[("n", "8")]);
    let g = grounding(&p);
    let (est, real) = (estimate(&p), g.cnf.num_clauses() as f64);
    assert!(est < 4.0 * real && est > real / 4.0, "8 queens: estimate {est}, {real} clauses");
    // 200 queens: the diagonal statement binds 200^4 tuples, of which about 2 n^3 / 3 pass its
    // guard; the estimate was once 192,000,000 clauses (above the default limit).
    let p = program("queens.qp", None, &[("n", "200")]);
    let est = estimate(&p);
    assert!(est < 20_000_000.0 && est > 2_000_000.0, "200 queens: estimate {est}");
    assert!(est < GroundOptions::default().max_clauses as f64);
}

#[test]
fn the_refusal_names_the_flag_that_raises_the_limit() {
    let p = program("queens.qp", None, &[("n", "8")]);
    let e = ground(&p, &GroundOptions { max_clauses: 10, ..GroundOptions::default() }).expect_err("too large");
    assert!(e.notes.iter().any(|n| n.contains("--max-clauses")), "{}", e.render());
}

/// A `connected` over all 1,600 cells of a 40 x 40 grid grounds: what counts towards the limit
/// is its distance labels (about n^2 auxiliary atoms, reserved), not their clauses (about
/// 11 n^2, once estimated at 28 million and refused), which the in-process solvers never write.
/// Over a row of 5,000 cells (about 25 million labels) it is still refused, naming the labels
/// (fixtures/qprop/bad/62-connected-too-large.qp).
#[test]
fn connectivity_counts_its_labels_not_the_clauses_nobody_writes() {
    let text = "domain R = 1..40\ndomain C = 1..40\n\
        def nb(r1 in R, c1 in C, r2 in R, c2 in C) := \
        (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))\n\
        pred on(R, C)\nconnected { on(r, c) : r in R, c in C } via nb\n";
    let p = wgrnd_lang::load(&wgrnd_lang::Source::new("big.qp", text), None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let est = estimate(&p);
    assert!(est > 1600.0 * 1599.0 && est < 1.1 * 1600.0 * 1600.0, "estimate {est}");
    let g = grounding(&p);
    let labels = g.cnf.theories()[0].aux_range().len();
    assert_eq!(labels, 1599 + 1598 + 1598 * 1600);
    assert!(g.cnf.num_own_clauses() < 10, "{} clauses written", g.cnf.num_own_clauses());
    let row = program("bad/62-connected-too-large.qp", None, &[]);
    let e = ground(&row, &GroundOptions::default()).expect_err("refused");
    assert!(e.message.contains("distance labels"), "{}", e.render());
}

/// A guard over the enclosing quantifier's variables is evaluated on samples of them: a count of
/// a cell's four neighbours under `forall r, c` on a 100 x 100 grid is estimated at few of its
/// 10,000 bindings (10,000 / 512, one sample's worth, when none of the 512 lands on a neighbour),
/// not at all of them (an akari's numbered walls, once refused at 66 million clauses). The inner
/// draws are not the outer ones: were they, `r2 = r` would pass in every sample and `r2 != r` in
/// none.
#[test]
fn a_guard_over_outer_variables_is_sampled_with_them() {
    let with = |guard: &str| {
        let text = format!(
            "domain R = 1..100\ndomain C = 1..100\npred x(R, C)\n\
             forall r in R, c in C . atmost 1 {{ x(r2, c2) : r2 in R, c2 in C | {guard} }}\n"
        );
        let p = wgrnd_lang::load(&wgrnd_lang::Source::new("outer.qp", &text), None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render()));
        estimate(&p)
    };
    let cells = 10_000.0;
    let near = with("(r2 - r) * (r2 - r) + (c2 - c) * (c2 - c) = 1");
    assert!(near < cells * 6.0 * 50.0, "neighbours: estimate {near}");
    let same_row = with("r2 = r");
    assert!(same_row > cells * 6.0 * 50.0 && same_row < cells * 6.0 * 200.0, "same row: estimate {same_row}");
    let other_rows = with("r2 != r");
    assert!(other_rows > cells * 6.0 * 5_000.0, "other rows: estimate {other_rows}");
}
