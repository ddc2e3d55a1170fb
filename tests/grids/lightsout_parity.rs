//! Lights out through the parity engine (issue #25): counts against GF(2) elimination written in
//! the test (`lightsout::oracle`) on 200 random boards of 3..12 rows and columns, against brute
//! force (every press set tried) on boards up to 4 x 4, and the mixed variants (at most k presses,
//! broken buttons: fixtures/qprop/lightsout-mixed.qp) against brute force.

use super::lightsout::oracle;
use super::{count, count_model, Rng};
use crate::fixture;
use wgrnd_engine::count::Limits;
use wgrnd_families::{QpropModel, RawOptions};
use wgrnd_lang::{IntEncoding, Source, XorElim};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_seam::{CountUnit, Family};

/// The board as the `lightsout` format's text (bit `r * cols + c` of `on`: light (r, c) is on).
fn board(rows: usize, cols: usize, on: u64) -> String {
    (0..rows)
        .map(|r| (0..cols).map(|c| if on >> (r * cols + c) & 1 == 1 { '1' } else { '0' }).collect::<String>() + "\n")
        .collect()
}

/// The lights a press set switches (bit per cell, row by row).
fn switched(rows: usize, cols: usize, presses: u64) -> u64 {
    let mut lights = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            if presses >> (r * cols + c) & 1 == 0 {
                continue;
            }
            lights ^= 1 << (r * cols + c);
            if r > 0 {
                lights ^= 1 << ((r - 1) * cols + c);
            }
            if r + 1 < rows {
                lights ^= 1 << ((r + 1) * cols + c);
            }
            if c > 0 {
                lights ^= 1 << (r * cols + c - 1);
            }
            if c + 1 < cols {
                lights ^= 1 << (r * cols + c + 1);
            }
        }
    }
    lights
}

/// Brute force: for every board of `rows x cols`, how many press sets turn it off.
fn brute(rows: usize, cols: usize) -> Vec<u64> {
    let n = rows * cols;
    let mut ways = vec![0u64; 1 << n];
    for presses in 0..1u64 << n {
        ways[switched(rows, cols, presses) as usize] += 1;
    }
    ways
}

#[test]
fn two_hundred_random_boards_of_3_to_12_equal_gf2_elimination() {
    let mut rng = Rng::new(25);
    let mut solvable = 0;
    for _ in 0..200 {
        let (rows, cols) = (rng.range(3, 12) as usize, rng.range(3, 12) as usize);
        let lights: Vec<Option<bool>> = (0..rows * cols).map(|_| Some(rng.chance(50))).collect();
        let want = oracle(rows, cols, &lights);
        let text: String = lights
            .chunks(cols)
            .map(|r| r.iter().map(|l| if *l == Some(true) { '1' } else { '0' }).collect::<String>() + "\n")
            .collect();
        assert_eq!(count("lightsout", &text, IntEncoding::Order), want, "{text}");
        solvable += usize::from(want > 0);
    }
    assert!((20..200).contains(&solvable), "{solvable}");
}

/// Boards up to 4 x 4 against brute force: every board of up to 8 cells, 40 random boards of each
/// larger size (the exhaustive run over all of them is the ignored test below,
/// scripts/lightsout-exhaustive.sh).
#[test]
fn boards_up_to_4x4_equal_brute_force() {
    boards_up_to_4x4(Some(40));
}

#[test]
#[ignore = "every board up to 4 x 4 (about 90,000 counts): scripts/lightsout-exhaustive.sh"]
fn every_board_up_to_4x4_equals_brute_force() {
    boards_up_to_4x4(None);
}

fn boards_up_to_4x4(sample: Option<usize>) {
    let mut rng = Rng::new(44);
    for rows in 1..=4 {
        for cols in 1..=4 {
            let ways = brute(rows, cols);
            let n = rows * cols;
            let boards: Vec<u64> = match sample {
                Some(k) if n > 8 => (0..k).map(|_| rng.next() % (1 << n)).collect(),
                _ => (0..1u64 << n).collect(),
            };
            for on in boards {
                let text = board(rows, cols, on);
                assert_eq!(count("lightsout", &text, IntEncoding::Order), ways[on as usize], "{text}");
            }
        }
    }
}

/// At most `k` presses, `broken` buttons never pressed: counted by wgrnd (broken buttons alone stay
/// a closed parity system for Gauss elimination; a bound on the presses goes to the search) and by
/// trying every press set.
#[test]
fn mixed_variants_equal_brute_force() {
    let model = std::fs::read_to_string(fixture("qprop/lightsout-mixed.qp")).expect("fixture");
    let source = Source::new("lightsout-mixed.qp", &model);
    let mut rng = Rng::new(7);
    let mut kinds = [0; 2];
    for round in 0..60 {
        let (rows, cols) = (rng.range(2, 4) as usize, rng.range(2, 4) as usize);
        let n = rows * cols;
        // Boards that can be solved, so that the bounds bite: the lights of a random press set.
        let on = switched(rows, cols, rng.next() % (1 << n));
        let broken: u64 = (0..n).filter(|_| rng.chance(15)).map(|i| 1 << i).sum();
        let k = if round % 2 == 0 { n as u64 } else { rng.range(0, n as i64) as u64 };
        let mut data = format!("param rows = {rows}\nparam cols = {cols}\nparam k = {k}\n");
        for i in 0..n {
            data += &format!("light({}, {}, {})\n", i / cols + 1, i % cols + 1, on >> i & 1);
            if broken >> i & 1 == 1 {
                data += &format!("broken({}, {})\n", i / cols + 1, i % cols + 1);
            }
        }
        let want = (0..1u64 << n)
            .filter(|&p| switched(rows, cols, p) == on && p & broken == 0 && u64::from(p.count_ones()) <= k)
            .count() as u64;
        assert_eq!(count_model(&source, &data, IntEncoding::Order), want, "{data}");
        // And with the elimination of the linear part forced on and off (the default above
        // follows its rule): each count equals the brute force.
        for mode in [XorElim::On, XorElim::Off] {
            let (got, eliminated) = count_with(&source, &data, mode);
            assert_eq!(got, want, "{mode:?}\n{data}");
            assert_eq!(eliminated, mode == XorElim::On, "{mode:?}\n{data}");
        }
        kinds[usize::from(want > 0)] += 1;
    }
    assert!(kinds.iter().all(|&k| k >= 5), "{kinds:?}");
}

/// The number of solutions of `model` on `data` with `GroundOptions::xor_elim` set to `mode`, and
/// whether the linear part was eliminated (the header says so).
fn count_with(model: &Source, data: &str, mode: XorElim) -> (u64, bool) {
    let raw = RawOptions { count: Some(CountUnit::None), ..RawOptions::default() };
    let mut f =
        QpropModel::new(model, Some(&Source::new("random", data)), &raw).unwrap_or_else(|e| panic!("{e}\n{data}"));
    f.options.xor_elim = mode;
    let g = f.ground().unwrap_or_else(|e| panic!("{e}\n{data}"));
    let eliminated = g.header.iter().any(|l| l.starts_with("parity eliminated"));
    let c = wgrnd_engine::count::count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {})
        .unwrap_or_else(|e| panic!("{e}\n{data}"));
    assert!(c.complete(), "{data}");
    (c.count, eliminated)
}

/// Random parity constraints mixed with random clauses over a few atoms (`p(1..n)`, each parity
/// over the atoms its data predicate `m<j>` lists, `odd` or `even`, each clause a disjunction of
/// literals), counted with the elimination of the linear part on, off and by its rule, against
/// every assignment tried by a plain loop here.
#[test]
fn random_parity_and_clauses_equal_brute_force_with_elimination_on_and_off() {
    let mut rng = Rng::new(2025);
    let mut seen = [0u32; 3];
    for round in 0..150 {
        let n = rng.range(2, 8) as usize;
        let parities = rng.range(1, 4) as usize;
        let clauses = rng.range(if round % 5 == 0 { 0 } else { 1 }, 4) as usize;
        let mut model = format!("domain D = 1..{n}\nvar i in D\npred p(D)\nshow p\n");
        let mut data = String::new();
        // Each parity: (atoms as a bit set, odd); each clause: (atom, positive) pairs.
        let mut xs: Vec<(u32, bool)> = Vec::new();
        for j in 0..parities {
            let set: u32 = (0..n).filter(|_| rng.chance(50)).map(|a| 1 << a).sum();
            let odd = rng.chance(50);
            model +=
                &format!("input pred m{j}(D)\n{} {{ p(i) : i in D | m{j}(i) }}\n", if odd { "odd" } else { "even" });
            for a in 0..n {
                if set >> a & 1 == 1 {
                    data += &format!("m{j}({})\n", a + 1);
                }
            }
            xs.push((set, odd));
        }
        let mut cs: Vec<Vec<(usize, bool)>> = Vec::new();
        for _ in 0..clauses {
            let len = rng.range(1, 3) as usize;
            let c: Vec<(usize, bool)> =
                (0..len).map(|_| (rng.range(0, n as i64 - 1) as usize, rng.chance(50))).collect();
            let text: Vec<String> =
                c.iter().map(|&(a, pos)| format!("{}p({})", if pos { "" } else { "not " }, a + 1)).collect();
            model += &format!("{}\n", text.join(" or "));
            cs.push(c);
        }
        let want = (0u32..1 << n)
            .filter(|a| xs.iter().all(|&(set, odd)| ((a & set).count_ones() % 2 == 1) == odd))
            .filter(|a| cs.iter().all(|c| c.iter().any(|&(v, pos)| (a >> v & 1 == 1) == pos)))
            .count() as u64;
        let source = Source::new("mixed.qp", &model);
        for (i, mode) in [XorElim::On, XorElim::Off, XorElim::Auto].into_iter().enumerate() {
            let (got, eliminated) = count_with(&source, &data, mode);
            assert_eq!(got, want, "{mode:?}\n{model}\n{data}");
            seen[i] += u32::from(eliminated);
        }
    }
    // The elimination ran where it was forced and never where it was off; the rule chose it for
    // some models and not for others.
    assert!(seen[0] > 100 && seen[1] == 0 && seen[2] > 0 && seen[2] < seen[0], "{seen:?}");
}

/// `encode --xor-lines`: the chunks as CryptoMiniSat `x` lines, no clause left beside them on a
/// closed system; CryptoMiniSat (when installed) solves the file, and `decode` checks its model.
#[test]
fn xor_lines_are_read_by_cryptominisat() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let board = dir.path().join("b.lights");
    std::fs::write(&board, "1 1 0 0 1\n0 1 1 0 1\n0 0 1 1 0\n1 0 0 0 1\n1 1 0 1 1\n").expect("board");
    let board = board.to_string_lossy().into_owned();
    let out = crate::wgrnd(&["encode", "--xor-lines", &board], None);
    assert_eq!(crate::code(&out), 0);
    let text = crate::stdout(&out);
    let xs = text.lines().filter(|l| l.starts_with('x')).count();
    let plain = text.lines().filter(|l| !l.starts_with(['c', 'p', 'x'])).count();
    let header = text.lines().find(|l| l.starts_with("p cnf ")).expect("p line");
    assert!(xs >= 25 && plain == 0, "{text}");
    assert!(header.ends_with(&format!(" {xs}")), "{header}");
    let Some(cms) = crate::external("cryptominisat5") else { return };
    let cnf = dir.path().join("b.cnf");
    std::fs::write(&cnf, &text).expect("cnf");
    let answer = std::process::Command::new(cms).arg("--verb").arg("0").arg(&cnf).output().expect("runs");
    let answer_text = String::from_utf8_lossy(&answer.stdout).into_owned();
    let want = super::counted(&board).0;
    assert_eq!(answer_text.contains("s SATISFIABLE"), want > 0, "{answer_text}");
    if want > 0 {
        let model = dir.path().join("b.out");
        std::fs::write(&model, &answer_text).expect("answer");
        let out = crate::wgrnd(&["decode", &board, &model.to_string_lossy()], None);
        assert_eq!(crate::code(&out), 10, "{}", crate::stderr(&out));
    }
}
