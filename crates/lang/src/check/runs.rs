//! The checker's `runs { ... } = lengths`: the cells (bindings that pass the guard, in binder
//! order) are evaluated on the solution, their maximal runs of true cells measured by a plain
//! scan, and the lengths compared with the list (zeros dropped: a run of length 0 is no run).
//! Nothing here is shared with the grounder's automaton (regular.rs) or its line solver.
//!
//! The common shape, a line `runs { p(.., x, ..) : x } = { l : k, l | q(.., k, l) }` (a nonogram's
//! rows and columns), is read without the binding planner: the cells straight from the solution's
//! table of `p` (or its set of true atoms), the lengths from the facts of `q` grouped once per
//! check call by their other arguments and ordered as the binders would visit them. Any other
//! shape, and any line whose evaluation would raise an error (a value outside a domain, a symbol
//! as a length), goes the generic way, which reports it. Tests hold both ways to the naive
//! checker and to brute force (tests.rs).

use std::rc::Rc;

use super::plan::Body;
use super::{Checker, Env, SMALL_ARITY};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::program::{Bound, Domain, List, PredId, PredKind, Program, Runs, Val, F, T};

/// How a `runs` statement is evaluated, decided on its first evaluation in a check call.
pub(super) enum Shape<'a> {
    /// Through the binding planner.
    Generic,
    /// The fast path.
    Line(Line<'a>),
}

/// A line's cells: `pred` with the line's binder at argument `at` and the other arguments terms
/// of the enclosing scope; the binder's values in its domain's order.
pub(super) struct Line<'a> {
    pred: PredId,
    args: &'a [T],
    at: usize,
    /// The binder's values' positions in the domain of argument `at`, in the binder's order.
    pos: Vec<u32>,
    lens: Lens<'a>,
}

/// Where a line's lengths come from.
enum Lens<'a> {
    /// Anything but the facts' shape: the generic evaluation of the list (no planner for a
    /// written list).
    List(&'a List),
    /// `{ b_j : b_1, ..., b_m | q(args) }` with every binder once as an argument of input
    /// predicate `q`: the facts grouped by their other arguments.
    Facts(Facts<'a>),
}

/// The facts of an input predicate grouped for a comprehension over them.
struct Facts<'a> {
    pred: PredId,
    /// The arguments of the atom; those that are not binders are terms of the enclosing scope.
    args: &'a [T],
    /// Which arguments are the comprehension's binders.
    bound: Vec<bool>,
    /// By the positions of the other arguments' values in their domains (the first argument
    /// slowest): the body's values, in the order the binders would visit them (`None` for a
    /// symbol or a negative number among them: the generic way reports it).
    groups: Vec<Option<Vec<i64>>>,
}

impl<'a> Checker<'a, '_> {
    /// Whether `r` holds on the solution under `env`.
    pub(super) fn runs_hold(&mut self, r: &'a Runs, env: &mut Env) -> Result<bool> {
        if self.fast_runs {
            let key = r as *const Runs as usize;
            let shape = match self.runs_shapes.get(&key) {
                Some(s) => s.clone(),
                None => {
                    let s = Rc::new(shape(self.p, r));
                    self.runs_shapes.insert(key, s.clone());
                    s
                }
            };
            if let Shape::Line(line) = &*shape {
                if let Some(holds) = self.line_holds(line, r.span, env)? {
                    return Ok(holds);
                }
            }
        }
        self.runs_generic(r, env)
    }

    /// `runs_hold` through the binding planner and the generic evaluation of the lengths.
    fn runs_generic(&mut self, r: &'a Runs, env: &mut Env) -> Result<bool> {
        let plan = self.plan(&r.binders, r.guard.as_ref(), Body::Sum);
        let mut cells = Vec::new();
        self.bindings(&plan, env, &mut |me, env| {
            cells.push(me.eval(&r.lit, env)?);
            Ok(false)
        })?;
        let lens: Vec<Val> = self.values(&r.lens, r.span, env)?.into_iter().map(Val::Int).collect();
        judge(&cells, &lens, r.span)
    }

    /// The fast path; `None` when the line must go the generic way (an argument that cannot be
    /// evaluated or lies outside its domain, a length that is not an integer >= 0).
    fn line_holds(&mut self, line: &Line<'a>, span: Span, env: &mut Env) -> Result<Option<bool>> {
        let p = self.p;
        let Some(pred) = p.preds.get(line.pred.index()) else { return Ok(None) };
        // The atom's arguments, the line's at its domain's first value: a table position and the
        // step of the line's argument, or a tuple for the set.
        let mut small = [Val::Int(0); SMALL_ARITY];
        let Some(tuple) = small.get_mut(..line.args.len()) else { return Ok(None) };
        let arg_dom = &p.domains[pred.args[line.at]];
        for (i, ((a, &d), out)) in line.args.iter().zip(&pred.args).zip(tuple.iter_mut()).enumerate() {
            *out = match (i == line.at, arg_dom.values.first()) {
                (true, Some(&first)) => first,
                (true, None) => Val::Int(0),
                (false, _) => match fixed(a, env) {
                    Some(v) if p.domains[d].pos(v).is_some() => v,
                    _ => return Ok(None),
                },
            };
        }
        let listed;
        let lens: &[i64] = match &line.lens {
            Lens::List(l) => {
                // An error here is the generic way's too: it evaluates the list the same way.
                listed = self.values(l, span, env)?;
                if listed.iter().any(|&x| x < 0) {
                    return Ok(None);
                }
                &listed
            }
            Lens::Facts(f) => match f.group(p, env) {
                Some(g) => g,
                None => return Ok(None),
            },
        };
        let atoms = self.atoms.get(line.pred.index()).copied().flatten();
        let table = self.var_dense(line.pred).and_then(|d| d.line(p, pred, tuple, line.at));
        let mut want = lens.iter().copied().filter(|&x| x > 0);
        let mut run = 0i64;
        for &at in &line.pos {
            let black = match (&table, atoms) {
                (Some((t, base, step)), _) => t.get(base + at as usize * step).copied().unwrap_or(false),
                (None, Some(set)) => {
                    tuple[line.at] = arg_dom.values[at as usize];
                    set.contains(&tuple[..])
                }
                (None, None) => false,
            };
            if black {
                run += 1;
            } else if run > 0 {
                if want.next() != Some(run) {
                    return Ok(Some(false));
                }
                run = 0;
            }
        }
        if run > 0 && want.next() != Some(run) {
            return Ok(Some(false));
        }
        Ok(Some(want.next().is_none()))
    }
}

impl Facts<'_> {
    /// The lengths of the group the enclosing scope's values select; `None` when the line must
    /// go the generic way (a value outside its domain, a length that is not an integer >= 0).
    fn group(&self, p: &Program, env: &Env) -> Option<&[i64]> {
        let q = p.preds.get(self.pred.index())?;
        let mut key = 0usize;
        for ((a, &d), &b) in self.args.iter().zip(&q.args).zip(&self.bound) {
            if !b {
                let dom = &p.domains[d];
                key = key * dom.len() + dom.pos(fixed(a, env)?)? as usize;
            }
        }
        self.groups.get(key)?.as_deref()
    }
}

/// The value of a term of the enclosing scope: a constant or a bound variable (`None` for any
/// other term: the generic way evaluates it).
fn fixed(t: &T, env: &Env) -> Option<Val> {
    match t {
        T::Const(v) => Some(*v),
        T::Var(s) => env.get(s.index()).copied().flatten(),
        _ => None,
    }
}

/// The fast path's reading of `r`, or `Generic`.
pub(super) fn shape<'a>(p: &Program, r: &'a Runs) -> Shape<'a> {
    let ([b], None, F::Atom(pr, args, _)) = (r.binders.as_slice(), &r.guard, &r.lit) else { return Shape::Generic };
    let Some(pred) = p.preds.get(pr.index()) else { return Shape::Generic };
    if !matches!(pred.kind, PredKind::Var) || args.len() != pred.args.len() {
        return Shape::Generic;
    }
    let mut at = None;
    for (i, a) in args.iter().enumerate() {
        match a {
            T::Var(s) if *s == b.slot => {
                if at.replace(i).is_some() {
                    return Shape::Generic;
                }
            }
            T::Const(_) | T::Var(_) => {}
            _ => return Shape::Generic,
        }
    }
    let Some(at) = at else { return Shape::Generic };
    // The binder's values must lie in the argument's domain (else the generic way reports it).
    let arg_dom = &p.domains[pred.args[at]];
    let Some(pos) = p.domains[b.dom].values.iter().map(|&v| arg_dom.pos(v)).collect::<Option<Vec<u32>>>() else {
        return Shape::Generic;
    };
    let lens = match &r.lens {
        List::Compr(s) => match facts(p, &s.binders, s.guard.as_ref(), &s.body) {
            Some(f) => Lens::Facts(f),
            None => Lens::List(&r.lens),
        },
        List::Items(_) => Lens::List(&r.lens),
    };
    Shape::Line(Line { pred: *pr, args, at, pos, lens })
}

/// `{ body : binders | q(args) }` as facts grouped by the arguments that are not binders, when
/// every binder is one argument of input predicate `q` (no other term) and the body is one of
/// them; `None` otherwise.
fn facts<'a>(p: &Program, binders: &[Bound], guard: Option<&'a F>, body: &T) -> Option<Facts<'a>> {
    let Some(F::Atom(pr, args, _)) = guard else { return None };
    let PredKind::Input(all) = &p.preds.get(pr.index())?.kind else { return None };
    let T::Var(out) = body else { return None };
    // For each binder, its argument; for each argument, whether it is a binder.
    let mut at: Vec<Option<usize>> = vec![None; binders.len()];
    let mut bound = vec![false; args.len()];
    for (i, a) in args.iter().enumerate() {
        match a {
            T::Var(s) => {
                if let Some(j) = binders.iter().position(|b| b.slot == *s) {
                    if at[j].replace(i).is_some() {
                        return None;
                    }
                    bound[i] = true;
                }
            }
            T::Const(_) => {}
            _ => return None,
        }
    }
    let at: Vec<usize> = at.into_iter().collect::<Option<_>>()?;
    let out = at[binders.iter().position(|b| b.slot == *out)?];
    let doms: Vec<&Domain> = binders.iter().map(|b| &p.domains[b.dom]).collect();
    // The binders' order as one number: the first binder slowest, each in its domain's order.
    let radix: Vec<u64> = doms.iter().map(|d| d.len() as u64).collect();
    radix.iter().try_fold(1u64, |n, &r| n.checked_mul(r.max(1)))?;
    // The groups by the other arguments' positions: a table no larger than a few per fact.
    let pred = p.preds.get(pr.index())?;
    let keys = pred
        .args
        .iter()
        .zip(&bound)
        .filter(|(_, &b)| !b)
        .try_fold(1usize, |n, (&d, _)| n.checked_mul(p.domains[d].len()))?;
    if keys > 4 * all.len() + 64 {
        return None;
    }
    let mut rows: Vec<Vec<(u64, Val)>> = vec![Vec::new(); keys];
    'fact: for t in all {
        if t.len() != args.len() {
            continue;
        }
        let mut order = 0u64;
        for ((&i, d), &r) in at.iter().zip(&doms).zip(&radix) {
            // A value outside a binder's domain is never bound.
            let Some(k) = d.pos(t[i]) else { continue 'fact };
            order = order * r + u64::from(k);
        }
        let mut key = 0usize;
        for ((v, &d), _) in t.iter().zip(&pred.args).zip(&bound).filter(|(_, &b)| !b) {
            let dom = &p.domains[d];
            key = key * dom.len() + dom.pos(*v)? as usize;
        }
        rows.get_mut(key)?.push((order, t[out]));
    }
    let groups = rows
        .into_iter()
        .map(|mut g| {
            g.sort_unstable_by_key(|&(o, _)| o);
            g.iter()
                .map(|&(_, v)| match v {
                    Val::Int(x) if x >= 0 => Some(x),
                    _ => None,
                })
                .collect()
        })
        .collect();
    Some(Facts { pred: *pr, args, bound, groups })
}

/// Whether the maximal runs of true cells have the lengths `lens` (zeros dropped), in order; a
/// symbol or a negative length cannot be judged.
pub(super) fn judge(cells: &[bool], lens: &[Val], span: Span) -> Result<bool> {
    let mut want = Vec::with_capacity(lens.len());
    for v in lens {
        match *v {
            Val::Int(0) => {}
            Val::Int(x) if x > 0 => want.push(x),
            _ => {
                let found = match v {
                    Val::Int(x) => format!("run length {x}"),
                    Val::Sym(_) => "a symbol as a run length".to_string(),
                };
                return Err(QpropError::new(
                    ErrorKind::Type,
                    span,
                    found,
                    "expected run lengths that are integers >= 0",
                ));
            }
        }
    }
    let mut have = Vec::new();
    let mut len = 0i64;
    for &c in cells.iter().chain([false].iter()) {
        if c {
            len += 1;
        } else if len > 0 {
            have.push(len);
            len = 0;
        }
    }
    Ok(have == want)
}
