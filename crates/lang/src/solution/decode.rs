//! A solution decoded from a solver's model of a grounding.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use wgrnd_sat::{Lit, Var};

use super::{empty, Args, Solution};
use crate::ints::IntAtom;
use crate::program::{PredId, PredKind, Program, Val};
use crate::Atoms;

/// Reads the values of every solved-for atom from a model (`value(var)`; atoms that got no
/// variable are false).
pub fn decode(p: &Program, g: &Atoms, value: impl Fn(Var) -> bool) -> Solution {
    let mut s = empty(p);
    // The true atoms of each predicate, collected first and then made into its set at once (a
    // sorted bulk build, not one search and insertion per atom).
    let mut true_atoms: Vec<Vec<Args>> = vec![Vec::new(); p.preds.len()];
    let of_vars = g.atom_of.iter().enumerate().filter_map(|(i, a)| a.filter(|_| value(Var::from_index(i))));
    for (pr, idx) in of_vars.chain(g.fixed_true.iter().copied()) {
        if let Some(list) = true_atoms.get_mut(pr as usize) {
            list.push(index_tuple(p, PredId::new(pr as usize), idx as usize).into());
        }
    }
    for v in &mut s.preds {
        if let Some(list) = true_atoms.get_mut(v.pred.index()) {
            v.atoms = std::mem::take(list).into_iter().collect::<BTreeSet<Args>>();
        }
    }
    for a in &g.int_list {
        let pr = a.pred;
        let PredKind::Int(d) = p.preds[pr as usize].kind else { continue };
        let (values, _) = crate::ints::ordered_values(&p.domains[d].values);
        let Some(&x) = a.position(&value).and_then(|at| values.get(at)) else { continue };
        let tuple = index_tuple(p, PredId::new(pr as usize), a.idx as usize).into();
        if let Some(v) = s.ints.iter_mut().find(|v| v.pred.index() == pr as usize) {
            v.values.insert(tuple, x);
        }
    }
    unconstrained_ints(p, &mut s);
    s
}

/// What [`decode`] derives from the grounding alone, made once for a run of models (a count's):
/// each solved-for atom's predicate and arguments, each integer variable's arguments and ordered
/// values, the empty solution. [`Decoder::decode`] gives what [`decode`] gives.
///
/// Atoms and integer variables are kept sorted by slot and arguments, so that each model's sets and
/// maps are built in bulk from lists already in order (colour5's count: its 25 values a solution
/// inserted one by one into the map cost 8.4 K instructions of 15 K).
pub struct Decoder<'a> {
    p: &'a Program,
    empty: Solution,
    /// Every atom that may hold, by slot in [`Solution::preds`] and then arguments, with the
    /// variable that says whether it does (`None`: fixed true, without a variable).
    atoms: Vec<AtomSlot>,
    /// Per slot in [`Solution::preds`], its range of [`Decoder::atoms`].
    atom_ranges: Vec<Range<usize>>,
    /// Every integer variable with a slot in [`Solution::ints`], by slot and then arguments.
    ints: Vec<IntSlot>,
    /// Per slot in [`Solution::ints`], its range of [`Decoder::ints`].
    int_ranges: Vec<Range<usize>>,
    /// Per slot in [`Solution::ints`] whose variables' arguments all differ, the map of every one
    /// of them (to a placeholder value): a model that gives each a value gets a copy with the
    /// values written in order, with no comparison of arguments (colour5's count: 7.0 K -> 4.1 K
    /// instructions a solution).
    int_maps: Vec<Option<BTreeMap<Args, Val>>>,
    /// The ordered values of each integer domain an integer variable uses ([`IntSlot::values`]).
    values: Vec<Vec<Val>>,
}

/// An atom as [`Decoder`] reads it.
struct AtomSlot {
    slot: usize,
    args: Args,
    var: Option<u32>,
}

/// An integer variable as [`Decoder`] reads it.
struct IntSlot {
    atom: IntAtom,
    slot: usize,
    args: Args,
    /// Its list in [`Decoder::values`].
    values: usize,
}

impl<'a> Decoder<'a> {
    /// The decoder of groundings `g` of `p`.
    pub fn new(p: &'a Program, g: &Atoms) -> Decoder<'a> {
        let empty = empty(p);
        let var_slot: HashMap<usize, usize> =
            empty.preds.iter().enumerate().map(|(k, v)| (v.pred.index(), k)).collect();
        let int_slot: HashMap<usize, usize> = empty.ints.iter().enumerate().map(|(k, v)| (v.pred.index(), k)).collect();
        let with_slot = |(pr, idx): (u32, u32), var: Option<u32>| {
            let slot = *var_slot.get(&(pr as usize))?;
            Some(AtomSlot { slot, args: index_tuple(p, PredId::new(pr as usize), idx as usize).into(), var })
        };
        let with_var = g.atom_of.iter().enumerate().filter_map(|(i, a)| with_slot((*a)?, Some(i as u32)));
        let mut atoms: Vec<AtomSlot> =
            with_var.chain(g.fixed_true.iter().filter_map(|&a| with_slot(a, None))).collect();
        atoms.sort_by(|a, b| (a.slot, &a.args).cmp(&(b.slot, &b.args)));
        let mut lists: HashMap<usize, usize> = HashMap::new();
        let mut values = Vec::new();
        let mut ints = Vec::new();
        for a in &g.int_list {
            let PredKind::Int(d) = p.preds[a.pred as usize].kind else { continue };
            let Some(&slot) = int_slot.get(&(a.pred as usize)) else { continue };
            let list = *lists.entry(d.index()).or_insert_with(|| {
                values.push(crate::ints::ordered_values(&p.domains[d].values).0);
                values.len() - 1
            });
            let args = index_tuple(p, PredId::new(a.pred as usize), a.idx as usize).into();
            ints.push(IntSlot { atom: *a, slot, args, values: list });
        }
        // Stable: of two variables with the same arguments, the later one's value stands, as in
        // [`decode`] (the map's bulk build keeps the last of equal keys).
        ints.sort_by(|a, b| (a.slot, &a.args).cmp(&(b.slot, &b.args)));
        let atom_ranges = slot_ranges(empty.preds.len(), &atoms, |a| a.slot);
        let int_ranges = slot_ranges(empty.ints.len(), &ints, |a| a.slot);
        let int_maps = int_ranges
            .iter()
            .map(|r| {
                let vars = &ints[r.clone()];
                let distinct = vars.windows(2).all(|w| w[0].args < w[1].args);
                distinct.then(|| vars.iter().map(|a| (a.args.clone(), Val::Int(0))).collect())
            })
            .collect();
        Decoder { p, empty, atoms, atom_ranges, ints, int_ranges, int_maps, values }
    }

    /// The solution the model `value(var)` gives: [`decode`]'s.
    pub fn decode(&self, value: impl Fn(Var) -> bool) -> Solution {
        let mut s = self.empty.clone();
        for (v, range) in s.preds.iter_mut().zip(&self.atom_ranges) {
            let holds =
                self.atoms[range.clone()].iter().filter(|a| a.var.is_none_or(|i| value(Var::from_index(i as usize))));
            // In order already: the set's sort only checks it. Collected first with room for
            // all (a filter's lower bound is 0: growing the list cost a reallocation or two).
            let mut list = Vec::with_capacity(range.len());
            list.extend(holds.map(|a| a.args.clone()));
            v.atoms = list.into_iter().collect();
        }
        let value_of = |a: &IntSlot| a.atom.position(&value).and_then(|at| self.values[a.values].get(at)).copied();
        for ((v, range), map) in s.ints.iter_mut().zip(&self.int_ranges).zip(&self.int_maps) {
            let vars = &self.ints[range.clone()];
            if let Some(map) = map {
                // The map's values in the order of its keys, which is the variables' order.
                let mut map = map.clone();
                if map.values_mut().zip(vars).all(|(x, a)| value_of(a).map(|y| *x = y).is_some()) {
                    v.values = map;
                    continue;
                }
            }
            // A variable without a value (a bit pattern past its domain's end) or two with the
            // same arguments: the map of those that have one, the later of two standing.
            let given = vars.iter().filter_map(|a| Some((a.args.clone(), value_of(a)?)));
            let mut list = Vec::with_capacity(range.len());
            list.extend(given);
            v.values = list.into_iter().collect();
        }
        unconstrained_ints(self.p, &mut s);
        s
    }
}

/// Per slot of `slots`, the range of `sorted` (in the order of `slot`) that has it.
fn slot_ranges<T>(slots: usize, sorted: &[T], slot: impl Fn(&T) -> usize) -> Vec<Range<usize>> {
    (0..slots).map(|k| sorted.partition_point(|x| slot(x) < k)..sorted.partition_point(|x| slot(x) <= k)).collect()
}

/// Largest integer variable (in argument tuples) whose values the grounding left free are given
/// one by [`unconstrained_ints`].
const MAX_FILLED: usize = 1 << 20;

/// Gives the first value of its domain to every integer atom that got no bits: no clause
/// mentions it, so every value satisfies the model, and the checker needs one wherever it reads
/// it. (A statement decided without it, as `(forall i . x(i) = 1) or true` is, grounds no
/// clause, but the checker evaluates `x(i)` first: before, it refused the solution as an
/// encoding bug.)
fn unconstrained_ints(p: &Program, s: &mut Solution) {
    for v in &mut s.ints {
        let pred = &p.preds[v.pred];
        let PredKind::Int(d) = pred.kind else { continue };
        let Some(&lo) = p.domains[d].values.first() else { continue };
        let size = pred.args.iter().map(|&a| p.domains[a].len()).product::<usize>();
        if v.values.len() >= size || size > MAX_FILLED {
            continue;
        }
        for idx in 0..size {
            v.values.entry(index_tuple(p, v.pred, idx).into()).or_insert(lo);
        }
    }
}

/// The arguments of atom `idx` of `pred` (atoms numbered in the order of the argument domains).
pub(crate) fn index_tuple(p: &Program, pred: PredId, idx: usize) -> Vec<Val> {
    let pred = &p.preds[pred];
    let mut rest = idx;
    let mut tuple = vec![Val::Int(0); pred.args.len()];
    for (j, &d) in pred.args.iter().enumerate().rev() {
        let len = p.domains[d].len().max(1);
        tuple[j] = p.domains[d].values.get(rest % len).copied().unwrap_or(Val::Int(0));
        rest /= len;
    }
    tuple
}

/// The literals that fix every shown atom of `g` that `s` gives (all of them, unless `s` was read
/// from a picture of one predicate), and every bit of a shown integer variable that `s` gives a
/// value, to its value in `s`: a person's answer, given by its shown predicates, for
/// the solver to complete the hidden ones under (the checker then judges the whole). None when
/// `s` gives an integer a value its variable does not have (a bound over data cut it away): no
/// completion fits.
pub fn shown_literals(p: &Program, g: &Atoms, s: &Solution) -> Option<Vec<Lit>> {
    let mut out = Vec::new();
    for (i, a) in g.atom_of.iter().enumerate() {
        let Some((pr, idx)) = a else { continue };
        let pred = PredId::new(*pr as usize);
        if !p.shown.contains(&pred) || !s.gives(pred) || !matches!(p.preds[pred].kind, PredKind::Var) {
            continue;
        }
        let v = Var::from_index(i);
        out.push(if s.holds(pred, &index_tuple(p, pred, *idx as usize)) { v.pos() } else { v.neg() });
    }
    for a in &g.int_list {
        let pred = PredId::new(a.pred as usize);
        let PredKind::Int(d) = p.preds[pred].kind else { continue };
        if !p.shown.contains(&pred) || !s.gives(pred) {
            continue;
        }
        let Some(x) = s.int_value(pred, &index_tuple(p, pred, a.idx as usize)) else { continue };
        let (values, _) = crate::ints::ordered_values(&p.domains[d].values);
        let Some(pos) = values.iter().position(|v| *v == x) else { continue };
        out.extend(a.fix(pos)?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ground, load, GroundOptions, IntEncoding, Source};

    /// A model with a predicate over a symbol domain, atoms fixed by a unit statement, integer
    /// variables over a range with a gap and over symbols, and a hidden predicate.
    const MODEL: &str = "
domain cell = 1..4
domain colour = {red, green, blue}
domain level = {0, 2, 3, 7}
var i in cell
pred x(cell, colour)
pred hidden(cell)
var y(cell) in level
var z(colour) in colour
show x, y, z
x(1, red)
forall i . exactly 1 { x(i, c) : c in colour }
forall i . y(i) >= 2 or hidden(i)
";

    /// The decoder gives what `decode` gives, on arbitrary assignments (not only models), with
    /// every encoding of the integers.
    #[test]
    fn the_decoder_gives_what_decode_gives() {
        let p = load(&Source::new("d.qp", MODEL), None, &[]).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for ints in [IntEncoding::Order, IntEncoding::Log, IntEncoding::Direct, IntEncoding::Auto] {
            let g = ground(&p, &GroundOptions { ints, ..GroundOptions::default() }).unwrap();
            // Both kinds of atom the decoder reads besides variables are there.
            assert!(!g.encoding.fixed_true.is_empty() && !g.encoding.int_list.is_empty(), "{ints:?}");
            let decoder = Decoder::new(&p, &g.encoding);
            let n = g.cnf.num_vars() as usize;
            for _ in 0..50 {
                let bits: Vec<bool> = (0..n)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        state >> 63 == 1
                    })
                    .collect();
                let value = |v: Var| bits[v.index()];
                assert_eq!(decoder.decode(value), decode(&p, &g.encoding, value), "{ints:?}");
            }
        }
    }
}
