//! Negation normal form for grounding, with iteration plans: each quantifier's guard conjuncts and
//! the data literals that decide its body are checked at the first binder that binds all their
//! variables, and a data atom with the binder as a plain argument enumerates its facts instead of
//! the binder's domain; a guard conjunct that solves for the binder (`i = q or i + k + 1 = q`,
//! `c2 <= c + l`) narrows its domain (narrow.rs).

use std::ops::ControlFlow;

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::program::is_data;
use crate::program::{Binders, CmpOp, DomId, GlobalCall, Lex, Order, PredId, PredKind, Program, Slot, F, T};
use crate::walk::{formula_slots, term_slots, Leaf};

/// A formula in negation normal form.
#[derive(Debug)]
pub(crate) enum G<'a> {
    Const(bool),
    Lit(Literal<'a>),
    Cmp(Compare<'a>),
    And(Vec<G<'a>>),
    Or(Vec<G<'a>>),
    All(Plan<'a>, Box<G<'a>>),
    Any(Plan<'a>, Box<G<'a>>),
    Count(Box<Counting<'a>>),
    Connected(Box<crate::connect::Connecting<'a>>),
    Regions(Box<crate::regions::Dividing<'a>>),
    AllDiff(Box<AllDiffG<'a>>),
    /// An order constraint, negated when the flag is true.
    Order(&'a Order, bool),
    /// A lexicographic constraint, negated when the flag is true.
    Lex(&'a Lex, bool),
    /// A run-pattern constraint (regular.rs), positive.
    Runs(Box<crate::regular::RunsG<'a>>),
    /// A parity constraint (crates/qprop/src/parity.rs).
    Parity(Box<ParityG<'a>>),
    /// A global constraint of the registry (`global/`), its comparison negated when the flag
    /// is true.
    Global(&'a GlobalCall, bool),
}

/// `xor { lit : plan }` (`odd`) or `even {...}` in NNF: a negated parity flips `odd`.
#[derive(Debug)]
pub(crate) struct ParityG<'a> {
    pub odd: bool,
    pub lit: G<'a>,
    pub plan: Plan<'a>,
}

/// `alldifferent { body : plan }` (except a value), positive.
#[derive(Debug)]
pub(crate) struct AllDiffG<'a> {
    pub body: &'a T,
    pub except: Option<&'a T>,
    pub plan: Plan<'a>,
    pub span: Span,
}

/// A literal: an atom, positive or negated.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Literal<'a> {
    pub positive: bool,
    pub pred: PredId,
    pub args: &'a [T],
    pub span: Span,
    /// An argument mentions an integer variable (a table or element atom, `linear::has_int`):
    /// found once here, asked of the literal at every binding.
    pub reads_int: bool,
}

/// A comparison (negations pushed into the operator).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Compare<'a> {
    pub op: CmpOp,
    pub a: &'a T,
    pub b: &'a T,
    pub span: Span,
    /// Written under a negation (`not (a < b)` is `a >= b` with this flag): an undefined term
    /// (an element index outside its domain) makes the written comparison false, so this one true.
    pub neg: bool,
    /// A side mentions an integer variable (`linear::has_int`), found once here.
    pub reads_int: bool,
}

/// A counting constraint in NNF: `kind (bound + offset) { lit : plan }`.
#[derive(Debug)]
pub(crate) struct Counting<'a> {
    pub kind: CountKind,
    pub bound: &'a T,
    /// Added to the bound (a negated `atmost k` is `atleast k+1`).
    pub offset: i64,
    /// The counted literal, in NNF.
    pub lit: G<'a>,
    pub plan: Plan<'a>,
    pub span: Span,
    /// `not exactly k`: the count differs from the bound.
    pub negated: bool,
    /// Not written under a negation (for an undefined bound: see `Compare::neg`).
    pub pos: bool,
}

/// A data condition checked while iterating: a guard conjunct or a deciding data literal.
#[derive(Debug)]
pub(crate) enum Check<'a> {
    /// A guard formula (data only), positive.
    Guard(&'a F),
    /// This data atom must be true (otherwise the body is decided).
    Atom(PredId, &'a [T], Span),
}

impl<'a> Check<'a> {
    /// The guard formula, if this is one.
    pub(crate) fn guard(&self) -> Option<&'a F> {
        match self {
            Check::Guard(f) => Some(*f),
            Check::Atom(..) => None,
        }
    }
}

/// Enumerate binder values from a data predicate's true atoms: pred, argument position of the
/// binder, and the other arguments.
#[derive(Debug)]
pub(crate) struct Gen<'a> {
    pub pred: PredId,
    pub pos: usize,
    pub args: &'a [T],
    pub span: Span,
}

/// One binder: its slot, its domain, how its values are enumerated and what is checked after.
#[derive(Debug)]
pub(crate) struct Level<'a> {
    pub slot: Slot,
    pub dom: DomId,
    pub gen: Option<Gen<'a>>,
    pub checks: Vec<Check<'a>>,
    /// Guards that bind (narrow.rs): the first `narrow.len()` checks, as narrowings of the
    /// domain (only without a generator).
    pub narrow: Vec<crate::narrow::Narrow<'a>>,
}

/// How a quantifier's bindings are enumerated.
#[derive(Debug)]
pub(crate) struct Plan<'a> {
    /// Checks with none of this quantifier's variables.
    pub pre: Vec<Check<'a>>,
    pub levels: Vec<Level<'a>>,
}

/// Whether a literal is a data literal known while grounding (not a table over integer terms).
fn deciding(p: &Program, l: &Literal) -> bool {
    is_data(p, l.pred) && !l.reads_int
}

/// Converts `f` (negated when `!pos`) to NNF with plans.
pub(crate) fn nnf<'a>(p: &Program, f: &'a F, pos: bool) -> Result<G<'a>> {
    Ok(match f {
        F::Const(b) => G::Const(*b == pos),
        F::Atom(pr, args, s) => G::Lit(Literal {
            positive: pos,
            pred: *pr,
            args,
            span: *s,
            reads_int: args.iter().any(crate::linear::has_int),
        }),
        F::Cmp(c) => match crate::parity::sum_mod_two(p, c, pos)? {
            Some(g) => g,
            None => G::Cmp(Compare {
                op: if pos { c.op } else { c.op.negate() },
                a: &c.a,
                b: &c.b,
                span: c.span,
                neg: !pos,
                reads_int: crate::linear::has_int(&c.a) || crate::linear::has_int(&c.b),
            }),
        },
        F::Not(a) => nnf(p, a, !pos)?,
        F::And(a, b) if pos => and(nnf(p, a, true)?, nnf(p, b, true)?),
        F::And(a, b) => or(nnf(p, a, false)?, nnf(p, b, false)?),
        F::Or(a, b) if pos => or(nnf(p, a, true)?, nnf(p, b, true)?),
        F::Or(a, b) => and(nnf(p, a, false)?, nnf(p, b, false)?),
        F::Imp(a, b) if pos => or(nnf(p, a, false)?, nnf(p, b, true)?),
        F::Imp(a, b) => and(nnf(p, a, true)?, nnf(p, b, false)?),
        F::Iff(a, b) | F::Xor(a, b) => {
            let same = matches!(f, F::Iff(..)) == pos;
            let (x, y) = (nnf(p, a, false)?, nnf(p, b, same)?);
            let (u, v) = (nnf(p, a, true)?, nnf(p, b, !same)?);
            and(or(x, y), or(u, v))
        }
        F::Quant(q) => {
            let forall = q.all == pos;
            let mut body = nnf(p, &q.body, pos)?;
            let plan = plan(p, &q.binders, q.guard.as_ref(), &body, forall)?;
            // The data literals that became checks are decided (false in a `forall`'s disjunction,
            // true in an `exists`'s conjunction) for every binding that reaches the body.
            let decided = |g: &G| matches!(g, G::Lit(l) if deciding(p, l) && l.positive != forall);
            match &mut body {
                G::Or(items) if forall => items.retain(|g| !decided(g)),
                G::And(items) if !forall => items.retain(|g| !decided(g)),
                g if decided(g) => *g = G::Const(!forall),
                _ => {}
            }
            if forall {
                G::All(plan, Box::new(body))
            } else {
                G::Any(plan, Box::new(body))
            }
        }
        F::Count(c) => {
            let s = &c.span;
            let (kind, offset, negated) = match (c.kind, pos) {
                (k, true) => (k, 0, false),
                (CountKind::AtMost, false) => (CountKind::AtLeast, 1, false),
                (CountKind::AtLeast, false) => (CountKind::AtMost, -1, false),
                (CountKind::Exactly, false) => (CountKind::Exactly, 0, true),
            };
            let lit = nnf(p, &c.lit, true)?;
            let plan = plan(p, &c.binders, c.guard.as_ref(), &G::Const(false), true)?;
            G::Count(Box::new(Counting { kind, bound: &c.bound, offset, lit, plan, span: *s, negated, pos }))
        }
        F::AllDiff(a) => {
            if !pos {
                return Err(QpropError::new(
                    ErrorKind::Unsupported,
                    a.span,
                    "negated 'alldifferent'",
                    "'alldifferent' must hold outright (under 'forall' and 'and' only)",
                )
                .note("to say that two terms are equal, compare them: x(i) = x(j)"));
            }
            let plan = plan(p, &a.binders, a.guard.as_ref(), &G::Const(false), true)?;
            G::AllDiff(Box::new(AllDiffG { body: &a.body, except: a.except.as_ref(), plan, span: a.span }))
        }
        F::Connected(c) => crate::connect::nnf(p, c, pos)?,
        F::Regions(r) => crate::regions::nnf(p, r, pos)?,
        F::Order(o) => G::Order(o, !pos),
        F::Lex(l) => G::Lex(l, !pos),
        F::Parity(c) => {
            let lit = nnf(p, &c.lit, true)?;
            let plan = plan(p, &c.binders, c.guard.as_ref(), &G::Const(false), true)?;
            G::Parity(Box::new(ParityG { odd: c.odd == pos, lit, plan }))
        }
        F::Runs(r) => crate::regular::nnf(p, r, pos)?,
        F::Global(c) => G::Global(c, !pos),
    })
}

/// `a or b`, flattened (so that a quantifier sees every literal of its body's disjunction).
fn or<'a>(a: G<'a>, b: G<'a>) -> G<'a> {
    let mut items = Vec::new();
    for g in [a, b] {
        match g {
            G::Or(v) => items.extend(v),
            g => items.push(g),
        }
    }
    G::Or(items)
}

/// `a and b`, flattened.
fn and<'a>(a: G<'a>, b: G<'a>) -> G<'a> {
    let mut items = Vec::new();
    for g in [a, b] {
        match g {
            G::And(v) => items.extend(v),
            g => items.push(g),
        }
    }
    G::And(items)
}

fn data_only(p: &Program, f: &F) -> Option<Span> {
    match f {
        F::Atom(pr, _, s) => (!is_data(p, *pr)).then_some(*s),
        F::Not(a) => data_only(p, a),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            data_only(p, a).or_else(|| data_only(p, b))
        }
        F::Quant(q) => q.guard.as_ref().and_then(|g| data_only(p, g)).or_else(|| data_only(p, &q.body)),
        F::Count(c) => data_only(p, &c.lit).or_else(|| c.guard.as_ref().and_then(|g| data_only(p, g))),
        F::Connected(c) => Some(c.span),
        F::Regions(r) => Some(r.span),
        F::AllDiff(a) => Some(a.span),
        // A count inside a comparison (`v <= count { x(i) : ... }`) reads its atoms too.
        F::Cmp(c) if counts(&c.a) || counts(&c.b) => {
            let solved = |l| matches!(l, Leaf::Pred(pr) if matches!(p.preds[pr].kind, PredKind::Var));
            crate::walk::formula(f, &mut |l| if solved(l) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
                .is_break()
                .then_some(c.span)
        }
        F::Cmp(_) => None,
        F::Const(_) => None,
        F::Order(o) => Some(o.span),
        F::Lex(l) => Some(l.span),
        F::Parity(c) => Some(c.span),
        F::Runs(r) => Some(r.span),
        F::Global(c) => Some(c.span),
    }
}

/// Whether a term holds a count or a sum (the terms that may read atoms), found without a walk:
/// `data_only` runs each time a guard is planned.
fn counts(t: &T) -> bool {
    match t {
        T::Const(_) | T::Var(_) | T::IntVar(..) => false,
        T::Neg(a, _) => counts(a),
        T::Bin(b) => counts(&b.a) || counts(&b.b),
        T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => true,
    }
}

fn conjuncts<'a>(f: &'a F, out: &mut Vec<&'a F>) {
    match f {
        F::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(f),
    }
}

pub(crate) fn plan<'a>(
    p: &Program,
    binders: &Binders,
    guard: Option<&'a F>,
    body: &G<'a>,
    forall: bool,
) -> Result<Plan<'a>> {
    let mut cs = Vec::new();
    if let Some(g) = guard {
        if let Some(s) = data_only(p, g) {
            return Err(QpropError::new(
                ErrorKind::Unsupported,
                s,
                "a guard uses a predicate that is solved for",
                "guards are evaluated while grounding: only data predicates, comparisons, arithmetic and counts of data",
            )
            .note("move the condition into the body (after '.')"));
        }
        conjuncts(g, &mut cs);
    }
    Ok(plan_conjuncts(p, binders, &cs, body, forall))
}

/// The plan of a guard given as its conjuncts (of data predicates, comparisons, arithmetic and
/// counts of data).
pub(crate) fn plan_conjuncts<'a>(
    p: &Program,
    binders: &Binders,
    guard: &[&'a F],
    body: &G<'a>,
    forall: bool,
) -> Plan<'a> {
    let mut checks: Vec<(Check<'a>, Vec<Slot>)> = Vec::new();
    for &c in guard {
        let slots = formula_slots(c);
        let check = match c {
            F::Atom(pr, args, s) => Check::Atom(*pr, args, *s),
            _ => Check::Guard(c),
        };
        checks.push((check, slots));
    }
    // Data literals that decide the body: `forall x . not d(x) or F` needs only x with d(x) true;
    // `exists x . d(x) and F` likewise.
    let items: &[G<'a>] = match body {
        G::Or(items) if forall => items,
        G::And(items) if !forall => items,
        other => std::slice::from_ref(other),
    };
    for it in items {
        if let G::Lit(l) = it {
            if deciding(p, l) && l.positive != forall {
                let slots = l.args.iter().flat_map(term_slots).collect();
                checks.push((Check::Atom(l.pred, l.args, l.span), slots));
            }
        }
    }
    let mut levels: Vec<Level<'a>> = binders
        .iter()
        .map(|b| Level { slot: b.slot, dom: b.dom, gen: None, checks: Vec::new(), narrow: Vec::new() })
        .collect();
    let mut pre = Vec::new();
    for (check, slots) in checks {
        let level = slots.iter().filter_map(|s| binders.iter().position(|b| b.slot == *s)).max();
        let Some(level) = level else {
            pre.push(check);
            continue;
        };
        let lv = &mut levels[level];
        if lv.gen.is_none() {
            if let Check::Atom(pr, args, s) = &check {
                let x = lv.slot;
                let bare = args.iter().position(|t| matches!(t, T::Var(v) if *v == x));
                let elsewhere = args.iter().filter(|t| term_slots(t).contains(&x));
                if let Some(pos) = bare {
                    if elsewhere.count() == 1 {
                        lv.gen = Some(Gen { pred: *pr, pos, args, span: *s });
                        continue;
                    }
                }
            }
        }
        lv.checks.push(check);
    }
    for lv in levels.iter_mut().filter(|lv| lv.gen.is_none()) {
        let guards: Vec<Option<&'a F>> = lv.checks.iter().map(Check::guard).collect();
        lv.narrow = crate::narrow::plan(lv.slot, &p.domains[lv.dom], &guards);
    }
    Plan { pre, levels }
}
