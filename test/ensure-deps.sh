#!/bin/sh
# Makes sure what the tests need is installed: cmocka (Debian: libcmocka-dev) and python3,
# and as root the Debian packages the Python package's install test uses.
# Installs it with apt-get when running as root; otherwise says which package is missing.
missing=""
if ! printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\nint main(void){return 0;}\n' \
    | ${CC:-cc} -x c - -o /dev/null -lcmocka >/dev/null 2>&1; then
    missing="$missing libcmocka-dev"
fi
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
# For test/python-package.test.sh, which is skipped without them: installed when it can be.
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 &&
    ! /usr/bin/python3 -c "import venv, ensurepip, setuptools, wheel" >/dev/null 2>&1; then
    missing="$missing python3-venv python3-setuptools python3-wheel"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-deps: installing$missing"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing) >/dev/null 2>&1 \
        || { echo "ensure-deps: apt-get install$missing failed" >&2; exit 1; }
else
    echo "ensure-deps: missing$missing; install it (Debian: sudo apt-get install$missing)" >&2
    exit 1
fi
