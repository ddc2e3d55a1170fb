//! `regions { size : binders | guard } via adj` grounded (docs/lang/regions.md).
//!
//! The cells are the bindings that pass the guard, in binder order; each has a number, the
//! integer term `size`. Two cells are adjacent when `adj(a, b)` or `adj(b, a)` holds (data). The
//! regions are the maximal groups of adjacent cells with the same number, and each region has
//! as many cells as its number: fillomino's rule, and the rule of every genre whose blocks are
//! named by their sizes.
//!
//! The constraint is one region division of the formula (`wgrnd_sat::regions`): a wall between
//! two adjacent cells exactly when their numbers differ (a fresh atom per pair of cells, tied to
//! the numbers' literals by clauses: no two equal values across a wall, every threshold alike
//! across none), and each cell's size is its number, read through its order literals. The
//! in-process solvers decide the division natively; every other reader gets its clauses over
//! the auxiliary atoms reserved here.

use wgrnd_sat::regions::{Regions as Division, Size};
use wgrnd_sat::Lit;

use crate::error::{ErrorKind, QpropError, Result};
use crate::ground::{Env, Grounder};
use crate::ints::IntRef;
use crate::nnf::{Plan, G};
use crate::program::{Program, Regions, Val};

/// A region division in NNF: the plan that enumerates the cells.
#[derive(Debug)]
pub(crate) struct Dividing<'a> {
    pub r: &'a Regions,
    pub plan: Plan<'a>,
}

/// `regions` in NNF; refused under negation.
pub(crate) fn nnf<'a>(p: &Program, r: &'a Regions, positive: bool) -> Result<G<'a>> {
    if !positive {
        return Err(not_outright(r));
    }
    let plan = crate::nnf::plan(p, &r.binders, r.guard.as_ref(), &G::Const(false), true)?;
    Ok(G::Regions(Box::new(Dividing { r, plan })))
}

/// The refusal of `regions` anywhere but outright (under `forall` and `and`).
pub(crate) fn not_outright(r: &Regions) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        r.span,
        "'regions' inside 'or', '->', 'not' or '[...]'",
        "'regions' must hold outright (under 'forall' and 'and' only)",
    )
}

/// The auxiliary atoms of a division of `n` cells on a grid (about two edges per cell) whose
/// numbers go up to `n`: the roots' order literals and their values, the distance labels and
/// their steps, and the counters (`n^3 / 6`).
pub(crate) fn estimate(n: f64) -> f64 {
    n * n * n / 6.0 + walls_estimate(n)
}

/// The clauses of the walls of a division of `n` cells on a grid whose numbers go up to `n`:
/// about two edges per cell, three clauses per value for each.
fn walls_estimate(n: f64) -> f64 {
    6.0 * n * n
}

/// A literal, its negation, or a constant.
type Bit = std::result::Result<Lit, bool>;

fn not(b: Bit) -> Bit {
    match b {
        Ok(l) => Ok(!l),
        Err(v) => Err(!v),
    }
}

impl Grounder<'_> {
    /// The estimate of a division (its numbers' values are not known yet: an upper bound; the
    /// exact count is checked against the grounding's label limit when it is grounded): its
    /// walls' clauses, and its auxiliary variables' when they may be written.
    pub(crate) fn regions_estimate(&mut self, d: &Dividing) -> Result<f64> {
        let n = self.plan_size(&d.plan)?;
        Ok(if self.constraints_written { estimate(n) } else { walls_estimate(n) })
    }

    /// Grounds one division under `env`.
    pub(crate) fn regions(&mut self, d: &Dividing, env: &mut Env) -> Result<()> {
        let what = format!("regions #{}", self.aux_count);
        let mut cells: Vec<(Vec<Val>, IntRef)> = Vec::new();
        self.each(&d.plan, env, &mut |me, env| {
            let t: Vec<Val> = d.r.binders.iter().map(|b| env[b.slot].unwrap_or(Val::Int(0))).collect();
            let x = me.int_ref(&d.r.size, d.r.span, env)?;
            cells.push((t, x));
            Ok(false)
        })?;
        let sizes: Vec<Option<Size>> =
            cells.iter().map(|(_, x)| self.size_of(*x, d, env).map(Some)).collect::<Result<_>>()?;
        let tuples: Vec<&[Val]> = cells.iter().map(|(t, _)| t.as_slice()).collect();
        let pairs = self.data_edges(d.r.adj, d.r.adj_span, &tuples, env)?;
        let mut edges = Vec::with_capacity(pairs.len());
        let mut truth = None;
        for (i, j) in pairs {
            let wall = match self.wall(cells[i].1, cells[j].1, d, &what, env)? {
                Ok(w) => w,
                Err(b) => {
                    let t = *truth.get_or_insert_with(|| {
                        let t = self.fresh_text(format!("{what} true"));
                        self.cnf.add_clause(&[t]);
                        t
                    });
                    if b {
                        t
                    } else {
                        !t
                    }
                }
            };
            edges.push((i as u32, j as u32, wall));
        }
        let count = Division::aux_count(edges.len(), &sizes);
        if !self.take_labels(count, d.r.span) {
            let what = format!("this division's {} cells and {} edges would need {count}", cells.len(), edges.len());
            return Err(self.bind_err(self.too_large(d, what), env));
        }
        // Its auxiliary atoms are reserved once the grounding is done (as connectivity's).
        let unreserved = wgrnd_sat::Var::from_index(0);
        self.cnf.add_theory_unreserved(wgrnd_sat::theory::Theory::Regions(Division::new(edges, sizes, unreserved)));
        if let Some(t) = &mut self.tracker {
            t.native();
        }
        Ok(())
    }

    /// A cell's number as a size: its values and order literals.
    fn size_of(&mut self, x: IntRef, d: &Dividing, env: &Env) -> Result<Size> {
        match x {
            IntRef::Const(Val::Int(v)) => Ok(Size { lo: v, ge: Vec::new() }),
            IntRef::Const(Val::Sym(_)) => Err(self.bind_err(symbolic(d), env)),
            IntRef::Var(id) => {
                let values = self.int_values(id, d.r.span).map_err(|_| self.bind_err(symbolic(d), env))?;
                let mut ge = Vec::with_capacity(values.len().saturating_sub(1));
                for &v in values.iter().skip(1) {
                    match self.ge_lit(id, v) {
                        Ok(l) => ge.push((v, l)),
                        Err(_) => unreachable!("every value above the first has an order literal"),
                    }
                }
                Ok(Size { lo: values[0], ge })
            }
        }
    }

    /// The values a cell's number may take.
    fn values_of(&self, x: IntRef, d: &Dividing) -> Result<Vec<i64>> {
        match x {
            IntRef::Const(Val::Int(v)) => Ok(vec![v]),
            IntRef::Const(Val::Sym(_)) => Err(symbolic(d)),
            IntRef::Var(id) => self.int_values(id, d.r.span),
        }
    }

    fn eq_bit(&mut self, x: IntRef, v: i64) -> Bit {
        match x {
            IntRef::Const(c) => Err(c == Val::Int(v)),
            IntRef::Var(id) => self.eq_lit(id, Val::Int(v)),
        }
    }

    fn ge_bit(&mut self, x: IntRef, v: i64) -> Bit {
        match x {
            IntRef::Const(Val::Int(c)) => Err(c >= v),
            IntRef::Const(Val::Sym(_)) => Err(false),
            IntRef::Var(id) => self.ge_lit(id, v),
        }
    }

    /// A literal true exactly when the numbers `a` and `b` differ (or the constant it is): across
    /// a wall no value is shared, and across none every threshold agrees.
    fn wall(&mut self, a: IntRef, b: IntRef, d: &Dividing, what: &str, env: &Env) -> Result<Bit> {
        let (va, vb) = match (self.values_of(a, d), self.values_of(b, d)) {
            (Ok(va), Ok(vb)) => (va, vb),
            (Err(e), _) | (_, Err(e)) => return Err(self.bind_err(e, env)),
        };
        if va.len() == 1 && vb.len() == 1 {
            return Ok(Err(va[0] != vb[0]));
        }
        if va.iter().all(|v| !vb.contains(v)) {
            return Ok(Err(true));
        }
        let w = self.fresh_text(format!("{what} wall"));
        let clause = |me: &mut Self, parts: &[Bit]| {
            let mut lits = Vec::with_capacity(parts.len());
            for &p in parts {
                match p {
                    Err(true) => return,
                    Err(false) => {}
                    Ok(l) => lits.push(l),
                }
            }
            me.clause(&mut lits);
        };
        for &v in va.iter().filter(|v| vb.contains(v)) {
            let (ea, eb) = (self.eq_bit(a, v), self.eq_bit(b, v));
            clause(self, &[Ok(!w), not(ea), not(eb)]);
        }
        let mut thresholds: Vec<i64> = va.iter().chain(&vb).copied().collect();
        thresholds.sort_unstable();
        thresholds.dedup();
        for &k in thresholds.iter().skip(1) {
            let (ga, gb) = (self.ge_bit(a, k), self.ge_bit(b, k));
            clause(self, &[Ok(w), not(ga), gb]);
            clause(self, &[Ok(w), ga, not(gb)]);
        }
        Ok(Ok(w))
    }
}

fn symbolic(d: &Dividing) -> QpropError {
    QpropError::new(
        ErrorKind::Type,
        d.r.span,
        "the number of a 'regions' cell is a symbol",
        "expected an integer term: the size of the cell's region",
    )
}

impl Grounder<'_> {
    /// The refusal of a division whose auxiliary atoms pass [`Grounder::labels_left`]: `what`
    /// would need them.
    fn too_large(&self, d: &Dividing, what: String) -> QpropError {
        let limit = self.labels_bound("atoms");
        let expected = if self.constraints_written {
            format!("{limit} (its clauses for external solvers count the cells of each region)")
        } else {
            limit
        };
        let e = QpropError::new(ErrorKind::TooLarge, d.r.span, format!("{what} auxiliary atoms"), expected)
            .note("restrict the cells with a guard, or split the grid");
        self.native_note(e)
    }
}
