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
