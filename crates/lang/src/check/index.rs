//! Candidate indexes for the checker's generators: for an input or solved-for predicate, a binder
//! at one argument position and some other positions known, the values the binder can take in a
//! true atom, in the binder's domain order (so bindings are visited in the written order).
//! Built lazily, once per `check` call, from the solution's true atoms; those over input facts
//! once per program when the call has a cache (`cache.rs`).

use std::collections::BTreeSet;
use std::sync::Arc;

use super::cache::CheckCache;

use crate::mix::MixMap;
use crate::program::{DomId, PredId, PredKind, Program, Val};
use crate::solution::Args;

/// What an index is over.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Key {
    pred: PredId,
    known: Vec<usize>,
    pos: usize,
    dom: DomId,
}

/// One index: rows of (known values, candidate), sorted by the known values and then by the
/// candidate's position in the binder's domain, without repeated rows. A flat layout because the
/// tables are rebuilt on every `check` call: one sort, no allocation per row.
pub(super) struct Table {
    /// Known values per row, `width` each.
    keys: Vec<Val>,
    width: usize,
    /// The candidate of each row.
    pub(super) vals: Vec<Val>,
}

impl Table {
    fn key(&self, row: usize) -> &[Val] {
        self.keys.get(row * self.width..(row + 1) * self.width).unwrap_or(&[])
    }
    /// The rows whose known values are `known`: a range of `vals`.
    pub(super) fn range(&self, known: &[Val]) -> (usize, usize) {
        let n = self.vals.len();
        // The planner asks with one value per key column; the shortcuts below rely on it.
        debug_assert_eq!(known.len(), self.width);
        // The two common shapes without comparing slices: nothing known (every row: a binder's
        // first generator, asked once per binding of the binders before it) and one value known.
        match (self.width, known) {
            (0, _) => return (0, n),
            (1, &[v]) => {
                let keys = self.keys.get(..n).unwrap_or(&[]);
                let lo = keys.partition_point(|&k| k < v);
                let hi = lo + keys.get(lo..).unwrap_or(&[]).partition_point(|&k| k <= v);
                return (lo, hi);
            }
            _ => {}
        }
        let lo = partition(n, |r| self.key(r) < known);
        let hi = lo + partition(n - lo, |r| self.key(lo + r) <= known);
        (lo, hi)
    }
}

/// The number of leading rows `0..n` for which `below` holds (it must hold for a prefix).
fn partition(n: usize, below: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if below(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The indexes of one `check` call.
#[derive(Default)]
pub(super) struct Indexes {
    keys: Vec<Key>,
    ids: MixMap<Key, usize>,
    built: Vec<Option<Arc<Table>>>,
}

impl Indexes {
    /// The id of the index over `pred` with `known` positions, the binder at `pos` in domain `dom`.
    pub(super) fn id(&mut self, pred: PredId, known: Vec<usize>, pos: usize, dom: DomId) -> usize {
        let key = Key { pred, known, pos, dom };
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.keys.len();
        self.keys.push(key.clone());
        self.ids.insert(key, id);
        self.built.push(None);
        id
    }

    /// Drops the tables built from a solution's atoms, keeping the ids and the tables over input
    /// facts (a [`super::CheckSession`] between two solutions).
    pub(super) fn forget_solution(&mut self, p: &Program) {
        for (key, slot) in self.keys.iter().zip(&mut self.built) {
            if !matches!(p.preds.get(key.pred.index()).map(|x| &x.kind), Some(PredKind::Input(_))) {
                *slot = None;
            }
        }
    }

    /// The candidates of index `id` for the `known` values: the table and a range of its `vals`
    /// (empty when no true atom matches).
    pub(super) fn lookup(
        &mut self,
        p: &Program,
        atoms: &[Option<&BTreeSet<Args>>],
        cache: Option<&CheckCache>,
        id: usize,
        known: &[Val],
    ) -> Option<(Arc<Table>, usize, usize)> {
        let key = self.keys.get(id)?;
        let slot = self.built.get_mut(id)?;
        let table = slot
            .get_or_insert_with(|| {
                let input = matches!(p.preds.get(key.pred.index()).map(|x| &x.kind), Some(PredKind::Input(_)));
                match cache {
                    Some(c) if input => c.table(p, key, || build(p, atoms, key)),
                    _ => Arc::new(build(p, atoms, key)),
                }
            })
            .clone();
        let (lo, hi) = table.range(known);
        Some((table, lo, hi))
    }
}

/// The index over input predicate `pred`'s facts with `known` positions, the binder at `pos` in
/// domain `dom` (the check plan's generators, `flat.rs`).
pub(super) fn input_table(p: &Program, pred: PredId, known: Vec<usize>, pos: usize, dom: DomId) -> Table {
    build(p, &[], &Key { pred, known, pos, dom })
}

fn build(p: &Program, atoms: &[Option<&BTreeSet<Args>>], key: &Key) -> Table {
    let width = key.known.len();
    let mut flat: Vec<Val> = Vec::new();
    let mut at: Vec<(u32, Val)> = Vec::new();
    if let Some(dom) = p.domains.get(key.dom.index()) {
        let mut add = |t: &[Val]| {
            let Some(&v) = t.get(key.pos) else { return };
            // A value outside the binder's domain (a filter of the argument's) is never bound.
            let Some(i) = dom.pos(v) else { return };
            if key.known.iter().any(|&k| k >= t.len()) {
                return;
            }
            flat.extend(key.known.iter().map(|&k| t[k]));
            at.push((i, v));
        };
        match p.preds.get(key.pred.index()).map(|x| &x.kind) {
            Some(PredKind::Input(facts)) => facts.iter().for_each(|t| add(t)),
            Some(PredKind::Var) => {
                if let Some(Some(set)) = atoms.get(key.pred.index()) {
                    set.iter().for_each(|t| add(t));
                }
            }
            _ => {}
        }
    }
    let row = |r: usize| flat.get(r * width..(r + 1) * width).unwrap_or(&[]);
    let mut order: Vec<usize> = (0..at.len()).collect();
    order.sort_unstable_by(|&a, &b| row(a).cmp(row(b)).then(at[a].0.cmp(&at[b].0)));
    order.dedup_by(|a, b| row(*a) == row(*b) && at[*a].0 == at[*b].0);
    Table {
        keys: order.iter().flat_map(|&r| row(r).iter().copied()).collect(),
        width,
        vals: order.iter().map(|&r| at[r].1).collect(),
    }
}
