//! Test helpers: load fixtures, ground, enumerate solutions projected on the shown atoms with
//! CaDiCaL, check every one with the checker.

#![allow(dead_code)]

use wgrnd_lang::{check, decode, ground, load, GroundOptions, Grounding, Program, Solution, Source};

/// The rendered violations of `s` (the checker must be able to judge it).
pub fn broken(p: &Program, s: &Solution) -> Vec<String> {
    match check(p, s) {
        Ok(v) => v.iter().map(|v| v.render()).collect(),
        Err(e) => panic!("the checker could not judge:\n{}", e.render()),
    }
}

pub fn fixture(name: &str) -> Source {
    let path = format!("{}/../../fixtures/qprop/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Source::new(format!("fixtures/qprop/{name}"), text)
}

pub fn program(model: &str, data: Option<&str>, defs: &[(&str, &str)]) -> Program {
    let data = data.map(fixture);
    let ov: Vec<(String, String)> = defs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    match load(&fixture(model), data.as_ref(), &ov) {
        Ok(p) => p,
        Err(e) => panic!("{}", e.render()),
    }
}

pub fn grounding(p: &Program) -> Grounding {
    match ground(p, &GroundOptions::default()) {
        Ok(g) => g,
        Err(e) => panic!("{}", e.render()),
    }
}

/// Counts solutions projected on the shown atoms, checking each (up to `limit`).
pub fn count(p: &Program, limit: usize) -> (usize, Option<Solution>) {
    count_checking(p, limit, 1)
}

/// Counts solutions projected on the shown atoms, checking the first 20 and every `every`-th.
pub fn count_checking(p: &Program, limit: usize, every: usize) -> (usize, Option<Solution>) {
    let mut first = None;
    let n = each_solution(p, &grounding(p), limit, |n, sol| {
        if n < 20 || n % every == 0 {
            let broken = broken(p, &sol);
            assert!(broken.is_empty(), "solution {n} rejected:\n{}\n{}", broken.join("\n"), sol.to_facts());
        }
        first.get_or_insert(sol);
    });
    (n, first)
}

/// The solutions of `g` projected on the shown atoms, up to `limit`, one after the other
/// (numbered from 0) to `each`, found by CaDiCaL with a blocking clause per solution; how many.
pub fn each_solution(p: &Program, g: &Grounding, limit: usize, mut each: impl FnMut(usize, Solution)) -> usize {
    let mut s = wgrnd_sat::solver::session(&wgrnd_sat::solver::SolverSpec::Builtin, &g.cnf, &Default::default());
    let mut n = 0;
    while n < limit {
        let Ok(wgrnd_sat::SolverAnswer::Sat(m)) = s.solve(None) else { break };
        let value = |v: wgrnd_sat::Var| m.value(v) == Some(true);
        each(n, decode(p, &g.encoding, value));
        n += 1;
        let block: Vec<wgrnd_sat::Lit> = g.projection.iter().map(|&v| v.lit(!value(v))).collect();
        if block.is_empty() {
            break;
        }
        s.add_clause(&block);
    }
    n
}

/// [`program`] with the data's `table p from "file"` files read from the repository (their
/// paths are relative to the fixture, named `fixtures/qprop/...`).
pub fn program_on_disk(model: &str, data: &str, defs: &[(&str, &str)]) -> Program {
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let read = |path: &std::path::Path| std::fs::read_to_string(std::path::Path::new(&root).join(path));
    let ov: Vec<(String, String)> = defs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    match wgrnd_lang::load_with(&fixture(model), Some(&fixture(data)), &ov, &read) {
        Ok(p) => p,
        Err(e) => panic!("{}", e.render()),
    }
}

/// A fixed-seed xorshift generator for random test models (seed it non-zero).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// One of `v`, uniformly.
    pub fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }
}

/// splr on the written-out clauses (the constraints kept whole included), counting solutions
/// projected on the shown atoms up to `limit`, each model checked against the formula.
pub fn count_by_clauses(p: &Program, limit: usize) -> usize {
    let g = grounding(p);
    let mut s = wgrnd_sat::solver::session(&wgrnd_sat::solver::SolverSpec::Splr, &g.cnf, &Default::default());
    let mut n = 0;
    while n < limit {
        let Ok(wgrnd_sat::SolverAnswer::Sat(m)) = s.solve(None) else { break };
        assert!(g.cnf.first_unsatisfied(&m).is_none());
        n += 1;
        let block: Vec<wgrnd_sat::Lit> = g.projection.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
        s.add_clause(&block);
    }
    n
}
