#!/usr/bin/env bash
# Writes the hand-made seeds of fuzz/pbrain-corpus, the inputs of fuzz/fuzz_pbrain.c:
# sessions as a manager sends them. (session-match-A and -B are the manager's side of a
# real game between two pbrain-gomoku processes under shared/tools/match.py.)
# With --big DIR it writes instead the seeds too large to keep in the repository: a line
# of 1 MB, and a BOARD of 1,024 stones on 32x32 (make fuzz-smoke runs them).
# Run from the repository's root.
set -eu
if [ "${1:-}" = "--big" ]; then
    d=$2
    mkdir -p "$d"
    python3 - "$d" <<'PY'
import sys
d = sys.argv[1]
with open(d + "/big-line-1mb", "wb") as f:
    f.write(b"START 15\r\nINFO folder " + b"x" * (1 << 20) + b"\r\nTURN 7,7 " + b"9" * (1 << 20) + b"\r\nBEGIN\r\nTURN 7,7\r\nEND\r\n")
# every cell of 32x32, ours and the opponent's alternating (512 each): a full board
lines = ["START 32", "INFO timeout_turn 50", "BOARD"]
for i in range(1024):
    x, y = i % 32, i // 32
    lines.append("%d,%d,%d" % (x, y, 1 + (x + y) % 2))
lines += ["DONE", "TAKEBACK 31,31", "TURN 31,31", "BOARD"]
for i in range(1023):
    lines.append("%d,%d,%d" % (i % 32, i // 32, 2 - i % 2))
lines += ["DONE", "END"]
with open(d + "/board-1024-stones-32x32", "w") as f:
    f.write("\n".join(lines) + "\n")
PY
    exit 0
fi
d=fuzz/pbrain-corpus
mkdir -p "$d"
s() { printf "$2" > "$d/$1"; }

s start-sizes 'START 0\nSTART 33\nSTART 4\nSTART -1\nSTART 99999999999999999999\nSTART\nSTART 15 junk\nRECTSTART 20,15\nRECTSTART 20,20\nBEGIN\nEND\n'
s crlf 'START 15\r\nINFO timeout_turn 20\r\nBEGIN\r\nTURN 0,0\r\nPLAY 3,3\r\nTAKEBACK 3,3\r\nTURN 1,1 \t\r\nEND\r\n'
s nul-bytes 'START 15\nTU\000RN 7,7\nINFO timeout_turn 20\000 99999\nBEGIN\000\nTURN 1,1\000,2\nEND\n'
s mid-search 'START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nTURN 9,9\nABOUT\nINFO timeout_turn 10\nRESTART\nBEGIN\nEND\n'
s bad-turns 'TURN 7,7\nBEGIN\nSTART 15\nTURN 15,0\nTURN -1,3\nTURN 7,7\nTURN 7,7\nTURN 7\nTURN a,b\nTURN 7,7,7\nTURN ,\nPLAY 3,3\nPLAY 3,3\nTAKEBACK 0,0\nTAKEBACK 3,3\nTAKEBACK 3,3\nEND\n'
s boards 'START 15\nINFO timeout_turn 20\nBOARD\n7,7,1\n8,8,2\n9,9,3\nDONE\nBOARD\n7,7,1\n7,7,2\nDONE\nBOARD\n1,1,1\n2,2,1\nDONE\nBOARD\n1,1\nDONE\nBOARD\n20,20,1\nDONE\nBOARD\n0,0,2\nDONE\nBOARD\nDONE\nBOARD\n1,1,1\nEND\n'
s swap2 'START 15\nINFO timeout_turn 40\nSWAP2BOARD\nDONE\nSWAP2BOARD\n7,7\n8,8\n9,7\nDONE\nSWAP2BOARD\n7,7\n8,8\n9,7\n6,6\n10,7\nDONE\nSWAP2BOARD\n7,7\nDONE\nEND\n'
s infos 'START 20\nINFO timeout_turn 0\nINFO timeout_match 3000\nINFO time_left 2500\nINFO max_memory 41943040\nINFO rule 4\nINFO rule 1\nINFO rule 8\nINFO thread_num 2\nINFO game_type 2\nINFO evaluate 10,10\nINFO folder /tmp\nINFO bogus 1\nINFO time_left -5\nINFO time_left 2147483647\nINFO max_memory 0\nBEGIN\nTURN 9,9\nEND\n'
s renju-game 'START 15\nINFO rule 4\nINFO timeout_turn 20\nBEGIN\nTURN 6,6\nTURN 8,6\nTURN 6,8\nTURN 9,9\nTURN 5,5\nTURN 10,3\nEND\n'
s small-full 'START 5\nINFO timeout_turn 5\nBOARD\n0,0,2\n1,0,1\n2,0,2\n3,0,1\n4,0,2\n0,1,1\n1,1,2\n2,1,1\n3,1,2\n4,1,1\n0,2,2\n1,2,1\n2,2,2\n3,2,1\n4,2,2\n0,3,1\n1,3,2\n2,3,1\n3,3,2\n4,3,1\n0,4,2\n1,4,1\n2,4,2\n3,4,1\n4,4,2\nDONE\nEND\n'
s unknown 'HELLO\nstart 15\nbegin\nturn 8,8\nAVERYLONGCOMMANDNAMETHATGOESONANDONFORMORETHANTHIRTYTWOCHARACTERS 1\nSUGGEST 1,1\n\n\n   \nEND\n'
