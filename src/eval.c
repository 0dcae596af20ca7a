/*
 * eval.c - the static evaluation: a weighted count of line patterns, plus the rules of
 * whose turn it is. All counts are kept incrementally by board.c, so evaluating is a few
 * dozen multiplications whatever the board size.
 */
#include "internal.h"

#include <limits.h>

/*
 * Default weights. A pattern point counts for the side that could play it. The values
 * were set by reasoning about what each shape threatens, in the ratio a shape one step
 * stronger is worth three to five times more, and that the opponent's shapes (who moves
 * second) are worth a little less than the mover's own; they are a starting point for
 * tuning through gomoku_set_weights().
 * Index order is gomoku_pattern's: FIVE, OPEN_FOUR, FOUR, OPEN_THREE, THREE, OPEN_TWO,
 * TWO, ONE.
 */
static const gomoku_weights default_weights = {
    .own = {5000, 1500, 400, 300, 70, 40, 10, 2},
    .opp = {3000, 1000, 250, 200, 50, 30, 8, 2},
    .win_score = 20000,
    /* Combination points (double three, four-three, open four). Measured: 65.5/120 in
     * self-play against the same engine without them (bench/ab-match.py, 200k nodes a
     * move, freestyle, standard and renju), where 300/800, 150/350/200 gave 65.5 and
     * 1200/3000, 600/1500/800 gave 61; doubling only the opponent's gave 60. The mover's
     * open-four point is already a static win when it counts. */
    .combo_own = {600, 1500, 0},
    .combo_opp = {300, 700, 400},
};

/*
 * A fitted set, measured and not adopted: bench/texel-tune.py on 6000 self-play games at
 * 50k nodes a move gave own {5000, 1500, 437, 242, 103, 36, 4, 0}, opp {3000, 1187, 441,
 * 174, 85, 17, 0, 0}, combos own {0, 4275, 0}, opp {0, 949, 47} (held-out cross-entropy
 * 0.489 -> 0.440 at the same scale). Against these hand-set weights it scored 209/360
 * (58.1%) at 200k nodes a move but 55.5/120 (46.3%) at 1M (bench/ab-match.py), so the
 * gain does not last at the node counts of real play; and it made the textbook search,
 * which evaluates with the same defaults, a much stronger opponent (the strong search
 * then scored 80% instead of 90% against it in freestyle, examples/gomoku-match).
 */

/* The internal cell class of each gomoku_combo. */
static const int combo_class[GOMOKU_COMBO_COUNT] = {K_DOUBLE_THREE, K_FOUR_THREE, K_OPEN_FOUR};

/* The side's count of combination point c (renju: black's double threes are forbidden
 * moves, not threats). */
static inline int combo_count(const board *b, int side, int c)
{
    if (c == GOMOKU_COMBO_DOUBLE_THREE && side == 0 && b->rule == GOMOKU_RENJU)
        return 0;
    return b->ncls[side][combo_class[c]];
}

void gomoku_default_weights(gomoku_weights *out)
{
    if (out)
        *out = default_weights;
}

/* In 64 bits: weights up to 1,000,000 times counts up to four a cell overflow an int on
 * boards from 24x24 (found by fuzz/fuzz_api.c). */
static long long weighted(const board *b, int side, const int *w, const int *cw)
{
    long long sum = 0;
    for (int p = P_ONE; p <= P_FIVE; p++)
        sum += (long long)w[PAT_PUBLIC(p)] * b->npat[side][p];
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        sum += (long long)cw[c] * combo_count(b, side, c);
    return sum;
}

int gomoku__evaluate(const board *b, const gomoku_weights *w)
{
    int me = b->side - 1, opp = 1 - me;
    /* A four on the mover's turn is a win. */
    if (b->ncls[me][K_FIVE] > 0)
        return w->win_score;
    /* Two different five points of the opponent cannot both be blocked. */
    if (b->ncls[opp][K_FIVE] >= 2)
        return -w->win_score;
    /* An open three on the mover's turn becomes an open four: as good as a four, unless the
     * opponent has a four to answer with, or (renju) black's open four point may be a
     * forbidden double four. */
    if (b->ncls[opp][K_FIVE] == 0 && b->ncls[me][K_OPEN_FOUR] > 0 &&
        !(b->rule == GOMOKU_RENJU && b->side == C_BLACK))
        return w->win_score / 2;
    long long score = weighted(b, me, w->own, w->combo_own) - weighted(b, opp, w->opp, w->combo_opp);
    /* Below half a static win; never negative (win_score may be as small as 1, where the
     * bound would otherwise turn every score around). */
    long long cap = w->win_score / 2 - 1 > 0 ? w->win_score / 2 - 1 : 0;
    return (int)(score > cap ? cap : score < -cap ? -cap : score);
}

void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w)
{
    out->score = gomoku__evaluate(b, w);
    out->side_to_move = b->side;
    out->custom = 0;
    for (int s = 0; s < 2; s++) {
        for (int p = P_ONE; p <= P_FIVE; p++)
            out->patterns[s][PAT_PUBLIC(p)] = b->npat[s][p];
        for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
            out->combos[s][c] = combo_count(b, s, c);
        long long ps = weighted(b, s, w->own, w->combo_own);
        out->pattern_score[s] = ps > INT_MAX ? INT_MAX : (int)ps; /* weights are >= 0 */
    }
}
