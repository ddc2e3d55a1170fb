//! Reification: a literal for ANY formula in negation normal form (Tseitin), written in the
//! directions the context needs (polarity-aware, Plaisted–Greenbaum): [`Pol::Imp`] when the literal
//! only has to imply the formula (it stands positively in a clause), [`Pol::Rev`] when the formula
//! only has to imply the literal, [`Pol::Both`] for an equivalence (`[formula]` in a sum, `iff`).
//! Used for `[formula]`, counting over any formula, counting constraints under any connective,
//! `count { ... }` terms and tables (an integer term among an atom's arguments).
//!
//! Common subexpressions are shared: every conjunction (and disjunction, a negated conjunction)
//! gets one variable per set of input literals, every comparison of integer terms one literal per
//! ground comparison, and every reified counter one set of outputs per multiset of counted
//! literals. A shared literal whose first use wrote one direction gets the other written when a
//! later use needs it.

use wgrnd_sat::Lit;

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::mix::{MixMap, MixSet};
use crate::nnf::{Counting, Literal, G};
use crate::program::is_data;
use crate::program::{eval_term, CmpOp, Val, T};

/// Which directions of `literal <-> formula` a context needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pol {
    /// The literal implies the formula.
    Imp,
    /// The formula implies the literal.
    Rev,
    /// Both.
    Both,
}

impl Pol {
    /// The directions for the negated formula.
    pub(crate) fn flip(self) -> Pol {
        match self {
            Pol::Imp => Pol::Rev,
            Pol::Rev => Pol::Imp,
            Pol::Both => Pol::Both,
        }
    }
    pub(crate) fn imp(self) -> bool {
        matches!(self, Pol::Imp | Pol::Both)
    }
    pub(crate) fn rev(self) -> bool {
        matches!(self, Pol::Rev | Pol::Both)
    }
}

/// A literal, or the constant value of a formula that grounding decided.
pub(crate) type Bit = std::result::Result<Lit, bool>;

/// The negation of a [`Bit`].
pub(crate) fn not(b: Bit) -> Bit {
    match b {
        Ok(l) => Ok(!l),
        Err(v) => Err(!v),
    }
}

/// Largest number of tuples a table atom may enumerate.
pub(crate) const MAX_TABLE_TUPLES: f64 = 1_000_000.0;
/// Largest number of counter atoms of one reified count.
const MAX_COUNTER: f64 = 50_000_000.0;

/// What is shared, and how much sharing saved.
#[derive(Default)]
pub(crate) struct Memo {
    /// Conjunctions by sorted input literals: the gate and the directions written.
    gates: MixMap<Vec<Lit>, (Lit, bool, bool)>,
    /// `int_cmp` results by operator and ground key of both sides.
    cmps: MixMap<(u8, Vec<i64>), Bit>,
    /// Comparisons whose two one-way literals are already tied into an equivalence.
    tied: MixSet<(u8, Vec<i64>)>,
    /// Counter outputs by counted literals, number of outputs and directions.
    counters: MixMap<(Vec<Lit>, usize, bool, bool), Vec<Lit>>,
    /// How many times a shared literal was reused instead of encoded again.
    pub(crate) hits: u64,
    /// Sharing switched off (`GroundOptions::share` false): nothing is looked up.
    pub(crate) off: bool,
}

impl Memo {
    /// An empty memo; `share` false looks nothing up (to measure what sharing saves).
    pub(crate) fn new(share: bool) -> Memo {
        Memo { off: !share, ..Memo::default() }
    }
}

/// The error for an order constraint where only data may stand.
pub(crate) fn not_data(span: Span) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        span,
        "an order constraint inside a guard or definition",
        "expected a data formula",
    )
}

fn op_code(op: CmpOp) -> u8 {
    match op {
        CmpOp::Eq => 0,
        CmpOp::Ne => 1,
        CmpOp::Lt => 2,
        CmpOp::Le => 3,
        CmpOp::Gt => 4,
        CmpOp::Ge => 5,
    }
}

impl Grounder<'_> {
    /// A fresh auxiliary variable named after what it stands for.
    pub(crate) fn fresh(&mut self, what: &'static str) -> Lit {
        self.aux_var(what).pos()
    }

    /// A fresh auxiliary variable named after what it stands for, a text made for it.
    pub(crate) fn fresh_text(&mut self, what: String) -> Lit {
        self.aux_var_as(what.into()).pos()
    }

    /// Adds the clause `prefix or bits` (true bits drop it, false bits drop out).
    pub(crate) fn clause_with(&mut self, prefix: &[Lit], bits: &[Bit]) {
        let mut lits = prefix.to_vec();
        for b in bits {
            match b {
                Ok(l) => lits.push(*l),
                Err(true) => return,
                Err(false) => {}
            }
        }
        self.clause(&mut lits);
    }

    /// A literal for `g` under `env`, in the directions `pol`. A leaf whose terms may be
    /// undefined (an element index outside its domain) is false there as written (`relational`).
    pub(crate) fn reify(&mut self, g: &G, env: &mut Env, pol: Pol) -> Result<Bit> {
        let negated = match g {
            G::Cmp(c) if c.reads_int => c.neg,
            G::Lit(l) if l.reads_int => !l.positive,
            G::Count(c) => !c.pos,
            G::Order(_, n) | G::Lex(_, n) => *n,
            _ => return self.reify_leaf(g, env, pol),
        };
        let (b, undefined) = self.defined(|me| me.reify_leaf(g, env, pol))?;
        Ok(self.relational(b, undefined, negated, pol))
    }

    /// Runs `f` (the grounding of one formula leaf) collecting the conditions under which one of
    /// the leaf's terms is undefined.
    pub(crate) fn defined<R>(&mut self, f: impl FnOnce(&mut Self) -> Result<R>) -> Result<(R, Vec<Bit>)> {
        let outer = self.undefined.replace(Vec::new());
        let r = f(self);
        let undefined = std::mem::replace(&mut self.undefined, outer).unwrap_or_default();
        Ok((r?, undefined))
    }

    /// MiniZinc's relational semantics: a leaf with an undefined term is false as written. `b`
    /// is the leaf as grounded (`negated`: written under a negation, so `b` stands for its
    /// negation), `undefined` the conditions collected by [`Grounder::defined`].
    pub(crate) fn relational(&mut self, b: Bit, undefined: Vec<Bit>, negated: bool, pol: Pol) -> Bit {
        if undefined.is_empty() {
            return b;
        }
        let mut bits = vec![b];
        if negated {
            bits.extend(undefined);
            self.gate(false, bits, pol)
        } else {
            bits.extend(undefined.into_iter().map(not));
            self.gate(true, bits, pol)
        }
    }

    /// [`Grounder::reify`] without the undefined terms' conditions.
    fn reify_leaf(&mut self, g: &G, env: &mut Env, pol: Pol) -> Result<Bit> {
        match g {
            G::Const(b) => Ok(Err(*b)),
            G::Lit(l) => self.literal_pol(l, env, pol),
            G::Cmp(c) if c.reads_int => self.cmp_bit(c.op, c.a, c.b, c.span, env, pol),
            G::Cmp(c) => {
                let x = eval_term(c.a, env).map_err(|e| self.bind_err(e, env))?;
                let y = eval_term(c.b, env).map_err(|e| self.bind_err(e, env))?;
                match c.op.holds(x, y) {
                    Some(v) => Ok(Err(v)),
                    None => Err(self.bind_err(
                        QpropError::new(ErrorKind::Type, c.span, "ordered comparison of symbols", "expected integers"),
                        env,
                    )),
                }
            }
            G::And(items) | G::Or(items) => {
                let and = matches!(g, G::And(_));
                let mut bits = Vec::with_capacity(items.len());
                for it in items {
                    let b = self.reify(it, env, pol)?;
                    if b == Err(!and) {
                        return Ok(b);
                    }
                    bits.push(b);
                }
                Ok(self.gate(and, bits, pol))
            }
            G::All(plan, body) | G::Any(plan, body) => {
                let and = matches!(g, G::All(..));
                let mut bits = Vec::new();
                let mut decided = false;
                self.each(plan, env, &mut |me, env| {
                    let b = me.reify(body, env, pol)?;
                    decided = b == Err(!and);
                    bits.push(b);
                    Ok(decided)
                })?;
                if decided {
                    return Ok(Err(!and));
                }
                Ok(self.gate(and, bits, pol))
            }
            G::Count(c) => self.reify_count(c, env, pol),
            G::Parity(c) => self.reify_parity(c, env),
            G::AllDiff(a) => {
                let e = QpropError::new(
                    ErrorKind::Unsupported,
                    a.span,
                    "'alldifferent' inside 'or', '->', 'not' or '[...]'",
                    "'alldifferent' must hold outright (under 'forall' and 'and' only)",
                );
                Err(self.bind_err(e, env))
            }
            G::Connected(c) => {
                let e = QpropError::new(
                    ErrorKind::Unsupported,
                    c.c.span,
                    "connectivity constraint inside 'or', '->', 'not' or '[...]'",
                    "'connected' and 'circuit' must hold outright (under 'forall' and 'and' only)",
                );
                Err(self.bind_err(e, env))
            }
            G::Regions(d) => Err(self.bind_err(crate::regions::not_outright(d.r), env)),
            G::Runs(r) => Err(self.bind_err(crate::regular::not_outright(r.r.span), env)),
            G::Global(c, neg) => crate::global::ground(self, c, *neg, env, pol),
            G::Order(..) | G::Lex(..) => {
                let t = self.fresh("order constraint");
                if pol.imp() {
                    self.order_clauses(g, false, env, &[!t])?;
                }
                if pol.rev() {
                    self.order_clauses(g, true, env, &[t])?;
                }
                Ok(Ok(t))
            }
        }
    }

    /// A literal for a data or solved-for literal, or a table/element atom (an integer term
    /// among the arguments), in the directions `pol`.
    pub(crate) fn literal_pol(&mut self, l: &Literal, env: &mut Env, pol: Pol) -> Result<Bit> {
        if l.reads_int {
            let p = if l.positive { pol } else { pol.flip() };
            let b = self.table(l, env, p)?;
            return Ok(if l.positive { b } else { not(b) });
        }
        self.literal(l, env)
    }

    /// The conjunction (`and`) or disjunction of `bits` as one literal, shared with every other
    /// use of the same inputs. A disjunction is the negated conjunction of the negated inputs.
    pub(crate) fn gate(&mut self, and: bool, bits: Vec<Bit>, pol: Pol) -> Bit {
        if !and {
            let neg = bits.into_iter().map(not).collect();
            return not(self.gate(true, neg, pol.flip()));
        }
        let mut lits = Vec::with_capacity(bits.len());
        for b in bits {
            match b {
                Ok(l) => lits.push(l),
                Err(false) => return Err(false),
                Err(true) => {}
            }
        }
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] == !w[1]) {
            return Err(false);
        }
        match lits.len() {
            0 => return Err(true),
            1 => return Ok(lits[0]),
            _ => {}
        }
        let known = if self.memo.off { None } else { self.memo.gates.get(&lits) };
        let (t, mut imp, mut rev) = match known {
            Some(&e) => {
                self.memo.hits += 1;
                e
            }
            None => (self.fresh("and"), false, false),
        };
        if pol.imp() && !imp {
            for &l in &lits {
                self.cnf.add_clause(&[!t, l]);
            }
            imp = true;
        }
        if pol.rev() && !rev {
            let mut c: Vec<Lit> = lits.iter().map(|l| !*l).collect();
            c.push(t);
            self.cnf.add_clause(&c);
            rev = true;
        }
        self.memo.gates.insert(lits, (t, imp, rev));
        Ok(t)
    }

    /// `a op b` over integer terms as a literal in the directions `pol`: the comparison's own
    /// one-way literal (it implies `a op b`), the negation of the opposite comparison's (`a op b`
    /// implies it), or both tied by one clause (then either is equivalent to the comparison).
    pub(crate) fn cmp_bit(&mut self, op: CmpOp, a: &T, b: &T, span: Span, env: &mut Env, pol: Pol) -> Result<Bit> {
        let key = self.cmp_key(a, b, env);
        let imp = if pol.imp() { Some(self.cmp_once(op, a, b, span, env, &key)?) } else { None };
        let rev = if pol.rev() { Some(not(self.cmp_once(op.negate(), a, b, span, env, &key)?)) } else { None };
        Ok(match (imp, rev) {
            (Some(i), None) => i,
            (None, Some(r)) => r,
            (Some(Err(v)), Some(_)) | (Some(_), Some(Err(v))) => Err(v),
            (Some(Ok(i)), Some(Ok(r))) => {
                // i -> (a op b) -> r; the clause `i or not r` closes the loop.
                let tie = key.filter(|_| !self.memo.off).map(|k| (op_code(op), k));
                if tie.as_ref().is_none_or(|t| !self.memo.tied.contains(t)) {
                    self.cnf.add_clause(&[i, !r]);
                    if let Some(t) = tie {
                        self.memo.tied.insert(t);
                    }
                }
                Ok(i)
            }
            (None, None) => Err(true),
        })
    }

    /// `int_cmp`, remembered by the comparison's ground key.
    fn cmp_once(&mut self, op: CmpOp, a: &T, b: &T, span: Span, env: &mut Env, key: &Option<Vec<i64>>) -> Result<Bit> {
        let k = key.as_ref().filter(|_| !self.memo.off).map(|k| (op_code(op), k.clone()));
        if let Some(hit) = k.as_ref().and_then(|k| self.memo.cmps.get(k)) {
            self.memo.hits += 1;
            return Ok(*hit);
        }
        let r = self.int_cmp(op, a, b, span, env)?;
        if let Some(k) = k {
            self.memo.cmps.insert(k, r);
        }
        Ok(r)
    }

    /// The ground key of `a` and `b` (values, integer atoms by index), if both have one.
    fn cmp_key(&self, a: &T, b: &T, env: &Env) -> Option<Vec<i64>> {
        let mut out = Vec::new();
        self.term_key(a, env, &mut out)?;
        out.push(-7);
        self.term_key(b, env, &mut out)?;
        Some(out)
    }

    fn term_key(&self, t: &T, env: &Env, out: &mut Vec<i64>) -> Option<()> {
        match t {
            T::Const(_) | T::Var(_) => match eval_term(t, env).ok()? {
                Val::Int(v) => out.extend([0, v]),
                Val::Sym(s) => out.extend([1, i64::from(s)]),
            },
            T::Neg(a, _) => {
                out.push(2);
                self.term_key(a, env, out)?;
            }
            T::Bin(b) => {
                out.extend([3, b.op as i64]);
                self.term_key(&b.a, env, out)?;
                self.term_key(&b.b, env, out)?;
            }
            T::IntVar(pr, args, s) => {
                if args.iter().any(crate::linear::has_int) {
                    return None;
                }
                let idx = self.atom_index(*pr, args, *s, env).ok()?;
                out.extend([4, pr.index() as i64, idx as i64]);
            }
            T::Sum(..) | T::Bool(..) | T::Count(..) | T::MinMax(..) => return None,
        }
        Some(())
    }

    /// `[formula]`: a literal equivalent to the formula, or its value.
    pub(crate) fn bool_bit(&mut self, f: &crate::program::F, env: &mut Env) -> Result<Bit> {
        let g = crate::nnf::nnf(self.p, f, true)?;
        self.reify(&g, env, Pol::Both)
    }

    /// `count { f : binders | guard }`: the number of bindings whose formula grounding decided
    /// true, and a literal equivalent to the formula for each of the others.
    pub(crate) fn count_bits(&mut self, c: &crate::program::CountTerm, env: &mut Env) -> Result<(i64, Vec<Lit>)> {
        let g = crate::nnf::nnf(self.p, &c.body, true)?;
        let (mut fixed, mut lits) = (0i64, Vec::new());
        self.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
            match me.reify(&g, env, Pol::Both)? {
                Ok(l) => lits.push(l),
                Err(true) => fixed += 1,
                Err(false) => {}
            }
            Ok(false)
        })?;
        Ok((fixed, lits))
    }

    /// A counting constraint (`kind bound { lit : ... }`, or `not exactly`) as a literal: a
    /// sequential counter whose outputs `o_j <-> at least j counted literals hold` are written in
    /// the directions needed, compared with the bound.
    pub(crate) fn reify_count(&mut self, c: &Counting, env: &mut Env, pol: Pol) -> Result<Bit> {
        // The counted formulas need the direction that makes the count err on the safe side.
        let lit_pol = match (c.kind, c.negated, pol) {
            (_, _, Pol::Both) | (CountKind::Exactly, _, _) => Pol::Both,
            (CountKind::AtMost, _, p) => p.flip(),
            (CountKind::AtLeast, _, p) => p,
        };
        let (mut fixed, mut lits) = (0i64, Vec::new());
        self.each(&c.plan, env, &mut |me, env| {
            match me.reify(&c.lit, env, lit_pol)? {
                Ok(l) => lits.push(l),
                Err(true) => fixed += 1,
                Err(false) => {}
            }
            Ok(false)
        })?;
        let Val::Int(k) = eval_term(c.bound, env).map_err(|e| self.bind_err(e, env))? else {
            return Err(QpropError::nowhere(ErrorKind::Type, "counting bound is a symbol"));
        };
        let k = k.saturating_add(c.offset).saturating_sub(fixed);
        let n = lits.len() as i64;
        // Outputs needed: up to k + 1 (at most n).
        let m = k.saturating_add(1).clamp(0, n) as usize;
        if (n as f64) * (m as f64) > MAX_COUNTER {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                c.span,
                format!("a reified count over {n} formulas with bound {k} needs about {} counter atoms", n * m as i64),
                format!("at most {MAX_COUNTER:.0}"),
            );
            return Err(self.bind_err(e, env));
        }
        // up: sum >= j implies o_j; down: o_j implies sum >= j.
        let (up, down) = match (c.kind, c.negated, pol) {
            (CountKind::AtMost, false, Pol::Imp) | (CountKind::AtLeast, false, Pol::Rev) => (true, false),
            (CountKind::AtMost, false, Pol::Rev) | (CountKind::AtLeast, false, Pol::Imp) => (false, true),
            _ => (true, true),
        };
        let outs = self.counter(lits, m, up, down);
        let o = |j: i64| -> Bit {
            if j <= 0 {
                Err(true)
            } else if j > n {
                Err(false)
            } else {
                Ok(outs[j as usize - 1])
            }
        };
        Ok(match (c.kind, c.negated) {
            (CountKind::AtMost, _) => not(o(k.saturating_add(1))),
            (CountKind::AtLeast, _) => o(k),
            (CountKind::Exactly, false) => self.gate(true, vec![o(k), not(o(k.saturating_add(1)))], pol),
            (CountKind::Exactly, true) => self.gate(false, vec![not(o(k)), o(k.saturating_add(1))], pol),
        })
    }

    /// Sequential counter over `lits` with outputs `o_1..o_m` (`o_j` for "at least j"): `up`
    /// writes "at least j true implies o_j", `down` writes "o_j implies at least j true".
    fn counter(&mut self, mut lits: Vec<Lit>, m: usize, up: bool, down: bool) -> Vec<Lit> {
        lits.sort_unstable();
        let key = (lits, m, up, down);
        if let Some(o) = self.memo.counters.get(&key).filter(|_| !self.memo.off) {
            self.memo.hits += 1;
            return o.clone();
        }
        let lits = &key.0;
        // prev[j-1] = s(i-1, j): at least j of the first i-1 literals.
        let mut prev: Vec<Lit> = Vec::new();
        for (i, &x) in lits.iter().enumerate() {
            let width = (i + 1).min(m);
            let mut cur = Vec::with_capacity(width);
            for j in 1..=width {
                let s = self.fresh("count");
                let same = prev.get(j - 1).copied();
                let below = if j == 1 { None } else { prev.get(j - 2).copied() };
                if up {
                    if let Some(p) = same {
                        self.cnf.add_clause(&[!p, s]);
                    }
                    match (j, below) {
                        (1, _) => self.cnf.add_clause(&[!x, s]),
                        (_, Some(b)) => self.cnf.add_clause(&[!x, !b, s]),
                        _ => {}
                    }
                }
                if down {
                    // s -> same or x;  s -> same or below (j >= 2)
                    let mut c1 = vec![!s, x];
                    c1.extend(same);
                    self.cnf.add_clause(&c1);
                    if j >= 2 {
                        let mut c2 = vec![!s];
                        c2.extend(same);
                        c2.extend(below);
                        self.cnf.add_clause(&c2);
                    }
                }
                cur.push(s);
            }
            prev = cur;
        }
        let outs: Vec<Lit> = prev.into_iter().take(m).collect();
        self.memo.counters.insert(key, outs.clone());
        outs
    }

    /// An atom with integer terms among its arguments. For a data predicate this is the table
    /// constraint over its true tuples; for a solved-for predicate, element over its atoms. The
    /// support encoding: one selector per candidate tuple (the conjunction of the integer
    /// arguments' equalities, and the atom for a solved-for predicate), their disjunction the
    /// literal. A value outside the argument's domain selects no tuple: the atom is false there
    /// (as the checker judges it), whatever the context (a hard clause keeping the term inside the
    /// domain would be wrong under `or`, `->`, `not`).
    fn table(&mut self, l: &Literal, env: &mut Env, pol: Pol) -> Result<Bit> {
        let p = self.p;
        let pr = &p.preds[l.pred];
        // Per argument: a fixed value, or the candidate values of an integer term.
        let mut fixed: Vec<Option<Val>> = Vec::with_capacity(l.args.len());
        let mut cands: Vec<Vec<i64>> = Vec::with_capacity(l.args.len());
        let mut size = 1.0f64;
        for (t, &d) in l.args.iter().zip(&pr.args) {
            let dom = &p.domains[d];
            if !crate::linear::has_int(t) {
                fixed.push(Some(eval_term(t, env).map_err(|e| self.bind_err(e, env))?));
                cands.push(Vec::new());
                continue;
            }
            let vals: Vec<i64> = dom
                .values
                .iter()
                .filter_map(|v| match v {
                    Val::Int(x) => Some(*x),
                    Val::Sym(_) => None,
                })
                .collect();
            size *= vals.len() as f64;
            fixed.push(None);
            cands.push(vals);
        }
        if size > MAX_TABLE_TUPLES {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                l.span,
                format!("a table or element atom over about {size:.0} argument tuples"),
                format!("at most {MAX_TABLE_TUPLES:.0} tuples per atom"),
            );
            return Err(self.bind_err(e, env));
        }
        let data = is_data(p, l.pred);
        let mut choice = vec![0usize; l.args.len()];
        let mut selectors = Vec::new();
        'tuples: loop {
            let tuple: Vec<Val> = fixed
                .iter()
                .zip(&cands)
                .zip(&choice)
                .map(|((f, c), &k)| f.unwrap_or_else(|| Val::Int(c.get(k).copied().unwrap_or(0))))
                .collect();
            if cands.iter().zip(&fixed).all(|(c, f)| f.is_some() || !c.is_empty()) {
                let args: Vec<T> = tuple.iter().map(|v| T::Const(*v)).collect();
                let idx = self.atom_index(l.pred, &args, l.span, env)?;
                let atom: Bit = if data {
                    Err(self.data_atom(l.pred, idx, l.span)?)
                } else {
                    match self.fixed(l.pred, idx) {
                        Some(v) => Err(v),
                        None => Ok(self.var(l.pred, idx).pos()),
                    }
                };
                if atom != Err(false) {
                    let mut conj = vec![atom];
                    for ((t, f), v) in l.args.iter().zip(&fixed).zip(&tuple) {
                        if f.is_none() {
                            conj.push(self.cmp_bit(CmpOp::Eq, t, &T::Const(*v), l.span, env, pol)?);
                        }
                    }
                    selectors.push(self.gate(true, conj, pol));
                }
            }
            // Next tuple (odometer over the integer positions).
            for (i, c) in cands.iter().enumerate().rev() {
                if fixed[i].is_some() {
                    continue;
                }
                choice[i] += 1;
                if choice[i] < c.len() {
                    continue 'tuples;
                }
                choice[i] = 0;
            }
            break;
        }
        Ok(self.gate(false, selectors, pol))
    }
}
