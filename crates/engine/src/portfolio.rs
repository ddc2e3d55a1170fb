//! The portfolio: diverse solver configurations race on the same puzzle, one thread each (an
//! external solver in its own process group, watched by its thread); the first answer that
//! passes the family's checker wins and the others are stopped at once through a shared
//! [`Cancel`] flag (in-process CaDiCaL polls it in its terminate callback, an external solver's
//! process group is killed). Runtimes of one configuration swing 10 to 100 times with the shuffle
//! and the solver (docs/benchmarks.md), so racing different searches pays on hard boards.

use std::sync::mpsc;
use std::time::{Duration, Instant};
use wgrnd_seam::Search;

use crate::count::backtrack::{Backtrack, Effort, Next};
#[cfg(feature = "cadical")]
use wgrnd_sat::solver::Cadical;
use wgrnd_sat::solver::{Backend, Cancel, External, Interrupt, SolveError, SolverSpec};
use wgrnd_sat::SolverAnswer;
use wgrnd_seam::pipeline::{judge as judge_answer, Answer, Times};
use wgrnd_seam::{Error, Family, Grounding};

/// Which solver a member runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// In-process CaDiCaL in one of its configurations, the clauses in a shuffled order.
    Cadical {
        /// CaDiCaL's named configuration (`sat`), or its default.
        config: Option<&'static str>,
        /// The seed of the clause-order shuffle, or the grounding's order.
        shuffle: Option<u64>,
    },
    /// Any solver `--solver` names (an external program, splr, the plain built-in).
    Spec(SolverSpec),
    /// The family's own search ([`Search::own_search`]), no SAT solver.
    Own,
}

/// One configuration of the portfolio.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// What `-v` calls it: `diamond/kissat --seed=1`.
    pub name: String,
    /// Which grounding: `None` the family as given, `Some(i)` its `i`-th alternative
    /// ([`Family::alternatives`]).
    pub alternative: Option<usize>,
    /// The solver.
    pub engine: Engine,
}

/// Whether a program is on PATH (an external member is only chosen when it can start).
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// The first `jobs` members, most promising first. The first is always `solver` on the family's
/// own grounding (so `--jobs 1` is the plain solve). The second is the family's own search when
/// it offers one (`own`, its name: edge matching's scan search, which solves the hard boards
/// where every SAT configuration gave up). After them, when `solver` is the built-in one:
/// kissat (when installed; the best single solver on the hard boards measured), CaDiCaL's `sat`
/// configuration on a shuffled clause order, the first alternative encoding, the external
/// CaDiCaL (when installed), then shuffles and seeds of these. `installed` says whether a program
/// is on PATH.
pub fn members(
    jobs: usize,
    solver: &SolverSpec,
    encoding: &str,
    alternatives: &[String],
    own_search: Option<&str>,
    installed: impl Fn(&str) -> bool,
) -> Vec<Member> {
    let own = |engine: Engine, what: String| Member { name: format!("{encoding}/{what}"), alternative: None, engine };
    let mut list = vec![own(Engine::Spec(solver.clone()), solver.name().to_string())];
    if let Some(name) = own_search.filter(|_| jobs > 1) {
        list.push(Member { name: format!("{name} search"), alternative: None, engine: Engine::Own });
    }
    let kissat = installed("kissat");
    let cadical = installed("cadical");
    let mut round = 0u64;
    while list.len() < jobs {
        round += 1;
        let mut next = Vec::new();
        if kissat {
            let seed = round - 1;
            let line = format!("kissat -q --seed={seed} {{cnf}}");
            next.push(own(
                Engine::Spec(SolverSpec::External(External::new(&line, None))),
                format!("kissat --seed={seed}"),
            ));
        }
        next.push(own(
            Engine::Cadical { config: Some("sat"), shuffle: Some(round) },
            format!("builtin sat shuffle {round}"),
        ));
        for (i, alt) in alternatives.iter().enumerate() {
            let engine = if round == 1 {
                Engine::Spec(SolverSpec::Builtin)
            } else {
                Engine::Cadical { config: None, shuffle: Some(round) }
            };
            let what = if round == 1 { "builtin".to_string() } else { format!("builtin shuffle {round}") };
            next.push(Member { name: format!("{alt}/{what}"), alternative: Some(i), engine });
        }
        if cadical {
            let seed = round - 1;
            let line = format!("cadical -q --seed={seed} {{cnf}}");
            next.push(own(
                Engine::Spec(SolverSpec::External(External::new(&line, None))),
                format!("cadical --seed={seed}"),
            ));
        }
        next.push(own(Engine::Cadical { config: None, shuffle: Some(round) }, format!("builtin shuffle {round}")));
        for m in next {
            if list.len() < jobs && !list.iter().any(|l| l.engine == m.engine && l.alternative == m.alternative) {
                list.push(m);
            }
        }
    }
    list
}

/// The members a solve of `f` races on `jobs` cores: [`members`] over the family's own grounding
/// and its alternatives, external solvers where they are on PATH ([`on_path`]) and the formula
/// (`g`'s) has no constraint kept whole: they would read its clauses written out, where the
/// in-process members decide it natively (and a grounding for them may leave it too large to
/// write: `GroundOptions::constraints_written`). The command line's portfolio and [`solve_jobs`]
/// (the Python package's solve) both take these.
pub fn default_members<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    jobs: usize,
) -> Vec<Member> {
    let alternatives: Vec<String> = f.alternatives().into_iter().map(|(name, _)| name).collect();
    let own_search = f.own_search().map(|o| o.name);
    let whole = !g.cnf.theories().is_empty();
    members(jobs, solver, "own", &alternatives, own_search, |program| !whole && on_path(program))
}

/// A solve on `jobs` cores once grounded (`None`: [`crate::jobs::default_jobs`]): one job is the plain
/// solve ([`solve_timed`]), more race [`default_members`], as `wgrnd solve --jobs` does. The
/// Python package's `solve` calls it, so that a solve there runs what the command line runs.
/// With the built-in solver, unless one job is asked for, a small formula goes to the
/// backtracking engine before the cores are counted and the members listed (which looks for
/// external solvers on PATH): the plain solve and the race would both make that try first, with
/// the same answer. `g` must be `f.ground()`'s grounding as it is: the alternative encodings of
/// the race are grounded again from `f`, so clauses added to `g` (an optimum fixed) would bind
/// only the family's own member; solve such a `g` on one job. Besides the outcome, the members
/// raced (none for the plain solve or a small formula's answer), so that a caller's `jobs` is
/// seen to reach the race; the command line's `-v` lists them.
pub fn solve_jobs<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    jobs: Option<usize>,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<(Outcome<F::Solution>, Vec<Member>), Error> {
    if jobs.is_some_and(|j| j <= 1) {
        return Ok((plain_outcome(solve_timed(f, g, solver, timeout, interrupt)?), Vec::new()));
    }
    let started = Instant::now();
    if *solver == SolverSpec::Builtin {
        // The race's first member, as `members` names it.
        if let Some(outcome) = small_outcome(f, g, &format!("own/{}", solver.name()), timeout, interrupt)? {
            return Ok((outcome, Vec::new()));
        }
    }
    let jobs = jobs.unwrap_or_else(|| crate::jobs::default_jobs(solver));
    if jobs <= 1 {
        // One core by default: the plain solve, whose small try was just made.
        let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
        return Ok((plain_outcome(wgrnd_seam::pipeline::solve_timed(f, g, solver, left, interrupt)?), Vec::new()));
    }
    let raced = default_members(f, g, solver, jobs);
    Ok((race_after_try(f, g, &raced, timeout, interrupt, started)?, raced))
}

/// Whether the first member is the built-in solver on the family's own grounding (the one that
/// makes the small try and gets the head start).
fn builtin_first(members: &[Member]) -> bool {
    members.first().is_some_and(|m| m.engine == Engine::Spec(SolverSpec::Builtin) && m.alternative.is_none())
}

/// The plain solve's answer and times as an outcome without a winner.
fn plain_outcome<S>((answer, times): (Answer<S>, Times)) -> Outcome<S> {
    Outcome {
        answer,
        winner: None,
        failures: Vec::new(),
        elapsed: times.solving + times.checking,
        checking: times.checking,
    }
}

/// What a portfolio came to.
#[derive(Debug)]
pub struct Outcome<S> {
    /// The answer (a solution checked by the family's checker).
    pub answer: Answer<S>,
    /// The member whose answer it is (`None` when nobody answered).
    pub winner: Option<String>,
    /// Members that failed (a crashed external solver, say) while others went on.
    pub failures: Vec<(String, Error)>,
    /// Time to the answer.
    pub elapsed: Duration,
    /// Of which the winner spent checking its model (against its CNF, decoding, the family's
    /// checker).
    pub checking: Duration,
}

/// Conflicts the first member (the built-in solver on the family's own grounding) gets alone
/// before the others start: easy puzzles, solved within it, get exactly the plain solve's answer
/// (a conflict budget ends the same way on every machine, unlike a time limit), and pay nothing
/// for threads, other groundings or external processes. The first member then goes on where it
/// stopped. Until 2026-11-23 it was 10,000, which on hard boards took 1.2 s (7 x 7, 9 colours) to
/// 1.8 s (8 x 8, 12 colours), a quarter of a median solve there, with the second core idle.
pub const HEAD_START_CONFLICTS: i32 = 2_000;

/// The largest formula (in literals) that the portfolio first gives to the in-house backtracking
/// engine of `wgrnd-count` ([`Backtrack`]), on the calling thread, before the head start. Loading
/// a formula into CaDiCaL costs about 1,600 instructions a clause (a call per literal, a clause
/// allocated and watched, watch vectors growing, the release at the end), and the head start's
/// thread more; on the small models of the language benchmark that was half of `solve`'s
/// instructions, while the backtracking engine loads them for a fraction of it and finds their
/// first solution (or proves there is none) within about one visit per literal
/// (docs/benchmarks.md, "The first solution of small models").
pub const SMALL_LITERALS: usize = 50_000;

/// Propagation visits the backtracking engine may spend per literal of a small formula, plus
/// [`SMALL_VISITS_BASE`], before the portfolio goes on as if it had not tried (CaDiCaL's head
/// start, from scratch). A search without restarts can be lost on a hard formula however small:
/// Langford n = 12, which the engine solves only in 6.7 visits a literal (more than CaDiCaL's
/// whole solve), goes to CaDiCaL. The engine asks whether to stop every 256 decisions, so a lost
/// try can cost a few times its budget (Langford n = 12: 11.9 M instructions, against 22.5 M for
/// CaDiCaL's whole solve).
pub const SMALL_VISITS_PER_LITERAL: u64 = 2;

/// The visits every small formula may spend (the tiniest have a few hundred literals).
pub const SMALL_VISITS_BASE: u64 = 2_000;

/// Races `members` on `f` (grounded as `g`) within `timeout`. SAT is accepted once the model
/// satisfies the member's CNF and its decoded solution passes the family's checker; UNSAT from any
/// member is accepted, since every member solves a complete grounding of the whole puzzle. A
/// model that breaks its CNF or fails the checker is an error at once (a lying solver, an encoding
/// bug), whichever member found it. Ctrl-C stops every member and reports `Interrupted`. When the
/// first member is the built-in solver, a formula of at most [`SMALL_LITERALS`] literals goes
/// first to the backtracking engine within its budget ([`small_first`]: its answer, judged the same
/// way, is then the portfolio's, as it is the plain solve's); otherwise, or when the budget runs
/// out, the first member runs alone for [`HEAD_START_CONFLICTS`] first.
pub fn race<F>(
    f: &F,
    g: &Grounding<F::Encoding>,
    members: &[Member],
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Outcome<F::Solution>, Error>
where
    F: Family + Search,
{
    let started = Instant::now();
    if builtin_first(members) {
        if let Some(outcome) = small_outcome(f, g, &members[0].name, timeout, interrupt)? {
            return Ok(outcome);
        }
    }
    race_after_try(f, g, members, timeout, interrupt, started)
}

/// [`small_first`] on `g` when it is tried ([`tries_small_first`]), as the portfolio's first
/// member `name` (the built-in solver on the family's own grounding): its outcome, or `None`
/// when it is not tried or its budget ran out.
fn small_outcome<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    name: &str,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<Outcome<F::Solution>>, Error> {
    if !tries_small_first(g) {
        return Ok(None);
    }
    let started = Instant::now();
    let name = format!("{name} (backtracking)");
    let Some(SmallAnswer { answer, checking, effort }) = small_first(f, g, &name, timeout, interrupt)? else {
        return Ok(None);
    };
    let winner = match answer {
        // The time limit ran out during the try: nobody won.
        Answer::Unknown => None,
        _ => Some(format!("{name}: {} conflicts, {} visits", effort.conflicts, effort.visits)),
    };
    Ok(Some(Outcome { answer, winner, failures: Vec::new(), elapsed: started.elapsed(), checking }))
}

/// [`race`] once its first member's try on a small formula has not answered (or was not made):
/// the members on threads, sharing what is left of the time limit from `started`.
fn race_after_try<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    members: &[Member],
    timeout: Option<Duration>,
    interrupt: &Interrupt,
    started: Instant,
) -> Result<Outcome<F::Solution>, Error> {
    // Ctrl-C anywhere in the run (between two cubes, while a model is checked) stops it
    // cleanly: every thread looks at `interrupt` before its next step. (The small try watches
    // for itself.)
    let _watch = interrupt.watch();
    #[cfg(feature = "cadical")]
    let builtin_first = builtin_first(members);
    // The members share what is left of the time limit after the try.
    let timeout = timeout.map(|t| t.saturating_sub(started.elapsed()));
    // The members that start after the head start share the same end.
    let deadline = timeout.map(|t| Instant::now() + t);
    let alternatives: Vec<F> = f.alternatives().into_iter().map(|(_, a)| a).collect();
    let cancel = Cancel::default();
    let (tx, rx) = mpsc::channel::<(usize, Result<(Answer<F::Solution>, Duration), Error>)>();
    std::thread::scope(|scope| {
        #[cfg_attr(not(feature = "cadical"), allow(unused_mut))]
        let mut rest = 0;
        #[cfg_attr(not(feature = "cadical"), allow(unused_mut))]
        let mut ran = members.len();
        #[cfg(feature = "cadical")]
        if builtin_first {
            // The head start: member 0 asks for help (`go`) when its budget runs out, and goes on.
            let (go_tx, go_rx) = mpsc::channel::<()>();
            let (tx, cancel) = (tx.clone(), cancel.clone());
            let name = members[0].name.clone();
            scope.spawn(move || {
                let result = head_start(f, g, &name, timeout, &cancel, interrupt, go_tx);
                let _ = tx.send((0, result));
            });
            rest = 1;
            if go_rx.recv().is_err() {
                rest = members.len();
                ran = 1;
            }
        }
        for (index, member) in members.iter().enumerate().skip(rest) {
            let tx = tx.clone();
            let cancel = cancel.clone();
            let alternatives = &alternatives;
            let timeout = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            scope.spawn(move || {
                let result = match member.alternative.and_then(|i| alternatives.get(i)) {
                    None => run_member(f, g, member, timeout, &cancel, interrupt),
                    Some(alt) => match alt.ground() {
                        Ok(alt_g) if !cancel.is_set() => run_member(alt, &alt_g, member, timeout, &cancel, interrupt),
                        Ok(_) => Ok((Answer::Unknown, Duration::ZERO)),
                        Err(e) => Err(e),
                    },
                };
                // The receiver may be gone once a winner is known.
                let _ = tx.send((index, result));
            });
        }
        drop(tx);
        let mut outcome = Outcome {
            answer: Answer::Unknown,
            winner: None,
            failures: Vec::new(),
            elapsed: Duration::ZERO,
            checking: Duration::ZERO,
        };
        let mut stopped = false;
        let mut fatal = None;
        for (index, result) in rx.iter() {
            match result {
                Ok((Answer::Unknown, _)) => {}
                Ok((answer, checking)) if outcome.winner.is_none() && fatal.is_none() => {
                    cancel.set();
                    outcome.answer = answer;
                    outcome.checking = checking;
                    outcome.winner = Some(members[index].name.clone());
                    outcome.elapsed = started.elapsed();
                }
                Ok(_) => {}
                Err(Error::Solver(SolveError::Interrupted)) => stopped = true,
                Err(e @ (Error::EncodingBug(_) | Error::LyingSolver { .. } | Error::OwnSearchBug { .. })) => {
                    cancel.set();
                    fatal.get_or_insert(e);
                }
                Err(e) => outcome.failures.push((members[index].name.clone(), e)),
            }
        }
        if let Some(e) = fatal {
            return Err(e);
        }
        if outcome.winner.is_some() {
            return Ok(outcome);
        }
        if stopped || interrupt.is_requested() {
            return Err(Error::Solver(SolveError::Interrupted));
        }
        outcome.elapsed = started.elapsed();
        // Nobody answered: when every member failed, the first failure is the answer.
        if outcome.failures.len() == ran {
            return Err(outcome.failures.remove(0).1);
        }
        Ok(outcome)
    })
}

/// The first member with a head start: alone for [`HEAD_START_CONFLICTS`], then (having sent
/// `go`) on with what it learnt until the time limit.
#[cfg(feature = "cadical")]
#[cfg(feature = "cadical")]
fn head_start<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    name: &str,
    timeout: Option<Duration>,
    cancel: &Cancel,
    interrupt: &Interrupt,
    go: mpsc::Sender<()>,
) -> Result<(Answer<F::Solution>, Duration), Error> {
    let started = Instant::now();
    let mut session = wgrnd_sat::solver::CadicalSession::new(&g.cnf, interrupt);
    session.limit_conflicts(HEAD_START_CONFLICTS)?;
    let mut answer = session.solve_cancellable(&[], timeout, cancel)?;
    let out_of_budget = timeout.is_none_or(|t| started.elapsed() < t);
    if answer == SolverAnswer::Unknown && out_of_budget && !cancel.is_set() && !interrupt.is_requested() {
        let _ = go.send(());
        drop(go);
        let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
        answer = session.solve_cancellable(&[], left, cancel)?;
    }
    judge(f, g, name, answer)
}

/// What the backtracking engine came to on a small formula.
pub struct SmallAnswer<S> {
    /// The judged answer: [`Answer::Unknown`] when the time limit ran out during the try.
    pub answer: Answer<S>,
    /// The time its checking took.
    pub checking: Duration,
    /// The search's work.
    pub effort: Effort,
}

/// Whether [`small_first`] is tried on `g`: at most [`SMALL_LITERALS`] literals, and no
/// constraint kept whole, connectivity or regions (the backtracking engine would search their written-out clauses,
/// which in-process CaDiCaL decides natively).
pub fn tries_small_first<E>(g: &Grounding<E>) -> bool {
    g.cnf.theories().is_empty() && g.cnf.num_literals() <= SMALL_LITERALS
}

/// A small formula's answer by the backtracking engine within its budget
/// ([`SMALL_VISITS_PER_LITERAL`]), judged like a member's (`name` in a lying model's message),
/// with the search's effort; `None` when the budget ran out first (the caller goes on with
/// another solver). The time limit running out is an answer ([`Answer::Unknown`]), Ctrl-C an
/// error ([`SolveError::Interrupted`]), so that neither starts another solver. Both the plain
/// solve with the built-in solver and the portfolio try it first, so that they give the same
/// solution.
pub fn small_first<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    name: &str,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<SmallAnswer<F::Solution>>, Error> {
    let _watch = interrupt.watch();
    let started = Instant::now();
    let mut engine = Backtrack::new(&g.cnf, &g.projection);
    let budget = SMALL_VISITS_BASE + SMALL_VISITS_PER_LITERAL * g.cnf.num_literals() as u64;
    let out_of_time = || timeout.is_some_and(|t| started.elapsed() >= t);
    let mut stop = |effort: Effort| effort.visits > budget || interrupt.is_requested() || out_of_time();
    let answer = match engine.next(&mut stop) {
        Next::Solution => SolverAnswer::Sat(engine.model()),
        Next::Exhausted => SolverAnswer::Unsat,
        Next::Stopped if interrupt.is_requested() => return Err(Error::Solver(SolveError::Interrupted)),
        Next::Stopped if out_of_time() => SolverAnswer::Unknown,
        Next::Stopped => return Ok(None),
    };
    let effort = Effort { conflicts: engine.conflicts, visits: engine.visits };
    let started = Instant::now();
    let answer = wgrnd_seam::pipeline::judge_search(f, g, name, answer)?;
    let checking = started.elapsed();
    Ok(Some(SmallAnswer { answer, checking, effort }))
}

/// The plain solve (one job): `solver` on `g`, where the built-in solver first tries
/// [`small_first`] on a small formula, as [`race`] does, so that one job and many, the command
/// line and the Python package, give the same solution. The solving time includes a lost try.
pub fn solve_timed<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<(Answer<F::Solution>, Times), Error> {
    let started = Instant::now();
    if *solver == SolverSpec::Builtin && tries_small_first(g) {
        let name = format!("{} (backtracking)", solver.name());
        if let Some(small) = small_first(f, g, &name, timeout, interrupt)? {
            let solving = started.elapsed().saturating_sub(small.checking);
            return Ok((small.answer, Times { solving, checking: small.checking }));
        }
    }
    let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
    let (answer, times) = wgrnd_seam::pipeline::solve_timed(f, g, solver, left, interrupt)?;
    let solving = started.elapsed().saturating_sub(times.checking);
    Ok((answer, Times { solving, checking: times.checking }))
}

/// A member's answer, its model checked against its own CNF and by the family's checker; and the
/// time that took.
fn judge<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    name: &str,
    answer: SolverAnswer,
) -> Result<(Answer<F::Solution>, Duration), Error> {
    let started = Instant::now();
    let answer = judge_answer(f, g, name, answer)?;
    Ok((answer, started.elapsed()))
}

/// One member's solve, its model checked against its own CNF and by the family's checker.
fn run_member<F: Family + Search>(
    f: &F,
    g: &Grounding<F::Encoding>,
    member: &Member,
    timeout: Option<Duration>,
    cancel: &Cancel,
    interrupt: &Interrupt,
) -> Result<(Answer<F::Solution>, Duration), Error> {
    let Some(mut backend) = backend(&member.engine, timeout, cancel, interrupt) else {
        return run_own(f, timeout, cancel, interrupt);
    };
    let answer = backend.solve(&g.cnf)?;
    judge(f, g, &member.name, answer)
}

/// The family's own search as a member: stopped like the solvers (the race won, Ctrl-C, the time
/// limit), its solution checked by the family's checker (a refused one is that search's bug).
fn run_own<F: Family + Search>(
    f: &F,
    timeout: Option<Duration>,
    cancel: &Cancel,
    interrupt: &Interrupt,
) -> Result<(Answer<F::Solution>, Duration), Error> {
    let Some(own) = f.own_search() else {
        return Ok((Answer::Unknown, Duration::ZERO));
    };
    let deadline = timeout.map(|t| Instant::now() + t);
    let stop = || cancel.is_set() || interrupt.is_requested() || deadline.is_some_and(|d| Instant::now() >= d);
    let answer = (own.run)(0, &stop)?;
    if interrupt.is_requested() && matches!(answer, Answer::Unknown) {
        return Err(Error::Solver(SolveError::Interrupted));
    }
    let started = Instant::now();
    if let Answer::Solved(solution) = &answer {
        let violations = f.check(solution)?;
        if let Some(v) = violations.first() {
            return Err(Error::OwnSearchBug { search: own.name, what: v.to_string() });
        }
    }
    Ok((answer, started.elapsed()))
}

/// The backend of an engine, stopped by `cancel`; `None` for the family's own search (no SAT
/// solver).
pub fn backend(
    engine: &Engine,
    timeout: Option<Duration>,
    cancel: &Cancel,
    interrupt: &Interrupt,
) -> Option<Box<dyn Backend>> {
    let cancel = cancel.clone();
    Some(match engine {
        #[cfg(feature = "cadical")]
        Engine::Cadical { config, shuffle } => Box::new(Cadical {
            timeout,
            config: *config,
            shuffle: *shuffle,
            cancel,
            interrupt: interrupt.clone(),
            ..Cadical::default()
        }),
        #[cfg(feature = "cadical")]
        Engine::Spec(SolverSpec::Builtin) => {
            Box::new(Cadical { timeout, cancel, interrupt: interrupt.clone(), ..Cadical::default() })
        }
        // Without CaDiCaL (the browser page) the built-in solver (batsat, else splr) in every configuration.
        #[cfg(not(feature = "cadical"))]
        Engine::Cadical { .. } | Engine::Spec(SolverSpec::Builtin) => SolverSpec::Builtin.backend(timeout, interrupt),
        Engine::Spec(SolverSpec::External(e)) => {
            Box::new(External { timeout, cancel, interrupt: interrupt.clone(), ..e.clone() })
        }
        // splr has no way to be stopped from outside: it runs to its time limit.
        Engine::Spec(spec) => spec.backend(timeout, interrupt),
        Engine::Own => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_member_is_the_plain_solve_and_members_differ() {
        let alts = vec!["four-squares".to_string()];
        for installed in [true, false] {
            let list = members(8, &SolverSpec::Builtin, "diamond", &alts, None, |_| installed);
            assert_eq!(list.len(), 8);
            assert_eq!(list[0].engine, Engine::Spec(SolverSpec::Builtin));
            assert_eq!(list[0].alternative, None);
            for (i, a) in list.iter().enumerate() {
                for b in &list[i + 1..] {
                    assert!(a.engine != b.engine || a.alternative != b.alternative, "{} twice", a.name);
                }
            }
            assert_eq!(list.iter().any(|m| m.name.contains("kissat")), installed);
            assert!(list.iter().any(|m| m.alternative == Some(0)));
        }
        assert_eq!(members(1, &SolverSpec::Builtin, "diamond", &alts, None, |_| true).len(), 1);
    }

    use wgrnd_sat::{Cnf, Model, Var};
    use wgrnd_seam::{AtomNames, SolutionFormat};

    /// A toy family: `n` lamps of which exactly one is lit (one clause that some lamp is, one per
    /// pair that not both are); a solution is the lamps' states.
    struct OneLit {
        n: u32,
        /// Its own search (for the portfolio), if any.
        own: Option<Own>,
    }

    /// What the toy family's own search does.
    #[derive(Clone, Copy)]
    enum Own {
        /// Lights the first lamp.
        Right,
        /// Lights two lamps (a wrong solution).
        Wrong,
        /// Searches until it is stopped.
        Endless,
    }

    struct Lamps;

    impl AtomNames for Lamps {
        fn atom_name(&self, var: Var) -> String {
            format!("lit({})", var.get())
        }
    }

    impl Family for OneLit {
        type Encoding = Lamps;
        type Solution = Vec<bool>;
        type Violation = String;

        fn kind(&self) -> &'static str {
            "one-lit"
        }
        fn name(&self) -> &str {
            "one-lit"
        }
        fn ground(&self) -> Result<Grounding<Lamps>, Error> {
            let mut cnf = Cnf::new();
            let lamps: Vec<Var> = (0..self.n).map(|_| cnf.new_var()).collect();
            cnf.add_clause(&lamps.iter().map(|v| v.pos()).collect::<Vec<_>>());
            for (i, a) in lamps.iter().enumerate() {
                for b in &lamps[i + 1..] {
                    cnf.add_clause(&[a.neg(), b.neg()]);
                }
            }
            Ok(Grounding {
                cnf,
                header: Vec::new(),
                hash: 0,
                projection: lamps,
                fixed_weight: false,
                ties: Vec::new(),
                symmetries: Vec::new(),
                encoding: Lamps,
                xors: Vec::new(),
                objective: Default::default(),
                groups: Vec::new(),
            })
        }
        fn decode(&self, g: &Grounding<Lamps>, model: &Model) -> Result<Vec<bool>, Error> {
            Ok(g.projection.iter().map(|v| model.value(*v) == Some(true)).collect())
        }
        fn check(&self, s: &Vec<bool>) -> Result<Vec<String>, Error> {
            let lit = s.iter().filter(|&&on| on).count();
            Ok(if lit == 1 { Vec::new() } else { vec![format!("{lit} lamps lit")] })
        }
        fn read_solution(&self, _f: &str, _t: &str, _fmt: Option<SolutionFormat>) -> Result<Vec<bool>, Error> {
            Err(Error::Option("the lamps read no solutions".into()))
        }
    }

    impl Search for OneLit {
        fn own_search(&self) -> Option<wgrnd_seam::OwnSearch<'_, Vec<bool>>> {
            let own = self.own?;
            let n = self.n as usize;
            Some(wgrnd_seam::OwnSearch {
                name: "lamp",
                run: Box::new(move |_seed, stop| {
                    Ok(match own {
                        Own::Right => Answer::Solved((0..n).map(|i| i == 0).collect()),
                        Own::Wrong => Answer::Solved((0..n).map(|i| i < 2).collect()),
                        Own::Endless => {
                            while !stop() {
                                std::thread::sleep(Duration::from_millis(5));
                            }
                            Answer::Unknown
                        }
                    })
                }),
            })
        }
    }

    /// A family's own search is a member: listed second where the family offers one, its solution
    /// checked by the family's checker (a wrong one is that search's bug, not an answer), stopped
    /// by the time limit like the solvers.
    #[test]
    fn the_family_s_own_search_races_and_is_checked() {
        let f = OneLit { n: 240, own: Some(Own::Right) };
        let g = f.ground().unwrap();
        let list = default_members(&f, &g, &SolverSpec::Builtin, 2);
        assert_eq!(list[1], Member { name: "lamp search".into(), alternative: None, engine: Engine::Own });
        assert_eq!(default_members(&f, &g, &SolverSpec::Builtin, 1).len(), 1);
        assert!(default_members(&OneLit { n: 240, own: None }, &g, &SolverSpec::Builtin, 2)
            .iter()
            .all(|m| m.engine != Engine::Own));
        let own = [Member { name: "lamp search".into(), alternative: None, engine: Engine::Own }];
        let outcome = race(&f, &g, &own, None, &Interrupt::default()).unwrap();
        assert_eq!(outcome.winner.as_deref(), Some("lamp search"));
        assert!(matches!(&outcome.answer, Answer::Solved(s) if s.iter().filter(|&&x| x).count() == 1));
        let wrong = OneLit { n: 240, own: Some(Own::Wrong) };
        match race(&wrong, &g, &own, None, &Interrupt::default()) {
            Err(Error::OwnSearchBug { search: "lamp", what }) => assert_eq!(what, "2 lamps lit"),
            other => panic!("a wrong board passed: {other:?}"),
        }
        // Beside a solver that answers right, the wrong board still stops the run as a bug.
        let both = [
            Member { name: "lamp search".into(), alternative: None, engine: Engine::Own },
            Member {
                name: "cadical".into(),
                alternative: None,
                engine: Engine::Cadical { config: None, shuffle: Some(1) },
            },
        ];
        match race(&wrong, &g, &both, None, &Interrupt::default()) {
            Err(Error::OwnSearchBug { search: "lamp", .. }) => {}
            other => panic!("a wrong board beside a right answer passed: {other:?}"),
        }
        let endless = OneLit { n: 240, own: Some(Own::Endless) };
        let started = Instant::now();
        let outcome = race(&endless, &g, &own, Some(Duration::from_millis(200)), &Interrupt::default()).unwrap();
        assert!(matches!(outcome.answer, Answer::Unknown) && outcome.winner.is_none());
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    /// `jobs` reaches the race: one job is the plain solve (no members raced), two race the two
    /// first of [`default_members`], and each answer is a solution the checker accepts.
    #[test]
    fn solve_jobs_races_as_many_members_as_jobs() {
        // 240 lamps: 57,600 literals, above `SMALL_LITERALS`, so that no small try answers first.
        let f = OneLit { n: 240, own: None };
        let g = f.ground().unwrap();
        assert!(!tries_small_first(&g));
        let solver = SolverSpec::Builtin;
        for jobs in [1, 2, 3] {
            let (outcome, raced) = solve_jobs(&f, &g, &solver, Some(jobs), None, &Interrupt::default()).unwrap();
            let Answer::Solved(s) = outcome.answer else { panic!("{jobs} jobs: no solution") };
            assert_eq!(f.check(&s).unwrap(), Vec::<String>::new(), "{jobs} jobs");
            if jobs == 1 {
                assert!(raced.is_empty());
            } else {
                assert_eq!(raced.len(), jobs);
                assert_eq!(raced, default_members(&f, &g, &solver, jobs));
            }
        }
        // A small formula: the backtracking engine answers before any member is listed, with the
        // plain solve's solution.
        let f = OneLit { n: 6, own: None };
        let g = f.ground().unwrap();
        let plain = solve_jobs(&f, &g, &solver, Some(1), None, &Interrupt::default()).unwrap().0.answer;
        for jobs in [None, Some(2), Some(3)] {
            let (outcome, raced) = solve_jobs(&f, &g, &solver, jobs, None, &Interrupt::default()).unwrap();
            assert!(raced.is_empty(), "{jobs:?} jobs");
            assert!(outcome.winner.is_some_and(|w| w.starts_with("own/builtin (backtracking)")), "{jobs:?} jobs");
            match (&outcome.answer, &plain) {
                (Answer::Solved(a), Answer::Solved(b)) => assert_eq!(a, b, "{jobs:?} jobs"),
                _ => panic!("{jobs:?} jobs: no solution"),
            }
        }
    }

    /// The default: every core with the built-in solver (its portfolio), one with another solver.
    #[test]
    fn default_jobs_is_the_cores_with_the_builtin_solver_else_one() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(crate::jobs::default_jobs(&SolverSpec::Builtin), cores);
        let kissat = SolverSpec::External(External::new("kissat -q {cnf}", None));
        assert_eq!(crate::jobs::default_jobs(&kissat), 1);
    }
}
