//! Evaluation plans for the checker's quantifiers, counts and sums: after binding each variable,
//! which conjuncts (of the guard, and of the body where they act as one) to test, which may be
//! decided already on part of the binding (`early`), and which true atoms can supply a variable's
//! values instead of its whole domain.
//!
//! Built from the resolved formulas alone. The grounder plans its own quantifiers in nnf.rs;
//! only the collection of a formula's variables (`walk.rs`) is shared, so that the two cannot
//! disagree about which variables a conjunct reads, while a mistake in one's evaluation order
//! still cannot hide the same mistake in the other.

use std::ops::ControlFlow;

use crate::program::{Binders, PredId, PredKind, Program, F, T};
use crate::walk::{formula_slots, Leaf, Node};

/// What a quantified body contributes.
#[derive(Clone, Copy)]
pub(super) enum Body<'a> {
    /// `forall`: the body must hold for every binding.
    Forall(&'a F),
    /// `exists`: one binding where the body holds is enough.
    Exists(&'a F),
    /// A counting constraint's literal: counted where it holds.
    Count(&'a F),
    /// A sum: the term is the caller's business, only the guard filters.
    Sum,
}

/// What is left to evaluate once a binding passes every conjunct.
pub(super) enum Rest<'a> {
    /// Holds: the binding counts (exists, count, sum) or satisfies the forall.
    True,
    /// Fails: `forall x . not a(x)` with `a(x)` true.
    False,
    /// A formula.
    One(&'a F),
    /// The remaining parts of a disjunction, evaluated left to right.
    Any(Vec<&'a F>),
}

/// Values for one binder from the true atoms of an input or solved-for predicate: the binder is
/// a bare argument of an atom among the conjuncts, so no other value can make that conjunct hold.
pub(super) struct Gen<'a> {
    /// The predicate.
    pub pred: PredId,
    /// Arguments whose value is known before the binder is bound: position and term.
    pub known: Known<'a>,
    /// Which candidate index (see `index.rs`) answers this generator.
    pub index: usize,
}

/// Arguments known before a binder is bound: position and term.
type Known<'a> = Vec<(usize, &'a T)>;

/// The checker's plan for one quantifier, count or sum.
pub(super) struct Plan<'a> {
    /// The binders, in their written order (violations name the first failing binding in that
    /// order, so it is kept).
    pub binders: &'a Binders,
    /// The conjuncts: the guard's, then the body's where they decide it, left to right.
    pub conj: Vec<&'a F>,
    /// `checks[c]`: the conjuncts to test once the first `c` binders are bound. A conjunct is
    /// tested no earlier than the one before it, so every binding evaluates the conjuncts in the
    /// written order and stops at the same one as a plain left-to-right evaluation.
    pub checks: Vec<Vec<usize>>,
    /// `early[c]`: conjuncts not yet due once the first `c` binders are bound, but reading
    /// binder `c - 1` and made of connectives, comparisons and atoms only: evaluated on the
    /// bindings so far (unbound variables unknown), and a binding where one is false whatever the
    /// binders still to come is passed over. LITS's `nb(r1, c1, r2, c2)` under `forall r1, r2,
    /// c1, c2` is false for most `(r1, r2)` already.
    pub early: Vec<Vec<usize>>,
    /// Per binder, where its values come from (`None`: its domain).
    pub gens: Vec<Option<Gen<'a>>>,
    /// Per binder without a generator, the conjuncts due once it is bound, or tried early on
    /// it, whose equations may name its values (`solve.rs`).
    pub solvable: Vec<Vec<usize>>,
    /// What to evaluate for a binding that passes every conjunct.
    pub rest: Rest<'a>,
    /// Whether a `forall` body was split into conjuncts and a rest: the naive evaluator reports a
    /// violation of `a -> b` at this quantifier's bindings, and so does the checker then.
    pub split: bool,
}

/// Asks for the id of the candidate index of (predicate, known positions, binder position,
/// binder domain).
pub(super) type IndexId<'b> = dyn FnMut(PredId, Vec<usize>, usize, crate::program::DomId) -> usize + 'b;

/// A binder's values are solved for (`solve.rs`) only in a domain of more values than this.
const SOLVE_ABOVE: usize = 4;

/// Builds the plan of a quantifier with `binders`, `guard` and `body`.
pub(super) fn build<'a>(
    p: &'a Program,
    binders: &'a Binders,
    guard: Option<&'a F>,
    body: Body<'a>,
    index_id: &mut IndexId<'_>,
) -> Plan<'a> {
    let mut conj = Vec::new();
    if let Some(g) = guard {
        conjuncts(g, &mut conj);
    }
    let (rest, split) = match body {
        Body::Forall(f) => split_forall(f, &mut conj),
        Body::Exists(f) => {
            // exists x . a and b: a binding with `a` false does not witness it.
            conjuncts(f, &mut conj);
            (Rest::True, true)
        }
        Body::Count(f) => match f {
            // A binding with the literal false is not counted.
            F::Atom(..) | F::And(..) => {
                conjuncts(f, &mut conj);
                (Rest::True, true)
            }
            _ => (Rest::One(f), false),
        },
        Body::Sum => (Rest::True, false),
    };
    let n = binders.len();
    let mut checks = vec![Vec::new(); n + 1];
    let mut early = vec![Vec::new(); n + 1];
    let mut at = 0;
    for (k, c) in conj.iter().enumerate() {
        at = at.max(level(binders, c));
        checks[at].push(k);
        if partly_evaluable(p, c) {
            let slots = formula_slots(c);
            for (i, b) in binders.iter().enumerate().take(at.saturating_sub(1)) {
                if slots.contains(&b.slot) {
                    early[i + 1].push(k);
                }
            }
        }
    }
    let gens: Vec<Option<Gen>> = (0..n).map(|i| generator(p, binders, i, &conj, index_id)).collect();
    let solvable = (0..n)
        .map(|i| {
            // Solving costs about as much as evaluating a few values: a small domain is cheaper
            // to run through (tapa's offsets `dr, dc in 0..2`).
            let small = p.domains.get(binders[i].dom.index()).is_none_or(|d| d.values.len() <= SOLVE_ABOVE);
            if gens[i].is_some() || small {
                return Vec::new();
            }
            let mut ks: Vec<usize> = checks[i + 1].iter().chain(&early[i + 1]).copied().collect();
            ks.retain(|&k| super::solve::names_values(p, conj[k], binders[i].slot));
            ks
        })
        .collect();
    Plan { binders, conj, checks, early, gens, solvable, rest, split }
}

/// Splits a `forall` body: `a -> b`, `not a` and `not a or ... or b` hold outright where `a` is
/// false, so `a`'s conjuncts act as guard conjuncts and the rest is evaluated after them.
fn split_forall<'a>(f: &'a F, conj: &mut Vec<&'a F>) -> (Rest<'a>, bool) {
    match f {
        F::Imp(a, b) => {
            conjuncts(a, conj);
            (Rest::One(b), true)
        }
        F::Not(a) => {
            conjuncts(a, conj);
            (Rest::False, true)
        }
        F::Or(..) => {
            let mut parts = Vec::new();
            disjuncts(f, &mut parts);
            let lead = parts.iter().take_while(|d| matches!(d, F::Not(_))).count();
            if lead == 0 {
                return (Rest::One(f), false);
            }
            for d in &parts[..lead] {
                if let F::Not(a) = d {
                    conjuncts(a, conj);
                }
            }
            let rest = parts.split_off(lead);
            (if rest.is_empty() { Rest::False } else { Rest::Any(rest) }, true)
        }
        _ => (Rest::One(f), false),
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

fn disjuncts<'a>(f: &'a F, out: &mut Vec<&'a F>) {
    match f {
        F::Or(a, b) => {
            disjuncts(a, out);
            disjuncts(b, out);
        }
        _ => out.push(f),
    }
}

/// How many binders must be bound before `f` can be evaluated: one past the last binder it uses
/// (slots are unique within a statement, so a slot of `binders` is never rebound inside `f`).
fn level(binders: &Binders, f: &F) -> usize {
    formula_slots(f).iter().filter_map(|s| binders.iter().position(|b| b.slot == *s)).map(|i| i + 1).max().unwrap_or(0)
}

/// The best generator for binder `i`: a positive atom of an input or solved-for predicate among
/// the conjuncts with the binder as a bare argument, preferring the one with most arguments known.
fn generator<'a>(
    p: &'a Program,
    binders: &'a Binders,
    i: usize,
    conj: &[&'a F],
    index_id: &mut IndexId<'_>,
) -> Option<Gen<'a>> {
    let crate::program::Bound { slot, dom } = binders[i];
    // (predicate, binder's argument position, known arguments)
    let mut best: Option<(PredId, usize, Known<'a>)> = None;
    for c in conj {
        let F::Atom(pr, args, _) = c else { continue };
        if !matches!(p.preds.get(pr.index()).map(|x| &x.kind), Some(PredKind::Var | PredKind::Input(_))) {
            continue;
        }
        let Some(pos) = args.iter().position(|a| matches!(a, T::Var(s) if *s == slot)) else { continue };
        let known: Known<'a> =
            args.iter().enumerate().filter(|&(k, a)| k != pos && known_before(binders, i, a)).collect();
        if best.as_ref().is_none_or(|b| known.len() > b.2.len()) {
            best = Some((*pr, pos, known));
        }
    }
    let (pred, pos, known) = best?;
    let index = index_id(pred, known.iter().map(|k| k.0).collect(), pos, dom);
    Some(Gen { pred, known, index })
}

/// Whether `t` can be evaluated before binder `i` is bound, cheaply and without the solution.
fn known_before(binders: &Binders, i: usize, t: &T) -> bool {
    match t {
        T::Const(_) => true,
        T::Var(s) => binders.iter().position(|b| b.slot == *s).is_none_or(|k| k < i),
        T::Neg(a, _) => known_before(binders, i, a),
        T::Bin(b) => known_before(binders, i, &b.a) && known_before(binders, i, &b.b),
        T::IntVar(..) | T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => false,
    }
}

/// Whether `Checker::partial` can decide `f` on some bindings: connectives, comparisons and
/// atoms, those of a definition only where the definition is itself [`flat_formula`].
pub(super) fn partly_evaluable(p: &Program, f: &F) -> bool {
    // A comparison, or an atom of facts or of the solution, needs every variable it reads: it is
    // decided no earlier than it is due, and trying would cost a walk per binding.
    let one = match f {
        F::Not(a) => a,
        _ => f,
    };
    let leaf = match one {
        F::Const(_) | F::Cmp(_) => true,
        F::Atom(pr, ..) => !matches!(p.preds.get(pr.index()).map(|d| &d.kind), Some(PredKind::Def(_))),
        _ => false,
    };
    if leaf {
        return false;
    }
    let defs_flat = crate::walk::formula(f, &mut |l| match l {
        Leaf::Pred(pr) => match p.preds.get(pr.index()).map(|d| &d.kind) {
            Some(PredKind::Def(def)) if !flat_formula(p, &def.body) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        },
        Leaf::Slot(_) => ControlFlow::Continue(()),
    });
    defs_flat.is_continue() && comprehension_free(Node::F(f))
}

/// Whether `f` holds only connectives, comparisons, arithmetic and atoms, none of a definition.
pub(super) fn flat_formula(p: &Program, f: &F) -> bool {
    let calls_def = crate::walk::formula(f, &mut |l| match l {
        Leaf::Pred(pr) if matches!(p.preds.get(pr.index()).map(|d| &d.kind), Some(PredKind::Def(_))) => {
            ControlFlow::Break(())
        }
        _ => ControlFlow::Continue(()),
    });
    calls_def.is_continue() && comprehension_free(Node::F(f))
}

/// Whether `n` holds no quantifier, count, sum, comprehension or constraint over a collection.
fn comprehension_free(n: Node) -> bool {
    let flat = match n {
        Node::F(f) => matches!(
            f,
            F::Const(_)
                | F::Atom(..)
                | F::Cmp(_)
                | F::Not(_)
                | F::And(..)
                | F::Or(..)
                | F::Imp(..)
                | F::Iff(..)
                | F::Xor(..)
        ),
        Node::T(t) => matches!(t, T::Const(_) | T::Var(_) | T::Bin(_) | T::Neg(..) | T::IntVar(..) | T::Bool(..)),
    };
    let mut all = |c: Node| if comprehension_free(c) { ControlFlow::Continue(()) } else { ControlFlow::Break(()) };
    flat && match n {
        Node::F(f) => crate::walk::children(f, &mut all).is_continue(),
        Node::T(t) => crate::walk::term_children(t, &mut all).is_continue(),
    }
}
