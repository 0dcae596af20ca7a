#!/usr/bin/env python3
"""depth-probe.py - depth, nodes and branching factor of our engine beside the reference's.

    GOMOKU_PEER=/path/to/peer-dir python3 bench/depth-probe.py [--openings 4] [--rule freestyle] [--ms 1000]
    GOMOKU_PEER=... python3 bench/depth-probe.py --games RECORD... [--plies 8,13,18,23] [--positions 80]
    python3 bench/depth-probe.py --selftest

For each of the first N openings of ../shared/tools/openings.txt, both engines (ours:
--engine, default this tree's examples/pbrain-gomoku; the reference: --peer or
$GOMOKU_PEER) search the opening position once, one thread, --ms per move, one engine
at a time. Each runs in a fresh process, warmed up by a short search of an unrelated
position first (the first search after START pays for the hash table). The table gives
per engine and position: nominal depth and selective depth of the last report, nodes,
the engine's own time and the wall time to the move, nodes per second, and two effective
branching factors:

  iter  ours only: the geometric mean of n(d)/n(d-1) over the last --last iterations,
        n(d) being the nodes of iteration d alone (our reports give the running total
        after each completed iteration, root threat search included).
  N^1/d both: total nodes to the power 1/depth. The reference prints only its total at
        the end, so this is the one figure both have; its depth is nominal (fractional
        plies, reductions of several plies per move), so a lower N^1/d there means a
        narrower tree *per nominal ply*, not the same thing as ours.

  swing both: the mean change of the reported value from one iteration to the next
        (depth 5 on; mates and values beyond +-3000 left out). The reference's value
        hardly moves between iterations; ours moved by about 290 a ply in the
        games of the seventeenth session (docs/strength.md).

With --games the positions come from match records instead (bench/vs-peer.sh keeps them):
the board of each game after 8, 13, 18 and 23 stones (--plies), where the game went on for
four more moves, up to --positions of them; the middle game is where the two engines'
values differ most from one iteration to the next.

The reference's last report may belong to an iteration it did not finish (a one-move PV),
so its depth is the deepest iteration it started; ours is the last it completed.
Developer tool: needs the reference engine, never run by make test (except --selftest).
"""

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerlib as pl  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARM_UP = [(0, 0), (14, 14)]
WARM_UP_MS = 100
SWING_FROM = 5  # iterations compared by swing(): below this both engines still move a lot


def load_openings(path):
    """Openings as lists of (x, y): zero-based 'x,y' pairs or the compact 'h8i9' form."""
    out = []
    with open(path, "r", encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if "," in line:
                out.append([tuple(int(v) for v in t.split(",")) for t in line.replace(";", " ").split()])
            else:
                out.append([(ord(m.group(1).lower()) - ord("a"), int(m.group(2)) - 1)
                            for m in re.finditer(r"([a-zA-Z])(\d+)", line)])
    return out


def positions_from_games(paths, plies, most):
    """Positions of match.py records (games.json or games.txt): for each game in turn, the
    moves before each ply of `plies` that the game outlasts by four moves or more, at most
    `most` of them; as [(label, moves)]."""
    out = []
    for path in paths:
        for g in pl.load_record(path)["games"]:
            for p in plies:
                if len(g["moves"]) > p + 4 and len(out) < most:
                    out.append(("g%d@%d" % (g["game"], p), g["moves"][:p]))
    return out


def iteration_nodes(reports):
    """Our reports (running totals after each completed iteration) -> [(depth, nodes of
    that iteration)], the last report of each depth kept."""
    last = {}
    for r in reports:
        last[r["depth"]] = r["nodes"]
    out, prev = [], 0
    for d in sorted(last):
        out.append((d, last[d] - prev))
        prev = last[d]
    return out


def ebf_iter(reports, last_n):
    """Geometric mean of n(d)/n(d-1) over the last `last_n` pairs of consecutive depths;
    None when there are none."""
    it = iteration_nodes(reports)
    ratios = [b[1] / a[1] for a, b in zip(it, it[1:]) if b[0] == a[0] + 1 and a[1] > 0 and b[1] > 0]
    return pl.geomean(ratios[-last_n:]) if ratios else None


def swing(reports, from_depth=SWING_FROM):
    """Mean |eval(d) - eval(d-1)| over consecutive iterations from from_depth on, the last
    report of each depth, mates and values beyond +-3000 left out (where the two scales
    are no longer comparable); None when there are none. A search whose value moves little
    from one iteration to the next judges the position the same way at every depth."""
    last = {}
    for r in reports:
        last[r["depth"]] = r["eval"]
    diffs = [abs(last[d].value - last[d - 1].value) for d in sorted(last)
             if d >= from_depth and d - 1 in last
             and not last[d].is_mate and not last[d - 1].is_mate
             and abs(last[d].value) <= 3000 and abs(last[d - 1].value) <= 3000]
    return sum(diffs) / len(diffs) if diffs else None


def summarise_run(kind, reports, wall_s):
    """One engine's search of one position -> a row (dict)."""
    row = {"depth": None, "seldepth": None, "nodes": None, "time_ms": None,
           "wall_ms": round(wall_s * 1000.0), "eval": None, "ebf_iter": None, "ebf_root": None,
           "nps": None, "swing": swing(reports)}
    if not reports:
        return row
    last = reports[-1]
    row["depth"], row["seldepth"], row["eval"] = last["depth"], last["seldepth"], last["eval"].text()
    row["time_ms"] = last.get("time_ms")
    if kind == "ours":
        row["nodes"] = max(r["nodes"] for r in reports)
    else:
        finals = [r for r in reports if r.get("final")]
        row["nodes"] = finals[-1]["nodes"] if finals else None
        row["seldepth"] = max(r["seldepth"] for r in reports if r["depth"] == last["depth"])
    if row["nodes"] and row["depth"]:
        row["ebf_root"] = row["nodes"] ** (1.0 / row["depth"])
    if row["nodes"] and row["time_ms"]:
        row["nps"] = row["nodes"] * 1000.0 / row["time_ms"]
    return row


def probe(brain, kind, size, rule, ms, moves, max_memory, last_n):
    try:
        brain.start(size, rule, WARM_UP_MS, max_memory)
        brain.think(WARM_UP)
        brain.set_turn_ms(ms)
        _, lines, wall = brain.think(moves)
    except pl.EngineError as e:
        sys.stderr.write("depth-probe: %s\n" % e)
        return None
    finally:
        brain.close()
    reports = pl.parse_reports(lines, kind)
    row = summarise_run(kind, reports, wall)
    if kind == "ours":
        row["ebf_iter"] = ebf_iter(reports, last_n)
    return row


def fmt(v, spec="%d"):
    return "-" if v is None else spec % v


def fmt_nodes(n):
    if n is None:
        return "-"
    return "%.2fM" % (n / 1e6) if n >= 1e6 else "%.0fK" % (n / 1e3) if n >= 1e4 else "%d" % n


def print_table(rows, out):
    out.write("| opening | engine | depth | seldepth | nodes | time ms | wall ms | nodes/s | "
              "EBF iter | N^1/d | swing | eval |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for r in rows:
        out.write("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
            r["opening"], r["engine"], fmt(r["depth"]), fmt(r["seldepth"]), fmt_nodes(r["nodes"]),
            fmt(r["time_ms"], "%.0f"), fmt(r["wall_ms"]),
            "-" if r["nps"] is None else "%.0fK" % (r["nps"] / 1e3),
            fmt(r["ebf_iter"], "%.2f"), fmt(r["ebf_root"], "%.2f"), fmt(r.get("swing"), "%.0f"),
            r["eval"] or "-"))
    for eng in ("ours", "reference"):
        rs = [r for r in rows if r["engine"] == eng and r["depth"] is not None]
        if not rs:
            continue

        def mean(key):
            vs = [r[key] for r in rs if r[key] is not None]
            return sum(vs) / len(vs) if vs else None
        out.write("| mean | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | |\n" % (
            eng, fmt(mean("depth"), "%.1f"), fmt(mean("seldepth"), "%.1f"), fmt_nodes(mean("nodes")),
            fmt(mean("time_ms"), "%.0f"), fmt(mean("wall_ms"), "%.0f"),
            "-" if mean("nps") is None else "%.0fK" % (mean("nps") / 1e3),
            fmt(mean("ebf_iter"), "%.2f"), fmt(mean("ebf_root"), "%.2f"), fmt(mean("swing"), "%.0f")))


def selftest():
    ours = pl.parse_reports([
        "MESSAGE depth 1-1 score 188 nodes 52 nps 9639 time 5 pv 7,10",
        "MESSAGE depth 2-2 score -440 nodes 323 nps 1307 time 247 pv 9,9 10,8",
        "MESSAGE depth 3-6 score 116 nodes 938 nps 2492 time 376 pv 9,9 9,10 7,8",
        "MESSAGE depth 4-7 score -194 nodes 3971 nps 10243 time 388 pv 7,11 6,7",
        "MESSAGE depth 4-7 score -190 nodes 4000 nps 10243 time 390 pv 7,11 6,7",
        "MESSAGE depth 5-13 score 62 nodes 12000 nps 32817 time 418 pv 7,10 6,10",
        "MESSAGE depth 6-16 score -148 nodes 44000 nps 83773 time 504 pv 7,10 6,10"], "ours")
    it = iteration_nodes(ours)
    assert it == [(1, 52), (2, 271), (3, 615), (4, 3062), (5, 8000), (6, 32000)], it
    e = ebf_iter(ours, 2)
    assert abs(e - ((8000 / 3062) * (32000 / 8000)) ** 0.5) < 1e-9
    row = summarise_run("ours", ours, 0.5)
    assert row["depth"] == 6 and row["seldepth"] == 16 and row["nodes"] == 44000
    assert abs(row["ebf_root"] - 44000 ** (1 / 6)) < 1e-9 and row["wall_ms"] == 500
    # depth 5 against 4's last report (-190), 6 against 5: (252 + 210) / 2
    assert row["swing"] == 231, row["swing"]
    peer = pl.parse_reports([
        "MESSAGE OptiTime 127ms | MaxTime 170ms",
        "MESSAGE Depth 16-23 | Eval 107 | Time 223ms | J11 H11 J9 J10",
        "MESSAGE Depth 17-29 | Eval 102 | Time 975ms | H11",
        "MESSAGE Depth 17-31 | Eval 99 | Time 976ms | H11",
        "MESSAGE Speed 172K | Depth 17-31 | Eval 99 | Node 168K | Time 978ms"], "peer")
    row = summarise_run("peer", peer, 0.98)
    assert row["swing"] == 8  # 107 at depth 16, then 99 as the last of depth 17
    assert summarise_run("peer", pl.parse_reports([
        "MESSAGE Depth 5-9 | Eval 40 | Time 2ms | J11", "MESSAGE Depth 6-9 | Eval +M9 | Time 3ms | J11",
        "MESSAGE Depth 7-9 | Eval 10 | Time 4ms | J11", "MESSAGE Depth 8-9 | Eval 16 | Time 5ms | J11"],
        "peer"), 0.1)["swing"] == 6  # the mate's two steps left out
    assert row["depth"] == 17 and row["seldepth"] == 31 and row["nodes"] == 168000
    assert row["time_ms"] == 978 and abs(row["ebf_root"] - 168000 ** (1 / 17)) < 1e-9
    assert summarise_run("peer", [], 1.0)["depth"] is None
    import tempfile
    d = tempfile.mkdtemp()
    p = os.path.join(d, "o.txt")
    with open(p, "w") as f:
        f.write("# c\n8,9 8,10 6,5   # +0\n\nh8i9g9\n")
    assert load_openings(p) == [[(8, 9), (8, 10), (6, 5)], [(7, 7), (8, 8), (6, 8)]]
    os.remove(p)
    p = os.path.join(d, "games.json")
    with open(p, "w") as f:
        json.dump({"config": {"rule": 0}, "games": [
            {"game": 1, "result": "1-0", "moves": ["%d,7" % x for x in range(13)]},
            {"game": 2, "result": "0-1", "moves": ["%d,5" % x for x in range(10)]}]}, f)
    got = positions_from_games([p], [4, 8], 3)
    assert [(lab, len(m)) for lab, m in got] == [("g1@4", 4), ("g1@8", 8), ("g2@4", 4)], got
    assert got[1][1][-1] == (7, 7)
    os.remove(p)
    os.rmdir(d)
    print("depth-probe selftest ok")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Depth, nodes and branching factor of our engine "
                                             "and the reference on the first openings.")
    ap.add_argument("--openings", type=int, default=4, help="how many openings, from the first")
    ap.add_argument("--openings-file", default=os.path.join(TOP, "..", "shared", "tools", "openings.txt"))
    ap.add_argument("--rule", default="freestyle", help="freestyle, standard or renju (or 0, 1, 4)")
    ap.add_argument("--ms", type=int, default=1000, help="time per move for both (ms)")
    ap.add_argument("--peer", default=os.environ.get("GOMOKU_PEER"),
                    help="directory of the reference engine (default: $GOMOKU_PEER)")
    ap.add_argument("--peer-exe", default=None,
                    help="its executable (default: $GOMOKU_PEER_EXE or pbrain-rapfi)")
    ap.add_argument("--engine", default=os.path.join(TOP, "examples", "pbrain-gomoku"),
                    help="our engine's command")
    ap.add_argument("--last", type=int, default=3, help="iterations averaged in EBF iter")
    ap.add_argument("--max-memory", type=int, default=None,
                    help="INFO max_memory for both (default: none sent, default tables)")
    ap.add_argument("--games", nargs="+", metavar="RECORD",
                    help="probe positions of these match.py records instead of the openings")
    ap.add_argument("--plies", default="8,13,18,23",
                    help="with --games: the stones on the board of the positions taken")
    ap.add_argument("--positions", type=int, default=80, help="with --games: at most this many")
    ap.add_argument("--json", help="also write the rows as JSON to this file")
    ap.add_argument("--selftest", action="store_true", help="test the parsing (no engine)")
    cfg = ap.parse_args(argv)
    if cfg.selftest:
        selftest()
        return 0
    if cfg.rule.lower() not in pl.RULE_BY_NAME:
        ap.error("unknown rule %r" % cfg.rule)
    rule = pl.RULE_BY_NAME[cfg.rule.lower()]
    if cfg.ms <= 0 or cfg.openings <= 0 or cfg.last <= 0 or cfg.positions <= 0:
        ap.error("--ms, --openings, --last and --positions must be positive")
    peer_argv, peer_cwd = pl.peer_command(cfg.peer, cfg.peer_exe)
    our_argv = pl.engine_argv(cfg.engine)
    if not os.access(our_argv[0], os.X_OK):
        raise SystemExit("%s is not an executable (build it: make examples/pbrain-gomoku)" % our_argv[0])
    if cfg.games:
        try:
            plies = [int(v) for v in cfg.plies.split(",")]
            positions = positions_from_games(cfg.games, plies, cfg.positions)
        except (OSError, ValueError, KeyError) as e:
            ap.error("--games/--plies: %s" % e)
        what = "%d positions of %s" % (len(positions), " ".join(cfg.games))
    else:
        positions = [(i + 1, m) for i, m in enumerate(load_openings(cfg.openings_file)[:cfg.openings])]
        what = "%d openings" % len(positions)
    sys.stdout.write("%s, %d ms a move, one thread, %s; ours: %s; reference: %s\n\n" % (
        pl.RULE_NAMES[rule], cfg.ms, what, " ".join(our_argv), peer_argv[0]))
    sys.stdout.flush()
    rows = []
    for label, moves in positions:
        for eng, kind, brain in (("ours", "ours", pl.Brain(our_argv, None, "ours")),
                                 ("reference", "peer", pl.Brain(peer_argv, peer_cwd, "reference"))):
            row = probe(brain, kind, 15, rule, cfg.ms, moves, cfg.max_memory, cfg.last)
            if row is None:
                row = summarise_run(kind, [], 0)
            row.update({"opening": label, "engine": eng,
                        "position": " ".join("%d,%d" % m for m in moves)})
            rows.append(row)
    print_table(rows, sys.stdout)
    if cfg.json:
        with open(cfg.json, "w", encoding="utf-8") as f:
            json.dump({"rule": pl.RULE_NAMES[rule], "ms": cfg.ms, "rows": rows}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
