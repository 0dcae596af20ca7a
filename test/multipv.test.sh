#!/bin/sh
# Multi-PV in the programs: gomoku-analyze --multipv N (text and JSON) and pbrain-gomoku's
# YXNBEST. Run from the repository root (make test does).
A=${ANALYZE:-./examples/gomoku-analyze}
P=${PBRAIN:-./examples/pbrain-gomoku}
[ -x "$A" ] && [ -x "$P" ] || { echo "multipv.test.sh: programs not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"

"$A" --multipv 3 --depth 4 h8 i9 h9 h10 g7 > "$tmp/text.txt" 2>&1
check "--multipv 3 (text): exit 0 and three numbered lines" \
    sh -c "[ $? -eq 0 ] && grep -q '^3 best moves' '$tmp/text.txt' &&
           [ \$(grep -cE '^ +[123]\. [a-o][0-9]+ +value ' '$tmp/text.txt') -eq 3 ]"
check "the three moves differ and the first is the best move shown above" \
    sh -c "best=\$(sed -n 's/^best move   \([a-o][0-9]*\) .*/\1/p' '$tmp/text.txt');
           moves=\$(grep -E '^ +[123]\. ' '$tmp/text.txt' | awk '{print \$2}');
           [ \"\$(echo \"\$moves\" | head -1)\" = \"\$best\" ] &&
           [ \$(echo \"\$moves\" | sort -u | wc -l) -eq 3 ]"

"$A" --multipv 4 --json --depth 3 h8 i9 > "$tmp/j.json" 2>&1
check "--multipv 4 --json: a lines array of 4 distinct moves, each line starting with its move" \
    python3 -c "
import json, sys
d = json.load(open('$tmp/j.json'))
lines = d['lines']
assert len(lines) == 4, len(lines)
assert len({l['best'] for l in lines}) == 4
assert all(l['pv'][0] == l['best'] and l['depth'] >= 1 for l in lines)
assert lines[0]['best'] == d['best'] and lines[0]['value'] == d['value']
assert all(lines[i]['value'] >= lines[i + 1]['value'] for i in range(1, 3))
"
"$A" --json --algo search --depth 3 h8 i9 > "$tmp/one.json" 2>&1
check "without --multipv the JSON has no lines array" \
    python3 -c "import json; assert 'lines' not in json.load(open('$tmp/one.json'))"
for bad in "--multipv 0" "--multipv 33" "--multipv x" "--multipv 2 --algo minimax" \
           "--multipv 2 --compare 1-2"; do
    # shellcheck disable=SC2086 # the arguments are meant to split
    "$A" $bad h8 > /dev/null 2> "$tmp/err"
    rc=$?
    check "'$bad' is refused (exit 2)" sh -c "[ $rc -eq 2 ] && grep -q multipv '$tmp/err'"
done

finish multipv.test.sh
