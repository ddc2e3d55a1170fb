//! `runs { cells } = lengths`: counts against brute force on small random lines and grids (the
//! bundled nonogram model), and the line solver's unit clauses against every brute-force solution.

use crate::common::*;
use wgrnd_lang::{ground, load, GroundOptions, Source};

/// The lengths of the maximal runs of true cells, by a plain scan.
fn runs_of(cells: &[bool]) -> Vec<i64> {
    let mut out = Vec::new();
    let mut len = 0;
    for &c in cells.iter().chain([false].iter()) {
        if c {
            len += 1;
        } else if len > 0 {
            out.push(len);
            len = 0;
        }
    }
    out
}

fn load_text(model: &str, data: Option<&str>) -> wgrnd_lang::Program {
    let data = data.map(|d| Source::new("d.qpd", d));
    load(&Source::new("m.qp", model), data.as_ref(), &[]).unwrap_or_else(|e| panic!("{}\n{model}", e.render()))
}

/// One line of `n` cells under a random cell formula, guard, lengths (written out or from data)
/// and fixed cells: the count equals a loop over every assignment.
#[test]
fn random_lines_count_like_brute_force() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for case in 0..120 {
        let n = 1 + rng.below(7) as i64;
        let k = 1 + rng.below(n as u64) as i64;
        let kind = rng.below(4);
        let lens: Vec<i64> = (0..rng.below(4)).map(|_| rng.below(4) as i64).collect();
        let mut fixed: Vec<(i64, bool)> = Vec::new();
        for x in 1..=n {
            if rng.below(5) == 0 {
                fixed.push((x, rng.below(2) == 0));
            }
        }
        let (cell, guard) = match kind {
            0 => ("b(x)".to_string(), String::new()),
            1 => ("not b(x)".to_string(), String::new()),
            2 => (format!("b(x) and x =/= {k}"), String::new()),
            _ => ("b(x)".to_string(), format!(" | x =/= {k}")),
        };
        let from_data = rng.below(2) == 0;
        let list = if from_data {
            "{ l : i, l | len(i, l) }".to_string()
        } else {
            format!("[{}]", lens.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", "))
        };
        let mut model = format!(
            "domain c = 1..{n}\ndomain idx = 1..4\ndomain ln = 0..4\nvar x in c\nvar i in idx\nvar l in ln\n\
             input pred len(idx, ln)\npred b(c)\nshow b\nruns {{ {cell} : x{guard} }} = {list}\n"
        );
        for &(x, v) in &fixed {
            model.push_str(&format!("{}b({x})\n", if v { "" } else { "not " }));
        }
        let data: String = lens.iter().enumerate().map(|(i, l)| format!("len({}, {l}).\n", i + 1)).collect();
        let p = load_text(&model, Some(&data));
        let (got, _) = count(&p, 1 << 10);
        let mut want = 0;
        for bits in 0u32..1 << n {
            let b = |x: i64| bits >> (x - 1) & 1 == 1;
            if fixed.iter().any(|&(x, v)| b(x) != v) {
                continue;
            }
            let cells: Vec<bool> = (1..=n)
                .filter(|&x| kind != 3 || x != k)
                .map(|x| match kind {
                    1 => !b(x),
                    2 => b(x) && x != k,
                    _ => b(x),
                })
                .collect();
            let positive: Vec<i64> = lens.iter().copied().filter(|&l| l > 0).collect();
            if runs_of(&cells) == positive {
                want += 1;
            }
        }
        assert_eq!(got, want, "case {case}:\n{model}{data}");
    }
}

/// Random small nonograms on the bundled model (some line clues withheld, some cells given):
/// the count equals brute force, and every cell the line solver fixed (a unit clause on a shown
/// atom) has that value in every solution.
#[test]
fn small_nonograms_count_and_deduce_like_brute_force() {
    let model = std::fs::read_to_string(format!("{}/../../models/nonogram.qp", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut fixed_total = 0;
    for case in 0..60 {
        let (h, w) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let density = 1 + rng.below(3);
        let pic: Vec<bool> = (0..h * w).map(|_| rng.below(4) < density).collect();
        let row = |pic: &[bool], r: usize| runs_of(&pic[r * w..(r + 1) * w]);
        let col = |pic: &[bool], c: usize| runs_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>());
        let shown_rows: Vec<bool> = (0..h).map(|_| rng.below(6) != 0).collect();
        let shown_cols: Vec<bool> = (0..w).map(|_| rng.below(6) != 0).collect();
        let given: Vec<(usize, bool)> = (0..h * w).filter(|_| rng.below(10) == 0).map(|i| (i, pic[i])).collect();
        let most = (0..h).map(|r| row(&pic, r).len()).chain((0..w).map(|c| col(&pic, c).len())).max().unwrap_or(0);
        let mut data = format!("param rows = {h}\nparam cols = {w}\nparam runs = {}\n", most.max(1));
        for r in (0..h).filter(|&r| shown_rows[r]) {
            data.push_str(&format!("rowclue({}).\n", r + 1));
            for (k, l) in row(&pic, r).iter().enumerate() {
                data.push_str(&format!("rowrun({}, {}, {l}).\n", r + 1, k + 1));
            }
        }
        for c in (0..w).filter(|&c| shown_cols[c]) {
            data.push_str(&format!("colclue({}).\n", c + 1));
            for (k, l) in col(&pic, c).iter().enumerate() {
                data.push_str(&format!("colrun({}, {}, {l}).\n", c + 1, k + 1));
            }
        }
        for &(i, v) in &given {
            data.push_str(&format!("given({}, {}, {}).\n", i / w + 1, i % w + 1, u8::from(v)));
        }
        let p = load_text(&model, Some(&data));
        let (got, _) = count(&p, 1 << 17);
        let mut sols: Vec<Vec<bool>> = Vec::new();
        for bits in 0u32..1 << (h * w) {
            let g: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let ok = given.iter().all(|&(i, v)| g[i] == v)
                && (0..h).all(|r| !shown_rows[r] || row(&g, r) == row(&pic, r))
                && (0..w).all(|c| !shown_cols[c] || col(&g, c) == col(&pic, c));
            if ok {
                sols.push(g);
            }
        }
        assert_eq!(got, sols.len(), "case {case}:\n{data}");
        let g = ground(&p, &GroundOptions::default()).unwrap_or_else(|e| panic!("{}", e.render()));
        for c in g.cnf.clauses() {
            let [l] = c else { continue };
            let name = &g.encoding.names[l.var().index()];
            let Some(rc) = name.strip_prefix("black(").and_then(|s| s.strip_suffix(')')) else { continue };
            let rc: Vec<usize> = rc.split(',').map(|x| x.trim().parse().unwrap()).collect();
            let i = (rc[0] - 1) * w + rc[1] - 1;
            fixed_total += 1;
            assert!(sols.iter().all(|s| s[i] == l.is_positive()), "case {case}: {name} fixed wrongly:\n{data}");
        }
    }
    assert!(fixed_total > 0, "the line solver fixed no cell in any case");
}

/// The grounder's shortcuts for a nonogram line (the cells stepped through the atom table, the
/// lengths read from the facts' table) write the clauses the general way writes: the bundled
/// model against the same model with guards that hold everywhere (`c >= 1`, `l >= 0`), which
/// the shortcuts do not take, clause for clause on random pictures (empty lines, withheld
/// clues, given cells), with black and with white cells.
#[test]
fn grounding_shortcuts_write_the_general_clauses() {
    let model = std::fs::read_to_string(format!("{}/../../models/nonogram.qp", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let general = model
        .replace("runs { black(r, c) : c }", "runs { black(r, c) : c | c >= 1 }")
        .replace("runs { black(r, c) : r }", "runs { black(r, c) : r | r >= 1 }")
        .replace("rowrun(r, k, l) }", "rowrun(r, k, l) and l >= 0 }")
        .replace("colrun(c, k, l) }", "colrun(c, k, l) and l >= 0 }");
    assert_eq!(general.matches(">= ").count(), 4, "the model's lines changed: update the replacements");
    let white = |m: &str| m.replace("runs { black(r, c) :", "runs { not black(r, c) :");
    let clauses = |p: &wgrnd_lang::Program| {
        let g = ground(p, &GroundOptions::default()).unwrap_or_else(|e| panic!("{}", e.render()));
        (g.cnf.num_vars(), g.cnf.clauses().map(|c| c.to_vec()).collect::<Vec<_>>(), g.encoding.names.clone())
    };
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    for case in 0..40 {
        let (h, w) = (1 + rng.below(5) as usize, 1 + rng.below(5) as usize);
        let pic: Vec<bool> = (0..h * w).map(|_| rng.below(2) == 0).collect();
        let row = |r: usize| runs_of(&pic[r * w..(r + 1) * w]);
        let col = |c: usize| runs_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>());
        let most = (0..h).map(|r| row(r).len()).chain((0..w).map(|c| col(c).len())).max().unwrap_or(0);
        let mut data = format!("param rows = {h}\nparam cols = {w}\nparam runs = {}\n", most.max(1));
        for r in (0..h).filter(|_| rng.below(5) != 0) {
            data.push_str(&format!("rowclue({}).\n", r + 1));
            for (k, l) in row(r).iter().enumerate() {
                data.push_str(&format!("rowrun({}, {}, {l}).\n", r + 1, k + 1));
            }
        }
        for c in (0..w).filter(|_| rng.below(5) != 0) {
            data.push_str(&format!("colclue({}).\n", c + 1));
            for (k, l) in col(c).iter().enumerate() {
                data.push_str(&format!("colrun({}, {}, {l}).\n", c + 1, k + 1));
            }
        }
        for i in (0..h * w).filter(|_| rng.below(8) == 0) {
            data.push_str(&format!("given({}, {}, {}).\n", i / w + 1, i % w + 1, u8::from(pic[i])));
        }
        let (m, g) = if case % 2 == 0 { (model.clone(), general.clone()) } else { (white(&model), white(&general)) };
        assert_eq!(clauses(&load_text(&m, Some(&data))), clauses(&load_text(&g, Some(&data))), "case {case}:\n{data}");
    }
}
