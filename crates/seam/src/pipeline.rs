//! The steps every command shares, written once over [`Family`]: solve a grounding with a
//! backend, read a solver's answer back, and never hand on a solution the family's checker has
//! not passed.

use crate::Present;
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{Interrupt, SolverSpec};
use wgrnd_sat::{parse_answer, Model, SolverAnswer};

use crate::{BrokenClause, CheckFn, Error, Family, Grounding, View};

/// What a solve came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<S> {
    /// A solution, checked.
    Solved(S),
    /// No solution exists.
    NoSolution,
    /// The solver gave up.
    Unknown,
}

/// Decodes a model and has the family's checker judge it: a model that satisfies the CNF but not
/// the checker is a bug of the encoding.
pub fn checked_decode<F: Family>(f: &F, g: &Grounding<F::Encoding>, model: &Model) -> Result<F::Solution, Error> {
    checked_decode_by(f, g, model, &mut |s| f.check(s))
}

/// [`checked_decode`] with the verdicts of `check` (a [`Family::check_session`], for a run of
/// models).
pub fn checked_decode_by<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    model: &Model,
    check: &mut CheckFn<'_, F::Solution, F::Violation>,
) -> Result<F::Solution, Error> {
    checked_by(f.decode(g, model)?, check)
}

/// `solution` if `check` finds nothing wrong with it, else the encoding bug its violations show.
pub fn checked_by<S, V: std::fmt::Display>(solution: S, check: &mut CheckFn<'_, S, V>) -> Result<S, Error> {
    let violations = check(&solution)?;
    if violations.is_empty() {
        return Ok(solution);
    }
    let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
    Err(Error::EncodingBug(list.join("; ")))
}

/// Solves the grounding with `solver` within `timeout`, stopped by the call's `interrupt`; a model is checked against the CNF (a
/// model that breaks a clause is the solver's fault), decoded and checked.
pub fn solve<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Answer<F::Solution>, Error> {
    Ok(solve_timed(f, g, solver, timeout, interrupt)?.0)
}

/// Where a solve spent its time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Times {
    /// In the solver.
    pub solving: Duration,
    /// Checking the model against the CNF, decoding it and running the family's checker.
    pub checking: Duration,
}

/// [`solve`], and where the time went.
pub fn solve_timed<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<(Answer<F::Solution>, Times), Error> {
    let started = Instant::now();
    let answer = solver.backend(timeout, interrupt).solve(&g.cnf)?;
    let solving = started.elapsed();
    let answer = judge(f, g, solver.name(), answer)?;
    Ok((answer, Times { solving, checking: started.elapsed() - solving }))
}

/// A solver's answer judged: a model must satisfy the grounding's CNF (else the solver named
/// `solver` lied) and its decoded solution must pass the family's checker.
pub fn judge<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &str,
    answer: SolverAnswer,
) -> Result<Answer<F::Solution>, Error> {
    finish(f, g, answer, |source| Error::LyingSolver { solver: solver.to_string(), source })
}

/// An in-process search's answer judged: as [`judge`], but outside debug builds (the test suite)
/// without the check of the model against every clause. The backtracking engine hands out only
/// assignments that leave no clause false (its watched-literal propagation visits every clause
/// a literal falsifies; `wgrnd_engine::count::Hit::Search`), and the check cost the 4 x 4 magic square's
/// first solution 0.62 M of its 13.3 M instructions. The decoded solution passes the family's
/// checker as always.
pub fn judge_search<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &str,
    answer: SolverAnswer,
) -> Result<Answer<F::Solution>, Error> {
    match answer {
        SolverAnswer::Sat(model) if !cfg!(debug_assertions) => Ok(Answer::Solved(checked_decode(f, g, &model)?)),
        answer => judge(f, g, solver, answer),
    }
}

/// Reads a solver's output for the grounding's CNF (`file` names it in messages); a model that
/// breaks a clause is bad input here.
pub fn decode_answer<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    file: &str,
    text: &str,
) -> Result<Answer<F::Solution>, Error> {
    let answer = parse_answer(file, text, g.cnf.num_vars())?;
    finish(f, g, answer, |source| Error::NotAModel { file: file.to_string(), source })
}

fn finish<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    answer: SolverAnswer,
    broken: impl FnOnce(BrokenClause) -> Error,
) -> Result<Answer<F::Solution>, Error> {
    Ok(match answer {
        SolverAnswer::Sat(model) => {
            g.check_model(&model).map_err(broken)?;
            Answer::Solved(checked_decode(f, g, &model)?)
        }
        SolverAnswer::Unsat => Answer::NoSolution,
        SolverAnswer::Unknown => Answer::Unknown,
    })
}

/// Refuses a view the family does not draw (bad input, exit 2), listing the ones it does: the
/// one check of `--view`, made before anything is solved.
pub fn check_view<F: Family + Present>(f: &F, view: View) -> Result<(), Error> {
    if F::VIEWS.contains(&view) {
        return Ok(());
    }
    Err(Error::View(view.undrawn(&format!("`{}` ({})", f.name(), f.kind()), F::VIEWS)))
}
