//! Models of the QPROP modelling language as a family: any finite puzzle a user writes as
//! quantified formulas (docs/qprop.md). Grounding, decoding and checking are `wgrnd_qprop`'s; the
//! checker evaluates the model's formulas on the decoded values and shares none of the grounder.
//! The projection is the atoms of the `show`n predicates; a model declares no symmetries, so
//! counts are of solutions projected on those atoms.

use wgrnd_cnf::{Model as Assignment, SolverAnswer, Var};
use wgrnd_qprop::{ClueFact, GroundOptions, IntEncoding, Program, Solution, Source};
use wgrnd_render::{Status, View, JSON_VERSION};
use wgrnd_solve::SolverSpec;

use crate::{AtomNames, CountUnit, Error, Family, Grounding, RawOptions, SolutionFormat};

/// A model (with its data and parameters) and how to ground it.
#[derive(Clone, Debug)]
pub struct QpropModel {
    /// The parsed, resolved model.
    pub program: Program,
    /// How it is grounded.
    pub options: GroundOptions,
    name: String,
    /// The data file's `% note: ...` lines (a reader's remarks, such as ignored keywords).
    notes: Vec<String>,
}

/// The names of a model's atoms, and what decoding needs.
#[derive(Clone, Debug)]
pub struct QpropEncoding {
    /// The grounding as `wgrnd_qprop` made it (its CNF is moved into the family-neutral one).
    pub grounding: wgrnd_qprop::Grounding,
}

impl AtomNames for QpropEncoding {
    fn atom_name(&self, var: Var) -> String {
        self.grounding.names.get(var.get() as usize - 1).cloned().unwrap_or_else(|| format!("?{}", var.get()))
    }
}

impl QpropModel {
    /// Reads the model in `source` (with a data file and `-D` overrides) and validates the flags:
    /// a model takes `--amo`, `--ints`, `-D` and `--data`; it declares no symmetries, so a count
    /// is of plain solutions.
    pub fn new(source: &Source, data: Option<&Source>, raw: &RawOptions) -> Result<Self, Error> {
        raw.accept_only(
            &["--amo", "--ints", "--max-clauses", "-D", "--data"],
            "models",
            "a model takes --amo, --ints, --max-clauses N, -D NAME=VALUE and --data FILE",
        )?;
        if raw.count.is_some_and(|u| u != CountUnit::None) {
            return Err(Error::Option(
                "a model declares no symmetries: count it with --symmetry none (the default)".into(),
            ));
        }
        let program = wgrnd_qprop::load(source, data, &raw.defines).map_err(Error::Model)?;
        let defaults = GroundOptions::default();
        let options = GroundOptions {
            amo: raw.amo,
            ints: raw.ints.unwrap_or(IntEncoding::Order),
            max_clauses: raw.max_clauses.unwrap_or(defaults.max_clauses),
        };
        let name = std::path::Path::new(&source.name)
            .file_stem()
            .map_or_else(|| source.name.clone(), |s| s.to_string_lossy().into_owned());
        let notes: Vec<String> = data
            .map(|d| {
                d.text
                    .lines()
                    .filter_map(|l| l.strip_prefix("% note: "))
                    .map(|n| format!("{}: note: {n}", d.name))
                    .collect()
            })
            .unwrap_or_default();
        let notes = program.warnings().into_iter().chain(notes).collect();
        Ok(QpropModel { program, options, name, notes })
    }
}

impl QpropModel {
    /// An answer that gives the shown predicates alone (as a person writes it down: the presses
    /// of a lights-out board, not the `half` counts the model derives), or a picture of one of
    /// them, completed: the solver searches for the values not given under those given, which
    /// stay as they are.
    /// The checker then judges the whole, so a completion never makes a wrong answer right. An
    /// answer that gives some hidden value, or that no completion fits, is returned as it is.
    fn complete(&self, given: Solution) -> Result<Solution, Error> {
        if !given.needs_completion() {
            return Ok(given);
        }
        let g = self.ground()?;
        let mut cnf = g.cnf.clone();
        for l in wgrnd_qprop::shown_literals(&self.program, &g.encoding.grounding, &given) {
            cnf.add_clause(&[l]);
        }
        let SolverAnswer::Sat(model) = SolverSpec::Builtin.backend(None).solve(&cnf)? else { return Ok(given) };
        let full = self.decode(&g, &model)?;
        // Atoms fixed by the model's unit statements have no variable: the answer must agree.
        Ok(if given.same_shown(&full) { full } else { given })
    }
}

impl Family for QpropModel {
    type Encoding = QpropEncoding;
    type Solution = Solution;
    type Violation = String;

    fn kind(&self) -> &'static str {
        "model"
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    fn ground(&self) -> Result<Grounding<QpropEncoding>, Error> {
        let mut g = wgrnd_qprop::ground(&self.program, &self.options).map_err(Error::Model)?;
        let cnf = std::mem::take(&mut g.cnf);
        let mut header = vec![g.comments.first().cloned().unwrap_or_default(), format!("puzzle-hash {:016x}", g.hash)];
        header.extend(g.comments.iter().skip(1).cloned());
        header.extend(g.names.iter().enumerate().map(|(i, n)| format!("var {} {n}", i + 1)));
        Ok(Grounding {
            cnf,
            header,
            hash: g.hash,
            projection: g.shown.clone(),
            fixed_weight: false,
            symmetries: Vec::new(),
            encoding: QpropEncoding { grounding: g },
        })
    }

    fn decode(&self, g: &Grounding<QpropEncoding>, model: &Assignment) -> Result<Solution, Error> {
        Ok(wgrnd_qprop::decode(&self.program, &g.encoding.grounding, |v| model.value(v.get()) == Some(true)))
    }

    fn check(&self, solution: &Solution) -> Result<Vec<String>, Error> {
        let broken = wgrnd_qprop::check(&self.program, solution).map_err(Error::Model)?;
        Ok(broken.iter().map(|v| v.render().trim_end().replace('\n', "\n  ")).collect())
    }

    fn valid_line(&self, _solution: &Solution) -> String {
        format!("valid: the solution satisfies every constraint of `{}`", self.name)
    }

    fn invalid_line(&self, violations: usize) -> String {
        format!("invalid: {violations} broken constraint(s) of `{}`:", self.name)
    }

    fn read_solution(&self, file: &str, text: &str, format: Option<SolutionFormat>) -> Result<Solution, Error> {
        if format.is_some() {
            return Err(Error::Option(
                "a model's solution is read from its facts (`q(1,2).`); drop --solution-format".into(),
            ));
        }
        let given = wgrnd_qprop::parse_solution(&self.program, &Source::new(file, text)).map_err(Error::Model)?;
        self.complete(given)
    }

    fn render(&self, solution: &Solution, view: View) -> Result<String, Error> {
        Ok(match view {
            View::Json => {
                let doc = serde_json::json!({
                    "version": JSON_VERSION, "kind": self.kind(), "status": "solved", "puzzle": self.name,
                    "checked": true, "solution": solution.to_json(),
                });
                format!("{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default())
            }
            View::Grid => solution.grid().ok_or_else(|| {
                Error::View("--view grid: no shown predicate of this model is cell-shaped (`x(row, col)`)".into())
            })?,
            View::Auto | View::Art => match solution.grid() {
                Some(grid) => format!("{grid}\n{}", solution.to_facts()),
                None => solution.to_facts(),
            },
            View::Sol => solution.to_facts(),
            View::Svg => {
                let cells = solution.grid_cells().ok_or_else(|| {
                    Error::View(
                        "--view svg draws a cell-shaped shown predicate (`x(row, col)`); this model has none".into(),
                    )
                })?;
                // One colour per distinct value, in order of first appearance; `#` cells share one.
                let mut values: Vec<&str> = Vec::new();
                for v in cells.iter().flatten().flatten() {
                    if !values.contains(&v.as_str()) {
                        values.push(v);
                    }
                }
                let (rows, cols) = (cells.len(), cells.first().map_or(0, Vec::len));
                wgrnd_render::svg::grid(rows, cols, |r, c| {
                    let v = cells[r][c].as_deref()?;
                    let colour = values.iter().position(|x| *x == v).unwrap_or(0);
                    Some((if v == "#" { String::new() } else { v.to_string() }, colour))
                })
            }
            View::Witch | View::Bucas => return Err(Error::View(
                "--view witch and bucas draw edge-matching boards; a model takes auto, grid, sol (facts), json or svg"
                    .into(),
            )),
        })
    }

    fn render_none(&self, status: Status, view: View) -> String {
        let word = match status {
            Status::Solved => "solved",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Unknown => "unknown",
        };
        match (status, view) {
            (_, View::Json) => {
                let doc = serde_json::json!({
                    "version": JSON_VERSION, "kind": self.kind(), "status": word, "puzzle": self.name, "checked": false,
                });
                format!("{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default())
            }
            (Status::Unsatisfiable, _) => format!("no solution: the constraints of `{}` cannot all hold\n", self.name),
            _ => "unknown: the solver gave up before finding a solution or proving there is none\n".into(),
        }
    }

    fn render_partial(
        &self,
        g: &Grounding<QpropEncoding>,
        solution: &Solution,
        known: &dyn Fn(Var) -> bool,
    ) -> Option<String> {
        wgrnd_qprop::partial_grid(&self.program, &g.encoding.grounding, solution, known)
    }

    fn count_caption(&self, _unit: CountUnit, _g: &Grounding<QpropEncoding>) -> (String, &'static str) {
        let shown: Vec<&str> = self.program.shown.iter().map(|&i| self.program.preds[i].name.as_str()).collect();
        (format!(" (projected on {})", shown.join(", ")), "none")
    }
}

/// A model posed: a clue is a fact of a `clue pred` predicate. The facts a solution satisfies are
/// found by the language's checker, each posed alone; the puzzle is written back as a data file
/// for the same model (parameters, input facts, the chosen clue facts), and read back here to
/// make sure it poses exactly these clues.
impl crate::Pose for QpropModel {
    type Clue = ClueFact;

    fn clues(&self) -> Vec<ClueFact> {
        self.program.clue_facts()
    }

    fn clues_of(&self, solution: &Solution) -> Result<Vec<ClueFact>, Error> {
        if !self.program.preds.iter().any(|p| p.clue) {
            return Err(Error::Option(format!(
                "`{}` declares no `clue pred`: a model says which of its data are clues (docs/qprop.md)",
                self.name
            )));
        }
        wgrnd_qprop::clues_true_of(&self.program, solution).map_err(|e| Error::Model(self.program.err(e)))
    }

    fn with_clues(&self, clues: &[ClueFact]) -> Result<Self, Error> {
        Ok(QpropModel { program: self.program.with_clue_facts(clues), ..self.clone() })
    }

    fn clue_name(&self, clue: &ClueFact) -> String {
        self.program.clue_name(clue)
    }

    fn drop_rank(&self, clue: &ClueFact) -> u32 {
        // Clue predicates declared first are dropped last (a model lists its main clues, the sums
        // of a submarine grid say, before revealed cells).
        let order = self.program.preds.iter().take(clue.0.index()).filter(|p| p.clue).count() as u32;
        u32::MAX - order
    }

    fn write(&self) -> Result<String, Error> {
        let (model_name, model_text) = self.program.model_source();
        let data = format!(
            "% data for {model_name}, written by wgrnd generate --unique: {} clue fact(s)\n{}",
            self.program.clue_facts().len(),
            self.program.data_text()
        );
        // Read back with the model: a model whose own text holds clue facts, or data that only its
        // data file declared (a domain, say), would not pose these clues again.
        let again =
            wgrnd_qprop::load(&Source::new(model_name, model_text), Some(&Source::new("data", data.clone())), &[])
                .map_err(Error::Model)?;
        if again.clue_facts() != self.program.clue_facts() {
            return Err(Error::Option(format!(
                "the data written for {model_name} does not pose the chosen clues when read back: move the model's own clue facts into a data file"
            )));
        }
        Ok(data)
    }
}
