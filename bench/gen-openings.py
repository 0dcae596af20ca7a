#!/usr/bin/env python3
"""Writes a file of balanced openings for ../shared/tools/match.py (--openings FILE).

    bench/gen-openings.py --out FILE [--count 100] [--rule freestyle] [--nodes 400000]
                          [--margin 250] [--first 0] [--jobs 2] [--lib SO]

The 27 openings of ../shared/tools/openings.txt give 54 games, which tell apart only steps
of about ten points of score (a 95% interval of about +-13 points). More games need more
openings, and they must be balanced: from an opening that one colour wins whatever the
engines do, both games of the pair go to that colour and say nothing about the engines
(four stones near the centre with black to move gave 89 such pairs in 100).

Each candidate is three stones, black, white, black, with white to move: black's first
within two cells of the centre, the other two within four. Our strong search looks at it
(a node limit, so the file is the same on any machine) and the candidate is kept when the
score is within --margin of even (the evaluation's units: an open-three point of the
mover's is worth 300). Candidate number i comes from a generator seeded with i (from
--first on), so the same arguments give the same file. Two candidates that are the same
position (black's two stones in the other order) are kept once.
Developer tool: Python standard library and the binding in python/.
"""
import argparse
import multiprocessing
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import gomoku  # noqa: E402

# The rules match.py plays; the binding reads a rule by its name.
RULES = ("freestyle", "standard", "renju")
SIZE = 15


def candidate(index):
    """Candidate number index: three distinct stones in the 9x9 centre, the first within
    two cells of the centre (drawn again until it is)."""
    rng = random.Random(index)
    centre = SIZE // 2
    cells = [(x, y) for x in range(centre - 4, centre + 5) for y in range(centre - 4, centre + 5)]
    while True:
        stones = rng.sample(cells, 3)
        if abs(stones[0][0] - centre) <= 2 and abs(stones[0][1] - centre) <= 2:
            return stones


def judge(task):
    """(index, stones, score for white to move) of one candidate."""
    rule, nodes, index, lib = task
    stones = candidate(index)
    with gomoku.Engine(SIZE, rule, library_path=lib) as e:
        for x, y in stones:
            e.play(x, y)
        result = e.search(time_ms=None, nodes=nodes)
    return index, stones, result.score


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="the openings file to write")
    ap.add_argument("--count", type=int, default=100, help="openings to keep")
    ap.add_argument("--rule", choices=RULES, default="freestyle")
    ap.add_argument("--nodes", type=int, default=400000, help="search nodes a candidate")
    ap.add_argument("--margin", type=int, default=250, help="largest |score| kept")
    ap.add_argument("--first", type=int, default=0, help="number of the first candidate")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lib", help="the libgomoku.so to search with (default: the binding's choice)")
    ap.add_argument("--max-candidates", type=int, default=0,
                    help="give up after so many candidates (default: 40 a kept opening)")
    a = ap.parse_args()
    if a.count < 1 or a.nodes < 1 or a.margin < 0 or a.jobs < 1:
        ap.error("--count, --nodes and --jobs must be positive, --margin not negative")
    limit = a.max_candidates or 40 * a.count
    kept, positions = [], set()
    tried = 0
    with multiprocessing.Pool(a.jobs) as pool:
        tasks = ((a.rule, a.nodes, i, a.lib) for i in range(a.first, a.first + limit))
        # imap keeps the candidates' order, so the file does not depend on --jobs.
        for index, stones, score in pool.imap(judge, tasks, chunksize=4):
            tried += 1
            position = (frozenset((stones[0], stones[2])), stones[1])
            if abs(score) <= a.margin and position not in positions:
                positions.add(position)
                kept.append((stones, score))
                if len(kept) == a.count:
                    pool.terminate()
                    break
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("# %d openings for match.py: three stones, white to move, |score| <= %d by\n"
                "# libgomoku's search at %d nodes (%s); bench/gen-openings.py --first %d\n"
                % (len(kept), a.margin, a.nodes, a.rule, a.first))
        for stones, score in kept:
            f.write("%-24s # %+d, white to move\n"
                    % (" ".join("%d,%d" % s for s in stones), score))
    print("%d of %d candidates kept -> %s" % (len(kept), tried, a.out))
    return 0 if len(kept) == a.count else 1


if __name__ == "__main__":
    sys.exit(main())
