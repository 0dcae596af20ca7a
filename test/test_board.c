/* test_board.c - the incremental board: patterns, classes, counts and hash must always
 * equal a from-scratch recomputation; pattern tables give the shapes the rules define. */
#include "testutil.h"

#include "internal.h"

#include <string.h>

static const gomoku_rule all_rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU,
                                        GOMOKU_CARO};

/* Plays random moves and undoes some at random, checking after every step that the
 * incremental state equals a recomputation, and that undo restores the hash exactly. */
static void random_walk(gomoku_rule rule, int size, uint64_t seed, int steps)
{
    gomoku_engine *e = test_engine(size, rule, NULL);
    uint64_t hashes[GOMOKU_MAX_CELLS + 1];
    hashes[0] = gomoku_hash(e);
    uint64_t s = seed;
    for (int step = 0; step < steps; step++) {
        int n = gomoku_move_count(e);
        int state = gomoku_state_of(e);
        int undo = n > 0 && (state != GOMOKU_ONGOING || test_rand(&s) % 3 == 0);
        if (undo) {
            assert_int_equal(gomoku_undo(e), GOMOKU_OK);
            assert_int_equal(gomoku_hash(e), hashes[n - 1]);
        } else {
            int x, y;
            do {
                x = (int)(test_rand(&s) % (uint64_t)size);
                y = (int)(test_rand(&s) % (uint64_t)size);
            } while (gomoku_cell(e, x, y) != GOMOKU_EMPTY);
            assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
            hashes[n + 1] = gomoku_hash(e);
        }
        assert_true(gomoku__board_check(&e->b));
    }
    gomoku_free(e);
}

static void test_incremental_state_matches_recomputation_every_rule(void **state)
{
    (void)state;
    int steps = test_quick() ? 300 : 3000;
    for (size_t r = 0; r < 4; r++) {
        random_walk(all_rules[r], 15, 1234 + r, steps);
        random_walk(all_rules[r], 7, 99 + r, steps / 2);
        random_walk(all_rules[r], 20, 7 + r, steps / 2);
    }
}

static void test_incremental_state_on_smallest_and_largest_boards(void **state)
{
    (void)state;
    random_walk(GOMOKU_FREESTYLE, GOMOKU_MIN_SIZE, 5, test_quick() ? 200 : 2000);
    random_walk(GOMOKU_STANDARD, GOMOKU_MAX_SIZE, 6, test_quick() ? 200 : 2000);
}

static void test_hash_depends_on_stones_not_on_order(void **state)
{
    (void)state;
    gomoku_engine *a = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8 h9");
    gomoku_engine *b = test_engine(15, GOMOKU_FREESTYLE, "j8 h9 h8 i9");
    assert_int_equal(gomoku_hash(a), gomoku_hash(b));
    gomoku_engine *c = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 h9 j8");
    assert_int_not_equal(gomoku_hash(a), gomoku_hash(c)); /* colours differ */
    gomoku_engine *d = test_engine(15, GOMOKU_FREESTYLE, NULL);
    assert_int_equal(gomoku_hash(d), 0);
    gomoku_play(d, 7, 7);
    assert_int_not_equal(gomoku_hash(d), 0);
    gomoku_free(a);
    gomoku_free(b);
    gomoku_free(c);
    gomoku_free(d);
}

/* Pattern of the empty cell (x, y) for colour s in direction d. */
static int pattern_at(gomoku_engine *e, int x, int y, int d, int s)
{
    return pat_of(&e->b, board_index(&e->b, x, y), d, s);
}

static void test_open_three_has_open_four_points_at_both_ends(void **state)
{
    (void)state;
    /* black g8 h8 i8 on row 8 (y = 7), white far away */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8 a5");
    assert_int_equal(pattern_at(e, 5, 7, 0, C_BLACK), P_OPEN_FOUR); /* f8 */
    assert_int_equal(pattern_at(e, 9, 7, 0, C_BLACK), P_OPEN_FOUR); /* j8 */
    assert_int_equal(pattern_at(e, 4, 7, 0, C_BLACK), P_FOUR);      /* e8: e8 _ g8 h8 i8 */
    assert_int_equal(pattern_at(e, 10, 7, 0, C_BLACK), P_FOUR);     /* k8 */
    /* vertically the same cells are just singles */
    assert_true(pattern_at(e, 5, 7, 1, C_BLACK) <= P_OPEN_TWO);
    /* the class of f8 for black: makes an open four */
    assert_int_equal(e->b.cls[board_index(&e->b, 5, 7)][0], K_OPEN_FOUR);
    gomoku_free(e);
}

static void test_closed_four_has_one_five_point(void **state)
{
    (void)state;
    /* white blocks the left end: O X X X X _ */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "c8 b8 d8 a1 e8 a3 f8");
    assert_int_equal(pattern_at(e, 6, 7, 0, C_BLACK), P_FIVE); /* g8 */
    assert_int_equal(e->b.ncls[0][K_FIVE], 1);
    assert_int_equal(e->b.ncls[1][K_FIVE], 0);
    gomoku_free(e);
}

static void test_overline_point_is_five_only_in_freestyle(void **state)
{
    (void)state;
    /* X X X _ X X: the gap makes six */
    const char *moves = "c8 a1 d8 a3 e8 a5 g8 a7 h8";
    for (size_t r = 0; r < 4; r++) {
        gomoku_engine *e = test_engine(15, all_rules[r], moves);
        int p = pattern_at(e, 5, 7, 0, C_BLACK);
        if (all_rules[r] == GOMOKU_FREESTYLE)
            assert_int_equal(p, P_FIVE);
        else
            assert_int_not_equal(p, P_FIVE);
        gomoku_free(e);
    }
    /* renju: the same shape for white is a five (white may make overlines) */
    gomoku_engine *w = test_engine(15, GOMOKU_RENJU, "a1 c8 a3 d8 a5 e8 a7 g8 a9 h8");
    assert_int_equal(pattern_at(w, 5, 7, 0, C_WHITE), P_FIVE);
    gomoku_free(w);
}

static void test_caro_five_blocked_both_ends_is_no_five(void **state)
{
    (void)state;
    /* O X X X X _ O: filling the gap gives a five blocked at both ends */
    gomoku_engine *e = test_engine(15, GOMOKU_CARO, "c8 b8 d8 h8 e8 a1 f8");
    assert_int_not_equal(pattern_at(e, 6, 7, 0, C_BLACK), P_FIVE);
    gomoku_free(e);
    /* at the edge: X X X X _ | (edge does not block) */
    gomoku_engine *f = test_engine(15, GOMOKU_CARO, "a8 c1 b8 e1 c8 g1 d8");
    assert_int_equal(pattern_at(f, 4, 7, 0, C_BLACK), P_FIVE);
    gomoku_free(f);
}

static void test_dead_line_has_no_pattern(void **state)
{
    (void)state;
    /* O _ X _ O: no five fits between the white stones */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "f8 d8 a1 h8");
    assert_int_equal(pattern_at(e, 4, 7, 0, C_BLACK), P_NONE);
    assert_int_equal(pattern_at(e, 6, 7, 0, C_BLACK), P_NONE);
    gomoku_free(e);
}


/* An independent oracle for the four-and-five part of the tables: reads the board cells
 * directly. Does a stone of colour s on idx (with extra stone at e, or -1) complete a
 * winning line through idx in direction d, under the board's rule? */
static int wins_through(const board *b, int idx, int e, int d, int s)
{
    int step = b->dir_step[d];
#define IS_S(j) ((j) == idx || (j) == e || b->cell[j] == s)
    int lo = idx, hi = idx;
    while (IS_S(lo - step))
        lo -= step;
    while (IS_S(hi + step))
        hi += step;
#undef IS_S
    int len = (hi - lo) / step + 1;
    int opp = 3 - s;
    switch (b->rule) {
    case GOMOKU_FREESTYLE: return len >= 5;
    case GOMOKU_RENJU: return s == C_WHITE ? len >= 5 : len == 5;
    case GOMOKU_CARO: return len == 5 && !(b->cell[lo - step] == opp && b->cell[hi + step] == opp);
    default: return len == 5;
    }
}

static void check_fours_against_oracle(const board *b)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int idx = board_index(b, x, y);
            if (b->cell[idx] != C_EMPTY)
                continue;
            for (int d = 0; d < NDIR; d++)
                for (int s = C_BLACK; s <= C_WHITE; s++) {
                    int p = pat_of(b, idx, d, s), expect;
                    if (wins_through(b, idx, -1, d, s)) {
                        expect = P_FIVE;
                    } else {
                        int fives = 0;
                        for (int i = -4; i <= 4; i++) {
                            int e = idx + i * b->dir_step[d];
                            if (i && b->cell[e] == C_EMPTY && wins_through(b, idx, e, d, s))
                                fives++;
                        }
                        expect = fives >= 2 ? P_OPEN_FOUR : fives == 1 ? P_FOUR : -1;
                    }
                    if (expect == -1)
                        assert_true(p < P_FOUR);
                    else
                        assert_int_equal(p, expect);
                }
        }
}

static void test_five_and_four_patterns_match_a_direct_board_scan(void **state)
{
    (void)state;
    for (size_t r = 0; r < 4; r++) {
        uint64_t s = 4242 + r;
        int games = test_quick() ? 3 : 20;
        for (int g = 0; g < games; g++) {
            gomoku_engine *e = test_engine(9 + g % 3 * 3, all_rules[r], NULL);
            int size = gomoku_size(e);
            /* dense random positions near the centre make many shapes */
            for (int m = 0; m < 40 && gomoku_state_of(e) == GOMOKU_ONGOING; m++) {
                int x = size / 2 - 3 + (int)(test_rand(&s) % 7);
                int y = size / 2 - 3 + (int)(test_rand(&s) % 7);
                if (gomoku_cell(e, x, y) == GOMOKU_EMPTY)
                    gomoku_play(e, x, y);
                if (m % 4 == 3)
                    check_fours_against_oracle(&e->b);
            }
            gomoku_free(e);
        }
    }
}

static void test_make_and_undo_restore_everything(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "h8 i9 j8 h9 i8");
    board before;
    memcpy(&before, &e->b, sizeof before);
    assert_int_equal(gomoku_play(e, 3, 3), GOMOKU_OK);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    /* everything up to the move list, the moves still played, and the state after it */
    assert_memory_equal(&before, &e->b, offsetof(board, moves));
    assert_memory_equal(before.moves, e->b.moves, sizeof(int) * (size_t)before.nmoves);
    assert_int_equal(before.state, e->b.state);
    assert_int_equal(before.forbidden_loss, e->b.forbidden_loss);
    gomoku_free(e);
}

static void test_full_board_is_a_draw(void **state)
{
    (void)state;
    /* 5x5 filled in diagonal stripes two cells wide, (x + 2y) mod 4 < 2 is black: rows
     * repeat XXOO, columns alternate, diagonals cycle through all four residues, so no
     * line of five of one colour exists, and no subset of it has one either. */
    gomoku_engine *e = test_engine(5, GOMOKU_FREESTYLE, NULL);
    int bx[13], by[13], wx[12], wy[12], nb = 0, nw = 0;
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) {
            int black = ((x + 2 * y) % 4) < 2; /* diagonal stripes of width 2 */
            if (black && nb < 13) {
                bx[nb] = x;
                by[nb++] = y;
            } else {
                wx[nw] = x;
                wy[nw++] = y;
            }
        }
    assert_int_equal(nb, 13);
    assert_int_equal(nw, 12);
    for (int i = 0; i < 25; i++) {
        int rc = i % 2 == 0 ? gomoku_play(e, bx[i / 2], by[i / 2]) : gomoku_play(e, wx[i / 2], wy[i / 2]);
        assert_int_equal(rc, GOMOKU_OK);
    }
    assert_int_equal(gomoku_state_of(e), GOMOKU_DRAW);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_EGAMEOVER);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_state_matches_recomputation_every_rule),
        cmocka_unit_test(test_incremental_state_on_smallest_and_largest_boards),
        cmocka_unit_test(test_hash_depends_on_stones_not_on_order),
        cmocka_unit_test(test_open_three_has_open_four_points_at_both_ends),
        cmocka_unit_test(test_closed_four_has_one_five_point),
        cmocka_unit_test(test_overline_point_is_five_only_in_freestyle),
        cmocka_unit_test(test_caro_five_blocked_both_ends_is_no_five),
        cmocka_unit_test(test_dead_line_has_no_pattern),
        cmocka_unit_test(test_five_and_four_patterns_match_a_direct_board_scan),
        cmocka_unit_test(test_make_and_undo_restore_everything),
        cmocka_unit_test(test_full_board_is_a_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
