//! The checker's side of issue 26: the value of every objective level, evaluated on a solution
//! (its own evaluation of the terms and formulas; nothing of the grounder's linear forms).

use super::{Checker, Env};
use crate::error::{ErrorKind, QpropError};
use crate::objective::{levels, GoalKind};
use crate::program::{Program, Val};
use crate::solution::Solution;

/// The value of every objective level on `s`, in lexicographic order: the value of a `minimize`
/// or `maximize` term, and the total weight of the broken soft constraints. An error: a term that
/// cannot be evaluated on the solution (an integer without a value, a symbol where a number is
/// expected).
pub fn objective_values(p: &Program, s: &Solution) -> Result<Vec<i64>, QpropError> {
    let mut c = Checker::new(p, s);
    let mut out = Vec::new();
    for level in levels(p) {
        let mut total = 0i64;
        for g in level {
            let mut env: Env = vec![None; g.slots.len()];
            let value = match c.term(&g.t, &mut env).map_err(|e| p.err(e))? {
                Val::Int(v) => v,
                Val::Sym(_) => {
                    return Err(p.err(QpropError::new(
                        ErrorKind::Type,
                        g.term_span,
                        "an objective that is a symbol",
                        "expected an integer term",
                    )))
                }
            };
            let add = match &g.kind {
                GoalKind::Soft(f) => {
                    if c.eval(f, &mut env).map_err(|e| p.err(e))? {
                        0
                    } else {
                        value
                    }
                }
                _ => value,
            };
            total = total.checked_add(add).ok_or_else(|| {
                p.err(QpropError::new(ErrorKind::Arithmetic, g.span, "integer overflow", "the objective's value"))
            })?;
        }
        out.push(total);
    }
    Ok(out)
}
