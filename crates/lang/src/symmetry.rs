//! Symmetries of a model, found from its ground program and proven there (docs/qprop.md,
//! "Symmetries of a model").
//!
//! Candidates come from the index structure of the one shown predicate: the reversal of each
//! argument position over an integer range (v -> lo + hi - v) and the exchange of each pair of
//! positions over the same values (a transposition). A candidate acts on the shown atoms (an
//! integer variable keeps its value: variable symmetries only). It is kept only when it maps the
//! ground constraint program onto itself: every statement is expanded here, on its own (its
//! quantifiers, sums, counts and guards over the data; nothing of the grounder or the encoder),
//! into ground constraints in a canonical form (conjunctions and disjunctions as sorted lists,
//! linear comparisons as sorted sums normalised to `<= 0`, `= 0` or `=/= 0`), and the images of
//! all of them must be, as a multiset, the constraints themselves. A construct this module cannot
//! write in canonical form, a solved-for predicate that is not shown, more than one shown
//! predicate or a program too large to expand means that no symmetry is declared.

use std::cell::OnceCell;
use std::collections::{HashSet, VecDeque};
use std::ops::ControlFlow;
use std::rc::Rc;

use wgrnd_sat::Var;

use crate::mix::MixMap;
use crate::ops::{CmpOp, Op};
use crate::program::{eval_term, fast_term, Bound, Domain, FactSet, PredId, PredKind, Program, Val, F, T};
use crate::walk;

/// Largest group kept (the identity included); a generator that would grow the group beyond it
/// is left out (the group kept is then a subgroup).
pub(crate) const MAX_GROUP: usize = 5_040;
/// Ground nodes expanded at most; a larger program gets no symmetry.
const NODE_BUDGET: usize = 2_000_000;
/// Conjuncts of a guard kept on the stack (more are kept in a `Vec`).
const CONJUNCTS_ON_STACK: usize = 8;
/// Arguments of a data atom evaluated on the stack (a longer one is evaluated into a `Vec`).
const ARGS_ON_STACK: usize = 8;

/// A ground term of a linear sum: an integer variable, the 0/1 value of a shown atom, or that of
/// another formula. Variables and atoms are the shown predicate's, by number ([`Atoms`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Lt {
    Int(u64),
    Bool(u64),
    Ind(Box<E>),
}

/// A linear sum: terms with their coefficients (sorted by term, none zero) and a constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Lin {
    terms: Vec<(Lt, i64)>,
    c: i64,
}

/// A ground formula in canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum E {
    Const(bool),
    /// A shown atom, by number ([`Atoms`]).
    Atom(u64),
    Not(Box<E>),
    And(Vec<E>),
    Or(Vec<E>),
    Iff(Vec<E>),
    Xor(Vec<E>),
    /// `sum <= 0`.
    Le(Lin),
    /// `sum = 0` (the first coefficient positive).
    Eq(Lin),
    /// `sum =/= 0` (the first coefficient positive).
    Ne(Lin),
    /// `alldifferent` of the sums (sorted), values equal to the exception may repeat.
    AllDiff(Vec<Lin>, Option<Lin>),
}

/// Why no symmetry is declared.
pub(crate) type Refused = String;
type R<X> = Result<X, Refused>;

impl Lin {
    fn constant(c: i64) -> Lin {
        Lin { terms: Vec::new(), c }
    }
    fn norm(mut self) -> Lin {
        self.terms.sort();
        let mut out: Vec<(Lt, i64)> = Vec::with_capacity(self.terms.len());
        for (t, k) in self.terms {
            match out.last_mut() {
                Some((u, j)) if *u == t => *j += k,
                _ => out.push((t, k)),
            }
        }
        out.retain(|(_, k)| *k != 0);
        Lin { terms: out, c: self.c }
    }
    fn scale(mut self, m: i64) -> R<Lin> {
        self.c = self.c.checked_mul(m).ok_or_else(overflow)?;
        for (_, k) in &mut self.terms {
            *k = k.checked_mul(m).ok_or_else(overflow)?;
        }
        Ok(self)
    }
    fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.c)
    }
    /// Adds `k` times the constant `c`.
    fn add_constant(&mut self, c: i64, k: i64) -> R<()> {
        self.c = c.checked_mul(k).and_then(|x| x.checked_add(self.c)).ok_or_else(overflow)?;
        Ok(())
    }
    /// Adds `k` times the 0/1 value of formula `e`.
    fn add_ind(&mut self, e: E, k: i64) -> R<()> {
        match e {
            E::Const(b) => self.add_constant(i64::from(b), k),
            e => {
                self.terms.push((ind_term(e), k));
                Ok(())
            }
        }
    }
    /// Adds `k` times the sum `o`.
    fn add_scaled(&mut self, o: Lin, k: i64) -> R<()> {
        self.add_constant(o.c, k)?;
        for (t, j) in o.terms {
            self.terms.push((t, j.checked_mul(k).ok_or_else(overflow)?));
        }
        Ok(())
    }
}

/// The term of a formula's 0/1 value (not a constant): one form for an atom wherever it is made,
/// so that an expanded term and a mapped one compare equal.
fn ind_term(e: E) -> Lt {
    match e {
        E::Atom(a) => Lt::Bool(a),
        e => Lt::Ind(Box::new(e)),
    }
}

fn overflow() -> Refused {
    "an integer overflow while expanding a sum".into()
}

fn not(e: E) -> E {
    match e {
        E::Const(b) => E::Const(!b),
        E::Not(x) => *x,
        e => E::Not(Box::new(e)),
    }
}

/// The conjuncts of `g` (its `and`s flattened, in order) into `out` from `*n` on, as many as fit:
/// whether all did.
fn conjuncts_of<'f>(g: &'f F, out: &mut [&'f F], n: &mut usize) -> bool {
    match g {
        F::And(a, b) => conjuncts_of(a, out, n) && conjuncts_of(b, out, n),
        g if *n < out.len() => {
            out[*n] = g;
            *n += 1;
            true
        }
        _ => false,
    }
}

/// A conjunction (`and`) or disjunction, flattened, constants folded, sorted.
fn junction(and: bool, items: Vec<E>) -> E {
    let mut out = Vec::with_capacity(items.len());
    for e in items {
        match e {
            E::Const(b) if b == and => {}
            E::Const(_) => return E::Const(!and),
            E::And(xs) if and => out.extend(xs),
            E::Or(xs) if !and => out.extend(xs),
            e => out.push(e),
        }
    }
    out.sort();
    out.dedup();
    match out.len() {
        0 => E::Const(and),
        1 => out.pop().unwrap_or(E::Const(and)),
        _ if and => E::And(out),
        _ => E::Or(out),
    }
}

fn pair(iff: bool, a: E, b: E) -> E {
    match (a, b) {
        (E::Const(x), e) | (e, E::Const(x)) => {
            if x == iff {
                e
            } else {
                not(e)
            }
        }
        (a, b) => {
            let mut v = vec![a, b];
            v.sort();
            if iff {
                E::Iff(v)
            } else {
                E::Xor(v)
            }
        }
    }
}

/// `sum op 0` in canonical form.
fn cmp(op: CmpOp, lin: Lin) -> R<E> {
    let lin = lin.norm();
    if let Some(c) = lin.as_const() {
        return Ok(E::Const(op.holds(Val::Int(c), Val::Int(0)).unwrap_or(false)));
    }
    let one = |mut lin: Lin| lin.add_constant(1, 1).map(|()| lin);
    Ok(match op {
        CmpOp::Eq => E::Eq(signed(lin)),
        CmpOp::Ne => E::Ne(signed(lin)),
        CmpOp::Le => E::Le(lin),
        CmpOp::Lt => E::Le(one(lin)?),
        CmpOp::Ge => E::Le(lin.scale(-1)?),
        CmpOp::Gt => E::Le(one(lin.scale(-1)?)?),
    })
}

/// An equation's sum with its first coefficient positive (left as it is if negating overflows:
/// then its image is not found and the candidate is refused, never wrongly kept).
fn signed(lin: Lin) -> Lin {
    if lin.terms.first().is_some_and(|(_, k)| *k < 0) {
        lin.clone().scale(-1).unwrap_or(lin)
    } else {
        lin
    }
}

/// A predicate's argument tuples inside its domains, numbered by their position in the product
/// of the domains (the first argument most significant, as the grounder numbers atoms).
struct Tuples<'p> {
    domains: Vec<&'p Domain>,
    /// Each argument's weight in the position.
    strides: Vec<u64>,
    /// How many tuples there are (`None` when their number does not fit a `u64`: then no tuple
    /// has a position).
    size: Option<u64>,
}

impl<'p> Tuples<'p> {
    fn new(p: &'p Program, pred: PredId) -> Tuples<'p> {
        let domains: Vec<&Domain> = p.preds[pred].args.iter().map(|&d| &p.domains[d]).collect();
        let mut strides = vec![0u64; domains.len()];
        let mut size = Some(1u64);
        for (stride, d) in strides.iter_mut().zip(&domains).rev() {
            *stride = size.unwrap_or(0);
            size = size.and_then(|n| n.checked_mul(d.len() as u64));
        }
        Tuples { domains, strides, size }
    }

    /// The position of `args`, or `None` for a tuple outside the domains.
    fn position(&self, args: &[Val]) -> Option<u64> {
        if self.size.is_none() || args.len() != self.domains.len() {
            return None;
        }
        self.domains
            .iter()
            .zip(&self.strides)
            .zip(args)
            .try_fold(0u64, |n, ((d, &s), &v)| Some(n + u64::from(d.pos(v)?) * s))
    }

    /// The tuple at position `n`, into `out`.
    fn values(&self, n: u64, out: &mut Vec<Val>) {
        out.clear();
        out.extend(self.domains.iter().zip(&self.strides).map(|(d, &s)| d.values[((n / s) % d.len() as u64) as usize]));
    }
}

/// The shown predicate's ground atoms (or integer variables) by number: a tuple inside the
/// domains is its position ([`Tuples`]); any other (a statement may name an atom outside the
/// domains) is numbered after them, in the order first met. Canonical forms hold numbers, so an
/// atom costs no allocation, and hashing and comparing it is one word; a candidate maps a number
/// through its tuple.
struct Atoms<'p> {
    tuples: Tuples<'p>,
    /// The tuples inside the domains (0 when they have no positions).
    inside: u64,
    /// The tuples outside, numbered from `inside` on.
    outside: MixMap<Vec<Val>, u64>,
    outside_tuples: Vec<Vec<Val>>,
}

impl<'p> Atoms<'p> {
    fn new(p: &'p Program, pred: PredId) -> Atoms<'p> {
        let tuples = Tuples::new(p, pred);
        let inside = tuples.size.unwrap_or(0);
        Atoms { tuples, inside, outside: MixMap::default(), outside_tuples: Vec::new() }
    }

    /// The number of the atom with arguments `args`.
    fn number(&mut self, args: &[Val]) -> u64 {
        if let Some(n) = self.tuples.position(args) {
            return n;
        }
        if let Some(&n) = self.outside.get(args) {
            return n;
        }
        let n = self.inside + self.outside_tuples.len() as u64;
        self.outside.insert(args.to_vec(), n);
        self.outside_tuples.push(args.to_vec());
        n
    }

    /// The arguments of atom `n`, into `out`.
    fn tuple(&self, n: u64, out: &mut Vec<Val>) {
        if n < self.inside {
            self.tuples.values(n, out);
        } else {
            out.clear();
            out.extend_from_slice(&self.outside_tuples[(n - self.inside) as usize]);
        }
    }
}

/// An input predicate's facts as one bit per tuple of its domains: a guard reads a fact with a
/// few additions instead of hashing a key (the facts' own set hashes every key, and a guard is
/// read once per binding of a guarded quantifier).
struct FactBits<'p> {
    tuples: Tuples<'p>,
    bits: Vec<u64>,
}

/// Largest number of tuples an input predicate's [`FactBits`] has (a larger one is read from its
/// set of facts).
const FACT_BITS_MAX: u64 = 1 << 20;

impl<'p> FactBits<'p> {
    /// The bits of `facts`, the facts of `pred`, or `None` when its tuples are too many or a fact
    /// lies outside its domains (then a tuple without a position could be a fact).
    fn new(p: &'p Program, pred: PredId, facts: &FactSet) -> Option<FactBits<'p>> {
        let tuples = Tuples::new(p, pred);
        let size = tuples.size.filter(|&n| n <= FACT_BITS_MAX)?;
        let mut bits = vec![0u64; size.div_ceil(64) as usize];
        for fact in facts {
            let n = tuples.position(fact)?;
            bits[(n / 64) as usize] |= 1 << (n % 64);
        }
        Some(FactBits { tuples, bits })
    }

    fn holds(&self, args: &[Val]) -> bool {
        self.tuples.position(args).is_some_and(|n| self.bits[(n / 64) as usize] >> (n % 64) & 1 == 1)
    }
}

/// A candidate's action on atom numbers (its images numbered as the program's atoms are).
struct Image<'a, 'p> {
    atoms: &'a mut Atoms<'p>,
    candidate: &'a Candidate,
    /// The image of each atom inside the domains found so far (`u64::MAX` for one not yet
    /// asked for; none kept when the atoms are more than [`IMAGES_KEPT`]): an atom occurs in
    /// several constraints.
    images: Vec<u64>,
    args: Vec<Val>,
    image: Vec<Val>,
}

/// Most images of atoms an [`Image`] keeps.
const IMAGES_KEPT: u64 = 1 << 20;

impl<'a, 'p> Image<'a, 'p> {
    fn new(atoms: &'a mut Atoms<'p>, candidate: &'a Candidate) -> Image<'a, 'p> {
        let kept = if atoms.inside <= IMAGES_KEPT { atoms.inside as usize } else { 0 };
        Image { atoms, candidate, images: vec![u64::MAX; kept], args: Vec::new(), image: Vec::new() }
    }

    fn atom(&mut self, n: u64) -> u64 {
        if let Some(&m) = self.images.get(n as usize).filter(|&&m| m != u64::MAX) {
            return m;
        }
        self.atoms.tuple(n, &mut self.args);
        self.candidate.apply_into(&self.args, &mut self.image);
        let m = self.atoms.number(&self.image);
        if let Some(slot) = self.images.get_mut(n as usize) {
            *slot = m;
        }
        m
    }
}

/// The expansion of a program's statements into ground constraints.
struct Expand<'p> {
    p: &'p Program,
    shown: PredId,
    nodes: usize,
    atoms: Atoms<'p>,
    /// Arguments being evaluated (an atom's, before it is numbered or looked up in its facts).
    args: Vec<Val>,
    /// Each input predicate's [`FactBits`], made when a statement first reads it.
    fact_bits: Vec<OnceCell<Option<FactBits<'p>>>>,
    /// Each input predicate's facts by their first argument, made when a guard first picks
    /// facts by it ([`Expand::each_fact`]).
    fact_index: Vec<OnceCell<Rc<FactIndex<'p>>>>,
}

/// An input predicate's facts by their first argument.
type FactIndex<'p> = MixMap<Val, Vec<&'p Vec<Val>>>;

type Env = Vec<Option<Val>>;

impl<'p> Expand<'p> {
    fn tick(&mut self) -> R<()> {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return Err(format!("the ground program has more than {NODE_BUDGET} parts"));
        }
        Ok(())
    }

    /// Runs `k` for every binding of `binders` whose guard holds.
    fn each(
        &mut self,
        binders: &[Bound],
        guard: Option<&F>,
        env: &mut Env,
        k: &mut dyn FnMut(&mut Self, &mut Env) -> R<()>,
    ) -> R<()> {
        if let Some(facts) = self.fact_guard(binders, guard) {
            return self.each_fact(binders, guard, facts, env, k);
        }
        // The guard's conjuncts, on the stack when they are few (this runs once per quantifier,
        // sum and count expanded).
        let (mut few, mut n, mut many) = ([&F::Const(true); CONJUNCTS_ON_STACK], 0, Vec::new());
        let conjuncts: &[&F] = match guard {
            None => &[],
            Some(g) if conjuncts_of(g, &mut few, &mut n) => &few[..n],
            Some(g) => {
                let mut all = [g; 64];
                let mut n = 0;
                conjuncts_of(g, &mut all, &mut n);
                many.extend_from_slice(&all[..n]);
                &many
            }
        };
        self.bind(binders, guard, conjuncts, 0, env, k)
    }

    /// [`Expand::each`] by enumerating the binders' domains. `conjuncts` are the guard's (its
    /// `and`s flattened; past the 64th they are not looked at before the last binder is bound)
    /// and `known` has bit `i` set when conjunct `i` already holds over data with the binders
    /// bound so far: it then holds for every value of the others, so it is not evaluated again
    /// below (a sum's window `c2 > c and c2 <= c + l` is decided once per `c2`, not once per `c2`
    /// and digit; queens' `i < i2` once per `i2`, not once per `j2`).
    fn bind(
        &mut self,
        binders: &[Bound],
        guard: Option<&F>,
        conjuncts: &[&F],
        known: u64,
        env: &mut Env,
        k: &mut dyn FnMut(&mut Self, &mut Env) -> R<()>,
    ) -> R<()> {
        let open = |known: u64| (0..conjuncts.len()).filter(move |&i| known >> i & 1 == 0);
        let Some((b, rest)) = binders.split_first() else {
            let holds = match guard {
                None => true,
                // The guard over data where every conjunct not known is found there (`data` of
                // the whole guard, as `f` would find it); otherwise `f` decides.
                Some(g) => match if conjuncts.len() < 64 {
                    open(known).try_fold(true, |all, i| Some(self.data(conjuncts[i], env)? & all))
                } else {
                    self.data(g, env)
                } {
                    Some(b) => {
                        self.tick()?;
                        b
                    }
                    None => match self.f(g, env)? {
                        E::Const(b) => b,
                        _ => return Err("a guard that depends on a solved-for atom".into()),
                    },
                },
            };
            return if holds { k(self, env) } else { Ok(()) };
        };
        let p = self.p;
        'values: for &v in &p.domains[b.dom].values {
            let before = env[b.slot.index()].replace(v);
            // A conjunct of the guard already false over data leaves nothing to expand under
            // this value (the whole guard is then false whatever the other binders take).
            let mut now = known;
            if !rest.is_empty() {
                for i in open(known) {
                    match self.data(conjuncts[i], env) {
                        Some(true) => now |= 1 << i,
                        Some(false) => {
                            env[b.slot.index()] = before;
                            continue 'values;
                        }
                        None => {}
                    }
                }
            }
            let r = self.bind(rest, guard, conjuncts, now, env, k);
            env[b.slot.index()] = before;
            r?;
        }
        Ok(())
    }

    /// The truth of a formula over data only (comparisons of bound values, input atoms, and
    /// connectives over them), or `None` where [`Expand::f`] must decide (anything else, and
    /// arithmetic that overflows or divides by zero): the same value as
    /// `f`'s constant, without building canonical forms (a guard is evaluated once per binding,
    /// so this is most of the expansion of a guarded quantifier). Both sides of a connective
    /// are evaluated, as `f` does; where a side is already false under `and` the binders below
    /// are pruned (`bind`), so a later conjunct `f` would refuse (an overflow, symbols
    /// compared by order) is then skipped: sound, since the guard is false whatever it says.
    fn data(&self, f: &F, env: &Env) -> Option<bool> {
        Some(match f {
            F::Const(b) => *b,
            F::Cmp(c) => c.op.holds(fast_term(&c.a, env)?, fast_term(&c.b, env)?)?,
            F::Atom(pred, args, _) => match &self.p.preds[*pred].kind {
                // The arguments on the stack: this runs once per binding of a guarded quantifier.
                PredKind::Input(facts) if args.len() <= ARGS_ON_STACK => {
                    let mut vals = [Val::Int(0); ARGS_ON_STACK];
                    for (v, a) in vals.iter_mut().zip(args) {
                        *v = fast_term(a, env)?;
                    }
                    self.fact(*pred, facts, &vals[..args.len()])
                }
                PredKind::Input(facts) => {
                    self.fact(*pred, facts, &args.iter().map(|a| fast_term(a, env)).collect::<Option<Vec<Val>>>()?)
                }
                _ => return None,
            },
            F::Not(a) => !self.data(a, env)?,
            F::And(a, b) => self.data(a, env)? & self.data(b, env)?,
            F::Or(a, b) => self.data(a, env)? | self.data(b, env)?,
            F::Imp(a, b) => !self.data(a, env)? | self.data(b, env)?,
            F::Iff(a, b) => self.data(a, env)? == self.data(b, env)?,
            F::Xor(a, b) => self.data(a, env)? != self.data(b, env)?,
            _ => return None,
        })
    }

    /// Whether `args` is a fact of the input predicate `pred`, whose facts are `facts`.
    fn fact(&self, pred: PredId, facts: &FactSet, args: &[Val]) -> bool {
        match self.fact_bits[pred.index()].get_or_init(|| FactBits::new(self.p, pred, facts)) {
            Some(bits) => bits.holds(args),
            None => facts.contains(args),
        }
    }

    /// The facts of a guard that is one input atom whose arguments include binders and are
    /// otherwise data known before the binders are bound: the bindings are then read off the
    /// facts instead of enumerated (the guard holds exactly for them).
    fn fact_guard(&self, binders: &[Bound], guard: Option<&F>) -> Option<&'p FactSet> {
        let Some(F::Atom(pred, args, _)) = guard else { return None };
        let PredKind::Input(facts) = &self.p.preds[*pred].kind else { return None };
        let bound = |s: &crate::program::Slot| binders.iter().any(|b| b.slot == *s);
        let mut any = false;
        for a in args {
            match a {
                T::Var(s) if bound(s) => any = true,
                a if walk::term_slots(a).iter().any(bound) => return None,
                _ => {}
            }
        }
        any.then_some(facts)
    }

    /// [`Expand::each`] over the facts of the guard ([`Expand::fact_guard`]).
    fn each_fact(
        &mut self,
        binders: &[Bound],
        guard: Option<&F>,
        facts: &'p FactSet,
        env: &mut Env,
        k: &mut dyn FnMut(&mut Self, &mut Env) -> R<()>,
    ) -> R<()> {
        let Some(F::Atom(pred, args, _)) = guard else { return Ok(()) };
        let saved: Vec<Option<Val>> = binders.iter().map(|b| env[b.slot.index()]).collect();
        let rest: Vec<Bound> =
            binders.iter().filter(|b| !args.iter().any(|a| matches!(a, T::Var(s) if *s == b.slot))).copied().collect();
        // A first argument that is data (a killer cage's number in `cage(g, r, c)`) picks the
        // facts to go through from an index by first argument, instead of all of them.
        for b in binders {
            env[b.slot.index()] = None;
        }
        let first = match args.first() {
            Some(T::Var(s)) if binders.iter().any(|b| b.slot == *s) => None,
            Some(a) => eval_term(a, env).ok(),
            None => None,
        };
        let index = first.map(|_| {
            Rc::clone(self.fact_index[pred.index()].get_or_init(|| {
                let mut index: FactIndex<'p> = MixMap::default();
                for fact in facts {
                    if let Some(&v) = fact.first() {
                        index.entry(v).or_default().push(fact);
                    }
                }
                Rc::new(index)
            }))
        });
        let picked: Option<&[&Vec<Val>]> =
            index.as_ref().zip(first).map(|(index, v)| index.get(&v).map_or(&[][..], Vec::as_slice));
        let (mut all, mut some) = (facts.iter(), picked.unwrap_or_default().iter());
        let mut result = Ok(());
        'facts: while let Some(fact) = if picked.is_some() { some.next().copied() } else { all.next() } {
            self.tick()?;
            for b in binders {
                env[b.slot.index()] = None;
            }
            for (a, &v) in args.iter().zip(fact) {
                match a {
                    T::Var(s) if binders.iter().any(|b| b.slot == *s) => {
                        let dom = binders.iter().find(|b| b.slot == *s).map(|b| b.dom);
                        if dom.is_some_and(|d| self.p.domains[d].pos(v).is_none()) {
                            continue 'facts;
                        }
                        match env[s.index()] {
                            Some(w) if w != v => continue 'facts,
                            _ => env[s.index()] = Some(v),
                        }
                    }
                    a => match eval_term(a, env) {
                        Ok(w) if w == v => {}
                        Ok(_) => continue 'facts,
                        Err(_) => {
                            result = Err("a guard that cannot be evaluated".to_string());
                            break 'facts;
                        }
                    },
                }
            }
            if let Err(e) = self.each(&rest, None, env, k) {
                result = Err(e);
                break;
            }
        }
        for (b, v) in binders.iter().zip(saved) {
            env[b.slot.index()] = v;
        }
        result
    }

    /// The values of `args` into `self.args`.
    fn args(&mut self, args: &[T], env: &Env) -> R<()> {
        self.args.clear();
        for a in args {
            let v = match fast_term(a, env) {
                Some(v) => v,
                None => eval_term(a, env).map_err(|_| "an argument that depends on a solved-for value".to_string())?,
            };
            self.args.push(v);
        }
        Ok(())
    }

    fn f(&mut self, f: &F, env: &mut Env) -> R<E> {
        self.tick()?;
        let p = self.p;
        Ok(match f {
            F::Const(b) => E::Const(*b),
            F::Atom(pred, args, _) => {
                self.args(args, env)?;
                match &p.preds[*pred].kind {
                    PredKind::Var if *pred == self.shown => E::Atom(self.atoms.number(&self.args)),
                    PredKind::Var | PredKind::Int(_) => {
                        return Err(format!("a constraint over '{}', which is not shown", p.preds[*pred].name))
                    }
                    PredKind::Input(facts) => E::Const(self.fact(*pred, facts, &self.args)),
                    PredKind::Def(def) => {
                        let mut inner: Env = vec![None; def.slots.len()];
                        for (s, &v) in def.params.iter().zip(&self.args) {
                            inner[s.index()] = Some(v);
                        }
                        self.f(&def.body, &mut inner)?
                    }
                }
            }
            F::Cmp(c) => {
                if let (Ok(a), Ok(b)) = (eval_term(&c.a, env), eval_term(&c.b, env)) {
                    match c.op.holds(a, b) {
                        Some(h) => E::Const(h),
                        None => return Err("an ordered comparison of symbols".into()),
                    }
                } else {
                    let mut lin = Lin::constant(0);
                    self.t_into(&c.a, env, 1, &mut lin)?;
                    self.t_into(&c.b, env, -1, &mut lin)?;
                    cmp(c.op, lin)?
                }
            }
            F::Not(a) => not(self.f(a, env)?),
            F::And(a, b) => junction(true, vec![self.f(a, env)?, self.f(b, env)?]),
            F::Or(a, b) => junction(false, vec![self.f(a, env)?, self.f(b, env)?]),
            F::Imp(a, b) => junction(false, vec![not(self.f(a, env)?), self.f(b, env)?]),
            F::Iff(a, b) => pair(true, self.f(a, env)?, self.f(b, env)?),
            F::Xor(a, b) => pair(false, self.f(a, env)?, self.f(b, env)?),
            F::Quant(q) => {
                let mut items = Vec::new();
                self.each(&q.binders, q.guard.as_ref(), env, &mut |x, env| {
                    items.push(x.f(&q.body, env)?);
                    Ok(())
                })?;
                junction(q.all, items)
            }
            F::Count(c) => {
                let mut sum = Lin::constant(0);
                self.each(&c.binders, c.guard.as_ref(), env, &mut |x, env| {
                    let e = x.f(&c.lit, env)?;
                    sum.add_ind(e, 1)
                })?;
                self.t_into(&c.bound, env, -1, &mut sum)?;
                match c.kind {
                    crate::ast::CountKind::Exactly => cmp(CmpOp::Eq, sum)?,
                    crate::ast::CountKind::AtMost => cmp(CmpOp::Le, sum)?,
                    crate::ast::CountKind::AtLeast => cmp(CmpOp::Ge, sum)?,
                }
            }
            F::AllDiff(a) => {
                let mut items = Vec::new();
                self.each(&a.binders, a.guard.as_ref(), env, &mut |x, env| {
                    items.push(x.t(&a.body, env)?.norm());
                    Ok(())
                })?;
                let except = a.except.as_ref().map(|t| self.t(t, env).map(Lin::norm)).transpose()?;
                alldiff(items, except)
            }
            F::Connected(_) | F::Regions(_) | F::Order(_) | F::Lex(_) | F::Parity(_) | F::Runs(_) | F::Global(_) => {
                return Err(refused_kind(f).unwrap_or("a global constraint").into())
            }
        })
    }

    fn t(&mut self, t: &T, env: &mut Env) -> R<Lin> {
        let mut sum = Lin::constant(0);
        self.t_into(t, env, 1, &mut sum)?;
        Ok(sum)
    }

    /// Adds `k` times term `t` to `sum`: a sum's items, a product's factor and a comparison's
    /// sides are written into one sum, not each into a sum of its own that is then copied over.
    fn t_into(&mut self, t: &T, env: &mut Env, k: i64, sum: &mut Lin) -> R<()> {
        self.tick()?;
        let p = self.p;
        match t {
            T::Const(Val::Int(c)) => sum.add_constant(*c, k)?,
            T::Var(_) | T::Const(_) => match eval_term(t, env) {
                Ok(Val::Int(c)) => sum.add_constant(c, k)?,
                _ => return Err("a symbol in a sum".into()),
            },
            T::Bin(b) => match b.op {
                Op::Add => {
                    self.t_into(&b.a, env, k, sum)?;
                    self.t_into(&b.b, env, k, sum)?;
                }
                Op::Sub => {
                    self.t_into(&b.a, env, k, sum)?;
                    self.t_into(&b.b, env, k.checked_neg().ok_or_else(overflow)?, sum)?;
                }
                // A factor that is data (most often a binder: `d * [x(r, c, d)]`) scales the
                // other side as it is written.
                Op::Mul if matches!(fast_term(&b.a, env), Some(Val::Int(_))) => {
                    let Some(Val::Int(m)) = fast_term(&b.a, env) else { unreachable!() };
                    self.t_into(&b.b, env, k.checked_mul(m).ok_or_else(overflow)?, sum)?;
                }
                Op::Mul if matches!(fast_term(&b.b, env), Some(Val::Int(_))) => {
                    let Some(Val::Int(m)) = fast_term(&b.b, env) else { unreachable!() };
                    self.t_into(&b.a, env, k.checked_mul(m).ok_or_else(overflow)?, sum)?;
                }
                op => {
                    let (x, y) = (self.t(&b.a, env)?, self.t(&b.b, env)?);
                    let value = match (op, x.as_const(), y.as_const()) {
                        (Op::Mul, Some(m), _) => y.scale(m)?,
                        (Op::Mul, _, Some(m)) => x.scale(m)?,
                        (op @ (Op::Div | Op::Mod), Some(a), Some(c)) => {
                            match crate::program::arith(op, Val::Int(a), Val::Int(c), b.span) {
                                Ok(Val::Int(v)) => Lin::constant(v),
                                _ => return Err("a division by zero".into()),
                            }
                        }
                        _ => return Err("a product or quotient of solved-for values".into()),
                    };
                    sum.add_scaled(value, k)?;
                }
            },
            T::Neg(a, _) => self.t_into(a, env, k.checked_neg().ok_or_else(overflow)?, sum)?,
            T::IntVar(pred, args, _) => {
                self.args(args, env)?;
                let pr = &p.preds[*pred];
                match pr.kind {
                    // A variable over symbols stands in a sum as one over their positions: the
                    // language compares symbols only with each other (a symbol constant is
                    // refused above), so its constraints are `=`, `=/=` and `alldifferent`.
                    PredKind::Int(_) if *pred == self.shown => {
                        sum.terms.push((Lt::Int(self.atoms.number(&self.args)), k));
                    }
                    _ => return Err(format!("a constraint over '{}', which is not shown", pr.name)),
                }
            }
            T::Sum(s) => self.each(&s.binders, s.guard.as_ref(), env, &mut |x, env| x.t_into(&s.body, env, k, sum))?,
            T::Bool(f, _) => {
                let e = self.f(f, env)?;
                sum.add_ind(e, k)?;
            }
            T::Count(c) => self.each(&c.binders, c.guard.as_ref(), env, &mut |x, env| {
                let e = x.f(&c.body, env)?;
                sum.add_ind(e, k)
            })?,
            T::MinMax(_) => return Err("a min or max term".into()),
        }
        Ok(())
    }
}

fn alldiff(mut items: Vec<Lin>, except: Option<Lin>) -> E {
    items.sort();
    E::AllDiff(items, except)
}

/// A candidate: argument `i` of an image is argument `from[i]` of the atom, reversed when
/// `reverse[i]` (over the range `lo..=hi` of its domain: v -> lo + hi - v).
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    from: Vec<usize>,
    reverse: Vec<Option<(i64, i64)>>,
    /// How `-v` names it (`reverse argument 1`, `exchange arguments 1 and 2`).
    pub name: String,
}

impl Candidate {
    fn apply(&self, args: &[Val]) -> Vec<Val> {
        let mut out = Vec::with_capacity(args.len());
        self.apply_into(args, &mut out);
        out
    }
    fn apply_into(&self, args: &[Val], out: &mut Vec<Val>) {
        out.clear();
        out.extend(self.from.iter().zip(&self.reverse).map(|(&i, r)| match (args[i], r) {
            (Val::Int(v), Some((lo, hi))) => Val::Int(lo + hi - v),
            (v, _) => v,
        }));
    }
}

/// The candidates for predicate `pred`: reversals of its integer-range positions, exchanges of
/// its positions over equal values.
fn candidates(p: &Program, pred: PredId) -> Vec<Candidate> {
    let args = &p.preds[pred].args;
    let n = args.len();
    let identity: Vec<usize> = (0..n).collect();
    let mut out = Vec::new();
    for (i, &d) in args.iter().enumerate() {
        let dom = &p.domains[d];
        if let (Some(Val::Int(lo)), Some(Val::Int(hi))) = (dom.values.first(), dom.values.last()) {
            if dom.range.is_some() && hi > lo {
                let mut reverse = vec![None; n];
                reverse[i] = Some((*lo, *hi));
                out.push(Candidate { from: identity.clone(), reverse, name: format!("reverse argument {}", i + 1) });
            }
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            if p.domains[args[i]].values == p.domains[args[j]].values && p.domains[args[i]].len() > 1 {
                let mut from = identity.clone();
                from.swap(i, j);
                out.push(Candidate {
                    from,
                    reverse: vec![None; n],
                    name: format!("exchange arguments {} and {}", i + 1, j + 1),
                });
            }
        }
    }
    out
}

fn map_lin(l: &Lin, c: &mut Image) -> Lin {
    let terms = l
        .terms
        .iter()
        .map(|(t, k)| {
            let t = match t {
                Lt::Int(a) => Lt::Int(c.atom(*a)),
                Lt::Bool(a) => Lt::Bool(c.atom(*a)),
                Lt::Ind(e) => ind_term(map(e, c)),
            };
            (t, *k)
        })
        .collect();
    Lin { terms, c: l.c }.norm()
}

/// The image of a ground formula, in canonical form again.
fn map(e: &E, c: &mut Image) -> E {
    match e {
        E::Const(b) => E::Const(*b),
        E::Atom(a) => E::Atom(c.atom(*a)),
        E::Not(x) => not(map(x, c)),
        E::And(xs) => junction(true, xs.iter().map(|x| map(x, c)).collect()),
        E::Or(xs) => junction(false, xs.iter().map(|x| map(x, c)).collect()),
        E::Iff(xs) | E::Xor(xs) => {
            let mut v: Vec<E> = xs.iter().map(|x| map(x, c)).collect();
            v.sort();
            if matches!(e, E::Iff(_)) {
                E::Iff(v)
            } else {
                E::Xor(v)
            }
        }
        E::Le(l) => E::Le(map_lin(l, c)),
        E::Eq(l) => E::Eq(signed(map_lin(l, c))),
        E::Ne(l) => E::Ne(signed(map_lin(l, c))),
        E::AllDiff(items, except) => {
            alldiff(items.iter().map(|l| map_lin(l, c)).collect(), except.as_ref().map(|l| map_lin(l, c)))
        }
    }
}

/// What the search for a model's symmetries found: the proven candidates (by name) and why the
/// others were refused, or why none was looked for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// The proven candidates.
    pub proven: Vec<Candidate>,
    /// Lines for the header and `-v`.
    pub lines: Vec<String>,
    /// Whether the values of the shown integer variable are proven interchangeable
    /// ([`values_kept`]).
    pub values: bool,
}

/// Finds the candidates that map the ground program of `p` onto itself.
/// The constructs the expansion has no canonical form for.
fn refused_kind(f: &F) -> Option<&'static str> {
    match f {
        F::Connected(_) => Some("a connectivity constraint"),
        F::Regions(_) => Some("a region division"),
        F::Order(_) => Some("an order constraint"),
        F::Lex(_) => Some("a lexicographic order"),
        F::Parity(_) => Some("a parity constraint"),
        F::Runs(_) => Some("a runs constraint"),
        F::Global(_) => Some("a global constraint"),
        _ => None,
    }
}

/// The first construct of `f` without a canonical form, found by looking at the formula only:
/// a model that has one is refused before any statement is expanded (a nonogram's `runs`
/// statement comes after others that would cost half a millisecond to expand). It may refuse
/// where the expansion would not reach the construct (a quantifier over nothing): no symmetry is
/// then declared, which keeps counts exact.
fn unsupported(f: &F) -> Option<&'static str> {
    if let Some(kind) = refused_kind(f) {
        return Some(kind);
    }
    let mut found = None;
    let _ = walk::children(f, &mut |n| {
        found = match n {
            walk::Node::F(g) => unsupported(g),
            walk::Node::T(_) => None,
        };
        if found.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// The ground constraints of `p`'s statements in canonical form, each with how often it occurs,
/// and the numbering of the shown atoms they use.
fn ground_program(p: &Program, shown: PredId) -> R<(MixMap<E, usize>, Atoms<'_>)> {
    let fact_bits = p.preds.iter().map(|_| OnceCell::new()).collect();
    let fact_index = p.preds.iter().map(|_| OnceCell::new()).collect();
    let mut x = Expand { p, shown, nodes: 0, atoms: Atoms::new(p, shown), args: Vec::new(), fact_bits, fact_index };
    let mut program: MixMap<E, usize> = MixMap::default();
    for s in &p.stmts {
        let mut env: Env = vec![None; s.slots.len()];
        match x.f(&s.f, &mut env)? {
            E::And(items) => items.into_iter().for_each(|e| *program.entry(e).or_default() += 1),
            E::Const(true) => {}
            e => *program.entry(e).or_default() += 1,
        }
    }
    Ok((program, x.atoms))
}

/// Why no symmetry of `p` is looked for, found from the model alone before anything is expanded
/// (not exactly one shown predicate, objectives, a solved-for predicate that is not shown, no
/// candidate, a construct the expansion cannot write): `None` when the search would run. A
/// count's grounding leaves the search for later only when it would run
/// ([`crate::add_symmetries`]).
pub(crate) fn refusal(p: &Program) -> Option<String> {
    if p.shown.len() != 1 {
        return Some("only a model with one shown predicate is searched for symmetries".into());
    }
    if !p.goals.is_empty() {
        return Some("the model has objectives".into());
    }
    let shown = p.shown[0];
    let solved = p.pred_ids().filter(|&i| matches!(p.preds[i].kind, PredKind::Var | PredKind::Int(_)));
    if let Some(other) = solved.into_iter().find(|&i| i != shown) {
        return Some(format!("'{}' is solved for and not shown", p.preds[other].name));
    }
    if candidates(p, shown).is_empty() && !has_value_candidate(p, shown) {
        return Some(format!("'{}' has no argument to reverse or exchange", p.preds[shown].name));
    }
    p.stmts.iter().find_map(|s| unsupported(&s.f)).map(str::to_string)
}

/// Whether the values of `shown` are a candidate: an integer variable with two values or more.
fn has_value_candidate(p: &Program, shown: PredId) -> bool {
    matches!(p.preds[shown].kind, PredKind::Int(d) if p.domains[d].len() > 1)
}

pub(crate) fn find(p: &Program) -> Found {
    let mut found = Found::default();
    let refuse = |why: String| Found {
        proven: Vec::new(),
        lines: vec![format!("symmetries: none looked for: {why}")],
        values: false,
    };
    if let Some(why) = refusal(p) {
        return refuse(why);
    }
    let shown = p.shown[0];
    let cands = candidates(p, shown);
    let value_candidate = has_value_candidate(p, shown);
    let (program, mut atoms) = match ground_program(p, shown) {
        Ok(expanded) => expanded,
        Err(why) => return refuse(why),
    };
    for c in cands {
        // Every candidate permutes the atoms (a reversal of a range, an exchange of positions
        // over equal values) and the canonical form is a function of the formula up to that
        // renaming, so `map` is one-to-one on canonical forms: the images are the program as a
        // multiset exactly when each constraint's image occurs as often as the constraint does
        // (no copy of the program to count down per candidate). Even "every image is some
        // constraint" would do: the program then implies its image, which has as many models
        // (a renaming of atoms), so the two are equivalent.
        let mut image = Image::new(&mut atoms, &c);
        let kept = program.iter().all(|(e, &n)| program.get(&map(e, &mut image)) == Some(&n));
        found.lines.push(format!("symmetry candidate {}: {}", c.name, if kept { "proven" } else { "refused" }));
        if kept {
            found.proven.push(c);
        }
    }
    if value_candidate {
        found.values = program.keys().all(values_kept);
        found.lines.push(format!(
            "symmetry candidate interchangeable values of '{}': {}",
            p.preds[shown].name,
            if found.values { "proven" } else { "refused" }
        ));
    }
    found
}

/// Whether every permutation of the values of the shown integer variables maps the models of the
/// ground constraint `e` onto its models: each integer term stands only in `x = y` or `x =/= y`
/// between two of them, or in an `alldifferent` of them without an exception value, whose truth
/// a renaming of the values keeps; and nowhere else (a constant, another term, an order or a sum
/// would tell the values apart).
fn values_kept(e: &E) -> bool {
    let int = |t: &(Lt, i64)| matches!(t.0, Lt::Int(_));
    // A sum that mentions no integer variable (its indicators' formulas checked too).
    let without_ints = |l: &Lin| {
        l.terms.iter().all(|(t, _)| match t {
            Lt::Int(_) => false,
            Lt::Bool(_) => true,
            Lt::Ind(f) => values_kept(f),
        })
    };
    let difference = |l: &Lin| {
        l.c == 0
            && l.terms.len() == 2
            && l.terms.iter().all(int)
            && l.terms[0].1 + l.terms[1].1 == 0
            && l.terms[0].1.abs() == 1
    };
    let variable = |l: &Lin| l.c == 0 && l.terms.len() == 1 && int(&l.terms[0]) && l.terms[0].1 == 1;
    match e {
        E::Const(_) | E::Atom(_) => true,
        E::Not(x) => values_kept(x),
        E::And(xs) | E::Or(xs) | E::Iff(xs) | E::Xor(xs) => xs.iter().all(values_kept),
        E::Le(l) => without_ints(l),
        E::Eq(l) | E::Ne(l) => without_ints(l) || difference(l),
        E::AllDiff(items, except) => {
            (except.is_none() && items.iter().all(variable))
                || (items.iter().all(without_ints) && except.as_ref().is_none_or(without_ints))
        }
    }
}

/// The group generated by `generators` (permutations of `0..n`), the identity first; a generator
/// that would make it larger than [`MAX_GROUP`] is left out. Returns the group and the
/// generators left out.
pub(crate) fn closure(n: usize, generators: &[Vec<u32>]) -> (Vec<Vec<u32>>, usize) {
    let identity: Vec<u32> = (0..n as u32).collect();
    let mut kept: Vec<&Vec<u32>> = Vec::new();
    let mut group = vec![identity.clone()];
    let mut left_out = 0;
    for g in generators {
        if group.contains(g) {
            continue;
        }
        kept.push(g);
        match close(&identity, &kept) {
            Some(all) => group = all,
            None => {
                kept.pop();
                left_out += 1;
            }
        }
    }
    (group, left_out)
}

fn close(identity: &[u32], gens: &[&Vec<u32>]) -> Option<Vec<Vec<u32>>> {
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut order = vec![identity.to_vec()];
    seen.insert(identity.to_vec());
    let mut queue: VecDeque<Vec<u32>> = VecDeque::from([identity.to_vec()]);
    while let Some(e) = queue.pop_front() {
        for g in gens {
            let next: Vec<u32> = e.iter().map(|&i| g[i as usize]).collect();
            if seen.insert(next.clone()) {
                if seen.len() > MAX_GROUP {
                    return None;
                }
                order.push(next.clone());
                queue.push_back(next);
            }
        }
    }
    Some(order)
}

/// Declares the proven symmetries of `p` on the grounding `g` whose projection is `shown`: each
/// proven candidate as a permutation of the projection atoms, the group they generate (the
/// identity left out), and, when `lex_leader`, symmetry-breaking clauses (the search then finds
/// fewer members of each orbit, at least its least one, and the count expands each member found
/// into its orbit). Interchangeable values ([`values_kept`]) add every permutation of the values:
/// their group is broken by value precedence, the variable symmetries' by lex-leader clauses for
/// each of their elements, both for the same order of the projection atoms, so together they
/// keep the least member of every orbit (a product of the two is left without clauses of its
/// own). Returns the group and the lines that say what was found.
pub(crate) fn declare(
    p: &Program,
    g: &mut crate::ground::Grounded,
    shown: &[Var],
    lex_leader: bool,
) -> (Vec<wgrnd_seam::Symmetry>, Vec<String>) {
    let found = find(p);
    let mut lines = found.lines;
    if found.proven.is_empty() && !found.values {
        if !lines.iter().any(|l| l.starts_with("symmetries:")) {
            lines.push("symmetries: none proven".into());
        }
        return (Vec::new(), lines);
    }
    let mut generators = Vec::new();
    for c in &found.proven {
        match permutation(p, g, shown, c) {
            Ok(perm) => generators.push(perm),
            Err(why) => {
                lines.push(format!("symmetries: none declared: {} does not permute the shown atoms ({why})", c.name));
                return (Vec::new(), lines);
            }
        }
    }
    let blocks = match found.values.then(|| value_blocks(p, g, shown)) {
        Some(Ok(b)) => Some(b),
        Some(Err(why)) => {
            lines.push(format!("symmetries: interchangeable values not declared ({why})"));
            None
        }
        None => None,
    };
    let (mut variables, mut left_out) = closure(shown.len(), &generators);
    // The values' blocks and all their permutations, when declared.
    let values = match blocks {
        Some(b) if factorial_at_most(b[0].len(), MAX_GROUP / variables.len()) => {
            let all = value_permutations(shown.len(), &b);
            Some((b, all))
        }
        Some(b) if factorial_at_most(b[0].len(), MAX_GROUP) => {
            // The values' group is kept over the variables': it is usually far larger.
            left_out = generators.len();
            variables.truncate(1);
            let all = value_permutations(shown.len(), &b);
            Some((b, all))
        }
        Some(b) => {
            lines.push(format!(
                "symmetries: interchangeable values not declared (their {}! permutations are more than {MAX_GROUP})",
                b[0].len()
            ));
            None
        }
        None => None,
    };
    // Every element: a variable symmetry after a permutation of the values (the two commute).
    let group: Vec<Vec<u32>> = match &values {
        Some((_, all)) => {
            variables.iter().flat_map(|a| all.iter().map(|v| v.iter().map(|&i| a[i as usize]).collect())).collect()
        }
        None => variables.clone(),
    };
    let value_line = match &values {
        Some((b, all)) => format!(" and the {} permutations of {} interchangeable values", all.len(), b[0].len()),
        None => String::new(),
    };
    lines.push(format!(
        "symmetries: a group of {} (the identity included) from {} proven generator(s){}{}; {}",
        group.len(),
        generators.len() - left_out,
        value_line,
        if left_out > 0 {
            format!(", {left_out} generator(s) left out to keep it at most {MAX_GROUP}")
        } else {
            String::new()
        },
        match (lex_leader, values.is_some()) {
            (false, _) => "lex-leader clauses none",
            (true, false) => "lex-leader clauses for every element",
            (true, true) => "value precedence, and lex-leader clauses for every variable symmetry",
        }
    ));
    if lex_leader {
        for (s, image) in variables.iter().enumerate().skip(1) {
            let fresh = wgrnd_sat::lex_leader(&mut g.cnf, shown, image);
            name_aux(g, fresh, s as u32, "lex-leader equal-prefix symmetry");
        }
        if let Some((b, _)) = &values {
            // Rank 0 is the value whose atom comes last in its block: its bit string is the least.
            let ranks: Vec<Vec<Var>> =
                b.iter().map(|block| block.iter().rev().map(|&i| shown[i as usize]).collect()).collect();
            let fresh = wgrnd_sat::value_precedence(&mut g.cnf, &ranks);
            name_aux(g, fresh, 0, "value precedence");
        }
    }
    let symmetries = group.into_iter().skip(1).map(|image| wgrnd_seam::Symmetry { image, reflection: true }).collect();
    (symmetries, lines)
}

/// Whether `k!` is at most `limit`.
fn factorial_at_most(k: usize, limit: usize) -> bool {
    (1..=k).try_fold(1usize, |f, i| f.checked_mul(i).filter(|&f| f <= limit)).is_some()
}

/// Every permutation of the values as a permutation of the `n` projection atoms, the identity
/// first: the atom of value `j` in each block becomes that of value `pi[j]` (written out
/// directly: the closure of the transpositions hashed 600 images of every atom for 5 values).
fn value_permutations(n: usize, blocks: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let k = blocks[0].len();
    let mut out = Vec::new();
    let mut pi: Vec<usize> = (0..k).collect();
    // Heap's algorithm: each permutation once, the identity first.
    let mut c = vec![0usize; k];
    let mut push = |pi: &[usize]| {
        let mut image: Vec<u32> = (0..n as u32).collect();
        for block in blocks {
            for (j, &to) in pi.iter().enumerate() {
                image[block[j] as usize] = block[to];
            }
        }
        out.push(image);
    };
    push(&pi);
    let mut i = 0;
    while i < k {
        if c[i] < i {
            pi.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
            push(&pi);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

/// Names the `fresh` auxiliary atoms just made as the grounder names its own: when asked for with
/// names off (names.rs; formatting a name for each was a sixth of a proven group's cost on the 3
/// x 3 magic square), else one name per symmetry `number`, copied to its auxiliaries.
fn name_aux(g: &mut crate::ground::Grounded, fresh: u32, number: u32, what: &'static str) {
    let first = g.cnf.num_vars() - fresh;
    if g.lazy_names {
        g.names.extend(std::iter::repeat_n(String::new(), fresh as usize));
        g.lazy_aux.push(crate::names::LazyAux {
            var: first,
            count: fresh,
            number,
            numbered_in_turn: false,
            what: std::borrow::Cow::Borrowed(what),
        });
    } else {
        g.names.extend(std::iter::repeat_n(crate::names::aux_name(what, number), fresh as usize));
    }
    g.atom_of.extend(std::iter::repeat_n(None, fresh as usize));
    g.aux_count += fresh;
}

/// The projection positions of each shown integer variable's atoms, one block per variable in the
/// order of the projection, each block the atoms of its values in order: what a permutation of
/// the values permutes. Only the direct view has one atom per value (an order or log view's atoms
/// are not permuted by a renaming of the values), and every variable must have every value of
/// the domain, in consecutive projection atoms.
fn value_blocks(p: &Program, g: &crate::ground::Grounded, shown: &[Var]) -> Result<Vec<Vec<u32>>, String> {
    let pred = p.shown[0];
    let PredKind::Int(d) = p.preds[pred].kind else { return Err("not an integer variable".into()) };
    let k = p.domains[d].len() as u32;
    let mut blocks: Vec<Vec<u32>> = Vec::new();
    for a in g.int_list.iter().filter(|a| a.pred as usize == pred.index()) {
        if a.view != crate::ints::View::Direct {
            return Err("an integer variable not in the direct view".into());
        }
        if a.width != k {
            return Err("an integer variable without every value of the domain".into());
        }
        let block: Vec<u32> = (0..a.width)
            .map(|j| {
                let v = Var::from_index((a.first + j - 1) as usize);
                shown.binary_search(&v).map(|i| i as u32).map_err(|_| "an atom that is not shown".to_string())
            })
            .collect::<Result<_, _>>()?;
        if block.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err("a variable's atoms are not consecutive".into());
        }
        blocks.push(block);
    }
    blocks.sort_unstable();
    if blocks.is_empty() {
        return Err("no integer variable with atoms".into());
    }
    Ok(blocks)
}

/// The candidate `c` as a permutation of the projection atoms `shown` (indices), or why it is not
/// one: an atom without a variable whose image has one, or integer variables of different views.
fn permutation(p: &Program, g: &crate::ground::Grounded, shown: &[Var], c: &Candidate) -> Result<Vec<u32>, String> {
    let pred = p.shown[0];
    let tuples = Tuples::new(p, pred);
    let tuple = |idx: u32| -> Vec<Val> {
        let mut out = Vec::new();
        tuples.values(u64::from(idx), &mut out);
        out
    };
    let index = |args: &[Val]| -> Option<u32> { tuples.position(args).and_then(|n| u32::try_from(n).ok()) };
    // Where each shown variable sits: a Boolean atom, or bit `offset` of an integer variable.
    let mut bools: MixMap<u32, Var> = MixMap::default();
    for (v, a) in g.atom_of.iter().enumerate() {
        if let Some((pr, idx)) = a {
            if *pr as usize == pred.index() {
                bools.insert(*idx, Var::from_index(v));
            }
        }
    }
    let mut ints: MixMap<u32, &crate::ints::IntAtom> = MixMap::default();
    let mut int_bits: MixMap<u32, (u32, u32)> = MixMap::default();
    for a in g.int_list.iter().filter(|a| a.pred as usize == pred.index()) {
        ints.insert(a.idx, a);
        for j in 0..a.width {
            int_bits.insert(a.first + j, (a.idx, j));
        }
    }
    let position = |v: Var| shown.binary_search(&v).map(|i| i as u32).map_err(|_| "an image is not shown".to_string());
    shown
        .iter()
        .map(|&v| {
            if let Some(&(idx, j)) = int_bits.get(&v.get()) {
                let to = index(&c.apply(&tuple(idx))).ok_or("an image outside the domains")?;
                let (a, b) = (ints[&idx], ints.get(&to).ok_or("an image without a variable")?);
                if a.view != b.view || a.width != b.width || a.offset != b.offset || a.len != b.len {
                    return Err("integer variables encoded differently".into());
                }
                position(Var::from_index((b.first + j - 1) as usize))
            } else if let Some(Some((_, idx))) = g.atom_of.get(v.index()) {
                let to = index(&c.apply(&tuple(*idx))).ok_or("an image outside the domains")?;
                position(*bools.get(&to).ok_or("an image without a variable")?)
            } else {
                Err("a shown variable that is no atom".into())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{load, Source};

    fn program(model: &str, data: Option<&str>) -> Program {
        let data = data.map(|d| Source::new("t.qpd", d));
        load(&Source::new("t.qp", model), data.as_ref(), &[]).expect("the model loads")
    }

    /// The verdict line of each candidate and the summary.
    fn verdicts(model: &str, data: Option<&str>) -> Vec<String> {
        find(&program(model, data)).lines
    }

    const BLOCKED: &str = "param n = 4
domain row = 1..n
domain col = 1..n
var i in row
var j in col
input pred block(row, col)
pred q(row, col)
show q
forall i . exactly 1 { q(i, j) : j }
forall j . exactly 1 { q(i, j) : i }
forall i, j | block(i, j) . not q(i, j)
forall i, j . block(i, j) -> not q(i, j)
forall i, j | i > 0 and block(i, j) . not q(i, j)
";

    /// Facts read by a guard that lists them, in a body and by a guard evaluated per binding
    /// (the last two through the facts' bits), each blocking the same squares. The squares
    /// blocked are mirrored by the reversal of the rows only (worked out by hand: (1, 1) and
    /// (4, 1) go to (4, 1) and (1, 1) under it, to (1, 4) under the reversal of the columns and
    /// under the exchange), so that reversal alone is proven.
    #[test]
    fn facts_decide_which_reversal_is_proven() {
        let lines = verdicts(BLOCKED, Some("block(1, 1)\nblock(4, 1)\n"));
        assert_eq!(
            lines,
            [
                "symmetry candidate reverse argument 1: proven",
                "symmetry candidate reverse argument 2: refused",
                "symmetry candidate exchange arguments 1 and 2: refused",
            ]
        );
        // Blocking the four corners keeps all three.
        let lines = verdicts(BLOCKED, Some("block(1, 1)\nblock(4, 1)\nblock(1, 4)\nblock(4, 4)\n"));
        assert!(lines.iter().all(|l| l.ends_with("proven")), "{lines:?}");
        // One corner breaks all three.
        let lines = verdicts(BLOCKED, Some("block(2, 3)\n"));
        assert!(lines.iter().all(|l| l.ends_with("refused")), "{lines:?}");
    }

    /// The verdict on interchangeable values, for a colouring of the path 1 - 2 - 3 with `extra`
    /// added to it.
    fn values_verdict(extra: &str) -> String {
        let model = format!(
            "domain v = 1..3\ndomain colour = {{red, green, blue}}\nvar a in v\nvar x(v) in colour\nshow x\n\
             forall a | a < 3 . x(a) =/= x(a + 1)\n{extra}\n"
        );
        let lines = verdicts(&model, None);
        let verdict = lines.iter().find(|l| l.contains("interchangeable")).or(lines.last());
        verdict.cloned().unwrap_or_default()
    }

    /// Values are interchangeable when they stand only in `=`, `=/=` and `alldifferent` between
    /// the variables (under any connective, in counts and indicators too), and not when a
    /// constant, an order or a sum tells them apart.
    #[test]
    fn interchangeable_values_are_told_apart_by_constants_orders_and_sums() {
        let proven = "symmetry candidate interchangeable values of 'x': proven";
        let refused = "symmetry candidate interchangeable values of 'x': refused";
        assert_eq!(values_verdict(""), proven);
        assert_eq!(values_verdict("x(1) = x(3) or not x(2) = x(3)"), proven);
        assert_eq!(values_verdict("alldifferent { x(a) : a }"), proven);
        assert_eq!(values_verdict("atmost 1 { x(a) = x(3) : a | a < 3 }"), proven);
        assert_eq!(values_verdict("sum { [x(a) = x(3)] : a } >= 2"), proven);
        assert_eq!(values_verdict("x(1) = x(1)"), proven);
        assert_eq!(values_verdict("x(1) =/= red"), "symmetries: none looked for: a symbol in a sum");
        // Integers: one constant, an order, a sum, a shifted difference, an exception each refuse.
        let ints = |extra: &str| {
            let model = format!(
                "domain v = 1..3\nvar a in v\nvar x(v) in 0..2\nshow x\nforall a | a < 3 . x(a) =/= x(a + 1)\n{extra}\n"
            );
            verdicts(&model, None).into_iter().find(|l| l.contains("interchangeable")).unwrap_or_default()
        };
        assert_eq!(ints("x(1) = x(3)"), proven);
        for extra in [
            "x(1) =/= 0",
            "x(1) <= x(3)",
            "x(1) + x(2) >= 1",
            "x(1) = x(3) + 1",
            "x(1) - x(2) =/= 2 * x(3) - x(3)",
            "alldifferent except 0 { x(a) : a }",
            "[x(1) = 2] + [x(2) = x(3)] <= 1",
        ] {
            assert_eq!(ints(extra), refused, "{extra}");
        }
    }

    /// A guard whose first argument is bound outside it (`allowed(i, j)` under `forall i`)
    /// picks its facts by that argument: the same verdicts as the facts call for (worked out by
    /// hand: row 1 allows columns 1 and 2, row 4 the same, rows 2 and 3 all four; the rows'
    /// reversal maps that onto itself, the columns' reversal and the exchange do not), and the
    /// same ground program as with the guard's argument a binder of its own.
    #[test]
    fn facts_picked_by_a_known_first_argument() {
        let model = |guard: &str| {
            format!(
                "param n = 4
domain row = 1..n
domain col = 1..n
var i, i2 in row
var j in col
input pred allowed(row, col)
pred q(row, col)
show q
forall i . exactly 1 {{ q(i, j) : j | {guard} }}
"
            )
        };
        let mut data = String::from("allowed(1, 1)\nallowed(1, 2)\nallowed(4, 1)\nallowed(4, 2)\n");
        for r in 2..=3 {
            for c in 1..=4 {
                data.push_str(&format!("allowed({r}, {c})\n"));
            }
        }
        let picked = model("allowed(i, j)");
        assert_eq!(
            verdicts(&picked, Some(&data)),
            [
                "symmetry candidate reverse argument 1: proven",
                "symmetry candidate reverse argument 2: refused",
                "symmetry candidate exchange arguments 1 and 2: refused",
            ]
        );
        // The same constraints when the row is a binder of the guard's own, equal to `i`.
        let enumerated = model("i2 = i and allowed(i2, j)").replace("q(i, j) : j |", "q(i2, j) : i2, j |");
        let p = program(&picked, Some(&data));
        let q = program(&enumerated, Some(&data));
        let (a, _) = ground_program(&p, p.shown[0]).expect("expands");
        let (b, _) = ground_program(&q, q.shown[0]).expect("expands");
        assert_eq!(a.len(), 4);
        assert_eq!(a, b);
    }

    /// A fact's bit is its membership in the facts, for tuples inside and outside the domains.
    #[test]
    fn fact_bits_are_the_facts() {
        let p = program(BLOCKED, Some("block(1, 1)\nblock(1, 2)\nblock(4, 4)\nblock(3, 1)\n"));
        let pred = p.pred_ids().find(|&i| p.preds[i].name == "block").expect("block");
        let PredKind::Input(facts) = &p.preds[pred].kind else { panic!("an input predicate") };
        let bits = FactBits::new(&p, pred, facts).expect("16 tuples have bits");
        for a in -1..=6 {
            for b in -1..=6 {
                let t = [Val::Int(a), Val::Int(b)];
                assert_eq!(bits.holds(&t), facts.contains(&t[..]), "{t:?}");
            }
        }
        assert!(bits.holds(&[Val::Int(4), Val::Int(4)]));
        assert!(!bits.holds(&[Val::Sym(0), Val::Int(4)]));
    }

    /// Atom numbers: a tuple inside the domains is its position, one outside is numbered after
    /// them once, and each number gives its tuple back.
    #[test]
    fn atoms_are_numbered_one_to_one() {
        let p = program(BLOCKED, None);
        let shown = p.shown[0];
        let mut atoms = Atoms::new(&p, shown);
        assert_eq!(atoms.inside, 16);
        let mut seen = Vec::new();
        for a in 0..=5 {
            for b in 0..=5 {
                let t = vec![Val::Int(a), Val::Int(b)];
                let n = atoms.number(&t);
                assert_eq!(n < 16, (1..=4).contains(&a) && (1..=4).contains(&b), "{t:?} -> {n}");
                assert_eq!(atoms.number(&t), n);
                let mut back = Vec::new();
                atoms.tuple(n, &mut back);
                assert_eq!(back, t);
                seen.push(n);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 36);
    }

    /// The diagonal statement of N queens, whose guard is decided conjunct by conjunct as its
    /// binders are bound, expands to one clause per pair of squares on a diagonal (counted here
    /// by a loop over all pairs).
    #[test]
    fn a_guard_decided_by_parts_keeps_every_binding() {
        for n in 1..=6i64 {
            let model = format!(
                "param n = {n}
domain row = 1..n
domain col = 1..n
var i, i2 in row
var j, j2 in col
pred q(row, col)
show q
forall i, j, i2, j2 | i < i2 and (i2 - i = j2 - j or i2 - i = j - j2) . not q(i, j) or not q(i2, j2)
"
            );
            let p = program(&model, None);
            let (ground, _) = ground_program(&p, p.shown[0]).expect("expands");
            let mut pairs = 0;
            for (i, j, i2, j2) in (1..=n).flat_map(|i| {
                (1..=n).flat_map(move |j| (1..=n).flat_map(move |i2| (1..=n).map(move |j2| (i, j, i2, j2))))
            }) {
                if i < i2 && ((i2 - i) == (j2 - j) || (i2 - i) == (j - j2)) {
                    pairs += 1;
                }
            }
            assert_eq!(ground.values().sum::<usize>(), pairs, "n = {n}");
            assert!(ground.keys().all(|e| matches!(e, E::Or(xs) if xs.len() == 2)), "n = {n}");
        }
    }
}
