/* test_search.c - the strong search: legality, tactics, limits, stop, determinism, hash
 * table size, errors. Every search here is bounded by depth or a short time. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep under -std=c11 */
#include "testutil.h"
#include "internal.h"
#include "movegen.h"
#include "timeman.h"
#include "tt.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static gomoku_limits depth_limits(int depth)
{
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = depth;
    return l;
}

static void test_limits_init_defaults(void **state)
{
    (void)state;
    gomoku_limits l;
    memset(&l, 0x5a, sizeof l);
    gomoku_limits_init(&l);
    assert_int_equal(l.version, GOMOKU_LIMITS_VERSION);
    assert_int_equal(l.depth, 12);
    assert_int_equal(l.threads, 1);
    assert_int_equal(l.time_ms, 0);
    assert_int_equal(l.time_left_ms, 0);
    assert_true(l.nodes == 0);
    gomoku_limits_init(NULL); /* harmless */
}

static void test_empty_board_plays_centre(void **state)
{
    (void)state;
    int sizes[] = {15, 19, 20};
    for (int i = 0; i < 3; i++) {
        gomoku_engine *e = test_engine(sizes[i], GOMOKU_FREESTYLE, NULL);
        gomoku_limits l = depth_limits(12);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_int_equal(r.best.x, sizes[i] / 2);
        assert_int_equal(r.best.y, sizes[i] / 2);
        assert_int_equal(gomoku_move_count(e), 0);
        gomoku_free(e);
    }
}

/* Plays a random game with the search at a small depth; every move must be legal and the
 * position must be unchanged by each search. */
static void test_search_returns_legal_moves_in_random_games(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU, GOMOKU_CARO};
    int games = test_quick() ? 1 : 2;
    for (int ri = 0; ri < 4; ri++)
        for (int g = 0; g < games; g++) {
            gomoku_engine *e = test_engine(15, rules[ri], NULL);
            /* a few random opening stones near the centre */
            for (int k = 0; k < 3; k++) {
                int x = 5 + (int)(test_rand(&seed) % 5), y = 5 + (int)(test_rand(&seed) % 5);
                if (gomoku_cell(e, x, y) == GOMOKU_EMPTY)
                    assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
            }
            for (int ply = 0; ply < 40 && gomoku_state_of(e) == GOMOKU_ONGOING; ply++) {
                uint64_t h = gomoku_hash(e);
                int count = gomoku_move_count(e);
                gomoku_limits l = depth_limits(3);
                gomoku_search_result r;
                assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
                assert_true(gomoku_hash(e) == h);
                assert_int_equal(gomoku_move_count(e), count);
                assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
                if (rules[ri] == GOMOKU_RENJU && gomoku_side_to_move(e) == GOMOKU_BLACK) {
                    gomoku_forbid why;
                    assert_int_equal(gomoku_forbidden(&why, e, r.best.x, r.best.y), GOMOKU_OK);
                    assert_int_equal(why, GOMOKU_FORBID_NONE);
                }
                assert_true(r.pv_length >= 1);
                assert_int_equal(r.pv[0].x, r.best.x);
                assert_int_equal(r.pv[0].y, r.best.y);
                assert_int_equal(gomoku_play(e, r.best.x, r.best.y), GOMOKU_OK);
            }
            gomoku_free(e);
        }
}

/* Renju: black's two open twos cross at 8,7, a double-three point, forbidden to black (in
 * freestyle the search plays it). The search (the fractional one in renju) must answer
 * with a legal cell however deep it reads (black wins here another way, by a VCT), and
 * the same cell stays forbidden after the search. */
static void test_renju_black_search_leaves_out_a_double_three_point(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "6,7 1,1 7,7 13,1 8,5 1,13 8,6 13,13");
    gomoku_forbid why;
    assert_int_equal(gomoku_forbidden(&why, e, 8, 7), GOMOKU_OK);
    assert_int_equal(why, GOMOKU_FORBID_DOUBLE_THREE);
    for (int depth = 2; depth <= 10; depth += 4) {
        gomoku_limits l = depth_limits(depth);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_false(r.best.x == 8 && r.best.y == 7);
        assert_int_equal(gomoku_forbidden(&why, e, r.best.x, r.best.y), GOMOKU_OK);
        assert_int_equal(why, GOMOKU_FORBID_NONE);
    }
    assert_int_equal(gomoku_forbidden(&why, e, 8, 7), GOMOKU_OK);
    assert_int_equal(why, GOMOKU_FORBID_DOUBLE_THREE);
    gomoku_free(e);
}

/* Renju: a full board but one cell, which is an overline for black, to move (the end of a
 * 1 s game against the reference engine). Black has no legal move; the search still
 * answers with that cell, and its value is the loss the forbidden move brings, not a win
 * (the search once took every finished game for a five of the side that had just moved). */
static void test_renju_black_with_only_a_forbidden_cell_is_lost(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU,
        "9,9 6,6 6,5 7,5 5,7 8,6 7,6 8,7 9,7 9,5 8,5 10,4 11,3 9,4 9,6 10,7 8,4 10,5 "
        "10,6 11,6 9,8 9,10 12,7 6,8 7,7 11,5 8,3 9,2 8,2 8,1 11,4 6,10 9,3 10,3 6,9 "
        "7,10 8,10 7,11 7,12 4,8 5,9 5,8 3,8 8,9 7,8 4,11 4,7 3,7 2,9 5,6 4,10 5,11 "
        "3,11 2,10 4,12 3,9 12,5 12,6 10,2 5,3 9,1 6,4 4,2 13,5 5,2 2,6 4,6 3,5 4,4 "
        "1,5 0,4 3,2 3,4 2,5 0,5 2,4 2,7 10,10 1,11 1,12 9,11 6,3 2,3 11,10 10,11 "
        "13,7 14,8 11,11 12,10 12,0 4,5 12,12 11,12 8,12 1,8 5,4 6,11 3,3 8,0 12,4 "
        "7,3 13,6 13,4 2,1 0,9 3,6 1,0 11,9 11,8 1,10 9,0 11,13 6,2 7,2 9,13 10,0 "
        "0,10 2,12 13,9 4,0 0,3 0,2 14,10 12,8 14,6 2,11 14,4 4,13 3,12 3,10 4,9 1,6 "
        "11,2 12,3 2,14 5,12 6,13 5,14 5,13 14,13 13,13 12,2 12,1 1,2 13,3 11,0 14,0 "
        "3,1 1,3 7,14 6,1 4,1 1,1 6,14 8,14 14,12 11,14 7,0 14,14 11,1 8,13 7,13 6,0 "
        "14,3 12,11 13,10 6,12 4,14 3,14 9,14 2,0 0,11 8,8 10,8 14,5 14,7 0,7 0,6 "
        "12,14 10,14 13,2 13,0 5,0 2,13 1,14 3,13 1,13 0,14 5,1 7,4 2,2 7,9 0,8 0,13 "
        "10,1 0,0 13,1 0,12 1,4 3,0 7,1 13,12 14,1 10,9 6,7 14,9 1,7 14,2 13,8 12,9 "
        "12,13 5,5 0,1 9,12 11,7 13,14 10,13 8,11 2,8 10,12 13,11 1,9 14,11 4,3");
    assert_int_equal(gomoku_move_count(e), 224);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_BLACK);
    gomoku_forbid why;
    assert_int_equal(gomoku_forbidden(&why, e, 5, 10), GOMOKU_OK);
    assert_int_equal(why, GOMOKU_FORBID_OVERLINE);
    for (int depth = 2; depth <= 6; depth += 2) {
        gomoku_limits l = depth_limits(depth);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_int_equal(r.best.x, 5);
        assert_int_equal(r.best.y, 10);
        assert_true(GOMOKU_SCORE_IS_LOSS(r.score));
    }
    assert_int_equal(gomoku_play(e, 5, 10), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

static void test_wins_in_one(void **state)
{
    (void)state;
    /* Black has four in a row 5..8 on row 7, both ends open; white elsewhere. */
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "5,7 5,9 6,7 6,9 7,7 7,9 8,7 9,10");
    gomoku_limits l = depth_limits(6);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true((r.best.x == 4 || r.best.x == 9) && r.best.y == 7);
    assert_int_equal(r.score, GOMOKU_SCORE_WIN - 1);
    gomoku_free(e);
}

/* The search of renju's position where white must block black's four at 9,9. */
static gomoku_search_result search_the_block(const gomoku_limits *l)
{
    gomoku_engine *e =
        test_engine(15, GOMOKU_RENJU, "5,9 4,9 6,9 7,3 7,9 11,3 8,9 7,12 0,14");
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, l), GOMOKU_OK);
    assert_int_equal(r.best.x, 9);
    assert_int_equal(r.best.y, 9);
    gomoku_free(e);
    return r;
}

static void test_blocks_a_four(void **state)
{
    (void)state;
    /* Renju: black threatens five at 9,9 (black 5..8 on row 9, 4,9 blocked by white);
     * white has nothing better than to block. The block is the root's single move, and
     * with a depth limit it is searched to that depth (see the next test). */
    gomoku_limits l = depth_limits(6);
    gomoku_search_result r = search_the_block(&l);
    assert_int_equal(r.depth, 6);
    assert_true(r.pv_length >= 2);
}

/* A single move left at the root (here the block of a four): on a clock it is played at
 * once (renju's white and caro; see the next test for the other rules); with depth
 * (test_blocks_a_four) or node limits only it is searched to them, so that its score is
 * as deep as any other search's. */
static void test_a_single_move_is_searched_to_the_limits(void **state)
{
    (void)state;
    gomoku_limits l = depth_limits(0);
    l.nodes = 30000;
    gomoku_search_result r = search_the_block(&l);
    assert_true(r.depth > 1);

    l = depth_limits(0);
    l.time_ms = 5000;
    r = search_the_block(&l);
    assert_int_equal(r.depth, 1);
    assert_true(r.nodes < 1000); /* at once (four nodes): counted, not clocked */
}

/* Freestyle, standard and renju's black with a time per move search a single move for
 * that time, as any other position (the table it fills is the next move's); on a game
 * clock it is played at once, after the first iteration (depth 2 in these rules). */
static void single_move_searched_for_its_time(gomoku_rule rule)
{
    /* Black must block white's four at 9,9, and the game goes on (no forced result). */
    gomoku_engine *e = test_engine(15, rule, "4,9 5,9 6,10 6,9 7,10 7,9 9,8 8,9");
    gomoku_limits l = depth_limits(0); /* no depth limit: the clock ends the search */
    l.time_ms = 300;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(r.best.x == 9 && r.best.y == 9);
    assert_true(r.depth > 2);
    assert_true(r.time_ms >= 150);

    l = depth_limits(0);
    l.time_left_ms = 10000;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(r.best.x == 9 && r.best.y == 9);
    assert_int_equal(r.depth, 2);
    /* At once: a handful of nodes (seven); a node count, not the clock, which a
     * sanitizer on a busy machine stretches past any bound. */
    assert_true(r.nodes < 1000);
    gomoku_free(e);
}

static void test_a_single_move_is_searched_for_its_time(void **state)
{
    (void)state;
    single_move_searched_for_its_time(GOMOKU_FREESTYLE);
    single_move_searched_for_its_time(GOMOKU_STANDARD);
    single_move_searched_for_its_time(GOMOKU_RENJU);
}

static void test_plays_own_five_before_blocking(void **state)
{
    (void)state;
    /* Both sides have a four; the side to move (black) must win rather than block. */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "3,3 3,10 4,3 4,10 5,3 5,10 6,3 6,10");
    gomoku_limits l = depth_limits(4);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(r.best.y == 3 && (r.best.x == 2 || r.best.x == 7));
    assert_true(GOMOKU_SCORE_IS_WIN(r.score));
    gomoku_free(e);
}

static void test_finds_four_three(void **state)
{
    (void)state;
    /* Black has a three on row 7 (5..7, blocked at 4,7 by white) and 8,4 8,5 on column 8:
     * 8,7 makes a four on the row and the open three 8,4 8,5 _ 8,7 on the column, a
     * four-three that wins once white has blocked the four. */
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "5,7 4,7 6,7 1,1 7,7 1,13 8,4 13,1 8,5 13,13");
    gomoku_limits l = depth_limits(6);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(GOMOKU_SCORE_IS_WIN(r.score));
    /* Play it out: the win must be real against any defence the search proposes. */
    for (int i = 0; i < 12 && gomoku_state_of(e) == GOMOKU_ONGOING; i++) {
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_int_equal(gomoku_play(e, r.best.x, r.best.y), GOMOKU_OK);
    }
    assert_int_equal(gomoku_state_of(e), GOMOKU_BLACK_WINS);
    gomoku_free(e);
}

static void test_makes_an_open_four_from_an_open_three(void **state)
{
    (void)state;
    /* Black has the open three 7,7 8,8 9,9 on the diagonal, white nothing near: 6,6 or
     * 10,10 makes an open four, a win in three plies. */
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "7,7 0,0 8,8 0,14 9,9 14,0 2,7 14,14 12,2 2,12");
    gomoku_limits l = depth_limits(4);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(GOMOKU_SCORE_IS_WIN(r.score));
    assert_true(GOMOKU_SCORE_WIN - r.score <= 5);
    gomoku_free(e);
}

static void test_answers_an_open_three(void **state)
{
    (void)state;
    /* White has the open three 6,9 7,9 8,9 (5,9 and 9,9 free, and beyond them too); black,
     * to move, has nothing forcing: it must stop the three at once, next to it at 5,9 or
     * 9,9; anything else, even the far ends 4,9 or 10,9, lets white make an open four. */
    gomoku_engine *e = test_engine(15, GOMOKU_STANDARD, "7,4 6,9 2,2 7,9 12,2 8,9");
    gomoku_limits l = depth_limits(5);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(r.best.y, 9);
    assert_true(r.best.x == 5 || r.best.x == 9);
    assert_false(GOMOKU_SCORE_IS_LOSS(r.score));
    gomoku_free(e);
}

/* The moves movegen.c generates for the side to move, below the root or (root) at it,
 * sorted as "x,y " text. */
static void generated_moves_at(gomoku_engine *e, char *out, size_t cap, int *forced, int root)
{
    board *b = &e->b;
    gomoku__box bx = gomoku__box_of_stones(b);
    int list[GOMOKU_MAX_CELLS];
    int n = root ? gomoku__generate_root(b, &bx, list, forced)
                 : gomoku__generate(b, &bx, list, forced);
    /* in reading order, so the text does not depend on the generator's order */
    out[0] = 0;
    size_t len = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            for (int i = 0; i < n; i++)
                if (list[i] == board_index(b, x, y))
                    len += (size_t)snprintf(out + len, cap - len, "%d,%d ", x, y);
}

static void generated_moves(gomoku_engine *e, char *out, size_t cap, int *forced)
{
    generated_moves_at(e, out, cap, forced, 0);
}

static void test_four_three_point_restricts_moves_to_its_defences(void **state)
{
    (void)state;
    /* White: 5,9 6,9 7,9 (black 4,9 closes the row on the left) and 8,6 8,7. White at 8,9
     * would make a four on row 9 and the open three 8,6 8,7 _ 8,9 on column 8: a
     * four-three point. Black (its other stones in the corners) has nothing forcing, so
     * its moves are exactly the cells that stop 8,9: 8,9 itself, 9,9 (the row's last free
     * cell: the four would be dead), and on the column 8,5, 8,8 and 8,10 (each leaves the
     * three unable to become an open four). 8,4 and 8,11 would not stop it: 8,6..8,9
     * would still be open at 8,5 and 8,10. */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE,
                                   "4,9 5,9 0,0 6,9 14,0 7,9 0,14 8,6 14,14 8,7");
    char got[512];
    int forced = 0;
    generated_moves(e, got, sizeof got, &forced);
    assert_true(forced);
    assert_string_equal(got, "8,5 8,8 8,9 9,9 8,10 ");
    /* The search plays one of them (white, with five stones together against four in the
     * corners, wins anyway: the search says so, and that does not matter here). */
    gomoku_limits l = depth_limits(5);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    char mv[16];
    snprintf(mv, sizeof mv, "%d,%d ", r.best.x, r.best.y);
    assert_non_null(strstr(got, mv));
    gomoku_free(e);
}

static void test_four_three_defences_making_the_block_a_four(void **state)
{
    (void)state;
    /* White's four-three point 8,9 as above; its four's five point is 9,9, where black
     * must block. Black's 9,11 9,12 on column 9: a black stone at 9,8, 9,10 or 9,13 would
     * make that block a four of black's, which wins the tempo back, so those cells defend
     * too, beside the five cells that stop 8,9 itself: the root lists them all; below the
     * root they are left out and the list says so (the search tries them when the others
     * all lose). */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE,
                                   "4,9 5,9 9,11 6,9 9,12 7,9 0,0 8,6 14,14 8,7");
    char got[512];
    int forced = 0;
    generated_moves_at(e, got, sizeof got, &forced, 1);
    assert_int_equal(forced, GEN_FORCED);
    assert_string_equal(got, "8,5 8,8 9,8 8,9 9,9 8,10 9,10 9,13 ");
    generated_moves(e, got, sizeof got, &forced);
    assert_int_equal(forced, GEN_FORCED_PARTIAL);
    assert_string_equal(got, "8,5 8,8 8,9 9,9 8,10 ");
    gomoku_free(e);
    /* With black's 9,10 as well the block at 9,9 is a four already: 8,9 threatens
     * nothing, and black's moves at the root are not restricted. */
    e = test_engine(15, GOMOKU_FREESTYLE, "4,9 5,9 9,11 6,9 9,12 7,9 9,10 8,6 14,14 8,7");
    generated_moves_at(e, got, sizeof got, &forced, 1);
    assert_int_equal(forced, GEN_FREE);
    generated_moves(e, got, sizeof got, &forced);
    assert_int_equal(forced, GEN_FORCED_PARTIAL);
    gomoku_free(e);
}

static void test_no_false_result_where_a_block_four_defends(void **state)
{
    (void)state;
    /* From a match (standard, white to move): black's h13 = 7,2 is a four-three point,
     * whose four white must block at 6,2. White's 9,5 makes its own open three through
     * 6,2, so that block becomes a four and white holds (the reference engine played it).
     * A defence list without such cells had every white move lost (a mate in 10 plies
     * within 40k nodes), which was false. */
    gomoku_engine *e = test_engine(15, GOMOKU_STANDARD,
                                   "7,5 8,5 8,9 6,4 7,4 7,3 8,2 8,7 6,5 5,6 9,2 8,4 8,6 4,6 "
                                   "10,2 11,2 10,4 10,3 8,3 10,1 9,4");
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.nodes = 300000;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_false(GOMOKU_SCORE_IS_LOSS(r.score));
    gomoku_free(e);
    /* Three plies earlier, black to move: the search below the root, which left such
     * defences out, had black's 8,3 winning in 13 plies, and we played it. */
    e = test_engine(15, GOMOKU_STANDARD,
                    "7,5 8,5 8,9 6,4 7,4 7,3 8,2 8,7 6,5 5,6 9,2 8,4 8,6 4,6 10,2 11,2 10,4 10,3");
    l.nodes = 1000000;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_false(GOMOKU_SCORE_IS_WIN(r.score));
    gomoku_free(e);
}

static void test_open_three_defences_include_the_far_ends_when_they_stop_it(void **state)
{
    (void)state;
    /* White's open three 6,9 7,9 8,9 with two free cells on each side: the open-four
     * points are 5,9 and 9,9, and a black stone at 4,9 or 10,9 stops one of them (the
     * four would be closed there), so the exact test lists all four cells. */
    gomoku_engine *e = test_engine(15, GOMOKU_STANDARD, "7,4 6,9 2,2 7,9 12,2 8,9");
    char got[512];
    int forced = 0;
    generated_moves(e, got, sizeof got, &forced);
    assert_true(forced);
    assert_string_equal(got, "4,9 5,9 9,9 10,9 ");
    gomoku_free(e);
}

/* "save" positions from shared/positions/tactics.txt: the side to move must stop a forced
 * win the opponent threatens (verified answer sets). Depth-limited, so deterministic. */
static void test_stops_threatened_wins(void **state)
{
    (void)state;
    static const struct {
        gomoku_rule rule;
        const char *moves;
        const char *answers;
    } cases[] = {
        {GOMOKU_STANDARD,
         "6,9 5,9 9,5 5,8 5,10 7,8 6,8 6,10 4,8 6,6 4,6 7,9 7,7 6,7 8,6 10,4 8,5 8,9 9,10 "
         "9,7 10,6 8,4 7,4 6,3 6,5 7,5 9,3 8,11 8,8 4,5 5,6",
         " 8,3 "},
        {GOMOKU_RENJU,
         "9,7 8,6 8,9 7,7 9,5 9,8 7,8 6,6 8,8 7,6 5,6 10,6 9,6 6,7 8,7 6,9 6,8 5,7 9,4 9,3 "
         "10,5 11,4 7,5 8,5 4,9 4,8 4,7 8,3 3,8 2,9 8,2 7,4 7,3 5,10 5,11 6,10 3,9 3,7",
         " 5,9 7,11 8,10 "},
        {GOMOKU_FREESTYLE,
         "9,5 5,5 8,9 7,4 8,6 6,5 5,6 6,7 6,6 7,6 7,5 8,5 9,4 5,4 4,3 6,4 8,4 9,3 6,3 7,3 "
         "4,6 8,2 9,1 10,4",
         " 3,6 5,7 7,1 "},
        {GOMOKU_RENJU,
         "7,10 5,8 4,8 5,9 6,7 3,9 5,7 6,9 7,9 4,9 2,9 6,8 4,10 7,7 7,8 3,10 8,10",
         " 2,11 8,6 8,9 9,10 "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gomoku_engine *e = test_engine(15, cases[i].rule, cases[i].moves);
        gomoku_limits l = depth_limits(6);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        char mv[16];
        snprintf(mv, sizeof mv, " %d,%d ", r.best.x, r.best.y);
        if (!strstr(cases[i].answers, mv))
            fail_msg("case %zu: played%s, answers%s", i, mv, cases[i].answers);
        gomoku_free(e);
    }
}

/* When the opponent threatens a forced win, the move played is never one that a
 * 1000-node VCT of the opponent refutes, even from a one-ply main search: the root filter
 * drops proven-lost moves first (its first round gives each move at least 1000 nodes) and
 * the final check of the chosen move would replace it. Where every move is lost the search
 * still answers with a legal move. */
static void test_moves_refuted_by_the_threat_search_are_not_played(void **state)
{
    (void)state;
    static const struct {
        gomoku_rule rule;
        const char *moves;
    } cases[] = {
        {GOMOKU_FREESTYLE, "5,5 8,5 7,8 6,8 5,7 5,6 7,7"},
        {GOMOKU_STANDARD, "7,9 4,10 10,7 4,11 7,7 7,10 6,10"},
        {GOMOKU_STANDARD, "7,5 8,5 7,7 9,6 7,4 7,6 6,6 6,7 5,8"},
        {GOMOKU_RENJU, "8,8 9,7 9,6 7,8 10,7 7,7 8,5 7,4 10,8"},
        /* White's crossing twos with black's stones far away: every move loses. */
        {GOMOKU_FREESTYLE, "3,3 7,7 3,11 8,7 11,11 9,5 11,3 9,6"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gomoku_engine *e = test_engine(15, cases[i].rule, cases[i].moves);
        gomoku_threat_result th;
        gomoku_limits l = depth_limits(1);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
        assert_int_equal(gomoku_play(e, r.best.x, r.best.y), GOMOKU_OK);
        assert_int_equal(gomoku_vct(&th, e, 1000, 0), GOMOKU_OK);
        if (i < 4 && th.found)
            fail_msg("case %zu: played %d,%d, which a 1000-node VCT refutes", i, r.best.x,
                     r.best.y);
        gomoku_free(e);
    }
}

static void test_time_limit_respected(void **state)
{
    (void)state;
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6 6,8 9,7 7,9 5,6 10,9");
    int calls = test_quick() ? 3 : 10;
    for (int i = 0; i < calls; i++) {
        gomoku_limits l;
        gomoku_limits_init(&l);
        l.depth = 0;
        l.time_ms = 50;
        gomoku_search_result r;
        double t0 = wall_ms();
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        double took = wall_ms() - t0;
        /* generous margin: the machine may be busy (and far slower under valgrind) */
        assert_true(took < 50 + (test_quick() ? 3000 : 400));
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    }
    /* A game clock alone bounds the search too. */
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0;
    l.time_left_ms = 1000;
    gomoku_search_result r;
    double t0 = wall_ms();
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(wall_ms() - t0 < 1000 + (test_quick() ? 3000 : 0));
    gomoku_free(e);
}

/* The plan of a game clock (gomoku__clock_plan()): a share of the time left over the
 * moves still expected (20 at the start, one fewer every four stones, never fewer than
 * 8) before no new iteration starts, and up to four shares for an unstable move, never
 * past a quarter of the time left (less a margin) nor a time per move given with it. */
static void test_a_game_clock_is_spread_over_the_moves_expected(void **state)
{
    (void)state;
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.time_left_ms = 10000;
    gomoku__clock c;
    gomoku__clock_plan(&c, 0, &l, 0, 15); /* 20 moves expected: 500 ms a share */
    assert_true(fabs(c.soft_ms - 500) < 1e-9);
    assert_true(fabs(c.hard_ms - (4 * 500 - 50)) < 1e-9);
    gomoku__clock_plan(&c, 0, &l, 40, 15); /* 10 moves: a share of 1000, a quarter caps */
    assert_true(fabs(c.soft_ms - 1000) < 1e-9);
    assert_true(fabs(c.hard_ms - (10000 / 4 - 50)) < 1e-9);
    gomoku__clock_plan(&c, 0, &l, 120, 15); /* never fewer than 8 moves */
    assert_true(fabs(c.soft_ms - 10000 / 8.0) < 1e-9);
    assert_true(c.hard_ms <= 10000 / 4.0);
    l.time_left_ms = 1000;
    gomoku__clock_plan(&c, 0, &l, 0, 15); /* the margin is 2% of a short clock */
    assert_true(fabs(c.soft_ms - 50) < 1e-9);
    assert_true(fabs(c.hard_ms - (200 - 20)) < 1e-9);
    l.time_ms = 100; /* a time per move as well: the lower limit holds */
    gomoku__clock_plan(&c, 0, &l, 0, 15);
    assert_true(fabs(c.hard_ms - (100 - 5)) < 1e-9);
    assert_true(c.soft_ms <= c.hard_ms);
    /* An unstable best move may go on past the share, a stable one not. */
    l.time_ms = 0;
    l.time_left_ms = 10000;
    gomoku__clock_plan(&c, 0, &l, 0, 15);
    assert_false(gomoku__clock_another_iteration(&c, 400, 0));
    assert_true(gomoku__clock_another_iteration(&c, 400, 4));
}

/* Hundreds of timed searches, of 2 to 50 ms each and on a game clock, in the positions of
 * games they play themselves under every rule (openings, threats, forced wins; a new
 * game every 60 moves at most): none may run past its limit by more than a small margin,
 * the main search using its whole time and the final threat check included. */
static void test_time_limit_respected_over_hundreds_of_calls(void **state)
{
    (void)state;
    static const int per_move[] = {2, 5, 10, 20, 50};
    const gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU, GOMOKU_CARO};
    const int sizes[] = {15, 9, 15, 20};
    int calls = test_quick() ? 40 : 300;
    /* Generous for a busy machine (far more under valgrind); the engine's own margin is
     * part of the limit. */
    double margin = test_quick() ? 3000 : 40;
    double worst = -1e9;
    gomoku_engine *e = NULL;
    int game = 0;
    for (int i = 0; i < calls; i++) {
        if (!e || gomoku_state_of(e) != GOMOKU_ONGOING || gomoku_move_count(e) >= 60) {
            gomoku_free(e);
            e = test_engine(sizes[game % 4], rules[game % 4], NULL);
            game++;
        }
        gomoku_limits l;
        gomoku_limits_init(&l);
        l.depth = 0;
        int limit;
        if (i % 7 == 6) {
            /* A game clock alone: the search takes a share of it, never more than all. */
            l.time_left_ms = 200;
            limit = 200;
        } else {
            l.time_ms = per_move[i % 5];
            limit = l.time_ms;
        }
        gomoku_search_result r;
        double t0 = wall_ms();
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        double over = wall_ms() - t0 - limit;
        if (over > margin) {
            /* A virtual machine with both cores busy can take a running thread off its
             * core for about 100 ms (docs/strength.md, seventy-third session), which no
             * search can help. The same search again tells that apart from a search that
             * overruns: it overruns again; a stall every few seconds does not recur. */
            print_message("call %d (%d ms): %.1f ms over the limit, searched again\n", i,
                          limit, over);
            t0 = wall_ms();
            assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
            over = wall_ms() - t0 - limit;
        }
        if (over > worst)
            worst = over;
        if (over > margin)
            fail_msg("call %d (%d ms, move %d of game %d): %.1f ms over the limit, twice", i,
                     limit, gomoku_move_count(e), game, over);
        assert_int_equal(gomoku_play(e, r.best.x, r.best.y), GOMOKU_OK);
    }
    gomoku_free(e);
    print_message("%d timed searches in %d games, at most %.1f ms past the limit\n", calls,
                  game, worst);
}

struct stopper {
    gomoku_engine *e;
    int delay_ms;
};

static void *stop_later(void *arg)
{
    struct stopper *s = arg;
    struct timespec ts = {s->delay_ms / 1000, (long)(s->delay_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    gomoku_stop(s->e);
    return NULL;
}

static void test_stop_from_another_thread_returns_promptly(void **state)
{
    (void)state;
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6 6,8 9,7 7,9 5,6 10,9");
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0; /* no limit at all: only gomoku_stop ends it */
    struct stopper s = {e, 100};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, stop_later, &s), 0);
    gomoku_search_result r;
    double t0 = wall_ms();
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    double took = wall_ms() - t0;
    pthread_join(th, NULL);
    assert_true(took < 100 + (test_quick() ? 5000 : 900));
    assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    /* stop() without a search is a no-op, and the next search is not affected by it: it
     * gives what the same search gives on an engine that was never stopped (black has a
     * 7-ply VCT here, which the root VCT of a depth-2 search used to prove at once;
     * freestyle's search has none now and reports its depth-2 value) */
    gomoku_stop(e);
    gomoku_stop(NULL);
    gomoku_limits d = depth_limits(2);
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    assert_int_equal(gomoku_search(&r, e, &d), GOMOKU_OK);
    gomoku_engine *fresh = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6 6,8 9,7 7,9 5,6 10,9");
    gomoku_search_result f;
    assert_int_equal(gomoku_search(&f, fresh, &d), GOMOKU_OK);
    assert_int_equal(f.depth, 2);
    assert_int_equal(r.score, f.score);
    assert_int_equal(r.depth, f.depth);
    assert_int_equal(r.best.x, f.best.x);
    assert_int_equal(r.best.y, f.best.y);
    assert_true(r.nodes == f.nodes);
    gomoku_free(fresh);
    gomoku_free(e);
}

static void test_one_thread_is_deterministic(void **state)
{
    (void)state;
    gomoku_engine *e =
        test_engine(15, GOMOKU_STANDARD, "7,7 8,8 8,6 6,8 9,7 7,9 5,6 10,9 6,6");
    gomoku_limits l = depth_limits(5);
    gomoku_search_result a, b, c;
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    assert_int_equal(gomoku_search(&a, e, &l), GOMOKU_OK);
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    assert_int_equal(gomoku_search(&b, e, &l), GOMOKU_OK);
    assert_int_equal(a.best.x, b.best.x);
    assert_int_equal(a.best.y, b.best.y);
    assert_true(a.nodes == b.nodes);
    assert_int_equal(a.score, b.score);
    /* node limits too */
    gomoku_limits n;
    gomoku_limits_init(&n);
    n.depth = 0;
    n.nodes = 20000;
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    assert_int_equal(gomoku_search(&a, e, &n), GOMOKU_OK);
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    assert_int_equal(gomoku_search(&c, e, &n), GOMOKU_OK);
    assert_true(a.nodes == c.nodes);
    assert_true(a.nodes <= 20000 + 1);
    assert_int_equal(a.best.x, c.best.x);
    assert_int_equal(a.best.y, c.best.y);
    gomoku_free(e);
}

static void test_hash_never_exceeds_its_size(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8");
    assert_true(gomoku_hash_bytes(e) > 0);
    assert_true(gomoku_hash_bytes(e) <= 16LL << 20);
    int sizes[] = {1, 2, 3, 5, 7, 16, 33};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(gomoku_set_hash_size(e, sizes[i]), GOMOKU_OK);
        long long bytes = gomoku_hash_bytes(e);
        assert_true(bytes > 0);
        assert_true(bytes <= (long long)sizes[i] << 20);
        assert_true(bytes > ((long long)sizes[i] << 20) / 2); /* and not wastefully small */
        gomoku_limits l = depth_limits(3);
        gomoku_search_result r;
        assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
        assert_true(gomoku_hash_bytes(e) == bytes);
    }
    assert_int_equal(gomoku_set_hash_size(e, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_hash_size(e, 65537), GOMOKU_EINVAL);
    assert_int_equal(gomoku_set_hash_size(NULL, 4), GOMOKU_EINVAL);
    assert_true(gomoku_hash_bytes(NULL) < 0);
    assert_int_equal(gomoku_clear_hash(NULL), GOMOKU_EINVAL);
    gomoku_free(e);
}

static void test_tt_mate_scores_are_relative_to_the_node(void **state)
{
    (void)state;
    struct tt *tt = gomoku__tt_new(1);
    assert_non_null(tt);
    tt_hit h;
    /* A win in 5 plies from a node at ply 3 is a win at ply 8 from that root... */
    gomoku__tt_store(tt, 0x1234567890abcdefULL, 3, 77, GOMOKU_SCORE_WIN - 8, 11, 6, TT_EXACT, 0);
    assert_int_equal(gomoku__tt_probe(tt, 0x1234567890abcdefULL, 7, &h), 1);
    /* ...and the same position met at ply 7 wins at ply 12. */
    assert_int_equal(h.score, GOMOKU_SCORE_WIN - 12);
    assert_int_equal(h.move, 77);
    assert_int_equal(h.eval, 11);
    assert_int_equal(h.depth, 6);
    assert_int_equal(h.bound, TT_EXACT);
    gomoku__tt_store(tt, 0x1111ULL << 32, 2, 5, -(GOMOKU_SCORE_WIN - 6), -3, 4, TT_UPPER, 1);
    assert_int_equal(gomoku__tt_probe(tt, 0x1111ULL << 32, 0, &h), 1);
    assert_int_equal(h.score, -(GOMOKU_SCORE_WIN - 4));
    assert_int_equal(h.bound, TT_UPPER);
    assert_int_equal(gomoku__tt_probe(tt, 0x2222ULL << 32, 0, &h), 0);
    gomoku__tt_clear(tt);
    assert_int_equal(gomoku__tt_probe(tt, 0x1234567890abcdefULL, 7, &h), 0);
    gomoku__tt_free(tt);
}

/* The depth byte holds seven bits of depth and the pv flag: neither spills into the other,
 * and a "no static value" eval comes back as stored. */
static void test_tt_keeps_the_pv_flag_apart_from_the_depth(void **state)
{
    (void)state;
    struct tt *tt = gomoku__tt_new(1);
    assert_non_null(tt);
    tt_hit h;
    gomoku__tt_store(tt, 0x3333ULL << 32, 0, 9, 120, TT_EVAL_NONE, 127, TT_LOWER, 1);
    assert_int_equal(gomoku__tt_probe(tt, 0x3333ULL << 32, 0, &h), 1);
    assert_int_equal(h.depth, 127);
    assert_int_equal(h.pv, 1);
    assert_int_equal(h.eval, TT_EVAL_NONE);
    assert_int_equal(h.bound, TT_LOWER);
    gomoku__tt_store(tt, 0x4444ULL << 32, 0, 9, 120, 7, 200, TT_EXACT, 0);
    assert_int_equal(gomoku__tt_probe(tt, 0x4444ULL << 32, 0, &h), 1);
    assert_int_equal(h.depth, 127); /* capped, not wrapped into the flag */
    assert_int_equal(h.pv, 0);
    gomoku__tt_store(tt, 0x4444ULL << 32, 0, 9, 130, 7, 3, TT_EXACT, 1);
    assert_int_equal(gomoku__tt_probe(tt, 0x4444ULL << 32, 0, &h), 1);
    assert_int_equal(h.depth, 3);
    assert_int_equal(h.pv, 1);
    assert_int_equal(h.score, 130);
    gomoku__tt_free(tt);
}

static int progress_calls;
static int progress_first_depth;
static int progress_last_depth;
static void on_progress(const gomoku_search_info *info, void *payload)
{
    int *ok = payload;
    progress_calls++;
    if (progress_last_depth == 0)
        progress_first_depth = info->depth;
    else if (info->depth != progress_last_depth + 1)
        *ok = 0;
    if (info->pv_length < 1 || info->nodes <= 0)
        *ok = 0;
    progress_last_depth = info->depth;
}

/* One report after each iteration, from the first (depth 1; the search of freestyle,
 * standard and renju's black starts at depth 2) to the limit. */
static void progress_in_rule(gomoku_rule rule, const char *moves, int first)
{
    gomoku_engine *e = test_engine(15, rule, moves);
    int ok = 1;
    progress_calls = 0;
    progress_first_depth = 0;
    progress_last_depth = 0;
    assert_int_equal(gomoku_set_progress_callback(e, on_progress, &ok), GOMOKU_OK);
    gomoku_limits l = depth_limits(4);
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(progress_first_depth, first);
    assert_int_equal(progress_last_depth, 4);
    assert_int_equal(progress_calls, 4 - first + 1);
    assert_int_equal(ok, 1);
    assert_int_equal(gomoku_set_progress_callback(e, NULL, NULL), GOMOKU_OK);
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(progress_calls, 4 - first + 1);
    assert_int_equal(gomoku_set_progress_callback(NULL, NULL, NULL), GOMOKU_EINVAL);
    gomoku_free(e);
}

static void test_progress_called_after_every_iteration(void **state)
{
    (void)state;
    progress_in_rule(GOMOKU_FREESTYLE, "7,7 8,8 8,6 6,8", 2);
    progress_in_rule(GOMOKU_STANDARD, "7,7 8,8 8,6 6,8", 2);
    progress_in_rule(GOMOKU_RENJU, "7,7 8,8 8,6 6,8", 2);
    progress_in_rule(GOMOKU_RENJU, "7,7 8,8 8,6 6,8 9,7", 1);
}

static void busy_probe(const gomoku_search_info *info, void *payload)
{
    (void)info;
    int *codes = payload;
    gomoku_engine *e = *(gomoku_engine **)(codes + 8);
    gomoku_limits l = depth_limits(1);
    gomoku_search_result r;
    codes[0] = gomoku_search(&r, e, &l);
    codes[1] = gomoku_play(e, 0, 0);
    codes[2] = gomoku_set_hash_size(e, 2);
    codes[3] = gomoku_clear_hash(e);
    codes[4] = gomoku_set_progress_callback(e, NULL, NULL);
}

/* The ABI promise (gomoku.h, OPTIONS): a program built against an older header passes its
 * own gomoku_limits, of its version's size, and the search reads only that version's
 * fields. limits_v1 is the layout of version 1 as the first header declared it. It is
 * passed in a heap block of exactly its size, so that a read past its end is an error
 * under the sanitizers and valgrind once the struct has grown. */
typedef struct limits_v1 {
    unsigned version;
    int time_ms;
    int time_left_ms;
    int depth;
    long long nodes;
    int threads;
} limits_v1;

static void test_search_reads_an_older_limits_layout(void **state)
{
    (void)state;
    /* The fields of version 1 never move. */
    assert_int_equal(offsetof(gomoku_limits, version), offsetof(limits_v1, version));
    assert_int_equal(offsetof(gomoku_limits, time_ms), offsetof(limits_v1, time_ms));
    assert_int_equal(offsetof(gomoku_limits, time_left_ms), offsetof(limits_v1, time_left_ms));
    assert_int_equal(offsetof(gomoku_limits, depth), offsetof(limits_v1, depth));
    assert_int_equal(offsetof(gomoku_limits, nodes), offsetof(limits_v1, nodes));
    assert_int_equal(offsetof(gomoku_limits, threads), offsetof(limits_v1, threads));
    assert_true(sizeof(gomoku_limits) >= sizeof(limits_v1));
    const char *moves = "7,7 8,8 8,6 6,8 9,7";
    limits_v1 *old = malloc(sizeof *old);
    assert_non_null(old);
    /* Its padding is garbage, where a later version has fields (multipv): they must not
     * be read. */
    memset(old, 0xff, sizeof *old);
    old->version = 1;
    old->time_ms = 0;
    old->time_left_ms = 0;
    old->depth = 4;
    old->nodes = 0;
    old->threads = 1;
    gomoku_engine *e1 = test_engine(15, GOMOKU_FREESTYLE, moves);
    gomoku_search_result a, b;
    assert_int_equal(gomoku_search(&a, e1, (const gomoku_limits *)(const void *)old), GOMOKU_OK);
    /* the same search as with today's struct, on a fresh engine (a fresh table) */
    gomoku_engine *e2 = test_engine(15, GOMOKU_FREESTYLE, moves);
    gomoku_limits l = depth_limits(4);
    assert_int_equal(gomoku_search(&b, e2, &l), GOMOKU_OK);
    assert_int_equal(a.best.x, b.best.x);
    assert_int_equal(a.best.y, b.best.y);
    assert_int_equal(a.score, b.score);
    assert_int_equal(a.depth, 4);
    assert_true(a.nodes == b.nodes);
    /* a version the library does not know: neither 0 nor one newer than its own */
    old->version = 0;
    assert_int_equal(gomoku_search(&a, e1, (const gomoku_limits *)(const void *)old),
                     GOMOKU_EVERSION);
    old->version = GOMOKU_LIMITS_VERSION + 1;
    assert_int_equal(gomoku_search(&a, e1, (const gomoku_limits *)(const void *)old),
                     GOMOKU_EVERSION);
    assert_int_equal(gomoku_move_count(e1), 5);
    free(old);
    gomoku_free(e1);
    gomoku_free(e2);
}

static void test_errors_and_position_unchanged(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6");
    gomoku_search_result r;
    gomoku_limits l = depth_limits(2);
    assert_int_equal(gomoku_search(NULL, e, &l), GOMOKU_EINVAL);
    assert_int_equal(gomoku_search(&r, NULL, &l), GOMOKU_EINVAL);
    assert_int_equal(gomoku_search(&r, e, NULL), GOMOKU_EINVAL);
    gomoku_limits bad = l;
    bad.version = 99;
    assert_int_equal(gomoku_search(&r, e, &bad), GOMOKU_EVERSION);
    bad = l;
    bad.time_ms = -1;
    assert_int_equal(gomoku_search(&r, e, &bad), GOMOKU_EINVAL);
    bad = l;
    bad.depth = -3;
    assert_int_equal(gomoku_search(&r, e, &bad), GOMOKU_EINVAL);
    bad = l;
    bad.threads = -1;
    assert_int_equal(gomoku_search(&r, e, &bad), GOMOKU_EINVAL);
    bad = l;
    bad.nodes = -5;
    assert_int_equal(gomoku_search(&r, e, &bad), GOMOKU_EINVAL);

    uint64_t h = gomoku_hash(e);
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(gomoku_hash(e) == h);
    assert_int_equal(gomoku_move_count(e), 3);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);

    /* EBUSY: calls made from the progress callback while the search runs */
    int codes[8 + sizeof(gomoku_engine *) / sizeof(int) + 1];
    memset(codes, 0, sizeof codes);
    *(gomoku_engine **)(codes + 8) = e;
    assert_int_equal(gomoku_set_progress_callback(e, busy_probe, codes), GOMOKU_OK);
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(codes[0], GOMOKU_EBUSY);
    assert_int_equal(codes[1], GOMOKU_EBUSY);
    assert_int_equal(codes[2], GOMOKU_EBUSY);
    assert_int_equal(codes[3], GOMOKU_EBUSY);
    assert_int_equal(codes[4], GOMOKU_EBUSY);
    assert_int_equal(gomoku_set_progress_callback(e, NULL, NULL), GOMOKU_OK);
    assert_true(gomoku_hash(e) == h);

    /* EGAMEOVER */
    gomoku_engine *w = test_engine(15, GOMOKU_FREESTYLE, "0,0 0,1 1,0 1,1 2,0 2,1 3,0 3,1 4,0");
    assert_int_equal(gomoku_state_of(w), GOMOKU_BLACK_WINS);
    assert_int_equal(gomoku_search(&r, w, &l), GOMOKU_EGAMEOVER);
    gomoku_free(w);
    gomoku_free(e);
}

static void test_several_threads_return_a_legal_move(void **state)
{
    (void)state;
    gomoku_engine *e =
        test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6 6,8 9,7 7,9 5,6 10,9");
    gomoku_limits l = depth_limits(5);
    l.threads = 2;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    assert_true(r.nodes > 0);
    assert_int_equal(gomoku_move_count(e), 8);
    /* and a win in one is still found with threads */
    gomoku_engine *w =
        test_engine(15, GOMOKU_FREESTYLE, "5,7 5,9 6,7 6,9 7,7 7,9 8,7 9,10");
    assert_int_equal(gomoku_search(&r, w, &l), GOMOKU_OK);
    assert_true((r.best.x == 4 || r.best.x == 9) && r.best.y == 7);
    gomoku_free(w);
    gomoku_free(e);
}

/* r reports a proven win (a threat line, not an iteration's score) whose line, played
 * out on e, ends the game with `winner`. */
static void assert_proven_win(gomoku_engine *e, const gomoku_search_result *r, int winner)
{
    assert_true(GOMOKU_SCORE_IS_WIN(r->score));
    assert_int_equal(r->depth, 1);
    assert_true(r->pv_length >= 5 && r->pv_length % 2 == 1);
    assert_int_equal(r->pv[0].x, r->best.x);
    assert_int_equal(r->pv[0].y, r->best.y);
    for (int i = 0; i < r->pv_length; i++)
        assert_int_equal(gomoku_play(e, r->pv[i].x, r->pv[i].y), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), winner);
}

/* A 19-ply freestyle win of black's (tactics.txt, line 29: every winning first move is
 * 8,4, 8,8 or 9,9) takes the solver about 100k nodes; a 19-ply renju win of white's (line
 * 41: 6,6, 6,7, 9,7 or 11,9) about 135k.
 * With two threads the main thread's root VCT proves it, as with one, while the Lazy SMP
 * helper searches; from three threads (ROOTTHREAT_WORKER_FROM) thread 1 looks for it on
 * the whole clock while thread 0 searches, and the root VCT of the main thread does not
 * run, so the proof comes from the worker. Either way its line is played out and must
 * end in the mover's five. The search of freestyle, standard and renju's black has no
 * root VCT, so the main thread's proof is tested with renju's white. */
struct forced_win {
    gomoku_rule rule;
    int winner;
    const char *moves;
    int stones;
    int nanswers;
    gomoku_point answers[4]; /* every winning first move */
};

static const struct forced_win FREESTYLE_WIN = {
    GOMOKU_FREESTYLE, GOMOKU_BLACK_WINS,
    "5,5 8,5 7,8 6,8 5,7 5,6 7,7 7,6 6,6 4,4 4,8 3,9 6,4 6,7", 14, 3, {{8, 4}, {8, 8}, {9, 9}}};
static const struct forced_win RENJU_WIN = {
    GOMOKU_RENJU, GOMOKU_WHITE_WINS, "4,5 6,8 5,9 5,10 7,10 8,8 7,8 7,9 8,10 6,10 5,11", 11, 4,
    {{6, 6}, {6, 7}, {9, 7}, {11, 9}}};

static void proven_win_with_threads(int threads, const struct forced_win *w)
{
    gomoku_engine *e = test_engine(15, w->rule, w->moves);
    gomoku_limits l;
    gomoku_limits_init(&l);
    /* A proof returns long before the clock: natively in about 0.1 s, under valgrind
     * (which runs the threads in turn) in 1 to 13 s, depending on how it schedules
     * them. */
    l.time_ms = 60000;
    l.threads = threads;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(r.time_ms < l.time_ms / 2);
    int winning = 0;
    for (int i = 0; i < w->nanswers; i++)
        winning |= r.best.x == w->answers[i].x && r.best.y == w->answers[i].y;
    assert_true(winning);
    assert_int_equal(gomoku_move_count(e), w->stones);
    assert_proven_win(e, &r, w->winner);
    gomoku_free(e);
}

static void test_two_threads_report_the_main_threads_proven_win(void **state)
{
    (void)state;
    proven_win_with_threads(2, &RENJU_WIN);
}

static void test_three_threads_report_the_workers_proven_win(void **state)
{
    (void)state;
    proven_win_with_threads(3, &FREESTYLE_WIN);
}

/* One thread on a clock: a root VCT whose budget runs out goes on between the main
 * search's iterations. Renju's white (the search of freestyle, standard and renju's black
 * has no root VCT): its 19-ply win of tactics.txt line 44 (2,6, 3,10 or 4,4) takes the
 * solver about 2.0M nodes, and at 3 s renju's root VCT's first budget is about 1.49M
 * (ROOT_VCT_PER_MS_RENJU), so the win is proven only when the VCT goes on. If the main
 * search gets there first, the win is its own (its score a win, its first move the
 * winning one); otherwise the VCT's line is played out to the five. Needs the core at
 * full speed: not under valgrind or the sanitizers. */
static void test_one_thread_goes_on_with_a_root_vct_that_ran_out(void **state)
{
    (void)state;
    if (getenv("GOMOKU_QUICK") || getenv("GOMOKU_SANITIZED"))
        skip();
    const char *moves = "9,7 8,6 8,9 7,7 9,5 9,8 7,8 6,6 8,8 7,6 5,6 10,6 9,6 6,7 8,7 6,9 "
                        "6,8 5,7 9,4 9,3 10,5 11,4 7,5 8,5 4,9 4,8 4,7 8,3 3,8 2,9 8,2 7,4 "
                        "7,3 5,10 5,11 6,10 3,9 3,7 7,11 8,11 6,12 4,10 7,10 2,8 2,7 5,5 4,6";
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, moves);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.time_ms = 3000;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_true(r.time_ms < l.time_ms);
    assert_true(r.nodes > 1490000);
    assert_true((r.best.x == 2 && r.best.y == 6) || (r.best.x == 3 && r.best.y == 10) ||
                (r.best.x == 4 && r.best.y == 4));
    if (r.depth > 1) {
        assert_true(GOMOKU_SCORE_IS_WIN(r.score));
        assert_true(r.pv_length >= 1);
        assert_int_equal(r.pv[0].x, r.best.x);
        assert_int_equal(r.pv[0].y, r.best.y);
    } else
        assert_proven_win(e, &r, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* The worker (three threads or more) also checks the main thread's best move for a forced win of the opponent,
 * on budgets that grow while the search runs. Save puzzle line 57 of tactics.txt: one
 * thread at 3 s plays 8,4, after which white wins by a 27-ply VCT that took the solver
 * 2.8M nodes when this test was written (1.0M in the fifth 2026-11-25 session), more
 * than one thread's checks have (about 1.16M on 2026-11-28). On a loaded machine
 * (another search on the second core) it failed once in four runs that session: the
 * worker's doubling budgets then come too late. It also failed about one run in thirty
 * on an idle machine, with the worker some 15k nodes short when the main search
 * stopped to keep the final check's share of the clock: the worker now goes on with
 * the chosen move during the first half of that share (0 of 100 runs then). Still 1 of
 * 40 runs at 3 s on the idle machine on 2026-11-28 (nineteenth session), 0 of 25 at 6 s:
 * the test gives the search 6 s, so that it tests the check and not the machine's speed.
 * Three threads must not play it. Needs the cores at full speed: not under valgrind or
 * the sanitizers. */
static void test_three_threads_drop_a_best_move_the_worker_proves_lost(void **state)
{
    (void)state;
    if (getenv("GOMOKU_QUICK") || getenv("GOMOKU_SANITIZED"))
        skip();
    const char *moves = "7,5 8,5 7,7 9,6 7,4 7,6 6,6 6,7 5,8";
    gomoku_engine *e = test_engine(15, GOMOKU_STANDARD, moves);
    gomoku_threat_result t;
    /* the refutation is real: */
    assert_int_equal(gomoku_play(e, 8, 4), GOMOKU_OK);
    assert_int_equal(gomoku_vct(&t, e, 6000000, 0), GOMOKU_OK);
    assert_true(t.found);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0; /* the clock alone: the default depth 12 can end the search before the
                    worker's budgets have grown to the refutation */
    l.time_ms = 6000;
    l.threads = 3;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_false(r.best.x == 8 && r.best.y == 4);
    assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limits_init_defaults),
        cmocka_unit_test(test_empty_board_plays_centre),
        cmocka_unit_test(test_search_returns_legal_moves_in_random_games),
        cmocka_unit_test(test_renju_black_search_leaves_out_a_double_three_point),
        cmocka_unit_test(test_renju_black_with_only_a_forbidden_cell_is_lost),
        cmocka_unit_test(test_wins_in_one),
        cmocka_unit_test(test_blocks_a_four),
        cmocka_unit_test(test_a_single_move_is_searched_to_the_limits),
        cmocka_unit_test(test_a_single_move_is_searched_for_its_time),
        cmocka_unit_test(test_plays_own_five_before_blocking),
        cmocka_unit_test(test_finds_four_three),
        cmocka_unit_test(test_makes_an_open_four_from_an_open_three),
        cmocka_unit_test(test_answers_an_open_three),
        cmocka_unit_test(test_four_three_point_restricts_moves_to_its_defences),
        cmocka_unit_test(test_four_three_defences_making_the_block_a_four),
        cmocka_unit_test(test_no_false_result_where_a_block_four_defends),
        cmocka_unit_test(test_open_three_defences_include_the_far_ends_when_they_stop_it),
        cmocka_unit_test(test_stops_threatened_wins),
        cmocka_unit_test(test_moves_refuted_by_the_threat_search_are_not_played),
        cmocka_unit_test(test_time_limit_respected),
        cmocka_unit_test(test_time_limit_respected_over_hundreds_of_calls),
        cmocka_unit_test(test_a_game_clock_is_spread_over_the_moves_expected),
        cmocka_unit_test(test_stop_from_another_thread_returns_promptly),
        cmocka_unit_test(test_one_thread_is_deterministic),
        cmocka_unit_test(test_hash_never_exceeds_its_size),
        cmocka_unit_test(test_tt_mate_scores_are_relative_to_the_node),
        cmocka_unit_test(test_tt_keeps_the_pv_flag_apart_from_the_depth),
        cmocka_unit_test(test_progress_called_after_every_iteration),
        cmocka_unit_test(test_search_reads_an_older_limits_layout),
        cmocka_unit_test(test_errors_and_position_unchanged),
        cmocka_unit_test(test_several_threads_return_a_legal_move),
        cmocka_unit_test(test_one_thread_goes_on_with_a_root_vct_that_ran_out),
        cmocka_unit_test(test_two_threads_report_the_main_threads_proven_win),
        cmocka_unit_test(test_three_threads_report_the_workers_proven_win),
        cmocka_unit_test(test_three_threads_drop_a_best_move_the_worker_proves_lost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
