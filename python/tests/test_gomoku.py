"""Tests of the ctypes binding: python3 -m unittest from python/tests, with python/ on
PYTHONPATH (make test does that) or with the package installed (CI does both). They load
the library the binding finds by default (see gomoku.load_library), or GOMOKU_LIBRARY."""

import ctypes
import os
import shutil
import subprocess
import tempfile
import threading
import unittest

import gomoku
from gomoku import Color, Engine, Forbid, GomokuError, Move, State

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))


def lib_has(name):
    return gomoku.load_library().has(name)


def needs(name):
    return unittest.skipUnless(lib_has(name), f"the library has no {name} yet")


class TestPlayAndUndo(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.e.close()

    def test_new_engine_is_empty_with_black_to_move(self):
        self.assertEqual(self.e.size, 15)
        self.assertEqual(self.e.rule, gomoku.Rule.FREESTYLE)
        self.assertEqual(self.e.moves, [])
        self.assertEqual(self.e.side_to_move, Color.BLACK)
        self.assertEqual(self.e.state, State.ONGOING)
        self.assertIsNone(self.e.winner)

    def test_play_accepts_renju_xy_and_tuple_forms(self):
        self.assertEqual(self.e.play("h8"), Move(7, 7))
        self.assertEqual(self.e.play("8,6"), Move(8, 6))
        self.assertEqual(self.e.play(9, 5), Move(9, 5))
        self.assertEqual(self.e.play((10, 4)), Move(10, 4))
        self.assertEqual(self.e.moves, [Move(7, 7), Move(8, 6), Move(9, 5), Move(10, 4)])
        self.assertEqual(self.e.cell(7, 7), Color.BLACK)
        self.assertEqual(self.e.cell(8, 6), Color.WHITE)
        self.assertEqual(self.e.cell(0, 0), Color.EMPTY)
        self.assertEqual(self.e.format_moves(), "h8 i9 j10 k11")

    def test_side_to_move_alternates(self):
        self.e.play("h8")
        self.assertEqual(self.e.side_to_move, Color.WHITE)
        self.e.play("i9")
        self.assertEqual(self.e.side_to_move, Color.BLACK)

    def test_undo_restores_position_and_hash(self):
        h0 = self.e.hash
        self.e.play("h8")
        h1 = self.e.hash
        self.assertNotEqual(h0, h1)
        self.e.play("i9")
        self.e.undo()
        self.assertEqual(self.e.hash, h1)
        self.assertEqual(self.e.moves, [Move(7, 7)])
        self.e.undo()
        self.assertEqual(self.e.hash, h0)
        self.assertEqual(self.e.move_count, 0)

    def test_undo_without_moves_raises_enomove(self):
        with self.assertRaises(GomokuError) as cm:
            self.e.undo()
        self.assertEqual(cm.exception.code, gomoku.ENOMOVE)

    def test_occupied_cell_raises_eoccupied_and_changes_nothing(self):
        self.e.play("h8")
        h = self.e.hash
        with self.assertRaises(GomokuError) as cm:
            self.e.play(7, 7)
        self.assertEqual(cm.exception.code, gomoku.EOCCUPIED)
        self.assertEqual(cm.exception.message, gomoku.strerror(gomoku.EOCCUPIED))
        self.assertEqual(self.e.hash, h)
        self.assertEqual(self.e.side_to_move, Color.WHITE)

    def test_off_board_raises_erange(self):
        for bad in [(15, 0), (0, 15), (-1, 3)]:
            with self.assertRaises(GomokuError) as cm:
                self.e.play(*bad)
            self.assertEqual(cm.exception.code, gomoku.ERANGE, bad)
        with self.assertRaises(GomokuError) as cm:
            self.e.play("p1")  # column p is the 16th
        self.assertEqual(cm.exception.code, gomoku.ERANGE)
        with self.assertRaises(GomokuError) as cm:
            self.e.cell(15, 15)
        self.assertEqual(cm.exception.code, gomoku.ERANGE)
        self.assertEqual(self.e.move_count, 0)

    def test_bad_notation_raises_esyntax(self):
        for bad in ["zz", "", "h", "8h", "7;7x"]:
            with self.assertRaises(GomokuError) as cm:
                self.e.play(bad)
            self.assertEqual(cm.exception.code, gomoku.ESYNTAX, bad)

    def test_error_carries_code_and_library_message(self):
        with self.assertRaises(GomokuError) as cm:
            self.e.play("zz")
        err = cm.exception
        self.assertEqual(err.message, gomoku.strerror(gomoku.ESYNTAX))
        self.assertIn(err.message, str(err))
        self.assertNotEqual(err.message, gomoku.strerror(gomoku.EOCCUPIED))

    def test_play_moves_is_all_or_nothing(self):
        self.e.play_moves("h8 i9 j8")
        self.assertEqual(self.e.move_count, 3)
        with self.assertRaises(GomokuError) as cm:
            self.e.play_moves("k8 h8")
        self.assertEqual(cm.exception.code, gomoku.EOCCUPIED)
        self.assertEqual(self.e.move_count, 3)
        with self.assertRaises(GomokuError):
            self.e.play_moves([(10, 7), (7, 7)])
        self.assertEqual(self.e.move_count, 3)

    def test_parse_and_format_move_round_trip(self):
        self.assertEqual(self.e.parse_move("H8"), Move(7, 7))
        self.assertEqual(self.e.format_move(7, 7), "h8")
        self.assertEqual(self.e.format_move(7, 7, gomoku.Notation.XY), "7,7")
        self.assertEqual(self.e.format_move(0, 14), "a1")

    def test_bad_size_and_rule(self):
        with self.assertRaises(GomokuError) as cm:
            Engine(size=4)
        self.assertEqual(cm.exception.code, gomoku.ERANGE)
        with self.assertRaises(GomokuError) as cm:
            Engine(size=gomoku.MAX_SIZE + 1)
        self.assertEqual(cm.exception.code, gomoku.ERANGE)
        with self.assertRaises(ValueError):
            Engine(rule="chess")

    def test_reset_changes_size_and_rule(self):
        self.e.play("h8")
        self.e.reset(size=19, rule="standard")
        self.assertEqual(self.e.size, 19)
        self.assertEqual(self.e.rule, gomoku.Rule.STANDARD)
        self.assertEqual(self.e.move_count, 0)


class TestWin(unittest.TestCase):
    def test_black_five_wins_with_winning_line(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8 a3 k8 a4")
            self.assertEqual(e.state, State.ONGOING)
            self.assertEqual(e.winning_line, [])
            e.play("l8")
            self.assertEqual(e.state, State.BLACK_WINS)
            self.assertEqual(e.winner, Color.BLACK)
            self.assertEqual(sorted(e.winning_line), [Move(x, 7) for x in range(7, 12)])
            with self.assertRaises(GomokuError) as cm:
                e.play("a5")
            self.assertEqual(cm.exception.code, gomoku.EGAMEOVER)
            e.undo()
            self.assertEqual(e.state, State.ONGOING)

    def test_white_five_wins(self):
        with Engine() as e:
            e.play_moves("a1 h8 a3 h9 a5 h10 a7 h11 a9")
            e.play("h12")
            self.assertEqual(e.winner, Color.WHITE)
            self.assertEqual(e.state, State.WHITE_WINS)

    def test_standard_rule_overline_does_not_win(self):
        with Engine(rule="standard") as e:
            # black: a8 b8 c8 _ e8 f8, then d8 makes six
            e.play_moves("a8 a1 b8 a2 c8 a3 e8 a4 f8 o1")
            e.play("d8")
            self.assertEqual(e.state, State.ONGOING)
        with Engine(rule="freestyle") as e:
            e.play_moves("a8 a1 b8 a2 c8 a3 e8 a4 f8 o1")
            e.play("d8")
            self.assertEqual(e.state, State.BLACK_WINS)


class TestRenju(unittest.TestCase):
    def test_forbidden_outside_renju_raises_erule(self):
        with Engine() as e:
            with self.assertRaises(GomokuError) as cm:
                e.forbidden(7, 7)
            self.assertEqual(cm.exception.code, gomoku.ERULE)

    def test_forbidden_reports_double_three(self):
        with Engine(rule="renju") as e:
            e.play_moves("i8 a1 j8 a3 h9 a5 h10 o15")
            self.assertEqual(e.forbidden(7, 7), Forbid.DOUBLE_THREE)  # h8
            self.assertEqual(e.forbidden(0, 14 - 7), Forbid.NONE)


class TestEvaluation(unittest.TestCase):
    def test_weights_round_trip_and_defaults(self):
        with Engine() as e:
            w = e.weights
            self.assertEqual(w, gomoku.default_weights())
            self.assertEqual(len(w.own), gomoku.PAT_COUNT)
            w.own[gomoku.Pattern.OPEN_THREE] += 7
            e.weights = w
            self.assertEqual(e.weights.own[gomoku.Pattern.OPEN_THREE],
                             gomoku.default_weights().own[gomoku.Pattern.OPEN_THREE] + 7)

    def test_combination_points_are_counted_and_weighted(self):
        with Engine() as e:
            # white 8,9 would make a four (row 9, closed by black 4,9) and an open three
            e.play_moves("4,9 5,9 0,0 6,9 14,0 7,9 0,14 8,6 14,14 8,7")
            e.eval_model = gomoku.EvalModel.WEIGHTS  # freestyle's default is the fitted tables
            info = e.eval_breakdown()
            self.assertEqual(info.combos[1][gomoku.Combo.FOUR_THREE], 1)
            self.assertEqual(info.combos[0], [0, 0, 0])
            w = e.weights
            self.assertEqual(len(w.combo_own), 3)
            w.combo_opp[gomoku.Combo.FOUR_THREE] += 500
            before = e.evaluate()
            e.weights = w
            self.assertEqual(e.evaluate(), before - 500)
            w.combo_own[0] = -1
            with self.assertRaises(GomokuError):
                e.weights = w

    def test_eval_model_selects_the_fitted_tables(self):
        with Engine() as e:
            self.assertIn(e.eval_model, (gomoku.EvalModel.WEIGHTS, gomoku.EvalModel.FITTED))
            e.play_moves("h8 a1 i8 a2 j8")  # black's open three, white to move
            e.eval_model = gomoku.EvalModel.FITTED
            self.assertEqual(e.eval_model, gomoku.EvalModel.FITTED)
            self.assertLess(e.evaluate(), 0)
            with self.assertRaises(GomokuError) as cm:
                e.eval_model = 7
            self.assertEqual(cm.exception.code, gomoku.EINVAL)
            self.assertEqual(e.eval_model, gomoku.EvalModel.FITTED)

    def test_invalid_weights_raise_einval_and_keep_old(self):
        with Engine() as e:
            before = e.weights
            bad = gomoku.default_weights()
            bad.win_score = 0
            with self.assertRaises(GomokuError) as cm:
                e.weights = bad
            self.assertEqual(cm.exception.code, gomoku.EINVAL)
            self.assertEqual(e.weights, before)

    def test_eval_breakdown_counts_patterns(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8")  # black has an open three
            info = e.eval_breakdown()
            self.assertEqual(info.side_to_move, Color.WHITE)
            self.assertFalse(info.custom)
            self.assertEqual(info.score, e.evaluate())
            black = info.patterns[0]
            self.assertGreater(black[gomoku.Pattern.OPEN_FOUR], 0)
            self.assertEqual(len(info.patterns[1]), gomoku.PAT_COUNT)

    def test_eval_callback_replaces_evaluate(self):
        with Engine() as e:
            seen = []

            def fn(view):
                seen.append(view.move_count)
                return 123 if view.side_to_move == Color.WHITE else -5

            e.set_eval_callback(fn)
            e.play("h8")
            self.assertEqual(e.evaluate(), 123)
            self.assertTrue(e.eval_breakdown().custom)
            self.assertEqual(seen[-1], 1)
            e.set_eval_callback(None)
            self.assertFalse(e.eval_breakdown().custom)
            self.assertNotEqual(e.evaluate(), 123)

    def test_eval_callback_exception_reaches_the_caller(self):
        with Engine() as e:
            def fn(view):
                raise RuntimeError("boom")

            e.set_eval_callback(fn)
            with self.assertRaises(RuntimeError):
                e.evaluate()
            e.set_eval_callback(lambda v: 0)
            self.assertEqual(e.evaluate(), 0)  # the error was not left behind

    @needs("gomoku_textbook_search")
    def test_eval_callback_steers_textbook_search(self):
        # The callback punishes the player who just played j10 (x=9, y=5): at depth 1 the
        # mover's value of a move is minus the evaluation after it, so j10 scores +500
        # and every other move 0. The built-in evaluation would never pick it.
        calls = []

        def fn(view):
            calls.append(1)
            return -500 if view.moves[-1] == Move(9, 5) else 0

        with Engine() as e:
            e.play("h8")
            e.set_eval_callback(fn)
            r = e.textbook_search(algo="negamax-ab", depth=1, ordering=False)
            self.assertGreater(len(calls), 1)
            self.assertEqual(r.best, Move(9, 5))
            self.assertEqual(r.best_text, "j10")
            self.assertEqual(r.value, 500)


@needs("gomoku_textbook_search")
class TestTextbook(unittest.TestCase):
    def test_all_algorithms_agree_and_return_legal_moves(self):
        with Engine(size=9) as e:
            e.play_moves("e5 f6 d5")
            values = {}
            for algo in ["minimax", "alphabeta", "negamax", "negamax-ab"]:
                r = e.textbook_search(algo=algo, depth=2)
                self.assertTrue(r.complete)
                self.assertEqual(r.depth, 2)
                self.assertEqual(e.cell(*r.best), Color.EMPTY)
                self.assertEqual(r.pv[0], r.best)
                self.assertGreater(r.stats.nodes, 0)
                values[algo] = r.value
            self.assertEqual(len(set(values.values())), 1, values)
            self.assertEqual(e.format_moves(), "e5 f6 d5")  # the position is unchanged

    def test_finds_the_winning_five(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8 a3 k8 a4")
            r = e.textbook_search(depth=2)
            self.assertIn(r.best, [Move(6, 7), Move(11, 7)])
            self.assertTrue(gomoku.score_is_win(r.value))

    def test_unknown_algorithm_is_a_value_error(self):
        with Engine() as e:
            with self.assertRaises(ValueError):
                e.textbook_search(algo="mcts")

    def test_bad_depth_raises_einval(self):
        with Engine() as e:
            e.play("h8")
            with self.assertRaises(GomokuError) as cm:
                e.textbook_search(depth=0)
            self.assertEqual(cm.exception.code, gomoku.EINVAL)


@needs("gomoku_search")
class TestSearch(unittest.TestCase):
    def test_search_returns_a_legal_move(self):
        with Engine() as e:
            e.play_moves("h8 i9 j8")
            r = e.search(time_ms=0, depth=3)
            self.assertIsNotNone(r.best)
            self.assertEqual(e.cell(*r.best), Color.EMPTY)
            self.assertGreaterEqual(r.depth, 1)
            self.assertGreater(r.nodes, 0)
            self.assertEqual(r.pv[0], r.best)
            self.assertEqual(r.best_text, e.format_move(*r.best))
            self.assertEqual(e.format_moves(), "h8 i9 j8")
            e.play(r.best)  # and the library accepts it

    def test_progress_callback_is_called_each_iteration(self):
        infos = []
        with Engine() as e:
            e.play_moves("h8 i9")
            r = e.search(time_ms=0, depth=3, progress=infos.append)
            self.assertGreaterEqual(len(infos), 1)
            self.assertTrue(all(isinstance(i, gomoku.SearchInfo) for i in infos))
            depths = [i.depth for i in infos]
            self.assertEqual(depths, sorted(depths))
            self.assertEqual(depths[-1], r.depth)
            # the per-call callback is gone afterwards
            infos.clear()
            e.search(time_ms=0, depth=2)
            self.assertEqual(infos, [])

    def test_lasting_progress_callback(self):
        infos = []
        with Engine() as e:
            e.play("h8")
            e.set_progress_callback(infos.append)
            e.search(time_ms=0, depth=2)
            n = len(infos)
            self.assertGreaterEqual(n, 1)
            e.search(time_ms=0, depth=2)
            self.assertGreater(len(infos), n)

    def test_progress_exception_reaches_the_caller(self):
        def fn(info):
            raise KeyError("stop")

        with Engine() as e:
            e.play("h8")
            with self.assertRaises(KeyError):
                e.search(time_ms=0, depth=4, progress=fn)

    def test_search_sees_the_win(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8 a3 k8 a4")
            r = e.search(time_ms=0, depth=2)
            self.assertIn(r.best, [Move(6, 7), Move(11, 7)])
            self.assertTrue(r.is_win)
            self.assertFalse(r.is_loss)
            self.assertEqual(r.mate_plies, 1)

    def test_search_on_finished_game_raises_egameover(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")
            with self.assertRaises(GomokuError) as cm:
                e.search(time_ms=0, depth=2)
            self.assertEqual(cm.exception.code, gomoku.EGAMEOVER)

    def test_stop_from_another_thread_ends_the_search(self):
        with Engine() as e:
            e.play_moves("h8 i9 j8")
            out = {}

            def run():
                out["result"] = e.search(time_ms=0, depth=60, nodes=0)

            t = threading.Thread(target=run)
            t.start()
            t.join(0.3)
            e.stop()
            t.join(60)
            self.assertFalse(t.is_alive())
            self.assertIsNotNone(out["result"].best)


@needs("gomoku_vcf")
class TestThreats(unittest.TestCase):
    def test_vcf_finds_the_five_of_an_open_four(self):
        with Engine() as e:
            e.play_moves("h8 a1 i8 a2 j8 a3 k8 a4")
            r = e.vcf()
            self.assertTrue(r.found)
            self.assertGreaterEqual(len(r.line), 1)
            self.assertIn(r.line[0], [Move(6, 7), Move(11, 7)])

    def test_vcf_finds_nothing_on_a_quiet_board(self):
        with Engine() as e:
            e.play_moves("h8 i9")
            r = e.vcf(node_budget=10000)
            self.assertFalse(r.found)
            self.assertEqual(r.line, [])


class TestLifecycle(unittest.TestCase):
    def test_context_manager_closes_and_closed_engine_refuses(self):
        with Engine() as e:
            e.play("h8")
        self.assertTrue(e.closed)
        with self.assertRaises(ValueError):
            e.play("i9")
        e.close()  # twice is harmless

    def test_library_path_argument(self):
        path = os.path.join(REPO, "lib", "libgomoku.so")
        with Engine(library_path=path) as e:
            e.play("h8")
            self.assertEqual(e.move_count, 1)
        with self.assertRaises(OSError):
            Engine(library_path=os.path.join(REPO, "no-such-library.so"))

    def test_version_matches_header(self):
        with open(os.path.join(REPO, "include", "gomoku.h")) as f:
            header = f.read()
        parts = []
        for name in ("MAJOR", "MINOR", "PATCH"):
            line = next(l for l in header.splitlines()
                        if l.startswith(f"#define GOMOKU_VERSION_{name} "))
            parts.append(int(line.split()[2]))
        self.assertEqual(gomoku.version(), ".".join(map(str, parts)))
        self.assertEqual(gomoku.version_number(), parts[0] * 10000 + parts[1] * 100 + parts[2])

    def test_many_engines_side_by_side(self):
        engines = [Engine(size=s) for s in (9, 15, 19)]
        try:
            engines[0].play("e5")
            self.assertEqual([e.move_count for e in engines], [1, 0, 0])
            self.assertEqual([e.size for e in engines], [9, 15, 19])
        finally:
            for e in engines:
                e.close()


class TestStructLayout(unittest.TestCase):
    """The ctypes structures must match what a C compiler makes of gomoku.h."""

    def c_layout(self):
        cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if not cc:
            self.skipTest("no C compiler to compare with")
        lines = ['#include <stdio.h>', '#include <stddef.h>', '#include "gomoku.h"',
                 "int main(void) {"]
        for cname, cls in gomoku.STRUCTS.items():
            lines.append(f'printf("{cname} sizeof %zu\\n", sizeof({cname}));')
            for fname, _ in cls._fields_:
                lines.append(f'printf("{cname} {fname} %zu\\n", offsetof({cname}, {fname}));')
        lines.append("return 0; }")
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "layout.c")
            exe = os.path.join(d, "layout")
            with open(src, "w") as f:
                f.write("\n".join(lines))
            subprocess.run([cc, "-std=c11", "-I", os.path.join(REPO, "include"), src, "-o", exe],
                           check=True, capture_output=True)
            out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
        layout = {}
        for line in out.splitlines():
            cname, what, value = line.split()
            layout[(cname, what)] = int(value)
        return layout

    def test_sizes_and_offsets_match_the_c_compiler(self):
        layout = self.c_layout()
        for cname, cls in gomoku.STRUCTS.items():
            self.assertEqual(ctypes.sizeof(cls), layout[(cname, "sizeof")], cname)
            for fname, _ in cls._fields_:
                self.assertEqual(getattr(cls, fname).offset, layout[(cname, fname)],
                                 f"{cname}.{fname}")

    def test_known_field_order(self):
        # Independent of a compiler: the layout rules of the C ABI on any 32/64-bit target.
        R = gomoku._SearchResult
        self.assertEqual([f for f, _ in R._fields_],
                         ["best", "score", "depth", "seldepth", "nodes", "time_ms",
                          "pv_length", "pv"])
        self.assertEqual(R.best.offset, 0)
        self.assertEqual(R.score.offset, 8)
        self.assertEqual(R.nodes.offset % ctypes.alignment(ctypes.c_longlong), 0)
        self.assertEqual(ctypes.sizeof(gomoku._Point), 8)
        self.assertEqual(ctypes.sizeof(gomoku._Weights), (17 + 6) * 4)
        self.assertEqual(ctypes.sizeof(gomoku._EvalInfo), (2 + 16 + 2 + 1 + 6) * 4)
        self.assertEqual(gomoku._TextbookResult.pv.size, gomoku.MAX_PV * 8)


if __name__ == "__main__":
    unittest.main()
