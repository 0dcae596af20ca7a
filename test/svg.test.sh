#!/bin/sh
# gomoku-analyze --svg FILE: the picture is well-formed XML (read back with Python's
# parser) and holds the stones, the last move, the best move and the line found, for the
# textbook and the strong search and for a finished game. Run from the repository root.
A=${ANALYZE:-./examples/gomoku-analyze}
[ -x "$A" ] || { echo "svg.test.sh: $A not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"

# svg_has FILE BLACK WHITE BEST: parses FILE; BLACK and WHITE stones; BEST 1 when a best
# move and a line are drawn, 0 when none is.
svg_has() {
    python3 - "$@" <<'PY'
import sys, xml.etree.ElementTree as ET
path, black, white, best = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
root = ET.parse(path).getroot()
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg", root.tag
circles = list(root.iter(ns + "circle"))
cls = lambda c: c.get("class") or ""
assert sum(cls(c) == "stone black" for c in circles) == black, "black stones"
assert sum(cls(c) == "stone white" for c in circles) == white, "white stones"
assert sum(cls(c) == "last" for c in circles) == (1 if black + white else 0), "last move"
assert sum(cls(c) == "best" for c in circles) == best, "best move"
PY
}

"$A" --svg "$tmp/a.svg" h8 i9 h9 h10 g7 > /dev/null 2>&1
check "textbook search with --svg exits 0" [ $? -eq 0 ]
check "textbook search picture parses and counts" svg_has "$tmp/a.svg" 3 2 1
"$A" --algo search --time 200 --svg "$tmp/s.svg" h8 i9 h9 h10 > /dev/null 2>&1
check "strong search picture parses and counts" svg_has "$tmp/s.svg" 2 2 1
check "the strong search's line is drawn with arrows" grep -q 'marker-end="url(#arrow)"' "$tmp/s.svg"
"$A" --svg "$tmp/won.svg" h8 a1 i8 a2 j8 a3 k8 a4 l8 > /dev/null 2>&1
check "a finished game: exit 2, drawn with its winning line and no best move" \
    sh -c "[ $? -eq 2 ] && grep -q 'class=\"win\"' '$tmp/won.svg'"
check "the finished game's picture parses and counts" svg_has "$tmp/won.svg" 5 4 0
"$A" --svg /nonexistent/dir/x.svg h8 > /dev/null 2> "$tmp/err"
check "an unwritable file is an error that names it (exit 1)" \
    sh -c "[ $? -eq 1 ] && grep -q '/nonexistent/dir/x.svg' '$tmp/err'"

finish svg.test.sh
