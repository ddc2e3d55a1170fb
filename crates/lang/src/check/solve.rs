//! The values a variable not yet bound can take for a conjunct to hold, read off its equations
//! before the variable is bound: `c2 = c + 1` allows `c + 1` alone, `r1 - r2 = 1` allows
//! `r1 - 1`; `a and b` allows what both allow, `a or b` what either allows, and a definition's
//! atom with the variable as an argument is read through, its parameters taking the arguments
//! that can be evaluated (as `Checker::partial` reads it). A formula that names no value (`<`,
//! an atom of facts or of the solution) allows every value, and one already false on the bindings
//! so far allows none.
//!
//! The level loop (`Checker::level`) then visits those values alone, in the domain's order, and
//! still evaluates every conjunct on them: what is found here is a superset, never a verdict.
//! Nurimisaki's `nb(r, c, r2, c2)` under `r2 in R, c2 in C` is asked at three rows and three
//! columns instead of every cell. The grounder narrows its bindings in its own code (narrow.rs);
//! nothing is shared.

use super::{term_bound, Checker, Env};
use crate::program::{arith, CmpOp, Op, PredKind, Program, Slot, Val, F, T};

/// At most this many definitions are read through, one inside another (a definition may call
/// itself).
const DEPTH: usize = 4;

impl<'a> Checker<'a, '_> {
    /// A superset of the values of `slot`, unbound in `env`, for which `f` may hold; `None`: any
    /// value may. The values may repeat and lie outside the variable's domain.
    pub(super) fn solved(&mut self, f: &'a F, slot: Slot, env: &mut Env, depth: usize) -> Option<Vec<Val>> {
        match f {
            F::Cmp(c) if c.op == CmpOp::Eq => match (mentions(&c.a, slot), mentions(&c.b, slot)) {
                (true, false) => self.isolate(&c.a, &c.b, slot, env),
                (false, true) => self.isolate(&c.b, &c.a, slot, env),
                (false, false) => self.none_if_false(f, env),
                (true, true) => None,
            },
            F::And(a, b) => match self.solved(a, slot, env, depth) {
                Some(x) if x.is_empty() => Some(x),
                Some(x) => match self.solved(b, slot, env, depth) {
                    Some(y) => Some(x.into_iter().filter(|v| y.contains(v)).collect()),
                    None => Some(x),
                },
                None => self.solved(b, slot, env, depth),
            },
            F::Or(a, b) => {
                let mut x = self.solved(a, slot, env, depth)?;
                x.extend(self.solved(b, slot, env, depth)?);
                Some(x)
            }
            F::Atom(pr, args, _) if depth < DEPTH => {
                let p = self.p;
                let Some(PredKind::Def(def)) = p.preds.get(pr.index()).map(|d| &d.kind) else {
                    return self.none_if_false(f, env);
                };
                let doms = p.preds.get(pr.index()).map_or(&[][..], |d| d.args.as_slice());
                let mut inner: Env = vec![None; def.slots.len()];
                let mut param = None;
                for ((&s, a), d) in def.params.iter().zip(args).zip(doms) {
                    if matches!(a, T::Var(x) if *x == slot) {
                        param.get_or_insert(s);
                    } else if term_bound(a, env) {
                        // Outside its domain, the argument makes the atom false or an error:
                        // no values are claimed, the conjunct's evaluation decides.
                        let v = self.term(a, env).ok()?;
                        p.domains.get(d.index())?.pos(v)?;
                        *inner.get_mut(s.index())? = Some(v);
                    }
                }
                let param = param?;
                self.solved(&def.body, param, &mut inner, depth + 1)
            }
            _ => self.none_if_false(f, env),
        }
    }

    /// No value when `f`, a comparison or an atom of facts or of the solution (or its negation),
    /// is false on the bindings so far whatever the unbound variables take; else any. Nothing
    /// else is tried: a definition that calls itself would be read through without end.
    fn none_if_false(&mut self, f: &'a F, env: &mut Env) -> Option<Vec<Val>> {
        let p = self.p;
        let leaf = |f: &F| match f {
            F::Const(_) | F::Cmp(_) => true,
            F::Atom(pr, ..) => !matches!(p.preds.get(pr.index()).map(|d| &d.kind), Some(PredKind::Def(_))),
            _ => false,
        };
        let decidable = match f {
            F::Not(a) => leaf(a),
            _ => leaf(f),
        };
        (decidable && self.partial(f, env) == Some(false)).then(Vec::new)
    }

    /// The value of `slot` for which `side = other` holds, where `side` is `slot` under `+`, `-`
    /// and negation by terms that can be evaluated, and `other` can be evaluated.
    fn isolate(&mut self, side: &'a T, other: &'a T, slot: Slot, env: &mut Env) -> Option<Vec<Val>> {
        if !term_bound(other, env) {
            return None;
        }
        let mut want = self.term(other, env).ok()?;
        let mut t = side;
        loop {
            match t {
                T::Var(s) if *s == slot => return Some(vec![want]),
                T::Neg(a, span) => {
                    want = arith(Op::Sub, Val::Int(0), want, *span).ok()?;
                    t = a;
                }
                T::Bin(b) if matches!(b.op, Op::Add | Op::Sub) => {
                    let (inside_a, inside_b) = (mentions(&b.a, slot), mentions(&b.b, slot));
                    let known = if inside_a { &b.b } else { &b.a };
                    if inside_a == inside_b || !term_bound(known, env) {
                        return None;
                    }
                    let k = self.term(known, env).ok()?;
                    want = match (b.op, inside_a) {
                        // x + k = w, k + x = w: x = w - k
                        (Op::Add, _) => arith(Op::Sub, want, k, b.span).ok()?,
                        // x - k = w: x = w + k
                        (_, true) => arith(Op::Add, want, k, b.span).ok()?,
                        // k - x = w: x = k - w
                        (_, false) => arith(Op::Sub, k, want, b.span).ok()?,
                    };
                    t = if inside_a { &b.a } else { &b.b };
                }
                _ => return None,
            }
        }
    }
}

/// Whether term `t` reads `slot`.
fn mentions(t: &T, slot: Slot) -> bool {
    match t {
        T::Const(_) => false,
        T::Var(s) => *s == slot,
        T::Neg(a, _) => mentions(a, slot),
        T::Bin(b) => mentions(&b.a, slot) || mentions(&b.b, slot),
        _ => crate::walk::term(t, &mut |l| match l {
            crate::walk::Leaf::Slot(s) if s == slot => std::ops::ControlFlow::Break(()),
            _ => std::ops::ControlFlow::Continue(()),
        })
        .is_break(),
    }
}

/// Whether `t` is `slot` under `+`, `-` and negation, read once: the terms
/// [`Checker::isolate`] solves (`cols mod w = 0` is not one).
fn isolable(t: &T, slot: Slot) -> bool {
    match t {
        T::Var(s) => *s == slot,
        T::Neg(a, _) => isolable(a, slot),
        T::Bin(b) if matches!(b.op, Op::Add | Op::Sub) => match (mentions(&b.a, slot), mentions(&b.b, slot)) {
            (true, false) => isolable(&b.a, slot),
            (false, true) => isolable(&b.b, slot),
            _ => false,
        },
        _ => false,
    }
}

/// Whether [`Checker::solved`] may name values of `slot` in `f`: an equation it can solve, or
/// a definition's atom with it as an argument where the definition's body names values of that
/// parameter, under `and` and `or`. Decided once per plan.
pub(super) fn names_values(p: &Program, f: &F, slot: Slot) -> bool {
    names_within(p, f, slot, 0)
}

fn names_within(p: &Program, f: &F, slot: Slot, depth: usize) -> bool {
    match f {
        F::Cmp(c) => {
            c.op == CmpOp::Eq
                && match (mentions(&c.a, slot), mentions(&c.b, slot)) {
                    (true, false) => isolable(&c.a, slot),
                    (false, true) => isolable(&c.b, slot),
                    _ => false,
                }
        }
        F::And(a, b) => names_within(p, a, slot, depth) || names_within(p, b, slot, depth),
        F::Or(a, b) => names_within(p, a, slot, depth) && names_within(p, b, slot, depth),
        F::Atom(pr, args, _) if depth < DEPTH => {
            let Some(PredKind::Def(def)) = p.preds.get(pr.index()).map(|d| &d.kind) else { return false };
            let Some(at) = args.iter().position(|a| matches!(a, T::Var(x) if *x == slot)) else { return false };
            def.params.get(at).is_some_and(|&param| names_within(p, &def.body, param, depth + 1))
        }
        _ => false,
    }
}
