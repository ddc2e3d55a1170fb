//! Elimination of the linear part of a mixed system before its CNF is written (issue #25,
//! docs/encodings.md "Mixed systems"): the XORs (and the unit clauses over their variables) are
//! Gauss-Jordan eliminated by wgrnd-core's `gf2`; an inconsistent system leaves the empty clause,
//! a consistent one is written back as its fully reduced rows (each pivot in exactly one row:
//! pivot = XOR of free columns + constant), cut into chunks as any XOR. The other clauses stay as
//! they are. A solver then decides the free columns and every pivot follows by propagation, in
//! every engine and in any external solver given the written CNF.
//!
//! Columns are ordered hidden variables first, so the chain auxiliaries of the old chunks become
//! pivots. The row of a chain auxiliary that no other clause mentions is dropped (nothing reads
//! it) and the auxiliary is fixed false by a unit, like any chain auxiliary left in no clause:
//! every variable stays determined by the shown atoms, so projected and unprojected counts still
//! agree.

use wgrnd_sat::gf2::{Echelon, Take};
use wgrnd_sat::{Cnf, Var};

use crate::ground::Grounded;
use crate::parity::{XorSink, CHAIN, CHUNK};

/// When the linear part is eliminated (`GroundOptions::xor_elim`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum XorElim {
    /// When the system is mixed (a clause of two or more literals outside the XORs) and the
    /// reduced rows take no more clauses than the XORs they replace.
    #[default]
    Auto,
    /// Whenever the model has XORs.
    On,
    /// Never: the XORs stay as grounded.
    Off,
}

/// What the elimination did (for the DIMACS header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Eliminated {
    /// Clauses of the XORs and units taken into the system.
    pub before: usize,
    /// Clauses of the reduced rows written instead (units of the dropped auxiliaries included).
    pub after: usize,
    /// Pivots (the rank) and free columns among the variables of the system.
    pub rank: usize,
    pub consistent: bool,
}

impl Eliminated {
    pub fn header_line(&self) -> String {
        if self.consistent {
            format!(
                "parity eliminated (Gauss-Jordan): rank {}, {} clauses of XORs and units replaced by {}",
                self.rank, self.before, self.after
            )
        } else {
            format!(
                "parity eliminated (Gauss-Jordan): inconsistent, {} clauses replaced by the empty clause",
                self.before
            )
        }
    }
}

/// Clauses of one XOR over `n` distinct variables as `post_xor` cuts it.
fn chunk_clauses(mut n: usize) -> usize {
    let mut total = 0;
    loop {
        if n <= CHUNK {
            return total + if n == 0 { 0 } else { 1 << (n - 1) };
        }
        total += 1 << (CHUNK - 1);
        n -= CHUNK - 2;
    }
}

/// Eliminates the linear part of `g` (module doc) when `mode` says so; `shown`: the projection.
pub(crate) fn eliminate(g: &mut Grounded, shown: &[Var], mode: XorElim) -> Option<Eliminated> {
    if mode == XorElim::Off || g.xors.is_empty() {
        return None;
    }
    let mut e = Echelon::new(&g.cnf, &g.xors, shown, Take::Units)?;
    let clauses: Vec<&[wgrnd_sat::Lit]> = g.cnf.clauses().collect();
    let mixed = clauses.iter().zip(&e.taken).any(|(c, t)| !t && c.len() >= 2);
    if mode == XorElim::Auto && !mixed {
        return None;
    }
    let n = g.cnf.num_vars() as usize;
    let before = e.taken.iter().filter(|t| **t).count();
    let prefix = format!("aux({CHAIN} #");
    let chain = |v: Var| g.atom_of.get(v.index()) == Some(&None) && g.names[v.index()].starts_with(&prefix);
    let mut outside = vec![false; n];
    for (c, _) in clauses.iter().zip(&e.taken).filter(|(_, t)| !**t) {
        for l in *c {
            outside[l.var().index()] = true;
        }
    }
    let mut rows: Vec<(Vec<Var>, bool)> = Vec::new();
    if e.consistent {
        e.reduce();
        rows = e.equations().filter(|(vars, _)| !chain(vars[0]) || outside[vars[0].index()]).collect();
    }
    // Chain auxiliaries left in no clause: fixed false.
    let mut used = outside.clone();
    for (vars, _) in &rows {
        for v in vars {
            used[v.index()] = true;
        }
    }
    let loose: Vec<Var> = (0..n).map(Var::from_index).filter(|&v| !used[v.index()] && chain(v)).collect();
    let after =
        rows.iter().map(|(v, _)| chunk_clauses(v.len())).sum::<usize>() + loose.len() + usize::from(!e.consistent);
    if mode == XorElim::Auto && after > before {
        return None;
    }
    let mut cnf = Cnf::new();
    cnf.new_vars(g.cnf.num_vars());
    for (c, _) in clauses.iter().zip(&e.taken).filter(|(_, t)| !**t) {
        cnf.add_clause(c);
    }
    drop(clauses);
    let mut xors = Vec::new();
    let mut sink = XorSink {
        cnf: &mut cnf,
        xors: &mut xors,
        names: &mut g.names,
        atom_of: &mut g.atom_of,
        aux_count: &mut g.aux_count,
    };
    if !e.consistent {
        sink.cnf.add_clause(&[]);
    }
    for (vars, rhs) in rows {
        sink.post_xor(vars, rhs);
    }
    for v in loose {
        sink.cnf.add_clause(&[v.neg()]);
    }
    g.cnf = cnf;
    g.xors = xors;
    Some(Eliminated { before, after, rank: e.pivots.len(), consistent: e.consistent })
}

#[cfg(test)]
mod tests {
    use super::chunk_clauses;

    #[test]
    fn chunk_clauses_counts_what_post_xor_writes() {
        // One chunk up to four variables; five is two chunks (12 clauses), as docs/encodings.md says.
        let want = [0, 1, 2, 4, 8, 12, 16, 20, 24];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(chunk_clauses(n), *w, "{n}");
        }
    }
}
