//! Resolution of issue 24's part "syntax": inline domains (bounds, subsets), tuple domains (an
//! input predicate of their tuples, with a domain per column) and rows of values read from a
//! CSV or `.col` file (crate::tables).

use crate::ast::{Binder, DomainDef, Term};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::parser::is_anonymous;
use crate::program::{eval_term, DomId, Domain, FactSet, Pred, PredId, PredKind, ShowVal, Val};
use crate::resolve::{err, simple_eval, Resolver};

/// A tuple domain's tuples, and the domain of each column where it is known already.
type Tuples = (Vec<Vec<Val>>, Vec<Option<DomId>>);

/// At most this many bindings are enumerated for a tuple domain's comprehension.
const MAX_TUPLE_BINDINGS: u64 = 10_000_000;

impl Resolver {
    /// A bound of a range; for an inline range (`i in 1..n`) a bound that names a quantified
    /// variable is said to be one, with the way out.
    pub(crate) fn inline_bound(&mut self, dom: &str, t: &Term) -> Result<i64> {
        self.const_int(t).map_err(|e| {
            if is_anonymous(dom) && e.kind == ErrorKind::Unknown {
                e.note(
                    "the bounds of an inline range are known before grounding: numbers and parameters; \
                        bound a variable by a guard instead (`j in 1..n | j > i`)",
                )
            } else {
                e
            }
        })
    }

    /// Whether `have`, a domain written inline (or a tuple domain's column), has every value in
    /// `want`: then a variable of it is accepted at an argument of `want`.
    pub(crate) fn inline_subset(&self, have: DomId, want: DomId) -> bool {
        let h = &self.p.domains[have];
        is_anonymous(&h.name) && h.values.iter().all(|&v| self.p.domains[want].pos(v).is_some())
    }

    /// The two domains' names for a type mismatch; an inline domain's with the values of both.
    pub(crate) fn domain_names(&self, have: DomId, want: DomId) -> (String, String) {
        let (h, w) = (&self.p.domains[have], &self.p.domains[want]);
        if !is_anonymous(&h.name) {
            return (h.name.clone(), w.name.clone());
        }
        (format!("{} (values {})", h.name, self.values_text(h)), format!("{} (values {})", w.name, self.values_text(w)))
    }

    fn values_text(&self, d: &Domain) -> String {
        if let (Some(Val::Int(lo)), Some(Val::Int(hi)), Some(_)) = (d.values.first(), d.values.last(), d.range) {
            return format!("{lo}..{hi}");
        }
        let mut shown: Vec<String> = d.values.iter().take(8).map(|&v| ShowVal(&self.p, v).to_string()).collect();
        if d.values.len() > 8 {
            shown.push("...".into());
        }
        format!("{{{}}}", shown.join(", "))
    }

    /// `'Pair' is a tuple domain` where a plain domain is expected.
    pub(crate) fn tuple_domain_misused(&self, d: &str, s: Span) -> QpropError {
        let k = self.tuples.get(d).map_or(2, |&pi| self.p.preds[pi].args.len());
        let names: Vec<String> = (b'a'..).take(k).map(|c| (c as char).to_string()).collect();
        err(
            ErrorKind::Type,
            s,
            format!("'{d}' is a tuple domain"),
            format!("expected a domain of single values; bind its tuples with '({}) in {d}'", names.join(", ")),
        )
    }

    /// The domain of the `i`-th of `k` names of a tuple binder over `tuple`.
    pub(crate) fn tuple_column(&self, tuple: &str, i: usize, k: usize, b: &Binder, s: Span) -> Result<DomId> {
        let Some(&pi) = self.tuples.get(tuple) else {
            if self.doms.contains_key(tuple) {
                return Err(err(
                    ErrorKind::Type,
                    s,
                    format!("'{tuple}' is not a tuple domain"),
                    format!("expected a domain of tuples for the tuple binder; bind '{tuple}' with one name"),
                ));
            }
            return self.dom(tuple, s);
        };
        let cols = &self.p.preds[pi].args;
        if cols.len() != k {
            return Err(err(
                ErrorKind::Arity,
                b.span.to(s),
                format!("a tuple binder of {k} names over '{tuple}', whose tuples have {} components", cols.len()),
                format!("expected {} names in the parentheses", cols.len()),
            ));
        }
        Ok(cols[i])
    }

    /// A tuple domain: its tuples as the facts of an input predicate of the same name, with a
    /// domain per column (a comprehension's binder's own domain where the component is that
    /// binder, else the values that occur, in order).
    pub(crate) fn tuple_domain(&mut self, n: String, d: DomainDef, s: Span) -> Result<()> {
        if self.preds.contains_key(&n) {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("tuple domain '{n}' has the name of a predicate"),
                "expected a name of its own: a tuple domain is also the input predicate of its tuples",
            ));
        }
        let (tuples, mut cols) = match d {
            DomainDef::Tuples(list) => self.listed_tuples(&n, &list)?,
            DomainDef::TupleSet(terms, binders, guard) => {
                self.tuple_comprehension(&terms, &binders, guard.as_deref())?
            }
            _ => return Err(err(ErrorKind::Internal, s, "internal: not a tuple domain", "a tuple domain")),
        };
        if tuples.is_empty() {
            return Err(err(ErrorKind::Domain, s, format!("domain '{n}' is empty"), "expected at least one tuple"));
        }
        let mut args = Vec::with_capacity(cols.len());
        for (i, col) in cols.iter_mut().enumerate() {
            args.push(match col {
                Some(d) => *d,
                None => {
                    let mut vals: Vec<Val> = tuples.iter().map(|t| t[i]).collect();
                    vals.sort();
                    self.p.domains.push(Domain::new(format!("column {} of {n}", i + 1), vals, None));
                    DomId::new(self.p.domains.len() - 1)
                }
            });
        }
        let pi = PredId::new(self.p.preds.len());
        self.preds.insert(n.clone(), pi);
        self.tuples.insert(n.clone(), pi);
        let facts: FactSet = tuples.into_iter().collect();
        self.p.preds.push(Pred { name: n, args, kind: PredKind::Input(facts), clue: false, withheld: None, span: s });
        Ok(())
    }

    /// `{(1, 2), (2, 3)}`: every tuple of the same length, at least 2.
    fn listed_tuples(&mut self, n: &str, list: &[(Vec<Term>, Span)]) -> Result<Tuples> {
        let k = list.first().map_or(0, |(t, _)| t.len());
        let mut out = Vec::with_capacity(list.len());
        for (terms, span) in list {
            if terms.len() != k {
                return Err(err(
                    ErrorKind::Arity,
                    *span,
                    format!("a tuple of {} components in '{n}', whose first tuple has {k}", terms.len()),
                    format!("expected {k} components"),
                ));
            }
            let mut tuple = Vec::with_capacity(k);
            for t in terms {
                tuple.push(match t {
                    Term::Name(x, _) if !self.params.contains_key(x) => Val::Sym(self.intern(x)),
                    _ => Val::Int(self.const_int(t)?),
                });
            }
            out.push(tuple);
        }
        Ok((out, vec![None; k]))
    }

    /// `{(a, b) : a in D, b in E | guard}`: every binding of the binders (at most
    /// [`MAX_TUPLE_BINDINGS`]) whose guard holds gives its tuple.
    fn tuple_comprehension(
        &mut self,
        terms: &[Term],
        binders: &[Binder],
        guard: Option<&crate::ast::Formula>,
    ) -> Result<Tuples> {
        self.scope.clear();
        self.slots.clear();
        let bound = self.binders(binders)?;
        let g = guard.map(|g| self.formula(g)).transpose()?;
        let ts = terms.iter().map(|t| self.term(t)).collect::<Result<Vec<_>>>()?;
        let cols = terms
            .iter()
            .zip(&ts)
            .map(|(t, rt)| match (t, rt) {
                (Term::Name(..), crate::program::T::Var(slot)) => bound.iter().find(|b| b.slot == *slot).map(|b| b.dom),
                _ => None,
            })
            .collect();
        let sizes: Vec<usize> = bound.iter().map(|b| self.p.domains[b.dom].len()).collect();
        let total = sizes.iter().fold(1u64, |a, &n| a.saturating_mul(n as u64));
        if total > MAX_TUPLE_BINDINGS {
            let span = binders.first().map_or_else(|| terms[0].span(), |b| b.span);
            return Err(err(
                ErrorKind::TooLarge,
                span,
                format!("a tuple domain over {total} bindings"),
                format!("at most {MAX_TUPLE_BINDINGS} bindings"),
            ));
        }
        let mut env = vec![None; self.slots.len()];
        let mut at = vec![0usize; bound.len()];
        let mut out = Vec::new();
        let names = self.slots.clone();
        'all: loop {
            for (b, &i) in bound.iter().zip(&at) {
                env[b.slot.index()] = Some(self.p.domains[b.dom].values[i]);
            }
            let with = |e: QpropError| e.note(self.p.bindings(&names, &env));
            if g.as_ref().map_or(Ok(true), |g| simple_eval(g, &env)).map_err(with)? {
                out.push(ts.iter().map(|t| eval_term(t, &env)).collect::<Result<Vec<_>>>().map_err(with)?);
            }
            for j in (0..at.len()).rev() {
                at[j] += 1;
                if at[j] < sizes[j] {
                    continue 'all;
                }
                at[j] = 0;
            }
            break;
        }
        Ok((out, cols))
    }

    /// The rows read from a file for input predicate `n` (crate::tables): each row a fact; the
    /// first row of a CSV file is a header, and skipped, when each of its fields is a name that
    /// is not a value of its column's domain.
    pub(crate) fn rows(&mut self, n: &str, s: Span, rows: &[(Vec<Term>, Span)], header: bool) -> Result<()> {
        let pi = self.pred(n, s)?;
        if !matches!(self.p.preds[pi].kind, PredKind::Input(_)) || self.tuples.contains_key(n) {
            return Err(err(
                ErrorKind::Declaration,
                s,
                format!("a table from a file for '{n}', which is not an input predicate"),
                "expected a predicate declared 'input pred' or 'clue pred'",
            ));
        }
        let arity = self.p.preds[pi].args.len();
        for (k, (fields, span)) in rows.iter().enumerate() {
            if fields.len() != arity {
                let at = fields.get(arity).map_or(*span, |f| f.span());
                return Err(err(
                    ErrorKind::Arity,
                    at,
                    format!("a row of {} fields for '{n}', which takes {arity}", fields.len()),
                    format!("expected {arity} fields"),
                ));
            }
            if k == 0 && header && self.is_header(pi, fields) {
                continue;
            }
            let mut vals = Vec::with_capacity(arity);
            for f in fields {
                vals.push(match f {
                    Term::Name(x, fs) => match self.syms.get(x) {
                        Some(&i) => Val::Sym(i),
                        None => {
                            return Err(err(
                                ErrorKind::Unknown,
                                *fs,
                                format!("unknown value '{x}'"),
                                "expected an integer or a value of a declared domain",
                            ))
                        }
                    },
                    t => Val::Int(self.const_int(t)?),
                });
            }
            self.check_args(pi, &vals, fields, *span)?;
            if let PredKind::Input(facts) = &mut self.p.preds[pi].kind {
                facts.insert(vals);
            }
        }
        Ok(())
    }

    fn is_header(&self, pi: PredId, fields: &[Term]) -> bool {
        fields.iter().zip(&self.p.preds[pi].args).all(|(f, &d)| match f {
            Term::Name(x, _) => self.syms.get(x).is_none_or(|&i| self.p.domains[d].pos(Val::Sym(i)).is_none()),
            _ => false,
        })
    }
}
