//! The blocking loop on several threads, after `auto`'s hand-over: the backtracking engine's open
//! cubes ([`crate::count::backtrack::Backtrack::open_cubes`]: disjoint, and together exactly the
//! solutions it has not handed out) are worked through by `jobs` workers; a worker takes the next
//! cube, loads the CNF with the cube's literals as unit clauses into a fresh solver, and blocks
//! each model it finds there until the cube has no model left. The cubes are disjoint, so no solution
//! is found by two workers and the counts add up; a blocking clause excludes one projection, so a
//! worker's clauses never cut into another cube and need not be shared.
//!
//! Every model goes to the calling thread, which alone hands it to the count (`on_hit`: checked
//! against every clause, decoded, judged by the family's checker on the count's checker thread),
//! in the order the models arrive, and sends the worker the blocking clauses to add. A count that
//! reaches `--max`, a checker that gives up, a time limit or Ctrl-C stops every worker (the
//! solves are cancelled, not waited for).
//!
//! Shallow cubes come first (the other branch of an early decision: the largest part of what is
//! left, as a rule), the deep ones at the end fill the gaps, so both workers stay busy until the
//! last cubes. Not for groundings with symmetries: the blocking clauses of a solution's images
//! would have to reach the workers whose cubes hold them (the caller keeps one loop there).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{Cancel, SolveError, SolverSpec};
use wgrnd_sat::{Cnf, Lit, Model, SolverAnswer};
use wgrnd_seam::Error;

use crate::count::engine::OnHit;
use crate::count::{Hit, Limits, Stop};

/// What a worker tells the calling thread.
enum Report {
    /// A model of its cube; the worker waits for the blocking clauses (or `None`: stop).
    Model(Model),
    /// Its cube has no model left.
    CubeDone,
    /// Its solve gave up: the time limit, or a cancel.
    Unknown,
    /// Its solver failed (or was interrupted by Ctrl-C).
    Failed(SolveError),
}

/// Counts the solutions in `cubes` with the blocking loop on `jobs` threads, after `done`
/// solutions counted elsewhere: the solutions counted in all, why it stopped, the time since
/// `start`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn blocking_over_cubes(
    cnf: &Cnf,
    mut cubes: Vec<Vec<Lit>>,
    solver: &SolverSpec,
    jobs: usize,
    limits: &Limits,
    start: Instant,
    done: u64,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    // Ctrl-C stops the workers' solves (and is seen between them) rather than ending the process.
    let _watch = limits.interrupt.watch();
    // Shallow first: the largest parts of the space, as a rule (a stable sort keeps tree order).
    cubes.sort_by_key(Vec::len);
    let cubes = &cubes;
    let next = AtomicUsize::new(0);
    let cancel = Cancel::default();
    let left = || limits.timeout.map(|t| t.saturating_sub(start.elapsed()));
    let (tx, rx) = mpsc::channel::<(usize, Report)>();
    let workers = jobs.clamp(1, cubes.len().max(1));
    let mut n = done;
    let mut stop: Option<Stop> = None;
    let mut failure: Option<Error> = None;
    let mut finished = 0usize;
    std::thread::scope(|scope| {
        // However this side ends (a panic of the checker, which checks on this thread since the
        // count's first solutions are checked where they are found), the workers stop at once.
        let _cancel_at_exit = CancelAtExit(&cancel);
        let mut replies = Vec::new();
        for w in 0..workers {
            let (reply, answers) = mpsc::channel::<Option<Vec<Vec<Lit>>>>();
            replies.push(reply);
            let (tx, next, cancel, left) = (tx.clone(), &next, &cancel, &left);
            scope.spawn(move || {
                'cubes: loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cubes.len() || cancel.is_set() {
                        break;
                    }
                    // A fresh solver per cube, the cube as unit clauses: on the 4 x 4 magic
                    // square 27% less CPU than one solver per worker under assumptions.
                    let mut s = wgrnd_sat::solver::session(solver, cnf, &limits.interrupt);
                    for &l in &cubes[i] {
                        s.add_clause(&[l]);
                    }
                    loop {
                        let report = match s.solve_stoppable(&[], left(), cancel) {
                            Ok(SolverAnswer::Sat(model)) => Report::Model(model),
                            Ok(SolverAnswer::Unsat) => {
                                if tx.send((w, Report::CubeDone)).is_err() {
                                    break 'cubes;
                                }
                                continue 'cubes;
                            }
                            Ok(SolverAnswer::Unknown) => Report::Unknown,
                            Err(e) => Report::Failed(e),
                        };
                        let model = matches!(report, Report::Model(_));
                        if tx.send((w, report)).is_err() || !model {
                            break 'cubes;
                        }
                        match answers.recv() {
                            Ok(Some(blocks)) => blocks.iter().for_each(|b| s.add_clause(b)),
                            _ => break 'cubes,
                        }
                    }
                }
            });
        }
        drop(tx);
        let halt = |stop: &mut Option<Stop>, why: Stop| {
            stop.get_or_insert(why);
            cancel.set();
        };
        loop {
            let (w, report) = match rx.recv_timeout(POLL) {
                Ok(got) => got,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if stop.is_none() && stop_now() {
                        halt(&mut stop, Stop::Interrupted);
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            match report {
                Report::Model(model) => {
                    if stop.is_some() || failure.is_some() || stop_now() {
                        halt(&mut stop, Stop::Interrupted);
                        let _ = replies[w].send(None);
                        continue;
                    }
                    match on_hit(n, Hit::Model(&model)) {
                        Ok(found) => {
                            n += found.solutions;
                            let _ = replies[w].send(Some(found.blocks));
                            if limits.max.is_some_and(|m| n >= m) {
                                halt(&mut stop, Stop::Bound);
                            }
                        }
                        Err(e) => {
                            failure.get_or_insert(e);
                            halt(&mut stop, Stop::Interrupted);
                            let _ = replies[w].send(None);
                        }
                    }
                }
                Report::CubeDone => finished += 1,
                // A cancelled solve says nothing new; otherwise the time limit passed.
                Report::Unknown => halt(&mut stop, Stop::Timeout),
                Report::Failed(SolveError::Interrupted) => halt(&mut stop, Stop::Interrupted),
                Report::Failed(e) => {
                    failure.get_or_insert(e.into());
                    halt(&mut stop, Stop::Interrupted);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let stop = match stop {
        Some(why) => why,
        None if finished == cubes.len() => Stop::Exhausted,
        // Not reached: a worker leaves early only after a report that sets `stop`.
        None => Stop::Interrupted,
    };
    Ok((n, stop, start.elapsed()))
}

/// How often the calling thread looks at Ctrl-C and the checker while no model comes.
const POLL: Duration = Duration::from_millis(20);

/// The threads a count may use: `jobs`, or the machine's cores for 0.
pub(crate) fn threads(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        j => j,
    }
}

/// Cancels the cube workers' solves when dropped (see [`blocking_over_cubes`]).
struct CancelAtExit<'a>(&'a Cancel);

impl Drop for CancelAtExit<'_> {
    fn drop(&mut self) {
        self.0.set();
    }
}
