#!/usr/bin/env bash
# vs-peer.sh - a match of examples/pbrain-gomoku against a reference engine, kept for later.
#
#   GOMOKU_PEER=/path/to/peer-dir bench/vs-peer.sh RULE TURN_MS [GAMES] [extra match.py options]
#
# RULE is freestyle, standard or renju (or 0, 1, 4); TURN_MS the time per move; GAMES
# defaults to every opening of ../shared/tools/openings.txt with both colours (54).
# Options after GAMES go to match.py as they are (for example --turn-ms-b 50 for a peer
# with less time, --tolerance-ms 1000 on a busy machine, --info-a "thread_num 2").
# GOMOKU_PEER is the directory of the peer engine (its executable, model and config, run
# there); GOMOKU_PEER_EXE names the executable in it (default pbrain-rapfi). The engine
# under test is GOMOKU_ENGINE (default: this tree's examples/pbrain-gomoku, built first).
# Games, the protocol log and a JSON record go to bench/games/<date>-<rule>-<ms>ms-<commit>/.
# Developer tool only: never run by make test or CI (it needs the peer, and minutes).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${GOMOKU_SHARED:-$top/../shared}
: "${GOMOKU_PEER:?set GOMOKU_PEER to the directory of the reference engine, see docs/vs-peer.md}"
peer_exe=${GOMOKU_PEER_EXE:-pbrain-rapfi}
[ $# -ge 2 ] || { echo "usage: $0 RULE TURN_MS [GAMES] [match.py options...]" >&2; exit 2; }
case $1 in
    freestyle|0) rule=0; rname=freestyle ;;
    standard|1) rule=1; rname=standard ;;
    renju|4) rule=4; rname=renju ;;
    *) echo "$0: unknown rule '$1' (freestyle, standard, renju)" >&2; exit 2 ;;
esac
ms=$2; shift 2
games=()
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then games=(--games "$1"); shift; fi
engine=${GOMOKU_ENGINE:-}
if [ -z "$engine" ]; then
    make -C "$top" -s examples/pbrain-gomoku >/dev/null
    engine=$top/examples/pbrain-gomoku
fi
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$top" diff --quiet HEAD 2>/dev/null || commit="$commit+dirty"
# GOMOKU_LABEL names a build that is not this tree's (with GOMOKU_ENGINE).
commit=${GOMOKU_LABEL:-$commit}
out=${GOMOKU_GAMES_DIR:-$top/bench/games}/$(date +%Y%m%d-%H%M%S)-$rname-${ms}ms-$commit-$$
mkdir -p "$out"
echo "engine $engine ($commit) against $GOMOKU_PEER/$peer_exe, $rname, $ms ms a move -> $out"
python3 "$shared/tools/match.py" --engine-a "$engine" \
    --engine-b "$GOMOKU_PEER/$peer_exe" --cwd-b "$GOMOKU_PEER" \
    --rule "$rule" --turn-ms "$ms" "${games[@]}" \
    --out "$out/games.txt" --json "$out/games.json" --log "$out/protocol.log" "$@" \
    | tee "$out/summary.txt"
