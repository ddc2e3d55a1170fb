//! What the encodings share: board geometry (neighbours, which turns of a piece fit a square),
//! literal helpers, and the per-family clause counts of the DIMACS header.

use crate::edge::model::{turned, Puzzle, Side, SIDES};
use wgrnd_sat::{Cnf, Lit, Var};

/// The neighbour of square `s` across `side`, if it is on the board.
pub(crate) fn neighbour(p: &Puzzle, s: usize, side: Side) -> Option<usize> {
    let (r, c) = (s / p.cols, s % p.cols);
    match side {
        Side::North => (r > 0).then(|| s - p.cols),
        Side::East => (c + 1 < p.cols).then(|| s + 1),
        Side::South => (r + 1 < p.rows).then(|| s + p.cols),
        Side::West => (c > 0).then(|| s - 1),
    }
}

/// Whether piece `q` turned `k` times shows the frame label on exactly the outer sides of square
/// `s` (always true without a frame).
pub(crate) fn fits(p: &Puzzle, s: usize, q: usize, k: u8) -> bool {
    let Some(f) = p.frame else { return true };
    SIDES.iter().all(|&d| {
        let shows_frame = turned(p.pieces[q], k)[d.index()] == f;
        shows_frame == neighbour(p, s, d).is_none()
    })
}

/// The positive literal of atom `v`.
pub(crate) fn pos(v: u32) -> Lit {
    atom_var(v).pos()
}

/// The negative literal of atom `v`.
pub(crate) fn neg(v: u32) -> Lit {
    atom_var(v).neg()
}

/// The variable of atom `v` (atoms are numbered from 1, as variables).
pub(crate) fn atom_var(v: u32) -> Var {
    Var::from_index(v as usize - 1)
}

/// Clause counts per family, taken as the families are written one after another.
#[derive(Default)]
pub(crate) struct Families(Vec<(&'static str, usize)>);

impl Families {
    /// Records that the clauses written since the previous mark form family `name`.
    pub(crate) fn mark(&mut self, cnf: &Cnf, name: &'static str) {
        let before: usize = self.0.iter().map(|f| f.1).sum();
        self.0.push((name, cnf.num_clauses() - before));
    }

    pub(crate) fn into_vec(self) -> Vec<(&'static str, usize)> {
        self.0
    }
}
