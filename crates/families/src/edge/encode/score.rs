//! Edge matching by score (issue 26): place every piece of a region, hard, and let each inner
//! edge *match* softly. The whole board (`wgrnd solve --maximize matches`) is the region of every
//! square; the large-neighbourhood search (`wgrnd-lns`) grounds windows of a board whose other
//! squares are fixed. One encoding serves both:
//!
//! | family | clauses |
//! |---|---|
//! | `square-has-selection` | ∀ free s: ∨ lo(s,p,k) over the candidates of s |
//! | `square-at-most-one` | AMO over the same |
//! | `piece-has-selection` | ∀ p of the region: ∨ lo(s,p,k) over its candidates |
//! | `piece-at-most-one` | AMO over the same |
//! | `shown-needs-selection` | d(s,e,n) → ∨ selections on s showing n on side e |
//! | `match-free` | an inner edge between two free squares: m → ∨n y(n); y(n) → d(s,e,n); y(n) → ∨ d(t,e',n') over the n' matching n |
//! | `match-fixed` | an edge between a free square and a fixed one showing n: m → ∨ d(s,e,n') over the n' matching n |
//!
//! A candidate `lo(s,p,k)` is a piece turned so that the frame label shows on exactly the outer
//! sides of s (any turn without a frame); a pinned square (a clue, a hint) has only its own.
//! The `m` atoms are the objective: a model's matched edges are at least its true `m` atoms, and
//! a maximal model makes every match it can true, so the maximum of `∑ m` is the best score.

use crate::edge::model::{turned, Label, Puzzle, Side, SIDES};
use wgrnd_sat::amo::{at_most_one, AmoEncoding};
use wgrnd_sat::{Cnf, Lit};

use crate::edge::encode::board::{fits, neighbour, pos, Families};
use crate::edge::encode::{Atom, AtomTable};

/// What to ground: the free squares, the pieces that go on them, pins, and what every other
/// square shows.
pub struct Region<'a> {
    /// Free squares (board indices `row * cols + col`).
    pub squares: Vec<usize>,
    /// The pieces to place on them (as many as squares).
    pub pieces: Vec<usize>,
    /// Squares of the region whose piece and turn are given: (square, piece, turn).
    pub pinned: Vec<(usize, usize, u8)>,
    /// The labels a square outside the region shows (north, east, south, west), `None` when it
    /// is empty (nothing to match against).
    pub outside: &'a dyn Fn(usize) -> Option<[Label; 4]>,
}

/// A selection atom: a piece on a square in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    /// Its variable (an atom number, from 1).
    pub var: u32,
    /// The square.
    pub square: usize,
    /// The piece.
    pub piece: usize,
    /// Counterclockwise quarter turns.
    pub turn: u8,
}

/// A region grounded for its score.
pub struct ScoreEncoding {
    /// The clauses.
    pub cnf: Cnf,
    /// Names of the atoms (`lo`, `d`, then auxiliary `m`, `y` and at-most-one atoms).
    pub atoms: AtomTable,
    /// Every selection atom.
    pub selections: Vec<Selection>,
    /// One literal per edge that can match (the objective: maximise how many are true).
    pub matches: Vec<Lit>,
    /// Clause families and their sizes.
    pub families: Vec<(&'static str, usize)>,
}

/// Grounds `region` of `p` (every candidate checked against the frame; at-most-one written as
/// `amo` says).
pub fn ground_region(p: &Puzzle, region: &Region<'_>, amo: AmoEncoding) -> ScoreEncoding {
    let n = p.squares();
    let nl = p.labels.len();
    let mut free = vec![false; n];
    for &s in &region.squares {
        free[s] = true;
    }
    let mut pin_of_square: Vec<Option<(usize, u8)>> = vec![None; n];
    let mut pinned_piece = vec![false; p.pieces.len()];
    for &(s, q, k) in &region.pinned {
        pin_of_square[s] = Some((q, k));
        pinned_piece[q] = true;
    }
    let mut atoms = AtomTable::listed(p);
    let mut selections = Vec::new();
    let mut per_square: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut per_piece: Vec<Vec<usize>> = vec![Vec::new(); p.pieces.len()];
    for &s in &region.squares {
        let candidates: Vec<(usize, u8)> = match pin_of_square[s] {
            Some(pin) => vec![pin],
            None => region
                .pieces
                .iter()
                .filter(|&&q| !pinned_piece[q])
                .flat_map(|&q| (0..4u8).filter(move |&k| fits(p, s, q, k)).map(move |k| (q, k)))
                .collect(),
        };
        for (q, k) in candidates {
            let var = atoms.push(Atom::LO { square: s, piece: q, rot: k });
            per_square[s].push(selections.len());
            per_piece[q].push(selections.len());
            selections.push(Selection { var, square: s, piece: q, turn: k });
        }
    }
    let shows = |sel: &Selection, side: Side| turned(p.pieces[sel.piece], sel.turn)[side.index()];
    // d atoms of the sides that face another square: d[s][side][label].
    let mut d: Vec<[Vec<Option<u32>>; 4]> = vec![Default::default(); n];
    for &s in &region.squares {
        for side in SIDES {
            let Some(t) = neighbour(p, s, side) else { continue };
            if !free[t] && (region.outside)(t).is_none() {
                continue;
            }
            let mut here = vec![false; nl];
            for &i in &per_square[s] {
                here[shows(&selections[i], side).index()] = true;
            }
            d[s][side.index()] = (0..nl)
                .map(|l| here[l].then(|| atoms.push(Atom::D { square: s, side, label: Label(l as u32) })))
                .collect();
        }
    }
    let partners: Vec<Vec<Label>> = (0..nl as u32).map(|l| p.matching_labels(Label(l))).collect();

    let mut cnf = Cnf::new();
    cnf.new_vars(atoms.len());
    let mut families = Families::default();
    let lits = |ids: &[usize]| -> Vec<Lit> { ids.iter().map(|&i| pos(selections[i].var)).collect() };
    for &s in &region.squares {
        cnf.add_clause(&lits(&per_square[s]));
    }
    families.mark(&cnf, "square-has-selection");
    for &s in &region.squares {
        let l = lits(&per_square[s]);
        at_most_one(&mut cnf, &mut atoms, amo, &l, || format!("amo square {s}"));
    }
    families.mark(&cnf, "square-at-most-one");
    for &q in &region.pieces {
        cnf.add_clause(&lits(&per_piece[q]));
    }
    families.mark(&cnf, "piece-has-selection");
    for &q in &region.pieces {
        let l = lits(&per_piece[q]);
        at_most_one(&mut cnf, &mut atoms, amo, &l, || format!("amo piece {}", q + 1));
    }
    families.mark(&cnf, "piece-at-most-one");
    for &s in &region.squares {
        for side in SIDES {
            for (l, atom) in d[s][side.index()].iter().enumerate() {
                let Some(atom) = atom else { continue };
                let mut clause = vec![!pos(*atom)];
                clause.extend(
                    per_square[s]
                        .iter()
                        .filter(|&&i| shows(&selections[i], side).index() == l)
                        .map(|&i| pos(selections[i].var)),
                );
                cnf.add_clause(&clause);
            }
        }
    }
    families.mark(&cnf, "shown-needs-selection");
    let d_lit = |s: usize, side: Side, l: Label| d[s][side.index()].get(l.index()).copied().flatten().map(pos);
    let mut matches = Vec::new();
    for &s in &region.squares {
        for side in [Side::East, Side::South] {
            let Some(t) = neighbour(p, s, side) else { continue };
            if !free[t] {
                continue;
            }
            // Per label n of s: the d atoms of t that match it.
            let pairs: Vec<(Lit, Vec<Lit>)> = (0..nl as u32)
                .filter_map(|l| {
                    let here = d_lit(s, side, Label(l))?;
                    let there: Vec<Lit> =
                        partners[l as usize].iter().filter_map(|&m| d_lit(t, side.opposite(), m)).collect();
                    (!there.is_empty()).then_some((here, there))
                })
                .collect();
            if pairs.is_empty() {
                continue;
            }
            let first = fresh(&mut cnf, &mut atoms, 1 + pairs.len() as u32, || {
                format!("match s{} {} and its y", s + 1, side.letter())
            });
            let m = pos(first);
            let mut clause = vec![!m];
            for (i, (here, there)) in pairs.into_iter().enumerate() {
                let y = pos(first + 1 + i as u32);
                clause.push(y);
                cnf.add_clause(&[!y, here]);
                let mut c = vec![!y];
                c.extend(there);
                cnf.add_clause(&c);
            }
            cnf.add_clause(&clause);
            matches.push(m);
        }
    }
    families.mark(&cnf, "match-free");
    for &s in &region.squares {
        for side in SIDES {
            let Some(t) = neighbour(p, s, side) else { continue };
            if free[t] {
                continue;
            }
            let Some(there) = (region.outside)(t) else { continue };
            let label = there[side.opposite().index()];
            let options: Vec<Lit> = partners[label.index()].iter().filter_map(|&m| d_lit(s, side, m)).collect();
            if options.is_empty() {
                continue;
            }
            let m =
                pos(fresh(&mut cnf, &mut atoms, 1, || format!("match s{} {} (fixed neighbour)", s + 1, side.letter())));
            let mut clause = vec![!m];
            clause.extend(options);
            cnf.add_clause(&clause);
            matches.push(m);
        }
    }
    families.mark(&cnf, "match-fixed");
    ScoreEncoding { cnf, atoms, selections, matches, families: families.into_vec() }
}

/// `len` auxiliary atoms, in the table and the formula alike; the first.
fn fresh(cnf: &mut Cnf, atoms: &mut AtomTable, len: u32, what: impl FnOnce() -> String) -> u32 {
    let first = atoms.aux(len, what());
    cnf.new_vars(len);
    debug_assert_eq!(cnf.num_vars(), atoms.len());
    first
}

/// The objective of a score encoding's `matches`: one level, their number maximised (stored as
/// the cost `-#matches + #false matches`).
pub fn score_level(matches: &[Lit], name: &str) -> wgrnd_seam::Level {
    wgrnd_seam::Level {
        offset: -(matches.len() as i64),
        terms: matches.iter().map(|&m| (1, !m)).collect(),
        maximize: true,
        name: name.to_string(),
    }
}

/// The whole board as a region: every square free, every piece placed, clues pinned.
pub fn ground_board(p: &Puzzle, amo: AmoEncoding) -> ScoreEncoding {
    let region = Region {
        squares: (0..p.squares()).collect(),
        pieces: (0..p.pieces.len()).collect(),
        pinned: p.clues.iter().map(|c| (c.row * p.cols + c.col, c.piece, c.rotation)).collect(),
        outside: &|_| None,
    };
    ground_region(p, &region, amo)
}

/// Whether piece `q` turned `k` times may lie on square `s` by score: the frame label on exactly
/// the outer sides (any turn without a frame). The same rule as every encoding's.
pub fn fits_square(p: &Puzzle, s: usize, q: usize, k: u8) -> bool {
    fits(p, s, q, k)
}
