//! Solutions: decoded from a model, read back from facts text, shown as facts, JSON or a grid.

use std::collections::{BTreeMap, BTreeSet};

use wgrnd_cnf::Var;

use crate::ast::{Formula, Item, Term};
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::program::{PredKind, Program, ShowVal, Val};
use crate::{Atoms, Source};

/// One solved-for predicate's true atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredValue {
    /// Predicate name.
    pub name: String,
    /// Index in [`Program::preds`].
    pub pred: usize,
    /// Whether it is shown.
    pub shown: bool,
    /// The true atoms' arguments.
    pub atoms: BTreeSet<Vec<Val>>,
}

/// One integer variable's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntValue {
    /// Variable name.
    pub name: String,
    /// Index in [`Program::preds`].
    pub pred: usize,
    /// Whether it is shown.
    pub shown: bool,
    /// Value per argument tuple (tuples without a value did not occur in the model).
    pub values: BTreeMap<Vec<Val>, i64>,
}

/// The values of every solved-for predicate (shown and hidden): the checker checks all of them;
/// printing, blocking and counting use the shown ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// One entry per solved-for predicate, in declaration order.
    pub preds: Vec<PredValue>,
    /// One entry per integer variable, in declaration order.
    pub ints: Vec<IntValue>,
    symbols: Vec<String>,
    grid_shape: Option<GridShape>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct GridShape {
    pred: usize,
    rows: Vec<Val>,
    cols: Vec<Val>,
}

fn empty(p: &Program) -> Solution {
    let preds = p
        .preds
        .iter()
        .enumerate()
        .filter(|(_, pr)| matches!(pr.kind, PredKind::Var))
        .map(|(i, pr)| PredValue {
            name: pr.name.clone(),
            pred: i,
            shown: p.shown.contains(&i),
            atoms: BTreeSet::new(),
        })
        .collect::<Vec<_>>();
    let ints = p
        .preds
        .iter()
        .enumerate()
        .filter(|(_, pr)| matches!(pr.kind, PredKind::Int(_)))
        .map(|(i, pr)| IntValue {
            name: pr.name.clone(),
            pred: i,
            shown: p.shown.contains(&i),
            values: BTreeMap::new(),
        })
        .collect::<Vec<_>>();
    let cands = preds.iter().filter(|v| v.shown).map(|v| v.pred).chain(ints.iter().filter(|v| v.shown).map(|v| v.pred));
    let grid_shape = cands.into_iter().find_map(|pred| {
        let args = &p.preds[pred].args;
        let ints = |d: usize| p.domains[d].values.iter().all(|x| matches!(x, Val::Int(_)));
        // Rows may be named (a table such as attribute x house -> value); columns are numbered.
        let rows_ok = ints(args[0]) || args.len() == 3;
        ((args.len() == 2 || args.len() == 3) && rows_ok && ints(args[1])).then(|| GridShape {
            pred,
            rows: p.domains[args[0]].values.clone(),
            cols: p.domains[args[1]].values.clone(),
        })
    });
    Solution { preds, ints, symbols: p.symbols.clone(), grid_shape }
}

/// Reads the values of every solved-for atom from a model (`value(var)`; atoms that got no
/// variable are false).
pub fn decode(p: &Program, g: &Atoms, value: impl Fn(Var) -> bool) -> Solution {
    let mut s = empty(p);
    for (i, a) in g.atom_of.iter().enumerate() {
        let Some((pr, idx)) = a else { continue };
        if !value(Var::from_index(i)) {
            continue;
        }
        let pred = &p.preds[*pr as usize];
        let mut rest = *idx as usize;
        let mut tuple = vec![Val::Int(0); pred.args.len()];
        for (j, &d) in pred.args.iter().enumerate().rev() {
            let len = p.domains[d].len().max(1);
            tuple[j] = p.domains[d].values.get(rest % len).copied().unwrap_or(Val::Int(0));
            rest /= len;
        }
        if let Some(v) = s.preds.iter_mut().find(|v| v.pred == *pr as usize) {
            v.atoms.insert(tuple);
        }
    }
    for &(pr, idx) in &g.fixed_true {
        let tuple = index_tuple(p, pr as usize, idx as usize);
        if let Some(v) = s.preds.iter_mut().find(|v| v.pred == pr as usize) {
            v.atoms.insert(tuple);
        }
    }
    for &(pr, idx, first, width) in &g.int_list {
        let PredKind::Int(d) = p.preds[pr as usize].kind else { continue };
        let lo = match p.domains[d].values.first() {
            Some(Val::Int(v)) => *v,
            _ => 0,
        };
        let mut x = lo;
        for j in 0..width {
            if value(Var::from_index((first + j - 1) as usize)) {
                x += match g.ints {
                    crate::IntEncoding::Order => 1,
                    crate::IntEncoding::Log => 1i64 << j.min(62),
                };
            }
        }
        let tuple = index_tuple(p, pr as usize, idx as usize);
        if let Some(v) = s.ints.iter_mut().find(|v| v.pred == pr as usize) {
            v.values.insert(tuple, x);
        }
    }
    s
}

fn index_tuple(p: &Program, pred: usize, idx: usize) -> Vec<Val> {
    let pred = &p.preds[pred];
    let mut rest = idx;
    let mut tuple = vec![Val::Int(0); pred.args.len()];
    for (j, &d) in pred.args.iter().enumerate().rev() {
        let len = p.domains[d].len().max(1);
        tuple[j] = p.domains[d].values.get(rest % len).copied().unwrap_or(Val::Int(0));
        rest /= len;
    }
    tuple
}

/// Reads a solution from facts text (`l(1,2).` one per atom, `%` comments): what
/// [`Solution::to_facts`] writes, so that a printed solution can be checked again.
pub fn parse_solution(p: &Program, text: &Source) -> Result<Solution> {
    let mut files = p.files.clone();
    while files.len() < 2 {
        files.push((String::new(), String::new()));
    }
    files.push((text.name.clone(), text.text.clone()));
    let run = || -> Result<Solution> {
        let mut s = empty(p);
        for it in crate::parser::parse_file(2, &text.text)? {
            if let Item::Formula(Formula::Cmp("=", Term::Call(n, args, span), value, _)) = &it {
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
                    Term::Int(x, _) => Some(*x),
                    Term::Neg(b, _) => match b.as_ref() {
                        Term::Int(x, _) => Some(-*x),
                        _ => None,
                    },
                    _ => None,
                };
                let PredKind::Int(d) = p.preds[s.ints[iv].pred].kind else { continue };
                let Some(x) = x.filter(|x| p.domains[d].pos(Val::Int(*x)).is_some()) else {
                    return Err(QpropError::new(
                        ErrorKind::Domain,
                        value.span(),
                        format!("not a value of '{n}'"),
                        format!("expected an integer in '{}'", p.domains[d].name),
                    ));
                };
                s.ints[iv].values.insert(tuple, x);
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
            v.atoms.insert(tuple);
        }
        Ok(s)
    };
    run().map_err(|e| e.with_files(&files))
}

/// The argument values of a fact in a solution text.
fn values(p: &Program, pred: usize, n: &str, args: &[Term], span: Span) -> Result<Vec<Val>> {
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
        Item::Param(_, _, s) | Item::Domain(_, _, s) | Item::Sort(_, _, s) | Item::Pred(_, _, _, s) => *s,
        Item::Def(_, _, _, s) | Item::Table(_, _, s) | Item::IntVar(_, _, _, s) => *s,
        Item::Show(names) => names.first().map_or(Span::default(), |n| n.1),
    }
}

impl Solution {
    fn val(&self, v: Val) -> String {
        match v {
            Val::Int(x) => x.to_string(),
            Val::Sym(s) => self.symbols.get(s as usize).cloned().unwrap_or_default(),
        }
    }

    fn atom(&self, name: &str, t: &[Val]) -> String {
        if t.is_empty() {
            return name.to_string();
        }
        let a: Vec<String> = t.iter().map(|v| self.val(*v)).collect();
        format!("{name}({})", a.join(","))
    }

    /// The true atoms of the shown predicates as facts, one per line; the hidden predicates follow
    /// after a `% hidden` comment so that [`crate::check`] can check a solution read back.
    pub fn to_facts(&self) -> String {
        let mut out = String::new();
        for hidden in [false, true] {
            let preds: Vec<&PredValue> = self.preds.iter().filter(|v| v.shown != hidden).collect();
            if hidden
                && (preds.iter().any(|v| !v.atoms.is_empty())
                    || self.ints.iter().any(|v| !v.shown && !v.values.is_empty()))
            {
                out.push_str("% hidden (for checking)\n");
            }
            for v in preds {
                for t in &v.atoms {
                    out.push_str(&self.atom(&v.name, t));
                    out.push_str(".\n");
                }
            }
            for v in self.ints.iter().filter(|v| v.shown != hidden) {
                for (t, x) in &v.values {
                    out.push_str(&format!("{} = {x}.\n", self.atom(&v.name, t)));
                }
            }
        }
        out
    }

    /// The shown predicates as JSON: `{"l": [[1, 2], ...], ...}`; symbols as strings.
    pub fn to_json(&self) -> serde_json::Value {
        let mut m = serde_json::Map::new();
        for v in self.preds.iter().filter(|v| v.shown) {
            let atoms: Vec<serde_json::Value> = v
                .atoms
                .iter()
                .map(|t| {
                    serde_json::Value::Array(
                        t.iter()
                            .map(|x| match x {
                                Val::Int(i) => serde_json::Value::from(*i),
                                Val::Sym(_) => serde_json::Value::from(self.val(*x)),
                            })
                            .collect(),
                    )
                })
                .collect();
            m.insert(v.name.clone(), serde_json::Value::Array(atoms));
        }
        for v in self.ints.iter().filter(|v| v.shown) {
            let rows: Vec<serde_json::Value> = v
                .values
                .iter()
                .map(|(t, x)| {
                    let mut row: Vec<serde_json::Value> = t
                        .iter()
                        .map(|a| match a {
                            Val::Int(i) => serde_json::Value::from(*i),
                            Val::Sym(_) => serde_json::Value::from(self.val(*a)),
                        })
                        .collect();
                    row.push(serde_json::Value::from(*x));
                    serde_json::Value::Array(row)
                })
                .collect();
            m.insert(v.name.clone(), serde_json::Value::Array(rows));
        }
        serde_json::Value::Object(m)
    }

    /// The first shown predicate shaped like a cell, `x(row, col)` or `x(row, col, value)` with
    /// integer rows and columns, as rows of cells: `None` for an empty cell, `#` for a true
    /// `x(row, col)`, the value(s) for `x(row, col, value)` (joined by `/`). What [`Solution::grid`]
    /// prints and a picture draws.
    pub fn grid_cells(&self) -> Option<Vec<Vec<Option<String>>>> {
        let g = self.grid_shape.as_ref()?;
        let iv = self.ints.iter().find(|v| v.pred == g.pred);
        let empty = PredValue { name: String::new(), pred: g.pred, shown: true, atoms: BTreeSet::new() };
        let v = self.preds.iter().find(|v| v.pred == g.pred).unwrap_or(&empty);
        let mut cells = Vec::new();
        for r in &g.rows {
            let mut row = Vec::new();
            for c in &g.cols {
                let mut hits: Vec<String> = v
                    .atoms
                    .iter()
                    .filter(|t| t.first() == Some(r) && t.get(1) == Some(c))
                    .map(|t| t.get(2).map_or("#".to_string(), |x| self.val(*x)))
                    .collect();
                if let Some(iv) = iv {
                    hits.extend(
                        iv.values
                            .iter()
                            .filter(|(t, _)| t.first() == Some(r) && t.get(1) == Some(c))
                            .map(|(_, x)| x.to_string()),
                    );
                }
                row.push((!hits.is_empty()).then(|| hits.join("/")));
            }
            cells.push(row);
        }
        Some(cells)
    }

    /// [`Solution::grid_cells`] as text: `.` for an empty cell, columns aligned. Named rows (a
    /// table) get their names in front and the column numbers above.
    pub fn grid(&self) -> Option<String> {
        self.grid_text(&self.grid_cells()?)
    }

    /// The text of a grid of cells (named rows make a table with a header line).
    fn grid_text(&self, cells: &[Vec<Option<String>>]) -> Option<String> {
        let g = self.grid_shape.as_ref()?;
        let text = |c: &Option<String>| c.clone().unwrap_or_else(|| ".".to_string());
        let named = g.rows.iter().any(|r| matches!(r, Val::Sym(_)));
        let mut w = cells.iter().flatten().map(|c| text(c).chars().count()).max().unwrap_or(1);
        let mut out = String::new();
        let mut lines: Vec<(String, Vec<String>)> =
            cells.iter().zip(&g.rows).map(|(row, r)| (self.val(*r), row.iter().map(&text).collect())).collect();
        if named {
            w = w.max(g.cols.iter().map(|c| self.val(*c).chars().count()).max().unwrap_or(1));
            lines.insert(0, (String::new(), g.cols.iter().map(|c| self.val(*c)).collect()));
        }
        let label = lines.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
        for (name, row) in &lines {
            let line = if named {
                let padded: Vec<String> = row.iter().map(|c| format!("{c:<w$}")).collect();
                format!("{name:<label$}  {}", padded.join("  "))
            } else {
                let padded: Vec<String> = row.iter().map(|c| format!("{c:>w$}")).collect();
                padded.join(" ")
            };
            out.push_str(line.trim_end());
            out.push('\n');
        }
        Some(out)
    }

    /// Whether `pred(args)` is true (solved-for predicates only).
    pub fn holds(&self, pred: usize, args: &[Val]) -> bool {
        self.preds.iter().any(|v| v.pred == pred && v.atoms.contains(args))
    }

    /// The value of integer variable `pred(args)`, if it has one.
    pub fn int_value(&self, pred: usize, args: &[Val]) -> Option<i64> {
        self.ints.iter().find(|v| v.pred == pred).and_then(|v| v.values.get(args).copied())
    }

    /// The shown atoms, for comparing solutions under projection.
    pub fn shown_atoms(&self) -> Vec<String> {
        self.preds.iter().filter(|v| v.shown).flat_map(|v| v.atoms.iter().map(|t| self.atom(&v.name, t))).collect()
    }
}

/// Shows a value with the program's symbols (re-exported for messages).
pub(crate) fn show(p: &Program, v: Val) -> String {
    ShowVal(p, v).to_string()
}

/// The picture of what every solution shares: [`Solution::grid`] of `s` with `?` for each cell
/// of the grid predicate that has an atom (or an integer bit) not `known` (a backbone: the atoms
/// with one value in every solution). `None` when no shown predicate is cell-shaped.
pub fn partial_grid(p: &Program, g: &Atoms, s: &Solution, known: impl Fn(Var) -> bool) -> Option<String> {
    let shape = s.grid_shape.as_ref()?;
    let mut open: BTreeSet<(Val, Val)> = BTreeSet::new();
    let cell = |t: &[Val]| Some((*t.first()?, *t.get(1)?));
    for (i, a) in g.atom_of.iter().enumerate() {
        match a {
            Some((pr, idx)) if *pr as usize == shape.pred && !known(Var::from_index(i)) => {
                open.extend(cell(&index_tuple(p, *pr as usize, *idx as usize)));
            }
            _ => {}
        }
    }
    for &(pr, idx, first, width) in &g.int_list {
        if pr as usize == shape.pred && (0..width).any(|j| !known(Var::from_index((first + j - 1) as usize))) {
            open.extend(cell(&index_tuple(p, pr as usize, idx as usize)));
        }
    }
    let mut cells = s.grid_cells()?;
    for (r, row) in shape.rows.iter().zip(cells.iter_mut()) {
        for (c, x) in shape.cols.iter().zip(row.iter_mut()) {
            if open.contains(&(*r, *c)) {
                *x = Some("?".into());
            }
        }
    }
    s.grid_text(&cells)
}
