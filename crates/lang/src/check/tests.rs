//! The planned checker against the naive one (every binding of the full product) on random
//! solutions of small models: both must accept, or reject with the same diagnostic.

use super::flat::{Plan, BINDING_LIMIT};
use super::naive::check_naive;
use super::{check, check_cached, check_generic_runs, plan_and_walk, CheckCache, CheckSession};
use crate::program::{PredKind, Program, Val};
use crate::{load, parse_solution, Args, Solution, Source};

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
    "domain row = 1..3
domain col = 1..4
domain idx = 1..3
domain len = 0..4
domain few = { x in idx | x < 3 }
var r in row
var c in col
var k in idx
var f in few
var l in len
input pred rowrun(row, idx, len)
rowrun(1, 1, 1) rowrun(1, 2, 2) rowrun(2, 1, 4) rowrun(3, 2, 0) rowrun(3, 1, 2)
input pred colrun(idx, col, len)
colrun(1, 1, 3) colrun(1, 2, 2) colrun(1, 3, 2) colrun(2, 3, 0) colrun(1, 4, 2) colrun(3, 4, 1)
pred black(row, col)
pred mark(col)
forall r . runs { black(r, c) : c } = { l : k, l | rowrun(r, k, l) }
forall c . runs { black(r, c) : r } = { l : f, l | colrun(f, c, l) }
runs { mark(c) : c } = [1, 0, 1]
forall c . mark(c) -> black(1, c)",
    // Conjuncts decided on part of a binding (`Checker::partial`): a definition of comparisons,
    // solved-for atoms and `not` among them, ruled out before the last binders are bound.
    "domain R = 1..3
domain C = 1..3
pred b(R, C)
def nb(r1 in R, c1 in C, r2 in R, c2 in C) :=
  (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))
forall r1, r2 in R, c1, c2 in C | nb(r1, c1, r2, c2) . not (b(r1, c1) and b(r2, c2))
forall r1 in R, c1 in C, r2 in R, c2 in C . b(r1, c1) and r1 < r2 and not nb(r1, c1, r2, c2) ->
  not b(r2, c2) or c1 = c2 or (r2 - r1 = 2 and not (c1 = 1 and c2 = 3))
atleast 2 { b(r, c) : r in R, c in C }",
    // The same with a definition's arguments read from the solution (`x(j)`, `[b(j)]`): outside
    // the domain the atom is false whatever the body, so such a conjunct is not decided early.
    "domain N = 1..3
var x(N) in 0..3
pred b(N)
def p(a in N, c in N) := c = 1 or a = 2
forall i, j in N . i = 1 and not p(x(j), i) -> b(j)
forall i, j in N . not p([b(j)], i) and i < 3 -> b(i) or x(i) = 0
forall i, j in N . (i < j xor p(i, j)) and x(i) > 1 -> (b(j) iff x(j) = 2)",
    // Unit statements `forall xs | guard . not a(xs)`, judged on the true atoms of `a` alone
    // (`Checker::holds_at_true_atoms`): arguments in another order than the binders, a binder of
    // a smaller domain than its argument's, a guard that reads data, a definition and a binder
    // outside the atom (not of that shape: walked).
    "domain R = 1..3
domain C = 1..2
domain S = { r in R | r < 3 }
input pred hole(R, C)
hole(2, 2)
pred link(R, C, R, C)
pred on(R, C)
def nb(r1 in R, c1 in C, r2 in R, c2 in C) :=
  (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))
forall r1, r2 in R, c1, c2 in C | not nb(r1, c1, r2, c2) . not link(r1, c1, r2, c2)
forall r1 in S, c1 in C, r2 in R, c2 in C | hole(r1, c1) or hole(r2, c2) . not link(r2, c2, r1, c1)
forall r in R, c in C, c2 in C | c2 < c . not link(r, c, r, c)
forall r in R, c in C . on(r, c) -> exists r2 in R, c2 in C . link(r, c, r2, c2)
atleast 1 { on(r, c) : r in R, c in C }",
    // `connected` over a definition, whose pairs are first tried on one node and a prefix of
    // the other's values (`connect.rs`, `apart`): one adjacency symmetric, one that holds only
    // with the later node first (nodes come in row order: the second order of `apart`), nodes
    // of a guard, a definition that calls itself (not read through: it would not end), and
    // nodes of three values, ruled out by their first value, then their first two (`meet`: one
    // edge holds only with the later node first).
    "domain R = 1..3
domain C = 1..4
domain K = 1..2
pred b(R, C)
pred t(R, C, K)
def meet(r1 in R, c1 in C, k1 in K, r2 in R, c2 in C, k2 in K) :=
  (r1 = r2 and c1 = c2 and k1 != k2) or (k1 = 2 and k2 = 1 and ((r2 = r1 + 1 and c1 = c2) or (r1 = r2 and c2 = c1 + 1)))
  or (k1 = 1 and k2 = 2 and r1 = r2 + 1 and c1 = c2)
connected { t(r, c, k) : r in R, c in C, k in K | r + k > 2 } via meet
def nb(r1 in R, c1 in C, r2 in R, c2 in C) :=
  (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))
def up(r1 in R, c1 in C, r2 in R, c2 in C) := r1 = r2 + 1 and (c1 = c2 or c1 = c2 + 1)
def reach(r1 in R, c1 in C, r2 in R, c2 in C) :=
  (r1 = r2 and c1 = c2 + 1) or (r1 = r2 and c2 > 1 and reach(r1, c1, r2, c2 - 1))
connected { b(r, c) : r in R, c in C } via nb
connected { not b(r, c) : r in R, c in C | r + c > 2 } via up
connected { b(r, c) : r in R, c in C | r = 2 } via reach
atleast 3 { b(r, c) : r in R, c in C }",
    // Counts over data, remembered per value of the variables they read (`formulas.rs`): a
    // room's size asked at every cell of it and every value, a counting formula over data, a
    // count over data inside a count of solved-for atoms, and one inside a definition.
    "domain c = 1..4
domain m = 1..3
domain v = 1..4
input pred room(c, m)
room(1, 1) room(2, 1) room(3, 2) room(4, 3)
pred n(c, v)
forall x in c . exactly 1 { n(x, k) : k in v }
forall x in c, y in m, k in v | room(x, y) and k > count { room(z, y) : z in c } . not n(x, k)
forall y in m . atmost 1 { room(z, y) : z in c } or exists x in c . room(x, y) and n(x, 2)
def big(y in m) := count { room(z, y) : z in c } > 1
forall x in c, y in m | room(x, y) and big(y) . not n(x, 4)
atleast 2 { n(x, k) : x in c, k in v | k >= count { room(z, w) : z in c, w in m | w < k } }",
    // Binders solved from equations (`solve.rs`, domains of more than four values), on binders
    // no atom generates (a count's literal `not b(..)`, a guard of comparisons): through a
    // definition under `or` and `and`, one that calls itself, `x + k`, `x - k`, `k - x`, a
    // negation, an equation on no binder.
    "domain R = 1..5
domain C = 1..6
pred b(R, C)
def nb(r1 in R, c1 in C, r2 in R, c2 in C) :=
  (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))
def step(a in C, z in C) := a = z + 1 or (a = z + 2 and step(a, z + 1))
forall r in R, c in C . b(r, c) -> atmost 3 { not b(r2, c2) : r2 in R, c2 in C | nb(r, c, r2, c2) }
forall r in R, c in C, c2 in C | c2 - c = 1 . not (b(r, c) and b(r, c2))
forall c in C, c2 in C | c2 > 1 and step(c2, c - 0) . b(5, c) or not b(5, c2) or c2 = 6
forall r in R, r2 in R | 6 - r2 = r and r < r2 . b(r, 1) -> b(r2, 1)
forall c in C, c2 in C | -c2 = -1 - c . b(1, c) or b(1, c2)
forall r in R, c in C | r = 2 and 3 = c + r . b(r, c) or b(r + 1, c)
forall c in C, c2 in C | (c2 = c + 1 and c2 = 2 * c - 1) or c2 = 1 . b(3, c) -> not b(3, c2)
forall c in C, c2 in C | c2 = c + 2 and c2 = 3 * c - 2 . b(4, c) or b(4, c2)
atleast 5 { b(r, c) : r in R, c in C }",
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
    let mut s = wgrnd_sat::solver::session(&wgrnd_sat::solver::SolverSpec::Builtin, &g.cnf, &Default::default());
    let mut out = Vec::new();
    while out.len() < limit {
        let Ok(wgrnd_sat::SolverAnswer::Sat(m)) = s.solve(None) else { break };
        out.push(crate::decode(p, &g.encoding, |v| m.value(v) == Some(true)));
        let block: Vec<wgrnd_sat::Lit> = (0..g.cnf.num_vars() as usize)
            .map(wgrnd_sat::Var::from_index)
            .map(|v| v.lit(m.value(v) != Some(true)))
            .collect();
        if block.is_empty() {
            break;
        }
        s.add_clause(&block);
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
            let t: Args = all[rng.below(all.len() as u64) as usize].as_slice().into();
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

/// The planned checker (alone, with `cache` and through `session`, which the caller keeps across
/// the solutions of `p`, right and wrong ones alike) against the naive one; whether `s` is
/// accepted.
fn same(p: &Program, cache: &CheckCache, session: &mut CheckSession, s: &Solution, what: &str) -> bool {
    plan_agrees(p, s, what);
    let fast = render(check(p, s));
    let naive = render(check_naive(p, s));
    assert_eq!(fast, naive, "{what}, solution:\n{}", s.to_facts());
    assert_eq!(render(check_generic_runs(p, s)), naive, "{what} (runs the generic way), solution:\n{}", s.to_facts());
    assert_eq!(render(check_cached(p, s, cache)), naive, "{what} (cached), solution:\n{}", s.to_facts());
    assert_eq!(render(session.check(s)), naive, "{what} (session), solution:\n{}", s.to_facts());
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
        let mut session = CheckSession::new(&p, &cache);
        for (k, sol) in solutions(&p, 40).iter().enumerate() {
            assert!(
                same(&p, &cache, &mut session, sol, &format!("model {m}, solution {k}")),
                "model {m}: solution {k} rejected"
            );
            accepted += 1;
            for _ in 0..30 {
                let bad = mutate(&p, sol, &mut rng);
                if same(&p, &cache, &mut session, &bad, &format!("model {m}, mutated solution {k}")) {
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
            if same(&p, &cache, &mut session, &s, &format!("model {m}, random solution {round}")) {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
        // Both outcomes must occur, or the comparison proves little.
        assert!(accepted > 0 && rejected > 0, "model {m}: {accepted} accepted, {rejected} rejected");
    }
}

/// Connectivity over a definition of nodes of three values, whose pairs the checker rules out by
/// a prefix of the second node's values (`connect.rs`): every set of true nodes of a 2 x 2 x 2
/// grid, the planned checker against the naive one. The random solutions above meet a skipped
/// edge only where it changes the verdict; here every set is judged.
#[test]
fn connectivity_by_prefixes_agrees_on_every_set_of_nodes() {
    let model = "domain R = 1..2
domain C = 1..2
domain K = 1..2
pred t(R, C, K)
def meet(r1 in R, c1 in C, k1 in K, r2 in R, c2 in C, k2 in K) :=
  (r1 = r2 and c1 = c2 and k1 != k2) or (k1 = 2 and k2 = 1 and r1 = r2 and c2 = c1 + 1)
  or (k1 = 1 and k2 = 2 and r1 = r2 + 1 and c1 = c2)
connected { t(r, c, k) : r in R, c in C, k in K } via meet";
    let p = load(&Source::new("prefixes.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let cache = CheckCache::new();
    let mut session = CheckSession::new(&p, &cache);
    let nodes: Vec<String> =
        (1..=2).flat_map(|r| (1..=2).flat_map(move |c| (1..=2).map(move |k| format!("t({r},{c},{k}).\n")))).collect();
    let (mut accepted, mut rejected) = (0, 0);
    for set in 0u32..1 << nodes.len() {
        let text: String =
            nodes.iter().enumerate().filter(|(i, _)| set >> i & 1 == 1).map(|(_, n)| n.as_str()).collect();
        let s = parse_solution(&p, &Source::new("s.txt", text)).unwrap_or_else(|e| panic!("{}", e.render()));
        if same(&p, &cache, &mut session, &s, &format!("set {set:#b}")) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(accepted > 0 && rejected > 0, "{accepted} accepted, {rejected} rejected");
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
        let mut session = CheckSession::new(&p, &cache);
        for (k, sol) in sols.iter().enumerate() {
            assert!(
                same(&p, &cache, &mut session, sol, &format!("{model}, solution {k}")),
                "{model}: solution {k} rejected"
            );
            for _ in 0..muts {
                if !same(
                    &p,
                    &cache,
                    &mut session,
                    &mutate(&p, sol, &mut rng),
                    &format!("{model}, mutated solution {k}"),
                ) {
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

/// The lines of `n` cells whose runs are `lens` (zeros are no runs), by placing the runs: the
/// first at any start, each next one at least one cell after the one before. Brute force, shared
/// with nothing of the checker.
fn placements(n: usize, lens: &[i64]) -> Vec<Vec<bool>> {
    let lens: Vec<usize> = lens.iter().filter(|&&l| l > 0).map(|&l| l as usize).collect();
    let mut out = Vec::new();
    let mut line = vec![false; n];
    fn place(lens: &[usize], from: usize, line: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
        let Some((&l, rest)) = lens.split_first() else {
            out.push(line.clone());
            return;
        };
        for start in from..line.len() {
            if start + l > line.len() {
                break;
            }
            line[start..start + l].fill(true);
            place(rest, start + l + 1, line, out);
            line[start..start + l].fill(false);
        }
    }
    place(&lens, 0, &mut line, &mut out);
    out
}

/// Every line of 6 cells (cell `i` true: the fact `cell(i)`, from 1; `extra` is in every
/// solution): the fast path, the generic way and the naive checker accept it exactly when a
/// placement of the runs `lens` gives it. Returns how many lines were accepted.
fn every_line_agrees(p: &Program, lens: &[i64], cell: &dyn Fn(usize) -> String, extra: &str, form: &str) -> usize {
    let fits = placements(6, lens);
    let mut accepted = 0;
    for bits in 0..64u32 {
        let line: Vec<bool> = (0..6).map(|i| bits >> i & 1 == 1).collect();
        let mut sol = extra.to_string();
        sol.extend((0..6).filter(|&i| line[i]).map(|i| format!("\n{}", cell(i + 1))));
        let s = parse_solution(p, &Source::new("s.txt", sol)).unwrap_or_else(|e| panic!("{}", e.render()));
        let want = fits.contains(&line);
        let what = format!("clue {lens:?} {form}, line {line:?}");
        assert_eq!(render(check(p, &s)).map(|v| v.is_empty()), Ok(want), "{what}");
        assert_eq!(render(check_generic_runs(p, &s)).map(|v| v.is_empty()), Ok(want), "{what} (generic)");
        assert_eq!(render(check_naive(p, &s)).map(|v| v.is_empty()), Ok(want), "{what} (naive)");
        accepted += usize::from(want);
    }
    accepted
}

/// Random lines of 6 cells and random clues, the lengths as facts in the binders' order, in the
/// reversed order, through a filter domain and as a written list: the fast path, the generic
/// way and the naive checker accept exactly the lines that a placement of the runs gives.
#[test]
fn runs_agree_with_brute_force_on_random_lines() {
    let mut rng = Rng(0x0bad_5eed_1234_5678);
    let forms = [
        ("{ l : k, l | run(k, l) }", 0),
        ("{ l : l, k | run(k, l) }", 1),
        ("{ l : f, l | run(f, l) }", 2),
        ("[LIST]", 3),
    ];
    let (mut accepted, mut fast_lines) = (0, 0);
    for round in 0..160 {
        let (form, kind) = forms[round % forms.len()];
        let mut facts: Vec<(i64, i64)> =
            (0..rng.below(4)).map(|_| (1 + rng.below(3) as i64, rng.below(4) as i64)).collect();
        facts.sort_unstable();
        facts.dedup();
        // The lengths as the comprehension lists them: by k then l, by l then k, k < 3 only.
        let lens: Vec<i64> = match kind {
            1 => {
                let mut by_len = facts.clone();
                by_len.sort_unstable_by_key(|&(k, l)| (l, k));
                by_len.iter().map(|&(_, l)| l).collect()
            }
            2 => facts.iter().filter(|&&(k, _)| k < 3).map(|&(_, l)| l).collect(),
            _ => facts.iter().map(|&(_, l)| l).collect(),
        };
        let list = format!("[{}]", lens.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", "));
        let text = format!(
            "domain col = 1..6
domain idx = 1..3
domain few = {{ x in idx | x < 3 }}
domain len = 0..3
var c in col
var k in idx
var f in few
var l in len
input pred run(idx, len)
{}
pred black(col)
runs {{ black(c) : c }} = {}",
            facts.iter().map(|(k, l)| format!("run({k}, {l})")).collect::<Vec<_>>().join(" "),
            form.replace("[LIST]", &list)
        );
        let p = load(&Source::new("line.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        if let crate::program::F::Runs(r) = &p.stmts[0].f {
            fast_lines += usize::from(matches!(super::runs::shape(&p, r), super::runs::Shape::Line(_)));
        }
        accepted += every_line_agrees(&p, &lens, &|i| format!("black({i})."), "", &format!("as {form}"));
    }
    assert!(accepted > 100, "{accepted} lines accepted: the clues prove little");
    assert_eq!(fast_lines, 160, "every form is a line for the fast path");
}

/// A `.non` puzzle as models/nonogram.qp's data (every line's clue shown) and its `goal` as the
/// solution's facts: a reading of the few keywords the fixtures use, of its own.
fn nonogram(text: &str) -> (String, String, usize, usize) {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let num = |key: &str| {
        lines.iter().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().parse::<usize>().ok()).expect(key)
    };
    let (w, h) = (num("width "), num("height "));
    let clues = |key: &str, n: usize| -> Vec<Vec<i64>> {
        let at = lines.iter().position(|l| *l == key).expect(key) + 1;
        lines[at..at + n]
            .iter()
            .map(|l| l.split(',').filter_map(|x| x.trim().parse().ok()).filter(|&x| x > 0).collect())
            .collect()
    };
    let (rows, cols) = (clues("rows", h), clues("columns", w));
    let most = rows.iter().chain(&cols).map(Vec::len).max().unwrap_or(0).max(1);
    let mut data = format!("param rows = {h}\nparam cols = {w}\nparam runs = {most}\n");
    for (name, all) in [("row", &rows), ("col", &cols)] {
        for (i, runs) in all.iter().enumerate() {
            data.push_str(&format!("{name}clue({})\n", i + 1));
            for (k, l) in runs.iter().enumerate() {
                data.push_str(&format!("{name}run({}, {}, {l})\n", i + 1, k + 1));
            }
        }
    }
    let goal = lines.iter().find_map(|l| l.strip_prefix("goal ")).expect("goal").trim_matches('"');
    let facts = goal
        .chars()
        .enumerate()
        .filter(|&(_, ch)| ch == '1')
        .map(|(i, _)| format!("black({}, {}).\n", i / w + 1, i % w + 1))
        .collect();
    (data, facts, h, w)
}

/// Every published nonogram: its picture is accepted by the fast path, the generic way and the
/// naive checker alike, and pictures with a few cells flipped get the same verdicts (the naive
/// checker on the first few only: it is slow on the large puzzles).
#[test]
fn runs_fast_path_agrees_on_nonogram_fixtures() {
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let model = std::fs::read_to_string(format!("{root}/models/nonogram.qp")).expect("models/nonogram.qp");
    let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/fixtures/nonogram"))
        .expect("fixtures/nonogram")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "non"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 39, "{} fixtures", paths.len());
    let mut rng = Rng(0x1357_9bdf_2468_ace0);
    let mut rejected = 0;
    for path in &paths {
        let (data, goal, h, w) = nonogram(&std::fs::read_to_string(path).expect("read"));
        let name = path.display().to_string();
        let p = load(&Source::new("nonogram.qp", model.as_str()), Some(&Source::new(name.as_str(), data)), &[])
            .unwrap_or_else(|e| panic!("{}", e.render()));
        for st in &p.stmts {
            let crate::program::F::Quant(q) = &st.f else { continue };
            if let crate::program::F::Runs(r) = &q.body {
                assert!(matches!(super::runs::shape(&p, r), super::runs::Shape::Line(_)), "{name}: not a line");
            }
        }
        let s = parse_solution(&p, &Source::new("goal", goal)).unwrap_or_else(|e| panic!("{}", e.render()));
        let fast = render(check(&p, &s));
        assert_eq!(fast, Ok(Vec::new()), "{name}: the goal is rejected");
        assert_eq!(render(check_generic_runs(&p, &s)), fast, "{name}");
        assert_eq!(render(check_naive(&p, &s)), fast, "{name} (naive)");
        for m in 0..6 {
            let mut bad = s.clone();
            let atoms = &mut bad.preds[0].atoms;
            for _ in 0..=rng.below(3) {
                let t: Args =
                    [Val::Int(1 + rng.below(h as u64) as i64), Val::Int(1 + rng.below(w as u64) as i64)].into();
                if !atoms.remove(&t) {
                    atoms.insert(t);
                }
            }
            let fast = render(check(&p, &bad));
            rejected += usize::from(fast.as_ref().is_ok_and(|v| !v.is_empty()));
            assert_eq!(render(check_generic_runs(&p, &bad)), fast, "{name}, flip {m}");
            if m < 2 {
                assert_eq!(render(check_naive(&p, &bad)), fast, "{name}, flip {m} (naive)");
            }
        }
    }
    assert!(rejected > 100, "{rejected} flipped pictures rejected");
}

/// A line of a predicate too large for a table (6,000 atoms: the checker reads the set of true
/// atoms), with a constant among its arguments: the fast path, the generic way and the naive
/// checker accept exactly the lines that a placement of the runs gives.
#[test]
fn runs_fast_path_reads_a_sparse_predicate() {
    let mut rng = Rng(0x2468_ace0_1357_9bdf);
    let mut accepted = 0;
    for _ in 0..24 {
        let mut facts: Vec<(i64, i64)> =
            (0..rng.below(4)).map(|_| (1 + rng.below(3) as i64, rng.below(4) as i64)).collect();
        facts.sort_unstable();
        facts.dedup();
        let lens: Vec<i64> = facts.iter().map(|&(_, l)| l).collect();
        let text = format!(
            "domain col = 1..6
domain wide = 1..1000
domain idx = 1..3
domain len = 0..3
var c in col
var k in idx
var l in len
input pred run(idx, len)
{}
pred black(col, wide)
runs {{ black(c, 7) : c }} = {{ l : k, l | run(k, l) }}",
            facts.iter().map(|(k, l)| format!("run({k}, {l})")).collect::<Vec<_>>().join(" "),
        );
        let p = load(&Source::new("line.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let crate::program::F::Runs(r) = &p.stmts[0].f else { panic!("not a runs statement") };
        assert!(matches!(super::runs::shape(&p, r), super::runs::Shape::Line(_)), "not a line");
        // Atoms off the line (another second argument) change nothing.
        let extra = "black(1, 8). black(6, 1000).";
        accepted += every_line_agrees(&p, &lens, &|i| format!("black({i}, 7)."), extra, "(sparse)");
    }
    assert!(accepted > 10, "{accepted} lines accepted: the clues prove little");
}

/// The check plan's verdict on every statement it judges (accepting or rejecting) is the tree
/// walk's: the plan is tested on its own, not only where it accepts.
fn plan_agrees(p: &Program, s: &Solution, what: &str) {
    let verdicts = plan_and_walk(p, s, BINDING_LIMIT);
    for (k, (plan, walk)) in verdicts.into_iter().enumerate() {
        if let Some(plan) = plan {
            assert_eq!(
                plan,
                walk,
                "{what}: statement {k}, the plan's verdict against the tree walk's; solution:\n{}",
                s.to_facts()
            );
        }
    }
}

/// One model with each kind of statement the check plan covers; a solution that satisfies them,
/// then one breaking each in turn.
const PLANNED: &str = "domain d = 1..4
var i, j, k in d
input pred e(d, d)
e(1, 2) e(2, 3) e(3, 4) e(2, 1)
pred p(d, d)
var x(d) in 1..4
forall i . exactly 1 { p(i, j) : j }
forall i, j | e(i, j) . x(i) =/= x(j)
forall i, j | e(i, j) and i + 1 = j . p(i, j) -> not p(j, i)
forall i . exists j . p(i, j) and forall k | k < j . not p(k, j)
sum { x(i) : i } <= 12
alldifferent { x(i) : i | i mod 2 = 1 }
forall i, j | i < j and j - i = 2 . not p(i, j) or not p(j, i) or p(i, i)";

#[test]
fn the_check_plan_rejects_each_kind_of_statement_as_the_tree_walk_does() {
    let p = load(&Source::new("planned.qp", PLANNED), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let solution = |atoms: &str, ints: [i64; 4]| {
        let mut text = String::new();
        for a in atoms.split_whitespace() {
            text.push_str(&format!("p({a}).\n"));
        }
        for (i, v) in ints.iter().enumerate() {
            text.push_str(&format!("x({}) = {v}.\n", i + 1));
        }
        parse_solution(&p, &Source::new("s.txt", text)).unwrap_or_else(|e| panic!("{}", e.render()))
    };
    let good = solution("1,1 2,2 3,3 4,4", [1, 2, 3, 2]);
    // (what is broken, the solution, the statement the plan must reject)
    let bad = [
        ("a count", solution("1,1 1,3 2,2 3,3 4,4", [1, 2, 3, 2]), 0),
        ("an integer comparison", solution("1,1 2,2 3,3 4,4", [1, 2, 2, 2]), 1),
        ("a guard over data", solution("1,2 2,1 3,3 4,4", [1, 2, 3, 2]), 2),
        ("nested quantifiers", solution("1,2 2,2 3,3 4,4", [1, 2, 3, 2]), 3),
        ("a sum", solution("1,1 2,2 3,3 4,4", [4, 3, 4, 3]), 4),
        ("an alldifferent", solution("1,1 2,2 3,3 4,4", [1, 2, 1, 2]), 5),
        ("a conjunction of clauses", solution("1,3 2,2 3,1 4,4", [1, 2, 3, 2]), 6),
        ("an edge given both ways", solution("1,1 2,2 3,3 4,4", [1, 1, 3, 2]), 1),
    ];
    let verdicts = plan_and_walk(&p, &good, BINDING_LIMIT);
    assert!(verdicts.iter().all(|&v| v == (Some(true), true)), "the good solution: {verdicts:?}");
    let cache = CheckCache::new();
    let mut session = CheckSession::new(&p, &cache);
    // A model this small is planned at a session's first solution; violations are still the
    // tree walk's.
    assert!(super::flat::within(&p, super::flat::BINDINGS_PER_SOLUTION));
    assert!(render(session.check(&good)).is_ok_and(|v| v.is_empty()));
    for (what, s, k) in &bad {
        let verdicts = plan_and_walk(&p, s, BINDING_LIMIT);
        assert_eq!(verdicts[*k], (Some(false), false), "{what}: the plan does not reject statement {k}");
        let walk = render(check(&p, s));
        assert!(walk.as_ref().is_ok_and(|v| !v.is_empty()), "{what}: accepted");
        assert_eq!(render(session.check(s)), walk, "{what}: the session's message");
        assert!(render(session.check(&good)).is_ok_and(|v| v.is_empty()), "after {what}");
    }
}

/// Appends three statements drawn from `shapes` to `model`, each with a guard drawn from `guards`
/// for `G` and a bound from 0 to 2 for `K`.
fn push_random_statements(model: &mut String, rng: &mut Rng, shapes: &[&str], guards: &[&str]) {
    for _ in 0..3 {
        let shape = shapes[rng.below(shapes.len() as u64) as usize];
        let g = guards[rng.below(guards.len() as u64) as usize];
        model.push_str(&shape.replace('G', g).replace('K', &rng.below(3).to_string()));
        model.push('\n');
    }
}

/// The plan against the tree walk on random models (every statement's verdict, where the plan
/// gives one), on random assignments, right and wrong: lang-fuzz's models in small.
#[test]
fn the_check_plan_and_the_tree_walk_agree_on_random_models() {
    let mut rng = Rng(0x51ed_270b_6a4c_33f1);
    let shapes = [
        "forall i . exactly K { p(i, j) : j | G }",
        "forall i, j | G . p(i, j) -> not p(j, i) or x(i) < x(j)",
        "forall i . exists j | G . p(i, j) and x(j) >= K",
        "sum { x(i) * [p(i, j)] : i, j | G } <= K + 3",
        "forall i, j | G and i < j . x(i) =/= x(j) or p(i, i)",
        "atmost K { p(i, j) : i, j | G and not e(i, j) }",
        "forall i . (p(i, i) iff exists j | G . e(i, j) and p(j, i)) or x(i) = K",
        "alldifferent { x(i) + [p(i, j)] : i, j | G and j = 1 }",
        "forall i . count { p(i, j) : j | G } <= x(i)",
        "forall i, j | G . not p(i, j) or not p(j, i) or p(j, j)",
        "forall i, j | G and i =/= j . x(i) =/= x(j) and x(j) =/= x(i)",
    ];
    let guards =
        ["true", "e(i, j)", "i =/= j", "i + j <= 4", "not e(j, i) and j > 1", "i + 1 = j or j = 1", "3 - j = -i + 1"];
    let (mut planned, mut rejected) = (0, 0);
    for round in 0..60 {
        let mut model = String::from(
            "domain d = 1..3\nvar i, j in d\ninput pred e(d, d)\ne(1, 2) e(2, 3) e(3, 3)\npred p(d, d)\nvar x(d) in 0..3\n",
        );
        push_random_statements(&mut model, &mut rng, &shapes, &guards);
        let p = load(&Source::new(format!("random{round}.qp"), model.clone()), None, &[])
            .unwrap_or_else(|e| panic!("{}\n{model}", e.render()));
        for _ in 0..40 {
            let mut text = String::new();
            for a in 1..=3 {
                for b in 1..=3 {
                    if rng.below(3) == 0 {
                        text.push_str(&format!("p({a}, {b}).\n"));
                    }
                }
                text.push_str(&format!("x({a}) = {}.\n", rng.below(4)));
            }
            let s = parse_solution(&p, &Source::new("s.txt", text)).unwrap_or_else(|e| panic!("{}", e.render()));
            let verdicts = plan_and_walk(&p, &s, BINDING_LIMIT);
            for (k, (plan, walk)) in verdicts.into_iter().enumerate() {
                if let Some(plan) = plan {
                    planned += 1;
                    rejected += usize::from(!plan);
                    assert_eq!(plan, walk, "statement {k} of\n{model}\non\n{}", s.to_facts());
                }
            }
        }
    }
    // Most statements are planned and both verdicts occur, or the comparison proves little.
    assert!(planned > 60 * 40 * 2 && rejected > planned / 10, "{planned} verdicts of the plan, {rejected} rejections");
}

/// The plan against the tree walk where the plan must leave a statement to it: division and
/// `mod` by a solved-for integer (an error when it is 0), integers without a value, symbol-valued
/// integers (compared, ordered, added: errors), atoms counted twice (`p(i mod 2 + 1, j)`), and
/// budgets from none to a few bindings (statements cut short). An evaluation error is not a
/// statement that holds: the plan must never accept there.
#[test]
fn the_check_plan_leaves_errors_missing_values_and_cut_statements_to_the_tree_walk() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let shapes = [
        "forall i . not (6 / x(i) = 3) or p(i, 1)",
        "forall i . p(i, i) or 6 / x(i) >= 2",
        "exists i, j | G . x(i) mod x(j) = 0",
        "forall i . exactly K { p(i mod 2 + 1, j) : j | G }",
        "sum { x(j mod 2 + 1) : i, j, k | G } <= K + 2",
        "alldifferent { x(i mod 2 + 1) : i, j | G }",
        "alldifferent except K { x(i) : i, j | G }",
        "count { p(i, j) : i, j | G } = x(1)",
        "forall i . p(i, 2) iff x(i) - x(2) > K",
        "forall i, j | G . x(i) =/= x(j) or p(i, j) or x(i) / (x(j) - 1) = 0",
        "forall i . c(i) =/= c(i mod 3 + 1) or p(i, i)",
        "forall i . c(i) < c(1) or p(i, 1)",
        "forall i . p(i, 1) or (x(i) + c(i) = 1)",
        "forall i . sum { x(j) : j | G and p(i, j) } =/= K or p(i, 3)",
        "forall i . exists j | G . p(i, j) or x(j) / x(i) = 2",
        "not (exactly K { x(i) / x(j) = 1 : i, j | G })",
        "forall i . d2(i) -> p(i, i)",
    ];
    let guards = [
        "true",
        "e(i, j)",
        "i =/= j",
        "not e(j, i) and j > 1",
        "6 / (j - 1) > 2",
        "x(j) > 0",
        "j = 3 / (i - 1) or j = i",
        "j + 9223372036854775806 = i + 9223372036854775805",
    ];
    // Half the models with a budget too small for some of their statements.
    let budgets = [BINDING_LIMIT, 0, BINDING_LIMIT, 2, BINDING_LIMIT, 5, BINDING_LIMIT, 13, BINDING_LIMIT, 30];
    let (mut planned, mut accepted, mut cut) = (0, 0, 0);
    for round in 0..150 {
        let mut model = String::from(
            "domain d = 1..3\ndomain col = {red, green, blue}\nvar i, j, k in d\ninput pred e(d, d)\ne(1, 2) e(2, 3) e(3, 3)
pred p(d, d)\nvar x(d) in 0..3\nvar c(d) in col\ndef d1(i) := i > 1\ndef d2(i) := d1(i) and not e(i, i)\n",
        );
        push_random_statements(&mut model, &mut rng, &shapes, &guards);
        let p = load(&Source::new(format!("errors{round}.qp"), model.clone()), None, &[])
            .unwrap_or_else(|e| panic!("{}\n{model}", e.render()));
        let budget = budgets[round % budgets.len()];
        cut += usize::from(Plan::build(&p, budget).cut());
        for _ in 0..20 {
            let mut text = String::new();
            for a in 1..=3 {
                for b in 1..=3 {
                    if rng.below(3) == 0 {
                        text.push_str(&format!("p({a}, {b}).\n"));
                    }
                }
                // A fifth of the integers without a value.
                if rng.below(5) != 0 {
                    text.push_str(&format!("x({a}) = {}.\n", rng.below(4)));
                }
                if rng.below(5) != 0 {
                    text.push_str(&format!("c({a}) = {}.\n", ["red", "green", "blue"][rng.below(3) as usize]));
                }
            }
            let s = parse_solution(&p, &Source::new("s.txt", text)).unwrap_or_else(|e| panic!("{}", e.render()));
            for (k, (plan, walk)) in plan_and_walk(&p, &s, budget).into_iter().enumerate() {
                if let Some(plan) = plan {
                    planned += 1;
                    accepted += usize::from(plan);
                    assert_eq!(plan, walk, "statement {k} of\n{model}\non\n{}", s.to_facts());
                }
            }
        }
    }
    // Seen: 2,595 verdicts, 854 acceptances, 64 models cut short.
    assert!(planned > 1200 && accepted > planned / 4 && cut > 30, "{planned} verdicts, {accepted} accepted, {cut} cut");
}

/// Stacked definitions, each using the one below four times: each is planned once per argument
/// tuple (a memo), so a budget of 100 bindings plans a depth of 12 (4^12 expansions without it).
#[test]
fn the_check_plan_expands_each_definition_once_per_argument_tuple() {
    let depth = 12;
    let mut model = String::from("domain d = 1..2\nvar i in d\npred p(d)\ndef d0(i) := i = 1\n");
    for l in 1..=depth {
        model.push_str(&format!("def d{l}(i) := d{0}(i) and d{0}(i) and d{0}(i) and d{0}(i)\n", l - 1));
    }
    model.push_str(&format!("forall i . d{depth}(i) -> p(i)\n"));
    let p = load(&Source::new("defs.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let plan = Plan::build(&p, 100);
    assert!(plan.planned() == 1 && !plan.cut(), "the stacked definitions are not planned within 100 bindings");
    for (atoms, holds) in [("p(1).", true), ("p(2).", false)] {
        let s = parse_solution(&p, &Source::new("s.txt", atoms)).unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(plan_and_walk(&p, &s, 100), [(Some(holds), holds)], "{atoms}");
    }
}

/// The plan's compiled guards (`guard.rs`) against the tree walk's evaluation over data
/// (`flat::data_holds`) at every binding of random guards: true, false and errors (division by
/// zero, a value outside a domain, a symbol in arithmetic, an unbound variable's absence) alike.
#[test]
fn the_plans_guard_programs_evaluate_as_the_tree_walk() {
    use crate::program::F;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let parts = [
        "true",
        "false",
        "e(i, j)",
        "e(i + 1, j)",
        "e(j, 3 - i)",
        "i < j",
        "i + j * 2 = 5",
        "i / (j - 1) = 1",
        "i mod j = 0",
        "-i + 4 >= j",
        "s = b",
        "s < b",
        "s + 1 = 2",
        "f(s)",
        "f(s) and i =/= 2",
    ];
    let joins = [" and ", " or ", " -> ", " iff ", " xor "];
    let mut tested = [0usize; 3];
    for round in 0..200 {
        let mut guard = String::new();
        for k in 0..1 + rng.below(4) {
            if k > 0 {
                guard.push_str(joins[rng.below(joins.len() as u64) as usize]);
            }
            let part = parts[rng.below(parts.len() as u64) as usize];
            if rng.below(4) == 0 {
                guard.push_str(&format!("not ({part})"));
            } else {
                guard.push_str(&format!("({part})"));
            }
        }
        let model = format!(
            "domain d = 1..3\ndomain sym = {{a, b}}\nvar i, j in d\nvar s in sym\ninput pred e(d, d)\n\
             e(1, 2) e(2, 3) e(3, 3)\ninput pred f(sym)\nf(a)\npred p(d, d)\n\
             forall i, j, s | {guard} . p(i, j)\n"
        );
        let p = load(&Source::new(format!("guard{round}.qp"), model.clone()), None, &[])
            .unwrap_or_else(|e| panic!("{}\n{model}", e.render()));
        let F::Quant(q) = &p.stmts[0].f else { panic!("{model}") };
        let g = q.guard.as_ref().unwrap_or_else(|| panic!("{model}"));
        let program = super::guard::Guard::new(g);
        let mut stack = Vec::new();
        let mut env = vec![None; p.stmts[0].slots.len()];
        let values = |b: usize| p.domains[q.binders[b].dom].values.clone();
        for &x in &values(0) {
            for &y in &values(1) {
                for &z in &values(2) {
                    env[q.binders[0].slot.index()] = Some(x);
                    env[q.binders[1].slot.index()] = Some(y);
                    env[q.binders[2].slot.index()] = Some(z);
                    let walk = super::flat::data_holds(&p, g, &env).ok();
                    let compiled = program.holds(&p, &env, &mut stack).ok();
                    assert_eq!(compiled, walk, "{guard} at {x:?}, {y:?}, {z:?}");
                    tested[walk.map_or(2, usize::from)] += 1;
                }
            }
        }
    }
    // False, true and errors all occur.
    assert!(tested.iter().all(|&n| n > 500), "{tested:?}");
}

/// A binder solved from an equality of its guard, and one drawn from an input atom's facts, take
/// only those values while the plan is built: a Langford-like count over 30 places (27,000
/// bindings of its domains) and a sum over the facts of a 30 x 30 relation are planned within
/// 5,000 bindings, and the plan's verdicts are the tree walk's on good and bad solutions.
#[test]
fn the_check_plan_draws_solved_and_generated_binders_values_only() {
    let model = "domain d = 1..30\nvar q, k, i in d\ninput pred e(d, d)\ne(1, 2) e(2, 3) e(3, 30)\n\
                 pred p(d, d)\n\
                 forall q . atmost 1 { p(k, i) : k, i | i = q or i + k + 1 = q }\n\
                 forall q, k | e(q, k) . not p(q, k) or p(k, q)\n\
                 forall q, k, i | 31 - i = q + k . not p(k, i) or q > 1";
    let p = load(&Source::new("solved.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let plan = Plan::build(&p, 5_000);
    assert!(plan.planned() == 3 && !plan.cut(), "not planned within 5,000 bindings");
    // (atoms, whether each statement holds)
    let cases = [
        ("p(1, 1).", [true, true, true]),
        ("p(2, 5). p(1, 1).", [true, true, true]),
        ("p(1, 2). p(2, 1).", [false, true, true]),
        ("p(1, 1). p(3, 1).", [false, true, true]),
        ("p(2, 3).", [true, false, true]),
        ("p(1, 1). p(1, 29).", [true, true, false]),
    ];
    for (atoms, holds) in cases {
        let s = parse_solution(&p, &Source::new("s.txt", atoms)).unwrap_or_else(|e| panic!("{}", e.render()));
        let want: Vec<(Option<bool>, bool)> = holds.iter().map(|&h| (Some(h), h)).collect();
        assert_eq!(plan_and_walk(&p, &s, 5_000), want, "{atoms}");
    }
}

/// A unit statement `forall xs | guard . not a(xs)` is judged on the true atoms of `a` alone
/// (`Checker::holds_at_true_atoms`) when no true atom passes its guard, and left to the walk
/// when one does (which names it).
#[test]
fn a_unit_statement_is_judged_on_the_true_atoms() {
    let model = MODELS.iter().copied().find(|m| m.contains("not link(r2, c2, r1, c1)")).unwrap_or_default();
    let p = load(&Source::new("units.qp", model), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let crate::program::F::Quant(q) = &p.stmts[0].f else { panic!("a forall") };
    let good = &solutions(&p, 1)[0];
    let mut env = vec![None; p.stmts[0].slots.len()];
    assert!(super::Checker::new(&p, good, None).holds_at_true_atoms(q, &mut env));
    assert!(env.iter().all(Option::is_none), "the binders are unbound again");
    let text = format!("{}link(1, 1, 3, 2).\n", good.to_facts());
    let bad = parse_solution(&p, &Source::new("s.txt", text)).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(!super::Checker::new(&p, &bad, None).holds_at_true_atoms(q, &mut env));
    let broken = render(check(&p, &bad)).unwrap_or_default();
    assert!(broken.iter().any(|v| v.contains("r1 = 1") && v.contains("r2 = 3")), "{broken:?}");
}
