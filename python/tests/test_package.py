"""Tests of the package as a user meets it: documentation, typing marker, where the C
library comes from, NumPy boards, and error messages of a readable length.

With GOMOKU_TEST_INSTALLED=1 (CI sets it after pip install into a virtual environment)
the package must be an installed one that carries its own library."""

import ctypes
import inspect
import os
import subprocess
import sys
import unittest

import gomoku
from gomoku import Color, Engine, GomokuError

try:
    import numpy
except ImportError:
    numpy = None

INSTALLED = os.environ.get("GOMOKU_TEST_INSTALLED") == "1"
PACKAGE_DIR = os.path.dirname(os.path.abspath(gomoku.__file__))


def public_members(cls):
    """(name, raw attribute) of the public members cls gets from this package's classes,
    inherited ones included."""
    seen = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__ != gomoku.__name__:
            continue
        for name, value in vars(klass).items():
            if not name.startswith("_"):
                seen[name] = value
    return seen


class TestDocumentation(unittest.TestCase):
    def test_every_public_name_is_exported_and_documented(self):
        missing = []
        for name in gomoku.__all__:
            obj = getattr(gomoku, name)
            if not (inspect.getdoc(obj) or "").strip():
                missing.append(name)
            if inspect.isclass(obj) and not issubclass(obj, (int, tuple)):
                for member, raw in public_members(obj).items():
                    if isinstance(raw, (property, staticmethod, classmethod)) or callable(raw):
                        doc = raw.__doc__ if not isinstance(raw, (staticmethod, classmethod)) \
                            else raw.__func__.__doc__
                        if not (doc or "").strip():
                            missing.append(f"{name}.{member}")
        self.assertEqual(missing, [], "public members without a docstring")

    def test_module_names_its_library_search(self):
        self.assertIn("GOMOKU_LIBRARY", gomoku.__doc__)

    def test_the_enums_and_functions_outside_all_are_private(self):
        public = {n for n, v in vars(gomoku).items()
                  if not n.startswith("_") and (inspect.isclass(v) or inspect.isfunction(v))
                  and getattr(v, "__module__", None) == gomoku.__name__}
        self.assertEqual(public - set(gomoku.__all__), set())

    def test_typed_package(self):
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, "py.typed")))
        hints = inspect.signature(Engine.search).return_annotation
        self.assertIs(hints, gomoku.SearchResult)

    def test_version_is_the_libraries(self):
        self.assertEqual(gomoku.__version__, gomoku.version())


class TestLibraryLocation(unittest.TestCase):
    def run_python(self, code, **env):
        full = dict(os.environ)
        full.pop("GOMOKU_LIBRARY", None)
        full.update(env)
        # the package found the same way as in this process
        full["PYTHONPATH"] = os.path.dirname(PACKAGE_DIR) + os.pathsep + full.get("PYTHONPATH", "")
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=full, cwd="/")

    def test_gomoku_library_overrides_the_search(self):
        path = gomoku.library_path()
        out = self.run_python("import gomoku; print(gomoku.library_path())", GOMOKU_LIBRARY=path)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout.strip(), path)

    def test_a_wrong_gomoku_library_says_where_it_looked(self):
        out = self.run_python("import gomoku; gomoku.Engine()",
                              GOMOKU_LIBRARY="/nonexistent/libgomoku.so")
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("OSError", out.stderr)
        self.assertIn("/nonexistent/libgomoku.so", out.stderr)

    def test_the_library_found_is_a_libgomoku(self):
        lib = gomoku.load_library()
        self.assertTrue(lib.has("gomoku_new"))
        self.assertFalse(lib.has("PyInit__libgomoku"))

    @unittest.skipUnless(INSTALLED, "the package is used from the source tree")
    def test_installed_package_carries_its_library(self):
        self.assertNotIn("GOMOKU_LIBRARY", os.environ)
        self.assertEqual(gomoku.library_path(), os.path.join(PACKAGE_DIR, "_libgomoku.so"))
        self.assertTrue(sys.prefix != sys.base_prefix, "tests run in a virtual environment")
        self.assertTrue(PACKAGE_DIR.startswith(sys.prefix), PACKAGE_DIR)


class TestBoard(unittest.TestCase):
    def setUp(self):
        self.e = Engine(size=9)
        self.e.play_moves("e5 f6 d4")

    def tearDown(self):
        self.e.close()

    def test_board_as_lists(self):
        b = self.e.board(as_array=False)
        self.assertIsInstance(b, list)
        self.assertEqual(len(b), 9)
        self.assertEqual(b[4][4], Color.BLACK)   # e5: x 4, row 5 from the bottom = y 4
        self.assertEqual(b[3][5], Color.WHITE)   # f6
        self.assertEqual(b[5][3], Color.BLACK)   # d4
        self.assertEqual(sum(c != Color.EMPTY for row in b for c in row), 3)

    @unittest.skipIf(numpy is None, "NumPy is not installed")
    def test_board_is_a_numpy_array_when_numpy_is_installed(self):
        b = self.e.board()
        self.assertIsInstance(b, numpy.ndarray)
        self.assertEqual(b.shape, (9, 9))
        self.assertEqual(b.dtype, numpy.uint8)
        self.assertEqual(b.tolist(), [[int(c) for c in row] for row in self.e.board(as_array=False)])
        self.assertEqual(int((b == Color.BLACK).sum()), 2)
        self.assertEqual(int(b[3, 5]), Color.WHITE)

    def test_without_numpy_the_board_is_lists_or_a_clear_error(self):
        saved = sys.modules.get("numpy")
        sys.modules["numpy"] = None  # makes "import numpy" fail
        try:
            self.assertIsInstance(self.e.board(), list)
            with self.assertRaises(ImportError) as cm:
                self.e.board(as_array=True)
            self.assertIn("NumPy", str(cm.exception))
        finally:
            if saved is None:
                del sys.modules["numpy"]
            else:
                sys.modules["numpy"] = saved

    def test_str_draws_the_board(self):
        lines = str(self.e).splitlines()
        self.assertEqual(len(lines), 9)
        self.assertEqual(lines[4].split()[4], "X")


class TestErrorMessages(unittest.TestCase):
    """Messages name the input, cut: a 10,000-character move list is not repeated."""

    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.e.close()

    def test_a_long_move_is_cut_in_the_message(self):
        text = "h8 " * 5000
        with self.assertRaises(GomokuError) as cm:
            self.e.play(text)
        msg = str(cm.exception)
        self.assertEqual(cm.exception.code, gomoku.ESYNTAX)
        self.assertLess(len(msg), 200, msg)
        self.assertIn("(15000 characters)", msg)
        self.assertIn("'h8 h8", msg)

    def test_a_long_move_list_is_cut_in_the_message(self):
        text = "h8 i9 " * 2000 + "zz"
        with self.assertRaises(GomokuError) as cm:
            self.e.play_moves(text)
        self.assertLess(len(str(cm.exception)), 200)
        self.assertEqual(self.e.move_count, 0)

    def test_long_rule_and_algorithm_names_are_cut(self):
        with self.assertRaises(ValueError) as cm:
            Engine(rule="x" * 10000)
        self.assertLess(len(str(cm.exception)), 200)
        with self.assertRaises(ValueError) as cm:
            self.e.textbook_search(algo="y" * 10000)
        self.assertLess(len(str(cm.exception)), 200)

    def test_short_inputs_are_given_whole(self):
        with self.assertRaises(GomokuError) as cm:
            self.e.play("zz")
        self.assertIn("'zz'", str(cm.exception))

    def test_off_board_coordinates_of_any_length_are_erange(self):
        for text in ("h0", "h99999999999999999999", "99999999999,1"):
            with self.assertRaises(GomokuError) as cm:
                self.e.play(text)
            self.assertEqual(cm.exception.code, gomoku.ERANGE, text)


class TestFinishedGame(unittest.TestCase):
    def test_evaluate_gives_the_result(self):
        with Engine() as e:
            e.play_moves("h8 h9 i8 i9 j8 j9 k8 k9 l8")
            self.assertEqual(e.winner, Color.BLACK)
            self.assertEqual(e.evaluate(), -gomoku.SCORE_WIN)


if __name__ == "__main__":
    unittest.main()
