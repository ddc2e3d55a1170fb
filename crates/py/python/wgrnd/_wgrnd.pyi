"""Type stubs of the Rust extension (crates/py/src/lib.rs); the package wgrnd wraps it."""

from typing import Any, Dict, List, Literal, Optional, Set, Tuple, Union

from ._classes import PackedPiece, Placement

__version__: str
# The external solvers known by name (wgrnd._classes.Solver names them and the in-process ones).
KNOWN_SOLVERS: List[str]
# The views a solution is drawn in (`render`; each family draws some of them).
VIEWS: List[str]

# The extension raises the exceptions of wgrnd._classes and makes its Placement and PackedPiece.

class RawSolution:
    @property
    def kind(self) -> str: ...
    @property
    def puzzle(self) -> str: ...
    objective: Optional[List[int]]
    optimal: Optional[bool]
    def values(
        self,
    ) -> Union[Dict[str, Set[Tuple[Union[int, str], ...]]], List[Placement], List[PackedPiece]]: ...
    def render(
        self, view_name: Literal["auto", "art", "witch", "grid", "sol", "json", "svg", "bucas"]
    ) -> str: ...

class RawCount:
    count: int
    complete: bool
    stopped: str
    orbits: Tuple[int, int, int]
    seconds: float
    solutions: List[RawSolution]

class RawBackbone:
    fixed: List[Tuple[str, bool]]
    complete: bool
    stopped: str
    total: int
    open: int
    picture: Optional[str]
    solution: Optional[RawSolution]

class RawPuzzle:
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    def notes(self) -> List[str]: ...
    def encode(self) -> str: ...
    def solve(
        self, solver: str = "builtin", timeout: Optional[float] = None, jobs: Optional[int] = None
    ) -> Optional[RawSolution]: ...
    def count(
        self,
        max: Optional[int] = None,
        timeout: Optional[float] = None,
        symmetry: Literal["none", "board", "all"] = "none",
        keep: bool = False,
        solver: str = "builtin",
    ) -> RawCount: ...
    def backbone(self, timeout: Optional[float] = None, solver: str = "builtin") -> RawBackbone: ...
    def generate_unique(
        self, seed: int = 0, timeout: Optional[float] = None, extension: Optional[str] = None
    ) -> Optional[str]: ...

def load(path: str, data: Optional[str] = None, params: Optional[Dict[str, int]] = None) -> RawPuzzle: ...
def model(
    source: str,
    data: Union[Dict[str, Any], str, None] = None,
    params: Optional[Dict[str, int]] = None,
    name: str = "model.qp",
) -> RawPuzzle: ...
def data_text(data: Union[Dict[str, Any], str]) -> str: ...
