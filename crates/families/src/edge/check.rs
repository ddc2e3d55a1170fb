//! # wgrnd-check
//!
//! Owns the verdict on a solution. Given a puzzle and a list of placements it re-checks, from the
//! puzzle's definition alone, that every square holds exactly one piece, every piece is used
//! exactly once, every touching pair of edges matches under the rule, the frame label lies on
//! exactly the outer edges, and every clue is respected. It shares no code with the encoder: it
//! turns pieces by moving their edges one quarter turn at a time and evaluates the matching rule
//! from its definition (label names and numbers), not from any table the encoder uses. Every
//! solution wgrnd prints has passed this check first. Packings (seed 003) are checked in
//! [`packing`] the same way: cells filled once, copies counted, each piece a rigid motion of its
//! kind found by turning it, not from the encoder's list of dispositions. A board, full or
//! partial, right or wrong, is also scored the Eternity II community's way ([`edge_score`]:
//! matched inner edges out of all).

#![warn(missing_docs)]

pub use crate::edge::score::{edge_score, EdgeScore, InnerEdge};
pub use crate::packing::check::{check_packing, PackingViolation};

use std::fmt;

use crate::edge::model::{turned, MatchRule, Placement, Puzzle};

const SIDE_NAMES: [&str; 4] = ["north", "east", "south", "west"];

/// One way a set of placements fails to solve the puzzle. Positions are printed from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// No piece lies on the square.
    EmptySquare {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// Several pieces lie on the square.
    CrowdedSquare {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// 0-based pieces.
        pieces: Vec<usize>,
    },
    /// The piece is not placed.
    UnusedPiece {
        /// 0-based piece.
        piece: usize,
    },
    /// The piece is placed more than once.
    ReusedPiece {
        /// 0-based piece.
        piece: usize,
        /// How often.
        times: usize,
    },
    /// Two touching edges do not match.
    Mismatch {
        /// 0-based (row, col) of the first square, the side of it, the label shown.
        a: (usize, usize, usize, String),
        /// The same for the square across the edge.
        b: (usize, usize, usize, String),
        /// The rule, as text.
        rule: String,
    },
    /// An outer edge does not show the frame label.
    FrameMissing {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Side index, north = 0 clockwise.
        side: usize,
        /// The label shown.
        shown: String,
        /// The frame label.
        frame: String,
    },
    /// An inner edge shows the frame label.
    FrameInside {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Side index, north = 0 clockwise.
        side: usize,
        /// The frame label.
        frame: String,
    },
    /// A clue is not respected.
    ClueBroken {
        /// 0-based piece of the clue.
        piece: usize,
        /// 0-based (row, col, rotation) the clue asks for.
        wanted: (usize, usize, u8),
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::EmptySquare { row, col } => write!(f, "square ({},{}) holds no piece", row + 1, col + 1),
            Violation::CrowdedSquare { row, col, pieces } => write!(
                f,
                "square ({},{}) holds {} pieces: {}",
                row + 1,
                col + 1,
                pieces.len(),
                pieces.iter().map(|p| (p + 1).to_string()).collect::<Vec<_>>().join(", ")
            ),
            Violation::UnusedPiece { piece } => write!(f, "piece {} is not placed", piece + 1),
            Violation::ReusedPiece { piece, times } => write!(f, "piece {} is placed {times} times", piece + 1),
            Violation::Mismatch { a, b, rule } => write!(
                f,
                "edge between ({},{}) {} and ({},{}) {}: `{}` against `{}` does not match under `{rule}`",
                a.0 + 1,
                a.1 + 1,
                SIDE_NAMES[a.2],
                b.0 + 1,
                b.1 + 1,
                SIDE_NAMES[b.2],
                a.3,
                b.3
            ),
            Violation::FrameMissing { row, col, side, shown, frame } => write!(
                f,
                "outer edge ({},{}) {} shows `{shown}`, not the frame label `{frame}`",
                row + 1,
                col + 1,
                SIDE_NAMES[*side]
            ),
            Violation::FrameInside { row, col, side, frame } => {
                write!(f, "inner edge ({},{}) {} shows the frame label `{frame}`", row + 1, col + 1, SIDE_NAMES[*side])
            }
            Violation::ClueBroken { piece, wanted } => write!(
                f,
                "clue broken: piece {} must lie on ({},{}) with rotation {}",
                piece + 1,
                wanted.0 + 1,
                wanted.1 + 1,
                wanted.2
            ),
        }
    }
}

/// The checker's verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Every violation found, in board order.
    pub violations: Vec<Violation>,
    /// Under a sum rule that the placements break: the one sum every inner edge has, if there is
    /// one. This is how a table made for another K shows itself.
    pub consistent_sum: Option<i64>,
}

impl Report {
    /// Whether the placements solve the puzzle.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }
}

/// Whether labels `a` and `b` match across an inner edge, from the rule's definition.
pub(crate) fn matches(rule: &MatchRule, a: &str, b: &str) -> bool {
    match rule {
        MatchRule::Equal => a == b,
        MatchRule::Sum(k) => match (a.parse::<i64>(), b.parse::<i64>()) {
            (Ok(x), Ok(y)) => x.checked_add(y) == Some(*k),
            _ => false,
        },
        MatchRule::Pairs(pairs) => pairs.iter().any(|(x, y)| (x == a && y == b) || (x == b && y == a)),
    }
}

/// Checks placements against the puzzle.
pub fn check(p: &Puzzle, placements: &[Placement]) -> Report {
    let mut v = Vec::new();
    // Per square: how many pieces lie on it, and the first (a grid, not a map: counting checks
    // every solution it finds, tens of thousands a second).
    let mut on: Vec<(usize, Option<&Placement>)> = vec![(0, None); p.rows * p.cols];
    for pl in placements {
        if pl.row < p.rows && pl.col < p.cols {
            let square = &mut on[pl.row * p.cols + pl.col];
            square.0 += 1;
            square.1 = square.1.or(Some(pl));
        }
    }
    let mut uses = vec![0usize; p.pieces.len()];
    for pl in placements {
        if let Some(u) = uses.get_mut(pl.piece) {
            *u += 1;
        }
    }
    for row in 0..p.rows {
        for col in 0..p.cols {
            match on[row * p.cols + col].0 {
                0 => v.push(Violation::EmptySquare { row, col }),
                1 => {}
                _ => v.push(Violation::CrowdedSquare {
                    row,
                    col,
                    pieces: placements.iter().filter(|pl| pl.row == row && pl.col == col).map(|pl| pl.piece).collect(),
                }),
            }
        }
    }
    for (piece, &n) in uses.iter().enumerate() {
        match n {
            0 => v.push(Violation::UnusedPiece { piece }),
            1 => {}
            times => v.push(Violation::ReusedPiece { piece, times }),
        }
    }

    // What each square shows, where exactly one piece lies on it (worked out once per square), as
    // indices into the puzzle's labels: the rule and the frame are judged on the labels' names,
    // once per label below, not once per edge (counting checks tens of thousands of boards).
    let shown_at: Vec<Option<[usize; 4]>> = on
        .iter()
        .map(|square| match square {
            (1, Some(pl)) => Some(turned(p.pieces.get(pl.piece)?.map(|l| l.0 as usize), pl.rotation)),
            _ => None,
        })
        .collect();
    let shown = |row: usize, col: usize| -> Option<[usize; 4]> {
        if row < p.rows && col < p.cols {
            shown_at[row * p.cols + col]
        } else {
            None
        }
    };
    let name = |label: usize| p.labels[label].as_str();
    let frame = p.frame.map(|f| name(f.0 as usize));
    // Per label: whether its name is the frame's, and its number (for a sum rule).
    let is_frame: Vec<bool> = p.labels.iter().map(|l| frame == Some(l.as_str())).collect();
    let numbers: Vec<Option<i64>> = match p.rule {
        MatchRule::Sum(_) => p.labels.iter().map(|l| l.parse::<i64>().ok()).collect(),
        _ => Vec::new(),
    };
    let matching = |a: usize, b: usize| match &p.rule {
        // The same label is the same name; different labels are compared by name.
        MatchRule::Equal => a == b || name(a) == name(b),
        MatchRule::Sum(k) => matches!((numbers[a], numbers[b]), (Some(x), Some(y)) if x.checked_add(y) == Some(*k)),
        rule => matches(rule, name(a), name(b)),
    };
    let mut sums = Vec::new();
    for row in 0..p.rows {
        for col in 0..p.cols {
            let Some(here) = shown(row, col) else { continue };
            // Outer sides and the frame.
            let outer = [row == 0, col + 1 == p.cols, row + 1 == p.rows, col == 0];
            if let Some(fr) = frame {
                for side in 0..4 {
                    if outer[side] && !is_frame[here[side]] {
                        v.push(Violation::FrameMissing {
                            row,
                            col,
                            side,
                            shown: name(here[side]).to_string(),
                            frame: fr.to_string(),
                        });
                    }
                    if !outer[side] && is_frame[here[side]] {
                        v.push(Violation::FrameInside { row, col, side, frame: fr.to_string() });
                    }
                }
            }
            // Inner edges to the east and south, each once.
            for (side, (r2, c2)) in [(1usize, (row, col + 1)), (2usize, (row + 1, col))] {
                if outer[side] {
                    continue;
                }
                let Some(there) = shown(r2, c2) else { continue };
                let (a, b) = (here[side], there[(side + 2) % 4]);
                if is_frame[a] || is_frame[b] {
                    continue; // reported as FrameInside
                }
                // The sums only serve the Sum rule's note about a table made for another constant.
                if let (Some(x), Some(y)) = (numbers.get(a).copied().flatten(), numbers.get(b).copied().flatten()) {
                    sums.push(x.saturating_add(y));
                }
                if !matching(a, b) {
                    v.push(Violation::Mismatch {
                        a: (row, col, side, name(a).to_string()),
                        b: (r2, c2, (side + 2) % 4, name(b).to_string()),
                        rule: p.rule.to_string(),
                    });
                }
            }
        }
    }
    for c in &p.clues {
        let ok = placements
            .iter()
            .any(|pl| pl.piece == c.piece && pl.row == c.row && pl.col == c.col && pl.rotation == c.rotation);
        if !ok {
            v.push(Violation::ClueBroken { piece: c.piece, wanted: (c.row, c.col, c.rotation) });
        }
    }
    let consistent_sum = match p.rule {
        MatchRule::Sum(k)
            if !v.is_empty() && !sums.is_empty() && sums.iter().all(|&s| s == sums[0]) && sums[0] != k =>
        {
            Some(sums[0])
        }
        _ => None,
    };
    Report { violations: v, consistent_sum }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_quarter_turn_counterclockwise_brings_east_to_north() {
        assert_eq!(turned(["n", "e", "s", "w"], 1), ["e", "s", "w", "n"]);
        assert_eq!(turned(["n", "e", "s", "w"], 2), ["s", "w", "n", "e"]);
        assert_eq!(turned(["n", "e", "s", "w"], 4), ["n", "e", "s", "w"]);
    }

    #[test]
    fn rules_from_their_definition() {
        assert!(matches(&MatchRule::Sum(9), "1", "8"));
        assert!(!matches(&MatchRule::Sum(9), "1", "1"));
        assert!(matches(&MatchRule::Pairs(vec![("puz".into(), "zle".into())]), "zle", "puz"));
        assert!(!matches(&MatchRule::Pairs(vec![("puz".into(), "zle".into())]), "puz", "puz"));
        assert!(matches(&MatchRule::Equal, "7", "7"));
    }
}
