//! The traversals of the intermediate form. [`children`] and [`term_children`] visit a node's
//! direct children: the one place that knows each node's shape, so a pass that only recurses
//! (and a new construct) needs no arm per kind. On them, the walk that collects what a formula
//! reads: the variable slots of its terms (a count's bound included) and the predicates of its
//! atoms and integer variables. The grounder's plans, the checker's plans and the clue finder all
//! ask it, so they cannot drift apart. (The checker keeps its own *evaluation*; this only
//! collects.)

use std::ops::ControlFlow;

use crate::program::{List, PredId, Slot, F, T};

/// What a walk meets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    /// A variable read by a term.
    Slot(Slot),
    /// A predicate of an atom, or an integer variable.
    Pred(PredId),
}

/// A node of the intermediate form: a formula or a term.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Node<'a> {
    /// A formula.
    F(&'a F),
    /// A term.
    T(&'a T),
}

/// What a child walk calls for each child.
pub(crate) type Visit<'v, 'a> = &'v mut dyn FnMut(Node<'a>) -> ControlFlow<()>;

/// Visits the direct children of `f` in written order (sub-formulas, guards, terms, a count's
/// bound, a sequence's elements and guard) until `v` breaks: the one place that knows the shape
/// of every formula, so that a pass that only recurses needs no arm per kind.
pub(crate) fn children<'a>(f: &'a F, v: Visit<'_, 'a>) -> ControlFlow<()> {
    match f {
        F::Const(_) => ControlFlow::Continue(()),
        F::Atom(_, args, _) => args.iter().try_for_each(|t| v(Node::T(t))),
        F::Cmp(c) => {
            v(Node::T(&c.a))?;
            v(Node::T(&c.b))
        }
        F::Not(a) => v(Node::F(a)),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            v(Node::F(a))?;
            v(Node::F(b))
        }
        F::Quant(q) => {
            guard(&q.guard, v)?;
            v(Node::F(&q.body))
        }
        F::Parity(c) => {
            v(Node::F(&c.lit))?;
            guard(&c.guard, v)
        }
        F::Count(c) => {
            v(Node::T(&c.bound))?;
            v(Node::F(&c.lit))?;
            guard(&c.guard, v)
        }
        F::AllDiff(a) => {
            if let Some(x) = &a.except {
                v(Node::T(x))?;
            }
            v(Node::T(&a.body))?;
            guard(&a.guard, v)
        }
        F::Connected(c) => {
            v(Node::F(&c.lit))?;
            guard(&c.guard, v)
        }
        F::Regions(r) => {
            v(Node::T(&r.size))?;
            guard(&r.guard, v)
        }
        F::Order(o) => list(&o.list, v),
        F::Lex(l) => {
            list(&l.a, v)?;
            list(&l.b, v)
        }
        F::Runs(r) => {
            v(Node::F(&r.lit))?;
            guard(&r.guard, v)?;
            list(&r.lens, v)
        }
        F::Global(c) => {
            c.lists.iter().try_for_each(|l| list(l, v))?;
            v(Node::T(&c.bound))
        }
    }
}

/// Visits the direct children of `t` in written order until `v` breaks ([`children`] of terms).
pub(crate) fn term_children<'a>(t: &'a T, v: Visit<'_, 'a>) -> ControlFlow<()> {
    match t {
        T::Const(_) | T::Var(_) => ControlFlow::Continue(()),
        T::Neg(a, _) => v(Node::T(a)),
        T::Bin(b) => {
            v(Node::T(&b.a))?;
            v(Node::T(&b.b))
        }
        T::IntVar(_, args, _) => args.iter().try_for_each(|t| v(Node::T(t))),
        T::Sum(s) => {
            v(Node::T(&s.body))?;
            guard(&s.guard, v)
        }
        T::Bool(f, _) => v(Node::F(f)),
        T::MinMax(m) => {
            m.items.iter().try_for_each(|t| v(Node::T(t)))?;
            match &m.comp {
                Some(s) => {
                    v(Node::T(&s.body))?;
                    guard(&s.guard, v)
                }
                None => ControlFlow::Continue(()),
            }
        }
        T::Count(c) => {
            v(Node::F(&c.body))?;
            guard(&c.guard, v)
        }
    }
}

/// A guard, if there is one.
fn guard<'a>(g: &'a Option<F>, v: Visit<'_, 'a>) -> ControlFlow<()> {
    match g {
        Some(g) => v(Node::F(g)),
        None => ControlFlow::Continue(()),
    }
}

/// A sequence's terms and guard.
fn list<'a>(l: &'a List, v: Visit<'_, 'a>) -> ControlFlow<()> {
    match l {
        List::Items(ts) => ts.iter().try_for_each(|t| v(Node::T(t))),
        List::Compr(s) => {
            v(Node::T(&s.body))?;
            guard(&s.guard, v)
        }
    }
}

/// Visits every leaf of `f` in written order until `v` breaks.
pub(crate) fn formula(f: &F, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    if let F::Atom(p, _, _) = f {
        v(Leaf::Pred(*p))?;
    }
    children(f, &mut |n| node(n, v))?;
    match f {
        // The adjacency predicate comes after the formula and the guard, as written.
        F::Connected(c) => v(Leaf::Pred(c.adj)),
        F::Regions(r) => v(Leaf::Pred(r.adj)),
        _ => ControlFlow::Continue(()),
    }
}

/// Visits every leaf of `t` in written order until `v` breaks.
pub(crate) fn term(t: &T, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    match t {
        T::Var(s) => return v(Leaf::Slot(*s)),
        T::IntVar(p, _, _) => v(Leaf::Pred(*p))?,
        _ => {}
    }
    term_children(t, &mut |n| node(n, v))
}

/// Every leaf of a node.
fn node(n: Node, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    match n {
        Node::F(f) => formula(f, v),
        Node::T(t) => term(t, v),
    }
}

/// The slots `f` reads, in written order (with repetitions).
pub(crate) fn formula_slots(f: &F) -> Vec<Slot> {
    slots(|v| formula(f, v))
}

/// The slots `t` reads, in written order (with repetitions).
pub(crate) fn term_slots(t: &T) -> Vec<Slot> {
    slots(|v| term(t, v))
}

/// The slots a walk meets.
fn slots(walk: impl FnOnce(&mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()>) -> Vec<Slot> {
    let mut out = Vec::new();
    let _ = walk(&mut |l| {
        if let Leaf::Slot(s) = l {
            out.push(s);
        }
        ControlFlow::Continue(())
    });
    out
}

#[cfg(test)]
mod tests {
    use crate::program::{Slot, F};
    use crate::{load, Source};

    /// The grounder's plan once skipped a count's bound while the checker's visited it: a guard
    /// conjunct with a count whose bound is a variable was due before that variable was bound.
    #[test]
    fn a_count_bound_that_uses_a_variable_is_collected() {
        let text = "domain d = 0..2\npred p(d)\nforall k in d . atmost k { p(x) : x in d | x > 0 }\n";
        let p = load(&Source::new("m.qp", text), None, &[]).unwrap();
        let F::Quant(q) = &p.stmts[0].f else { panic!("a quantifier") };
        let F::Count(c) = &q.body else { panic!("a count") };
        let k = q.binders[0].slot;
        let x = c.binders[0].slot;
        assert_eq!(super::formula_slots(&q.body), vec![k, x, x]);
        assert_eq!(super::term_slots(&c.bound), vec![k]);
        assert_ne!(k, x);
        assert_eq!(k, Slot::new(0));
    }
}
