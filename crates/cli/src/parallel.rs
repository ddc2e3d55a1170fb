//! The commands that use all cores, written once over [`Family`] like the others: `solve` with a
//! portfolio (`--jobs`) or through cubes (`--cubes`), `count --cubes`, and `cube`, which writes
//! the cubes for other solvers and clusters. With one job and no cubes, `solve` and `count` are
//! the plain commands of [`crate::commands`].

use std::time::Instant;

use wgrnd_engine::{emit, portfolio, runs};
use wgrnd_families::pipeline::Answer;
use wgrnd_families::{exit, Error, Family, View};

use crate::commands::{self, notes, report_count, show, Clock};
use crate::config::{CountConfig, CubeConfig, Parallel, SolveConfig};
use crate::output::{Output, Progress};

fn verdict<S>(a: &Answer<S>) -> &'static str {
    match a {
        Answer::Solved(_) => "solved, checked",
        Answer::NoSolution => "no solution",
        Answer::Unknown => "unknown",
    }
}

/// `wgrnd solve`: the plain solve with one job; a portfolio of `jobs` members; or the cubes.
pub fn solve<F>(f: &F, config: &SolveConfig, parallel: Parallel) -> Result<u8, Error>
where
    F: Family,
{
    if parallel.is_one() {
        return commands::solve(f, config);
    }
    notes(f);
    let started = Instant::now();
    let g = f.ground()?;
    // A closed parity system: Gauss elimination, no portfolio (commands::solve_grounded).
    if let Some(p) = commands::closed_parity(&g, config) {
        return commands::solve_grounded(f, config, &g, started, Some(p));
    }
    let grounding = started.elapsed();
    // A model with an objective is optimised on one core (docs/optimise.md).
    if !g.objective.is_empty() {
        return crate::optimise::solve(f, &g, config, grounding);
    }
    let clock = Clock::start("solving");
    let mut lines = Vec::new();
    let answer = match parallel.cubes {
        Some(n) => {
            let split = wgrnd_engine::cube::split_by(&g.cnf, &g.projection, n, parallel.score);
            lines.push(format!(
                "c cubes {} (refuted by propagation {}), split in {:.3} s",
                split.cubes.len(),
                split.refuted,
                split.elapsed.as_secs_f64()
            ));
            let left = config.timeout.map(|t| t.saturating_sub(started.elapsed()));
            let run = runs::solve_cubes(f, &g, &split.cubes, &config.solver, parallel.jobs, left)?;
            lines.push(format!("c jobs {}", parallel.jobs));
            lines.extend(cube_lines(&run.cubes));
            lines.push(format!("c solving {:.3} s", (run.elapsed - run.checking).as_secs_f64()));
            lines.push(format!("c checking {:.3} s", run.checking.as_secs_f64()));
            run.answer
        }
        None => {
            // The members are listed (external solvers looked for on PATH) only when a race is
            // run: a small formula's try by the backtracking engine comes first.
            let (outcome, members) = portfolio::solve_jobs(f, &g, &config.solver, Some(parallel.jobs), config.timeout)?;
            let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
            lines.push(match members.is_empty() {
                true => "c portfolio not raced: the backtracking engine answered a small formula first".into(),
                false => format!("c portfolio {} members: {}", members.len(), names.join(", ")),
            });
            for (name, e) in &outcome.failures {
                lines.push(format!("c member {name} failed: {e}"));
            }
            lines.push(format!("c winner {}", outcome.winner.as_deref().unwrap_or("none")));
            lines.push(format!("c solving {:.3} s", (outcome.elapsed - outcome.checking).as_secs_f64()));
            lines.push(format!("c checking {:.3} s", outcome.checking.as_secs_f64()));
            outcome.answer
        }
    };
    clock.stop();
    if config.verbose {
        eprintln!("c wgrnd {} on `{}` ({})", env!("CARGO_PKG_VERSION"), f.name(), f.kind());
        eprintln!("c atoms {} clauses {} projection {}", g.cnf.num_vars(), g.cnf.num_clauses(), g.projection.len());
        eprintln!("c solver {}", config.solver.name());
        eprintln!("c grounding {:.3} s", grounding.as_secs_f64());
        for l in &lines {
            eprintln!("{l}");
        }
        eprintln!("c answer {}", verdict(&answer));
    }
    show(f, answer, &config.show)
}

/// Per-cube statistics as `c` lines: how many of each verdict, and the spread of their times.
fn cube_lines(cubes: &[runs::CubeResult]) -> Vec<String> {
    let mut times: Vec<f64> = cubes.iter().map(|c| c.seconds).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((times.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
    let n = |v: &str| cubes.iter().filter(|c| c.verdict == v).count();
    let mut lines: Vec<String> =
        cubes.iter().map(|c| format!("c cube {} {} {:.3} s", c.cube, c.verdict, c.seconds)).collect();
    lines.extend([
        format!(
            "c cubes ended {}: sat {} unsat {} exhausted {} unknown {}",
            cubes.len(),
            n("sat"),
            n("unsat"),
            n("exhausted"),
            cubes.len() - n("sat") - n("unsat") - n("exhausted")
        ),
        format!(
            "c cube seconds min {:.3} median {:.3} p90 {:.3} max {:.3} sum {:.3}",
            at(0.0),
            at(0.5),
            at(0.9),
            at(1.0),
            times.iter().sum::<f64>()
        ),
    ]);
    lines
}

/// `wgrnd count`: the plain count, or with `--cubes` the sum of the cubes' counts.
pub fn count<F>(f: &F, config: &CountConfig, parallel: Parallel) -> Result<u8, Error>
where
    F: Family,
    F::Encoding: Clone,
{
    let Some(n) = parallel.cubes else {
        return commands::count(f, config);
    };
    notes(f);
    let g = f.ground()?;
    if !g.objective.is_empty() {
        return Err(Error::Option(
            "count --cubes: count the optimal solutions of a model with an objective without --cubes".into(),
        ));
    }
    runs::refuse_symmetries(&g)?;
    let split = wgrnd_engine::cube::split_by(&g.cnf, &g.projection, n, parallel.score);
    let view = config.show.view;
    if view == View::Json && config.print {
        return Err(Error::Option(
            "count --cubes --print --json: print the solutions as text, or count without --cubes".into(),
        ));
    }
    let mut progress = Progress::new(config.print);
    let (c, _per_cube) = runs::count_cubes(
        f,
        &g,
        &split.cubes,
        &config.solver,
        &config.limits,
        config.unit,
        parallel.jobs,
        |s, counted| progress.found(counted, || f.render(s, view).unwrap_or_else(|e| e.to_string())),
    )?;
    let printed = progress.finish();
    let (caption, unit_name) = f.count_caption(config.unit, &g);
    let detail = f.orbit_line(&c.orbits, c.complete());
    report_count(&c, &caption, unit_name, &config.show, &printed, detail, None)
}

/// `wgrnd cube`: the cubes as iCNF, or a directory of per-cube files.
pub fn cube<F: Family>(f: &F, config: &CubeConfig) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    let split = wgrnd_engine::cube::split_by(&g.cnf, &g.projection, config.cubes, config.score);
    if config.verbose {
        let assigned: Vec<usize> = split.cubes.iter().map(|c| c.assigned).collect();
        eprintln!(
            "c cubes {} refuted {} root-assigned {} of {} variables, split in {:.3} s",
            split.cubes.len(),
            split.refuted,
            split.root_assigned,
            g.cnf.num_vars(),
            split.elapsed.as_secs_f64()
        );
        eprintln!(
            "c assigned per cube min {} max {}",
            assigned.iter().min().unwrap_or(&0),
            assigned.iter().max().unwrap_or(&0)
        );
    }
    match &config.dir {
        Some(dir) => {
            emit::write_cube_dir(&g, f.name(), &split, dir, &config.slurm_solver)?;
            eprintln!("wgrnd: {} cubes in {}", split.cubes.len(), dir.display());
        }
        None => {
            let mut comments = g.header.clone();
            comments.extend(emit::split_comments(&split, g.projection.len()));
            Output::new(&config.output).write(|w| emit::write_icnf(&g.cnf, &comments, &split.cubes, w))?;
        }
    }
    Ok(exit::OK)
}
