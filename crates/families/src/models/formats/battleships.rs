//! Battleships (seed 002) as the puzzle is printed: one line per grid row, one character per cell
//! (spaces optional), the row's count of ship parts after `|`, and a last line of column counts;
//! `?` for a count not given. Cells: `.` (or `?`) unknown, `~` water, `o` a whole submarine, `<`
//! `>` `^` `v` the left, right, top and bottom end of a longer ship, `#` a middle part. An optional
//! first line `fleet N1 N2 N3 ...` gives the number of ships of length 1, 2, 3, ... (default the
//! seed's `fleet 4 3 2 1`). Puzzle magazines print battleships this way; there is no common
//! file format, so wgrnd reads the printed picture.
//!
//! ```text
//! fleet 2 1
//! . . . . | 1
//! . . ~ . | 2
//! . . . . | 0
//! . . . . | 1
//! 2 0 1 1
//! ```

use super::drawn::{self, Cells};
use crate::edge::formats::{DataContract, Facts, Unwritable};
use wgrnd_sat::InputError;

/// The names this reader's data shares with `models/battleships.qp`.
pub const DATA: DataContract = DataContract {
    model: "battleships.qp",
    params: &["rows", "cols", "longest"],
    domains: &[],
    facts: &[(FLEET, 2), (ROWCOUNT, 2), (COLCOUNT, 2), (SEEN, 3)],
    left_to_model: &[],
};
const FLEET: &str = "fleet";
const ROWCOUNT: &str = "rowcount";
const COLCOUNT: &str = "colcount";
const SEEN: &str = "seen";

/// What a revealed cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// `~`: no ship part.
    Water,
    /// `o`: a submarine (a ship of length 1).
    Sub,
    /// `<`: the left end of a ship lying across.
    Left,
    /// `>`: the right end of a ship lying across.
    Right,
    /// `^`: the top end of a ship lying down.
    Top,
    /// `v`: the bottom end of a ship lying down.
    Bottom,
    /// `#`: a ship part that is not an end.
    Middle,
}

/// Every kind of revealed cell, with its character in the drawing.
const SEEN_CHARS: [(Seen, &str); 7] = [
    (Seen::Water, "~"),
    (Seen::Sub, "o"),
    (Seen::Left, "<"),
    (Seen::Right, ">"),
    (Seen::Top, "^"),
    (Seen::Bottom, "v"),
    (Seen::Middle, "#"),
];

impl Seen {
    /// The model's symbol for it.
    fn symbol(self) -> &'static str {
        match self {
            Seen::Water => "water",
            Seen::Sub => "sub",
            Seen::Left => "left",
            Seen::Right => "right",
            Seen::Top => "top",
            Seen::Bottom => "bottom",
            Seen::Middle => "middle",
        }
    }
}

/// A battleships puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battleships {
    /// `fleet[i]`: the number of ships of length `i + 1`.
    pub fleet: Vec<i64>,
    /// Cells, row by row: `None` unknown.
    pub cells: Vec<Vec<Option<Seen>>>,
    /// Row counts (`None`: not given).
    pub rows: Vec<Option<i64>>,
    /// Column counts (`None`: not given).
    pub cols: Vec<Option<i64>>,
}

/// The seed's fleet: 4 submarines, 3 cruisers, 2 destroyers, 1 battleship.
pub const SEED_FLEET: [i64; 4] = [4, 3, 2, 1];

impl Battleships {
    /// Reads a printed puzzle.
    pub fn read(file: &str, text: &str) -> Result<Self, InputError> {
        let d = drawn::read(file, text, &["fleet"], Cells::Chars, true)?;
        let (rows, cols) = (d.rows.len(), d.cols());
        let mut fleet = SEED_FLEET.to_vec();
        for k in &d.keywords {
            let want = format!(
                "`fleet N1 N2 ...`: how many ships of length 1, 2, ... (whole numbers from 0 to {})",
                rows * cols
            );
            if k.args.is_empty() || k.args.len() > rows.max(cols) {
                let found = format!("{} number(s) after `fleet`", k.args.len());
                return Err(InputError::at(
                    file,
                    k.line,
                    k.count_col(rows.max(cols)),
                    found,
                    format!("{want}, at most {} lengths", rows.max(cols)),
                ));
            }
            fleet.clear();
            for w in &k.args {
                match crate::lex::integer(w.text) {
                    Some(v) if (0..=(rows * cols) as i64).contains(&v) => fleet.push(v),
                    _ => return Err(InputError::at(file, k.line, w.col, crate::lex::shown(w.text), want)),
                }
            }
        }
        d.check_counts(file)?;
        let mut cells = Vec::new();
        for row in &d.rows {
            let mut line = Vec::new();
            for cell in &row.cells {
                line.push(match cell.text.as_str() {
                    "." | "?" => None,
                    t if SEEN_CHARS.iter().any(|(_, ch)| *ch == t) => {
                        SEEN_CHARS.iter().find(|(_, ch)| *ch == t).map(|&(s, _)| s)
                    }
                    _ => {
                        let want =
                            "`.` (unknown), `~` (water), `o` (submarine), `<` `>` `^` `v` (ship ends) or `#` (middle)";
                        return Err(drawn::bad_cell(file, row.line, cell, want));
                    }
                });
            }
            cells.push(line);
        }
        let (_, counts) = d.column_counts.clone().unwrap_or_default();
        Ok(Battleships { fleet, cells, rows: d.rows.iter().map(|r| r.count).collect(), cols: counts })
    }

    /// The puzzle posed in the data of `models/battleships.qp`, back as a drawing.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (rows, cols, longest) = (f.size("rows")?, f.size("cols")?, f.size("longest")?);
        let fleet = f.line_counts(FLEET, longest)?.into_iter().map(|n| n.unwrap_or(0)).collect();
        let mut cells = vec![vec![None; cols]; rows];
        for args in f.of(SEEN) {
            let found = || Unwritable(format!("`{SEEN}({})` is not a revealed cell of the grid", args.join(", ")));
            let [r, c, p] = args else { return Err(found()) };
            let (r, c) = (r.parse::<usize>().map_err(|_| found())?, c.parse::<usize>().map_err(|_| found())?);
            let seen = SEEN_CHARS.iter().map(|&(s, _)| s).find(|s| s.symbol() == p.as_str()).ok_or_else(found)?;
            *cells.get_mut(r.wrapping_sub(1)).and_then(|l| l.get_mut(c.wrapping_sub(1))).ok_or_else(found)? =
                Some(seen);
        }
        Ok(Battleships { fleet, cells, rows: f.line_counts(ROWCOUNT, rows)?, cols: f.line_counts(COLCOUNT, cols)? })
    }

    /// The drawing with its `fleet` line, as [`Battleships::read`] reads it (with a final
    /// newline).
    pub fn write(&self) -> String {
        let fleet: Vec<String> = self.fleet.iter().map(i64::to_string).collect();
        let grid: Vec<Vec<String>> = self
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        c.and_then(|s| SEEN_CHARS.iter().find(|(t, _)| *t == s)).map_or(".", |(_, ch)| ch).to_string()
                    })
                    .collect()
            })
            .collect();
        drawn::write(&[format!("{FLEET} {}", fleet.join(" "))], &grid, Some(&self.rows), Some(&self.cols))
    }

    /// Data for `models/battleships.qp`.
    pub fn to_data(&self) -> String {
        let mut out = format!(
            "param rows = {}\nparam cols = {}\nparam longest = {}\n",
            self.rows.len(),
            self.cols.len(),
            self.fleet.len()
        );
        for (i, n) in self.fleet.iter().enumerate() {
            out.push_str(&format!("{FLEET}({}, {n}).\n", i + 1));
        }
        for (i, k) in self.rows.iter().enumerate() {
            if let Some(k) = k {
                out.push_str(&format!("{ROWCOUNT}({}, {k}).\n", i + 1));
            }
        }
        for (i, k) in self.cols.iter().enumerate() {
            if let Some(k) = k {
                out.push_str(&format!("{COLCOUNT}({}, {k}).\n", i + 1));
            }
        }
        for (r, row) in self.cells.iter().enumerate() {
            for (c, s) in row.iter().enumerate() {
                if let Some(s) = s {
                    out.push_str(&format!("{SEEN}({}, {}, {}).\n", r + 1, c + 1, s.symbol()));
                }
            }
        }
        out
    }
}
