//! Order constraints on sequences of integer terms: `increasing`, `decreasing`, their strict
//! forms, `lex_less` and `lex_lesseq`. Each element gets an order view (one literal per value
//! step, `t >= v`, each equivalent to the comparison); `a <= b` is then one clause per value of
//! `a` (`a >= v -> b >= v`), and lexicographic order the standard chain: one auxiliary per
//! position saying "equal so far", one for "strictly less here".

use wgrnd_sat::Lit;

use crate::ast::OrderKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::nnf::G;
use crate::program::{eval_term, CmpOp, List, Op, PredKind, Val, T};
use crate::reify::{Bit, Pol};

/// Widest value range of one element's order view.
const MAX_VIEW: i64 = 100_000;

/// An integer term as order literals: `ge[k]` is equivalent to `t >= lo + 1 + k`.
pub(crate) struct View {
    lo: i64,
    hi: i64,
    ge: Vec<Bit>,
}

impl View {
    /// `t >= v`.
    fn at(&self, v: i64) -> Bit {
        if v <= self.lo {
            Err(true)
        } else if v > self.hi {
            Err(false)
        } else {
            self.ge[(v - self.lo - 1) as usize]
        }
    }
}

impl Grounder<'_> {
    /// Clauses for the order constraint `g`, negated once more when `neg` (a negated `g` under
    /// `neg` is the constraint itself), each with the literals of `prefix` added.
    pub(crate) fn order_clauses(&mut self, g: &G, neg: bool, env: &mut Env, prefix: &[Lit]) -> Result<()> {
        match g {
            G::Order(o, n) => {
                let views = self.views(&o.list, o.span, env)?;
                let (rev, strict) = match o.kind {
                    OrderKind::Increasing => (false, false),
                    OrderKind::Decreasing => (true, false),
                    OrderKind::StrictlyIncreasing => (false, true),
                    OrderKind::StrictlyDecreasing => (true, true),
                };
                let pairs: Vec<(&View, &View)> =
                    views.windows(2).map(|w| if rev { (&w[1], &w[0]) } else { (&w[0], &w[1]) }).collect();
                if neg == *n {
                    for (a, b) in pairs {
                        self.le(a, b, strict, prefix);
                    }
                } else {
                    // Some pair out of order: b < a (or b <= a for a strict order).
                    let mut any = prefix.to_vec();
                    for (a, b) in pairs {
                        let d = self.fresh("order broken here");
                        self.le(b, a, !strict, &[!d]);
                        any.push(d);
                    }
                    self.clause(&mut any);
                }
                Ok(())
            }
            G::Lex(x, n) => {
                let (va, vb) = (self.views(&x.a, x.span, env)?, self.views(&x.b, x.span, env)?);
                // not lex_less(a, b) is lex_lesseq(b, a), and the other way round.
                let (a, b, strict) = if neg == *n { (&va, &vb, x.strict) } else { (&vb, &va, !x.strict) };
                let mut cond = prefix.to_vec();
                for (p, q) in a.iter().zip(b) {
                    self.le(p, q, false, &cond);
                    let lt = self.fresh("lex less here");
                    self.le(p, q, true, &[!lt]);
                    let eq = self.fresh("lex equal so far");
                    let mut c = cond.clone();
                    c.extend([lt, eq]);
                    self.clause(&mut c);
                    cond = vec![!eq];
                }
                let ok = if strict { a.len() < b.len() } else { a.len() <= b.len() };
                if !ok {
                    self.clause(&mut cond);
                }
                Ok(())
            }
            _ => Err(QpropError::nowhere(ErrorKind::Internal, "internal: not an order constraint")),
        }
    }

    /// `prefix or a <= b` (`a < b` when strict): for every value step of `a`, `a >= v -> b >= v (+1)`.
    fn le(&mut self, a: &View, b: &View, strict: bool, prefix: &[Lit]) {
        let s = i64::from(strict);
        for v in a.lo..=a.hi {
            self.clause_with(prefix, &[crate::reify::not(a.at(v)), b.at(v + s)]);
        }
    }

    /// The order views of a sequence's elements, in order.
    fn views(&mut self, l: &List, span: Span, env: &mut Env) -> Result<Vec<View>> {
        self.each_element(l, env, &mut |me, t, env| me.view(t, span, env))
    }

    /// `f` of each element of a sequence (under the bindings of a comprehension), in order.
    pub(crate) fn each_element<X>(
        &mut self,
        l: &List,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &T, &mut Env) -> Result<X>,
    ) -> Result<Vec<X>> {
        let mut out = Vec::new();
        match l {
            List::Items(ts) => {
                for t in ts {
                    out.push(f(self, t, env)?);
                }
            }
            List::Compr(s) => {
                self.eval_binders(&s.binders, 0, s.guard.as_ref(), env, &mut |me, env| {
                    out.push(f(me, &s.body, env)?);
                    Ok(false)
                })?;
            }
        }
        Ok(out)
    }

    fn view(&mut self, t: &T, span: Span, env: &mut Env) -> Result<View> {
        let (lo, hi) = self.bounds(t, span, env)?;
        if hi.saturating_sub(lo) > MAX_VIEW {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                span,
                format!("an ordered element ranges over {} values", hi.saturating_sub(lo).saturating_add(1)),
                format!("at most {MAX_VIEW} values per element"),
            );
            return Err(self.bind_err(e, env));
        }
        let mut ge = Vec::with_capacity((hi - lo).max(0) as usize);
        if crate::linear::has_int(t) {
            for v in lo + 1..=hi {
                ge.push(self.cmp_bit(CmpOp::Ge, t, &T::Const(Val::Int(v)), span, env, Pol::Both)?);
            }
        }
        Ok(View { lo, hi, ge })
    }

    /// Bounds on a term's value (not always tight), from its integer variables' domains.
    pub(crate) fn bounds(&mut self, t: &T, span: Span, env: &mut Env) -> Result<(i64, i64)> {
        Ok(match t {
            T::Const(_) | T::Var(_) => match eval_term(t, env).map_err(|e| self.bind_err(e, env))? {
                Val::Int(v) => (v, v),
                Val::Sym(_) => {
                    let e = QpropError::new(
                        ErrorKind::Type,
                        span,
                        "a symbol in an ordered sequence",
                        "expected integer terms or [formula]s",
                    );
                    return Err(self.bind_err(e, env));
                }
            },
            T::Neg(a, _) => {
                let (lo, hi) = self.bounds(a, span, env)?;
                (hi.saturating_neg(), lo.saturating_neg())
            }
            T::Bin(b) => {
                let (x, y) = (self.bounds(&b.a, span, env)?, self.bounds(&b.b, span, env)?);
                match b.op {
                    Op::Add => (x.0.saturating_add(y.0), x.1.saturating_add(y.1)),
                    Op::Sub => (x.0.saturating_sub(y.1), x.1.saturating_sub(y.0)),
                    Op::Mul => {
                        let c = [
                            x.0.saturating_mul(y.0),
                            x.0.saturating_mul(y.1),
                            x.1.saturating_mul(y.0),
                            x.1.saturating_mul(y.1),
                        ];
                        (c.iter().copied().min().unwrap_or(0), c.iter().copied().max().unwrap_or(0))
                    }
                    Op::Div | Op::Mod => {
                        // Arithmetic the comparison itself refuses or evaluates: wide bounds.
                        let m = x.0.saturating_abs().max(x.1.saturating_abs()).max(y.1.saturating_abs());
                        (m.saturating_neg(), m)
                    }
                }
            }
            T::IntVar(pr, _, _) => match self.p.preds[*pr].kind {
                PredKind::Int(d) => {
                    let ints = self.p.domains[d].values.iter().filter_map(|v| match v {
                        Val::Int(x) => Some(*x),
                        Val::Sym(_) => None,
                    });
                    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                    for x in ints {
                        lo = lo.min(x);
                        hi = hi.max(x);
                    }
                    if lo > hi {
                        (0, 0)
                    } else {
                        (lo, hi)
                    }
                }
                _ => (0, 0),
            },
            T::Bool(..) => (0, 1),
            T::Sum(s) => {
                let (mut lo, mut hi) = (0i64, 0i64);
                self.eval_binders(&s.binders, 0, s.guard.as_ref(), env, &mut |me, env| {
                    let (a, b) = me.bounds(&s.body, span, env)?;
                    lo = lo.saturating_add(a);
                    hi = hi.saturating_add(b);
                    Ok(false)
                })?;
                (lo, hi)
            }
            T::MinMax(m) => {
                let mut all = Vec::new();
                for t in &m.items {
                    all.push(self.bounds(t, span, env)?);
                }
                if let Some(c) = &m.comp {
                    self.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                        all.push(me.bounds(&c.body, span, env)?);
                        Ok(false)
                    })?;
                }
                let pick = |f: fn(i64, i64) -> i64, xs: &mut dyn Iterator<Item = i64>| xs.reduce(f).unwrap_or(0);
                let (lo, hi): (Vec<i64>, Vec<i64>) = all.into_iter().unzip();
                let f: fn(i64, i64) -> i64 = if m.max { i64::max } else { i64::min };
                (pick(f, &mut lo.into_iter()), pick(f, &mut hi.into_iter()))
            }
            T::Count(c) => {
                let mut n = 0i64;
                self.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |_, _| {
                    n += 1;
                    Ok(false)
                })?;
                (0, n)
            }
        })
    }
}
