//! # wgrnd-render
//!
//! Owns how solutions are shown, the way people draw these puzzles: the box art of seed 004 for
//! boards up to [`ART_MAX_COLS`] columns, the witch words of seed 000 (`Place the block 9 at (1,1)
//! with rotation 2`), a compact grid of `piece/rotation` for big boards, board-suite `.sol`, and
//! JSON for scripts; packings layer by layer (see [`packing`]); pictures as SVG for every family
//! ([`board_svg`], [`crate::packing::render::layers_svg`], and [`crate::svg::grid`] for any cell-shaped solution); models
//! of the modelling language as facts, grids, SVG and JSON (see [`model`]); and
//! the Eternity II community's e2.bucas.name board link ([`bucas()`]). Solutions that passed the
//! checker are drawn, and so are partial or wrong boards (`check`'s input): empty squares stay
//! empty and the pictures mark mismatched edges.

#![warn(missing_docs)]

pub(crate) mod board;
mod bucas;

pub use crate::packing::render::{packing_json, render_packing};
pub use board::board_svg;
pub use bucas::bucas;
pub use wgrnd_seam::{Status, View};

use std::fmt::Write as _;

use crate::edge::formats::{write_sol, PlacementRecord};
use crate::edge::model::{turned, Placement, Puzzle, Style};
use serde::Serialize;

/// Boards with at most this many columns are drawn as box art by default.
pub const ART_MAX_COLS: usize = 10;

/// A view that does not exist for this puzzle, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ViewError(pub String);

#[derive(Serialize)]
struct Conventions {
    row: &'static str,
    col: &'static str,
    piece: &'static str,
    rotation: &'static str,
}

/// The version of every JSON document wgrnd writes (docs/json.md): raised when a field changes
/// meaning or goes away, not when one is added.
pub const JSON_VERSION: u32 = 1;

#[derive(Serialize)]
struct JsonReport<'a> {
    version: u32,
    kind: &'static str,
    status: &'static str,
    puzzle: &'a str,
    rows: usize,
    cols: usize,
    checked: bool,
    conventions: Conventions,
    placements: Vec<PlacementRecord>,
}

/// The JSON document for a verdict (placements empty unless solved).
pub fn json(p: &Puzzle, status: Status, placements: &[Placement]) -> String {
    let mut sorted = placements.to_vec();
    sorted.sort_by_key(|pl| (pl.row, pl.col));
    let report = JsonReport {
        version: JSON_VERSION,
        kind: "edge-matching puzzle",
        status: status.word(),
        puzzle: &p.name,
        rows: p.rows,
        cols: p.cols,
        checked: status == Status::Solved,
        conventions: Conventions {
            row: "from 1 at the top",
            col: "from 1 at the left",
            piece: "from 1 in the puzzle file's order",
            rotation: "quarter turns counterclockwise, 0..3",
        },
        placements: sorted.into_iter().map(PlacementRecord::from).collect(),
    };
    let mut s = serde_json::to_string_pretty(&report).expect("plain data serialises");
    s.push('\n');
    s
}

/// The views a board is drawn in: every view (`bucas` refuses boards whose labels do not match
/// by equality).
pub const VIEWS: &[View] = &View::ALL;

/// Draws a board (solved, or partial and wrong: empty squares stay empty) in the chosen view.
pub fn render(p: &Puzzle, placements: &[Placement], view: View) -> Result<String, ViewError> {
    Ok(match view {
        View::Auto => match p.style {
            Style::Witch => format!("{}\n{}", witch_words(placements), box_art(p, placements)),
            Style::Grid if p.cols <= ART_MAX_COLS => format!("{}\n{}", box_art(p, placements), grid(p, placements)),
            Style::Grid => grid(p, placements),
        },
        View::Art => format!("{}\n{}", box_art(p, placements), grid(p, placements)),
        View::Witch => witch_words(placements),
        View::Grid => grid(p, placements),
        View::Sol => write_sol(placements),
        View::Json => json(p, Status::Solved, placements),
        View::Svg => board_svg(p, placements),
        View::Bucas => bucas(p, placements)?,
    })
}

/// Seed 000's words, in board order: block, 1-based position, rotation d = 1..4 (d - 1
/// counterclockwise quarter turns).
pub fn witch_words(placements: &[Placement]) -> String {
    let mut sorted = placements.to_vec();
    sorted.sort_by_key(|pl| (pl.row, pl.col));
    let mut s = String::new();
    for pl in sorted {
        let _ = writeln!(
            s,
            "Place the block {} at ({},{}) with rotation {}",
            pl.piece + 1,
            pl.row + 1,
            pl.col + 1,
            pl.rotation + 1
        );
    }
    s
}

/// The labels a placed piece shows north, east, south, west.
fn shows(p: &Puzzle, pl: &Placement) -> [String; 4] {
    turned(p.pieces[pl.piece], pl.rotation).map(|l| p.label_name(l).to_string())
}

/// Seed 004's box art: every square with the labels it shows on its four sides.
pub fn box_art(p: &Puzzle, placements: &[Placement]) -> String {
    let mut at = vec![None; p.squares()];
    for pl in placements {
        at[pl.row * p.cols + pl.col] = Some(shows(p, pl));
    }
    let widest = p.labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let inner = (2 * widest + 3).max(5);
    let rule = format!("+{}", format!("{}+", "-".repeat(inner)).repeat(p.cols));
    let mut s = String::new();
    let _ = writeln!(s, "{rule}");
    for r in 0..p.rows {
        let mut lines = [String::from("|"), String::from("|"), String::from("|")];
        for c in 0..p.cols {
            let e = at[r * p.cols + c].clone().unwrap_or_else(|| ["?", "?", "?", "?"].map(String::from));
            let _ = write!(lines[0], "{:^inner$}|", e[0]);
            let gap = inner - e[3].chars().count() - e[1].chars().count();
            let _ = write!(lines[1], "{}{}{}|", e[3], " ".repeat(gap), e[1]);
            let _ = write!(lines[2], "{:^inner$}|", e[2]);
        }
        for l in lines {
            let _ = writeln!(s, "{l}");
        }
        let _ = writeln!(s, "{rule}");
    }
    s
}

/// A compact grid: `piece/rotation` on every square, rows and columns numbered from 1.
pub fn grid(p: &Puzzle, placements: &[Placement]) -> String {
    grid_with(p, placements, ".")
}

/// [`grid`] with `empty` on the squares no placement covers (`?`: a backbone's undecided squares).
pub fn grid_with(p: &Puzzle, placements: &[Placement], empty: &str) -> String {
    let mut cell = vec![String::from(empty); p.squares()];
    for pl in placements {
        cell[pl.row * p.cols + pl.col] = format!("{}/{}", pl.piece + 1, pl.rotation);
    }
    let w = cell.iter().map(|c| c.len()).max().unwrap_or(1).max(p.cols.to_string().len());
    let rw = p.rows.to_string().len();
    let mut s = String::new();
    let _ = writeln!(s, "piece/rotation (counterclockwise quarter turns) per square:");
    let _ = write!(s, "{:rw$} ", "");
    for c in 0..p.cols {
        let _ = write!(s, " {:>w$}", c + 1);
    }
    s.push('\n');
    for r in 0..p.rows {
        let _ = write!(s, "{:>rw$} ", r + 1);
        for c in 0..p.cols {
            let _ = write!(s, " {:>w$}", cell[r * p.cols + c]);
        }
        s.push('\n');
    }
    s
}
