//! # wgrnd-cli
//!
//! The `wgrnd` command line, thin over the library crates: [`args`] is what clap reads,
//! [`config`] the one place where raw flags become a validated [`config::Job`], [`commands`] the
//! pipeline commands written once over the family interface, [`tools`] the others, [`output`]
//! where results go, [`signal`] the process's Ctrl-C, [`serve`] the browser page on this
//! machine. `main` only parses, runs [`run`] and turns the result into an exit code.

#![warn(missing_docs)]

// Flattened clap fields carry no doc comment: clap would take it for help text.
#[allow(missing_docs)]
pub mod args;
pub mod batch;
pub mod commands;
pub mod config;
pub mod explain;
mod lns;
mod optimise;
pub mod output;
pub mod parallel;
pub mod serve;
pub mod signal;
pub mod tools;
#[cfg(target_os = "wasi")]
mod wasi;
pub mod wellposed;

use wgrnd_families::pipeline::check_view;
use wgrnd_families::registry::load;
use wgrnd_families::{with_family, Error};

use crate::config::Job;

/// Runs a validated job; returns the exit code of its outcome.
pub fn run(job: Job) -> Result<u8, Error> {
    match job {
        Job::Encode { puzzle, output, xor_lines, wcnf: false } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| commands::encode(
                &f, &output, xor_lines
            ))
        }
        Job::Encode { puzzle, output, wcnf: true, .. } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| optimise::encode_wcnf(&f, &output))
        }
        Job::Solve { puzzle, config, parallel, score } => {
            let loaded = load(&puzzle.path, puzzle.format, &puzzle.options)?;
            if let wgrnd_families::registry::Loaded::EdgeMatching(f) = &loaded {
                if lns::wanted(f, &score) {
                    check_view(f, config.show.view)?;
                    return lns::solve(f, &config, &score, &parallel);
                }
            }
            if score.any() {
                return Err(Error::Option(
                    "--best, --start, --seed, --moves, --fill-nodes and --opt lns apply to `--maximize matches` on edge-matching puzzles"
                        .into(),
                ));
            }
            with_family!(loaded, |f| check_view(&f, config.show.view)
                .and_then(|()| commands::solve(&f, &config, parallel)))
        }
        Job::Decode { puzzle, model, cnf, show } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| check_view(&f, show.view)
                .and_then(|()| commands::decode(&f, &model, cnf.as_deref(), &show)))
        }
        Job::Count { puzzle, config, parallel } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| check_view(&f, config.show.view)
                .and_then(|()| parallel::count(&f, &config, parallel)))
        }
        Job::Cube { puzzle, config } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| parallel::cube(&f, &config))
        }
        Job::ModelCount { puzzle, counter, unit, show } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| check_view(&f, show.view)
                .and_then(|()| commands::model_count(&f, &counter, unit, &show)))
        }
        Job::Check { puzzle, solution, format } => with_family!(
            load(&puzzle.path, puzzle.format, &puzzle.options)?,
            |f| commands::check(&f, &solution, format)
        ),
        Job::Generate { spec, unique, puz, output } => tools::generate(&spec, unique, puz, &output),
        Job::Pose { puzzle, config } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| wellposed::pose(&f, &config))
        }
        Job::Backbone { puzzle, config } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| check_view(&f, config.show.view)
                .and_then(|()| wellposed::backbone(&f, &config)))
        }
        Job::Explain { puzzle, config } => {
            with_family!(load(&puzzle.path, puzzle.format, &puzzle.options)?, |f| check_view(&f, config.show.view)
                .and_then(|()| explain::explain(&f, &config)))
        }
        Job::Shuffle { puzzle, seed, output } => tools::shuffle(&puzzle, seed, &output),
        Job::Data { puzzle, output } => tools::data(&puzzle, &output),
        Job::Batch { file, timeout } => batch::batch(&file, timeout),
        Job::Serve { dir, host, port } => serve::serve(&dir, &host, port),
        Job::DimacsCheck { cnf } => tools::dimacs_check(&cnf),
        Job::DimacsVerify { cnf, model } => tools::dimacs_verify(&cnf, &model),
    }
}
