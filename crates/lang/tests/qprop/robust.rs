//! No panics on any input: every prefix of the example models, and some byte edits, load and
//! ground (or fail with a diagnostic) without panicking.

use wgrnd_lang::{ground, load, GroundOptions, Source};

fn try_all(text: &str) {
    let opts = GroundOptions { max_clauses: 200_000, ..GroundOptions::default() };
    if let Ok(p) = load(&Source::new("m.qp", text), None, &[]) {
        if let Err(e) = ground(&p, &opts) {
            let _ = e.render();
        }
    } else if let Err(e) = load(&Source::new("m.qp", text), None, &[]) {
        let r = e.render();
        assert!(!r.is_empty());
    }
}

#[test]
fn prefixes_and_edits_never_panic() {
    for name in ["foursquares-seed004.qp", "queens.qp", "magic.qp", "witch.qp", "witch-lpl.qp", "soma.qp"] {
        let text = crate::common::fixture(name).text;
        let cuts: Vec<usize> = (0..text.len()).filter(|&i| text.is_char_boundary(i)).step_by(7).collect();
        for &i in &cuts {
            try_all(&text[..i]);
        }
        for (k, &i) in cuts.iter().enumerate().step_by(5) {
            let junk = ["(", ")", ".", "0", "-", "|", "x", "mod 0", "forall", "{"][k % 10];
            let edited = format!("{}{}{}", &text[..i], junk, &text[i..]);
            try_all(&edited);
        }
    }
    for text in [
        "",
        "%",
        "param",
        "domain d = 5..1",
        "domain d = 1..3 pred p(d) p(1) -> p(2)",
        "domain d = {}",
        "domain d = 1..9223372036854775807",
        "param a = 9223372036854775807 * 2",
        "domain d = 1..2 forall x in d . ((((",
    ] {
        try_all(text);
    }
}

#[test]
fn long_chains_load_or_are_refused() {
    for n in [400usize, 5000] {
        let and_chain = vec!["x(1)"; n].join(" and ");
        let sum_chain = vec!["1"; n].join(" + ");
        let parens = format!("{}x(1){}", "(".repeat(n), ")".repeat(n));
        let nots = format!("{}x(1)", "not ".repeat(n));
        for body in [and_chain, format!("{sum_chain} > 0"), parens, nots] {
            let text = format!("domain d = 1..2\npred x(d)\n{body}\n");
            let r =
                std::thread::Builder::new().stack_size(2 << 20).spawn(move || try_all(&text)).expect("thread").join();
            assert!(r.is_ok(), "n = {n}");
        }
    }
}
