//! Polycube packings as a family (the Y-pentacube box, the Soma cube): one atom per way to place
//! a piece. The region's symmetries map dispositions onto dispositions; the grounding carries
//! them as permutations of the disposition atoms, so a count expands every model to its orbit
//! and reports packings, rotation orbits and full orbits at once.

pub mod check;
pub mod encode;
pub(crate) mod format;
pub mod model;
pub mod render;

use crate::edge::check::{check_packing, PackingViolation};
use crate::edge::render::{packing_json, render_packing, Status, View};
use crate::packing::encode::{
    check_packing_size, encode_packing, placed_dispositions, symmetries, PackEncoding, PackOptions, PackSymmetry,
};
use crate::packing::model::{determinant, Packing, PiecePlacement};
use crate::{edge::formats, edge::formats::SolutionFormat};
use wgrnd_sat::{Model, Var};
use wgrnd_seam::Explain;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use crate::{AtomNames, CountUnit, CoverRow, Error, ExactCover, Family, Flag, Grounding, Orbits, RawOptions, Symmetry};

/// A packing with its encoding options.
#[derive(Clone, Debug)]
pub struct Packings {
    /// The packing.
    pub packing: Packing,
    /// How it is grounded.
    pub options: PackOptions,
    /// Whether the grounding carries the region's symmetries, so that a count expands every
    /// model to its orbit (on for `count`).
    pub counting: bool,
}

/// The dispositions of a packing's grounding, with the packing their names need.
#[derive(Clone, Debug)]
pub struct PackingEncoding {
    /// The encoding as `wgrnd_ground` made it (its CNF is moved into the grounding).
    pub encoding: PackEncoding,
    packing: Packing,
}

impl AtomNames for PackingEncoding {
    fn atom_name(&self, var: Var) -> String {
        self.encoding.name(var.get(), &self.packing)
    }
}

fn pack_symmetry(unit: CountUnit) -> PackSymmetry {
    match unit {
        CountUnit::None => PackSymmetry::None,
        CountUnit::Board => PackSymmetry::Rotations,
        CountUnit::All => PackSymmetry::All,
    }
}

impl Packings {
    /// The flags a packing takes (and `count --symmetry`).
    pub const FLAGS: &'static [Flag] = &[Flag::Amo, Flag::LexLeader];

    /// The packing with the options `raw` asks for, or why they do not apply. A count breaks all
    /// symmetries with lex-leader clauses by default (each orbit is counted at once, fastest so).
    pub fn new(packing: Packing, raw: &RawOptions) -> Result<Self, Error> {
        raw.accept_only(Self::FLAGS, "packings", "a packing takes --amo and --lex-leader (and count --symmetry)")?;
        if raw.model_counter {
            // Lex-leader clauses for every symmetry of the unit keep exactly the least packing of
            // each orbit, so the CNF's models are the orbits counted.
            let unit = raw.count.unwrap_or(CountUnit::None);
            if raw.lex_leader.is_some_and(|l| l != unit) {
                return Err(Error::Option(
                    "with --counter, the lex-leader clauses break exactly the symmetries counted: leave out \
                     --lex-leader (it follows --symmetry)"
                        .into(),
                ));
            }
            let options = PackOptions { symmetry: pack_symmetry(unit), amo: raw.amo };
            return Ok(Packings { packing, options, counting: false });
        }
        let counting = raw.count.is_some() && !raw.fixed;
        let default_lex = if counting { CountUnit::All } else { CountUnit::None };
        if raw.fixed && raw.lex_leader.is_some_and(|u| u != CountUnit::None) {
            return Err(Error::Option(
                "--lex-leader: backbone and generate --unique are about every packing of the fixed region".into(),
            ));
        }
        let options = PackOptions { symmetry: pack_symmetry(raw.lex_leader.unwrap_or(default_lex)), amo: raw.amo };
        Ok(Packings { packing, options, counting })
    }
}

impl Family for Packings {
    type Encoding = PackingEncoding;

    type Solution = Vec<PiecePlacement>;

    type Violation = PackingViolation;

    fn kind(&self) -> &'static str {
        "packing"
    }

    fn name(&self) -> &str {
        &self.packing.name
    }

    fn ground(&self) -> Result<Grounding<PackingEncoding>, Error> {
        let packing = &self.packing;
        check_packing_size(packing).map_err(|e| Error::bad_input(format!("{}: {e}", packing.name)))?;
        let mut encoding = encode_packing(packing, &self.options);
        let header = encoding.comments(packing);
        let projection = encoding.projection();
        // Only a count expands models to orbits; the identity (listed first) is left out.
        let identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
        let symmetries = if !self.counting {
            Vec::new()
        } else {
            symmetries(packing, &encoding.dispositions, true)
                .into_iter()
                .filter(|s| s.matrix != identity)
                .map(|s| Symmetry { reflection: determinant(&s.matrix) != 1, image: s.image })
                .collect()
        };
        let cnf = std::mem::take(&mut encoding.cnf);
        Ok(Grounding {
            cnf,
            header,
            hash: encoding.hash,
            projection,
            fixed_weight: true,
            ties: Vec::new(),
            symmetries,
            encoding: PackingEncoding { encoding, packing: packing.clone() },
            xors: Vec::new(),
            objective: Default::default(),
            groups: Vec::new(),
        })
    }

    fn decode(&self, g: &Grounding<PackingEncoding>, model: &Model) -> Result<Vec<PiecePlacement>, Error> {
        Ok(g.encoding.encoding.decode(model, &self.packing))
    }

    fn check(&self, solution: &Vec<PiecePlacement>) -> Result<Vec<PackingViolation>, Error> {
        Ok(check_packing(&self.packing, solution))
    }

    fn read_solution(
        &self,
        file: &str,
        text: &str,
        format: Option<SolutionFormat>,
    ) -> Result<Vec<PiecePlacement>, Error> {
        if matches!(format, Some(SolutionFormat::Sol | SolutionFormat::Witch | SolutionFormat::Art)) {
            return Err(Error::Option(
                "--solution-format sol, witch and art are board formats; a packing's solution is read from its lines or JSON".into(),
            ));
        }
        Ok(formats::read_packing_solution(file, text, &self.packing)?)
    }
}

impl Present for Packings {
    const VIEWS: &'static [View] = render::VIEWS;

    fn valid_line(&self, solution: &Vec<PiecePlacement>) -> String {
        format!("valid: the {} placed pieces pack `{}`", solution.len(), self.packing.name)
    }

    fn invalid_line(&self, violations: usize) -> String {
        format!("invalid: {violations} violation(s) of `{}`:", self.packing.name)
    }

    fn render(&self, solution: &Vec<PiecePlacement>, view: View) -> Result<String, Error> {
        render_packing(&self.packing, solution, view).map_err(|e| Error::View(e.to_string()))
    }

    fn render_none(&self, status: Status, view: View) -> String {
        match (status, view) {
            (_, View::Json) => packing_json(&self.packing, status, &[]),
            (Status::Unsatisfiable, _) => {
                format!("no solution: the pieces of `{}` cannot be packed\n", self.packing.name)
            }
            _ => "unknown: the solver gave up before finding a packing or proving there is none\n".into(),
        }
    }

    fn count_caption(&self, unit: CountUnit, g: &Grounding<PackingEncoding>) -> (String, &'static str) {
        // A grounding for a model counter carries no symmetries (its clauses break them): the
        // group is then the region's, identity included.
        let (all, rotations) = if self.counting {
            (g.symmetries.len() + 1, g.symmetries.iter().filter(|s| !s.reflection).count() + 1)
        } else {
            let group = symmetries(&self.packing, &g.encoding.encoding.dispositions, true);
            (group.len(), group.iter().filter(|s| determinant(&s.matrix) == 1).count())
        };
        match unit {
            CountUnit::None => (String::new(), "none"),
            CountUnit::Board => (format!(" up to the region's {rotations} rotations"), "board"),
            CountUnit::All => (format!(" up to the region's {all} rotations and reflections"), "all"),
        }
    }

    fn orbit_line(&self, o: &Orbits, complete: bool) -> Option<(String, serde_json::Value)> {
        let bound = if complete { "" } else { "at least " };
        let text = format!(
            "{bound}{} packing(s) of the fixed region, {bound}{} up to its {} rotations, {bound}{} up to its {} rotations and reflections",
            o.solutions, o.rotation_orbits, o.rotations, o.orbits, o.symmetries
        );
        let json = serde_json::json!({
            "packings": o.solutions, "rotation_orbits": o.rotation_orbits, "orbits": o.orbits,
            "rotations": o.rotations, "symmetries": o.symmetries,
        });
        Some((text, json))
    }
}

impl Explain for Packings {
    /// The packing grounded without its pieces in place (no lex-leader clauses: with a piece
    /// switched off they would not be sound), one constraint group per clause family, one clue
    /// group per piece in place (docs/explain.md).
    fn ground_groups(&self) -> Result<Grounding<PackingEncoding>, Error> {
        let options = PackOptions { symmetry: PackSymmetry::None, ..self.options };
        let bare = Packings { packing: self.packing.with_placed(&[]), options, counting: false };
        let mut g = bare.ground()?;
        let disps = placed_dispositions(&self.packing, &g.encoding.encoding.dispositions);
        let clues = self
            .packing
            .placed
            .iter()
            .zip(disps)
            .map(|(pl, d)| {
                (format!("clue {}", crate::Pose::clue_name(self, pl)), d.map(|i| vec![Var::from_index(i).pos()]))
            })
            .collect();
        let (cnf, groups) = crate::clue_groups::with_groups(&g.cnf, &g.encoding.encoding.families, clues);
        g.cnf = cnf;
        g.groups = groups;
        g.encoding.packing = self.packing.clone();
        Ok(g)
    }

    fn fact_words(&self, g: &Grounding<PackingEncoding>, fact: wgrnd_sat::Lit) -> String {
        let name = g.encoding.atom_name(fact.var());
        crate::models::words::packing_fact(&name, fact.is_positive()).unwrap_or_else(|| {
            if fact.is_positive() {
                name.clone()
            } else {
                format!("not {name}")
            }
        })
    }
}

impl Search for Packings {
    /// Cells are the columns and dispositions the rows, grouped by kind with its copies as the
    /// capacity: in a region the pieces fill exactly, "every cell once, each kind at most its
    /// copies" is "every cell once, each kind exactly its copies". A region with room to spare is
    /// not an exact cover (its cells are covered at most once), and neither is a grounding with
    /// lex-leader clauses but no symmetries to count orbits by (not a count).
    fn exact_cover(&self, g: &Grounding<PackingEncoding>) -> Option<ExactCover> {
        let p = &self.packing;
        // With lex-leader clauses and no symmetries to expand, the CNF's solutions are only the
        // least of each orbit, which the plain exact cover does not know.
        let broken_without_orbits = self.options.symmetry != PackSymmetry::None && g.symmetries.is_empty();
        // Pieces given in place are unit clauses of the CNF, which the plain exact cover does not
        // hold either.
        if !p.fills_exactly() || broken_without_orbits || !p.placed.is_empty() {
            return None;
        }
        let rows = g
            .encoding
            .encoding
            .dispositions
            .iter()
            .enumerate()
            .map(|(i, d)| CoverRow { atom: i as u32, columns: d.cells.clone(), group: d.kind as u32 })
            .collect();
        let capacities = p.kinds.iter().map(|k| k.count as u32).collect();
        Some(ExactCover { columns: p.cells.len() as u32, rows, capacities, ..ExactCover::default() })
    }
}
/// Packings posed: a clue is a piece given in place (a `place` line of the `.pack` format); a
/// solution satisfies each of its own placed pieces.
impl crate::Pose for Packings {
    type Clue = PiecePlacement;

    fn clues(&self) -> Vec<PiecePlacement> {
        self.packing.placed.clone()
    }

    fn clues_of(&self, solution: &Vec<PiecePlacement>) -> Result<Vec<PiecePlacement>, Error> {
        Ok(solution.clone())
    }

    fn with_clues(&self, clues: &[PiecePlacement]) -> Result<Self, Error> {
        Ok(Packings { packing: self.packing.with_placed(clues), ..self.clone() })
    }

    fn clue_name(&self, clue: &PiecePlacement) -> String {
        let line = formats::write_packing_solution(&self.packing, std::slice::from_ref(clue));
        format!("place {}", line.trim_end())
    }

    fn write(&self, _extension: Option<&str>) -> Result<String, Error> {
        Ok(formats::write_packing(&self.packing))
    }
}
