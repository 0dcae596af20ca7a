#!/usr/bin/env python3
"""The strong search of one build against the textbook search with another build's weights.

    bench/vs-textbook.py --strong S.so [--weights-of T.so] [--nodes N] [--depth D]
                         [--rule R] [--color white|black|both] [--skip N] [--openings N]
                         [--show-moves] [--engine CMD --turn-ms MS] [--peer DIR]

Like examples/gomoku-match (its openings, the textbook's negamax with alpha-beta and
ordering at a fixed depth), but the strong search has a node limit a move instead of a
clock, so a run gives the same games on a busy machine, and the textbook search
evaluates with the default weights of the build T (default: S). This separates the two
things a change of the default weights does: how the strong search plays, and how good
an opponent the textbook search becomes. Prints each game (with --show-moves, its moves,
for a post-mortem) and the strong search's score.
With --engine CMD (or --peer DIR: the reference engine, as bench/vs-peer.sh runs it) a
Gomocup-protocol engine plays the strong side instead, --turn-ms a move (default 1000), one
process for all games; the textbook search is still S's with T's weights. That tells how
another engine does against the same textbook opponent from the same openings.
Developer tool: standard library only, not installed.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import gomoku  # noqa: E402
import peerlib as pl  # noqa: E402


def match_openings():
    src = open(os.path.join(HERE, "..", "examples", "gomoku-match.c")).read()
    start = src.index("openings[] = {")
    return re.findall(r'"([0-9, ]+)"', src[start:src.index("};", start)])


def play(a, opening, strong_black, weights, brain=None):
    es = gomoku.Engine(15, a.rule, library_path=a.strong)
    et = gomoku.Engine(15, a.rule, library_path=a.strong)
    et.weights = weights
    for m in opening.split():
        x, y = map(int, m.split(","))
        es.play(x, y)
        et.play(x, y)
    while es.state == gomoku.State.ONGOING:
        strong_to_move = (es.move_count % 2 == 0) == strong_black
        if strong_to_move and brain is not None:
            (x, y), _, _ = brain.think([(m.x, m.y) for m in es.moves])
            mv = gomoku.Move(x, y)  # an illegal one raises GomokuError in play()
        elif strong_to_move:
            mv = es.search(time_ms=None, nodes=a.nodes).best
        else:
            mv = et.textbook_search("negamax-ab", depth=a.depth).best
        es.play(mv.x, mv.y)
        et.play(mv.x, mv.y)
    w = es.winner
    n = es.move_count
    moves = " ".join("%d,%d" % (m.x, m.y) for m in es.moves)
    es.close()
    et.close()
    if w is None:
        return 0.5, n, moves
    return (1.0 if (w == gomoku.Color.BLACK) == strong_black else 0.0), n, moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--strong", required=True, help="libgomoku.so whose strong search plays")
    ap.add_argument("--weights-of", default=None,
                    help="libgomoku.so whose default weights the textbook search uses")
    ap.add_argument("--nodes", type=int, default=1000000)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--rule", default="freestyle")
    ap.add_argument("--color", default="both", choices=["white", "black", "both"])
    ap.add_argument("--openings", type=int, default=0, help="the first N openings (0 = all)")
    ap.add_argument("--skip", type=int, default=0, help="leave out the first N openings")
    ap.add_argument("--show-moves", action="store_true", help="print each game's moves")
    ap.add_argument("--engine", default=None,
                    help="a Gomocup engine's command line plays the strong side")
    ap.add_argument("--peer", default=None,
                    help="the reference engine's directory plays the strong side")
    ap.add_argument("--turn-ms", type=int, default=1000, help="the engine's time a move")
    a = ap.parse_args()
    brain = None
    if a.engine or a.peer:
        if a.rule not in pl.RULE_BY_NAME:
            raise SystemExit("vs-textbook.py: no protocol rule for %s with an engine" % a.rule)
        argv, cwd = (pl.engine_argv(a.engine), None) if a.engine else pl.peer_command(a.peer)
        brain = pl.Brain(argv, cwd, os.path.basename(argv[0]))
        try:
            brain.start(15, pl.RULE_BY_NAME[a.rule], a.turn_ms)
        except pl.EngineError as e:
            raise SystemExit("vs-textbook.py: %s" % e)
    weights = gomoku.default_weights(a.weights_of or a.strong)
    ops = match_openings()
    ops = ops[a.skip:]
    if a.openings > 0:
        ops = ops[:a.openings]
    colors = {"white": [False], "black": [True], "both": [True, False]}[a.color]
    score = games = 0
    for op in ops:
        for strong_black in colors:
            try:
                s, n, moves = play(a, op, strong_black, weights, brain)
            except (pl.EngineError, gomoku.GomokuError) as e:
                # a crash, a time-out or an illegal move of the engine ends the run
                if brain is not None:
                    brain.close()
                raise SystemExit("vs-textbook.py: %s, opening %s: %s" % (
                    brain.name if brain else "strong search", op, e))
            score += s
            games += 1
            print("%-17s strong %s: %s (%d moves)" % (op, "black" if strong_black else "white",
                  {1.0: "win", 0.5: "draw", 0.0: "loss"}[s], n), flush=True)
            if a.show_moves:
                print("    " + moves, flush=True)
    if brain is not None:
        brain.close()
    print("strong search: %g/%d (%.1f%%)" % (score, games, 100.0 * score / games))


if __name__ == "__main__":
    main()
