//! Groups for the built-in families (docs/explain.md): edge matching and packings are grounded
//! without their clues (hints, pieces given in place), and their rule clauses are split into one
//! constraint group per clause family (`the rule square-has-piece`); each clue becomes a clue
//! group whose clauses pin its atoms. With every group on, the CNF has exactly the clued
//! puzzle's solutions (the clue families of the ordinary groundings are these same unit
//! clauses); with a clue off, those of the puzzle without it.

use wgrnd_sat::{Cnf, Lit};
use wgrnd_seam::{Group, GroupKind};

/// A clue in the family's words with the literals it makes true (`None`: it names a placement
/// no atom stands for, such as a turn that does not fit the frame: the clue alone has no
/// solution).
pub(crate) type ClueLits = (String, Option<Vec<Lit>>);

/// `rules` (grounded without any clue) behind selectors: the clauses of each family in
/// `families` (in order, with their clause counts, as the encoders list them) form a constraint
/// group; clauses after the listed families (a reason found by counting: the empty clause) stay
/// always on. Each clue of `clues` becomes a clue group of unit clauses.
pub(crate) fn with_groups(rules: &Cnf, families: &[(&str, usize)], clues: Vec<ClueLits>) -> (Cnf, Vec<Group>) {
    let mut cnf = Cnf::new();
    if rules.num_vars() > 0 {
        cnf.new_vars(rules.num_vars());
    }
    let mut groups = Vec::new();
    let mut clauses = rules.clauses();
    for &(name, count) in families {
        if count == 0 {
            continue;
        }
        let selector = cnf.new_var();
        groups.push(Group {
            selector,
            kind: GroupKind::Constraint,
            name: format!("the rule {name}"),
            diagnostic: None,
        });
        for clause in clauses.by_ref().take(count) {
            let mut c = clause.to_vec();
            c.push(selector.neg());
            cnf.add_clause(&c);
        }
    }
    for clause in clauses {
        cnf.add_clause(clause);
    }
    for (name, lits) in clues {
        let selector = cnf.new_var();
        match lits {
            Some(lits) => {
                for l in lits {
                    cnf.add_clause(&[selector.neg(), l]);
                }
            }
            None => cnf.add_clause(&[selector.neg()]),
        }
        groups.push(Group { selector, kind: GroupKind::Clue, name, diagnostic: None });
    }
    (cnf, groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_sat::Var;

    #[test]
    fn families_become_groups_and_the_rest_stays_on() {
        let mut rules = Cnf::new();
        let a = rules.new_var();
        let b = rules.new_var();
        rules.add_clause(&[a.pos(), b.pos()]);
        rules.add_clause(&[a.neg(), b.neg()]);
        rules.add_clause(&[a.pos()]);
        let (cnf, groups) = with_groups(
            &rules,
            &[("one", 2), ("none", 0)],
            vec![("clue b".into(), Some(vec![b.pos()])), ("x".into(), None)],
        );
        assert_eq!(groups.len(), 3);
        assert_eq!(groups[0].kind, GroupKind::Constraint);
        assert_eq!(groups[1].name, "clue b");
        let s0 = groups[0].selector.neg();
        let s1 = groups[1].selector.neg();
        let s2 = groups[2].selector.neg();
        let got: Vec<Vec<Lit>> = cnf.clauses().map(|c| c.to_vec()).collect();
        assert_eq!(
            got,
            vec![vec![a.pos(), b.pos(), s0], vec![a.neg(), b.neg(), s0], vec![a.pos()], vec![s1, b.pos()], vec![s2],]
        );
        assert_eq!(cnf.num_vars(), 5);
        assert_eq!(groups[2].selector, Var::from_index(4));
    }
}
