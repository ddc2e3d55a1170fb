//! The Eternity II community's score of a board, full or partial, right or wrong: how many inner
//! edges match (e2.bucas.name counts N/480 on the 16 x 16 board). Frame edges are not counted; an
//! inner edge counts when a single piece lies on each side and the two labels match under the
//! puzzle's rule (a frame label inside matches nothing). Drawings use the list of mismatched edges
//! to mark them.

use std::collections::BTreeMap;

use crate::edge::model::{turned, Placement, Puzzle};

use crate::edge::check::matches;

/// An inner edge of the board, named by the square west or north of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct InnerEdge {
    /// 0-based row of the square west or north of the edge.
    pub row: usize,
    /// 0-based column of that square.
    pub col: usize,
    /// Its side on that square: 1 = east (the edge is vertical), 2 = south (horizontal).
    pub side: usize,
}

/// How many inner edges match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeScore {
    /// Inner edges whose two sides match.
    pub matched: usize,
    /// All inner edges: `rows (cols - 1) + (rows - 1) cols` (480 on the 16 x 16 board).
    pub total: usize,
    /// Inner edges with a piece on both sides that do not match, in board order.
    pub mismatched: Vec<InnerEdge>,
}

/// Scores placements (any: partial, crowded, wrong) on the puzzle's board.
pub fn edge_score(p: &Puzzle, placements: &[Placement]) -> EdgeScore {
    let mut on: BTreeMap<(usize, usize), Vec<&Placement>> = BTreeMap::new();
    for pl in placements {
        on.entry((pl.row, pl.col)).or_default().push(pl);
    }
    // What a square shows where exactly one known piece lies on it.
    let shown = |row: usize, col: usize| -> Option<[&str; 4]> {
        match on.get(&(row, col)).map(|x| x.as_slice()) {
            Some([pl]) => {
                let names = p.pieces.get(pl.piece)?.map(|l| p.labels[l.0 as usize].as_str());
                Some(turned(names, pl.rotation % 4))
            }
            _ => None,
        }
    };
    let frame = p.frame.map(|f| p.labels[f.0 as usize].as_str());
    let total = p.rows * p.cols.saturating_sub(1) + p.rows.saturating_sub(1) * p.cols;
    let mut score = EdgeScore { total, ..EdgeScore::default() };
    for row in 0..p.rows {
        for col in 0..p.cols {
            for (side, r2, c2) in [(1, row, col + 1), (2, row + 1, col)] {
                if r2 >= p.rows || c2 >= p.cols {
                    continue;
                }
                let (Some(here), Some(there)) = (shown(row, col), shown(r2, c2)) else { continue };
                let (a, b) = (here[side], there[(side + 2) % 4]);
                if frame != Some(a) && frame != Some(b) && matches(&p.rule, a, b) {
                    score.matched += 1;
                } else {
                    score.mismatched.push(InnerEdge { row, col, side });
                }
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    #[test]
    fn counts_matched_inner_edges_only() {
        let text = "size 1 2\nframe 0\npiece 0 1 0 0\npiece 0 0 0 1\n";
        let p = read_puzzle("t.wgrnd", text, &ReadOptions::default()).unwrap();
        let at = |col, piece, rotation| Placement { row: 0, col, piece, rotation };
        assert_eq!(edge_score(&p, &[at(0, 0, 0), at(1, 1, 0)]).matched, 1);
        let wrong = edge_score(&p, &[at(0, 0, 2), at(1, 1, 0)]);
        assert_eq!((wrong.matched, wrong.total), (0, 1));
        assert_eq!(wrong.mismatched, vec![InnerEdge { row: 0, col: 0, side: 1 }]);
        let partial = edge_score(&p, &[at(0, 0, 0)]);
        assert_eq!((partial.matched, partial.mismatched.len()), (0, 0));
    }
}
