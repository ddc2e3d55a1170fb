//! The built-in session on a small formula: batsat first, CaDiCaL if the session grows. A 6 x 6
//! to 10 x 10 pencil puzzle gives 17 to 3,261 clauses (fillomino and araf more) and a backbone of
//! a few solves and at most about a thousand conflicts, so what it costs is mostly the solver's
//! set-up: CaDiCaL takes about 0.5 million instructions to be made and 1,700 per clause added
//! (a 6 x 6 hashiwokakero: 1,239 clauses, 2.6 of its backbone's 14.8 million instructions),
//! batsat a fraction of that. Where the search is what costs, CaDiCaL is the faster one (a 10 x
//! 10 LITS backbone that stays in batsat: 1.10 times the instructions). So a session on a formula of at most
//! [`LIGHT_CLAUSES`] clauses of its own (the constraints kept whole are decided natively by both
//! solvers) starts in batsat, and moves to CaDiCaL, once and for good, when batsat has met
//! [`CONFLICT_BUDGET`] conflicts (within a solve) or made [`PROPAGATIONS_PER_CLAUSE`]
//! propagations per clause (at the next solve), or when a caller asks for a phase (only CaDiCaL
//! takes them; asked before any solve, batsat is never made). CaDiCaL then gets the formula
//! with every clause and variable the session added, and a solve that spent the budget is
//! solved again there, in what is left of its time limit.
//! A move pays both solvers' set-up, so the budgets are set well above what the pencil
//! fixtures use. One solve of a whole formula (`wgrnd solve`) stays CaDiCaL's: its small
//! formulas go to the backtracking engine first (docs/scale.md). Measured in
//! `bench/results/light-first.csv` and `light-first-large.csv`, and in `bench/results/pencil.csv`
//! as of f54d630 (its instructions against cspuz were measured with a pipe that charged cspuz
//! 2.2 M more a run, docs/benchmarks.md; its before and after columns stand).

use std::time::{Duration, Instant};

use crate::solver::{BatsatSession, CadicalSession, Cancel, Interrupt, Session, SessionTuning, SolveError};
use crate::{Cnf, Lit, SolverAnswer, Var};

/// The largest formula (clauses of its own) whose session starts in batsat. The 10 x 10 pencil
/// fixtures have 17 to 3,261 clauses but fillomino's and araf's (7,170 to 15,050); a 4 x 4
/// edge-matching board has 8,336, and its backbone's hundreds of solves cost batsat 1.6 times
/// CaDiCaL's instructions (batsat starts each solve from the root, where CaDiCaL keeps the
/// trail that still holds: `ilb`).
pub const LIGHT_CLAUSES: usize = 4_000;

/// The conflicts, over a session's life, after which it moves to CaDiCaL, within a solve
/// (counted as batsat learns clauses: a solve refuted by its assumptions counts one). The
/// backbones of the pencil fixtures meet 0 to 1,062 in batsat.
pub const CONFLICT_BUDGET: u64 = 10_000;

/// The propagations, per clause of the formula it started from, after which a session moves to
/// CaDiCaL at its next solve: a session of many solves (a count's blocking loop) is where
/// CaDiCaL's kept trail pays. The backbones of the pencil fixtures that start in batsat make 1.5
/// to 16 per clause.
pub const PROPAGATIONS_PER_CLAUSE: u64 = 50;

/// Whether the built-in solver starts `cnf` in batsat.
pub fn starts_light(cnf: &Cnf) -> bool {
    cnf.own_clauses().len() <= LIGHT_CLAUSES
}

/// A session that starts in batsat and may move to CaDiCaL (see the module's text).
pub struct Escalating {
    stage: Stage,
    /// The formula the session started from, with every clause and variable added since, until
    /// the session moves to CaDiCaL (which is then given it).
    cnf: Option<Cnf>,
    interrupt: Interrupt,
    tuning: SessionTuning,
    /// batsat's conflicts after which a solve moves to CaDiCaL.
    conflicts: u64,
    /// batsat's propagations after which the next solve is CaDiCaL's.
    propagations: u64,
}

enum Stage {
    /// No solve yet: a caller that first asks for a phase goes to CaDiCaL without making batsat.
    Pending,
    // Boxed: batsat's solver is 2 KB, CaDiCaL's session 280 bytes.
    Light(Box<BatsatSession>),
    Full(Box<CadicalSession>),
}

impl Escalating {
    /// Starts from `cnf`; `interrupt` stops its solves; `tuning` sets up CaDiCaL if the session
    /// moves there.
    pub fn new(cnf: &Cnf, interrupt: &Interrupt, tuning: SessionTuning) -> Self {
        let propagations = PROPAGATIONS_PER_CLAUSE * cnf.own_clauses().len().max(1) as u64;
        Self::with_budget(cnf, interrupt, tuning, CONFLICT_BUDGET, propagations)
    }

    /// [`Escalating::new`] with a budget of `conflicts` conflicts and `propagations`
    /// propagations.
    pub fn with_budget(
        cnf: &Cnf,
        interrupt: &Interrupt,
        tuning: SessionTuning,
        conflicts: u64,
        propagations: u64,
    ) -> Self {
        let cnf = Some(cnf.copy_own());
        Escalating { stage: Stage::Pending, cnf, interrupt: interrupt.clone(), tuning, conflicts, propagations }
    }

    /// Whether the session has moved to CaDiCaL.
    pub fn escalated(&self) -> bool {
        matches!(self.stage, Stage::Full(_))
    }

    /// The session's CaDiCaL, given the formula as it stands if the session is not there yet.
    fn full(&mut self) -> &mut CadicalSession {
        if let Some(cnf) = &self.cnf {
            self.stage = Stage::Full(Box::new(CadicalSession::tuned(cnf, &self.interrupt, self.tuning)));
            self.cnf = None;
        }
        match &mut self.stage {
            Stage::Full(full) => full.as_mut(),
            _ => unreachable!("the formula is given to CaDiCaL when it is taken"),
        }
    }

    /// The solver the session is in, once it has one.
    fn started(&self) -> Option<&dyn Session> {
        match &self.stage {
            Stage::Pending => None,
            Stage::Light(light) => Some(light.as_ref()),
            Stage::Full(full) => Some(full.as_ref()),
        }
    }

    /// Solves in batsat while the budgets last, else in CaDiCaL: `solve` runs one solve on the
    /// session it is given, within the time limit it is given.
    fn solve_with(
        &mut self,
        timeout: Option<Duration>,
        solve: impl Fn(&mut dyn Session, Option<Duration>) -> Result<SolverAnswer, SolveError>,
    ) -> Result<SolverAnswer, SolveError> {
        let started = Instant::now();
        if let (Stage::Pending, Some(cnf)) = (&self.stage, &self.cnf) {
            let mut light = BatsatSession::new(cnf, &self.interrupt);
            light.limit_conflicts(self.conflicts);
            self.stage = Stage::Light(Box::new(light));
        }
        if let Stage::Light(light) = &mut self.stage {
            if light.propagations() < self.propagations {
                let answer = solve(light.as_mut(), timeout)?;
                if !(matches!(answer, SolverAnswer::Unknown) && light.spent()) {
                    return Ok(answer);
                }
            }
        }
        let full = self.full();
        let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
        solve(full, left)
    }
}

impl Session for Escalating {
    fn add_clause(&mut self, clause: &[Lit]) {
        if let Some(cnf) = &mut self.cnf {
            cnf.add_clause(clause);
        }
        match &mut self.stage {
            Stage::Pending => {}
            Stage::Light(light) => light.add_clause(clause),
            Stage::Full(full) => full.add_clause(clause),
        }
    }

    fn solve_assuming(&mut self, assumptions: &[Lit], timeout: Option<Duration>) -> Result<SolverAnswer, SolveError> {
        self.solve_with(timeout, |s, t| s.solve_assuming(assumptions, t))
    }

    fn solve_stoppable(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &Cancel,
    ) -> Result<SolverAnswer, SolveError> {
        self.solve_with(timeout, |s, t| s.solve_stoppable(assumptions, t, cancel))
    }

    fn solve_reading(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        read: &[Var],
    ) -> Result<SolverAnswer, SolveError> {
        self.solve_with(timeout, |s, t| s.solve_reading(assumptions, t, read))
    }

    fn new_var(&mut self) -> Var {
        let ours = self.cnf.as_mut().map(Cnf::new_var);
        let theirs = match &mut self.stage {
            Stage::Pending => None,
            Stage::Light(light) => Some(light.new_var()),
            Stage::Full(full) => Some(full.new_var()),
        };
        match (ours, theirs) {
            (Some(ours), Some(theirs)) => {
                assert_eq!(ours, theirs, "a session's fresh variable is the formula's next one");
                ours
            }
            (Some(v), None) | (None, Some(v)) => v,
            (None, None) => unreachable!("the formula is kept until CaDiCaL has it"),
        }
    }

    fn failed(&self, lit: Lit) -> Option<bool> {
        self.started()?.failed(lit)
    }

    /// A phase is CaDiCaL's alone: asking for one moves the session there (before any solve,
    /// without making batsat).
    fn phase(&mut self, lit: Lit) -> bool {
        self.full().phase(lit)
    }

    fn fixed(&self, lit: Lit) -> Option<bool> {
        self.started()?.fixed(lit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Restarting, SolverSpec};

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    /// Pigeons `n + 1` into `n` holes: unsatisfiable.
    fn pigeons(n: i32) -> Cnf {
        let mut f = Cnf::new();
        f.new_vars(((n + 1) * n) as u32);
        let p = |i: i32, h: i32| lit(i * n + h + 1);
        for i in 0..=n {
            f.add_clause(&(0..n).map(|h| p(i, h)).collect::<Vec<_>>());
        }
        for h in 0..n {
            for i in 0..=n {
                for j in i + 1..=n {
                    f.add_clause(&[!p(i, h), !p(j, h)]);
                }
            }
        }
        f
    }

    #[test]
    fn a_small_easy_formula_stays_in_batsat_and_a_hard_one_moves_to_cadical_with_its_clauses() {
        // batsat meets 100 conflicts on the satisfiable solve below, 2,246 on the other.
        const BUDGET: u64 = 500;
        let mut easy =
            Escalating::with_budget(&pigeons(3), &Interrupt::default(), SessionTuning::default(), BUDGET, u64::MAX);
        assert!(matches!(easy.solve(None), Ok(SolverAnswer::Unsat)));
        assert!(!easy.escalated());

        // Six pigeons in six holes are satisfiable; the seventh pigeon, added as a clause
        // after the session began, makes it the unsatisfiable formula that spends the budget:
        // CaDiCaL must be given that clause too, and a fresh variable stays usable.
        let f = pigeons(6);
        let seventh: Vec<Lit> = (0..6).map(|h| lit(6 * 6 + h + 1)).collect();
        let mut without_seventh = Cnf::new();
        without_seventh.new_vars(f.num_vars());
        for c in f.own_clauses().filter(|c| *c != &seventh[..]) {
            without_seventh.add_clause(c);
        }
        let mut s = Escalating::with_budget(
            &without_seventh,
            &Interrupt::default(),
            SessionTuning::default(),
            BUDGET,
            u64::MAX,
        );
        let fresh = s.new_var();
        assert_eq!(fresh.get(), f.num_vars() + 1);
        let seventh_off: Vec<Lit> = seventh.iter().copied().chain([fresh.pos()]).collect();
        s.add_clause(&seventh_off);
        let Ok(SolverAnswer::Sat(m)) = s.solve(None) else { panic!("the seventh pigeon may stay out") };
        assert!(!s.escalated());
        assert!(m.is_true(fresh.pos()) || seventh.iter().any(|&l| m.is_true(l)));
        assert!(matches!(s.solve_assuming(&[fresh.neg()], None), Ok(SolverAnswer::Unsat)));
        assert!(s.escalated(), "the hard solve spent batsat's budget");
        assert_eq!(s.failed(fresh.neg()), Some(true));
        without_seventh.new_var();
        without_seventh.add_clause(&seventh_off);
        // Once there, it stays there, with what it was given.
        let Ok(SolverAnswer::Sat(m)) = s.solve(None) else { panic!("satisfiable with the seventh out") };
        assert!(s.escalated());
        assert_eq!(without_seventh.first_unsatisfied(&m), None);
        assert!(m.is_true(fresh.pos()));
    }

    #[test]
    fn a_session_past_its_propagations_moves_at_its_next_solve() {
        let f = pigeons(3);
        let mut s = Escalating::with_budget(&f, &Interrupt::default(), SessionTuning::default(), u64::MAX, 1);
        assert!(matches!(s.solve_assuming(&[lit(1)], None), Ok(SolverAnswer::Unsat)));
        assert!(!s.escalated(), "the first solve is batsat's");
        assert!(matches!(s.solve_assuming(&[lit(1)], None), Ok(SolverAnswer::Unsat)));
        assert!(s.escalated());
        assert!(s.failed(lit(1)).is_some(), "CaDiCaL's core is read");
    }

    #[test]
    fn asking_for_a_phase_moves_to_cadical() {
        let mut s = Escalating::new(&pigeons(3), &Interrupt::default(), SessionTuning::default());
        assert!(!s.escalated());
        assert!(s.phase(lit(1)));
        assert!(s.escalated());
        assert!(matches!(s.solve(None), Ok(SolverAnswer::Unsat)));
    }

    /// Against splr re-solving from scratch, on formulas around the threshold with a budget
    /// that some sessions spend (a count's blocking clauses added as they go): every answer
    /// agrees and every model satisfies the formula, before and after the move.
    #[test]
    fn agrees_with_a_solve_from_scratch_before_and_after_it_moves() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut moved = 0;
        for round in 0..40 {
            let vars = 30 + (round % 3) * 10;
            let mut f = Cnf::new();
            f.new_vars(vars as u32);
            for _ in 0..(vars as usize * 42 / 10) {
                let c: Vec<Lit> = (0..3)
                    .map(|_| {
                        let v = (next() % vars as u64) as i32 + 1;
                        if next().is_multiple_of(2) {
                            lit(v)
                        } else {
                            lit(-v)
                        }
                    })
                    .collect();
                f.add_clause(&c);
            }
            let mut s = Escalating::with_budget(&f, &Interrupt::default(), SessionTuning::default(), 8, u64::MAX);
            let spec = SolverSpec::Splr;
            let mut scratch = Restarting::new(&f, move |t| spec.backend(t, &Interrupt::default()));
            for k in 0..8 {
                let assumed: Vec<Lit> = (0..k % 3)
                    .map(|_| (next() % vars as u64) as i32 + 1)
                    .map(|v| if k % 2 == 0 { lit(v) } else { lit(-v) })
                    .collect();
                match (s.solve_assuming(&assumed, None), scratch.solve_assuming(&assumed, None)) {
                    (Ok(SolverAnswer::Sat(m)), Ok(SolverAnswer::Sat(_))) => {
                        assert_eq!(f.first_unsatisfied(&m), None, "round {round}");
                        assert!(assumed.iter().all(|&l| m.is_true(l)), "round {round}");
                        // A blocking clause, as a count adds.
                        let block: Vec<Lit> =
                            (1..=vars).map(|v| if m.is_true(lit(v)) { lit(-v) } else { lit(v) }).collect();
                        s.add_clause(&block);
                        scratch.add_clause(&block);
                        f.add_clause(&block);
                    }
                    (Ok(SolverAnswer::Unsat), Ok(SolverAnswer::Unsat)) => {}
                    (a, b) => panic!("round {round}: {a:?} against {b:?}"),
                }
            }
            moved += usize::from(s.escalated());
        }
        assert!(0 < moved && moved < 40, "{moved} of 40 sessions moved: the test should see both");
    }
}
