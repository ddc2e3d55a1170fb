//! Parity constraints a family keeps beside its CNF (issue #25): each [`Xor`] is ALSO written in
//! the CNF (as the clauses `clauses` index), so every solver sees a plain formula; engines that
//! reason over GF(2) read them here, and `encode --xor-lines` writes them as CryptoMiniSat's `x`
//! lines instead of those clauses.

use std::ops::Range;

use wgrnd_cnf::Var;

/// `vars[0] xor vars[1] xor ... = rhs`, over distinct variables, written in the CNF as the
/// clauses with (0-based) indices `clauses`: exactly the clauses that forbid the assignments of
/// the wrong parity, nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xor {
    /// The variables, distinct.
    pub vars: Vec<Var>,
    /// The parity their values must have.
    pub rhs: bool,
    /// The CNF clauses that encode it.
    pub clauses: Range<usize>,
}
