//! Packings (seed 003) against an independent brute force: an exact-cover backtracking search
//! written here from the definition (its own orientations, from permuting and flipping axes, and
//! its own symmetry orbits), on random small boxes cut into random pieces; the Soma cube; and the
//! Y-pentacube box of seed 003 solved, checked and drawn through the CLI.

use std::collections::{BTreeSet, HashMap};
use wgrnd_seam::Search;

use wgrnd_engine::count::{count, Engine, Limits};
use wgrnd_families::edge::encode::AmoEncoding;
use wgrnd_families::edge::formats::{read_packing, write_packing};
use wgrnd_families::packing::encode::{PackOptions, PackSymmetry};
use wgrnd_families::packing::model::Packing;
use wgrnd_families::{CountUnit, Family, Packings};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_seam::SplitMix64;

use crate::{code, fixture, stdout, wgrnd};

type Cell = [i32; 3];

/// The 48 signed permutation matrices as (axis permutation, signs, determinant).
fn motions() -> Vec<([usize; 3], [i32; 3], i32)> {
    let perms: [([usize; 3], i32); 6] =
        [([0, 1, 2], 1), ([1, 2, 0], 1), ([2, 0, 1], 1), ([1, 0, 2], -1), ([0, 2, 1], -1), ([2, 1, 0], -1)];
    let mut out = Vec::new();
    for (perm, parity) in perms {
        for bits in 0..8 {
            let signs = [0, 1, 2].map(|a| if bits >> a & 1 == 1 { -1 } else { 1 });
            out.push((perm, signs, parity * signs.iter().product::<i32>()));
        }
    }
    out
}

fn move_cell(m: &([usize; 3], [i32; 3], i32), c: Cell) -> Cell {
    [m.1[0] * c[m.0[0]], m.1[1] * c[m.0[1]], m.1[2] * c[m.0[2]]]
}

fn to_origin(cells: &[Cell]) -> Vec<Cell> {
    let min: Vec<i32> = (0..3).map(|a| cells.iter().map(|c| c[a]).min().unwrap()).collect();
    let mut v: Vec<Cell> = cells.iter().map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]]).collect();
    v.sort();
    v
}

/// Distinct orientations of a shape (with or without reflections), each at the origin.
fn shapes(cells: &[Cell], mirror: bool) -> BTreeSet<Vec<Cell>> {
    motions()
        .iter()
        .filter(|m| mirror || m.2 == 1)
        .map(|m| to_origin(&cells.iter().map(|&c| move_cell(m, c)).collect::<Vec<_>>()))
        .collect()
}

pub(crate) type Solution = Vec<(usize, Vec<Cell>)>;

/// Every packing of a box region, by covering the first empty cell (or leaving it empty while the
/// pieces leave room); `None` beyond `cap`.
pub(crate) fn brute_force(p: &Packing, cap: usize) -> Option<Vec<Solution>> {
    let size = p.size.map(|s| s as i32);
    let orients: Vec<Vec<Vec<Cell>>> =
        p.kinds.iter().map(|k| shapes(&k.cells, p.mirror).into_iter().collect()).collect();
    struct St {
        filled: HashMap<Cell, bool>,
        left: Vec<usize>,
        spare: usize,
        current: Solution,
        out: Vec<Solution>,
    }
    let cells: Vec<Cell> = p.cells.clone();
    fn go(i: usize, cells: &[Cell], size: [i32; 3], orients: &[Vec<Vec<Cell>>], st: &mut St, cap: usize) -> bool {
        let mut i = i;
        while i < cells.len() && st.filled[&cells[i]] {
            i += 1;
        }
        if i == cells.len() {
            if st.left.iter().all(|&l| l == 0) {
                let mut s = st.current.clone();
                s.sort();
                st.out.push(s);
            }
            return st.out.len() <= cap;
        }
        let target = cells[i];
        for k in 0..orients.len() {
            if st.left[k] == 0 {
                continue;
            }
            for o in &orients[k] {
                for anchor in o {
                    let placed: Vec<Cell> = o
                        .iter()
                        .map(|c| {
                            [c[0] - anchor[0] + target[0], c[1] - anchor[1] + target[1], c[2] - anchor[2] + target[2]]
                        })
                        .collect();
                    let fits = placed
                        .iter()
                        .all(|c| (0..3).all(|a| c[a] >= 0 && c[a] < size[a]) && st.filled.get(c) == Some(&false));
                    // Only pieces whose first empty cell is the target: no earlier cell may be used.
                    if !fits || placed.iter().any(|c| (c[2], c[1], c[0]) < (target[2], target[1], target[0])) {
                        continue;
                    }
                    for c in &placed {
                        st.filled.insert(*c, true);
                    }
                    st.left[k] -= 1;
                    let mut sorted = placed.clone();
                    sorted.sort();
                    st.current.push((k, sorted));
                    let go_on = go(i + 1, cells, size, orients, st, cap);
                    st.current.pop();
                    st.left[k] += 1;
                    for c in &placed {
                        st.filled.insert(*c, false);
                    }
                    if !go_on {
                        return false;
                    }
                }
            }
        }
        if st.spare > 0 {
            st.spare -= 1;
            st.filled.insert(target, true);
            let go_on = go(i + 1, cells, size, orients, st, cap);
            st.filled.insert(target, false);
            st.spare += 1;
            return go_on;
        }
        true
    }
    let mut st = St {
        filled: cells.iter().map(|&c| (c, false)).collect(),
        left: p.kinds.iter().map(|k| k.count).collect(),
        spare: p.cells.len().saturating_sub(p.kinds.iter().map(|k| k.count * k.cells.len()).sum()),
        current: Vec::new(),
        out: Vec::new(),
    };
    go(0, &cells, size, &orients, &mut st, cap).then_some(st.out)
}

/// Orbits of the solutions under the box motions that map every kind to a kind of the same
/// shape and copies (rotations only, or all).
fn orbits(p: &Packing, solutions: &[Solution], reflections: bool) -> usize {
    let size = p.size.map(|s| s as i32);
    let shapes_of: Vec<BTreeSet<Vec<Cell>>> = p.kinds.iter().map(|k| shapes(&k.cells, p.mirror)).collect();
    let mut group = Vec::new();
    for m in motions().into_iter().filter(|m| reflections || m.2 == 1) {
        let moved_size = move_cell(&m, size).map(i32::abs);
        if moved_size != size {
            continue;
        }
        let kind_map: Option<Vec<usize>> = p
            .kinds
            .iter()
            .map(|k| {
                let image = to_origin(&k.cells.iter().map(|&c| move_cell(&m, c)).collect::<Vec<_>>());
                (0..p.kinds.len()).find(|&j| p.kinds[j].count == k.count && shapes_of[j].contains(&image))
            })
            .collect();
        if let Some(km) = kind_map {
            group.push((m, km));
        }
    }
    let canon = |s: &Solution| -> Solution {
        group
            .iter()
            .map(|(m, km)| {
                let mut t: Solution = s
                    .iter()
                    .map(|(k, cells)| {
                        let mut c: Vec<Cell> = cells
                            .iter()
                            .map(|&c| {
                                let v = move_cell(m, c);
                                // Shift back into the box: a flipped axis runs from -(size-1) to 0.
                                [0, 1, 2].map(|a| if m.1[a] < 0 { v[a] + size[a] - 1 } else { v[a] })
                            })
                            .collect();
                        c.sort();
                        (km[*k], c)
                    })
                    .collect();
                t.sort();
                t
            })
            .min()
            .unwrap()
    };
    solutions.iter().map(canon).collect::<BTreeSet<_>>().len()
}

/// The random instances come from the project's own generator.
type Rng = SplitMix64;

/// A random box cut into random connected pieces of 1 to `max_piece` cells; congruent pieces
/// become one kind with copies. Sometimes a piece is left out (the box is then not filled) or
/// reflections are allowed.
fn random_packing(rng: &mut Rng, size: [usize; 3], max_piece: usize) -> String {
    let cells: Vec<Cell> = (0..size[2])
        .flat_map(|z| (0..size[1]).flat_map(move |y| (0..size[0]).map(move |x| [x as i32, y as i32, z as i32])))
        .collect();
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for &start in &cells {
        if owner.contains_key(&start) {
            continue;
        }
        let want = 1 + rng.below(max_piece as u64) as usize;
        let mut piece = vec![start];
        owner.insert(start, pieces.len());
        while piece.len() < want {
            let mut options = Vec::new();
            for c in &piece {
                for d in [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] {
                    let n = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                    if (0..3).all(|a| n[a] >= 0 && n[a] < size[a] as i32) && !owner.contains_key(&n) {
                        options.push(n);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let n = options[rng.below(options.len() as u64) as usize];
            owner.insert(n, pieces.len());
            piece.push(n);
        }
        pieces.push(piece);
    }
    if rng.below(4) == 0 && pieces.len() > 2 {
        pieces.remove(rng.below(pieces.len() as u64) as usize);
    }
    let mirror = rng.below(3) == 0;
    let mut kinds: Vec<(Vec<Cell>, usize)> = Vec::new();
    for piece in pieces {
        let mine = shapes(&piece, mirror);
        match kinds.iter_mut().find(|(shape, _)| mine.contains(&to_origin(shape))) {
            Some(k) => k.1 += 1,
            None => kinds.push((piece, 1)),
        }
    }
    let mut text =
        format!("packing\nbox {} {} {}\nmirror {}\n", size[0], size[1], size[2], if mirror { "yes" } else { "no" });
    for (i, (shape, count)) in kinds.iter().enumerate() {
        let cells: Vec<String> = shape.iter().map(|c| format!("{},{},{}", c[0], c[1], c[2])).collect();
        text += &format!("piece K{} {count} {}\n", i + 1, cells.join(" "));
    }
    text
}

/// (packings, rotation orbits, orbits) by wgrnd: orbit enumeration on the plain encoding.
fn sat_counts(p: &Packing, opts: PackOptions, solver: &str) -> (u64, u64, u64) {
    let f = Packings { packing: p.clone(), options: opts, counting: true };
    let g = f.ground().unwrap();
    let c = count(&f, &g, &SolverSpec::parse(solver), &Limits::default(), CountUnit::None, |_| {}).unwrap();
    assert!(c.complete());
    let o = c.orbits;
    // Every engine finds the same three numbers: dancing links where the packing is an exact
    // cover (auto's choice), the backtracking search, the blocking loop.
    // (The backtracking search is slow on the Soma cube's 11,520; the random boxes have at most 3,000.)
    let mut engines = vec![];
    if solver == "builtin" {
        engines.push(Engine::Blocking);
    }
    if o.solutions <= 3000 {
        engines.push(Engine::Backtrack);
    }
    if f.exact_cover(&g).is_some() {
        engines.push(Engine::Dlx);
    }
    for engine in engines {
        let limits = Limits { engine, ..Limits::default() };
        let other = count(&f, &g, &SolverSpec::parse(solver), &limits, CountUnit::None, |_| {}).unwrap();
        assert!(other.complete(), "{engine:?}");
        assert_eq!(other.orbits, o, "{engine:?}");
    }
    (o.solutions, o.rotation_orbits, o.orbits)
}

/// Models of the encoding itself, each one solution (no orbit expansion): with lex-leader
/// clauses this is the number of orbits.
fn sat_models(p: &Packing, opts: PackOptions) -> u64 {
    let f = Packings { packing: p.clone(), options: opts, counting: false };
    let g = f.ground().unwrap();
    let c = count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {}).unwrap();
    c.count
}

#[test]
fn packing_counts_match_brute_force_on_random_boxes() {
    let mut rng = SplitMix64(2026);
    let sizes = [[2, 2, 2], [2, 2, 3], [3, 2, 2], [2, 3, 3], [1, 3, 4], [2, 2, 4], [3, 3, 1], [3, 3, 2]];
    let (mut tried, mut several, mut partial) = (0, 0, 0);
    for round in 0..48 {
        let size = sizes[round % sizes.len()];
        let text = random_packing(&mut rng, size, 2 + round % 3);
        let p = read_packing("random.pack", &text).unwrap();
        assert_eq!(read_packing("again.pack", &write_packing(&p)).unwrap(), p);
        let Some(solutions) = brute_force(&p, 3000) else { continue };
        tried += 1;
        several += usize::from(solutions.len() > 1);
        partial += usize::from(!p.fills_exactly());
        let expected =
            (solutions.len() as u64, orbits(&p, &solutions, false) as u64, orbits(&p, &solutions, true) as u64);
        let plain = PackOptions::default();
        assert_eq!(sat_counts(&p, plain, "builtin"), expected, "{text}");
        let seq = PackOptions { amo: AmoEncoding::Sequential, ..plain };
        assert_eq!(sat_counts(&p, seq, "builtin").0, expected.0, "{text}");
        let lex_rot = PackOptions { symmetry: PackSymmetry::Rotations, ..plain };
        let lex_all = PackOptions { symmetry: PackSymmetry::All, ..plain };
        assert_eq!(sat_models(&p, lex_rot), expected.1, "lex-leader, rotations:\n{text}");
        assert_eq!(sat_models(&p, lex_all), expected.2, "lex-leader, all:\n{text}");
        assert_eq!(sat_counts(&p, lex_all, "builtin"), expected, "{text}");
        if round % 8 == 0 {
            assert_eq!(sat_counts(&p, plain, "splr"), expected, "splr:\n{text}");
        }
    }
    assert!(tried >= 25 && several >= 20 && partial >= 5, "tried {tried}, several {several}, partial {partial}");
}

#[test]
fn soma_cube_counts() {
    let p = read_packing("soma.pack", &std::fs::read_to_string(fixture("packing/soma.pack")).unwrap()).unwrap();
    let solutions = brute_force(&p, 20_000).unwrap();
    assert_eq!(solutions.len(), 11_520);
    assert_eq!(orbits(&p, &solutions, true), 240);
    assert_eq!(orbits(&p, &solutions, false), 480);
    let lex_all = PackOptions { symmetry: PackSymmetry::All, ..PackOptions::default() };
    assert_eq!(sat_counts(&p, lex_all, "builtin"), (11_520, 480, 240));
}

#[test]
fn y_pentacube_box_solves_and_checks() {
    let pack = fixture("packing/y-pentacube.pack");
    let dir = tempfile::tempdir().unwrap();
    let sol = dir.path().join("y.txt");
    let o = wgrnd(&["solve", &pack, "--view", "sol", "-o", sol.to_str().unwrap()], None);
    assert_eq!(code(&o), 10, "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&sol).unwrap();
    assert_eq!(text.lines().count(), 25);
    let o = wgrnd(&["check", &pack, sol.to_str().unwrap()], None);
    assert_eq!((code(&o), stdout(&o)), (0, "valid: the 25 placed pieces pack `Y-pentacube box (seed 003)`\n".into()));
    // One piece moved by one cell: the checker names the overlap and the empty cell.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first: Vec<String> = lines[0].split(' ').map(String::from).collect();
    let moved: Vec<String> = first[1..]
        .iter()
        .map(|c| {
            let v: Vec<i32> = c.split(',').map(|x| x.parse().unwrap()).collect();
            format!("{},{},{}", v[0], v[1], if v[2] == 5 { 4 } else { v[2] + 1 })
        })
        .collect();
    lines[0] = format!("Y {}", moved.join(" "));
    std::fs::write(&sol, lines.join("\n")).unwrap();
    let o = wgrnd(&["check", &pack, sol.to_str().unwrap()], None);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("is filled by placed pieces"), "{}", stdout(&o));
}

#[test]
fn packing_cli_round_trip_and_count() {
    let soma = fixture("packing/soma.pack");
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("soma.cnf");
    assert_eq!(code(&wgrnd(&["encode", &soma, "-o", cnf.to_str().unwrap()], None)), 0);
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.starts_with("c wgrnd "), "{}", &text[..80]);
    assert!(text.contains("c var 1 d(V,1,1,1,1) cells 1,1,1 2,1,1 1,2,1\n"));
    // An answer from "another solver": solve's model, decoded back through `decode`.
    let o = wgrnd(&["count", &soma, "--lex-leader", "all", "--symmetry", "all", "--json"], None);
    assert_eq!(code(&o), 12);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["packings"].as_u64(), v["orbits"].as_u64()),
        (Some(240), Some(11_520), Some(240))
    );
    let o = wgrnd(&["count", &fixture("packing/y-pentacube.pack"), "--max", "30"], None);
    assert_eq!(code(&o), 12);
    assert!(stdout(&o).starts_with("at least "), "{}", stdout(&o));
    let o = wgrnd(&["solve", &soma, "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["status"], "solved");
    assert_eq!(v["placements"].as_array().unwrap().len(), 7);
    // Options of the other kind of puzzle are refused, not ignored.
    for args in [
        vec!["encode", soma.as_str(), "--encoding", "four-squares"],
        vec!["encode", "fixtures/witch/witches.lpl", "--lex-leader", "all"],
        vec!["count", "fixtures/witch/witches.lpl", "--symmetry", "all"],
    ] {
        let refused = wgrnd(&args, None);
        assert_eq!(code(&refused), 2, "{args:?}: {}", String::from_utf8_lossy(&refused.stderr));
    }
    // `--encoding auto` (the default) names the right encoding for either kind.
    for puzzle in [soma.as_str(), "fixtures/witch/witches.lpl"] {
        let auto = wgrnd(&["encode", puzzle, "--encoding", "auto"], None);
        assert_eq!(code(&auto), 0, "{puzzle}: {}", String::from_utf8_lossy(&auto.stderr));
        assert_eq!(auto.stdout, wgrnd(&["encode", puzzle], None).stdout, "{puzzle}");
    }
    assert_eq!(
        wgrnd(&["encode", "fixtures/witch/witches.lpl", "--encoding", "diamond"], None).stdout,
        wgrnd(&["encode", "fixtures/witch/witches.lpl"], None).stdout
    );
    let json = dir.path().join("soma.json");
    std::fs::write(&json, stdout(&o)).unwrap();
    assert_eq!(code(&wgrnd(&["check", &soma, json.to_str().unwrap()], None)), 0);
}

#[test]
fn regions_that_are_not_boxes() {
    // A 3x3x2 box without two corner cells, a staircase (not filled: 8 of its 10 cells), and a
    // plate with a bump (no symmetry at all): raw counts against the brute force, with and without
    // lex-leader clauses (which must not change the number of packings).
    let cases = [
        "region 2,1,1 3,1,1 1,2,1 2,2,1 3,2,1 1,3,1 2,3,1 3,3,1\nregion 1,1,2 2,1,2 3,1,2 1,2,2 2,2,2 3,2,2 1,3,2 2,3,2\npiece I 8 0,0,0 1,0,0\n",
        "region 1,1,1 2,1,1 3,1,1 1,2,1 2,2,1 1,3,1 1,1,2 2,1,2 1,2,2 1,1,3\npiece V 2 0,0,0 1,0,0 0,1,0\npiece I 1 0,0,0 1,0,0\n",
        "region 1,1,1 2,1,1 3,1,1 1,2,1 2,2,1 3,2,1 1,1,2\nmirror yes\npiece L 1 0,0,0 1,0,0 2,0,0 0,1,0\npiece I 1 0,0,0 0,0,1\npiece O 1 0,0,0\n",
    ];
    for text in cases {
        let p = read_packing("region.pack", text).unwrap();
        assert!(!p.is_box());
        let expected = brute_force(&p, 10_000).unwrap().len() as u64;
        assert!(expected > 0, "{text}");
        for symmetry in [PackSymmetry::None, PackSymmetry::All] {
            let opts = PackOptions { symmetry, ..PackOptions::default() };
            assert_eq!(sat_counts(&p, opts, "builtin").0, expected, "{symmetry:?}\n{text}");
        }
    }
}

/// Two piece kinds of one shape: a symmetry maps kinds one to one (it once sent both onto the
/// first kind, and the lex-leader clauses then excluded every packing).
#[test]
fn kinds_of_one_shape_are_permuted_not_merged() {
    let text = "packing\nbox 2 1 1\npiece A 1 0,0,0\npiece B 1 0,0,0\n";
    let p = read_packing("two.pack", text).unwrap();
    let lex_all = PackOptions { symmetry: PackSymmetry::All, ..PackOptions::default() };
    assert_eq!(sat_counts(&p, lex_all, "builtin"), (2, 1, 1));
    assert_eq!(sat_counts(&p, PackOptions::default(), "builtin"), (2, 1, 1));
}
