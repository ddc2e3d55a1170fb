//! The MaxSAT Evaluation's WCNF out (issue 26): hard clauses and weighted soft clauses.

use std::io::{self, Write};

use crate::dimacs::{comment_lines, push_int};
use crate::{Cnf, Lit};

/// Writes `cnf` as the MaxSAT Evaluation's WCNF (the format since 2022): comment lines, every
/// clause of `cnf` hard (`h 1 -2 0`), and each soft clause with its weight (`5 -3 0`); no `p`
/// line. A MaxSAT solver's cost is the total weight of the soft clauses its model falsifies.
pub fn write_wcnf<W: Write>(cnf: &Cnf, comments: &[String], soft: &[(u64, Vec<Lit>)], mut out: W) -> io::Result<()> {
    const BLOCK: usize = 1 << 20;
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    comment_lines(&mut buf, comments)?;
    let hard = cnf.clauses().map(|c| ("h".to_string(), c));
    let soft = soft.iter().map(|(w, c)| (w.to_string(), c.as_slice()));
    for (head, clause) in hard.chain(soft) {
        buf.extend_from_slice(head.as_bytes());
        for lit in clause {
            buf.push(b' ');
            push_int(&mut buf, lit.to_dimacs());
        }
        buf.extend_from_slice(b" 0\n");
        if buf.len() >= BLOCK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.flush()
}
