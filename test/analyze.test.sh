#!/bin/sh
# analyze.test.sh - examples/gomoku-analyze from the outside: its JSON is one valid object
# with the documented fields and a sensible answer, --compare works, bad input exits 2.
# Run from the project root (make test does).
prog=./examples/gomoku-analyze
fail=0
checks=0

if [ ! -x "$prog" ]; then
    echo "analyze.test.sh: $prog is not built" >&2
    exit 1
fi

tmp_rows=$(mktemp) || exit 1
ok() { checks=$((checks + 1)); echo "ok - $1"; }
bad() { checks=$((checks + 1)); fail=$((fail + 1)); echo "FAIL - $1"; }

# $1: description, $2: python expression over j (the parsed JSON); rest: arguments.
json_check() {
    desc=$1
    expr=$2
    shift 2
    out=$("$prog" --json "$@" 2>/dev/null)
    status=$?
    if [ "$status" -ne 0 ]; then
        bad "$desc (exit status $status)"
        return
    fi
    if printf '%s' "$out" | python3 -c "
import json, sys
text = sys.stdin.read()
j = json.loads(text)   # exactly one JSON value: json.loads rejects trailing data
assert isinstance(j, dict)
assert $expr, text
"; then ok "$desc"; else bad "$desc"; fi
}

# $1: description, $2: expected exit status; rest: arguments. stderr must say something.
status_check() {
    desc=$1
    want=$2
    shift 2
    err=$("$prog" "$@" 2>&1 >/dev/null)
    status=$?
    if [ "$status" -eq "$want" ] && { [ "$want" -eq 0 ] || [ -n "$err" ]; }; then
        ok "$desc"
    else
        bad "$desc (exit status $status, wanted $want; stderr: $err)"
    fi
}

fields='all(k in j for k in ("best","value","pv","depth","nodes","evaluations","cutoffs","branching","time_ms"))'

json_check "json has the documented fields" \
    "$fields and isinstance(j['pv'], list) and j['depth'] == 3 and j['pv'][0] == j['best']" \
    h8 i9 j8 h9 i8
json_check "moves may be given as x,y" "$fields and j['moves_played'] == 3" 7,7 8,6 9,7
json_check "a five in one is found and valued win - 1" \
    "j['best'] == '11,7' and j['value'] == 29999 and j['pv'] == ['11,7']" \
    h8 g8 i8 h9 j8 h10 k8 i10
json_check "minimax at depth 2 agrees with negamax-ab" \
    "j['value'] == int('$("$prog" --json --depth 2 --algo negamax-ab h8 i9 j8 | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')')" \
    --depth 2 --algo minimax h8 i9 j8
json_check "options are honoured" \
    "j['algo'] == 'alphabeta' and j['rule'] == 'renju' and j['size'] == 13 and j['radius'] == 1 and j['ordering'] is False and j['cutoffs'] >= 0 and j['depth'] == 2" \
    --size 13 --rule renju --algo alphabeta --depth 2 --radius 1 --no-order g7 h8
json_check "a node limit gives an incomplete search" \
    "j['complete'] is False and j['nodes'] <= 10" --nodes 10 h8 i9
json_check "compare gives one row per depth with the three searches" \
    "[r['depth'] for r in j['compare']] == [1, 2] and all(r['minimax']['value'] == r['alphabeta']['value'] == r['alphabeta_ordered']['value'] for r in j['compare']) and j['compare'][1]['alphabeta']['nodes'] <= j['compare'][1]['minimax']['nodes']" \
    --compare 1-2 h8 i9 j8

json_check "the strong search is available as --algo search" \
    "j['algo'] == 'search' and $fields and j['best'] == '11,7' and j['value'] == 29999 and j['evaluations'] is None" \
    --algo search --time 2000 --depth 4 h8 g8 i8 h9 j8 h10 k8 i10
json_check "the strong search respects a time limit and gives a playable line" \
    "j['pv'] and j['pv'][0] == j['best'] and j['depth'] >= 1" --algo search --time 200 h8 i9 j8

# The text output shows the board and the answer.
text=$("$prog" --depth 2 h8 i9 2>&1)
if [ $? -eq 0 ] && printf '%s' "$text" | grep -q "best move" && printf '%s' "$text" | grep -q "^ 8 "; then
    ok "text output shows the board and the best move"
else
    bad "text output shows the board and the best move"
fi
table=$("$prog" --compare 1-2 h8 i9 2>&1)
if [ $? -eq 0 ] && printf '%s' "$table" | grep -q "alpha-beta + ordering" &&
    [ "$(printf '%s\n' "$table" | grep -c '^ *[12] |')" -eq 2 ]; then
    ok "compare prints a table row per depth"
else
    bad "compare prints a table row per depth"
fi

status_check "--help exits 0" 0 --help
status_check "a depth that is not a number is refused" 2 --depth x h8
status_check "depth 0 is refused" 2 --depth 0 h8
status_check "an off-board move is refused" 2 h8 p9
status_check "an off-board x,y move is refused" 2 h8 15,3
status_check "an occupied cell is refused" 2 h8 i9 h8
status_check "a move that cannot be parsed is refused" 2 h8 zz
status_check "an unknown option is refused" 2 --fast h8
status_check "an unknown rule is refused" 2 --rule chess h8
status_check "an unknown algorithm is refused" 2 --algo mcts h8
status_check "a prune share over 90 is refused" 2 --prune 95 h8
status_check "a radius of 5 is refused" 2 --radius 5 h8
status_check "a missing option value is refused" 2 --depth
status_check "a reversed compare range is refused" 2 --compare 3-1 h8
status_check "a finished game is refused" 2 h8 a1 i8 a2 j8 a3 k8 a4 l8
status_check "--time without --algo search is refused" 2 --time 100 h8
status_check "a time that is not a number is refused" 2 --algo search --time soon h8
status_check "a finished game is refused by the strong search too" 2 --algo search h8 a1 i8 a2 j8 a3 k8 a4 l8

# $1: description, $2: a fixed string the output (stdout and stderr) must hold; rest: arguments.
says_check() {
    desc=$1
    want=$2
    shift 2
    out=$("$prog" "$@" 2>&1)
    if printf '%s\n' "$out" | grep -F -q -- "$want"; then ok "$desc"; else bad "$desc (got: $out)"; fi
}
status_check "-h exits 0" 0 -h
says_check "-h prints the usage, not a move error" "usage: gomoku-analyze" -h
status_check "--version exits 0" 0 --version
says_check "--version names the library's version" "libgomoku $(sed -n 's/^#define GOMOKU_VERSION_MAJOR \([0-9]*\)/\1/p' include/gomoku.h)." --version
says_check "an unknown option is called unknown, not short of a value" "unknown option '--bogus'" --bogus
says_check "an unknown short option is called unknown" "unknown option '-x'" -x h8
says_check "a size out of range gives the range" "--size must be 5..32, not '4'" --size 4
says_check "an unknown rule lists the rules" "freestyle, standard, renju or caro" --rule chess
json_check "options may follow the moves" "j['depth'] == 2 and j['moves_played'] == 2" h8 i9 --depth 2

# --compare: a search that reaches the node limit is marked and not run deeper; once all
# three have, the remaining depths are refused with the reason. Rows appear as computed.
table=$("$prog" --compare 1-6 --nodes 3000 h8 i9 2>&1)
status=$?
if [ "$status" -eq 0 ] && printf '%s\n' "$table" | grep -q '(minimax: node limit reached, incomplete)' &&
    printf '%s\n' "$table" | grep -q 'not searched: every search reached the node limit of 3000'; then
    ok "compare marks searches cut by the node limit and refuses the depths beyond"
else
    bad "compare marks searches cut by the node limit and refuses the depths beyond (status $status)"
fi
json_check "compare in JSON: a cut search is null in deeper rows, the refused depths are named" \
    "j['node_limit'] == 3000 and any(r['minimax'] is None for r in j['compare']) and j['not_searched'][1] == 6" \
    --compare 1-6 --nodes 3000 h8 i9
json_check "compare has a default node limit" "j['node_limit'] == 2000000" --compare 1-1 h8
# The first row must be out while a slow depth is still being searched: read the output
# of a 1-9 comparison for a few seconds and stop it.
"$prog" --compare 1-9 h8 i9 j8 > "$tmp_rows" 2>&1 &
pid=$!
sleep 3
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if grep -q '^ *1 |' "$tmp_rows"; then ok "compare prints each row as soon as it is computed"
else bad "compare prints each row as soon as it is computed"; fi
rm -f "$tmp_rows"

echo "analyze.test.sh: $checks checks, $fail failed"
[ "$fail" -eq 0 ]
