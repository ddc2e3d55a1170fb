//! The commands, each written once over [`Family`]: `encode`, `solve`, `decode`, `check` and
//! `count` work for every family the registry knows (and for any other implementation of the
//! trait, as the tests' toy family shows). They call the library and format its answers; the exit
//! code of an outcome is decided here, that of an error by [`Error::exit_code`].

use wgrnd_count::Count;
use wgrnd_family::pipeline::{self, Answer};
use wgrnd_family::{exit, CountUnit, Error, Family, SolutionFormat, Status, View};
use wgrnd_puzzle::formats;

use crate::config::{CountConfig, ShowConfig, SolveConfig};
use crate::output::{Output, Progress};

/// Prints the family's notes about the puzzle on standard error.
fn notes<F: Family>(f: &F) {
    for note in f.notes() {
        eprintln!("wgrnd: {note}");
    }
}

/// `wgrnd encode`: the CNF in DIMACS, its header naming every atom.
pub fn encode<F: Family>(f: &F, output: &str) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    Output::new(output).write(|w| wgrnd_cnf::write_dimacs(&g.cnf, &g.header, w))?;
    Ok(exit::OK)
}

/// `wgrnd solve`: ground, solve, check, show.
pub fn solve<F: Family>(f: &F, config: &SolveConfig) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    let answer = pipeline::solve(f, &g, &config.solver, config.timeout)?;
    show(f, answer, &config.show)
}

/// `wgrnd decode`: a solver's answer for the puzzle's CNF, checked and shown.
pub fn decode<F: Family>(f: &F, model: &str, config: &ShowConfig) -> Result<u8, Error> {
    let g = f.ground()?;
    let text = formats::read_text(model)?;
    let answer = pipeline::decode_answer(f, &g, &formats::display_name(model), &text)?;
    show(f, answer, config)
}

/// Shows an answer and returns its exit code.
fn show<F: Family>(f: &F, answer: Answer<F::Solution>, config: &ShowConfig) -> Result<u8, Error> {
    let out = Output::new(&config.output);
    match answer {
        Answer::Solved(s) => {
            out.text(&f.render(&s, config.view)?)?;
            Ok(exit::SOLVED)
        }
        Answer::NoSolution => {
            out.text(&f.render_none(Status::Unsatisfiable, config.view))?;
            Ok(exit::NO_SOLUTION)
        }
        Answer::Unknown => {
            out.text(&f.render_none(Status::Unknown, config.view))?;
            Ok(exit::UNKNOWN)
        }
    }
}

/// `wgrnd check`: the family's independent checker on a solution file.
pub fn check<F: Family>(f: &F, solution: &str, format: Option<SolutionFormat>) -> Result<u8, Error> {
    let text = formats::read_text(solution)?;
    let s = f.read_solution(&formats::display_name(solution), &text, format)?;
    let violations = f.check(&s);
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
pub fn count<F: Family>(f: &F, config: &CountConfig) -> Result<u8, Error> {
    notes(f);
    let g = f.ground()?;
    let view = config.show.view;
    let mut progress = Progress::new(config.print);
    let mut first: Option<F::Solution> = None;
    let result = wgrnd_count::count(f, &g, &config.solver, &config.limits, config.unit, |before, new_orbit, s| {
        if first.is_none() {
            first = Some(s.clone());
        }
        if new_orbit || config.unit == CountUnit::None {
            progress.found(before + 1, || f.render(s, view).unwrap_or_else(|e| e.to_string()));
        }
    });
    let printed = progress.finish();
    let c = result?;
    if let Some(dir) = &config.proof {
        let unique = c.complete() && c.orbits.solutions == 1;
        match (unique, &c.first, &first) {
            (true, Some(chosen), Some(solution)) => {
                let cert = wgrnd_count::prove_unique(&g, chosen, dir, config.limits.timeout)?;
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
    let (caption, unit_name) = f.count_caption(config.unit, &g);
    let detail = f.orbit_line(&c.orbits, c.complete());
    report_count(&c, &caption, unit_name, &config.show, &printed, detail)
}

/// Prints a count's summary (after the printed solutions) and returns its exit code.
fn report_count(
    c: &Count,
    caption: &str,
    unit_name: &str,
    show: &ShowConfig,
    printed: &[u8],
    detail: Option<(String, serde_json::Value)>,
) -> Result<u8, Error> {
    let json = show.view == View::Json;
    let summary = if json {
        let mut v = serde_json::json!({
            "count": c.count,
            "complete": c.complete(),
            "stopped": c.stop.name(),
            "symmetry": unit_name,
            "seconds": c.elapsed.as_secs_f64(),
        });
        if let (Some((_, serde_json::Value::Object(extra))), serde_json::Value::Object(map)) = (&detail, &mut v) {
            map.extend(extra.clone());
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
    Ok(match (c.count, c.complete()) {
        (0, true) => exit::NO_SOLUTION,
        (1, true) => exit::SOLVED,
        (n, _) if n >= 2 => exit::SEVERAL,
        _ => exit::UNKNOWN,
    })
}
