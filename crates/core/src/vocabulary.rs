//! The small family-neutral words the [`Family`](crate::Family) trait speaks: how to show a
//! solution, what a solve came to, how a solution file is written, what one counted solution is.

/// How to show a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum View {
    /// Witch words for witch puzzles, box art for small boards, the grid for large ones.
    #[default]
    Auto,
    /// Seed 004's box art and the grid of pieces.
    Art,
    /// Seed 000's words.
    Witch,
    /// `piece/rotation` per square.
    Grid,
    /// board-suite `.sol`.
    Sol,
    /// JSON.
    Json,
    /// A picture (SVG): boards as four triangles per square, packings layer by layer.
    Svg,
    /// The e2.bucas.name board link (edge matching with equal labels only).
    Bucas,
}

/// A solver's verdict on a puzzle, for JSON output.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Solved and checked.
    Solved,
    /// No solution exists.
    Unsatisfiable,
    /// The solver gave up (time limit).
    Unknown,
}

impl Status {
    /// The verdict's word in JSON documents (`solved`, `unsatisfiable`, `unknown`).
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Unknown => "unknown",
        }
    }
}

/// How a placement file is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SolutionFormat {
    /// board-suite `.sol` / `.clue`.
    Sol,
    /// `Place the block K at (I,J) with rotation D`.
    Witch,
    /// wgrnd's JSON.
    Json,
    /// A drawn board (box art).
    Art,
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
