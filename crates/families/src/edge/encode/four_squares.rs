//! The encoding of the four squares slides (seed 004), grounded faithfully and generalised to R x C boards, matching
//! rules, frames and clues. Clause families, in the order they are written:
//!
//! | family | seed 004 | clauses |
//! |---|---|---|
//! | `square-has-piece` | every location has a piece | ∀s: ∨p l(s,p) |
//! | `square-at-most-one-piece` | no location contains more than one piece | AMO_p l(s,p) |
//! | `piece-has-square` | every piece is at some location | ∀p: ∨s l(s,p) |
//! | `piece-at-most-one-square` | no piece is at more than one location | AMO_s l(s,p) |
//! | `piece-has-rotation` | every piece is at some rotation | ∀p: ∨k r(p,k) |
//! | `piece-at-most-one-rotation` | no piece has more than one rotation | AMO_k r(p,k) |
//! | `piece-edges` | the instance: v(1,1,1), ... | v(p,e,n) for the piece's label, ¬v(p,e,n') else |
//! | `square-edge-shows` | m(s,e,n) if l(p,s) and r(p,k) and v(p,(4-k+e) mod 4,n) | ¬l(s,p) ∨ ¬r(p,k) ∨ ¬v(p,e+k,n) ∨ m(s,e,n) |
//! | `square-edge-has-label` | (left loose by the slides) | ∀s,e: ∨n m(s,e,n) |
//! | `square-edge-at-most-one-label` | no square edge can have more than one value | AMO_n m(s,e,n) |
//! | `edges-match` | edges must match: m(s1,e1,n) iff m(s2,e2,n) | m(s1,e1,n) → ∨ m(s2,e2,n') over the n' matching n, both ways |
//! | `frame` | (generalisation) | m(s,e,F) on outer sides, ¬m(s,e,F) on inner sides |
//! | `clues` | (generalisation) | l(s,p), r(p,k) |
//! | `board-rotation` | first piece is in first corner | see [`crate::edge::encode::symmetry`] |
//!
//! Where the slides are loose, this reads them as follows. The `if` rule writes `l(p, s)` with its
//! arguments swapped: it means `l(s,p)`. Its index `(4 - k + e) mod 4` mixes 1-based edges with a
//! 0-based mod: with edges numbered 0..3 counterclockwise from the right, a piece turned k quarter
//! turns counterclockwise shows on square edge e its own edge (e - k) mod 4; in wgrnd's clockwise
//! order from the top that is edge (e + k) mod 4. The `m` atoms are made exactly-one per square
//! side: at-most-one is what the slides state, and at-least-one (implied by a placed piece) is
//! added as a clause so that a model names every side's label. `square-edge-shows` is written only
//! for the label the piece really has there: for every other label n' the clause holds already by
//! the fact ¬v(p,e,n'), so grounding drops it, as any grounder simplifies by known facts. The
//! seed's `l(1,1)` is unsound beyond 2 x 2 boards and is replaced by [`crate::edge::encode::symmetry`].

use crate::edge::model::{turned, Label, Puzzle, Side, SIDES};
use wgrnd_sat::{Cnf, Lit};

use crate::edge::encode::board::{fits, neg, neighbour, pos, Families};
use crate::edge::encode::symmetry::rotation_break;
use crate::edge::encode::{AtomTable, EncodeOptions};
use wgrnd_sat::amo::at_most_one;

/// Grounds the puzzle; returns the clauses and, per family, its name and clause count.
pub fn ground(p: &Puzzle, opts: &EncodeOptions) -> (Cnf, AtomTable, Vec<(&'static str, usize)>) {
    let mut atoms = AtomTable::dense(p);
    let mut cnf = Cnf::new();
    cnf.new_vars(atoms.len());
    let mut families = Families::default();
    let n = p.squares();
    let labels: Vec<Label> = (0..p.labels.len() as u32).map(Label).collect();
    let amo = opts.amo;

    for s in 0..n {
        let lits: Vec<Lit> = (0..n).map(|q| pos(atoms.l(s, q))).collect();
        cnf.add_clause(&lits);
    }
    families.mark(&cnf, "square-has-piece");
    for s in 0..n {
        let lits: Vec<Lit> = (0..n).map(|q| pos(atoms.l(s, q))).collect();
        at_most_one(&mut cnf, &mut atoms, amo, &lits, || format!("square-at-most-one-piece s={}", s + 1));
    }
    families.mark(&cnf, "square-at-most-one-piece");
    for q in 0..n {
        let lits: Vec<Lit> = (0..n).map(|s| pos(atoms.l(s, q))).collect();
        cnf.add_clause(&lits);
    }
    families.mark(&cnf, "piece-has-square");
    for q in 0..n {
        let lits: Vec<Lit> = (0..n).map(|s| pos(atoms.l(s, q))).collect();
        at_most_one(&mut cnf, &mut atoms, amo, &lits, || format!("piece-at-most-one-square p={}", q + 1));
    }
    families.mark(&cnf, "piece-at-most-one-square");
    for q in 0..n {
        let lits: Vec<Lit> = (0..4).map(|k| pos(atoms.r(q, k))).collect();
        cnf.add_clause(&lits);
    }
    families.mark(&cnf, "piece-has-rotation");
    for q in 0..n {
        let lits: Vec<Lit> = (0..4).map(|k| pos(atoms.r(q, k))).collect();
        at_most_one(&mut cnf, &mut atoms, amo, &lits, || format!("piece-at-most-one-rotation p={}", q + 1));
    }
    families.mark(&cnf, "piece-at-most-one-rotation");

    for (q, piece) in p.pieces.iter().enumerate() {
        for e in SIDES {
            for &l in &labels {
                let v = atoms.v(q, e, l);
                cnf.add_clause(&[if piece[e.index()] == l { pos(v) } else { neg(v) }]);
            }
        }
    }
    families.mark(&cnf, "piece-edges");

    // Whether piece q turned k times shows the frame label on exactly the outer sides of square s.
    // Where it does not, `frame-fit` below excludes l(s,q) and r(q,k) together, which satisfies
    // the `square-edge-shows` clauses of that combination: grounding drops them.
    for s in 0..n {
        for (q, piece) in p.pieces.iter().enumerate() {
            let l = atoms.l(s, q);
            for k in (0..4u8).filter(|&k| fits(p, s, q, k)) {
                let r = atoms.r(q, k);
                for side in SIDES {
                    let edge = Side::from_index(side.index() + k as usize);
                    let label = piece[edge.index()];
                    cnf.add_clause(&[neg(l), neg(r), neg(atoms.v(q, edge, label)), pos(atoms.m(s, side, label))]);
                }
            }
        }
    }
    families.mark(&cnf, "square-edge-shows");

    for s in 0..n {
        for side in SIDES {
            let lits: Vec<Lit> = labels.iter().map(|&l| pos(atoms.m(s, side, l))).collect();
            cnf.add_clause(&lits);
        }
    }
    families.mark(&cnf, "square-edge-has-label");
    for s in 0..n {
        for side in SIDES {
            let lits: Vec<Lit> = labels.iter().map(|&l| pos(atoms.m(s, side, l))).collect();
            at_most_one(&mut cnf, &mut atoms, amo, &lits, || {
                format!("square-edge-at-most-one-label s={} e={}", s + 1, side.letter())
            });
        }
    }
    families.mark(&cnf, "square-edge-at-most-one-label");

    let partners: Vec<Vec<Label>> = labels.iter().map(|&l| p.matching_labels(l)).collect();
    for s in 0..n {
        // Each inner edge once: from the square to its east and south neighbours, both ways.
        for side in [Side::East, Side::South] {
            let Some(t) = neighbour(p, s, side) else { continue };
            for (a, b, sa, sb) in [(s, t, side, side.opposite()), (t, s, side.opposite(), side)] {
                for &l in &labels {
                    if Some(l) == p.frame {
                        continue;
                    }
                    let mut clause = vec![neg(atoms.m(a, sa, l))];
                    clause.extend(partners[l.index()].iter().map(|&x| pos(atoms.m(b, sb, x))));
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    families.mark(&cnf, "edges-match");

    if let Some(f) = p.frame {
        for s in 0..n {
            for side in SIDES {
                let m = atoms.m(s, side, f);
                cnf.add_clause(&[if neighbour(p, s, side).is_none() { pos(m) } else { neg(m) }]);
            }
        }
    }
    families.mark(&cnf, "frame");

    // Redundant families: implied by the ones above, written out because they let unit
    // propagation go from labels back to pieces and rotations (without them CDCL solvers time out
    // on 7 x 7 framed boards that take a fraction of a second with them).
    for s in 0..n {
        for q in 0..n {
            let l = atoms.l(s, q);
            let bad: Vec<u8> = (0..4).filter(|&k| !fits(p, s, q, k)).collect();
            if bad.len() == 4 {
                cnf.add_clause(&[neg(l)]);
            } else {
                for k in bad {
                    cnf.add_clause(&[neg(l), neg(atoms.r(q, k))]);
                }
            }
        }
    }
    families.mark(&cnf, "frame-fit");
    let fitting = |s: usize, q: usize| (0..4).any(|k| fits(p, s, q, k));
    for s in 0..n {
        for (q, piece) in p.pieces.iter().enumerate() {
            if !fitting(s, q) {
                continue;
            }
            let mut own: Vec<Label> = piece.to_vec();
            own.sort();
            own.dedup();
            let l = atoms.l(s, q);
            for side in SIDES {
                let mut clause = vec![neg(l)];
                clause.extend(own.iter().map(|&x| pos(atoms.m(s, side, x))));
                cnf.add_clause(&clause);
                for &x in &own {
                    let rots: Vec<u8> = (0..4u8).filter(|&k| turned(*piece, k)[side.index()] == x).collect();
                    if rots.len() < 4 {
                        let mut clause = vec![neg(l), neg(atoms.m(s, side, x))];
                        clause.extend(rots.iter().map(|&k| pos(atoms.r(q, k))));
                        cnf.add_clause(&clause);
                    }
                }
            }
        }
    }
    families.mark(&cnf, "placed-piece-labels");
    for s in 0..n {
        for side in SIDES {
            for &x in &labels {
                let mut clause = vec![neg(atoms.m(s, side, x))];
                clause
                    .extend((0..n).filter(|&q| fitting(s, q) && p.pieces[q].contains(&x)).map(|q| pos(atoms.l(s, q))));
                cnf.add_clause(&clause);
            }
        }
    }
    families.mark(&cnf, "label-needs-piece");

    for c in &p.clues {
        let s = c.row * p.cols + c.col;
        cnf.add_clause(&[pos(atoms.l(s, c.piece))]);
        cnf.add_clause(&[pos(atoms.r(c.piece, c.rotation))]);
    }
    families.mark(&cnf, "clues");

    if opts.symmetry_breaking {
        if let Some(b) = rotation_break(p) {
            for &s in &b.forbidden_squares {
                cnf.add_clause(&[neg(atoms.l(s, b.anchor))]);
            }
            if let Some((c, rots)) = &b.centre {
                for &k in rots {
                    cnf.add_clause(&[neg(atoms.l(*c, b.anchor)), neg(atoms.r(b.anchor, k))]);
                }
            }
        }
    }
    families.mark(&cnf, "board-rotation");

    (cnf, atoms, families.into_vec())
}
