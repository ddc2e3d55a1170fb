//! The atom table: QPROP-style atoms numbered densely from 1, and back from numbers to atoms.
//!
//! Blocks, in this order: `l(s,p)` (square s holds piece p), `r(p,k)` (piece p is turned k
//! quarter turns counterclockwise), `v(p,e,n)` (unrotated edge e of piece p shows label n),
//! `m(s,e,n)` (side e of square s shows label n), then auxiliary atoms in the order the encoding
//! asks for them. Squares are numbered row by row from the top-left; everything is 0-based inside
//! and printed 1-based (rotations stay 0..3, being amounts).

use wgrnd_puzzle::{Label, Puzzle, Side};

/// A named atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Square `square` holds piece `piece` (both 0-based).
    #[allow(missing_docs)]
    L { square: usize, piece: usize },
    /// Piece `piece` is turned `rot` quarter turns counterclockwise.
    #[allow(missing_docs)]
    R { piece: usize, rot: u8 },
    /// Edge `edge` of unrotated piece `piece` shows `label`.
    #[allow(missing_docs)]
    V { piece: usize, edge: Side, label: Label },
    /// Side `side` of square `square` shows `label`.
    #[allow(missing_docs)]
    M { square: usize, side: Side, label: Label },
    /// The `index`-th auxiliary atom of block `block` of [`AtomTable::aux_blocks`].
    #[allow(missing_docs)]
    Aux { block: usize, index: u32 },
}

/// A run of auxiliary atoms introduced by one constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuxBlock {
    /// First variable of the run.
    pub first: u32,
    /// Number of atoms.
    pub len: u32,
    /// What they are for, e.g. `seq-amo square-at-most-one-piece s=3`.
    pub what: String,
}

/// Numbers atoms and names numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomTable {
    squares: usize,
    pieces: usize,
    labels: usize,
    cols: usize,
    aux: Vec<AuxBlock>,
    next: u32,
}

impl AtomTable {
    /// The table for a puzzle: the four predicate blocks, no auxiliary atoms yet.
    pub fn new(p: &Puzzle) -> Self {
        let (s, n) = (p.squares(), p.labels.len());
        let fixed = s * s + s * 4 + s * 4 * n + s * 4 * n;
        AtomTable { squares: s, pieces: s, labels: n, cols: p.cols, aux: Vec::new(), next: fixed as u32 + 1 }
    }

    fn l_base(&self) -> u32 {
        1
    }
    fn r_base(&self) -> u32 {
        self.l_base() + (self.squares * self.pieces) as u32
    }
    fn v_base(&self) -> u32 {
        self.r_base() + (self.pieces * 4) as u32
    }
    fn m_base(&self) -> u32 {
        self.v_base() + (self.pieces * 4 * self.labels) as u32
    }
    fn aux_base(&self) -> u32 {
        self.m_base() + (self.squares * 4 * self.labels) as u32
    }

    /// `l(s,p)`.
    pub fn l(&self, square: usize, piece: usize) -> u32 {
        self.l_base() + (square * self.pieces + piece) as u32
    }
    /// `r(p,k)`.
    pub fn r(&self, piece: usize, rot: u8) -> u32 {
        self.r_base() + (piece * 4 + rot as usize) as u32
    }
    /// `v(p,e,n)`.
    pub fn v(&self, piece: usize, edge: Side, label: Label) -> u32 {
        self.v_base() + ((piece * 4 + edge.index()) * self.labels + label.index()) as u32
    }
    /// `m(s,e,n)`.
    pub fn m(&self, square: usize, side: Side, label: Label) -> u32 {
        self.m_base() + ((square * 4 + side.index()) * self.labels + label.index()) as u32
    }

    /// Reserves `len` auxiliary atoms for `what`; returns the first.
    pub fn aux(&mut self, len: u32, what: String) -> u32 {
        let first = self.next;
        self.aux.push(AuxBlock { first, len, what });
        self.next += len;
        first
    }

    /// Number of atoms so far.
    pub fn len(&self) -> u32 {
        self.next - 1
    }

    /// Whether the table has no atoms (a puzzle always has some).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The auxiliary runs, in numbering order.
    pub fn aux_blocks(&self) -> &[AuxBlock] {
        &self.aux
    }

    /// The atom a variable number stands for.
    pub fn atom(&self, var: u32) -> Option<Atom> {
        if var == 0 || var > self.len() {
            return None;
        }
        let split = |x: u32, base: u32| (x - base) as usize;
        Some(if var < self.r_base() {
            let i = split(var, self.l_base());
            Atom::L { square: i / self.pieces, piece: i % self.pieces }
        } else if var < self.v_base() {
            let i = split(var, self.r_base());
            Atom::R { piece: i / 4, rot: (i % 4) as u8 }
        } else if var < self.m_base() {
            let i = split(var, self.v_base());
            let (pe, n) = (i / self.labels, i % self.labels);
            Atom::V { piece: pe / 4, edge: Side::from_index(pe % 4), label: Label(n as u32) }
        } else if var < self.aux_base() {
            let i = split(var, self.m_base());
            let (se, n) = (i / self.labels, i % self.labels);
            Atom::M { square: se / 4, side: Side::from_index(se % 4), label: Label(n as u32) }
        } else {
            let block = self.aux.partition_point(|b| b.first + b.len <= var);
            let b = &self.aux[block];
            Atom::Aux { block, index: var - b.first }
        })
    }

    /// The atom's name as DIMACS comments and messages print it, e.g. `l(5,3)`, `m(2,E,7)`.
    /// Squares, pieces and labels are printed from 1 (labels by name).
    pub fn name(&self, var: u32, p: &Puzzle) -> String {
        match self.atom(var) {
            Some(Atom::L { square, piece }) => format!("l({},{})", square + 1, piece + 1),
            Some(Atom::R { piece, rot }) => format!("r({},{})", piece + 1, rot),
            Some(Atom::V { piece, edge, label }) => {
                format!("v({},{},{})", piece + 1, edge.letter(), p.label_name(label))
            }
            Some(Atom::M { square, side, label }) => {
                format!("m({},{},{})", square + 1, side.letter(), p.label_name(label))
            }
            Some(Atom::Aux { block, index }) => format!("aux({}#{})", self.aux[block].what, index + 1),
            None => format!("?{var}"),
        }
    }

    /// Layout lines for the DIMACS header: one per block, enough to name every atom.
    pub fn layout(&self) -> Vec<String> {
        let (p, n) = (self.pieces, self.labels);
        let mut out = vec![
            format!("atoms l(s,p) {}..{} = {} + (s-1)*{p} + (p-1)", self.l_base(), self.r_base() - 1, self.l_base()),
            format!("atoms r(p,k) {}..{} = {} + (p-1)*4 + k", self.r_base(), self.v_base() - 1, self.r_base()),
            format!(
                "atoms v(p,e,n) {}..{} = {} + ((p-1)*4 + e)*{n} + (n-1)",
                self.v_base(),
                self.m_base() - 1,
                self.v_base()
            ),
            format!(
                "atoms m(s,e,n) {}..{} = {} + ((s-1)*4 + e)*{n} + (n-1)",
                self.m_base(),
                self.aux_base() - 1,
                self.m_base()
            ),
        ];
        for b in &self.aux {
            out.push(format!("atoms aux {}..{} {}", b.first, b.first + b.len - 1, b.what));
        }
        out
    }

    /// Number of squares (and pieces) and columns, for decoding.
    pub fn shape(&self) -> (usize, usize) {
        (self.squares, self.cols)
    }
}
