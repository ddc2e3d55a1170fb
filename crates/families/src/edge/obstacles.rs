//! Why a well-formed puzzle cannot have a solution, found by counting before any solving: the
//! pieces that carry the frame label must be exactly the pieces the board's outer squares need
//! (as many corner pieces as corners, and so on), and clues must not contradict each other. Such
//! a puzzle is not bad input: it is read, and its answer is "no solution" (exit 20), with these
//! reasons. A SAT solver would find the same, but counting arguments are pigeonhole formulas,
//! which take solvers exponential time.

use std::collections::BTreeMap;

use crate::edge::model::{Label, Puzzle};

/// A 4-bit mask of the sides (north = bit 0 ... west = bit 3), taken up to rotation.
fn canonical(mask: u8) -> u8 {
    (0..4).map(|k| ((mask << k) | (mask >> (4 - k))) & 0xF).min().unwrap_or(mask)
}

fn kind(mask: u8) -> &'static str {
    match mask.count_ones() {
        0 => "inner",
        1 => "border",
        2 if canonical(mask) == 0b0011 => "corner",
        2 => "two-opposite-sides",
        3 => "three-sided",
        _ => "four-sided",
    }
}

impl Puzzle {
    /// Every reason found by counting why this puzzle has no solution (empty: none found; the
    /// puzzle may still have no solution).
    pub fn obstacles(&self) -> Vec<String> {
        let mut reasons = Vec::new();
        if let Some(frame) = self.frame {
            reasons.extend(self.frame_misfit(frame));
        }
        let mut on_square = BTreeMap::new();
        let mut of_piece = BTreeMap::new();
        for c in &self.clues {
            if let Some(other) = on_square.insert((c.row, c.col), c) {
                reasons.push(format!(
                    "two clues put pieces {} and {} on square ({},{})",
                    other.piece + 1,
                    c.piece + 1,
                    c.row + 1,
                    c.col + 1
                ));
            }
            if let Some(other) = of_piece.insert(c.piece, c) {
                if (other.row, other.col) != (c.row, c.col) {
                    reasons.push(format!(
                        "two clues put piece {} on squares ({},{}) and ({},{})",
                        c.piece + 1,
                        other.row + 1,
                        other.col + 1,
                        c.row + 1,
                        c.col + 1
                    ));
                } else {
                    reasons.push(format!(
                        "two clues give piece {} the rotations {} and {}",
                        c.piece + 1,
                        other.rotation,
                        c.rotation
                    ));
                }
            }
        }
        reasons
    }

    /// With a frame label, the kinds of pieces (by the sides that carry the frame) against the
    /// kinds of squares (by their outer sides).
    fn frame_misfit(&self, frame: Label) -> Option<String> {
        let (rows, cols) = (self.rows, self.cols);
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
        let mut have: BTreeMap<u8, usize> = BTreeMap::new();
        for p in &self.pieces {
            let mask = (0..4).fold(0u8, |m, d| m | (((p[d] == frame) as u8) << d));
            *have.entry(canonical(mask)).or_default() += 1;
        }
        if need == have {
            return None;
        }
        let describe = |counts: &BTreeMap<u8, usize>| -> String {
            counts
                .iter()
                .filter(|(_, &c)| c > 0)
                .map(|(&m, c)| format!("{c} {}", kind(m)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        Some(format!(
            "the pieces carrying the frame label `{}` do not fit the {rows} x {cols} board: it has {} squares, the pieces are {}",
            self.label_name(frame),
            describe(&need),
            describe(&have)
        ))
    }
}
