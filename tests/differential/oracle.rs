//! The two sides of a comparison: brute force (every assignment of the solved-for atoms and
//! integer values, judged by the checker, projected on the shown ones) and wgrnd's count through
//! the library path `wgrnd count` takes (`QpropModel` from `wgrnd-family`, grounded, counted by
//! `wgrnd_engine::count::count_deferring`, every solution decoded and checked), for each option set; and wgrnd's
//! first solution as `wgrnd solve` finds it (the portfolio).

use std::collections::BTreeSet;
use std::time::Duration;

use wgrnd_engine::count::{Engine, Limits};
use wgrnd_engine::portfolio;
use wgrnd_families::{QpropModel, RawOptions};
use wgrnd_lang::{IntEncoding, LinearEncoding, PredId, PredKind, Program, ShowVal, Solution, Source, Val, XorElim};
use wgrnd_sat::amo::AmoEncoding;
use wgrnd_sat::solver::SolverSpec;
use wgrnd_seam::pipeline::Answer;
use wgrnd_seam::{CountUnit, Family, Grounding};

/// One way of grounding and counting: the encodings (`--amo`, `--ints`) and the engine.
#[derive(Clone, Copy, Debug)]
pub struct OptionSet {
    pub amo: AmoEncoding,
    pub ints: IntEncoding,
    pub linear: LinearEncoding,
    pub engine: Engine,
    /// The elimination of the linear part before the CNF is written (issue #25).
    pub xor_elim: XorElim,
    /// The count's `--lex-leader`: not given (the model's own symmetries looked for once the
    /// count meets a second solution), `all` (looked for at once) or `none` (left alone).
    pub lex_leader: Option<CountUnit>,
}

impl OptionSet {
    /// As the command line would spell it.
    pub fn flags(&self) -> String {
        let ints = match self.ints {
            IntEncoding::Order => "order",
            IntEncoding::Log => "log",
            IntEncoding::Direct => "direct",
            IntEncoding::Auto => "auto",
        };
        let linear = match self.linear {
            LinearEncoding::Mdd => "mdd",
            LinearEncoding::Bdd => "bdd",
            LinearEncoding::Auto => "auto",
        };
        format!(
            "--amo {} --ints {ints} --linear {linear} --engine {} (xor elimination {:?}){}",
            self.amo.name(),
            self.engine.name(),
            self.xor_elim,
            match self.lex_leader {
                None => "",
                Some(CountUnit::All) => " --lex-leader all",
                Some(_) => " --lex-leader none",
            }
        )
    }
}

/// Every encoding a model is counted with: each `--amo` choice times each `--ints` choice. Add a
/// new encoding flag here (a field of [`OptionSet`], set in [`raw_options`]) and every model is
/// counted with it too. The engine is not an encoding: each option set takes the next of
/// [`ENGINES`] from model to model, so that every engine meets every encoding.
pub fn option_sets(model: u64) -> Vec<OptionSet> {
    const AMO: [AmoEncoding; 5] = [
        AmoEncoding::Auto,
        AmoEncoding::Pairwise,
        AmoEncoding::Sequential,
        AmoEncoding::Product,
        AmoEncoding::Commander,
    ];
    const INTS: [IntEncoding; 4] = [IntEncoding::Auto, IntEncoding::Direct, IntEncoding::Order, IntEncoding::Log];
    const LINEAR: [LinearEncoding; 2] = [LinearEncoding::Mdd, LinearEncoding::Bdd];
    let mut sets = Vec::new();
    for amo in AMO {
        for ints in INTS {
            // Each linear encoding meets every integer encoding; the at-most-one choices rotate.
            let linear = LINEAR[(model as usize + sets.len()) % LINEAR.len()];
            let engine = ENGINES[(model as usize + sets.len()) % ENGINES.len()];
            // The elimination of the linear part: on (whatever its size), off, or by the rule
            // (another stride than the engine's, so that each meets each).
            let xor_elim = XOR_ELIM[(model as usize + 2 * sets.len()) % XOR_ELIM.len()];
            let lex_leader = LEX_LEADER[(model as usize + sets.len()) % LEX_LEADER.len()];
            sets.push(OptionSet { amo, ints, linear, engine, xor_elim, lex_leader });
        }
    }
    sets
}

/// The choices of the count's `--lex-leader`, one per option set in turn.
const LEX_LEADER: [Option<CountUnit>; 3] = [None, Some(CountUnit::All), Some(CountUnit::None)];

/// The choices of `GroundOptions::xor_elim`, one per option set in turn.
const XOR_ELIM: [XorElim; 3] = [XorElim::On, XorElim::Off, XorElim::Auto];

/// The counting engines a model may be counted with.
pub const ENGINES: [Engine; 4] = [Engine::Auto, Engine::Blocking, Engine::Backtrack, Engine::Cubes];

/// The command line's options for `o`.
fn raw_options(o: &OptionSet) -> RawOptions {
    // As `wgrnd count` asks (the model's symmetries found, proven and used once the count meets
    // a second solution), at once (`--lex-leader all`), or left alone (`--lex-leader none`).
    let lex_leader = o.lex_leader;
    RawOptions {
        amo: o.amo,
        ints: Some(o.ints),
        linear: Some(o.linear),
        count: Some(CountUnit::None),
        lex_leader,
        ..RawOptions::default()
    }
}

/// One solved-for value: an atom (2 values) or an integer variable's tuple (its range).
#[derive(Clone, Debug)]
pub struct Slot {
    pub pred: PredId,
    pub args: Vec<Val>,
    /// Integer (or symbol) values in order, or empty for an atom.
    pub ints: Vec<Val>,
    pub shown: bool,
    /// Index into `Solution::preds` or `Solution::ints`.
    at: usize,
}

impl Slot {
    pub fn radix(&self) -> usize {
        if self.ints.is_empty() {
            2
        } else {
            self.ints.len()
        }
    }
}

/// A projection: the digit of each shown slot, in slot order.
pub type Key = Vec<usize>;

/// Every solved-for atom and integer value of `p`, shown ones first.
pub fn slots(p: &Program, template: &Solution) -> Result<Vec<Slot>, String> {
    let mut out = Vec::new();
    for pred in p.pred_ids() {
        let decl = &p.preds[pred.index()];
        let ints: Vec<Val> = match decl.kind {
            PredKind::Var => Vec::new(),
            PredKind::Int(d) => p.domains[d.index()].values.clone(),
            _ => continue,
        };
        let at = if ints.is_empty() {
            template.preds.iter().position(|v| v.pred == pred)
        } else {
            template.ints.iter().position(|v| v.pred == pred)
        }
        .expect("every solved-for predicate has an entry");
        let tuples = decl.args.iter().fold(vec![Vec::new()], |acc: Vec<Vec<Val>>, &d| {
            acc.iter()
                .flat_map(|t| {
                    p.domains[d.index()].values.iter().map(move |&v| {
                        let mut t = t.clone();
                        t.push(v);
                        t
                    })
                })
                .collect()
        });
        let shown = p.shown.contains(&pred);
        out.extend(tuples.into_iter().map(|args| Slot { pred, args, ints: ints.clone(), shown, at }));
    }
    out.sort_by_key(|s| !s.shown);
    Ok(out)
}

fn set(sol: &mut Solution, s: &Slot, digit: usize) {
    if s.ints.is_empty() {
        let atoms = &mut sol.preds[s.at].atoms;
        if digit == 1 {
            atoms.insert(s.args.as_slice().into());
        } else {
            atoms.remove(s.args.as_slice());
        }
    } else {
        sol.ints[s.at].values.insert(s.args.as_slice().into(), s.ints[digit]);
    }
}

/// The brute force's side: every assignment, judged by the checker.
pub struct Brute {
    slots: Vec<Slot>,
    /// The projections of the accepted assignments.
    pub keys: BTreeSet<Key>,
    /// Assignments judged.
    pub judged: u64,
}

/// Enumerates every assignment of `p`'s solved-for values (`template`: any solution of `p`, for
/// its shape), judges each with the checker, and keeps the projections of the accepted ones. For
/// each projection the hidden values are tried until one is accepted.
pub fn brute_force(p: &Program, template: &Solution) -> Result<Brute, String> {
    let (slots, mut sol) = first_assignment(p, template)?;
    let shown = slots.iter().filter(|s| s.shown).count();
    let mut digits = vec![0usize; slots.len()];
    let mut keys = BTreeSet::new();
    let mut judged = 0u64;
    // An odometer: the last slot turns fastest; hidden slots are last.
    loop {
        judged += 1;
        let accepted =
            wgrnd_lang::check(p, &sol).map_err(|e| format!("the checker could not judge:\n{}", e.render()))?;
        let from = if accepted.is_empty() {
            keys.insert(digits[..shown].to_vec());
            // The next projection: skip the rest of the hidden assignments.
            for (d, slot) in digits.iter_mut().zip(&slots).skip(shown) {
                if *d != 0 {
                    *d = 0;
                    set(&mut sol, slot, 0);
                }
            }
            shown
        } else {
            slots.len()
        };
        if !advance(&slots, &mut digits, &mut sol, from) {
            return Ok(Brute { slots, keys, judged });
        }
    }
}

/// The slots of `p` and the assignment that gives each its first value.
pub fn first_assignment(p: &Program, template: &Solution) -> Result<(Vec<Slot>, Solution), String> {
    let slots = slots(p, template)?;
    let mut sol = template.clone();
    for v in &mut sol.preds {
        v.atoms.clear();
    }
    for v in &mut sol.ints {
        v.values.clear();
    }
    for s in &slots {
        set(&mut sol, s, 0);
    }
    Ok((slots, sol))
}

/// Advances the odometer `digits` (the last slot turns fastest) at position `from - 1` and
/// before, keeping `sol` in step; `false` when it has gone round.
pub fn advance(slots: &[Slot], digits: &mut [usize], sol: &mut Solution, from: usize) -> bool {
    let mut i = from;
    loop {
        if i == 0 {
            return false;
        }
        i -= 1;
        digits[i] += 1;
        if digits[i] < slots[i].radix() {
            set(sol, &slots[i], digits[i]);
            return true;
        }
        digits[i] = 0;
        set(sol, &slots[i], 0);
    }
}

/// The projection of a solution: the digit of each shown slot (`usize::MAX` for a shown value
/// it does not give).
pub fn key_of(slots: &[Slot], s: &Solution) -> Key {
    slots
        .iter()
        .filter(|x| x.shown)
        .map(|x| {
            if x.ints.is_empty() {
                usize::from(s.holds(x.pred, &x.args))
            } else {
                s.int_value(x.pred, &x.args).and_then(|v| x.ints.iter().position(|&w| w == v)).unwrap_or(usize::MAX)
            }
        })
        .collect()
}

impl Brute {
    /// The projection of a solution wgrnd found (`None` for a shown value it does not give).
    pub fn key(&self, s: &Solution) -> Key {
        key_of(&self.slots, s)
    }

    /// A projection as facts: the true shown atoms and the shown integers' values.
    pub fn show(&self, p: &Program, k: &Key) -> String {
        let parts: Vec<String> = self
            .slots
            .iter()
            .filter(|x| x.shown)
            .zip(k)
            .filter_map(|(x, &d)| {
                let name = p.atom_name(x.pred, &x.args);
                match (x.ints.is_empty(), d) {
                    (true, 1) => Some(name),
                    (true, _) => None,
                    (false, usize::MAX) => Some(format!("{name} = (no value)")),
                    (false, d) => Some(format!("{name} = {}", ShowVal(p, x.ints[d]))),
                }
            })
            .collect();
        if parts.is_empty() {
            "(no true shown atom)".into()
        } else {
            parts.join(" ")
        }
    }
}

/// The model of `text` grounded with `o`, as the commands ground it.
fn grounded(text: &str, o: &OptionSet) -> Result<(QpropModel, Grounding<<QpropModel as Family>::Encoding>), String> {
    let mut f = QpropModel::new(&Source::new("fuzz.qp", text), None, &raw_options(o)).map_err(|e| e.to_string())?;
    f.options.xor_elim = o.xor_elim;
    let g = f.ground().map_err(|e| e.to_string())?;
    Ok((f, g))
}

/// wgrnd's side: the model counted with `o` as `wgrnd count` counts it; the projections of the
/// solutions, each checked by the pipeline's checker on the way.
pub fn wgrnd_count(text: &str, o: &OptionSet) -> Result<(u64, Vec<Solution>), String> {
    let (f, g) = grounded(text, o)?;
    let limits = Limits {
        max: None,
        timeout: Some(Duration::from_secs(120)),
        engine: o.engine,
        jobs: 0,
        interrupt: Default::default(),
    };
    let mut found = Vec::new();
    // As the command: the symmetries looked for once a second solution is met.
    let (_, c) = wgrnd_engine::count::count_deferring(&f, g, &SolverSpec::Builtin, &limits, CountUnit::None, |e| {
        found.push(e.solution.clone());
    })
    .map_err(|e| format!("the count failed: {e}"))?;
    if !c.complete() {
        return Err(format!("the count stopped early ({}) at {}", c.stop.name(), c.count));
    }
    Ok((c.count, found))
}

/// wgrnd's first solution of the model grounded with `o`, as `wgrnd solve` with two jobs finds
/// it (the portfolio, whose small formulas go to the backtracking engine first), checked by the
/// pipeline's checker on the way; `None` when there is none. (The generator writes no objective:
/// `solve` would optimise one instead, which optimum.rs judges.)
pub fn wgrnd_first(text: &str, o: &OptionSet) -> Result<Option<Solution>, String> {
    let (f, g) = grounded(text, o)?;
    if !g.objective.is_empty() {
        return Err("a model with an objective".into());
    }
    let members = portfolio::members(2, &SolverSpec::Builtin, "own", &[], None, |_| false);
    let outcome = portfolio::race(&f, &g, &members, Some(Duration::from_secs(120)), &Default::default())
        .map_err(|e| format!("the solve failed: {e}"))?;
    match outcome.answer {
        Answer::Solved(s) => Ok(Some(s)),
        Answer::NoSolution => Ok(None),
        Answer::Unknown => Err("the solve gave no answer".into()),
    }
}

/// Any solution of `text` (for its shape: which predicates, which are shown).
pub fn template(text: &str) -> Result<(Program, Solution), String> {
    let f = QpropModel::new(&Source::new("fuzz.qp", text), None, &RawOptions::default()).map_err(|e| e.to_string())?;
    let g = f.ground().map_err(|e| e.to_string())?;
    let s = wgrnd_lang::decode(&f.program, &g.encoding, |_| false);
    Ok((f.program, s))
}
