/*
 * test_rules.c - the rules: wins in every direction, at the edges and on several board
 * sizes, overlines under each rule, caro blocking, the full-board draw, and the renju
 * forbidden moves, both through the public API and directly on raw cell arrays.
 *
 * Positions are drawn as ASCII diagrams: 'X' black, 'O' white, '.' empty, '*' the empty
 * cell the test is about. A diagram's rows are placed with its top-left corner at (x0, y0)
 * of the board; cells outside it are empty. Through the API a diagram is built move by
 * move: the black stones and the white stones, each in reading order, are played
 * alternately, black first, and every one of those moves must be accepted and leave the
 * game going (so in renju none of black's earlier moves is forbidden).
 *
 * The direct tests of gomoku__renju_forbidden() are also checked against a deliberately
 * plain second implementation (naive_forbidden below) that works on whole board lines
 * with none of the library's window tricks; a random test compares the two at length.
 */
#include "testutil.h"

#include "internal.h"
#include "rules.h"

#include <stdio.h>
#include <string.h>

#define END ((const char *)0)

/* ---------------------------------------------------------------------------------- */
/* Diagrams                                                                            */
/* ---------------------------------------------------------------------------------- */

typedef struct grid {
    int size, stride;
    int star;           /* padded index of '*', -1 when there is none */
    int star_x, star_y;
    uint8_t cell[MAX_PADDED];
} grid;

static int gidx(const grid *g, int x, int y) { return (y + PAD) * g->stride + x + PAD; }

static void grid_empty(grid *g, int size)
{
    g->size = size;
    g->stride = size + 2 * PAD;
    g->star = -1;
    g->star_x = g->star_y = -1;
    memset(g->cell, C_WALL, sizeof g->cell);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            g->cell[gidx(g, x, y)] = C_EMPTY;
}

static void grid_draw(grid *g, int size, int x0, int y0, va_list ap)
{
    grid_empty(g, size);
    const char *row;
    for (int y = y0; (row = va_arg(ap, const char *)) != NULL; y++) {
        for (int i = 0; row[i]; i++) {
            int x = x0 + i;
            if (x < 0 || y < 0 || x >= size || y >= size)
                fail_msg("diagram cell (%d,%d) is off the %dx%d board", x, y, size, size);
            int idx = gidx(g, x, y);
            switch (row[i]) {
            case 'X': g->cell[idx] = C_BLACK; break;
            case 'O': g->cell[idx] = C_WHITE; break;
            case '.': break;
            case '*':
                assert_int_equal(g->star, -1); /* one '*' per diagram */
                g->star = idx;
                g->star_x = x;
                g->star_y = y;
                break;
            default: fail_msg("bad diagram character '%c'", row[i]);
            }
        }
    }
}

/* ---------------------------------------------------------------------------------- */
/* A plain reference implementation of the renju definitions                           */
/* ---------------------------------------------------------------------------------- */

/* Directions as (dx, dy); the anti-diagonal is written (-1, 1) to match step stride - 1,
 * though a line is the same whichever way it is walked. */
static const int DX[NDIR] = {1, 0, 1, -1};
static const int DY[NDIR] = {0, 1, 1, 1};

static int gget(const grid *g, int x, int y)
{
    if (x < 0 || y < 0 || x >= g->size || y >= g->size)
        return C_WALL;
    return g->cell[gidx(g, x, y)];
}

static void gput(grid *g, int x, int y, int c) { g->cell[gidx(g, x, y)] = (uint8_t)c; }

/* Extent [*lo, *hi] (in steps along d) of the black run through the black stone (x, y). */
static void run_extent(const grid *g, int x, int y, int d, int *lo, int *hi)
{
    int a = 0, b = 0;
    while (gget(g, x + (a - 1) * DX[d], y + (a - 1) * DY[d]) == C_BLACK)
        a--;
    while (gget(g, x + (b + 1) * DX[d], y + (b + 1) * DY[d]) == C_BLACK)
        b++;
    *lo = a;
    *hi = b;
}

/* The fours through the black stone (x, y) on line d: each four is the set of its four
 * stones (bit t + 32 for the cell t steps along), found from the empty cells that complete
 * exactly five with it. masks/ncomp receive the distinct sets and how many completion
 * cells each has; returns the number of sets. */
static int naive_fours(grid *g, int x, int y, int d, uint64_t masks[8], int ncomp[8])
{
    int n = 0;
    for (int t = -g->size; t <= g->size; t++) {
        int qx = x + t * DX[d], qy = y + t * DY[d];
        if (t == 0 || gget(g, qx, qy) != C_EMPTY)
            continue;
        gput(g, qx, qy, C_BLACK);
        int lo, hi;
        run_extent(g, x, y, d, &lo, &hi);
        gput(g, qx, qy, C_EMPTY);
        if (hi - lo + 1 != 5 || t < lo || t > hi)
            continue;
        uint64_t m = 0;
        for (int k = lo; k <= hi; k++)
            if (k != t)
                m |= 1ull << (k + 32);
        int i = 0;
        while (i < n && masks[i] != m)
            i++;
        if (i == n) {
            assert_true(n < 8);
            masks[n] = m;
            ncomp[n++] = 0;
        }
        ncomp[i]++;
    }
    return n;
}

static int naive_forbidden(grid *g, int x, int y)
{
    assert_int_equal(gget(g, x, y), C_EMPTY);
    gput(g, x, y, C_BLACK);
    int five = 0, over = 0;
    for (int d = 0; d < NDIR; d++) {
        int lo, hi;
        run_extent(g, x, y, d, &lo, &hi);
        five |= hi - lo + 1 == 5;
        over |= hi - lo + 1 > 5;
    }
    int result = GOMOKU_FORBID_NONE;
    if (!five && over) {
        result = GOMOKU_FORBID_OVERLINE;
    } else if (!five) {
        int fours = 0, threes = 0;
        uint64_t masks[8];
        int ncomp[8];
        for (int d = 0; d < NDIR; d++) {
            int nf = naive_fours(g, x, y, d, masks, ncomp);
            fours += nf;
            if (nf > 0)
                continue;
            /* A three: some cell q on this line gives a straight four (four stones with
             * two completions) and q itself is not forbidden. */
            for (int t = -g->size; t <= g->size; t++) {
                int qx = x + t * DX[d], qy = y + t * DY[d];
                if (t == 0 || gget(g, qx, qy) != C_EMPTY)
                    continue;
                gput(g, qx, qy, C_BLACK);
                int n = naive_fours(g, x, y, d, masks, ncomp), straight = 0;
                for (int i = 0; i < n; i++)
                    straight |= ncomp[i] >= 2 && (masks[i] >> (t + 32) & 1);
                gput(g, qx, qy, C_EMPTY);
                if (straight && naive_forbidden(g, qx, qy) == GOMOKU_FORBID_NONE) {
                    threes++;
                    break;
                }
            }
        }
        if (fours >= 2)
            result = GOMOKU_FORBID_DOUBLE_FOUR;
        else if (threes >= 2)
            result = GOMOKU_FORBID_DOUBLE_THREE;
    }
    gput(g, x, y, C_EMPTY);
    return result;
}

/* gomoku__renju_forbidden at *g's '*' (or at (x, y) when x >= 0), checked to restore the
 * cells and to agree with the reference. */
static int forbid_on(grid *g, int x, int y)
{
    int idx = x >= 0 ? gidx(g, x, y) : g->star;
    if (x < 0) {
        x = g->star_x;
        y = g->star_y;
    }
    assert_true(idx >= 0);
    static uint8_t before[MAX_PADDED]; /* const for the test's purposes: one thread */
    memcpy(before, g->cell, sizeof before);
    int r = gomoku__renju_forbidden(g->cell, g->stride, idx);
    assert_memory_equal(before, g->cell, sizeof before);
    assert_int_equal(naive_forbidden(g, x, y), r);
    return r;
}

/* Direct test: the forbidden-move answer at the diagram's '*'. */
static int direct(int size, int x0, int y0, ...)
{
    grid g;
    va_list ap;
    va_start(ap, y0);
    grid_draw(&g, size, x0, y0, ap);
    va_end(ap);
    return forbid_on(&g, -1, -1);
}

/* ---------------------------------------------------------------------------------- */
/* Building positions through the public API                                           */
/* ---------------------------------------------------------------------------------- */

static gomoku_engine *setup(gomoku_point *star, int size, gomoku_rule rule, int x0, int y0, ...)
{
    grid g;
    va_list ap;
    va_start(ap, y0);
    grid_draw(&g, size, x0, y0, ap);
    va_end(ap);

    gomoku_point stones[2][GOMOKU_MAX_CELLS];
    int n[2] = {0, 0};
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int c = gget(&g, x, y);
            if (c == C_BLACK || c == C_WHITE) {
                stones[c - 1][n[c - 1]].x = x;
                stones[c - 1][n[c - 1]++].y = y;
            }
        }
    if (n[0] != n[1] && n[0] != n[1] + 1)
        fail_msg("diagram has %d black and %d white stones: cannot alternate", n[0], n[1]);

    gomoku_engine *e = NULL;
    assert_int_equal(gomoku_new(&e, size, rule), GOMOKU_OK);
    for (int i = 0; i < n[0]; i++) {
        for (int c = 0; c < 2 && i < n[c]; c++) {
            gomoku_point p = stones[c][i];
            int rc = gomoku_play(e, p.x, p.y);
            if (rc != GOMOKU_OK || gomoku_state_of(e) != GOMOKU_ONGOING)
                fail_msg("setup move %c(%d,%d): rc %d, state %d", c ? 'O' : 'X', p.x, p.y, rc,
                         gomoku_state_of(e));
        }
    }
    assert_int_equal(gomoku_move_count(e), n[0] + n[1]);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int c = gget(&g, x, y);
            assert_int_equal(gomoku_cell(e, x, y), c == C_WALL ? C_EMPTY : c);
        }
    if (star) {
        star->x = g.star_x;
        star->y = g.star_y;
    }
    return e;
}

/* The winning line must be the n cells from (x, y) in steps (dx, dy), in either order. */
static void check_line(const gomoku_engine *e, int n, int x, int y, int dx, int dy)
{
    gomoku_point line[GOMOKU_MAX_SIZE];
    int count = -1;
    assert_int_equal(gomoku_winning_line(line, &count, e, GOMOKU_MAX_SIZE), GOMOKU_OK);
    assert_int_equal(count, n);
    int forward = 1, backward = 1;
    for (int i = 0; i < n; i++) {
        forward &= line[i].x == x + i * dx && line[i].y == y + i * dy;
        backward &= line[n - 1 - i].x == x + i * dx && line[n - 1 - i].y == y + i * dy;
    }
    assert_true(forward || backward);
}

static void check_no_line(const gomoku_engine *e)
{
    gomoku_point line[GOMOKU_MAX_SIZE];
    int count = -1;
    assert_int_equal(gomoku_winning_line(line, &count, e, GOMOKU_MAX_SIZE), GOMOKU_OK);
    assert_int_equal(count, 0);
}

/* Plays `colour`, which must be the side to move, at p and checks the resulting state. */
static void play_expect(gomoku_engine *e, gomoku_point p, int colour, int state)
{
    assert_true(p.x >= 0);
    assert_int_equal(gomoku_side_to_move(e), colour);
    assert_int_equal(gomoku_play(e, p.x, p.y), GOMOKU_OK);
    assert_int_equal(gomoku_cell(e, p.x, p.y), colour);
    assert_int_equal(gomoku_state_of(e), state);
}

static int why_at(const gomoku_engine *e, gomoku_point p)
{
    gomoku_forbid why = (gomoku_forbid)-1;
    assert_int_equal(gomoku_forbidden(&why, e, p.x, p.y), GOMOKU_OK);
    return (int)why;
}

/* ---------------------------------------------------------------------------------- */
/* Wins in every direction, at the edges, on several board sizes                       */
/* ---------------------------------------------------------------------------------- */

/* Plain horizontal five in the middle of 15x15: the fifth stone wins for black. */
static void test_win_horizontal_15(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 5, 7,
                             "XXXX*",
                             ".....",
                             "O.O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 5, 7, 1, 0);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_EGAMEOVER);
    gomoku_free(e);
}

/* Vertical white five: white is to move (five black, four white) and completes (3,2..6). */
static void test_win_vertical_white_15(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 3, 2,
                             "O.X.X",
                             "O....",
                             "O.X.X",
                             "O....",
                             "*.X..", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 3, 2, 0, 1);
    gomoku_free(e);
}

/* Diagonal (down-right) five filled in at its far end, standard rule. */
static void test_win_diagonal_15(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_STANDARD, 4, 4,
                             "X.O..",
                             ".X.O.",
                             "..X.O",
                             "...X.",
                             "O...*", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 4, 4, 1, 1);
    gomoku_free(e);
}

/* Anti-diagonal (up-right) white five, standard rule: (9,3) (8,4) (7,5) (6,6) (5,7). */
static void test_win_antidiagonal_white_15(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_STANDARD, 5, 3,
                             "X.X.*",
                             "X..O.",
                             "..O..",
                             ".O...",
                             "O.X.X", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 9, 3, -1, 1);
    gomoku_free(e);
}

/* 5x5: a whole top row, touching both side edges and two corners. */
static void test_win_5x5_top_row(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_FREESTYLE, 0, 0,
                             "XXXX*",
                             ".....",
                             "OO.OO",
                             ".....",
                             ".....", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 0, 0, 1, 0);
    gomoku_free(e);
}

/* 5x5: the right-edge column, completed in its middle, standard rule (exactly five). */
static void test_win_5x5_right_column(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_STANDARD, 0, 0,
                             "O...X",
                             "O...X",
                             "....*",
                             "O...X",
                             "O...X", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 4, 0, 0, 1);
    gomoku_free(e);
}

/* 5x5: the main diagonal, corner to corner. */
static void test_win_5x5_main_diagonal(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_FREESTYLE, 0, 0,
                             "X...O",
                             ".X..O",
                             "..*..",
                             "...XO",
                             "O...X", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 0, 0, 1, 1);
    gomoku_free(e);
}

/* 5x5: the anti-diagonal, corner to corner, by white under the standard rule. */
static void test_win_5x5_anti_diagonal_white(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_STANDARD, 0, 0,
                             "X.X.O",
                             "...O.",
                             "X.*.X",
                             ".O...",
                             "O...X", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 4, 0, -1, 1);
    gomoku_free(e);
}

/* 8x8: the bottom row ending in the bottom-right corner. */
static void test_win_8x8_bottom_edge_corner(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 8, GOMOKU_FREESTYLE, 0, 5,
                             "O.O.O.O.",
                             "........",
                             "...*XXXX", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 3, 7, 1, 0);
    gomoku_free(e);
}

/* 8x8 renju: black's exact five down the left edge from the top-left corner wins. */
static void test_win_8x8_left_edge_renju(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 8, GOMOKU_RENJU, 0, 0,
                             "X.O.....",
                             "X.O.....",
                             "X.O.....",
                             "X.......",
                             "*.O.....", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 0, 0, 0, 1);
    gomoku_free(e);
}

/* 20x20: a diagonal ending in the bottom-right corner (15,15)..(19,19), standard. */
static void test_win_20x20_diagonal_corner(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 20, GOMOKU_STANDARD, 14, 14,
                             "..O...",
                             "OX....",
                             "..X...",
                             "O..*..",
                             "....X.",
                             "O....X", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 15, 15, 1, 1);
    gomoku_free(e);
}

/* 20x20: white's anti-diagonal from the top-right corner (19,0) down to (15,4). */
static void test_win_20x20_antidiagonal_corner_white(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 20, GOMOKU_FREESTYLE, 13, 0,
                             "X.X...O",
                             ".....O.",
                             "X...*..",
                             "...O...",
                             "X.O....",
                             "X......", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 19, 0, -1, 1);
    gomoku_free(e);
}

/* 22x22: the bottom row ending in the bottom-right corner, completed one from the end. */
static void test_win_22x22_bottom_right(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 22, GOMOKU_FREESTYLE, 15, 18,
                             "O.O.O.O",
                             ".......",
                             ".......",
                             "..XXX*X", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 17, 21, 1, 0);
    gomoku_free(e);
}

/* 22x22: white's left-edge column ending in the bottom-left corner, standard. */
static void test_win_22x22_left_edge_white(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 22, GOMOKU_STANDARD, 0, 16,
                             "..X.X",
                             "O....",
                             "O.X..",
                             "*....",
                             "O...X",
                             "O.X..", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 0, 17, 0, 1);
    gomoku_free(e);
}

/* 22x22 renju: black's anti-diagonal from the bottom-left corner (0,21) up to (4,17). */
static void test_win_22x22_antidiagonal_corner_renju(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 22, GOMOKU_RENJU, 0, 17,
                             "....X.O",
                             "...*..O",
                             "..X...O",
                             ".X.....",
                             "X.....O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 0, 21, 1, -1);
    gomoku_free(e);
}

/* Four in a row is not a win: the game goes on and there is no winning line. */
static void test_four_does_not_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 5, 7,
                             "XXX*.",
                             ".....",
                             "O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    check_no_line(e);
    gomoku_free(e);
}

/* Five stones with a gap (XX.XXX) are not five in a row. */
static void test_broken_five_does_not_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 5, 7,
                             "XX.XX*",
                             "......",
                             "O.O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* ---------------------------------------------------------------------------------- */
/* Overlines under freestyle and standard                                              */
/* ---------------------------------------------------------------------------------- */

/* Freestyle: filling XXX.XX makes six in a row, which wins; the line is all six. */
static void test_freestyle_overline_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 4, 7,
                             "XXX*XX",
                             "......",
                             "O.O.O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 6, 4, 7, 1, 0);
    gomoku_free(e);
}

/* Freestyle: white fills OOO.OOO vertically: seven in a row wins. */
static void test_freestyle_white_overline_seven_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_FREESTYLE, 3, 3,
                             "O.X.X",
                             "O....",
                             "O.X.X",
                             "*....",
                             "O.X.X",
                             "O....",
                             "O.X..", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 7, 3, 3, 0, 1);
    gomoku_free(e);
}

/* Standard: six in a row does not win; the game goes on and white may move. */
static void test_standard_overline_does_not_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_STANDARD, 4, 7,
                             "XXX*XX",
                             "......",
                             "O.O.O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    check_no_line(e);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    gomoku_free(e);
}

/* Standard: a white overline does not win either (the rule is the same for both). */
static void test_standard_white_overline_does_not_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_STANDARD, 4, 7,
                             "OO*OOO",
                             "......",
                             "X.X.X.X.X.X", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* Standard: an exact five wins even when white stones close both of its ends. */
static void test_standard_five_blocked_both_ends_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_STANDARD, 4, 7,
                             "OXXXX*O",
                             ".......",
                             "O.O....", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 5, 7, 1, 0);
    gomoku_free(e);
}

/* ---------------------------------------------------------------------------------- */
/* Caro                                                                                */
/* ---------------------------------------------------------------------------------- */

/* Caro: a five with white stones at both ends does not win. */
static void test_caro_blocked_both_ends_no_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 4, 7,
                             "OXXXX*O",
                             ".......",
                             "O.O....", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    check_no_line(e);
    gomoku_free(e);
}

/* Caro: blocked at one end only, the five wins. */
static void test_caro_blocked_one_end_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 4, 7,
                             "OXXXX*.",
                             ".......",
                             "O.O.O..", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 5, 7, 1, 0);
    gomoku_free(e);
}

/* Caro: a five touching the left edge with white at its other end wins: the edge is not
 * an opponent stone. */
static void test_caro_edge_does_not_block(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 0, 7,
                             "XXXX*O",
                             "......",
                             "..O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 0, 7, 1, 0);
    gomoku_free(e);
}

/* Caro on 5x5: a full column between the top and bottom edges wins. */
static void test_caro_5x5_edge_to_edge_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_CARO, 0, 0,
                             "..X.O",
                             "..X..",
                             "..*.O",
                             "O.X..",
                             "..X.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 2, 0, 0, 1);
    gomoku_free(e);
}

/* Caro: six in a row does not win. */
static void test_caro_overline_no_win(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 4, 7,
                             "XXX*XX",
                             "......",
                             "O.O.O.O.O", END);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* Caro: a white diagonal five with black at both ends does not win. */
static void test_caro_white_diagonal_blocked_both_ends(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 3, 3,
                             "X........",
                             ".O.......",
                             "..O......",
                             "...*.....",
                             "....O....",
                             ".....O...",
                             "......X..",
                             "X.X.X....", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_ONGOING);
    check_no_line(e);
    gomoku_free(e);
}

/* Caro: the same diagonal with one end open wins for white. */
static void test_caro_white_diagonal_one_end_open_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_CARO, 3, 3,
                             "X........",
                             ".O.......",
                             "..O......",
                             "...*.....",
                             "....O....",
                             ".....O...",
                             ".........",
                             "X.X.X.X..", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 5, 4, 4, 1, 1);
    gomoku_free(e);
}

/* ---------------------------------------------------------------------------------- */
/* Draw                                                                                */
/* ---------------------------------------------------------------------------------- */

/* 5x5 filled with pairs XXOOX / OOXXO alternating by row: no row, column or diagonal
 * holds five of one colour, so the 25th stone ends the game in a draw. */
static void test_draw_full_5x5(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 5, GOMOKU_FREESTYLE, 0, 0,
                             "XXOOX",
                             "OOXXO",
                             "XXOOX",
                             "OOXXO",
                             "XXOO*", END);
    assert_int_equal(gomoku_move_count(e), 24);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_DRAW);
    check_no_line(e);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_EGAMEOVER);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    gomoku_free(e);
}

/* ---------------------------------------------------------------------------------- */
/* Renju through the API                                                               */
/* ---------------------------------------------------------------------------------- */

/* Black XXX.XX: filling the gap makes six, an overline: forbidden, and playing it loses;
 * there is then no winning line and no further move. */
static void test_renju_black_overline_loses(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O......",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "....XXX*XX.....", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_OVERLINE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    check_no_line(e);
    assert_int_equal(gomoku_play(e, 0, 14), GOMOKU_EGAMEOVER);
    gomoku_free(e);
}

/* White OOO.OO: white may make six; it wins, with all six stones in the line. */
static void test_renju_white_overline_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "X.X.X.X.X.X....",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "....OOO*OO.....", END);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_WHITE_WINS);
    check_line(e, 6, 4, 7, 1, 0);
    gomoku_free(e);
}

/* Two open threes crossing at (8,8) (.XX*. across and down): a double three. */
static void test_renju_double_three_loses(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "........X......",
                             "........X......",
                             "......XX*......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_THREE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    check_no_line(e);
    gomoku_free(e);
}

/* A split three (X.X*, the gap makes XXXX open at both ends) crossing a diagonal .XX*.:
 * a double three too. */
static void test_renju_split_three_double_three(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "..........X....",
                             ".........X.....",
                             ".....X.X*......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_THREE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* Two closed fours, across and down (each blocked by white at its far end): double four. */
static void test_renju_double_four_two_lines(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "........O......",
                             "........X......",
                             "........X......",
                             "........X......",
                             "....OXXX*......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_FOUR);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* X.X*X.X: the middle stone makes two fours on one line (each gap completes a different
 * five), a double four although no other line is involved. */
static void test_renju_double_four_same_line(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "....X.X*X.X....", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_FOUR);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* XX.X*.XX: the other same-line double four (each gap completes its own five). */
static void test_renju_double_four_same_line_pairs(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O......",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...XX.X*.XX....", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_FOUR);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* A four across and an open three down: four-three is allowed and the game goes on. */
static void test_renju_four_three_allowed(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "........X......",
                             "........X......",
                             "....OXXX*......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* Across, OXX* with white touching it is not a three (its only straight-four try, the
 * cell right of *, leaves a four closed by white), so with the open three down there is
 * one three: allowed. */
static void test_renju_three_blocked_one_side_allowed(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O..........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "........X......",
                             "........X......",
                             ".....OXX*......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* O.XX*.O across: either extension gives a four that white already closes at the far
 * end, so it is no three; with the open three down, the move is allowed. */
static void test_renju_three_between_whites_allowed(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "........X......",
                             "........X......",
                             "....O.XX*.O....", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* A three against the board edge: XX* on the left edge cannot become an open four (the
 * wall closes it), so with the open three down the move is allowed. */
static void test_renju_three_at_edge_allowed(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "....O.O.O.O....",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "..X............",
                             "..X............",
                             "XX*............", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* The false three: across, X.X* makes an open four only at the gap (5,8), but a stone
 * there would make six down column 5, an overline, so that three is not real. With the
 * open three down column 7 there is only one real three: allowed. */
static void test_renju_false_three_overline_point(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O.O.O.O",
                             "...............",
                             "O..............",
                             "...............",
                             "...............",
                             ".....X.........",
                             ".....X.X.......",
                             ".....X.X.......",
                             "....X.X*.......",
                             ".....X.........",
                             ".....X.........", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    gomoku_point p = {5, 8};
    assert_int_equal(why_at(e, p), GOMOKU_FORBID_OVERLINE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* The same false three one level deeper: the gap (5,8) of X.X* would itself be a double
 * three (open threes down column 5 and along the diagonal (3,6)-(4,7)), so it is
 * forbidden and the three across is not real: * makes one real three (down) only. */
static void test_renju_false_three_double_three_point(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O.O.O.O",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...X.X.X.......",
                             "....XX.X.......",
                             "....X.X*.......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    gomoku_point p = {5, 8};
    assert_int_equal(why_at(e, p), GOMOKU_FORBID_DOUBLE_THREE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* * completes XXXX. into five across and also makes fours down and along the diagonal:
 * a five is never forbidden, black wins. */
static void test_renju_five_with_double_four_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O.O.O.O",
                             "...............",
                             "...............",
                             "...............",
                             "....O..........",
                             ".....X.........",
                             "......X........",
                             ".......X.......",
                             "....XXXX*......",
                             "........X......",
                             "........X......",
                             "........X......",
                             "........O......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 4, 8, 1, 0);
    gomoku_free(e);
}

/* * makes an exact five across and six down at once: the five counts, black wins. */
static void test_renju_five_with_overline_wins(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O.O.O.O.O",
                             "...............",
                             "O..............",
                             "...............",
                             "........X......",
                             "........X......",
                             "........X......",
                             "....XXXX*......",
                             "........X......",
                             "........X......", END);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_BLACK, GOMOKU_BLACK_WINS);
    check_line(e, 5, 4, 7, 1, 0);
    gomoku_free(e);
}

/* White is never restricted: the double-three shape played by white does not lose. */
static void test_renju_white_double_three_allowed(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "X.X.X.X.X......",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "........O......",
                             "........O......",
                             "......OO*......", END);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    /* For black the same cell would be fine: it makes nothing for black. */
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_NONE);
    play_expect(e, s, GOMOKU_WHITE, GOMOKU_ONGOING);
    gomoku_free(e);
}

/* The query answers for black whoever is to move, and changes nothing. */
static void test_renju_query_with_white_to_move(void **state)
{
    (void)state;
    gomoku_point s;
    gomoku_engine *e = setup(&s, 15, GOMOKU_RENJU, 0, 0,
                             "O.O.O.O........",
                             "...............",
                             "...............",
                             "...............",
                             "...............",
                             "..............X",
                             "...............",
                             "........X......",
                             "........X......",
                             "......XX*......", END);
    assert_int_equal(gomoku_side_to_move(e), GOMOKU_WHITE);
    uint64_t h = gomoku_hash(e);
    assert_int_equal(why_at(e, s), GOMOKU_FORBID_DOUBLE_THREE);
    assert_int_equal(gomoku_hash(e), h);
    assert_int_equal(gomoku_move_count(e), 9);
    assert_int_equal(gomoku_cell(e, s.x, s.y), GOMOKU_EMPTY);
    gomoku_free(e);
}

/* The same double three reached from a renju-notation move list: h8 is the centre. */
static void test_renju_double_three_from_move_list(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "h8 a1 h9 c1 f10 e1 g10 g1");
    /* black h8 h9 (column h, rows 8-9) and f10 g10 (row 10): h10 completes
     * .XX*. across row 10 (f g h) and down column h (h8 h9 h10): double three. */
    gomoku_point p;
    assert_int_equal(gomoku_parse_move(&p.x, &p.y, e, "h10"), GOMOKU_OK);
    assert_int_equal(why_at(e, p), GOMOKU_FORBID_DOUBLE_THREE);
    gomoku_point q;
    assert_int_equal(gomoku_parse_move(&q.x, &q.y, e, "h11"), GOMOKU_OK);
    assert_int_equal(why_at(e, q), GOMOKU_FORBID_NONE);
    play_expect(e, p, GOMOKU_BLACK, GOMOKU_WHITE_WINS);
    gomoku_free(e);
}

/* Playing a black move in renju loses exactly when gomoku_forbidden() says it is
 * forbidden, and wins exactly when it makes five (the board's own quick pre-test must
 * not hide a forbidden move), and the answer agrees with the reference. Random games with moves kept near the stones, so that
 * threes and fours are frequent; each move that ends the game is taken back and another
 * is tried. */
static void test_renju_play_agrees_with_forbidden(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    int games = test_quick() ? 20 : 200, losses = 0, wins = 0, checked = 0;
    for (int gnum = 0; gnum < games; gnum++) {
        gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "h8");
        for (int ply = 1; ply < 150 && gomoku_state_of(e) == GOMOKU_ONGOING; ply++) {
            int placed = 0;
            for (int attempt = 0; attempt < 200 && !placed; attempt++) {
                gomoku_point mv[GOMOKU_MAX_CELLS];
                int n = 0;
                assert_int_equal(gomoku_moves(mv, &n, e, GOMOKU_MAX_CELLS), GOMOKU_OK);
                gomoku_point base = mv[test_rand(&seed) % (uint64_t)n];
                int x = base.x + (int)(test_rand(&seed) % 5) - 2;
                int y = base.y + (int)(test_rand(&seed) % 5) - 2;
                if (x < 0 || y < 0 || x >= 15 || y >= 15 || gomoku_cell(e, x, y) != GOMOKU_EMPTY)
                    continue;
                gomoku_forbid why;
                assert_int_equal(gomoku_forbidden(&why, e, x, y), GOMOKU_OK);
                int black = gomoku_side_to_move(e) == GOMOKU_BLACK;
                if (black) {
                    grid g;
                    grid_empty(&g, 15);
                    for (int cy = 0; cy < 15; cy++)
                        for (int cx = 0; cx < 15; cx++)
                            gput(&g, cx, cy, gomoku_cell(e, cx, cy));
                    assert_int_equal(naive_forbidden(&g, x, y), (int)why);
                }
                assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
                int st = gomoku_state_of(e);
                if (black) {
                    checked++;
                    if (why != GOMOKU_FORBID_NONE) {
                        assert_int_equal(st, GOMOKU_WHITE_WINS);
                        losses++;
                    } else {
                        assert_true(st == GOMOKU_ONGOING || st == GOMOKU_BLACK_WINS);
                        wins += st == GOMOKU_BLACK_WINS;
                    }
                }
                if (st != GOMOKU_ONGOING && attempt < 199) {
                    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
                    continue;
                }
                placed = 1;
            }
            if (!placed)
                break;
        }
        gomoku_free(e);
    }
    print_message("renju games: %d black moves checked, %d forbidden, %d fives\n", checked,
                  losses, wins);
    assert_true(losses > 0);
    assert_true(wins > 0);
}

/* gomoku_forbidden's errors, each leaving the engine unchanged. */
static void test_forbidden_errors(void **state)
{
    (void)state;
    gomoku_forbid why = GOMOKU_FORBID_NONE;
    const gomoku_rule others[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_CARO};
    for (int i = 0; i < 3; i++) {
        gomoku_engine *e = test_engine(15, others[i], "h8");
        assert_int_equal(gomoku_forbidden(&why, e, 0, 0), GOMOKU_ERULE);
        gomoku_free(e);
    }
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "h8 h9");
    assert_int_equal(gomoku_forbidden(&why, e, 7, 7), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_forbidden(&why, e, 7, 6), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_forbidden(&why, e, -1, 0), GOMOKU_ERANGE);
    assert_int_equal(gomoku_forbidden(&why, e, 0, -1), GOMOKU_ERANGE);
    assert_int_equal(gomoku_forbidden(&why, e, 15, 0), GOMOKU_ERANGE);
    assert_int_equal(gomoku_forbidden(&why, e, 0, 15), GOMOKU_ERANGE);
    assert_int_equal(gomoku_forbidden(NULL, e, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_forbidden(&why, NULL, 0, 0), GOMOKU_EINVAL);
    why = (gomoku_forbid)-1;
    assert_int_equal(gomoku_forbidden(&why, e, 0, 0), GOMOKU_OK);
    assert_int_equal(why, GOMOKU_FORBID_NONE);
    assert_int_equal(gomoku_move_count(e), 2);
    gomoku_free(e);
}

/* ---------------------------------------------------------------------------------- */
/* gomoku__renju_forbidden directly on cell arrays                                     */
/* ---------------------------------------------------------------------------------- */

/* Nothing near: not forbidden. */
static void test_direct_empty_board(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 7, 7, "*", END), GOMOKU_FORBID_NONE);
}

/* One open three is allowed. */
static void test_direct_single_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 7, ".XX*..", END), GOMOKU_FORBID_NONE);
}

/* Two open threes crossing. */
static void test_direct_double_three_cross(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".......",
                            "...X...",
                            "...X...",
                            ".XX*...",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* Two open threes on the two diagonals (a V shape opening upward). */
static void test_direct_double_three_diagonals(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".X...X.",
                            "..X.X..",
                            "...*...",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* Split three across (X.X*) and an open three on the anti-diagonal. */
static void test_direct_double_three_split(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "........",
                            "......X.",
                            ".....X..",
                            ".X.X*...",
                            "........",
                            "........", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* Two closed fours crossing. */
static void test_direct_double_four_cross(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            "....O..",
                            "....X..",
                            "....X..",
                            "....X..",
                            "OXXX*..",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_FOUR);
}

/* X.X*X.X: two fours on one line. */
static void test_direct_double_four_same_line(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 7, "X.X*X.X", END), GOMOKU_FORBID_DOUBLE_FOUR);
}

/* XX.X*.XX: two fours on one line. */
static void test_direct_double_four_same_line_pairs(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 7, "XX.X*.XX", END), GOMOKU_FORBID_DOUBLE_FOUR);
}

/* XXX.*.XXX: two fours on one line (diagonal this time). */
static void test_direct_double_four_same_line_triples(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "X........",
                            ".X.......",
                            "..X......",
                            ".........",
                            "....*....",
                            ".........",
                            "......X..",
                            ".......X.",
                            "........X", END),
                     GOMOKU_FORBID_DOUBLE_FOUR);
}

/* An open four is one four: alone it is allowed. */
static void test_direct_open_four_alone(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 7, ".XXX*.", END), GOMOKU_FORBID_NONE);
}

/* An open four across plus a closed four down: two fours. */
static void test_direct_open_four_plus_four(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "....O..",
                            "....X..",
                            "....X..",
                            "....X..",
                            ".XXX*..",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_FOUR);
}

/* XX.XX*: the gap would make six, so the line is no four; with one real four down the
 * move is allowed. */
static void test_direct_overline_gap_is_not_four(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            ".....O.",
                            ".....X.",
                            ".....X.",
                            ".....X.",
                            "XX.XX*.",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
}

/* Six and seven in a row. */
static void test_direct_overline(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 7, "XXX*XX", END), GOMOKU_FORBID_OVERLINE);
    assert_int_equal(direct(15, 4, 7, "XXX*XXX", END), GOMOKU_FORBID_OVERLINE);
    assert_int_equal(direct(15, 7, 3, "X", "X", "*", "X", "X", "X", END),
                     GOMOKU_FORBID_OVERLINE);
}

/* Overline outranks a double four made by the same stone. */
static void test_direct_overline_before_double_four(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "....O...",
                            "....X...",
                            "....X...",
                            "....X...",
                            "..XX*XXX",
                            "...X....",
                            "..X.....",
                            ".X......",
                            "O.......", END),
                     GOMOKU_FORBID_OVERLINE);
}

/* Exact five, also between white stones and against the board edge: never forbidden. */
static void test_direct_five_allowed(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 7, "XX*XX", END), GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 4, 7, "OXX*XXO", END), GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 10, 0, "XXXX*", END), GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 9, 14, "XXXX*X", END), GOMOKU_FORBID_OVERLINE);
}

/* A five beats an overline on another line. */
static void test_direct_five_with_overline(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 2,
                            ".....X.",
                            ".....X.",
                            ".....X.",
                            ".......",
                            ".XXXX*.",
                            ".....X.",
                            ".....X.", END),
                     GOMOKU_FORBID_NONE);
}

/* A five beats a double four. */
static void test_direct_five_with_double_four(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            "O......",
                            ".X.....",
                            "..X....",
                            "...X...",
                            "XXXX*..",
                            "....X..",
                            "....X..",
                            "....X..",
                            "....O..", END),
                     GOMOKU_FORBID_NONE);
}

/* A five beats a double three. */
static void test_direct_five_with_double_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "........",
                            "....X...",
                            "....X...",
                            "..X.....",
                            "XXXX*...",
                            "........",
                            "........", END),
                     GOMOKU_FORBID_NONE);
}

/* Double four and double three together: reported as a double four. */
static void test_direct_double_four_before_double_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "O...O...",
                            ".X..X...",
                            "..X.X...",
                            "...XX.X.",
                            "....*X..",
                            "........",
                            "........",
                            "........", END),
                     GOMOKU_FORBID_DOUBLE_FOUR);
}

/* Four across, open three down: four-three is allowed. */
static void test_direct_four_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".......",
                            "....X..",
                            "....X..",
                            "OXXX*..",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
}

/* A three closed on one side (OXX*) is no three: with one open three, allowed. The same
 * stones with the white stone gone make a double three. */
static void test_direct_blocked_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".......",
                            "....X..",
                            "....X..",
                            ".OXX*..",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".......",
                            "....X..",
                            "....X..",
                            "..XX*..",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* O.XX*.O: both fours it could become are closed, so it is no three. */
static void test_direct_three_between_whites(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 4, 4,
                            ".......",
                            ".......",
                            "....X..",
                            "....X..",
                            "O.XX*.O",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
}

/* At the left edge XX* is no three (the wall closes it), but one cell further in, .XX*
 * still is (XXXX from the edge cell leaves a straight four one step right). */
static void test_direct_three_at_edge(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 0, 5,
                            "..X..",
                            "..X..",
                            "XX*..",
                            ".....", END),
                     GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 0, 5,
                            "...X..",
                            "...X..",
                            ".XX*..",
                            "......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* The false three: X.X*'s only open-four point (2,4 in the diagram) would be an
 * overline down its column, so that three is not real; removing the column stones makes
 * it real again (double three). */
static void test_direct_false_three_overline(void **state)
{
    (void)state;
    grid g;
    assert_int_equal(direct(15, 3, 3,
                            ".......",
                            "..X....",
                            "..X.X..",
                            "..X.X..",
                            ".X.X*..",
                            "..X....",
                            "..X....",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 3, 3,
                            ".......",
                            ".......",
                            "....X..",
                            "....X..",
                            ".X.X*..",
                            ".......",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
    /* The four point itself, with * played: an overline. */
    grid_empty(&g, 15);
    const int col[][2] = {{5, 4}, {5, 5}, {5, 6}, {5, 8}, {5, 9}, {7, 5}, {7, 6}, {4, 7},
                          {6, 7}, {7, 7}};
    for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
        gput(&g, col[i][0], col[i][1], C_BLACK);
    assert_int_equal(forbid_on(&g, 5, 7), GOMOKU_FORBID_OVERLINE);
}

/* Two levels deep: X.X*'s open-four point is itself a double three, so forbidden, and
 * the three is not real; without the diagonal pair that makes it so, * is a double
 * three. */
static void test_direct_false_three_double_three(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            ".......",
                            ".......",
                            "X.X.X..",
                            ".XX.X..",
                            ".X.X*..",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_NONE);
    assert_int_equal(direct(15, 3, 3,
                            ".......",
                            ".......",
                            "..X.X..",
                            "..X.X..",
                            ".X.X*..",
                            ".......",
                            ".......", END),
                     GOMOKU_FORBID_DOUBLE_THREE);
}

/* White stones and other black stones around do not count unless they form the shapes:
 * X.X.X style scatter is allowed. */
static void test_direct_scatter_allowed(void **state)
{
    (void)state;
    assert_int_equal(direct(15, 3, 3,
                            "X.X.X..",
                            ".O.O...",
                            "X.*.X..",
                            ".O.O...",
                            "X.X.X..", END),
                     GOMOKU_FORBID_NONE);
}

/* The function restores the cells on every path, and agrees with the plain reference on
 * random positions, including crowded ones where the recursion goes deep. Also checks
 * that every kind of answer occurs, so the comparison means something. */
static void test_direct_random_against_reference(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    int counts[4] = {0, 0, 0, 0};
    int positions = test_quick() ? 300 : 3000;
    grid g;
    for (int n = 0; n < positions; n++) {
        grid_empty(&g, 15);
        /* Stones in a 9x9 middle region (sometimes the corner, to meet the walls), with a
         * density that varies from position to position. */
        int corner = n % 5 == 0;
        int ox = corner ? 0 : 3, oy = corner ? 0 : 3;
        int pb = 20 + (int)(test_rand(&seed) % 25), pw = 5 + (int)(test_rand(&seed) % 15);
        for (int y = oy; y < oy + 9; y++)
            for (int x = ox; x < ox + 9; x++) {
                int r = (int)(test_rand(&seed) % 100);
                gput(&g, x, y, r < pb ? C_BLACK : r < pb + pw ? C_WHITE : C_EMPTY);
            }
        for (int k = 0; k < 12; k++) {
            int x = ox + (int)(test_rand(&seed) % 9), y = oy + (int)(test_rand(&seed) % 9);
            if (gget(&g, x, y) != C_EMPTY)
                continue;
            counts[forbid_on(&g, x, y)]++;
        }
    }
    print_message("random: none %d, double three %d, double four %d, overline %d\n",
                  counts[0], counts[1], counts[2], counts[3]);
    for (int i = 0; i < 4; i++)
        assert_true(counts[i] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_horizontal_15),
        cmocka_unit_test(test_win_vertical_white_15),
        cmocka_unit_test(test_win_diagonal_15),
        cmocka_unit_test(test_win_antidiagonal_white_15),
        cmocka_unit_test(test_win_5x5_top_row),
        cmocka_unit_test(test_win_5x5_right_column),
        cmocka_unit_test(test_win_5x5_main_diagonal),
        cmocka_unit_test(test_win_5x5_anti_diagonal_white),
        cmocka_unit_test(test_win_8x8_bottom_edge_corner),
        cmocka_unit_test(test_win_8x8_left_edge_renju),
        cmocka_unit_test(test_win_20x20_diagonal_corner),
        cmocka_unit_test(test_win_20x20_antidiagonal_corner_white),
        cmocka_unit_test(test_win_22x22_bottom_right),
        cmocka_unit_test(test_win_22x22_left_edge_white),
        cmocka_unit_test(test_win_22x22_antidiagonal_corner_renju),
        cmocka_unit_test(test_four_does_not_win),
        cmocka_unit_test(test_broken_five_does_not_win),
        cmocka_unit_test(test_freestyle_overline_wins),
        cmocka_unit_test(test_freestyle_white_overline_seven_wins),
        cmocka_unit_test(test_standard_overline_does_not_win),
        cmocka_unit_test(test_standard_white_overline_does_not_win),
        cmocka_unit_test(test_standard_five_blocked_both_ends_wins),
        cmocka_unit_test(test_caro_blocked_both_ends_no_win),
        cmocka_unit_test(test_caro_blocked_one_end_wins),
        cmocka_unit_test(test_caro_edge_does_not_block),
        cmocka_unit_test(test_caro_5x5_edge_to_edge_wins),
        cmocka_unit_test(test_caro_overline_no_win),
        cmocka_unit_test(test_caro_white_diagonal_blocked_both_ends),
        cmocka_unit_test(test_caro_white_diagonal_one_end_open_wins),
        cmocka_unit_test(test_draw_full_5x5),
        cmocka_unit_test(test_renju_black_overline_loses),
        cmocka_unit_test(test_renju_white_overline_wins),
        cmocka_unit_test(test_renju_double_three_loses),
        cmocka_unit_test(test_renju_split_three_double_three),
        cmocka_unit_test(test_renju_double_four_two_lines),
        cmocka_unit_test(test_renju_double_four_same_line),
        cmocka_unit_test(test_renju_double_four_same_line_pairs),
        cmocka_unit_test(test_renju_four_three_allowed),
        cmocka_unit_test(test_renju_three_blocked_one_side_allowed),
        cmocka_unit_test(test_renju_three_between_whites_allowed),
        cmocka_unit_test(test_renju_three_at_edge_allowed),
        cmocka_unit_test(test_renju_false_three_overline_point),
        cmocka_unit_test(test_renju_false_three_double_three_point),
        cmocka_unit_test(test_renju_five_with_double_four_wins),
        cmocka_unit_test(test_renju_five_with_overline_wins),
        cmocka_unit_test(test_renju_white_double_three_allowed),
        cmocka_unit_test(test_renju_query_with_white_to_move),
        cmocka_unit_test(test_renju_double_three_from_move_list),
        cmocka_unit_test(test_renju_play_agrees_with_forbidden),
        cmocka_unit_test(test_forbidden_errors),
        cmocka_unit_test(test_direct_empty_board),
        cmocka_unit_test(test_direct_single_three),
        cmocka_unit_test(test_direct_double_three_cross),
        cmocka_unit_test(test_direct_double_three_diagonals),
        cmocka_unit_test(test_direct_double_three_split),
        cmocka_unit_test(test_direct_double_four_cross),
        cmocka_unit_test(test_direct_double_four_same_line),
        cmocka_unit_test(test_direct_double_four_same_line_pairs),
        cmocka_unit_test(test_direct_double_four_same_line_triples),
        cmocka_unit_test(test_direct_open_four_alone),
        cmocka_unit_test(test_direct_open_four_plus_four),
        cmocka_unit_test(test_direct_overline_gap_is_not_four),
        cmocka_unit_test(test_direct_overline),
        cmocka_unit_test(test_direct_overline_before_double_four),
        cmocka_unit_test(test_direct_five_allowed),
        cmocka_unit_test(test_direct_five_with_overline),
        cmocka_unit_test(test_direct_five_with_double_four),
        cmocka_unit_test(test_direct_five_with_double_three),
        cmocka_unit_test(test_direct_double_four_before_double_three),
        cmocka_unit_test(test_direct_four_three),
        cmocka_unit_test(test_direct_blocked_three),
        cmocka_unit_test(test_direct_three_between_whites),
        cmocka_unit_test(test_direct_three_at_edge),
        cmocka_unit_test(test_direct_false_three_overline),
        cmocka_unit_test(test_direct_false_three_double_three),
        cmocka_unit_test(test_direct_scatter_allowed),
        cmocka_unit_test(test_direct_random_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
