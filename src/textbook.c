/*
 * textbook.c - the four textbook searches (minimax, minimax with alpha-beta, negamax,
 * negamax with alpha-beta), written once over the public gomoku_game callbacks so that
 * any two-player zero-sum game with alternating moves can be searched. The Gomoku board
 * is only one such game (textbook_gomoku.c).
 *
 * These searches exist to be read, measured and compared, not to play well: fixed depth,
 * no hash table, no quiescence. They are kept deliberately parallel so the oracles hold:
 *   - minimax and negamax visit the same nodes in the same order and return the same
 *     value, best move and principal variation;
 *   - the two alpha-beta variants do the same among themselves, and return the minimax
 *     value (and, over the same ordered tree, the same best move) while visiting a subset
 *     of its nodes: strictly fewer exactly when at least one cut-off skipped a move.
 * Ties keep the first best move in search order, everywhere.
 */
#include "textbook.h"
#include "timeman.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Larger than any score, and safe to negate. Scores coming from a game are clamped to
 * well inside it, so that mate-distance adjustments can never overflow. */
#define TB_INF (INT_MAX / 2)
#define SCORE_CLAMP (TB_INF - 2 * GOMOKU_MAX_PV - 1)

/* Move lists start at this capacity per ply and grow when a game needs more. A generate()
 * that fills the whole buffer may have been cut short, so it is called again with more
 * room; this bounds how far that goes for a broken callback. */
#define MOVES_INITIAL 256
#define MOVES_MAX (1 << 22)

typedef struct search_ctx {
    const gomoku_game *game;
    int order;              /* order moves at interior nodes */
    int prune_percent;      /* forward pruning of the worst moves after ordering */
    long long node_limit;   /* 0 = none */
    int aborted;            /* node limit hit or an error: unwind without using values */
    int error;              /* GOMOKU_E* when a callback misbehaved or memory ran out */

    long long nodes;
    long long evaluations;
    long long cutoffs;
    long long interior;     /* nodes whose moves were searched */
    long long searched;     /* moves searched at those nodes */

    int *moves[GOMOKU_MAX_PV + 1];
    int *keys[GOMOKU_MAX_PV + 1];
    int cap[GOMOKU_MAX_PV + 1];

    /* Triangular PV array: pv[ply][ply .. pvlen[ply] - 1] is the best line found from the
     * node at `ply`, written when that node's best move improves. */
    int pv[GOMOKU_MAX_PV + 1][GOMOKU_MAX_PV + 1];
    int pvlen[GOMOKU_MAX_PV + 1];
} search_ctx;

void gomoku_textbook_options_init(gomoku_textbook_options *opts)
{
    if (!opts)
        return;
    memset(opts, 0, sizeof *opts);
    opts->version = GOMOKU_TEXTBOOK_OPTIONS_VERSION;
    opts->depth = 2;
    opts->radius = 2;
    opts->ordering = 1;
    opts->prune_percent = 0;
    opts->node_limit = 0;
}

static int clamp_score(int s)
{
    return s > SCORE_CLAMP ? SCORE_CLAMP : s < -SCORE_CLAMP ? -SCORE_CLAMP : s;
}

/* A game result reached `ply` plies below the root: the further away a win, the less it
 * is worth (and a loss the less it costs), so the search prefers short wins and long
 * losses. */
static int mate_adjust(int s, int ply)
{
    if (s >= GOMOKU_SCORE_WIN_MIN)
        return s - ply;
    if (s <= -GOMOKU_SCORE_WIN_MIN)
        return s + ply;
    return s;
}

static int evaluate(search_ctx *c)
{
    c->evaluations++;
    return clamp_score(c->game->evaluate(c->game->state));
}

/* 1 and the adjusted score (side to move's view) when the position is over. */
static int terminal(search_ctx *c, int ply, int *score)
{
    int s = 0;
    if (!c->game->terminal(c->game->state, &s))
        return 0;
    *score = mate_adjust(clamp_score(s), ply);
    return 1;
}

static void fail(search_ctx *c, int code)
{
    if (!c->error)
        c->error = code;
    c->aborted = 1;
}

/* Fills c->moves[ply]; returns their number, or -1 after fail(). */
static int generate(search_ctx *c, int ply)
{
    for (;;) {
        if (!c->moves[ply]) {
            c->moves[ply] = malloc((size_t)c->cap[ply] * sizeof(int));
            c->keys[ply] = malloc((size_t)c->cap[ply] * sizeof(int));
            if (!c->moves[ply] || !c->keys[ply]) {
                fail(c, GOMOKU_ENOMEM);
                return -1;
            }
        }
        int n = c->game->generate(c->game->state, c->moves[ply], c->cap[ply]);
        if (n < 0) {
            fail(c, GOMOKU_EINVAL);
            return -1;
        }
        if (n < c->cap[ply]) {
            for (int i = 0; i < n; i++)
                if (c->moves[ply][i] < 0) {
                    fail(c, GOMOKU_EINVAL);
                    return -1;
                }
            return n;
        }
        if (c->cap[ply] >= MOVES_MAX) {
            fail(c, GOMOKU_EINVAL);
            return -1;
        }
        free(c->moves[ply]);
        free(c->keys[ply]);
        c->moves[ply] = c->keys[ply] = NULL;
        int grown = n > c->cap[ply] ? n : c->cap[ply];
        c->cap[ply] = grown >= MOVES_MAX / 2 ? MOVES_MAX : grown * 2;
    }
}

/*
 * Orders the n moves at `ply` best first for the side to move, by the static value of the
 * position after each move (or its result when the move ends the game), then drops the
 * worst prune_percent of them. The sort is stable, so equal moves keep generation order.
 * Returns the number of moves to search.
 */
static int order_moves(search_ctx *c, int ply, int n)
{
    const gomoku_game *g = c->game;
    int *m = c->moves[ply], *k = c->keys[ply];
    for (int i = 0; i < n; i++) {
        int s;
        g->make(g->state, m[i]);
        k[i] = terminal(c, ply + 1, &s) ? -s : -evaluate(c);
        g->unmake(g->state, m[i]);
    }
    for (int i = 1; i < n; i++) {
        int mv = m[i], kv = k[i], j = i;
        for (; j > 0 && k[j - 1] < kv; j--) {
            m[j] = m[j - 1];
            k[j] = k[j - 1];
        }
        m[j] = mv;
        k[j] = kv;
    }
    int keep = n - (int)((long long)n * c->prune_percent / 100);
    return keep < 1 ? 1 : keep;
}

/*
 * What every node does first. Returns -1 when the search must unwind (node limit or
 * error), 1 for a leaf with its value in *value (side to move's view), 0 for an interior
 * node with its moves (already ordered and pruned) in c->moves[ply][0 .. *n - 1].
 */
static int node_enter(search_ctx *c, int depth, int ply, int *value, int *n)
{
    if (c->aborted)
        return -1;
    if (c->node_limit && c->nodes >= c->node_limit) {
        c->aborted = 1;
        return -1;
    }
    c->nodes++;
    c->pvlen[ply] = ply;
    if (terminal(c, ply, value))
        return 1;
    if (depth == 0) {
        *value = evaluate(c);
        return 1;
    }
    int count = generate(c, ply);
    if (count < 0)
        return -1;
    if (count == 0) { /* not over, yet no move: all the game can tell is its static value */
        *value = evaluate(c);
        return 1;
    }
    /* At a frontier node (depth 1) ordering would cost exactly the evaluations it could
     * save, so it is done there only when forward pruning needs the order. */
    if (count > 1 && (c->prune_percent > 0 || (c->order && depth > 1)))
        count = order_moves(c, ply, count);
    c->interior++;
    *n = count;
    return 0;
}

static void pv_update(search_ctx *c, int ply, int move)
{
    c->pv[ply][ply] = move;
    int len = c->pvlen[ply + 1];
    for (int i = ply + 1; i < len; i++)
        c->pv[ply][i] = c->pv[ply + 1][i];
    c->pvlen[ply] = len > ply + 1 ? len : ply + 1;
}

/* Plain minimax. Values are from the root side's point of view: the root side maximises. */
static int minimax(search_ctx *c, int depth, int ply, int maximising)
{
    int v, n;
    int r = node_enter(c, depth, ply, &v, &n);
    if (r)
        return r < 0 ? 0 : maximising ? v : -v;
    const gomoku_game *g = c->game;
    int best = maximising ? -TB_INF : TB_INF;
    for (int i = 0; i < n; i++) {
        int m = c->moves[ply][i];
        g->make(g->state, m);
        v = minimax(c, depth - 1, ply + 1, !maximising);
        g->unmake(g->state, m);
        if (c->aborted)
            break;
        c->searched++;
        if (maximising ? v > best : v < best) {
            best = v;
            pv_update(c, ply, m);
        }
    }
    return best;
}

/* Minimax with alpha-beta (fail-soft): the value is exact when it lies inside
 * (alpha, beta), otherwise a bound on the side it fell. */
static int alphabeta(search_ctx *c, int depth, int ply, int alpha, int beta, int maximising)
{
    int v, n;
    int r = node_enter(c, depth, ply, &v, &n);
    if (r)
        return r < 0 ? 0 : maximising ? v : -v;
    const gomoku_game *g = c->game;
    int best = maximising ? -TB_INF : TB_INF;
    for (int i = 0; i < n; i++) {
        int m = c->moves[ply][i];
        g->make(g->state, m);
        v = alphabeta(c, depth - 1, ply + 1, alpha, beta, !maximising);
        g->unmake(g->state, m);
        if (c->aborted)
            break;
        c->searched++;
        if (maximising) {
            if (v > best) {
                best = v;
                pv_update(c, ply, m);
                if (v > alpha)
                    alpha = v;
            }
            if (best >= beta) {
                c->cutoffs += i < n - 1; /* a cut-off on the last move skips nothing */
                break;
            }
        } else {
            if (v < best) {
                best = v;
                pv_update(c, ply, m);
                if (v < beta)
                    beta = v;
            }
            if (best <= alpha) {
                c->cutoffs += i < n - 1;
                break;
            }
        }
    }
    return best;
}

/* Negamax: every value is from the side to move's point of view at its own node. */
static int negamax(search_ctx *c, int depth, int ply)
{
    int v, n;
    int r = node_enter(c, depth, ply, &v, &n);
    if (r)
        return r < 0 ? 0 : v;
    const gomoku_game *g = c->game;
    int best = -TB_INF;
    for (int i = 0; i < n; i++) {
        int m = c->moves[ply][i];
        g->make(g->state, m);
        v = -negamax(c, depth - 1, ply + 1);
        g->unmake(g->state, m);
        if (c->aborted)
            break;
        c->searched++;
        if (v > best) {
            best = v;
            pv_update(c, ply, m);
        }
    }
    return best;
}

/* Negamax with alpha-beta (fail-soft), the mirror image of alphabeta() above. */
static int negamax_ab(search_ctx *c, int depth, int ply, int alpha, int beta)
{
    int v, n;
    int r = node_enter(c, depth, ply, &v, &n);
    if (r)
        return r < 0 ? 0 : v;
    const gomoku_game *g = c->game;
    int best = -TB_INF;
    for (int i = 0; i < n; i++) {
        int m = c->moves[ply][i];
        g->make(g->state, m);
        v = -negamax_ab(c, depth - 1, ply + 1, -beta, -alpha);
        g->unmake(g->state, m);
        if (c->aborted)
            break;
        c->searched++;
        if (v > best) {
            best = v;
            pv_update(c, ply, m);
            if (v > alpha)
                alpha = v;
        }
        if (best >= beta) {
            c->cutoffs += i < n - 1;
            break;
        }
    }
    return best;
}

static void ctx_free(search_ctx *c)
{
    for (int i = 0; i <= GOMOKU_MAX_PV; i++) {
        free(c->moves[i]);
        free(c->keys[i]);
    }
    free(c);
}

/* Where each version of gomoku_textbook_options ended (see gomoku__read_versioned()). */
static const size_t options_end[GOMOKU_TEXTBOOK_OPTIONS_VERSION + 1] = {
    [1] = offsetof(gomoku_textbook_options, node_limit) + sizeof(long long),
};

int gomoku__textbook_options(gomoku_textbook_options *o, gomoku_algo algo,
                             const gomoku_textbook_options *opts)
{
    if (!opts)
        gomoku_textbook_options_init(o);
    else if (gomoku__read_versioned(o, sizeof *o, opts, options_end,
                                    GOMOKU_TEXTBOOK_OPTIONS_VERSION) != GOMOKU_OK)
        return GOMOKU_EVERSION;
    if ((int)algo < GOMOKU_ALGO_MINIMAX || (int)algo > GOMOKU_ALGO_NEGAMAX_AB || o->depth < 1 ||
        o->depth > GOMOKU_MAX_PV || o->prune_percent < 0 || o->prune_percent > 90 ||
        o->node_limit < 0)
        return GOMOKU_EINVAL;
    return GOMOKU_OK;
}

int gomoku_game_search(gomoku_textbook_result *out, const gomoku_game *game, gomoku_algo algo,
                       const gomoku_textbook_options *options)
{
    if (!out || !game || !game->generate || !game->make || !game->unmake || !game->evaluate ||
        !game->terminal)
        return GOMOKU_EINVAL;
    gomoku_textbook_options o;
    const gomoku_textbook_options *opts = &o;
    int rc = gomoku__textbook_options(&o, algo, options);
    if (rc)
        return rc;

    search_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return GOMOKU_ENOMEM;
    c->game = game;
    c->order = opts->ordering != 0;
    c->prune_percent = opts->prune_percent;
    c->node_limit = opts->node_limit;
    for (int i = 0; i <= GOMOKU_MAX_PV; i++)
        c->cap[i] = MOVES_INITIAL;

    /* A finished game or one without moves has nothing to search. This look uses the
     * callbacks but counts nothing. */
    int s;
    if (game->terminal(game->state, &s)) {
        ctx_free(c);
        return GOMOKU_ENOMOVE;
    }
    int n = generate(c, 0);
    if (n <= 0) {
        int rc = n < 0 ? c->error : GOMOKU_ENOMOVE;
        ctx_free(c);
        return rc;
    }

    double start = gomoku__now_ms();
    int depth = opts->depth, value = 0;
    switch (algo) {
    case GOMOKU_ALGO_MINIMAX:
        value = minimax(c, depth, 0, 1);
        break;
    case GOMOKU_ALGO_ALPHABETA:
        value = alphabeta(c, depth, 0, -TB_INF, TB_INF, 1);
        break;
    case GOMOKU_ALGO_NEGAMAX:
        value = negamax(c, depth, 0);
        break;
    case GOMOKU_ALGO_NEGAMAX_AB:
        value = negamax_ab(c, depth, 0, -TB_INF, TB_INF);
        break;
    }
    if (c->error) {
        int rc = c->error;
        ctx_free(c);
        return rc;
    }

    gomoku_textbook_result r;
    memset(&r, 0, sizeof r);
    r.depth = depth;
    r.complete = !c->aborted;
    if (c->pvlen[0] > 0) {
        r.value = value;
        r.pv_length = c->pvlen[0];
        for (int i = 0; i < r.pv_length; i++) {
            r.pv[i].x = c->pv[0][i];
            r.pv[i].y = 0;
        }
    } else {
        /* The node limit stopped the search before any root move was finished: the
         * first move in search order, valued statically, is all there is. */
        r.value = evaluate(c);
        r.pv_length = 1;
        r.pv[0].x = c->moves[0][0];
        r.pv[0].y = 0;
    }
    r.best = r.pv[0];
    r.stats.nodes = c->nodes;
    r.stats.evaluations = c->evaluations;
    r.stats.cutoffs = c->cutoffs;
    r.stats.branching = c->interior ? (double)c->searched / (double)c->interior : 0.0;
    r.stats.time_ms = gomoku__now_ms() - start;
    *out = r;
    ctx_free(c);
    return GOMOKU_OK;
}
