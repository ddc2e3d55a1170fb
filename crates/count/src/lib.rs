//! # wgrnd-count
//!
//! Owns counting: enumerating a puzzle's solutions with blocking clauses. Each model is decoded to
//! placements, re-checked by the independent checker, handed to the caller, and excluded by a
//! clause over its placement atoms only (never auxiliary atoms, which would let one solution be
//! counted once per auxiliary assignment). In-process CaDiCaL keeps one solver and only adds
//! clauses; other solvers re-solve the grown formula. A count stops when the solver proves that
//! no further solution exists (complete), at `max`, at the time limit, or on Ctrl-C (a lower
//! bound). What is counted depends on the encoding's options: full assignments without symmetry
//! breaking, solutions up to board rotation with it (see `wgrnd_ground::symmetry`). Packings
//! count the same way ([`count_packings`]), blocked over their disposition atoms; with lex-leader
//! symmetry breaking a count is one of orbits under the region's symmetries.

#![warn(missing_docs)]

use std::time::{Duration, Instant};

use wgrnd_check::{check, check_packing};
use wgrnd_cnf::{Cnf, Lit, Model, SolverAnswer, Var};
use wgrnd_ground::packing::{PackEncoding, PackSymmetry, Symmetry};
use wgrnd_ground::Encoding;
use wgrnd_puzzle::packing::{determinant, Packing, PiecePlacement};
use wgrnd_puzzle::{Placement, Puzzle};
use wgrnd_solve::{session, SolveError};

/// Why a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The solver proved that no further solution exists: the count is exact.
    Exhausted,
    /// `max` solutions were found.
    Bound,
    /// The time limit passed (or the solver gave up).
    Timeout,
    /// Ctrl-C.
    Interrupted,
}

impl Stop {
    /// The name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Exhausted => "exhausted",
            Stop::Bound => "max",
            Stop::Timeout => "timeout",
            Stop::Interrupted => "interrupt",
        }
    }
}

/// The outcome of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (all checked).
    pub count: u64,
    /// Solver models found: equal to `count`, except for packings counted by orbits, where each
    /// model stands for its whole orbit (the number of orbits).
    pub models: u64,
    /// Why it stopped; the count is exact only when [`Stop::Exhausted`].
    pub stop: Stop,
    /// Time spent.
    pub elapsed: Duration,
}

impl Count {
    /// Whether `count` is the exact number of solutions.
    pub fn complete(&self) -> bool {
        self.stop == Stop::Exhausted
    }
}

/// Limits of a count.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many solutions.
    pub max: Option<u64>,
    /// Stop after this long.
    pub timeout: Option<Duration>,
}

/// Why a count failed.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    /// The solver failed.
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A model that does not decode or fails the checker: a bug of the encoding.
    #[error("solution {index} fails the independent check (an encoding bug): {detail}")]
    Wrong {
        /// 1-based solution number.
        index: u64,
        /// What is wrong.
        detail: String,
    },
}

/// What a model stood for: how many solutions, and the clauses that exclude them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Solutions the model stands for (1, or the size of its orbit).
    pub solutions: u64,
    /// The blocking clauses, one per solution.
    pub blocks: Vec<Vec<Lit>>,
}

/// The blocking loop every count shares: solve, hand the model to `on_model` with the number of
/// solutions so far (it checks the model, reports it and returns what it stands for, or what is
/// wrong with it), add the blocking clauses, repeat until the solver says no further model exists
/// or a limit (on solutions) is reached.
pub fn enumerate(
    cnf: &Cnf,
    solver: &str,
    limits: &Limits,
    mut on_model: impl FnMut(u64, &Model) -> Result<Found, String>,
) -> Result<Count, CountError> {
    let start = Instant::now();
    let mut session = session(solver, cnf);
    let (mut n, mut models) = (0u64, 0u64);
    let stop = loop {
        if limits.max.is_some_and(|m| n >= m) {
            break Stop::Bound;
        }
        let remaining = match limits.timeout {
            Some(t) if start.elapsed() >= t => break Stop::Timeout,
            Some(t) => Some(t - start.elapsed()),
            None => None,
        };
        let model = match session.solve(remaining) {
            Ok(SolverAnswer::Sat(m)) => m,
            Ok(SolverAnswer::Unsat) => break Stop::Exhausted,
            Ok(SolverAnswer::Unknown) => break Stop::Timeout,
            Err(SolveError::Interrupted) => break Stop::Interrupted,
            Err(e) => return Err(e.into()),
        };
        let found = on_model(n, &model).map_err(|detail| CountError::Wrong { index: n + 1, detail })?;
        n += found.solutions;
        models += 1;
        for block in &found.blocks {
            session.add_clause(block);
        }
    };
    Ok(Count { count: n, models, stop, elapsed: start.elapsed() })
}

/// Enumerates solutions of `p` under `enc` with solver `solver` (as `wgrnd_solve::session` names
/// them), calling `found` with each solution's number (from 1) and placements.
pub fn count(
    p: &Puzzle,
    enc: &Encoding,
    solver: &str,
    limits: &Limits,
    mut found: impl FnMut(u64, &[Placement]),
) -> Result<Count, CountError> {
    enumerate(&enc.cnf, solver, limits, |before, model| {
        let index = before + 1;
        enc.check_model(model, p).map_err(|e| e.to_string())?;
        let placements = enc.decode(model).map_err(|e| e.to_string())?;
        let report = check(p, &placements);
        if !report.is_valid() {
            let list: Vec<String> = report.violations.iter().map(|v| v.to_string()).collect();
            return Err(list.join("; "));
        }
        found(index, &placements);
        let mut block = Vec::with_capacity(placements.len() * 2);
        for pl in &placements {
            let lits = enc.atoms.placement_lits(pl).ok_or_else(|| format!("no atom for {pl:?}"))?;
            block.extend(lits.into_iter().map(|l| !l));
        }
        Ok(Found { solutions: 1, blocks: vec![block] })
    })
}

/// A count of packings, by three measures at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackingCount {
    /// The count in the unit asked for (its `count`), with how it stopped.
    pub count: Count,
    /// Packings of the fixed region.
    pub solutions: u64,
    /// Orbits under the region's rotations.
    pub rotation_orbits: u64,
    /// Orbits under its rotations and reflections (the solver models).
    pub orbits: u64,
}

/// Enumerates the packings of `p` under `enc`, calling `found` with the number of packings
/// before it, whether it is the first of its orbit, and each new packing. `symmetries` are the region's symmetries as
/// `wgrnd_ground::packing::symmetries(.., true)` gives them (identity first): every model stands
/// for its whole orbit under them; all its images are checked by the independent checker, reported
/// and blocked at once, so the solver is asked once per orbit. `unit` says what the limit and
/// [`PackingCount::count`] count: packings, rotation orbits or full orbits. (Each orbit under all
/// symmetries holds `size / rotation-orbit size` rotation orbits of equal size, since the
/// rotations are a normal subgroup.) The encoding may carry lex-leader clauses or not: an orbit
/// is counted the same either way.
pub fn count_packings(
    p: &Packing,
    enc: &PackEncoding,
    symmetries: &[Symmetry],
    unit: PackSymmetry,
    solver: &str,
    limits: &Limits,
    mut found: impl FnMut(u64, bool, &[PiecePlacement]),
) -> Result<PackingCount, CountError> {
    let identity =
        Symmetry { matrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], image: (0..enc.dispositions.len() as u32).collect() };
    let all: Vec<&Symmetry> = if symmetries.is_empty() { vec![&identity] } else { symmetries.iter().collect() };
    let (mut solutions, mut rotation_orbits) = (0u64, 0u64);
    let count = enumerate(&enc.cnf, solver, limits, |_, model| {
        enc.check_model(model, p).map_err(|e| e.to_string())?;
        let chosen: Vec<u32> =
            (0..enc.dispositions.len() as u32).filter(|&i| model.value(i + 1) == Some(true)).collect();
        let mut orbit = std::collections::HashSet::new();
        let mut turned = std::collections::HashSet::new();
        let mut blocks = Vec::new();
        for sym in &all {
            let mut set: Vec<u32> = chosen.iter().map(|&d| sym.image[d as usize]).collect();
            set.sort_unstable();
            if determinant(&sym.matrix) == 1 {
                turned.insert(set.clone());
            }
            if !orbit.insert(set.clone()) {
                continue;
            }
            let placed = enc.placements(&set, p);
            let violations = check_packing(p, &placed);
            if !violations.is_empty() {
                let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
                return Err(list.join("; "));
            }
            found(solutions, blocks.is_empty(), &placed);
            solutions += 1;
            blocks.push(set.iter().map(|&d| !Var(d + 1).pos()).collect());
        }
        let rotations_here = (orbit.len() / turned.len()) as u64;
        rotation_orbits += rotations_here;
        let units = match unit {
            PackSymmetry::None => orbit.len() as u64,
            PackSymmetry::Rotations => rotations_here,
            PackSymmetry::All => 1,
        };
        Ok(Found { solutions: units, blocks })
    })?;
    Ok(PackingCount { orbits: count.models, count, solutions, rotation_orbits })
}

/// Adds clues from `solution` (a solution of `p`) until `p` has exactly one solution up to board
/// rotation, proved by a count that finds one and then shows no second exists. Each round counts
/// to 2; a second solution gets a clue from `solution` on a square where the two differ, which
/// keeps `solution` and excludes the other. Returns the number of clues added.
pub fn make_unique(
    p: &mut Puzzle,
    solution: &[Placement],
    options: &wgrnd_ground::EncodeOptions,
    solver: &str,
) -> Result<usize, CountError> {
    let mut added = 0;
    let known: std::collections::HashSet<&Placement> = solution.iter().collect();
    loop {
        // Without clues the rotation breaking makes this a count up to board rotation; with clues
        // a turned solution breaks them, so the raw count is the same thing.
        let opts = wgrnd_ground::EncodeOptions { symmetry_breaking: true, ..*options };
        let enc = wgrnd_ground::encode(p, &opts);
        let mut others: Vec<Vec<Placement>> = Vec::new();
        let c = count(p, &enc, solver, &Limits { max: Some(2), timeout: None }, |_, found| {
            if !found.iter().all(|pl| known.contains(pl)) {
                others.push(found.to_vec());
            }
        })?;
        if c.count <= 1 && c.complete() {
            if c.count == 0 {
                return Err(CountError::Wrong { index: 0, detail: "the puzzle lost its own solution".into() });
            }
            return Ok(added);
        }
        let other = others.first().expect("two solutions found, at most one is the known one");
        let differs = other.iter().find(|pl| !known.contains(pl)).expect("a different solution differs on some square");
        let clue = solution
            .iter()
            .find(|pl| pl.row == differs.row && pl.col == differs.col)
            .expect("the solution covers every square");
        p.clues.push(wgrnd_puzzle::Clue { row: clue.row, col: clue.col, piece: clue.piece, rotation: clue.rotation });
        added += 1;
    }
}

/// The files of a uniqueness certificate.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The puzzle's CNF plus the clause that blocks the one solution.
    pub cnf: std::path::PathBuf,
    /// CaDiCaL's DRAT proof that `cnf` is unsatisfiable: no second solution exists.
    pub proof: std::path::PathBuf,
}

/// Why a certificate could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// Writing the files failed.
    #[error("writing the certificate: {0}")]
    Io(#[from] std::io::Error),
    /// The prover did not prove.
    #[error("{0}")]
    Prover(String),
}

/// Writes a certificate that `solution` is the only solution of `p` under `enc` into `dir`:
/// `no-second.cnf` (the CNF and the blocking clause of `solution`) and `no-second.drat`, the DRAT
/// proof of its unsatisfiability by the external `cadical` (the in-process solver writes no
/// proofs). Check it with `drat-trim no-second.cnf no-second.drat`.
pub fn prove_unique(
    enc: &Encoding,
    comments: &[String],
    solution: &[Placement],
    dir: &std::path::Path,
) -> Result<Certificate, ProofError> {
    std::fs::create_dir_all(dir)?;
    let mut cnf = enc.cnf.clone();
    let mut block = Vec::new();
    for pl in solution {
        let lits = enc.atoms.placement_lits(pl).ok_or_else(|| ProofError::Prover(format!("no atom for {pl:?}")))?;
        block.extend(lits.into_iter().map(|l| !l));
    }
    cnf.add_clause(&block);
    let cnf_path = dir.join("no-second.cnf");
    let proof = dir.join("no-second.drat");
    let mut lines = comments.to_vec();
    lines.push("the last clause blocks the solution in solution.json: this CNF is UNSAT iff it is the only one".into());
    // Both files are written under temporary names in `dir` and renamed once the proof is found:
    // they appear whole or not at all (also when wgrnd or cadical is killed on the way).
    let part = |suffix: &str| tempfile::Builder::new().prefix(".no-second-").suffix(suffix).tempfile_in(dir);
    let cnf_part = part(".cnf.part")?;
    let proof_part = part(".drat.part")?;
    {
        let mut file = std::io::BufWriter::new(cnf_part.as_file());
        wgrnd_cnf::write_dimacs(&cnf, &lines, &mut file)?;
        std::io::Write::flush(&mut file)?;
    }
    cnf_part.as_file().sync_all()?;
    let out = std::process::Command::new("cadical")
        .args(["-q", "--no-binary"])
        .arg(cnf_part.path())
        .arg(proof_part.path())
        .output()
        .map_err(|e| ProofError::Prover(format!("running cadical for the proof: {e} (apt-get install cadical)")))?;
    if out.status.code() != Some(20) {
        return Err(ProofError::Prover(format!(
            "cadical did not prove the blocked CNF unsatisfiable (exit {:?}): {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    cnf_part.persist(&cnf_path).map_err(|e| e.error)?;
    proof_part.persist(&proof).map_err(|e| e.error)?;
    Ok(Certificate { cnf: cnf_path, proof })
}
