//! Atom names made when asked for, not at grounding (`GroundOptions::names` off: a count that
//! writes no DIMACS header). A grounding names every variable in its header's `var` lines; a
//! count with the built-in engine and no certificate writes no header, so the names of the
//! solved-for atoms (thousands on a nonogram) are left out of it and made here from the atom's
//! predicate and index only when a message needs one. The text is `Program::atom_name`'s, the
//! arguments written by `Program::push_val`. The same holds for most auxiliary variables (a
//! sum's diagram makes thousands on a magic square): with names off only what an auxiliary's
//! name is made of is kept ([`LazyAux`]), and [`aux_name`] writes it when asked, as the header
//! would have.

use std::borrow::Cow;

use crate::program::{PredKind, Program};

/// The name of auxiliary number `number` that stands for `what`: `aux(what #number)`. Written
/// without the formatting machinery (a grounding with names on makes thousands of these).
pub(crate) fn aux_name(what: &str, number: u32) -> String {
    let mut name = String::with_capacity(what.len() + 12);
    name.push_str("aux(");
    name.push_str(what);
    name.push_str(" #");
    crate::program::push_decimal(&mut name, i64::from(number));
    name.push(')');
    name
}

/// What the names of a run of auxiliary variables are made of, kept instead of the names when
/// names are off: the first variable's index, how many, the first one's number among the
/// auxiliaries (the next ones numbered in turn, or all alike), and what they stand for. One
/// record for a run keeps a connectivity constraint's distance labels (a number of them that
/// grows with the square of the nodes) from costing memory each.
#[derive(Clone, Debug)]
pub(crate) struct LazyAux {
    pub var: u32,
    pub count: u32,
    pub number: u32,
    pub numbered_in_turn: bool,
    pub what: Cow<'static, str>,
}

/// The name of variable index `var` among `lazy` (runs sorted by variable), if it is in one.
pub(crate) fn lazy_aux_name(lazy: &[LazyAux], var: usize) -> Option<String> {
    let i = lazy.partition_point(|a| a.var as usize <= var).checked_sub(1)?;
    let run = &lazy[i];
    let offset = var - run.var as usize;
    if offset >= run.count as usize {
        return None;
    }
    let number = if run.numbered_in_turn { run.number + offset as u32 } else { run.number };
    Some(aux_name(&run.what, number))
}

/// How the variables of an integer variable's view are named: `x=v` (direct), `x>=v` (order,
/// from the second value on) or `x.bitj` (log).
#[derive(Clone, Debug)]
pub(crate) enum ViewNames {
    /// `x=v` for each value.
    Equal(Vec<i64>),
    /// `x>=v` for each value.
    AtLeast(Vec<i64>),
    /// `x.bitj` for each bit.
    Bit,
}

/// What the names of one view's variables are made of, kept instead of the names when names
/// are off: its first variable's index, how many, the integer variable's name and how each is
/// named (a 4 x 4 magic square's sixteen numbers have 496 of them).
#[derive(Clone, Debug)]
pub(crate) struct LazyView {
    pub first: u32,
    pub len: u32,
    pub name: String,
    pub how: ViewNames,
}

impl LazyView {
    /// The name of its `j`-th variable, as the header would have it.
    fn name(&self, j: usize) -> String {
        let mut out = String::with_capacity(self.name.len() + 8);
        out.push_str(&self.name);
        match &self.how {
            ViewNames::Equal(values) => {
                out.push('=');
                crate::program::push_decimal(&mut out, values[j]);
            }
            ViewNames::AtLeast(values) => {
                out.push_str(">=");
                crate::program::push_decimal(&mut out, values[j]);
            }
            ViewNames::Bit => {
                out.push_str(".bit");
                crate::program::push_decimal(&mut out, j as i64);
            }
        }
        out
    }
}

/// The name of variable index `var` among `lazy` (sorted by first variable), if it is in one of
/// those views.
pub(crate) fn lazy_view_name(lazy: &[LazyView], var: usize) -> Option<String> {
    let i = lazy.partition_point(|v| v.first as usize <= var).checked_sub(1)?;
    let view = &lazy[i];
    let j = var - view.first as usize;
    (j < view.len as usize).then(|| view.name(j))
}

/// What names a solved-for atom: per predicate its name and, per argument, the stride of its
/// position in the atom index and the texts of its domain's values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Namer {
    preds: Vec<PredNames>,
    /// The texts of each domain's values (filled for the domains of solved-for predicates).
    values: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Default)]
struct PredNames {
    name: String,
    /// Per argument: the stride of its position in the atom index, and its domain.
    args: Vec<(usize, usize)>,
}

impl Namer {
    /// The names of `p`'s solved-for atoms (atom indices as the grounder numbers them: row-major
    /// over the argument domains).
    pub(crate) fn new(p: &Program) -> Namer {
        let mut values: Vec<Vec<String>> = vec![Vec::new(); p.domains.len()];
        let preds = p
            .preds
            .iter()
            .map(|pr| {
                if !matches!(pr.kind, PredKind::Var) {
                    return PredNames::default();
                }
                let mut args = vec![(0, 0); pr.args.len()];
                let mut size = 1usize;
                for (i, &d) in pr.args.iter().enumerate().rev() {
                    args[i] = (size, d.index());
                    size = size.saturating_mul(p.domains[d].len());
                    if values[d.index()].is_empty() {
                        values[d.index()] = p.domains[d]
                            .values
                            .iter()
                            .map(|&v| {
                                let mut t = String::new();
                                p.push_val(&mut t, v);
                                t
                            })
                            .collect();
                    }
                }
                PredNames { name: pr.name.clone(), args }
            })
            .collect();
        Namer { preds, values }
    }

    /// The name of atom `idx` of predicate `pred` (`None` for a predicate that is not solved for
    /// or an index out of its range).
    pub(crate) fn name(&self, pred: u32, mut idx: usize) -> Option<String> {
        let pr = self.preds.get(pred as usize)?;
        if pr.args.is_empty() {
            return (!pr.name.is_empty()).then(|| pr.name.clone());
        }
        let mut out = String::with_capacity(pr.name.len() + 2 + 4 * pr.args.len());
        out.push_str(&pr.name);
        out.push('(');
        for (i, &(stride, d)) in pr.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(self.values[d].get(idx / stride)?);
            idx %= stride;
        }
        out.push(')');
        Some(out)
    }
}
