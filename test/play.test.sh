#!/bin/sh
# Tests of examples/gomoku-play driven through a pipe, as a user scripting it would:
# result lines, save/load, .psq export, undo, bad input, and games against the engine.
# Run from the repository root (make test does).
PLAY=${PLAY:-./examples/gomoku-play}
[ -x "$PLAY" ] || { echo "play.test.sh: $PLAY not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"

# contains FILE TEXT: the file holds this exact text on some line (fixed string).
contains() { grep -F -q -- "$2" "$1"; }
# last_line_is FILE TEXT
last_line_is() { [ "$(tail -n 1 "$1")" = "$2" ]; }
# file_is FILE TEXT: the file is exactly TEXT plus a newline.
file_is() { [ "$(cat "$1")" = "$2" ] && [ "$(wc -l < "$1")" -eq 1 ]; }

# ---- human vs human: black wins with five; the game is saved and exported afterwards ----
printf '%s\n' h8 a1 i8 a2 j8 a3 k8 a4 l8 "save $tmp/win.txt" "export $tmp/win.psq" quit \
    | "$PLAY" --black human --white human > "$tmp/out1" 2>&1
check "black's five ends the game with 'Result: black wins'" last_line_is "$tmp/out1" "Result: black wins"
check "the winning line is named" contains "$tmp/out1" "Black wins with h8 i8 j8 k8 l8."
check "save writes the move list in h8 notation" file_is "$tmp/win.txt" "h8 a1 i8 a2 j8 a3 k8 a4 l8"
check "piped output has no ANSI escapes" sh -c "! grep -q \"$(printf '\033')\" '$tmp/out1'"

# .psq: header, one 1-based x,y,time line per move (a1 is x=0, y=14 -> 1,15), trailer.
psq_ok() {
    f=$tmp/win.psq
    [ "$(sed -n 1p "$f")" = "Piskvorky 15x15, 11:11, 0" ] || return 1
    moves=$(sed -n '2,10p' "$f" | cut -d, -f1,2 | tr '\n' ' ')
    [ "$moves" = "8,8 1,15 9,8 1,14 10,8 1,13 11,8 1,12 12,8 " ] || return 1
    # the third field is a time in ms: a non-negative integer
    [ "$(sed -n '2,10p' "$f" | grep -c -E '^[0-9]+,[0-9]+,[0-9]+$')" -eq 9 ] || return 1
    [ "$(sed -n '11,$p' "$f" | tr '\n' ' ')" = "human human -1 " ]
}
check "export writes a Piskvork .psq record (header, 9 x,y,time lines, trailer)" psq_ok

# ---- loading: the saved list and the .psq give the same finished game ----
printf 'quit\n' | "$PLAY" --black human --white human --load "$tmp/win.txt" > "$tmp/out2" 2>&1
check "--load of a saved game restores it (9 moves, black wins)" \
    sh -c "grep -F -q 'Loaded 9 moves' '$tmp/out2' && tail -n 1 '$tmp/out2' | grep -F -q 'Result: black wins'"
printf '%s\n' "load $tmp/win.psq" "save $tmp/frompsq.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out3" 2>&1
check "load of a .psq record gives back the same moves" file_is "$tmp/frompsq.txt" "h8 a1 i8 a2 j8 a3 k8 a4 l8"
printf '%s\n' h8 "load $tmp/does-not-exist" "save $tmp/after-bad-load.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out4" 2>&1
check "a failed load reports it and keeps the game" \
    sh -c "grep -F -q 'Cannot open' '$tmp/out4' && [ \"\$(cat '$tmp/after-bad-load.txt')\" = h8 ]"
printf 'h8 h8\n' > "$tmp/illegal.txt"
printf '%s\n' i9 "load $tmp/illegal.txt" "save $tmp/after-illegal.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out5" 2>&1
check "loading an illegal move list leaves the current game as it was" \
    sh -c "grep -F -q 'Cannot load' '$tmp/out5' && [ \"\$(cat '$tmp/after-illegal.txt')\" = i9 ]"

# ---- white wins, and a full board is a draw ----
printf '%s\n' a1 h8 a3 i8 a5 j8 a7 k8 a9 l8 | "$PLAY" --black human --white human > "$tmp/out6" 2>&1
check "white's five gives 'Result: white wins' (end of input ends the program)" \
    last_line_is "$tmp/out6" "Result: white wins"
draw="e5 a2 e4 e2 b5 c4 b2 c1 c5 d3 e3 b4 d2 c3 b3 d1 a3 c2 a4 a1 d5 e1 d4 a5 b1"
printf '%s\n' $draw | "$PLAY" --size 5 --black human --white human > "$tmp/out7" 2>&1
check "a full 5x5 board without five gives 'Result: draw'" last_line_is "$tmp/out7" "Result: draw"
printf '%s\n' h8 i9 | "$PLAY" --black human --white human > "$tmp/out8" 2>&1
check "end of input in the middle of a game prints an unfinished result" \
    last_line_is "$tmp/out8" "Result: unfinished (2 moves, black to move)"

# ---- undo and bad input ----
printf '%s\n' undo h8 i9 undo i10 "7,8" undo undo "save $tmp/undo.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out9" 2>&1
check "undo with no move says so" contains "$tmp/out9" "Nothing to undo."
check "undo takes back one move between humans" file_is "$tmp/undo.txt" "h8"
printf '%s\n' h8 h8 zz 16,0 p1 "" i9 "save $tmp/bad.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out10" 2>&1
check "an occupied cell is refused with a message" contains "$tmp/out10" "Cannot play h8:"
check "a word that is no move is refused with a message" contains "$tmp/out10" "'zz' is not a move or command"
check "an off-board x,y move is refused with a message" contains "$tmp/out10" "'16,0' is not a move or command"
check "an off-board letter move is refused with a message" contains "$tmp/out10" "'p1' is not a move or command"
check "after bad moves the game goes on with the same player" file_is "$tmp/bad.txt" "h8 i9"
printf '%s\n' h8 a1 i8 a2 j8 a3 k8 a4 l8 m8 undo a5 "save $tmp/over.txt" quit \
    | "$PLAY" --black human --white human > "$tmp/out11" 2>&1
check "no move is accepted after the game ended" contains "$tmp/out11" "The game is over"
check "undo after the end resumes the game" file_is "$tmp/over.txt" "h8 a1 i8 a2 j8 a3 k8 a4 a5"

# ---- renju: black's forbidden move is refused, not played ----
printf '%s\n' i8 a1 j8 a3 h9 a5 h10 o15 h8 "save $tmp/renju.txt" quit \
    | "$PLAY" --rule renju --black human --white human > "$tmp/out12" 2>&1
check "renju: black's double three is refused" contains "$tmp/out12" "h8 is forbidden for black (double three)"
check "renju: the refused move is not played" file_is "$tmp/renju.txt" "i8 a1 j8 a3 h9 a5 h10 o15"

# ---- command line ----
"$PLAY" --size 99 < /dev/null > /dev/null 2>&1
check "a bad --size exits with status 2" [ $? -eq 2 ]
"$PLAY" --rule gomoku < /dev/null > /dev/null 2>&1
check "a bad --rule exits with status 2" [ $? -eq 2 ]
"$PLAY" --load "$tmp/does-not-exist" < /dev/null > /dev/null 2>&1
check "a --load that fails exits with status 1" [ $? -eq 1 ]
printf 'h8\nquit\n' | "$PLAY" --color --black human --white human > "$tmp/out13" 2>&1
check "--color forces ANSI colour even into a pipe" grep -q "$(printf '\033')\[" "$tmp/out13"

# ---- against the engine ----
# The human (black) plays far apart; a human move the engine took first is refused and
# skipped. Every accepted human move must be answered by a legal engine move, which the
# saved file (loaded back by a fresh game, so the library checks every move again) shows.
printf '%s\n' a1 o15 a15 o1 "save $tmp/engine.txt" quit \
    | "$PLAY" --black human --white engine --level 2 > "$tmp/out14" 2>&1
all_answered() {
    answered=$(grep -c 'White (engine) plays' "$tmp/out14")
    [ "$answered" -ge 3 ] && [ "$(wc -w < "$tmp/engine.txt")" -eq $((2 * answered)) ]
}
check "the engine answers each human move" all_answered
check "the engine shows its thinking (depth, score, pv)" grep -q 'thinking: depth *[0-9]* *score .* pv' "$tmp/out14"
engine_game_ok() {
    n=$(wc -w < "$tmp/engine.txt")
    [ "$n" -ge 6 ] || return 1
    printf 'quit\n' | "$PLAY" --black human --white human --load "$tmp/engine.txt" > "$tmp/out15" 2>&1 \
        && grep -F -q "Loaded $n moves" "$tmp/out15"
}
check "the engine's moves are legal (the saved game loads back)" engine_game_ok
printf '%s\n' h8 undo "save $tmp/undo-engine.txt" quit \
    | "$PLAY" --black human --white engine --level 1 > "$tmp/out16" 2>&1
check "undo against the engine goes back to the human's turn" \
    sh -c "grep -F -q 'Took back 2 moves' '$tmp/out16' && [ -z \"\$(cat '$tmp/undo-engine.txt')\" ]"
printf '%s\n' h8 i9 hint quit | "$PLAY" --black human --white human --level 2 > "$tmp/out17" 2>&1
check "hint suggests a move with its score" grep -q '^Hint: [a-o][0-9]* (score ' "$tmp/out17"
"$PLAY" --black engine --white engine --size 7 --level 1 < /dev/null > "$tmp/out18" 2>&1
check "engine against engine plays to the end" \
    sh -c "tail -n 1 '$tmp/out18' | grep -q -E '^Result: (black wins|white wins|draw)$'"

finish play.test.sh
