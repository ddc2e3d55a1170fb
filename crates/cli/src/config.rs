//! The one place where raw flags become a validated configuration: typed solver, view, limits,
//! and the encoding flags as [`RawOptions`] for the puzzle's family to accept or refuse. The rest
//! of the program never sees a raw flag.

use std::path::PathBuf;
use std::time::Duration;

use wgrnd_engine::count::{Engine, Limits};
use wgrnd_engine::cube::Score;
use wgrnd_families::edge::formats::PuzzleFormat;
use wgrnd_families::edge::generate::{Generate, GeneratedRule};
use wgrnd_families::registry::FormatChoice;
use wgrnd_families::{CountUnit, EncodingChoice, Error, RawOptions, SolutionFormat, View};
use wgrnd_lang::{IntEncoding, LinearEncoding};
use wgrnd_sat::amo::AmoEncoding;
use wgrnd_sat::solver::{Counter, SolverSpec};

use crate::args::{
    AmoArg, Cli, Command, CubeScoreArg, DimacsCommand, EncodingArg, EncodingArgs, EngineArg, FormatArg,
    GeneratedFormat, IntsArg, LinearArg, ParallelArgs, PuzzleArgs, RuleArg, ShowArgs, SolutionFormatArg, SymmetryArg,
};

/// A puzzle file and the flags that shape its grounding.
#[derive(Clone, Debug)]
pub struct PuzzleSource {
    /// Its path (`-`: standard input).
    pub path: String,
    /// `--format`.
    pub format: Option<FormatChoice>,
    /// The encoding flags, for the family to validate.
    pub options: RawOptions,
}

/// How a solution is shown and where it goes.
#[derive(Clone, Debug)]
pub struct ShowConfig {
    /// The view (`--json` wins over `--view`).
    pub view: View,
    /// `-` or a file that appears whole or not at all.
    pub output: String,
}

/// `solve`.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// The solver.
    pub solver: SolverSpec,
    /// Its time limit.
    pub timeout: Option<Duration>,
    /// `-v`: statistics on standard error.
    pub verbose: bool,
    /// How to show the answer.
    pub show: ShowConfig,
    /// `--opt`: the optimiser's engine (models with an objective).
    pub opt: wgrnd_engine::count::OptEngine,
}

/// `solve --maximize matches` by search (`crate::lns`).
#[derive(Clone, Debug, Default)]
pub struct ScoreConfig {
    /// `--opt lns`.
    pub lns: bool,
    /// `--best FILE`.
    pub best: Option<String>,
    /// `--start FILE`.
    pub start: Option<String>,
    /// `--seed N` (default 1).
    pub seed: u64,
    /// Whether `--seed` was given.
    pub seed_given: bool,
    /// `--moves N`: each thread's moves.
    pub moves: Option<u64>,
    /// `--fill-nodes N`: the start fill's placements.
    pub fill_nodes: Option<u64>,
}

impl ScoreConfig {
    /// Whether a flag of the search was given.
    pub fn any(&self) -> bool {
        self.lns
            || self.best.is_some()
            || self.start.is_some()
            || self.seed_given
            || self.moves.is_some()
            || self.fill_nodes.is_some()
    }
}

/// `count`.
#[derive(Clone, Debug)]
pub struct CountConfig {
    /// The solver.
    pub solver: SolverSpec,
    /// When to stop.
    pub limits: Limits,
    /// What one counted solution is.
    pub unit: CountUnit,
    /// Print every solution.
    pub print: bool,
    /// Where a uniqueness certificate goes.
    pub proof: Option<PathBuf>,
    /// How to show solutions and the summary.
    pub show: ShowConfig,
    /// `-v`: statistics on standard error.
    pub verbose: bool,
}

/// `backbone`.
#[derive(Clone, Debug)]
pub struct BackboneConfig {
    /// The solver.
    pub solver: SolverSpec,
    /// Candidates per solver call.
    pub chunk: usize,
    /// Its time limit.
    pub timeout: Option<Duration>,
    /// How to show the answer.
    pub show: ShowConfig,
}

/// `explain` and `why`.
#[derive(Clone, Debug)]
pub struct ExplainConfig {
    /// `why`: only the reason there is no solution.
    pub why: bool,
    /// Largest step before a case split.
    pub max_step: Option<usize>,
    /// The time limit.
    pub timeout: Option<Duration>,
    /// How to show the answer.
    pub show: ShowConfig,
    /// `--svg-steps DIR`: a picture per step written there.
    pub svg_steps: Option<String>,
    /// `--next`: the first step alone.
    pub next: bool,
    /// The solver of the session (`--solver`).
    pub solver: SolverSpec,
}

/// `generate --unique PUZZLE`.
#[derive(Clone, Debug)]
pub struct PoseConfig {
    /// The solution to make unique (`None`: one drawn at random).
    pub solution: Option<String>,
    /// Seed of the random solution.
    pub seed: u64,
    /// The time limit of the whole construction.
    pub timeout: Option<Duration>,
    /// Where the posed puzzle goes (whole or not at all).
    pub output: String,
    /// `--max-step K`: no step of the explanation above K.
    pub max_step: Option<usize>,
}

/// All cores: `--jobs` and `--cubes`, validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parallel {
    /// Threads (at least 1).
    pub jobs: usize,
    /// Cubes to split into, if any (at least 1).
    pub cubes: Option<usize>,
    /// How cubes are split.
    pub score: Score,
}

impl Parallel {
    /// Whether this is the plain one-thread run.
    pub fn is_one(&self) -> bool {
        self.jobs == 1 && self.cubes.is_none()
    }
}

/// `cube`.
#[derive(Clone, Debug)]
pub struct CubeConfig {
    /// How many cubes at most.
    pub cubes: usize,
    /// How they are split.
    pub score: Score,
    /// Where the iCNF goes (`-`: standard output).
    pub output: String,
    /// A directory of per-cube files instead.
    pub dir: Option<PathBuf>,
    /// The solver command line of `slurm.sh`.
    pub slurm_solver: String,
    /// Statistics on standard error.
    pub verbose: bool,
}

/// What to do, validated. (Fields are named after the flags and arguments they come from.)
#[allow(missing_docs)]
#[derive(Clone, Debug)]
pub enum Job {
    /// Write the CNF.
    Encode { puzzle: PuzzleSource, output: String, xor_lines: bool, wcnf: bool },
    /// Solve, check, show.
    Solve { puzzle: PuzzleSource, config: SolveConfig, parallel: Parallel, score: ScoreConfig },
    /// Read a solver's answer.
    Decode { puzzle: PuzzleSource, model: String, cnf: Option<String>, show: ShowConfig },
    /// Count.
    Count { puzzle: PuzzleSource, config: CountConfig, parallel: Parallel },
    /// Count with an external model counter.
    ModelCount { puzzle: PuzzleSource, counter: Counter, unit: CountUnit, show: ShowConfig },
    /// Split into cubes.
    Cube { puzzle: PuzzleSource, config: CubeConfig },
    /// Check a solution file.
    Check { puzzle: PuzzleSource, solution: String, format: Option<SolutionFormat> },
    /// Generate an edge-matching puzzle.
    Generate { spec: Generate, unique: bool, puz: bool, output: String },
    /// Pose a puzzle with a minimal set of clues that makes one solution unique.
    Pose { puzzle: PuzzleSource, config: PoseConfig },
    /// The backbone.
    Backbone { puzzle: PuzzleSource, config: BackboneConfig },
    /// Explain, or say why there is no solution.
    Explain { puzzle: PuzzleSource, config: ExplainConfig },
    /// Shuffle an edge-matching puzzle.
    Shuffle { puzzle: PuzzleSource, seed: u64, output: String },
    /// Write a puzzle's data for its model.
    Data { puzzle: PuzzleSource, output: String },
    /// Judge many puzzles, one per line.
    Batch { file: String, timeout: Option<Duration> },
    /// Serve the browser page.
    Serve { dir: String, host: String, port: u16 },
    /// Validate a CNF.
    DimacsCheck { cnf: String },
    /// Check a model against a CNF.
    DimacsVerify { cnf: String, model: String },
}

/// The longest `--timeout` accepted, in seconds.
pub const MAX_TIMEOUT_SECS: u64 = 1_000_000_000;

impl Job {
    /// Validates the command line.
    pub fn from_args(cli: Cli) -> Result<Job, Error> {
        // `--timeout S`: a deadline is the clock plus S, so S is bounded (a billion seconds, some
        // 31 years) instead of overflowing the clock.
        let secs = |t: Option<u64>| match t {
            Some(s) if s > MAX_TIMEOUT_SECS => Err(Error::Option(format!(
                "--timeout: found {s} seconds; expected at most {MAX_TIMEOUT_SECS} (leave it out for no limit)"
            ))),
            t => Ok(t.map(Duration::from_secs)),
        };
        Ok(match cli.command {
            Command::Encode { puzzle, encoding, output, xor_lines, wcnf } => {
                Job::Encode { puzzle: source(puzzle, &encoding, None), output, xor_lines, wcnf }
            }
            Command::Solve {
                puzzle,
                encoding,
                show,
                timeout,
                solver,
                verbose,
                parallel,
                opt,
                best,
                start,
                seed,
                moves,
                fill_nodes,
            } => {
                let solver = SolverSpec::parse(&solver.solver);
                let lns = opt == "lns";
                let opt = if lns { "auto".to_string() } else { opt };
                let mut puzzle = source(puzzle, &encoding, None);
                // A solve writes no DIMACS: its grounding's header needs no atom names, and on a
                // solver that decides them natively (not over cubes, whose propagation reads every
                // clause) the constraints kept whole are never written out.
                puzzle.options.no_header = true;
                puzzle.options.native_constraints = solver.decides_natively() && parallel.cubes.is_none();
                Job::Solve {
                    score: ScoreConfig {
                        lns,
                        best,
                        start,
                        seed: seed.unwrap_or(1),
                        seed_given: seed.is_some(),
                        moves,
                        fill_nodes,
                    },
                    puzzle,
                    parallel: parallel_config("solve", &parallel, wgrnd_engine::jobs::default_jobs(&solver))?,
                    config: SolveConfig {
                        solver,
                        timeout: secs(timeout)?,
                        verbose,
                        show: show_config(show),
                        opt: wgrnd_engine::count::OptEngine::parse(&opt).ok_or_else(|| {
                            Error::Option(format!("--opt: found `{opt}`; expected auto, linear, core, pair or lns"))
                        })?,
                    },
                }
            }
            Command::Decode { puzzle, model, cnf, encoding, show } => {
                Job::Decode { puzzle: source(puzzle, &encoding, None), model, cnf, show: show_config(show) }
            }
            Command::Count {
                puzzle,
                encoding,
                symmetry,
                max,
                timeout,
                solver,
                print,
                engine,
                proof,
                counter,
                show,
                parallel,
                verbose,
            } => {
                let unit = unit(symmetry);
                if let Some(counter) = counter {
                    if print
                        || verbose
                        || proof.is_some()
                        || max.is_some()
                        || solver.solver != "builtin"
                        || parallel.cubes.is_some()
                        || engine != EngineArg::Auto
                    {
                        return Err(Error::Option(
                            "--counter counts without finding solutions: it takes no --print, --max, --proof, \
                             --solver, --engine, --cubes or -v"
                                .into(),
                        ));
                    }
                    let mut puzzle = source(puzzle, &encoding, Some(unit));
                    puzzle.options.model_counter = true;
                    return Ok(Job::ModelCount {
                        puzzle,
                        counter: Counter::new(&counter, secs(timeout)?, crate::signal::interrupt()),
                        unit,
                        show: show_config(show),
                    });
                }
                // A count is parallel through cubes, or, without them, on --jobs threads (default:
                // the cores) once `auto` hands over to the blocking loop.
                let jobs = if parallel.cubes.is_some() { 1 } else { parallel.jobs.unwrap_or(0) };
                // One job by default; over cubes `parallel_config` takes every core.
                let parallel = parallel_config("count", &parallel, 1)?;
                if parallel.cubes.is_some() && proof.is_some() {
                    return Err(Error::Option(
                        "count: --proof certifies one enumeration of the whole puzzle; drop --cubes to get a certificate"
                            .into(),
                    ));
                }
                let mut puzzle = source(puzzle, &encoding, Some(unit));
                // Only a certificate writes the count's DIMACS (with its header of atom names).
                puzzle.options.no_header = proof.is_none();
                let solver = SolverSpec::parse(&solver.solver);
                // One search of the whole formula in this process: no cubes, no certificate.
                let in_process = parallel.cubes.is_none() && proof.is_none();
                puzzle.options.dancing_links =
                    matches!(engine, EngineArg::Auto | EngineArg::Dlx) && solver == SolverSpec::Builtin && in_process;
                // The default count on a solver that decides them natively writes none of the
                // clauses of the constraints kept whole.
                puzzle.options.native_constraints =
                    engine == EngineArg::Auto && solver.decides_natively() && in_process;
                Job::Count {
                    parallel,
                    puzzle,
                    config: CountConfig {
                        solver,
                        limits: Limits {
                            max: max.filter(|&m| m > 0),
                            timeout: secs(timeout)?,
                            engine: engine_choice(engine),
                            jobs,
                            interrupt: crate::signal::interrupt().clone(),
                        },
                        unit,
                        print,
                        proof: proof.map(PathBuf::from),
                        show: show_config(show),
                        verbose,
                    },
                }
            }
            Command::Cube { puzzle, encoding, cubes, output, dir, score, slurm_solver, verbose } => {
                if cubes == 0 {
                    return Err(Error::Option("cube: found --cubes 0; expected at least 1 cube".into()));
                }
                Job::Cube {
                    puzzle: source(puzzle, &encoding, None),
                    config: CubeConfig {
                        cubes,
                        score: cube_score(score),
                        output,
                        dir: dir.map(PathBuf::from),
                        slurm_solver,
                        verbose,
                    },
                }
            }
            Command::Check { puzzle, solution, solution_format } => Job::Check {
                puzzle: source(puzzle, &EncodingArgs::defaults(), None),
                solution,
                format: solution_format.map(|f| match f {
                    SolutionFormatArg::Sol => SolutionFormat::Sol,
                    SolutionFormatArg::Witch => SolutionFormat::Witch,
                    SolutionFormatArg::Json => SolutionFormat::Json,
                    SolutionFormatArg::Art => SolutionFormat::Art,
                }),
            },
            Command::Generate {
                puzzle: Some(path),
                solution,
                format,
                data,
                define,
                timeout,
                seed,
                output,
                max_step,
                ..
            } => {
                let puzzle = PuzzleArgs { puzzle: path, format, sum: None, data, define };
                let mut puzzle = source(puzzle, &EncodingArgs::defaults(), None);
                puzzle.options.fixed = true;
                // Posing writes a puzzle, never DIMACS: no header of atom names, no clauses of the
                // constraints its built-in solver decides natively.
                puzzle.options.no_header = true;
                puzzle.options.native_constraints = SolverSpec::Builtin.decides_natively();
                Job::Pose { puzzle, config: PoseConfig { solution, seed, timeout: secs(timeout)?, output, max_step } }
            }
            Command::Backbone { puzzle, encoding, chunk, timeout, solver, show } => {
                if chunk == 0 {
                    return Err(Error::Option(
                        "backbone --chunk: found 0; expected at least 1 candidate per call".into(),
                    ));
                }
                let mut puzzle = source(puzzle, &encoding, None);
                puzzle.options.fixed = true;
                // A backbone writes no DIMACS (an external solver's input needs no comments), nor,
                // on a solver that decides them natively, the constraints kept whole.
                let solver = SolverSpec::parse(&solver.solver);
                puzzle.options.no_header = true;
                puzzle.options.native_constraints = solver.decides_natively();
                Job::Backbone {
                    puzzle,
                    config: BackboneConfig { solver, chunk, timeout: secs(timeout)?, show: show_config(show) },
                }
            }
            Command::Explain { puzzle, encoding, max_step, timeout, next, solver, show, svg_steps } => {
                let mut puzzle = source(puzzle, &encoding, None);
                puzzle.options.fixed = true;
                // Explanations name atoms as they need them; no DIMACS header is written.
                puzzle.options.no_header = true;
                let config = ExplainConfig {
                    why: false,
                    max_step,
                    timeout: secs(timeout)?,
                    show: show_config(show),
                    svg_steps,
                    next,
                    solver: SolverSpec::parse(&solver.solver),
                };
                Job::Explain { puzzle, config }
            }
            Command::Why { puzzle, encoding, timeout, solver, show } => {
                let mut puzzle = source(puzzle, &encoding, None);
                puzzle.options.fixed = true;
                // Explanations name atoms as they need them; no DIMACS header is written.
                puzzle.options.no_header = true;
                let config = ExplainConfig {
                    why: true,
                    max_step: None,
                    timeout: secs(timeout)?,
                    show: show_config(show),
                    svg_steps: None,
                    next: false,
                    solver: SolverSpec::parse(&solver.solver),
                };
                Job::Explain { puzzle, config }
            }
            Command::Generate { rows, cols, colors, frame_colors, rule, unique, seed, to, output, .. } => {
                // clap requires the three without a PUZZLE.
                let (rows, cols, colors) = (rows.unwrap_or(0), cols.unwrap_or(0), colors.unwrap_or(0));
                // Checked: the numbers are the user's, and a product or sum must not wrap.
                let squares = rows.checked_mul(cols).filter(|&n| n <= 4096);
                if rows == 0 || cols == 0 || squares.is_none() || colors == 0 {
                    return Err(Error::Option(format!(
                        "generate: found a {rows} x {cols} board with {colors} colours; expected 1 to 4096 squares and at least one colour"
                    )));
                }
                // Colours are numbered up to 2 (colors + frame colours) + 1 under `--match complement`.
                const MAX_COLORS: u32 = 1 << 20;
                if colors.checked_add(frame_colors.unwrap_or(0)).is_none_or(|t| t > MAX_COLORS) {
                    return Err(Error::Option(format!(
                        "generate: found --colors {colors} and --frame-colors {}; expected at most {MAX_COLORS} colours in all",
                        frame_colors.unwrap_or(0)
                    )));
                }
                if frame_colors.is_some() && (rows < 2 || cols < 2) {
                    return Err(Error::Option("generate: a framed board needs at least 2 rows and 2 columns".into()));
                }
                let rule = if rule == RuleArg::Equal { GeneratedRule::Equal } else { GeneratedRule::Complement };
                Job::Generate {
                    spec: Generate { rows, cols, colors, frame_colors, rule, seed },
                    unique,
                    puz: to == Some(GeneratedFormat::Puz),
                    output,
                }
            }
            Command::Shuffle { puzzle, seed, output } => {
                Job::Shuffle { puzzle: source(puzzle, &EncodingArgs::defaults(), None), seed, output }
            }
            Command::Data { puzzle, output } => {
                Job::Data { puzzle: source(puzzle, &EncodingArgs::defaults(), None), output }
            }
            Command::Batch { file, timeout } => Job::Batch { file, timeout: secs(timeout)? },
            Command::Serve { dir, host, port } => Job::Serve { dir, host, port },
            Command::Dimacs { command: DimacsCommand::Check { cnf } } => Job::DimacsCheck { cnf },
            Command::Dimacs { command: DimacsCommand::Verify { cnf, model } } => Job::DimacsVerify { cnf, model },
        })
    }
}

/// `--jobs` and `--cubes`: zero of either is refused; `--jobs` defaults to `default` (a solve's
/// [`wgrnd_engine::jobs::default_jobs`], the Python package's too), or the machine's cores for any run
/// over cubes.
fn parallel_config(command: &str, p: &ParallelArgs, default: usize) -> Result<Parallel, Error> {
    if p.jobs == Some(0) || p.cubes == Some(0) {
        return Err(Error::Option(format!(
            "{command}: found {} 0; expected at least 1",
            if p.jobs == Some(0) { "--jobs" } else { "--cubes" }
        )));
    }
    let default = if p.cubes.is_some() { wgrnd_engine::jobs::cores() } else { default };
    Ok(Parallel { jobs: p.jobs.unwrap_or(default), cubes: p.cubes, score: cube_score(p.cube_score) })
}

fn cube_score(s: CubeScoreArg) -> Score {
    match s {
        CubeScoreArg::Lookahead => Score::Lookahead,
        CubeScoreArg::Placements => Score::Placements,
    }
}

fn unit(s: SymmetryArg) -> CountUnit {
    match s {
        SymmetryArg::None => CountUnit::None,
        SymmetryArg::Board => CountUnit::Board,
        SymmetryArg::All => CountUnit::All,
    }
}

fn engine_choice(e: EngineArg) -> Engine {
    match e {
        EngineArg::Auto => Engine::Auto,
        EngineArg::Blocking => Engine::Blocking,
        EngineArg::Backtrack => Engine::Backtrack,
        EngineArg::Dlx => Engine::Dlx,
        EngineArg::Cubes => Engine::Cubes,
    }
}

fn show_config(show: ShowArgs) -> ShowConfig {
    let view = if show.json { View::Json } else { show.view };
    ShowConfig { view, output: show.output }
}

impl EncodingArgs {
    /// The flags' defaults (for commands that take none).
    fn defaults() -> EncodingArgs {
        EncodingArgs {
            encoding: EncodingArg::Auto,
            no_redundant: false,
            no_symmetry_breaking: false,
            break_duplicates: false,
            amo: AmoArg::Auto,
            lex_leader: None,
            ints: None,
            linear: None,
            max_clauses: None,
            maximize: None,
            no_hints: false,
        }
    }
}

fn source(puzzle: PuzzleArgs, e: &EncodingArgs, count: Option<CountUnit>) -> PuzzleSource {
    let format = puzzle.format.map(|f| match f {
        FormatArg::Native => FormatChoice::Board(PuzzleFormat::Native),
        FormatArg::Puz => FormatChoice::Board(PuzzleFormat::Puz),
        FormatArg::Heule => FormatChoice::Board(PuzzleFormat::Heule),
        FormatArg::Pieces => FormatChoice::Board(PuzzleFormat::Pieces),
        FormatArg::Witch => FormatChoice::Board(PuzzleFormat::Witch),
        FormatArg::Foursquares => FormatChoice::Board(PuzzleFormat::FourSquares),
        FormatArg::Pack => FormatChoice::Pack,
        FormatArg::Qprop => FormatChoice::Qprop,
        FormatArg::Art => FormatChoice::Board(PuzzleFormat::Art),
        FormatArg::Submarines => FormatChoice::Reader("submarines"),
        FormatArg::Ashes => FormatChoice::Reader("ashes"),
        FormatArg::Minesweeper => FormatChoice::Reader("minesweeper"),
        FormatArg::Lightsout => FormatChoice::Reader("lightsout"),
        FormatArg::Battleships => FormatChoice::Reader("battleships"),
        FormatArg::Non => FormatChoice::Reader("non"),
        FormatArg::Zebra => FormatChoice::Reader("zebra"),
    });
    let options = RawOptions {
        sum: puzzle.sum,
        encoding: match e.encoding {
            EncodingArg::Auto => EncodingChoice::Auto,
            EncodingArg::Diamond => EncodingChoice::Diamond,
            EncodingArg::FourSquares => EncodingChoice::FourSquares,
            EncodingArg::Support => EncodingChoice::Support,
            EncodingArg::Conflict => EncodingChoice::Conflict,
        },
        no_redundant: e.no_redundant,
        no_symmetry_breaking: e.no_symmetry_breaking,
        break_duplicates: e.break_duplicates,
        amo: match e.amo {
            AmoArg::Auto => AmoEncoding::Auto,
            AmoArg::Pairwise => AmoEncoding::Pairwise,
            AmoArg::Sequential => AmoEncoding::Sequential,
            AmoArg::Product => AmoEncoding::Product,
            AmoArg::Commander => AmoEncoding::Commander,
        },
        lex_leader: e.lex_leader.map(unit),
        count,
        model_counter: false,
        maximize: e.maximize.clone(),
        no_hints: e.no_hints,
        no_header: false,
        native_constraints: false,
        dancing_links: false,
        defines: puzzle
            .define
            .iter()
            .map(|d| match d.split_once('=') {
                Some((name, value)) => (name.trim().to_string(), value.trim().to_string()),
                None => (d.trim().to_string(), String::new()),
            })
            .collect(),
        data: puzzle.data.clone(),
        ints: e.ints.map(|i| match i {
            IntsArg::Order => IntEncoding::Order,
            IntsArg::Log => IntEncoding::Log,
            IntsArg::Direct => IntEncoding::Direct,
            IntsArg::Auto => IntEncoding::Auto,
        }),
        linear: e.linear.map(|l| match l {
            LinearArg::Auto => LinearEncoding::Auto,
            LinearArg::Mdd => LinearEncoding::Mdd,
            LinearArg::Bdd => LinearEncoding::Bdd,
        }),
        max_clauses: e.max_clauses,
        fixed: false,
    };
    PuzzleSource { path: puzzle.puzzle, format, options }
}
