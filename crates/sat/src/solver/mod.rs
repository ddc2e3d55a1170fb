//! # wgrnd-solve
//!
//! Owns running a SAT solver on a [`Cnf`] and bringing back a [`SolverAnswer`]. A [`Backend`] is
//! anything that can do that; [`Cadical`] runs CaDiCaL 1.9.5 in-process (feature `cadical`, on by
//! default, built from source by the `cadical` crate), [`Splr`] the pure-Rust solver splr 0.17.2.
//! Neither needs an external program. [`External`] runs any solver program (kissat, cadical,
//! minisat, cryptominisat5, picosat by name, or a command line). A backend neither knows
//! nor cares what the clauses mean.

#![warn(missing_docs)]

mod cancel;
mod counter;
mod external;
pub mod interrupt;
#[cfg(feature = "cadical")]
mod phase;
pub mod session;

use std::time::Duration;

pub use cancel::Cancel;
pub use counter::{read_count, Counter, ModelCount, KNOWN_COUNTERS};
pub use external::{prove_unsat, External, Proof, KNOWN};
pub use interrupt::interrupted;
#[cfg(feature = "cadical")]
pub use session::CadicalSession;
pub use session::{session, Restarting, Session};

use crate::{Cnf, Model, SolverAnswer};
use splr::{Certificate, Config, SolveIF, Solver, SolverError};

/// Why a backend failed to give an answer (UNSAT and UNKNOWN are answers, not failures).
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The external solver's program is not on PATH.
    #[error("solver `{solver}` is not installed (`{program}` is not on PATH); {hint}")]
    NotInstalled {
        /// The solver's name.
        solver: String,
        /// The program looked for.
        program: String,
        /// How to install it.
        hint: String,
    },
    /// The external solver's program exists but cannot be started (not executable, ...).
    #[error("solver `{solver}` cannot be started (`{program}`: {reason})")]
    NotRunnable {
        /// The solver's name.
        solver: String,
        /// The program.
        program: String,
        /// Why the system refused to start it.
        reason: String,
    },
    /// The external solver died or failed without an answer.
    #[error("solver `{solver}` {how}{}", stderr_note(stderr))]
    Crashed {
        /// The solver's name.
        solver: String,
        /// What happened (signal, exit code).
        how: String,
        /// The tail of its stderr.
        stderr: String,
    },
    /// The external solver's answer cannot be read or contradicts itself.
    #[error("solver `{solver}` gave an answer wgrnd cannot trust: {detail}{}", stderr_note(stderr))]
    Garbage {
        /// The solver's name.
        solver: String,
        /// What is wrong with it.
        detail: String,
        /// The tail of its stderr.
        stderr: String,
    },
    /// A temporary file or a certificate could not be written (a full disk, a missing TMPDIR).
    #[error("{what}: {source}")]
    Io {
        /// What was being written.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A run that must finish (the uniqueness proof) ran out of time.
    #[error("solver `{solver}` ran out of time before {task}")]
    OutOfTime {
        /// The solver.
        solver: String,
        /// What it was doing.
        task: String,
    },
    /// Ctrl-C: the solve was stopped.
    #[error("interrupted")]
    Interrupted,
    /// The solver reported an internal fault.
    #[error("{backend} failed: {detail}")]
    Failed {
        /// Which backend.
        backend: &'static str,
        /// What it said.
        detail: String,
    },
}

fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        "; it wrote nothing to stderr".into()
    } else {
        format!("; the end of its stderr:\n{stderr}")
    }
}

/// Which solver to run: the typed form of a `--solver` value, made once where options are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverSpec {
    /// The fastest in-process solver this build has: CaDiCaL with the `cadical` feature, else splr.
    Builtin,
    /// splr, in-process (pure Rust).
    Splr,
    /// A solver program.
    External(External),
}

impl SolverSpec {
    /// `builtin`, `splr`, a known solver's name or a command line (see [`External::new`]).
    pub fn parse(spec: &str) -> SolverSpec {
        match spec {
            "builtin" => SolverSpec::Builtin,
            "splr" => SolverSpec::Splr,
            spec => SolverSpec::External(External::new(spec, None)),
        }
    }

    /// The name for messages.
    pub fn name(&self) -> &str {
        match self {
            SolverSpec::Builtin => "builtin",
            SolverSpec::Splr => "splr",
            SolverSpec::External(e) => &e.name,
        }
    }

    /// A backend that solves within `timeout`.
    pub fn backend(&self, timeout: Option<Duration>) -> Box<dyn Backend> {
        match self {
            #[cfg(feature = "cadical")]
            SolverSpec::Builtin => Box::new(Cadical { timeout, ..Cadical::default() }),
            #[cfg(not(feature = "cadical"))]
            SolverSpec::Builtin => Box::new(Splr { timeout }),
            SolverSpec::Splr => Box::new(Splr { timeout }),
            SolverSpec::External(e) => Box::new(External { timeout, ..e.clone() }),
        }
    }
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
            Err(Err(e)) => return refuted(e),
        };
        match solver.solve() {
            Ok(Certificate::SAT(lits)) => Ok(SolverAnswer::Sat(Model::from_lits(cnf.num_vars(), &lits))),
            Ok(Certificate::UNSAT) => Ok(SolverAnswer::Unsat),
            Err(e) => refuted(e),
        }
    }
}

/// CaDiCaL, in-process through the `cadical` crate.
#[cfg(feature = "cadical")]
#[derive(Clone, Debug, Default)]
pub struct Cadical {
    /// Wall-clock limit. `None`: no limit.
    pub timeout: Option<Duration>,
    /// One of CaDiCaL's named configurations (`sat`, `unsat`, `plain`); `None`: its default.
    pub config: Option<&'static str>,
    /// Hands the clauses over in an order shuffled by this seed (clauses and the literals in
    /// each): the binding exposes no random seed, and the input order steers CaDiCaL's search as
    /// much as a seed would. `None`: the grounding's order.
    pub shuffle: Option<u64>,
    /// Gives up (UNKNOWN) after this many conflicts: a budget that, unlike a time limit, ends
    /// the same way on every machine. `None`: no limit.
    pub conflicts: Option<i32>,
    /// Stops the solve from another thread (a portfolio's loser); it then answers UNKNOWN.
    pub cancel: Cancel,
}

#[cfg(feature = "cadical")]
impl Backend for Cadical {
    fn name(&self) -> &'static str {
        "cadical (in-process)"
    }

    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError> {
        let mut solver: cadical::Solver<Deadline> = match self.config {
            None => cadical::Solver::new(),
            Some(config) => cadical::Solver::with_config(config).map_err(|e| SolveError::Failed {
                backend: "cadical",
                detail: format!("configuration {config}: {e:?}"),
            })?,
        };
        solver.reserve(cnf.num_vars() as i32);
        match self.shuffle {
            None => cnf.clauses().for_each(|c| solver.add_clause(c.iter().map(|l| l.to_dimacs()))),
            Some(seed) => {
                let mut clauses: Vec<Vec<i32>> =
                    cnf.clauses().map(|c| c.iter().map(|l| l.to_dimacs()).collect()).collect();
                let mut rng = XorShift::new(seed);
                rng.shuffle(&mut clauses);
                for c in &mut clauses {
                    rng.shuffle(c);
                    solver.add_clause(c.iter().copied());
                }
            }
        }
        if let Some(n) = self.conflicts {
            solver
                .set_limit("conflicts", n)
                .map_err(|e| SolveError::Failed { backend: "cadical", detail: format!("conflict limit: {e:?}") })?;
        }
        solver.set_callbacks(Some(Deadline {
            timeout: self.timeout,
            started: std::time::Instant::now(),
            cancel: self.cancel.clone(),
        }));
        cadical_answer(&mut solver, cnf.num_vars(), &[])
    }
}

/// Runs CaDiCaL and reads its answer (the model over the first `num_vars` variables).
#[cfg(feature = "cadical")]
fn cadical_answer(
    solver: &mut cadical::Solver<Deadline>,
    num_vars: u32,
    assumptions: &[crate::Lit],
) -> Result<SolverAnswer, SolveError> {
    let _watch = interrupt::Watch::start();
    let verdict = solver.solve_with(assumptions.iter().map(|l| l.to_dimacs()));
    read_answer(solver, verdict, num_vars)
}

/// CaDiCaL's verdict as an answer, with the model over the first `num_vars` variables.
#[cfg(feature = "cadical")]
fn read_answer(
    solver: &cadical::Solver<Deadline>,
    verdict: Option<bool>,
    num_vars: u32,
) -> Result<SolverAnswer, SolveError> {
    Ok(match verdict {
        Some(true) => {
            let lits: Vec<i32> =
                (1..=num_vars as i32).filter_map(|v| solver.value(v).map(|b| if b { v } else { -v })).collect();
            SolverAnswer::Sat(Model::from_lits(num_vars, &lits))
        }
        Some(false) => SolverAnswer::Unsat,
        None if interrupted() => return Err(SolveError::Interrupted),
        None => SolverAnswer::Unknown,
    })
}

/// CaDiCaL's terminate callback: the time limit, or Ctrl-C.
#[cfg(feature = "cadical")]
pub(crate) struct Deadline {
    pub(crate) timeout: Option<Duration>,
    pub(crate) started: std::time::Instant,
    pub(crate) cancel: Cancel,
}

#[cfg(feature = "cadical")]
impl cadical::Callbacks for Deadline {
    fn started(&mut self) {
        self.started = std::time::Instant::now();
    }

    fn terminate(&mut self) -> bool {
        interrupted() || self.cancel.is_set() || self.timeout.is_some_and(|t| self.started.elapsed() >= t)
    }
}

/// A small deterministic generator for clause-order shuffles (xorshift64*): reproducible from the
/// seed, not meant to be statistically strong.
#[cfg(feature = "cadical")]
struct XorShift(u64);

#[cfg(feature = "cadical")]
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

/// splr reports some verdicts as errors: a time-out is UNKNOWN, an empty clause or a conflict at
/// the root UNSAT; anything else is a fault.
fn refuted(e: SolverError) -> Result<SolverAnswer, SolveError> {
    match e {
        SolverError::TimeOut => Ok(SolverAnswer::Unknown),
        SolverError::EmptyClause | SolverError::RootLevelConflict(_) | SolverError::Inconsistent => {
            Ok(SolverAnswer::Unsat)
        }
        // splr's error type does not implement std::error::Error; keep its debug text.
        e => Err(SolveError::Failed { backend: "splr", detail: format!("{e:?}") }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sat_and_unsat(backend: &mut dyn Backend) {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a.pos(), b.pos()]);
        cnf.add_clause(&[a.neg()]);
        let SolverAnswer::Sat(m) = backend.solve(&cnf).unwrap() else { panic!("expected SAT") };
        assert_eq!((m.value(a), m.value(b)), (Some(false), Some(true)));
        cnf.add_clause(&[b.neg()]);
        assert_eq!(backend.solve(&cnf).unwrap(), SolverAnswer::Unsat);
        // An empty clause (a clue that cannot fit, say) is a plain UNSAT, not a failure.
        let mut empty = Cnf::new();
        empty.new_var();
        empty.add_clause(&[]);
        assert_eq!(backend.solve(&empty).unwrap(), SolverAnswer::Unsat);
    }

    #[test]
    fn splr_sat_and_unsat() {
        sat_and_unsat(&mut Splr::default());
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_sat_and_unsat() {
        sat_and_unsat(&mut Cadical::default());
        sat_and_unsat(&mut Cadical { config: Some("sat"), shuffle: Some(7), ..Cadical::default() });
    }

    /// A cancelled solve of a formula that needs search (11 pigeons in 10 holes, which takes
    /// CaDiCaL far longer than this test may) answers UNKNOWN at once.
    #[cfg(feature = "cadical")]
    #[test]
    fn cancelled_cadical_answers_unknown() {
        let cancel = Cancel::default();
        cancel.set();
        let (pigeons, holes) = (11, 10);
        let mut cnf = Cnf::new();
        let x: Vec<Vec<_>> = (0..pigeons).map(|_| (0..holes).map(|_| cnf.new_var()).collect()).collect();
        for p in &x {
            cnf.add_clause(&p.iter().map(|v| v.pos()).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for (p, first) in x.iter().enumerate() {
                for second in &x[p + 1..] {
                    cnf.add_clause(&[first[h].neg(), second[h].neg()]);
                }
            }
        }
        let started = std::time::Instant::now();
        let mut solver = Cadical { cancel, ..Cadical::default() };
        assert_eq!(solver.solve(&cnf).unwrap(), SolverAnswer::Unknown);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
