//! The backbone of a puzzle: the projection atoms that take the same value in every solution
//! ("what can be deduced"). One solution gives the candidates (each projection atom with its
//! value there); then each test asks the solver for a solution that flips candidates, under
//! assumptions, so the formula never changes: an answer UNSAT proves the tested candidates fixed
//! (they are added as unit clauses, which helps the later tests), a solution drops every
//! candidate it flips (model filtering: often many at once). A test covers `chunk` candidates at
//! once with one activation literal `a -> (not l1 or ... or not lk)` (Janota, Lynce and
//! Marques-Silva's chunking, 2015); `chunk = 1` is the plain iterative algorithm with a single
//! assumption. A candidate that the solver has fixed at the root (by propagation from the proved
//! ones, or by a clause it learnt) is proved without a call: the values of one integer follow
//! from its true one.
//! Every model the solver returns is checked against the CNF, and the first one is
//! decoded and judged by the family's independent checker. Symmetries are not broken here: the
//! backbone is a property of the fixed puzzle, so the caller grounds it without symmetry breaking.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{tuned_session, Interrupt, Session, SessionTuning, SolveError, SolverSpec};
use wgrnd_sat::{Lit, Model, SolverAnswer};
use wgrnd_seam::pipeline::checked_decode;
use wgrnd_seam::{Error, Family, Grounding, Search};

use crate::count::{Limits, Stop};

/// Candidates tested per solver call by default (`backbone --chunk`): 32 took the fewest calls and
/// no more time in docs/wellposed.md's measurements.
pub const DEFAULT_CHUNK: usize = 32;

/// A backbone, or as much of it as was found before a limit.
#[derive(Clone, Debug)]
pub struct Backbone<S> {
    /// A solution (checked); `None` when the puzzle has none.
    pub solution: Option<S>,
    /// The projection atoms fixed in every solution, as literals (positive: true in every
    /// solution), in projection order. Complete only when `stop` is [`Stop::Exhausted`].
    pub fixed: Vec<Lit>,
    /// Projection atoms whose value was not yet decided when the computation stopped (empty when
    /// complete).
    pub open: usize,
    /// Projection atoms.
    pub total: usize,
    /// Solver calls, the first solve included.
    pub solver_calls: u64,
    /// [`Stop::Exhausted`]: every candidate decided; else why it stopped (time limit, Ctrl-C).
    pub stop: Stop,
    /// Time spent.
    pub elapsed: Duration,
}

impl<S> Backbone<S> {
    /// Whether every projection atom was decided.
    pub fn complete(&self) -> bool {
        self.stop == Stop::Exhausted
    }
}

fn value(model: &Model, lit: Lit) -> bool {
    let v = model.value(lit.var()).unwrap_or(false);
    v == lit.is_positive()
}

/// Computes the backbone of `g`'s projection atoms with `solver`, testing `chunk` (at least 1)
/// candidates per solver call, within `timeout`.
///
/// A puzzle whose family has a normal form is first counted up to two on it: a unique puzzle's
/// backbone is its solution, and a puzzle with none has none; only with two is the backbone
/// searched for here.
pub fn backbone<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    chunk: usize,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Backbone<F::Solution>, Error> {
    let start = Instant::now();
    if let Some(unique) = by_normal_form(f, g, solver, timeout, interrupt)? {
        return Ok(unique);
    }
    let chunk = chunk.max(1);
    let mut session = tuned_session(solver, &g.cnf, interrupt, SessionTuning { keep_phases: true });
    let mut calls = 0u64;
    let total = g.projection.len();
    let remaining = |start: Instant| timeout.map(|t| t.saturating_sub(start.elapsed()));
    let stopped = |stop, fixed: Vec<Lit>, open, calls, solution| {
        Ok(Backbone { solution, fixed, open, total, solver_calls: calls, stop, elapsed: start.elapsed() })
    };
    let broken = |e: wgrnd_seam::BrokenClause| Error::EncodingBug(format!("backbone: {e}"));

    calls += 1;
    let first = match session.solve(remaining(start)) {
        Ok(SolverAnswer::Sat(m)) => m,
        Ok(SolverAnswer::Unsat) => return stopped(Stop::Exhausted, Vec::new(), 0, calls, None),
        Ok(SolverAnswer::Unknown) => return stopped(Stop::Timeout, Vec::new(), total, calls, None),
        Err(SolveError::Interrupted) => return stopped(Stop::Interrupted, Vec::new(), total, calls, None),
        Err(e) => return Err(e.into()),
    };
    g.check_model(&first).map_err(broken)?;
    let solution = checked_decode(f, g, &first)?;
    // Every projection atom starts open with its value in the first solution.
    let mut state: Vec<Cand> =
        g.projection.iter().map(|&v| Cand::Open(v.lit(first.value(v).unwrap_or(false)))).collect();
    let result = |stop, state: &[Cand], calls, solution| {
        let fixed = state.iter().filter_map(|c| if let Cand::Fixed(l) = c { Some(*l) } else { None }).collect();
        let open = state.iter().filter(|c| matches!(c, Cand::Open(_))).count();
        stopped(stop, fixed, open, calls, solution)
    };
    // The solver's root values are read after the first solve and after each solve that
    // propagated proved candidates: between those they change little, and reading them costs a
    // call per open candidate (a backbone where models drop most candidates would pay it on
    // every call).
    let (mut root_values_new, mut units_unread) = (true, false);
    loop {
        if root_values_new {
            take_root_values(&*session, &mut state)?;
        }
        let tested: Vec<(usize, Lit)> = state
            .iter()
            .enumerate()
            .filter_map(|(i, c)| if let Cand::Open(l) = c { Some((i, *l)) } else { None })
            .take(chunk)
            .collect();
        if tested.is_empty() {
            break;
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) {
            return result(Stop::Timeout, &state, calls, Some(solution));
        }
        // One candidate: assume its negation; several: assume an activation literal for "one of
        // them flips", retired by a unit clause after the call.
        let (assumptions, activation) = if let [(_, l)] = tested[..] {
            (vec![!l], None)
        } else {
            let a = session.new_var();
            let mut clause = vec![a.neg()];
            clause.extend(tested.iter().map(|&(_, l)| !l));
            session.add_clause(&clause);
            (vec![a.pos()], Some(a))
        };
        calls += 1;
        let answer = session.solve_assuming(&assumptions, remaining(start));
        if let Some(a) = activation {
            session.add_clause(&[a.neg()]);
        }
        root_values_new = std::mem::take(&mut units_unread);
        match answer {
            Ok(SolverAnswer::Unsat) => {
                for &(i, l) in &tested {
                    session.add_clause(&[l]);
                    state[i] = Cand::Fixed(l);
                }
                units_unread = true;
            }
            Ok(SolverAnswer::Sat(m)) => {
                g.check_model(&m).map_err(broken)?;
                if tested.iter().all(|&(_, l)| value(&m, l)) {
                    return Err(Error::EncodingBug("the solver's model keeps every tested candidate".into()));
                }
                for c in state.iter_mut() {
                    if let Cand::Open(l) = c {
                        if !value(&m, *l) {
                            *c = Cand::Dropped;
                        }
                    }
                }
            }
            Ok(SolverAnswer::Unknown) => return result(Stop::Timeout, &state, calls, Some(solution)),
            Err(SolveError::Interrupted) => return result(Stop::Interrupted, &state, calls, Some(solution)),
            Err(e) => return Err(e.into()),
        }
    }
    result(Stop::Exhausted, &state, calls, Some(solution))
}

/// The backbone of a puzzle with a normal form that has no solution or exactly one, found by
/// counting up to two on the form; `None` when the family has no normal form or the puzzle has
/// two solutions (or more).
fn by_normal_form<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<Backbone<F::Solution>>, Error> {
    let Some(normal) = f.normal_form()? else { return Ok(None) };
    let limits = Limits { max: Some(2), timeout, jobs: 1, interrupt: interrupt.clone(), ..Limits::default() };
    let mut solution = None;
    let c = crate::count::count_normal(f, g, &normal, solver, &limits, |e| {
        solution.get_or_insert_with(|| e.solution.clone());
    })?;
    let total = g.projection.len();
    let backbone = |fixed: Vec<Lit>, open, stop, solution| Backbone {
        solution,
        fixed,
        open,
        total,
        solver_calls: c.models + 1,
        stop,
        elapsed: c.elapsed,
    };
    Ok(match (c.count, c.stop, &c.first) {
        (0, Stop::Exhausted, _) => Some(backbone(Vec::new(), 0, Stop::Exhausted, None)),
        (1, Stop::Exhausted, Some(first)) => {
            let true_atoms: HashSet<u32> = first.iter().copied().collect();
            let fixed =
                g.projection.iter().enumerate().map(|(i, &v)| v.lit(true_atoms.contains(&(i as u32)))).collect();
            Some(backbone(fixed, 0, Stop::Exhausted, solution))
        }
        (_, stop @ (Stop::Timeout | Stop::Interrupted), _) => Some(backbone(Vec::new(), total, stop, solution)),
        _ => None,
    })
}

/// Fixes every open candidate whose value the solver has found at the root: it follows from the
/// formula and the candidates proved so far (the unit clauses added), so it holds in every
/// solution, with no call of its own.
fn take_root_values(session: &dyn Session, state: &mut [Cand]) -> Result<(), Error> {
    for c in state.iter_mut() {
        if let Cand::Open(l) = *c {
            match session.fixed(l) {
                Some(true) => *c = Cand::Fixed(l),
                // Every open candidate holds in a checked solution: the formula cannot fix it false.
                Some(false) => {
                    return Err(Error::EncodingBug(format!(
                        "backbone: the solver fixed literal {} against a checked solution",
                        l.to_dimacs()
                    )))
                }
                None => {}
            }
        }
    }
    Ok(())
}

/// What is known of one projection atom.
#[derive(Clone, Copy)]
enum Cand {
    /// Not yet decided; its value in every solution seen so far.
    Open(Lit),
    /// Proved: this value in every solution.
    Fixed(Lit),
    /// Two solutions disagree on it.
    Dropped,
}
