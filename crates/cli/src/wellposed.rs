//! The questions of a well-posed puzzle that are not a count (docs/wellposed.md), written once
//! over the family interface: `backbone` (what every solution shares, "what can be deduced") and
//! `generate --unique PUZZLE` (pose the puzzle with a minimal set of clues that makes one
//! solution unique). The third question, "exactly one?", is `count --max 2`.

use wgrnd_families::{exit, AtomNames, Error, Family, Pose, Status, View};
use wgrnd_sat::{display_name, read_text};
use wgrnd_seam::Explain;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use crate::config::{BackboneConfig, PoseConfig};
use crate::output::Output;

/// `wgrnd backbone`: the fixed atoms by name and value, how many of the shown atoms that is, the
/// solver calls and time, and the family's picture of the partial solution.
pub fn backbone<F: Family + Present + Explain + Search>(f: &F, config: &BackboneConfig) -> Result<u8, Error> {
    crate::commands::notes(f);
    let g = f.ground()?;
    let g = crate::optimise::optimal_only(g, &config.solver, config.timeout, false)?;
    let b = wgrnd_engine::backbone::backbone(
        f,
        &g,
        &config.solver,
        config.chunk,
        config.timeout,
        crate::signal::interrupt(),
    )?;
    let name = |l: &wgrnd_sat::Lit| g.encoding.atom_name(l.var());
    let fixed: std::collections::HashSet<u32> = b.fixed.iter().map(|l| l.var().get()).collect();
    // Atoms outside the projection (auxiliary ones) are not asked about: a picture shows
    // projection atoms, and every other atom counts as known.
    let projected: std::collections::HashSet<u32> = g.projection.iter().map(|v| v.get()).collect();
    let known = |v: wgrnd_sat::Var| fixed.contains(&v.get()) || !projected.contains(&v.get());
    let picture = b.solution.as_ref().and_then(|s| f.render_partial(&g, s, &known));
    let status = match (&b.solution, b.stop) {
        (Some(_), _) => Status::Solved,
        (None, wgrnd_engine::count::Stop::Exhausted) => Status::Unsatisfiable,
        (None, _) => Status::Unknown,
    };
    let code = match (status, b.stop) {
        (_, wgrnd_engine::count::Stop::Interrupted) => exit::INTERRUPTED,
        (Status::Unsatisfiable, _) => exit::NO_SOLUTION,
        (_, wgrnd_engine::count::Stop::Exhausted) => exit::OK,
        _ => exit::UNKNOWN,
    };
    let text = if config.show.view == View::Json {
        let fixed: Vec<serde_json::Value> =
            b.fixed.iter().map(|l| serde_json::json!({ "atom": name(l), "value": l.is_positive() })).collect();
        let doc = serde_json::json!({
            "version": wgrnd_families::edge::render::JSON_VERSION,
            "kind": f.kind(),
            "puzzle": f.name(),
            "status": match status { Status::Solved => "solved", Status::Unsatisfiable => "unsatisfiable", Status::Unknown => "unknown" },
            "complete": b.complete(),
            "stopped": b.stop.name(),
            "fixed": fixed,
            "fixed_count": b.fixed.len(),
            "open": b.open,
            "total": b.total,
            "solver_calls": b.solver_calls,
            "chunk": config.chunk,
            "seconds": b.elapsed.as_secs_f64(),
            "picture": picture,
        });
        format!("{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default())
    } else if status != Status::Solved {
        f.render_none(status, View::Auto)
    } else if config.show.view == View::Svg {
        // The family's picture of what is known, as an explanation's step draws it with no step
        // marked: what every solution shares drawn, the rest `?` (a blank would read as a
        // deduced empty cell), the verdict under the grid.
        let caption = [format!(
            "backbone: {} of {} shown atom(s) the same in every solution{}",
            b.fixed.len(),
            b.total,
            if b.complete() { "" } else { " (stopped early: at least this many)" }
        )];
        let step = wgrnd_families::StepPicture { known: &known, clues: &[], facts: &[], new: &[], caption: &caption };
        let svg = b.solution.as_ref().and_then(|s| f.step_svg(&g, s, &step));
        svg.ok_or_else(|| {
            Error::Option(format!(
                "`backbone --view svg`: {} has no picture of a partial solution; --view auto lists the atoms",
                f.name()
            ))
        })?
    } else {
        let mut s = String::new();
        let bound = if b.complete() {
            String::new()
        } else {
            format!(" (stopped: {}; {} not yet decided, so at least this many)", b.stop.name(), b.open)
        };
        s += &format!(
            "backbone: {} of {} shown atom(s) take the same value in every solution{bound}; {} solver call(s), chunk {}, {:.3} s\n",
            b.fixed.len(),
            b.total,
            b.solver_calls,
            config.chunk,
            b.elapsed.as_secs_f64()
        );
        if let Some(p) = &picture {
            s += &format!("what every solution shows (? = differs between solutions):\n{p}");
        }
        let (yes, no): (Vec<_>, Vec<_>) = b.fixed.iter().partition(|l| l.is_positive());
        let list = |v: &[&wgrnd_sat::Lit]| v.iter().map(|l| name(l)).collect::<Vec<_>>().join(" ");
        s += &format!("true in every solution ({}): {}\n", yes.len(), list(&yes));
        s += &format!("false in every solution ({}): {}\n", no.len(), list(&no));
        s
    };
    Output::new(&config.show.output).text(&text)?;
    Ok(code)
}

/// `wgrnd generate --unique PUZZLE`: the solution (given; else the puzzle's own when it has
/// exactly one; else drawn at random from the puzzle with every clue withheld), the construction,
/// and the posed puzzle written whole to `-o`.
pub fn pose<F: Pose + Search + Present + Explain>(f: &F, config: &PoseConfig) -> Result<u8, Error> {
    let target = match &config.solution {
        Some(file) => {
            let text = read_text(file)?;
            let s = f.read_solution(&display_name(file), &text, None)?;
            let violations = f.check(&s)?;
            if !violations.is_empty() {
                let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
                return Err(Error::Option(format!(
                    "{}: not a solution of the puzzle without its clues: {}",
                    display_name(file),
                    list.join("; ")
                )));
            }
            s
        }
        None => {
            let own = if f.clues().is_empty() {
                None
            } else {
                wgrnd_engine::count::only_solution(
                    f,
                    &wgrnd_sat::solver::SolverSpec::Builtin,
                    config.timeout,
                    crate::signal::interrupt(),
                )?
            };
            if let Some(s) = own {
                eprintln!(
                    "wgrnd: the puzzle has exactly one solution: posing it with the fewest of its clues (--solution FILE poses another)"
                );
                return finish_pose(f, &s, config);
            }
            let bare = f.with_clues(&[])?;
            match wgrnd_engine::count::random_solution(
                &bare,
                &wgrnd_sat::solver::SolverSpec::Builtin,
                config.seed,
                config.timeout,
                crate::signal::interrupt(),
            )? {
                Some(s) => s,
                None => {
                    eprint!("wgrnd: nothing written: {}", bare.render_none(Status::Unsatisfiable, View::Auto));
                    return Ok(exit::NO_SOLUTION);
                }
            }
        }
    };
    finish_pose(f, &target, config)
}

/// The construction for `target` and the posed puzzle written.
fn finish_pose<F: Pose + Search + Explain>(f: &F, target: &F::Solution, config: &PoseConfig) -> Result<u8, Error> {
    let posed = wgrnd_engine::count::pose_unique(
        f,
        target,
        &wgrnd_sat::solver::SolverSpec::Builtin,
        config.timeout,
        crate::signal::interrupt(),
    )?;
    if !posed.left_out.is_empty() {
        eprintln!("wgrnd: the solution breaks the puzzle's clue(s) {}: left out", posed.left_out.join(", "));
    }
    let puzzle = match config.max_step {
        Some(k) => within_max_step(f, target, posed.puzzle, k)?,
        None => posed.puzzle,
    };
    let extension = std::path::Path::new(&config.output).extension().and_then(|e| e.to_str());
    let text = puzzle.write(extension)?;
    Output::new(&config.output).text(&text)?;
    eprintln!(
        "wgrnd: exactly one solution with {} clue(s), none of which can be dropped (each drop counted to 2); {} added to the puzzle's {} kept, {} dropped; {} counts, {:.2} s",
        posed.clues,
        posed.added,
        f.clues().len() - posed.left_out.len(),
        posed.dropped,
        posed.counts,
        posed.elapsed.as_secs_f64()
    );
    Ok(exit::OK)
}

/// The largest step of the explanation of `f` (which has a solution).
fn largest_step<F: Family + Explain>(f: &F) -> Result<usize, Error> {
    let g = f.ground_groups()?;
    let opts =
        wgrnd_engine::explain::ExplainOptions { interrupt: crate::signal::interrupt().clone(), ..Default::default() };
    match wgrnd_engine::explain::explain(f, &g, &wgrnd_sat::solver::SolverSpec::Builtin, &opts)? {
        Some(e) => Ok(e.largest()),
        None => Err(Error::EncodingBug("the posed puzzle lost its solution".into())),
    }
}

/// `generate --unique --max-step K`: the posed puzzle with the fewest further clues of `target`
/// (taken in the family's order, the kind of clue it keeps first) that make its explanation need
/// no step above K, found by bisection on how many are added. More clues keep the solution unique.
fn within_max_step<F: Pose + Explain>(f: &F, target: &F::Solution, posed: F, k: usize) -> Result<F, Error> {
    if largest_step(&posed)? <= k {
        return Ok(posed);
    }
    let have = posed.clues();
    let mut extra: Vec<F::Clue> = f.clues_of(target)?.into_iter().filter(|c| !have.contains(c)).collect();
    extra.sort_by_key(|c| std::cmp::Reverse(f.drop_rank(c)));
    let with = |n: usize| {
        let mut clues = have.clone();
        clues.extend(extra[..n].iter().cloned());
        f.with_clues(&clues)
    };
    let all = with(extra.len())?;
    if largest_step(&all)? > k {
        return Err(Error::Option(format!(
            "generate --max-step {k}: even with every clue of the solution a step needs more than {k} facts"
        )));
    }
    // The fewest added clues that do it (bisection: more clues never make the largest step larger
    // in practice; the answer is checked below either way).
    let (mut lo, mut hi) = (0, extra.len());
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if largest_step(&with(mid)?)? <= k {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let out = with(hi)?;
    if largest_step(&out)? > k {
        return Ok(all);
    }
    eprintln!("wgrnd: {hi} clue(s) added so that no step of the explanation needs more than {k} facts");
    Ok(out)
}
