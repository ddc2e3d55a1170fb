//! Linear constraints `sum <= k` as decision diagrams whose root literal implies the constraint.
//!
//! - MDD (the default): one level per integer variable (and per literal), branching on the
//!   variable's order view: a node `(i, r)` means "the terms from `i` on sum to at most `r`", with
//!   the clause `node and x_i >= v -> node(i+1, r - a*v)` per value (direct view: `x_i = v`).
//!   Nodes are shared by interval: the set of `r` with the same function is computed bottom-up
//!   and memoised per level (Abío, Nieuwenhuis, Oliveras, Rodríguez-Carbonell 2012). A diagram
//!   depends on the levels' weights and `k` only: one per shape is built, and later sums of the
//!   shape replay it over their own literals (the same clauses, byte for byte).
//! - BDD: every variable written as weighted bits of one of its views (`x = v_0 + sum (v_j -
//!   v_{j-1}) [x >= v_j]`, binary digits, or `sum v_j [x = v_j]`), the pseudo-Boolean constraint
//!   over those bits as a reduced ordered BDD (Eén and Sörensson 2006).

use std::collections::BTreeMap;
use std::rc::Rc;

use wgrnd_sat::Lit;

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::Grounder;
use crate::ints::View;
use crate::linear::{overflow, Lin, Node, MAX_BITS, MAX_NODES};
use crate::mix::MixMap;

/// Most levels the MDD builds (deeper sums go to the BDD, which is iterative).
const MAX_LEVELS: usize = 2_000;

/// One level of an MDD: order style (`base` always; `w` when its literal holds, ascending) or
/// direct style (exactly one option's literal holds).
struct Level {
    base: i64,
    opts: Vec<(i64, Lit)>,
    direct: bool,
}

impl Level {
    fn min(&self) -> i64 {
        if self.direct {
            self.opts.iter().map(|o| o.0).min().unwrap_or(0)
        } else {
            self.base
        }
    }
    fn max(&self) -> i64 {
        if self.direct {
            self.opts.iter().map(|o| o.0).max().unwrap_or(0)
        } else {
            self.opts.last().map_or(self.base, |o| o.0)
        }
    }
}

impl Grounder<'_> {
    /// `S <= k` (or `-S <= k` when `neg`) for the variable part `S` of `d` as an MDD.
    pub(crate) fn mdd_le(&mut self, d: &Lin, neg: bool, k: i64, span: Span) -> Result<Node> {
        if d.terms.len() + d.lits.len() > MAX_LEVELS {
            return self.bdd_le(d, neg, k, span);
        }
        let sign = if neg { -1 } else { 1 };
        let mut levels = Vec::new();
        for &(a, id) in &d.terms {
            let a = a.checked_mul(sign).ok_or_else(|| overflow(span))?;
            let xs = self.int_values(id, span)?;
            let mut ws = Vec::with_capacity(xs.len());
            for x in &xs {
                ws.push(a.checked_mul(*x).ok_or_else(|| overflow(span))?);
            }
            if xs.len() == 1 {
                levels.push(Level { base: ws[0], opts: Vec::new(), direct: false });
                continue;
            }
            if self.ivars[id].primary == View::Direct {
                let df = self.direct_view(id);
                let opts = ws.iter().enumerate().map(|(j, w)| (*w, lit(df, j))).collect();
                levels.push(Level { base: 0, opts, direct: true });
                continue;
            }
            let of = self.order_view(id);
            let n = xs.len();
            let level = if a > 0 {
                // weight >= ws[j] iff x >= xs[j].
                Level { base: ws[0], opts: (1..n).map(|j| (ws[j], lit(of, j - 1))).collect(), direct: false }
            } else {
                // weight >= ws[j] iff x <= xs[j] iff not x >= xs[j+1].
                Level { base: ws[n - 1], opts: (0..n - 1).rev().map(|j| (ws[j], !lit(of, j))).collect(), direct: false }
            };
            levels.push(level);
        }
        // Literals of one `exactly 1` group form one direct level (its other literals weigh 0):
        // Bofill et al.'s PB(AMO), far fewer nodes than a level per literal.
        let mut grouped: BTreeMap<u32, Vec<(i64, Lit)>> = BTreeMap::new();
        let mut single = Vec::new();
        for &(w, l) in &d.lits {
            let w = w.checked_mul(sign).ok_or_else(|| overflow(span))?;
            match self.one_of.get(&l) {
                Some(&g) => grouped.entry(g).or_default().push((w, l)),
                None => single.push((w, l)),
            }
        }
        for (g, ws) in grouped {
            if ws.len() < 2 {
                single.extend(ws);
                continue;
            }
            let opts = self.one_of_groups[g as usize]
                .iter()
                .map(|&l| (ws.iter().find(|o| o.1 == l).map_or(0, |o| o.0), l))
                .collect();
            levels.push(Level { base: 0, opts, direct: true });
        }
        for (w, l) in single {
            levels.push(if w >= 0 {
                Level { base: 0, opts: vec![(w, l)], direct: false }
            } else {
                Level { base: w, opts: vec![(0, !l)], direct: false }
            });
        }
        // Widest levels first (stable: equal widths keep the terms' order): below them the rest
        // of the sum spans little, so few intervals of `r` differ there. SEND+MORE's equation
        // (coefficients from 9,000 down to 1) in the terms' order had about 8 times the nodes.
        levels.sort_by_key(|lv| std::cmp::Reverse(lv.max().saturating_sub(lv.min())));
        let n = levels.len();
        let (mut min_s, mut max_s) = (vec![0i64; n + 1], vec![0i64; n + 1]);
        for i in (0..n).rev() {
            min_s[i] = min_s[i + 1].saturating_add(levels[i].min());
            max_s[i] = max_s[i + 1].saturating_add(levels[i].max());
        }
        // A diagram is a function of the levels' weights and `k` only: one built before for the
        // same shape (a magic square's rows, columns and diagonals) is replayed over this sum's
        // literals, the same clauses in the same order as a build would write them.
        let key = shape_key(&levels, k);
        if let Some(placed) = self.placed_shape(&key) {
            return Ok(self.replay(&placed, &levels));
        }
        let (first_var, first_clause) = (self.cnf.num_vars() as usize, self.cnf.num_own_clauses());
        let mut b = Builder {
            levels: &levels,
            min_s: &min_s,
            max_s: &max_s,
            memo: vec![BTreeMap::new(); n],
            nodes: 0,
            kids: vec![Vec::new(); n],
        };
        let root = b.build(self, 0, k)?.0;
        // Where it lies, read back into places only when a second sum of its shape comes (most
        // shapes come once: nothing is recorded during the build).
        let opts = levels
            .iter()
            .enumerate()
            .flat_map(|(i, lv)| lv.opts.iter().enumerate().map(move |(j, o)| (!o.1, i as u32, j as u32)))
            .collect();
        // The variables the build made, not its memo entries (an entry whose children are all
        // equal makes none): a replay makes exactly these.
        let made = self.cnf.num_vars() as usize - first_var;
        debug_assert!(made <= b.nodes, "a diagram makes at most one variable a node");
        let built = Built {
            first_var,
            nodes: made,
            clauses: first_clause..self.cnf.num_own_clauses(),
            opts,
            root: slot_of(root, first_var),
        };
        // A shape found ambiguous stays so: its later sums are built, not read back again.
        self.mdd_shapes.entry(key).or_insert(Shape::Built(built));
        Ok(root)
    }

    /// The places of the diagram of shape `key` when one was built, read from the formula the
    /// first time; `None` when there is none (or its literals' places are ambiguous: one literal
    /// at two levels).
    fn placed_shape(&mut self, key: &[i64]) -> Option<Rc<Placed>> {
        let shape = self.mdd_shapes.get_mut(key)?;
        let b = match shape {
            Shape::Placed(p) => return Some(p.clone()),
            Shape::Ambiguous => return None,
            Shape::Built(b) => b,
        };
        let mut place: MixMap<Lit, (u32, u32)> = MixMap::default();
        for &(l, i, j) in &b.opts {
            if place.insert(l, (i, j)).is_some() {
                *shape = Shape::Ambiguous;
                return None;
            }
        }
        let nodes = b.first_var..b.first_var + b.nodes;
        let mut clauses = Vec::with_capacity(b.clauses.len());
        for c in b.clauses.clone().map(|i| self.cnf.own_clause(i)) {
            debug_assert!(c.len() <= 3, "a diagram's clause has at most three literals");
            let mut slots = [Slot::Node(0, false); 3];
            for (s, &l) in slots.iter_mut().zip(c) {
                let v = l.var().index();
                *s = if nodes.contains(&v) {
                    Slot::Node((v - nodes.start) as u32, !l.is_positive())
                } else {
                    let Some(&(i, j)) = place.get(&l) else {
                        *shape = Shape::Ambiguous;
                        return None;
                    };
                    Slot::NotOpt(i, j)
                };
            }
            clauses.push((slots, c.len() as u8));
        }
        let placed = Rc::new(Placed { nodes: b.nodes, clauses, root: b.root });
        *shape = Shape::Placed(placed.clone());
        Some(placed)
    }

    /// The diagram of `shape` over the literals of `levels`: its nodes' variables made in their
    /// order, then its clauses.
    fn replay(&mut self, shape: &Placed, levels: &[Level]) -> Node {
        let first = self.cnf.num_vars() as usize;
        for _ in 0..shape.nodes {
            self.aux_var("sum");
        }
        let lit = |s: Slot| match s {
            Slot::Node(o, neg) => wgrnd_sat::Var::from_index(first + o as usize).lit(!neg),
            Slot::NotOpt(i, j) => !levels[i as usize].opts[j as usize].1,
        };
        let mut cl = [Lit::from_dimacs(1).expect("1 is a literal"); 3];
        for &(slots, len) in &shape.clauses {
            for (c, s) in cl.iter_mut().zip(&slots[..usize::from(len)]) {
                *c = lit(*s);
            }
            self.cnf.add_clause(&cl[..usize::from(len)]);
        }
        match shape.root {
            None => Node::False,
            Some(None) => Node::True,
            Some(Some(o)) => Node::Lit(lit(Slot::Node(o, false))),
        }
    }

    /// `S <= k` (or `-S <= k`) as a BDD over the bits of the variables' views.
    pub(crate) fn bdd_le(&mut self, d: &Lin, neg: bool, k: i64, span: Span) -> Result<Node> {
        let sign = if neg { -1 } else { 1 };
        let mut k = k;
        let mut bits: Vec<(i64, Lit)> = Vec::new();
        for &(a, id) in &d.terms {
            let a = a.checked_mul(sign).ok_or_else(|| overflow(span))?;
            let xs = self.int_values(id, span)?;
            let iv = &self.ivars[id];
            match (iv.order, iv.log, iv.primary) {
                (_, Some((lf, w)), View::Log) => {
                    k = k
                        .checked_sub(a.checked_mul(xs[0]).ok_or_else(|| overflow(span))?)
                        .ok_or_else(|| overflow(span))?;
                    for j in 0..w as usize {
                        bits.push((a.checked_mul(1i64 << j.min(62)).ok_or_else(|| overflow(span))?, lit(lf, j)));
                    }
                }
                (None, _, View::Direct) => {
                    let df = self.direct_view(id);
                    for (j, x) in xs.iter().enumerate() {
                        bits.push((a.checked_mul(*x).ok_or_else(|| overflow(span))?, lit(df, j)));
                    }
                }
                _ => {
                    let of = self.order_view(id);
                    k = k
                        .checked_sub(a.checked_mul(xs[0]).ok_or_else(|| overflow(span))?)
                        .ok_or_else(|| overflow(span))?;
                    for j in 1..xs.len() {
                        let step = xs[j].checked_sub(xs[j - 1]).ok_or_else(|| overflow(span))?;
                        bits.push((a.checked_mul(step).ok_or_else(|| overflow(span))?, lit(of, j - 1)));
                    }
                }
            }
        }
        for &(w, l) in &d.lits {
            bits.push((w.checked_mul(sign).ok_or_else(|| overflow(span))?, l));
        }
        if bits.len() > MAX_BITS {
            return Err(QpropError::new(
                ErrorKind::TooLarge,
                span,
                format!("a comparison over {} bits", bits.len()),
                format!("at most {MAX_BITS}"),
            ));
        }
        self.pb_le(bits, k)
    }

    /// `sum w_i l_i <= k` as a BDD; returns its root.
    pub(crate) fn pb_le(&mut self, terms: Vec<(i64, Lit)>, mut k: i64) -> Result<Node> {
        let mut ts: Vec<(i64, Lit)> = Vec::new();
        for (w, l) in terms {
            if w < 0 {
                k = k.saturating_sub(w);
                ts.push((w.saturating_neg(), !l));
            } else if w > 0 {
                ts.push((w, l));
            }
        }
        ts.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut suffix = vec![0i64; ts.len() + 1];
        for i in (0..ts.len()).rev() {
            suffix[i] = suffix[i + 1].saturating_add(ts[i].0);
        }
        let mut memo: MixMap<(usize, i64), Node> = MixMap::default();
        // Iterative post-order over (i, rem).
        let mut stack = vec![(0usize, k, false)];
        while let Some((i, rem, expanded)) = stack.pop() {
            if rem < 0 || suffix[i] <= rem || memo.contains_key(&(i, rem)) {
                continue;
            }
            let (w, l) = ts[i];
            let (hi_key, lo_key) = ((i + 1, rem.saturating_sub(w)), (i + 1, rem));
            if !expanded {
                stack.push((i, rem, true));
                stack.push((hi_key.0, hi_key.1, false));
                stack.push((lo_key.0, lo_key.1, false));
                continue;
            }
            let get = |memo: &MixMap<(usize, i64), Node>, (j, r): (usize, i64)| {
                if r < 0 {
                    Node::False
                } else if suffix[j] <= r {
                    Node::True
                } else {
                    memo.get(&(j, r)).copied().unwrap_or(Node::False)
                }
            };
            let (hi, lo) = (get(&memo, hi_key), get(&memo, lo_key));
            let node = if hi == lo {
                hi
            } else {
                let t = self.aux_var("sum");
                // t and not l -> lo;  t and l -> hi
                for (cond, target) in [(l, lo), (!l, hi)] {
                    match target {
                        Node::True => {}
                        Node::False => self.cnf.add_clause(&[t.neg(), cond]),
                        Node::Lit(x) => self.cnf.add_clause(&[t.neg(), cond, x]),
                    }
                }
                Node::Lit(t.pos())
            };
            memo.insert((i, rem), node);
            if memo.len() > MAX_NODES {
                return Err(QpropError::nowhere(
                    ErrorKind::TooLarge,
                    format!("a sum needs more than {MAX_NODES} BDD nodes"),
                ));
            }
        }
        Ok(if k < 0 {
            Node::False
        } else if suffix[0] <= k {
            Node::True
        } else {
            memo.get(&(0, k)).copied().unwrap_or(Node::False)
        })
    }
}

/// Literal `j` (from 0) of the variables from `first` (a variable number, from 1).
fn lit(first: u32, j: usize) -> Lit {
    wgrnd_sat::Var::from_index(first as usize - 1 + j).pos()
}

/// A literal of a diagram's clause by its place: node `o`'s variable (the `o`-th the build made;
/// negated when the flag is set), or the negation of option `j` of level `i`.
#[derive(Copy, Clone)]
enum Slot {
    Node(u32, bool),
    NotOpt(u32, u32),
}

/// A diagram without its literals: how many nodes, its clauses (at most three literals each) in
/// the order they were written, and its root (`None` false, `Some(None)` true, else a node).
pub(crate) struct Placed {
    nodes: usize,
    clauses: Vec<([Slot; 3], u8)>,
    root: Option<Option<u32>>,
}

/// The first diagram of a shape as built: its variables from `first_var` on, its clauses (in the
/// formula), each option's literal as its clauses hold it (negated) with its level and option.
pub(crate) struct Built {
    first_var: usize,
    nodes: usize,
    clauses: std::ops::Range<usize>,
    opts: Vec<(Lit, u32, u32)>,
    root: Option<Option<u32>>,
}

/// A shape's diagram: as built, in places (once a second sum of the shape asked), or not to be
/// replayed.
pub(crate) enum Shape {
    Built(Built),
    Placed(Rc<Placed>),
    Ambiguous,
}

/// A node as a place among the diagram's nodes (its variables from `first_var` on).
fn slot_of(n: Node, first_var: usize) -> Option<Option<u32>> {
    match n {
        Node::False => None,
        Node::True => Some(None),
        Node::Lit(x) => Some(Some((x.var().index() - first_var) as u32)),
    }
}

/// What makes two diagrams the same but for their literals: `k` and the levels in order (style,
/// base, weights).
fn shape_key(levels: &[Level], k: i64) -> Vec<i64> {
    let mut key = Vec::with_capacity(2 + levels.iter().map(|lv| 3 + lv.opts.len()).sum::<usize>());
    key.push(k);
    key.push(levels.len() as i64);
    for lv in levels {
        key.extend([i64::from(lv.direct), lv.base, lv.opts.len() as i64]);
        key.extend(lv.opts.iter().map(|o| o.0));
    }
    key
}

/// The MDD under construction: per level, intervals of `r` (lo -> (hi, node)).
struct Builder<'l> {
    levels: &'l [Level],
    min_s: &'l [i64],
    max_s: &'l [i64],
    memo: Vec<BTreeMap<i64, (i64, Node)>>,
    nodes: usize,
    /// Per level, the buffer of a node's children (reused).
    kids: Vec<Vec<(Node, Option<Lit>)>>,
}

impl Builder<'_> {
    /// Node `(i, r)` with the interval of `r` it stands for.
    fn build(&mut self, g: &mut Grounder, i: usize, r: i64) -> Result<(Node, i64, i64)> {
        if r < self.min_s[i] {
            return Ok((Node::False, i64::MIN, self.min_s[i] - 1));
        }
        if r >= self.max_s[i] {
            return Ok((Node::True, self.max_s[i], i64::MAX));
        }
        if let Some((&lo, &(hi, node))) = self.memo[i].range(..=r).next_back() {
            if r <= hi {
                return Ok((node, lo, hi));
            }
        }
        let lv = &self.levels[i];
        let (mut lo, mut hi) = (i64::MIN, i64::MAX);
        // The children go into this level's buffer, kept from one node to the next (a node of
        // level i only recurses into level i + 1): no allocation per node.
        let mut kids = std::mem::take(&mut self.kids[i]);
        kids.clear();
        let order = usize::from(!lv.direct);
        for j in 0..lv.opts.len() + order {
            let (w, c) = if j < order { (lv.base, None) } else { (lv.opts[j - order].0, Some(lv.opts[j - order].1)) };
            let built = self.build(g, i + 1, r.saturating_sub(w));
            let (n, a, b) = match built {
                Ok(x) => x,
                Err(e) => {
                    self.kids[i] = kids;
                    return Err(e);
                }
            };
            lo = lo.max(a.saturating_add(w));
            hi = hi.min(b.saturating_add(w));
            kids.push((n, c));
        }
        let node = if kids.iter().all(|k| k.0 == kids[0].0) {
            kids[0].0
        } else {
            let t = g.aux_var("sum");
            let mut prev = None;
            for &(n, c) in &kids {
                if !lv.direct && prev == Some(n) {
                    continue;
                }
                prev = Some(n);
                // At most three literals: not t, not the option's literal, the child.
                let mut cl = [t.neg(); 3];
                let mut len = 1;
                if let Some(c) = c {
                    cl[len] = !c;
                    len += 1;
                }
                match n {
                    Node::True => continue,
                    Node::False => {}
                    Node::Lit(x) => {
                        cl[len] = x;
                        len += 1;
                    }
                }
                g.cnf.add_clause(&cl[..len]);
            }
            Node::Lit(t.pos())
        };
        self.kids[i] = kids;
        self.memo[i].insert(lo, (hi, node));
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(QpropError::nowhere(
                ErrorKind::TooLarge,
                format!("a sum needs more than {MAX_NODES} MDD nodes"),
            ));
        }
        Ok((node, lo, hi))
    }
}
