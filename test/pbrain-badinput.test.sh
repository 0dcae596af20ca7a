#!/bin/sh
# The protocol's bad inputs of docs/bad-input.md, sent to examples/pbrain-gomoku from the
# fuzzer's seeds (fuzz/pbrain-corpus, and the 1 MB line and full 32x32 board that
# fuzz/make-pbrain-corpus.sh --big writes): each answer the table gives is checked here.
# Run from the project root (make test does).
cd "$(dirname "$0")/.." || exit 1
. test/testlib.sh
engine=${1:-examples/pbrain-gomoku}
sh fuzz/make-pbrain-corpus.sh --big "$tmp/big" || exit 1

# run SEED: the engine's answers to the seed, progress messages left out, in $tmp/out
run() { "$engine" < "$1" 2>&1 | grep -v '^MESSAGE depth' > "$tmp/out"; }
# has NAME PATTERN: some answer line matches the (basic) regular expression
has() {
    if grep -q -- "$2" "$tmp/out"; then ok "$1"; else not_ok "$1" "$(head -c 2000 "$tmp/out")"; fi
}
# count NAME N PATTERN: exactly N answer lines match
count() {
    n=$(grep -c -- "$3" "$tmp/out")
    if [ "$n" -eq "$2" ]; then ok "$1"; else not_ok "$1" "$n lines match, $2 expected"; fi
}

c=fuzz/pbrain-corpus
run $c/start-sizes
count "START 0, 33, 4, -1, 10^20, no size, junk, RECTSTART 20,15: eight ERRORs" 8 '^ERROR'
has "START 33 -> ERROR unsupported size" '^ERROR unsupported size 33'
has "RECTSTART 20,15 -> ERROR (not square)" '^ERROR only square'
count "RECTSTART 20,20 is the one OK" 1 '^OK$'

run $c/bad-turns
count "TURN and BEGIN before START -> ERROR no game" 2 '^ERROR no game'
has "TURN 15,0 -> off the board" '^ERROR 15,0 is off'
has "TURN -1,3 -> off the board" '^ERROR -1,3 is off'
has "TURN 7,7 twice -> occupied" '^ERROR 7,7 is occupied'
count "TURN 7, a,b, 7,7,7 and , -> ERROR expected x,y" 4 '^ERROR expected x,y'
has "PLAY 3,3 -> 3,3" '^3,3$'
has "TAKEBACK of an older move -> ERROR" '^ERROR 0,0 is not the last move'

run $c/boards
has "BOARD with two stones on a cell -> ERROR" '^ERROR two stones on 7,7'
has "BOARD with impossible counts -> ERROR" '^ERROR stone counts'
has "BOARD line without its field -> ERROR" '^ERROR bad stone line'
has "BOARD with an off-board stone -> ERROR" '^ERROR stone 20,20 is off the board'

run $c/swap2
has "SWAP2BOARD with 1 stone -> ERROR" '^ERROR SWAP2BOARD expects 0, 3 or 5 stones, got 1'

run $c/infos
has "INFO time_left -5 -> ERROR bad value" "^ERROR INFO time_left: bad value '-5'"
count "INFO with unknown keys and good values: no other ERROR" 1 '^ERROR'

run $c/nul-bytes
has "TU<NUL>RN -> UNKNOWN TU" "^UNKNOWN command 'TU'"
count "NUL bytes: BEGIN and TURN still answered with moves" 2 '^[0-9]*,[0-9]*$'

run $c/crlf
count "CR LF lines: BEGIN, TURN, PLAY, TURN answered with moves" 4 '^[0-9]*,[0-9]*$'
count "CR LF lines: START and TAKEBACK OK" 2 '^OK$'

run $c/mid-search
count "commands sent during searches: BEGIN, TURN, TURN, BEGIN answered" 4 '^[0-9]*,[0-9]*$'
has "ABOUT sent during a search answered" '^name='

run $c/small-full
has "BOARD filling 5x5 -> ERROR board full" '^ERROR no move: the board is full'

run $c/unknown
has "unknown command -> UNKNOWN" "^UNKNOWN command 'HELLO'"
has "command word over 31 letters -> UNKNOWN" '^UNKNOWN command too long'

run "$tmp/big/big-line-1mb"
has "1 MB TURN line cut, then ERROR" "^ERROR expected x,y, got '7,7 999"
has "after the 1 MB lines, TURN still answered" '^ERROR 7,7 is occupied'

run "$tmp/big/board-1024-stones-32x32"
has "BOARD of 1,024 stones on 32x32 -> ERROR board full" '^ERROR no move: the board is full'
has "BOARD of 1,023 stones -> the empty cell 31,31" '^31,31$'

finish pbrain-badinput
