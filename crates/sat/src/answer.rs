//! What solvers answer: SAT-competition output (`c` comments, one `s` line, `v` lines ending in
//! 0, wrapped at any width), minisat's result file (`SAT`/`UNSAT`/`INDET`, then the literals), or a
//! bare model (literals ending in 0). Partial models (variables left out) are kept partial.

use crate::{InputError, Lit, Var};

use nom::character::complete::i64 as integer;
use nom::combinator::all_consuming;
use nom::Parser;

/// A (possibly partial) assignment, indexed by variable.
#[derive(Debug, PartialEq, Eq)]
pub struct Model {
    /// By variable (from 1; 0 unused): [`UNSET`], [`FALSE`] or [`TRUE`]. Unset is zero, so a new
    /// model is zeroed memory that costs nothing where nobody writes (a connectivity
    /// constraint's auxiliary variables, which a solver deciding it natively leaves out).
    values: Vec<u8>,
}

const UNSET: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;

fn encode(value: Option<bool>) -> u8 {
    match value {
        None => UNSET,
        Some(false) => FALSE,
        Some(true) => TRUE,
    }
}

impl Clone for Model {
    fn clone(&self) -> Self {
        Model { values: self.values.clone() }
    }

    /// Reuses the allocation: a count copies a model for every solution it hands to its checker.
    fn clone_from(&mut self, source: &Self) {
        self.values.clone_from(&source.values);
    }
}

impl Model {
    /// An empty model over `num_vars` variables.
    pub fn new(num_vars: u32) -> Self {
        Model { values: vec![UNSET; num_vars as usize + 1] }
    }

    /// A model from DIMACS literals (as in-process solvers return them).
    pub fn from_lits(num_vars: u32, lits: &[i32]) -> Self {
        let mut m = Model::new(num_vars);
        for &l in lits {
            let v = l.unsigned_abs() as usize;
            if v < m.values.len() {
                m.values[v] = encode(Some(l > 0));
            }
        }
        m
    }

    /// Makes room for variables up to `num_vars` (the new ones unset).
    pub fn grow(&mut self, num_vars: u32) {
        if self.values.len() <= num_vars as usize {
            self.values.resize(num_vars as usize + 1, UNSET);
        }
    }

    /// Sets (or, with `None`, clears) the value of variable `v`, which must be within the model.
    /// An in-process search refills one model per solution instead of building a new one.
    #[inline]
    pub fn set(&mut self, v: Var, value: Option<bool>) {
        self.values[v.get() as usize] = encode(value);
    }

    /// The value of variable `v`, if the model assigns it.
    #[inline]
    pub fn value(&self, v: Var) -> Option<bool> {
        match self.values.get(v.get() as usize) {
            Some(&TRUE) => Some(true),
            Some(&FALSE) => Some(false),
            _ => None,
        }
    }

    /// The variables from 1 to `last` (or the model's last) that are true, in order: one pass over
    /// the values, for decoders that read every solution of a count.
    pub fn true_vars(&self, last: u32) -> impl Iterator<Item = Var> + '_ {
        // Blocks of 32 values are tested at once (a test without early exit, which the compiler
        // turns into vector compares); only blocks holding a true value are looked into.
        const BLOCK: usize = 32;
        let end = (last as usize).min(self.values.len() - 1);
        self.values[1..=end]
            .chunks(BLOCK)
            .enumerate()
            .filter(|(_, block)| block.iter().fold(false, |any, v| any | (*v == TRUE)))
            .flat_map(|(b, block)| {
                let first = Var::from_index(b * BLOCK);
                block.iter().enumerate().filter(|(_, v)| **v == TRUE).map(move |(i, _)| first.offset(i))
            })
    }

    /// Whether the literal is true in the model.
    #[inline]
    pub fn is_true(&self, lit: Lit) -> bool {
        self.value(lit.var()) == Some(lit.is_positive())
    }

    /// Number of variables the model has room for.
    pub fn num_vars(&self) -> u32 {
        (self.values.len() - 1) as u32
    }

    /// Number of variables it assigns.
    pub fn assigned(&self) -> usize {
        self.values.iter().filter(|&&v| v != UNSET).count()
    }
}

/// A solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// Satisfiable, with the model the solver printed.
    Sat(Model),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (`s UNKNOWN`, `INDET`).
    Unknown,
}

/// Reads a solver's answer for a CNF with `num_vars` variables.
pub fn parse_answer(file: &str, text: &str, num_vars: u32) -> Result<SolverAnswer, InputError> {
    // `at`: the line and column (`None`: the answer as a whole).
    let err = |at: Option<(usize, usize)>, found: String, expected: &str| match at {
        Some((line, col)) => InputError::at(file, line, col, found, expected),
        None => InputError::whole(file, found, expected),
    };
    // Each non-blank line, trimmed, with its number and the column of its first character.
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    let indent =
        |no: usize| text.lines().nth(no - 1).map_or(1, |l| 1 + l.chars().take_while(|c| c.is_whitespace()).count());
    let Some(&(_, first)) = lines.first() else {
        return Err(err(
            None,
            "an empty answer".into(),
            "solver output: an `s` line and `v` lines, minisat's SAT/UNSAT file, or a model",
        ));
    };
    let head = first.split_whitespace().next().unwrap_or("");
    let mut model = ModelReader::new(file, num_vars);
    let status: Option<(usize, &str)>;
    if matches!(head, "c" | "s" | "v" | "o") {
        // Competition format.
        let mut seen: Option<(usize, &str)> = None;
        for &(no, line) in &lines {
            // The tag is the first character (which may take several bytes in a garbled line).
            let cut = line.chars().next().map_or(0, char::len_utf8);
            let (tag, rest) = line.split_at(cut);
            match tag {
                "c" if rest.is_empty() || rest.starts_with(char::is_whitespace) => {}
                "s" if rest.starts_with(char::is_whitespace) => {
                    if let Some((prev, _)) = seen {
                        return Err(err(
                            Some((no, indent(no))),
                            "a second `s` line".into(),
                            &format!("one `s` line (the first is line {prev})"),
                        ));
                    }
                    seen = Some((no, rest.trim()));
                }
                "v" if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
                    if !model.read_bits(no, indent(no), rest)? {
                        model.read_line(no, indent(no), rest)?
                    }
                }
                // A MaxSAT solver's cost lines (MaxSAT Evaluation): nothing to read.
                "o" if rest.starts_with(char::is_whitespace) => {}
                _ => {
                    return Err(err(
                        Some((no, indent(no))),
                        format!("`{}`", line.chars().take(40).collect::<String>()),
                        "a line starting with `c`, `s` or `v` (competition output)",
                    ))
                }
            }
        }
        status = seen;
    } else if matches!(head, "SAT" | "UNSAT" | "INDET") && first.split_whitespace().count() == 1 {
        // minisat's result file.
        status = Some((lines[0].0, head));
        for &(no, line) in &lines[1..] {
            model.read_line(no, indent(no) - 1, line)?;
        }
    } else {
        // A bare model.
        for &(no, line) in &lines {
            model.read_line(no, indent(no) - 1, line)?;
        }
        status = if model.lits_read > 0 { Some((lines[0].0, "SATISFIABLE")) } else { None };
    }
    let Some((status_line, status)) = status else {
        return Err(err(None, "no status line".into(), "`s SATISFIABLE`, `s UNSATISFIABLE` or `s UNKNOWN`"));
    };
    match status {
        "SATISFIABLE" | "SAT" | "OPTIMUM FOUND" => {
            if !model.terminated {
                let last = lines.last().map(|&(n, l)| (n, indent(n) + l.chars().count()));
                return Err(err(
                    last,
                    if model.lits_read == 0 {
                        "no model".into()
                    } else {
                        "a model without its closing 0 (truncated output?)".into()
                    },
                    "the model's literals ending with 0",
                ));
            }
            Ok(SolverAnswer::Sat(model.model))
        }
        "UNSATISFIABLE" | "UNSAT" => {
            if model.lits_read > 0 {
                return Err(err(
                    Some((status_line, indent(status_line))),
                    "an UNSAT answer that also lists a model".into(),
                    "either a model or UNSAT",
                ));
            }
            Ok(SolverAnswer::Unsat)
        }
        "UNKNOWN" | "INDET" => Ok(SolverAnswer::Unknown),
        other => Err(err(
            Some((status_line, indent(status_line))),
            format!("status `{other}`"),
            "SATISFIABLE, UNSATISFIABLE or UNKNOWN",
        )),
    }
}

struct ModelReader<'a> {
    file: &'a str,
    model: Model,
    set_at: Vec<usize>,
    lits_read: usize,
    terminated: bool,
}

impl<'a> ModelReader<'a> {
    fn new(file: &'a str, num_vars: u32) -> Self {
        ModelReader {
            file,
            model: Model::new(num_vars),
            set_at: vec![0; num_vars as usize + 1],
            lits_read: 0,
            terminated: false,
        }
    }

    /// Reads a MaxSAT Evaluation (2020 on) `v` line, one character `0`/`1` per variable from the
    /// first (`v 0110`); variables after the string are false. `Ok(false)`: not such a line (a
    /// single `0` is the closing 0 of a literal list).
    fn read_bits(&mut self, no: usize, before: usize, line: &str) -> Result<bool, InputError> {
        let mut words = line.split_whitespace();
        let (Some(word), None) = (words.next(), words.next()) else { return Ok(false) };
        if word.len() < 2 || !word.bytes().all(|b| b == b'0' || b == b'1') {
            return Ok(false);
        }
        if self.lits_read > 0 || word.len() > self.model.num_vars() as usize {
            let col = before + line.len() - line.trim_start().len() + 1;
            return Err(InputError::at(
                self.file,
                no,
                col,
                format!("a binary model of {} values", word.len()),
                format!("one `v` line of at most {} values (MaxSAT Evaluation format)", self.model.num_vars()),
            ));
        }
        for i in 0..self.model.num_vars() as usize {
            self.model.set(Var::from_index(i), Some(word.as_bytes().get(i) == Some(&b'1')));
        }
        self.lits_read = word.len();
        self.terminated = true;
        Ok(true)
    }

    /// Reads the literals of `line`, line `no` of the answer, whose first character is at column
    /// `before + 1`.
    fn read_line(&mut self, no: usize, before: usize, line: &str) -> Result<(), InputError> {
        for word in line.split_whitespace() {
            let col = before + line[..word.as_ptr() as usize - line.as_ptr() as usize].chars().count() + 1;
            let err = |found: String, expected: String| InputError::at(self.file, no, col, found, expected);
            let parsed: nom::IResult<&str, i64> = all_consuming(integer).parse(word);
            let Ok((_, lit)) = parsed else {
                return Err(err(format!("`{word}`"), "a literal (a non-zero whole number) or the closing 0".into()));
            };
            if self.terminated {
                return Err(err(format!("literal {lit} after the closing 0"), "nothing after the model's 0".into()));
            }
            if lit == 0 {
                self.terminated = true;
                continue;
            }
            let var = lit.unsigned_abs();
            if var > u64::from(self.model.num_vars()) {
                return Err(err(
                    format!("literal {lit}"),
                    format!(
                        "variables from 1 to {} (the CNF's count); is this the model of another formula?",
                        self.model.num_vars()
                    ),
                ));
            }
            let v = var as usize;
            let value = lit > 0;
            match self.model.value(Var::from_index(v - 1)) {
                Some(prev) if prev != value => {
                    return Err(err(
                        format!("literal {lit}, contradicting {} on line {}", -lit, self.set_at[v]),
                        "each variable at most once".into(),
                    ))
                }
                _ => {
                    self.model.set(Var::from_index(v - 1), Some(value));
                    self.set_at[v] = no;
                }
            }
            self.lits_read += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competition_output_wrapped_and_partial() {
        let a = parse_answer("f", "c hi\ns SATISFIABLE\nv 1 -2\nv 4 0\n", 4).unwrap();
        let SolverAnswer::Sat(m) = a else { panic!() };
        let value = |n| m.value(Var::new(n).unwrap());
        assert_eq!((value(1), value(2), value(3), value(4)), (Some(true), Some(false), None, Some(true)));
    }

    #[test]
    fn true_vars_across_blocks_and_up_to_the_last_asked() {
        // Values 1..=100: true on multiples of 7 and on 31, 32, 33 (a block's edge), false or
        // unassigned elsewhere; a filter over every variable is the reference.
        let lits: Vec<i32> = (1..=100)
            .filter(|v| v % 5 != 0)
            .map(|v| if v % 7 == 0 || (31..=33).contains(&v) { v } else { -v })
            .collect();
        let m = Model::from_lits(100, &lits);
        for last in [0, 1, 31, 32, 33, 64, 99, 100, 500] {
            let want: Vec<Var> =
                (1..=last.min(100)).filter_map(Var::new).filter(|&v| m.value(v) == Some(true)).collect();
            assert_eq!(m.true_vars(last).collect::<Vec<_>>(), want, "last {last}");
        }
    }

    #[test]
    fn minisat_and_bare() {
        assert_eq!(parse_answer("f", "UNSAT\n", 3).unwrap(), SolverAnswer::Unsat);
        assert!(matches!(parse_answer("f", "SAT\n1 2 -3 0\n", 3).unwrap(), SolverAnswer::Sat(_)));
        assert!(matches!(parse_answer("f", "1 2 -3 0\n", 3).unwrap(), SolverAnswer::Sat(_)));
        assert_eq!(parse_answer("f", "s UNKNOWN\n", 3).unwrap(), SolverAnswer::Unknown);
    }

    #[test]
    fn faults_are_named() {
        let e = parse_answer("f", "s SATISFIABLE\nv 1 -2\n", 3).unwrap_err();
        assert!(e.found.contains("truncated"), "{e}");
        let e = parse_answer("f", "s SATISFIABLE\nv 1 -1 0\n", 3).unwrap_err();
        assert!(e.found.contains("contradicting"), "{e}");
        let e = parse_answer("f", "s SATISFIABLE\nv 1 9 0\n", 3).unwrap_err();
        assert!(e.expected.contains("another formula"), "{e}");
        let e = parse_answer("f", "hello world\n", 3).unwrap_err();
        assert_eq!(e.line, Some(1), "{e}");
    }
}
