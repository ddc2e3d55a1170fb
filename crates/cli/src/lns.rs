//! `solve --maximize matches` on large boards (issue 26; docs/optimise.md, "Edge matching by
//! score"): the large-neighbourhood search of `wgrnd-lns`, every improvement checked by the
//! independent checker (its score recomputed), reported, and written (`--best FILE`: the board
//! as JSON with its score and bucas link, `FILE.svg` its picture, each whole or not at all).

use std::io::IsTerminal;
use std::time::Duration;
use wgrnd_seam::Present;

use wgrnd_families::edge::lns::{LnsOptions, Outcome};
use wgrnd_families::edge::model::Placement;
use wgrnd_families::{exit, EdgeMatching, Error, Family, View};

use crate::commands::show;
use crate::config::{Parallel, ScoreConfig, SolveConfig};
use crate::output::Output;

/// Boards with more squares than this are searched (LNS) by `--opt auto`; smaller ones go to
/// the exact optimiser.
pub const EXACT_MAX_SQUARES: usize = 64;

/// Whether this solve runs the search: an edge-matching board by score that is large, or asked
/// for with `--opt lns`, `--best`, `--start`, `--moves` or `--fill-nodes`.
pub(crate) fn wanted(f: &EdgeMatching, score: &ScoreConfig) -> bool {
    f.options.score
        && (score.lns
            || score.best.is_some()
            || score.start.is_some()
            || score.moves.is_some()
            || score.fill_nodes.is_some()
            || f.puzzle.squares() > EXACT_MAX_SQUARES)
}

/// The search, its best board checked and shown.
pub(crate) fn solve(
    f: &EdgeMatching,
    config: &SolveConfig,
    score: &ScoreConfig,
    parallel: &Parallel,
) -> Result<u8, Error> {
    crate::commands::notes(f);
    let start = match &score.start {
        Some(path) => {
            let text = wgrnd_sat::read_text(path)?;
            Some(f.read_solution(path, &text, None)?)
        }
        None => None,
    };
    let opts = LnsOptions {
        seed: score.seed,
        jobs: parallel.jobs,
        timeout: config.timeout,
        start,
        moves: score.moves,
        fill_nodes: score.fill_nodes,
        interrupt: crate::signal::interrupt().clone(),
    };
    let terminal = std::io::stderr().is_terminal();
    let mut failure: Option<Error> = None;
    // The score of the board `--best` holds.
    let mut written: Option<usize> = None;
    let mut report = |(board, value, at, moves): &(Vec<Placement>, usize, Duration, u64)| {
        if failure.is_some() {
            return;
        }
        if let Err(e) = checked(f, board, *value) {
            failure = Some(e);
            return;
        }
        let total = f.puzzle.rows * f.puzzle.cols.saturating_sub(1) + f.puzzle.rows.saturating_sub(1) * f.puzzle.cols;
        if config.verbose {
            eprintln!("o {value}");
            eprintln!("c {:.2} s: score {value}/{total} (move {moves})", at.as_secs_f64());
        } else if terminal {
            eprintln!("wgrnd: {:.2} s: score {value}/{total}", at.as_secs_f64());
        }
        // Every improvement written (the search hands over only the latest of those waiting);
        // a write that a signal stops leaves the previous file whole, and the search ends.
        if let Some(path) = &score.best {
            match write_best(f, path, board, *value) {
                Ok(()) => written = Some(*value),
                Err(Error::Solver(wgrnd_sat::solver::SolveError::Interrupted)) => {}
                Err(e) => failure = Some(e),
            }
        }
    };
    let o = wgrnd_families::edge::lns::search(&f.puzzle, &opts, &mut report)
        .map_err(|e| Error::bad_input(format!("{}: {e}", f.puzzle.name)))?;
    if let Some(e) = failure {
        return Err(e);
    }
    if o.interrupted {
        // The search has stopped for the signal: it is honoured. What remains is to leave the
        // best board behind, whose write the signal may have stopped (the file then still holds
        // an older board), and to show it: a new signal during those writes stops them again.
        crate::signal::interrupt().clear();
    }
    if let Some(path) = &score.best {
        if written != Some(o.score) {
            checked(f, &o.best, o.score)?;
            write_best(f, path, &o.best, o.score)?;
        }
    }
    finish(f, config, &o)
}

/// The independent checker's word on a reported board: no violation but mismatches, and the
/// same score.
fn checked(f: &EdgeMatching, board: &Vec<Placement>, value: usize) -> Result<(), Error> {
    let violations = f.check(board)?;
    if let Some(v) = violations.first() {
        return Err(Error::EncodingBug(format!("the search reported a board the checker refuses: {v}")));
    }
    let recomputed = wgrnd_families::edge::check::edge_score(&f.puzzle, board).matched;
    if recomputed != value {
        return Err(Error::EncodingBug(format!("the search scores a board {value}, the checker {recomputed}")));
    }
    Ok(())
}

/// `--best FILE`: the board as JSON with its score and bucas link, and `FILE.svg`.
fn write_best(f: &EdgeMatching, path: &str, board: &Vec<Placement>, value: usize) -> Result<(), Error> {
    let total = wgrnd_families::edge::check::edge_score(&f.puzzle, board).total;
    let mut doc = json_with(f, board, &[("score", serde_json::json!(value)), ("total", serde_json::json!(total))])?;
    if let Ok(link) = f.render(board, View::Bucas) {
        doc.insert("bucas".into(), serde_json::json!(link.trim()));
    }
    Output::new(path).text(&format!("{}\n", serde_json::Value::Object(doc)))?;
    Output::new(&format!("{path}.svg")).text(&f.render(board, View::Svg)?)
}

/// The board's JSON (as `--json` shows it) with more fields.
fn json_with(
    f: &EdgeMatching,
    board: &Vec<Placement>,
    fields: &[(&str, serde_json::Value)],
) -> Result<serde_json::Map<String, serde_json::Value>, Error> {
    let text = f.render(board, View::Json)?;
    let mut doc = match serde_json::from_str(&text) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => return Err(Error::EncodingBug("a board's JSON does not read back as an object".into())),
    };
    for (k, v) in fields {
        doc.insert((*k).into(), v.clone());
    }
    Ok(doc)
}

/// Shows the best board; exit 10 when every inner edge matches (the optimum), else 11.
fn finish(f: &EdgeMatching, config: &SolveConfig, o: &Outcome) -> Result<u8, Error> {
    let optimal = o.score == o.total;
    if config.verbose {
        eprintln!("c wgrnd {} on `{}` ({}): large-neighbourhood search", env!("CARGO_PKG_VERSION"), f.name(), f.kind());
        eprintln!("c window moves {} ({} improved)", o.windows.tried, o.windows.improved);
        eprintln!("c assignment moves {} ({} improved)", o.assignments.tried, o.assignments.improved);
        eprintln!(
            "c refill moves {} ({} improved, {} searched to the end)",
            o.refills.tried, o.refills.improved, o.refills_exact
        );
        eprintln!("c swap moves {} ({} improved, {} kept worse)", o.swaps.tried, o.swaps.improved, o.worse);
        eprintln!("c kicks {} ({} raised the thread's best)", o.kicks.tried, o.kicks.improved);
        eprintln!("c moves {} (all threads)", o.moves);
        eprintln!(
            "c start fill: {} restarts, {} placements, {} better boards",
            o.fill.restarts, o.fill.nodes, o.fill.improved
        );
        eprintln!("s {}", if optimal { "OPTIMUM FOUND" } else { "SATISFIABLE" });
    }
    let how = if optimal {
        "every inner edge matches: optimum"
    } else if o.interrupted {
        "the best found before the interrupt, not proven optimal"
    } else {
        "the best found in the time limit (or the moves), not proven optimal"
    };
    if config.show.view == View::Json {
        let doc = json_with(
            f,
            &o.best,
            &[("objective", serde_json::json!([o.score])), ("optimal", serde_json::json!(optimal))],
        )?;
        Output::new(&config.show.output).text(&format!("{}\n", serde_json::Value::Object(doc)))?;
    } else {
        eprintln!("wgrnd: score {}/{} ({how})", o.score, o.total);
        show(f, wgrnd_families::pipeline::Answer::Solved(o.best.clone()), &config.show)?;
    }
    Ok(if optimal { exit::SOLVED } else { exit::FEASIBLE })
}
