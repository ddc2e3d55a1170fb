//! Models of the QPROP modelling language as a family: any finite puzzle a user writes as
//! quantified formulas (docs/qprop.md). Grounding, decoding and checking are `wgrnd_qprop`'s; the
//! checker evaluates the model's formulas on the decoded values and shares none of the grounder;
//! drawing is `crate::models::render`'s. The projection is the atoms of the `show`n predicates;
//! counts are of solutions projected on those atoms. A count declares the model's own symmetries
//! where the language proves them (its `symmetry` module), and then counts orbits.

pub(crate) mod data;
pub mod formats;
pub(crate) mod pictures;
pub mod printed;
pub mod readers;
pub mod render;
pub(crate) mod step_pictures;
pub mod steps;
pub(crate) mod words;

use crate::edge::formats::Facts;
use crate::models::render::{model_json, render_model, MODEL_KIND};
use wgrnd_lang::{Atoms, ClueFact, GroundOptions, PredKind, Program, QpropError, ShowVal, Solution, Source, Val};
use wgrnd_sat::solver::{Interrupt, SolverSpec};
use wgrnd_sat::{Model as Assignment, SolverAnswer, Var};
use wgrnd_seam::Explain;
use wgrnd_seam::NumberData;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use crate::models::readers::Reader;
use crate::{AtomNames, CountUnit, Error, Family, Flag, Grounding, RawOptions, SolutionFormat, Status, View};

/// The language's error as the seam takes it: the caret diagnostic, the exit code the language
/// gives it and the place it points at.
fn model_error(e: QpropError) -> Error {
    let exit = u8::try_from(e.exit_code()).unwrap_or(crate::exit::INTERNAL);
    let at = e.location().map(|(file, line, column)| wgrnd_seam::Position { file: file.to_string(), line, column });
    Error::Family { diagnostic: e.render().trim_end().to_string(), exit, at }
}

/// Whether a model's grounding looks for its symmetries (and breaks them with lex-leader
/// clauses), or why the flags cannot be: a count does unless `--lex-leader none`, `--counter` or
/// a fixed puzzle (backbone, generate) says otherwise; `--lex-leader all` asks for it anywhere.
fn model_symmetries(raw: &RawOptions) -> (bool, Option<&'static str>) {
    use CountUnit::{All, Board, None as Plain};
    if raw.count == Some(Board) || raw.lex_leader == Some(Board) {
        return (false, Some("a model has no board: count it with --symmetry none or all (its own symmetries)"));
    }
    if raw.model_counter && (raw.count == Some(All) || raw.lex_leader.is_some()) {
        return (
            false,
            Some("with --counter a model is counted without its symmetries: leave out --symmetry all and --lex-leader"),
        );
    }
    if raw.fixed && raw.lex_leader == Some(All) {
        return (false, Some("--lex-leader: backbone and generate --unique are about every solution of the model"));
    }
    if raw.count == Some(All) && raw.lex_leader == Some(Plain) {
        return (false, Some("--symmetry all counts orbits of the model's symmetries: leave out --lex-leader none"));
    }
    let counting = raw.count.is_some() && !raw.fixed && !raw.model_counter;
    ((counting && raw.lex_leader != Some(Plain)) || raw.lex_leader == Some(All), None)
}

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
    /// The format the puzzle was read from, when a reader wrote its data: a posed puzzle is
    /// written back in it.
    reader: Option<&'static Reader>,
    /// What the checker derives from the input facts, kept from one solution's check to the next
    /// (a clone starts empty).
    checks: wgrnd_lang::CheckCache,
}

/// The names of a model's atoms, and what decoding needs: the language's own tables.
pub type QpropEncoding = Atoms;

impl QpropModel {
    /// The flags a model takes.
    pub const FLAGS: &'static [Flag] =
        &[Flag::Amo, Flag::Ints, Flag::MaxClauses, Flag::Define, Flag::Data, Flag::Linear, Flag::LexLeader];

    /// Reads the model in `source` (with a data file and `-D` overrides) and validates the flags:
    /// a model takes `--amo`, `--ints`, `--linear`, `--max-clauses`, `-D`, `--data` and
    /// `--lex-leader`. A count looks for the model's own symmetries (docs/qprop.md, "Symmetries of
    /// a model"): with the proven ones it counts orbits, each orbit's images checked and counted;
    /// `--symmetry none` (the default) still answers the number of solutions, `--symmetry all`
    /// the number of orbits; `--lex-leader none` leaves the symmetries alone (every solution
    /// found by the search), `--lex-leader all` writes their lex-leader clauses into any CNF.
    pub fn new(source: &Source, data: Option<&Source>, raw: &RawOptions) -> Result<Self, Error> {
        Self::with_numbers(source, data, None, raw)
    }

    /// [`new`](Self::new), with the data also as numbers (a format's reader built them): the
    /// program takes the numbers as they are ([`wgrnd_lang::load_numbers`]); `data` stays the
    /// puzzle's source (its hash, notes and diagnostics).
    pub fn with_numbers(
        source: &Source,
        data: Option<&Source>,
        numbers: Option<&NumberData>,
        raw: &RawOptions,
    ) -> Result<Self, Error> {
        let options = Self::ground_options(raw)?;
        let program = match (data, numbers) {
            (Some(data), Some(numbers)) => match wgrnd_lang::load_numbers(source, data, numbers, &raw.defines) {
                // Numbers that do not fit the model are an error without a place: the text says
                // where. An error with a place (in the model) is the text's too: no second load.
                Err(e) if e.span.is_none() => wgrnd_lang::load(source, Some(data), &raw.defines),
                loaded => loaded,
            },
            _ => wgrnd_lang::load(source, data, &raw.defines),
        }
        .map_err(model_error)?;
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
        Ok(QpropModel { program, options, name, notes, reader: None, checks: wgrnd_lang::CheckCache::new() })
    }

    /// How a model is grounded under `raw`, after refusing the flags a model does not take and
    /// the symmetry options that do not go together.
    fn ground_options(raw: &RawOptions) -> Result<GroundOptions, Error> {
        raw.accept_only(
            Self::FLAGS,
            "models",
            "a model takes --amo, --ints, --linear, --max-clauses N, -D NAME=VALUE, --data FILE and --lex-leader",
        )?;
        let (symmetries, refused) = model_symmetries(raw);
        if let Some(why) = refused {
            return Err(Error::Option(why.into()));
        }
        let defaults = GroundOptions::default();
        // A plain count with no lex-leader asked for: the symmetries only make it faster.
        let plain_count = raw.count == Some(CountUnit::None) && raw.lex_leader.is_none();
        Ok(GroundOptions {
            amo: raw.amo,
            ints: raw.ints.unwrap_or_default(),
            linear: raw.linear.unwrap_or_default(),
            max_clauses: raw.max_clauses.unwrap_or(defaults.max_clauses),
            symmetries,
            // Not looked for when dancing links would take the formula as an exact cover...
            symmetries_optional: plain_count && raw.dancing_links,
            // ...and otherwise only once the count meets a second solution.
            symmetries_deferred: plain_count,
            names: !raw.no_header,
            constraints_written: !raw.native_constraints,
            ..defaults
        })
    }

    /// The same model under other grounding options (`raw`), without reading it again: what the
    /// Python package's calls ground it with (`count` with its unit, say). `raw`'s `-D` values
    /// and data are not read: the model keeps those it was read with. The checker's cache starts
    /// empty, as a clone's does.
    pub fn with_options(&self, raw: &RawOptions) -> Result<Self, Error> {
        Ok(QpropModel { options: Self::ground_options(raw)?, checks: wgrnd_lang::CheckCache::new(), ..self.clone() })
    }

    /// The numbers of a line given by an input predicate `pred(line, k, length)` (a nonogram's
    /// `rowrun`), in order of `k`, for explanations' words.
    fn line_numbers(&self, pred: &str, line: &str) -> String {
        let p = &self.program;
        let show = |v: Val| ShowVal(p, v).to_string();
        let mut runs: Vec<(String, String)> = p
            .preds
            .iter()
            .filter(|x| x.name == pred)
            .filter_map(|x| match &x.kind {
                PredKind::Input(facts) => Some(facts),
                _ => None,
            })
            .flatten()
            .filter(|t| t.len() == 3 && show(t[0]) == line)
            .map(|t| (show(t[1]), show(t[2])))
            .collect();
        // In order of `k`, then of the words themselves: never the set's own (hash) order.
        runs.sort_by_cached_key(|(k, v)| (k.parse::<i64>().unwrap_or(0), k.clone(), v.clone()));
        if runs.is_empty() {
            return "0".into();
        }
        runs.into_iter().map(|(_, l)| l).collect::<Vec<_>>().join(" ")
    }

    /// The same model, its data written by `reader` from a file in that format.
    pub fn read_by(self, reader: &'static Reader) -> Self {
        QpropModel { reader: Some(reader), ..self }
    }

    /// Its data as a data file for its model (`wgrnd data`): a first comment naming the model
    /// and where the data was read from (`from`), then the parameters and facts.
    pub fn data_file(&self, from: &str) -> String {
        let (model, _) = self.program.model_source();
        format!("% data for {model}, read from {from}\n{}", self.program.data_text())
    }

    /// The model's data (parameters, named values, input facts) as a reader's writer takes it.
    fn facts(&self) -> Facts {
        let p = &self.program;
        let show = |v: Val| ShowVal(p, v).to_string();
        let domains = p.domains.iter().filter(|d| d.values.iter().any(|v| matches!(v, Val::Sym(_))));
        let facts = p.preds.iter().filter_map(|pred| match &pred.kind {
            PredKind::Input(facts) => {
                Some(facts.iter().map(|t| (pred.name.clone(), t.iter().map(|&v| show(v)).collect())))
            }
            _ => None,
        });
        let mut facts: Vec<(String, Vec<String>)> = facts.flatten().collect();
        facts.sort();
        Facts {
            params: p.params.iter().map(|(n, v)| (n.clone(), show(*v))).collect(),
            domains: domains.map(|d| (d.name.clone(), d.values.iter().map(|&v| show(v)).collect())).collect(),
            facts,
        }
    }

    /// The clue facts in words, sorted: what must be the same after a posed puzzle is read back.
    fn clue_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.program.clue_facts().iter().map(|c| self.program.clue_name(c)).collect();
        names.sort();
        names
    }

    /// The posed puzzle in `reader`'s format, read back with the reader and the model to make
    /// sure it poses exactly these clues.
    fn write_as(&self, reader: &Reader) -> Result<String, Error> {
        let text = (reader.write)(&self.facts()).map_err(|e| {
            Error::Option(format!(
                "the posed puzzle cannot be written as {} ({e}): write it as data for the model with -o FILE.qpd",
                reader.written_as()
            ))
        })?;
        let fault = |what: String| Error::Family {
            diagnostic: format!("wgrnd wrote {} that does not read back ({what}):\n{text}", reader.written_as()),
            exit: crate::exit::INTERNAL,
            at: None,
        };
        let name = format!("posed.{}", reader.extensions.first().unwrap_or(&reader.format));
        let data = (reader.convert)(&name, &text).map_err(|e| fault(e.to_string()))?;
        let again = QpropModel::new(
            &Source::new(reader.model.0, reader.model.1),
            Some(&Source::new(name, data)),
            &RawOptions::default(),
        )
        .map_err(|e| fault(e.to_string()))?;
        if again.clue_names() != self.clue_names() {
            return Err(fault(format!("other clues: {}", again.clue_names().join(" "))));
        }
        Ok(text)
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
        // None: a value the grounding cut away (a bound over data), so no completion.
        let Some(shown) = wgrnd_lang::shown_literals(&self.program, &g.encoding, &given) else { return Ok(given) };
        for l in shown {
            cnf.add_clause(&[l]);
        }
        let SolverAnswer::Sat(model) = SolverSpec::Builtin.backend(None, &Interrupt::default()).solve(&cnf)? else {
            return Ok(given);
        };
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
        MODEL_KIND
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    fn ground(&self) -> Result<Grounding<QpropEncoding>, Error> {
        wgrnd_lang::ground(&self.program, &self.options).map_err(model_error)
    }

    fn decode(&self, g: &Grounding<QpropEncoding>, model: &Assignment) -> Result<Solution, Error> {
        Ok(wgrnd_lang::decode(&self.program, &g.encoding, |v| model.value(v) == Some(true)))
    }

    fn check(&self, solution: &Solution) -> Result<Vec<String>, Error> {
        let broken = wgrnd_lang::check_cached(&self.program, solution, &self.checks).map_err(model_error)?;
        Ok(broken.iter().map(|v| v.render().trim_end().replace('\n', "\n  ")).collect())
    }

    fn objective_values(&self, solution: &Solution) -> Result<Option<Vec<i64>>, Error> {
        if self.program.goals.is_empty() {
            return Ok(None);
        }
        wgrnd_lang::objective_values(&self.program, solution).map(Some).map_err(model_error)
    }

    fn read_solution(&self, file: &str, text: &str, format: Option<SolutionFormat>) -> Result<Solution, Error> {
        if format.is_some() {
            return Err(Error::Option(
                "a model's solution is read from its facts (`q(1,2).`); drop --solution-format".into(),
            ));
        }
        let given = wgrnd_lang::parse_solution(&self.program, &Source::new(file, text)).map_err(model_error)?;
        self.complete(given)
    }
}

impl Present for QpropModel {
    const VIEWS: &'static [View] = render::VIEWS;

    fn valid_line(&self, _solution: &Solution) -> String {
        format!("valid: the solution satisfies every constraint of `{}`", self.name)
    }

    fn invalid_line(&self, violations: usize) -> String {
        format!("invalid: {violations} broken constraint(s) of `{}`:", self.name)
    }

    fn render(&self, solution: &Solution, view: View) -> Result<String, Error> {
        // A pencil puzzle's model is drawn as its genre is printed (`art` and `svg`; `auto` adds
        // the facts).
        if let Some(genre) = crate::pencil::genre_of_model(self.program.model_source().1) {
            let none = Default::default();
            let drawn = match view {
                View::Svg => crate::pencil::picture::svg(genre, &self.program, solution, &none),
                View::Art => crate::pencil::picture::text(genre, &self.program, solution, &none),
                View::Auto => crate::pencil::picture::text(genre, &self.program, solution, &none)
                    .map(|text| format!("{text}\n{}", solution.to_facts())),
                _ => None,
            };
            if let Some(drawn) = drawn {
                return Ok(drawn);
            }
        }
        // A bundled puzzle's model is drawn as the puzzle is printed (`art` and `svg`).
        if let (View::Art | View::Svg, Some(picture)) = (view, pictures::picture(&self.program, solution)) {
            return Ok(match view {
                View::Svg => printed::svg(&picture),
                _ => printed::text(&picture),
            });
        }
        render_model(&self.name, solution, view).map_err(|e| Error::View(e.0))
    }

    fn render_none(&self, status: Status, view: View) -> String {
        match (status, view) {
            (_, View::Json) => model_json(&self.name, status, None),
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
        if let Some(genre) = crate::pencil::genre_of_model(self.program.model_source().1) {
            let open = wgrnd_lang::open_atoms(&self.program, &g.encoding, known);
            return crate::pencil::picture::text(genre, &self.program, solution, &open);
        }
        wgrnd_lang::partial_grid(&self.program, &g.encoding, solution, known)
    }

    fn count_caption(&self, unit: CountUnit, g: &Grounding<QpropEncoding>) -> (String, &'static str) {
        let shown: Vec<&str> = self.program.shown.iter().map(|&i| self.program.preds[i].name.as_str()).collect();
        if unit == CountUnit::All {
            let group = g.symmetries.len() + 1;
            let up_to = format!(" up to the model's {group} symmetries, the identity included");
            return (format!("{up_to} (projected on {})", shown.join(", ")), "all");
        }
        (format!(" (projected on {})", shown.join(", ")), "none")
    }
}

impl Explain for QpropModel {
    fn ground_groups(&self) -> Result<Grounding<QpropEncoding>, Error> {
        wgrnd_lang::ground_groups(&self.program, &self.options).map_err(model_error)
    }

    fn fact_words(&self, g: &Grounding<QpropEncoding>, fact: wgrnd_sat::Lit) -> String {
        let name = g.encoding.atom_name(fact.var());
        self.reader.and_then(|r| words::model_fact(r.format, &name, fact.is_positive())).unwrap_or_else(|| {
            if fact.is_positive() {
                name.clone()
            } else {
                format!("not {name}")
            }
        })
    }

    fn group_words(&self, g: &Grounding<QpropEncoding>, group: usize) -> String {
        let x = &g.groups[group];
        let words = match (x.kind, self.reader, x.name.strip_prefix("clue ")) {
            (crate::GroupKind::Clue, Some(r), Some(atom)) => {
                words::model_clue(r.format, atom, &|pred, line| self.line_numbers(pred, line))
            }
            _ => None,
        };
        words.unwrap_or_else(|| x.name.clone())
    }

    fn step_svg(
        &self,
        g: &Grounding<QpropEncoding>,
        solution: &Solution,
        step: &crate::StepPicture<'_>,
    ) -> Option<String> {
        if let Some(genre) = crate::pencil::genre_of_model(self.program.model_source().1) {
            return step_pictures::pencil_step(genre, &self.program, g, solution, step);
        }
        step_pictures::model_step(&self.program, g, solution, step)
    }
}

impl Search for QpropModel {
    /// A pencil genre's normal form, for its bundled model as it is (a changed model may have
    /// other rules): the model with the form's statements after it, read with the same data and
    /// grounded as the model is, without symmetries (the form is not symmetric).
    fn normal_form(&self) -> Result<Option<Grounding<QpropEncoding>>, Error> {
        let (name, text) = self.program.model_source();
        let Some(normal) = crate::pencil::genre_of_model(text).and_then(|g| g.normal_form) else { return Ok(None) };
        let model = Source::new(format!("{name} with {}", normal.file), format!("{text}\n{}", normal.statements));
        let data = Source::new("data", self.program.data_text());
        let program = wgrnd_lang::load(&model, Some(&data), &[]).map_err(model_error)?;
        let options = GroundOptions {
            symmetries: false,
            lex_leader: false,
            symmetries_optional: false,
            symmetries_deferred: false,
            ..self.options
        };
        wgrnd_lang::ground(&program, &options).map(Some).map_err(model_error)
    }

    fn unreduced(&self, s: &Solution) -> Result<Option<Solution>, Error> {
        let Some(normal) = crate::pencil::genre_of_model(self.program.model_source().1).and_then(|g| g.normal_form)
        else {
            return Err(Error::EncodingBug("unreduced: the model has no normal form".into()));
        };
        match (normal.unreduced)(&self.program, s) {
            Ok(Some(facts)) => self.read_solution("another solution, beside the normal form's", &facts, None).map(Some),
            Ok(None) => Ok(None),
            Err(e) => Err(Error::EncodingBug(format!("{}: {e}", normal.file))),
        }
    }

    fn symmetries_deferred(&self, g: &Grounding<QpropEncoding>) -> bool {
        wgrnd_lang::symmetries_deferred(g)
    }

    fn add_symmetries(&self, g: &mut Grounding<QpropEncoding>) -> Result<(), Error> {
        wgrnd_lang::add_symmetries(&self.program, g);
        Ok(())
    }

    fn decode_session<'a>(&'a self, g: &'a Grounding<QpropEncoding>) -> wgrnd_seam::DecodeSession<'a, Solution> {
        // Each atom's arguments and each integer variable's values found once, not per model
        // (colour5's count: 29 K instructions a solution before). Found at the second model: the
        // decoder indexes every atom, true or not, so a count of none or one solution of a large
        // grounding (a sudoku's) decodes as `decode` does.
        let mut decoder: Option<wgrnd_lang::Decoder> = None;
        let mut first = true;
        Box::new(move |model| {
            let truth = |v| model.value(v) == Some(true);
            if std::mem::take(&mut first) {
                return Ok(wgrnd_lang::decode(&self.program, &g.encoding, truth));
            }
            let decoder = decoder.get_or_insert_with(|| wgrnd_lang::Decoder::new(&self.program, &g.encoding));
            Ok(decoder.decode(truth))
        })
    }

    fn check_session(&self) -> wgrnd_seam::CheckSession<'_, Solution, String> {
        let mut session = wgrnd_lang::CheckSession::new(&self.program, &self.checks);
        Box::new(move |solution| {
            let broken = session.check(solution).map_err(model_error)?;
            Ok(broken.iter().map(|v| v.render().trim_end().replace('\n', "\n  ")).collect())
        })
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

    fn posable(&self) -> Result<(), Error> {
        if !self.program.preds.iter().any(|p| p.clue) {
            // Its data (a pencil genre's rooms, say) shape the puzzle: none is a clue to withhold.
            let data: Vec<&str> = self
                .program
                .preds
                .iter()
                .filter(|p| matches!(p.kind, PredKind::Input(_)))
                .map(|p| p.name.as_str())
                .collect();
            let data = if data.is_empty() { String::new() } else { format!(" (its data: {})", data.join(", ")) };
            return Err(Error::Option(format!(
                "`{}` has no clues that can be withheld one by one{data}, so no set of them can be chosen: its model declares no `clue pred` (docs/lang/data.md)",
                self.name
            )));
        }
        Ok(())
    }

    fn clues_of(&self, solution: &Solution) -> Result<Vec<ClueFact>, Error> {
        self.posable()?;
        wgrnd_lang::clues_true_of(&self.program, solution).map_err(|e| model_error(self.program.err(e)))
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

    fn write(&self, extension: Option<&str>) -> Result<String, Error> {
        if let Some(reader) = self.reader.filter(|_| extension != Some("qpd")) {
            // `-o FILE.EXT` names the format when the extension is one: another format of the
            // same model (a nonogram read from its URL, written as `.non`), or a URL (`.url`).
            let named: Option<&Reader> = match extension {
                Some("url") if reader.extensions.is_empty() => Some(reader),
                Some("url") => Some(&formats::non_url::READER),
                Some(e) => readers::by_extension(&format!("posed.{e}")),
                None => None,
            };
            return match named {
                None => self.write_as(reader),
                Some(named) if named.model == reader.model => self.write_as(named),
                Some(_) => Err(Error::Option(format!(
                    "-o FILE.{}: that format is another model's; this puzzle ({}) is written as {}, or as data for its model with -o FILE.qpd",
                    extension.unwrap_or_default(),
                    reader.model.0,
                    reader.written_as()
                ))),
            };
        }
        let (model_name, model_text) = self.program.model_source();
        let data = format!(
            "% data for {model_name}, written by wgrnd generate --unique: {} clue fact(s)\n{}",
            self.program.clue_facts().len(),
            self.program.data_text()
        );
        // Read back with the model: a model whose own text holds clue facts, or data that only its
        // data file declared (a domain, say), would not pose these clues again.
        let again =
            wgrnd_lang::load(&Source::new(model_name, model_text), Some(&Source::new("data", data.clone())), &[])
                .map_err(model_error)?;
        if again.clue_facts() != self.program.clue_facts() {
            return Err(Error::Option(format!(
                "the data written for {model_name} does not pose the chosen clues when read back: move the model's own clue facts into a data file"
            )));
        }
        Ok(data)
    }
}
