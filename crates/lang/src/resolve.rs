//! Names to indices: parameters evaluated (with overrides), domains built, predicates declared,
//! formulas resolved to slots with type checks, facts and tables loaded.

use std::collections::HashMap;

use crate::ast::{Binder, DomainDef, Formula, Item, PredRole, Term};
use crate::error::{ErrorKind, Files, QpropError, Result, Span};
use crate::program::{eval_term, Def, DomId, Domain, FactSet, Pred, PredId, PredKind, Program, Slot, Stmt, Val, F};

pub(crate) struct Resolver {
    pub p: Program,
    pub(crate) params: HashMap<String, Val>,
    pub(crate) syms: HashMap<String, u32>,
    pub(crate) sorts: HashMap<String, DomId>,
    pub(crate) doms: HashMap<String, DomId>,
    pub(crate) preds: HashMap<String, PredId>,
    /// Variables in scope: name, slot, domain.
    pub(crate) scope: Vec<(String, Slot, DomId)>,
    /// Names of the statement's slots.
    pub(crate) slots: Vec<String>,
    /// Tuple domains: the input predicate of their tuples (crate::resolve_syntax).
    pub(crate) tuples: HashMap<String, PredId>,
    /// Per input predicate, once asked: whether every argument's domain holds integers only, so
    /// that a fact of numbers needs no type check (`statement`'s fast path).
    int_args: HashMap<PredId, bool>,
}

pub(crate) fn err(kind: ErrorKind, span: Span, msg: impl Into<String>, label: impl Into<String>) -> QpropError {
    QpropError::new(kind, span, msg, label)
}

impl Resolver {
    pub fn new(files: Files, hash: u64) -> Self {
        Resolver {
            p: Program {
                files,
                symbols: Vec::new(),
                params: Vec::new(),
                domains: Vec::new(),
                preds: Vec::new(),
                stmts: Vec::new(),
                shown: Vec::new(),
                hash,
                warnings: Vec::new(),
                goals: Vec::new(),
            },
            params: HashMap::new(),
            syms: HashMap::new(),
            sorts: HashMap::new(),
            doms: HashMap::new(),
            preds: HashMap::new(),
            scope: Vec::new(),
            slots: Vec::new(),
            tuples: HashMap::new(),
            int_args: HashMap::new(),
        }
    }

    /// Resolves the items of the model (file 0) and data (file 1) in order.
    pub fn run(&mut self, items: Vec<Item>, overrides: &[(String, String)]) -> Result<()> {
        // Parameters first: the data file's value replaces the model's; -D replaces both.
        let mut order: Vec<(String, Term, Span)> = Vec::new();
        for it in &items {
            if let Item::Param(n, t, s) = it {
                match order.iter_mut().find(|(m, _, _)| m == n) {
                    Some(slot) if slot.2.file != s.file => *slot = (n.clone(), t.clone(), *s),
                    Some(_) => {
                        return Err(err(
                            ErrorKind::Declaration,
                            *s,
                            format!("parameter '{n}' declared twice"),
                            "second declaration",
                        ))
                    }
                    None => order.push((n.clone(), t.clone(), *s)),
                }
            }
        }
        for (name, value) in overrides {
            let Some(slot) = order.iter_mut().find(|(m, _, _)| m == name) else {
                let known: Vec<&str> = order.iter().map(|(m, _, _)| m.as_str()).collect();
                return Err(QpropError::nowhere(
                    ErrorKind::Unknown,
                    format!("-D {name}={value}: the model has no parameter '{name}'"),
                )
                .note(format!("parameters: {}", if known.is_empty() { "none".into() } else { known.join(", ") })));
            };
            let v: i64 = value.trim().parse().map_err(|_| {
                QpropError::nowhere(ErrorKind::Syntax, format!("-D {name}={value}: expected an integer value"))
            })?;
            slot.1 = Term::Int(v, slot.2);
        }
        for (name, t, _) in order {
            let rt = self.term(&t)?;
            let v = eval_term(&rt, &[])?;
            self.params.insert(name.clone(), v);
            self.p.params.push((name, v));
        }
        let items = data_domains_replace(items);
        let bare = crate::resolve_int::names_used(&items);
        let mut later = Vec::new();
        let mut withheld_forms = Vec::new();
        for it in items {
            match it {
                Item::Param(..) => {}
                Item::Domain(n, d, s) => self.domain(n, d, s)?,
                Item::Sort(names, d, span) => {
                    for (n, s) in names {
                        let di = self.dom(&d, s)?;
                        if crate::resolve_int::single_int(&bare, &n) {
                            self.single_int(n, di, span)?;
                            continue;
                        }
                        self.sorts.insert(n, di);
                    }
                }
                Item::Pred(role, n, args, withheld, s) => {
                    self.new_pred_name(&n, s)?;
                    let args = args.iter().map(|(d, s)| self.dom(d, *s)).collect::<Result<Vec<_>>>()?;
                    let kind =
                        if role == PredRole::Solved { PredKind::Var } else { PredKind::Input(FactSet::default()) };
                    let id = PredId::new(self.p.preds.len());
                    self.preds.insert(n.clone(), id);
                    if let Some(w) = withheld {
                        withheld_forms.push((id, w));
                    }
                    let clue = role == PredRole::Clue;
                    self.p.preds.push(Pred { name: n, args, kind, clue, withheld: None, span: s });
                }
                Item::IntVar(n, args, values, s) => {
                    self.new_pred_name(&n, s)?;
                    let args = args.iter().map(|(d, s)| self.dom(d, *s)).collect::<Result<Vec<_>>>()?;
                    let vd = match values {
                        DomainDef::List(v) if matches!(v.as_slice(), [Term::Name(..)]) => match v.first() {
                            Some(Term::Name(d, ds)) => self.dom(d, *ds)?,
                            _ => return Err(err(ErrorKind::Syntax, s, "expected a domain", "lo..hi or a domain name")),
                        },
                        other => {
                            // Named so that no declared domain can have the name (a space).
                            self.domain(format!("values of {n}"), other, s)?;
                            DomId::new(self.p.domains.len() - 1)
                        }
                    };
                    self.preds.insert(n.clone(), PredId::new(self.p.preds.len()));
                    self.p.preds.push(Pred {
                        name: n,
                        args,
                        kind: PredKind::Int(vd),
                        clue: false,
                        withheld: None,
                        span: s,
                    });
                }
                Item::Def(n, params, body, s) => {
                    self.new_pred_name(&n, s)?;
                    let args = params.iter().map(|b| self.binder_dom(b)).collect::<Result<Vec<_>>>()?;
                    self.preds.insert(n.clone(), PredId::new(self.p.preds.len()));
                    self.p.preds.push(Pred {
                        name: n.clone(),
                        args,
                        kind: PredKind::Def(Box::new(Def {
                            params: Vec::new(),
                            body: F::Const(false),
                            slots: Vec::new(),
                        })),
                        clue: false,
                        withheld: None,
                        span: s,
                    });
                    later.push(Item::Def(n, params, body, s));
                }
                other => later.push(other),
            }
        }
        for (clue, (name, span)) in withheld_forms {
            self.withheld_form(clue, &name, span)?;
        }
        let mut shown = Vec::new();
        for it in later {
            match it {
                Item::Show(names) => {
                    for (n, s) in names {
                        let pi = self.pred(&n, s)?;
                        if !matches!(self.p.preds[pi].kind, PredKind::Var | PredKind::Int(_)) {
                            return Err(err(
                                ErrorKind::Declaration,
                                s,
                                format!("'{n}' is data, not solved for"),
                                "expected a predicate declared with 'pred'",
                            ));
                        }
                        shown.push(pi);
                    }
                }
                Item::Table(n, entries, s) => self.table(&n, &entries, s)?,
                Item::Formula(f) => self.statement(f)?,
                Item::Def(n, params, body, _) => self.def(&n, &params, &body)?,
                Item::Rows(n, s, rows, header) => self.rows(&n, s, &rows, header)?,
                Item::Objective(max, t, s) => self.objective(max, &t, s)?,
                Item::Soft(w, f, comp, s) => self.soft(&w, &f, comp.as_ref(), s)?,
                _ => {}
            }
        }
        if shown.is_empty() {
            shown = self
                .p
                .pred_ids()
                .filter(|&i| matches!(self.p.preds[i].kind, PredKind::Var | PredKind::Int(_)))
                .collect();
        }
        self.p.shown = shown;
        Ok(())
    }

    fn def(&mut self, n: &str, params: &[Binder], body: &Formula) -> Result<()> {
        let pi = self.preds[n];
        self.scope.clear();
        self.slots.clear();
        let mut slots = Vec::new();
        for b in params {
            let d = self.binder_dom(b)?;
            slots.push(self.bind(&b.name, d));
        }
        let body = self.formula(body)?;
        self.p.preds[pi].kind = PredKind::Def(Box::new(Def { params: slots, body, slots: self.slots.clone() }));
        Ok(())
    }

    /// `clue pred p(...) else q`: q must be an input predicate (not a clue itself) whose
    /// arguments are p's first ones, fewer than p's.
    fn withheld_form(&mut self, clue: PredId, name: &str, s: Span) -> Result<()> {
        let q = self.pred(name, s)?;
        let (p, w) = (&self.p.preds[clue], &self.p.preds[q]);
        let input = matches!(w.kind, PredKind::Input(_)) && !w.clue;
        if !input || w.args.len() >= p.args.len() || w.args[..] != p.args[..w.args.len()] {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("'{name}' cannot stand for a withheld '{}'", p.name),
                "an input predicate (not a clue) whose arguments are the clue's first ones",
            ));
        }
        self.p.preds[clue].withheld = Some(q);
        Ok(())
    }

    /// Refuses a second predicate, integer variable or definition of the name `n`.
    pub(crate) fn new_pred_name(&self, n: &str, s: Span) -> Result<()> {
        if self.preds.contains_key(n) {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("predicate '{n}' declared twice"),
                "second declaration",
            ));
        }
        Ok(())
    }

    fn domain(&mut self, n: String, d: DomainDef, s: Span) -> Result<()> {
        if self.doms.contains_key(&n) && crate::parser::is_anonymous(&n) {
            return Ok(()); // the same inline domain written again
        }
        if self.doms.contains_key(&n) || self.tuples.contains_key(&n) {
            return Err(err(ErrorKind::Declaration, s, format!("domain '{n}' declared twice"), "second declaration"));
        }
        let (values, parent) = match d {
            DomainDef::Range(lo, hi) => {
                let (a, b) = (self.inline_bound(&n, &lo)?, self.inline_bound(&n, &hi)?);
                if b.saturating_sub(a) > 10_000_000 {
                    return Err(err(
                        ErrorKind::TooLarge,
                        s,
                        format!("domain '{n}' has {} values", b - a + 1),
                        "at most 10,000,000 values",
                    ));
                }
                ((a..=b).map(Val::Int).collect(), None)
            }
            DomainDef::List(elems) => {
                let mut vals = Vec::new();
                for e in elems {
                    vals.push(match &e {
                        Term::Name(x, _) if !self.params.contains_key(x) => Val::Sym(self.intern(x)),
                        _ => Val::Int(self.const_int(&e)?),
                    });
                }
                (vals, None)
            }
            DomainDef::Filter(b, g) => {
                let di = self.binder_dom(&b)?;
                self.scope.clear();
                self.slots.clear();
                let slot = self.bind(&b.name, di);
                let f = self.formula(&g)?;
                let mut vals = Vec::new();
                let mut env = vec![None; self.slots.len()];
                for &v in &self.p.domains[di].values {
                    env[slot] = Some(v);
                    if simple_eval(&f, &env).map_err(|e| e.note(format!("bindings: {} = {v:?}", b.name)))? {
                        vals.push(v);
                    }
                }
                (vals, Some(di))
            }
            d @ (DomainDef::Tuples(_) | DomainDef::TupleSet(..)) => return self.tuple_domain(n, d, s),
        };
        if values.is_empty() {
            let (what, label) = match n.strip_prefix("values of ") {
                Some(var) => (
                    format!("integer variable '{var}' has no value"),
                    "expected at least one value (lo..hi with lo <= hi)",
                ),
                None => (format!("domain '{n}' is empty"), "expected at least one value"),
            };
            return Err(err(ErrorKind::Domain, s, what, label));
        }
        self.doms.insert(n.clone(), DomId::new(self.p.domains.len()));
        self.p.domains.push(Domain::new(n, values, parent));
        Ok(())
    }

    pub(crate) fn intern(&mut self, x: &str) -> u32 {
        if let Some(&i) = self.syms.get(x) {
            return i;
        }
        let i = self.p.symbols.len() as u32;
        self.p.symbols.push(x.to_string());
        self.syms.insert(x.to_string(), i);
        i
    }

    pub(crate) fn const_int(&mut self, t: &Term) -> Result<i64> {
        let saved = std::mem::take(&mut self.scope);
        let rt = self.term(t);
        self.scope = saved;
        match eval_term(&rt?, &[])? {
            Val::Int(v) => Ok(v),
            Val::Sym(_) => Err(err(ErrorKind::Type, t.span(), "expected an integer", "this is a symbol")),
        }
    }

    pub(crate) fn dom(&self, d: &str, s: Span) -> Result<DomId> {
        if self.tuples.contains_key(d) {
            return Err(self.tuple_domain_misused(d, s));
        }
        self.doms.get(d).copied().ok_or_else(|| {
            let known: Vec<&str> = self.p.domains.iter().map(|d| d.name.as_str()).collect();
            err(ErrorKind::Unknown, s, format!("unknown domain '{d}'"), "expected a declared domain")
                .note(format!("domains: {}", if known.is_empty() { "none".into() } else { known.join(", ") }))
        })
    }

    pub(crate) fn binder_dom(&self, b: &Binder) -> Result<DomId> {
        match &b.domain {
            Some((d, s)) => match crate::parser::parse_column_ref(d) {
                Some((tuple, i, k)) => self.tuple_column(tuple, i, k, b, *s),
                None => self.dom(d, *s),
            },
            None => self.sorts.get(&b.name).copied().ok_or_else(|| {
                err(
                    ErrorKind::Unknown,
                    b.span,
                    format!("variable '{}' has no domain", b.name),
                    format!("write '{} in D' or declare 'var {} in D'", b.name, b.name),
                )
            }),
        }
    }

    pub(crate) fn pred(&self, n: &str, s: Span) -> Result<PredId> {
        self.preds.get(n).copied().ok_or_else(|| {
            let known: Vec<&str> = self.p.preds.iter().map(|p| p.name.as_str()).collect();
            err(ErrorKind::Unknown, s, format!("unknown predicate '{n}'"), "expected a declared predicate")
                .note(format!("predicates: {}", if known.is_empty() { "none".into() } else { known.join(", ") }))
        })
    }

    pub(crate) fn bind(&mut self, name: &str, d: DomId) -> Slot {
        let slot = Slot::new(self.slots.len());
        self.slots.push(name.to_string());
        self.scope.push((name.to_string(), slot, d));
        slot
    }

    fn statement(&mut self, f: Formula) -> Result<()> {
        self.scope.clear();
        self.slots.clear();
        if let Formula::Atom(n, args, s) = &f {
            let pi = self.pred(n, *s)?;
            if let PredKind::Input(_) = self.p.preds[pi].kind {
                // A fact of numbers of the right arity (a data file's thousands): its values as
                // they are, without resolving each number into a term and evaluating it back.
                let numbers: Option<Vec<Val>> =
                    args.iter().map(|a| if let Term::Int(v, _) = a { Some(Val::Int(*v)) } else { None }).collect();
                // Only where every argument's domain holds integers only: else a number is a type
                // error for a symbol's place, which the general path reports (`type_check`).
                let domains = &self.p.domains;
                let args_of = &self.p.preds[pi].args;
                let int_args = *self.int_args.entry(pi).or_insert_with(|| {
                    args_of.iter().all(|&d| domains[d].values.iter().all(|x| matches!(x, Val::Int(_))))
                });
                if let Some(vals) = numbers.filter(|v| int_args && v.len() == args_of.len()) {
                    self.check_args(pi, &vals, args, *s)?;
                    if let PredKind::Input(facts) = &mut self.p.preds[pi].kind {
                        facts.insert(vals);
                    }
                    return Ok(());
                }
                let F::Atom(_, targs, _) = self.formula(&f)? else { return Ok(()) };
                // With an integer variable among its arguments it is a table constraint.
                if targs.iter().any(crate::linear::has_int) {
                    let span = f.span();
                    let rf = self.formula(&f)?;
                    self.p.stmts.push(Stmt { f: rf, slots: self.slots.clone(), span });
                    return Ok(());
                }
                let vals = targs.iter().map(|t| eval_term(t, &[])).collect::<Result<Vec<_>>>()?;
                self.check_args(pi, &vals, args, *s)?;
                if let PredKind::Input(facts) = &mut self.p.preds[pi].kind {
                    facts.insert(vals);
                }
                return Ok(());
            }
        }
        let span = f.span();
        let rf = self.formula(&f)?;
        self.p.stmts.push(Stmt { f: rf, slots: self.slots.clone(), span });
        Ok(())
    }

    /// Adds the facts a program built as numbers ([`wgrnd_seam::NumberData`]), as the data's
    /// fact statements would add them: each of a declared input predicate, with its number of
    /// arguments, each argument in its domain. The first that is not is an error without a place
    /// (the caller then reads the data's text, whose error has one).
    pub(crate) fn number_facts(&mut self, data: &wgrnd_seam::NumberData) -> Result<()> {
        let unfit = |what: String| QpropError::nowhere(ErrorKind::Declaration, what);
        for group in &data.facts {
            let pi =
                *self.preds.get(&group.pred).ok_or_else(|| unfit(format!("unknown predicate '{}'", group.pred)))?;
            let doms = self.p.preds[pi].args.clone();
            // A short last fact (arguments not a multiple of the arity) would be cut by `facts`.
            if doms.len() != group.arity
                || group.arity == 0
                || group.args.len() % group.arity != 0
                || self.tuples.contains_key(&group.pred)
            {
                return Err(unfit(format!("'{}' does not take {} arguments as data", group.pred, group.arity)));
            }
            let PredKind::Input(facts) = &mut self.p.preds[pi].kind else {
                return Err(unfit(format!("'{}' is not an input predicate", group.pred)));
            };
            facts.reserve(group.args.len() / group.arity.max(1));
            for args in group.facts() {
                let vals: Vec<Val> = args.iter().map(|&v| Val::Int(v)).collect();
                if vals.iter().zip(&doms).any(|(&v, &d)| self.p.domains[d].pos(v).is_none()) {
                    return Err(unfit(format!("a fact of '{}' outside its domains", group.pred)));
                }
                facts.insert(vals);
            }
        }
        Ok(())
    }

    pub(crate) fn check_args(&self, pi: PredId, vals: &[Val], args: &[Term], s: Span) -> Result<()> {
        for (i, (v, &d)) in vals.iter().zip(&self.p.preds[pi].args).enumerate() {
            if self.p.domains[d].pos(*v).is_none() {
                let sp = args.get(i).map_or(s, |a| a.span());
                return Err(err(
                    ErrorKind::Domain,
                    sp,
                    format!(
                        "value {} outside domain '{}'",
                        crate::program::ShowVal(&self.p, *v),
                        self.p.domains[d].name
                    ),
                    format!(
                        "argument {} of '{}' must be in '{}'",
                        i + 1,
                        self.p.preds[pi].name,
                        self.p.domains[d].name
                    ),
                ));
            }
        }
        Ok(())
    }

    fn table(&mut self, n: &str, entries: &[Term], s: Span) -> Result<()> {
        let pi = self.pred(n, s)?;
        let pred = &self.p.preds[pi];
        if !matches!(pred.kind, PredKind::Input(_)) || pred.args.is_empty() {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("table for '{n}', which is not an input predicate with arguments"),
                "expected 'input pred' with arguments",
            ));
        }
        let (keys, last) = pred.args.split_at(pred.args.len() - 1);
        let sizes: Vec<usize> = keys.iter().map(|&d| self.p.domains[d].len()).collect();
        let total: usize = sizes.iter().product();
        if total != entries.len() {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("table for '{n}' has {} entries", entries.len()),
                format!(
                    "expected {total} (one per {})",
                    keys.iter().map(|&d| self.p.domains[d].name.as_str()).collect::<Vec<_>>().join(" x ")
                ),
            ));
        }
        let (keys, last) = (keys.to_vec(), last[0]);
        for (i, e) in entries.iter().enumerate() {
            if matches!(e, Term::Name(x, _) if x == "_") {
                continue;
            }
            let mut rest = i;
            let mut tuple = vec![Val::Int(0); keys.len() + 1];
            for (j, &d) in keys.iter().enumerate().rev() {
                let len = self.p.domains[d].len();
                tuple[j] = self.p.domains[d].values[rest % len];
                rest /= len;
            }
            let t = self.term(e)?;
            let v = eval_term(&t, &[])?;
            if self.p.domains[last].pos(v).is_none() {
                return Err(err(
                    ErrorKind::Domain,
                    e.span(),
                    format!(
                        "value {} outside domain '{}'",
                        crate::program::ShowVal(&self.p, v),
                        self.p.domains[last].name
                    ),
                    format!("table entries of '{n}' are in '{}'", self.p.domains[last].name),
                ));
            }
            tuple[keys.len()] = v;
            if let PredKind::Input(facts) = &mut self.p.preds[pi].kind {
                facts.insert(tuple);
            }
        }
        Ok(())
    }
}

/// Evaluates a domain filter: comparisons and connectives only.
pub(crate) fn simple_eval(f: &F, env: &[Option<Val>]) -> Result<bool> {
    Ok(match f {
        F::Const(b) => *b,
        F::Cmp(c) => {
            c.op.holds(eval_term(&c.a, env)?, eval_term(&c.b, env)?)
                .ok_or_else(|| err(ErrorKind::Type, c.span, "ordered comparison of symbols", "expected integers"))?
        }
        F::Not(a) => !simple_eval(a, env)?,
        F::And(a, b) => simple_eval(a, env)? && simple_eval(b, env)?,
        F::Or(a, b) => simple_eval(a, env)? || simple_eval(b, env)?,
        F::Imp(a, b) => !simple_eval(a, env)? || simple_eval(b, env)?,
        F::Iff(a, b) => simple_eval(a, env)? == simple_eval(b, env)?,
        F::Xor(a, b) => simple_eval(a, env)? != simple_eval(b, env)?,
        F::Atom(_, _, s) => return Err(filter_only_compares(*s)),
        F::Quant(q) => return Err(filter_only_compares(q.span)),
        F::Count(c) => return Err(filter_only_compares(c.span)),
        F::AllDiff(a) => return Err(filter_only_compares(a.span)),
        F::Connected(c) => return Err(filter_only_compares(c.span)),
        F::Regions(r) => return Err(filter_only_compares(r.span)),
        F::Order(o) => return Err(filter_only_compares(o.span)),
        F::Lex(l) => return Err(filter_only_compares(l.span)),
        F::Parity(c) => return Err(filter_only_compares(c.span)),
        F::Runs(r) => return Err(filter_only_compares(r.span)),
        F::Global(c) => return Err(filter_only_compares(c.span)),
    })
}

fn filter_only_compares(s: Span) -> QpropError {
    err(
        ErrorKind::Unsupported,
        s,
        "a domain filter may only compare values",
        "expected comparisons joined by and/or/not",
    )
}

/// A domain that the data file declares again replaces the model's, in the model's place (as a
/// parameter's value does), so that a bundled model can be given its value names by a reader:
/// `domain attr = {nationality, colour}` in the data for a model's placeholder `domain attr = {a}`.
/// Two declarations within one file stay an error (reported where the second is resolved).
fn data_domains_replace(mut items: Vec<Item>) -> Vec<Item> {
    let mut j = 0;
    while j < items.len() {
        let replaced = match &items[j] {
            Item::Domain(name, _, span) => {
                items[..j].iter().position(|it| matches!(it, Item::Domain(n, _, s) if n == name && s.file != span.file))
            }
            _ => None,
        };
        match replaced {
            Some(m) => {
                let data = items.remove(j);
                items[m] = data;
            }
            None => j += 1,
        }
    }
    items
}
