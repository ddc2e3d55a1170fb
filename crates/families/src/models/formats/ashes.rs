//! Laplace's ashes (seed 002): the clue grid as the seed prints it, whitespace-separated whole
//! numbers, one line per row, `?` for a clue not given. Optional keyword lines before the grid:
//! `rule neighbours` (the default: a clue is the sum of its cell and the eight neighbours) or
//! `rule signed` (upper and right neighbours minus lower and left: the seed's singular rule), and
//! `digits LO HI` (the range of the hidden numbers, default 0 9). The seed's example:
//!
//! ```text
//! 10 17 15 10
//! 15 26 31 23
//! 11 16 20 15
//! ```

use super::drawn::{self, Cells};
use crate::edge::formats::{DataContract, Facts, Unwritable};
use crate::{lex, lex::shown};
use wgrnd_sat::InputError;

/// The names this reader's data shares with `models/ashes.qp`.
pub const DATA: DataContract = DataContract {
    model: "ashes.qp",
    params: &["rows", "cols", "rule", "lo", "hi", "bound"],
    domains: &[],
    facts: &[(ASH, 3)],
    left_to_model: &[],
};
const ASH: &str = "ash";

/// How a clue is computed from the hidden grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AshRule {
    /// The cell and its eight neighbours, summed.
    Neighbours,
    /// Upper and right neighbours minus lower and left ones.
    Signed,
}

/// A Laplace's ashes puzzle: the clue grid (`None`: withheld), the rule and the digit range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ashes {
    /// Clues, row by row.
    pub clues: Vec<Vec<Option<i64>>>,
    /// The clue rule.
    pub rule: AshRule,
    /// Smallest and largest hidden number.
    pub digits: (i64, i64),
}

/// Largest magnitude of a hidden number, so that clue sums stay small.
const MAX_DIGIT: i64 = 1000;

impl Ashes {
    /// Reads a clue grid.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &["rule", "digits"], Cells::Words, false)?;
        let mut ashes = Ashes { clues: Vec::new(), rule: AshRule::Neighbours, digits: (0, 9) };
        for k in &d.keywords {
            match (k.word, k.args.as_slice()) {
                ("rule", [w]) if w.text == "neighbours" => ashes.rule = AshRule::Neighbours,
                ("rule", [w]) if w.text == "signed" => ashes.rule = AshRule::Signed,
                ("digits", [a, b]) => {
                    let range = |w: &lex::Word| {
                        lex::integer(w.text).filter(|v| v.abs() <= MAX_DIGIT).ok_or_else(|| {
                            InputError::at(
                                file,
                                k.line,
                                w.col,
                                shown(w.text),
                                format!("`digits LO HI`: whole numbers from -{MAX_DIGIT} to {MAX_DIGIT}"),
                            )
                        })
                    };
                    let (lo, hi) = (range(a)?, range(b)?);
                    if lo > hi {
                        return Err(InputError::at(file, k.line, b.col, format!("digits {lo} {hi}"), "LO <= HI"));
                    }
                    ashes.digits = (lo, hi);
                }
                ("rule", _) => {
                    // `rule diagonal` names the rule it does not know; `rule` alone or with more
                    // words points where the one word should be.
                    let (col, found) = match k.args.as_slice() {
                        [w] => (w.col, k.shown()),
                        _ => (k.count_col(1), format!("{} ({} word(s) after `rule`)", k.shown(), k.args.len())),
                    };
                    return Err(InputError::at(file, k.line, col, found, "`rule neighbours` or `rule signed`"));
                }
                _ => {
                    return Err(InputError::at(
                        file,
                        k.line,
                        k.count_col(2),
                        format!("{} ({} word(s) after `digits`)", k.shown(), k.args.len()),
                        "`digits LO HI`",
                    ))
                }
            }
        }
        drawn::no_counts(file, &d.rows, "clues only (no `|`)")?;
        let bound = 9 * ashes.digits.0.abs().max(ashes.digits.1.abs());
        for row in &d.rows {
            let mut clues = Vec::new();
            for cell in &row.cells {
                clues.push(match cell.text.as_str() {
                    "?" => None,
                    t => match lex::integer(t) {
                        Some(v) if v.abs() <= bound => Some(v),
                        _ => {
                            let want = format!("a clue: a whole number from -{bound} to {bound}, or `?`");
                            return Err(drawn::bad_cell(file, row.line, cell, &want));
                        }
                    },
                });
            }
            ashes.clues.push(clues);
        }
        Ok(ashes)
    }

    /// The puzzle posed in the data of `models/ashes.qp`, back as a clue grid.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (rows, cols) = (f.size("rows")?, f.size("cols")?);
        let rule = match f.param("rule")? {
            1 => AshRule::Neighbours,
            2 => AshRule::Signed,
            r => return Err(Unwritable(format!("`rule` is {r}: the format knows rules 1 and 2"))),
        };
        let mut clues = vec![vec![None; cols]; rows];
        for (r, c, k) in f.cells(ASH, rows, cols)? {
            clues[r][c] = k.first().copied();
        }
        Ok(Ashes { clues, rule, digits: (f.param("lo")?, f.param("hi")?) })
    }

    /// The clue grid with its `rule` and `digits` lines, as [`Ashes::read`] reads it (with a
    /// final newline).
    pub fn write(&self) -> String {
        let rule = match self.rule {
            AshRule::Neighbours => "neighbours",
            AshRule::Signed => "signed",
        };
        let keywords = [format!("rule {rule}"), format!("digits {} {}", self.digits.0, self.digits.1)];
        let grid: Vec<Vec<String>> = self
            .clues
            .iter()
            .map(|row| row.iter().map(|k| k.map_or_else(|| "?".to_string(), |k| k.to_string())).collect())
            .collect();
        drawn::write(&keywords, &grid, None, None)
    }

    /// Data for `models/ashes.qp`.
    pub fn to_data(&self) -> String {
        let cols = self.clues.first().map_or(0, Vec::len);
        let rule = match self.rule {
            AshRule::Neighbours => 1,
            AshRule::Signed => 2,
        };
        let bound = 9 * self.digits.0.abs().max(self.digits.1.abs());
        let mut out = format!(
            "param rows = {}\nparam cols = {cols}\nparam rule = {rule}\nparam lo = {}\nparam hi = {}\nparam bound = {bound}\n",
            self.clues.len(),
            self.digits.0,
            self.digits.1
        );
        for (r, row) in self.clues.iter().enumerate() {
            for (c, k) in row.iter().enumerate() {
                if let Some(k) = k {
                    out.push_str(&format!("{ASH}({}, {}, {k}).\n", r + 1, c + 1));
                }
            }
        }
        out
    }
}
