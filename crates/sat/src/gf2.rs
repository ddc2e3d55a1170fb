//! Gauss elimination over GF(2) of a grounding's parity constraints (issue #25), written once for
//! the parity engine (wgrnd-count's `gauss`, closed systems) and for the elimination of the linear
//! part of a mixed system before its CNF is written (the language's grounder).
//!
//! Rows are bitsets over the columns that keep only the words from their first to their last
//! nonzero one ([`Seg`]), so a banded system (lights out: a light's presses lie within one board
//! row of it) costs the band, not the width. Elimination is by leading column: every row waits in
//! the bucket of its first column; at column `c` one row of the bucket becomes the pivot (the one
//! ending first, which keeps fill-in low) and is added to the others, which move on to the bucket
//! of their new first column. No search for pivots, no row swaps.
//!
//! Projection: the hidden variables (auxiliaries of the cut-up XORs, any variable not shown) are
//! the first columns, so they become pivots before any shown one. A hidden column that ends free
//! is a direction of the solution space that changes no shown atom; a pivot row only holds columns
//! after its pivot, so a shown pivot depends on free shown columns only.

use crate::{Cnf, Var};

use crate::parity::Xor;

/// One equation: its hidden columns and its shown ones (each a [`Seg`], the shown ones numbered
/// from 0), and its right-hand side. Two segments, because a row that ties an auxiliary to atoms
/// would otherwise span every column between the hidden block and the shown one.
#[derive(Clone, Debug)]
pub struct Row {
    hidden: Seg,
    shown: Seg,
    rhs: bool,
}

impl Row {
    fn new(cols: &[usize], hidden: usize, rhs: bool) -> Row {
        let h: Vec<usize> = cols.iter().copied().filter(|&c| c < hidden).collect();
        let s: Vec<usize> = cols.iter().filter(|&&c| c >= hidden).map(|c| c - hidden).collect();
        Row { hidden: Seg::new(&h), shown: Seg::new(&s), rhs }
    }

    /// The first column, if any.
    pub fn first(&self, hidden: usize) -> Option<usize> {
        self.hidden.first().or_else(|| self.shown.first().map(|c| c + hidden))
    }

    /// The right-hand side.
    pub fn rhs(&self) -> bool {
        self.rhs
    }

    /// Its size in words.
    fn len(&self) -> usize {
        self.hidden.words.len() + self.shown.words.len()
    }

    /// `self += other`.
    fn add(&mut self, other: &Row) {
        self.hidden.add(&other.hidden);
        self.shown.add(&other.shown);
        self.rhs ^= other.rhs;
    }

    /// The parity of the row's columns set in `x` (hidden and shown bitsets).
    pub fn dot(&self, x: &[Vec<u64>; 2]) -> bool {
        self.hidden.dot(&x[0]) != self.shown.dot(&x[1])
    }

    /// Whether column `c` is set.
    fn has(&self, c: usize, hidden: usize) -> bool {
        if c < hidden {
            self.hidden.has(c)
        } else {
            self.shown.has(c - hidden)
        }
    }

    /// The columns set, in increasing order.
    pub fn columns(&self, hidden: usize) -> Vec<usize> {
        let mut out = self.hidden.columns();
        out.extend(self.shown.columns().into_iter().map(|c| c + hidden));
        out
    }
}

/// A set of columns: those of the words `lo ..` in `words`, without zero words at either end.
#[derive(Clone, Debug)]
struct Seg {
    lo: usize,
    words: Vec<u64>,
}

impl Seg {
    fn new(cols: &[usize]) -> Seg {
        let lo = cols.iter().min().map_or(0, |c| c / 64);
        let hi = cols.iter().max().map_or(0, |c| c / 64 + 1);
        let mut words = vec![0u64; hi - lo];
        for &c in cols {
            words[c / 64 - lo] ^= 1 << (c % 64);
        }
        let mut seg = Seg { lo, words };
        seg.trim();
        seg
    }

    /// Drops zero words at both ends.
    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
        let lead = self.words.iter().take_while(|w| **w == 0).count();
        if lead > 0 {
            self.words.drain(..lead);
            self.lo += lead;
        }
        if self.words.is_empty() {
            self.lo = 0;
        }
    }

    /// The first column, if any.
    fn first(&self) -> Option<usize> {
        self.words.first().map(|w| 64 * self.lo + w.trailing_zeros() as usize)
    }

    /// One past the last word.
    fn hi(&self) -> usize {
        self.lo + self.words.len()
    }

    fn has(&self, c: usize) -> bool {
        let w = c / 64;
        w >= self.lo && w < self.hi() && self.words[w - self.lo] >> (c % 64) & 1 == 1
    }

    fn columns(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(64 * (self.lo + i) + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        out
    }

    /// `self += other`.
    fn add(&mut self, other: &Seg) {
        if other.words.is_empty() {
            return;
        }
        if self.words.is_empty() {
            self.lo = other.lo;
        }
        if other.lo < self.lo {
            let mut w = vec![0u64; self.lo - other.lo];
            w.append(&mut self.words);
            self.words = w;
            self.lo = other.lo;
        }
        if other.hi() > self.hi() {
            let n = other.hi() - self.lo;
            self.words.resize(n, 0);
        }
        let off = other.lo - self.lo;
        for (a, b) in self.words[off..].iter_mut().zip(&other.words) {
            *a ^= *b;
        }
        self.trim();
    }

    /// The parity of the columns set here and in `x`.
    fn dot(&self, x: &[u64]) -> bool {
        let mut acc = 0u64;
        for (i, w) in self.words.iter().enumerate() {
            acc ^= w & x[self.lo + i];
        }
        acc.count_ones() % 2 == 1
    }
}

/// Which clauses of a CNF the linear system takes besides its XORs' own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Take {
    /// Every clause must be an XOR's or a unit (a closed system); any other makes no system.
    Closed,
    /// The unit clauses over the XORs' variables; the other clauses stay outside the system.
    Units,
}

/// A parity system, eliminated (row echelon form, or reduced by [`Echelon::reduce`]).
#[derive(Clone, Debug)]
pub struct Echelon {
    /// Variable of each column (hidden ones first).
    pub vars: Vec<Var>,
    /// How many columns are hidden.
    pub hidden: usize,
    /// Pivot rows in increasing order of their first column.
    pub pivots: Vec<Row>,
    /// Free columns among the shown ones.
    pub free_shown: Vec<usize>,
    /// Whether the system has a solution.
    pub consistent: bool,
    /// Which clauses of the CNF the system holds (the XORs' and the units it took).
    pub taken: Vec<bool>,
}

impl Echelon {
    /// The system of `xors` (and the clauses of `cnf` that `take` says) over columns hidden
    /// variables first, then `projection`, eliminated; `None` when a clause is neither an XOR's
    /// nor a unit under [`Take::Closed`], or an XOR's range or a projection atom is out of range.
    pub fn new(cnf: &Cnf, xors: &[Xor], projection: &[Var], take: Take) -> Option<Echelon> {
        let n = cnf.num_clauses();
        let mut taken = vec![false; n];
        for x in xors {
            taken.get_mut(x.clauses.clone())?.iter_mut().for_each(|c| *c = true);
        }
        let num_vars = cnf.num_vars();
        let mut shown = vec![false; num_vars as usize];
        for v in projection {
            *shown.get_mut(v.index())? = true;
        }
        let mut in_xor = vec![take == Take::Closed; num_vars as usize];
        for x in xors {
            for v in &x.vars {
                *in_xor.get_mut(v.index())? = true;
            }
        }
        // Columns: hidden variables first, then the shown ones in projection order.
        let mut vars: Vec<Var> = (0..num_vars as usize).filter(|&i| !shown[i]).map(Var::from_index).collect();
        vars.extend(projection.iter().copied());
        let mut col = vec![0usize; num_vars as usize];
        for (c, v) in vars.iter().enumerate() {
            col[v.index()] = c;
        }
        let hidden = vars.len() - projection.len();
        let mut rows: Vec<Row> = Vec::with_capacity(xors.len());
        for x in xors {
            let cols: Vec<usize> = x.vars.iter().map(|v| col[v.index()]).collect();
            rows.push(Row::new(&cols, hidden, x.rhs));
        }
        for (i, clause) in cnf.clauses().enumerate() {
            if taken[i] {
                continue;
            }
            match clause {
                [] if take == Take::Closed => rows.push(Row::new(&[], hidden, true)),
                [l] if in_xor[l.var().index()] => {
                    rows.push(Row::new(&[col[l.var().index()]], hidden, l.is_positive()));
                }
                _ if take == Take::Closed => return None,
                _ => continue,
            }
            taken[i] = true;
        }
        Some(eliminate(rows, vars, hidden, taken))
    }

    /// Reduces the echelon form fully (Gauss-Jordan): afterwards every pivot column is set in its
    /// own row only, so each pivot row is its pivot plus free columns after it.
    pub fn reduce(&mut self) {
        let h = self.hidden;
        let mut pivot_of = vec![usize::MAX; self.vars.len()];
        for (i, row) in self.pivots.iter().enumerate() {
            if let Some(c) = row.first(h) {
                pivot_of[c] = i;
            }
        }
        // From the last pivot back: the later rows are reduced already, so adding one clears its
        // pivot and brings in free columns only.
        for i in (0..self.pivots.len()).rev() {
            let (done, rest) = self.pivots.split_at_mut(i + 1);
            let row = &mut done[i];
            let own = row.first(h);
            for c in row.columns(h) {
                let j = pivot_of[c];
                if Some(c) != own && j != usize::MAX && row.has(c, h) {
                    row.add(&rest[j - i - 1]);
                }
            }
        }
    }

    /// Each pivot row as its variables (the pivot first) and right-hand side.
    pub fn equations(&self) -> impl Iterator<Item = (Vec<Var>, bool)> + '_ {
        self.pivots.iter().map(|r| (r.columns(self.hidden).into_iter().map(|c| self.vars[c]).collect(), r.rhs))
    }
}

fn eliminate(rows: Vec<Row>, vars: Vec<Var>, hidden: usize, taken: Vec<bool>) -> Echelon {
    let cols = vars.len();
    let mut consistent = true;
    let mut bucket: Vec<Vec<Row>> = vec![Vec::new(); cols];
    for row in rows {
        match row.first(hidden) {
            Some(c) => bucket[c].push(row),
            None => consistent &= !row.rhs,
        }
    }
    let mut pivots = Vec::new();
    let mut free_shown = Vec::new();
    for c in 0..cols {
        let mut here = std::mem::take(&mut bucket[c]);
        if here.is_empty() {
            if c >= hidden {
                free_shown.push(c);
            }
            continue;
        }
        let best = (0..here.len()).min_by_key(|&i| here[i].len()).unwrap_or(0);
        let pivot = here.swap_remove(best);
        for mut row in here {
            row.add(&pivot);
            match row.first(hidden) {
                Some(d) => bucket[d].push(row),
                None => consistent &= !row.rhs,
            }
        }
        pivots.push(pivot);
    }
    Echelon { vars, hidden, pivots, free_shown, consistent, taken }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The assignments (bit `v` for variable `v`) of `n` variables that satisfy every equation.
    fn solutions(n: usize, eqs: &[(Vec<usize>, bool)]) -> Vec<u32> {
        (0u32..1 << n)
            .filter(|a| eqs.iter().all(|(vs, rhs)| (vs.iter().filter(|&&v| a >> v & 1 == 1).count() % 2 == 1) == *rhs))
            .collect()
    }

    /// Random systems, some variables hidden: the reduced rows have the same solutions as the
    /// system (brute force), each pivot stands in its own row only, and every other column of a
    /// row is free; inconsistency is found exactly when there is no solution.
    #[test]
    fn reduced_rows_keep_the_solutions_and_isolate_the_pivots() {
        let mut seed = 0x5eed_u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..400 {
            let n = 1 + next(9) as usize;
            let mut cnf = Cnf::new();
            let vars: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
            let shown: Vec<Var> = vars.iter().copied().filter(|_| next(3) != 0).collect();
            let mut eqs = Vec::new();
            let mut xors = Vec::new();
            for _ in 0..next(10) {
                let vs: Vec<usize> = (0..n).filter(|_| next(3) == 0).collect();
                let rhs = next(2) == 1;
                xors.push(Xor { vars: vs.iter().map(|&v| vars[v]).collect(), rhs, clauses: 0..0 });
                eqs.push((vs, rhs));
            }
            // A unit clause over a variable of the XORs joins the system.
            if let Some((vs, _)) = eqs.first().filter(|(vs, _)| !vs.is_empty()) {
                let v = vs[0];
                cnf.add_clause(&[vars[v].pos()]);
                eqs.push((vec![v], true));
            }
            let want = solutions(n, &eqs);
            let mut e = Echelon::new(&cnf, &xors, &shown, Take::Units).expect("a system");
            assert_eq!(e.consistent, !want.is_empty(), "{eqs:?}");
            if !e.consistent {
                continue;
            }
            e.reduce();
            let rows: Vec<(Vec<usize>, bool)> =
                e.equations().map(|(vs, rhs)| (vs.iter().map(|v| v.index()).collect(), rhs)).collect();
            assert_eq!(solutions(n, &rows), want, "{eqs:?} -> {rows:?}");
            let pivots: Vec<usize> = rows.iter().map(|(vs, _)| vs[0]).collect();
            for (vs, _) in &rows {
                assert!(vs[1..].iter().all(|v| !pivots.contains(v)), "{rows:?}");
            }
        }
    }
}
