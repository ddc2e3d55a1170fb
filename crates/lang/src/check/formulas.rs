//! The checker's own evaluation of count terms, order constraints and global constraints: the
//! sequences' values computed on the solution and compared directly (no encoding is consulted).

use std::ops::ControlFlow;
use std::rc::Rc;

use super::plan::Body;
use super::{defined, Checker, Env};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::mix::MixMap;
use crate::program::{Binders, GlobalCall, Lex, List, Order, PredId, PredKind, Program, Slot, Val, F};
use crate::walk::Leaf;

/// At most this many count values are remembered by one checker, a session's included (memory);
/// the others are counted again when asked.
const COUNTS_KEPT: usize = 4_000_000;

/// A count over data, as the checker remembers it (`Checker::data_counts`).
#[derive(Default)]
pub(super) struct DataCount {
    /// The variables it reads (its own binders left out), each once; `None`: it reads the
    /// solution.
    reads: Option<Rc<[Slot]>>,
    /// Its values by the values of `reads`.
    values: MixMap<Vec<Option<Val>>, i64>,
}

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
        let key = binders as *const Binders as usize;
        let p = self.p;
        let known = self
            .data_counts
            .entry(key)
            .or_insert_with(|| DataCount { reads: data_reads(p, binders, guard, f), values: MixMap::default() });
        let Some(reads) = known.reads.clone() else {
            return self.count_live(binders, guard, f, env);
        };
        // Read before the count binds anything: a variable bound inside is unbound here, the
        // same at every call.
        let mut at = std::mem::take(&mut self.count_key);
        at.clear();
        at.extend(reads.iter().map(|s| env.get(s.index()).copied().flatten()));
        if let Some(&n) = known.values.get(at.as_slice()) {
            self.count_key = at;
            return Ok(n);
        }
        let n = self.count_live(binders, guard, f, env);
        if let (Ok(n), true) = (&n, self.counts_kept < COUNTS_KEPT) {
            if let Some(known) = self.data_counts.get_mut(&key) {
                known.values.insert(at.clone(), *n);
                self.counts_kept += 1;
            }
        }
        self.count_key = at;
        n
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

/// The variables a count reads (each once, its own binders left out) when it reads data only:
/// input facts, and definitions whose bodies do, read through; `None` when it reads a
/// solved-for atom or an integer variable.
fn data_reads(p: &Program, binders: &Binders, guard: Option<&F>, f: &F) -> Option<Rc<[Slot]>> {
    let mut slots: Vec<Slot> = Vec::new();
    let mut seen: Vec<PredId> = Vec::new();
    let mut defs: Vec<PredId> = Vec::new();
    let mut leaf = |l: Leaf, defs: &mut Vec<PredId>, outer: bool| match l {
        Leaf::Slot(s) => {
            if outer && !slots.contains(&s) && !binders.iter().any(|b| b.slot == s) {
                slots.push(s);
            }
            ControlFlow::Continue(())
        }
        Leaf::Pred(pr) => match p.preds.get(pr.index()).map(|d| &d.kind) {
            Some(PredKind::Input(_)) => ControlFlow::Continue(()),
            Some(PredKind::Def(_)) => {
                defs.push(pr);
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Break(()),
        },
    };
    let reads_solution = crate::walk::formula(f, &mut |l| leaf(l, &mut defs, true)).is_break()
        || guard.is_some_and(|g| crate::walk::formula(g, &mut |l| leaf(l, &mut defs, true)).is_break());
    if reads_solution {
        return None;
    }
    // The language refuses a definition that reads the solution; read through all the same, so
    // that a count never remembers what a solution decides.
    while let Some(d) = defs.pop() {
        if seen.contains(&d) {
            continue;
        }
        seen.push(d);
        let Some(PredKind::Def(def)) = p.preds.get(d.index()).map(|x| &x.kind) else { continue };
        let mut inner = Vec::new();
        if crate::walk::formula(&def.body, &mut |l| leaf(l, &mut inner, false)).is_break() {
            return None;
        }
        defs.extend(inner);
    }
    Some(Rc::from(slots))
}
