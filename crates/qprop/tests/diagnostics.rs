//! Every bad model in fixtures/qprop/bad/ gives its diagnostic (pinned by an insta snapshot):
//! file, line, column, the line with a caret, what was expected, and bindings when grounding.

mod common;

use wgrnd_qprop::{ground, load, GroundOptions, Source};

fn diagnose(name: &str) -> String {
    let src = common::fixture(&format!("bad/{name}"));
    let opts = GroundOptions { max_clauses: 1_000_000, ..GroundOptions::default() };
    match load(&src, None, &[]).and_then(|p| ground(&p, &opts)) {
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
    let p = common::program("queens.qp", None, &[("n", "4")]);
    let e = wgrnd_qprop::parse_solution(&p, &Source::new("answer.txt", "q(1,2).\nq(5,1).\n")).expect_err("outside");
    insta::assert_snapshot!("solution-outside-domain", e.render());
}
