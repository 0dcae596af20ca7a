#!/bin/sh
# Every example of every man page runs as printed (see test/man_examples.py).
exec python3 "$(dirname "$0")/man_examples.py"
