//! The exact-cover view of a grounding: what a family hands to a dancing-links search when its
//! puzzle *is* an exact-cover problem. Every row is one projection atom; a solution is a set of
//! rows that covers every column exactly once and takes at most `capacity` rows of each group.
//! The family states this from its own puzzle (for packings: cells are columns, dispositions are
//! rows, piece kinds are groups with their number of copies), never from the CNF, so a search over
//! it is a second, independent reading of the puzzle; its solutions are still decoded and checked.

/// One row: a projection atom and what choosing it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverRow {
    /// The projection atom (index into the grounding's projection) the row stands for.
    pub atom: u32,
    /// The columns it covers (each `< columns`), any order, no repeats.
    pub columns: Vec<u32>,
    /// The group it belongs to (index into `capacities`).
    pub group: u32,
}

/// An exact-cover problem with grouped rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactCover {
    /// Number of columns; every solution covers each exactly once.
    pub columns: u32,
    /// The rows.
    pub rows: Vec<CoverRow>,
    /// For each group, how many of its rows a solution may take at most.
    pub capacities: Vec<u32>,
}
