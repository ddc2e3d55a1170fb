//! Pictures as SVG: the building blocks every drawing shares (a document, a readable palette,
//! text) and [`grid`], a generic grid of labelled, coloured cells for any family whose solution
//! is cell-shaped (the modelling language's shown predicate, say). Edge-matching boards are drawn
//! in [`crate::edge::render::board_svg`], packings layer by layer in [`crate::packing::render`].
//!
//! The documents are plain SVG 1.1 with text as `<text>` (so a reader can select and search it),
//! in the font family [`FONT`]; all numbers are written with fixed precision so that the same
//! solution always gives the same bytes.

use std::fmt::Write as _;

/// The font family of every text, best first. DejaVu Sans Mono is the one the picture tests
/// ship and render with; the others are what viewers without it have.
pub const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";

/// The grey of an Eternity II frame, used for frame labels.
pub const FRAME_GREY: &str = "#9b9b9b";

/// Colours of maximum contrast after Kenneth Kelly (1965), without his white, black and grey (grey is
/// the frame's), then a few of Paul Tol's: readable side by side and against each other.
const PALETTE: [&str; 24] = [
    "#f3c300", "#875692", "#f38400", "#a1caf1", "#be0032", "#c2b280", "#008856", "#e68fac", "#0067a5", "#f99379",
    "#604e97", "#f6a600", "#b3446c", "#dcd300", "#882d17", "#8db600", "#654522", "#e25822", "#2b3d26", "#44aa99",
    "#332288", "#ddcc77", "#cc6677", "#88ccee",
];

/// The colour index of an empty cell (light grey) in [`grid`] and the packing layers.
pub const BLANK: usize = usize::MAX;

/// The colour of label index `i` (`#rrggbb`): the palette first, then hues spread by the golden
/// angle, so that any number of labels gets distinct colours; [`BLANK`] is light grey.
pub fn colour(i: usize) -> String {
    if i == BLANK {
        return "#eeeeee".to_string();
    }
    if let Some(c) = PALETTE.get(i) {
        return (*c).to_string();
    }
    let k = i - PALETTE.len();
    let hue = (k as f64 * 137.507_764) % 360.0;
    let light = [0.45, 0.62, 0.32][k % 3];
    hsl(hue, 0.65, light)
}

fn hsl(h: f64, s: f64, l: f64) -> String {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// Black or white, whichever reads better on the colour `#rrggbb` (by its relative luminance).
pub fn ink_on(background: &str) -> &'static str {
    let v = |i: usize| u8::from_str_radix(background.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255) as f64 / 255.0;
    let lum = 0.2126 * v(1) + 0.7152 * v(3) + 0.0722 * v(5);
    if lum > 0.45 {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// The colour half-way between `c` and white: the second half of a pair (the witch's legs).
pub fn tint(c: &str) -> String {
    let v = |i: usize| u8::from_str_radix(c.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255) as u32;
    let mix = |x: u32| (x + 255).div_ceil(2);
    format!("#{:02x}{:02x}{:02x}", mix(v(1)), mix(v(3)), mix(v(5)))
}

/// Escapes text for SVG content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A number with at most one decimal, the way every coordinate is written.
pub fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// An SVG document being written: elements go into `body`, [`Doc::finish`] wraps them.
#[derive(Debug, Default)]
pub struct Doc {
    body: String,
}

impl Doc {
    /// A filled rectangle with an outline (`stroke` `none` for none).
    pub fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), fill: &str, stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            num(width)
        );
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str, width: f64) {
        let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}" stroke-linejoin="round"/>"#,
            pts.join(" "),
            num(width)
        );
    }

    /// A straight line.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}" stroke-linecap="round"/>"#,
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(width)
        );
    }

    /// A filled circle.
    pub fn circle(&mut self, c: (f64, f64), r: f64, fill: &str, stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(c.0),
            num(c.1),
            num(r),
            num(width)
        );
    }

    /// Text centred on `(x, y)` (horizontally and, by its baseline shifted a third of the size,
    /// vertically).
    pub fn text_centred(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" fill="{fill}" text-anchor="middle">{}</text>"#,
            num(x),
            num(y + size / 3.0),
            num(size),
            escape(text)
        );
    }

    /// Text starting at `(x, y)` (its baseline).
    pub fn text_left(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" fill="{fill}">{}</text>"#,
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    /// The elements drawn so far, for an overlay on a finished document.
    pub(crate) fn into_body(self) -> String {
        self.body
    }

    /// The whole document, `width` x `height` pixels on a white background, with a title.
    pub fn finish(self, width: f64, height: f64, title: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}" font-weight="bold">"#,
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(s, "<title>{}</title>", escape(title));
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
}

/// Draws a `rows` x `cols` grid of cells at `(x0, y0)`, `size` pixels each: `cell(r, c)` gives a
/// cell's text and colour index ([`colour`]), `None` leaves it white.
pub(crate) fn draw_cells(
    doc: &mut Doc,
    (x0, y0): (f64, f64),
    rows: usize,
    cols: usize,
    size: f64,
    cell: &dyn Fn(usize, usize) -> Option<(String, usize)>,
) {
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (x0 + c as f64 * size, y0 + r as f64 * size);
            match cell(r, c) {
                Some((label, i)) => {
                    let fill = colour(i);
                    doc.rect((x, y), (size, size), &fill, "#222222", 1.0);
                    if !label.is_empty() {
                        let fit = size * 1.2 / label.chars().count().max(2) as f64;
                        doc.text_centred(x + size / 2.0, y + size / 2.0, fit.min(size * 0.5), ink_on(&fill), &label);
                    }
                }
                None => doc.rect((x, y), (size, size), "#ffffff", "#cccccc", 0.5),
            }
        }
    }
}

/// A grid of `rows` x `cols` cells as an SVG document: `cell(r, c)` (0-based, row 0 at the top)
/// gives the text shown on a cell and the index of its colour in the palette ([`colour`]; equal
/// indices, equal colours; [`BLANK`] light grey), or `None` for a white cell. Rows and columns are numbered from 1 along
/// the top and the left. For families whose solution is a set of cells: the modelling language
/// draws a shown predicate `p(r, c)` with it.
pub fn grid(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> Option<(String, usize)>) -> String {
    let size = if rows.max(cols) <= 20 { 32.0 } else { 16.0 };
    let margin = 24.0;
    let mut doc = Doc::default();
    for c in 0..cols {
        doc.text_centred(margin + (c as f64 + 0.5) * size, margin / 2.0, 10.0, "#555555", &(c + 1).to_string());
    }
    for r in 0..rows {
        doc.text_centred(margin / 2.0, margin + (r as f64 + 0.5) * size, 10.0, "#555555", &(r + 1).to_string());
    }
    draw_cells(&mut doc, (margin, margin), rows, cols, size, &cell);
    doc.finish(2.0 * margin + cols as f64 * size, 2.0 * margin + rows as f64 * size, &format!("{rows} x {cols} grid"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_distinct_and_well_formed() {
        let all: Vec<String> = (0..200).map(colour).collect();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len());
        assert!(all.iter().all(|c| c.len() == 7 && c.starts_with('#')));
        assert!(!all.contains(&FRAME_GREY.to_string()));
    }

    #[test]
    fn text_is_escaped_and_ink_reads() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(ink_on("#ffffff"), "#000000");
        assert_eq!(ink_on("#000000"), "#ffffff");
        assert_eq!(ink_on("bad"), "#000000");
        assert_eq!(tint("#000000"), "#808080");
    }

    #[test]
    fn a_grid_has_one_rect_per_cell() {
        let s = grid(2, 3, |r, c| (r != c).then(|| (format!("{r}{c}"), r)));
        assert_eq!(s.matches("<rect").count(), 1 + 6);
        assert!(s.contains(">01</text>"));
    }
}
