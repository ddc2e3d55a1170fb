//! `wgrnd explain` and `wgrnd why` (docs/explain.md), written once over the family interface:
//! the engine is `wgrnd_engine::explain` on the family's grounding with groups; here the words,
//! the JSON and the exit codes.

use serde_json::json;
use wgrnd_engine::{
    explain as engine,
    explain::{ExplainOptions, Member},
};
use wgrnd_families::{exit, AtomNames, Error, Family, Grounding, Status, View};
use wgrnd_sat::Lit;
use wgrnd_seam::Explain;
use wgrnd_seam::Present;

use crate::config::ExplainConfig;
use crate::output::Output;

/// A member of a set in words: a group's name, or an earlier fact with its step.
fn member_words<F: Family + Explain>(
    f: &F,
    g: &Grounding<F::Encoding>,
    m: Member,
    step_of: &dyn Fn(Lit) -> usize,
) -> String
where
    F::Encoding: AtomNames,
{
    match m {
        Member::Group(i) => f.group_words(g, i),
        Member::Fact(l) => format!("{} (step {})", f.fact_words(g, l), step_of(l)),
    }
}

fn member_json<F: Family + Explain>(f: &F, g: &Grounding<F::Encoding>, m: Member) -> serde_json::Value
where
    F::Encoding: AtomNames,
{
    match m {
        Member::Group(i) => {
            let kind = match g.groups[i].kind {
                wgrnd_families::GroupKind::Clue => "clue",
                wgrnd_families::GroupKind::Constraint => "constraint",
            };
            json!({ "kind": kind, "name": g.groups[i].name, "words": f.group_words(g, i) })
        }
        Member::Fact(l) => json!({ "kind": "fact", "name": f.fact_words(g, l) }),
    }
}

/// `wgrnd explain PUZZLE` / `wgrnd why PUZZLE`.
pub fn explain<F: Family + Explain + Present>(f: &F, config: &ExplainConfig) -> Result<u8, Error>
where
    F::Encoding: AtomNames,
{
    crate::commands::notes(f);
    let g = f.ground_groups()?;
    let solver = &config.solver;
    let json = config.show.view == View::Json;
    if !config.why {
        let opts = ExplainOptions {
            max_step: config.max_step,
            timeout: config.timeout,
            max_steps: config.next.then_some(1),
            interrupt: crate::signal::interrupt().clone(),
        };
        if let Some(e) = engine::explain(f, &g, solver, &opts)? {
            if let Some(dir) = &config.svg_steps {
                step_pictures(f, &g, &e, dir)?;
            }
            let text = explanation_text(f, &g, &e, json);
            Output::new(&config.show.output).text(&text)?;
            // Stopped by the time limit: the steps found are printed, and the answer is unknown.
            return Ok(if e.stopped { exit::UNKNOWN } else { exit::OK });
        }
    }
    match engine::why(&g, solver, config.timeout, crate::signal::interrupt())? {
        None => {
            let text = if json {
                format!(
                    "{}\n",
                    serde_json::to_string_pretty(&json!({
                        "version": wgrnd_families::edge::render::JSON_VERSION, "kind": f.kind(), "puzzle": f.name(),
                        "status": "solved", "why": serde_json::Value::Null,
                    }))
                    .unwrap_or_default()
                )
            } else {
                "the puzzle has a solution: nothing stands in its way (`wgrnd explain` explains it)\n".to_string()
            };
            Output::new(&config.show.output).text(&text)?;
            Ok(exit::OK)
        }
        Some(w) => {
            let text = if json {
                let set: Vec<serde_json::Value> =
                    w.groups.iter().map(|&i| member_json(f, &g, Member::Group(i))).collect();
                format!(
                    "{}\n",
                    serde_json::to_string_pretty(&json!({
                        "version": wgrnd_families::edge::render::JSON_VERSION, "kind": f.kind(), "puzzle": f.name(),
                        "status": "unsatisfiable", "why": set, "minimal": true,
                        "solver_calls": w.solver_calls, "seconds": w.elapsed.as_secs_f64(),
                    }))
                    .unwrap_or_default()
                )
            } else {
                why_text(f, &g, &w)
            };
            Output::new(&config.show.output).text(&text)?;
            Ok(exit::NO_SOLUTION)
        }
    }
}

fn why_text<F: Family + Present + Explain>(f: &F, g: &Grounding<F::Encoding>, w: &engine::Why) -> String {
    let mut s = f.render_none(Status::Unsatisfiable, View::Auto);
    if w.groups.is_empty() {
        s += "the rules alone have no solution (no clue or statement can be left out)\n";
        return s;
    }
    s += &format!(
        "no solution with these {} together; leave any one out and there is one ({} solver calls, {:.3} s):\n",
        w.groups.len(),
        w.solver_calls,
        w.elapsed.as_secs_f64()
    );
    for &i in &w.groups {
        s += &format!("  {}\n", f.group_words(g, i));
    }
    for &i in &w.groups {
        if let Some(d) = &g.groups[i].diagnostic {
            s += d;
        }
    }
    s
}

fn explanation_text<F: Family + Explain>(
    f: &F,
    g: &Grounding<F::Encoding>,
    e: &engine::Explanation<F::Solution>,
    json: bool,
) -> String
where
    F::Encoding: AtomNames,
{
    let mut step_by_fact = std::collections::HashMap::new();
    for (k, st) in e.steps.iter().enumerate() {
        step_by_fact.insert(st.fact, k + 1);
        for &c in &st.consequences {
            step_by_fact.insert(c, k + 1);
        }
    }
    let step_of = |l: Lit| step_by_fact.get(&l).copied().unwrap_or(0);
    if json {
        let steps: Vec<serde_json::Value> = e
            .steps
            .iter()
            .map(|st| {
                json!({
                    "fact": f.fact_words(g, st.fact),
                    "atom": g.encoding.atom_name(st.fact.var()),
                    "value": st.fact.is_positive(),
                    "because": st.because.iter().map(|&m| member_json(f, g, m)).collect::<Vec<_>>(),
                    "size": st.size,
                    "case_split": st.case_split,
                    "consequences": st.consequences.iter().map(|&c| f.fact_words(g, c)).collect::<Vec<_>>(),
                    "split": st.split.as_ref().map(|sp| split_json(f, g, sp)),
                })
            })
            .collect();
        let doc = json!({
            "version": wgrnd_families::edge::render::JSON_VERSION,
            "kind": f.kind(),
            "puzzle": f.name(),
            "status": if e.stopped { "stopped" } else { "solved" },
            "unique": e.unique(),
            "steps": steps,
            "difficulty": { "steps": e.steps.len(), "largest_step": e.largest() },
            "deduced": e.deducible,
            "total": e.total,
            "solver_calls": e.solver_calls,
            "seconds": e.elapsed.as_secs_f64(),
        });
        return format!("{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default());
    }
    let mut s = String::new();
    for (k, st) in e.steps.iter().enumerate() {
        let (facts, rules): (Vec<Member>, Vec<Member>) = st.because.iter().partition(|m| match m {
            Member::Group(i) => g.groups[*i].kind == wgrnd_families::GroupKind::Clue,
            Member::Fact(_) => true,
        });
        let list = |v: &[Member]| v.iter().map(|&m| member_words(f, g, m, &step_of)).collect::<Vec<_>>().join(", ");
        let from = if facts.is_empty() { "the rules alone".to_string() } else { list(&facts) };
        s += &format!("step {}: {}: from {from}", k + 1, f.fact_words(g, st.fact));
        if !rules.is_empty() {
            s += &format!("; by {}", list(&rules));
        }
        s.push('\n');
        if st.case_split {
            s += &format!(
                "  no step of at most the given size exists here: this one uses {} facts; a person would split cases on {}\n",
                st.size,
                g.encoding.atom_name(st.fact.var())
            );
            if let Some(sp) = &st.split {
                s += &split_text(f, g, st.fact, sp, &step_of);
            }
        }
        if !st.consequences.is_empty() {
            let c: Vec<String> = st.consequences.iter().map(|&c| f.fact_words(g, c)).collect();
            s += &format!("  so also: {}\n", c.join(", "));
        }
    }
    // `--next` stops after the first step, the time limit anywhere: what it deduced so far, of
    // what can be.
    let known: usize = e.steps.iter().map(|st| 1 + st.consequences.len()).sum();
    let deduced = if known < e.deducible {
        format!("{known} of {} shown atom(s) deduced so far, {} deducible", e.total, e.deducible)
    } else {
        format!(
            "{} of {} shown atom(s) deduced{}",
            e.deducible,
            e.total,
            if e.unique() { " (the whole solution)" } else { " (several solutions: the rest cannot be deduced)" }
        )
    };
    s += &format!(
        "{} step(s){}, the largest from {} clue fact(s) and earlier fact(s); {deduced}; {} solver calls, {:.3} s\n",
        e.steps.len(),
        if e.stopped { " before the time limit" } else { "" },
        e.largest(),
        e.solver_calls,
        e.elapsed.as_secs_f64()
    );
    s
}

/// A member of a case split's set in words: the assumption and the case's own facts are marked.
fn case_member_words<F: Family + Explain>(
    f: &F,
    g: &Grounding<F::Encoding>,
    sp: &engine::Split,
    m: Member,
    step_of: &dyn Fn(Lit) -> usize,
) -> String
where
    F::Encoding: AtomNames,
{
    match m {
        Member::Fact(l) if l == sp.assumed => format!("{} (assumed)", f.fact_words(g, l)),
        Member::Fact(l) if sp.steps.iter().any(|(x, _)| *x == l) => format!("{} (in this case)", f.fact_words(g, l)),
        _ => member_words(f, g, m, step_of),
    }
}

/// The case split carried out (docs/explain.md): the assumption, its steps, and the
/// contradiction or the guess.
fn split_text<F: Family + Explain>(
    f: &F,
    g: &Grounding<F::Encoding>,
    fact: Lit,
    sp: &engine::Split,
    step_of: &dyn Fn(Lit) -> usize,
) -> String
where
    F::Encoding: AtomNames,
{
    let list = |v: &[Member]| {
        v.iter()
            .filter(|m| !matches!(m, Member::Group(i) if g.groups[*i].kind == wgrnd_families::GroupKind::Constraint))
            .map(|&m| case_member_words(f, g, sp, m, step_of))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!("  case split: suppose {}\n", f.fact_words(g, sp.assumed));
    for (l, set) in &sp.steps {
        s += &format!("    then {}: from {}\n", f.fact_words(g, *l), list(set));
    }
    match &sp.contradiction {
        Some(set) => {
            s += &format!("    contradiction: {} cannot all hold; so {}\n", list(set), f.fact_words(g, fact));
        }
        None => {
            s += &format!(
                "    no contradiction by steps of at most the given size: both cases are consistent so far; explained on under the guess {}\n",
                f.fact_words(g, fact)
            );
        }
    }
    s
}

fn split_json<F: Family + Explain>(f: &F, g: &Grounding<F::Encoding>, sp: &engine::Split) -> serde_json::Value
where
    F::Encoding: AtomNames,
{
    let set = |v: &[Member]| v.iter().map(|&m| member_json(f, g, m)).collect::<Vec<_>>();
    json!({
        "assumed": f.fact_words(g, sp.assumed),
        "steps": sp.steps.iter().map(|(l, v)| json!({ "fact": f.fact_words(g, *l), "because": set(v) })).collect::<Vec<_>>(),
        "contradiction": sp.contradiction.as_ref().map(|v| set(v)),
        "guess": sp.contradiction.is_none(),
    })
}

/// `--svg-steps DIR`: `DIR/step-001.svg`, ... one picture per step, each written whole or not at
/// all; the facts known grow step by step. A family without a picture is refused (exit 2)
/// before anything is written.
fn step_pictures<F: Family + Explain>(
    f: &F,
    g: &Grounding<F::Encoding>,
    e: &engine::Explanation<F::Solution>,
    dir: &str,
) -> Result<(), Error>
where
    F::Encoding: AtomNames,
{
    let mut known = std::collections::HashSet::new();
    let mut pictures = Vec::with_capacity(e.steps.len());
    for (k, st) in e.steps.iter().enumerate() {
        known.insert(st.fact.var());
        known.extend(st.consequences.iter().map(|c| c.var()));
        let clues: Vec<usize> = st
            .because
            .iter()
            .filter_map(|m| match m {
                Member::Group(i) if g.groups[*i].kind == wgrnd_families::GroupKind::Clue => Some(*i),
                _ => None,
            })
            .collect();
        let facts: Vec<Lit> = st
            .because
            .iter()
            .filter_map(|m| match m {
                Member::Fact(l) => Some(*l),
                Member::Group(_) => None,
            })
            .collect();
        let new: Vec<Lit> = std::iter::once(st.fact).chain(st.consequences.iter().copied()).collect();
        let caption = vec![
            format!("step {}: {}", k + 1, f.fact_words(g, st.fact)),
            format!(
                "from {} clue(s) and {} earlier fact(s){}",
                clues.len(),
                facts.len(),
                if st.case_split { ": a case split" } else { "" }
            ),
        ];
        let step = wgrnd_families::StepPicture {
            known: &|v| known.contains(&v),
            clues: &clues,
            facts: &facts,
            new: &new,
            caption: &caption,
        };
        let svg = f.step_svg(g, &e.solution, &step).ok_or_else(|| {
            Error::Option(format!(
                "--svg-steps: `{}` ({}) has no picture to draw its steps on (the bundled grid puzzles and \
                 edge-matching boards have one); leave out --svg-steps",
                f.name(),
                f.kind()
            ))
        })?;
        pictures.push(svg);
    }
    std::fs::create_dir_all(dir).map_err(|err| Error::Output {
        path: dir.to_string(),
        found: format!("a directory wgrnd cannot make ({err})"),
        expected: "a directory for the step pictures",
    })?;
    for (k, svg) in pictures.iter().enumerate() {
        let path = std::path::Path::new(dir).join(format!("step-{:03}.svg", k + 1));
        Output::new(&path.to_string_lossy()).text(svg)?;
    }
    Ok(())
}
