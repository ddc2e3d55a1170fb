//! Which engine enumerates a count, and how `auto` chooses. Three engines hand solutions to the
//! same checking and orbit code in [`crate::count::count`]:
//!
//! - `blocking`: the blocking-clause loop ([`crate::count::enumerate`]) on any solver; the formula grows by
//!   one clause per solution (per image, with symmetries).
//! - `backtrack`: the non-blocking CDCL search of [`crate::count::backtrack`], in-process; the formula never
//!   grows.
//! - `dlx`: dancing links ([`crate::dlx`]) on the exact-cover matrix the family states for its
//!   puzzle (packings that fill their region), or else on the one its formula is
//!   ([`ExactCover::of_cnf`]).
//!
//! `auto` (the default): with a solver other than `builtin` named, the blocking loop on it (the
//! user asked for that solver). With constraints kept whole (connectivity, regions) in the formula, the blocking loop
//! on the built-in session (CaDiCaL; batsat first on a small formula), which decides them natively. Otherwise dancing links when the family states an exact cover,
//! else, for a formula whose unit clauses fix every variable, the one assignment they make, checked
//! against every clause (`decided.rs`: no search built), else, for a formula that is an exact
//! cover whose rows each cover two primary columns or more ([`ExactCover::for_dancing_links`]),
//! dancing links within [`COVER_NODES`] (past them what it found is dropped and the backtracking
//! engine counts from the start), else the backtracking engine, which hands
//! over to the blocking loop on the built-in session once it has spent more than
//! [`HANDOVER_CONFLICTS`] conflicts plus [`HANDOVER_CONFLICTS_PER_SOLUTION`] per solution found, or
//! more than [`HANDOVER_VISITS`] propagation visits and [`HANDOVER_VISITS_PER_SOLUTION`] per
//! solution found: on puzzles where the search, not the number of solutions, dominates, CaDiCaL's
//! search is the stronger one. The second budget measures the
//! search by its propagation work (watch-list visits, the same on every machine) rather than by
//! conflicts: the backtracking engine neither restarts nor shortens its learnt clauses, and on
//! models like the 4 x 4 magic square it costs about 60,000 visits per solution at only 20
//! conflicts each, where CaDiCaL needs about a millisecond (docs/encodings.md, "Which engine
//! counts"). The hand-over loses nothing and counts nothing twice: the backtracking engine's
//! explored region is exactly described by clauses over its flipped decisions
//! ([`crate::count::backtrack::Backtrack::explored`]), which the blocking loop starts from. With more
//! than one thread ([`crate::count::Limits::jobs`], default: the machine's cores) and no symmetries, the
//! blocking loop runs on every thread instead, through the backtracking engine's open cubes
//! ([`crate::count::backtrack::Backtrack::open_cubes`], `cubes.rs`): disjoint, so the counts add up.

use std::cell::Cell;
use std::time::{Duration, Instant};
use wgrnd_seam::Search;

use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::Cnf;
use wgrnd_seam::{Error, ExactCover, Family, Grounding};

use crate::count::backtrack::{Backtrack, Effort, Next};
use crate::count::{enumerate, Found, Hit, Limits, Stop};
use crate::dlx::{Dlx, Flow, Outcome};

/// Conflicts the backtracking engine may always spend before `auto` hands over to CaDiCaL.
pub const HANDOVER_CONFLICTS: u64 = 200_000;

/// Further conflicts it may spend per solution found.
pub const HANDOVER_CONFLICTS_PER_SOLUTION: u64 = 50;

/// Propagation visits the backtracking engine may always spend before `auto` hands over (about
/// half a second).
pub const HANDOVER_VISITS: u64 = 10_000_000;

/// Further visits it may spend per solution found.
pub const HANDOVER_VISITS_PER_SOLUTION: u64 = 20_000;

/// The hand-over budget `auto` gives the backtracking engine.
const HANDOVER: Budget = Budget {
    conflicts: HANDOVER_CONFLICTS,
    per_solution: HANDOVER_CONFLICTS_PER_SOLUTION,
    visits: HANDOVER_VISITS,
    visits_per_solution: HANDOVER_VISITS_PER_SOLUTION,
};

/// Propagation visits before [`Engine::Cubes`] hands over (a few decisions on a small formula).
pub const CUBES_VISITS: u64 = 64;

/// The hand-over budget of [`Engine::Cubes`] (asked at every decision).
const CUBES: Budget = Budget { conflicts: u64::MAX, per_solution: 0, visits: CUBES_VISITS, visits_per_solution: 0 };

/// When the backtracking engine hands over: past `conflicts + per_solution * solutions` conflicts
/// or past `visits + visits_per_solution * solutions` propagation visits, whichever comes first.
#[derive(Clone, Copy, Debug)]
struct Budget {
    conflicts: u64,
    per_solution: u64,
    visits: u64,
    visits_per_solution: u64,
}

impl Budget {
    /// Whether the search, at `e` after `solutions` solutions, has spent this budget.
    fn spent(&self, e: Effort, solutions: u64) -> bool {
        e.conflicts >= self.conflicts.saturating_add(self.per_solution.saturating_mul(solutions))
            || e.visits >= self.visits.saturating_add(self.visits_per_solution.saturating_mul(solutions))
    }
}

/// The engine that enumerates a count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Chosen per family and instance (see the module documentation).
    #[default]
    Auto,
    /// Blocking clauses on the chosen solver.
    Blocking,
    /// The non-blocking backtracking search, to the end (no hand-over).
    Backtrack,
    /// Dancing links on the family's exact-cover matrix.
    Dlx,
    /// `auto`'s hand-over forced early: the backtracking engine for [`CUBES_VISITS`] propagation
    /// visits, then the blocking loop over its open cubes on [`Limits::jobs`] threads (one loop on
    /// the grown formula, as `auto`, for a grounding with symmetries). For tests and measurements.
    Cubes,
}

impl Engine {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Blocking => "blocking",
            Engine::Backtrack => "backtrack",
            Engine::Dlx => "dlx",
            Engine::Cubes => "cubes",
        }
    }
}

/// What a count's callback does with each solution.
pub(crate) type OnHit<'a> = dyn FnMut(u64, Hit<'_>) -> Result<Found, Error> + 'a;

/// Runs the engine `limits.engine` names (or `auto`'s choice): the solutions counted, why it
/// stopped, the time spent. `given_up` says that whoever takes the solutions wants no more (the
/// checker failed): the in-process engines look at it as often as at Ctrl-C and then stop as if
/// interrupted.
pub(crate) fn run<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    limits: &Limits,
    given_up: &dyn Fn() -> bool,
    mut on_hit: impl FnMut(u64, Hit<'_>) -> Result<Found, Error>,
) -> Result<(u64, Stop, Duration), Error> {
    let start = Instant::now();
    let builtin = *solver == SolverSpec::Builtin;
    let stop_now = || limits.interrupt.is_requested() || given_up();
    match limits.engine {
        Engine::Blocking => blocking(&g.cnf, solver, limits, start, 0, &mut on_hit),
        Engine::Backtrack => backtrack(g, solver, limits, start, None, &stop_now, &mut on_hit),
        Engine::Dlx => match f.exact_cover(g).map(|m| matrix(&m, g)).or_else(|| {
            // Read off the formula: its models, whatever symmetry breaking it holds, so no
            // symmetry prunes the root.
            ExactCover::of_cnf(&g.cnf, &g.projection).map(|m| Dlx::new(&m))
        }) {
            Some(matrix) => dlx(matrix, limits, start, &stop_now, &mut on_hit),
            None => Err(Error::Option(format!(
                "--engine dlx: this {} is not an exact-cover problem (packings are, when their pieces fill the region exactly, and formulas made only of exactly-one constraints, exclusions of two atoms and units); use --engine auto",
                f.kind()
            ))),
        },
        Engine::Cubes => backtrack(g, solver, limits, start, Some(CUBES), &stop_now, &mut on_hit),
        Engine::Auto if !builtin => blocking(&g.cnf, solver, limits, start, 0, &mut on_hit),
        // Constraints kept whole (connectivity, regions): in-process CaDiCaL decides them natively; every other engine
        // would search their written-out clauses.
        Engine::Auto if !g.cnf.theories().is_empty() => blocking(&g.cnf, solver, limits, start, 0, &mut on_hit),
        Engine::Auto => match (crate::gauss::Parity::of(g), f.exact_cover(g)) {
            // A closed parity system: Gauss elimination (gauss.rs).
            (Some(p), _) => crate::gauss::count(&p, limits, start, &stop_now, &mut on_hit),
            (None, Some(m)) => dlx(matrix(&m, g), limits, start, &stop_now, &mut on_hit),
            // Units that fix every variable: one model at most, read off them (decided.rs).
            (None, None) if crate::count::fixed_by_units(&g.cnf) => {
                crate::count::decided::count(g, limits, start, &stop_now, &mut on_hit)
            }
            // A formula that is an exact cover (`ExactCover::of_cnf`): dancing links, within a
            // budget; not with symmetries, whose orbits count later members as none (`cover`
            // stops at `max` covers found).
            (None, None) => match g
                .symmetries
                .is_empty()
                .then(|| ExactCover::for_dancing_links(&g.cnf, &g.projection))
                .flatten()
            {
                Some(m) => cover(g, &m, COVER_NODES, solver, limits, start, &stop_now, &mut on_hit),
                None => backtrack(g, solver, limits, start, Some(HANDOVER), &stop_now, &mut on_hit),
            },
        },
    }
}

/// The dancing-links matrix of `m`, with the grounding's symmetries to prune its root.
fn matrix<E>(m: &ExactCover, g: &Grounding<E>) -> Dlx {
    let images: Vec<&[u32]> = g.symmetries.iter().map(|s| s.image.as_slice()).collect();
    Dlx::new(m).with_symmetries(&images)
}

/// The time left of the limit, and whether it is up.
pub(crate) fn remaining(limits: &Limits, start: Instant) -> (Option<Duration>, bool) {
    match limits.timeout {
        Some(t) => (Some(t.saturating_sub(start.elapsed())), start.elapsed() >= t),
        None => (None, false),
    }
}

/// The blocking loop on `cnf`, after `done` solutions counted elsewhere.
fn blocking(
    cnf: &Cnf,
    solver: &SolverSpec,
    limits: &Limits,
    start: Instant,
    done: u64,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    let (timeout, up) = remaining(limits, start);
    if up {
        return Ok((done, Stop::Timeout, start.elapsed()));
    }
    let rest = Limits {
        max: limits.max.map(|m| m.saturating_sub(done)),
        timeout,
        engine: Engine::Blocking,
        jobs: 1,
        interrupt: limits.interrupt.clone(),
    };
    let (n, _, stop, _) = enumerate(cnf, solver, &rest, |before, model| on_hit(done + before, Hit::Model(model)))?;
    Ok((done + n, stop, start.elapsed()))
}

/// Why the backtracking engine paused.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pause {
    Interrupted,
    Timeout,
    HandOver,
}

/// The backtracking engine; with a budget, the blocking loop on `solver` takes over past it.
fn backtrack<E>(
    g: &Grounding<E>,
    solver: &SolverSpec,
    limits: &Limits,
    start: Instant,
    budget: Option<Budget>,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    // Ctrl-C (or a checker that gave up, `stop_now`) asks this search to stop (it polls), rather
    // than ending the process.
    let watch = limits.interrupt.watch();
    let forced = limits.engine == Engine::Cubes;
    let mut engine = Backtrack::new(&g.cnf, &g.projection);
    if forced {
        engine = engine.polling_every_step();
    }
    let mut model = wgrnd_sat::Model::new(g.cnf.num_vars());
    let mut n = 0u64;
    // Solutions the search itself found: the budget grows with these (with symmetries, `n`
    // counts each orbit's images too, which cost the search nothing).
    let mut hits = 0u64;
    let stop = loop {
        if limits.max.is_some_and(|m| n >= m) {
            break Stop::Bound;
        }
        if stop_now() {
            break Stop::Interrupted;
        }
        if remaining(limits, start).1 {
            break Stop::Timeout;
        }
        let mut pause = None;
        let mut poll = |effort: Effort| {
            pause = if stop_now() {
                Some(Pause::Interrupted)
            } else if remaining(limits, start).1 {
                Some(Pause::Timeout)
            } else if budget.is_some_and(|b| b.spent(effort, hits)) {
                Some(Pause::HandOver)
            } else {
                None
            };
            pause.is_some()
        };
        match engine.next(&mut poll) {
            Next::Solution => {
                hits += 1;
                engine.fill(&mut model);
                n += on_hit(n, Hit::Search(&model))?.solutions;
            }
            Next::Exhausted => break Stop::Exhausted,
            Next::Stopped => match pause {
                Some(Pause::Interrupted) => break Stop::Interrupted,
                Some(Pause::Timeout) => break Stop::Timeout,
                Some(Pause::HandOver) | None => {
                    // On several threads when it may (not with symmetries: see cubes.rs).
                    let jobs = crate::count::cubes::threads(limits.jobs);
                    if (jobs > 1 || forced) && g.symmetries.is_empty() {
                        let cubes = engine.open_cubes();
                        drop(watch);
                        return crate::count::cubes::blocking_over_cubes(
                            &g.cnf, cubes, solver, jobs, limits, start, n, stop_now, on_hit,
                        );
                    }
                    let mut cnf = g.cnf.clone();
                    for clause in engine.explored() {
                        cnf.add_clause(&clause);
                    }
                    drop(watch);
                    return blocking(&cnf, solver, limits, start, n, on_hit);
                }
            },
        }
    };
    Ok((n, stop, start.elapsed()))
}

/// Dancing-links nodes that an exact cover read off the formula may take before `auto` gives it
/// up for the backtracking engine (from the start: what it found is dropped). Dancing links has
/// no learning: on an exact cover where the search, not the number of solutions, dominates (a
/// hard Latin square completion, say) it may take far longer than a CDCL search.
pub const COVER_NODES: u64 = 500_000;

/// Atoms of solutions that the budgeted dancing links may hold before it is given up (16 MB): its
/// solutions are handed over only once it has ended within its budget.
const COVER_HELD_ATOMS: usize = 1 << 22;

/// `auto` on a formula that is an exact cover `m` ([`ExactCover::of_cnf`]): dancing links, its
/// solutions held back until it has ended within `nodes` ([`COVER_NODES`]) (or been stopped, at the bound,
/// a time limit or Ctrl-C: what it found is then reported too); past the budget, the backtracking
/// engine from the start, as if dancing links had not been tried. Its covers are the formula's
/// models, symmetry-breaking clauses included (none of those is of a cover's shapes but a unit),
/// so each is a solution the other engines would have found too.
#[allow(clippy::too_many_arguments)]
fn cover<E>(
    g: &Grounding<E>,
    m: &ExactCover,
    nodes: u64,
    solver: &SolverSpec,
    limits: &Limits,
    start: Instant,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    let max = limits.max.unwrap_or(u64::MAX);
    if max == 0 {
        return Ok((0, Stop::Bound, start.elapsed()));
    }
    if remaining(limits, start).1 {
        return Ok((0, Stop::Timeout, start.elapsed()));
    }
    let mut matrix = Dlx::new(m);
    // Every solution's atoms, one after the other, and where each ends.
    let (mut atoms, mut ends) = (Vec::new(), Vec::new());
    let stop = Cell::new(Stop::Exhausted);
    let given_up = Cell::new(false);
    let outcome = {
        let _watch = limits.interrupt.watch();
        matrix.search(
            &mut |solution| {
                atoms.extend_from_slice(solution);
                ends.push(atoms.len());
                // Each solution counts at least one (an orbit's later members count none, but
                // dancing links meets every member, so `ends` solutions count at least as many).
                if ends.len() as u64 >= max {
                    stop.set(Stop::Bound);
                    Flow::Stop
                } else if atoms.len() > COVER_HELD_ATOMS {
                    given_up.set(true);
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
            &mut || if given_up.get() { Flow::Stop } else { look_at_limits(stop_now, limits, start, &stop) },
            nodes,
        )
    };
    if given_up.get() || outcome == Outcome::OutOfNodes {
        return backtrack(g, solver, limits, start, Some(HANDOVER), stop_now, on_hit);
    }
    let mut n = 0u64;
    let mut from = 0;
    for &end in &ends {
        n += on_hit(n, Hit::Projection(&atoms[from..end]))?.solutions;
        from = end;
        if n >= max {
            return Ok((n, Stop::Bound, start.elapsed()));
        }
    }
    let stop = if outcome == Outcome::Exhausted { Stop::Exhausted } else { stop.get() };
    Ok((n, stop, start.elapsed()))
}

/// A dancing-links search's look at Ctrl-C (or a checker that gave up, `stop_now`) and at the
/// time limit: whether to stop, and why in `stop`.
fn look_at_limits(stop_now: &dyn Fn() -> bool, limits: &Limits, start: Instant, stop: &Cell<Stop>) -> Flow {
    if stop_now() {
        stop.set(Stop::Interrupted);
        Flow::Stop
    } else if remaining(limits, start).1 {
        stop.set(Stop::Timeout);
        Flow::Stop
    } else {
        Flow::Continue
    }
}

/// Dancing links over the family's exact cover.
fn dlx(
    mut matrix: Dlx,
    limits: &Limits,
    start: Instant,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    let _watch = limits.interrupt.watch();
    let mut n = 0u64;
    let mut failure: Option<Error> = None;
    let stop = Cell::new(Stop::Exhausted);
    if limits.max == Some(0) {
        return Ok((0, Stop::Bound, start.elapsed()));
    }
    if remaining(limits, start).1 {
        return Ok((0, Stop::Timeout, start.elapsed()));
    }
    let outcome = matrix.search(
        &mut |atoms| match on_hit(n, Hit::Projection(atoms)) {
            Ok(found) => {
                n += found.solutions;
                if limits.max.is_some_and(|m| n >= m) {
                    stop.set(Stop::Bound);
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            }
            Err(e) => {
                failure = Some(e);
                Flow::Stop
            }
        },
        &mut || look_at_limits(stop_now, limits, start, &stop),
        u64::MAX,
    );
    if let Some(e) = failure {
        return Err(e);
    }
    let stop = if outcome == Outcome::Exhausted { Stop::Exhausted } else { stop.get() };
    Ok((n, stop, start.elapsed()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_sat::{Cnf, Model, Var};
    use wgrnd_seam::{AtomNames, CountUnit, SolutionFormat};

    /// A toy family: the independent sets of a cycle of `n` vertices (no two neighbours both
    /// chosen), `x(i)` true for a chosen vertex; there are Lucas(n) of them. The engines see only
    /// the seam, so a family this small exercises them as a real one does.
    struct Ring {
        n: u32,
        /// A solution the checker rejects (as if the encoding let a wrong one through).
        reject: Option<Vec<bool>>,
    }

    struct RingAtoms;

    impl AtomNames for RingAtoms {
        fn atom_name(&self, var: Var) -> String {
            format!("x({})", var.get())
        }
    }

    impl Family for Ring {
        type Encoding = RingAtoms;
        type Solution = Vec<bool>;
        type Violation = String;

        fn kind(&self) -> &'static str {
            "ring"
        }
        fn name(&self) -> &str {
            "ring"
        }
        fn ground(&self) -> Result<Grounding<RingAtoms>, Error> {
            let mut cnf = Cnf::new();
            let projection: Vec<Var> = (0..self.n).map(|_| cnf.new_var()).collect();
            for i in 0..projection.len() {
                cnf.add_clause(&[projection[i].neg(), projection[(i + 1) % projection.len()].neg()]);
            }
            Ok(Grounding {
                cnf,
                header: Vec::new(),
                hash: 0,
                projection,
                fixed_weight: false,
                ties: Vec::new(),
                symmetries: Vec::new(),
                encoding: RingAtoms,
                xors: Vec::new(),
                objective: Default::default(),
                groups: Vec::new(),
            })
        }
        fn decode(&self, g: &Grounding<RingAtoms>, model: &Model) -> Result<Vec<bool>, Error> {
            Ok(g.projection.iter().map(|v| model.value(*v) == Some(true)).collect())
        }
        fn check(&self, s: &Vec<bool>) -> Result<Vec<String>, Error> {
            let n = s.len();
            let wrong = (self.reject.as_ref() == Some(s)).then(|| "the rejected solution".to_string());
            Ok((0..n)
                .filter(|&i| s[i] && s[(i + 1) % n])
                .map(|i| format!("x({}) and its neighbour", i + 1))
                .chain(wrong)
                .collect())
        }
        fn read_solution(&self, _f: &str, _t: &str, _fmt: Option<SolutionFormat>) -> Result<Vec<bool>, Error> {
            Err(Error::Option("the ring reads no solutions".into()))
        }
    }

    impl Search for Ring {}

    /// Lucas(n): the independent sets of a cycle of n >= 3 vertices.
    fn lucas(n: u32) -> u64 {
        let (mut a, mut b) = (2u64, 1u64);
        for _ in 0..n {
            (a, b) = (b, a + b);
        }
        a
    }

    #[test]
    fn the_ring_has_lucas_many_solutions() {
        let f = Ring { n: 10, reject: None };
        let g = f.ground().unwrap();
        let want =
            crate::count::count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {}).unwrap();
        assert!(want.complete());
        assert_eq!(want.count, lucas(10));
        assert_eq!(lucas(10), 123);
    }

    /// A hand-over at any moment (here: at every chance, and after a few solutions) loses no
    /// solution and counts none twice: the blocking loop starts from the explored region.
    #[test]
    fn a_hand_over_counts_exactly_what_the_blocking_loop_counts() {
        let mut handed_over = 0;
        for seed in 8..=13 {
            let f = Ring { n: seed, reject: None };
            let g = f.ground().unwrap();
            let limits = |engine| Limits { engine, ..Limits::default() };
            let solver = SolverSpec::Builtin;
            let want =
                crate::count::count(&f, &g, &solver, &limits(Engine::Blocking), CountUnit::None, |_| {}).unwrap();
            assert!(want.complete() && want.count > 1, "seed {seed}: {}", want.count);
            // Conflict budgets, then visit budgets (the ring has few conflicts: the visits decide).
            let budgets = [0, 1, 20].into_iter().map(|per_solution| Budget {
                conflicts: 0,
                per_solution,
                visits: u64::MAX,
                visits_per_solution: 0,
            });
            let budgets = budgets.chain([0, 10, 200].into_iter().map(|visits_per_solution| Budget {
                conflicts: u64::MAX,
                per_solution: 0,
                visits: 0,
                visits_per_solution,
            }));
            // One blocking loop on the grown formula, then its open cubes on two and three threads.
            for (budget, jobs) in budgets.flat_map(|b| [(b, 1), (b, 2), (b, 3)]) {
                let per_solution = (budget.per_solution, budget.visits_per_solution, jobs);
                let budget = Some(budget);
                let mut found = std::collections::HashSet::new();
                let mut twice = 0;
                let mut on_hit = |before: u64, hit: Hit<'_>| {
                    handed_over += u64::from(matches!(hit, Hit::Model(_)) && budget.is_some_and(|b| b.visits == 0));
                    let (Hit::Model(m) | Hit::Search(m)) = hit else { unreachable!() };
                    twice += u64::from(!found.insert(g.true_projection(m)));
                    let _ = before;
                    Ok(Found { solutions: 1, blocks: vec![g.blocking_clause(&g.true_projection(m))] })
                };
                let limits = Limits { jobs, ..Limits::default() };
                let (n, stop, _) =
                    backtrack(&g, &solver, &limits, Instant::now(), budget, &|| false, &mut on_hit).unwrap();
                assert_eq!((n, stop, twice), (want.count, Stop::Exhausted, 0), "seed {seed}, {per_solution:?}");
            }
        }
        // The visit budgets did hand over (the blocking loop found some of the solutions).
        assert!(handed_over > 0);
    }

    /// The open cubes on several threads count every solution once, and stop at `--max` exactly
    /// (the models other workers find after it are not counted).
    #[test]
    fn the_cubes_on_threads_count_exactly_and_stop_at_max() {
        for n in 8..=16 {
            let f = Ring { n, reject: None };
            let g = f.ground().unwrap();
            for jobs in [1, 2, 3] {
                let limits = Limits { engine: Engine::Cubes, jobs, ..Limits::default() };
                let c = crate::count::count(&f, &g, &SolverSpec::Builtin, &limits, CountUnit::None, |_| {}).unwrap();
                assert_eq!((c.count, c.stop), (lucas(n), Stop::Exhausted), "n {n}, jobs {jobs}");
                for max in [1, 2, lucas(n) / 2, lucas(n) - 1] {
                    let limits = Limits { max: Some(max), ..limits.clone() };
                    let mut seen = std::collections::HashSet::new();
                    let c = crate::count::count(&f, &g, &SolverSpec::Builtin, &limits, CountUnit::None, |e| {
                        assert!(seen.insert(e.solution.clone()), "a solution twice");
                    })
                    .unwrap();
                    assert_eq!((c.count, c.stop, seen.len() as u64), (max, Stop::Bound, max), "n {n}, jobs {jobs}");
                }
            }
        }
    }

    /// The budget is spent by conflicts or by visits, whichever runs out first, and grows with
    /// every solution found.
    #[test]
    fn the_budget_is_spent_by_conflicts_or_visits() {
        let e = |conflicts, visits| Effort { conflicts, visits };
        let b = HANDOVER;
        assert!(!b.spent(e(0, 0), 0));
        assert!(b.spent(e(HANDOVER_CONFLICTS, 0), 0));
        assert!(b.spent(e(0, HANDOVER_VISITS), 0));
        assert!(!b.spent(e(0, HANDOVER_VISITS), 1));
        assert!(b.spent(e(0, HANDOVER_VISITS + HANDOVER_VISITS_PER_SOLUTION), 1));
        assert!(!b.spent(e(HANDOVER_CONFLICTS + HANDOVER_CONFLICTS_PER_SOLUTION - 1, 0), 1));
        assert!(!b.spent(e(u64::MAX - 1, u64::MAX - 1), u64::MAX));
    }

    /// The check split across two threads once the search has ended (`crate::count::check_in_two`)
    /// reports every solution once, in the order found, wherever the split falls, and stops at
    /// the first rejected solution in that order, whichever half it is in.
    #[test]
    fn checking_in_two_halves_reports_in_order_and_stops_at_the_first_failure() {
        let f = Ring { n: 9, reject: None };
        let g = f.ground().unwrap();
        let mut models = Vec::new();
        let limits = Limits { engine: Engine::Backtrack, ..Limits::default() };
        run(&f, &g, &SolverSpec::Builtin, &limits, &|| false, |_, hit| {
            if let Hit::Search(m) | Hit::Model(m) = hit {
                models.push(m.clone());
            }
            Ok(Found { solutions: 1, blocks: Vec::new() })
        })
        .unwrap();
        let orbits: Vec<crate::count::Orbit> =
            models.iter().enumerate().map(|(i, m)| crate::count::Orbit::of_model(m.clone(), i as u64)).collect();
        let all: Vec<Vec<bool>> = models.iter().map(|m| f.decode(&g, m).unwrap()).collect();
        assert_eq!(all.len() as u64, lucas(9));
        let n = orbits.len();
        for split in [0, 1, n / 3, n / 2, n - 1, n] {
            let (mine, later) = orbits.split_at(split);
            // What the two halves report, in order, and the verdict.
            let halves = |f: &Ring| {
                let mut got = Vec::new();
                let (mut decode, mut check) = (f.decode_session(&g), f.check_session());
                let r = crate::count::check_in_two(f, &g, &mut decode, &mut check, mine, later, &mut |_, members| {
                    got.extend(members)
                });
                (r, got)
            };
            let (r, got) = halves(&f);
            r.unwrap();
            assert_eq!(got, all, "split at {split}");
            for bad in [0, 1, split.saturating_sub(1), split.min(n - 1), n / 2 + 3, n - 1] {
                let (r, got) = halves(&Ring { n: 9, reject: Some(all[bad].clone()) });
                assert!(matches!(r, Err(Error::EncodingBug(_))), "split at {split}, rejected {bad}");
                assert_eq!(got, all[..bad], "split at {split}, rejected {bad}");
            }
        }
    }

    /// A count checks its first solutions on the thread that searches and the rest on a thread
    /// of its own (`crate::count::SERIAL_SOLUTIONS`): every solution is reported once, in the order
    /// found, and a rejected one stops the count there, before the hand-over, at it and after it.
    #[test]
    fn a_count_reports_in_order_and_stops_at_a_rejected_solution_before_and_after_the_hand_over() {
        let n = 15;
        let limits = Limits { engine: Engine::Backtrack, ..Limits::default() };
        let reported = |f: &Ring| {
            let g = f.ground().unwrap();
            let mut got = Vec::new();
            let r = crate::count::count(f, &g, &SolverSpec::Builtin, &limits, CountUnit::None, |e| {
                assert_eq!(e.index, got.len() as u64 + 1);
                got.push(e.solution.clone());
            });
            (r, got)
        };
        let (r, all) = reported(&Ring { n, reject: None });
        assert_eq!(r.unwrap().count, lucas(n));
        assert!(all.len() > 2 * crate::count::SERIAL_SOLUTIONS, "{} solutions", all.len());
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), all.len(), "a solution reported twice");
        let at = crate::count::SERIAL_SOLUTIONS;
        for bad in [0, 1, at - 1, at, at + 1, all.len() / 2, all.len() - 1] {
            let (r, got) = reported(&Ring { n, reject: Some(all[bad].clone()) });
            assert!(matches!(r, Err(Error::EncodingBug(_))), "rejected {bad}: {r:?}");
            assert_eq!(got, all[..bad], "rejected {bad}");
        }
    }

    /// A checker that gave up stops every in-process engine at its next look, without another
    /// solution: the search neither runs to its end nor hands over.
    #[test]
    fn a_checker_that_gave_up_stops_the_search() {
        let f = Ring { n: 14, reject: None };
        let g = f.ground().unwrap();
        for engine in [Engine::Auto, Engine::Backtrack, Engine::Cubes] {
            let limits = Limits { engine, jobs: 2, ..Limits::default() };
            let mut hits = 0;
            let given_up = Cell::new(false);
            let (n, stop, _) = run(&f, &g, &SolverSpec::Builtin, &limits, &|| given_up.get(), |_, _| {
                hits += 1;
                given_up.set(true);
                Ok(Found { solutions: 1, blocks: Vec::new() })
            })
            .unwrap();
            assert_eq!((n, stop), (hits, Stop::Interrupted), "{engine:?}");
            assert!(hits < 256, "{engine:?}: {hits} solutions after giving up");
        }
    }

    /// A grounding whose formula is the `n` x `n` permutation matrices (exactly one per row and
    /// per column): an exact cover with `n!` covers, each row of it in two primary columns.
    fn permutations(n: usize) -> Grounding<RingAtoms> {
        let mut g = Ring { n: 3, reject: None }.ground().unwrap();
        let mut cnf = Cnf::new();
        let x: Vec<Var> = (0..n * n).map(|_| cnf.new_var()).collect();
        let lines = (0..n)
            .flat_map(|i| [(0..n).map(|j| x[i * n + j]).collect::<Vec<_>>(), (0..n).map(|j| x[j * n + i]).collect()]);
        for line in lines {
            cnf.add_clause(&line.iter().map(|v| v.pos()).collect::<Vec<_>>());
            for (k, a) in line.iter().enumerate() {
                for b in &line[k + 1..] {
                    cnf.add_clause(&[a.neg(), b.neg()]);
                }
            }
        }
        (g.cnf, g.projection) = (cnf, x);
        g
    }

    /// Dancing links on a formula read as a cover, within its budget or past it (the backtracking
    /// engine from the start), reports every solution once, and at the bound stops there.
    #[test]
    fn a_cover_read_off_the_formula_counts_the_same_within_its_budget_or_past_it() {
        let g = permutations(4);
        let m = ExactCover::for_dancing_links(&g.cnf, &g.projection).unwrap();
        for (nodes, max) in [(u64::MAX, None), (0, None), (3, None), (u64::MAX, Some(5)), (0, Some(5))] {
            let mut found = std::collections::HashSet::new();
            let mut on_hit = |before: u64, hit: Hit<'_>| {
                assert_eq!(before as usize, found.len());
                let set = match hit {
                    Hit::Projection(p) => p.to_vec(),
                    Hit::Search(m) | Hit::Model(m) => g.true_projection(m),
                };
                assert!(found.insert(set.clone()), "{set:?} twice");
                Ok(Found { solutions: 1, blocks: vec![g.blocking_clause(&set)] })
            };
            let limits = Limits { max, jobs: 1, ..Limits::default() };
            let solver = SolverSpec::Builtin;
            let (n, stop, _) = cover(&g, &m, nodes, &solver, &limits, Instant::now(), &|| false, &mut on_hit).unwrap();
            let want = if max.is_some() { (5, Stop::Bound) } else { (24, Stop::Exhausted) };
            assert_eq!((n, stop), want, "{nodes} nodes, max {max:?}");
            assert!(found.iter().all(|s| s.len() == 4));
        }
        // `auto` takes it: the count's solutions come as projections.
        let f = Ring { n: 3, reject: None };
        let mut projections = 0;
        let (n, stop, _) = run(&f, &g, &SolverSpec::Builtin, &Limits::default(), &|| false, |_, hit| {
            projections += usize::from(matches!(hit, Hit::Projection(_)));
            Ok(Found { solutions: 1, blocks: Vec::new() })
        })
        .unwrap();
        assert_eq!((n, stop, projections), (24, Stop::Exhausted, 24));
    }
}
