//! The verdict on a packing: every placed cell inside the region and filled once, every region
//! cell filled when the pieces' volume equals the region's, each kind used exactly `copies`
//! times, and each placed piece a rigid motion of its kind (a reflection too only when the
//! puzzle allows mirror images). The motions are found here without matrices: by composing
//! quarter turns about the x and y axes until no new position of the shape appears, and comparing
//! shapes after moving them to the origin. Nothing is shared with the encoder's disposition list.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::packing::model::{Packing, PiecePlacement};

type Cell = (i64, i64, i64);

/// Every position of a shape, each moved to the origin.
type Positions = BTreeSet<BTreeSet<Cell>>;

/// One way a set of placed pieces fails to solve a packing. Cells are printed from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackingViolation {
    /// A placed piece has a cell outside the region.
    Outside {
        /// 1-based number of the placed piece in the solution.
        piece: usize,
        /// The cell (0-based).
        cell: [i32; 3],
    },
    /// Two placed pieces (or one twice) fill the same cell.
    Overlap {
        /// The cell (0-based).
        cell: [i32; 3],
        /// 1-based numbers of the placed pieces.
        pieces: Vec<usize>,
    },
    /// A region cell that no piece fills, though the pieces' volume equals the region's.
    Empty {
        /// The cell (0-based).
        cell: [i32; 3],
    },
    /// A kind is used a wrong number of times.
    Copies {
        /// The kind's name.
        kind: String,
        /// The puzzle's number of copies.
        expected: usize,
        /// How many the solution places.
        found: usize,
    },
    /// A piece the puzzle gives in place is not in the solution.
    NotInPlace {
        /// The kind's name.
        kind: String,
        /// Its cells (0-based).
        cells: Vec<[i32; 3]>,
    },
    /// A placed piece is not its kind moved rigidly (turned and shifted).
    NotThePiece {
        /// 1-based number of the placed piece.
        piece: usize,
        /// The kind's name.
        kind: String,
        /// Whether it is the kind's mirror image (placed reflected without `mirror yes`).
        mirrored: bool,
    },
}

impl fmt::Display for PackingViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |v: &[i32; 3]| format!("{},{},{}", v[0] + 1, v[1] + 1, v[2] + 1);
        match self {
            PackingViolation::Outside { piece, cell } => {
                write!(f, "placed piece {piece} has cell {} outside the region", c(cell))
            }
            PackingViolation::Overlap { cell, pieces } => {
                let list: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
                write!(f, "cell {} is filled by placed pieces {}", c(cell), list.join(" and "))
            }
            PackingViolation::Empty { cell } => write!(f, "cell {} is empty", c(cell)),
            PackingViolation::NotInPlace { kind, cells } => {
                let list: Vec<String> = cells.iter().map(c).collect();
                write!(
                    f,
                    "the puzzle gives piece {kind} in place on {}; the solution does not place it there",
                    list.join(" ")
                )
            }
            PackingViolation::Copies { kind, expected, found } => {
                write!(f, "piece {kind} is placed {found} time(s); the puzzle has {expected}")
            }
            PackingViolation::NotThePiece { piece, kind, mirrored: true } => {
                write!(
                    f,
                    "placed piece {piece} is the mirror image of {kind}, and the puzzle does not allow reflections"
                )
            }
            PackingViolation::NotThePiece { piece, kind, .. } => {
                write!(f, "placed piece {piece} does not have the shape of {kind} in any orientation")
            }
        }
    }
}

/// The cells moved so that the smallest coordinate on each axis is 0.
fn at_origin(cells: &BTreeSet<Cell>) -> BTreeSet<Cell> {
    let min = |f: fn(&Cell) -> i64| cells.iter().map(f).min().unwrap_or(0);
    let (x0, y0, z0) = (min(|c| c.0), min(|c| c.1), min(|c| c.2));
    cells.iter().map(|&(x, y, z)| (x - x0, y - y0, z - z0)).collect()
}

/// Every position of a shape reachable by quarter turns about the x and the y axis (these two
/// generate all 24 turns of a cube), each moved to the origin.
fn turns_of(shape: &BTreeSet<Cell>) -> Positions {
    let about_x = |s: &BTreeSet<Cell>| at_origin(&s.iter().map(|&(x, y, z)| (x, -z, y)).collect());
    let about_y = |s: &BTreeSet<Cell>| at_origin(&s.iter().map(|&(x, y, z)| (z, y, -x)).collect());
    let mut seen = BTreeSet::new();
    let mut todo = vec![at_origin(shape)];
    while let Some(s) = todo.pop() {
        if seen.insert(s.clone()) {
            todo.push(about_x(&s));
            todo.push(about_y(&s));
        }
    }
    seen
}

/// Checks placed pieces against a packing; an empty list means the packing is solved.
pub fn check_packing(p: &Packing, placed: &[PiecePlacement]) -> Vec<PackingViolation> {
    let mut v = Vec::new();
    let region: BTreeSet<[i32; 3]> = p.cells.iter().copied().collect();
    let mut filled: BTreeMap<[i32; 3], Vec<usize>> = BTreeMap::new();
    for (i, pl) in placed.iter().enumerate() {
        for &cell in &pl.cells {
            if !region.contains(&cell) {
                v.push(PackingViolation::Outside { piece: i + 1, cell });
            }
            filled.entry(cell).or_default().push(i + 1);
        }
    }
    for (cell, pieces) in &filled {
        if pieces.len() > 1 {
            v.push(PackingViolation::Overlap { cell: *cell, pieces: pieces.clone() });
        }
    }
    let volume: usize = p.kinds.iter().map(|k| k.cells.len() * k.count).sum();
    if volume == region.len() {
        for cell in &region {
            if !filled.contains_key(cell) {
                v.push(PackingViolation::Empty { cell: *cell });
            }
        }
    }
    for (k, kind) in p.kinds.iter().enumerate() {
        let found = placed.iter().filter(|pl| pl.kind == k).count();
        if found != kind.count {
            v.push(PackingViolation::Copies { kind: kind.name.clone(), expected: kind.count, found });
        }
    }
    let cells =
        |c: &[[i32; 3]]| -> BTreeSet<Cell> { c.iter().map(|v| (v[0].into(), v[1].into(), v[2].into())).collect() };
    // Pieces given in place: a piece of the same kind on the same cells (in any order).
    for given in &p.placed {
        let here = cells(&given.cells);
        if !placed.iter().any(|pl| pl.kind == given.kind && cells(&pl.cells) == here) {
            let kind = p.kinds.get(given.kind).map_or_else(String::new, |k| k.name.clone());
            v.push(PackingViolation::NotInPlace { kind, cells: given.cells.clone() });
        }
    }
    let mut shapes: BTreeMap<usize, (Positions, Positions)> = BTreeMap::new();
    for (i, pl) in placed.iter().enumerate() {
        let Some(kind) = p.kinds.get(pl.kind) else { continue };
        let (turned, mirrored) = shapes.entry(pl.kind).or_insert_with(|| {
            let shape = cells(&kind.cells);
            let mirror: BTreeSet<Cell> = shape.iter().map(|&(x, y, z)| (-x, y, z)).collect();
            (turns_of(&shape), turns_of(&mirror))
        });
        let own = cells(&pl.cells);
        // A placed piece lists each of its cells once and has as many as its kind.
        let shape = at_origin(&own);
        let ok = own.len() == pl.cells.len() && (turned.contains(&shape) || (p.mirror && mirrored.contains(&shape)));
        if !ok {
            let is_mirror = own.len() == pl.cells.len() && mirrored.contains(&shape);
            v.push(PackingViolation::NotThePiece { piece: i + 1, kind: kind.name.clone(), mirrored: is_mirror });
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cube_shape_has_24_turns_and_a_screw_is_chiral() {
        let l: BTreeSet<Cell> = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 0, 1)].into_iter().collect();
        assert_eq!(turns_of(&l).len(), 24);
        let screw: BTreeSet<Cell> = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)].into_iter().collect();
        let mirror: BTreeSet<Cell> = screw.iter().map(|&(x, y, z)| (-x, y, z)).collect();
        assert!(turns_of(&screw).is_disjoint(&turns_of(&mirror)));
    }
}
