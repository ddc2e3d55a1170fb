//! What the checker may keep from one `check` call to the next: everything it derives from the
//! input facts alone (the candidate indexes over input predicates, and their atoms as tables by
//! position), never anything of a solution. A count checks every solution of the same program, and
//! rebuilding these (a sort of every fact per index) was most of the check of a small model: the
//! queen5_5 colouring's 240 checks spent 60 of their 160 million instructions sorting the edges.
//!
//! A cache answers only the program it was filled for: each use compares the program's hash and
//! the number of facts of every input predicate with what the cache saw, and starts afresh when
//! they differ (a model posed with other clues). A clone starts empty.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::dense::Dense;
use super::flat::Plan;
use super::index::{Key, Table};
use crate::program::{PredId, PredKind, Program};

/// Tables derived from the input facts of one program, shared by every `check` call on it (and by
/// the threads of a count).
#[derive(Default)]
pub struct CheckCache {
    /// Boxed: a model family holds one, and stays small.
    inner: Box<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// The program's hash and its input predicates' numbers of facts, when filled.
    stamp: Option<(u64, Vec<usize>)>,
    tables: HashMap<Key, Arc<Table>>,
    dense: HashMap<PredId, Arc<Dense>>,
    /// The check plan of the program's statements (`flat.rs`).
    plan: Option<Arc<Plan>>,
}

impl Clone for CheckCache {
    fn clone(&self) -> Self {
        CheckCache::default()
    }
}

impl std::fmt::Debug for CheckCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CheckCache")
    }
}

fn stamp(p: &Program) -> (u64, Vec<usize>) {
    let facts = p
        .preds
        .iter()
        .map(|x| match &x.kind {
            PredKind::Input(f) => f.len(),
            _ => usize::MAX,
        })
        .collect();
    (p.hash, facts)
}

impl CheckCache {
    /// An empty cache.
    pub fn new() -> CheckCache {
        CheckCache::default()
    }

    /// The cache's contents for `p`, emptied first when they were derived from another program.
    fn with<X>(&self, p: &Program, f: impl FnOnce(&mut Inner) -> X) -> X {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let now = stamp(p);
        if inner.stamp.as_ref() != Some(&now) {
            *inner = Inner { stamp: Some(now), ..Inner::default() };
        }
        f(&mut inner)
    }

    /// The index `key` over an input predicate of `p`, built by `build` on first use.
    pub(super) fn table(&self, p: &Program, key: &Key, build: impl FnOnce() -> Table) -> Arc<Table> {
        self.with(p, |inner| inner.tables.entry(key.clone()).or_insert_with(|| Arc::new(build())).clone())
    }

    /// The atoms of input predicate `pred` of `p` as a table, built by `build` on first use.
    pub(super) fn dense(&self, p: &Program, pred: PredId, build: impl FnOnce() -> Dense) -> Arc<Dense> {
        self.with(p, |inner| inner.dense.entry(pred).or_insert_with(|| Arc::new(build())).clone())
    }

    /// The check plan of `p` if one was built (by any thread), whatever its budget.
    pub(super) fn built_plan(&self, p: &Program) -> Option<Arc<Plan>> {
        self.with(p, |inner| inner.plan.clone())
    }

    /// The check plan of `p` with at least `budget` bindings (or one that needed less), built
    /// when there is none (while the cache is locked: a second thread waits for it rather than
    /// building its own).
    pub(super) fn plan(&self, p: &Program, budget: usize) -> Arc<Plan> {
        self.with(p, |inner| match &inner.plan {
            Some(plan) if !plan.cut() || plan.budget() >= budget => plan.clone(),
            _ => inner.plan.insert(Arc::new(Plan::build(p, budget))).clone(),
        })
    }
}
