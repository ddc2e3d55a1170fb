//! `runs { formula : binders | guard } = lengths`: the maximal runs of true cells of a line (the
//! bindings in enumeration order) have the given lengths, in order (docs/qprop.md, "Runs";
//! docs/encodings.md, "Run patterns").
//!
//! The pattern is the regular language `0* 1^l1 0+ 1^l2 0+ ... 1^lk 0*`, recognised by a
//! deterministic automaton whose state `s` (0..=L, `L = l1 + ... + lk + k - 1`) says how much of
//! the word `P = 1^l1 0 1^l2 0 ... 1^lk` has been read (Pesant's `regular` constraint, CP 2004;
//! here unrolled into SAT over the layered graph of states per position, as in Bacchus, "GAC via
//! unit propagation", CP 2007).
//!
//! Grounding records each line ([`Line`]); after every statement is grounded,
//! [`Grounder::finish_lines`] runs the line solver: the exact deduction of each line (a cell is
//! fixed when every placement of the runs consistent with the known cells gives it the same value:
//! forward and backward reachability over the automaton), iterated over all lines to a fixpoint,
//! starting from the unit clauses and constants of the rest of the model. The fixed cells become
//! unit clauses; then each line is encoded over its remaining states only: one atom per position
//! and state still possible (none where one state is left), forward transitions
//! (`q(i, s) and x(i) = a -> q(i+1, d(s, a))`, or a clause forbidding the letter where that state
//! is impossible) and backward supports (`q(i+1, t) ->` some predecessor state with the letter
//! leading to `t`). Forward and backward clauses make exactly one state true per position, the one
//! the automaton reaches on the cells: every auxiliary is a function of the cells, so counts are
//! exact. A fully line-solved puzzle grounds to unit clauses and nothing else.

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::nnf::{Plan, G};
use crate::probe::known_of;
use crate::program::{eval_term, List, PredKind, Program, Runs, Val, F, T};
use crate::reify::Bit;

/// Refuse a line whose automaton has more than this many positions times states.
const MAX_LINE_STATES: usize = 50_000_000;

/// A run-pattern constraint in NNF: the cell formula, its negation, the cells' plan.
#[derive(Debug)]
pub(crate) struct RunsG<'a> {
    pub r: &'a Runs,
    pub pos: G<'a>,
    pub neg: G<'a>,
    pub plan: Plan<'a>,
    /// The plan of the lengths' comprehension, when they are one with a guard (made once, not
    /// per line).
    pub lens: Option<Plan<'a>>,
}

/// `runs` in NNF; refused under negation.
pub(crate) fn nnf<'a>(p: &Program, r: &'a Runs, positive: bool) -> Result<G<'a>> {
    if !positive {
        return Err(not_outright(r.span));
    }
    let plan = crate::nnf::plan(p, &r.binders, r.guard.as_ref(), &G::Const(false), true)?;
    let pos = crate::nnf::nnf(p, &r.lit, true)?;
    let neg = crate::nnf::nnf(p, &r.lit, false)?;
    let lens = match &r.lens {
        List::Compr(s) if s.guard.is_some() => {
            crate::nnf::plan(p, &s.binders, s.guard.as_ref(), &G::Const(false), true).ok()
        }
        _ => None,
    };
    Ok(G::Runs(Box::new(RunsG { r, pos, neg, plan, lens })))
}

/// The error for a `runs` constraint under `not`, `or`, `->` or inside a term.
pub(crate) fn not_outright(span: Span) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        span,
        "'runs' inside 'or', '->', 'not' or '[...]'",
        "'runs' must hold outright (under 'forall' and 'and' only)",
    )
}

/// One grounded line: its cells (literal or constant) and the word `P` (true = a black cell).
#[derive(Debug)]
pub(crate) struct Line {
    pub(crate) cells: Vec<Bit>,
    pub(crate) pat: Vec<bool>,
}

/// The automaton's transition from state `s` on letter `a` (`None`: the pattern is broken).
pub(crate) fn step(pat: &[bool], s: usize, a: bool) -> Option<usize> {
    let l = pat.len();
    if s < l && pat[s] == a {
        Some(s + 1)
    } else if !a && (s == 0 || s == l || !pat[s - 1]) {
        Some(s)
    } else {
        None
    }
}

/// The word `P` of the run lengths `lens` (zeros dropped).
pub(crate) fn pattern(lens: &[i64]) -> Vec<bool> {
    let mut pat = Vec::new();
    for &l in lens.iter().filter(|&&l| l > 0) {
        if !pat.is_empty() {
            pat.push(false);
        }
        pat.extend(std::iter::repeat_n(true, l as usize));
    }
    pat
}

/// Buffers of the line solver, reused from one line to the next (a propagation solves thousands
/// of lines: no allocation per line). The states of a position are a bit set of `L / 64 + 1`
/// words (bit `s` of word `s / 64`: state `s`), so a cell is read by a few word operations per
/// 64 states instead of a branch per state.
#[derive(Default)]
pub(crate) struct Scratch {
    /// The live states at each position `0..=n`, one bit set after the other.
    live: Vec<u64>,
    /// The words `[a, b)` of each position's set that can hold a live state.
    span: Vec<(u32, u32)>,
    /// By state: a white cell keeps it (`stay`), a white cell advances it to the next state
    /// (`white`: the separator of two runs), a black cell advances it (`black`).
    stay: Vec<u64>,
    white: Vec<u64>,
    black: Vec<u64>,
}

/// The letters a cell allows, as masks: (white, black).
fn letters(k: Option<bool>) -> (u64, u64) {
    let mask = |b: bool| if b { u64::MAX } else { 0 };
    (mask(k != Some(true)), mask(k != Some(false)))
}

/// Sets bit `s` of the bit set `bits`.
fn set_bit(bits: &mut [u64], s: usize) {
    bits[s / 64] |= 1 << (s % 64);
}

/// The states still possible at each position `0..=n` given the known cells (`None`: unknown):
/// reachable from state 0 reading the line's prefix and reaching state `L` on its suffix, as a
/// flat table (`live[i * (L + 1) + s]`). `None` when no placement of the runs fits.
pub(crate) fn layers(pat: &[bool], known: &[Option<bool>]) -> Option<Vec<bool>> {
    let mut s = Scratch::default();
    if !layers_in(pat, known, &mut s, &mut Vec::new()) {
        return None;
    }
    let (l, w) = (pat.len(), pat.len() / 64 + 1);
    let live = &s.live;
    Some((0..=known.len()).flat_map(|i| (0..=l).map(move |st| (live[i * w + st / 64] >> (st % 64)) & 1 == 1)).collect())
}

/// [`layers`] into `s.live` as bit sets (the automaton's transitions are those of [`step`], as
/// masks); false when no placement fits. Only the words a position can reach are visited (the
/// slack of the line wide). The backward pass also writes the line's deduction into `out` (see
/// [`solve_line_in`]; a known cell keeps its value, `None` at a cell no surviving edge crosses,
/// which a line with a placement does not have).
fn layers_in(pat: &[bool], known: &[Option<bool>], s: &mut Scratch, out: &mut Vec<Option<bool>>) -> bool {
    let (n, l) = (known.len(), pat.len());
    let w = l / 64 + 1;
    if w == 1 {
        return layers_in_word(pat, known, &mut s.live, out);
    }
    for v in [&mut s.stay, &mut s.white, &mut s.black] {
        v.clear();
        v.resize(w, 0);
    }
    for st in 0..=l {
        // As `step`: white advances at a separator, else stays where a gap may grow.
        if st < l && !pat[st] {
            set_bit(&mut s.white, st);
        } else if st == 0 || st == l || !pat[st - 1] {
            set_bit(&mut s.stay, st);
        }
        if st < l && pat[st] {
            set_bit(&mut s.black, st);
        }
    }
    let (live, span, stay, white, black) = (&mut s.live, &mut s.span, &s.stay, &s.white, &s.black);
    live.clear();
    live.resize((n + 1) * w, 0);
    live[0] = 1;
    span.clear();
    span.resize(n + 1, (0, 1));
    // Forward: the reachable states. A state advanced past bit 63 of a word carries into the
    // next word (never past state L: only states below L advance).
    for i in 0..n {
        let (a, b) = (span[i].0 as usize, span[i].1 as usize);
        let (done, rest) = live.split_at_mut((i + 1) * w);
        let (cur, next) = (&done[i * w..], &mut rest[..w]);
        let (mw, mb) = letters(known[i]);
        let (mut na, mut nb, mut carry) = (usize::MAX, 0, 0u64);
        for j in a..(b + 1).min(w) {
            let c = cur[j];
            let adv = c & ((white[j] & mw) | (black[j] & mb));
            let x = (c & stay[j] & mw) | (adv << 1) | carry;
            carry = adv >> 63;
            next[j] = x;
            if x != 0 {
                na = na.min(j);
                nb = j + 1;
            }
        }
        if na == usize::MAX {
            return false;
        }
        span[i + 1] = (na as u32, nb as u32);
    }
    let end = &mut live[n * w..];
    if (end[l / 64] >> (l % 64)) & 1 == 0 {
        return false;
    }
    // Backward: keep the states from which state L is reached on the suffix. The edges that
    // survive at a cell are the letters it can take: its deduction, found in the same pass.
    end.fill(0);
    set_bit(end, l);
    out.clear();
    out.resize(n, None);
    for i in (0..n).rev() {
        let (a, b) = (span[i].0 as usize, span[i].1 as usize);
        let (done, rest) = live.split_at_mut((i + 1) * w);
        let (cur, next) = (&mut done[i * w..], &rest[..w]);
        let (mw, mb) = letters(known[i]);
        let (mut any_white, mut any_black) = (0u64, 0u64);
        for j in a..b {
            let c = cur[j];
            // Bit `st` of `ahead`: state `st + 1` is live at i + 1.
            let ahead = (next[j] >> 1) | next.get(j + 1).map_or(0, |x| x << 63);
            let by_white = c & mw & ((stay[j] & next[j]) | (white[j] & ahead));
            let by_black = c & mb & black[j] & ahead;
            cur[j] = by_white | by_black;
            any_white |= by_white;
            any_black |= by_black;
        }
        out[i] = match (known[i], any_white != 0, any_black != 0) {
            (Some(k), _, _) => Some(k),
            (None, true, false) => Some(false),
            (None, false, true) => Some(true),
            _ => None,
        };
    }
    true
}

/// [`layers_in`] for a line of at most 64 states (one word per position: every line of the
/// published puzzles but the widest), without the loops over words: the same sets, the same
/// deduction.
fn layers_in_word(pat: &[bool], known: &[Option<bool>], live: &mut Vec<u64>, out: &mut Vec<Option<bool>>) -> bool {
    let n = known.len();
    let p = WordPattern::new(pat).expect("a pattern of at most 63 letters (64 states)");
    live.clear();
    live.resize(n + 1, 0);
    out.clear();
    out.resize(n, None);
    p.layers(
        n,
        |i| letters(known[i]),
        live,
        |i, any_white, any_black| {
            out[i] = match (known[i], any_white, any_black) {
                (Some(k), _, _) => Some(k),
                (None, true, false) => Some(false),
                (None, false, true) => Some(true),
                _ => None,
            }
        },
    )
}

/// A line's automaton of at most 64 states (63 letters) as masks over its states (the transitions of
/// [`step`]): a white cell keeps the states of `stay` and advances those of `white` (the
/// separator of two runs), a black cell advances those of `black`; `accept` is the last state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordPattern {
    accept: u32,
    stay: u64,
    white: u64,
    black: u64,
}

impl WordPattern {
    /// The masks of `pat`; `None` when it has 65 states or more (64 letters or more).
    pub(crate) fn new(pat: &[bool]) -> Option<Self> {
        let l = pat.len();
        if l >= 64 {
            return None;
        }
        let (mut stay, mut white, mut black) = (1u64 | (1 << l), 0u64, 0u64);
        for (st, &b) in pat.iter().enumerate() {
            if b {
                black |= 1 << st;
            } else {
                white |= 1 << st;
                // After a separator's white, a gap may grow.
                stay |= 1 << (st + 1);
            }
        }
        Some(WordPattern { accept: l as u32, stay: stay & !white, white, black })
    }

    /// The forward and backward passes over `n` cells whose allowed letters are `letters(i)`
    /// (masks: white, black): `live[i]` ends as the states of position `i` on some placement,
    /// and `edges(i, white, black)` is told which letters such placements give cell `i` (every
    /// cell, last to first). False when no placement fits (`edges` is then never called).
    #[inline]
    fn layers(
        &self,
        n: usize,
        letters: impl Fn(usize) -> (u64, u64),
        live: &mut [u64],
        mut edges: impl FnMut(usize, bool, bool),
    ) -> bool {
        let (stay, white, black, l) = (self.stay, self.white, self.black, self.accept);
        live[0] = 1;
        for i in 0..n {
            let (mw, mb) = letters(i);
            let cur = live[i];
            let next = (cur & stay & mw) | ((cur & ((white & mw) | (black & mb))) << 1);
            if next == 0 {
                return false;
            }
            live[i + 1] = next;
        }
        if (live[n] >> l) & 1 == 0 {
            return false;
        }
        live[n] = 1 << l;
        for i in (0..n).rev() {
            let (mw, mb) = letters(i);
            let (cur, next) = (live[i], live[i + 1]);
            let ahead = next >> 1;
            let by_white = cur & mw & ((stay & next) | (white & ahead));
            let by_black = cur & mb & black & ahead;
            live[i] = by_white | by_black;
            edges(i, by_white != 0, by_black != 0);
        }
        true
    }

    /// The deduction of a line of `n` cells (at most 64) given as bit masks, bit `i` for cell
    /// `i`: the cells that may be white, those that may be black. Returns the cells that every
    /// placement makes white and those it makes black (known cells included), `None` when no
    /// placement fits. The same passes as [`solve_line_in`], without a table or a vector.
    pub(crate) fn solve_masks(&self, n: usize, can_white: u64, can_black: u64) -> Option<(u64, u64)> {
        debug_assert!(n <= 64);
        let mut live = [0u64; 65];
        let mask = |m: u64, i: usize| 0u64.wrapping_sub((m >> i) & 1);
        // The cells some placement makes white, those some placement makes black.
        let (mut any_white, mut any_black) = (0u64, 0u64);
        let fits = self.layers(
            n,
            |i| (mask(can_white, i), mask(can_black, i)),
            &mut live,
            |i, w, b| {
                any_white |= u64::from(w) << i;
                any_black |= u64::from(b) << i;
            },
        );
        fits.then_some((any_white & !any_black, any_black & !any_white))
    }
}

/// The exact deduction of one line: the value every placement of the runs gives each cell (when
/// they agree), or `None` when no placement fits the known cells.
#[cfg(test)]
pub(crate) fn solve_line(pat: &[bool], known: &[Option<bool>]) -> Option<Vec<Option<bool>>> {
    let mut out = Vec::new();
    solve_line_in(pat, known, &mut Scratch::default(), &mut out).then_some(out)
}

/// The exact deduction of one line into `out` (see `solve_line`), with the buffers of `s`; false
/// when no placement fits the known cells.
pub(crate) fn solve_line_in(
    pat: &[bool],
    known: &[Option<bool>],
    s: &mut Scratch,
    out: &mut Vec<Option<bool>>,
) -> bool {
    // The deduction is made by the backward pass of the layers (a surviving edge on each letter
    // leaves a cell open, edges on one letter only fix it). A line with a placement has a
    // surviving edge at every cell, so an open cell is one with both.
    layers_in(pat, known, s, out)
}

impl Grounder<'_> {
    /// The estimated clauses of a `runs` constraint: a few per position and state, at most
    /// about one state per cell.
    pub(crate) fn runs_estimate(&mut self, r: &RunsG) -> Result<f64> {
        let n = self.plan_size(&r.plan)?;
        Ok(3.0 * n * (n + 2.0))
    }

    /// Records one `runs` constraint under `env` (encoded by [`Grounder::finish_lines`]).
    pub(crate) fn runs(&mut self, r: &RunsG, env: &mut Env) -> Result<()> {
        let cells = match self.line_cells(r, env)? {
            Some(cells) => cells,
            None => {
                let what = format!("runs #{}", self.aux_count);
                let mut cells = Vec::new();
                self.each(&r.plan, env, &mut |me, env| {
                    let x = match &r.pos {
                        G::Const(b) => Err(*b),
                        G::Lit(l) => me.literal(l, env)?,
                        _ => {
                            let t = me.fresh_text(format!("{what} cell"));
                            me.conj(&r.pos, env, &[!t])?;
                            me.conj(&r.neg, env, &[t])?;
                            Ok(t)
                        }
                    };
                    cells.push(x);
                    Ok(false)
                })?;
                cells
            }
        };
        let lens = self.run_lengths(&r.r.lens, r.lens.as_ref(), r.r.span, env)?;
        let pat = pattern(&lens);
        if cells.len().saturating_mul(pat.len() + 1) > MAX_LINE_STATES {
            let e = QpropError::new(
                ErrorKind::TooLarge,
                r.r.span,
                format!("a line of {} cells with {} automaton states", cells.len(), pat.len() + 1),
                format!("at most {MAX_LINE_STATES} cells times states"),
            );
            return Err(self.bind_err(e, env));
        }
        let line = Line { cells, pat };
        if self.tracker.is_some() {
            // Grounding with groups (explain): the line's clauses now, under this binding's clue
            // facts and statement, without the line solver across lines (what it fixes would be
            // beyond every selector).
            let known: Vec<Option<bool>> = line.cells.iter().map(|b| b.err()).collect();
            return self.encode_line(self.aux_count as usize, &line, &known);
        }
        self.lines.push(line);
        Ok(())
    }

    /// The cells of a line whose formula is one atom `p(.., x, ..)` of a solved-for predicate
    /// with the line's only binder `x` (over the argument's own domain, no guard, no other binder
    /// among the arguments): the atom's index is computed once and stepped by the argument's
    /// stride, instead of evaluating the literal on each binding. The same literals as `literal`
    /// on each binding; `None` for any other line (and when grounding with groups).
    fn line_cells(&mut self, r: &RunsG, env: &mut Env) -> Result<Option<Vec<Bit>>> {
        let G::Lit(l) = &r.pos else { return Ok(None) };
        let ([lv], []) = (r.plan.levels.as_slice(), r.plan.pre.as_slice()) else { return Ok(None) };
        let p = self.p;
        if lv.gen.is_some() || !lv.checks.is_empty() || self.tracker.is_some() || crate::program::is_data(p, l.pred) {
            return Ok(None);
        }
        let mut at = None;
        for (i, a) in l.args.iter().enumerate() {
            match a {
                T::Var(s) if *s == lv.slot => {
                    if at.replace(i).is_some() {
                        return Ok(None);
                    }
                }
                T::Var(_) | T::Const(_) => {}
                _ => return Ok(None),
            }
        }
        let Some(at) = at.filter(|&i| p.preds[l.pred].args.get(i) == Some(&lv.dom)) else { return Ok(None) };
        let Some(step) = self.stride(l.pred, at) else { return Ok(None) };
        let values = &p.domains[lv.dom].values;
        let Some(&first) = values.first() else { return Ok(Some(Vec::new())) };
        // The first cell's atom, as the first binding evaluates it (and fails, if it does).
        env[lv.slot] = Some(first);
        let base = self.atom_index(l.pred, l.args, l.span, env);
        env[lv.slot] = None;
        let base = base?;
        let mut cells = Vec::with_capacity(values.len());
        for k in 0..values.len() {
            let idx = base + k * step;
            cells.push(match self.fixed(l.pred, idx) {
                Some(value) => Err(value == l.positive),
                None => {
                    let v = self.var(l.pred, idx);
                    Ok(if l.positive { v.pos() } else { v.neg() })
                }
            });
        }
        Ok(Some(cells))
    }

    /// The lengths `{ x_j : x_1, ..., x_m | q(args) }` where `q` is an input predicate and each
    /// binder is one of its arguments (over that argument's own domain; the others constants or
    /// variables of the enclosing scope): the bindings in order as an odometer over the atoms'
    /// indexes, stepped by the arguments' strides, each fact read from the data table, instead of
    /// a plan's generators per binding. The same values in the same order as the plan; false
    /// (nothing pushed) for any other shape.
    fn fact_lengths(&mut self, s: &crate::program::Sum, env: &mut Env, vals: &mut Vec<Val>) -> Result<bool> {
        let (Some(F::Atom(pr, args, span)), T::Var(out)) = (&s.guard, &s.body) else { return Ok(false) };
        let p = self.p;
        let pred = &p.preds[*pr];
        if !matches!(pred.kind, PredKind::Input(_)) || args.iter().any(|a| !matches!(a, T::Var(_) | T::Const(_))) {
            return Ok(false);
        }
        let mut steps = Vec::with_capacity(s.binders.len());
        let mut sizes = Vec::with_capacity(s.binders.len());
        for b in &s.binders {
            let mut at =
                args.iter().enumerate().filter(|(_, a)| matches!(a, T::Var(x) if *x == b.slot)).map(|(i, _)| i);
            let (Some(i), None) = (at.next(), at.next()) else { return Ok(false) };
            let Some(step) = self.stride(*pr, i).filter(|_| pred.args.get(i) == Some(&b.dom)) else { return Ok(false) };
            steps.push(step);
            sizes.push(p.domains[b.dom].len());
        }
        let Some(j) = s.binders.iter().position(|b| b.slot == *out) else { return Ok(false) };
        if sizes.contains(&0) {
            return Ok(true);
        }
        // The first binding's atom, as the plan evaluates it first (and fails, if it does).
        for b in &s.binders {
            env[b.slot] = p.domains[b.dom].values.first().copied();
        }
        let base = self.atom_index(*pr, args, *span, env);
        for b in &s.binders {
            env[b.slot] = None;
        }
        let (mut idx, known, out_values) = (base?, self.data_known(*pr), &p.domains[s.binders[j].dom].values);
        let mut at = vec![0usize; sizes.len()];
        let last = sizes.len() - 1;
        loop {
            // The last binder's atoms: one strided scan of the table.
            for k in 0..sizes[last] {
                if known.get(idx + k * steps[last]) == Some(&2) {
                    at[last] = k;
                    vals.push(out_values[at[j]]);
                }
            }
            at[last] = 0;
            // The next values of the others: the last of them fastest.
            let mut d = last;
            loop {
                if d == 0 {
                    return Ok(true);
                }
                d -= 1;
                at[d] += 1;
                idx += steps[d];
                if at[d] < sizes[d] {
                    break;
                }
                idx -= steps[d] * sizes[d];
                at[d] = 0;
            }
        }
    }

    /// The run lengths of a line: integers, at least 0 (zeros are no runs).
    fn run_lengths(&mut self, l: &List, plan: Option<&Plan>, span: Span, env: &mut Env) -> Result<Vec<i64>> {
        let mut vals = Vec::new();
        match l {
            List::Items(ts) => {
                for t in ts {
                    vals.push(eval_term(t, env).map_err(|e| self.bind_err(e, env))?);
                }
            }
            List::Compr(s) if self.tracker.is_none() && self.fact_lengths(s, env, &mut vals)? => {}
            List::Compr(s) => {
                let mut push = |me: &mut Self, env: &mut Env| {
                    vals.push(eval_term(&s.body, env).map_err(|e| me.bind_err(e, env))?);
                    Ok(false)
                };
                // The plan visits the bindings `eval_binders` visits, in the same order (a binder's
                // domain is its argument's or a filter of it, in that order); not when grounding
                // with groups (as there). Unlike `eval_binders`, which plans only from 16
                // bindings up, it is used for small lists too: it tests each conjunct at its
                // binders' level, so a binding whose first conjunct is false is skipped before a
                // later conjunct could raise an error.
                match plan.filter(|_| self.tracker.is_none()) {
                    Some(plan) => self.each(plan, env, &mut push)?,
                    None => self.eval_binders(&s.binders, 0, s.guard.as_ref(), env, &mut push)?,
                };
            }
        }
        let mut out = Vec::with_capacity(vals.len());
        for v in vals {
            match v {
                Val::Int(x) if x >= 0 => out.push(x),
                v => {
                    let found = match v {
                        Val::Int(x) => format!("run length {x}"),
                        Val::Sym(_) => "a symbol as a run length".to_string(),
                    };
                    let e =
                        QpropError::new(ErrorKind::Type, span, found, "expected run lengths that are integers >= 0");
                    return Err(self.bind_err(e, env));
                }
            }
        }
        Ok(out)
    }

    /// The line solver over every recorded line, then each line's encoding over the states it
    /// leaves (see the module's comment).
    pub(crate) fn finish_lines(&mut self) -> Result<()> {
        let lines = std::mem::take(&mut self.lines);
        if lines.is_empty() {
            return Ok(());
        }
        let nv = self.cnf.num_vars() as usize;
        // Known values by variable index: the unit clauses so far (the formula's own: a
        // connectivity constraint's written-out clauses fix nothing a line needs).
        let mut value: Vec<Option<bool>> = vec![None; nv + 1];
        for c in self.cnf.own_clauses() {
            if let [l] = c {
                value[l.var().index()] = Some(l.is_positive());
            }
        }
        let mut solver = crate::probe::LineSolver::new(&lines, value);
        if !solver.propagate() || !solver.probe(crate::probe::PROBE_WORK) {
            // No placement fits: the model has no solution.
            self.cnf.add_clause(&[]);
            return Ok(());
        }
        for l in solver.fixed() {
            self.cnf.add_clause(&[l]);
        }
        let value = solver.value;
        let mut known: Vec<Option<bool>> = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            known.clear();
            known.extend(line.cells.iter().map(|b| known_of(b, &value)));
            // A line whose cells are all known was solved after its last cell was fixed: it holds.
            if known.iter().all(Option::is_some) {
                continue;
            }
            self.encode_line(k, line, &known)?;
        }
        Ok(())
    }

    /// The clauses of one line over the states the known cells leave.
    fn encode_line(&mut self, k: usize, line: &Line, known: &[Option<bool>]) -> Result<()> {
        let Some(live) = layers(&line.pat, known) else {
            self.cnf.add_clause(&[]);
            return Ok(());
        };
        let (n, l) = (line.cells.len(), line.pat.len());
        if known.iter().all(Option::is_some) {
            // Every cell is a unit clause or a constant already: the line holds.
            return Ok(());
        }
        // The state atoms: constant true where one state is left, none where it is impossible.
        let mut q: Vec<Vec<Option<Bit>>> = Vec::with_capacity(n + 1);
        for (i, layer) in live.chunks(l + 1).enumerate() {
            let count = layer.iter().filter(|&&b| b).count();
            let mut row = vec![None; l + 1];
            for s in 0..=l {
                if layer[s] {
                    row[s] = Some(if count == 1 {
                        Err(true)
                    } else {
                        Ok(self.fresh_text(format!("runs #{k} q({i}, {s})")))
                    });
                }
            }
            q.push(row);
        }
        let letter = |x: Bit, a: bool| if a { x } else { crate::reify::not(x) };
        for i in 0..n {
            let x = line.cells[i];
            for s in 0..=l {
                let Some(qs) = q[i][s] else { continue };
                for a in [false, true] {
                    match step(&line.pat, s, a).and_then(|t| q[i + 1][t]) {
                        Some(qt) => self.clause_with(&[], &[crate::reify::not(qs), letter(x, !a), qt]),
                        None => self.clause_with(&[], &[crate::reify::not(qs), letter(x, !a)]),
                    }
                }
            }
            // Forward supports: a state at i has a successor at i + 1 (on some letter).
            for s in 0..=l {
                let Some(qs) = q[i][s] else { continue };
                let mut c = vec![crate::reify::not(qs)];
                c.extend([false, true].into_iter().filter_map(|a| step(&line.pat, s, a).and_then(|t| q[i + 1][t])));
                self.clause_with(&[], &c);
            }
            // Letter supports: a letter needs a state at i that reads it, and one at i + 1 that it
            // reaches, on a surviving edge.
            for a in [false, true] {
                let edges: Vec<(Bit, Bit)> =
                    (0..=l).filter_map(|s| Some((q[i][s]?, q[i + 1][step(&line.pat, s, a)?]?))).collect();
                let mut from = vec![letter(x, !a)];
                from.extend(edges.iter().map(|e| e.0));
                self.clause_with(&[], &from);
                let mut to = vec![letter(x, !a)];
                to.extend(edges.iter().map(|e| e.1));
                self.clause_with(&[], &to);
            }
            // Backward supports: a state at i + 1 has a predecessor at i with the right letter.
            for t in 0..=l {
                let Some(qt) = q[i + 1][t] else { continue };
                let preds: Vec<(Bit, bool)> = (0..=l)
                    .flat_map(|s| [false, true].map(|a| (s, a)))
                    .filter(|&(s, a)| step(&line.pat, s, a) == Some(t))
                    .filter_map(|(s, a)| q[i][s].map(|qs| (qs, a)))
                    .collect();
                self.support(crate::reify::not(qt), x, &preds);
            }
        }
        Ok(())
    }

    /// `not_t or` some `(q and x = a)` of `preds`, in CNF: one clause per choice of a conjunct from
    /// each predecessor (at most two predecessors per state).
    fn support(&mut self, not_t: Bit, x: Bit, preds: &[(Bit, bool)]) {
        let letter = |a: bool| if a { x } else { crate::reify::not(x) };
        let mut choices: Vec<Vec<Bit>> = vec![vec![not_t]];
        for &(qs, a) in preds {
            let mut next = Vec::with_capacity(choices.len() * 2);
            for c in &choices {
                for b in [qs, letter(a)] {
                    let mut c2 = c.clone();
                    c2.push(b);
                    next.push(c2);
                }
            }
            choices = next;
        }
        for c in choices {
            // `clause` drops tautologies.
            self.clause_with(&[], &c);
        }
    }
}

impl crate::resolve::Resolver {
    /// `runs { lit : binders | guard } = lengths` resolved: the lengths in the enclosing scope,
    /// then the binders, guard and cell formula in the binders' scope.
    pub(crate) fn runs(&mut self, r: &crate::ast::RunsAst) -> Result<F> {
        let lens = self.list(&r.lens, r.span)?;
        let depth = self.scope.len();
        let binders = self.binders(&r.binders)?;
        let guard = match &r.guard {
            Some(g) => Some(self.formula(g)?),
            None => None,
        };
        let lit = self.formula(&r.lit)?;
        self.scope.truncate(depth);
        Ok(F::Runs(Box::new(Runs { lit, binders, guard, lens, span: r.span })))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The lengths of the maximal runs of true cells, by a plain scan.
    pub(crate) fn runs_of(cells: &[bool]) -> Vec<i64> {
        let mut out = Vec::new();
        let mut len = 0;
        for &c in cells.iter().chain([false].iter()) {
            if c {
                len += 1;
            } else if len > 0 {
                out.push(len);
                len = 0;
            }
        }
        out
    }

    pub(crate) fn rng(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// The automaton accepts exactly the words whose runs are the lengths (all words up to 9).
    #[test]
    fn automaton_accepts_exactly_the_runs() {
        for n in 0..=9usize {
            for bits in 0u32..1 << n {
                let word: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                let lens = runs_of(&word);
                for other in [lens.clone(), vec![1], vec![2, 1], vec![1, 1, 1], vec![], vec![3]] {
                    let pat = pattern(&other);
                    let mut s = Some(0);
                    for &a in &word {
                        s = s.and_then(|s| step(&pat, s, a));
                    }
                    assert_eq!(s == Some(pat.len()), other == lens, "{word:?} {other:?}");
                }
            }
        }
    }

    /// The states of each position by a plain table of `step` (forward reachability, then
    /// backward), written here without bit sets: the reference for long lines.
    fn plain_layers(pat: &[bool], known: &[Option<bool>]) -> Option<Vec<bool>> {
        let (n, w) = (known.len(), pat.len() + 1);
        let mut live = vec![false; (n + 1) * w];
        live[0] = true;
        for i in 0..n {
            for s in 0..w {
                for a in [false, true] {
                    if live[i * w + s] && known[i] != Some(!a) {
                        if let Some(t) = step(pat, s, a) {
                            live[(i + 1) * w + t] = true;
                        }
                    }
                }
            }
        }
        if !live[n * w + w - 1] {
            return None;
        }
        live[n * w..n * w + w - 1].fill(false);
        for i in (0..n).rev() {
            for s in 0..w {
                let ok = [false, true]
                    .iter()
                    .any(|&a| known[i] != Some(!a) && step(pat, s, a).is_some_and(|t| live[(i + 1) * w + t]));
                live[i * w + s] &= ok;
            }
        }
        Some(live)
    }

    /// On long lines (automata of more than 64 states: bit sets of several words), the states
    /// of every position and the deduction equal the plain table's.
    #[test]
    fn long_lines_match_the_plain_table() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut solved = 0;
        for case in 0..400 {
            let n = 60 + (rng(&mut seed) % 140) as usize;
            let dense = 2 + rng(&mut seed) % 6;
            let (lens, known) = random_line(&mut seed, case, n, dense, 8);
            let pat = pattern(&lens);
            assert_eq!(layers(&pat, &known), plain_layers(&pat, &known), "case {case}: {lens:?} {known:?}");
            let want = plain_deduction(&pat, &known);
            assert_eq!(solve_line(&pat, &known), want, "case {case}: {lens:?} {known:?}");
            solved += usize::from(want.is_some());
        }
        assert!(solved > 100 && solved < 400, "{solved} of 400 lines had a placement");
    }

    /// A random line of `n` cells: the runs of a random word (black with odds `1 - 1/dense`; on
    /// every fifth case one run lengthened: often no placement) and its cells, one in
    /// `known_one_in` known with the word's value (on every third case as many with the other).
    fn random_line(
        seed: &mut u64,
        case: usize,
        n: usize,
        dense: u64,
        known_one_in: u64,
    ) -> (Vec<i64>, Vec<Option<bool>>) {
        let word: Vec<bool> = (0..n).map(|_| !rng(seed).is_multiple_of(dense)).collect();
        let mut lens = runs_of(&word);
        if case.is_multiple_of(5) && !lens.is_empty() {
            let k = (rng(seed) % lens.len() as u64) as usize;
            lens[k] += 1;
        }
        let known = (0..n)
            .map(|i| match rng(seed) % known_one_in {
                0 => Some(word[i]),
                1 if case.is_multiple_of(3) => Some(!word[i]),
                _ => None,
            })
            .collect();
        (lens, known)
    }

    /// The deduction of a line from the plain table: a letter is possible at a cell when some
    /// live state reads it into a live one; `None` when no placement fits.
    fn plain_deduction(pat: &[bool], known: &[Option<bool>]) -> Option<Vec<Option<bool>>> {
        let live = plain_layers(pat, known)?;
        let w = pat.len() + 1;
        let deduce = |i: usize| {
            let can = |a: bool| {
                known[i] != Some(!a)
                    && (0..w).any(|s| live[i * w + s] && step(pat, s, a).is_some_and(|t| live[(i + 1) * w + t]))
            };
            match (can(false), can(true)) {
                (true, false) => Some(false),
                (false, true) => Some(true),
                _ => known[i],
            }
        };
        Some((0..known.len()).map(deduce).collect())
    }

    /// The line solver on bit masks (lines of at most 64 cells and 64 states, up to both
    /// limits) deduces what the plain table does, and fails when it has no placement.
    #[test]
    fn word_lines_match_the_plain_table() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut solved = 0;
        for case in 0..400 {
            let n = if case % 10 == 0 { 64 } else { 1 + (rng(&mut seed) % 64) as usize };
            let dense = 2 + rng(&mut seed) % 4;
            let (lens, known) = random_line(&mut seed, case, n, dense, 6);
            let pat = pattern(&lens);
            let Some(p) = WordPattern::new(&pat) else { continue };
            let bits = |v: bool| known.iter().enumerate().fold(0u64, |m, (i, k)| m | u64::from(*k != Some(!v)) << i);
            let got = p.solve_masks(n, bits(false), bits(true)).map(|(white, black)| {
                (0..n)
                    .map(|i| match ((white >> i) & 1, (black >> i) & 1) {
                        (1, _) => Some(false),
                        (_, 1) => Some(true),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            });
            assert_eq!(got, plain_deduction(&pat, &known), "case {case}: {lens:?} {known:?}");
            solved += usize::from(got.is_some());
        }
        assert!(solved > 100 && solved < 380, "{solved} of 400 lines had a placement");
    }

    /// The line solver fixes a cell exactly when every completion of the known cells with the
    /// right runs gives it the same value, and fails exactly when there is no completion.
    #[test]
    fn line_solver_is_the_exact_deduction() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..3000 {
            let n = (rng(&mut seed) % 10) as usize;
            // Clues of a random word (mostly feasible) or random lengths.
            let lens: Vec<i64> = if rng(&mut seed).is_multiple_of(4) {
                (0..rng(&mut seed) % 4).map(|_| 1 + (rng(&mut seed) % 3) as i64).collect()
            } else {
                runs_of(&(0..n).map(|_| rng(&mut seed).is_multiple_of(2)).collect::<Vec<_>>())
            };
            let known: Vec<Option<bool>> = (0..n)
                .map(|_| match rng(&mut seed) % 5 {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                })
                .collect();
            let mut all: Option<Vec<Option<bool>>> = None;
            for bits in 0u32..1 << n {
                let word: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                if known.iter().zip(&word).any(|(k, w)| k.is_some_and(|k| k != *w)) || runs_of(&word) != lens {
                    continue;
                }
                all = Some(match all {
                    None => word.iter().map(|&w| Some(w)).collect(),
                    Some(a) => a.iter().zip(&word).map(|(a, &w)| a.filter(|&a| a == w)).collect(),
                });
            }
            assert_eq!(solve_line(&pattern(&lens), &known), all, "{lens:?} {known:?}");
        }
    }
}
