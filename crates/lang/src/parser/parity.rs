//! Syntax of issue 25's parity constraints: `xor { formula : binders | guard }` and its synonym
//! `odd {...}` (an odd number of the bindings hold), and `even {...}`. `xor` is a keyword (the
//! binary connective `a xor b`); `odd` and `even` are recognised only before `{`, so models may
//! keep them as names.

use super::Parser;
use crate::ast::Formula;
use crate::error::{Result, Span};
use crate::lexer::Tok;

impl Parser<'_> {
    /// `xor {...}`, `odd {...}` or `even {...}` at the parser's position, if there is one.
    pub(super) fn parity(&mut self, start: Span) -> Result<Option<Formula>> {
        let odd = match self.peek() {
            Tok::Ident(k) if *k == "xor" || *k == "odd" => true,
            Tok::Ident(k) if *k == "even" => false,
            _ => return Ok(None),
        };
        if !matches!(self.peek_at(1), Tok::Punct("{")) {
            return Ok(None);
        }
        self.bump();
        let (lit, binders, guard) = self.formula_comprehension()?;
        let span = start.to(self.prev_span());
        Ok(Some(Formula::Parity(odd, Box::new(lit), binders, guard, span)))
    }
}
