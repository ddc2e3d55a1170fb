//! One step of an explanation drawn on the puzzle's printed picture (`wgrnd explain --svg-steps`,
//! docs/explain.md): the board with only the facts known after the step (a cell not yet known
//! shows a grey `?`, a closed minesweeper cell stays closed), then an overlay: a blue frame on
//! each clue of the step's set (a cell, or a line's clue in the margin), a green dashed frame on
//! each earlier fact it uses, a red frame on the new fact's cell (thinner on the cells of the
//! facts that follow from it), and the step in words under the grid. Edge-matching boards get
//! the same frames on their squares ([`board_step_svg`]).

use std::collections::BTreeSet;

use crate::edge::model::{Placement, Puzzle};

use crate::models::printed::{Board, Cell, Glyph, Layout, Picture};
use crate::svg::Doc;

/// Where a mark goes on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A cell (0-based row and column).
    Cell(usize, usize),
    /// A row's clue in the margin: left of the row when the board prints clues there, else right.
    Row(usize),
    /// A column's clue in the margin: above the column when the board prints clues there, else
    /// below.
    Col(usize),
}

/// What to mark on a step's picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepMarks {
    /// The cells not yet known (0-based), drawn without the solution's glyph.
    pub unknown: BTreeSet<(usize, usize)>,
    /// The clues of the step's set.
    pub clues: Vec<Spot>,
    /// The earlier facts of the step's set.
    pub facts: Vec<Spot>,
    /// The new fact's cell.
    pub new: Vec<Spot>,
    /// The cells of the facts that follow from the new fact with the constraints alone.
    pub also: Vec<Spot>,
    /// Lines under the picture.
    pub caption: Vec<String>,
}

impl StepMarks {
    /// The legend under the picture, when something is framed (a backbone's picture frames
    /// nothing and has none).
    fn legend(&self) -> Option<&'static str> {
        let framed = !(self.clues.is_empty() && self.facts.is_empty() && self.new.is_empty() && self.also.is_empty());
        framed.then_some(LEGEND)
    }
}

/// The colour of a clue's frame.
pub const CLUE: &str = "#0067a5";
/// The colour of an earlier fact's frame.
pub const FACT: &str = "#008856";
/// The colour of the new fact's frame.
pub const NEW: &str = "#be0032";
/// What the colours mean, the last line under every step picture that frames something.
pub const LEGEND: &str = "blue: the clues used, green (dashed): earlier facts used, red: the new fact";

/// What a cell not yet known shows: its clue parts (a minesweeper number, a flag, a corner clue,
/// a lamp's light at the start), nothing of the solution; and whether a grey `?` goes on it.
fn unknown_cell(cell: &Cell) -> (Cell, bool) {
    if cell.given {
        return (cell.clone(), false);
    }
    let glyph = match &cell.glyph {
        Glyph::Open(_) | Glyph::Flag => return (cell.clone(), false),
        Glyph::Closed | Glyph::Mine => Glyph::Closed,
        Glyph::Lamp { on, .. } => Glyph::Lamp { on: *on, pressed: false },
        Glyph::Value { corner, .. } => {
            return (Cell { glyph: Glyph::Value { value: "?".into(), corner: corner.clone() }, given: false }, false)
        }
        _ => Glyph::Blank,
    };
    (Cell { glyph, given: false }, true)
}

/// A known cell: a minesweeper cell known to be safe is drawn open (a closed cell is one not yet
/// known).
fn known_cell(cell: &Cell) -> Cell {
    match cell.glyph {
        Glyph::Closed if !cell.given => Cell { glyph: Glyph::Blank, given: false },
        _ => cell.clone(),
    }
}

/// The rectangle of a spot on `b`'s picture laid out as `l`: a cell, or a line's clue margin
/// (`None`: the board prints no clue for that line).
fn spot_rect(b: &Board, l: &Layout, spot: Spot) -> Option<(f64, f64, f64, f64)> {
    let s = l.size;
    let (rows, cols) = (b.rows(), b.cols());
    match spot {
        Spot::Cell(r, c) => (r < rows && c < cols).then(|| l.cell_rect(r, c)),
        Spot::Row(r) if r < rows && !b.left.is_empty() => {
            let (_, y, _, _) = l.cell_rect(r, 0);
            Some((2.0, y, l.x0 - 2.0, s))
        }
        Spot::Row(r) if r < rows && !b.right.is_empty() => {
            let (x, y, _, _) = l.cell_rect(r, cols);
            Some((x, y, s * 1.2, s))
        }
        Spot::Col(c) if c < cols && !b.top.is_empty() => {
            let (x, _, _, _) = l.cell_rect(0, c);
            Some((x, 2.0, s, l.y0 - 2.0))
        }
        Spot::Col(c) if c < cols && !b.bottom.is_empty() => {
            let (x, y, _, _) = l.cell_rect(rows, c);
            Some((x, y, s, s * 1.2))
        }
        _ => None,
    }
}

/// A frame `inset` inside a rectangle.
fn frame(doc: &mut Doc, (x, y, w, h): (f64, f64, f64, f64), inset: f64, colour: &str, width: f64) {
    doc.rect((x + inset, y + inset), ((w - 2.0 * inset).max(1.0), (h - 2.0 * inset).max(1.0)), "none", colour, width);
}

/// The frames of a step: clues, earlier facts (dashed: drawn as a thinner double frame), the
/// new fact and what follows from it, each by `rect_of`.
fn frames(doc: &mut Doc, m: &StepMarks, size: f64, rect_of: &dyn Fn(Spot) -> Option<(f64, f64, f64, f64)>) {
    let w = (size * 0.1).max(2.0);
    for &s in &m.clues {
        if let Some(r) = rect_of(s) {
            frame(doc, r, w / 2.0, CLUE, w);
        }
    }
    for &s in &m.facts {
        if let Some(r) = rect_of(s) {
            frame(doc, r, w / 2.0, FACT, w * 0.6);
            frame(doc, r, w * 1.6, FACT, w * 0.6);
        }
    }
    for &s in &m.also {
        if let Some(r) = rect_of(s) {
            frame(doc, r, w * 0.4, NEW, w * 0.5);
        }
    }
    for &s in &m.new {
        if let Some(r) = rect_of(s) {
            frame(doc, r, w * 0.6, NEW, w * 1.2);
        }
    }
}

/// A step on a printed board: `b` is the picture of the whole solution; the cells of
/// `m.unknown` lose what the solution puts there, and the marks go on top.
pub fn printed_step_svg(b: &Board, m: &StepMarks) -> String {
    let mut step = b.clone();
    let mut queried = Vec::new();
    for (r, row) in step.cells.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if m.unknown.contains(&(r, c)) {
                let (u, q) = unknown_cell(cell);
                *cell = u;
                if q {
                    queried.push((r, c));
                }
            } else {
                *cell = known_cell(cell);
            }
        }
    }
    step.notes.extend(m.caption.iter().cloned());
    step.notes.extend(m.legend().map(String::from));
    let l = Layout::of(&step);
    let mut doc = Doc::default();
    for &(r, c) in &queried {
        let (x, y, w, h) = l.cell_rect(r, c);
        doc.text_centred(x + w / 2.0, y + h / 2.0, l.size * 0.45, "#9b9b9b", "?");
    }
    frames(&mut doc, m, l.size, &|s| spot_rect(&step, &l, s));
    overlay(&crate::models::printed::svg(&Picture::Board(step)), doc)
}

/// A step on an edge-matching board: the pieces known so far in place (`known`), the rest of
/// the squares empty; marks on squares ([`Spot::Cell`]) only. The caption goes under the board.
pub fn board_step_svg(p: &Puzzle, known: &[Placement], m: &StepMarks) -> String {
    let picture = crate::edge::render::board_svg(p, known);
    let g = crate::edge::render::board::geometry(p);
    let mut doc = Doc::default();
    frames(&mut doc, m, g.square, &|s| match s {
        Spot::Cell(r, c) if r < p.rows && c < p.cols => Some(g.square_rect(r, c)),
        _ => None,
    });
    let (width, height) = size_of(&picture);
    let mut y = height;
    let lines: Vec<&str> = m.caption.iter().map(String::as_str).chain(m.legend()).collect();
    for line in &lines {
        y += 18.0;
        doc.text_left(16.0, y, 12.0, "#000000", line);
    }
    let wide = lines.iter().map(|l| l.chars().count() as f64 * 12.0 * 0.602 + 32.0).fold(width, f64::max);
    let resized = picture.replacen(
        &format!(
            r#"width="{w}" height="{h}" viewBox="0 0 {w} {h}""#,
            w = crate::svg::num(width),
            h = crate::svg::num(height)
        ),
        &format!(
            r#"width="{w}" height="{h}" viewBox="0 0 {w} {h}""#,
            w = crate::svg::num(wide),
            h = crate::svg::num(y + 12.0)
        ),
        1,
    );
    overlay(&resized, doc)
}

/// The width and height an SVG document of [`Doc::finish`] declares.
fn size_of(svg: &str) -> (f64, f64) {
    let attr = |name: &str| -> f64 {
        svg.split_once(&format!(r#" {name}=""#))
            .and_then(|(_, rest)| rest.split_once('"'))
            .and_then(|(v, _)| v.parse().ok())
            .unwrap_or(0.0)
    };
    (attr("width"), attr("height"))
}

/// `svg` with the elements of `doc` drawn last (on top), before the closing tag.
fn overlay(svg: &str, doc: Doc) -> String {
    let body = doc.into_body();
    match svg.rfind("</svg>") {
        Some(i) => format!("{}{body}{}", &svg[..i], &svg[i..]),
        None => format!("{svg}{body}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(glyph: Glyph) -> Cell {
        Cell { glyph, given: false }
    }

    #[test]
    fn unknown_cells_lose_the_solution_and_marks_go_on_top() {
        let b = Board {
            cells: vec![vec![cell(Glyph::Black), cell(Glyph::Blank)], vec![cell(Glyph::Black), cell(Glyph::Black)]],
            left: vec![vec!["1".into()], vec!["2".into()]],
            top: vec![vec!["2".into()], vec!["1".into()]],
            ..Board::default()
        };
        let m = StepMarks {
            unknown: [(1, 1)].into_iter().collect(),
            clues: vec![Spot::Row(1), Spot::Col(0)],
            facts: vec![Spot::Cell(0, 0)],
            new: vec![Spot::Cell(1, 0)],
            caption: vec!["step 1".into()],
            ..StepMarks::default()
        };
        let s = printed_step_svg(&b, &m);
        // Two black cells known of three; one `?`.
        assert_eq!(s.matches(r##"fill="#000000" stroke="none""##).count(), 2, "{s}");
        assert_eq!(s.matches(">?</text>").count(), 1);
        assert_eq!(s.matches(&format!(r#"stroke="{CLUE}""#)).count(), 2);
        assert_eq!(s.matches(&format!(r#"stroke="{FACT}""#)).count(), 2);
        assert_eq!(s.matches(&format!(r#"stroke="{NEW}""#)).count(), 1);
        assert!(s.contains(">step 1</text>") && s.trim_end().ends_with("</svg>"));
        // The row's clue frame lies in the left margin, left of the grid.
        let l = Layout::of(&Board { notes: vec!["step 1".into(), LEGEND.into()], ..b.clone() });
        let r = spot_rect(&b, &l, Spot::Row(1)).unwrap();
        assert!(r.0 + r.2 <= l.x0 && r.1 == l.cell_rect(1, 0).1);
        assert_eq!(spot_rect(&b, &l, Spot::Cell(2, 0)), None);
    }

    #[test]
    fn a_closed_cell_is_unknown_and_a_known_safe_one_is_open() {
        let (u, q) = unknown_cell(&cell(Glyph::Mine));
        assert_eq!((u.glyph, q), (Glyph::Closed, true));
        assert_eq!(unknown_cell(&cell(Glyph::Open(2))).0.glyph, Glyph::Open(2));
        assert_eq!(known_cell(&cell(Glyph::Closed)).glyph, Glyph::Blank);
        let v = cell(Glyph::Value { value: "3".into(), corner: Some("7".into()) });
        assert_eq!(unknown_cell(&v).0.glyph, Glyph::Value { value: "?".into(), corner: Some("7".into()) });
    }
}
