//! Which view an integer variable is made with under `--ints auto`: a variable that the model
//! only compares for equality (`x = y`, `x =/= 3`), lists in `alldifferent`, uses as an index or
//! an atom's argument (element, table) needs nothing but its direct view (one literal per value),
//! as Picat-SAT and Savile Row choose; every other use (sums, `<`, `min`/`max`, products, order
//! constraints, counting bounds) asks for the order view, which the linear encodings branch on.
//! The scan is conservative: a construct it does not know marks every integer variable inside.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::program::{CmpOp, PredId, PredKind, Program, F, T};
use crate::walk::{self, Leaf};

/// The integer predicates over numbers whose every use is an equality use. With `narrowing`
/// (a grounding without groups), a statement of bounds over data is no use: it narrows the
/// values a variable is made with and asks for no literal (ints.rs).
pub(crate) fn direct_only(p: &Program, narrowing: bool) -> HashSet<PredId> {
    let mut ordered = HashSet::new();
    for s in p.stmts.iter().filter(|s| !(narrowing && crate::ints::bound_statement(p, &s.f))) {
        scan(&s.f, &mut ordered);
    }
    (0..p.preds.len())
        .map(PredId::new)
        .filter(|&pr| matches!(p.preds[pr].kind, PredKind::Int(_)) && !ordered.contains(&pr))
        .collect()
}

/// Marks the integer variables of `f` that are used other than for equality.
fn scan(f: &F, ordered: &mut HashSet<PredId>) {
    match f {
        F::Const(_) => {}
        F::Atom(_, args, _) => args.iter().for_each(|a| equality_use(a, ordered)),
        F::Cmp(c) if matches!(c.op, CmpOp::Eq | CmpOp::Ne) => {
            equality_use(&c.a, ordered);
            equality_use(&c.b, ordered);
        }
        F::Not(a) => scan(a, ordered),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            scan(a, ordered);
            scan(b, ordered);
        }
        F::Quant(q) => scan(&q.body, ordered),
        F::Count(c) => {
            mark(&c.bound, ordered);
            scan(&c.lit, ordered);
        }
        // A division compares its cells' numbers for equality; it reads their order literals
        // as sizes too, made on demand and channelled.
        F::Regions(r) => equality_use(&r.size, ordered),
        F::AllDiff(a) => {
            equality_use(&a.body, ordered);
            if let Some(x) = &a.except {
                mark(x, ordered);
            }
        }
        _ => {
            let _ = walk::formula(f, &mut |leaf| {
                if let Leaf::Pred(pr) = leaf {
                    ordered.insert(pr);
                }
                ControlFlow::Continue(())
            });
        }
    }
}

/// A term in an equality position: an integer variable itself is fine (its arguments are index
/// positions, equality uses too); anything else marks what it reads.
fn equality_use(t: &T, ordered: &mut HashSet<PredId>) {
    match t {
        T::IntVar(_, args, _) => args.iter().for_each(|a| equality_use(a, ordered)),
        _ => mark(t, ordered),
    }
}

/// Marks every integer variable `t` reads.
fn mark(t: &T, ordered: &mut HashSet<PredId>) {
    let _ = walk::term(t, &mut |leaf| {
        if let Leaf::Pred(pr) = leaf {
            ordered.insert(pr);
        }
        ControlFlow::Continue(())
    });
}
