#!/usr/bin/env bash
# Peak resident memory of pbrain-gomoku against INFO max_memory: for each cap (MB) and
# each thread count, a match of pbrain-gomoku against itself under shared/tools/match.py
# with --max-memory set to the cap; every engine process runs under a wrapper that
# writes its peak resident size (getrusage ru_maxrss of the child, which the kernel keeps
# for the whole run) when it exits. Prints the largest peak per cap and thread count, and
# exits non-zero if one is not under its cap.
#
#   bench/memcap.sh [GAMES [TURN_MS]]     default 20 games at 200 ms a move
#   MEMCAP_CAPS="40 100 350" MEMCAP_THREADS="1 4" bench/memcap.sh
#
# Run from the repository's root after `make`; match.py from ../shared/tools or
# $GOMOKU_SHARED/tools. Logs in build/memcap/.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${GOMOKU_SHARED:-../shared}
match=$shared/tools/match.py
games=${1:-20}
turn=${2:-200}
caps=${MEMCAP_CAPS:-40 100 350}
threads=${MEMCAP_THREADS:-1 4}
out=build/memcap
mkdir -p "$out"
[ -f "$match" ] || { echo "memcap: $match not found (set GOMOKU_SHARED)" >&2; exit 2; }

# The wrapper: the engine inherits the pipes, so nothing is added to its answers' path.
cat > "$out/rss-wrap.py" <<'PY'
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
with open(sys.argv[1], "a") as f:
    f.write("%d\n" % kb)
sys.exit(rc)
PY

fail=0
printf '%8s %8s %6s %14s %10s\n' "cap MB" "threads" "games" "peak RSS MB" "verdict"
for cap in $caps; do
    for th in $threads; do
        log=$out/peak-$cap-$th.txt
        rm -f "$log"
        bytes=$((cap * 1024 * 1024))
        python3 "$match" --engine-a "python3 $out/rss-wrap.py $log ./examples/pbrain-gomoku" \
            --engine-b "python3 $out/rss-wrap.py $log ./examples/pbrain-gomoku" \
            --games "$games" --turn-ms "$turn" --max-memory "$bytes" \
            --info-a "thread_num $th" --info-b "thread_num $th" -q \
            > "$out/match-$cap-$th.log" 2>&1 || true
        peak_kb=$(sort -n "$log" 2>/dev/null | tail -n 1)
        peak_kb=${peak_kb:-0}
        verdict=under
        if [ "$peak_kb" -eq 0 ]; then
            verdict="no data"
            fail=1
        elif [ "$peak_kb" -ge $((cap * 1024)) ]; then
            verdict=OVER
            fail=1
        fi
        printf '%8d %8d %6d %14.1f %10s\n' "$cap" "$th" "$games" "$(awk "BEGIN{print $peak_kb/1024}")" "$verdict"
    done
done
exit $fail
