/*
 * rules.c - the exact renju forbidden-move test for black.
 *
 * Definitions used (those of the RIF renju rules):
 *   five         exactly five black stones in a row. A move that makes one is never
 *                forbidden, whatever else it makes.
 *   overline     six or more in a row.
 *   four         a line of four that one more stone turns into a five. Counted per
 *                distinct completing stone set: an open four (.XXXX.) is one four, while
 *                X.XXX.X, XX.XX.XX and XXX.X.XXX (the move in the middle) are two fours
 *                on one line.
 *   straight four four in a row with two points that each make a five.
 *   three        a line that one more stone turns into a straight four, where that stone
 *                is itself not forbidden (checked recursively; each level adds a stone,
 *                so the recursion ends).
 * Forbidden: overline, two or more fours, two or more threes, in that order of priority,
 * and only when the move makes no five.
 *
 * Every line is read once into an 11-cell window centred on the move (offsets -5..+5,
 * which the PAD wall cells make safe to read); fives, fours and straight fours can all be
 * decided inside that window. Only the recursive three check touches the board itself.
 */
#include "rules.h"

#define W 11 /* window cells: offsets -5..+5 */
#define MID 5

/* Length of the black run through the centre, treating window cells e1 and e2 (-1: none)
 * as black too. A run touching either window end is at least 6 long, which is all the
 * callers need to know. */
static int run_len(const uint8_t *l, int e1, int e2)
{
    int a = MID, b = MID;
    while (a > 0 && (l[a - 1] == C_BLACK || a - 1 == e1 || a - 1 == e2))
        a--;
    while (b < W - 1 && (l[b + 1] == C_BLACK || b + 1 == e1 || b + 1 == e2))
        b++;
    return b - a + 1;
}

/* Empty window cells that would complete exactly five through the centre, with window
 * cell `extra` (-1: none) also black; the line must make no five yet. Writes them to pts
 * in increasing order and returns how many. On one line there are at most two (checked
 * exhaustively over every window), and two exactly five apart are the two ends of one
 * straight four. */
static int five_points(const uint8_t *l, int extra, int pts[2])
{
    int n = 0;
    for (int i = MID - 4; i <= MID + 4 && n < 2; i++)
        if (i != MID && i != extra && l[i] == C_EMPTY && run_len(l, extra, i) == 5)
            pts[n++] = i;
    return n;
}

/* Number of fours on this line through the centre (0, 1 or 2). */
static int fours_on_line(const uint8_t *l)
{
    int pts[2];
    int n = five_points(l, -1, pts);
    if (n == 2 && pts[1] - pts[0] == 5)
        return 1; /* open four: both points finish the same four stones */
    return n;
}

/* Does a black stone at window cell j make a straight four through the centre? */
static int makes_straight_four(const uint8_t *l, int j)
{
    int pts[2];
    return five_points(l, j, pts) == 2 && pts[1] - pts[0] == 5;
}

int gomoku__renju_forbidden(uint8_t *cell, int stride, int idx)
{
    const int step[NDIR] = {1, stride, stride + 1, stride - 1};
    uint8_t line[NDIR][W];
    int nblack[NDIR];
    int busy = 0, rich = 0;

    /* Quick reject: a three or four needs two other black stones within four cells on
     * its line; five, overline or two fours on one line need four. Without two such
     * lines, or one line with four stones, nothing can be forbidden. */
    for (int d = 0; d < NDIR; d++) {
        int n = 0;
        for (int k = 0; k < W; k++) {
            uint8_t c = cell[idx + (k - MID) * step[d]];
            line[d][k] = c;
            if (c == C_BLACK && k >= MID - 4 && k <= MID + 4)
                n++;
        }
        line[d][MID] = C_BLACK;
        nblack[d] = n;
        if (n >= 2)
            busy++;
        if (n >= 4)
            rich++;
    }
    if (busy < 2 && rich == 0)
        return GOMOKU_FORBID_NONE;

    /* A five outranks everything, so look at every line before judging an overline. */
    int overline = 0;
    for (int d = 0; d < NDIR; d++) {
        if (nblack[d] < 4)
            continue;
        int r = run_len(line[d], -1, -1);
        if (r == 5)
            return GOMOKU_FORBID_NONE;
        if (r > 5)
            overline = 1;
    }
    if (overline)
        return GOMOKU_FORBID_OVERLINE;

    int fours = 0, has_four[NDIR] = {0};
    for (int d = 0; d < NDIR; d++) {
        if (nblack[d] < 3)
            continue; /* a four needs three other stones in the window */
        has_four[d] = fours_on_line(line[d]);
        fours += has_four[d];
    }
    if (fours >= 2)
        return GOMOKU_FORBID_DOUBLE_FOUR;

    /* Threes: first the cheap shape test (a point giving a straight four), then the
     * recursive test of those points, only when two lines have such a shape. A line that
     * already holds a four is not a three as well. */
    int cand[NDIR][W];
    int ncand[NDIR] = {0};
    int lines = 0;
    for (int d = 0; d < NDIR; d++) {
        if (nblack[d] < 2 || has_four[d])
            continue;
        for (int j = MID - 3; j <= MID + 3; j++)
            if (j != MID && line[d][j] == C_EMPTY && makes_straight_four(line[d], j))
                cand[d][ncand[d]++] = j;
        if (ncand[d] > 0)
            lines++;
    }
    if (lines < 2)
        return GOMOKU_FORBID_NONE;

    int threes = 0;
    cell[idx] = C_BLACK;
    for (int d = 0; d < NDIR && threes < 2 && threes + lines >= 2; d++) {
        if (ncand[d] == 0)
            continue;
        lines--;
        for (int c = 0; c < ncand[d]; c++) {
            int p = idx + (cand[d][c] - MID) * step[d];
            if (gomoku__renju_forbidden(cell, stride, p) == GOMOKU_FORBID_NONE) {
                threes++;
                break;
            }
        }
    }
    cell[idx] = C_EMPTY;
    return threes >= 2 ? GOMOKU_FORBID_DOUBLE_THREE : GOMOKU_FORBID_NONE;
}
