//! The generalized totalizer (Joshi, Martins and Manquinho, 2015): a tree over weighted
//! literals whose every node has one output literal per sum its subtree can reach (sums above
//! `cap` merged into `cap`), implied by its children's outputs (`a -> o_a`, `b -> o_b`,
//! `a and b -> o_(a + b)`). An output is only implied, never forced false, so forbidding a sum
//! is assuming (or adding) the negation of every root output above it. Unweighted literals make
//! it the totalizer (Bailleux and Boufkhad, 2003), used for the cores of the core-guided engine.

use wgrnd_sat::solver::Session;
use wgrnd_sat::{Cnf, Lit, Var};

/// Where an encoding's clauses and fresh variables go: a solver session or a CNF.
pub(crate) trait Sink {
    fn clause(&mut self, c: &[Lit]);
    fn var(&mut self) -> Var;
}

impl Sink for Box<dyn Session> {
    fn clause(&mut self, c: &[Lit]) {
        self.add_clause(c);
    }
    fn var(&mut self) -> Var {
        self.new_var()
    }
}

impl Sink for Cnf {
    fn clause(&mut self, c: &[Lit]) {
        self.add_clause(c);
    }
    fn var(&mut self) -> Var {
        self.new_var()
    }
}

/// The root of a totalizer: `(sum, literal)` in increasing sums; the literal is true whenever
/// the weighted sum of the true inputs reaches `sum` (or the cap).
#[derive(Clone, Debug, Default)]
pub(crate) struct Totalizer {
    pub outputs: Vec<(u64, Lit)>,
}

impl Totalizer {
    /// Builds the tree over `terms` with sums capped at `cap`; `None` when it would take more
    /// than `budget` clauses (nothing is added then).
    pub(crate) fn build(terms: &[(u64, Lit)], cap: u64, budget: usize, sink: &mut impl Sink) -> Option<Totalizer> {
        let leaves: Vec<Vec<(u64, Lit)>> = terms.iter().map(|&t| vec![t]).collect();
        Totalizer::over_chains(&leaves, cap, budget, sink)
    }

    /// Builds the tree over chains (`chains.rs`: in each, every literal is implied by the next),
    /// each a leaf whose outputs are its literals at their prefix sums (capped at `cap`): a chain
    /// costs no clause, and a single chain is its own root. `None` when the tree would take more
    /// than `budget` clauses (nothing is added then).
    pub(crate) fn over_chains(
        chains: &[Vec<(u64, Lit)>],
        cap: u64,
        budget: usize,
        sink: &mut impl Sink,
    ) -> Option<Totalizer> {
        if cap == 0 {
            return Some(Totalizer::default());
        }
        let leaves: Vec<Vec<(u64, Lit)>> = chains.iter().map(|c| leaf(c, cap)).filter(|l| !l.is_empty()).collect();
        // Plan the sizes first, so that a tree over the budget adds nothing.
        clauses(&leaves, cap, budget)?;
        let mut level = leaves;
        while level.len() > 1 {
            let mut next = Vec::with_capacity(level.len().div_ceil(2));
            let mut it = level.into_iter();
            while let Some(a) = it.next() {
                match it.next() {
                    Some(b) => next.push(merge(&a, &b, cap, sink)),
                    None => next.push(a),
                }
            }
            level = next;
        }
        Some(Totalizer { outputs: level.pop().unwrap_or_default() })
    }

    /// The clauses a tree over `chains` capped at `cap` takes; `None` above `budget`.
    pub(crate) fn size(chains: &[Vec<(u64, Lit)>], cap: u64, budget: usize) -> Option<usize> {
        let leaves: Vec<Vec<(u64, Lit)>> = chains.iter().map(|c| leaf(c, cap)).filter(|l| !l.is_empty()).collect();
        clauses(&leaves, cap, budget)
    }

    /// The literals that, all true, keep the sum at most `bound`.
    pub(crate) fn at_most(&self, bound: u64) -> Vec<Lit> {
        self.outputs.iter().filter(|(s, _)| *s > bound).map(|&(_, l)| !l).collect()
    }
}

/// A chain's outputs: each literal at its prefix sum (capped), the literals that add nothing
/// below the cap left out.
fn leaf(chain: &[(u64, Lit)], cap: u64) -> Vec<(u64, Lit)> {
    let mut out: Vec<(u64, Lit)> = Vec::with_capacity(chain.len());
    let mut sum = 0u64;
    for &(w, l) in chain {
        sum = sum.saturating_add(w).min(cap);
        if out.last().is_none_or(|&(s, _)| s < sum) {
            out.push((sum, l));
        }
        if sum == cap {
            break;
        }
    }
    out
}

/// The clauses of the tree over `leaves` (`None` above `budget`), the sums planned without a
/// variable made.
fn clauses(leaves: &[Vec<(u64, Lit)>], cap: u64, budget: usize) -> Option<usize> {
    let mut sizes: Vec<Vec<u64>> = leaves.iter().map(|l| l.iter().map(|x| x.0).collect()).collect();
    let mut clauses = 0usize;
    while sizes.len() > 1 {
        let mut next = Vec::with_capacity(sizes.len().div_ceil(2));
        for pair in sizes.chunks(2) {
            match pair {
                [a, b] => {
                    clauses = clauses.saturating_add(a.len() + b.len() + a.len() * b.len());
                    if clauses > budget {
                        return None;
                    }
                    next.push(merged_sums(a, b, cap));
                }
                [a] => next.push(a.clone()),
                _ => {}
            }
        }
        sizes = next;
    }
    Some(clauses)
}

fn merged_sums(a: &[u64], b: &[u64], cap: u64) -> Vec<u64> {
    let mut out: Vec<u64> = a.iter().chain(b).copied().collect();
    for &x in a {
        for &y in b {
            out.push(x.saturating_add(y).min(cap));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn merge(a: &[(u64, Lit)], b: &[(u64, Lit)], cap: u64, sink: &mut impl Sink) -> Vec<(u64, Lit)> {
    let sums = merged_sums(&a.iter().map(|x| x.0).collect::<Vec<_>>(), &b.iter().map(|x| x.0).collect::<Vec<_>>(), cap);
    let out: Vec<(u64, Lit)> = sums.iter().map(|&s| (s, sink.var().pos())).collect();
    let lit = |s: u64| out[out.partition_point(|x| x.0 < s)].1;
    for &(s, l) in a.iter().chain(b) {
        sink.clause(&[!l, lit(s)]);
    }
    for &(x, la) in a {
        for &(y, lb) in b {
            sink.clause(&[!la, !lb, lit(x.saturating_add(y).min(cap))]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `t.at_most(bound)` holds in the least assignment of `cnf` (the totalizer's
    /// clauses only) that sets its first `n` variables from `bits`: the clauses only imply
    /// outputs, so the least assignment (outputs false unless forced) is the one a bound must
    /// allow when the sum is within it.
    fn allowed(cnf: &Cnf, t: &Totalizer, n: usize, bits: u32, bound: u64) -> bool {
        let mut val = vec![false; cnf.num_vars() as usize];
        for (i, v) in val.iter_mut().enumerate().take(n) {
            *v = bits >> i & 1 == 1;
        }
        let holds = |val: &[bool], l: Lit| val[l.var().index()] == l.is_positive();
        loop {
            let mut changed = false;
            for c in cnf.clauses() {
                if !c.iter().any(|&l| holds(&val, l)) {
                    let last = c[c.len() - 1];
                    assert!(last.is_positive() && last.var().index() >= n);
                    val[last.var().index()] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        t.at_most(bound).iter().all(|&l| holds(&val, l))
    }

    /// Every assignment of five weighted literals: the totalizer allows it under `at_most(b)`
    /// exactly when its weighted sum is at most `b` (checked by brute force over the outputs too).
    #[test]
    fn bound_equals_the_weighted_sum_by_brute_force() {
        let weights = [3u64, 1, 4, 1, 5];
        for cap in [4u64, 8, 14] {
            let mut cnf = Cnf::new();
            let inputs: Vec<Lit> = weights.iter().map(|_| cnf.new_var().pos()).collect();
            let terms: Vec<(u64, Lit)> = weights.iter().copied().zip(inputs.iter().copied()).collect();
            let t = Totalizer::build(&terms, cap, 10_000, &mut cnf).unwrap();
            for bound in 0..cap {
                for bits in 0u32..32 {
                    let sum: u64 = (0..5).filter(|i| bits >> i & 1 == 1).map(|i| weights[i]).sum();
                    let ok = allowed(&cnf, &t, 5, bits, bound);
                    assert_eq!(ok, sum <= bound, "weights {weights:?} cap {cap} bound {bound} bits {bits:05b}");
                }
            }
        }
    }

    /// Chains as leaves: every assignment that makes each chain's true literals a prefix (what
    /// the formula's implications allow) is allowed under `at_most(b)` exactly when its weighted
    /// sum is at most `b`; the planned size is the clauses added; one chain adds none.
    #[test]
    fn chains_bound_their_weighted_sum_by_brute_force() {
        let shapes: [&[&[u64]]; 4] =
            [&[&[2, 3, 1]], &[&[2, 3, 1], &[4]], &[&[1, 5, 2], &[4], &[2, 2]], &[&[1, 1, 1, 1], &[3, 1]]];
        for shape in shapes {
            let n: usize = shape.iter().map(|c| c.len()).sum();
            let total: u64 = shape.iter().flat_map(|c| c.iter()).sum();
            for cap in [1, 3, total - 1, total + 1] {
                let mut cnf = Cnf::new();
                let chains: Vec<Vec<(u64, Lit)>> =
                    shape.iter().map(|c| c.iter().map(|&w| (w, cnf.new_var().pos())).collect()).collect();
                let planned = Totalizer::size(&chains, cap, usize::MAX).unwrap();
                let t = Totalizer::over_chains(&chains, cap, usize::MAX, &mut cnf).unwrap();
                assert_eq!(cnf.num_clauses(), planned);
                if shape.len() == 1 {
                    assert_eq!((planned, cnf.num_vars() as usize), (0, n));
                }
                for bits in 0u32..1 << n {
                    // The true literals of each chain must be a prefix of it.
                    let mut at = 0;
                    let mut prefix = true;
                    let mut sum = 0;
                    for c in shape {
                        let true_ones: Vec<bool> = (0..c.len()).map(|j| bits >> (at + j) & 1 == 1).collect();
                        prefix &= true_ones.windows(2).all(|w| w[0] || !w[1]);
                        sum += c.iter().zip(&true_ones).filter(|x| *x.1).map(|x| *x.0).sum::<u64>();
                        at += c.len();
                    }
                    if !prefix {
                        continue;
                    }
                    for bound in 0..cap {
                        let ok = allowed(&cnf, &t, n, bits, bound);
                        assert_eq!(ok, sum <= bound, "chains {shape:?} cap {cap} bound {bound} bits {bits:b}");
                    }
                }
            }
        }
    }

    #[test]
    fn over_the_budget_adds_nothing() {
        let mut cnf = Cnf::new();
        let terms: Vec<(u64, Lit)> = (1..=20).map(|w| (w, cnf.new_var().pos())).collect();
        assert!(Totalizer::build(&terms, 200, 50, &mut cnf).is_none());
        assert_eq!(cnf.num_clauses(), 0);
        assert_eq!(cnf.num_vars(), 20);
    }
}
