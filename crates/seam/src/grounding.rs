//! The grounding seam: what every puzzle family hands to the rest of the pipeline. A family
//! grounds its puzzle into one [`Grounding`]: the CNF, the DIMACS header that names its atoms, the
//! puzzle hash, the projection atoms (the atoms whose values define a solution: blocking clauses
//! and projected counts use only these), the family's symmetries as permutations of the
//! projection atoms, and its own atom tables (`encoding`), which name any variable and let the
//! family decode a model.

use std::fmt;

use wgrnd_sat::{Cnf, Lit, Model, Var};

/// Names variables the way the DIMACS header does (`l(5,3)`, `d(Y,3,1,2,1)`, `aux(seq-amo ...#2)`).
pub trait AtomNames {
    /// The name of `var`.
    fn atom_name(&self, var: Var) -> String;
}

/// A symmetry of a puzzle: `image[i]` is the projection atom (by index into
/// [`Grounding::projection`]) that projection atom `i` becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The permutation of the projection atoms.
    pub image: Vec<u32>,
    /// Whether it reflects (a mirror image) rather than turns.
    pub reflection: bool,
}

/// Projection atoms (by index into [`Grounding::projection`]) that every model of the clauses
/// gives related values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tie {
    /// Exactly one of them is true: the true one says which.
    OneHot(Vec<u32>),
    /// A ladder (an integer's order view `x >= v` by increasing `v`): each implies the one before,
    /// so the first false one and the last true one say where the ladder breaks.
    Ladder(Vec<u32>),
}

/// A grounded puzzle of any family.
#[derive(Clone, Debug)]
pub struct Grounding<E> {
    /// The clauses.
    pub cnf: Cnf,
    /// The DIMACS comment lines: puzzle, hash, options, atom layout, clause families, atom names.
    pub header: Vec<String>,
    /// Identifies the puzzle under its encoding and options (written in the header).
    pub hash: u64,
    /// The atoms whose values define a solution, in increasing order.
    pub projection: Vec<Var>,
    /// Set when every solution makes the same number of projection atoms true (one placement per
    /// square, one disposition per piece): then a clause over the true ones excludes exactly one
    /// solution. Otherwise blocking clauses name every projection atom.
    pub fixed_weight: bool,
    /// Groups of projection atoms whose values the clauses tie together (an integer's one-hot
    /// or order view), so that a blocking clause needs only one or two atoms of each group
    /// instead of all: shorter clauses that exclude the same one solution.
    pub ties: Vec<Tie>,
    /// Symmetries of the solutions (the identity left out); empty where the family has none or
    /// breaks them in the encoding.
    pub symmetries: Vec<Symmetry>,
    /// The family's own tables: names of atoms, what decoding needs.
    pub encoding: E,
    /// Parity constraints kept as XORs (each also written in `cnf`); empty for families without.
    pub xors: Vec<crate::Xor>,
    /// What to optimise, if anything (empty: a decision problem): weighted literals per level,
    /// in lexicographic order (crates/count's `optimise`, docs/optimise.md).
    pub objective: crate::Objective,
    /// The clue facts and constraint groups behind selectors (`crate::groups`); empty in an
    /// ordinary grounding.
    pub groups: Vec<crate::Group>,
}

/// A model that breaks a clause of the formula it claims to satisfy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenClause {
    /// 1-based clause number.
    pub index: usize,
    /// The clause, each literal by its atom's name.
    pub clause: String,
}

impl fmt::Display for BrokenClause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the model does not satisfy clause {} of the puzzle's CNF ({}); it is not a model of this puzzle's encoding",
            self.index, self.clause
        )
    }
}

impl std::error::Error for BrokenClause {}

impl<E: AtomNames> Grounding<E> {
    /// Whether `model` satisfies every clause; else the first it breaks, with atom names.
    pub fn check_model(&self, model: &Model) -> Result<(), BrokenClause> {
        match self.cnf.first_unsatisfied(model) {
            None => Ok(()),
            Some((index, clause)) => Err(BrokenClause { index, clause: self.clause_names(clause) }),
        }
    }

    /// A clause written with atom names (`-l(1,2) m(1,E,3)`).
    pub fn clause_names(&self, clause: &[Lit]) -> String {
        clause
            .iter()
            .map(|l| format!("{}{}", if l.is_positive() { "" } else { "-" }, self.encoding.atom_name(l.var())))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl<E> Grounding<E> {
    /// The indices (into [`Grounding::projection`]) of the projection atoms `model` makes true.
    pub fn true_projection(&self, model: &Model) -> Vec<u32> {
        (0..self.projection.len() as u32).filter(|&i| model.value(self.projection[i as usize]) == Some(true)).collect()
    }

    /// A model that gives the projection atoms in `chosen` (indices) true, the other projection
    /// atoms false, and leaves every other atom unassigned: what a symmetric image of a solution
    /// is known to be.
    pub fn projected_model(&self, chosen: &[u32]) -> Model {
        let mut model = Model::new(self.cnf.num_vars());
        for &v in &self.projection {
            model.set(v, Some(false));
        }
        for &i in chosen {
            model.set(self.projection[i as usize], Some(true));
        }
        model
    }

    /// The clause that excludes the solution whose true projection atoms are `chosen` (indices,
    /// increasing) and no other.
    pub fn blocking_clause(&self, chosen: &[u32]) -> Vec<Lit> {
        if self.fixed_weight {
            return chosen.iter().map(|&i| self.projection[i as usize].neg()).collect();
        }
        let n = self.projection.len();
        let mut value = vec![false; n];
        for &i in chosen {
            value[i as usize] = true;
        }
        // Each tied group contributes the atoms that pin it; every other atom contributes itself.
        let mut tied = vec![false; n];
        let mut clause = Vec::new();
        let lit = |i: u32| {
            let v = self.projection[i as usize];
            if value[i as usize] {
                v.neg()
            } else {
                v.pos()
            }
        };
        for tie in &self.ties {
            let group = match tie {
                Tie::OneHot(g) | Tie::Ladder(g) => g,
            };
            for &i in group {
                tied[i as usize] = true;
            }
            let ones = group.iter().filter(|&&i| value[i as usize]).count();
            match tie {
                Tie::OneHot(g) if ones == 1 => clause.extend(g.iter().copied().filter(|&i| value[i as usize]).map(lit)),
                Tie::Ladder(g) if g.iter().take(ones).all(|&i| value[i as usize]) => {
                    clause.extend(ones.checked_sub(1).map(|k| lit(g[k])));
                    clause.extend(g.get(ones).map(|&i| lit(i)));
                }
                // A model that does not keep the tie (a family's mistake): block on every atom.
                _ => clause.extend(group.iter().copied().map(lit)),
            }
        }
        clause.extend((0..n as u32).filter(|&i| !tied[i as usize]).map(lit));
        clause
    }
}
