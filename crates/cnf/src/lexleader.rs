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
