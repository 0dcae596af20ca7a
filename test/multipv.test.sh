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

# ---- pbrain-gomoku: YXBOARD sets a position, YXNBEST N reports N lines and the best move
# without playing it; INFO multipv N makes every search report N lines ----
printf 'START 15\nINFO timeout_turn 400\nYXBOARD\n7,7,2\n8,8,1\n7,8,2\nDONE\nYXNBEST 3\n' > "$tmp/in"
"$P" < "$tmp/in" > "$tmp/nb.txt" 2>&1
check "YXBOARD answers nothing, YXNBEST 3 gives three nbest lines of distinct moves" \
    sh -c "[ \$(grep -c '^MESSAGE nbest [123]/3 move ' '$tmp/nb.txt') -eq 3 ] &&
           [ \$(grep '^MESSAGE nbest ' '$tmp/nb.txt' | awk '{print \$5}' | sort -u | wc -l) -eq 3 ]"
best=$(sed -n 's|^MESSAGE nbest 1/3 move \([0-9]*,[0-9]*\) .*|\1|p' "$tmp/nb.txt")
check "YXNBEST's answer is the first line's move" \
    sh -c "[ -n '$best' ] && [ \"\$(grep -E '^[0-9]+,[0-9]+$' '$tmp/nb.txt' | tail -1)\" = '$best' ]"
printf 'TURN %s\n' "$best" >> "$tmp/in"
printf 'END\n' >> "$tmp/in"
"$P" < "$tmp/in" > "$tmp/nb2.txt" 2>&1
check "the suggested move was not played: TURN there is accepted and answered" \
    sh -c "! grep -q '^ERROR' '$tmp/nb2.txt' && [ \$(grep -cE '^[0-9]+,[0-9]+$' '$tmp/nb2.txt') -eq 2 ]"
printf 'START 15\nINFO timeout_turn 300\nINFO multipv 2\nBEGIN\nTURN 8,8\nEND\n' |
    "$P" > "$tmp/mp.txt" 2>&1
check "INFO multipv 2: the search after TURN reports two lines" \
    sh -c "grep -q '^MESSAGE nbest 1/2 ' '$tmp/mp.txt' && grep -q '^MESSAGE nbest 2/2 ' '$tmp/mp.txt'"
printf 'START 15\nYXNBEST 0\nYXNBEST 33\nINFO multipv 99\nEND\n' | "$P" > "$tmp/bad.txt" 2>&1
check "YXNBEST 0 and 33 and INFO multipv 99 are errors" \
    sh -c "[ \$(grep -c '^ERROR' '$tmp/bad.txt') -eq 3 ]"
printf 'YXNBEST 2\nEND\n' | "$P" > "$tmp/nogame.txt" 2>&1
check "YXNBEST before START is an error" grep -q '^ERROR' "$tmp/nogame.txt"

finish multipv.test.sh
