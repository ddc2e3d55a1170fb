//! Accepting worse boards (docs/optimise.md, "Annealing and refills"): simulated annealing over
//! the moves, with the refill of a large region by the scan search as the large neighbourhood.
//!
//! Each thread keeps its best board apart from its current one: a move may lose edges (a swap
//! is kept with the Metropolis probability `exp(delta / T)`), the best board never changes but
//! for a better one, and at the end of each cooling cycle a thread whose current board is worse
//! than its best goes back to the best.

use crate::edge::encode::score::fits_square;

use crate::edge::lns::Worker;
use crate::{edge::lns::refill, edge::lns::refill::region_breaks};

/// The temperature schedule: over each cycle of `cycle` moves the temperature falls
/// geometrically from `hot` to `cold`, `T(i) = hot * (cold / hot)^((i mod cycle) / cycle)`;
/// then it starts again from `hot` (from the thread's best board).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anneal {
    /// Moves per cycle.
    pub cycle: u64,
    /// Temperature at the start of a cycle.
    pub hot: f64,
    /// Temperature at its end.
    pub cold: f64,
}

impl Anneal {
    /// The schedule the search uses: a loss of two edges is kept with probability e^-0.5 (61 %)
    /// at the start of a cycle and e^-10 at its end (hot 4.0 rather than 2.0: at 200,000 moves
    /// better on 5 of 6 Eternity II seeds, at 400,000 on 2 of 3: a small gain, not a proven one;
    /// docs/optimise.md).
    pub const SEARCH: Anneal = Anneal { cycle: 4000, hot: 4.0, cold: 0.2 };

    /// The temperature at move `i` (counted from 0).
    pub fn temperature(&self, i: u64) -> f64 {
        let x = (i % self.cycle.max(1)) as f64 / self.cycle.max(1) as f64;
        self.hot * (self.cold / self.hot).powf(x)
    }

    /// Whether a move that changes the score by `delta` is kept at temperature `temp`, `u`
    /// uniform in [0, 1): always when it does not lose, else with probability `exp(delta / temp)`.
    pub fn accepts(delta: i64, temp: f64, u: f64) -> bool {
        delta >= 0 || u < (delta as f64 / temp).exp()
    }
}

impl Worker<'_> {
    /// Swaps the pieces of two squares of one kind (each then in its best turn) and keeps the
    /// swap by the annealing rule at temperature `temp`.
    pub(crate) fn swap(&mut self, temp: f64) {
        let t = self.t;
        let free = &t.free;
        if free.len() < 2 {
            return;
        }
        // Half of the time the first square is one with a mismatched edge (if one is drawn).
        let mut s1 = free[self.rng.below(free.len() as u64) as usize];
        if self.rng.below(2) == 0 {
            for _ in 0..32 {
                let s = free[self.rng.below(free.len() as u64) as usize];
                if t.local(&self.board, s, self.board[s]) < t.neighbours(s).count() {
                    s1 = s;
                    break;
                }
            }
        }
        let same = &t.by_kind[t.kind(s1)];
        if same.len() < 2 {
            return;
        }
        let s2 = loop {
            let s = same[self.rng.below(same.len() as u64) as usize];
            if s != s1 {
                break s;
            }
        };
        let region = [s1, s2];
        let before = region_breaks(t, &self.board, &region);
        let old = (self.board[s1], self.board[s2]);
        (self.board[s1], self.board[s2]) = (old.1, old.0);
        for &s in &region {
            let q = self.board[s].0;
            let best = (0..4u8)
                .filter(|&k| fits_square(self.p, s, q, k))
                .max_by_key(|&k| (t.local(&self.board, s, (q, k)), std::cmp::Reverse(k)));
            match best {
                Some(k) => self.board[s] = (q, k),
                None => {
                    (self.board[s1], self.board[s2]) = old;
                    return;
                }
            }
        }
        let after = region_breaks(t, &self.board, &region);
        let delta = i64::from(before) - i64::from(after);
        self.swaps.tried += 1;
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if Anneal::accepts(delta, temp, u) {
            self.score = (self.score as i64 + delta) as usize;
            self.swaps.improved += u64::from(delta > 0);
            self.worse += u64::from(delta < 0);
        } else {
            (self.board[s1], self.board[s2]) = old;
        }
    }

    /// Frees a region (a band of two rows, or a rectangle of 2 x 2 to 6 x 6 squares; clues
    /// excluded) and re-fills it with the scan search under the fixed rest, at most `max_nodes`
    /// placements; the best placement found is kept (never worse than the region's own).
    pub(crate) fn refill(&mut self, max_nodes: u64) {
        let t = self.t;
        let (h, w) = if self.rng.below(4) == 0 {
            (2, t.cols)
        } else {
            (2 + self.rng.below(5) as usize, 2 + self.rng.below(5) as usize)
        };
        let region = self.rectangle(h, w);
        if region.len() < 2 {
            return;
        }
        let f = refill::refill(self.p, t, &self.board, &region, 0, max_nodes, &mut self.rng);
        self.refills.tried += 1;
        self.refill_exact += u64::from(f.exhausted);
        let Some((next, _)) = f.best else { return };
        let score = t.score(&next);
        if score >= self.score {
            self.refills.improved += u64::from(score > self.score);
            self.board = next;
            self.score = score;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_temperature_cools_over_each_cycle_and_starts_again() {
        let a = Anneal { cycle: 10, hot: 1.0, cold: 0.1 };
        assert_eq!(a.temperature(0), 1.0);
        assert!((a.temperature(5) - 0.1f64.sqrt()).abs() < 1e-12);
        assert!(a.temperature(9) > 0.1 && a.temperature(9) < a.temperature(8));
        assert_eq!(a.temperature(10), 1.0);
    }

    #[test]
    fn losses_are_kept_by_the_metropolis_rule() {
        assert!(Anneal::accepts(0, 0.1, 0.999));
        assert!(Anneal::accepts(2, 0.1, 0.999));
        // exp(-1) = 0.3679
        assert!(Anneal::accepts(-1, 1.0, 0.36));
        assert!(!Anneal::accepts(-1, 1.0, 0.37));
        assert!(!Anneal::accepts(-3, 0.1, 0.0001));
    }
}
