//! Syntax of issue 26's objectives: `minimize term`, `maximize term`, `soft W: formula` and
//! `soft W { formula : binders | guard }`.

use super::Parser;
use crate::ast::Item;
use crate::error::{Result, Span};

impl Parser<'_> {
    /// An objective item, if one starts here (`start`: where the item starts).
    pub(super) fn objective_item(&mut self, start: Span) -> Result<Option<Item>> {
        for (kw, maximize) in [("minimize", false), ("maximize", true)] {
            if self.eat_kw(kw) {
                let t = self.term()?;
                return Ok(Some(Item::Objective(maximize, t, start.to(self.prev_span()))));
            }
        }
        if self.eat_kw("soft") {
            let w = self.term()?;
            if self.eat("{") {
                let f = self.formula()?;
                self.expect(":")?;
                let (binders, guard) = self.binders_guard()?;
                self.expect("}")?;
                return Ok(Some(Item::Soft(w, f, Some((binders, guard)), start.to(self.prev_span()))));
            }
            if !self.eat(":") {
                return self.fail("':' and the soft constraint (soft W: formula), or '{ formula : binders }'");
            }
            let f = self.formula()?;
            return Ok(Some(Item::Soft(w, f, None, start.to(self.prev_span()))));
        }
        Ok(None)
    }
}
