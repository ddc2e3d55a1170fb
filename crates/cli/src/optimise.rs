//! The commands' side of optimisation (issue 26; docs/optimise.md): `solve` of a grounding with
//! an objective runs the exact optimiser and reports every improvement as it is found, `encode
//! --wcnf` writes the MaxSAT Evaluation's WCNF, and `count`/`backbone` of such a grounding work
//! over its optimal solutions (the optimum found first, then fixed).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use wgrnd_families::{exit, Error, Family, Grounding, View};
use wgrnd_families::{pipeline, pipeline::Answer};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::Lit;

use crate::commands::show;
use crate::config::SolveConfig;
use crate::output::Output;

/// `solve` of a grounding with an objective: the optimum (or, stopped early, the best found),
/// checked, its objective recomputed by the family's checker and shown.
pub(crate) fn solve<F: Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    config: &SolveConfig,
    grounding: Duration,
) -> Result<u8, Error> {
    let started = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut report = |_: &wgrnd_sat::Model, costs: &[i64]| {
        let values = join(&g.objective.shown(costs));
        if config.verbose {
            eprintln!("o {values}");
        } else if terminal {
            eprintln!("wgrnd: {:.2} s: objective {values}", started.elapsed().as_secs_f64());
        }
    };
    let o = wgrnd_engine::optimise::optimise(g, &config.solver, config.opt, config.timeout, &mut report)?;
    let solving = started.elapsed();
    if config.verbose {
        eprintln!("c wgrnd {} on `{}` ({})", env!("CARGO_PKG_VERSION"), f.name(), f.kind());
        eprintln!("c atoms {} clauses {} projection {}", g.cnf.num_vars(), g.cnf.num_clauses(), g.projection.len());
        eprintln!("c solver {} optimiser {} ({} solves)", config.solver.name(), o.engines.join(" "), o.solves);
        eprintln!("c grounding {:.3} s", grounding.as_secs_f64());
        eprintln!("c optimising {:.3} s", solving.as_secs_f64());
    }
    let Some((model, costs)) = o.best else {
        let (answer, code) = match (o.optimal, o.interrupted) {
            (true, _) => (Answer::NoSolution, None),
            (false, true) => (Answer::Unknown, Some(exit::INTERRUPTED)),
            (false, false) => (Answer::Unknown, None),
        };
        let shown = show(f, answer, &config.show)?;
        return Ok(code.unwrap_or(shown));
    };
    g.check_model(&model).map_err(|e| Error::EncodingBug(e.to_string()))?;
    let solution = pipeline::checked_decode(f, g, &model)?;
    let values = g.objective.shown(&costs);
    if let Some(checked) = f.objective_values(&solution)? {
        if checked != values {
            return Err(Error::EncodingBug(format!(
                "the checker computes the objective {}, the optimiser {}",
                join(&checked),
                join(&values)
            )));
        }
    }
    let how = if o.optimal {
        "optimum, proven"
    } else if o.interrupted {
        "the best found before the interrupt, not proven optimal"
    } else {
        "the best found in the time limit, not proven optimal"
    };
    if config.verbose {
        eprintln!("s {}", if o.optimal { "OPTIMUM FOUND" } else { "SATISFIABLE" });
    }
    if config.show.view == View::Json {
        let text = f.render(&solution, View::Json)?;
        let doc: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Error::EncodingBug(format!("a solution's JSON does not read back: {e}")))?;
        let mut doc = match doc {
            serde_json::Value::Object(m) => m,
            other => serde_json::Map::from_iter([("solution".to_string(), other)]),
        };
        doc.insert("objective".into(), serde_json::json!(values));
        doc.insert("optimal".into(), serde_json::json!(o.optimal));
        Output::new(&config.show.output).text(&format!("{}\n", serde_json::Value::Object(doc)))?;
    } else {
        eprintln!("wgrnd: objective {} ({how})", join(&values));
        show(f, Answer::Solved(solution), &config.show)?;
    }
    Ok(if o.optimal { exit::SOLVED } else { exit::FEASIBLE })
}

fn join(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
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
    let (g, optimum) = wgrnd_engine::count::optimal_only(g, solver, timeout)?;
    if let (true, Some(optimum)) = (verbose, optimum) {
        eprintln!("c optimum {} (counting optimal solutions)", join(&optimum));
    }
    Ok(g)
}
