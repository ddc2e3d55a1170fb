//! Solutions: the values of every solved-for predicate. Decoded from a solver's model
//! (`decode.rs`), read back from text (`read.rs`), shown as facts, JSON or a grid (`show.rs`).

mod decode;
mod read;
mod show;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::program::{DomId, PredId, PredKind, Program, Val};

pub use decode::{decode, shown_literals, Decoder};
pub use read::parse_solution;
pub(crate) use show::show;
pub use show::{open_atoms, partial_grid};

/// An atom's arguments, shared: a count's decoder makes each atom's once and every solution
/// that holds it refers to them (colour5's count: a copy of each was an allocation and a free).
pub type Args = Arc<[Val]>;

/// One solved-for predicate's true atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredValue {
    /// Predicate name.
    pub name: String,
    /// The predicate.
    pub pred: PredId,
    /// Whether it is shown.
    pub shown: bool,
    /// The true atoms' arguments.
    pub atoms: BTreeSet<Args>,
}

/// One integer variable's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntValue {
    /// Variable name.
    pub name: String,
    /// The integer variable.
    pub pred: PredId,
    /// Whether it is shown.
    pub shown: bool,
    /// Value per argument tuple (tuples without a value did not occur in the model).
    pub values: BTreeMap<Args, Val>,
}

/// The values of every solved-for predicate (shown and hidden): the checker checks all of them;
/// printing, blocking and counting use the shown ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// One entry per solved-for predicate, in declaration order.
    pub preds: Vec<PredValue>,
    /// One entry per integer variable, in declaration order.
    pub ints: Vec<IntValue>,
    /// The program's symbols and the grid's shape, shared by every solution of a count (each
    /// decoded solution starts as a copy of one empty solution).
    pub(crate) symbols: Arc<[String]>,
    pub(crate) grid_shape: Option<Arc<GridShape>>,
    /// Read from a picture: the one shown predicate it gives (the other shown ones are not given).
    pub(crate) only: Option<PredId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GridShape {
    pub(crate) pred: PredId,
    pub(crate) rows: Vec<Val>,
    pub(crate) cols: Vec<Val>,
}

/// A solution with no true atom and no integer value, shaped for `p`.
pub(crate) fn empty(p: &Program) -> Solution {
    let preds = p
        .pred_ids()
        .zip(&p.preds)
        .filter(|(_, pr)| matches!(pr.kind, PredKind::Var))
        .map(|(i, pr)| PredValue {
            name: pr.name.clone(),
            pred: i,
            shown: p.shown.contains(&i),
            atoms: BTreeSet::new(),
        })
        .collect::<Vec<_>>();
    let ints = p
        .pred_ids()
        .zip(&p.preds)
        .filter(|(_, pr)| matches!(pr.kind, PredKind::Int(_)))
        .map(|(i, pr)| IntValue {
            name: pr.name.clone(),
            pred: i,
            shown: p.shown.contains(&i),
            values: BTreeMap::new(),
        })
        .collect::<Vec<_>>();
    let cands = preds.iter().filter(|v| v.shown).map(|v| v.pred).chain(ints.iter().filter(|v| v.shown).map(|v| v.pred));
    let grid_shape = cands.into_iter().find_map(|pred| {
        let ints = |d: DomId| p.domains[d].values.iter().all(|x| matches!(x, Val::Int(_)));
        // Only `x(row, col)` and `x(row, col, value)` are cell-shaped (a predicate without
        // arguments, or with one, is not).
        let (row, col) = match p.preds[pred].args.as_slice() {
            [r, c] | [r, c, _] => (*r, *c),
            _ => return None,
        };
        // Rows may be named (a table such as attribute x house -> value); columns are numbered.
        let rows_ok = ints(row) || p.preds[pred].args.len() == 3;
        (rows_ok && ints(col)).then(|| {
            Arc::new(GridShape { pred, rows: p.domains[row].values.clone(), cols: p.domains[col].values.clone() })
        })
    });
    Solution { preds, ints, symbols: p.symbols.as_slice().into(), grid_shape, only: None }
}

impl Solution {
    /// Whether `pred(args)` is true (solved-for predicates only).
    pub fn holds(&self, pred: PredId, args: &[Val]) -> bool {
        self.preds.iter().any(|v| v.pred == pred && v.atoms.contains(args))
    }

    /// The value of integer variable `pred(args)`, if it has one.
    pub fn int_value(&self, pred: PredId, args: &[Val]) -> Option<Val> {
        self.ints.iter().find(|v| v.pred == pred).and_then(|v| v.values.get(args).copied())
    }

    /// Whether the solution leaves values to be searched for: it was read from a picture (which
    /// gives one shown predicate), or it gives no value to any hidden (not shown) predicate or
    /// integer variable of a model that has some (wgrnd's own facts give them after `% hidden`;
    /// an answer a person writes down need not).
    pub fn needs_completion(&self) -> bool {
        let has_hidden = self.preds.iter().any(|v| !v.shown) || self.ints.iter().any(|v| !v.shown);
        let gives_hidden = self.preds.iter().any(|v| !v.shown && !v.atoms.is_empty())
            || self.ints.iter().any(|v| !v.shown && !v.values.is_empty());
        self.only.is_some() || (has_hidden && !gives_hidden)
    }

    /// Whether `pred` is given by this solution (every shown predicate, unless read from a picture).
    pub(crate) fn gives(&self, pred: PredId) -> bool {
        self.only.is_none_or(|o| o == pred)
    }

    /// Whether `other` has the values this solution gives to its shown predicates and integer
    /// variables.
    pub fn same_shown(&self, other: &Solution) -> bool {
        let atoms = |s: &Solution| {
            s.preds.iter().filter(|v| v.shown && self.gives(v.pred)).map(|v| v.atoms.clone()).collect::<Vec<_>>()
        };
        let ints = |s: &Solution| {
            s.ints.iter().filter(|v| v.shown && self.gives(v.pred)).map(|v| v.values.clone()).collect::<Vec<_>>()
        };
        atoms(self) == atoms(other) && ints(self) == ints(other)
    }

    /// The shown atoms, for comparing solutions under projection.
    pub fn shown_atoms(&self) -> Vec<String> {
        self.preds.iter().filter(|v| v.shown).flat_map(|v| v.atoms.iter().map(|t| self.atom(&v.name, t))).collect()
    }
}
