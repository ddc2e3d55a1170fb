//! The subcommands on packing puzzles (`.pack` files): the same verbs as for edge-matching
//! puzzles, calling the packing halves of the library crates.

use std::time::Duration;

use wgrnd_check::check_packing;
use wgrnd_cnf::{parse_answer, write_dimacs, SolverAnswer};
use wgrnd_ground::packing::{check_packing_size, encode_packing, symmetries, PackEncoding, PackOptions, PackSymmetry};
use wgrnd_puzzle::formats;
use wgrnd_puzzle::packing::{determinant, Packing, PiecePlacement};
use wgrnd_render::{packing_json, render_packing, Status, View};

use crate::output::Output;
use crate::{exit, report_count, set_stoppable, Failure, Progress, ShowArgs, STOPPABLE};

/// Grounds, after refusing packings too large to ground (exit 2, with the estimate).
pub fn encode_checked(k: &Packing, opts: &PackOptions) -> Result<PackEncoding, Failure> {
    check_packing_size(k).map_err(|e| Failure::Input(format!("{}: {e}", k.name)))?;
    Ok(encode_packing(k, opts))
}

/// `wgrnd encode` on a packing.
pub fn encode(k: &Packing, opts: &PackOptions, output: &str) -> Result<u8, Failure> {
    let enc = encode_checked(k, opts)?;
    Output::new(output).write(|w| write_dimacs(&enc.cnf, &enc.comments(k), w))?;
    Ok(exit::OK)
}

/// `wgrnd solve` on a packing.
pub fn solve(
    k: &Packing,
    opts: &PackOptions,
    show: &ShowArgs,
    timeout: Option<u64>,
    solver: &str,
) -> Result<u8, Failure> {
    let enc = encode_checked(k, opts)?;
    let mut backend = wgrnd_solve::backend(solver, timeout.map(Duration::from_secs));
    STOPPABLE.store(backend.stoppable(), std::sync::atomic::Ordering::SeqCst);
    let answer = backend.solve(&enc.cnf)?;
    if let SolverAnswer::Sat(m) = &answer {
        enc.check_model(m, k).map_err(|e| Failure::Solver(format!("solver `{solver}`: {e}")))?;
    }
    finish(k, &enc, answer, show)
}

/// `wgrnd decode` on a packing.
pub fn decode(k: &Packing, opts: &PackOptions, model: &str, show: &ShowArgs) -> Result<u8, Failure> {
    let enc = encode_checked(k, opts)?;
    let text = formats::read_text(model)?;
    let answer = parse_answer(&formats::display_name(model), &text, enc.cnf.num_vars())?;
    if let SolverAnswer::Sat(m) = &answer {
        enc.check_model(m, k).map_err(|e| Failure::Input(format!("{}: {e}", formats::display_name(model))))?;
    }
    finish(k, &enc, answer, show)
}

fn finish(k: &Packing, enc: &PackEncoding, answer: SolverAnswer, show: &ShowArgs) -> Result<u8, Failure> {
    let view = show.view();
    let out = Output::new(&show.output);
    match answer {
        SolverAnswer::Sat(model) => {
            let placed = enc.decode(&model, k);
            verify(k, &placed)?;
            out.write(|w| w.write_all(render_packing(k, &placed, view).as_bytes()))?;
            Ok(exit::SOLVED)
        }
        SolverAnswer::Unsat => {
            if view == View::Json {
                out.write(|w| w.write_all(packing_json(k, Status::Unsatisfiable, &[]).as_bytes()))?;
            } else {
                out.write(|w| writeln!(w, "no solution: the pieces of `{}` cannot be packed", k.name))?;
            }
            Ok(exit::NO_SOLUTION)
        }
        SolverAnswer::Unknown => {
            if view == View::Json {
                out.write(|w| w.write_all(packing_json(k, Status::Unknown, &[]).as_bytes()))?;
            } else {
                out.write(|w| {
                    writeln!(w, "unknown: the solver gave up before finding a packing or proving there is none")
                })?;
            }
            Ok(exit::UNKNOWN)
        }
    }
}

/// The independent check of a packing the solver found; failing it is an encoding bug.
fn verify(k: &Packing, placed: &[PiecePlacement]) -> Result<(), Failure> {
    let violations = check_packing(k, placed);
    if violations.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
    Err(Failure::Internal(format!(
        "the solver's model fails the independent check (an encoding bug): {}",
        list.join("; ")
    )))
}

/// `wgrnd count` on a packing: every model stands for its orbit under the region's symmetries
/// (see `wgrnd_count::count_packings`); `unit` says which of the three counts is the answer.
#[allow(clippy::too_many_arguments)]
pub fn count(
    k: &Packing,
    opts: &PackOptions,
    unit: PackSymmetry,
    solver: &str,
    max: Option<u64>,
    timeout: Option<u64>,
    print: bool,
    show: &ShowArgs,
) -> Result<u8, Failure> {
    let enc = encode_checked(k, opts)?;
    let syms = symmetries(k, &enc.dispositions, true);
    let rotations = syms.iter().filter(|s| determinant(&s.matrix) == 1).count();
    set_stoppable(solver);
    let view = show.view();
    let limits = wgrnd_count::Limits { max, timeout: timeout.map(Duration::from_secs) };
    let mut progress = Progress::new(print);
    let result = wgrnd_count::count_packings(k, &enc, &syms, unit, solver, &limits, |n, first, placed| {
        if first || unit == PackSymmetry::None {
            progress.found(n + 1, || render_packing(k, placed, view));
        }
    });
    let printed = progress.finish();
    let c = result?;
    let what = match unit {
        PackSymmetry::None => String::new(),
        PackSymmetry::Rotations => format!(" up to the region's {rotations} rotations"),
        PackSymmetry::All => format!(" up to the region's {} rotations and reflections", syms.len()),
    };
    let bound = if c.count.complete() { "" } else { "at least " };
    let detail = format!(
        "{bound}{} packing(s) of the fixed region, {bound}{} up to its {rotations} rotations, {bound}{} up to its {} rotations and reflections",
        c.solutions,
        c.rotation_orbits,
        c.orbits,
        syms.len()
    );
    let extra = serde_json::json!({
        "packings": c.solutions, "rotation_orbits": c.rotation_orbits, "orbits": c.orbits,
        "rotations": rotations, "symmetries": syms.len(),
    });
    report_count(&c.count, &what, unit.name(), show, &printed, Some((detail, extra)))
}

/// `wgrnd check` on a packing.
pub fn check(k: &Packing, solution: &str) -> Result<u8, Failure> {
    let text = formats::read_text(solution)?;
    let placed = formats::read_packing_solution(&formats::display_name(solution), &text, k)?;
    let violations = check_packing(k, &placed);
    let mut text = String::new();
    let code = if violations.is_empty() {
        text += &format!("valid: the {} placed pieces pack `{}`\n", placed.len(), k.name);
        exit::OK
    } else {
        text += &format!("invalid: {} violation(s) of `{}`:\n", violations.len(), k.name);
        for v in &violations {
            text += &format!("  {v}\n");
        }
        exit::WRONG
    };
    Output::new("-").write(|w| w.write_all(text.as_bytes()))?;
    Ok(code)
}
