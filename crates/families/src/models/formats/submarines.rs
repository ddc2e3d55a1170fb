//! Seed 002's submarines as the seed draws them: one line per row of `?` cells (`.` also reads
//! as unknown) with the row's count after `|`, and a last line of column counts; `?` for a count
//! that is not given. wgrnd's extension: a cell `1` (a submarine) or `0` (none) is revealed, as
//! `generate --unique` writes the cells it gives. The seed's example with exactly one solution:
//!
//! ```text
//! ? ? ? | 2
//! ? ? ? | 1
//! ? ? ? | 3
//! 1 2 3
//! ```

use super::drawn::{self, Cells};
use crate::edge::formats::{DataContract, Facts, Unwritable};
use wgrnd_sat::InputError;

/// The names this reader's data shares with `models/submarines.qp`.
pub const DATA: DataContract = DataContract {
    model: "submarines.qp",
    params: &["rows", "cols"],
    domains: &[],
    facts: &[(ROWSUM, 2), (COLSUM, 2), (GIVEN, 3)],
    left_to_model: &[],
};
const ROWSUM: &str = "rowsum";
const COLSUM: &str = "colsum";
const GIVEN: &str = "given";

/// A submarines puzzle: grid size and the sums given (`None`: withheld).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submarines {
    /// Row sums, top to bottom.
    pub rows: Vec<Option<i64>>,
    /// Column sums, left to right.
    pub cols: Vec<Option<i64>>,
    /// Revealed cells, row by row: `Some(true)` a submarine, `Some(false)` none.
    pub cells: Vec<Vec<Option<bool>>>,
}

impl Submarines {
    /// Reads the seed's drawing.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &[], Cells::Chars, true)?;
        let mut cells = Vec::new();
        for row in &d.rows {
            let mut line = Vec::new();
            for cell in &row.cells {
                line.push(match cell.text.as_str() {
                    "?" | "." => None,
                    "1" => Some(true),
                    "0" => Some(false),
                    _ => {
                        let want = "`?` (an unknown cell), `1` (a revealed submarine) or `0` (revealed empty)";
                        return Err(drawn::bad_cell(file, row.line, cell, want));
                    }
                });
            }
            cells.push(line);
        }
        d.check_counts(file)?;
        let (_, counts) = d.column_counts.clone().unwrap_or_default();
        Ok(Submarines { rows: d.rows.iter().map(|r| r.count).collect(), cols: counts, cells })
    }

    /// The puzzle posed in the data of `models/submarines.qp`, back as a drawing.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (rows, cols) = (f.size("rows")?, f.size("cols")?);
        let mut cells = vec![vec![None; cols]; rows];
        for (r, c, v) in f.cells(GIVEN, rows, cols)? {
            cells[r][c] = Some(v.first() == Some(&1));
        }
        Ok(Submarines { rows: f.line_counts(ROWSUM, rows)?, cols: f.line_counts(COLSUM, cols)?, cells })
    }

    /// The drawing, as [`Submarines::read`] reads it (with a final newline).
    pub fn write(&self) -> String {
        let grid: Vec<Vec<String>> = self
            .cells
            .iter()
            .map(|row| row.iter().map(|c| c.map_or("?", |s| if s { "1" } else { "0" }).to_string()).collect())
            .collect();
        drawn::write(&[], &grid, Some(&self.rows), Some(&self.cols))
    }

    /// Data for `models/submarines.qp`.
    pub fn to_data(&self) -> String {
        let mut out = format!("param rows = {}\nparam cols = {}\n", self.rows.len(), self.cols.len());
        for (i, k) in self.rows.iter().enumerate() {
            if let Some(k) = k {
                out.push_str(&format!("{ROWSUM}({}, {k}).\n", i + 1));
            }
        }
        for (i, k) in self.cols.iter().enumerate() {
            if let Some(k) = k {
                out.push_str(&format!("{COLSUM}({}, {k}).\n", i + 1));
            }
        }
        for (r, row) in self.cells.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                if let Some(v) = v {
                    out.push_str(&format!("{GIVEN}({}, {}, {}).\n", r + 1, c + 1, u8::from(*v)));
                }
            }
        }
        out
    }
}
