//! The commands that split a puzzle into cubes, written once over [`Family`] like the others:
//! `count --cubes`, and `cube`, which writes the cubes for other solvers and clusters. Without
//! cubes, `count` is the plain command of [`crate::commands`]; `solve` with `--jobs` or
//! `--cubes` is [`crate::commands::solve`], whose route the engine decides.

use wgrnd_engine::{emit, runs};
use wgrnd_families::{exit, Error, Family, View};
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use crate::commands::{self, notes, report_count};
use crate::config::{CountConfig, CubeConfig, Parallel};
use crate::output::{Output, Progress};

/// `wgrnd count`: the plain count, or with `--cubes` the sum of the cubes' counts.
pub fn count<F>(f: &F, config: &CountConfig, parallel: Parallel) -> Result<u8, Error>
where
    F: Family + Search + Present,
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
