//! # Solvers
//!
//! Owns running a SAT solver on a [`Cnf`] and bringing back a [`SolverAnswer`]. A [`Backend`] is
//! anything that can do that; [`Cadical`] runs CaDiCaL 3.0.1 in-process (feature `cadical`, on by
//! default, built from source by the `cadical-sys` crate), [`Splr`] the pure-Rust solver splr
//! 0.17.2, [`Batsat`] the pure-Rust MiniSat port batsat 0.6.0 (feature `batsat`: the built-in
//! solver where CaDiCaL is not built in, the browser page, and the first solver of a small
//! formula's session where it is: [`escalate`]). None needs an external program. [`External`]
//! runs any solver program (kissat, cadical, minisat, cryptominisat5, picosat by name, or a
//! command line). A backend neither knows nor cares what the clauses mean.
//!
//! ## Which binding of CaDiCaL, and why
//!
//! `cadical-sys` 0.8.0 (MIT): CaDiCaL 3.0.1 through `cxx`, the whole C++ API one to one. It is
//! what wgrnd asks of an in-process solver: clauses, assumptions and failed assumptions (cores),
//! per-literal phases (`phase`: the optimiser tries every integer's smallest value first),
//! a terminator (time limits, a portfolio's cancel flag, Ctrl-C), the named configurations and
//! the conflict limit, and the external propagator interface IPASIR-UP
//! (`connect_external_propagator`, `add_observed_var`, a Rust trait implemented by a plain
//! `'static` value the solver then owns), on which native propagators can be built. It builds
//! with cc and cxx-build alone (no libclang); the solver is not `Send`, so each thread makes its
//! own. The alternative, `rustsat-cadical` 0.7.5 (CaDiCaL 2.2.1), goes through CaDiCaL's C API
//! and offers no external propagator, and generates its bindings with bindgen, which needs
//! libclang at build time. The earlier binding, `cadical` 0.1.16 (CaDiCaL 1.9.5, its C API), had
//! no phases: they were reached through a mangled C++ symbol and the crate's private layout.
//! Only the module `cadical` names the binding. Against CaDiCaL 1.9.5, counted in instructions
//! (`bench/results/cadical-3.csv`): single solves of 8 x 8 boards take 0.62 times as many over
//! seven boards (0.18 to 1.9 times per board); a session (many solves of one kept solver, with
//! lazy backtracking and no sweeping, see `CadicalSession::tuned`) took 0.7 to 1.07 times as many
//! when counting and optimising, and 1.15 and 1.26 times on an explanation and a backbone, whose
//! searches CaDiCaL 3 takes by other paths. Sessions now run without vivification, a backbone's
//! without rephasing, and an explanation reads only the atoms it looks at: the soma backbone
//! 0.95 and the 9 x 9 minesweeper explanation 0.89 times CaDiCaL 1.9.5's
//! (`bench/results/cadical-kept-solvers.csv`, `bench/results/kept-solver-tuning.csv`). Every
//! in-process CaDiCaL runs without congruence closure, measured after those
//! (`bench/results/cadical-congruence.csv`, `CadicalSession::on`).

#![warn(missing_docs)]

#[cfg(feature = "batsat")]
mod batsat;
#[cfg(feature = "cadical")]
mod cadical;
mod cancel;
mod counter;
#[cfg(all(feature = "cadical", feature = "batsat"))]
pub mod escalate;
mod external;
pub mod interrupt;
#[cfg(feature = "cadical")]
mod native;
#[cfg(any(feature = "cadical", feature = "batsat"))]
mod numbering;
pub mod session;

use std::time::Duration;

#[cfg(feature = "batsat")]
pub use batsat::{Batsat, BatsatSession};
#[cfg(feature = "cadical")]
pub use cadical::{Cadical, CadicalSession};
pub use cancel::Cancel;
pub use counter::{read_count, Counter, ModelCount, KNOWN_COUNTERS};
#[cfg(all(feature = "cadical", feature = "batsat"))]
pub use escalate::{starts_light, Escalating, CONFLICT_BUDGET, LIGHT_CLAUSES, PROPAGATIONS_PER_CLAUSE};
pub use external::{prove_unsat, External, Proof, KNOWN};
pub use interrupt::Interrupt;
pub use session::{session, tuned_session, Restarting, Session, SessionTuning};

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
    /// The fastest in-process solver this build has: CaDiCaL with the `cadical` feature (with
    /// `batsat` too, a small formula's session starts in batsat: [`escalate`]), else batsat with
    /// the `batsat` feature (the browser page), else splr.
    Builtin,
    /// splr, in-process (pure Rust).
    Splr,
    /// batsat, in-process (pure Rust): the browser page's built-in solver, named to run the page's
    /// solver on the command line.
    #[cfg(feature = "batsat")]
    Batsat,
    /// A solver program.
    External(External),
}

impl SolverSpec {
    /// `builtin`, `splr`, `batsat` (with that feature), a known solver's name or a command line
    /// (see [`External::new`]).
    pub fn parse(spec: &str) -> SolverSpec {
        match spec {
            "builtin" => SolverSpec::Builtin,
            "splr" => SolverSpec::Splr,
            #[cfg(feature = "batsat")]
            "batsat" => SolverSpec::Batsat,
            spec => SolverSpec::External(External::new(spec, None)),
        }
    }

    /// Whether it decides a formula's constraints kept whole (connectivity, region division)
    /// natively, reading none of their clauses: CaDiCaL and batsat in-process, not splr nor a
    /// solver program.
    pub fn decides_natively(&self) -> bool {
        match self {
            SolverSpec::Builtin => cfg!(any(feature = "cadical", feature = "batsat")),
            #[cfg(feature = "batsat")]
            SolverSpec::Batsat => true,
            SolverSpec::Splr | SolverSpec::External(_) => false,
        }
    }

    /// The name for messages.
    pub fn name(&self) -> &str {
        match self {
            SolverSpec::Builtin => "builtin",
            SolverSpec::Splr => "splr",
            #[cfg(feature = "batsat")]
            SolverSpec::Batsat => "batsat",
            SolverSpec::External(e) => &e.name,
        }
    }

    /// A backend that solves within `timeout` and that `interrupt` stops (splr cannot be stopped; it
    /// runs to its answer or its time limit).
    pub fn backend(&self, timeout: Option<Duration>, interrupt: &Interrupt) -> Box<dyn Backend> {
        match self {
            #[cfg(feature = "cadical")]
            SolverSpec::Builtin => Box::new(Cadical { timeout, interrupt: interrupt.clone(), ..Cadical::default() }),
            #[cfg(all(not(feature = "cadical"), feature = "batsat"))]
            SolverSpec::Builtin => Box::new(Batsat { timeout, interrupt: interrupt.clone() }),
            #[cfg(all(not(feature = "cadical"), not(feature = "batsat")))]
            SolverSpec::Builtin => {
                let _ = interrupt;
                Box::new(Splr { timeout })
            }
            SolverSpec::Splr => Box::new(Splr { timeout }),
            #[cfg(feature = "batsat")]
            SolverSpec::Batsat => Box::new(Batsat { timeout, interrupt: interrupt.clone() }),
            SolverSpec::External(e) => Box::new(External { timeout, interrupt: interrupt.clone(), ..e.clone() }),
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

    /// `pigeons` pigeons in one hole fewer: unsatisfiable, and a search that grows fast with
    /// the number (11 pigeons take CaDiCaL far longer than a test may).
    #[cfg(feature = "cadical")]
    fn pigeons(pigeons: usize) -> Cnf {
        let holes = pigeons - 1;
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
        cnf
    }

    /// A cancelled solve of a formula that needs search answers UNKNOWN at once.
    #[cfg(feature = "cadical")]
    #[test]
    fn cancelled_cadical_answers_unknown() {
        let cancel = Cancel::default();
        cancel.set();
        let cnf = pigeons(11);
        let started = std::time::Instant::now();
        let mut solver = Cadical { cancel, ..Cadical::default() };
        assert_eq!(solver.solve(&cnf).unwrap(), SolverAnswer::Unknown);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    /// Two calls, two tokens: stopping one call's solve (it reports Interrupted) leaves the other
    /// call's solve, running at the same time on another thread, to finish with its answer.
    #[cfg(feature = "cadical")]
    #[test]
    fn a_stop_stops_its_own_call_only() {
        let (stopped, going_on) = (Interrupt::default(), Interrupt::default());
        let other = {
            let interrupt = going_on.clone();
            std::thread::spawn(move || Cadical { interrupt, ..Cadical::default() }.solve(&pigeons(9)))
        };
        let hard = {
            let interrupt = stopped.clone();
            std::thread::spawn(move || Cadical { interrupt, ..Cadical::default() }.solve(&pigeons(12)))
        };
        let started = std::time::Instant::now();
        let _ = stopped.request();
        assert!(matches!(hard.join().unwrap(), Err(SolveError::Interrupted)));
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(!going_on.is_requested());
        assert_eq!(other.join().unwrap().unwrap(), SolverAnswer::Unsat);
    }
}
