//! Syntax of the registry's global constraints (`global/`): `name L op term` for a global of one
//! sequence, `name(L1, ..., Ln) op term` for one of several. The name is a word only there (a
//! predicate or parameter is never followed by `{` or `[`), so models may still use it as a name.

use super::Parser;
use crate::ast::{Formula, GlobalAst};
use crate::error::{Result, Span};
use crate::lexer::Tok;

impl Parser<'_> {
    /// A global constraint at the parser's position, if one starts here.
    pub(super) fn global(&mut self, start: Span) -> Result<Option<Formula>> {
        let Tok::Ident(word) = self.peek() else { return Ok(None) };
        let Some(global) = crate::global::by_name(word) else { return Ok(None) };
        let n = global.lists();
        let opens = match self.peek_at(1) {
            Tok::Punct("{" | "[") => n == 1,
            Tok::Punct("(") => n > 1,
            _ => false,
        };
        if !opens {
            // `nvalue({ ... })`: a sequence in parentheses is no predicate's argument (a term
            // never starts with `{`), so it is this global with the wrong number of sequences.
            if matches!((self.peek_at(1), self.peek_at(2)), (Tok::Punct("("), Tok::Punct("{"))) {
                let at = self.toks.get(self.pos + 1).map_or(start, |t| t.1);
                let name = global.name();
                return Err(crate::error::syntax(
                    at,
                    format!("'{name}' takes {n} sequence{}", if n == 1 { "" } else { "s" }),
                    match n {
                        1 => format!("'{name} {{ t : binders }} op term' or '{name} [t1, ...] op term'"),
                        _ => format!("'{name}(L1, ..., L{n}) op term'"),
                    },
                ));
            }
            return Ok(None);
        }
        self.bump();
        let mut lists = Vec::with_capacity(n);
        if n == 1 {
            lists.push(self.list()?);
        } else {
            self.expect("(")?;
            for i in 0..n {
                if i > 0 {
                    self.expect(",")?;
                }
                lists.push(self.list()?);
            }
            self.expect(")")?;
        }
        let Some(op) = self.cmp_op() else {
            let name = global.name();
            return self.fail(&format!("a comparison of the value of '{name}' (= =/= != < <= > >=) and a term"));
        };
        let bound = self.rhs_term()?;
        let span = start.to(self.prev_span());
        Ok(Some(Formula::Global(Box::new(GlobalAst { global, lists, op, bound, span }))))
    }
}
