#!/bin/sh
# Runs every cmocka test program given, then the shell tests (test/*.test.sh) and the
# Python binding tests. Prints a summary line and exits non-zero on any failure.
# --valgrind: run the cmocka programs under valgrind (leaks are errors).
vg=""
if [ "$1" = "--valgrind" ]; then
    vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect"
    shift
fi
passed=0
failed=0
failures=""
for t in "$@"; do
    echo "== $t"
    if $vg "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures $t"; fi
done
if [ -z "$vg" ]; then
    for s in test/*.test.sh; do
        [ -f "$s" ] || continue
        echo "== $s"
        if sh "$s"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures $s"; fi
    done
    # A sanitizer-built library cannot be loaded by python3 through ctypes.
    if [ -z "$GOMOKU_SANITIZED" ] && ls python/tests/test_*.py >/dev/null 2>&1; then
        echo "== python unittest (python/tests, the package from this tree)"
        if (cd python/tests && PYTHONPATH=.. python3 -m unittest discover -p 'test_*.py' -v); then
            passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures python"; fi
    fi
fi
echo
[ -n "$failures" ] && echo "failed:$failures"
echo "test programs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
