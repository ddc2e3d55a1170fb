"""wgrnd from Python: puzzles and QPROP models solved, counted and drawn by the wgrnd library.

``wgrnd.load(path)`` reads any puzzle file the command line reads; ``wgrnd.Model(source,
data={...}, params={...})`` is a model of the modelling language with data given as Python values.
Both are ``Puzzle`` objects: ``solve()``, ``count(max=...)``, ``backbone()``,
``generate_unique(...)``, ``encode()``. Every solution is checked by the library's independent
checker, as on the command line; solutions are plain Python values and draw themselves in
Jupyter (``_repr_svg_``). Long calls release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
Failures raise a ``WgrndError``: ``ModelError`` (bad input, with ``file``, ``line``, ``column``),
``SolveTimeout``, ``SolverError`` or ``CheckError``. See docs/python.md.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Literal, NamedTuple, Optional, Set, Tuple, Union

from . import _wgrnd
from ._classes import (
    CheckError,
    ModelError,
    PackedPiece,
    Placement,
    SolverError,
    Solver,
    SolveTimeout,
    WgrndError,
)

__version__: str = _wgrnd.__version__

__all__ = [
    "Backbone",
    "CheckError",
    "Count",
    "Model",
    "ModelError",
    "PackedPiece",
    "Placement",
    "Puzzle",
    "Solution",
    "SolveTimeout",
    "Solver",
    "SolverError",
    "SolverName",
    "Symmetry",
    "View",
    "WgrndError",
    "data_text",
    "load",
]

Value = Union[int, str]
Values = Union[Dict[str, Set[Tuple[Value, ...]]], List[Placement], List[PackedPiece]]
# What the calls take: a solver by name (``Solver`` or its value) or an external command line; a
# count's symmetry unit (the command line's ``--symmetry``, checked by the extension).
SolverName = Union[Solver, str]
Symmetry = Literal["none", "board", "all"]
# A view of a solution (the command line's ``--view``; each family draws some of them).
View = Literal["auto", "art", "witch", "grid", "sol", "json", "svg", "bucas"]


def _solver(solver: SolverName) -> str:
    """The one place a solver argument is checked and made the extension's string."""
    if isinstance(solver, Solver):
        return solver.value
    if not isinstance(solver, str):
        raise TypeError(f"solver: a wgrnd.Solver or a str, not {type(solver).__name__}")
    return solver


class Solution:
    """A solution that the library's checker passed.

    ``values`` is the solution as plain Python values, made by the extension from the library's
    own types: for a model, a dict predicate -> set of tuples (an integer variable's tuples end in
    its value); for a board, a list of ``Placement``; for a packing, a list of ``PackedPiece``.
    ``json`` is the command line's ``--json`` document. For a model with an objective,
    ``objective`` is its value at every level and ``optimal`` whether it is proven optimal (else
    the best found within the time limit); both None for a puzzle without one.
    """

    def __init__(self, raw: "_wgrnd.RawSolution") -> None:
        self._raw = raw
        # Made when first asked for: a solve or count that only needs the answer does not pay
        # for them (the document was a tenth of a small model's solve).
        self._json: Optional[Dict[str, Any]] = None
        self._values: Optional[Values] = None

    @property
    def json(self) -> Dict[str, Any]:
        """The command line's ``--json`` document (with ``objective`` and ``optimal`` as there)."""
        if self._json is None:
            doc = json.loads(self._raw.render("json"))
            if self._raw.objective is not None:
                doc["objective"] = list(self._raw.objective)
                doc["optimal"] = self._raw.optimal
            self._json = doc
        return self._json

    @property
    def kind(self) -> str:
        """``model``, ``edge-matching puzzle`` or ``packing``, as in ``json``."""
        return self._raw.kind

    @property
    def objective(self) -> Optional[List[int]]:
        """A model's objective at every level (None without an objective)."""
        return self._raw.objective

    @property
    def optimal(self) -> Optional[bool]:
        """Whether the objective is proven optimal (None without an objective)."""
        return self._raw.optimal

    @property
    def values(self) -> Values:
        """The solution as plain Python values (see the class)."""
        if self._values is None:
            self._values = self._raw.values()
        return self._values

    def __getitem__(self, predicate: str) -> Set[Tuple[Value, ...]]:
        """A model's true tuples of ``predicate``."""
        if not isinstance(self.values, dict):
            raise TypeError(f"a {self.kind}'s solution is a list of placements: use .values")
        return self.values[predicate]

    def render(self, view: View = "auto") -> str:
        """The solution drawn as ``--view VIEW`` draws it (auto, grid, svg, json, ...)."""
        return self._raw.render(view)

    def _repr_svg_(self) -> str:
        return self._raw.render("svg")

    def __str__(self) -> str:
        return self._raw.render("auto")

    def __repr__(self) -> str:
        return f"<wgrnd.Solution of {self._raw.puzzle!r} ({self.kind})>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self.kind == other.kind and self.values == other.values


class Count(NamedTuple):
    """A count's outcome: ``count`` solutions (all checked), exact when ``complete``."""

    count: int  # type: ignore[assignment]  # the field hides tuple.count, on purpose
    complete: bool
    stopped: str
    solutions: List[Solution]
    orbits: Tuple[int, int, int]
    seconds: float

    def __int__(self) -> int:
        return self.count

    @property
    def exists(self) -> Optional[bool]:
        """Whether a solution exists (None: not known)."""
        if self.count > 0:
            return True
        return False if self.complete else None

    @property
    def unique(self) -> Optional[bool]:
        """Whether exactly one solution exists (None: not known)."""
        if self.count >= 2:
            return False
        return self.count == 1 if self.complete else None


class Backbone(NamedTuple):
    """What every solution shares: each fixed atom's value, by name."""

    fixed: Dict[str, bool]
    complete: bool
    stopped: str
    total: int
    open: int
    picture: Optional[str]
    solution: Optional[Solution]


class Puzzle:
    """A puzzle or model read and checked. Build with ``wgrnd.load`` or ``wgrnd.Model``."""

    def __init__(self, raw: "_wgrnd.RawPuzzle") -> None:
        self._raw = raw

    @property
    def name(self) -> str:
        return self._raw.name

    @property
    def kind(self) -> str:
        return self._raw.kind

    def notes(self) -> List[str]:
        """What the command line says about the puzzle before it works on it."""
        return self._raw.notes()

    def encode(self) -> str:
        """The CNF in DIMACS, its comments naming every atom (``wgrnd encode``)."""
        return self._raw.encode()

    def solve(
        self, *, timeout: Optional[float] = None, solver: SolverName = Solver.BUILTIN, jobs: Optional[int] = None
    ) -> Optional[Solution]:
        """One checked solution, or None when there is none (``wgrnd solve``). ``jobs``: as
        ``--jobs``; by default, as there, the portfolio on every core with the built-in solver.
        A model with an objective: the optimiser's best solution, ``optimal`` when proven.
        Raises ``SolveTimeout`` when ``timeout`` ends the solve before any answer."""
        raw = self._raw.solve(solver=_solver(solver), timeout=timeout, jobs=jobs)
        return None if raw is None else Solution(raw)

    def count(
        self,
        max: Optional[int] = None,
        *,
        timeout: Optional[float] = None,
        symmetry: Symmetry = "none",
        solutions: bool = False,
        solver: SolverName = Solver.BUILTIN,
    ) -> Count:
        """Counts the solutions, each checked (``wgrnd count``); ``solutions=True`` keeps them."""
        c = self._raw.count(max=max, timeout=timeout, symmetry=symmetry, keep=solutions, solver=_solver(solver))
        return Count(c.count, c.complete, c.stopped, [Solution(s) for s in c.solutions], c.orbits, c.seconds)

    def backbone(self, *, timeout: Optional[float] = None, solver: SolverName = Solver.BUILTIN) -> Backbone:
        """The atoms that take the same value in every solution (``wgrnd backbone``)."""
        b = self._raw.backbone(timeout=timeout, solver=_solver(solver))
        solution = None if b.solution is None else Solution(b.solution)
        return Backbone(dict(b.fixed), b.complete, b.stopped, b.total, b.open, b.picture, solution)

    def generate_unique(
        self, *, seed: int = 0, timeout: Optional[float] = None, extension: Optional[str] = None
    ) -> Optional[str]:
        """The puzzle posed with a minimal set of clues that leaves one solution (``wgrnd generate
        --unique``), as the text of a file in the puzzle's format (``extension="qpd"``: a model's
        data file); None when the puzzle has no solution."""
        return self._raw.generate_unique(seed=seed, timeout=timeout, extension=extension)

    def __repr__(self) -> str:
        return f"<wgrnd.Puzzle {self.name!r} ({self.kind})>"


class Model(Puzzle):
    """A model of the QPROP modelling language (docs/qprop.md) from its text.

    ``data``: a dict of Python values (int -> ``param``, range or set -> ``domain``, list of
    tuples -> facts of an input predicate, dict -> table facts), or a data file's text;
    ``params``: parameter overrides (``-D NAME=VALUE``). Errors raise ``ModelError`` with the
    command line's caret diagnostic.
    """

    def __init__(
        self,
        source: str,
        data: Union[Dict[str, Any], str, None] = None,
        params: Optional[Dict[str, int]] = None,
        *,
        name: str = "model.qp",
    ) -> None:
        super().__init__(_wgrnd.model(source, data=data, params=params, name=name))


def load(path: str, *, data: Optional[str] = None, params: Optional[Dict[str, int]] = None) -> Puzzle:
    """Reads any puzzle file the command line reads; a model's ``data`` file and ``params``."""
    return Puzzle(_wgrnd.load(str(path), data=None if data is None else str(data), params=params))


def data_text(data: Dict[str, Any]) -> str:
    """The data file text that ``Model`` writes of ``data`` (what the model reads)."""
    return _wgrnd.data_text(data)
