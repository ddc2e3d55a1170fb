//! Formulas and terms: names resolved to slots, parameters and symbols; predicate arguments
//! type-checked against the declared domains.

use crate::ast::{Binder, Formula, Term};
use crate::error::{ErrorKind, Result};
use crate::ops::Conn;
use crate::program::{AllDiff, BinTerm, Binders, Bound, Cmp, Count, DomId, MinMax, PredId, Quant, Sum, Val, F, T};
use crate::resolve::{err, Resolver};

impl Resolver {
    fn is_int(&self, n: &str) -> bool {
        self.preds.get(n).is_some_and(|&pi| matches!(self.p.preds[pi].kind, crate::program::PredKind::Int(_)))
    }

    pub(crate) fn binders(&mut self, bs: &[Binder]) -> Result<Binders> {
        let mut out = Vec::new();
        for b in bs {
            let dom = self.binder_dom(b)?;
            out.push(Bound { slot: self.bind(&b.name, dom), dom });
        }
        Ok(out)
    }

    pub fn formula(&mut self, f: &Formula) -> Result<F> {
        Ok(match f {
            Formula::Const(b, _) => F::Const(*b),
            Formula::Atom(n, args, s) => {
                let pi = self.pred(n, *s)?;
                if let crate::program::PredKind::Int(_) = self.p.preds[pi].kind {
                    return Err(err(
                        ErrorKind::Type,
                        *s,
                        format!("'{n}' is an integer variable, not a formula"),
                        format!("compare it: {n}(...) = value"),
                    ));
                }
                F::Atom(pi, self.arguments(pi, n, args, *s)?, *s)
            }
            Formula::Cmp(op, a, b, s) => {
                F::Cmp(Box::new(Cmp { op: *op, a: self.term(a)?, b: self.term(b)?, span: *s }))
            }
            Formula::Not(a, _) => F::Not(Box::new(self.formula(a)?)),
            Formula::Bin(op, a, b, _) => {
                let (a, b) = (Box::new(self.formula(a)?), Box::new(self.formula(b)?));
                match op {
                    Conn::And => F::And(a, b),
                    Conn::Or => F::Or(a, b),
                    Conn::Imp => F::Imp(a, b),
                    Conn::Iff => F::Iff(a, b),
                    Conn::Xor => F::Xor(a, b),
                }
            }
            Formula::Quant(all, bs, g, body, s) => {
                let depth = self.scope.len();
                let binders = self.binders(bs)?;
                let guard = match g {
                    Some(g) => Some(self.formula(g)?),
                    None => None,
                };
                let body = self.formula(body)?;
                self.scope.truncate(depth);
                F::Quant(Box::new(Quant { all: *all, binders, guard, body, span: *s }))
            }
            Formula::Count(kind, k, lit, bs, g, s) => {
                let bound = self.term(k)?;
                let depth = self.scope.len();
                let binders = self.binders(bs)?;
                let guard = match g {
                    Some(g) => Some(self.formula(g)?),
                    None => None,
                };
                let lit = self.formula(lit)?;
                self.scope.truncate(depth);
                F::Count(Box::new(Count { kind: *kind, bound, lit, binders, guard, span: *s }))
            }
            Formula::Parity(odd, lit, bs, g, s) => {
                let depth = self.scope.len();
                let binders = self.binders(bs)?;
                let guard = match g {
                    Some(g) => Some(self.formula(g)?),
                    None => None,
                };
                let lit = self.formula(lit)?;
                self.scope.truncate(depth);
                F::Parity(Box::new(crate::program::Parity { odd: *odd, lit, binders, guard, span: *s }))
            }
            Formula::AllDiff(except, body, bs, g, s) => {
                let except = match except {
                    Some(t) => Some(self.term(t)?),
                    None => None,
                };
                let comp = self.comprehension(body, bs, g.as_deref(), *s)?;
                F::AllDiff(Box::new(AllDiff {
                    body: comp.body,
                    binders: comp.binders,
                    guard: comp.guard,
                    except,
                    span: *s,
                }))
            }
            Formula::Connected(c) => self.connected(c)?,
            Formula::Regions(r) => self.regions(r)?,
            Formula::Order(kind, list, s) => {
                F::Order(Box::new(crate::program::Order { kind: *kind, list: self.list(list, *s)?, span: *s }))
            }
            Formula::Lex(strict, a, b, s) => {
                let (a, b) = (self.list(a, *s)?, self.list(b, *s)?);
                F::Lex(Box::new(crate::program::Lex { strict: *strict, a, b, span: *s }))
            }
            Formula::Runs(r) => self.runs(r)?,
            Formula::Global(g) => {
                let lists = g.lists.iter().map(|l| self.list(l, g.span)).collect::<Result<_>>()?;
                let bound = self.term(&g.bound)?;
                crate::global::check_bound(&self.p, &bound, g.bound.span(), g.global.name())?;
                F::Global(Box::new(crate::program::GlobalCall {
                    global: g.global,
                    lists,
                    op: g.op,
                    bound,
                    span: g.span,
                }))
            }
        })
    }

    /// A sequence of terms (`{ t : binders | guard }` or `[t1, ...]`) resolved.
    pub(crate) fn list(&mut self, l: &crate::ast::List, s: crate::error::Span) -> Result<crate::program::List> {
        use crate::program::List;
        Ok(match l {
            crate::ast::List::Items(ts) => List::Items(ts.iter().map(|t| self.term(t)).collect::<Result<_>>()?),
            crate::ast::List::Compr(body, bs, g) => {
                let (binders, guard, body) = self.scoped(bs, g.as_deref(), |me| me.term(body))?;
                List::Compr(Box::new(Sum { body, binders, guard, span: s }))
            }
        })
    }

    /// Binders, their guard and a body resolved in the binders' scope (left afterwards).
    pub(crate) fn scoped<B>(
        &mut self,
        bs: &[Binder],
        g: Option<&Formula>,
        body: impl FnOnce(&mut Self) -> Result<B>,
    ) -> Result<(Binders, Option<F>, B)> {
        let depth = self.scope.len();
        let binders = self.binders(bs)?;
        let guard = match g {
            Some(g) => Some(self.formula(g)?),
            None => None,
        };
        let body = body(self)?;
        self.scope.truncate(depth);
        Ok((binders, guard, body))
    }

    /// The arguments of `n(args)` (predicate or integer variable `pi`) resolved: the arity checked
    /// against the declaration, then each argument's type against its domain.
    fn arguments(&mut self, pi: PredId, n: &str, args: &[Term], s: crate::error::Span) -> Result<Vec<T>> {
        let want = self.p.preds[pi].args.len();
        if want != args.len() {
            return Err(err(
                ErrorKind::Arity,
                s,
                format!("'{n}' takes {want} argument(s), given {}", args.len()),
                format!("expected {want} argument(s)"),
            ));
        }
        let mut targs = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let t = self.term(a)?;
            self.type_check(&t, a, self.p.preds[pi].args[i], n, i)?;
            targs.push(t);
        }
        Ok(targs)
    }

    pub(crate) fn type_check(&self, t: &T, a: &Term, want: DomId, pred: &str, i: usize) -> Result<()> {
        let have = match t {
            T::Var(slot) => self.scope.iter().rev().find(|(_, s, _)| s == slot).map(|x| x.2),
            _ => None,
        };
        if let Some(mut d) = have {
            let orig = d;
            loop {
                if d == want {
                    return Ok(());
                }
                match self.p.domains[d].parent {
                    Some(p) => d = p,
                    None => break,
                }
            }
            if self.inline_subset(orig, want) {
                return Ok(());
            }
            let (dn, wn) = self.domain_names(orig, want);
            return Err(err(
                ErrorKind::Type,
                a.span(),
                format!("type mismatch: '{}' is a {dn}, argument {} of '{pred}' is a {wn}", term_name(a), i + 1),
                format!("expected a {wn}"),
            ));
        }
        if let T::Const(v) = t {
            let int_dom = self.p.domains[want].values.iter().all(|x| matches!(x, Val::Int(_)));
            if matches!(v, Val::Sym(_)) == int_dom {
                return Err(err(
                    ErrorKind::Type,
                    a.span(),
                    format!("type mismatch: argument {} of '{pred}' is a {}", i + 1, self.p.domains[want].name),
                    format!("expected a value of '{}'", self.p.domains[want].name),
                ));
            }
        }
        Ok(())
    }

    pub(crate) fn term(&mut self, t: &Term) -> Result<T> {
        Ok(match t {
            Term::Int(v, _) => T::Const(Val::Int(*v)),
            Term::Name(n, s) => {
                if let Some((_, slot, _)) = self.scope.iter().rev().find(|(m, _, _)| m == n) {
                    T::Var(*slot)
                } else if self.is_int(n) {
                    let pi = self.preds[n];
                    T::IntVar(pi, self.arguments(pi, n, &[], *s)?, *s)
                } else if let Some(v) = self.params.get(n) {
                    T::Const(*v)
                } else if let Some(&i) = self.syms.get(n) {
                    T::Const(Val::Sym(i))
                } else {
                    return Err(err(
                        ErrorKind::Unknown,
                        *s,
                        format!("unbound variable '{n}'"),
                        "not a quantified variable, a parameter or a symbol of a domain",
                    ));
                }
            }
            Term::Call(n, args, s) if self.is_int(n) => {
                let pi = self.preds[n];
                T::IntVar(pi, self.arguments(pi, n, args, *s)?, *s)
            }
            Term::Bool(f, s) => T::Bool(Box::new(self.formula(f)?), *s),
            Term::Sum(body, bs, g, s) => {
                let (binders, guard, body) = self.scoped(bs, g.as_deref(), |me| me.term(body))?;
                T::Sum(Box::new(Sum { body, binders, guard, span: *s }))
            }
            Term::Call(n, args, s) if (n == "min" || n == "max") && !self.preds.contains_key(n) => {
                let mut items = Vec::new();
                for a in args {
                    items.push(self.term(a)?);
                }
                T::MinMax(Box::new(MinMax { max: n == "max", items, comp: None, span: *s }))
            }
            Term::MinMax(max, body, bs, g, s) => {
                let comp = self.comprehension(body, bs, g.as_deref(), *s)?;
                T::MinMax(Box::new(MinMax { max: *max, items: Vec::new(), comp: Some(comp), span: *s }))
            }
            Term::Count(body, bs, g, s) => {
                let (binders, guard, body) = self.scoped(bs, g.as_deref(), |me| me.formula(body))?;
                T::Count(Box::new(crate::program::CountTerm { body, binders, guard, span: *s }))
            }
            Term::Call(n, _, s) => {
                return Err(err(
                    ErrorKind::Syntax,
                    *s,
                    format!("'{n}(...)' used as a number"),
                    "expected an integer term (predicates are formulas, not values)",
                ))
            }
            Term::Neg(a, s) => T::Neg(Box::new(self.term(a)?), *s),
            Term::Bin(op, a, b, s) => {
                T::Bin(Box::new(BinTerm { op: *op, a: self.term(a)?, b: self.term(b)?, span: *s }))
            }
        })
    }
}

impl Resolver {
    /// `{ body : binders | guard }` resolved (its binders scoped to it).
    fn comprehension(
        &mut self,
        body: &Term,
        bs: &[Binder],
        g: Option<&Formula>,
        span: crate::error::Span,
    ) -> Result<Sum> {
        let depth = self.scope.len();
        let binders = self.binders(bs)?;
        let guard = match g {
            Some(g) => Some(self.formula(g)?),
            None => None,
        };
        let body = self.term(body)?;
        self.scope.truncate(depth);
        Ok(Sum { body, binders, guard, span })
    }
}

fn term_name(t: &Term) -> String {
    match t {
        Term::Name(n, _) => n.clone(),
        _ => "term".into(),
    }
}
