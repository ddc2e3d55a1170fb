//! The line solver across lines, and probing with it (docs/encodings.md, "Run patterns").
//!
//! [`LineSolver::propagate`] solves every queued line exactly (on bit masks when it fits a word, else
//! [`crate::regular::solve_line_in`])
//! and queues the lines of each cell it fixes, to a fixpoint. [`LineSolver::probe`] then tries each
//! cell still unknown both ways: it sets the cell, propagates, and takes the assignments back. A
//! value that leads to a contradiction is impossible, so the cell gets the other value (with what
//! that implies); when both values propagate, the cells that both fix the same way are fixed. Every
//! deduction is a consequence of the lines alone, so the solutions stay the same. Rounds repeat
//! while they fix something, within a budget of line-solving work: the cells times automaton
//! states of every line solved while probing, counted, so that the result does not depend on the
//! machine's speed.

use std::collections::VecDeque;

use wgrnd_sat::Lit;

use crate::regular::{solve_line_in, Line, Scratch, WordPattern};
use crate::reify::Bit;

/// Probing stops after line-solving this many cells times states (about a second or two).
pub(crate) const PROBE_WORK: u64 = 2_000_000_000;

/// The lines, the values of the variables known so far, and the trail of the assignments made.
pub(crate) struct LineSolver<'a> {
    lines: &'a [Line],
    /// By line: its automaton as masks when the line has at most 64 cells, at most 64 states
    /// and no variable twice (every line of the published puzzles but the widest): it is then
    /// solved on bit masks, without the vectors of the general way.
    word: Vec<Option<WordPattern>>,
    /// Known values by variable index.
    pub value: Vec<Option<bool>>,
    /// The lines of variable `v`: `lines_of[of_var[v]..of_var[v + 1]]`.
    of_var: Vec<u32>,
    lines_of: Vec<u32>,
    /// Variables assigned here, in order.
    trail: Vec<usize>,
    queued: Vec<bool>,
    queue: VecDeque<usize>,
    /// Cells times states of the lines solved (the probing budget's measure).
    pub work: u64,
    /// Buffers reused by every line solved: its known cells, the deduction, the automaton's table.
    known: Vec<Option<bool>>,
    out: Vec<Option<bool>>,
    scratch: Scratch,
    /// Whether a line was queued again by its own deductions (a repeated variable; tests).
    #[cfg(test)]
    requeued: bool,
}

/// The value of a cell under `value` (a constant, or its literal's variable's value).
pub(crate) fn known_of(b: &Bit, value: &[Option<bool>]) -> Option<bool> {
    match b {
        Err(v) => Some(*v),
        Ok(l) => value.get(l.var().index()).copied().flatten().map(|v| v == l.is_positive()),
    }
}

impl<'a> LineSolver<'a> {
    /// A solver over `lines` whose variables have the values `value` (indexed by variable), with
    /// every line queued.
    pub(crate) fn new(lines: &'a [Line], value: Vec<Option<bool>>) -> Self {
        // The lines of each variable in one array: counted, then filled (a cell repeated in a
        // line is listed once for it).
        let nv = value.len();
        let mut of_var = vec![0u32; nv + 2];
        let mut last = vec![u32::MAX; nv];
        let mut word: Vec<Option<WordPattern>> = Vec::with_capacity(lines.len());
        for (k, line) in lines.iter().enumerate() {
            let mut plain = line.cells.len() <= 64;
            for b in line.cells.iter().flatten() {
                let v = b.var().index();
                if v < nv && last[v] != k as u32 {
                    last[v] = k as u32;
                    of_var[v + 2] += 1;
                } else {
                    plain = false;
                }
            }
            word.push(WordPattern::new(&line.pat).filter(|_| plain));
        }
        for v in 2..of_var.len() {
            of_var[v] += of_var[v - 1];
        }
        let mut lines_of = vec![0u32; of_var[nv + 1] as usize];
        last.fill(u32::MAX);
        for (k, line) in lines.iter().enumerate() {
            for b in line.cells.iter().flatten() {
                let v = b.var().index();
                if v < nv && last[v] != k as u32 {
                    last[v] = k as u32;
                    lines_of[of_var[v + 1] as usize] = k as u32;
                    of_var[v + 1] += 1;
                }
            }
        }
        of_var.truncate(nv + 1);
        LineSolver {
            lines,
            word,
            value,
            of_var,
            lines_of,
            trail: Vec::new(),
            queued: vec![true; lines.len()],
            queue: (0..lines.len()).collect(),
            work: 0,
            known: Vec::new(),
            out: Vec::new(),
            scratch: Scratch::default(),
            #[cfg(test)]
            requeued: false,
        }
    }

    /// The literals this solver fixed, in the order it fixed them.
    pub(crate) fn fixed(&self) -> Vec<Lit> {
        self.trail.iter().map(|&v| wgrnd_sat::Var::from_index(v).lit(self.value[v] == Some(true))).collect()
    }

    /// Sets variable `v` to `val` and queues its lines.
    fn assign(&mut self, v: usize, val: bool) {
        self.value[v] = Some(val);
        self.trail.push(v);
        for &j in &self.lines_of[self.of_var[v] as usize..self.of_var[v + 1] as usize] {
            if !self.queued[j as usize] {
                self.queued[j as usize] = true;
                self.queue.push_back(j as usize);
            }
        }
    }

    /// Takes back the assignments after the first `mark` of the trail.
    fn undo(&mut self, mark: usize) {
        for v in self.trail.drain(mark..) {
            self.value[v] = None;
        }
    }

    /// Solves the queued lines to a fixpoint; false when a line has no placement left (the queue
    /// is emptied then).
    pub(crate) fn propagate(&mut self) -> bool {
        while let Some(k) = self.queue.pop_front() {
            // `queued[k]` stays set while the line's own deductions are assigned: an exact line
            // solver's result is a fixpoint of that line, so they need not queue it again.
            if let Some(pattern) = self.word[k] {
                if !self.propagate_word(k, &pattern) {
                    return false;
                }
                continue;
            }
            let line = &self.lines[k];
            let (mut known, mut out) = (std::mem::take(&mut self.known), std::mem::take(&mut self.out));
            known.clear();
            known.extend(line.cells.iter().map(|b| known_of(b, &self.value)));
            self.work += (known.len() * (line.pat.len() + 1)) as u64;
            if !solve_line_in(&line.pat, &known, &mut self.scratch, &mut out) {
                self.queued[k] = false;
                for j in self.queue.drain(..) {
                    self.queued[j] = false;
                }
                return false;
            }
            for (i, v) in out.iter().enumerate() {
                let (Ok(l), Some(v), None) = (line.cells[i], *v, known[i]) else { continue };
                // A cell repeated in the line is fixed once.
                if self.value[l.var().index()].is_none() {
                    self.assign(l.var().index(), v == l.is_positive());
                }
            }
            self.queued[k] = false;
            // Unless a variable repeated in the line gave a cell another value than its deduction
            // (fixed a cell left open, or the opposite of what it deduced): then the line knows
            // more than it was solved with.
            if out.iter().zip(&line.cells).any(|(o, b)| known_of(b, &self.value) != *o) {
                self.queued[k] = true;
                self.queue.push_back(k);
                #[cfg(test)]
                {
                    self.requeued = true;
                }
            }
            (self.known, self.out) = (known, out);
        }
        true
    }

    /// [`LineSolver::propagate`]'s step for line `k` solved on bit masks (`pattern`: see
    /// [`LineSolver::word`]): the same deduction, assigned in the same order; false when no
    /// placement fits (the queue is emptied then). With no variable twice in the line, its
    /// assignments cannot change its other cells, so it is never queued again by them.
    fn propagate_word(&mut self, k: usize, pattern: &WordPattern) -> bool {
        let line = &self.lines[k];
        let (mut can_white, mut can_black) = (0u64, 0u64);
        for (i, b) in line.cells.iter().enumerate() {
            let (white, black) = match known_of(b, &self.value) {
                None => (1, 1),
                Some(v) => (u64::from(!v), u64::from(v)),
            };
            can_white |= white << i;
            can_black |= black << i;
        }
        self.work += (line.cells.len() * (line.pat.len() + 1)) as u64;
        let Some((white, black)) = pattern.solve_masks(line.cells.len(), can_white, can_black) else {
            self.queued[k] = false;
            for j in self.queue.drain(..) {
                self.queued[j] = false;
            }
            return false;
        };
        // The open cells the line fixes, first to last (unknown cells are literals).
        let mut fixed = (white | black) & can_white & can_black;
        while fixed != 0 {
            let i = fixed.trailing_zeros() as usize;
            fixed &= fixed - 1;
            if let Ok(l) = line.cells[i] {
                self.assign(l.var().index(), ((black >> i) & 1 == 1) == l.is_positive());
            }
        }
        self.queued[k] = false;
        true
    }

    /// Probes every unknown variable of the lines (see the module's comment) until a round fixes
    /// nothing or `budget` work is spent; false when the lines have no solution.
    pub(crate) fn probe(&mut self, budget: u64) -> bool {
        let vars: Vec<usize> = (0..self.value.len()).filter(|&v| self.of_var[v] < self.of_var[v + 1]).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &v in &vars {
                if self.value[v].is_some() {
                    continue;
                }
                if self.work >= budget {
                    return true;
                }
                let mark = self.trail.len();
                self.assign(v, true);
                let when_true: Option<Vec<(usize, Option<bool>)>> =
                    self.propagate().then(|| self.trail[mark..].iter().map(|&w| (w, self.value[w])).collect());
                self.undo(mark);
                self.assign(v, false);
                let when_false = self.propagate();
                match (when_true, when_false) {
                    (None, false) => return false,
                    // False is impossible: true, with what it implies.
                    (Some(implied), false) => {
                        self.undo(mark);
                        self.assign(v, true);
                        if !self.propagate() {
                            return false;
                        }
                        debug_assert!(implied.iter().all(|&(w, val)| self.value[w] == val));
                    }
                    // True is impossible: false and what it implied stay.
                    (None, true) => {}
                    // Both possible: what both imply alike.
                    (Some(implied), true) => {
                        let both: Vec<(usize, bool)> = implied
                            .iter()
                            .filter(|&&(w, val)| self.value[w] == val)
                            .map(|&(w, val)| (w, val == Some(true)))
                            .collect();
                        self.undo(mark);
                        if both.is_empty() {
                            continue;
                        }
                        for (w, val) in both {
                            self.assign(w, val);
                        }
                        if !self.propagate() {
                            return false;
                        }
                    }
                }
                changed = true;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regular::pattern;
    use crate::regular::tests::{rng, runs_of};
    use wgrnd_sat::Var;

    /// Every picture of `h` rows and `w` columns with the row and column clues (rows chosen among
    /// the words that fit their clue, columns checked at the end).
    fn solutions(h: usize, w: usize, rows: &[Vec<i64>], cols: &[Vec<i64>]) -> Vec<Vec<bool>> {
        let words: Vec<Vec<bool>> = (0u32..1 << w).map(|bits| (0..w).map(|i| bits >> i & 1 == 1).collect()).collect();
        let fits: Vec<Vec<&Vec<bool>>> =
            rows.iter().map(|r| words.iter().filter(|x| runs_of(x) == *r).collect()).collect();
        let mut out = Vec::new();
        let mut pick = vec![0usize; h];
        if fits.iter().any(Vec::is_empty) {
            return out;
        }
        loop {
            let pic: Vec<bool> = (0..h).flat_map(|r| fits[r][pick[r]].iter().copied()).collect();
            if (0..w).all(|c| runs_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>()) == cols[c]) {
                out.push(pic);
            }
            let mut r = 0;
            while r < h && pick[r] + 1 == fits[r].len() {
                pick[r] = 0;
                r += 1;
            }
            if r == h {
                return out;
            }
            pick[r] += 1;
        }
    }

    /// Propagation ends at a fixpoint of every line, also when a line lists a variable twice (a
    /// line is not queued again by its own deductions, except when such a variable gave a cell
    /// another value than the deduction): solving any line once more fixes nothing new.
    #[test]
    fn propagation_ends_at_every_lines_fixpoint() {
        let mut seed = 0x005E_ED0F_F1C5_u64;
        let mut requeued = 0;
        for case in 0..300 {
            let nv = 3 + (rng(&mut seed) % 4) as usize;
            let lines: Vec<Line> = (0..2 + rng(&mut seed) % 4)
                .map(|_| {
                    let n = 3 + (rng(&mut seed) % 5) as usize;
                    let cells = (0..n)
                        .map(|_| {
                            Ok(Var::from_index((rng(&mut seed) % nv as u64) as usize)
                                .lit(!rng(&mut seed).is_multiple_of(3)))
                        })
                        .collect();
                    let lens: Vec<i64> = (0..rng(&mut seed) % 3).map(|_| 1 + (rng(&mut seed) % 2) as i64).collect();
                    Line { cells, pat: pattern(&lens) }
                })
                .collect();
            let mut s = LineSolver::new(&lines, vec![None; nv]);
            if !s.propagate() {
                continue;
            }
            for line in &lines {
                let known: Vec<Option<bool>> = line.cells.iter().map(|b| known_of(b, &s.value)).collect();
                let mut out = Vec::new();
                assert!(solve_line_in(&line.pat, &known, &mut Scratch::default(), &mut out), "case {case}");
                assert_eq!(out, known, "case {case}: a line deduces more after propagation");
            }
            requeued += usize::from(s.requeued);
        }
        assert!(requeued > 0, "no line was ever queued again by its own repeated variable");
    }

    /// On random small puzzles (clues of a random picture, or random clues), every cell that
    /// propagation and probing fix has that value in every solution, and a contradiction is
    /// reported only when there is no solution; probing fixes cells that propagation alone leaves.
    #[test]
    fn probing_fixes_only_what_every_solution_has() {
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        let (mut more, mut refuted) = (0, 0);
        for case in 0..400 {
            let h = 3 + (rng(&mut seed) % 4) as usize;
            let w = 3 + (rng(&mut seed) % 4) as usize;
            let pic: Vec<bool> = (0..h * w).map(|_| rng(&mut seed).is_multiple_of(2)).collect();
            let mut rows: Vec<Vec<i64>> = (0..h).map(|r| runs_of(&pic[r * w..(r + 1) * w])).collect();
            let cols: Vec<Vec<i64>> =
                (0..w).map(|c| runs_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>())).collect();
            if case % 4 == 0 {
                // A random change of one row's clue: often no solution.
                let r = (rng(&mut seed) % h as u64) as usize;
                rows[r] = (0..1 + rng(&mut seed) % 2).map(|_| 1 + (rng(&mut seed) % 2) as i64).collect();
            }
            let cell = |r: usize, c: usize| Ok(Var::from_index(r * w + c).lit(true));
            let mut lines: Vec<Line> =
                (0..h).map(|r| Line { cells: (0..w).map(|c| cell(r, c)).collect(), pat: pattern(&rows[r]) }).collect();
            lines.extend((0..w).map(|c| Line { cells: (0..h).map(|r| cell(r, c)).collect(), pat: pattern(&cols[c]) }));
            let sols = solutions(h, w, &rows, &cols);
            let mut s = LineSolver::new(&lines, vec![None; h * w]);
            let propagated = s.propagate();
            let after_propagation = s.fixed().len();
            let ok = propagated && s.probe(PROBE_WORK);
            if !ok {
                assert!(sols.is_empty(), "case {case}: contradiction reported, {} solutions", sols.len());
                refuted += 1;
                continue;
            }
            for l in s.fixed() {
                let i = l.var().index();
                assert!(sols.iter().all(|p| p[i] == l.is_positive()), "case {case}: cell {i} fixed wrongly");
            }
            if s.fixed().len() > after_propagation {
                more += 1;
            }
        }
        assert!(more > 0, "probing never fixed more than propagation");
        assert!(refuted > 0, "no contradiction was ever found");
    }
}
