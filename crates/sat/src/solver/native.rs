//! Constraints decided inside the solver's search: the state an external propagator keeps
//! (the IPASIR-UP protocol, CaDiCaL 2.0 and later) for the constraints a formula keeps whole
//! ([`crate::theory`]: connectivity, region division). The solver tells it every assignment of a watched variable, every new
//! decision level and every backtrack; it asks for literals to propagate, for their reasons (the
//! clause of each, given lazily), for clauses to add (a conflict), and to check each model. The
//! module holds no binding: `cadical.rs` turns CaDiCaL's callbacks into these calls.

use std::collections::HashMap;

use crate::connect::{Dirty, Watchers};
use crate::theory::{Theory, Workspace};
use crate::{Lit, Var};

/// The propagator's view of the search.
pub(crate) struct Native {
    constraints: Vec<Theory>,
    /// Which constraints each variable's assignment concerns.
    watchers: Watchers,
    /// Value of each variable as the solver last said: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    /// Assigned variables in order, and where each decision level starts in it.
    trail: Vec<Var>,
    levels: Vec<usize>,
    /// The constraints whose variables changed since their last analysis.
    dirty: Dirty,
    /// Literals to propagate, from the last analysis, each with its constraint.
    queue: Vec<(Lit, usize)>,
    /// The reason clause of every literal propagated (the literal first), by DIMACS literal.
    reasons: HashMap<i32, Vec<Lit>>,
    /// A clause to hand over (a conflict), and how much of it was handed.
    pending: Option<(Vec<Lit>, usize)>,
    /// The reason being handed over literal by literal.
    giving: Option<(Vec<Lit>, usize)>,
    /// The analyses' working memory.
    work: Workspace,
}

impl Native {
    /// The state for `constraints` (none assigned yet).
    pub(crate) fn new(constraints: Vec<Theory>) -> Self {
        let vars = constraints.iter().flat_map(|c| c.watched_vars()).map(|v| v.index() + 1).max().unwrap_or(0);
        Native {
            watchers: Watchers::new(&constraints, Var::index),
            dirty: Dirty::all(constraints.len()),
            constraints,
            value: vec![0; vars],
            trail: Vec::new(),
            levels: Vec::new(),
            queue: Vec::new(),
            reasons: HashMap::new(),
            pending: None,
            giving: None,
            work: Workspace::default(),
        }
    }

    /// The variables the solver must tell about.
    pub(crate) fn watched(&self) -> Vec<Var> {
        let mut vars: Vec<Var> = self.constraints.iter().flat_map(|c| c.watched_vars()).collect();
        vars.sort_unstable_by_key(|v| v.index());
        vars.dedup();
        vars
    }

    fn lit_value(&self, l: Lit) -> Option<bool> {
        value_in(&self.value, l)
    }

    /// The solver assigned these literals.
    pub(crate) fn assigned(&mut self, lits: &[i32]) {
        for &d in lits {
            let Some(l) = Lit::from_dimacs(d) else { continue };
            let i = l.var().index();
            if i < self.value.len() && self.value[i] == 0 {
                self.value[i] = if l.is_positive() { 1 } else { -1 };
                self.trail.push(l.var());
                let value = &self.value;
                for k in self.watchers.touched(i, l.is_positive(), |n| value_in(value, n) == Some(false)) {
                    self.dirty.mark(k);
                }
            }
        }
    }

    /// The solver opened a decision level.
    pub(crate) fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    /// The solver went back to decision level `level`.
    pub(crate) fn backtrack(&mut self, level: usize) {
        if level < self.levels.len() {
            let keep = self.levels[level];
            for v in self.trail.drain(keep..) {
                self.value[v.index()] = 0;
                for k in self.watchers.readers(v.index()) {
                    self.dirty.mark(k);
                }
            }
            self.levels.truncate(level);
        }
        self.drop_queue();
    }

    /// Forgets the literals still to propagate; their constraints are analysed again.
    fn drop_queue(&mut self) {
        for (_, k) in self.queue.drain(..) {
            self.dirty.mark(k);
        }
    }

    /// The next literal to propagate (DIMACS), or 0.
    pub(crate) fn propagate(&mut self) -> i32 {
        if self.pending.is_some() {
            return 0;
        }
        loop {
            if let Some((l, k)) = self.queue.pop() {
                match self.lit_value(l) {
                    Some(true) => continue,
                    Some(false) => {
                        // Falsified since the analysis: its reason is now a conflict.
                        let reason = self.reasons.get(&l.to_dimacs()).cloned().unwrap_or_default();
                        self.pending = Some((reason, 0));
                        self.dirty.mark(k);
                        self.drop_queue();
                        return 0;
                    }
                    None => return l.to_dimacs(),
                }
            }
            if self.dirty.is_empty() {
                return 0;
            }
            self.analyse();
            if self.pending.is_some() {
                return 0;
            }
        }
    }

    /// Runs the analysis of every constraint that changed: the first conflict (the rest stay
    /// marked), or every forced literal.
    fn analyse(&mut self) {
        let mut forced = Vec::new();
        while let Some(k) = self.dirty.pop() {
            let value = |l: Lit| value_in(&self.value, l);
            let a = self.constraints[k].analyse(&value, &mut self.work);
            if let Some(conflict) = a.conflict {
                self.pending = Some((conflict, 0));
                // Analysed again after the solver goes back over the conflict, as are the
                // constraints whose forced literals of this round are never queued.
                self.dirty.mark(k);
                for (_, k) in forced {
                    self.dirty.mark(k);
                }
                self.drop_queue();
                return;
            }
            forced.extend(a.forced.into_iter().map(|f| (f, k)));
        }
        for (f, k) in forced.into_iter().rev() {
            self.queue.push((f.lit, k));
            self.reasons.insert(f.lit.to_dimacs(), f.reason);
        }
    }

    /// The next literal of the reason of `propagated` (DIMACS), 0 at its end.
    pub(crate) fn reason_lit(&mut self, propagated: i32) -> i32 {
        if self.giving.is_none() {
            let reason = self.reasons.get(&propagated).cloned().unwrap_or_default();
            self.giving = Some((reason, 0));
        }
        let (reason, at) = self.giving.as_mut().expect("a reason being given");
        match reason.get(*at) {
            Some(l) => {
                *at += 1;
                l.to_dimacs()
            }
            None => {
                self.giving = None;
                0
            }
        }
    }

    /// Whether there is a clause to add.
    pub(crate) fn has_clause(&self) -> bool {
        self.pending.is_some()
    }

    /// The next literal of the clause to add (DIMACS), 0 at its end.
    pub(crate) fn clause_lit(&mut self) -> i32 {
        let Some((clause, at)) = self.pending.as_mut() else { return 0 };
        match clause.get(*at) {
            Some(l) => {
                *at += 1;
                l.to_dimacs()
            }
            None => {
                self.pending = None;
                0
            }
        }
    }

    /// Whether the model (the watched variables' literals, DIMACS) satisfies every constraint;
    /// when not, a clause that it falsifies waits to be added.
    pub(crate) fn check_model(&mut self, model: &[i32]) -> bool {
        let mut value = vec![0i8; self.value.len()];
        for &d in model {
            if let Some(l) = Lit::from_dimacs(d) {
                if let Some(slot) = value.get_mut(l.var().index()) {
                    *slot = if l.is_positive() { 1 } else { -1 };
                }
            }
        }
        let lit_value = |l: Lit| match value.get(l.var().index()).copied().unwrap_or(0) {
            0 => None,
            v => Some((v > 0) == l.is_positive()),
        };
        for c in &self.constraints {
            if let Some(conflict) = c.analyse(&lit_value, &mut self.work).conflict {
                self.pending = Some((conflict, 0));
                return false;
            }
        }
        true
    }
}

/// The value of `l` in `value` (by variable index: 0 unassigned, 1 true, -1 false).
fn value_in(value: &[i8], l: Lit) -> Option<bool> {
    match value.get(l.var().index()).copied().unwrap_or(0) {
        0 => None,
        v => Some((v > 0) == l.is_positive()),
    }
}
