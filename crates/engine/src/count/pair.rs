//! Two linear searches of one objective level at once (`--opt pair`, docs/optimise.md, "The
//! engines"): the solution-improving search of `optimise.rs` on two in-process sessions, one
//! on CaDiCaL with every integer's smallest value first ([`crate::count::low_first`]), one with
//! the solver's own phases (batsat first on a small formula). They share the best cost: either's improvement is reported at once, and
//! the other takes it as its bound (its running solve is stopped for that; what it learnt stays).
//! The first to prove "nothing below the best" ends both: the optimum, proven (the best cost
//! only falls, so a proof against the bound it read holds for the final best). Models with one
//! level only; the caller runs anything else on one search.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{session, Cancel, Interrupt, SolveError, SolverSpec};
use wgrnd_sat::{Cnf, Lit, Model, SolverAnswer};
use wgrnd_seam::Objective;

use crate::count::chains::Shape;
use crate::count::gte::Totalizer;
use crate::optimise::Optimum;

/// What a search tells the caller.
enum Msg {
    /// A model and its cost.
    Found(Model, Vec<i64>),
    /// No model below the best cost (or none at all): proven.
    Proven,
    /// A solve made (counted in [`Optimum::solves`]).
    Solved,
    /// The solver failed.
    Failed(SolveError),
}

/// What both searches share.
struct Shared<'a> {
    cnf: &'a Cnf,
    objective: &'a Objective,
    shape: &'a Shape,
    /// The best cost found by either (`i64::MAX`: none yet).
    best: AtomicI64,
    /// Set once either proved the optimum or stopped for good: the other stops too.
    done: AtomicBool,
    /// Each search's running solve, to stop it when the bound improves or the run ends.
    running: [Mutex<Cancel>; 2],
    deadline: Option<Instant>,
    /// The call's interrupt token (Ctrl-C): both searches stop.
    interrupt: &'a Interrupt,
}

impl Shared<'_> {
    /// Stops the running solves (each search then re-reads the bound, or ends when `done`).
    fn interrupt_solves(&self) {
        for r in &self.running {
            r.lock().unwrap_or_else(|e| e.into_inner()).set();
        }
    }
}

/// Minimises the single level of `objective` (shape `shape` in `cnf`) with two searches on
/// threads, the first with `phases`; `improved` is called on this thread with each improvement.
pub(crate) fn optimise_pair(
    cnf: &Cnf,
    objective: &Objective,
    shape: &Shape,
    phases: &[Lit],
    timeout: Option<Duration>,
    interrupt: &Interrupt,
    improved: &mut dyn FnMut(&Model, &[i64]),
) -> Result<Optimum, SolveError> {
    let shared = Shared {
        cnf,
        objective,
        shape,
        best: AtomicI64::new(i64::MAX),
        done: AtomicBool::new(false),
        running: [Mutex::new(Cancel::default()), Mutex::new(Cancel::default())],
        deadline: timeout.map(|t| Instant::now() + t),
        interrupt,
    };
    let mut out =
        Optimum { best: None, optimal: false, interrupted: false, engines: vec!["linear (two searches)"], solves: 0 };
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for (w, phases) in [phases, &[][..]].into_iter().enumerate() {
            let (tx, shared) = (tx.clone(), &shared);
            scope.spawn(move || search(shared, w, phases, &tx));
        }
        drop(tx);
        for msg in rx {
            match msg {
                Msg::Found(m, costs) => {
                    if out.best.as_ref().is_none_or(|b| costs < b.1) {
                        improved(&m, &costs);
                        out.best = Some((m, costs));
                    }
                }
                Msg::Proven => {
                    out.optimal = true;
                    shared.done.store(true, Ordering::SeqCst);
                    shared.interrupt_solves();
                }
                Msg::Solved => out.solves += 1,
                Msg::Failed(e) => {
                    failure.get_or_insert(e);
                    shared.done.store(true, Ordering::SeqCst);
                    shared.interrupt_solves();
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    out.interrupted = !out.optimal && interrupt.is_requested();
    Ok(out)
}

/// One search (`w`, 0 or 1): linear search with the shared best as its bound.
fn search(sh: &Shared, w: usize, phases: &[Lit], tx: &mpsc::Sender<Msg>) {
    let mut s = session(&SolverSpec::Builtin, sh.cnf, sh.interrupt);
    for &l in phases {
        s.phase(l);
    }
    let level = &sh.objective.levels[0];
    // What every model pays at least: the offset and the literals fixed true.
    let floor = level.offset + sh.shape.fixed as i64;
    let mut totalizer: Option<Totalizer> = None;
    loop {
        if sh.done.load(Ordering::SeqCst) {
            return;
        }
        let best = sh.best.load(Ordering::SeqCst);
        if best != i64::MAX {
            let sum = (best - floor).max(0) as u64;
            if sum == 0 {
                let _ = tx.send(Msg::Proven);
                return;
            }
            if totalizer.is_none() {
                totalizer = Totalizer::over_chains(&sh.shape.chains, sum, usize::MAX, &mut s);
            }
            let Some(t) = &totalizer else {
                let _ = tx.send(Msg::Proven);
                return;
            };
            // The bound holds from now on: the best only falls.
            for l in t.at_most(sum - 1) {
                s.add_clause(&[l]);
            }
        }
        let cancel = Cancel::default();
        *sh.running[w].lock().unwrap_or_else(|e| e.into_inner()) = cancel.clone();
        // A stop asked for before the flag was in place.
        if sh.done.load(Ordering::SeqCst) || sh.best.load(Ordering::SeqCst) != best {
            continue;
        }
        let left = match sh.deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(t) if t > Duration::ZERO => Some(t),
                _ => break,
            },
            None => None,
        };
        let answer = s.solve_stoppable(&[], left, &cancel);
        let _ = tx.send(Msg::Solved);
        match answer {
            Ok(SolverAnswer::Sat(m)) => {
                let costs = sh.objective.costs(&m);
                sh.best.fetch_min(costs[0], Ordering::SeqCst);
                let _ = tx.send(Msg::Found(m, costs));
                // The other search takes the new bound.
                sh.running[1 - w].lock().unwrap_or_else(|e| e.into_inner()).set();
            }
            Ok(SolverAnswer::Unsat) => {
                let _ = tx.send(Msg::Proven);
                return;
            }
            // Stopped by the other search (a better bound, or the end), the time limit or Ctrl-C.
            Ok(SolverAnswer::Unknown) | Err(SolveError::Interrupted) => {
                if sh.interrupt.is_requested() || sh.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
            }
            Err(e) => {
                let _ = tx.send(Msg::Failed(e));
                return;
            }
        }
    }
    // Out of time or interrupted: the other search stops too.
    sh.done.store(true, Ordering::SeqCst);
    sh.interrupt_solves();
}
