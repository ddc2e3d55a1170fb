//! Variables, literals and a flat clause store.

use std::fmt;

/// A variable, numbered from 1 as in DIMACS.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub u32);

impl Var {
    /// The positive literal of this variable.
    pub fn pos(self) -> Lit {
        Lit(self.0 as i32)
    }
    /// The negative literal of this variable.
    // A variable is not a number: `neg` names its negative literal, as `pos` its positive one.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Lit {
        Lit(-(self.0 as i32))
    }
    /// The DIMACS number.
    pub fn get(self) -> u32 {
        self.0
    }
}

/// A literal in DIMACS numbering: `v` or `-v`, never 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub i32);

impl Lit {
    /// Its variable.
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }
    /// Whether it is the positive literal.
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
    /// The DIMACS integer.
    pub fn get(self) -> i32 {
        self.0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A CNF formula: a number of variables and clauses stored back to back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    num_vars: u32,
    lits: Vec<Lit>,
    ends: Vec<usize>,
}

impl Cnf {
    /// An empty formula with no variables.
    pub fn new() -> Self {
        Cnf::default()
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        self.num_vars += 1;
        Var(self.num_vars)
    }

    /// Reserves `n` fresh variables and returns the first (they are consecutive).
    pub fn new_vars(&mut self, n: u32) -> Var {
        let first = Var(self.num_vars + 1);
        self.num_vars += n;
        first
    }

    /// Adds a clause. Every literal must name a variable already created.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|l| l.0 != 0 && l.var().0 <= self.num_vars));
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Number of variables.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Number of literals over all clauses.
    pub fn num_literals(&self) -> usize {
        self.lits.len()
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.ends.len()
    }

    /// Total number of literal occurrences.
    pub fn num_lits(&self) -> usize {
        self.lits.len()
    }

    /// The clauses in order.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        self.ends.iter().enumerate().map(move |(i, &end)| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.lits[start..end]
        })
    }

    /// The first clause `model` does not satisfy, as its 1-based number and literals (a literal whose
    /// variable the model leaves unassigned counts as not true). Every check of a solver's model
    /// against the formula it was given goes through here.
    pub fn first_unsatisfied(&self, model: &crate::Model) -> Option<(usize, &[Lit])> {
        self.clauses().enumerate().find(|(_, c)| !c.iter().any(|l| model.is_true(l.get()))).map(|(i, c)| (i + 1, c))
    }

    /// The clauses as vectors of DIMACS integers (what in-process solvers take).
    pub fn to_i32_clauses(&self) -> Vec<Vec<i32>> {
        self.clauses().map(|c| c.iter().map(|l| l.0).collect()).collect()
    }
}
