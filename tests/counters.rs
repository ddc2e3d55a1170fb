//! `count --counter`: external model counters (Ganak through PyPI's pyganak, and any program that
//! speaks the model-counting competition's format) count what enumeration counts, projected on
//! the solution's atoms, in every unit, and their faults are reported, not trusted.

use crate::json::{schema, valid};
use crate::{code, external, fixture, stderr, stdout, wgrnd};

/// The count a `count` run printed, by a counter or by enumeration (its first word).
fn counted(args: &[&str]) -> (i32, String) {
    let r = wgrnd(args, None);
    let first = stdout(&r).split_whitespace().next().unwrap_or_default().to_string();
    (code(&r), first)
}

/// Whether the tests can run Ganak: pyganak in the python3 on PATH (scripts/test.sh installs it).
fn ganak() -> bool {
    if external("python3").is_none() {
        return false;
    }
    let probe = std::process::Command::new("python3").args(["-c", "import pyganak"]).status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "pyganak is not installed: scripts/test.sh installs it (pip install pyganak), or set WGRND_SKIP_EXTERNAL=1"
    );
    true
}

#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn ganak_counts_what_enumeration_counts_in_every_family_and_unit() {
    if !ganak() {
        return;
    }
    let witch = fixture("witch/witches.lpl");
    let tiny = fixture("packing/tiny.pack");
    let queens = fixture("qprop/queens.qp");
    let margins = fixture("qprop/margins.qp");
    let fleets = fixture("seed002/open-5x5.ships");
    let cases: Vec<Vec<&str>> = vec![
        vec![&witch],
        vec![&witch, "--symmetry", "board"],
        vec![&tiny],
        vec![&tiny, "--symmetry", "board"],
        vec![&tiny, "--symmetry", "all"],
        vec![&queens, "-D", "n=6"],
        vec![&queens, "-D", "n=3"],
        vec![&margins, "-D", "n=5"],
        vec![&fleets],
    ];
    for case in cases {
        let mut enumerated = vec!["count"];
        enumerated.extend(&case);
        let mut by_ganak = enumerated.clone();
        by_ganak.extend(["--counter", "ganak"]);
        let (want_code, want) = counted(&enumerated);
        assert_eq!(counted(&by_ganak), (want_code, want.clone()), "{case:?}");
    }
}

#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn counter_json_and_a_count_of_zero() {
    if !ganak() {
        return;
    }
    // 4 x 4 matrices with 2 ones per row and column: 90 (OEIS A001499), the smallest relative of
    // the counts in docs/counting.md.
    let margins = fixture("qprop/margins.qp");
    let doc = valid(&schema("count"), &["count", &margins, "--counter", "ganak", "--json"], &[12]);
    assert_eq!((doc["count"].as_u64(), doc["count_text"].as_str()), (Some(90), Some("90")));
    assert_eq!(doc["counter"], "ganak");
    // No solution at all: exit 20 and count 0.
    let r = wgrnd(&["count", &margins, "-D", "k=5", "--counter", "ganak"], None);
    assert_eq!((code(&r), stdout(&r).split_whitespace().next()), (20, Some("0")), "{}", stderr(&r));
}

#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn any_competition_counter_by_command_line() {
    if external("python3").is_none() {
        return;
    }
    let counter = format!("python3 {}", crate::root().join("tests/fake-solvers/count.py").display());
    let queens = fixture("qprop/queens.qp");
    for (n, want) in [("5", "10"), ("6", "4"), ("3", "0")] {
        let r = wgrnd(&["count", &queens, "-D", &format!("n={n}"), "--counter", &counter], None);
        assert_eq!(stdout(&r).split_whitespace().next(), Some(want), "n = {n}: {}", stderr(&r));
    }
}

#[test]
fn counter_faults_and_refusals() {
    let fakes = crate::root().join("tests/fake-solvers");
    let queens = fixture("qprop/queens.qp");
    // Not a counter's answer: refused, not trusted.
    let garbage = fakes.join("garbage.sh").display().to_string();
    let r = wgrnd(&["count", &queens, "--counter", &garbage], None);
    assert!(stderr(&r).contains("no `c s exact arb int N` line"), "{}", stderr(&r));
    assert_ne!(code(&r), 0);
    // Out of time: exit 30, no count.
    let hang = fakes.join("hang.sh").display().to_string();
    let r = wgrnd(&["count", &queens, "--counter", &hang, "--timeout", "1"], None);
    assert_eq!(code(&r), 30, "{}", stderr(&r));
    assert!(stdout(&r).contains("ran out of time"), "{}", stdout(&r));
    // A counter that does not project is not given a CNF with auxiliary atoms.
    let r = wgrnd(&["count", &fixture("witch/witches.lpl"), "--counter", "d4"], None);
    assert_eq!(code(&r), 2);
    assert!(stderr(&r).contains("use a counter that projects"), "{}", stderr(&r));
    // Enumeration's flags mean nothing to a counter.
    let r = wgrnd(&["count", &queens, "--counter", "ganak", "--max", "2"], None);
    assert_eq!(code(&r), 2);
    // Packings: the lex-leader clauses follow --symmetry.
    let r = wgrnd(
        &["count", &fixture("packing/tiny.pack"), "--counter", "ganak", "--lex-leader", "none", "--symmetry", "all"],
        None,
    );
    assert_eq!(code(&r), 2, "{}", stderr(&r));
}

/// A count beyond enumeration: the mine layouts of a closed minesweeper board are C(cells, mines);
/// Ganak counts the 9 x 9 beginner board's 1,878,392,407,320, and its smaller relatives agree
/// with enumeration and with the binomial.
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn ganak_counts_beyond_enumeration_and_agrees_on_small_relatives() {
    if !ganak() {
        return;
    }
    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    let dir = tempfile::tempdir().unwrap();
    for (rows, cols, mines) in [(3u64, 3u64, 2u64), (4, 4, 3), (3, 5, 4)] {
        let board =
            format!("mines {mines}\n{}", format!("{}\n", vec!["."; cols as usize].join(" ")).repeat(rows as usize));
        let path = dir.path().join(format!("closed-{rows}x{cols}.mines"));
        std::fs::write(&path, board).unwrap();
        let path = path.to_string_lossy().into_owned();
        let want = binomial(rows * cols, mines).to_string();
        assert_eq!(counted(&["count", &path]).1, want, "enumeration, {rows}x{cols}");
        assert_eq!(counted(&["count", &path, "--counter", "ganak"]).1, want, "ganak, {rows}x{cols}");
    }
    let nine = fixture("seed002/closed-9x9.mines");
    let doc = valid(&schema("count"), &["count", &nine, "--counter", "ganak", "--json"], &[12]);
    assert_eq!(doc["count_text"], binomial(81, 10).to_string());
}

#[test]
fn counter_refuses_options_of_an_enumeration() {
    // A model counter finds no solution: options about finding them are refused, not ignored.
    let margins = fixture("qprop/margins.qp");
    for extra in [&["--engine", "dlx"][..], &["--max", "5"], &["--print"], &["--solver", "minisat"], &["--cubes", "4"]]
    {
        let mut args = vec!["count", &margins, "--counter", "ganak"];
        args.extend_from_slice(extra);
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), 2, "{extra:?}: {}", stderr(&r));
        assert!(stderr(&r).contains("--counter counts without finding solutions"), "{extra:?}: {}", stderr(&r));
    }
}
