//! A pencil puzzle drawn in text as its genre is printed: the grid with its corner dots, region
//! borders (the rooms of the data, or the regions a solution of numbers makes), clues in their
//! cells, shaded cells `#`, stars `*`, lights `O`, circles `o` (white) and `@` (black), lines
//! through cell centres or along cell edges. A backbone's picture marks with `?` what differs
//! between solutions (`open`). It reads the model's data and the solution's shown predicates by
//! the names every pencil model shares (`models/pencil/README.md`).

use std::collections::{BTreeMap, BTreeSet};

use wgrnd_lang::{PredKind, Program, Solution, Val};

use crate::pencil::{Drawn, Genre};

/// Shown atoms that differ between solutions: predicate name and arguments.
pub type Open = BTreeSet<(String, Vec<Val>)>;

/// The model's data and a solution, read by name.
pub(super) struct Read<'a> {
    pub(super) p: &'a Program,
    pub(super) s: &'a Solution,
    pub(super) open: &'a Open,
}

fn int(v: Val) -> Option<i64> {
    match v {
        Val::Int(i) => Some(i),
        Val::Sym(_) => None,
    }
}

impl Read<'_> {
    pub(super) fn param(&self, name: &str) -> Option<i64> {
        self.p.params.iter().find(|(n, _)| n == name).and_then(|(_, v)| int(*v))
    }

    /// The facts of the data predicate `name` as whole numbers, in order (a set's own order is
    /// its hash's: a picture must not depend on it where two facts name one cell).
    pub(super) fn facts(&self, name: &str) -> Vec<Vec<i64>> {
        let mut facts: Vec<Vec<i64>> = self
            .p
            .preds
            .iter()
            .filter(|pr| pr.name == name)
            .filter_map(|pr| match &pr.kind {
                PredKind::Input(f) => {
                    Some(f.iter().map(|t| t.iter().filter_map(|&v| int(v)).collect()).collect::<Vec<_>>())
                }
                _ => None,
            })
            .flatten()
            .collect();
        facts.sort_unstable();
        facts
    }

    /// Whether the shown atom `name(args)` holds: `Some(true)`, `Some(false)`, `None` when it
    /// differs between solutions.
    pub(super) fn atom(&self, name: &str, args: &[i64]) -> Option<bool> {
        let vals: Vec<Val> = args.iter().map(|&a| Val::Int(a)).collect();
        if self.is_open(name, &vals) {
            return None;
        }
        Some(self.s.preds.iter().any(|v| v.name == name && v.atoms.contains(vals.as_slice())))
    }

    /// Whether the shown `name(vals)` differs between solutions. Most pictures have nothing open
    /// (a solution's, a unique puzzle's backbone), and asking the set builds its key.
    fn is_open(&self, name: &str, vals: &[Val]) -> bool {
        !self.open.is_empty() && self.open.contains(&(name.to_string(), vals.to_vec()))
    }

    /// The value of the shown integer `name(args)`, `None` when it differs between solutions.
    fn number(&self, name: &str, args: &[i64]) -> Option<i64> {
        let vals: Vec<Val> = args.iter().map(|&a| Val::Int(a)).collect();
        if self.is_open(name, &vals) {
            return None;
        }
        self.s.ints.iter().find(|v| v.name == name).and_then(|v| v.values.get(vals.as_slice())).and_then(|&v| int(v))
    }
}

/// Whether a line (or bridge) `h` or `v` joins (r, c) to its neighbour: `None` when it differs
/// between solutions.
type LineAt<'a> = dyn Fn(&str, i64, i64) -> Option<bool> + 'a;
/// Whether two bridges join them.
type DoubleAt<'a> = dyn Fn(&str, i64, i64) -> bool + 'a;

/// What a cell shows: three characters, the middle one the cell's own.
fn centred(c: &str) -> String {
    format!("{c:^3}")
}

/// A solution drawn on a canvas of characters, with the clues around the grid: what the text
/// picture prints and the SVG picture reads.
struct Drawing {
    /// (2 rows + 1) lines of (4 cols + 1) characters: corners at even lines and every fourth
    /// column, edges between them, each cell's three characters inside.
    canvas: Vec<Vec<char>>,
    rows: usize,
    cols: usize,
    /// The clues outside the grid: top and bottom by column, left and right by row (from 1;
    /// empty where there is none).
    top: Vec<String>,
    bottom: Vec<String>,
    left: Vec<String>,
    right: Vec<String>,
}

/// The text picture of `solution` of `genre`, `open` atoms shown as `?`; `None` when the data
/// has no grid size.
pub fn text(genre: &Genre, p: &Program, s: &Solution, open: &Open) -> Option<String> {
    drawing(genre, p, s, open).map(|d| d.text())
}

/// The SVG picture of `solution` of `genre`, as [`text`] draws it.
pub fn svg(genre: &Genre, p: &Program, s: &Solution, open: &Open) -> Option<String> {
    drawing(genre, p, s, open).map(|d| d.svg(genre, &Marks::default()))
}

/// What a step of an explanation marks on its picture: the cell of its new fact, the cells of
/// the facts that follow with it (0-based row and column), and its caption.
#[derive(Default)]
pub struct Marks<'a> {
    /// The new fact's cell: framed in red.
    pub new: &'a [(usize, usize)],
    /// The cells of what follows with it: framed in orange.
    pub also: &'a [(usize, usize)],
    /// Lines of text under the grid.
    pub caption: &'a [String],
}

/// A step of an explanation (`explain --svg-steps`): the picture of what is known after it
/// (`open` atoms not known yet, shown as `?`), its cells framed and its caption under the grid.
pub fn step_svg(genre: &Genre, p: &Program, s: &Solution, open: &Open, marks: &Marks<'_>) -> Option<String> {
    drawing(genre, p, s, open).map(|d| d.svg(genre, marks))
}

fn drawing(genre: &Genre, p: &Program, s: &Solution, open: &Open) -> Option<Drawing> {
    let d = Read { p, s, open };
    let (rows, cols) = (d.param("rows")?, d.param("cols")?);
    let cell_clues: BTreeMap<(i64, i64), String> = d
        .facts("number")
        .into_iter()
        .filter_map(|f| Some(((*f.first()?, *f.get(1)?), f.get(2)?.to_string())))
        .chain(d.facts("unknown").into_iter().filter_map(|f| Some(((*f.first()?, *f.get(1)?), "?".to_string()))))
        .collect();
    const ARROWS: [&str; 5] = ["", "^", "v", "<", ">"];
    let arrow = |d: i64| ARROWS.get(d as usize).copied().unwrap_or("");
    let mut cell_clues = cell_clues;
    for f in d.facts("arrow") {
        if let [r, c, dir, v] = f[..] {
            cell_clues.insert((r, c), format!("{}{v}", arrow(dir)));
        }
    }
    for f in d.facts("arrowunknown") {
        if let [r, c, dir] = f[..] {
            cell_clues.insert((r, c), format!("{}?", arrow(dir)));
        }
    }
    // A tapa clue: its numbers side by side (the first three).
    let mut tapa: BTreeMap<(i64, i64), BTreeMap<i64, String>> = BTreeMap::new();
    for f in d.facts("tapa") {
        if let [r, c, k, v] = f[..] {
            tapa.entry((r, c)).or_default().insert(k, v.to_string());
        }
    }
    for f in d.facts("tapaunknown") {
        if let [r, c, k] = f[..] {
            tapa.entry((r, c)).or_default().insert(k, "?".into());
        }
    }
    for (cell, list) in tapa {
        cell_clues.insert(cell, list.into_values().take(3).collect());
    }
    let room: BTreeMap<(i64, i64), i64> =
        d.facts("room").into_iter().filter_map(|f| Some(((*f.first()?, *f.get(1)?), *f.get(2)?))).collect();
    // Borders drawn inside rooms (genres whose rules read them), either way round.
    let walls: BTreeSet<((i64, i64), (i64, i64))> = d
        .facts("wall")
        .into_iter()
        .filter_map(|f| Some(((*f.first()?, *f.get(1)?), (*f.get(2)?, *f.get(3)?))))
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .collect();
    // A room's number stands in its first cell.
    let mut room_clues: BTreeMap<(i64, i64), String> = BTreeMap::new();
    let first_cell: BTreeMap<i64, (i64, i64)> = room.iter().rev().map(|(&cell, &m)| (m, cell)).collect();
    for f in d.facts("roomnumber") {
        if let (Some(m), Some(v)) = (f.first(), f.get(1)) {
            room_clues.extend(first_cell.get(m).map(|&cell| (cell, v.to_string())));
        }
    }
    for f in d.facts("roomunknown") {
        room_clues.extend(f.first().and_then(|m| first_cell.get(m)).map(|&cell| (cell, "?".to_string())));
    }
    // The given marks of cells, read once: circles, trees, kakuro's clue cells, blocked cells.
    let marks: BTreeMap<(i64, i64), &str> =
        [("whitecircle", "o"), ("blackcircle", "@"), ("tree", "T"), ("block", "\\"), ("blocked", "#")]
            .into_iter()
            .flat_map(|(name, mark)| {
                d.facts(name).into_iter().filter_map(move |f| Some(((*f.first()?, *f.get(1)?), mark)))
            })
            .collect();
    let numbers = genre.drawn == Drawn::Numbers;
    let value = |r: i64, c: i64| d.number("n", &[r, c]);
    let (box_rows, box_cols) = sudoku_box(cols);
    // Whether a border lies between two cells side by side (or at the grid's edge).
    let border = |a: (i64, i64), b: (i64, i64)| -> bool {
        let inside = |(r, c): (i64, i64)| (1..=rows).contains(&r) && (1..=cols).contains(&c);
        if !inside(a) || !inside(b) {
            return genre.drawn != Drawn::EdgeLines;
        }
        if genre.pid == "sudoku" {
            return (a.0 - 1) / box_rows != (b.0 - 1) / box_rows || (a.1 - 1) / box_cols != (b.1 - 1) / box_cols;
        }
        if numbers {
            let (x, y) = (value(a.0, a.1), value(b.0, b.1));
            if x.is_some() && y.is_some() && x != y {
                return true;
            }
        }
        room.get(&a) != room.get(&b) || walls.contains(&(a, b))
    };
    // Lines through centres: between (r, c) and (r, c + 1) (`h`), (r, c) and (r + 1, c) (`v`).
    let bridges = genre.drawn == Drawn::Bridges;
    let centre = genre.drawn == Drawn::CentreLines || bridges;
    let edges = genre.drawn == Drawn::EdgeLines;
    let line = |name: &str, r: i64, c: i64| -> Option<bool> {
        if !(centre || edges) {
            return Some(false);
        }
        if bridges {
            return d.number(&format!("{name}b"), &[r, c]).map(|k| k > 0);
        }
        d.atom(name, &[r, c])
    };
    // Two bridges between the same islands.
    let double = |name: &str, r: i64, c: i64| bridges && d.number(&format!("{name}b"), &[r, c]) == Some(2);
    // A canvas of (2 rows + 1) lines of (4 cols + 1) characters: corners at even lines and every
    // fourth column, edges between them, cells' three characters inside.
    let (height, width) = (2 * rows as usize + 1, 4 * cols as usize + 1);
    let mut canvas = vec![vec![' '; width]; height];
    let put = |canvas: &mut Vec<Vec<char>>, y: usize, x: usize, text: &str| {
        for (k, ch) in text.chars().enumerate() {
            canvas[y][x + k] = ch;
        }
    };
    for r in 0..=rows {
        let y = 2 * r as usize;
        // The horizontal edges above row r + 1.
        for c in 1..=cols {
            let seg = if edges {
                match line("h", r, c) {
                    Some(true) => "---",
                    Some(false) => "   ",
                    None => " ? ",
                }
            } else {
                match (centre && r >= 1 && r < rows, line("v", r, c)) {
                    (true, Some(true)) if double("v", r, c) => "| |",
                    (true, Some(true)) => " | ",
                    (true, None) => " ? ",
                    _ if border((r, c), (r + 1, c)) => "---",
                    _ => "   ",
                }
            };
            put(&mut canvas, y, 4 * (c as usize - 1) + 1, seg);
        }
        if r == rows {
            break;
        }
        let r = r + 1;
        for c in 0..=cols {
            // The vertical edge left of cell (r, c + 1).
            let wall = if edges {
                match line("v", r, c) {
                    Some(true) => "|",
                    Some(false) => " ",
                    None => "?",
                }
            } else {
                match (centre && c >= 1 && c < cols, line("h", r, c)) {
                    (true, Some(true)) if double("h", r, c) => "=",
                    (true, Some(true)) => "-",
                    (true, None) => "?",
                    _ if border((r, c), (r, c + 1)) => "|",
                    _ => " ",
                }
            };
            put(&mut canvas, y + 1, 4 * c as usize, wall);
            if c < cols {
                let text = cell(&d, genre, (r, c + 1), &cell_clues, &room_clues, &marks, (&line, &double));
                put(&mut canvas, y + 1, 4 * c as usize + 1, &text);
            }
        }
    }
    // A corner is drawn on the frame, where a border meets it, and everywhere in slitherlink
    // (its dots); lines through centres cross the inner corners unmarked.
    for y in (0..height).step_by(2) {
        for x in (0..width).step_by(4) {
            let drawn = |ch: Option<&char>| ch.is_some_and(|&ch| ch == '-' || ch == '|');
            let near = [
                x.checked_sub(1).and_then(|x| canvas[y].get(x)),
                canvas[y].get(x + 1),
                y.checked_sub(1).and_then(|y| canvas.get(y)).and_then(|l| l.get(x)),
                canvas.get(y + 1).and_then(|l| l.get(x)),
            ];
            let frame = x == 0 || x == width - 1 || y == 0 || y == height - 1;
            if edges || frame || (!centre && near.iter().any(|&n| drawn(n))) {
                canvas[y][x] = '+';
            }
        }
    }
    // Clues on grid points stand on the points.
    for f in d.facts("corner").into_iter().chain(d.facts("cornerunknown").into_iter().map(|mut f| {
        f.push(-1);
        f
    })) {
        if let [i, j, v] = f[..] {
            let (y, x) = (2 * i as usize, 4 * j as usize);
            if y < height && x < width {
                canvas[y][x] = if v < 0 { '?' } else { char::from_digit(v as u32, 36).unwrap_or('?') };
            }
        }
    }
    let [top, bottom, left, right] = margins(&d, genre, rows, cols);
    Some(Drawing { canvas, rows: rows as usize, cols: cols as usize, top, bottom, left, right })
}

/// The clues outside the grid (`top(c, v)` above column c, `left(r, v)` before row r, and so
/// on): top, bottom, left, right, each indexed from 1.
fn margins(d: &Read<'_>, genre: &Genre, rows: i64, cols: i64) -> [Vec<String>; 4] {
    let letters = genre.drawn == Drawn::Letters;
    let side = |name: &str, len: i64| -> Vec<String> {
        let mut out = vec![String::new(); len as usize + 1];
        for f in d.facts(name) {
            if let [k, v] = f[..] {
                if let Some(slot) = out.get_mut(k as usize) {
                    *slot = if letters { letter(v) } else { v.to_string() };
                }
            }
        }
        for f in d.facts(&format!("{name}unknown")) {
            if let Some(slot) = f.first().and_then(|&k| out.get_mut(k as usize)) {
                *slot = "?".into();
            }
        }
        out
    };
    [side("top", cols), side("bottom", cols), side("left", rows), side("right", rows)]
}

impl Drawing {
    /// The canvas as text, with the clues around it.
    fn text(&self) -> String {
        let any = |v: &[String]| v.iter().any(|x| !x.is_empty());
        let (has_left, has_right) = (any(&self.left), any(&self.right));
        let margin = if has_left { "    " } else { "" };
        let across = |clues: &[String]| -> String {
            let mut line = margin.to_string();
            for clue in clues.iter().skip(1).take(self.cols) {
                line.push_str(&format!(" {clue:^3}"));
            }
            format!("{}\n", line.trim_end())
        };
        let mut out = String::new();
        if any(&self.top) {
            out.push_str(&across(&self.top));
        }
        for (y, line) in self.canvas.iter().enumerate() {
            let line: String = line.iter().collect();
            let row = y / 2 + 1;
            let on_row = y % 2 == 1;
            let l = if has_left && on_row { format!("{:>3} ", self.left[row]) } else { margin.to_string() };
            let r = if has_right && on_row { format!(" {}", self.right[row]) } else { String::new() };
            out.push_str(format!("{l}{line}{r}").trim_end());
            out.push('\n');
        }
        if any(&self.bottom) {
            out.push_str(&across(&self.bottom));
        }
        out
    }

    /// The canvas drawn in SVG: the thin grid, borders and loop edges thick, lines through cell
    /// centres, shaded cells filled, circles, triangles, diagonals, and every clue as text.
    fn svg(&self, genre: &Genre, marks: &Marks<'_>) -> String {
        use crate::svg::Doc;
        const S: f64 = 36.0;
        let centre_lines = matches!(genre.drawn, Drawn::CentreLines | Drawn::Bridges);
        let edges = genre.drawn == Drawn::EdgeLines;
        let (x0, y0) = (S, S);
        let (rows, cols) = (self.rows, self.cols);
        let at = |y: usize, x: usize| self.canvas.get(y).and_then(|l| l.get(x)).copied().unwrap_or(' ');
        let seg = |y: usize, x: usize| -> String { (0..3).map(|k| at(y, x + k)).collect() };
        let point = |r: usize, c: usize| (x0 + c as f64 * S, y0 + r as f64 * S);
        let centre = |r: usize, c: usize| (x0 + (c as f64 + 0.5) * S, y0 + (r as f64 + 0.5) * S);
        let mut doc = Doc::default();
        // Cells first (filled shapes), then the grid, then lines, then text on top.
        for r in 0..rows {
            for c in 0..cols {
                let text = seg(2 * r + 1, 4 * c + 1);
                let (x, y) = point(r, c);
                let cx = centre(r, c).0;
                match own_mark(&text, centre_lines) {
                    "#" => doc.rect((x, y), (S, S), "#222222", "none", 0.0),
                    "#/" => doc.polygon(&[(x, y), (x + S, y), (x, y + S)], "#222222", "none", 0.0),
                    "#\\" => doc.polygon(&[(x, y), (x + S, y + S), (x, y + S)], "#222222", "none", 0.0),
                    "/#" => doc.polygon(&[(x + S, y), (x + S, y + S), (x, y + S)], "#222222", "none", 0.0),
                    "\\#" => doc.polygon(&[(x, y), (x + S, y), (x + S, y + S)], "#222222", "none", 0.0),
                    "\\" if genre.drawn == Drawn::Numbers => {
                        doc.rect((x, y), (S, S), "#dddddd", "none", 0.0);
                        doc.line((x, y), (x + S, y + S), "#444444", 1.5);
                    }
                    "\\" => doc.line((x + 4.0, y + 4.0), (x + S - 4.0, y + S - 4.0), "#222222", 3.0),
                    "/" if genre.drawn == Drawn::Slants => {
                        doc.line((x + S - 4.0, y + 4.0), (x + 4.0, y + S - 4.0), "#222222", 3.0)
                    }
                    "A" if genre.drawn == Drawn::Tents => doc.polygon(
                        &[(cx, y + 6.0), (x + S - 7.0, y + S - 7.0), (x + 7.0, y + S - 7.0)],
                        "#008856",
                        "none",
                        0.0,
                    ),
                    _ => {}
                }
            }
        }
        for r in 0..=rows {
            doc.line(point(r, 0), point(r, cols), "#cccccc", 1.0);
        }
        for c in 0..=cols {
            doc.line(point(0, c), point(rows, c), "#cccccc", 1.0);
        }
        let thick = "#222222";
        let loop_ink = "#0067a5";
        let double = |doc: &mut Doc, a: (f64, f64), b: (f64, f64), horizontal: bool| {
            let d = 3.0;
            let (dx, dy) = if horizontal { (0.0, d) } else { (d, 0.0) };
            doc.line((a.0 - dx, a.1 - dy), (b.0 - dx, b.1 - dy), loop_ink, 2.0);
            doc.line((a.0 + dx, a.1 + dy), (b.0 + dx, b.1 + dy), loop_ink, 2.0);
        };
        for r in 0..=rows {
            for c in 0..cols {
                let s = seg(2 * r, 4 * c + 1);
                let (a, b) = (point(r, c), point(r, c + 1));
                match s.as_str() {
                    " | " if centre_lines => doc.line(centre(r - 1, c), centre(r, c), loop_ink, 4.0),
                    "| |" if centre_lines => double(&mut doc, centre(r - 1, c), centre(r, c), false),
                    "---" if edges => doc.line(a, b, loop_ink, 4.0),
                    "---" => doc.line(a, b, thick, 4.0),
                    " ? " => doc.text_centred((a.0 + b.0) / 2.0, a.1 + 4.0, 12.0, "#888888", "?"),
                    _ => {}
                }
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                let ch = at(2 * r + 1, 4 * c);
                let (a, b) = (point(r, c), point(r + 1, c));
                match ch {
                    '-' if centre_lines => doc.line(centre(r, c - 1), centre(r, c), loop_ink, 4.0),
                    '=' if centre_lines => double(&mut doc, centre(r, c - 1), centre(r, c), true),
                    '|' if edges => doc.line(a, b, loop_ink, 4.0),
                    '|' => doc.line(a, b, thick, 4.0),
                    '?' => doc.text_centred(a.0, (a.1 + b.1) / 2.0 + 4.0, 12.0, "#888888", "?"),
                    _ => {}
                }
            }
        }
        for r in 0..=rows {
            for c in 0..=cols {
                let ch = at(2 * r, 4 * c);
                let p = point(r, c);
                if ch.is_ascii_alphanumeric() || ch == '?' {
                    doc.circle(p, S * 0.25, "#ffffff", thick, 1.5);
                    doc.text_centred(p.0, p.1 + 5.0, 14.0, thick, &ch.to_string());
                } else if edges {
                    doc.circle(p, 2.5, thick, "none", 0.0);
                }
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let text = seg(2 * r + 1, 4 * c + 1);
                let t = own_mark(&text, centre_lines);
                // Circles go over the lines that pass through them.
                match t {
                    "o" => doc.circle(centre(r, c), S * 0.32, "#ffffff", thick, 2.0),
                    "@" => doc.circle(centre(r, c), S * 0.32, thick, thick, 2.0),
                    "O" => doc.circle(centre(r, c), S * 0.3, "#f3c300", thick, 1.5),
                    _ => {}
                }
                let drawn = ["", ".", "#", "o", "@", "O", "#/", "#\\", "/#", "\\#", "\\", "/"];
                let line_piece = !t.is_empty() && t.chars().all(|ch| "-|+= ".contains(ch));
                if drawn.contains(&t) || line_piece || (t == "A" && genre.drawn == Drawn::Tents) {
                    continue;
                }
                let (cx, cy) = centre(r, c);
                if genre.drawn == Drawn::Bridges {
                    // An island: a circle the bridges end at.
                    doc.circle((cx, cy), S * 0.36, "#ffffff", thick, 1.5);
                }
                let ink = if t == "?" {
                    "#888888"
                } else if t == "T" {
                    "#008856"
                } else {
                    thick
                };
                doc.text_centred(cx, cy + 6.0, if t.len() > 2 { 12.0 } else { 18.0 }, ink, t);
            }
        }
        let margin = |doc: &mut Doc, clues: &[String], place: &dyn Fn(usize) -> (f64, f64)| {
            for (k, clue) in clues.iter().enumerate().skip(1).filter(|(_, c)| !c.is_empty()) {
                let (x, y) = place(k - 1);
                doc.text_centred(x, y + 6.0, 16.0, thick, clue);
            }
        };
        margin(&mut doc, &self.top, &|c| (centre(0, c).0, y0 - S * 0.5));
        margin(&mut doc, &self.bottom, &|c| (centre(0, c).0, y0 + rows as f64 * S + S * 0.5));
        margin(&mut doc, &self.left, &|r| (x0 - S * 0.5, centre(r, 0).1));
        margin(&mut doc, &self.right, &|r| (x0 + cols as f64 * S + S * 0.5, centre(r, 0).1));
        // A step's marks on top of everything: the cells framed, the caption under the grid.
        for (cells, colour) in [(marks.also, "#ff9f1c"), (marks.new, "#d62728")] {
            for &(r, c) in cells.iter().filter(|&&(r, c)| r < rows && c < cols) {
                let (x, y) = point(r, c);
                doc.rect((x + 2.0, y + 2.0), (S - 4.0, S - 4.0), "none", colour, 3.0);
            }
        }
        let bottom = rows as f64 * S + 2.0 * y0;
        for (k, line) in marks.caption.iter().enumerate() {
            doc.text_left(x0 * 0.5, bottom + 16.0 * k as f64 + 4.0, 13.0, "#222222", line);
        }
        let height = bottom + 16.0 * marks.caption.len() as f64;
        let width = (cols as f64 * S + 2.0 * x0).max(if marks.caption.is_empty() { 0.0 } else { 480.0 });
        doc.finish(width, height, &format!("{}, {rows} x {cols}", genre.title))
    }
}

/// What a cell's three characters show of the cell itself: for lines through centres, the mark
/// between the line's pieces (`-o-` is a circle, `+` a turn, `---` a straight line: nothing).
fn own_mark(text: &str, centre_lines: bool) -> &str {
    let t = text.trim();
    if !centre_lines {
        return t;
    }
    let t = t.trim_matches(|c| c == '-' || c == '=' || c == ' ');
    if t.chars().all(|c| "|+-= ".contains(c)) {
        ""
    } else {
        t
    }
}

/// Letter v of easy as ABC (1 is A); 0 an empty cell.
fn letter(v: i64) -> String {
    match u8::try_from(v) {
        Ok(v @ 1..=26) => char::from(b'A' + v - 1).to_string(),
        _ => ".".into(),
    }
}

/// The boxes of a sudoku of side `n`: k x k when n = k * k, else d rows by n / d columns for the
/// largest d with d * d <= n dividing n (6: 2 x 3, 8: 2 x 4, 12: 3 x 4).
fn sudoku_box(n: i64) -> (i64, i64) {
    let d = (1..=n).filter(|d| d * d <= n && n % d == 0).max().unwrap_or(1);
    (d, n / d)
}

/// The three characters of cell `(r, c)`.
fn cell(
    d: &Read<'_>,
    genre: &Genre,
    (r, c): (i64, i64),
    cell_clues: &BTreeMap<(i64, i64), String>,
    room_clues: &BTreeMap<(i64, i64), String>,
    marks: &BTreeMap<(i64, i64), &str>,
    (line, double): (&LineAt<'_>, &DoubleAt<'_>),
) -> String {
    let clue = cell_clues.get(&(r, c)).or_else(|| room_clues.get(&(r, c)));
    let mark = |x: Option<bool>, yes: &str, no: &str| -> String {
        match x {
            Some(true) => yes.to_string(),
            Some(false) => no.to_string(),
            None => "?".to_string(),
        }
    };
    match genre.drawn {
        Drawn::Shaded => {
            let black = d.atom("black", &[r, c]);
            let white = if genre.pid == "yinyang" { "o" } else { "." };
            let unshaded = clue.map_or(white, String::as_str);
            centred(&mark(black, "#", unshaded))
        }
        Drawn::Stars => centred(&mark(d.atom("star", &[r, c]), "*", ".")),
        Drawn::Lights => match cell_clues.get(&(r, c)) {
            Some(n) if n == "?" => centred("#"),
            Some(n) => centred(n),
            None => centred(&mark(d.atom("light", &[r, c]), "O", ".")),
        },
        Drawn::Numbers if d.atom("black", &[r, c]) == Some(true) => centred("#"),
        Drawn::Numbers if marks.get(&(r, c)) == Some(&"\\") => centred("\\"),
        Drawn::Numbers => match d.number("n", &[r, c]) {
            Some(v) => format!("{v:^3}"),
            None => centred("?"),
        },
        Drawn::Letters => match d.number("n", &[r, c]) {
            Some(v) => centred(&letter(v)),
            None => centred("?"),
        },
        Drawn::Tents if marks.get(&(r, c)) == Some(&"T") => centred("T"),
        Drawn::Tents => centred(&mark(d.atom("tent", &[r, c]), "A", ".")),
        Drawn::Slants => centred(&mark(d.atom("back", &[r, c]), "\\", "/")),
        Drawn::NumbersInRooms => match d.number("n", &[r, c]) {
            Some(0) => centred("."),
            Some(v) => format!("{v:^3}"),
            None => centred("?"),
        },
        Drawn::EdgeLines => centred(clue.map_or(" ", String::as_str)),
        Drawn::Triangles => match cell_clues.get(&(r, c)) {
            Some(n) if n == "?" => centred("#"),
            Some(n) => centred(n),
            None => match d.number("tri", &[r, c]) {
                Some(1) => "#/ ".into(),
                Some(2) => "#\\ ".into(),
                Some(3) => " /#".into(),
                Some(4) => " \\#".into(),
                Some(_) => centred("."),
                None => centred("?"),
            },
        },
        Drawn::CentreLines | Drawn::Bridges => {
            if d.atom("black", &[r, c]) == Some(true) || marks.get(&(r, c)) == Some(&"#") {
                return centred("#");
            }
            let left = line("h", r, c - 1) == Some(true);
            let right = line("h", r, c) == Some(true);
            let up = line("v", r - 1, c) == Some(true);
            let down = line("v", r, c) == Some(true);
            let middle = match (clue, marks.get(&(r, c))) {
                (Some(n), _) => n.clone(),
                (None, Some(o)) => o.to_string(),
                (None, None) => match (left || right, up || down) {
                    (true, true) => "+".into(),
                    (true, false) => "-".into(),
                    (false, true) => "|".into(),
                    (false, false) => " ".into(),
                },
            };
            let (left_double, vertical_double) = (double("h", r, c - 1), double("v", r, c));
            if middle == "|" && vertical_double {
                return "| |".into();
            }
            let middle = if middle == "-" && left_double { "=".to_string() } else { middle };
            let side = |on: bool, two: bool| match (on, two) {
                (true, true) => "=",
                (true, false) => "-",
                _ => " ",
            };
            if middle.len() == 1 {
                format!("{}{middle}{}", side(left, left_double), side(right, double("h", r, c)))
            } else {
                format!("{middle:^3}")
            }
        }
    }
}
