//! The checker as it was before plans: every binding of every quantifier's full product of
//! domains, guards evaluated per binding. Kept (tests only) as the reference the planned checker
//! must agree with.

use std::collections::HashMap;

use super::Violation;
use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result};
use crate::program::{arith, Binders, Bound, Op, PredId, PredKind, Program, Val, F, T};
use crate::solution::{show, Solution};

/// Variable values by slot.
type Env = Vec<Option<Val>>;

struct Checker<'a> {
    p: &'a Program,
    s: &'a Solution,
    memo: HashMap<(PredId, Vec<Val>), bool>,
}

/// The naive check.
pub(super) fn check_naive(p: &Program, s: &Solution) -> Result<Vec<Violation>, QpropError> {
    let mut c = Checker { p, s, memo: HashMap::new() };
    let mut out = Vec::new();
    for st in &p.stmts {
        let mut env = vec![None; st.slots.len()];
        let found = match c.find(&st.f, &mut env) {
            Ok(found) => found,
            Err(e) if super::cannot_judge(&e) => return Err(p.err(e)),
            Err(e) => {
                out.push(Violation { error: p.err(e) });
                continue;
            }
        };
        if let Some(bind) = found {
            let e = QpropError::new(
                ErrorKind::Declaration,
                st.span,
                "the solution breaks this constraint",
                "does not hold",
            )
            .note(p.bindings(&st.slots, &bind));
            out.push(Violation { error: p.err(e) });
        }
    }
    Ok(out)
}

impl Checker<'_> {
    /// `Some(bindings)` when `f` is false, descending into `forall` and `and` to name the binding.
    fn find(&mut self, f: &F, env: &mut Vec<Option<Val>>) -> Result<Option<Vec<Option<Val>>>> {
        match f {
            F::And(a, b) => {
                if let Some(x) = self.find(a, env)? {
                    return Ok(Some(x));
                }
                self.find(b, env)
            }
            F::Quant(q) if q.all => {
                let mut out = None;
                self.binders(&q.binders, 0, q.guard.as_ref(), env, &mut |me, env| {
                    out = me.find(&q.body, env)?;
                    Ok(out.is_some())
                })?;
                Ok(out)
            }
            _ => Ok((!self.eval(f, env)?).then(|| env.clone())),
        }
    }

    fn binders(
        &mut self,
        b: &Binders,
        i: usize,
        g: Option<&F>,
        env: &mut Vec<Option<Val>>,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        if i == b.len() {
            if let Some(g) = g {
                if !self.eval(g, env)? {
                    return Ok(false);
                }
            }
            return f(self, env);
        }
        let Bound { slot, dom } = b[i];
        let mut stop = false;
        for &v in &self.p.domains[dom].values {
            env[slot] = Some(v);
            if self.binders(b, i + 1, g, env, f)? {
                stop = true;
                break;
            }
        }
        env[slot] = None;
        Ok(stop)
    }

    fn eval(&mut self, f: &F, env: &mut Vec<Option<Val>>) -> Result<bool> {
        Ok(match f {
            F::Const(b) => *b,
            F::Atom(pr, args, span) => {
                let mut t = Vec::with_capacity(args.len());
                for (a, &d) in args.iter().zip(&self.p.preds[*pr].args) {
                    let v = self.term(a, env)?;
                    if self.p.domains[d].pos(v).is_none() {
                        if super::reads_solution(a) {
                            return Ok(false);
                        }
                        return Err(QpropError::new(
                            ErrorKind::Domain,
                            *span,
                            format!("value {} outside domain '{}'", show(self.p, v), self.p.domains[d].name),
                            "while checking",
                        ));
                    }
                    t.push(v);
                }
                self.atom(*pr, t)?
            }
            F::Cmp(c) => c.op.holds(self.term(&c.a, env)?, self.term(&c.b, env)?).ok_or_else(|| {
                QpropError::new(ErrorKind::Type, c.span, "ordered comparison of symbols", "expected integers")
            })?,
            F::Not(a) => !self.eval(a, env)?,
            F::And(a, b) => self.eval(a, env)? && self.eval(b, env)?,
            F::Or(a, b) => self.eval(a, env)? || self.eval(b, env)?,
            F::Imp(a, b) => !self.eval(a, env)? || self.eval(b, env)?,
            F::Iff(a, b) => self.eval(a, env)? == self.eval(b, env)?,
            F::Xor(a, b) => self.eval(a, env)? != self.eval(b, env)?,
            F::Quant(q) => {
                let all = q.all;
                let mut decided = false;
                self.binders(&q.binders, 0, q.guard.as_ref(), env, &mut |me, env| {
                    decided = me.eval(&q.body, env)? != all;
                    Ok(decided)
                })?;
                all != decided
            }
            F::Parity(c) => {
                let mut odd = false;
                self.binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                    odd ^= me.eval(&c.lit, env)?;
                    Ok(false)
                })?;
                odd == c.odd
            }
            F::Count(c) => {
                let mut n: i64 = 0;
                self.binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                    if me.eval(&c.lit, env)? {
                        n += 1;
                    }
                    Ok(false)
                })?;
                let Val::Int(k) = self.term(&c.bound, env)? else { return Ok(false) };
                match c.kind {
                    CountKind::Exactly => n == k,
                    CountKind::AtMost => n <= k,
                    CountKind::AtLeast => n >= k,
                }
            }
            F::AllDiff(a) => {
                let except = match &a.except {
                    Some(t) => Some(self.term(t, env)?),
                    None => None,
                };
                let mut vals = Vec::new();
                self.binders(&a.binders, 0, a.guard.as_ref(), env, &mut |me, env| {
                    vals.push(me.term(&a.body, env)?);
                    Ok(false)
                })?;
                let vals: Vec<Val> = vals.into_iter().filter(|v| Some(*v) != except).collect();
                (0..vals.len()).all(|i| (i + 1..vals.len()).all(|j| vals[i] != vals[j]))
            }
            F::Connected(c) => {
                // Every pair of bindings asked; the graph judged by the checker's search.
                let (mut tuples, mut on) = (Vec::new(), Vec::new());
                self.binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                    tuples.push(c.binders.iter().map(|b| env[b.slot].unwrap_or(Val::Int(0))).collect::<Vec<_>>());
                    on.push(me.eval(&c.lit, env)?);
                    Ok(false)
                })?;
                let edges = self.adjacent_pairs(c.adj, &tuples)?;
                let solved = matches!(self.p.preds[c.adj].kind, PredKind::Var);
                super::connect::judge(&on, &edges, c.circuit, solved)
            }
            F::Regions(r) => {
                // Every pair of bindings asked; the groups judged by the checker's search.
                let (mut tuples, mut numbers) = (Vec::new(), Vec::new());
                self.binders(&r.binders, 0, r.guard.as_ref(), env, &mut |me, env| {
                    tuples.push(r.binders.iter().map(|b| env[b.slot].unwrap_or(Val::Int(0))).collect::<Vec<_>>());
                    numbers.push(me.term(&r.size, env)?);
                    Ok(false)
                })?;
                let edges = self.adjacent_pairs(r.adj, &tuples)?;
                super::connect::judge_regions(&numbers, &edges)
            }
            F::Order(o) => {
                use crate::ast::OrderKind;
                let v = self.list(&o.list, env)?;
                v.windows(2).all(|w| match o.kind {
                    OrderKind::Increasing => w[0] <= w[1],
                    OrderKind::Decreasing => w[0] >= w[1],
                    OrderKind::StrictlyIncreasing => w[0] < w[1],
                    OrderKind::StrictlyDecreasing => w[0] > w[1],
                })
            }
            F::Lex(l) => {
                let (a, b) = (self.list(&l.a, env)?, self.list(&l.b, env)?);
                if l.strict {
                    a < b
                } else {
                    a <= b
                }
            }
            F::Global(c) => {
                let lists = c.lists.iter().map(|l| self.list(l, env)).collect::<Result<Vec<_>>>()?;
                let bound = self.term(&c.bound, env)?;
                crate::global::holds(c, &lists, bound)?
            }
            F::Runs(r) => {
                let mut cells = Vec::new();
                self.binders(&r.binders, 0, r.guard.as_ref(), env, &mut |me, env| {
                    cells.push(me.eval(&r.lit, env)?);
                    Ok(false)
                })?;
                let lens = self.list(&r.lens, env)?;
                super::runs::judge(&cells, &lens, r.span)?
            }
        })
    }

    /// A sequence's values, in order (symbols compare as they are ordered in `Val`).
    fn list(&mut self, l: &crate::program::List, env: &mut Env) -> Result<Vec<Val>> {
        let mut out = Vec::new();
        match l {
            crate::program::List::Items(ts) => {
                for t in ts {
                    out.push(self.term(t, env)?);
                }
            }
            crate::program::List::Compr(s) => {
                self.binders(&s.binders, 0, s.guard.as_ref(), env, &mut |me, env| {
                    out.push(me.term(&s.body, env)?);
                    Ok(false)
                })?;
            }
        }
        Ok(out)
    }

    /// Evaluates a term on the solution: integer variables take their values, sums are summed.
    /// The pairs `(i, j)`, `i < j`, of `tuples` that `adj` joins either way (every pair asked).
    fn adjacent_pairs(&mut self, adj: PredId, tuples: &[Vec<Val>]) -> Result<Vec<(usize, usize)>> {
        let mut edges = Vec::new();
        for i in 0..tuples.len() {
            for j in i + 1..tuples.len() {
                let ab: Vec<Val> = tuples[i].iter().chain(&tuples[j]).copied().collect();
                let ba: Vec<Val> = tuples[j].iter().chain(&tuples[i]).copied().collect();
                if self.atom(adj, ab)? || self.atom(adj, ba)? {
                    edges.push((i, j));
                }
            }
        }
        Ok(edges)
    }

    fn term(&mut self, t: &T, env: &mut Env) -> Result<Val> {
        match t {
            T::Const(v) => Ok(*v),
            T::Var(s) => env.get(s.index()).copied().flatten().ok_or_else(|| {
                QpropError::nowhere(ErrorKind::Internal, "internal: unbound variable slot while checking")
            }),
            T::Neg(a, s) => {
                let x = self.term(a, env)?;
                arith(Op::Sub, Val::Int(0), x, *s)
            }
            T::Bin(b) => {
                let (x, y) = (self.term(&b.a, env)?, self.term(&b.b, env)?);
                arith(b.op, x, y, b.span)
            }
            T::IntVar(pr, args, s) => {
                let mut tuple = Vec::with_capacity(args.len());
                for a in args {
                    tuple.push(self.term(a, env)?);
                }
                match self.s.int_value(*pr, &tuple) {
                    Some(v) => Ok(v),
                    None => Err(QpropError::new(
                        ErrorKind::Domain,
                        *s,
                        format!("the solution gives no value to {}", self.p.atom_name(*pr, &tuple)),
                        "every integer variable the constraints use needs a value",
                    )),
                }
            }
            T::Bool(f, _) => Ok(Val::Int(i64::from(self.eval(f, env)?))),
            T::MinMax(m) => {
                let mut vals = Vec::new();
                for t in &m.items {
                    vals.push(self.term(t, env)?);
                }
                if let Some(c) = &m.comp {
                    self.binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                        vals.push(me.term(&c.body, env)?);
                        Ok(false)
                    })?;
                }
                let ints: Vec<i64> =
                    vals.iter().filter_map(|v| if let Val::Int(x) = v { Some(*x) } else { None }).collect();
                let best = if m.max { ints.iter().max() } else { ints.iter().min() };
                match best {
                    Some(b) if ints.len() == vals.len() => Ok(Val::Int(*b)),
                    _ => Err(QpropError::new(ErrorKind::Domain, m.span, "min/max of no value", "expected integers")),
                }
            }
            T::Count(c) => {
                let mut n: i64 = 0;
                self.binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                    if me.eval(&c.body, env)? {
                        n += 1;
                    }
                    Ok(false)
                })?;
                Ok(Val::Int(n))
            }
            T::Sum(sum) => {
                let mut acc = Val::Int(0);
                let mut err = None;
                self.binders(&sum.binders, 0, sum.guard.as_ref(), env, &mut |me, env| {
                    match me.term(&sum.body, env).and_then(|x| arith(Op::Add, acc, x, sum.span)) {
                        Ok(v) => acc = v,
                        Err(e) => err = Some(e),
                    }
                    Ok(err.is_some())
                })?;
                match err {
                    Some(e) => Err(e),
                    None => Ok(acc),
                }
            }
        }
    }

    fn atom(&mut self, pr: PredId, t: Vec<Val>) -> Result<bool> {
        match &self.p.preds[pr].kind {
            PredKind::Var => Ok(self.s.holds(pr, &t)),
            PredKind::Int(_) => Ok(false),
            PredKind::Input(facts) => Ok(facts.contains(&t)),
            PredKind::Def(def) => {
                if let Some(&v) = self.memo.get(&(pr, t.clone())) {
                    return Ok(v);
                }
                if self.memo.len() > 50_000_000 {
                    return Err(QpropError::nowhere(ErrorKind::TooLarge, "checker: too many definition values"));
                }
                self.memo.insert((pr, t.clone()), false);
                let mut env = vec![None; def.slots.len()];
                for (s, v) in def.params.iter().zip(&t) {
                    env[*s] = Some(*v);
                }
                match self.eval(&def.body, &mut env) {
                    Ok(v) => {
                        self.memo.insert((pr, t), v);
                        Ok(v)
                    }
                    Err(e) => {
                        self.memo.remove(&(pr, t));
                        Err(e)
                    }
                }
            }
        }
    }
}
