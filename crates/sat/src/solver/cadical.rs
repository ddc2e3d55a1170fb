//! In-process CaDiCaL: the one module that names the binding (`cadical-sys`, CaDiCaL 3.0.1).
//! [`CadicalSession`] owns one solver and keeps it (with what it learnt) across solves under
//! assumptions; [`Cadical`] is the one-shot [`Backend`], a session used once. Every solve
//! watches the time limit, its [`Cancel`] flag and Ctrl-C through CaDiCaL's terminator.

use std::time::{Duration, Instant};

use cadical_sys::{CaDiCal, ExternalPropagator, Status, Terminator};

use crate::solver::native::Native;
use crate::solver::numbering::Numbering;
use crate::solver::{Backend, Cancel, Interrupt, Session, SessionTuning, SolveError};
use crate::theory::Theory;
use crate::{Cnf, Lit, Model, SolverAnswer, Var};

/// CaDiCaL, in-process, on a fresh solver for every solve.
#[derive(Clone, Debug, Default)]
pub struct Cadical {
    /// Wall-clock limit. `None`: no limit.
    pub timeout: Option<Duration>,
    /// One of CaDiCaL's named configurations (`sat`, `unsat`, `plain`); `None`: its default.
    pub config: Option<&'static str>,
    /// Hands the clauses over in an order shuffled by this seed (clauses and the literals in
    /// each): the input order steers CaDiCaL's search as much as its own random seed would.
    /// `None`: the grounding's order.
    pub shuffle: Option<u64>,
    /// Gives up (UNKNOWN) after this many conflicts: a budget that, unlike a time limit, ends
    /// the same way on every machine. `None`: no limit.
    pub conflicts: Option<i32>,
    /// Stops the solve from another thread (a portfolio's loser); it then answers UNKNOWN.
    pub cancel: Cancel,
    /// The call's interrupt token (Ctrl-C): the solve then reports [`SolveError::Interrupted`].
    pub interrupt: Interrupt,
}

impl Backend for Cadical {
    fn name(&self) -> &'static str {
        "cadical (in-process)"
    }

    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError> {
        let mut solver = CaDiCal::new();
        if let Some(config) = self.config {
            // Options are set before the first clause (CaDiCaL's CONFIGURING state).
            if !solver.configure(config) {
                return Err(SolveError::Failed {
                    backend: "cadical",
                    detail: format!("`{config}` is not one of CaDiCaL's configurations"),
                });
            }
        }
        let mut session = CadicalSession::on(solver, cnf, &self.interrupt);
        match self.shuffle {
            None => cnf.own_clauses().for_each(|c| session.add_clause(c)),
            Some(seed) => {
                let mut clauses: Vec<Vec<Lit>> = cnf.own_clauses().map(<[Lit]>::to_vec).collect();
                let mut rng = XorShift::new(seed);
                rng.shuffle(&mut clauses);
                for c in &mut clauses {
                    rng.shuffle(c);
                    session.add_clause(c);
                }
            }
        }
        if let Some(n) = self.conflicts {
            session.limit_conflicts(n)?;
        }
        session.solve_cancellable(&[], self.timeout, &self.cancel)
    }
}

/// In-process CaDiCaL, kept alive between solves. The constraints the formula keeps whole are
/// decided by a propagator inside the search ([`crate::solver::native`]), not by their clauses,
/// and their auxiliary variables are not CaDiCaL's ([`crate::solver::numbering`]).
pub struct CadicalSession {
    solver: CaDiCal,
    /// Our variables as CaDiCaL numbers them, and which constraints' clauses it was given after
    /// all (a clause named one of their auxiliary variables).
    numbering: Numbering,
    /// The constraints kept whole (connectivity, region division), decided natively.
    theories: Vec<Theory>,
    /// After an unsatisfiable solve: the assumptions in its core (CaDiCaL tells them only until
    /// the formula next changes, so they are read at once). `None` after any other answer.
    core: Option<Vec<Lit>>,
    /// The call's interrupt token: a solve stopped by it reports [`SolveError::Interrupted`].
    interrupt: Interrupt,
}

impl CadicalSession {
    /// Loads the formula; `interrupt` stops its solves.
    pub fn new(cnf: &Cnf, interrupt: &Interrupt) -> Self {
        Self::tuned(cnf, interrupt, SessionTuning::default())
    }

    /// [`CadicalSession::new`] set up for what it will be asked.
    pub fn tuned(cnf: &Cnf, interrupt: &Interrupt, tuning: SessionTuning) -> Self {
        let mut solver = CaDiCal::new();
        // A session solves again and again, a few clauses apart (a count's blocking loop, a
        // backbone's flips, an explanation's cores). Four of CaDiCaL 3's defaults are priced
        // for one long solve, so they are set otherwise here, the first three measured in
        // instructions on the blocking count of 64,000 models:
        // - no lucky phases: CaDiCaL 3 tries them at every solve, a few propagation sweeps over
        //   the whole formula each (five times the work of the loop), and they would pass over
        //   the phases set with `phase`;
        // - incremental lazy backtracking (`ilb=2`): the next solve starts from the previous
        //   solve's trail, as far as it still holds, instead of from level 0 (0.74 times the
        //   work);
        // - no SAT sweeping (`sweep=0`): its equivalence search restarts on every grown formula
        //   (a further 0.88 times);
        // - no vivification (`vivify=0`), measured on sessions (bench/results/cadical-kept-solvers.csv):
        //   the soma cube's backbone 0.87 times the instructions, Golomb's minimum and the magic
        //   squares' count 0.98, the blocking count of 64,000 models 0.95 times the wall time, an
        //   explanation and four pencil backbones the same; uniqueness proofs of three 8 x 8
        //   boards 0.75 to 1.10 times the wall time.
        for (option, value) in [("lucky", 0), ("ilb", 2), ("sweep", 0), ("vivify", 0)] {
            let known = solver.set(option, value);
            debug_assert!(known, "CaDiCaL has no option `{option}`");
        }
        // Kept phases, asked for by a backbone (rephasing resets the phases now and then to
        // the first, inverted, best or random ones): the soma cube's backbone 0.87 times the
        // instructions, the soma packing's 0.76 times the wall time, seven pencil backbones the
        // same; but the witch's maximum 1.36 times (bench/results/kept-solver-tuning.csv).
        if tuning.keep_phases {
            let known = solver.set("rephase", 0);
            debug_assert!(known, "CaDiCaL has no option `rephase`");
        }
        let mut session = CadicalSession::on(solver, cnf, interrupt);
        cnf.own_clauses().for_each(|c| session.add_clause(c));
        session
    }

    /// A session on `solver` (configured, no clauses yet) that knows the variables of `cnf` and
    /// decides its whole constraints natively; the caller adds its own clauses. `interrupt`
    /// stops its solves.
    fn on(mut solver: CaDiCal, cnf: &Cnf, interrupt: &Interrupt) -> Self {
        // Every in-process CaDiCaL (single solves, sessions, the portfolio's configurations) runs
        // without congruence closure (CaDiCaL 3's gate extraction, run when a search starts and in
        // its inprocessing rounds): once it has merged equivalent literals, its forward
        // subsumption walks the whole occurrence list of each literal of each candidate clause.
        // It took 37% of the time of a 10 x 10 fillomino's count to two (janko.at's #485: 22.9 s,
        // 10.8 s without), 7% of a 36 x 20 nurikabe's and 0.5% to 3.3% of the other long runs
        // measured; beyond that share a run moves either way with its search
        // (bench/results/cadical-congruence.csv).
        let known = solver.set("congruence", 0);
        debug_assert!(known, "CaDiCaL has no option `congruence`");
        assert!(cnf.labels_reserved(), "a session on a formula whose labels are not reserved");
        let theories: Vec<Theory> = cnf.theories().to_vec();
        if !theories.is_empty() {
            // The propagator keeps its own trail by decision level: chronological backtracking
            // would leave literals of lower levels above higher ones (CaDiCaL then tells them
            // again only in part), and lazy backtracking across solves keeps a trail it never
            // saw being built. Both off, its view is the solver's.
            for (option, value) in [("chrono", 0), ("ilb", 0)] {
                let known = solver.set(option, value);
                debug_assert!(known, "CaDiCaL has no option `{option}`");
            }
        }
        let numbering = Numbering::new(cnf.num_vars(), theories.iter().map(Theory::aux_range).collect());
        solver.resize(numbering.solver_vars() as i32);
        let mut session = CadicalSession { solver, numbering, theories, core: None, interrupt: interrupt.clone() };
        if !session.theories.is_empty() {
            let native = Native::new(session.theories.clone());
            // The watched variables are never auxiliary: their numbers are final now.
            let numbering = session.numbering.clone();
            let watched: Vec<i32> = native
                .watched()
                .into_iter()
                .map(|v| numbering.solver_lit(v.pos()).expect("a watched variable is handed over"))
                .collect();
            session.solver.connect_external_propagator(Propagator { native, numbering, ours: Vec::new() });
            for d in watched {
                session.solver.add_observed_var(d);
            }
        }
        session
    }

    /// Hands over what `lits` name: their variables, and the clauses of each constraint one of
    /// whose auxiliary variables they name.
    fn hand_over(&mut self, lits: &[Lit]) {
        for k in self.numbering.take(lits) {
            let mut clauses = Vec::new();
            self.theories[k].encode(&mut |cl: &[Lit]| clauses.push(cl.to_vec()));
            for cl in clauses {
                self.add_clause(&cl);
            }
        }
    }

    /// CaDiCaL's literal of `l`, handed over.
    fn lit(&self, l: Lit) -> i32 {
        self.numbering.solver_lit(l).expect("a literal of a clause or an assumption is handed over")
    }

    /// Makes the next solve give up (UNKNOWN) after `n` conflicts; a later solve goes on from
    /// where it stopped, with what it learnt.
    pub fn limit_conflicts(&mut self, n: i32) -> Result<(), SolveError> {
        if self.solver.limit("conflicts", n) {
            Ok(())
        } else {
            Err(SolveError::Failed { backend: "cadical", detail: "no conflict limit in this CaDiCaL".into() })
        }
    }

    /// Solves under `assumptions` (a cube), which hold for this solve only; learnt clauses stay
    /// for the next. `cancel` stops it from another thread (it then answers UNKNOWN).
    pub fn solve_cancellable(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &Cancel,
    ) -> Result<SolverAnswer, SolveError> {
        self.solve_and_read(assumptions, timeout, cancel, None)
    }

    /// Solves; a model holds `read`'s variables (`None`: every variable the solver has; an
    /// auxiliary variable of a constraint kept whole in `read` brings them all, from their
    /// definitions).
    fn solve_and_read(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &Cancel,
        read: Option<&[Var]>,
    ) -> Result<SolverAnswer, SolveError> {
        let _watch = self.interrupt.watch();
        self.core = None;
        let deadline =
            Deadline { timeout, started: Instant::now(), cancel: cancel.clone(), interrupt: self.interrupt.clone() };
        self.solver.connect_terminator(deadline);
        self.hand_over(assumptions);
        for &l in assumptions {
            self.solver.assume(self.lit(l));
        }
        Ok(match self.solver.solve() {
            Status::SATISFIABLE => SolverAnswer::Sat(self.model(read)),
            Status::UNSATISFIABLE => {
                let core = assumptions.iter().copied().filter(|&l| self.solver.failed(self.lit(l))).collect();
                self.core = Some(core);
                SolverAnswer::Unsat
            }
            Status::UNKNOWN if self.interrupt.is_requested() => return Err(SolveError::Interrupted),
            Status::UNKNOWN => SolverAnswer::Unknown,
        })
    }

    /// The model of the last (satisfiable) solve over `read`'s variables, or every variable the
    /// solver has. The auxiliary variables of a constraint kept whole that the solver does not
    /// have are left unset (they follow from the nodes and edges: `Cnf::complete`), unless read.
    fn model(&mut self, read: Option<&[Var]>) -> Model {
        let labels = read.is_some_and(|vs| vs.iter().any(|&v| self.is_auxiliary(v)));
        let size = if labels { self.numbering.our_vars() } else { self.numbering.handed_extent() };
        let mut model = Model::new(size);
        match read {
            Some(vs) if !labels => {
                for &v in vs {
                    if let Some(d) = self.numbering.solver_lit(v.pos()) {
                        model.set(v, Some(self.solver.val(d) > 0));
                    }
                }
            }
            _ => {
                for (k, &v) in self.numbering.ours().iter().enumerate() {
                    model.set(v, Some(self.solver.val(k as i32 + 1) > 0));
                }
                // The auxiliary variables asked for, CaDiCaL's or not, from their definitions.
                if labels {
                    for c in &self.theories {
                        c.complete(&mut model);
                    }
                }
            }
        }
        model
    }

    /// Whether `v` is an auxiliary variable of a constraint kept whole.
    fn is_auxiliary(&self, v: Var) -> bool {
        self.theories.iter().any(|t| t.aux_range().contains(&v.index()))
    }
}

impl Session for CadicalSession {
    fn add_clause(&mut self, clause: &[Lit]) {
        self.hand_over(clause);
        for &l in clause {
            self.solver.add(self.lit(l));
        }
        self.solver.add(0);
    }

    fn solve_assuming(&mut self, assumptions: &[Lit], timeout: Option<Duration>) -> Result<SolverAnswer, SolveError> {
        self.solve_cancellable(assumptions, timeout, &Cancel::default())
    }

    fn solve_stoppable(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &Cancel,
    ) -> Result<SolverAnswer, SolveError> {
        self.solve_cancellable(assumptions, timeout, cancel)
    }

    fn solve_reading(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        read: &[Var],
    ) -> Result<SolverAnswer, SolveError> {
        self.solve_and_read(assumptions, timeout, &Cancel::default(), Some(read))
    }

    fn new_var(&mut self) -> Var {
        let v = self.numbering.fresh();
        self.solver.resize(self.numbering.solver_vars() as i32);
        v
    }

    fn failed(&self, lit: Lit) -> Option<bool> {
        self.core.as_ref().map(|core| core.contains(&lit))
    }

    fn phase(&mut self, lit: Lit) -> bool {
        let Some(d) = self.numbering.solver_lit(lit) else { return false };
        self.solver.phase(d);
        true
    }

    fn fixed(&self, lit: Lit) -> Option<bool> {
        match self.solver.fixed(self.numbering.solver_lit(lit)?) {
            1 => Some(true),
            -1 => Some(false),
            _ => None,
        }
    }
}

/// CaDiCaL's external propagator: the callbacks of IPASIR-UP handed to the native state, each
/// literal turned from CaDiCaL's numbering into ours and back.
struct Propagator {
    native: Native,
    /// The numbering when the propagator was connected: every watched variable's is final then.
    numbering: Numbering,
    /// The literals of the last call, in our numbering (kept to spare an allocation per call).
    ours: Vec<i32>,
}

impl Propagator {
    /// Our literal (DIMACS) of CaDiCaL's `d`; 0 stays 0.
    fn ours(&self, d: i32) -> i32 {
        self.numbering.our_lit(d).map_or(0, Lit::to_dimacs)
    }

    /// CaDiCaL's literal of our `d`; 0 stays 0.
    fn solvers(&self, d: i32) -> i32 {
        Lit::from_dimacs(d).and_then(|l| self.numbering.solver_lit(l)).unwrap_or(0)
    }

    /// `lits` in our numbering, in `self.ours`.
    fn translate(&mut self, lits: &[i32]) {
        let mut ours = std::mem::take(&mut self.ours);
        ours.clear();
        ours.extend(lits.iter().map(|&d| self.ours(d)).filter(|&d| d != 0));
        self.ours = ours;
    }
}

impl ExternalPropagator for Propagator {
    fn notify_assignment(&mut self, lits: &[i32]) {
        self.translate(lits);
        self.native.assigned(&self.ours);
    }

    fn notify_new_decision_level(&mut self) {
        self.native.new_level();
    }

    fn notify_backtrack(&mut self, new_level: usize) {
        self.native.backtrack(new_level);
    }

    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        self.translate(model);
        self.native.check_model(&self.ours)
    }

    fn cb_propagate(&mut self) -> i32 {
        let d = self.native.propagate();
        self.solvers(d)
    }

    fn cb_add_reason_clause_lit(&mut self, propagated_lit: i32) -> i32 {
        let d = self.native.reason_lit(self.ours(propagated_lit));
        self.solvers(d)
    }

    fn cb_has_external_clause(&mut self, is_forgettable: &mut bool) -> bool {
        // A conflict of the constraint: a clause that holds in every connected graph.
        *is_forgettable = false;
        self.native.has_clause()
    }

    fn cb_add_external_clause_lit(&mut self) -> i32 {
        let d = self.native.clause_lit();
        self.solvers(d)
    }
}

/// CaDiCaL's terminator, which it asks now and then during a solve: the time limit, the
/// cancel flag, or the call's interrupt token (Ctrl-C).
struct Deadline {
    timeout: Option<Duration>,
    started: Instant,
    cancel: Cancel,
    interrupt: Interrupt,
}

impl Terminator for Deadline {
    fn terminated(&mut self) -> bool {
        self.interrupt.is_requested()
            || self.cancel.is_set()
            || self.timeout.is_some_and(|t| self.started.elapsed() >= t)
    }
}

/// A small deterministic generator for clause-order shuffles (xorshift64*): reproducible from the
/// seed, not meant to be statistically strong.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> Self {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }

    /// Fisher-Yates.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clauses that the phases' assignment satisfies (so the search meets no conflict and takes
    /// every phase), solved under an assumption: the model is the phases exactly; without phases
    /// it is not.
    #[test]
    fn a_model_follows_the_phases() {
        let n = 64;
        let mut cnf = Cnf::new();
        let vars: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
        // The phases: a fixed irregular pattern, true for about a third of the variables.
        let want: Vec<Lit> = vars.iter().enumerate().map(|(i, v)| v.lit((i * 7 + i / 5) % 3 == 0)).collect();
        for i in 0..n {
            cnf.add_clause(&[want[i], want[(i * 13 + 5) % n]]);
        }
        let assumption = [want[0]];
        let mut phased = CadicalSession::new(&cnf, &Interrupt::default());
        for &l in &want {
            assert!(phased.phase(l));
        }
        let mut plain = CadicalSession::new(&cnf, &Interrupt::default());
        let model = |s: &mut CadicalSession| match s.solve_assuming(&assumption, None).unwrap() {
            SolverAnswer::Sat(m) => vars.iter().map(|&v| v.lit(m.value(v) == Some(true))).collect::<Vec<Lit>>(),
            other => panic!("{other:?}"),
        };
        assert_eq!(model(&mut phased), want);
        assert_ne!(model(&mut plain), want);
        // The phases hold for later solves too.
        assert_eq!(model(&mut phased), want);
    }

    /// An unsatisfiable solve under assumptions names the ones in its core, until the next
    /// solve; a satisfiable one names none.
    #[test]
    fn failed_assumptions_are_the_core() {
        let mut cnf = Cnf::new();
        let [a, b, c] = [cnf.new_var(), cnf.new_var(), cnf.new_var()];
        cnf.add_clause(&[a.neg(), b.neg()]);
        let mut s = CadicalSession::new(&cnf, &Interrupt::default());
        assert_eq!(s.failed(a.pos()), None);
        assert_eq!(s.solve_assuming(&[a.pos(), b.pos(), c.pos()], None).unwrap(), SolverAnswer::Unsat);
        assert_eq!([a, b, c].map(|v| s.failed(v.pos())), [Some(true), Some(true), Some(false)]);
        // Still known after the formula grows.
        s.add_clause(&[c.pos()]);
        assert_eq!(s.failed(a.pos()), Some(true));
        assert!(matches!(s.solve_assuming(&[a.pos()], None).unwrap(), SolverAnswer::Sat(_)));
        assert_eq!(s.failed(a.pos()), None);
    }

    /// What the solver has fixed at the root is what follows from the formula and its units: a
    /// unit clause fixes its literal and what propagates from it, nothing else, and a literal
    /// never named by the formula is not known.
    #[test]
    fn root_values_follow_from_the_units() {
        let mut cnf = Cnf::new();
        let [a, b, c, d] = [cnf.new_var(), cnf.new_var(), cnf.new_var(), cnf.new_var()];
        cnf.add_clause(&[a.neg(), b.pos()]);
        cnf.add_clause(&[b.neg(), c.neg()]);
        let mut s = CadicalSession::new(&cnf, &Interrupt::default());
        assert!(matches!(s.solve(None).unwrap(), SolverAnswer::Sat(_)));
        assert_eq!([a, b, c].map(|v| s.fixed(v.pos())), [None, None, None]);
        // A unit added before a solve is propagated at the root by it (one added after a solve
        // that set its literal may stay above the root: CaDiCaL promises no more).
        let mut s = CadicalSession::new(&cnf, &Interrupt::default());
        s.add_clause(&[a.pos()]);
        assert!(matches!(s.solve(None).unwrap(), SolverAnswer::Sat(_)));
        assert_eq!([a, b, c].map(|v| s.fixed(v.pos())), [Some(true), Some(true), Some(false)]);
        assert_eq!(s.fixed(c.neg()), Some(true));
        assert_eq!(s.fixed(d.pos()), None);
    }

    /// A model read in part holds what was asked (the other variables unset); a whole model
    /// leaves out the auxiliary variables of a constraint kept whole; asked for one of them, it
    /// is the whole model with them from their definitions.
    #[test]
    fn a_model_is_read_as_far_as_asked() {
        let mut cnf = Cnf::new();
        let nodes: Vec<Var> = (0..3).map(|_| cnf.new_var()).collect();
        let adj = vec![vec![(1, None)], vec![(0, None), (2, None)], vec![(1, None)]];
        let aux = crate::connect::Connected::aux_count(3, &adj);
        let first = cnf.new_vars(aux);
        cnf.add_connected(crate::connect::Connected::new(nodes.iter().map(|v| v.pos()).collect(), adj, first));
        cnf.add_clause(&[nodes[0].pos()]);
        cnf.add_clause(&[nodes[2].pos()]);
        let mut s = CadicalSession::new(&cnf, &Interrupt::default());
        let full = match s.solve(None).unwrap() {
            SolverAnswer::Sat(m) => m,
            other => panic!("{other:?}"),
        };
        let labels: Vec<Var> = (0..aux).map(|k| first.offset(k as usize)).collect();
        assert!(labels.iter().all(|&v| full.value(v).is_none()), "no auxiliary variable in the whole model");
        assert_eq!(cnf.first_unsatisfied(&full), None);
        let SolverAnswer::Sat(part) = s.solve_reading(&[], None, &[nodes[1]]).unwrap() else { panic!() };
        // Connected through the middle node: it is read true; the ends are not read.
        assert_eq!([0, 1, 2].map(|i| part.value(nodes[i])), [None, Some(true), None]);
        let SolverAnswer::Sat(whole) = s.solve_reading(&[], None, &[labels[0]]).unwrap() else { panic!() };
        let mut completed = full.clone();
        cnf.complete(&mut completed);
        assert_eq!(whole, completed);
        assert!(labels.iter().all(|&v| whole.value(v).is_some()));
        // A label set against its definition is a broken model.
        let mut wrong = completed.clone();
        wrong.set(labels[0], Some(!completed.value(labels[0]).unwrap()));
        assert!(cnf.first_unsatisfied(&wrong).is_some());
    }
}
