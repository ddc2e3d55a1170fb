//! Recursive-descent parser over the token stream: items, formulas, terms. (Past 500 lines: one
//! function per grammar rule of docs/qprop.md, kept together so the grammar reads in one place.)
//!
//! Statements need no terminator (a formula ends where the next cannot continue it), so the seed's
//! formulas parse as written; `.` or `;` after an item is allowed.

use crate::ast::{Binder, CountKind, DomainDef, Formula, Item, PredRole, Term};
use crate::error::{syntax, Result, Span};
use crate::lexer::{lex, Tok};

const KEYWORDS: [&str; 25] = [
    "forall", "exists", "and", "or", "not", "if", "iff", "xor", "mod", "in", "param", "domain", "var", "pred", "input",
    "clue", "def", "show", "exactly", "atmost", "atleast", "table", "true", "false", "sum",
];
const MAX_DEPTH: usize = 500;

/// Parses a whole file (number `file`) into items.
pub fn parse_file(file: u8, text: &str) -> Result<Vec<Item>> {
    let toks = lex(file, text)?;
    let mut p = Parser { toks, pos: 0, depth: 0 };
    let mut items = Vec::new();
    while !p.at_eof() {
        items.push(p.item()?);
        while p.eat(".") || p.eat(";") {}
    }
    Ok(items)
}

struct Parser {
    toks: Vec<(Tok, Span)>,
    pos: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].0
    }
    fn peek_at(&self, k: usize) -> &Tok {
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
        matches!(self.peek(), Tok::Ident(s) if s == k)
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
            Tok::Eof => "the end of the file".into(),
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
        match self.peek().clone() {
            Tok::Ident(s) if !KEYWORDS.contains(&s.as_str()) => {
                let span = self.span();
                self.bump();
                Ok((s, span))
            }
            _ => self.fail(what),
        }
    }
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(syntax(self.span(), "nesting too deep", format!("at most {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn item(&mut self) -> Result<Item> {
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
            return Ok(Item::Pred(role, n, args, start.to(self.prev_span())));
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
            let (n, _) = self.name("a predicate name")?;
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
        Ok(Item::Formula(self.formula()?))
    }

    fn domain_def(&mut self) -> Result<DomainDef> {
        if self.eat("{") {
            if matches!(self.peek(), Tok::Ident(_)) && matches!(self.peek_at(1), Tok::Ident(s) if s == "in") {
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

    /// `x, y in D, z` (names with an optional domain that applies to the names since the last one).
    fn binders(&mut self) -> Result<Vec<Binder>> {
        let mut out: Vec<Binder> = Vec::new();
        let mut pending = 0;
        loop {
            let (name, span) = self.name("a variable name")?;
            out.push(Binder { name, domain: None, span });
            pending += 1;
            if self.eat_kw("in") {
                let d = self.name("a domain name")?;
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
            Formula::Bin("->", Box::new(b), Box::new(a), span)
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
            a = Formula::Bin("iff", Box::new(a), Box::new(b), span);
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
            return Ok(Formula::Bin("->", Box::new(a), Box::new(b), span));
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
            a = Formula::Bin("xor", Box::new(a), Box::new(b), span);
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
            a = Formula::Bin("or", Box::new(a), Box::new(b), span);
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
            a = Formula::Bin("and", Box::new(a), Box::new(b), span);
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
            let binders = self.binders()?;
            let guard = if self.eat("|") { Some(Box::new(self.formula()?)) } else { None };
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
                self.expect("{")?;
                let lit = self.formula()?;
                self.expect(":")?;
                let binders = self.binders()?;
                let guard = if self.eat("|") { Some(Box::new(self.formula()?)) } else { None };
                self.expect("}")?;
                let span = start.to(self.prev_span());
                return Ok(Formula::Count(kind, k, Box::new(lit), binders, guard, span));
            }
        }
        if self.is("(") {
            let (save, depth) = (self.pos, self.depth);
            if let Ok(t) = self.term() {
                if let Some(op) = self.cmp_op() {
                    let r = self.term()?;
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
            let r = self.term()?;
            let span = t.span().to(r.span());
            return Ok(Formula::Cmp(op, t, r, span));
        }
        match t {
            Term::Name(n, s) => Ok(Formula::Atom(n, Vec::new(), s)),
            Term::Call(n, args, s) => Ok(Formula::Atom(n, args, s)),
            _ => self.fail("a comparison operator (= =/= != < <= > >=) after an integer term"),
        }
    }
    fn cmp_op(&mut self) -> Option<&'static str> {
        for op in ["=/=", "!=", "<=", ">=", "=", "<", ">"] {
            if self.eat(op) {
                return Some(if op == "!=" { "=/=" } else { op });
            }
        }
        None
    }

    fn term(&mut self) -> Result<Term> {
        self.enter()?;
        let mut a = self.mul_term()?;
        let depth = self.depth;
        loop {
            let op = if self.eat("+") {
                "+"
            } else if self.eat("-") {
                "-"
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
                "*"
            } else if self.eat("/") {
                "/"
            } else if self.eat_kw("mod") {
                "mod"
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
        match self.peek().clone() {
            Tok::Int(v) => {
                self.bump();
                Ok(Term::Int(v, start))
            }
            Tok::Punct("-") => self.unary_term(),
            Tok::Punct("(") => {
                self.bump();
                let t = self.term()?;
                self.expect(")")?;
                Ok(t)
            }
            Tok::Punct("[") => {
                self.bump();
                let f = self.formula()?;
                self.expect("]")?;
                Ok(Term::Bool(Box::new(f), start.to(self.prev_span())))
            }
            Tok::Ident(k) if k == "sum" => {
                self.bump();
                self.expect("{")?;
                let t = self.term()?;
                self.expect(":")?;
                let binders = self.binders()?;
                let guard = if self.eat("|") { Some(Box::new(self.formula()?)) } else { None };
                self.expect("}")?;
                Ok(Term::Sum(Box::new(t), binders, guard, start.to(self.prev_span())))
            }
            Tok::Ident(_) => {
                let (n, s) = self.name("a name, a number or '('")?;
                if self.eat("(") {
                    let mut args = Vec::new();
                    if !self.eat(")") {
                        loop {
                            args.push(self.term()?);
                            if self.eat(")") {
                                break;
                            }
                            self.expect(",")?;
                        }
                    }
                    return Ok(Term::Call(n, args, s.to(self.prev_span())));
                }
                Ok(Term::Name(n, s))
            }
            _ => self.fail("a name, a number or '('"),
        }
    }
}
