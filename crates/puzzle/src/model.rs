//! The puzzle model: board, pieces, matching rule, frame and clues, in wgrnd's one internal
//! convention (see `docs/conventions.md`):
//!
//! * rows and columns are counted from 0 at the top-left internally, and from 1 in user-facing text;
//! * a piece lists its edges clockwise from the top: north, east, south, west;
//! * a rotation is a number of quarter turns *counterclockwise* (0..=3): after `k` turns the side
//!   `d` of the square shows the piece's edge `(d + k) mod 4`.

use std::collections::BTreeMap;
use std::fmt;

use crate::InputError;

/// A side of a square or an edge of an unrotated piece, clockwise from the top.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Top.
    North = 0,
    /// Right.
    East = 1,
    /// Bottom.
    South = 2,
    /// Left.
    West = 3,
}

/// The four sides in wgrnd's order.
pub const SIDES: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

impl Side {
    /// 0..=3 in the order north, east, south, west.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with that index (taken mod 4).
    pub fn from_index(i: usize) -> Side {
        SIDES[i % 4]
    }

    /// The side facing this one across an edge between two squares.
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// `north`, `east`, `south` or `west`.
    pub fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self.index()]
    }

    /// `N`, `E`, `S` or `W`.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }
}

/// An edge label, an index into [`Puzzle::labels`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

impl Label {
    /// The index into [`Puzzle::labels`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// When do the two edges that touch across an inner edge of the board match?
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchRule {
    /// Equal labels match (four squares, Eternity II).
    Equal,
    /// Numeric labels match when they sum to K (the witch puzzle of seed 000, K = 9).
    Sum(i64),
    /// Named complementary halves match, e.g. `puz` with `zle`; the relation is symmetric.
    Pairs(Vec<(String, String)>),
}

impl fmt::Display for MatchRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchRule::Equal => write!(f, "equal"),
            MatchRule::Sum(k) => write!(f, "sum {k}"),
            MatchRule::Pairs(pairs) => {
                write!(f, "pairs")?;
                for (a, b) in pairs {
                    write!(f, " {a}:{b}")?;
                }
                Ok(())
            }
        }
    }
}

/// How people usually write the puzzle's solutions down; chooses the default rendering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// A board of squares: box art for small boards, a compact grid for large ones.
    #[default]
    Grid,
    /// The witch puzzle of seed 000: `Place the block 9 at (1,1) with rotation 2`.
    Witch,
}

/// A piece pinned to a square with a given rotation (0-based; rotation in counterclockwise quarter turns).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clue {
    /// 0-based row from the top.
    pub row: usize,
    /// 0-based column from the left.
    pub col: usize,
    /// 0-based piece index, in file order.
    pub piece: usize,
    /// Counterclockwise quarter turns, 0..=3.
    pub rotation: u8,
}

/// One piece of a solution: which piece lies on which square, turned how far.
/// Same numbering as [`Clue`]: 0-based, rotation in counterclockwise quarter turns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// 0-based row from the top.
    pub row: usize,
    /// 0-based column from the left.
    pub col: usize,
    /// 0-based piece index, in file order.
    pub piece: usize,
    /// Counterclockwise quarter turns, 0..=3.
    pub rotation: u8,
}

/// An edge-matching puzzle, validated: the pieces fill the board, the frame can fit, the labels
/// suit the rule, the clues name real squares and pieces. Build one with [`PuzzleBuilder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name (the file stem) used in headers and reports.
    pub name: String,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Label names, sorted: numbers by value first, then names.
    pub labels: Vec<String>,
    /// Pieces in file order, edges north, east, south, west (unrotated).
    pub pieces: Vec<[Label; 4]>,
    /// The matching rule for inner edges.
    pub rule: MatchRule,
    /// The frame label: when set, it shows on every outer edge of the board and on no inner edge.
    /// When unset, outer edges are unconstrained.
    pub frame: Option<Label>,
    /// Pieces pinned in place.
    pub clues: Vec<Clue>,
    /// How solutions are usually written down.
    pub style: Style,
}

impl Puzzle {
    /// Number of squares (= number of pieces).
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// The name of a label.
    pub fn label_name(&self, l: Label) -> &str {
        &self.labels[l.index()]
    }

    /// The label with this name, if any piece (or the frame) uses it.
    pub fn label(&self, name: &str) -> Option<Label> {
        self.labels.iter().position(|n| n == name).map(|i| Label(i as u32))
    }

    /// The labels that match `a` across an inner edge under the puzzle's rule, in label order.
    /// The frame label matches nothing: it may only show on the outer edges.
    pub fn matching_labels(&self, a: Label) -> Vec<Label> {
        if Some(a) == self.frame {
            return Vec::new();
        }
        let name = self.label_name(a);
        let partners: Vec<Label> = match &self.rule {
            MatchRule::Equal => vec![a],
            MatchRule::Sum(k) => {
                let v: i64 = name.parse().expect("sum-rule labels are validated as integers");
                self.label(&(k - v).to_string()).into_iter().collect()
            }
            MatchRule::Pairs(pairs) => {
                let mut out: Vec<Label> = pairs
                    .iter()
                    .filter_map(|(x, y)| {
                        if x == name {
                            self.label(y)
                        } else if y == name {
                            self.label(x)
                        } else {
                            None
                        }
                    })
                    .collect();
                out.sort();
                out.dedup();
                out
            }
        };
        partners.into_iter().filter(|&b| Some(b) != self.frame).collect()
    }

    /// Labels that occur on some piece edge but can never match across an inner edge, with the
    /// number of piece edges carrying each. Under a sum rule this is how a wrong K shows itself.
    pub fn unmatched_labels(&self) -> Vec<(Label, usize)> {
        let mut uses: BTreeMap<Label, usize> = BTreeMap::new();
        for piece in &self.pieces {
            for &l in piece {
                if Some(l) != self.frame {
                    *uses.entry(l).or_default() += 1;
                }
            }
        }
        uses.into_iter().filter(|&(l, _)| self.matching_labels(l).is_empty()).collect()
    }

    /// Under a sum rule: a K under which every non-frame label has a partner, when one exists
    /// and differs from the puzzle's own. With labels 1..8 that is 9; a table whose labels only
    /// pair up under another K says so here.
    pub fn sum_that_pairs_all_labels(&self) -> Option<i64> {
        let MatchRule::Sum(k) = self.rule else { return None };
        let values: Vec<i64> = self
            .labels
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(Label(i as u32)) != self.frame)
            .filter_map(|(_, n)| n.parse().ok())
            .collect();
        let (min, max) = (values.iter().min()?, values.iter().max()?);
        let k2 = min + max;
        (k2 != k && values.iter().all(|v| values.contains(&(k2 - v)))).then_some(k2)
    }

    /// The same puzzle with its pieces in a random order, each turned a random number of quarter
    /// turns (clues follow their pieces), reproducible from `seed`. Generated puzzles and benchmark
    /// files list pieces in solved order and unturned, which solvers find at once: time shuffled
    /// copies instead.
    pub fn shuffled(&self, seed: u64) -> Puzzle {
        self.shuffled_tracked(seed).0
    }

    /// [`Puzzle::shuffled`], with the [`Shuffle`] that maps placements of this puzzle to the new one.
    pub fn shuffled_tracked(&self, seed: u64) -> (Puzzle, Shuffle) {
        let mut rng = SplitMix64(seed);
        let n = self.pieces.len();
        // Fisher-Yates: order[i] is the old index of new piece i.
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let turns: Vec<u8> = (0..n).map(|_| rng.below(4) as u8).collect();
        let mut new_index = vec![0; n];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        // New piece i is old piece order[i] turned turns[i] times counterclockwise: its side d
        // shows the old edge (d + turns[i]) mod 4.
        let pieces = order
            .iter()
            .enumerate()
            .map(|(i, &old)| std::array::from_fn(|d| self.pieces[old][(d + turns[i] as usize) % 4]))
            .collect();
        let map = Shuffle { new_index, turns };
        let clues = self
            .clues
            .iter()
            .map(|c| {
                let pl = map.apply(&Placement { row: c.row, col: c.col, piece: c.piece, rotation: c.rotation });
                Clue { piece: pl.piece, rotation: pl.rotation, ..*c }
            })
            .collect();
        (Puzzle { pieces, clues, ..self.clone() }, map)
    }
}

/// How [`Puzzle::shuffled_tracked`] renumbered and turned the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// The new index of each old piece.
    pub new_index: Vec<usize>,
    /// How far each new piece was turned (counterclockwise) against the old one.
    pub turns: Vec<u8>,
}

impl Shuffle {
    /// The same placement in the shuffled puzzle: same square, same labels shown.
    pub fn apply(&self, pl: &Placement) -> Placement {
        let piece = self.new_index[pl.piece];
        Placement { piece, rotation: (pl.rotation + 4 - self.turns[piece]) % 4, ..*pl }
    }
}

/// Sebastiano Vigna's SplitMix64: a small, well-mixed generator for reproducible shuffles.
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0), by rejection so that no value is favoured.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// Orders label names: integers by value first, then everything else by text.
fn label_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.parse::<i64>(), b.parse::<i64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y).then(a.cmp(b)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

/// Collects what a reader found, with the line of each item, and validates it into a [`Puzzle`],
/// reporting the first problem with the file and line it comes from.
#[derive(Clone, Debug)]
pub struct PuzzleBuilder {
    file: String,
    name: String,
    size: Option<(usize, usize, usize)>,
    pieces: Vec<(usize, [String; 4])>,
    rule: MatchRule,
    rule_line: usize,
    frame: Option<(String, usize)>,
    clues: Vec<(usize, Clue)>,
    style: Style,
    last_line: usize,
}

impl PuzzleBuilder {
    /// Starts a puzzle read from `file` (named as the user named it).
    pub fn new(file: &str) -> Self {
        let name = std::path::Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".to_string());
        PuzzleBuilder {
            file: file.to_string(),
            name,
            size: None,
            pieces: Vec::new(),
            rule: MatchRule::Equal,
            rule_line: 0,
            frame: None,
            clues: Vec::new(),
            style: Style::Grid,
            last_line: 0,
        }
    }

    /// The file name errors will carry.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Overrides the name taken from the file stem.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.name = name.to_string();
        self
    }

    /// Board size as stated at `line` (rows, columns).
    pub fn size(&mut self, rows: usize, cols: usize, line: usize) -> &mut Self {
        self.size = Some((rows, cols, line));
        self
    }

    /// Whether a size has been stated.
    pub fn has_size(&self) -> bool {
        self.size.is_some()
    }

    /// A piece, edges north, east, south, west, read at `line`.
    pub fn piece(&mut self, edges: [String; 4], line: usize) -> &mut Self {
        self.pieces.push((line, edges));
        self
    }

    /// Number of pieces so far.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// The pieces so far, with their lines.
    pub fn pieces(&self) -> &[(usize, [String; 4])] {
        &self.pieces
    }

    /// The matching rule, stated at `line` (0 when it is the format's default).
    pub fn rule(&mut self, rule: MatchRule, line: usize) -> &mut Self {
        self.rule = rule;
        self.rule_line = line;
        self
    }

    /// The frame label, stated at `line` (0 when it is the format's default).
    pub fn frame(&mut self, label: Option<&str>, line: usize) -> &mut Self {
        self.frame = label.map(|l| (l.to_string(), line));
        self
    }

    /// A clue read at `line`.
    pub fn clue(&mut self, clue: Clue, line: usize) -> &mut Self {
        self.clues.push((line, clue));
        self
    }

    /// The rendering style.
    pub fn style(&mut self, style: Style) -> &mut Self {
        self.style = style;
        self
    }

    /// The last line of the file, used to say where a truncated file ends.
    pub fn last_line(&mut self, line: usize) -> &mut Self {
        self.last_line = line;
        self
    }

    fn err(&self, line: usize, found: impl Into<String>, expected: impl Into<String>) -> InputError {
        if line == 0 {
            InputError::whole(&self.file, found, expected)
        } else {
            InputError::at(&self.file, line, None, found, expected)
        }
    }

    /// Validates and builds the puzzle.
    pub fn build(self) -> Result<Puzzle, InputError> {
        let n = self.pieces.len();
        let (rows, cols, size_line) = match self.size {
            Some(s) => s,
            None => return Err(self.err(0, "no board size", "a board size")),
        };
        if rows == 0 || cols == 0 {
            return Err(self.err(size_line, format!("a {rows} x {cols} board"), "at least one row and one column"));
        }
        if rows.checked_mul(cols).is_none_or(|squares| squares > 1 << 20) {
            return Err(self.err(size_line, format!("a {rows} x {cols} board"), "at most 2^20 squares"));
        }
        if n != rows * cols {
            let found = if n < rows * cols {
                format!("{n} pieces (the file ends at line {})", self.last_line.max(1))
            } else {
                format!("{n} pieces (piece {} is at line {})", rows * cols + 1, self.pieces[rows * cols].0)
            };
            let at = if size_line > 0 { format!(" stated at line {size_line}") } else { String::new() };
            return Err(self.err(
                if n < rows * cols { self.last_line } else { self.pieces[rows * cols].0 },
                found,
                format!("{} pieces for the {rows} x {cols} board{at}", rows * cols),
            ));
        }

        // Intern labels in a stable, human order.
        let mut names: Vec<String> = self.pieces.iter().flat_map(|(_, e)| e.iter().cloned()).collect();
        if let Some((f, _)) = &self.frame {
            names.push(f.clone());
        }
        names.sort_by(|a, b| label_order(a, b));
        names.dedup();
        let index: BTreeMap<&str, Label> =
            names.iter().enumerate().map(|(i, s)| (s.as_str(), Label(i as u32))).collect();
        let pieces: Vec<[Label; 4]> =
            self.pieces.iter().map(|(_, e)| [0, 1, 2, 3].map(|i| index[e[i].as_str()])).collect();
        let frame = self.frame.as_ref().map(|(f, _)| index[f.as_str()]);

        // The rule must suit the labels.
        match &self.rule {
            MatchRule::Sum(_) => {
                for (line, edges) in &self.pieces {
                    for e in edges {
                        if Some(e) != self.frame.as_ref().map(|(f, _)| f) && e.parse::<i64>().is_err() {
                            return Err(self.err(
                                *line,
                                format!("label `{e}`"),
                                "integer labels, since the matching rule is a sum",
                            ));
                        }
                    }
                }
            }
            MatchRule::Pairs(pairs) => {
                if pairs.is_empty() {
                    return Err(self.err(self.rule_line, "a pairs rule with no pairs", "at least one pair a:b"));
                }
            }
            MatchRule::Equal => {}
        }

        self.check_frame_fit(rows, cols, &pieces, frame)?;

        // Clues must name real squares and pieces, each at most once.
        let mut clues = Vec::with_capacity(self.clues.len());
        let mut seen_square = BTreeMap::new();
        let mut seen_piece = BTreeMap::new();
        for &(line, clue) in &self.clues {
            if clue.row >= rows || clue.col >= cols {
                return Err(self.err(
                    line,
                    format!("a clue for square ({},{})", clue.row + 1, clue.col + 1),
                    format!("a square inside the {rows} x {cols} board"),
                ));
            }
            if clue.piece >= n {
                return Err(self.err(
                    line,
                    format!("a clue for piece {}", clue.piece + 1),
                    format!("a piece from 1 to {n}"),
                ));
            }
            if clue.rotation > 3 {
                return Err(self.err(line, format!("rotation {}", clue.rotation), "a rotation from 0 to 3"));
            }
            if let Some(prev) = seen_square.insert((clue.row, clue.col), line) {
                return Err(self.err(
                    line,
                    format!(
                        "a second clue for square ({},{}) (the first is at line {prev})",
                        clue.row + 1,
                        clue.col + 1
                    ),
                    "at most one clue per square",
                ));
            }
            if let Some(prev) = seen_piece.insert(clue.piece, line) {
                return Err(self.err(
                    line,
                    format!("a second clue for piece {} (the first is at line {prev})", clue.piece + 1),
                    "at most one clue per piece",
                ));
            }
            clues.push(clue);
        }

        Ok(Puzzle {
            name: self.name,
            rows,
            cols,
            labels: names,
            pieces,
            rule: self.rule,
            frame,
            clues,
            style: self.style,
        })
    }

    /// With a frame label, the pieces carrying it must be exactly the pieces the board's outer
    /// squares need: as many corner pieces as corners, border pieces as border squares, and so on.
    fn check_frame_fit(
        &self,
        rows: usize,
        cols: usize,
        pieces: &[[Label; 4]],
        frame: Option<Label>,
    ) -> Result<(), InputError> {
        let Some(frame) = frame else { return Ok(()) };
        let frame_name = self.frame.as_ref().map(|(f, _)| f.clone()).unwrap_or_default();
        // A pattern of frame sides, as a 4-bit mask, taken up to rotation.
        let canonical =
            |mask: u8| -> u8 { (0..4).map(|k| ((mask << k) | (mask >> (4 - k))) & 0xF).min().unwrap_or(mask) };
        let kind = |mask: u8| -> &'static str {
            match mask.count_ones() {
                0 => "inner",
                1 => "border",
                2 if canonical(mask) == 0b0011 => "corner",
                2 => "two-opposite-sides",
                3 => "three-sided",
                _ => "four-sided",
            }
        };
        let mut need: BTreeMap<u8, usize> = BTreeMap::new();
        for r in 0..rows {
            for c in 0..cols {
                let mask = (r == 0) as u8
                    | ((c + 1 == cols) as u8) << 1
                    | ((r + 1 == rows) as u8) << 2
                    | ((c == 0) as u8) << 3;
                *need.entry(canonical(mask)).or_default() += 1;
            }
        }
        let mut have: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
        for (i, p) in pieces.iter().enumerate() {
            let mask = (0..4).fold(0u8, |m, d| m | (((p[d] == frame) as u8) << d));
            have.entry(canonical(mask)).or_default().push(i);
        }
        let describe = |counts: &mut dyn Iterator<Item = (u8, usize)>| -> String {
            counts.filter(|&(_, c)| c > 0).map(|(m, c)| format!("{c} {}", kind(m))).collect::<Vec<_>>().join(", ")
        };
        for (&mask, idx) in &have {
            let needed = need.get(&mask).copied().unwrap_or(0);
            if idx.len() > needed {
                let extra = idx[needed];
                let squares = describe(&mut need.iter().map(|(&m, &c)| (m, c)));
                let pieces_desc = describe(&mut have.iter().map(|(&m, v)| (m, v.len())));
                return Err(self.err(
                    self.pieces[extra].0,
                    format!(
                        "frame labels that cannot fit: piece {} is one {} piece (frame label `{frame_name}`) more than the board has room for; the pieces are {pieces_desc}",
                        extra + 1,
                        kind(mask)
                    ),
                    format!("pieces matching the {rows} x {cols} board's squares: {squares}"),
                ));
            }
        }
        // No kind is over-supplied and the totals agree, so every kind is exactly supplied.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read_puzzle, ReadOptions};

    /// A piece up to rotation: its smallest turn.
    fn canonical(e: [Label; 4]) -> [Label; 4] {
        (0..4).map(|k| std::array::from_fn(|d| e[(d + k) % 4])).min().unwrap()
    }

    #[test]
    fn shuffling_keeps_pieces_and_clues_and_is_reproducible() {
        let text = "size 2 3\nmatch equal\npiece 1 2 3 4\npiece 5 6 7 8\npiece 1 1 2 2\npiece 3 4 4 4\n\
                    piece 9 8 7 6\npiece 1 3 5 7\nclue 1 2 2 3\nclue 2 3 6 1\n";
        let p = read_puzzle("t.wgrnd", text, &ReadOptions::default()).unwrap();
        let q = p.shuffled(7);
        assert_eq!(q, p.shuffled(7));
        assert_ne!(q.pieces, p.pieces);
        let mut a: Vec<_> = p.pieces.iter().map(|&e| canonical(e)).collect();
        let mut b: Vec<_> = q.pieces.iter().map(|&e| canonical(e)).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // A clue shows the same labels on its square before and after.
        for (c, d) in p.clues.iter().zip(&q.clues) {
            assert_eq!((c.row, c.col), (d.row, d.col));
            let shows = |pz: &Puzzle, c: &Clue| -> [Label; 4] {
                std::array::from_fn(|side| pz.pieces[c.piece][(side + c.rotation as usize) % 4])
            };
            assert_eq!(shows(&p, c), shows(&q, d));
        }
    }
}
