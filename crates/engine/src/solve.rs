//! The one place that decides how a grounding is solved, for the command line and the Python
//! package alike: a grounding with an objective goes to the exact optimiser, a closed parity
//! system to Gauss elimination, a solve asked to split into cubes to cube-and-conquer, and any
//! other to [`portfolio::solve_jobs`] (a small formula first by the backtracking engine, then the
//! plain solve on one job or the portfolio's race on more). Cubes and the portfolio search the
//! puzzle's normal form instead where its family has one ([`wgrnd_seam::Search::normal_form`]).
//! Every route ends in a solution that the family's checker passed; an optimum's objective is
//! recomputed by the checker too. What the run did is reported as `c` lines ([`Solved::notes`])
//! for whoever wants to show them.

use std::time::{Duration, Instant};

use wgrnd_sat::solver::{Interrupt, SolverSpec};
use wgrnd_sat::Model;
use wgrnd_seam::pipeline::{self, Answer, Times};
use wgrnd_seam::{Error, Family, Grounding};

use crate::cube::Score;
use crate::optimise::OptEngine;
use crate::{gauss, portfolio, runs};

/// How a solve may run: the options the command line's flags and the Python package's keyword
/// arguments both come to.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The solver (`Builtin`: in-process CaDiCaL, with the backtracking engine's small try).
    pub solver: SolverSpec,
    /// Threads for the portfolio; `None`: [`crate::jobs::default_jobs`].
    pub jobs: Option<usize>,
    /// Cube-and-conquer instead of the portfolio: this many cubes at most, split by this score,
    /// solved on `jobs` threads (default: every core).
    pub cubes: Option<(usize, Score)>,
    /// The time limit of the whole solve.
    pub timeout: Option<Duration>,
    /// The optimiser's engine, for a grounding with an objective.
    pub opt: OptEngine,
    /// The call's interrupt token (Ctrl-C): the solve stops and reports
    /// [`wgrnd_sat::solver::SolveError::Interrupted`] (an optimum, the best found).
    pub interrupt: Interrupt,
}

impl SolveOptions {
    /// The built-in solver with its defaults: the portfolio on the default jobs, no time limit.
    pub fn new(solver: SolverSpec) -> SolveOptions {
        SolveOptions {
            solver,
            jobs: None,
            cubes: None,
            timeout: None,
            opt: OptEngine::Auto,
            interrupt: Interrupt::default(),
        }
    }
}

/// Which route a solve took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The exact optimiser (a grounding with an objective).
    Optimiser,
    /// Gauss elimination of a closed parity system.
    Gauss,
    /// Cube-and-conquer.
    Cubes,
    /// The solver on one job, or the portfolio's race (a small formula first tried by the
    /// backtracking engine in both).
    Portfolio,
}

/// An optimum as the optimiser left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// The objective's value at every level as the user reads it (the solution's, when there is
    /// one; recomputed by the family's checker where it can).
    pub values: Vec<i64>,
    /// Whether proven optimal.
    pub optimal: bool,
    /// Whether the optimiser stopped at Ctrl-C (else, when not optimal, at the time limit).
    pub interrupted: bool,
}

/// What a solve came to.
#[derive(Debug)]
pub struct Solved<S> {
    /// The answer: a solution checked by the family's checker, none, or unknown.
    pub answer: Answer<S>,
    /// The route taken.
    pub route: Route,
    /// For a grounding with an objective: the best solution's objective and whether it is proven
    /// optimal (with no solution: `values` empty, `optimal` when none exists).
    pub objective: Option<Objective>,
    /// Where the time went.
    pub times: Times,
    /// What the run did, as DIMACS-style `c` lines (members raced, the winner, cubes, the
    /// optimiser's engines), for `-v`.
    pub notes: Vec<String>,
}

/// Solves `g` (the family's grounding of `f`, or its normal form where `f` has one) as `options`
/// say, reporting each improvement of an objective to `improved` (the model and its cost at
/// every level) as it is found.
pub fn solve<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    options: &SolveOptions,
    improved: &mut dyn FnMut(&Model, &[i64]),
) -> Result<Solved<F::Solution>, Error> {
    if !g.objective.is_empty() {
        return optimise(f, g, options, improved);
    }
    if options.solver == SolverSpec::Builtin {
        if let Some(p) = gauss::Parity::of(g) {
            let (answer, times) = gauss::solve(f, g, &p)?;
            return Ok(Solved { answer, route: Route::Gauss, objective: None, times, notes: Vec::new() });
        }
    }
    // A puzzle with a normal form has a solution exactly when the form has one, and the form is
    // the smaller search (numberlink's lines that could wander through empty cells).
    let normal = f.normal_form()?;
    let (g, form) = match &normal {
        Some(normal) => (normal, Some("c solved on the puzzle's normal form")),
        None => (g, None),
    };
    let mut solved = match options.cubes {
        Some((n, score)) => cubes(f, g, options, n, score),
        None => jobs(f, g, options),
    }?;
    solved.notes.extend(form.map(String::from));
    Ok(solved)
}

fn jobs<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    o: &SolveOptions,
) -> Result<Solved<F::Solution>, Error> {
    let jobs = o.jobs.unwrap_or_else(|| crate::jobs::default_jobs(&o.solver));
    let (outcome, members) = portfolio::solve_jobs(f, g, &o.solver, Some(jobs), o.timeout, &o.interrupt)?;
    let mut notes = Vec::new();
    // One job is the plain solve: no race, nothing to say of one.
    if jobs > 1 {
        let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
        notes.push(match members.is_empty() {
            true => "c portfolio not raced: the backtracking engine answered a small formula first".into(),
            false => format!("c portfolio {} members: {}", members.len(), names.join(", ")),
        });
        for (name, e) in &outcome.failures {
            notes.push(format!("c member {name} failed: {e}"));
        }
        notes.push(format!("c winner {}", outcome.winner.as_deref().unwrap_or("none")));
    }
    let times = Times { solving: outcome.elapsed.saturating_sub(outcome.checking), checking: outcome.checking };
    Ok(Solved { answer: outcome.answer, route: Route::Portfolio, objective: None, times, notes })
}

fn cubes<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    o: &SolveOptions,
    n: usize,
    score: Score,
) -> Result<Solved<F::Solution>, Error> {
    let started = Instant::now();
    let split = crate::cube::split_by(&g.cnf, &g.projection, n, score);
    let mut notes = vec![format!(
        "c cubes {} (refuted by propagation {}), split in {:.3} s",
        split.cubes.len(),
        split.refuted,
        split.elapsed.as_secs_f64()
    )];
    let jobs = o.jobs.unwrap_or_else(crate::jobs::cores);
    let left = o.timeout.map(|t| t.saturating_sub(started.elapsed()));
    let run = runs::solve_cubes(f, g, &split.cubes, &o.solver, jobs, left, &o.interrupt)?;
    notes.push(format!("c jobs {jobs}"));
    notes.extend(cube_lines(&run.cubes));
    let times = Times { solving: run.elapsed.saturating_sub(run.checking), checking: run.checking };
    Ok(Solved { answer: run.answer, route: Route::Cubes, objective: None, times, notes })
}

/// Per-cube statistics as `c` lines: how many of each verdict, and the spread of their times.
fn cube_lines(cubes: &[runs::CubeResult]) -> Vec<String> {
    let mut times: Vec<f64> = cubes.iter().map(|c| c.seconds).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((times.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
    let n = |v: &str| cubes.iter().filter(|c| c.verdict == v).count();
    let mut lines: Vec<String> =
        cubes.iter().map(|c| format!("c cube {} {} {:.3} s", c.cube, c.verdict, c.seconds)).collect();
    lines.push(format!(
        "c cubes ended {}: sat {} unsat {} exhausted {} unknown {}",
        cubes.len(),
        n("sat"),
        n("unsat"),
        n("exhausted"),
        cubes.len() - n("sat") - n("unsat") - n("exhausted")
    ));
    lines.push(format!(
        "c cube seconds min {:.3} median {:.3} p90 {:.3} max {:.3} sum {:.3}",
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0),
        times.iter().sum::<f64>()
    ));
    lines
}

/// A grounding with an objective: the optimum (or, stopped early, the best found), decoded,
/// checked, and its objective recomputed by the family's checker, which must agree.
fn optimise<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    o: &SolveOptions,
    improved: &mut dyn FnMut(&Model, &[i64]),
) -> Result<Solved<F::Solution>, Error> {
    let started = Instant::now();
    let best = crate::optimise::optimise(g, &o.solver, o.opt, o.timeout, &o.interrupt, improved)?;
    let solving = started.elapsed();
    let notes =
        vec![format!("c solver {} optimiser {} ({} solves)", o.solver.name(), best.engines.join(" "), best.solves)];
    let Some((model, costs)) = best.best else {
        let answer = if best.optimal { Answer::NoSolution } else { Answer::Unknown };
        let objective = Objective { values: Vec::new(), optimal: best.optimal, interrupted: best.interrupted };
        let times = Times { solving, checking: Duration::ZERO };
        return Ok(Solved { answer, route: Route::Optimiser, objective: Some(objective), times, notes });
    };
    g.check_model(&model).map_err(|e| Error::EncodingBug(e.to_string()))?;
    let solution = pipeline::checked_decode(f, g, &model)?;
    let values = g.objective.shown(&costs);
    if let Some(checked) = f.objective_values(&solution)? {
        if checked != values {
            return Err(Error::EncodingBug(format!(
                "the checker computes the objective {}, the optimiser {}",
                join(&checked),
                join(&values)
            )));
        }
    }
    let times = Times { solving, checking: started.elapsed().saturating_sub(solving) };
    let objective = Objective { values, optimal: best.optimal, interrupted: best.interrupted };
    Ok(Solved { answer: Answer::Solved(solution), route: Route::Optimiser, objective: Some(objective), times, notes })
}

/// Values separated by spaces, as the objective is printed.
pub fn join(values: &[i64]) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}
