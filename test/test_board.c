/* test_board.c - the incremental board: patterns, classes, counts and hash must always
 * equal a from-scratch recomputation; pattern tables give the shapes the rules define. */
#include "testutil.h"

#include "eval_table.h"
#include "internal.h"
#include "pattern.h"

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

/* The fitted evaluation recomputed from the stones alone: every empty cell's four
 * patterns looked up from scratch, sorted into a combination index, valued from the
 * generated tables (not the base-9 tables board.c adds up). */
static long long cells_from_scratch(const board *b, int me)
{
    /* freestyle's table in every rule but caro (eval.c, table_of()) */
    int tab = b->rule == GOMOKU_CARO ? 1 : 0;
    long long sum = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int idx = board_index(b, x, y);
            if (b->cell[idx] != C_EMPTY)
                continue;
            for (int c = 0; c < 2; c++) {
                uint8_t p[NDIR];
                for (int d = 0; d < NDIR; d++) {
                    uint32_t k = 0;
                    for (int i = -5; i <= 5; i++)
                        if (i)
                            k |= (uint32_t)b->cell[idx + i * b->dir_step[d]] << (2 * slot_of(i));
                    p[d] = (uint8_t)((gomoku__pattern_table(b->rule)[k] >> (4 * c)) & 15);
                }
                int ci = gomoku__combo_index(p);
                assert_in_range(ci, 0, EVAL_COMBOS - 1);
                sum += c == me ? gomoku__combo_fitted[tab][0][ci]
                               : -gomoku__combo_fitted[tab][1][ci];
            }
        }
    return sum;
}

/* The sum over the cells, plus what an empty 15x15 board is worth to the mover less what
 * an empty board of this size is: empty space counts as on 15x15 (board.c). */
static int fitted_from_scratch(const board *b)
{
    static board empty_std, empty_here;
    static long long offset[2];
    static int rule = -1, size = -1;
    int me = b->side - 1;
    if (b->rule != rule || b->size != size) {
        rule = b->rule;
        size = b->size;
        gomoku__board_init(&empty_std, 15, rule);
        gomoku__board_init(&empty_here, size, rule);
        for (int s = 0; s < 2; s++)
            offset[s] = cells_from_scratch(&empty_std, s) - cells_from_scratch(&empty_here, s);
    }
    long long sum = cells_from_scratch(b, me) + offset[me];
    int win = 20000, v;
    /* The turn rules first, as eval.c applies them. */
    int opp = 1 - me;
    if (b->ncls[me][K_FIVE] > 0)
        return win;
    if (b->ncls[opp][K_FIVE] >= 2)
        return -win;
    if (b->ncls[opp][K_FIVE] == 0 && b->ncls[me][K_OPEN_FOUR] > 0 &&
        !(b->rule == GOMOKU_RENJU && b->side == C_BLACK))
        return win / 2;
    v = (int)(sum > win / 2 - 1 ? win / 2 - 1 : sum < -(win / 2 - 1) ? -(win / 2 - 1) : sum);
    return v;
}

/* Random moves and undos straight on the board (make/unmake, the search's own calls),
 * long enough to undo past UNDO_PLIES records: the incremental sums give the
 * from-scratch value after every step. */
static void test_fitted_sums_match_recomputation_after_random_make_and_undo(void **state)
{
    (void)state;
    static const int sizes[] = {7, 15, 20};
    int steps = test_quick() ? 150 : 1500;
    for (size_t r = 0; r < 4; r++)
        for (size_t z = 0; z < 3; z++) {
            static board b;
            int size = sizes[z];
            gomoku__board_init(&b, size, all_rules[r]);
            uint64_t s = 777 + 13 * r + z;
            int checked = 0;
            for (int step = 0; step < steps; step++) {
                if (step == 20) /* start keeping the sums mid-game */
                    gomoku__board_set_fitted(&b, 1);
                int undo = b.nmoves > 0 &&
                           (b.state != GOMOKU_ONGOING || test_rand(&s) % 4 == 0);
                if (undo) {
                    gomoku__board_unmake(&b);
                } else {
                    int idx;
                    do
                        idx = board_index(&b, (int)(test_rand(&s) % (uint64_t)size),
                                          (int)(test_rand(&s) % (uint64_t)size));
                    while (b.cell[idx] != C_EMPTY);
                    gomoku__board_make(&b, idx);
                }
                if (b.state != GOMOKU_ONGOING || !b.fitted)
                    continue;
                assert_true(gomoku__board_check(&b));
                assert_int_equal(gomoku__evaluate_fitted(&b, 20000), fitted_from_scratch(&b));
                checked++;
            }
            assert_true(checked > steps / 2);
            while (b.nmoves > 0) { /* back to the start, through the look-up path too */
                gomoku__board_unmake(&b);
                if (b.state == GOMOKU_ONGOING)
                    assert_int_equal(gomoku__evaluate_fitted(&b, 20000),
                                     fitted_from_scratch(&b));
            }
            static board fresh;
            gomoku__board_init(&fresh, size, all_rules[r]);
            gomoku__board_set_fitted(&fresh, 1);
            assert_memory_equal(b.esum, fresh.esum, sizeof b.esum);
        }
}

/* Empty space counts as on 15x15 for the fitted evaluation: an empty board of any size is
 * worth what an empty 15x15 is to the mover, and the same stones far from every edge
 * (no cell within five of a stone is within five of a wall) are worth the same on every
 * board, while the raw sums alone would give the mover hundreds of points more on the
 * larger one. */
static void test_fitted_value_of_central_stones_does_not_grow_with_the_board(void **state)
{
    (void)state;
    static const int stones[][2] = {{7, 7}, {8, 8}, {8, 6}, {6, 8}, {9, 7}, {7, 9}, {6, 6}};
    static const int sizes[] = {25, 28, GOMOKU_MAX_SIZE};
    static board b;
    for (size_t r = 0; r < 4; r++) {
        gomoku__board_init(&b, 15, all_rules[r]);
        gomoku__board_set_fitted(&b, 1);
        int empty15 = gomoku__evaluate_fitted(&b, 20000);
        for (int size = GOMOKU_MIN_SIZE; size <= GOMOKU_MAX_SIZE; size++) {
            gomoku__board_init(&b, size, all_rules[r]);
            gomoku__board_set_fitted(&b, 1);
            assert_int_equal(gomoku__evaluate_fitted(&b, 20000), empty15);
        }
        for (int n = 1; n <= 7; n++) {
            int want = 0, raw0 = 0;
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                int shift = (sizes[z] - 15) / 2;
                gomoku__board_init(&b, sizes[z], all_rules[r]);
                gomoku__board_set_fitted(&b, 1);
                for (int i = 0; i < n; i++)
                    gomoku__board_make(&b, board_index(&b, stones[i][0] + shift,
                                                       stones[i][1] + shift));
                assert_int_equal(b.state, GOMOKU_ONGOING);
                int me = b.side - 1, v = gomoku__evaluate_fitted(&b, 20000);
                int raw = b.esum[me][0] - b.esum[1 - me][1];
                if (z == 0) {
                    want = v;
                    raw0 = raw;
                    continue;
                }
                assert_int_equal(v, want);
                assert_true(raw - raw0 > 200); /* what the offset takes away */
            }
        }
    }
}

/* The combination index ignores the order of the four patterns and numbers the 495
 * multisets 0..494, each once. */
static void test_combo_index_is_a_numbering_of_the_multisets(void **state)
{
    (void)state;
    static int seen[EVAL_COMBOS];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < 9 * 9 * 9 * 9; i++) {
        uint8_t p[NDIR] = {(uint8_t)(i % 9), (uint8_t)(i / 9 % 9), (uint8_t)(i / 81 % 9),
                           (uint8_t)(i / 729)};
        uint8_t q[NDIR] = {p[3], p[1], p[0], p[2]};
        int c = gomoku__combo_index(p);
        assert_in_range(c, 0, EVAL_COMBOS - 1);
        assert_int_equal(c, gomoku__combo_index(q));
        if (p[0] <= p[1] && p[1] <= p[2] && p[2] <= p[3]) {
            assert_int_equal(seen[c], 0);
            seen[c] = 1;
        }
    }
    for (int c = 0; c < EVAL_COMBOS; c++)
        assert_int_equal(seen[c], 1);
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


/* A reference for the whole pattern tables, written from the definition in pattern.c on
 * an array of the eleven cells (l[5] the centre) rather than on keys: the level of a line
 * for the side that plays the centre, memoised per variant (0xFF: not known yet). */
enum { REF_FREE, REF_EXACT, REF_CARO };

static int ref_is_win(const uint8_t l[11], int variant)
{
    int lo = 5, hi = 5;
    while (lo > 0 && l[lo - 1] == 1)
        lo--;
    while (hi < 10 && l[hi + 1] == 1)
        hi++;
    int len = hi - lo + 1;
    if (variant == REF_FREE)
        return len >= 5;
    if (variant == REF_EXACT)
        return len == 5;
    return len == 5 && !(l[lo - 1] == 2 && l[hi + 1] == 2);
}

static uint32_t ref_key(const uint8_t l[11])
{
    uint32_t k = 0;
    for (int i = 0; i < 11; i++)
        if (i != 5)
            k |= (uint32_t)l[i] << (2 * (i < 5 ? i : i - 1));
    return k;
}

static int ref_level(uint8_t l[11], int variant, uint8_t *memo)
{
    uint32_t k = ref_key(l);
    if (memo[k] != 0xFF)
        return memo[k];
    int r;
    if (ref_is_win(l, variant)) {
        r = P_FIVE;
    } else {
        int fives = 0, best = P_NONE;
        for (int i = 0; i < 11; i++) {
            if (l[i] != 0)
                continue;
            l[i] = 1;
            fives += ref_is_win(l, variant);
            int c = ref_level(l, variant, memo);
            if (c > best)
                best = c;
            l[i] = 0;
        }
        static const int weaker[P_NUM] = {P_NONE, P_ONE, P_ONE, P_ONE, P_TWO,
                                          P_OPEN_TWO, P_THREE, P_OPEN_THREE, P_FIVE};
        r = fives >= 2 ? P_OPEN_FOUR : fives == 1 ? P_FOUR : weaker[best];
    }
    memo[k] = (uint8_t)r;
    return r;
}

/* The level of key k (board colours) for colour s under `variant`. */
static int ref_pattern(uint32_t k, int s, int variant, uint8_t *memo)
{
    uint8_t l[11];
    for (int i = 0; i < 11; i++) {
        if (i == 5) {
            l[i] = 1;
            continue;
        }
        int c = (int)(k >> (2 * (i < 5 ? i : i - 1))) & 3;
        l[i] = (uint8_t)(c == s ? 1 : c == 3 - s ? 2 : c); /* own 1, opponent 2 */
    }
    return ref_level(l, variant, memo);
}

static void test_pattern_tables_match_the_definition_for_every_key(void **state)
{
    (void)state;
    uint8_t *memo[3];
    for (int v = 0; v < 3; v++) {
        memo[v] = malloc(KEY_SIZE);
        assert_non_null(memo[v]);
        memset(memo[v], 0xFF, KEY_SIZE);
    }
    /* variant of black and of white under each rule */
    static const int var[4][2] = {[GOMOKU_FREESTYLE] = {REF_FREE, REF_FREE},
                                  [GOMOKU_STANDARD] = {REF_EXACT, REF_EXACT},
                                  [GOMOKU_RENJU] = {REF_EXACT, REF_FREE},
                                  [GOMOKU_CARO] = {REF_CARO, REF_CARO}};
    uint32_t stride = test_quick() ? 61 : 1; /* every key, or a sample under valgrind */
    for (int r = 0; r < 4; r++) {
        const uint8_t *t = gomoku__pattern_table(r);
        for (uint32_t k = 0; k < KEY_SIZE; k += stride) {
            int pb = ref_pattern(k, C_BLACK, var[r][0], memo[var[r][0]]);
            int pw = ref_pattern(k, C_WHITE, var[r][1], memo[var[r][1]]);
            if (t[k] != (pb | pw << 4))
                fail_msg("rule %d key %05x: table %02x, definition %x|%x<<4", r, k, t[k], pb, pw);
        }
    }
    for (int v = 0; v < 3; v++)
        free(memo[v]);
}

/* board.c skips the pattern look-up of cells five steps from a freestyle move. */
static void test_freestyle_patterns_ignore_cells_five_steps_away(void **state)
{
    (void)state;
    const uint8_t *t = gomoku__pattern_table(GOMOKU_FREESTYLE);
    for (uint32_t k = 0; k < KEY_SIZE; k++)
        if (t[k] != t[k & ~0xC0003u]) /* slots 0 and 9 emptied */
            fail_msg("key %05x: %02x, without the far cells %02x", k, t[k], t[k & ~0xC0003u]);
    /* ...which is particular to freestyle: an overline needs them */
    const uint8_t *s = gomoku__pattern_table(GOMOKU_STANDARD);
    int differ = 0;
    for (uint32_t k = 0; k < KEY_SIZE && !differ; k++)
        differ = s[k] != s[k & ~0xC0003u];
    assert_true(differ);
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

/* Undo keeps records of the last UNDO_PLIES moves only; older moves are taken back by
 * looking their lines up again. A long game undone to the start must pass both ways. */
static void test_undo_of_a_long_game_matches_recomputation(void **state)
{
    (void)state;
    for (size_t r = 0; r < 4; r++) {
        gomoku_engine *e = test_engine(20, all_rules[r], NULL);
        uint64_t hashes[GOMOKU_MAX_CELLS + 1];
        uint64_t s = 4321 + r;
        int target = 3 * UNDO_PLIES, tries = 0;
        hashes[0] = gomoku_hash(e);
        while (gomoku_move_count(e) < target && tries++ < 100000) {
            int x = (int)(test_rand(&s) % 20), y = (int)(test_rand(&s) % 20);
            if (gomoku_cell(e, x, y) != GOMOKU_EMPTY)
                continue;
            assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
            if (gomoku_state_of(e) != GOMOKU_ONGOING) {
                assert_int_equal(gomoku_undo(e), GOMOKU_OK);
                continue;
            }
            hashes[gomoku_move_count(e)] = gomoku_hash(e);
        }
        assert_int_equal(gomoku_move_count(e), target);
        assert_true(gomoku__board_check(&e->b));
        for (int n = target; n > 0; n--) {
            assert_int_equal(gomoku_undo(e), GOMOKU_OK);
            assert_int_equal(gomoku_hash(e), hashes[n - 1]);
            assert_true(gomoku__board_check(&e->b));
        }
        gomoku_free(e);
    }
}

/* The threat solver's moves (gomoku__board_make_lite) keep everything the solver reads
 * exactly as full moves do, leave the pattern counts and near[] as they were, and give
 * back the very same board when taken back, also past UNDO_PLIES moves. */
static void test_lite_moves_keep_what_the_solver_reads_and_undo_exactly(void **state)
{
    (void)state;
    for (size_t r = 0; r < 4; r++) {
        const char *opening = "10,10 11,11 9,11 10,12";
        gomoku_engine *e = test_engine(20, all_rules[r], opening);
        gomoku_engine *twin = test_engine(20, all_rules[r], opening);
        board *b = &e->b, *t = &twin->b;
        board *before = malloc(sizeof *before);
        assert_non_null(before);
        memcpy(before, b, sizeof *before);
        uint64_t s = 99 + r;
        int made = 0, tries = 0;
        while (made < 3 * UNDO_PLIES && tries++ < 100000) {
            int x = (int)(test_rand(&s) % 20), y = (int)(test_rand(&s) % 20);
            int idx = board_index(b, x, y);
            if (b->cell[idx] != C_EMPTY)
                continue;
            gomoku__board_make_lite(b, idx);
            gomoku__board_make(t, idx);
            assert_int_equal(b->state, t->state);
            if (b->state != GOMOKU_ONGOING) {
                gomoku__board_unmake_lite(b);
                gomoku__board_unmake(t);
                continue;
            }
            made++;
            assert_memory_equal(b->cell, t->cell, sizeof b->cell);
            assert_memory_equal(b->pat, t->pat, sizeof b->pat);
            assert_memory_equal(b->cls, t->cls, sizeof b->cls);
            assert_memory_equal(b->ncls, t->ncls, sizeof b->ncls);
            assert_true(b->hash == t->hash);
            assert_memory_equal(b->npat, before->npat, sizeof b->npat);
            assert_memory_equal(b->near, before->near, sizeof b->near);
        }
        assert_int_equal(made, 3 * UNDO_PLIES);
        while (b->nmoves > before->nmoves)
            gomoku__board_unmake_lite(b);
        assert_memory_equal(before, b, offsetof(board, moves));
        assert_true(gomoku__board_check(b));
        free(before);
        gomoku_free(e);
        gomoku_free(twin);
    }
}

/* Plays a random empty cell of the 7x7 centre of a 13x13 board, so that lines crowd;
 * returns gomoku_play()'s result. */
static int play_near_centre(gomoku_engine *e, uint64_t *seed)
{
    int x, y;
    do {
        x = 3 + (int)(test_rand(seed) % 7);
        y = 3 + (int)(test_rand(seed) % 7);
    } while (gomoku_cell(e, x, y) != GOMOKU_EMPTY);
    return gomoku_play(e, x, y);
}

/* Cells of class kmin or better that side s has. */
static int count_from(const board *b, int s, int kmin)
{
    int n = 0;
    for (int k = kmin; k < K_NUM; k++)
        n += b->ncls[s - 1][k];
    return n;
}

/* gomoku__board_gives_class() (the threat solver's filter of closed threes) against
 * playing the stone: on random crowded boards in every rule, for both sides, for every
 * empty cell below K_THREE whenever the side has no cell of the class asked for. */
static void test_gives_class_matches_playing_the_stone(void **state)
{
    (void)state;
    for (size_t r = 0; r < 4; r++) {
        uint64_t seed = 7 + r;
        long long yes = 0, no = 0;
        for (int game = 0; game < 12; game++) {
            gomoku_engine *e = test_engine(13, all_rules[r], NULL);
            board *b = &e->b;
            for (int ply = 0; ply < 40 && b->state == GOMOKU_ONGOING; ply++) {
                for (int s = C_BLACK; s <= C_WHITE; s++)
                    for (int kmin = K_FOUR_THREE; kmin <= K_OPEN_FOUR; kmin++) {
                        if (count_from(b, s, kmin) > 0)
                            continue;
                        for (int y = 0; y < 13; y++)
                            for (int x = 0; x < 13; x++) {
                                int idx = board_index(b, x, y);
                                if (b->cell[idx] != C_EMPTY || b->cls[idx][s - 1] >= K_THREE)
                                    continue;
                                int said = gomoku__board_gives_class(b, idx, s, kmin);
                                int side = b->side;
                                b->side = s;
                                gomoku__board_make_lite(b, idx);
                                int real = count_from(b, s, kmin) > 0;
                                gomoku__board_unmake_lite(b);
                                b->side = side;
                                assert_int_equal(said, real);
                                yes += real;
                                no += !real;
                            }
                    }
                if (play_near_centre(e, &seed) != GOMOKU_OK)
                    break; /* a forbidden point for black: the game ends here */
            }
            assert_true(gomoku__board_check(b));
            gomoku_free(e);
        }
        /* Both answers must have come up often, or the test checks little. */
        assert_true(yes > 200);
        assert_true(no > 200);
    }
}

/* gomoku__board_fives_after() (the threat solver's look at what a threat would make)
 * against playing the stone and scanning the classes, for every empty cell and both
 * sides without a five point, in crowded random games of every rule. */
static void test_fives_after_matches_playing_the_stone(void **state)
{
    (void)state;
    for (size_t r = 0; r < 4; r++) {
        uint64_t seed = 31 + r;
        long long one = 0, more = 0, none = 0;
        for (int game = 0; game < 8; game++) {
            gomoku_engine *e = test_engine(13, all_rules[r], NULL);
            board *b = &e->b;
            for (int ply = 0; ply < 40 && b->state == GOMOKU_ONGOING; ply++) {
                for (int s = C_BLACK; s <= C_WHITE; s++) {
                    if (b->ncls[s - 1][K_FIVE] > 0)
                        continue;
                    for (int y = 0; y < 13; y++)
                        for (int x = 0; x < 13; x++) {
                            int idx = board_index(b, x, y);
                            if (b->cell[idx] != C_EMPTY)
                                continue;
                            short said[64];
                            int dir[64], off[64];
                            int n = gomoku__board_fives_after(b, idx, s, said, dir, off, 64);
                            int side = b->side;
                            b->side = s;
                            gomoku__board_make_lite(b, idx);
                            int real = 0;
                            for (int q = 0; q < 13 * 13; q++) {
                                int c = board_index(b, q % 13, q / 13);
                                if (b->cell[c] == C_EMPTY && b->cls[c][s - 1] == K_FIVE) {
                                    assert_true(real < n);
                                    assert_int_equal(said[real], c);
                                    /* The direction and offset lead from idx to it. */
                                    assert_int_equal(idx + off[real] * b->dir_step[dir[real]], c);
                                    real++;
                                }
                            }
                            gomoku__board_unmake_lite(b);
                            b->side = side;
                            assert_int_equal(n, real);
                            one += n == 1;
                            more += n > 1;
                            none += n == 0;
                            /* With too little room it says so. */
                            if (n > 0) {
                                int small = gomoku__board_fives_after(b, idx, s, said, dir, off,
                                                                      n - 1);
                                assert_int_equal(small, -1);
                            }
                        }
                }
                if (play_near_centre(e, &seed) != GOMOKU_OK)
                    break;
            }
            assert_true(gomoku__board_check(b));
            gomoku_free(e);
        }
        /* Single fours, double fours and nothing must all have come up. */
        assert_true(one > 200);
        assert_true(more > 20);
        assert_true(none > 200);
    }
}

/* gomoku__static_win() on shapes built for each case of it, renju's black included. */
static void test_static_wins_read_from_the_counts(void **state)
{
    (void)state;
    /* Black's 8,7 makes the four 5..8 on row 7 (4,7 is white's) and the open three
     * 8,5..8,7; white has no four to make: a win in five, except in renju, where black's
     * four-three may be forbidden or lead to a forbidden point and is not read. */
    const char *four_three = "5,7 4,7 6,7 0,0 7,7 14,0 8,5 0,14 8,6 14,14";
    gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU};
    for (int r = 0; r < 3; r++) {
        gomoku_engine *e = test_engine(15, rules[r], four_three);
        board *b = &e->b;
        gomoku__box stones = gomoku__box_of_stones(b);
        assert_int_equal(b->cls[board_index(b, 8, 7)][0], K_FOUR_THREE);
        assert_int_equal(gomoku__static_win(b, &stones), rules[r] == GOMOKU_RENJU ? 0 : 5);
        gomoku_free(e);
    }
    /* The same with white's three 10..12 on row 12 (9,12 black's): white has fours to
     * make, and the counts cannot tell whether the four's block is one: nothing is
     * claimed. */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE,
                                   "5,7 4,7 6,7 10,12 7,7 11,12 8,5 12,12 8,6 0,0 9,12 14,0");
    board *b = &e->b;
    gomoku__box stones = gomoku__box_of_stones(b);
    assert_int_equal(b->cls[board_index(b, 8, 7)][0], K_FOUR_THREE);
    assert_true(b->ncls[1][K_FOUR] > 0);
    assert_int_equal(gomoku__static_win(b, &stones), 0);
    gomoku_free(e);
    /* With white's open three 9,8..9,10 instead, the block at 9,7 would be white's open
     * four: nothing is claimed; white to move (black's 0,1 played) has an open-four
     * point, a win in three. */
    e = test_engine(15, GOMOKU_FREESTYLE,
                    "5,7 4,7 6,7 9,8 7,7 9,9 8,5 9,10 8,6 0,0 0,14 14,0 14,14 2,2");
    b = &e->b;
    stones = gomoku__box_of_stones(b);
    assert_int_equal(b->cls[board_index(b, 8, 7)][0], K_FOUR_THREE);
    assert_int_equal(gomoku__static_win(b, &stones), 0);
    assert_int_equal(gomoku_play(e, 0, 1), GOMOKU_OK);
    stones = gomoku__box_of_stones(b);
    assert_int_equal(gomoku__static_win(b, &stones), 3);
    gomoku_free(e);
    /* Renju: black's open three 6,7..8,7 has the open-four points 5,7 and 9,7; the fours
     * to be made on columns 5 and 9 (5,4..5,6 and 9,4..9,6, blocked at row 3) make both
     * double fours, forbidden: no win. In freestyle the same is a win in three; in renju
     * with column 9 empty, 9,7 is not forbidden and wins. */
    const char *fours =
        "6,7 5,3 7,7 9,3 8,7 0,0 5,4 0,2 5,5 0,4 5,6 0,6 9,4 0,8 9,5 0,10 9,6 0,12";
    for (int r = 0; r < 2; r++) {
        e = test_engine(15, r ? GOMOKU_FREESTYLE : GOMOKU_RENJU, fours);
        b = &e->b;
        stones = gomoku__box_of_stones(b);
        assert_int_equal(b->ncls[0][K_OPEN_FOUR], 2);
        assert_int_equal(gomoku__black_forbidden(b, board_index(b, 5, 7)), !r);
        assert_int_equal(gomoku__black_forbidden(b, board_index(b, 9, 7)), !r);
        assert_int_equal(gomoku__static_win(b, &stones), r ? 3 : 0);
        gomoku_free(e);
    }
    e = test_engine(15, GOMOKU_RENJU, "6,7 5,3 7,7 9,3 8,7 0,0 5,4 0,2 5,5 0,4 5,6 0,6");
    b = &e->b;
    stones = gomoku__box_of_stones(b);
    assert_int_equal(gomoku__black_forbidden(b, board_index(b, 5, 7)), 1);
    assert_int_equal(gomoku__black_forbidden(b, board_index(b, 9, 7)), 0);
    assert_int_equal(gomoku__static_win(b, &stones), 3);
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
        cmocka_unit_test(test_fitted_sums_match_recomputation_after_random_make_and_undo),
        cmocka_unit_test(test_fitted_value_of_central_stones_does_not_grow_with_the_board),
        cmocka_unit_test(test_combo_index_is_a_numbering_of_the_multisets),
        cmocka_unit_test(test_hash_depends_on_stones_not_on_order),
        cmocka_unit_test(test_open_three_has_open_four_points_at_both_ends),
        cmocka_unit_test(test_closed_four_has_one_five_point),
        cmocka_unit_test(test_overline_point_is_five_only_in_freestyle),
        cmocka_unit_test(test_caro_five_blocked_both_ends_is_no_five),
        cmocka_unit_test(test_dead_line_has_no_pattern),
        cmocka_unit_test(test_pattern_tables_match_the_definition_for_every_key),
        cmocka_unit_test(test_freestyle_patterns_ignore_cells_five_steps_away),
        cmocka_unit_test(test_five_and_four_patterns_match_a_direct_board_scan),
        cmocka_unit_test(test_make_and_undo_restore_everything),
        cmocka_unit_test(test_full_board_is_a_draw),
        cmocka_unit_test(test_undo_of_a_long_game_matches_recomputation),
        cmocka_unit_test(test_lite_moves_keep_what_the_solver_reads_and_undo_exactly),
        cmocka_unit_test(test_gives_class_matches_playing_the_stone),
        cmocka_unit_test(test_fives_after_matches_playing_the_stone),
        cmocka_unit_test(test_static_wins_read_from_the_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
