//! Grounding of parity constraints, `xor {...}` / `odd {...}` / `even {...}` (docs/qprop.md,
//! "Parity"): the counted formulas become literals (reified both ways where they are not atoms),
//! their signs and the constants among them fold into the right-hand side, a variable that occurs
//! twice cancels (`x xor x` is false), and what is left is one XOR over distinct variables.
//!
//! That XOR is cut into chunks of at most [`CHUNK`] variables chained by auxiliary variables,
//! `x1 + x2 + x3 + a1 = 0`, `a1 + x4 + x5 + a2 = 0`, ..., `a_k + ... = rhs` (sums over GF(2)):
//! each auxiliary is the parity of the prefix before it, so it is determined by the atoms and
//! counts stay exact. Each chunk is written as the 2^(k-1) clauses that forbid its wrong-parity
//! assignments and recorded as an [`Xor`] with the range of those clauses, for the parity engine
//! (wgrnd-count's `gauss`) and `encode --xor-lines`.
//!
//! A sum of truth values compared `mod 2` with 0 or 1 (`sum { [f] : binders | guard } mod 2 = 1`,
//! either side, `=` or `!=`) is recognised as the same parity constraint ([`sum_mod_two`]).
//!
//! A parity under `or`, `->`, `not` or counted (a reified one) is the XOR with one more fresh
//! variable `t`: `vars + t = not rhs` makes `t` true exactly when the parity holds.

use wgrnd_sat::{Lit, Var};
use wgrnd_seam::Xor;

use crate::error::Result;
use crate::ground::{Env, Grounder};
use crate::nnf::{ParityG, G};
use crate::ops::Op;
use crate::program::{Cmp, CmpOp, Program, Val, T};
use crate::reify::{Bit, Pol};

/// `sum { [f] : binders | guard } mod 2 = k` (k 0 or 1, `=` or `!=`, either side; negated when
/// `!pos`) as a parity constraint in NNF; `None` for any other comparison.
pub(crate) fn sum_mod_two<'a>(p: &Program, c: &'a Cmp, pos: bool) -> Result<Option<G<'a>>> {
    let eq = match c.op {
        CmpOp::Eq => true,
        CmpOp::Ne => false,
        _ => return Ok(None),
    };
    let parts = |m: &'a T, k: &'a T| -> Option<(&'a crate::program::Sum, &'a crate::program::F, bool)> {
        let (T::Bin(b), T::Const(Val::Int(k))) = (m, k) else { return None };
        let (T::Sum(s), T::Const(Val::Int(2)), Op::Mod) = (&b.a, &b.b, b.op) else { return None };
        let T::Bool(f, _) = &s.body else { return None };
        matches!(k, 0 | 1).then_some((&**s, &**f, *k == 1))
    };
    let Some((sum, f, one)) = parts(&c.a, &c.b).or_else(|| parts(&c.b, &c.a)) else { return Ok(None) };
    let lit = crate::nnf::nnf(p, f, true)?;
    let plan = crate::nnf::plan(p, &sum.binders, sum.guard.as_ref(), &G::Const(false), true)?;
    Ok(Some(G::Parity(Box::new(ParityG { odd: (one == eq) == pos, lit, plan }))))
}

/// Most variables of one chunk (auxiliaries included): 2^(CHUNK-1) = 8 clauses per chunk.
pub(crate) const CHUNK: usize = 4;

impl Grounder<'_> {
    /// The parity as distinct variables and the parity they must have.
    fn parity_vars(&mut self, c: &ParityG, env: &mut Env) -> Result<(Vec<Var>, bool)> {
        let mut lits: Vec<Lit> = Vec::new();
        let mut rhs = c.odd;
        self.each(&c.plan, env, &mut |me, env| {
            match me.reify(&c.lit, env, Pol::Both)? {
                Ok(l) => lits.push(l),
                Err(true) => rhs = !rhs,
                Err(false) => {}
            }
            Ok(false)
        })?;
        let mut vars: Vec<Var> = Vec::with_capacity(lits.len());
        for l in lits {
            // A negated literal is its variable xor 1.
            if !l.is_positive() {
                rhs = !rhs;
            }
            vars.push(l.var());
        }
        vars.sort_unstable_by_key(|v| v.get());
        // Pairs cancel: keep the variables that occur an odd number of times.
        let mut kept: Vec<Var> = Vec::with_capacity(vars.len());
        for v in vars {
            if kept.last() == Some(&v) {
                kept.pop();
            } else {
                kept.push(v);
            }
        }
        Ok((kept, rhs))
    }

    /// Posts the parity constraint outright.
    pub(crate) fn post_parity(&mut self, c: &ParityG, env: &mut Env) -> Result<()> {
        let (vars, rhs) = self.parity_vars(c, env)?;
        self.post_xor(vars, rhs);
        Ok(())
    }

    /// A literal equivalent to the parity constraint (or its value, when grounding decides it).
    pub(crate) fn reify_parity(&mut self, c: &ParityG, env: &mut Env) -> Result<Bit> {
        let (mut vars, rhs) = self.parity_vars(c, env)?;
        if vars.is_empty() {
            return Ok(Err(!rhs));
        }
        let t = self.aux_var("parity");
        vars.push(t);
        self.post_xor(vars, !rhs);
        Ok(Ok(t.pos()))
    }

    /// `vars[0] + ... = rhs` over GF(2), cut into chained chunks (see the module documentation).
    pub(crate) fn post_xor(&mut self, vars: Vec<Var>, rhs: bool) {
        let mut sink = XorSink {
            cnf: &mut self.cnf,
            xors: &mut self.xors,
            names: &mut self.names,
            atom_of: &mut self.atom_of,
            aux_count: &mut self.aux_count,
        };
        sink.post_xor(vars, rhs);
    }
}

/// The name (`aux(xor chain #N)`) of the auxiliaries that chain the chunks of one XOR.
pub(crate) const CHAIN: &str = "xor chain";

/// Where XORs are written: the grounder's formula, its XOR list and its variable tables (also
/// after grounding, by the elimination of the linear part, `xorelim`).
pub(crate) struct XorSink<'a> {
    pub cnf: &'a mut wgrnd_sat::Cnf,
    pub xors: &'a mut Vec<Xor>,
    pub names: &'a mut Vec<String>,
    pub atom_of: &'a mut Vec<Option<(u32, u32)>>,
    pub aux_count: &'a mut u32,
}

impl XorSink<'_> {
    /// `vars[0] + ... = rhs` over GF(2), cut into chained chunks (see the module documentation).
    pub(crate) fn post_xor(&mut self, vars: Vec<Var>, rhs: bool) {
        if vars.is_empty() {
            if rhs {
                self.cnf.add_clause(&[]);
            }
            return;
        }
        let mut rest = vars.into_iter();
        let mut carry: Option<Var> = None;
        loop {
            let mut chunk: Vec<Var> = carry.into_iter().collect();
            chunk.extend(rest.by_ref().take(CHUNK - chunk.len()));
            if rest.len() == 0 {
                self.xor_chunk(chunk, rhs);
                return;
            }
            // One slot goes to the auxiliary that carries the parity on: give back a variable.
            let last = chunk.pop();
            let mut back: Vec<Var> = last.into_iter().collect();
            back.extend(rest);
            rest = back.into_iter();
            let a = self.cnf.new_var();
            self.names.push(format!("aux({CHAIN} #{})", self.aux_count));
            self.atom_of.push(None);
            *self.aux_count += 1;
            chunk.push(a);
            self.xor_chunk(chunk, false);
            carry = Some(a);
        }
    }

    /// Writes one chunk's clauses and records it.
    fn xor_chunk(&mut self, vars: Vec<Var>, rhs: bool) {
        let start = self.cnf.num_own_clauses();
        let k = vars.len();
        let mut clause = Vec::with_capacity(k);
        for bits in 0u32..(1 << k) {
            // Forbid each assignment of the wrong parity: the clause it falsifies.
            if (bits.count_ones() % 2 == 1) == rhs {
                continue;
            }
            clause.clear();
            clause.extend(vars.iter().enumerate().map(|(i, v)| v.lit(bits >> i & 1 == 0)));
            self.cnf.add_clause(&clause);
        }
        let end = self.cnf.num_own_clauses();
        self.xors.push(Xor { vars, rhs, clauses: start..end });
    }
}
