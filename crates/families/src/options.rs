//! The encoding and counting flags as the user gave them, before any family has looked at them,
//! and the one list of those flags ([`Flag`]). Each family says which flags it takes, turns them
//! into its own options and refuses, with its own words, every other flag that is set.

use wgrnd_lang::{IntEncoding, LinearEncoding};
use wgrnd_sat::amo::AmoEncoding;
use wgrnd_seam::CountUnit;

/// `--encoding` as given.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EncodingChoice {
    /// The family's default.
    #[default]
    Auto,
    /// Edge matching: labels on the board's inner edges.
    Diamond,
    /// Edge matching: the four squares slides' `l`, `r`, `v`, `m` predicates (was `qprop`).
    FourSquares,
    /// Edge matching: "a piece here needs a matching piece there".
    Support,
    /// Edge matching: mismatching neighbours exclude each other.
    Conflict,
}

impl EncodingChoice {
    /// The flag's value.
    pub fn name(self) -> &'static str {
        match self {
            EncodingChoice::Auto => "auto",
            EncodingChoice::Diamond => "diamond",
            EncodingChoice::FourSquares => "four-squares",
            EncodingChoice::Support => "support",
            EncodingChoice::Conflict => "conflict",
        }
    }
}

/// The flags that shape a grounding, as given (`None`/`false`: not given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawOptions {
    /// `--sum K`: labels match when they sum to K.
    pub sum: Option<i64>,
    /// `--encoding`.
    pub encoding: EncodingChoice,
    /// `--no-redundant`.
    pub no_redundant: bool,
    /// `--no-symmetry-breaking`.
    pub no_symmetry_breaking: bool,
    /// `--break-duplicates`.
    pub break_duplicates: bool,
    /// `--amo`.
    pub amo: AmoEncoding,
    /// `--lex-leader`.
    pub lex_leader: Option<CountUnit>,
    /// Set by `count`: what one counted solution is (`--symmetry`).
    pub count: Option<CountUnit>,
    /// Set by `count --counter`: a model counter counts the CNF's models, so each of them must be
    /// one solution in the unit counted (symmetries broken completely by clauses, no orbits to
    /// expand).
    pub model_counter: bool,
    /// Models: `-D NAME=VALUE`, parameter overrides.
    pub defines: Vec<(String, String)>,
    /// Models: `--data FILE`, the instance data.
    pub data: Option<String>,
    /// Models: `--ints`, how bounded integers are encoded.
    pub ints: Option<IntEncoding>,
    /// Models: `--linear`, how linear comparisons are encoded.
    pub linear: Option<LinearEncoding>,
    /// Models: `--max-clauses N`, the size limit of the estimate made before grounding.
    pub max_clauses: Option<u64>,
    /// Set by `backbone` and `generate --unique`: the fixed puzzle, every solution of it, with no
    /// symmetry broken (edge matching's board rotation, packings' lex-leader) nor expanded.
    pub fixed: bool,
    /// `--maximize WHAT`: edge matching by score (`matches`, docs/optimise.md).
    pub maximize: Option<String>,
    /// `--no-hints`: drop the puzzle's clues (with `--maximize matches`).
    pub no_hints: bool,
    /// Set by `solve` and by `count` without `--proof`: nothing writes the grounding's DIMACS
    /// header, so a family may leave its atom names out of it (made when a message asks for one).
    pub no_header: bool,
    /// Set by `solve`, `count`, `backbone`, posing and `batch` on a solver that decides
    /// connectivity and region division natively (in-process CaDiCaL or batsat), when nothing
    /// reads the formula's clauses (no cubes, proof or other engine): the clauses of those
    /// constraints are never written, so a model is grounded with
    /// `GroundOptions::constraints_written` off.
    pub native_constraints: bool,
    /// Set by a count that dancing links would enumerate if the formula is an exact cover
    /// (`--engine auto` or `dlx` on the built-in solver, no cubes, no proof): a plain count of a
    /// model whose formula is one then leaves its symmetries alone (docs/counting.md).
    pub dancing_links: bool,
}

/// A flag that shapes a grounding, as the user gives it: the one list of them ([`Flag::ALL`]),
/// each defined here once (its name, how the command line spells it, whether it is set). A
/// family lists the flags it takes ([`EdgeMatching::FLAGS`](crate::EdgeMatching::FLAGS), ...) and
/// refuses every other one that is set ([`RawOptions::accept_only`]): a flag added here is refused
/// by every family until one takes it, never silently accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `--sum K`.
    Sum,
    /// `--encoding`.
    Encoding,
    /// `--no-redundant`.
    NoRedundant,
    /// `--no-symmetry-breaking`.
    NoSymmetryBreaking,
    /// `--break-duplicates`.
    BreakDuplicates,
    /// `--amo`.
    Amo,
    /// `--lex-leader`.
    LexLeader,
    /// `-D NAME=VALUE`.
    Define,
    /// `--data FILE`.
    Data,
    /// `--ints`.
    Ints,
    /// `--max-clauses N`.
    MaxClauses,
    /// `--linear`.
    Linear,
    /// `--maximize`.
    Maximize,
    /// `--no-hints`.
    NoHints,
}

impl Flag {
    /// Every flag.
    pub const ALL: [Flag; 14] = [
        Flag::Sum,
        Flag::Encoding,
        Flag::NoRedundant,
        Flag::NoSymmetryBreaking,
        Flag::BreakDuplicates,
        Flag::Amo,
        Flag::LexLeader,
        Flag::Define,
        Flag::Data,
        Flag::Ints,
        Flag::MaxClauses,
        Flag::Linear,
        Flag::Maximize,
        Flag::NoHints,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Flag::Sum => "--sum",
            Flag::Encoding => "--encoding",
            Flag::NoRedundant => "--no-redundant",
            Flag::NoSymmetryBreaking => "--no-symmetry-breaking",
            Flag::BreakDuplicates => "--break-duplicates",
            Flag::Amo => "--amo",
            Flag::LexLeader => "--lex-leader",
            Flag::Define => "-D",
            Flag::Data => "--data",
            Flag::Ints => "--ints",
            Flag::MaxClauses => "--max-clauses",
            Flag::Linear => "--linear",
            Flag::Maximize => "--maximize",
            Flag::NoHints => "--no-hints",
        }
    }

    /// A command line that sets it to something other than its default (for help and tests).
    pub fn example(self) -> &'static [&'static str] {
        match self {
            Flag::Sum => &["--sum", "9"],
            Flag::Encoding => &["--encoding", "support"],
            Flag::NoRedundant => &["--no-redundant"],
            Flag::NoSymmetryBreaking => &["--no-symmetry-breaking"],
            Flag::BreakDuplicates => &["--break-duplicates"],
            Flag::Amo => &["--amo", "sequential"],
            Flag::LexLeader => &["--lex-leader", "none"],
            Flag::Define => &["-D", "unused=1"],
            Flag::Data => &["--data", "-"],
            Flag::Ints => &["--ints", "log"],
            Flag::MaxClauses => &["--max-clauses", "1000000"],
            Flag::Linear => &["--linear", "bdd"],
            Flag::Maximize => &["--maximize", "matches"],
            // (It applies with --maximize matches only.)
            Flag::NoHints => &["--maximize", "matches", "--no-hints"],
        }
    }

    /// Whether `raw` has it set.
    fn is_set(self, raw: &RawOptions) -> bool {
        match self {
            Flag::Sum => raw.sum.is_some(),
            Flag::Encoding => raw.encoding != EncodingChoice::Auto,
            Flag::NoRedundant => raw.no_redundant,
            Flag::NoSymmetryBreaking => raw.no_symmetry_breaking,
            Flag::BreakDuplicates => raw.break_duplicates,
            Flag::Amo => raw.amo != AmoEncoding::Auto,
            Flag::LexLeader => raw.lex_leader.is_some(),
            Flag::Define => !raw.defines.is_empty(),
            Flag::Data => raw.data.is_some(),
            Flag::Ints => raw.ints.is_some(),
            Flag::MaxClauses => raw.max_clauses.is_some(),
            Flag::Linear => raw.linear.is_some(),
            Flag::Maximize => raw.maximize.is_some(),
            Flag::NoHints => raw.no_hints,
        }
    }
}

impl RawOptions {
    /// The flags the user set.
    pub fn set_flags(&self) -> Vec<Flag> {
        // Every field is a user's flag of the list above or set by a command itself: a new field
        // does not compile until it is placed here (and, if the user sets it, in `Flag`).
        let RawOptions {
            sum: _,
            encoding: _,
            no_redundant: _,
            no_symmetry_breaking: _,
            break_duplicates: _,
            amo: _,
            lex_leader: _,
            defines: _,
            data: _,
            ints: _,
            linear: _,
            max_clauses: _,
            count: _,
            model_counter: _,
            fixed: _,
            maximize: _,
            no_hints: _,
            no_header: _,
            native_constraints: _,
            dancing_links: _,
        } = self;
        Flag::ALL.into_iter().filter(|f| f.is_set(self)).collect()
    }

    /// Refuses every flag that was set and is not in `accepted`, naming them and what they do not
    /// apply to; the family's words follow (`takes`: what it takes instead, which is `accepted`).
    pub(crate) fn accept_only(&self, accepted: &[Flag], what: &str, takes: &str) -> Result<(), crate::Error> {
        let refused: Vec<&str> =
            self.set_flags().into_iter().filter(|f| !accepted.contains(f)).map(Flag::name).collect();
        if refused.is_empty() {
            return Ok(());
        }
        let verb = if refused.len() == 1 { "does" } else { "do" };
        Err(crate::Error::Option(format!("{} {verb} not apply to {what}; {takes}", refused.join(", "))))
    }
}
