//! # wgrnd-core
//!
//! Owns the seam between a puzzle family and everything family-neutral: the [`Family`] trait
//! (ground, decode, check, read, draw, name what a count counts) and [`Pose`] for families whose
//! puzzles carry clues; the [`Grounding`] every family hands on (CNF, header, hash, projection,
//! symmetries, its own atom tables behind [`AtomNames`]) and the [`ExactCover`] view of one; the
//! [`pipeline`] steps written once over the trait (solve, read a solver's answer, never hand on an
//! unchecked solution); [`Error`] and the exit code each error means ([`exit`]), where a family's
//! own errors arrive rendered, as a diagnostic and its exit code; the small neutral vocabulary the
//! trait speaks ([`View`], [`Status`], [`SolutionFormat`], [`CountUnit`], [`Orbits`]); the
//! [`header`] line `c puzzle-hash` with its one stable hash ([`StableHash`], FNV-1a 64), written
//! and read here only; the data a format's reader hands to a model as numbers ([`NumberData`]);
//! and the reproducible generator [`SplitMix64`]. It depends on `wgrnd-cnf`
//! and `wgrnd-solve` only: counting and parallel runs build on it without knowing any family.

#![warn(missing_docs)]

mod error;
mod exact_cover;
mod grounding;
mod groups;
pub mod header;
mod number_data;
mod objective;
pub mod pipeline;
mod pose;
mod rng;
mod step_picture;
mod vocabulary;

use std::fmt;

pub use error::{exit, Error, Position};
pub use exact_cover::{CoverRow, ExactCover};
pub use grounding::{AtomNames, BrokenClause, Grounding, Symmetry, Tie};
pub use groups::{Group, GroupKind};
pub use header::StableHash;
pub use number_data::{NumberData, NumberFacts};
pub use objective::{Level, Objective};
pub use pose::Pose;
pub use rng::SplitMix64;
pub use step_picture::StepPicture;
pub use vocabulary::{CountUnit, SolutionFormat, Status, View};
pub use wgrnd_sat::parity::{write_dimacs_xor, Xor};

use wgrnd_sat::{Model, Var};

/// A checker's verdicts on solutions of type `S`, one call per solution.
pub type CheckFn<'a, S, V> = dyn FnMut(&S) -> Result<Vec<V>, Error> + 'a;

/// A family's checker for a run of solutions ([`Family::check_session`]).
pub type CheckSession<'a, S, V> = Box<CheckFn<'a, S, V>>;

/// A family's decoder for a run of models of one grounding ([`Family::decode_session`]).
pub type DecodeSession<'a, S> = Box<dyn FnMut(&Model) -> Result<S, Error> + 'a>;

/// One kind of puzzle, with its options already validated (by the registry of `wgrnd-families`):
/// what it is, how it grounds, how a model decodes and how a solution is checked.
///
/// The trait is generic (associated types) rather than object-safe: each family keeps its own
/// solution and violation types, the commands are written once as generic functions, and the
/// registry (in `wgrnd-family`) dispatches a file to them with one `match`. Nothing is downcast. A family, its
/// encoding and its solutions cross threads (a count searches on one core while it decodes and
/// checks on another; a portfolio runs configurations side by side), so they are `Sync`/`Send`.
pub trait Family: Sync {
    /// The family's own atom tables: names of atoms, what decoding needs.
    type Encoding: AtomNames + Send + Sync;

    /// A solution: what decoding gives, the checker judges and the renderers draw.
    type Solution: Clone + Send;

    /// What the independent checker finds wrong with a solution.
    type Violation: fmt::Display;

    /// What kind of puzzle this is, for messages (`edge-matching puzzle`, `packing`).
    fn kind(&self) -> &'static str;

    /// The puzzle's name.
    fn name(&self) -> &str;

    /// Remarks about the puzzle that do not make it bad input (printed on standard error).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// Grounds the puzzle, after refusing one too large to hold (with the estimate).
    fn ground(&self) -> Result<Grounding<Self::Encoding>, Error>;

    /// Reads the solution off a model of the grounding (a model that satisfies its clauses, or,
    /// for a symmetric image, one that assigns only the projection atoms).
    fn decode(&self, g: &Grounding<Self::Encoding>, model: &Model) -> Result<Self::Solution, Error>;

    /// The independent checker's verdict: every violation, in a stable order (empty: valid). It
    /// shares no code with the grounding. An error is a checker that could not judge (out of
    /// memory, an internal fault): never a violation.
    fn check(&self, solution: &Self::Solution) -> Result<Vec<Self::Violation>, Error>;

    /// Reads a solution file (every format the family writes; `format` forces one), converting it
    /// to the family's conventions.
    fn read_solution(&self, file: &str, text: &str, format: Option<SolutionFormat>) -> Result<Self::Solution, Error>;

    /// The value of every objective level of a solution (as the user states it: a maximised
    /// term's value, not its negation), computed by the family's independent checker; `None`
    /// (the default): the family has no objectives. The optimiser's costs must agree with it.
    fn objective_values(&self, _solution: &Self::Solution) -> Result<Option<Vec<i64>>, Error> {
        Ok(None)
    }
}

/// How a family shows its puzzles and answers: the views it draws, a solution drawn, the words of
/// a check's verdict and of a count's summary. Every family implements it; the commands that
/// print need it, the engine does not.
pub trait Present: Family {
    /// What the checker has to add about an invalid solution (a table made for another rule, say).
    fn check_notes(&self, _solution: &Self::Solution) -> Vec<String> {
        Vec::new()
    }

    /// One line for a valid solution: what it solves.
    fn valid_line(&self, solution: &Self::Solution) -> String;

    /// One line heading the violations of an invalid solution.
    fn invalid_line(&self, violations: usize) -> String;

    /// The views the family draws; any other `--view` is refused before anything is solved
    /// ([`pipeline::check_view`]), listing these.
    const VIEWS: &'static [View];

    /// Draws a checked solution in one of [`Family::VIEWS`].
    fn render(&self, solution: &Self::Solution, view: View) -> Result<String, Error>;

    /// What to print when there is no solution to draw (no solution exists, or the solver gave up).
    fn render_none(&self, status: Status, view: View) -> String;

    /// What one counted solution is, as the count's summary says it (` up to board rotation`), and
    /// its name in JSON. `unit` is what the user asked for; the family has already shaped its
    /// grounding for it.
    fn count_caption(&self, unit: CountUnit, g: &Grounding<Self::Encoding>) -> (String, &'static str);

    /// A picture of what every solution shares, for a backbone: `solution` is one solution and
    /// `known(var)` says whether an atom has the same value in every solution; what is not known
    /// is drawn as `?`. `None`: the family draws no partial solution (the backbone is then
    /// listed by atom names only).
    fn render_partial(
        &self,
        _g: &Grounding<Self::Encoding>,
        _solution: &Self::Solution,
        _known: &dyn Fn(Var) -> bool,
    ) -> Option<String> {
        None
    }

    /// The line that spells out the orbit counts, for families with symmetries.
    fn orbit_line(&self, _orbits: &Orbits, _complete: bool) -> Option<(String, serde_json::Value)> {
        None
    }
}

/// How a family takes part in explanations (`wgrnd explain`, `wgrnd why`, docs/explain.md): its
/// grounding with groups of clues and constraints, and facts and groups in its own words. The
/// defaults explain in atom names.
pub trait Explain: Family {
    /// The puzzle grounded with its groups ([`Grounding::groups`]: clue facts and constraint
    /// groups behind selectors), for explanations. Default: the ordinary grounding, whose
    /// clauses are all always on (no group).
    fn ground_groups(&self) -> Result<Grounding<Self::Encoding>, Error> {
        self.ground()
    }

    /// A group of a grounding with groups (by index into [`Grounding::groups`]) in the family's
    /// words, for explanations. Default: the group's name.
    fn group_words(&self, g: &Grounding<Self::Encoding>, group: usize) -> String {
        g.groups[group].name.clone()
    }

    /// A fact (a projection atom with a value) in the family's words, for explanations.
    /// Default: the atom's name, negated with `not`.
    fn fact_words(&self, g: &Grounding<Self::Encoding>, fact: wgrnd_sat::Lit) -> String
    where
        Self::Encoding: AtomNames,
    {
        let name = g.encoding.atom_name(fact.var());
        if fact.is_positive() {
            name
        } else {
            format!("not {name}")
        }
    }

    /// One step of an explanation as an SVG picture (`explain --svg-steps`): the family's
    /// picture of `solution` showing only what is known after the step, the step's clues and
    /// earlier facts highlighted and its new fact marked. `None` (the default): the family has
    /// no picture of a partial solution.
    fn step_svg(
        &self,
        _g: &Grounding<Self::Encoding>,
        _solution: &Self::Solution,
        _step: &StepPicture<'_>,
    ) -> Option<String> {
        None
    }
}

/// What a family may offer the counting and solving engines beyond its grounding, to go faster:
/// decoders and checkers kept across a run of models, an exact-cover view for dancing links,
/// symmetries looked for late, a normal form to count up to two on, and alternative encodings for
/// the portfolio. The defaults offer nothing, and every verdict is the same with or without them
/// (a solve may find another solution).
pub trait Search: Family {
    /// A checker for many solutions of this puzzle, one after another on one thread (a count's):
    /// it may keep between calls what it derives from the puzzle alone, never anything of a
    /// solution, so each verdict is [`Family::check`]'s. The default is `check` itself.
    fn check_session(&self) -> CheckSession<'_, Self::Solution, Self::Violation> {
        Box::new(move |s| self.check(s))
    }

    /// A decoder for many models of the grounding `g`, one after another on one thread (a
    /// count's): it may keep between calls what it derives from the puzzle and `g` alone, never
    /// anything of a model, so each solution is [`Family::decode`]'s. The default is `decode`
    /// itself.
    fn decode_session<'a>(&'a self, g: &'a Grounding<Self::Encoding>) -> DecodeSession<'a, Self::Solution> {
        Box::new(move |m| self.decode(g, m))
    }

    /// The grounding as an exact-cover matrix (each row one projection atom), when the puzzle is
    /// one: a count may then enumerate with dancing links instead of a SAT search. Its solutions
    /// must be the solutions of the grounding's CNF or, when the grounding carries symmetries (the
    /// count then finds orbits itself), those of the CNF without its symmetry breaking. `None`
    /// (the default): not an exact-cover problem.
    fn exact_cover(&self, _g: &Grounding<Self::Encoding>) -> Option<ExactCover> {
        None
    }

    /// Whether the grounding `g` left its symmetries for later: a plain count's grounding, whose
    /// symmetries would only make a count with many solutions faster, so that the count looks
    /// for them ([`Family::add_symmetries`]) only once it meets a second solution. Default: never.
    fn symmetries_deferred(&self, _g: &Grounding<Self::Encoding>) -> bool {
        false
    }

    /// Looks for the symmetries that `g` left for later and declares them in it, as a grounding
    /// that looked for them at once would hold them (its group in `g.symmetries`, the clauses
    /// that break it, its header). Default: nothing (nothing is left for later).
    fn add_symmetries(&self, _g: &mut Grounding<Self::Encoding>) -> Result<(), Error> {
        Ok(())
    }

    /// The puzzle grounded with the statements of a normal form too, when the family has one: a
    /// form that steps lead every solution to, each step leaving a solution, so that this
    /// grounding has a solution exactly when the puzzle has, and two only when the puzzle has
    /// two. Its projection is the plain grounding's, atom for atom, and
    /// [`Family::decode`] reads its models. With [`unreduced`](Self::unreduced) it answers a count
    /// up to two (none, one or several), `solve` and a backbone; a normal form can be far faster
    /// to search than the puzzle (numberlink's lines, which may otherwise wander through the empty
    /// cells). Default: none.
    fn normal_form(&self) -> Result<Option<Grounding<Self::Encoding>>, Error> {
        Ok(None)
    }

    /// For `s`, the normal form's only solution: another solution of the puzzle when some
    /// solution other than `s` is led by steps to `s` (then the puzzle has at least two), `None`
    /// when none is (then `s` is the puzzle's only one). Called only for a family with a normal
    /// form, which must give it: the default is an error.
    fn unreduced(&self, _s: &Self::Solution) -> Result<Option<Self::Solution>, Error> {
        Err(Error::EncodingBug("a family with a normal form must say what leads to its solutions".into()))
    }

    /// The family's own search (no SAT), when it has one worth racing against the solvers on
    /// this puzzle (edge matching's scan search): the portfolio runs it as a member. Default: none.
    fn own_search(&self) -> Option<OwnSearch<'_, Self::Solution>> {
        None
    }

    /// Other groundings of the same puzzle that a portfolio may race against this one (another
    /// encoding): copies of the family with other options, each with the name `-v` reports. Their
    /// solutions are this family's solutions and go through the same checker. Default: none.
    fn alternatives(&self) -> Vec<(String, Self)>
    where
        Self: Sized,
    {
        Vec::new()
    }
}

/// A family's own search for one solution: what `-v` calls it, and the search, which runs with
/// a seed until it answers or `stop()` says so (asked every few milliseconds). Its solutions go
/// through the family's checker like every member's; its "no solution" must mean that it
/// searched everything, as a solver's UNSAT does.
pub struct OwnSearch<'a, S> {
    /// The member's name (`scan`).
    pub name: &'static str,
    /// The search.
    #[allow(clippy::type_complexity)]
    pub run: Box<dyn Fn(u64, &dyn Fn() -> bool) -> Result<pipeline::Answer<S>, Error> + Send + Sync + 'a>,
}

/// Counts by symmetry class, for families whose groundings carry symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orbits {
    /// Solutions of the fixed puzzle.
    pub solutions: u64,
    /// Classes under the turning symmetries.
    pub rotation_orbits: u64,
    /// Classes under all symmetries.
    pub orbits: u64,
    /// Turning symmetries, the identity included.
    pub rotations: usize,
    /// All symmetries, the identity included.
    pub symmetries: usize,
}
