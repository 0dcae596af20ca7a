"""Runs every example of every man page (man/*.1) as a reader would type it.

An example is a line set in bold (.B) in an indented block (.RS ... .RE) of the EXAMPLES
section: a shell command, run with the programs of examples/ first on PATH, in a scratch
directory, with no input; it must exit 0 and refuse none of its input. A roff comment
'.\\" expect: SHELL-COMMAND' in the block is a check run after it in the same directory,
which must exit 0 too (for example that a file the example saves holds the moves). A block without bold lines (nofill, .nf) is a
protocol session of the page's program: the lines at the margin are sent to it, the
indented ones are what it must answer (a move "x,y" stands for any move).

The command is taken from the roff source with the escapes the pages use turned into what
man shows; any other escape fails the test, since the reader would see something else
(the bug this test was written for: '\\ei9' shows as '\\i9'). When groff is installed,
each command must also appear in the page as groff renders it.

    python3 test/man_examples.py [MANPAGE ...]     (from the repository root)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TIMEOUT_S = 300

ESCAPES = {"\\-": "-", "\\e": "\\", "\\(aq": "'", "\\(dq": '"', "\\&": "", "\\(ti": "~",
           "\\(ha": "^", "\\fB": "", "\\fI": "", "\\fR": "", "\\fP": ""}


class ManError(Exception):
    pass


def unescape(text, where):
    out, i = [], 0
    while i < len(text):
        if text[i] != "\\":
            out.append(text[i])
            i += 1
            continue
        for esc, plain in ESCAPES.items():
            if text.startswith(esc, i):
                out.append(plain)
                i += len(esc)
                break
        else:
            raise ManError(f"{where}: roff escape {text[i:i + 4]!r} would not show as typed")
    return "".join(out)


def macro_args(rest):
    """The arguments of a roff macro line: blank-separated, "double quotes" group."""
    args, i, n = [], 0, len(rest)
    while i < n:
        while i < n and rest[i] == " ":
            i += 1
        if i >= n:
            break
        if rest[i] == '"':
            i += 1
            arg = []
            while i < n:
                if rest[i] == '"':
                    if i + 1 < n and rest[i + 1] == '"':
                        arg.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                arg.append(rest[i])
                i += 1
            args.append("".join(arg))
        else:
            j = i
            while j < n and rest[j] != " ":
                j += 1
            args.append(rest[i:j])
            i = j
    return args


def examples(path):
    """[(kind, payload)]: ("command", text) or ("session", [(is_input, text)])."""
    name = os.path.basename(path)
    lines = open(path, encoding="utf-8").read().splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith(".SH EXAMPLES"))
    except StopIteration:
        return []
    found, block, in_block, nofill = [], None, False, False
    for lineno, line in enumerate(lines[start + 1:], start + 2):
        where = f"{name}:{lineno}"
        if line.startswith(".SH"):
            break
        if line.startswith(".RS"):
            in_block, block = True, {"commands": [], "session": [], "expect": []}
        elif line.startswith(".RE") and in_block:
            in_block = False
            found += [("command", c) for c in block["commands"]]
            if block["expect"]:
                if not block["commands"]:
                    raise ManError(f"{where}: an expect comment without a command")
                found[-1] = ("command", block["commands"][-1], block["expect"])
            if block["session"] and not block["commands"]:
                found.append(("session", block["session"]))
        elif not in_block:
            continue
        elif line.startswith(".nf"):
            nofill = True
        elif line.startswith(".fi"):
            nofill = False
        elif line.startswith(".B "):
            block["commands"].append(" ".join(unescape(a, where) for a in macro_args(line[3:])))
        elif line.startswith('.\\" expect:'):
            block["expect"].append(line[len('.\\" expect:'):].strip())
        elif line.startswith("."):
            continue
        elif nofill:
            text = unescape(line, where)
            block["session"].append((not text.startswith(" "), text.strip()))
    return found


def rendered(path):
    """The page as groff shows it, blanks collapsed; None without groff."""
    if not shutil.which("groff"):
        return None
    out = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", path], capture_output=True,
                         text=True, env=dict(os.environ, GROFF_NO_SGR="1"))
    if out.returncode != 0:
        return None
    return " ".join(out.stdout.split())


# What the programs print when they refuse input; an example must not provoke it.
REFUSALS = re.compile(r"is not a move or command|\(try --help\)|unknown option|needs a value")


def run_command(cmd, env, cwd, expect=()):
    shell = ["bash", "-o", "pipefail", "-c", cmd] if shutil.which("bash") else ["sh", "-c", cmd]
    p = subprocess.run(shell, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=TIMEOUT_S)
    if p.returncode != 0:
        tail = (p.stderr or p.stdout).strip().splitlines()[-3:]
        return f"exit status {p.returncode}: " + " | ".join(tail)
    refused = REFUSALS.search(p.stdout + p.stderr)
    if refused:
        line = next(l for l in (p.stdout + p.stderr).splitlines() if refused.group(0) in l)
        return f"input refused: {line.strip()}"
    for check in expect:
        c = subprocess.run(["sh", "-c", check], cwd=cwd, env=env, stdin=subprocess.DEVNULL)
        if c.returncode != 0:
            return f"afterwards, this check fails: {check}"
    return None


def run_session(program, session, env, cwd):
    sent = "".join(text + "\n" for is_input, text in session if is_input)
    want = [text for is_input, text in session if not is_input]
    p = subprocess.run([program], input=sent, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=TIMEOUT_S)
    got = [l.strip() for l in p.stdout.splitlines()
           if l.strip() and not l.startswith(("MESSAGE", "DEBUG"))]
    if p.returncode != 0:
        return f"exit status {p.returncode}"
    if len(got) != len(want):
        return f"answered {got}, the page shows {want}"
    for g, w in zip(got, want):
        if re.fullmatch(r"\d+,\d+", w):
            if not re.fullmatch(r"\d+,\d+", g):
                return f"answered {g!r} where the page shows a move ({w})"
        elif g != w:
            return f"answered {g!r} where the page shows {w!r}"
    return None


def main(argv):
    pages = argv[1:] or sorted(os.path.join(ROOT, "man", f)
                               for f in os.listdir(os.path.join(ROOT, "man")) if f.endswith(".1"))
    env = dict(os.environ)
    env["PATH"] = os.path.join(ROOT, "examples") + os.pathsep + env.get("PATH", "")
    env["NO_COLOR"] = "1"
    passed = failed = 0
    for page in pages:
        name = os.path.basename(page)
        program = os.path.join(ROOT, "examples", name[:-2])
        try:
            found = examples(page)
        except ManError as exc:
            print(f"FAIL - {exc}")
            failed += 1
            continue
        if not found:
            print(f"FAIL - {name}: no example found in its EXAMPLES section")
            failed += 1
            continue
        shown = rendered(page)
        for kind, payload, *expect in found:
            with tempfile.TemporaryDirectory() as cwd:
                if kind == "command":
                    label = f"{name}: {payload}"
                    problem = None
                    if shown is not None and " ".join(payload.split()) not in shown:
                        problem = "groff does not show it this way"
                    problem = problem or run_command(payload, env, cwd, *expect)
                else:
                    label = f"{name}: the session of {len(payload)} lines"
                    problem = run_session(program, payload, env, cwd)
            if problem:
                print(f"FAIL - {label}: {problem}")
                failed += 1
            else:
                print(f"ok   - {label}")
                passed += 1
    print(f"man_examples.py: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
