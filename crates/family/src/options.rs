//! The encoding and counting flags as the user gave them, before any family has looked at them.
//! Each family turns them into its own options and refuses, with its own words, the flags it does
//! not take: there is no table of which flag suits which family.

use wgrnd_cnf::amo::AmoEncoding;
use wgrnd_qprop::IntEncoding;

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

/// What counts as one solution (`count --symmetry`, `--lex-leader`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum CountUnit {
    /// Every solution of the fixed board or region.
    #[default]
    None,
    /// Solutions that turning the board (or region) maps onto each other count once.
    Board,
    /// Turning and reflecting.
    All,
}

impl CountUnit {
    /// The flag's value.
    pub fn name(self) -> &'static str {
        match self {
            CountUnit::None => "none",
            CountUnit::Board => "board",
            CountUnit::All => "all",
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
    /// Models: `--max-clauses N`, the size limit of the estimate made before grounding.
    pub max_clauses: Option<u64>,
    /// Set by `backbone` and `generate --unique`: the fixed puzzle, every solution of it, with no
    /// symmetry broken (edge matching's board rotation, packings' lex-leader) nor expanded.
    pub fixed: bool,
}

impl RawOptions {
    /// The flags that were set, by name, for a family's refusal.
    pub(crate) fn set_flags(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.sum.is_some() {
            v.push("--sum");
        }
        if self.encoding != EncodingChoice::Auto {
            v.push("--encoding");
        }
        if self.no_redundant {
            v.push("--no-redundant");
        }
        if self.no_symmetry_breaking {
            v.push("--no-symmetry-breaking");
        }
        if self.break_duplicates {
            v.push("--break-duplicates");
        }
        if self.amo != AmoEncoding::Auto {
            v.push("--amo");
        }
        if self.lex_leader.is_some() {
            v.push("--lex-leader");
        }
        if !self.defines.is_empty() {
            v.push("-D");
        }
        if self.data.is_some() {
            v.push("--data");
        }
        if self.ints.is_some() {
            v.push("--ints");
        }
        if self.max_clauses.is_some() {
            v.push("--max-clauses");
        }
        v
    }
}

impl RawOptions {
    /// Refuses every flag that was set and is not in `accepted`, naming them, what they do not
    /// apply to and what the family takes instead.
    pub(crate) fn accept_only(&self, accepted: &[&str], what: &str, takes: &str) -> Result<(), crate::Error> {
        let refused: Vec<&str> = self.set_flags().into_iter().filter(|f| !accepted.contains(f)).collect();
        if refused.is_empty() {
            return Ok(());
        }
        let verb = if refused.len() == 1 { "does" } else { "do" };
        Err(crate::Error::Option(format!("{} {verb} not apply to {what}; {takes}", refused.join(", "))))
    }
}
