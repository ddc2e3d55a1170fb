//! The checker's table of a solved-for predicate's true atoms, by the positions of their
//! arguments in the predicate's domains (the first argument slowest): a lookup is a few
//! multiplications instead of a search of the solution's set of argument vectors. Built from the
//! solution on the predicate's first lookup, once per `check` call; only for predicates whose
//! table is small beside the solution (a model's shown grid, not a sparse relation over large
//! domains), the set answers the others. An input predicate's facts get the same table, kept
//! across calls in the checker's cache.

use crate::program::{Pred, Program, Val};

/// A table is built for at most this many atoms, or for this many per true atom of the solution.
const MIN_TABLE: usize = 1 << 12;
const PER_TRUE_ATOM: usize = 32;

/// The true atoms of one predicate as a table (`None`: too large, use the set).
pub(super) struct Dense {
    table: Option<Vec<bool>>,
}

impl Dense {
    /// The table of `pred` whose `true_atoms` true atoms are `atoms` (a solution's, or an input
    /// predicate's facts).
    pub(super) fn new<'t>(
        p: &Program,
        pred: &Pred,
        true_atoms: usize,
        atoms: impl IntoIterator<Item = &'t [Val]>,
    ) -> Dense {
        let size = pred.args.iter().try_fold(1usize, |n, &d| n.checked_mul(p.domains[d].len()));
        let limit = MIN_TABLE.max(true_atoms.saturating_mul(PER_TRUE_ATOM));
        let table = size.filter(|&n| n <= limit).map(|n| {
            let mut table = vec![false; n];
            for t in atoms {
                if let Some(i) = position(p, pred, t) {
                    table[i] = true;
                }
            }
            table
        });
        Dense { table }
    }

    /// Whether `t` is a true atom; `None` when the table cannot say (no table, a value outside
    /// its domain, another number of arguments): then the set is asked.
    pub(super) fn holds(&self, p: &Program, pred: &Pred, t: &[Val]) -> Option<bool> {
        let table = self.table.as_ref()?;
        table.get(position(p, pred, t)?).copied()
    }
}

impl Dense {
    /// The table with, for atom `t` of `pred` whose argument `at` is its domain's first value,
    /// the position of `t` and the step of argument `at`: the atoms that differ from `t` at `at`
    /// only, at `position + k * step` for the `k`-th value. `None` without a table or for a value
    /// outside its domain.
    pub(super) fn line(&self, p: &Program, pred: &Pred, t: &[Val], at: usize) -> Option<(&[bool], usize, usize)> {
        let table = self.table.as_deref()?;
        let base = position(p, pred, t)?;
        let step = pred.args.get(at + 1..)?.iter().map(|&d| p.domains[d].len()).product();
        Some((table, base, step))
    }
}

/// The position of atom `t` of `pred` in its table: its arguments' positions in their domains,
/// the first argument slowest. `None` for a value outside its domain or a wrong arity.
pub(super) fn position(p: &Program, pred: &Pred, t: &[Val]) -> Option<usize> {
    if t.len() != pred.args.len() {
        return None;
    }
    let mut i = 0usize;
    for (v, &d) in t.iter().zip(&pred.args) {
        let dom = &p.domains[d];
        i = i * dom.len() + dom.pos(*v)? as usize;
    }
    Some(i)
}
