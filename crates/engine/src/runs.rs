//! Working through cubes on all cores. Worker threads take the next cube from a shared index.
//! `solve` keeps one in-process CaDiCaL per worker and solves each cube under assumptions (its
//! learnt clauses carry over to the next cube, as in CaDiCaL's own iCNF mode); any other solver
//! gets the CNF with the cube's literals as unit clauses. The first model that passes the
//! family's checker stops every worker. `count` counts each cube with the public
//! [`crate::count::count`] on the grounding with the cube's literals added as unit clauses, and
//! adds the counts: the cubes are disjoint and cover the search space, so the sum is the count.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use crate::count::engine::Engine;
use crate::count::{Count, Limits, Stop};
use wgrnd_sat::solver::{Cancel, Interrupt, SolveError, SolverSpec};
use wgrnd_sat::{Cnf, SolverAnswer};
use wgrnd_seam::pipeline::{checked_decode, Answer};
use wgrnd_seam::{CountUnit, Error, Family, Grounding, Orbits};

use crate::cube::Cube;

/// How one cube ended.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeResult {
    /// The cube's number, from 1.
    pub cube: usize,
    /// `sat`, `unsat`, `unknown` (time limit or stopped once another cube was solved).
    pub verdict: &'static str,
    /// Seconds spent on it.
    pub seconds: f64,
    /// Solutions counted in it (`count` only).
    pub count: u64,
}

/// What a solve over cubes came to.
#[derive(Debug)]
pub struct CubeSolve<S> {
    /// The answer: a checked solution, no solution (every cube refuted), or unknown.
    pub answer: Answer<S>,
    /// Every cube that was started, in the order they ended.
    pub cubes: Vec<CubeResult>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Of which checking the winning model took (against the CNF, decoding, the family's checker).
    pub checking: Duration,
}

fn verdict(a: &SolverAnswer) -> &'static str {
    match a {
        SolverAnswer::Sat(_) => "sat",
        SolverAnswer::Unsat => "unsat",
        SolverAnswer::Unknown => "unknown",
    }
}

/// The formula with a cube's literals as unit clauses.
pub fn with_cube(cnf: &Cnf, cube: &Cube) -> Cnf {
    let mut c = cnf.clone();
    for &l in &cube.literals {
        c.add_clause(&[l]);
    }
    c
}

/// Solves `f` through its cubes on `jobs` workers within `timeout`. UNSAT of every cube is the
/// puzzle's UNSAT (the cubes cover every assignment).
pub fn solve_cubes<F>(
    f: &F,
    g: &Grounding<F::Encoding>,
    cubes: &[Cube],
    solver: &SolverSpec,
    jobs: usize,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<CubeSolve<F::Solution>, Error>
where
    F: Family,
{
    // Ctrl-C anywhere in the run (between two cubes, while a model is checked) stops it
    // cleanly: every thread looks at `interrupt` before its next step.
    let _watch = interrupt.watch();
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let cancel = Cancel::default();
    let (tx, rx) = mpsc::channel::<(CubeResult, Result<Option<(F::Solution, Duration)>, Error>)>();
    let remaining = || match timeout {
        Some(t) => t.checked_sub(started.elapsed()).map(Some),
        None => Some(None),
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, cubes.len().max(1)) {
            let tx = tx.clone();
            let (next, cancel, remaining) = (&next, &cancel, &remaining);
            scope.spawn(move || {
                #[cfg(feature = "cadical")]
                let mut session =
                    (*solver == SolverSpec::Builtin).then(|| wgrnd_sat::solver::CadicalSession::new(&g.cnf, interrupt));
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cubes.len() || cancel.is_set() || interrupt.is_requested() {
                        break;
                    }
                    let Some(left) = remaining() else { break };
                    let began = Instant::now();
                    #[cfg(feature = "cadical")]
                    let answer = match &mut session {
                        Some(s) => s.solve_cancellable(&cubes[i].literals, left, cancel),
                        None => solve_one(&g.cnf, &cubes[i], solver, left, cancel, interrupt),
                    };
                    #[cfg(not(feature = "cadical"))]
                    let answer = solve_one(&g.cnf, &cubes[i], solver, left, cancel, interrupt);
                    let result = |a: &SolverAnswer| CubeResult {
                        cube: i + 1,
                        verdict: verdict(a),
                        seconds: began.elapsed().as_secs_f64(),
                        count: 0,
                    };
                    let sent = match answer {
                        Ok(SolverAnswer::Sat(model)) => {
                            let r = result(&SolverAnswer::Sat(model.clone()));
                            let checking = Instant::now();
                            let checked = g
                                .check_model(&model)
                                .map_err(|source| Error::LyingSolver { solver: solver.name().to_string(), source })
                                .and_then(|()| checked_decode(f, g, &model));
                            if checked.is_ok() {
                                cancel.set();
                            }
                            tx.send((r, checked.map(|s| Some((s, checking.elapsed())))))
                        }
                        Ok(a) => tx.send((result(&a), Ok(None))),
                        Err(e) => {
                            cancel.set();
                            tx.send((result(&SolverAnswer::Unknown), Err(e.into())))
                        }
                    };
                    if sent.is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = Vec::new();
        let mut solution = None;
        let mut failure: Option<Error> = None;
        for (r, outcome) in rx.iter() {
            done.push(r);
            match outcome {
                Ok(Some(s)) if solution.is_none() => solution = Some(s),
                Ok(_) => {}
                Err(e) => {
                    cancel.set();
                    // A stop by Ctrl-C is reported only if nothing more telling happened.
                    if failure.as_ref().is_none_or(|f| matches!(f, Error::Solver(SolveError::Interrupted))) {
                        failure = Some(e);
                    }
                }
            }
        }
        let elapsed = started.elapsed();
        if let Some(e) = failure {
            if solution.is_none() || !matches!(e, Error::Solver(SolveError::Interrupted)) {
                return Err(e);
            }
        }
        let checking = solution.as_ref().map_or(Duration::ZERO, |(_, d)| *d);
        let answer = match solution {
            Some((s, _)) => Answer::Solved(s),
            None if interrupt.is_requested() => return Err(Error::Solver(SolveError::Interrupted)),
            None if done.len() == cubes.len() && done.iter().all(|r| r.verdict == "unsat") => Answer::NoSolution,
            None => Answer::Unknown,
        };
        Ok(CubeSolve { answer, cubes: done, elapsed, checking })
    })
}

fn solve_one(
    cnf: &Cnf,
    cube: &Cube,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    cancel: &Cancel,
    interrupt: &Interrupt,
) -> Result<SolverAnswer, SolveError> {
    let engine = crate::portfolio::Engine::Spec(solver.clone());
    // A solver spec always has a backend (only a family's own search has none).
    let Some(mut backend) = crate::portfolio::backend(&engine, timeout, cancel, interrupt) else {
        return Ok(SolverAnswer::Unknown);
    };
    backend.solve(&with_cube(cnf, cube))
}

/// Why `count --cubes` refuses a grounding: the images of a solution under the grounding's
/// symmetries can lie in other cubes, so expanding each cube's models to their orbits would count
/// an orbit once per cube it meets.
pub fn refuse_symmetries<E>(g: &Grounding<E>) -> Result<(), Error> {
    if g.symmetries.is_empty() {
        return Ok(());
    }
    Err(Error::Option(format!(
        "count --cubes: this grounding carries {} symmetries (a packing's count expands each model to its orbit), \
         and the images of a solution can lie in other cubes, so per-cube orbit counts would count an orbit more \
         than once; count it without --cubes",
        g.symmetries.len()
    )))
}

/// Counts `f` cube by cube on `jobs` workers and adds the counts; `found` sees each solution with
/// the running total. Refuses a grounding with symmetries ([`refuse_symmetries`]).
#[allow(clippy::too_many_arguments)]
pub fn count_cubes<F>(
    f: &F,
    g: &Grounding<F::Encoding>,
    cubes: &[Cube],
    solver: &SolverSpec,
    limits: &Limits,
    unit: CountUnit,
    jobs: usize,
    found: impl FnMut(&F::Solution, u64) + Send,
) -> Result<(Count, Vec<CubeResult>), Error>
where
    F: Family + wgrnd_seam::Search,
    F::Encoding: Clone,
{
    refuse_symmetries(g)?;
    // Ctrl-C anywhere in the run (between two cubes, while a model is checked) stops it
    // cleanly: every thread looks at `interrupt` before its next step.
    let _watch = limits.interrupt.watch();
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let found = Mutex::new(found);
    let results: Mutex<Vec<(CubeResult, Count)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, cubes.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let bounded = limits.max.is_some_and(|m| total.load(Ordering::SeqCst) >= m);
                if i >= cubes.len()
                    || limits.interrupt.is_requested()
                    || bounded
                    || failure.lock().is_ok_and(|f| f.is_some())
                {
                    break;
                }
                let left = match limits.timeout {
                    Some(t) => match t.checked_sub(started.elapsed()) {
                        Some(l) => Some(l),
                        None => break,
                    },
                    None => None,
                };
                let max = limits.max.map(|m| m.saturating_sub(total.load(Ordering::SeqCst)));
                let mut restricted = g.clone();
                restricted.cnf = with_cube(&g.cnf, &cubes[i]);
                let began = Instant::now();
                // A cube lives in the CNF, which dancing links on the family's exact cover never
                // read: such a puzzle's cubes are counted by the blocking loop.
                let engine = match limits.engine {
                    Engine::Auto | Engine::Dlx if f.exact_cover(g).is_some() => Engine::Blocking,
                    e => e,
                };
                // The cubes are already spread over the workers: one thread each.
                let cube_limits = Limits { max, timeout: left, engine, jobs: 1, interrupt: limits.interrupt.clone() };
                let counted = crate::count::count(f, &restricted, solver, &cube_limits, unit, |e| {
                    let n = total.fetch_add(1, Ordering::SeqCst) + 1;
                    if let Ok(mut found) = found.lock() {
                        found(e.solution, n);
                    }
                });
                match counted {
                    Ok(c) => {
                        let r = CubeResult {
                            cube: i + 1,
                            verdict: if c.complete() { "exhausted" } else { c.stop.name() },
                            seconds: began.elapsed().as_secs_f64(),
                            count: c.count,
                        };
                        if let Ok(mut rs) = results.lock() {
                            rs.push((r, c));
                        }
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let results = results.into_inner().unwrap_or_default();
    let count: u64 = results.iter().map(|(_, c)| c.count).sum();
    let all_done = results.len() == cubes.len();
    let stop =
        if results.iter().any(|(_, c)| c.stop == Stop::Interrupted) || (!all_done && limits.interrupt.is_requested()) {
            Stop::Interrupted
        } else if limits.max.is_some_and(|m| count >= m) {
            Stop::Bound
        } else if results.iter().any(|(_, c)| c.stop != Stop::Exhausted) || !all_done {
            Stop::Timeout
        } else {
            Stop::Exhausted
        };
    let first = results
        .iter()
        .filter(|(_, c)| c.first.is_some())
        .min_by_key(|(r, _)| r.cube)
        .and_then(|(_, c)| c.first.clone());
    let models = results.iter().map(|(_, c)| c.models).sum();
    let orbits = Orbits { solutions: count, rotation_orbits: count, orbits: count, rotations: 1, symmetries: 1 };
    let per_cube = results.into_iter().map(|(r, _)| r).collect();
    Ok((Count { count, models, orbits, first, stop, elapsed: started.elapsed() }, per_cube))
}
