//! Everything that can go wrong between a file and an answer, and the exit code each kind means.
//! The exit code is a property of the error, decided here and nowhere else; a family's own
//! errors (a model that does not ground, a puzzle too large to hold) arrive rendered, with the
//! exit code their family gives them ([`Error::Family`]) and the place in the file they point
//! at, so the seam names no family's types.

use wgrnd_sat::solver::SolveError;
use wgrnd_sat::InputError;

use crate::BrokenClause;

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
    /// An optimisation stopped (time limit, Ctrl-C) with a solution not proven optimal.
    pub const FEASIBLE: u8 = 11;
    /// `count`: several solutions.
    pub const SEVERAL: u8 = 12;
    /// No solution.
    pub const NO_SOLUTION: u8 = 20;
    /// Gave up (time limit) before the answer was known.
    pub const UNKNOWN: u8 = 30;
    /// Ctrl-C.
    pub const INTERRUPTED: u8 = 130;
}

/// Where in a file a family's error points: what its caret diagnostic shows, kept as data for
/// callers that are not a terminal (the Python package's `ModelError.file`, `.line`, `.column`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The file as the user named it (a model given as text: the name it was given).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// Why a command could not give its answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file that cannot be read as what it should be.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A family's own error, rendered by the family: a model, data file or solution text of the
    /// modelling language that cannot be read or grounded (the caret diagnostic: file, line,
    /// column, what was expected, the bindings), a puzzle too large to ground (the estimate).
    #[error("{diagnostic}")]
    Family {
        /// The message as the family words it, whole.
        diagnostic: String,
        /// The exit code it means (see [`exit`]).
        exit: u8,
        /// Where in which file, when the error has a place.
        at: Option<Position>,
    },
    /// A flag that makes no sense here.
    #[error("{0}")]
    Option(String),
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
    /// A solution of a family's own search ([`crate::OwnSearch`]) that fails the independent
    /// check: a bug of that search.
    #[error("the {search} search's solution fails the independent check (a bug of that search): {what}")]
    OwnSearchBug {
        /// The search's name.
        search: &'static str,
        /// The first violation.
        what: String,
    },
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
    /// A family's error that is bad input (exit 2): the family's whole message.
    pub fn bad_input(diagnostic: impl Into<String>) -> Error {
        Error::Family { diagnostic: diagnostic.into(), exit: exit::BAD_INPUT, at: None }
    }

    /// The exit code this error means.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Family { exit, .. } => *exit,
            Error::Input(_) | Error::Option(_) | Error::NotAModel { .. } | Error::View(_) | Error::Output { .. } => {
                exit::BAD_INPUT
            }
            Error::LyingSolver { .. } => exit::SOLVER_FAULT,
            Error::Solver(SolveError::Interrupted) => exit::INTERRUPTED,
            Error::Solver(SolveError::Io { .. }) => exit::BAD_INPUT,
            Error::Solver(SolveError::OutOfTime { .. }) => exit::UNKNOWN,
            Error::Solver(SolveError::Failed { .. }) => exit::INTERNAL,
            Error::Solver(_) => exit::SOLVER_FAULT,
            Error::EncodingBug(_) | Error::OwnSearchBug { .. } => exit::INTERNAL,
            Error::BrokenPipe => exit::OK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_error_keeps_its_words_and_its_exit_code() {
        let at = Some(Position { file: "t.qp".into(), line: 1, column: 1 });
        let e = Error::Family { diagnostic: "t.qp:1:1: unknown predicate 'q'".into(), exit: exit::BAD_INPUT, at };
        assert_eq!((e.to_string().as_str(), e.exit_code()), ("t.qp:1:1: unknown predicate 'q'", 2));
        let e = Error::Family { diagnostic: "checker: out of memory".into(), exit: exit::INTERNAL, at: None };
        assert_eq!(e.exit_code(), 3);
        let e = Error::bad_input("big.wgrnd: about 10^12 clauses");
        assert_eq!((e.to_string().as_str(), e.exit_code()), ("big.wgrnd: about 10^12 clauses", 2));
    }
}
