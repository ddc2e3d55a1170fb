//! Bounded integer variables and linear comparisons. Each integer atom `x(args)` in `lo..hi` gets
//! bits: the order encoding (`x >= lo+1`, ..., `x >= hi`, each implying the one before) or the log
//! encoding (binary digits of `x - lo`, bounded by `hi - lo`). A comparison of linear terms becomes
//! a pseudo-Boolean constraint over those bits, encoded as a reduced ordered BDD (Eén and Sörensson)
//! whose root literal implies the constraint, so comparisons may sit anywhere in a formula.

use std::collections::HashMap;

use wgrnd_cnf::{Lit, Var};

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder, IntEncoding};
use crate::program::{arith, eval_term, CmpOp, DomId, Op, PredId, PredKind, Val, T};

/// Largest number of bits in one comparison, and of BDD nodes.
const MAX_BITS: usize = 20_000;
const MAX_NODES: usize = 5_000_000;

/// `c + sum of coeff * x(atom) + sum of coeff * [literal]`.
#[derive(Default)]
struct Lin {
    c: i64,
    terms: Vec<(i64, PredId, usize)>,
    lits: Vec<(i64, Lit)>,
}

/// A BDD node: a constant or the literal that implies it.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Node {
    True,
    False,
    Lit(Lit),
}

/// Whether a term mentions an integer variable.
pub(crate) fn has_int(t: &T) -> bool {
    match t {
        T::Const(_) | T::Var(_) => false,
        T::Bin(b) => has_int(&b.a) || has_int(&b.b),
        T::Neg(a, _) => has_int(a),
        T::IntVar(..) | T::Sum(..) | T::Bool(..) => true,
        T::Count(..) => true,
    }
}

fn overflow(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Arithmetic, span, "integer overflow", "coefficients outside 64-bit integers")
}

impl Grounder<'_> {
    /// The bits of integer atom `(pred, idx)`: first variable and width (created on first use).
    pub(crate) fn int_bits(&mut self, pred: PredId, idx: usize) -> (u32, u32) {
        if let Some(&(first, width)) = self.int_atoms.get(&(pred, idx)) {
            return (first, width);
        }
        let PredKind::Int(d) = self.p.preds[pred].kind else { return (0, 0) };
        let (lo, hi) = (self.lo(d), self.lo(d) + self.p.domains[d].len() as i64 - 1);
        let span = (hi - lo) as u64;
        let width = match self.ints {
            IntEncoding::Order => span as u32,
            IntEncoding::Log => 64 - span.leading_zeros(),
        };
        let name = self.p.atom_name(pred, &self.tuple(pred, idx));
        let first = self.cnf.num_vars() + 1;
        for j in 0..width {
            self.cnf.new_var();
            self.names.push(match self.ints {
                IntEncoding::Order => format!("{name}>={}", lo + 1 + j as i64),
                IntEncoding::Log => format!("{name}.bit{j}"),
            });
            self.atom_of.push(None);
        }
        self.int_atoms.insert((pred, idx), (first, width));
        self.int_list.push((pred.index() as u32, idx as u32, first, width));
        match self.ints {
            IntEncoding::Order => {
                for j in 1..width {
                    self.cnf.add_clause(&[
                        Var::from_index((first + j - 1) as usize).neg(),
                        Var::from_index((first + j - 2) as usize).pos(),
                    ]);
                }
            }
            IntEncoding::Log if width > 0 && span + 1 < (1u64 << width) => {
                let terms: Vec<(i64, Lit)> =
                    (0..width).map(|j| (1i64 << j, Var::from_index((first + j - 1) as usize).pos())).collect();
                if let Ok(Node::Lit(l)) = self.pb_le(terms, span as i64) {
                    self.cnf.add_clause(&[l]);
                }
            }
            IntEncoding::Log => {}
        }
        (first, width)
    }

    fn lo(&self, d: DomId) -> i64 {
        match self.p.domains[d].values.first() {
            Some(Val::Int(v)) => *v,
            _ => 0,
        }
    }

    fn lin(&mut self, t: &T, env: &mut Env) -> Result<Lin> {
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
                    Op::Add | Op::Sub => {
                        let y = if *op == Op::Sub { self.scale(y, -1, *s)? } else { y };
                        let mut x = x;
                        x.c = x.c.checked_add(y.c).ok_or_else(|| overflow(*s))?;
                        x.terms.extend(y.terms);
                        x.lits.extend(y.lits);
                        x
                    }
                    Op::Mul if y.terms.is_empty() && y.lits.is_empty() => self.scale(x, y.c, *s)?,
                    Op::Mul if x.terms.is_empty() && x.lits.is_empty() => self.scale(y, x.c, *s)?,
                    Op::Mul | Op::Div | Op::Mod
                        if x.terms.is_empty() && y.terms.is_empty() && x.lits.is_empty() && y.lits.is_empty() =>
                    {
                        match arith(*op, Val::Int(x.c), Val::Int(y.c), *s) {
                            Ok(Val::Int(c)) => Lin { c, ..Lin::default() },
                            Ok(Val::Sym(_)) => Lin::default(),
                            Err(e) => return Err(self.bind_err(e, env)),
                        }
                    }
                    Op::Mul | Op::Div | Op::Mod => {
                        let e = QpropError::new(
                            ErrorKind::Unsupported,
                            *s,
                            "not linear",
                            "integer variables may be added and multiplied by constants only",
                        );
                        return Err(self.bind_err(e, env));
                    }
                }
            }
            T::IntVar(pr, args, s) => {
                let idx = self.atom_index(*pr, args, *s, env)?;
                Lin { c: 0, terms: vec![(1, *pr, idx)], lits: Vec::new() }
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

    fn scale(&self, mut l: Lin, k: i64, s: Span) -> Result<Lin> {
        l.c = l.c.checked_mul(k).ok_or_else(|| overflow(s))?;
        for t in &mut l.terms {
            t.0 = t.0.checked_mul(k).ok_or_else(|| overflow(s))?;
        }
        for t in &mut l.lits {
            t.0 = t.0.checked_mul(k).ok_or_else(|| overflow(s))?;
        }
        Ok(l)
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
        let (x, y) = (self.lin(a, env)?, self.lin(b, env)?);
        let d = {
            let y = self.scale(y, -1, span)?;
            let mut x = x;
            x.c = x.c.checked_add(y.c).ok_or_else(|| overflow(span))?;
            x.terms.extend(y.terms);
            x.lits.extend(y.lits);
            x
        };
        // sum(bits) + c  op  0
        let mut c = d.c;
        let mut bits: Vec<(i64, Lit)> = d.lits;
        for (a, pr, idx) in d.terms {
            let PredKind::Int(dom) = self.p.preds[pr].kind else { continue };
            c = c
                .checked_add(a.checked_mul(self.lo(dom)).ok_or_else(|| overflow(span))?)
                .ok_or_else(|| overflow(span))?;
            let (first, width) = self.int_bits(pr, idx);
            for j in 0..width {
                let w = match self.ints {
                    IntEncoding::Order => a,
                    IntEncoding::Log => a.checked_mul(1i64 << j.min(62)).ok_or_else(|| overflow(span))?,
                };
                bits.push((w, Var::from_index((first + j - 1) as usize).pos()));
            }
        }
        if bits.len() > MAX_BITS {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                span,
                format!("a comparison over {} bits", bits.len()),
                format!("at most {MAX_BITS}"),
            );
            return Err(self.bind_err(e, env));
        }
        let neg: Vec<(i64, Lit)> = bits.iter().map(|&(w, l)| (w.saturating_neg(), l)).collect();
        let le = |me: &mut Self, k: i64| me.pb_le(bits.clone(), k);
        let node = match op {
            CmpOp::Le => le(self, c.saturating_neg())?,
            CmpOp::Lt => le(self, c.saturating_neg().saturating_sub(1))?,
            CmpOp::Ge => self.pb_le(neg, c)?,
            CmpOp::Gt => self.pb_le(neg, c.saturating_sub(1))?,
            CmpOp::Eq => {
                let (p, q) = (le(self, c.saturating_neg())?, self.pb_le(neg, c)?);
                self.and_or(p, q, true)
            }
            CmpOp::Ne => {
                let (p, q) = (le(self, c.saturating_neg().saturating_sub(1))?, self.pb_le(neg, c.saturating_sub(1))?);
                self.and_or(p, q, false)
            }
        };
        Ok(match node {
            Node::True => Err(true),
            Node::False => Err(false),
            Node::Lit(l) => Ok(l),
        })
    }

    fn aux_var(&mut self, what: &str) -> Var {
        let v = self.cnf.new_var();
        self.names.push(format!("aux({what} #{})", self.aux_count));
        self.atom_of.push(None);
        self.aux_count += 1;
        v
    }

    fn and_or(&mut self, p: Node, q: Node, and: bool) -> Node {
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

    /// `sum w_i l_i <= k` as a BDD; returns its root.
    fn pb_le(&mut self, terms: Vec<(i64, Lit)>, mut k: i64) -> Result<Node> {
        let mut ts: Vec<(i64, Lit)> = Vec::new();
        for (w, l) in terms {
            if w < 0 {
                k = k.saturating_sub(w);
                ts.push((w.saturating_neg(), !l));
            } else if w > 0 {
                ts.push((w, l));
            }
        }
        ts.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut suffix = vec![0i64; ts.len() + 1];
        for i in (0..ts.len()).rev() {
            suffix[i] = suffix[i + 1].saturating_add(ts[i].0);
        }
        let mut memo: HashMap<(usize, i64), Node> = HashMap::new();
        // Iterative post-order over (i, rem).
        let mut stack = vec![(0usize, k, false)];
        while let Some((i, rem, expanded)) = stack.pop() {
            if rem < 0 || suffix[i] <= rem || memo.contains_key(&(i, rem)) {
                continue;
            }
            let (w, l) = ts[i];
            let (hi_key, lo_key) = ((i + 1, rem.saturating_sub(w)), (i + 1, rem));
            if !expanded {
                stack.push((i, rem, true));
                stack.push((hi_key.0, hi_key.1, false));
                stack.push((lo_key.0, lo_key.1, false));
                continue;
            }
            let get = |memo: &HashMap<(usize, i64), Node>, (j, r): (usize, i64)| {
                if r < 0 {
                    Node::False
                } else if suffix[j] <= r {
                    Node::True
                } else {
                    memo.get(&(j, r)).copied().unwrap_or(Node::False)
                }
            };
            let (hi, lo) = (get(&memo, hi_key), get(&memo, lo_key));
            let node = if hi == lo {
                hi
            } else {
                let t = self.aux_var("sum");
                // t and not l -> lo;  t and l -> hi
                for (cond, target) in [(l, lo), (!l, hi)] {
                    match target {
                        Node::True => {}
                        Node::False => self.cnf.add_clause(&[t.neg(), cond]),
                        Node::Lit(x) => self.cnf.add_clause(&[t.neg(), cond, x]),
                    }
                }
                Node::Lit(t.pos())
            };
            memo.insert((i, rem), node);
            if memo.len() > MAX_NODES {
                return Err(QpropError::nowhere(
                    ErrorKind::TooLarge,
                    format!("a sum needs more than {MAX_NODES} BDD nodes"),
                ));
            }
        }
        Ok(if k < 0 {
            Node::False
        } else if suffix[0] <= k {
            Node::True
        } else {
            memo.get(&(0, k)).copied().unwrap_or(Node::False)
        })
    }
}
