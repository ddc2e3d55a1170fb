//! The checker's own evaluation of count terms, order constraints and global constraints: the
//! sequences' values computed on the solution and compared directly (no encoding is consulted).

use std::ops::ControlFlow;
use std::rc::Rc;

use super::plan::Body;
use super::{defined, Checker, Env};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::program::{Binders, GlobalCall, Lex, List, Order, PredKind, Slot, Val, F};
use crate::walk::Leaf;

/// At most this many values are remembered per count over data (memory); the others are
/// counted again when asked.
const COUNTS_KEPT: usize = 1_000_000;

impl<'a> Checker<'a, '_> {
    /// How many bindings of `binders` (with `guard`) make `f` true. A count that reads data
    /// only (input facts, definitions, the variables around it) is evaluated once per value of
    /// the variables it reads and remembered: a guard such as ripple effect's
    /// `v <= count { room(r2, c2, m) : r2 in R, c2 in C }` is asked at every binding of the
    /// statement around it, with a few values of `m`.
    pub(super) fn count_true(
        &mut self,
        binders: &'a Binders,
        guard: Option<&'a F>,
        f: &'a F,
        env: &mut Env,
    ) -> Result<i64> {
        let Some(reads) = self.count_reads(binders, guard, f) else {
            return self.count_live(binders, guard, f, env);
        };
        let key = binders as *const Binders as usize;
        // Read before the count binds anything: a variable bound inside is unbound here, the
        // same at every call.
        let at: Vec<Option<Val>> = reads.iter().map(|s| env.get(s.index()).copied().flatten()).collect();
        if let Some(&n) = self.data_counts.get(&key).and_then(|m| m.get(&at)) {
            return Ok(n);
        }
        let n = self.count_live(binders, guard, f, env)?;
        let known = self.data_counts.entry(key).or_default();
        if known.len() < COUNTS_KEPT {
            known.insert(at, n);
        }
        Ok(n)
    }

    /// The variables a count reads (each once, its own binders left out) when it reads data
    /// only; `None` when it reads a solved-for atom or an integer variable. Found once per count.
    fn count_reads(&mut self, binders: &'a Binders, guard: Option<&'a F>, f: &'a F) -> Option<Rc<[Slot]>> {
        let key = binders as *const Binders as usize;
        if let Some(found) = self.count_reads.get(&key) {
            return found.clone();
        }
        let p = self.p;
        let mut slots: Vec<Slot> = Vec::new();
        let mut leaf = |l: Leaf| match l {
            Leaf::Slot(s) => {
                if !slots.contains(&s) && !binders.iter().any(|b| b.slot == s) {
                    slots.push(s);
                }
                ControlFlow::Continue(())
            }
            Leaf::Pred(pr) => match p.preds.get(pr.index()).map(|d| &d.kind) {
                Some(PredKind::Input(_) | PredKind::Def(_)) => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            },
        };
        let solved = crate::walk::formula(f, &mut leaf).is_break()
            || guard.is_some_and(|g| crate::walk::formula(g, &mut leaf).is_break());
        let found = (!solved).then(|| Rc::from(slots));
        self.count_reads.insert(key, found.clone());
        found
    }

    /// [`Self::count_true`] evaluated.
    fn count_live(&mut self, binders: &'a Binders, guard: Option<&'a F>, f: &'a F, env: &mut Env) -> Result<i64> {
        let plan = self.plan(binders, guard, Body::Count(f));
        let mut n: i64 = 0;
        self.bindings(&plan, env, &mut |me, env| {
            if me.rest(&plan.rest, env)? {
                n += 1;
            }
            Ok(false)
        })?;
        Ok(n)
    }

    /// The values of a sequence, in order, each read by `read` as it is computed.
    fn sequence<X>(&mut self, l: &'a List, env: &mut Env, read: impl Fn(Val) -> Result<X>) -> Result<Vec<X>> {
        let mut vals = Vec::new();
        match l {
            List::Items(ts) => {
                for t in ts {
                    let v = self.term(t, env)?;
                    vals.push(read(v)?);
                }
            }
            List::Compr(s) => {
                let plan = self.plan(&s.binders, s.guard.as_ref(), Body::Sum);
                let mut err = None;
                self.bindings(&plan, env, &mut |me, env| {
                    match me.term(&s.body, env).and_then(&read) {
                        Ok(v) => vals.push(v),
                        Err(e) => err = Some(e),
                    }
                    Ok(err.is_some())
                })?;
                if let Some(e) = err {
                    return Err(e);
                }
            }
        }
        Ok(vals)
    }

    /// The integer values of a sequence, in order.
    pub(super) fn values(&mut self, l: &'a List, span: Span, env: &mut Env) -> Result<Vec<i64>> {
        self.sequence(l, env, |v| match v {
            Val::Int(x) => Ok(x),
            Val::Sym(_) => {
                Err(QpropError::new(ErrorKind::Type, span, "a symbol in an ordered sequence", "expected integers"))
            }
        })
    }

    /// Whether a global constraint holds: its sequences' values and the compared term's value
    /// handed to the global. An undefined element or term makes it false as written.
    pub(super) fn global_holds(&mut self, c: &'a GlobalCall, env: &mut Env) -> Result<bool> {
        let mut lists = Vec::with_capacity(c.lists.len());
        for l in &c.lists {
            let Some(vals) = defined(self.sequence(l, env, Ok))? else { return Ok(false) };
            lists.push(vals);
        }
        let Some(bound) = defined(self.term(&c.bound, env))? else { return Ok(false) };
        crate::global::holds(c, &lists, bound)
    }

    /// Whether the sequence follows its order.
    pub(super) fn order_holds(&mut self, o: &'a Order, env: &mut Env) -> Result<bool> {
        use crate::ast::OrderKind;
        let v = self.values(&o.list, o.span, env)?;
        Ok(v.windows(2).all(|w| match o.kind {
            OrderKind::Increasing => w[0] <= w[1],
            OrderKind::Decreasing => w[0] >= w[1],
            OrderKind::StrictlyIncreasing => w[0] < w[1],
            OrderKind::StrictlyDecreasing => w[0] > w[1],
        }))
    }

    /// Whether the first sequence comes before the second (a proper prefix comes first).
    pub(super) fn lex_holds(&mut self, l: &'a Lex, env: &mut Env) -> Result<bool> {
        let a = self.values(&l.a, l.span, env)?;
        let b = self.values(&l.b, l.span, env)?;
        Ok(if l.strict { a < b } else { a <= b })
    }
}
