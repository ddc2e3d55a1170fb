//! Every bad model in fixtures/qprop/bad/ gives its diagnostic (pinned by an insta snapshot):
//! file, line, column, the line with a caret, what was expected, and bindings when grounding.

use wgrnd_lang::{ground, load, GroundOptions, Source};

fn diagnose(name: &str) -> String {
    let src = crate::common::fixture(&format!("bad/{name}"));
    let opts = GroundOptions { max_clauses: 1_000_000, ..GroundOptions::default() };
    // Files named by `table p from "file"` lie next to the fixture (paths relative to the repository).
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let read = |path: &std::path::Path| std::fs::read_to_string(std::path::Path::new(&root).join(path));
    match wgrnd_lang::load_with(&src, None, &[], &read).and_then(|p| ground(&p, &opts)) {
        Ok(_) => panic!("{name}: no error"),
        Err(e) => {
            assert!(e.line().is_some(), "{name}: no line");
            e.render()
        }
    }
}

#[test]
fn bad_models() {
    let dir = format!("{}/../../fixtures/qprop/bad", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixtures/qprop/bad")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".qp"))
        .collect();
    names.sort();
    assert!(names.len() >= 15);
    for n in names {
        insta::assert_snapshot!(n.trim_end_matches(".qp").to_string(), diagnose(&n));
    }
}

#[test]
fn bad_overrides() {
    let src = Source::new("m.qp", "param n = 3\ndomain d = 1..n\n");
    let e = load(&src, None, &[("m".into(), "3".into())]).expect_err("unknown parameter");
    insta::assert_snapshot!("override-unknown", e.render());
    let e = load(&src, None, &[("n".into(), "three".into())]).expect_err("bad value");
    insta::assert_snapshot!("override-not-integer", e.render());
}

#[test]
fn bad_solution_text() {
    let p = crate::common::program("queens.qp", None, &[("n", "4")]);
    let e = wgrnd_lang::parse_solution(&p, &Source::new("answer.txt", "q(1,2).\nq(5,1).\n")).expect_err("outside");
    insta::assert_snapshot!("solution-outside-domain", e.render());
}

/// A line that begins with `-` after a complete comparison continues it (a subtraction): the
/// parser says so, with the place; a `-` that continues an unfinished comparison (as the bundled
/// ashes model writes its sums) is not warned about.
#[test]
fn a_line_beginning_with_minus_is_warned_about() {
    let text = "param k = 3\ndomain d = 1..3\nvar x(d) in 0..9\nforall i in d . x(i) = k\n- 1 = 2\n";
    match load(&Source::new("m.qp", text), None, &[]) {
        Ok(_) => panic!("`= k - 1 = 2` is not a formula"),
        Err(e) => assert_eq!(e.line(), Some(5), "{}", e.render()),
    }
    let text = "param k = 3\ndomain d = 1..3\nvar x(d) in 0..9\nforall i in d . x(i) = k\n  - 1\n";
    let p = load(&Source::new("m.qp", text), None, &[]).expect("loads");
    let w = p.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    insta::assert_snapshot!("minus-continues", w[0]);
    let text = "domain d = 1..3\nvar x(d) in 0..9\nsum { x(i) : i in d }\n  - x(1) = 4\n";
    let p = load(&Source::new("m.qp", text), None, &[]).expect("loads");
    assert!(p.warnings().is_empty(), "{:?}", p.warnings());
    let ashes = std::fs::read_to_string(format!("{}/../../models/ashes.qp", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let p = load(&Source::new("ashes.qp", ashes), None, &[]).expect("the bundled model loads");
    assert!(p.warnings().is_empty(), "{:?}", p.warnings());
}
