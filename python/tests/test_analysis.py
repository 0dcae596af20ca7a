"""Tests of the analysis members of the binding: multi-PV (Engine.search_lines), game
records (read_record, write_record) and the SVG picture (svg). Run as test_gomoku.py."""

import unittest
import xml.etree.ElementTree as ET

import gomoku
from gomoku import Engine, GomokuError, Move

MIDGAME = "h8 i7 i9 g7 j8 h6 f9 k7"


def needs(name):
    return unittest.skipUnless(gomoku.load_library().has(name), f"the library has no {name} yet")


@needs("gomoku_search_lines")
class TestSearchLines(unittest.TestCase):
    def test_lines_are_distinct_and_the_first_is_search(self):
        e = Engine()
        e.play_moves(MIDGAME)
        lines = e.search_lines(multipv=3, time_ms=None, depth=4)
        self.assertEqual(len(lines), 3)
        self.assertEqual(len({ln.best for ln in lines}), 3)
        for ln in lines:
            self.assertEqual(ln.pv[0], ln.best)
            self.assertEqual(ln.pv_text[0], ln.best_text)
        self.assertGreaterEqual(lines[1].score, lines[2].score)
        one = Engine()
        one.play_moves(MIDGAME)
        r = one.search(time_ms=None, depth=4)
        self.assertEqual((r.best, r.score, r.nodes), (lines[0].best, lines[0].score, lines[0].nodes))
        self.assertEqual(e.move_count, 8)

    def test_progress_names_the_line(self):
        e = Engine()
        e.play_moves(MIDGAME)
        seen = []
        e.search_lines(multipv=2, time_ms=None, depth=3, progress=lambda i: seen.append(i.line))
        self.assertEqual(seen[0], 0)
        self.assertEqual(seen[-1], 1)
        self.assertEqual(sorted(seen), seen)

    def test_bad_multipv_is_an_error(self):
        e = Engine()
        e.play("h8")
        with self.assertRaises(GomokuError):
            e.search_lines(multipv=33, depth=2)
        with self.assertRaises(GomokuError):
            e.search_lines(multipv=-1, depth=2)


@needs("gomoku_write_record")
class TestRecords(unittest.TestCase):
    def test_psq_round_trip_with_times_and_size(self):
        e = Engine(size=15)
        e.play_moves("h8 i9 j8")
        text = e.write_record("psq", times_ms=[0, 120, 3400], black="me", white="you")
        self.assertTrue(text.startswith("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,120\n"))
        self.assertTrue(text.endswith("me\nyou\n-1\n"))
        back = Engine(size=20)
        self.assertEqual(back.read_record(text), [0, 120, 3400])
        self.assertEqual(back.size, 15)
        self.assertEqual(back.format_moves(), "h8 i9 j8")

    def test_move_list_and_errors(self):
        e = Engine()
        e.play("a1")
        self.assertEqual(e.read_record("# opening\nh8 i9\n9,6", "xy"), [0, 0, 0])
        self.assertEqual(e.write_record("renju"), "h8 i9 j9\n")
        with self.assertRaises(GomokuError):
            e.read_record("h8 h8")
        self.assertEqual(e.write_record("renju"), "h8 i9 j9\n")  # unchanged
        with self.assertRaises(ValueError):
            e.write_record("auto")
        with self.assertRaises(ValueError):
            e.read_record("h8", "sgf")


@needs("gomoku_write_svg")
class TestSvg(unittest.TestCase):
    def test_picture_parses_and_has_the_stones_and_the_line(self):
        e = Engine()
        e.play_moves(MIDGAME)
        r = e.search(time_ms=None, depth=3)
        picture = e.svg(pv=r.pv)
        root = ET.fromstring(picture)
        ns = "{http://www.w3.org/2000/svg}"
        classes = [c.get("class") for c in root.iter(ns + "circle")]
        self.assertEqual(classes.count("stone black"), 4)
        self.assertEqual(classes.count("stone white"), 4)
        self.assertEqual(classes.count("best"), 1)
        self.assertNotIn("<text", e.svg(numbers=False, coordinates=False))
        with self.assertRaises(GomokuError):
            e.svg(pv=[Move(7, 7)])  # h8 holds a stone


if __name__ == "__main__":
    unittest.main()
