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
use crate::edge::formats::{DataContract, Facts, Unwritable};
use wgrnd_sat::InputError;

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

    /// The puzzle posed in the data of `models/minesweeper.qp`, back as a board.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (rows, cols) = (f.size("rows")?, f.size("cols")?);
        let mut cells = vec![vec![MineCell::Closed; cols]; rows];
        for (r, c, n) in f.cells(OPEN, rows, cols)? {
            let n = n.first().and_then(|&n| u8::try_from(n).ok()).filter(|n| *n <= 8);
            cells[r][c] = MineCell::Open(n.ok_or_else(|| {
                Unwritable(format!("`{OPEN}` at row {}, column {} shows no count from 0 to 8", r + 1, c + 1))
            })?);
        }
        for (r, c, _) in f.cells(FLAG, rows, cols)? {
            cells[r][c] = MineCell::Flag;
        }
        let mines = f.numbers(MINES)?.first().and_then(|m| m.first().copied());
        Ok(Minesweeper { cells, mines })
    }

    /// The board, as [`Minesweeper::read`] reads it (with a final newline).
    pub fn write(&self) -> String {
        let keywords: Vec<String> = self.mines.iter().map(|k| format!("{MINES} {k}")).collect();
        let grid: Vec<Vec<String>> = self
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        MineCell::Closed => ".".to_string(),
                        MineCell::Flag => "*".to_string(),
                        MineCell::Open(n) => n.to_string(),
                    })
                    .collect()
            })
            .collect();
        drawn::write(&keywords, &grid, None, None)
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
