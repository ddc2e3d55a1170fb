//! The checker: evaluates every constraint of the model directly on a solution's values. It shares
//! the parsed program and term arithmetic with the grounder but none of its code: no clauses, and
//! its own evaluation plans (`plan.rs`).
//!
//! A quantifier is not evaluated over the full product of its domains: binders are bound one at a
//! time, each conjunct of the guard (and of a body that acts as one, `a -> b`, `not a or b`,
//! `exists x . a and b`, a count's literal) is tested as soon as its variables are bound, and a
//! binder that is a bare argument of a conjunct's input or solved-for atom takes only the values
//! of that predicate's true atoms; a binder whose conjuncts' equations name its values
//! (`c2 = c + 1`, `nb(r, c, r2, c2)` read through) takes those alone, in a domain of more than
//! four values (`solve.rs`). A conjunct of connectives, comparisons and atoms is also tried
//! on part of a binding (`Checker::partial`, unbound variables unknown), and a value that makes
//! it false whatever the rest take is passed over. Bindings are still visited in the written
//! order and conjuncts tested left to right, so a violation names the same binding as a plain
//! evaluation. What may differ: an evaluation error (a value outside a domain, a division by
//! zero) in a binding that a generator, an equation or an early conjunct skipped is not
//! reported; the grounder reports those.
//!
//! A count checks its solutions through one [`CheckSession`] per thread: it keeps what does not
//! depend on the solution (plans, indexes over facts, the bindings of quantifiers that read data
//! only) and judges each solution as [`check`] does. From its second solution on (its first when
//! another thread built it or the program is small), a session also reads the program's check
//! plan (`flat.rs`: each statement expanded once over its data into a flat formula over the
//! solution's tables); a statement the plan finds true holds, any other is judged by the tree walk
//! above, whose verdict and message are the checker's.
//!
//! A `runs` line of the common shape (one atom over the line's binder, lengths from one input
//! predicate's facts) is read directly, without plans (`runs.rs`). A statement
//! `forall xs | guard . not a(xs)` over a solved-for `a` is judged on the true atoms of `a` (the
//! guard false at each), and walked only when one breaks it, to name the first broken binding
//! (`Checker::holds_at_true_atoms`): an evaluation error in its guard where `a` is false, even
//! in a conjunct without variables, is not reported.

mod cache;
mod connect;
mod dense;
mod flat;
mod formulas;
mod guard;
mod index;
#[cfg(test)]
mod naive;
mod objective;
mod plan;
mod runs;
mod solve;
#[cfg(test)]
mod tests;
mod values;

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;

pub use cache::CheckCache;
use index::Indexes;
pub use objective::objective_values;
use plan::{Body, Plan, Rest};

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::mix::MixMap;
use crate::program::{arith, Binders, Bound, DomId, Op, PredId, PredKind, Program, Quant, Slot, Val, F, T};
use crate::solution::{show, Args, Solution};
use crate::walk::Leaf;

/// A constraint the solution breaks: the statement, and the bindings of its quantifiers. (A
/// checker that cannot finish, out of memory or at an internal fault, returns a [`QpropError`]
/// instead: that is never a broken constraint.)
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct Violation {
    /// The diagnostic: where the violated constraint is, and the bindings.
    pub error: QpropError,
}

impl Violation {
    /// The process exit code: 1, solution rejected.
    pub fn exit_code(&self) -> i32 {
        1
    }
    /// The caret diagnostic.
    pub fn render(&self) -> String {
        self.error.render()
    }
}

/// Variable values by slot.
type Env = Vec<Option<Val>>;

/// Values a binder takes: its domain, or a range of a generator's index.
enum Cands<'a> {
    All(&'a [Val]),
    Some(Arc<index::Table>, usize, usize),
}

/// `'a`: the program (plans and shapes borrow it, and may outlive one solution in a
/// [`CheckSession`]); `'s`: the solution being judged.
struct Checker<'a, 's> {
    p: &'a Program,
    s: &'s Solution,
    /// The solution's true atoms, by predicate (solved-for predicates only).
    atoms: Vec<Option<&'s BTreeSet<Args>>>,
    /// Definition values by predicate index and arguments, computed on first use.
    memo: Vec<MixMap<Vec<Val>, bool>>,
    memo_len: usize,
    /// Per predicate, whether a definition's values are remembered: all but those of comparisons
    /// and atoms of other kinds, which cost less to evaluate again than to remember (an
    /// allocation and a hash insertion per argument tuple: LITS's neighbour test, asked 331,776
    /// times on 24 x 24, took most of the check). Remembering is also what stops a definition
    /// that calls itself, so one that calls a definition is remembered.
    remembered: Vec<bool>,
    /// Plans by the address of the quantifier's binders (unique per quantifier, stable while
    /// the program is borrowed).
    plans: MixMap<usize, Rc<Plan<'a>>>,
    index: Indexes,
    /// Tables of the solved-for predicates' true atoms, built on each one's first lookup.
    dense: Vec<Option<dense::Dense>>,
    /// Tables of the integer variables' values, built on each one's first lookup.
    int_dense: Vec<Option<values::DenseInts>>,
    /// What is kept across calls (derived from the input facts only), if anything.
    cache: Option<&'a CheckCache>,
    /// Tables of the input predicates' facts, from the cache, on each one's first lookup.
    input_dense: Vec<Option<Arc<dense::Dense>>>,
    /// How each `runs` statement is read (by its address), decided on its first evaluation.
    runs_shapes: MixMap<usize, Rc<runs::Shape<'a>>>,
    /// Whether `runs` statements of the line's shape take the fast path (tests turn it off).
    fast_runs: bool,
    /// Whether plans that read data only keep their bindings ([`CheckSession`] only: a single
    /// check would pay for recording them and never use them).
    ground_data: bool,
    /// Per plan (by address), whether its bindings depend on data only.
    data_only: MixMap<usize, bool>,
    /// The bindings of data-only plans, by plan and environment on entry: the binders' values
    /// of every binding that passes the plan's conjuncts, flat, in the order visited.
    grounded: MixMap<(usize, Env), Rc<Vec<Val>>>,
    grounded_len: usize,
    /// Per count (by the address of its binders), whether it reads data only and its values
    /// (`formulas.rs`).
    data_counts: MixMap<usize, formulas::DataCount>,
    /// How many count values `data_counts` holds.
    counts_kept: usize,
    /// The buffer a count's key is read into.
    count_key: Vec<Option<Val>>,
}

/// Above this many kept binding values a session stops keeping more (memory).
const GROUNDED_LIMIT: usize = 20_000_000;

/// Above this many definition values the checker gives up (memory), as before plans.
const MEMO_LIMIT: usize = 50_000_000;

/// Arguments of at most this many values are evaluated into a stack buffer.
const SMALL_ARITY: usize = 8;

/// Checks `s` against every constraint of `p`: every violated one, in the model's order, each with
/// the bindings of the quantifiers around the first part that fails. A statement the solution
/// cannot even be evaluated on (an integer variable without a value, a value outside a domain, a
/// division by zero) is broken too, with that diagnostic. An error is a checker that could not
/// judge (too many definition values to remember, an internal fault): never a broken constraint.
pub fn check(p: &Program, s: &Solution) -> Result<Vec<Violation>, QpropError> {
    check_with(p, s, None)
}

/// [`check`], keeping in `cache` what it derives from the input facts of `p` for the next call on
/// the same program (a count checks every solution: docs/counting.md).
pub fn check_cached(p: &Program, s: &Solution, cache: &CheckCache) -> Result<Vec<Violation>, QpropError> {
    check_with(p, s, Some(cache))
}

fn check_with(p: &Program, s: &Solution, cache: Option<&CheckCache>) -> Result<Vec<Violation>, QpropError> {
    check_all(&mut Checker::new(p, s, cache))
}

/// A checker for many solutions of one program, one after another (a count's): it keeps between
/// calls what does not depend on the solution (the evaluation plans of the quantifiers, the
/// candidate indexes' layout and those over input facts, the shapes of `runs` lines, the values of
/// counts over data), so that each call only evaluates. Every call judges its solution as
/// [`check`] does: nothing of a previous solution is kept (its atoms' tables and definition values
/// are dropped), and nothing comes from the encoder.
pub struct CheckSession<'a> {
    p: &'a Program,
    cache: &'a CheckCache,
    kept: Option<Kept<'a>>,
    /// The check plan (`flat.rs`), built at the second solution (a run of one solution never
    /// pays for it), with a budget that grows with the solutions judged.
    flat: Option<flat::Flat>,
    /// Solutions judged so far.
    judged: usize,
    /// Per statement, whether the plan found it true on the current solution.
    verdicts: Vec<bool>,
    /// At which solution to build (or build again) the plan.
    plan_at: usize,
}

/// What a [`CheckSession`] carries from one solution to the next.
struct Kept<'a> {
    plans: MixMap<usize, Rc<Plan<'a>>>,
    index: Indexes,
    input_dense: Vec<Option<Arc<dense::Dense>>>,
    runs_shapes: MixMap<usize, Rc<runs::Shape<'a>>>,
    data_only: MixMap<usize, bool>,
    grounded: MixMap<(usize, Env), Rc<Vec<Val>>>,
    grounded_len: usize,
    data_counts: MixMap<usize, formulas::DataCount>,
    counts_kept: usize,
}

/// Whether the bindings of `plan` that pass its conjuncts depend on data only: every conjunct
/// reads data only and every generator draws from input facts.
fn data_plan(p: &Program, plan: &Plan) -> bool {
    !plan.binders.is_empty()
        && plan.conj.iter().all(|f| data_formula(p, f))
        && plan.gens.iter().flatten().all(|g| input_pred(p, g.pred) && g.known.iter().all(|(_, t)| data_term(t)))
}

fn input_pred(p: &Program, pr: PredId) -> bool {
    matches!(p.preds.get(pr.index()).map(|x| &x.kind), Some(PredKind::Input(_)))
}

/// Whether `f` reads data only (input facts, constants, bound variables): conservative, anything
/// else (a solved-for atom, an integer variable, a definition, an aggregate) says no.
fn data_formula(p: &Program, f: &F) -> bool {
    match f {
        F::Const(_) => true,
        F::Atom(pr, args, _) => input_pred(p, *pr) && args.iter().all(data_term),
        F::Cmp(c) => data_term(&c.a) && data_term(&c.b),
        F::Not(a) => data_formula(p, a),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            data_formula(p, a) && data_formula(p, b)
        }
        _ => false,
    }
}

fn data_term(t: &T) -> bool {
    match t {
        T::Const(_) | T::Var(_) => true,
        T::Bin(b) => data_term(&b.a) && data_term(&b.b),
        T::Neg(a, _) => data_term(a),
        _ => false,
    }
}

impl<'a> CheckSession<'a> {
    /// A session over `p`, sharing `cache` (tables of input facts) with other checks of `p`.
    pub fn new(p: &'a Program, cache: &'a CheckCache) -> CheckSession<'a> {
        CheckSession { p, cache, kept: None, flat: None, judged: 0, verdicts: Vec::new(), plan_at: 2 }
    }

    /// [`check`] of `s`.
    pub fn check(&mut self, s: &Solution) -> Result<Vec<Violation>, QpropError> {
        self.judged += 1;
        if self.judged == 1 {
            // Another thread of the count built the plan already: it serves from the first
            // solution. So does a plan certainly cheaper to build than a tree walk.
            match self.cache.built_plan(self.p) {
                Some(plan) => self.flat = (plan.planned() > 0).then(|| flat::Flat::new(plan)),
                None if flat::within(self.p, flat::BINDINGS_PER_SOLUTION) => self.plan_at = 1,
                None => {}
            }
        }
        if self.judged == self.plan_at {
            let plan = self.cache.plan(self.p, self.judged.saturating_mul(flat::BINDINGS_PER_SOLUTION));
            // Cut short for want of budget: again after 4 times the solutions, with 4 times it.
            self.plan_at = if plan.cut() { self.judged.saturating_mul(4) } else { usize::MAX };
            // Nothing planned: the tree walk alone, without filling tables for nothing.
            self.flat = (plan.planned() > 0).then(|| flat::Flat::new(plan));
        }
        if let Some(plan) = &mut self.flat {
            plan.load(self.p, s);
            self.verdicts.clear();
            self.verdicts.extend((0..self.p.stmts.len()).map(|k| plan.holds(k) == Some(true)));
            // Every statement found true by the plan: no tree walk, nothing of it to set up.
            if self.verdicts.iter().all(|&v| v) {
                return Ok(Vec::new());
            }
        }
        let mut c = Checker::new(self.p, s, Some(self.cache));
        c.ground_data = true;
        if let Some(k) = self.kept.take() {
            c.plans = k.plans;
            c.index = k.index;
            c.index.forget_solution(self.p);
            c.input_dense = k.input_dense;
            c.runs_shapes = k.runs_shapes;
            c.data_only = k.data_only;
            c.grounded = k.grounded;
            c.grounded_len = k.grounded_len;
            c.data_counts = k.data_counts;
            c.counts_kept = k.counts_kept;
        }
        let out = match &self.flat {
            // A statement the plan finds true holds; any other the tree walk judges.
            Some(_) => check_some(&mut c, &mut |k| !self.verdicts.get(k).copied().unwrap_or(false)),
            None => check_all(&mut c),
        };
        self.kept = Some(Kept {
            plans: std::mem::take(&mut c.plans),
            index: std::mem::take(&mut c.index),
            input_dense: std::mem::take(&mut c.input_dense),
            runs_shapes: std::mem::take(&mut c.runs_shapes),
            data_only: std::mem::take(&mut c.data_only),
            grounded: std::mem::take(&mut c.grounded),
            grounded_len: c.grounded_len,
            data_counts: std::mem::take(&mut c.data_counts),
            counts_kept: c.counts_kept,
        });
        out
    }
}

/// Per statement of `p`, the verdict on `s` of the check plan built with `budget` (`None`: the
/// plan leaves it to the tree walk) and the tree walk's (whether it holds; an evaluation error
/// does not, the checker reports it).
#[cfg(test)]
fn plan_and_walk(p: &Program, s: &Solution, budget: usize) -> Vec<(Option<bool>, bool)> {
    let mut plan = flat::Flat::new(Arc::new(flat::Plan::build(p, budget)));
    plan.load(p, s);
    let mut out = Vec::new();
    for k in 0..p.stmts.len() {
        let walk = check_some(&mut Checker::new(p, s, None), &mut |j| j == k);
        out.push((plan.holds(k), walk.is_ok_and(|v| v.is_empty())));
    }
    out
}

/// [`check`] with every `runs` statement through the binding planner (the fast path's reference).
#[cfg(test)]
fn check_generic_runs(p: &Program, s: &Solution) -> Result<Vec<Violation>, QpropError> {
    let mut c = Checker::new(p, s, None);
    c.fast_runs = false;
    check_all(&mut c)
}

fn check_all(c: &mut Checker) -> Result<Vec<Violation>, QpropError> {
    check_some(c, &mut |_| true)
}

/// [`check_all`] of the statements (by their index) for which `walk` says yes; the others hold.
fn check_some(c: &mut Checker, walk: &mut dyn FnMut(usize) -> bool) -> Result<Vec<Violation>, QpropError> {
    let p = c.p;
    let mut out = Vec::new();
    for (k, st) in p.stmts.iter().enumerate() {
        if !walk(k) {
            continue;
        }
        let mut env = vec![None; st.slots.len()];
        let found = match c.find(&st.f, &mut env) {
            Ok(found) => found,
            Err(e) if cannot_judge(&e) => return Err(p.err(e)),
            Err(e) => {
                out.push(Violation { error: p.err(e) });
                continue;
            }
        };
        if let Some(bind) = found {
            let e = QpropError::new(
                ErrorKind::Declaration,
                st.span,
                "the solution breaks this constraint",
                "does not hold",
            )
            .note(p.bindings(&st.slots, &bind));
            out.push(Violation { error: p.err(e) });
        }
    }
    Ok(out)
}

/// Whether an error stops the checker (it could not judge) rather than breaking one statement.
pub(crate) fn cannot_judge(e: &QpropError) -> bool {
    matches!(e.kind, ErrorKind::Internal | ErrorKind::TooLarge)
}

impl<'a, 's> Checker<'a, 's> {
    fn new(p: &'a Program, s: &'s Solution, cache: Option<&'a CheckCache>) -> Checker<'a, 's> {
        let mut atoms = vec![None; p.preds.len()];
        for v in &s.preds {
            if let Some(a) = atoms.get_mut(v.pred.index()) {
                *a = Some(&v.atoms);
            }
        }
        Checker {
            p,
            s,
            atoms,
            memo: vec![MixMap::default(); p.preds.len()],
            memo_len: 0,
            remembered: p
                .preds
                .iter()
                .map(|d| matches!(&d.kind, PredKind::Def(def) if !plan::flat_formula(p, &def.body)))
                .collect(),
            plans: MixMap::default(),
            index: Indexes::default(),
            dense: std::iter::repeat_with(|| None).take(p.preds.len()).collect(),
            int_dense: std::iter::repeat_with(|| None).take(p.preds.len()).collect(),
            cache,
            input_dense: vec![None; if cache.is_some() { p.preds.len() } else { 0 }],
            runs_shapes: MixMap::default(),
            fast_runs: true,
            ground_data: false,
            data_only: MixMap::default(),
            grounded: MixMap::default(),
            grounded_len: 0,
            data_counts: MixMap::default(),
            counts_kept: 0,
            count_key: Vec::new(),
        }
    }

    /// `Some(bindings)` when `f` is false, descending into `forall` and `and` to name the binding.
    fn find(&mut self, f: &'a F, env: &mut Env) -> Result<Option<Env>> {
        match f {
            F::And(a, b) => {
                if let Some(x) = self.find(a, env)? {
                    return Ok(Some(x));
                }
                self.find(b, env)
            }
            F::Quant(q) if q.all => {
                if self.holds_at_true_atoms(q, env) {
                    return Ok(None);
                }
                let plan = self.plan(&q.binders, q.guard.as_ref(), Body::Forall(&q.body));
                let mut out = None;
                self.bindings(&plan, env, &mut |me, env| {
                    out = if plan.split {
                        (!me.rest(&plan.rest, env)?).then(|| env.clone())
                    } else {
                        me.find(&q.body, env)?
                    };
                    Ok(out.is_some())
                })?;
                Ok(out)
            }
            _ => Ok((!self.eval(f, env)?).then(|| env.clone())),
        }
    }

    /// Whether `forall xs | guard . not a(xs)`, over a solved-for `a` that takes each binder once
    /// as a bare argument, holds because the guard is false at every true atom of `a`: a binding
    /// where `a` is false cannot break it, so only the guard at the solution's true atoms is
    /// evaluated (a loop's `not link(r1, c1, r2, c2)` unless side by side). The walk draws its
    /// bindings from the same true atoms, but builds a plan and an index of them and tries the
    /// guard on part of each binding first: 1 to 4% of a loop's `backbone`. False when the
    /// statement has another shape, or a true atom passes the guard or fails to evaluate it: the
    /// walk then names the first broken binding (or the error) as before.
    fn holds_at_true_atoms(&mut self, q: &'a Quant, env: &mut Env) -> bool {
        let p = self.p;
        let (Some(guard), F::Not(atom)) = (&q.guard, &q.body) else { return false };
        let F::Atom(pr, args, _) = &**atom else { return false };
        if !matches!(p.preds.get(pr.index()).map(|d| &d.kind), Some(PredKind::Var)) || args.len() != q.binders.len() {
            return false;
        }
        // The binder at each argument, each once: then a true atom is the atom of exactly one
        // binding (or of none, a value outside its binder's domain), the only one it can break.
        let mut at: Vec<Bound> = Vec::with_capacity(args.len());
        for t in args {
            let T::Var(s) = t else { return false };
            match q.binders.iter().find(|b| b.slot == *s) {
                Some(b) if !at.iter().any(|a| a.slot == b.slot) => at.push(*b),
                _ => return false,
            }
        }
        let Some(atoms) = self.atoms.get(pr.index()).copied().flatten() else { return true };
        let mut holds = true;
        'atoms: for t in atoms {
            for (b, v) in at.iter().zip(t.iter()) {
                // A value outside the binder's domain: no binding reaches this atom.
                if p.domains.get(b.dom.index()).is_none_or(|d| d.pos(*v).is_none()) {
                    continue 'atoms;
                }
                env[b.slot.index()] = Some(*v);
            }
            if !matches!(self.eval(guard, env), Ok(false)) {
                holds = false;
                break;
            }
        }
        for b in &at {
            env[b.slot.index()] = None;
        }
        holds
    }

    /// The plan of the quantifier with `binders`, built on first use.
    fn plan(&mut self, binders: &'a Binders, g: Option<&'a F>, body: Body<'a>) -> Rc<Plan<'a>> {
        let key = binders as *const Binders as usize;
        if let Some(pl) = self.plans.get(&key) {
            return pl.clone();
        }
        let index = &mut self.index;
        let pl =
            Rc::new(plan::build(self.p, binders, g, body, &mut |pr, known, pos, dom| index.id(pr, known, pos, dom)));
        self.plans.insert(key, pl.clone());
        pl
    }

    /// Calls `f` on every binding of `plan` that passes its conjuncts, in the written order,
    /// until `f` returns true (then returns true).
    fn bindings(
        &mut self,
        plan: &Plan<'a>,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        // No binding at all: nothing is evaluated, not even the conjuncts without variables.
        if plan.binders.iter().any(|b| self.p.domains.get(b.dom.index()).is_none_or(|d| d.is_empty())) {
            return Ok(false);
        }
        if self.ground_data {
            if let Some(flat) = self.grounded_bindings(plan, env) {
                return self.replay(plan, &flat, env, f);
            }
        }
        if !self.passes(plan, 0, env)? {
            return Ok(false);
        }
        self.level(plan, 0, env, f)
    }

    /// The bindings that pass `plan`'s conjuncts under `env`, when they depend on data only (the
    /// conjuncts read no solved-for atom, integer variable or definition; the generators are over
    /// input facts): recorded on the first call with this environment, the same for every
    /// solution. `None`: the plan reads the solution, evaluating its conjuncts failed (the live
    /// evaluation then reports that as a plain check does), or the session keeps enough.
    fn grounded_bindings(&mut self, plan: &Plan<'a>, env: &mut Env) -> Option<Rc<Vec<Val>>> {
        let key = plan as *const Plan as usize;
        let p = self.p;
        if !*self.data_only.entry(key).or_insert_with(|| data_plan(p, plan)) {
            return None;
        }
        let at = (key, env.clone());
        if let Some(flat) = self.grounded.get(&at) {
            return Some(flat.clone());
        }
        if self.grounded_len >= GROUNDED_LIMIT {
            return None;
        }
        let mut flat = Vec::new();
        // A recording stops (and is dropped) once it would pass the session's limit: a data-only
        // plan over a product of large domains must not take all memory.
        let room = GROUNDED_LIMIT - self.grounded_len;
        let recorded = self.passes(plan, 0, env).and_then(|pass| {
            if !pass {
                return Ok(false);
            }
            self.level(plan, 0, env, &mut |_, env| {
                flat.extend(
                    plan.binders.iter().map(|b| env.get(b.slot.index()).copied().flatten().unwrap_or(Val::Int(0))),
                );
                Ok(flat.len() > room)
            })
        });
        self.unbind(plan, env);
        if !matches!(recorded, Ok(false)) {
            // An evaluation error (the live way reports it) or too large: this plan goes the live
            // way from now on, instead of trying to record it again for every solution.
            self.data_only.insert(key, false);
            return None;
        }
        self.grounded_len += flat.len() + env.len();
        let flat = Rc::new(flat);
        self.grounded.insert(at, flat.clone());
        Some(flat)
    }

    /// Calls `f` on the recorded bindings `flat` of `plan` in order, as `level` would.
    fn replay(
        &mut self,
        plan: &Plan<'a>,
        flat: &[Val],
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        let width = plan.binders.len();
        let mut stop = false;
        if width == 0 {
            // Not reached: `data_plan` refuses a plan without binders (its one empty binding,
            // recorded as no values, could not be told from none).
            return Err(QpropError::nowhere(ErrorKind::Internal, "internal: a plan without binders was grounded"));
        }
        for row in flat.chunks_exact(width) {
            for (b, &v) in plan.binders.iter().zip(row) {
                if let Some(x) = env.get_mut(b.slot.index()) {
                    *x = Some(v);
                }
            }
            let out = f(self, env);
            if !matches!(out, Ok(false)) {
                stop = true;
                if let Err(e) = out {
                    self.unbind(plan, env);
                    return Err(e);
                }
                break;
            }
        }
        self.unbind(plan, env);
        Ok(stop)
    }

    fn unbind(&self, plan: &Plan<'a>, env: &mut Env) {
        for b in plan.binders.iter() {
            if let Some(x) = env.get_mut(b.slot.index()) {
                *x = None;
            }
        }
    }

    /// Binds binder `i` to each of its values (a generator's candidates, else those its
    /// conjuncts' equations name, else its domain) and goes on with the next one where the
    /// conjuncts due after binder `i` hold.
    fn level(
        &mut self,
        plan: &Plan<'a>,
        i: usize,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        let Some(&Bound { slot, dom: d }) = plan.binders.get(i) else {
            return f(self, env);
        };
        let p = self.p;
        let cands = match plan.gens.get(i).and_then(|g| g.as_ref()) {
            Some(g) => self.candidates(g, env),
            None => None,
        };
        // Only a binder without a generator has conjuncts to solve (`Plan::solvable`).
        let solved = match plan.solvable.get(i) {
            Some(ks) if !ks.is_empty() => self.solved_values(plan, ks, slot, d, env),
            _ => None,
        };
        let cands = cands.unwrap_or_else(|| Cands::All(p.domains.get(d.index()).map_or(&[], |d| &d.values)));
        let vals: &[Val] = match (&solved, &cands) {
            (Some(v), _) => v,
            (None, Cands::All(v)) => v,
            (None, Cands::Some(t, lo, hi)) => t.vals.get(*lo..*hi).unwrap_or(&[]),
        };
        if env.len() <= slot.index() {
            // Resolved programs size the environment for every slot; anything else is a bug.
            return Err(QpropError::nowhere(ErrorKind::Internal, "internal: variable slot outside the environment"));
        }
        let mut stop = false;
        for &v in vals {
            env[slot] = Some(v);
            if self.passes(plan, i + 1, env)? && !self.ruled_out(plan, i + 1, env) && self.level(plan, i + 1, env, f)? {
                stop = true;
                break;
            }
        }
        env[slot] = None;
        Ok(stop)
    }

    /// The values of binder `slot` (of domain `d`) that conjuncts `ks` of `plan` allow, in the
    /// domain's order (`solve.rs`); `None`: they allow any.
    fn solved_values(
        &mut self,
        plan: &Plan<'a>,
        ks: &[usize],
        slot: Slot,
        d: DomId,
        env: &mut Env,
    ) -> Option<Vec<Val>> {
        let mut found: Option<Vec<Val>> = None;
        for &k in ks {
            let Some(vals) = self.solved(plan.conj[k], slot, env, 0) else { continue };
            found = Some(match found {
                Some(before) => before.into_iter().filter(|v| vals.contains(v)).collect(),
                None => vals,
            });
        }
        let dom = self.p.domains.get(d.index())?;
        let mut at: Vec<(u32, Val)> = found?.into_iter().filter_map(|v| Some((dom.pos(v)?, v))).collect();
        at.sort_unstable_by_key(|x| x.0);
        at.dedup_by_key(|x| x.0);
        Some(at.into_iter().map(|x| x.1).collect())
    }

    /// Whether the conjuncts to test after `c` binders all hold (left to right, stopping at the
    /// first false one).
    fn passes(&mut self, plan: &Plan<'a>, c: usize, env: &mut Env) -> Result<bool> {
        for &k in plan.checks.get(c).map_or(&[][..], |v| v.as_slice()) {
            if !self.eval(plan.conj[k], env)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether one of the conjuncts `plan.early[c]` is false on the bindings so far, whatever
    /// the binders still unbound take.
    fn ruled_out(&mut self, plan: &Plan<'a>, c: usize, env: &mut Env) -> bool {
        for &k in plan.early.get(c).map_or(&[][..], |v| v.as_slice()) {
            if self.partial(plan.conj[k], env) == Some(false) {
                return true;
            }
        }
        false
    }

    /// `f`'s value where some variables are unbound (`None`: it depends on them, or `f` is not
    /// made of connectives, comparisons and atoms, or evaluating a part failed: the full
    /// evaluation reports that). Three-valued: `a and b` is false when either is.
    fn partial(&mut self, f: &'a F, env: &mut Env) -> Option<bool> {
        let both = |a: Option<bool>, b: Option<bool>, op: fn(bool, bool) -> bool| Some(op(a?, b?));
        match f {
            F::Const(b) => Some(*b),
            F::Cmp(c) if term_bound(&c.a, env) && term_bound(&c.b, env) => {
                let (a, b) = (self.term(&c.a, env).ok()?, self.term(&c.b, env).ok()?);
                c.op.holds(a, b)
            }
            F::Not(a) => self.partial(a, env).map(|v| !v),
            F::And(a, b) => match self.partial(a, env) {
                Some(false) => Some(false),
                x => match self.partial(b, env) {
                    Some(false) => Some(false),
                    y => both(x, y, |x, y| x && y),
                },
            },
            F::Or(a, b) => match self.partial(a, env) {
                Some(true) => Some(true),
                x => match self.partial(b, env) {
                    Some(true) => Some(true),
                    y => both(x, y, |x, y| x || y),
                },
            },
            F::Imp(a, b) => match self.partial(a, env) {
                Some(false) => Some(true),
                x => match self.partial(b, env) {
                    Some(true) => Some(true),
                    y => both(x, y, |x, y| !x || y),
                },
            },
            F::Iff(a, b) => {
                let x = self.partial(a, env);
                both(x, self.partial(b, env), |x, y| x == y)
            }
            F::Xor(a, b) => {
                let x = self.partial(a, env);
                both(x, self.partial(b, env), |x, y| x != y)
            }
            F::Atom(pr, args, span) => {
                let p = self.p;
                if args.iter().all(|a| term_bound(a, env)) {
                    return self.eval_atom(*pr, args, *span, env).ok();
                }
                // A definition of comparisons and atoms is read through: its parameters take the
                // arguments that can be evaluated, the others stay unknown.
                let Some(PredKind::Def(def)) = p.preds.get(pr.index()).map(|d| &d.kind) else { return None };
                let doms = p.preds.get(pr.index()).map_or(&[][..], |d| d.args.as_slice());
                let mut inner = vec![None; def.slots.len()];
                for ((s, a), d) in def.params.iter().zip(args).zip(doms) {
                    if !term_bound(a, env) {
                        // An argument computed from the solution may fall outside its domain,
                        // which makes the atom false whatever the body says.
                        if reads_solution(a) {
                            return None;
                        }
                        continue;
                    }
                    // Undefined, or outside its domain: the atom is false (an argument read from
                    // the solution) or an error (one from the data), not the body's value.
                    let v = self.term(a, env).ok()?;
                    p.domains.get(d.index())?.pos(v)?;
                    if let Some(e) = inner.get_mut(s.index()) {
                        *e = Some(v);
                    }
                }
                self.partial(&def.body, &mut inner)
            }
            _ => None,
        }
    }

    /// A generator's values for the current bindings, or `None` to use the whole domain (when a
    /// known argument cannot be evaluated or lies outside its domain: the conjunct, evaluated in
    /// turn, reports that as the plain evaluation would).
    fn candidates(&mut self, g: &plan::Gen<'a>, env: &mut Env) -> Option<Cands<'a>> {
        let p = self.p;
        let arg_doms = &p.preds.get(g.pred.index())?.args;
        let mut small = [Val::Int(0); SMALL_ARITY];
        let mut big = Vec::new();
        let known: &mut [Val] = if g.known.len() <= SMALL_ARITY {
            &mut small[..g.known.len()]
        } else {
            big.resize(g.known.len(), Val::Int(0));
            &mut big
        };
        for (&(k, t), out) in g.known.iter().zip(known.iter_mut()) {
            let v = self.term(t, env).ok()?;
            p.domains.get(arg_doms.get(k)?.index())?.pos(v)?;
            *out = v;
        }
        let (t, lo, hi) = self.index.lookup(p, &self.atoms, self.cache, g.index, known)?;
        Some(Cands::Some(t, lo, hi))
    }

    /// What is left of a body once its conjuncts hold.
    fn rest(&mut self, r: &Rest<'a>, env: &mut Env) -> Result<bool> {
        Ok(match r {
            Rest::True => true,
            Rest::False => false,
            Rest::One(f) => self.eval(f, env)?,
            Rest::Any(fs) => {
                for f in fs {
                    if self.eval(f, env)? {
                        return Ok(true);
                    }
                }
                false
            }
        })
    }

    fn eval(&mut self, f: &'a F, env: &mut Env) -> Result<bool> {
        Ok(match f {
            F::Const(b) => *b,
            F::Atom(pr, args, span) => self.eval_atom(*pr, args, *span, env)?,
            F::Cmp(c) => {
                let (Some(a), Some(b)) = (defined(self.term(&c.a, env))?, defined(self.term(&c.b, env))?) else {
                    return Ok(false);
                };
                c.op.holds(a, b).ok_or_else(|| {
                    QpropError::new(ErrorKind::Type, c.span, "ordered comparison of symbols", "expected integers")
                })?
            }
            F::Not(a) => !self.eval(a, env)?,
            F::And(a, b) => self.eval(a, env)? && self.eval(b, env)?,
            F::Or(a, b) => self.eval(a, env)? || self.eval(b, env)?,
            F::Imp(a, b) => !self.eval(a, env)? || self.eval(b, env)?,
            F::Iff(a, b) => self.eval(a, env)? == self.eval(b, env)?,
            F::Xor(a, b) => self.eval(a, env)? != self.eval(b, env)?,
            F::Quant(q) => {
                let all = q.all;
                let body = if all { Body::Forall(&q.body) } else { Body::Exists(&q.body) };
                let plan = self.plan(&q.binders, q.guard.as_ref(), body);
                let mut decided = false;
                self.bindings(&plan, env, &mut |me, env| {
                    decided = me.rest(&plan.rest, env)? != all;
                    Ok(decided)
                })?;
                all != decided
            }
            F::Count(c) => {
                let n = self.count_true(&c.binders, c.guard.as_ref(), &c.lit, env)?;
                let Some(Val::Int(k)) = defined(self.term(&c.bound, env))? else { return Ok(false) };
                match c.kind {
                    CountKind::Exactly => n == k,
                    CountKind::AtMost => n <= k,
                    CountKind::AtLeast => n >= k,
                }
            }
            F::AllDiff(a) => {
                let except = match &a.except {
                    Some(t) => Some(self.term(t, env)?),
                    None => None,
                };
                let Some(vals) = defined(self.comprehension(&a.body, &a.binders, a.guard.as_ref(), env))? else {
                    return Ok(false);
                };
                let mut seen = std::collections::HashSet::new();
                vals.into_iter().filter(|v| Some(*v) != except).all(|v| seen.insert(v))
            }
            F::Connected(c) => self.connected(c, env)?,
            F::Regions(r) => self.regions(r, env)?,
            F::Order(o) => defined(self.order_holds(o, env))?.unwrap_or(false),
            F::Lex(l) => defined(self.lex_holds(l, env))?.unwrap_or(false),
            F::Parity(c) => self.count_true(&c.binders, c.guard.as_ref(), &c.lit, env)? % 2 == i64::from(c.odd),
            F::Runs(r) => self.runs_hold(r, env)?,
            F::Global(c) => self.global_holds(c, env)?,
        })
    }

    /// An atom's truth; its argument values must lie in the predicate's domains.
    fn eval_atom(&mut self, pr: PredId, args: &'a [T], span: Span, env: &mut Env) -> Result<bool> {
        let p = self.p;
        let doms = p.preds.get(pr.index()).map_or(&[][..], |x| x.args.as_slice());
        let n = args.len().min(doms.len());
        // Most atoms are small: no allocation for their arguments.
        let mut small = [Val::Int(0); SMALL_ARITY];
        let mut big = Vec::new();
        let t: &mut [Val] = if n <= SMALL_ARITY {
            &mut small[..n]
        } else {
            big.resize(n, Val::Int(0));
            &mut big
        };
        for ((a, &d), out) in args.iter().zip(doms).zip(t.iter_mut()) {
            let Some(v) = defined(self.term(a, env))? else { return Ok(false) };
            let dom = p.domains.get(d.index());
            if dom.and_then(|x| x.pos(v)).is_none() {
                if reads_solution(a) {
                    // A table or element atom whose argument, computed from the solution's
                    // integers, lies outside the predicate's domain is false (docs/qprop.md).
                    return Ok(false);
                }
                return Err(QpropError::new(
                    ErrorKind::Domain,
                    span,
                    format!("value {} outside domain '{}'", show(p, v), dom.map_or("?", |x| x.name.as_str())),
                    "while checking",
                ));
            }
            *out = v;
        }
        self.atom(pr, t)
    }

    /// Evaluates a term on the solution: integer variables take their values, sums are summed.
    /// Constants and bound variables, most of the leaves a check reads, are answered here, inlined
    /// into the caller; anything else by [`Self::compound`].
    #[inline]
    fn term(&mut self, t: &'a T, env: &mut Env) -> Result<Val> {
        match t {
            T::Const(v) => Ok(*v),
            T::Var(s) => match env.get(s.index()) {
                Some(&Some(v)) => Ok(v),
                _ => Err(unbound_slot()),
            },
            _ => self.compound(t, env),
        }
    }

    /// [`Self::term`] of any term but a leaf (a leaf too, as `term` would).
    fn compound(&mut self, t: &'a T, env: &mut Env) -> Result<Val> {
        match t {
            T::Const(v) => Ok(*v),
            T::Var(s) => env.get(s.index()).copied().flatten().ok_or_else(unbound_slot),
            T::Neg(a, s) => {
                let x = self.term(a, env)?;
                arith(Op::Sub, Val::Int(0), x, *s)
            }
            T::Bin(b) => {
                let (x, y) = (self.term(&b.a, env)?, self.term(&b.b, env)?);
                arith(b.op, x, y, b.span)
            }
            T::IntVar(pr, args, s) => {
                let doms = self.p.preds.get(pr.index()).map_or(&[][..], |x| x.args.as_slice());
                let n = args.len().min(doms.len());
                let mut small = [Val::Int(0); SMALL_ARITY];
                let mut big = Vec::new();
                let tuple: &mut [Val] = if n <= SMALL_ARITY {
                    &mut small[..n]
                } else {
                    big.resize(n, Val::Int(0));
                    &mut big
                };
                for ((a, d), out) in args.iter().zip(doms).zip(tuple.iter_mut()) {
                    let v = self.term(a, env)?;
                    // A leaf (most indexes) never reads the solution: no call to ask.
                    let leaf = matches!(a, T::Const(_) | T::Var(_));
                    if !leaf && reads_solution(a) && self.p.domains.get(d.index()).and_then(|x| x.pos(v)).is_none() {
                        return Err(QpropError::new(
                            ErrorKind::Undefined,
                            *s,
                            format!("index {} outside domain '{}'", show(self.p, v), self.p.domains[d.index()].name),
                            "an index inside the indexed variable's arguments",
                        ));
                    }
                    *out = v;
                }
                match self.int_value(*pr, tuple) {
                    Some(v) => Ok(v),
                    None => Err(QpropError::new(
                        ErrorKind::Domain,
                        *s,
                        format!("the solution gives no value to {}", self.p.atom_name(*pr, tuple)),
                        "every integer variable the constraints use needs a value",
                    )),
                }
            }
            T::Bool(f, _) => Ok(Val::Int(i64::from(self.eval(f, env)?))),
            T::MinMax(m) => {
                let mut vals = Vec::new();
                for t in &m.items {
                    vals.push(self.term(t, env)?);
                }
                if let Some(c) = &m.comp {
                    vals.extend(self.comprehension(&c.body, &c.binders, c.guard.as_ref(), env)?);
                }
                let mut best: Option<i64> = None;
                for v in vals {
                    let Val::Int(x) = v else {
                        return Err(QpropError::new(
                            ErrorKind::Type,
                            m.span,
                            "min/max of a symbol",
                            "expected integers",
                        ));
                    };
                    best = Some(match best {
                        None => x,
                        Some(b) if m.max => b.max(x),
                        Some(b) => b.min(x),
                    });
                }
                best.map(Val::Int).ok_or_else(|| {
                    QpropError::new(ErrorKind::Domain, m.span, "min/max of no value", "expected at least one binding")
                })
            }
            T::Count(c) => Ok(Val::Int(self.count_true(&c.binders, c.guard.as_ref(), &c.body, env)?)),
            T::Sum(sum) => {
                let plan = self.plan(&sum.binders, sum.guard.as_ref(), Body::Sum);
                let mut acc = Val::Int(0);
                let mut err = None;
                self.bindings(&plan, env, &mut |me, env| {
                    match me.term(&sum.body, env).and_then(|x| arith(Op::Add, acc, x, sum.span)) {
                        Ok(v) => acc = v,
                        Err(e) => err = Some(e),
                    }
                    Ok(err.is_some())
                })?;
                match err {
                    Some(e) => Err(e),
                    None => Ok(acc),
                }
            }
        }
    }

    /// The values of `body` over the bindings of a comprehension, in binding order.
    fn comprehension(
        &mut self,
        body: &'a T,
        binders: &'a Binders,
        g: Option<&'a F>,
        env: &mut Env,
    ) -> Result<Vec<Val>> {
        let plan = self.plan(binders, g, Body::Sum);
        let mut out = Vec::new();
        let mut err = None;
        self.bindings(&plan, env, &mut |me, env| {
            match me.term(body, env) {
                Ok(v) => out.push(v),
                Err(e) => err = Some(e),
            }
            Ok(err.is_some())
        })?;
        match err {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    fn atom(&mut self, pr: PredId, t: &[Val]) -> Result<bool> {
        let p = self.p;
        let Some(pred) = p.preds.get(pr.index()) else { return Ok(false) };
        match &pred.kind {
            PredKind::Var => {
                if let Some(v) = self.var_dense(pr).and_then(|d| d.holds(p, pred, t)) {
                    return Ok(v);
                }
                let atoms = self.atoms.get(pr.index()).copied().flatten();
                Ok(atoms.is_some_and(|a| a.contains(t)))
            }
            PredKind::Int(_) => Ok(false),
            PredKind::Input(facts) => {
                if let (Some(cache), Some(slot)) = (self.cache, self.input_dense.get_mut(pr.index())) {
                    let d = slot.get_or_insert_with(|| {
                        cache.dense(p, pr, || dense::Dense::new(p, pred, facts.len(), facts.iter().map(Vec::as_slice)))
                    });
                    if let Some(v) = d.holds(p, pred, t) {
                        return Ok(v);
                    }
                }
                Ok(facts.contains(t))
            }
            PredKind::Def(def) if !self.remembered.get(pr.index()).copied().unwrap_or(true) => {
                // It calls no definition (`plan::flat_formula`), so this ends.
                let mut env = vec![None; def.slots.len()];
                for (s, v) in def.params.iter().zip(t) {
                    if let Some(e) = env.get_mut(s.index()) {
                        *e = Some(*v);
                    }
                }
                self.eval(&def.body, &mut env)
            }
            PredKind::Def(def) => {
                if let Some(&v) = self.memo.get(pr.index()).and_then(|m| m.get(t)) {
                    return Ok(v);
                }
                if self.memo_len > MEMO_LIMIT {
                    return Err(QpropError::nowhere(
                        ErrorKind::TooLarge,
                        format!("the checker stops: more than {MEMO_LIMIT} definition values to remember"),
                    ));
                }
                // False while evaluating: definitions cannot recurse, but a loop must not hang.
                self.set_memo(pr, t, false);
                let mut env = vec![None; def.slots.len()];
                for (s, v) in def.params.iter().zip(t) {
                    if let Some(e) = env.get_mut(s.index()) {
                        *e = Some(*v);
                    }
                }
                let v = self.eval(&def.body, &mut env);
                match v {
                    Ok(v) => self.set_memo(pr, t, v),
                    // Not remembered: asked again, it fails the same way.
                    Err(_) => {
                        if self.memo.get_mut(pr.index()).and_then(|m| m.remove(t)).is_some() {
                            self.memo_len -= 1;
                        }
                    }
                }
                v
            }
        }
    }

    /// The table of solved-for predicate `pr`'s true atoms, built on its first use.
    fn var_dense(&mut self, pr: PredId) -> Option<&dense::Dense> {
        let p = self.p;
        let pred = p.preds.get(pr.index())?;
        let atoms = self.atoms.get(pr.index()).copied().flatten();
        let new =
            || dense::Dense::new(p, pred, atoms.map_or(0, |a| a.len()), atoms.into_iter().flatten().map(|t| &**t));
        Some(self.dense.get_mut(pr.index())?.get_or_insert_with(new))
    }

    fn set_memo(&mut self, pr: PredId, t: &[Val], v: bool) {
        if let Some(m) = self.memo.get_mut(pr.index()) {
            if m.insert(t.to_vec(), v).is_none() {
                self.memo_len += 1;
            }
        }
    }
}

/// Whether every variable `t` reads is bound in `env`. The common terms are read here directly:
/// `partial` asks this at every comparison and atom on every binding it tries, where the walk's
/// visitor calls cost more than the answer.
fn term_bound(t: &T, env: &Env) -> bool {
    match t {
        T::Const(_) => true,
        T::Var(s) => matches!(env.get(s.index()), Some(Some(_))),
        T::Bin(b) => term_bound(&b.a, env) && term_bound(&b.b, env),
        T::Neg(a, _) => term_bound(a, env),
        T::IntVar(_, args, _) => args.iter().all(|a| term_bound(a, env)),
        _ => crate::walk::term(t, &mut |l| unbound_leaf(l, env)).is_continue(),
    }
}

/// Breaks at a variable that `env` leaves unbound.
fn unbound_leaf(l: Leaf, env: &Env) -> ControlFlow<()> {
    match l {
        Leaf::Slot(s) if !matches!(env.get(s.index()), Some(Some(_))) => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    }
}

/// The error of a variable read before it is bound (a planner bug).
#[cold]
fn unbound_slot() -> QpropError {
    QpropError::nowhere(ErrorKind::Internal, "internal: unbound variable slot while checking")
}

/// A term's value, or `None` when it is undefined (relational semantics: the formula around it
/// is false); other errors stay errors.
fn defined<V>(r: Result<V>) -> Result<Option<V>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.kind == ErrorKind::Undefined => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether a term's value depends on the solution (an integer variable, a sum or count of
/// solved formulas): the checker's own reading, not the grounder's.
pub(crate) fn reads_solution(t: &T) -> bool {
    match t {
        T::Const(_) | T::Var(_) => false,
        T::Bin(b) => reads_solution(&b.a) || reads_solution(&b.b),
        T::Neg(a, _) => reads_solution(a),
        T::IntVar(..) | T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => true,
    }
}
