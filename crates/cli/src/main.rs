//! The `wgrnd` binary: parses arguments, calls the library crates, maps outcomes to exit codes.
//! All logic lives in `run`; `main` only turns its result into an exit code.

mod output;
mod pack;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use wgrnd_check::check;
use wgrnd_cnf::{parse_answer, parse_dimacs, write_dimacs, SolverAnswer};
use wgrnd_ground::packing::{PackOptions, PackSymmetry};
use wgrnd_ground::{encode, AmoEncoding, EncodeOptions, EncodingKind};
use wgrnd_puzzle::formats::{self, PuzzleFormat, ReadOptions, SolutionFormat};
use wgrnd_puzzle::{generate, Generate, GeneratedRule, InputError, MatchRule, Placement, Puzzle};
use wgrnd_render::{render, Status, View};
use wgrnd_solve::SolveError;

use crate::output::Output;

/// Exit codes (also in docs/cli.md).
pub(crate) mod exit {
    pub const OK: u8 = 0;
    pub const WRONG: u8 = 1;
    pub const BAD_INPUT: u8 = 2;
    pub const INTERNAL: u8 = 3;
    pub const SOLVER_FAULT: u8 = 4;
    pub const INTERRUPTED: u8 = 130;
    pub const SOLVED: u8 = 10;
    pub const SEVERAL: u8 = 12;
    pub const NO_SOLUTION: u8 = 20;
    pub const UNKNOWN: u8 = 30;
}

#[derive(Parser)]
#[command(
    name = "wgrnd",
    version,
    about = "SAT-encoding compiler and DIMACS toolchain for edge-matching puzzles and polycube packings",
    after_help = "Exit codes: 0 ok, 1 solution rejected (check), 2 bad input, 3 internal error,\n\
                  10 solved, 20 no solution, 30 gave up (time limit)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Ground a puzzle (or a packing) and write its CNF in DIMACS (with comments naming every atom).
    Encode {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        #[command(flatten)]
        encoding: EncodingArgs,
        /// Write the CNF here instead of standard output (`-`); the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// Solve a puzzle or a packing (in-process CaDiCaL by default), check the solution, and show it.
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
        /// The SAT solver: `builtin` (in-process CaDiCaL), `splr` (in-process, pure Rust), an
        /// external solver by name (kissat, cadical, minisat, cryptominisat5, picosat, glucose), or a
        /// command line (`{cnf}` marks the CNF's path, else it is appended; `{out}` a result file).
        #[arg(long, default_value = "builtin")]
        solver: String,
    },
    /// Read a solver's answer for the puzzle's CNF, check it, and show the solution.
    Decode {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The solver's output (competition `s`/`v` lines, minisat's result file, or a bare model); `-` = stdin.
        model: String,
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
        /// What counts as one solution: `none` counts full assignments (every board turn of a
        /// solution is another), `board` counts solutions up to turning the whole board (for a
        /// packing: up to the rotations of its region), `all` (packings) also up to reflections.
        #[arg(long, value_enum, default_value = "none")]
        symmetry: SymmetryArg,
        /// Stop after this many solutions (`--max 2` answers "is it unique?").
        #[arg(long, value_name = "N")]
        max: Option<u64>,
        /// Stop after this many seconds; the count is then a lower bound.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<u64>,
        /// The SAT solver, as for `solve`; `builtin` keeps one solver and adds blocking clauses,
        /// the others re-solve the grown formula for each solution.
        #[arg(long, default_value = "builtin")]
        solver: String,
        /// Print every solution (in the --view format) as it is found.
        #[arg(long)]
        print: bool,
        /// When the count proves exactly one solution, write a certificate into DIR: the
        /// solution, the CNF with its blocking clause, and a DRAT proof (by the external `cadical`)
        /// that no second solution exists; check it with `drat-trim`.
        #[arg(long, value_name = "DIR")]
        proof: Option<String>,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Generate a random solved puzzle, pieces shuffled and turned; reproducible from --seed.
    Generate {
        /// Rows of the board.
        #[arg(long)]
        rows: usize,
        /// Columns of the board.
        #[arg(long)]
        cols: usize,
        /// Colours of the inner edges.
        #[arg(long)]
        colors: u32,
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
        #[arg(long = "to", value_enum, default_value = "native")]
        to: GeneratedFormat,
        /// Write the puzzle here instead of standard output; the file appears whole or not at all.
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// Tools for any DIMACS CNF, not only wgrnd's.
    Dimacs {
        #[command(subcommand)]
        command: DimacsCommand,
    },
    /// Write the puzzle with its pieces shuffled and turned at random (clues follow), in native format.
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

#[derive(Subcommand)]
enum DimacsCommand {
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

#[derive(Args)]
struct PuzzleArgs {
    /// The puzzle file (or a `.pack` packing); `-` = stdin.
    puzzle: String,
    /// Puzzle format (default: from the extension, else from the content).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Labels match when they sum to K (the witch puzzle's rule; seed 000 has K = 9).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    sum: Option<i64>,
}

#[derive(Args)]
struct EncodingArgs {
    /// The encoding (docs/encodings.md): `diamond` labels the board's inner edges, `qprop` is seed
    /// 004's, `support` and `conflict` are seed 000's "matching neighbour" and "pairwise conflict".
    /// `auto` picks by the kind of puzzle: `diamond` for edge matching (the fastest measured,
    /// docs/benchmarks.md), the placement encoding for packings.
    #[arg(long, value_enum, default_value = "auto")]
    encoding: EncodingArg,
    /// Leave out the redundant clause families (implied clauses that speed up solving).
    #[arg(long)]
    no_redundant: bool,
    /// Do not break the board's rotation symmetry.
    #[arg(long)]
    no_symmetry_breaking: bool,
    /// Break the symmetry of identical pieces too (the earlier-listed one on the earlier square);
    /// `count` then counts up to swapping identical pieces.
    #[arg(long)]
    break_duplicates: bool,
    /// How at-most-one constraints are written.
    #[arg(long, value_enum, default_value = "auto")]
    amo: AmoArg,
    /// Packings: lex-leader clauses that keep only the least packing of each orbit under the
    /// region's rotations (`board`) or rotations and reflections (`all`). Default: `none`, except
    /// for `count`, which counts each orbit at once and runs fastest with `all`.
    #[arg(long, value_enum)]
    lex_leader: Option<SymmetryArg>,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum RuleArg {
    Equal,
    Complement,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum GeneratedFormat {
    Native,
    Puz,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// Every solution of the fixed board (or box) counts.
    None,
    /// Solutions that turning the board (or the packing's region) maps onto each other count once.
    Board,
    /// Packings only: turning and reflecting the region.
    All,
}

#[derive(Copy, Clone, ValueEnum)]
enum EncodingArg {
    Auto,
    Diamond,
    Qprop,
    Support,
    Conflict,
}

#[derive(Args)]
pub(crate) struct ShowArgs {
    /// How to show the solution.
    #[arg(long, value_enum, default_value = "auto")]
    view: ViewArg,
    /// Print JSON (same as --view json).
    #[arg(long)]
    json: bool,
    /// Write the shown solution here instead of standard output; the file appears whole or not at all.
    #[arg(short, long, default_value = "-")]
    output: String,
}

impl ShowArgs {
    /// The view, `--json` winning over `--view`.
    fn view(&self) -> View {
        if self.json {
            View::Json
        } else {
            self.view.view()
        }
    }
}

#[derive(Copy, Clone, ValueEnum)]
enum FormatArg {
    Native,
    Puz,
    Heule,
    Pieces,
    Witch,
    Foursquares,
    /// A polycube packing (`.pack`).
    Pack,
}

#[derive(Copy, Clone, ValueEnum)]
enum SolutionFormatArg {
    Sol,
    Witch,
    Json,
}

#[derive(Copy, Clone, ValueEnum)]
enum AmoArg {
    Auto,
    Pairwise,
    Sequential,
    Product,
    Commander,
}

#[derive(Copy, Clone, ValueEnum)]
enum ViewArg {
    Auto,
    Art,
    Witch,
    Grid,
    Sol,
    Json,
}

/// What went wrong, and so which exit code.
pub(crate) enum Failure {
    /// Bad input: exit 2.
    Input(String),
    /// The external solver failed (not installed, crashed, garbage): exit 4.
    Solver(String),
    /// Ctrl-C: exit 130.
    Interrupted,
    /// A fault of wgrnd or its solver: exit 3.
    Internal(String),
    /// Standard output was closed by the reader (`wgrnd encode | head`): a quiet exit.
    BrokenPipe,
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure::Input(e.to_string())
    }
}

/// Variables `dimacs verify` will hold a model for (16 M: 16 MB of model).
const MAX_VERIFY_VARS: u64 = 1 << 24;

impl From<wgrnd_cnf::TextError> for Failure {
    fn from(e: wgrnd_cnf::TextError) -> Self {
        Failure::Input(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    install_interrupt_handler();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Input(msg)) => {
            eprintln!("wgrnd: {msg}");
            ExitCode::from(exit::BAD_INPUT)
        }
        Err(Failure::Internal(msg)) => {
            eprintln!("wgrnd: internal error: {msg}");
            ExitCode::from(exit::INTERNAL)
        }
        Err(Failure::Solver(msg)) => {
            eprintln!("wgrnd: {msg}");
            ExitCode::from(exit::SOLVER_FAULT)
        }
        Err(Failure::Interrupted) => {
            eprintln!("wgrnd: interrupted");
            ExitCode::from(exit::INTERRUPTED)
        }
        Err(Failure::BrokenPipe) => ExitCode::from(exit::OK),
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Interrupted => Failure::Interrupted,
            SolveError::Failed { .. } => Failure::Internal(e.to_string()),
            _ => Failure::Solver(e.to_string()),
        }
    }
}

/// Ctrl-C asks a solver that can stop (in-process CaDiCaL, an external program) to stop: the
/// child is killed and temporary files are removed before wgrnd exits 130. When the running
/// solver cannot stop (splr), or at the second Ctrl-C, wgrnd exits at once.
pub(crate) static STOPPABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn install_interrupt_handler() {
    use std::sync::atomic::Ordering;
    let _ = ctrlc::set_handler(|| {
        if !STOPPABLE.load(Ordering::SeqCst) || wgrnd_solve::interrupted() {
            std::process::exit(exit::INTERRUPTED.into());
        }
        wgrnd_solve::interrupt();
    });
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.command {
        Command::Encode { puzzle, encoding, output } => {
            let p = match load_problem(&puzzle)? {
                Problem::Tiles(p) => p,
                Problem::Packing(k) => return pack::encode(&k, &encoding.pack_options(SymmetryArg::None)?, &output),
            };
            notes(&p);
            let enc = encode_checked(&p, &encoding.tile_options()?)?;
            let out = Output::new(&output);
            out.write(|w| write_dimacs(&enc.cnf, &enc.comments(&p), w))?;
            Ok(exit::OK)
        }
        Command::Solve { puzzle, encoding, show, timeout, solver } => {
            let p = match load_problem(&puzzle)? {
                Problem::Tiles(p) => p,
                Problem::Packing(k) => {
                    return pack::solve(&k, &encoding.pack_options(SymmetryArg::None)?, &show, timeout, &solver)
                }
            };
            notes(&p);
            let enc = encode_checked(&p, &encoding.tile_options()?)?;
            let timeout = timeout.map(Duration::from_secs);
            let mut backend = wgrnd_solve::backend(&solver, timeout);
            STOPPABLE.store(backend.stoppable(), std::sync::atomic::Ordering::SeqCst);
            let answer = backend.solve(&enc.cnf)?;
            if let SolverAnswer::Sat(m) = &answer {
                // A model that breaks a clause is the solver's fault (or a lie), not wgrnd's.
                enc.check_model(m, &p).map_err(|e| Failure::Solver(format!("solver `{solver}`: {e}")))?;
            }
            finish(&p, &enc, answer, &show)
        }
        Command::Decode { puzzle, model, encoding, show } => {
            let p = match load_problem(&puzzle)? {
                Problem::Tiles(p) => p,
                Problem::Packing(k) => {
                    return pack::decode(&k, &encoding.pack_options(SymmetryArg::None)?, &model, &show)
                }
            };
            let enc = encode_checked(&p, &encoding.tile_options()?)?;
            let text = formats::read_text(&model)?;
            let answer = parse_answer(&formats::display_name(&model), &text, enc.cnf.num_vars())?;
            if let SolverAnswer::Sat(m) = &answer {
                enc.check_model(m, &p)
                    .map_err(|e| Failure::Input(format!("{}: {e}", formats::display_name(&model))))?;
            }
            finish(&p, &enc, answer, &show)
        }
        Command::Dimacs { command: DimacsCommand::Check { cnf } } => {
            let d = parse_dimacs(&formats::display_name(&cnf), &formats::read_text(&cnf)?)?;
            println!(
                "{}: valid DIMACS, {} variables, {} clauses, {} literals",
                formats::display_name(&cnf),
                d.cnf.num_vars(),
                d.cnf.num_clauses(),
                d.cnf.num_literals()
            );
            Ok(exit::OK)
        }
        Command::Dimacs { command: DimacsCommand::Verify { cnf, model } } => {
            let (cnf_name, model_name) = (formats::display_name(&cnf), formats::display_name(&model));
            let d = parse_dimacs(&cnf_name, &formats::read_text(&cnf)?)?;
            // The model is stored per declared variable: refuse absurd declarations up front.
            if u64::from(d.cnf.num_vars()) > MAX_VERIFY_VARS {
                return Err(Failure::Input(format!(
                    "{cnf_name}: the header declares {} variables; `dimacs verify` handles up to {MAX_VERIFY_VARS}",
                    d.cnf.num_vars()
                )));
            }
            let m = match parse_answer(&model_name, &formats::read_text(&model)?, d.cnf.num_vars())? {
                SolverAnswer::Sat(m) => m,
                other => {
                    let what = if other == SolverAnswer::Unsat { "UNSATISFIABLE" } else { "UNKNOWN" };
                    return Err(Failure::Input(format!("{model_name}: found an {what} answer; expected a model")));
                }
            };
            for (i, clause) in d.cnf.clauses().enumerate() {
                if !clause.iter().any(|l| m.is_true(l.get())) {
                    let lits: Vec<String> = clause.iter().map(|l| l.get().to_string()).collect();
                    println!(
                        "{model_name}: does not satisfy clause {} at {cnf_name}:{} ({} 0)",
                        i + 1,
                        d.clause_lines[i],
                        lits.join(" ")
                    );
                    return Ok(exit::WRONG);
                }
            }
            println!("{model_name}: satisfies all {} clauses of {cnf_name}", d.cnf.num_clauses());
            Ok(exit::OK)
        }
        Command::Count { puzzle, encoding, symmetry, max, timeout, solver, print, proof, show } => {
            let p = match load_problem(&puzzle)? {
                Problem::Tiles(p) => p,
                Problem::Packing(_) if proof.is_some() => {
                    return Err(Failure::Input("--proof is for edge-matching puzzles".into()))
                }
                Problem::Packing(k) => {
                    let opts = encoding.pack_options(SymmetryArg::All)?;
                    return pack::count(&k, &opts, pack_symmetry(symmetry), &solver, max, timeout, print, &show);
                }
            };
            if symmetry == SymmetryArg::All {
                return Err(Failure::Input("--symmetry all is for packings; use --symmetry board".into()));
            }
            notes(&p);
            let options =
                EncodeOptions { symmetry_breaking: symmetry == SymmetryArg::Board, ..encoding.tile_options()? };
            let enc = encode_checked(&p, &options)?;
            count_solutions(&p, &enc, &solver, max, timeout, print, proof.as_deref(), &show, symmetry)
        }
        Command::Generate { rows, cols, colors, frame_colors, rule, unique, seed, to, output } => {
            if rows == 0 || cols == 0 || rows * cols > 4096 || colors == 0 {
                return Err(Failure::Input(format!(
                    "generate: found a {rows} x {cols} board with {colors} colours; expected 1 to 4096 squares and at least one colour"
                )));
            }
            if frame_colors.is_some() && (rows < 2 || cols < 2) {
                return Err(Failure::Input("generate: a framed board needs at least 2 rows and 2 columns".into()));
            }
            let rule = if rule == RuleArg::Equal { GeneratedRule::Equal } else { GeneratedRule::Complement };
            let (mut p, solution) = generate(&Generate { rows, cols, colors, frame_colors, rule, seed });
            if unique {
                let added = wgrnd_count::make_unique(&mut p, &solution, &EncodeOptions::default(), "builtin")
                    .map_err(|e| Failure::Internal(e.to_string()))?;
                eprintln!(
                    "wgrnd: exactly one solution up to board rotation, proved by counting ({added} clue(s) added)"
                );
            }
            let text = match to {
                GeneratedFormat::Native => formats::write_native(&p),
                GeneratedFormat::Puz => formats::write_puz(&p).ok_or_else(|| {
                    Failure::Input(
                        "generate --to puz: the .puz format holds framed, equal-matching puzzles without clues; use --to native"
                            .into(),
                    )
                })?,
            };
            Output::new(&output).write(|w| w.write_all(text.as_bytes()))?;
            Ok(exit::OK)
        }
        Command::Shuffle { puzzle, seed, output } => {
            let p = load(&puzzle)?.shuffled(seed);
            Output::new(&output).write(|w| w.write_all(formats::write_native(&p).as_bytes()))?;
            Ok(exit::OK)
        }
        Command::Check { puzzle, solution, solution_format } => {
            let p = match load_problem(&puzzle)? {
                Problem::Tiles(p) => p,
                Problem::Packing(k) => return pack::check(&k, &solution),
            };
            let text = formats::read_text(&solution)?;
            let format = solution_format.map(|f| match f {
                SolutionFormatArg::Sol => SolutionFormat::Sol,
                SolutionFormatArg::Witch => SolutionFormat::Witch,
                SolutionFormatArg::Json => SolutionFormat::Json,
            });
            let placements = formats::read_solution(&formats::display_name(&solution), &text, &p, format)?;
            let report = check(&p, &placements);
            let mut text = String::new();
            let code = if report.is_valid() {
                text += &format!(
                    "valid: the {} placements solve `{}` ({} x {}, match {})\n",
                    placements.len(),
                    p.name,
                    p.rows,
                    p.cols,
                    p.rule
                );
                exit::OK
            } else {
                text +=
                    &format!("invalid: {} violation(s) of `{}` (match {}):\n", report.violations.len(), p.name, p.rule);
                for v in &report.violations {
                    text += &format!("  {v}\n");
                }
                if let (Some(k2), MatchRule::Sum(k)) = (report.consistent_sum, &p.rule) {
                    text += &format!(
                        "note: every inner edge of this solution sums to {k2}, not {k}: it solves the puzzle under --sum {k2}\n"
                    );
                }
                exit::WRONG
            };
            Output::new("-").write(|w| w.write_all(text.as_bytes()))?;
            Ok(code)
        }
    }
}

/// Turns the solver's answer into output and an exit code; every solution is checked first.
fn finish(p: &Puzzle, enc: &wgrnd_ground::Encoding, answer: SolverAnswer, show: &ShowArgs) -> Result<u8, Failure> {
    let view = show.view();
    let out = Output::new(&show.output);
    match answer {
        SolverAnswer::Sat(model) => {
            let placements: Vec<Placement> =
                enc.decode(&model).map_err(|e| Failure::Internal(format!("decoding the model: {e}")))?;
            let report = check(p, &placements);
            if !report.is_valid() {
                let list: Vec<String> = report.violations.iter().map(|v| v.to_string()).collect();
                return Err(Failure::Internal(format!(
                    "the solver's model fails the independent check (an encoding bug): {}",
                    list.join("; ")
                )));
            }
            out.write(|w| w.write_all(render(p, &placements, view).as_bytes()))?;
            Ok(exit::SOLVED)
        }
        SolverAnswer::Unsat => {
            if view == View::Json {
                out.write(|w| w.write_all(wgrnd_render::json(p, Status::Unsatisfiable, &[]).as_bytes()))?;
            } else {
                out.write(|w| writeln!(w, "no solution: `{}` has no solution under match {}", p.name, p.rule))?;
            }
            Ok(exit::NO_SOLUTION)
        }
        SolverAnswer::Unknown => {
            if view == View::Json {
                out.write(|w| w.write_all(wgrnd_render::json(p, Status::Unknown, &[]).as_bytes()))?;
            } else {
                out.write(|w| {
                    writeln!(w, "unknown: the solver gave up before finding a solution or proving there is none")
                })?;
            }
            Ok(exit::UNKNOWN)
        }
    }
}

/// The spinner of a count (drawn on a terminal only) and the solutions printed with `--print`.
struct Progress {
    bar: indicatif::ProgressBar,
    started: std::time::Instant,
    print: bool,
    printed: Vec<u8>,
}

impl Progress {
    fn new(print: bool) -> Self {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        Progress { bar, started: std::time::Instant::now(), print, printed: Vec::new() }
    }

    /// Solution `n` was found; `shown` draws it (called only with `--print`).
    fn found(&mut self, n: u64, shown: impl FnOnce() -> String) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!("{n} solutions, {:.0}/s", n as f64 / secs));
        self.bar.tick();
        if self.print {
            self.printed.extend_from_slice(format!("solution {n}\n{}\n", shown()).as_bytes());
        }
    }

    /// Clears the spinner; returns what `--print` collected.
    fn finish(self) -> Vec<u8> {
        self.bar.finish_and_clear();
        self.printed
    }
}

/// Marks whether Ctrl-C can stop the solver a count uses.
fn set_stoppable(solver: &str) {
    STOPPABLE.store(wgrnd_solve::backend(solver, None).stoppable(), std::sync::atomic::Ordering::SeqCst);
}

/// Prints a count's summary (after the printed solutions) and returns its exit code. `what` says
/// what one solution is (`" up to board rotation"`), `symmetry` names it in JSON.
fn report_count(
    c: &wgrnd_count::Count,
    what: &str,
    symmetry: &str,
    show: &ShowArgs,
    printed: &[u8],
    detail: Option<(String, serde_json::Value)>,
) -> Result<u8, Failure> {
    let summary = if show.json {
        let mut v = serde_json::json!({
            "count": c.count,
            "complete": c.complete(),
            "stopped": c.stop.name(),
            "symmetry": symmetry,
            "seconds": c.elapsed.as_secs_f64(),
        });
        if let (Some((_, serde_json::Value::Object(extra))), serde_json::Value::Object(map)) = (&detail, &mut v) {
            map.extend(extra.clone());
        }
        v.to_string()
    } else if c.complete() {
        format!("{} solution(s){what}; the count is complete ({:.2} s)", c.count, c.elapsed.as_secs_f64())
    } else {
        format!(
            "at least {} solution(s){what}; stopped ({}) after {:.2} s",
            c.count,
            c.stop.name(),
            c.elapsed.as_secs_f64()
        )
    };
    let detail = match detail {
        Some((text, _)) if !show.json => format!("{text}\n"),
        _ => String::new(),
    };
    Output::new(&show.output).write(|w| {
        w.write_all(printed)?;
        writeln!(w, "{summary}")?;
        w.write_all(detail.as_bytes())
    })?;
    Ok(match (c.count, c.complete()) {
        (0, true) => exit::NO_SOLUTION,
        (1, true) => exit::SOLVED,
        (n, _) if n >= 2 => exit::SEVERAL,
        _ => exit::UNKNOWN,
    })
}

impl From<wgrnd_count::CountError> for Failure {
    fn from(e: wgrnd_count::CountError) -> Self {
        match e {
            wgrnd_count::CountError::Solver(e) => Failure::from(e),
            e => Failure::Internal(e.to_string()),
        }
    }
}

/// Counts with a progress line on a terminal (none when stderr is piped), prints the summary.
#[allow(clippy::too_many_arguments)]
fn count_solutions(
    p: &Puzzle,
    enc: &wgrnd_ground::Encoding,
    solver: &str,
    max: Option<u64>,
    timeout: Option<u64>,
    print: bool,
    proof: Option<&str>,
    show: &ShowArgs,
    symmetry: SymmetryArg,
) -> Result<u8, Failure> {
    set_stoppable(solver);
    let view = show.view();
    let limits = wgrnd_count::Limits { max, timeout: timeout.map(Duration::from_secs) };
    let mut progress = Progress::new(print);
    let mut first: Vec<Placement> = Vec::new();
    let result = wgrnd_count::count(p, enc, solver, &limits, |n, placements| {
        if n == 1 {
            first = placements.to_vec();
        }
        progress.found(n, || render(p, placements, view));
    });
    let printed = progress.finish();
    let c = result?;
    if let Some(dir) = proof {
        if c.count == 1 && c.complete() {
            let cert = wgrnd_count::prove_unique(enc, &enc.comments(p), &first, std::path::Path::new(dir))
                .map_err(|e| Failure::Solver(e.to_string()))?;
            let sol = std::path::Path::new(dir).join("solution.json");
            Output::new(&sol.to_string_lossy()).write(|w| w.write_all(render(p, &first, View::Json).as_bytes()))?;
            eprintln!(
                "wgrnd: certificate in {dir}: solution.json, {} and {}; check: drat-trim {} {}",
                cert.cnf.display(),
                cert.proof.display(),
                cert.cnf.display(),
                cert.proof.display()
            );
        } else {
            eprintln!("wgrnd: no certificate: the count did not prove exactly one solution");
        }
    }
    match symmetry {
        SymmetryArg::None => report_count(&c, "", "none", show, &printed, None),
        SymmetryArg::Board => report_count(&c, " up to board rotation", "board", show, &printed, None),
        SymmetryArg::All => unreachable!("refused before counting"),
    }
}

/// Grounds, after refusing encodings too large to hold (exit 2, with the estimate).
fn encode_checked(p: &Puzzle, options: &EncodeOptions) -> Result<wgrnd_ground::Encoding, Failure> {
    wgrnd_ground::check_size(p, options).map_err(|e| Failure::Input(format!("{}: {e}", p.name)))?;
    Ok(encode(p, options))
}

/// Warnings about the puzzle that do not make it bad input, on standard error.
fn notes(p: &Puzzle) {
    let unmatched = p.unmatched_labels();
    if unmatched.is_empty() {
        return;
    }
    let list: Vec<String> = unmatched
        .iter()
        .map(|&(l, n)| format!("`{}` ({n} edge{})", p.label_name(l), if n == 1 { "" } else { "s" }))
        .collect();
    eprintln!(
        "wgrnd: note: label(s) {} match no label under `match {}`: such edges can only lie on the outer border",
        list.join(", "),
        p.rule
    );
    if let (MatchRule::Sum(k), Some(k2)) = (&p.rule, p.sum_that_pairs_all_labels()) {
        eprintln!("wgrnd: note: every label has a partner under --sum {k2} (the puzzle says {k})");
    }
}

/// What a puzzle file holds.
enum Problem {
    /// An edge-matching puzzle.
    Tiles(Puzzle),
    /// A polycube packing.
    Packing(wgrnd_puzzle::packing::Packing),
}

/// Reads an edge-matching puzzle or a packing (by `--format pack`, the `.pack` extension, or a
/// first statement `packing`, `box` or `region`).
fn load_problem(args: &PuzzleArgs) -> Result<Problem, Failure> {
    let text = formats::read_text(&args.puzzle)?;
    let name = formats::display_name(&args.puzzle);
    let packing = match args.format {
        Some(FormatArg::Pack) => true,
        Some(_) => false,
        None => formats::is_packing(&name, &text),
    };
    if packing {
        if args.sum.is_some() {
            return Err(Failure::Input(format!("{name}: --sum applies to edge-matching puzzles, not packings")));
        }
        return Ok(Problem::Packing(formats::read_packing(&name, &text)?));
    }
    Ok(Problem::Tiles(formats::read_puzzle(&name, &text, &read_options(args))?))
}

fn read_options(args: &PuzzleArgs) -> ReadOptions {
    let format = args.format.and_then(|f| match f {
        FormatArg::Native => Some(PuzzleFormat::Native),
        FormatArg::Puz => Some(PuzzleFormat::Puz),
        FormatArg::Heule => Some(PuzzleFormat::Heule),
        FormatArg::Pieces => Some(PuzzleFormat::Pieces),
        FormatArg::Witch => Some(PuzzleFormat::Witch),
        FormatArg::Foursquares => Some(PuzzleFormat::FourSquares),
        FormatArg::Pack => None,
    });
    ReadOptions { format, sum: args.sum }
}

/// An edge-matching puzzle, or bad input for a command that has no meaning on packings.
fn load(args: &PuzzleArgs) -> Result<Puzzle, Failure> {
    match load_problem(args)? {
        Problem::Tiles(p) => Ok(p),
        Problem::Packing(k) => {
            Err(Failure::Input(format!("{}: this command is for edge-matching puzzles, not packings", k.name)))
        }
    }
}

fn pack_symmetry(s: SymmetryArg) -> PackSymmetry {
    match s {
        SymmetryArg::None => PackSymmetry::None,
        SymmetryArg::Board => PackSymmetry::Rotations,
        SymmetryArg::All => PackSymmetry::All,
    }
}

impl EncodingArgs {
    /// The options of a packing: only `--amo` applies; the edge-matching options are refused.
    /// The options of an edge-matching puzzle (`--lex-leader` is for packings).
    fn tile_options(&self) -> Result<EncodeOptions, Failure> {
        if self.lex_leader.is_some() {
            return Err(Failure::Input(
                "--lex-leader applies to packings; edge-matching puzzles break board rotation by default".into(),
            ));
        }
        Ok(self.options())
    }

    fn pack_options(&self, lex_leader: SymmetryArg) -> Result<PackOptions, Failure> {
        let o = self.options();
        let d = EncodeOptions::default();
        if !matches!(self.encoding, EncodingArg::Auto)
            || o.redundant != d.redundant
            || o.symmetry_breaking != d.symmetry_breaking
            || o.duplicates
        {
            return Err(Failure::Input(
                "--encoding (other than auto), --no-redundant, --no-symmetry-breaking and --break-duplicates apply to edge-matching puzzles; a packing takes --amo (and count --symmetry)".into(),
            ));
        }
        Ok(PackOptions { symmetry: pack_symmetry(self.lex_leader.unwrap_or(lex_leader)), amo: o.amo })
    }

    fn options(&self) -> EncodeOptions {
        EncodeOptions {
            encoding: match self.encoding {
                EncodingArg::Auto => EncodingKind::default(),
                EncodingArg::Diamond => EncodingKind::Diamond,
                EncodingArg::Qprop => EncodingKind::Qprop,
                EncodingArg::Support => EncodingKind::Support,
                EncodingArg::Conflict => EncodingKind::Conflict,
            },
            redundant: !self.no_redundant,
            duplicates: self.break_duplicates,
            symmetry_breaking: !self.no_symmetry_breaking,
            amo: match self.amo {
                AmoArg::Auto => AmoEncoding::Auto,
                AmoArg::Pairwise => AmoEncoding::Pairwise,
                AmoArg::Sequential => AmoEncoding::Sequential,
                AmoArg::Product => AmoEncoding::Product,
                AmoArg::Commander => AmoEncoding::Commander,
            },
        }
    }
}

impl ViewArg {
    fn view(self) -> View {
        match self {
            ViewArg::Auto => View::Auto,
            ViewArg::Art => View::Art,
            ViewArg::Witch => View::Witch,
            ViewArg::Grid => View::Grid,
            ViewArg::Sol => View::Sol,
            ViewArg::Json => View::Json,
        }
    }
}
