"""peerlib.py - what bench/postmortem.py and bench/depth-probe.py share (standard library only).

- Scores: Score holds an evaluation from one side's point of view, either a plain value
  or a forced result counted in plies (+M7: the side wins in 7 plies; -M10: it loses
  in 10). Both engines count mates in plies; only their scales for plain values differ.
- Parsing the engines' MESSAGE lines: the reference (Rapfi) prints
      MESSAGE Depth 18-33 | Eval 55 | Time 974ms | J11 H11 ...
      MESSAGE Speed 421K | Depth 18-33 | Eval +M25 | Node 410K | Time 974ms
  (coordinates: letter = column from a, number = row from 1), ours prints
      MESSAGE depth 8-38 score 10 nodes 379137 nps 660529 time 574 pv 7,10 9,10
  with forced results as GOMOKU_SCORE_WIN - plies (30000 - n) and its negation.
- Brain: one engine process spoken to over the Gomocup protocol, with time-outs and
  crash handling; think() sets up a position with BOARD and returns the move and the
  MESSAGE lines it printed.
- Records: loading match.py's games.json or games.txt.
- Board: just enough rules to see that a move makes five (the reference plays an
  immediate win without printing an evaluation).
"""

import json
import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time

EMPTY, BLACK, WHITE = 0, 1, 2
FREESTYLE, STANDARD, RENJU = 0, 1, 4
RULE_NAMES = {FREESTYLE: "freestyle", STANDARD: "standard", RENJU: "renju"}
RULE_BY_NAME = {"freestyle": FREESTYLE, "standard": STANDARD, "renju": RENJU,
                "0": FREESTYLE, "1": STANDARD, "4": RENJU}

# Our library's forced-result coding (include/gomoku.h): GOMOKU_SCORE_WIN - plies.
OUR_SCORE_WIN = 30000
OUR_SCORE_WIN_MIN = OUR_SCORE_WIN - 1000
# Rank of a forced result when scores are compared or sorted: above any plain value.
MATE_KEY = 100000


def other(color):
    return WHITE if color == BLACK else BLACK


def color_of_ply(i):
    """Colour of the i-th stone of a game (0-based): black moves first."""
    return BLACK if i % 2 == 0 else WHITE


# ---------------------------------------------------------------------------
# Scores
# ---------------------------------------------------------------------------

class Score:
    """An evaluation from one side's point of view: value (plain) or mate (plies,
    positive when that side wins)."""
    __slots__ = ("value", "mate")

    def __init__(self, value=0, mate=None):
        self.value = value
        self.mate = mate

    @property
    def is_mate(self):
        return self.mate is not None

    def neg(self):
        return Score(-self.value, None if self.mate is None else -self.mate)

    def key(self):
        """A number that orders scores: forced wins above everything, the quicker the
        higher; forced losses below everything, the later the higher."""
        if self.mate is None:
            return self.value
        if self.mate > 0:
            return MATE_KEY - self.mate
        return -MATE_KEY - self.mate

    def clipped(self, clip):
        """The value limited to +-clip, forced results at the limit (for averages)."""
        if self.mate is not None:
            return clip if self.mate > 0 else -clip
        return max(-clip, min(clip, self.value))

    def text(self):
        if self.mate is not None:
            return "%sM%d" % ("+" if self.mate > 0 else "-", abs(self.mate))
        return "%+d" % self.value if self.value else "0"

    def to_json(self):
        return self.text()

    def __eq__(self, o):
        return isinstance(o, Score) and self.value == o.value and self.mate == o.mate

    def __repr__(self):
        return "Score(%s)" % self.text()


def parse_peer_eval(tok):
    """'55', '-120', '+M25', '-M36', 'M3' -> Score, or None."""
    m = re.fullmatch(r"([+-]?)M(\d+)", tok.strip())
    if m:
        n = int(m.group(2))
        return Score(0, -n if m.group(1) == "-" else n)
    m = re.fullmatch(r"[+-]?\d+", tok.strip())
    if m:
        return Score(int(tok))
    return None


def our_score(v):
    """Our engine's score (side to move) -> Score."""
    v = int(v)
    if v >= OUR_SCORE_WIN_MIN:
        return Score(0, OUR_SCORE_WIN - v)
    if v <= -OUR_SCORE_WIN_MIN:
        return Score(0, -(OUR_SCORE_WIN + v))
    return Score(v)


def parse_count(tok):
    """'410K' -> 410000, '1.2M' -> 1200000, '50' -> 50."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]?)", tok.strip())
    if not m:
        return None
    mult = {"": 1, "K": 1000, "M": 1000000, "G": 1000000000}[m.group(2)]
    return int(round(float(m.group(1)) * mult))


def parse_ms(tok):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)ms", tok.strip())
    return float(m.group(1)) if m else None


def peer_coord(tok):
    """'J11' -> (9, 10): letter = column from a, number = row from 1."""
    m = re.fullmatch(r"([a-zA-Z])(\d+)", tok)
    if not m:
        return None
    return (ord(m.group(1).lower()) - ord("a"), int(m.group(2)) - 1)


def coord_name(x, y):
    """(9, 10) -> 'j11', the reference's notation in lower case."""
    return "%s%d" % (chr(ord("a") + x), y + 1)


def parse_peer_line(line):
    """A reference MESSAGE line -> dict, or None when it is not a search report.
    Iteration lines give depth, seldepth, eval (Score), time_ms, pv (list of (x, y));
    the closing line also has final=True, nodes and speed (nodes/s)."""
    if not line.startswith("MESSAGE "):
        return None
    fields = [f.strip() for f in line[8:].split("|")]
    out = {}
    for f in fields:
        parts = f.split(None, 1)
        if len(parts) != 2:
            if len(parts) == 1 and peer_coord(parts[0]) is not None and "depth" in out:
                out["pv"] = [peer_coord(parts[0])]
            continue
        key, val = parts[0], parts[1]
        if key == "Depth":
            m = re.fullmatch(r"(\d+)-(\d+)", val)
            if not m:
                return None
            out["depth"], out["seldepth"] = int(m.group(1)), int(m.group(2))
        elif key == "Eval":
            s = parse_peer_eval(val)
            if s is None:
                return None
            out["eval"] = s
        elif key == "Time":
            out["time_ms"] = parse_ms(val)
        elif key == "Node":
            out["nodes"] = parse_count(val)
        elif key == "Speed":
            out["speed"] = parse_count(val)
            out["final"] = True
        elif "depth" in out and peer_coord(key) is not None:
            pv = [peer_coord(t) for t in f.split()]
            if all(p is not None for p in pv):
                out["pv"] = pv
    if "depth" not in out or "eval" not in out:
        return None
    out.setdefault("final", False)
    out.setdefault("pv", [])
    return out


OUR_LINE = re.compile(r"^MESSAGE depth (\d+)-(\d+) score (-?\d+) nodes (\d+) nps (\d+) "
                      r"time (\d+(?:\.\d+)?)(?: pv(.*))?$")


def parse_our_line(line):
    """Our engine's MESSAGE line -> dict (depth, seldepth, eval, nodes, nps, time_ms,
    pv) or None."""
    m = OUR_LINE.match(line.rstrip())
    if not m:
        return None
    pv = []
    for tok in (m.group(7) or "").split():
        xy = tok.split(",")
        if len(xy) == 2 and xy[0].isdigit() and xy[1].isdigit():
            pv.append((int(xy[0]), int(xy[1])))
    return {"depth": int(m.group(1)), "seldepth": int(m.group(2)),
            "eval": our_score(m.group(3)), "nodes": int(m.group(4)), "nps": int(m.group(5)),
            "time_ms": float(m.group(6)), "pv": pv, "final": False}


def parse_reports(lines, kind):
    """Every search report among the lines, in order. kind: 'peer' or 'ours'."""
    parse = parse_peer_line if kind == "peer" else parse_our_line
    return [r for r in (parse(l) for l in lines) if r is not None]


def final_eval(reports):
    """The evaluation the engine ended with: its closing line if it printed one, else
    its last iteration; None if it printed none."""
    for r in reversed(reports):
        if r.get("final"):
            return r["eval"]
    return reports[-1]["eval"] if reports else None


# ---------------------------------------------------------------------------
# Board (enough to see a five)
# ---------------------------------------------------------------------------

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Board:
    def __init__(self, size, rule, moves=()):
        self.size = size
        self.rule = rule
        self.cells = {}
        for i, (x, y) in enumerate(moves):
            self.cells[(x, y)] = color_of_ply(i)

    def line_len(self, x, y, dx, dy, color):
        n = 1
        for s in (1, -1):
            cx, cy = x + s * dx, y + s * dy
            while self.cells.get((cx, cy)) == color:
                n += 1
                cx, cy = cx + s * dx, cy + s * dy
        return n

    def makes_five(self, x, y, color):
        """True if `color` playing the empty cell (x, y) wins at once under the rule."""
        if (x, y) in self.cells or not (0 <= x < self.size and 0 <= y < self.size):
            return False
        lens = [self.line_len(x, y, dx, dy, color) for dx, dy in DIRS]
        if self.rule == FREESTYLE or (self.rule == RENJU and color == WHITE):
            return max(lens) >= 5
        return 5 in lens


# ---------------------------------------------------------------------------
# Match records
# ---------------------------------------------------------------------------

def parse_moves(items):
    out = []
    for tok in items:
        x, y = tok.split(",")
        out.append((int(x), int(y)))
    return out


def load_record(path):
    """match.py's games.json or games.txt -> dict(rule, size, turn_ms, engines, games);
    each game: game, opening, black, white, result ('1-0', '0-1', '1/2-1/2', 'void'),
    reason, opening_stones, moves [(x, y)], a_black (None when unknown)."""
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        d = json.loads(text)
        cfg = d.get("config", {})
        games = []
        for g in d.get("games", []):
            games.append({"game": g["game"], "opening": g.get("opening"),
                          "black": g.get("black", "?"), "white": g.get("white", "?"),
                          "result": g["result"], "reason": g.get("reason", ""),
                          "opening_stones": int(g.get("opening_stones", 0)),
                          "moves": parse_moves(g.get("moves", [])),
                          "a_black": g.get("a_black")})
        return {"rule": int(cfg.get("rule", 0)), "size": int(cfg.get("size", 15)),
                "turn_ms": cfg.get("turn_ms"), "max_memory": cfg.get("max_memory"),
                "engine_a": cfg.get("engine_a"), "engine_b": cfg.get("engine_b"),
                "engines": d.get("engines", {}), "games": games}
    rule, size = 0, 15
    games = []
    for line in text.splitlines():
        if line.startswith("#"):
            m = re.match(r"# match.py game records: (\w+), (\d+)x\d+", line)
            if m:
                rule = RULE_BY_NAME.get(m.group(1), 0)
                size = int(m.group(2))
            continue
        if not line.strip():
            continue
        f = line.split("\t")
        if len(f) < 8:
            raise ValueError("%s: not a match.py record line: %r" % (path, line[:60]))
        games.append({"game": int(f[0]), "opening": int(f[1]), "black": f[2], "white": f[3],
                      "result": f[4], "reason": f[5], "opening_stones": int(f[7]),
                      "moves": parse_moves(f[8].split()) if len(f) > 8 else [],
                      "a_black": None})
    return {"rule": rule, "size": size, "turn_ms": None, "max_memory": None,
            "engine_a": None, "engine_b": None, "engines": {}, "games": games}


def our_color(game, ours):
    """The colour our engine played in a game: ours is 'A' or 'B' (match.py's engine
    label; needs a JSON record) or a substring of our engine's name. None if unknown."""
    if ours in ("A", "B") and game.get("a_black") is not None:
        a_color = BLACK if game["a_black"] else WHITE
        return a_color if ours == "A" else other(a_color)
    name = ours.lower()
    in_black, in_white = name in game["black"].lower(), name in game["white"].lower()
    if in_black != in_white:
        return BLACK if in_black else WHITE
    return None


def winner_of(game):
    return {"1-0": BLACK, "0-1": WHITE}.get(game["result"])


# ---------------------------------------------------------------------------
# An engine over the Gomocup protocol
# ---------------------------------------------------------------------------

MOVE_RE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")


class EngineError(Exception):
    pass


class Brain:
    """One engine process. start() sends START and the INFO lines; think() sets up a
    position and waits for the move. A time-out or a crash kills the process and raises
    EngineError; the next think() starts a fresh one."""

    EOF = object()

    def __init__(self, argv, cwd=None, name="engine", log=None, start_timeout=30.0):
        self.argv = list(argv)
        self.cwd = cwd
        self.name = name
        self.log = log
        self.start_timeout = start_timeout
        self.proc = None
        self.q = None
        self.setup = None
        self.starts = 0
        self.fresh = False

    def _log(self, direction, line):
        if self.log:
            self.log.write("%.3f %s %s %s\n" % (time.monotonic(), self.name, direction, line))
            self.log.flush()

    def _reader(self, stream, q):
        try:
            for raw in iter(stream.readline, b""):
                q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        q.put(Brain.EOF)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def send(self, line):
        self._log(">", line)
        try:
            self.proc.stdin.write((line + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError("%s: cannot write (it exited)" % self.name)

    def read(self, deadline):
        """Next line, or raises EngineError on time-out or end of output."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError("%s: no answer in time" % self.name)
            try:
                line = self.q.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if line is Brain.EOF:
                raise EngineError("%s: exited (code %s)" % (self.name, self.proc.poll()))
            self._log("<", line)
            return line

    def start(self, size, rule, turn_ms, max_memory=None, infos=()):
        """Starts the process (if needed) and a new game; remembers the settings so that
        a restart after a failure repeats them. max_memory None sends no INFO max_memory
        (each engine keeps its default table: allocating 350 MB takes the reference
        seconds on its first search)."""
        self.setup = (size, rule, turn_ms, max_memory, tuple(infos))
        if not self.alive():
            self.starts += 1
            try:
                self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                             start_new_session=True)
            except OSError as e:
                raise EngineError("%s: cannot start %s (%s)" % (self.name, self.argv[0], e))
            self.q = queue.Queue()
            threading.Thread(target=self._reader, args=(self.proc.stdout, self.q),
                             daemon=True).start()
        try:
            self.send("START %d" % size)
            deadline = time.monotonic() + self.start_timeout
            while True:
                line = self.read(deadline)
                if line.strip().upper() == "OK":
                    break
                if line.startswith("ERROR"):
                    raise EngineError("%s: refused START: %s" % (self.name, line))
            infos = ["timeout_turn %d" % turn_ms, "timeout_match 0", "game_type 1",
                     "rule %d" % rule] + list(infos)
            if max_memory is not None:
                infos.insert(2, "max_memory %d" % max_memory)
            for info in infos:
                self.send("INFO " + info)
            self.fresh = True
        except EngineError:
            self.kill()
            raise

    def set_turn_ms(self, turn_ms):
        """A new time per move, from the next search on."""
        self.setup = (self.setup[0], self.setup[1], turn_ms) + self.setup[3:]
        if self.alive():
            try:
                self.send("INFO timeout_turn %d" % turn_ms)
            except EngineError:
                self.kill()

    def think(self, moves, grace_ms=None):
        """Sets up the position after `moves` (in play order, black first) for the side
        to move and waits for its move. Returns (move (x, y), lines, seconds)."""
        if not self.alive():
            if self.setup is None:
                raise EngineError("%s: not started" % self.name)
            self.start(*self.setup)
        turn_ms = self.setup[2]
        if grace_ms is None:
            grace_ms = max(2000, turn_ms)
        if self.fresh:
            # The first search after START may allocate and clear the hash table first.
            grace_ms = max(grace_ms, self.start_timeout * 1000)
            self.fresh = False
        # Anything left over from an earlier command is stale.
        while True:
            try:
                line = self.q.get_nowait()
            except queue.Empty:
                break
            if line is Brain.EOF:
                self.q.put(line)
                break
        to_move = color_of_ply(len(moves))
        t0 = time.monotonic()
        lines = []
        try:
            self.send("BOARD")
            for i, (x, y) in enumerate(moves):
                self.send("%d,%d,%d" % (x, y, 1 if color_of_ply(i) == to_move else 2))
            self.send("DONE")
            deadline = t0 + (turn_ms + grace_ms) / 1000.0
            while True:
                line = self.read(deadline)
                m = MOVE_RE.match(line)
                if m:
                    return (int(m.group(1)), int(m.group(2))), lines, time.monotonic() - t0
                if line.startswith("ERROR"):
                    raise EngineError("%s: %s" % (self.name, line))
                lines.append(line)
        except EngineError:
            self.kill()
            raise

    def kill(self):
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.proc = None

    def close(self):
        if self.alive():
            try:
                self.send("END")
                self.proc.wait(timeout=2)
            except (EngineError, subprocess.TimeoutExpired):
                pass
        self.kill()


def engine_argv(cmd):
    argv = shlex.split(cmd)
    if argv and os.sep in argv[0] and not os.path.isabs(argv[0]):
        argv[0] = os.path.abspath(argv[0])
    return argv


def peer_command(peer_dir, exe=None):
    """(argv, cwd) of the reference engine in `peer_dir` (GOMOKU_PEER), exe from
    GOMOKU_PEER_EXE or pbrain-rapfi, as bench/vs-peer.sh does."""
    if not peer_dir:
        raise SystemExit("no reference engine: pass --peer DIR or set GOMOKU_PEER "
                         "(see docs/vs-peer.md)")
    peer_dir = os.path.abspath(peer_dir)
    exe = exe or os.environ.get("GOMOKU_PEER_EXE") or "pbrain-rapfi"
    path = os.path.join(peer_dir, exe)
    if not os.access(path, os.X_OK):
        raise SystemExit("%s is not an executable" % path)
    return [path], peer_dir


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def geomean(xs):
    xs = [x for x in xs if x > 0]
    if not xs:
        return None
    p = 1.0
    for x in xs:
        p *= x
    return p ** (1.0 / len(xs))
