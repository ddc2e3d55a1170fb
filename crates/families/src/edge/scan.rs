//! The scan search: edge matching's own engine beside SAT (docs/scan.md).
//!
//! A depth-first search that places pieces square by square in row-major order, so that when a
//! square is reached its west and north neighbours are known (placed, a clue, or the outside).
//! Its candidates are looked up, not filtered: every piece in every turn that fits the square's
//! frame sides sits in flat lists indexed by the labels the west and north neighbours show, so
//! the inner loop reads one contiguous slice and tests one flag (the piece in use) per candidate.
//! Nothing is allocated while it searches.
//!
//! The same loop serves three searches:
//!
//! - **exact** ([`solve`]): no mismatched inner edge allowed; restarts with fresh random list
//!   orders under a growing node limit (a run that ends within its limit has searched its whole
//!   tree: no solution), so it is complete, and it races the SAT solvers in the portfolio;
//! - **by score** ([`Budget`]): mismatched inner edges (*breaks*) allowed up to a cumulative
//!   budget per scan position, tried only after the square's matching candidates (first those
//!   breaking the north edge, then the west, then both), with branch and bound on the total;
//! - **counting** (tests): every solution, to compare with brute force.
//!
//! Clues are fixed squares; a square next to a clue on its east or south side checks the clue's
//! label there (a mismatch is a break). Which pieces may lie where by the frame is the encodings'
//! rule (`fits_square`). Every board it returns is a full placement; callers check it with the
//! independent checker like any other answer.

use std::time::Instant;

use crate::edge::encode::score::fits_square;
use crate::edge::model::{turned, Label, Placement, Puzzle};
use wgrnd_seam::SplitMix64;

/// No label: no fixed neighbour on that side.
const NO_LABEL: u16 = u16::MAX;
/// No square: the side is outer.
const NO_SQUARE: u32 = u32::MAX;
/// The nodes between two looks at the clock and the stop flag.
const POLL: u64 = 1 << 14;

/// A square's piece and turn (counterclockwise quarter turns) on a board of the search.
pub type Cell = (u16, u8);

/// A full board (row-major) and its breaks.
pub type Scored = (Vec<Cell>, u32);

/// A piece in one turn, with the labels it then shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cand {
    piece: u16,
    turn: u16,
    /// North, east, south, west.
    shows: [u16; 4],
}

/// One square of the scan and what it looks at.
#[derive(Clone, Copy, Debug)]
struct Step {
    square: u32,
    /// The base index of its class's lists (`class * keys * keys`).
    lists: u32,
    west: u32,
    north: u32,
    /// The label a clue east of it shows on its west side.
    east_clue: u16,
    /// The label a clue south of it shows on its north side.
    south_clue: u16,
}

/// Why the engine does not take a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unfit {
    /// The pieces are not exactly one per square.
    #[error("the scan search needs one piece per square ({pieces} pieces, {squares} squares)")]
    PieceCount {
        /// Pieces.
        pieces: usize,
        /// Squares.
        squares: usize,
    },
    /// Too many pieces (above 65,534) or labels (its tables would pass 4 M lists).
    #[error("the scan search takes at most 65,534 pieces and about 680 labels")]
    TooLarge,
}

/// The most list heads the tables may have (classes of square times keys squared): 4 M, about
/// 100 MB of empty lists; Eternity II has 9 x 25 x 25.
const MAX_LISTS: usize = 1 << 22;

/// Whether the scan search takes `p` (one piece per square, tables of a sensible size), without
/// building its tables.
pub fn takes(p: &Puzzle) -> bool {
    let keys = p.labels.len() + 2;
    p.pieces.len() == p.squares() && p.squares() < usize::from(u16::MAX) && 9 * keys * keys <= MAX_LISTS
}

/// The tables of one puzzle with some squares fixed: the scan, the candidate lists, the matching
/// relation.
#[derive(Clone, Debug)]
pub struct Scan {
    rows: usize,
    cols: usize,
    /// Labels plus two keys: `out` (an outer side: nothing to match) and `any` (a break).
    keys: usize,
    labels: usize,
    /// `pair[a * labels + b]`: labels a and b match across an inner edge.
    pair: Vec<bool>,
    steps: Vec<Step>,
    cands: Vec<Cand>,
    /// `start[l]..start[l + 1]`: the candidates of list `l` = `(class * keys + west) * keys + north`.
    start: Vec<u32>,
    /// The fixed squares (clues), `None` where the search places.
    fixed: Vec<Option<(u16, u8)>>,
    /// The labels the fixed squares show (north, east, south, west), `NO_LABEL` elsewhere.
    fixed_shown: Vec<[u16; 4]>,
    /// Breaks between two fixed squares: paid by every board.
    fixed_breaks: u32,
    /// Whether every fixed piece fits its square's frame (else no board is valid).
    fixed_fit: bool,
    pieces: usize,
}

/// What a board found is worth to the caller: go on, go on below its breaks, or stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep searching with the same limit (counting).
    More,
    /// Keep searching for boards with fewer breaks than this one (branch and bound).
    Better,
    /// Stop the run.
    Stop,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunEnd {
    /// Placements made.
    pub nodes: u64,
    /// The whole tree within the budget was searched.
    pub exhausted: bool,
}

/// Cumulative breaks allowed after each scan position (the search's own breaks, not those
/// between clues) and on the whole board (clue breaks included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// After the `i`-th free square in scan order, at most this many breaks made so far.
    pub after: Vec<u32>,
    /// Breaks on the whole board, at most.
    pub total: u32,
}

impl Budget {
    /// No break anywhere: exact solving.
    pub fn exact(free: usize) -> Budget {
        Budget { after: vec![0; free], total: 0 }
    }
}

/// When a run stops early.
pub struct Limits<'a> {
    /// Placements, at most.
    pub nodes: u64,
    /// Asked every few thousand placements (a deadline, Ctrl-C, another member won).
    pub stop: &'a dyn Fn() -> bool,
}

impl Scan {
    /// The tables for `p` with the squares of `fixed` (pieces and turns; its clues, or a board's
    /// fixed part) kept, each list in `rng`'s random order (`None`: pieces in file order, turns
    /// in order).
    pub fn new(p: &Puzzle, fixed: &[Option<(usize, u8)>], rng: Option<&mut SplitMix64>) -> Result<Scan, Unfit> {
        let squares = p.squares();
        if p.pieces.len() != squares {
            return Err(Unfit::PieceCount { pieces: p.pieces.len(), squares });
        }
        let labels = p.labels.len();
        if !takes(p) {
            return Err(Unfit::TooLarge);
        }
        let keys = labels + 2;
        let (out, any) = (labels, labels + 1);
        let mut pair = vec![false; labels * labels];
        for a in 0..labels {
            for b in p.matching_labels(Label(a as u32)) {
                pair[a * labels + b.index()] = true;
            }
        }
        let (rows, cols) = (p.rows, p.cols);
        let shows = |q: usize, k: u8| -> [u16; 4] { turned(p.pieces[q], k).map(|l| l.0 as u16) };
        let class = |s: usize| -> usize {
            let (r, c) = (s / cols, s % cols);
            usize::from(r == 0)
                | usize::from(c + 1 == cols) << 1
                | usize::from(r + 1 == rows) << 2
                | usize::from(c == 0) << 3
        };
        let fixed_cells: Vec<Option<(u16, u8)>> = fixed.iter().map(|f| f.map(|(q, k)| (q as u16, k))).collect();
        let mut in_use = vec![false; p.pieces.len()];
        let mut fixed_fit = true;
        for (s, f) in fixed.iter().enumerate() {
            if let Some((q, k)) = *f {
                in_use[q] = true;
                fixed_fit &= fits_square(p, s, q, k);
            }
        }
        let free_pieces: Vec<usize> = (0..p.pieces.len()).filter(|&q| !in_use[q]).collect();
        // A dense index per class of square present among the free squares.
        let free: Vec<usize> = (0..squares).filter(|&s| fixed[s].is_none()).collect();
        let mut dense = [usize::MAX; 16];
        let mut reps = Vec::new();
        for &s in &free {
            if dense[class(s)] == usize::MAX {
                dense[class(s)] = reps.len();
                reps.push(s);
            }
        }
        // Lists: every candidate fitting a class's frame, under each (west key, north key) it
        // answers: the labels it matches on an inner side and `any`, `out` on an outer side.
        let mut lists: Vec<Vec<Cand>> = vec![Vec::new(); reps.len() * keys * keys];
        let side_keys = |outer: bool, label: u16| -> Vec<usize> {
            if outer {
                vec![out]
            } else {
                (0..labels).filter(|&a| pair[a * labels + usize::from(label)]).chain([any]).collect()
            }
        };
        for (c, &s) in reps.iter().enumerate() {
            let cl = class(s);
            for &q in &free_pieces {
                for k in (0..4u8).filter(|&k| fits_square(p, s, q, k)) {
                    let x = Cand { piece: q as u16, turn: u16::from(k), shows: shows(q, k) };
                    for a in side_keys(cl & 8 != 0, x.shows[3]) {
                        for b in side_keys(cl & 1 != 0, x.shows[0]) {
                            lists[(c * keys + a) * keys + b].push(x);
                        }
                    }
                }
            }
        }
        if let Some(rng) = rng {
            for list in &mut lists {
                for i in (1..list.len()).rev() {
                    list.swap(i, rng.below(i as u64 + 1) as usize);
                }
            }
        }
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut cands = Vec::new();
        for list in &lists {
            start.push(cands.len() as u32);
            cands.extend_from_slice(list);
        }
        start.push(cands.len() as u32);
        let fixed_label = |s: usize, side: usize| -> u16 { fixed[s].map_or(NO_LABEL, |(q, k)| shows(q, k)[side]) };
        let steps = free
            .iter()
            .map(|&s| {
                let (r, c) = (s / cols, s % cols);
                Step {
                    square: s as u32,
                    lists: (dense[class(s)] * keys * keys) as u32,
                    west: if c > 0 { (s - 1) as u32 } else { NO_SQUARE },
                    north: if r > 0 { (s - cols) as u32 } else { NO_SQUARE },
                    east_clue: if c + 1 < cols { fixed_label(s + 1, 3) } else { NO_LABEL },
                    south_clue: if r + 1 < rows { fixed_label(s + cols, 0) } else { NO_LABEL },
                }
            })
            .collect();
        // Breaks between two fixed squares (each inner edge once, from its west or north end).
        let mut fixed_breaks = 0;
        for s in 0..squares {
            let (r, c) = (s / cols, s % cols);
            for (u, side) in
                [(c + 1 < cols).then_some((s + 1, 1)), (r + 1 < rows).then_some((s + cols, 2))].into_iter().flatten()
            {
                if fixed[s].is_some() && fixed[u].is_some() {
                    let (a, b) = (fixed_label(s, side), fixed_label(u, (side + 2) % 4));
                    fixed_breaks += u32::from(!pair[usize::from(a) * labels + usize::from(b)]);
                }
            }
        }
        Ok(Scan {
            rows,
            cols,
            keys,
            labels,
            pair,
            steps,
            cands,
            start,
            fixed: fixed_cells,
            fixed_shown: (0..squares).map(|s| fixed[s].map_or([NO_LABEL; 4], |(q, k)| shows(q, k))).collect(),
            fixed_breaks,
            fixed_fit,
            pieces: p.pieces.len(),
        })
    }

    /// The tables for `p` with its clues fixed.
    pub fn of_clues(p: &Puzzle, rng: Option<&mut SplitMix64>) -> Result<Scan, Unfit> {
        Scan::new(p, &clue_cells(p), rng)
    }

    /// The squares the search places.
    pub fn free(&self) -> usize {
        self.steps.len()
    }

    /// Breaks between fixed squares, in every board.
    pub fn fixed_breaks(&self) -> u32 {
        self.fixed_breaks
    }

    /// Every square, row-major.
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    fn matches(&self, a: u16, b: u16) -> bool {
        self.pair[usize::from(a) * self.labels + usize::from(b)]
    }

    /// Searches within `budget`, calling `found` with each full board (piece and turn per square,
    /// row-major) and its breaks (clue breaks included), until it says stop, the tree is
    /// exhausted or `limits` end the run. After a [`Verdict::Better`] only boards with fewer
    /// breaks are reported.
    pub fn run(&self, budget: &Budget, limits: &Limits<'_>, found: &mut dyn FnMut(&[Cell], u32) -> Verdict) -> RunEnd {
        let n = self.steps.len();
        let mut end = RunEnd::default();
        if !self.fixed_fit || self.fixed_breaks > budget.total {
            end.exhausted = true;
            return end;
        }
        let mut board: Vec<(u16, u8)> = self.fixed.iter().map(|f| f.unwrap_or((u16::MAX, 0))).collect();
        if n == 0 {
            found(&board, self.fixed_breaks);
            end.exhausted = true;
            return end;
        }
        // The labels each square shows (north, east, south, west), fixed squares from the start.
        let mut shown = self.fixed_shown.clone();
        let mut used = vec![false; self.pieces];
        for (q, _) in self.fixed.iter().flatten() {
            used[usize::from(*q)] = true;
        }
        let (out, any, keys) = (self.labels, self.labels + 1, self.keys);
        // The search's own breaks may reach `room` in all (the total limit less the clues').
        let mut room = budget.total - self.fixed_breaks;
        // Per depth: the tier (0 matching, 1 north broken, 2 west broken, 3 both), the next
        // candidate and the end of the tier's slice, the breaks before it, the piece placed.
        let mut tier = vec![0u8; n];
        let mut pos = vec![0u32; n];
        let mut stop_at = vec![0u32; n];
        let mut cum = vec![0u32; n + 1];
        let mut placed = vec![u16::MAX; n];
        let key = |shown: &[[u16; 4]], st: &Step| -> (usize, usize) {
            let a = if st.west == NO_SQUARE { out } else { usize::from(shown[st.west as usize][1]) };
            let b = if st.north == NO_SQUARE { out } else { usize::from(shown[st.north as usize][2]) };
            (a, b)
        };
        let slice = |st: &Step, a: usize, b: usize| -> (u32, u32) {
            let l = st.lists as usize + a * keys + b;
            (self.start[l], self.start[l + 1])
        };
        let open = |d: usize, shown: &[[u16; 4]], pos: &mut [u32], stop_at: &mut [u32], tier: &mut [u8]| {
            let st = &self.steps[d];
            let (a, b) = key(shown, st);
            (pos[d], stop_at[d]) = slice(st, a, b);
            tier[d] = 0;
        };
        open(0, &shown, &mut pos, &mut stop_at, &mut tier);
        let mut d = 0usize;
        let mut next_poll = POLL.min(limits.nodes);
        'search: loop {
            let st = self.steps[d];
            let allowed = budget.after[d].min(room);
            let spare = allowed.saturating_sub(cum[d]);
            let over = cum[d] > allowed;
            let mut chosen: Option<(Cand, u32)> = None;
            if !over {
                // The labels the west and north neighbours show (`out`: an outer side).
                let (a, b) = key(&shown, &st);
                loop {
                    let t = tier[d];
                    let base = match t {
                        0 => 0,
                        3 => 2,
                        _ => 1,
                    };
                    while pos[d] < stop_at[d] {
                        let x = self.cands[pos[d] as usize];
                        pos[d] += 1;
                        if used[usize::from(x.piece)] {
                            continue;
                        }
                        if t != 0 {
                            // The tier's own candidates: those breaking exactly its edges.
                            let west_ok = a == out || self.matches(a as u16, x.shows[3]);
                            let north_ok = b == out || self.matches(b as u16, x.shows[0]);
                            let own = match t {
                                1 => west_ok && !north_ok,
                                2 => !west_ok && north_ok,
                                _ => !west_ok && !north_ok,
                            };
                            if !own {
                                continue;
                            }
                        }
                        let mut cost = base;
                        if st.east_clue != NO_LABEL && !self.matches(x.shows[1], st.east_clue) {
                            cost += 1;
                        }
                        if st.south_clue != NO_LABEL && !self.matches(x.shows[2], st.south_clue) {
                            cost += 1;
                        }
                        if cost <= spare {
                            chosen = Some((x, cost));
                            break;
                        }
                    }
                    if chosen.is_some() {
                        break;
                    }
                    // The next tier, if the budget allows its breaks and its edges are inner.
                    let mut advanced = false;
                    while tier[d] < 3 {
                        tier[d] += 1;
                        let (wa, nb, need) = match tier[d] {
                            1 => (a, any, 1),
                            2 => (any, b, 1),
                            _ => (any, any, 2),
                        };
                        let inner_ok = match tier[d] {
                            1 => b != out,
                            2 => a != out,
                            _ => a != out && b != out,
                        };
                        if inner_ok && need <= spare {
                            (pos[d], stop_at[d]) = slice(&st, wa, nb);
                            advanced = true;
                            break;
                        }
                    }
                    if !advanced {
                        break;
                    }
                }
            }
            match chosen {
                Some((x, cost)) => {
                    used[usize::from(x.piece)] = true;
                    placed[d] = x.piece;
                    let s = st.square as usize;
                    board[s] = (x.piece, x.turn as u8);
                    shown[s] = x.shows;
                    cum[d + 1] = cum[d] + cost;
                    end.nodes += 1;
                    if end.nodes >= next_poll {
                        // The node limit holds exactly (repeatable runs); the clock and the
                        // stop flag are asked every `POLL` placements.
                        if end.nodes >= limits.nodes || (limits.stop)() {
                            break 'search;
                        }
                        next_poll = (end.nodes + POLL).min(limits.nodes);
                    }
                    if d + 1 < n {
                        d += 1;
                        open(d, &shown, &mut pos, &mut stop_at, &mut tier);
                        continue;
                    }
                    // A full board.
                    let total = cum[n] + self.fixed_breaks;
                    match found(&board, total) {
                        Verdict::More => {}
                        Verdict::Better => {
                            if cum[n] == 0 {
                                end.exhausted = true;
                                break 'search;
                            }
                            room = cum[n] - 1;
                        }
                        Verdict::Stop => break 'search,
                    }
                    used[usize::from(x.piece)] = false;
                    placed[d] = u16::MAX;
                }
                None => {
                    if d == 0 {
                        end.exhausted = true;
                        break 'search;
                    }
                    d -= 1;
                    used[usize::from(placed[d])] = false;
                    placed[d] = u16::MAX;
                }
            }
        }
        end
    }
}

/// The clue cells of `p`: piece and turn on the clues' squares.
pub fn clue_cells(p: &Puzzle) -> Vec<Option<(usize, u8)>> {
    let mut cells = vec![None; p.squares()];
    for c in &p.clues {
        cells[c.row * p.cols + c.col] = Some((c.piece, c.rotation));
    }
    cells
}

/// A board of the scan as placements.
pub fn placements(cols: usize, board: &[(u16, u8)]) -> Vec<Placement> {
    board
        .iter()
        .enumerate()
        .map(|(s, &(q, k))| Placement { row: s / cols, col: s % cols, piece: usize::from(q), rotation: k })
        .collect()
}

/// What an exact search came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// A board with every inner edge matched (row-major placements).
    Solved(Vec<Placement>),
    /// The whole tree was searched: no such board.
    NoSolution,
    /// Stopped before either.
    Unknown,
}

/// The work of an exact search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactStats {
    /// Runs, each in a fresh random list order.
    pub runs: u64,
    /// Placements in all.
    pub nodes: u64,
}

/// Placements of the first restart of [`solve`]; the `i`-th gets this times the `i`-th term of
/// the Luby sequence (1 1 2 1 1 2 4 ...), so some run eventually has room for the whole tree.
pub const RESTART_NODES: u64 = 1 << 20;

/// The `i`-th term (from 1) of the Luby sequence.
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Solves `p` exactly (clues kept, no mismatched inner edge): runs of the scan search under
/// [`RESTART_NODES`] times the Luby sequence, each in a fresh random list order drawn from
/// `seed`, until a board, a run that searched its whole tree (no board) or `stop()`.
pub fn solve(p: &Puzzle, seed: u64, stop: &dyn Fn() -> bool, stats: &mut ExactStats) -> Result<Exact, Unfit> {
    solve_from(p, seed, RESTART_NODES, stop, stats)
}

/// [`solve`] with `first` placements for the first restart (the tests give it a few, so that
/// small boards take many restarts).
fn solve_from(
    p: &Puzzle,
    seed: u64,
    first: u64,
    stop: &dyn Fn() -> bool,
    stats: &mut ExactStats,
) -> Result<Exact, Unfit> {
    if p.cols > p.rows {
        // The search's frontier is a row: on a wide board it scans the board turned a quarter
        // (clue2, 6 x 12: 0.04-0.17 s instead of 1.7-3.6 s), and turns the answer back.
        let turned = quarter_turn(p);
        return Ok(match solve_from(&turned, seed, first, stop, stats)? {
            Exact::Solved(board) => {
                let mut back: Vec<Placement> = board.iter().map(|pl| turn_back(p, pl)).collect();
                back.sort_by_key(|pl| (pl.row, pl.col));
                Exact::Solved(back)
            }
            other => other,
        });
    }
    let cells = clue_cells(p);
    let mut rng = SplitMix64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut scan = Scan::new(p, &cells, Some(&mut rng))?;
    let budget = Budget::exact(scan.free());
    loop {
        stats.runs += 1;
        let mut board = None;
        let limits = Limits { nodes: first.saturating_mul(luby(stats.runs)), stop };
        let end = scan.run(&budget, &limits, &mut |b, _| {
            board = Some(placements(p.cols, b));
            Verdict::Stop
        });
        stats.nodes += end.nodes;
        if let Some(b) = board {
            return Ok(Exact::Solved(b));
        }
        if end.exhausted {
            return Ok(Exact::NoSolution);
        }
        if stop() {
            return Ok(Exact::Unknown);
        }
        scan = Scan::new(p, &cells, Some(&mut rng))?;
    }
}

/// The puzzle on its board turned a quarter counterclockwise: square (r, c) of an R x C board
/// goes to (C - 1 - c, r) and every piece (clues too) turns once more; east becomes north.
fn quarter_turn(p: &Puzzle) -> Puzzle {
    let mut q = p.clone();
    (q.rows, q.cols) = (p.cols, p.rows);
    for c in &mut q.clues {
        (c.row, c.col, c.rotation) = (p.cols - 1 - c.col, c.row, (c.rotation + 1) % 4);
    }
    q
}

/// A placement on the turned board of [`quarter_turn`] back on `p`'s board.
fn turn_back(p: &Puzzle, pl: &Placement) -> Placement {
    Placement { row: pl.col, col: p.cols - 1 - pl.row, piece: pl.piece, rotation: (pl.rotation + 3) % 4 }
}

/// Counts the boards of `p` with every inner edge matched, up to `cap` (`None` beyond it).
pub fn count(p: &Puzzle, cap: u64) -> Result<Option<u64>, Unfit> {
    let scan = Scan::of_clues(p, None)?;
    let mut n = 0u64;
    scan.run(&Budget::exact(scan.free()), &Limits { nodes: u64::MAX, stop: &|| false }, &mut |_, _| {
        n += 1;
        if n > cap {
            Verdict::Stop
        } else {
            Verdict::More
        }
    });
    Ok((n <= cap).then_some(n))
}

/// Placements a second: `nodes` over the time since `since`.
pub fn rate(nodes: u64, since: Instant) -> f64 {
    nodes as f64 / since.elapsed().as_secs_f64().max(1e-9)
}

/// What the score search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillStats {
    /// Restarts (runs with a fresh candidate order).
    pub restarts: u64,
    /// Placements over all restarts.
    pub nodes: u64,
    /// Better boards found.
    pub improved: u64,
}

/// Placements per restart of the score search: half a second at the engine's speed. At equal
/// work on Eternity II, more restarts in fresh random orders beat longer runs in one order.
pub const SCORE_RESTART_NODES: u64 = 20_000_000;

/// The share of the free squares, in 256ths, that the score search places without a break at
/// its start and again from its first board on: 199 of 255 on Eternity II, where the community's
/// searches allow breaks from scan position 193-201 on (docs/optimise.md).
pub const QUIET_256: usize = 200;

/// The break schedule: none over the first `quiet` of `free` squares, then a linear ramp to
/// `max` breaks at the last one.
pub fn ramp(free: usize, quiet: usize, max: u32) -> Vec<u32> {
    (0..free)
        .map(|i| {
            if i < quiet {
                0
            } else {
                (u64::from(max) * (i + 1 - quiet) as u64).div_ceil((free - quiet) as u64) as u32
            }
        })
        .collect()
}

/// Where the score search lets breaks in, restart after restart: no break over the first `quiet`
/// free squares, then a linear ramp ([`ramp`]); or, once a restart without a quiet part searched
/// its whole tree, every break anywhere within the bound (`flat`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Quiet {
    /// The quiet part a first board sets back: the start ([`QUIET_256`]/256 of the free
    /// squares), or less once a restart searched its whole tree (a larger quiet part's tree is
    /// part of that one, and the bound only tightens).
    ceiling: usize,
    /// The quiet part of the next restart.
    now: usize,
    /// Every break allowed anywhere within the bound.
    flat: bool,
}

impl Quiet {
    fn new(free: usize) -> Quiet {
        let start = free * QUIET_256 / 256;
        Quiet { ceiling: start, now: start, flat: false }
    }

    /// The budget after each scan position of a restart with at most `max` breaks of its own.
    fn after(&self, free: usize, max: u32) -> Vec<u32> {
        if self.flat {
            vec![max; free]
        } else {
            ramp(free, self.now, max)
        }
    }

    /// Takes a restart's end into account; `false` when the search is over: a flat restart
    /// searched its whole tree, so the best board is optimal (or none beats the bound), or a
    /// restart placed nothing at all. A restart that searched its whole tree halves the quiet
    /// part (another order searches the same tree), down to none and then flat. Until the first
    /// board, a restart without one lets breaks in a sixteenth earlier; the first board sets the
    /// quiet part back to the ceiling: the early breaks that were needed to find a board would
    /// widen every later tree, where the bound now prunes (docs/scan.md).
    fn next(&mut self, end: &RunEnd, had_board: bool, has_board: bool) -> bool {
        if end.exhausted {
            if self.flat || end.nodes == 0 {
                return false;
            }
            self.flat = self.now == 0;
            self.now /= 2;
            self.ceiling = self.ceiling.min(self.now);
        } else if !has_board {
            self.now -= self.now.div_ceil(16);
        } else if !had_board {
            self.now = self.ceiling;
        }
        true
    }
}

/// The score search: restarts of the scan search in fresh random orders (drawn from `rng`), each
/// at most [`SCORE_RESTART_NODES`] placements and `total_nodes` in all, under a schedule
/// ([`Quiet`]) that places the first [`QUIET_256`]/256 of the free squares without a break and
/// then allows breaks on a linear ramp up to one fewer than the best board so far has (`beat`,
/// the breaks of a board to beat, starts it; else a sixth of the free squares). Within a restart
/// each board found lowers the bound (branch and bound). A flat restart (every break allowed
/// anywhere within the bound, once the quiet part is down to none) that searches its whole tree
/// proves the best board optimal (or that none beats `beat`) and ends the search. Stops between
/// restarts when `stop()` says so, within one every few thousand placements. `found` hears of
/// every better board (row-major piece and turn, its breaks with the clues' own); returns the
/// best.
pub fn score_fill(
    p: &Puzzle,
    beat: Option<u32>,
    rng: &mut SplitMix64,
    total_nodes: u64,
    stop: &dyn Fn() -> bool,
    found: &mut dyn FnMut(&[Cell], u32),
    stats: &mut FillStats,
) -> Result<Option<Scored>, Unfit> {
    let cells = clue_cells(p);
    let mut best: Option<Scored> = None;
    let mut quiet: Option<Quiet> = None;
    while stats.nodes < total_nodes && !stop() {
        let scan = Scan::new(p, &cells, Some(rng))?;
        let free = scan.free();
        let fixed = scan.fixed_breaks();
        let quiet = quiet.get_or_insert_with(|| Quiet::new(free));
        // Before the first board, at most a sixth of the free squares break (unless flat).
        let cap = if best.is_some() || quiet.flat { u32::MAX } else { (free as u32 / 6).max(1) };
        let max = match best.as_ref().map(|b| b.1).or(beat) {
            Some(b) if b <= fixed => break,
            Some(b) => (b - 1 - fixed).min(cap),
            None => cap.min(2 * free as u32 + 2),
        };
        let budget = Budget { after: quiet.after(free, max), total: max + fixed };
        stats.restarts += 1;
        let limits = Limits { nodes: SCORE_RESTART_NODES.min(total_nodes - stats.nodes), stop };
        let had_board = best.is_some();
        let end = scan.run(&budget, &limits, &mut |board, breaks| {
            if best.as_ref().is_none_or(|b| breaks < b.1) {
                best = Some((board.to_vec(), breaks));
                stats.improved += 1;
                found(board, breaks);
            }
            Verdict::Better
        });
        stats.nodes += end.nodes;
        if !quiet.next(&end, had_board, best.is_some()) {
            break;
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::check::{check, edge_score, Violation};
    use crate::edge::generate::{generate, Generate, GeneratedRule};
    use crate::edge::model::Clue;

    /// The least lost edges over every placement (each piece once, every turn the frame allows,
    /// clues kept), scored by the independent checker.
    fn brute_least_breaks(p: &Puzzle) -> Option<usize> {
        let mut boards = Vec::new();
        all_boards(p, &mut boards);
        boards.iter().map(|b| edge_score(p, b)).map(|sc| sc.total - sc.matched).min()
    }

    /// Small boards whose pieces were scrambled (no perfect board, mostly), framed 3 x 3 and
    /// unframed 2 x 2, some with a clue.
    fn scrambled(seed: u64) -> Puzzle {
        let framed = seed.is_multiple_of(2);
        let g = Generate {
            rows: if framed { 3 } else { 2 },
            cols: if framed { 3 } else { 2 },
            colors: 2 + (seed % 3) as u32,
            frame_colors: framed.then_some(1 + (seed % 2) as u32),
            rule: if seed.is_multiple_of(3) { GeneratedRule::Complement } else { GeneratedRule::Equal },
            seed,
        };
        let (mut p, solution) = generate(&g);
        let mut rng = SplitMix64(seed);
        for _ in 0..3 {
            let (a, b) = (rng.below(p.pieces.len() as u64) as usize, rng.below(p.pieces.len() as u64) as usize);
            let side = rng.below(4) as usize;
            let (x, y) = (p.pieces[a][side], p.pieces[b][side]);
            if Some(x) != p.frame && Some(y) != p.frame {
                p.pieces[a][side] = y;
            }
        }
        if seed.is_multiple_of(5) {
            let pl = solution[4 % solution.len()];
            p.clues.push(Clue { row: pl.row, col: pl.col, piece: pl.piece, rotation: pl.rotation });
        }
        p
    }

    #[test]
    fn an_exhausted_search_by_score_finds_the_least_breaks() {
        for seed in 0..60 {
            let p = scrambled(seed);
            let want = brute_least_breaks(&p);
            let scan = Scan::of_clues(&p, Some(&mut SplitMix64(seed))).unwrap();
            let loose = 99;
            let budget = Budget { after: vec![loose; scan.free()], total: loose };
            let mut best: Option<(Vec<Placement>, u32)> = None;
            let end = scan.run(&budget, &Limits { nodes: u64::MAX, stop: &|| false }, &mut |b, breaks| {
                best = Some((placements(p.cols, b), breaks));
                Verdict::Better
            });
            assert!(end.exhausted, "seed {seed}");
            match (want, best) {
                (None, None) => {}
                (Some(w), Some((board, breaks))) => {
                    assert_eq!(breaks as usize, w, "seed {seed}");
                    let sc = edge_score(&p, &board);
                    assert_eq!(sc.total - sc.matched, w, "seed {seed}: its breaks are the checker's");
                    let report = check(&p, &board);
                    assert!(report.violations.iter().all(|v| matches!(v, Violation::Mismatch { .. })), "seed {seed}");
                }
                (w, b) => panic!("seed {seed}: brute force {w:?}, scan {:?}", b.map(|b| b.1)),
            }
        }
    }

    #[test]
    fn the_score_search_reports_better_boards_that_the_checker_scores_alike() {
        let g = Generate { rows: 6, cols: 6, colors: 4, frame_colors: Some(2), rule: GeneratedRule::Equal, seed: 7 };
        let (mut p, _) = generate(&g);
        let mut rng = SplitMix64(3);
        for q in 0..p.pieces.len() {
            if rng.below(3) == 0 {
                let side = rng.below(4) as usize;
                let other = p.pieces[rng.below(p.pieces.len() as u64) as usize][side];
                if Some(p.pieces[q][side]) != p.frame && Some(other) != p.frame {
                    p.pieces[q][side] = other;
                }
            }
        }
        let mut seen = Vec::new();
        let mut stats = FillStats::default();
        let best = score_fill(
            &p,
            None,
            &mut rng,
            3_000_000,
            &|| false,
            &mut |b, breaks| {
                let sc = edge_score(&p, &placements(p.cols, b));
                assert_eq!(sc.total - sc.matched, breaks as usize);
                seen.push(breaks);
            },
            &mut stats,
        )
        .unwrap()
        .expect("a board");
        assert!(seen.windows(2).all(|w| w[1] < w[0]), "{seen:?}");
        assert_eq!(Some(&best.1), seen.last());
        assert!(stats.restarts >= 1 && stats.nodes > 0 && stats.improved as usize == seen.len());
    }

    #[test]
    fn the_exact_search_stops_when_told() {
        // 9 x 9 with 5 colours and scrambled pieces: no solution, and a tree far beyond the
        // 49,152 placements of the three polls allowed.
        let g = Generate { rows: 9, cols: 9, colors: 5, frame_colors: Some(3), rule: GeneratedRule::Equal, seed: 1 };
        let (mut p, _) = generate(&g);
        let mut rng = SplitMix64(4);
        for _ in 0..12 {
            let (a, b) = (rng.below(81) as usize, rng.below(81) as usize);
            let side = rng.below(4) as usize;
            if Some(p.pieces[a][side]) != p.frame && Some(p.pieces[b][side]) != p.frame {
                p.pieces[a][side] = p.pieces[b][side];
            }
        }
        let mut stats = ExactStats::default();
        let polls = std::cell::Cell::new(0);
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() > 3
        };
        assert_eq!(solve(&p, 1, &stop, &mut stats).unwrap(), Exact::Unknown);
        assert!(stats.nodes > 0 && stats.nodes <= 4 * POLL, "{stats:?}");
    }

    /// Restarts keep the search complete: with a first limit of a few placements, small boards
    /// take many restarts, and the answer is still a checked board exactly where one exists.
    #[test]
    fn restarts_under_the_luby_limits_stay_complete() {
        let mut many = 0;
        for seed in 0..80 {
            let p = if seed % 2 == 0 {
                scrambled(seed)
            } else {
                let g = Generate {
                    rows: 3 + (seed % 3) as usize,
                    cols: 3,
                    colors: 2 + (seed % 3) as u32,
                    frame_colors: Some(1),
                    rule: GeneratedRule::Equal,
                    seed,
                };
                generate(&g).0
            };
            let exists = count(&p, 1).unwrap() != Some(0);
            let mut stats = ExactStats::default();
            match solve_from(&p, seed, 4, &|| false, &mut stats).unwrap() {
                Exact::Solved(board) => {
                    assert!(exists, "seed {seed}");
                    assert!(check(&p, &board).is_valid(), "seed {seed}");
                }
                Exact::NoSolution => assert!(!exists, "seed {seed}"),
                Exact::Unknown => panic!("seed {seed}: unknown without a stop"),
            }
            many += usize::from(stats.runs > 3);
        }
        assert!(many > 20, "only {many} boards took more than three restarts");
    }

    /// The least breaks among the boards whose breaks, counted where the scan counts them (at
    /// the later square of an edge, at the free one next to a clue), stay within `after` at every
    /// scan position: an enumeration of every placement, scored by the independent checker.
    fn brute_least_within(p: &Puzzle, after: &[u32]) -> Option<usize> {
        let fixed: Vec<bool> = (0..p.squares()).map(|s| p.clues.iter().any(|c| c.row * p.cols + c.col == s)).collect();
        let position: Vec<Option<usize>> = {
            let mut i = 0;
            (0..p.squares())
                .map(|s| {
                    (!fixed[s]).then(|| {
                        i += 1;
                        i - 1
                    })
                })
                .collect()
        };
        let mut best = None;
        let mut boards = Vec::new();
        all_boards(p, &mut boards);
        for board in boards {
            let sc = edge_score(p, &board);
            let mut at = vec![0u32; after.len()];
            for e in &sc.mismatched {
                let s = e.row * p.cols + e.col;
                let u = if e.side == 1 { s + 1 } else { s + p.cols };
                match (position[s], position[u]) {
                    (_, Some(i)) | (Some(i), None) => at[i] += 1,
                    (None, None) => {}
                }
            }
            let mut cum = 0;
            if at.iter().zip(after).all(|(a, &lim)| {
                cum += a;
                cum <= lim
            }) {
                let lost = sc.total - sc.matched;
                best = Some(best.map_or(lost, |b: usize| b.min(lost)));
            }
        }
        best
    }

    /// Every placement of the pieces (each once, every turn the frame allows, clues kept).
    fn all_boards(p: &Puzzle, out: &mut Vec<Vec<Placement>>) {
        fn go(p: &Puzzle, s: usize, used: &mut [bool], board: &mut Vec<Placement>, out: &mut Vec<Vec<Placement>>) {
            if s == p.squares() {
                out.push(board.clone());
                return;
            }
            let (row, col) = (s / p.cols, s % p.cols);
            let clue = p.clues.iter().find(|c| (c.row, c.col) == (row, col));
            for q in 0..p.pieces.len() {
                let clued_elsewhere = p.clues.iter().any(|c| c.piece == q && (c.row, c.col) != (row, col));
                if used[q] || clued_elsewhere {
                    continue;
                }
                for k in 0..4u8 {
                    if clue.is_some_and(|c| (c.piece, c.rotation) != (q, k)) || !fits_square(p, s, q, k) {
                        continue;
                    }
                    used[q] = true;
                    board.push(Placement { row, col, piece: q, rotation: k });
                    go(p, s + 1, used, board, out);
                    board.pop();
                    used[q] = false;
                }
            }
        }
        go(p, 0, &mut vec![false; p.pieces.len()], &mut Vec::new(), out);
    }

    /// A budget per scan position prunes exactly the boards that break it too early.
    #[test]
    fn a_schedule_allows_exactly_the_boards_within_it() {
        let mut pruned = 0;
        for seed in 0..40 {
            let p = scrambled(seed);
            let scan = Scan::of_clues(&p, Some(&mut SplitMix64(seed))).unwrap();
            let n = scan.free();
            // No break over the first squares, then one every few squares.
            let after: Vec<u32> = (0..n).map(|i| (i as u32 + 1).saturating_sub(n as u32 / 2) / 2).collect();
            let total = after[n - 1] + scan.fixed_breaks();
            let mut best = None;
            let end = scan.run(
                &Budget { after: after.clone(), total },
                &Limits { nodes: u64::MAX, stop: &|| false },
                &mut |_, breaks| {
                    best = Some(breaks as usize);
                    Verdict::Better
                },
            );
            assert!(end.exhausted);
            let want = brute_least_within(&p, &after).filter(|&b| b <= total as usize);
            assert_eq!(best, want, "seed {seed}");
            pruned += usize::from(want != brute_least_breaks(&p));
        }
        assert!(pruned > 0, "no schedule pruned the unconstrained optimum: the test would not see it");
    }

    /// Unbounded in placements, the score search ends by itself with the optimum.
    #[test]
    fn the_score_search_proves_its_best_board_optimal() {
        for seed in 0..20 {
            let p = scrambled(seed);
            let mut stats = FillStats::default();
            let got =
                score_fill(&p, None, &mut SplitMix64(seed), u64::MAX, &|| false, &mut |_, _| {}, &mut stats).unwrap();
            assert_eq!(got.map(|b| b.1 as usize), brute_least_breaks(&p), "seed {seed}");
        }
    }

    #[test]
    fn the_ramp_is_quiet_then_rises_to_its_maximum() {
        assert_eq!(ramp(10, 4, 6), [0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(ramp(3, 0, 1), [1, 1, 1]);
    }

    #[test]
    fn the_quiet_part_shrinks_until_a_first_board_then_starts_again() {
        let cut = RunEnd { nodes: 10, exhausted: false };
        let whole = RunEnd { nodes: 10, exhausted: true };
        let mut q = Quiet::new(251);
        assert_eq!(q.now, 196);
        assert!(q.next(&cut, false, false));
        assert_eq!(q.now, 183);
        assert!(q.next(&cut, false, false));
        assert_eq!(q.now, 171);
        // The first board: back to the start, and kept there while the bound tightens.
        assert!(q.next(&cut, false, true));
        assert_eq!(q.now, 196);
        assert!(q.next(&cut, true, true));
        assert_eq!(q.now, 196);
        // A whole tree searched halves it, down to none, then flat, then the proof.
        let mut halves = vec![];
        while !q.flat {
            assert!(q.next(&whole, true, true));
            halves.push(q.now);
        }
        assert_eq!(halves, [98, 49, 24, 12, 6, 3, 1, 0, 0]);
        assert_eq!(q.after(4, 2), [2, 2, 2, 2]);
        assert!(!q.next(&whole, true, true));
        // A tree searched whole before the first board lowers what the first board sets back.
        let mut q = Quiet::new(251);
        assert!(q.next(&cut, false, false));
        assert!(q.next(&whole, false, false));
        assert_eq!((q.now, q.ceiling), (91, 91));
        assert!(q.next(&cut, false, false));
        assert_eq!(q.now, 85);
        assert!(q.next(&cut, false, true));
        assert_eq!(q.now, 91);
    }

    #[test]
    fn luby_runs_one_one_two() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
