//! Puzzles drawn as they are printed: a grid of cells with the puzzle's own glyphs (a nonogram's
//! black cells, minesweeper's numbers, flags and mines, battleships' ship ends and middles, lights
//! out's lamps and presses, ...) and its clues in the margins (run lengths left of the rows and
//! above the columns, counts right of the rows and below the columns), or a table (a zebra
//! puzzle's houses). The family says what to draw ([`Picture`]); this module draws it, as text
//! ([`text`]) and as SVG ([`svg`]). [`Layout::cell_rect`] gives any cell's rectangle in the SVG, so
//! that an overlay can mark cells on the same picture.

use std::fmt::Write as _;

use crate::svg::Doc;

/// A part of a ship in battleships, as the puzzle prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShipPart {
    /// A ship of length 1 (`o`).
    Single,
    /// The left end of a ship lying across (`<`).
    Left,
    /// The right end of a ship lying across (`>`).
    Right,
    /// The top end of a ship lying down (`^`).
    Top,
    /// The bottom end of a ship lying down (`v`).
    Bottom,
    /// A part that is not an end (`#`).
    Middle,
}

/// What one cell shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// Nothing: a white cell (`.`).
    Blank,
    /// A black cell of a nonogram (`#`).
    Black,
    /// A closed cell of minesweeper that holds no mine (`.`).
    Closed,
    /// An opened cell of minesweeper with this many neighbouring mines (the digit).
    Open(u8),
    /// A mine the solution places (`*`).
    Mine,
    /// A mine the puzzle gives (a flag, `F`).
    Flag,
    /// Water the puzzle reveals in battleships (`~`).
    Water,
    /// A ship part.
    Ship(ShipPart),
    /// A lamp of lights out: its state at the start (`O` on, `.` off, `?` not given) and whether
    /// the solution presses it (`[O]`).
    Lamp {
        /// Lit at the start (`None`: the puzzle does not say).
        on: Option<bool>,
        /// Pressed by the solution.
        pressed: bool,
    },
    /// A cell of submarines: `1` a submarine, `0` none.
    Sub(bool),
    /// A value (a digit of Laplace's ashes), with the clue printed in the cell's corner.
    Value {
        /// The value the solution gives.
        value: String,
        /// The clue printed with the cell, if any.
        corner: Option<String>,
    },
}

impl Glyph {
    /// The glyph in a text picture.
    fn text(&self) -> String {
        match self {
            Glyph::Blank | Glyph::Closed => ".".into(),
            Glyph::Black => "#".into(),
            Glyph::Open(n) => n.to_string(),
            Glyph::Mine => "*".into(),
            Glyph::Flag => "F".into(),
            Glyph::Water => "~".into(),
            Glyph::Ship(p) => match p {
                ShipPart::Single => "o",
                ShipPart::Left => "<",
                ShipPart::Right => ">",
                ShipPart::Top => "^",
                ShipPart::Bottom => "v",
                ShipPart::Middle => "#",
            }
            .into(),
            Glyph::Lamp { on, pressed } => {
                let lamp = match on {
                    Some(true) => 'O',
                    Some(false) => '.',
                    None => '?',
                };
                if *pressed {
                    format!("[{lamp}]")
                } else {
                    format!(" {lamp} ")
                }
            }
            Glyph::Sub(s) => u8::from(*s).to_string(),
            Glyph::Value { value, .. } => value.clone(),
        }
    }
}

/// One cell: its glyph, and whether the puzzle gives it (a revealed cell, drawn shaded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What it shows.
    pub glyph: Glyph,
    /// Given by the puzzle (not found by the solver).
    pub given: bool,
}

/// A grid puzzle as printed: cells, clues in the margins, lines of text under it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// The title (the SVG's `<title>`).
    pub title: String,
    /// The cells, row by row, all rows equally long.
    pub cells: Vec<Vec<Cell>>,
    /// Each row's clue left of it (a nonogram's run lengths), left to right; empty: none.
    pub left: Vec<Vec<String>>,
    /// Each column's clue above it, top to bottom; empty: none.
    pub top: Vec<Vec<String>>,
    /// Each row's count right of it (battleships, submarines); empty: none.
    pub right: Vec<String>,
    /// Each column's count below it; empty: none.
    pub bottom: Vec<String>,
    /// A heavier grid line every this many cells (a nonogram's fives); 0: none.
    pub major: usize,
    /// The corners' title and the values' title, when cells carry a corner clue (text pictures
    /// show the two grids side by side under these titles).
    pub corner_titles: Option<(String, String)>,
    /// Lines printed under the grid (the number of mines, the fleet, a legend).
    pub notes: Vec<String>,
}

impl Board {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.cells.len()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cells.first().map_or(0, Vec::len)
    }
}

/// A table as printed (a zebra puzzle's solution: one row per attribute, one column per house).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The title (the SVG's `<title>`).
    pub title: String,
    /// The corner above the row names, then the column headings.
    pub header: Vec<String>,
    /// Each row: its name, then its cells.
    pub rows: Vec<Vec<String>>,
}

/// A puzzle as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// A grid of cells with clues around it.
    Board(Board),
    /// A table.
    Table(Table),
}

/// The picture as text.
pub fn text(p: &Picture) -> String {
    match p {
        Picture::Board(b) => board_text(b),
        Picture::Table(t) => table_text(t),
    }
}

/// The picture as an SVG document.
pub fn svg(p: &Picture) -> String {
    match p {
        Picture::Board(b) => board_svg(b),
        Picture::Table(t) => table_svg(t),
    }
}

fn board_text(b: &Board) -> String {
    if let Some((corners, values)) = &b.corner_titles {
        return side_by_side(b, corners, values);
    }
    let glyphs: Vec<Vec<String>> = b.cells.iter().map(|r| r.iter().map(|c| c.glyph.text()).collect()).collect();
    let w = glyphs
        .iter()
        .flatten()
        .chain(b.top.iter().flatten())
        .chain(&b.bottom)
        .map(|g| g.chars().count())
        .max()
        .unwrap_or(1);
    let lefts: Vec<String> = b.left.iter().map(|l| l.join(" ")).collect();
    let lw = lefts.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let pad = if lw > 0 { lw + 2 } else { 0 };
    let mut out = String::new();
    let depth = b.top.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..depth {
        let tokens = b.top.iter().map(|t| {
            let skip = depth - t.len();
            if i >= skip {
                t[i - skip].clone()
            } else {
                String::new()
            }
        });
        line(&mut out, &" ".repeat(pad), tokens, w, "");
    }
    for (r, row) in glyphs.iter().enumerate() {
        let left = lefts.get(r).map_or(String::new(), |l| format!("{l:>lw$}  "));
        let right = b.right.get(r).map_or(String::new(), |k| format!(" | {k}"));
        line(&mut out, &left, row.iter().cloned(), w, &right);
    }
    if !b.bottom.is_empty() {
        line(&mut out, &" ".repeat(pad), b.bottom.iter().cloned(), w, "");
    }
    for n in &b.notes {
        let _ = writeln!(out, "{n}");
    }
    out
}

/// One line of a text picture: `lead`, the tokens right-aligned in `w` columns separated by a
/// space, `tail`; trailing spaces trimmed.
fn line(out: &mut String, lead: &str, tokens: impl Iterator<Item = String>, w: usize, tail: &str) {
    let cells: Vec<String> = tokens.map(|t| format!("{t:>w$}")).collect();
    let s = format!("{lead}{}{tail}", cells.join(" "));
    let _ = writeln!(out, "{}", s.trim_end());
}

/// Cells with a corner clue: the grid of clues and the grid of values side by side.
fn side_by_side(b: &Board, corners: &str, values: &str) -> String {
    let grid = |f: &dyn Fn(&Cell) -> String| -> Vec<Vec<String>> {
        b.cells.iter().map(|r| r.iter().map(f).collect()).collect()
    };
    let left = grid(&|c| match &c.glyph {
        Glyph::Value { corner: Some(k), .. } => k.clone(),
        _ => "?".into(),
    });
    let right = grid(&|c| c.glyph.text());
    let width = |g: &[Vec<String>]| g.iter().flatten().map(|t| t.chars().count()).max().unwrap_or(1);
    let (lw, rw) = (width(&left), width(&right));
    let rows = |g: &[Vec<String>], w: usize| -> Vec<String> {
        g.iter().map(|r| r.iter().map(|t| format!("{t:>w$}")).collect::<Vec<_>>().join(" ")).collect()
    };
    let (ls, rs) = (rows(&left, lw), rows(&right, rw));
    let span = ls.iter().map(|l| l.chars().count()).chain([corners.chars().count()]).max().unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(out, "{}", format!("{corners:<span$}    {values}").trim_end());
    for (l, r) in ls.iter().zip(&rs) {
        let _ = writeln!(out, "{}", format!("{l:<span$}    {r}").trim_end());
    }
    for n in &b.notes {
        let _ = writeln!(out, "{n}");
    }
    out
}

fn table_text(t: &Table) -> String {
    let all = std::iter::once(&t.header).chain(&t.rows);
    let ncols = all.clone().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..ncols)
        .map(|i| all.clone().filter_map(|r| r.get(i)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in all {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(s, &w)| format!("{s:<w$}")).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// Where a board's cells lie in its SVG picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The left edge of the grid.
    pub x0: f64,
    /// The top edge of the grid.
    pub y0: f64,
    /// A cell's side.
    pub size: f64,
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
    /// The horizontal step of the clues left of the rows.
    clue_w: f64,
    /// The vertical step of the clues above the columns.
    clue_h: f64,
}

/// The font size of the lines under a board and of its margin counts' notes.
const NOTE: f64 = 13.0;
/// The margin around everything.
const PAD: f64 = 10.0;

impl Layout {
    /// The layout of `b`'s SVG picture.
    pub fn of(b: &Board) -> Layout {
        let (rows, cols) = (b.rows(), b.cols());
        let size = match rows.max(cols) {
            0..=15 => 32.0,
            16..=30 => 20.0,
            _ => 12.0,
        };
        let clue_w = size * 0.7;
        let clue_h = size * 0.6;
        let left = b.left.iter().map(|l| l.iter().map(|t| t.chars().count().max(2)).sum::<usize>()).max().unwrap_or(0);
        let depth = b.top.iter().map(Vec::len).max().unwrap_or(0);
        let x0 = PAD + left as f64 * clue_w / 2.0 + if left > 0 { size * 0.2 } else { 0.0 };
        let y0 = PAD + depth as f64 * clue_h + if depth > 0 { size * 0.2 } else { 0.0 };
        let right = if b.right.is_empty() { 0.0 } else { size * 1.2 };
        let bottom = if b.bottom.is_empty() { 0.0 } else { size * 1.2 };
        let notes = b.notes.iter().map(|n| n.chars().count()).max().unwrap_or(0) as f64 * NOTE * 0.62 + 2.0 * PAD;
        let width = (x0 + cols as f64 * size + right + PAD).max(notes);
        let height = y0 + rows as f64 * size + bottom + PAD + b.notes.len() as f64 * (NOTE * 1.4);
        Layout { x0, y0, size, width, height, clue_w, clue_h }
    }

    /// The rectangle of cell (`r`, `c`) (0-based, row 0 at the top): its top-left corner and its
    /// width and height.
    pub fn cell_rect(&self, r: usize, c: usize) -> (f64, f64, f64, f64) {
        (self.x0 + c as f64 * self.size, self.y0 + r as f64 * self.size, self.size, self.size)
    }
}

/// The colours minesweeper prints its numbers in, 1 to 8.
const MINE_DIGITS: [&str; 8] = ["#0000ff", "#007b00", "#ff0000", "#00007b", "#7b0000", "#007b7b", "#000000", "#7b7b7b"];
const INK: &str = "#000000";
const GIVEN: &str = "#d9d9d9";
const RAISED: &str = "#bdbdbd";

fn board_svg(b: &Board) -> String {
    let l = Layout::of(b);
    let mut doc = Doc::default();
    let s = l.size;
    for (r, row) in b.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (x, y, _, _) = l.cell_rect(r, c);
            draw_glyph(&mut doc, (x, y), s, cell);
        }
    }
    grid_lines(&mut doc, b, &l);
    let clue = s * 0.45;
    for (r, tokens) in b.left.iter().enumerate() {
        let (_, y, _, _) = l.cell_rect(r, 0);
        let mut x = l.x0 - s * 0.2;
        for t in tokens.iter().rev() {
            let w = t.chars().count().max(2) as f64 * l.clue_w / 2.0;
            doc.text_centred(x - w / 2.0, y + s / 2.0, clue, INK, t);
            x -= w;
        }
    }
    for (c, tokens) in b.top.iter().enumerate() {
        let (x, _, _, _) = l.cell_rect(0, c);
        for (i, t) in tokens.iter().rev().enumerate() {
            let y = l.y0 - s * 0.2 - (i as f64 + 0.5) * l.clue_h;
            doc.text_centred(x + s / 2.0, y, clue, INK, t);
        }
    }
    for (r, k) in b.right.iter().enumerate() {
        let (x, y, _, _) = l.cell_rect(r, b.cols());
        doc.text_centred(x + s * 0.6, y + s / 2.0, s * 0.5, INK, k);
    }
    for (c, k) in b.bottom.iter().enumerate() {
        let (x, y, _, _) = l.cell_rect(b.rows(), c);
        doc.text_centred(x + s / 2.0, y + s * 0.6, s * 0.5, INK, k);
    }
    let below = l.y0 + b.rows() as f64 * s + if b.bottom.is_empty() { 0.0 } else { s * 1.2 };
    for (i, n) in b.notes.iter().enumerate() {
        doc.text_left(PAD, below + (i as f64 + 1.0) * NOTE * 1.4, NOTE, INK, n);
    }
    doc.finish(l.width, l.height, &b.title)
}

/// The grid's lines: thin between cells, heavy every `major` cells and around the grid.
fn grid_lines(doc: &mut Doc, b: &Board, l: &Layout) {
    let (rows, cols) = (b.rows(), b.cols());
    let (w, h) = (cols as f64 * l.size, rows as f64 * l.size);
    let heavy = |i: usize, n: usize| i == 0 || i == n || (b.major > 0 && i.is_multiple_of(b.major));
    for c in 0..=cols {
        let x = l.x0 + c as f64 * l.size;
        let width = if heavy(c, cols) { 2.0 } else { 0.6 };
        doc.line((x, l.y0), (x, l.y0 + h), "#555555", width);
    }
    for r in 0..=rows {
        let y = l.y0 + r as f64 * l.size;
        let width = if heavy(r, rows) { 2.0 } else { 0.6 };
        doc.line((l.x0, y), (l.x0 + w, y), "#555555", width);
    }
}

fn draw_glyph(doc: &mut Doc, (x, y): (f64, f64), s: f64, cell: &Cell) {
    let back = match cell.glyph {
        Glyph::Closed | Glyph::Mine | Glyph::Flag => RAISED,
        _ if cell.given => GIVEN,
        _ => "#ffffff",
    };
    doc.rect((x, y), (s, s), back, "none", 0.0);
    let mid = (x + s / 2.0, y + s / 2.0);
    match &cell.glyph {
        Glyph::Blank => {}
        Glyph::Black => doc.rect((x, y), (s, s), INK, "none", 0.0),
        Glyph::Closed => raised(doc, (x, y), s),
        Glyph::Open(n) => {
            if let Some(ink) = (*n as usize).checked_sub(1).and_then(|i| MINE_DIGITS.get(i)) {
                doc.text_centred(mid.0, mid.1, s * 0.6, ink, &n.to_string());
            }
        }
        Glyph::Mine => {
            raised(doc, (x, y), s);
            let r = s * 0.22;
            for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (0.7, 0.7), (0.7, -0.7)] {
                doc.line(
                    (mid.0 - dx * r * 1.45, mid.1 - dy * r * 1.45),
                    (mid.0 + dx * r * 1.45, mid.1 + dy * r * 1.45),
                    INK,
                    s * 0.07,
                );
            }
            doc.circle(mid, r, INK, "none", 0.0);
            doc.circle((mid.0 - r * 0.35, mid.1 - r * 0.35), r * 0.25, "#ffffff", "none", 0.0);
        }
        Glyph::Flag => {
            raised(doc, (x, y), s);
            let pole = x + s * 0.55;
            doc.line((pole, y + s * 0.2), (pole, y + s * 0.75), INK, s * 0.06);
            doc.polygon(
                &[(pole, y + s * 0.2), (pole, y + s * 0.5), (x + s * 0.22, y + s * 0.35)],
                "#ff0000",
                "#ff0000",
                1.0,
            );
            doc.rect((x + s * 0.3, y + s * 0.72), (s * 0.45, s * 0.08), INK, "none", 0.0);
        }
        Glyph::Water => {
            for dy in [-0.12, 0.12] {
                let yy = mid.1 + dy * s;
                let pts: Vec<(f64, f64)> = (0..=8)
                    .map(|i| {
                        let t = i as f64 / 8.0;
                        (x + s * (0.2 + 0.6 * t), yy + (t * std::f64::consts::TAU).sin() * s * 0.06)
                    })
                    .collect();
                for pair in pts.windows(2) {
                    doc.line(pair[0], pair[1], "#1f5fa8", s * 0.05);
                }
            }
        }
        Glyph::Ship(part) => ship(doc, (x, y), s, *part),
        Glyph::Lamp { on, pressed } => {
            let (fill, ink) = match on {
                Some(true) => ("#f3c300", INK),
                Some(false) => ("#555555", "#ffffff"),
                None => ("#ffffff", INK),
            };
            doc.circle(mid, s * 0.32, fill, INK, 1.0);
            if on.is_none() {
                doc.text_centred(mid.0, mid.1, s * 0.4, ink, "?");
            }
            if *pressed {
                doc.rect((x + s * 0.08, y + s * 0.08), (s * 0.84, s * 0.84), "none", "#be0032", s * 0.08);
                doc.circle(mid, s * 0.1, ink, "none", 0.0);
            }
        }
        Glyph::Sub(true) => {
            let hull = "#1f3f6f";
            doc.rect((x + s * 0.3, y + s * 0.4), (s * 0.4, s * 0.24), hull, "none", 0.0);
            doc.circle((x + s * 0.3, y + s * 0.52), s * 0.12, hull, "none", 0.0);
            doc.circle((x + s * 0.7, y + s * 0.52), s * 0.12, hull, "none", 0.0);
            doc.rect((x + s * 0.44, y + s * 0.28), (s * 0.12, s * 0.14), hull, "none", 0.0);
        }
        Glyph::Sub(false) => {}
        Glyph::Value { value, corner } => {
            doc.text_centred(mid.0, mid.1 + s * 0.08, s * 0.5, INK, value);
            if let Some(k) = corner {
                doc.text_left(x + s * 0.06, y + s * 0.3, s * 0.26, "#555555", k);
            }
        }
    }
}

/// The bevel of a closed minesweeper cell.
fn raised(doc: &mut Doc, (x, y): (f64, f64), s: f64) {
    let e = s * 0.08;
    doc.polygon(
        &[(x, y), (x + s, y), (x + s - e, y + e), (x + e, y + e), (x + e, y + s - e), (x, y + s)],
        "#ffffff",
        "none",
        0.0,
    );
    doc.polygon(
        &[(x + s, y + s), (x, y + s), (x + e, y + s - e), (x + s - e, y + s - e), (x + s - e, y + e), (x + s, y)],
        "#7b7b7b",
        "none",
        0.0,
    );
}

/// A ship part: a disc for a single-cell ship, a square rounded on its closed side for an end,
/// a square for a middle.
fn ship(doc: &mut Doc, (x, y): (f64, f64), s: f64, part: ShipPart) {
    let m = s * 0.12;
    let (cx, cy, r) = (x + s / 2.0, y + s / 2.0, s / 2.0 - m);
    let half = |doc: &mut Doc, (x0, y0): (f64, f64), (w, h): (f64, f64)| doc.rect((x0, y0), (w, h), INK, "none", 0.0);
    match part {
        ShipPart::Single => doc.circle((cx, cy), r, INK, "none", 0.0),
        ShipPart::Middle => half(doc, (x + m, y + m), (s - 2.0 * m, s - 2.0 * m)),
        ShipPart::Left => {
            doc.circle((cx, cy), r, INK, "none", 0.0);
            half(doc, (cx, y + m), (s / 2.0 - m, s - 2.0 * m));
        }
        ShipPart::Right => {
            doc.circle((cx, cy), r, INK, "none", 0.0);
            half(doc, (x + m, y + m), (s / 2.0 - m, s - 2.0 * m));
        }
        ShipPart::Top => {
            doc.circle((cx, cy), r, INK, "none", 0.0);
            half(doc, (x + m, cy), (s - 2.0 * m, s / 2.0 - m));
        }
        ShipPart::Bottom => {
            doc.circle((cx, cy), r, INK, "none", 0.0);
            half(doc, (x + m, y + m), (s - 2.0 * m, s / 2.0 - m));
        }
    }
}

fn table_svg(t: &Table) -> String {
    let font = 14.0;
    let char_w = font * 0.62;
    let all: Vec<&Vec<String>> = std::iter::once(&t.header).chain(&t.rows).collect();
    let ncols = all.iter().map(|r| r.len()).max().unwrap_or(0);
    let widths: Vec<f64> = (0..ncols)
        .map(|i| {
            all.iter().filter_map(|r| r.get(i)).map(|s| s.chars().count()).max().unwrap_or(0) as f64 * char_w + 16.0
        })
        .collect();
    let row_h = font * 2.0;
    let mut doc = Doc::default();
    let total: f64 = widths.iter().sum();
    for (i, row) in all.iter().enumerate() {
        let y = PAD + i as f64 * row_h;
        let fill = if i == 0 {
            "#d9d9d9"
        } else if i % 2 == 0 {
            "#f4f4f4"
        } else {
            "#ffffff"
        };
        doc.rect((PAD, y), (total, row_h), fill, "none", 0.0);
        let mut x = PAD;
        for (j, (cell, w)) in row.iter().zip(&widths).enumerate() {
            if j == 0 || i == 0 {
                doc.rect((x, y), (*w, row_h), if i == 0 { "#d9d9d9" } else { "#ececec" }, "none", 0.0);
            }
            doc.text_left(x + 8.0, y + row_h / 2.0 + font / 3.0, font, INK, cell);
            x += w;
        }
    }
    let h = all.len() as f64 * row_h;
    let mut x = PAD;
    for w in std::iter::once(&0.0).chain(&widths) {
        x += w;
        doc.line((x, PAD), (x, PAD + h), "#555555", 1.0);
    }
    for i in 0..=all.len() {
        let y = PAD + i as f64 * row_h;
        doc.line((PAD, y), (PAD + total, y), "#555555", if i <= 1 || i == all.len() { 1.5 } else { 0.6 });
    }
    doc.finish(total + 2.0 * PAD, h + 2.0 * PAD, &t.title)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(glyph: Glyph) -> Cell {
        Cell { glyph, given: false }
    }

    #[test]
    fn a_nonogram_prints_its_clues_in_the_margins() {
        let b = Board {
            cells: vec![vec![cell(Glyph::Black), cell(Glyph::Blank)], vec![cell(Glyph::Black), cell(Glyph::Black)]],
            left: vec![vec!["1".into()], vec!["2".into()]],
            top: vec![vec!["2".into()], vec!["1".into()]],
            ..Board::default()
        };
        assert_eq!(text(&Picture::Board(b.clone())), "   2 1\n1  # .\n2  # #\n");
        let s = svg(&Picture::Board(b.clone()));
        assert_eq!(s.matches(r##"fill="#000000" stroke="none""##).count(), 3, "{s}");
        let l = Layout::of(&b);
        assert_eq!(l.cell_rect(1, 1), (l.x0 + 32.0, l.y0 + 32.0, 32.0, 32.0));
        assert!(l.x0 > PAD && l.y0 > PAD);
    }

    #[test]
    fn counts_go_right_and_below_and_lamps_show_presses() {
        let lamp = |on, pressed| cell(Glyph::Lamp { on, pressed });
        let b = Board {
            cells: vec![vec![lamp(Some(true), true), lamp(None, false)]],
            right: vec!["1".into()],
            bottom: vec!["1".into(), "0".into()],
            notes: vec!["legend".into()],
            ..Board::default()
        };
        assert_eq!(text(&Picture::Board(b)), "[O]  ?  | 1\n  1   0\nlegend\n");
    }

    #[test]
    fn corner_clues_print_beside_the_values_and_tables_align() {
        let v = |value: &str, k: &str| cell(Glyph::Value { value: value.into(), corner: Some(k.into()) });
        let b = Board {
            cells: vec![vec![v("1", "10"), v("3", "7")]],
            corner_titles: Some(("clues".into(), "digits".into())),
            ..Board::default()
        };
        assert_eq!(text(&Picture::Board(b)), "clues    digits\n10  7    1 3\n");
        let t = Table {
            title: String::new(),
            header: vec!["".into(), "1".into(), "2".into()],
            rows: vec![vec!["pet".into(), "dog".into(), "zebra".into()]],
        };
        assert_eq!(text(&Picture::Table(t.clone())), "     1    2\npet  dog  zebra\n");
        assert_eq!(svg(&Picture::Table(t)).matches("<text").count(), 6);
    }
}
