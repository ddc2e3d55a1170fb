//! Minesweeper (seed 002): the board as players and solvers write it, one character per cell:
//! a digit `0`-`8` for an opened cell showing that many neighbouring mines, `.` (or `?`) for a
//! closed cell, `*` for a cell known to hold a mine (a flag); spaces between cells optional. An
//! optional first line `mines N` gives the number of mines. There is no one exchanged file format
//! (the games keep boards in memory); this is the text grid that minesweeper solvers and puzzle
//! collections print. Example:
//!
//! ```text
//! mines 3
//! 1 . . .
//! 1 2 . .
//! 0 1 . .
//! 0 1 1 1
//! ```

use super::drawn::{self, Cells};
use super::DataContract;
use crate::InputError;

/// The names this reader's data shares with `models/minesweeper.qp`.
pub const DATA: DataContract = DataContract {
    model: "minesweeper.qp",
    params: &["rows", "cols"],
    domains: &[],
    facts: &[(MINES, 1), (OPEN, 3), (FLAG, 2)],
    left_to_model: &[],
};
const MINES: &str = "mines";
const OPEN: &str = "open";
const FLAG: &str = "flag";

/// One cell of a minesweeper board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MineCell {
    /// Not opened.
    Closed,
    /// Opened, showing this many neighbouring mines.
    Open(u8),
    /// Known to hold a mine.
    Flag,
}

/// A minesweeper board and, when given, its number of mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minesweeper {
    /// Cells, row by row.
    pub cells: Vec<Vec<MineCell>>,
    /// The number of mines, when given.
    pub mines: Option<i64>,
}

impl Minesweeper {
    /// Reads a board.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &["mines"], Cells::Chars, false)?;
        let area = d.rows.len() * d.cols();
        let mut board = Minesweeper { cells: Vec::new(), mines: None };
        for k in &d.keywords {
            board.mines = Some(drawn::keyword_number(file, k, 0, area as i64, "the number of mines")?);
        }
        drawn::no_counts(file, &d.rows, "cells only (minesweeper has no row counts)")?;
        for row in &d.rows {
            let mut line = Vec::new();
            for cell in &row.cells {
                let ch = cell.text.chars().next().unwrap_or(' ');
                line.push(match ch {
                    '.' | '?' => MineCell::Closed,
                    '*' => MineCell::Flag,
                    '0'..='8' => MineCell::Open(ch as u8 - b'0'),
                    _ => {
                        let want = "a digit 0-8 (opened), `.` (closed) or `*` (a mine)";
                        return Err(drawn::bad_cell(file, row.line, cell, want));
                    }
                });
            }
            board.cells.push(line);
        }
        Ok(board)
    }

    /// Data for `models/minesweeper.qp`.
    pub fn to_data(&self) -> String {
        let cols = self.cells.first().map_or(0, Vec::len);
        let mut out = format!("param rows = {}\nparam cols = {cols}\n", self.cells.len());
        if let Some(k) = self.mines {
            out.push_str(&format!("{MINES}({k}).\n"));
        }
        for (r, row) in self.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                match cell {
                    MineCell::Closed => {}
                    MineCell::Open(n) => out.push_str(&format!("{OPEN}({}, {}, {n}).\n", r + 1, c + 1)),
                    MineCell::Flag => out.push_str(&format!("{FLAG}({}, {}).\n", r + 1, c + 1)),
                }
            }
        }
        out
    }
}
