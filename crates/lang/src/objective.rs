//! Issue 26's objectives: `minimize t`, `maximize t` and `soft W: F`, resolved ([`Goal`]) and
//! grounded into the seam's [`wgrnd_seam::Objective`]: one level per `minimize`/`maximize`, in the
//! order written, and one level for all soft constraints together (the total weight of the
//! violated ones, minimised), placed where the first `soft` is written. A level is the linear
//! form of its term (`linear.rs`): `[formula]` and counts give their literals, an integer
//! variable its order view (`x = v0 + sum (v_i - v_(i-1)) [x >= v_i]`). The checker evaluates the
//! same terms on a solution with its own code (`check/objective.rs`).

use wgrnd_sat::Lit;
use wgrnd_seam::{Level, Objective};

use crate::ast::Binder;
use crate::ast::{Formula, Term};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::Grounder;
use crate::program::{Binders, Program, F, T};
use crate::resolve::Resolver;

/// A resolved objective statement.
#[derive(Clone, Debug)]
pub struct Goal {
    /// What it asks.
    pub kind: GoalKind,
    /// The term to minimise or maximise; for a soft constraint, its weight.
    pub t: T,
    /// Variable names by slot.
    pub slots: Vec<String>,
    /// Where the statement is.
    pub span: Span,
    /// Where the term (the weight of a soft constraint) is.
    pub term_span: Span,
    /// `soft W { F : binders | guard }`: the binders and the guard (one soft constraint each).
    pub comp: Option<(Binders, Option<F>)>,
}

/// The kind of an objective statement.
#[derive(Clone, Debug)]
pub enum GoalKind {
    /// `minimize t`.
    Minimize,
    /// `maximize t`.
    Maximize,
    /// `soft W: F` (the formula).
    Soft(F),
}

/// The levels of a program's objective, in lexicographic order: the goals of each.
pub(crate) fn levels(p: &Program) -> Vec<Vec<&Goal>> {
    let mut out: Vec<Vec<&Goal>> = Vec::new();
    let mut soft_level: Option<usize> = None;
    for g in &p.goals {
        match g.kind {
            GoalKind::Soft(_) => match soft_level {
                Some(i) => out[i].push(g),
                None => {
                    soft_level = Some(out.len());
                    out.push(vec![g]);
                }
            },
            _ => out.push(vec![g]),
        }
    }
    out
}

/// Whether a level is maximised (only a `maximize` level is).
pub(crate) fn maximized(level: &[&Goal]) -> bool {
    matches!(level.first().map(|g| &g.kind), Some(GoalKind::Maximize))
}

/// What a level is called in messages.
pub(crate) fn level_name(level: &[&Goal]) -> &'static str {
    match level.first().map(|g| &g.kind) {
        Some(GoalKind::Maximize) => "maximize",
        Some(GoalKind::Soft(_)) => "soft constraints",
        _ => "minimize",
    }
}

impl Resolver {
    pub(crate) fn objective(&mut self, maximize: bool, t: &Term, span: Span) -> Result<()> {
        self.scope.clear();
        self.slots.clear();
        let rt = self.term(t)?;
        let kind = if maximize { GoalKind::Maximize } else { GoalKind::Minimize };
        self.p.goals.push(Goal { kind, t: rt, slots: self.slots.clone(), span, term_span: t.span(), comp: None });
        Ok(())
    }

    pub(crate) fn soft(
        &mut self,
        w: &Term,
        f: &Formula,
        comp: Option<&(Vec<Binder>, Option<Box<Formula>>)>,
        span: Span,
    ) -> Result<()> {
        self.scope.clear();
        self.slots.clear();
        let (rw, rf, comp) = match comp {
            None => {
                let rw = self.term(w)?;
                (rw, self.formula(f)?, None)
            }
            Some((bs, g)) => {
                let (binders, guard, (rw, rf)) =
                    self.scoped(bs, g.as_deref(), |me| Ok((me.term(w)?, me.formula(f)?)))?;
                (rw, rf, Some((binders, guard)))
            }
        };
        if crate::linear::has_int(&rw) {
            return Err(QpropError::new(
                ErrorKind::Type,
                w.span(),
                "a soft constraint's weight must be known while grounding",
                "expected a number, a parameter, a bound variable or arithmetic on them",
            ));
        }
        self.p.goals.push(Goal {
            kind: GoalKind::Soft(rf),
            t: rw,
            slots: self.slots.clone(),
            span,
            term_span: w.span(),
            comp,
        });
        Ok(())
    }
}

pub(crate) fn negative_weight(span: Span, w: i64) -> QpropError {
    QpropError::new(
        ErrorKind::Arithmetic,
        span,
        format!("a soft constraint of weight {w}"),
        "a soft constraint's weight is at least 0 (the cost of breaking it)",
    )
}

impl<'p> Grounder<'p> {
    /// The objective of the program, as weighted literals per level.
    pub(crate) fn objective(&mut self, p: &'p Program) -> Result<Objective> {
        let mut out = Objective::default();
        for level in levels(p) {
            let maximize = maximized(&level);
            let mut offset = 0i64;
            let mut coefs: Vec<(i64, Lit)> = Vec::new();
            for g in &level {
                self.in_statement(&g.slots);
                let mut env = vec![None; g.slots.len()];
                // A soft constraint over binders has its weight evaluated per binding.
                let lin = if g.comp.is_some() { Default::default() } else { self.lin(&g.t, &mut env)? };
                let (c, terms) = match &g.kind {
                    GoalKind::Soft(f) => self.soft_terms(g, f, lin.c, &mut env)?,
                    _ => {
                        let mut c = lin.c;
                        let mut terms = lin.lits;
                        for (a, id) in lin.terms {
                            let values = self.int_values(id, g.term_span)?;
                            let Some(&first) = values.first() else { continue };
                            c = add(c, mul(a, first, g.term_span)?, g.term_span)?;
                            for w in values.windows(2) {
                                let step = mul(a, w[1] - w[0], g.term_span)?;
                                match self.ge_lit(id, w[1]) {
                                    Ok(l) => terms.push((step, l)),
                                    Err(true) => c = add(c, step, g.term_span)?,
                                    Err(false) => {}
                                }
                            }
                        }
                        (c, terms)
                    }
                };
                offset = add(offset, c, g.term_span)?;
                coefs.extend(terms);
            }
            let span = level[0].term_span;
            if maximize {
                offset = offset.checked_neg().ok_or_else(|| crate::linear::overflow(span))?;
                for (c, _) in &mut coefs {
                    *c = c.checked_neg().ok_or_else(|| crate::linear::overflow(span))?;
                }
            }
            let level = Level::new(offset, &coefs, maximize, level_name(&level).to_string())
                .ok_or_else(|| crate::linear::overflow(span))?;
            out.levels.push(level);
        }
        Ok(out)
    }
}

impl Grounder<'_> {
    /// The cost terms of a soft constraint (of each binding of its binders): `W * [not F]`.
    fn soft_terms(
        &mut self,
        g: &Goal,
        f: &F,
        weight: i64,
        env: &mut crate::ground::Env,
    ) -> Result<(i64, Vec<(i64, Lit)>)> {
        // `not F` in normal form, over `f` itself: no copy of the formula (the grounder remembers
        // counts over data by the address of their term, which a freed copy would hand on).
        let broken = crate::nnf::nnf(self.p, f, false)?;
        let mut out = (0i64, Vec::new());
        let mut one = |me: &mut Self, w: i64, env: &mut crate::ground::Env| -> Result<()> {
            if w < 0 {
                return Err(me.bind_err(negative_weight(g.term_span, w), env));
            }
            match me.reify(&broken, env, crate::reify::Pol::Both)? {
                Ok(l) => out.1.push((w, l)),
                Err(true) => out.0 = add(out.0, w, g.term_span)?,
                Err(false) => {}
            }
            Ok(())
        };
        let Some((binders, guard)) = &g.comp else {
            one(self, weight, env)?;
            return Ok(out);
        };
        let mut err = None;
        self.eval_binders(binders, 0, guard.as_ref(), env, &mut |me, env| {
            let r = me.lin(&g.t, env).and_then(|w| one(me, w.c, env));
            if let Err(e) = r {
                err = Some(e);
            }
            Ok(err.is_some())
        })?;
        match err {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

fn add(a: i64, b: i64, s: Span) -> Result<i64> {
    a.checked_add(b).ok_or_else(|| crate::linear::overflow(s))
}

fn mul(a: i64, b: i64, s: Span) -> Result<i64> {
    a.checked_mul(b).ok_or_else(|| crate::linear::overflow(s))
}

/// The header lines that describe the objective (none for a decision problem).
pub(crate) fn header_lines(o: &Objective) -> Vec<String> {
    o.levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "objective level {}: {}, {} weighted literals, cost offset {}",
                i + 1,
                l.name,
                l.terms.len(),
                l.offset
            )
        })
        .collect()
}
