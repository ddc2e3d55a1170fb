//! The one traversal of the intermediate form that collects what a formula reads: the variable
//! slots of its terms (a count's bound included) and the predicates of its atoms and integer
//! variables. The grounder's plans, the checker's plans and the clue finder all ask it, so they
//! cannot drift apart. (The checker keeps its own *evaluation*; this only collects.)

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

/// Visits every leaf of `f` in written order until `v` breaks.
pub(crate) fn formula(f: &F, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    match f {
        F::Const(_) => ControlFlow::Continue(()),
        F::Atom(p, args, _) => {
            v(Leaf::Pred(*p))?;
            args.iter().try_for_each(|t| term(t, v))
        }
        F::Cmp(c) => {
            term(&c.a, v)?;
            term(&c.b, v)
        }
        F::Not(a) => formula(a, v),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            formula(a, v)?;
            formula(b, v)
        }
        F::Quant(q) => {
            if let Some(g) = &q.guard {
                formula(g, v)?;
            }
            formula(&q.body, v)
        }
        F::Parity(c) => {
            formula(&c.lit, v)?;
            match &c.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
        F::Count(c) => {
            term(&c.bound, v)?;
            formula(&c.lit, v)?;
            match &c.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
        F::AllDiff(a) => {
            if let Some(x) = &a.except {
                term(x, v)?;
            }
            term(&a.body, v)?;
            match &a.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
        F::Connected(c) => {
            formula(&c.lit, v)?;
            if let Some(g) = &c.guard {
                formula(g, v)?;
            }
            v(Leaf::Pred(c.adj))
        }
        F::Order(o) => list(&o.list, v),
        F::Lex(l) => {
            list(&l.a, v)?;
            list(&l.b, v)
        }
        F::Runs(r) => {
            formula(&r.lit, v)?;
            if let Some(g) = &r.guard {
                formula(g, v)?;
            }
            list(&r.lens, v)
        }
        F::Global(c) => {
            c.lists.iter().try_for_each(|l| list(l, v))?;
            term(&c.bound, v)
        }
    }
}

/// Visits every leaf of a sequence's terms and guard.
fn list(l: &List, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    match l {
        List::Items(ts) => ts.iter().try_for_each(|t| term(t, v)),
        List::Compr(s) => {
            term(&s.body, v)?;
            match &s.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
    }
}

/// Visits every leaf of `t` in written order until `v` breaks.
pub(crate) fn term(t: &T, v: &mut dyn FnMut(Leaf) -> ControlFlow<()>) -> ControlFlow<()> {
    match t {
        T::Const(_) => ControlFlow::Continue(()),
        T::Var(s) => v(Leaf::Slot(*s)),
        T::Neg(a, _) => term(a, v),
        T::Bin(b) => {
            term(&b.a, v)?;
            term(&b.b, v)
        }
        T::IntVar(p, args, _) => {
            v(Leaf::Pred(*p))?;
            args.iter().try_for_each(|t| term(t, v))
        }
        T::Sum(s) => {
            term(&s.body, v)?;
            match &s.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
        T::Bool(f, _) => formula(f, v),
        T::MinMax(m) => {
            m.items.iter().try_for_each(|t| term(t, v))?;
            match &m.comp {
                Some(s) => {
                    term(&s.body, v)?;
                    match &s.guard {
                        Some(g) => formula(g, v),
                        None => ControlFlow::Continue(()),
                    }
                }
                None => ControlFlow::Continue(()),
            }
        }
        T::Count(c) => {
            formula(&c.body, v)?;
            match &c.guard {
                Some(g) => formula(g, v),
                None => ControlFlow::Continue(()),
            }
        }
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
