//! The checker rejects a real solution with one shown atom flipped: every true shown atom made
//! false, and every false shown atom made true, for the Soma cube, 8 queens and the witch puzzle.
//! (The checker skips bindings that cannot matter; these tests pin that it still sees each flip.)

use crate::common::*;
use wgrnd_lang::{PredId, Program, Solution, Val};

/// Every argument tuple of predicate `pred`.
fn tuples(p: &Program, pred: PredId) -> Vec<Vec<Val>> {
    let mut out = vec![Vec::new()];
    for &d in &p.preds[pred].args {
        out = out
            .into_iter()
            .flat_map(|t: Vec<Val>| {
                p.domains[d].values.iter().map(move |v| {
                    let mut t = t.clone();
                    t.push(*v);
                    t
                })
            })
            .collect();
    }
    out
}

/// Checks `s` with each shown atom flipped in turn; returns how many flips were tried.
fn every_flip_rejected(p: &Program, s: &Solution, what: &str) -> usize {
    assert!(broken(p, s).is_empty(), "{what}: the solution itself is rejected");
    let mut tried = 0;
    for (k, v) in s.preds.iter().enumerate().filter(|(_, v)| v.shown) {
        for t in tuples(p, v.pred) {
            let mut bad = s.clone();
            let atoms = &mut bad.preds[k].atoms;
            if !atoms.remove(t.as_slice()) {
                atoms.insert(t.as_slice().into());
            }
            let name = p.atom_name(v.pred, &t);
            assert!(!broken(p, &bad).is_empty(), "{what}: flipping {name} is accepted");
            tried += 1;
        }
    }
    tried
}

#[test]
fn soma_flips_are_rejected() {
    let p = program("soma.qp", Some("soma.qpd"), &[]);
    let s = count(&p, 1).1.expect("a solution");
    // at(piece, c, c, c): 7 * 27 atoms.
    assert_eq!(every_flip_rejected(&p, &s, "soma"), 189);
}

#[test]
fn queens_flips_are_rejected() {
    let p = program("queens.qp", None, &[]);
    let s = count(&p, 1).1.expect("a solution");
    assert_eq!(every_flip_rejected(&p, &s, "queens"), 64);
}

#[test]
fn witch_flips_are_rejected() {
    for data in ["witch-table1.qpd", "witch-commented.qpd"] {
        let p = program("witch.qp", Some(data), &[]);
        let s = count(&p, 1).1.expect("a solution");
        // x(i, j, k, d): 3 * 3 * 9 * 4 atoms.
        assert_eq!(every_flip_rejected(&p, &s, data), 324, "{data}");
    }
}

#[test]
fn witch_lpl_flips_are_rejected() {
    let p = program("witch-lpl.qp", Some("witch-table1.qpd"), &[]);
    let s = count(&p, 1).1.expect("a solution");
    assert!(every_flip_rejected(&p, &s, "witch-lpl") > 0);
}
