//! Explanation steps as pictures (`wgrnd explain --svg-steps`, docs/explain.md): which cells a
//! step's clues, facts and new fact stand on, read from the atoms' and groups' names (as the
//! words of [`crate::models::words`] are), drawn by [`crate::models::steps`] on the family's own picture.
//! A bundled grid puzzle's model (nonogram, minesweeper, battleships, lights out, submarines,
//! Laplace's ashes) is drawn as printed; a pencil puzzle as its genre is printed; an edge-matching
//! board with its pieces.

use std::collections::BTreeSet;

use crate::edge::model::{Clue, Placement, Puzzle};
use crate::models::printed::Picture;
use crate::models::steps::{Spot, StepMarks};
use wgrnd_lang::{Program, Solution};
use wgrnd_sat::Lit;
use wgrnd_seam::{AtomNames, Grounding, GroupKind, StepPicture};

use crate::models::words::parse;

/// A 1-based index as 0-based.
fn index(s: &str) -> Option<usize> {
    s.parse::<usize>().ok()?.checked_sub(1)
}

/// The cell of a model's atom `pred(r, c, ...)`.
fn model_cell(name: &str) -> Option<(usize, usize)> {
    let (_, args, _) = parse(name)?;
    Some((index(args.first()?)?, index(args.get(1)?)?))
}

/// Where a model's clue fact stands: a line's clue in the margin (`rowclue(3)`, `colcount(2,1)`),
/// else the cell of its first two arguments; `None` for a clue of the whole board (`mines(10)`).
fn model_clue_spot(atom: &str) -> Option<Spot> {
    let (pred, args, _) = parse(atom)?;
    match pred {
        "rowclue" | "rowcount" | "rowsum" => Some(Spot::Row(index(args.first()?)?)),
        "colclue" | "colcount" | "colsum" => Some(Spot::Col(index(args.first()?)?)),
        _ => model_cell(atom).map(|(r, c)| Spot::Cell(r, c)),
    }
}

/// The spots of the step's clue groups, by their names (`clue open(2,4,2)`).
fn clue_spots<E>(g: &Grounding<E>, step: &StepPicture<'_>, spot: &dyn Fn(&str) -> Option<Spot>) -> Vec<Spot> {
    step.clues
        .iter()
        .filter_map(|&i| g.groups.get(i))
        .filter(|x| x.kind == GroupKind::Clue)
        .filter_map(|x| spot(x.name.strip_prefix("clue ")?))
        .collect()
}

/// The marks of a step whose facts stand on the cells `cell` gives.
fn marks<E: AtomNames>(
    g: &Grounding<E>,
    step: &StepPicture<'_>,
    cell: &dyn Fn(&str) -> Option<(usize, usize)>,
    clue: &dyn Fn(&str) -> Option<Spot>,
) -> StepMarks {
    let at = |l: &Lit| cell(&g.encoding.atom_name(l.var())).map(|(r, c)| Spot::Cell(r, c));
    let unknown: BTreeSet<(usize, usize)> =
        g.projection.iter().filter(|&&v| !(step.known)(v)).filter_map(|&v| cell(&g.encoding.atom_name(v))).collect();
    StepMarks {
        unknown,
        clues: clue_spots(g, step, clue),
        facts: step.facts.iter().filter_map(at).collect(),
        new: step.new.first().and_then(at).into_iter().collect(),
        also: step.new.iter().skip(1).filter_map(at).collect(),
        caption: step.caption.to_vec(),
    }
}

/// A step of a bundled grid puzzle's model, drawn as the puzzle is printed; `None` for a model
/// without such a picture (a zebra puzzle's table, a model of the user's own).
pub(crate) fn model_step<E: AtomNames>(
    program: &Program,
    g: &Grounding<E>,
    solution: &Solution,
    step: &StepPicture<'_>,
) -> Option<String> {
    let Picture::Board(board) = crate::models::pictures::picture(program, solution)? else { return None };
    let m = marks(g, step, &model_cell, &model_clue_spot);
    Some(crate::models::steps::printed_step_svg(&board, &m))
}

/// A step of a pencil puzzle (a puzz.link genre's model), drawn as the genre is printed with what
/// is known after the step, the new fact's cell and the cells of what follows with it framed (an
/// atom's cell: its first two arguments).
pub(crate) fn pencil_step(
    genre: &crate::pencil::Genre,
    program: &Program,
    g: &Grounding<crate::QpropEncoding>,
    solution: &Solution,
    step: &StepPicture<'_>,
) -> Option<String> {
    let open = wgrnd_lang::open_atoms(program, &g.encoding, step.known);
    let cell = |l: &Lit| model_cell(&g.encoding.atom_name(l.var()));
    let new: Vec<(usize, usize)> = step.new.first().and_then(cell).into_iter().collect();
    let also: Vec<(usize, usize)> = step.new.iter().skip(1).filter_map(cell).collect();
    let marks = crate::pencil::picture::Marks { new: &new, also: &also, caption: step.caption };
    crate::pencil::picture::step_svg(genre, program, solution, &open, &marks)
}

/// A step of an edge-matching board `p`: the pieces whose placement is known (`lits` gives a
/// placement's atoms), the hints' squares (`hint` names a hint as its clue group does) and the
/// squares of the facts (`o(s,p,k)`, `l(s,p)`; squares numbered row by row from 1).
pub(crate) fn edge_step<E: AtomNames>(
    p: &Puzzle,
    g: &Grounding<E>,
    hint: &dyn Fn(&Clue) -> String,
    lits: &dyn Fn(&Placement) -> Option<Vec<Lit>>,
    solution: &[Placement],
    step: &StepPicture<'_>,
) -> String {
    let cols = p.cols.max(1);
    let square = |name: &str| -> Option<(usize, usize)> {
        let (pred, args, _) = parse(name)?;
        let s = match pred {
            "o" | "l" => index(args.first()?)?,
            _ => return None,
        };
        Some((s / cols, s % cols))
    };
    let clue = |name: &str| -> Option<Spot> {
        let c = p.clues.iter().find(|c| hint(c) == name)?;
        Some(Spot::Cell(c.row, c.col))
    };
    let mut m = marks(g, step, &square, &clue);
    m.unknown.clear();
    let known: Vec<Placement> = solution
        .iter()
        .filter(|pl| lits(pl).is_some_and(|ls| ls.iter().all(|l| (step.known)(l.var()))))
        .copied()
        .collect();
    crate::models::steps::board_step_svg(p, &known, &m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_stand_on_cells_or_margins() {
        assert_eq!(model_clue_spot("open(2,4,2)"), Some(Spot::Cell(1, 3)));
        assert_eq!(model_clue_spot("rowclue(3)"), Some(Spot::Row(2)));
        assert_eq!(model_clue_spot("colcount(2,1)"), Some(Spot::Col(1)));
        assert_eq!(model_clue_spot("mines(10)"), None);
        assert_eq!(model_cell("d(1,3)>=4"), Some((0, 2)));
        assert_eq!(model_cell("lives(colour,1,red)"), None);
    }
}
