#!/bin/sh
# The Python package as a user installs it: pip install --no-build-isolation into a fresh
# virtual environment (the setuptools and wheel of the system, nothing downloaded), then
# the package's tests (python/tests) run against the installed copy, which must carry
# its own libgomoku. Needs python3-venv, python3-setuptools and python3-wheel (Debian);
# without them the test is skipped, unless GOMOKU_PYTHON_PACKAGE_REQUIRED=1 (CI).
# Run from the repository root (make test does).
if [ -n "$GOMOKU_SANITIZED" ]; then
    echo "python-package.test.sh: skipped (a sanitizer build; the package compiles its own library anyway)"
    exit 0
fi
. "$(dirname "$0")/testlib.sh"
unset GOMOKU_LIBRARY PYTHONPATH

py=""
for candidate in ${PYTHON:-python3} /usr/bin/python3; do
    if "$candidate" -c "import venv, ensurepip, setuptools, wheel" >/dev/null 2>&1; then
        py=$candidate
        break
    fi
done
if [ -z "$py" ]; then
    msg="needs a python3 with venv, ensurepip, setuptools and wheel (Debian: python3-venv python3-setuptools python3-wheel)"
    if [ "$GOMOKU_PYTHON_PACKAGE_REQUIRED" = 1 ]; then
        not_ok "$msg"
        finish python-package.test.sh
        exit 1
    fi
    echo "python-package.test.sh: skipped: $msg"
    exit 0
fi

# A copy of what the package is built from, as a fresh clone has it (no earlier build).
mkdir -p "$tmp/tree"
cp -R src include python LICENSE "$tmp/tree/"
rm -rf "$tmp/tree/python/build" "$tmp/tree/python/"*.egg-info "$tmp/tree/python/gomoku/_libgomoku.so"

"$py" -m venv --system-site-packages "$tmp/venv" > "$tmp/venv.out" 2>&1
check "python3 -m venv makes an environment" [ -x "$tmp/venv/bin/python" ]
"$tmp/venv/bin/python" -m pip install --no-build-isolation --no-index "$tmp/tree/python" \
    > "$tmp/pip.out" 2>&1
status=$?
if [ $status -eq 0 ]; then ok "pip install --no-build-isolation --no-index ./python"
else not_ok "pip install --no-build-isolation --no-index ./python" "$(tail -n 15 "$tmp/pip.out")"; fi

site=$("$tmp/venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
check "the package carries its own library and py.typed" \
    sh -c "[ -f '$site/gomoku/_libgomoku.so' ] && [ -f '$site/gomoku/py.typed' ]"
(cd / && "$tmp/venv/bin/python" -c "
import gomoku
e = gomoku.Engine(15, 'renju')
e.play('h8')
r = e.search(depth=4, time_ms=None)
print(gomoku.library_path(), r.best_text, r.depth)
") > "$tmp/use.out" 2>&1
check "import gomoku works from anywhere and uses the bundled library" \
    grep -q "^$site/gomoku/_libgomoku.so [a-o][0-9]* 4\$" "$tmp/use.out"

here=$(pwd)
(cd "$tmp" && GOMOKU_TEST_INSTALLED=1 "$tmp/venv/bin/python" -m unittest discover \
    -v -s "$here/python/tests" -t "$here/python/tests" -p 'test_*.py') > "$tmp/tests.out" 2>&1
status=$?
if [ $status -eq 0 ]; then ok "the package's tests pass on the installed copy: $(grep "^Ran " "$tmp/tests.out")"
else not_ok "the package's tests pass on the installed copy" "$(tail -n 25 "$tmp/tests.out")"; fi
if "$tmp/venv/bin/python" -c "import numpy" 2>/dev/null; then
    check "with NumPy installed, its board test ran" sh -c "! grep -q 'NumPy is not installed' '$tmp/tests.out'"
fi
finish python-package.test.sh
