//! Clauses from NNF: conjunctions and universal quantifiers distribute, disjunctions collect
//! literals; a disjunction with several conjunctive parts keeps one to distribute and names each
//! other by a fresh atom that implies it (Plaisted–Greenbaum). Counting constraints go to the
//! at-most-one encodings and the sequential counter of `wgrnd_sat::amo`.

use wgrnd_sat::amo::{at_most_one, exactly};
use wgrnd_sat::Lit;

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::nnf::{Check, Counting, Literal, Plan, G};
use crate::program::is_data;
use crate::program::{eval_term, PredId, Val, F};
use crate::reify::Pol;

/// A disjunction being collected: literals, and conjunctive parts with their bindings.
pub(crate) struct Acc<'g, 'a> {
    lits: Vec<Lit>,
    conj: Vec<(&'g G<'a>, Env)>,
}

impl Grounder<'_> {
    /// Emits clauses for `g or prefix`.
    pub(crate) fn conj(&mut self, g: &G, env: &mut Env, prefix: &[Lit]) -> Result<()> {
        match g {
            G::And(items) => {
                for it in items {
                    self.conj(it, env, prefix)?;
                }
                Ok(())
            }
            G::All(plan, body) => {
                self.each(plan, env, &mut |me, env| {
                    me.conj(body, env, prefix)?;
                    Ok(false)
                })?;
                Ok(())
            }
            G::Count(c) => {
                let plain = match &c.lit {
                    G::Lit(l) => !l.reads_int,
                    G::Const(_) => true,
                    G::Cmp(x) => !x.reads_int,
                    _ => false,
                };
                if prefix.is_empty() && plain && !c.negated && (c.pos || !crate::linear::has_int(c.bound)) {
                    let ((), undefined) = self.defined(|me| me.count(c, env))?;
                    return self.forbid_undefined(&[], undefined);
                }
                // Under 'or', '->', 'not' or over any formula: a reified counter.
                let b = self.reify(g, env, Pol::Imp)?;
                self.clause_with(prefix, &[b]);
                Ok(())
            }
            G::AllDiff(a) => {
                if !prefix.is_empty() {
                    let e = QpropError::new(
                        ErrorKind::Unsupported,
                        a.span,
                        "'alldifferent' inside 'or', '->' or 'not'",
                        "'alldifferent' must hold outright (under 'forall' and 'and' only)",
                    );
                    return Err(self.bind_err(e, env));
                }
                let ((), undefined) = self.defined(|me| me.all_different(a, env))?;
                self.forbid_undefined(&[], undefined)
            }
            G::Connected(c) => {
                if !prefix.is_empty() {
                    let e = QpropError::new(
                        ErrorKind::Unsupported,
                        c.c.span,
                        "connectivity constraint inside 'or', '->' or 'not'",
                        "'connected' and 'circuit' must hold outright (under 'forall' and 'and' only)",
                    );
                    return Err(self.bind_err(e, env));
                }
                self.connected(c, env)
            }
            G::Regions(d) => {
                if !prefix.is_empty() {
                    return Err(self.bind_err(crate::regions::not_outright(d.r), env));
                }
                self.regions(d, env)
            }
            G::Order(_, true) | G::Lex(_, true) => {
                // Negated: an undefined term makes it true, so it goes through a literal.
                let b = self.reify(g, env, Pol::Imp)?;
                self.clause_with(prefix, &[b]);
                Ok(())
            }
            G::Order(..) | G::Lex(..) => {
                let ((), undefined) = self.defined(|me| me.order_clauses(g, false, env, prefix))?;
                self.forbid_undefined(prefix, undefined)
            }
            // A bound over data on an integer variable not made yet: the variable is made with
            // the values it leaves (ints.rs), and no clause is needed.
            G::Cmp(c) if prefix.is_empty() && self.narrow_outright(c, env)? => Ok(()),
            // A comparison of two integer variables that holds outright: its clauses alone,
            // which the guard itself writes (`same_outright` is false, writing nothing, for any
            // other comparison, which the general arm below grounds).
            G::Cmp(c) if prefix.is_empty() && self.same_outright(c.op, c.a, c.b, c.span, env)? => Ok(()),
            G::Parity(c) if prefix.is_empty() => self.post_parity(c, env),
            G::Parity(c) => {
                let b = self.reify_parity(c, env)?;
                self.clause_with(prefix, &[b]);
                Ok(())
            }
            G::Global(c, neg) => {
                let b = crate::global::ground(self, c, *neg, env, Pol::Imp)?;
                self.clause_with(prefix, &[b]);
                Ok(())
            }
            G::Runs(r) => {
                if !prefix.is_empty() {
                    return Err(self.bind_err(crate::regular::not_outright(r.r.span), env));
                }
                self.runs(r, env)
            }
            _ => {
                let mut lits = Vec::with_capacity(prefix.len() + 6);
                lits.extend_from_slice(prefix);
                let mut acc = Acc { lits, conj: Vec::new() };
                if !self.disj(g, env, &mut acc)? {
                    self.emit(acc)?;
                }
                Ok(())
            }
        }
    }

    /// Adds `g` to a disjunction; returns true when the disjunction is already true.
    fn disj<'g, 'a>(&mut self, g: &'g G<'a>, env: &mut Env, acc: &mut Acc<'g, 'a>) -> Result<bool> {
        match g {
            G::Const(b) => Ok(*b),
            G::Lit(_) => match self.reify(g, env, Pol::Imp)? {
                Ok(l) => {
                    acc.lits.push(l);
                    Ok(false)
                }
                Err(b) => Ok(b),
            },
            G::Cmp(c) if c.reads_int => match self.reify(g, env, Pol::Imp)? {
                Ok(l) => {
                    acc.lits.push(l);
                    Ok(false)
                }
                Err(v) => Ok(v),
            },
            G::Cmp(c) => {
                let x = eval_term(c.a, env).map_err(|e| self.bind_err(e, env))?;
                let y = eval_term(c.b, env).map_err(|e| self.bind_err(e, env))?;
                c.op.holds(x, y).ok_or_else(|| {
                    self.bind_err(
                        QpropError::new(ErrorKind::Type, c.span, "ordered comparison of symbols", "expected integers"),
                        env,
                    )
                })
            }
            G::Or(items) => {
                for it in items {
                    if self.disj(it, env, acc)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            G::Any(plan, body) => {
                let mut sat = false;
                let mut sub = Acc { lits: std::mem::take(&mut acc.lits), conj: std::mem::take(&mut acc.conj) };
                self.each(plan, env, &mut |me, env| {
                    // SAFETY of lifetimes: `body` outlives the accumulator.
                    sat = me.disj(body, env, &mut sub)?;
                    Ok(sat)
                })?;
                acc.lits = sub.lits;
                acc.conj = sub.conj;
                Ok(sat)
            }
            G::Count(_) | G::Global(..) => match self.reify(g, env, Pol::Imp)? {
                Ok(l) => {
                    acc.lits.push(l);
                    Ok(false)
                }
                Err(b) => Ok(b),
            },
            G::Parity(c) => match self.reify_parity(c, env)? {
                Ok(l) => {
                    acc.lits.push(l);
                    Ok(false)
                }
                Err(b) => Ok(b),
            },
            G::And(_)
            | G::All(..)
            | G::Order(..)
            | G::Lex(..)
            | G::AllDiff(..)
            | G::Connected(..)
            | G::Regions(..)
            | G::Runs(..) => {
                acc.conj.push((g, env.clone()));
                Ok(false)
            }
        }
    }

    /// A literal's SAT literal, or its constant value (`Err(value)`) for data atoms.
    pub(crate) fn literal(&mut self, l: &Literal, env: &mut Env) -> Result<std::result::Result<Lit, bool>> {
        let (positive, pr, s) = (l.positive, l.pred, l.span);
        if l.reads_int {
            return self.literal_pol(l, env, Pol::Both);
        }
        let idx = self.atom_index(pr, l.args, s, env)?;
        if is_data(self.p, pr) {
            return Ok(Err(self.data_atom(pr, idx, s)? == positive));
        }
        match self.fixed(pr, idx) {
            Some(value) => Ok(Err(value == positive)),
            None => {
                let v = self.var(pr, idx);
                Ok(Ok(if positive { v.pos() } else { v.neg() }))
            }
        }
    }

    /// Whether `g` is a conjunction of literals under `forall`s (facts about solved-for atoms).
    pub(crate) fn unit_shaped(g: &G) -> bool {
        Self::units_where(g, &|_| true)
    }

    /// Whether `g` is unit-shaped and every literal of it is negated: it says which solved-for
    /// atoms do not exist (a loop's links between cells that are not side by side).
    pub(crate) fn absent_shaped(g: &G) -> bool {
        Self::units_where(g, &|l| !l.positive)
    }

    /// Whether `g` is unit-shaped with every literal as `ok` asks.
    fn units_where(g: &G, ok: &dyn Fn(&Literal) -> bool) -> bool {
        match g {
            G::Lit(l) => !l.reads_int && ok(l),
            G::All(_, b) => Self::units_where(b, ok),
            G::And(items) => items.iter().all(|it| Self::units_where(it, ok)),
            _ => false,
        }
    }

    /// Fixes the atoms of a unit-shaped statement: they get no variable, and every clause that
    /// mentions them is simplified. A contradiction adds the empty clause.
    pub(crate) fn fix(&mut self, g: &G, env: &mut Env) -> Result<()> {
        match g {
            G::Lit(l) => {
                let idx = self.atom_index(l.pred, l.args, l.span, env)?;
                self.fix_atom(l.pred, idx, l.positive, l.span)
            }
            G::All(plan, body) => {
                self.each(plan, env, &mut |me, env| {
                    me.fix(body, env)?;
                    Ok(false)
                })?;
                Ok(())
            }
            G::And(items) => {
                for it in items {
                    self.fix(it, env)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Fixes atom `idx` of `pred` to `value` (a data atom is checked): a contradiction adds the
    /// empty clause, an atom that already has a variable gets a unit clause.
    pub(crate) fn fix_atom(&mut self, pred: PredId, idx: usize, value: bool, span: Span) -> Result<()> {
        if is_data(self.p, pred) {
            if self.data_atom(pred, idx, span)? != value {
                self.cnf.add_clause(&[]);
            }
            return Ok(());
        }
        match self.fixed(pred, idx) {
            Some(v) if v != value => self.cnf.add_clause(&[]),
            Some(_) => {}
            None => {
                if !self.set_fixed(pred, idx, value) {
                    let v = self.var(pred, idx);
                    self.cnf.add_clause(&[if value { v.pos() } else { v.neg() }]);
                }
            }
        }
        Ok(())
    }

    /// `prefix or not u` for each condition `u` under which a leaf that must hold is undefined.
    fn forbid_undefined(&mut self, prefix: &[Lit], undefined: Vec<crate::reify::Bit>) -> Result<()> {
        for u in undefined {
            self.clause_with(prefix, &[crate::reify::not(u)]);
        }
        Ok(())
    }

    fn emit(&mut self, mut acc: Acc) -> Result<()> {
        if acc.conj.is_empty() {
            self.clause(&mut acc.lits);
            return Ok(());
        }
        let mut parts = acc.conj.into_iter();
        let Some((first, mut first_env)) = parts.next() else { return Ok(()) };
        for (g, mut env) in parts {
            let t = self.aux_var("part of a disjunction");
            self.conj(g, &mut env, &[t.neg()])?;
            acc.lits.push(t.pos());
        }
        self.conj(first, &mut first_env, &acc.lits)
    }

    fn count(&mut self, c: &Counting, env: &mut Env) -> Result<()> {
        let (kind, offset) = (c.kind, c.offset);
        let mut lits = Vec::new();
        let mut fixed: i64 = 0;
        self.each(&c.plan, env, &mut |me, env| {
            match &c.lit {
                G::Lit(l) => match me.literal(l, env)? {
                    Ok(l) => lits.push(l),
                    Err(true) => fixed += 1,
                    Err(false) => {}
                },
                G::Const(true) => fixed += 1,
                G::Cmp(c) if c.op.holds(eval_term(c.a, env)?, eval_term(c.b, env)?) == Some(true) => fixed += 1,
                _ => {}
            }
            Ok(false)
        })?;
        let Val::Int(k) = eval_term(c.bound, env).map_err(|e| self.bind_err(e, env))? else {
            return Err(QpropError::nowhere(ErrorKind::Type, "counting bound is a symbol"));
        };
        let k = k.saturating_add(offset).saturating_sub(fixed);
        let n = lits.len() as i64;
        if (n as f64) * (k.clamp(0, n) as f64 + 1.0) > 50_000_000.0 {
            let e = QpropError::nowhere(
                ErrorKind::TooLarge,
                format!(
                    "a counting constraint over {n} literals with bound {k} needs more than 50,000,000 counter atoms"
                ),
            );
            return Err(self.bind_err(e, env));
        }
        let what = format!("count #{}", self.aux_count);
        // At most one of up to 32 literals is written pairwise under `--amo auto`, as an
        // integer's values are: no auxiliary atoms for the propagation to walk through (Langford's
        // 14- to 16-way exactly-ones: a quarter of the count's instructions; docs/encodings.md).
        let amo = self.amo_of(lits.len());
        let mut cnf = std::mem::take(&mut self.cnf);
        match kind {
            CountKind::Exactly if k < 0 || k > n => cnf.add_clause(&[]),
            CountKind::Exactly => {
                exactly(&mut cnf, self, amo, &lits, k as usize, true, &what);
                if k == 1 && n >= 2 {
                    self.one_of(&lits);
                }
            }
            CountKind::AtMost if k < 0 => cnf.add_clause(&[]),
            CountKind::AtMost if k >= n => {}
            CountKind::AtMost if k == 1 => at_most_one(&mut cnf, self, amo, &lits, || what.clone()),
            CountKind::AtMost => exactly(&mut cnf, self, amo, &lits, k as usize, false, &what),
            CountKind::AtLeast if k <= 0 => {}
            CountKind::AtLeast if k > n => cnf.add_clause(&[]),
            CountKind::AtLeast if k == 1 => cnf.add_clause(&lits),
            CountKind::AtLeast => {
                let neg: Vec<Lit> = lits.iter().map(|l| !*l).collect();
                exactly(&mut cnf, self, amo, &neg, (n - k) as usize, false, &what)
            }
        }
        self.cnf = cnf;
        Ok(())
    }

    /// Estimated clauses of `g` (quantifiers multiply by their domains, thinned by data checks).
    pub(crate) fn estimate(&mut self, g: &G) -> Result<f64> {
        Ok(match g {
            G::And(items) => {
                let mut s = 0.0;
                for it in items {
                    s += self.estimate(it)?;
                }
                s
            }
            G::All(plan, body) if self.sample_guards && guard_inside(body) => {
                let (size, samples) = self.plan_samples(plan, true)?;
                let outer = std::mem::replace(&mut self.outer_samples, samples);
                self.sample_depth += 1;
                let body = self.estimate(body);
                self.sample_depth -= 1;
                self.outer_samples = outer;
                size * body?
            }
            G::All(plan, body) => self.plan_size(plan)? * self.estimate(body)?,
            G::Count(c) => {
                let n = self.plan_size(&c.plan)?;
                // A sequential counter takes about 6n clauses; an at most one that `amo_of`
                // writes pairwise takes n(n - 1)/2 + 1, more from 14 literals on. The bound is a
                // term, so any count that small is taken at the larger of the two. That cost is
                // not monotone in n (497 clauses at 32, 198 at 33), so the first pass, whose n is
                // no smaller than the sampled one, takes the pairwise cost at the largest n that
                // `auto` still writes pairwise.
                let m = if !self.sample_guards && self.amo == wgrnd_sat::amo::AmoEncoding::Auto {
                    n.min(crate::ints::INT_PAIRWISE_MAX as f64)
                } else {
                    n
                };
                if self.amo_of(m.ceil() as usize) == wgrnd_sat::amo::AmoEncoding::Pairwise {
                    (6.0 * n).max(m * (m - 1.0) / 2.0 + 1.0)
                } else {
                    6.0 * n
                }
            }
            G::AllDiff(a) => {
                let n = self.plan_size(&a.plan)?;
                3.0 * n * n.sqrt().max(1.0)
            }
            G::Connected(c) => self.connect_estimate(c)?,
            G::Regions(d) => self.regions_estimate(d)?,
            G::Parity(c) => 4.0 * self.plan_size(&c.plan)?,
            G::Runs(r) => self.runs_estimate(r)?,
            G::Global(c, _) => crate::global::estimate(self.p, c),
            G::Or(items) => {
                let mut s = 1.0;
                for it in items {
                    if matches!(it, G::And(_) | G::All(..)) {
                        s += self.estimate(it)?;
                    }
                }
                s
            }
            _ => 1.0,
        })
    }

    /// The estimated number of bindings of `plan`: each binder's values (a generator's true atoms,
    /// else its domain), thinned by the density of the data atoms checked at it and by the share
    /// of sampled bindings that pass the guards checked at it (arithmetic guards such as
    /// `i < i2 and i2 - i = j2 - j` are evaluated on the data, not assumed to pass). The samples
    /// start from the enclosing quantifiers' ([`Grounder::outer_samples`]), so that a guard
    /// reading their variables is evaluated too (an akari's `(r2 - r) * (r2 - r) + ... = 1`
    /// inside `forall r, c`); one that still cannot be evaluated is taken to pass. The outer
    /// values are drawn from their domains, whatever the data atoms checked there say. Without
    /// [`Grounder::sample_guards`] every guard is taken to pass, every data atom checked at a
    /// level to be true, and every atom of a definition that is not plain: no smaller than with
    /// them.
    pub(crate) fn plan_size(&mut self, plan: &Plan) -> Result<f64> {
        Ok(self.plan_samples(plan, false)?.0)
    }

    /// [`Grounder::plan_size`], and the sampled bindings that passed the plan's guards: where the
    /// estimate of the plan's body starts. Samples are drawn only where a guard reads them: at
    /// a plan with a guard, or with `keep` (its body has one). Empty without them, or when no
    /// sample passed.
    fn plan_samples(&mut self, plan: &Plan, keep: bool) -> Result<(f64, Vec<Env>)> {
        let mut size = 1.0;
        // Inside a quantifier's body the draws are another sequence than the quantifier's own:
        // with the same one, each sample's inner variables would repeat its outer ones (`r2 = r`).
        let mut draw = Draw::at_depth(self.sample_depth);
        // Sampled bindings that passed every guard so far.
        let mut samples: Vec<Env> = if !self.sample_guards || !(keep || guarded(plan)) {
            Vec::new()
        } else if self.outer_samples.is_empty() {
            vec![vec![None; self.slot_names.len()]; ESTIMATE_SAMPLES]
        } else {
            self.outer_samples.clone()
        };
        for lv in &plan.levels {
            let mut f = match &lv.gen {
                Some(g) => {
                    let d = self.density(g.pred, g.span)?;
                    d * self.p.domains[self.p.preds[g.pred].args[g.pos]].len() as f64
                }
                None => self.p.domains[lv.dom].len() as f64,
            };
            // The bound takes the data atoms checked here to be true: grounding asks only some of
            // them, where finding a definition's density evaluates or plans them all (tasquare's
            // `clash` of two squares: planning all its true atoms was 40% of a `backbone`). A
            // generator's true atoms are all read when grounding anyway (a definition that is
            // not plain aside: `density`).
            if self.sample_guards {
                for c in &lv.checks {
                    if let Check::Atom(pr, _, s) = c {
                        f *= self.density(*pr, *s)?;
                    }
                }
            }
            if !samples.is_empty() {
                f *= self.guard_share(lv, &mut samples, &mut draw);
            }
            size *= f.max(if f > 0.0 { 1e-9 } else { 0.0 });
        }
        Ok((size, samples))
    }

    /// Binds `lv`'s variable in every sample to a value drawn from its domain and keeps the
    /// samples that pass the level's guards; returns the share that passed (at least one sample's
    /// worth when none did, and then no sample is left: later levels are not thinned).
    fn guard_share(&mut self, lv: &crate::nnf::Level, samples: &mut Vec<Env>, draw: &mut Draw) -> f64 {
        let values = &self.p.domains[lv.dom].values;
        if values.is_empty() || samples.iter().any(|e| e.len() <= lv.slot.index()) {
            samples.clear();
            return 1.0;
        }
        let guards: Vec<&F> = lv.checks.iter().filter_map(Check::guard).collect();
        let n = samples.len();
        let mut kept = Vec::with_capacity(n);
        for mut env in std::mem::take(samples) {
            env[lv.slot] = Some(values[draw.below(values.len())]);
            // An error (an unbound outer variable, a value outside a domain) counts as passing.
            if guards.iter().all(|g| self.eval(g, &mut env).unwrap_or(true)) {
                kept.push(env);
            }
        }
        if kept.is_empty() {
            return 1.0 / n as f64;
        }
        let share = kept.len() as f64 / n as f64;
        // Resample the survivors back to full strength for the next level (all of them: as they are).
        *samples = if kept.len() == n { kept } else { (0..n).map(|k| kept[k % kept.len()].clone()).collect() };
        share
    }
}

/// Whether a level of `plan` checks a guard.
fn guarded(plan: &Plan) -> bool {
    plan.levels.iter().any(|lv| lv.checks.iter().any(|c| matches!(c, Check::Guard(_))))
}

/// Whether a plan inside `g` checks a guard, which may read an enclosing quantifier's variables
/// (a construct not looked into counts as one).
fn guard_inside(g: &G) -> bool {
    match g {
        G::Const(_) | G::Lit(_) | G::Cmp(_) | G::Order(..) | G::Lex(..) | G::Global(..) => false,
        G::And(items) | G::Or(items) => items.iter().any(guard_inside),
        G::All(plan, body) | G::Any(plan, body) => guarded(plan) || guard_inside(body),
        G::Count(c) => guarded(&c.plan),
        G::Connected(c) => guarded(&c.plan),
        G::Regions(d) => guarded(&d.plan),
        G::AllDiff(a) => guarded(&a.plan),
        G::Parity(p) => guarded(&p.plan),
        G::Runs(_) => true,
    }
}

/// Bindings sampled per quantifier for the size estimate.
const ESTIMATE_SAMPLES: usize = 512;

/// A fixed-seed xorshift generator: the estimate is the same on every run.
pub(crate) struct Draw(u64);

impl Default for Draw {
    fn default() -> Draw {
        Draw(0x9e37_79b9_7f4a_7c15)
    }
}

impl Draw {
    /// The sequence for a plan inside `depth` quantifiers' bodies (0: the default's).
    fn at_depth(depth: u32) -> Draw {
        Draw(Draw::default().0 ^ u64::from(depth).wrapping_mul(0xd1b5_4a32_d192_ed03))
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
