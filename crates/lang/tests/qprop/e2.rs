//! Grounding the generalised four-squares model on the 256 Eternity II pieces (its size against
//! the built-in encoding is pinned in tests/models.rs; its speed is measured by
//! scripts/bench qprop-e2, not here).

use crate::common::*;

#[test]
fn small_framed_board_grounds() {
    let p = program("foursquares.qp", Some("e2.qpd"), &[("rows", "16"), ("cols", "16")]);
    assert_eq!(p.shown.len(), 2);
    let g = grounding(&p);
    // Every one of the 256 squares takes one of the 256 pieces in one of 4 rotations: the shown
    // atoms are placements, named `pred(args)`, and the CNF is not trivially empty.
    assert!(g.cnf.num_vars() > 0 && g.cnf.num_clauses() > 0);
    assert_eq!(g.encoding.names.len(), g.cnf.num_vars() as usize);
    assert!(!g.projection.is_empty());
    assert!(g.projection.len() <= g.encoding.names.len());
    assert!(g.encoding.estimate >= 1.0);
    assert!(g.header.iter().any(|c| c.starts_with("shown ")), "{:?}", g.header);
}
