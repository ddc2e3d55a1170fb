//! A solution shown: facts, JSON, a grid of cells, the partial grid of a backbone.

use std::collections::BTreeSet;

use wgrnd_sat::Var;

use super::decode::index_tuple;
use super::{PredValue, Solution};

use crate::program::{PredId, Program, ShowVal, Val};
use crate::Atoms;

impl Solution {
    /// A value as the user writes it: an integer's digits, a symbol's name.
    pub fn val(&self, v: Val) -> String {
        match v {
            Val::Int(x) => x.to_string(),
            Val::Sym(s) => self.symbols.get(s as usize).cloned().unwrap_or_default(),
        }
    }

    pub(crate) fn atom(&self, name: &str, t: &[Val]) -> String {
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
                    out.push_str(&format!("{} = {}.\n", self.atom(&v.name, t), self.val(*x)));
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
                    row.push(match x {
                        Val::Int(i) => serde_json::Value::from(*i),
                        Val::Sym(_) => serde_json::Value::from(self.val(*x)),
                    });
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
                            .map(|(_, x)| self.val(*x)),
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
}

/// Shows a value with the program's symbols (re-exported for messages).
pub(crate) fn show(p: &Program, v: Val) -> String {
    ShowVal(p, v).to_string()
}

/// The atoms and integers of the predicates `keep` takes (predicate and arguments) of which
/// some atom or integer bit is not `known`.
fn open_of(
    p: &Program,
    g: &Atoms,
    known: impl Fn(Var) -> bool,
    keep: impl Fn(PredId) -> bool,
) -> BTreeSet<(PredId, Vec<Val>)> {
    let mut open = BTreeSet::new();
    for (i, a) in g.atom_of.iter().enumerate() {
        if let Some((pr, idx)) = a {
            let pred = PredId::new(*pr as usize);
            if keep(pred) && !known(Var::from_index(i)) {
                open.insert((pred, index_tuple(p, pred, *idx as usize)));
            }
        }
    }
    for a in &g.int_list {
        let pred = PredId::new(a.pred as usize);
        if keep(pred) && (0..a.width).any(|j| !known(Var::from_index((a.first + j - 1) as usize))) {
            open.insert((pred, index_tuple(p, pred, a.idx as usize)));
        }
    }
    open
}

/// The shown atoms and integers (by predicate name and arguments) of which some atom or
/// integer bit is not `known`: what differs between solutions when `known` is a backbone. A
/// family that draws its own pictures marks these cells open.
pub fn open_atoms(p: &Program, g: &Atoms, known: impl Fn(Var) -> bool) -> BTreeSet<(String, Vec<Val>)> {
    open_of(p, g, known, |pred| p.shown.contains(&pred))
        .into_iter()
        .map(|(pred, t)| (p.preds[pred].name.clone(), t))
        .collect()
}

/// The picture of what every solution shares: [`Solution::grid`] of `s` with `?` for each cell
/// of the grid predicate that has an atom (or an integer bit) not `known` (a backbone: the atoms
/// with one value in every solution). `None` when no shown predicate is cell-shaped.
pub fn partial_grid(p: &Program, g: &Atoms, s: &Solution, known: impl Fn(Var) -> bool) -> Option<String> {
    let shape = s.grid_shape.as_ref()?;
    let cell = |t: &[Val]| Some((*t.first()?, *t.get(1)?));
    let open: BTreeSet<(Val, Val)> =
        open_of(p, g, known, |pred| pred == shape.pred).iter().filter_map(|(_, t)| cell(t)).collect();
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
