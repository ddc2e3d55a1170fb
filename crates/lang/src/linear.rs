//! Linear terms over integer variables and comparisons of them. A term becomes `c + sum a_i x_i +
//! sum w_j [literal]`; a comparison with one variable is that variable's view literal (`x >= v`,
//! `x = v`: no auxiliary), two variables compared by `=`/`=/=` meet value by value on their
//! direct views, and every other comparison is encoded by the encoding `GroundOptions::linear`
//! chooses (`mdd.rs`): a multi-valued decision diagram over the variables' order views (one
//! level per variable, interval-reduced: Abío et al.) or the BDD over their bits (Eén and
//! Sörensson). The root literal implies the constraint, so comparisons may sit anywhere in a
//! formula. Elements, `min`/`max` and products become auxiliary integers (`globals.rs`).

use std::borrow::Cow;

use wgrnd_sat::Lit;

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder, LinearEncoding};
use crate::ints::{IntRef, View};
use crate::mix::MixMap;
use crate::program::{arith, eval_term, CmpOp, Op, Val, T};

/// Largest number of bits in one comparison, and of BDD nodes.
pub(crate) const MAX_BITS: usize = 20_000;
pub(crate) const MAX_NODES: usize = 5_000_000;

/// `c + sum of coeff * x(id) + sum of coeff * [literal]`.
#[derive(Clone, Default, Debug)]
pub(crate) struct Lin {
    pub c: i64,
    pub terms: Vec<(i64, usize)>,
    pub lits: Vec<(i64, Lit)>,
}

impl Lin {
    fn is_const(&self) -> bool {
        self.terms.is_empty() && self.lits.is_empty()
    }
    fn add(mut self, y: Lin, s: Span) -> Result<Lin> {
        self.c = self.c.checked_add(y.c).ok_or_else(|| overflow(s))?;
        self.terms.extend(y.terms);
        self.lits.extend(y.lits);
        Ok(self)
    }
}

/// A decision-diagram node: a constant or the literal that implies it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Node {
    True,
    False,
    Lit(Lit),
}

/// Whether `t` is an integer variable whose arguments are known while grounding (`x(i, j)`, not
/// the element `x(y(i))`): one variable, not a term over several.
pub(crate) fn plain_var(t: &T) -> bool {
    matches!(t, T::IntVar(_, args, _) if !args.iter().any(has_int))
}

/// Whether a term mentions an integer variable.
pub(crate) fn has_int(t: &T) -> bool {
    match t {
        T::Const(_) | T::Var(_) => false,
        T::Bin(b) => has_int(&b.a) || has_int(&b.b),
        T::Neg(a, _) => has_int(a),
        T::IntVar(..) | T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => true,
    }
}

pub(crate) fn overflow(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Arithmetic, span, "integer overflow", "coefficients outside 64-bit integers")
}

fn not_linear(s: Span) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        s,
        "not linear",
        "integer variables may be added, multiplied by constants or by one bounded integer variable",
    )
}

impl Grounder<'_> {
    pub(crate) fn lin(&mut self, t: &T, env: &mut Env) -> Result<Lin> {
        Ok(match t {
            T::Const(_) | T::Var(_) => match eval_term(t, env).map_err(|e| self.bind_err(e, env))? {
                Val::Int(c) => Lin { c, ..Lin::default() },
                Val::Sym(_) => return Err(QpropError::nowhere(ErrorKind::Type, "a symbol in an integer sum")),
            },
            T::Neg(a, s) => {
                let x = self.lin(a, env)?;
                self.scale(x, -1, *s)?
            }
            T::Bin(bin) => {
                let (op, s) = (&bin.op, &bin.span);
                let (x, y) = (self.lin(&bin.a, env)?, self.lin(&bin.b, env)?);
                match op {
                    Op::Add => x.add(y, *s)?,
                    Op::Sub => {
                        let y = self.scale(y, -1, *s)?;
                        x.add(y, *s)?
                    }
                    Op::Mul if y.is_const() => self.scale(x, y.c, *s)?,
                    Op::Mul if x.is_const() => self.scale(y, x.c, *s)?,
                    Op::Mul | Op::Div | Op::Mod if x.is_const() && y.is_const() => {
                        match arith(*op, Val::Int(x.c), Val::Int(y.c), *s) {
                            Ok(Val::Int(c)) => Lin { c, ..Lin::default() },
                            Ok(Val::Sym(_)) => Lin::default(),
                            Err(e) => return Err(self.bind_err(e, env)),
                        }
                    }
                    Op::Mul => {
                        let (a, b) = (self.lin_ref(x, *s, env)?, self.lin_ref(y, *s, env)?);
                        let z = self.product(a, b, *s, env)?;
                        self.ref_lin(z)
                    }
                    Op::Div | Op::Mod => return Err(self.bind_err(not_linear(*s), env)),
                }
            }
            T::IntVar(pr, args, s) => {
                let r = self.int_var_ref(*pr, args, *s, env)?;
                self.ref_lin(r)
            }
            T::MinMax(m) => {
                let r = self.min_max(m, env)?;
                self.ref_lin(r)
            }
            T::Bool(f, _) => match self.bool_bit(f, env)? {
                Ok(l) => Lin { c: 0, terms: Vec::new(), lits: vec![(1, l)] },
                Err(b) => Lin { c: i64::from(b), ..Lin::default() },
            },
            T::Count(c) => {
                let (fixed, lits) = self.count_bits(c, env)?;
                Lin { c: fixed, terms: Vec::new(), lits: lits.into_iter().map(|l| (1, l)).collect() }
            }
            T::Sum(sum) => {
                let mut acc = Lin::default();
                let mut err = None;
                self.eval_binders(&sum.binders, 0, sum.guard.as_ref(), env, &mut |me, env| {
                    match me.lin(&sum.body, env) {
                        Ok(l) => {
                            acc.c = acc.c.saturating_add(l.c);
                            acc.terms.extend(l.terms);
                            acc.lits.extend(l.lits);
                        }
                        Err(e) => err = Some(e),
                    }
                    Ok(err.is_some())
                })?;
                if let Some(e) = err {
                    return Err(e);
                }
                acc
            }
        })
    }

    fn ref_lin(&self, r: IntRef) -> Lin {
        match r {
            IntRef::Const(Val::Int(c)) => Lin { c, ..Lin::default() },
            IntRef::Const(Val::Sym(_)) => Lin::default(),
            IntRef::Var(id) => Lin { c: 0, terms: vec![(1, id)], lits: Vec::new() },
        }
    }

    pub(crate) fn scale(&self, mut l: Lin, k: i64, s: Span) -> Result<Lin> {
        l.c = l.c.checked_mul(k).ok_or_else(|| overflow(s))?;
        for t in &mut l.terms {
            t.0 = t.0.checked_mul(k).ok_or_else(|| overflow(s))?;
        }
        for t in &mut l.lits {
            t.0 = t.0.checked_mul(k).ok_or_else(|| overflow(s))?;
        }
        Ok(l)
    }

    /// An integer term as an operand: a constant, a variable, or an auxiliary integer equal to it.
    pub(crate) fn int_ref(&mut self, t: &T, span: Span, env: &mut Env) -> Result<IntRef> {
        match t {
            _ if !has_int(t) => Ok(IntRef::Const(eval_term(t, env).map_err(|e| self.bind_err(e, env))?)),
            T::IntVar(pr, args, s) => self.int_var_ref(*pr, args, *s, env),
            T::MinMax(m) => self.min_max(m, env),
            _ => {
                let l = self.lin(t, env)?;
                self.lin_ref(l, span, env)
            }
        }
    }

    /// A linear term as one operand (an auxiliary integer over its range when it is not one).
    pub(crate) fn lin_ref(&mut self, l: Lin, span: Span, env: &mut Env) -> Result<IntRef> {
        let l = self.merge(l);
        if l.is_const() {
            return Ok(IntRef::Const(Val::Int(l.c)));
        }
        if l.c == 0 && l.lits.is_empty() && l.terms.len() == 1 && l.terms[0].0 == 1 {
            return Ok(IntRef::Var(l.terms[0].1));
        }
        // The values the term can take (a sum of small sets), refused when too many.
        let mut vals: std::collections::BTreeSet<i64> = [l.c].into();
        for &(a, id) in &l.terms {
            let xs = self.int_values(id, span)?;
            vals = grow(&vals, xs.iter().map(|x| a.saturating_mul(*x)));
            if vals.len() > MAX_AUX_VALUES {
                return Err(self.bind_err(too_many_values(span, vals.len()), env));
            }
        }
        for &(w, _) in &l.lits {
            vals = grow(&vals, [0, w]);
            if vals.len() > MAX_AUX_VALUES {
                return Err(self.bind_err(too_many_values(span, vals.len()), env));
            }
        }
        let values: Vec<Val> = vals.into_iter().map(Val::Int).collect();
        let id = self.make_int(values, false, View::Order, &format!("aux(term #{})", self.aux_count));
        self.aux_count += self.ivars[id].values.len() as u32 - 1;
        // z = l: l - z <= 0 and l - z >= 0, both outright.
        let mut d = l;
        d.terms.push((-1, id));
        for op in [CmpOp::Le, CmpOp::Ge] {
            match self.lin_cmp(op, &d, span, env)? {
                Node::True => {}
                Node::False => self.cnf.add_clause(&[]),
                Node::Lit(x) => self.cnf.add_clause(&[x]),
            }
        }
        Ok(IntRef::Var(id))
    }

    /// Same variables' coefficients added; zero coefficients dropped.
    fn merge(&self, mut l: Lin) -> Lin {
        let mut by: MixMap<usize, i64> = MixMap::default();
        let mut order = Vec::new();
        for (a, id) in l.terms.drain(..) {
            let e = by.entry(id).or_insert_with(|| {
                order.push(id);
                0
            });
            *e = e.saturating_add(a);
        }
        l.terms = order.into_iter().map(|id| (by[&id], id)).filter(|t| t.0 != 0).collect();
        l.lits.retain(|t| t.0 != 0);
        l
    }

    /// `a op b` with integer variables: a literal that implies it, or its constant value.
    pub(crate) fn int_cmp(
        &mut self,
        op: CmpOp,
        a: &T,
        b: &T,
        span: Span,
        env: &mut Env,
    ) -> Result<std::result::Result<Lit, bool>> {
        if matches!(op, CmpOp::Eq | CmpOp::Ne) && (self.symbolic(a, env) || self.symbolic(b, env)) {
            let (x, y) = (self.int_ref(a, span, env)?, self.int_ref(b, span, env)?);
            return Ok(self.same(x, y, op == CmpOp::Eq));
        }
        // `x = y` or `x =/= y` between two variables: what the sum `x - y` below comes to,
        // without building it (a colouring's every edge); otherwise the operands, made once, are
        // that sum's sides.
        let (x, y) = if matches!(op, CmpOp::Eq | CmpOp::Ne) && matches!((a, b), (T::IntVar(..), T::IntVar(..))) {
            let (rx, ry) = (self.int_ref(a, span, env)?, self.int_ref(b, span, env)?);
            if let (IntRef::Var(x), IntRef::Var(y)) = (rx, ry) {
                if x != y {
                    return Ok(self.same(rx, ry, op == CmpOp::Eq));
                }
            }
            (self.ref_lin(rx), self.ref_lin(ry))
        } else {
            (self.lin(a, env)?, self.lin(b, env)?)
        };
        self.lin_compare(op, x, y, span, env)
    }

    /// `x op y` for two linear terms: a literal that implies it, or its constant value.
    pub(crate) fn lin_compare(
        &mut self,
        op: CmpOp,
        x: Lin,
        y: Lin,
        span: Span,
        env: &mut Env,
    ) -> Result<std::result::Result<Lit, bool>> {
        let y = self.scale(y, -1, span)?;
        let d = self.merge(x.add(y, span)?);
        // One variable: its view literal.
        if d.lits.is_empty() && d.terms.len() == 1 {
            let (k, id) = d.terms[0];
            if let Some(r) = self.view_cmp(op, k, id, d.c, span)? {
                return Ok(r);
            }
        }
        // x - y (=|=/=) 0: value by value.
        if matches!(op, CmpOp::Eq | CmpOp::Ne) && d.c == 0 && d.lits.is_empty() && d.terms.len() == 2 {
            let ((p, x), (q, y)) = (d.terms[0], d.terms[1]);
            if p == -q && p.abs() == 1 {
                return Ok(self.same(IntRef::Var(x), IntRef::Var(y), op == CmpOp::Eq));
            }
        }
        Ok(match self.lin_cmp(op, &d, span, env)? {
            Node::True => Err(true),
            Node::False => Err(false),
            Node::Lit(l) => Ok(l),
        })
    }

    /// Whether `t` is a symbolic value or a symbolic integer variable.
    fn symbolic(&mut self, t: &T, env: &mut Env) -> bool {
        match t {
            T::IntVar(pr, _, _) => match self.p.preds[*pr].kind {
                crate::program::PredKind::Int(d) => self.p.domains[d].values.iter().any(|v| matches!(v, Val::Sym(_))),
                _ => false,
            },
            _ if !has_int(t) => matches!(eval_term(t, env), Ok(Val::Sym(_))),
            _ => false,
        }
    }

    /// `k * x + c op 0` as x's view literal; `None` when the operator needs a diagram.
    fn view_cmp(
        &mut self,
        op: CmpOp,
        k: i64,
        id: usize,
        c: i64,
        span: Span,
    ) -> Result<Option<std::result::Result<Lit, bool>>> {
        let (k, c, op) = if k < 0 { (-k, -c, op.swapped()) } else { (k, c, op) };
        // k x op -c, k > 0.
        let m = c.checked_neg().ok_or_else(|| overflow(span))?;
        let _ = self.int_values(id, span)?;
        let ceil = |m: i64| m.div_euclid(k) + i64::from(m.rem_euclid(k) != 0);
        Ok(Some(match op {
            CmpOp::Ge => self.ge_lit(id, ceil(m)),
            CmpOp::Gt => self.ge_lit(id, m.div_euclid(k) + 1),
            CmpOp::Le => not(self.ge_lit(id, m.div_euclid(k) + 1)),
            CmpOp::Lt => not(self.ge_lit(id, ceil(m))),
            CmpOp::Eq | CmpOp::Ne if m.rem_euclid(k) != 0 => Err(op == CmpOp::Ne),
            CmpOp::Eq => self.eq_lit(id, Val::Int(m / k)),
            CmpOp::Ne => not(self.eq_lit(id, Val::Int(m / k))),
        }))
    }

    /// `x = y` (or `x =/= y`) value by value on the direct views.
    pub(crate) fn same(&mut self, x: IntRef, y: IntRef, eq: bool) -> std::result::Result<Lit, bool> {
        let clauses = self.same_clauses(x, y, eq);
        if clauses.is_empty() {
            return Err(true);
        }
        if clauses.iter().any(Vec::is_empty) {
            return Err(false);
        }
        if clauses.len() == 1 && clauses[0].len() == 1 {
            return Ok(clauses[0][0]);
        }
        let t = self.aux_var(if eq { "equal" } else { "different" });
        for mut c in clauses {
            c.push(t.neg());
            self.cnf.add_clause(&c);
        }
        Ok(t.pos())
    }

    /// `a = b` or `a =/= b` between two integer variables (written `p(args)` with arguments
    /// known while grounding) that must hold outright: its clauses value by value, without the
    /// auxiliary literal that [`Grounder::same`] makes to stand for it (and that the statement
    /// would then assert: a colouring's every edge). `false` when the comparison has another
    /// shape, to be grounded the general way.
    pub(crate) fn same_outright(&mut self, op: CmpOp, a: &T, b: &T, span: Span, env: &mut Env) -> Result<bool> {
        if !matches!(op, CmpOp::Eq | CmpOp::Ne) || !plain_var(a) || !plain_var(b) {
            return Ok(false);
        }
        let (x, y) = (self.int_ref(a, span, env)?, self.int_ref(b, span, env)?);
        if matches!((x, y), (IntRef::Var(i), IntRef::Var(j)) if i == j) {
            return Ok(false);
        }
        for c in self.same_clauses(x, y, op == CmpOp::Eq) {
            self.cnf.add_clause(&c);
        }
        Ok(true)
    }

    /// The clauses of `x = y` (or `x =/= y`) value by value on the direct views: none when it
    /// always holds, an empty one when it never does.
    fn same_clauses(&mut self, x: IntRef, y: IntRef, eq: bool) -> Vec<Vec<Lit>> {
        let (xs, ys) = (self.value_lits(x), self.value_lits(y));
        let mut clauses: Vec<Vec<Lit>> = Vec::new();
        for &(v, lx) in &xs {
            let ly = ys.iter().find(|(w, _)| *w == v).map(|(_, l)| *l);
            // eq: x = v -> y = v;  ne: not (x = v and y = v).
            let clause: Option<Vec<Lit>> = match (eq, ly) {
                (true, None) => Some(lx.map(|l| vec![!l]).unwrap_or_default()),
                (true, Some(None)) => None,
                (true, Some(Some(l))) => Some(lx.map(|a| vec![!a, l]).unwrap_or_else(|| vec![l])),
                (false, None) => None,
                (false, Some(ly)) => Some(lx.into_iter().chain(ly).map(|l| !l).collect()),
            };
            if let Some(c) = clause {
                clauses.push(c);
            }
        }
        clauses
    }

    /// A fresh auxiliary variable that stands for `what`.
    pub(crate) fn aux_var(&mut self, what: &'static str) -> wgrnd_sat::Var {
        self.aux_var_as(Cow::Borrowed(what))
    }

    /// A fresh auxiliary variable that stands for `what`, named now with names on, or only
    /// when asked for (names.rs): a sum's diagram makes thousands of these, and a solve or a
    /// count without a certificate writes no header to name them in.
    pub(crate) fn aux_var_as(&mut self, what: Cow<'static, str>) -> wgrnd_sat::Var {
        self.aux_vars(1, what)
    }

    /// `count` fresh auxiliary variables (consecutive; the first is returned) that stand for
    /// `what`, numbered in turn; with names off, one record names them all when asked.
    pub(crate) fn aux_vars(&mut self, count: u32, what: Cow<'static, str>) -> wgrnd_sat::Var {
        let first = self.cnf.new_vars(count);
        debug_assert_eq!(first.index(), self.names.len(), "the names end where the new variables begin");
        self.name_aux_run(count, self.aux_count, what);
        first
    }

    pub(crate) fn and_or(&mut self, p: Node, q: Node, and: bool) -> Node {
        match (p, q, and) {
            (Node::False, _, true) | (_, Node::False, true) => Node::False,
            (Node::True, x, true) | (x, Node::True, true) => x,
            (Node::True, _, false) | (_, Node::True, false) => Node::True,
            (Node::False, x, false) | (x, Node::False, false) => x,
            (Node::Lit(a), Node::Lit(b), _) => {
                let t = self.aux_var(if and { "both comparisons" } else { "either comparison" });
                if and {
                    self.cnf.add_clause(&[t.neg(), a]);
                    self.cnf.add_clause(&[t.neg(), b]);
                } else {
                    self.cnf.add_clause(&[t.neg(), a, b]);
                }
                Node::Lit(t.pos())
            }
        }
    }

    /// `d op 0` by the chosen linear encoding.
    pub(crate) fn lin_cmp(&mut self, op: CmpOp, d: &Lin, span: Span, env: &mut Env) -> Result<Node> {
        for &(_, id) in &d.terms {
            self.int_values(id, span).map_err(|e| self.bind_err(e, env))?;
        }
        let c = d.c;
        // sum <= k, as the encoding's root.
        let le = |me: &mut Self, neg: bool, k: i64| -> Result<Node> {
            let r = match me.linear {
                LinearEncoding::Bdd => me.bdd_le(d, neg, k, span),
                LinearEncoding::Mdd | LinearEncoding::Auto => me.mdd_le(d, neg, k, span),
            };
            r.map_err(|e| me.bind_err(e, env))
        };
        Ok(match op {
            CmpOp::Le => le(self, false, c.saturating_neg())?,
            CmpOp::Lt => le(self, false, c.saturating_neg().saturating_sub(1))?,
            CmpOp::Ge => le(self, true, c)?,
            CmpOp::Gt => le(self, true, c.saturating_sub(1))?,
            CmpOp::Eq => {
                let (p, q) = (le(self, false, c.saturating_neg())?, le(self, true, c)?);
                self.and_or(p, q, true)
            }
            CmpOp::Ne => {
                let (p, q) =
                    (le(self, false, c.saturating_neg().saturating_sub(1))?, le(self, true, c.saturating_sub(1))?);
                self.and_or(p, q, false)
            }
        })
    }
}

/// Most values an auxiliary integer may take.
pub(crate) const MAX_AUX_VALUES: usize = 100_000;

pub(crate) fn too_many_values(span: Span, n: usize) -> QpropError {
    QpropError::new(
        ErrorKind::TooLarge,
        span,
        format!("this term takes {n} or more values"),
        format!("at most {MAX_AUX_VALUES} values for an integer made of a term"),
    )
}

fn grow(
    vals: &std::collections::BTreeSet<i64>,
    add: impl IntoIterator<Item = i64> + Clone,
) -> std::collections::BTreeSet<i64> {
    let mut out = std::collections::BTreeSet::new();
    for &v in vals {
        for a in add.clone() {
            out.insert(v.saturating_add(a));
        }
        if out.len() > MAX_AUX_VALUES {
            break;
        }
    }
    out
}

fn not(r: std::result::Result<Lit, bool>) -> std::result::Result<Lit, bool> {
    match r {
        Ok(l) => Ok(!l),
        Err(b) => Err(!b),
    }
}
