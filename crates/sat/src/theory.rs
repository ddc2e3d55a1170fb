//! The constraints a formula keeps whole beside its clauses ([`Theory`]): connectivity
//! ([`crate::connect`]) and region division ([`crate::regions`]). Each has auxiliary variables,
//! reserved when it is added or after every other variable ([`crate::Cnf::reserve_labels`]),
//! writes its clauses over them for whoever reads the formula's clauses, fills them in from its
//! own variables' values when a model is to hold them, and decides itself under a partial
//! assignment for the solvers that search with it natively. This module only dispatches; the
//! solvers and [`crate::Cnf`] see one kind of thing.

use crate::connect::{self, Analysis, Connected};
use crate::regions::{self, Regions};
use crate::{Lit, Model, Var};

/// A constraint kept whole beside the clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Theory {
    /// The true nodes form one connected graph.
    Connected(Connected),
    /// The walls divide the nodes into regions of the given sizes.
    Regions(Regions),
}

impl Theory {
    /// The auxiliary variables of its encoding (a range of variable indices from 0).
    pub fn aux_range(&self) -> std::ops::Range<usize> {
        match self {
            Theory::Connected(c) => c.aux_range(),
            Theory::Regions(r) => r.aux_range(),
        }
    }

    /// How many auxiliary variables its encoding uses.
    pub fn aux_count(&self) -> u32 {
        self.aux_range().len() as u32
    }

    /// Moves its auxiliary variables to start at `first` ([`crate::Cnf::reserve_labels`]).
    pub(crate) fn set_first_aux(&mut self, first: Var) {
        match self {
            Theory::Connected(c) => c.set_first_aux(first),
            Theory::Regions(r) => r.set_first_aux(first),
        }
    }

    /// Every variable its native decision reads.
    pub fn watched_vars(&self) -> Box<dyn Iterator<Item = Var> + '_> {
        match self {
            Theory::Connected(c) => Box::new(c.watched_vars()),
            Theory::Regions(r) => Box::new(r.watched_vars()),
        }
    }

    /// Whether it holds under `value`.
    pub fn holds(&self, value: impl Fn(Lit) -> bool) -> bool {
        match self {
            Theory::Connected(c) => c.holds(value),
            Theory::Regions(r) => r.holds(value),
        }
    }

    /// Sets its auxiliary variables in `model` from their definitions.
    pub fn complete(&self, model: &mut Model) {
        match self {
            Theory::Connected(c) => c.complete(model),
            Theory::Regions(r) => r.complete(model),
        }
    }

    /// Writes its clauses to `sink`.
    pub fn encode(&self, sink: &mut impl FnMut(&[Lit])) {
        match self {
            Theory::Connected(c) => c.encode(sink),
            Theory::Regions(r) => r.encode(sink),
        }
    }

    /// What it forces under the partial assignment `value`, in working memory `work` that the
    /// caller keeps from one analysis to the next.
    pub fn analyse(&self, value: &impl Fn(Lit) -> Option<bool>, work: &mut Workspace) -> Analysis {
        match self {
            Theory::Connected(c) => c.analyse(value, &mut work.connect),
            Theory::Regions(r) => r.analyse(value, &mut work.regions),
        }
    }

    /// The same constraint, switched off whenever one of `off` is true.
    pub fn guarded(self, off: Vec<Lit>) -> Self {
        match self {
            Theory::Connected(c) => Theory::Connected(c.guarded(off)),
            Theory::Regions(r) => Theory::Regions(r.guarded(off)),
        }
    }
}

/// Working memory of the analyses, kept by a solver from one analysis to the next so that an
/// analysis allocates only what it returns.
#[derive(Default, Debug)]
pub struct Workspace {
    connect: connect::Scratch,
    regions: regions::Scratch,
}
