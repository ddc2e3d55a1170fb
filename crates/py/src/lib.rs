//! # wgrnd-py
//!
//! wgrnd from Python: the extension module `wgrnd._wgrnd`, which the pure-Python package `wgrnd`
//! (`python/wgrnd/__init__.py`, built together by maturin) wraps into an API that fits Python
//! habits. Everything here calls the library as the command line does: the registry reads a
//! puzzle file into its family ([`wgrnd_families::registry::load`]) or the language reads a model
//! with data given as Python values ([`data`] writes them as the `.qpd` data the reader of data
//! files takes, so both meet the same checks and diagnostics); the engine's one solve entry point
//! ([`wgrnd_engine::solve::solve`]) solves and checks, `wgrnd_engine` counts, finds the backbone
//! and poses unique puzzles; the families' own renderers draw (the `--json` document, SVG for
//! `_repr_svg_`). No solution reaches Python unchecked. Long calls run with the GIL released, each with an
//! interrupt token of its own ([`wgrnd_sat::solver::Interrupt`], see `run.rs`): a Ctrl-C requests
//! the token of the call it reached, which stops that call's solve or count as Ctrl-C stops the
//! binary's, and `KeyboardInterrupt` is raised once the work has returned. Errors reach Python as exceptions chosen by
//! their type ([`errors`]); solutions as Python values built from the families' types
//! ([`values`]).

mod data;
mod errors;
mod run;
mod values;

use std::sync::Arc;
use std::time::Duration;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use wgrnd_engine::solve::{Objective, SolveOptions};
use wgrnd_families::registry::{load as load_file, Loaded};
use wgrnd_families::{AtomNames, CountUnit, EdgeMatching, Error, Family, Packings, Pose, QpropModel, RawOptions, View};
use wgrnd_lang::Source;
use wgrnd_sat::solver::{Interrupt, SolverSpec};
use wgrnd_seam::pipeline::Answer;

pub(crate) use errors::py_error;

/// Where a puzzle came from: what is read again when a call needs other grounding options
/// (`count` with a symmetry unit, `backbone` and `generate_unique` on the fixed puzzle), as the
/// command line reads the file again for each command; a model is not read again but takes the
/// options as it is ([`RawPuzzle::reload`]).
#[derive(Clone, Debug)]
enum Origin {
    /// A puzzle file, read by the registry.
    File(String),
    /// A model's text and its data as text.
    Model { source: Source, data: Option<Source> },
}

impl Origin {
    fn load(&self, raw: &RawOptions) -> Result<Loaded, Error> {
        match self {
            Origin::File(path) => load_file(path, None, raw),
            Origin::Model { source, data } => Ok(Loaded::Model(QpropModel::new(source, data.as_ref(), raw)?)),
        }
    }
}

/// A solution of one of the families, with the family that drew it.
enum AnySolution {
    Edge(<EdgeMatching as Family>::Solution),
    Packing(<Packings as Family>::Solution),
    Model(<QpropModel as Family>::Solution),
}

/// The families' solutions into [`AnySolution`].
trait Wrap: Family {
    fn wrap(s: Self::Solution) -> AnySolution;
}

impl Wrap for EdgeMatching {
    fn wrap(s: Self::Solution) -> AnySolution {
        AnySolution::Edge(s)
    }
}

impl Wrap for Packings {
    fn wrap(s: Self::Solution) -> AnySolution {
        AnySolution::Packing(s)
    }
}

impl Wrap for QpropModel {
    fn wrap(s: Self::Solution) -> AnySolution {
        AnySolution::Model(s)
    }
}

/// Runs `$body` with `$f` bound to the family of a [`Loaded`], which implements [`Wrap`] and
/// [`Pose`] (the registry's `with_family!`, for this crate's traits).
macro_rules! with_family {
    ($loaded:expr, |$f:ident| $body:expr) => {
        match $loaded {
            Loaded::EdgeMatching($f) => $body,
            Loaded::Packings($f) => $body,
            Loaded::Model($f) => $body,
        }
    };
}

/// A view by its command-line name.
fn view(name: &str) -> PyResult<View> {
    View::ALL.into_iter().find(|v| v.name() == name).ok_or_else(|| {
        let names: Vec<&str> = View::ALL.iter().map(|v| v.name()).collect();
        PyValueError::new_err(format!("no view `{name}`: one of {}", names.join(", ")))
    })
}

/// A count's symmetry unit by its command-line name (`--symmetry`).
fn unit(name: &str) -> PyResult<CountUnit> {
    match name {
        "none" => Ok(CountUnit::None),
        "board" => Ok(CountUnit::Board),
        "all" => Ok(CountUnit::All),
        _ => Err(PyValueError::new_err(format!("no symmetry `{name}`: one of none, board, all"))),
    }
}

fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    timeout
        .map(|t| Duration::try_from_secs_f64(t).map_err(|e| PyValueError::new_err(format!("timeout {t}: {e}"))))
        .transpose()
}

/// A checked solution and its family: drawn by the family's renderers, handed to Python as
/// values ([`values`]).
#[pyclass(frozen, module = "wgrnd._wgrnd")]
pub struct RawSolution {
    loaded: Arc<Loaded>,
    solution: AnySolution,
    /// For a model with an objective: its value at every level, as the user reads it.
    #[pyo3(get)]
    objective: Option<Vec<i64>>,
    /// For a model with an objective: whether the solution is proven optimal (else the best
    /// found within the time limit).
    #[pyo3(get)]
    optimal: Option<bool>,
}

impl RawSolution {
    /// `s`, a solution of `_f`, the family inside `loaded`.
    fn new<F: Wrap>(_f: &F, loaded: &Arc<Loaded>, s: F::Solution) -> RawSolution {
        RawSolution { loaded: Arc::clone(loaded), solution: F::wrap(s), objective: None, optimal: None }
    }
}

#[pymethods]
impl RawSolution {
    /// The family's kind, as in the `--json` document.
    #[getter]
    fn kind(&self) -> &'static str {
        with_family!(&*self.loaded, |f| f.kind())
    }

    /// The puzzle's name, as in the `--json` document.
    #[getter]
    fn puzzle(&self) -> String {
        with_family!(&*self.loaded, |f| f.name().to_string())
    }

    /// The solution as Python values (see [`values`]).
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match (&*self.loaded, &self.solution) {
            (Loaded::EdgeMatching(_), AnySolution::Edge(s)) => values::board(py, s),
            (Loaded::Packings(f), AnySolution::Packing(s)) => values::packing(py, &f.packing, s),
            (Loaded::Model(_), AnySolution::Model(s)) => values::model(py, s),
            _ => Err(py_error(Error::EncodingBug("a solution held with another family's puzzle".into()))),
        }
    }

    /// The solution drawn in `view` (`auto`, `json`, `svg`, `grid`, ...): the renderer of the
    /// command line's `--view`.
    fn render(&self, view_name: &str) -> PyResult<String> {
        let v = view(view_name)?;
        let drawn = match (&*self.loaded, &self.solution) {
            (Loaded::EdgeMatching(f), AnySolution::Edge(s)) => {
                wgrnd_families::pipeline::check_view(f, v).and_then(|()| f.render(s, v))
            }
            (Loaded::Packings(f), AnySolution::Packing(s)) => {
                wgrnd_families::pipeline::check_view(f, v).and_then(|()| f.render(s, v))
            }
            (Loaded::Model(f), AnySolution::Model(s)) => {
                wgrnd_families::pipeline::check_view(f, v).and_then(|()| f.render(s, v))
            }
            _ => Err(Error::EncodingBug("a solution held with another family's puzzle".into())),
        };
        drawn.map_err(py_error)
    }
}

/// A count's outcome: the number, why it stopped, and the solutions when they were asked for.
#[pyclass(frozen, module = "wgrnd._wgrnd", get_all)]
pub struct RawCount {
    /// Solutions found (all checked), in the unit counted.
    count: u64,
    /// Whether `count` is exact.
    complete: bool,
    /// Why it stopped: `exhausted`, `max`, `timeout`.
    stopped: &'static str,
    /// Counted by orbit: solutions, rotation orbits, orbits.
    orbits: (u64, u64, u64),
    /// Time spent counting, in seconds.
    seconds: f64,
    /// The solutions, one per unit counted, when asked for.
    solutions: Vec<Py<RawSolution>>,
}

/// What every solution shares.
#[pyclass(frozen, module = "wgrnd._wgrnd", get_all)]
pub struct RawBackbone {
    /// Each fixed atom's name and value.
    fixed: Vec<(String, bool)>,
    /// Whether every shown atom was decided.
    complete: bool,
    /// Why it stopped.
    stopped: &'static str,
    /// Shown atoms in all.
    total: usize,
    /// Shown atoms not decided (only when incomplete).
    open: usize,
    /// The family's picture of the backbone, where it draws one.
    picture: Option<String>,
    /// A solution, none when there is none.
    solution: Option<Py<RawSolution>>,
}

/// A puzzle or model read and checked, ready to solve, count, ...
#[pyclass(frozen, module = "wgrnd._wgrnd")]
pub struct RawPuzzle {
    origin: Origin,
    raw: RawOptions,
    loaded: Arc<Loaded>,
}

impl RawPuzzle {
    /// `loaded` is grounded as the command line's `solve` grounds (no DIMACS header, so no atom
    /// names made unless asked for); `raw` keeps the options as given, for the calls that write
    /// or name atoms (`encode`, `backbone`, `generate_unique`), which read the puzzle again.
    fn from_origin(origin: Origin, raw: RawOptions) -> Result<RawPuzzle, Error> {
        let loaded = Arc::new(origin.load(&RawOptions { no_header: true, ..raw.clone() })?);
        Ok(RawPuzzle { origin, raw, loaded })
    }

    /// The family with `change` made to the options: a model's program as it was read (`change`
    /// touches no `-D` value and no data), a puzzle file read again.
    fn reload(&self, change: impl FnOnce(&mut RawOptions)) -> Result<Arc<Loaded>, Error> {
        let mut raw = self.raw.clone();
        change(&mut raw);
        match &*self.loaded {
            // Parsing kakuro's model and data again was 0.67 M instructions of its 10 M count.
            Loaded::Model(m) => Ok(Arc::new(Loaded::Model(m.with_options(&raw)?))),
            _ => Ok(Arc::new(self.origin.load(&raw)?)),
        }
    }
}

/// A solution and, for a model with an objective, its objective and whether it is optimal.
type Best<S> = (S, Option<Objective>);

/// Solve one family on `jobs` cores (see [`RawPuzzle::solve`]): the grounding goes to the
/// engine's one solve entry point, which the command line's `solve` calls too, so that both take
/// the same route (optimiser, Gauss, portfolio) and give the same solution.
fn solve_family<F: Wrap + Search>(
    f: &F,
    solver: &SolverSpec,
    jobs: Option<usize>,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Option<Best<F::Solution>>, Error> {
    let g = f.ground()?;
    let options = SolveOptions { jobs, timeout, interrupt: interrupt.clone(), ..SolveOptions::new(solver.clone()) };
    let solved = wgrnd_engine::solve::solve(f, &g, &options, &mut |_, _| {})?;
    match solved.answer {
        Answer::Solved(s) => Ok(Some((s, solved.objective))),
        Answer::NoSolution => Ok(None),
        Answer::Unknown if solved.objective.as_ref().is_some_and(|o| o.interrupted) => {
            Err(Error::Solver(wgrnd_sat::solver::SolveError::Interrupted))
        }
        Answer::Unknown => Err(Error::Solver(wgrnd_sat::solver::SolveError::OutOfTime {
            solver: solver.name().to_string(),
            task: "a solution was found or none was proven".into(),
        })),
    }
}

/// Count one family (see [`RawPuzzle::count`]); the solutions (one per unit counted) when
/// `keep`.
fn count_family<F: Wrap + Search>(
    f: &F,
    solver: &SolverSpec,
    limits: &wgrnd_engine::count::Limits,
    unit: CountUnit,
    keep: bool,
) -> Result<(wgrnd_engine::count::Count, Vec<F::Solution>), Error> {
    let g = wgrnd_engine::count::optimal_only(f.ground()?, solver, limits.timeout, &limits.interrupt)?.0;
    let mut kept = Vec::new();
    let (_, c) = wgrnd_engine::count::count_deferring(f, g, solver, limits, unit, |e| {
        if keep && (e.first_of_orbit || unit == CountUnit::None) {
            kept.push(e.solution.clone());
        }
    })?;
    Ok((c, kept))
}

/// A backbone, its fixed atoms by name and value, and the family's picture of it.
type Found<S> = (wgrnd_engine::count::Backbone<S>, Vec<(String, bool)>, Option<String>);

/// The backbone of one family, its picture and a solution.
fn backbone_family<F: Wrap + Present + Search>(
    f: &F,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Found<F::Solution>, Error> {
    let g = wgrnd_engine::count::optimal_only(f.ground()?, solver, timeout, interrupt)?.0;
    let b = wgrnd_engine::backbone::backbone(f, &g, solver, wgrnd_engine::count::DEFAULT_CHUNK, timeout, interrupt)?;
    let fixed = b.fixed.iter().map(|l| (g.encoding.atom_name(l.var()), l.is_positive())).collect();
    let picture = b.solution.as_ref().and_then(|s| {
        let known: std::collections::HashSet<u32> = b.fixed.iter().map(|l| l.var().get()).collect();
        let projected: std::collections::HashSet<u32> = g.projection.iter().map(|v| v.get()).collect();
        f.render_partial(&g, s, &|v| known.contains(&v.get()) || !projected.contains(&v.get()))
    });
    Ok((b, fixed, picture))
}

#[pymethods]
impl RawPuzzle {
    /// The puzzle's name (its file's stem).
    #[getter]
    fn name(&self) -> String {
        with_family!(&*self.loaded, |f| f.name().to_string())
    }

    /// The family: `edge-matching puzzle`, `packing` or `model`.
    #[getter]
    fn kind(&self) -> &'static str {
        with_family!(&*self.loaded, |f| f.kind())
    }

    /// The family's notes about the puzzle (what the command line prints first on standard error).
    fn notes(&self) -> Vec<String> {
        with_family!(&*self.loaded, |f| f.notes())
    }

    /// The CNF in DIMACS, its header naming every atom (`wgrnd encode`).
    fn encode(&self, py: Python<'_>) -> PyResult<String> {
        let loaded = self.reload(|_| {}).map_err(py_error)?;
        run::interruptible(py, move |_| {
            let mut out = Vec::new();
            with_family!(&*loaded, |f| {
                let g = f.ground()?;
                wgrnd_sat::write_dimacs(&g.cnf, &g.header, &mut out).map_err(|e| Error::EncodingBug(e.to_string()))
            })?;
            String::from_utf8(out).map_err(|e| Error::EncodingBug(e.to_string()))
        })
    }

    /// One solution, checked (`wgrnd solve`); `None` when there is none. `jobs`: the command
    /// line's `--jobs`, by default its default ([`wgrnd_engine::jobs::default_jobs`]: the portfolio on
    /// every core with the built-in solver).
    #[pyo3(signature = (solver = "builtin", timeout = None, jobs = None))]
    fn solve(
        &self,
        py: Python<'_>,
        solver: &str,
        timeout: Option<f64>,
        jobs: Option<i64>,
    ) -> PyResult<Option<RawSolution>> {
        let (solver, timeout) = (SolverSpec::parse(solver), seconds(timeout)?);
        // Signed, so that a negative count is the same ValueError as 0 (an unsigned parameter
        // made it PyO3's OverflowError).
        // None: the default, counted only when a small formula's first try does not answer.
        let jobs = match jobs {
            None => None,
            Some(n) => match usize::try_from(n) {
                Ok(n) if n >= 1 => Some(n),
                _ => return Err(PyValueError::new_err(format!("jobs {n}: expected at least 1"))),
            },
        };
        let loaded = Arc::clone(&self.loaded);
        run::interruptible(py, move |interrupt| {
            with_family!(&*loaded, |f| {
                Ok(solve_family(f, &solver, jobs, timeout, interrupt)?.map(|(s, objective)| RawSolution {
                    objective: objective.as_ref().map(|o| o.values.clone()),
                    optimal: objective.map(|o| o.optimal),
                    ..RawSolution::new(f, &loaded, s)
                }))
            })
        })
    }

    /// Counts the solutions (`wgrnd count`), each checked; `keep`: hand them back too.
    #[pyo3(signature = (max = None, timeout = None, symmetry = "none", keep = false, solver = "builtin"))]
    fn count(
        &self,
        py: Python<'_>,
        max: Option<u64>,
        timeout: Option<f64>,
        symmetry: &str,
        keep: bool,
        solver: &str,
    ) -> PyResult<RawCount> {
        let unit = unit(symmetry)?;
        let limits = wgrnd_engine::count::Limits {
            max,
            timeout: seconds(timeout)?,
            engine: wgrnd_engine::count::Engine::Auto,
            jobs: 0,
            interrupt: Interrupt::default(),
        };
        let solver = SolverSpec::parse(solver);
        // As the command line's `count` without `--proof`: no DIMACS header to name atoms in,
        // and dancing links on the built-in solver.
        let dancing_links = solver == SolverSpec::Builtin;
        let loaded = self
            .reload(|raw| {
                raw.count = Some(unit);
                raw.no_header = true;
                raw.dancing_links = dancing_links;
            })
            .map_err(py_error)?;
        let (c, kept) = run::interruptible(py, {
            let loaded = Arc::clone(&loaded);
            move |interrupt| {
                let limits = wgrnd_engine::count::Limits { interrupt: interrupt.clone(), ..limits };
                with_family!(&*loaded, |f| {
                    let (c, kept) = count_family(f, &solver, &limits, unit, keep)?;
                    Ok((c, kept.into_iter().map(|s| RawSolution::new(f, &loaded, s)).collect::<Vec<_>>()))
                })
            }
        })?;
        if c.stop == wgrnd_engine::count::Stop::Interrupted {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
        }
        let solutions = kept.into_iter().map(|s| Py::new(py, s)).collect::<PyResult<Vec<_>>>()?;
        Ok(RawCount {
            count: c.count,
            complete: c.complete(),
            stopped: c.stop.name(),
            orbits: (c.orbits.solutions, c.orbits.rotation_orbits, c.orbits.orbits),
            seconds: c.elapsed.as_secs_f64(),
            solutions,
        })
    }

    /// What every solution shares (`wgrnd backbone`), on the puzzle as posed.
    #[pyo3(signature = (timeout = None, solver = "builtin"))]
    fn backbone(&self, py: Python<'_>, timeout: Option<f64>, solver: &str) -> PyResult<RawBackbone> {
        let (solver, timeout) = (SolverSpec::parse(solver), seconds(timeout)?);
        let loaded = self.reload(|raw| raw.fixed = true).map_err(py_error)?;
        let (b, fixed, picture, solution) = run::interruptible(py, {
            let loaded = Arc::clone(&loaded);
            move |interrupt| {
                with_family!(&*loaded, |f| {
                    let (b, fixed, picture) = backbone_family(f, &solver, timeout, interrupt)?;
                    let solution = b.solution.clone().map(|s| RawSolution::new(f, &loaded, s));
                    let summary = (b.complete(), b.stop, b.total, b.open);
                    Ok((summary, fixed, picture, solution))
                })
            }
        })?;
        let (complete, stop, total, open) = b;
        if stop == wgrnd_engine::count::Stop::Interrupted {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
        }
        Ok(RawBackbone {
            fixed,
            complete,
            stopped: stop.name(),
            total,
            open,
            picture,
            solution: solution.map(|s| Py::new(py, s)).transpose()?,
        })
    }

    /// The puzzle posed with a minimal set of clues that leaves exactly one solution (`wgrnd
    /// generate --unique PUZZLE`), written in the puzzle's own format (`extension`: the format
    /// asked for, `qpd` for a model's data); `None` when the puzzle has no solution.
    #[pyo3(signature = (seed = 0, timeout = None, extension = None))]
    fn generate_unique(
        &self,
        py: Python<'_>,
        seed: u64,
        timeout: Option<f64>,
        extension: Option<String>,
    ) -> PyResult<Option<String>> {
        let timeout = seconds(timeout)?;
        let loaded = self.reload(|raw| raw.fixed = true).map_err(py_error)?;
        run::interruptible(py, move |interrupt| {
            with_family!(&*loaded, |f| {
                let solver = SolverSpec::Builtin;
                let Some(target) = wgrnd_engine::count::pose_target(f, &solver, seed, timeout, interrupt)? else {
                    return Ok(None);
                };
                let posed = wgrnd_engine::count::pose_unique(f, &target, &solver, timeout, interrupt)?;
                posed.puzzle.write(extension.as_deref()).map(Some)
            })
        })
    }
}

/// Reads a puzzle file as the command line does (family by extension or first statement);
/// `data`, `params`: a model's `--data FILE` and `-D NAME=VALUE`.
#[pyfunction]
#[pyo3(signature = (path, data = None, params = None))]
fn load(py: Python<'_>, path: String, data: Option<String>, params: Option<Bound<'_, PyDict>>) -> PyResult<RawPuzzle> {
    let raw = RawOptions { data, defines: data::params(params.as_ref())?, ..RawOptions::default() };
    let origin = Origin::File(path);
    run::interruptible(py, move |_| RawPuzzle::from_origin(origin, raw))
}

/// A model of the modelling language from its text (named `name` in messages), with data given
/// as Python values (see [`data::data_text`]) or as the text of a data file, and parameters.
#[pyfunction]
#[pyo3(signature = (source, data = None, params = None, name = "model.qp"))]
fn model(
    py: Python<'_>,
    source: String,
    data: Option<Bound<'_, PyAny>>,
    params: Option<Bound<'_, PyDict>>,
    name: &str,
) -> PyResult<RawPuzzle> {
    let data = match data {
        None => None,
        Some(d) => Some(Source::new("data", data::data_text(&d)?)),
    };
    let raw = RawOptions { defines: data::params(params.as_ref())?, ..RawOptions::default() };
    let origin = Origin::Model { source: Source::new(name, source), data };
    run::interruptible(py, move |_| RawPuzzle::from_origin(origin, raw))
}

/// The data text that `model` makes of Python values (to see what the model reads).
#[pyfunction]
fn data_text(data: Bound<'_, PyAny>) -> PyResult<String> {
    data::data_text(&data)
}

/// The module `wgrnd._wgrnd`.
#[pymodule]
fn _wgrnd(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("KNOWN_SOLVERS", wgrnd_sat::solver::KNOWN.map(|(name, _, _)| name).to_vec())?;
    m.add("VIEWS", View::ALL.map(|v| v.name()).to_vec())?;
    m.add_class::<RawPuzzle>()?;
    m.add_class::<RawSolution>()?;
    m.add_class::<RawCount>()?;
    m.add_class::<RawBackbone>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(model, m)?)?;
    m.add_function(wrap_pyfunction!(data_text, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
