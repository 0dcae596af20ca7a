#!/usr/bin/env python3
"""Protocol test of pbrain-gomoku: a scripted Gomocup session that checks every answer.

Usage: pbrain_driver.py [path/to/pbrain-gomoku]   (default: examples/pbrain-gomoku)
       PBRAIN_WRAPPER="valgrind -q --error-exitcode=99 --leak-check=full" pbrain_driver.py

Also the home of `Engine`, the pipe wrapper pbrain_manager.py uses. Standard library
only. Every read has a timeout, so a hung engine fails the test instead of hanging it.
"""

import os
import re
import select
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Generous: the point is to catch a hung engine, not to time it (CI machines are noisy).
# Under a wrapper such as valgrind everything is many times slower.
WRAPPED = bool(os.environ.get("PBRAIN_WRAPPER", "").strip())
ANSWER_TIMEOUT = 60.0 if WRAPPED else 15.0


class EngineError(Exception):
    """The engine crashed, closed its output, or did not answer in time."""

    def __init__(self, kind, text):
        super().__init__("%s: %s" % (kind, text))
        self.kind = kind  # "timeout", "crash"


class Engine:
    """One pbrain process on pipes, read line by line with timeouts."""

    def __init__(self, argv, name="engine"):
        self.name = name
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            bufsize=0)
        self.fd = self.proc.stdout.fileno()
        self.buf = b""
        self.messages = []  # MESSAGE / DEBUG lines seen since the last answer

    def send(self, line, ending="\n"):
        try:
            self.proc.stdin.write((line + ending).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineError("crash", "%s: cannot write %r (%s)" % (self.name, line, exc))

    def read_line(self, timeout=ANSWER_TIMEOUT):
        """The next line of output (without its end), or EngineError."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError("timeout", "%s: no answer within %.1f s" % (self.name, timeout))
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                code = self.proc.poll()
                raise EngineError("crash", "%s: output closed (exit status %s)" % (self.name, code))
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").rstrip("\r")

    def answer(self, timeout=ANSWER_TIMEOUT):
        """The next line that is not a MESSAGE or DEBUG line (those are kept in messages)."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.read_line(max(0.0, deadline - time.monotonic()))
            if line.startswith("MESSAGE") or line.startswith("DEBUG"):
                self.messages.append(line)
                continue
            return line

    def ask(self, line, timeout=ANSWER_TIMEOUT):
        self.messages = []
        self.send(line)
        return self.answer(timeout)

    def pending_output(self, wait=0.2):
        """Whatever the engine printed within `wait` seconds (for commands that must be silent)."""
        lines = []
        end = time.monotonic() + wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return lines
            try:
                lines.append(self.read_line(left))
            except EngineError as exc:
                if exc.kind == "timeout":
                    return lines
                raise

    def close(self, timeout=ANSWER_TIMEOUT):
        """Sends END; returns the exit status (None if it had to be killed)."""
        try:
            self.send("END")
        except EngineError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


MOVE_RE = re.compile(r"^(\d+),(\d+)$")


def parse_move(text):
    m = MOVE_RE.match(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def status_bytes(pid, key):
    """A size from /proc/PID/status in bytes (VmRSS, VmHWM), or None where it cannot be read."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def current_rss(pid):
    """Resident set size in bytes now (Linux), or None."""
    return status_bytes(pid, "VmRSS")


def peak_rss(pid):
    """Peak resident set size in bytes (Linux), or None."""
    return status_bytes(pid, "VmHWM")


# --------------------------------------------------------------------------------------
# The scripted session
# --------------------------------------------------------------------------------------


class Session:
    def __init__(self, binary):
        self.binary = binary
        self.failures = 0
        self.checks = 0

    def check(self, cond, what, got=None):
        self.checks += 1
        if cond:
            print("ok   %s" % what)
        else:
            self.failures += 1
            print("FAIL %s%s" % (what, "" if got is None else " (got %r)" % (got,)))
        return cond

    def engine(self):
        # PBRAIN_WRAPPER runs the engine under a tool, e.g. "valgrind -q --error-exitcode=99".
        return Engine(shlex.split(os.environ.get("PBRAIN_WRAPPER", "")) + [self.binary], "pbrain")

    def engine_with_memory(self, size, limit):
        """A started engine: START size, then INFO max_memory limit (as managers send them)."""
        eng = self.engine()
        a = eng.ask("START %d" % size)
        self.check(a == "OK", "START %d -> OK" % size, a)
        eng.send("INFO max_memory %d" % limit)
        return eng

    def expect_move(self, eng, command, board, size, what, near=None):
        """Sends command; checks the answer is a move on an empty cell (and within `near`
        = (x, y, distance) if given); records it on board. Returns the move or None."""
        ans = eng.ask(command)
        mv = parse_move(ans)
        ok = mv is not None and 0 <= mv[0] < size and 0 <= mv[1] < size and mv not in board
        if ok and near is not None:
            ok = max(abs(mv[0] - near[0]), abs(mv[1] - near[1])) <= near[2]
        self.check(ok, what, ans)
        if ok:
            board[mv] = "engine"
        return mv if ok else None

    def send_board(self, eng, stones):
        """BOARD with (x, y, field) stones; returns the answer."""
        eng.messages = []
        eng.send("BOARD")
        for x, y, f in stones:
            eng.send("%d,%d,%d" % (x, y, f))
        eng.send("DONE")
        return eng.answer()

    def version(self):
        text = open(os.path.join(ROOT, "include", "gomoku.h")).read()
        parts = [re.search(r"#define GOMOKU_VERSION_%s (\d+)" % k, text).group(1)
                 for k in ("MAJOR", "MINOR", "PATCH")]
        return ".".join(parts)

    def run(self):
        self.before_start()
        self.main_session()
        self.board_session()
        self.rule_timing_session()
        self.extras_session()
        print("%d checks, %d failed" % (self.checks, self.failures))
        return self.failures == 0

    def before_start(self):
        eng = self.engine()
        try:
            a = eng.ask("TURN 7,7")
            self.check(a.startswith("ERROR"), "TURN before START -> ERROR", a)
            a = eng.ask("BEGIN")
            self.check(a.startswith("ERROR"), "BEGIN before START -> ERROR", a)
            a = eng.ask("START 15")
            self.check(a == "OK", "START after the errors -> OK", a)
            board = {}
            self.expect_move(eng, "BEGIN", board, 15, "BEGIN after a late START -> a move near the centre",
                             near=(7, 7, 2))
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)

    def main_session(self):
        eng = self.engine()
        try:
            a = eng.ask("START 15")
            self.check(a == "OK", "START 15 -> OK", a)
            a = eng.ask("START 3")
            self.check(a.startswith("ERROR"), "START 3 -> ERROR", a)
            a = eng.ask("START 99")
            self.check(a.startswith("ERROR"), "START 99 -> ERROR", a)
            a = eng.ask("START 15")
            self.check(a == "OK", "START 15 again -> OK", a)

            a = eng.ask("ABOUT")
            m = re.match(r'^name="([^"]*)", version="([^"]*)", author="[^"]+", country="[^"]+"', a)
            self.check(m is not None and m.group(1) == "pbrain-gomoku",
                       'ABOUT -> name="pbrain-gomoku", version, author, country', a)
            self.check(m is not None and m.group(2) == self.version(),
                       "ABOUT version is the library's (%s)" % self.version(), a)

            # INFO is silent: nothing is printed, and the next command answers normally.
            for line in ("INFO timeout_turn 300", "INFO timeout_match 100000", "INFO time_left 100000",
                         "INFO max_memory 83886080", "INFO game_type 1", "INFO rule 0",
                         "INFO folder /tmp", "INFO some_future_key 42"):
                eng.send(line)
            out = eng.pending_output(0.3)
            self.check(out == [], "INFO settings are accepted silently", out)

            board = {}
            self.expect_move(eng, "BEGIN", board, 15, "BEGIN -> a move near the centre", near=(7, 7, 2))
            self.check(board != {}, "BEGIN move recorded")

            # Opponent moves next to the engine's stone; the engine answers legally.
            (ex, ey) = next(iter(board))
            opp = (ex + 1, ey + 1)
            board[opp] = "opp"
            mv = self.expect_move(eng, "TURN %d,%d" % opp, board, 15, "TURN -> a legal move on an empty cell")
            self.check(any(m.startswith("MESSAGE depth") for m in eng.messages),
                       "thinking prints MESSAGE depth .. lines", eng.messages[:2])

            # Error paths keep the state.
            a = eng.ask("TURN %d,%d" % opp)
            self.check(a.startswith("ERROR"), "TURN on an occupied cell -> ERROR", a)
            a = eng.ask("TURN 15,3")
            self.check(a.startswith("ERROR"), "TURN off the board (15,3) -> ERROR", a)
            a = eng.ask("TURN -1,3")
            self.check(a.startswith("ERROR"), "TURN off the board (-1,3) -> ERROR", a)
            a = eng.ask("TURN seven")
            self.check(a.startswith("ERROR"), "TURN with garbage coordinates -> ERROR", a)
            a = eng.ask("FROBNICATE 1 2 3")
            self.check(a.startswith("UNKNOWN") or a.startswith("ERROR"), "unknown command -> UNKNOWN", a)

            # TAKEBACK the engine's last move and the opponent's; then replay differently.
            if mv is not None:
                a = eng.ask("TAKEBACK %d,%d" % mv)
                self.check(a == "OK", "TAKEBACK of the engine's move -> OK", a)
                del board[mv]
                a = eng.ask("TAKEBACK %d,%d" % opp)
                self.check(a == "OK", "TAKEBACK of the opponent's move -> OK", a)
                del board[opp]
            # The taken-back cell is free again, given with "x, y" spacing and a CRLF end.
            eng.messages = []
            eng.send("TURN %d, %d" % opp, ending="\r\n")
            a = eng.answer()
            mv = parse_move(a)
            self.check(mv is not None and mv not in board and mv != opp and max(mv) < 15,
                       "TURN 'x, y' with CRLF on a taken-back cell -> a legal move", a)
            board[opp] = "opp"
            if mv:
                board[mv] = "engine"

            # The engine still plays legal moves after all that.
            for i, cand in enumerate([(3, 3), (11, 3), (3, 11), (11, 11)]):
                if cand in board:
                    continue
                board[cand] = "opp"
                self.expect_move(eng, "TURN %d,%d" % cand, board, 15, "TURN #%d after errors -> legal move" % i)

            # PLAY: the manager makes the engine play a given move.
            free = next((x, y) for y in range(15) for x in range(15) if (x, y) not in board)
            a = eng.ask("PLAY %d,%d" % free)
            self.check(a == "%d,%d" % free, "PLAY x,y -> x,y", a)
            board[free] = "engine"
            a = eng.ask("TURN %d,%d" % free)
            self.check(a.startswith("ERROR"), "TURN on the cell taken by PLAY -> ERROR", a)

            eng.send("INFO evaluate 0,14")
            line = eng.read_line()
            self.check(line.startswith("MESSAGE") and "eval" in line, "INFO evaluate x,y -> a MESSAGE with the eval",
                       line)

            a = eng.ask("RESTART")
            self.check(a == "OK", "RESTART -> OK", a)
            board = {}
            self.expect_move(eng, "BEGIN", board, 15, "BEGIN after RESTART (board empty again)", near=(7, 7, 2))

            a = eng.ask("RECTSTART 20,20")
            self.check(a == "OK", "RECTSTART 20,20 -> OK", a)
            a = eng.ask("RECTSTART 20,15")
            self.check(a.startswith("ERROR"), "RECTSTART 20,15 (not square) -> ERROR", a)
            board = {}
            self.expect_move(eng, "BEGIN", board, 20, "BEGIN on 20x20 -> near the centre", near=(10, 10, 2))
            a = eng.ask("TURN 19,19")
            mv = parse_move(a)
            self.check(mv is not None and mv != (19, 19) and mv not in board and max(mv) < 20,
                       "TURN 19,19 (the corner of 20x20) -> legal move", a)
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)

    def board_session(self):
        eng = self.engine()
        try:
            a = eng.ask("START 15")
            self.check(a == "OK", "START 15 -> OK", a)
            eng.send("INFO timeout_turn 500")
            for rule in (0, 1, 8):
                a = eng.ask("RESTART")
                self.check(a == "OK", "RESTART -> OK", a)
                eng.send("INFO rule %d" % rule)
                # Own four 5..8 on row 7 (4,7 blocked); the opponent (who moved first)
                # has an open four on row 9. Only 9,7 wins at once.
                stones = [(5, 9, 2), (5, 7, 1), (6, 9, 2), (6, 7, 1), (7, 9, 2), (7, 7, 1),
                          (8, 9, 2), (8, 7, 1), (4, 7, 2)]
                a = self.send_board(eng, stones)
                self.check(a == "9,7", "rule %d: BOARD with own four -> the winning move 9,7" % rule, a)

                a = eng.ask("RESTART")
                # The opponent has a four 5..8 on row 7 (4,7 is ours); the engine must block 9,7.
                stones = [(4, 7, 1), (5, 7, 2), (2, 12, 1), (6, 7, 2), (12, 2, 1), (7, 7, 2),
                          (2, 2, 1), (8, 7, 2)]
                a = self.send_board(eng, stones)
                # In caro a five with both ends blocked does not win, so 10,7 defends too.
                blocks = {"9,7", "10,7"} if rule == 8 else {"9,7"}
                self.check(a in blocks, "rule %d: BOARD with the opponent's four -> a block %s"
                           % (rule, "/".join(sorted(blocks))), a)

            # Stones given out of play order are still understood (interleaved per side).
            a = eng.ask("RESTART")
            stones = [(5, 7, 1), (6, 7, 1), (7, 7, 1), (8, 7, 1), (4, 7, 2), (5, 9, 2), (6, 9, 2),
                      (7, 9, 2), (8, 9, 2)]
            a = self.send_board(eng, stones)
            self.check(a == "9,7", "BOARD not in play order -> still the winning move", a)

            # Field 3 (winning-line marker): not a stone of either side, and never played on.
            a = eng.ask("RESTART")
            stones = [(7, 7, 1), (8, 8, 2), (6, 6, 3), (9, 9, 3), (7, 8, 2)]
            a = self.send_board(eng, stones)
            mv = parse_move(a)
            self.check(mv is not None and mv not in [(7, 7), (8, 8), (6, 6), (9, 9), (7, 8)] and max(mv) < 15,
                       "BOARD with field-3 markers -> a legal move off them", a)

            # A BOARD with a bad line is an ERROR, and the engine keeps going.
            a = eng.ask("RESTART")
            a = self.send_board(eng, [(7, 7, 1), (20, 3, 2)])
            self.check(a.startswith("ERROR"), "BOARD with an off-board stone -> ERROR", a)
            a = self.send_board(eng, [(7, 7, 1), (7, 7, 2)])
            self.check(a.startswith("ERROR"), "BOARD with two stones on one cell -> ERROR", a)
            a = self.send_board(eng, [(7, 7, 1), (8, 7, 1), (9, 7, 2)])
            self.check(a.startswith("ERROR"), "BOARD with impossible stone counts -> ERROR", a)
            a = self.send_board(eng, [(7, 7, 2)])
            self.check(parse_move(a) is not None and parse_move(a) != (7, 7),
                       "a valid BOARD after the bad ones -> a legal move", a)
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)

    def force(self, eng, moves):
        """Builds a game through the protocol: moves alternate engine, opponent, engine...
        (the engine moves first). Engine moves go in with PLAY; an opponent move with
        TURN, whose answer is then taken back. Returns False (after a FAIL) on trouble."""
        for i, (x, y) in enumerate(moves):
            if i % 2 == 0:
                a = eng.ask("PLAY %d,%d" % (x, y))
                if not self.check(a == "%d,%d" % (x, y), "forcing the game: PLAY %d,%d" % (x, y), a):
                    return False
            else:
                a = eng.ask("TURN %d,%d" % (x, y))
                mv = parse_move(a)
                if not self.check(mv is not None, "forcing the game: TURN %d,%d -> a move" % (x, y), a):
                    return False
                a = eng.ask("TAKEBACK %d,%d" % mv)
                if not self.check(a == "OK", "forcing the game: TAKEBACK %d,%d" % mv, a):
                    return False
        return True

    def rule_timing_session(self):
        """When INFO rule takes effect. The engine (black) has 3..6 and 8 on row 7 with
        2,7 blocked: 7,7 makes six, a win in freestyle only. The opponent has just made
        a four 3..6 on row 10 (2,10 is the engine's): under standard the engine must
        block at 7,10."""
        game = [(3, 7), (2, 7), (4, 7), (3, 10), (5, 7), (4, 10), (8, 7), (12, 2), (2, 10), (5, 10), (6, 7)]
        last = (6, 10)
        eng = self.engine()
        try:
            a = eng.ask("START 15")
            self.check(a == "OK", "START 15 -> OK", a)
            eng.send("INFO timeout_turn 300")
            eng.send("INFO rule 1")  # empty board: applies to this game at once
            if self.force(eng, game):
                a = eng.ask("TURN %d,%d" % last)
                self.check(a == "7,10", "INFO rule 1 right after START applies: standard, so block 7,10", a)

            a = eng.ask("RESTART")
            eng.send("INFO rule 0")
            if self.force(eng, game):
                eng.send("INFO rule 1")  # mid-game: waits for the next game
                a = eng.ask("TURN %d,%d" % last)
                self.check(a == "7,7", "INFO rule 1 in mid-game is deferred: still freestyle, the overline 7,7 wins",
                           a)
            a = eng.ask("RESTART")
            self.check(a == "OK", "RESTART -> OK", a)
            stones = []
            for i, (x, y) in enumerate(game + [last]):
                stones.append((x, y, 1 if i % 2 == 0 else 2))
            a = self.send_board(eng, stones)
            self.check(a == "7,10", "the deferred rule 1 applies from the next game: block 7,10", a)
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)

    def extras_session(self):
        eng = self.engine()
        try:
            a = eng.ask("START 15")
            self.check(a == "OK", "START 15 -> OK", a)
            eng.send("INFO timeout_turn 300")
            eng.send("INFO rule 1")
            # SWAP2 stage 1: three distinct empty cells.
            eng.messages = []
            eng.send("SWAP2BOARD")
            eng.send("DONE")
            a = eng.answer()
            cells = [parse_move(t) for t in a.split()]
            self.check(len(cells) == 3 and None not in cells and len(set(cells)) == 3
                       and all(max(c) < 15 for c in cells), "SWAP2BOARD empty -> three stones", a)
            # Stage 2: SWAP, one move or two moves, all legal.
            opening = [(7, 7), (8, 7), (9, 9)]
            eng.messages = []
            eng.send("SWAP2BOARD")
            for c in opening:
                eng.send("%d,%d" % c)
            eng.send("DONE")
            a = eng.answer()
            cells = [parse_move(t) for t in a.split()]
            self.check(a == "SWAP" or (1 <= len(cells) <= 2 and None not in cells and len(set(cells)) == len(cells)
                                       and not set(cells) & set(opening)),
                       "SWAP2BOARD with 3 stones -> SWAP or legal stones", a)
            # Stage 3: SWAP or one move.
            opening = [(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)]
            eng.messages = []
            eng.send("SWAP2BOARD")
            for c in opening:
                eng.send("%d,%d" % c)
            eng.send("DONE")
            a = eng.answer()
            mv = parse_move(a)
            self.check(a == "SWAP" or (mv is not None and mv not in opening and max(mv) < 15),
                       "SWAP2BOARD with 5 stones -> SWAP or a legal move", a)
            # timeout_turn 0: play at once (only checked for legality here).
            a = eng.ask("RESTART")
            eng.send("INFO timeout_turn 0")
            board = {(7, 7): "opp"}
            self.expect_move(eng, "TURN 7,7", board, 15, "timeout_turn 0 -> still a legal move")
            # A renju game: INFO rule 4 between RESTART and the first move takes effect.
            a = eng.ask("RESTART")
            eng.send("INFO rule 4")
            eng.send("INFO timeout_turn 200")
            board = {}
            self.expect_move(eng, "BEGIN", board, 15, "renju: BEGIN -> centre", near=(7, 7, 0))
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)
        # max_memory, sent after START as managers do: after some thinking the peak
        # resident size stays under the limit.
        limit = 40 * 1024 * 1024
        eng = self.engine_with_memory(20, limit)
        try:
            eng.send("INFO timeout_turn 400")
            board = {}
            for i, cand in enumerate([(10, 10), (11, 12), (9, 8), (12, 9), (8, 11), (13, 13)]):
                if cand in board:
                    continue
                board[cand] = "opp"
                self.expect_move(eng, "TURN %d,%d" % cand, board, 20, "max_memory 40 MB: move %d legal" % i)
            hwm = None if WRAPPED else peak_rss(eng.proc.pid)  # a wrapper's own memory would count
            if hwm is not None:
                self.check(hwm < limit, "max_memory 40 MB: peak resident size %.1f MB is below it"
                           % (hwm / 1048576.0), hwm)
        finally:
            code = eng.close()
        self.check(code == 0, "END -> exit status 0", code)
        # INFO rule after INFO max_memory (the order managers send them in): a new rule
        # remakes the position, and the table for max_memory is made again at once, not
        # in the first timed move. Its pages are touched when it is made, so they are
        # resident before any move.
        if not WRAPPED:
            for rule in (1, 4):
                eng = self.engine_with_memory(15, 200 * 1024 * 1024)
                try:
                    eng.send("INFO rule %d" % rule)
                    a = eng.ask("ABOUT")
                    self.check(a.startswith("name="), "ABOUT after INFO rule %d -> name" % rule, a)
                    rss = current_rss(eng.proc.pid)
                    if rss is not None:
                        self.check(rss > 48 * 1024 * 1024,
                                   "INFO rule %d after max_memory 200 MB: the table is made before "
                                   "the first move (resident %.1f MB)" % (rule, rss / 1048576.0), rss)
                    board = {}
                    self.expect_move(eng, "BEGIN", board, 15, "rule %d: BEGIN -> centre" % rule,
                                     near=(7, 7, 0))
                finally:
                    code = eng.close()
                self.check(code == 0, "END -> exit status 0", code)
        # END inside a BOARD block ends the engine too.
        eng = self.engine()
        a = eng.ask("START 15")
        for line in ("BOARD", "7,7,1", "END"):
            eng.send(line)
        try:
            code = eng.proc.wait(ANSWER_TIMEOUT)
        except subprocess.TimeoutExpired:
            eng.kill()
            code = None
        self.check(a == "OK" and code == 0, "END inside a BOARD block -> exit status 0", code)
        # End of input without END is a clean exit too.
        eng = self.engine()
        eng.proc.stdin.close()
        try:
            code = eng.proc.wait(ANSWER_TIMEOUT)
        except subprocess.TimeoutExpired:
            eng.kill()
            code = None
        self.check(code == 0, "end of input -> exit status 0", code)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "examples", "pbrain-gomoku")
    if not os.access(binary, os.X_OK):
        print("pbrain_driver: %s is not built" % binary)
        return 1
    try:
        ok = Session(binary).run()
    except EngineError as exc:
        print("FAIL engine error: %s" % exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
