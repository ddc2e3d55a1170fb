//! Lex-leader clauses (Crawford, Ginsberg, Luks and Roy 1996): the atoms `x`, read as a bit string
//! in their order, are no greater than the same atoms permuted by a symmetry.

use crate::{Cnf, Lit, Var};

/// Adds "x <= x o image" to `cnf`: `x[i]` is atom `i`, `image[i]` the atom it becomes. Written with
/// a chain of "equal so far" atoms `e` (fresh variables, one fewer than the atoms the symmetry
/// moves). Only the implication "prefix equal -> e" is needed: `e` is used only as a premise, so a
/// model may set it false whenever the prefixes differ, and the models left are exactly those
/// whose string is least in its orbit (one per orbit when every group element gets a chain).
/// Returns the number of fresh variables (numbered from `cnf.num_vars() + 1` before the call).
pub fn lex_leader(cnf: &mut Cnf, x: &[Var], image: &[u32]) -> u32 {
    let moved: Vec<usize> = (0..image.len()).filter(|&i| image[i] as usize != i).collect();
    if moved.is_empty() {
        return 0;
    }
    let fresh = moved.len() as u32 - 1;
    let first = cnf.num_vars() as usize;
    if fresh > 0 {
        cnf.new_vars(fresh);
    }
    let mut prev: Option<Lit> = None;
    for (t, &i) in moved.iter().enumerate() {
        let (xi, yi) = (x[i].pos(), x[image[i] as usize].pos());
        let mut clause: Vec<Lit> = prev.map(|e| vec![!e]).unwrap_or_default();
        clause.extend([!xi, yi]);
        cnf.add_clause(&clause);
        if t + 1 == moved.len() {
            break;
        }
        let e = Var::from_index(first + t).pos();
        for pair in [[xi, yi], [!xi, !yi]] {
            let mut clause: Vec<Lit> = prev.map(|e| vec![!e]).unwrap_or_default();
            clause.extend(pair);
            clause.push(e);
            cnf.add_clause(&clause);
        }
        prev = Some(e);
    }
    fresh
}

/// How many fresh variables [`lex_leader`] makes for `image`.
pub fn lex_leader_fresh(image: &[u32]) -> u32 {
    ((0..image.len()).filter(|&i| image[i] as usize != i).count() as u32).saturating_sub(1)
}

/// Adds value precedence (Law and Lee 2004) for interchangeable values: `x[i][r]` is the atom
/// "variable `i` takes the value of rank `r`" (every variable has the same `k` ranks and takes
/// exactly one, which the caller's clauses say). The first variable takes rank 0, and a variable takes rank `r > 0` only
/// when an earlier one took rank `r - 1`: the ranks appear in order of first occurrence. Of every
/// orbit under the permutations of the ranks exactly the member whose rank sequence is least
/// (lexicographically) is left, so these clauses are the lex-leader clauses of that whole group at
/// once (`k!` chains) for any atom order in which the rank sequences compare as the bit strings
/// do (the caller's to arrange), with `(n - 1) * (k - 1)` fresh atoms: `seen[i][r]`, "rank `r`
/// occurs among variables `0..=i`", needed only in the direction "seen -> some earlier atom"
/// since it is used only as a conclusion. Returns the number of fresh variables (numbered
/// from `cnf.num_vars() + 1` before the call).
pub fn value_precedence(cnf: &mut Cnf, x: &[Vec<Var>]) -> u32 {
    let k = x.first().map_or(0, Vec::len);
    debug_assert!(x.iter().all(|atoms| atoms.len() == k), "every variable has every rank");
    // `seen[i][r]` for i < n - 1 and r < k - 1: the last variable and the last rank are never
    // needed as a premise of a later variable.
    let rows = x.len().saturating_sub(1);
    let cols = k.saturating_sub(1);
    let fresh = (rows * cols) as u32;
    let first = cnf.num_vars() as usize;
    if fresh > 0 {
        cnf.new_vars(fresh);
    }
    let seen = |i: usize, r: usize| Var::from_index(first + i * cols + r).pos();
    for (i, atoms) in x.iter().enumerate() {
        for (r, a) in atoms.iter().enumerate() {
            if r > 0 {
                // Rank r here only after rank r - 1 earlier.
                match i {
                    0 => cnf.add_clause(&[a.neg()]),
                    _ => cnf.add_clause(&[a.neg(), seen(i - 1, r - 1)]),
                }
            }
            if i < rows && r < cols {
                // seen(i, r) -> seen(i - 1, r) or x[i][r].
                let mut clause = vec![!seen(i, r), a.pos()];
                if i > 0 {
                    clause.push(seen(i - 1, r));
                }
                cnf.add_clause(&clause);
            }
        }
    }
    fresh
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of `n` variables to `k` values (as rank sequences).
    fn sequences(n: usize, k: usize) -> Vec<Vec<usize>> {
        (0..k.pow(n as u32))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let r = code % k;
                        code /= k;
                        r
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether `cnf` with the atoms of `seq` fixed has a model (by trying every value of the rest).
    fn satisfiable_with(cnf: &Cnf, fixed: &[(Var, bool)]) -> bool {
        let n = cnf.num_vars() as usize;
        let free: Vec<usize> = (0..n).filter(|v| !fixed.iter().any(|(f, _)| f.index() == *v)).collect();
        (0u64..1 << free.len()).any(|bits| {
            let mut value = vec![false; n];
            for (f, b) in fixed {
                value[f.index()] = *b;
            }
            for (j, &v) in free.iter().enumerate() {
                value[v] = bits >> j & 1 == 1;
            }
            cnf.clauses().all(|c| c.iter().any(|l| value[l.var().index()] == l.is_positive()))
        })
    }

    #[test]
    fn precedence_keeps_exactly_the_least_member_of_each_orbit() {
        for (n, k) in [(1, 3), (3, 2), (3, 3), (4, 3), (3, 4)] {
            let mut cnf = Cnf::new();
            cnf.new_vars((n * k) as u32);
            let x: Vec<Vec<Var>> = (0..n).map(|i| (0..k).map(|r| Var::from_index(i * k + r)).collect()).collect();
            value_precedence(&mut cnf, &x);
            for seq in sequences(n, k) {
                // The least member of its orbit: ranks in order of first occurrence.
                let mut next = 0;
                let mut rename = vec![usize::MAX; k];
                let least: Vec<usize> = seq
                    .iter()
                    .map(|&r| {
                        if rename[r] == usize::MAX {
                            rename[r] = next;
                            next += 1;
                        }
                        rename[r]
                    })
                    .collect();
                let fixed: Vec<(Var, bool)> =
                    (0..n).flat_map(|i| (0..k).map(move |r| (i, r))).map(|(i, r)| (x[i][r], seq[i] == r)).collect();
                assert_eq!(satisfiable_with(&cnf, &fixed), least == seq, "n {n} k {k} {seq:?}");
            }
        }
    }
}
