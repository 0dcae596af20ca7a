#!/usr/bin/env python3
"""A short tour of the libgomoku Python binding: play a few moves, look at the
evaluation, search, and ask for forced wins. Run from anywhere after `make`."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gomoku  # noqa: E402


def main():
    print("libgomoku", gomoku.version())
    with gomoku.Engine(size=15, rule="freestyle") as engine:
        for move in ["h8", "i9", "h9", "h10", "i8"]:
            engine.play(move)
        print(engine)
        print("moves:", engine.format_moves(), "| to move:", engine.side_to_move.name.lower())

        info = engine.eval_breakdown()
        print("static evaluation:", info.score, "(black patterns", info.patterns[0], ")")

        try:
            engine.play("h8")
        except gomoku.GomokuError as err:
            print(f"playing h8 again fails: code {err.code}, {err.message}")

        if gomoku.load_library().has("gomoku_textbook_search"):
            r = engine.textbook_search(algo="negamax-ab", depth=3)
            print(f"negamax-ab depth 3: {r.best_text} value {r.value} pv {' '.join(r.pv_text)}"
                  f" ({r.stats.nodes} nodes, {r.stats.cutoffs} cut-offs)")

        if gomoku.load_library().has("gomoku_search"):
            def progress(i):
                print(f"  depth {i.depth:2d} score {i.score:6d} nodes {i.nodes}")

            r = engine.search(time_ms=300, progress=progress)
            print(f"search: {r.best_text} score {r.score} depth {r.depth} pv {' '.join(r.pv_text)}")
            engine.play(r.best)

        if gomoku.load_library().has("gomoku_vct"):
            t = engine.vct(time_ms=200)
            print("forced win by threats:", " ".join(t.line_text) if t.found else "none found")


if __name__ == "__main__":
    main()
