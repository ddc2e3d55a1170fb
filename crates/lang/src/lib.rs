//! # wgrnd-qprop
//!
//! Owns the QPROP modelling language: a finite puzzle written as quantified propositional formulas
//! over declared domains, predicates and data (seed 004's notation), parsed ([`load`]), grounded to
//! CNF with every atom named `pred(args)` ([`ground`]), decoded from a solver's model ([`decode`]),
//! checked by an evaluator that shares the parser but none of the grounder ([`check`]), and shown
//! as facts, JSON or a grid ([`Solution`]). Errors are [`QpropError`]s with a file, line, column and
//! a caret diagnostic, and for grounding errors the variable bindings. It depends on `wgrnd-cnf`
//! and the seam `wgrnd-core` (whose [`Grounding`] it produces, with the language's atom tables,
//! [`Atoms`], as its encoding). The language is described in docs/qprop.md.

#![warn(missing_docs)]

mod ast;
pub mod check;
mod clues;
mod connect;
mod defs;
mod encode;
mod error;
mod explain;
mod global;
mod globals;
pub mod ground;
mod ints;
mod lexer;
mod linear;
mod mdd;
pub mod mix;
mod names;
mod narrow;
mod nnf;
mod objective;
mod ops;
mod order;
mod parity;
mod parser;
mod probe;
mod program;
mod regions;
mod regular;
mod reify;
mod resolve;
mod resolve_connect;
mod resolve_formula;
mod resolve_int;
mod resolve_syntax;
mod solution;
mod symmetry;
mod tables;
mod views;
mod walk;
mod xorelim;

use wgrnd_sat::Var;
use wgrnd_seam::header::hash_line;
use wgrnd_seam::{AtomNames, NumberData, StableHash};

pub use check::{check, check_cached, objective_values, CheckCache, CheckSession, Violation};
pub use clues::{clues_true_of, ClueFact, MAX_CLUE_CANDIDATES};
pub use error::{ErrorKind, FileId, Files, QpropError, Span};
pub use tables::ReadFile;

pub use ground::{GroundOptions, IntEncoding, LinearEncoding, MAX_ATOMS_PER_PRED};
pub use objective::{Goal, GoalKind};
pub use ops::{CmpOp, Conn, Op};
pub use program::{DomId, Domain, FactSet, Pred, PredId, PredKind, Program, ShowVal, Slot, Val};
pub use solution::{
    decode, open_atoms, parse_solution, partial_grid, shown_literals, Args, Decoder, IntValue, PredValue, Solution,
};
pub use xorelim::XorElim;

/// A source text and the file name used in diagnostics.
#[derive(Clone, Debug)]
pub struct Source {
    /// File name (shown in diagnostics).
    pub name: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// A source from a name and a text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source { name: name.into(), text: text.into() }
    }
}

/// Parses and resolves a model and an optional data file, with `-D name=value` overrides of
/// parameters (the data file's parameter values replace the model's; overrides replace both).
/// `table p from "file"` reads its file from the disk, relative to the directory of the source's
/// name ([`load_with`] takes another reader).
pub fn load(model: &Source, data: Option<&Source>, overrides: &[(String, String)]) -> Result<Program, QpropError> {
    load_with(model, data, overrides, &|path| std::fs::read_to_string(path))
}

/// [`load`], with the files that `table p from "file"` names read by `read` (given the path
/// joined to the directory of the naming source's name).
pub fn load_with(
    model: &Source,
    data: Option<&Source>,
    overrides: &[(String, String)],
    read: ReadFile<'_>,
) -> Result<Program, QpropError> {
    load_inner(model, data, None, overrides, read)
}

/// [`load`] of a model with data a program built ([`NumberData`], a format's reader) and the same
/// data as text (`data`: the puzzle's hash, its `% note:` lines and the file diagnostics name):
/// the numbers go into the program as they are, with no text to lex, parse and resolve. The
/// program is the one `load(model, Some(data), overrides)` makes (the family's tests hold every
/// bundled reader's fixtures to it). Numbers that do not fit the model (a predicate, arity or
/// value it does not declare) are an error without a place: read the text then, for its
/// diagnostic with file and line.
pub fn load_numbers(
    model: &Source,
    data: &Source,
    numbers: &NumberData,
    overrides: &[(String, String)],
) -> Result<Program, QpropError> {
    load_inner(model, Some(data), Some(numbers), overrides, &|path| std::fs::read_to_string(path))
}

/// [`load_with`], with the data's facts and parameters taken from `numbers` instead of from the
/// data's text when they are given.
fn load_inner(
    model: &Source,
    data: Option<&Source>,
    numbers: Option<&NumberData>,
    overrides: &[(String, String)],
    read: ReadFile<'_>,
) -> Result<Program, QpropError> {
    let mut map = Files::default();
    let model_file = map.add(&model.name, &model.text);
    let data_file = data.map(|d| map.add(&d.name, &d.text));
    let mut run = || -> Result<Program, QpropError> {
        let parsed = parser::parse_file(model_file, &model.text)?;
        let (mut items, mut warnings) = (parsed.items, parsed.warnings);
        match (data, data_file, numbers) {
            (Some(_), Some(file), Some(numbers)) => {
                // The data's parameters as the text's `param` lines would be: items of the data
                // file, which replace the model's values.
                let at = Span::new(file, 0, 0);
                items.extend(
                    numbers.params.iter().map(|(n, v)| ast::Item::Param(n.clone(), ast::Term::Int(*v, at), at)),
                );
            }
            (Some(d), Some(file), None) => {
                let parsed = parser::parse_file(file, &d.text)?;
                items.extend(parsed.items);
                warnings.extend(parsed.warnings);
            }
            _ => {}
        }
        let mut tables = Vec::new();
        let items = tables::read_tables(items, &mut map, read, &mut tables)?;
        // The texts, not the file names: the same model and data read from elsewhere is the
        // same puzzle, and a CNF's hash does not depend on where its files lie. (Tables read
        // from files count after the model and data, so that a model without them keeps its hash.)
        let texts = std::iter::once(&model.text).chain(data.map(|d| &d.text));
        let h = texts.chain(overrides.iter().flat_map(|(name, value)| [name, value])).chain(tables.iter()).fold(
            StableHash::new().number(1 + u64::from(data.is_some())).number(overrides.len() as u64),
            StableHash::field,
        );
        let mut r = resolve::Resolver::new(map.clone(), h.finish());
        r.run(items, overrides)?;
        if let Some(numbers) = numbers {
            r.number_facts(numbers)?;
        }
        r.p.warnings = warnings;
        Ok(r.p)
    };
    let result = run();
    result.map_err(|e| e.with_files(&map))
}

/// A grounded model: the seam's grounding, whose projection is the variables of the shown
/// predicates, whose header names every variable (`var <i> <name>`; not with
/// `GroundOptions::names` off), and whose encoding is the language's own atom tables.
pub type Grounding = wgrnd_seam::Grounding<Atoms>;

/// The language's atom tables: the name of every variable, and what decoding needs.
#[derive(Clone, Debug)]
pub struct Atoms {
    /// Name of variable `i + 1`: `pred(args)` or `aux(...)` (empty for a solved-for atom and
    /// most auxiliaries when grounded with `GroundOptions::names` off: [`AtomNames::atom_name`]
    /// makes it).
    pub names: Vec<String>,
    /// The size estimate made before grounding (clauses); with `GroundOptions::names` off, when
    /// under the limit, an upper bound of it (guards taken to pass).
    pub estimate: f64,
    atom_of: Vec<Option<(u32, u32)>>,
    /// Integer atoms: pred, atom index, view, first variable, width.
    int_list: Vec<ints::IntAtom>,
    /// Solved-for atoms fixed true by unit statements (no variable).
    fixed_true: Vec<(u32, u32)>,
    /// The names of solved-for atoms, made when asked for (names off).
    namer: Option<names::Namer>,
    /// What the names of auxiliaries are made of, made when asked for (names off).
    lazy_aux: Vec<names::LazyAux>,
    /// What the names of integer views are made of, made when asked for (names off).
    lazy_views: Vec<names::LazyView>,
    /// What [`add_symmetries`] needs, when the grounding left its symmetries for later.
    deferred: Option<Box<Deferred>>,
}

/// The symmetry line of a grounding that left its symmetries for later (`-v` prints it when the
/// count never looked for them).
const DEFERRED_LINE: &str = "symmetries: left for later (a count looks for them once it meets a second solution)";

/// What a grounding that left its symmetries for later keeps for [`add_symmetries`]: its header
/// but for the symmetries (whose `names` also says how auxiliaries are named), whether lex-leader
/// clauses are wanted, and how many auxiliaries the grounder made.
#[derive(Clone, Debug)]
struct Deferred {
    parts: HeaderParts,
    lex_leader: bool,
    aux_count: u32,
}

/// What a grounding's header says besides its symmetries, its sizes and its `var` lines (written
/// once the symmetries are settled: at once, or by [`add_symmetries`]).
#[derive(Clone, Debug)]
struct HeaderParts {
    /// The model's file name.
    model: String,
    /// The hash of the model under its options, before the symmetries are hashed in.
    hash: u64,
    amo: &'static str,
    estimate: f64,
    /// Whether `estimate` is an upper bound (guards taken to pass) rather than a sample's.
    bounded: bool,
    /// The shown predicates' names.
    shown: String,
    fixed_true: usize,
    simplified: Option<String>,
    eliminated: Option<String>,
    objective: Vec<String>,
    /// Whether the header names every variable.
    names: bool,
}

impl HeaderParts {
    /// The grounding's hash once `symmetries` are declared (without any, the hash as it was).
    fn hash_with(&self, symmetries: &[wgrnd_seam::Symmetry], lex_leader: bool) -> u64 {
        match symmetries.is_empty() {
            true => self.hash,
            false => StableHash::resume(self.hash)
                .field(format!("symmetries {} lex-leader {lex_leader}", symmetries.len() + 1))
                .finish(),
        }
    }

    /// The header's lines for the grounding of `cnf` with `aux` auxiliaries, its symmetries
    /// said by `symmetry_lines`, and its variables named by `names`.
    fn lines(
        &self,
        hash: u64,
        cnf: &wgrnd_sat::Cnf,
        aux: u32,
        symmetry_lines: &[String],
        names: &[String],
    ) -> Vec<String> {
        let mut header = vec![
            format!("wgrnd qprop model {} (hash {hash:016x})", self.model),
            hash_line(hash),
            format!(
                "at-most-one {}, {} variables ({aux} auxiliary), {} clauses{} (estimated {}{:.0})",
                self.amo,
                cnf.num_vars(),
                cnf.num_own_clauses(),
                match cnf.theories().len() {
                    0 => String::new(),
                    k => format!(" and {k} constraints kept whole (their clauses after these)"),
                },
                if self.bounded { "at most " } else { "" },
                self.estimate
            ),
            format!("shown {}", self.shown),
            format!("atoms fixed by unit statements (no variable): {} true, the rest of them false", self.fixed_true),
        ];
        header.extend(self.simplified.iter().cloned());
        header.extend(self.eliminated.iter().cloned());
        header.extend(symmetry_lines.iter().cloned());
        header.extend(self.objective.iter().cloned());
        // `var <i> <name>`, one exact-size string each (a grounding names thousands of atoms);
        // none when names are off (nothing writes this header).
        if self.names {
            header.extend(names.iter().enumerate().map(|(i, n)| {
                let mut line = String::with_capacity(16 + n.len());
                line.push_str("var ");
                program::push_decimal(&mut line, i as i64 + 1);
                line.push(' ');
                line.push_str(n);
                line
            }));
        }
        header
    }
}

/// Looks for the symmetries of `p` that its grounding `g` left for later (a plain count's:
/// `GroundOptions::symmetries_deferred`), once the count has met a second solution: the same
/// search, group, lex-leader clauses (appended to the CNF), hash and header as a grounding that
/// looked for them at once, byte for byte. Does nothing to a grounding that left nothing for
/// later; `g.symmetries` says what was declared.
pub fn add_symmetries(p: &Program, g: &mut Grounding) {
    let Some(d) = g.encoding.deferred.take() else { return };
    let mut grounded = take_grounded(g, &d);
    let (symmetries, lines) = symmetry::declare(p, &mut grounded, &g.projection, d.lex_leader);
    let hash = d.parts.hash_with(&symmetries, d.lex_leader);
    g.header = d.parts.lines(hash, &grounded.cnf, grounded.aux_count, &lines, &grounded.names);
    g.hash = hash;
    g.symmetries = symmetries;
    restore_grounded(g, grounded);
}

/// The grounder's output moved back out of a finished grounding that left its symmetries for
/// later (what `symmetry::declare` extends); [`restore_grounded`] puts it back.
fn take_grounded(g: &mut Grounding, d: &Deferred) -> ground::Grounded {
    let a = &mut g.encoding;
    debug_assert_eq!(a.names.len(), g.cnf.num_vars() as usize, "a name for every variable");
    ground::Grounded {
        cnf: std::mem::take(&mut g.cnf),
        names: std::mem::take(&mut a.names),
        atom_of: std::mem::take(&mut a.atom_of),
        lazy_aux: std::mem::take(&mut a.lazy_aux),
        lazy_views: std::mem::take(&mut a.lazy_views),
        lazy_names: !d.parts.names,
        aux_count: d.aux_count,
        int_list: std::mem::take(&mut a.int_list),
        fixed_true: std::mem::take(&mut a.fixed_true),
        xors: std::mem::take(&mut g.xors),
    }
}

/// Puts what [`take_grounded`] took back into `g` (every field of it: `lazy_names` follows from
/// the options, and `aux_count` lives in the header from now on).
fn restore_grounded(g: &mut Grounding, grounded: ground::Grounded) {
    let ground::Grounded {
        cnf,
        names,
        atom_of,
        lazy_aux,
        lazy_views,
        lazy_names: _,
        aux_count: _,
        int_list,
        fixed_true,
        xors,
    } = grounded;
    let a = &mut g.encoding;
    (g.cnf, g.xors) = (cnf, xors);
    (a.names, a.atom_of, a.lazy_aux, a.lazy_views, a.int_list, a.fixed_true) =
        (names, atom_of, lazy_aux, lazy_views, int_list, fixed_true);
}

/// Whether the grounding left its symmetries for a count to look for once it meets a second
/// solution ([`add_symmetries`]).
pub fn symmetries_deferred(g: &Grounding) -> bool {
    g.encoding.deferred.is_some()
}

impl AtomNames for Atoms {
    fn atom_name(&self, var: Var) -> String {
        let i = (var.get() as usize).checked_sub(1);
        // Past the end of `atom_of`: the labels of the constraints kept whole, auxiliaries.
        let lazy = || match self.atom_of.get(i?).copied().flatten() {
            Some((pred, idx)) => self.namer.as_ref()?.name(pred, idx as usize),
            None => names::lazy_aux_name(&self.lazy_aux, i?).or_else(|| names::lazy_view_name(&self.lazy_views, i?)),
        };
        match i.and_then(|i| self.names.get(i)) {
            Some(n) if !n.is_empty() => n.clone(),
            _ => lazy().unwrap_or_else(|| format!("?{}", var.get())),
        }
    }
}

/// Grounds `p`: estimates the number of clauses first and refuses above `o.max_clauses` (the
/// message gives the estimate and the largest statement), then writes the clauses.
pub fn ground(p: &Program, o: &GroundOptions) -> Result<Grounding, QpropError> {
    ground_inner(p, o, false).map_err(|e| p.err(e))
}

/// Grounds `p` with its groups, for explanations: each statement and each clue fact behind a
/// selector (`Grounding::groups`; docs/explain.md). Sharing is off and unit statements become
/// clauses, so the CNF differs from [`ground`]'s; with every selector true it has the same
/// solutions.
pub fn ground_groups(p: &Program, o: &GroundOptions) -> Result<Grounding, QpropError> {
    ground_inner(p, &GroundOptions { share: false, ..*o }, true).map_err(|e| p.err(e))
}

/// The estimated clauses of the statements `gs`, and the largest of them with its place.
fn estimate_statements<'p>(
    g: &mut ground::Grounder<'p>,
    gs: &[(nnf::G<'_>, &'p program::Stmt)],
) -> Result<(f64, (f64, Option<Span>)), QpropError> {
    let mut estimate = 0.0;
    let mut biggest = (0.0, None);
    for (gg, s) in gs {
        g.in_statement(&s.slots);
        let e = g.estimate(gg)?;
        estimate += e;
        if e > biggest.0 {
            biggest = (e, Some(s.span));
        }
    }
    Ok((estimate, biggest))
}

fn ground_inner(p: &Program, o: &GroundOptions, groups: bool) -> Result<Grounding, QpropError> {
    // Names on (a header to write) and groups (an explanation's selectors, numbered after the
    // labels) make tables that go by atom reach past the labels: those groundings keep the
    // limits of a grounding whose labels may be written.
    let written = GroundOptions { constraints_written: true, ..*o };
    let o = if o.names || groups { &written } else { o };
    let mut g = ground::Grounder::new(p, o)?;
    let mut gs = Vec::new();
    for s in &p.stmts {
        gs.push((nnf::nnf(p, &s.f, true)?, s));
    }
    // Without a header to show it (names off), the estimate need only be under the limit: a
    // first pass takes every guard to pass and the data atoms checked at a level to be true (an
    // upper bound, at a fraction of the cost of sampling them: a quarter of kakuro's whole
    // `solve`; of finding a definition's density: half of a 9 x 9 sudoku's `backbone`); only a
    // bound over the limit (or an error) is looked at again with the guards sampled, as the
    // header's estimate always is, so the same models are refused with the same message.
    let bound = if o.names {
        None
    } else {
        g.sample_guards = false;
        let bound = estimate_statements(&mut g, &gs).ok().filter(|(b, _)| *b <= o.max_clauses as f64);
        g.sample_guards = true;
        bound
    };
    let (estimate, biggest) = match bound {
        Some(b) => b,
        None => estimate_statements(&mut g, &gs)?,
    };
    if estimate > o.max_clauses as f64 {
        let msg =
            format!("the model would ground to about {estimate:.0} clauses, above the limit of {}", o.max_clauses);
        let e = match biggest.1 {
            Some(span) => QpropError::new(
                ErrorKind::TooLarge,
                span,
                msg,
                format!("the largest part: about {:.0} clauses", biggest.0),
            ),
            None => QpropError::nowhere(ErrorKind::TooLarge, msg),
        };
        return Err(e.note("raise the limit (--max-clauses N) or add guards that use the data"));
    }
    if groups {
        g.tracker = Some(explain::Tracker::default());
        // No narrowing with groups: bounds are clauses, and ask for the order view as any use.
        if o.ints == IntEncoding::Auto {
            g.direct_only = views::direct_only(p, false);
        }
    }
    // Bounds over data on integer variables first: the variables are made with the values they
    // leave (ints.rs, `narrow_outright`), so every later statement grounds over fewer values.
    // Unit statements next: the atoms they fix get no variable and simplify every other clause.
    for (gg, s) in &gs {
        if ints::bound_statement(p, &s.f) && !groups {
            g.in_statement(&s.slots);
            let mut env = vec![None; s.slots.len()];
            g.conj(gg, &mut env, &[])?;
        }
    }
    let fixed = |gg: &nnf::G, s: &program::Stmt| {
        ground::Grounder::unit_shaped(gg) && (!groups || explain::part_of_grounding(p, gg, &s.f))
    };
    for (gg, s) in &gs {
        if fixed(gg, s) {
            g.in_statement(&s.slots);
            if !g.fix_planned(&s.f, &s.slots)? {
                let mut env = vec![None; s.slots.len()];
                g.fix(gg, &mut env)?;
            }
        }
    }
    for (i, (gg, s)) in gs.iter().enumerate() {
        if fixed(gg, s) || (ints::bound_statement(p, &s.f) && !groups) {
            continue;
        }
        let at = g.cnf.num_own_clauses();
        if let Some(t) = &mut g.tracker {
            t.statement(i, at);
        }
        g.in_statement(&s.slots);
        let mut env = vec![None; s.slots.len()];
        g.conj(gg, &mut env, &[])?;
    }
    g.make_narrowed();
    g.finish_lines()?;
    let objective = g.objective(p)?;
    g.free_shown_atoms(&p.shown);
    let shown = g.shown_vars();
    let ties = g.shown_ties(&shown);
    let tracker = g.tracker.take();
    if !o.constraints_written && g.labels > 0.0 {
        // Parity constraints beside constraints kept whole: their elimination and their Gaussian
        // solve read every clause, the constraints' written out too, and the elimination numbers
        // atoms after the labels: grounded again as a formula whose clauses are written.
        if !g.xors.is_empty() {
            return ground_inner(p, &written, groups);
        }
        // The labels are numbered after every other atom: DIMACS numbers 2^31 - 1.
        if f64::from(g.cnf.num_vars()) + g.labels > f64::from(wgrnd_sat::MAX_VARS) {
            return Err(QpropError::new(
                ErrorKind::TooLarge,
                g.most_labels.1,
                format!("the constraints kept whole would need {:.0} auxiliary atoms", g.labels),
                format!("at most {} atoms in all, {} of them the formula's own", wgrnd_sat::MAX_VARS, g.cnf.num_vars()),
            ));
        }
    }
    let mut g = g.finish();
    let mut group_list = Vec::new();
    // Unit propagation before writing (docs/encodings.md, "Simplified by units"): the clues'
    // consequences are decided once here, not by every solver. Not with groups: their clause
    // positions are the statements' and clue facts' scopes.
    let mut simplified = None;
    let mut eliminated = None;
    if tracker.is_none() {
        if let Some(s) = g.cnf.simplify_units() {
            for x in &mut g.xors {
                x.clauses = s.map.range(x.clauses.clone());
            }
            simplified = Some(s);
        }
    }
    // The labels of the constraints kept whole, after every other variable: last of all unless
    // an explanation's selectors or an elimination's auxiliaries come after them. (Symmetries
    // are not looked for beside such a constraint.)
    g.reserve_labels(tracker.is_none() && g.xors.is_empty());
    if tracker.is_none() {
        // The linear part of a mixed system, eliminated (xorelim.rs); its units propagated again.
        eliminated = xorelim::eliminate(&mut g, &shown, o.xor_elim);
        if eliminated.is_some() {
            if let Some(s) = g.cnf.simplify_units() {
                for x in &mut g.xors {
                    x.clauses = s.map.range(x.clauses.clone());
                }
            }
        }
    }
    // The model's own symmetries, proven on its ground program (symmetry.rs): only for a count,
    // and for a plain count only once it meets a second solution ([`add_symmetries`]).
    let looked_for = o.symmetries && tracker.is_none();
    let exact_cover =
        looked_for && o.symmetries_optional && wgrnd_seam::ExactCover::is_for_dancing_links(&g.cnf, &shown);
    // Not when the search would refuse at once, from the model alone: that costs nothing.
    let defer = looked_for && !exact_cover && o.symmetries_deferred && symmetry::refusal(p).is_none();
    let (symmetries, symmetry_lines) = if exact_cover {
        (Vec::new(), vec!["symmetries: not looked for (the formula is an exact cover for dancing links)".into()])
    } else if defer {
        (Vec::new(), vec![DEFERRED_LINE.into()])
    } else if looked_for {
        symmetry::declare(p, &mut g, &shown, o.lex_leader)
    } else {
        (Vec::new(), Vec::new())
    };
    if let Some(t) = tracker {
        let (cnf, list) = explain::attach(p, t, &g.cnf, &mut g.names, &mut g.atom_of);
        g.cnf = cnf;
        g.aux_count += list.len() as u32;
        group_list = list;
    }
    let hash = StableHash::new()
        .number(p.hash)
        .field(o.amo.name())
        .number(u64::from(o.ints == IntEncoding::Log))
        .number(o.max_clauses);
    // Encodings other than the defaults are hashed too (the defaults leave the hash of a model
    // without integers as it was).
    let hash = match (o.ints, o.linear) {
        (IntEncoding::Auto | IntEncoding::Log, LinearEncoding::Auto) => hash,
        (i, l) => hash.field(format!("ints {i:?} linear {l:?}")),
    };
    let hash = match o.xor_elim {
        XorElim::Auto => hash,
        x => hash.field(format!("xor elimination {x:?}")),
    };
    let shown_names: Vec<&str> = p.shown.iter().map(|&i| p.preds[i].name.as_str()).collect();
    let parts = HeaderParts {
        model: p.files[0].0.clone(),
        hash: hash.finish(),
        amo: o.amo.name(),
        estimate,
        bounded: bound.is_some(),
        shown: shown_names.join(" "),
        fixed_true: g.fixed_true.len(),
        simplified: simplified
            .map(|s| format!("simplified by units: {} variables fixed, {} clauses before", s.fixed, s.clauses_before)),
        eliminated: eliminated.map(|e| e.header_line()),
        objective: objective::header_lines(&objective),
        names: o.names,
    };
    let hash = parts.hash_with(&symmetries, o.lex_leader);
    let header = parts.lines(hash, &g.cnf, g.aux_count, &symmetry_lines, &g.names);
    let deferred = defer.then(|| Box::new(Deferred { parts, lex_leader: o.lex_leader, aux_count: g.aux_count }));
    g.cnf.release_slack();
    Ok(Grounding {
        cnf: g.cnf,
        header,
        hash,
        projection: shown,
        // A model's solutions make any number of shown atoms true: block on all of them.
        fixed_weight: false,
        ties,
        // None unless a count asked for them (and they were proven).
        symmetries,
        encoding: Atoms {
            names: g.names,
            estimate,
            atom_of: g.atom_of,
            int_list: g.int_list,
            fixed_true: g.fixed_true,
            namer: (!o.names).then(|| names::Namer::new(p)),
            lazy_aux: g.lazy_aux,
            lazy_views: g.lazy_views,
            deferred,
        },
        xors: g.xors,
        objective,
        groups: group_list,
    })
}
