//! Syntax of issue 24's part "syntax": domains written inline in binders (`i in 1..n`,
//! `v in {1, 5, 9}`), tuple domains (`{(a, b) : a in D, b in E | guard}`, `{(1, 2), (2, 3)}`),
//! tuple binders (`(a, b) in Pair`) and `table p from "file"`.
//!
//! An inline domain becomes an anonymous domain item, declared before the item that uses it and
//! named by its own text (`1..n`: no declared name can look like that). A tuple binder
//! `(a, b) in Pair` becomes the binders `a`, `b`, each with the column of `Pair` it takes
//! ([`column_ref`]), and the membership atom `Pair(a, b)` conjoined before the guard: a tuple
//! domain is an input predicate of its tuples, so grounding and checking enumerate the tuples
//! from that predicate's facts, not the product of the columns.

use super::Parser;
use crate::ast::{Binder, DomainDef, Formula, Item, Term};
use crate::error::{syntax, Result, Span};
use crate::lexer::Tok;
use crate::ops::Conn;

/// The domain name a tuple binder's `i`-th name (of `k`) gets: column `i` of tuple domain `dom`.
/// It cannot be a declared name (it holds a `#`).
pub(crate) fn column_ref(dom: &str, i: usize, k: usize) -> String {
    format!("{dom}#{}/{k}", i + 1)
}

/// The inverse of [`column_ref`]: the tuple domain, the column (from 0) and the binder's arity.
pub(crate) fn parse_column_ref(name: &str) -> Option<(&str, usize, usize)> {
    let (dom, rest) = name.rsplit_once('#')?;
    let (i, k) = rest.split_once('/')?;
    Some((dom, i.parse::<usize>().ok()?.checked_sub(1)?, k.parse().ok()?))
}

/// Whether a domain's name is one the parser or resolver made up (an inline range or set, a
/// tuple domain's column): such a domain is accepted where its values are a subset of the
/// expected domain.
pub(crate) fn is_anonymous(name: &str) -> bool {
    !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
}

impl Parser<'_> {
    /// The domain after a binder's `in`: a name, or an inline range, set or tuple list declared
    /// as an anonymous domain (its text, white space collapsed, is its name).
    pub(super) fn binder_domain(&mut self) -> Result<(String, Span)> {
        let plain_name = matches!(self.peek(), Tok::Ident(_))
            && !matches!(self.peek_at(1), Tok::Punct(".." | "+" | "-" | "*" | "/" | "("))
            && !matches!(self.peek_at(1), Tok::Ident(k) if *k == "mod");
        if plain_name {
            return self.name("a domain name");
        }
        let start = self.span();
        if !matches!(self.peek(), Tok::Int(_) | Tok::Ident(_) | Tok::Punct("{" | "(" | "-")) {
            return self.fail("a domain: a name, lo..hi or {values}");
        }
        let def = self.domain_def()?;
        let span = start.to(self.prev_span());
        let text = self.text.get(span.start as usize..span.end as usize).unwrap_or("?");
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        self.inline.push(Item::Domain(name.clone(), def, span));
        Ok((name, span))
    }

    /// `(a, b) in D`: the binders, each naming its column of `D`, and the membership atom.
    pub(super) fn tuple_binder(&mut self, out: &mut Vec<Binder>, members: &mut Vec<Formula>) -> Result<()> {
        let start = self.span();
        self.expect("(")?;
        let mut names = vec![self.name("a variable name")?];
        while self.eat(",") {
            names.push(self.name("a variable name")?);
        }
        self.expect(")")?;
        if !self.eat_kw("in") {
            return self.fail("'in' and a tuple domain");
        }
        let (d, ds) = self.binder_domain()?;
        let k = names.len();
        for (i, (name, span)) in names.iter().enumerate() {
            out.push(Binder { name: name.clone(), domain: Some((column_ref(&d, i, k), ds)), span: *span });
        }
        let args = names.into_iter().map(|(n, s)| Term::Name(n, s)).collect();
        members.push(Formula::Atom(d, args, start.to(ds)));
        Ok(())
    }

    /// `{ formula : binders | guard }`, the braces included: the body of a count, a parity, a
    /// run pattern or a connectivity constraint.
    pub(super) fn formula_comprehension(&mut self) -> Result<(Formula, Vec<Binder>, Option<Box<Formula>>)> {
        self.expect("{")?;
        let lit = self.formula()?;
        self.expect(":")?;
        let (binders, guard) = self.binders_guard()?;
        self.expect("}")?;
        Ok((lit, binders, guard))
    }

    /// Binders (tuple binders too) and the optional `| guard`, the tuple binders' membership
    /// atoms conjoined before the guard.
    pub(super) fn binders_guard(&mut self) -> Result<(Vec<Binder>, Option<Box<Formula>>)> {
        let mut members = Vec::new();
        let binders = self.binder_list(Some(&mut members))?;
        let mut guard = if self.eat("|") { Some(self.formula()?) } else { None };
        for m in members.into_iter().rev() {
            guard = Some(match guard {
                None => m,
                Some(g) => {
                    let span = m.span().to(g.span());
                    Formula::Bin(Conn::And, Box::new(m), Box::new(g), span)
                }
            });
        }
        Ok((binders, guard.map(Box::new)))
    }

    /// `{(t, u), ...}` or `{(t, u) : binders | guard}` (at least two components), or `None` (the
    /// position unchanged) when the braces hold something else.
    pub(super) fn tuple_domain_def(&mut self) -> Result<Option<DomainDef>> {
        if !(self.is("{") && matches!(self.peek_at(1), Tok::Punct("("))) {
            return Ok(None);
        }
        let (save, depth) = (self.pos, self.depth);
        self.bump();
        let start = self.span();
        self.bump();
        let first = self.inner_term()?;
        if !self.is(",") {
            (self.pos, self.depth) = (save, depth);
            return Ok(None);
        }
        let mut tuple = vec![first];
        while self.eat(",") {
            tuple.push(self.inner_term()?);
        }
        self.expect(")")?;
        if self.eat(":") {
            let binders = self.binders()?;
            let guard = if self.eat("|") { Some(Box::new(self.formula()?)) } else { None };
            self.expect("}")?;
            return Ok(Some(DomainDef::TupleSet(tuple, binders, guard)));
        }
        let mut tuples = vec![(tuple, start.to(self.prev_span()))];
        while self.eat(",") {
            let start = self.span();
            self.expect("(")?;
            let mut tuple = vec![self.inner_term()?];
            while self.eat(",") {
                tuple.push(self.inner_term()?);
            }
            self.expect(")")?;
            tuples.push((tuple, start.to(self.prev_span())));
        }
        self.expect("}")?;
        Ok(Some(DomainDef::Tuples(tuples)))
    }

    /// `table p from "file"` (after `table p`).
    pub(super) fn table_from(&mut self, pred: String, pred_span: Span) -> Result<Item> {
        self.bump();
        let Tok::Str(path) = *self.peek() else {
            return self.fail("a file name in double quotes");
        };
        let path_span = self.span();
        self.bump();
        if path.is_empty() {
            return Err(syntax(path_span, "empty file name", "expected the path of a CSV or .col file"));
        }
        Ok(Item::TableFrom(pred, pred_span, path.to_string(), path_span))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::{is_keyword, KEYWORDS};

    /// docs/qprop.md prints the reserved words: the parser's list, in its order.
    #[test]
    fn the_reference_lists_the_reserved_words_of_the_parser() {
        let doc = include_str!("../../../../docs/qprop.md");
        let listed = doc.split("<!-- keywords -->").nth(1).and_then(|s| s.split("<!-- /keywords -->").next());
        let words: Vec<&str> = listed.unwrap_or("").split_whitespace().map(|w| w.trim_matches('`')).collect();
        assert_eq!(words, KEYWORDS);
    }

    /// The parser's test of a reserved word says yes to each word of the list and to nothing
    /// else: its prefixes, its extensions, its other cases.
    #[test]
    fn the_reserved_words_are_the_list() {
        for word in KEYWORDS {
            assert!(is_keyword(word), "{word}");
            for other in [&word[..word.len() - 1], &format!("{word}_"), &format!("{word}'"), &word.to_uppercase()] {
                assert_eq!(is_keyword(other), KEYWORDS.contains(&other), "{other}");
            }
        }
        assert!(!is_keyword("") && !is_keyword("black") && !is_keyword("r"));
    }

    #[test]
    fn column_refs_read_back() {
        assert_eq!(parse_column_ref(&column_ref("Pair", 1, 2)), Some(("Pair", 1, 2)));
        assert_eq!(parse_column_ref(&column_ref("{(1, 2)}", 0, 2)), Some(("{(1, 2)}", 0, 2)));
        assert_eq!(parse_column_ref("Pair"), None);
        assert!(is_anonymous("1..n") && is_anonymous("column 1 of E") && !is_anonymous("cell"));
    }
}
