//! Grounding of polycube packings (seed 003). Every *disposition* (a piece kind in one of its
//! distinct orientations, moved so that all its cells lie in the region) is one atom
//! `d(piece,orientation,x,y,z)`; atoms are numbered from 1 in the order kind, orientation, then
//! translation (z, y, x). Orientations are the images of the piece under seed 003's rotation
//! matrices (24, or 48 with reflections), with images of the same shape merged: the Y pentacube
//! has 24 distinct orientations, a cube only 1. Copies of a kind have no identity of their own:
//! the CNF says how many dispositions of a kind are used, never which copy is where, so counts are
//! not multiplied by `copies!`. (The file runs past 500 lines only with its tests, which pin the
//! orientation and disposition counts of seed 003 next to the code that makes them.)
//!
//! Clause families: every region cell is covered by at most one chosen disposition and, when the
//! pieces' volume equals the region's, by at least one; each kind is used exactly `copies` times
//! (left out for a single kind that fills the region exactly, where cell covering implies it).
//! Optional symmetry breaking keeps, of every orbit of solutions under the region's rotations (and
//! reflections), only the lexicographically least one (lex-leader constraints over the
//! disposition atoms), so a count is a count of solutions up to those symmetries.

use std::collections::HashMap;

use crate::edge::formats::write_packing;
use crate::packing::model::{apply, normalize, rotations, Matrix, Packing, PiecePlacement, Voxel};
use wgrnd_sat::amo::{at_most_one, exactly, AmoEncoding, AuxAtoms};
use wgrnd_sat::{Cnf, Lit, Model, Var};
use wgrnd_seam::header::hash_line;
use wgrnd_seam::StableHash;

use crate::edge::encode::atoms::{AuxBlock, AuxRuns};

/// Name and version of the packing encoding, part of its hash.
pub const PACKING_ENCODING: &str = "pack-1";

/// Most dispositions times cells (the literals of the cell constraints) wgrnd grounds.
pub const MAX_DISPOSITION_CELLS: u64 = 50_000_000;

/// One distinct orientation of a piece kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orientation {
    /// The first of seed 003's matrices that gives it.
    pub matrix: Matrix,
    /// The shape in this orientation, normalised.
    pub cells: Vec<Voxel>,
}

/// The distinct orientations of a shape: its images under the rotations (and reflections with
/// `mirror`), equal images merged, in the order of [`rotations`] (the shape as given first).
pub fn orientations(cells: &[Voxel], mirror: bool) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for m in rotations(mirror) {
        let image = normalize(&cells.iter().map(|&c| apply(&m, c)).collect::<Vec<_>>());
        if !out.iter().any(|o| o.cells == image) {
            out.push(Orientation { matrix: m, cells: image });
        }
    }
    out
}

/// A piece kind placed in the region: one atom of the encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disposition {
    /// The kind.
    pub kind: usize,
    /// Index of its orientation in [`orientations`] of the kind.
    pub orientation: usize,
    /// Where the orientation's cell `0,0,0` goes (0-based region coordinates).
    pub offset: Voxel,
    /// Indices into [`Packing::cells`] of the cells it fills, ascending.
    pub cells: Vec<u32>,
}

/// Every disposition of every kind, in atom order.
pub fn dispositions(p: &Packing) -> Vec<Disposition> {
    let mut out = Vec::new();
    for (k, kind) in p.kinds.iter().enumerate() {
        for (o, orient) in orientations(&kind.cells, p.mirror).iter().enumerate() {
            let ext = extent(&orient.cells);
            for z in 0..=(p.size[2] as i32 - ext[2]) {
                for y in 0..=(p.size[1] as i32 - ext[1]) {
                    for x in 0..=(p.size[0] as i32 - ext[0]) {
                        let cells: Option<Vec<u32>> = orient
                            .cells
                            .iter()
                            .map(|c| p.cell_index([c[0] + x, c[1] + y, c[2] + z]).map(|i| i as u32))
                            .collect();
                        if let Some(mut cells) = cells {
                            cells.sort_unstable();
                            out.push(Disposition { kind: k, orientation: o, offset: [x, y, z], cells });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The smallest coordinate on each axis.
fn smallest_corner(cells: &[Voxel]) -> Voxel {
    let mut min = [i32::MAX; 3];
    for c in cells {
        for a in 0..3 {
            min[a] = min[a].min(c[a]);
        }
    }
    min
}

/// Size of a normalised shape's bounding box, each side minus one.
fn extent(cells: &[Voxel]) -> [i32; 3] {
    let mut e = [0; 3];
    for c in cells {
        for a in 0..3 {
            e[a] = e[a].max(c[a]);
        }
    }
    e
}

/// Refuses, before anything is built, a packing whose grounding would not fit: the bound counts
/// every translation inside the bounding box, times the piece's cells.
pub fn check_packing_size(p: &Packing) -> Result<(), crate::edge::encode::TooLarge> {
    let mut total = 0u64;
    for kind in &p.kinds {
        for o in orientations(&kind.cells, p.mirror) {
            let e = extent(&o.cells);
            let t: u64 = (0..3).map(|a| (p.size[a] as i64 - i64::from(e[a])).max(0) as u64).product();
            total += t * kind.cells.len() as u64;
        }
    }
    if total > MAX_DISPOSITION_CELLS {
        return Err(crate::edge::encode::TooLarge { estimate: format!(
            "grounding this packing takes up to {total} disposition cells (limit {MAX_DISPOSITION_CELLS}): the region or the pieces are too large"
        ) });
    }
    Ok(())
}

/// Which solutions of a packing count as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PackSymmetry {
    /// Every packing of the fixed region counts.
    #[default]
    None,
    /// Packings that a rotation of the region maps onto each other count once.
    Rotations,
    /// Rotations and reflections (reflections map a piece to its mirror image; they count only when
    /// the pieces are mirror-symmetric as a set, see [`symmetries`]).
    All,
}

impl PackSymmetry {
    /// The name used in options and headers.
    pub fn name(self) -> &'static str {
        match self {
            PackSymmetry::None => "none",
            PackSymmetry::Rotations => "rotations",
            PackSymmetry::All => "rotations+reflections",
        }
    }
}

/// Choices that change a packing's CNF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PackOptions {
    /// Symmetry breaking.
    pub symmetry: PackSymmetry,
    /// How at-most-one constraints are written.
    pub amo: AmoEncoding,
}

impl PackOptions {
    fn describe(&self) -> String {
        format!("symmetry={} amo={}", self.symmetry.name(), self.amo.name())
    }
}

/// A grounded packing.
#[derive(Clone, Debug)]
pub struct PackEncoding {
    /// The clauses.
    pub cnf: Cnf,
    /// Atom `i + 1` is disposition `i`.
    pub dispositions: Vec<Disposition>,
    /// The auxiliary atoms after the dispositions.
    pub aux: Vec<AuxBlock>,
    /// Clause families in order, with their clause counts.
    pub families: Vec<(&'static str, usize)>,
    /// The region symmetries broken (the identity included): the size of the group whose orbits
    /// a count counts; 1 without symmetry breaking.
    pub group: usize,
    /// Hash of the encoding name, options and canonical packing text.
    pub hash: u64,
    /// The options used.
    pub options: PackOptions,
}

/// A symmetry of a packing as a permutation of its dispositions, with the region matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The matrix that turns (or reflects) the region onto itself.
    pub matrix: Matrix,
    /// `image[i]` = the disposition that disposition `i` becomes.
    pub image: Vec<u32>,
}

/// The symmetries of the region (the 24 rotations, or all 48 signed permutation matrices with
/// `reflections`) that map the region onto itself and every piece kind onto a kind with the same
/// copies and shape, as permutations of the dispositions. The identity comes first. They form a
/// group: each solution's orbit under it is a set of solutions.
/// The disposition of each piece given in place (`None`: no disposition is that placement).
pub fn placed_dispositions(p: &Packing, disps: &[Disposition]) -> Vec<Option<usize>> {
    p.placed
        .iter()
        .map(|pl| {
            let mut cells: Vec<u32> = pl.cells.iter().filter_map(|&c| p.cell_index(c).map(|i| i as u32)).collect();
            cells.sort_unstable();
            disps.iter().position(|d| d.kind == pl.kind && d.cells == cells)
        })
        .collect()
}

/// With pieces given in place, only the symmetries that map the placed pieces onto placed pieces
/// remain (a subgroup).
pub fn symmetries(p: &Packing, disps: &[Disposition], reflections: bool) -> Vec<Symmetry> {
    let shapes: Vec<Vec<Vec<Voxel>>> =
        p.kinds.iter().map(|k| orientations(&k.cells, p.mirror).into_iter().map(|o| o.cells).collect()).collect();
    let index: HashMap<(usize, &[u32]), u32> =
        disps.iter().enumerate().map(|(i, d)| ((d.kind, d.cells.as_slice()), i as u32)).collect();
    // The region's own smallest corner (a region need not start at 0).
    let base = smallest_corner(&p.cells);
    let mut out = Vec::new();
    'matrices: for m in rotations(reflections) {
        let moved: Vec<Voxel> = p.cells.iter().map(|&c| apply(&m, c)).collect();
        let min = smallest_corner(&moved);
        let mut cell_map = Vec::with_capacity(p.cells.len());
        for c in &moved {
            match p.cell_index([c[0] - min[0] + base[0], c[1] - min[1] + base[1], c[2] - min[2] + base[2]]) {
                Some(i) => cell_map.push(i as u32),
                None => continue 'matrices,
            }
        }
        // Kinds map one to one: a kind onto itself where it can, else onto the first kind of the
        // same shape and count not taken yet (two kinds of one shape must not both map onto one).
        let mut kind_map = Vec::with_capacity(p.kinds.len());
        let mut taken = vec![false; p.kinds.len()];
        for (i, kind) in p.kinds.iter().enumerate() {
            let image = normalize(&kind.cells.iter().map(|&c| apply(&m, c)).collect::<Vec<_>>());
            let fits = |j: usize| !taken[j] && p.kinds[j].count == kind.count && shapes[j].contains(&image);
            let target = if fits(i) { Some(i) } else { (0..p.kinds.len()).find(|&j| fits(j)) };
            match target {
                Some(j) => {
                    taken[j] = true;
                    kind_map.push(j);
                }
                None => continue 'matrices,
            }
        }
        let mut image = Vec::with_capacity(disps.len());
        for d in disps {
            let mut cells: Vec<u32> = d.cells.iter().map(|&c| cell_map[c as usize]).collect();
            cells.sort_unstable();
            match index.get(&(kind_map[d.kind], cells.as_slice())) {
                Some(&j) => image.push(j),
                None => continue 'matrices,
            }
        }
        let placed: Vec<u32> = placed_dispositions(p, disps).into_iter().flatten().map(|i| i as u32).collect();
        if !placed.iter().all(|&i| placed.contains(&image[i as usize])) {
            continue 'matrices;
        }
        debug_assert!(
            {
                let mut seen = vec![false; image.len()];
                image.iter().all(|&j| !std::mem::replace(&mut seen[j as usize], true))
            },
            "a symmetry permutes the dispositions"
        );
        out.push(Symmetry { matrix: m, image });
    }
    out
}

/// The hash that identifies a packing under the options.
pub fn packing_hash(p: &Packing, opts: &PackOptions) -> u64 {
    StableHash::new()
        .bytes(PACKING_ENCODING.as_bytes())
        .bytes(opts.describe().as_bytes())
        .bytes(write_packing(p).as_bytes())
        .finish()
}

/// Grounds a packing (call [`check_packing_size`] first for untrusted input).
pub fn encode_packing(p: &Packing, opts: &PackOptions) -> PackEncoding {
    let disps = dispositions(p);
    let mut cnf = Cnf::new();
    if !disps.is_empty() {
        cnf.new_vars(disps.len() as u32);
    }
    let mut aux = AuxRuns::after(disps.len() as u32);
    let mut families = Vec::new();
    let lit = |i: usize| Var::from_index(i).pos();

    let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); p.cells.len()];
    for (i, d) in disps.iter().enumerate() {
        for &c in &d.cells {
            covering[c as usize].push(lit(i));
        }
    }
    if p.fills_exactly() {
        let before = cnf.num_clauses();
        for lits in &covering {
            cnf.add_clause(lits);
        }
        families.push(("cell-covered", cnf.num_clauses() - before));
    }
    let before = cnf.num_clauses();
    for (c, lits) in covering.iter().enumerate() {
        let v = p.cells[c];
        at_most_one(&mut cnf, &mut aux, opts.amo, lits, || {
            format!("cell-at-most-once {},{},{}", v[0] + 1, v[1] + 1, v[2] + 1)
        });
    }
    families.push(("cell-at-most-once", cnf.num_clauses() - before));

    let implied = p.kinds.len() == 1 && p.fills_exactly();
    if !implied {
        let before = cnf.num_clauses();
        for (k, kind) in p.kinds.iter().enumerate() {
            let lits: Vec<Lit> = (0..disps.len()).filter(|&i| disps[i].kind == k).map(lit).collect();
            // With an exact fill, "at most `copies`" for every kind forces "exactly": the volumes add up.
            exactly(
                &mut cnf,
                &mut aux,
                opts.amo,
                &lits,
                kind.count,
                !p.fills_exactly(),
                &format!("piece-copies {}", kind.name),
            );
        }
        families.push(("piece-copies", cnf.num_clauses() - before));
    }

    // Pieces given in place: their dispositions are true (none fits: the empty clause).
    if !p.placed.is_empty() {
        let before = cnf.num_clauses();
        for i in placed_dispositions(p, &disps) {
            match i {
                Some(i) => cnf.add_clause(&[lit(i)]),
                None => cnf.add_clause(&[]),
            }
        }
        families.push(("placed", cnf.num_clauses() - before));
    }

    let mut group = 1;
    if opts.symmetry != PackSymmetry::None {
        let syms = symmetries(p, &disps, opts.symmetry == PackSymmetry::All);
        group = syms.len();
        let before = cnf.num_clauses();
        for (s, sym) in syms.iter().enumerate().skip(1) {
            lex_leader(&mut cnf, &mut aux, &sym.image, s);
        }
        families.push(("lex-leader", cnf.num_clauses() - before));
    }
    debug_assert_eq!(aux.len(), cnf.num_vars());
    PackEncoding {
        cnf,
        dispositions: disps,
        aux: aux.runs,
        families,
        group,
        hash: packing_hash(p, opts),
        options: *opts,
    }
}

/// Lex-leader clauses for one symmetry over the disposition atoms, in atom order
/// (`wgrnd_sat::lex_leader`), their chain atoms named as an auxiliary run.
fn lex_leader(cnf: &mut Cnf, aux: &mut AuxRuns, image: &[u32], s: usize) {
    let fresh = wgrnd_sat::lex_leader_fresh(image);
    if (0..image.len()).all(|i| image[i] as usize == i) {
        return;
    }
    aux.aux(fresh, format!("lex-leader equal-prefix symmetry #{s}"));
    let x: Vec<Var> = (0..image.len()).map(Var::from_index).collect();
    wgrnd_sat::lex_leader(cnf, &x, image);
}

impl PackEncoding {
    /// The name of atom `var`: `d(Y,3,1,2,1)` (kind, orientation from 1, smallest corner from 1).
    pub fn name(&self, var: u32, p: &Packing) -> String {
        let i = var as usize;
        if (1..=self.dispositions.len()).contains(&i) {
            let d = &self.dispositions[i - 1];
            format!(
                "d({},{},{},{},{})",
                p.kinds[d.kind].name,
                d.orientation + 1,
                d.offset[0] + 1,
                d.offset[1] + 1,
                d.offset[2] + 1
            )
        } else {
            match AuxBlock::find(&self.aux, var) {
                Some((_, b)) => b.name(var),
                None => format!("?{var}"),
            }
        }
    }

    /// The DIMACS comment lines: the packing, the hash, how atoms are numbered, every orientation
    /// and family, and (for small encodings) one line per disposition with its cells.
    pub fn comments(&self, p: &Packing) -> Vec<String> {
        let region = if p.is_box() {
            format!("{} x {} x {} box", p.size[0], p.size[1], p.size[2])
        } else {
            format!("region in a {} x {} x {} box", p.size[0], p.size[1], p.size[2])
        };
        let mut c = vec![
            format!(
                "wgrnd {} encoding {PACKING_ENCODING} of `{}`: {region} of {} cells, {} piece kind(s), {} pieces of {} cells in all, mirror {}",
                env!("CARGO_PKG_VERSION"),
                p.name,
                p.cells.len(),
                p.kinds.len(),
                p.piece_count(),
                p.piece_volume(),
                if p.mirror { "yes" } else { "no" },
            ),
            hash_line(self.hash),
            format!("options {} (symmetry group of {} broken)", self.options.describe(), self.group),
            "conventions: cells x,y,z counted from 1; d(piece,orientation,x,y,z) = the piece in its orientation".into(),
            "  (numbered from 1 as listed below) with its smallest corner on cell x,y,z".into(),
        ];
        for kind in &p.kinds {
            for (o, orient) in orientations(&kind.cells, p.mirror).iter().enumerate() {
                let cells: Vec<String> = orient.cells.iter().map(|v| format!("{},{},{}", v[0], v[1], v[2])).collect();
                c.push(format!(
                    "orientation {} {} matrix {:?} cells {}",
                    kind.name,
                    o + 1,
                    orient.matrix,
                    cells.join(" ")
                ));
            }
        }
        let mut i = 0;
        while i < self.dispositions.len() {
            let (k, o) = (self.dispositions[i].kind, self.dispositions[i].orientation);
            let j = i + self.dispositions[i..].iter().take_while(|d| (d.kind, d.orientation) == (k, o)).count();
            c.push(format!("atoms d({},{},x,y,z) {}..{}", p.kinds[k].name, o + 1, i + 1, j));
            i = j;
        }
        c.extend(self.aux.iter().map(AuxBlock::layout_line));
        for (name, count) in &self.families {
            c.push(format!("clauses {name} {count}"));
        }
        if self.cnf.num_vars() <= crate::edge::encode::NAME_LINES_MAX {
            for (i, d) in self.dispositions.iter().enumerate() {
                let cells: Vec<String> = d
                    .cells
                    .iter()
                    .map(|&c| p.cells[c as usize])
                    .map(|v| format!("{},{},{}", v[0] + 1, v[1] + 1, v[2] + 1))
                    .collect();
                c.push(format!("var {} {} cells {}", i + 1, self.name(i as u32 + 1, p), cells.join(" ")));
            }
        }
        c
    }

    /// The disposition atoms: a solution is the set of dispositions chosen.
    pub fn projection(&self) -> Vec<Var> {
        (0..self.dispositions.len()).map(Var::from_index).collect()
    }

    /// The chosen dispositions as placements, sorted.
    pub fn decode(&self, model: &Model, p: &Packing) -> Vec<PiecePlacement> {
        let chosen: Vec<u32> = (0..self.dispositions.len() as u32)
            .filter(|&i| model.value(Var::from_index(i as usize)) == Some(true))
            .collect();
        self.placements(&chosen, p)
    }

    /// Dispositions (by index) as placements, sorted by their first cell (layer, row, column).
    pub fn placements(&self, chosen: &[u32], p: &Packing) -> Vec<PiecePlacement> {
        let key = |c: &Voxel| (c[2], c[1], c[0]);
        let mut out: Vec<PiecePlacement> = chosen
            .iter()
            .map(|&i| {
                let d = &self.dispositions[i as usize];
                let mut cells: Vec<Voxel> = d.cells.iter().map(|&c| p.cells[c as usize]).collect();
                cells.sort_unstable_by_key(key);
                PiecePlacement { kind: d.kind, cells }
            })
            .collect();
        out.sort_by_key(|pl| key(&pl.cells[0]));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::read_packing;

    const Y: &str = "packing\nbox 5 5 5\npiece Y 25 0,0,0 0,0,1 0,0,2 0,0,3 0,1,2\n";

    #[test]
    fn the_y_pentacube_has_24_orientations_and_960_dispositions() {
        let p = read_packing("y.pack", Y).unwrap();
        assert_eq!(orientations(&p.kinds[0].cells, false).len(), 24);
        // Planar pieces are their own mirror images: reflections add no orientation.
        assert_eq!(orientations(&p.kinds[0].cells, true).len(), 24);
        // Each orientation spans 4 x 2 x 1 cells: 2 * 4 * 5 translations in the 5 x 5 x 5 box.
        assert_eq!(dispositions(&p).len(), 960);
    }

    #[test]
    fn symmetric_shapes_merge_orientations() {
        let cube = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]];
        assert_eq!(orientations(&cube, false).len(), 1);
        assert_eq!(orientations(&[[0, 0, 0], [1, 0, 0]], false).len(), 3);
        assert_eq!(orientations(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]], false).len(), 12);
        // The chiral Soma pieces: a screw and its mirror image.
        let screw = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]];
        assert_eq!(orientations(&screw, false).len(), 12);
        assert_eq!(orientations(&screw, true).len(), 24);
    }

    #[test]
    fn the_cube_box_has_48_symmetries_for_the_y_pentacubes() {
        let p = read_packing("y.pack", Y).unwrap();
        let d = dispositions(&p);
        assert_eq!(symmetries(&p, &d, false).len(), 24);
        assert_eq!(symmetries(&p, &d, true).len(), 48);
        let flat = read_packing("f.pack", "box 4 2 1\npiece I 2 0,0,0 1,0,0 2,0,0 3,0,0\n").unwrap();
        assert_eq!(symmetries(&flat, &dispositions(&flat), false).len(), 4);
    }

    #[test]
    fn counter_is_exact() {
        // Brute force over all assignments of 4 literals: "exactly k" has C(4,k) models.
        for k in 0..=4usize {
            let mut cnf = Cnf::new();
            cnf.new_vars(4);
            let mut aux = AuxRuns::after(4);
            let lits: Vec<Lit> = (0..4).map(|i| Var::from_index(i).pos()).collect();
            exactly(&mut cnf, &mut aux, AmoEncoding::Auto, &lits, k, true, "piece-copies t");
            let total = aux.len();
            let sat = |bits: u32| -> bool {
                // Aux values are forced by the counter, so try all of them only for small totals.
                (0..1u64 << (total - 4)).any(|a| {
                    let value = |v: u32| if v <= 4 { bits >> (v - 1) & 1 == 1 } else { a >> (v - 5) & 1 == 1 };
                    cnf.clauses().all(|c| c.iter().any(|l| value(l.var().get()) == l.is_positive()))
                })
            };
            let models = (0..16u32).filter(|&b| sat(b)).count();
            let expected = (0..16u32).filter(|b| b.count_ones() as usize == k).count();
            assert_eq!(models, expected, "k = {k}");
        }
    }
}
