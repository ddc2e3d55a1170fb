//! Solving again and again: the formula grows by a clause between solves (a blocking clause when
//! counting). The built-in session keeps its solver's state and learnt clauses across solves:
//! CaDiCaL, or batsat first on a small formula ([`crate::solver::escalate`]), or batsat alone
//! where CaDiCaL is not built in; any other backend re-solves the grown formula from scratch (an
//! external solver is given the whole grown formula in a new file each time).

use std::time::Duration;

use crate::{Cnf, Lit, SolverAnswer, Var};

use crate::solver::{Backend, Interrupt, SolveError, SolverSpec};

/// A solver that keeps a growing formula.
pub trait Session {
    /// Adds a clause for the next solves.
    fn add_clause(&mut self, clause: &[Lit]);
    /// Solves the formula as it stands, within `timeout`.
    fn solve(&mut self, timeout: Option<Duration>) -> Result<SolverAnswer, SolveError> {
        self.solve_assuming(&[], timeout)
    }
    /// Solves the formula as it stands with `assumptions` true for this solve only (a backbone
    /// asks "is there a solution where this atom is flipped?" without changing the formula).
    fn solve_assuming(&mut self, assumptions: &[Lit], timeout: Option<Duration>) -> Result<SolverAnswer, SolveError>;
    /// [`Session::solve_assuming`] that `cancel` can stop from another thread (it then answers
    /// UNKNOWN); a backend that cannot be stopped from outside ignores the flag and runs to its
    /// answer or its time limit.
    fn solve_stoppable(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        cancel: &crate::solver::Cancel,
    ) -> Result<SolverAnswer, SolveError> {
        let _ = cancel;
        self.solve_assuming(assumptions, timeout)
    }
    /// [`Session::solve_assuming`] whose model needs to hold only `read`'s variables (other
    /// variables may be left unset). Reading a model costs a call into the solver per variable:
    /// an explanation asks thousands of questions and looks at a few atoms of each answer.
    fn solve_reading(
        &mut self,
        assumptions: &[Lit],
        timeout: Option<Duration>,
        read: &[Var],
    ) -> Result<SolverAnswer, SolveError> {
        let _ = read;
        self.solve_assuming(assumptions, timeout)
    }
    /// A fresh variable, above every variable of the formula (an activation literal for a clause
    /// that a later unit clause switches off).
    fn new_var(&mut self) -> Var;
    /// After an unsatisfiable solve under assumptions: whether assumption `lit` took part in the
    /// reason (a core). `None` where the backend cannot say (then every assumption may have).
    fn failed(&self, _lit: Lit) -> Option<bool> {
        None
    }
    /// Makes the solver take `lit` whenever it decides `lit`'s variable, in every later solve (a
    /// phase: propagation and conflicts still rule). `false` where the backend cannot (nothing
    /// changes then): only in-process CaDiCaL can.
    fn phase(&mut self, _lit: Lit) -> bool {
        false
    }
    /// Whether the solver has found `lit`'s value at the root, where it follows from the formula
    /// and the unit clauses added (as far as the solves so far have propagated them): `Some(true)`
    /// true in every solution, `Some(false)` false in every one, `None` not known (always, where
    /// the backend cannot say: only the in-process sessions, CaDiCaL's and batsat's, can).
    fn fixed(&self, _lit: Lit) -> Option<bool> {
        None
    }
}

/// How a session's solver is set up for what it will be asked; a backend without the setting
/// ignores it (only in-process CaDiCaL has them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SessionTuning {
    /// Never reset the saved phases (each variable's value in the last assignment): a backbone
    /// asks again and again for a model that flips one of the atoms every earlier model kept.
    pub keep_phases: bool,
}

/// A session on the solver `spec`, starting from `cnf`, whose solves `interrupt` stops.
pub fn session(spec: &SolverSpec, cnf: &Cnf, interrupt: &Interrupt) -> Box<dyn Session> {
    tuned_session(spec, cnf, interrupt, SessionTuning::default())
}

/// [`session`] with its solver set up by `tuning`.
pub fn tuned_session(spec: &SolverSpec, cnf: &Cnf, interrupt: &Interrupt, tuning: SessionTuning) -> Box<dyn Session> {
    // A small formula starts in batsat (crate::solver::escalate says why).
    #[cfg(all(feature = "cadical", feature = "batsat"))]
    if *spec == SolverSpec::Builtin && crate::solver::starts_light(cnf) {
        return Box::new(crate::solver::Escalating::new(cnf, interrupt, tuning));
    }
    #[cfg(feature = "cadical")]
    if *spec == SolverSpec::Builtin {
        return Box::new(crate::solver::CadicalSession::tuned(cnf, interrupt, tuning));
    }
    let _ = tuning;
    // Without CaDiCaL (the browser page) the built-in session is batsat's, incremental too.
    #[cfg(all(feature = "batsat", not(feature = "cadical")))]
    if *spec == SolverSpec::Builtin {
        return Box::new(crate::solver::BatsatSession::new(cnf, interrupt));
    }
    #[cfg(feature = "batsat")]
    if *spec == SolverSpec::Batsat {
        return Box::new(crate::solver::BatsatSession::new(cnf, interrupt));
    }
    let (spec, interrupt) = (spec.clone(), interrupt.clone());
    Box::new(Restarting::new(cnf, move |t| spec.backend(t, &interrupt)))
}

type MakeBackend = Box<dyn Fn(Option<Duration>) -> Box<dyn Backend>>;

/// Any backend, re-run on the whole formula at every solve.
pub struct Restarting {
    cnf: Cnf,
    make: MakeBackend,
}

impl Restarting {
    /// Starts from `cnf`; `make` builds the backend with a time limit.
    pub fn new(cnf: &Cnf, make: impl Fn(Option<Duration>) -> Box<dyn Backend> + 'static) -> Self {
        Restarting { cnf: cnf.clone(), make: Box::new(make) }
    }
}

impl Session for Restarting {
    fn add_clause(&mut self, clause: &[Lit]) {
        self.cnf.add_clause(clause);
    }

    fn solve_assuming(&mut self, assumptions: &[Lit], timeout: Option<Duration>) -> Result<SolverAnswer, SolveError> {
        if assumptions.is_empty() {
            return (self.make)(timeout).solve(&self.cnf);
        }
        // A backend without assumptions is given them as unit clauses of a copy.
        let mut cnf = self.cnf.clone();
        for &l in assumptions {
            cnf.add_clause(&[l]);
        }
        (self.make)(timeout).solve(&cnf)
    }

    fn new_var(&mut self) -> Var {
        self.cnf.new_var()
    }
}
