#!/bin/sh
# make install into a private prefix, used as the README says: only the user programs
# and their man pages are installed, they run outside this tree, and a C program built
# with pkg-config and -Wl,-rpath starts without LD_LIBRARY_PATH.
# Run from the repository root (make test does). CI also installs into /usr/local as root.
if [ -n "$GOMOKU_SANITIZED" ]; then
    echo "install.test.sh: skipped (a sanitizer-built library links only into sanitized programs)"
    exit 0
fi
. "$(dirname "$0")/testlib.sh"
unset LD_LIBRARY_PATH
prefix=$tmp/prefix
${MAKE:-make} --no-print-directory install PREFIX="$prefix" > "$tmp/install.out" 2>&1
check "make install PREFIX=... succeeds" [ $? -eq 0 ]
check "it installs exactly the user programs" \
    [ "$(ls "$prefix/bin" | tr '\n' ' ')" = "gomoku-analyze gomoku-play pbrain-gomoku " ]
check "each with its man page" \
    [ "$(ls "$prefix/share/man/man1" | tr '\n' ' ')" = "gomoku-analyze.1 gomoku-play.1 pbrain-gomoku.1 " ]
check "a private prefix gets a note on -Wl,-rpath" grep -q -F -- "-Wl,-rpath,$prefix/lib" "$tmp/install.out"

# The installed programs work from anywhere.
(cd / && "$prefix/bin/gomoku-analyze" --depth 2 h8 i9) > "$tmp/analyze.out" 2>&1
check "installed gomoku-analyze runs outside the tree" grep -q "best move" "$tmp/analyze.out"
(cd / && printf 'START 15\nBEGIN\nEND\n' | "$prefix/bin/pbrain-gomoku") > "$tmp/pbrain.out" 2>&1
check "installed pbrain-gomoku answers START and BEGIN" \
    sh -c "grep -v MESSAGE '$tmp/pbrain.out' | tr '\n' ' ' | grep -q -E '^OK [0-9]+,[0-9]+ $'"

# The README's recipe for a private prefix.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if command -v pkg-config >/dev/null 2>&1; then
    # shellcheck disable=SC2046
    ${CC:-cc} -std=c11 examples/quickstart.c $(pkg-config --cflags --libs gomoku) \
        -Wl,-rpath,"$(pkg-config --variable=libdir gomoku)" -o "$tmp/app" 2> "$tmp/cc.out"
    check "a program builds with pkg-config and -Wl,-rpath" [ $? -eq 0 ]
    (cd / && "$tmp/app") > "$tmp/app.out" 2>&1
    check "it starts without LD_LIBRARY_PATH" grep -q "^best " "$tmp/app.out"
    check "it uses the installed shared library" \
        sh -c "ldd '$tmp/app' | grep -q -F '$prefix/lib/libgomoku.so.'"
else
    not_ok "pkg-config is installed (Debian: pkg-config)"
fi

${MAKE:-make} --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1
check "make uninstall removes it all" [ -z "$(find "$prefix" -type f -o -type l)" ]
finish install.test.sh
