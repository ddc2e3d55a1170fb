//! Sound breaking of the board's rotation symmetry (the seed's `l(1,1)`, generalised).
//!
//! Turning a solved board as a whole gives another solution whenever the puzzle has no clues: a
//! quarter turn for square boards, a half turn for any board. The seed fixes piece 1 on square 1,
//! which is sound only on the 2 x 2 board (on 3 x 3 a solution may keep piece 1 in the middle of
//! an edge or in the centre, and on framed boards piece 1 need not be a corner piece). Here an
//! *anchor* piece (the first corner piece when there is a frame, else piece 1) may only lie on the
//! first square of each orbit of squares under the turns; on the centre square, which every turn
//! keeps, its own rotation is restricted instead. Each class of turned solutions keeps exactly one
//! member, so counts with breaking are counts up to board rotation.

use crate::edge::model::Puzzle;

/// The clauses' content: which squares and centre rotations the anchor keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RotationBreak {
    /// The anchor piece (0-based).
    pub anchor: usize,
    /// Squares the anchor may not occupy.
    pub forbidden_squares: Vec<usize>,
    /// The square every turn keeps (odd sizes), with the anchor rotations forbidden on it.
    pub centre: Option<(usize, Vec<u8>)>,
    /// Number of board turns broken (4 or 2).
    pub turns: usize,
}

/// The breaking for `p`, or `None` when the puzzle has clues (they break the symmetry already).
pub fn rotation_break(p: &Puzzle) -> Option<RotationBreak> {
    if !p.clues.is_empty() {
        return None;
    }
    let (rows, cols) = (p.rows, p.cols);
    let square = rows == cols;
    let turns = if square { 4 } else { 2 };
    // One step of the group: a counterclockwise quarter turn (square) or a half turn.
    let step = |s: usize| -> usize {
        let (r, c) = (s / cols, s % cols);
        if square {
            (cols - 1 - c) * cols + r
        } else {
            (rows - 1 - r) * cols + (cols - 1 - c)
        }
    };
    let anchor = match p.frame {
        Some(f) => p.pieces.iter().position(|e| {
            let m: Vec<bool> = e.iter().map(|&l| l == f).collect();
            (0..4).any(|d| m[d] && m[(d + 1) % 4]) && m.iter().filter(|&&x| x).count() == 2
        })?,
        None => 0,
    };
    let mut forbidden_squares = Vec::new();
    let mut centre = None;
    for s in 0..rows * cols {
        let orbit: Vec<usize> = std::iter::successors(Some(s), |&t| Some(step(t))).take(turns).collect();
        let min = *orbit.iter().min().expect("an orbit is never empty");
        if s != min {
            forbidden_squares.push(s);
        } else if orbit.iter().all(|&t| t == s) {
            // Every turn keeps this square and turns the anchor by one step each (1 or 2 quarter
            // turns): keep the rotations below that step.
            let quarter_per_step = 4 / turns;
            centre = Some((s, (quarter_per_step as u8..4).collect()));
        }
    }
    Some(RotationBreak { anchor, forbidden_squares, centre, turns })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    fn plain(rows: usize, cols: usize) -> Puzzle {
        let mut text = format!("size {rows} {cols}\nmatch equal\n");
        for _ in 0..rows * cols {
            text.push_str("piece 1 1 1 1\n");
        }
        read_puzzle("t.wgrnd", &text, &ReadOptions::default()).unwrap()
    }

    #[test]
    fn two_by_two_is_the_seeds_l_1_1() {
        let b = rotation_break(&plain(2, 2)).unwrap();
        assert_eq!((b.anchor, b.forbidden_squares, b.centre), (0, vec![1, 2, 3], None));
    }

    #[test]
    fn allowed_squares_meet_every_orbit_once() {
        for (r, c) in [(3, 3), (4, 4), (5, 5), (3, 4), (3, 5), (2, 6)] {
            let b = rotation_break(&plain(r, c)).unwrap();
            let allowed = r * c - b.forbidden_squares.len();
            let orbits_off_centre = (r * c - usize::from(b.centre.is_some())) / b.turns;
            assert_eq!(allowed, orbits_off_centre + usize::from(b.centre.is_some()), "{r}x{c}");
        }
        let b = rotation_break(&plain(3, 3)).unwrap();
        assert_eq!(b.forbidden_squares, vec![2, 3, 5, 6, 7, 8]);
        assert_eq!(b.centre, Some((4, vec![1, 2, 3])));
        let b = rotation_break(&plain(3, 5)).unwrap();
        assert_eq!(b.centre, Some((7, vec![2, 3])));
    }
}
