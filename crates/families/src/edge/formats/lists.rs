//! Piece-list formats of other tools, each converted to wgrnd's convention at this edge:
//!
//! * `.puz` (board-suite): `<cols> [rows]`, then one piece per line north east south west, 0 = frame,
//!   lines starting with `c` and blank lines are comments;
//! * Heule's benchmarks: line 1 = number of hints H, H lines `row col piece rotation` (1-based,
//!   rotation in clockwise quarter turns, as his encoder applies them), then pieces north east south
//!   west, 0 = frame; the board size follows from the corner and border pieces;
//! * headerless piece lists (pieces only, as Heule's files without the hint count);
//! * four squares (seed 004): one piece per line, edges counterclockwise starting from the right,
//!   equal labels match, outer edges unconstrained, a square board.

use crate::edge::builder::PuzzleBuilder;
use crate::edge::model::{Clue, MatchRule, Puzzle};
use crate::{
    lex,
    lex::{ints, lines, one_based},
};
use wgrnd_sat::InputError;

const NESW: &str = "a piece's labels north east south west";

/// Writes a board-suite `.puz`: equal matching, frame label 0 (or none), no clues. `None` when
/// the puzzle needs more than the format can say.
pub fn write_puz(p: &Puzzle) -> Option<String> {
    use std::fmt::Write as _;
    let frame_is_zero = p.frame.is_some_and(|f| p.label_name(f) == "0");
    let numeric = p.labels.iter().all(|l| l.parse::<u32>().is_ok());
    if p.rule != MatchRule::Equal || !frame_is_zero || !p.clues.is_empty() || !numeric {
        return None;
    }
    let mut s = format!("{} {}\n", p.cols, p.rows);
    for piece in &p.pieces {
        let _ = writeln!(s, "{}", piece.map(|l| p.label_name(l).to_string()).join(" "));
    }
    Some(s)
}

/// Board-suite `.puz`.
pub fn read_puz(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut b = PuzzleBuilder::new(file);
    b.frame(Some("0"), 0).last_line(lex::last_line(text));
    for (no, line) in lines(text) {
        if lex::is_puz_comment(line) {
            continue;
        }
        if !b.has_size() {
            let ws = lex::words(line);
            let n = ws.len();
            if n == 0 || n > 2 {
                let col = ws.get(2).map_or(1, |w| w.col);
                return Err(InputError::at(file, no, col, format!("{n} fields"), "a header `<cols> [rows]`"));
            }
            let v = ints(file, no, line, n, "the header <cols> [rows]")?;
            let cols = lex::non_negative(file, no, ws[0].col, v[0], "column count")?;
            let rows = if n == 2 { lex::non_negative(file, no, ws[1].col, v[1], "row count")? } else { cols };
            b.size(rows, cols, no);
            continue;
        }
        piece_line(&mut b, file, no, line)?;
    }
    if !b.has_size() {
        return Err(InputError::whole(file, "no header line", "a header `<cols> [rows]` then one piece per line"));
    }
    b.build()
}

fn piece_line(b: &mut PuzzleBuilder, file: &str, no: usize, line: &str) -> Result<(), InputError> {
    let v = ints(file, no, line, 4, NESW)?;
    for (i, &x) in v.iter().enumerate() {
        if x < 0 {
            let col = lex::words(line)[i].col;
            return Err(InputError::at(file, no, col, format!("label {x}"), "labels 0 or greater (0 = frame)"));
        }
    }
    b.piece([0, 1, 2, 3].map(|i| v[i].to_string()), no);
    Ok(())
}

/// Heule's benchmark files (hint count, hints, pieces).
pub fn read_heule(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut data = lines(text).filter(|(_, l)| !l.trim().is_empty());
    let Some((no, first)) = data.next() else {
        return Err(InputError::whole(file, "an empty file", "a hint count, hints, then one piece per line"));
    };
    let hints = ints(file, no, first, 1, "the number of hints")?[0];
    let hints = lex::non_negative(file, no, lex::word_col(first, 0), hints, "hint count")?;
    let mut hint_lines = Vec::new();
    for _ in 0..hints {
        let Some((no, line)) = data.next() else {
            let last = lex::last_line(text);
            let end = text.lines().nth(last.saturating_sub(1)).map_or(0, |l| l.trim_end().chars().count());
            return Err(InputError::at(
                file,
                last,
                end + 1,
                format!("{} hint lines (the file ends)", hint_lines.len()),
                format!("{hints} hint lines `row col piece rotation`"),
            ));
        };
        hint_lines.push((no, line, ints(file, no, line, 4, "a hint `row col piece rotation`")?));
    }
    let mut b = PuzzleBuilder::new(file);
    b.frame(Some("0"), 0).last_line(lex::last_line(text));
    for (no, line) in data {
        piece_line(&mut b, file, no, line)?;
    }
    infer_framed_size(&mut b)?;
    for (no, line, h) in hint_lines {
        let col = |k: usize| lex::word_col(line, k);
        // Heule's encoder shows piece edge (side - rot) on each side: rot counts clockwise turns.
        let rot_cw = lex::rotation(file, no, col(3), h[3], 0)?;
        b.clue(
            Clue {
                row: one_based(file, no, col(0), h[0], "row")?,
                col: one_based(file, no, col(1), h[1], "column")?,
                piece: one_based(file, no, col(2), h[2], "piece")?,
                rotation: (4 - rot_cw) % 4,
            },
            no,
        );
    }
    b.build()
}

/// Pieces only, north east south west, 0 = frame; the size follows from the frame pieces.
pub fn read_pieces(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut b = PuzzleBuilder::new(file);
    b.frame(Some("0"), 0).last_line(lex::last_line(text));
    for (no, line) in lines(text).filter(|(_, l)| !l.trim().is_empty()) {
        piece_line(&mut b, file, no, line)?;
    }
    infer_framed_size(&mut b)?;
    b.build()
}

/// Finds rows <= cols from the number of pieces with one frame edge (border) and the total, as
/// Heule's encoder does: border pieces = 2 (rows + cols) - 8.
fn infer_framed_size(b: &mut PuzzleBuilder) -> Result<(), InputError> {
    let n = b.piece_count();
    let borders = b.pieces().iter().filter(|(_, e)| e.iter().filter(|l| *l == "0").count() == 1).count();
    let corners = b.pieces().iter().filter(|(_, e)| e.iter().filter(|l| *l == "0").count() == 2).count();
    let found = (1..=n).find(|&rows| {
        let cols = n / rows;
        rows <= cols && rows * cols == n && rows >= 2 && 2 * (rows + cols) - 8 == borders
    });
    match found {
        Some(rows) => {
            b.size(rows, n / rows, 0);
            Ok(())
        }
        None => Err(InputError::whole(
            b.file(),
            format!("{n} pieces with {corners} corner and {borders} border pieces (frame label 0), which fill no rectangular board"),
            "a framed board: 4 corner pieces and 2 (rows + cols) - 8 border pieces for rows x cols pieces",
        )),
    }
}

/// Four squares pieces: edges counterclockwise from the right (east, north, west, south).
pub fn read_foursquares(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut b = PuzzleBuilder::new(file);
    b.rule(MatchRule::Equal, 0).last_line(lex::last_line(text));
    for (no, line) in lines(text).filter(|(_, l)| !l.trim().is_empty()) {
        let v = ints(file, no, line, 4, "a piece's labels counterclockwise from the right: east north west south")?;
        b.piece([v[1], v[0], v[3], v[2]].map(|x| x.to_string()), no);
    }
    let n = b.piece_count();
    let side = (1..=n).find(|s| s * s >= n).unwrap_or(0);
    if side * side != n || n == 0 {
        return Err(InputError::whole(
            file,
            format!("{n} pieces"),
            "a square number of pieces (4 for the 2 x 2 four squares board, 9 for 3 x 3, ...)",
        ));
    }
    b.size(side, side, 0);
    b.build()
}
