//! The refill: a region of a full board (a rectangle, a band of rows) freed and placed again by
//! the scan search (`crate::edge::scan`) with the rest of the board fixed, allowed no more breaks
//! (mismatched inner edges) touching the region than a bound: the refill and kick moves of the
//! large-neighbourhood search. Branch and bound: each board found lowers the bound, so the search
//! ends with the region's best placement found (the current one is in the tree), its optimum when
//! it searched its whole tree within its node limit.
//!
//! Every board it returns is a full placement: each freed piece once, on a square whose frame
//! sides it shows the frame on (`fits_square`), the squares outside the region (clues among them)
//! untouched. Its cost is the number of mismatched inner edges that touch the region.

use crate::edge::lns::Tables;
use crate::edge::model::Puzzle;
use crate::edge::scan::{Budget, Limits, Scan, Verdict};
use wgrnd_seam::SplitMix64;

/// What one refill found.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The best full board found and its cost (breaks touching the region), if any.
    pub best: Option<(Vec<(usize, u8)>, u32)>,
    /// Whether the whole tree under the budget was searched: then `best` is the least cost
    /// within the budget (none: no board within it).
    pub exhausted: bool,
}

/// Mismatched inner edges that touch `region` (each counted once), on a full board.
pub(crate) fn region_breaks(t: &Tables, board: &[(usize, u8)], region: &[usize]) -> u32 {
    let mut inside = vec![false; board.len()];
    for &s in region {
        inside[s] = true;
    }
    let mut n = 0;
    for &s in region {
        let here = t.shows(board[s]);
        for (side, u) in t.neighbours(s) {
            // An edge inside the region once (from its west or north end), to the rest always.
            if inside[u] && (side == 1 || side == 2) {
                continue;
            }
            n += u32::from(!t.pair(here[side], t.shows(board[u])[(side + 2) % 4]));
        }
    }
    n
}

/// Re-fills `region` with the rest of `board` fixed: the least breaks found within `max_nodes`
/// placements, at most the region's current breaks plus `extra` (with `extra` 0 never worse),
/// the candidates in `rng`'s random order. `exhausted`: the result is the region's optimum.
pub(crate) fn refill(
    p: &Puzzle,
    t: &Tables,
    board: &[(usize, u8)],
    region: &[usize],
    extra: u32,
    max_nodes: u64,
    rng: &mut SplitMix64,
) -> Found {
    let mut fixed: Vec<Option<(usize, u8)>> = board.iter().map(|&cell| Some(cell)).collect();
    for &s in region {
        fixed[s] = None;
    }
    let scan = match Scan::new(p, &fixed, Some(rng)) {
        Ok(scan) => scan,
        // The search checked the puzzle when it began: one piece per square.
        Err(_) => return Found { best: None, exhausted: false },
    };
    let outside = scan.fixed_breaks();
    let now = region_breaks(t, board, region) + extra;
    let budget = Budget { after: vec![now; scan.free()], total: outside + now };
    let mut best = None;
    let end = scan.run(&budget, &Limits { nodes: max_nodes, stop: &|| false }, &mut |b, breaks| {
        best = Some((b.iter().map(|&(q, k)| (usize::from(q), k)).collect(), breaks - outside));
        Verdict::Better
    });
    Found { best, exhausted: end.exhausted }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::edge::encode::score::fits_square;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    /// A framed board whose pieces fit perfectly (random inner labels 1..=labels, frame 0),
    /// shuffled and turned; with `clue`, the piece of square (2,2) as a clue.
    pub(crate) fn perfect(rng: &mut SplitMix64, rows: usize, cols: usize, labels: u64, clue: bool) -> Puzzle {
        let mut label = |outer: bool| if outer { 0 } else { 1 + rng.below(labels) };
        let h: Vec<Vec<u64>> = (0..=rows).map(|r| (0..cols).map(|_| label(r == 0 || r == rows)).collect()).collect();
        let v: Vec<Vec<u64>> = (0..rows).map(|_| (0..=cols).map(|c| label(c == 0 || c == cols)).collect()).collect();
        let mut pieces: Vec<[u64; 4]> = (0..rows * cols)
            .map(|s| (s / cols, s % cols))
            .map(|(r, c)| [h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]])
            .collect();
        let mut text = format!("size {rows} {cols}\nmatch equal\nframe 0\n");
        // The piece of square i is listed where `order` holds i, turned left by `turn[i]`.
        let mut order: Vec<usize> = (0..pieces.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let turn: Vec<usize> = pieces.iter().map(|_| rng.below(4) as usize).collect();
        for (p, &j) in pieces.iter_mut().zip(&turn) {
            p.rotate_left(j);
        }
        for &i in &order {
            let p = pieces[i];
            text += &format!("piece {} {} {} {}\n", p[0], p[1], p[2], p[3]);
        }
        if clue {
            // Square (2,2): its piece, turned back.
            let s = cols + 1;
            let at = order.iter().position(|&i| i == s).unwrap_or(0);
            text += &format!("clue 2 2 {} {}\n", at + 1, (4 - turn[s]) % 4);
        }
        read_puzzle("t.wgrnd", &text, &ReadOptions::default()).unwrap()
    }

    /// Scrambles side `side` of the pieces (each takes another piece's label there, the frame
    /// kept): no perfect board then, so that moves go both ways and turns score 0 to 4.
    pub(crate) fn scramble(rng: &mut SplitMix64, p: &mut Puzzle, side: usize) {
        for q in 0..p.pieces.len() {
            let other = p.pieces[rng.below(p.pieces.len() as u64) as usize][side];
            if Some(p.pieces[q][side]) != p.frame && Some(other) != p.frame {
                p.pieces[q][side] = other;
            }
        }
    }

    /// Every full board is a placement of every piece once, frames and clues kept.
    pub(crate) fn assert_placement(p: &Puzzle, board: &[(usize, u8)]) {
        let mut seen = vec![false; p.pieces.len()];
        for (s, &(q, k)) in board.iter().enumerate() {
            assert!(!std::mem::replace(&mut seen[q], true), "piece {q} twice");
            assert!(fits_square(p, s, q, k), "piece {q} against the frame on {s}");
        }
        for c in &p.clues {
            assert_eq!(board[c.row * p.cols + c.col], (c.piece, c.rotation));
        }
    }

    /// The region's least breaks by every permutation and turn of its pieces (a plain loop).
    fn brute_region(p: &Puzzle, t: &Tables, board: &[(usize, u8)], region: &[usize]) -> u32 {
        fn go(
            p: &Puzzle,
            t: &Tables,
            b: &mut Vec<(usize, u8)>,
            region: &[usize],
            i: usize,
            left: &mut Vec<usize>,
        ) -> u32 {
            if i == region.len() {
                return region_breaks(t, b, region);
            }
            let mut best = u32::MAX;
            for j in 0..left.len() {
                let q = left.swap_remove(j);
                for k in (0..4u8).filter(|&k| fits_square(p, region[i], q, k)) {
                    b[region[i]] = (q, k);
                    best = best.min(go(p, t, b, region, i + 1, left));
                }
                left.push(q);
                let last = left.len() - 1;
                left.swap(j, last);
            }
            best
        }
        let mut left: Vec<usize> = region.iter().map(|&s| board[s].0).collect();
        go(p, t, &mut board.to_vec(), region, 0, &mut left)
    }

    #[test]
    fn an_exhausted_refill_is_the_region_s_optimum() {
        let mut rng = SplitMix64(31);
        let mut improved = 0;
        for round in 0..30 {
            let p = perfect(&mut rng, 5, 5, 3, round % 2 == 0);
            let t = Tables::new(&p);
            // A scrambled board: the greedy fill of the crate.
            let board = crate::edge::lns::fill(&p, &t, &mut rng).unwrap();
            let (h, w) = [(2, 2), (2, 3), (3, 2), (1, 5), (2, 4)][round % 5];
            let (r0, c0) = (rng.below(6 - h as u64) as usize, rng.below(6 - w as u64) as usize);
            let region: Vec<usize> =
                (r0..r0 + h).flat_map(|r| (c0..c0 + w).map(move |c| r * 5 + c)).filter(|&s| !t.pinned[s]).collect();
            let before = region_breaks(&t, &board, &region);
            let f = refill(&p, &t, &board, &region, 0, u64::MAX, &mut rng);
            assert!(f.exhausted);
            let (after, cost) = f.best.expect("the current placement is within the budget");
            assert_eq!(cost, brute_region(&p, &t, &board, &region), "round {round}");
            assert_eq!(region_breaks(&t, &after, &region), cost);
            assert_placement(&p, &after);
            for s in (0..25).filter(|s| !region.contains(s)) {
                assert_eq!(after[s], board[s]);
            }
            assert_eq!(t.score(&board) + before as usize, t.score(&after) + cost as usize);
            improved += usize::from(cost < before);
        }
        assert!(improved > 0, "no refill improved: the test would not see a lost edge");
    }
}
