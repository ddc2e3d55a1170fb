//! The checker's table of an integer variable's values, by the positions of its arguments in
//! their domains (the first argument slowest), as `dense.rs` does for true atoms: a lookup is a
//! few multiplications instead of a search of the solution's map of argument vectors. Built from
//! the solution on the variable's first lookup, once per `check` call; only for variables whose
//! table is small beside the values given (a model's grid of integers), the map answers the
//! others.

use std::collections::BTreeMap;

use super::dense::position;
use super::Checker;
use crate::program::{Pred, PredId, Program, Val};
use crate::solution::Args;

/// A table is built for at most this many argument tuples, or for this many per value the
/// solution gives (as `dense.rs`).
const MIN_TABLE: usize = 1 << 10;
const PER_VALUE: usize = 32;

/// The values of one integer variable as a table (`None`: too large, use the map).
pub(super) struct DenseInts {
    table: Option<Vec<Option<Val>>>,
}

impl DenseInts {
    fn new(p: &Program, pred: &Pred, values: Option<&BTreeMap<Args, Val>>) -> DenseInts {
        let size = pred.args.iter().try_fold(1usize, |n, &d| n.checked_mul(p.domains[d].len()));
        let limit = MIN_TABLE.max(values.map_or(0, BTreeMap::len).saturating_mul(PER_VALUE));
        let table = size.filter(|&n| n <= limit).map(|n| {
            let mut table = vec![None; n];
            for (t, &v) in values.into_iter().flatten() {
                if let Some(i) = position(p, pred, t) {
                    table[i] = Some(v);
                }
            }
            table
        });
        DenseInts { table }
    }

    /// The value at `t`; `None` when the table cannot say (no table, a value outside its domain,
    /// another number of arguments): then the map is asked.
    fn get(&self, p: &Program, pred: &Pred, t: &[Val]) -> Option<Option<Val>> {
        let table = self.table.as_ref()?;
        table.get(position(p, pred, t)?).copied()
    }
}

impl Checker<'_, '_> {
    /// The solution's value of integer variable `pr` at `t`, if it gives one.
    pub(super) fn int_value(&mut self, pr: PredId, t: &[Val]) -> Option<Val> {
        let (p, s) = (self.p, self.s);
        if let (Some(pred), Some(slot)) = (p.preds.get(pr.index()), self.int_dense.get_mut(pr.index())) {
            let new = || DenseInts::new(p, pred, s.ints.iter().find(|v| v.pred == pr).map(|v| &v.values));
            if let Some(v) = slot.get_or_insert_with(new).get(p, pred, t) {
                return v;
            }
        }
        s.int_value(pr, t)
    }
}
