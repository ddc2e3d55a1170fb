//! The checker's `runs { ... } = lengths`: the cells (bindings that pass the guard, in binder
//! order) are evaluated on the solution, their maximal runs of true cells measured by a plain
//! scan, and the lengths compared with the list (zeros dropped: a run of length 0 is no run).
//! Nothing here is shared with the grounder's automaton (regular.rs).

use super::plan::Body;
use super::{Checker, Env};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::program::{Runs, Val};

impl<'a> Checker<'a> {
    /// Whether `r` holds on the solution under `env`.
    pub(super) fn runs_hold(&mut self, r: &'a Runs, env: &mut Env) -> Result<bool> {
        let plan = self.plan(&r.binders, r.guard.as_ref(), Body::Sum);
        let mut cells = Vec::new();
        self.bindings(&plan, env, &mut |me, env| {
            cells.push(me.eval(&r.lit, env)?);
            Ok(false)
        })?;
        let lens: Vec<Val> = self.values(&r.lens, r.span, env)?.into_iter().map(Val::Int).collect();
        judge(&cells, &lens, r.span)
    }
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
