//! # wgrnd-solve
//!
//! Owns running a SAT solver on a [`Cnf`] and bringing back a [`SolverAnswer`]. A [`Backend`] is
//! anything that can do that; [`Splr`] runs the pure-Rust solver splr 0.17.2 in-process (no
//! external program needed). The backend neither knows nor cares what the clauses mean.

#![warn(missing_docs)]

use std::time::Duration;

use splr::{Certificate, Config, SolveIF, Solver, SolverError};
use wgrnd_cnf::{Cnf, Model, SolverAnswer};

/// Why a backend failed to give an answer (UNSAT and UNKNOWN are answers, not failures).
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The solver reported an internal fault.
    #[error("{backend} failed: {detail}")]
    Failed {
        /// Which backend.
        backend: &'static str,
        /// What it said.
        detail: String,
    },
}

/// A SAT solver.
pub trait Backend {
    /// A short name for messages (`splr`).
    fn name(&self) -> &'static str;
    /// Solves the formula.
    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError>;
}

/// splr, in-process.
#[derive(Clone, Debug, Default)]
pub struct Splr {
    /// Wall-clock limit; splr counts whole seconds. `None`: no limit.
    pub timeout: Option<Duration>,
}

impl Backend for Splr {
    fn name(&self) -> &'static str {
        "splr"
    }

    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError> {
        let config = Config {
            quiet_mode: true,
            c_timeout: self.timeout.map(|t| t.as_secs_f64().ceil().max(1.0)).unwrap_or(f64::MAX / 4.0),
            ..Config::default()
        };
        let clauses = cnf.to_i32_clauses();
        let mut solver = match Solver::try_from((config, clauses.as_slice())) {
            Ok(s) => s,
            Err(Ok(Certificate::UNSAT)) => return Ok(SolverAnswer::Unsat),
            Err(Ok(Certificate::SAT(lits))) => return Ok(SolverAnswer::Sat(Model::from_lits(cnf.num_vars(), &lits))),
            Err(Err(e)) => return Err(failed(e)),
        };
        match solver.solve() {
            Ok(Certificate::SAT(lits)) => Ok(SolverAnswer::Sat(Model::from_lits(cnf.num_vars(), &lits))),
            Ok(Certificate::UNSAT) => Ok(SolverAnswer::Unsat),
            Err(SolverError::TimeOut) => Ok(SolverAnswer::Unknown),
            Err(SolverError::EmptyClause | SolverError::RootLevelConflict(_) | SolverError::Inconsistent) => {
                Ok(SolverAnswer::Unsat)
            }
            Err(e) => Err(failed(e)),
        }
    }
}

fn failed(e: SolverError) -> SolveError {
    // splr's error type does not implement std::error::Error; keep its debug text.
    SolveError::Failed { backend: "splr", detail: format!("{e:?}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_cnf::Lit;

    #[test]
    fn sat_and_unsat() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a.pos(), b.pos()]);
        cnf.add_clause(&[a.neg()]);
        let SolverAnswer::Sat(m) = Splr::default().solve(&cnf).unwrap() else { panic!("expected SAT") };
        assert_eq!((m.value(1), m.value(2)), (Some(false), Some(true)));
        cnf.add_clause(&[Lit(-2)]);
        assert_eq!(Splr::default().solve(&cnf).unwrap(), SolverAnswer::Unsat);
    }
}
