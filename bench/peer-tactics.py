#!/usr/bin/env python3
"""peer-tactics.py - the tactics file put to any Gomocup-protocol engine, as gomoku-tactics
puts it to the library.

    GOMOKU_PEER=/path/to/peer-dir python3 bench/peer-tactics.py [--ms 1000] [--kind win|save]
        [--rule R] [--engine CMD] [FILE]
    python3 bench/peer-tactics.py --selftest

Each position of FILE (default ../shared/positions/tactics.txt; its format is in that
directory's README) is set up with BOARD and the engine is asked for a move with --ms per
move (a fresh game, START and the INFO lines, for every position, so no table carries
over). A position is solved when the move is one of the listed answers, as
examples/gomoku-tactics counts it. The engine is the reference (--peer or $GOMOKU_PEER,
run in its directory) unless --engine names another command (for example this tree's
examples/pbrain-gomoku). Prints one line per position, with the engine's last reported
depth and value, and the count solved for `win` and `save` separately.

It answers one question the library's own counts cannot: whether a position that we miss
at the target's time is one the reference solves in that time. Timed, so the counts can
move by one from run to run; run it on an idle machine. Developer tool: needs the
reference engine, never run by make test (except --selftest).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerlib as pl  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = {"freestyle": pl.FREESTYLE, "standard": pl.STANDARD, "renju": pl.RENJU}


def load_positions(path):
    """[(line number, kind, rule name, size, moves, answers)] of the file; caro lines (the
    Gomocup protocol has no caro rule) and comments are skipped."""
    out = []
    with open(path, "r", encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("|")
            if len(parts) < 2:
                continue
            head = parts[0].split()
            if len(head) < 3 or head[0] not in ("win", "save") or head[1] not in RULES:
                continue
            moves = pl.parse_moves(head[3:])
            answers = set(pl.parse_moves(parts[1].split()))
            out.append((no, head[0], head[1], int(head[2]), moves, answers))
    return out


def last_report(lines, kind):
    """(depth, value text) of the engine's last report, or ("-", "-")."""
    reports = pl.parse_reports(lines, kind)
    if not reports:
        return "-", "-"
    r = reports[-1]
    return str(r["depth"]), r["eval"].text()


def run(args):
    if args.engine:
        argv, cwd, kind = pl.engine_argv(args.engine), None, "ours"
    else:
        argv, cwd = pl.peer_command(args.peer or os.environ.get("GOMOKU_PEER"))
        kind = "peer"
    positions = [p for p in load_positions(args.file)
                 if (not args.kind or p[1] == args.kind) and (not args.rule or p[2] == args.rule)]
    solved = {"win": [0, 0], "save": [0, 0]}
    brain = pl.Brain(argv, cwd=cwd, name=kind)
    try:
        for no, pkind, rname, size, moves, answers in positions:
            ms = args.ms if pkind == "win" or args.save_ms is None else args.save_ms
            try:
                brain.start(size, RULES[rname], ms)
                move, lines, wall = brain.think(moves)
            except pl.EngineError as e:
                print("%-4s %-9s line %3d: ERROR   %s" % (pkind, rname, no, e))
                solved[pkind][1] += 1
                continue
            ok = move in answers
            solved[pkind][0] += ok
            solved[pkind][1] += 1
            depth, value = last_report(lines, kind)
            print("%-4s %-9s line %3d: %s  played %d,%d  depth %s  value %s  %.0f ms" % (
                pkind, rname, no, "solved" if ok else "FAILED", move[0], move[1], depth, value,
                wall * 1000.0))
            sys.stdout.flush()
    finally:
        brain.close()
    for k in ("win", "save"):
        n, total = solved[k]
        if total:
            print("%s: %d/%d solved" % (k, n, total))
    return 0


def selftest():
    import tempfile
    text = ("# comment\n"
            "win freestyle 15 7,7 8,8 | 6,5 5,6 | 21\n"
            "save renju 15 7,7 | 8,8 | 9\n"
            "win caro 15 7,7 | 1,1 | 3\n")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        ps = load_positions(path)
    finally:
        os.unlink(path)
    assert [p[0] for p in ps] == [2, 3], ps
    assert ps[0][1:5] == ("win", "freestyle", 15, [(7, 7), (8, 8)]), ps[0]
    assert ps[0][5] == {(6, 5), (5, 6)}, ps[0]
    assert ps[1][2] == "renju" and ps[1][5] == {(8, 8)}, ps[1]
    ours = ["MESSAGE depth 9-20 score 29975 nodes 1000 nps 1000 time 10 pv 6,5"]
    assert last_report(ours, "ours") == ("9", "+M25"), last_report(ours, "ours")
    peer = ["MESSAGE Depth 19-35 | Eval 776 | Time 970ms | C8"]
    assert last_report(peer, "peer") == ("19", "+776"), last_report(peer, "peer")
    assert last_report([], "peer") == ("-", "-")
    print("peer-tactics selftest: ok")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?",
                    default=os.path.join(TOP, "..", "shared", "positions", "tactics.txt"))
    ap.add_argument("--ms", type=int, default=1000, help="time per position (default 1000)")
    ap.add_argument("--save-ms", type=int, default=None,
                    help="time for the save positions (default: --ms)")
    ap.add_argument("--kind", choices=("win", "save"))
    ap.add_argument("--rule", choices=sorted(RULES))
    ap.add_argument("--peer", help="the reference's directory (default $GOMOKU_PEER)")
    ap.add_argument("--engine", help="another engine's command instead of the reference")
    ap.add_argument("--selftest", action="store_true")
    args = ap.parse_args()
    if args.selftest:
        return selftest()
    if args.ms <= 0 or (args.save_ms is not None and args.save_ms <= 0):
        ap.error("--ms and --save-ms must be positive")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
