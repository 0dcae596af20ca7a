#!/bin/sh
# Protocol soak of examples/pbrain-gomoku: 20 full games between two engine processes
# (test/pbrain_manager.py), over 15x15 and 20x20 and every rule, about half from a
# random BOARD opening, with 80 ms per move and an 8 s game clock. Fails on any illegal
# move, timeout, crash or protocol error. A move may take up to 500 ms more than the
# 80 ms before it counts as a timeout: the engine hands the library 55 ms of it (the
# library keeps its own margin within that), and the rest absorbs
# scheduling delays on a loaded 2-core machine (seen up to ~200 ms with six jobs
# running); the summary counts the moves over 80 ms. Run from the project root.
cd "$(dirname "$0")/.." || exit 1
exec python3 test/pbrain_manager.py --self-test --engine "${1:-examples/pbrain-gomoku}" \
    --games 20 --sizes 15,20 --rules freestyle,standard,renju,caro \
    --timeout-turn 80 --timeout-match 8000 --tolerance 500 --openings --seed 1
