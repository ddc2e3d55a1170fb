//! DIMACS output: comment lines, the exact `p cnf V C` header, one clause per line.

use std::io::{self, Write};

use crate::Cnf;

/// Writes `cnf` in DIMACS with `comments` (each written as `c <line>`) before the header.
/// Numbers are formatted by hand into one buffer: this is the hot path of `encode`.
pub fn write_dimacs<W: Write>(cnf: &Cnf, comments: &[String], out: W) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    for c in comments {
        if c.is_empty() {
            out.write_all(b"c\n")?;
        } else {
            writeln!(out, "c {c}")?;
        }
    }
    writeln!(out, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    let mut line: Vec<u8> = Vec::with_capacity(256);
    for clause in cnf.clauses() {
        line.clear();
        for lit in clause {
            push_int(&mut line, lit.get());
            line.push(b' ');
        }
        line.extend_from_slice(b"0\n");
        out.write_all(&line)?;
    }
    out.flush()
}

fn push_int(buf: &mut Vec<u8>, v: i32) {
    if v < 0 {
        buf.push(b'-');
    }
    let mut n = v.unsigned_abs();
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lit;

    #[test]
    fn writes_header_comments_and_clauses() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a.pos(), b.neg()]);
        cnf.add_clause(&[Lit(-1)]);
        let mut out = Vec::new();
        write_dimacs(&cnf, &["hello".into(), String::new()], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "c hello\nc\np cnf 2 2\n1 -2 0\n-1 0\n");
    }

    #[test]
    fn formats_extreme_integers() {
        let mut buf = Vec::new();
        for v in [0, 7, -7, 10, -1000000, i32::MAX, i32::MIN + 1] {
            buf.clear();
            push_int(&mut buf, v);
            assert_eq!(String::from_utf8(buf.clone()).unwrap(), v.to_string());
        }
    }
}
