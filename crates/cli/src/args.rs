//! The command line as clap reads it: every flag, with the help text users see. Nothing here is
//! validated beyond its type; [`crate::config`] turns it into a configuration.

use clap::builder::TypedValueParser as _;
use clap::{Args, Parser, Subcommand, ValueEnum};
use wgrnd_families::View;

/// The command line.
#[derive(Parser)]
#[command(
    name = "wgrnd",
    version,
    about = "SAT-encoding compiler and DIMACS toolchain for combinatorial puzzles: edge matching (the witch \
             puzzle, four squares, Eternity II) and polycube packings",
    after_help = "Exit codes: 0 ok, 1 solution rejected (check, dimacs verify), 2 bad input, 3 internal error,\n\
                  4 the external solver failed, 10 solved (count: exactly one), 12 several solutions,\n\
                  20 no solution, 30 gave up (time limit), 130 interrupted (Ctrl-C, SIGTERM)."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands. Each one's flags are added only when it is the one invoked (`defer`): a run
/// builds one subcommand's arguments, not all of them (docs/wellposed.md, "Paint by numbers").
#[derive(Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Ground a puzzle and write its CNF in DIMACS (with comments naming every atom).
    Encode {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// Write the CNF here instead of standard output (`-`); the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
        /// Write parity constraints as CryptoMiniSat's `x` lines instead of their clauses.
        #[arg(long)]
        xor_lines: bool,
        /// Write the MaxSAT Evaluation's WCNF instead: the clauses hard (`h ... 0`), the
        /// objective as weighted soft clauses (docs/optimise.md).
        #[arg(long)]
        wcnf: bool,
    },
    /// Solve a puzzle (in-process CaDiCaL by default), check the solution, and show it.
    Solve {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        #[command(flatten)]
        show: ShowArgs,
        /// Give up after this many seconds (exit 30).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        #[command(flatten)]
        solver: SolverArgs,
        /// Statistics on standard error, as `c` lines: atoms, clauses, the solver, grounding,
        /// solving and checking times.
        #[arg(short, long)]
        verbose: bool,
        #[command(flatten)]
        parallel: ParallelArgs,
        /// The optimiser for a model with an objective: `linear` (solution-improving), `core`
        /// (core-guided, OLL), `pair` (two linear searches on two threads) or `auto`
        /// (docs/optimise.md); `lns`: the large-neighbourhood
        /// search of `--maximize matches` (auto on boards above 64 squares).
        #[arg(long, value_name = "ENGINE", default_value = "auto")]
        opt: String,
        /// `--maximize matches` by search: write the best board here whenever it improves (JSON
        /// with its score and bucas link, and FILE.svg), each file whole or not at all.
        #[arg(long, value_name = "FILE")]
        best: Option<String>,
        /// `--maximize matches` by search: start from this board (a solution file, e.g. --best's).
        #[arg(long, value_name = "FILE")]
        start: Option<String>,
        /// `--maximize matches` by search: the seed of the first thread (the others take the
        /// next ones); default 1.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// `--maximize matches` by search: each thread stops after N moves (N x jobs in all;
        /// with --fill-nodes and --jobs 1 the run repeats under any load, and the SAT windows
        /// have no time limit of their own: docs/optimise.md).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        moves: Option<u64>,
        /// `--maximize matches` by search: the start fill stops after exactly N placements
        /// instead of after a share of the time limit.
        #[arg(long, value_name = "N")]
        fill_nodes: Option<u64>,
    },
    /// Read a solver's answer for the puzzle's CNF, check it, and show the solution.
    Decode {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The solver's output (competition `s`/`v` lines, minisat's result file, or a bare model); `-` = stdin.
        model: String,
        /// The CNF the solver was given: its `puzzle-hash` line must be this puzzle's under these
        /// encoding options (a model of another CNF would decode to nonsense).
        #[arg(long, value_name = "CNF")]
        cnf: Option<String>,
        #[command(flatten)]
        encoding: EncodingArgs,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Count solutions by enumeration (every one checked): exit 20 none, 10 exactly one, 12 several,
    /// 30 stopped before the answer was known.
    Count {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// What counts as one solution: `none` every solution of the fixed board or region,
        /// `board` solutions up to turning the board (or the packing's region), `all` (packings)
        /// also up to reflections.
        #[arg(long, value_enum, default_value = "none")]
        symmetry: SymmetryArg,
        /// Stop after this many solutions (`--max 2` answers "is it unique?"; `--max 0` means no
        /// limit, as clingo's `-n 0`).
        #[arg(long, value_name = "N")]
        max: Option<u64>,
        /// Stop after this many seconds; the count is then a lower bound.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        #[command(flatten)]
        solver: SolverArgs,
        /// Print every solution (in the --view format) as it is found.
        #[arg(long)]
        print: bool,
        /// The enumeration engine: `auto` picks per puzzle (docs/counting.md), `blocking` adds a
        /// clause per solution on --solver, `backtrack` searches without adding clauses, `dlx`
        /// runs dancing links on an exact-cover puzzle (a packing that fills its region).
        #[arg(long, value_enum, default_value = "auto")]
        engine: EngineArg,
        #[command(flatten)]
        parallel: ParallelArgs,
        /// When the count proves exactly one solution, write a certificate into DIR: the
        /// solution, the CNF with its blocking clause, and a DRAT proof (by the external `cadical`)
        /// that no second solution exists; check it with `drat-trim`.
        #[arg(long, value_name = "DIR")]
        proof: Option<String>,
        /// Count with an external model counter instead of enumerating: `ganak` (PyPI pyganak
        /// or a ganak program), `d4`, `sharpsat-td`, or a command line of a counter that reads
        /// the model-counting competition's format (`{cnf}` = the CNF's path). The count is
        /// exact, with no solutions listed and none checked.
        #[arg(long, value_name = "COUNTER")]
        counter: Option<String>,
        #[command(flatten)]
        show: ShowArgs,
        /// Statistics on standard error, as `c` lines: atoms, clauses, the engine, grounding and
        /// counting times, models seen, why the count stopped.
        #[arg(short, long)]
        verbose: bool,
    },
    /// Split a puzzle into disjoint cubes that cover its search space (cube-and-conquer), for
    /// solvers and clusters: iCNF on standard output or -o, or --dir with one DIMACS file per cube,
    /// a manifest, a Slurm array script and Mallob jobs (docs/scale.md).
    Cube {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// How many cubes (at most; fewer when propagation refutes or settles the leaves).
        #[arg(long, value_name = "N", default_value_t = 64)]
        cubes: usize,
        /// Write the iCNF (`p inccnf`, the clauses, one `a ... 0` line per cube) here instead of
        /// standard output; the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
        /// Write a directory instead: `cube-0001.cnf`... (the CNF plus the cube as unit clauses),
        /// `manifest.json`, `slurm.sh` and `mallob/cube-0001.json`...; it appears whole or not at all.
        #[arg(long, value_name = "DIR", conflicts_with = "output")]
        dir: Option<String>,
        /// How cubes are split (see `solve --cube-score`).
        #[arg(long, value_enum, default_value = "lookahead")]
        score: CubeScoreArg,
        /// The solver command line `slurm.sh` runs on each cube file.
        #[arg(long, value_name = "COMMAND", default_value = "cadical -q")]
        slurm_solver: String,
        /// Statistics on standard error: cubes, refuted leaves, time, assigned variables per cube.
        #[arg(short, long)]
        verbose: bool,
    },
    /// Generate a random solved edge-matching puzzle, pieces shuffled and turned; reproducible from --seed.
    /// With a PUZZLE and --unique: pose that puzzle (any family with clues) with a minimal set of
    /// clues that makes one solution unique.
    Generate {
        /// Pose this puzzle (edge matching, a packing, or a model with `clue pred`) instead of
        /// generating one: needs --unique; its clues are chosen from --solution, else from a solution drawn
        /// at random (--seed) with every clue withheld.
        #[arg(conflicts_with_all = ["rows", "cols", "colors", "frame_colors", "to"], requires = "unique")]
        puzzle: Option<String>,
        /// With PUZZLE: the solution to make unique (a file `check` reads).
        #[arg(long, value_name = "FILE", requires = "puzzle")]
        solution: Option<String>,
        /// With PUZZLE: add clues of the solution until `explain` needs no step above K clue
        /// facts and earlier facts (docs/explain.md).
        #[arg(long, value_name = "K", requires = "puzzle")]
        max_step: Option<usize>,
        /// With PUZZLE: its format (default: from the extension, else from the content).
        #[arg(long, value_enum, requires = "puzzle")]
        format: Option<FormatArg>,
        /// With PUZZLE (a model): its data file, or a puzzle read into data (a puzz.link URL, a
        /// `.url`, pzprv3 or `.non` file).
        #[arg(long, value_name = "FILE", requires = "puzzle")]
        data: Option<String>,
        /// With PUZZLE (a model): sets a parameter (`-D n=5`).
        #[arg(short = 'D', value_name = "NAME=VALUE", requires = "puzzle")]
        define: Vec<String>,
        /// With PUZZLE: give up after this many seconds (exit 30).
        #[arg(long, value_name = "SECONDS", requires = "puzzle")]
        timeout: Option<u64>,
        /// Rows of the board.
        #[arg(long, required_unless_present = "puzzle")]
        rows: Option<usize>,
        /// Columns of the board.
        #[arg(long, required_unless_present = "puzzle")]
        cols: Option<usize>,
        /// Colours of the inner edges.
        #[arg(long, required_unless_present = "puzzle")]
        colors: Option<u32>,
        /// Frame the board (label 0 on every outer edge) with this many colours for the edges
        /// between frame pieces; without it outer edges are unconstrained.
        #[arg(long)]
        frame_colors: Option<u32>,
        /// `equal` labels match, or `complement`: labels 1..2N match when they sum to 2N + 1.
        #[arg(long = "match", value_enum, default_value = "equal")]
        rule: RuleArg,
        /// Add clues from the generated solution until the puzzle has exactly one solution up to
        /// board rotation, proved by counting.
        #[arg(long)]
        unique: bool,
        /// Seed of the random draws.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `native` (everything), or `puz` (board-suite: framed, equal, no clues).
        #[arg(long = "to", value_enum)]
        to: Option<GeneratedFormat>,
        /// Write the puzzle here instead of standard output; the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// The backbone: the shown atoms that take the same value in every solution (what can be
    /// deduced), found by solving under assumptions; with the solver calls it took, and a picture
    /// with `?` for what is not decided. Exit 20 when there is no solution, 30 stopped early.
    Backbone {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// Candidates tested per solver call (1: one assumption each; more: one clause "one of
        /// them flips" under an activation literal; 32 took the fewest calls and no more time
        /// in docs/wellposed.md's measurements).
        #[arg(long, value_name = "K", default_value_t = wgrnd_engine::count::DEFAULT_CHUNK)]
        chunk: usize,
        /// Stop after this many seconds; what is proved so far is printed (exit 30).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Step-wise explanation (docs/explain.md): from the clues to the solution, each step one
    /// new fact with the smallest set of clue facts, earlier facts and constraints it follows
    /// from; with several solutions, what can be deduced. Without a solution: why (as `why`).
    Explain {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// A step above K clue facts and earlier facts is reported as needing a case split.
        #[arg(long, value_name = "K")]
        max_step: Option<usize>,
        /// Stop after this many seconds (exit 30).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        /// Only the next step: one hint, the first fact that follows from the clues and its
        /// reason.
        #[arg(long)]
        next: bool,
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        show: ShowArgs,
        /// Also draw each step as DIR/step-001.svg, ...: the board as known after the step, the
        /// clues and earlier facts used framed, the new fact marked (families with a picture).
        #[arg(long, value_name = "DIR")]
        svg_steps: Option<String>,
    },
    /// Why a puzzle has no solution: a minimal set of clue facts and statements without one
    /// (verified: dropping any member gives a solution), with the statements shown in the source.
    Why {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// Stop after this many seconds (exit 30).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Many puzzles, one per line of FILE (`-`: standard input): puzz.link URLs or puzzle files.
    /// Each is judged (no solution, unique, several) and printed as one JSON line with its time,
    /// as soon as it is judged; a line that cannot be read prints its error and the batch goes on.
    Batch {
        /// The list of puzzles.
        file: String,
        /// Stop each puzzle's search after this many seconds (its verdict: unknown); reading and
        /// grounding a puzzle are not timed.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
    },
    /// Serve the browser page (built by scripts/web.sh into web/dist) on this machine: open the
    /// address it prints in a browser. Puzzles are solved in the browser, not by this server.
    Serve {
        /// The page's directory.
        #[arg(default_value = "web/dist")]
        dir: String,
        /// The address to listen on (the loopback address: this machine only).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port (0: any free port; the address is printed on standard error).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Tools for any DIMACS CNF, not only wgrnd's.
    Dimacs {
        #[command(subcommand)]
        command: DimacsCommand,
    },
    /// Write an edge-matching puzzle with its pieces shuffled and turned at random (clues follow), in native format.
    Shuffle {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Seed of the shuffle: the same seed gives the same file.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the puzzle here instead of standard output; the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// Write a puzzle's data for its model (a data file, `.qpd`): the parameters and facts that a
    /// puzz.link URL, a pzprv3 file or another format was read into, for a changed copy of the
    /// genre's model (which also takes the URL itself: `wgrnd solve my.qp --data URL`) or another
    /// tool.
    Data {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Write the data here instead of standard output; the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// Check a solution (.sol, witch words, or wgrnd JSON; for a packing its lines or JSON) against a puzzle.
    Check {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The solution file; `-` = stdin.
        solution: String,
        /// Format of the solution (default: from its content).
        #[arg(long, value_enum)]
        solution_format: Option<SolutionFormatArg>,
    },
}

/// `wgrnd dimacs ...`.
#[derive(Subcommand)]
pub enum DimacsCommand {
    /// Validate a CNF: header, literals within range, terminated clauses, clause count (exit 0 or 2).
    Check {
        /// The CNF; `-` = stdin.
        cnf: String,
    },
    /// Does this model satisfy this CNF? (exit 0 yes, 1 no, 2 unreadable input).
    Verify {
        /// The CNF; `-` = stdin.
        cnf: String,
        /// The solver's output (competition format, minisat's result file, or a bare model); `-` = stdin.
        model: String,
    },
}

/// Which puzzle.
#[derive(Args)]
pub struct PuzzleArgs {
    /// The puzzle file: an edge-matching puzzle, a `.pack` packing, or a `.qp` model of the
    /// modelling language (docs/qprop.md); `-` = stdin.
    pub puzzle: String,
    /// Puzzle format (default: from the extension, else from the content).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Labels match when they sum to K (the witch puzzle's rule; its slides have K = 9).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub sum: Option<i64>,
    /// Models: the instance's data (facts, tables, parameters) in a file of its own, or a puzzle
    /// that a bundled model reads (a puzz.link URL, a `.url`, pzprv3 or `.non` file), read into
    /// its data as `wgrnd data` writes it.
    #[arg(long, value_name = "FILE")]
    pub data: Option<String>,
    /// Models: sets a parameter, over the model's and the data file's value (`-D n=16`).
    #[arg(short = 'D', value_name = "NAME=VALUE")]
    pub define: Vec<String>,
}

/// How the puzzle is grounded.
#[derive(Args)]
pub struct EncodingArgs {
    /// The encoding (docs/encodings.md): `diamond` labels the board's inner edges, `four-squares`
    /// grounds the four squares slides' `l`, `r`, `v`, `m` predicates (called `qprop` before
    /// 0.2), `support` and `conflict` are the witch puzzle's "matching neighbour" and "pairwise
    /// conflict". `auto` picks by the kind of puzzle: `diamond` for edge matching (the fastest
    /// measured, docs/benchmarks.md), the placement encoding for packings.
    #[arg(long, value_enum, default_value = "auto")]
    pub encoding: EncodingArg,
    /// Leave out the redundant clause families (implied clauses that speed up solving).
    #[arg(long)]
    pub no_redundant: bool,
    /// Do not break the board's rotation symmetry.
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    /// Break the symmetry of identical pieces too (the earlier-listed one on the earlier square);
    /// `count` then counts up to swapping identical pieces.
    #[arg(long)]
    pub break_duplicates: bool,
    /// How at-most-one constraints are written.
    #[arg(long, value_enum, default_value = "auto")]
    pub amo: AmoArg,
    /// Packings: lex-leader clauses that keep only the least packing of each orbit under the
    /// region's rotations (`board`) or rotations and reflections (`all`). Default: `none`, except
    /// for `count`, which counts each orbit at once and runs fastest with `all`.
    #[arg(long, value_enum)]
    pub lex_leader: Option<SymmetryArg>,
    /// Models: how integer variables are encoded: `auto` (the default: chosen per variable,
    /// docs/encodings.md), `order` (unary), `direct` (one atom per value) or `log` (binary).
    #[arg(long, value_enum)]
    pub ints: Option<IntsArg>,
    /// Models: how linear comparisons of integers are encoded: `auto` (the default), `mdd`
    /// (decision diagram over integer levels) or `bdd` (decision diagram over bits).
    #[arg(long, value_enum)]
    pub linear: Option<LinearArg>,
    /// Models: refuse to ground above this many clauses, estimated before grounding (default
    /// 50,000,000).
    #[arg(long, value_name = "N")]
    pub max_clauses: Option<u64>,
    /// Edge matching by score: `matches` places every piece and maximises the matched inner
    /// edges (frame and clues kept); exact on small boards, a large-neighbourhood search on
    /// large ones (docs/optimise.md).
    #[arg(long, value_name = "WHAT")]
    pub maximize: Option<String>,
    /// With --maximize matches: drop the puzzle's clues (hint pieces) and score the board
    /// without them.
    #[arg(long)]
    pub no_hints: bool,
}

/// `--ints`.
#[derive(Copy, Clone, ValueEnum)]
pub enum IntsArg {
    /// One atom per value threshold: `x >= v`.
    Order,
    /// One atom per bit.
    Log,
    /// One atom per value: `x = v`.
    Direct,
    /// Chosen per variable.
    Auto,
}

/// `--linear`.
#[derive(Copy, Clone, ValueEnum)]
pub enum LinearArg {
    /// Chosen per constraint.
    Auto,
    /// Multi-valued decision diagram, one level per integer.
    Mdd,
    /// Binary decision diagram over the integers' bits.
    Bdd,
}

/// Which solver.
#[derive(Args)]
pub struct SolverArgs {
    /// The SAT solver: `builtin` (in-process CaDiCaL; batsat first in the sessions of a small
    /// formula), `splr` or `batsat` (in-process, pure Rust; batsat is the browser page's solver), an external solver by name (kissat, cadical,
    /// minisat, cryptominisat5, picosat), or a command line (`{cnf}` marks the CNF's path, else
    /// it is appended; `{out}` a result file). For `count`, `builtin` and `batsat` keep one
    /// solver and add blocking clauses; the others re-solve the grown formula for each solution.
    #[arg(long, default_value = "builtin")]
    pub solver: String,
}

/// All cores: a portfolio, or cubes.
#[derive(Args)]
pub struct ParallelArgs {
    /// Threads to use. `solve`: a portfolio of this many diverse configurations (encodings,
    /// CaDiCaL configurations and clause orders, kissat and CaDiCaL when installed) races, the
    /// first checked answer wins; default: the machine's cores with the built-in solver, 1 with a
    /// `--solver` named. With `--cubes`: workers through the cubes (default: the cores). `count`
    /// without `--cubes`: threads of the blocking loop once `--engine auto` hands over from the
    /// backtracking engine (default: the cores; 1: one loop, the solutions in a fixed order).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Split into this many cubes (as `wgrnd cube`) and work through them on `--jobs` threads:
    /// `solve` stops at the first checked solution, `count` adds the cubes' counts.
    #[arg(long, value_name = "N")]
    pub cubes: Option<usize>,
    /// How cubes are split: `lookahead` (march_cu's: both values of an atom propagated, the
    /// product of what each assigns) or `placements` (the placement that decides the most others).
    #[arg(long, value_enum, default_value = "lookahead")]
    pub cube_score: CubeScoreArg,
}

/// `--cube-score`, `cube --score`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum CubeScoreArg {
    /// march_cu's lookahead.
    Lookahead,
    /// Counting the placements a placement decides.
    Placements,
}

/// How a solution is shown.
#[derive(Args)]
pub struct ShowArgs {
    /// How to show the solution.
    #[arg(long, value_parser = view_parser(), default_value = "auto")]
    pub view: View,
    /// Print JSON (same as --view json).
    #[arg(long)]
    pub json: bool,
    /// Write the shown solution here instead of standard output; the file appears whole or not at all.
    #[arg(short, long, default_value = "-")]
    pub output: String,
}

/// `generate --match`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// Equal labels match.
    Equal,
    /// Labels 1..2N match when they sum to 2N + 1.
    Complement,
}

/// `generate --to`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum GeneratedFormat {
    /// wgrnd's own format.
    Native,
    /// board-suite `.puz`.
    Puz,
}

/// `--symmetry`, `--lex-leader`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// Every solution of the fixed board (or region) counts.
    None,
    /// Solutions that turning the board (or the packing's region) maps onto each other count once.
    Board,
    /// Packings only: turning and reflecting the region.
    All,
}

/// `count --engine`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Dancing links for exact-cover puzzles, else backtracking (blocking on a named solver).
    Auto,
    /// A blocking clause per solution.
    Blocking,
    /// Non-blocking backtracking search.
    Backtrack,
    /// Dancing links.
    Dlx,
    /// Backtracking for a moment, then the blocking loop over its open cubes on `--jobs` threads
    /// (what `auto` does past its budget, forced early).
    Cubes,
}

/// `--encoding`.
#[derive(Copy, Clone, ValueEnum)]
pub enum EncodingArg {
    /// The family's default.
    Auto,
    /// Labels on the board's inner edges.
    Diamond,
    /// The four squares slides' predicates.
    FourSquares,
    /// A piece here needs a matching piece there.
    Support,
    /// Mismatching neighbours exclude each other.
    Conflict,
}

/// `--format`.
#[derive(Copy, Clone, ValueEnum)]
pub enum FormatArg {
    /// wgrnd's own format.
    Native,
    /// board-suite `.puz`.
    Puz,
    /// Heule's benchmark files.
    Heule,
    /// A list of pieces.
    Pieces,
    /// The witch puzzle's tables.
    Witch,
    /// The four squares slides' box art.
    Foursquares,
    /// A polycube packing (`.pack`).
    Pack,
    /// Box art: pieces drawn apart as the four squares slides draw them, or one drawn board.
    Art,
    /// A model of the modelling language (`.qp`).
    Qprop,
    /// Seed 002's submarines: rows of `?` with `| row sum`, a last line of column sums (`.submarines`).
    Submarines,
    /// Laplace's ashes: a grid of clues (`.ashes`).
    Ashes,
    /// A minesweeper board: digits, `.` closed, `*` mine, optional `mines N` (`.mines`).
    Minesweeper,
    /// Lights out: a 0/1 grid of the lights that are on (`.lights`).
    Lightsout,
    /// Battleships: `~ o < > ^ v #` revealed cells, row and column counts (`.ships`).
    Battleships,
    /// A nonogram in Steve Simpson's `.non` format (read into `models/nonogram.qp`).
    Non,
    /// A Sherlock or zebra puzzle (`.zebra`, read into `models/sherlock.qp`).
    Zebra,
}

/// `check --solution-format`.
#[derive(Copy, Clone, ValueEnum)]
pub enum SolutionFormatArg {
    /// board-suite `.sol`.
    Sol,
    /// The witch puzzle's words.
    Witch,
    /// wgrnd's JSON.
    Json,
    /// A drawn board (the four squares slides' box art, wgrnd's `--view art`).
    Art,
}

/// `--amo`.
#[derive(Copy, Clone, ValueEnum)]
pub enum AmoArg {
    /// Pairwise for small groups, sequential counter beyond.
    Auto,
    /// Every pair excluded.
    Pairwise,
    /// Sinz's sequential counter.
    Sequential,
    /// Chen's 2-product.
    Product,
    /// Klieber and Kwon's commander encoding.
    Commander,
}

/// `--view`: its values and their help are `View`'s own (`View::name`, `View::help`).
fn view_parser() -> impl clap::builder::TypedValueParser<Value = View> {
    let values = View::ALL.map(|v| clap::builder::PossibleValue::new(v.name()).help(v.help()));
    clap::builder::PossibleValuesParser::new(values).map(|name| View::from_name(&name).unwrap_or_default())
}
