/* test_api.c - the engine handle, board functions, notation and evaluation through the
 * public API: results, and every error path leaving the engine usable and unchanged. */
#include "testutil.h"

#include <pthread.h>
#include <stdio.h>
#include <limits.h>
#include <string.h>

/* The engine's observable state, to check that a failed call changed nothing. */
typedef struct snapshot {
    uint64_t hash;
    int moves, side, state;
} snapshot;

static snapshot snap(const gomoku_engine *e)
{
    snapshot s = {gomoku_hash(e), gomoku_move_count(e), gomoku_side_to_move(e), gomoku_state_of(e)};
    return s;
}

static void assert_unchanged(const gomoku_engine *e, snapshot s)
{
    snapshot t = snap(e);
    assert_true(s.hash == t.hash);
    assert_int_equal(s.moves, t.moves);
    assert_int_equal(s.side, t.side);
    assert_int_equal(s.state, t.state);
}

static void test_new_rejects_bad_arguments(void **state)
{
    (void)state;
    gomoku_engine *e = (gomoku_engine *)&e; /* poison: must be set to NULL on failure */
    assert_int_equal(gomoku_new(NULL, 15, GOMOKU_FREESTYLE), GOMOKU_EINVAL);
    assert_int_equal(gomoku_new(&e, 4, GOMOKU_FREESTYLE), GOMOKU_ERANGE);
    assert_null(e);
    assert_int_equal(gomoku_new(&e, GOMOKU_MAX_SIZE + 1, GOMOKU_FREESTYLE), GOMOKU_ERANGE);
    assert_int_equal(gomoku_new(&e, 15, (gomoku_rule)7), GOMOKU_ERULE);
    assert_int_equal(gomoku_new(&e, 15, (gomoku_rule)-1), GOMOKU_ERULE);
    for (int size = GOMOKU_MIN_SIZE; size <= GOMOKU_MAX_SIZE; size++) {
        assert_int_equal(gomoku_new(&e, size, GOMOKU_RENJU), GOMOKU_OK);
        assert_int_equal(gomoku_size(e), size);
        assert_int_equal(gomoku_rule_of(e), GOMOKU_RENJU);
        gomoku_free(e);
    }
    gomoku_free(NULL);
}

static void test_null_engine_is_an_error_everywhere(void **state)
{
    (void)state;
    int x, y, n, score;
    char buf[64];
    gomoku_point pts[8];
    gomoku_forbid why;
    gomoku_weights w;
    gomoku_eval_info info;
    assert_int_equal(gomoku_reset(NULL, 15, GOMOKU_FREESTYLE), GOMOKU_EINVAL);
    assert_int_equal(gomoku_size(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_rule_of(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_play(NULL, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_undo(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_cell(NULL, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_side_to_move(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_move_count(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_state_of(NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_moves(pts, &n, NULL, 8), GOMOKU_EINVAL);
    assert_int_equal(gomoku_winning_line(pts, &n, NULL, 8), GOMOKU_EINVAL);
    assert_int_equal(gomoku_forbidden(&why, NULL, 0, 0), GOMOKU_EINVAL);
    assert_true(gomoku_hash(NULL) == 0);
    assert_int_equal(gomoku_parse_move(&x, &y, NULL, "h8"), GOMOKU_EINVAL);
    assert_int_equal(gomoku_format_move(buf, sizeof buf, NULL, 0, 0, GOMOKU_NOTATION_XY), GOMOKU_EINVAL);
    assert_int_equal(gomoku_play_moves(NULL, "h8"), GOMOKU_EINVAL);
    assert_int_equal(gomoku_format_moves(buf, sizeof buf, NULL, GOMOKU_NOTATION_XY), GOMOKU_EINVAL);
    assert_int_equal(gomoku_get_weights(&w, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_weights(NULL, &w), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_eval_callback(NULL, NULL, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_evaluate(&score, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_eval_breakdown(&info, NULL), GOMOKU_EINVAL);
}

static void test_null_outputs_are_errors_and_change_nothing(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "h8 i9");
    snapshot s = snap(e);
    int x, n;
    gomoku_point pts[4];
    assert_int_equal(gomoku_moves(NULL, &n, e, 4), GOMOKU_EINVAL);
    assert_int_equal(gomoku_moves(pts, NULL, e, 4), GOMOKU_EINVAL);
    assert_int_equal(gomoku_moves(pts, &n, e, -1), GOMOKU_EINVAL);
    assert_int_equal(gomoku_winning_line(pts, NULL, e, 4), GOMOKU_EINVAL);
    assert_int_equal(gomoku_forbidden(NULL, e, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_parse_move(NULL, &x, e, "h8"), GOMOKU_EINVAL);
    assert_int_equal(gomoku_parse_move(&x, &x, e, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_format_move(NULL, 8, e, 0, 0, GOMOKU_NOTATION_XY), GOMOKU_EINVAL);
    assert_int_equal(gomoku_play_moves(e, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_format_moves(NULL, 8, e, GOMOKU_NOTATION_XY), GOMOKU_EINVAL);
    assert_int_equal(gomoku_get_weights(NULL, e), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_weights(e, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_evaluate(NULL, e), GOMOKU_EINVAL);
    assert_int_equal(gomoku_eval_breakdown(NULL, e), GOMOKU_EINVAL);
    assert_unchanged(e, s);
    gomoku_free(e);
}

static void test_play_errors_leave_engine_usable(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8");
    snapshot s = snap(e);
    assert_int_equal(gomoku_play(e, -1, 0), GOMOKU_ERANGE);
    assert_int_equal(gomoku_play(e, 0, 15), GOMOKU_ERANGE);
    assert_int_equal(gomoku_play(e, 15, 15), GOMOKU_ERANGE);
    assert_int_equal(gomoku_play(e, 7, 7), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_cell(e, 15, 0), GOMOKU_ERANGE);
    assert_int_equal(gomoku_cell(e, 0, -1), GOMOKU_ERANGE);
    assert_unchanged(e, s);
    assert_int_equal(gomoku_cell(e, 7, 7), GOMOKU_BLACK);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    assert_int_equal(gomoku_play(e, 8, 8), GOMOKU_OK);
    assert_int_equal(gomoku_cell(e, 8, 8), GOMOKU_WHITE);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_undo(e), GOMOKU_ENOMOVE);
    assert_int_equal(gomoku_move_count(e), 0);
    gomoku_free(e);
}

static void test_game_over_refuses_moves_until_undo(void **state)
{
    (void)state;
    /* black five on row 8 */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "d8 d9 e8 e9 f8 f9 g8 g9 h8");
    assert_int_equal(gomoku_state_of(e), GOMOKU_BLACK_WINS);
    snapshot s = snap(e);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_EGAMEOVER);
    assert_int_equal(gomoku_play_moves(e, "a1"), GOMOKU_EGAMEOVER);
    assert_unchanged(e, s);
    gomoku_point line[GOMOKU_MAX_SIZE];
    int n = 0;
    assert_int_equal(gomoku_winning_line(line, &n, e, GOMOKU_MAX_SIZE), GOMOKU_OK);
    assert_int_equal(n, 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(line[i].x, 3 + i);
        assert_int_equal(line[i].y, 7);
    }
    assert_int_equal(gomoku_winning_line(line, &n, e, 4), GOMOKU_EBUFFER);
    assert_int_equal(n, 5);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    assert_int_equal(gomoku_winning_line(line, &n, e, GOMOKU_MAX_SIZE), GOMOKU_OK);
    assert_int_equal(n, 0);
    gomoku_free(e);
}

static void test_reset_changes_size_and_rule_or_fails_cleanly(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9");
    snapshot s = snap(e);
    assert_int_equal(gomoku_reset(e, 3, GOMOKU_FREESTYLE), GOMOKU_ERANGE);
    assert_int_equal(gomoku_reset(e, 15, (gomoku_rule)9), GOMOKU_ERULE);
    assert_unchanged(e, s);
    assert_int_equal(gomoku_reset(e, 20, GOMOKU_CARO), GOMOKU_OK);
    assert_int_equal(gomoku_size(e), 20);
    assert_int_equal(gomoku_rule_of(e), GOMOKU_CARO);
    assert_int_equal(gomoku_move_count(e), 0);
    assert_true(gomoku_hash(e) == 0);
    gomoku_free(e);
}

static void test_moves_reports_needed_capacity(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j10");
    gomoku_point pts[3];
    int n = -1;
    assert_int_equal(gomoku_moves(pts, &n, e, 2), GOMOKU_EBUFFER);
    assert_int_equal(n, 3);
    assert_int_equal(gomoku_moves(NULL, &n, e, 0), GOMOKU_EBUFFER);
    assert_int_equal(gomoku_moves(pts, &n, e, 3), GOMOKU_OK);
    assert_int_equal(pts[0].x, 7);
    assert_int_equal(pts[0].y, 7);
    assert_int_equal(pts[2].x, 9);
    assert_int_equal(pts[2].y, 5);
    gomoku_free(e);
}

static void test_notation_parses_both_styles(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, NULL);
    int x = -1, y = -1;
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h8"), GOMOKU_OK);
    assert_int_equal(x, 7);
    assert_int_equal(y, 7);
    assert_int_equal(gomoku_parse_move(&x, &y, e, " A1 "), GOMOKU_OK);
    assert_int_equal(x, 0);
    assert_int_equal(y, 14); /* row 1 is the bottom row */
    assert_int_equal(gomoku_parse_move(&x, &y, e, "o15"), GOMOKU_OK);
    assert_int_equal(x, 14);
    assert_int_equal(y, 0);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "3,11"), GOMOKU_OK);
    assert_int_equal(x, 3);
    assert_int_equal(y, 11);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "3, 11"), GOMOKU_OK);
    assert_int_equal(y, 11);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h000000000000000000008"), GOMOKU_OK);
    assert_int_equal(y, 7); /* a number is read whole, leading zeros and all */
    x = y = -7;
    assert_int_equal(gomoku_parse_move(&x, &y, e, ""), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "8h"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h8x"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "1,"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "-1,2"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "#!"), GOMOKU_ESYNTAX);
    /* one rule for coordinates off the board, whatever the length of their numbers */
    assert_int_equal(gomoku_parse_move(&x, &y, e, "99999999999,1"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "1,99999999999"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h99999999999999999999"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h1000"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h00"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_play_moves(e, "h8 h99999999999999999999"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_move_count(e), 0);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h99999999999999999999x"), GOMOKU_ESYNTAX);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "p8"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h16"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "h0"), GOMOKU_ERANGE);
    assert_int_equal(gomoku_parse_move(&x, &y, e, "15,0"), GOMOKU_ERANGE);
    assert_int_equal(x, -7); /* outputs untouched on failure */
    assert_int_equal(y, -7);
    gomoku_free(e);
}

static void test_notation_formats_and_round_trips(void **state)
{
    (void)state;
    for (int size = GOMOKU_MIN_SIZE; size <= 26; size += 7) {
        gomoku_engine *e = test_engine(size, GOMOKU_STANDARD, NULL);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
                for (int n = 0; n < 2; n++) {
                    char buf[16];
                    int px, py;
                    assert_int_equal(gomoku_format_move(buf, sizeof buf, e, x, y, (gomoku_notation)n), GOMOKU_OK);
                    assert_int_equal(gomoku_parse_move(&px, &py, e, buf), GOMOKU_OK);
                    assert_int_equal(px, x);
                    assert_int_equal(py, y);
                }
        gomoku_free(e);
    }
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, NULL);
    char buf[8];
    assert_int_equal(gomoku_format_move(buf, sizeof buf, e, 7, 7, GOMOKU_NOTATION_RENJU), GOMOKU_OK);
    assert_string_equal(buf, "h8");
    assert_int_equal(gomoku_format_move(buf, sizeof buf, e, 10, 3, GOMOKU_NOTATION_XY), GOMOKU_OK);
    assert_string_equal(buf, "10,3");
    assert_int_equal(gomoku_format_move(buf, 3, e, 7, 7, GOMOKU_NOTATION_RENJU), GOMOKU_OK);
    assert_int_equal(gomoku_format_move(buf, 2, e, 7, 7, GOMOKU_NOTATION_RENJU), GOMOKU_EBUFFER);
    assert_int_equal(gomoku_format_move(buf, sizeof buf, e, 15, 7, GOMOKU_NOTATION_XY), GOMOKU_ERANGE);
    assert_int_equal(gomoku_format_move(buf, sizeof buf, e, 1, 1, (gomoku_notation)5), GOMOKU_EINVAL);
    gomoku_free(e);
    /* columns beyond z cannot be written in renju notation */
    gomoku_engine *big = test_engine(GOMOKU_MAX_SIZE, GOMOKU_FREESTYLE, NULL);
    assert_int_equal(gomoku_format_move(buf, sizeof buf, big, 27, 0, GOMOKU_NOTATION_RENJU), GOMOKU_ERANGE);
    assert_int_equal(gomoku_format_move(buf, sizeof buf, big, 27, 0, GOMOKU_NOTATION_XY), GOMOKU_OK);
    gomoku_free(big);
}

static void test_move_lists_are_all_or_nothing(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8");
    snapshot s = snap(e);
    assert_int_equal(gomoku_play_moves(e, "i9 j10 h8"), GOMOKU_EOCCUPIED);
    assert_unchanged(e, s);
    assert_int_equal(gomoku_play_moves(e, "i9 zz"), GOMOKU_ESYNTAX);
    assert_unchanged(e, s);
    assert_int_equal(gomoku_play_moves(e, "i9;7,6\n 8, 8"), GOMOKU_OK);
    assert_int_equal(gomoku_move_count(e), 4);
    char buf[64];
    assert_int_equal(gomoku_format_moves(buf, sizeof buf, e, GOMOKU_NOTATION_RENJU), GOMOKU_OK);
    assert_string_equal(buf, "h8 i9 h9 i7");
    assert_int_equal(gomoku_format_moves(buf, sizeof buf, e, GOMOKU_NOTATION_XY), GOMOKU_OK);
    assert_string_equal(buf, "7,7 8,6 7,6 8,8");
    assert_int_equal(gomoku_format_moves(buf, 5, e, GOMOKU_NOTATION_XY), GOMOKU_EBUFFER);
    assert_string_equal(buf, "");
    /* a list read back gives the same position */
    gomoku_engine *f = test_engine(15, GOMOKU_FREESTYLE, NULL);
    gomoku_format_moves(buf, sizeof buf, e, GOMOKU_NOTATION_RENJU);
    assert_int_equal(gomoku_play_moves(f, buf), GOMOKU_OK);
    assert_true(gomoku_hash(e) == gomoku_hash(f));
    gomoku_free(e);
    gomoku_free(f);
}

/* Found by fuzz/fuzz_api.c: a list that did not fit used to leave the moves that did in
 * the buffer; the header promises it unchanged beyond its first byte. */
static void test_format_moves_too_small_leaves_buffer_alone(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j10");
    char buf[16];
    for (size_t size = 1; size < 12; size++) { /* "7,7 8,6 9,5" needs 12 */
        memset(buf, 'Q', sizeof buf);
        assert_int_equal(gomoku_format_moves(buf, size, e, GOMOKU_NOTATION_XY), GOMOKU_EBUFFER);
        assert_int_equal(buf[0], '\0');
        for (size_t i = 1; i < sizeof buf; i++)
            assert_int_equal(buf[i], 'Q');
    }
    assert_int_equal(gomoku_format_moves(buf, 12, e, GOMOKU_NOTATION_XY), GOMOKU_OK);
    assert_string_equal(buf, "7,7 8,6 9,5");
    gomoku_free(e);
    /* renju notation has no letter for a 27th column: the documented GOMOKU_ERANGE */
    gomoku_engine *big = test_engine(27, GOMOKU_FREESTYLE, "0,0");
    memset(buf, 'Q', sizeof buf);
    assert_int_equal(gomoku_format_moves(buf, sizeof buf, big, GOMOKU_NOTATION_RENJU), GOMOKU_ERANGE);
    assert_int_equal(gomoku_format_moves(buf, sizeof buf, big, GOMOKU_NOTATION_XY), GOMOKU_OK);
    assert_string_equal(buf, "0,0");
    gomoku_free(big);
}

static void test_forbidden_needs_renju_and_an_empty_cell(void **state)
{
    (void)state;
    gomoku_forbid why = GOMOKU_FORBID_OVERLINE;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8");
    assert_int_equal(gomoku_forbidden(&why, e, 0, 0), GOMOKU_ERULE);
    gomoku_free(e);
    e = test_engine(15, GOMOKU_RENJU, "h8");
    assert_int_equal(gomoku_forbidden(&why, e, 7, 7), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_forbidden(&why, e, 15, 7), GOMOKU_ERANGE);
    assert_int_equal(gomoku_forbidden(&why, e, 0, 0), GOMOKU_OK);
    assert_int_equal(why, GOMOKU_FORBID_NONE);
    gomoku_free(e);
}

static void test_strerror_names_every_code(void **state)
{
    (void)state;
    for (int code = GOMOKU_EVERSION; code <= GOMOKU_OK; code++) {
        const char *m = gomoku_strerror(code);
        assert_non_null(m);
        assert_string_not_equal(m, "unknown error");
        for (int other = GOMOKU_EVERSION; other < code; other++)
            assert_string_not_equal(m, gomoku_strerror(other));
    }
    assert_string_equal(gomoku_strerror(-1000), "unknown error");
    assert_string_equal(gomoku_strerror(5), "unknown error");
}

static void test_version_matches_header(void **state)
{
    (void)state;
    assert_int_equal(gomoku_version_number(), GOMOKU_VERSION_NUMBER);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", GOMOKU_VERSION_MAJOR, GOMOKU_VERSION_MINOR,
             GOMOKU_VERSION_PATCH);
    assert_string_equal(gomoku_version_string(), expect);
}

/* ---- evaluation ---- */

/* The evaluation's formula written out: one side's pattern and combination counts of a
 * breakdown, weighted. */
static int weighted_counts(const gomoku_eval_info *info, int side, const int *pw, const int *cw)
{
    int sum = 0;
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++)
        sum += pw[p] * info->patterns[side][p];
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        sum += cw[c] * info->combos[side][c];
    return sum;
}

static void test_eval_sees_threats_from_the_movers_side(void **state)
{
    (void)state;
    /* black open three on row 8; white to move: bad for white */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8");
    int white_view;
    assert_int_equal(gomoku_evaluate(&white_view, e), GOMOKU_OK);
    assert_true(white_view < 0);
    /* the same with black to move: black makes an open four, a static win */
    gomoku_engine *f = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8 a5");
    int black_view;
    gomoku_evaluate(&black_view, f);
    gomoku_weights w;
    gomoku_get_weights(&w, f);
    assert_int_equal(black_view, w.win_score / 2);
    /* black has a four and is to move: a win */
    gomoku_engine *g = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8 a5 j8 a7");
    gomoku_evaluate(&black_view, g);
    assert_int_equal(black_view, w.win_score);
    gomoku_free(e);
    gomoku_free(f);
    gomoku_free(g);
}

/* An engine that evaluates with the weights' model (freestyle's default is the fitted
 * tables), for the tests of the weights themselves. */
static gomoku_engine *weights_engine(int size, gomoku_rule rule, const char *moves)
{
    gomoku_engine *e = test_engine(size, rule, moves);
    assert_int_equal(gomoku_set_eval_model(e, GOMOKU_EVAL_WEIGHTS), GOMOKU_OK);
    return e;
}

static void test_breakdown_counts_patterns_and_sums_to_score(void **state)
{
    (void)state;
    gomoku_engine *e = weights_engine(15, GOMOKU_FREESTYLE, "g8 h9 h8 a1");
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_int_equal(info.side_to_move, GOMOKU_BLACK);
    assert_int_equal(info.custom, 0);
    /* black g8 h8: an open two; f8 and i8 make open threes */
    assert_true(info.patterns[0][GOMOKU_PAT_OPEN_THREE] >= 2);
    assert_int_equal(info.patterns[0][GOMOKU_PAT_FIVE], 0);
    assert_int_equal(info.patterns[1][GOMOKU_PAT_OPEN_THREE], 0);
    gomoku_weights w;
    gomoku_get_weights(&w, e);
    int own = weighted_counts(&info, 0, w.own, w.combo_own);
    int opp = weighted_counts(&info, 1, w.opp, w.combo_opp);
    assert_int_equal(info.pattern_score[0], own);
    assert_int_equal(info.score, own - opp);
    gomoku_free(e);
}

static void test_breakdown_counts_combination_points_and_scores_them(void **state)
{
    (void)state;
    /* White 5,9 6,9 7,9 (closed by black 4,9) and 8,6 8,7: 8,9 makes a four and an open
     * three, white's one four-three point; black (to move) has none. */
    gomoku_engine *e = weights_engine(15, GOMOKU_FREESTYLE,
                                      "4,9 5,9 0,0 6,9 14,0 7,9 0,14 8,6 14,14 8,7");
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_int_equal(info.combos[1][GOMOKU_COMBO_FOUR_THREE], 1);
    assert_int_equal(info.combos[0][GOMOKU_COMBO_FOUR_THREE], 0);
    assert_int_equal(info.combos[1][GOMOKU_COMBO_OPEN_FOUR], 0);
    gomoku_weights w;
    gomoku_get_weights(&w, e);
    assert_int_equal(info.score, weighted_counts(&info, 0, w.own, w.combo_own) -
                                     weighted_counts(&info, 1, w.opp, w.combo_opp));
    /* Raising the weight of the opponent's four-three lowers black's score by as much. */
    int before = info.score;
    w.combo_opp[GOMOKU_COMBO_FOUR_THREE] += 1000;
    assert_int_equal(gomoku_set_weights(e, &w), GOMOKU_OK);
    int after;
    gomoku_evaluate(&after, e);
    assert_int_equal(after, before - 1000);
    gomoku_free(e);

    /* Black 5,7 6,7 on row 7 and 8,5 8,6 on column 8: 8,7 makes two open threes. In
     * renju that is a forbidden move for black, not a threat, and is not counted. */
    const char *d3 = "5,7 0,0 6,7 0,14 8,5 14,0 8,6";
    gomoku_engine *r = test_engine(15, GOMOKU_RENJU, d3);
    gomoku_engine *f = test_engine(15, GOMOKU_FREESTYLE, d3);
    gomoku_eval_info ri, fi;
    gomoku_eval_breakdown(&ri, r);
    gomoku_eval_breakdown(&fi, f);
    assert_true(fi.combos[0][GOMOKU_COMBO_DOUBLE_THREE] > 0);
    assert_int_equal(ri.combos[0][GOMOKU_COMBO_DOUBLE_THREE], 0);
    gomoku_free(r);
    gomoku_free(f);
}

static void test_weights_can_be_read_set_and_validated(void **state)
{
    (void)state;
    gomoku_engine *e = weights_engine(15, GOMOKU_FREESTYLE, "h8 i9 h9");
    gomoku_weights def, w;
    gomoku_default_weights(&def);
    assert_int_equal(gomoku_get_weights(&w, e), GOMOKU_OK);
    assert_memory_equal(&def, &w, sizeof w);
    int before;
    gomoku_evaluate(&before, e);
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++)
        w.own[p] = w.opp[p] = 0;
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        w.combo_own[c] = w.combo_opp[c] = 0;
    w.own[GOMOKU_PAT_ONE] = 1;
    assert_int_equal(gomoku_set_weights(e, &w), GOMOKU_OK);
    gomoku_eval_info info;
    gomoku_eval_breakdown(&info, e);
    int after;
    gomoku_evaluate(&after, e);
    assert_int_equal(after, info.patterns[1][GOMOKU_PAT_ONE]); /* white to move */
    assert_int_not_equal(after, before);
    gomoku_weights bad = w;
    bad.own[3] = -1;
    assert_int_equal(gomoku_set_weights(e, &bad), GOMOKU_EINVAL);
    bad = w;
    bad.win_score = GOMOKU_SCORE_WIN;
    assert_int_equal(gomoku_set_weights(e, &bad), GOMOKU_EINVAL);
    bad = w;
    bad.combo_opp[GOMOKU_COMBO_FOUR_THREE] = -5;
    assert_int_equal(gomoku_set_weights(e, &bad), GOMOKU_EINVAL);
    gomoku_weights now;
    gomoku_get_weights(&now, e);
    assert_memory_equal(&now, &w, sizeof w); /* failed sets changed nothing */
    gomoku_free(e);
}

/* The evaluation model: DEFAULT resolves to a model per rule; FITTED keeps the turn rules
 * and sees a threat from the mover's side as the weights do; bad models are refused and
 * change nothing; the textbook searches evaluate with the weights whatever the model. */
static void test_eval_model_can_be_selected_and_keeps_the_turn_rules(void **state)
{
    (void)state;
    gomoku_eval_model m;
    for (int r = 0; r < 4; r++) {
        gomoku_engine *x = test_engine(15, (gomoku_rule)r, NULL);
        assert_int_equal(gomoku_get_eval_model(&m, x), GOMOKU_OK);
        assert_true(m == GOMOKU_EVAL_WEIGHTS || m == GOMOKU_EVAL_FITTED);
        gomoku_free(x);
    }
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8");
    assert_int_equal(gomoku_set_eval_model(NULL, GOMOKU_EVAL_FITTED), GOMOKU_EINVAL);
    assert_int_equal(gomoku_get_eval_model(NULL, e), GOMOKU_EINVAL);
    assert_int_equal(gomoku_get_eval_model(&m, NULL), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_eval_model(e, GOMOKU_EVAL_WEIGHTS), GOMOKU_OK);
    assert_int_equal(gomoku_set_eval_model(e, (gomoku_eval_model)3), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_eval_model(e, (gomoku_eval_model)-1), GOMOKU_EINVAL);
    assert_int_equal(gomoku_get_eval_model(&m, e), GOMOKU_OK);
    assert_int_equal(m, GOMOKU_EVAL_WEIGHTS); /* the failed sets changed nothing */

    gomoku_textbook_options o;
    gomoku_textbook_options_init(&o);
    o.depth = 2;
    gomoku_textbook_result tw, tf;
    assert_int_equal(gomoku_textbook_search(&tw, e, GOMOKU_ALGO_NEGAMAX_AB, &o), GOMOKU_OK);

    assert_int_equal(gomoku_set_eval_model(e, GOMOKU_EVAL_FITTED), GOMOKU_OK);
    assert_int_equal(gomoku_get_eval_model(&m, e), GOMOKU_OK);
    assert_int_equal(m, GOMOKU_EVAL_FITTED);
    int white_view;
    assert_int_equal(gomoku_evaluate(&white_view, e), GOMOKU_OK);
    assert_true(white_view < 0); /* black's open three, white to move */
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_int_equal(info.score, white_view);
    assert_int_equal(gomoku_textbook_search(&tf, e, GOMOKU_ALGO_NEGAMAX_AB, &o), GOMOKU_OK);
    assert_int_equal(tf.value, tw.value);
    assert_int_equal(tf.stats.nodes, tw.stats.nodes);

    gomoku_weights w;
    gomoku_get_weights(&w, e);
    assert_int_equal(gomoku_play(e, 0, 5), GOMOKU_OK); /* white elsewhere: black's open four point */
    int black_view;
    gomoku_evaluate(&black_view, e);
    assert_int_equal(black_view, w.win_score / 2);
    assert_int_equal(gomoku_play_moves(e, "j8 a7"), GOMOKU_OK); /* a four, black to move */
    gomoku_evaluate(&black_view, e);
    assert_int_equal(black_view, w.win_score);
    /* kept by a new game, under another rule too */
    assert_int_equal(gomoku_reset(e, 15, GOMOKU_RENJU), GOMOKU_OK);
    assert_int_equal(gomoku_get_eval_model(&m, e), GOMOKU_OK);
    assert_int_equal(m, GOMOKU_EVAL_FITTED);
    gomoku_free(e);
}

/* The default model per rule is the one the matches kept: the fitted tables in freestyle,
 * standard and renju, the weights in caro. Standard and renju read freestyle's table, so
 * a position whose shapes mean the same under the three rules scores the same; a point
 * that makes six is a five point in freestyle only, and the scores part. */
static void test_standard_and_renju_evaluate_with_freestyles_table(void **state)
{
    (void)state;
    const gomoku_eval_model want[4] = {GOMOKU_EVAL_FITTED, GOMOKU_EVAL_FITTED,
                                       GOMOKU_EVAL_FITTED, GOMOKU_EVAL_WEIGHTS};
    for (int r = 0; r < 4; r++) {
        gomoku_engine *x = test_engine(15, (gomoku_rule)r, NULL);
        gomoku_eval_model m;
        assert_int_equal(gomoku_get_eval_model(&m, x), GOMOKU_OK);
        assert_int_equal(m, want[r]);
        gomoku_free(x);
    }
    /* A stone a side: the same line patterns under both rules (checked). */
    const char *quiet = "h8 h9";
    gomoku_engine *f = test_engine(15, GOMOKU_FREESTYLE, quiet);
    gomoku_engine *s = test_engine(15, GOMOKU_STANDARD, quiet);
    gomoku_engine *r = test_engine(15, GOMOKU_RENJU, quiet);
    gomoku_eval_info bf, bs, br;
    assert_int_equal(gomoku_eval_breakdown(&bf, f), GOMOKU_OK);
    assert_int_equal(gomoku_eval_breakdown(&bs, s), GOMOKU_OK);
    assert_int_equal(gomoku_eval_breakdown(&br, r), GOMOKU_OK);
    assert_memory_equal(bf.patterns, bs.patterns, sizeof bf.patterns);
    assert_memory_equal(bf.patterns, br.patterns, sizeof bf.patterns);
    int vf, vs, vr;
    assert_int_equal(gomoku_evaluate(&vf, f), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&vs, s), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&vr, r), GOMOKU_OK);
    assert_int_equal(vs, vf);
    assert_int_equal(vr, vf);
    /* and not the weights' value */
    assert_int_equal(gomoku_set_eval_model(s, GOMOKU_EVAL_WEIGHTS), GOMOKU_OK);
    int vw;
    assert_int_equal(gomoku_evaluate(&vw, s), GOMOKU_OK);
    assert_int_not_equal(vw, vf);
    /* Black's d8 e8 g8 h8 i8 around an empty f8: f8 makes six, a five only in freestyle. */
    const char *six = "d8 a1 e8 a3 g8 a5 h8 a7 i8 a13";
    gomoku_engine *f6 = test_engine(15, GOMOKU_FREESTYLE, six);
    gomoku_engine *s6 = test_engine(15, GOMOKU_STANDARD, six);
    assert_int_equal(gomoku_evaluate(&vf, f6), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&vs, s6), GOMOKU_OK);
    gomoku_weights w;
    assert_int_equal(gomoku_get_weights(&w, f6), GOMOKU_OK);
    assert_int_equal(vf, w.win_score); /* a five to play */
    assert_true(vs < w.win_score / 2);  /* no five, no four point of black's there */
    gomoku_free(f);
    gomoku_free(s);
    gomoku_free(r);
    gomoku_free(f6);
    gomoku_free(s6);
}

/* Found by fuzz/fuzz_api.c: valid weights at the ends of their range. The weighted sums
 * overflowed an int on large boards, and win_score 1 turned every score's sign. */
static void test_extreme_valid_weights_keep_the_evaluation_sound(void **state)
{
    (void)state;
    gomoku_weights w;
    gomoku_default_weights(&w);
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++) {
        w.own[p] = 1000000;
        w.opp[p] = 0;
    }
    gomoku_engine *big = weights_engine(32, GOMOKU_FREESTYLE, "0,0"); /* 1023 empty cells */
    assert_int_equal(gomoku_set_weights(big, &w), GOMOKU_OK);
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, big), GOMOKU_OK);
    assert_int_equal(info.pattern_score[0], INT_MAX); /* saturated, not wrapped */
    assert_int_equal(info.pattern_score[1], INT_MAX);
    int score;
    assert_int_equal(gomoku_evaluate(&score, big), GOMOKU_OK);
    /* only the mover's points count, thousands of them: the cap (just under half a
     * static win) */
    assert_int_equal(score, w.win_score / 2 - 1);
    gomoku_free(big);

    /* win_score 1: no room for a heuristic score at all, so 0, whatever the sign */
    gomoku_default_weights(&w);
    w.win_score = 1;
    gomoku_engine *e = weights_engine(15, GOMOKU_FREESTYLE, "h8 a1");
    int plain;
    assert_int_equal(gomoku_evaluate(&plain, e), GOMOKU_OK);
    assert_true(plain > 0); /* black, to move, has the centre stone against a corner one */
    assert_int_equal(gomoku_set_weights(e, &w), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, 0);
    gomoku_free(e);
}

static int count_stones_eval(const gomoku_engine *e, void *payload)
{
    int *calls = payload;
    (*calls)++;
    int n = gomoku_size(e), mine = 0, side = gomoku_side_to_move(e);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            mine += gomoku_cell(e, x, y) == side;
    return mine * 7;
}

static int huge_eval(const gomoku_engine *e, void *payload)
{
    (void)e;
    (void)payload;
    return 1000000;
}

/* A finished game is scored by its result for the side to move, never by the patterns
 * of its stones: here white, who has lost, still has an open four (a five point), which
 * the pattern evaluation scores as a win for the mover. */
static void test_evaluate_scores_a_finished_game_by_its_result(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 h9 i8 i9 j8 j9 k8 k9");
    int calls = 0, score = 0;
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_true(score > 0); /* black to move, with a four of its own */
    assert_int_equal(gomoku_play_moves(e, "l8"), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_BLACK_WINS);
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_true(info.patterns[1][GOMOKU_PAT_FIVE] > 0); /* white's four is still there */
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, -GOMOKU_SCORE_WIN);
    assert_int_equal(info.score, -GOMOKU_SCORE_WIN);
    /* a user evaluation is not asked about a finished game */
    assert_int_equal(gomoku_set_eval_callback(e, count_stones_eval, &calls), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, -GOMOKU_SCORE_WIN);
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_int_equal(info.custom, 0);
    assert_int_equal(info.score, -GOMOKU_SCORE_WIN);
    assert_int_equal(calls, 0);
    /* taken back, the game goes on and is evaluated as before */
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(calls, 1);
    gomoku_free(e);

    /* renju: black's forbidden double three loses, and white, who won, is to move */
    e = test_engine(15, GOMOKU_RENJU, "i8 a1 j8 a3 h9 a5 h10 o15");
    assert_int_equal(gomoku_play_moves(e, "h8"), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_WHITE_WINS);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, GOMOKU_SCORE_WIN);
    gomoku_free(e);

    /* a full board without five is a draw */
    e = test_engine(5, GOMOKU_FREESTYLE, "e5 a2 e4 e2 b5 c4 b2 c1 c5 d3 e3 b4 d2 c3 b3 d1 a3 c2 "
                                         "a4 a1 d5 e1 d4 a5 b1");
    assert_int_equal(gomoku_state_of(e), GOMOKU_DRAW);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, GOMOKU_SCORE_DRAW);
    gomoku_free(e);
}

static void test_eval_callback_replaces_builtin_and_can_be_removed(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 h9");
    int calls = 0, score;
    int builtin;
    gomoku_evaluate(&builtin, e);
    assert_int_equal(gomoku_set_eval_callback(e, count_stones_eval, &calls), GOMOKU_OK);
    gomoku_evaluate(&score, e);
    assert_int_equal(score, 7); /* white to move, one white stone */
    assert_int_equal(calls, 1);
    gomoku_eval_info info;
    gomoku_eval_breakdown(&info, e);
    assert_int_equal(info.custom, 1);
    assert_int_equal(info.score, 7);
    /* user scores are kept out of the forced-result range */
    gomoku_set_eval_callback(e, huge_eval, NULL);
    gomoku_evaluate(&score, e);
    assert_true(score < GOMOKU_SCORE_WIN_MIN);
    assert_int_equal(gomoku_set_eval_callback(e, NULL, NULL), GOMOKU_OK);
    gomoku_evaluate(&score, e);
    assert_int_equal(score, builtin);
    gomoku_free(e);
}

/* A callback that builds on the built-in evaluation, as the header allows: it reads the
 * breakdown and the evaluation of its own engine. Found by fuzz/fuzz_api.c: both called
 * the callback again, without end (a stack overflow). */
typedef struct builtin_plus {
    int calls;
    int inner_custom; /* custom as the breakdown reported it inside the callback */
} builtin_plus;

static int builtin_plus_one(const gomoku_engine *e, void *payload)
{
    builtin_plus *p = payload;
    p->calls++;
    gomoku_eval_info info;
    int score = 0;
    if (gomoku_eval_breakdown(&info, e) != GOMOKU_OK || gomoku_evaluate(&score, e) != GOMOKU_OK ||
        score != info.score)
        return -12345;
    p->inner_custom = info.custom;
    return info.score + 1;
}

static void test_eval_callback_may_read_the_builtin_evaluation(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 h9");
    int builtin, score;
    gomoku_evaluate(&builtin, e);
    builtin_plus p = {0, -1};
    assert_int_equal(gomoku_set_eval_callback(e, builtin_plus_one, &p), GOMOKU_OK);
    assert_int_equal(gomoku_evaluate(&score, e), GOMOKU_OK);
    assert_int_equal(score, builtin + 1);
    assert_int_equal(p.calls, 1);
    assert_int_equal(p.inner_custom, 0);
    gomoku_eval_info info;
    assert_int_equal(gomoku_eval_breakdown(&info, e), GOMOKU_OK);
    assert_int_equal(info.custom, 1);
    assert_int_equal(info.score, builtin + 1);
    /* and the searches, which call it at every leaf */
    gomoku_limits lim;
    gomoku_limits_init(&lim);
    lim.depth = 2;
    lim.nodes = 2000;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &lim), GOMOKU_OK);
    gomoku_textbook_result t;
    assert_int_equal(gomoku_textbook_search(&t, e, GOMOKU_ALGO_NEGAMAX_AB, NULL), GOMOKU_OK);
    assert_true(p.calls > 2);
    gomoku_free(e);
}

/* ---- threads ---- */

typedef struct walk_arg {
    uint64_t seed;
    uint64_t final_hash;
    int ok;
} walk_arg;

static void *walk(void *p)
{
    walk_arg *a = p;
    gomoku_engine *e;
    if (gomoku_new(&e, 15, GOMOKU_RENJU) != GOMOKU_OK)
        return NULL;
    uint64_t s = a->seed;
    a->ok = 1;
    for (int i = 0; i < 4000; i++) {
        if (gomoku_state_of(e) != GOMOKU_ONGOING || (gomoku_move_count(e) > 0 && test_rand(&s) % 4 == 0)) {
            a->ok &= gomoku_undo(e) == GOMOKU_OK;
            continue;
        }
        int x = (int)(test_rand(&s) % 15), y = (int)(test_rand(&s) % 15);
        int rc = gomoku_play(e, x, y);
        a->ok &= rc == GOMOKU_OK || rc == GOMOKU_EOCCUPIED;
    }
    a->final_hash = gomoku_hash(e);
    gomoku_free(e);
    return NULL;
}

static void test_engines_in_two_threads_do_not_interfere(void **state)
{
    (void)state;
    walk_arg solo[2] = {{11, 0, 0}, {22, 0, 0}}, duo[2] = {{11, 0, 0}, {22, 0, 0}};
    walk(&solo[0]);
    walk(&solo[1]);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, walk, &duo[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++) {
        assert_true(solo[i].ok && duo[i].ok);
        assert_true(solo[i].final_hash == duo[i].final_hash);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_rejects_bad_arguments),
        cmocka_unit_test(test_null_engine_is_an_error_everywhere),
        cmocka_unit_test(test_null_outputs_are_errors_and_change_nothing),
        cmocka_unit_test(test_play_errors_leave_engine_usable),
        cmocka_unit_test(test_game_over_refuses_moves_until_undo),
        cmocka_unit_test(test_reset_changes_size_and_rule_or_fails_cleanly),
        cmocka_unit_test(test_moves_reports_needed_capacity),
        cmocka_unit_test(test_notation_parses_both_styles),
        cmocka_unit_test(test_notation_formats_and_round_trips),
        cmocka_unit_test(test_move_lists_are_all_or_nothing),
        cmocka_unit_test(test_format_moves_too_small_leaves_buffer_alone),
        cmocka_unit_test(test_forbidden_needs_renju_and_an_empty_cell),
        cmocka_unit_test(test_strerror_names_every_code),
        cmocka_unit_test(test_version_matches_header),
        cmocka_unit_test(test_eval_sees_threats_from_the_movers_side),
        cmocka_unit_test(test_breakdown_counts_patterns_and_sums_to_score),
        cmocka_unit_test(test_breakdown_counts_combination_points_and_scores_them),
        cmocka_unit_test(test_weights_can_be_read_set_and_validated),
        cmocka_unit_test(test_eval_model_can_be_selected_and_keeps_the_turn_rules),
        cmocka_unit_test(test_standard_and_renju_evaluate_with_freestyles_table),
        cmocka_unit_test(test_extreme_valid_weights_keep_the_evaluation_sound),
        cmocka_unit_test(test_evaluate_scores_a_finished_game_by_its_result),
        cmocka_unit_test(test_eval_callback_replaces_builtin_and_can_be_removed),
        cmocka_unit_test(test_eval_callback_may_read_the_builtin_evaluation),
        cmocka_unit_test(test_engines_in_two_threads_do_not_interfere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
