//! Lights out (seed 002): the starting lights as a grid of `1` (on) and `0` (off), one line per
//! row, spaces between cells optional; `?` (or `.`) for a light whose state is not given. No text
//! format for lights out is widely exchanged (the games store their levels in their own code);
//! a 0/1 grid is how the puzzle is written in the literature on it. wgrnd's extension, for the
//! presses `generate --unique` reveals: optional lines `pressed R C` (the light in row R, column
//! C is pressed in the solution) and `unpressed R C` (it is not) before the grid. A 5 x 5 example:
//!
//! ```text
//! 0 0 0 0 0
//! 0 0 1 0 0
//! 0 1 1 1 0
//! 0 0 1 0 0
//! 0 0 0 0 0
//! ```

use super::drawn::{self, Cells};
use crate::edge::formats::{DataContract, Facts, Unwritable};
use wgrnd_sat::InputError;

/// The names this reader's data shares with `models/lightsout.qp`.
pub const DATA: DataContract = DataContract {
    model: "lightsout.qp",
    params: &["rows", "cols"],
    domains: &[],
    facts: &[(LIGHT, 3), (GIVEN, 3)],
    left_to_model: &[],
};
const LIGHT: &str = "light";
const GIVEN: &str = "given";
/// The keywords of revealed presses: `unpressed` (given 0) and `pressed` (given 1).
const PRESS_WORDS: [&str; 2] = ["unpressed", "pressed"];

/// A lights out puzzle: each light on, off, or not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightsOut {
    /// `Some(true)` on, `Some(false)` off, `None` not given; row by row.
    pub lights: Vec<Vec<Option<bool>>>,
    /// Revealed presses: row and column from 1, pressed or not; in the order given.
    pub presses: Vec<(usize, usize, bool)>,
}

impl LightsOut {
    /// Reads a 0/1 grid.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &PRESS_WORDS, Cells::Chars, false)?;
        drawn::no_counts(file, &d.rows, "lights only (lights out has no row counts)")?;
        let (rows, cols) = (d.rows.len(), d.cols());
        let mut presses = Vec::new();
        for k in &d.keywords {
            let want = |what: &str, most: usize| format!("`{} R C`: {what} from 1 to {most}", k.word);
            let [r, c] = k.args.as_slice() else {
                let found = format!("{} argument(s) to `{}`", k.args.len(), k.word);
                return Err(InputError::at(
                    file,
                    k.line,
                    k.count_col(2),
                    found,
                    want("a row and a column", rows.max(cols)),
                ));
            };
            let at = |w: &crate::lex::Word, most: usize, what: &str| {
                crate::lex::integer(w.text)
                    .filter(|v| (1..=most as i64).contains(v))
                    .map(|v| v as usize)
                    .ok_or_else(|| InputError::at(file, k.line, w.col, crate::lex::shown(w.text), want(what, most)))
            };
            presses.push((at(r, rows, "a row")?, at(c, cols, "a column")?, k.word == PRESS_WORDS[1]));
        }
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
        Ok(LightsOut { lights, presses })
    }

    /// The puzzle posed in the data of `models/lightsout.qp`, back as a grid.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (rows, cols) = (f.size("rows")?, f.size("cols")?);
        let mut lights = vec![vec![None; cols]; rows];
        for (r, c, s) in f.cells(LIGHT, rows, cols)? {
            lights[r][c] = Some(s.first() == Some(&1));
        }
        let presses = f.cells(GIVEN, rows, cols)?.into_iter().map(|(r, c, s)| (r + 1, c + 1, s.first() == Some(&1)));
        Ok(LightsOut { lights, presses: presses.collect() })
    }

    /// The grid, as [`LightsOut::read`] reads it (with a final newline).
    pub fn write(&self) -> String {
        let keywords: Vec<String> =
            self.presses.iter().map(|&(r, c, p)| format!("{} {r} {c}", PRESS_WORDS[usize::from(p)])).collect();
        let grid: Vec<Vec<String>> = self
            .lights
            .iter()
            .map(|row| row.iter().map(|l| l.map_or("?", |on| if on { "1" } else { "0" }).to_string()).collect())
            .collect();
        drawn::write(&keywords, &grid, None, None)
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
        for &(r, c, p) in &self.presses {
            out.push_str(&format!("{GIVEN}({r}, {c}, {}).\n", u8::from(p)));
        }
        out
    }
}
