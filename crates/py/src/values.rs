//! Checked solutions as Python values, built here from the families' own types (no JSON text in
//! between): a model's shown predicates as a dict predicate -> set of tuples (an integer
//! variable's tuples end in its value; symbols are `str`); a board's placements as a list of
//! `Placement`, sorted by square, counted from 1 as the command line's `--json`; a packing's
//! pieces as a list of `PackedPiece`, with the marks of its drawings. The named tuples are
//! Python's (`python/wgrnd/_classes.py`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySet, PyTuple, PyType};
use wgrnd_families::edge::formats::PlacementRecord;
use wgrnd_families::edge::model::Placement;
use wgrnd_families::packing::model::{Packing, PiecePlacement};
use wgrnd_families::packing::render::packed_pieces;
use wgrnd_lang::{Solution, Val};

use crate::errors::CLASSES;

/// A model's value: an `int`, or a symbol's name.
fn value<'py>(py: Python<'py>, s: &Solution, v: Val) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Val::Int(i) => i.into_pyobject(py)?.into_any(),
        Val::Sym(_) => s.val(v).into_pyobject(py)?.into_any(),
    })
}

/// A model's shown predicates and integer variables: name -> set of tuples.
pub(crate) fn model<'py>(py: Python<'py>, s: &Solution) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    for p in s.preds.iter().filter(|p| p.shown) {
        let set = PySet::empty(py)?;
        for args in &p.atoms {
            let row = args.iter().map(|&a| value(py, s, a)).collect::<PyResult<Vec<_>>>()?;
            set.add(PyTuple::new(py, row)?)?;
        }
        dict.set_item(&p.name, set)?;
    }
    for v in s.ints.iter().filter(|v| v.shown) {
        let set = PySet::empty(py)?;
        for (args, &x) in &v.values {
            let mut row = args.iter().map(|&a| value(py, s, a)).collect::<PyResult<Vec<_>>>()?;
            row.push(value(py, s, x)?);
            set.add(PyTuple::new(py, row)?)?;
        }
        dict.set_item(&v.name, set)?;
    }
    Ok(dict.into_any())
}

/// A board's placements as `Placement(row, col, piece, rotation)`, sorted by square.
pub(crate) fn board<'py>(py: Python<'py>, placements: &[Placement]) -> PyResult<Bound<'py, PyAny>> {
    static PLACEMENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let class = PLACEMENT.import(py, CLASSES, "Placement")?;
    let mut sorted = placements.to_vec();
    sorted.sort_by_key(|pl| (pl.row, pl.col));
    let items = sorted
        .into_iter()
        .map(|pl| {
            let r = PlacementRecord::from(pl);
            class.call1((r.row, r.col, r.piece, r.rotation))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any())
}

/// A packing's pieces as `PackedPiece(mark, piece, cells)`, `cells` a tuple of `(x, y, z)`.
pub(crate) fn packing<'py>(py: Python<'py>, p: &Packing, placed: &[PiecePlacement]) -> PyResult<Bound<'py, PyAny>> {
    static PACKED: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let class = PACKED.import(py, CLASSES, "PackedPiece")?;
    let items = packed_pieces(p, placed)
        .into_iter()
        .map(|piece| {
            let cells = piece.cells.iter().map(|c| PyTuple::new(py, c)).collect::<PyResult<Vec<_>>>()?;
            class.call1((piece.mark, piece.piece, PyTuple::new(py, cells)?))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any())
}
