#!/usr/bin/env python3
"""The forced wins our moves let the reference engine prove, as a tactical benchmark.

    python3 bench/mate-probe.py extract POSTMORTEM.json... > FILE
    python3 bench/mate-probe.py attack FILE [--nodes N] [--lib PATH]
    python3 bench/mate-probe.py defend FILE [--ms MS] [--peer DIR] [--lib PATH]
    python3 bench/mate-probe.py extract-won RECORD... > FILE
    python3 bench/mate-probe.py peer FILE [--nodes N] [--peer DIR]

`extract` reads the JSON reports of bench/postmortem.py (--json) and the match records
they name, and writes one line per lost game: the first of our moves after which the
reference's value for us became a forced loss (a mate score) where it was not one before.
A line is `RULE MATE BEFORE MOVE...`: the reference's mate length in plies, its value
for us before that move, and the game's moves up to and including it (x,y, black first).
The matches are 15x15, as bench/vs-peer.sh plays them. Game records stay outside the
repository, and so does FILE.

`attack` plays each line's moves and searches the position (the reference to move, with
its forced win) with the library's strong search, one thread, N nodes (default 2,000,000):
how often does our search score the win the reference proved? A win found with some of
the loser's moves pruned (GOMOKU_SCORE_WIN_MIN - 1) counts. Node-limited, so the counts
repeat exactly for a build.

`defend` searches the position before the move (our side to move) for MS ms (default
1,000, one thread), then asks the reference (500 ms) about the position after the move
ours chose: a move the reference does not answer with a mate is a blunder avoided. Timed,
so the counts move by a few from run to run.

`extract-won` is the other side of `extract`: from match records (games.json, with the
protocol.log bench/vs-peer.sh keeps beside it), for each game our engine (engine A, as
vs-peer.sh plays it) won, the position before the first of our moves whose search
reported a forced win (BEFORE is 0). `peer` puts a FILE's positions to the reference
with a node limit (INFO max_node N, default 300,000; a fresh game each) and counts the
forced wins it reports. The two lists and the two engines at equal nodes tell a gap in
reading forced wins from the choice of positions: each list holds wins its finder read
in its time.

--lib selects the library (a build's lib/libgomoku.so; default: the Python binding's
search order); --peer the reference's directory (default $GOMOKU_PEER). Exit status 0,
or 2 on bad arguments or an unreadable file.
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import peerlib as pl  # noqa: E402

SCORE_WIN = 30000
SCORE_WIN_MIN = SCORE_WIN - 1000


def fail(msg):
    print("mate-probe.py: " + msg, file=sys.stderr)
    sys.exit(2)


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read %s (%s)" % (path, e))


def find_record(report_path, record):
    """The match record a report names: as given, or beside the report, or under bench/games."""
    for cand in (record, os.path.join(os.path.dirname(report_path), record),
                 os.path.join(HERE, "games", record)):
        if os.path.exists(cand):
            return cand
    fail("cannot find the record %s of %s" % (record, report_path))


def extract(paths):
    for path in paths:
        rep = read_json(path)
        try:
            record = pl.load_record(find_record(path, rep["record"]))
        except (OSError, ValueError) as e:
            fail("cannot read the record of %s (%s)" % (path, e))
        games = {str(g["game"]): g for g in record["games"]}
        for g in rep["games"]:
            before = None
            for p in g["points"]:
                s = pl.parse_peer_eval(str(p["ref"]))
                if s is not None and s.mate is not None and s.mate < 0:
                    if before is not None:
                        moves = games[str(g["game"])]["moves"][:p["move"]]
                        print("%s %d %s %s" % (rep["rule"], -s.mate, before,
                                               " ".join("%d,%d" % m for m in moves)))
                    break
                before = str(p["ref"])


def load_lines(path):
    out = []
    try:
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) >= 4 and not line.startswith("#"):
                    out.append((w[0], int(w[1]), w[2], w[3:]))
    except (OSError, ValueError) as e:
        fail("cannot read %s (%s)" % (path, e))
    if not out:
        fail("%s holds no positions" % path)
    return out


def gomoku_module(lib):
    if lib:
        os.environ["GOMOKU_LIBRARY"] = os.path.abspath(lib)
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    import gomoku
    return gomoku


def engine_at(gomoku, rule, moves):
    e = gomoku.Engine(15, rule)
    for m in pl.parse_moves(moves):
        e.play(m)
    return e


def attack(cfg):
    gomoku = gomoku_module(cfg.lib)
    found = 0
    lines = load_lines(cfg.file)
    t0 = time.monotonic()
    for i, (rule, mate, _, moves) in enumerate(lines, 1):
        e = engine_at(gomoku, rule, moves)
        r = e.search(time_ms=None, nodes=cfg.nodes)
        e.close()
        win = r.score >= SCORE_WIN_MIN - 1
        found += win
        if cfg.verbose:
            print("%3d mate in %2d: %s, score %6d, depth %2d, nodes %d" %
                  (i, mate, "found" if win else "not found", r.score, r.depth, r.nodes))
    print("found %d of %d forced wins at %d nodes (%.0f s)" %
          (found, len(lines), cfg.nodes, time.monotonic() - t0))


def defend(cfg):
    gomoku = gomoku_module(cfg.lib)
    argv, cwd = pl.peer_command(cfg.peer)
    ref = pl.Brain(argv, cwd, "reference")
    lines = load_lines(cfg.file)
    avoided = same = 0
    for i, (rule, _, before_ref, moves) in enumerate(lines, 1):
        before, played = moves[:-1], moves[-1]
        e = engine_at(gomoku, rule, before)
        r = e.search(time_ms=cfg.ms)
        e.close()
        ours = "%d,%d" % (r.best.x, r.best.y)
        verdict = "the same move"
        if ours == played:
            same += 1
        else:
            ref.start(15, pl.RULE_BY_NAME[rule], 500)
            try:
                _, reps, _ = ref.think(pl.parse_moves(before + [ours]))
                s = pl.final_eval(pl.parse_reports(reps, "peer"))
            except pl.EngineError as err:
                s = None
                sys.stderr.write("mate-probe.py: %s\n" % err)
            lost = s is not None and s.mate is not None and s.mate > 0
            avoided += not lost
            verdict = "still lost" if lost else "avoided (reference %s)" % (s.text() if s else "?")
        if cfg.verbose:
            print("%3d played %s, ours %s (score %d): %s" % (i, played, ours, r.score, verdict))
    ref.close()
    print("avoided %d of %d blunders at %d ms (the same move in %d)" %
          (avoided, len(lines), cfg.ms, same))


def extract_won(paths):
    from postmortem import read_protocol_log
    for path in paths:
        rec = os.path.join(path, "games.json") if os.path.isdir(path) else path
        log = os.path.join(os.path.dirname(os.path.abspath(rec)), "protocol.log")
        try:
            record = pl.load_record(rec)
            replies = read_protocol_log(log)
        except (OSError, ValueError) as e:
            fail("cannot read %s or its protocol.log (%s)" % (rec, e))
        rule = pl.RULE_NAMES[record["rule"]]
        for g in record["games"]:
            ours = pl.our_color(g, "A")
            if pl.winner_of(g) != ours:
                continue
            moves, k0 = g["moves"], g["opening_stones"]
            plies = [i for i in range(k0, len(moves)) if pl.color_of_ply(i) == ours]
            for i, (xy, lines) in zip(plies, replies.get((int(g["game"]), "A"), [])):
                if tuple(xy) != tuple(moves[i]):
                    break
                s = pl.final_eval(pl.parse_reports(lines, "ours"))
                if s is not None and s.mate is not None and s.mate > 0:
                    print("%s %d 0 %s" % (rule, s.mate,
                                          " ".join("%d,%d" % tuple(m) for m in moves[:i])))
                    break


def peer(cfg):
    argv, cwd = pl.peer_command(cfg.peer)
    ref = pl.Brain(argv, cwd, "reference")
    found = 0
    lines = load_lines(cfg.file)
    t0 = time.monotonic()
    for i, (rule, mate, _, moves) in enumerate(lines, 1):
        # a fresh game each: no table carries over from the line before
        ref.close()
        # the node limit decides; the time a move is only a bound
        ref.start(15, pl.RULE_BY_NAME[rule], 600000, infos=("max_node %d" % cfg.nodes,))
        try:
            _, reps, _ = ref.think(pl.parse_moves(moves))
            s = pl.final_eval(pl.parse_reports(reps, "peer"))
        except pl.EngineError as err:
            s = None
            sys.stderr.write("mate-probe.py: %s\n" % err)
        win = s is not None and s.mate is not None and s.mate > 0
        found += win
        if cfg.verbose:
            print("%3d mate in %2d: %s (%s)" % (i, mate, "found" if win else "not found",
                                                s.text() if s else "?"))
    ref.close()
    print("the reference found %d of %d forced wins at %d nodes (%.0f s)" %
          (found, len(lines), cfg.nodes, time.monotonic() - t0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    x = sub.add_parser("extract")
    x.add_argument("reports", nargs="+")
    x = sub.add_parser("extract-won")
    x.add_argument("records", nargs="+")
    for name in ("attack", "defend", "peer"):
        p = sub.add_parser(name)
        p.add_argument("file")
        p.add_argument("-v", "--verbose", action="store_true")
        if name != "peer":
            p.add_argument("--lib")
        if name == "attack":
            p.add_argument("--nodes", type=int, default=2000000)
        elif name == "peer":
            p.add_argument("--nodes", type=int, default=300000)
        else:
            p.add_argument("--ms", type=int, default=1000)
        if name != "attack":
            p.add_argument("--peer", default=os.environ.get("GOMOKU_PEER"))
    cfg = ap.parse_args()
    if cfg.cmd == "extract":
        extract(cfg.reports)
    elif cfg.cmd == "extract-won":
        extract_won(cfg.records)
    elif cfg.cmd == "peer":
        if cfg.nodes <= 0:
            fail("--nodes must be positive")
        if not cfg.peer:
            fail("no reference: --peer DIR or GOMOKU_PEER")
        peer(cfg)
    elif cfg.cmd == "attack":
        if cfg.nodes <= 0:
            fail("--nodes must be positive")
        attack(cfg)
    else:
        if cfg.ms <= 0:
            fail("--ms must be positive")
        defend(cfg)


if __name__ == "__main__":
    main()
