#!/usr/bin/env python3
"""postmortem.py - where our lost games against a reference engine turned.

    GOMOKU_PEER=/path/to/peer-dir python3 bench/postmortem.py bench/games/<dir>/games.json
    python3 bench/postmortem.py --peer DIR --ms 400 --games 8 --json pm.json RECORD
    python3 bench/postmortem.py --logged bench/games/<dir>/games.json
    python3 bench/postmortem.py --selftest

RECORD is what ../shared/tools/match.py wrote with --json (games.json) or --out
(games.txt). For every game our engine lost, the game is replayed and the reference
engine (Rapfi, in the directory --peer or $GOMOKU_PEER, executable $GOMOKU_PEER_EXE or
pbrain-rapfi) judges the position before our first move and the position after each of
our moves, --ms milliseconds each; our engine judges the same positions (--our-ms). All
evaluations are shown from our side: +M7 means we win in 7 plies, -M7 we lose in 7.

The turn of a game is the first of our moves after which the reference's evaluation for
us stays at or below -THRESHOLD to the end (default 300, on the reference's scale of
about +-6000). The position before that move is judged too; when it is already at or
below -THRESHOLD, the evaluation crossed it on the opponent's reply, the reference had
misjudged our previous move, and that move is the turn (shown with the evaluation after
the reply). The turn is classified:
  a  forced win not seen: before our move the reference had a forced win for us;
  b  threat not defended: after our move (or the reply to it) the reference has a
     forced win against us;
  c  quiet move misjudged: a drop without forced results on either side.
If the evaluation never stays low (a game lost on time, or one the reference still
liked), the biggest drop is the turn. Games not lost by a five count apart.
Each game also lists its biggest single drop and every missed win (a move after which
our forced win, seen by the reference after our previous move, was gone). The summary
counts the classes, gives the median move of the turn and the mean evaluation by move
number. "Move" is the stone number in the game, opening stones included.

With --logged no engine is run: the evaluations are those both engines printed while
playing the match, read from its protocol log (match.py --log; protocol.log beside a
games.json, as bench/vs-peer.sh keeps it). Each position is then judged by the engine
that moved there, or else by the one that moved into it (its value of the position
after its chosen move).

One engine process is busy at a time (each game has its own pair of processes, started
afresh); a time-out or a crash leaves that position unjudged and restarts the engine.
Developer tool: needs the reference engine, never run by make test (except --selftest).
"""

import argparse
import json
import os
import re
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerlib as pl  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASS_TEXT = {"a": "forced win not seen", "b": "threat not defended",
              "c": "quiet move misjudged"}


# ---------------------------------------------------------------------------
# Judging positions
# ---------------------------------------------------------------------------

class Judge:
    """One engine judging positions of a game for our side."""

    def __init__(self, brain, kind, size, rule, ms, max_memory, grace_ms=None):
        self.brain, self.kind, self.grace_ms = brain, kind, grace_ms
        self.size, self.rule, self.ms, self.max_memory = size, rule, ms, max_memory
        self.failures = 0
        self.in_a_row = 0

    def start(self):
        self.in_a_row = 0
        try:
            self.brain.start(self.size, self.rule, self.ms, self.max_memory)
        except pl.EngineError as e:
            self.failures += 1
            self.in_a_row += 1
            sys.stderr.write("postmortem: %s\n" % e)

    def warm_up(self, moves):
        """One search thrown away: the first after START pays for setting up the hash
        table, and its evaluation would be worth less than the others."""
        try:
            self.brain.think(moves)
        except pl.EngineError as e:
            self.failures += 1
            self.in_a_row += 1
            sys.stderr.write("postmortem: %s\n" % e)

    def evaluate(self, moves, me):
        """The engine's evaluation, for colour `me`, of the position after `moves`;
        None when it gave none (time-out, crash, no report)."""
        side = pl.color_of_ply(len(moves))
        if self.in_a_row >= 3:
            return None  # given up on for this game
        try:
            move, lines, _ = self.brain.think(moves, self.grace_ms)
        except pl.EngineError as e:
            self.failures += 1
            self.in_a_row += 1
            sys.stderr.write("postmortem: %s%s\n" % (e, "; not asked again in this game"
                                                      if self.in_a_row >= 3 else ""))
            return None
        self.in_a_row = 0
        s = pl.final_eval(pl.parse_reports(lines, self.kind))
        if s is None and pl.Board(self.size, self.rule, moves).makes_five(move[0], move[1], side):
            # The reference plays an immediate five without printing an evaluation.
            s = pl.Score(0, 1)
        if s is None:
            return None
        return s if side == me else s.neg()

    def close(self):
        self.brain.close()


class LoggedJudge:
    """An engine's evaluations read from a match's protocol log (--logged) instead of
    asked for: what it printed before each move it played in the game. The value an
    engine reports at its move is its value of the position after that move (the best
    move's value), so a position is judged by the engine that moved there, or else by the
    one that moved into it. Nothing is started; the interface is Judge's."""

    def __init__(self, kind, replies, game, color, size, rule):
        self.kind, self.failures = kind, 0
        self.values = {}  # stones on the board when the engine moved -> its Score, its view
        moves, k0 = game["moves"], game["opening_stones"]
        plies = [i for i in range(k0, len(moves)) if pl.color_of_ply(i) == color]
        for i, (xy, lines) in zip(plies, replies):
            if xy != moves[i]:
                sys.stderr.write("postmortem: game %s: the log's move %d,%d at stone %d is not "
                                 "the record's; no logged %s evaluations\n" % (
                                     game["game"], xy[0], xy[1], i + 1, kind))
                self.values = {}
                break
            s = pl.final_eval(pl.parse_reports(lines, kind))
            if s is None and pl.Board(size, rule, moves[:i]).makes_five(xy[0], xy[1], color):
                s = pl.Score(0, 1)  # an immediate five is played without an evaluation
            if s is not None:
                self.values[i] = s

    def start(self):
        pass

    def warm_up(self, moves):
        pass

    def evaluate(self, moves, me):
        n = len(moves)
        for k in (n, n - 1):
            if k in self.values:
                s = self.values[k]
                return s if pl.color_of_ply(k) == me else s.neg()
        return None

    def close(self):
        pass


LOG_LINE = re.compile(r"^\s*[\d.]+\s+g(\d+):([AB]) < (.*)$")


def read_protocol_log(path):
    """match.py's --log file -> {(game, 'A' or 'B'): [((x, y), lines before it), ...]}:
    each move an engine sent, in order, with the lines it sent since its previous one."""
    out, pending = {}, {}
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        for line in f:
            m = LOG_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            key, text = (int(m.group(1)), m.group(2)), m.group(3)
            mv = pl.MOVE_RE.match(text)
            if mv:
                out.setdefault(key, []).append(((int(mv.group(1)), int(mv.group(2))),
                                                pending.pop(key, [])))
            else:
                pending.setdefault(key, []).append(text)
    return out


def key_or_none(s):
    return None if s is None else s.key()


# ---------------------------------------------------------------------------
# The turn of a game, from the evaluations alone (no engines: unit-testable)
# ---------------------------------------------------------------------------

def find_turn(start, points, threshold, clip):
    """start: the reference's Score (our view) before our first move; points: dicts with
    'move' and 'ref' (Score or None) after each of our moves, in order.
    Returns (turn index or None, how: 'threshold' | 'drop' | None, drop index, drops)
    where drops[i] is the fall of the clipped evaluation from the previous judged
    position to point i (positive = worse for us)."""
    drops = [None] * len(points)
    prev = start
    for i, p in enumerate(points):
        if p["ref"] is None:
            continue
        if prev is not None:
            drops[i] = prev.clipped(clip) - p["ref"].clipped(clip)
        prev = p["ref"]
    judged = [i for i, p in enumerate(points) if p["ref"] is not None]
    big = None
    for i in judged:
        if drops[i] is not None and (big is None or drops[i] > drops[big]):
            big = i
    if not judged:
        return None, None, big, drops
    if points[judged[-1]]["ref"].key() <= -threshold:
        turn = judged[0]
        for i in judged:
            if points[i]["ref"].key() > -threshold:
                turn = None
            elif turn is None:
                turn = i
        return turn, "threshold", big, drops
    return big, ("drop" if big is not None else None), big, drops


def classify(before, after, reply=None):
    """Class of the turning move from the reference's Scores (our view) before it, after
    it and, when known, after the opponent's reply: 'a', 'b' or 'c'."""
    if before is not None and before.is_mate and before.mate > 0:
        return "a"
    for s in (after, reply):
        if s is not None and s.is_mate and s.mate < 0:
            return "b"
    return "c"


def missed_wins(start, points):
    """Indices of our moves after which a forced win for us, seen by the reference in
    the position before them (judged after our previous move), was gone."""
    out = []
    prev = start
    for i, p in enumerate(points):
        s = p["ref"]
        if s is None:
            continue
        if prev is not None and prev.is_mate and prev.mate > 0 and not (s.is_mate and s.mate > 0):
            out.append(i)
        prev = s
    return out


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------

def analyse_game(game, me, rule, size, ref, ours, cfg):
    moves = game["moves"]
    k0 = game["opening_stones"]
    mine = [i for i in range(k0, len(moves)) if pl.color_of_ply(i) == me]
    over_on_our_move = bool(mine) and mine[-1] == len(moves) - 1
    res = {"game": game["game"], "opening": game["opening"],
           "color": "black" if me == pl.BLACK else "white", "reason": game["reason"],
           "stones": len(moves), "opening_stones": k0, "points": [], "turn": None}
    decided = "five" in game["reason"]
    if not mine:
        res["class"] = "other"
        return res
    judges = [j for j in (ref, ours) if j is not None]
    for j in judges:
        j.start()
        j.warm_up(moves[:k0])
    try:
        res["start"] = {"move": mine[0], "ref": ref.evaluate(moves[:mine[0]], me),
                        "ours": ours.evaluate(moves[:mine[0]], me) if ours else None}
        for n, i in enumerate(mine):
            if i == len(moves) - 1 and over_on_our_move:
                break  # the game ended on this move (a foul or an illegal move): nothing to judge
            p = {"move": i + 1, "xy": moves[i], "nth": n + 1,
                 "ref": ref.evaluate(moves[:i + 1], me),
                 "ours": ours.evaluate(moves[:i + 1], me) if ours else None}
            res["points"].append(p)
            if cfg.verbose:
                sys.stderr.write("  game %d move %d: ref %s ours %s\n" % (
                    game["game"], i + 1, p["ref"].text() if p["ref"] else "?",
                    p["ours"].text() if p["ours"] else "?"))
        pts = res["points"]
        t, how, big, drops = find_turn(res["start"]["ref"], pts, cfg.threshold, cfg.clip)
        for p, d in zip(pts, drops):
            p["drop"] = d
        res["biggest_drop"] = big
        res["missed_wins"] = missed_wins(res["start"]["ref"], pts)

        def before(k):
            """Both judges on the position before our move k (index into pts)."""
            if k == 0:
                return res["start"]["ref"], res["start"]["ours"]
            n = pts[k]["move"] - 1
            return ref.evaluate(moves[:n], me), (ours.evaluate(moves[:n], me) if ours else None)

        if t is not None:
            b_ref, b_ours = before(t)
            turn = {"index": t, "how": how, "before_ref": b_ref, "before_ours": b_ours,
                    "reply_ref": None, "reply_ours": None, "shifted": False}
            if t > 0 and b_ref is not None and b_ref.key() <= -cfg.threshold:
                # The eval crossed the threshold on the opponent's reply to our previous
                # move: the reference had misjudged that move, which is the turn.
                turn.update({"index": t - 1, "shifted": True, "reply_ref": b_ref,
                             "reply_ours": b_ours})
                turn["before_ref"], turn["before_ours"] = before(t - 1)
            res["turn"] = turn
            res["class"] = (classify(turn["before_ref"], pts[turn["index"]]["ref"], turn["reply_ref"])
                            if decided else "other")
        else:
            res["class"] = "other" if not decided else "unjudged"
    finally:
        for j in judges:
            j.close()
    return res


def fmt(s):
    return "?" if s is None else s.text()


def xy_text(xy):
    return "%d,%d %s" % (xy[0], xy[1], pl.coord_name(*xy))


def print_game(res, out):
    out.write("game %d (opening %s, we %s, lost: %s, %d stones)\n" % (
        res["game"], res["opening"], res["color"], res["reason"] or "?", res["stones"]))
    pts = res["points"]
    if not pts:
        out.write("  no move of ours to judge\n\n")
        return
    t = res.get("turn")
    if t:
        p = pts[t["index"]]
        cls = res["class"]
        out.write("  turn: move %d (our %d%s move, %s)%s: reference %s -> %s%s; %s%s; ours %s -> %s%s\n" % (
            p["move"], p["nth"], ordinal(p["nth"]), xy_text(p["xy"]),
            "" if t["how"] == "threshold" else " [biggest drop; never stayed low]",
            fmt(t["before_ref"]), fmt(p["ref"]),
            " -> %s after the reply" % fmt(t["reply_ref"]) if t["shifted"] else "",
            cls, (" (%s)" % CLASS_TEXT[cls]) if cls in CLASS_TEXT else " (%s)" % res["reason"],
            fmt(t["before_ours"]), fmt(p["ours"]),
            " -> %s" % fmt(t["reply_ours"]) if t["shifted"] else ""))
    else:
        out.write("  turn: none found (%s)\n" % res["class"])
    b = res.get("biggest_drop")
    if b is not None:
        prev = res["start"]["ref"] if b == 0 else next(
            (q["ref"] for q in reversed(pts[:b]) if q["ref"] is not None), None)
        out.write("  biggest drop: move %d (%s): %s -> %s\n" % (
            pts[b]["move"], xy_text(pts[b]["xy"]), fmt(prev), fmt(pts[b]["ref"])))
    mw = res.get("missed_wins") or []
    if mw:
        out.write("  missed wins: %s\n" % ", ".join(
            "move %d (%s, then %s)" % (pts[i]["move"], xy_text(pts[i]["xy"]), fmt(pts[i]["ref"]))
            for i in mw))
    out.write("  for us (move: reference/ours): start %s/%s |" % (
        fmt(res["start"]["ref"]), fmt(res["start"]["ours"])))
    for k, p in enumerate(pts):
        if k and k % 8 == 0:
            out.write("\n   ")
        out.write(" %d:%s/%s" % (p["move"], fmt(p["ref"]), fmt(p["ours"])))
    out.write("\n\n")


def ordinal(n):
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------

def summarise(results, clip, bin_width):
    counts = {"a": 0, "b": 0, "c": 0, "other": 0, "unjudged": 0}
    for r in results:
        counts[r.get("class", "unjudged")] = counts.get(r.get("class", "unjudged"), 0) + 1
    turns = [r["points"][r["turn"]["index"]]["move"] for r in results
             if r.get("turn") and r.get("class") in CLASS_TEXT]
    curve = {}
    for r in results:
        for p in r["points"]:
            b = (p["move"] - 1) // bin_width
            c = curve.setdefault(b, {"ref": [], "ours": [], "games": set()})
            c["games"].add(r["game"])
            if p["ref"] is not None:
                c["ref"].append(p["ref"].clipped(clip))
            if p["ours"] is not None:
                c["ours"].append(p["ours"].clipped(clip))
    rows = []
    for b in sorted(curve):
        c = curve[b]
        rows.append({"moves": "%d-%d" % (b * bin_width + 1, (b + 1) * bin_width),
                     "games": len(c["games"]),
                     "ref": sum(c["ref"]) / len(c["ref"]) if c["ref"] else None,
                     "ours": sum(c["ours"]) / len(c["ours"]) if c["ours"] else None})
    # Did our own engine see the turn? Its scale differs, so only the sign is compared.
    blind = seen = 0
    for r in results:
        if r.get("turn") and r.get("class") in CLASS_TEXT:
            s = r["points"][r["turn"]["index"]]["ours"]
            if s is not None:
                if s.key() >= 0:
                    blind += 1
                else:
                    seen += 1
    return {"games": len(results), "classes": counts, "ours_blind_at_turn": blind,
            "ours_negative_at_turn": seen,
            "turn_median": pl.median(turns), "turn_min": min(turns) if turns else None,
            "turn_max": max(turns) if turns else None,
            "games_with_missed_win": sum(1 for r in results if r.get("missed_wins")),
            "curve": rows}


def print_summary(st, cfg, out):
    c = st["classes"]
    out.write("Summary over %d lost games (reference %s, ours %s, threshold -%d)\n" % (
        st["games"], cfg.source, ("logged" if cfg.logged else "%d ms" % cfg.our_ms)
        if not cfg.no_ours else "not asked", cfg.threshold))
    out.write("  turn classes: a forced win not seen %d, b threat not defended %d, "
              "c quiet move misjudged %d" % (c["a"], c["b"], c["c"]))
    if c.get("other"):
        out.write(", not decided by a five %d" % c["other"])
    if c.get("unjudged"):
        out.write(", no turn found %d" % c["unjudged"])
    out.write("\n")
    if st["turn_median"] is not None:
        out.write("  turn at move: median %g (from %d to %d)\n" % (
            st["turn_median"], st["turn_min"], st["turn_max"]))
    if st["ours_blind_at_turn"] + st["ours_negative_at_turn"]:
        out.write("  our engine's own eval after the turning move: still >= 0 in %d, below 0 in %d\n"
                  % (st["ours_blind_at_turn"], st["ours_negative_at_turn"]))
    out.write("  games with a missed forced win (anywhere): %d\n" % st["games_with_missed_win"])
    out.write("  mean evaluation for us after our moves (clipped to +-%d, forced results at "
              "the clip):\n\n" % cfg.clip)
    out.write("| moves | games | reference | ours |\n|---|---|---|---|\n")
    for r in st["curve"]:
        out.write("| %s | %d | %s | %s |\n" % (
            r["moves"], r["games"], "-" if r["ref"] is None else "%+.0f" % r["ref"],
            "-" if r["ours"] is None else "%+.0f" % r["ours"]))


def to_json(obj):
    if isinstance(obj, pl.Score):
        return obj.text()
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_json(v) for v in obj]
    return obj


# ---------------------------------------------------------------------------
# Self-test: parsing and the turn logic, no engine needed
# ---------------------------------------------------------------------------

def selftest():
    import tempfile
    S = pl.Score
    # The reference's lines.
    r = pl.parse_peer_line("MESSAGE Depth 18-33 | Eval 55 | Time 974ms | J11 H11 J9")
    assert r["depth"] == 18 and r["seldepth"] == 33 and r["eval"] == S(55)
    assert r["time_ms"] == 974 and r["pv"] == [(9, 10), (7, 10), (9, 8)] and not r["final"]
    r = pl.parse_peer_line("MESSAGE Depth 16-26 | Eval -139 | Time 172ms | J11")
    assert r["eval"] == S(-139) and r["pv"] == [(9, 10)]
    r = pl.parse_peer_line("MESSAGE Speed 421K | Depth 18-33 | Eval +M25 | Node 1.2M | Time 974ms")
    assert r["final"] and r["nodes"] == 1200000 and r["speed"] == 421000
    assert r["eval"] == S(0, 25) and r["eval"].key() > 10000
    assert pl.parse_peer_line("MESSAGE Depth 4-2 | Eval -M2 | Time 0ms | J8")["eval"] == S(0, -2)
    assert pl.parse_peer_line("MESSAGE OptiTime 127ms | MaxTime 170ms") is None
    assert pl.parse_peer_line("MESSAGE Load config from config.toml") is None
    assert pl.parse_peer_line("9,10") is None
    # Ours.
    r = pl.parse_our_line("MESSAGE depth 8-38 score 10 nodes 379137 nps 660529 time 574 pv 7,10 9,10")
    assert r["depth"] == 8 and r["seldepth"] == 38 and r["eval"] == S(10)
    assert r["nodes"] == 379137 and r["time_ms"] == 574 and r["pv"] == [(7, 10), (9, 10)]
    assert pl.parse_our_line("MESSAGE depth 1-1 score 29999 nodes 2 nps 372 time 5 pv 4,7")["eval"] == S(0, 1)
    assert pl.parse_our_line("MESSAGE depth 4-1 score -29998 nodes 14 nps 1 time 1 pv 9,7")["eval"] == S(0, -2)
    assert pl.parse_our_line("MESSAGE hash size 4 MB refused: x") is None
    # Mates order above plain values, quicker wins higher, later losses higher.
    assert S(0, 3).key() > S(0, 9).key() > S(5999).key() > S(-5999).key() > S(0, -9).key() > S(0, -3).key()
    assert S(0, 7).neg() == S(0, -7) and S(40).neg() == S(-40)
    assert S(0, -4).clipped(2000) == -2000 and S(2500).clipped(2000) == 2000 and S(-12).clipped(2000) == -12
    assert pl.final_eval(pl.parse_reports([
        "MESSAGE Depth 16-23 | Eval 107 | Time 223ms | J11 H11",
        "MESSAGE Depth 16-29 | Eval 102 | Time 975ms | H11",
        "MESSAGE Speed 172K | Depth 16-29 | Eval 102 | Node 168K | Time 978ms"], "peer")) == S(102)
    assert pl.final_eval(pl.parse_reports([
        "MESSAGE depth 6-16 score -148 nodes 42220 nps 83773 time 504 pv 7,10",
        "MESSAGE depth 7-28 score 74 nodes 103207 nps 141346 time 730 pv 7,10"], "ours")) == S(74)
    assert pl.final_eval([]) is None
    # A five: freestyle accepts six, standard does not.
    row = [(3, 7), (3, 9), (4, 7), (4, 9), (6, 7), (6, 9), (7, 7), (0, 0), (8, 7), (1, 1)]
    assert pl.Board(15, pl.FREESTYLE, row).makes_five(5, 7, pl.BLACK)
    assert not pl.Board(15, pl.STANDARD, row).makes_five(5, 7, pl.BLACK)
    assert not pl.Board(15, pl.FREESTYLE, row).makes_five(5, 9, pl.WHITE)
    # Records: JSON and text, our colour and the winner.
    d = tempfile.mkdtemp()
    jpath, tpath = os.path.join(d, "games.json"), os.path.join(d, "games.txt")
    with open(jpath, "w") as f:
        json.dump({"config": {"rule": 4, "size": 15, "turn_ms": 200, "engine_a": "x"},
                   "engines": {"A": "pbrain-gomoku", "B": "Rapfi"},
                   "games": [{"game": 1, "opening": 0, "a_black": True, "black": "pbrain-gomoku",
                              "white": "Rapfi", "result": "0-1", "reason": "five",
                              "opening_stones": 3, "moves": ["7,7", "8,8", "6,8", "9,9"]}]}, f)
    with open(tpath, "w") as f:
        f.write("# match.py game records: standard, 15x15, 1000 ms/move\n# fields ...\n"
                "1\t0\tRapfi\tpbrain-gomoku\t1-0\tfive\t4\t3\t7,7 8,8 6,8 9,9\n")
    rj, rt = pl.load_record(jpath), pl.load_record(tpath)
    assert rj["rule"] == pl.RENJU and rt["rule"] == pl.STANDARD and rt["size"] == 15
    gj, gt = rj["games"][0], rt["games"][0]
    assert gj["moves"] == gt["moves"] == [(7, 7), (8, 8), (6, 8), (9, 9)]
    assert pl.our_color(gj, "A") == pl.BLACK and pl.our_color(gj, "B") == pl.WHITE
    assert pl.our_color(gt, "pbrain-gomoku") == pl.WHITE and pl.our_color(gt, "A") is None
    assert pl.winner_of(gj) == pl.WHITE and pl.winner_of(gt) == pl.BLACK
    os.remove(jpath)
    os.remove(tpath)
    os.rmdir(d)

    # The turn: a slow slide below -300 that stays there is a quiet move (c).
    def pts(*evals):
        return [{"move": 5 + 2 * i, "ref": e} for i, e in enumerate(evals)]
    p = pts(S(20), S(-150), S(-320), S(-280), S(-400), S(-900), S(0, -9), S(0, -1))
    t, how, big, drops = find_turn(S(0), p, 300, 2000)
    assert (t, how) == (4, "threshold")  # -280 came back above -300, so move 4 is the turn
    assert big == 6 and drops[6] == 2000 - 900 and drops[0] == -20
    assert classify(S(-280), p[t]["ref"]) == "c"
    assert classify(S(-100), S(-280), S(0, -30)) == "b" and classify(S(-100), S(-280), S(-400)) == "c"
    # A jump to a forced loss is a threat not defended (b).
    p = pts(S(20), S(10), S(0, -11), S(0, -5))
    t, how, big, _ = find_turn(S(0), p, 300, 2000)
    assert (t, how, big) == (2, "threshold", 2) and classify(S(10), p[t]["ref"]) == "b"
    # A forced win before the move, gone after it: a forced win not seen (a), and listed.
    p = pts(S(0, 23), S(-350), S(0, -3))
    t, how, _, _ = find_turn(S(50), p, 300, 2000)
    assert t == 1 and classify(p[0]["ref"], p[t]["ref"]) == "a"
    assert missed_wins(S(50), p) == [1]
    assert missed_wins(S(0, 9), pts(S(0, 7), S(0, 5))) == []
    assert missed_wins(S(0, 9), pts(S(100))) == [0]
    # Unjudged positions are skipped; all low from the first move: the first move.
    p = pts(S(-400), None, S(-800))
    t, how, _, drops = find_turn(S(-350), p, 300, 2000)
    assert (t, how) == (0, "threshold") and drops[1] is None and drops[2] == 400
    # Never stays low (a lost game the reference still liked): the biggest drop.
    p = pts(S(100), S(-500), S(-50))
    t, how, big, _ = find_turn(S(0), p, 300, 2000)
    assert (t, how) == (1, "drop") and big == 1
    assert find_turn(S(0), pts(None, None), 300, 2000)[0] is None
    # The summary's classes, median and curve.
    res = [{"game": 1, "class": "b", "turn": {"index": 1}, "missed_wins": [],
            "points": [{"move": 4, "ref": S(-100), "ours": S(10)}, {"move": 6, "ref": S(0, -3), "ours": None}]},
           {"game": 2, "class": "c", "turn": {"index": 0}, "missed_wins": [0],
            "points": [{"move": 9, "ref": S(-500), "ours": S(-20)}]}]
    st = summarise(res, 2000, 5)
    assert st["classes"]["b"] == 1 and st["classes"]["c"] == 1 and st["classes"]["a"] == 0
    assert st["turn_median"] == 7.5 and st["games_with_missed_win"] == 1
    assert st["ours_blind_at_turn"] == 0 and st["ours_negative_at_turn"] == 1
    assert [r["moves"] for r in st["curve"]] == ["1-5", "6-10"]
    assert st["curve"][0]["ref"] == -100 and st["curve"][1]["ref"] == (-2000 - 500) / 2
    assert st["curve"][1]["ours"] == -20 and st["curve"][1]["games"] == 2
    json.dumps(to_json(st))
    print("postmortem selftest ok")


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def build_parser():
    p = argparse.ArgumentParser(
        description="Replay the lost games of a match and find where each turned, with a "
                    "reference engine (Rapfi) as judge.")
    p.add_argument("record", nargs="?", help="games.json (match.py --json) or games.txt (--out)")
    p.add_argument("--peer", default=os.environ.get("GOMOKU_PEER"),
                   help="directory of the reference engine (default: $GOMOKU_PEER)")
    p.add_argument("--peer-exe", default=None,
                   help="its executable in that directory (default: $GOMOKU_PEER_EXE or pbrain-rapfi)")
    p.add_argument("--engine", help="our engine's command (default: the record's engine if it "
                                    "exists, else this tree's examples/pbrain-gomoku)")
    p.add_argument("--ours", default=None,
                   help="which engine is ours: A or B (JSON records) or a substring of its "
                        "name (default: A for JSON, 'pbrain-gomoku' for text records)")
    p.add_argument("--ms", type=int, default=400, help="reference's time per position (ms)")
    p.add_argument("--our-ms", type=int, default=None, help="our engine's time per position "
                                                            "(default: --ms)")
    p.add_argument("--no-ours", action="store_true", help="do not ask our engine (half the time)")
    p.add_argument("--games", type=int, default=0, help="judge at most this many lost games")
    p.add_argument("--threshold", type=int, default=300,
                   help="the game has turned when the reference's eval for us stays at or "
                        "below minus this (its scale)")
    p.add_argument("--clip", type=int, default=2000, help="evaluations are clipped to +-CLIP in "
                                                          "drops and means")
    p.add_argument("--bin", type=int, default=5, help="moves per row of the mean-eval table")
    p.add_argument("--grace-ms", type=int, default=2000,
                   help="an engine silent this long past its time is stopped and restarted")
    p.add_argument("--max-memory", type=int, default=None,
                   help="INFO max_memory (bytes) for both engines (default: none sent, each "
                        "keeps its default hash table, plenty for short searches)")
    p.add_argument("--logged", action="store_true",
                   help="judge with the evaluations both engines printed during the match, "
                        "read from its protocol log (match.py --log): no engine is run; "
                        "needs a JSON record")
    p.add_argument("--protocol-log", metavar="FILE", default=None,
                   help="that log (default: protocol.log beside the record)")
    p.add_argument("--json", help="write every judged position and the summary to this file")
    p.add_argument("--log", help="append the protocol traffic to this file")
    p.add_argument("-v", "--verbose", action="store_true", help="print each position as judged")
    p.add_argument("--selftest", action="store_true", help="test parsing and the turn logic (no engine)")
    return p


def on_sigterm(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    signal.signal(signal.SIGTERM, on_sigterm)
    cfg = build_parser().parse_args(argv)
    if cfg.selftest:
        selftest()
        return 0
    if not cfg.record:
        build_parser().error("a match record is needed")
    if cfg.our_ms is None:
        cfg.our_ms = cfg.ms
    if cfg.ms <= 0 or cfg.our_ms <= 0 or cfg.threshold <= 0 or cfg.clip <= 0 or cfg.bin <= 0:
        raise SystemExit("--ms, --our-ms, --threshold, --clip and --bin must be positive")
    rec = pl.load_record(cfg.record)
    is_json = any(g["a_black"] is not None for g in rec["games"])
    ours_label = cfg.ours or ("A" if is_json else "pbrain-gomoku")
    rule, size = rec["rule"], rec["size"]
    max_memory = cfg.max_memory

    lost = []
    for g in rec["games"]:
        me = pl.our_color(g, ours_label)
        if me is None:
            sys.stderr.write("postmortem: game %s: cannot tell which side is ours (--ours)\n" % g["game"])
            continue
        if pl.winner_of(g) == pl.other(me):
            lost.append((g, me))
    n_lost = len(lost)
    if cfg.games > 0:
        lost = lost[:cfg.games]

    if cfg.logged:
        if not is_json or ours_label not in ("A", "B"):
            raise SystemExit("--logged needs a JSON record (games.json) and --ours A or B")
        log_path = cfg.protocol_log or os.path.join(os.path.dirname(cfg.record), "protocol.log")
        try:
            logged = read_protocol_log(log_path)
        except OSError as e:
            raise SystemExit("postmortem: %s" % e)
        cfg.source = "logged in %s" % log_path
        return judge_logged(cfg, rec, lost, n_lost, ours_label, logged)
    cfg.source = "%d ms" % cfg.ms
    peer_argv, peer_cwd = pl.peer_command(cfg.peer, cfg.peer_exe)
    if cfg.engine:
        our_argv = pl.engine_argv(cfg.engine)
    else:
        rec_engine = rec["engine_a"] if ours_label == "A" else rec["engine_b"] if ours_label == "B" else None
        cand = pl.engine_argv(rec_engine) if rec_engine else []
        if cand and os.access(cand[0], os.X_OK):
            our_argv = cand
        else:
            our_argv = [os.path.join(TOP, "examples", "pbrain-gomoku")]
    if not cfg.no_ours and not os.access(our_argv[0], os.X_OK):
        raise SystemExit("%s is not an executable (build it: make examples/pbrain-gomoku)" % our_argv[0])

    out = sys.stdout
    write_header(out, cfg, rec, n_lost, ours_label, len(lost))
    out.write("reference: %s (%d ms a position); ours: %s\n\n" % (
        peer_argv[0], cfg.ms, "not asked" if cfg.no_ours else "%s (%d ms)" % (" ".join(our_argv), cfg.our_ms)))
    out.flush()
    log = open(cfg.log, "a", encoding="utf-8") if cfg.log else None
    results = []
    try:
        for g, me in lost:
            ref = Judge(pl.Brain(peer_argv, peer_cwd, "reference", log), "peer", size, rule,
                        cfg.ms, max_memory, cfg.grace_ms)
            ours = None if cfg.no_ours else Judge(pl.Brain(our_argv, None, "ours", log), "ours",
                                                  size, rule, cfg.our_ms, max_memory, cfg.grace_ms)
            res = analyse_game(g, me, rule, size, ref, ours, cfg)
            res["engine_failures"] = ref.failures + (ours.failures if ours else 0)
            results.append(res)
            print_game(res, out)
            out.flush()
    except KeyboardInterrupt:
        sys.stderr.write("postmortem: interrupted; summary of the games judged so far\n")
    finally:
        if log:
            log.close()
    report(cfg, rule, results, {"ms": cfg.ms, "our_ms": None if cfg.no_ours else cfg.our_ms,
                                "reference": peer_argv[0],
                                "ours": None if cfg.no_ours else " ".join(our_argv)}, out)
    return 0


def write_header(out, cfg, rec, n_lost, ours_label, n_judged):
    """The first line of the report: the record, its rule and size, the games lost."""
    rule, size = rec["rule"], rec["size"]
    out.write("%s: %s, %dx%d, %d games, %d lost by ours (%s); judging %d\n" % (
        cfg.record, pl.RULE_NAMES.get(rule, str(rule)), size, size, len(rec["games"]), n_lost,
        ours_label, n_judged))


def judge_logged(cfg, rec, lost, n_lost, ours_label, logged):
    """--logged: every lost game judged by what the engines printed while playing it."""
    rule, size, out = rec["rule"], rec["size"], sys.stdout
    ref_label = "B" if ours_label == "A" else "A"
    write_header(out, cfg, rec, n_lost, ours_label, len(lost))
    out.write("reference (%s) and ours: evaluations %s\n\n" % (ref_label, cfg.source))
    results = []
    for g, me in lost:
        ref = LoggedJudge("peer", logged.get((g["game"], ref_label), []), g, pl.other(me),
                          size, rule)
        ours = None if cfg.no_ours else LoggedJudge(
            "ours", logged.get((g["game"], ours_label), []), g, me, size, rule)
        res = analyse_game(g, me, rule, size, ref, ours, cfg)
        res["engine_failures"] = 0
        results.append(res)
        print_game(res, out)
    report(cfg, rule, results, {"logged": cfg.source}, out)
    return 0


def report(cfg, rule, results, settings, out):
    """The summary on `out`, and everything in --json when asked."""
    st = summarise(results, cfg.clip, cfg.bin)
    print_summary(st, cfg, out)
    if cfg.json:
        settings.update({"threshold": cfg.threshold, "clip": cfg.clip})
        with open(cfg.json, "w", encoding="utf-8") as f:
            json.dump(to_json({"record": cfg.record, "rule": pl.RULE_NAMES.get(rule, rule),
                               "settings": settings, "games": results, "summary": st}), f,
                      indent=1)
            f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
