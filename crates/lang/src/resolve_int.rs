//! Integer declarations: `var k in D` is a sort (the domain of the bare binder `k`) when `k` is a
//! binder somewhere, and a single integer variable when it is never one but is used as a value.

use std::collections::HashSet;

use crate::ast::{Binder, DomainDef, Formula, Item, Term};
use crate::error::{Result, Span};
use crate::program::{DomId, Pred, PredId, PredKind};
use crate::resolve::Resolver;

/// The names bare binders take, and the names used as values, in all items.
#[derive(Default)]
pub(crate) struct Names {
    binders: HashSet<String>,
    values: HashSet<String>,
}

/// Whether `var n in D` declares a single integer variable.
pub(crate) fn single_int(names: &Names, n: &str) -> bool {
    !names.binders.contains(n) && names.values.contains(n)
}

/// Collects the names of every item.
pub(crate) fn names_used(items: &[Item]) -> Names {
    let mut out = Names::default();
    for it in items {
        match it {
            Item::Formula(f) => formula(f, &mut out),
            Item::Objective(_, t, _) => term(t, &mut out),
            Item::Soft(w, f, comp, _) => {
                term(w, &mut out);
                formula(f, &mut out);
                if let Some((bs, g)) = comp {
                    binders(bs, &mut out);
                    if let Some(g) = g {
                        formula(g, &mut out);
                    }
                }
            }
            Item::Def(_, params, f, _) => {
                binders(params, &mut out);
                formula(f, &mut out);
            }
            Item::Domain(_, DomainDef::Filter(b, g), _) => {
                binders(std::slice::from_ref(b), &mut out);
                formula(g, &mut out);
            }
            _ => {}
        }
    }
    out
}

fn binders(bs: &[Binder], out: &mut Names) {
    for b in bs {
        if b.domain.is_none() {
            out.binders.insert(b.name.clone());
        }
    }
}

fn formula(f: &Formula, out: &mut Names) {
    match f {
        Formula::Const(..) => {}
        Formula::Atom(_, args, _) => args.iter().for_each(|t| term(t, out)),
        Formula::Cmp(_, a, b, _) => {
            term(a, out);
            term(b, out);
        }
        Formula::Not(a, _) => formula(a, out),
        Formula::Bin(_, a, b, _) => {
            formula(a, out);
            formula(b, out);
        }
        Formula::Quant(_, bs, g, body, _) => {
            binders(bs, out);
            if let Some(g) = g {
                formula(g, out);
            }
            formula(body, out);
        }
        Formula::Parity(_, lit, bs, g, _) => {
            binders(bs, out);
            formula(lit, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
        Formula::Count(_, k, lit, bs, g, _) => {
            term(k, out);
            binders(bs, out);
            formula(lit, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
        Formula::Connected(c) => {
            binders(&c.binders, out);
            formula(&c.lit, out);
            if let Some(g) = &c.guard {
                formula(g, out);
            }
        }
        Formula::Regions(r) => {
            binders(&r.binders, out);
            term(&r.size, out);
            if let Some(g) = &r.guard {
                formula(g, out);
            }
        }
        Formula::Order(_, l, _) => list(l, out),
        Formula::Lex(_, a, b, _) => {
            list(a, out);
            list(b, out);
        }
        Formula::Runs(r) => {
            binders(&r.binders, out);
            formula(&r.lit, out);
            if let Some(g) = &r.guard {
                formula(g, out);
            }
            list(&r.lens, out);
        }
        Formula::Global(g) => {
            g.lists.iter().for_each(|l| list(l, out));
            term(&g.bound, out);
        }
        Formula::AllDiff(except, body, bs, g, _) => {
            if let Some(t) = except {
                term(t, out);
            }
            binders(bs, out);
            term(body, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
    }
}

fn term(t: &Term, out: &mut Names) {
    match t {
        Term::Int(..) => {}
        Term::Name(n, _) => {
            out.values.insert(n.clone());
        }
        Term::Call(_, args, _) => args.iter().for_each(|a| term(a, out)),
        Term::Bin(_, a, b, _) => {
            term(a, out);
            term(b, out);
        }
        Term::Neg(a, _) => term(a, out),
        Term::Sum(body, bs, g, _) | Term::MinMax(_, body, bs, g, _) => {
            binders(bs, out);
            term(body, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
        Term::Bool(f, _) => formula(f, out),
        Term::Count(f, bs, g, _) => {
            binders(bs, out);
            formula(f, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
    }
}

fn list(l: &crate::ast::List, out: &mut Names) {
    match l {
        crate::ast::List::Items(ts) => ts.iter().for_each(|t| term(t, out)),
        crate::ast::List::Compr(body, bs, g) => {
            binders(bs, out);
            term(body, out);
            if let Some(g) = g {
                formula(g, out);
            }
        }
    }
}

impl Resolver {
    /// Declares the integer variable `n` (no arguments) over domain `d`.
    pub(crate) fn single_int(&mut self, n: String, d: DomId, s: Span) -> Result<()> {
        self.new_pred_name(&n, s)?;
        self.preds.insert(n.clone(), PredId::new(self.p.preds.len()));
        self.p.preds.push(Pred {
            name: n,
            args: Vec::new(),
            kind: PredKind::Int(d),
            clue: false,
            withheld: None,
            span: s,
        });
        Ok(())
    }
}
