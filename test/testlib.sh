# testlib.sh - what the shell tests share; sourced, not run:
#     . "$(dirname "$0")/testlib.sh"
# Gives a scratch directory $tmp (removed on exit), counters of passed and failed checks,
# and finish NAME, which prints the summary and returns non-zero on any failure.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

# ok NAME / not_ok NAME [DETAIL]: records one check; the detail is printed indented.
ok() { pass=$((pass + 1)); echo "ok   - $1"; }
not_ok() { fail=$((fail + 1)); echo "FAIL - $1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/       /'; }

# check NAME COMMAND...: passes when the command succeeds.
check() {
    name=$1
    shift
    if "$@"; then ok "$name"; else not_ok "$name"; fi
}

finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
