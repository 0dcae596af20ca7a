#!/bin/sh
# Plays A against B (gomoku-match player specs, e.g. negamax:2 minimax:1) from the empty
# board and the first ten built-in openings of gomoku-match, each with both colours, and
# prints every result and the total. Run from the repository root after make.
M=${MATCH:-./examples/gomoku-match}
A=$1
B=$2
[ -n "$A" ] && [ -n "$B" ] || { echo "usage: sh docs/course-matches.sh SPEC_A SPEC_B" >&2; exit 2; }
aw=0; bw=0; d=0; tot=0
for op in "" "7,7 8,7" "7,7 8,8" "7,7 9,7" "7,7 9,8" "7,7 9,9" "7,7 8,6 6,8" "7,7 8,7 6,8" \
          "7,7 8,8 8,6" "7,7 8,7 7,9" "7,7 8,8 6,9"; do
    for c in 0 1; do
        if [ $c = 0 ]; then bl=$A; wh=$B; else bl=$B; wh=$A; fi
        r=$("$M" --black "$bl" --white "$wh" ${op:+--opening "$op"} | grep '^result:') || exit 1
        tot=$((tot + 1))
        case "$r" in
        *"black wins"*) if [ $c = 0 ]; then aw=$((aw + 1)); else bw=$((bw + 1)); fi ;;
        *"white wins"*) if [ $c = 0 ]; then bw=$((bw + 1)); else aw=$((aw + 1)); fi ;;
        *) d=$((d + 1)) ;;
        esac
        echo "  [${op:-empty}] black $bl, white $wh: ${r#result: }"
    done
done
echo "A = $A, B = $B: A wins $aw, B wins $bw, draws $d of $tot"
