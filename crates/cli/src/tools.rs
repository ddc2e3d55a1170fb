//! The commands that are not the pipeline: making edge-matching puzzles (`generate`, `shuffle`),
//! writing a puzzle's data for its model (`data`) and checking any DIMACS file (`dimacs check`,
//! `dimacs verify`).

use wgrnd_families::edge::formats;
use wgrnd_families::edge::generate::{generate as generate_puzzle, Generate};
use wgrnd_families::registry::{load, Loaded};
use wgrnd_families::{exit, EdgeMatching, Error, RawOptions};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::{display_name, read_text};
use wgrnd_sat::{parse_answer, parse_dimacs, SolverAnswer};

use crate::config::PuzzleSource;
use crate::output::Output;

/// Variables `dimacs verify` will hold a model for (16 M: 16 MB of model).
const MAX_VERIFY_VARS: u64 = 1 << 24;

/// `wgrnd generate`.
pub fn generate(spec: &Generate, unique: bool, puz: bool, output: &str) -> Result<u8, Error> {
    let (p, solution) = generate_puzzle(spec);
    let p = if unique {
        // Board rotation stays broken: without clues the count is up to turning the board, with
        // them a turned solution breaks a clue, so the count is that of the fixed board.
        let family = EdgeMatching::new(p, &RawOptions::default())?;
        let posed = wgrnd_engine::count::pose_unique(
            &family,
            &solution,
            &SolverSpec::Builtin,
            None,
            crate::signal::interrupt(),
        )?;
        eprintln!(
            "wgrnd: exactly one solution up to board rotation, proved by counting: {} clue(s), none of which can be dropped ({} added, {} dropped, {} counts, {:.2} s)",
            posed.clues,
            posed.added,
            posed.dropped,
            posed.counts,
            posed.elapsed.as_secs_f64()
        );
        posed.puzzle.puzzle
    } else {
        p
    };
    let text = if puz {
        formats::write_puz(&p).ok_or_else(|| {
            Error::Option(
                "generate --to puz: the .puz format holds framed, equal-matching puzzles without clues; use --to native"
                    .into(),
            )
        })?
    } else {
        formats::write_native(&p)
    };
    Output::new(output).text(&text)?;
    Ok(exit::OK)
}

/// `wgrnd shuffle`.
pub fn shuffle(source: &PuzzleSource, seed: u64, output: &str) -> Result<u8, Error> {
    let p = match load(&source.path, source.format, &source.options)? {
        Loaded::EdgeMatching(f) => f.puzzle,
        other => {
            let kind = wgrnd_families::with_family!(other, |f| wgrnd_families::Family::kind(&f));
            return Err(Error::Option(format!("shuffle turns the pieces of edge-matching puzzles, not a {kind}")));
        }
    };
    Output::new(output).text(&formats::write_native(&p.shuffled(seed)))?;
    Ok(exit::OK)
}

/// `wgrnd data`: the data a puzzle was read into, for its model.
pub fn data(source: &PuzzleSource, output: &str) -> Result<u8, Error> {
    let name = display_name(&source.path);
    let m = match load(&source.path, source.format, &source.options)? {
        Loaded::Model(m) => m,
        other => {
            let kind = wgrnd_families::with_family!(other, |f| wgrnd_families::Family::kind(&f));
            return Err(Error::Option(format!(
                "{name}: `wgrnd data` writes the data of a puzzle read into a model (a URL, a pzprv3 file, a .qp model with its data), and this {kind} is not one"
            )));
        }
    };
    let from = source.options.data.as_deref().map_or(name, display_name);
    Output::new(output).text(&m.data_file(&from))?;
    Ok(exit::OK)
}

/// `wgrnd dimacs check`.
pub fn dimacs_check(cnf: &str) -> Result<u8, Error> {
    let name = display_name(cnf);
    let d = parse_dimacs(&name, &read_text(cnf)?)?;
    Output::new("-").text(&format!(
        "{name}: valid DIMACS, {} variables, {} clauses, {} literals\n",
        d.cnf.num_vars(),
        d.cnf.num_clauses(),
        d.cnf.num_literals()
    ))?;
    Ok(exit::OK)
}

/// `wgrnd dimacs verify`.
pub fn dimacs_verify(cnf: &str, model: &str) -> Result<u8, Error> {
    let (cnf_name, model_name) = (display_name(cnf), display_name(model));
    let d = parse_dimacs(&cnf_name, &read_text(cnf)?)?;
    // The model is stored per declared variable: refuse absurd declarations up front.
    if u64::from(d.cnf.num_vars()) > MAX_VERIFY_VARS {
        return Err(Error::Option(format!(
            "{cnf_name}: the header declares {} variables; `dimacs verify` handles up to {MAX_VERIFY_VARS}",
            d.cnf.num_vars()
        )));
    }
    let m = match parse_answer(&model_name, &read_text(model)?, d.cnf.num_vars())? {
        SolverAnswer::Sat(m) => m,
        other => {
            let what = if other == SolverAnswer::Unsat { "UNSATISFIABLE" } else { "UNKNOWN" };
            return Err(Error::Option(format!("{model_name}: found an {what} answer; expected a model")));
        }
    };
    if let Some((index, clause)) = d.cnf.first_unsatisfied(&m) {
        let lits: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
        Output::new("-").text(&format!(
            "{model_name}: does not satisfy clause {index} at {cnf_name}:{} ({} 0)\n",
            d.clause_lines[index - 1],
            lits.join(" ")
        ))?;
        return Ok(exit::WRONG);
    }
    Output::new("-").text(&format!("{model_name}: satisfies all {} clauses of {cnf_name}\n", d.cnf.num_clauses()))?;
    Ok(exit::OK)
}
