//! Everything that can go wrong between a file and an answer, and the exit code each kind means.
//! The exit code is a property of the error, decided here and nowhere else.

use wgrnd_cnf::InputError;
use wgrnd_ground::{BrokenClause, TooLarge};
use wgrnd_solve::SolveError;

/// Exit codes (also in docs/cli.md and `wgrnd --help`).
pub mod exit {
    /// Done (`check`: the solution is valid).
    pub const OK: u8 = 0;
    /// `check`, `dimacs verify`: the solution or model is rejected.
    pub const WRONG: u8 = 1;
    /// Bad input: file, line and what was expected.
    pub const BAD_INPUT: u8 = 2;
    /// A fault of wgrnd (an encoding bug caught by the checker).
    pub const INTERNAL: u8 = 3;
    /// The external solver failed (not installed, not runnable, crashed, garbage).
    pub const SOLVER_FAULT: u8 = 4;
    /// Solved (`count`: exactly one solution).
    pub const SOLVED: u8 = 10;
    /// `count`: several solutions.
    pub const SEVERAL: u8 = 12;
    /// No solution.
    pub const NO_SOLUTION: u8 = 20;
    /// Gave up (time limit) before the answer was known.
    pub const UNKNOWN: u8 = 30;
    /// Ctrl-C.
    pub const INTERRUPTED: u8 = 130;
}

/// Why a command could not give its answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file that cannot be read as what it should be.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A model, data file or solution text of the modelling language that cannot be read or
    /// grounded: the caret diagnostic (file, line, column, what was expected, the bindings).
    #[error("{}", .0.render().trim_end())]
    Model(wgrnd_qprop::QpropError),
    /// A flag that makes no sense here.
    #[error("{0}")]
    Option(String),
    /// A puzzle too large to ground, with the estimate.
    #[error("{name}: {source}")]
    TooLarge {
        /// The puzzle.
        name: String,
        /// The estimate and the limit.
        source: TooLarge,
    },
    /// A model given to `decode` that breaks a clause of the puzzle's CNF.
    #[error("{file}: {source}")]
    NotAModel {
        /// The solver output file.
        file: String,
        /// The clause.
        source: BrokenClause,
    },
    /// A solver's model that breaks a clause of the CNF it was given: the solver's fault.
    #[error("solver `{solver}`: {source}")]
    LyingSolver {
        /// The solver.
        solver: String,
        /// The clause.
        source: BrokenClause,
    },
    /// The solver failed, or Ctrl-C stopped it.
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A model that satisfies the CNF but fails the independent check, or does not decode: a bug
    /// of the encoding.
    #[error("the solver's model fails the independent check (an encoding bug): {0}")]
    EncodingBug(String),
    /// The requested view does not exist for this family.
    #[error("{0}")]
    View(String),
    /// Standard output was closed by the reader (`wgrnd encode | head`): a quiet exit.
    #[error("broken pipe")]
    BrokenPipe,
    /// An output that cannot be written.
    #[error("{path}: found {found}; expected {expected}")]
    Output {
        /// Where (`<stdout>` for standard output).
        path: String,
        /// What is in the way (`an unwritable output (Permission denied)`).
        found: String,
        /// What would do.
        expected: &'static str,
    },
}

impl Error {
    /// The exit code this error means.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Model(e) if e.kind == wgrnd_qprop::ErrorKind::Internal => exit::INTERNAL,
            Error::Input(_)
            | Error::Model(_)
            | Error::Option(_)
            | Error::TooLarge { .. }
            | Error::NotAModel { .. }
            | Error::View(_)
            | Error::Output { .. } => exit::BAD_INPUT,
            Error::LyingSolver { .. } => exit::SOLVER_FAULT,
            Error::Solver(SolveError::Interrupted) => exit::INTERRUPTED,
            Error::Solver(SolveError::Io { .. }) => exit::BAD_INPUT,
            Error::Solver(SolveError::OutOfTime { .. }) => exit::UNKNOWN,
            Error::Solver(SolveError::Failed { .. }) => exit::INTERNAL,
            Error::Solver(_) => exit::SOLVER_FAULT,
            Error::EncodingBug(_) => exit::INTERNAL,
            Error::BrokenPipe => exit::OK,
        }
    }
}
