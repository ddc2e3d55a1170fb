//! Parity constraints a family keeps beside its CNF (issue #25): each [`Xor`] is ALSO written in
//! the CNF (as the clauses `clauses` index), so every solver sees a plain formula; engines that
//! reason over GF(2) read them here, and `encode --xor-lines` writes them as CryptoMiniSat's `x`
//! lines instead of those clauses.

use std::io::Write as _;
use std::ops::Range;

use crate::Var;

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

/// Writes `cnf` as DIMACS with each of `xors` as one CryptoMiniSat `x` line (`x1 -2 3 0`: the
/// literals' exclusive or is true) instead of the clauses that encode it; the other clauses as
/// they are. The header counts the `x` lines as clauses, as CryptoMiniSat reads them.
pub fn write_dimacs_xor<W: std::io::Write>(
    cnf: &crate::Cnf,
    xors: &[Xor],
    comments: &[String],
    mut out: W,
) -> std::io::Result<()> {
    let mut covered = vec![false; cnf.num_clauses()];
    for x in xors {
        for c in covered.iter_mut().take(x.clauses.end).skip(x.clauses.start) {
            *c = true;
        }
    }
    let kept = covered.iter().filter(|c| !**c).count();
    let mut buf: Vec<u8> = Vec::new();
    for c in comments {
        if c.is_empty() {
            buf.extend_from_slice(b"c\n");
        } else {
            writeln!(buf, "c {c}")?;
        }
    }
    writeln!(buf, "p cnf {} {}", cnf.num_vars(), kept + xors.len())?;
    for (clause, covered) in cnf.clauses().zip(&covered) {
        if *covered {
            continue;
        }
        for lit in clause {
            write!(buf, "{} ", lit.to_dimacs())?;
        }
        buf.extend_from_slice(b"0\n");
    }
    for x in xors {
        buf.push(b'x');
        for (i, v) in x.vars.iter().enumerate() {
            // The line says "odd"; an even parity negates its first variable.
            let lit = if i == 0 && !x.rhs { v.neg() } else { v.pos() };
            write!(buf, "{} ", lit.to_dimacs())?;
        }
        buf.extend_from_slice(b"0\n");
    }
    out.write_all(&buf)?;
    out.flush()
}
