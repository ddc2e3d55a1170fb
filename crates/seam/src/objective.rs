//! What a grounding asks to optimise: levels of weighted literals, minimised in lexicographic
//! order (the first level most important). A family that only decides leaves it empty. Each level
//! is `offset + sum of weight * [literal]` with positive weights (negative coefficients are folded
//! into the offset on the negated literal, [`Level::new`]); a level that the family's user
//! maximises is stored negated and marked `maximize`, so the engines always minimise.

use wgrnd_sat::{Lit, Model};

/// One objective level: the cost `offset + sum weight * [lit]`, to be minimised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// The constant part of the cost.
    pub offset: i64,
    /// Weighted literals: positive weights, one entry per variable.
    pub terms: Vec<(u64, Lit)>,
    /// Whether the family's user maximises this level (the value shown is then `-cost`).
    pub maximize: bool,
    /// What the level is, for messages (`minimize sum {...}`, `soft constraints`).
    pub name: String,
}

/// The objective: empty for a decision problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Objective {
    /// Levels in lexicographic order, most important first.
    pub levels: Vec<Level>,
}

impl Level {
    /// The level `offset + sum coef * [lit]` for any integer coefficients: merged per variable
    /// (`a * [l] + b * [-l]` is `b + (a - b) * [l]`), negative coefficients moved to the negated
    /// literal, zero ones dropped. `None` on overflow of 64-bit integers.
    pub fn new(offset: i64, coefs: &[(i64, Lit)], maximize: bool, name: String) -> Option<Level> {
        let mut by_var: std::collections::BTreeMap<u32, i128> = std::collections::BTreeMap::new();
        let mut offset = i128::from(offset);
        for &(c, l) in coefs {
            let c = i128::from(c);
            if l.is_positive() {
                *by_var.entry(l.var().get()).or_default() += c;
            } else {
                // c * [-v] = c - c * [v]
                offset += c;
                *by_var.entry(l.var().get()).or_default() -= c;
            }
        }
        let mut terms = Vec::new();
        for (v, c) in by_var {
            let var = wgrnd_sat::Var::new(v)?;
            if c > 0 {
                terms.push((u64::try_from(c).ok()?, var.pos()));
            } else if c < 0 {
                offset += c;
                terms.push((u64::try_from(-c).ok()?, var.neg()));
            }
        }
        let total: i128 = terms.iter().map(|&(w, _)| i128::from(w)).sum::<i128>() + offset.abs();
        i64::try_from(total).ok()?;
        Some(Level { offset: i64::try_from(offset).ok()?, terms, maximize, name })
    }

    /// The cost of a model (an unassigned literal counts as false).
    pub fn cost(&self, model: &Model) -> i64 {
        self.offset
            + self
                .terms
                .iter()
                .filter(|(_, l)| model.value(l.var()) == Some(l.is_positive()))
                .map(|&(w, _)| w as i64)
                .sum::<i64>()
    }

    /// The value the user asked about: the cost, or minus it for a maximised level.
    pub fn shown(&self, cost: i64) -> i64 {
        if self.maximize {
            -cost
        } else {
            cost
        }
    }
}

impl Objective {
    /// Whether there is anything to optimise.
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// The cost of a model at every level.
    pub fn costs(&self, model: &Model) -> Vec<i64> {
        self.levels.iter().map(|l| l.cost(model)).collect()
    }

    /// The objective as one MaxSAT cost: `(offset, soft literals)`, where a model's cost is the
    /// offset plus the weights of the soft literals it makes false. Levels are combined
    /// lexicographically by weights (each level's weights multiplied by one more than the total
    /// of all later levels'). `None` when the weights overflow 64 bits.
    pub fn as_maxsat(&self) -> Option<(i64, Vec<(u64, Lit)>)> {
        let mut scale: u64 = 1;
        let mut offset: i64 = 0;
        let mut soft = Vec::new();
        for level in self.levels.iter().rev() {
            let mut total: u64 = 0;
            for &(w, l) in &level.terms {
                let w = w.checked_mul(scale)?;
                total = total.checked_add(w)?;
                soft.push((w, !l));
            }
            offset = offset.checked_add(level.offset.checked_mul(i64::try_from(scale).ok()?)?)?;
            scale = scale.checked_add(total)?;
            i64::try_from(scale).ok()?;
        }
        soft.reverse();
        Some((offset, soft))
    }

    /// The values shown to the user at every level, from the costs.
    pub fn shown(&self, costs: &[i64]) -> Vec<i64> {
        self.levels.iter().zip(costs).map(|(l, &c)| l.shown(c)).collect()
    }
}
