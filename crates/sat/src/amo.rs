//! At-most-one constraints: pairwise for small groups (the seeds' form), Sinz's sequential counter
//! for large ones, where pairwise clauses grow quadratically (a 256-way pairwise constraint is
//! 32,640 clauses; the counter needs 764 and 255 auxiliary atoms). Chen's 2-product and Klieber
//! and Kwon's commander encoding are there to choose and compare (docs/encodings.md).

use crate::{Cnf, Lit};

/// How at-most-one constraints are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AmoEncoding {
    /// Pairwise up to [`PAIRWISE_MAX`] literals, sequential counter beyond.
    #[default]
    Auto,
    /// Every pair excluded: n(n-1)/2 binary clauses, no auxiliary atoms.
    Pairwise,
    /// Sinz's sequential counter: 3n-4 clauses, n-1 auxiliary atoms.
    Sequential,
    /// Chen's 2-product: the literals on a p x q grid, a row and a column atom each, at-most-one
    /// of the rows and of the columns recursively: about 2n + 4 sqrt(n) clauses, 2 sqrt(n) atoms.
    Product,
    /// Klieber and Kwon's commander encoding: groups of 3 with a commander atom each, pairwise
    /// inside groups, at-most-one over the commanders recursively: about 3n clauses, n/2 atoms.
    Commander,
}

/// Largest group written pairwise under [`AmoEncoding::Auto`]: up to here pairwise needs no more
/// clauses than twice the counter and no auxiliary atoms (10 literals: 45 clauses against 26 + 9 atoms).
pub const PAIRWISE_MAX: usize = 10;

impl AmoEncoding {
    /// The name used in options and headers.
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Auto => "auto",
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Sequential => "sequential",
            AmoEncoding::Product => "product",
            AmoEncoding::Commander => "commander",
        }
    }
}

/// Where constraint encodings (at-most-one, cardinality) get their auxiliary atoms: the atom
/// table of an edge-matching puzzle, the auxiliary runs after a packing's placement atoms, or a
/// model's atom table. The encodings create the variables in the [`Cnf`] themselves; the owner
/// records what they are for (the DIMACS comments name them).
pub trait AuxAtoms {
    /// Reserves `len` auxiliary atoms for `what`; returns the first.
    fn aux(&mut self, len: u32, what: String) -> u32;
}

/// Adds "at most one of `lits` is true".
pub fn at_most_one(
    cnf: &mut Cnf,
    atoms: &mut dyn AuxAtoms,
    how: AmoEncoding,
    lits: &[Lit],
    what: impl FnOnce() -> String,
) {
    let mut what = Some(what);
    amo(cnf, atoms, how, lits, &mut || what.take().map(|f| f()).unwrap_or_default());
}

/// "Exactly `k` of `lits`" (or only "at most `k`" without `at_least`): at-most-one and a clause for
/// `k = 1`, else a sequential unary counter whose register `r(i,j)` means "at least `j` of the
/// first `i` literals", exact in both directions so that it also bounds from below.
pub fn exactly(
    cnf: &mut Cnf,
    aux: &mut dyn AuxAtoms,
    amo: AmoEncoding,
    lits: &[Lit],
    k: usize,
    at_least: bool,
    what: &str,
) {
    let n = lits.len();
    if k > n {
        cnf.add_clause(&[]);
        return;
    }
    if k == 0 {
        for &l in lits {
            cnf.add_clause(&[!l]);
        }
        return;
    }
    if k == 1 {
        if at_least {
            cnf.add_clause(lits);
        }
        at_most_one(cnf, aux, amo, lits, || what.to_string());
        return;
    }
    if k == n {
        if at_least {
            for &l in lits {
                cnf.add_clause(&[l]);
            }
        }
        return;
    }
    // Registers j = 1..=k+1 for i = 1..=n.
    let width = k + 1;
    let first = aux.aux((n * width) as u32, format!("counter {what} (at least j of the first i)"));
    let fresh = cnf.new_vars((n * width) as u32);
    debug_assert_eq!(first, fresh.get());
    let r = |i: usize, j: usize| fresh.offset(i * width + (j - 1)).pos();
    for (i, &x) in lits.iter().enumerate() {
        for j in 1..=width {
            // Up: r(i-1,j) -> r(i,j); x and r(i-1,j-1) -> r(i,j).
            if i > 0 {
                cnf.add_clause(&[!r(i - 1, j), r(i, j)]);
            }
            if j == 1 {
                cnf.add_clause(&[!x, r(i, 1)]);
            } else if i > 0 {
                cnf.add_clause(&[!x, !r(i - 1, j - 1), r(i, j)]);
            }
            // Down: r(i,j) -> r(i-1,j) or x; r(i,j) -> r(i-1,j-1).
            if i == 0 {
                cnf.add_clause(&[!r(0, j), x]);
                if j > 1 {
                    cnf.add_clause(&[!r(0, j)]);
                }
            } else {
                cnf.add_clause(&[!r(i, j), r(i - 1, j), x]);
                if j > 1 {
                    cnf.add_clause(&[!r(i, j), r(i - 1, j - 1)]);
                }
            }
        }
    }
    cnf.add_clause(&[!r(n - 1, k + 1)]);
    if at_least {
        cnf.add_clause(&[r(n - 1, k)]);
    }
}

/// The recursive part (the product and commander encodings call it on their own auxiliary atoms).
fn amo(cnf: &mut Cnf, atoms: &mut dyn AuxAtoms, how: AmoEncoding, lits: &[Lit], what: &mut dyn FnMut() -> String) {
    let n = lits.len();
    if n < 2 {
        return;
    }
    let pairwise = match how {
        AmoEncoding::Auto => n <= PAIRWISE_MAX,
        AmoEncoding::Pairwise => true,
        AmoEncoding::Sequential => n <= 2,
        // Below 5 literals the recursive encodings are no smaller than pairwise.
        AmoEncoding::Product | AmoEncoding::Commander => n <= 4,
    };
    if pairwise {
        for i in 0..n {
            for j in i + 1..n {
                cnf.add_clause(&[!lits[i], !lits[j]]);
            }
        }
        return;
    }
    if how == AmoEncoding::Product {
        let cols = (n as f64).sqrt().ceil() as usize;
        let rows = n.div_ceil(cols);
        let name = what();
        let first = atoms.aux((rows + cols) as u32, format!("product-amo {name}"));
        let fresh = cnf.new_vars((rows + cols) as u32);
        debug_assert_eq!(first, fresh.get());
        let row = |i: usize| fresh.offset(i / cols).pos();
        let col = |i: usize| fresh.offset(rows + i % cols).pos();
        for (i, &x) in lits.iter().enumerate() {
            cnf.add_clause(&[!x, row(i)]);
            cnf.add_clause(&[!x, col(i)]);
        }
        let rs: Vec<Lit> = (0..rows).map(|r| fresh.offset(r).pos()).collect();
        let cs: Vec<Lit> = (0..cols).map(|c| fresh.offset(rows + c).pos()).collect();
        amo(cnf, atoms, how, &rs, &mut || format!("{name} rows"));
        amo(cnf, atoms, how, &cs, &mut || format!("{name} columns"));
        return;
    }
    if how == AmoEncoding::Commander {
        let groups: Vec<&[Lit]> = lits.chunks(3).collect();
        let name = what();
        let first = atoms.aux(groups.len() as u32, format!("commander-amo {name}"));
        let fresh = cnf.new_vars(groups.len() as u32);
        debug_assert_eq!(first, fresh.get());
        let mut commanders = Vec::with_capacity(groups.len());
        for (g, group) in groups.iter().enumerate() {
            let c = fresh.offset(g).pos();
            for (i, &x) in group.iter().enumerate() {
                cnf.add_clause(&[!x, c]);
                for &y in &group[i + 1..] {
                    cnf.add_clause(&[!x, !y]);
                }
            }
            // The commander is true only if one of its group is.
            let mut clause = vec![!c];
            clause.extend_from_slice(group);
            cnf.add_clause(&clause);
            commanders.push(c);
        }
        amo(cnf, atoms, how, &commanders, &mut || format!("{name} commanders"));
        return;
    }
    // s_i: "one of x_1..x_i is true".
    let first = atoms.aux(n as u32 - 1, format!("seq-amo {}", what()));
    let fresh = cnf.new_vars(n as u32 - 1);
    debug_assert_eq!(first, fresh.get());
    let s = |i: usize| fresh.offset(i).pos();
    cnf.add_clause(&[!lits[0], s(0)]);
    // Register i and i - 1 side by side: the index is the clearer loop variable.
    #[allow(clippy::needless_range_loop)]
    for i in 1..n - 1 {
        cnf.add_clause(&[!lits[i], s(i)]);
        cnf.add_clause(&[!s(i - 1), s(i)]);
        cnf.add_clause(&[!lits[i], !s(i - 1)]);
    }
    cnf.add_clause(&[!lits[n - 1], !s(n - 2)]);
}
