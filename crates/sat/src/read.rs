//! Reading DIMACS CNF, strictly: one `p cnf V C` header before the first clause, literals within
//! 1..=V, every clause ended by 0, exactly C clauses; `c` comment lines anywhere, a SATLIB `%`
//! line ends the clauses. Every error names the line and column. Nothing is allocated from the
//! header's numbers, so a header that claims 10^12 variables costs nothing.

use crate::{Cnf, InputError, Lit, MAX_VARS};

/// A CNF read from DIMACS, with the line each clause starts on.
#[derive(Clone, Debug)]
pub struct Dimacs {
    /// The clauses; `cnf.num_vars()` is the header's V.
    pub cnf: Cnf,
    /// 1-based line on which each clause starts.
    pub clause_lines: Vec<usize>,
}

/// Reads a DIMACS CNF; `file` is the name errors report.
pub fn parse_dimacs(file: &str, text: &str) -> Result<Dimacs, InputError> {
    let err =
        |line: usize, column: usize, found: String, expected: &str| InputError::at(file, line, column, found, expected);
    // The header's line, V, C and the column of C.
    let mut header: Option<(usize, u32, u64, usize)> = None;
    let mut cnf = Cnf::new();
    let mut clause_lines = Vec::new();
    let mut current: Vec<Lit> = Vec::new();
    let mut current_line = 0;
    let mut last_line = 0;
    for (i, line) in text.lines().enumerate() {
        let no = i + 1;
        last_line = no;
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('c') {
            continue;
        }
        if trimmed.starts_with('%') {
            break;
        }
        if trimmed.starts_with('p') {
            if let Some((at, ..)) = header {
                return Err(err(no, 1, "a second `p` line".into(), &format!("one header (the first is at line {at})")));
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let numbers = match words.as_slice() {
                ["p", "cnf", v, c] => v.parse::<u64>().ok().zip(c.parse::<u64>().ok()),
                _ => None,
            };
            let Some((v, c)) = numbers.filter(|&(v, _)| v <= u64::from(MAX_VARS)) else {
                return Err(err(
                    no,
                    1,
                    format!("`{}`", trimmed.trim_end()),
                    &format!("a header `p cnf V C` with V <= {MAX_VARS}"),
                ));
            };
            cnf.new_vars(v as u32);
            let c_col = words_with_columns(line).nth(3).map_or(1, |(col, _)| col);
            header = Some((no, v as u32, c, c_col));
            continue;
        }
        let Some((_, vars, ..)) = header else {
            return Err(err(no, 1, format!("`{}`", short(trimmed)), "the header `p cnf V C` before the first clause"));
        };
        for (column, word) in words_with_columns(line) {
            let Ok(n) = word.parse::<i64>() else {
                return Err(err(no, column, format!("`{}`", short(word)), "a literal (a non-zero integer) or 0"));
            };
            if n == 0 {
                cnf.add_clause(&current);
                clause_lines.push(current_line.max(1));
                current.clear();
                continue;
            }
            let lit = i32::try_from(n).ok().and_then(Lit::from_dimacs).filter(|l| l.var().get() <= vars);
            let Some(lit) = lit else {
                return Err(err(
                    no,
                    column,
                    format!("literal {n}"),
                    &format!("a variable from 1 to {vars}, as the header declares"),
                ));
            };
            if current.is_empty() {
                current_line = no;
            }
            current.push(lit);
        }
    }
    let Some((at, _, declared, c_col)) = header else {
        return Err(InputError {
            file: file.to_string(),
            line: None,
            column: None,
            found: "no `p cnf` header".into(),
            expected: "a DIMACS CNF: `p cnf V C`, then clauses ending in 0".into(),
        });
    };
    if !current.is_empty() {
        let end = text.lines().nth(last_line.saturating_sub(1)).map_or(0, |l| l.trim_end().chars().count());
        return Err(err(
            last_line,
            end + 1,
            "the end of the file inside a clause".into(),
            &format!("0 to end the clause that starts at line {current_line}"),
        ));
    }
    if cnf.num_clauses() as u64 != declared {
        return Err(err(
            at,
            c_col,
            format!("{} clauses in the file", cnf.num_clauses()),
            &format!("{declared}, as the header declares"),
        ));
    }
    Ok(Dimacs { cnf, clause_lines })
}

/// Whitespace-separated words with their 1-based columns.
fn words_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_whitespace().map(move |w| (line[..w.as_ptr() as usize - line.as_ptr() as usize].chars().count() + 1, w))
}

fn short(s: &str) -> String {
    let t: String = s.chars().take(30).collect();
    if t.len() < s.len() {
        format!("{t}...")
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        parse_dimacs("f.cnf", text).unwrap_err().to_string()
    }

    #[test]
    fn reads_clauses_across_lines_and_comments() {
        let d = parse_dimacs("f.cnf", "c hi\np cnf 3 2\n1 -2\n c x\n 3 0 -1 0\n%\n0\n").unwrap();
        assert_eq!(d.cnf.num_vars(), 3);
        assert_eq!(d.cnf.to_i32_clauses(), vec![vec![1, -2, 3], vec![-1]]);
        assert_eq!(d.clause_lines, vec![3, 5]);
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        assert_eq!(
            message("1 2 0\n"),
            "f.cnf:1:1: found `1 2 0`; expected the header `p cnf V C` before the first clause"
        );
        assert_eq!(message("p cnf 2 1\n1 x 0\n"), "f.cnf:2:3: found `x`; expected a literal (a non-zero integer) or 0");
        assert_eq!(
            message("p cnf 2 1\n1 3 0\n"),
            "f.cnf:2:3: found literal 3; expected a variable from 1 to 2, as the header declares"
        );
        assert_eq!(
            message("p cnf 2 2\n1 0\n"),
            "f.cnf:1:9: found 1 clauses in the file; expected 2, as the header declares"
        );
        assert_eq!(
            message("p cnf 2 1\n1 2\n"),
            "f.cnf:2:4: found the end of the file inside a clause; expected 0 to end the clause that starts at line 2"
        );
        assert_eq!(
            message("p cnf 2 1\np cnf 2 1\n"),
            "f.cnf:2:1: found a second `p` line; expected one header (the first is at line 1)"
        );
        assert!(message("p cnf 99999999999 1\n").contains("V <= 2147483647"));
        assert!(message("").contains("no `p cnf` header"));
    }

    #[test]
    fn a_huge_header_allocates_nothing() {
        let d = parse_dimacs("f.cnf", "p cnf 2147483647 1\n-2147483647 0\n").unwrap();
        assert_eq!(d.cnf.num_clauses(), 1);
    }
}
