/*
 * eval.c - the static evaluation: a weighted count of line patterns, plus the rules of
 * whose turn it is. All counts are kept incrementally by board.c, so evaluating is a few
 * dozen multiplications whatever the board size.
 */
#include "internal.h"

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
};

void gomoku_default_weights(gomoku_weights *out)
{
    if (out)
        *out = default_weights;
}

static int weighted(const board *b, int side, const int *w)
{
    int sum = 0;
    for (int p = P_ONE; p <= P_FIVE; p++)
        sum += w[PAT_PUBLIC(p)] * b->npat[side][p];
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
    int score = weighted(b, me, w->own) - weighted(b, opp, w->opp);
    int cap = w->win_score / 2 - 1;
    return score > cap ? cap : score < -cap ? -cap : score;
}

void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w)
{
    out->score = gomoku__evaluate(b, w);
    out->side_to_move = b->side;
    out->custom = 0;
    for (int s = 0; s < 2; s++) {
        for (int p = P_ONE; p <= P_FIVE; p++)
            out->patterns[s][PAT_PUBLIC(p)] = b->npat[s][p];
        out->pattern_score[s] = weighted(b, s, w->own);
    }
}
