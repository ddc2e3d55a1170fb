//! # wgrnd-ground
//!
//! Owns grounding: turning a validated [`Puzzle`] into numbered CNF atoms and clauses, and the
//! way back from a model to [`Placement`]s. The [`AtomTable`] numbers atoms densely from 1 and
//! names any number back: the QPROP-style atoms of seed 004 (`l(s,p)`, `r(p,k)`, `v(p,e,n)`,
//! `m(s,e,n)`) for the `four-squares` encoding (see [`four_squares`]), placement, turn and edge-label atoms for
//! the `diamond` encoding (see [`diamond`]), and auxiliary atoms. [`encode`] writes the clause
//! families of the chosen encoding and records, for the DIMACS header, a hash of the puzzle and
//! options, the atom layout and the size of every family. Decoding reads only placement and turn
//! atoms; whether the placements solve the puzzle is decided elsewhere, by a checker that shares
//! nothing with this crate.

#![warn(missing_docs)]

pub(crate) mod atoms;
mod board;
pub mod diamond;
pub mod four_squares;
pub mod score;
pub mod symmetry;

use crate::edge::formats::write_native;
use crate::edge::model::{Placement, Puzzle};
use wgrnd_sat::{Cnf, Model, Var};
use wgrnd_seam::header::hash_line;
use wgrnd_seam::StableHash;

pub use atoms::{Atom, AtomTable, AuxBlock, AuxRuns};
pub use wgrnd_sat::amo::{AmoEncoding, AuxAtoms, PAIRWISE_MAX};

/// Which encoding grounds the puzzle (docs/encodings.md compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EncodingKind {
    /// The four squares slides' predicates `l`, `r`, `v`, `m`, grounded faithfully (see
    /// [`four_squares`]). Called `qprop` before 0.2; its DIMACS header keeps the tag `qprop-1` so
    /// that the hashes of CNF files written before stay valid.
    FourSquares,
    /// Labels on the board's inner edges, only atoms that can be true (see [`diamond`]). The
    /// default (`--encoding auto`): the fastest from 6 x 6 to 12 x 12 wherever measured, within
    /// milliseconds of the others on smaller puzzles (docs/benchmarks.md).
    #[default]
    Diamond,
    /// Seed 000's "if a piece is here, a matching piece is there": placement atoms only.
    Support,
    /// Seed 000's pairwise conflicts: two mismatching neighbours exclude each other.
    Conflict,
}

impl EncodingKind {
    /// Name and version, part of every hash: a changed encoding changes the hash.
    pub fn versioned_name(self) -> &'static str {
        match self {
            EncodingKind::FourSquares => "qprop-1",
            EncodingKind::Diamond => "diamond-1",
            EncodingKind::Support => "support-1",
            EncodingKind::Conflict => "conflict-1",
        }
    }
}

/// A puzzle whose encoding would be too large to hold: the estimate, the limit and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{estimate}")]
pub struct TooLarge {
    /// What the encoding would need and what wgrnd allows (`about 12000000 placement atoms (limit
    /// 10000000)`), with advice where there is some.
    pub estimate: String,
}

/// Most clauses a pairwise `conflict` encoding may have before wgrnd refuses to ground it.
pub const CONFLICT_CLAUSES_MAX: u64 = 50_000_000;

/// Most placement atoms (piece, square, turn) an encoding may have before wgrnd refuses to ground
/// it: Eternity II has 157,000; a framed 40 x 40 board with 3 colours has 8.3 million and its
/// diamond encoding takes 2.5 GB of memory and 24 s (a 2 GB DIMACS file).
pub const PLACEMENTS_MAX: u64 = 10_000_000;

/// An upper bound on the placements of a puzzle, counted without looking at single pieces and
/// squares (linear time): framed, a corner piece fits only corners, a border piece only border
/// squares, each in one turn, an inner piece inner squares in four; unframed, every piece fits
/// every square in four turns.
pub fn placement_bound(p: &Puzzle) -> u64 {
    let (rows, cols) = (p.rows as u64, p.cols as u64);
    let n = rows * cols;
    let Some(frame) = p.frame else { return n * n * 4 };
    let frames = |q: &[crate::edge::model::Label; 4]| q.iter().filter(|&&l| l == frame).count() as u64;
    let (mut corner, mut border, mut inner) = (0u64, 0u64, 0u64);
    for q in &p.pieces {
        match frames(q) {
            0 => inner += 1,
            1 => border += 1,
            _ => corner += 1,
        }
    }
    let inner_squares = rows.saturating_sub(2) * cols.saturating_sub(2);
    let border_squares = n - inner_squares;
    // Thin boards (one row or column) have pieces framed on three sides: count them anywhere.
    corner * border_squares * 4 + border * border_squares * 4 + inner * inner_squares * 4
}

/// Most literals a `support` encoding may have before wgrnd refuses to ground it.
pub const SUPPORT_LITERALS_MAX: u64 = 500_000_000;

/// The expected literals of the `support` encoding: per placement and side, the placements of
/// the neighbouring square that match it, estimated from how often labels occur and match.
fn support_literals(p: &Puzzle, placements: u64) -> u64 {
    let mut occurs = vec![0u64; p.labels.len()];
    for q in &p.pieces {
        for l in q {
            occurs[l.index()] += 1;
        }
    }
    let edges = (p.pieces.len() * 4).max(1) as f64;
    let mut matching = 0.0;
    for (i, &e) in occurs.iter().enumerate() {
        if e == 0 {
            continue;
        }
        let partners: u64 =
            p.matching_labels(crate::edge::model::Label(i as u32)).iter().map(|m| occurs[m.index()]).sum();
        matching += (e as f64 / edges) * (partners as f64 / edges);
    }
    let per_square = placements as f64 / p.squares().max(1) as f64;
    (4.0 * placements as f64 * per_square * matching) as u64
}

/// Refuses, before any memory is spent, an encoding whose size would not fit: every encoding has
/// at least one atom per placement ([`placement_bound`], at most [`PLACEMENTS_MAX`]); the
/// `conflict` encoding has one clause per mismatching pair of neighbouring selections, which is
/// quadratic in the pieces (hundreds of millions on Eternity II). The bound counts every pair.
pub fn check_size(p: &Puzzle, opts: &EncodeOptions) -> Result<(), TooLarge> {
    let placements = match opts.encoding {
        // four-squares has an l atom per (square, piece) and clauses per (square, piece, turn).
        EncodingKind::FourSquares => (p.squares() as u64).pow(2) * 4,
        _ => placement_bound(p),
    };
    if placements > PLACEMENTS_MAX {
        return Err(TooLarge { estimate: format!(
            "the {} encoding of this {} x {} board would have about {placements} placement atoms (limit {PLACEMENTS_MAX}); the board is too large to ground in memory",
            opts.encoding.versioned_name(),
            p.rows,
            p.cols
        ) });
    }
    if opts.encoding == EncodingKind::Support {
        let literals = support_literals(p, placements);
        if literals > SUPPORT_LITERALS_MAX {
            return Err(TooLarge { estimate: format!(
                "the support encoding of this {} x {} board would have about {literals} literals (limit {SUPPORT_LITERALS_MAX}): each placement lists the matching placements of its neighbours; use --encoding diamond",
                p.rows, p.cols
            ) });
        }
    }
    if opts.encoding != EncodingKind::Conflict {
        return Ok(());
    }
    let n = p.squares() as u64;
    let selections = |s: usize| -> u64 {
        (0..p.squares()).map(|q| (0..4u8).filter(|&k| board::fits(p, s, q, k)).count() as u64).sum()
    };
    let per_square: Vec<u64> = (0..p.squares()).map(selections).collect();
    let mut pairs = 0u64;
    for s in 0..p.squares() {
        for side in [crate::edge::model::Side::East, crate::edge::model::Side::South] {
            if let Some(t) = board::neighbour(p, s, side) {
                pairs += per_square[s] * per_square[t];
            }
        }
    }
    if pairs > CONFLICT_CLAUSES_MAX {
        return Err(TooLarge { estimate: format!(
            "the conflict encoding of this {n}-square board would have up to {pairs} clauses (limit {CONFLICT_CLAUSES_MAX}); use --encoding diamond or support"
        ) });
    }
    Ok(())
}

/// Per-atom name lines are written in the DIMACS header up to this many atoms (beyond it the
/// block layout lines alone name every atom, and the file stays small).
pub const NAME_LINES_MAX: u32 = 5000;

/// Choices that change the CNF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The encoding.
    pub encoding: EncodingKind,
    /// Write the redundant clause families (implied ones that help propagation).
    pub redundant: bool,
    /// Break the board's rotation symmetry (sound; see [`symmetry`]).
    pub symmetry_breaking: bool,
    /// Break the symmetry of identical pieces (equal up to turning): of two identical pieces the
    /// one listed first lies on the earlier square. Counts are then up to swapping identical
    /// pieces. Placement-atom encodings only (`diamond`, `support`, `conflict`).
    pub duplicates: bool,
    /// How at-most-one constraints are written.
    pub amo: AmoEncoding,
    /// Ground for the score instead (`--maximize matches`, see [`score`]): every piece placed,
    /// matches soft; the encoding's [`Encoding::matches`] are the objective.
    pub score: bool,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            encoding: EncodingKind::default(),
            redundant: true,
            symmetry_breaking: true,
            duplicates: false,
            amo: AmoEncoding::Auto,
            score: false,
        }
    }
}

impl EncodeOptions {
    fn describe(&self) -> String {
        format!(
            "redundant={} symmetry-breaking={}{} amo={}",
            if self.redundant { "yes" } else { "no" },
            if self.symmetry_breaking { "board-rotation" } else { "none" },
            if self.duplicates { "+duplicates" } else { "" },
            self.amo.name()
        ) + if self.score { " objective=maximize-matches" } else { "" }
    }
}

/// A grounded puzzle: the CNF, the atom table, and what the DIMACS header says about them.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// The clauses.
    pub cnf: Cnf,
    /// Names of the atoms.
    pub atoms: AtomTable,
    /// Clause families in order, with their clause counts.
    pub families: Vec<(&'static str, usize)>,
    /// FNV-1a hash of the encoding name, the options and the canonical puzzle text.
    pub hash: u64,
    /// The options used.
    pub options: EncodeOptions,
    /// With [`EncodeOptions::score`]: one literal per inner edge that can match, true only when
    /// it does (maximise how many are true); empty otherwise.
    pub matches: Vec<wgrnd_sat::Lit>,
}

/// Why a model does not decode to placements.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// A piece is on no square or on several.
    #[error("the model puts piece {piece} on {count} squares")]
    PieceSquares {
        /// 1-based piece.
        piece: usize,
        /// How many squares.
        count: usize,
    },
    /// A piece has no rotation or several.
    #[error("the model gives piece {piece} {count} rotations")]
    PieceRotations {
        /// 1-based piece.
        piece: usize,
        /// How many rotations.
        count: usize,
    },
}

/// The hash that identifies a puzzle under an encoding and options: the stable hash
/// (`wgrnd_seam::StableHash`) of the encoding's versioned name, the options and the canonical
/// puzzle text, fed one after the other.
pub fn puzzle_hash(p: &Puzzle, opts: &EncodeOptions) -> u64 {
    StableHash::new()
        .bytes(opts.encoding.versioned_name().as_bytes())
        .bytes(opts.describe().as_bytes())
        .bytes(write_native(p).as_bytes())
        .finish()
}

/// Grounds a puzzle.
pub fn encode(p: &Puzzle, opts: &EncodeOptions) -> Encoding {
    if opts.score {
        let e = score::ground_board(p, opts.amo);
        return Encoding {
            cnf: e.cnf,
            atoms: e.atoms,
            families: e.families,
            hash: puzzle_hash(p, opts),
            options: *opts,
            matches: e.matches,
        };
    }
    let (cnf, atoms, families) = match opts.encoding {
        EncodingKind::FourSquares => four_squares::ground(p, opts),
        EncodingKind::Diamond | EncodingKind::Support | EncodingKind::Conflict => diamond::ground(p, opts),
    };
    Encoding { cnf, atoms, families, hash: puzzle_hash(p, opts), options: *opts, matches: Vec::new() }
}

impl Encoding {
    /// The DIMACS comment lines: what puzzle, which hash, how atoms are numbered, the size of every
    /// clause family, and (for small encodings) one line per atom.
    pub fn comments(&self, p: &Puzzle) -> Vec<String> {
        let mut c = vec![
            format!(
                "wgrnd {} encoding {} of `{}`: {} x {} board, {} pieces, {} labels, match {}, frame {}, {} clue(s)",
                env!("CARGO_PKG_VERSION"),
                self.options.encoding.versioned_name(),
                p.name,
                p.rows,
                p.cols,
                p.pieces.len(),
                p.labels.len(),
                p.rule,
                p.frame.map(|f| p.label_name(f).to_string()).unwrap_or_else(|| "none".into()),
                p.clues.len()
            ),
            hash_line(self.hash),
            format!("options {}", self.options.describe()),
            "conventions: squares s = (row-1)*cols + col from the top-left, pieces p from 1 in file order,".into(),
            "  k = counterclockwise quarter turns 0..3, e = side N=0 E=1 S=2 W=3 (printed as letters), n = label index below".into(),
            format!(
                "labels {}",
                p.labels.iter().enumerate().map(|(i, l)| format!("{}={l}", i + 1)).collect::<Vec<_>>().join(" ")
            ),
        ];
        c.extend(self.atoms.layout());
        for (name, count) in &self.families {
            c.push(format!("clauses {name} {count}"));
        }
        if self.atoms.len() <= NAME_LINES_MAX {
            for v in 1..=self.atoms.len() {
                c.push(format!("var {v} {}", self.atoms.name(v, p)));
            }
        }
        c
    }

    /// The atoms whose values define a solution: `l` and `r` for four-squares (one piece per square,
    /// one turn per piece), the selections (`o`, `lo`) otherwise (one per square).
    pub fn projection(&self) -> Vec<Var> {
        (1..=self.atoms.named_len())
            .filter(|&v| match self.atoms.atom(v) {
                Some(Atom::L { .. } | Atom::R { .. }) => self.options.encoding == EncodingKind::FourSquares,
                Some(Atom::O { .. } | Atom::LO { .. }) => true,
                _ => false,
            })
            .map(board::atom_var)
            .collect()
    }

    /// Reads placements off the placement and turn atoms of a model (after
    /// `Grounding::check_model`): `l` and `r` for four-squares, `l`, `o` and `lo` for diamond.
    pub fn decode(&self, model: &Model) -> Result<Vec<Placement>, DecodeError> {
        let (n, cols) = self.atoms.shape();
        // Per piece: how many squares (turns) the model gives it, and the first. Flat arrays: a
        // count decodes every solution it finds.
        let mut squares: Vec<(usize, usize)> = vec![(0, 0); n];
        let mut turns: Vec<(usize, u8)> = vec![(0, 0); n];
        let mut note = |piece: usize, square: Option<usize>, rot: Option<u8>| {
            if let Some(s) = square {
                squares[piece] = (squares[piece].0 + 1, if squares[piece].0 == 0 { s } else { squares[piece].1 });
            }
            if let Some(r) = rot {
                turns[piece] = (turns[piece].0 + 1, if turns[piece].0 == 0 { r } else { turns[piece].1 });
            }
        };
        for var in model.true_vars(self.atoms.named_len()) {
            match self.atoms.atom(var.get()) {
                Some(Atom::L { square, piece }) => note(piece, Some(square), None),
                Some(Atom::R { piece, rot } | Atom::O { piece, rot, .. }) => note(piece, None, Some(rot)),
                Some(Atom::LO { square, piece, rot }) => note(piece, Some(square), Some(rot)),
                _ => {}
            }
        }
        // In board order: the piece of each square (as many squares as pieces), found without a
        // sort; a model that puts two pieces on one square (the checker's to report) is sorted.
        let mut piece_on = vec![usize::MAX; n];
        let mut crowded = false;
        for q in 0..n {
            if squares[q].0 != 1 {
                return Err(DecodeError::PieceSquares { piece: q + 1, count: squares[q].0 });
            }
            if turns[q].0 != 1 {
                return Err(DecodeError::PieceRotations { piece: q + 1, count: turns[q].0 });
            }
            match piece_on.get_mut(squares[q].1) {
                Some(p) if *p == usize::MAX => *p = q,
                _ => crowded = true,
            }
        }
        let place = |q: usize| {
            let s = squares[q].1;
            Placement { row: s / cols, col: s % cols, piece: q, rotation: turns[q].1 }
        };
        if crowded {
            let mut out: Vec<Placement> = (0..n).map(place).collect();
            out.sort_by_key(|pl| (pl.row, pl.col, pl.piece));
            return Ok(out);
        }
        Ok(piece_on.into_iter().map(place).collect())
    }
}
