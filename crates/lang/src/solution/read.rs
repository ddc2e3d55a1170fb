//! A solution read back from text: the facts wgrnd prints (`q(1,2).`, `x(1) = 3.`).

use super::{empty, Solution};
use crate::ast::{Formula, Item, Term};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ops::CmpOp;
use crate::program::{PredId, PredKind, Program, Val};
use crate::Source;

/// Reads a solution from text: facts (`l(1,2).` one per atom, `%` comments), what
/// [`Solution::to_facts`] writes; or a picture, what [`Solution::grid`] draws (`--view grid`),
/// alone or followed by the facts (`--view auto`). So a printed solution can be checked again.
pub fn parse_solution(p: &Program, text: &Source) -> Result<Solution> {
    // A picture first: a grid's `#` would read as a comment.
    let (picture, facts) = match text.text.split_once("\n\n") {
        Some((grid, facts)) if read_grid(p, grid).is_some() => (grid, Some(facts)),
        _ => (text.text.as_str(), None),
    };
    match (read_grid(p, picture), facts) {
        (Some(_), Some(facts)) => {
            let start = text.text.len() - facts.len();
            // The facts after the picture, read with their places in the whole text.
            let padded: String = text.text[..start].chars().map(|c| if c == '\n' { c } else { ' ' }).collect();
            parse_facts(p, &Source::new(text.name.clone(), format!("{padded}{facts}")))
        }
        (Some(s), None) => Ok(s),
        (None, _) => parse_facts(p, text),
    }
}

/// A picture of the cell-shaped shown predicate, as [`Solution::grid`] draws it, read back;
/// `None` when `text` is not one (its shape or a cell does not fit).
fn read_grid(p: &Program, text: &str) -> Option<Solution> {
    let mut s = empty(p);
    let shape = s.grid_shape.clone()?;
    s.only = Some(shape.pred);
    let named = shape.rows.iter().any(|r| matches!(r, Val::Sym(_)));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('%'));
    if named {
        let header: Vec<&str> = lines.next()?.split_whitespace().collect();
        let cols: Vec<String> = shape.cols.iter().map(|c| super::show::show(p, *c)).collect();
        if header != cols {
            return None;
        }
    }
    let rows: Vec<&str> = lines.collect();
    if rows.len() != shape.rows.len() {
        return None;
    }
    let args = &p.preds[shape.pred].args;
    let value_dom = args.get(2).map(|&d| &p.domains[d]);
    let value = |w: &str| -> Option<Val> {
        let v = match w.parse::<i64>() {
            Ok(x) => Val::Int(x),
            Err(_) => Val::Sym(p.symbols.iter().position(|x| x == w)? as u32),
        };
        value_dom?.pos(v).map(|_| v)
    };
    for (r, line) in shape.rows.iter().zip(rows) {
        let mut cells = line.split_whitespace();
        if named && cells.next()? != super::show::show(p, *r) {
            return None;
        }
        let cells: Vec<&str> = cells.collect();
        if cells.len() != shape.cols.len() {
            return None;
        }
        for (c, cell) in shape.cols.iter().zip(cells) {
            if cell == "." {
                continue;
            }
            if let Some(iv) = s.ints.iter_mut().find(|v| v.pred == shape.pred) {
                let PredKind::Int(d) = p.preds[shape.pred].kind else { return None };
                let x = p.domains[d].values.iter().copied().find(|v| super::show::show(p, *v) == cell)?;
                iv.values.insert([*r, *c].into(), x);
                continue;
            }
            let pv = s.preds.iter_mut().find(|v| v.pred == shape.pred)?;
            match (cell, value_dom) {
                ("#", None) => {
                    pv.atoms.insert([*r, *c].into());
                }
                (_, Some(_)) => {
                    for w in cell.split('/') {
                        pv.atoms.insert([*r, *c, value(w)?].into());
                    }
                }
                _ => return None,
            }
        }
    }
    Some(s)
}

/// Reads a solution from facts text.
fn parse_facts(p: &Program, text: &Source) -> Result<Solution> {
    let mut files = p.files.clone();
    let file = files.add(&text.name, &text.text);
    let run = || -> Result<Solution> {
        let mut s = empty(p);
        for it in crate::parser::parse_file(file, &text.text)?.items {
            let single = match &it {
                Item::Formula(Formula::Cmp(CmpOp::Eq, Term::Name(n, span), value, _)) => {
                    Some((n, &[][..], span, value))
                }
                Item::Formula(Formula::Cmp(CmpOp::Eq, Term::Call(n, args, span), value, _)) => {
                    Some((n, args.as_slice(), span, value))
                }
                _ => None,
            };
            if let Some((n, args, span, value)) = single {
                let Some(iv) = s.ints.iter().position(|v| v.name == *n) else {
                    return Err(QpropError::new(
                        ErrorKind::Unknown,
                        *span,
                        format!("'{n}' is not an integer variable"),
                        "expected a variable declared with 'var name(...) in lo..hi'",
                    ));
                };
                let tuple = values(p, s.ints[iv].pred, n, args, *span)?;
                let x = match value {
                    Term::Int(x, _) => Some(Val::Int(*x)),
                    Term::Neg(b, _) => match b.as_ref() {
                        Term::Int(x, _) => Some(Val::Int(-*x)),
                        _ => None,
                    },
                    Term::Name(x, _) => p.symbols.iter().position(|y| y == x).map(|i| Val::Sym(i as u32)),
                    _ => None,
                };
                let PredKind::Int(d) = p.preds[s.ints[iv].pred].kind else { continue };
                let Some(x) = x.filter(|x| p.domains[d].pos(*x).is_some()) else {
                    return Err(QpropError::new(
                        ErrorKind::Domain,
                        value.span(),
                        format!("not a value of '{n}'"),
                        format!("expected a value in '{}'", p.domains[d].name),
                    ));
                };
                s.ints[iv].values.insert(tuple.into(), x);
                continue;
            }
            let Item::Formula(Formula::Atom(n, args, span)) = it else {
                return Err(QpropError::new(
                    ErrorKind::Syntax,
                    item_span(&it),
                    "a solution lists facts only",
                    "expected 'pred(values)'",
                ));
            };
            let Some(v) = s.preds.iter_mut().find(|v| v.name == n) else {
                return Err(QpropError::new(
                    ErrorKind::Unknown,
                    span,
                    format!("'{n}' is not a solved-for predicate"),
                    "expected a predicate declared with 'pred'",
                ));
            };
            let tuple = values(p, v.pred, &n, &args, span)?;
            v.atoms.insert(tuple.into());
        }
        Ok(s)
    };
    run().map_err(|e| e.with_files(&files))
}

/// The argument values of a fact in a solution text.
fn values(p: &Program, pred: PredId, n: &str, args: &[Term], span: Span) -> Result<Vec<Val>> {
    let pred = &p.preds[pred];
    if pred.args.len() != args.len() {
        return Err(QpropError::new(
            ErrorKind::Arity,
            span,
            format!("'{n}' takes {} argument(s), given {}", pred.args.len(), args.len()),
            format!("expected {} argument(s)", pred.args.len()),
        ));
    }
    let mut tuple = Vec::new();
    for (a, &d) in args.iter().zip(&pred.args) {
        let val = match a {
            Term::Int(x, _) => Some(Val::Int(*x)),
            Term::Neg(b, _) => match b.as_ref() {
                Term::Int(x, _) => Some(Val::Int(-*x)),
                _ => None,
            },
            Term::Name(x, _) => p.symbols.iter().position(|s| s == x).map(|i| Val::Sym(i as u32)),
            _ => None,
        };
        match val.filter(|v| p.domains[d].pos(*v).is_some()) {
            Some(v) => tuple.push(v),
            None => {
                return Err(QpropError::new(
                    ErrorKind::Domain,
                    a.span(),
                    format!("not a value of '{}'", p.domains[d].name),
                    format!("expected a value of '{}'", p.domains[d].name),
                ))
            }
        }
    }
    Ok(tuple)
}

fn item_span(it: &Item) -> Span {
    match it {
        Item::Formula(f) => f.span(),
        Item::Param(_, _, s) | Item::Domain(_, _, s) | Item::Sort(_, _, s) | Item::Pred(_, _, _, _, s) => *s,
        Item::Def(_, _, _, s) | Item::Table(_, _, s) | Item::IntVar(_, _, _, s) => *s,
        Item::Show(names) => names.first().map_or(Span::default(), |n| n.1),
        Item::TableFrom(_, s, _, _) | Item::Rows(_, s, _, _) => *s,
        Item::Objective(_, _, s) | Item::Soft(_, _, _, s) => *s,
    }
}
