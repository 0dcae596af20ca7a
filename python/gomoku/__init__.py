"""gomoku - the Python binding of libgomoku, a Gomoku (five-in-a-row) engine.

    from gomoku import Engine

    with Engine(size=15, rule="freestyle") as engine:
        engine.play("h8")
        engine.play(8, 6)                      # x, y: zero-based, y = 0 is the top row
        result = engine.search(time_ms=500)
        print(result.best_text, result.score, result.pv_text)

A ctypes layer over the C library, standard library only (NumPy, when installed, is used
by Engine.board() alone). The shared library is the first of: the ``library_path``
argument; the GOMOKU_LIBRARY environment variable (a path: it overrides the rest); the
copy built into this package by ``pip install``; ``lib/libgomoku.so`` of the source tree
this package lives in; the installed ``libgomoku.so.0`` (``make install``), found as
the system finds libraries. Every error code of the library becomes a GomokuError
carrying the code and gomoku_strerror()'s message.

The constants are those of include/gomoku.h without their GOMOKU_ prefix (EINVAL,
SCORE_WIN, MAX_SIZE, ...), and the structures mirror it field by field; the header is
the reference for what each call does.
"""

import ctypes
import ctypes.util
import enum
import os
import threading
from dataclasses import dataclass
from typing import (TYPE_CHECKING, Any, Callable, Dict, List, NamedTuple, Optional, Sequence,
                    Tuple, Union)

if TYPE_CHECKING:  # for the annotations only: NumPy stays optional
    import numpy

__version__ = "0.1.0"  # the C library's version, which a test compares with it

__all__ = [
    "Engine", "GomokuError", "Move", "Rule", "Color", "State", "Forbid", "Algo",
    "Notation", "Pattern", "Combo", "EvalModel", "Weights", "EvalInfo", "SearchStats", "TextbookResult",
    "SearchInfo", "SearchResult", "ThreatResult", "EngineView", "load_library", "library_path",
    "version", "version_number", "default_weights", "strerror", "score_is_win",
    "score_is_loss",
]

# ------------------------------------------------------------------------------------
# Constants (gomoku.h)
# ------------------------------------------------------------------------------------

OK = 0
EINVAL = -1
ERANGE = -2
EOCCUPIED = -3
EGAMEOVER = -4
ENOMOVE = -5
ESYNTAX = -6
ENOMEM = -7
ERULE = -8
EBUFFER = -9
EBUSY = -10
EVERSION = -11

MIN_SIZE = 5
MAX_SIZE = 32
MAX_CELLS = MAX_SIZE * MAX_SIZE
MAX_PV = 64
MAX_MULTIPV = 32
SVG_NUMBERS = 1
SVG_COORDINATES = 2
SVG_BUFSIZE = 512 * 1024
PAT_COUNT = 8
COMBO_COUNT = 3
SCORE_WIN = 30000
SCORE_DRAW = 0
SCORE_WIN_MIN = SCORE_WIN - 1000
TEXTBOOK_OPTIONS_VERSION = 1
LIMITS_VERSION = 1


class Rule(enum.IntEnum):
    """The rules (gomoku_rule): what wins, and renju's forbidden moves for black."""

    FREESTYLE = 0
    STANDARD = 1
    RENJU = 2
    CARO = 3


class Color(enum.IntEnum):
    """What a cell holds (gomoku_color); also the side to move and a winner."""

    EMPTY = 0
    BLACK = 1
    WHITE = 2


class State(enum.IntEnum):
    """The state of a game (gomoku_state); DRAW is a full board."""

    ONGOING = 0
    BLACK_WINS = 1
    WHITE_WINS = 2
    DRAW = 3


class Forbid(enum.IntEnum):
    """Why a renju move is forbidden for black (gomoku_forbid); NONE: it is not."""

    NONE = 0
    DOUBLE_THREE = 1
    DOUBLE_FOUR = 2
    OVERLINE = 3


class Notation(enum.IntEnum):
    """How moves are written: XY "7,7" (zero-based, y from the top) or RENJU "h8"
    (column letter, row number from the bottom)."""

    XY = 0
    RENJU = 1


class Algo(enum.IntEnum):
    """The textbook searches (gomoku_algo)."""

    MINIMAX = 0
    ALPHABETA = 1
    NEGAMAX = 2
    NEGAMAX_AB = 3


class Pattern(enum.IntEnum):
    """Line patterns the evaluation counts (gomoku_pattern), indexing EvalInfo.patterns
    and Weights.own / Weights.opp."""

    FIVE = 0
    OPEN_FOUR = 1
    FOUR = 2
    OPEN_THREE = 3
    THREE = 4
    OPEN_TWO = 5
    TWO = 6
    ONE = 7


class Combo(enum.IntEnum):
    """Combination points (gomoku_combo), indexing EvalInfo.combos and
    Weights.combo_own / Weights.combo_opp."""

    DOUBLE_THREE = 0
    FOUR_THREE = 1
    OPEN_FOUR = 2


class EvalModel(enum.IntEnum):
    """The built-in evaluation's model (gomoku_eval_model), Engine.eval_model."""

    DEFAULT = 0
    WEIGHTS = 1
    FITTED = 2


def score_is_win(score: int) -> bool:
    """Whether a score is a forced win for the side it is seen from (SCORE_WIN - plies)."""
    return score >= SCORE_WIN_MIN


def score_is_loss(score: int) -> bool:
    """Whether a score is a forced loss for the side it is seen from."""
    return score <= -SCORE_WIN_MIN


# ------------------------------------------------------------------------------------
# Structures: the same fields, types and order as gomoku.h
# ------------------------------------------------------------------------------------

c_int = ctypes.c_int
c_ll = ctypes.c_longlong


class _Point(ctypes.Structure):
    _fields_ = [("x", c_int), ("y", c_int)]


class _Weights(ctypes.Structure):
    _fields_ = [("own", c_int * PAT_COUNT), ("opp", c_int * PAT_COUNT), ("win_score", c_int),
                ("combo_own", c_int * COMBO_COUNT), ("combo_opp", c_int * COMBO_COUNT)]


class _EvalInfo(ctypes.Structure):
    _fields_ = [
        ("score", c_int),
        ("side_to_move", c_int),
        ("patterns", (c_int * PAT_COUNT) * 2),
        ("pattern_score", c_int * 2),
        ("custom", c_int),
        ("combos", (c_int * COMBO_COUNT) * 2),
    ]


class _TextbookOptions(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("depth", c_int),
        ("radius", c_int),
        ("ordering", c_int),
        ("prune_percent", c_int),
        ("node_limit", c_ll),
    ]


class _SearchStats(ctypes.Structure):
    _fields_ = [
        ("nodes", c_ll),
        ("evaluations", c_ll),
        ("cutoffs", c_ll),
        ("branching", ctypes.c_double),
        ("time_ms", ctypes.c_double),
    ]


class _TextbookResult(ctypes.Structure):
    _fields_ = [
        ("best", _Point),
        ("value", c_int),
        ("depth", c_int),
        ("complete", c_int),
        ("pv_length", c_int),
        ("pv", _Point * MAX_PV),
        ("stats", _SearchStats),
    ]


class _Limits(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("time_ms", c_int),
        ("time_left_ms", c_int),
        ("depth", c_int),
        ("nodes", c_ll),
        ("threads", c_int),
        ("multipv", c_int),
    ]


class _SearchInfo(ctypes.Structure):
    _fields_ = [
        ("depth", c_int),
        ("seldepth", c_int),
        ("score", c_int),
        ("nodes", c_ll),
        ("nps", c_ll),
        ("time_ms", ctypes.c_double),
        ("pv_length", c_int),
        ("pv", _Point * MAX_PV),
        ("line", c_int),
    ]


class _SearchResult(ctypes.Structure):
    _fields_ = [
        ("best", _Point),
        ("score", c_int),
        ("depth", c_int),
        ("seldepth", c_int),
        ("nodes", c_ll),
        ("time_ms", ctypes.c_double),
        ("pv_length", c_int),
        ("pv", _Point * MAX_PV),
    ]


class _ThreatResult(ctypes.Structure):
    _fields_ = [
        ("found", c_int),
        ("length", c_int),
        ("line", _Point * MAX_PV),
        ("nodes", c_ll),
        ("time_ms", ctypes.c_double),
    ]


# The structures a test compares against the C compiler's layout (sizeof, offsetof).
STRUCTS = {
    "gomoku_point": _Point,
    "gomoku_weights": _Weights,
    "gomoku_eval_info": _EvalInfo,
    "gomoku_textbook_options": _TextbookOptions,
    "gomoku_search_stats": _SearchStats,
    "gomoku_textbook_result": _TextbookResult,
    "gomoku_limits": _Limits,
    "gomoku_search_info": _SearchInfo,
    "gomoku_search_result": _SearchResult,
    "gomoku_threat_result": _ThreatResult,
}

_EVAL_FN = ctypes.CFUNCTYPE(c_int, ctypes.c_void_p, ctypes.c_void_p)
_PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(_SearchInfo), ctypes.c_void_p)

# ------------------------------------------------------------------------------------
# Loading the library
# ------------------------------------------------------------------------------------

_P = ctypes.POINTER
_vp = ctypes.c_void_p
# name: (restype, argtypes). Engines travel as void pointers: the type is opaque.
_PROTOTYPES = {
    "gomoku_strerror": (ctypes.c_char_p, [c_int]),
    "gomoku_version_number": (c_int, []),
    "gomoku_version_string": (ctypes.c_char_p, []),
    "gomoku_new": (c_int, [_P(_vp), c_int, c_int]),
    "gomoku_free": (None, [_vp]),
    "gomoku_reset": (c_int, [_vp, c_int, c_int]),
    "gomoku_size": (c_int, [_vp]),
    "gomoku_rule_of": (c_int, [_vp]),
    "gomoku_play": (c_int, [_vp, c_int, c_int]),
    "gomoku_undo": (c_int, [_vp]),
    "gomoku_cell": (c_int, [_vp, c_int, c_int]),
    "gomoku_side_to_move": (c_int, [_vp]),
    "gomoku_move_count": (c_int, [_vp]),
    "gomoku_moves": (c_int, [_P(_Point), _P(c_int), _vp, c_int]),
    "gomoku_state_of": (c_int, [_vp]),
    "gomoku_winning_line": (c_int, [_P(_Point), _P(c_int), _vp, c_int]),
    "gomoku_forbidden": (c_int, [_P(c_int), _vp, c_int, c_int]),
    "gomoku_hash": (ctypes.c_uint64, [_vp]),
    "gomoku_parse_move": (c_int, [_P(c_int), _P(c_int), _vp, ctypes.c_char_p]),
    "gomoku_format_move": (c_int, [ctypes.c_char_p, ctypes.c_size_t, _vp, c_int, c_int, c_int]),
    "gomoku_play_moves": (c_int, [_vp, ctypes.c_char_p]),
    "gomoku_format_moves": (c_int, [ctypes.c_char_p, ctypes.c_size_t, _vp, c_int]),
    "gomoku_default_weights": (None, [_P(_Weights)]),
    "gomoku_get_weights": (c_int, [_P(_Weights), _vp]),
    "gomoku_set_weights": (c_int, [_vp, _P(_Weights)]),
    "gomoku_set_eval_callback": (c_int, [_vp, _EVAL_FN, _vp]),
    "gomoku_set_eval_model": (c_int, [_vp, c_int]),
    "gomoku_get_eval_model": (c_int, [_P(c_int), _vp]),
    "gomoku_evaluate": (c_int, [_P(c_int), _vp]),
    "gomoku_eval_breakdown": (c_int, [_P(_EvalInfo), _vp]),
    "gomoku_textbook_options_init": (None, [_P(_TextbookOptions)]),
    "gomoku_textbook_search": (c_int, [_P(_TextbookResult), _vp, c_int, _P(_TextbookOptions)]),
    "gomoku_limits_init": (None, [_P(_Limits)]),
    "gomoku_search": (c_int, [_P(_SearchResult), _vp, _P(_Limits)]),
    "gomoku_search_lines": (c_int, [_P(_SearchResult), _P(c_int), _vp, _P(_Limits), c_int]),
    "gomoku_read_record": (c_int, [_P(c_int), c_int, _vp, ctypes.c_char_p, c_int]),
    "gomoku_write_record": (c_int, [ctypes.c_char_p, ctypes.c_size_t, _vp, c_int, _P(c_int),
                                    ctypes.c_char_p, ctypes.c_char_p]),
    "gomoku_write_svg": (c_int, [ctypes.c_char_p, ctypes.c_size_t, _vp, _P(_Point), c_int,
                                 ctypes.c_uint]),
    "gomoku_stop": (None, [_vp]),
    "gomoku_set_progress_callback": (c_int, [_vp, _PROGRESS_FN, _vp]),
    "gomoku_set_hash_size": (c_int, [_vp, c_int]),
    "gomoku_hash_bytes": (c_ll, [_vp]),
    "gomoku_clear_hash": (c_int, [_vp]),
    "gomoku_vcf": (c_int, [_P(_ThreatResult), _vp, c_ll, c_int]),
    "gomoku_vct": (c_int, [_P(_ThreatResult), _vp, c_ll, c_int]),
}

_libraries: Dict[str, "_Lib"] = {}
_libraries_lock = threading.Lock()
_BUNDLED = "_libgomoku.so"


def _candidates() -> List[str]:
    """Where the library is looked for when no path is given, in order."""
    env = os.environ.get("GOMOKU_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = [p for p in (os.path.join(here, _BUNDLED),
                         os.path.normpath(os.path.join(here, "..", "..", "lib", "libgomoku.so")))
             if os.path.exists(p)]
    # the installed library: the dynamic loader's own search (ld.so.cache, LD_LIBRARY_PATH)
    found.append(ctypes.util.find_library("gomoku") or "libgomoku.so.0")
    return found


class _Lib:
    """The loaded library with its prototypes declared. Functions the library lacks
    (an older build) raise AttributeError only when called."""

    def __init__(self, path: str):
        self.path = path
        self.dll = ctypes.CDLL(path)
        for name, (restype, argtypes) in _PROTOTYPES.items():
            try:
                fn = getattr(self.dll, name)
            except AttributeError:
                continue
            fn.restype = restype
            fn.argtypes = argtypes

    def has(self, name: str) -> bool:
        """Whether the library has the function `name`."""
        return hasattr(self.dll, name)

    def __getattr__(self, name: str) -> Any:
        try:
            return getattr(self.dll, name)
        except AttributeError:
            raise AttributeError(f"{self.path} has no function {name}") from None


def load_library(path: Optional[str] = None) -> _Lib:
    """Loads (once per path) and returns the C library: the one at `path`, or else the
    first found of GOMOKU_LIBRARY, the copy in this package, the source tree's
    lib/libgomoku.so and the installed libgomoku.so.0. Raises OSError, naming where it
    looked, when none loads."""
    with _libraries_lock:
        key = path or "(default)"
        lib = _libraries.get(key)
        if lib is not None:
            return lib
        tried = [path] if path else _candidates()
        errors = []
        for candidate in tried:
            try:
                lib = _Lib(candidate)
                break
            except OSError as exc:
                errors.append(f"{candidate}: {exc}")
        if lib is None:
            hint = "" if path else (" (build it with make, install it with make install, or"
                                    " set GOMOKU_LIBRARY to its path)")
            raise OSError("libgomoku could not be loaded" + hint + ": " + "; ".join(errors))
        _libraries[key] = lib
        return lib


def library_path(path: Optional[str] = None) -> str:
    """The file of the C library in use (as load_library(path) found it)."""
    return load_library(path).path


# ------------------------------------------------------------------------------------
# Errors and small values
# ------------------------------------------------------------------------------------


def strerror(code: int, library_path: Optional[str] = None) -> str:
    """The library's text for a result code (gomoku_strerror)."""
    return load_library(library_path).gomoku_strerror(code).decode()


class GomokuError(Exception):
    """A library call failed. ``code`` is the GOMOKU_E* value (negative), ``message``
    gomoku_strerror()'s text for it."""

    def __init__(self, code: int, message: Optional[str] = None, context: str = ""):
        self.code = code
        self.message = message if message is not None else f"error {code}"
        self.context = context
        text = f"{context}: {self.message}" if context else self.message
        super().__init__(text)


def _shorten(text: str, limit: int = 32) -> str:
    """repr() of a user's input for an error message, cut after `limit` characters: a
    message must not repeat a whole 10,000-character move list."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def _check(lib: _Lib, rc: int, context: str = "") -> int:
    if rc < 0:
        raise GomokuError(rc, lib.gomoku_strerror(rc).decode(), context)
    return rc


def version(library_path: Optional[str] = None) -> str:
    """The C library's version, "MAJOR.MINOR.PATCH"."""
    return load_library(library_path).gomoku_version_string().decode()


def version_number(library_path: Optional[str] = None) -> int:
    """The C library's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return load_library(library_path).gomoku_version_number()


class Move(NamedTuple):
    """A board cell: x is the column (0 = left), y the row (0 = top)."""
    x: int
    y: int


@dataclass
class Weights:
    """The evaluation's weights (gomoku_weights): per pattern point of the mover (own)
    and of the opponent (opp), indexed by Pattern; per combination point (combo_own,
    combo_opp), indexed by Combo; and the value of a static win."""

    own: List[int]
    opp: List[int]
    win_score: int
    combo_own: List[int]  # indexed by Combo
    combo_opp: List[int]

    @classmethod
    def _from_c(cls, w: _Weights) -> "Weights":
        return cls(list(w.own), list(w.opp), w.win_score, list(w.combo_own), list(w.combo_opp))

    def _to_c(self) -> _Weights:
        if len(self.own) != PAT_COUNT or len(self.opp) != PAT_COUNT:
            raise ValueError(f"own and opp need {PAT_COUNT} values each")
        if len(self.combo_own) != COMBO_COUNT or len(self.combo_opp) != COMBO_COUNT:
            raise ValueError(f"combo_own and combo_opp need {COMBO_COUNT} values each")
        w = _Weights()
        w.own[:] = [int(v) for v in self.own]
        w.opp[:] = [int(v) for v in self.opp]
        w.win_score = int(self.win_score)
        w.combo_own[:] = [int(v) for v in self.combo_own]
        w.combo_opp[:] = [int(v) for v in self.combo_opp]
        return w


def default_weights(library_path: Optional[str] = None) -> Weights:
    """The weights a new engine starts with."""
    w = _Weights()
    load_library(library_path).gomoku_default_weights(ctypes.byref(w))
    return Weights._from_c(w)


@dataclass
class EvalInfo:
    """A static evaluation and its inputs (gomoku_eval_info): the score for the side to
    move, and for black ([0]) and white ([1]) their pattern and combination counts and
    weighted sums. custom: a user evaluation gave the score."""

    score: int
    side_to_move: Color
    patterns: List[List[int]]  # [black, white], each indexed by Pattern
    pattern_score: List[int]   # [black, white]
    custom: bool
    combos: List[List[int]]    # [black, white], each indexed by Combo


@dataclass
class SearchStats:
    """What a textbook search cost: nodes visited, static evaluations, alpha-beta
    cut-offs, the average number of moves searched per interior node, and time."""

    nodes: int
    evaluations: int
    cutoffs: int
    branching: float
    time_ms: float


@dataclass
class TextbookResult:
    """The result of Engine.textbook_search(): the best move (None when there was no
    move) also as text, its value for the side to move, the depth, whether the search
    ran to the end (False: the node limit stopped it), the principal variation and the
    cost."""

    best: Optional[Move]
    best_text: Optional[str]
    value: int
    depth: int
    complete: bool
    pv: List[Move]
    pv_text: List[str]
    stats: SearchStats


@dataclass
class SearchInfo:
    """What a progress callback receives after each completed iteration of search()."""

    depth: int
    seldepth: int
    score: int
    nodes: int
    nps: int
    time_ms: float
    pv: List[Move]
    line: int = 0
    """Which line of a multi-PV search (search_lines) this iteration belongs to: 0 for
    the best, k for the (k+1)-th; always 0 for a one-line search."""


@dataclass
class SearchResult:
    """The result of Engine.search(): the best move (also as text), its score for the
    side to move (see is_win, is_loss, mate_plies), depths, nodes, time and the
    principal variation."""

    best: Optional[Move]
    best_text: Optional[str]
    score: int
    depth: int
    seldepth: int
    nodes: int
    time_ms: float
    pv: List[Move]
    pv_text: List[str]

    @property
    def is_win(self) -> bool:
        """The side to move has a forced win."""
        return score_is_win(self.score)

    @property
    def is_loss(self) -> bool:
        """The side to move loses against best play."""
        return score_is_loss(self.score)

    @property
    def mate_plies(self) -> Optional[int]:
        """Plies to the forced result, when there is one."""
        if self.is_win:
            return SCORE_WIN - self.score
        if self.is_loss:
            return SCORE_WIN + self.score
        return None


@dataclass
class ThreatResult:
    """The result of Engine.vcf() / Engine.vct(): whether a forced win was found, its
    line (attacker and defender moves, attacker first, also as text) and the cost."""

    found: bool
    line: List[Move]
    line_text: List[str]
    nodes: int
    time_ms: float


def _points(arr: Any, n: int) -> List[Move]:
    return [Move(arr[i].x, arr[i].y) for i in range(max(0, min(n, len(arr))))]


def _parse_rule(rule: Union[str, int, Rule]) -> Rule:
    if isinstance(rule, str):
        try:
            return Rule[rule.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown rule {_shorten(rule)}: freestyle, standard, renju or caro"
                             ) from None
    return Rule(rule)


def _parse_algo(algo: Union[str, int, Algo]) -> Algo:
    if isinstance(algo, str):
        key = algo.strip().upper().replace("-", "_")
        aliases = {"ALPHA_BETA": "ALPHABETA", "NEGAMAXAB": "NEGAMAX_AB", "NEGAMAX_ALPHABETA": "NEGAMAX_AB"}
        key = aliases.get(key, key)
        try:
            return Algo[key]
        except KeyError:
            raise ValueError(f"unknown algorithm {_shorten(algo)}: minimax, alphabeta, negamax"
                             " or negamax-ab") from None
    return Algo(algo)


# ------------------------------------------------------------------------------------
# Read-only view given to evaluation callbacks
# ------------------------------------------------------------------------------------


class _Reader:
    """The read-only functions shared by Engine and the view a callback receives."""

    _lib: _Lib

    def _ptr(self) -> Any:
        raise NotImplementedError

    def _c(self, rc: int, context: str = "") -> int:
        return _check(self._lib, rc, context)

    @property
    def size(self) -> int:
        """The board's width and height."""
        return self._c(self._lib.gomoku_size(self._ptr()))

    @property
    def rule(self) -> Rule:
        """The rule of the game."""
        return Rule(self._c(self._lib.gomoku_rule_of(self._ptr())))

    def cell(self, x: int, y: int) -> Color:
        """What the cell (x, y) holds. GomokuError(ERANGE) off the board."""
        return Color(self._c(self._lib.gomoku_cell(self._ptr(), x, y), f"cell({x}, {y})"))

    @property
    def side_to_move(self) -> Color:
        """BLACK or WHITE."""
        return Color(self._c(self._lib.gomoku_side_to_move(self._ptr())))

    @property
    def move_count(self) -> int:
        """The number of stones played."""
        return self._c(self._lib.gomoku_move_count(self._ptr()))

    @property
    def moves(self) -> List[Move]:
        """The moves played so far, in order."""
        buf = (_Point * MAX_CELLS)()
        n = c_int(0)
        self._c(self._lib.gomoku_moves(buf, ctypes.byref(n), self._ptr(), MAX_CELLS))
        return _points(buf, n.value)

    @property
    def state(self) -> State:
        """ONGOING, BLACK_WINS, WHITE_WINS or DRAW."""
        return State(self._c(self._lib.gomoku_state_of(self._ptr())))

    @property
    def winner(self) -> Optional[Color]:
        """BLACK or WHITE when that side has won, None while the game goes on or drawn."""
        s = self.state
        if s == State.BLACK_WINS:
            return Color.BLACK
        if s == State.WHITE_WINS:
            return Color.WHITE
        return None

    @property
    def winning_line(self) -> List[Move]:
        """The stones of the line that won, in order along it; empty while the game goes
        on, after a draw, or after a forbidden-move loss."""
        buf = (_Point * MAX_SIZE)()
        n = c_int(0)
        self._c(self._lib.gomoku_winning_line(buf, ctypes.byref(n), self._ptr(), MAX_SIZE))
        return _points(buf, n.value)

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (stones and side to move)."""
        return int(self._lib.gomoku_hash(self._ptr()))

    def forbidden(self, x: int, y: int) -> Forbid:
        """Why a black stone at (x, y) would be forbidden under renju (Forbid.NONE: it
        would not). Raises GomokuError(ERULE) under other rules."""
        why = c_int(0)
        self._c(self._lib.gomoku_forbidden(ctypes.byref(why), self._ptr(), x, y),
                f"forbidden({x}, {y})")
        return Forbid(why.value)

    def evaluate(self) -> int:
        """The static evaluation for the side to move (a user evaluation's when one is
        installed). A finished game gives its result instead: -SCORE_WIN when the side
        to move has lost, SCORE_WIN when it has won, SCORE_DRAW for a full board."""
        score = c_int(0)
        self._c(self._lib.gomoku_evaluate(ctypes.byref(score), self._ptr()))
        return score.value

    def eval_breakdown(self) -> EvalInfo:
        """The built-in evaluation with its pattern and combination counts."""
        info = _EvalInfo()
        self._c(self._lib.gomoku_eval_breakdown(ctypes.byref(info), self._ptr()))
        return EvalInfo(
            score=info.score,
            side_to_move=Color(info.side_to_move),
            patterns=[list(info.patterns[0]), list(info.patterns[1])],
            pattern_score=list(info.pattern_score),
            custom=bool(info.custom),
            combos=[list(info.combos[0]), list(info.combos[1])],
        )

    def parse_move(self, text: str) -> Move:
        """The cell a move names, "h8" or "7,7" (the cell need not be empty).
        GomokuError(ESYNTAX) for text that is not a move, ERANGE for a cell off the
        board."""
        x, y = c_int(0), c_int(0)
        self._c(self._lib.gomoku_parse_move(ctypes.byref(x), ctypes.byref(y), self._ptr(),
                                            text.encode()), f"move {_shorten(text)}")
        return Move(x.value, y.value)

    def format_move(self, x: int, y: int, notation: Union[Notation, int, None] = None) -> str:
        """The move as "h8" (renju notation, the default on boards up to 26 columns) or
        "7,7" (Notation.XY)."""
        if notation is None:
            notation = Notation.RENJU if self.size <= 26 else Notation.XY
        buf = ctypes.create_string_buffer(16)
        self._c(self._lib.gomoku_format_move(buf, len(buf), self._ptr(), x, y, int(notation)),
                f"format_move({x}, {y})")
        return buf.value.decode()

    def format_moves(self, notation: Union[Notation, int, None] = None) -> str:
        """The moves played so far as one blank-separated list ("h8 i9 j8"), in renju
        notation (the default up to 26 columns) or Notation.XY."""
        if notation is None:
            notation = Notation.RENJU if self.size <= 26 else Notation.XY
        buf = ctypes.create_string_buffer(MAX_CELLS * 8 + 16)
        self._c(self._lib.gomoku_format_moves(buf, len(buf), self._ptr(), int(notation)))
        return buf.value.decode()

    def _texts(self, moves: Sequence[Move]) -> List[str]:
        return [self.format_move(m.x, m.y) for m in moves]

    def board(self, as_array: Optional[bool] = None) -> Union[List[List[Color]], "numpy.ndarray"]:
        """The board, indexed [y][x] (y = 0 is the top row), of Color values (0 empty,
        1 black, 2 white): a NumPy array of shape (size, size) and dtype uint8 when NumPy
        is installed, else a list of rows. as_array=True asks for the array (ImportError
        without NumPy), as_array=False for the lists."""
        n = self.size
        rows = [[self.cell(x, y) for x in range(n)] for y in range(n)]
        if as_array is False:
            return rows
        try:
            import numpy  # noqa: F811 - optional, imported where it is used
        except ImportError:
            if as_array:
                raise ImportError("Engine.board(as_array=True) needs NumPy "
                                  "(pip install numpy, or Debian's python3-numpy)") from None
            return rows
        return numpy.array(rows, dtype=numpy.uint8).reshape(n, n)

    def __str__(self) -> str:
        marks = {Color.EMPTY: ".", Color.BLACK: "X", Color.WHITE: "O"}
        return "\n".join(" ".join(marks[c] for c in row) for row in self.board(as_array=False))


class EngineView(_Reader):
    """The position an evaluation callback is asked about: read-only, and valid only
    during the callback."""

    def __init__(self, lib: _Lib, ptr: int):
        self._lib = lib
        self._handle = ptr

    def _ptr(self) -> Any:
        return self._handle


# ------------------------------------------------------------------------------------
# Engine
# ------------------------------------------------------------------------------------

MoveArg = Union[str, int, Tuple[int, int], Move]


class Engine(_Reader):
    """One game and its engine (gomoku_engine). Use from one thread at a time; stop()
    may be called from another thread while search() runs."""

    def __init__(self, size: int = 15, rule: Union[str, int, Rule] = "freestyle",
                 library_path: Optional[str] = None):
        self._lib = load_library(library_path)
        self._handle = None
        handle = ctypes.c_void_p()
        self._c(self._lib.gomoku_new(ctypes.byref(handle), int(size), int(_parse_rule(rule))),
                "Engine()")
        self._handle = handle
        # The C side keeps only raw pointers to these: holding them here keeps them alive.
        self._eval_fn = None
        self._eval_cb = None
        self._progress_fn = None
        self._progress_cb = None
        # Errors raised inside callbacks wait here (they must not unwind through C); a
        # list rather than an attribute so the callbacks need no reference to self.
        self._errors = []

    # -- life cycle --

    def close(self) -> None:
        """Frees the engine. Further calls raise ValueError; closing twice is harmless."""
        if self._handle is not None:
            self._lib.gomoku_free(self._handle)
            self._handle = None
        self._eval_cb = self._progress_cb = None
        self._eval_fn = self._progress_fn = None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._handle is None

    def _ptr(self) -> Any:
        if self._handle is None:
            raise ValueError("the engine is closed")
        return self._handle

    def __repr__(self) -> str:
        if self._handle is None:
            return "<gomoku.Engine closed>"
        return (f"<gomoku.Engine {self.size}x{self.size} {self.rule.name.lower()} "
                f"moves={self.move_count} state={self.state.name}>")

    # -- the game --

    def reset(self, size: Optional[int] = None, rule: Union[str, int, Rule, None] = None) -> None:
        """A new game; size and rule default to the current ones."""
        size = self.size if size is None else int(size)
        rule = self.rule if rule is None else _parse_rule(rule)
        self._c(self._lib.gomoku_reset(self._ptr(), size, int(rule)), "reset")

    def _move(self, move: MoveArg, y: Optional[int] = None) -> Move:
        if y is not None:
            return Move(int(move), int(y))
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, tuple) and len(move) == 2:
            return Move(int(move[0]), int(move[1]))
        raise TypeError("a move is a string ('h8' or '7,7'), x and y, or an (x, y) tuple")

    def play(self, move: MoveArg, y: Optional[int] = None) -> Move:
        """Plays a stone for the side to move: play("h8"), play("7,7"), play(7, 7) or
        play((7, 7)). Returns the move played. GomokuError: ESYNTAX, ERANGE, EOCCUPIED,
        EGAMEOVER."""
        m = self._move(move, y)
        rc = self._lib.gomoku_play(self._ptr(), m.x, m.y)
        if rc < 0:
            self._c(rc, f"play {m.x},{m.y}")
        return m

    def play_moves(self, moves: Union[str, Sequence[MoveArg]]) -> None:
        """Plays a whole list ("h8 i9 j8" or a sequence of moves), all or nothing."""
        if isinstance(moves, str):
            self._c(self._lib.gomoku_play_moves(self._ptr(), moves.encode()),
                    f"play_moves {_shorten(moves)}")
            return
        played = 0
        try:
            for m in moves:
                self.play(m)
                played += 1
        except Exception:
            for _ in range(played):
                self._lib.gomoku_undo(self._ptr())
            raise

    _RECORD_FORMATS = {"auto": 0, "xy": 1, "renju": 2, "psq": 3}

    def _record_format(self, fmt: str, reading: bool) -> int:
        code = self._RECORD_FORMATS.get(str(fmt).lower())
        if code is None or (code == 0 and not reading):
            raise ValueError(f"record format must be one of "
                             f"{', '.join(k for k in self._RECORD_FORMATS if reading or k != 'auto')},"
                             f" not {_shorten(str(fmt))!r}")
        return code

    def read_record(self, text: str, fmt: str = "auto") -> List[int]:
        """Replaces the game with a game record (gomoku_read_record): "xy" or "renju", a
        move list ('#' comments allowed, either notation read), "psq", Piskvork's .psq
        (its board size is taken), or "auto" (.psq when the text starts with "Piskvorky").
        The rule is kept; all or nothing. Returns each move's thinking time in ms (0 for
        a move list)."""
        times = (c_int * MAX_CELLS)()
        self._c(self._lib.gomoku_read_record(times, MAX_CELLS, self._ptr(), text.encode(),
                                             self._record_format(fmt, True)),
                f"read_record {_shorten(text)}")
        return [times[i] for i in range(self.move_count)]

    def write_record(self, fmt: str = "xy", times_ms: Optional[Sequence[int]] = None,
                     black: Optional[str] = None, white: Optional[str] = None) -> str:
        """The game so far as a record (gomoku_write_record) in "xy", "renju" or "psq";
        for .psq, times_ms gives each move's thinking time and black / white the players'
        names (left out when None)."""
        n = self.move_count
        times = None
        if times_ms is not None:
            times = (c_int * max(1, n))(*[int(t) for t in list(times_ms)[:n]])
        size = 16 * MAX_CELLS + 64 + len((black or "").encode()) + len((white or "").encode())
        buf = ctypes.create_string_buffer(size)
        self._c(self._lib.gomoku_write_record(
            buf, len(buf), self._ptr(), self._record_format(fmt, False), times,
            black.encode() if black is not None else None,
            white.encode() if white is not None else None), "write_record")
        return buf.value.decode()

    def svg(self, pv: Optional[Sequence[MoveArg]] = None, numbers: bool = True,
            coordinates: bool = True) -> str:
        """The position as an SVG picture (gomoku_write_svg): the stones (with their move
        numbers when numbers), the last move and the winning line, the board's coordinates
        when coordinates, and a line of play from the side to move (for example
        search().pv, the best move first) as numbered ghost stones joined by arrows."""
        moves = [self._move(m) for m in (pv or [])]
        arr = (_Point * max(1, len(moves)))(*[_Point(m.x, m.y) for m in moves])
        flags = (SVG_NUMBERS if numbers else 0) | (SVG_COORDINATES if coordinates else 0)
        buf = ctypes.create_string_buffer(SVG_BUFSIZE)
        self._c(self._lib.gomoku_write_svg(buf, len(buf), self._ptr(), arr, len(moves), flags),
                "svg")
        return buf.value.decode()

    def undo(self) -> None:
        """Takes back the last move. GomokuError(ENOMOVE) when there is none."""
        self._c(self._lib.gomoku_undo(self._ptr()), "undo")

    # -- evaluation --

    @property
    def weights(self) -> Weights:
        """The evaluation weights in use; assign a Weights to change them."""
        w = _Weights()
        self._c(self._lib.gomoku_get_weights(ctypes.byref(w), self._ptr()))
        return Weights._from_c(w)

    @weights.setter
    def weights(self, value: Weights) -> None:
        w = value._to_c()
        self._c(self._lib.gomoku_set_weights(self._ptr(), ctypes.byref(w)), "weights")

    @property
    def eval_model(self) -> EvalModel:
        """The model the built-in evaluation uses under the engine's rule (never DEFAULT);
        assign an EvalModel (DEFAULT: the library's choice for the rule) to change it."""
        m = c_int()
        self._c(self._lib.gomoku_get_eval_model(ctypes.byref(m), self._ptr()))
        return EvalModel(m.value)

    @eval_model.setter
    def eval_model(self, value: Union[EvalModel, int]) -> None:
        self._c(self._lib.gomoku_set_eval_model(self._ptr(), int(value)), "eval_model")

    def set_eval_callback(self, fn: Optional[Callable[[EngineView], int]]) -> None:
        """Installs fn(view) -> score (for the side to move) as the evaluation every search
        uses; None restores the built-in one. An exception raised by fn is re-raised by
        the search (or evaluate) call that ran it; the search itself sees a score of 0."""
        if fn is None:
            self._c(self._lib.gomoku_set_eval_callback(self._ptr(), _EVAL_FN(), None))
            self._eval_fn = self._eval_cb = None
            return
        lib = self._lib

        errors = self._errors

        def trampoline(engine_ptr, _payload):
            if errors:
                return 0
            try:
                return int(fn(EngineView(lib, engine_ptr)))
            except BaseException as exc:  # noqa: B036 - must not unwind through C
                errors.append(exc)
                return 0

        cb = _EVAL_FN(trampoline)
        self._c(self._lib.gomoku_set_eval_callback(self._ptr(), cb, None), "set_eval_callback")
        self._eval_fn, self._eval_cb = fn, cb

    def _raise_callback_error(self) -> None:
        if self._errors:
            exc = self._errors[0]
            self._errors.clear()
            raise exc

    def evaluate(self) -> int:
        """The static evaluation for the side to move (see EngineView.evaluate); an
        exception raised by a user evaluation is raised here."""
        try:
            return super().evaluate()
        finally:
            self._raise_callback_error()

    # -- searches --

    def textbook_search(self, algo: Union[str, int, Algo] = "negamax-ab", depth: int = 3,
                        radius: int = 2, ordering: bool = True, prune_percent: int = 0,
                        node_limit: int = 0) -> TextbookResult:
        """Fixed-depth minimax / alphabeta / negamax / negamax-ab search."""
        opts = _TextbookOptions()
        self._lib.gomoku_textbook_options_init(ctypes.byref(opts))
        opts.depth = int(depth)
        opts.radius = int(radius)
        opts.ordering = 1 if ordering else 0
        opts.prune_percent = int(prune_percent)
        opts.node_limit = int(node_limit)
        res = _TextbookResult()
        self._errors.clear()
        rc = self._lib.gomoku_textbook_search(ctypes.byref(res), self._ptr(),
                                              int(_parse_algo(algo)), ctypes.byref(opts))
        self._raise_callback_error()
        self._c(rc, "textbook_search")
        best = Move(res.best.x, res.best.y) if res.best.x >= 0 else None
        pv = _points(res.pv, res.pv_length)
        s = res.stats
        return TextbookResult(
            best=best, best_text=self.format_move(best.x, best.y) if best else None,
            value=res.value, depth=res.depth, complete=bool(res.complete), pv=pv,
            pv_text=self._texts(pv),
            stats=SearchStats(s.nodes, s.evaluations, s.cutoffs, s.branching, s.time_ms))

    def set_progress_callback(self, fn: Optional[Callable[[SearchInfo], None]]) -> None:
        """Installs fn(info), called after every completed iteration of search(); None
        removes it."""
        if fn is None:
            self._c(self._lib.gomoku_set_progress_callback(self._ptr(), _PROGRESS_FN(), None))
            self._progress_fn = self._progress_cb = None
            return
        cb = self._make_progress(fn)
        self._c(self._lib.gomoku_set_progress_callback(self._ptr(), cb, None),
                "set_progress_callback")
        self._progress_fn, self._progress_cb = fn, cb

    def _make_progress(self, fn: Callable[[SearchInfo], None]) -> Any:
        errors, lib, handle = self._errors, self._lib, self._handle

        def trampoline(info_ptr, _payload):
            if errors:
                return
            try:
                i = info_ptr.contents
                fn(SearchInfo(i.depth, i.seldepth, i.score, i.nodes, i.nps, i.time_ms,
                              _points(i.pv, i.pv_length), i.line))
            except BaseException as exc:  # noqa: B036 - must not unwind through C
                errors.append(exc)
                # gomoku_stop is the one call allowed during a search.
                lib.gomoku_stop(handle)

        return _PROGRESS_FN(trampoline)

    def search_lines(self, multipv: int = 3, time_ms: Optional[int] = 500,
                     depth: Optional[int] = None, nodes: Optional[int] = None,
                     progress: Optional[Callable[[SearchInfo], None]] = None,
                     threads: int = 1, time_left_ms: int = 0) -> List[SearchResult]:
        """Multi-PV: the multipv (1..32) best moves of the strong search, each a whole
        SearchResult (its move, score, depth, nodes and line), the move search() would
        play first, the others best score first. Line k is searched with the moves of the
        lines before it left out; time_ms, time_left_ms and nodes are shared out evenly
        between the lines, which may be fewer than asked (a four to block, the empty
        board, stop()). progress(info) hears every line's iterations, info.line saying
        which. Other arguments as search()."""
        lim = self._limits(time_ms, depth, nodes, threads, time_left_ms)
        lim.multipv = int(multipv)
        lines = (_SearchResult * MAX_MULTIPV)()
        count = c_int(0)
        rc = self._run_search(lambda: self._lib.gomoku_search_lines(
            lines, ctypes.byref(count), self._ptr(), ctypes.byref(lim), MAX_MULTIPV), progress)
        self._c(rc, "search_lines")
        return [self._result(lines[i]) for i in range(count.value)]

    def _limits(self, time_ms: Optional[int], depth: Optional[int], nodes: Optional[int],
                threads: int, time_left_ms: int) -> _Limits:
        lim = _Limits()
        self._lib.gomoku_limits_init(ctypes.byref(lim))
        lim.time_ms = int(time_ms or 0)
        lim.time_left_ms = int(time_left_ms or 0)
        lim.nodes = int(nodes or 0)
        lim.threads = int(threads)
        if depth:
            lim.depth = int(depth)
        elif time_ms or nodes or time_left_ms:
            lim.depth = 0  # the time or node limit decides, not the default depth
        return lim

    def _run_search(self, call: Callable[[], int],
                    progress: Optional[Callable[[SearchInfo], None]]) -> int:
        temp_cb = None
        if progress is not None:
            temp_cb = self._make_progress(progress)
            self._c(self._lib.gomoku_set_progress_callback(self._ptr(), temp_cb, None))
        self._errors.clear()
        try:
            rc = call()
        finally:
            if temp_cb is not None:
                self._lib.gomoku_set_progress_callback(
                    self._ptr(), self._progress_cb or _PROGRESS_FN(), None)
        self._raise_callback_error()
        return rc

    def _result(self, res: _SearchResult) -> SearchResult:
        best = Move(res.best.x, res.best.y) if res.best.x >= 0 else None
        pv = _points(res.pv, res.pv_length)
        return SearchResult(
            best=best, best_text=self.format_move(best.x, best.y) if best else None,
            score=res.score, depth=res.depth, seldepth=res.seldepth, nodes=res.nodes,
            time_ms=res.time_ms, pv=pv, pv_text=self._texts(pv))

    def search(self, time_ms: Optional[int] = 500, depth: Optional[int] = None,
               nodes: Optional[int] = None,
               progress: Optional[Callable[[SearchInfo], None]] = None,
               threads: int = 1, time_left_ms: int = 0) -> SearchResult:
        """The library's strong search. Stops at the first limit reached: time_ms for this
        move, depth, nodes (None or 0: that limit is off; with all three off the library's
        default depth applies). progress(info) is called after each iteration of this
        search only (set_progress_callback installs a lasting one)."""
        lim = self._limits(time_ms, depth, nodes, threads, time_left_ms)
        res = _SearchResult()
        rc = self._run_search(lambda: self._lib.gomoku_search(
            ctypes.byref(res), self._ptr(), ctypes.byref(lim)), progress)
        self._c(rc, "search")
        return self._result(res)

    def stop(self) -> None:
        """Asks a search running in another thread to return its best move so far."""
        if self._handle is not None:
            self._lib.gomoku_stop(self._handle)

    def _threat(self, fname: str, node_budget: int, time_ms: int) -> ThreatResult:
        res = _ThreatResult()
        self._errors.clear()
        rc = getattr(self._lib, fname)(ctypes.byref(res), self._ptr(), int(node_budget),
                                       int(time_ms))
        self._raise_callback_error()
        self._c(rc, fname[len("gomoku_"):])
        line = _points(res.line, res.length)
        return ThreatResult(bool(res.found), line, self._texts(line), res.nodes, res.time_ms)

    def vcf(self, node_budget: int = 0, time_ms: int = 0) -> ThreatResult:
        """A forced win by continuous fours for the side to move, if one is found."""
        return self._threat("gomoku_vcf", node_budget, time_ms)

    def vct(self, node_budget: int = 0, time_ms: int = 0) -> ThreatResult:
        """A forced win by threes and fours for the side to move, if one is found."""
        return self._threat("gomoku_vct", node_budget, time_ms)

    # -- hash table --

    def set_hash_size(self, megabytes: int) -> None:
        """Resizes the hash table to at most `megabytes` MB (1..65536) and clears it."""
        self._c(self._lib.gomoku_set_hash_size(self._ptr(), int(megabytes)), "set_hash_size")

    @property
    def hash_bytes(self) -> int:
        """The bytes the hash table occupies (before the first search: will occupy)."""
        return self._c(self._lib.gomoku_hash_bytes(self._ptr()))

    def clear_hash(self) -> None:
        """Empties the hash table."""
        self._c(self._lib.gomoku_clear_hash(self._ptr()))
