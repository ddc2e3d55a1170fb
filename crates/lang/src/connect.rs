//! `connected { formula : binders | guard } via adj` and `circuit { ... } via adj` grounded
//! (docs/encodings.md, "Connectivity").
//!
//! The nodes are the bindings that pass the guard, in binder order; node `i` is in the graph when
//! its formula holds (literal `x(i)`, a fresh atom equivalent to the formula where it is not a
//! literal). Two nodes are adjacent when `adj(a, b)` or `adj(b, a)` holds: data gives a fixed
//! graph, a solved predicate an edge literal that must hold too.
//!
//! Connectivity itself is one constraint of the formula (`wgrnd_sat::connect`): in-process
//! CaDiCaL decides it natively, and every other reader of the clauses gets its encoding, a unique
//! root and distance labels (bounded reachability) over auxiliary atoms reserved here. Every
//! auxiliary atom is a function of the nodes and edges, so no count changes even without the
//! projection.
//!
//! `circuit` adds degree constraints: every true node has exactly two neighbours (data adjacency:
//! true adjacent nodes; solved adjacency: used edges, and a used edge joins two true nodes).

use wgrnd_sat::amo::exactly;
use wgrnd_sat::connect::Connected as Reach;
use wgrnd_sat::Lit;

use crate::error::Span;
use crate::error::{ErrorKind, QpropError, Result};
use crate::ground::{Env, Grounder};
use crate::nnf::{Plan, G};
use crate::program::is_data;
use crate::program::{Connected, PredId, Program, Val, T};

/// Refuse a connectivity constraint (or a region division, regions.rs) whose auxiliary
/// variables (distance labels, counters) would pass this many when their clauses may be
/// written out (`GroundOptions::constraints_written`): the clauses are about as many.
pub(crate) const MAX_CONNECT_LABELS: f64 = 20_000_000.0;

/// Refuse the constraints kept whole when all their auxiliary variables together would pass
/// this many, whether or not their clauses are written: they are numbered all the same (after
/// every other variable, so that every reader of the formula numbers it alike), and DIMACS
/// numbers at most 2^31 - 1 variables (`ground_inner` checks that the formula's own fit beside).
/// On a 32-bit target (the browser page's), whose tables that go by variable may reach past
/// them (a backbone's activation literal is numbered after them), all of them together are held
/// to what one may have where its clauses are written.
pub(crate) const MAX_ALL_LABELS: f64 =
    if cfg!(target_pointer_width = "64") { 1_000_000_000.0 } else { MAX_CONNECT_LABELS };

/// Above this many neighbours, a circuit's degree constraint uses a counter instead of clauses
/// over every triple of neighbours.
const DIRECT_DEGREE: usize = 8;

/// A connectivity constraint in NNF: the node formula and its negation (for a fresh atom
/// equivalent to it), and the plan that enumerates the bindings.
#[derive(Debug)]
pub(crate) struct Connecting<'a> {
    pub c: &'a Connected,
    pub pos: G<'a>,
    pub neg: G<'a>,
    pub plan: Plan<'a>,
}

/// `connected`/`circuit` in NNF; refused under negation.
pub(crate) fn nnf<'a>(p: &Program, c: &'a Connected, positive: bool) -> Result<G<'a>> {
    let word = if c.circuit { "circuit" } else { "connected" };
    if !positive {
        return Err(QpropError::new(
            ErrorKind::Unsupported,
            c.span,
            format!("'{word}' under 'not' (or on the left of '->')"),
            format!("'{word}' must hold outright (under 'forall' and 'and' only)"),
        ));
    }
    let plan = crate::nnf::plan(p, &c.binders, c.guard.as_ref(), &G::Const(false), true)?;
    let pos = crate::nnf::nnf(p, &c.lit, true)?;
    let neg = crate::nnf::nnf(p, &c.lit, false)?;
    Ok(G::Connected(Box::new(Connecting { c, pos, neg, plan })))
}

/// Whether adjacency `adj` joins tuples of `k` values (it has `2 * k` arguments, `k > 0`) and
/// every node's values lie in the domains of both halves of its arguments, so that each pair of
/// nodes is an atom of it.
fn nodes_fit(p: &Program, adj: PredId, k: usize, nodes: &[&[Val]]) -> bool {
    let args = &p.preds[adj].args;
    let fits =
        |t: &[Val], half: usize| t.iter().enumerate().all(|(i, v)| p.domains[args[half * k + i]].pos(*v).is_some());
    k > 0 && args.len() == 2 * k && nodes.iter().all(|t| fits(t, 0) && fits(t, 1))
}

/// The estimated size of a connectivity constraint over `n` possible nodes, as the clause limit
/// counts it: its distance labels, one auxiliary variable per node and level (and one per
/// neighbour and level with a solved adjacency: about four), plus its nodes. The label clauses
/// themselves (about 11 per label) are not counted: the in-process solvers decide the
/// constraint natively and never write them; `encode` and the external solvers get them.
pub(crate) fn estimate(n: f64, solved: bool) -> f64 {
    let per_level = if solved { 5.0 } else { 1.0 };
    n * (n - 1.0).max(0.0) * per_level + n
}

/// An edge between two nodes: always there (data), or when this literal holds.
type Edge = Option<Lit>;

/// A node's literal, or the constant its formula is.
type NodeLit = std::result::Result<Lit, bool>;

impl Grounder<'_> {
    /// The estimate of a connectivity constraint: its labels' clauses, an upper bound too of what
    /// it grounds where they are not written (its nodes, the edges of a solved adjacency, a
    /// circuit's degrees); refused above [`Grounder::labels_left`].
    pub(crate) fn connect_estimate(&mut self, c: &Connecting) -> Result<f64> {
        let n = self.plan_size(&c.plan)?;
        let e = estimate(n, !is_data(self.p, c.c.adj));
        let limit = self.labels_left();
        if e > limit {
            let word = if c.c.circuit { "circuit" } else { "connected" };
            let err = QpropError::new(
                ErrorKind::TooLarge,
                c.c.span,
                format!("'{word}' over about {n:.0} possible nodes would need about {e:.0} distance labels"),
                format!("{} (one per node and level)", self.labels_bound("labels")),
            )
            .note("restrict the nodes with a guard that uses the data");
            return Err(self.native_note(err));
        }
        Ok(e)
    }

    /// Grounds one connectivity constraint under `env`.
    pub(crate) fn connected(&mut self, c: &Connecting, env: &mut Env) -> Result<()> {
        let what = format!("{} #{}", if c.c.circuit { "circuit" } else { "connected" }, self.aux_count);
        // Every binding: its values, and its literal (or constant).
        let mut nodes: Vec<(Vec<Val>, NodeLit)> = Vec::new();
        self.each(&c.plan, env, &mut |me, env| {
            let mut t = Vec::with_capacity(c.c.binders.len());
            for b in &c.c.binders {
                t.push(env[b.slot].unwrap_or(Val::Int(0)));
            }
            let x = me.node_lit(c, env, &what)?;
            nodes.push((t, x));
            Ok(false)
        })?;
        // Refused before asking for the edges of every pair of nodes, when the estimate for
        // these nodes already passes the limit; the exact count is checked with the edges.
        let solved = !is_data(self.p, c.c.adj);
        let e = estimate(nodes.len() as f64, solved);
        if e > self.labels_left() {
            let what = format!("this constraint has {} possible nodes and would need about {e:.0}", nodes.len());
            return Err(self.too_many_labels(c, what, env));
        }
        let mut truth = None;
        let mut x: Vec<Lit> = Vec::new();
        let mut live: Vec<usize> = Vec::new();
        for (i, (_, l)) in nodes.iter().enumerate() {
            match l {
                Ok(l) => x.push(*l),
                Err(false) => continue,
                Err(true) => {
                    let t = *truth.get_or_insert_with(|| {
                        let t = self.fresh_text(format!("{what} true"));
                        self.cnf.add_clause(&[t]);
                        t
                    });
                    x.push(t);
                }
            }
            live.push(i);
        }
        // Edges between live nodes; with a solved adjacency, an edge of a circuit touching a node
        // that cannot be true is unused.
        let mut nb: Vec<Vec<(usize, Edge)>> = vec![Vec::new(); live.len()];
        // Each node's place among the live ones.
        let mut live_at = vec![None; nodes.len()];
        for (li, &i) in live.iter().enumerate() {
            live_at[i] = Some(li);
        }
        let tuples: Vec<&[Val]> = nodes.iter().map(|(t, _)| t.as_slice()).collect();
        if let Some(edges) = self.planned_edges(c.c.adj, c.c.binders.len(), &tuples)? {
            // The same lists as the loop over the pairs below: each ascending.
            for (i, j) in edges {
                if let (Some(li), Some(lj)) = (live_at[i], live_at[j]) {
                    nb[li].push((lj, None));
                    nb[lj].push((li, None));
                }
            }
            return self.finish_connected(c, x, nb, &what, env);
        }
        // The pairs to ask, ascending: with a solved adjacency, only those that an atom not
        // fixed false joins (the others have no part); otherwise every pair.
        let n = nodes.len();
        let pairs: Box<dyn Iterator<Item = (usize, usize)>> = match self.open_pairs(c.c.adj, c.c.binders.len(), &tuples)
        {
            Some(pairs) => Box::new(pairs.into_iter()),
            None => Box::new((0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)))),
        };
        for (i, j) in pairs {
            let (always, parts) = self.edge_parts(c.c.adj, c.c.adj_span, &nodes[i].0, &nodes[j].0, env)?;
            if let (Some(li), Some(lj)) = (live_at[i], live_at[j]) {
                if always {
                    nb[li].push((lj, None));
                    nb[lj].push((li, None));
                } else if !parts.is_empty() {
                    let e = self.or_lit(&parts, &what);
                    nb[li].push((lj, Some(e)));
                    nb[lj].push((li, Some(e)));
                }
            }
            if c.c.circuit && solved {
                for &p in &parts {
                    for end in [live_at[i], live_at[j]] {
                        match end {
                            Some(k) => self.clause(&mut vec![!p, x[k]]),
                            None => self.clause(&mut vec![!p]),
                        }
                    }
                }
                if always {
                    for end in [live_at[i], live_at[j]] {
                        match end {
                            Some(k) => self.clause(&mut vec![x[k]]),
                            None => self.cnf.add_clause(&[]),
                        }
                    }
                }
            }
        }
        self.finish_connected(c, x, nb, &what, env)
    }

    /// With a solved adjacency of `2 * k` arguments, the pairs `(i, j)`, `i < j`, of `nodes`
    /// that some atom `adj(a, b)` not fixed false joins, ascending: the only pairs whose
    /// `edge_parts` is not empty. `None` when the adjacency is data, a node falls outside its
    /// arguments' domains, or more atoms are open than there are pairs.
    fn open_pairs(&self, adj_id: PredId, k: usize, nodes: &[&[Val]]) -> Option<Vec<(usize, usize)>> {
        if is_data(self.p, adj_id) || !nodes_fit(self.p, adj_id, k, nodes) {
            return None;
        }
        let open: Vec<usize> =
            (0..self.atom_total(adj_id)).filter(|&idx| self.fixed(adj_id, idx) != Some(false)).collect();
        if open.len() > nodes.len() * nodes.len().saturating_sub(1) / 2 {
            return None;
        }
        let at: std::collections::HashMap<&[Val], usize> = nodes.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        let mut pairs = Vec::new();
        for idx in open {
            let t = self.tuple(adj_id, idx);
            if let (Some(&i), Some(&j)) = (at.get(&t[..k]), at.get(&t[k..])) {
                if i != j {
                    pairs.push((i.min(j), i.max(j)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        Some(pairs)
    }

    /// The degree constraints of a circuit and the connectivity constraint itself, over the live
    /// nodes' literals `x` and their neighbours `nb`.
    fn finish_connected(
        &mut self,
        c: &Connecting,
        x: Vec<Lit>,
        nb: Vec<Vec<(usize, Edge)>>,
        what: &str,
        env: &Env,
    ) -> Result<()> {
        if c.c.circuit {
            self.degree_two(&x, &nb, what);
        }
        let adj: Vec<Vec<(u32, Edge)>> = nb.iter().map(|ns| ns.iter().map(|&(j, e)| (j as u32, e)).collect()).collect();
        let labels = Reach::aux_count(x.len(), &adj);
        if !self.take_labels(labels, c.c.span) {
            let what = format!("this constraint's {} nodes and their edges would need {labels}", x.len());
            return Err(self.too_many_labels(c, what, env));
        }
        self.reach(x, adj);
        Ok(())
    }

    /// The pairs `(i, j)`, `i < j`, of nodes (indices into `nodes`) that a plain definition
    /// (defs.rs) as adjacency joins, ascending, found from its true atoms instead of asking it
    /// for every pair; `None` when the adjacency is not one, or a node's values fall outside its
    /// arguments' domains (the loop over every pair then meets them as it always did).
    fn planned_edges(&mut self, adj_id: PredId, k: usize, nodes: &[&[Val]]) -> Result<Option<Vec<(usize, usize)>>> {
        let p = self.p;
        let adj = &p.preds[adj_id];
        if !matches!(adj.kind, crate::program::PredKind::Def(_)) || !nodes_fit(p, adj_id, k, nodes) {
            return Ok(None);
        }
        let Some(true_atoms) = self.def_true_atoms(adj_id)? else { return Ok(None) };
        let at: std::collections::HashMap<&[Val], usize> = nodes.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        // The true atoms `adj(a, ...)` of a node `a` are one run of the ascending indices: those
        // from `a`'s first half on, as many as the second half has tuples.
        let width = self.stride(adj_id, k - 1).unwrap_or(1);
        let mut edges = Vec::new();
        for (i, a) in nodes.iter().enumerate() {
            let mut from = 0;
            for (x, v) in a.iter().enumerate() {
                from += p.domains[adj.args[x]].pos(*v).unwrap_or(0) as usize * self.stride(adj_id, x).unwrap_or(0);
            }
            let first = true_atoms.partition_point(|&idx| idx < from);
            for &idx in true_atoms[first..].iter().take_while(|&&idx| idx < from + width) {
                let t = self.tuple(adj_id, idx);
                if let Some(&j) = at.get(&t[k..]) {
                    if i != j {
                        edges.push((i.min(j), i.max(j)));
                    }
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        Ok(Some(edges))
    }

    /// How many auxiliary variables the next constraint kept whole may have: what
    /// [`MAX_ALL_LABELS`] leaves of all of them, and [`MAX_CONNECT_LABELS`] where they may
    /// be written.
    pub(crate) fn labels_left(&self) -> f64 {
        let left = MAX_ALL_LABELS - self.labels;
        if self.constraints_written {
            left.min(MAX_CONNECT_LABELS)
        } else {
            left
        }
    }

    /// [`Grounder::labels_left`] in words, for a refusal: at most so many `what`.
    pub(crate) fn labels_bound(&self, what: &str) -> String {
        let left = self.labels_left();
        if self.constraints_written {
            format!("at most {left:.0} {what}")
        } else {
            format!("at most {left:.0} {what}, what is left of {MAX_ALL_LABELS:.0} for all the constraints kept whole")
        }
    }

    /// Counts `labels` more auxiliary variables of a constraint kept whole (stated at `span`);
    /// false (not counted) above [`Grounder::labels_left`].
    pub(crate) fn take_labels(&mut self, labels: u32, span: Span) -> bool {
        let labels = f64::from(labels);
        if labels > self.labels_left() {
            return false;
        }
        self.labels += labels;
        if labels > self.most_labels.0 {
            self.most_labels = (labels, span);
        }
        true
    }

    /// The refusal of a constraint over [`Grounder::labels_left`] labels: `what` would need them.
    fn too_many_labels(&self, c: &Connecting, what: String, env: &Env) -> QpropError {
        let err = QpropError::new(
            ErrorKind::TooLarge,
            c.c.span,
            format!("{what} distance labels"),
            self.labels_bound("labels"),
        );
        self.bind_err(self.native_note(err), env)
    }

    /// `err` (a refusal for the labels' count), with the way round it when the labels were to be
    /// written: the built-in solver writes none.
    pub(crate) fn native_note(&self, err: QpropError) -> QpropError {
        if self.constraints_written {
            err.note(
                "the in-process solver decides it natively and writes none of them: wgrnd's solve, count, backbone, \
                 generate on a puzzle and batch take it on the built-in solver (without --cubes, --proof, another \
                 --engine or --max-step)",
            )
        } else {
            err
        }
    }

    /// The node literal of the binding in `env`: the formula's literal, its constant, or a fresh
    /// atom equivalent to it.
    fn node_lit(&mut self, c: &Connecting, env: &mut Env, what: &str) -> Result<std::result::Result<Lit, bool>> {
        match &c.pos {
            G::Const(b) => Ok(Err(*b)),
            G::Lit(l) => self.literal(l, env),
            _ => {
                let t = self.fresh_text(format!("{what} node"));
                self.conj(&c.pos, env, &[!t])?;
                self.conj(&c.neg, env, &[t])?;
                Ok(Ok(t))
            }
        }
    }

    /// The pairs `(i, j)`, `i < j`, of the tuples `nodes` that the data adjacency `adj` joins
    /// (`adj(a, b)` or `adj(b, a)`), ascending.
    pub(crate) fn data_edges(
        &mut self,
        adj: PredId,
        adj_span: Span,
        nodes: &[&[Val]],
        env: &Env,
    ) -> Result<Vec<(usize, usize)>> {
        let k = nodes.first().map_or(0, |t| t.len());
        if let Some(edges) = self.planned_edges(adj, k, nodes)? {
            return Ok(edges);
        }
        let mut edges = Vec::new();
        for i in 0..nodes.len() {
            for j in i + 1..nodes.len() {
                if self.edge_parts(adj, adj_span, nodes[i], nodes[j], env)?.0 {
                    edges.push((i, j));
                }
            }
        }
        Ok(edges)
    }

    /// `adj(a, b)` and `adj(b, a)`: whether one is true outright, and the literals of the others.
    fn edge_parts(&mut self, adj: PredId, adj_span: Span, a: &[Val], b: &[Val], env: &Env) -> Result<(bool, Vec<Lit>)> {
        let mut parts = Vec::new();
        for (u, v) in [(a, b), (b, a)] {
            let args: Vec<T> = u.iter().chain(v).map(|&x| T::Const(x)).collect();
            let idx = self.atom_index(adj, &args, adj_span, env)?;
            let value =
                if is_data(self.p, adj) { Some(self.data_atom(adj, idx, adj_span)?) } else { self.fixed(adj, idx) };
            match value {
                Some(true) => return Ok((true, Vec::new())),
                Some(false) => {}
                None => {
                    let l = self.var(adj, idx).pos();
                    if !parts.contains(&l) {
                        parts.push(l);
                    }
                }
            }
        }
        Ok((false, parts))
    }

    /// A literal equivalent to the disjunction of `parts` (one of them, or a fresh atom).
    fn or_lit(&mut self, parts: &[Lit], what: &str) -> Lit {
        if let [one] = parts {
            return *one;
        }
        let u = self.fresh_text(format!("{what} edge"));
        let mut long = vec![!u];
        for &p in parts {
            self.clause(&mut vec![!p, u]);
            long.push(p);
        }
        self.clause(&mut long);
        u
    }

    /// Every true node has exactly two neighbours: with a data edge, a true adjacent node; with a
    /// solved edge, the edge (which implies both ends).
    fn degree_two(&mut self, x: &[Lit], nb: &[Vec<(usize, Edge)>], what: &str) {
        for (i, ns) in nb.iter().enumerate() {
            let ys: Vec<Lit> = ns.iter().map(|&(j, e)| e.unwrap_or(x[j])).collect();
            let d = ys.len();
            if d < 2 {
                self.clause(&mut vec![!x[i]]);
                continue;
            }
            if d <= DIRECT_DEGREE {
                // At least two: without any one neighbour, another is left.
                for skip in 0..d {
                    let mut cl: Vec<Lit> = vec![!x[i]];
                    cl.extend(ys.iter().enumerate().filter(|&(k, _)| k != skip).map(|(_, &y)| y));
                    self.clause(&mut cl);
                }
                // At most two: no three.
                for a in 0..d {
                    for b in a + 1..d {
                        for e in b + 1..d {
                            self.clause(&mut vec![!x[i], !ys[a], !ys[b], !ys[e]]);
                        }
                    }
                }
                continue;
            }
            // z(j) <-> y(j) and x(i); exactly two of the z's and two copies of "not x(i)".
            let mut zs = Vec::with_capacity(d + 2);
            for &y in &ys {
                let z = self.fresh_text(format!("{what} degree"));
                self.clause(&mut vec![!z, y]);
                self.clause(&mut vec![!z, x[i]]);
                self.clause(&mut vec![z, !y, !x[i]]);
                zs.push(z);
            }
            for _ in 0..2 {
                let n = self.fresh_text(format!("{what} idle"));
                self.clause(&mut vec![n, x[i]]);
                self.clause(&mut vec![!n, !x[i]]);
                zs.push(n);
            }
            let amo = self.amo;
            let mut cnf = std::mem::take(&mut self.cnf);
            exactly(&mut cnf, self, amo, &zs, 2, true, &format!("{what} degree"));
            self.cnf = cnf;
        }
    }

    /// The true nodes `x` are connected through the edges `adj`: one constraint of the formula
    /// (`wgrnd_sat::connect`), which an in-process solver decides natively and any other reader
    /// gets as its distance-label clauses, over auxiliary atoms reserved once the grounding is
    /// done ([`crate::ground::Grounded::reserve_labels`]).
    fn reach(&mut self, x: Vec<Lit>, adj: Vec<Vec<(u32, Edge)>>) {
        let unreserved = wgrnd_sat::Var::from_index(0);
        self.cnf.add_theory_unreserved(wgrnd_sat::theory::Theory::Connected(Reach::new(x, adj, unreserved)));
        if let Some(t) = &mut self.tracker {
            t.native();
        }
    }
}
