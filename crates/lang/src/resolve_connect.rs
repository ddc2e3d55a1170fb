//! `connected { formula : binders | guard } via adj` and `circuit { ... } via adj` resolved: the
//! adjacency predicate must take the binder tuple twice (`adj(r1, c1, r2, c2)` for cells), each
//! position of the binder's domain (or one it filters); it may be data or solved for, not an
//! integer variable. `regions { size : binders | guard } via adj` likewise, with a data
//! adjacency and an integer term.

use crate::ast::{ConnectedAst, RegionsAst};
use crate::error::{ErrorKind, Result};
use crate::program::{Connected, DomId, PredKind, Regions, F};
use crate::resolve::{err, Resolver};

impl Resolver {
    pub(crate) fn connected(&mut self, c: &ConnectedAst) -> Result<F> {
        let word = if c.circuit { "circuit" } else { "connected" };
        let depth = self.scope.len();
        let binders = self.binders(&c.binders)?;
        let (adj, adj_span) = self.adjacency(&c.adj, &binders, &c.binders, word)?;
        let guard = match &c.guard {
            Some(g) => Some(self.formula(g)?),
            None => None,
        };
        let lit = self.formula(&c.lit)?;
        self.scope.truncate(depth);
        Ok(F::Connected(Box::new(Connected { circuit: c.circuit, lit, binders, guard, adj, adj_span, span: c.span })))
    }

    /// `regions { size : binders | guard } via adj`: the adjacency as for `connected`, but data
    /// only (the regions are the groups of adjacent cells with one number).
    pub(crate) fn regions(&mut self, r: &RegionsAst) -> Result<F> {
        let depth = self.scope.len();
        let binders = self.binders(&r.binders)?;
        let (adj, adj_span) = self.adjacency(&r.adj, &binders, &r.binders, "regions")?;
        if !crate::program::is_data(&self.p, adj) {
            return Err(err(
                ErrorKind::Unsupported,
                adj_span,
                format!("'{}' is solved for; the adjacency of 'regions' is data", r.adj.0),
                "expected a data adjacency (input or def): the cells' numbers decide the regions",
            ));
        }
        let guard = match &r.guard {
            Some(g) => Some(self.formula(g)?),
            None => None,
        };
        let size = self.term(&r.size)?;
        self.scope.truncate(depth);
        Ok(F::Regions(Box::new(Regions { size, binders, guard, adj, adj_span, span: r.span })))
    }

    /// The adjacency predicate of a graph constraint over `binders`: a predicate (not an integer
    /// variable) taking the binder tuple twice, each position of the binder's domain (or one it
    /// filters).
    fn adjacency(
        &mut self,
        (name, adj_span): &(String, crate::error::Span),
        binders: &crate::program::Binders,
        written: &[crate::ast::Binder],
        word: &str,
    ) -> Result<(crate::program::PredId, crate::error::Span)> {
        let adj_span = *adj_span;
        let adj = self.pred(name, adj_span)?;
        if let PredKind::Int(_) = self.p.preds[adj].kind {
            return Err(err(
                ErrorKind::Type,
                adj_span,
                format!("'{name}' is an integer variable, not an adjacency"),
                "expected a predicate: data (input, def) or solved for",
            ));
        }
        let want = 2 * binders.len();
        let have = self.p.preds[adj].args.len();
        if have != want {
            return Err(err(
                ErrorKind::Arity,
                adj_span,
                format!("'{name}' takes {have} argument(s); '{word}' over {} binder(s) needs {want}", binders.len()),
                format!("expected an adjacency of {want} arguments: the binder tuple of one node, then of the other"),
            ));
        }
        for (k, b) in binders.iter().enumerate() {
            for pos in [k, k + binders.len()] {
                let arg = self.p.preds[adj].args[pos];
                if !self.within(b.dom, arg) {
                    let (dn, an) = (&self.p.domains[b.dom].name, &self.p.domains[arg].name);
                    return Err(err(
                        ErrorKind::Type,
                        adj_span,
                        format!(
                            "type mismatch: binder '{}' is a {dn}, argument {} of '{name}' is a {an}",
                            written[k].name,
                            pos + 1
                        ),
                        format!("expected an adjacency whose argument {} is a {dn}", pos + 1),
                    ));
                }
            }
        }
        Ok((adj, adj_span))
    }

    /// Whether domain `d` is `want` or filters it (directly or through other filters).
    fn within(&self, mut d: DomId, want: DomId) -> bool {
        loop {
            if d == want {
                return true;
            }
            match self.p.domains[d].parent {
                Some(p) => d = p,
                None => return false,
            }
        }
    }
}
