//! Connectivity kept as one constraint: "the true nodes, with the edges between them, form one
//! connected graph" ([`Connected`]). A formula holds such constraints beside its clauses
//! ([`crate::Cnf::add_connected`]) and stays complete: whoever reads its clauses gets the
//! constraint's clauses too (the distance-label encoding, written out on first need over
//! auxiliary variables reserved after every other variable, [`crate::Cnf::reserve_labels`]),
//! while the in-process solvers with a search of their own leave them out and decide the
//! constraint natively ([`Analysis`], run by CaDiCaL's external propagator and by batsat's
//! theory), and their models leave them unset.
//!
//! The encoding (the one the modelling language always wrote): a unique root, the first true
//! node in node order, and distance labels `reach(i, k)`: node `i` is reached from the root in at
//! most `k` steps, for `k` up to `n - 1`; every true node must be reached. Every auxiliary
//! variable is a function of the nodes and edges ([`Connected::complete`] computes it), so no
//! count changes: a model of the clauses without them extends to exactly one model with them.
//!
//! The native decision (`Analysis`) looks at the graph of the nodes not false and the edges not
//! false. Two components with true nodes are a conflict; a node that is not false in a component
//! without true nodes, while another has one, must be false; a node or an edge whose removal
//! separates true nodes (an articulation point or a bridge, found by one depth-first search with
//! low links) must be true. Every reason is a clause of two true nodes (or one), the forced
//! literal, and the false nodes and edges around the component that cuts them apart: a clause
//! that holds in every connected graph, so it is sound whatever the solver does with it.

use crate::theory::Theory;
use crate::{Lit, Model, Var};

/// An edge between two nodes: always there (`None`), or when this literal is true.
pub type Edge = Option<Lit>;

/// "The nodes whose literals are true form one connected graph through the edges."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    /// Node literals, in node order (the root is the first true one).
    nodes: Vec<Lit>,
    /// Neighbours of each node, both directions listed, in one array: node `i`'s entries are
    /// `halves[starts[i]..starts[i + 1]]` ([`Connected::neighbours`]).
    starts: Vec<u32>,
    halves: Vec<Half>,
    /// The distinct edge literals; a [`Half`] names its edge's by index, and the index one past
    /// them stands for an edge always there.
    edge_lits: Vec<Lit>,
    /// The first auxiliary variable of the encoding; they are consecutive.
    first_aux: Var,
    /// How many ([`Connected::aux_count`]).
    aux: u32,
    /// Literals any of which, true, switches the constraint off (an explanation's selectors);
    /// every clause of the encoding and every reason carries them. Empty: always on.
    off: Vec<Lit>,
}

impl Connected {
    /// How many auxiliary variables the encoding of `nodes` with adjacency `adj` uses (`u32::MAX`
    /// when more): reserve them consecutively, then call [`Connected::new`] with the first.
    pub fn aux_count(nodes: usize, adj: &[Vec<(u32, Edge)>]) -> u32 {
        let n = nodes as u64;
        if n <= 1 {
            return 0;
        }
        let levels = n - 1;
        let solved: u64 = adj.iter().map(|ns| ns.iter().filter(|(_, e)| e.is_some()).count() as u64).sum();
        let count = (n - 1) + (n - 2) + (levels - 1) * n + levels * solved;
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// The constraint over `nodes` and `adj` (symmetric: `j` in `adj[i]` exactly when `i` is in
    /// `adj[j]`, with the same edge), whose encoding uses the [`Connected::aux_count`] variables
    /// from `first_aux` on.
    pub fn new(nodes: Vec<Lit>, adj: Vec<Vec<(u32, Edge)>>, first_aux: Var) -> Self {
        debug_assert_eq!(nodes.len(), adj.len());
        let aux = Self::aux_count(nodes.len(), &adj);
        let mut starts = Vec::with_capacity(adj.len() + 1);
        let mut halves = Vec::with_capacity(adj.iter().map(Vec::len).sum());
        let mut edge_lits: Vec<Lit> = Vec::new();
        let mut slot_of: std::collections::HashMap<Lit, u32> = std::collections::HashMap::new();
        for ns in &adj {
            starts.push(halves.len() as u32);
            for &(to, lit) in ns {
                let slot = lit.map_or(ALWAYS, |l| {
                    *slot_of.entry(l).or_insert_with(|| {
                        edge_lits.push(l);
                        edge_lits.len() as u32 - 1
                    })
                });
                halves.push(Half { to, slot });
            }
        }
        starts.push(halves.len() as u32);
        let always = edge_lits.len() as u32;
        for h in halves.iter_mut().filter(|h| h.slot == ALWAYS) {
            h.slot = always;
        }
        Connected { nodes, starts, halves, edge_lits, first_aux, aux, off: Vec::new() }
    }

    /// The constraint, switched off whenever one of `off` is true (its clauses and reasons carry
    /// them, as an explanation's selectors are carried by every clause of their group).
    pub fn guarded(mut self, off: Vec<Lit>) -> Self {
        self.off = off;
        self
    }

    /// Moves its auxiliary variables to start at `first`.
    pub(crate) fn set_first_aux(&mut self, first: Var) {
        self.first_aux = first;
    }

    /// The node literals.
    pub fn nodes(&self) -> &[Lit] {
        &self.nodes
    }

    /// The neighbours of node `i`, with the edge literals, in the order they were given.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = (usize, Edge)> + '_ {
        self.halves_of(i).iter().map(|&h| (h.to as usize, self.lit_of(h)))
    }

    /// The auxiliary variables of the encoding (a range of variable indices from 0).
    pub fn aux_range(&self) -> std::ops::Range<usize> {
        let first = self.first_aux.index();
        first..first + self.aux as usize
    }

    /// Every variable the native decision reads: the nodes', the edges' and the guard's.
    pub fn watched_vars(&self) -> impl Iterator<Item = Var> + '_ {
        self.nodes.iter().chain(&self.edge_lits).chain(&self.off).map(|l| l.var())
    }

    /// Whether the constraint holds under `value` (the truth of a literal).
    pub fn holds(&self, value: impl Fn(Lit) -> bool) -> bool {
        if self.off.iter().any(|&l| value(l)) {
            return true;
        }
        let present: Vec<bool> = self.nodes.iter().map(|&l| value(l)).collect();
        let Some(root) = present.iter().position(|&p| p) else { return true };
        let reached = self.distances(root, &present, &value);
        present.iter().zip(&reached).all(|(&p, d)| !p || d.is_some())
    }

    /// Distances from `root` through present nodes and true edges.
    fn distances(&self, root: usize, present: &[bool], value: &impl Fn(Lit) -> bool) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.nodes.len()];
        dist[root] = Some(0);
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(i) = queue.pop_front() {
            let d = dist[i].expect("queued nodes have a distance");
            for (j, e) in self.neighbours(i) {
                if present[j] && dist[j].is_none() && e.is_none_or(&value) {
                    dist[j] = Some(d + 1);
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    /// Sets the auxiliary variables of `model` to the values the nodes and edges give them, so
    /// that a model of the formula without the encoding's clauses satisfies them too (the model
    /// grows to hold them). It writes straight into the model, in the order of
    /// [`Connected::encode`]'s variables. Switched off, the constraint's clauses hold whatever
    /// they are: a value the model has (a solver's, when the clauses were written for a clause
    /// over them) stays, and only the missing ones are set.
    pub fn complete(&self, model: &mut Model) {
        let n = self.nodes.len();
        if n <= 1 {
            return;
        }
        model.grow(self.aux_range().end as u32);
        let off = self.off.iter().any(|&l| model.is_true(l));
        let value = |l: Lit| model.is_true(l);
        let present: Vec<bool> = self.nodes.iter().map(|&l| value(l)).collect();
        let root = present.iter().position(|&p| p);
        let dist = match root {
            Some(r) => self.distances(r, &present, &value),
            None => vec![None; n],
        };
        // The distance of each node reached (present ones only), `usize::MAX` for the others.
        let reach: Vec<usize> = dist.iter().map(|d| d.unwrap_or(usize::MAX)).collect();
        // The solved edges in encoding order: the far node, and whether the edge is there.
        let solved: Vec<(usize, bool)> =
            (0..n).flat_map(|i| self.neighbours(i).filter_map(|(j, e)| e.map(|l| (j, value(l))))).collect();
        let mut next = self.first_aux;
        let mut put = |model: &mut Model, b: bool| {
            if !off || model.value(next).is_none() {
                model.set(next, Some(b));
            }
            next = Var::from_index(next.index() + 1);
        };
        let mut seen = present[0];
        for (i, &p) in present.iter().enumerate().skip(1) {
            put(model, p && !seen);
            seen |= p;
            if i + 1 < n {
                put(model, seen);
            }
        }
        let levels = n - 1;
        for level in 1..=levels {
            if level < levels {
                for &d in &reach {
                    put(model, d <= level);
                }
            }
            for &(j, on) in &solved {
                put(model, on && reach[j] < level);
            }
        }
        debug_assert_eq!(next.index(), self.aux_range().end, "every auxiliary variable set");
    }

    /// Writes the encoding's clauses to `sink` (each sorted by variable, without repeats or
    /// tautologies).
    pub fn encode(&self, sink: &mut impl FnMut(&[Lit])) {
        let n = self.nodes.len();
        if n <= 1 {
            return;
        }
        let x = &self.nodes;
        let mut next = self.first_aux.index();
        let mut fresh = || {
            let v = Var::from_index(next);
            next += 1;
            v.pos()
        };
        let off = &self.off;
        let mut clause = |mut lits: Vec<Lit>| {
            lits.extend_from_slice(off);
            lits.sort_unstable_by_key(|l| (l.var().get(), l.is_positive()));
            lits.dedup();
            if !lits.windows(2).any(|w| w[0].var() == w[1].var()) {
                sink(&lits);
            }
        };
        // root(i) <-> x(i) and not seen(i-1); seen(i) <-> seen(i-1) or x(i).
        let mut prev = Vec::with_capacity(n);
        prev.push(x[0]);
        let mut seen = x[0];
        for (i, &xi) in x.iter().enumerate().skip(1) {
            let r = fresh();
            clause(vec![!r, xi]);
            clause(vec![!r, !seen]);
            clause(vec![!xi, seen, r]);
            prev.push(r);
            if i + 1 < n {
                let s = fresh();
                clause(vec![!seen, s]);
                clause(vec![!xi, s]);
                clause(vec![!s, seen, xi]);
                seen = s;
            }
        }
        let levels = n - 1;
        for k in 1..=levels {
            let cur: Vec<Lit> = if k == levels { x.to_vec() } else { (0..n).map(|_| fresh()).collect() };
            for i in 0..n {
                clause(vec![!cur[i], x[i]]);
                clause(vec![!prev[i], cur[i]]);
                let mut support = vec![!cur[i], prev[i]];
                for (j, e) in self.neighbours(i) {
                    match e {
                        None => {
                            clause(vec![!prev[j], !x[i], cur[i]]);
                            support.push(prev[j]);
                        }
                        Some(e) => {
                            let q = fresh();
                            clause(vec![!q, prev[j]]);
                            clause(vec![!q, e]);
                            clause(vec![q, !prev[j], !e]);
                            clause(vec![!q, !x[i], cur[i]]);
                            support.push(q);
                        }
                    }
                }
                clause(support);
            }
            prev = cur;
        }
        debug_assert_eq!(next, self.aux_range().end, "the encoding uses exactly its reserved variables");
    }
}

/// A literal forced by a connectivity constraint, with its reason: a clause that holds in every
/// connected graph, whose other literals are false now (the forced literal comes first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The literal to make true.
    pub lit: Lit,
    /// The reason clause, `lit` first.
    pub reason: Vec<Lit>,
}

/// What a constraint decides under a partial assignment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// A clause that the assignment falsifies, when there is no way left to connect the true nodes.
    pub conflict: Option<Vec<Lit>>,
    /// Literals that must hold, with their reasons (empty when there is a conflict).
    pub forced: Vec<Forced>,
}

impl Connected {
    /// Decides what the constraint forces under the partial assignment `value` (module doc), in
    /// working memory kept by the caller between analyses (a solver analyses thousands of times
    /// a second, and the graph walks should not allocate).
    pub fn analyse(&self, value: &impl Fn(Lit) -> Option<bool>, scratch: &mut Scratch) -> Analysis {
        // Switched off, or not known to be on: nothing to decide.
        if self.off.iter().any(|&l| value(l) != Some(false)) {
            return Analysis::default();
        }
        let mut out = self.analyse_on(value, scratch);
        // The guard's literals (false now) make every clause hold where the constraint is off.
        if let Some(c) = &mut out.conflict {
            c.extend_from_slice(&self.off);
        }
        for f in &mut out.forced {
            f.reason.extend_from_slice(&self.off);
        }
        out
    }

    /// The entries of node `i`'s adjacency.
    fn halves_of(&self, i: usize) -> &[Half] {
        &self.halves[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Reads the assignment into `s`: each node's state and each edge literal's. Returns the
    /// first true node, if any, and how many nodes are not false.
    fn read(&self, value: &impl Fn(Lit) -> Option<bool>, s: &mut Scratch) -> Option<(usize, usize)> {
        // Written in place, not pushed: this runs at every propagation, over every node and edge.
        let state = |l: Lit| match value(l) {
            Some(false) => FALSE,
            None => OPEN,
            Some(true) => TRUE,
        };
        s.node.resize(self.nodes.len(), FALSE);
        for (x, &l) in s.node.iter_mut().zip(&self.nodes) {
            *x = state(l);
        }
        let first = s.node.iter().position(|&x| x == TRUE)?;
        let present = s.node.iter().filter(|&&x| x != FALSE).count();
        // One past the edge literals: the edges always there.
        s.edge.resize(self.edge_lits.len() + 1, OPEN);
        for (x, &l) in s.edge.iter_mut().zip(&self.edge_lits) {
            *x = state(l);
        }
        s.edge[self.edge_lits.len()] = OPEN;
        Some((first, present))
    }

    /// The literal of the edge of `h`, `None` for one always there.
    fn lit_of(&self, h: Half) -> Edge {
        self.edge_lits.get(h.slot as usize).copied()
    }

    /// [`Connected::analyse`] of the constraint switched on: one depth-first search from the
    /// first true node (the anchor) through the nodes not false and the edges not false finds
    /// the anchor's component and, with low links, its cut nodes and bridges; a true node it
    /// does not reach is a conflict, and a node not false that it does not reach must be false.
    fn analyse_on(&self, value: &impl Fn(Lit) -> Option<bool>, s: &mut Scratch) -> Analysis {
        // Without a true node every graph is connected: nothing to look at.
        let Some((anchor, present)) = self.read(value, s) else { return Analysis::default() };
        self.search(anchor, s);
        let mut out = Analysis::default();
        if s.reached == present {
            // One component: nothing is cut off.
            self.cuts(anchor, s, &mut out);
            return out;
        }
        let n = self.nodes.len();
        s.comp.clear();
        s.comp.resize(n, NONE);
        let reached = |s: &Scratch, i: usize| s.disc[i] != NONE;
        if let Some(t) = (0..n).find(|&i| s.node[i] == TRUE && !reached(s, i)) {
            // Two true nodes cut apart: the smaller boundary makes the shorter clause.
            self.component(t, 0, s);
            let s = &*s;
            let a = self.boundary(&s.order[..s.reached], &|i| reached(s, i), None, s);
            let b = self.boundary(&s.members, &|i| s.comp[i] == 0, None, s);
            let mut clause = vec![!self.nodes[anchor], !self.nodes[t]];
            clause.extend(if a.len() <= b.len() { a } else { b });
            out.conflict = Some(clause);
            return out;
        }
        // Nodes that can no longer reach the true ones, a component at a time.
        for w in 0..n {
            if s.node[w] == FALSE || reached(s, w) || s.comp[w] != NONE {
                continue;
            }
            let c = w as u32;
            self.component(w, c, s);
            let cut = self.boundary(&s.members, &|i| s.comp[i] == c, None, s);
            for &i in &s.members {
                let mut reason = vec![!self.nodes[i as usize], !self.nodes[anchor]];
                reason.extend(cut.iter().copied());
                out.forced.push(Forced { lit: !self.nodes[i as usize], reason });
            }
        }
        self.cuts(anchor, s, &mut out);
        out
    }

    /// The depth-first search from `root` (module doc), with discovery times, low links, the
    /// number of nodes and of true nodes below each node and a true node below it, the nodes by
    /// discovery time and the tree's edges.
    fn search(&self, root: usize, s: &mut Scratch) {
        let n = self.nodes.len();
        // Only the discovery times are read before they are written (at discovery). The lists
        // are as long as the graph and filled by counters, not pushed: a solver runs this at
        // every propagation, and pushing cost a fifth of it.
        s.disc.clear();
        s.disc.resize(n, NONE);
        for v in [&mut s.low, &mut s.trues, &mut s.size, &mut s.below, &mut s.order] {
            v.resize(n, 0);
        }
        s.tree.resize(n, (0, 0, 0));
        let frame = Frame { node: 0, parent: NONE, slot: NONE, next: 0, skipped: false };
        s.stack.resize(n, frame);
        let (starts, halves, node, edge) = (&self.starts[..], &self.halves[..], &s.node[..], &s.edge[..]);
        let (disc, low, trues, size, below) = (&mut s.disc, &mut s.low, &mut s.trues, &mut s.size, &mut s.below);
        let (order, tree, stack) = (&mut s.order[..], &mut s.tree[..], &mut s.stack[..]);
        // The node being looked at is kept out of the stack, which holds its ancestors.
        let mut at = Frame { node: root as u32, next: starts[root], ..frame };
        let mut depth = 0;
        (disc[root], low[root], trues[root], size[root], below[root]) = (0, 0, 0, 0, NONE);
        order[0] = root as u32;
        let mut reached = 1;
        loop {
            let i = at.node as usize;
            let end = starts[i + 1];
            let mut child = None;
            while at.next < end {
                let h = halves[at.next as usize];
                at.next += 1;
                let j = h.to as usize;
                if node[j] == FALSE || edge[h.slot as usize] == FALSE {
                    continue;
                }
                // The edge back to the parent, once (a parallel edge is a cycle).
                if h.to == at.parent && h.slot == at.slot && !at.skipped {
                    at.skipped = true;
                    continue;
                }
                if disc[j] == NONE {
                    child = Some(h);
                    break;
                }
                low[i] = low[i].min(disc[j]);
            }
            if let Some(h) = child {
                let j = h.to as usize;
                // The tree edge into the node discovered `d`-th.
                let d = reached as u32;
                tree[reached - 1] = (i as u32, h.to, at.next - 1);
                (disc[j], low[j], trues[j], size[j], below[j]) = (d, d, 0, 0, NONE);
                order[reached] = h.to;
                reached += 1;
                stack[depth] = at;
                depth += 1;
                at = Frame { node: h.to, parent: i as u32, slot: h.slot, next: starts[j], skipped: false };
                continue;
            }
            size[i] += 1;
            if node[i] == TRUE {
                trues[i] += 1;
                below[i] = i as u32;
            }
            if depth == 0 {
                break;
            }
            depth -= 1;
            let up = stack[depth];
            let p = up.node as usize;
            low[p] = low[p].min(low[i]);
            trues[p] += trues[i];
            size[p] += size[i];
            if below[p] == NONE {
                below[p] = below[i];
            }
            at = up;
        }
        s.reached = reached;
    }

    /// Collects in `s.members`, marked `c` in `s.comp`, the component of `start` among the nodes
    /// the depth-first search did not reach.
    fn component(&self, start: usize, c: u32, s: &mut Scratch) {
        s.members.clear();
        s.members.push(start as u32);
        s.comp[start] = c;
        let mut head = 0;
        while head < s.members.len() {
            let i = s.members[head] as usize;
            head += 1;
            for h in self.halves_of(i) {
                let j = h.to as usize;
                if s.node[j] != FALSE && s.disc[j] == NONE && s.comp[j] == NONE && s.edge[h.slot as usize] != FALSE {
                    s.comp[j] = c;
                    s.members.push(h.to);
                }
            }
        }
    }

    /// The literals that keep `set` apart from the rest: the false nodes next to it and the
    /// false edges leaving it (as positive literals: one of them must become true to join it),
    /// leaving out what `skip` names.
    fn boundary(&self, set: &[u32], inside: &dyn Fn(usize) -> bool, skip: Option<Skip>, s: &Scratch) -> Vec<Lit> {
        let mut out: Vec<Lit> = Vec::new();
        for &i in set {
            let i = i as usize;
            for h in self.halves_of(i) {
                let j = h.to as usize;
                if inside(j) {
                    continue;
                }
                match skip {
                    Some(Skip::Node(p)) if j == p => continue,
                    Some(Skip::Edge { inner, outer, slot }) if i == inner && j == outer && h.slot == slot => continue,
                    _ => {}
                }
                if s.node[j] == FALSE {
                    out.push(self.nodes[j]);
                } else if let Some(l) = self.lit_of(*h) {
                    debug_assert_eq!(
                        s.edge[h.slot as usize], FALSE,
                        "a present neighbour outside is cut off by a false edge"
                    );
                    out.push(l);
                }
            }
        }
        out.sort_unstable_by_key(|l| l.code());
        out.dedup();
        out
    }

    /// The cut nodes and bridges of the search's tree that separate true nodes: they must be
    /// true. A tree edge p-c whose subtree below c has no back edge above p, and a true node,
    /// is cut from the root (the anchor, true) by p, and by the edge when no back edge reaches
    /// p either.
    fn cuts(&self, anchor: usize, s: &Scratch, out: &mut Analysis) {
        if s.trues[anchor] < 2 {
            return;
        }
        for &(p, c, walked) in &s.tree[..s.reached - 1] {
            let (p, c, e) = (p as usize, c as usize, self.halves[walked as usize]);
            if s.low[c] < s.disc[p] || s.trues[c] == 0 {
                continue;
            }
            let start = s.disc[c] as usize;
            let end = start + s.size[c] as usize;
            let sub = &s.order[start..end];
            let inside = |i: usize| (start..end).contains(&(s.disc[i] as usize));
            let u = s.below[c] as usize;
            // The cut node p, when open (the anchor, outside the subtree, is true).
            if s.node[p] == OPEN {
                let cut = self.boundary(sub, &inside, Some(Skip::Node(p)), s);
                let mut reason = vec![self.nodes[p], !self.nodes[u], !self.nodes[anchor]];
                reason.extend(cut);
                out.forced.push(Forced { lit: self.nodes[p], reason });
            }
            // The bridge p-c, when it carries an open literal.
            if s.low[c] > s.disc[p] {
                if let Some(l) = self.lit_of(e).filter(|_| s.edge[e.slot as usize] == OPEN) {
                    let skip = Skip::Edge { inner: c, outer: p, slot: e.slot };
                    let cut = self.boundary(sub, &inside, Some(skip), s);
                    let mut reason = vec![l, !self.nodes[u], !self.nodes[anchor]];
                    reason.extend(cut);
                    out.forced.push(Forced { lit: l, reason });
                }
            }
        }
    }
}

/// What a boundary leaves out: a node (the articulation point forced) or an edge (the bridge
/// forced, from its end inside the set to its end outside).
#[derive(Clone, Copy, Debug)]
enum Skip {
    Node(usize),
    Edge { inner: usize, outer: usize, slot: u32 },
}

/// An entry of a node's adjacency: the neighbour, and the index of the edge's literal among the
/// constraint's edge literals (one past them for an edge always there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Half {
    to: u32,
    slot: u32,
}

/// The slot of an edge always there, until the edge literals are all known.
const ALWAYS: u32 = u32::MAX;
/// No component, no discovery time, no parent.
const NONE: u32 = u32::MAX;
/// A node's or an edge's state in [`Scratch`].
const FALSE: u8 = 0;
const OPEN: u8 = 1;
const TRUE: u8 = 2;

/// A step of the depth-first search: the node, its parent and the edge walked to it (its slot),
/// the next adjacency entry to look at, and whether the edge to the parent was passed over once.
#[derive(Clone, Copy, Debug)]
struct Frame {
    node: u32,
    parent: u32,
    slot: u32,
    next: u32,
    skipped: bool,
}

/// Working memory of [`Connected::analyse`], reused from one analysis to the next.
#[derive(Default, Debug)]
pub struct Scratch {
    /// Each node's and each edge literal's state ([`FALSE`], [`OPEN`], [`TRUE`]).
    node: Vec<u8>,
    edge: Vec<u8>,
    /// The depth-first search: discovery times ([`NONE`]: not reached), low links, how many
    /// true nodes and nodes lie below each node and a true one of them, the nodes by discovery
    /// time (the first `reached`), the tree edges (parent, child, the adjacency entry walked; the
    /// first `reached - 1`), the stack.
    disc: Vec<u32>,
    low: Vec<u32>,
    trues: Vec<u32>,
    size: Vec<u32>,
    below: Vec<u32>,
    order: Vec<u32>,
    tree: Vec<(u32, u32, u32)>,
    stack: Vec<Frame>,
    reached: usize,
    /// A component of the nodes not reached, and each such node's component (a number).
    members: Vec<u32>,
    comp: Vec<u32>,
}

/// Which constraints an assignment can change the analysis of, so that a solver re-analyses
/// only those. [`Connected::analyse`] reads the graph of the nodes not false and the edges not
/// false, and which nodes are true: a node's or a guard's variable changes it either way, an
/// edge's only when the edge becomes false between two nodes not false (a true edge, or one
/// beside a false node, leaves that graph as it was). Numberlink's lines, say, are edges of every
/// number's constraint, and most of them join cells of other numbers.
pub struct Watchers {
    /// By variable index (the solver's numbering): where its readers start in `readers`, the
    /// next index's start being where they end. One table for all: a division reads hundreds of
    /// thousands of variables once each, and a list of its own for each cost 32 MB more of the
    /// 513 MB of a 26 x 20 fillomino's count to two.
    starts: Vec<u32>,
    /// The constraints reading each variable, and how, in the order they were first noted.
    readers: Vec<(u32, Role)>,
}

/// How a constraint reads a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A node's or the guard's.
    Node,
    /// An edge's, false when the variable takes `false_when`, between the nodes `ends`.
    Edge { false_when: bool, ends: (Lit, Lit) },
}

impl Watchers {
    /// The watchers of `constraints`, whose variables `index` numbers as the solver does.
    pub fn new(constraints: &[Theory], index: impl Fn(Var) -> usize) -> Self {
        let mut noted = noted(constraints, index);
        // By variable, each variable's readers kept in the order noted (a stable sort), each way
        // of reading once.
        noted.sort_by_key(|&(var, _)| var);
        assert!(noted.len() < u32::MAX as usize, "{} readers of variables: past 2^32", noted.len());
        let vars = noted.last().map_or(0, |&(var, _)| var as usize + 1);
        let mut starts = Vec::with_capacity(vars + 1);
        let mut readers: Vec<(u32, Role)> = Vec::with_capacity(noted.len());
        let mut at = 0;
        for var in 0..vars {
            let start = readers.len();
            starts.push(start as u32);
            while at < noted.len() && noted[at].0 as usize == var {
                if !readers[start..].contains(&noted[at].1) {
                    readers.push(noted[at].1);
                }
                at += 1;
            }
        }
        starts.push(readers.len() as u32);
        readers.shrink_to_fit();
        Watchers { starts, readers }
    }

    /// The readers of the variable numbered `var` (none past the last one read).
    fn of(&self, var: usize) -> &[(u32, Role)] {
        match self.starts.get(var..var + 2) {
            Some(&[start, end]) => &self.readers[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The constraints whose analysis can change when the variable numbered `var` takes `value`,
    /// `false_now` saying which literals are false now.
    pub fn touched<'a>(
        &'a self,
        var: usize,
        value: bool,
        false_now: impl Fn(Lit) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        self.of(var)
            .iter()
            .filter(move |(_, role)| match *role {
                Role::Node => true,
                Role::Edge { false_when, ends } => false_when == value && !false_now(ends.0) && !false_now(ends.1),
            })
            .map(|&(k, _)| k as usize)
    }

    /// The constraints that read the variable numbered `var` at all (for its undoing).
    pub fn readers(&self, var: usize) -> impl Iterator<Item = usize> + '_ {
        self.of(var).iter().map(|&(k, _)| k as usize)
    }
}

/// Every way a constraint of `constraints` reads a variable: the variable's index as `index`
/// numbers it (below 2^31, as a solver's are), the constraint, how; in the order of the
/// constraints and of their nodes, guards and edges.
fn noted(constraints: &[Theory], index: impl Fn(Var) -> usize) -> Vec<(u32, (u32, Role))> {
    let mut noted = Vec::new();
    let mut note = |var: Var, entry: (u32, Role)| noted.push((index(var) as u32, entry));
    for (k, t) in constraints.iter().enumerate() {
        let k = k as u32;
        let c = match t {
            Theory::Connected(c) => c,
            // Region division reads every assignment of its variables.
            Theory::Regions(_) => {
                for v in t.watched_vars() {
                    note(v, (k, Role::Node));
                }
                continue;
            }
        };
        for l in c.nodes.iter().chain(&c.off) {
            note(l.var(), (k, Role::Node));
        }
        for i in 0..c.nodes.len() {
            for (j, e) in c.neighbours(i).filter(|&(j, _)| i < j) {
                if let Some(l) = e {
                    let ends = (c.nodes[i], c.nodes[j]);
                    note(l.var(), (k, Role::Edge { false_when: !l.is_positive(), ends }));
                }
            }
        }
    }
    noted
}

/// The constraints waiting for an analysis, each once (the last marked is analysed first).
pub struct Dirty {
    marked: Vec<bool>,
    list: Vec<usize>,
}

impl Dirty {
    /// Every one of `n` constraints marked.
    pub fn all(n: usize) -> Self {
        Dirty { marked: vec![true; n], list: (0..n).collect() }
    }

    /// Marks constraint `k`.
    pub fn mark(&mut self, k: usize) {
        if !self.marked[k] {
            self.marked[k] = true;
            self.list.push(k);
        }
    }

    /// Marks every constraint.
    pub fn mark_all(&mut self) {
        for k in 0..self.marked.len() {
            self.mark(k);
        }
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The next constraint to analyse, unmarked.
    pub fn pop(&mut self) -> Option<usize> {
        let k = self.list.pop()?;
        self.marked[k] = false;
        Some(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{model_of, Rng};
    use crate::Cnf;

    /// A random graph of up to 6 nodes in a formula: node variables, some edges always there,
    /// some solved (a variable each), some absent; node literals sometimes negative; a third of
    /// the constraints switched off by a literal of their own.
    fn random_graph(rng: &mut Rng) -> (Cnf, Connected, Vec<Var>) {
        let mut cnf = Cnf::new();
        let n = 1 + rng.below(6) as usize;
        let nodes: Vec<Lit> = (0..n).map(|_| cnf.new_var().lit(rng.below(4) != 0)).collect();
        let mut adj: Vec<Vec<(u32, Edge)>> = vec![Vec::new(); n];
        for i in 0..n {
            for j in i + 1..n {
                let e = match rng.below(4) {
                    0 | 1 => continue,
                    2 => None,
                    _ => Some(cnf.new_var().pos()),
                };
                adj[i].push((j as u32, e));
                adj[j].push((i as u32, e));
            }
        }
        // Sometimes switched off by a literal, as an explanation's selector does.
        let off: Vec<Lit> = if rng.below(3) == 0 { vec![cnf.new_var().lit(rng.below(2) == 0)] } else { Vec::new() };
        let vars: Vec<Var> = (0..cnf.num_vars() as usize).map(Var::from_index).collect();
        let count = Connected::aux_count(n, &adj);
        let first = cnf.new_vars(count);
        let c = Connected::new(nodes, adj, first).guarded(off);
        cnf.add_connected(c.clone());
        (cnf, c, vars)
    }

    /// On every assignment of the nodes and edges of random graphs: the completed model
    /// satisfies the written-out clauses exactly when the nodes are connected (checked by a
    /// search written here), and the formula's check agrees.
    #[test]
    fn the_clauses_hold_exactly_on_connected_graphs() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut compared = 0;
        for _ in 0..300 {
            let (cnf, c, vars) = random_graph(&mut rng);
            for bits in 0..1u64 << vars.len() {
                let mut m = model_of(cnf.num_vars(), &vars, bits);
                let truth = |l: Lit| m.is_true(l);
                let want = brute_connected(&c, &truth);
                assert_eq!(c.holds(truth), want);
                cnf.complete(&mut m);
                let clauses_hold = cnf.clauses().all(|cl| cl.iter().any(|&l| m.is_true(l)));
                assert_eq!(clauses_hold, want, "{c:?} under {bits:b}");
                assert_eq!(cnf.first_unsatisfied(&m).is_none(), want);
                compared += 1;
            }
        }
        assert!(compared > 2_000, "{compared}");
    }

    /// Connectivity by repeated relaxation (no queue, no distances): the reference.
    fn brute_connected(c: &Connected, value: &dyn Fn(Lit) -> bool) -> bool {
        if c.off.iter().any(|&l| value(l)) {
            return true;
        }
        let n = c.nodes.len();
        let on: Vec<bool> = c.nodes.iter().map(|&l| value(l)).collect();
        let Some(root) = on.iter().position(|&b| b) else { return true };
        let mut reached = vec![false; n];
        reached[root] = true;
        loop {
            let mut grew = false;
            for i in 0..n {
                for (j, e) in c.neighbours(i) {
                    if reached[i] && on[j] && !reached[j] && e.is_none_or(value) {
                        reached[j] = true;
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        (0..n).all(|i| !on[i] || reached[i])
    }

    /// On random partial assignments of random graphs: every conflict clause is false now and
    /// every forced literal's reason has its other literals false; every clause given holds on
    /// every connected total assignment (brute force); and on a total assignment the analysis
    /// finds a conflict exactly when the graph is not connected. 10,000 assignments and more.
    #[test]
    fn reasons_are_sound_and_total_assignments_are_decided() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut compared = 0;
        // One working memory for every analysis, as a solver keeps it across constraints of
        // every size.
        let mut scratch = Scratch::default();
        while compared < 10_000 {
            let (_, c, vars) = random_graph(&mut rng);
            let k = vars.len();
            let connected_totals: Vec<u64> = (0..1u64 << k)
                .filter(|&bits| {
                    brute_connected(&c, &|l| {
                        (bits >> vars.iter().position(|&v| v == l.var()).unwrap() & 1 == 1) == l.is_positive()
                    })
                })
                .collect();
            for _ in 0..20 {
                // Each variable true, false or unassigned.
                let states: Vec<u64> = (0..k).map(|_| rng.below(3)).collect();
                let value = |l: Lit| {
                    let i = vars.iter().position(|&v| v == l.var()).expect("a graph variable");
                    match states[i] {
                        0 => None,
                        s => Some((s == 1) == l.is_positive()),
                    }
                };
                let a = c.analyse(&value, &mut scratch);
                let holds_on_connected = |clause: &[Lit]| {
                    connected_totals.iter().all(|&bits| {
                        clause.iter().any(|&l| {
                            let i = vars.iter().position(|&v| v == l.var()).unwrap();
                            (bits >> i & 1 == 1) == l.is_positive()
                        })
                    })
                };
                if let Some(conflict) = &a.conflict {
                    assert!(conflict.iter().all(|&l| value(l) == Some(false)), "{c:?} {states:?} {conflict:?}");
                    assert!(holds_on_connected(conflict), "{c:?} {states:?} {conflict:?}");
                }
                for f in &a.forced {
                    assert_eq!(f.reason[0], f.lit);
                    assert_eq!(value(f.lit), None, "{c:?} {states:?} {f:?}");
                    assert!(f.reason[1..].iter().all(|&l| value(l) == Some(false)), "{c:?} {states:?} {f:?}");
                    assert!(holds_on_connected(&f.reason), "{c:?} {states:?} {f:?}");
                }
                if states.iter().all(|&s| s != 0) {
                    let bits = states.iter().enumerate().fold(0u64, |b, (i, &s)| b | u64::from(s == 1) << i);
                    assert_eq!(a.conflict.is_none(), connected_totals.contains(&bits), "{c:?} {states:?}");
                }
                compared += 1;
            }
        }
    }

    /// A solver session deciding the constraint natively, with a few random clauses beside it
    /// (some over the encoding's auxiliary variables, which makes the session write the
    /// constraint's clauses after all), counts by blocking each model exactly the assignments
    /// that satisfy the clauses and connect the graph (brute force over the completed models);
    /// every model it gives satisfies the written-out clauses. Half of the rounds count under a
    /// random assumption instead, and an unsatisfiable one names it as failed or not at all.
    fn counts_connected_graphs_natively(seed: u64, new_session: &dyn Fn(&Cnf) -> Box<dyn crate::solver::Session>) {
        use crate::SolverAnswer;
        let mut rng = Rng(seed);
        let (mut compared, mut over_aux, mut two) = (0, 0, 0);
        for round in 0..400 {
            let (mut cnf, c, vars) = random_graph(&mut rng);
            // Every third round, a second constraint over the same variables (as numberlink's
            // lines are edges of every number's constraint), some of them in another role, so
            // that the solver must analyse again exactly the constraints an assignment concerns.
            if round % 3 == 2 {
                let mut pick = || vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0);
                let n = 1 + vars.len().min(4);
                let nodes: Vec<Lit> = (0..n).map(|_| pick()).collect();
                let mut adj: Vec<Vec<(u32, Edge)>> = vec![Vec::new(); n];
                for i in 0..n {
                    for j in i + 1..n {
                        let e = match rng.below(3) {
                            0 => continue,
                            1 => None,
                            _ => Some(vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0)),
                        };
                        adj[i].push((j as u32, e));
                        adj[j].push((i as u32, e));
                    }
                }
                let first = cnf.new_vars(Connected::aux_count(n, &adj));
                cnf.add_connected(Connected::new(nodes, adj, first));
                two += 1;
            }
            // A switched-off constraint leaves its auxiliary variables free (its clauses all hold),
            // so only an unguarded one's are functions of the graph that a clause may name.
            let aux: Vec<Var> =
                if c.off.is_empty() { c.aux_range().map(Var::from_index).collect() } else { Vec::new() };
            for _ in 0..rng.below(3) {
                let clause: Vec<Lit> = (0..1 + rng.below(3))
                    .map(|_| match rng.below(5) {
                        0 if !aux.is_empty() => aux[rng.below(aux.len() as u64) as usize].lit(rng.below(2) == 0),
                        _ => vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0),
                    })
                    .collect();
                over_aux += usize::from(clause.iter().any(|l| aux.contains(&l.var())));
                cnf.add_clause(&clause);
            }
            // Half of the rounds under an assumption, some of them over an auxiliary variable.
            let assumed: Vec<Lit> = match round % 4 {
                3 if !aux.is_empty() => vec![aux[rng.below(aux.len() as u64) as usize].lit(rng.below(2) == 0)],
                1 | 3 => vec![vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0)],
                _ => vec![],
            };
            over_aux += usize::from(assumed.iter().any(|l| aux.contains(&l.var())));
            let count = |assumed: &[Lit]| {
                (0..1u64 << vars.len())
                    .filter(|&bits| {
                        let mut m = model_of(cnf.num_vars(), &vars, bits);
                        cnf.complete(&mut m);
                        cnf.own_clauses().all(|cl| cl.iter().any(|&l| m.is_true(l)))
                            && cnf.theories().iter().all(|c| c.holds(|l| m.is_true(l)))
                            && assumed.iter().all(|&l| m.is_true(l))
                    })
                    .count()
            };
            let (want, unassumed) = (count(&assumed), count(&[]));
            let mut session = new_session(&cnf);
            let mut got = 0;
            loop {
                match session.solve_assuming(&assumed, None).unwrap() {
                    SolverAnswer::Sat(m) => {
                        assert!(cnf.first_unsatisfied(&m).is_none(), "{c:?}");
                        // Completed, it satisfies the written-out clauses.
                        let mut full = m.clone();
                        cnf.complete(&mut full);
                        assert!(cnf.clauses().all(|cl| cl.iter().any(|&l| full.is_true(l))), "{c:?}");
                        assert!(assumed.iter().all(|&l| m.is_true(l)), "{c:?}");
                        got += 1;
                        let block: Vec<Lit> = vars.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
                        session.add_clause(&block);
                        assert!(got <= want, "{c:?}: more models than {want}");
                    }
                    SolverAnswer::Unsat => {
                        // Refuted at once without naming the assumption: refuted without it.
                        if got == 0 && assumed.iter().all(|&l| session.failed(l) == Some(false)) {
                            assert_eq!(unassumed, 0, "{c:?}");
                        }
                        break;
                    }
                    other => panic!("{other:?}"),
                }
            }
            assert_eq!(got, want, "{c:?}");
            compared += 1;
        }
        assert_eq!((compared, two), (400, 133));
        assert!(over_aux > 20, "{over_aux} rounds with a clause over an auxiliary variable");
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_counts_connected_graphs_natively() {
        use crate::solver::CadicalSession;
        counts_connected_graphs_natively(0xD1B5_4A32_D192_ED03, &|cnf| {
            Box::new(CadicalSession::new(cnf, &crate::solver::Interrupt::default()))
        });
    }

    #[cfg(feature = "batsat")]
    #[test]
    fn batsat_counts_connected_graphs_natively() {
        use crate::solver::BatsatSession;
        counts_connected_graphs_natively(0x94D0_49BB_1331_11EB, &|cnf| {
            Box::new(BatsatSession::new(cnf, &crate::solver::Interrupt::default()))
        });
    }

    /// Random sets of constraints over shared variables, one with a variable at two nodes and
    /// as an edge: each variable's readers are those of a list per variable built from the same
    /// notes (each way of reading once, in the order noted), and exactly the constraints that read
    /// it; a variable past the last one read has none; an assignment touches only readers, and
    /// every reader of a node. No constraints, no readers.
    #[test]
    fn the_watchers_list_each_reader_of_each_variable_once_in_order() {
        assert!(Watchers::new(&[], Var::index).of(0).is_empty());
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..200 {
            let mut constraints: Vec<Theory> =
                (0..1 + rng.below(4)).map(|_| Theory::Connected(random_graph(&mut rng).1)).collect();
            // A variable at two nodes, and as the edge between two others: noted twice the same
            // way, and two ways by one constraint.
            let x = Var::from_index(rng.below(3) as usize).pos();
            let y = Var::from_index(3 + rng.below(3) as usize).pos();
            let nodes = vec![x, x, y, y];
            let adj =
                vec![vec![(1, None)], vec![(0, None), (2, None)], vec![(1, None), (3, Some(x))], vec![(2, Some(x))]];
            let twice = Connected::new(nodes, adj, Var::from_index(100));
            constraints.insert(rng.below(constraints.len() as u64 + 1) as usize, Theory::Connected(twice));
            let w = Watchers::new(&constraints, Var::index);
            let mut lists: Vec<Vec<(u32, Role)>> = Vec::new();
            for (var, entry) in noted(&constraints, Var::index) {
                let var = var as usize;
                if lists.len() <= var {
                    lists.resize_with(var + 1, Vec::new);
                }
                if !lists[var].contains(&entry) {
                    lists[var].push(entry);
                }
            }
            for var in 0..lists.len() + 3 {
                assert_eq!(w.of(var), lists.get(var).map_or(&[][..], Vec::as_slice), "variable {var}");
                let mut readers: Vec<usize> = w.readers(var).collect();
                readers.dedup();
                let expected: Vec<usize> = (0..constraints.len())
                    .filter(|&k| constraints[k].watched_vars().any(|v| v.index() == var))
                    .collect();
                assert_eq!(readers, expected, "variable {var}");
                for value in [false, true] {
                    let touched: Vec<usize> = w.touched(var, value, |_| false).collect();
                    assert!(touched.iter().all(|k| readers.contains(k)));
                    for &(k, role) in w.of(var) {
                        if role == Role::Node {
                            assert!(touched.contains(&(k as usize)), "variable {var}: a node's reader untouched");
                        }
                    }
                }
            }
        }
    }
}
