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

finish match.test.sh
