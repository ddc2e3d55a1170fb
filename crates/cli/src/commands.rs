//! The commands, each written once over [`Family`]: `encode`, `solve`, `decode`, `check` and
//! `count` work for every family the registry knows (and for any other implementation of the
//! trait, as the tests' toy family shows). They call the library and format its answers; the exit
//! code of an outcome is decided here, that of an error by [`Error::exit_code`].

use std::io::IsTerminal;
use std::time::Instant;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use wgrnd_engine::count::Count;
use wgrnd_engine::solve::{self, Route, SolveOptions};
use wgrnd_families::{exit, CountUnit, Error, Family, SolutionFormat, Status, View};
use wgrnd_families::{pipeline, pipeline::Answer};
use wgrnd_sat::{display_name, read_text};
use wgrnd_seam::header;

use crate::config::{CountConfig, Parallel, ShowConfig, SolveConfig};
use crate::output::{Output, Progress};

/// Prints the family's notes about the puzzle on standard error.
pub(crate) fn notes<F: Family>(f: &F) {
    for note in f.notes() {
        eprintln!("wgrnd: {}", wgrnd_sat::escape_controls(&note));
    }
}

/// `wgrnd encode`: the CNF in DIMACS, its header naming every atom.
pub fn encode<F: Family>(f: &F, output: &str, xor_lines: bool) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    if xor_lines {
        Output::new(output).write(|w| wgrnd_seam::write_dimacs_xor(&g.cnf, &g.xors, &g.header, w))?;
        return Ok(exit::OK);
    }
    Output::new(output).write(|w| wgrnd_sat::write_dimacs(&g.cnf, &g.header, w))?;
    Ok(exit::OK)
}

/// `wgrnd solve`: ground, solve by the route the engine chooses ([`wgrnd_engine::solve`]: the
/// optimiser, Gauss elimination, cubes, or the portfolio on `parallel.jobs`), check, show; with
/// `-v`, statistics as `c` lines on standard error; on a terminal, the time spent while the
/// solver runs, or each improvement of an objective.
pub fn solve<F: Family + Search + Present>(f: &F, config: &SolveConfig, parallel: Parallel) -> Result<u8, Error> {
    notes(f);
    let started = Instant::now();
    let g = f.ground()?;
    let grounding = started.elapsed();
    let options = SolveOptions {
        solver: config.solver.clone(),
        jobs: Some(parallel.jobs),
        cubes: parallel.cubes.map(|n| (n, parallel.score)),
        timeout: config.timeout,
        opt: config.opt,
        interrupt: crate::signal::interrupt().clone(),
    };
    let optimising = !g.objective.is_empty();
    let clock = (!optimising).then(|| Clock::start("solving"));
    let terminal = std::io::stderr().is_terminal();
    let mut improved = |_: &wgrnd_sat::Model, costs: &[i64]| {
        let values = solve::join(&g.objective.shown(costs));
        if config.verbose {
            eprintln!("o {values}");
        } else if terminal {
            eprintln!("wgrnd: {:.2} s: objective {values}", started.elapsed().as_secs_f64());
        }
    };
    let solved = solve::solve(f, &g, &options, &mut improved)?;
    if let Some(clock) = clock {
        clock.stop();
    }
    if config.verbose {
        eprintln!("c wgrnd {} on `{}` ({})", env!("CARGO_PKG_VERSION"), f.name(), f.kind());
        eprintln!("{}", size_line(&g));
        if solved.route == Route::Optimiser {
            for line in &solved.notes {
                eprintln!("{line}");
            }
            eprintln!("c grounding {:.3} s", grounding.as_secs_f64());
            eprintln!("c optimising {:.3} s", solved.times.solving.as_secs_f64());
        } else {
            eprintln!("c solver {}", config.solver.name());
            eprintln!("c grounding {:.3} s", grounding.as_secs_f64());
            for line in &solved.notes {
                eprintln!("{line}");
            }
            eprintln!("c solving {:.3} s", solved.times.solving.as_secs_f64());
            eprintln!("c checking {:.3} s", solved.times.checking.as_secs_f64());
            eprintln!("c answer {}", verdict(&solved.answer));
        }
    }
    match solved.objective {
        Some(objective) => crate::optimise::show(f, solved.answer, &objective, config),
        None => show(f, solved.answer, &config.show),
    }
}

/// An answer in the words of `-v`'s `c answer` line.
fn verdict<S>(a: &Answer<S>) -> &'static str {
    match a {
        Answer::Solved(_) => "solved, checked",
        Answer::NoSolution => "no solution",
        Answer::Unknown => "unknown",
    }
}

/// The time spent, on standard error while a solver runs, on a terminal only (indicatif draws
/// nothing when standard error is piped).
pub(crate) struct Clock(indicatif::ProgressBar);

impl Clock {
    pub(crate) fn start(what: &str) -> Clock {
        let bar = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr_with_hz(4));
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        // The ticker is a thread: not started when nothing would be drawn (a pipe, a benchmark).
        if std::io::stderr().is_terminal() {
            bar.enable_steady_tick(std::time::Duration::from_millis(250));
        }
        Clock(bar)
    }

    pub(crate) fn stop(self) {
        self.0.finish_and_clear();
    }
}

/// `wgrnd decode`: a solver's answer for the puzzle's CNF, checked and shown; with `cnf`, that
/// CNF's `puzzle-hash` line must be this puzzle's under these options.
pub fn decode<F: Family + Present>(f: &F, model: &str, cnf: Option<&str>, config: &ShowConfig) -> Result<u8, Error> {
    let g = f.ground()?;
    if let Some(cnf) = cnf {
        same_puzzle(g.hash, cnf)?;
    }
    let text = read_text(model)?;
    let answer = pipeline::decode_answer(f, &g, &display_name(model), &text)?;
    show(f, answer, config)
}

/// Whether the CNF file `cnf` was written for this grounding (its `c puzzle-hash` line).
fn same_puzzle(hash: u64, cnf: &str) -> Result<(), Error> {
    Ok(header::check_written_for(&display_name(cnf), &read_text(cnf)?, hash)?)
}

/// Shows an answer and returns its exit code. An output file (`-o`) only ever holds a solution:
/// without one, nothing is written there and the verdict goes to standard error.
pub(crate) fn show<F: Family + Present>(f: &F, answer: Answer<F::Solution>, config: &ShowConfig) -> Result<u8, Error> {
    let out = Output::new(&config.output);
    let (status, code) = match answer {
        Answer::Solved(s) => {
            out.text(&f.render(&s, config.view)?)?;
            return Ok(exit::SOLVED);
        }
        Answer::NoSolution => (Status::Unsatisfiable, exit::NO_SOLUTION),
        Answer::Unknown => (Status::Unknown, exit::UNKNOWN),
    };
    if config.output == "-" {
        out.text(&f.render_none(status, config.view))?;
    } else {
        eprint!("wgrnd: nothing written to {}: {}", config.output, f.render_none(status, View::Auto));
    }
    Ok(code)
}

/// `wgrnd check`: the family's independent checker on a solution file.
pub fn check<F: Family + Present>(f: &F, solution: &str, format: Option<SolutionFormat>) -> Result<u8, Error> {
    let text = read_text(solution)?;
    let s = f.read_solution(&display_name(solution), &text, format)?;
    let violations = f.check(&s)?;
    let mut report = String::new();
    let code = if violations.is_empty() {
        report += &format!("{}\n", f.valid_line(&s));
        exit::OK
    } else {
        report += &format!("{}\n", f.invalid_line(violations.len()));
        for v in &violations {
            report += &format!("  {v}\n");
        }
        for note in f.check_notes(&s) {
            report += &format!("{note}\n");
        }
        exit::WRONG
    };
    Output::new("-").text(&report)?;
    Ok(code)
}

/// `wgrnd count`: enumerates with a spinner on a terminal (none when standard error is piped),
/// prints the solutions with `--print`, the summary, and a certificate with `--proof`.
pub fn count<F: Family + Search + Present>(f: &F, config: &CountConfig) -> Result<u8, Error> {
    notes(f);
    let clock = Instant::now();
    let g = f.ground()?;
    let g = crate::optimise::optimal_only(g, &config.solver, config.limits.timeout, config.verbose)?;
    let grounding = clock.elapsed();
    let view = config.show.view;
    let json = view == View::Json;
    // With --json, printed solutions go inside the one JSON document, not before it.
    let mut progress = Progress::new(config.print && !json);
    let mut printed_json: Vec<serde_json::Value> = Vec::new();
    let mut first: Option<F::Solution> = None;
    let mut failed: Option<Error> = None;
    let result = wgrnd_engine::count::count_deferring(f, g, &config.solver, &config.limits, config.unit, |e| {
        // Kept for a certificate only (a copy of a large solution costs more than a small count).
        if first.is_none() && config.proof.is_some() {
            first = Some(e.solution.clone());
        }
        // The spinner counts what the answer counts; --print shows one solution per unit counted.
        if e.first_of_orbit || config.unit == CountUnit::None {
            progress.found(e.counted, || f.render(e.solution, view).unwrap_or_else(|e| e.to_string()));
            if json && config.print {
                match f.render(e.solution, View::Json).map(|t| serde_json::from_str(&t)) {
                    Ok(Ok(doc)) => printed_json.push(doc),
                    Ok(Err(e)) => {
                        failed = Some(Error::EncodingBug(format!("a solution's JSON does not read back: {e}")))
                    }
                    Err(e) => failed = Some(e),
                }
            }
        }
    });
    let printed = progress.finish();
    let (g, c) = result?;
    if let Some(e) = failed {
        return Err(e);
    }
    if config.verbose {
        eprintln!("c wgrnd {} on `{}` ({})", env!("CARGO_PKG_VERSION"), f.name(), f.kind());
        eprintln!("{}", size_line(&g));
        eprintln!("c engine {:?} solver {}", config.limits.engine, config.solver.name());
        eprintln!("c grounding {:.3} s", grounding.as_secs_f64());
        eprintln!("c counting {:.3} s", c.elapsed.as_secs_f64());
        eprintln!("c models {} counted {} stopped {}", c.models, c.count, c.stop.name());
        // What a family says about its symmetries (a model: the candidates, proven or refused).
        g.header.iter().filter(|l| l.starts_with("symmetr")).for_each(|l| eprintln!("c {l}"));
    }
    if let Some(dir) = &config.proof {
        // Exactly one in the unit counted: with `--symmetry board` or `all`, one orbit, whose
        // least member is the one the lex-leader clauses of the CNF keep (and the proof blocks).
        let unique = c.complete() && c.count == 1;
        match (unique, &c.first, &first) {
            (true, Some(chosen), Some(solution)) => {
                let cert = wgrnd_engine::count::prove_unique(
                    &g,
                    chosen,
                    dir,
                    config.limits.timeout,
                    &config.limits.interrupt,
                )?;
                let json = f.render(solution, View::Json)?;
                Output::new(&dir.join("solution.json").to_string_lossy()).text(&json)?;
                eprintln!(
                    "wgrnd: certificate in {}: solution.json, {} and {}; check: drat-trim {} {}",
                    dir.display(),
                    cert.cnf.display(),
                    cert.proof.display(),
                    cert.cnf.display(),
                    cert.proof.display()
                );
            }
            _ => eprintln!("wgrnd: no certificate: the count did not prove exactly one solution"),
        }
    }
    if config.limits.max == Some(2) && !json {
        eprintln!("wgrnd: {}", exists_unique(&c));
    }
    let (caption, unit_name) = f.count_caption(config.unit, &g);
    let detail = f.orbit_line(&c.orbits, c.complete());
    let solutions = (json && config.print).then_some(printed_json);
    report_count(&c, &caption, unit_name, &config.show, &printed, detail, solutions)
}

/// Counts with an external model counter: the number only, exact, no solution found or checked.
pub fn model_count<F: Family + Present>(
    f: &F,
    counter: &wgrnd_sat::solver::Counter,
    unit: CountUnit,
    show: &ShowConfig,
) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    let start = Instant::now();
    let counted = wgrnd_engine::count::count_models(&g, counter)?;
    let seconds = start.elapsed().as_secs_f64();
    let (caption, unit_name) = f.count_caption(unit, &g);
    let name = counter.name();
    let summary = match (&counted, show.view == View::Json) {
        // The count as a JSON integer of any size (and as text, for readers whose numbers are
        // doubles): serde_json's numbers stop at 64 bits, so this document is written by hand.
        (Some(n), true) => format!(
            "{{\"version\":{},\"count\":{n},\"count_text\":\"{n}\",\"complete\":true,\"stopped\":\"exhausted\",\
             \"symmetry\":\"{unit_name}\",\"seconds\":{seconds},\"counter\":{}}}",
            wgrnd_families::edge::render::JSON_VERSION,
            serde_json::Value::from(name)
        ),
        (None, true) => serde_json::json!({
            "version": wgrnd_families::edge::render::JSON_VERSION,
            "count": 0,
            "complete": false,
            "stopped": "timeout",
            "symmetry": unit_name,
            "seconds": seconds,
            "counter": name,
        })
        .to_string(),
        (Some(n), false) => format!(
            "{n} solution(s){caption}; counted by {name} (exact, projected on {} atoms; no solution listed or \
             checked) ({seconds:.2} s)",
            g.projection.len()
        ),
        (None, false) => format!("no count: {name} ran out of time after {seconds:.2} s"),
    };
    Output::new(&show.output).text(&format!("{summary}\n"))?;
    Ok(match counted.map(|n| n.as_u64()) {
        None => exit::UNKNOWN,
        Some(Some(0)) => exit::NO_SOLUTION,
        Some(Some(1)) => exit::SOLVED,
        Some(_) => exit::SEVERAL,
    })
}

/// The answer to "is there a solution, is there exactly one?" in words (`count --max 2`).
fn exists_unique(c: &Count) -> String {
    match (c.count, c.complete()) {
        (0, true) => "exists: no (no solution, proved); unique: no".into(),
        (1, true) => "exists: yes; unique: yes (the count proved that no second solution exists)".into(),
        (n, _) if n >= 2 => "exists: yes; unique: no (two solutions found)".into(),
        (1, false) => format!("exists: yes; unique: unknown (stopped: {})", c.stop.name()),
        _ => format!("exists: unknown; unique: unknown (stopped: {})", c.stop.name()),
    }
}

/// Prints a count's summary (after the printed solutions; with JSON, one document holding them)
/// and returns its exit code.
pub(crate) fn report_count(
    c: &Count,
    caption: &str,
    unit_name: &str,
    show: &ShowConfig,
    printed: &[u8],
    detail: Option<(String, serde_json::Value)>,
    solutions: Option<Vec<serde_json::Value>>,
) -> Result<u8, Error> {
    let json = show.view == View::Json;
    let summary = if json {
        let mut v = serde_json::json!({
            "version": wgrnd_families::edge::render::JSON_VERSION,
            "count": c.count,
            "complete": c.complete(),
            "stopped": c.stop.name(),
            "symmetry": unit_name,
            "seconds": c.elapsed.as_secs_f64(),
            // An incomplete count is a lower bound: `count` solutions at least.
            "lower_bound": !c.complete(),
            "exists": if c.count > 0 { Some(true) } else if c.complete() { Some(false) } else { None },
            "unique": if c.count >= 2 { Some(false) } else if c.complete() { Some(c.count == 1) } else { None },
        });
        if let serde_json::Value::Object(map) = &mut v {
            if let Some((_, serde_json::Value::Object(extra))) = &detail {
                map.extend(extra.clone());
            }
            if let Some(solutions) = solutions {
                map.insert("solutions".into(), serde_json::Value::Array(solutions));
            }
        }
        v.to_string()
    } else if c.complete() {
        format!("{} solution(s){caption}; the count is complete ({:.2} s)", c.count, c.elapsed.as_secs_f64())
    } else {
        format!(
            "at least {} solution(s){caption}; stopped ({}) after {:.2} s",
            c.count,
            c.stop.name(),
            c.elapsed.as_secs_f64()
        )
    };
    let detail = match detail {
        Some((text, _)) if !json => format!("{text}\n"),
        _ => String::new(),
    };
    Output::new(&show.output).write(|w| {
        w.write_all(printed)?;
        writeln!(w, "{summary}")?;
        w.write_all(detail.as_bytes())
    })?;
    Ok(count_exit(c))
}

/// A count's exit code. A count stopped by its time limit exits 30 whatever it found (its count
/// is a lower bound, printed as one); one stopped by `--max` with two or more found has answered
/// "several" (12).
fn count_exit(c: &Count) -> u8 {
    match (c.count, c.stop) {
        // The lower bound is printed; the exit code says the count was interrupted.
        (_, wgrnd_engine::count::Stop::Interrupted) => exit::INTERRUPTED,
        (_, wgrnd_engine::count::Stop::Timeout) => exit::UNKNOWN,
        (0, wgrnd_engine::count::Stop::Exhausted) => exit::NO_SOLUTION,
        (1, wgrnd_engine::count::Stop::Exhausted) => exit::SOLVED,
        (n, _) if n >= 2 => exit::SEVERAL,
        _ => exit::UNKNOWN,
    }
}

/// The `-v` line of a grounding's size: atoms, the formula's own clauses, its constraints kept
/// whole (connectivity, regions, when it has any: their clauses are not written out for this)
/// and the projection.
fn size_line<E>(g: &wgrnd_seam::Grounding<E>) -> String {
    let connectivity = match g.cnf.theories().len() {
        0 => String::new(),
        k => format!(" native {k}"),
    };
    format!(
        "c atoms {} clauses {}{connectivity} projection {}",
        g.cnf.num_vars(),
        g.cnf.num_own_clauses(),
        g.projection.len()
    )
}
