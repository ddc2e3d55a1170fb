//! The puzzle model: board, pieces, matching rule, frame and clues, in wgrnd's one internal
//! convention (see `docs/conventions.md`):
//!
//! * rows and columns are counted from 0 at the top-left internally, and from 1 in user-facing text;
//! * a piece lists its edges clockwise from the top: north, east, south, west;
//! * a rotation is a number of quarter turns *counterclockwise* (0..=3): after `k` turns the side
//!   `d` of the square shows the piece's edge `(d + k) mod 4`.

use std::collections::BTreeMap;
use std::fmt;

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

/// What a piece shows on the four sides of its square (north, east, south, west) after `k`
/// quarter turns counterclockwise: side `d` shows the piece's edge `(d + k) mod 4`. This is the one
/// place the rotation convention is written; every crate turns pieces through it.
pub fn turned<T: Copy>(edges: [T; 4], k: u8) -> [T; 4] {
    std::array::from_fn(|d| edges[(d + k as usize) % 4])
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
                // Labels are validated as integers whose partner K - label fits (the builder);
                // anything else has no partner rather than a panic or a wrapped number.
                let partner = name.parse::<i64>().ok().and_then(|v| k.checked_sub(v));
                partner.and_then(|p| self.label(&p.to_string())).into_iter().collect()
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
        let k2 = min.checked_add(*max)?;
        (k2 != k && values.iter().all(|v| k2.checked_sub(*v).is_some_and(|p| values.contains(&p)))).then_some(k2)
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
        let mut rng = wgrnd_seam::SplitMix64(seed);
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
        let pieces = order.iter().enumerate().map(|(i, &old)| turned(self.pieces[old], turns[i])).collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    /// A piece up to rotation: its smallest turn.
    fn canonical(e: [Label; 4]) -> [Label; 4] {
        (0..4).map(|k| turned(e, k)).min().unwrap()
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
            let shows = |pz: &Puzzle, c: &Clue| -> [Label; 4] { turned(pz.pieces[c.piece], c.rotation) };
            assert_eq!(shows(&p, c), shows(&q, d));
        }
    }
}
