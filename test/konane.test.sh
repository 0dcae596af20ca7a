#!/bin/sh
# examples/konane: Konane on the generic game interface (gomoku_game_search). Its move
# generator against positions counted by hand, the four algorithms agreeing in
# --compare, and games played. Run from the repository root (make test does).
K=${KONANE:-./examples/konane}
[ -x "$K" ] || { echo "konane.test.sh: $K not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"

# sorted WORDS...: the count, then the moves in sorted order (the order is the generator's).
sorted() { first=$1; shift; echo "$first $(printf '%s\n' "$@" | sort | tr '\n' ' ')"; }
# count NAME POSITION WANT: konane --count prints WANT (the count and the moves, any order).
count() {
    got=$("$K" --count "$2" 2>&1)
    # shellcheck disable=SC2086 # split into words on purpose
    if [ "$(sorted $got)" = "$(sorted $3)" ]; then ok "$1"; else not_ok "$1" "got:  $got
want: $3"; fi
}
full=xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox
count "full board: black removes a corner or a centre stone of its own (4)" "$full x" \
    "4 a8 d5 e4 h1"
count "hole in the corner a8: white removes a neighbour (2)" \
    ".oxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox o" "2 b8 a7"
count "hole in the centre d5: white removes one of its four neighbours (4)" \
    "xoxoxoxo/oxoxoxox/xoxoxoxo/oxo.oxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox o" "4 e5 c5 d4 d6"
count "holes d5 and d4: black jumps into d5 from b5, f5 and d7, not from d3 (3)" \
    "xoxoxoxo/oxoxoxox/xoxoxoxo/oxo.oxox/xox.xoxo/oxoxoxox/xoxoxoxo/oxoxoxox x" \
    "3 b5-d5 f5-d5 d7-d5"
column="......../......../o......./......../o......./......../o......./x......."
count "one stone under three: one, two and three jumps are three moves" "$column x" \
    "3 a1-a3 a1-a5 a1-a7"
count "the side with no jump has no move" "$column o" "0"
mixed="......../......../......../...o..../.xoxo.o./...o..../...o..../........"
count "jumps in two directions, one of them double; blocked and occupied landings" \
    "$mixed x" "3 d4-f4 d4-h4 d4-d6"
count "the other side of the same position" "$mixed o" "1 c4-a4"
"$K" --count "$full" > /dev/null 2>&1
check "a position without the side to move is refused" [ $? -eq 2 ]

"$K" --compare --max-depth 4 > "$tmp/cmp.txt" 2>&1
check "--compare to depth 4 exits 0 and reports agreement" \
    sh -c "[ $? -eq 0 ] && grep -q '^agreement: ' '$tmp/cmp.txt'"
# Rows: depth algo value best | evals bf cuts | evals bf cuts | value best evals bf cuts
rows() { grep -E '^ +[0-9]+ (minimax|alphabeta|negamax|negamax-ab) ' "$tmp/cmp.txt"; }
check "16 rows: four algorithms at depths 1-4" [ "$(rows | wc -l)" -eq 16 ]
check "at every depth the four algorithms give one value and one move" \
    [ "$(rows | awk '{print $1, $3, $4}' | sort -u | wc -l)" -eq 4 ]
check "alpha-beta evaluates fewer positions than minimax at depth 4, and cuts" \
    sh -c "grep -E '^ +4 (minimax|alphabeta) ' '$tmp/cmp.txt' | awk '{e[\$2] = \$6; c[\$2] = \$8}
           END { exit !(e[\"alphabeta\"] < e[\"minimax\"] && c[\"alphabeta\"] > 0 && c[\"minimax\"] == 0) }'"
check "pruning 25% lowers minimax's branching factor at depth 4" \
    sh -c "grep -E '^ +4 minimax ' '$tmp/cmp.txt' | awk '{ exit !(\$20 < \$7) }'"

"$K" --black engine --white engine --depth 2 < /dev/null > "$tmp/game.txt" 2>&1
check "engine against engine plays to a side with no move" \
    sh -c "[ $? -eq 0 ] && grep -qE '^(Black|White) has no move: (white|black) wins\.$' '$tmp/game.txt'"
printf 'a1\nd5\nquit\n' | "$K" --white human --black human > "$tmp/human.txt" 2>&1
check "a human's illegal move is refused with the legal ones, a legal one played" \
    sh -c "grep -q 'Not a legal move: a1. Legal: a8 d5 e4 h1' '$tmp/human.txt' &&
           grep -q 'White (o) to move' '$tmp/human.txt'"
"$K" --depth 0 > /dev/null 2>&1
check "--depth 0 is refused (exit 2)" [ $? -eq 2 ]

finish konane.test.sh
