# Type stubs of the native module cagec._core (python/src/*.rs). The public
# API is the cagec package; this module is its private native half.
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from typing_extensions import final

__all__ = [
    "__version__", "HAS_CDCL", "OUTPUT_EXTENSIONS", "Puzzle", "parse", "load", "solve", "generate", "decode",
    "Split", "split", "solve_cube", "merge_cubes",
]

__version__: str
HAS_CDCL: bool
OUTPUT_EXTENSIONS: Dict[str, str]

@final
class Puzzle:
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def warnings(self) -> str: ...
    @property
    def display_name(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def box_size(self) -> Optional[int]: ...
    def cages(self) -> List[Tuple[int, str, List[Tuple[int, int]]]]: ...
    def to_text(self, format: str) -> str: ...
    def compile(self, to: str, **options: Any) -> bytes: ...
    def write(self, path: str, to: Optional[str] = None, **options: Any) -> None: ...
    def stats_json(self, **options: Any) -> str: ...
    def root_lp_json(self, **options: Any) -> str: ...
    def check(self, grid: Union[Sequence[Sequence[int]], str]) -> List[str]: ...
    def read_grid(self, grid: Union[Sequence[Sequence[int]], str]) -> List[List[int]]: ...
    def explain(self, cage: Optional[int] = None, **options: Any) -> str: ...
    def explain_html(
        self,
        title: str,
        command: str,
        solution: Optional[List[List[int]]] = None,
        cage: Optional[int] = None,
        **options: Any,
    ) -> str: ...
    def render(self, title: str, solution: Optional[List[List[int]]] = None) -> str: ...
    def same(self, other: Puzzle) -> bool: ...
    def key(self) -> Tuple[int, Optional[int], List[Tuple[int, str, List[Tuple[int, int]]]]]: ...

def parse(
    text: str,
    format: Optional[str] = None,
    *,
    name: str = "puzzle",
    display_name: str = "<string>",
    killer: bool = False,
) -> Puzzle: ...
def load(path: str, format: Optional[str] = None, *, killer: bool = False) -> Puzzle: ...
def solve(
    puzzle: Puzzle,
    solver: str,
    mode: str,
    limit: int,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
    via_name: Optional[str] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    highspy: Optional[Callable[..., Any]] = None,
    **options: Any,
) -> Dict[str, Any]: ...
def generate(
    size: int,
    seed: int = 1,
    unique: bool = True,
    ops: str = "+-*%",
    max_cage: int = 4,
    cage_sizes: Optional[str] = None,
    effort: Optional[int] = None,
) -> Tuple[Puzzle, List[List[int]], Dict[str, Any]]: ...
def decode(puzzle: Puzzle, names: List[str], values: List[float], **options: Any) -> List[List[int]]: ...

@final
class Split:
    @property
    def root(self) -> List[int]: ...
    @property
    def cubes(self) -> List[List[Tuple[int, int, bool]]]: ...
    @property
    def found(self) -> List[List[List[int]]]: ...
    @property
    def wanted(self) -> int: ...

def split(puzzle: Puzzle, mode: str, limit: int, cubes: int, time_limit: Optional[float] = None) -> Split: ...
def solve_cube(
    puzzle: Puzzle,
    root: List[int],
    cube: List[Tuple[int, int, bool]],
    known: List[List[List[int]]],
    wanted: int,
    time_limit: Optional[float] = None,
) -> Dict[str, Any]: ...
def merge_cubes(
    puzzle: Puzzle, split: Split, results: List[Tuple[int, Dict[str, Any]]], seconds: float
) -> Dict[str, Any]: ...
