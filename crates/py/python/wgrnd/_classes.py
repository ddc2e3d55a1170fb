"""The classes the extension makes instances of (crates/py/src/errors.rs, values.rs): the
exceptions, chosen by the library's error type, and the named tuples of solutions; and the
solver names a call takes."""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional, Tuple


class WgrndError(RuntimeError):
    """Any failure of wgrnd; the subclasses say which. Caught alone, it catches them all."""


class ModelError(WgrndError, ValueError):
    """Bad input: a model, data, puzzle file, option or view that wgrnd refuses (exit code 2 on
    the command line). The message is the command line's diagnostic (with a caret under the
    place for a model); ``file``, ``line`` and ``column`` (from 1) say where, each None when the
    error has no such place."""

    def __init__(
        self, message: str, file: Optional[str] = None, line: Optional[int] = None, column: Optional[int] = None
    ) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.column = column


class SolveTimeout(WgrndError, TimeoutError):
    """The time limit was reached before the answer was known (exit code 30)."""


class SolverError(WgrndError):
    """The solver failed: not installed, not runnable, crashed, or an answer that cannot be
    trusted (exit code 4 on the command line)."""


class CheckError(WgrndError):
    """The independent checker rejected the solver's solution: a bug of the encoding (exit code 3)."""


class Placement(NamedTuple):
    """A piece on a board: its square (row, col from 1), the piece (from 1) and its quarter turns
    counterclockwise."""

    row: int
    col: int
    piece: int
    rotation: int


class PackedPiece(NamedTuple):
    """A piece of a packing: its mark in the drawings, its name and the cells it fills
    (``(x, y, z)`` from 1)."""

    mark: str
    piece: str
    cells: Tuple[Tuple[int, ...], ...]


class Solver(str, enum.Enum):
    """The solvers known by name: ``BUILTIN`` (in-process CaDiCaL, with the backtracking engine's
    small try), ``SPLR`` (in-process, pure Rust) and the external programs the command line knows.
    A call takes a ``Solver`` or a string: one of these names, or a command line of any other
    solver (``"glucose -verb=0 -model {cnf}"``)."""

    BUILTIN = "builtin"
    SPLR = "splr"
    KISSAT = "kissat"
    CADICAL = "cadical"
    MINISAT = "minisat"
    CRYPTOMINISAT = "cryptominisat5"
    PICOSAT = "picosat"

    def __str__(self) -> str:
        return self.value
