//! The planned checker against the naive one (every binding of the full product) on random
//! solutions of small models: both must accept, or reject with the same diagnostic.

use super::naive::check_naive;
use super::{check, check_cached, CheckCache};
use crate::program::{PredKind, Program, Val};
use crate::{load, parse_solution, Solution, Source};

/// Small models covering guards, data and solved-for atoms as generators, `->`, `not a or b`,
/// `exists ... and`, counts, sums, integer variables, definitions and filter domains.
const MODELS: &[&str] = &[
    "param n = 4
domain row = 1..n
var i, i2 in row
var j, j2 in row
pred q(row, row)
forall i . exactly 1 { q(i, j) : j }
forall j . exactly 1 { q(i, j) : i }
forall i, j, i2, j2 | i < i2 and (i2 - i = j2 - j or i2 - i = j - j2) . not q(i, j) or not q(i2, j2)",
    "domain s = {a, b, c}
domain n = 0..3
domain odd = { x in n | x mod 2 = 1 }
var x, y in s
var k, m in n
var o in odd
input pred e(s, s)
e(a, b) e(b, c) e(c, a) e(a, a)
pred p(s, n)
pred r(s)
def loop(x) := e(x, x)
forall x . exists k . p(x, k) and k > 0
forall x, y | e(x, y) . r(x) -> r(y) or p(y, 0)
forall x, k . p(x, k) and k > 1 -> not r(x) or exists m | m < k . p(x, m)
forall x | loop(x) . atmost 2 { p(x, k) : k }
forall o, x . p(x, o) xor r(x)
forall x . (r(x) iff exists y . e(y, x) and p(y, 1)) or not r(x)
atleast 1 { r(x) : x | not loop(x) }",
    "domain c = 1..3
domain v = 1..4
var i, j in c
var a, b in v
var x(c) in 1..4
input pred w(c, v)
w(1, 2) w(2, 3) w(3, 4) w(3, 1)
pred t(c, v)
forall i . sum { x(j) : j | j =/= i } >= x(i)
forall i, a | w(i, a) . t(i, a) -> x(i) = a
forall i . exactly 1 { t(i, a) : a }
forall i, j | i < j . x(i) =/= x(j) or t(i, 1)
sum { a * [t(i, a)] : i, a | w(i, a) } <= 9",
    "domain d = 1..4
input pred ed(d, d)
ed(1, 2) ed(2, 3) ed(3, 4) ed(4, 1) ed(1, 3)
pred on(d)
pred u(d, d)
connected { on(x) : x in d } via ed
circuit { on(x) or u(x, x) : x in d | x > 1 } via u
forall y in d . connected { not on(x) and x =/= y : x in d } via ed",
];

/// A tiny deterministic generator (xorshift): no dependency, reproducible failures.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Every argument tuple of a predicate.
fn tuples(p: &Program, pred: crate::PredId) -> Vec<Vec<Val>> {
    let mut out = vec![Vec::new()];
    for &d in &p.preds[pred].args {
        out = out
            .into_iter()
            .flat_map(|t| p.domains[d].values.iter().map(move |v| [t.clone(), vec![*v]].concat()))
            .collect();
    }
    out
}

/// A random solution as facts text: each solved-for atom true with probability `density`/8,
/// every integer variable a random value of its domain.
fn random_solution(p: &Program, rng: &mut Rng, density: u64) -> String {
    let mut text = String::new();
    for (i, pred) in p.pred_ids().zip(&p.preds) {
        match &pred.kind {
            PredKind::Var => {
                for t in tuples(p, i) {
                    if rng.below(8) < density {
                        text.push_str(&format!("{}.\n", p.atom_name(i, &t)));
                    }
                }
            }
            PredKind::Int(d) => {
                let vals = &p.domains[*d].values;
                for t in tuples(p, i) {
                    let v = vals[rng.below(vals.len() as u64) as usize];
                    text.push_str(&format!("{} = {}.\n", p.atom_name(i, &t), crate::solution::show(p, v)));
                }
            }
            _ => {}
        }
    }
    text
}

/// Solutions of `p` from the solver (at most `limit`), blocked on every solved-for variable.
fn solutions(p: &Program, limit: usize) -> Vec<Solution> {
    let g = crate::ground(p, &crate::GroundOptions::default()).unwrap_or_else(|e| panic!("{}", e.render()));
    let mut s = cadical::Solver::<cadical::Timeout>::new();
    for c in g.cnf.clauses() {
        s.add_clause(c.iter().map(|l| l.to_dimacs()));
    }
    let mut out = Vec::new();
    while out.len() < limit && s.solve() == Some(true) {
        out.push(crate::decode(p, &g.encoding, |v| s.value(v.get() as i32) == Some(true)));
        let n = g.cnf.num_vars() as i32;
        let block: Vec<i32> = (1..=n).map(|v| if s.value(v) == Some(true) { -v } else { v }).collect();
        if block.is_empty() {
            break;
        }
        s.add_clause(block);
    }
    out
}

/// `s` with a few random atoms flipped and integer values changed.
fn mutate(p: &Program, s: &Solution, rng: &mut Rng) -> Solution {
    let mut s = s.clone();
    for _ in 0..=rng.below(2) {
        if !s.preds.is_empty() && (s.ints.is_empty() || rng.below(2) == 0) {
            let k = rng.below(s.preds.len() as u64) as usize;
            let all = tuples(p, s.preds[k].pred);
            let t = all[rng.below(all.len() as u64) as usize].clone();
            if !s.preds[k].atoms.remove(&t) {
                s.preds[k].atoms.insert(t);
            }
        } else if !s.ints.is_empty() {
            let k = rng.below(s.ints.len() as u64) as usize;
            let n = s.ints[k].values.len() as u64;
            if let Some(Val::Int(x)) = s.ints[k].values.values_mut().nth(rng.below(n) as usize) {
                *x += rng.below(3) as i64 - 1;
            }
        }
    }
    s
}

type Rendered = Result<Vec<String>, String>;

fn render(r: Result<Vec<super::Violation>, crate::QpropError>) -> Rendered {
    match r {
        Ok(v) => Ok(v.iter().map(|v| v.render()).collect()),
        Err(e) => Err(e.render()),
    }
}

/// The planned checker (alone, and with `cache`, which the caller keeps across the solutions of
/// `p`) against the naive one; whether `s` is accepted.
fn same(p: &Program, cache: &CheckCache, s: &Solution, what: &str) -> bool {
    let fast = render(check(p, s));
    let naive = render(check_naive(p, s));
    assert_eq!(fast, naive, "{what}, solution:\n{}", s.to_facts());
    assert_eq!(render(check_cached(p, s, cache)), naive, "{what} (cached), solution:\n{}", s.to_facts());
    fast.is_ok_and(|v| v.is_empty())
}

#[test]
fn planned_and_naive_checkers_agree_on_random_solutions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (m, model) in MODELS.iter().enumerate() {
        let p =
            load(&Source::new(format!("model{m}.qp"), *model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let (mut accepted, mut rejected) = (0, 0);
        let cache = CheckCache::new();
        for (k, sol) in solutions(&p, 40).iter().enumerate() {
            assert!(same(&p, &cache, sol, &format!("model {m}, solution {k}")), "model {m}: solution {k} rejected");
            accepted += 1;
            for _ in 0..30 {
                let bad = mutate(&p, sol, &mut rng);
                if same(&p, &cache, &bad, &format!("model {m}, mutated solution {k}")) {
                    accepted += 1;
                } else {
                    rejected += 1;
                }
            }
        }
        for round in 0..300 {
            let text = random_solution(&p, &mut rng, round % 5);
            let s =
                parse_solution(&p, &Source::new("s.txt", text.clone())).unwrap_or_else(|e| panic!("{}", e.render()));
            if same(&p, &cache, &s, &format!("model {m}, random solution {round}")) {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
        // Both outcomes must occur, or the comparison proves little.
        assert!(accepted > 0 && rejected > 0, "model {m}: {accepted} accepted, {rejected} rejected");
    }
}

/// A fixture (model, data, overrides) as a program.
fn fixture(model: &str, data: Option<&str>, defs: &[(&str, &str)]) -> Program {
    let read = |name: &str| {
        let path = format!("{}/../../fixtures/qprop/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        Source::new(format!("fixtures/qprop/{name}"), text)
    };
    let data = data.map(read);
    let ov: Vec<(String, String)> = defs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    load(&read(model), data.as_ref(), &ov).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// A fixture test case: model, data, overrides, solutions, mutations of each.
type Case = (&'static str, Option<&'static str>, &'static [(&'static str, &'static str)], usize, usize);

#[test]
fn planned_and_naive_checkers_agree_on_fixtures() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    // (model, data, overrides, solutions, mutations of each): the naive checker is slow on the
    // larger models, so they get fewer.
    let cases: &[Case] = &[
        ("queens.qp", None, &[("n", "6")], 4, 40),
        ("foursquares-seed004.qp", Some("seed004-pieces.qpd"), &[], 4, 20),
        ("foursquares.qp", Some("board4.qpd"), &[], 2, 10),
        ("magic.qp", None, &[], 2, 20),
        ("witch.qp", Some("witch-table1.qpd"), &[], 1, 6),
        ("witch-lpl.qp", Some("witch-table1.qpd"), &[], 1, 6),
        ("soma.qp", Some("soma.qpd"), &[], 1, 6),
        ("nurikabe.qp", Some("nurikabe-pzprjs.qpd"), &[], 1, 20),
        ("slitherlink.qp", Some("slitherlink-pzprjs.qpd"), &[], 1, 20),
    ];
    for &(model, data, defs, n, muts) in cases {
        let p = fixture(model, data, defs);
        let sols = solutions(&p, n);
        assert!(!sols.is_empty(), "{model}: no solution");
        let mut rejected = 0;
        let cache = CheckCache::new();
        for (k, sol) in sols.iter().enumerate() {
            assert!(same(&p, &cache, sol, &format!("{model}, solution {k}")), "{model}: solution {k} rejected");
            for _ in 0..muts {
                if !same(&p, &cache, &mutate(&p, sol, &mut rng), &format!("{model}, mutated solution {k}")) {
                    rejected += 1;
                }
            }
        }
        assert!(rejected > 0, "{model}: no mutation rejected");
    }
}

/// A cache filled on one program and then asked about another (the same model posed with other
/// facts, as a generator poses clues) starts afresh: its verdicts are those of a fresh checker.
#[test]
fn a_check_cache_follows_the_program_it_is_used_with() {
    let model = "domain d = 1..4
var x, y in d
clue pred e(d, d)
e(1, 2) e(2, 3)
pred on(d)
forall x, y | e(x, y) . on(x) -> on(y)
forall x . atmost 3 { on(y) : y | e(x, y) or e(y, x) or x = y }";
    let p = load(&Source::new("m.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let cache = CheckCache::new();
    let sols = solutions(&p, 20);
    assert!(sols.len() > 2);
    for s in &sols {
        assert_eq!(render(check_cached(&p, s, &cache)), render(check(&p, s)));
    }
    // The same number of facts, other edges: every verdict from a fresh start.
    let clues = p.clue_facts();
    let e = clues[0].0;
    let other = vec![(e, vec![Val::Int(3), Val::Int(4)]), (e, vec![Val::Int(4), Val::Int(1)])];
    let q = p.with_clue_facts(&other);
    let mut differs = false;
    for s in &sols {
        let fresh = render(check(&q, s));
        differs |= fresh != render(check(&p, s));
        assert_eq!(render(check_cached(&q, s, &cache)), fresh);
    }
    assert!(differs, "the other facts change no verdict: the test proves nothing");
    // And back: the cache now holds the other program's tables.
    for s in &sols {
        assert_eq!(render(check_cached(&p, s, &cache)), render(check(&p, s)));
    }
}
