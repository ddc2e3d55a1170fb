//! The atom table: atoms numbered densely from 1, and back from numbers to atoms.
//!
//! Two layouts. The `four-squares` encoding numbers whole blocks by formula, in this order: `l(s,p)`
//! (square s holds piece p), `r(p,k)` (piece p is turned k quarter turns counterclockwise),
//! `v(p,e,n)` (unrotated edge e of piece p shows label n), `m(s,e,n)` (side e of square s shows
//! label n). The `diamond` encoding creates only the atoms that can be true and lists them one
//! by one: `l(s,p)`, `o(s,p,k)` (piece p lies on square s turned k), `lo(s,p,k)` (both at once,
//! where only one turn of p fits s), `d(s,e,n)` (the inner edge on side e of square s shows label
//! n as seen from s). Auxiliary atoms follow in the order the encoding asks for them. Squares are
//! numbered row by row from the top-left; everything is 0-based inside and printed 1-based
//! (rotations stay 0..3, being amounts).

use std::collections::HashMap;

use wgrnd_sat::amo::AuxAtoms;
use wgrnd_sat::Lit;

use crate::edge::encode::board::pos;
use crate::edge::model::{Label, Placement, Puzzle, Side};

/// A named atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Atom {
    /// Square `square` holds piece `piece` (both 0-based).
    L { square: usize, piece: usize },
    /// Piece `piece` is turned `rot` quarter turns counterclockwise.
    R { piece: usize, rot: u8 },
    /// Edge `edge` of unrotated piece `piece` shows `label`.
    V { piece: usize, edge: Side, label: Label },
    /// Side `side` of square `square` shows `label`.
    M { square: usize, side: Side, label: Label },
    /// Piece `piece` lies on square `square` turned `rot` (given that it lies there: `o` implies `l`).
    O { square: usize, piece: usize, rot: u8 },
    /// Piece `piece` lies on square `square` turned `rot`, the only turn that fits there.
    LO { square: usize, piece: usize, rot: u8 },
    /// The inner edge on side `side` (east or south) of square `square` shows `label` on that square.
    D { square: usize, side: Side, label: Label },
    /// The `index`-th auxiliary atom of block `block` of [`AtomTable::aux_blocks`].
    Aux { block: usize, index: u32 },
}

impl Atom {
    /// The atom's name with 1-based squares and pieces and labels by name: `l(5,3)`, `m(2,E,7)`.
    pub fn name(self, p: &Puzzle) -> String {
        match self {
            Atom::L { square, piece } => format!("l({},{})", square + 1, piece + 1),
            Atom::R { piece, rot } => format!("r({},{rot})", piece + 1),
            Atom::V { piece, edge, label } => format!("v({},{},{})", piece + 1, edge.letter(), p.label_name(label)),
            Atom::M { square, side, label } => format!("m({},{},{})", square + 1, side.letter(), p.label_name(label)),
            Atom::O { square, piece, rot } => format!("o({},{},{rot})", square + 1, piece + 1),
            Atom::LO { square, piece, rot } => format!("lo({},{},{rot})", square + 1, piece + 1),
            Atom::D { square, side, label } => format!("d({},{},{})", square + 1, side.letter(), p.label_name(label)),
            Atom::Aux { block, index } => format!("aux(#{block}:{})", index + 1),
        }
    }
}

impl AuxAtoms for AtomTable {
    fn aux(&mut self, len: u32, what: String) -> u32 {
        AuxBlock::reserve(&mut self.aux, &mut self.next, len, what)
    }
}

/// Auxiliary runs numbered after a fixed number of named atoms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuxRuns {
    /// The runs, in numbering order.
    pub runs: Vec<AuxBlock>,
    next: u32,
}

impl AuxRuns {
    /// Runs that start after `named` atoms.
    pub fn after(named: u32) -> Self {
        AuxRuns { runs: Vec::new(), next: named + 1 }
    }

    /// Number of atoms, named and auxiliary.
    pub fn len(&self) -> u32 {
        self.next - 1
    }

    /// Whether there are no atoms at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl AuxAtoms for AuxRuns {
    fn aux(&mut self, len: u32, what: String) -> u32 {
        AuxBlock::reserve(&mut self.runs, &mut self.next, len, what)
    }
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

impl AuxBlock {
    /// Appends a run of `len` atoms numbered from `*next` and moves `*next` past it; returns the
    /// run's first atom.
    fn reserve(runs: &mut Vec<AuxBlock>, next: &mut u32, len: u32, what: String) -> u32 {
        let first = *next;
        runs.push(AuxBlock { first, len, what });
        *next += len;
        first
    }

    /// The run holding auxiliary atom `var` and its index among `runs` (in numbering order).
    pub fn find(runs: &[AuxBlock], var: u32) -> Option<(usize, &AuxBlock)> {
        let i = runs.partition_point(|b| b.first + b.len <= var);
        runs.get(i).filter(|b| b.first <= var).map(|b| (i, b))
    }

    /// The name of atom `var` of this run, as comments and messages print it: `aux(WHAT#i)`, i from 1.
    pub fn name(&self, var: u32) -> String {
        format!("aux({}#{})", self.what, var - self.first + 1)
    }

    /// The DIMACS header line that lists the run: `atoms aux FIRST..LAST WHAT`.
    pub fn layout_line(&self) -> String {
        format!("atoms aux {}..{} {}", self.first, self.first + self.len - 1, self.what)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Named {
    /// The four-squares blocks, numbered by formula.
    Dense { squares: usize, pieces: usize, labels: usize },
    /// Atoms listed one by one, variable i + 1 being entry i.
    Listed(Vec<Atom>),
}

/// Numbers atoms and names numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomTable {
    named: Named,
    named_len: u32,
    cols: usize,
    squares: usize,
    aux: Vec<AuxBlock>,
    next: u32,
    /// Listed layout: the `o` or `lo` atom of each (square, piece, turn).
    selections: HashMap<(usize, usize, u8), u32>,
}

impl AtomTable {
    /// The four-squares table for a puzzle: the four predicate blocks, no auxiliary atoms yet.
    pub fn dense(p: &Puzzle) -> Self {
        let (s, n) = (p.squares(), p.labels.len());
        let fixed = (s * s + s * 4 + s * 4 * n + s * 4 * n) as u32;
        AtomTable {
            named: Named::Dense { squares: s, pieces: s, labels: n },
            named_len: fixed,
            cols: p.cols,
            squares: s,
            aux: Vec::new(),
            next: fixed + 1,
            selections: HashMap::new(),
        }
    }

    /// A table whose named atoms are listed one by one (push them before any auxiliary atom).
    pub fn listed(p: &Puzzle) -> Self {
        AtomTable {
            named: Named::Listed(Vec::new()),
            named_len: 0,
            cols: p.cols,
            squares: p.squares(),
            aux: Vec::new(),
            next: 1,
            selections: HashMap::new(),
        }
    }

    /// Adds a named atom to a listed table; returns its variable.
    pub fn push(&mut self, atom: Atom) -> u32 {
        let Named::Listed(list) = &mut self.named else { panic!("push on a dense atom table") };
        assert!(self.aux.is_empty(), "named atoms come before auxiliary ones");
        list.push(atom);
        self.named_len += 1;
        self.next += 1;
        let var = self.next - 1;
        if let Atom::O { square, piece, rot } | Atom::LO { square, piece, rot } = atom {
            self.selections.insert((square, piece, rot), var);
        }
        var
    }

    /// Literals that are all true exactly when the placement holds (`l` and `r` in the dense
    /// layout, the `o` or `lo` atom in the listed one); `None` when no atom can say so (the turn
    /// does not fit the square, so no model has this placement).
    pub fn placement_lits(&self, pl: &Placement) -> Option<Vec<Lit>> {
        let s = pl.row * self.cols + pl.col;
        match self.named {
            Named::Dense { .. } => Some(vec![pos(self.l(s, pl.piece)), pos(self.r(pl.piece, pl.rotation))]),
            Named::Listed(_) => self.selections.get(&(s, pl.piece, pl.rotation)).map(|&v| vec![pos(v)]),
        }
    }

    fn dense_bases(&self) -> Option<[u32; 5]> {
        let Named::Dense { squares, pieces, labels } = self.named else { return None };
        let l = 1u32;
        let r = l + (squares * pieces) as u32;
        let v = r + (pieces * 4) as u32;
        let m = v + (pieces * 4 * labels) as u32;
        Some([l, r, v, m, m + (squares * 4 * labels) as u32])
    }

    fn dense_dims(&self) -> (usize, usize) {
        match self.named {
            Named::Dense { pieces, labels, .. } => (pieces, labels),
            Named::Listed(_) => panic!("four-squares atoms asked of a listed table"),
        }
    }

    /// `l(s,p)` of the dense layout.
    pub fn l(&self, square: usize, piece: usize) -> u32 {
        let (pieces, _) = self.dense_dims();
        1 + (square * pieces + piece) as u32
    }
    /// `r(p,k)` of the dense layout.
    pub fn r(&self, piece: usize, rot: u8) -> u32 {
        let (pieces, _) = self.dense_dims();
        1 + (pieces * pieces + piece * 4 + rot as usize) as u32
    }
    /// `v(p,e,n)` of the dense layout.
    pub fn v(&self, piece: usize, edge: Side, label: Label) -> u32 {
        let (pieces, labels) = self.dense_dims();
        1 + (pieces * pieces + pieces * 4 + (piece * 4 + edge.index()) * labels + label.index()) as u32
    }
    /// `m(s,e,n)` of the dense layout.
    pub fn m(&self, square: usize, side: Side, label: Label) -> u32 {
        let (pieces, labels) = self.dense_dims();
        let base = pieces * pieces + pieces * 4 + pieces * 4 * labels;
        1 + (base + (square * 4 + side.index()) * labels + label.index()) as u32
    }

    /// Reserves `len` auxiliary atoms for `what`; returns the first.
    pub fn aux(&mut self, len: u32, what: String) -> u32 {
        AuxAtoms::aux(self, len, what)
    }

    /// Number of atoms so far.
    pub fn len(&self) -> u32 {
        self.next - 1
    }

    /// Whether the table has no atoms (a puzzle always has some).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of named (non-auxiliary) atoms: variables 1 to this.
    pub fn named_len(&self) -> u32 {
        self.named_len
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
        if var > self.named_len {
            let (block, b) = AuxBlock::find(&self.aux, var)?;
            return Some(Atom::Aux { block, index: var - b.first });
        }
        let (pieces, labels) = match &self.named {
            Named::Listed(list) => return Some(list[var as usize - 1]),
            Named::Dense { pieces, labels, .. } => (*pieces, *labels),
        };
        let [_, r, v, m, _] = self.dense_bases().expect("dense");
        Some(if var < r {
            let i = (var - 1) as usize;
            Atom::L { square: i / pieces, piece: i % pieces }
        } else if var < v {
            let i = (var - r) as usize;
            Atom::R { piece: i / 4, rot: (i % 4) as u8 }
        } else if var < m {
            let i = (var - v) as usize;
            let (pe, n) = (i / labels, i % labels);
            Atom::V { piece: pe / 4, edge: Side::from_index(pe % 4), label: Label(n as u32) }
        } else {
            let i = (var - m) as usize;
            let (se, n) = (i / labels, i % labels);
            Atom::M { square: se / 4, side: Side::from_index(se % 4), label: Label(n as u32) }
        })
    }

    /// The atom's name as DIMACS comments and messages print it, e.g. `l(5,3)`, `m(2,E,7)`.
    /// Squares, pieces and labels are printed from 1 (labels by name).
    pub fn name(&self, var: u32, p: &Puzzle) -> String {
        match self.atom(var) {
            Some(Atom::Aux { block, .. }) => self.aux[block].name(var),
            Some(atom) => atom.name(p),
            None => format!("?{var}"),
        }
    }

    /// Layout lines for the DIMACS header, enough to name every atom: one formula per block for
    /// the dense layout, one line per run of consecutive pieces (or labels) for the listed layout.
    pub fn layout(&self) -> Vec<String> {
        let mut out = Vec::new();
        match &self.named {
            Named::Dense { pieces: p, labels: n, .. } => {
                let [l, r, v, m, end] = self.dense_bases().expect("dense");
                out.push(format!("atoms l(s,p) {l}..{} = {l} + (s-1)*{p} + (p-1)", r - 1));
                out.push(format!("atoms r(p,k) {r}..{} = {r} + (p-1)*4 + k", v - 1));
                out.push(format!("atoms v(p,e,n) {v}..{} = {v} + ((p-1)*4 + e)*{n} + (n-1)", m - 1));
                out.push(format!("atoms m(s,e,n) {m}..{} = {m} + ((s-1)*4 + e)*{n} + (n-1)", end - 1));
            }
            Named::Listed(list) => {
                // A run: atoms that differ only in their piece (l, o, lo) or label index (d),
                // counting up by one with their variables.
                let key = |a: &Atom| -> (u8, usize, usize, usize) {
                    match *a {
                        Atom::L { square, piece } => (0, square, 0, piece),
                        Atom::O { square, piece, rot } => (1, square, rot as usize, piece),
                        Atom::LO { square, piece, rot } => (2, square, rot as usize, piece),
                        Atom::D { square, side, label } => (3, square, side.index(), label.index()),
                        other => unreachable!("listed tables hold l, o, lo and d atoms, not {other:?}"),
                    }
                };
                let mut i = 0;
                while i < list.len() {
                    let (kind, s, x, first) = key(&list[i]);
                    let mut j = i + 1;
                    while j < list.len() && key(&list[j]) == (kind, s, x, first + (j - i)) {
                        j += 1;
                    }
                    let last = first + (j - i) - 1;
                    let range = |a: usize, b: usize| if a == b { format!("{a}") } else { format!("{a}..{b}") };
                    let vars = range(i + 1, j);
                    out.push(match kind {
                        0 => format!("atoms l({},{}) {vars}", s + 1, range(first + 1, last + 1)),
                        1 | 2 => {
                            let name = if kind == 1 { "o" } else { "lo" };
                            format!("atoms {name}({},{},{x}) {vars}", s + 1, range(first + 1, last + 1))
                        }
                        // Labels by index n, as in the `labels` line.
                        _ => format!(
                            "atoms d({},{},n={}) {vars}",
                            s + 1,
                            Side::from_index(x).letter(),
                            range(first + 1, last + 1)
                        ),
                    });
                    i = j;
                }
            }
        }
        out.extend(self.aux.iter().map(AuxBlock::layout_line));
        out
    }

    /// Number of squares (and pieces) and columns, for decoding.
    pub fn shape(&self) -> (usize, usize) {
        (self.squares, self.cols)
    }
}
