#!/usr/bin/env python3
"""A small Gomocup manager: plays pbrain engines against each other over the protocol.

    pbrain_manager.py [--engine PATH [--engine PATH]] [--games N] [--sizes 15,20]
                      [--rules freestyle,standard,renju,caro] [--timeout-turn MS]
                      [--timeout-match MS] [--tolerance MS] [--openings] [--seed N]

Two engine processes (the same binary twice unless two are given) play `games` games,
cycling over the rules and sizes and swapping colours. The manager keeps its own board,
checks every answer (a well-formed "x,y" on an empty cell of the board), enforces the
time per move (and per game when --timeout-match is set) plus a tolerance for pipe and
scheduling latency, and decides the games itself:

  five     freestyle: five or more; standard: exactly five; caro: exactly five, not
           blocked at both ends by opponent stones (the edge does not block); renju:
           white five or more, black exactly five.
  foul     renju only, black: an overline or a double four (a move that makes exactly
           five is never a foul). Double threes are NOT detected here: telling a real
           three from a false one needs the recursive renju definition, so for them the
           manager relies on the engines (libgomoku refuses its own forbidden moves).
  draw     the board is full.

A game is also lost by an illegal move, a timeout, a crash or a protocol error (an
answer that is not a move, ERROR or UNKNOWN included). Prints one line per game and a
summary; exits 1 if any game ended by illegal move, timeout, crash or protocol error
(or a foul, with --fail-on-foul), else 0. Standard library only.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbrain_driver import Engine, EngineError, parse_move  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
BLACK, WHITE = 1, 2
FAILURES = ("illegal", "timeout", "crash", "protocol")


class Board:
    def __init__(self, size):
        self.size = size
        self.cells = {}   # (x, y) -> BLACK / WHITE
        self.moves = []

    def on(self, x, y):
        return 0 <= x < self.size and 0 <= y < self.size

    def get(self, x, y):
        """BLACK, WHITE, 0 for empty, -1 off the board."""
        if not self.on(x, y):
            return -1
        return self.cells.get((x, y), 0)

    def run(self, x, y, dx, dy, c):
        """Length of c's run through (x, y) along (dx, dy) (counting (x, y) as c) and
        the two cells just beyond it."""
        n = 1
        i = 1
        while self.get(x + i * dx, y + i * dy) == c:
            i += 1
        n += i - 1
        end1 = self.get(x + i * dx, y + i * dy)
        j = 1
        while self.get(x - j * dx, y - j * dy) == c:
            j += 1
        n += j - 1
        end2 = self.get(x - j * dx, y - j * dy)
        return n, end1, end2

    def count_fours(self, x, y, dx, dy):
        """Fours black makes on one line by its stone at (x, y): completion points that
        give exactly five containing (x, y); the two points of one straight four count
        once."""
        points = []
        for k in range(-4, 5):
            ex, ey = x + k * dx, y + k * dy
            if k == 0 or self.get(ex, ey) != 0:
                continue
            self.cells[(ex, ey)] = BLACK
            n, _, _ = self.run(ex, ey, dx, dy, BLACK)
            # The run through e contains (x, y) when every cell between them is black.
            between = all(self.get(x + j * dx, y + j * dy) == BLACK
                          for j in range(min(0, k) + 1, max(0, k)))
            del self.cells[(ex, ey)]
            if n == 5 and between:
                points.append(k)
        fours = len(points)
        for a in points:
            if a + 5 in points and all(self.get(x + j * dx, y + j * dy) == BLACK for j in range(a + 1, a + 5)):
                fours -= 1
        return fours

    def judge(self, x, y, c, rule):
        """After c played (x, y): ("win", how), ("foul", why), ("draw", "full") or None."""
        runs = [self.run(x, y, dx, dy, c) for dx, dy in DIRECTIONS]
        opp = WHITE if c == BLACK else BLACK
        for n, end1, end2 in runs:
            if rule == "freestyle" and n >= 5:
                return "win", "five"
            if rule == "standard" and n == 5:
                return "win", "five"
            if rule == "caro" and n == 5 and not (end1 == opp and end2 == opp):
                return "win", "five"
            if rule == "renju" and (n == 5 or (n > 5 and c == WHITE)):
                return "win", "five"
        if rule == "renju" and c == BLACK:
            if any(n > 5 for n, _, _ in runs):
                return "foul", "overline"
            if sum(self.count_fours(x, y, dx, dy) for dx, dy in DIRECTIONS) >= 2:
                return "foul", "double four"
        if len(self.cells) == self.size * self.size:
            return "draw", "full"
        return None


class Player:
    def __init__(self, path, name):
        self.path = path
        self.name = name
        self.engine = None

    def ensure(self):
        if self.engine is None or self.engine.proc.poll() is not None:
            self.engine = Engine([self.path], self.name)
        return self.engine

    def kill(self):
        if self.engine is not None:
            self.engine.kill()
            self.engine = None


def play_game(players, size, rule, args, rng):
    """players[0] is black. Returns a result dict."""
    board = Board(size)
    res = {"size": size, "rule": rule, "black": players[0].name, "white": players[1].name,
           "winner": None, "reason": None, "detail": "", "moves": 0, "max_ms": 0.0,
           "late": 0, "late_info": ""}

    def lose(side, reason, detail):
        res["winner"] = "white" if side == 0 else "black"
        res["reason"] = reason
        res["detail"] = "%s (%s): %s" % (players[side].name, "black" if side == 0 else "white", detail)
        return res

    engines = []
    for side, p in enumerate(players):
        try:
            e = p.ensure()
            a = e.ask("START %d" % size, timeout=5)
            if a != "OK":
                return lose(side, "protocol", "START %d answered %r" % (size, a))
            for key, val in (("timeout_turn", args.timeout_turn), ("timeout_match", args.timeout_match),
                             ("max_memory", args.max_memory), ("game_type", 1), ("rule", RULE_BITS[rule])):
                e.send("INFO %s %d" % (key, val))
            engines.append(e)
        except EngineError as exc:
            return lose(side, "crash" if exc.kind == "crash" else "timeout", str(exc))

    # An optional opening of 1-4 random stones near the centre, sent with BOARD.
    synced = [True, True]
    if args.openings and rng.random() < 0.5:
        c = size // 2
        for _ in range(rng.randint(1, 4)):
            while True:
                x, y = c + rng.randint(-2, 2), c + rng.randint(-2, 2)
                if (x, y) not in board.cells:
                    break
            board.cells[(x, y)] = BLACK if len(board.moves) % 2 == 0 else WHITE
            board.moves.append((x, y))
        synced = [False, False]

    used = [0.0, 0.0]
    limit_ms = args.timeout_turn + args.tolerance
    while True:
        side = len(board.moves) % 2
        me = BLACK if side == 0 else WHITE
        e = engines[side]
        try:
            if args.timeout_match:
                e.send("INFO time_left %d" % max(0, int(args.timeout_match - used[side])))
            e.messages = []
            t0 = time.monotonic()
            if not synced[side]:
                e.send("BOARD")
                for (x, y) in board.moves:
                    e.send("%d,%d,%d" % (x, y, 1 if board.cells[(x, y)] == me else 2))
                e.send("DONE")
                synced[side] = True
            elif not board.moves:
                e.send("BEGIN")
            else:
                e.send("TURN %d,%d" % board.moves[-1])
            ans = e.answer(timeout=limit_ms / 1000.0)
            dt = (time.monotonic() - t0) * 1000.0
        except EngineError as exc:
            return lose(side, "crash" if exc.kind == "crash" else "timeout",
                        "%s after %d moves" % (exc, len(board.moves)))
        used[side] += dt
        res["max_ms"] = max(res["max_ms"], dt)
        if args.timeout_turn and dt > args.timeout_turn:
            # Within the tolerance, but worth knowing about.
            res["late"] += 1
            if not res["late_info"]:
                res["late_info"] = "move %d took %.0f ms after %s; engine said: %s" % (
                    len(board.moves) + 1, dt, " ".join("%d,%d" % m for m in board.moves),
                    " | ".join(e.messages[-2:]))
        if dt > limit_ms:
            return lose(side, "timeout", "%.0f ms for move %d" % (dt, len(board.moves) + 1))
        if args.timeout_match and used[side] > args.timeout_match + args.tolerance:
            return lose(side, "timeout", "game clock: %.0f ms used" % used[side])
        mv = parse_move(ans)
        if mv is None:
            return lose(side, "protocol", "answer %r to move %d" % (ans, len(board.moves) + 1))
        if not board.on(*mv) or mv in board.cells:
            return lose(side, "illegal", "%d,%d (%s) at move %d" % (
                mv[0], mv[1], "occupied" if mv in board.cells else "off the board", len(board.moves) + 1))
        board.cells[mv] = me
        board.moves.append(mv)
        res["moves"] = len(board.moves)
        verdict = board.judge(mv[0], mv[1], me, rule)
        if verdict is None:
            continue
        kind, how = verdict
        if kind == "win":
            res["winner"], res["reason"] = ("black" if side == 0 else "white"), how
        elif kind == "foul":
            lose(side, "foul", "%s at %d,%d" % (how, mv[0], mv[1]))
        else:
            res["winner"], res["reason"] = "draw", how
        return res


def self_test():
    """Checks the manager's own rule judge on hand-made lines; returns the failures."""
    def judge(rule, stones, move, colour=BLACK, size=15):
        b = Board(size)
        for (x, y, c) in stones:
            b.cells[(x, y)] = c
        b.cells[move] = colour
        return b.judge(move[0], move[1], colour, rule)

    row = lambda xs, y=7, c=BLACK: [(x, y, c) for x in xs]  # noqa: E731
    cases = [
        # (what, rule, stones, move, colour, expected)
        ("freestyle five", "freestyle", row([3, 4, 5, 6]), (7, 7), BLACK, ("win", "five")),
        ("freestyle overline wins", "freestyle", row([3, 4, 5, 6, 8]), (7, 7), BLACK, ("win", "five")),
        ("standard overline does not", "standard", row([3, 4, 5, 6, 8]), (7, 7), BLACK, None),
        ("standard five", "standard", row([3, 4, 5, 6]), (7, 7), BLACK, ("win", "five")),
        ("caro five open at one end", "caro", row([3, 4, 5, 6]) + [(2, 7, WHITE)], (7, 7), BLACK, ("win", "five")),
        ("caro five blocked at both ends", "caro", row([3, 4, 5, 6]) + [(2, 7, WHITE), (8, 7, WHITE)], (7, 7),
         BLACK, None),
        ("caro: the edge does not block", "caro", row([1, 2, 3, 4]) + [(5, 7, WHITE)], (0, 7), BLACK,
         ("win", "five")),
        ("caro overline does not win", "caro", row([3, 4, 5, 6, 8]), (7, 7), BLACK, None),
        ("vertical five", "standard", [(7, y, WHITE) for y in (3, 4, 5, 6)], (7, 7), WHITE, ("win", "five")),
        ("diagonal five", "standard", [(i, i, BLACK) for i in (3, 4, 5, 6)], (7, 7), BLACK, ("win", "five")),
        ("anti-diagonal five", "standard", [(7 + i, 7 - i, BLACK) for i in (1, 2, 3, 4)], (7, 7), BLACK,
         ("win", "five")),
        ("renju black overline is a foul", "renju", row([3, 4, 5, 6, 8]), (7, 7), BLACK, ("foul", "overline")),
        ("renju white overline wins", "renju", row([3, 4, 5, 6, 8], c=WHITE), (7, 7), WHITE, ("win", "five")),
        ("renju black exact five wins", "renju", row([3, 4, 5, 6]), (7, 7), BLACK, ("win", "five")),
        ("renju five beats overline elsewhere", "renju",
         row([3, 4, 5, 6]) + [(7, y, BLACK) for y in (2, 3, 4, 5, 6, 8)], (7, 7), BLACK, ("win", "five")),
        ("renju double four across two lines", "renju",
         row([4, 5, 6]) + [(7, y, BLACK) for y in (4, 5, 6)], (7, 7), BLACK, ("foul", "double four")),
        ("renju double four in one line X.XXX.X", "renju", row([3, 5, 6, 9]), (7, 7), BLACK,
         ("foul", "double four")),
        ("renju straight four is one four", "renju", row([4, 5, 6]) + [(7, 4, BLACK), (7, 5, BLACK)],
         (7, 7), BLACK, None),
        ("renju four-three is allowed", "renju", row([4, 5, 6]) + [(7, 5, BLACK), (7, 6, BLACK)],
         (7, 7), BLACK, None),
        ("renju four blocked is still a four (double)", "renju",
         row([4, 5, 6]) + [(3, 7, WHITE)] + [(7, y, BLACK) for y in (4, 5, 6)] + [(7, 3, WHITE)], (7, 7),
         BLACK, ("foul", "double four")),
        ("renju four whose five would be an overline is no four", "renju",
         row([4, 5, 6, 9]) + [(7, y, BLACK) for y in (4, 5, 6)] + [(3, 7, WHITE)], (7, 7), BLACK, None),
    ]
    failures = 0
    for what, rule, stones, move, colour, expected in cases:
        got = judge(rule, stones, move, colour)
        ok = got == expected
        failures += not ok
        print("%s self-test: %s%s" % ("ok  " if ok else "FAIL", what, "" if ok else " (got %r)" % (got,)))
    # A full 5x5 board without a line of five (colour by (x // 2 + y) parity): a draw.
    tiny = Board(5)
    for y in range(5):
        for x in range(5):
            if (x, y) != (4, 4):
                tiny.cells[(x, y)] = BLACK if (x // 2 + y) % 2 == 0 else WHITE
    tiny.cells[(4, 4)] = BLACK
    got = tiny.judge(4, 4, BLACK, "freestyle")
    ok = got == ("draw", "full")
    failures += not ok
    print("%s self-test: a full board without five is a draw (got %r)" % ("ok  " if ok else "FAIL", got))
    failures += cross_check_renju()
    return failures


def cross_check_renju(positions=40, seed=7):
    """Compares the manager's renju fouls with libgomoku's exact gomoku_forbidden() on
    random positions (through ctypes on lib/libgomoku.so; skipped when it is not built).
    Overline and double four must agree exactly; a double three is the library's alone."""
    import ctypes
    path = os.path.join(ROOT, "lib", "libgomoku.so")
    if not os.path.exists(path):
        print("skip self-test: renju fouls against the library (%s not built)" % path)
        return 0
    if os.environ.get("GOMOKU_SANITIZED"):
        # A sanitizer-built library cannot be loaded into an ordinary python3 process.
        print("skip self-test: renju fouls against the library (sanitizer build)")
        return 0
    lib = ctypes.CDLL(path)
    lib.gomoku_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_int]
    lib.gomoku_free.argtypes = [ctypes.c_void_p]
    lib.gomoku_play.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    lib.gomoku_forbidden.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    expect = {1: None, 2: "double four", 3: "overline"}  # gomoku_forbid -> manager's foul
    rng = random.Random(seed)
    compared = disagreements = fouls = 0
    for _ in range(positions):
        eng = ctypes.c_void_p()
        if lib.gomoku_new(ctypes.byref(eng), 15, 2) != 0:
            print("FAIL self-test: gomoku_new")
            return 1
        board = Board(15)
        # A dense random cluster of black stones; white plays half of its stones far
        # away (top and bottom rows), so that black fours and overlines are common.
        for _ in range(rng.randint(14, 44)):
            x, y = rng.randint(4, 10), rng.randint(4, 10)
            if len(board.moves) % 2 and rng.random() < 0.5:
                x, y = rng.randint(0, 14), rng.choice((0, 1, 13, 14))
            if (x, y) in board.cells:
                continue
            if lib.gomoku_play(eng, x, y) != 0:
                break
            board.cells[(x, y)] = BLACK if len(board.moves) % 2 == 0 else WHITE
            board.moves.append((x, y))
            if board.judge(x, y, board.cells[(x, y)], "renju") is not None or len(board.moves) % 2:
                continue
            # Black to move: compare every empty cell of the cluster.
            for cy in range(3, 12):
                for cx in range(3, 12):
                    if (cx, cy) in board.cells:
                        continue
                    why = ctypes.c_int(-1)
                    if lib.gomoku_forbidden(ctypes.byref(why), eng, cx, cy) != 0:
                        continue
                    board.cells[(cx, cy)] = BLACK
                    got = board.judge(cx, cy, BLACK, "renju")
                    del board.cells[(cx, cy)]
                    mine = got[1] if got and got[0] == "foul" else None
                    compared += 1
                    fouls += mine is not None
                    if mine != expect.get(why.value):
                        disagreements += 1
                        if disagreements <= 5:
                            print("FAIL self-test: renju %s + black %d,%d: manager %r, library %d" % (
                                " ".join("%d,%d" % m for m in board.moves), cx, cy, mine, why.value))
        lib.gomoku_free(eng)
    ok = disagreements == 0 and fouls > 0
    print("%s self-test: renju overline/double-four fouls agree with the library on %d cells (%d fouls)" % (
        "ok  " if ok else "FAIL", compared, fouls))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", action="append", help="engine binary (give twice for two engines)")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--sizes", default="15,20")
    ap.add_argument("--rules", default="freestyle,standard,renju,caro")
    ap.add_argument("--timeout-turn", type=int, default=100, help="ms per move sent to the engines")
    ap.add_argument("--timeout-match", type=int, default=0, help="ms per game (0 = none)")
    ap.add_argument("--tolerance", type=int, default=300, help="ms allowed beyond the limits")
    ap.add_argument("--max-memory", type=int, default=64 * 1024 * 1024)
    ap.add_argument("--openings", action="store_true", help="start half the games from a random BOARD")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fail-on-foul", action="store_true")
    ap.add_argument("--self-test", action="store_true", help="check the rule judge, then play")
    args = ap.parse_args()
    if args.self_test and self_test():
        return 1

    paths = args.engine or [os.path.join(ROOT, "examples", "pbrain-gomoku")]
    if len(paths) == 1:
        paths = paths * 2
    for p in paths:
        if not os.access(p, os.X_OK):
            print("pbrain_manager: %s is not built" % p)
            return 1
    sizes = [int(s) for s in args.sizes.split(",")]
    rules = args.rules.split(",")
    for r in rules:
        if r not in RULE_BITS:
            print("pbrain_manager: unknown rule %r" % r)
            return 1
    rng = random.Random(args.seed)
    players = [Player(paths[0], "A"), Player(paths[1], "B")]

    tally = {}
    outcome = {"black": 0, "white": 0, "draw": 0}
    by_player = {"A": 0, "B": 0}
    bad = 0
    late_total = 0
    start = time.monotonic()
    for g in range(args.games):
        rule = rules[g % len(rules)]
        size = sizes[(g // len(rules)) % len(sizes)]
        # Colours swap every game and again every round of rules, so that each engine
        # plays each rule with both colours.
        order = players if (g + g // len(rules)) % 2 == 0 else players[::-1]
        t = time.monotonic()
        res = play_game(order, size, rule, args, rng)
        secs = time.monotonic() - t
        key = res["reason"]
        tally[key] = tally.get(key, 0) + 1
        outcome[res["winner"]] += 1
        if res["winner"] in ("black", "white"):
            by_player[res[res["winner"]]] += 1
        failed = res["reason"] in FAILURES or (args.fail_on_foul and res["reason"] == "foul")
        bad += failed
        print("game %2d  %dx%d %-9s black=%s white=%s  %3d moves  %-5s by %-8s max %4.0f ms  late %d  %.1f s%s" % (
            g + 1, size, size, rule, res["black"], res["white"], res["moves"], res["winner"], res["reason"],
            res["max_ms"], res["late"], secs, ("  " + res["detail"]) if res["detail"] else ""))
        if res["late_info"]:
            print("         first late move: %s" % res["late_info"])
        late_total += res["late"]
        sys.stdout.flush()
        if res["reason"] in FAILURES:
            for p in players:  # a failed engine may be in any state: start both afresh
                p.kill()
    for p in players:
        if p.engine is not None:
            code = p.engine.close()
            if code != 0:
                print("engine %s: END gave exit status %s" % (p.name, code))
                bad += 1
    print("summary: %d games in %.1f s: black won %d, white won %d, draws %d; A won %d, B won %d; "
          "ended by: %s; moves over timeout_turn (within tolerance) %d; "
          "failures (illegal/timeout/crash/protocol%s): %d" % (
              args.games, time.monotonic() - start, outcome["black"], outcome["white"], outcome["draw"],
              by_player["A"], by_player["B"], ", ".join("%s %d" % kv for kv in sorted(tally.items())),
              late_total, "/foul" if args.fail_on_foul else "", bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
