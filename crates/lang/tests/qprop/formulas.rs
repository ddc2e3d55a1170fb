//! Reification, count terms, tables/element and order constraints: every count equals a brute
//! force that enumerates every assignment of the solved-for atoms and integer variables and asks
//! the checker (which evaluates the formulas and shares no code with the encoder).

use crate::common::{broken, each_solution, Rng};
use wgrnd_lang::{ground, load, parse_solution, GroundOptions, IntEncoding, PredKind, Program, Source, Val};

fn load_text(text: &str) -> Program {
    load(&Source::new("m.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// SAT count projected on the shown atoms (each solution checked), up to `limit`, and the CNF's size.
fn sat_count_with(p: &Program, o: &GroundOptions, limit: usize) -> (usize, u32, usize) {
    let g = ground(p, o).unwrap_or_else(|e| panic!("{}", e.render()));
    let n = each_solution(p, &g, limit, |_, sol| {
        let b = broken(p, &sol);
        assert!(b.is_empty(), "{}\n{}", b.join("\n"), sol.to_facts());
    });
    (n, g.cnf.num_vars(), g.cnf.num_clauses())
}

/// Every assignment of every solved-for atom and integer variable, judged by the checker.
fn brute(p: &Program) -> usize {
    // Choices: (text when chosen, per option) for each atom / integer.
    let mut slots: Vec<Vec<String>> = Vec::new();
    for (i, pr) in p.preds.iter().enumerate() {
        let id = p.pred_ids().nth(i).expect("id");
        let mut tuples: Vec<Vec<Val>> = vec![Vec::new()];
        for &d in &pr.args {
            let mut next = Vec::new();
            for t in &tuples {
                for v in &p.domains[d.index()].values {
                    let mut t = t.clone();
                    t.push(*v);
                    next.push(t);
                }
            }
            tuples = next;
        }
        match &pr.kind {
            PredKind::Var => {
                for t in &tuples {
                    slots.push(vec![String::new(), format!("{}.\n", p.atom_name(id, t))]);
                }
            }
            PredKind::Int(d) => {
                for t in &tuples {
                    let vals = &p.domains[d.index()].values;
                    slots.push(
                        vals.iter()
                            .map(|v| match v {
                                Val::Int(x) => format!("{} = {x}.\n", p.atom_name(id, t)),
                                Val::Sym(k) => format!("{} = {}.\n", p.atom_name(id, t), p.symbols[*k as usize]),
                            })
                            .collect(),
                    );
                }
            }
            _ => {}
        }
    }
    let total: f64 = slots.iter().map(|s| s.len() as f64).product();
    assert!(total <= 300_000.0, "brute force too large: {total}");
    let mut choice = vec![0usize; slots.len()];
    let mut n = 0;
    loop {
        let text: String = slots.iter().zip(&choice).map(|(s, &k)| s[k].as_str()).collect();
        let sol = parse_solution(p, &Source::new("answer.txt", text)).expect("reads");
        if broken(p, &sol).is_empty() {
            n += 1;
        }
        let mut i = slots.len();
        loop {
            if i == 0 {
                return n;
            }
            i -= 1;
            choice[i] += 1;
            if choice[i] < slots[i].len() {
                break;
            }
            choice[i] = 0;
        }
    }
}

/// Brute force, then wgrnd with both integer encodings: the same count.
fn agree(text: &str) -> usize {
    let p = load_text(text);
    let want = brute(&p);
    for ints in [IntEncoding::Order, IntEncoding::Log] {
        let (got, _, _) = sat_count_with(&p, &GroundOptions { ints, ..GroundOptions::default() }, usize::MAX);
        assert_eq!(got, want, "{ints:?}:\n{text}");
    }
    want
}

const HEAD: &str = "domain d = 1..3\npred a(d)\npred b(d)\n";
const INTS: &str = "domain d = 1..3\ndomain v = 0..3\nvar x(d) in 0..3\n";

#[test]
fn counting_constraints_under_every_connective() {
    let bodies = [
        "exactly 2 { a(i) : i in d } or b(1)",
        "b(1) -> atmost 1 { a(i) : i in d }",
        "not exactly 2 { a(i) : i in d }",
        "(exactly 1 { a(i) : i in d }) iff b(2)",
        "(atleast 2 { a(i) : i in d }) xor (atmost 1 { b(i) : i in d })",
        "not (atmost 1 { a(i) : i in d } and atleast 1 { b(i) : i in d })",
        "forall j in d . b(j) -> exactly 1 { a(i) : i in d | i =/= j }",
        "exists j in d . exactly j { a(i) : i in d }",
        "not (b(1) or exactly 3 { a(i) or b(i) : i in d })",
    ];
    for body in bodies {
        let n = agree(&format!("{HEAD}{body}\n"));
        assert!(n > 0 && n < 64, "{body}: {n}");
    }
}

#[test]
fn counting_over_any_formula() {
    for body in [
        "atmost 1 { a(i) and b(i) : i in d }",
        "exactly 2 { a(i) -> b(i) : i in d }",
        "atleast 2 { exists j in d . a(j) and j > i : i in d }",
        "exactly 1 { a(i) iff b(i) : i in d } and atleast 1 { a(i) xor b(i) : i in d }",
    ] {
        agree(&format!("{HEAD}{body}\n"));
    }
    for body in [
        "exactly 2 { x(i) = 2 : i in d }",
        "atmost 1 { x(i) >= 2 and x(i) =/= 3 : i in d }",
        "exactly 1 { x(i) > 1 : i in d } or x(1) = 0",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
}

#[test]
fn bracketed_formulas_and_sums_under_connectives() {
    for body in [
        "sum { [x(i) = 2] : i in d } = 1",
        "sum { [x(i) >= 1 and x(i) <= 2] * i : i in d } >= 4",
        "[x(1) = x(2) or x(3) = 0] + [x(2) > 1] = 1",
        "not (sum { x(i) : i in d } = 4)",
        "(sum { x(i) : i in d } >= 7) -> x(1) = 3",
        "(x(1) + x(2) = 3) iff (x(3) < 2)",
        "(x(1) < x(2)) xor (x(2) < x(3))",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
}

#[test]
fn count_terms_and_global_cardinality() {
    for body in [
        "count { x(i) = 1 : i in d } = 2",
        "count { x(i) = 1 : i in d } < count { x(i) = 2 : i in d }",
        "forall w in v . count { x(i) = w : i in d } <= 1",
        "x(1) = count { x(i) >= 2 : i in d }",
        "not (count { x(i) > 0 : i in d } = 3)",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
    // Global cardinality: value 1 twice, value 2 once, over four cells.
    let gcc = "domain c = 1..4\nvar y(c) in 1..3\ncount { y(i) = 1 : i in c } = 2\ncount { y(i) = 2 : i in c } = 1\n";
    assert_eq!(agree(gcc), 12, "4!/(2!1!1!) = 12 ways");
}

#[test]
fn tables_and_element() {
    let data = "input pred ok(v, v)\nok(0, 1). ok(1, 2). ok(2, 3). ok(3, 3).\n";
    for body in [
        "forall i in d | i < 3 . ok(x(i), x(i + 1))",
        "forall i in d | i < 3 . not ok(x(i), x(i + 1))",
        "ok(x(1), 2) or ok(2, x(2))",
        "exactly 1 { ok(x(i), x(i)) : i in d }",
        "[ok(x(1), x(2))] + [ok(x(2), x(3))] = 1",
    ] {
        agree(&format!("{INTS}{data}{body}\n"));
    }
    // Element over a solved-for predicate: p(x(i)) holds iff the atom x(i) selects does.
    for body in [
        "pred p(v)\nforall i in d . p(x(i))\natmost 2 { p(w) : w in v }",
        "pred p(v)\nnot p(x(1)) and p(x(2))",
        "pred p(v)\nexactly 1 { p(x(i)) : i in d } and atmost 2 { p(w) : w in v }",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
    // An integer term that may leave the argument's domain must not (the checker requires it).
    agree(&format!("{INTS}{data}ok(x(1) + 1, x(2))\n"));
}

#[test]
fn order_constraints() {
    for body in [
        "increasing { x(i) : i in d }",
        "strictly_increasing { x(i) : i in d }",
        "decreasing { x(i) : i in d } and x(1) < 3",
        "strictly_decreasing [x(3), x(1), x(2)]",
        "not increasing { x(i) : i in d }",
        "increasing { x(i) : i in d } or x(2) = 0",
        "lex_less([x(1), x(2)], [x(2), x(3)])",
        "lex_lesseq({ x(i) : i in d | i < 3 }, { x(i) : i in d | i > 1 })",
        "not lex_less([x(1)], [x(2), x(3)])",
        "lex_lesseq([x(1), x(2)], [x(1)]) iff x(3) = 1",
        "increasing [[x(1) > 1], [x(2) > 1], [x(3) > 1]]",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
}

/// `nvalue L op k` (docs/lang/nvalue.md): outright, under every connective, over lists and
/// comprehensions with guards, compared with data and with integer variables, over `[formula]`s,
/// elements that may be undefined, and symbols.
#[test]
fn nvalue_under_every_connective() {
    // 64 assignments of x(1..3) in 0..3: one value 4 times, two 36, three 24.
    for (body, want) in [
        ("nvalue { x(i) : i in d } = 2", 36),
        ("nvalue [x(1), x(2), x(3)] <= 1", 4),
        ("not (nvalue { x(i) : i in d } >= 3)", 40),
        ("nvalue { x(i) : i in d } > 3", 0),
        ("nvalue [] = 0", 64),
    ] {
        assert_eq!(agree(&format!("{INTS}{body}\n")), want, "{body}");
    }
    for body in [
        "nvalue { x(i) : i in d } = 2 or x(1) = 0",
        "nvalue { x(i) : i in d | i > 1 } = x(1)",
        "(nvalue { x(i) : i in d } < 3) iff x(2) = 1",
        "nvalue [x(1), 2, x(2)] =/= 2",
        "nvalue { [x(i) > 1] : i in d } = 1",
        "forall j in d . nvalue { x(i) : i in d | i =/= j } = 2",
        "exists j in d . nvalue { x(i) : i in d | i <= j } = j",
        "nvalue [x(x(1)), x(2)] = 1",
        "not (nvalue [x(x(1)), x(2)] = 1)",
        "nvalue { x(i) + x(j) : i, j in d | i < j } <= 2",
        "sum { x(i) : i in d } = 3 -> nvalue { x(i) : i in d } >= 2",
    ] {
        agree(&format!("{INTS}{body}\n"));
    }
    let colours = "domain d = 1..3\ndomain C = {r, g, b}\nvar c(d) in C\n";
    assert_eq!(agree(&format!("{colours}nvalue {{ c(i) : i in d }} = 2\n")), 18);
    assert_eq!(agree(&format!("{colours}nvalue [c(1), c(2), r] = 1\n")), 3);
    // `nvalue` stays a name where no sequence follows it.
    assert_eq!(agree("domain d = 1..2\npred nvalue(d)\nnvalue(1) or nvalue(2)\n"), 3);
}

/// Sharing (one literal per repeated ground sub-formula, comparison and counter) never grows the
/// CNF and never changes a count; prints what it saves on the fixtures (docs/encodings.md).
#[test]
fn sharing_never_grows_the_cnf_and_keeps_counts() {
    let latin = "param n = 4\ndomain d = 1..n\nvar x(d, d) in 1..n\n\
                 forall r, v in d . count { x(r, c) = v : c in d } = 1\n\
                 forall c, v in d . count { x(r, c) = v : r in d } = 1\n\
                 x(1, 1) = 1 and x(1, 2) = 2 and x(2, 1) = 3\n";
    let cases: Vec<(String, Program, Option<usize>)> = vec![
        ("magic.qp".into(), crate::common::program("magic.qp", None, &[]), Some(8)),
        ("queens.qp -D n=6".into(), crate::common::program("queens.qp", None, &[("n", "6")]), Some(4)),
        (
            "witch-lpl.qp + witch-table1.qpd".into(),
            crate::common::program("witch-lpl.qp", Some("witch-table1.qpd"), &[]),
            None,
        ),
        ("foursquares.qp + board4.qpd".into(), crate::common::program("foursquares.qp", Some("board4.qpd"), &[]), None),
        ("latin 4 x 4 by count terms".into(), load_text(latin), None),
    ];
    for (name, p, want) in cases {
        let mut sizes = Vec::new();
        let mut counts = Vec::new();
        for share in [false, true] {
            let (n, vars, clauses) = sat_count_with(&p, &GroundOptions { share, ..GroundOptions::default() }, 200);
            sizes.push((vars, clauses));
            counts.push(n);
        }
        println!(
            "{name}: without sharing {:?}, with {:?} (variables, clauses); {} solutions",
            sizes[0], sizes[1], counts[1]
        );
        assert!(sizes[1].0 <= sizes[0].0 && sizes[1].1 <= sizes[0].1, "{name}: {sizes:?}");
        assert_eq!(counts[0], counts[1], "{name}");
        if let Some(w) = want {
            assert_eq!(counts[1], w, "{name}");
        }
    }
}

/// docs/qprop.md's symmetry-breaking example: 18 colourings of a 4-cycle, 3 up to relabelling.
#[test]
fn lex_order_breaks_colour_symmetry() {
    let base = "domain node = 1..4\ndomain colour = 1..3\npred c(node, colour)\n\
                def edge(n in node, m in node) := m = n + 1 or (n = 1 and m = 4)\n\
                forall n in node . exactly 1 { c(n, k) : k in colour }\n\
                forall n, m in node | edge(n, m) . forall k in colour . not (c(n, k) and c(m, k))\n";
    assert_eq!(agree(base), 18);
    let broken = format!(
        "{base}forall k in colour | k < 3 . lex_lesseq({{ [c(n, k + 1)] : n in node }}, {{ [c(n, k)] : n in node }})\n"
    );
    assert_eq!(agree(&broken), 3);
}

/// Random formulas mixing every construct under random connectives, each counted against the
/// brute force (both integer encodings).
#[test]
fn random_formulas_agree_with_brute_force() {
    fn leaf(r: &mut Rng) -> String {
        let (i, j, k) = (1 + r.below(2), 1 + r.below(2), r.below(3));
        let op = ["=", "=/=", "<", "<=", ">", ">="][r.below(6) as usize];
        let kind = ["exactly", "atmost", "atleast"][r.below(3) as usize];
        match r.below(10) {
            0 => format!("a({i})"),
            1 => format!("x({i}) {op} {k}"),
            2 => format!("{kind} {k} {{ a(j) or x(j) = {k} : j in d }}"),
            3 => format!("count {{ x(j) {op} {k} : j in d }} {op} {}", r.below(3)),
            4 => format!("[a({i}) and x({j}) > 0] + [x({i}) = x({j})] {op} {}", r.below(3)),
            5 => format!("ok(x({i}), x({j}))"),
            6 => format!("p(x({i}))"),
            7 => ["increasing", "strictly_decreasing"][r.below(2) as usize].to_string() + " { x(j) : j in d }",
            8 => format!("lex_less([x(1), [a(2)]], [x(2), {k}])"),
            _ => format!("{kind} {k} {{ x(j) >= {k} : j in d | j >= {i} }}"),
        }
    }
    fn formula(r: &mut Rng, depth: u32) -> String {
        if depth == 0 || r.below(4) == 0 {
            return leaf(r);
        }
        let (a, b) = (formula(r, depth - 1), formula(r, depth - 1));
        match r.below(6) {
            0 => format!("({a} and {b})"),
            1 => format!("({a} or {b})"),
            2 => format!("({a} -> {b})"),
            3 => format!("({a} iff {b})"),
            4 => format!("({a} xor {b})"),
            _ => format!("not ({a})"),
        }
    }
    let head = "domain d = 1..2\ndomain v = 0..2\nvar x(d) in 0..2\npred a(d)\npred p(v)\n\
                input pred ok(v, v)\nok(0, 1). ok(1, 1). ok(2, 0).\n";
    let mut r = Rng(0x2026_1123);
    let mut sat = 0;
    for _ in 0..400 {
        let f = format!("{head}{}\n{}\n", formula(&mut r, 3), formula(&mut r, 2));
        if agree(&f) > 0 {
            sat += 1;
        }
    }
    assert!(sat > 80, "{sat} satisfiable of 400");
}

#[test]
fn parity_constraints_under_every_connective() {
    let bodies = [
        "xor { a(i) : i in d }",
        "odd { a(i) or b(i) : i in d }",
        "even { a(i) : i in d } and odd { b(i) : i in d | i > 1 }",
        "not xor { a(i) : i in d }",
        "even { a(i) : i in d } or b(1)",
        "b(2) -> odd { a(i) and b(i) : i in d }",
        "(xor { a(i) : i in d }) iff (even { b(i) : i in d })",
        "forall j in d . odd { a(i) : i in d | i =/= j } xor b(j)",
        "exactly 2 { odd { a(i) : i in d | i <= j } : j in d }",
        "atmost 1 { a(i) : i in d } and odd { a(i) or b(i) : i in d }",
        // Nine reified literals: a chain of chunks; a(1) three times cancels to once.
        "odd { a(i) and b(j) : i in d, j in d } and even { a(1) : i in d }",
        "not (b(3) and even { a(i) xor b(i) : i in d })",
        "sum { [a(i)] : i in d } mod 2 = 1",
        "1 != sum { [a(i) -> b(i)] : i in d } mod 2 and b(1)",
        "not (sum { [a(i)] : i in d } mod 2 = 0) or b(3)",
    ];
    for body in bodies {
        let n = agree(&format!("{HEAD}{body}\n"));
        assert!(n > 0 && n < 64, "{body}: {n}");
    }
    // Decided parities: an empty set is even; constants fold in.
    assert_eq!(agree(&format!("{HEAD}odd {{ a(i) : i in d | i > 3 }}\n")), 0);
    assert_eq!(agree(&format!("{HEAD}even {{ a(i) : i in d | i > 3 }}\n")), 64);
    assert_eq!(agree(&format!("{HEAD}odd {{ i = 2 or a(i) : i in d }}\n")), 32);
    // Over integer comparisons (reified).
    let n = agree(&format!("{INTS}odd {{ x(i) >= 2 : i in d }} and even {{ x(i) = 1 : i in d }}\n"));
    assert!(n > 0, "{n}");
}

#[test]
fn closed_parity_keeps_its_xors_beside_the_clauses() {
    let p = load_text(&format!("{HEAD}odd {{ a(i) : i in d }}\neven {{ a(i) or b(i) : i in d }}\nb(1)\n"));
    let g = ground(&p, &GroundOptions::default()).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(!g.xors.is_empty());
    // Every xor's clauses are exactly the assignments of the wrong parity it forbids.
    for x in &g.xors {
        let clauses: Vec<&[wgrnd_sat::Lit]> = g.cnf.clauses().skip(x.clauses.start).take(x.clauses.len()).collect();
        assert_eq!(clauses.len(), 1 << (x.vars.len() - 1));
        assert!(x.vars.len() <= 4);
    }
}
