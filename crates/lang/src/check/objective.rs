//! The checker's side of issue 26: the value of every objective level, evaluated on a solution
//! (its own evaluation of the terms and formulas; nothing of the grounder's linear forms).

use super::plan::Body;
use super::{Checker, Env};
use crate::error::Result;
use crate::error::{ErrorKind, QpropError};
use crate::objective::{levels, Goal, GoalKind};
use crate::program::F;
use crate::program::{Program, Val};
use crate::solution::Solution;

/// The value of every objective level on `s`, in lexicographic order: the value of a `minimize`
/// or `maximize` term, and the total weight of the broken soft constraints. An error: a term that
/// cannot be evaluated on the solution (an integer without a value, a symbol where a number is
/// expected).
pub fn objective_values(p: &Program, s: &Solution) -> Result<Vec<i64>, QpropError> {
    let mut c = Checker::new(p, s, None);
    let mut out = Vec::new();
    for level in levels(p) {
        let mut total = 0i64;
        for g in level {
            let mut env: Env = vec![None; g.slots.len()];
            let add = match (&g.kind, &g.comp) {
                (GoalKind::Soft(f), Some((binders, guard))) => {
                    let plan = c.plan(binders, guard.as_ref(), Body::Sum);
                    let mut sum = 0i64;
                    let mut err = None;
                    c.bindings(&plan, &mut env, &mut |me, env| {
                        match me.broken_weight(g, f, env) {
                            Ok(w) => sum = sum.saturating_add(w),
                            Err(e) => err = Some(e),
                        }
                        Ok(err.is_some())
                    })
                    .map_err(|e| p.err(e))?;
                    if let Some(e) = err {
                        return Err(p.err(e));
                    }
                    sum
                }
                (GoalKind::Soft(f), None) => c.broken_weight(g, f, &mut env).map_err(|e| p.err(e))?,
                _ => c.int(g, &mut env).map_err(|e| p.err(e))?,
            };
            total = total.checked_add(add).ok_or_else(|| {
                p.err(QpropError::new(ErrorKind::Arithmetic, g.span, "integer overflow", "the objective's value"))
            })?;
        }
        out.push(total);
    }
    Ok(out)
}

impl<'a> Checker<'a, '_> {
    /// The value of a goal's term (an integer).
    fn int(&mut self, g: &'a Goal, env: &mut Env) -> Result<i64> {
        match self.term(&g.t, env)? {
            Val::Int(v) => Ok(v),
            Val::Sym(_) => Err(QpropError::new(
                ErrorKind::Type,
                g.term_span,
                "an objective that is a symbol",
                "expected an integer term",
            )),
        }
    }

    /// The weight of a soft constraint if the solution breaks it, else 0.
    fn broken_weight(&mut self, g: &'a Goal, f: &'a F, env: &mut Env) -> Result<i64> {
        let w = self.int(g, env)?;
        Ok(if self.eval(f, env)? { 0 } else { w })
    }
}
