//! The grounder: data atoms evaluated (facts, tables, definitions), solved-for atoms numbered on
//! first use (and every atom of a shown predicate numbered at the end: an atom no statement
//! mentions is free), quantifiers enumerated by their plans. (Past 500 lines: the atom table and
//! the binding loop share its state; the clause writers are in encode.rs.)

use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;

use wgrnd_sat::amo::{AmoEncoding, AuxAtoms};
use wgrnd_sat::{Cnf, Lit, Var};

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ints::View;
use crate::mix::MixMap;
use crate::nnf::{Check, Plan};
use crate::program::{eval_term, Bound, PredId, PredKind, Program, Val, F, T};

/// How integer variables are encoded (docs/encodings.md, "Integer variables").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum IntEncoding {
    /// Order (unary) encoding: `x >= v` per value; direct literals channelled on demand.
    Order,
    /// Log (binary) encoding of integer ranges (other domains: direct).
    Log,
    /// Direct encoding: `x = v` per value, exactly one.
    Direct,
    /// Chosen per variable (docs/encodings.md): symbols direct, integers order.
    #[default]
    Auto,
}

/// How linear comparisons of integer variables are encoded (docs/encodings.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum LinearEncoding {
    /// Multi-valued decision diagram over the variables' views, interval-reduced.
    Mdd,
    /// Reduced ordered BDD over the bits of the variables' views.
    Bdd,
    /// Chosen per constraint (docs/encodings.md): the MDD.
    #[default]
    Auto,
}

/// Grounding options.
#[derive(Copy, Clone, Debug)]
pub struct GroundOptions {
    /// At-most-one encoding for `atmost 1` / `exactly 1`.
    pub amo: AmoEncoding,
    /// Integer variable encoding.
    pub ints: IntEncoding,
    /// Linear comparison encoding.
    pub linear: LinearEncoding,
    /// Refuse to ground when the estimated number of clauses is above this.
    pub max_clauses: u64,
    /// Share common subexpressions (reified sub-formulas, comparisons, counters): one literal per
    /// repeated ground one (docs/encodings.md, "Sharing"). Off only to measure what it saves.
    pub share: bool,
    /// Eliminate the linear part of a mixed system before the CNF is written (xorelim.rs,
    /// docs/encodings.md "Mixed systems").
    pub xor_elim: crate::xorelim::XorElim,
    /// Look for the model's symmetries and declare the proven ones in the grounding
    /// (symmetry.rs; set by `count`, so that it counts orbits and checks their images).
    pub symmetries: bool,
    /// With `symmetries`: lex-leader clauses for every element of the group, so that the search
    /// finds one member of each orbit (off: the search finds every solution, the count the same).
    pub lex_leader: bool,
    /// With `symmetries`: they would only make the count faster (a plain count that reports no
    /// orbits and was not asked for lex-leader clauses), so they are not looked for when the
    /// formula is an exact cover (`ExactCover::of_cnf`): dancing links then counts every solution
    /// for less than the search for symmetries costs (docs/counting.md, "Exact covers read off
    /// the formula").
    pub symmetries_optional: bool,
    /// With `symmetries`: leave them for later, since a plain count (no orbits reported, no
    /// lex-leader clauses asked for) needs them only when it has many solutions to find: the
    /// grounding says so ([`crate::symmetries_deferred`]) and the count looks for them once it
    /// meets a second solution ([`crate::add_symmetries`]), so that a count of one solution (a
    /// puzzle's uniqueness) never pays for the search.
    pub symmetries_deferred: bool,
    /// Name every variable in the header's `var` lines (off: the solved-for atoms' names are
    /// made only when asked for, names.rs; for a count that writes no DIMACS).
    pub names: bool,
    /// The clauses of the constraints kept whole (connectivity, region division) may be written
    /// out: by `encode`, for an external solver or splr, in a proof. Off (set by a command whose
    /// solver decides them natively and that writes no formula), their auxiliary variables are
    /// numbered but never written: a division's counters leave the size estimate (connectivity's
    /// estimate, its labels, stays, an upper bound of what it grounds), and no constraint is
    /// held to 20,000,000 of them, only all of them together to 1,000,000,000
    /// (docs/lang/regions.md, "Sizes"). It is taken to be on with `names` (a header to write),
    /// for an explanation's groups, and beside parity constraints (grounded again with it on:
    /// their elimination reads every clause).
    pub constraints_written: bool,
}

impl Default for GroundOptions {
    fn default() -> Self {
        GroundOptions {
            amo: AmoEncoding::Auto,
            ints: IntEncoding::Auto,
            linear: LinearEncoding::Auto,
            max_clauses: 50_000_000,
            share: true,
            xor_elim: crate::xorelim::XorElim::Auto,
            symmetries: false,
            lex_leader: true,
            symmetries_optional: false,
            symmetries_deferred: false,
            names: true,
            constraints_written: true,
        }
    }
}

/// Marks of atoms fixed by unit statements in the atom table (no variable).
const FIXED_FALSE: u32 = u32::MAX;
const FIXED_TRUE: u32 = u32::MAX - 1;
/// Guarded comprehensions over at least this many bindings are enumerated by a plan.
const PLAN_BINDINGS: usize = 16;

/// A definition that is not plain with more atoms than this has its share of true atoms sampled
/// for the size estimate (`density`).
const DENSITY_SAMPLED_ABOVE: usize = 8192;
/// Atoms drawn for that share.
const DENSITY_SAMPLES: usize = 1024;

/// Largest number of atoms one predicate may have (the product of its argument domains).
pub const MAX_ATOMS_PER_PRED: usize = 1 << 26;

/// Variable values by slot.
pub(crate) type Env = Vec<Option<Val>>;

/// The values at one argument position of a data predicate's true atoms, by the dense index of the
/// other arguments: key `k`'s are `values[starts[k]..starts[k + 1]]`, one list for the whole
/// index (most keys of a 4-ary input such as heyawake's `wall` have none, and a list per key was
/// most of the cost of building its indexes).
struct FactIndex {
    values: Rc<[Val]>,
    starts: Vec<usize>,
}

impl FactIndex {
    /// Key `key`'s values (none for a key out of range).
    fn key(&self, key: usize) -> Generated {
        let (lo, hi) = match (self.starts.get(key), self.starts.get(key + 1)) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            _ => (0, 0),
        };
        Generated { all: self.values.clone(), lo, hi }
    }
}

/// The values a generator takes: a part of a shared list.
struct Generated {
    all: Rc<[Val]>,
    lo: usize,
    hi: usize,
}

impl Generated {
    fn values(&self) -> &[Val] {
        self.all.get(self.lo..self.hi).unwrap_or(&[])
    }
}

/// The values at one argument position of a definition's true atoms, by the dense index of the
/// other arguments, filled as its keys are asked (`None`: not asked yet).
type LazyIndex = Vec<Option<Rc<[Val]>>>;

/// At most this many variables are reserved for the solved-for atoms when grounding starts.
const RESERVED_ATOMS: usize = 1 << 16;

/// Literals the formula has room for when grounding starts (a quarter as many clauses): a
/// doubling series of the formula's two arrays cost the 4 x 4 magic square's solve in process
/// 0.8 M of its 8.5 M instructions in `realloc`, each copy onto fresh pages. Large arrays are
/// mapped by the allocator, so the pages a small model leaves untouched cost nothing.
const RESERVED_LITERALS: usize = 1 << 16;

/// What grounding made, handed to the caller by [`Grounder::finish`].
pub(crate) struct Grounded {
    pub cnf: Cnf,
    /// Name of each variable.
    pub names: Vec<String>,
    /// Per variable: predicate and atom index, or `None` for auxiliaries.
    pub atom_of: Vec<Option<(u32, u32)>>,
    /// What the auxiliaries' names left empty (names off) are made of, by variable.
    pub lazy_aux: Vec<crate::names::LazyAux>,
    /// What the names of integer views left empty (names off) are made of, by first variable.
    pub lazy_views: Vec<crate::names::LazyView>,
    /// Whether names are off (auxiliaries added later are then named in `lazy_aux` too).
    pub lazy_names: bool,
    /// How many variables are auxiliary.
    pub aux_count: u32,
    /// Integer atoms in creation order.
    pub int_list: Vec<crate::ints::IntAtom>,
    /// Solved-for atoms fixed true by unit statements.
    pub fixed_true: Vec<(u32, u32)>,
    /// Parity constraints kept as XORs (parity.rs).
    pub xors: Vec<wgrnd_seam::Xor>,
}

impl Grounded {
    /// Reserves the auxiliary variables of the constraints kept whole (connectivity, region
    /// division: `wgrnd_sat::Cnf::reserve_labels`) after every other variable, as auxiliaries
    /// named by what they label. With names off and nothing to come after them (`last`), they
    /// get no entry in `names` and `atom_of`, which then end before them: their names come from
    /// `lazy_aux`, and the tables do not grow by the square of a grid that no solver reads.
    pub fn reserve_labels(&mut self, last: bool) {
        for (k, range) in self.cnf.reserve_labels() {
            let what = match self.cnf.theories()[k] {
                wgrnd_sat::theory::Theory::Connected(_) => "connectivity label",
                wgrnd_sat::theory::Theory::Regions(_) => "region label",
            };
            let count = range.len() as u32;
            if self.lazy_names {
                self.lazy_aux.push(crate::names::LazyAux {
                    var: range.start as u32,
                    count,
                    number: self.aux_count,
                    numbered_in_turn: true,
                    what: Cow::Borrowed(what),
                });
            }
            // The tables reach past them when names are on or other atoms come after them.
            if !(last && self.lazy_names) {
                if self.lazy_names {
                    self.names.resize(range.end, String::new());
                } else {
                    self.names.extend((0..count).map(|k| crate::names::aux_name(what, self.aux_count + k)));
                }
                self.atom_of.resize(range.end, None);
            }
            self.aux_count += count;
        }
    }
}

/// Grounds the statements of one program (built by [`Grounder::new`], told which statement it is
/// in by [`Grounder::in_statement`], emptied by [`Grounder::finish`]).
pub(crate) struct Grounder<'p> {
    pub(crate) p: &'p Program,
    pub(crate) cnf: Cnf,
    pub(crate) names: Vec<String>,
    /// Per variable (index var-1): predicate and atom index, or `None` for auxiliaries.
    pub(crate) atom_of: Vec<Option<(u32, u32)>>,
    /// Per solved-for predicate: atom index -> variable (0 = none yet).
    vars: Vec<Vec<u32>>,
    /// Per data predicate: atom index -> 0 unknown, 1 false, 2 true, 3 being computed.
    data: Vec<Vec<u8>>,
    strides: Vec<Vec<usize>>,
    /// Per (data predicate, argument position): the values at that position of the true atoms,
    /// by the dense index of the other arguments.
    index: Vec<Vec<Option<FactIndex>>>,
    /// The same for a definition that is not plain, filled one key at a time: per (predicate,
    /// position), the values by the dense index of the other arguments, `None` until asked.
    lazy_index: MixMap<(PredId, usize), LazyIndex>,
    /// Per definition asked for: its true atoms when it is plain (defs.rs), or `None`.
    pub(crate) def_true: HashMap<PredId, Option<Rc<[usize]>>>,
    /// Per definition asked for, and whether clue facts may be read (no groups): whether it is
    /// plain (defs.rs).
    pub(crate) plain: HashMap<(PredId, bool), bool>,
    pub(crate) amo: AmoEncoding,
    /// Slot names of the statement being grounded (for bindings in errors).
    pub(crate) slot_names: &'p [String],
    pub(crate) aux_count: u32,
    /// Integer encoding.
    pub(crate) ints: IntEncoding,
    /// Linear comparison encoding.
    pub(crate) linear: LinearEncoding,
    /// Integer atoms: (pred, idx) -> integer variable.
    pub(crate) int_atoms: MixMap<(PredId, usize), usize>,
    /// Integer atoms in creation order.
    pub(crate) int_list: Vec<crate::ints::IntAtom>,
    /// Integer atoms not made yet whose values bounds over data narrowed: the slice of their
    /// domain's ordered values they will be made with (`Grounder::narrow_outright`).
    pub(crate) narrowed: MixMap<(PredId, usize), (u32, u32)>,
    /// Integer variables (atoms and auxiliaries).
    pub(crate) ivars: Vec<crate::ints::IVar>,
    /// Solved-for atoms fixed true by unit statements (they have no variable).
    fixed_true: Vec<(u32, u32)>,
    /// Shared reified sub-formulas, comparisons and counters (reify.rs).
    pub(crate) memo: crate::reify::Memo,
    /// Solved-for atoms and most auxiliaries get an empty name, made when asked for
    /// (`GroundOptions::names` off).
    pub(crate) lazy_names: bool,
    /// With names off: what the auxiliaries' names left empty are made of, by variable.
    pub(crate) lazy_aux: Vec<crate::names::LazyAux>,
    /// With names off: what the names of integer views left empty are made of.
    pub(crate) lazy_views: Vec<crate::names::LazyView>,
    /// The auxiliary variables of the constraints kept whole (connectivity, region division) so
    /// far, against [`crate::connect::MAX_ALL_LABELS`] ([`Grounder::labels_left`]).
    pub(crate) labels: f64,
    /// The most of them one constraint has, and where it is stated (for a refusal of them all).
    pub(crate) most_labels: (f64, Span),
    /// Whether their clauses may be written (`GroundOptions::constraints_written`).
    pub(crate) constraints_written: bool,
    /// Whether size estimates sample the guards (see [`Grounder::plan_size`]); off, a guard is
    /// taken to pass, a data atom checked at a level to be true, and the estimate is an upper
    /// bound of the sampled one, at a fraction of its cost (the grounding's first pass when no
    /// header shows the estimate: `ground_inner`).
    pub(crate) sample_guards: bool,
    /// While the body of a quantifier is estimated: the quantifier's sampled bindings that passed
    /// its guards, from which the body's own samples start, so that a guard reading the outer
    /// variables is evaluated on them rather than taken to pass (see [`Grounder::plan_size`]).
    pub(crate) outer_samples: Vec<Env>,
    /// How many quantifiers' bodies the estimate is inside (each level draws its own sequence).
    pub(crate) sample_depth: u32,
    /// While a formula's leaf is grounded (`Grounder::defined`): the conditions under which one of
    /// its terms is undefined (an element index outside the indexed variable's arguments).
    pub(crate) undefined: Option<Vec<crate::reify::Bit>>,
    /// Literals that an outright `exactly 1` statement groups (group number per literal, the
    /// groups): a sum over a group's literals is one level of its decision diagram (PB(AMO)).
    pub(crate) one_of: MixMap<Lit, u32>,
    pub(crate) one_of_groups: Vec<Vec<Lit>>,
    /// Decision diagrams built, by shape (mdd.rs): a sum of the same shape replays one.
    pub(crate) mdd_shapes: MixMap<Vec<i64>, crate::mdd::Shape>,
    /// Integer predicates made with the direct view under `--ints auto` (views.rs).
    pub(crate) direct_only: std::collections::HashSet<PredId>,
    /// Parity constraints kept as XORs, with their clauses (parity.rs).
    pub(crate) xors: Vec<wgrnd_seam::Xor>,
    /// Run-pattern constraints, encoded after the line solver (regular.rs).
    pub(crate) lines: Vec<crate::regular::Line>,
    /// Grounding with groups (explain.rs): the clue facts in force, by clause.
    pub(crate) tracker: Option<crate::explain::Tracker>,
    /// Counts and sums over data met in guards and definitions, and `atmost`/`atleast`/`exactly`
    /// over data, by term (its address in the program) and the values of the variables it reads
    /// (`Grounder::remembered`): a guard evaluated on every binding of its statement counts once
    /// per room, not once per binding. Emptied at each statement.
    aggregates: MixMap<(usize, Vec<Option<Val>>), i64>,
    /// The variables each such term reads, by its address.
    aggregate_slots: MixMap<usize, Rc<[crate::program::Slot]>>,
}

impl AuxAtoms for Grounder<'_> {
    fn aux(&mut self, len: u32, what: String) -> u32 {
        let first = self.names.len() as u32 + 1;
        // An encoding's auxiliaries are numbered from 0 within the call.
        self.name_aux_run(len, 0, Cow::Owned(what));
        first
    }
}

impl Grounder<'_> {
    /// Names the next `count` variables `aux(what #n)` for `n` from `number` on, and gives them no
    /// atom; with names off, one record names them all when asked (names.rs): encodings make
    /// thousands of these, and a command that writes no header never asks.
    pub(crate) fn name_aux_run(&mut self, count: u32, number: u32, what: Cow<'static, str>) {
        if self.lazy_names {
            let var = self.names.len() as u32;
            self.lazy_aux.push(crate::names::LazyAux { var, count, number, numbered_in_turn: true, what });
            self.names.resize(self.names.len() + count as usize, String::new());
        } else {
            self.names.extend((0..count).map(|k| crate::names::aux_name(&what, number + k)));
        }
        self.atom_of.resize(self.atom_of.len() + count as usize, None);
        self.aux_count += count;
    }
}

impl<'p> Grounder<'p> {
    /// A grounder for `p` with the encodings of `o`; refuses a predicate with too many atoms.
    pub fn new(p: &'p Program, o: &GroundOptions) -> Result<Self> {
        let mut strides = Vec::new();
        let mut vars = Vec::new();
        let mut data = Vec::new();
        for pr in &p.preds {
            let mut st = vec![0; pr.args.len()];
            let mut size: usize = 1;
            for (i, &d) in pr.args.iter().enumerate().rev() {
                st[i] = size;
                size = size.saturating_mul(p.domains[d].len());
            }
            if size > MAX_ATOMS_PER_PRED {
                return Err(QpropError::new(
                    ErrorKind::TooLarge,
                    pr.span,
                    format!("predicate '{}' has {size} possible atoms", pr.name),
                    format!("at most {MAX_ATOMS_PER_PRED} per predicate"),
                ));
            }
            let is_var = matches!(pr.kind, PredKind::Var);
            vars.push(if is_var { vec![0; size] } else { Vec::new() });
            data.push(match &pr.kind {
                PredKind::Var | PredKind::Int(_) => Vec::new(),
                PredKind::Def(..) => vec![0; size],
                PredKind::Input(facts) => {
                    let mut v = vec![1u8; size];
                    for f in facts {
                        let idx = f
                            .iter()
                            .zip(&pr.args)
                            .zip(&st)
                            .map(|((x, &d), s)| p.domains[d].pos(*x).unwrap_or(0) as usize * s)
                            .sum::<usize>();
                        v[idx] = 2;
                    }
                    v
                }
            });
            strides.push(st);
        }
        // Room for a variable per solved-for atom up front (most models use most of them): one
        // allocation instead of a doubling series whose copies touch new pages each time. Capped,
        // so that a large predicate of which few atoms are used does not reserve for all.
        let atoms = vars.iter().map(Vec::len).sum::<usize>().min(RESERVED_ATOMS);
        Ok(Grounder {
            p,
            cnf: Cnf::with_capacity(RESERVED_LITERALS, RESERVED_LITERALS / 4),
            names: Vec::with_capacity(atoms),
            atom_of: Vec::with_capacity(atoms),
            vars,
            data,
            strides,
            index: Vec::new(),
            lazy_index: MixMap::default(),
            def_true: HashMap::new(),
            plain: HashMap::new(),
            amo: o.amo,
            slot_names: &[],
            aux_count: 0,
            ints: o.ints,
            linear: o.linear,
            int_atoms: MixMap::default(),
            int_list: Vec::new(),
            narrowed: MixMap::default(),
            ivars: Vec::new(),
            fixed_true: Vec::new(),
            lines: Vec::new(),
            memo: crate::reify::Memo::new(o.share),
            lazy_names: !o.names,
            lazy_aux: Vec::new(),
            lazy_views: Vec::new(),
            labels: 0.0,
            most_labels: (0.0, Span::default()),
            constraints_written: o.constraints_written,
            sample_guards: true,
            outer_samples: Vec::new(),
            sample_depth: 0,
            undefined: None,
            one_of: MixMap::default(),
            mdd_shapes: MixMap::default(),
            one_of_groups: Vec::new(),
            direct_only: if o.ints == IntEncoding::Auto {
                crate::views::direct_only(p, true)
            } else {
                Default::default()
            },
            xors: Vec::new(),
            tracker: None,
            aggregates: MixMap::default(),
            aggregate_slots: MixMap::default(),
        })
    }

    /// The statement (its slot names) the next calls ground, for the bindings in messages.
    pub fn in_statement(&mut self, slots: &'p [String]) {
        self.slot_names = slots;
        // Remembered counts are keyed by where their term is: nothing carries over.
        self.aggregates.clear();
        self.aggregate_slots.clear();
    }

    /// The variable of every shown atom (the projection), in variable order.
    pub fn shown_vars(&self) -> Vec<Var> {
        let shown = &self.p.shown;
        let mut out: Vec<Var> = self
            .atom_of
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_some_and(|(pr, _)| shown.contains(&PredId::new(pr as usize))))
            .map(|(i, _)| Var::from_index(i))
            .collect();
        for a in &self.int_list {
            if shown.contains(&PredId::new(a.pred as usize)) {
                out.extend((0..a.width).map(|j| Var::from_index((a.first + j - 1) as usize)));
            }
        }
        out.sort_unstable_by_key(|v| v.get());
        out
    }

    /// Remembers that exactly one of `lits` holds in every model (an outright `exactly 1`). A
    /// literal already in a group keeps its first. Not when grounding with groups (`explain`):
    /// there the statement's clauses can be switched off, and a sum's direct level would then
    /// say nothing when none of the group holds.
    pub(crate) fn one_of(&mut self, lits: &[Lit]) {
        if self.tracker.is_some() || lits.iter().any(|l| self.one_of.contains_key(l)) {
            return;
        }
        let g = self.one_of_groups.len() as u32;
        self.one_of.extend(lits.iter().map(|&l| (l, g)));
        self.one_of_groups.push(lits.to_vec());
    }

    /// The shown integers' views as tied groups of `shown` (the projection, increasing): a
    /// direct view is one-hot, an order view a ladder (its clauses keep both in every model), so
    /// a blocking clause needs one or two of their atoms.
    pub fn shown_ties(&self, shown: &[Var]) -> Vec<wgrnd_seam::Tie> {
        let mut ties = Vec::new();
        for a in &self.int_list {
            if a.width < 2 || !self.p.shown.contains(&PredId::new(a.pred as usize)) {
                continue;
            }
            let at = |j: u32| shown.binary_search(&Var::from_index((a.first + j - 1) as usize)).ok().map(|i| i as u32);
            let Some(group) = (0..a.width).map(at).collect::<Option<Vec<u32>>>() else { continue };
            match a.view {
                View::Direct => ties.push(wgrnd_seam::Tie::OneHot(group)),
                View::Order => ties.push(wgrnd_seam::Tie::Ladder(group)),
                View::Log => {}
            }
        }
        ties
    }

    /// What was grounded.
    pub fn finish(self) -> Grounded {
        Grounded {
            cnf: self.cnf,
            names: self.names,
            atom_of: self.atom_of,
            lazy_aux: self.lazy_aux,
            lazy_views: self.lazy_views,
            lazy_names: self.lazy_names,
            aux_count: self.aux_count,
            int_list: self.int_list,
            fixed_true: self.fixed_true,
            xors: self.xors,
        }
    }

    pub fn bind_err(&self, e: QpropError, env: &[Option<Val>]) -> QpropError {
        if e.notes.iter().any(|n| n.starts_with("bindings") || n.starts_with("no variables")) {
            return e;
        }
        e.note(self.p.bindings(self.slot_names, env))
    }

    /// The atom index of `pred(args)` under `env`; errors for values outside the domains.
    pub fn atom_index(&self, pred: PredId, args: &[T], span: Span, env: &[Option<Val>]) -> Result<usize> {
        let pr = &self.p.preds[pred];
        let mut idx = 0;
        for (i, (t, &d)) in args.iter().zip(&pr.args).enumerate() {
            let v = match t {
                T::Var(s) if env.get(s.index()).is_some_and(Option::is_some) => env[*s].unwrap_or(Val::Int(0)),
                T::Const(v) => *v,
                _ => eval_term(t, env).map_err(|e| self.bind_err(e, env))?,
            };
            let Some(pos) = self.p.domains[d].pos(v) else {
                let dn = &self.p.domains[d].name;
                let e = QpropError::new(
                    ErrorKind::Domain,
                    span,
                    format!("value {} outside domain '{dn}'", crate::program::ShowVal(self.p, v)),
                    format!("argument {} of '{}' must be in '{dn}'", i + 1, pr.name),
                );
                return Err(self.bind_err(e, env));
            };
            idx += pos as usize * self.strides[pred.index()][i];
        }
        Ok(idx)
    }

    /// For an atom of a data formula whose [`Grounder::atom_index`] failed with `e`: its index
    /// when its arguments count, sum or take the `min`/`max` of data (`big(count { d(j) : j in
    /// D })`), evaluated as the formula's other terms are; else `e`. Rare, so asked only after
    /// the plain arithmetic failed (a wrapper around every data atom's index, or a test of its
    /// arguments first, cost a shikaku's `backbone` 1% to 4% of its instructions).
    #[cold]
    fn aggregate_atom_index(
        &mut self,
        pred: PredId,
        args: &[T],
        span: Span,
        env: &mut Env,
        e: QpropError,
    ) -> Result<usize> {
        if !args.iter().any(crate::linear::has_int) {
            return Err(e);
        }
        let values = args.iter().map(|t| self.data_term(t, env).map(T::Const)).collect::<Result<Vec<T>>>()?;
        self.atom_index(pred, &values, span, env)
    }

    /// How far apart in the atoms of `pred` two atoms are whose argument `i` are neighbouring
    /// values of its domain (the others the same).
    pub(crate) fn stride(&self, pred: PredId, i: usize) -> Option<usize> {
        self.strides.get(pred.index())?.get(i).copied()
    }

    /// What is known of data predicate `pred`'s atoms, by index: 2 true, 1 false (an input
    /// predicate's atom that is not 2 is false; a definition's is computed by `data_atom`).
    pub(crate) fn data_known(&self, pred: PredId) -> &[u8] {
        self.data.get(pred.index()).map_or(&[], |d| d.as_slice())
    }

    pub(crate) fn tuple(&self, pred: PredId, mut idx: usize) -> Vec<Val> {
        let pr = &self.p.preds[pred];
        let mut out = vec![Val::Int(0); pr.args.len()];
        for (i, &d) in pr.args.iter().enumerate() {
            let s = self.strides[pred.index()][i];
            out[i] = self.p.domains[d].values[idx / s];
            idx %= s;
        }
        out
    }

    /// The value of a data atom (facts, or the definition evaluated once and remembered).
    pub fn data_atom(&mut self, pred: PredId, idx: usize, span: Span) -> Result<bool> {
        match self.data[pred.index()][idx] {
            1 => return Ok(false),
            2 => {
                if self.p.preds[pred].clue {
                    let at = self.cnf.num_own_clauses();
                    if let Some(t) = &mut self.tracker {
                        t.use_fact(pred, idx, at);
                    }
                }
                return Ok(true);
            }
            3 => {
                return Err(QpropError::new(
                    ErrorKind::Unsupported,
                    span,
                    format!("definition of '{}' depends on itself", self.p.preds[pred].name),
                    "definitions must not be recursive",
                ))
            }
            _ => {}
        }
        let PredKind::Def(def) = &self.p.preds[pred].kind else { return Ok(false) };
        self.data[pred.index()][idx] = 3;
        let mut env: Env = vec![None; def.slots.len()];
        for (s, v) in def.params.iter().zip(self.tuple(pred, idx)) {
            env[*s] = Some(v);
        }
        let saved = self.slot_names;
        self.slot_names = &def.slots;
        if let Some(t) = &mut self.tracker {
            t.in_def += 1;
        }
        let r = self.eval(&def.body, &mut env);
        if let Some(t) = &mut self.tracker {
            t.in_def -= 1;
        }
        self.slot_names = saved;
        // An error leaves the atom unknown (not "being computed"): asked again, it fails the same.
        self.data[pred.index()][idx] = match r {
            Ok(true) => 2,
            Ok(false) => 1,
            Err(_) => 0,
        };
        r
    }

    /// Evaluates a data-only formula (guards, definitions).
    pub fn eval(&mut self, f: &F, env: &mut Env) -> Result<bool> {
        Ok(match f {
            F::Const(b) => *b,
            F::Atom(pr, args, s) => {
                let idx = match self.atom_index(*pr, args, *s, env) {
                    Ok(idx) => idx,
                    Err(e) => self.aggregate_atom_index(*pr, args, *s, env, e)?,
                };
                if !crate::program::is_data(self.p, *pr) {
                    let e = QpropError::new(
                        ErrorKind::Unsupported,
                        *s,
                        format!("'{}' is solved for: its value is not known while grounding", self.p.preds[*pr].name),
                        "expected a data predicate here",
                    );
                    return Err(self.bind_err(e, env));
                }
                self.data_atom(*pr, idx, *s)?
            }
            F::Cmp(c) => {
                let (x, y) = (self.data_term(&c.a, env)?, self.data_term(&c.b, env)?);
                match c.op.holds(x, y) {
                    Some(v) => v,
                    None => {
                        return Err(self.bind_err(
                            QpropError::new(
                                ErrorKind::Type,
                                c.span,
                                "ordered comparison of symbols",
                                "expected integers",
                            ),
                            env,
                        ))
                    }
                }
            }
            F::Not(a) => !self.eval(a, env)?,
            F::And(a, b) => self.eval(a, env)? && self.eval(b, env)?,
            F::Or(a, b) => self.eval(a, env)? || self.eval(b, env)?,
            F::Imp(a, b) => !self.eval(a, env)? || self.eval(b, env)?,
            F::Iff(a, b) => self.eval(a, env)? == self.eval(b, env)?,
            F::Xor(a, b) => self.eval(a, env)? != self.eval(b, env)?,
            F::Quant(q) => {
                let all = q.all;
                let mut result = all;
                let (guard, body) = self.deciding_atom(q);
                self.eval_binders(&q.binders, 0, guard, env, &mut |me, env| {
                    let v = me.eval(body, env)?;
                    if v != all {
                        result = !all;
                        return Ok(true);
                    }
                    Ok(false)
                })?;
                result
            }
            F::Count(c) => {
                let Val::Int(k) = self.data_term(&c.bound, env)? else {
                    let e = QpropError::new(ErrorKind::Type, c.span, "a symbol as a count's bound", "an integer");
                    return Err(self.bind_err(e, env));
                };
                let n = self.remembered(
                    f as *const F as usize,
                    || crate::walk::formula_slots(f),
                    env,
                    |me, env| {
                        let mut n: i64 = 0;
                        me.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                            n += i64::from(me.eval(&c.lit, env)?);
                            Ok(false)
                        })?;
                        Ok(n)
                    },
                )?;
                match c.kind {
                    CountKind::Exactly => n == k,
                    CountKind::AtMost => n <= k,
                    CountKind::AtLeast => n >= k,
                }
            }
            F::AllDiff(a) => {
                return Err(QpropError::new(
                    ErrorKind::Unsupported,
                    a.span,
                    "'alldifferent' inside a guard or definition",
                    "expected a data formula",
                ))
            }
            F::Connected(c) => {
                return Err(QpropError::new(
                    ErrorKind::Unsupported,
                    c.span,
                    "a connectivity constraint inside a guard or definition",
                    "expected a data formula",
                ))
            }
            F::Regions(r) => return Err(crate::reify::not_data(r.span)),
            F::Order(o) => return Err(crate::reify::not_data(o.span)),
            F::Lex(l) => return Err(crate::reify::not_data(l.span)),
            F::Parity(c) => {
                return Err(QpropError::new(
                    ErrorKind::Unsupported,
                    c.span,
                    "a parity constraint inside a guard or definition",
                    "expected a data formula",
                ))
            }
            F::Runs(r) => return Err(crate::reify::not_data(r.span)),
            F::Global(c) => return Err(crate::global::not_data(c)),
        })
    }

    /// A quantifier's guard and body for evaluation. Without a guard, a data atom that decides
    /// the body (`exists v . d(v)`, `exists v . d(v) and F`, `forall v . d(v) -> F`) is taken as
    /// the guard, so that a plan can enumerate the bindings from `d`'s true atoms (`exists v in
    /// 0..255 . number(r, c, v)` visits the cell's numbers, not 256 values). Only where that
    /// changes nothing but the work: `d` is an input predicate or a plain definition (defs.rs:
    /// building its index evaluates nothing that can fail), its arguments are variables and
    /// constants (no argument can fall outside its domain), and a quantified variable among them
    /// ranges over the argument's own domain or both are integer ranges (the values come in the
    /// order the variable's domain lists them).
    fn deciding_atom<'q>(&mut self, q: &'q crate::program::Quant) -> (Option<&'q F>, &'q F) {
        const TRUE: &F = &F::Const(true);
        let atom = match (&q.guard, &q.body) {
            (None, f @ F::Atom(..)) if !q.all => Some((f, TRUE)),
            (None, F::And(a, rest)) if !q.all => Some((&**a, &**rest)),
            (None, F::Imp(a, rest)) if q.all => Some((&**a, &**rest)),
            _ => None,
        };
        match atom {
            Some((a, rest)) if self.decides_alike(a, &q.binders) => (Some(a), rest),
            _ => (q.guard.as_ref(), &q.body),
        }
    }

    /// Whether data atom `a` can stand as a guard over `binders` (see [`Grounder::deciding_atom`]).
    fn decides_alike(&mut self, a: &F, binders: &[Bound]) -> bool {
        let F::Atom(pred, args, _) = a else { return false };
        let p = self.p;
        let pr = &p.preds[*pred];
        let source = match pr.kind {
            PredKind::Input(_) => true,
            PredKind::Def(_) => self.plain_def(*pred),
            _ => false,
        };
        source
            && args.iter().zip(&pr.args).all(|(t, &d)| match t {
                T::Const(v) => p.domains[d].pos(*v).is_some(),
                T::Var(s) => binders
                    .iter()
                    .find(|b| b.slot == *s)
                    .is_none_or(|b| b.dom == d || (p.domains[b.dom].range.is_some() && p.domains[d].range.is_some())),
                _ => false,
            })
    }

    /// A term of a data formula: arithmetic as [`eval_term`] evaluates it, and a count or sum
    /// over data (`count { room(r, c, m) : r in R, c in C }`) by its bindings.
    #[inline]
    pub(crate) fn data_term(&mut self, t: &T, env: &mut Env) -> Result<Val> {
        match crate::program::fast_term(t, env) {
            Some(v) => Ok(v),
            None => self.data_term_slow(t, env),
        }
    }

    /// [`Grounder::data_term`] past integer arithmetic.
    fn data_term_slow(&mut self, t: &T, env: &mut Env) -> Result<Val> {
        let r = match t {
            T::Count(_) | T::Sum(_) => return self.data_aggregate(t, env).map(Val::Int),
            T::MinMax(m) => return self.data_min_max(m, env),
            T::Neg(a, span) => {
                let x = self.data_term(a, env)?;
                crate::program::arith(crate::program::Op::Sub, Val::Int(0), x, *span)
            }
            T::Bin(b) => {
                let (x, y) = (self.data_term(&b.a, env)?, self.data_term(&b.b, env)?);
                crate::program::arith(b.op, x, y, b.span)
            }
            _ => eval_term(t, env),
        };
        r.map_err(|e| self.bind_err(e, env))
    }

    /// `min`/`max` over data: of its listed terms and its comprehension's values.
    fn data_min_max(&mut self, m: &crate::program::MinMax, env: &mut Env) -> Result<Val> {
        let mut best: Option<i64> = None;
        let mut take = |x: i64| best = Some(best.map_or(x, |b| if m.max { b.max(x) } else { b.min(x) }));
        for t in &m.items {
            let Val::Int(x) = self.data_term(t, env)? else {
                return Err(self.bind_err(crate::program::not_int(m.span), env));
            };
            take(x);
        }
        if let Some(c) = &m.comp {
            self.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                let Val::Int(x) = me.data_term(&c.body, env)? else {
                    return Err(me.bind_err(crate::program::not_int(c.span), env));
                };
                take(x);
                Ok(false)
            })?;
        }
        match best {
            Some(x) => Ok(Val::Int(x)),
            None => Err(self.bind_err(crate::globals::no_value(m), env)),
        }
    }

    /// The value of a count or sum over data, remembered (`Grounder::remembered`).
    fn data_aggregate(&mut self, t: &T, env: &mut Env) -> Result<i64> {
        self.remembered(
            t as *const T as usize,
            || crate::walk::term_slots(t),
            env,
            |me, env| {
                let mut total: i64 = 0;
                match t {
                    T::Count(c) => {
                        me.eval_binders(&c.binders, 0, c.guard.as_ref(), env, &mut |me, env| {
                            total += i64::from(me.eval(&c.body, env)?);
                            Ok(false)
                        })?;
                    }
                    T::Sum(sum) => {
                        me.eval_binders(&sum.binders, 0, sum.guard.as_ref(), env, &mut |me, env| {
                            let Val::Int(x) = me.data_term(&sum.body, env)? else {
                                return Err(me.bind_err(crate::program::not_int(sum.span), env));
                            };
                            total = total
                                .checked_add(x)
                                .ok_or_else(|| me.bind_err(crate::program::overflow(sum.span), env))?;
                            Ok(false)
                        })?;
                    }
                    _ => unreachable!("data_aggregate is called on a count or a sum"),
                }
                Ok(total)
            },
        )
    }

    /// `compute`'s value for the term at address `at` (in the program, alive for the whole
    /// grounding) under the values of the variables `slots` lists (those it reads; its own
    /// binders are unbound on entry), computed once per statement and those values. Not while
    /// grounding with groups (explain), where every evaluation records the clue facts it reads.
    fn remembered(
        &mut self,
        at: usize,
        slots: impl FnOnce() -> Vec<crate::program::Slot>,
        env: &mut Env,
        compute: impl FnOnce(&mut Self, &mut Env) -> Result<i64>,
    ) -> Result<i64> {
        if self.tracker.is_some() {
            return compute(self, env);
        }
        let slots = match self.aggregate_slots.get(&at) {
            Some(s) => s.clone(),
            None => {
                let mut s = slots();
                s.sort_unstable();
                s.dedup();
                let s: Rc<[crate::program::Slot]> = s.into();
                self.aggregate_slots.insert(at, s.clone());
                s
            }
        };
        let key = (at, slots.iter().map(|&s| env[s]).collect::<Vec<_>>());
        if let Some(&v) = self.aggregates.get(&key) {
            return Ok(v);
        }
        let v = compute(self, env)?;
        self.aggregates.insert(key, v);
        Ok(v)
    }

    pub(crate) fn eval_binders(
        &mut self,
        b: &crate::program::Binders,
        i: usize,
        g: Option<&F>,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        // A guarded comprehension over many bindings goes through a plan (its data atoms generate
        // the values, its conjuncts are checked as soon as their variables are bound): the same
        // bindings in the same order. Not when grounding with groups (explain), where a plan's
        // levels would end the scope of the clue facts the guard read.
        if i == 0 && g.is_some() && self.tracker.is_none() && self.bindings_at_least(b, PLAN_BINDINGS) {
            if let Ok(plan) = crate::nnf::plan(self.p, b, g, &crate::nnf::G::Const(false), true) {
                return self.each_binding(&plan, env, f);
            }
        }
        self.binders_loop(b, i, g, env, f)
    }

    /// Whether the binders `b` range over at least `n` bindings.
    fn bindings_at_least(&self, b: &crate::program::Binders, n: usize) -> bool {
        let mut total = 1usize;
        for bd in b {
            total = total.saturating_mul(self.p.domains[bd.dom].len());
        }
        total >= n
    }

    /// Every binding of `b` from binder `i` on, the guard evaluated on each complete binding.
    fn binders_loop(
        &mut self,
        b: &crate::program::Binders,
        i: usize,
        g: Option<&F>,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        if i == b.len() {
            if let Some(g) = g {
                if !self.eval(g, env)? {
                    return Ok(false);
                }
            }
            return f(self, env);
        }
        let Bound { slot, dom } = b[i];
        for k in 0..self.p.domains[dom].len() {
            env[slot] = Some(self.p.domains[dom].values[k]);
            if self.binders_loop(b, i + 1, g, env, f)? {
                env[slot] = None;
                return Ok(true);
            }
        }
        env[slot] = None;
        Ok(false)
    }

    /// The fixed value of a solved-for atom, if a unit statement fixed it.
    pub fn fixed(&self, pred: PredId, idx: usize) -> Option<bool> {
        match self.vars[pred.index()][idx] {
            FIXED_FALSE => Some(false),
            FIXED_TRUE => Some(true),
            _ => None,
        }
    }

    /// How many atoms solved-for predicate `pred` has (0 for a data predicate).
    pub(crate) fn atom_total(&self, pred: PredId) -> usize {
        self.vars.get(pred.index()).map_or(0, Vec::len)
    }

    /// Fixes an atom that has no variable yet; false if it already has one.
    pub fn set_fixed(&mut self, pred: PredId, idx: usize, value: bool) -> bool {
        if self.vars[pred.index()][idx] != 0 {
            return false;
        }
        self.vars[pred.index()][idx] = if value { FIXED_TRUE } else { FIXED_FALSE };
        if value {
            self.fixed_true.push((pred.index() as u32, idx as u32));
        }
        true
    }

    /// The variable of a solved-for atom, created on first use.
    pub fn var(&mut self, pred: PredId, idx: usize) -> Var {
        let v = self.vars[pred.index()][idx];
        if v != 0 && v < FIXED_TRUE {
            return Var::from_index(v as usize - 1);
        }
        let var = self.cnf.new_var();
        self.vars[pred.index()][idx] = var.get();
        let name = if self.lazy_names { String::new() } else { self.p.atom_name(pred, &self.tuple(pred, idx)) };
        self.names.push(name);
        self.atom_of.push(Some((pred.index() as u32, idx as u32)));
        var
    }

    /// Gives every atom of the shown predicates `shown` that no statement mentioned (and no unit
    /// statement fixed) a variable of its own: such an atom is free, so each of its values is a
    /// solution, as the checker sees it. (Without this, an unmentioned atom would be read as false
    /// and counted once, while the checker accepts it true as well.) Shown integer variables that
    /// no statement mentions get their bits likewise: each value of their range is a solution.
    pub fn free_shown_atoms(&mut self, shown: &[PredId]) {
        for &pred in shown {
            if matches!(self.p.preds[pred].kind, PredKind::Int(_)) {
                let size: usize = self.p.preds[pred].args.iter().map(|&d| self.p.domains[d].len()).product();
                for idx in 0..size {
                    self.int_atom(pred, idx);
                }
                continue;
            }
            for idx in 0..self.vars.get(pred.index()).map_or(0, Vec::len) {
                if self.vars[pred.index()][idx] == 0 {
                    self.var(pred, idx);
                }
            }
        }
    }

    /// Runs `f` for every binding of `plan` whose checks hold; `f` returns true to stop.
    pub fn each(
        &mut self,
        plan: &Plan,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        let scope = self.tracker.as_ref().map(|t| t.active.len());
        let r = self.each_binding(plan, env, f);
        self.end_scope(scope);
        r
    }

    fn each_binding(
        &mut self,
        plan: &Plan,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        for c in &plan.pre {
            if !self.check(c, env)? {
                return Ok(false);
            }
        }
        self.level(plan, 0, env, f)
    }

    /// Grounding with groups: the clue facts used since `scope` (a length of the active list)
    /// stop being in force.
    fn end_scope(&mut self, scope: Option<usize>) {
        let at = self.cnf.num_own_clauses();
        if let (Some(t), Some(n)) = (&mut self.tracker, scope) {
            t.truncate(n, at);
        }
    }

    // Inlined into `level` as it was before the aggregate path made it larger (out of line, a
    // tasquare's `backbone` ran 1.2% more instructions).
    #[inline]
    fn check(&mut self, c: &Check, env: &mut Env) -> Result<bool> {
        match c {
            Check::Guard(g) => self.eval(g, env),
            Check::Atom(pr, args, s) => {
                let idx = match self.atom_index(*pr, args, *s, env) {
                    Ok(idx) => idx,
                    Err(e) => self.aggregate_atom_index(*pr, args, *s, env, e)?,
                };
                self.data_atom(*pr, idx, *s)
            }
        }
    }

    fn level(
        &mut self,
        plan: &Plan,
        i: usize,
        env: &mut Env,
        f: &mut dyn FnMut(&mut Self, &mut Env) -> Result<bool>,
    ) -> Result<bool> {
        let Some(lv) = plan.levels.get(i) else {
            return f(self, env);
        };
        let slot = lv.slot;
        let p = self.p;
        let gen_vals;
        let points;
        let dom = &p.domains[lv.dom];
        // The checks that narrowed the values hold on each of them: not evaluated again.
        let mut proven = 0;
        let values: &[Val] = match &lv.gen {
            None if lv.narrow.is_empty() => &dom.values,
            None => match crate::narrow::values(slot, dom, &lv.narrow, env) {
                Some(crate::narrow::Values::Range(lo, hi)) => {
                    proven = lv.narrow.len();
                    &dom.values[lo..hi]
                }
                Some(crate::narrow::Values::Points(vals, n)) => {
                    proven = lv.narrow.len();
                    points = vals;
                    &points[..n]
                }
                None => &dom.values,
            },
            Some(g) => {
                gen_vals = self.gen_values(g.pred, g.pos, g.args, g.span, env)?;
                gen_vals.values()
            }
        };
        let checked = lv.gen.is_some();
        for &v in values.iter() {
            if checked && p.domains[lv.dom].pos(v).is_none() {
                continue;
            }
            env[slot] = Some(v);
            let scope = self.tracker.as_ref().map(|t| t.active.len());
            if let (Some(g), Some(_)) = (&lv.gen, scope) {
                // The value came from a clue predicate's facts: that fact is in force.
                if p.preds[g.pred].clue {
                    let idx = match self.atom_index(g.pred, g.args, g.span, env) {
                        Ok(idx) => idx,
                        Err(e) => self.aggregate_atom_index(g.pred, g.args, g.span, env, e)?,
                    };
                    self.data_atom(g.pred, idx, g.span)?;
                }
            }
            let mut ok = true;
            for c in &lv.checks[proven..] {
                if !self.check(c, env)? {
                    ok = false;
                    break;
                }
            }
            let stop = ok && self.level(plan, i + 1, env, f)?;
            self.end_scope(scope);
            if stop {
                env[slot] = None;
                return Ok(true);
            }
        }
        env[slot] = None;
        Ok(false)
    }

    /// Values of argument `pos` of the true atoms of `pred` whose other arguments are `args`.
    fn gen_values(&mut self, pred: PredId, pos: usize, args: &[T], span: Span, env: &mut Env) -> Result<Generated> {
        let p = self.p;
        let pr = &p.preds[pred];
        let mut key = 0usize;
        // The index of the atom with the binder's first value (the binder's stride adds the rest).
        let mut first = 0usize;
        for (i, (t, &d)) in args.iter().zip(&pr.args).enumerate() {
            if i == pos {
                continue;
            }
            let v = match t {
                T::Var(s) if env.get(s.index()).is_some_and(Option::is_some) => env[*s].unwrap_or(Val::Int(0)),
                T::Const(v) => *v,
                // Arithmetic, or a count, sum, min or max of data.
                _ => self.data_term(t, env)?,
            };
            let Some(k) = p.domains[d].pos(v) else {
                let dn = &p.domains[d].name;
                let e = QpropError::new(
                    ErrorKind::Domain,
                    span,
                    format!("value {} outside domain '{dn}'", crate::program::ShowVal(p, v)),
                    format!("argument {} of '{}' must be in '{dn}'", i + 1, pr.name),
                );
                return Err(self.bind_err(e, env));
            };
            key = key * p.domains[d].len() + k as usize;
            first += k as usize * self.strides[pred.index()][i];
        }
        // A definition that is not plain is indexed one key at a time: this key's atoms only,
        // remembered. A whole index would evaluate every atom first (LITS's `line` over every
        // room, cell and direction, where its rooms' own cells are asked: 200 ms of a 0.7 s
        // answer); no index at all would ask the atoms again under every outer binding
        // (shikaku's `fits` under each cell: 19% more instructions for its backbone).
        let lazy = match self.lazy_index.get(&(pred, pos)) {
            Some(_) => true,
            None => {
                !self.index.get(pred.index()).and_then(|v| v.get(pos)).is_some_and(Option::is_some)
                    && matches!(pr.kind, PredKind::Def(_))
                    && !self.plain_def(pred)
            }
        };
        if lazy {
            let slots = self.lazy_index.entry((pred, pos)).or_insert_with(|| {
                let keys: usize =
                    pr.args.iter().enumerate().filter(|(i, _)| *i != pos).map(|(_, &d)| p.domains[d].len()).product();
                vec![None; keys]
            });
            if let Some(vals) = slots.get(key).and_then(Option::as_ref) {
                return Ok(Generated { all: vals.clone(), lo: 0, hi: vals.len() });
            }
            let stride = self.strides[pred.index()][pos];
            let mut vals = Vec::new();
            for (j, &v) in p.domains[pr.args[pos]].values.iter().enumerate() {
                if self.data_atom(pred, first + j * stride, span)? {
                    vals.push(v);
                }
            }
            let vals: Rc<[Val]> = Rc::from(vals);
            if let Some(slot) = self.lazy_index.get_mut(&(pred, pos)).and_then(|v| v.get_mut(key)) {
                *slot = Some(vals.clone());
            }
            let hi = vals.len();
            return Ok(Generated { all: vals, lo: 0, hi });
        }
        if let Some(ix) = self.index.get(pred.index()).and_then(|v| v.get(pos)).and_then(|x| x.as_ref()) {
            return Ok(ix.key(key));
        }
        let keys: usize =
            pr.args.iter().enumerate().filter(|(i, _)| *i != pos).map(|(_, &d)| p.domains[d].len()).product();
        // Building the index reads every fact: no binding's reads. An atom known false
        // (most of an input predicate's) is passed over without a call; facts without a
        // definition, nobody tracking which are used, are the atoms marked true, found in
        // one pass (as `density` counts them: kakuro's `across` has 14,580 atoms).
        let planned = match pr.kind {
            PredKind::Def(_) => self.def_true_atoms(pred)?,
            _ => None,
        };
        let true_atoms: Vec<usize> = if let Some(found) = planned {
            found.to_vec()
        } else if self.tracker.is_none() && !matches!(pr.kind, PredKind::Def(_)) {
            self.data[pred.index()].iter().enumerate().filter(|(_, &v)| v == 2).map(|(idx, _)| idx).collect()
        } else {
            let mut found = Vec::new();
            for idx in 0..self.data[pred.index()].len() {
                let known = self.data[pred.index()][idx];
                if known != 1 && (known == 2 || self.data_atom(pred, idx, span)?) {
                    found.push(idx);
                }
            }
            found
        };
        // Each true atom's key and value, in the atoms' order; then counted per key and
        // laid out key after key, each key's values in that order.
        let mut keyed: Vec<(usize, Val)> = Vec::with_capacity(true_atoms.len());
        for idx in true_atoms {
            let t = self.tuple(pred, idx);
            let mut k = 0usize;
            for (i, &d) in pr.args.iter().enumerate() {
                if i != pos {
                    k = k * p.domains[d].len() + p.domains[d].pos(t[i]).unwrap_or(0) as usize;
                }
            }
            keyed.push((k, t[pos]));
        }
        let mut starts = vec![0usize; keys + 1];
        for &(k, _) in &keyed {
            starts[k + 1] += 1;
        }
        for k in 0..keys {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut values = vec![Val::Int(0); keyed.len()];
        for (k, v) in keyed {
            values[next[k]] = v;
            next[k] += 1;
        }
        let ix = FactIndex { values: Rc::from(values), starts };
        let found = ix.key(key);
        if self.index.len() <= pred.index() {
            self.index.resize_with(pred.index() + 1, Vec::new);
        }
        if self.index[pred.index()].len() <= pos {
            self.index[pred.index()].resize_with(pos + 1, || None);
        }
        self.index[pred.index()][pos] = Some(ix);
        Ok(found)
    }

    /// The true atoms of definition `pred`, ascending, when every one of its atoms has been
    /// evaluated already.
    pub(crate) fn evaluated_true_atoms(&self, pred: PredId) -> Option<Vec<usize>> {
        let known = &self.data[pred.index()];
        if known.iter().any(|&v| v == 0 || v == 3) {
            return None;
        }
        Some(known.iter().enumerate().filter(|(_, &v)| v == 2).map(|(i, _)| i).collect())
    }

    /// Records the values of every atom of definition `pred`: true at `true_atoms` (ascending),
    /// false elsewhere (defs.rs).
    pub(crate) fn set_def_values(&mut self, pred: PredId, true_atoms: &[usize]) {
        let known = &mut self.data[pred.index()];
        known.fill(1);
        for &idx in true_atoms {
            known[idx] = 2;
        }
    }

    /// Fraction of true atoms of a data predicate (for the size estimate). An atom whose
    /// definition fails to evaluate counts as true, as a guard that fails passes (`guard_share`):
    /// the estimate raises no error of its own, so the first pass and the sampled one agree, and
    /// grounding raises the error where it asks that atom.
    pub fn density(&mut self, pred: PredId, span: Span) -> Result<f64> {
        let n = self.data[pred.index()].len();
        if n == 0 {
            return Ok(1.0);
        }
        if matches!(self.p.preds[pred].kind, PredKind::Def(_)) {
            if let Some(found) = self.def_true_atoms(pred)? {
                return Ok(found.len() as f64 / n as f64);
            }
            // The first pass of the estimate, a bound (`sample_guards` off), takes a definition
            // that is not plain to be true throughout: finding its share evaluates atoms that
            // grounding may never ask (sudoku's `samebox`: 6,561 atoms on a 9 x 9 grid, half of
            // a `backbone`, where the boxes ask for 729). A plain one is planned above, and
            // grounding reads what the plan found.
            if !self.sample_guards {
                return Ok(1.0);
            }
            // A large definition's share of true atoms is sampled: evaluating every atom for an
            // estimate cost more than grounding what uses it (LITS's `line` on the 24 x 24 of
            // fixtures/pencil/lits: 112,896 atoms, 160 ms, where grounding asks for a few
            // thousand). A sample without a true atom says too little: then every atom counts.
            if n > DENSITY_SAMPLED_ABOVE {
                let mut draw = crate::encode::Draw::default();
                let mut t = 0usize;
                for _ in 0..DENSITY_SAMPLES {
                    let i = draw.below(n);
                    if self.data[pred.index()][i] != 1 && self.data_atom(pred, i, span).unwrap_or(true) {
                        t += 1;
                    }
                }
                if t > 0 {
                    return Ok(t as f64 / DENSITY_SAMPLES as f64);
                }
            }
        }
        // Facts without a definition, nobody tracking which facts are used: the atoms marked true
        // are the true ones (`data_atom` would evaluate nothing and record nothing), counted in
        // one pass without a call per atom (kakuro's `across` and `down` have 14,580 atoms each).
        if self.tracker.is_none() && !matches!(self.p.preds[pred].kind, PredKind::Def(_)) {
            let t = self.data[pred.index()].iter().filter(|&&v| v == 2).count();
            return Ok(t as f64 / n as f64);
        }
        let mut t = 0usize;
        for i in 0..n {
            // Known false (1): no call.
            if self.data[pred.index()][i] != 1 && self.data_atom(pred, i, span).unwrap_or(true) {
                t += 1;
            }
        }
        Ok(t as f64 / n as f64)
    }

    /// Adds a clause (already simplified by the caller).
    pub fn clause(&mut self, lits: &mut Vec<Lit>) {
        lits.sort_unstable_by_key(|l| (l.var().get(), l.is_positive()));
        lits.dedup();
        if lits.windows(2).any(|w| w[0].var() == w[1].var()) {
            return;
        }
        self.cnf.add_clause(lits);
    }
}
