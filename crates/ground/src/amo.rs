//! At-most-one constraints: pairwise for small groups (the seeds' form), Sinz's sequential counter
//! for large ones, where pairwise clauses grow quadratically (a 256-way pairwise constraint is
//! 32,640 clauses; the counter needs 764 and 255 auxiliary atoms).

use wgrnd_cnf::{Cnf, Lit, Var};

use crate::AtomTable;

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
        }
    }
}

/// Adds "at most one of `lits` is true".
pub fn at_most_one(
    cnf: &mut Cnf,
    atoms: &mut AtomTable,
    how: AmoEncoding,
    lits: &[Lit],
    what: impl FnOnce() -> String,
) {
    let n = lits.len();
    if n < 2 {
        return;
    }
    let pairwise = match how {
        AmoEncoding::Auto => n <= PAIRWISE_MAX,
        AmoEncoding::Pairwise => true,
        AmoEncoding::Sequential => n <= 2,
    };
    if pairwise {
        for i in 0..n {
            for j in i + 1..n {
                cnf.add_clause(&[!lits[i], !lits[j]]);
            }
        }
        return;
    }
    // s_i: "one of x_1..x_i is true".
    let first = atoms.aux(n as u32 - 1, format!("seq-amo {}", what()));
    let fresh = cnf.new_vars(n as u32 - 1);
    debug_assert_eq!(first, fresh.get());
    let s = |i: usize| Var(first + i as u32).pos();
    cnf.add_clause(&[!lits[0], s(0)]);
    for i in 1..n - 1 {
        cnf.add_clause(&[!lits[i], s(i)]);
        cnf.add_clause(&[!s(i - 1), s(i)]);
        cnf.add_clause(&[!lits[i], !s(i - 1)]);
    }
    cnf.add_clause(&[!lits[n - 1], !s(n - 2)]);
}
