//! The construction question, written once over [`Pose`]: given a solution, pose the puzzle with
//! a set of clues that makes it the only solution, and make that set minimal.
//!
//! 1. Start from the clues the puzzle already gives: all of them when the target is a solution of
//!    the puzzle as given (a puzzle unique as given is then at worst posed as it is), else those
//!    that hold of the target one by one (a solution drawn with every clue withheld may break
//!    some: those are left out and named). Whether the target is a solution of the puzzle with a
//!    set of clues is the family's checker's answer: a clue is added only when the target
//!    satisfies it beside the others, and a clue whose withholding breaks the target is kept.
//! 2. Count to 2. A second solution gets a clue of the target that it breaks: among the target's
//!    clues the second solution does not satisfy, the one with the highest drop rank (the kind of
//!    clue to keep), first in the family's order. That keeps the target and excludes the other.
//!    Repeat until the count proves exactly one solution. A second solution that satisfies
//!    every clue the target does cannot be excluded: an error. (Such solutions are common where
//!    the clues are not facts of the solution, hitori's numbers say: a puzzle unique as given
//!    never meets one here, its given clues being kept.)
//! 3. Minimise: try to drop each clue, lowest drop rank first and, within a rank, the clues
//!    added last first (the first clues were chosen against the most solutions and tend to be
//!    needed); a clue is dropped when the count without it still proves one solution, and kept
//!    when a second solution appears (whichever clues that one satisfies). Clues only
//!    switch constraints on, so a puzzle with fewer clues has at least the solutions of one with
//!    more: a clue that was needed stays needed after later drops, and one pass leaves a set
//!    from which no clue can be dropped.
//!
//! Every count checks each solution with the family's independent checker (as every count does).

use std::time::{Duration, Instant};

use wgrnd_sat::solver::{Interrupt, SolveError, SolverSpec};
use wgrnd_seam::{CountUnit, Error, Family, Pose};

use crate::count::{count_deferring, Event, Limits};

/// A posed puzzle with exactly one solution, and how it was found.
#[derive(Debug)]
pub struct Posed<F> {
    /// The puzzle with the chosen clues.
    pub puzzle: F,
    /// How many clues it has; no one of them can be dropped.
    pub clues: usize,
    /// The puzzle's own clues that the target solution breaks, left out (by name).
    pub left_out: Vec<String>,
    /// Clues added to those the puzzle had.
    pub added: usize,
    /// Clues dropped while minimising.
    pub dropped: usize,
    /// Counts to 2 that it took.
    pub counts: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// What a count to 2 of a posed puzzle found: exactly one solution, none, or more (the
/// solutions found, in the order found: at most one of them is the target).
enum Verdict<S> {
    Unique,
    None,
    Several(Vec<S>),
}

/// Counts the posed puzzle `f` to 2 on one thread.
fn count_to_two<F: Pose + wgrnd_seam::Search>(
    f: &F,
    solver: &SolverSpec,
    deadline: Option<Instant>,
    interrupt: &Interrupt,
) -> Result<Verdict<F::Solution>, Error> {
    let g = f.ground()?;
    let timeout = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    if timeout.is_some_and(|t| t.is_zero()) {
        return Err(out_of_time(solver));
    }
    // One thread after a hand-over: which second solution comes first decides the next clue, and a
    // posed puzzle is reproducible from its seed.
    let limits = Limits { max: Some(2), timeout, jobs: 1, interrupt: interrupt.clone(), ..Limits::default() };
    let mut found: Vec<F::Solution> = Vec::new();
    let (_, c) = count_deferring(f, g, solver, &limits, CountUnit::None, |e: &Event<F::Solution>| {
        found.push(e.solution.clone())
    })?;
    match c.stop {
        crate::count::Stop::Interrupted => return Err(Error::Solver(SolveError::Interrupted)),
        crate::count::Stop::Timeout => return Err(out_of_time(solver)),
        _ => {}
    }
    Ok(match c.count {
        0 => Verdict::None,
        1 if c.complete() => Verdict::Unique,
        _ => Verdict::Several(found),
    })
}

/// The clues of the target (`target_clues`) that the first of `found` to break any breaks; none
/// when every one satisfies them all. Finding a solution's clues runs the checker once per
/// candidate clue (10,100 of them for a 10 x 10 grid's `number(r, c, v)`), so it is done only
/// here, when a second solution has been found.
fn broken_by<F: Pose>(f: &F, target_clues: &[F::Clue], found: &[F::Solution]) -> Result<Vec<F::Clue>, Error> {
    for s in found {
        let of = f.clues_of(s)?;
        let broken: Vec<F::Clue> = target_clues.iter().filter(|c| !of.contains(c)).cloned().collect();
        if !broken.is_empty() {
            return Ok(broken);
        }
    }
    Ok(Vec::new())
}

fn out_of_time(solver: &SolverSpec) -> Error {
    Error::Solver(SolveError::OutOfTime {
        solver: solver.name().to_string(),
        task: "the clues were shown to make one solution unique".into(),
    })
}

/// Poses `f` with clues that make `target` (a solution of `f`) its only solution, minimal.
pub fn pose_unique<F: Pose + wgrnd_seam::Search>(
    f: &F,
    target: &F::Solution,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Posed<F>, Error> {
    let start = Instant::now();
    let deadline = timeout.and_then(|t| start.checked_add(t)); // beyond the clock's range: no deadline
    f.posable()?;
    // The target's clues, found when first needed (a puzzle unique as given never needs them).
    let mut target_clues: Option<Vec<F::Clue>> = None;
    // Whether the target is a solution of the puzzle posed with these clues, by the checker.
    let keeps = |clues: &[F::Clue]| -> Result<bool, Error> { Ok(f.with_clues(clues)?.check(target)?.is_empty()) };
    // The puzzle's own clues: all of them for a solution of the puzzle as posed; a solution drawn
    // with every clue withheld may break some, which are then left out (and named).
    let (mut clues, broken): (Vec<F::Clue>, Vec<F::Clue>) = if keeps(&f.clues())? {
        (f.clues(), Vec::new())
    } else {
        let of = target_clues.insert(f.clues_of(target)?);
        f.clues().into_iter().partition(|c| of.contains(c))
    };
    let given = clues.len();
    let mut counts = 0u64;
    loop {
        counts += 1;
        match count_to_two(&f.with_clues(&clues)?, solver, deadline, interrupt)? {
            Verdict::Unique => break,
            Verdict::None => return Err(Error::EncodingBug("the posed puzzle lost its own solution".into())),
            Verdict::Several(found) => {
                let of = match &target_clues {
                    Some(of) => of,
                    None => target_clues.insert(f.clues_of(target)?),
                };
                let mut broken = broken_by(f, of, &found)?;
                // Two solutions that satisfy the same clues: no clue can tell them apart.
                let why = if broken.is_empty() {
                    "two solutions that satisfy the same clues"
                } else {
                    "two solutions told apart only by clues that its solution breaks beside the clues posed"
                };
                // Highest rank first, in the family's order; the first that the target still
                // satisfies together with the clues posed (a clue fact that holds alone may not
                // hold beside another, as araf's two numbers of one region).
                broken.sort_by_key(|c| std::cmp::Reverse(f.drop_rank(c)));
                let mut added = false;
                for c in broken {
                    clues.push(c);
                    added = keeps(&clues)?;
                    if added {
                        break;
                    }
                    clues.pop();
                }
                if !added {
                    return Err(Error::Option(format!(
                        "`{}` has {why}: no set of its clues makes one of them unique",
                        f.name()
                    )));
                }
            }
        }
    }
    let added = clues.len() - given;
    // Lowest rank first; within a rank, the latest added first.
    let mut order: Vec<usize> = (0..clues.len()).rev().collect();
    order.sort_by_key(|&i| f.drop_rank(&clues[i]));
    let mut keep = vec![true; clues.len()];
    for i in order {
        keep[i] = false;
        let trial: Vec<F::Clue> = clues.iter().zip(&keep).filter(|(_, &k)| k).map(|(c, _)| c.clone()).collect();
        // A clue whose withholding breaks the target is needed (a model whose clues only switch
        // constraints on has none).
        if !keeps(&trial)? {
            keep[i] = true;
            continue;
        }
        counts += 1;
        match count_to_two(&f.with_clues(&trial)?, solver, deadline, interrupt)? {
            Verdict::Unique => {}
            Verdict::Several(_) => keep[i] = true,
            Verdict::None => return Err(Error::EncodingBug("dropping a clue lost the solution".into())),
        }
    }
    let chosen: Vec<F::Clue> = clues.iter().zip(&keep).filter(|(_, &k)| k).map(|(c, _)| c.clone()).collect();
    Ok(Posed {
        left_out: broken.iter().map(|c| f.clue_name(c)).collect(),
        clues: chosen.len(),
        dropped: clues.len() - chosen.len(),
        puzzle: f.with_clues(&chosen)?,
        added,
        counts,
        elapsed: start.elapsed(),
    })
}

/// One solution of `f` chosen at random, reproducibly from `seed` (`None`: the puzzle has none):
/// a few projection atoms drawn at random are set to random values one after another, as
/// assumptions, each kept when a solution still exists and flipped otherwise (a flipped one is
/// then known to hold in some solution), and the last solution found is decoded and checked.
/// Not uniform over the solutions, but different seeds reach different ones.
pub fn random_solution<F: Family>(
    f: &F,
    solver: &SolverSpec,
    seed: u64,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<F::Solution>, Error> {
    use wgrnd_sat::SolverAnswer;
    let start = Instant::now();
    let g = f.ground()?;
    let mut session = wgrnd_sat::solver::session(solver, &g.cnf, interrupt);
    let mut rng = wgrnd_seam::SplitMix64(seed ^ 0x2545_f491_4f6c_dd1d);
    let remaining = || timeout.map(|t| t.saturating_sub(start.elapsed()));
    let answer = |a: Result<SolverAnswer, SolveError>| match a {
        Ok(SolverAnswer::Unknown) => Err(out_of_time(solver)),
        Ok(a) => Ok(a),
        Err(e) => Err(Error::from(e)),
    };
    let SolverAnswer::Sat(mut model) = answer(session.solve(remaining()))? else { return Ok(None) };
    let mut assumptions = Vec::new();
    let steps = g.projection.len().min(RANDOM_STEPS);
    for _ in 0..steps {
        let v = g.projection[rng.below(g.projection.len() as u64) as usize];
        let lit = if rng.next_u64() & 1 == 1 { v.pos() } else { v.neg() };
        assumptions.push(lit);
        match answer(session.solve_assuming(&assumptions, remaining()))? {
            SolverAnswer::Sat(m) => model = m,
            _ => {
                assumptions.pop();
                assumptions.push(!lit);
            }
        }
    }
    g.check_model(&model).map_err(|e| Error::EncodingBug(format!("a random solution: {e}")))?;
    Ok(Some(wgrnd_seam::pipeline::checked_decode(f, &g, &model)?))
}

/// Projection atoms a random solution draws (each one solver call).
const RANDOM_STEPS: usize = 24;

/// The solution `generate --unique PUZZLE` poses when none is given: the puzzle's only solution
/// when it has exactly one with its own clues (so that an already unique puzzle is posed with its
/// own kind of clues rather than for another, random answer), else one drawn at random (`seed`)
/// from the puzzle with every clue withheld; `None` when that has no solution either. Shared by
/// the command line and the Python module.
pub fn pose_target<F: Pose + wgrnd_seam::Search>(
    f: &F,
    solver: &SolverSpec,
    seed: u64,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<F::Solution>, Error> {
    if !f.clues().is_empty() {
        if let Some(s) = only_solution(f, solver, timeout, interrupt)? {
            return Ok(Some(s));
        }
    }
    random_solution(&f.with_clues(&[])?, solver, seed, timeout, interrupt)
}

/// The puzzle's only solution, when it has exactly one.
pub fn only_solution<F: Family + wgrnd_seam::Search>(
    f: &F,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<F::Solution>, Error> {
    let g = f.ground()?;
    let limits =
        Limits { max: Some(2), timeout, engine: crate::count::Engine::Auto, jobs: 0, interrupt: interrupt.clone() };
    let mut first = None;
    let (_, c) = count_deferring(f, g, solver, &limits, CountUnit::None, |e| {
        if first.is_none() {
            first = Some(e.solution.clone());
        }
    })?;
    Ok(if c.complete() && c.count == 1 { first } else { None })
}
