//! Seed 002's submarines as the seed draws them: one line per row of `?` cells (`.` also reads
//! as unknown) with the row's count after `|`, and a last line of column counts; `?` for a count
//! that is not given. The seed's example with exactly one solution:
//!
//! ```text
//! ? ? ? | 2
//! ? ? ? | 1
//! ? ? ? | 3
//! 1 2 3
//! ```

use super::drawn::{self, Cells};
use super::DataContract;
use crate::InputError;

/// The names this reader's data shares with `models/submarines.qp`.
pub const DATA: DataContract = DataContract {
    model: "submarines.qp",
    params: &["rows", "cols"],
    domains: &[],
    facts: &[(ROWSUM, 2), (COLSUM, 2)],
    left_to_model: &["given"],
};
const ROWSUM: &str = "rowsum";
const COLSUM: &str = "colsum";

/// A submarines puzzle: grid size and the sums given (`None`: withheld).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submarines {
    /// Row sums, top to bottom.
    pub rows: Vec<Option<i64>>,
    /// Column sums, left to right.
    pub cols: Vec<Option<i64>>,
}

impl Submarines {
    /// Reads the seed's drawing.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &[], Cells::Chars, true)?;
        for row in &d.rows {
            if let Some(cell) = row.cells.iter().find(|c| c.text != "?" && c.text != ".") {
                return Err(drawn::bad_cell(file, row.line, cell, "`?` (an unknown cell)"));
            }
        }
        d.check_counts(file)?;
        let (_, counts) = d.column_counts.clone().unwrap_or_default();
        Ok(Submarines { rows: d.rows.iter().map(|r| r.count).collect(), cols: counts })
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
        out
    }
}
