//! Integer terms that need an auxiliary integer: an element (`y(x(i))`, an integer variable
//! indexed by an integer term), `min`/`max` and the product of two integer variables; and the
//! `alldifferent` constraint. Each auxiliary is fixed by its clauses (one value per assignment
//! of the operands), so it never changes a count.

use std::collections::BTreeSet;

use wgrnd_sat::amo::at_most_one;
use wgrnd_sat::Lit;

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::ints::{IntRef, View};
use crate::linear::{has_int, too_many_values, MAX_AUX_VALUES};
use crate::nnf::AllDiffG;
use crate::program::{eval_term, MinMax, PredId, Val, T};
use crate::reify::Pol;

/// Most value pairs a product of two integer variables may have.
pub(crate) const MAX_PRODUCT_PAIRS: usize = 250_000;

/// Most index tuples an element may range over.
pub(crate) const MAX_ELEMENT_INDEXES: usize = 1_000_000;

impl Grounder<'_> {
    /// `x(args)`: the atom's variable when the arguments are known, else an element.
    pub(crate) fn int_var_ref(&mut self, pr: PredId, args: &[T], s: Span, env: &mut Env) -> Result<IntRef> {
        if !args.iter().any(has_int) {
            let idx = self.atom_index(pr, args, s, env)?;
            return Ok(IntRef::Var(self.int_atom(pr, idx)));
        }
        // Each argument's possible values, with the literal that selects it.
        let doms = self.p.preds[pr].args.clone();
        let mut choices: Vec<Vec<(Val, Option<Lit>)>> = Vec::new();
        let mut total: usize = 1;
        // The literals of index values outside the argument domain: the term is undefined there.
        let mut outside: Vec<Lit> = Vec::new();
        for (a, &d) in args.iter().zip(&doms) {
            let r = self.int_ref(a, s, env)?;
            let mut vs = Vec::new();
            for (v, l) in self.value_lits(r) {
                if self.p.domains[d].pos(v).is_some() {
                    vs.push((v, l));
                } else {
                    // A value outside the index domain leaves the term undefined: the enclosing
                    // formula is false there (relational semantics); outside any formula, forbidden.
                    match l {
                        Some(l) if self.undefined.is_some() => outside.push(l),
                        Some(l) => self.cnf.add_clause(&[!l]),
                        // A term of the solution that folded to a constant (`0 * x(i)`) outside
                        // the domain: undefined for every solution (no value left, below).
                        None if has_int(a) => {}
                        None => {
                            let e = QpropError::new(
                                ErrorKind::Domain,
                                s,
                                format!("value {} outside domain '{}'", self.show(v), self.p.domains[d].name),
                                format!("an argument of '{}'", self.p.preds[pr].name),
                            );
                            return Err(self.bind_err(e, env));
                        }
                    }
                }
            }
            if vs.is_empty() {
                match &mut self.undefined {
                    Some(u) => u.push(Err(true)),
                    None => self.cnf.add_clause(&[]),
                }
                return Ok(IntRef::Const(Val::Int(0)));
            }
            total = total.saturating_mul(vs.len());
            choices.push(vs);
        }
        if total > MAX_ELEMENT_INDEXES {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                s,
                format!(
                    "indexing '{}' by integer variables ranges over {total} argument tuples",
                    self.p.preds[pr].name
                ),
                format!("at most {MAX_ELEMENT_INDEXES}"),
            );
            return Err(self.bind_err(e, env));
        }
        // Every index tuple: its selecting literals and the variable it picks.
        let mut picks: Vec<(Vec<Lit>, usize)> = Vec::new();
        let mut pos = vec![0usize; choices.len()];
        loop {
            let consts: Vec<T> = pos.iter().zip(&choices).map(|(&k, c)| T::Const(c[k].0)).collect();
            let idx = self.atom_index(pr, &consts, s, env)?;
            let id = self.int_atom(pr, idx);
            let sel: Vec<Lit> = pos.iter().zip(&choices).filter_map(|(&k, c)| c[k].1).collect();
            picks.push((sel, id));
            // Next tuple.
            let mut i = choices.len();
            loop {
                if i == 0 {
                    break;
                }
                i -= 1;
                pos[i] += 1;
                if pos[i] < choices[i].len() {
                    break;
                }
                pos[i] = 0;
            }
            if pos.iter().all(|&k| k == 0) {
                break;
            }
        }
        let sym = picks.iter().any(|(_, id)| self.ivars[*id].sym);
        let mut values: Vec<Val> = Vec::new();
        for (_, id) in &picks {
            for v in &self.ivars[*id].values {
                if !values.contains(v) {
                    values.push(*v);
                }
            }
        }
        if !sym {
            values.sort();
        }
        let name = format!("aux(element of {} #{})", self.p.preds[pr].name, self.aux_count);
        let z = self.make_int(values, sym, View::Direct, &name);
        self.aux_count += self.ivars[z].values.len() as u32;
        for (sel, id) in picks {
            // sel -> z = y(sel), value by value.
            for (v, l) in self.value_lits(IntRef::Var(id)) {
                let Ok(zl) = self.eq_lit(z, v) else { continue };
                let mut c: Vec<Lit> = sel.iter().map(|l| !*l).collect();
                c.extend(l.map(|l| !l));
                c.push(zl);
                self.cnf.add_clause(&c);
            }
        }
        if !outside.is_empty() {
            // Undefined: z takes its first value (so it stays determined and counts exact), and
            // the enclosing formula learns the condition.
            if let Ok(first) = self.eq_lit(z, self.ivars[z].values[0]) {
                for &l in &outside {
                    self.cnf.add_clause(&[!l, first]);
                }
            }
            let u = self.gate(false, outside.into_iter().map(Ok).collect(), Pol::Both);
            if let Some(us) = &mut self.undefined {
                us.push(u);
            }
        }
        Ok(IntRef::Var(z))
    }

    /// `min`/`max` of its operands: an auxiliary whose order view is the conjunction (min) or
    /// disjunction (max) of theirs.
    pub(crate) fn min_max(&mut self, m: &MinMax, env: &mut Env) -> Result<IntRef> {
        let mut ops: Vec<IntRef> = Vec::new();
        for t in &m.items {
            ops.push(self.int_ref(t, m.span, env)?);
        }
        if let Some(c) = &m.comp {
            let mut err = None;
            let mut found = Vec::new();
            self.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                match me.int_ref(&c.body, c.span, env) {
                    Ok(r) => found.push(r),
                    Err(e) => err = Some(e),
                }
                Ok(err.is_some())
            })?;
            if let Some(e) = err {
                return Err(e);
            }
            ops.extend(found);
        }
        if ops.is_empty() {
            return Err(self.bind_err(no_value(m), env));
        }
        // Constants fold into one.
        let mut consts = Vec::new();
        let mut vars = Vec::new();
        for r in ops {
            match r {
                IntRef::Const(Val::Int(c)) => consts.push(c),
                IntRef::Const(Val::Sym(_)) => return Err(self.bind_err(sym_err(m.span), env)),
                IntRef::Var(id) => {
                    self.int_values(id, m.span).map_err(|e| self.bind_err(e, env))?;
                    vars.push(id)
                }
            }
        }
        let folded = if m.max { consts.iter().max() } else { consts.iter().min() }.copied();
        if vars.is_empty() {
            return Ok(IntRef::Const(Val::Int(folded.unwrap_or(0))));
        }
        if vars.len() == 1 && folded.is_none() {
            return Ok(IntRef::Var(vars[0]));
        }
        let mut all: BTreeSet<i64> = folded.into_iter().collect();
        for &id in &vars {
            all.extend(self.int_values(id, m.span)?);
        }
        // The result is at least the largest minimum (max) / at most the smallest maximum (min).
        let mut ends = Vec::new();
        for &id in &vars {
            let v = self.int_values(id, m.span)?;
            ends.push((v[0], v[v.len() - 1]));
        }
        ends.extend(folded.map(|c| (c, c)));
        let (lo, hi) = if m.max {
            (ends.iter().map(|e| e.0).max().unwrap_or(i64::MIN), i64::MAX)
        } else {
            (i64::MIN, ends.iter().map(|e| e.1).min().unwrap_or(i64::MAX))
        };
        let values: Vec<Val> = all.into_iter().filter(|v| *v >= lo && *v <= hi).map(Val::Int).collect();
        let name = format!("aux({} #{})", if m.max { "max" } else { "min" }, self.aux_count);
        let z = self.make_int(values.clone(), false, View::Order, &name);
        self.aux_count += values.len() as u32 - 1;
        for v in values.iter().skip(1) {
            let Val::Int(v) = *v else { continue };
            let Ok(zl) = self.ge_lit(z, v) else { continue };
            // The operands' `>= v`; a constant or a decided operand may decide it.
            let mut ls = Vec::new();
            let mut decided = None;
            for &id in &vars {
                match self.ge_lit(id, v) {
                    Ok(l) => ls.push(l),
                    Err(b) if b == m.max => decided = Some(b),
                    Err(_) => {}
                }
            }
            if folded.is_some_and(|c| (c >= v) == m.max) {
                decided = Some(m.max);
            }
            if let Some(b) = decided {
                self.cnf.add_clause(&[if b { zl } else { !zl }]);
                continue;
            }
            if m.max {
                // z >= v <-> some operand >= v.
                let mut c = vec![!zl];
                c.extend(&ls);
                self.cnf.add_clause(&c);
                for l in &ls {
                    self.cnf.add_clause(&[!*l, zl]);
                }
            } else {
                // z >= v <-> every operand >= v.
                for l in &ls {
                    self.cnf.add_clause(&[!zl, *l]);
                }
                let mut c: Vec<Lit> = ls.iter().map(|l| !*l).collect();
                c.push(zl);
                self.cnf.add_clause(&c);
            }
        }
        Ok(IntRef::Var(z))
    }

    /// `a * b` for two integer operands: an auxiliary over the products, value pair by value pair.
    pub(crate) fn product(&mut self, a: IntRef, b: IntRef, s: Span, env: &mut Env) -> Result<IntRef> {
        let (xs, ys) = (self.value_lits(a), self.value_lits(b));
        let pairs = xs.len().saturating_mul(ys.len());
        if pairs > MAX_PRODUCT_PAIRS {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                s,
                format!(
                    "a product of two integers with {} x {} = {pairs} value pairs (about {pairs} clauses)",
                    xs.len(),
                    ys.len()
                ),
                format!("at most {MAX_PRODUCT_PAIRS} value pairs"),
            );
            return Err(self.bind_err(e, env));
        }
        let mut prods: BTreeSet<i64> = BTreeSet::new();
        let mut table = Vec::with_capacity(pairs);
        for &(x, lx) in &xs {
            for &(y, ly) in &ys {
                let (Val::Int(x), Val::Int(y)) = (x, y) else { return Err(self.bind_err(sym_err(s), env)) };
                let p = x.checked_mul(y).ok_or_else(|| self.bind_err(crate::linear::overflow(s), env))?;
                prods.insert(p);
                table.push((p, lx, ly));
            }
        }
        if prods.len() > MAX_AUX_VALUES {
            return Err(self.bind_err(too_many_values(s, prods.len()), env));
        }
        if prods.len() == 1 {
            return Ok(IntRef::Const(Val::Int(prods.into_iter().next().unwrap_or(0))));
        }
        let values: Vec<Val> = prods.into_iter().map(Val::Int).collect();
        let name = format!("aux(product #{})", self.aux_count);
        let z = self.make_int(values, false, View::Direct, &name);
        self.aux_count += self.ivars[z].values.len() as u32;
        for (p, lx, ly) in table {
            let Ok(zl) = self.eq_lit(z, Val::Int(p)) else { continue };
            let mut c: Vec<Lit> = lx.into_iter().chain(ly).map(|l| !l).collect();
            c.push(zl);
            self.cnf.add_clause(&c);
        }
        Ok(IntRef::Var(z))
    }

    /// `alldifferent { t : plan }` (except the value of `except`): at most one term per value on
    /// the direct views; when the terms' values are as many as the terms, each value is taken.
    pub(crate) fn all_different(&mut self, a: &AllDiffG, env: &mut Env) -> Result<()> {
        let mut refs: Vec<IntRef> = Vec::new();
        let mut err = None;
        self.each(&a.plan, env, &mut |me, env| {
            match me.int_ref(a.body, a.span, env) {
                Ok(r) => refs.push(r),
                Err(e) => err = Some(e),
            }
            Ok(err.is_some())
        })?;
        if let Some(e) = err {
            return Err(e);
        }
        let except = match a.except {
            Some(t) if has_int(t) => {
                let e = QpropError::new(
                    ErrorKind::Unsupported,
                    a.span,
                    "'alldifferent except' with a value that is not known while grounding",
                    "expected data, parameters and arithmetic after 'except'",
                );
                return Err(self.bind_err(e, env));
            }
            Some(t) => Some(eval_term(t, env).map_err(|e| self.bind_err(e, env))?),
            None => None,
        };
        // Per value: the literals of the terms that may take it (constants counted apart).
        let mut by_value: Vec<(Val, Vec<Lit>, usize)> = Vec::new();
        for r in &refs {
            for (v, l) in self.value_lits(*r) {
                if Some(v) == except {
                    continue;
                }
                let k = match by_value.iter().position(|e| e.0 == v) {
                    Some(k) => k,
                    None => {
                        by_value.push((v, Vec::new(), 0));
                        by_value.len() - 1
                    }
                };
                match l {
                    Some(l) => by_value[k].1.push(l),
                    None => by_value[k].2 += 1,
                }
            }
        }
        let permutation = except.is_none() && by_value.len() == refs.len();
        for (v, lits, fixed) in by_value {
            let what = format!("alldifferent value {} #{}", self.show(v), self.aux_count);
            match fixed {
                0 => {}
                1 => {
                    for l in &lits {
                        self.cnf.add_clause(&[!*l]);
                    }
                    continue;
                }
                _ => {
                    self.cnf.add_clause(&[]);
                    continue;
                }
            }
            if lits.len() > 1 {
                let amo = self.amo_of(lits.len());
                let mut cnf = std::mem::take(&mut self.cnf);
                at_most_one(&mut cnf, self, amo, &lits, || what.clone());
                self.cnf = cnf;
            }
            if permutation {
                self.cnf.add_clause(&lits);
            }
        }
        Ok(())
    }

    fn show(&self, v: Val) -> String {
        crate::program::ShowVal(self.p, v).to_string()
    }
}

/// `min`/`max` whose list and comprehension give no value.
pub(crate) fn no_value(m: &MinMax) -> QpropError {
    QpropError::new(
        ErrorKind::Domain,
        m.span,
        format!("'{}' of no value", if m.max { "max" } else { "min" }),
        "expected at least one binding",
    )
}

fn sym_err(s: Span) -> QpropError {
    QpropError::new(ErrorKind::Type, s, "a symbol where an integer is needed", "expected integer values")
}
