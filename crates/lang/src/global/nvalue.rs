//! `nvalue L op k`: the number of distinct values among a sequence's terms (CPMpy's `NValue`,
//! MiniZinc's `nvalue`), compared with a term. Check: the values collected and the distinct
//! ones counted. Encoding: per value that some element may take, an indicator "some element
//! takes it", equivalent to the disjunction of the elements' literals for that value (1 when an
//! element takes it in every solution); the value is the sum of the indicators, which the
//! linear encodings compare with the term (a cardinality constraint over the indicators).

use std::collections::{BTreeSet, HashMap};

use wgrnd_sat::Lit;

use super::{Global, GlobalCx};
use crate::error::{Result, Span};
use crate::ints::IntRef;
use crate::linear::Lin;
use crate::program::Val;

/// `nvalue { t : binders | guard }` or `nvalue [t1, ...]`.
#[derive(Debug)]
pub(crate) struct NValue;

impl Global for NValue {
    fn name(&self) -> &'static str {
        "nvalue"
    }

    fn value(&self, lists: &[Vec<Val>], _span: Span) -> Result<i64> {
        let distinct: BTreeSet<Val> = lists.iter().flatten().copied().collect();
        Ok(distinct.len() as i64)
    }

    fn encode(&self, cx: &mut dyn GlobalCx, lists: &[Vec<IntRef>], _span: Span) -> Result<Lin> {
        // Per value, in the order first met: the literals that select it, or `None` once an
        // element takes it in every solution.
        let mut by_value: Vec<Option<Vec<Lit>>> = Vec::new();
        let mut at: HashMap<Val, usize> = HashMap::new();
        for &element in lists.iter().flatten() {
            for (v, l) in cx.values(element) {
                let k = *at.entry(v).or_insert_with(|| {
                    by_value.push(Some(Vec::new()));
                    by_value.len() - 1
                });
                match (l, &mut by_value[k]) {
                    (Some(l), Some(lits)) => lits.push(l),
                    (None, taken) => *taken = None,
                    (Some(_), None) => {}
                }
            }
        }
        let mut sum = Lin::default();
        for lits in by_value {
            match lits.map_or(Err(true), |lits| cx.any(lits)) {
                Ok(l) => sum.lits.push((1, l)),
                Err(true) => sum.c += 1,
                Err(false) => {}
            }
        }
        Ok(sum)
    }

    fn estimate(&self, elements: f64) -> f64 {
        // A disjunction per value (each element's literals once), the comparison's diagram over
        // the indicators.
        3.0 * elements * elements.sqrt().max(1.0)
    }
}
