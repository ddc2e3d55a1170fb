//! Polycube packing puzzles (seed 003): a region of unit cells (a box, or any set of voxels) to be
//! filled with pieces made of unit cubes, each piece kind with a multiplicity ("25 of this piece").
//! Coordinates are `[x, y, z]`; inside wgrnd they are 0-based, user-facing text counts box cells
//! from 1 (docs/conventions.md). Piece shapes are sets of cells whose absolute position does not
//! matter: they are stored normalised (smallest x, y and z are 0, cells sorted).

use wgrnd_sat::InputError;

/// A unit cell `[x, y, z]`.
pub type Voxel = [i32; 3];

/// A 3x3 integer matrix, rows first; `apply` multiplies it with a column vector.
pub type Matrix = [[i32; 3]; 3];

/// Most cells a packing region may have: the grounding has one atom per way to place a piece, and
/// a bigger region cannot be ground in memory in reasonable time.
pub const MAX_CELLS: usize = 1 << 16;

/// Most side length of the region's bounding box.
pub const MAX_SIDE: i64 = 1 << 10;

/// One kind of piece and how many copies of it the puzzle has. Copies are interchangeable: a
/// packing says which cells hold *a* copy, never which copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Its name (a letter or a word), as in the file.
    pub name: String,
    /// Its cells, normalised: smallest coordinate 0 on every axis, sorted, no repeats.
    pub cells: Vec<Voxel>,
    /// How many copies the puzzle has (at least 1).
    pub count: usize,
}

/// A packing puzzle: fill `region` with all the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// A name for messages and headers (file stem or `name` line).
    pub name: String,
    /// Size of the region's bounding box `[X, Y, Z]`; the region's cells lie in `0..X` etc.
    pub size: [usize; 3],
    /// The cells of the region, sorted by `z`, then `y`, then `x` (layer by layer, row by row).
    pub cells: Vec<Voxel>,
    /// The piece kinds, in file order.
    pub kinds: Vec<PieceKind>,
    /// Whether pieces may also be reflected (a mirror image is then another way to place it).
    pub mirror: bool,
    /// Pieces given in place (`place` lines: the packing's clues), each a copy of its kind on
    /// region cells, sorted like a solution's placements; every packing must place them so.
    pub placed: Vec<PiecePlacement>,
}

/// One piece of a packing solution: which kind, and the region cells it fills.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PiecePlacement {
    /// Index of the kind in [`Packing::kinds`].
    pub kind: usize,
    /// The cells it fills (0-based region coordinates), sorted.
    pub cells: Vec<Voxel>,
}

/// Moves a shape so that its smallest coordinate on each axis is 0, and sorts it.
pub fn normalize(cells: &[Voxel]) -> Vec<Voxel> {
    let mut min = [i32::MAX; 3];
    for c in cells {
        for a in 0..3 {
            min[a] = min[a].min(c[a]);
        }
    }
    let mut out: Vec<Voxel> = cells.iter().map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]]).collect();
    out.sort_unstable_by_key(|c| (c[2], c[1], c[0]));
    out
}

/// `m * v`.
pub fn apply(m: &Matrix, v: Voxel) -> Voxel {
    let mut out = [0; 3];
    for (r, row) in m.iter().enumerate() {
        out[r] = row[0] * v[0] + row[1] * v[1] + row[2] * v[2];
    }
    out
}

/// The determinant: 1 for a rotation, -1 for a rotation combined with a reflection.
pub fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn is_orthogonal(m: &Matrix) -> bool {
    (0..3).all(|i| (0..3).all(|j| (0..3).map(|k| m[i][k] * m[j][k]).sum::<i32>() == i32::from(i == j)))
}

/// The rigid motions of a cube grid that fix the origin, found as seed 003 finds them: every 3x3
/// matrix with entries -1, 0 and 1 (3^9 of them) that is orthogonal, with determinant 1 (the 24
/// proper rotations) or, with `mirror`, also -1 (24 more that reflect). The identity comes first.
pub fn rotations(mirror: bool) -> Vec<Matrix> {
    let mut out = Vec::new();
    for code in 0..3usize.pow(9) {
        let mut m = [[0; 3]; 3];
        let mut c = code;
        for i in 0..9 {
            m[i / 3][i % 3] = (c % 3) as i32 - 1;
            c /= 3;
        }
        let det = determinant(&m);
        if is_orthogonal(&m) && (det == 1 || (mirror && det == -1)) {
            out.push(m);
        }
    }
    let identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    out.sort_by_key(|m| (*m != identity, determinant(m) != 1));
    out
}

impl Packing {
    /// Total cells of all pieces (copies included).
    pub fn piece_volume(&self) -> usize {
        self.kinds.iter().map(|k| k.cells.len() * k.count).sum()
    }

    /// Total number of pieces (copies included).
    pub fn piece_count(&self) -> usize {
        self.kinds.iter().map(|k| k.count).sum()
    }

    /// Whether the pieces fill the region exactly (else some cells stay empty, or it cannot work).
    pub fn fills_exactly(&self) -> bool {
        self.piece_volume() == self.cells.len()
    }

    /// Whether the region is its whole bounding box.
    pub fn is_box(&self) -> bool {
        self.cells.len() == self.size.iter().product::<usize>()
    }

    /// Index of a cell in [`Packing::cells`], if the region has it.
    pub fn cell_index(&self, v: Voxel) -> Option<usize> {
        self.cells.binary_search_by_key(&(v[2], v[1], v[0]), |c| (c[2], c[1], c[0])).ok()
    }
}

/// Collects a packing while a file is read, then validates it as a whole.
#[derive(Debug, Default)]
pub struct PackingBuilder {
    file: String,
    name: Option<String>,
    cells: Vec<(Voxel, usize)>,
    boxed: Option<([usize; 3], usize)>,
    kinds: Vec<(PieceKind, usize)>,
    mirror: bool,
    placed: Vec<(String, Vec<Voxel>, usize)>,
}

impl PackingBuilder {
    /// A builder for a file named `file` in messages.
    pub fn new(file: &str) -> Self {
        PackingBuilder { file: file.to_string(), ..Default::default() }
    }

    /// Sets the name.
    pub fn name(&mut self, name: &str) {
        self.name = Some(name.to_string());
    }

    /// The region is the whole `X x Y x Z` box (stated at `line`).
    pub fn boxed(&mut self, size: [usize; 3], line: usize) {
        self.boxed = Some((size, line));
    }

    /// Adds cells of the region (0-based), stated at `line`.
    pub fn region_cell(&mut self, v: Voxel, line: usize) {
        self.cells.push((v, line));
    }

    /// Whether reflected pieces may be placed.
    pub fn mirror(&mut self, allowed: bool) {
        self.mirror = allowed;
    }

    /// Adds a piece kind (its cells as written), stated at `line` (errors point at its column 1:
    /// the builder judges whole statements).
    pub fn kind(&mut self, name: &str, count: usize, cells: Vec<Voxel>, line: usize) -> Result<(), InputError> {
        let err = |found: String, expected: &str| InputError::at(&self.file, line, 1, found, expected.to_string());
        if let Some((_, first)) = self.kinds.iter().find(|(k, _)| k.name == name) {
            return Err(err(format!("a second piece named `{name}` (the first is on line {first})"), "a new name"));
        }
        let shape = normalize(&cells);
        let mut seen = std::collections::HashSet::with_capacity(cells.len());
        if let Some(c) = cells.iter().find(|c| !seen.insert(**c)) {
            return Err(err(
                format!("cell {},{},{} twice in piece `{name}`", c[0], c[1], c[2]),
                "each cell of a piece once",
            ));
        }
        self.kinds.push((PieceKind { name: name.to_string(), cells: shape, count }, line));
        Ok(())
    }

    /// Gives a copy of kind `name` in place on region cells (0-based), stated at `line`.
    pub fn place(&mut self, name: &str, cells: Vec<Voxel>, line: usize) {
        self.placed.push((name.to_string(), cells, line));
    }

    /// Validates and returns the packing.
    pub fn build(self) -> Result<Packing, InputError> {
        let file = &self.file;
        let cells: Vec<Voxel> = match (self.boxed, self.cells.first()) {
            (Some((_, bl)), Some((_, rl))) => {
                return Err(InputError::at(
                    file,
                    bl.max(*rl),
                    1,
                    "both `box` and `region`",
                    "one of them: `box X Y Z` or `region` cells",
                ))
            }
            (None, None) => return Err(InputError::whole(file, "no `box` and no `region`", "the space to fill")),
            (Some((size, line)), None) => {
                let n = size.iter().try_fold(1usize, |a, &s| a.checked_mul(s)).filter(|&n| n <= MAX_CELLS);
                match n {
                    Some(n) if n > 0 => {}
                    _ => {
                        return Err(InputError::at(
                            file,
                            line,
                            1,
                            format!("a {} x {} x {} box", size[0], size[1], size[2]),
                            format!("a box of 1 to {MAX_CELLS} cells"),
                        ))
                    }
                }
                let mut v = Vec::new();
                for z in 0..size[2] {
                    for y in 0..size[1] {
                        for x in 0..size[0] {
                            v.push([x as i32, y as i32, z as i32]);
                        }
                    }
                }
                v
            }
            (None, Some(_)) => {
                if self.cells.len() > MAX_CELLS {
                    let line = self.cells[MAX_CELLS].1;
                    return Err(InputError::at(
                        file,
                        line,
                        1,
                        format!("{} region cells", self.cells.len()),
                        format!("at most {MAX_CELLS}"),
                    ));
                }
                let mut v: Vec<(Voxel, usize)> = self.cells.clone();
                v.sort_by_key(|(c, _)| (c[2], c[1], c[0]));
                if let Some(w) = v.windows(2).find(|w| w[0].0 == w[1].0) {
                    let c = w[0].0;
                    return Err(InputError::at(
                        file,
                        w[1].1.max(w[0].1),
                        1,
                        format!("region cell {},{},{} twice", c[0] + 1, c[1] + 1, c[2] + 1),
                        "each region cell once",
                    ));
                }
                v.into_iter().map(|(c, _)| c).collect()
            }
        };
        let mut size = [0usize; 3];
        for c in &cells {
            for a in 0..3 {
                size[a] = size[a].max(c[a] as usize + 1);
            }
        }
        if self.kinds.is_empty() {
            return Err(InputError::whole(file, "no pieces", "at least one `piece` line"));
        }
        let mut kinds = Vec::with_capacity(self.kinds.len());
        for (k, line) in self.kinds {
            if k.cells.len() > cells.len() {
                return Err(InputError::at(
                    file,
                    line,
                    1,
                    format!("piece `{}` of {} cells", k.name, k.cells.len()),
                    format!("a piece that can fit in the region's {} cells", cells.len()),
                ));
            }
            kinds.push(k);
        }
        let name = self.name.unwrap_or_else(|| {
            std::path::Path::new(file).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
        });
        let mut packing = Packing { name, size, cells, kinds, mirror: self.mirror, placed: Vec::new() };
        packing.placed = placed_pieces(file, &packing, self.placed)?;
        Ok(packing)
    }
}

/// The `place` lines checked against the packing: a known kind, region cells, each once, the
/// kind's shape turned (or reflected, with `mirror yes`), no cell given twice, no more copies than
/// the kind has. Sorted as a solution's placements are (cells by layer, row, column; pieces by
/// their first cell).
fn placed_pieces(
    file: &str,
    p: &Packing,
    lines: Vec<(String, Vec<Voxel>, usize)>,
) -> Result<Vec<PiecePlacement>, InputError> {
    let key = |c: &Voxel| (c[2], c[1], c[0]);
    let mut out: Vec<PiecePlacement> = Vec::new();
    let mut taken: std::collections::HashMap<Voxel, usize> = std::collections::HashMap::new();
    for (name, mut cells, line) in lines {
        let err = |found: String, expected: &str| InputError::at(file, line, 1, found, expected.to_string());
        let Some(kind) = p.kinds.iter().position(|k| k.name == name) else {
            return Err(err(format!("`place {name}`, a piece no `piece` line names"), "the name of a piece kind"));
        };
        let shown = |c: &Voxel| format!("{},{},{}", c[0] + 1, c[1] + 1, c[2] + 1);
        if let Some(c) = cells.iter().find(|c| p.cell_index(**c).is_none()) {
            return Err(err(format!("cell {} outside the region", shown(c)), "cells of the region"));
        }
        let shape = normalize(&cells);
        let fits = shape.len() == cells.len()
            && rotations(p.mirror)
                .iter()
                .any(|m| normalize(&p.kinds[kind].cells.iter().map(|&c| apply(m, c)).collect::<Vec<_>>()) == shape);
        if !fits {
            return Err(err(
                format!("cells that are not piece `{name}` turned and moved"),
                "a copy of the piece on region cells",
            ));
        }
        for c in &cells {
            if let Some(first) = taken.insert(*c, line) {
                return Err(err(
                    format!("cell {} given in place twice (also on line {first})", shown(c)),
                    "placed pieces that do not overlap",
                ));
            }
        }
        if out.iter().filter(|pl| pl.kind == kind).count() == p.kinds[kind].count {
            return Err(err(
                format!("more copies of `{name}` in place than its {}", p.kinds[kind].count),
                "at most the piece's copies",
            ));
        }
        cells.sort_unstable_by_key(key);
        out.push(PiecePlacement { kind, cells });
    }
    out.sort_by_key(|pl| key(&pl.cells[0]));
    Ok(out)
}

impl Packing {
    /// The same packing with exactly these pieces given in place (already checked: pieces of a
    /// solution), sorted as [`Packing::placed`] is.
    pub fn with_placed(&self, placed: &[PiecePlacement]) -> Packing {
        let key = |c: &Voxel| (c[2], c[1], c[0]);
        let mut placed = placed.to_vec();
        placed.sort_by_key(|pl| key(&pl.cells[0]));
        Packing { placed, ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_003_finds_24_rotations_and_24_reflections() {
        assert_eq!(rotations(false).len(), 24);
        assert_eq!(rotations(true).len(), 48);
        assert_eq!(rotations(false)[0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert!(rotations(false).iter().all(|m| determinant(m) == 1));
        assert_eq!(rotations(true).iter().filter(|m| determinant(m) == -1).count(), 24);
    }

    #[test]
    fn normalize_moves_to_the_origin_and_sorts() {
        assert_eq!(normalize(&[[3, 1, 2], [2, 1, 2]]), vec![[0, 0, 0], [1, 0, 0]]);
    }
}
