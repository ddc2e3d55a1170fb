//! The exact optimiser, for every family through the seam: a grounding's [`Objective`] (weighted
//! literals per level, lexicographic) minimised on one incremental solver session, level by
//! level. Two engines (docs/optimise.md says when `auto` picks which):
//!
//! - **linear** (solution-improving): solve; build a generalized totalizer (`gte.rs`) over the
//!   level's literals capped at the cost found; then solve again and again with "cost below the
//!   best so far" as assumptions over its outputs, each answer an improvement, until the solver
//!   proves that none is left (the optimum) or time runs out (the best so far);
//! - **core** (OLL, Andres et al. 2012; Morgado et al. 2014): assume every cost literal false;
//!   each unsatisfiable core raises the lower bound by its smallest weight, and its literals are
//!   replaced by a totalizer whose "at least k + 1" outputs are assumed false in turn; the first
//!   model under the assumptions is optimal. It needs the solver's failed assumptions
//!   (the in-process session: CaDiCaL, or batsat on a small formula).
//!
//! A level's optimum is then fixed by hard clauses (a totalizer bound) before the next level.
//! Each improving model is handed to the caller as it is found (anytime); the answer is
//! "optimal" only when every level was proven.

use std::time::{Duration, Instant};

use wgrnd_sat::solver::{session, Interrupt, Session, SolveError, SolverSpec};
use wgrnd_sat::{Lit, Model, SolverAnswer};
use wgrnd_seam::{Error, Grounding, Objective, Tie};

use crate::count::chains::Shape;
use crate::count::gte::Totalizer;

/// Which engine minimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OptEngine {
    /// Linear search, unless its totalizer would be too large (then core-guided).
    #[default]
    Auto,
    /// Solution-improving linear search.
    Linear,
    /// Core-guided (OLL).
    Core,
    /// Two linear searches at once on two threads, sharing the best cost (`pair.rs`); one
    /// linear search where it does not apply (several levels, another solver).
    Pair,
}

impl OptEngine {
    /// The engine named on the command line (`auto`, `linear`, `core`, `pair`).
    pub fn parse(s: &str) -> Option<OptEngine> {
        match s {
            "auto" => Some(OptEngine::Auto),
            "linear" => Some(OptEngine::Linear),
            "core" => Some(OptEngine::Core),
            "pair" => Some(OptEngine::Pair),
            _ => None,
        }
    }
}

/// Clauses a linear search's totalizer may take before `auto` goes core-guided.
pub const LINEAR_BUDGET: usize = 2_000_000;

/// What an optimisation found.
#[derive(Clone, Debug)]
pub struct Optimum {
    /// The best model found and its cost at every level; `None`: no model at all.
    pub best: Option<(Model, Vec<i64>)>,
    /// Whether the best model is proven optimal (every level), or none exists (the formula is
    /// unsatisfiable: `best` is `None`).
    pub optimal: bool,
    /// Whether the run stopped at Ctrl-C (else, when not optimal, at the time limit).
    pub interrupted: bool,
    /// The engine that minimised each level (`linear`, `core`).
    pub engines: Vec<&'static str>,
    /// Solver calls made.
    pub solves: usize,
}

enum Step {
    Sat(Model),
    Unsat,
    Stop,
}

struct Run<'a> {
    s: Box<dyn Session>,
    deadline: Option<Instant>,
    solves: usize,
    interrupted: bool,
    interrupt: &'a Interrupt,
    improved: &'a mut dyn FnMut(&Model, &[i64]),
}

impl Run<'_> {
    fn solve(&mut self, assumptions: &[Lit]) -> Result<Step, SolveError> {
        if self.interrupt.is_requested() {
            self.interrupted = true;
            return Ok(Step::Stop);
        }
        let left = match self.deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(t) if t > Duration::ZERO => Some(t),
                _ => return Ok(Step::Stop),
            },
            None => None,
        };
        self.solves += 1;
        match self.s.solve_assuming(assumptions, left) {
            Ok(SolverAnswer::Sat(m)) => Ok(Step::Sat(m)),
            Ok(SolverAnswer::Unsat) => Ok(Step::Unsat),
            Ok(SolverAnswer::Unknown) => {
                self.interrupted |= self.interrupt.is_requested();
                Ok(Step::Stop)
            }
            Err(SolveError::Interrupted) => {
                self.interrupted = true;
                Ok(Step::Stop)
            }
            Err(e) => Err(e),
        }
    }
}

/// Minimises `g.objective` lexicographically on `spec` within `timeout`; `improved` is called
/// with each model better than the last (and its costs), as it is found. A grounding without an
/// objective gives its first model, optimal. The solver takes every integer's smallest value
/// first ([`low_first`]).
pub fn optimise<E>(
    g: &Grounding<E>,
    spec: &SolverSpec,
    engine: OptEngine,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
    improved: &mut dyn FnMut(&Model, &[i64]),
) -> Result<Optimum, SolveError> {
    optimise_with(g, spec, engine, true, timeout, interrupt, improved)
}

/// [`optimise`], with the phases of [`low_first`] (`phases`) or the solver's own.
pub fn optimise_with<E>(
    g: &Grounding<E>,
    spec: &SolverSpec,
    engine: OptEngine,
    phases: bool,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
    improved: &mut dyn FnMut(&Model, &[i64]),
) -> Result<Optimum, SolveError> {
    let _watch = interrupt.watch();
    let phased: Vec<Lit> = if phases { low_first(g) } else { Vec::new() };
    if let ([level], OptEngine::Pair, SolverSpec::Builtin) = (&g.objective.levels[..], engine, spec) {
        let shape = Shape::of(&g.cnf, &level.terms);
        return crate::count::pair::optimise_pair(&g.cnf, &g.objective, &shape, &phased, timeout, interrupt, improved);
    }
    let mut s = session(spec, &g.cnf, interrupt);
    for &l in &phased {
        s.phase(l);
    }
    let mut run =
        Run { s, deadline: timeout.map(|t| Instant::now() + t), solves: 0, interrupted: false, interrupt, improved };
    let levels = &g.objective.levels;
    let mut out = Optimum { best: None, optimal: false, interrupted: false, engines: Vec::new(), solves: 0 };
    let first = match run.solve(&[])? {
        Step::Sat(m) => m,
        Step::Unsat => {
            out.optimal = true;
            out.solves = run.solves;
            return Ok(out);
        }
        Step::Stop => {
            out.interrupted = run.interrupted;
            out.solves = run.solves;
            return Ok(out);
        }
    };
    let mut best = (first.clone(), g.objective.costs(&first));
    (run.improved)(&best.0, &best.1);
    let mut proven = true;
    for (i, level) in levels.iter().enumerate() {
        // The level's literals as the formula ties them: fixed ones, chains (an integer's order
        // view). Taken from the grounding's clauses (the clauses added by earlier levels only
        // tie totalizer outputs, never cost literals).
        let shape = Shape::of(&g.cnf, &level.terms);
        let last = i + 1 == levels.len();
        let use_core = match engine {
            // Cores need the solver's failed assumptions: the in-process session only.
            OptEngine::Core => *spec == SolverSpec::Builtin,
            OptEngine::Linear | OptEngine::Pair => false,
            OptEngine::Auto => {
                let cap = (best.1[i] - level.offset - shape.fixed as i64).max(0) as u64;
                *spec == SolverSpec::Builtin && Totalizer::size(&shape.chains, cap, LINEAR_BUDGET).is_none()
            }
        };
        let done = if use_core {
            out.engines.push("core");
            core_level(&mut run, &g.objective, &shape, &mut best)?
        } else {
            out.engines.push("linear");
            linear_level(&mut run, &g.objective, i, &shape, last, &mut best)?
        };
        if !done {
            proven = false;
            break;
        }
        if !last {
            // Fix this level at its optimum for the next ones.
            let sum = (best.1[i] - level.offset - shape.fixed as i64).max(0) as u64;
            if let Some(t) = Totalizer::over_chains(&shape.chains, sum + 1, usize::MAX, &mut run.s) {
                for l in t.at_most(sum) {
                    run.s.add_clause(&[l]);
                }
            }
        }
    }
    out.optimal = proven;
    out.interrupted = run.interrupted;
    out.solves = run.solves;
    out.best = Some(best);
    Ok(out)
}

/// The phases for the search (`Session::phase`; a backend without phases ignores them): each
/// integer's order view (`Tie::Ladder`: `x >= v` by increasing `v`) false first, so the solver
/// tries the smallest value of every integer first, as constraint solvers label Golomb rulers
/// (docs/optimise.md, "The engines"). Phases steer the search only: every answer stays exact.
pub fn low_first<E>(g: &Grounding<E>) -> Vec<Lit> {
    let ladders = g.ties.iter().filter_map(|t| match t {
        Tie::Ladder(atoms) => Some(atoms),
        Tie::OneHot(_) => None,
    });
    ladders.flatten().filter_map(|&a| g.projection.get(a as usize)).map(|v| v.neg()).collect()
}

/// Linear search on level `i` (of shape `shape`): `Ok(false)` when stopped before the proof.
/// On the `last` level the bounds are added as clauses, not assumed: each holds from then on
/// (a later solve only asks for less), and after the final "no better" nothing is solved again,
/// so the solver may simplify with them.
fn linear_level(
    run: &mut Run,
    o: &Objective,
    i: usize,
    shape: &Shape,
    last: bool,
    best: &mut (Model, Vec<i64>),
) -> Result<bool, SolveError> {
    // What every model pays at least: the offset and the literals fixed true.
    let floor = o.levels[i].offset + shape.fixed as i64;
    let sum = (best.1[i] - floor).max(0) as u64;
    if sum == 0 {
        return Ok(true);
    }
    let Some(t) = Totalizer::over_chains(&shape.chains, sum, usize::MAX, &mut run.s) else { return Ok(true) };
    loop {
        let sum = (best.1[i] - floor).max(0) as u64;
        if sum == 0 {
            return Ok(true);
        }
        let mut assumptions = t.at_most(sum - 1);
        if last {
            for &l in &assumptions {
                run.s.add_clause(&[l]);
            }
            assumptions.clear();
        }
        match run.solve(&assumptions)? {
            Step::Sat(m) => {
                let costs = o.costs(&m);
                *best = (m, costs);
                (run.improved)(&best.0, &best.1);
            }
            Step::Unsat => return Ok(true),
            Step::Stop => return Ok(false),
        }
    }
}

/// A soft literal of the core-guided search: assumed true, `weight` paid when it fails; a
/// totalizer output carries its totalizer and the bound it stands for.
struct Soft {
    lit: Lit,
    weight: u64,
    /// The totalizer (index) and bound `k` of an output `not (sum >= k + 1)`.
    from: Option<(usize, u64)>,
}

/// Core-guided search (OLL) on a level of shape `shape` (literals fixed by unit clauses are no
/// soft literal): `Ok(false)` when stopped before the proof.
fn core_level(run: &mut Run, o: &Objective, shape: &Shape, best: &mut (Model, Vec<i64>)) -> Result<bool, SolveError> {
    let mut softs: Vec<Soft> =
        shape.chains.iter().flatten().map(|&(w, l)| Soft { lit: !l, weight: w, from: None }).collect();
    let mut totalizers: Vec<(Totalizer, usize)> = Vec::new();
    loop {
        let active: Vec<usize> = (0..softs.len()).filter(|&j| softs[j].weight > 0).collect();
        let assumptions: Vec<Lit> = active.iter().map(|&j| softs[j].lit).collect();
        match run.solve(&assumptions)? {
            Step::Sat(m) => {
                let costs = o.costs(&m);
                if costs < best.1 {
                    *best = (m, costs);
                    (run.improved)(&best.0, &best.1);
                }
                return Ok(true);
            }
            Step::Stop => return Ok(false),
            Step::Unsat => {}
        }
        let core: Vec<usize> = active.iter().copied().filter(|&j| run.s.failed(softs[j].lit) != Some(false)).collect();
        if core.is_empty() {
            // Unsatisfiable without the assumptions: cannot happen after a model (the hard
            // clauses only shrink to earlier levels' optima, which have models).
            return Ok(true);
        }
        let w = core.iter().map(|&j| softs[j].weight).min().unwrap_or(0);
        for &j in &core {
            softs[j].weight -= w;
            // An output of a totalizer in the core: its next bound becomes soft.
            if let Some((t, k)) = softs[j].from {
                let (tot, n) = &totalizers[t];
                if (k as usize) + 1 < *n {
                    if let Some(&(_, l)) = tot.outputs.iter().find(|(s, _)| *s == k + 2) {
                        softs.push(Soft { lit: !l, weight: w, from: Some((t, k + 1)) });
                    }
                }
            }
        }
        if core.len() > 1 {
            // The core's failing literals: at least one of them is paid; a second one costs w
            // again, assumed away through the totalizer's output "at least 2".
            let inputs: Vec<(u64, Lit)> = core.iter().map(|&j| (1, !softs[j].lit)).collect();
            let n = inputs.len();
            if let Some(tot) = Totalizer::build(&inputs, n as u64, usize::MAX, &mut run.s) {
                if let Some(&(_, l)) = tot.outputs.iter().find(|(s, _)| *s == 2) {
                    softs.push(Soft { lit: !l, weight: w, from: Some((totalizers.len(), 1)) });
                }
                totalizers.push((tot, n));
            }
        }
    }
}

/// The grounding restricted to the optimal solutions: `g` with hard clauses that keep every
/// level's cost at most `costs` (the optimum found by [`optimise`], so exactly at it), and no
/// objective left. A count or a backbone of it is one over the optimal solutions; the clauses'
/// fresh variables are implied by the grounding's own, so no count changes by them.
pub fn with_optimum<E>(g: Grounding<E>, costs: &[i64]) -> Grounding<E> {
    let mut out = g;
    let objective = std::mem::take(&mut out.objective);
    for (level, &c) in objective.levels.iter().zip(costs) {
        let shape = Shape::of(&out.cnf, &level.terms);
        let sum = (c - level.offset - shape.fixed as i64).max(0) as u64;
        if let Some(t) = Totalizer::over_chains(&shape.chains, sum + 1, usize::MAX, &mut out.cnf) {
            for l in t.at_most(sum) {
                out.cnf.add_clause(&[l]);
            }
        }
    }
    out
}

/// For `count` and `backbone`: a grounding with an objective becomes the grounding of its
/// optimal solutions (the optimum proven first, within `timeout`), returned with the optimum's
/// value at every level as the user reads it ([`Objective::shown`]); any other is returned as it is (no costs). The command line and the
/// Python module share it.
pub fn optimal_only<E>(
    g: Grounding<E>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<(Grounding<E>, Option<Vec<i64>>), Error> {
    if g.objective.is_empty() {
        return Ok((g, None));
    }
    let o = optimise(&g, solver, OptEngine::Auto, timeout, interrupt, &mut |_, _| {})?;
    match (o.optimal, o.best) {
        (true, Some((_, costs))) => {
            let shown = g.objective.shown(&costs);
            Ok((with_optimum(g, &costs), Some(shown)))
        }
        // No solution at all: nothing to count.
        (true, None) => Ok((g, None)),
        (false, _) if o.interrupted => Err(Error::Solver(SolveError::Interrupted)),
        (false, _) => Err(Error::Solver(SolveError::OutOfTime {
            solver: solver.name().to_string(),
            task: "the optimum was proven (needed before counting optimal solutions)".into(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_sat::{Cnf, Var};
    use wgrnd_seam::{Level, SplitMix64};

    const N: usize = 10;

    /// A random formula over `N` variables: the first five an integer's order view (`x >= 1` ..
    /// `x >= 5`, each implying the one before, sometimes one fixed), random clauses of 2-3
    /// literals; 1-2 levels of random weighted literals (the chain among them half of the time,
    /// weighted as an integer's gaps).
    fn random_model(seed: u64) -> (Cnf, Objective) {
        let mut r = SplitMix64(seed);
        let mut cnf = Cnf::new();
        let v: Vec<Var> = (0..N).map(|_| cnf.new_var()).collect();
        let lit = |r: &mut SplitMix64| {
            let x = v[r.below(N as u64) as usize];
            if r.below(2) == 0 {
                x.pos()
            } else {
                x.neg()
            }
        };
        for j in 1..5 {
            cnf.add_clause(&[v[j].neg(), v[j - 1].pos()]);
        }
        match r.below(4) {
            0 => cnf.add_clause(&[v[r.below(5) as usize].pos()]),
            1 => cnf.add_clause(&[v[r.below(5) as usize].neg()]),
            _ => {}
        }
        for _ in 0..r.below(12) {
            let c: Vec<Lit> = (0..2 + r.below(2)).map(|_| lit(&mut r)).collect();
            cnf.add_clause(&c);
        }
        let mut levels = Vec::new();
        for _ in 0..1 + r.below(2) {
            let mut coefs: Vec<(i64, Lit)> = Vec::new();
            if r.below(2) == 0 {
                coefs.extend((0..5).map(|j| (1 + r.below(3) as i64, v[j].pos())));
            }
            for _ in 0..r.below(7) {
                coefs.push((r.below(11) as i64 - 5, lit(&mut r)));
            }
            levels.push(Level::new(r.below(5) as i64, &coefs, r.below(3) == 0, String::new()).unwrap());
        }
        (cnf, Objective { levels })
    }

    fn grounding(cnf: Cnf, objective: Objective) -> Grounding<()> {
        Grounding {
            projection: (0..N).map(Var::from_index).collect(),
            cnf,
            header: Vec::new(),
            hash: 0,
            fixed_weight: false,
            // The first five variables are an integer's order view (`random_model`).
            ties: vec![Tie::Ladder((0..5).collect())],
            symmetries: Vec::new(),
            encoding: (),
            xors: Vec::new(),
            objective,
            groups: Vec::new(),
        }
    }

    /// Every assignment of the `N` variables that satisfies the clauses, with its costs.
    fn models(cnf: &Cnf, o: &Objective) -> Vec<(u32, Vec<i64>)> {
        (0u32..1 << N)
            .filter_map(|bits| {
                let holds = |l: Lit| (bits >> l.var().index() & 1 == 1) == l.is_positive();
                if !cnf.clauses().all(|c| c.iter().any(|&l| holds(l))) {
                    return None;
                }
                let costs = o
                    .levels
                    .iter()
                    .map(|lv| lv.offset + lv.terms.iter().filter(|t| holds(t.1)).map(|t| t.0 as i64).sum::<i64>())
                    .collect();
                Some((bits, costs))
            })
            .collect()
    }

    /// Random weighted models, several levels, chains: each engine's optimum equals the least
    /// cost vector over all assignments, and the grounding fixed at it (`with_optimum`) keeps
    /// exactly the optimal assignments.
    #[test]
    fn optimum_equals_brute_force_on_random_weighted_models() {
        let (mut with_chain, mut pairs) = (0, 0);
        for seed in 0..120u64 {
            let (cnf, o) = random_model(seed);
            with_chain +=
                usize::from(o.levels.iter().any(|l| Shape::of(&cnf, &l.terms).chains.iter().any(|c| c.len() > 1)));
            let all = models(&cnf, &o);
            let least = all.iter().map(|m| m.1.clone()).min();
            for engine in [OptEngine::Linear, OptEngine::Core, OptEngine::Auto, OptEngine::Pair] {
                // With the integer's smallest value first and with the solver's own phases.
                for phases in [true, false] {
                    let g = grounding(cnf.clone(), o.clone());
                    let out = optimise_with(
                        &g,
                        &SolverSpec::Builtin,
                        engine,
                        phases,
                        None,
                        &Interrupt::default(),
                        &mut |_, _| {},
                    )
                    .unwrap();
                    let what = format!("seed {seed} {engine:?} phases {phases}");
                    assert!(out.optimal, "{what}");
                    pairs += usize::from(out.engines == ["linear (two searches)"]);
                    let got = out.best.as_ref().map(|b| b.1.clone());
                    assert_eq!(got, least, "{what}");
                    if let Some((m, costs)) = &out.best {
                        assert_eq!(&o.costs(m), costs);
                        assert!(cnf.first_unsatisfied(m).is_none(), "{what}");
                    }
                }
            }
            let Some(least) = least else { continue };
            let fixed = with_optimum(grounding(cnf.clone(), o.clone()), &least);
            assert!(fixed.objective.is_empty());
            let mut s = session(&SolverSpec::Builtin, &fixed.cnf, &Interrupt::default());
            for (bits, costs) in &models(&cnf, &o) {
                let cube: Vec<Lit> = (0..N).map(|i| Var::from_index(i).lit(bits >> i & 1 == 1)).collect();
                let sat = matches!(s.solve_assuming(&cube, None).unwrap(), SolverAnswer::Sat(_));
                assert_eq!(sat, *costs == least, "seed {seed}: assignment {bits:b}");
            }
        }
        assert!(with_chain > 30, "{with_chain} models with a chain");
        assert!(pairs > 50, "{pairs} runs of two searches");
    }
}
