//! `runs { formula : binders | guard } = lengths`: a line's cells and the lengths of its runs of
//! true cells, in order (regular.rs). `runs` is a word only here (a predicate or parameter is
//! never followed by `{`), so models may still name things `runs`.

use super::Parser;
use crate::ast::{Formula, RunsAst};
use crate::error::{Result, Span};

impl Parser<'_> {
    /// `runs { formula : binders | guard } = [l1, ...]` or `= { term : binders | guard }`, at `runs`.
    pub(super) fn runs(&mut self, start: Span) -> Result<Formula> {
        self.bump();
        let (lit, binders, guard) = self.formula_comprehension()?;
        let guard = guard.map(|g| *g);
        if !self.eat("=") {
            return self.fail("'=' and the run lengths: '[l1, l2, ...]' or '{ term : binders | guard }'");
        }
        let lens = self.list()?;
        let span = start.to(self.prev_span());
        Ok(Formula::Runs(Box::new(RunsAst { lit, binders, guard, lens, span })))
    }
}
