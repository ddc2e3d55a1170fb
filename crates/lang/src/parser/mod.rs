//! Recursive-descent parser over the token stream: items, formulas, terms. (Past 500 lines: one
//! function per grammar rule of docs/qprop.md, kept together so the grammar reads in one place.)
//!
//! Statements need no terminator (a formula ends where the next cannot continue it), so the seed's
//! formulas parse as written; `.` or `;` after an item is allowed.

mod global;
mod inline;
mod objective;
mod parity;
mod runs;

use crate::ast::{Binder, ConnectedAst, CountKind, DomainDef, Formula, Item, PredRole, RegionsAst, Term};
use crate::error::{syntax, FileId, Result, Span};
use crate::lexer::{lex, Tok};
use crate::ops::{CmpOp, Conn, Op};

/// The reserved words: none of them can name a parameter, domain, variable or predicate
/// (docs/qprop.md lists them).
/// The second line holds the words of the global constraints of issue 24, reserved before every
/// one of them is parsed, so that no model takes them as names.
macro_rules! reserved_words {
    ($($word:literal),* $(,)?) => {
        /// The same words as a list, for the tests.
        #[cfg(test)]
        pub(crate) const KEYWORDS: &[&str] = &[$($word),*];
        /// Whether `s` is one of [`KEYWORDS`]: a `match`, no loop over the list (a search of the
        /// list compared up to 42 words for every name).
        pub(crate) fn is_keyword(s: &str) -> bool {
            matches!(s, $($word)|*)
        }
    };
}
reserved_words![
    "forall",
    "exists",
    "and",
    "or",
    "not",
    "if",
    "iff",
    "xor",
    "mod",
    "in",
    "param",
    "domain",
    "var",
    "pred",
    "input",
    "clue",
    "def",
    "show",
    "exactly",
    "atmost",
    "atleast",
    "table",
    "true",
    "false",
    "sum", //
    "alldifferent",
    "except",
    "min",
    "max",
    "count",
    "increasing",
    "decreasing",
    "strictly_increasing",
    "strictly_decreasing",
    "lex_less",
    "lex_lesseq",
    "connected",
    "via",
    "circuit",
    "minimize",
    "maximize",
    "soft",
];
const MAX_DEPTH: usize = 500;

pub(crate) use inline::{is_anonymous, parse_column_ref};

/// A file parsed: its items, and warnings about text that parses but may not mean what it seems.
pub struct Parsed {
    /// The items, in order.
    pub items: Vec<Item>,
    /// Where and what.
    pub warnings: Vec<(Span, String)>,
}

/// Parses a whole file (number `file`) into items.
pub fn parse_file(file: FileId, text: &str) -> Result<Parsed> {
    let toks = lex(file, text)?;
    let mut p = Parser { toks, pos: 0, depth: 0, text, warnings: Vec::new(), rhs: false, inline: Vec::new() };
    let mut items = Vec::new();
    while !p.at_eof() {
        let item = p.item()?;
        p.after_bare_name(&item)?;
        // The anonymous domains of the item's inline ranges, sets and tuple lists come first.
        items.append(&mut p.inline);
        items.push(item);
        while p.eat(".") || p.eat(";") {}
    }
    Ok(Parsed { items, warnings: p.warnings })
}

struct Parser<'t> {
    toks: Vec<(Tok<'t>, Span)>,
    pos: usize,
    depth: usize,
    text: &'t str,
    warnings: Vec<(Span, String)>,
    /// Whether the term being parsed is the right side of a comparison, outside brackets: the
    /// formula before it is complete, so a `-` that begins the next line continues it unseen.
    rhs: bool,
    /// Domains written inline in the current item's binders (crate::syntax), declared before it.
    inline: Vec<Item>,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> &Tok<'t> {
        &self.toks[self.pos.min(self.toks.len() - 1)].0
    }
    fn peek_at(&self, k: usize) -> &Tok<'t> {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].0
    }
    fn span(&self) -> Span {
        self.toks[self.pos.min(self.toks.len() - 1)].1
    }
    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1).min(self.toks.len() - 1)].1
    }
    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }
    fn bump(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }
    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn is_kw(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if *s == k)
    }
    fn eat(&mut self, p: &str) -> bool {
        let yes = self.is(p);
        if yes {
            self.bump();
        }
        yes
    }
    fn eat_kw(&mut self, k: &str) -> bool {
        let yes = self.is_kw(k);
        if yes {
            self.bump();
        }
        yes
    }
    fn found(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Int(v) => format!("'{v}'"),
            Tok::Punct(p) => format!("'{p}'"),
            Tok::Eof => "end of file".into(),
            Tok::Str(t) => format!("\"{t}\""),
        }
    }
    fn fail<T>(&self, expected: &str) -> Result<T> {
        Err(syntax(self.span(), format!("unexpected {}", self.found()), format!("expected {expected}")))
    }
    fn expect(&mut self, p: &str) -> Result<()> {
        if self.eat(p) {
            Ok(())
        } else {
            self.fail(&format!("'{p}'"))
        }
    }
    fn name(&mut self, what: &str) -> Result<(String, Span)> {
        match *self.peek() {
            Tok::Ident(s) if !is_keyword(s) => {
                let span = self.span();
                self.bump();
                Ok((s.to_string(), span))
            }
            Tok::Ident(s) => Err(syntax(
                self.span(),
                format!("'{s}' is a reserved word"),
                format!("expected {what}; a reserved word names nothing (docs/qprop.md lists them)"),
            )),
            _ => self.fail(what),
        }
    }
    /// Whether the token at `pos` is the first of its line.
    fn first_on_line(&self, pos: usize) -> bool {
        let Some((_, span)) = self.toks.get(pos) else { return false };
        let before = self.text.get(..span.start as usize).unwrap_or("");
        before.rsplit('\n').next().is_some_and(|l| l.trim().is_empty()) && before.contains('\n')
    }
    /// A statement that is a bare name (`minimize`), followed on its own line by more text, is
    /// a word the language does not have: said so at the word, rather than at whatever the
    /// rest of the line fails on.
    fn after_bare_name(&self, item: &Item) -> Result<()> {
        let Item::Formula(Formula::Atom(n, args, span)) = item else { return Ok(()) };
        let next = self.pos;
        if !args.is_empty() || self.at_eof() || self.first_on_line(next) || self.is(".") || self.is(";") {
            return Ok(());
        }
        Err(syntax(
            *span,
            format!("'{n}' followed by {} on the same line", self.found()),
            format!("'{n}' is not a keyword of the language (docs/qprop.md lists them); a statement ends where its formula does"),
        ))
    }
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(syntax(self.span(), "nesting too deep", format!("at most {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn item(&mut self) -> Result<Item> {
        if let Some(fact) = self.plain_fact() {
            return Ok(fact);
        }
        let start = self.span();
        if self.eat_kw("param") {
            let (n, _) = self.name("a parameter name")?;
            self.expect("=")?;
            let t = self.term()?;
            return Ok(Item::Param(n, t, start.to(self.prev_span())));
        }
        if self.eat_kw("domain") {
            let (n, _) = self.name("a domain name")?;
            if !self.eat("=") {
                self.expect(":=")?;
            }
            let d = self.domain_def()?;
            return Ok(Item::Domain(n, d, start.to(self.prev_span())));
        }
        if self.is_kw("var") && matches!(self.peek_at(2), Tok::Punct("(")) {
            self.bump();
            let (n, _) = self.name("an integer variable name")?;
            self.expect("(")?;
            let mut args = Vec::new();
            loop {
                args.push(self.name("a domain name")?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(")")?;
            if !self.eat_kw("in") {
                return self.fail("'in' and the values (lo..hi or a domain)");
            }
            let values = if matches!(self.peek(), Tok::Ident(_)) && !matches!(self.peek_at(1), Tok::Punct("..")) {
                let (d, s) = self.name("a domain name")?;
                DomainDef::List(vec![Term::Name(d, s)])
            } else {
                self.domain_def()?
            };
            return Ok(Item::IntVar(n, args, values, start.to(self.prev_span())));
        }
        if self.eat_kw("var") {
            let mut names = vec![self.name("a variable name")?];
            while self.eat(",") {
                names.push(self.name("a variable name")?);
            }
            if !self.eat_kw("in") {
                return self.fail("'in' and a domain");
            }
            // `var k in 0..4`, `var k in {1, 5, 9}`: one integer variable.
            if !matches!(self.peek(), Tok::Ident(_)) || matches!(self.peek_at(1), Tok::Punct("..")) {
                if names.len() > 1 {
                    return Err(syntax(
                        names[1].1,
                        "several names for one integer variable's values",
                        "declare one integer variable per 'var' when its values are written out",
                    ));
                }
                let values = self.domain_def()?;
                let (n, _) = names.remove(0);
                return Ok(Item::IntVar(n, Vec::new(), values, start.to(self.prev_span())));
            }
            let (d, _) = self.name("a domain name")?;
            return Ok(Item::Sort(names, d, start.to(self.prev_span())));
        }
        let role = if self.eat_kw("input") {
            PredRole::Input
        } else if self.eat_kw("clue") {
            PredRole::Clue
        } else {
            PredRole::Solved
        };
        if role != PredRole::Solved || self.is_kw("pred") {
            if !self.eat_kw("pred") {
                return self.fail("'pred'");
            }
            let (n, _) = self.name("a predicate name")?;
            let mut args = Vec::new();
            if self.eat("(") {
                loop {
                    args.push(self.name("a domain name")?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")")?;
            }
            // `clue pred number(R, C, V) else unknown`: what stands in a withheld clue's place.
            let withheld = if role == PredRole::Clue && self.eat_kw("else") {
                Some(self.name("an input predicate name")?)
            } else {
                None
            };
            return Ok(Item::Pred(role, n, args, withheld, start.to(self.prev_span())));
        }
        if self.eat_kw("def") {
            let (n, _) = self.name("a predicate name")?;
            let mut params = Vec::new();
            if self.eat("(") {
                params = self.binders()?;
                self.expect(")")?;
            }
            if !self.eat(":=") && !self.eat("=") && !self.eat_kw("iff") {
                return self.fail("':=' and a formula");
            }
            let f = self.formula()?;
            return Ok(Item::Def(n, params, f, start.to(self.prev_span())));
        }
        if self.eat_kw("show") {
            let mut names = vec![self.name("a predicate name")?];
            while self.eat(",") {
                names.push(self.name("a predicate name")?);
            }
            return Ok(Item::Show(names));
        }
        if self.eat_kw("table") {
            let (n, ns) = self.name("a predicate name")?;
            if self.is_kw("from") {
                return self.table_from(n, ns);
            }
            self.expect("[")?;
            let mut entries = Vec::new();
            while !self.eat("]") {
                if self.at_eof() {
                    return self.fail("']'");
                }
                entries.push(self.primary_term()?);
                self.eat(",");
            }
            return Ok(Item::Table(n, entries, start.to(self.prev_span())));
        }
        if let Some(item) = self.objective_item(start)? {
            return Ok(item);
        }
        Ok(Item::Formula(self.formula()?))
    }

    fn domain_def(&mut self) -> Result<DomainDef> {
        if let Some(d) = self.tuple_domain_def()? {
            return Ok(d);
        }
        if self.eat("{") {
            if matches!(self.peek(), Tok::Ident(_)) && matches!(self.peek_at(1), Tok::Ident(s) if *s == "in") {
                let (name, span) = self.name("a variable name")?;
                self.bump();
                let d = self.name("a domain name")?;
                if !self.eat("|") {
                    return self.fail("'|' and a condition");
                }
                let g = self.formula()?;
                self.expect("}")?;
                return Ok(DomainDef::Filter(Binder { name, domain: Some(d), span }, Box::new(g)));
            }
            let mut elems = Vec::new();
            if !self.eat("}") {
                loop {
                    elems.push(self.term()?);
                    if self.eat("}") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(DomainDef::List(elems));
        }
        let lo = self.term()?;
        if !self.eat("..") {
            return self.fail("'..' (a range lo..hi) or '{' (a list)");
        }
        let hi = self.term()?;
        Ok(DomainDef::Range(lo, hi))
    }

    /// `x, y in D, z` (names with an optional domain that applies to the names since the last one;
    /// D a name, or written inline: `1..n`, `{1, 5, 9}`).
    pub(crate) fn binders(&mut self) -> Result<Vec<Binder>> {
        self.binder_list(None)
    }

    /// [`Self::binders`], and where `members` is given, tuple binders `(a, b) in Pair` too, whose
    /// membership atoms `Pair(a, b)` are collected there (crate::parser::inline).
    fn binder_list(&mut self, mut members: Option<&mut Vec<Formula>>) -> Result<Vec<Binder>> {
        let mut out: Vec<Binder> = Vec::new();
        let mut pending = 0;
        loop {
            if self.is("(") {
                let Some(m) = members.as_deref_mut() else {
                    return self.fail("a variable name (tuple binders are taken by forall, exists, sums and counts)");
                };
                self.tuple_binder(&mut out, m)?;
                pending = 0;
                if !self.eat(",") {
                    return Ok(out);
                }
                continue;
            }
            let (name, span) = self.name("a variable name")?;
            out.push(Binder { name, domain: None, span });
            pending += 1;
            if self.eat_kw("in") {
                let d = self.binder_domain()?;
                let n = out.len();
                for b in &mut out[n - pending..] {
                    b.domain = Some(d.clone());
                }
                pending = 0;
            }
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// Lowest precedence: `A if B`.
    fn formula(&mut self) -> Result<Formula> {
        self.enter()?;
        let a = self.iff()?;
        let r = if self.eat_kw("if") {
            let b = self.iff()?;
            let span = a.span().to(b.span());
            Formula::Bin(Conn::Imp, Box::new(b), Box::new(a), span)
        } else {
            a
        };
        self.depth -= 1;
        Ok(r)
    }
    fn iff(&mut self) -> Result<Formula> {
        let mut a = self.imp()?;
        let depth = self.depth;
        while self.eat_kw("iff") || self.eat("<->") {
            self.enter()?;
            let b = self.imp()?;
            let span = a.span().to(b.span());
            a = Formula::Bin(Conn::Iff, Box::new(a), Box::new(b), span);
        }
        self.depth = depth;
        Ok(a)
    }
    fn imp(&mut self) -> Result<Formula> {
        let a = self.xor()?;
        if self.eat("->") {
            self.enter()?;
            let b = self.imp()?;
            self.depth -= 1;
            let span = a.span().to(b.span());
            return Ok(Formula::Bin(Conn::Imp, Box::new(a), Box::new(b), span));
        }
        Ok(a)
    }
    fn xor(&mut self) -> Result<Formula> {
        let mut a = self.or()?;
        let depth = self.depth;
        while self.eat_kw("xor") {
            self.enter()?;
            let b = self.or()?;
            let span = a.span().to(b.span());
            a = Formula::Bin(Conn::Xor, Box::new(a), Box::new(b), span);
        }
        self.depth = depth;
        Ok(a)
    }
    fn or(&mut self) -> Result<Formula> {
        let mut a = self.and()?;
        let depth = self.depth;
        while self.eat_kw("or") {
            self.enter()?;
            let b = self.and()?;
            let span = a.span().to(b.span());
            a = Formula::Bin(Conn::Or, Box::new(a), Box::new(b), span);
        }
        self.depth = depth;
        Ok(a)
    }
    fn and(&mut self) -> Result<Formula> {
        let mut a = self.unary()?;
        let depth = self.depth;
        while self.eat_kw("and") {
            self.enter()?;
            let b = self.unary()?;
            let span = a.span().to(b.span());
            a = Formula::Bin(Conn::And, Box::new(a), Box::new(b), span);
        }
        self.depth = depth;
        Ok(a)
    }
    fn unary(&mut self) -> Result<Formula> {
        let start = self.span();
        self.enter()?;
        let r = if self.eat_kw("not") {
            let f = self.unary()?;
            let span = start.to(f.span());
            Formula::Not(Box::new(f), span)
        } else if self.is_kw("forall") || self.is_kw("exists") {
            let all = self.is_kw("forall");
            self.bump();
            let (binders, guard) = self.binders_guard()?;
            if !self.eat(".") {
                return self.fail("'.' before the quantifier's body");
            }
            let body = self.formula()?;
            let span = start.to(body.span());
            Formula::Quant(all, binders, guard, Box::new(body), span)
        } else {
            self.primary()?
        };
        self.depth -= 1;
        Ok(r)
    }
    fn primary(&mut self) -> Result<Formula> {
        let start = self.span();
        if self.eat_kw("true") {
            return Ok(Formula::Const(true, start));
        }
        if self.eat_kw("false") {
            return Ok(Formula::Const(false, start));
        }
        for (kw, kind) in
            [("exactly", CountKind::Exactly), ("atmost", CountKind::AtMost), ("atleast", CountKind::AtLeast)]
        {
            if self.eat_kw(kw) {
                let k = self.term()?;
                let (lit, binders, guard) = self.formula_comprehension()?;
                let span = start.to(self.prev_span());
                return Ok(Formula::Count(kind, k, Box::new(lit), binders, guard, span));
            }
        }
        if let Some(f) = self.parity(start)? {
            return Ok(f);
        }
        if self.is_kw("alldifferent")
            && (matches!(self.peek_at(1), Tok::Punct("{"))
                || matches!(self.peek_at(1), Tok::Ident(s) if *s == "except"))
        {
            self.bump();
            let except = if self.eat_kw("except") { Some(self.term()?) } else { None };
            let (t, binders, guard) = self.comprehension()?;
            return Ok(Formula::AllDiff(except, t, binders, guard, start.to(self.prev_span())));
        }
        if matches!(self.peek(), Tok::Ident(k) if *k == "connected" || *k == "circuit")
            && matches!(self.peek_at(1), Tok::Punct("{"))
        {
            return self.connected(start);
        }
        if self.is_kw("runs") && matches!(self.peek_at(1), Tok::Punct("{")) {
            return self.runs(start);
        }
        if self.is_kw("regions") && matches!(self.peek_at(1), Tok::Punct("{")) {
            return self.regions(start);
        }
        if let Some(f) = self.order_constraint(start)? {
            return Ok(f);
        }
        if let Some(f) = self.global(start)? {
            return Ok(f);
        }
        if self.is("(") {
            let (save, depth) = (self.pos, self.depth);
            if let Ok(t) = self.term() {
                if let Some(op) = self.cmp_op() {
                    let r = self.rhs_term()?;
                    let span = t.span().to(r.span());
                    return Ok(Formula::Cmp(op, t, r, span));
                }
            }
            (self.pos, self.depth) = (save, depth);
            self.bump();
            let f = self.formula()?;
            self.expect(")")?;
            return Ok(f);
        }
        let t = self.term()?;
        if let Some(op) = self.cmp_op() {
            let r = self.rhs_term()?;
            let span = t.span().to(r.span());
            return Ok(Formula::Cmp(op, t, r, span));
        }
        match t {
            Term::Name(n, s) => Ok(Formula::Atom(n, Vec::new(), s)),
            Term::Call(n, args, s) => Ok(Formula::Atom(n, args, s)),
            t => Err(syntax(
                t.span(),
                format!("an integer term followed by {}", self.found()),
                "expected a comparison operator (= =/= != < <= > >=) after it: a number is not a formula",
            )),
        }
    }
    /// `connected { formula : binders | guard } via adj` (or `circuit`), at its first word
    /// (`connected`, `circuit` and `via` are words only here: a predicate is never followed by `{`).
    fn connected(&mut self, start: Span) -> Result<Formula> {
        let circuit = self.is_kw("circuit");
        self.bump();
        let (lit, binders, guard) = self.formula_comprehension()?;
        let guard = guard.map(|g| *g);
        if !self.eat_kw("via") {
            return self.fail("'via' and the adjacency predicate");
        }
        let adj = self.name("the adjacency predicate")?;
        let span = start.to(self.prev_span());
        Ok(Formula::Connected(Box::new(ConnectedAst { circuit, lit, binders, guard, adj, span })))
    }
    /// `regions { size : binders | guard } via adj`, at its first word (`regions` is a word only
    /// before `{`, so it remains usable as a name).
    fn regions(&mut self, start: Span) -> Result<Formula> {
        self.bump();
        let (size, binders, guard) = self.comprehension()?;
        let guard = guard.map(|g| *g);
        if !self.eat_kw("via") {
            return self.fail("'via' and the adjacency predicate");
        }
        let adj = self.name("the adjacency predicate")?;
        let span = start.to(self.prev_span());
        Ok(Formula::Regions(Box::new(RegionsAst { size, binders, guard, adj, span })))
    }
    /// `{ term : binders | guard }` (of `alldifferent`, `min`, `max`, `regions`).
    #[allow(clippy::type_complexity)]
    fn comprehension(&mut self) -> Result<(Term, Vec<Binder>, Option<Box<Formula>>)> {
        self.expect("{")?;
        let t = self.inner_term()?;
        self.expect(":")?;
        let (binders, guard) = self.binders_guard()?;
        self.expect("}")?;
        Ok((t, binders, guard))
    }
    /// The arguments of a call after its `(`, up to and including the `)`.
    fn call_args(&mut self) -> Result<Vec<Term>> {
        let mut args = Vec::new();
        if !self.eat(")") {
            loop {
                let arg = match self.plain_arg() {
                    Some(t) => t,
                    None => self.inner_term()?,
                };
                args.push(arg);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        Ok(args)
    }
    /// An argument that is a lone number or name (the next token, `,` or `)`, ends it), read
    /// without descending the grammar of terms: the term [`Parser::inner_term`] gives for it, for
    /// the thousands of arguments of a data file's facts. `None`: any other argument.
    fn plain_arg(&mut self) -> Option<Term> {
        if !matches!(self.peek_at(1), Tok::Punct(",") | Tok::Punct(")")) || self.depth >= MAX_DEPTH {
            return None;
        }
        let span = self.span();
        let t = match self.peek() {
            Tok::Int(v) => Term::Int(*v, span),
            Tok::Ident(s) if !is_keyword(s) => Term::Name(s.to_string(), span),
            _ => return None,
        };
        self.bump();
        Some(t)
    }
    /// A statement that is a lone atom of numbers and names, `edge(1, 2)`, ended by the next
    /// statement's name, `.`, `;` or the end: the item [`Parser::formula`] gives for it, read
    /// without descending the grammar of formulas and terms (a data file's thousands of facts:
    /// a third of loading a graph). `None`, the position unchanged: any other statement.
    fn plain_fact(&mut self) -> Option<Item> {
        let (Tok::Ident(name), Tok::Punct("(")) = (self.peek(), self.peek_at(1)) else { return None };
        if is_keyword(name) {
            return None;
        }
        // Arguments at pos + 2, pos + 4, ...; separators after each; then what follows the `)`.
        let mut k = 2;
        loop {
            match (self.peek_at(k), self.peek_at(k + 1)) {
                (Tok::Int(_), Tok::Punct(",")) => k += 2,
                (Tok::Ident(a), Tok::Punct(",")) if !is_keyword(a) => k += 2,
                (Tok::Int(_), Tok::Punct(")")) => break,
                (Tok::Ident(a), Tok::Punct(")")) if !is_keyword(a) => break,
                _ => return None,
            }
        }
        match self.peek_at(k + 2) {
            Tok::Eof | Tok::Punct(".") | Tok::Punct(";") => {}
            Tok::Ident(next) if !is_keyword(next) => {}
            _ => return None,
        }
        let name_span = self.span();
        let name = name.to_string();
        self.bump();
        self.bump();
        let mut args = Vec::with_capacity(k / 2);
        for _ in 0..k / 2 {
            let span = self.span();
            args.push(match self.peek() {
                Tok::Int(v) => Term::Int(*v, span),
                Tok::Ident(a) => Term::Name(a.to_string(), span),
                _ => unreachable!("checked above"),
            });
            self.bump();
            self.bump();
        }
        Some(Item::Formula(Formula::Atom(name, args, name_span.to(self.prev_span()))))
    }
    /// The right side of a comparison.
    fn rhs_term(&mut self) -> Result<Term> {
        let saved = std::mem::replace(&mut self.rhs, true);
        let t = self.term();
        self.rhs = saved;
        t
    }
    /// A term inside brackets (parentheses, arguments, a sum): its lines continue it plainly.
    fn inner_term(&mut self) -> Result<Term> {
        let saved = std::mem::replace(&mut self.rhs, false);
        let t = self.term();
        self.rhs = saved;
        t
    }
    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek() {
            Tok::Punct(p) => CmpOp::parse(p)?,
            _ => return None,
        };
        self.bump();
        Some(op)
    }

    fn term(&mut self) -> Result<Term> {
        self.enter()?;
        let mut a = self.mul_term()?;
        let depth = self.depth;
        loop {
            let op = if self.eat("+") {
                Op::Add
            } else if self.is("-") {
                if self.rhs && self.first_on_line(self.pos) {
                    self.warnings.push((
                        self.span(),
                        "a line that begins with '-' continues the statement above (a subtraction); \
                         put the '-' at the end of the line above, or the expression in parentheses"
                            .into(),
                    ));
                }
                self.bump();
                Op::Sub
            } else {
                break;
            };
            self.enter()?;
            let b = self.mul_term()?;
            let span = a.span().to(b.span());
            a = Term::Bin(op, Box::new(a), Box::new(b), span);
        }
        self.depth = depth - 1;
        Ok(a)
    }
    fn mul_term(&mut self) -> Result<Term> {
        let mut a = self.unary_term()?;
        let depth = self.depth;
        loop {
            let op = if self.eat("*") {
                Op::Mul
            } else if self.eat("/") {
                Op::Div
            } else if self.eat_kw("mod") {
                Op::Mod
            } else {
                break;
            };
            self.enter()?;
            let b = self.unary_term()?;
            let span = a.span().to(b.span());
            a = Term::Bin(op, Box::new(a), Box::new(b), span);
        }
        self.depth = depth;
        Ok(a)
    }
    fn unary_term(&mut self) -> Result<Term> {
        let start = self.span();
        if self.eat("-") {
            self.enter()?;
            let t = self.unary_term()?;
            self.depth -= 1;
            let span = start.to(t.span());
            return Ok(Term::Neg(Box::new(t), span));
        }
        self.primary_term()
    }
    fn primary_term(&mut self) -> Result<Term> {
        let start = self.span();
        match *self.peek() {
            Tok::Int(v) => {
                self.bump();
                Ok(Term::Int(v, start))
            }
            Tok::Punct("-") => self.unary_term(),
            Tok::Punct("(") => {
                self.bump();
                let t = self.inner_term()?;
                self.expect(")")?;
                Ok(t)
            }
            Tok::Punct("[") => {
                self.bump();
                let f = self.formula()?;
                self.expect("]")?;
                Ok(Term::Bool(Box::new(f), start.to(self.prev_span())))
            }
            Tok::Ident("sum") => {
                self.bump();
                self.expect("{")?;
                let t = self.inner_term()?;
                self.expect(":")?;
                let (binders, guard) = self.binders_guard()?;
                self.expect("}")?;
                Ok(Term::Sum(Box::new(t), binders, guard, start.to(self.prev_span())))
            }
            Tok::Ident(k) if (k == "min" || k == "max") && matches!(self.peek_at(1), Tok::Punct("{")) => {
                self.bump();
                let (t, binders, guard) = self.comprehension()?;
                Ok(Term::MinMax(k == "max", Box::new(t), binders, guard, start.to(self.prev_span())))
            }
            Tok::Ident(k) if k == "count" && *self.peek_at(1) == Tok::Punct("{") => {
                self.bump();
                let (f, binders, guard) = self.formula_comprehension()?;
                Ok(Term::Count(Box::new(f), binders, guard, start.to(self.prev_span())))
            }
            // `min(a, b)`, `max(a, b)`: reserved words, read only here and before `{`.
            Tok::Ident(k) if (k == "min" || k == "max") && matches!(self.peek_at(1), Tok::Punct("(")) => {
                let n = k.to_string();
                self.bump();
                self.expect("(")?;
                let args = self.call_args()?;
                Ok(Term::Call(n, args, start.to(self.prev_span())))
            }
            Tok::Ident(_) => {
                let (n, s) = self.name("a name, a number or '('")?;
                if self.eat("(") {
                    let args = self.call_args()?;
                    return Ok(Term::Call(n, args, s.to(self.prev_span())));
                }
                Ok(Term::Name(n, s))
            }
            _ => self.fail("a name, a number or '('"),
        }
    }

    /// `increasing L`, `decreasing L`, `strictly_increasing L`, `strictly_decreasing L`,
    /// `lex_less(L1, L2)`, `lex_lesseq(L1, L2)`, if one starts here.
    fn order_constraint(&mut self, start: Span) -> Result<Option<Formula>> {
        use crate::ast::OrderKind;
        for (kw, kind) in [
            ("increasing", OrderKind::Increasing),
            ("decreasing", OrderKind::Decreasing),
            ("strictly_increasing", OrderKind::StrictlyIncreasing),
            ("strictly_decreasing", OrderKind::StrictlyDecreasing),
        ] {
            if self.eat_kw(kw) {
                let list = self.list()?;
                return Ok(Some(Formula::Order(kind, list, start.to(self.prev_span()))));
            }
        }
        for (kw, strict) in [("lex_less", true), ("lex_lesseq", false)] {
            if self.eat_kw(kw) {
                self.expect("(")?;
                let a = self.list()?;
                self.expect(",")?;
                let b = self.list()?;
                self.expect(")")?;
                return Ok(Some(Formula::Lex(strict, a, b, start.to(self.prev_span()))));
            }
        }
        Ok(None)
    }
    /// A sequence: `{ term : binders | guard }` or `[t1, t2, ...]`.
    fn list(&mut self) -> Result<crate::ast::List> {
        use crate::ast::List;
        if self.eat("[") {
            let mut items = Vec::new();
            if !self.eat("]") {
                loop {
                    items.push(self.inner_term()?);
                    if self.eat("]") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(List::Items(items));
        }
        if !self.eat("{") {
            return self.fail("a sequence: '{ term : binders }' or '[t1, t2, ...]'");
        }
        let t = self.inner_term()?;
        self.expect(":")?;
        let (binders, guard) = self.binders_guard()?;
        self.expect("}")?;
        Ok(List::Compr(Box::new(t), binders, guard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each statement of `text` as `item` reads it (through the plain fact when it is one) and as
    /// the grammar of formulas reads it, and how many were plain facts.
    fn both_ways(text: &str) -> (Vec<String>, Vec<String>, usize) {
        let toks = lex(FileId::default(), text).expect("lexes");
        let new = |toks| Parser { toks, pos: 0, depth: 0, text, warnings: Vec::new(), rhs: false, inline: Vec::new() };
        let (mut fast, mut slow) = (new(toks.clone()), new(toks));
        let (mut a, mut b, mut facts) = (Vec::new(), Vec::new(), 0);
        while !fast.at_eof() {
            let at = fast.pos;
            facts += usize::from(fast.clone_pos().plain_fact().is_some());
            let item = fast.item().map_err(|e| e.to_string());
            a.push(format!("{item:?} {}", fast.pos));
            slow.pos = at;
            b.push(format!("{:?} {}", slow.formula().map(Item::Formula).map_err(|e| e.to_string()), slow.pos));
            if item.is_err() {
                break;
            }
            while fast.eat(".") || fast.eat(";") {}
        }
        (a, b, facts)
    }

    impl Parser<'_> {
        fn clone_pos(&self) -> Self {
            Parser { toks: self.toks.clone(), warnings: Vec::new(), inline: Vec::new(), ..*self }
        }
    }

    #[test]
    fn a_plain_fact_reads_as_the_grammar_reads_it() {
        let (a, b, facts) = both_ways("edge(1, 2)\nedge(a, 30). edge(b,c); w(7)\nlast(1)");
        assert_eq!(facts, 5);
        assert_eq!(a, b);
        // Not plain: continued by a connective, a comparison, arithmetic; a negative number; no
        // arguments; a keyword's own syntax. The grammar reads them.
        let (a, b, facts) =
            both_ways("e(1, 2) or e(2, 1)\np(1) = 2\np(1) + 1 > 0\ne(-1, 2)\nq()\ne(1, 2) and p(x)\nlex_less(a, b)");
        assert_eq!(facts, 0);
        assert_eq!(a, b);
    }
}
