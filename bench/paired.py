#!/usr/bin/env python3
"""Compare two builds' matches against the same opponent, paired by opening.

    python3 bench/paired.py --base RECORD... --variant RECORD... [--colour black|white]

A RECORD is a match.py JSON record (games.json) or the directory of one, as
bench/vs-peer.sh writes them under bench/games/, read by peerlib.load_record(). Each side may have several records (two
runs of the same build): their games are pooled. Engine A of every record is the build
measured (vs-peer.sh makes ours engine A).

For each side it prints engine A's score, its percentage with a 95% interval, the Elo
difference with its interval, and the score with each colour. With --variant it also
prints the paired difference: for every opening both sides played, the variant's mean
score from that opening minus the base's, averaged over those openings, with its 95%
interval. Openings are told apart by their stones, not by their line in a file, so
records made from different files pair on the positions they share.

The intervals treat the openings as the sample: games from one opening are alike (the
same position, often the same colour winning), so counting every game as independent
would make them too narrow. This is the measure docs/vs-peer.md and docs/strength.md
quote as "paired"; over 100 openings and 200 games a side it is about +-6 points.

Exit status: 0 on success, 2 on bad arguments or a record that cannot be read or holds
no games (with --colour: no games of that colour), or when the two sides share no
opening.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerlib as pl  # noqa: E402

# Engine A's score for each result of a game it had black in; for white, one minus it.
BLACK_SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def fail(msg):
    print("paired.py: " + msg, file=sys.stderr)
    sys.exit(2)


def load(paths, colour):
    """Engine A's scores by opening (the tuple of its stones), pooled over the records.
    Void games (no result) are left out."""
    per = {}
    by_colour = {"black": [0.0, 0], "white": [0.0, 0]}
    for path in paths:
        f = os.path.join(path, "games.json") if os.path.isdir(path) else path
        try:
            games = pl.load_record(f)["games"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            fail("%s: not a match.py record (%s)" % (f, e))
        for g in games:
            if g["a_black"] is None:
                fail("%s: engine A's colour is not recorded (a games.json is needed)" % f)
            if g["result"] not in BLACK_SCORE:
                continue
            col = "black" if g["a_black"] else "white"
            if colour and col != colour:
                continue
            score = BLACK_SCORE[g["result"]] if g["a_black"] else 1.0 - BLACK_SCORE[g["result"]]
            per.setdefault(tuple(g["moves"][: g["opening_stones"]]), []).append(score)
            by_colour[col][0] += score
            by_colour[col][1] += 1
    if not per:
        fail("%s: no games%s" % (" ".join(paths), " with " + colour if colour else ""))
    return per, by_colour


def mean_interval(values):
    """Mean and half-width of its 95% interval (0 for a single value)."""
    m = sum(values) / len(values)
    if len(values) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in values) / (len(values) - 1)
    return m, 1.96 * math.sqrt(var / len(values))


def elo(p):
    p = min(max(p, 0.001), 0.999)
    return -400.0 * math.log10(1.0 / p - 1.0)


def summary(name, per, by_colour):
    games = sum(len(v) for v in per.values())
    total = sum(sum(v) for v in per.values())
    m, h = mean_interval([sum(v) / len(v) for v in per.values()])
    cols = "  ".join(
        "%s %g/%d" % (c, by_colour[c][0], by_colour[c][1]) for c in ("black", "white") if by_colour[c][1]
    )
    print(
        "%-8s %g/%d (%.1f%% +- %.1f), Elo %+.0f [%+.0f, %+.0f], %d openings; %s"
        % (name, total, games, 100 * total / games, 100 * h, elo(total / games), elo(m - h),
           elo(m + h), len(per), cols)
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", nargs="+", required=True, metavar="RECORD",
                    help="the base build's records (games.json or its directory)")
    ap.add_argument("--variant", nargs="+", metavar="RECORD", help="the variant's records")
    ap.add_argument("--colour", choices=("black", "white"),
                    help="only the games where engine A had this colour")
    args = ap.parse_args()

    base, base_cols = load(args.base, args.colour)
    summary("base", base, base_cols)
    if not args.variant:
        return 0
    var, var_cols = load(args.variant, args.colour)
    summary("variant", var, var_cols)
    common = [k for k in base if k in var]
    if not common:
        fail("the base and the variant share no opening")
    diffs = [sum(var[k]) / len(var[k]) - sum(base[k]) / len(base[k]) for k in common]
    m, h = mean_interval(diffs)
    print("paired over %d openings: %+.1f points +- %.1f (95%%)" % (len(common), 100 * m, 100 * h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
