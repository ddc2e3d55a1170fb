//! Explanations over the seam (docs/explain.md): why a puzzle has no solution (a minimal
//! unsatisfiable set of its groups) and how it is solved step by step (each step one new fact
//! with the smallest set of clue facts, earlier facts and constraint groups it follows from).
//! Everything runs on one in-process solver session over a grounding with groups
//! ([`wgrnd_seam::Group`]): a set of groups is a set of selector assumptions, a known fact an
//! assumed literal, so the formula never changes.
//!
//! A minimal unsatisfiable subset (MUS) is found by deletion: start from the failed assumptions
//! (the solver's core) and try to drop each member in turn; a member whose removal leaves the
//! set unsatisfiable is dropped (the set shrinks to the new core), one whose removal gives a
//! solution is kept. Selectors occur only negated, so a subset of a satisfiable set is
//! satisfiable: a member found necessary stays necessary, and the result is minimal (each member
//! was tested: without it the set has a solution).
//!
//! The cheapest step is approximated: every fact not yet known is refuted under all groups and
//! the known facts, and the size of the solver's core ranks it (every [`FULL_RANK`] steps all of
//! them, or the true ones alone when there are over [`TRUE_ONLY`], between those the
//! [`REFRESH`] best by their last rank); the [`BEAM`] best-ranked
//! candidates get a full MUS and the smallest is the step (size: clue facts and
//! earlier facts; ties: fewer constraint groups). After a step, the facts that follow from the new
//! fact and the constraint groups alone (no clue, no other fact) are recorded with it as its
//! consequences (unless the time runs out while they are found: the step is kept without them).

mod bounded;

use std::time::{Duration, Instant};

use wgrnd_sat::solver::{session, Interrupt, Session, SolveError, SolverSpec};
use wgrnd_sat::{Lit, Model, SolverAnswer, Var};
use wgrnd_seam::pipeline::checked_decode;
use wgrnd_seam::{Error, Family, Grounding, GroupKind};

/// Candidates per round that get a full MUS.
pub const BEAM: usize = 2;
/// Every this many steps every candidate is ranked again; between, the [`REFRESH`] best.
pub const FULL_RANK: usize = 8;
/// Candidates ranked again at each step between full rankings.
pub const REFRESH: usize = 24;

/// Candidates above which a full ranking ranks the true atoms alone (when any is left): a
/// 15 x 15 fillomino of an explanation has 50,625 facts to deduce (225 values for each cell,
/// nothing narrows them) of which 225 are true, and a refutation costs ~15 ms; each false one
/// follows from its cell's true one as a consequence. The other bundled puzz.link puzzles that
/// an explanation grounds have at most 1,296 (the 6 x 6 fillomino).
pub const TRUE_ONLY: usize = 4096;

/// Candidates refuted together by one solver call when finding which facts every solution
/// shares (as `wgrnd backbone --chunk`'s default).
pub const IMPLIED_CHUNK: usize = 32;

/// One member of an explanation's set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Member {
    /// A group of the grounding (by index into [`Grounding::groups`]).
    Group(usize),
    /// A fact found by an earlier step.
    Fact(Lit),
}

/// A minimal set of groups without a solution.
#[derive(Clone, Debug)]
pub struct Why {
    /// Indices into [`Grounding::groups`], in group order.
    pub groups: Vec<usize>,
    /// Solver calls.
    pub solver_calls: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One step of an explanation.
#[derive(Clone, Debug)]
pub struct Step {
    /// The new fact (a projection atom with its value).
    pub fact: Lit,
    /// What it follows from: a minimal set (clue and constraint groups, earlier facts).
    pub because: Vec<Member>,
    /// Clue facts and earlier facts in `because` (what a person holds in mind).
    pub size: usize,
    /// Set when no step of at most `max_step` existed: this one needs a case split.
    pub case_split: bool,
    /// Facts that follow from `fact` and the constraint groups alone.
    pub consequences: Vec<Lit>,
    /// The case split carried out, when `case_split` is set.
    pub split: Option<Split>,
}

/// A case split carried out (docs/explain.md): the other value of the step's fact assumed, and
/// steps of at most the given size under that assumption.
#[derive(Clone, Debug)]
pub struct Split {
    /// The assumed literal (the negation of the step's fact).
    pub assumed: Lit,
    /// Steps under the assumption: a fact and a minimal set it follows from (members may be the
    /// assumption and earlier facts of the case).
    pub steps: Vec<(Lit, Vec<Member>)>,
    /// A set of at most the given size (the assumption among its members) without a solution:
    /// the case is refuted and the step's fact follows. `None`: no contradiction was reached by
    /// steps of at most the given size: the step's fact is taken as a guess.
    pub contradiction: Option<Vec<Member>>,
}

/// A step-wise explanation.
#[derive(Debug)]
pub struct Explanation<S> {
    /// A solution (checked).
    pub solution: S,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Projection facts that every solution shares (what can be deduced).
    pub deducible: usize,
    /// Projection atoms.
    pub total: usize,
    /// The time limit ended it before every deducible fact had its step: the steps are those
    /// found by then, each whole.
    pub stopped: bool,
    /// Solver calls.
    pub solver_calls: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl<S> Explanation<S> {
    /// The size of the largest step (0 without steps).
    pub fn largest(&self) -> usize {
        self.steps.iter().map(|s| s.size).max().unwrap_or(0)
    }
    /// Whether the facts decide every projection atom (the puzzle has one solution).
    pub fn unique(&self) -> bool {
        self.deducible == self.total
    }
}

/// Options of [`explain`].
#[derive(Clone, Debug, Default)]
pub struct ExplainOptions {
    /// Largest step (clue facts and earlier facts) before a step counts as a case split.
    pub max_step: Option<usize>,
    /// Time limit for the whole explanation.
    pub timeout: Option<Duration>,
    /// Stop after this many steps (`explain --next`: one, a hint).
    pub max_steps: Option<usize>,
    /// The call's interrupt token (Ctrl-C).
    pub interrupt: Interrupt,
}

struct Solver {
    session: Box<dyn Session>,
    calls: u64,
    deadline: Option<Instant>,
    solver: String,
}

impl Solver {
    /// A model under `assumptions` (every variable), or `None`.
    fn solve(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, Error> {
        self.solve_reading(assumptions, None)
    }

    /// Whether `assumptions` have a model (none is read).
    fn satisfiable(&mut self, assumptions: &[Lit]) -> Result<bool, Error> {
        Ok(self.solve_reading(assumptions, Some(&[]))?.is_some())
    }

    /// A model under `assumptions` that holds at least `read`'s variables (`None`: every
    /// variable), or `None`.
    fn solve_reading(&mut self, assumptions: &[Lit], read: Option<&[Var]>) -> Result<Option<Model>, Error> {
        self.calls += 1;
        let timeout = self.deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if timeout.is_some_and(|t| t.is_zero()) {
            return Err(self.out_of_time());
        }
        let answer = match read {
            None => self.session.solve_assuming(assumptions, timeout),
            Some(read) => self.session.solve_reading(assumptions, timeout, read),
        };
        match answer {
            Ok(SolverAnswer::Sat(m)) => Ok(Some(m)),
            Ok(SolverAnswer::Unsat) => Ok(None),
            Ok(SolverAnswer::Unknown) => Err(self.out_of_time()),
            Err(e) => Err(e.into()),
        }
    }

    /// Which of `open` (literals true in some model of `base`) hold in every model of `base`, in
    /// `open`'s order: up to `chunk` refuted at once, as a backbone does (one clause "one of
    /// them flips" under an activation literal, retired by a unit clause after the call); a
    /// model found drops every candidate it flips. Where most candidates hold (the clues of a
    /// puzzle with one solution) one call refutes a chunk; where few do (the rules alone), one
    /// at a time is the better start, each model dropping what it can. A chunk refuted whole
    /// doubles the next one, a model found halves it (down to `chunk`): a puzzle with one
    /// solution and 225 values for each of 225 cells (the 15 x 15 fillomino of an explanation,
    /// where nothing narrows the domains) refutes its 50,625 facts in 11 calls rather than
    /// 1,600.
    fn implied(&mut self, base: &[Lit], mut open: Vec<Lit>, chunk: usize) -> Result<Vec<Lit>, Error> {
        let mut implied = Vec::new();
        let mut assume = base.to_vec();
        let chunk = chunk.max(1);
        let mut size = chunk;
        while !open.is_empty() {
            let tested = open.len().min(size);
            assume.truncate(base.len());
            let activation = if tested == 1 {
                assume.push(!open[0]);
                None
            } else {
                let a = self.session.new_var();
                let mut clause = vec![a.neg()];
                clause.extend(open[..tested].iter().map(|&l| !l));
                self.session.add_clause(&clause);
                assume.push(a.pos());
                Some(a)
            };
            let read: Vec<Var> = open.iter().map(|c| c.var()).collect();
            let answer = self.solve_reading(&assume, Some(&read));
            if let Some(a) = activation {
                self.session.add_clause(&[a.neg()]);
            }
            match answer? {
                None => {
                    implied.extend(open.drain(..tested));
                    size = size.saturating_mul(2);
                }
                Some(m) => {
                    open.retain(|&c| m.value(c.var()).unwrap_or(false) == c.is_positive());
                    size = (size / 2).max(chunk);
                }
            }
        }
        Ok(implied)
    }

    fn out_of_time(&self) -> Error {
        Error::Solver(SolveError::OutOfTime { solver: self.solver.clone(), task: "the explanation".into() })
    }

    /// A minimal subset of `cands` that, with `hard`, has no solution (`hard` + `cands` must have
    /// none). Members are tried for removal in the order given.
    fn mus(&mut self, hard: &[Lit], cands: &[Lit]) -> Result<Vec<Lit>, Error> {
        let mut assume: Vec<Lit> = hard.iter().chain(cands).copied().collect();
        if self.satisfiable(&assume)? {
            return Err(Error::EncodingBug("explain: the set to shrink has a solution".into()));
        }
        let mut set: Vec<Lit> = cands.iter().copied().filter(|&l| self.session.failed(l).unwrap_or(true)).collect();
        let mut i = 0;
        while i < set.len() {
            assume.clear();
            assume.extend(hard);
            assume.extend(set.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &l)| l));
            if !self.satisfiable(&assume)? {
                let dropped = set.remove(i);
                let core: Vec<Lit> = set.iter().copied().filter(|&l| self.session.failed(l).unwrap_or(true)).collect();
                debug_assert!(!core.contains(&dropped));
                set = core;
            } else {
                i += 1;
            }
        }
        Ok(set)
    }
}

/// `r`'s value, or `None` when it ran out of time (the caller keeps what it has).
fn in_time<T>(r: Result<T, Error>) -> Result<Option<T>, Error> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Error::Solver(SolveError::OutOfTime { .. })) => Ok(None),
        Err(e) => Err(e),
    }
}

fn start<E>(g: &Grounding<E>, solver: &SolverSpec, timeout: Option<Duration>, interrupt: &Interrupt) -> Solver {
    Solver {
        session: session(solver, &g.cnf, interrupt),
        calls: 0,
        deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        solver: solver.name().to_string(),
    }
}

/// A minimal set of `g`'s groups without a solution, or `None` when every group together has a
/// solution. Clauses of no group count as always on; when they alone have no solution the set is
/// empty.
pub fn why<E>(
    g: &Grounding<E>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<Why>, Error> {
    let t0 = Instant::now();
    let mut s = start(g, solver, timeout, interrupt);
    // Constraints first: the deletion drops them first when it can, so the set keeps the
    // clues (what a poser changes).
    let mut order: Vec<usize> = (0..g.groups.len()).collect();
    order.sort_by_key(|&i| g.groups[i].kind == GroupKind::Clue);
    let cands: Vec<Lit> = order.iter().map(|&i| g.groups[i].selector.pos()).collect();
    if s.satisfiable(&cands)? {
        return Ok(None);
    }
    let set = s.mus(&[], &cands)?;
    let mut groups: Vec<usize> = (0..g.groups.len()).filter(|&i| set.contains(&g.groups[i].selector.pos())).collect();
    groups.sort_unstable();
    Ok(Some(Why { groups, solver_calls: s.calls, elapsed: t0.elapsed() }))
}

/// Whether `members` (with `hard`) has no solution in `g` while each member dropped gives one:
/// the check of a reported set, on a fresh solver.
pub fn is_minimal_unsat<E>(g: &Grounding<E>, hard: &[Lit], members: &[Lit]) -> Result<bool, Error> {
    let mut s = start(g, &SolverSpec::Builtin, None, &Interrupt::default());
    let all: Vec<Lit> = hard.iter().chain(members).copied().collect();
    if s.satisfiable(&all)? {
        return Ok(false);
    }
    for i in 0..members.len() {
        let trial: Vec<Lit> =
            hard.iter().chain(members.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, l)| l)).copied().collect();
        if !s.satisfiable(&trial)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The literal a member is assumed as.
pub fn member_lit<E>(g: &Grounding<E>, m: Member) -> Lit {
    match m {
        Member::Group(i) => g.groups[i].selector.pos(),
        Member::Fact(l) => l,
    }
}

/// Explains `f`'s puzzle (grounded with groups as `g`) step by step; `None` when it has no
/// solution (then [`why`] says why).
pub fn explain<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    opts: &ExplainOptions,
) -> Result<Option<Explanation<F::Solution>>, Error> {
    let t0 = Instant::now();
    let mut s = start(g, solver, opts.timeout, &opts.interrupt);
    let groups: Vec<Lit> = g.groups.iter().map(|x| x.selector.pos()).collect();
    let constraints: Vec<Lit> =
        g.groups.iter().filter(|x| x.kind == GroupKind::Constraint).map(|x| x.selector.pos()).collect();
    let Some(first) = s.solve(&groups)? else { return Ok(None) };
    g.check_model(&first).map_err(|e| Error::EncodingBug(format!("explain: {e}")))?;
    let solution = checked_decode(f, g, &first)?;
    // What every solution shares: candidates refuted one by one, a solution drops every
    // candidate it flips.
    let open: Vec<Lit> = g.projection.iter().map(|&v| v.lit(first.value(v).unwrap_or(false))).collect();
    let deducible = s.implied(&groups, open, IMPLIED_CHUNK)?;
    let mut assume: Vec<Lit> = Vec::new();
    let total = g.projection.len();
    let ndeducible = deducible.len();
    // What each clue alone implies with the constraints (steps of size 1 from a clue), found
    // when a step's cores first miss a step of size 1: it asks about every fact for every clue,
    // which is most of a hint's work where none is missed (minutes for a 6 x 6 fillomino).
    let mut by_clue: Option<Vec<(Lit, Vec<Lit>)>> = None;
    let clue_steps = |s: &mut Solver| -> Result<Vec<(Lit, Vec<Lit>)>, Error> {
        let mut by_clue = Vec::new();
        let read: Vec<Var> = deducible.iter().map(|l| l.var()).collect();
        for clue in groups
            .iter()
            .copied()
            .filter(|&l| g.groups.iter().any(|x| x.selector.pos() == l && x.kind == GroupKind::Clue))
        {
            let mut a = constraints.clone();
            a.push(clue);
            let Some(m) = s.solve_reading(&a, Some(&read))? else { continue };
            let open: Vec<Lit> =
                deducible.iter().copied().filter(|&l| m.value(l.var()).unwrap_or(false) == l.is_positive()).collect();
            by_clue.push((clue, s.implied(&a, open, 1)?));
        }
        Ok(by_clue)
    };
    let mut known: Vec<Lit> = Vec::new();
    let mut left = deducible.clone();
    let mut steps: Vec<Step> = Vec::new();
    let mut rank: std::collections::HashMap<Lit, (usize, usize)> = std::collections::HashMap::new();
    let group_of = |l: Lit| g.groups.iter().position(|x| x.selector.pos() == l);
    let is_clue = |l: Lit| group_of(l).is_some_and(|i| g.groups[i].kind == GroupKind::Clue);
    // The steps, until every deducible fact has one or the time is up: the steps found by then
    // are kept (a step is pushed whole, after its consequences).
    let mut find_steps = || -> Result<(), Error> {
        while !left.is_empty() && opts.max_steps.is_none_or(|k| steps.len() < k) {
            // Rank the candidates by the core of one refutation: all of them every `FULL_RANK`
            // steps, else the `REFRESH` best by their last rank (a core found earlier still refutes:
            // the known facts only grow, so a last rank is never too optimistic... nor exact).
            // A step larger than every step so far, found between full rankings, is checked
            // against a full ranking (a stale rank can hide a smaller step).
            // Over `TRUE_ONLY` candidates with a true atom among them, a full ranking ranks the
            // true atoms alone, and a false one never ranked counts as ranked last; with fewer
            // left, a candidate never ranked calls for a full ranking.
            let many = left.len() > TRUE_ONLY && left.iter().any(|c| c.is_positive());
            let unranked = |c: Lit| if many && !c.is_positive() { (usize::MAX, usize::MAX) } else { (0, 0) };
            let mut full =
                steps.len().is_multiple_of(FULL_RANK) || (!many && left.iter().any(|c| !rank.contains_key(c)));
            let largest = steps.iter().map(|st| st.size).max().unwrap_or(0);
            let (ranked, best) = loop {
                let mut order: Vec<usize> = (0..left.len()).collect();
                order.sort_by_key(|&i| rank.get(&left[i]).copied().unwrap_or(unranked(left[i])));
                let mut ranked: Vec<(usize, usize, Lit)> = Vec::with_capacity(left.len());
                for (n, &i) in order.iter().enumerate() {
                    let c = left[i];
                    if (!full && n >= REFRESH) || (full && many && !c.is_positive()) {
                        let (size, rules) = rank.get(&c).copied().unwrap_or(unranked(c));
                        ranked.push((size, rules, c));
                        continue;
                    }
                    assume.clear();
                    assume.extend(&known);
                    assume.extend(&groups);
                    assume.push(!c);
                    if s.satisfiable(&assume)? {
                        return Err(Error::EncodingBug("explain: a deduced fact has a counterexample".into()));
                    }
                    let used = known.iter().chain(&groups).filter(|&&l| s.session.failed(l).unwrap_or(true));
                    let (mut size, mut rules) = (0, 0);
                    for &l in used {
                        if constraints.contains(&l) {
                            rules += 1;
                        } else {
                            size += 1;
                        }
                    }
                    rank.insert(c, (size, rules));
                    ranked.push((size, rules, c));
                }
                // Ties go to a true atom (a digit placed rather than one of the eight it
                // excludes, which then follow with it).
                ranked.sort_by_key(|&(size, rules, c)| (size, rules, !c.is_positive()));
                // Full MUSes for the best few. Deletion order: constraints, then earlier facts
                // (newest last), then clues: the set keeps clues where it can.
                let mut pool: Vec<Lit> = constraints.clone();
                pool.extend(known.iter().copied());
                pool.extend(groups.iter().copied().filter(|&l| is_clue(l)));
                let mut best: Option<(usize, usize, Lit, Vec<Lit>)> = None;
                for &(_, _, c) in ranked.iter().take(BEAM) {
                    let set = s.mus(&[!c], &pool)?;
                    let rules = set.iter().filter(|l| constraints.contains(l)).count();
                    let size = set.len() - rules;
                    if best.as_ref().is_none_or(|b| (size, rules, !c.is_positive()) < (b.0, b.1, !b.2.is_positive())) {
                        best = Some((size, rules, c, set));
                    }
                }
                if !full && best.as_ref().is_some_and(|b| b.0 > largest) {
                    full = true;
                    continue;
                }
                break (ranked, best);
            };
            let Some((mut size, _, mut fact, mut set)) = best else { break };
            // A step from one clue (the flag on a mine, a given digit) the ranking's cores missed.
            if size > 1 {
                if by_clue.is_none() {
                    by_clue = Some(clue_steps(&mut s)?);
                }
                let by_clue = by_clue.as_deref().unwrap_or_default();
                // True atoms first, as in the ranking.
                let mut facts = left.iter().filter(|c| c.is_positive()).chain(left.iter().filter(|c| !c.is_positive()));
                if let Some((c, clue)) =
                    facts.find_map(|&c| by_clue.iter().find(|x| x.1.contains(&c)).map(|x| (c, x.0)))
                {
                    let mut pool = constraints.clone();
                    pool.push(clue);
                    (size, fact, set) = (1, c, s.mus(&[!c], &pool)?);
                }
            }
            let mut split = None;
            if let Some(k) = opts.max_step.filter(|&k| size > k) {
                let clues: Vec<Lit> = groups.iter().copied().filter(|&l| is_clue(l)).collect();
                let mut members = clues.clone();
                members.extend(&known);
                let mut budget = bounded::BUDGET;
                let mut small = None;
                for &(_, _, c) in &ranked {
                    if let Some(found) = s.bounded_set(&constraints, &members, !c, k, &mut budget)? {
                        small = Some((c, found));
                        break;
                    }
                    if budget == 0 {
                        break;
                    }
                }
                match small {
                    Some((c, found)) => {
                        let mut pool = constraints.clone();
                        pool.extend(&found);
                        (size, fact, set) = (found.len(), c, s.mus(&[!c], &pool)?);
                    }
                    None => split = Some(s.split(&constraints, &clues, &known, fact, &g.projection, k, &group_of)?),
                }
            }
            let because: Vec<Member> =
                set.iter().map(|&l| group_of(l).map_or(Member::Fact(l), Member::Group)).collect();
            known.push(fact);
            left.retain(|&l| l != fact);
            // Consequences of the new fact with the constraint groups alone. The step is whole
            // without them: should the time run out here, it is kept, and they are not listed.
            let mut base = constraints.clone();
            base.push(fact);
            let found = in_time(s.implied(&base, left.clone(), 1))?;
            let ran_out = found.is_none();
            let consequences = found.unwrap_or_default();
            known.extend(&consequences);
            left.retain(|l| !consequences.contains(l));
            let case_split = opts.max_step.is_some_and(|k| size > k);
            steps.push(Step { fact, because, size, case_split, consequences, split });
            if ran_out {
                return Err(s.out_of_time());
            }
        }
        Ok(())
    };
    let stopped = match find_steps() {
        Ok(()) => false,
        Err(Error::Solver(SolveError::OutOfTime { .. })) => true,
        Err(e) => return Err(e),
    };
    Ok(Some(Explanation {
        solution,
        steps,
        deducible: ndeducible,
        total,
        stopped,
        solver_calls: s.calls,
        elapsed: t0.elapsed(),
    }))
}
