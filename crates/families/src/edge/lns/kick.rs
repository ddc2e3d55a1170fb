//! Escaping the plateau (docs/optimise.md, "Kicks"): iterated local search over the moves.
//!
//! The moves settle a board in a few minutes: every window, refill and assignment is then
//! optimal over its neighbourhood, and annealed swaps alone do not leave the basin. So each
//! thread searches in *episodes*: it keeps the best board of the current episode apart (the
//! cooling cycles go back to it, not to the thread's best), and when the episode has not
//! improved for `stuck` moves the thread **kicks**: it takes a base board (the episode's best
//! when it is within [`SLACK`] edges of the thread's best, else the thread's best; with several
//! threads, now and then the best board of all), frees a large region (a band of two or three
//! rows across the board, or a rectangle of 5 x 5 to 8 x 8 squares; clues stay) and re-fills it
//! with the scan search in a fresh random candidate order, allowing `extra` breaks (2 to 6) more
//! than the region has, at most [`KICK_NODES`] placements; the board it ends with starts the
//! next episode. The thread's best board changes only for a better one (a kick never loses it).

use crate::edge::lns::refill;
use crate::edge::lns::{MoveStats, Worker};

/// Moves without a better episode board after which a thread kicks.
pub(crate) const STUCK: u64 = 8_000;
/// An episode's best within this many edges of the thread's best is the next kick's base.
pub(crate) const SLACK: usize = 2;
/// Placements one kick's re-fill may make.
pub(crate) const KICK_NODES: u64 = 50_000;
/// Kicks of a thread behind the best board of all that start from that board: one in this many.
pub(crate) const SHARE_ODDS: u64 = 4;

/// A thread's episodes: the best board since the last kick, and how long it has not improved.
#[derive(Clone, Debug)]
pub(crate) struct Episode {
    /// The episode's best board and its score.
    pub board: Vec<(usize, u8)>,
    pub score: usize,
    /// Moves since the episode's best last improved.
    pub since: u64,
    /// Moves without improvement after which the thread kicks.
    pub stuck: u64,
    /// Whether the episode began with a kick that has not yet raised the thread's best.
    pub kicked: bool,
    /// Kicks made, and those whose episode raised the thread's best.
    pub kicks: MoveStats,
}

impl Episode {
    pub(crate) fn new(board: &[(usize, u8)], score: usize) -> Episode {
        Episode { board: board.to_vec(), score, since: 0, stuck: STUCK, kicked: false, kicks: MoveStats::default() }
    }
}

impl Worker<'_> {
    /// After a move: a better episode board is kept, else the episode ages.
    pub(crate) fn age(&mut self, best_before: usize) {
        if self.best_score > best_before && self.episode.kicked {
            self.episode.kicks.improved += 1;
            self.episode.kicked = false;
        }
        if self.score > self.episode.score {
            self.episode.score = self.score;
            self.episode.board.clone_from(&self.board);
            self.episode.since = 0;
        } else {
            self.episode.since += 1;
        }
    }

    /// Whether the episode has not improved for long enough to kick.
    pub(crate) fn stuck(&self) -> bool {
        self.episode.since >= self.episode.stuck
    }

    /// Takes a board better than the thread's best (the best of all threads) as its best and
    /// its episode's.
    pub(crate) fn adopt(&mut self, board: &[(usize, u8)], score: usize) {
        if score > self.best_score {
            self.best_score = score;
            self.best.clear();
            self.best.extend_from_slice(board);
            self.episode.score = score;
            self.episode.board.clone_from(&self.best);
        }
    }

    /// Kicks: from the base board (the episode's best when within `SLACK` of the thread's
    /// best, else the thread's best) a large region is re-filled with a few breaks to spare;
    /// a new episode starts from the result.
    pub(crate) fn kick(&mut self) {
        let t = self.t;
        if self.episode.score + SLACK >= self.best_score {
            self.board.clone_from(&self.episode.board);
            self.score = self.episode.score;
        } else {
            self.board.clone_from(&self.best);
            self.score = self.best_score;
        }
        for _ in 0..8 {
            let (h, w) = if self.rng.below(3) == 0 {
                (2 + self.rng.below(2) as usize, t.cols)
            } else {
                (5 + self.rng.below(4) as usize, 5 + self.rng.below(4) as usize)
            };
            let region = self.rectangle(h, w);
            if region.len() < 2 {
                continue;
            }
            let extra = 2 + self.rng.below(5) as u32;
            let f = refill::refill(self.p, t, &self.board, &region, extra, KICK_NODES, &mut self.rng);
            if let Some((next, _)) = f.best {
                self.board = next;
                self.score = t.score(&self.board);
                break;
            }
        }
        self.episode.kicks.tried += 1;
        self.episode.kicked = true;
        self.episode.score = self.score;
        self.episode.board.clone_from(&self.board);
        self.episode.since = 0;
        self.keep_best();
    }
}

#[cfg(test)]
mod tests {
    use crate::edge::lns::refill::tests::{assert_placement, perfect, scramble};
    use crate::edge::lns::{fill, placements, Tables, Worker};
    use crate::edge::model::Puzzle;
    use wgrnd_seam::SplitMix64;

    /// A framed 7 x 7 board (a clue on (2,2)) with labels scrambled on some pieces: no perfect
    /// board, so moves and kicks go both ways.
    fn scrambled(rng: &mut SplitMix64) -> Puzzle {
        let mut p = perfect(rng, 7, 7, 3, true);
        scramble(rng, &mut p, 1);
        p
    }

    #[test]
    fn kicks_keep_a_full_board_its_score_and_the_best() {
        let mut rng = SplitMix64(41);
        let p = scrambled(&mut rng);
        let t = Tables::new(&p);
        let board = fill(&p, &t, &mut rng).unwrap();
        let mut w = Worker::new(&p, &t, 8, board);
        w.episode.stuck = 150;
        let mut most = w.score;
        let mut moved = 0;
        for _ in 0..4000 {
            assert!(w.step(None).unwrap());
            most = most.max(w.score);
            if w.stuck() {
                let base = if w.episode.score + super::SLACK >= w.best_score {
                    w.episode.board.clone()
                } else {
                    w.best.clone()
                };
                w.kick();
                moved += usize::from(w.board != base);
                most = most.max(w.score);
                assert_placement(&p, &w.board);
                let checked = crate::edge::check::edge_score(&p, &placements(p.cols, &w.board));
                assert_eq!(w.score, checked.matched, "the kicked board's score is the checker's");
                assert_eq!(w.episode.score, w.score);
                assert_eq!(w.episode.since, 0);
            }
            assert_eq!(w.score, t.score(&w.board));
            assert_eq!(w.best_score, most, "the best board is never lost");
            assert_eq!(t.score(&w.best), most);
            assert!(w.episode.score <= w.best_score);
            assert_eq!(t.score(&w.episode.board), w.episode.score);
        }
        assert_placement(&p, &w.best);
        assert!(w.episode.kicks.tried >= 3, "too few kicks: {}", w.episode.kicks.tried);
        assert!(moved > 0, "no kick changed its base board: the test would not see a lost board");
    }

    #[test]
    fn a_thread_adopts_only_a_better_board() {
        let mut rng = SplitMix64(43);
        let p = scrambled(&mut rng);
        let t = Tables::new(&p);
        let a = fill(&p, &t, &mut rng).unwrap();
        let b = (0..100).map(|_| fill(&p, &t, &mut rng).unwrap()).find(|b| t.score(b) != t.score(&a)).unwrap();
        let (low, high) = if t.score(&a) < t.score(&b) { (a, b) } else { (b, a) };
        let mut w = Worker::new(&p, &t, 9, low.clone());
        w.adopt(&high, t.score(&high));
        assert_eq!((&w.best, w.best_score), (&high, t.score(&high)));
        assert_eq!((&w.episode.board, w.episode.score), (&high, t.score(&high)));
        let mut v = Worker::new(&p, &t, 9, high.clone());
        v.adopt(&low, t.score(&low));
        assert_eq!((&v.best, v.best_score), (&high, t.score(&high)));
        assert_eq!((&v.episode.board, v.episode.score), (&high, t.score(&high)));
    }
}
