//! The library's errors as Python exceptions, chosen by the error's type: bad input is a
//! `ModelError` with the file, line and column it points at (from the readers' positioned
//! [`wgrnd_sat::InputError`] and the language's diagnostics, [`wgrnd_seam::Position`]); a time
//! limit reached where an answer was needed a `SolveTimeout`; a solver that failed or lied a
//! `SolverError`; a solution the independent checker rejected (an encoding bug) a `CheckError`;
//! anything else the base `WgrndError`; Ctrl-C a `KeyboardInterrupt`. The classes are Python's
//! (`python/wgrnd/_classes.py`), so that they can also be a `ValueError` or a `TimeoutError`; the
//! message is what the command line prints after `wgrnd: `.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use wgrnd_families::{exit, Error};
use wgrnd_sat::solver::SolveError;

/// The module that defines the classes the extension makes instances of.
pub(crate) const CLASSES: &str = "wgrnd._classes";

/// The exception classes, by what went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Bad input: a model, data, puzzle file, option or view that wgrnd refuses.
    Model,
    /// A time limit reached before an answer that was needed.
    Timeout,
    /// The solver failed, could not be run, or answered what cannot be trusted.
    Solver,
    /// A solution the independent checker rejected: an encoding bug.
    Check,
    /// Any other failure (an internal error, an output that cannot be written).
    Other,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::Model => "ModelError",
            Class::Timeout => "SolveTimeout",
            Class::Solver => "SolverError",
            Class::Check => "CheckError",
            Class::Other => "WgrndError",
        }
    }

    /// The class of `e`, by its type (a family's own error by the exit code its family gave it).
    fn of(e: &Error) -> Class {
        match e {
            Error::Input(_) | Error::Option(_) | Error::NotAModel { .. } | Error::View(_) => Class::Model,
            Error::Family { exit: exit::BAD_INPUT, .. } => Class::Model,
            Error::Family { .. } => Class::Other,
            Error::Solver(SolveError::OutOfTime { .. }) => Class::Timeout,
            Error::Solver(SolveError::Io { .. }) => Class::Other,
            Error::Solver(_) | Error::LyingSolver { .. } => Class::Solver,
            Error::EncodingBug(_) | Error::OwnSearchBug { .. } => Class::Check,
            Error::BrokenPipe | Error::Output { .. } => Class::Other,
        }
    }
}

/// Where bad input points: file, line, column, each when known.
type Place = (Option<String>, Option<usize>, Option<usize>);

fn place(e: &Error) -> Place {
    match e {
        Error::Input(i) => (Some(i.file.clone()), i.line, i.column),
        Error::Family { at: Some(at), .. } => (Some(at.file.clone()), Some(at.line), Some(at.column)),
        Error::NotAModel { file, .. } => (Some(file.clone()), None, None),
        _ => (None, None, None),
    }
}

/// One class of [`CLASSES`], imported once.
fn class<'py>(py: Python<'py>, class: Class) -> PyResult<&'py Bound<'py, PyType>> {
    static MODEL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static TIMEOUT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static SOLVER: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static CHECK: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static OTHER: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let cell = match class {
        Class::Model => &MODEL,
        Class::Timeout => &TIMEOUT,
        Class::Solver => &SOLVER,
        Class::Check => &CHECK,
        Class::Other => &OTHER,
    };
    cell.import(py, CLASSES, class.name())
}

/// The exception of class `class_of` with `message` (and, for bad input, where it points).
fn raise(class_of: Class, message: String, (file, line, column): Place) -> PyErr {
    Python::attach(|py| {
        let made = class(py, class_of).and_then(|c| match class_of {
            Class::Model => c.call1((message, file, line, column)),
            _ => c.call1((message,)),
        });
        match made {
            Ok(exception) => PyErr::from_value(exception),
            Err(e) => e,
        }
    })
}

/// The library's error as a Python exception (see the module).
pub(crate) fn py_error(e: Error) -> PyErr {
    if matches!(e, Error::Solver(SolveError::Interrupted)) {
        return pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted");
    }
    let kind = Class::of(&e);
    let at = place(&e);
    raise(kind, e.to_string(), at)
}

/// An internal error (a panic of the work, a work that ended without an answer) as the base
/// `WgrndError`.
pub(crate) fn internal(message: String) -> PyErr {
    raise(Class::Other, format!("internal error: {message}"), (None, None, None))
}
