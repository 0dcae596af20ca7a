/*
 * eval.c - the static evaluation: the rules of whose turn it is, then one of two models
 * (gomoku_eval_model). The weights' model is a weighted count of line patterns and
 * combination points. The fitted model values each empty cell by the combination of its
 * four line patterns, from the tables of eval_table.c (bench/fit-combo.py), as the
 * mover's cell or the opponent's. All counts and sums are kept incrementally by board.c,
 * so evaluating is a few dozen multiplications whatever the board size.
 */
#include "eval_table.h"
#include "internal.h"

#include <limits.h>
#include <pthread.h>

/*
 * Default weights. A pattern point counts for the side that could play it. The values
 * were set by reasoning about what each shape threatens, in the ratio a shape one step
 * stronger is worth three to five times more, and that the opponent's shapes (who moves
 * second) are worth less than the mover's own; they are a starting point for tuning
 * through gomoku_set_weights().
 * The opponent's three and two points are 0.58-0.70 of the mover's: having the move is
 * worth more here than its shapes alone. Against the reference engine at 200 ms a move
 * these scored +2.8, +6.9 and +2.8 points in 200 games (freestyle, standard, renju) over
 * the opponent's 200, 50, 30, 8, while values that do not depend on who is to move (226,
 * 55, 33, 9) lost 6.2 in freestyle (docs/strength.md, "The larger tempo kept").
 * Index order is gomoku_pattern's: FIVE, OPEN_FOUR, FOUR, OPEN_THREE, THREE, OPEN_TWO,
 * TWO, ONE.
 */
static const gomoku_weights default_weights = {
    .own = {5000, 1500, 400, 300, 70, 40, 10, 2},
    .opp = {3000, 1000, 250, 174, 45, 27, 7, 2},
    .win_score = 20000,
    /* Combination points (double three, four-three, open four). Measured: 65.5/120 in
     * self-play against the same engine without them (bench/ab-match.py, 200k nodes a
     * move, freestyle, standard and renju); about half these values scored the same,
     * twice them 61/120, the opponent's alone doubled 60/120. The mover's open-four point
     * is already a static win when it counts. */
    .combo_own = {600, 1500, 0},
    .combo_opp = {300, 700, 400},
};

/*
 * Why the defaults stay hand-set: weights fitted by bench/texel-tune.py to who won 6000
 * self-play games scored 58.1% of 360 games against them at 200k nodes a move but 46.3%
 * of 120 at 1M (bench/ab-match.py), so the gain does not last at the node counts of real
 * play; and they made the textbook search, which evaluates with the same defaults, a much
 * stronger opponent (docs/measurements.md, "Tried and not kept").
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

/* ---- the fitted model: a value per combination of a cell's four patterns ---- */

/* Which gomoku__combo_fitted table scores the cells under each rule. Standard and renju
 * read freestyle's for both colours: the line patterns already tell an exact five from an
 * overline (and black's forbidden shapes in renju), and that table, fitted to what our
 * search finds, played better in both rules than the weights and than their own tables
 * (default_model below). Caro, which has no games to fit on, keeps the table fitted to
 * standard's game results. Renju's own tables (2 and 3, per colour) stay in eval_table.c
 * as bench/fit-combo.py's base; the library does not read them. */
static int table_of(int rule, int colour)
{
    (void)colour;
    return rule == GOMOKU_CARO ? 1 : 0;
}

/* The tables by base-9 index (every order of the four patterns), built once. */
static gomoku__eval_pair raw_table[EVAL_TABLES][EVAL_RAW];
static pthread_once_t raw_once = PTHREAD_ONCE_INIT;

int gomoku__combo_index(const uint8_t p[NDIR])
{
    /* The rank of the sorted codes a <= b <= c <= d among all such, in the order of the
     * nested loops that enumerate them (bench/fit-combo.py combos()). */
    uint8_t q[NDIR] = {p[0], p[1], p[2], p[3]};
    for (int i = 1; i < NDIR; i++)
        for (int j = i; j > 0 && q[j - 1] > q[j]; j--) {
            uint8_t t = q[j];
            q[j] = q[j - 1];
            q[j - 1] = t;
        }
    int rank = 0;
    for (int a = 0; a < 9; a++)
        for (int b = a; b < 9; b++)
            for (int c = b; c < 9; c++)
                for (int d = c; d < 9; d++, rank++)
                    if (a == q[0] && b == q[1] && c == q[2] && d == q[3])
                        return rank;
    return -1;
}

static void build_raw(void)
{
    for (int i = 0; i < EVAL_RAW; i++) {
        uint8_t p[NDIR] = {(uint8_t)(i % 9), (uint8_t)(i / 9 % 9), (uint8_t)(i / 81 % 9),
                           (uint8_t)(i / 729)};
        int c = gomoku__combo_index(p);
        for (int t = 0; t < EVAL_TABLES; t++) {
            raw_table[t][i].own = gomoku__combo_fitted[t][0][c];
            raw_table[t][i].opp = gomoku__combo_fitted[t][1][c];
        }
    }
}

const gomoku__eval_pair *gomoku__eval_table(int rule, int colour)
{
    pthread_once(&raw_once, build_raw);
    return raw_table[table_of(rule, colour)];
}

/* The model GOMOKU_EVAL_DEFAULT picks per rule. Tables fitted to who won the game lost
 * to the weights in every rule. Freestyle's table is fitted instead to what our own search
 * finds (a 100,000-node search of each position): the pruning that trusts the static
 * value needs it to predict a deeper search, not the game's end. With it the engine
 * scored 6.7 to 7.4 points more against the reference engine at 200 ms a move, in three
 * runs of 200 games (docs/strength.md, "The evaluation fitted to our own search").
 * Standard and renju play it too, on the fractional search whose margins are set for its
 * spread (the weights' is about 1.4 times as wide); at 200 ms a move, standard +17.0 +-
 * 8.8 points over the weights on the integer search, renju +8.2 +- 6.9 over the weights
 * on the fractional search (renju's own tables there: -6.1 +- 9.5; docs/strength.md,
 * "Freestyle's tables in standard and renju"). Caro keeps the weights. */
static const int default_model[4] = {GOMOKU_EVAL_FITTED, GOMOKU_EVAL_FITTED,
                                     GOMOKU_EVAL_FITTED, GOMOKU_EVAL_WEIGHTS};

int gomoku__eval_model(int model, int rule)
{
    return model == GOMOKU_EVAL_DEFAULT ? default_model[rule] : model;
}

/* The turn rules, which no count of patterns overrides: 1 and the score in *v when they
 * decide. */
static int turn_rules(const board *b, int win_score, int *v)
{
    int me = b->side - 1, opp = 1 - me;
    /* A four on the mover's turn is a win. */
    if (b->ncls[me][K_FIVE] > 0) {
        *v = win_score;
        return 1;
    }
    /* Two different five points of the opponent cannot both be blocked. */
    if (b->ncls[opp][K_FIVE] >= 2) {
        *v = -win_score;
        return 1;
    }
    /* An open three on the mover's turn becomes an open four: as good as a four, unless the
     * opponent has a four to answer with, or (renju) black's open four point may be a
     * forbidden double four. */
    if (b->ncls[opp][K_FIVE] == 0 && b->ncls[me][K_OPEN_FOUR] > 0 &&
        !(b->rule == GOMOKU_RENJU && b->side == C_BLACK)) {
        *v = win_score / 2;
        return 1;
    }
    return 0;
}

/* Below half a static win; never negative (win_score may be as small as 1, where the
 * bound would otherwise turn every score around). */
static int capped(long long score, int win_score)
{
    long long cap = win_score / 2 - 1 > 0 ? win_score / 2 - 1 : 0;
    return (int)(score > cap ? cap : score < -cap ? -cap : score);
}

int gomoku__evaluate(const board *b, const gomoku_weights *w)
{
    int v, me = b->side - 1, opp = 1 - me;
    if (turn_rules(b, w->win_score, &v))
        return v;
    long long score = weighted(b, me, w->own, w->combo_own) - weighted(b, opp, w->opp, w->combo_opp);
    return capped(score, w->win_score);
}

int gomoku__evaluate_fitted(const board *b, int win_score)
{
    int v, me = b->side - 1, opp = 1 - me;
    if (turn_rules(b, win_score, &v))
        return v;
    return capped((long long)b->esum[me][0] - b->esum[opp][1] + b->eoff[me], win_score);
}

int gomoku__evaluate_model(const board *b, const gomoku_weights *w, int model)
{
    /* The board keeps the sums whenever the engine's model is the fitted one (api.c). */
    return model == GOMOKU_EVAL_FITTED && b->fitted ? gomoku__evaluate_fitted(b, w->win_score)
                                                    : gomoku__evaluate(b, w);
}

void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w,
                       int model)
{
    out->score = gomoku__evaluate_model(b, w, model);
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
