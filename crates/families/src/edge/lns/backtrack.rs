//! The budgeted backtracking fill (docs/optimise.md, "The backtracking fill"): a depth-first
//! search that places pieces square by square in a fixed scan order (row by row), the
//! candidates of a square looked up in tables indexed by the labels its west and north
//! neighbours show, and a *budget of breaks* (mismatched inner edges) that may grow with the scan
//! position. It serves twice:
//!
//! - the **start board** (`start_fill`): every square but the clues' is free, the budget follows
//!   [`Schedule`] (no break in the first squares, then a linear ramp), restarts with fresh random
//!   candidate orders, each bounded by a node count; the best full board of all restarts wins;
//! - the **refill move** (`refill`): a region (a rectangle, a band of rows) is freed with the
//!   rest of the board fixed; the budget is the region's current number of breaks, so the search
//!   finds the region's best placement (an equal one at least: the current one is in the tree),
//!   exactly when it is exhausted within its node limit.
//!
//! Every board it returns is a full placement: each freed piece once, on a square whose frame
//! sides it shows the frame on (the same rule as every encoding's, `fits_square`), the squares
//! outside the region (clues among them) untouched. Its cost, the breaks counted as it places,
//! is the number of mismatched inner edges that touch the region.

use crate::edge::encode::score::fits_square;
use crate::edge::model::Puzzle;
use wgrnd_seam::SplitMix64;

use crate::edge::lns::Tables;

/// A piece turned, with the labels it then shows (north, east, south, west).
#[derive(Clone, Copy, Debug)]
struct Cand {
    piece: u32,
    turn: u8,
    shows: [u32; 4],
}

/// A square's class: which of its sides (north 1, east 2, south 4, west 8) are outer.
fn class(t: &Tables, s: usize) -> usize {
    let (r, c) = (s / t.cols, s % t.cols);
    usize::from(r == 0)
        | usize::from(c + 1 == t.cols) << 1
        | usize::from(r + 1 == t.rows) << 2
        | usize::from(c == 0) << 3
}

/// Candidate tables over a set of pieces. `k` is the number of labels plus one: the key
/// `k - 1` stands for an outer side (no neighbour to match).
struct Lists {
    /// The pieces.
    pieces: Vec<usize>,
    k: usize,
    /// The index in the tables of each class of square the lists were made for (only those:
    /// a region has few).
    dense: [usize; 16],
    /// `(class * k + a) * k + b`: candidates that match a west neighbour showing `a` east and a
    /// north neighbour showing `b` south.
    exact: Vec<Vec<Cand>>,
    /// `class * k + a`: candidates that match a west neighbour showing `a`.
    west: Vec<Vec<Cand>>,
    /// `class * k + b`: candidates that match a north neighbour showing `b`.
    north: Vec<Vec<Cand>>,
    /// `class`: every candidate that fits the class's frame.
    all: Vec<Vec<Cand>>,
}

impl Lists {
    /// The tables of `pieces` for the classes of `squares`, each list in a random order.
    fn new(p: &Puzzle, t: &Tables, pieces: &[usize], squares: &[usize], rng: &mut SplitMix64) -> Lists {
        let k = t.nl + 1;
        let outer = t.nl;
        let mut rep = [None; 16];
        for &s in squares {
            rep[class(t, s)].get_or_insert(s);
        }
        let mut dense = [usize::MAX; 16];
        let mut m = 0;
        for (c, r) in rep.iter().enumerate() {
            if r.is_some() {
                dense[c] = m;
                m += 1;
            }
        }
        let mut l = Lists {
            pieces: pieces.to_vec(),
            k,
            dense,
            exact: vec![Vec::new(); m * k * k],
            west: vec![Vec::new(); m * k],
            north: vec![Vec::new(); m * k],
            all: vec![Vec::new(); m],
        };
        for (c, s) in rep.iter().enumerate().filter_map(|(c, s)| s.map(|s| (dense[c], s))) {
            let outer_sides = class(t, s);
            for &q in pieces {
                for turn in (0..4u8).filter(|&turn| fits_square(p, s, q, turn)) {
                    let shows = t.shows((q, turn));
                    let cand = Cand { piece: q as u32, turn, shows };
                    let keys = |outer_side: bool, label: u32| -> Vec<usize> {
                        if outer_side {
                            vec![outer]
                        } else {
                            (0..t.nl).filter(|&a| t.pair(a as u32, label)).collect()
                        }
                    };
                    let akeys = keys(outer_sides & 8 != 0, shows[3]);
                    let bkeys = keys(outer_sides & 1 != 0, shows[0]);
                    for &a in &akeys {
                        l.west[c * k + a].push(cand);
                        for &b in &bkeys {
                            l.exact[(c * k + a) * k + b].push(cand);
                        }
                    }
                    for &b in &bkeys {
                        l.north[c * k + b].push(cand);
                    }
                    l.all[c].push(cand);
                }
            }
        }
        for list in l.exact.iter_mut().chain(&mut l.west).chain(&mut l.north).chain(&mut l.all) {
            for i in (1..list.len()).rev() {
                list.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        l
    }
}

/// The break budget of the start fill as a function of the scan position `i` (0-based, over the
/// free squares in scan order, `n` of them): no break before position `quiet`, then a linear
/// ramp that allows `max` breaks in all at the last square:
/// `budget(i) = 0` for `i < quiet`, else `ceil(max * (i + 1 - quiet) / (n - quiet))`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Free squares (in scan order) placed without any break.
    pub quiet: usize,
    /// Breaks allowed over the whole board.
    pub max: u32,
}

impl Schedule {
    /// Breaks allowed up to and including position `i` of `n`.
    pub fn budget(&self, i: usize, n: usize) -> u32 {
        if i < self.quiet || n <= self.quiet {
            return if n <= self.quiet { self.max } else { 0 };
        }
        let (done, span) = ((i + 1 - self.quiet) as u64, (n - self.quiet) as u64);
        (u64::from(self.max) * done).div_ceil(span) as u32
    }
}

/// What one backtracking search found.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The best full board found and its cost (breaks touching the region), if any.
    pub best: Option<(Vec<(usize, u8)>, u32)>,
    /// Placements made.
    pub nodes: u64,
    /// Whether the whole tree under the budget was searched: then `best` is the least cost
    /// within the budget (none: no board within it).
    pub exhausted: bool,
}

/// One square of the scan: where, its class (its index in the lists), its west and north neighbours (none: an outer
/// side), and the labels that fixed east and south neighbours show towards it.
#[derive(Clone, Copy)]
struct Step {
    s: usize,
    class: usize,
    west: Option<usize>,
    north: Option<usize>,
    east_fixed: Option<u32>,
    south_fixed: Option<u32>,
}

/// The depth-first search over `region` (squares in row-major order, so that the west and north
/// neighbours of each are fixed or placed before it) with the rest of `board` fixed: full
/// placements of the lists' pieces (as many as squares, none of them outside the region) with at most
/// `budget[i]` breaks after the `i`-th square and at most `limit` in all; after each board found
/// the limit drops below its cost (branch and bound). Stops after `max_nodes` placements.
fn search(
    t: &Tables,
    board: &[(usize, u8)],
    region: &[usize],
    lists: &Lists,
    budget: &[u32],
    limit: u32,
    max_nodes: u64,
) -> Found {
    let n = region.len();
    let mut work = board.to_vec();
    let mut lab: Vec<[u32; 4]> = board.iter().map(|&cell| t.shows(cell)).collect();
    let mut free = vec![false; work.len()];
    for &s in region {
        free[s] = true;
    }
    let mut used = vec![true; t.pieces.len()];
    for &q in &lists.pieces {
        used[q] = false;
    }
    let steps: Vec<Step> = region
        .iter()
        .map(|&s| {
            let (r, c) = (s / t.cols, s % t.cols);
            let fixed = |u: usize, side: usize| (!free[u]).then(|| lab[u][side]);
            Step {
                s,
                class: lists.dense[class(t, s)],
                west: (c > 0).then(|| s - 1),
                north: (r > 0).then(|| s - t.cols),
                east_fixed: (c + 1 < t.cols).then(|| fixed(s + 1, 3)).flatten(),
                south_fixed: (r + 1 < t.rows).then(|| fixed(s + t.cols, 0)).flatten(),
            }
        })
        .collect();
    let mut found = Found { best: None, nodes: 0, exhausted: false };
    if n == 0 {
        found.best = Some((work, 0));
        found.exhausted = true;
        return found;
    }
    let k = lists.k;
    let outer = k - 1;
    let mut limit = i64::from(limit);
    // Per depth: phase (0 exact, 1 north broken, 2 west broken, 3 both), index in its list,
    // keys a (west) and b (north), the piece placed.
    let mut phase = vec![0u8; n];
    let mut index = vec![0usize; n];
    let mut keys = vec![(0usize, 0usize); n];
    let mut placed: Vec<Option<usize>> = vec![None; n];
    let mut cum = vec![0i64; n + 1];
    let enter = |d: usize, lab: &[[u32; 4]], keys: &mut [(usize, usize)]| {
        let st = &steps[d];
        let a = st.west.map_or(outer, |u| lab[u][1] as usize);
        let b = st.north.map_or(outer, |u| lab[u][2] as usize);
        keys[d] = (a, b);
    };
    enter(0, &lab, &mut keys);
    let mut d = 0usize;
    loop {
        if d == n {
            let cost = cum[n];
            if found.best.as_ref().is_none_or(|b| cost < i64::from(b.1)) {
                found.best = Some((work.clone(), cost as u32));
            }
            if cost == 0 {
                found.exhausted = true;
                break;
            }
            limit = cost - 1;
            d -= 1;
            continue;
        }
        if let Some(q) = placed[d].take() {
            used[q] = false;
        }
        if found.nodes >= max_nodes {
            break;
        }
        let st = steps[d];
        let cap = limit.min(i64::from(budget[d])) - cum[d];
        let (a, b) = keys[d];
        let c = st.class;
        let matches_a = |x: &Cand| a == outer || t.pair(a as u32, x.shows[3]);
        let matches_b = |x: &Cand| b == outer || t.pair(b as u32, x.shows[0]);
        let mut next: Option<(Cand, i64)> = None;
        while next.is_none() && phase[d] < 4 {
            let (list, base): (&[Cand], i64) = match phase[d] {
                0 => (&lists.exact[(c * k + a) * k + b], 0),
                1 if b != outer => (&lists.west[c * k + a], 1),
                2 if a != outer => (&lists.north[c * k + b], 1),
                3 if a != outer && b != outer => (&lists.all[c], 2),
                _ => (&[], 0),
            };
            if base > cap {
                phase[d] = 4;
                break;
            }
            while index[d] < list.len() {
                let x = &list[index[d]];
                index[d] += 1;
                if used[x.piece as usize] {
                    continue;
                }
                let own = match phase[d] {
                    1 => !matches_b(x),
                    2 => !matches_a(x),
                    3 => !matches_a(x) && !matches_b(x),
                    _ => true,
                };
                if !own {
                    continue;
                }
                let extra = i64::from(st.east_fixed.is_some_and(|e| !t.pair(x.shows[1], e)))
                    + i64::from(st.south_fixed.is_some_and(|e| !t.pair(x.shows[2], e)));
                if base + extra <= cap {
                    next = Some((*x, base + extra));
                    break;
                }
            }
            if next.is_none() {
                phase[d] += 1;
                index[d] = 0;
            }
        }
        match next {
            Some((x, cost)) => {
                let q = x.piece as usize;
                used[q] = true;
                placed[d] = Some(q);
                work[st.s] = (q, x.turn);
                lab[st.s] = x.shows;
                cum[d + 1] = cum[d] + cost;
                found.nodes += 1;
                d += 1;
                if d < n {
                    phase[d] = 0;
                    index[d] = 0;
                    enter(d, &lab, &mut keys);
                }
            }
            None => {
                if d == 0 {
                    found.exhausted = true;
                    break;
                }
                d -= 1;
            }
        }
    }
    found
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

/// Re-fills `region` (row-major) with the rest of `board` fixed: the least breaks found within
/// `max_nodes` placements, at most the region's current breaks plus `extra` (with `extra` 0
/// never worse). `exhausted`: the result is the region's optimum.
pub(crate) fn refill(
    p: &Puzzle,
    t: &Tables,
    board: &[(usize, u8)],
    region: &[usize],
    extra: u32,
    max_nodes: u64,
    rng: &mut SplitMix64,
) -> Found {
    let pieces: Vec<usize> = region.iter().map(|&s| board[s].0).collect();
    let lists = Lists::new(p, t, &pieces, region, rng);
    let now = region_breaks(t, board, region) + extra;
    let budget = vec![now; region.len()];
    search(t, board, region, &lists, &budget, now, max_nodes)
}

/// A full board and its breaks.
pub(crate) type Scored = (Vec<(usize, u8)>, u32);

/// What the start fill did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillStats {
    /// Restarts (searches with a fresh candidate order).
    pub restarts: u64,
    /// Placements over all restarts.
    pub nodes: u64,
    /// Restarts that found a full board better than the best before.
    pub improved: u64,
}

/// The start fill's placements: at most `per_restart` in each restart, `total` in all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FillNodes {
    pub per_restart: u64,
    pub total: u64,
}

/// The start fill: restarts of the budgeted search over every square but the clues', each with a
/// fresh random candidate order and at most `nodes.per_restart` placements, until `stop()`
/// says so (checked between restarts), `nodes.total` placements are made (the last restart cut
/// to them) or a board without break is found. The first restart uses `first`; after a board
/// with `m` breaks the next ones allow `m - 1`; a restart that searches its whole tree halves
/// `quiet` (and with `quiet` 0 the search ends: its best board is optimal). Returns the best full
/// board and its breaks, or none when no restart completed a board.
pub(crate) fn start_fill(
    p: &Puzzle,
    t: &Tables,
    first: Schedule,
    nodes: FillNodes,
    rng: &mut SplitMix64,
    stop: &mut dyn FnMut(Option<&Scored>) -> bool,
    stats: &mut FillStats,
) -> Option<(Vec<(usize, u8)>, u32)> {
    let n = t.rows * t.cols;
    let mut board = vec![(0usize, 0u8); n];
    for c in &p.clues {
        board[c.row * t.cols + c.col] = (c.piece, c.rotation);
    }
    let region: Vec<usize> = (0..n).filter(|&s| !t.pinned[s]).collect();
    let pieces: Vec<usize> = {
        let mut clue = vec![false; p.pieces.len()];
        for c in &p.clues {
            clue[c.piece] = true;
        }
        (0..p.pieces.len()).filter(|&q| !clue[q]).collect()
    };
    // Breaks between two clues are no one's choice: counted once, on top.
    let fixed: u32 = {
        let mut m = 0;
        for s in (0..n).filter(|&s| t.pinned[s]) {
            for (side, u) in t.neighbours(s).filter(|&(side, _)| side == 1 || side == 2) {
                m += u32::from(t.pinned[u] && !t.pair(t.shows(board[s])[side], t.shows(board[u])[(side + 2) % 4]));
            }
        }
        m
    };
    let mut best: Option<(Vec<(usize, u8)>, u32)> = None;
    let mut schedule = first;
    let mut stop_now = false;
    while !stop_now && stats.nodes < nodes.total && !stop(best.as_ref()) {
        let lists = Lists::new(p, t, &pieces, &region, rng);
        let allowed = schedule.max.saturating_sub(fixed);
        let budget: Vec<u32> =
            (0..region.len()).map(|i| Schedule { max: allowed, ..schedule }.budget(i, region.len())).collect();
        let f = search(t, &board, &region, &lists, &budget, allowed, nodes.per_restart.min(nodes.total - stats.nodes));
        stats.restarts += 1;
        stats.nodes += f.nodes;
        if f.exhausted {
            // The whole tree under this schedule is searched: another order finds nothing new,
            // so the quiet part halves (with none, the best board is the optimum).
            if schedule.quiet == 0 {
                stop_now = true;
            }
            schedule.quiet /= 2;
        }
        if let Some((b, cost)) = f.best {
            let breaks = cost + fixed;
            if best.as_ref().is_none_or(|x| breaks < x.1) {
                stats.improved += 1;
                best = Some((b, breaks));
                if breaks == 0 {
                    break;
                }
                schedule.max = breaks - 1;
            }
        }
    }
    best
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
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

    #[test]
    fn the_schedule_is_quiet_then_ramps_to_its_maximum() {
        let s = Schedule { quiet: 4, max: 6 };
        let b: Vec<u32> = (0..10).map(|i| s.budget(i, 10)).collect();
        assert_eq!(b, [0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(Schedule { quiet: 10, max: 3 }.budget(9, 10), 3);
    }

    #[test]
    fn with_no_break_allowed_the_fill_finds_the_perfect_board() {
        let mut rng = SplitMix64(5);
        for (rows, cols, clue) in [(4, 4, false), (5, 5, true), (6, 6, false), (5, 6, true)] {
            let p = perfect(&mut rng, rows, cols, 4, clue);
            let t = Tables::new(&p);
            let mut stats = FillStats::default();
            let mut rounds = 0;
            let got = start_fill(
                &p,
                &t,
                Schedule { quiet: 0, max: 0 },
                FillNodes { per_restart: u64::MAX, total: u64::MAX },
                &mut rng,
                &mut |_| {
                    rounds += 1;
                    rounds > 1
                },
                &mut stats,
            );
            let (board, breaks) = got.expect("a perfect board exists and the search is exhaustive");
            assert_eq!(breaks, 0);
            assert_placement(&p, &board);
            assert_eq!(t.score(&board), rows * (cols - 1) + (rows - 1) * cols);
        }
    }

    #[test]
    fn the_fill_s_breaks_are_the_checker_s_lost_edges() {
        let mut rng = SplitMix64(9);
        for (rows, cols) in [(4, 4), (5, 5), (6, 6)] {
            // Labels scrambled on some pieces: no perfect board, breaks needed.
            let mut p = perfect(&mut rng, rows, cols, 3, true);
            for q in 0..p.pieces.len() {
                if rng.below(3) == 0 {
                    let side = rng.below(4) as usize;
                    let other = p.pieces[rng.below(p.pieces.len() as u64) as usize][side];
                    if Some(p.pieces[q][side]) != p.frame && Some(other) != p.frame {
                        p.pieces[q][side] = other;
                    }
                }
            }
            let t = Tables::new(&p);
            let mut stats = FillStats::default();
            let mut restarts = 0;
            let (board, breaks) = start_fill(
                &p,
                &t,
                Schedule { quiet: cols, max: 12 },
                FillNodes { per_restart: 20_000, total: u64::MAX },
                &mut rng,
                &mut |_| {
                    restarts += 1;
                    restarts > 5
                },
                &mut stats,
            )
            .expect("a board within 12 breaks");
            assert_placement(&p, &board);
            let placements = crate::edge::lns::placements(p.cols, &board);
            let checked = crate::edge::check::edge_score(&p, &placements);
            assert_eq!(checked.total - checked.matched, breaks as usize);
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

    /// Eternity II with its hints: the start fill's breaks over time, for tuning
    /// (`E2_QUIET` per mille of the free squares, `E2_MAX` breaks, `E2_NODES` per restart,
    /// `E2_SECS`); release build: `cargo test --release -p wgrnd-lns e2_fill -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn e2_fill() {
        let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/heule/e2hints.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let p = read_puzzle(path, &text, &ReadOptions::default()).unwrap();
        let t = Tables::new(&p);
        let free = t.pinned.iter().filter(|&&x| !x).count();
        let first = Schedule { quiet: free * env("E2_QUIET", 375) as usize / 1000, max: env("E2_MAX", 80) as u32 };
        let started = std::time::Instant::now();
        let secs = env("E2_SECS", 20) as f64;
        let mut rng = SplitMix64(env("E2_SEED", 1));
        let mut stats = FillStats::default();
        let mut last = None;
        let got = start_fill(
            &p,
            &t,
            first,
            FillNodes { per_restart: env("E2_NODES", 2_000_000), total: u64::MAX },
            &mut rng,
            &mut |b| {
                if let Some(b) = b {
                    if last != Some(b.1) {
                        last = Some(b.1);
                        println!(
                            "{:.2} s: breaks {} score {}",
                            started.elapsed().as_secs_f64(),
                            b.1,
                            t.total() - b.1 as usize
                        );
                    }
                }
                started.elapsed().as_secs_f64() > secs
            },
            &mut stats,
        );
        println!("{stats:?}, {:.1} M placements/s", stats.nodes as f64 / 1e6 / started.elapsed().as_secs_f64());
        if let Some((board, _)) = got {
            assert_placement(&p, &board);
        }
    }
}
