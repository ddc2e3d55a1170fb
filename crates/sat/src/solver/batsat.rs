//! The built-in solver without C++: batsat (a MiniSat port in Rust) keeps its clauses, learnt
//! clauses and heuristics between solves, takes assumptions and says which of them took part in
//! a refutation. Where CaDiCaL is not built in (the browser page, docs/web.md) it is the built-in
//! solver ([`Batsat`], one solve) and session ([`BatsatSession`]), so that a hint's or a
//! backbone's hundreds of solves under assumptions do not each start afresh as
//! [`Restarting`](crate::solver::Restarting) does; where CaDiCaL is, a small formula's session
//! starts in it ([`crate::solver::escalate`]).
//!
//! The constraints the formula keeps whole are decided inside batsat's search, as they are inside
//! CaDiCaL's ([`crate::theory`]): batsat calls a theory ([`Natives`]) at every fixpoint of
//! its propagation, which runs each constraint's analysis and propagates what it forces (with
//! the reason clause, given when batsat asks) or raises the conflict clause. Their written-out
//! clauses (quadratic in the nodes for connectivity, cubic for a division) are never written for it, unless a clause names one of their
//! auxiliary variables, and batsat does not get those variables until then
//! ([`crate::solver::numbering`]).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use batsat::theory::{Theory, TheoryArg};
use batsat::{lbool, Callbacks, ClauseKind, Solver, SolverInterface, SolverOpts};

use crate::connect::{Dirty, Watchers};
use crate::solver::numbering::Numbering;
use crate::solver::{Cancel, Interrupt, Session, SolveError};
use crate::theory::{Theory as Whole, Workspace};
use crate::{Cnf, Lit, Model, SolverAnswer, Var};

/// A batsat solver holding a growing formula.
pub struct BatsatSession {
    solver: Solver<Stops>,
    /// Our variables as batsat numbers them (from 1 here, from 0 in batsat), and which
    /// constraints' clauses it was given after all (a clause named one of their auxiliary
    /// variables).
    numbering: Numbering,
    /// Assumptions of the last solve, for [`Session::failed`].
    answered_unsat: bool,
    /// The formula's whole constraints (connectivity, region division), decided in the search.
    theory: Natives,
    /// The clause being added, in batsat's literals (kept: a formula is thousands of clauses).
    clause: Vec<batsat::Lit>,
}

/// What stops a solve, asked by batsat at every step of its search: the call's interrupt
/// token, the solve's deadline and cancel flag, and the session's conflict budget.
struct Stops {
    /// The call's interrupt token: a solve it stopped reports [`SolveError::Interrupted`].
    interrupt: Interrupt,
    /// The running solve's deadline.
    deadline: Option<Instant>,
    /// The running solve's cancel flag (a race's loser).
    cancel: Option<Cancel>,
    /// Conflicts (learnt clauses) over the session's life.
    conflicts: u64,
    /// Solves stop once `conflicts` reaches it. `None`: no budget.
    budget: Option<u64>,
}

impl Stops {
    fn spent(&self) -> bool {
        self.budget.is_some_and(|b| self.conflicts >= b)
    }
}

impl Callbacks for Stops {
    fn on_new_clause(&mut self, _: &[batsat::Lit], kind: ClauseKind) {
        // A learnt clause is a conflict analysed: the search's own (`Learnt`) or one a
        // constraint raised (`Theory`).
        if kind != ClauseKind::Axiom {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.interrupt.is_requested()
            || self.spent()
            || self.cancel.as_ref().is_some_and(Cancel::is_set)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl BatsatSession {
    /// Starts from the clauses of `cnf` and decides its whole constraints in the search;
    /// `interrupt` stops its solves.
    pub fn new(cnf: &Cnf, interrupt: &Interrupt) -> BatsatSession {
        let stops = Stops { interrupt: interrupt.clone(), deadline: None, cancel: None, conflicts: 0, budget: None };
        assert!(cnf.labels_reserved(), "a session on a formula whose labels are not reserved");
        let numbering = Numbering::new(cnf.num_vars(), cnf.theories().iter().map(Whole::aux_range).collect());
        let mut s = BatsatSession {
            solver: Solver::new(SolverOpts::default(), stops),
            theory: Natives::new(cnf.theories().to_vec(), numbering.clone()),
            numbering,
            answered_unsat: false,
            clause: Vec::new(),
        };
        s.grow();
        for clause in cnf.own_clauses() {
            s.add_clause(clause);
        }
        s
    }

    /// Stops every solve, from now on, once the session has met `conflicts` conflicts in all
    /// (counted from its start): such a solve answers UNKNOWN and [`BatsatSession::spent`] says
    /// why.
    pub fn limit_conflicts(&mut self, conflicts: u64) {
        self.solver.cb_mut().budget = Some(conflicts);
    }

    /// The propagations of the session's solves so far.
    pub fn propagations(&self) -> u64 {
        self.solver.num_propagations()
    }

    /// Whether the conflict budget is spent.
    pub fn spent(&self) -> bool {
        self.solver.cb().spent()
    }

    /// Makes batsat's variables up to the numbering's.
    fn grow(&mut self) {
        while self.solver.num_vars() < self.numbering.solver_vars() {
            let v = self.solver.new_var_default();
            // batsat numbers its variables from 0 as they are made, which [`to_batsat`] relies on.
            assert_eq!(v.idx() + 1, self.solver.num_vars(), "batsat numbers its variables in order");
        }
    }

    /// Hands over what `lits` name: their variables, and the clauses of each constraint one of
    /// whose auxiliary variables they name (the theory still decides it too); writes batsat's
    /// literals of `lits` into `out`, whatever it held before.
    fn hand_over(&mut self, lits: &[Lit], out: &mut Vec<batsat::Lit>) {
        for k in self.numbering.take(lits) {
            let mut clauses = Vec::new();
            self.theory.constraints[k].encode(&mut |cl: &[Lit]| clauses.push(cl.to_vec()));
            for cl in clauses {
                self.add_clause(&cl);
            }
        }
        self.grow();
        out.clear();
        out.extend(lits.iter().map(|&l| to_batsat(&self.numbering, l).expect("handed over just now")));
    }
}

/// batsat's literal of `l`, if its variable was handed over (numbered in order by
/// [`BatsatSession::grow`]).
fn to_batsat(numbering: &Numbering, l: Lit) -> Option<batsat::Lit> {
    let d = numbering.solver_lit(l)?;
    Some(batsat::Lit::new(batsat::Var::unsafe_from_idx(d.unsigned_abs() - 1), d > 0))
}

/// The whole constraints (connectivity, region division) as a batsat theory: after each fixpoint of propagation (and on
/// each full assignment) the analysis of each constraint runs on the current assignment when an
/// assignment since its last one concerns it ([`Watchers`]); after a backtrack every one runs.
struct Natives {
    constraints: Vec<Whole>,
    /// The session's numbering when it started: every watched variable's is final then.
    numbering: Numbering,
    /// Which constraints each of batsat's variables (by its index) concerns.
    watchers: Watchers,
    /// The constraints to analyse.
    dirty: Dirty,
    /// Decision levels, as batsat counts them.
    levels: usize,
    /// How long the trail was at the last analysis; `None` after a backtrack.
    analysed: Option<usize>,
    /// The antecedents (literals true before it) of each literal this theory propagated. An
    /// entry outlives a backtrack; it is replaced when the literal is propagated again, and
    /// batsat asks only about literals this theory propagated since (on its trail, or the one
    /// found false when propagated, whose entry was made just before).
    reasons: HashMap<batsat::Lit, Vec<batsat::Lit>>,
    /// The analyses' working memory.
    work: Workspace,
}

impl Natives {
    fn new(constraints: Vec<Whole>, numbering: Numbering) -> Self {
        let watchers = Watchers::new(&constraints, |v| {
            to_batsat(&numbering, v.pos()).expect("a watched variable is handed over").var().idx() as usize
        });
        let dirty = Dirty::all(constraints.len());
        Natives {
            constraints,
            numbering,
            watchers,
            dirty,
            levels: 0,
            analysed: None,
            reasons: HashMap::new(),
            work: Workspace::default(),
        }
    }

    /// batsat's literal of `l`, a literal of a constraint (watched, so handed over).
    fn batsat(&self, l: Lit) -> batsat::Lit {
        to_batsat(&self.numbering, l).expect("a watched variable is handed over")
    }

    /// Runs the analyses: raises the first conflict, or propagates every forced literal.
    fn check(&mut self, acts: &mut TheoryArg) {
        if self.constraints.is_empty() {
            return;
        }
        let numbering = &self.numbering;
        let value = |l: Lit| lit_value(acts, to_batsat(numbering, l).expect("a watched variable is handed over"));
        let trail = acts.model();
        match self.analysed {
            Some(seen) if seen <= trail.len() => {
                for l in &trail[seen..] {
                    for k in self.watchers.touched(l.var().idx() as usize, l.sign(), |n| value(n) == Some(false)) {
                        self.dirty.mark(k);
                    }
                }
            }
            _ => self.dirty.mark_all(),
        }
        self.analysed = Some(trail.len());
        let mut forced = Vec::new();
        let mut conflict = None;
        while let Some(k) = self.dirty.pop() {
            let a = self.constraints[k].analyse(&value, &mut self.work);
            if a.conflict.is_some() {
                conflict = a.conflict;
                // batsat backtracks, after which every constraint is analysed again.
                break;
            }
            forced.extend(a.forced);
        }
        if let Some(clause) = conflict {
            let clause: Vec<batsat::Lit> = clause.into_iter().map(|l| self.batsat(l)).collect();
            // Costly: a walk over the graph; batsat keeps the clause beside what it learns.
            acts.raise_conflict(&clause, true);
            return;
        }
        for f in forced {
            let lit = self.batsat(f.lit);
            if lit_value(acts, lit) == Some(true) {
                // Forced twice, or by batsat since: its first reason stands.
                continue;
            }
            let because = f.reason[1..].iter().map(|&r| self.batsat(!r)).collect();
            self.reasons.insert(lit, because);
            if !acts.propagate(lit) {
                return;
            }
        }
    }
}

/// The value of batsat's literal `l` in its current assignment.
fn lit_value(acts: &TheoryArg, l: batsat::Lit) -> Option<bool> {
    let v = acts.value(l.var());
    (v != lbool::UNDEF).then(|| (v == lbool::TRUE) == l.sign())
}

impl Theory for Natives {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn create_level(&mut self) {
        self.levels += 1;
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
        self.analysed = None;
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn explain_propagation(&mut self, p: batsat::Lit) -> &[batsat::Lit] {
        // A missing reason would be an empty one, an axiom: unsound, so never given.
        self.reasons.get(&p).map(Vec::as_slice).expect("a literal this theory propagated has its reason")
    }
}

impl Session for BatsatSession {
    fn add_clause(&mut self, clause: &[Lit]) {
        let mut c = std::mem::take(&mut self.clause);
        self.hand_over(clause, &mut c);
        // `false`: the formula is already unsatisfiable; every later solve says so.
        let _ = self.solver.add_clause_reuse(&mut c);
        self.clause = c;
    }

    fn solve_assuming(&mut self, assumptions: &[Lit], timeout: Option<Duration>) -> Result<SolverAnswer, SolveError> {
        self.solve_stoppable(assumptions, timeout, &Cancel::default())
    }

    fn solve_stoppable(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &Cancel,
    ) -> Result<SolverAnswer, SolveError> {
        let interrupt = self.solver.cb().interrupt.clone();
        let _watch = interrupt.watch();
        let mut assumed = Vec::with_capacity(assumptions.len());
        self.hand_over(assumptions, &mut assumed);
        let stops = self.solver.cb_mut();
        stops.deadline = timeout.and_then(|t| Instant::now().checked_add(t));
        stops.cancel = Some(cancel.clone());
        let answer = self.solver.solve_limited_th(&mut self.theory, &assumed);
        let stops = self.solver.cb_mut();
        (stops.deadline, stops.cancel) = (None, None);
        self.answered_unsat = answer == lbool::FALSE;
        if answer == lbool::TRUE {
            // The constraints' auxiliary variables that batsat does not have are left unset
            // (they follow from the nodes and edges: `Cnf::complete`).
            let mut model = Model::new(self.numbering.handed_extent());
            for (k, &v) in self.numbering.ours().iter().enumerate() {
                let value = self.solver.value_var(batsat::Var::unsafe_from_idx(k as u32));
                model.set(v, (value != lbool::UNDEF).then_some(value == lbool::TRUE));
            }
            return Ok(SolverAnswer::Sat(model));
        }
        if answer == lbool::FALSE {
            return Ok(SolverAnswer::Unsat);
        }
        if interrupt.is_requested() {
            return Err(SolveError::Interrupted);
        }
        Ok(SolverAnswer::Unknown)
    }

    /// A model holds every variable batsat has; one of a constraint's auxiliary variables in
    /// `read` brings them all, from their definitions.
    fn solve_reading(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        read: &[Var],
    ) -> Result<SolverAnswer, SolveError> {
        let mut answer = self.solve_assuming(assumptions, timeout)?;
        let constraints = &self.theory.constraints;
        let auxiliary = |v: &Var| constraints.iter().any(|c| c.aux_range().contains(&v.index()));
        if let SolverAnswer::Sat(model) = &mut answer {
            if read.iter().any(auxiliary) {
                model.grow(self.numbering.our_vars());
                for c in constraints {
                    c.complete(model);
                }
            }
        }
        Ok(answer)
    }

    fn new_var(&mut self) -> Var {
        let v = self.numbering.fresh();
        self.grow();
        v
    }

    fn failed(&self, l: Lit) -> Option<bool> {
        // MiniSat's core holds the negations of the failed assumptions: asked by variable.
        let b = to_batsat(&self.numbering, l)?;
        self.answered_unsat.then(|| self.solver.unsat_core_contains_var(b.var()))
    }

    /// Between solves batsat stands at the root, where its assignment is what the formula and
    /// the unit clauses force (as far as the solves so far propagated them).
    fn fixed(&self, l: Lit) -> Option<bool> {
        let value = self.solver.value_lvl_0(to_batsat(&self.numbering, l)?);
        (value != lbool::UNDEF).then_some(value == lbool::TRUE)
    }
}

/// batsat as a backend: one solve of a whole formula (the built-in solver where CaDiCaL is not
/// built in), stopped by its time limit or `interrupt`.
#[derive(Clone, Debug, Default)]
pub struct Batsat {
    /// Wall-clock limit. `None`: no limit.
    pub timeout: Option<Duration>,
    /// The call's interrupt token: a solve it stops reports [`SolveError::Interrupted`].
    pub interrupt: Interrupt,
}

impl crate::solver::Backend for Batsat {
    fn name(&self) -> &'static str {
        "batsat"
    }

    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError> {
        BatsatSession::new(cnf, &self.interrupt).solve(self.timeout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Restarting, SolverSpec};

    fn cnf(clauses: &[&[i32]]) -> Cnf {
        let mut c = Cnf::new();
        c.new_vars(clauses.iter().flat_map(|cl| cl.iter()).map(|n| n.unsigned_abs()).max().unwrap_or(0));
        for clause in clauses {
            let lits: Vec<Lit> = clause.iter().map(|&n| Lit::from_dimacs(n).unwrap()).collect();
            c.add_clause(&lits);
        }
        c
    }

    /// A tiny xorshift: random small formulas, the same on every run.
    fn random_cnf(seed: &mut u64, vars: i32, clauses: usize) -> Cnf {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut c = Cnf::new();
        c.new_vars(vars as u32);
        for _ in 0..clauses {
            let lits: Vec<Lit> = (0..3)
                .map(|_| {
                    let v = (next() % vars as u64) as i32 + 1;
                    Lit::from_dimacs(if next().is_multiple_of(2) { v } else { -v }).unwrap()
                })
                .collect();
            c.add_clause(&lits);
        }
        c
    }

    #[test]
    fn answers_under_assumptions_as_the_formula_says_and_names_the_failed_ones() {
        let f = cnf(&[&[1, 2], &[-1, 3], &[-2, 3]]);
        let mut s = BatsatSession::new(&f, &Interrupt::default());
        let Ok(SolverAnswer::Sat(m)) = s.solve(None) else { panic!("satisfiable") };
        assert_eq!(f.first_unsatisfied(&m), None);
        let (not3, four) = (Lit::from_dimacs(-3).unwrap(), Lit::from_dimacs(4).unwrap());
        assert!(matches!(s.solve_assuming(&[four, not3], None), Ok(SolverAnswer::Unsat)));
        assert_eq!((s.failed(not3), s.failed(four)), (Some(true), Some(false)));
        // Growing: a fresh variable and a clause over it.
        let a = s.new_var();
        assert_eq!(a.get(), 5);
        s.add_clause(&[a.neg()]);
        assert!(matches!(s.solve_assuming(&[a.pos()], None), Ok(SolverAnswer::Unsat)));
        assert!(matches!(s.solve(None), Ok(SolverAnswer::Sat(_))));
    }

    /// On random 3-CNFs around the threshold, every solve under random assumptions agrees with
    /// splr re-solving from scratch, and every model satisfies the formula and the assumptions.
    #[test]
    fn agrees_with_a_solve_from_scratch_on_random_formulas() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..60 {
            let f = random_cnf(&mut seed, 12, 40 + round % 20);
            let mut incremental = BatsatSession::new(&f, &Interrupt::default());
            let spec = SolverSpec::Splr;
            let mut scratch = Restarting::new(&f, move |t| spec.backend(t, &Interrupt::default()));
            for k in 0..6u64 {
                let assumed: Vec<Lit> = (0..(k % 4))
                    .map(|j| Lit::from_dimacs(((seed >> (j * 5)) % 12) as i32 + 1).unwrap())
                    .map(|l| if (seed >> (k + 20)).is_multiple_of(2) { l } else { !l })
                    .collect();
                let (a, b) = (incremental.solve_assuming(&assumed, None), scratch.solve_assuming(&assumed, None));
                match (a, b) {
                    (Ok(SolverAnswer::Sat(m)), Ok(SolverAnswer::Sat(_))) => {
                        assert_eq!(f.first_unsatisfied(&m), None, "round {round}");
                        assert!(assumed.iter().all(|&l| m.is_true(l)), "round {round}");
                    }
                    (Ok(SolverAnswer::Unsat), Ok(SolverAnswer::Unsat)) => {}
                    (a, b) => panic!("round {round}: {a:?} against {b:?}"),
                }
                seed = seed.rotate_left(7) ^ k;
            }
        }
    }

    #[test]
    fn fixed_says_what_the_root_forces() {
        let f = cnf(&[&[1, 2], &[-1, 3], &[-3]]);
        let mut s = BatsatSession::new(&f, &Interrupt::default());
        assert!(matches!(s.solve(None), Ok(SolverAnswer::Sat(_))));
        let l = |n: i32| Lit::from_dimacs(n).unwrap();
        assert_eq!([1, 2, 3].map(|n| s.fixed(l(n))), [Some(false), Some(true), Some(false)]);
        s.add_clause(&[l(4), l(5)]);
        assert!(matches!(s.solve(None), Ok(SolverAnswer::Sat(_))));
        assert_eq!(s.fixed(l(4)), None);
    }

    #[test]
    fn a_cancel_flag_stops_a_solve_and_it_answers_unknown() {
        let f = cnf(&[&[1, 2]]);
        let mut s = BatsatSession::new(&f, &Interrupt::default());
        let cancel = Cancel::default();
        cancel.set();
        assert!(matches!(s.solve_stoppable(&[], None, &cancel), Ok(SolverAnswer::Unknown)));
        assert!(matches!(s.solve(None), Ok(SolverAnswer::Sat(_))), "the flag is the one solve's");
    }

    #[test]
    fn the_backend_solves_a_whole_formula() {
        use crate::solver::Backend;
        let sat = cnf(&[&[1, 2], &[-1, 2], &[-2, 3]]);
        let Ok(SolverAnswer::Sat(m)) = Batsat::default().solve(&sat) else { panic!("satisfiable") };
        assert_eq!(sat.first_unsatisfied(&m), None);
        let unsat = cnf(&[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]]);
        assert!(matches!(Batsat::default().solve(&unsat), Ok(SolverAnswer::Unsat)));
        assert!(matches!(Batsat::default().solve(&Cnf::new()), Ok(SolverAnswer::Sat(_))));
    }

    #[test]
    fn a_time_limit_answers_unknown_and_an_interrupt_says_so() {
        // Pigeons 10 into 9: far beyond an instant.
        let mut f = Cnf::new();
        f.new_vars(90);
        let p = |i: i32, h: i32| i * 9 + h + 1;
        for i in 0..10 {
            let clause: Vec<Lit> = (0..9).map(|h| Lit::from_dimacs(p(i, h)).unwrap()).collect();
            f.add_clause(&clause);
        }
        for h in 0..9 {
            for i in 0..10 {
                for j in i + 1..10 {
                    f.add_clause(&[Lit::from_dimacs(-p(i, h)).unwrap(), Lit::from_dimacs(-p(j, h)).unwrap()]);
                }
            }
        }
        let mut s = BatsatSession::new(&f, &Interrupt::default());
        assert!(matches!(s.solve(Some(Duration::from_millis(50))), Ok(SolverAnswer::Unknown)));
        let stopped = Interrupt::default();
        let _ = stopped.request();
        let mut s = BatsatSession::new(&f, &stopped);
        assert!(matches!(s.solve(None), Err(SolveError::Interrupted)));
    }
}
