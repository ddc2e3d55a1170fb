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

impl View {
    /// Every view, in the order `--help` lists them.
    pub const ALL: [View; 8] =
        [View::Auto, View::Art, View::Witch, View::Grid, View::Sol, View::Json, View::Svg, View::Bucas];

    /// Its `--view` value: the one definition of each view's name and help (the command line
    /// builds `--view` from these; each family lists the views it draws in `Family::VIEWS`).
    pub fn name(self) -> &'static str {
        self.definition().0
    }

    /// What the view shows, for `--help`.
    pub fn help(self) -> &'static str {
        self.definition().1
    }

    fn definition(self) -> (&'static str, &'static str) {
        match self {
            View::Auto => ("auto", "The family's usual drawing"),
            View::Art => ("art", "Box art (edge matching; others: their drawing, bundled puzzles as printed)"),
            View::Witch => ("witch", "The witch puzzle's words (edge matching)"),
            View::Grid => ("grid", "A compact grid"),
            View::Sol => ("sol", "board-suite .sol (packings: the solution's lines; models: the facts)"),
            View::Json => ("json", "JSON"),
            View::Svg => ("svg", "A picture (SVG): boards as four triangles per square, packings layer by layer"),
            View::Bucas => ("bucas", "The e2.bucas.name board link (edge matching with equal labels)"),
        }
    }

    /// The view named `name` (its `--view` value).
    pub fn from_name(name: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.name() == name)
    }

    /// Why `--view self` is refused by a family (`kind`: `a packing`) that draws only `drawn`.
    pub fn undrawn(self, kind: &str, drawn: &[View]) -> String {
        let names: Vec<&str> = drawn.iter().map(|v| v.name()).collect();
        format!("--view {}: {kind} is not drawn so; it is drawn as {}", self.name(), names.join(", "))
    }
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
