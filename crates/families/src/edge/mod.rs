//! Edge matching as a family: the witch puzzle, four squares, Eternity II and generated boards.
//! Grounding is `wgrnd_ground`'s (four encodings), checking `wgrnd_check`'s, drawing
//! `wgrnd_render`'s. Board rotation is broken inside the encoding (so the grounding carries no
//! symmetries): a count without symmetry breaking counts every turned board, with it each
//! solution up to turning the board.

pub(crate) mod builder;
pub mod check;
pub mod encode;
pub mod formats;
pub mod generate;
pub mod lns;
pub mod model;
pub(crate) mod obstacles;
pub mod render;
pub mod scan;
pub(crate) mod score;

use crate::edge::check::Violation;
use crate::edge::encode::{check_size, encode, EncodeOptions, Encoding, EncodingKind};
use crate::edge::formats::SolutionFormat;
use crate::edge::model::{Clue, MatchRule, Placement, Puzzle};
use crate::edge::render::{render, Status, View};
use wgrnd_sat::{Model, Var};
use wgrnd_seam::Explain;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use crate::{AtomNames, CountUnit, EncodingChoice, Error, Family, Flag, Grounding, RawOptions};

/// An edge-matching puzzle with its encoding options.
#[derive(Clone, Debug)]
pub struct EdgeMatching {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How it is grounded.
    pub options: EncodeOptions,
}

/// The atom table of an edge-matching grounding, with the puzzle its names need.
#[derive(Clone, Debug)]
pub struct EdgeEncoding {
    /// The encoding as `wgrnd_ground` made it (its CNF is moved into the grounding).
    pub encoding: Encoding,
    puzzle: Puzzle,
}

impl AtomNames for EdgeEncoding {
    fn atom_name(&self, var: Var) -> String {
        self.encoding.atoms.name(var.get(), &self.puzzle)
    }
}

impl EdgeMatching {
    /// The flags an edge-matching puzzle takes.
    pub const FLAGS: &'static [Flag] = &[
        Flag::Sum,
        Flag::Encoding,
        Flag::NoRedundant,
        Flag::NoSymmetryBreaking,
        Flag::BreakDuplicates,
        Flag::Amo,
        Flag::Maximize,
        Flag::NoHints,
    ];

    /// The puzzle with the options `raw` asks for, or why they do not apply.
    pub fn new(mut puzzle: Puzzle, raw: &RawOptions) -> Result<Self, Error> {
        if raw.lex_leader.is_some() {
            return Err(Error::Option(
                "--lex-leader applies to packings; edge-matching puzzles break board rotation by default".into(),
            ));
        }
        raw.accept_only(
            Self::FLAGS,
            "edge-matching puzzles",
            "-D, --data and --ints are for models of the modelling language",
        )?;
        if raw.count.is_some() && raw.no_symmetry_breaking {
            return Err(Error::Option(
                "count breaks board rotation by --symmetry: --symmetry none counts every turned board; drop --no-symmetry-breaking".into(),
            ));
        }
        if raw.count == Some(CountUnit::All) {
            return Err(Error::Option(
                "--symmetry all counts packings up to reflections; an edge-matching board takes --symmetry board"
                    .into(),
            ));
        }
        let encoding = match raw.encoding {
            EncodingChoice::Auto => EncodingKind::default(),
            EncodingChoice::Diamond => EncodingKind::Diamond,
            EncodingChoice::FourSquares => EncodingKind::FourSquares,
            EncodingChoice::Support => EncodingKind::Support,
            EncodingChoice::Conflict => EncodingKind::Conflict,
        };
        let symmetry_breaking = match raw.count {
            _ if raw.fixed => false,
            Some(unit) => unit == CountUnit::Board,
            None => !raw.no_symmetry_breaking,
        };
        let score = match raw.maximize.as_deref() {
            None => false,
            Some("matches") => true,
            Some(other) => {
                return Err(Error::Option(format!(
                "--maximize: found `{other}`; expected `matches` (the matched inner edges of an edge-matching board)"
            )))
            }
        };
        if raw.no_hints && !score {
            return Err(Error::Option("--no-hints applies to --maximize matches (a board by score)".into()));
        }
        if raw.no_hints {
            puzzle.clues.clear();
        }
        if score && (raw.encoding != EncodingChoice::Auto || raw.break_duplicates || raw.no_redundant) {
            return Err(Error::Option(
                "--maximize matches grounds its own score encoding: drop --encoding, --no-redundant and --break-duplicates"
                    .into(),
            ));
        }
        let options = EncodeOptions {
            encoding,
            redundant: !raw.no_redundant,
            // A score's board is not turned: clues, hints and the frame fix it.
            symmetry_breaking: symmetry_breaking && !score,
            duplicates: raw.break_duplicates,
            amo: raw.amo,
            score,
        };
        Ok(EdgeMatching { puzzle, options })
    }

    /// Grounds with the given options (the same puzzle, other options: `generate --unique`).
    pub fn with_options(&self, options: EncodeOptions) -> EdgeMatching {
        EdgeMatching { options, ..self.clone() }
    }
}

impl Family for EdgeMatching {
    type Encoding = EdgeEncoding;

    type Solution = Vec<Placement>;

    type Violation = Violation;

    fn kind(&self) -> &'static str {
        "edge-matching puzzle"
    }

    fn name(&self) -> &str {
        &self.puzzle.name
    }

    fn notes(&self) -> Vec<String> {
        let p = &self.puzzle;
        let mut notes: Vec<String> = p.obstacles().into_iter().map(|o| format!("no solution: {o}")).collect();
        let unmatched = p.unmatched_labels();
        if unmatched.is_empty() {
            return notes;
        }
        let list: Vec<String> = unmatched
            .iter()
            .map(|&(l, n)| format!("`{}` ({n} edge{})", p.label_name(l), if n == 1 { "" } else { "s" }))
            .collect();
        notes.push(format!(
            "note: label(s) {} match no label under `match {}`: such edges can only lie on the outer border",
            list.join(", "),
            p.rule
        ));
        if let (MatchRule::Sum(k), Some(k2)) = (&p.rule, p.sum_that_pairs_all_labels()) {
            notes.push(format!("note: every label has a partner under --sum {k2} (the puzzle says {k})"));
        }
        notes
    }

    fn ground(&self) -> Result<Grounding<EdgeEncoding>, Error> {
        let p = &self.puzzle;
        check_size(p, &self.options).map_err(|e| Error::bad_input(format!("{}: {e}", p.name)))?;
        let mut encoding = encode(p, &self.options);
        let mut header = encoding.comments(p);
        let projection = encoding.projection();
        let mut cnf = std::mem::take(&mut encoding.cnf);
        // A reason found by counting is stated as the empty clause: every solver answers at once
        // (it would take a solver exponential time to find a pigeonhole argument itself).
        // (By score no counting argument applies: mismatches are allowed.)
        let obstacles = if self.options.score { Vec::new() } else { p.obstacles() };
        for reason in &obstacles {
            header.push(format!("no solution: {reason}; the last clause is empty"));
        }
        if !obstacles.is_empty() {
            cnf.add_clause(&[]);
        }
        let objective = score_objective(&encoding);
        Ok(Grounding {
            cnf,
            header,
            hash: encoding.hash,
            projection,
            fixed_weight: true,
            ties: Vec::new(),
            symmetries: Vec::new(),
            encoding: EdgeEncoding { encoding, puzzle: p.clone() },
            xors: Vec::new(),
            objective,
            groups: Vec::new(),
        })
    }

    fn decode(&self, g: &Grounding<EdgeEncoding>, model: &Model) -> Result<Vec<Placement>, Error> {
        g.encoding.encoding.decode(model).map_err(|e| Error::EncodingBug(format!("decoding the model: {e}")))
    }

    fn check(&self, solution: &Vec<Placement>) -> Result<Vec<Violation>, Error> {
        let violations = check::check(&self.puzzle, solution).violations;
        if !self.options.score {
            return Ok(violations);
        }
        // By score, a mismatch is a lost point, not a violation.
        Ok(violations.into_iter().filter(|v| !matches!(v, Violation::Mismatch { .. })).collect())
    }

    fn objective_values(&self, solution: &Vec<Placement>) -> Result<Option<Vec<i64>>, Error> {
        Ok(self.options.score.then(|| vec![check::edge_score(&self.puzzle, solution).matched as i64]))
    }

    fn read_solution(&self, file: &str, text: &str, format: Option<SolutionFormat>) -> Result<Vec<Placement>, Error> {
        Ok(formats::read_solution(file, text, &self.puzzle, format)?)
    }
}

impl Present for EdgeMatching {
    const VIEWS: &'static [View] = render::VIEWS;

    fn check_notes(&self, solution: &Vec<Placement>) -> Vec<String> {
        let report = check::check(&self.puzzle, solution);
        // The Eternity II community's score of a partial or wrong board (N/480 on 16 x 16).
        let score = check::edge_score(&self.puzzle, solution);
        let mut notes = vec![format!(
            "score: {}/{} inner edges match (frame edges not counted; e2.bucas.name's score)",
            score.matched, score.total
        )];
        if let (Some(k2), MatchRule::Sum(k)) = (report.consistent_sum, &self.puzzle.rule) {
            notes.push(format!(
                "note: every inner edge of this solution sums to {k2}, not {k}: it solves the puzzle under --sum {k2}"
            ));
        }
        notes
    }

    fn valid_line(&self, solution: &Vec<Placement>) -> String {
        let p = &self.puzzle;
        format!(
            "valid: the {} placements solve `{}` ({} x {}, match {})",
            solution.len(),
            p.name,
            p.rows,
            p.cols,
            p.rule
        )
    }

    fn invalid_line(&self, violations: usize) -> String {
        format!("invalid: {violations} violation(s) of `{}` (match {}):", self.puzzle.name, self.puzzle.rule)
    }

    fn render(&self, solution: &Vec<Placement>, view: View) -> Result<String, Error> {
        render(&self.puzzle, solution, view).map_err(|e| Error::View(e.to_string()))
    }

    fn render_none(&self, status: Status, view: View) -> String {
        let p = &self.puzzle;
        match (status, view) {
            (_, View::Json) => render::json(p, status, &[]),
            (Status::Unsatisfiable, _) => format!("no solution: `{}` has no solution under match {}\n", p.name, p.rule),
            _ => "unknown: the solver gave up before finding a solution or proving there is none\n".into(),
        }
    }

    fn render_partial(
        &self,
        g: &Grounding<EdgeEncoding>,
        solution: &Vec<Placement>,
        known: &dyn Fn(Var) -> bool,
    ) -> Option<String> {
        Some(partial_grid(g, &self.puzzle, solution, known))
    }

    fn count_caption(&self, unit: CountUnit, _g: &Grounding<EdgeEncoding>) -> (String, &'static str) {
        match unit {
            CountUnit::Board => (" up to board rotation".into(), "board"),
            _ => (String::new(), "none"),
        }
    }
}

impl Explain for EdgeMatching {
    /// The rules grounded without the clues (no symmetry breaking: with a clue switched off the
    /// rotation break would not be sound), one constraint group per clause family, one clue group
    /// per hint (docs/explain.md).
    fn ground_groups(&self) -> Result<Grounding<EdgeEncoding>, Error> {
        let mut bare = self.with_options(EncodeOptions { symmetry_breaking: false, duplicates: false, ..self.options });
        bare.puzzle.clues.clear();
        let mut g = bare.ground()?;
        let atoms = &g.encoding.encoding.atoms;
        let clues = self
            .puzzle
            .clues
            .iter()
            .map(|c| {
                let pl = Placement { row: c.row, col: c.col, piece: c.piece, rotation: c.rotation };
                (format!("clue {}", crate::Pose::clue_name(self, c)), atoms.placement_lits(&pl))
            })
            .collect();
        let (cnf, groups) = crate::clue_groups::with_groups(&g.cnf, &g.encoding.encoding.families, clues);
        g.cnf = cnf;
        g.groups = groups;
        g.encoding.puzzle = self.puzzle.clone();
        Ok(g)
    }

    fn fact_words(&self, g: &Grounding<EdgeEncoding>, fact: wgrnd_sat::Lit) -> String {
        let name = g.encoding.atom_name(fact.var());
        crate::models::words::edge_fact(&name, fact.is_positive(), self.puzzle.cols).unwrap_or_else(|| {
            if fact.is_positive() {
                name.clone()
            } else {
                format!("not {name}")
            }
        })
    }

    fn step_svg(
        &self,
        g: &Grounding<EdgeEncoding>,
        solution: &Vec<Placement>,
        step: &crate::StepPicture<'_>,
    ) -> Option<String> {
        let atoms = &g.encoding.encoding.atoms;
        Some(crate::models::step_pictures::edge_step(
            &self.puzzle,
            g,
            &|c| crate::Pose::clue_name(self, c),
            &|pl| atoms.placement_lits(pl),
            solution,
            step,
        ))
    }
}

impl Search for EdgeMatching {
    /// The scan search (`scan::solve`) on framed boards with one piece per square: on every
    /// framed board measured it answers first or close (docs/scale.md, "The scan search"), and
    /// it solves the hard 8 x 8 boards that no SAT configuration did. Not by score (that is the
    /// optimiser's).
    fn own_search(&self) -> Option<wgrnd_seam::OwnSearch<'_, Vec<Placement>>> {
        let p = &self.puzzle;
        // Contradicting clues (two on a square, a piece on two) are the SAT side's "no solution"
        // (`obstacles`); the scan's tables would take them as one clue each.
        if self.options.score || p.frame.is_none() || !scan::takes(p) || !p.obstacles().is_empty() {
            return None;
        }
        Some(wgrnd_seam::OwnSearch {
            name: "scan",
            run: Box::new(move |seed, stop| {
                let mut stats = scan::ExactStats::default();
                Ok(match scan::solve(p, seed, stop, &mut stats).map_err(|e| Error::EncodingBug(e.to_string()))? {
                    scan::Exact::Solved(board) => wgrnd_seam::pipeline::Answer::Solved(board),
                    scan::Exact::NoSolution => wgrnd_seam::pipeline::Answer::NoSolution,
                    scan::Exact::Unknown => wgrnd_seam::pipeline::Answer::Unknown,
                })
            }),
        })
    }

    /// The four-squares encoding races the diamond one (and the other way round): the second
    /// fastest measured (docs/benchmarks.md), with a search that differs most from it.
    fn alternatives(&self) -> Vec<(String, Self)> {
        let other = match self.options.encoding {
            EncodingKind::Diamond => EncodingKind::FourSquares,
            _ => EncodingKind::Diamond,
        };
        let options = EncodeOptions { encoding: other, ..self.options };
        let name = if other == EncodingKind::Diamond { "diamond" } else { "four-squares" };
        vec![(name.to_string(), self.with_options(options))]
    }
}
/// `--maximize matches`: one level, the number of true match literals, maximised.
fn score_objective(e: &Encoding) -> wgrnd_seam::Objective {
    if !e.options.score {
        return wgrnd_seam::Objective::default();
    }
    let level = encode::score::score_level(&e.matches, "maximize matches");
    wgrnd_seam::Objective { levels: vec![level] }
}

/// Edge matching posed: a clue pins a piece, turned, to a square (the `clue` lines of the native
/// format); a solution satisfies exactly its own placements.
impl crate::Pose for EdgeMatching {
    type Clue = Clue;

    fn clues(&self) -> Vec<Clue> {
        self.puzzle.clues.clone()
    }

    fn clues_of(&self, solution: &Vec<Placement>) -> Result<Vec<Clue>, Error> {
        Ok(solution
            .iter()
            .map(|pl| Clue { row: pl.row, col: pl.col, piece: pl.piece, rotation: pl.rotation })
            .collect())
    }

    fn with_clues(&self, clues: &[Clue]) -> Result<Self, Error> {
        let mut posed = self.clone();
        posed.puzzle.clues = clues.to_vec();
        Ok(posed)
    }

    fn clue_name(&self, c: &Clue) -> String {
        format!("piece {} turned {} at row {}, column {}", c.piece + 1, c.rotation, c.row + 1, c.col + 1)
    }

    fn write(&self, extension: Option<&str>) -> Result<String, Error> {
        // The reader picks the format by extension first: a posed puzzle in wgrnd's format under
        // `.lpl` or `.puz` would not read back (and those formats hold no clues).
        if let Some(ext) = extension {
            let named = formats::PuzzleFormat::from_extension(&format!("posed.{ext}"));
            if named.is_some_and(|f| f != formats::PuzzleFormat::Native) {
                return Err(Error::Option(format!(
                    "a posed edge-matching puzzle is written in wgrnd's own format, which a `.{ext}` file would not be read as; name the output FILE.wgrnd"
                )));
            }
        }
        Ok(formats::write_native(&self.puzzle))
    }
}

/// The squares whose placement every solution shares, as the grid view draws them, `?` elsewhere.
fn partial_grid(
    g: &Grounding<EdgeEncoding>,
    p: &Puzzle,
    solution: &[Placement],
    known: &dyn Fn(Var) -> bool,
) -> String {
    let fixed: Vec<Placement> = solution
        .iter()
        .filter(|pl| {
            g.encoding.encoding.atoms.placement_lits(pl).is_some_and(|lits| lits.iter().all(|l| known(l.var())))
        })
        .copied()
        .collect();
    render::grid_with(p, &fixed, "?")
}
