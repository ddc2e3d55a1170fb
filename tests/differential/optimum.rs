//! Issue 26's side of the fuzzer: a random model of the generator with random objectives added
//! (`minimize`/`maximize` of a random integer term, `soft W: formula`, `soft W { formula :
//! binders }`), its optimum and optimal projections found by brute force (every assignment judged
//! by the checker, its objective computed by the checker) and by wgrnd (the optimiser with each
//! engine, then a count of the grounding restricted to the optimum).

use std::collections::BTreeSet;
use std::time::Duration;

use wgrnd_engine::count::{Engine, Limits, OptEngine};
use wgrnd_families::{QpropModel, RawOptions};
use wgrnd_lang::{Program, Solution, Source};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_seam::{CountUnit, Family};

use super::gen::{self, Ctx, Model, Rng};
use super::oracle::{advance, first_assignment, key_of, slots, template, Key};

/// The model of `seed` with 1-2 random objective statements.
pub fn model_text(seed: u64, max_bits: f64) -> String {
    let model = Model::random(seed, max_bits);
    let mut r = Rng::new(seed ^ 0x5eed_0b1e);
    let c = Ctx::top(&model).not_outright();
    let mut text = model.text();
    for _ in 0..1 + r.below(2) {
        let line = match r.below(4) {
            0 => format!("minimize {};\n", gen::term(&mut r, &c)),
            1 => format!("maximize {};\n", gen::term(&mut r, &c)),
            2 => format!("soft {}: {};\n", r.below(4), gen::formula(&mut r, &c)),
            _ => {
                let (b, vars) = gen::binders(&mut r, &c);
                let inner = c.bind(&vars);
                format!("soft {} {{ {} : {b} }};\n", 1 + r.below(3), gen::formula(&mut r, &inner))
            }
        };
        text.push_str(&line);
    }
    text
}

/// The least cost vector and the projections that reach it.
type Best = Option<(Vec<i64>, BTreeSet<Key>)>;

/// The brute force: the least cost vector over all accepted assignments (maximised levels
/// negated) and the projections of the assignments that reach it. `None`: no solution.
fn brute(p: &Program, shape: &Solution, maximize: &[bool]) -> Result<Best, String> {
    let (slots, mut sol) = first_assignment(p, shape)?;
    let shown = slots.iter().filter(|s| s.shown).count();
    let mut digits = vec![0usize; slots.len()];
    let mut best: Best = None;
    loop {
        let broken = wgrnd_lang::check(p, &sol).map_err(|e| e.render())?;
        // An objective that cannot be evaluated (an element index outside its variable's
        // arguments) excludes the assignment, as the grounder's element clause does (the known
        // limit of docs/qprop.md).
        let values = if broken.is_empty() { wgrnd_lang::objective_values(p, &sol).ok() } else { None };
        if let Some(values) = values {
            let cost: Vec<i64> = values.iter().zip(maximize).map(|(&v, &m)| if m { -v } else { v }).collect();
            let key = digits[..shown].to_vec();
            match &mut best {
                Some((c, keys)) if *c == cost => {
                    keys.insert(key);
                }
                Some((c, _)) if *c < cost => {}
                _ => best = Some((cost, BTreeSet::from([key]))),
            }
        }
        if !advance(&slots, &mut digits, &mut sol, slots.len()) {
            return Ok(best);
        }
    }
}

/// The projection of a solution, as the brute force keys it.
fn key(p: &Program, shape: &Solution, s: &Solution) -> Result<Key, String> {
    Ok(key_of(&slots(p, shape)?, s))
}

/// Compares one model: `Ok(false)` when the language refuses it (not counted).
pub fn compare(text: &str) -> Result<bool, String> {
    let Ok((p, shape)) = template(text) else { return Ok(false) };
    let f = QpropModel::new(&Source::new("fuzz.qp", text), None, &RawOptions::default()).map_err(|e| e.to_string())?;
    let Ok(g) = f.ground() else { return Ok(false) };
    let maximize: Vec<bool> = g.objective.levels.iter().map(|l| l.maximize).collect();
    let expected = brute(&p, &shape, &maximize)?;
    // Each engine with every integer's smallest value first (the default), linear also with the
    // solver's own phases, and two linear searches at once.
    let runs =
        [(OptEngine::Linear, true), (OptEngine::Core, true), (OptEngine::Linear, false), (OptEngine::Pair, true)];
    for (engine, phases) in runs {
        let limit = Some(Duration::from_secs(60));
        let o = wgrnd_engine::count::optimise_with(
            &g,
            &SolverSpec::Builtin,
            engine,
            phases,
            limit,
            &Default::default(),
            &mut |_, _| {},
        )
        .map_err(|e| e.to_string())?;
        if !o.optimal {
            return Err(format!("{engine:?} (phases {phases}): not proven optimal"));
        }
        let (model, costs) = match (&o.best, &expected) {
            (None, None) => continue,
            (Some((m, c)), Some((want, _))) if c == want => (m.clone(), c.clone()),
            (b, e) => {
                return Err(format!(
                    "{engine:?}: optimum {:?}, brute force {:?}",
                    b.as_ref().map(|x| &x.1),
                    e.as_ref().map(|x| &x.0)
                ))
            }
        };
        let s = wgrnd_seam::pipeline::checked_decode(&f, &g, &model).map_err(|e| e.to_string())?;
        let checked = wgrnd_lang::objective_values(&p, &s).map_err(|e| e.render())?;
        if checked != g.objective.shown(&costs) {
            return Err(format!("{engine:?}: the checker's objective {checked:?}, the optimiser's costs {costs:?}"));
        }
        // The optimal solutions: counted over the grounding fixed at the optimum.
        let fixed = wgrnd_engine::count::with_optimum(f.ground().map_err(|e| e.to_string())?, &costs);
        let limits = Limits {
            max: None,
            timeout: Some(Duration::from_secs(60)),
            engine: Engine::Auto,
            jobs: 0,
            interrupt: Default::default(),
        };
        let mut found = BTreeSet::new();
        let mut err = None;
        wgrnd_engine::count::count(&f, &fixed, &SolverSpec::Builtin, &limits, CountUnit::None, |e| {
            match key(&p, &shape, e.solution) {
                Ok(k) => {
                    found.insert(k);
                }
                Err(e) => err = Some(e),
            }
        })
        .map_err(|e| e.to_string())?;
        if let Some(e) = err {
            return Err(e);
        }
        let want = &expected.as_ref().map(|x| &x.1);
        if Some(&found) != *want {
            return Err(format!(
                "{engine:?}: {} optimal projections counted, brute force {}",
                found.len(),
                want.map_or(0, |w| w.len())
            ));
        }
    }
    Ok(true)
}
