//! The random model generator: small QPROP models in the language's syntax, drawn from a seed.
//!
//! A model is declarations (domains, solved-for predicates, integer variables, input predicates
//! with random facts, `def`s, a `show` line) and a few statements. Statements, terms and guards
//! are drawn from three lists of productions ([`FORMULAS`], [`TERMS`], [`GUARDS`]): each a name,
//! a weight and a function from the random source and a [`Ctx`] (the model's names and domains,
//! the variables bound here, the depth, whether a counting constraint may stand here) to the
//! text, or `None` when it does not apply in that context (then another is drawn).
//!
//! To add a construct: write one function `fn my_construct(r: &mut Rng, c: &Ctx) -> Option<String>`
//! that returns the construct's text (recursing through [`formula`], [`term`], [`guard`] and
//! [`binders`] for its parts, with `c.inner()`, `c.bind(...)`, `c.not_outright()` for their
//! context; `None` where the construct cannot stand, e.g. `if !c.outright { return None }` for a
//! constraint that must hold outright), and add `("my-construct", weight, my_construct)` at the
//! end of the list it belongs to. The oracle needs nothing more as long as the construct's
//! solved-for values are atoms of `pred`s or values of integer variables (`var x(D) in lo..hi`),
//! which it enumerates from the loaded program. A new kind of declaration (an integer variable
//! over a set, say) goes into [`Model::declare`] and [`Model::text`].
//!
//! Everything parenthesised: precedence is the parser's business, which the checker and the
//! grounder share; the fuzzer compares their meanings.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Write;

thread_local! {
    /// The productions (and declaration kinds) the model being generated uses: the tally.
    static USED: RefCell<BTreeSet<&'static str>> = const { RefCell::new(BTreeSet::new()) };
}

fn used(name: &'static str) {
    USED.with(|u| u.borrow_mut().insert(name));
}

/// A deterministic random source (SplitMix64): the same seed gives the same model everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// A domain: its name and values as written; integer ranges or symbols.
#[derive(Clone, Debug)]
pub struct Dom {
    pub name: String,
    pub values: Vec<String>,
    pub ints: bool,
    /// A filter `{w in parent | cond}`: the parent domain and the condition's text.
    pub filter: Option<(usize, String)>,
}

/// What a declared predicate is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// Solved for (`pred`).
    Solved,
    /// A bounded integer variable per tuple (`var x(D) in lo..hi`, or `in E` for a domain E
    /// of those values).
    Int { lo: i64, hi: i64, dom: Option<usize>, set: Option<Vec<i64>> },
    /// A variable over a domain of symbols (`var c(D) in E`): `=`/`=/=` only.
    Sym(usize),
    /// Data (`input pred`) with these facts (argument texts), written as a `table` (one value of
    /// the last argument per value of the first, or `_`) when `true`.
    Input(Vec<Vec<String>>, bool),
    /// `def name(binders) := body` (data only).
    Def(String),
}

/// A declared predicate: name, argument domains (indices into [`Model::doms`]), kind.
#[derive(Clone, Debug)]
pub struct Decl {
    pub name: String,
    pub args: Vec<usize>,
    pub kind: Kind,
}

/// A generated model.
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub doms: Vec<Dom>,
    pub decls: Vec<Decl>,
    /// `show` names; `None`: no `show` line (every solved-for predicate shown).
    pub show: Option<Vec<String>>,
    /// `param n = ...`.
    pub param: Option<i64>,
    pub stmts: Vec<String>,
    /// Tuple domains: name, column domains, declaration text (`{(ta, tb) : ...}` or a list).
    pub tdoms: Vec<(String, [usize; 2], String)>,
    /// The productions and declaration kinds this model uses (for the run's tally).
    pub used: BTreeSet<&'static str>,
}

/// Where a production is drawn: the model, the variables bound around it, how deep, and whether
/// a constraint that must hold outright (a counting constraint) may stand here.
#[derive(Clone)]
pub struct Ctx<'a> {
    pub m: &'a Model,
    /// Bound variables: name and domain index.
    pub scope: Vec<(String, usize)>,
    pub depth: u32,
    /// Under `forall` and `and` only, from the statement's top.
    pub outright: bool,
    /// Inside `connected`/`circuit`: no counting constraint.
    pub no_count: bool,
}

/// Deepest nesting of connectives, quantifiers and sums.
const MAX_DEPTH: u32 = 4;

impl<'a> Ctx<'a> {
    pub fn top(m: &'a Model) -> Ctx<'a> {
        Ctx { m, scope: Vec::new(), depth: 0, outright: true, no_count: false }
    }
    /// One level deeper, same outright-ness.
    pub fn inner(&self) -> Ctx<'a> {
        Ctx { depth: self.depth + 1, ..self.clone() }
    }
    /// One level deeper, where a counting constraint may not stand.
    pub fn not_outright(&self) -> Ctx<'a> {
        Ctx { depth: self.depth + 1, outright: false, ..self.clone() }
    }
    /// With more variables bound.
    pub fn bind(&self, vars: &[(String, usize)]) -> Ctx<'a> {
        let mut c = self.clone();
        c.scope.extend(vars.iter().cloned());
        c
    }
    fn deep(&self) -> bool {
        self.depth >= MAX_DEPTH
    }
    fn preds(&self, f: impl Fn(&Kind) -> bool) -> Vec<&'a Decl> {
        self.m.decls.iter().filter(|d| f(&d.kind)).collect()
    }
    fn int_vars_in_scope(&self) -> Vec<&(String, usize)> {
        self.scope.iter().filter(|(_, d)| self.m.doms[*d].ints).collect()
    }
}

/// A production: its name, weight, and the function that writes it (`None`: not here).
pub type Production = (&'static str, u32, fn(&mut Rng, &Ctx) -> Option<String>);

/// Formulas (statements and their parts).
pub const FORMULAS: &[Production] = &[
    ("atom", 12, atom),
    ("data-atom", 3, data_atom),
    ("not", 4, not),
    ("connective", 10, connective),
    ("quantifier", 9, quantifier),
    ("count", 6, count),
    ("linear", 8, linear),
    ("compare-data", 2, compare_data),
    ("constant", 1, constant),
    ("alldifferent", 3, alldifferent),
    ("count-any-formula", 3, count_any),
    ("table-atom", 3, table_atom),
    ("element-atom", 3, element_atom),
    ("order", 3, order),
    ("lex", 2, lex),
    ("symbol-compare", 4, sym_compare),
    ("connected", 2, connected),
    ("circuit", 1, circuit),
    ("parity", 1, parity),
    ("sum-mod-two", 1, sum_mod_two),
    ("runs", 2, runs),
    ("nvalue", 3, nvalue),
];

/// Integer terms (in linear comparisons, sums and counting bounds).
pub const TERMS: &[Production] = &[
    ("int-var", 8, int_var),
    ("bracket", 6, bracket),
    ("sum", 5, sum),
    ("number", 3, number),
    ("bound-value", 2, bound_value),
    ("arith", 4, arith),
    ("element", 3, element),
    ("min-max", 3, min_max),
    ("product", 2, product),
    ("bracket-formula", 3, bracket_formula),
    ("count-term", 3, count_term),
];

/// Guards (`| ...`) and `def` bodies: data only.
pub const GUARDS: &[Production] = &[
    ("data-atom", 4, data_atom),
    ("compare-data", 5, compare_data),
    ("not", 1, guard_not),
    ("connective", 2, guard_connective),
];

/// Draws from `list` by weight until a production applies (a constant or a number at worst).
pub fn draw(r: &mut Rng, c: &Ctx, list: &[Production], fallback: &str) -> String {
    let total: u32 = list.iter().map(|p| p.1).sum();
    for _ in 0..20 {
        let mut x = r.below(total as usize) as u32;
        for (name, w, f) in list {
            if x < *w {
                if let Some(t) = f(r, c) {
                    used(name);
                    return t;
                }
                break;
            }
            x -= w;
        }
    }
    fallback.to_string()
}

pub fn formula(r: &mut Rng, c: &Ctx) -> String {
    draw(r, c, FORMULAS, "true")
}

pub fn term(r: &mut Rng, c: &Ctx) -> String {
    draw(r, c, TERMS, "1")
}

pub fn guard(r: &mut Rng, c: &Ctx) -> String {
    draw(r, c, GUARDS, "true")
}

/// 1 or 2 fresh binders over random domains: their text (`v3 in D0, v4 in D1`) and the bindings.
pub fn binders(r: &mut Rng, c: &Ctx) -> (String, Vec<(String, usize)>) {
    if !c.m.tdoms.is_empty() && r.chance(1, 4) {
        used("tuple-binder");
        let (name, cols, _) = r.pick(&c.m.tdoms).clone();
        let (a, b) = (format!("v{}", c.scope.len()), format!("v{}", c.scope.len() + 1));
        return (format!("({a}, {b}) in {name}"), vec![(a, cols[0]), (b, cols[1])]);
    }
    let n = 1 + usize::from(r.chance(1, 3));
    let vars: Vec<(String, usize)> =
        (0..n).map(|k| (format!("v{}", c.scope.len() + k), r.below(c.m.doms.len()))).collect();
    let text = vars
        .iter()
        .map(|(v, d)| {
            let dom = &c.m.doms[*d];
            // Inline: the same values written out (a range or a set), accepted where `dom` is.
            if dom.ints && dom.filter.is_none() && r.chance(1, 5) {
                used("inline-binder");
                if r.chance(1, 2) {
                    return format!("{v} in {}..{}", dom.values[0], dom.values[dom.values.len() - 1]);
                }
                return format!("{v} in {{{}}}", dom.values.join(", "));
            }
            format!("{v} in {}", dom.name)
        })
        .collect::<Vec<_>>()
        .join(", ");
    (text, vars)
}

/// An optional guard: ` | g` (a third of the time).
fn maybe_guard(r: &mut Rng, c: &Ctx) -> String {
    if r.chance(1, 3) {
        format!(" | {}", guard(r, c))
    } else {
        String::new()
    }
}

/// A value of domain `d`: a bound variable of that domain (mostly, when there is one) or a constant.
fn value_of(r: &mut Rng, c: &Ctx, d: usize) -> String {
    // A variable of `d`, or of a filter of `d` (a subset is accepted where its parent is).
    let vars: Vec<&String> = c
        .scope
        .iter()
        .filter(|(_, e)| *e == d || c.m.doms[*e].filter.as_ref().is_some_and(|f| f.0 == d))
        .map(|(v, _)| v)
        .collect();
    if !vars.is_empty() && r.chance(4, 5) {
        return r.pick(&vars).to_string();
    }
    r.pick(&c.m.doms[d].values).clone()
}

fn call(r: &mut Rng, c: &Ctx, d: &Decl) -> String {
    if d.args.is_empty() {
        return d.name.clone();
    }
    let args: Vec<String> = d.args.iter().map(|&a| value_of(r, c, a)).collect();
    format!("{}({})", d.name, args.join(", "))
}

fn atom(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Solved));
    if ps.is_empty() {
        return None;
    }
    let d = *r.pick(&ps);
    Some(call(r, c, d))
}

fn data_atom(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Input(..) | Kind::Def(_)));
    if ps.is_empty() {
        return None;
    }
    let d = *r.pick(&ps);
    Some(call(r, c, d))
}

/// An atom or its negation, of a solved-for predicate mostly, else of data.
fn literal(r: &mut Rng, c: &Ctx) -> Option<String> {
    let a =
        if r.chance(4, 5) { atom(r, c).or_else(|| data_atom(r, c)) } else { data_atom(r, c).or_else(|| atom(r, c)) }?;
    Some(if r.chance(1, 3) { format!("not {a}") } else { a })
}

fn not(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    Some(format!("not ({})", formula(r, &c.not_outright())))
}

fn connective(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let op = *r.pick(&["and", "and", "or", "->", "iff", "<->", "xor", "if"]);
    let inner = if op == "and" { c.inner() } else { c.not_outright() };
    let a = formula(r, &inner);
    let b = formula(r, &inner);
    Some(format!("({a}) {op} ({b})"))
}

fn quantifier(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let all = r.chance(3, 5);
    let (text, vars) = binders(r, c);
    let inner = if all { c.inner() } else { c.not_outright() };
    let inner = inner.bind(&vars);
    let g = maybe_guard(r, &inner);
    let body = formula(r, &inner);
    Some(format!("({} {text}{g} . ({body}))", if all { "forall" } else { "exists" }))
}

fn count(r: &mut Rng, c: &Ctx) -> Option<String> {
    if !c.outright || c.no_count || c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    // Today a count's literal is an atom, its negation or a comparison of data.
    let lit = if r.chance(1, 6) { compare_data(r, &inner)? } else { literal(r, &inner)? };
    let g = maybe_guard(r, &inner);
    let n: usize = vars.iter().map(|(_, d)| c.m.doms[*d].values.len()).product();
    // Bounds from -1 to n + 1: impossible ones included; sometimes a term over the data.
    let k = if r.chance(1, 6) && !c.int_vars_in_scope().is_empty() {
        let v = r.pick(&c.int_vars_in_scope()).0.clone();
        format!("({v} + {})", r.range(-1, 1))
    } else {
        let k = if r.chance(1, 5) { r.range(-1, n as i64 + 1) } else { r.range(0, n as i64) };
        k.to_string()
    };
    let kind = *r.pick(&["exactly", "atmost", "atleast", "not atmost", "not atleast"]);
    Some(format!("{kind} {k} {{ {lit} : {text}{g} }}"))
}

fn linear(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let op = *r.pick(&["=", "=/=", "!=", "<", "<=", ">", ">="]);
    let a = term(r, &c.inner());
    let b = if r.chance(1, 2) { r.range(-2, 4).to_string() } else { term(r, &c.inner()) };
    Some(format!("{a} {op} {b}"))
}

fn compare_data(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.scope.is_empty() {
        return None;
    }
    let (v, d) = r.pick(&c.scope).clone();
    let dom = &c.m.doms[d];
    if !dom.ints {
        let w = value_of(r, c, d);
        return Some(format!("{v} {} {w}", r.pick(&["=", "=/="])));
    }
    let w = value_of(r, c, d);
    Some(match r.below(3) {
        0 => format!("{v} {} {w}", r.pick(&["=", "=/=", "<", "<=", ">", ">="])),
        1 if r.chance(1, 2) => format!("({v} + {w}) mod 2 = {}", r.below(2)),
        1 => format!("({v} + 1) / 2 {} {w} - {}", r.pick(&["=", "<=", ">"]), r.below(2)),
        _ => format!("{v} - {w} {} {}", r.pick(&["<", ">=", "="]), r.range(-1, 1)),
    })
}

fn constant(r: &mut Rng, _c: &Ctx) -> Option<String> {
    Some(r.pick(&["true", "false"]).to_string())
}

fn guard_not(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    Some(format!("not ({})", guard(r, &c.inner())))
}

fn guard_connective(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let op = *r.pick(&["and", "or"]);
    let (a, b) = (guard(r, &c.inner()), guard(r, &c.inner()));
    Some(format!("({a}) {op} ({b})"))
}

fn int_var(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Int { .. }));
    if ps.is_empty() {
        return None;
    }
    let d = *r.pick(&ps);
    let x = if d.args.is_empty() {
        used("single-int");
        d.name.clone()
    } else {
        call(r, c, d)
    };
    Some(match r.below(4) {
        0 => format!("{} * {x}", r.range(-2, 3)),
        _ => x,
    })
}

fn bracket(r: &mut Rng, c: &Ctx) -> Option<String> {
    Some(format!("[{}]", literal(r, c)?))
}

fn sum(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.inner().bind(&vars);
    let g = maybe_guard(r, &inner);
    let body = term(r, &inner);
    Some(format!("sum {{ {body} : {text}{g} }}"))
}

fn number(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.m.param.is_some() && r.chance(1, 3) {
        return Some(r.pick(&["n", "(n + 1)", "(2 * n - 1)"]).to_string());
    }
    Some(r.range(-2, 3).to_string())
}

fn bound_value(r: &mut Rng, c: &Ctx) -> Option<String> {
    let vs = c.int_vars_in_scope();
    if vs.is_empty() {
        return None;
    }
    Some(r.pick(&vs).0.clone())
}

fn arith(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let inner = c.inner();
    Some(match r.below(4) {
        0 => format!("({} + {})", term(r, &inner), term(r, &inner)),
        1 => format!("({} - {})", term(r, &inner), term(r, &inner)),
        2 => format!("-({})", term(r, &inner)),
        _ => {
            let k = bound_value(r, c).unwrap_or_else(|| r.range(-2, 2).to_string());
            format!("{k} * ({})", term(r, &inner))
        }
    })
}

/// Arguments of `d` with an integer term instead of a value at some integer arguments (element,
/// table); `None` when no argument took one.
fn call_with_ints(r: &mut Rng, c: &Ctx, d: &Decl) -> Option<String> {
    if c.deep() || d.args.is_empty() {
        return None;
    }
    let mut any = false;
    let args: Vec<String> = d
        .args
        .iter()
        .map(|&a| {
            if c.m.doms[a].ints && r.chance(2, 3) {
                if let Some(t) = int_var(r, &c.inner()) {
                    any = true;
                    return t;
                }
            }
            value_of(r, c, a)
        })
        .collect();
    any.then(|| format!("{}({})", d.name, args.join(", ")))
}

/// `y(x(i))`: an integer variable indexed by an integer term.
fn element(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Int { .. }));
    {
        let d = *ps.get(r.below(ps.len().max(1)))?;
        call_with_ints(r, c, d)
    }
}

/// `d(x(i), v)`: an atom of data with integer terms among its arguments (a table).
fn table_atom(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Input(..) | Kind::Def(_)));
    let a = {
        let d = *ps.get(r.below(ps.len().max(1)))?;
        call_with_ints(r, c, d)
    }?;
    Some(if r.chance(1, 3) { format!("not {a}") } else { a })
}

/// `p(x(i))`: an atom of a solved-for predicate selected by integer terms (element over atoms).
fn element_atom(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps = c.preds(|k| matches!(k, Kind::Solved));
    {
        let d = *ps.get(r.below(ps.len().max(1)))?;
        call_with_ints(r, c, d)
    }
}

/// `alldifferent [except k] { t : binders | g }`: outright only.
fn alldifferent(r: &mut Rng, c: &Ctx) -> Option<String> {
    if !c.outright || c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    let g = maybe_guard(r, &inner);
    let t = term(r, &inner);
    let except = if r.chance(1, 3) { format!(" except {}", r.range(-1, 2)) } else { String::new() };
    Some(format!("alldifferent{except} {{ {t} : {text}{g} }}"))
}

/// A counting constraint over any formula, under any connective.
fn count_any(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.no_count || c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    let g = maybe_guard(r, &inner);
    let f = formula(r, &inner);
    let n: usize = vars.iter().map(|(_, d)| c.m.doms[*d].values.len()).product();
    let kind = *r.pick(&["exactly", "atmost", "atleast", "not atmost", "not exactly"]);
    Some(format!("({kind} {} {{ {f} : {text}{g} }})", r.range(-1, n as i64 + 1)))
}

/// `count { formula : binders | g }` as an integer term.
fn count_term(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    let g = maybe_guard(r, &inner);
    let f = formula(r, &inner);
    Some(format!("count {{ {f} : {text}{g} }}"))
}

/// `[formula]` of any formula.
fn bracket_formula(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    Some(format!("[{}]", formula(r, &c.not_outright())))
}

/// `min { t : binders }`, `max {...}`, `min(a, b)`, `max(a, b, c)`. No guard: an empty `min` is
/// an error of the model.
fn min_max(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let f = *r.pick(&["min", "max"]);
    let inner = c.inner();
    if r.chance(1, 2) {
        let (text, vars) = binders(r, c);
        let t = term(r, &inner.bind(&vars));
        return Some(format!("{f} {{ {t} : {text} }}"));
    }
    let n = 2 + r.below(2);
    let ts: Vec<String> = (0..n).map(|_| term(r, &inner)).collect();
    Some(format!("{f}({})", ts.join(", ")))
}

/// A product of two integer terms.
fn product(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let inner = c.inner();
    Some(format!("({}) * ({})", term(r, &inner), term(r, &inner)))
}

/// A list of terms: `{ t : binders | g }` or `[t1, t2, ...]`.
fn list(r: &mut Rng, c: &Ctx) -> String {
    let inner = c.not_outright();
    if r.chance(1, 2) {
        let (text, vars) = binders(r, c);
        let inner = inner.bind(&vars);
        let g = maybe_guard(r, &inner);
        format!("{{ {} : {text}{g} }}", term(r, &inner))
    } else {
        let ts: Vec<String> = (0..1 + r.below(3)).map(|_| term(r, &inner)).collect();
        format!("[{}]", ts.join(", "))
    }
}

/// `increasing L` and its kin, under any connective.
fn order(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let f = *r.pick(&["increasing", "decreasing", "strictly_increasing", "strictly_decreasing"]);
    Some(format!("({f} {})", list(r, c)))
}

/// `nvalue L op k`: the number of distinct values among a sequence's elements (integer terms,
/// or values of a variable over symbols), compared with a number or a term, under any connective.
fn nvalue(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let syms: Vec<&Decl> = c.m.decls.iter().filter(|d| matches!(d.kind, Kind::Sym(_))).collect();
    let element = |r: &mut Rng, c: &Ctx| match syms.len() {
        n if n > 0 && r.chance(1, 3) => {
            let d = syms[r.below(n)];
            call(r, c, d)
        }
        _ => term(r, c),
    };
    let inner = c.not_outright();
    let seq = if r.chance(1, 2) {
        let (text, vars) = binders(r, c);
        let inner = inner.bind(&vars);
        let g = maybe_guard(r, &inner);
        format!("{{ {} : {text}{g} }}", element(r, &inner))
    } else {
        let ts: Vec<String> = (0..r.below(4)).map(|_| element(r, &inner)).collect();
        format!("[{}]", ts.join(", "))
    };
    let op = *r.pick(&["=", "=/=", "<", "<=", ">", ">="]);
    let k = if r.chance(1, 4) { term(r, &inner) } else { r.range(-1, 4).to_string() };
    Some(format!("(nvalue {seq} {op} {k})"))
}

/// `lex_less(L1, L2)`, `lex_lesseq(L1, L2)`.
fn lex(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.deep() {
        return None;
    }
    let f = *r.pick(&["lex_less", "lex_lesseq"]);
    Some(format!("{f}({}, {})", list(r, c), list(r, c)))
}

/// A variable over symbols compared with `=`/`=/=` to a value, a bound variable or another one.
fn sym_compare(r: &mut Rng, c: &Ctx) -> Option<String> {
    let ps: Vec<&Decl> = c.m.decls.iter().filter(|d| matches!(d.kind, Kind::Sym(_))).collect();
    let d = *ps.get(r.below(ps.len().max(1)))?;
    let Kind::Sym(e) = d.kind else { return None };
    let x = call(r, c, d);
    let y = if r.chance(1, 3) { call(r, c, d) } else { value_of(r, c, e) };
    Some(format!("{x} {} {y}", r.pick(&["=", "=/=", "!="])))
}

/// `connected`/`circuit { formula : v in D | g } via g0`, `g0` a graph over `D`: outright only.
fn graph(r: &mut Rng, c: &Ctx, what: &str) -> Option<String> {
    if !c.outright || c.deep() {
        return None;
    }
    let gs: Vec<&Decl> =
        c.m.decls
            .iter()
            .filter(|d| d.args.len() == 2 && d.args[0] == d.args[1])
            .filter(|d| matches!(d.kind, Kind::Solved | Kind::Input(..)))
            .collect();
    let gr = *gs.get(r.below(gs.len().max(1)))?;
    let v = format!("v{}", c.scope.len());
    let vars = [(v.clone(), gr.args[0])];
    let inner = Ctx { no_count: true, ..c.not_outright().bind(&vars) };
    let g = maybe_guard(r, &inner);
    let f = formula(r, &inner);
    Some(format!("{what} {{ {f} : {v} in {}{g} }} via {}", c.m.doms[gr.args[0]].name, gr.name))
}

fn connected(r: &mut Rng, c: &Ctx) -> Option<String> {
    graph(r, c, "connected")
}

fn circuit(r: &mut Rng, c: &Ctx) -> Option<String> {
    graph(r, c, "circuit")
}

/// `runs { formula : v in D | g } = [l1, ...]` (lengths 0..3, a 0 is no run): outright only.
fn runs(r: &mut Rng, c: &Ctx) -> Option<String> {
    if !c.outright || c.deep() || c.m.doms.is_empty() {
        return None;
    }
    let d = r.below(c.m.doms.len());
    let v = format!("v{}", c.scope.len());
    let vars = [(v.clone(), d)];
    let inner = Ctx { no_count: true, ..c.not_outright().bind(&vars) };
    let g = maybe_guard(r, &inner);
    let f = formula(r, &inner);
    let lens: Vec<String> = (0..r.below(3)).map(|_| r.below(4).to_string()).collect();
    Some(format!("runs {{ {f} : {v} in {}{g} }} = [{}]", c.m.doms[d].name, lens.join(", ")))
}

impl Model {
    /// A random model whose solved-for atoms and integer values have at most `2^max_bits`
    /// assignments in all (so that the oracle can enumerate them).
    pub fn random(seed: u64, max_bits: f64) -> Model {
        let mut r = Rng::new(seed);
        let mut m = loop {
            let m = Model::declare(&mut r);
            if m.space_bits() <= max_bits {
                break m;
            }
        };
        USED.with(|u| u.borrow_mut().clear());
        for d in &m.decls {
            match &d.kind {
                Kind::Int { set: Some(_), .. } => used("int-set-var"),
                Kind::Sym(_) => used("symbol-var"),
                _ => {}
            }
            if matches!(d.kind, Kind::Int { .. } | Kind::Sym(_)) && d.args.is_empty() {
                used("single-var");
            }
        }
        if !m.tdoms.is_empty() {
            used("tuple-domain");
        }
        let n = 1 + r.below(3);
        for _ in 0..n {
            let top = Ctx::top(&m);
            // Half the statements under a `forall`, as models are written.
            let s = if r.chance(1, 2) {
                let (text, vars) = binders(&mut r, &top);
                let inner = top.inner().bind(&vars);
                let g = maybe_guard(&mut r, &inner);
                format!("forall {text}{g} . {}", formula(&mut r, &inner))
            } else {
                formula(&mut r, &top)
            };
            m.stmts.push(s);
        }
        m.used = USED.with(|u| std::mem::take(&mut *u.borrow_mut()));
        m
    }

    /// Declarations: domains, solved-for predicates, integer variables, data, defs, `show`.
    fn declare(r: &mut Rng) -> Model {
        let mut m = Model::default();
        for i in 0..1 + r.below(3) {
            let size = 1 + r.below(4);
            let dom = if r.chance(1, 3) {
                Dom {
                    name: format!("D{i}"),
                    values: (0..size).map(|k| format!("{}{i}", ["a", "b", "c", "e"][k])).collect(),
                    ints: false,
                    filter: None,
                }
            } else {
                let lo = r.range(0, 2);
                Dom {
                    name: format!("D{i}"),
                    values: (lo..lo + size as i64).map(|v| v.to_string()).collect(),
                    ints: true,
                    filter: None,
                }
            };
            m.doms.push(dom);
        }
        // Predicates take the domains declared so far; binders also range over filters of them.
        let nd = m.doms.len();
        if r.chance(1, 3) {
            let parent = r.below(nd);
            let d = m.doms[parent].clone();
            if d.values.len() > 1 {
                let drop = r.below(d.values.len());
                let (cond, values): (String, Vec<String>) = if d.ints && r.chance(1, 2) {
                    // `w <= k`: a nonempty prefix.
                    let keep = 1 + r.below(d.values.len() - 1);
                    (format!("w <= {}", d.values[keep - 1]), d.values[..keep].to_vec())
                } else {
                    let kept = d.values.iter().enumerate().filter(|(i, _)| *i != drop).map(|(_, v)| v.clone());
                    (format!("w =/= {}", d.values[drop]), kept.collect())
                };
                m.doms.push(Dom { name: format!("F{parent}"), values, ints: d.ints, filter: Some((parent, cond)) });
            }
        }
        if r.chance(1, 2) {
            m.param = Some(r.range(0, 2));
        }
        let args = |r: &mut Rng, max: usize| -> Vec<usize> { (0..r.below(max + 1)).map(|_| r.below(nd)).collect() };
        for i in 0..1 + r.below(3) {
            let a = args(r, 2);
            m.decls.push(Decl { name: format!("p{i}"), args: a, kind: Kind::Solved });
        }
        for i in 0..r.below(3) {
            let a = vec![r.below(nd)];
            let ranges: Vec<usize> = (0..nd).filter(|&d| m.doms[d].ints && m.doms[d].values.len() > 1).collect();
            let kind = if !ranges.is_empty() && r.chance(1, 4) {
                let d = *r.pick(&ranges);
                let v = &m.doms[d].values;
                let lo = v[0].parse().expect("an integer");
                Kind::Int { lo, hi: lo + v.len() as i64 - 1, dom: Some(d), set: None }
            } else if r.chance(1, 4) {
                // A set of values with gaps: `in {-1, 1, 2}`.
                let set: Vec<i64> = (-1..=3).filter(|_| r.chance(1, 2)).collect();
                let set = if set.len() < 2 { vec![0, 2] } else { set };
                Kind::Int { lo: set[0], hi: set[set.len() - 1], dom: None, set: Some(set) }
            } else {
                let lo = r.range(-1, 1);
                Kind::Int { lo, hi: lo + r.range(1, 2), dom: None, set: None }
            };
            // A single integer (no arguments) a quarter of the time; not over a named domain,
            // where an unused `var x0 in D` is a sort declaration (docs/qprop.md).
            let named = matches!(kind, Kind::Int { dom: Some(_), .. });
            let a = if !named && r.chance(1, 4) { Vec::new() } else { a };
            m.decls.push(Decl { name: format!("x{i}"), args: a, kind });
        }
        // Variables over symbols (`var s0(D) in E`, E a domain of symbols).
        let syms: Vec<usize> = (0..nd).filter(|&d| !m.doms[d].ints && m.doms[d].values.len() > 1).collect();
        if !syms.is_empty() && r.chance(1, 3) {
            let e = *r.pick(&syms);
            // Always with an argument: an unused `var s0 in E` would be a sort declaration.
            m.decls.push(Decl { name: "s0".into(), args: vec![r.below(nd)], kind: Kind::Sym(e) });
        }
        // A graph over a small domain for `connected`/`circuit` (data or solved for).
        let small: Vec<usize> = (0..nd).filter(|&d| m.doms[d].values.len() <= 3).collect();
        if !small.is_empty() && r.chance(1, 3) {
            let d = *r.pick(&small);
            let kind = if r.chance(1, 3) {
                Kind::Solved
            } else {
                let facts = m.tuples(&[d, d]).into_iter().filter(|_| r.chance(1, 2)).collect();
                Kind::Input(facts, false)
            };
            m.decls.push(Decl { name: "g0".into(), args: vec![d, d], kind });
        }
        // A tuple domain over two domains: a comprehension or a list.
        if r.chance(1, 4) {
            let (a, b) = (r.below(nd), r.below(nd));
            let pairs: Vec<Vec<String>> = m.tuples(&[a, b]);
            let (da, db) = (&m.doms[a], &m.doms[b]);
            let text = if r.chance(1, 2) {
                let g = if da.ints && db.ints && pairs.iter().any(|t| t[0] < t[1]) && r.chance(1, 2) {
                    let op = *r.pick(&["<", "<=", "=/="]);
                    let ok = pairs.iter().any(|t| {
                        let (x, y): (i64, i64) = (t[0].parse().expect("int"), t[1].parse().expect("int"));
                        match op {
                            "<" => x < y,
                            "<=" => x <= y,
                            _ => x != y,
                        }
                    });
                    if ok {
                        format!(" | ta {op} tb")
                    } else {
                        String::new()
                    }
                } else {
                    String::new()
                };
                format!("{{(ta, tb) : ta in {}, tb in {}{g}}}", da.name, db.name)
            } else {
                let mut kept: Vec<String> =
                    pairs.iter().filter(|_| r.chance(1, 2)).map(|t| format!("({}, {})", t[0], t[1])).collect();
                if kept.is_empty() {
                    kept.push(format!("({}, {})", pairs[0][0], pairs[0][1]));
                }
                format!("{{{}}}", kept.join(", "))
            };
            m.tdoms.push(("T0".into(), [a, b], text));
        }
        for i in 0..r.below(3) {
            let a: Vec<usize> = (0..1 + r.below(2)).map(|_| r.below(nd)).collect();
            let table = a.len() == 2 && r.chance(1, 3);
            let mut facts = Vec::new();
            if table {
                // One value of the second argument per value of the first, or none.
                for x in &m.doms[a[0]].values {
                    if r.chance(2, 3) {
                        facts.push(vec![x.clone(), r.pick(&m.doms[a[1]].values).clone()]);
                    }
                }
            } else {
                for t in m.tuples(&a) {
                    if r.chance(1, 2) {
                        facts.push(t);
                    }
                }
            }
            m.decls.push(Decl { name: format!("d{i}"), args: a, kind: Kind::Input(facts, table) });
        }
        if r.chance(1, 3) {
            let a = vec![r.below(nd)];
            let scope = vec![("w0".to_string(), a[0])];
            let c = Ctx { m: &m, scope, depth: 2, outright: false, no_count: false };
            let body = guard(r, &c);
            let params = format!("w0 in {}", m.doms[a[0]].name);
            m.decls.push(Decl { name: "q0".into(), args: a, kind: Kind::Def(format!("({params}) := {body}")) });
        }
        if r.chance(1, 2) {
            let solved: Vec<String> = m
                .decls
                .iter()
                .filter(|d| matches!(d.kind, Kind::Solved | Kind::Int { .. } | Kind::Sym(_)))
                .map(|d| d.name.clone())
                .collect();
            let shown: Vec<String> = solved.iter().filter(|_| r.chance(1, 2)).cloned().collect();
            m.show = Some(if shown.is_empty() { vec![r.pick(&solved).clone()] } else { shown });
        }
        m
    }

    /// Every tuple of values of the domains `args`.
    fn tuples(&self, args: &[usize]) -> Vec<Vec<String>> {
        args.iter().fold(vec![Vec::new()], |acc, &d| {
            acc.iter()
                .flat_map(|t| {
                    self.doms[d].values.iter().map(move |v| {
                        let mut t = t.clone();
                        t.push(v.clone());
                        t
                    })
                })
                .collect()
        })
    }

    /// log2 of the number of assignments of the solved-for atoms and integer values.
    pub fn space_bits(&self) -> f64 {
        self.decls
            .iter()
            .map(|d| {
                let n = self.tuples(&d.args).len() as f64;
                match d.kind {
                    Kind::Solved => n,
                    Kind::Int { set: Some(ref s), .. } => n * (s.len() as f64).log2(),
                    Kind::Int { lo, hi, .. } => n * ((hi - lo + 1) as f64).log2(),
                    Kind::Sym(e) => n * (self.doms[e].values.len() as f64).log2(),
                    _ => 0.0,
                }
            })
            .sum()
    }

    /// The model's text. `;` ends every item: a next line that begins with `(`, `[` or `-`
    /// would continue it (`pred p` and a line `(a) or (b)` read as `pred p((a) or (b))`).
    pub fn text(&self) -> String {
        let mut s = String::new();
        if let Some(n) = self.param {
            let _ = writeln!(s, "param n = {n};");
        }
        for d in &self.doms {
            if let Some((parent, cond)) = &d.filter {
                let _ = writeln!(s, "domain {} = {{w in {} | {cond}}};", d.name, self.doms[*parent].name);
            } else if d.ints {
                let _ = writeln!(s, "domain {} = {}..{};", d.name, d.values[0], d.values[d.values.len() - 1]);
            } else {
                let _ = writeln!(s, "domain {} = {{{}}};", d.name, d.values.join(", "));
            }
        }
        for (name, _, text) in &self.tdoms {
            let _ = writeln!(s, "domain {name} = {text};");
        }
        let doms = |args: &[usize]| args.iter().map(|&a| self.doms[a].name.clone()).collect::<Vec<_>>().join(", ");
        for d in &self.decls {
            let args = if d.args.is_empty() { String::new() } else { format!("({})", doms(&d.args)) };
            match &d.kind {
                Kind::Solved => {
                    let _ = writeln!(s, "pred {}{args};", d.name);
                }
                Kind::Int { dom: Some(e), .. } => {
                    let _ = writeln!(s, "var {}{args} in {};", d.name, self.doms[*e].name);
                }
                Kind::Int { set: Some(set), .. } => {
                    let set = set.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
                    let _ = writeln!(s, "var {}{args} in {{{set}}};", d.name);
                }
                Kind::Sym(e) => {
                    let _ = writeln!(s, "var {}{args} in {};", d.name, self.doms[*e].name);
                }
                Kind::Int { lo, hi, dom: None, .. } => {
                    let _ = writeln!(s, "var {}{args} in {lo}..{hi};", d.name);
                }
                Kind::Input(facts, false) => {
                    let _ = writeln!(s, "input pred {}{args};", d.name);
                    for f in facts {
                        let _ = writeln!(s, "{}({});", d.name, f.join(", "));
                    }
                }
                Kind::Input(facts, true) => {
                    let _ = writeln!(s, "input pred {}{args};", d.name);
                    let row = |x: &String| facts.iter().find(|f| &f[0] == x).map_or("_", |f| f[1].as_str());
                    let rows: Vec<&str> = self.doms[d.args[0]].values.iter().map(row).collect();
                    let _ = writeln!(s, "table {} [{}];", d.name, rows.join(" "));
                }
                Kind::Def(body) => {
                    let _ = writeln!(s, "def {}{body};", d.name);
                }
            }
        }
        if let Some(show) = &self.show {
            let _ = writeln!(s, "show {};", show.join(", "));
        }
        for st in &self.stmts {
            let _ = writeln!(s, "{st};");
        }
        s
    }
}

/// `xor { formula : binders | g }`, `odd {...}`, `even {...}` (issue #25), anywhere: reifiable.
fn parity(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.no_count || c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    let g = maybe_guard(r, &inner);
    let f = if r.chance(1, 2) { literal(r, &inner)? } else { formula(r, &inner) };
    let kind = *r.pick(&["xor", "odd", "even", "not odd", "not even"]);
    Some(format!("({kind} {{ {f} : {text}{g} }})"))
}

/// `sum { [formula] : binders | g } mod 2 = k`: the parity the grounder recognises in a sum.
fn sum_mod_two(r: &mut Rng, c: &Ctx) -> Option<String> {
    if c.no_count || c.deep() {
        return None;
    }
    let (text, vars) = binders(r, c);
    let inner = c.not_outright().bind(&vars);
    let g = maybe_guard(r, &inner);
    let f = literal(r, &inner)?;
    let (op, k) = (*r.pick(&["=", "!="]), r.range(0, 1));
    Some(format!("((sum {{ [{f}] : {text}{g} }} mod 2) {op} {k})"))
}
