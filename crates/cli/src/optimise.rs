//! The commands' side of optimisation (docs/optimise.md): how the optimum of a `solve` is shown,
//! `encode --wcnf` (the MaxSAT Evaluation's WCNF), and `count`/`backbone` of a grounding with an
//! objective, which work over its optimal solutions (the optimum found first, then fixed).

use std::time::Duration;
use wgrnd_seam::Present;

use wgrnd_engine::solve::{join, Objective};
use wgrnd_families::pipeline::Answer;
use wgrnd_families::{exit, Error, Family, Grounding, View};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::Lit;

use crate::config::SolveConfig;
use crate::output::Output;

/// Shows the answer of a solve with an objective ([`wgrnd_engine::solve`] found, checked and
/// recomputed it): the objective and whether it is proven optimal, then the solution; the exit
/// code says optimal (`SOLVED`), feasible, none, or interrupted.
pub(crate) fn show<F: Family + Present>(
    f: &F,
    answer: Answer<F::Solution>,
    objective: &Objective,
    config: &SolveConfig,
) -> Result<u8, Error> {
    let solution = match answer {
        Answer::Solved(s) => s,
        other => {
            let shown = crate::commands::show(f, other, &config.show)?;
            let interrupted = !objective.optimal && objective.interrupted;
            return Ok(if interrupted { exit::INTERRUPTED } else { shown });
        }
    };
    let how = if objective.optimal {
        "optimum, proven"
    } else if objective.interrupted {
        "the best found before the interrupt, not proven optimal"
    } else {
        "the best found in the time limit, not proven optimal"
    };
    if config.verbose {
        eprintln!("s {}", if objective.optimal { "OPTIMUM FOUND" } else { "SATISFIABLE" });
    }
    if config.show.view == View::Json {
        let text = f.render(&solution, View::Json)?;
        let doc: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Error::EncodingBug(format!("a solution's JSON does not read back: {e}")))?;
        let mut doc = match doc {
            serde_json::Value::Object(m) => m,
            other => serde_json::Map::from_iter([("solution".to_string(), other)]),
        };
        doc.insert("objective".into(), serde_json::json!(objective.values));
        doc.insert("optimal".into(), serde_json::json!(objective.optimal));
        Output::new(&config.show.output).text(&format!("{}\n", serde_json::Value::Object(doc)))?;
    } else {
        eprintln!("wgrnd: objective {} ({how})", join(&objective.values));
        crate::commands::show(f, Answer::Solved(solution), &config.show)?;
    }
    Ok(if objective.optimal { exit::SOLVED } else { exit::FEASIBLE })
}

/// `encode --wcnf`: the CNF as hard clauses and the objective as weighted soft clauses (the
/// MaxSAT Evaluation's format; lexicographic levels combined by weights).
pub(crate) fn encode_wcnf<F: Family>(f: &F, output: &str) -> Result<u8, Error> {
    crate::commands::notes(f);
    let g = f.ground()?;
    let (offset, soft) = g.objective.as_maxsat().ok_or_else(|| {
        Error::Option("--wcnf: the objective's levels, combined into one MaxSAT weight, overflow 64 bits".into())
    })?;
    let soft: Vec<(u64, Vec<Lit>)> = soft.into_iter().map(|(w, l)| (w, vec![l])).collect();
    let mut header = g.header.clone();
    header.push(format!(
        "wcnf: cost = {offset} + the weight of the falsified soft clauses ({} levels combined lexicographically)",
        g.objective.levels.len()
    ));
    Output::new(output).write(|w| wgrnd_sat::write_wcnf(&g.cnf, &header, &soft, w))?;
    Ok(exit::OK)
}

/// For `count` and `backbone`: the grounding of the optimal solutions
/// ([`wgrnd_engine::count::optimal_only`]), the optimum said on standard error with `verbose`.
pub(crate) fn optimal_only<E>(
    g: Grounding<E>,
    solver: &SolverSpec,
    timeout: Option<Duration>,
    verbose: bool,
) -> Result<Grounding<E>, Error> {
    let (g, optimum) = wgrnd_engine::count::optimal_only(g, solver, timeout, crate::signal::interrupt())?;
    if let (true, Some(optimum)) = (verbose, optimum) {
        eprintln!("c optimum {} (counting optimal solutions)", join(&optimum));
    }
    Ok(g)
}
