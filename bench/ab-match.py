#!/usr/bin/env python3
"""A/B match between two builds of libgomoku, for measuring a change to the search.

    bench/ab-match.py --a OLD.so --b NEW.so [--nodes N] [--rule R] [--openings N]
                      [--random N] [--seed S] [--jobs J] [--time MS --threads T]
                      [--threads-a T] [--threads-b T] [--model-a M] [--model-b M]
                      [--sprt ELO0 ELO1]

Both shared libraries are loaded into one process (ctypes loads each path privately), and
their strong searches play the 20 balanced openings of examples/gomoku-match.c, each
twice with the colours swapped; --random N adds N seeded three-stone openings, for the
larger samples that small changes need. Every move is searched with a node limit, not a
clock, so a match gives the same games on a busy machine as on a quiet one, and a change
in the result comes from the change in the code. Prints each game and B's score with an
Elo estimate (95% interval). --time MS --threads T play on the clock instead (MS a move,
T threads each; use --jobs 1 so that the games do not share the cores), for what only
shows with threads. --sprt ELO0 ELO1 stops as soon as a sequential probability ratio
test on the pairs of games (one opening, both colours) accepts "B is ELO1 better than A"
or "B is only ELO0 better" at 5% error each way (the log-likelihood ratio crossing
+-2.94), so a clear result costs fewer games. Developer tool: standard library only, not
installed.
"""
import argparse
import ctypes
import math
import multiprocessing
import random
import re
import sys

MAX_PV = 64


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]


class Limits(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint), ("time_ms", ctypes.c_int), ("time_left_ms", ctypes.c_int),
                ("depth", ctypes.c_int), ("nodes", ctypes.c_longlong), ("threads", ctypes.c_int)]


class Result(ctypes.Structure):
    _fields_ = [("best", Point), ("score", ctypes.c_int), ("depth", ctypes.c_int),
                ("seldepth", ctypes.c_int), ("nodes", ctypes.c_longlong), ("time_ms", ctypes.c_double),
                ("pv_length", ctypes.c_int), ("pv", Point * MAX_PV)]


RULES = {"freestyle": 0, "standard": 1, "renju": 2, "caro": 3}
MODELS = {"weights": 1, "fitted": 2}  # gomoku_eval_model
ONGOING = 0


def openings_from_match_tool():
    src = open(__file__.rsplit("/", 2)[0] + "/examples/gomoku-match.c").read()
    block = src[src.index("openings[] = {"):src.index("};", src.index("openings[] = {"))]
    return re.findall(r'"([0-9, ]+)"', block)


class Lib:
    def __init__(self, path):
        self.dll = ctypes.CDLL(path)
        d = self.dll
        d.gomoku_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_int]
        d.gomoku_free.argtypes = [ctypes.c_void_p]
        d.gomoku_play.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        d.gomoku_state_of.argtypes = [ctypes.c_void_p]
        d.gomoku_limits_init.argtypes = [ctypes.POINTER(Limits)]
        d.gomoku_search.argtypes = [ctypes.POINTER(Result), ctypes.c_void_p, ctypes.POINTER(Limits)]

    def new(self, size, rule):
        e = ctypes.c_void_p()
        if self.dll.gomoku_new(ctypes.byref(e), size, rule) != 0:
            raise RuntimeError("gomoku_new failed")
        return e


def random_openings(n, seed):
    """n distinct openings: black on the centre of a 15x15 board, then white and black on
    other cells at most two steps from it (at most 24 * 23 of them)."""
    rng = random.Random(seed)
    cells = [(x, y) for x in range(5, 10) for y in range(5, 10) if (x, y) != (7, 7)]
    n = min(n, len(cells) * (len(cells) - 1))
    out, seen = [], set()
    while len(out) < n:
        w = rng.choice(cells)
        b2 = rng.choice([c for c in cells if c != w])
        if (w, b2) not in seen:
            seen.add((w, b2))
            out.append(" ".join("%d,%d" % c for c in ((7, 7), w, b2)))
    return out


SPRT_BOUND = math.log(0.95 / 0.05)  # alpha = beta = 0.05


def expected_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def sprt_llr(pair_scores, elo0, elo1):
    """The log-likelihood ratio of "B is elo1 better" over "B is elo0 better", from the mean
    scores of game pairs (0, 0.25, ..., 1), in the normal approximation of the generalised
    SPRT: n (s1 - s0) (2 mean - s0 - s1) / (2 var). Pairs rather than games, since the two
    games of one opening are not independent. 0 while the variance is still zero."""
    n = len(pair_scores)
    if n < 2:
        return 0.0
    mean = sum(pair_scores) / n
    var = sum((x - mean) ** 2 for x in pair_scores) / n
    if var <= 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def play_game(args):
    a_path, b_path, rule, nodes, opening, b_black, time_ms, threads, models = args
    if not isinstance(threads, tuple):
        threads = (threads, threads)
    libs = [Lib(a_path), Lib(b_path)]
    engines = [libs[0].new(15, RULES[rule]), libs[1].new(15, RULES[rule])]
    for lib, e, model in zip(libs, engines, models):
        if model:
            if lib.dll.gomoku_set_eval_model(e, MODELS[model]) != 0:
                raise RuntimeError("gomoku_set_eval_model failed")
    moves = [tuple(map(int, m.split(","))) for m in opening.split()]
    for x, y in moves:
        for lib, e in zip(libs, engines):
            lib.dll.gomoku_play(e, x, y)
    state = libs[0].dll.gomoku_state_of(engines[0])
    while state == ONGOING and len(moves) < 225:
        black_to_move = len(moves) % 2 == 0
        who = 1 if black_to_move == b_black else 0
        lim = Limits()
        libs[who].dll.gomoku_limits_init(ctypes.byref(lim))
        lim.depth = 0
        lim.nodes = 0 if time_ms else nodes
        lim.time_ms = time_ms
        lim.threads = threads[who]
        res = Result()
        if libs[who].dll.gomoku_search(ctypes.byref(res), engines[who], ctypes.byref(lim)) != 0:
            raise RuntimeError("gomoku_search failed")
        x, y = res.best.x, res.best.y
        for lib, e in zip(libs, engines):
            if lib.dll.gomoku_play(e, x, y) != 0:
                raise RuntimeError("illegal move %d,%d" % (x, y))
        moves.append((x, y))
        state = libs[0].dll.gomoku_state_of(engines[0])
    for lib, e in zip(libs, engines):
        lib.dll.gomoku_free(e)
    # gomoku_state: 1 black wins, 2 white wins, 3 draw (see gomoku.h)
    if state == 1:
        b_score = 1.0 if b_black else 0.0
    elif state == 2:
        b_score = 0.0 if b_black else 1.0
    else:
        b_score = 0.5
    return opening, b_black, state, len(moves), b_score, " ".join("%d,%d" % m for m in moves)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="the reference build's libgomoku.so")
    ap.add_argument("--b", required=True, help="the changed build's libgomoku.so")
    ap.add_argument("--nodes", type=int, default=200000, help="node limit per move")
    ap.add_argument("--rule", default="freestyle", choices=sorted(RULES))
    ap.add_argument("--openings", type=int, default=0, help="use the first N openings (0 = all)")
    ap.add_argument("--random", type=int, default=0, metavar="N",
                    help="add N openings of three stones drawn near the centre (the same "
                         "seed gives the same openings) to tell small changes apart")
    ap.add_argument("--seed", type=int, default=1, help="seed of the --random openings")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time", type=int, default=0, metavar="MS",
                    help="ms a move on the clock instead of the node limit")
    ap.add_argument("--threads", type=int, default=1, help="search threads of each side")
    ap.add_argument("--threads-a", type=int, default=0, metavar="T", help="threads of A only")
    ap.add_argument("--threads-b", type=int, default=0, metavar="T",
                    help="threads of B only (e.g. --a X.so --b X.so --threads-b 2 --time 200 "
                         "--jobs 1: two threads against one at equal time)")
    ap.add_argument("--model-a", choices=sorted(MODELS), default=None,
                    help="A's evaluation model (gomoku_set_eval_model; default: the build's)")
    ap.add_argument("--model-b", choices=sorted(MODELS), default=None, help="B's likewise")
    ap.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"),
                    help="stop early when a sequential test on the game pairs accepts B "
                         "at ELO1 or rejects it at ELO0 (alpha = beta = 0.05)")
    ap.add_argument("-v", action="store_true", help="print each game's moves")
    a = ap.parse_args()
    ops = openings_from_match_tool()
    if a.openings:
        ops = ops[:a.openings]
    ops += random_openings(a.random, a.seed)
    threads = (a.threads_a or a.threads, a.threads_b or a.threads)
    work = [(a.a, a.b, a.rule, a.nodes, op, bb, a.time, threads, (a.model_a, a.model_b)) for op in ops
            for bb in (False, True)]
    results, pairs, verdict, llr = [], [], None, 0.0
    with multiprocessing.Pool(a.jobs) as pool:
        # in order, so that both games of an opening are in before the test looks
        for r in pool.imap(play_game, work):
            results.append(r)
            if len(results) % 2:
                continue
            pairs.append((results[-2][4] + results[-1][4]) / 2)
            progress = "pair %d/%d: B %.1f/%d" % (len(pairs), len(work) // 2,
                                                  sum(r[4] for r in results), len(results))
            if not a.sprt:
                print(progress, file=sys.stderr, flush=True)
            else:
                llr = sprt_llr(pairs, *a.sprt)
                print("%s, LLR %+.2f" % (progress, llr), file=sys.stderr, flush=True)
                if abs(llr) >= SPRT_BOUND:
                    verdict = "H1 (B at least %+g Elo)" % a.sprt[1] if llr > 0 else \
                        "H0 (B at most %+g Elo)" % a.sprt[0]
                    pool.terminate()
                    break
    total = 0.0
    w = l = d = 0
    names = {1: "black wins", 2: "white wins", 3: "draw"}
    for op, b_black, state, n, s, mv in results:
        total += s
        w += s == 1.0
        l += s == 0.0
        d += s == 0.5
        print("%-16s B=%s  %-10s %3d moves  B %s" % (op, "black" if b_black else "white",
              names.get(state, "unfinished"), n, {1.0: "won", 0.0: "lost", 0.5: "drew"}[s]))
        if a.v:
            print("    " + mv)
    n = len(results)
    p = total / n
    print("B vs A: +%d -%d =%d  score %.1f/%d (%.1f%%)" % (w, l, d, total, n, 100 * p))
    if 0 < p < 1:
        elo = lambda q: -400 * math.log10(1 / q - 1)
        var = (w * (1 - p) ** 2 + l * p ** 2 + d * (0.5 - p) ** 2) / n
        se = math.sqrt(var / n)
        lo, hi = max(p - 1.96 * se, 1e-6), min(p + 1.96 * se, 1 - 1e-6)
        print("Elo of B over A: %+.0f (95%%: %+.0f .. %+.0f)" % (elo(p), elo(lo), elo(hi)))
    if a.sprt:
        print("SPRT [%+g, %+g]: LLR %+.2f (bounds %+.2f): %s after %d pairs" %
              (a.sprt[0], a.sprt[1], llr, SPRT_BOUND, verdict or "undecided", len(pairs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
