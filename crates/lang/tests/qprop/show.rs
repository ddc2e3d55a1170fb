//! Showing and checking: facts, JSON, grid; a solution read back is checked again; a wrong one is
//! rejected with the bindings of the broken constraint.

use crate::common::*;
use wgrnd_lang::{load, parse_solution, Source};

#[test]
fn queens_facts_round_trip_and_grid() {
    let p = program("queens.qp", None, &[("n", "5")]);
    let (_, first) = count(&p, 1);
    let s = first.expect("a solution");
    let facts = s.to_facts();
    assert_eq!(facts.lines().count(), 5, "{facts}");
    let back = parse_solution(&p, &Source::new("answer.txt", facts.clone())).expect("parses");
    assert_eq!(back, s);
    assert!(broken(&p, &back).is_empty());
    let json = s.to_json();
    assert_eq!(json["q"].as_array().map(|a| a.len()), Some(5), "{json}");
    let grid = s.grid().expect("q(row, col) is cell-shaped");
    assert_eq!(grid.lines().count(), 5);
    assert_eq!(grid.matches('#').count(), 5, "{grid}");
}

#[test]
fn wrong_solution_is_rejected_with_bindings() {
    let p = program("queens.qp", None, &[("n", "4")]);
    let bad = "q(1,1).\nq(2,3).\nq(3,2).\nq(4,4).\n";
    let s = parse_solution(&p, &Source::new("answer.txt", bad)).expect("parses");
    let v = broken(&p, &s);
    assert_eq!(v.len(), 1, "one statement is broken: {v:?}");
    insta::assert_snapshot!("queens-violation", v[0]);
}

#[test]
fn seed004_solution_shows_hidden_atoms_for_checking() {
    let p = program("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[("fix", "1")]);
    let (_, first) = count(&p, 1);
    let s = first.expect("a solution");
    let facts = s.to_facts();
    assert!(facts.contains("% hidden"), "{facts}");
    let back = parse_solution(&p, &Source::new("answer.txt", facts)).expect("parses");
    assert!(broken(&p, &back).is_empty());
    assert!(s.to_json().get("m").is_none());
}

#[test]
fn symbols_domains_filters_and_inline_facts() {
    let model = "domain colour = {red, green, blue}\n\
                 domain n = 1..6\n\
                 domain even = {x in n | x mod 2 = 0}\n\
                 input pred likes(colour)\n\
                 likes(red) likes(blue)\n\
                 pred pick(colour)\n\
                 pred e(even)\n\
                 exactly 1 { pick(c) : c in colour | likes(c) }\n\
                 forall c in colour | not likes(c) . not pick(c)\n\
                 atleast 2 { e(x) : x in even }\n\
                 forall x in even . e(x) xor x = 2\n";
    let p = load(&Source::new("m.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    // pick: red or blue (2); e: 4 and 6 forced, 2 excluded (1).
    assert_eq!(count(&p, 100).0, 2);
}

#[test]
fn dimacs_names_every_variable() {
    let p = program("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[]);
    let g = grounding(&p);
    let c = &g.header;
    assert!(c.iter().any(|l| l == "var 1 l(1,1)"), "{:?}", &c[..5]);
    assert_eq!(g.encoding.names.len(), g.cnf.num_vars() as usize);
    assert!(g.encoding.names.iter().all(|n| n.contains('(')));
}

/// With names off (a count that writes no DIMACS), the grounding is the same CNF with the same
/// projection, its header the same without the `var` lines, and every variable's name, made
/// when asked for, the one the header names it by (integers, symbols, no arguments, auxiliaries,
/// a sum's diagram).
#[test]
fn names_made_when_asked_are_the_headers() {
    use wgrnd_seam::AtomNames;
    let symbols = "domain colour = {red, green, blue}\n\
                   domain n = 1..3\n\
                   pred paint(n, colour)\n\
                   pred done\n\
                   show paint\n\
                   forall x in n . exactly 1 { paint(x, c) : c in colour }\n\
                   forall x in n . paint(x, red) or paint(x, blue) or done\n\
                   % A cardinality encoding's auxiliaries (a counter).\n\
                   exactly 2 { paint(x, red) : x in n }\n";
    let integers = "domain colour = {red, green}\n\
                    var x in {-3, 0, 2, 7}\n\
                    var y in 1..5\n\
                    var c in colour\n\
                    show x\n\
                    x + y <= 6\n\
                    x =/= 0 or c = red\n";
    let programs = [
        load(&Source::new("m.qp", symbols), None, &[]).unwrap_or_else(|e| panic!("{}", e.render())),
        program("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[]),
        program("queens.qp", None, &[("n", "6")]),
        // Sums: their diagrams' auxiliaries are named when asked for.
        program("magic4.qp", None, &[("n", "3")]),
        // Integer variables over symbols and over numbers with gaps and negatives: their views'
        // variables (`x=v`, `x>=v`, `x.bitj`) named when asked for, those over symbols now.
        load(&Source::new("v.qp", integers), None, &[]).unwrap_or_else(|e| panic!("{}", e.render())),
        // Connectivity: its distance labels are one run of auxiliaries, named from one record.
        program("heyawake.qp", Some("heyawake-7x7.qpd"), &[]),
    ];
    let mut lazy_aux = 0;
    let mut labels = 0;
    let mut lazy_views = 0;
    let mut lazy_cardinality = 0;
    for (p, ints) in programs.iter().flat_map(|p| {
        [wgrnd_lang::IntEncoding::Auto, wgrnd_lang::IntEncoding::Direct, wgrnd_lang::IntEncoding::Log]
            .map(|ints| (p, ints))
    }) {
        let options = |names| wgrnd_lang::GroundOptions { names, ints, ..Default::default() };
        let on = wgrnd_lang::ground(p, &options(true)).unwrap_or_else(|e| panic!("{}", e.render()));
        let off = wgrnd_lang::ground(p, &options(false)).unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(on.cnf.clauses().collect::<Vec<_>>(), off.cnf.clauses().collect::<Vec<_>>());
        assert_eq!(on.projection, off.projection);
        // The size line differs in its estimate only: without names no header shows it, and it
        // is only bounded (guards taken to pass, `estimated at most N`).
        let size_line = |l: &str| l.split(" (estimated ").next().unwrap_or_default().to_string();
        let without: Vec<String> = on.header.iter().filter(|l| !l.starts_with("var ")).map(|l| size_line(l)).collect();
        assert_eq!(off.header.iter().map(|l| size_line(l)).collect::<Vec<_>>(), without);
        let bound = |h: &[String]| -> f64 {
            let l = h.iter().find(|l| l.contains("(estimated ")).expect("a size line");
            let n = l.rsplit(' ').next().unwrap_or_default().trim_end_matches(')');
            n.parse().unwrap_or_else(|_| panic!("no estimate in {l}"))
        };
        assert!(bound(&off.header) >= bound(&on.header), "the bound is below the estimate");
        assert_eq!(on.header.len() - without.len(), on.cnf.num_vars() as usize);
        let mut lazy = 0;
        for i in 0..on.cnf.num_vars() as usize {
            let v = wgrnd_sat::Var::from_index(i);
            assert_eq!(off.encoding.atom_name(v), on.encoding.names[i], "variable {}", i + 1);
            // Names off, the table ends before the connectivity labels (numbered last).
            let empty = off.encoding.names.get(i).is_none_or(String::is_empty);
            lazy += usize::from(empty);
            lazy_aux += usize::from(empty && on.encoding.names[i].starts_with("aux("));
            labels +=
                usize::from(off.encoding.names.get(i).is_none() && on.encoding.names[i].contains("connectivity label"));
            let view = ["=", ">=", ".bit"].iter().any(|k| on.encoding.names[i].contains(k));
            lazy_views += usize::from(empty && view);
            let cardinality = ["-amo ", "(at least j"].iter().any(|k| on.encoding.names[i].contains(k));
            lazy_cardinality += usize::from(empty && cardinality);
        }
        assert!(lazy > 0, "no name was left to make when asked");
    }
    assert!(lazy_aux > 0, "no auxiliary's name was left to make when asked");
    assert!(labels > 1000, "{labels} connectivity labels named when asked");
    assert!(lazy_views > 0, "no integer view's name was left to make when asked");
    assert!(lazy_cardinality > 0, "no cardinality encoding's auxiliary was left to name when asked");
}

/// The lex-leader auxiliaries a count's proven symmetries add are named when asked for with
/// names off, by the name the header gives them with names on.
#[test]
fn symmetry_auxiliaries_named_when_asked_are_the_headers() {
    use wgrnd_seam::AtomNames;
    let p = program("magic4.qp", None, &[("n", "3")]);
    let options = |names| wgrnd_lang::GroundOptions { names, symmetries: true, lex_leader: true, ..Default::default() };
    let on = wgrnd_lang::ground(&p, &options(true)).unwrap_or_else(|e| panic!("{}", e.render()));
    let off = wgrnd_lang::ground(&p, &options(false)).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(on.cnf.clauses().collect::<Vec<_>>(), off.cnf.clauses().collect::<Vec<_>>());
    let mut symmetry_aux = 0;
    for i in 0..on.cnf.num_vars() as usize {
        let v = wgrnd_sat::Var::from_index(i);
        assert_eq!(off.encoding.atom_name(v), on.encoding.names[i], "variable {}", i + 1);
        symmetry_aux += usize::from(off.encoding.names[i].is_empty() && on.encoding.names[i].contains("lex-leader"));
    }
    assert!(symmetry_aux > 0, "no lex-leader auxiliary was left to name when asked");
}

/// A predicate without arguments decodes, checks, prints, reads back and shows as JSON; it is
/// not cell-shaped (deciding that once indexed its missing first argument and panicked).
#[test]
fn a_predicate_without_arguments_works_everywhere() {
    let p = load(&Source::new("t.qp", "pred q\nq\n"), None, &[]).expect("loads");
    let (n, first) = count(&p, 10);
    assert_eq!(n, 1);
    let s = first.expect("a solution");
    assert_eq!(s.to_facts(), "q.\n");
    assert_eq!(s.to_json()["q"], serde_json::json!([[]]));
    assert!(s.grid().is_none());
    let back = parse_solution(&p, &Source::new("t.sol", "q.\n")).expect("reads back");
    assert_eq!(back, s);
    assert!(broken(&p, &back).is_empty());
    let none = parse_solution(&p, &Source::new("t.sol", "")).expect("reads back");
    assert_eq!(broken(&p, &none).len(), 1);
}

/// `check` lists every broken statement, not the first one only.
#[test]
fn every_broken_statement_is_listed() {
    let text = "domain d = 1..3\npred a(d)\npred b(d)\nforall x in d . a(x)\nexists x in d . b(x)\nnot a(2)\n";
    let p = load(&Source::new("m.qp", text), None, &[]).expect("loads");
    let s = parse_solution(&p, &Source::new("s", "a(1). a(2).\n")).expect("parses");
    let v = broken(&p, &s);
    assert_eq!(v.len(), 3, "{v:#?}");
    assert!(v[0].contains("m.qp:4:1") && v[0].contains("x = 3"), "{}", v[0]);
    assert!(v[1].contains("m.qp:5:1"), "{}", v[1]);
    assert!(v[2].contains("m.qp:6:1"), "{}", v[2]);
}

/// A statement the solution cannot be evaluated on (an integer variable without a value) is broken
/// like any other, and the statements after it are still checked.
#[test]
fn a_statement_without_values_is_broken_and_the_rest_still_checked() {
    let text = "domain d = 1..2\nvar x(d) in 0..3\npred a(d)\nx(1) = 2\nforall i in d . a(i)\n";
    let p = load(&Source::new("m.qp", text), None, &[]).expect("loads");
    let s = parse_solution(&p, &Source::new("s", "a(1).\n")).expect("parses");
    let v = broken(&p, &s);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert!(v[0].contains("gives no value to x(1)"), "{}", v[0]);
    assert!(v[1].contains("m.qp:5:1") && v[1].contains("i = 2"), "{}", v[1]);
}

/// Parameter values as `-D` gives them.
type Defines = &'static [(&'static str, &'static str)];

/// A grounding that leaves its symmetries for later (a plain count's) and then looks for them
/// (`add_symmetries`) is the grounding that looked for them at once, byte for byte: clauses,
/// header, hash, group and every variable's name. Models with a group (the 3 x 3 magic square,
/// queens, a colouring's interchangeable values), and ones whose candidates are all refused.
#[test]
fn symmetries_looked_for_later_are_those_looked_for_at_once() {
    use wgrnd_seam::AtomNames;
    // The last: refused from the model alone (a hidden solved-for predicate), so not left for
    // later (the refusal costs nothing).
    let models: [(&str, Option<&str>, Defines, bool); 6] = [
        ("magic4.qp", None, &[("n", "3")], true),
        ("queens.qp", None, &[("n", "5")], true),
        ("colouring-std.qp", Some("std/queen5_5.qpd"), &[("k", "5")], true),
        ("kakuro.qp", Some("std/kakuro-6x6-easy.qpd"), &[], true),
        ("sendmore.qp", None, &[], true),
        ("nurikabe.qp", Some("nurikabe-pzprjs.qpd"), &[], false),
    ];
    for (model, data, defs, left) in models {
        let p = program(model, data, defs);
        for names in [true, false] {
            let options = |deferred| wgrnd_lang::GroundOptions {
                names,
                symmetries: true,
                symmetries_deferred: deferred,
                ..Default::default()
            };
            let ground = |o| wgrnd_lang::ground(&p, &o).unwrap_or_else(|e| panic!("{}", e.render()));
            let at_once = ground(options(false));
            let mut later = ground(options(true));
            assert_eq!(wgrnd_lang::symmetries_deferred(&later), left, "{model}");
            assert!(!wgrnd_lang::symmetries_deferred(&at_once), "{model}");
            if left {
                assert!(later.symmetries.is_empty(), "{model}");
                assert!(later.header.iter().any(|l| l.starts_with("symmetries: left for later")), "{model}");
            }
            wgrnd_lang::add_symmetries(&p, &mut later);
            assert!(!wgrnd_lang::symmetries_deferred(&later), "{model}");
            assert_eq!(later.header, at_once.header, "{model}, names {names}");
            assert_eq!(later.hash, at_once.hash, "{model}");
            assert_eq!(later.cnf.num_vars(), at_once.cnf.num_vars(), "{model}");
            assert_eq!(later.cnf.clauses().collect::<Vec<_>>(), at_once.cnf.clauses().collect::<Vec<_>>(), "{model}");
            let images = |g: &wgrnd_lang::Grounding| g.symmetries.iter().map(|s| s.image.clone()).collect::<Vec<_>>();
            assert_eq!(images(&later), images(&at_once), "{model}");
            for i in 0..at_once.cnf.num_vars() as usize {
                let v = wgrnd_sat::Var::from_index(i);
                assert_eq!(later.encoding.atom_name(v), at_once.encoding.atom_name(v), "{model}: variable {}", i + 1);
            }
            // A second call finds nothing left to do.
            wgrnd_lang::add_symmetries(&p, &mut later);
            assert_eq!(later.header, at_once.header, "{model}");
            assert_eq!(later.cnf.num_clauses(), at_once.cnf.num_clauses(), "{model}");
        }
    }
    // The magic square has its eight symmetries: the comparison above covered a real group.
    let p = program("magic4.qp", None, &[("n", "3")]);
    let o = wgrnd_lang::GroundOptions { symmetries: true, ..Default::default() };
    assert_eq!(wgrnd_lang::ground(&p, &o).map(|g| g.symmetries.len()).ok(), Some(7));
}
