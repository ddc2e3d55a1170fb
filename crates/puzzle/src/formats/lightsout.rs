//! Lights out (seed 002): the starting lights as a grid of `1` (on) and `0` (off), one line per
//! row, spaces between cells optional; `?` (or `.`) for a light whose state is not given. No text
//! format for lights out is widely exchanged (the games store their levels in their own code);
//! a 0/1 grid is how the puzzle is written in the literature on it. A 5 x 5 example:
//!
//! ```text
//! 0 0 0 0 0
//! 0 0 1 0 0
//! 0 1 1 1 0
//! 0 0 1 0 0
//! 0 0 0 0 0
//! ```

use super::drawn::{self, Cells};
use super::DataContract;
use crate::InputError;

/// The names this reader's data shares with `models/lightsout.qp`.
pub const DATA: DataContract = DataContract {
    model: "lightsout.qp",
    params: &["rows", "cols"],
    domains: &[],
    facts: &[(LIGHT, 3)],
    left_to_model: &["given"],
};
const LIGHT: &str = "light";

/// A lights out puzzle: each light on, off, or not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightsOut {
    /// `Some(true)` on, `Some(false)` off, `None` not given; row by row.
    pub lights: Vec<Vec<Option<bool>>>,
}

impl LightsOut {
    /// Reads a 0/1 grid.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &[], Cells::Chars, false)?;
        drawn::no_counts(file, &d.rows, "lights only (lights out has no row counts)")?;
        let mut lights = Vec::new();
        for row in &d.rows {
            let mut line = Vec::new();
            for cell in &row.cells {
                line.push(match cell.text.as_str() {
                    "1" => Some(true),
                    "0" => Some(false),
                    "?" | "." => None,
                    _ => return Err(drawn::bad_cell(file, row.line, cell, "`1` (on), `0` (off) or `?` (not given)")),
                });
            }
            lights.push(line);
        }
        Ok(LightsOut { lights })
    }

    /// Data for `models/lightsout.qp`.
    pub fn to_data(&self) -> String {
        let cols = self.lights.first().map_or(0, Vec::len);
        let mut out = format!("param rows = {}\nparam cols = {cols}\n", self.lights.len());
        for (r, row) in self.lights.iter().enumerate() {
            for (c, s) in row.iter().enumerate() {
                if let Some(on) = s {
                    out.push_str(&format!("{LIGHT}({}, {}, {}).\n", r + 1, c + 1, u8::from(*on)));
                }
            }
        }
        out
    }
}
