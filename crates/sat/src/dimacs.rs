//! DIMACS output: comment lines, the exact `p cnf V C` header, one clause per line.

use std::io::{self, Write};

use crate::Cnf;

/// Writes `cnf` in DIMACS with `comments` (each written as `c <line>`) before the header.
/// Numbers are formatted by hand into one buffer: this is the hot path of `encode`.
pub fn write_dimacs<W: Write>(cnf: &Cnf, comments: &[String], mut out: W) -> io::Result<()> {
    // One buffer, flushed in large blocks: no second copy through a BufWriter.
    const BLOCK: usize = 1 << 20;
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    comment_lines(&mut buf, comments)?;
    writeln!(buf, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    for clause in cnf.clauses() {
        for lit in clause {
            push_int(&mut buf, lit.to_dimacs());
            buf.push(b' ');
        }
        buf.extend_from_slice(b"0\n");
        if buf.len() >= BLOCK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.flush()
}

/// Appends `comments` as `c` lines (an empty one as a bare `c`).
pub(crate) fn comment_lines(buf: &mut Vec<u8>, comments: &[String]) -> io::Result<()> {
    for c in comments {
        if c.is_empty() {
            buf.extend_from_slice(b"c\n");
        } else {
            writeln!(buf, "c {c}")?;
        }
    }
    Ok(())
}

/// Appends the decimal digits of `x` (as `{x}` formats it) without the formatting machinery: a
/// grounding names thousands of atoms and header lines by their numbers, a reader writes
/// thousands of facts.
pub fn push_decimal(out: &mut String, x: i64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = x.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if x < 0 {
        out.push('-');
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// Appends the decimal digits of `v`, two at a time from a table.
pub(crate) fn push_int(buf: &mut Vec<u8>, v: i32) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    if v < 0 {
        buf.push(b'-');
    }
    let mut n = v.unsigned_abs();
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    while n >= 100 {
        let d = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    }
    if n >= 10 {
        let d = n as usize * 2;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    } else {
        i -= 1;
        digits[i] = b'0' + n as u8;
    }
    buf.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_header_comments_and_clauses() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a.pos(), b.neg()]);
        cnf.add_clause(&[!a.pos()]);
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
