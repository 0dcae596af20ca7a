#!/usr/bin/env python3
"""fake_peer.py - a stand-in for the reference engine in the tests of bench/postmortem.py
and bench/depth-probe.py: speaks the Gomocup protocol and prints search reports in the
reference's format, with evaluations read from a table instead of searched.

FAKE_PEER_EVALS (JSON): stone count -> evaluation *for black* ("55", "-M5", ...), or
"default" for any count; the fake turns it to the side to move's view, as the reference
prints it. With no entry it prints no report (as the reference does when it plays an
immediate five). Its move: a five when it has one, else the first empty cell from the
centre outwards.
FAKE_PEER_CRASH_AT / FAKE_PEER_HANG_AT: stone count at which it exits / stops answering.
"""
import json
import os
import sys
import time

SIZE = 15


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def makes_five(cells, x, y, color):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            cx, cy = x + s * dx, y + s * dy
            while cells.get((cx, cy)) == color:
                n += 1
                cx, cy = cx + s * dx, cy + s * dy
        if n >= 5:
            return True
    return False


def negate(v):
    if v.lstrip("+-") == "0":
        return "0"
    return v[1:] if v.startswith("-") else "-" + v.lstrip("+")


def think(stones):
    n = len(stones)
    if str(n) == os.environ.get("FAKE_PEER_CRASH_AT"):
        sys.exit(3)
    if str(n) == os.environ.get("FAKE_PEER_HANG_AT"):
        time.sleep(60)
    table = json.loads(os.environ.get("FAKE_PEER_EVALS", "{}"))
    v = table.get(str(n), table.get("default"))
    if v is not None:
        if n % 2:  # white to move
            v = negate(v)
        if v.startswith("M"):
            v = "+" + v
        say("MESSAGE OptiTime 10ms | MaxTime 20ms")
        say("MESSAGE Depth 11-15 | Eval %s | Time 2ms | H8 I9" % v)
        say("MESSAGE Depth 12-20 | Eval %s | Time 3ms | H8" % v)
        say("MESSAGE Speed 100K | Depth 12-20 | Eval %s | Node 4096 | Time 4ms" % v)
    cells = {}
    me = 1 if n % 2 == 0 else 2
    for i, (x, y) in enumerate(stones):
        cells[(x, y)] = 1 if i % 2 == 0 else 2
    empty = [(x, y) for x in range(SIZE) for y in range(SIZE) if (x, y) not in cells]
    for x, y in empty:
        if makes_five(cells, x, y, me):
            return x, y
    c = SIZE // 2
    return min(empty, key=lambda p: (max(abs(p[0] - c), abs(p[1] - c)), p))


def main():
    stones = None
    for raw in sys.stdin:
        cmd = raw.strip()
        up = cmd.upper()
        if up.startswith("START") or up == "RESTART":
            say("OK")
        elif up == "BOARD":
            stones = []
        elif up == "DONE":
            say("%d,%d" % think(stones))
            stones = None
        elif stones is not None:
            x, y, _ = cmd.split(",")
            stones.append((int(x), int(y)))
        elif up == "END":
            return
        elif up.startswith("ABOUT"):
            say('name="fake-peer", version="0"')


if __name__ == "__main__":
    main()
