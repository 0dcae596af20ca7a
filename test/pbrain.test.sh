#!/bin/sh
# Protocol test of examples/pbrain-gomoku: a scripted Gomocup session (test/pbrain_driver.py)
# that checks every answer. Run from the project root (make test does).
cd "$(dirname "$0")/.." || exit 1
exec python3 test/pbrain_driver.py "${1:-examples/pbrain-gomoku}"
