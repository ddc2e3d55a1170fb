//! The `diamond` encoding (and, on its placement atoms, seed 000's `support` and `conflict`
//! formulations; see docs/encodings.md), in the spirit of M. Heule's "Solving edge-matching problems with
//! satisfiability solvers" (2008): labels live on the board's inner edges (the "diamonds" between
//! two squares), not on pieces and square sides, and only atoms that can be true exist.
//!
//! Atoms: `l(s,p)` for every piece p that fits square s in some turn (a frame puts corner pieces
//! on corners and border pieces on borders); `o(s,p,k)` for every turn k of p that fits s when
//! more than one does; `lo(s,p,k)` instead of both when exactly one turn fits (every frame piece);
//! `d(s,e,n)` for the inner edge on the east or south side e of square s, one per label n that
//! square s can show there and its neighbour can match. A *selection* is an `o` or `lo` atom: a
//! piece on a square in a turn. Clause families, in the order they are written:
//!
//! | family | clauses |
//! |---|---|
//! | `square-has-piece` | ∀s: ∨p l(s,p) |
//! | `square-at-most-one-piece` | AMO_p l(s,p) |
//! | `piece-has-square` | ∀p: ∨s l(s,p) |
//! | `piece-at-most-one-square` | AMO_s l(s,p) |
//! | `placement-has-turn` | l(s,p) → ∨k o(s,p,k); o(s,p,k) → l(s,p); AMO_k o(s,p,k) |
//! | `edge-has-label` | ∀ inner edges: ∨n d(s,e,n) |
//! | `edge-at-most-one-label` | AMO_n d(s,e,n) |
//! | `selection-shows-label` | a selection implies the label of each inner edge of its square: d(s,e,n) on the square's east and south sides, ∨ d(t,e',n') over the n' matching its label on the north and west sides |
//! | `label-needs-selection` (redundant) | d(s,e,n) → ∨ selections on s showing n on e, and → ∨ selections on the neighbour showing a match |
//! | `placed-piece-labels` (redundant) | l(s,p) → ∨ of the edge labels some turn of p would show on each inner side (Heule's "each edge takes one of the piece's colours") |
//! | `clues` | the clue's selection |
//! | `board-rotation` | see [`crate::edge::encode::symmetry`] |
//!
//! Rotation needs no atoms of its own on frame squares: the frame fixes it, so a placement is a
//! selection. The redundant families are implied by the others; they let unit propagation run from
//! edge labels back to pieces, which is what makes this encoding fast (see docs/encodings.md).

use crate::edge::model::{turned, Label, Puzzle, Side, SIDES};
use wgrnd_sat::{Cnf, Lit};

use crate::edge::encode::board::{fits, neg, neighbour, pos, Families};
use crate::edge::encode::symmetry::rotation_break;
use crate::edge::encode::{Atom, AtomTable, EncodeOptions, EncodingKind};
use wgrnd_sat::amo::at_most_one;

/// A piece in a turn on a square: the atom that says so.
#[derive(Clone, Copy, Debug)]
struct Selection {
    piece: usize,
    turn: u8,
    var: u32,
}

/// A piece on a square in any turn, and its turns.
#[derive(Clone, Debug)]
struct PlacementAtoms {
    piece: usize,
    var: u32,
    /// Selections of this placement (one, sharing `var`, when only one turn fits).
    turns: Vec<Selection>,
}

/// Label `side` of piece `q` turned `k` shows on square side `side`.
fn shown(p: &Puzzle, q: usize, k: u8, side: Side) -> Label {
    turned(p.pieces[q], k)[side.index()]
}

/// Grounds the puzzle; returns the clauses and, per family, its name and clause count.
pub fn ground(p: &Puzzle, opts: &EncodeOptions) -> (Cnf, AtomTable, Vec<(&'static str, usize)>) {
    let n = p.squares();
    let nl = p.labels.len();
    let mut atoms = AtomTable::listed(p);

    // Placement and selection atoms, square by square; within a square `l` atoms, then `o` and
    // `lo` atoms by turn and piece, so that the header's runs of atoms are long.
    let mut placements: Vec<Vec<PlacementAtoms>> = Vec::with_capacity(n);
    for s in 0..n {
        let turns: Vec<Vec<u8>> = (0..n).map(|q| (0..4u8).filter(|&k| fits(p, s, q, k)).collect()).collect();
        let mut here: Vec<PlacementAtoms> = Vec::new();
        for q in (0..n).filter(|&q| turns[q].len() > 1) {
            here.push(PlacementAtoms { piece: q, var: atoms.push(Atom::L { square: s, piece: q }), turns: Vec::new() });
        }
        for k in 0..4u8 {
            for pl in here.iter_mut().filter(|pl| turns[pl.piece].contains(&k)) {
                let var = atoms.push(Atom::O { square: s, piece: pl.piece, rot: k });
                pl.turns.push(Selection { piece: pl.piece, turn: k, var });
            }
        }
        for k in 0..4u8 {
            for q in (0..n).filter(|&q| turns[q] == [k]) {
                let var = atoms.push(Atom::LO { square: s, piece: q, rot: k });
                here.push(PlacementAtoms { piece: q, var, turns: vec![Selection { piece: q, turn: k, var }] });
            }
        }
        here.sort_by_key(|pl| pl.piece);
        placements.push(here);
    }
    let selections = |s: usize| placements[s].iter().flat_map(|pl| pl.turns.iter());

    // Edge-label atoms: d[s][0] east, d[s][1] south; each indexed by label, `None` where the label
    // cannot show there.
    let partners: Vec<Vec<Label>> = (0..nl as u32).map(|l| p.matching_labels(Label(l))).collect();
    let mut d: Vec<[Vec<Option<u32>>; 2]> = vec![[Vec::new(), Vec::new()]; n];
    let edge_labels = opts.encoding == EncodingKind::Diamond;
    for s in (0..n).filter(|_| edge_labels) {
        for (slot, side) in [Side::East, Side::South].into_iter().enumerate() {
            let Some(t) = neighbour(p, s, side) else { continue };
            let mut here = vec![false; nl];
            for sel in selections(s) {
                here[shown(p, sel.piece, sel.turn, side).index()] = true;
            }
            let mut there = vec![false; nl];
            for sel in selections(t) {
                there[shown(p, sel.piece, sel.turn, side.opposite()).index()] = true;
            }
            d[s][slot] = (0..nl)
                .map(|l| {
                    (here[l] && partners[l].iter().any(|m| there[m.index()]))
                        .then(|| atoms.push(Atom::D { square: s, side, label: Label(l as u32) }))
                })
                .collect();
        }
    }
    // The d atoms of the inner edge on `side` of `s`, as (edge owner, its side, slot).
    let edge = |s: usize, side: Side| -> Option<(usize, Side, usize)> {
        let t = neighbour(p, s, side)?;
        Some(match side {
            Side::East => (s, side, 0),
            Side::South => (s, side, 1),
            Side::West => (t, Side::East, 0),
            Side::North => (t, Side::South, 1),
        })
    };
    // What a selection implies on `side` of its square: the d atoms it may set there.
    let implied = |s: usize, sel: &Selection, side: Side| -> Option<Vec<Lit>> {
        let (owner, _, slot) = edge(s, side)?;
        let label = shown(p, sel.piece, sel.turn, side);
        let ds = &d[owner][slot];
        Some(if owner == s {
            ds[label.index()].into_iter().map(pos).collect()
        } else {
            partners[label.index()].iter().filter_map(|m| ds[m.index()]).map(pos).collect()
        })
    };

    let mut cnf = Cnf::new();
    cnf.new_vars(atoms.len());
    let mut families = Families::default();
    let amo = opts.amo;

    for here in &placements {
        cnf.add_clause(&here.iter().map(|pl| pos(pl.var)).collect::<Vec<_>>());
    }
    families.mark(&cnf, "square-has-piece");
    for (s, here) in placements.iter().enumerate() {
        let lits: Vec<Lit> = here.iter().map(|pl| pos(pl.var)).collect();
        at_most_one(&mut cnf, &mut atoms, amo, &lits, || format!("square-at-most-one-piece s={}", s + 1));
    }
    families.mark(&cnf, "square-at-most-one-piece");
    let mut of_piece: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for here in &placements {
        for pl in here {
            of_piece[pl.piece].push(pos(pl.var));
        }
    }
    for lits in &of_piece {
        cnf.add_clause(lits);
    }
    families.mark(&cnf, "piece-has-square");
    for (q, lits) in of_piece.iter().enumerate() {
        at_most_one(&mut cnf, &mut atoms, amo, lits, || format!("piece-at-most-one-square p={}", q + 1));
    }
    families.mark(&cnf, "piece-at-most-one-square");
    for pl in placements.iter().flatten().filter(|pl| pl.turns.len() > 1) {
        let mut clause = vec![neg(pl.var)];
        clause.extend(pl.turns.iter().map(|t| pos(t.var)));
        cnf.add_clause(&clause);
        for (i, a) in pl.turns.iter().enumerate() {
            cnf.add_clause(&[neg(a.var), pos(pl.var)]);
            for b in &pl.turns[i + 1..] {
                cnf.add_clause(&[neg(a.var), neg(b.var)]);
            }
        }
    }
    families.mark(&cnf, "placement-has-turn");

    let inner_edges: Vec<(usize, usize)> =
        (0..n).flat_map(|s| (0..2).map(move |slot| (s, slot))).filter(|&(s, slot)| !d[s][slot].is_empty()).collect();
    for (s, slot) in inner_edges.iter().copied() {
        let lits: Vec<Lit> = d[s][slot].iter().flatten().map(|&v| pos(v)).collect();
        cnf.add_clause(&lits);
    }
    if edge_labels {
        families.mark(&cnf, "edge-has-label");
    }
    for (s, slot) in inner_edges.iter().copied() {
        let lits: Vec<Lit> = d[s][slot].iter().flatten().map(|&v| pos(v)).collect();
        let side = if slot == 0 { Side::East } else { Side::South };
        at_most_one(&mut cnf, &mut atoms, amo, &lits, || {
            format!("edge-at-most-one-label s={} e={}", s + 1, side.letter())
        });
    }
    if edge_labels {
        families.mark(&cnf, "edge-at-most-one-label");
    }

    for s in (0..n).filter(|_| edge_labels) {
        for sel in selections(s) {
            for side in SIDES {
                if let Some(rhs) = implied(s, sel, side) {
                    let mut clause = vec![neg(sel.var)];
                    clause.extend(rhs);
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    if edge_labels {
        families.mark(&cnf, "selection-shows-label");
    }

    // Seed 000's two other formulations, on the same placement atoms, instead of edge labels.
    let shows = |sel: &Selection, side: Side| shown(p, sel.piece, sel.turn, side);
    if opts.encoding == EncodingKind::Support {
        // showing[t][side][label]: the selections of square t that show `label` on `side`, so that
        // each clause costs its own length (not a scan of the neighbour's selections).
        let mut showing: Vec<[Vec<Vec<Lit>>; 4]> = Vec::with_capacity(n);
        for t in 0..n {
            let mut by_side: [Vec<Vec<Lit>>; 4] = std::array::from_fn(|_| vec![Vec::new(); nl]);
            for x in selections(t) {
                for side in SIDES {
                    by_side[side.index()][shows(x, side).index()].push(pos(x.var));
                }
            }
            showing.push(by_side);
        }
        let mut clause = Vec::new();
        for s in 0..n {
            for sel in selections(s) {
                for side in SIDES {
                    let Some(t) = neighbour(p, s, side) else { continue };
                    clause.clear();
                    clause.push(neg(sel.var));
                    for m in &partners[shows(sel, side).index()] {
                        clause.extend_from_slice(&showing[t][side.opposite().index()][m.index()]);
                    }
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    if opts.encoding == EncodingKind::Support {
        families.mark(&cnf, "selection-needs-matching-neighbour");
    }
    if opts.encoding == EncodingKind::Conflict {
        for s in 0..n {
            for side in [Side::East, Side::South] {
                let Some(t) = neighbour(p, s, side) else { continue };
                for a in selections(s) {
                    let want = &partners[shows(a, side).index()];
                    for b in selections(t).filter(|b| b.piece != a.piece && !want.contains(&shows(b, side.opposite())))
                    {
                        cnf.add_clause(&[neg(a.var), neg(b.var)]);
                    }
                }
            }
        }
    }
    if opts.encoding == EncodingKind::Conflict {
        families.mark(&cnf, "mismatching-neighbours-exclude");
    }

    if opts.redundant {
        for (s, slot) in inner_edges.iter().copied() {
            let side = if slot == 0 { Side::East } else { Side::South };
            let t = neighbour(p, s, side).expect("an inner edge has two squares");
            for (l, v) in d[s][slot].iter().enumerate() {
                let Some(v) = *v else { continue };
                let mut clause = vec![neg(v)];
                clause
                    .extend(selections(s).filter(|x| shown(p, x.piece, x.turn, side).index() == l).map(|x| pos(x.var)));
                cnf.add_clause(&clause);
                let mut clause = vec![neg(v)];
                clause.extend(
                    selections(t)
                        .filter(|x| partners[l].contains(&shown(p, x.piece, x.turn, side.opposite())))
                        .map(|x| pos(x.var)),
                );
                cnf.add_clause(&clause);
            }
        }
    }
    if edge_labels {
        families.mark(&cnf, "label-needs-selection");
    }
    if opts.redundant && edge_labels {
        for (s, here) in placements.iter().enumerate() {
            for pl in here.iter().filter(|pl| pl.turns.len() > 1) {
                for side in SIDES {
                    let mut clause: Vec<Lit> = Vec::new();
                    for sel in &pl.turns {
                        clause.extend(implied(s, sel, side).into_iter().flatten());
                    }
                    if neighbour(p, s, side).is_some() {
                        clause.sort_by_key(|l| l.to_dimacs());
                        clause.dedup();
                        clause.insert(0, neg(pl.var));
                        cnf.add_clause(&clause);
                    }
                }
            }
        }
    }
    if edge_labels {
        families.mark(&cnf, "placed-piece-labels");
    }

    // A clue or symmetry condition about a selection that does not exist (the turn does not fit
    // the frame) is about an atom that is false in every model.
    let selection = |s: usize, q: usize, k: u8| -> Option<u32> {
        placements[s].iter().find(|pl| pl.piece == q)?.turns.iter().find(|t| t.turn == k).map(|t| t.var)
    };
    for c in &p.clues {
        let s = c.row * p.cols + c.col;
        match selection(s, c.piece, c.rotation) {
            Some(v) => cnf.add_clause(&[pos(v)]),
            None => cnf.add_clause(&[]),
        }
    }
    families.mark(&cnf, "clues");

    if opts.symmetry_breaking {
        if let Some(b) = rotation_break(p) {
            for &s in &b.forbidden_squares {
                if let Some(pl) = placements[s].iter().find(|pl| pl.piece == b.anchor) {
                    cnf.add_clause(&[neg(pl.var)]);
                }
            }
            if let Some((c, rots)) = &b.centre {
                for &k in rots {
                    if let Some(v) = selection(*c, b.anchor, k) {
                        cnf.add_clause(&[neg(v)]);
                    }
                }
            }
        }
    }
    families.mark(&cnf, "board-rotation");

    // Identical pieces: any solution stays one when two identical pieces swap squares (each turned
    // to show the same labels), so requiring the earlier-listed one on the earlier square keeps
    // one solution of every such class: l(s,q) -> some l(t,p) with t < s.
    if opts.duplicates {
        let canonical = |q: usize| -> [Label; 4] { (0..4).map(|k| turned(p.pieces[q], k)).min().expect("four turns") };
        let keys: Vec<[Label; 4]> = (0..n).map(canonical).collect();
        // A clue pins a piece: leave clued pieces out, the swap would break the clue. Leave out the
        // board-rotation anchor's twins too: that breaking moves the anchor, this one would swap it
        // back, and together they could exclude a whole class of solutions.
        let anchor = if opts.symmetry_breaking { rotation_break(p).map(|b| b.anchor) } else { None };
        let clued: Vec<bool> = (0..n)
            .map(|q| p.clues.iter().any(|c| c.piece == q) || anchor.is_some_and(|a| keys[a] == keys[q]))
            .collect();
        for q in 0..n {
            let Some(prev) = (0..q).rev().find(|&r| keys[r] == keys[q] && !clued[r]) else { continue };
            if clued[q] {
                continue;
            }
            for s in 0..n {
                let Some(pl) = placements[s].iter().find(|pl| pl.piece == q) else { continue };
                let mut clause = vec![neg(pl.var)];
                clause
                    .extend((0..s).filter_map(|t| placements[t].iter().find(|x| x.piece == prev)).map(|x| pos(x.var)));
                cnf.add_clause(&clause);
            }
        }
        families.mark(&cnf, "identical-pieces");
    }

    (cnf, atoms, families.into_vec())
}
