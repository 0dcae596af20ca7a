#!/bin/sh
# Protocol soak of examples/pbrain-gomoku: 20 full games between two engine processes
# (test/pbrain_manager.py), over 15x15 and 20x20 and every rule, half of them from a
# random BOARD opening, with 80 ms per move and an 8 s game clock. Fails on any illegal
# move, timeout, crash or protocol error. Run from the project root (make test does).
cd "$(dirname "$0")/.." || exit 1
exec python3 test/pbrain_manager.py --self-test --engine "${1:-examples/pbrain-gomoku}" \
    --games 20 --sizes 15,20 --rules freestyle,standard,renju,caro \
    --timeout-turn 80 --timeout-match 8000 --tolerance 300 --openings --seed 1
