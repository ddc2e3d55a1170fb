//! Atom names made when asked for, not at grounding (`GroundOptions::names` off: a count that
//! writes no DIMACS header). A grounding names every variable in its header's `var` lines; a
//! count with the built-in engine and no certificate writes no header, so the names of the
//! solved-for atoms (thousands on a nonogram) are left out of it and made here from the atom's
//! predicate and index only when a message needs one. The text is `Program::atom_name`'s, the
//! arguments written by `Program::push_val`.

use crate::program::{PredKind, Program};

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
