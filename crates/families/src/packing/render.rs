//! How packings are shown: the region drawn layer by layer (z = 1 first), one character per
//! placed piece (its name when every piece is one of a kind with a one-letter name, as in the
//! Soma cube; else `A`..`Z`, `a`..`z`, `0`..`9` in the order of their first cell; `.` for an
//! empty cell of the region, blank outside it), the layers side by side while they fit in 100
//! columns; the solution's text lines; JSON; and the layers as a picture ([`layers_svg`]).

use std::fmt::Write as _;

use crate::edge::formats::write_packing_solution;
use crate::packing::model::{Packing, PiecePlacement};
use serde::Serialize;

use crate::edge::render::{Status, View, ViewError};
use crate::svg::{draw_cells, Doc, BLANK};

const MARKS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The mark of each placed piece: its kind's name when all kinds are single one-letter pieces,
/// else a letter by order, or numbers (of equal width) beyond 62 pieces.
fn marks(p: &Packing, placed: &[PiecePlacement]) -> Vec<String> {
    if p.kinds.iter().all(|k| k.count == 1 && k.name.chars().count() == 1) {
        return placed.iter().map(|pl| p.kinds[pl.kind].name.clone()).collect();
    }
    if placed.len() <= MARKS.len() {
        return (0..placed.len()).map(|i| (MARKS[i] as char).to_string()).collect();
    }
    let width = placed.len().to_string().len();
    (0..placed.len()).map(|i| format!("{:>width$}", i + 1)).collect()
}

/// The layers of a packed region.
pub fn layers(p: &Packing, placed: &[PiecePlacement]) -> String {
    let [sx, sy, sz] = p.size;
    let marks = marks(p, placed);
    let width = marks.first().map(|m| m.chars().count()).unwrap_or(1);
    let mut grid = vec![vec![" ".repeat(width); sx * sy]; sz];
    for c in &p.cells {
        grid[c[2] as usize][c[1] as usize * sx + c[0] as usize] = format!("{:>width$}", ".");
    }
    for (pl, mark) in placed.iter().zip(&marks) {
        for c in &pl.cells {
            if let Some(layer) = grid.get_mut(c[2] as usize) {
                if let Some(cell) = layer.get_mut(c[1] as usize * sx + c[0] as usize) {
                    *cell = mark.clone();
                }
            }
        }
    }
    let sep = if width == 1 { "" } else { " " };
    let row =
        |z: usize, y: usize| -> String { (0..sx).map(|x| grid[z][y * sx + x].as_str()).collect::<Vec<_>>().join(sep) };
    let layer_width = sx * width + (sx - 1) * sep.len();
    let title_width = layer_width.max(format!("z={sz}").len());
    let gap = "   ";
    let per_line = ((100 + gap.len()) / (title_width + gap.len())).max(1);
    let mut s = String::new();
    let _ = writeln!(s, "x to the right, y downwards, one block per layer z; one mark per piece");
    let zs: Vec<usize> = (0..sz).collect();
    for chunk in zs.chunks(per_line) {
        let titles: Vec<String> = chunk.iter().map(|z| format!("{:<title_width$}", format!("z={}", z + 1))).collect();
        let _ = writeln!(s, "{}", titles.join(gap).trim_end());
        for y in 0..sy {
            let rows: Vec<String> = chunk.iter().map(|&z| format!("{:<title_width$}", row(z, y))).collect();
            let _ = writeln!(s, "{}", rows.join(gap).trim_end());
        }
        s.push('\n');
    }
    s
}

/// A placed piece as the JSON document and the Python package give it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackedPiece<'a> {
    /// Its mark in the layer drawing.
    pub mark: String,
    /// Its kind's name.
    pub piece: &'a str,
    /// The cells it fills, `[x, y, z]` counted from 1.
    pub cells: Vec<[i32; 3]>,
}

/// The placed pieces, in the order of `placed`, with their marks and cells counted from 1.
pub fn packed_pieces<'a>(p: &'a Packing, placed: &[PiecePlacement]) -> Vec<PackedPiece<'a>> {
    let marks = marks(p, placed);
    placed
        .iter()
        .zip(marks)
        .map(|(pl, mark)| PackedPiece {
            mark: mark.trim().to_string(),
            piece: &p.kinds[pl.kind].name,
            cells: pl.cells.iter().map(|c| [c[0] + 1, c[1] + 1, c[2] + 1]).collect(),
        })
        .collect()
}

#[derive(Serialize)]
struct JsonPacking<'a> {
    version: u32,
    kind: &'static str,
    status: &'static str,
    puzzle: &'a str,
    size: [usize; 3],
    checked: bool,
    conventions: &'static str,
    placements: Vec<PackedPiece<'a>>,
}

/// The JSON document for a verdict on a packing (placements empty unless solved).
pub fn packing_json(p: &Packing, status: Status, placed: &[PiecePlacement]) -> String {
    let report = JsonPacking {
        version: crate::edge::render::JSON_VERSION,
        kind: "packing",
        status: status.word(),
        puzzle: &p.name,
        size: p.size,
        checked: status == Status::Solved,
        conventions: "cells [x, y, z] counted from 1; mark = the piece's letter in the layer drawing",
        placements: packed_pieces(p, placed),
    };
    let mut s = serde_json::to_string_pretty(&report).expect("plain data serialises");
    s.push('\n');
    s
}

/// The layers as a picture: one grid per layer `z` (x to the right, y downwards), side by side,
/// each piece one colour with its mark, empty region cells light grey, cells outside the region
/// blank.
pub fn layers_svg(p: &Packing, placed: &[PiecePlacement]) -> String {
    let [sx, sy, sz] = p.size;
    let marks = marks(p, placed);
    // (mark, colour index) per cell of each layer; BLANK for an empty cell of the region.
    let mut grid: Vec<Vec<Option<(String, usize)>>> = vec![vec![None; sx * sy]; sz];
    for c in &p.cells {
        grid[c[2] as usize][c[1] as usize * sx + c[0] as usize] = Some((String::new(), BLANK));
    }
    for (i, (pl, mark)) in placed.iter().zip(&marks).enumerate() {
        for c in &pl.cells {
            if let Some(cell) = grid.get_mut(c[2] as usize).and_then(|l| l.get_mut(c[1] as usize * sx + c[0] as usize))
            {
                *cell = Some((mark.trim().to_string(), i));
            }
        }
    }
    let size = if sx.max(sy) <= 12 { 28.0 } else { 14.0 };
    let (gap, title_h, margin) = (18.0, 22.0, 16.0);
    let (layer_w, layer_h) = (sx as f64 * size, sy as f64 * size);
    // As many layers per row as fit in about 900 pixels.
    let per_row = (((900.0 + gap) / (layer_w + gap)) as usize).clamp(1, sz.max(1));
    let rows = sz.div_ceil(per_row);
    let mut doc = Doc::default();
    let title = format!("{}: {} pieces, layers z = 1..{sz}", p.name, placed.len());
    doc.text_left(margin, 20.0, 14.0, "#000000", &title);
    for (z, layer) in grid.iter().enumerate() {
        let x0 = margin + (z % per_row) as f64 * (layer_w + gap);
        let y0 = 30.0 + (z / per_row) as f64 * (layer_h + title_h + gap) + title_h;
        doc.text_left(x0, y0 - 6.0, 11.0, "#555555", &format!("z={}", z + 1));
        draw_cells(&mut doc, (x0, y0), sy, sx, size, &|r, c| layer[r * sx + c].clone());
    }
    let width = (2.0 * margin + per_row as f64 * (layer_w + gap) - gap).max(2.0 * margin + title.len() as f64 * 8.5);
    let height = 30.0 + rows as f64 * (layer_h + title_h + gap) - gap + margin;
    doc.finish(width, height, &title)
}

/// Shows a packing: layers (`Auto`, `Art`, `Grid`), the solution's lines (`Sol`), JSON, or the
/// The views a packing is drawn in (`art` and `grid` are its layers, as `auto`).
pub const VIEWS: &[View] = &[View::Auto, View::Art, View::Grid, View::Sol, View::Json, View::Svg];

/// layers as a picture (`Svg`). The witch words and the board link are edge-matching views.
pub fn render_packing(p: &Packing, placed: &[PiecePlacement], view: View) -> Result<String, ViewError> {
    Ok(match view {
        View::Json => packing_json(p, Status::Solved, placed),
        View::Sol => write_packing_solution(p, placed),
        View::Auto | View::Art | View::Grid => layers(p, placed),
        View::Svg => layers_svg(p, placed),
        View::Witch | View::Bucas => return Err(ViewError(view.undrawn(&format!("`{}` (a packing)", p.name), VIEWS))),
    })
}
