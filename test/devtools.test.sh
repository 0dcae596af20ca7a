#!/bin/sh
# Smoke tests of the developer tools in bench/ (the A/B match, the weight tuner, the
# match against the textbook search, vct-bench --refute, and the initiative term's inputs
# and fit): they run on a tiny budget and their output has the shape the README promises.
# Run from the repository root (make test does); needs the built lib/libgomoku.so.
LIB=${LIB:-lib/libgomoku.so}
# A sanitizer-built library cannot be loaded by python3 through ctypes.
if [ -n "$GOMOKU_SANITIZED" ]; then
    echo "devtools.test.sh: skipped (sanitizer build; python cannot load it)"
    exit 0
fi
[ -f "$LIB" ] || { echo "devtools.test.sh: $LIB not built"; exit 1; }
. "$(dirname "$0")/testlib.sh"

# ---- ab-match.py: one opening, both colours, the same build on both sides ----
python3 bench/ab-match.py --a "$LIB" --b "$LIB" --nodes 3000 --rule freestyle --openings 1 \
    --jobs 1 > "$tmp/ab.txt" 2>&1
check "ab-match.py exits 0" [ $? -eq 0 ]
check "ab-match.py plays two games" [ "$(grep -c ' moves  B ' "$tmp/ab.txt")" -eq 2 ]
# The search is deterministic under a node limit, so a build against itself plays the same
# game from both sides: one win each, or two draws.
check "a build against itself scores exactly one half" grep -q 'score 1.0/2 (50.0%)' "$tmp/ab.txt"

# ---- ab-match.py --sprt: the sequential test and its early stop ----
python3 bench/ab-match.py --a "$LIB" --b "$LIB" --nodes 3000 --rule freestyle --openings 2 \
    --jobs 1 --sprt 0 50 > "$tmp/sprt.txt" 2>&1
check "ab-match.py --sprt exits 0" [ $? -eq 0 ]
# Against itself every pair scores one half: no variance, so no decision either way.
check "--sprt reports an undecided test after both pairs" \
    grep -q 'SPRT \[+0, +50\]: LLR +0.00 (bounds +2.94): undecided after 2 pairs' "$tmp/sprt.txt"
check "--sprt reports each pair as it ends" [ "$(grep -c '^pair [12]/2: ' "$tmp/sprt.txt")" -eq 2 ]
cat > "$tmp/llr.py" <<'EOF'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("ab", sys.argv[1])
ab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ab)
win = [1.0, 0.75, 0.5, 1.0, 0.75] * 8    # about 80%: accepts +50 over 0
lose = [0.0, 0.25, 0.5, 0.25, 0.5] * 8   # about 30%: rejects it
even = [0.0, 1.0, 0.5, 0.5] * 10         # 50% with a wide spread: no decision yet
b = ab.SPRT_BOUND
ok = (ab.sprt_llr(win, 0, 50) > b and ab.sprt_llr(lose, 0, 50) < -b and
      -b < ab.sprt_llr(even, 0, 50) < b and ab.sprt_llr(win[:1], 0, 50) == 0 and
      abs(ab.sprt_llr(win, 0, 50) + ab.sprt_llr([1 - x for x in win], -50, 0)) < 1e-9)
sys.exit(0 if ok else 1)
EOF
check "the LLR accepts a clear gain, rejects a clear loss, waits on a wide 50%" \
    python3 "$tmp/llr.py" bench/ab-match.py

# ---- gen-openings.py: balanced openings in match.py's format, the same on any run ----
python3 bench/gen-openings.py --out "$tmp/open1.txt" --count 3 --nodes 3000 --jobs 1 \
    --lib "$LIB" > "$tmp/open1.log" 2>&1
check "gen-openings.py exits 0" [ $? -eq 0 ]
check "it writes three openings of three stones, white to move, within the margin" \
    awk '/^#/ { next }
         { n++; if (NF != 8 || $4 != "#" || $6 != "white" || $8 != "move") bad = 1
           s = $5; sub(/,$/, "", s); if (s + 0 > 250 || s + 0 < -250) bad = 1
           for (i = 1; i <= 3; i++) { split($i, c, ","); if (c[1] < 3 || c[1] > 11 || c[2] < 3 || c[2] > 11) bad = 1
                                     if (seen[NR, $i]++) bad = 1 } }
         END { exit bad || n != 3 }' "$tmp/open1.txt"
python3 bench/gen-openings.py --out "$tmp/open2.txt" --count 3 --nodes 3000 --jobs 2 \
    --lib "$LIB" > /dev/null 2>&1
check "the same arguments give the same file, whatever --jobs" cmp -s "$tmp/open1.txt" "$tmp/open2.txt"
python3 bench/gen-openings.py --out "$tmp/open3.txt" --count 0 --lib "$LIB" > /dev/null 2>&1
check "gen-openings.py refuses --count 0 (exit 2)" [ $? -eq 2 ]
for rule in standard renju; do
    python3 bench/gen-openings.py --out "$tmp/open-$rule.txt" --count 2 --nodes 3000 --jobs 1 \
        --rule $rule --lib "$LIB" > /dev/null 2>&1
    check "gen-openings.py --rule $rule writes two openings" \
        [ "$(grep -vc '^#' "$tmp/open-$rule.txt")" = 2 ]
    check "and names the rule in its header" grep -q "($rule)" "$tmp/open-$rule.txt"
done

# ---- paired.py: two builds' records compared opening by opening ----
# Three openings, told apart by their stones; engine A's result with each colour.
cat > "$tmp/rec.py" <<'EOF'
import json, os, sys
OPEN = {"x": ["7,7", "8,8", "9,9"], "y": ["7,7", "6,6", "5,5"], "z": ["7,7", "8,6", "9,5"]}
def record(path, results):  # results: (opening, a_black, score_a)
    res = lambda b, s: {1: "1-0", 0: "0-1"}.get(s if b else 1 - s, "1/2-1/2")
    games = [{"game": i + 1, "opening": i, "a_black": b, "result": res(b, s), "score_a": s,
              "opening_stones": 3, "moves": OPEN[o] + ["1,1"]}
             for i, (o, b, s) in enumerate(results)]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    json.dump({"config": {}, "games": games}, open(path, "w"))
t = sys.argv[1]
record(t + "/base/games.json", [("x", True, 0), ("x", False, 1), ("y", True, 0), ("y", False, 0)])
record(t + "/var.json", [("y", True, 1), ("y", False, 0), ("x", True, 1), ("x", False, 1),
                         ("z", True, 0.5), ("z", False, 0.5)])
record(t + "/other.json", [("z", True, 1), ("z", False, 0)])
EOF
python3 "$tmp/rec.py" "$tmp"
python3 bench/paired.py --base "$tmp/base" --variant "$tmp/var.json" > "$tmp/pair.txt" 2>&1
check "paired.py exits 0" [ $? -eq 0 ]
check "paired.py totals each side, with each colour" \
    sh -c "grep -q '^base  *1/4 (25.0% ' '$tmp/pair.txt' && grep -q '^variant  *4/6 (66.7% ' '$tmp/pair.txt' \
           && grep -q 'black 2.5/3  white 1.5/3' '$tmp/pair.txt'"
# x: 1.0 - 0.5, y: 0.5 - 0.0; z is the variant's only.
check "paired.py pairs the shared openings by their stones" \
    grep -q '^paired over 2 openings: +50.0 points +- 0.0 (95%)' "$tmp/pair.txt"
python3 bench/paired.py --base "$tmp/base" --variant "$tmp/var.json" --colour white \
    > "$tmp/pairw.txt" 2>&1
check "paired.py --colour white keeps engine A's white games only" \
    sh -c "grep -q '^base  *1/2 (50.0% ' '$tmp/pairw.txt' \
           && grep -q '^paired over 2 openings: +0.0 points' '$tmp/pairw.txt'"
python3 bench/paired.py --base "$tmp/base" --variant "$tmp/other.json" > /dev/null 2>&1
check "paired.py refuses records that share no opening (exit 2)" [ $? -eq 2 ]
python3 bench/paired.py --base "$tmp/no-such-record.json" > /dev/null 2>&1
check "paired.py refuses a record it cannot read (exit 2)" [ $? -eq 2 ]

# ---- texel-tune.py gen: positions with the game's result for the side to move ----
python3 bench/texel-tune.py gen --out "$tmp/pos.txt" --games 6 --nodes 3000 --jobs 1 \
    --lib "$LIB" > "$tmp/gen.txt" 2>&1
check "texel-tune.py gen exits 0" [ $? -eq 0 ]
check "gen writes positions" [ "$(wc -l < "$tmp/pos.txt")" -ge 30 ]
check "every position has a known rule, a result and 22 inputs" \
    awk '($1 != "freestyle" && $1 != "standard" && $1 != "renju") ||
         ($2 != "0.0" && $2 != "0.5" && $2 != "1.0") || NF != 24 { bad = 1 }
         END { exit bad }' "$tmp/pos.txt"
# In a won game the two sides have the move equally often, give or take one, so over six
# games the wins and losses seen by the side to move differ by at most six.
check "results are seen from the side to move" \
    awk '$2 == "1.0" { w++ } $2 == "0.0" { l++ } END { d = w - l; exit !(w > 0 && d <= 6 && d >= -6) }' \
    "$tmp/pos.txt"

# ---- texel-tune.py fit: fitted weights the library accepts ----
python3 bench/texel-tune.py fit "$tmp/pos.txt" --epochs 2 --lib "$LIB" > "$tmp/fit.txt" 2>&1
check "texel-tune.py fit exits 0" [ $? -eq 0 ]
check "fit prints the loss of the current weights" grep -q '^loss with the current weights' "$tmp/fit.txt"
tail -n 1 "$tmp/fit.txt" > "$tmp/w.json"
check "the fitted weights are valid for gomoku_set_weights" python3 -c "
import json, sys
sys.path.insert(0, 'python')
import gomoku
d = json.load(open('$tmp/w.json'))
e = gomoku.Engine(15, 'freestyle', library_path='$LIB')
w = e.weights
w.own, w.opp, w.combo_own, w.combo_opp = d['own'], d['opp'], d['combo_own'], d['combo_opp']
e.weights = w
assert e.weights.combo_own == d['combo_own'] and e.weights.own == d['own']
"
# Too little data is an error with a message, not a crash.
head -n 5 "$tmp/pos.txt" > "$tmp/few.txt"
python3 bench/texel-tune.py fit "$tmp/few.txt" --lib "$LIB" > "$tmp/few.out" 2>&1
check "fit refuses too few positions" [ $? -ne 0 ]
check "fit says why" grep -q 'too few to fit' "$tmp/few.out"

# ---- texel-tune.py label: recorded positions labelled by our own search ----
# One real freestyle game (black won with its 28th stone); its positions from ply 6 on.
cat > "$tmp/lab.json" <<'EOF'
{"config": {"rule": 0, "size": 15}, "games": [{"game": 1, "result": "1-0", "opening_stones": 3,
 "moves": ["9,9", "10,4", "9,6", "11,5", "8,8", "10,5", "10,10", "7,7", "8,5", "10,7", "10,6",
           "11,6", "8,6", "8,7", "9,7", "9,8", "12,5", "11,4", "6,6", "7,6", "12,12", "11,11",
           "6,10", "7,9", "11,8", "11,3", "11,2", "11,7"]}]}
EOF
python3 bench/texel-tune.py label --out "$tmp/lab.txt" --positions 12 --nodes 2000 --jobs 1 \
    --lib "$LIB" "$tmp/lab.json" > /dev/null 2>&1
check "texel-tune.py label exits 0" [ $? -eq 0 ]
check "label writes a line for each position asked for" [ "$(wc -l < "$tmp/lab.txt")" -eq 12 ]
check "every label is a freestyle position, a value in [0, 1] and 22 inputs" \
    awk '$1 != "freestyle" || $2 < 0 || $2 > 1 || NF != 24 { bad = 1 } END { exit bad }' "$tmp/lab.txt"
# The labels come from searches, not from the game's result: they are not all 0 and 1.
check "the labels are search values, not game results" \
    awk '$2 > 0.01 && $2 < 0.99 { n++ } END { exit !(n >= 3) }' "$tmp/lab.txt"
python3 bench/texel-tune.py label --out "$tmp/lab2.txt" --lib "$LIB" "$tmp/no-such.json" \
    > /dev/null 2>&1
check "label refuses a record it cannot read" [ $? -ne 0 ]
# --as-rule renju on a freestyle record whose ninth stone, black's 9,7, is a double three
# (7,7 8,7 across, 9,8 9,9 down): a foul under renju, so the positions from ply 9 on are
# skipped and the three before it (plies 6, 7, 8) are labelled under renju.
cat > "$tmp/foul.json" <<'EOF'
{"config": {"rule": 0, "size": 15}, "games": [{"game": 1, "result": "0.5-0.5", "opening_stones": 3,
 "moves": ["7,7", "0,0", "8,7", "0,2", "9,8", "0,4", "9,9", "0,6", "9,7", "0,8", "14,14",
           "2,12", "14,12", "3,12"]}]}
EOF
python3 bench/texel-tune.py label --moves --as-rule renju --out "$tmp/foul.txt" --positions 100 \
    --nodes 2000 --jobs 1 --lib "$LIB" "$tmp/foul.json" > /dev/null 2>&1
check "label --as-rule skips the positions after a foul and exits 0" [ $? -eq 0 ]
check "label --as-rule labels the three positions before the foul, under renju" \
    awk '$1 != "renju" || NF < 8 || NF > 11 { bad = 1 } END { exit bad || NR != 3 }' "$tmp/foul.txt"

# ---- vs-textbook.py: both colours of one opening, the textbook with another build's weights ----
python3 bench/vs-textbook.py --strong "$LIB" --weights-of "$LIB" --nodes 5000 --depth 2 \
    --openings 1 > "$tmp/vt.txt" 2>&1
check "vs-textbook.py exits 0" [ $? -eq 0 ]
check "vs-textbook.py plays both colours" \
    sh -c "grep -q 'strong black: ' '$tmp/vt.txt' && grep -q 'strong white: ' '$tmp/vt.txt'"
check "vs-textbook.py totals the two games" grep -Eq '^strong search: (0|0.5|1|1.5|2)/2 ' "$tmp/vt.txt"
# --skip 2 --openings 1 plays the third opening (7,7 9,7); --show-moves prints each game's
# moves, which start with the opening.
python3 bench/vs-textbook.py --strong "$LIB" --nodes 5000 --depth 2 --color white \
    --skip 2 --openings 1 --show-moves > "$tmp/vts.txt" 2>&1
check "vs-textbook.py --skip exits 0" [ $? -eq 0 ]
check "vs-textbook.py --skip plays the third opening only" \
    sh -c "[ \$(grep -c 'strong white: ' '$tmp/vts.txt') -eq 1 ] && grep -q '^7,7 9,7  *strong white: ' '$tmp/vts.txt'"
check "vs-textbook.py --show-moves prints the game from its opening" \
    grep -Eq '^    7,7 9,7( [0-9]+,[0-9]+)+$' "$tmp/vts.txt"
# --engine: a Gomocup engine (ours through the protocol) plays the strong side; one that
# exits at once ends the run with a message and a non-zero status.
python3 bench/vs-textbook.py --strong "$LIB" --engine ./examples/pbrain-gomoku --turn-ms 100 \
    --depth 2 --openings 1 > "$tmp/vte.txt" 2>&1
check "vs-textbook.py --engine exits 0" [ $? -eq 0 ]
check "vs-textbook.py --engine plays both colours of the first opening" \
    [ "$(grep -c '^7,7 8,7  *strong \(black\|white\): \(win\|draw\|loss\) ([0-9]* moves)$' "$tmp/vte.txt")" -eq 2 ]
check "vs-textbook.py --engine totals the two games" grep -Eq '^strong search: (0|0.5|1|1.5|2)/2 ' "$tmp/vte.txt"
printf '#!/bin/sh\nexit 3\n' > "$tmp/dead"
chmod +x "$tmp/dead"
python3 bench/vs-textbook.py --strong "$LIB" --engine "$tmp/dead" --depth 2 --openings 1 \
    > "$tmp/vtd.txt" 2>&1
check "vs-textbook.py: an engine that exits ends the run with a non-zero status" [ $? -ne 0 ]
check "vs-textbook.py: and says so" grep -q '^vs-textbook.py: dead' "$tmp/vtd.txt"
python3 bench/vs-textbook.py --strong "$LIB" --engine "$tmp/dead" --rule caro > "$tmp/vtc.txt" 2>&1
check "vs-textbook.py: caro has no protocol rule for an engine" grep -q '^vs-textbook.py: .*caro' "$tmp/vtc.txt"

# ---- vct-bench --refute: the opponent's VCT after each near non-answer of a save line ----
# Tactics line 53 (freestyle, white to move): black threatens a 7-ply win; 6,6 and 7,5
# stop it. 53 empty cells lie within two of a stone, so 51 are non-answers.
echo "save freestyle 15 5,5 8,5 7,8 6,8 5,7 5,6 7,7 | 6,6 7,5 | 7" > "$tmp/save.txt"
./bench/vct-bench --refute --nodes 20000 "$tmp/save.txt" > "$tmp/refute.txt" 2>&1
check "vct-bench --refute exits 0" [ $? -eq 0 ]
check "vct-bench --refute searches every near non-answer and refutes most" \
    awk '$2 == "positions," { exit !($1 == 51 && $3 >= 40) } END { exit NR != 1 }' "$tmp/refute.txt"
# With 7,5 left off the answers it is searched too, and no win is found after it.
echo "save freestyle 15 5,5 8,5 7,8 6,8 5,7 5,6 7,7 | 6,6 | 7" > "$tmp/save1.txt"
./bench/vct-bench --refute --nodes 20000 "$tmp/save1.txt" > "$tmp/refute1.txt" 2>&1
check "a real defence is searched and not refuted" \
    sh -c "[ \"\$(awk '{ print \$1, \$3 }' '$tmp/refute1.txt')\" = \"52 \$(awk '{ print \$3 }' '$tmp/refute.txt')\" ]"

# ---- combo-features --threats and fit-combo.py initiative: the initiative term's inputs ----
# 7,7 8,7 9,7 is black's open three: with white to move, black has open-four points (bit 0)
# and four points (bit 6); one move earlier black had three points (bit 8), and before that
# black, to move, had them as its own (bit 4).
printf 'freestyle B 7,7 0,0 8,7 0,14 9,7\n' > "$tmp/g1.txt"
./bench/combo-features --threats --skip 0 "$tmp/g1.txt" > "$tmp/thr.txt" 2>&1
check "combo-features --threats exits 0" [ $? -eq 0 ]
check "combo-features --threats gives each position's mask from the mover's side" \
    sh -c "[ \"\$(awk '{ print \$3, \$4, \$7 }' '$tmp/thr.txt' | tr '\n' ';')\" = 'W 0.0 0;B 1.0 0;W 0.0 256;B 1.0 16;W 0.0 65;' ]"
# combo-features --parity: black 7,6 and white 7,8 are each other's mirror image across
# the middle row, so the board scores the same for whichever side is to move, and more than
# zero: what the weights give for having the move. The summary goes to stderr.
printf 'freestyle D 7,6 7,8\n' > "$tmp/g3.txt"
./bench/combo-features --parity --skip 0 "$tmp/g3.txt" > "$tmp/par.txt" 2> "$tmp/par.err"
check "combo-features --parity exits 0" [ $? -eq 0 ]
check "combo-features --parity: a mirrored board scores alike for either side to move" \
    awk '$8 == 2 { found = 1; if ($6 != $7 || $6 <= 0) exit 1 } END { exit !found }' "$tmp/par.txt"
check "combo-features --parity summarises the tempo on stderr" \
    grep -q '^positions 2: the move is worth [0-9]* on the same board; consecutive plies (1 pairs)' "$tmp/par.err"
# The fit on two games played 20 times each, the first always won by white, the second by
# black, whatever the hand-set score says: their positions' masks tell them apart, so the
# term must lower the held-out loss (the held-out games are copies of the same two).
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    echo "freestyle W 7,7 0,0 8,7 0,14 9,9 1,0 6,6 2,0 10,7 14,14"
    echo "freestyle B 7,7 8,8 0,0 8,9 0,14 9,10 1,0 7,6 2,0 14,0 3,0"
done > "$tmp/g2.txt"
python3 bench/fit-combo.py initiative "$tmp/g2.txt" --epochs 20 --min 1 --skip 2 --c-out "$tmp/init.c" \
    > "$tmp/init.txt" 2>&1
check "fit-combo.py initiative exits 0" [ $? -eq 0 ]
check "fit-combo.py initiative lowers the held-out loss" \
    awk '/hand-set: train/ { b = $NF } /^kept epoch/ { sub(";", "", $NF); k = $(NF - 3) }
         END { exit !(b != "" && k != "" && k + 0 < b + 0) }' "$tmp/init.txt"
check "fit-combo.py initiative writes four tables of 512 values" \
    sh -c "[ \$(sed -n '/= {/,\$p' '$tmp/init.c' | grep -Eo -- '-?[0-9]+,' | wc -l) -eq 2048 ]"

finish devtools.test.sh
