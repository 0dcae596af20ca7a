#!/bin/sh
# Smoke tests of examples/gomoku-match: tiny matches against both opponents, the thread
# options, and bad arguments. Run from the repository root (make test does).
MATCH=${MATCH:-./examples/gomoku-match}
[ -x "$MATCH" ] || { echo "match.test.sh: $MATCH not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"
# games FILE: how many game lines the match printed.
games() { grep -c '^game ' "$1"; }

"$MATCH" --time 20 --depth 2 --openings 1 > "$tmp/tb.txt" 2>&1
check "against the textbook search: exits 0" [ $? -eq 0 ]
check "one opening plays two games" [ "$(games "$tmp/tb.txt")" -eq 2 ]
check "the summary counts the two games" grep -q ' in 2 games: score ' "$tmp/tb.txt"

"$MATCH" --opponent strong --time 20 --time2 20 --threads 2 --threads2 1 --first 3 \
    --openings 1 --rule standard > "$tmp/st.txt" 2>&1
check "strong against strong: exits 0" [ $? -eq 0 ]
check "--threads2 sets B's threads alone" \
    sh -c "grep -q '^A: strong search 20 ms/move, 2 thread(s)$' '$tmp/st.txt' &&
           grep -q '^B: strong search 20 ms/move, 1 thread(s)$' '$tmp/st.txt'"
check "the opening asked for is played" [ "$(grep -c '^game .* opening 7,7 9,7 ' "$tmp/st.txt")" -eq 2 ]

for bad in "--threads2 0" "--threads 0" "--time 0" "--first 99" "--rule gomoku" "--bogus"; do
    # shellcheck disable=SC2086 # the arguments are meant to split
    "$MATCH" $bad > "$tmp/bad.txt" 2>&1
    rc=$?
    check "'$bad' is refused with usage (exit 2)" \
        sh -c "[ $rc -eq 2 ] && grep -q '^usage: gomoku-match' '$tmp/bad.txt'"
done

# ---- one game between named players (--black SPEC --white SPEC) ----
# game FILE: the moves and values, with the players' names taken out.
game() { grep -E '^ *[0-9]+\. |^moves: |^result: ' "$1" | sed -E 's/(minimax|negamax|alphabeta|negamax-ab):[0-9]+//; s/ +/ /g'; }
"$MATCH" --black negamax:2 --white minimax:1 > "$tmp/nm.txt" 2>&1
check "negamax:2 against minimax:1: exits 0 and names both players" \
    sh -c "grep -q '^black: negamax:2$' '$tmp/nm.txt' && grep -q '^white: minimax:1$' '$tmp/nm.txt'"
check "the game is printed move by move to its result" \
    sh -c "n=\$(grep -cE '^ *[0-9]+\. (black|white) ' '$tmp/nm.txt');
           grep -qE \"^result: (black|white) wins in \$n moves\$\" '$tmp/nm.txt'"
# Minimax and negamax at the same depth, evaluation and move order are one search: every
# pairing of them plays the same game, move for move and value for value; so do the two
# alpha-beta variants, which also play minimax's moves (ties go to the first move).
"$MATCH" --black minimax:2 --white minimax:2 --size 13 --rule standard > "$tmp/mm.txt" 2>&1
for pair in "negamax:2 negamax:2" "negamax:2 minimax:2" "minimax:2 negamax:2" \
            "alphabeta:2 negamax-ab:2" "negamax-ab:2 alphabeta:2"; do
    set -- $pair
    "$MATCH" --black "$1" --white "$2" --size 13 --rule standard > "$tmp/p.txt" 2>&1
    if [ "$(game "$tmp/p.txt")" = "$(game "$tmp/mm.txt")" ] && [ -n "$(game "$tmp/p.txt")" ]; then
        ok "$1 against $2 plays minimax:2's game move for move"
    else
        not_ok "$1 against $2 plays minimax:2's game move for move" "$(diff "$tmp/p.txt" "$tmp/mm.txt" | head -5)"
    fi
done
"$MATCH" --black minimax:1 --white minimax:2 --size 13 --rule standard > "$tmp/m12.txt" 2>&1
check "a different depth plays a different game (the comparison can fail)" \
    sh -c "[ \"\$(grep '^moves: ' '$tmp/m12.txt')\" != \"\$(grep '^moves: ' '$tmp/mm.txt')\" ]"
"$MATCH" --black strong:20 --white negamax-ab:1 --size 9 --opening "4,4 5,5" > "$tmp/sn.txt" 2>&1
check "the strong search against a textbook one, from an opening" \
    sh -c "grep -q '^black: strong:20$' '$tmp/sn.txt' && grep -q '^moves: e5 f4 ' '$tmp/sn.txt' &&
           grep -qE '^result: ' '$tmp/sn.txt'"
for bad in "--black minimax" "--black minimax:0" "--white negamax:9" "--black mystery:2" \
           "--black strong:0" "--black minimax:2x" "--black minimax:1 --size 99"; do
    # shellcheck disable=SC2086 # the arguments are meant to split
    "$MATCH" $bad > "$tmp/bad.txt" 2>&1
    rc=$?
    check "'$bad' is refused with usage (exit 2)" \
        sh -c "[ $rc -eq 2 ] && grep -q '^usage: gomoku-match' '$tmp/bad.txt'"
done

finish match.test.sh
