//! Variables, literals and a flat clause store.

use std::fmt;
use std::sync::OnceLock;

use crate::connect::Connected;
use crate::regions::Regions;
use crate::theory::Theory;

/// Largest variable number: DIMACS literals are signed 32-bit integers in practice, so no
/// variable is numbered above `i32::MAX` (a header that declares more is refused).
pub const MAX_VARS: u32 = i32::MAX as u32;

/// A variable, numbered from 1 as in DIMACS, never above [`MAX_VARS`]. Only its constructors make
/// one, so every `Var` is a valid DIMACS variable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);

impl Var {
    /// The variable numbered `n` (DIMACS numbering), or `None` for 0 and numbers above [`MAX_VARS`].
    #[inline]
    pub const fn new(n: u32) -> Option<Var> {
        if n >= 1 && n <= MAX_VARS {
            Some(Var(n))
        } else {
            None
        }
    }

    /// The variable with 0-based index `i` (DIMACS number `i + 1`), as encoders number the
    /// variables they reserve.
    ///
    /// # Panics
    /// If `i + 1` exceeds [`MAX_VARS`]: numbering variables past the DIMACS maximum is a fault of
    /// the encoder (families refuse an instance by its size estimate long before).
    #[inline]
    pub fn from_index(i: usize) -> Var {
        assert!(i < MAX_VARS as usize, "variable index {i} beyond the DIMACS maximum {MAX_VARS}");
        Var(i as u32 + 1)
    }

    /// The variable `k` places after this one (`first.offset(k)`: the `k`-th of a block reserved
    /// by [`Cnf::new_vars`]).
    ///
    /// # Panics
    /// If the result exceeds [`MAX_VARS`], as [`Var::from_index`].
    #[inline]
    pub fn offset(self, k: usize) -> Var {
        Var::from_index(self.index() + k)
    }

    /// The positive literal of this variable.
    #[inline]
    pub fn pos(self) -> Lit {
        Lit(self.0 as i32)
    }
    /// The negative literal of this variable.
    // A variable is not a number: `neg` names its negative literal, as `pos` its positive one.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn neg(self) -> Lit {
        Lit(-(self.0 as i32))
    }
    /// The literal of this variable that is true when the variable has `value`.
    #[inline]
    pub fn lit(self, value: bool) -> Lit {
        if value {
            self.pos()
        } else {
            self.neg()
        }
    }
    /// The DIMACS number (from 1).
    #[inline]
    pub fn get(self) -> u32 {
        self.0
    }
    /// The 0-based index (`get() - 1`), for arrays indexed by variable.
    #[inline]
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

/// A literal in DIMACS numbering: `v` or `-v`, never 0. Only its constructors and [`Var::pos`] /
/// [`Var::neg`] make one, so every `Lit` names a valid variable.
///
/// Engines that index arrays by literal use its [`code`](Lit::code), the one literal code of the
/// workspace: `2 * var.index() + negated`, so a literal and its negation are neighbours
/// (`(!l).code() == l.code() ^ 1`) and `code / 2` is the variable's index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(i32);

impl Lit {
    /// The literal a DIMACS integer names, or `None` for 0 (and for `i32::MIN`, whose variable
    /// would exceed [`MAX_VARS`]). Reading DIMACS text is where raw numbers become literals.
    #[inline]
    pub const fn from_dimacs(n: i32) -> Option<Lit> {
        if n == 0 || n == i32::MIN {
            None
        } else {
            Some(Lit(n))
        }
    }

    /// The literal with code `c` (see [`Lit::code`]).
    ///
    /// # Panics
    /// If the code names a variable above [`MAX_VARS`] (`c >= 2 * MAX_VARS`): engines only hold
    /// codes of literals.
    #[inline]
    pub fn from_code(c: u32) -> Lit {
        let v = Var::from_index((c >> 1) as usize);
        if c & 1 == 1 {
            v.neg()
        } else {
            v.pos()
        }
    }

    /// The literal's code: `2 * var.index() + negated`, dense from 0, for arrays indexed by literal.
    #[inline]
    pub fn code(self) -> u32 {
        ((self.0.unsigned_abs() - 1) << 1) | u32::from(self.0 < 0)
    }

    /// Its variable.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }
    /// Whether it is the positive literal.
    #[inline]
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
    /// The DIMACS integer.
    #[inline]
    pub fn to_dimacs(self) -> i32 {
        self.0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A CNF formula: a number of variables and clauses stored back to back, and constraints kept
/// whole ([`crate::theory`]: connectivity, region division). Every way of reading the clauses reads the
/// constraints' clauses too (written out once, on first need, after the formula's own); only
/// [`Cnf::own_clauses`] leaves them out, for a solver that decides the constraints natively.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    num_vars: u32,
    pub(crate) lits: Vec<Lit>,
    pub(crate) ends: Vec<usize>,
    theories: Vec<Theory>,
    /// The constraints (by position in `theories`) whose auxiliary variables wait for
    /// [`Cnf::reserve_labels`].
    unreserved: Vec<usize>,
    /// This formula with the constraints' clauses written out (empty while nobody asked, and
    /// emptied by every change).
    written: OnceLock<Box<Cnf>>,
}

/// Two formulas are equal when they have the same variables, clauses and constraints (whether
/// the constraints' clauses were written out yet does not matter).
impl PartialEq for Cnf {
    fn eq(&self, other: &Self) -> bool {
        self.num_vars == other.num_vars
            && self.lits == other.lits
            && self.ends == other.ends
            && self.theories == other.theories
            && self.unreserved == other.unreserved
    }
}

impl Eq for Cnf {}

impl Cnf {
    /// An empty formula with no variables.
    pub fn new() -> Self {
        Cnf::default()
    }

    /// An empty formula with room for `literals` literals in `clauses` clauses before its
    /// storage grows.
    pub fn with_capacity(literals: usize, clauses: usize) -> Self {
        Cnf { lits: Vec::with_capacity(literals), ends: Vec::with_capacity(clauses), ..Cnf::default() }
    }

    /// A copy of the formula without the constraints' clauses written out (they are written
    /// again if the copy is read whole): what a session that moves to CaDiCaL hands over.
    #[cfg(all(feature = "cadical", feature = "batsat"))]
    pub(crate) fn copy_own(&self) -> Cnf {
        Cnf {
            num_vars: self.num_vars,
            lits: self.lits.clone(),
            ends: self.ends.clone(),
            theories: self.theories.clone(),
            unreserved: self.unreserved.clone(),
            written: OnceLock::new(),
        }
    }

    /// A fresh variable.
    ///
    /// # Panics
    /// Past [`MAX_VARS`] variables (see [`Var::from_index`]).
    pub fn new_var(&mut self) -> Var {
        self.new_vars(1)
    }

    /// Reserves `n` fresh variables and returns the first (they are consecutive).
    ///
    /// # Panics
    /// If the formula would exceed [`MAX_VARS`] variables (see [`Var::from_index`]).
    pub fn new_vars(&mut self, n: u32) -> Var {
        let total = self.num_vars as usize + n as usize;
        assert!(total <= MAX_VARS as usize, "{total} variables: beyond the DIMACS maximum {MAX_VARS}");
        let first = Var::from_index(self.num_vars as usize);
        self.num_vars += n;
        self.changed();
        first
    }

    /// Gives back the room its clause tables grew into beyond their clauses, where that room is
    /// large (a table doubles when it fills, so up to half of it): done once a grounding is
    /// complete, before the formula goes to a solver beside it (36 MB of the 513 MB of a 26 x 20
    /// fillomino's count to two). A small formula keeps its room: the grounder reserves room for
    /// 65,536 literals at the start, whose pages cost nothing until written, and a clause added
    /// later (an objective's, a symmetry's) would copy the tables into fresh room again.
    pub fn release_slack(&mut self) {
        /// Unused entries of a table above which it is shrunk (4 MB of literals).
        const LARGE: usize = 1 << 20;
        if self.lits.capacity() - self.lits.len() > LARGE {
            self.lits.shrink_to_fit();
        }
        if self.ends.capacity() - self.ends.len() > LARGE {
            self.ends.shrink_to_fit();
        }
    }

    /// Adds a clause. Every literal must name a variable already created.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|l| l.var().0 <= self.num_vars));
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
        self.changed();
    }

    /// Adds a connectivity constraint, whose auxiliary variables must be reserved already.
    pub fn add_connected(&mut self, c: Connected) {
        self.add_theory(Theory::Connected(c));
    }

    /// Adds a region division, whose auxiliary variables must be reserved already, with the
    /// clauses that keep each size's literals monotone (which its native decision relies on)
    /// and the empty clause when no walls can satisfy it ([`Regions::infeasible`]).
    pub fn add_regions(&mut self, r: Regions) {
        self.add_theory(Theory::Regions(r));
    }

    /// Adds a constraint kept whole, whose auxiliary variables must be reserved already (a
    /// region division with its clauses, as [`Cnf::add_regions`] says).
    pub fn add_theory(&mut self, t: Theory) {
        debug_assert!(t.aux_range().end <= self.num_vars as usize);
        self.push_theory(t);
    }

    /// Adds a constraint kept whole (as [`Cnf::add_theory`]) whose auxiliary variables
    /// [`Cnf::reserve_labels`] reserves later, after every variable made until then, whatever
    /// first one `t` was made with. A connectivity constraint's encoding needs about the square
    /// of its nodes' number, which no solver deciding it natively reads: placed last, they are
    /// left out of the arrays that go by variable (names, atoms, unit propagation's). Until then
    /// nothing reads the formula's clauses or completes a model.
    pub fn add_theory_unreserved(&mut self, t: Theory) {
        self.unreserved.push(self.theories.len());
        self.push_theory(t);
    }

    /// Reserves the auxiliary variables of the constraints added by
    /// [`Cnf::add_theory_unreserved`], in order and consecutively after every variable so far.
    /// Returns each constraint's position among [`Cnf::theories`] with its variables' range.
    pub fn reserve_labels(&mut self) -> Vec<(usize, std::ops::Range<usize>)> {
        let waiting = std::mem::take(&mut self.unreserved);
        let mut out = Vec::with_capacity(waiting.len());
        for k in waiting {
            let first = self.new_vars(self.theories[k].aux_count());
            self.theories[k].set_first_aux(first);
            out.push((k, self.theories[k].aux_range()));
        }
        self.changed();
        out
    }

    /// Whether every constraint's auxiliary variables are reserved (what a solver needs before it
    /// starts on the formula).
    pub fn labels_reserved(&self) -> bool {
        self.unreserved.is_empty()
    }

    fn push_theory(&mut self, t: Theory) {
        if let Theory::Regions(r) = &t {
            if r.infeasible() {
                self.add_clause(&[]);
            }
            for clause in r.monotone_clauses() {
                self.add_clause(&clause);
            }
        }
        self.theories.push(t);
        self.changed();
    }

    /// The constraints kept whole (connectivity, region division), in the order added.
    pub fn theories(&self) -> &[Theory] {
        &self.theories
    }

    /// The clauses without the whole constraints' (what a solver that decides them
    /// natively takes), in order; they come first in [`Cnf::clauses`].
    pub fn own_clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        self.ends.iter().enumerate().map(move |(i, &end)| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.lits[start..end]
        })
    }

    /// Number of the formula's own clauses (the whole constraints' left out): the
    /// position the next clause added takes.
    pub fn num_own_clauses(&self) -> usize {
        self.ends.len()
    }

    /// The formula's own clause `i` (from 0).
    ///
    /// # Panics
    /// If there are not more than `i` own clauses.
    pub fn own_clause(&self, i: usize) -> &[Lit] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.lits[start..self.ends[i]]
    }

    /// Gives every auxiliary variable of the whole constraints the value its definition
    /// gives it under `model` (a model of [`Cnf::own_clauses`] that satisfies the constraints
    /// then satisfies every clause).
    pub fn complete(&self, model: &mut crate::Model) {
        assert!(self.unreserved.is_empty(), "a model completed before the labels are reserved");
        for c in &self.theories {
            c.complete(model);
        }
    }

    /// Forgets the written-out copy after a change.
    pub(crate) fn changed(&mut self) {
        if !self.theories.is_empty() {
            self.written = OnceLock::new();
        }
    }

    /// The formula with the constraints' clauses written out: itself when it has none.
    fn full(&self) -> &Cnf {
        if self.theories.is_empty() {
            return self;
        }
        assert!(self.unreserved.is_empty(), "clauses read before the labels are reserved");
        self.written.get_or_init(|| {
            let mut out =
                Cnf { num_vars: self.num_vars, lits: self.lits.clone(), ends: self.ends.clone(), ..Cnf::default() };
            for c in &self.theories {
                c.encode(&mut |clause| {
                    out.lits.extend_from_slice(clause);
                    out.ends.push(out.lits.len());
                });
            }
            Box::new(out)
        })
    }

    /// Number of variables.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Number of literals over all clauses.
    pub fn num_literals(&self) -> usize {
        self.full().lits.len()
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.full().ends.len()
    }

    /// Total number of literal occurrences.
    pub fn num_lits(&self) -> usize {
        self.full().lits.len()
    }

    /// Clause `i` (from 0).
    ///
    /// # Panics
    /// If there are not more than `i` clauses.
    pub fn clause(&self, i: usize) -> &[Lit] {
        let full = self.full();
        let start = if i == 0 { 0 } else { full.ends[i - 1] };
        &full.lits[start..full.ends[i]]
    }

    /// The clauses in order (the whole constraints' after the formula's own).
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        self.full().own_clauses()
    }

    /// The first clause `model` does not satisfy, as its 1-based number and literals (a literal whose
    /// variable the model leaves unassigned counts as not true, but for the auxiliary variables of
    /// a constraint kept whole: a model may leave all of them out, and they then follow from the
    /// nodes and edges). Every check of a solver's model against the formula it was given goes
    /// through here. The whole constraints are checked first (each by its own search, and their
    /// auxiliary variables, where set, against their definitions), so their clauses are written
    /// out only to name one that fails.
    pub fn first_unsatisfied(&self, model: &crate::Model) -> Option<(usize, &[Lit])> {
        fn unsatisfied<'a>(cnf: &'a Cnf, model: &crate::Model) -> Option<(usize, &'a [Lit])> {
            cnf.own_clauses().enumerate().find(|(_, c)| !c.iter().any(|l| model.is_true(*l))).map(|(i, c)| (i + 1, c))
        }
        if let Some(broken) = unsatisfied(self, model) {
            return Some(broken);
        }
        if self.theories.is_empty() {
            return None;
        }
        // A constraint's auxiliary variables are set all or none (a solver deciding it natively
        // leaves them out, one that reads its clauses has them all): unset, they are taken from
        // their definitions; set, they must agree with them.
        let sets = |c: &Theory| {
            let first = c.aux_range().start;
            c.aux_count() > 0 && model.value(Var::from_index(first)).is_some()
        };
        let complete = || {
            let mut completed = model.clone();
            self.complete(&mut completed);
            completed
        };
        let completed = self.theories.iter().any(sets).then(complete);
        let all_hold = self.theories.iter().all(|c| {
            c.holds(|l| model.is_true(l))
                && completed.as_ref().is_none_or(|completed| {
                    !sets(c) || c.aux_range().map(Var::from_index).all(|v| model.value(v) == completed.value(v))
                })
        });
        if all_hold {
            return None;
        }
        let completed = completed.unwrap_or_else(complete);
        // The clause to name: the model's, with the auxiliary variables it leaves unset filled in.
        let mut filled = model.clone();
        filled.grow(self.num_vars);
        for c in self.theories.iter().filter(|c| !sets(c)) {
            for v in c.aux_range().map(Var::from_index) {
                filled.set(v, completed.value(v));
            }
        }
        unsatisfied(self.full(), &filled)
    }

    /// The clauses as vectors of DIMACS integers (what in-process solvers take).
    pub fn to_i32_clauses(&self) -> Vec<Vec<i32>> {
        self.clauses().map(|c| c.iter().map(|l| l.0).collect()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_and_out_of_range_numbers_make_no_literal_or_variable() {
        assert_eq!(Lit::from_dimacs(0), None);
        assert_eq!(Lit::from_dimacs(i32::MIN), None);
        assert_eq!(Var::new(0), None);
        assert_eq!(Var::new(MAX_VARS + 1), None);
        assert_eq!(Var::new(u32::MAX), None);
        assert_eq!(Var::new(MAX_VARS).map(Var::get), Some(MAX_VARS));
        assert_eq!(Lit::from_dimacs(i32::MAX).map(|l| l.var().get()), Some(MAX_VARS));
        assert_eq!(Lit::from_dimacs(-i32::MAX).map(|l| l.var().get()), Some(MAX_VARS));
    }

    #[test]
    fn dimacs_code_and_literal_round_trip() {
        for n in [1, -1, 2, -2, 7, -7, 1000, -1000, i32::MAX, -i32::MAX] {
            let l = Lit::from_dimacs(n).unwrap();
            assert_eq!(l.to_dimacs(), n);
            assert_eq!(l.is_positive(), n > 0);
            assert_eq!(l.var().get(), n.unsigned_abs());
            assert_eq!(Lit::from_code(l.code()), l);
            // The code: 2 * index + negated; a literal and its negation are neighbours.
            assert_eq!(l.code(), 2 * (n.unsigned_abs() - 1) + u32::from(n < 0));
            assert_eq!((!l).code(), l.code() ^ 1);
            assert_eq!(l.code() >> 1, l.var().index() as u32);
        }
        // Codes are dense from 0: 1, -1, 2, -2, ...
        let firsts: Vec<i32> = (0..6).map(|c| Lit::from_code(c).to_dimacs()).collect();
        assert_eq!(firsts, [1, -1, 2, -2, 3, -3]);
        let last = Lit::from_code(2 * MAX_VARS - 1);
        assert_eq!(last.to_dimacs(), -i32::MAX);
    }

    #[test]
    fn negation_and_variables() {
        let v = Var::new(5).unwrap();
        assert_eq!(v.pos().to_dimacs(), 5);
        assert_eq!(v.neg().to_dimacs(), -5);
        assert_eq!(!v.pos(), v.neg());
        assert_eq!(!!v.neg(), v.neg());
        assert_eq!(v.pos().var(), v);
        assert_eq!(v.neg().var(), v);
        assert_eq!((v.lit(true), v.lit(false)), (v.pos(), v.neg()));
        assert_eq!(v.index(), 4);
        assert_eq!(Var::from_index(4), v);
        assert_eq!(Var::from_index(0).offset(4), v);
    }

    #[test]
    #[should_panic(expected = "beyond the DIMACS maximum")]
    fn a_code_past_the_last_variable_is_refused() {
        let _ = Lit::from_code(2 * MAX_VARS);
    }

    #[test]
    fn a_new_block_of_variables_starts_after_the_last() {
        let mut cnf = Cnf::new();
        assert_eq!(cnf.new_var().get(), 1);
        assert_eq!(cnf.new_vars(3).get(), 2);
        assert_eq!(cnf.new_var().get(), 5);
        assert_eq!(cnf.num_vars(), 5);
    }
}
