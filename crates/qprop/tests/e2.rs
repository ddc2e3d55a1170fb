//! Grounding the generalised four-squares model on the 256 Eternity II pieces (its size against
//! the built-in encoding is pinned in tests/models.rs; its speed is measured by
//! scripts/qprop-bench.sh, not here).

mod common;
use common::*;

#[test]
fn small_framed_board_grounds() {
    let p = program("foursquares.qp", Some("e2.qpd"), &[("rows", "16"), ("cols", "16")]);
    assert_eq!(p.shown.len(), 2);
}
