//! Bounded steps and case splits (docs/explain.md): the exact search for a step of at most K
//! members, and a case split carried out when there is none.
//!
//! A set of members (clue selectors, known facts) refutes a target (the negation of the fact it
//! proves) when, with every constraint group on, the set and the target have no solution. Any
//! model of "some members + target" falsifies every set that refutes the target in at least one
//! member (else the model would satisfy that set and the target): the members it makes false
//! are a *correction set* that every refuting set hits. The search is an implicit hitting set:
//! a set of at most `depth` members that hits every correction set found so far is tested; a
//! model found adds a correction set; by iterative deepening the first refuting set found is one
//! of the fewest members. Bounded by a budget of solver calls: a search out of budget says
//! nothing (documented as such).

use wgrnd_sat::{Lit, Var};
use wgrnd_seam::Error;

use super::{Member, Solver, Split};

/// Solver calls one bounded search may spend.
pub const BUDGET: u64 = 4000;

struct Search<'a> {
    constraints: &'a [Lit],
    members: &'a [Lit],
    target: Lit,
    corrections: Vec<Vec<usize>>,
    budget: u64,
    hopeless: bool,
}

impl Solver {
    /// The fewest members (at most `k`) that, with `constraints`, refute `target`: `Ok(None)`
    /// when none exists (or none was found within the budget, which `budget` then shows spent).
    pub(super) fn bounded_set(
        &mut self,
        constraints: &[Lit],
        members: &[Lit],
        target: Lit,
        k: usize,
        budget: &mut u64,
    ) -> Result<Option<Vec<Lit>>, Error> {
        let mut search =
            Search { constraints, members, target, corrections: Vec::new(), budget: *budget, hopeless: false };
        let mut found = None;
        for depth in 0..=k {
            let mut chosen = Vec::new();
            if let Some(set) = self.hit(&mut search, &mut chosen, depth)? {
                found = Some(set);
                break;
            }
            if search.budget == 0 || search.hopeless {
                break;
            }
        }
        *budget = search.budget;
        Ok(found.map(|set: Vec<usize>| set.into_iter().map(|i| members[i]).collect()))
    }

    fn hit(&mut self, s: &mut Search<'_>, chosen: &mut Vec<usize>, depth: usize) -> Result<Option<Vec<usize>>, Error> {
        loop {
            let unhit = s
                .corrections
                .iter()
                .filter(|cs| !cs.iter().any(|i| chosen.contains(i)))
                .min_by_key(|cs| cs.len())
                .cloned();
            if let Some(cs) = unhit {
                if chosen.len() == depth {
                    return Ok(None);
                }
                for e in cs {
                    chosen.push(e);
                    let r = self.hit(s, chosen, depth)?;
                    chosen.pop();
                    if r.is_some() || s.budget == 0 || s.hopeless {
                        return Ok(r);
                    }
                }
                return Ok(None);
            }
            if s.budget == 0 {
                return Ok(None);
            }
            s.budget -= 1;
            let mut assume: Vec<Lit> = s.constraints.to_vec();
            assume.extend(chosen.iter().map(|&i| s.members[i]));
            assume.push(s.target);
            let read: Vec<Var> = s.members.iter().map(|l| l.var()).collect();
            match self.solve_reading(&assume, Some(&read))? {
                None => return Ok(Some(chosen.clone())),
                Some(m) => {
                    let cs: Vec<usize> = (0..s.members.len())
                        .filter(|&i| m.value(s.members[i].var()).unwrap_or(false) != s.members[i].is_positive())
                        .collect();
                    if cs.is_empty() {
                        // Every member holds with the target: nothing refutes it.
                        s.hopeless = true;
                        return Ok(None);
                    }
                    s.corrections.push(cs);
                }
            }
        }
    }
}

/// Most steps a case split carries out before it gives up on a contradiction.
pub const MAX_CASE_STEPS: usize = 32;

impl Solver {
    /// Carries out a case split on `fact`'s atom: assumes the other value and looks for steps of
    /// at most `k` members (clue selectors, `known` facts and the case's own steps; the
    /// assumption holds throughout and is not counted) until at most `k` members with the
    /// assumption have no solution. Every set is a
    /// minimal one (a deletion MUS of the set the bounded search found).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split(
        &mut self,
        constraints: &[Lit],
        clues: &[Lit],
        known: &[Lit],
        fact: Lit,
        projection: &[Var],
        k: usize,
        group_of: &dyn Fn(Lit) -> Option<usize>,
    ) -> Result<Split, Error> {
        let assumed = !fact;
        let to_members = |set: &[Lit]| -> Vec<Member> {
            set.iter().map(|&l| group_of(l).map_or(Member::Fact(l), Member::Group)).collect()
        };
        let mut case: Vec<Lit> = Vec::new();
        let mut steps = Vec::new();
        let mut budget = BUDGET;
        while budget > 0 && steps.len() < MAX_CASE_STEPS {
            let members: Vec<Lit> = clues.iter().chain(known).chain(&case).copied().collect();
            if let Some(found) = self.bounded_set(constraints, &members, assumed, k, &mut budget)? {
                let mut pool = constraints.to_vec();
                pool.extend(&found);
                let mut set = self.mus(&[assumed], &pool)?;
                set.push(assumed);
                return Ok(Split { assumed, steps, contradiction: Some(to_members(&set)) });
            }
            // In the case the assumption holds throughout (it is not counted in a step's size).
            let mut hard = constraints.to_vec();
            hard.push(assumed);
            let decided = |v: Var| v == assumed.var() || known.iter().chain(&case).any(|l| l.var() == v);
            let mut next = None;
            'vars: for &v in projection.iter().filter(|&&v| !decided(v)) {
                for l in [v.pos(), v.neg()] {
                    if budget == 0 {
                        break 'vars;
                    }
                    if let Some(found) = self.bounded_set(&hard, &members, !l, k, &mut budget)? {
                        next = Some((l, found));
                        break 'vars;
                    }
                }
            }
            let Some((l, found)) = next else { break };
            let mut pool = hard;
            pool.extend(&found);
            let set = self.mus(&[!l], &pool)?;
            case.push(l);
            steps.push((l, to_members(&set)));
        }
        Ok(Split { assumed, steps, contradiction: None })
    }
}
