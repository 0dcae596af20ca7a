#!/bin/sh
# Tests of bench/postmortem.py, bench/depth-probe.py, bench/mate-probe.py and
# bench/peer-tactics.py without the reference engine: the self-tests (parsing both
# engines' reports, the turn and its class, the summary), then the tools end to end on a
# tiny record with test/fake_peer.py standing in for the reference (it prints evaluations
# from a table in the reference's format) and the real examples/pbrain-gomoku on a short
# clock, including a reference that crashes or hangs.
# Run from the repository root (make test does). A few seconds.
ENGINE=${ENGINE:-./examples/pbrain-gomoku}
[ -x "$ENGINE" ] || { echo "peer-tools.test.sh: $ENGINE not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"
# The interpreter itself, not a version manager's shim that may take a second to start.
PY=$(python3 -c 'import sys; print(sys.executable)') || PY=python3

check "postmortem.py --selftest" "$PY" bench/postmortem.py --selftest
check "depth-probe.py --selftest" "$PY" bench/depth-probe.py --selftest

# The reference's directory: an executable of the default name that runs the fake.
mkdir -p "$tmp/peer"
printf '#!/bin/sh\nexec "%s" "%s/test/fake_peer.py"\n' "$PY" "$(pwd)" > "$tmp/peer/pbrain-rapfi"
chmod +x "$tmp/peer/pbrain-rapfi"

# One lost game (ours = A = black): white's 0..4,5 five; our moves are stones 5, 7 and 9.
# The fake's table, for black: a forced win for us after move 5 and before move 7, gone
# after move 7 (a forced win not seen), and no report after move 9, where white plays its
# five at once (read as a forced win in 1 for white). Game 2 is a win of ours: not judged.
cat > "$tmp/games.json" <<'EOF'
{"config": {"rule": 0, "size": 15, "turn_ms": 100},
 "engines": {"A": "pbrain-gomoku", "B": "Rapfi"},
 "games": [
  {"game": 1, "opening": 0, "a_black": true, "black": "pbrain-gomoku", "white": "Rapfi",
   "result": "0-1", "reason": "five", "opening_stones": 3,
   "moves": ["7,7", "0,5", "7,9", "1,5", "9,9", "2,5", "9,11", "3,5", "11,11", "4,5"]},
  {"game": 2, "opening": 0, "a_black": false, "black": "Rapfi", "white": "pbrain-gomoku",
   "result": "0-1", "reason": "five", "opening_stones": 3, "moves": ["7,7", "0,5", "7,9"]}]}
EOF
export FAKE_PEER_EVALS='{"4": "50", "5": "+M9", "6": "+M7", "7": "-M5"}'
"$PY" bench/postmortem.py --peer "$tmp/peer" --engine "$ENGINE" --ms 60 \
    --json "$tmp/pm.json" "$tmp/games.json" > "$tmp/pm.txt" 2> "$tmp/pm.err"
check "postmortem.py exits 0" [ $? -eq 0 ]
check "it judges the one lost game" grep -q '2 games, 1 lost by ours (A); judging 1' "$tmp/pm.txt"
check "the turn is move 7, a forced win not seen" \
    grep -q 'turn: move 7 (our 2nd move, 9,11 j12): reference +M7 -> -M5; a (forced win not seen)' "$tmp/pm.txt"
check "the missed win is listed" grep -q 'missed wins: move 7 (9,11 j12, then -M5)' "$tmp/pm.txt"
check "the summary counts it" grep -q 'turn classes: a forced win not seen 1, b threat not defended 0, c quiet move misjudged 0' "$tmp/pm.txt"
check "the mean-eval table is printed" grep -q '^| 6-10 | 1 | -2000 | ' "$tmp/pm.txt"
check "the JSON has every evaluation, ours included, from our side" "$PY" -c "
import json
d = json.load(open('$tmp/pm.json'))
g = d['games'][0]
assert d['summary']['classes']['a'] == 1 and len(d['games']) == 1, d['summary']
assert g['start']['ref'] == '+50' and [p['ref'] for p in g['points']] == ['+M9', '-M5', '-M1'], g
assert [p['move'] for p in g['points']] == [5, 7, 9] and g['missed_wins'] == [1]
assert all(p['ours'] is not None for p in g['points']) and g['points'][2]['ours'] == '-M1', g
assert g['turn']['before_ref'] == '+M7' and not g['turn']['shifted']
"

# The text record (games.txt), without our engine; the eval crossing the threshold on the
# opponent's reply moves the turn back to our previous move.
cat > "$tmp/games.txt" <<'EOF'
# match.py game records: freestyle, 15x15, turn 100 ms, game unlimited
# fields (tab-separated): ...
1	0	pbrain-gomoku 0.1.0	Rapfi 0.43.02	0-1	five	10	3	7,7 0,5 7,9 1,5 9,9 2,5 9,11 3,5 11,11 4,5
EOF
FAKE_PEER_EVALS='{"4": "50", "5": "-200", "6": "-400", "7": "-500"}' \
"$PY" bench/postmortem.py --peer "$tmp/peer" --no-ours --ms 60 "$tmp/games.txt" > "$tmp/pt.txt" 2>&1
check "a text record works too" grep -q '1 games, 1 lost by ours (pbrain-gomoku); judging 1' "$tmp/pt.txt"
check "the turn moves back to the move before the reply" \
    grep -q 'turn: move 5 (our 1st move, 9,9 j10): reference +50 -> -200 -> -400 after the reply; c (quiet move misjudged); ours ? -> ?' "$tmp/pt.txt"

# --logged: the same game judged from what both engines printed while playing it, no engine
# run. White (the reference, B) values its moves at stones 4, 6 and 8 at -50, -M9 and +M5
# for itself and plays its five at once; black (ours, A) printed 120, -30 and -400.
cat > "$tmp/protocol.log" <<'EOF2'
    0.010 g1:A > START 15
    0.020 g1:A < OK
    0.030 g1:B < MESSAGE Load config from config.toml
    0.040 g1:B < OK
    0.050 g1:B > BOARD
    0.060 g1:B < MESSAGE Depth 9-11 | Eval 80 | Time 9ms | F6
    0.070 g1:B < MESSAGE Depth 10-13 | Eval -50 | Time 10ms | B6
    0.080 g1:B < 1,5
    0.090 g1:A < MESSAGE depth 8-10 score 120 nodes 1000 nps 100000 time 10 pv 9,9 2,5
    0.100 g1:A < 9,9
    0.110 g1:B < MESSAGE Speed 1M | Depth 12-20 | Eval -M9 | Node 10K | Time 10ms
    0.120 g1:B < 2,5
    0.125 g2:A < 9,9
    0.130 g1:A < MESSAGE depth 8-10 score -30 nodes 1000 nps 100000 time 10 pv 9,11
    0.140 g1:A < 9,11
    0.150 g1:B < MESSAGE Depth 12-20 | Eval +M5 | Time 10ms | D6
    0.160 g1:B < 3,5
    0.170 g1:A < MESSAGE depth 8-10 score -400 nodes 1000 nps 100000 time 10 pv 11,11
    0.180 g1:A < 11,11
    0.190 g1:B < 4,5
EOF2
"$PY" bench/postmortem.py --logged --json "$tmp/lg.json" "$tmp/games.json" > "$tmp/lg.txt" 2> "$tmp/lg.err"
check "postmortem.py --logged exits 0, runs no engine" \
    sh -c "[ $? -eq 0 ] && grep -q 'evaluations logged in $tmp/protocol.log' '$tmp/lg.txt'"
check "--logged: the turn is move 7, a forced win not seen" \
    grep -q 'turn: move 7 (our 2nd move, 9,11 j12): reference +M9 -> -M5; a (forced win not seen); ours -30 -> -30' "$tmp/lg.txt"
check "--logged: each position judged by the engine that moved there or into it" "$PY" -c "
import json
g = json.load(open('$tmp/lg.json'))['games'][0]
assert g['start'] == {'move': 4, 'ref': '+50', 'ours': '+120'}, g['start']
assert [p['ref'] for p in g['points']] == ['+M9', '-M5', '-M1'], g['points']
assert [p['ours'] for p in g['points']] == ['+120', '-30', '-400'], g['points']
assert g['missed_wins'] == [1] and g['class'] == 'a', g
"
sed 's/g1:A < 9,11/g1:A < 9,12/' "$tmp/protocol.log" > "$tmp/other.log"
"$PY" bench/postmortem.py --logged --protocol-log "$tmp/other.log" --json "$tmp/lo.json" \
    "$tmp/games.json" > /dev/null 2> "$tmp/lo.err"
check "--logged: a log that is not the record's game is said so, its values unused" \
    sh -c "grep -q 'is not the record' '$tmp/lo.err' && \"$PY\" -c \"
import json
g = json.load(open('$tmp/lo.json'))['games'][0]
assert all(p['ours'] is None for p in g['points']) and g['points'][0]['ref'] == '+M9', g
\""
"$PY" bench/postmortem.py --logged "$tmp/games.txt" > /dev/null 2>&1
check "--logged: a text record is refused" [ $? -ne 0 ]

# A reference that crashes at one position, then one that hangs: the position is left
# unjudged, the engine restarted, the run completes.
FAKE_PEER_CRASH_AT=7 "$PY" bench/postmortem.py --peer "$tmp/peer" --no-ours --ms 60 \
    --json "$tmp/crash.json" "$tmp/games.json" > "$tmp/crash.txt" 2> "$tmp/crash.err"
check "a crashing reference: exits 0" [ $? -eq 0 ]
check "a crashing reference: said on stderr" grep -q 'reference: exited' "$tmp/crash.err"
check "a crashing reference: that position unjudged, the next judged" "$PY" -c "
import json
g = json.load(open('$tmp/crash.json'))['games'][0]
assert [p['ref'] for p in g['points']] == ['+M9', None, '-M1'], g['points']
"
FAKE_PEER_HANG_AT=7 "$PY" bench/postmortem.py --peer "$tmp/peer" --no-ours --ms 60 --grace-ms 300 \
    "$tmp/games.json" > "$tmp/hang.txt" 2> "$tmp/hang.err"
check "a hanging reference: exits 0, says so" \
    sh -c "[ $? -eq 0 ] && grep -q 'reference: no answer in time' '$tmp/hang.err'"
check "no fake reference is left running" "$PY" -c "
import glob, sys
me = '$(pwd)/test/fake_peer.py'.encode()
for f in glob.glob('/proc/[0-9]*/cmdline'):
    try:
        if me in open(f, 'rb').read().split(b'\\0'):
            sys.exit(1)
    except OSError:
        pass
"

# depth-probe.py: one opening, both engines; the fake reports depth 12 and 4096 nodes.
printf '# white to move\n8,9 8,10 6,5\n' > "$tmp/openings.txt"
FAKE_PEER_EVALS='{"default": "7"}' "$PY" bench/depth-probe.py --peer "$tmp/peer" \
    --engine "$ENGINE" --openings-file "$tmp/openings.txt" --openings 1 --ms 150 --json "$tmp/dp.json" > "$tmp/dp.txt" 2>&1
check "depth-probe.py exits 0" [ $? -eq 0 ]
check "the reference's row: depth 12-20, 4096 nodes, N^1/d 2.00, its value steady (swing 0)" \
    grep -q '^| 1 | reference | 12 | 20 | 4096 | 4 | [0-9]* | 1024K | - | 2.00 | 0 | -7 |$' "$tmp/dp.txt"
check "our row has a depth, nodes, both branching factors and a swing" "$PY" -c "
import json
r = [r for r in json.load(open('$tmp/dp.json'))['rows'] if r['engine'] == 'ours'][0]
assert r['depth'] >= 2 and r['nodes'] > 0 and r['ebf_root'] > 1 and r['ebf_iter'] > 0, r
assert r['depth'] < 6 or r['swing'] >= 0, r
assert 0 < r['wall_ms'] < 5000, r
"
check "the table has a mean row per engine" [ "$(grep -c '^| mean | ' "$tmp/dp.txt")" -eq 2 ]

# depth-probe.py --games: the positions of a match record (one game of 14 moves: the boards
# after 4 and 8 stones; 12 is too near its end), both engines on each.
"$PY" -c "
import json
json.dump({'config': {'rule': 0}, 'games': [{'game': 3, 'result': '1-0',
    'moves': ['7,7', '8,8', '7,8', '8,7', '6,9', '9,6', '5,10', '10,5', '4,11', '11,4',
              '3,3', '12,12', '2,2', '13,13']}]}, open('$tmp/rec.json', 'w'))
"
FAKE_PEER_EVALS='{"default": "7"}' "$PY" bench/depth-probe.py --peer "$tmp/peer" \
    --engine "$ENGINE" --games "$tmp/rec.json" --plies 4,8,12 --ms 150 --json "$tmp/dg.json" > "$tmp/dg.txt" 2>&1
check "depth-probe.py --games exits 0" [ $? -eq 0 ]
check "depth-probe.py --games: two positions of game 3, each searched by both engines" "$PY" -c "
import json
rows = json.load(open('$tmp/dg.json'))['rows']
assert [(r['opening'], r['engine']) for r in rows] == [('g3@4', 'ours'), ('g3@4', 'reference'),
    ('g3@8', 'ours'), ('g3@8', 'reference')], rows
assert rows[2]['position'].split()[-1] == '10,5' and all(r['depth'] for r in rows), rows
"
"$PY" bench/depth-probe.py --peer "$tmp/peer" --engine "$ENGINE" --games "$tmp/none.json" > "$tmp/dn.txt" 2>&1
check "depth-probe.py --games: a record that is not there exits 2" [ $? -eq 2 ]
check "depth-probe.py --games: ... with a message, not a traceback" \
    sh -c "grep -q 'none.json' '$tmp/dn.txt' && ! grep -q Traceback '$tmp/dn.txt'"

# mate-probe.py on the postmortem's report: our move 7 turned the fake's +M7 for us into
# -M5, so that is the one blunder, with the moves up to it; the library (attack) finds no
# win for white there (a closed four only), and our other moves keep the fake's -M5.
"$PY" bench/mate-probe.py extract "$tmp/pm.json" > "$tmp/mates.txt" 2> "$tmp/mates.err"
check "mate-probe.py extract: the one blunder, mate in 5, after our move 7" \
    grep -qx 'freestyle 5 +M9 7,7 0,5 7,9 1,5 9,9 2,5 9,11' "$tmp/mates.txt"
# attack and defend load the shared library into Python, which a sanitizer build's library
# cannot be (its runtime must come first): not there.
if [ -z "$GOMOKU_SANITIZED" ]; then
    "$PY" bench/mate-probe.py attack "$tmp/mates.txt" --nodes 20000 --lib lib/libgomoku.so > "$tmp/ma.txt" 2>&1
    check "mate-probe.py attack: no win in a closed four" grep -q '^found 0 of 1 forced wins at 20000 nodes' "$tmp/ma.txt"
    "$PY" bench/mate-probe.py defend "$tmp/mates.txt" --ms 100 --peer "$tmp/peer" --lib lib/libgomoku.so > "$tmp/md.txt" 2>&1
    check "mate-probe.py defend: still lost by the fake's table" grep -q '^avoided 0 of 1 blunders at 100 ms' "$tmp/md.txt"
fi
# mate-probe.py peer: the fake reports -M5 for black at 7 stones, a win for white to move
# there; with a plain value it reports none.
"$PY" bench/mate-probe.py peer "$tmp/mates.txt" --nodes 1000 --peer "$tmp/peer" > "$tmp/mp.txt" 2>&1
check "mate-probe.py peer: the fake's forced win counted" \
    grep -q '^the reference found 1 of 1 forced wins at 1000 nodes' "$tmp/mp.txt"
FAKE_PEER_EVALS='{"default": "7"}' "$PY" bench/mate-probe.py peer "$tmp/mates.txt" --nodes 1000 \
    --peer "$tmp/peer" > "$tmp/mp0.txt" 2>&1
check "mate-probe.py peer: a plain value is no forced win" \
    grep -q '^the reference found 0 of 1 forced wins' "$tmp/mp0.txt"
# mate-probe.py extract-won: engine A won game 1 (black) and reported a win before its
# second move; game 2 it lost, and is left out.
mkdir -p "$tmp/won"
"$PY" -c "
import json
json.dump({'config': {'rule': 0, 'size': 15}, 'games': [
    {'game': 1, 'opening': 0, 'a_black': True, 'result': '1-0', 'reason': 'five',
     'opening_stones': 1, 'moves': ['7,7', '0,0', '7,8', '0,1', '7,9', '0,2', '7,10', '0,3', '7,11']},
    {'game': 2, 'opening': 0, 'a_black': False, 'result': '1-0', 'reason': 'five',
     'opening_stones': 1, 'moves': ['7,7', '0,0', '7,8']}]}, open('$tmp/won/games.json', 'w'))
"
cat > "$tmp/won/protocol.log" <<'EOF'
    0.100 g1:A < MESSAGE depth 2-2 score 40 nodes 10 nps 1000 time 1 pv 7,8
    0.100 g1:A < 7,8
    0.200 g1:A < MESSAGE depth 3-5 score 29995 nodes 99 nps 1000 time 2 pv 7,9 0,2 7,10
    0.200 g1:A < 7,9
    0.300 g1:A < MESSAGE depth 1-1 score 29997 nodes 5 nps 1000 time 1 pv 7,10
    0.300 g1:A < 7,10
    0.100 g2:A < MESSAGE depth 3-3 score 29995 nodes 10 nps 1000 time 1 pv 0,0
    0.100 g2:A < 0,0
EOF
"$PY" bench/mate-probe.py extract-won "$tmp/won" > "$tmp/won.txt" 2>&1
check "mate-probe.py extract-won: game 1 before our second move, mate in 5" \
    [ "$(cat "$tmp/won.txt")" = "freestyle 5 0 7,7 0,0 7,8 0,1" ]
"$PY" bench/mate-probe.py extract-won "$tmp/nowhere" > "$tmp/wonx.txt" 2>&1
check "mate-probe.py extract-won: a record that is not there exits 2, without a traceback" \
    sh -c "[ $? -eq 2 ] && ! grep -q Traceback '$tmp/wonx.txt'"

# peer-tactics.py: a five to play (the fake plays fives) and a save the fake misses (it
# plays next to the centre); the same win put to our engine with --engine.
check "peer-tactics.py --selftest" "$PY" bench/peer-tactics.py --selftest
cat > "$tmp/tactics.txt" <<'EOF'
# two positions
win freestyle 15 0,0 0,14 1,0 1,14 2,0 2,14 3,0 3,14 | 4,0 | 1
save standard 15 7,7 | 0,0 | 9
win caro 15 7,7 | 1,1 | 3
EOF
"$PY" bench/peer-tactics.py --peer "$tmp/peer" --ms 60 "$tmp/tactics.txt" > "$tmp/pt1.txt" 2>&1
check "peer-tactics.py: the five solved, the save failed, caro left out" sh -c "
grep -q '^win  freestyle line   2: solved  played 4,0' '$tmp/pt1.txt' &&
grep -q '^save standard  line   3: FAILED' '$tmp/pt1.txt' &&
grep -qx 'win: 1/1 solved' '$tmp/pt1.txt' && grep -qx 'save: 0/1 solved' '$tmp/pt1.txt'"
"$PY" bench/peer-tactics.py --engine "$ENGINE" --ms 100 --kind win "$tmp/tactics.txt" > "$tmp/pt2.txt" 2>&1
check "peer-tactics.py --engine: our engine plays the five" \
    sh -c "grep -qx 'win: 1/1 solved' '$tmp/pt2.txt' && ! grep -q '^save' '$tmp/pt2.txt'"

"$PY" bench/mate-probe.py attack "$tmp/none.txt" > /dev/null 2>&1
check "mate-probe.py: a missing file exits 2" [ $? -eq 2 ]

finish peer-tools.test.sh
