//! # wgrnd-count
//!
//! Owns counting, for every puzzle family through the [`Family`] interface. Three engines
//! enumerate (see [`engine`], which also says how `auto` picks): [`backtrack`], a non-blocking
//! all-solutions CDCL search over the CNF that never adds a clause per solution; [`dlx`], dancing
//! links on the exact-cover matrix a family may state; and [`enumerate`], the blocking-clause loop
//! on any solver, whose clauses name the grounding's projection atoms only (never auxiliary atoms,
//! which would let one solution be counted once per auxiliary assignment). Whatever the engine,
//! each solution is decoded and re-checked by the family's independent checker before the count
//! returns: the first few on the thread that searches, as they come, and once a count proves
//! large, on a thread of its own while the engine goes on searching (a queue between,
//! `handover.rs`), and once the search has ended, a second thread checks half of what is left
//! while reports stay in order.
//! Where the grounding carries symmetries, the first member found of an orbit stands for the whole
//! orbit: all images are decoded, checked and reported at once, and the count is kept in three
//! units (solutions, rotation orbits, orbits). A count stops when the engine proves that no further
//! solution exists (complete), at `max`, at the time limit, or on Ctrl-C (a lower bound). Also here:
//! the DRAT certificate that a solution is the only one ([`prove_unique`]), the backbone
//! ([`backbone`]: what every solution shares) and the construction of a puzzle with exactly one
//! solution for every family that has clues ([`pose_unique`]).

#![warn(missing_docs)]

pub mod backtrack;
pub(crate) mod chains;
mod cubes;
mod decided;
pub mod engine;
pub(crate) mod gte;
mod handover;
pub(crate) mod pair;

pub use crate::backbone::{backbone, Backbone, DEFAULT_CHUNK};
pub use crate::optimise::{
    low_first, optimal_only, optimise, optimise_with, with_optimum, OptEngine, Optimum, LINEAR_BUDGET,
};
pub use crate::pose::{only_solution, pose_target, pose_unique, random_solution, Posed};

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{session, Interrupt, SolveError, SolverSpec};
use wgrnd_sat::{Cnf, Lit, Model, SolverAnswer};
use wgrnd_seam::pipeline::checked_by;
use wgrnd_seam::{AtomNames, CheckSession, CountUnit, DecodeSession, Error, Family, Grounding, Orbits};

pub use engine::Engine;
use handover::Handover;

/// Why a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The solver proved that no further solution exists: the count is exact.
    Exhausted,
    /// `max` solutions were found.
    Bound,
    /// The time limit passed (or the solver gave up).
    Timeout,
    /// Ctrl-C.
    Interrupted,
}

impl Stop {
    /// The name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Exhausted => "exhausted",
            Stop::Bound => "max",
            Stop::Timeout => "timeout",
            Stop::Interrupted => "interrupt",
        }
    }
}

/// The outcome of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (all checked), in the unit asked for.
    pub count: u64,
    /// Solver models found: equal to `count` without symmetries; with them, the number of orbits.
    pub models: u64,
    /// The counts by symmetry class (all equal to `count` when the grounding has no symmetries).
    pub orbits: Orbits,
    /// The true projection atoms (indices into the grounding's projection) of the first solution
    /// found: what a uniqueness certificate blocks.
    pub first: Option<Vec<u32>>,
    /// Why it stopped; the count is exact only when [`Stop::Exhausted`].
    pub stop: Stop,
    /// Time spent.
    pub elapsed: Duration,
}

impl Count {
    /// Whether `count` is the exact number of solutions.
    pub fn complete(&self) -> bool {
        self.stop == Stop::Exhausted
    }
}

/// Limits of a count, and the engine that runs it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many solutions.
    pub max: Option<u64>,
    /// Stop after this long.
    pub timeout: Option<Duration>,
    /// Which enumeration engine counts ([`Engine::Auto`] unless forced).
    pub engine: Engine,
    /// Threads the blocking loop may work on after `auto` hands over from the backtracking
    /// engine (its open cubes shared out, `cubes.rs`): 0 for the machine's cores, 1 for one loop.
    pub jobs: usize,
    /// The call's interrupt token (Ctrl-C): the count stops and reports what it found.
    pub interrupt: Interrupt,
}

/// What a model stood for: how many solutions, and the clauses that exclude them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Solutions the model stands for (1, or the size of its orbit in the unit counted).
    pub solutions: u64,
    /// The blocking clauses, one per solution.
    pub blocks: Vec<Vec<Lit>>,
}

/// The blocking loop every count shares: solve, hand the model to `on_model` with the number of
/// solutions so far (it checks the model, reports it and returns what it stands for), add the
/// blocking clauses, repeat until the solver says no further model exists or a limit is reached.
pub fn enumerate(
    cnf: &Cnf,
    solver: &SolverSpec,
    limits: &Limits,
    mut on_model: impl FnMut(u64, &Model) -> Result<Found, Error>,
) -> Result<(u64, u64, Stop, Duration), Error> {
    let start = Instant::now();
    let mut session = session(solver, cnf, &limits.interrupt);
    let (mut n, mut models) = (0u64, 0u64);
    let stop = loop {
        if limits.max.is_some_and(|m| n >= m) {
            break Stop::Bound;
        }
        let remaining = match limits.timeout {
            Some(t) if start.elapsed() >= t => break Stop::Timeout,
            Some(t) => Some(t - start.elapsed()),
            None => None,
        };
        let model = match session.solve(remaining) {
            Ok(SolverAnswer::Sat(m)) => m,
            Ok(SolverAnswer::Unsat) => break Stop::Exhausted,
            Ok(SolverAnswer::Unknown) => break Stop::Timeout,
            Err(SolveError::Interrupted) => break Stop::Interrupted,
            Err(e) => return Err(e.into()),
        };
        let found = on_model(n, &model)?;
        n += found.solutions;
        models += 1;
        for block in &found.blocks {
            session.add_clause(block);
        }
    };
    Ok((n, models, stop, start.elapsed()))
}

/// One solution, as a count finds it.
#[derive(Debug)]
pub struct Event<'a, S> {
    /// The solution (checked).
    pub solution: &'a S,
    /// Its number among the solutions of the fixed puzzle, from 1.
    pub index: u64,
    /// Whether it is the first of its orbit (always, without symmetries).
    pub first_of_orbit: bool,
    /// The count in the unit asked for, this solution's orbit included (what a progress line shows).
    pub counted: u64,
}

/// A solution as an engine hands it over.
#[derive(Clone, Copy, Debug)]
pub enum Hit<'a> {
    /// A full model of the CNF from a solver (the blocking loop): checked against every clause
    /// before it is decoded, since the solver may be a foreign program.
    Model(&'a Model),
    /// A full model from the in-process backtracking search, which hands out only assignments
    /// that leave no clause false (its watched-literal propagation visits every clause a literal
    /// falsifies): the check against every clause, which would cost more than the search itself,
    /// runs in debug builds (the test suite) only. The family's checker judges it as always.
    Search(&'a Model),
    /// Only the true projection atoms (indices, increasing), from an engine that works on the
    /// family's own structure ([`dlx`]): decoded from the projection alone.
    Projection(&'a [u32]),
}

/// Counts the solutions of `f` grounded as `g`, calling `found` for each (see [`Event`]). `unit`
/// says what the limit and [`Count::count`] count; `limits.engine` which engine enumerates (see
/// [`engine`]). Without symmetries every solution is one; with them (each orbit under all
/// symmetries holds `size / rotation-orbit size` rotation orbits of equal size, since the rotations
/// are a normal subgroup) the first member of an orbit found stands for the whole orbit: all its
/// images are decoded, checked and reported then. The blocking loop blocks them all; a
/// non-blocking engine cannot exclude them in advance, so their projection sets are remembered and
/// a later member of a counted orbit counts nothing (one set per solution of a symmetric puzzle,
/// never a clause; without symmetries nothing is kept).
///
/// The engine searches on this thread. The first solutions are decoded, checked and reported
/// here as they come, one after the other: most counts of puzzles have a few solutions, and a
/// second thread (its start, and the fresh memory its allocations take from an arena of its own)
/// would cost more than such a whole count (kakuro's count of one 3.1 ms -> 2.6-2.9 ms as a whole
/// command, colour5's 2.9-4.0 -> 2.6-2.8 ms). Once [`SERIAL_SOLUTIONS`] solutions have been
/// checked here, or checking them took [`SERIAL_TIME`], the count is a large one and the checker
/// moves to a thread of its own: the engine goes on searching here and hands each orbit over a
/// bounded channel to it, since on a fast enumeration decoding and the independent check cost
/// more than the search, and so they run on a second core. What the engine counts is settled from
/// the projection alone (orbits, blocking clauses); the count returns only after every solution has
/// passed the checker, and a solution that fails stops the search. Once the search has ended its
/// core is free, and what is left to check is split between the checker and a second thread
/// (`check_in_two`); solutions are still reported in the order found.
pub fn count<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    limits: &Limits,
    unit: CountUnit,
    found: impl FnMut(&Event<F::Solution>) + Send,
) -> Result<Count, Error> {
    let start = Instant::now();
    // The queue holds models: a bound in bytes, not only in solutions.
    let handover = Handover::new(HANDOVER_BYTES / (g.cnf.num_vars() as usize + 64));
    // Models the checker is done with go back to the search, which copies the next ones into
    // them: allocating on one thread and freeing on the other makes the two contend in malloc.
    let spent: Mutex<Vec<Model>> = Mutex::new(Vec::new());
    // Ctrl-C while the last solutions are checked after the search ended stops nothing
    // half-done: the count watches until every solution is reported.
    let _watch = limits.interrupt.watch();
    // A checker thread of its own pays only beside the search on a second core; where there is
    // none (one core, or WASI in the browser page, which has no threads) the checking stays here.
    let one_core = crate::jobs::cores() == 1;
    let (searched, checked) = std::thread::scope(|scope| {
        // The checker on this thread (its sessions, the time it took, the reports), until the
        // count hands it over to a thread of its own.
        let mut serial = Some(Serial {
            check: f.check_session(),
            decode: f.decode_session(g),
            checking: Duration::ZERO,
            reports: Reports { found, unit, solutions: 0 },
        });
        let mut checker = None;
        // The first failure of a check made here (the search is stopped with a placeholder).
        let mut failed: Option<Error> = None;
        let mut hand = |orbit: Orbit| -> Result<(), ()> {
            if let Some(here) = &mut serial {
                if one_core || ((here.reports.solutions as usize) < SERIAL_SOLUTIONS && here.checking < SERIAL_TIME) {
                    let began = Instant::now();
                    let members = decode_orbit(g, &mut here.decode, &mut here.check, &orbit);
                    here.checking += began.elapsed();
                    let members = members.map_err(|e| failed = Some(e))?;
                    here.reports.report(&orbit, members);
                    if let Some(model) = orbit.model {
                        spent.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(model);
                    }
                    return Ok(());
                }
            }
            if let Some(Serial { reports, .. }) = serial.take() {
                let (handover, spent) = (&handover, &spent);
                checker = Some(scope.spawn(move || check_handed_over(f, g, handover, spent, reports)));
            }
            handover.push(orbit).map_err(|_| ())
        };
        let searched = {
            let _closing = handover.closing();
            let out = Out { hand: &mut hand, stop: &|| handover.is_abandoned(), spent: &spent };
            search(f, g, solver, limits, unit, out)
        };
        // A failure here stops the search before any hand-over; the thread counts what was
        // reported here before it took over.
        let checked = match (failed, checker) {
            (Some(e), _) => Err(e),
            (None, Some(thread)) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            (None, None) => Ok(serial.map_or(0, |here| here.reports.solutions)),
        };
        (searched, checked)
    });
    // A checker's verdict comes first: a search stopped by it only says that it was stopped.
    let solutions = checked?;
    let Searched { count, stop, first, rotation_orbits, orbits } = searched?;
    let orbits = Orbits {
        solutions,
        rotation_orbits,
        orbits,
        rotations: g.symmetries.iter().filter(|s| !s.reflection).count() + 1,
        symmetries: g.symmetries.len() + 1,
    };
    Ok(Count { count, models: orbits.orbits, orbits, first, stop, elapsed: start.elapsed() })
}

/// [`count`], for a grounding that may have left its symmetries for later
/// ([`Family::symmetries_deferred`]: a plain count's, which they would only make faster). The
/// count goes without them up to [`PROBE`] solutions: one that ends there (the puzzle has at
/// most one solution, or the bound, the time limit or Ctrl-C came first) is the answer, and its
/// solutions are reported then. Past it, the symmetries are looked for and declared in `g`
/// ([`Family::add_symmetries`]) and the count starts again on it, the solutions found so far
/// dropped unreported (a new search finds them again, as members of their orbits). So a count
/// of one solution never pays for the symmetry search, and a larger one pays for finding two
/// solutions twice. The time limit is the count's: the symmetry search is not charged to it, as
/// it is not when a grounding looks for them at once. A count up to two of a puzzle whose family
/// has a normal form counts on the form (`count_normal`). Returns the grounding counted on (`g`
/// for a count on the normal form; its header says what was looked for) with the count, whose
/// time includes both counts and the search; a Ctrl-C (the search is finished first) or a probe
/// that took the whole time limit returns the solutions found before the search, with the
/// grounding that now holds them.
pub fn count_deferring<F: Family + wgrnd_seam::Search>(
    f: &F,
    mut g: Grounding<F::Encoding>,
    solver: &SolverSpec,
    limits: &Limits,
    unit: CountUnit,
    mut found: impl FnMut(&Event<F::Solution>) + Send,
) -> Result<(Grounding<F::Encoding>, Count), Error> {
    // A count to two of a puzzle with a normal form searches the normal form.
    if unit == CountUnit::None && limits.max.is_some_and(|m| m <= 2) && g.symmetries.is_empty() {
        if let Some(normal) = f.normal_form()? {
            let c = count_normal(f, &g, &normal, solver, limits, found)?;
            return Ok((g, c));
        }
    }
    // Orbits are counted only with the symmetries (a family leaves them for later only for a
    // plain count): looked for at once for any other unit.
    if f.symmetries_deferred(&g) && unit != CountUnit::None {
        f.add_symmetries(&mut g)?;
    }
    if !f.symmetries_deferred(&g) {
        let c = count(f, &g, solver, limits, unit, found)?;
        return Ok((g, c));
    }
    let start = Instant::now();
    // Ctrl-C from the probe to the end stops the count with what it found, not the process.
    let _watch = limits.interrupt.watch();
    let probe = Limits { max: Some(limits.max.map_or(PROBE, |m| m.min(PROBE))), ..limits.clone() };
    let mut held: Vec<Held<F::Solution>> = Vec::new();
    let probed = count(f, &g, solver, &probe, unit, |e| {
        held.push(Held { solution: e.solution.clone(), index: e.index, counted: e.counted });
    })?;
    let mut answer = |stop: Stop| {
        for h in &held {
            found(&Event { solution: &h.solution, index: h.index, first_of_orbit: true, counted: h.counted });
        }
        Count { stop, elapsed: start.elapsed(), ..probed.clone() }
    };
    if probed.stop != Stop::Bound || limits.max.is_some_and(|m| probed.count >= m) {
        return Ok((g, answer(probed.stop)));
    }
    if limits.interrupt.is_requested() {
        return Ok((g, answer(Stop::Interrupted)));
    }
    f.add_symmetries(&mut g)?;
    if limits.interrupt.is_requested() {
        return Ok((g, answer(Stop::Interrupted)));
    }
    let left = Limits { timeout: limits.timeout.map(|t| t.saturating_sub(probed.elapsed)), ..limits.clone() };
    if left.timeout == Some(Duration::ZERO) {
        return Ok((g, answer(Stop::Timeout)));
    }
    let c = count(f, &g, solver, &left, unit, found)?;
    Ok((g, Count { elapsed: start.elapsed(), ..c }))
}

/// A count of up to two (`limits.max`) of the puzzle `g` on its normal form `normal`
/// ([`wgrnd_seam::Search::normal_form`]). Steps lead every solution to the form, so the puzzle
/// has no solution when the form has none, and at least two when the form has two. When the form
/// has one, `s`, the puzzle has another exactly when some other solution is led by steps to `s`:
/// [`Search::unreduced`] says whether one is and gives a second solution, which the family's
/// checker judges here before it is reported. Every solution reported is checked, as in any
/// count; the count's `first` indexes `g`'s projection, which is the form's, atom for atom.
///
/// [`Search::unreduced`]: wgrnd_seam::Search::unreduced
pub(crate) fn count_normal<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    normal: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    limits: &Limits,
    mut found: impl FnMut(&Event<F::Solution>) + Send,
) -> Result<Count, Error> {
    let names = |g: &Grounding<F::Encoding>| g.projection.iter().map(|&v| g.encoding.atom_name(v)).collect::<Vec<_>>();
    if names(g) != names(normal) {
        return Err(Error::EncodingBug("the normal form's projection is not the puzzle's".into()));
    }
    let mut first: Option<F::Solution> = None;
    let mut c = count(f, normal, solver, limits, CountUnit::None, |e| {
        if first.is_none() {
            first = Some(e.solution.clone());
        }
        found(e)
    })?;
    let second = match (&first, c.count, c.stop, limits.max) {
        (Some(s), 1, Stop::Exhausted, Some(2)) => f.unreduced(s)?,
        _ => None,
    };
    if let Some(second) = second {
        let violations = f.check(&second)?;
        if let Some(v) = violations.first() {
            return Err(Error::EncodingBug(format!(
                "the second solution built beside the normal form's fails the check: {v}"
            )));
        }
        found(&Event { solution: &second, index: 2, first_of_orbit: true, counted: 2 });
        c.count = 2;
        c.models = 2;
        c.orbits.solutions = 2;
        c.orbits.rotation_orbits = 2;
        c.orbits.orbits = 2;
        c.stop = Stop::Bound;
    }
    Ok(c)
}

/// A solution [`count_deferring`] holds back until it knows that its count is the answer (each
/// is the first of its orbit: the count holds none with symmetries).
struct Held<S> {
    solution: S,
    index: u64,
    counted: u64,
}

/// Solutions a count whose grounding left its symmetries for later finds without them, at most,
/// before it looks for them ([`count_deferring`]).
pub const PROBE: u64 = 2;

/// Solutions a count checks on the thread that searches, at most, before the checker moves to a
/// thread of its own (see [`count`]).
const SERIAL_SOLUTIONS: usize = 256;

/// Time a count spends checking on the thread that searches, at most, before the checker moves
/// to a thread of its own (a few solutions of a large puzzle, each slow to check).
const SERIAL_TIME: Duration = Duration::from_millis(2);

/// A count's checker on the thread that searches (see [`count`]): its sessions, the time it has
/// spent checking, and the reports, which go with the checker to a thread of its own.
struct Serial<'a, S, V, R> {
    check: CheckSession<'a, S, V>,
    decode: DecodeSession<'a, S>,
    checking: Duration,
    reports: Reports<R>,
}

/// The reports of a count's checked solutions, in order: `found` and how many it was given.
struct Reports<R> {
    found: R,
    unit: CountUnit,
    solutions: u64,
}

impl<R> Reports<R> {
    /// Reports the checked members of `orbit`.
    fn report<S>(&mut self, orbit: &Orbit, members: Vec<S>)
    where
        R: FnMut(&Event<S>),
    {
        for (k, solution) in members.iter().enumerate() {
            self.solutions += 1;
            let counted =
                if self.unit == CountUnit::None { orbit.before + k as u64 + 1 } else { orbit.before + orbit.units };
            (self.found)(&Event { solution, index: self.solutions, first_of_orbit: k == 0, counted });
        }
    }
}

/// The checker on a thread of its own (see [`count`]): everything the search hands over, decoded
/// and checked in order; the first failure abandons the queue, which stops the search (it looks
/// as often as at Ctrl-C). Returns the number of solutions reported, those reported before it
/// took over included.
fn check_handed_over<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    handover: &Handover<Orbit>,
    spent: &Mutex<Vec<Model>>,
    mut reports: Reports<impl FnMut(&Event<F::Solution>)>,
) -> Result<u64, Error> {
    let abandoning = handover.abandoning();
    let mut checked: Result<(), Error> = Ok(());
    // One checker for every solution this thread judges: it keeps its plans between them.
    let mut check = f.check_session();
    // And one decoder (it keeps what it derives from the grounding).
    let mut decode = f.decode_session(g);
    let mut report = |orbit: &Orbit, members: Vec<F::Solution>| reports.report(orbit, members);
    let (mut spare, mut done) = (Vec::new(), Vec::new());
    while let Some(mut batch) = handover.take(spare) {
        let mut at = 0;
        while at < batch.len() && checked.is_ok() {
            let rest = batch.get(at..).unwrap_or(&[]);
            let window = if handover.ended() { two_window(rest) } else { None };
            if let Some((w, half)) = window {
                // The search has ended, so its core is free: a second thread decodes and
                // checks the later half of what is left meanwhile (colour5's count spent 60 M
                // of its 90 M instructions checking, after a search of 13 M). Reports stay
                // in order: the later half's are made here, after the earlier half's, and
                // so they are held until then: a window of at most `TWO_WINDOW` solutions
                // at a time (a colouring's orbits of 1,440 held 580 MB in one half).
                let (mine, later) = rest[..w].split_at(half);
                checked = check_in_two(f, g, &mut decode, &mut check, mine, later, &mut report);
                at += w;
            } else {
                checked =
                    decode_orbit(g, &mut decode, &mut check, &batch[at]).map(|members| report(&batch[at], members));
                at += 1;
            }
        }
        done.extend(batch.drain(..).filter_map(|orbit| orbit.model));
        if checked.is_err() {
            break;
        }
        spent.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).append(&mut done);
        spare = batch;
    }
    drop(abandoning);
    checked.map(|()| reports.solutions)
}

/// Decodes and checks `mine` here and `later` on a thread of its own at the same time, then
/// reports `mine` and `later` in that order; stops at the first failure in that order (a failure in
/// `mine` also stops the other thread at its next orbit).
fn check_in_two<'a, F: Family + wgrnd_seam::Search>(
    f: &'a F,
    g: &'a Grounding<F::Encoding>,
    decode: &mut DecodeSession<'a, F::Solution>,
    check: &mut CheckSession<'_, F::Solution, F::Violation>,
    mine: &[Orbit],
    later: &[Orbit],
    report: &mut impl FnMut(&Orbit, Vec<F::Solution>),
) -> Result<(), Error> {
    let failed = AtomicBool::new(false);
    let (mut checked, helped) = std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            let mut out = Vec::with_capacity(later.len());
            let mut check = f.check_session();
            let mut decode = f.decode_session(g);
            for orbit in later {
                if failed.load(Ordering::Relaxed) {
                    break;
                }
                let members = decode_orbit(g, &mut decode, &mut check, orbit);
                let stop = members.is_err();
                out.push(members);
                if stop {
                    break;
                }
            }
            out
        });
        let checked = mine
            .iter()
            .try_for_each(|orbit| decode_orbit(g, decode, check, orbit).map(|members| report(orbit, members)));
        failed.store(checked.is_err(), Ordering::Relaxed);
        (checked, helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    if checked.is_ok() {
        // The helper stops only after a failure of its own (its last item) or of `mine`.
        checked = later.iter().zip(helped).try_for_each(|(orbit, members)| members.map(|m| report(orbit, m)));
    }
    checked
}

/// The members of `orbit`, each decoded and passed by the family's checker (the engine's model
/// first, where it gave one).
fn decode_orbit<E, S, V: std::fmt::Display>(
    g: &Grounding<E>,
    decode: &mut DecodeSession<'_, S>,
    check: &mut CheckSession<'_, S, V>,
    orbit: &Orbit,
) -> Result<Vec<S>, Error> {
    let mut out = Vec::with_capacity(orbit.projections.len() + 1);
    if let Some(m) = &orbit.model {
        out.push(checked_by(decode(m)?, check)?);
    }
    for set in &orbit.projections {
        out.push(checked_by(decode(&g.projected_model(set))?, check)?);
    }
    Ok(out)
}

/// Solutions decoded and checked by two threads at a time once the search has ended.
const TWO_WINDOW: usize = 4096;

/// Fewest solutions worth a second thread: a thread's start, its decoder and the fresh memory
/// it touches cost more than checking a few hundred solutions here (colour5's 240: 4.5% faster
/// without it, interleaved medians of 100 processes).
const TWO_MIN: usize = 1024;

/// How many orbits of `rest` go to two threads at once, and where the window is split: the
/// orbits whose solutions add up to at most [`TWO_WINDOW`] (at least two), cut where the first
/// part holds about half of them; `None` when they are fewer than [`TWO_MIN`] solutions.
fn two_window(rest: &[Orbit]) -> Option<(usize, usize)> {
    let size = |o: &Orbit| o.projections.len() + usize::from(o.model.is_some());
    let (mut w, mut total) = (0, 0);
    while w < rest.len() && (w < 2 || total + size(&rest[w]) <= TWO_WINDOW) {
        total += size(&rest[w]);
        w += 1;
    }
    if w < 2 || total < TWO_MIN {
        return None;
    }
    let (mut half, mut first) = (0, 0);
    while half + 1 < w && 2 * (first + size(&rest[half])) <= total {
        first += size(&rest[half]);
        half += 1;
    }
    Some((w, half.max(1)))
}

/// Whether the unit clauses of `cnf` fix every variable (so that it has one model at most).
pub(crate) fn fixed_by_units(cnf: &Cnf) -> bool {
    let mut fixed = vec![false; cnf.num_vars() as usize];
    for c in cnf.clauses() {
        if let [l] = c {
            fixed[l.var().index()] = true;
        }
    }
    fixed.iter().all(|&f| f)
}

/// Bytes of models the search may be ahead of the checker (which holds at most as many again
/// while it checks what it took, and the models it is done with wait in `spent` for reuse).
const HANDOVER_BYTES: usize = 32 << 20;

/// One orbit as the search hands it over: its members, the one found first as the model the engine
/// gave (when it gave one) and the others as their true projection atoms; what the count stood at
/// before it and how many units it counts.
struct Orbit {
    model: Option<Model>,
    projections: Vec<Vec<u32>>,
    before: u64,
    units: u64,
}

impl Orbit {
    /// An orbit of one, found as `model`.
    fn of_model(model: Model, before: u64) -> Orbit {
        Orbit { model: Some(model), projections: Vec::new(), before, units: 1 }
    }
}

/// What the search side of a count settles.
struct Searched {
    count: u64,
    stop: Stop,
    first: Option<Vec<u32>>,
    rotation_orbits: u64,
    orbits: u64,
}

/// Where the search side of [`count`] hands its orbits: `hand` checks one or queues it (`Err`:
/// the checker has failed or given up, so the search stops), `stop` says whether the checker has
/// given up, and models the checker is done with wait in `spent` to be refilled.
struct Out<'a> {
    hand: &'a mut dyn FnMut(Orbit) -> Result<(), ()>,
    stop: &'a dyn Fn() -> bool,
    spent: &'a Mutex<Vec<Model>>,
}

/// The search side of [`count`]: runs the engine, works out each solution's orbit from its
/// projection, and hands it over to be checked.
fn search<F: Family + wgrnd_seam::Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    limits: &Limits,
    unit: CountUnit,
    out: Out<'_>,
) -> Result<Searched, Error> {
    let Out { hand, stop, spent } = out;
    // A copy of the engine's model, into a model the checker is done with where there is one.
    let mut stash: Vec<Model> = Vec::new();
    let mut copy = |model: &Model| {
        if stash.is_empty() {
            stash = std::mem::take(&mut *spent.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        }
        match stash.pop() {
            Some(mut m) => {
                m.clone_from(model);
                m
            }
            None => model.clone(),
        }
    };
    let (mut rotation_orbits, mut orbits) = (0u64, 0u64);
    let mut first = None;
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    // Never shown: a checker that stops the count does so with its own error (or panic), which
    // `count` reports instead.
    let stopped = || Error::EncodingBug("the checker stopped the count".into());
    let on_hit = |before: u64, hit: Hit<'_>| -> Result<Found, Error> {
        // Only the blocking loop uses blocking clauses; the other engines exclude by construction.
        let blocking = matches!(hit, Hit::Model(_));
        let block = |set: &[u32]| if blocking { vec![g.blocking_clause(set)] } else { Vec::new() };
        if let Hit::Model(model) | Hit::Search(model) = hit {
            if blocking || cfg!(debug_assertions) {
                let broken = |e: wgrnd_seam::BrokenClause| Error::EncodingBug(format!("solution {}: {e}", before + 1));
                g.check_model(model).map_err(broken)?;
            }
        }
        if first.is_none() {
            first = Some(match hit {
                Hit::Model(model) | Hit::Search(model) => g.true_projection(model),
                Hit::Projection(chosen) => chosen.to_vec(),
            });
        }
        if g.symmetries.is_empty() {
            // The common fast path: the engine's model (or projection) is all the checker needs;
            // the projection is read only for a blocking clause.
            orbits += 1;
            rotation_orbits += 1;
            let (orbit, blocks) = match hit {
                Hit::Model(model) => (Orbit::of_model(copy(model), before), block(&g.true_projection(model))),
                Hit::Search(model) => (Orbit::of_model(copy(model), before), Vec::new()),
                Hit::Projection(chosen) => {
                    (Orbit { model: None, projections: vec![chosen.to_vec()], before, units: 1 }, Vec::new())
                }
            };
            hand(orbit).map_err(|()| stopped())?;
            return Ok(Found { solutions: 1, blocks });
        }
        let (chosen, model) = match hit {
            Hit::Model(model) | Hit::Search(model) => (g.true_projection(model), Some(model)),
            Hit::Projection(chosen) => (chosen.to_vec(), None),
        };
        if seen.contains(&chosen) {
            // A member of an orbit already counted (a non-blocking engine meets them all).
            return Ok(Found { solutions: 0, blocks: block(&chosen) });
        }
        let images: Vec<(Vec<u32>, bool)> = std::iter::once((chosen.clone(), false))
            .chain(g.symmetries.iter().map(|s| {
                let mut set: Vec<u32> = chosen.iter().map(|&i| s.image[i as usize]).collect();
                set.sort_unstable();
                (set, s.reflection)
            }))
            .collect();
        orbits += 1;
        // The distinct images, each at its first occurrence (the found model first): sorted by
        // set, ties by position (hashing each image's set was a tenth of a colouring's count,
        // whose orbits have 240 images).
        let mut order: Vec<usize> = (0..images.len()).collect();
        order.sort_unstable_by(|&a, &b| images[a].0.cmp(&images[b].0).then(a.cmp(&b)));
        let mut first = vec![false; images.len()];
        for (i, &k) in order.iter().enumerate() {
            first[k] = i == 0 || images[order[i - 1]].0 != images[k].0;
        }
        let size = first.iter().filter(|&&f| f).count();
        let mut turned: Vec<&Vec<u32>> = images.iter().filter(|(_, reflection)| !reflection).map(|(s, _)| s).collect();
        turned.sort_unstable();
        turned.dedup();
        let turned = turned.len();
        let mut blocks = Vec::new();
        let mut members = Vec::with_capacity(size);
        for (set, keep) in images.into_iter().map(|(set, _)| set).zip(first) {
            if !keep {
                continue;
            }
            if !blocking {
                seen.insert(set.clone());
            }
            blocks.extend(block(&set));
            members.push(set);
        }
        // The member found first goes as the engine's model where there is one.
        if model.is_some() {
            members.remove(0);
        }
        let rotations_here = (size / turned) as u64;
        rotation_orbits += rotations_here;
        let units = match unit {
            CountUnit::None => size as u64,
            CountUnit::Board => rotations_here,
            CountUnit::All => 1,
        };
        hand(Orbit { model: model.map(&mut copy), projections: members, before, units }).map_err(|()| stopped())?;
        Ok(Found { solutions: units, blocks })
    };
    let (count, stop, _) = engine::run(f, g, solver, limits, stop, on_hit)?;
    Ok(Searched { count, stop, first, rotation_orbits, orbits })
}

/// The files of a uniqueness certificate.
pub use wgrnd_sat::solver::Proof as Certificate;

/// Writes a certificate that the solution whose true projection atoms are `chosen` is the only
/// solution of the grounding into `dir`: `no-second.cnf` (the CNF and the clause that blocks the
/// solution) and `no-second.drat`, the DRAT proof of its unsatisfiability by the external
/// `cadical` (run through `wgrnd_solve`, so the time limit and Ctrl-C stop it). Check it with
/// `drat-trim no-second.cnf no-second.drat`.
pub fn prove_unique<E>(
    g: &Grounding<E>,
    chosen: &[u32],
    dir: &Path,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Certificate, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Output {
        path: dir.display().to_string(),
        found: format!("a directory that cannot be made ({e})"),
        expected: "a directory wgrnd can write the certificate into",
    })?;
    let mut cnf = g.cnf.clone();
    cnf.add_clause(&g.blocking_clause(chosen));
    let mut lines = g.header.clone();
    lines.push(
        "the last clause blocks the solution in solution.json: this CNF is UNSAT iff no other solution exists \
         (under the symmetry breaking of the options above: then, no other up to those symmetries)"
            .into(),
    );
    let (cnf_path, proof_path): (PathBuf, PathBuf) = (dir.join("no-second.cnf"), dir.join("no-second.drat"));
    Ok(wgrnd_sat::solver::prove_unsat(&cnf, &lines, &cnf_path, &proof_path, timeout, interrupt)?)
}

/// Counts the solutions of a grounding with an external model counter, without listing them:
/// the CNF's models projected on the projection atoms. `Ok(None)`: the time limit passed first.
/// A grounding with symmetries is refused: its count in the unit asked for expands each model
/// into its orbit, which a counter that never sees a model cannot do.
pub fn count_models<E>(
    g: &Grounding<E>,
    counter: &wgrnd_sat::solver::Counter,
) -> Result<Option<wgrnd_sat::solver::ModelCount>, Error> {
    if !g.symmetries.is_empty() {
        return Err(Error::Option(format!(
            "--counter {} counts the CNF's models, and this grounding counts each model as its orbit under {} \
             symmetries: count with --symmetry none (packings: also --lex-leader none), or without --counter",
            counter.name(),
            g.symmetries.len() + 1
        )));
    }
    let show: Vec<u32> = g.projection.iter().map(|v| v.get()).collect();
    let others = g.cnf.num_vars() as usize - show.len();
    if !counter.projected && others > 0 {
        return Err(Error::Option(format!(
            "--counter {} counts the assignments of every atom, and this CNF has {others} atoms besides the {} \
             that a solution is made of: use a counter that projects (ganak)",
            counter.name(),
            show.len()
        )));
    }
    Ok(counter.count(&g.cnf, &show, &g.header)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A formula is decided (one model at most, found without a search) only when its unit
    /// clauses fix every variable: a variable in no clause, or only in longer clauses, leaves it
    /// open.
    #[test]
    fn decided_only_when_units_fix_every_variable() {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.new_var(), cnf.new_var());
        cnf.add_clause(&[a.pos()]);
        assert!(!fixed_by_units(&cnf), "b is in no clause");
        cnf.add_clause(&[a.neg(), b.pos()]);
        assert!(!fixed_by_units(&cnf), "b is only in a binary clause");
        cnf.add_clause(&[b.neg()]);
        assert!(fixed_by_units(&cnf));
        assert!(fixed_by_units(&Cnf::new()), "no variable: one (empty) model at most");
    }
}
