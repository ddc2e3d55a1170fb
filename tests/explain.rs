//! Explanations (docs/explain.md): every step of `explain` checked on a fresh solver (its set
//! with the negated fact has no solution, and dropping any member gives one), `why` on
//! unsatisfiable variants of bundled puzzles (a clue changed: the set is minimal and holds the
//! changed clue), and the grounding with groups against a brute force: with any subset of a
//! board's clue facts switched on, its solutions are the mine layouts that a plain loop finds
//! for exactly those clues.

use wgrnd_engine::explain::{explain, is_minimal_unsat, member_lit, why, ExplainOptions};
use wgrnd_families::registry::{load, Loaded};
use wgrnd_families::{Family, GroupKind, Pose, QpropModel, RawOptions};
use wgrnd_lang::IntEncoding;
use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::{Lit, SolverAnswer};
use wgrnd_seam::Explain;

use crate::fixture;

fn model_at(path: &str, raw: &RawOptions) -> QpropModel {
    match load(path, None, raw).unwrap_or_else(|e| panic!("{path}: {e}")) {
        Loaded::Model(m) => m,
        _ => panic!("{path}: not a model"),
    }
}

fn model(rel: &str) -> QpropModel {
    model_at(&fixture(rel), &RawOptions::default())
}

/// Explains `f` and checks every step and its consequences on a fresh solver; returns the steps.
fn check_steps<F: Family + Explain>(f: &F, what: &str) -> usize
where
    F::Encoding: wgrnd_families::AtomNames,
{
    let g = f.ground_groups().unwrap();
    let e = explain(f, &g, &SolverSpec::Builtin, &ExplainOptions::default()).unwrap().expect("a solution");
    let constraints: Vec<Lit> =
        g.groups.iter().filter(|x| x.kind == GroupKind::Constraint).map(|x| x.selector.pos()).collect();
    let mut known = 0;
    for (k, st) in e.steps.iter().enumerate() {
        let members: Vec<Lit> = st.because.iter().map(|&m| member_lit(&g, m)).collect();
        assert!(
            is_minimal_unsat(&g, &[!st.fact], &members).unwrap(),
            "{what}: step {} ({}) does not follow minimally from its set",
            k + 1,
            f.fact_words(&g, st.fact)
        );
        for &c in &st.consequences {
            let mut s = wgrnd_sat::solver::session(&SolverSpec::Builtin, &g.cnf, &Default::default());
            let mut a = constraints.clone();
            a.extend([st.fact, !c]);
            assert!(matches!(s.solve_assuming(&a, None).unwrap(), SolverAnswer::Unsat), "{what}: consequence");
        }
        known += 1 + st.consequences.len();
    }
    assert_eq!(known, e.deducible, "{what}: every deducible fact is explained once");
    e.steps.len()
}

#[test]
fn every_step_follows_minimally_from_its_set_on_every_bundled_family() {
    for rel in [
        "seed002/xkcd-2496.mines",
        "nonogram/webpbn-1.non",
        "seed002/two.submarines",
        "seed002/all-on.lights",
        "seed002/signed-3x3.ashes",
        "qprop/explain/posed-5x5.ships",
        "zebra/einstein.zebra",
    ] {
        let f = model(rel);
        let steps = check_steps(&f, rel);
        assert!(steps > 0, "{rel}: no step");
        if rel.ends_with(".non") {
            // The runs of a shown line are clauses under its clue (not fixed by the line solver
            // beyond every selector): one step per cell or so, not one step from the rules.
            assert!(steps > 10, "{rel}: {steps} steps");
        }
    }
    // A 4 x 4 sudoku with clue facts.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("s4.qpd");
    std::fs::write(
        &data,
        "param k = 2\ngiven(1,1,1). given(1,4,4). given(2,2,4). given(3,4,2). given(4,1,4). given(4,4,1).\n",
    )
    .unwrap();
    let raw = RawOptions { data: Some(data.to_string_lossy().into_owned()), ..RawOptions::default() };
    let f = model_at(&fixture("qprop/explain/sudoku.qp"), &raw);
    assert!(check_steps(&f, "sudoku 4 x 4") > 0);
    // Connectivity decided natively, switched by its statement's selector: the pzprjs nurikabe,
    // and a heyawake whose numbers are clue facts.
    let raw = RawOptions { data: Some(fixture("qprop/nurikabe-pzprjs.qpd")), ..RawOptions::default() };
    assert!(check_steps(&model_at(&fixture("qprop/nurikabe.qp"), &raw), "nurikabe") > 0);
    let heyawake = dir.path().join("heyawake.qp");
    let text = std::fs::read_to_string(fixture("qprop/heyawake.qp")).unwrap();
    assert!(text.contains("input pred shaded"));
    std::fs::write(&heyawake, text.replace("input pred shaded", "clue pred shaded")).unwrap();
    let raw = RawOptions { data: Some(fixture("qprop/heyawake-7x7.qpd")), ..RawOptions::default() };
    assert!(check_steps(&model_at(&heyawake.to_string_lossy(), &raw), "heyawake 7 x 7") > 0);
    // Built-in families ground without groups: their steps follow from the rules.
    let tiny = load(&fixture("packing/tiny.pack"), None, &RawOptions { fixed: true, ..RawOptions::default() }).unwrap();
    let Loaded::Packings(p) = tiny else { panic!("tiny.pack") };
    check_steps(&p, "tiny.pack");
}

/// Each clue fact of `f` of a predicate in `preds` (all: empty) changed in its last argument (to
/// the next value in its domain) while the others stay, as long as the variant has no
/// solution: the set `why` reports holds the changed clue and is minimal. Returns how many
/// variants had no solution.
fn unsat_variants(f: &QpropModel, what: &str, want: usize, preds: &[&str]) -> usize {
    unsat_clue_variants(f, what, want, |clue| {
        let pred = &f.program.preds[clue.0];
        if !preds.is_empty() && !preds.contains(&pred.name.as_str()) {
            return None;
        }
        let dom = *pred.args.last().unwrap();
        let values = &f.program.domains[dom].values;
        let at = values.iter().position(|v| *v == *clue.1.last().unwrap()).unwrap();
        let mut changed = clue.clone();
        *changed.1.last_mut().unwrap() = values[(at + 1) % values.len()];
        Some(changed)
    })
}

/// A nonogram's line clue changed: the text of `webpbn-1.non` with the runs of row `row` (1-based)
/// replaced by `runs`. `why` on it has no solution when the changed line cannot be; the set is
/// minimal and holds the changed line's clue. Returns whether it had no solution.
fn unsat_line_variant(dir: &std::path::Path, row: usize, runs: &str) -> bool {
    let text = std::fs::read_to_string(fixture("nonogram/webpbn-1.non")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let at = lines.iter().position(|l| l == "rows").unwrap() + row;
    lines[at] = runs.to_string();
    lines.retain(|l| !l.starts_with("goal"));
    let path = dir.join(format!("line-{row}.non"));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let f = model_at(&path.to_string_lossy(), &RawOptions::default());
    let g = f.ground_groups().unwrap();
    let Some(w) = why(&g, &SolverSpec::Builtin, None, &Default::default()).unwrap() else { return false };
    let names: Vec<&str> = w.groups.iter().map(|&k| g.groups[k].name.as_str()).collect();
    let name = format!("clue rowclue({row})");
    assert!(names.contains(&name.as_str()), "line {row} = {runs}: {name} not in {names:?}");
    let lits: Vec<Lit> = w.groups.iter().map(|&k| g.groups[k].selector.pos()).collect();
    assert!(is_minimal_unsat(&g, &[], &lits).unwrap(), "line {row}: {names:?} is not minimal");
    true
}

#[test]
fn why_names_a_minimal_set_with_the_changed_clue_on_20_unsatisfiable_variants() {
    // Battleships counts, nonogram line clues, edge-matching hints and minesweeper numbers
    // changed once; sudoku givens make up the 20.
    let ships = unsat_variants(&model("qprop/explain/posed-5x5.ships"), "posed 5 x 5", 4, &["rowcount", "colcount"]);
    assert!(ships >= 1, "no battleships count changed without a solution");
    let mut n = ships;
    let dir = tempfile::tempdir().unwrap();
    let mut lines = 0;
    for (row, runs) in [(1, "3"), (2, "1,1"), (4, "4"), (7, "1"), (10, "1")] {
        lines += usize::from(unsat_line_variant(dir.path(), row, runs));
    }
    assert!(lines >= 4, "{lines} nonogram line clues changed without a solution");
    n += lines;
    let Loaded::EdgeMatching(e) = loaded(&dir, "posed.wgrnd", POSED_2X3) else { panic!("an edge-matching board") };
    let turned = unsat_clue_variants(&e, "posed 2 x 3", 3, |c| {
        Some(wgrnd_families::edge::model::Clue { rotation: (c.rotation + 1) % 4, ..*c })
    });
    assert_eq!(turned, 3, "edge-matching hints turned without a solution");
    n += turned;
    n += unsat_variants(&model("seed002/xkcd-2496.mines"), "xkcd-2496", 4, &[]);
    let raw = RawOptions { data: Some(fixture("qprop/explain/sudoku-25.qpd")), ..RawOptions::default() };
    n += unsat_variants(&model_at(&fixture("qprop/explain/sudoku.qp"), &raw), "sudoku-25", 20 - n, &[]);
    assert_eq!(n, 20, "20 variants without a solution");
}

/// Mine layouts of a rows x cols board that agree with `clues` (open(r, c, n) only), by a plain
/// loop over every layout.
fn layouts(rows: i64, cols: i64, clues: &[(i64, i64, i64)]) -> u64 {
    let cells = (rows * cols) as u32;
    let mut n = 0;
    for bits in 0u32..1 << cells {
        let mine = |r: i64, c: i64| bits >> ((r - 1) * cols + (c - 1)) & 1 == 1;
        let ok = clues.iter().all(|&(r, c, k)| {
            let around = (r - 1..=r + 1)
                .flat_map(|r2| (c - 1..=c + 1).map(move |c2| (r2, c2)))
                .filter(|&(r2, c2)| (r2, c2) != (r, c) && r2 >= 1 && r2 <= rows && c2 >= 1 && c2 <= cols)
                .filter(|&(r2, c2)| mine(r2, c2))
                .count() as i64;
            !mine(r, c) && around == k
        });
        n += u64::from(ok);
    }
    n
}

#[test]
fn groups_switch_exactly_their_clues_on_against_a_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = wgrnd_seam::SplitMix64(27);
    for round in 0..12 {
        let (rows, cols) = (2 + rng.below(2) as i64, 2 + rng.below(2) as i64);
        let mut clues = Vec::new();
        for r in 1..=rows {
            for c in 1..=cols {
                if rng.below(100) < 45 {
                    clues.push((r, c, rng.below(4) as i64));
                }
            }
        }
        let mut text = format!("param rows = {rows}\nparam cols = {cols}\n");
        for (r, c, k) in &clues {
            text += &format!("open({r},{c},{k}).\n");
        }
        let data = dir.path().join(format!("b{round}.qpd"));
        std::fs::write(&data, text).unwrap();
        let raw = RawOptions { data: Some(data.to_string_lossy().into_owned()), ..RawOptions::default() };
        let f = model_at(&crate::root().join("models/minesweeper.qp").to_string_lossy(), &raw);
        let g = f.ground_groups().unwrap();
        // Every subset of the clue facts (the statements always on).
        let clue_groups: Vec<usize> = (0..g.groups.len()).filter(|&i| g.groups[i].kind == GroupKind::Clue).collect();
        let stmts: Vec<Lit> =
            g.groups.iter().filter(|x| x.kind == GroupKind::Constraint).map(|x| x.selector.pos()).collect();
        for mask in 0u32..1 << clue_groups.len() {
            let mut assume = stmts.clone();
            let mut on = Vec::new();
            for (j, &i) in clue_groups.iter().enumerate() {
                if mask >> j & 1 == 1 {
                    assume.push(g.groups[i].selector.pos());
                    on.push(g.groups[i].name.clone());
                }
            }
            let chosen: Vec<(i64, i64, i64)> =
                clues.iter().copied().filter(|(r, c, k)| on.contains(&format!("clue open({r},{c},{k})"))).collect();
            // Projected count: blocking clauses over the mine atoms.
            let mut s = wgrnd_sat::solver::session(&SolverSpec::Builtin, &g.cnf, &Default::default());
            let mut count = 0u64;
            while let SolverAnswer::Sat(m) = s.solve_assuming(&assume, None).unwrap() {
                count += 1;
                let block: Vec<Lit> = g.projection.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
                s.add_clause(&block);
            }
            assert_eq!(count, layouts(rows, cols, &chosen), "round {round}, clues {chosen:?}");
        }
        // The clue facts a statement reads are its groups: one per fact of the data.
        assert_eq!(clue_groups.len(), clues.len(), "round {round}");
    }
}

#[test]
fn explain_and_why_on_the_command_line() {
    let o = crate::wgrnd(&["explain", &fixture("seed002/xkcd-2496.mines"), "--json"], None);
    assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&o)).unwrap();
    assert_eq!(doc["unique"], true);
    assert_eq!(doc["difficulty"]["steps"].as_u64().unwrap() as usize, doc["steps"].as_array().unwrap().len());
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.mines");
    std::fs::write(&bad, "2 . 1 .\n. . 3 .\n3 . . .\n. 1 . 0\n").unwrap();
    let o = crate::wgrnd(&["why", &bad.to_string_lossy()], None);
    assert_eq!(o.status.code(), Some(20), "{}", crate::stderr(&o));
    let out = crate::stdout(&o);
    assert!(out.contains("the 0 at row 4, column 4"), "{out}");
    assert!(out.contains("minesweeper.qp:"), "a caret diagnostic at a statement: {out}");
}

#[test]
fn generate_max_step_poses_a_unique_puzzle_without_larger_steps() {
    let dir = tempfile::tempdir().unwrap();
    for k in [6usize, 8] {
        let out = dir.path().join(format!("posed-{k}.non"));
        let out = out.to_string_lossy();
        let o = crate::wgrnd(
            &["generate", "--unique", &fixture("nonogram/webpbn-1.non"), "--max-step", &k.to_string(), "-o", &out],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
        let o = crate::wgrnd(&["count", "--max", "2", &out], None);
        assert_eq!(o.status.code(), Some(10), "unique: {}", crate::stdout(&o));
        let o = crate::wgrnd(&["explain", "--json", &out], None);
        let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&o)).unwrap();
        assert!(doc["difficulty"]["largest_step"].as_u64().unwrap() as usize <= k, "K = {k}: {}", doc["difficulty"]);
        assert_eq!(doc["unique"], true);
    }
}

/// A 2 x 3 edge-matching board posed with four hints (made by `generate --rows 2 --cols 3
/// --seed 1 --colors 3` and `generate --unique`).
const POSED_2X3: &str = "wgrnd-puzzle 1\nname gen-2x3-c3-s1\nsize 2 3\nmatch equal\nframe none\nstyle grid\n\
piece 3 2 1 3\npiece 1 3 2 3\npiece 3 3 1 1\npiece 2 3 3 1\npiece 2 3 3 1\npiece 2 3 1 3\n\
clue 1 1 5 0\nclue 1 2 1 1\nclue 1 3 6 3\nclue 2 1 3 0\n";

/// The tiny packing with an I-domino and one L-tricube given in place.
const PLACED_TINY: &str = "packing\nname two L-tricubes and a domino, two placed\nbox 2 2 2\nmirror no\n\
piece L 2 0,0,0 1,0,0 0,1,0\npiece I 1 0,0,0 1,0,0\nplace I 1,1,1 2,1,1\nplace L 1,2,1 2,2,1 2,2,2\n";

fn loaded(dir: &tempfile::TempDir, name: &str, text: &str) -> Loaded {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    load(&path.to_string_lossy(), None, &RawOptions::default()).unwrap()
}

/// Each clue of `f` changed by `change` (the others kept) until `want` variants had no
/// solution: each such variant has a minimal `why` set that holds the changed clue. Returns how
/// many had none.
fn unsat_clue_variants<F: Pose + Explain>(
    f: &F,
    what: &str,
    want: usize,
    change: impl Fn(&F::Clue) -> Option<F::Clue>,
) -> usize
where
    F::Encoding: wgrnd_families::AtomNames,
{
    let clues = f.clues();
    let mut found = 0;
    for i in 0..clues.len() {
        if found == want {
            break;
        }
        let Some(changed) = change(&clues[i]) else { continue };
        let mut posed = clues.clone();
        posed[i] = changed;
        let v = f.with_clues(&posed).unwrap();
        let g = v.ground_groups().unwrap();
        let Some(w) = why(&g, &SolverSpec::Builtin, None, &Default::default()).unwrap() else { continue };
        found += 1;
        let names: Vec<&str> = w.groups.iter().map(|&k| g.groups[k].name.as_str()).collect();
        let name = format!("clue {}", f.clue_name(&posed[i]));
        assert!(names.contains(&name.as_str()), "{what}: {name} not in {names:?}");
        let lits: Vec<Lit> = w.groups.iter().map(|&k| g.groups[k].selector.pos()).collect();
        assert!(is_minimal_unsat(&g, &[], &lits).unwrap(), "{what}: {names:?} is not minimal");
    }
    found
}

#[test]
fn edge_matching_and_packings_explain_from_their_clues() {
    let dir = tempfile::tempdir().unwrap();
    let Loaded::EdgeMatching(e) = loaded(&dir, "posed.wgrnd", POSED_2X3) else { panic!("an edge-matching board") };
    let g = e.ground_groups().unwrap();
    assert_eq!(g.groups.iter().filter(|x| x.kind == GroupKind::Clue).count(), 4, "one group per hint");
    assert!(g.groups.iter().any(|x| x.kind == GroupKind::Constraint), "the rules as groups");
    assert!(check_steps(&e, "posed 2 x 3") > 0);
    // A hint turned once more: no solution, and the hint is in the set.
    let turned = unsat_clue_variants(&e, "posed 2 x 3", usize::MAX, |c| {
        Some(wgrnd_families::edge::model::Clue { rotation: (c.rotation + 1) % 4, ..*c })
    });
    assert!(turned >= 3, "{turned} turned hints without a solution");

    let Loaded::Packings(p) = loaded(&dir, "placed.pack", PLACED_TINY) else { panic!("a packing") };
    assert_eq!(p.ground_groups().unwrap().groups.iter().filter(|x| x.kind == GroupKind::Clue).count(), 2);
    assert!(check_steps(&p, "placed tiny") > 0);
    // The domino moved onto the placed L's cells: no packing, and the moved domino is in the set.
    let moved = unsat_clue_variants(&p, "placed tiny", usize::MAX, |c| {
        Some(if c.cells.len() == 2 {
            wgrnd_families::packing::model::PiecePlacement { kind: c.kind, cells: vec![[0, 1, 0], [1, 1, 0]] }
        } else {
            c.clone()
        })
    });
    assert_eq!(moved, 1);
}

/// Explains with `--max-step k` and checks every case split carried out on a fresh solver: each
/// step of a case follows minimally from its set, a contradiction is a minimal set without a
/// solution that holds the assumption. Returns (largest step, splits, refuted splits).
fn check_splits<F: Family + Explain>(f: &F, k: usize, what: &str) -> (usize, usize, usize)
where
    F::Encoding: wgrnd_families::AtomNames,
{
    let g = f.ground_groups().unwrap();
    let opts = ExplainOptions { max_step: Some(k), ..ExplainOptions::default() };
    let e = explain(f, &g, &SolverSpec::Builtin, &opts).unwrap().expect("a solution");
    let (mut splits, mut refuted) = (0, 0);
    for st in &e.steps {
        let members: Vec<Lit> = st.because.iter().map(|&m| member_lit(&g, m)).collect();
        assert!(is_minimal_unsat(&g, &[!st.fact], &members).unwrap(), "{what}: a step");
        assert_eq!(st.case_split, st.size > k, "{what}: case split iff the step is larger than {k}");
        let Some(sp) = &st.split else { continue };
        splits += 1;
        assert_eq!(sp.assumed, !st.fact);
        for (l, set) in &sp.steps {
            let lits: Vec<Lit> = set.iter().map(|&m| member_lit(&g, m)).collect();
            assert!(is_minimal_unsat(&g, &[!*l], &lits).unwrap(), "{what}: a step of the case");
        }
        if let Some(set) = &sp.contradiction {
            refuted += 1;
            let lits: Vec<Lit> = set.iter().map(|&m| member_lit(&g, m)).collect();
            assert!(lits.contains(&sp.assumed), "{what}: the contradiction uses the assumption");
            assert!(is_minimal_unsat(&g, &[], &lits).unwrap(), "{what}: the contradiction is minimal");
        }
    }
    (e.largest(), splits, refuted)
}

#[test]
fn max_step_finds_bounded_steps_and_carries_case_splits_out() {
    // The known bug: with --max-step 3 the approximate cheapest step used 4 facts and called it
    // a case split, while steps of 3 exist; the bounded search finds them.
    let xkcd = model("seed002/xkcd-2496.mines");
    assert_eq!(check_splits(&xkcd, 3, "xkcd K = 3"), (3, 0, 0));
    // With 2 the two last mines need splits; no contradiction within 2: guesses.
    let (largest, splits, _) = check_splits(&xkcd, 2, "xkcd K = 2");
    assert!(largest > 2 && splits >= 1, "{largest} {splits}");
    // A chain that a case split refutes with steps of 2: p(1) from all three clues at once.
    let (largest, splits, refuted) = check_splits(&model("qprop/explain/chain.qp"), 2, "chain");
    assert_eq!((largest, splits, refuted), (3, 1, 1));
    // A mine given as a flag is a step of one clue (the ranking's cores missed it).
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("full.qpd");
    let mut text = "param rows = 4\nparam cols = 4\n".to_string();
    let mines = [(2, 1), (2, 2), (3, 2), (3, 4)];
    for r in 1..=4i64 {
        for c in 1..=4i64 {
            if mines.contains(&(r, c)) {
                text += &format!("flag({r},{c}).\n");
            } else {
                let n = mines.iter().filter(|&&(r2, c2)| (r2 - r).abs() <= 1 && (c2 - c).abs() <= 1).count();
                text += &format!("open({r},{c},{n}).\n");
            }
        }
    }
    std::fs::write(&data, text).unwrap();
    let raw = RawOptions { data: Some(data.to_string_lossy().into_owned()), ..RawOptions::default() };
    let full = model_at(&crate::root().join("models/minesweeper.qp").to_string_lossy(), &raw);
    let g = full.ground_groups().unwrap();
    let e = explain(&full, &g, &SolverSpec::Builtin, &ExplainOptions::default()).unwrap().unwrap();
    assert_eq!(e.largest(), 1, "every cell from its own clue");
    // And generate --unique --max-step 3 poses xkcd 2496 (it refused before).
    let out = dir.path().join("posed.mines");
    let o = crate::wgrnd(
        &["generate", "--unique", &fixture("seed002/xkcd-2496.mines"), "--max-step", "3", "-o", &out.to_string_lossy()],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
    let o = crate::wgrnd(&["explain", "--json", "--max-step", "3", &out.to_string_lossy()], None);
    let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&o)).unwrap();
    assert!(doc["difficulty"]["largest_step"].as_u64().unwrap() <= 3);
    assert_eq!(doc["unique"], true);
}

/// The first steps of `wgrnd explain` (the lines that name facts), for the words' snapshot.
fn first_steps(path: &str, n: usize) -> String {
    let o = crate::wgrnd(&["explain", path], None);
    assert_eq!(o.status.code(), Some(0), "{path}: {}", crate::stderr(&o));
    let out = crate::stdout(&o);
    let name = std::path::Path::new(path).file_name().unwrap().to_string_lossy().into_owned();
    let steps: Vec<&str> = out.lines().filter(|l| l.starts_with("step ")).take(n).collect();
    format!("== {name}\n{}\n", steps.join("\n"))
}

#[test]
fn explanations_speak_each_familys_words() {
    let dir = tempfile::tempdir().unwrap();
    let edge = dir.path().join("posed.wgrnd");
    std::fs::write(&edge, POSED_2X3).unwrap();
    let pack = dir.path().join("placed.pack");
    std::fs::write(&pack, PLACED_TINY).unwrap();
    let mut text = String::new();
    for rel in [
        "seed002/xkcd-2496.mines",
        "nonogram/webpbn-1.non",
        "zebra/einstein.zebra",
        "seed002/two.submarines",
        "seed002/signed-3x3.ashes",
        "seed002/all-on.lights",
        "qprop/explain/posed-5x5.ships",
    ] {
        text += &first_steps(&fixture(rel), 4);
    }
    text += &first_steps(&edge.to_string_lossy(), 4);
    text += &first_steps(&pack.to_string_lossy(), 4);
    insta::assert_snapshot!("explain_words", text);
}

/// `explain --svg-steps DIR` on `path`: the pictures written, and the number of steps the JSON
/// reports.
fn svg_steps(path: &str, dir: &std::path::Path) -> (Vec<String>, usize) {
    let o = crate::wgrnd(&["explain", "--json", path, "--svg-steps", &dir.to_string_lossy()], None);
    assert_eq!(o.status.code(), Some(0), "{path}: {}", crate::stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&o)).unwrap();
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    (names, doc["difficulty"]["steps"].as_u64().unwrap() as usize)
}

#[test]
fn svg_steps_draw_one_picture_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let edge = dir.path().join("posed.wgrnd");
    std::fs::write(&edge, POSED_2X3).unwrap();
    for (i, path) in [
        fixture("seed002/xkcd-2496.mines"),
        fixture("nonogram/webpbn-1.non"),
        fixture("qprop/explain/posed-5x5.ships"),
        fixture("seed002/all-on.lights"),
        fixture("seed002/two.submarines"),
        fixture("seed002/signed-3x3.ashes"),
        edge.to_string_lossy().into_owned(),
    ]
    .iter()
    .enumerate()
    {
        let out = dir.path().join(format!("steps-{i}"));
        let (names, steps) = svg_steps(path, &out);
        assert!(steps > 0, "{path}");
        let want: Vec<String> = (1..=steps).map(|k| format!("step-{k:03}.svg")).collect();
        assert_eq!(names, want, "{path}: one picture per step, nothing else");
        for name in &names {
            let svg = std::fs::read_to_string(out.join(name)).unwrap();
            assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{path} {name}");
            assert!(svg.contains(r##"stroke="#be0032""##), "{path} {name}: the new fact marked");
            // Well-formed: resvg draws it.
            let png = crate::pictures::png(&svg);
            assert!(png.starts_with(b"\x89PNG"), "{path} {name}");
        }
        // Each step's picture marks at least one clue or earlier fact (every step bundled here
        // follows from some), except a step from the rules alone.
        let marked = names
            .iter()
            .filter(|n| {
                let svg = std::fs::read_to_string(out.join(n)).unwrap();
                svg.contains(r##"stroke="#0067a5""##) || svg.contains(r##"stroke="#008856""##)
            })
            .count();
        assert!(marked > 0, "{path}: no clue highlighted on any step");
    }
    // One step of a minesweeper board and of a nonogram, pinned.
    let mines = std::fs::read_to_string(dir.path().join("steps-0/step-010.svg")).unwrap();
    insta::assert_snapshot!("explain_svg_step_mines", mines);
    let non = std::fs::read_to_string(dir.path().join("steps-1/step-001.svg")).unwrap();
    insta::assert_snapshot!("explain_svg_step_nonogram", non);
}

#[test]
fn svg_steps_refuse_a_model_without_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("steps");
    let o = crate::wgrnd(&["explain", &fixture("qprop/explain/chain.qp"), "--svg-steps", &out.to_string_lossy()], None);
    assert_eq!(o.status.code(), Some(2), "{}", crate::stdout(&o));
    let err = crate::stderr(&o);
    assert!(err.contains("--svg-steps") && err.contains("has no picture"), "{err}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn max_step_posing_gives_unique_puzzles_without_larger_steps_in_several_families() {
    // Minesweeper, lights out, battleships and the four squares (edge matching), each posed
    // from a solution drawn at random (two seeds).
    let dir = tempfile::tempdir().unwrap();
    for (rel, k) in [
        ("seed002/xkcd-2496.mines", 2usize),
        ("seed002/all-on.lights", 3),
        ("seed002/open-5x5.ships", 3),
        ("foursquares/seed004.txt", 2),
    ] {
        for seed in ["1", "2"] {
            let ext = if rel.ends_with(".txt") { "wgrnd" } else { rel.rsplit('.').next().unwrap() };
            let out = dir.path().join(format!("posed-{seed}.{ext}"));
            let out = out.to_string_lossy();
            let o = crate::wgrnd(
                &["generate", "--unique", &fixture(rel), "--seed", seed, "--max-step", &k.to_string(), "-o", &out],
                None,
            );
            assert_eq!(o.status.code(), Some(0), "{rel}: {}", crate::stderr(&o));
            let o = crate::wgrnd(&["count", "--max", "2", &out], None);
            assert_eq!(o.status.code(), Some(10), "{rel} seed {seed} unique: {}", crate::stdout(&o));
            let o = crate::wgrnd(&["explain", "--json", "--max-step", &k.to_string(), &out], None);
            assert_eq!(o.status.code(), Some(0), "{rel}: {}", crate::stderr(&o));
            let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&o)).unwrap();
            assert_eq!(doc["unique"], true, "{rel} seed {seed}");
            let largest = doc["difficulty"]["largest_step"].as_u64().unwrap() as usize;
            assert!(largest <= k, "{rel} seed {seed}, K = {k}: a step of {largest}");
            assert!(doc["steps"].as_array().unwrap().iter().all(|s| s["case_split"] == false), "{rel}: no split");
        }
    }
}

/// A time limit ends an explanation with the steps found by then, each whole, and exit 30: the
/// steps kept under one second are the first of those kept under two (the masyu's whole
/// explanation takes about 5 s on this machine's release build), and the last line says that
/// the time stopped it. (The last step kept may lack the consequences listed with it under a
/// longer limit: the time ran out while they were found.)
#[test]
fn a_time_limit_keeps_the_steps_found_so_far() {
    let puzzle = "fixtures/pencil/mashu/cspuz1.url";
    let run = |secs: &str| {
        let out = crate::wgrnd(&["explain", "--timeout", secs, puzzle], None);
        assert_eq!(crate::code(&out), 30, "{secs} s: {}", crate::stderr(&out));
        let text = crate::stdout(&out);
        let last = text.lines().last().unwrap_or_default().to_string();
        assert!(last.contains(" step(s) before the time limit"), "{last}");
        text.lines().filter(|l| l.starts_with("step ")).map(String::from).collect::<Vec<_>>()
    };
    let (short, long) = (run("1"), run("2"));
    assert!(short.iter().any(|l| l.starts_with("step 1: ")), "{short:?}");
    assert!(short.len() <= long.len());
    assert_eq!(short, long[..short.len()]);
}

/// An integer's domain holds whatever groups are switched on: its views are made where it is
/// first used, here under the clue `given(1, 2)`, yet withholding that clue must leave `x(1)`
/// one value (it once left it none or several: a pigeonhole that took a 9 x 9 sudoku's
/// explanation minutes per step). Counted against the permutations a brute force lists.
#[test]
fn an_integer_keeps_its_domain_when_the_clue_where_it_was_first_used_is_withheld() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("perm.qp");
    std::fs::write(
        &model,
        "param n = 3\ndomain I = 1..n\nclue pred given(I, I)\nvar x(I) in I\nshow x\n\
         forall i, v in I | given(i, v) . x(i) = v\nalldifferent { x(i) : i in I }\n",
    )
    .unwrap();
    let data = dir.path().join("perm.qpd");
    std::fs::write(&data, "given(1, 2).\n").unwrap();
    for ints in [IntEncoding::Order, IntEncoding::Direct, IntEncoding::Log] {
        let raw =
            RawOptions { data: Some(data.to_string_lossy().into_owned()), ints: Some(ints), ..RawOptions::default() };
        let f = model_at(&model.to_string_lossy(), &raw);
        let g = f.ground_groups().unwrap();
        let constraints: Vec<Lit> =
            g.groups.iter().filter(|x| x.kind == GroupKind::Constraint).map(|x| x.selector.pos()).collect();
        let clue: Vec<Lit> = g.groups.iter().filter(|x| x.kind == GroupKind::Clue).map(|x| x.selector.pos()).collect();
        assert_eq!(clue.len(), 1, "{ints:?}");
        let count = |assume: &[Lit]| {
            let mut s = wgrnd_sat::solver::session(&SolverSpec::Builtin, &g.cnf, &Default::default());
            let mut n = 0;
            while let SolverAnswer::Sat(m) = s.solve_assuming(assume, None).unwrap() {
                n += 1;
                let block: Vec<Lit> = g.projection.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
                s.add_clause(&block);
            }
            n
        };
        // Permutations of 1..3: 6; with x(1) = 2: 2.
        assert_eq!(count(&constraints), 6, "{ints:?}: the clue withheld");
        assert_eq!(count(&[constraints.clone(), clue].concat()), 2, "{ints:?}: the clue given");
    }
}

/// A statement that only says which atoms of a predicate not shown do not exist (masyu's and
/// country road's `not link` between cells not side by side: every atom negated, no facts read,
/// directly or through a definition) is part of an explanation's grounding, not a group: no step
/// cites it, and the loop's graph keeps only the links that can exist, as without groups (as a
/// group, every pair of cells would be a possible edge: 31 M distance labels on the 21 x 15
/// masyu, over the limit). With every group on, the puzzle's one solution. A statement that
/// reads facts (light up's walls) stays a group.
#[test]
fn a_statement_saying_which_atoms_do_not_exist_is_part_of_the_grounding() {
    for (rel, fixed, group) in [
        ("pencil/mashu/pzprjs.url", "mashu.qp:36:1", "mashu.qp:41:1"),
        ("pencil/country/cspuz.url", "country.qp:31:1", "country.qp:29:1"),
        ("pencil/lightup/pzprjs.url", "", "lightup.qp:24:1"),
    ] {
        let f = model(rel);
        let plain = f.ground().unwrap();
        let g = f.ground_groups().unwrap();
        let names: Vec<&str> = g.groups.iter().map(|x| x.name.as_str()).collect();
        assert!(names.iter().any(|n| n.ends_with(group)), "{rel}: {group} is a group: {names:?}");
        assert!(fixed.is_empty() || !names.iter().any(|n| n.ends_with(fixed)), "{rel}: {fixed} is not: {names:?}");
        let labels = |cnf: &wgrnd_sat::Cnf| cnf.theories().iter().map(|t| t.aux_count()).sum::<u32>();
        assert_eq!(labels(&g.cnf), labels(&plain.cnf), "{rel}: the loop's graph is the same");
        let all: Vec<Lit> = g.groups.iter().map(|x| x.selector.pos()).collect();
        let mut s = wgrnd_sat::solver::session(&SolverSpec::Builtin, &g.cnf, &Default::default());
        let Ok(SolverAnswer::Sat(m)) = s.solve_assuming(&all, None) else { panic!("{rel}: no solution") };
        let block: Vec<Lit> = g.projection.iter().map(|&v| v.lit(!m.value(v).unwrap_or(false))).collect();
        s.add_clause(&block);
        assert!(matches!(s.solve_assuming(&all, None), Ok(SolverAnswer::Unsat)), "{rel}: a second solution");
    }
}

/// The same on a model of its own: of two statements that fix atoms false over comparisons
/// alone, the one on a shown predicate is a rule a step may cite (a group), the other not.
#[test]
fn a_statement_on_a_shown_predicate_stays_a_group() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.qp");
    std::fs::write(
        &path,
        "domain I = 1..3\npred x(I)\npred y(I)\nshow x\n\
         forall i in I | i = 1 . not x(i)\nforall i in I | i = 2 . not y(i)\nforall i in I . x(i) or y(i)\n",
    )
    .unwrap();
    let f = model_at(path.to_str().unwrap(), &RawOptions::default());
    let g = f.ground_groups().unwrap();
    let names: Vec<&str> = g.groups.iter().map(|x| x.name.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with("row.qp:5:1")), "`not x` is a group: {names:?}");
    assert!(!names.iter().any(|n| n.ends_with("row.qp:6:1")), "`not y` is not: {names:?}");
    assert!(names.iter().any(|n| n.ends_with("row.qp:7:1")), "{names:?}");
}

/// A step is kept when the time limit ends the search for its consequences: the 15 x 15
/// fillomino's hint is found in about 5 s on this machine's release build (over 20 s when other
/// work shares the two cores: the limit leaves room for that), while what follows from it and the
/// rules alone takes minutes (every clue off, each solution of the rules costs the solver about
/// half a second, and each drops one value of each cell). So the step comes out whole, without
/// its "so also", and the exit code says the time ran out.
#[test]
fn a_step_is_kept_when_the_time_runs_out_on_its_consequences() {
    let out = crate::wgrnd(&["explain", "--next", "--timeout", "45", "fixtures/pencil-large/fillomino.url"], None);
    assert_eq!(crate::code(&out), 30, "{}", crate::stderr(&out));
    let text = crate::stdout(&out);
    let steps: Vec<&str> = text.lines().filter(|l| l.starts_with("step ")).collect();
    assert_eq!(steps.len(), 1, "{text}");
    assert!(steps[0].starts_with("step 1: the number at row "), "{text}");
    assert!(!text.contains("so also"), "{text}");
    assert!(text.lines().last().unwrap_or_default().starts_with("1 step(s) before the time limit"), "{text}");
}
