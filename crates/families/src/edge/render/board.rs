//! Edge-matching boards as pictures: every square as four triangles, one per side, coloured by the
//! label it shows (frame grey), the piece number in the middle; on small boards the labels too.
//! Under a sum or pairs rule (the witch puzzle) the two halves of a picture share a colour: the
//! first half solid, its partner light, with a legend. A partial or wrong board is drawn as it is:
//! empty squares light grey with `?`, mismatched inner edges as thick red lines, and the title
//! says how many inner edges match (the Eternity II community's score).

use crate::edge::check::edge_score;
use crate::edge::model::{turned, Label, MatchRule, Placement, Puzzle};

use crate::edge::render::ART_MAX_COLS;
use crate::svg::{colour, ink_on, tint, Doc, FRAME_GREY};

/// The red of a mismatched edge.
const MISMATCH: &str = "#e8000b";

/// How each label is painted: its fill, and for sum and pairs rules the legend's pairs.
struct Paint {
    fill: Vec<String>,
    pairs: Vec<(Label, Option<Label>)>,
}

/// One colour per label, or under a sum or pairs rule one per matching pair (the smaller label
/// solid, its partner tinted), so that the halves of one picture read as one colour.
fn paint(p: &Puzzle) -> Paint {
    let n = p.labels.len();
    let mut key = vec![usize::MAX; n];
    let mut keys = Vec::new();
    for (i, key) in key.iter_mut().enumerate() {
        let l = Label(i as u32);
        if Some(l) == p.frame {
            continue;
        }
        let k = p.matching_labels(l).into_iter().map(|m| m.index()).chain([i]).min().unwrap_or(i);
        *key = k;
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let paired = p.rule != MatchRule::Equal;
    let mut pairs = Vec::new();
    let fill = (0..n)
        .map(|i| {
            if key[i] == usize::MAX {
                return FRAME_GREY.to_string();
            }
            let base = colour(keys.iter().position(|&k| k == key[i]).unwrap_or(0));
            if key[i] == i {
                if paired {
                    let partner = p.matching_labels(Label(i as u32)).into_iter().find(|m| m.index() != i);
                    pairs.push((Label(i as u32), partner));
                }
                base
            } else {
                tint(&base)
            }
        })
        .collect();
    Paint { fill, pairs }
}

/// The width in pixels of monospaced text (DejaVu Sans Mono: 0.602 em per character).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.602
}

/// Where the squares of a board's picture lie.
pub(crate) struct Geometry {
    /// A square's side.
    pub(crate) square: f64,
    /// The left edge of the board.
    pub(crate) left: f64,
    /// The top edge of the board.
    pub(crate) top: f64,
}

impl Geometry {
    /// The rectangle of square (`r`, `c`) (0-based): its top-left corner, width and height.
    pub(crate) fn square_rect(&self, r: usize, c: usize) -> (f64, f64, f64, f64) {
        (self.left + c as f64 * self.square, self.top + r as f64 * self.square, self.square, self.square)
    }
}

/// The geometry of `p`'s picture ([`board_svg`]).
pub(crate) fn geometry(p: &Puzzle) -> Geometry {
    let small = p.cols <= ART_MAX_COLS && p.rows <= ART_MAX_COLS;
    Geometry { square: if small { 64.0 } else { 40.0 }, left: 24.0, top: 58.0 }
}

/// A board (full, partial or wrong) as an SVG document.
pub fn board_svg(p: &Puzzle, placements: &[Placement]) -> String {
    let small = p.cols <= ART_MAX_COLS && p.rows <= ART_MAX_COLS;
    let Geometry { square: t, left, top } = geometry(p);
    let paint = paint(p);
    let score = edge_score(p, placements);
    let title = format!("{} ({} x {}, match {})", p.name, p.rows, p.cols, p.rule);
    let verdict = format!("{}/{} inner edges match", score.matched, score.total);
    let legend_h = if paint.pairs.is_empty() { 0.0 } else { 34.0 };
    let board_w = p.cols as f64 * t;
    let texts = text_width(&title, 14.0).max(text_width(&verdict, 12.0)).max(legend_width(p, &paint));
    let width = (left + board_w + 16.0).max(32.0 + texts);
    let height = top + p.rows as f64 * t + 16.0 + legend_h;
    let mut doc = Doc::default();
    doc.text_left(16.0, 22.0, 14.0, "#000000", &title);
    let verdict_ink = if score.matched == score.total { "#006b2e" } else { MISMATCH };
    doc.text_left(16.0, 40.0, 12.0, verdict_ink, &verdict);
    for c in 0..p.cols {
        doc.text_centred(left + (c as f64 + 0.5) * t, top - 8.0, 10.0, "#666666", &(c + 1).to_string());
    }
    for r in 0..p.rows {
        doc.text_centred(left / 2.0, top + (r as f64 + 0.5) * t, 10.0, "#666666", &(r + 1).to_string());
    }
    let mut on: Vec<Vec<&Placement>> = vec![Vec::new(); p.squares()];
    for pl in placements {
        if pl.row < p.rows && pl.col < p.cols && pl.piece < p.pieces.len() {
            on[pl.row * p.cols + pl.col].push(pl);
        }
    }
    for r in 0..p.rows {
        for c in 0..p.cols {
            let (x, y) = (left + c as f64 * t, top + r as f64 * t);
            match on[r * p.cols + c].as_slice() {
                [] => {
                    doc.rect((x, y), (t, t), "#f2f2f2", "#bbbbbb", 1.0);
                    doc.text_centred(x + t / 2.0, y + t / 2.0, t * 0.3, "#aaaaaa", "?");
                }
                [pl, rest @ ..] => {
                    tile(&mut doc, p, &paint, pl, (x, y), t, small);
                    if !rest.is_empty() {
                        doc.rect((x + 2.0, y + 2.0), (t - 4.0, t - 4.0), "none", MISMATCH, 3.0);
                    }
                }
            }
        }
    }
    for e in &score.mismatched {
        let (x, y) = (left + e.col as f64 * t, top + e.row as f64 * t);
        let (a, b) = if e.side == 1 {
            ((x + t, y + 4.0), (x + t, y + t - 4.0))
        } else {
            ((x + 4.0, y + t), (x + t - 4.0, y + t))
        };
        // A white rim keeps the red line visible on red and orange triangles.
        doc.line(a, b, "#ffffff", (t * 0.14).max(6.0));
        doc.line(a, b, MISMATCH, (t * 0.09).max(4.0));
    }
    if !paint.pairs.is_empty() {
        legend(&mut doc, p, &paint, 16.0, top + p.rows as f64 * t + 16.0);
    }
    doc.finish(width, height, &format!("{title}: {verdict}"))
}

/// One placed piece: four triangles, the labels on small boards, the piece number.
fn tile(doc: &mut Doc, p: &Puzzle, paint: &Paint, pl: &Placement, (x, y): (f64, f64), t: f64, small: bool) {
    let shows = turned(p.pieces[pl.piece], pl.rotation % 4);
    let centre = (x + t / 2.0, y + t / 2.0);
    let corners = [(x, y), (x + t, y), (x + t, y + t), (x, y + t)];
    // Where a side's label is written: a fifth of the way in from the middle of that side.
    let spots = [
        (x + t / 2.0, y + t * 0.2),
        (x + t * 0.8, y + t / 2.0),
        (x + t / 2.0, y + t * 0.8),
        (x + t * 0.2, y + t / 2.0),
    ];
    for side in 0..4 {
        let fill = &paint.fill[shows[side].index()];
        doc.polygon(&[corners[side], corners[(side + 1) % 4], centre], fill, "#333333", 0.6);
    }
    if small {
        for side in 0..4 {
            let l = shows[side];
            if Some(l) != p.frame {
                let name = p.label_name(l);
                let size = (t * 0.2).min(t * 0.4 / name.chars().count().max(1) as f64);
                doc.text_centred(spots[side].0, spots[side].1, size, ink_on(&paint.fill[l.index()]), name);
            }
        }
    }
    doc.rect((x, y), (t, t), "none", "#222222", 1.5);
    let number = (pl.piece + 1).to_string();
    doc.circle(centre, t * 0.17, "#ffffff", "#333333", 0.8);
    let size = (t * 0.2).min(t * 0.3 / number.len().max(2) as f64 * 2.0 / 1.2);
    doc.text_centred(centre.0, centre.1, size, "#000000", &number);
}

/// A legend entry's text: `1+8`, or a label without a partner alone.
fn pair_text(p: &Puzzle, (a, b): (Label, Option<Label>)) -> String {
    match b {
        Some(b) => format!("{}+{}", p.label_name(a), p.label_name(b)),
        None => p.label_name(a).to_string(),
    }
}

fn legend_width(p: &Puzzle, paint: &Paint) -> f64 {
    if paint.pairs.is_empty() {
        return 0.0;
    }
    let entries: f64 = paint.pairs.iter().map(|&pair| 36.0 + text_width(&pair_text(p, pair), 11.0)).sum();
    text_width("halves: ", 11.0) + entries
}

/// The pairs of a sum or pairs rule: `1+8` after a solid and a light swatch.
fn legend(doc: &mut Doc, p: &Puzzle, paint: &Paint, x0: f64, y0: f64) {
    doc.text_left(x0, y0 + 12.0, 11.0, "#333333", "halves:");
    let mut x = x0 + text_width("halves: ", 11.0);
    for &(a, b) in &paint.pairs {
        let text = pair_text(p, (a, b));
        doc.rect((x, y0 + 2.0), (12.0, 12.0), &paint.fill[a.index()], "#333333", 0.6);
        if let Some(b) = b {
            doc.rect((x + 12.0, y0 + 2.0), (12.0, 12.0), &paint.fill[b.index()], "#333333", 0.6);
        }
        doc.text_left(x + 28.0, y0 + 12.0, 11.0, "#333333", &text);
        x += 36.0 + text_width(&text, 11.0);
    }
}
