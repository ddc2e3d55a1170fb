//! Issue 24's syntax: inline ranges and sets in binders, tuple domains and tuple binders, tables
//! from CSV and DIMACS `.col` files. Counts of random models against a plain loop over every
//! assignment; every solution counted is checked by the checker (tests/common).

use std::collections::HashMap;

use wgrnd_lang::{load, load_with, Program, Source};

fn program(text: &str) -> Program {
    match load(&Source::new("m.qp", text), None, &[]) {
        Ok(p) => p,
        Err(e) => panic!("{}\n{text}", e.render()),
    }
}

/// A program whose `table p from "file"` files are the given texts.
fn program_with(text: &str, files: &[(&str, &str)]) -> Result<Program, String> {
    let files: HashMap<String, String> = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let read = |path: &std::path::Path| {
        let key = path.to_string_lossy().into_owned();
        files.get(&key).cloned().ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, key))
    };
    load_with(&Source::new("dir/m.qp", text), None, &[], &read).map_err(|e| e.render())
}

/// A small deterministic generator (the tests need no real randomness).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random models over `x(1..n)` written with inline ranges, a listed tuple domain, a tuple
/// comprehension, tuple binders in forall, exists, sums and counts; each count equals the number
/// of assignments a plain loop accepts.
#[test]
fn random_models_with_inline_ranges_and_tuples_count_as_brute_force() {
    let mut rng = Lcg(24);
    for round in 0..40 {
        let n = 3 + rng.below(4) as i64;
        let mut edges: Vec<(i64, i64)> = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let (a, b) = (1 + rng.below(n as u64) as i64, 1 + rng.below(n as u64) as i64);
            if !edges.contains(&(a, b)) {
                edges.push((a, b));
            }
        }
        let d = 1 + rng.below(2) as i64;
        let (lo, hi) = {
            let a = 1 + rng.below(n as u64) as i64;
            (a, a + rng.below((n - a + 1) as u64) as i64)
        };
        let k = rng.below(3) as i64;
        let s = rng.below(4) as i64;
        let set: Vec<i64> = (1..=n).filter(|_| rng.below(2) == 0).collect();
        let set = if set.is_empty() { vec![n] } else { set };
        let list: Vec<String> = edges.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        let set_text: Vec<String> = set.iter().map(|v| v.to_string()).collect();
        let model = format!(
            "param n = {n}\ndomain V = 1..n\npred x(V)\n\
             domain E = {{{}}}\n\
             domain Near = {{(a, b) : a in 1..n, b in 1..n | a < b and b - a <= {d}}}\n\
             forall (a, b) in E . not x(a) or not x(b)\n\
             atleast {k} {{ x(i) : i in {lo}..{hi} }}\n\
             sum {{ [x(a)] : (a, b) in Near }} >= {s} or exists v in {{{}}} . x(v)\n\
             atmost 1 {{ x(b) : (a, b) in Near | a = 1 }}\n",
            list.join(", "),
            set_text.join(", ")
        );
        let p = program(&model);
        let near: Vec<(i64, i64)> =
            (1..=n).flat_map(|a| (1..=n).map(move |b| (a, b))).filter(|&(a, b)| a < b && b - a <= d).collect();
        let mut want = 0;
        for bits in 0u32..1 << n {
            let x = |i: i64| bits >> (i - 1) & 1 == 1;
            let ok = edges.iter().all(|&(a, b)| !x(a) || !x(b))
                && (lo..=hi).filter(|&i| x(i)).count() as i64 >= k
                && (near.iter().filter(|&&(a, _)| x(a)).count() as i64 >= s || set.iter().any(|&v| x(v)))
                && near.iter().filter(|&&(a, b)| a == 1 && x(b)).count() <= 1;
            want += usize::from(ok);
        }
        assert_eq!(crate::common::count(&p, 1 << 7).0, want, "round {round}:\n{model}");
    }
}

/// The same constraints with named domains and with inline ones ground to the same count, and a
/// tuple binder enumerates the tuples, not the product of its columns.
#[test]
fn inline_domains_and_def_parameters() {
    let named = "domain V = 1..5\ndomain Low = {i in V | i <= 3}\ndomain Odd = {i in V | i mod 2 = 1}\npred x(V)\n\
                 exactly 2 { x(i) : i in Low }\nforall i in Odd . x(i) or x(2)\n";
    let inline = "domain V = 1..5\npred x(V)\nexactly 2 { x(i) : i in 1..3 }\nforall i in {1, 3, 5} . x(i) or x(2)\n";
    let (a, b) = (crate::common::count(&program(named), 100).0, crate::common::count(&program(inline), 100).0);
    assert_eq!(a, b);
    assert!(a > 0);
    let with_def = "domain V = 1..5\npred x(V)\ndef big(i in 3..5) := i > 3\nforall i in 3..5 | big(i) . x(i)\n";
    assert_eq!(crate::common::count(&program(with_def), 100).0, 8);
}

/// Tuple domains: listed, by comprehension (also over symbols), used in sums and counts; the
/// membership predicate has exactly the tuples.
#[test]
fn tuple_domains_hold_their_tuples() {
    let text = "domain C = {red, green, blue}\ndomain Pair = {(a, b) : a in C, b in C | a =/= b}\n\
                domain Diag = {(i, i * i) : i in 1..3}\npred x(C)\n\
                forall (a, b) in Pair . not x(a) or not x(b)\n";
    let p = program(text);
    let pair = p.pred_index("Pair").expect("a tuple domain is the predicate of its tuples");
    let diag = p.pred_index("Diag").expect("Diag");
    let facts = |pi: wgrnd_lang::PredId| match &p.preds[pi.index()].kind {
        wgrnd_lang::PredKind::Input(f) => f.len(),
        _ => 0,
    };
    assert_eq!((facts(pair), facts(diag)), (6, 3));
    assert_eq!(crate::common::count(&p, 100).0, 4); // none, or one of three colours
}

/// CSV tables: a header row is skipped when its fields are no values; quoted fields; symbols.
#[test]
fn csv_tables_with_and_without_header() {
    let model = "domain V = 1..4\ndomain C = {red, blue}\ninput pred edge(V, V)\ninput pred hue(V, C)\n\
                 table edge from \"g.csv\"\ntable hue from \"hues.csv\"\npred x(V)\n\
                 forall u, v in V | edge(u, v) . not x(u) or not x(v)\n\
                 forall v in V | hue(v, red) . x(v)\n";
    for g in ["from,to\n1,2\n2,3\n", "1,2\r\n\"2\" , 3\r\n\r\n"] {
        let p = program_with(model, &[("dir/g.csv", g), ("dir/hues.csv", "1,blue\n4,red\n")]).unwrap();
        // 4 is set; {1, 2, 3} with no edge 1-2 or 2-3 inside: {}, {1}, {2}, {3}, {1, 3}.
        assert_eq!(crate::common::count(&p, 100).0, 5, "{g}");
    }
    let e = program_with(model, &[("dir/g.csv", "1,2\n"), ("dir/hues.csv", "1,purple\n")]).unwrap_err();
    assert!(e.contains("dir/hues.csv:1:3: unknown value 'purple'"), "{e}");
    let e = program_with(model, &[("dir/g.csv", "1,2\n")]).unwrap_err();
    assert!(e.contains("m.qp:6:16: cannot read 'dir/hues.csv'"), "{e}");
}

/// The DIMACS colouring instances of fixtures/qprop: chromatic numbers 5 (queen5_5), 4
/// (myciel3) and 5 (myciel4), as published; a `.col` file sets `n`.
#[test]
fn dimacs_colouring_instances_have_their_chromatic_numbers() {
    for (graph, chi) in [("queen5_5", 5), ("myciel3", 4), ("myciel4", 5)] {
        let data = format!("{graph}.qpd");
        let k = chi.to_string();
        let p = crate::common::program_on_disk("colouring.qp", &data, &[("k", &k)]);
        assert_eq!(crate::common::count(&p, 1).0, 1, "{graph} with {chi} colours");
        let k = (chi - 1).to_string();
        let p = crate::common::program_on_disk("colouring.qp", &data, &[("k", &k)]);
        assert_eq!(crate::common::count(&p, 1).0, 0, "{graph} with {} colours", chi - 1);
    }
}

/// A data file declares a tuple domain again: its tuples replace the model's.
#[test]
fn a_data_file_replaces_a_tuple_domain() {
    let model = "domain V = 1..4\ndomain E = {(1, 2)}\npred x(V)\nforall (a, b) in E . not x(a) or not x(b)\n";
    let data = "domain E = {(1, 2), (2, 3), (3, 4)}\n";
    let alone = load(&Source::new("m.qp", model), None, &[]).unwrap();
    let p = load(&Source::new("m.qp", model), Some(&Source::new("d.qpd", data)), &[]).unwrap();
    // Independent sets of the path 1-2-3-4: 8; of the single edge 1-2 on four vertices: 12.
    assert_eq!((crate::common::count(&alone, 100).0, crate::common::count(&p, 100).0), (12, 8));
}
