//! # wgrnd-lns
//!
//! Edge matching by score on boards too large for one exact MaxSAT (Eternity II's 16 x 16): a
//! large-neighbourhood search (docs/optimise.md, "Edge matching by score").
//!
//! 1. **Fill**: clues (hints) first, then square by square in board order the unused piece and
//!    turn that respects the frame and matches most of the neighbours placed so far (random ties).
//!    Or a saved board (`--start`). Then, for three quarters of the time, each thread runs the
//!    scan search by score (`crate::edge::scan::score_fill`: row by row, candidates from tables
//!    indexed by the west and north labels, breaks allowed only late in the scan, restarts) and
//!    keeps its best board when it beats the greedy one.
//! 2. **Moves**, repeated until the time limit, Ctrl-C or a number of moves per thread (with the
//!    start fill by placements instead of time, one thread repeats move for move under any load:
//!    the comparisons of docs/optimise.md), each exact over its neighbourhood but
//!    the swap, each accepted when it does not lose (equal scores drift) but the swap, which is
//!    kept by simulated annealing (`anneal`); each thread keeps its best board apart:
//!    - *refill*: a band of two rows or a rectangle up to 5 x 6 is freed and re-filled by the
//!      scan search (`refill`) under the fixed rest, bounded by the region's current breaks (branch and
//!      bound, exact when it finishes within its node limit);
//!    - *swap*: two squares of one kind trade pieces (each in its best turn), kept when it does
//!      not lose, else with the Metropolis probability at the cycle's temperature;
//!    - *window*: a rectangle of squares is freed, its pieces re-placed (permuted and turned) with
//!      the rest of the board fixed, for the most matched edges, by the exact optimiser
//!      (`wgrnd_engine::optimise`, in-process CaDiCaL) over `crate::edge::encode::score`'s encoding;
//!    - *assignment*: a set of pairwise non-adjacent squares is freed; their neighbours are all
//!      fixed, so each piece on each square scores independently (its best turn), and the best
//!      reassignment is a weighted bipartite matching, solved by the Hungarian algorithm.
//! 3. **Kicks** (`kick`): a thread searches in episodes; when its episode has not improved for a
//!    while, it re-fills a large region of a good board with a few breaks to spare and goes on
//!    from there (iterated local search).
//! 4. **Cores**: `jobs` threads with seeds `seed`, `seed + 1`, ... each search their own board; a
//!    thread behind the best board of all starts one kick in four from it. The calling thread
//!    hears of every improvement of the best board (for files and progress).
//!
//! The score used here is internal and fast; the command recomputes every reported board's score
//! with the independent checker (`crate::edge::check::edge_score`).

#![warn(missing_docs)]

mod anneal;
mod hungarian;
mod kick;
mod refill;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use crate::edge::encode::score::{fits_square, ground_region, score_level, Region};
use crate::edge::model::{turned, Label, Placement, Puzzle};
use crate::edge::scan;
use wgrnd_engine::count::OptEngine;
use wgrnd_sat::amo::AmoEncoding;
use wgrnd_sat::solver::{Interrupt, SolverSpec};
use wgrnd_seam::{Grounding, Objective, SplitMix64};

pub use crate::edge::scan::FillStats;
pub use anneal::Anneal;
pub use hungarian::max_assignment;

/// Moves in 10,000 that are SAT windows (tenths of a second each, and they hardly ever improve
/// a board the other moves leave: few), backtracking refills and Hungarian assignments; the rest
/// are swaps.
const WINDOWS_IN_10K: u64 = 5;
const REFILLS_IN_10K: u64 = 3_000;
const ASSIGNMENTS_IN_10K: u64 = 3_500;
/// The most squares an assignment frees (8 to this many; at most the non-adjacent squares of
/// one kind there are).
const ASSIGN_MAX: u64 = 100;
/// Placements one refill may make.
const REFILL_NODES: u64 = 20_000;
/// How long the start fill (the scan search by score, `crate::edge::scan::score_fill`) runs:
/// three quarters of the time limit (ten minutes without one); the moves polish its best board
/// in the rest. On Eternity II it reaches 450 within a minute, where the moves alone stayed near
/// 442 after an hour (docs/optimise.md).
fn fill_time(timeout: Option<Duration>) -> Duration {
    timeout.map_or(Duration::from_secs(600), |t| t * 3 / 4)
}

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct LnsOptions {
    /// Seed of the first thread (the others take the next ones).
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// Stop after this long (else at Ctrl-C, or when every edge matches).
    pub timeout: Option<Duration>,
    /// Start from this board instead of the greedy fill.
    pub start: Option<Vec<Placement>>,
    /// Each thread stops after this many moves (kicks not counted).
    pub moves: Option<u64>,
    /// The start fill stops after this many placements instead of after `fill_time`; with
    /// `moves` too, the SAT windows have no time limit of their own but the deadline. With
    /// `moves` and one thread a run is repeatable: the same seed gives the
    /// same boards move for move under any load (the comparisons of docs/optimise.md).
    pub fill_nodes: Option<u64>,
    /// The call's interrupt token (Ctrl-C): the search stops and reports the best board.
    pub interrupt: Interrupt,
}

/// Why the search cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LnsError {
    /// The frame leaves some square without a piece that fits it.
    #[error(
        "no unused piece fits square ({row},{col}) with the frame outside: the pieces do not fill the framed board"
    )]
    NoFit {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// The board given to start from is not a full board of the puzzle.
    #[error("the start board {0}")]
    BadStart(String),
    /// The in-process solver failed.
    #[error("the in-process solver failed: {0}")]
    Solver(String),
}

/// Per move type: tried, and how many raised the score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Moves made.
    pub tried: u64,
    /// Moves that raised the thread's score.
    pub improved: u64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best board.
    pub best: Vec<Placement>,
    /// Its score (matched inner edges).
    pub score: usize,
    /// All inner edges.
    pub total: usize,
    /// Whether it stopped at Ctrl-C (else at the time limit, after `--moves`, or every edge matched).
    pub interrupted: bool,
    /// Window moves over all threads.
    pub windows: MoveStats,
    /// Assignment moves over all threads.
    pub assignments: MoveStats,
    /// Refill moves over all threads.
    pub refills: MoveStats,
    /// Refills whose search finished (the region's optimum).
    pub refills_exact: u64,
    /// Swap moves over all threads.
    pub swaps: MoveStats,
    /// Swaps kept although they lost edges (annealing).
    pub worse: u64,
    /// The start fills of all threads.
    pub fill: FillStats,
    /// Kicks (`kick`: a stuck thread re-fills a large region of a good board with breaks to
    /// spare) over all threads; improved: those whose episode raised the thread's best.
    pub kicks: MoveStats,
    /// Moves over all threads (kicks not counted).
    pub moves: u64,
}

/// An improvement of the best board: the board, its score, when (since the start), and the
/// moves the thread that found it had made.
pub type Improvement = (Vec<Placement>, usize, Duration, u64);

/// The puzzle's tables for fast scoring.
struct Tables {
    rows: usize,
    cols: usize,
    /// Label indices of each piece, north, east, south, west.
    pieces: Vec<[u32; 4]>,
    /// `matches[a * nl + b]`: labels a and b match across an inner edge.
    matches: Vec<bool>,
    nl: usize,
    /// The frame label (shown on exactly the outer sides), if the puzzle has a frame.
    frame: Option<u32>,
    /// Squares pinned by clues (never moved).
    pinned: Vec<bool>,
    /// The squares not pinned, and those of each kind (`Tables::kind`).
    free: Vec<usize>,
    by_kind: [Vec<usize>; 3],
}

impl Tables {
    fn new(p: &Puzzle) -> Tables {
        let nl = p.labels.len();
        let mut matches = vec![false; nl * nl];
        for a in 0..nl {
            for b in p.matching_labels(Label(a as u32)) {
                matches[a * nl + b.index()] = true;
            }
        }
        let mut pinned = vec![false; p.squares()];
        for c in &p.clues {
            pinned[c.row * p.cols + c.col] = true;
        }
        let free: Vec<usize> = (0..p.squares()).filter(|&s| !pinned[s]).collect();
        let mut t = Tables {
            rows: p.rows,
            cols: p.cols,
            pieces: p.pieces.iter().map(|e| e.map(|l| l.0)).collect(),
            matches,
            nl,
            frame: p.frame.map(|f| f.0),
            pinned,
            free: Vec::new(),
            by_kind: Default::default(),
        };
        for &s in &free {
            let k = t.kind(s);
            t.by_kind[k].push(s);
        }
        t.free = free;
        t
    }

    /// A square's kind, for moves that trade pieces: corner (2 outer sides), border (1), inner (0).
    fn kind(&self, s: usize) -> usize {
        let (r, c) = (s / self.cols, s % self.cols);
        usize::from(r == 0 || r + 1 == self.rows) + usize::from(c == 0 || c + 1 == self.cols)
    }

    fn shows(&self, cell: (usize, u8)) -> [u32; 4] {
        turned(self.pieces[cell.0], cell.1)
    }

    /// Neighbours of square s: (side, neighbour square).
    fn neighbours(&self, s: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (r, c) = (s / self.cols, s % self.cols);
        [
            (r > 0).then(|| (0, s - self.cols)),
            (c + 1 < self.cols).then(|| (1, s + 1)),
            (r + 1 < self.rows).then(|| (2, s + self.cols)),
            (c > 0).then(|| (3, s - 1)),
        ]
        .into_iter()
        .flatten()
    }

    fn pair(&self, a: u32, b: u32) -> bool {
        self.matches[a as usize * self.nl + b as usize]
    }

    /// All inner edges.
    fn total(&self) -> usize {
        self.rows * self.cols.saturating_sub(1) + self.rows.saturating_sub(1) * self.cols
    }

    /// Matched inner edges of a full board.
    fn score(&self, board: &[(usize, u8)]) -> usize {
        let mut n = 0;
        for s in 0..board.len() {
            let here = self.shows(board[s]);
            for (side, t) in self.neighbours(s).filter(|&(side, _)| side == 1 || side == 2) {
                n += usize::from(self.pair(here[side], self.shows(board[t])[(side + 2) % 4]));
            }
        }
        n
    }

    /// The labels the neighbours of `s` on `board` show towards it, north, east, south, west
    /// (none: an outer side).
    fn facing(&self, board: &[(usize, u8)], s: usize) -> [Option<u32>; 4] {
        let mut around = [None; 4];
        for (side, u) in self.neighbours(s) {
            around[side] = Some(self.shows(board[u])[(side + 2) % 4]);
        }
        around
    }

    /// The best turn of piece `q` on a square whose neighbours show `around` (`facing`): how
    /// many of them it matches and the turn (the last of the best), among the turns that show
    /// the frame on exactly the outer sides (`fits_square`'s rule); none when no turn fits.
    /// The same as `local` over the fitting turns, without looking up the neighbours again.
    fn best_turn(&self, around: &[Option<u32>; 4], q: usize) -> Option<(usize, u8)> {
        (0..4u8)
            .filter_map(|k| {
                let here = turned(self.pieces[q], k);
                let fits = self.frame.is_none_or(|f| (0..4).all(|d| (here[d] == f) == around[d].is_none()));
                let matched = (0..4).filter(|&d| around[d].is_some_and(|a| self.pair(here[d], a))).count();
                fits.then_some((matched, k))
            })
            .max()
    }

    /// How many of the neighbours of `s` (as on `board`) a piece turned so matches.
    fn local(&self, board: &[(usize, u8)], s: usize, cell: (usize, u8)) -> usize {
        let here = self.shows(cell);
        self.neighbours(s).filter(|&(side, t)| self.pair(here[side], self.shows(board[t])[(side + 2) % 4])).count()
    }
}

/// The greedy fill: clues first, then in board order the fitting unused piece and turn that
/// matches most of the squares placed so far.
fn fill(p: &Puzzle, t: &Tables, rng: &mut SplitMix64) -> Result<Vec<(usize, u8)>, LnsError> {
    let n = p.squares();
    let mut board: Vec<Option<(usize, u8)>> = vec![None; n];
    let mut used = vec![false; p.pieces.len()];
    for c in &p.clues {
        board[c.row * p.cols + c.col] = Some((c.piece, c.rotation));
        used[c.piece] = true;
    }
    for s in 0..n {
        if board[s].is_some() {
            continue;
        }
        let mut best: Vec<(usize, u8)> = Vec::new();
        let mut best_score = 0;
        for q in (0..p.pieces.len()).filter(|&q| !used[q]) {
            for k in (0..4u8).filter(|&k| fits_square(p, s, q, k)) {
                let here = t.shows((q, k));
                let score = t
                    .neighbours(s)
                    .filter_map(|(side, u)| board[u].map(|cell| (side, cell)))
                    .filter(|&(side, cell)| t.pair(here[side], t.shows(cell)[(side + 2) % 4]))
                    .count();
                if best.is_empty() || score > best_score {
                    best = vec![(q, k)];
                    best_score = score;
                } else if score == best_score {
                    best.push((q, k));
                }
            }
        }
        if best.is_empty() {
            return Err(LnsError::NoFit { row: s / p.cols + 1, col: s % p.cols + 1 });
        }
        let pick = best[rng.below(best.len() as u64) as usize];
        used[pick.0] = true;
        board[s] = Some(pick);
    }
    Ok(board.into_iter().map(|c| c.unwrap_or((0, 0))).collect())
}

/// A board given as placements, checked to be full, each piece once, clues kept.
fn from_placements(p: &Puzzle, placements: &[Placement]) -> Result<Vec<(usize, u8)>, LnsError> {
    let n = p.squares();
    let mut board: Vec<Option<(usize, u8)>> = vec![None; n];
    let mut used = vec![false; p.pieces.len()];
    for pl in placements {
        let s = pl.row * p.cols + pl.col;
        if pl.row >= p.rows || pl.col >= p.cols || pl.piece >= p.pieces.len() {
            return Err(LnsError::BadStart(format!(
                "names a square or piece not on this {} x {} board",
                p.rows, p.cols
            )));
        }
        if board[s].replace((pl.piece, pl.rotation % 4)).is_some() {
            return Err(LnsError::BadStart(format!("puts two pieces on square ({},{})", pl.row + 1, pl.col + 1)));
        }
        if std::mem::replace(&mut used[pl.piece], true) {
            return Err(LnsError::BadStart(format!("places piece {} twice", pl.piece + 1)));
        }
    }
    for c in &p.clues {
        if board[c.row * p.cols + c.col] != Some((c.piece, c.rotation)) {
            return Err(LnsError::BadStart(format!(
                "does not keep the clue (hint) piece {} at ({},{})",
                c.piece + 1,
                c.row + 1,
                c.col + 1
            )));
        }
    }
    let mut out = Vec::with_capacity(n);
    for (s, cell) in board.into_iter().enumerate() {
        let cell = cell.ok_or_else(|| {
            LnsError::BadStart(format!("leaves square ({},{}) empty", s / p.cols + 1, s % p.cols + 1))
        })?;
        if !fits_square(p, s, cell.0, cell.1) {
            return Err(LnsError::BadStart(format!(
                "turns piece {} on square ({},{}) against the frame",
                cell.0 + 1,
                s / p.cols + 1,
                s % p.cols + 1
            )));
        }
        out.push(cell);
    }
    Ok(out)
}

fn placements(cols: usize, board: &[(usize, u8)]) -> Vec<Placement> {
    board
        .iter()
        .enumerate()
        .map(|(s, &(piece, rotation))| Placement { row: s / cols, col: s % cols, piece, rotation })
        .collect()
}

/// Hears of a board and its score.
type BoardFound<'b> = dyn FnMut(&[(usize, u8)], usize) + 'b;

/// One thread's search state.
struct Worker<'a> {
    p: &'a Puzzle,
    t: &'a Tables,
    rng: SplitMix64,
    board: Vec<(usize, u8)>,
    score: usize,
    /// The thread's best board (the current one may be worse: annealing).
    best: Vec<(usize, u8)>,
    best_score: usize,
    moves: u64,
    windows: MoveStats,
    assignments: MoveStats,
    refills: MoveStats,
    refill_exact: u64,
    swaps: MoveStats,
    worse: u64,
    fill: FillStats,
    /// The current episode of the iterated local search (`kick`).
    episode: kick::Episode,
    /// Whether a SAT window stops after a few seconds of its own (else only at the deadline).
    window_limit: bool,
    /// The run's interrupt token, which stops a SAT window's solve.
    interrupt: Interrupt,
}

impl Worker<'_> {
    fn new<'a>(p: &'a Puzzle, t: &'a Tables, seed: u64, board: Vec<(usize, u8)>) -> Worker<'a> {
        let score = t.score(&board);
        Worker {
            p,
            t,
            rng: SplitMix64(seed),
            episode: kick::Episode::new(&board, score),
            best: board.clone(),
            best_score: score,
            board,
            score,
            moves: 0,
            windows: MoveStats::default(),
            assignments: MoveStats::default(),
            refills: MoveStats::default(),
            refill_exact: 0,
            swaps: MoveStats::default(),
            worse: 0,
            fill: FillStats::default(),
            window_limit: true,
            interrupt: Interrupt::default(),
        }
    }

    /// The start fill until `stop` says so or past `max_nodes` placements; `found` hears of each
    /// better board. Keeps the best board of the fill when it beats the current one.
    fn start_fill(&mut self, max_nodes: u64, stop: &dyn Fn() -> bool, found: &mut BoardFound) {
        let total = self.t.total();
        let mut stats = FillStats::default();
        let wide =
            |board: &[(u16, u8)]| -> Vec<(usize, u8)> { board.iter().map(|&(q, k)| (usize::from(q), k)).collect() };
        let beat = (total - self.score) as u32;
        let got = scan::score_fill(
            self.p,
            Some(beat),
            &mut self.rng,
            max_nodes,
            stop,
            &mut |board, breaks| found(&wide(board), total - breaks as usize),
            &mut stats,
        );
        self.fill = stats;
        if let Ok(Some((board, breaks))) = got {
            if total - breaks as usize > self.score {
                self.score = total - breaks as usize;
                self.board = wide(&board);
            }
        }
        self.keep_best();
        self.episode = kick::Episode { stuck: self.episode.stuck, ..kick::Episode::new(&self.board, self.score) };
    }

    /// Takes the current board as the thread's best when it is better.
    fn keep_best(&mut self) {
        if self.score > self.best_score {
            self.best_score = self.score;
            self.best.clone_from(&self.board);
        }
    }

    /// One move (its type drawn by the shares above) at the schedule's temperature; at the end of
    /// a cooling cycle, back to the episode's best board. `false` when a window's solver stopped.
    fn step(&mut self, deadline: Option<Instant>) -> Result<bool, LnsError> {
        let best_before = self.best_score;
        let temp = Anneal::SEARCH.temperature(self.moves);
        self.moves += 1;
        let r = self.rng.below(10_000);
        let go_on = if r < WINDOWS_IN_10K {
            self.window(deadline)?
        } else if r < WINDOWS_IN_10K + REFILLS_IN_10K {
            self.refill(REFILL_NODES);
            true
        } else if r < WINDOWS_IN_10K + REFILLS_IN_10K + ASSIGNMENTS_IN_10K {
            let k = 8 + self.rng.below(ASSIGN_MAX - 7) as usize;
            self.assignment(k);
            true
        } else {
            self.swap(temp);
            true
        };
        self.keep_best();
        self.age(best_before);
        if self.moves.is_multiple_of(Anneal::SEARCH.cycle) && self.score < self.episode.score {
            self.score = self.episode.score;
            self.board.clone_from(&self.episode.board);
        }
        Ok(go_on)
    }

    /// The squares but clues of an `h` x `w` rectangle (cut to the board) at a random place, row
    /// by row.
    fn rectangle(&mut self, h: usize, w: usize) -> Vec<usize> {
        let t = self.t;
        let (h, w) = (h.min(t.rows), w.min(t.cols));
        let r0 = self.rng.below((t.rows - h + 1) as u64) as usize;
        let c0 = self.rng.below((t.cols - w + 1) as u64) as usize;
        (r0..r0 + h).flat_map(|r| (c0..c0 + w).map(move |c| r * t.cols + c)).filter(|&s| !t.pinned[s]).collect()
    }

    /// Frees a window and re-solves it exactly; `false` when the solver stopped (Ctrl-C, time).
    fn window(&mut self, deadline: Option<Instant>) -> Result<bool, LnsError> {
        let t = self.t;
        let (h, w) = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3)][self.rng.below(8) as usize];
        let squares = self.rectangle(h, w);
        if squares.len() < 2 {
            return Ok(true);
        }
        let mut free = vec![false; self.board.len()];
        for &s in &squares {
            free[s] = true;
        }
        let board = &self.board;
        let outside = |s: usize| -> Option<[Label; 4]> { Some(t.shows(board[s]).map(Label)) };
        let region = Region {
            squares: squares.clone(),
            pieces: squares.iter().map(|&s| board[s].0).collect(),
            pinned: Vec::new(),
            outside: &outside,
        };
        let e = ground_region(self.p, &region, AmoEncoding::Auto);
        let level = score_level(&e.matches, "window matches");
        let g = Grounding {
            cnf: e.cnf,
            header: Vec::new(),
            hash: 0,
            projection: Vec::new(),
            fixed_weight: false,
            ties: Vec::new(),
            symmetries: Vec::new(),
            encoding: (),
            xors: Vec::new(),
            objective: Objective { levels: vec![level] },
            groups: Vec::new(),
        };
        // A window is small: a few seconds at most (unless the run is to repeat), never past
        // the deadline.
        let mut limit = self.window_limit.then(|| Duration::from_secs(5));
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            limit = Some(limit.map_or(left, |l| l.min(left)));
        }
        let o = wgrnd_engine::optimise::optimise(
            &g,
            &SolverSpec::Builtin,
            OptEngine::Linear,
            limit,
            &self.interrupt,
            &mut |_, _| {},
        )
        .map_err(|e| LnsError::Solver(e.to_string()))?;
        self.windows.tried += 1;
        let Some((model, _)) = o.best else { return Ok(!o.interrupted) };
        let mut next = self.board.clone();
        for sel in e
            .selections
            .iter()
            .filter(|sel| model.value(wgrnd_sat::Var::from_index(sel.var as usize - 1)) == Some(true))
        {
            next[sel.square] = (sel.piece, sel.turn);
        }
        let score = t.score(&next);
        if score >= self.score {
            self.windows.improved += u64::from(score > self.score);
            self.board = next;
            self.score = score;
        }
        Ok(!o.interrupted)
    }

    /// Frees up to `k` pairwise non-adjacent squares and reassigns their pieces optimally.
    fn assignment(&mut self, k: usize) {
        let t = self.t;
        let n = self.board.len();
        let mut blocked = vec![false; n];
        let mut set = Vec::new();
        // Random squares, mismatched ones first half of the time.
        let mut order: Vec<usize> = t.free.clone();
        for i in (1..order.len()).rev() {
            order.swap(i, self.rng.below(i as u64 + 1) as usize);
        }
        if self.rng.below(2) == 0 {
            let board = &self.board;
            order.sort_by_key(|&s| t.local(board, s, board[s]));
        }
        // One class of square at a time (corner, border, inner), so that pieces can trade places.
        let class = |s: usize| t.kind(s);
        let Some(&first) = order.first() else { return };
        let want = class(first);
        for s in order {
            if set.len() >= k {
                break;
            }
            if blocked[s] || class(s) != want {
                continue;
            }
            blocked[s] = true;
            for (_, u) in t.neighbours(s) {
                blocked[u] = true;
            }
            set.push(s);
        }
        if set.len() < 2 {
            return;
        }
        let pieces: Vec<usize> = set.iter().map(|&s| self.board[s].0).collect();
        // weight[i][j]: piece i on square j, its best turn; None: no turn fits. The neighbours
        // of each square are looked up once (n^2 pieces and squares).
        let facing: Vec<[Option<u32>; 4]> = set.iter().map(|&s| t.facing(&self.board, s)).collect();
        let table: Vec<Vec<Option<(usize, u8)>>> =
            pieces.iter().map(|&q| facing.iter().map(|around| t.best_turn(around, q)).collect()).collect();
        let weights: Vec<Vec<Option<i64>>> =
            table.iter().map(|row| row.iter().map(|w| w.map(|(v, _)| v as i64)).collect()).collect();
        let Some(assign) = max_assignment(&weights) else { return };
        let before: usize = set.iter().map(|&s| t.local(&self.board, s, self.board[s])).sum();
        let after: usize = assign.iter().enumerate().filter_map(|(i, &j)| table[i][j].map(|(v, _)| v)).sum();
        if after < before {
            return;
        }
        self.assignments.tried += 1;
        for (i, &j) in assign.iter().enumerate() {
            if let Some((_, k)) = table[i][j] {
                self.board[set[j]] = (pieces[i], k);
            }
        }
        let score = t.score(&self.board);
        self.assignments.improved += u64::from(score > self.score);
        self.score = score;
    }
}

/// Runs the search on `opts.jobs` threads; `improved` hears of every improvement of the best
/// board (on the calling thread). Returns the best board.
pub fn search(p: &Puzzle, opts: &LnsOptions, improved: &mut dyn FnMut(&Improvement)) -> Result<Outcome, LnsError> {
    let started = Instant::now();
    let deadline = opts.timeout.map(|t| started + t);
    let t = Tables::new(p);
    let total = t.total();
    let mut rng = SplitMix64(opts.seed);
    let first = match &opts.start {
        Some(pl) => from_placements(p, pl)?,
        None => fill(p, &t, &mut rng)?,
    };
    let first_score = t.score(&first);
    improved(&(placements(p.cols, &first), first_score, started.elapsed(), 0));
    let _watch = opts.interrupt.watch();
    let best = Arc::new(Mutex::new((first_score, first.clone())));
    let best_score = Arc::new(AtomicU64::new(first_score as u64));
    let stop = Arc::new(AtomicBool::new(first_score == total));
    let (tx, rx) = mpsc::channel::<Improvement>();
    let jobs = opts.jobs.max(1);
    let results: Vec<Result<Worker<'_>, LnsError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|i| {
                let (best, best_score, stop, tx, t) = (&best, &best_score, &stop, tx.clone(), &t);
                let first = first.clone();
                scope.spawn(move || -> Result<Worker<'_>, LnsError> {
                    let seed = opts.seed.wrapping_add(i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed;
                    let mut w = Worker::new(p, t, seed, first);
                    // A better thread best goes to the shared best board and the caller.
                    let publish = |board: &[(usize, u8)], score: usize, moves: u64| {
                        if score as u64 > best_score.load(Ordering::SeqCst) {
                            let mut b = best.lock().unwrap_or_else(|e| e.into_inner());
                            if score > b.0 {
                                *b = (score, board.to_vec());
                                best_score.store(score as u64, Ordering::SeqCst);
                                let _ = tx.send((placements(p.cols, board), score, started.elapsed(), moves));
                                if score == total {
                                    stop.store(true, Ordering::SeqCst);
                                }
                            }
                        }
                    };
                    if opts.start.is_none() && first_score < total {
                        let until = started + fill_time(opts.timeout);
                        let halt = || {
                            (opts.fill_nodes.is_none() && Instant::now() >= until)
                                || deadline.is_some_and(|d| Instant::now() >= d)
                                || stop.load(Ordering::SeqCst)
                                || opts.interrupt.is_requested()
                        };
                        let max_nodes = opts.fill_nodes.unwrap_or(u64::MAX);
                        w.start_fill(max_nodes, &halt, &mut |board, score| publish(board, score, 0));
                        publish(&w.best, w.best_score, 0);
                    }
                    // The SAT windows' own time limit would make a repeatable run (`--moves` and
                    // `--fill-nodes` both) depend on the load; any other run keeps it.
                    w.window_limit = opts.moves.is_none() || opts.fill_nodes.is_none();
                    w.interrupt = opts.interrupt.clone();
                    let mut done = false;
                    while !stop.load(Ordering::SeqCst) && !opts.interrupt.is_requested() {
                        if opts.moves.is_some_and(|m| w.moves >= m) {
                            // This thread's share is done; the others go on to theirs.
                            done = true;
                            break;
                        }
                        if !w.step(deadline)? {
                            break;
                        }
                        if w.best_score as u64 > best_score.load(Ordering::SeqCst) {
                            publish(&w.best, w.best_score, w.moves);
                        }
                        if w.stuck() {
                            // Behind the best board of all, now and then start from it (else
                            // the threads would search one basin).
                            if (best_score.load(Ordering::SeqCst) as usize) > w.best_score
                                && w.rng.below(kick::SHARE_ODDS) == 0
                            {
                                let b = best.lock().unwrap_or_else(|e| e.into_inner());
                                w.adopt(&b.1, b.0);
                            }
                            w.kick();
                            if w.best_score as u64 > best_score.load(Ordering::SeqCst) {
                                publish(&w.best, w.best_score, w.moves);
                            }
                        }
                        if deadline.is_some_and(|d| Instant::now() >= d) {
                            break;
                        }
                    }
                    if !done {
                        stop.store(true, Ordering::SeqCst);
                    }
                    Ok(w)
                })
            })
            .collect();
        drop(tx);
        // The calling thread reports improvements until every worker has stopped.
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(mut imp) => {
                    // Only the latest (best) of the improvements waiting matters.
                    while let Ok(next) = rx.try_recv() {
                        imp = next;
                    }
                    improved(&imp)
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if deadline.is_some_and(|d| Instant::now() >= d) || opts.interrupt.is_requested() {
                        stop.store(true, Ordering::SeqCst);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err(LnsError::Solver("a search thread panicked".into()))))
            .collect()
    });
    let (score, board) = std::mem::take(&mut *best.lock().unwrap_or_else(|e| e.into_inner()));
    let mut o = Outcome {
        best: placements(p.cols, &board),
        score,
        total,
        interrupted: opts.interrupt.is_requested(),
        windows: MoveStats::default(),
        assignments: MoveStats::default(),
        refills: MoveStats::default(),
        refills_exact: 0,
        swaps: MoveStats::default(),
        worse: 0,
        fill: FillStats::default(),
        kicks: MoveStats::default(),
        moves: 0,
    };
    let add = |a: &mut MoveStats, b: MoveStats| {
        a.tried += b.tried;
        a.improved += b.improved;
    };
    for r in results {
        let w = r?;
        add(&mut o.windows, w.windows);
        add(&mut o.assignments, w.assignments);
        add(&mut o.refills, w.refills);
        add(&mut o.swaps, w.swaps);
        add(&mut o.kicks, w.episode.kicks);
        o.refills_exact += w.refill_exact;
        o.moves += w.moves;
        o.worse += w.worse;
        o.fill.restarts += w.fill.restarts;
        o.fill.nodes += w.fill.nodes;
        o.fill.improved += w.fill.improved;
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    fn puzzle(text: &str) -> Puzzle {
        read_puzzle("t.wgrnd", text, &ReadOptions::default()).unwrap()
    }

    #[test]
    fn the_score_counts_matched_inner_edges() {
        let p = puzzle("size 1 2\npiece 1 2 3 4\npiece 5 6 7 2\n");
        let t = Tables::new(&p);
        // Piece 1 shows 2 on its east side unturned, piece 2 its west edge 2 on the west side.
        assert_eq!(t.score(&[(0, 0), (1, 0)]), 1);
        // Turned once, piece 2 shows its north edge 5 on the west side.
        assert_eq!(t.score(&[(0, 0), (1, 1)]), 0);
        assert_eq!(t.score(&[(0, 1), (1, 0)]), 0);
    }

    #[test]
    fn the_best_turn_is_the_best_fitting_turn_by_local() {
        let mut rng = SplitMix64(53);
        let mut p = refill::tests::perfect(&mut rng, 6, 5, 3, true);
        refill::tests::scramble(&mut rng, &mut p, 2);
        let t = Tables::new(&p);
        let board = fill(&p, &t, &mut rng).unwrap();
        let mut seen = [false; 5];
        for s in 0..board.len() {
            let around = t.facing(&board, s);
            for q in 0..p.pieces.len() {
                let by_local =
                    (0..4u8).filter(|&k| fits_square(&p, s, q, k)).map(|k| (t.local(&board, s, (q, k)), k)).max();
                assert_eq!(t.best_turn(&around, q), by_local, "piece {q} on square {s}");
                if let Some((m, _)) = by_local {
                    seen[m] = true;
                }
            }
        }
        assert!(seen[0] && seen[2] && seen[4], "the board should show many scores: {seen:?}");
    }

    #[test]
    fn a_run_by_moves_and_fill_nodes_repeats() {
        let mut rng = SplitMix64(77);
        let mut p = refill::tests::perfect(&mut rng, 7, 7, 3, true);
        refill::tests::scramble(&mut rng, &mut p, 1);
        let opts = LnsOptions { seed: 5, jobs: 1, moves: Some(1_000), fill_nodes: Some(20_000), ..Default::default() };
        let run = || {
            let mut reported = 0;
            let o = search(&p, &opts, &mut |imp| reported = reported.max(imp.1)).unwrap();
            assert_eq!(reported, o.score, "the last board reported is the best");
            assert_eq!(crate::edge::check::edge_score(&p, &o.best).matched, o.score, "the checker's score");
            o
        };
        let (a, b) = (run(), run());
        assert_eq!((a.moves, a.fill.nodes), (1_000, 20_000), "the run stops at its moves and placements");
        assert_eq!((&a.best, a.score), (&b.best, b.score), "the same seed, the same board");
        assert_eq!((a.assignments, a.refills, a.swaps, a.kicks), (b.assignments, b.refills, b.swaps, b.kicks));
        assert!(a.kicks.tried > 0 || a.refills.tried > 0);
    }

    #[test]
    fn a_start_board_must_be_full_and_keep_the_clues() {
        let p = puzzle("size 1 2\npiece 1 2 3 4\npiece 5 6 7 2\nclue 1 1 1 0\n");
        let at = |col, piece, rotation| Placement { row: 0, col, piece, rotation };
        assert!(from_placements(&p, &[at(0, 0, 0), at(1, 1, 0)]).is_ok());
        assert!(matches!(from_placements(&p, &[at(0, 0, 0)]), Err(LnsError::BadStart(_))));
        assert!(matches!(from_placements(&p, &[at(0, 1, 0), at(1, 0, 0)]), Err(LnsError::BadStart(_))));
        assert!(matches!(from_placements(&p, &[at(0, 0, 0), at(1, 0, 0)]), Err(LnsError::BadStart(_))));
    }

    #[test]
    fn annealing_never_loses_the_best_board() {
        let mut rng = SplitMix64(12);
        let mut p = refill::tests::perfect(&mut rng, 6, 6, 3, true);
        refill::tests::scramble(&mut rng, &mut p, 1);
        let t = Tables::new(&p);
        let board = fill(&p, &t, &mut rng).unwrap();
        let mut w = Worker::new(&p, &t, 3, board);
        let mut most = w.score;
        for _ in 0..3000 {
            assert!(w.step(None).unwrap());
            assert_eq!(w.score, t.score(&w.board), "the moves keep the score in step");
            most = most.max(w.score);
            assert_eq!(w.best_score, most);
            assert_eq!(t.score(&w.best), most);
        }
        refill::tests::assert_placement(&p, &w.best);
        assert!(w.worse > 0, "no worse board was kept: the test would not see a lost best");
        assert!(w.refills.tried > 0 && w.assignments.tried > 0 && w.swaps.tried > 0);
    }
}
