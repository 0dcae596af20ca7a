#!/bin/sh
# The command line of every program in examples/: -h and --help print the usage on
# standard output and exit 0, --version names the library's version, an unknown option is
# called unknown (exit 2), and a value out of range is refused with the range (exit 2).
# Run from the repository root (make test does).
. "$(dirname "$0")/testlib.sh"

major=$(sed -n 's/^#define GOMOKU_VERSION_MAJOR \([0-9]*\).*/\1/p' include/gomoku.h)
minor=$(sed -n 's/^#define GOMOKU_VERSION_MINOR \([0-9]*\).*/\1/p' include/gomoku.h)
patch=$(sed -n 's/^#define GOMOKU_VERSION_PATCH \([0-9]*\).*/\1/p' include/gomoku.h)
version="libgomoku $major.$minor.$patch"

# run PROG ARGS...: status to $tmp/status, stdout to $tmp/out, stderr to $tmp/err.
run() {
    "$@" < /dev/null > "$tmp/out" 2> "$tmp/err"
    echo $? > "$tmp/status"
}
status_is() { [ "$(cat "$tmp/status")" -eq "$1" ]; }
out_has() { grep -F -q -- "$1" "$tmp/out"; }
err_has() { grep -F -q -- "$1" "$tmp/err"; }

# refused PROG WANT ARGS...: exit status 2 and stderr holding WANT.
refused() {
    prog=$1
    want=$2
    shift 2
    run "./examples/$prog" "$@"
    if status_is 2 && err_has "$want"; then
        ok "$prog $*: refused with \"$want\""
    else
        not_ok "$prog $*: refused with \"$want\"" "status $(cat "$tmp/status"), stderr: $(cat "$tmp/err")"
    fi
}

for prog in gomoku-analyze gomoku-play gomoku-match gomoku-bench gomoku-tactics pbrain-gomoku konane; do
    [ -x "examples/$prog" ] || { not_ok "$prog is built"; continue; }
    for h in -h --help; do
        run "./examples/$prog" $h
        check "$prog $h prints the usage on stdout and exits 0" \
            sh -c "[ $(cat "$tmp/status") -eq 0 ] && grep -q '^usage: $prog' '$tmp/out'"
    done
    run "./examples/$prog" --version
    check "$prog --version names $version" sh -c "[ $(cat "$tmp/status") -eq 0 ] && grep -F -q '$version' '$tmp/out'"
    refused "$prog" "unknown option '--bogus'" --bogus
done

# Values out of range: the message gives the range.
refused gomoku-play "--size must be 5..32, not '4'" --size 4
refused gomoku-play "--level must be 1..10, not '0'" --level 0
refused gomoku-play "--rule must be freestyle, standard, renju or caro, not 'go'" --rule go
refused gomoku-play "--black must be human or engine, not 'robot'" --black robot
refused gomoku-play "--time needs a value" --time
refused gomoku-analyze "--size must be 5..32, not '4'" --size 4
refused gomoku-analyze "--depth must be 1..64, not '65'" --depth 65
refused gomoku-analyze "--prune must be 0..90, not '95'" --prune 95
refused gomoku-bench "--depth must be 1..64, not '0'" --depth 0
refused gomoku-bench "--threads must be 1..64, not 'x'" --threads x
refused gomoku-match "--openings must be 1..20, not '0'" --openings 0
refused gomoku-match "--rule must be freestyle, standard, renju or caro, not 'go'" --rule go
refused gomoku-match "--black must be minimax:D" --black minimax:0 --white negamax:1
refused gomoku-match "--size must be 5..32, not '40'" --size 40
refused gomoku-tactics "--threads must be 1..64, not '0'" --threads 0
refused gomoku-tactics "--kind must be win or save, not 'draw'" --kind draw
refused gomoku-tactics "--time 0 needs --nodes N" --time 0

# The installed programs' man pages and --help name the same options.
for prog in gomoku-analyze gomoku-play pbrain-gomoku; do
    help_opts=$("./examples/$prog" --help | grep -o -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
    man_opts=$(grep -o -- '\\-\\-[a-z][a-z\\-]*' "man/$prog.1" | sed 's/\\//g' | sort -u | tr '\n' ' ')
    check "$prog: --help and the man page name the same options" [ "$help_opts" = "$man_opts" ]
    [ "$help_opts" = "$man_opts" ] || printf '       --help: %s\n       man:    %s\n' "$help_opts" "$man_opts"
done

finish options.test.sh
