/*
 * search.c - the strong search: iterative deepening, principal variation search with
 * aspiration windows, the engine's transposition table, threat-aware move generation,
 * a four-only quiescence search (a small VCF at the horizon), the VCF/VCT solvers of
 * threat.c around the root, time management and Lazy SMP threads.
 *
 * Threat-aware generation follows from the incremental cell classes of board.c:
 *   - the mover can make five: the node is a win, nothing to search;
 *   - the opponent has two five points: lost; one: blocking it is the only move;
 *   - the opponent has an open-four point (an open three, or a double four, on the
 *     board): only the moves that defend against it, and the mover's own fours;
 *   - otherwise every empty cell within distance 2 of a stone, ordered.
 * Single replies and short defence lists do not use up depth, so threat sequences are
 * read further than quiet play. Quiet moves are reduced (LMR) and, near the horizon,
 * pruned (LMP); a loss found with moves pruned is never reported as proven, so forced
 * results (mate scores) only come from lines in which every defence was searched.
 *
 * Around the root: a proven VCF/VCT of the mover ends the search at once; when the
 * opponent threatens one, root moves the solver proves lost are dropped; each new best
 * move (from depth 4) and the final choice are checked for a forced win of the opponent
 * by threes and fours, which the main search's horizon may not reach.
 *
 * Parameters marked "measured" below were set by the bench signature (nodes to a fixed
 * depth) together with the tactics file and self-play; the others by reasoning.
 *
 * Nothing here is global: every table lives in the per-thread state or in the engine.
 * The search unwinds by returning when a limit is hit or gomoku_stop() is called.
 */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, pthread_condattr_setclock */
#endif
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PLY 120        /* plies from the root, quiescence included */
#define MAX_DEPTH 100      /* iterations */
#define MAX_THREADS 64
#define DEFENCE_EXTEND 4  /* defence lists this short do not use up depth (measured) */
#define LMP_DEPTH 3       /* late move pruning at this depth and below (measured) */
#define LMP_BASE 6        /* (measured) */
#define LMP_STEP 4
#define LMR_FROM 4        /* moves searched at full depth before reductions (measured) */
#define QS_MAX 8          /* quiescence plies: four fours and their blocks (measured) */
#define THREAT_DEPTH 30    /* attacker moves of the root VCF/VCT */
#define VERIFY_MOVES 6     /* root moves the final check may try */
#define VERIFY_SHARE 0.1   /* of the clock, kept for the final check */
#define VERIFY_FROM 4      /* iterations from which the best move is checked */
#define MAX_VERIFIED 32
#define INF (GOMOKU_SCORE_WIN + 1)
#define WIN GOMOKU_SCORE_WIN

/* ---------------------------------------------------------------------------------- */
/* Clock                                                                               */
/* ---------------------------------------------------------------------------------- */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* ---------------------------------------------------------------------------------- */
/* Search state                                                                        */
/* ---------------------------------------------------------------------------------- */

typedef struct shared {
    gomoku_engine *engine;   /* the caller's engine: stop flag */
    struct tt *tt;
    double start;            /* now_ms() at the start */
    double hard_ms;          /* never search longer than this (0: no clock) */
    double soft_ms;          /* do not start another iteration after this (0: no clock) */
    long long node_limit;    /* 0: none */
    int max_depth;
    int nthreads;
    int root_n;              /* root moves every thread searches (after threat filtering) */
    int root_list[GOMOKU_MAX_CELLS];
    long long threat_nodes;  /* nodes of the root threat searches */
    long long verify_each;   /* budget of one threat check of a root move */
    int final_n;             /* the main thread's root order after its last iteration */
    int final_list[GOMOKU_MAX_CELLS];
    atomic_int abort_all;    /* set by the main thread when it is done: helpers unwind */
    atomic_llong helper_nodes;
} shared;

typedef struct box {
    int x0, y0, x1, y1;      /* bounding box of the stones; x0 > x1 when empty */
} box;

typedef struct thread {
    shared *sh;
    gomoku_engine *e;        /* engine whose board is searched (a copy for helpers) */
    board *b;
    int id;
    int stopped;
    long long nodes;
    long long flushed;       /* nodes already added to sh->helper_nodes */
    int seldepth;
    long long extra_nodes;   /* threat-check nodes of this thread, within the node limit */
    int nverified;           /* root moves the threat check found no refutation of */
    int verified[MAX_VERIFIED];
    int use_callback;
    int killer[MAX_PLY][2];
    int history[2][MAX_PADDED];
    int pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    box bx[MAX_PLY + 1];
    int moves[MAX_PLY][GOMOKU_MAX_CELLS];
    int scores[MAX_PLY][GOMOKU_MAX_CELLS];
    pthread_t handle;
    /* results of the last completed iteration (main thread) */
    int done_depth;
} thread;

/* ---------------------------------------------------------------------------------- */
/* Limits                                                                              */
/* ---------------------------------------------------------------------------------- */

static void slow_check(thread *t)
{
    shared *sh = t->sh;
    if (atomic_load_explicit(&sh->engine->stop, memory_order_relaxed) ||
        atomic_load_explicit(&sh->abort_all, memory_order_relaxed)) {
        t->stopped = 1;
        return;
    }
    if (sh->hard_ms > 0 && now_ms() - sh->start >= sh->hard_ms) {
        t->stopped = 1;
        return;
    }
    if (sh->nthreads > 1) {
        atomic_fetch_add(&sh->helper_nodes, t->nodes - t->flushed);
        t->flushed = t->nodes;
        if (sh->node_limit && atomic_load(&sh->helper_nodes) >= sh->node_limit)
            t->stopped = 1;
    }
}

/* Counts a node and says whether the search must unwind. With one thread the node limit
 * is exact, so node-limited searches repeat exactly. */
static inline int enter_node(thread *t, int ply)
{
    t->nodes++;
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (t->stopped)
        return 1;
    if (t->sh->nthreads == 1 && t->sh->node_limit &&
        t->nodes + t->extra_nodes >= t->sh->node_limit) {
        t->stopped = 1;
        return 1;
    }
    if ((t->nodes & 1023) == 0)
        slow_check(t);
    return t->stopped;
}

/* ---------------------------------------------------------------------------------- */
/* Board helpers                                                                       */
/* ---------------------------------------------------------------------------------- */


static box box_of_board(const board *b)
{
    box r = {b->size, b->size, -1, -1};
    for (int i = 0; i < b->nmoves; i++) {
        int x = board_x(b, b->moves[i]), y = board_y(b, b->moves[i]);
        if (x < r.x0) r.x0 = x;
        if (y < r.y0) r.y0 = y;
        if (x > r.x1) r.x1 = x;
        if (y > r.y1) r.y1 = y;
    }
    return r;
}

static inline void make(thread *t, int ply, int idx)
{
    box r = t->bx[ply];
    int x = board_x(t->b, idx), y = board_y(t->b, idx);
    if (x < r.x0) r.x0 = x;
    if (y < r.y0) r.y0 = y;
    if (x > r.x1) r.x1 = x;
    if (y > r.y1) r.y1 = y;
    t->bx[ply + 1] = r;
    gomoku__board_make(t->b, idx);
    gomoku__tt_prefetch(t->sh->tt, t->b->hash);
}

static inline void unmake(thread *t) { gomoku__board_unmake(t->b); }

/* The cells worth scanning: the stones' bounding box grown by `m`, on the board. */
static inline void scan_area(const thread *t, int ply, int m, int *x0, int *y0, int *x1,
                             int *y1)
{
    const box *r = &t->bx[ply];
    int n = t->b->size - 1;
    *x0 = r->x0 - m < 0 ? 0 : r->x0 - m;
    *y0 = r->y0 - m < 0 ? 0 : r->y0 - m;
    *x1 = r->x1 + m > n ? n : r->x1 + m;
    *y1 = r->y1 + m > n ? n : r->y1 + m;
}

/* Renju: would a black stone at the empty cell idx be forbidden? The exact test runs only
 * where it can be: two lines of three or better, an open-four line (a same-line double
 * four shows as one), or black stones that could join into an overline. */
static int black_forbidden(board *b, int idx) { return gomoku__black_forbidden(b, idx); }

/* Is the move idx illegal for the side to move (renju forbidden point)? */
static inline int illegal(board *b, int idx)
{
    return b->rule == GOMOKU_RENJU && b->side == C_BLACK && black_forbidden(b, idx);
}

/* ---------------------------------------------------------------------------------- */
/* Move generation and ordering                                                        */
/* ---------------------------------------------------------------------------------- */

/* Ordering weight of the shape a move makes on one line (own) or takes away from the
 * opponent (the opponent's shape at that cell). A five dominates everything, then what
 * cannot be stopped, then fours and open threes; the rest orders the quiet moves. */
static const int pat_value[P_NUM] = {
    [P_NONE] = 0, [P_ONE] = 1, [P_TWO] = 3, [P_OPEN_TWO] = 8, [P_THREE] = 10,
    [P_OPEN_THREE] = 30, [P_FOUR] = 35, [P_OPEN_FOUR] = 400, [P_FIVE] = 5000};
static const int own_class_bonus[K_NUM] = {
    [K_NONE] = 0, [K_THREE] = 0, [K_DOUBLE_THREE] = 300, [K_FOUR] = 0,
    [K_FOUR_THREE] = 1200, [K_OPEN_FOUR] = 2000, [K_FIVE] = 20000};
static const int opp_class_bonus[K_NUM] = {
    [K_NONE] = 0, [K_THREE] = 0, [K_DOUBLE_THREE] = 150, [K_FOUR] = 0,
    [K_FOUR_THREE] = 600, [K_OPEN_FOUR] = 1000, [K_FIVE] = 10000};

static inline int move_value(const board *b, int idx, int me)
{
    int opp = 1 - me, v = 0;
    int sh_me = me * 4, sh_opp = opp * 4;
    for (int d = 0; d < NDIR; d++) {
        v += 2 * pat_value[(b->pat[idx][d] >> sh_me) & 15];
        v += pat_value[(b->pat[idx][d] >> sh_opp) & 15];
    }
    return v + own_class_bonus[b->cls[idx][me]] + opp_class_bonus[b->cls[idx][opp]];
}

/* The opponent's five points (cells): writes up to cap of them, returns how many. */
static int five_points(thread *t, int ply, int side, int *out, int cap)
{
    board *b = t->b;
    int x0, y0, x1, y1, n = 0;
    scan_area(t, ply, 2, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++) {
        int idx = board_index(b, x0, y);
        for (int x = x0; x <= x1; x++, idx++)
            if (b->cls[idx][side] == K_FIVE) {
                if (n < cap)
                    out[n] = idx;
                n++;
            }
    }
    return n;
}

/* The opponent's five point inside the search: the opponent's last move made it (an
 * older one would have been blocked, or the game would be over), so it lies on a line
 * through that move, within four steps. Falls back to a scan to be safe. */
static int five_point_near_last(thread *t, int ply, int side)
{
    board *b = t->b;
    if (b->nmoves > 0) {
        int last = b->moves[b->nmoves - 1];
        for (int d = 0; d < NDIR; d++) {
            int step = b->dir_step[d];
            for (int sgn = -1; sgn <= 1; sgn += 2)
                for (int i = 1, q = last + sgn * step; i <= 4; i++, q += sgn * step) {
                    if (b->cell[q] == C_WALL)
                        break;
                    if (b->cell[q] == C_EMPTY && b->cls[q][side] == K_FIVE)
                        return q;
                }
        }
    }
    int q = 0;
    five_points(t, ply, side, &q, 1);
    return q;
}

static inline void add_unique(int *list, int *n, int idx)
{
    for (int i = 0; i < *n; i++)
        if (list[i] == idx)
            return;
    list[(*n)++] = idx;
}

/*
 * The opponent (side opp) has open-four points: the mover must stop them or make fours.
 * Stopping one means taking the point itself or a cell that would complete a five after
 * it, and those cells are ones where the opponent would make a four on that line. Writes
 * the defending moves plus the mover's fours; returns how many (0 when the threat is not
 * real, e.g. every black open-four point is forbidden in renju).
 */
static int gen_defence(thread *t, int ply, int *list)
{
    board *b = t->b;
    int me = b->side - 1, opp = 1 - me;
    int x0, y0, x1, y1, n = 0, threats = 0;
    int renju_black_opp = b->rule == GOMOKU_RENJU && opp == 0;
    scan_area(t, ply, 2, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++) {
        int idx = board_index(b, x0, y);
        for (int x = x0; x <= x1; x++, idx++) {
            if (b->cls[idx][opp] != K_OPEN_FOUR)
                continue;
            if (renju_black_opp && black_forbidden(b, idx))
                continue;
            threats++;
            add_unique(list, &n, idx);
            for (int d = 0; d < NDIR; d++) {
                if (pat_of(b, idx, d, opp + 1) < P_FOUR)
                    continue;
                int step = b->dir_step[d];
                for (int sgn = -1; sgn <= 1; sgn += 2)
                    for (int i = 1; i <= 5; i++) {
                        int q = idx + sgn * i * step;
                        if (b->cell[q] == C_WALL)
                            break;
                        if (b->cell[q] == C_EMPTY && pat_of(b, q, d, opp + 1) >= P_FOUR)
                            add_unique(list, &n, q);
                    }
            }
        }
    }
    if (!threats)
        return 0;
    /* The mover's own fours gain a tempo. */
    for (int y = y0; y <= y1; y++) {
        int idx = board_index(b, x0, y);
        for (int x = x0; x <= x1; x++, idx++)
            if (b->cls[idx][me] >= K_FOUR && b->cell[idx] == C_EMPTY)
                add_unique(list, &n, idx);
    }
    /* Renju: black's forbidden points are not moves. */
    if (b->rule == GOMOKU_RENJU && me == 0) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!black_forbidden(b, list[i]))
                list[k++] = list[i];
        n = k;
    }
    return n;
}

/* Every empty cell within distance 2 of a stone (renju: black's forbidden points out). */
static int gen_all(thread *t, int ply, int *list)
{
    board *b = t->b;
    int x0, y0, x1, y1, n = 0;
    int renju_black = b->rule == GOMOKU_RENJU && b->side == C_BLACK;
    scan_area(t, ply, 2, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++) {
        int idx = board_index(b, x0, y);
        for (int x = x0; x <= x1; x++, idx++)
            if (b->cell[idx] == C_EMPTY && b->near[idx] > 0 &&
                !(renju_black && black_forbidden(b, idx)))
                list[n++] = idx;
    }
    return n;
}

/*
 * Generates the moves of a node where the mover has no five point and the opponent has
 * at most one (checked by the caller). Returns the count; *forced is set when the
 * opponent's threat restricts the moves.
 */
static int generate(thread *t, int ply, int *list, int *forced)
{
    board *b = t->b;
    int me = b->side - 1, opp = 1 - me;
    *forced = 0;
    if (b->ncls[opp][K_FIVE] > 0) {
        *forced = 1;
        list[0] = five_point_near_last(t, ply, opp);
        if (list[0] == 0 || illegal(b, list[0]))
            return 0;
        return 1;
    }
    if (b->ncls[opp][K_OPEN_FOUR] > 0 && b->rule != GOMOKU_CARO) {
        int n = gen_defence(t, ply, list);
        if (n > 0) {
            *forced = 1;
            return n;
        }
    }
    return gen_all(t, ply, list);
}

/* Two or more lines where one side would make an open two or better: a stone there builds
 * (or stops) a double three one move later, so the move is not treated as quiet. */
static inline int double_two(const board *b, int idx)
{
    int nb = 0, nw = 0;
    for (int d = 0; d < NDIR; d++) {
        nb += (b->pat[idx][d] & 15) >= P_OPEN_TWO;
        nw += (b->pat[idx][d] >> 4) >= P_OPEN_TWO;
    }
    return nb >= 2 || nw >= 2;
}

/* Orders list[0..n-1] by score, best first; the hash move and killers go first. */
static void score_moves(thread *t, int ply, int *list, int *score, int n, int hash_move)
{
    board *b = t->b;
    int me = b->side - 1;
    const int *hist = t->history[me];
    for (int i = 0; i < n; i++) {
        int m = list[i];
        int s;
        if (m == hash_move)
            s = 1 << 28;
        else {
            s = move_value(b, m, me) * 64;
            if (m == t->killer[ply][0])
                s += 2000 * 64;
            else if (m == t->killer[ply][1])
                s += 1500 * 64;
            s += hist[m] > 60000 ? 60000 : hist[m];
        }
        score[i] = s;
    }
}

/* Selection step: brings the best remaining move to position i. */
static inline void pick(int *list, int *score, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    if (best != i) {
        int tm = list[i], ts = score[i];
        list[i] = list[best];
        score[i] = score[best];
        list[best] = tm;
        score[best] = ts;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Evaluation                                                                          */
/* ---------------------------------------------------------------------------------- */

static inline int evaluate(thread *t)
{
    if (t->use_callback)
        return gomoku__engine_eval(t->e);
    return gomoku__evaluate(t->b, &t->e->weights);
}

/* ---------------------------------------------------------------------------------- */
/* Quiescence: the mover's fours (each forces one block), a small VCF at the horizon     */
/* ---------------------------------------------------------------------------------- */

static int qsearch(thread *t, int alpha, int beta, int ply, int qd, int attacker)
{
    board *b = t->b;
    t->pvlen[ply] = ply;
    if (enter_node(t, ply))
        return 0;
    if (b->state != GOMOKU_ONGOING)
        return b->state == GOMOKU_DRAW ? GOMOKU_SCORE_DRAW : -(WIN - ply);
    int me = b->side - 1, opp = 1 - me;
    if (b->ncls[me][K_FIVE] > 0)
        return WIN - ply - 1;
    if (b->ncls[opp][K_FIVE] >= 2)
        return -(WIN - ply - 2);
    if (ply >= MAX_PLY - 2)
        return evaluate(t);
    if (b->ncls[opp][K_FIVE] == 1) {
        int block = five_point_near_last(t, ply, opp);
        if (block == 0 || illegal(b, block))
            return -(WIN - ply - 2);
        make(t, ply, block);
        int s = -qsearch(t, -beta, -alpha, ply + 1, qd + 1, attacker);
        unmake(t);
        if (s > alpha && !t->stopped) {
            t->pv[ply][ply] = block;
            for (int j = ply + 1; j < t->pvlen[ply + 1]; j++)
                t->pv[ply][j] = t->pv[ply + 1][j];
            t->pvlen[ply] = t->pvlen[ply + 1];
        }
        return s;
    }
    int stand = evaluate(t);
    /* Only the side to move at the horizon attacks: the defender's fours still come in
     * as forced replies, but letting both sides start four sequences multiplies the
     * tree for little gain. */
    if (stand >= beta || qd >= QS_MAX || b->side != attacker)
        return stand;
    if (b->npat[me][P_FOUR] + b->npat[me][P_OPEN_FOUR] == 0)
        return stand;
    /* Four sequences transpose a lot: the table answers repeated ones. */
    tt_hit hit;
    if (gomoku__tt_probe(t->sh->tt, b->hash, ply, &hit) &&
        ((hit.bound == TT_EXACT) || (hit.bound == TT_LOWER && hit.score >= beta) ||
         (hit.bound == TT_UPPER && hit.score <= alpha)))
        return hit.score;
    int old_alpha = alpha;
    int best = stand;
    if (stand > alpha)
        alpha = stand;
    int *list = t->moves[ply], *score = t->scores[ply];
    int n = 0, x0, y0, x1, y1;
    scan_area(t, ply, 2, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++) {
        int idx = board_index(b, x0, y);
        for (int x = x0; x <= x1; x++, idx++)
            if (b->cls[idx][me] >= K_FOUR && b->cell[idx] == C_EMPTY) {
                list[n] = idx;
                score[n++] = move_value(b, idx, me);
            }
    }
    for (int i = 0; i < n; i++) {
        pick(list, score, n, i);
        int m = list[i];
        if (illegal(b, m))
            continue;
        make(t, ply, m);
        int s = -qsearch(t, -beta, -alpha, ply + 1, qd + 1, attacker);
        unmake(t);
        if (t->stopped)
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                t->pv[ply][ply] = m;
                for (int j = ply + 1; j < t->pvlen[ply + 1]; j++)
                    t->pv[ply][j] = t->pv[ply + 1][j];
                t->pvlen[ply] = t->pvlen[ply + 1];
                if (s >= beta)
                    break;
            }
        }
    }
    if (!t->stopped)
        gomoku__tt_store(t->sh->tt, b->hash, ply, 0, best, stand, 0,
                         best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER);
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* Principal variation search                                                          */
/* ---------------------------------------------------------------------------------- */

static inline void update_pv(thread *t, int ply, int m)
{
    t->pv[ply][ply] = m;
    for (int j = ply + 1; j < t->pvlen[ply + 1]; j++)
        t->pv[ply][j] = t->pv[ply + 1][j];
    t->pvlen[ply] = t->pvlen[ply + 1] > ply + 1 ? t->pvlen[ply + 1] : ply + 1;
}

static int search(thread *t, int alpha, int beta, int depth, int ply, int pv_node)
{
    board *b = t->b;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply, 0, t->b->side);
    t->pvlen[ply] = ply;
    if (enter_node(t, ply))
        return 0;
    if (b->state != GOMOKU_ONGOING)
        return b->state == GOMOKU_DRAW ? GOMOKU_SCORE_DRAW : -(WIN - ply);
    int me = b->side - 1, opp = 1 - me;
    if (b->ncls[me][K_FIVE] > 0)
        return WIN - ply - 1;
    if (b->ncls[opp][K_FIVE] >= 2)
        return -(WIN - ply - 2);
    if (ply >= MAX_PLY - QS_MAX - 2)
        return evaluate(t);

    /* Mate distance: nothing here can beat a shorter mate already found. */
    if (alpha < -(WIN - ply))
        alpha = -(WIN - ply);
    if (beta > WIN - ply - 1)
        beta = WIN - ply - 1;
    if (alpha >= beta)
        return alpha;

    tt_hit hit;
    int hash_move = 0;
    if (gomoku__tt_probe(t->sh->tt, b->hash, ply, &hit)) {
        if (hit.move > 0 && hit.move < MAX_PADDED && b->cell[hit.move] == C_EMPTY)
            hash_move = hit.move;
        if (!pv_node && hit.depth >= depth &&
            ((hit.bound == TT_EXACT) || (hit.bound == TT_LOWER && hit.score >= beta) ||
             (hit.bound == TT_UPPER && hit.score <= alpha)))
            return hit.score;
    }

    int *list = t->moves[ply], *score = t->scores[ply];
    int forced;
    int n = generate(t, ply, list, &forced);
    if (n == 0) {
        /* Only a forbidden block (renju) or no empty cell near the stones. */
        if (forced)
            return -(WIN - ply - 2);
        return evaluate(t);
    }
    score_moves(t, ply, list, score, n, hash_move);

    /* A single forced reply does not use up depth: forced lines are read to the end. */
    /* Forced replies do not use up depth, so threat sequences (fours, and threes
     * answered from a short list of defences) are read further than quiet play. */
    int new_depth = n == 1 || (forced && n <= DEFENCE_EXTEND) ? depth : depth - 1;
    int old_alpha = alpha, best = -INF, best_move = 0, pruned = 0;
    for (int i = 0; i < n; i++) {
        pick(list, score, n, i);
        int m = list[i];
        /* Late quiet moves (no three or better for either side at the cell, not a killer)
         * are searched less deep first; a move that then beats alpha is searched again
         * at full depth. Reductions never drop a reply, so forced results stay exact. */
        int quiet = !forced && b->cls[m][me] < K_THREE && b->cls[m][opp] < K_THREE &&
                    m != t->killer[ply][0] && m != t->killer[ply][1] && !double_two(b, m);
        /* Near the horizon, quiet moves beyond the first few are not searched at all
         * (late move pruning); a loss found without them is not reported as proven. */
        if (quiet && !pv_node && depth <= LMP_DEPTH && i >= LMP_BASE + LMP_STEP * depth &&
            best > -INF) {
            pruned = 1;
            continue;
        }
        int r = 0;
        if (quiet && depth >= 3 && i >= LMR_FROM) {
            r = 1 + (i >= LMR_FROM * 3) + (depth >= 6 && i >= LMR_FROM * 6);
            if (r > new_depth - 1)
                r = new_depth - 1;
        }
        make(t, ply, m);
        int s;
        if (i == 0)
            s = -search(t, -beta, -alpha, new_depth, ply + 1, pv_node);
        else {
            s = -search(t, -alpha - 1, -alpha, new_depth - r, ply + 1, 0);
            if (r > 0 && s > alpha)
                s = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, 0);
            if (s > alpha && s < beta && pv_node)
                s = -search(t, -beta, -alpha, new_depth, ply + 1, 1);
        }
        unmake(t);
        if (t->stopped)
            return 0;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                update_pv(t, ply, m);
                if (s >= beta) {
                    if (t->killer[ply][0] != m) {
                        t->killer[ply][1] = t->killer[ply][0];
                        t->killer[ply][0] = m;
                    }
                    t->history[me][m] += depth * depth;
                    break;
                }
            }
        }
    }
    if (pruned && best <= -GOMOKU_SCORE_WIN_MIN)
        best = -(GOMOKU_SCORE_WIN_MIN - 1);
    int bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
    gomoku__tt_store(t->sh->tt, b->hash, ply, best_move, best, 0, depth, bound);
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* Root                                                                                */
/* ---------------------------------------------------------------------------------- */

typedef struct root_result {
    int move;
    int score;
    int depth;
    int pvlen;
    int pv[MAX_PLY];
} root_result;

/* Root moves: as generate(), except that with two opponent five points the blocks are
 * still the moves (the game is lost, but the four must be answered). */
static int root_moves(thread *t, int *list)
{
    board *b = t->b;
    int me = b->side - 1, opp = 1 - me, forced;
    if (b->ncls[me][K_FIVE] > 0)
        return five_points(t, 0, me, list, 1) > 0 ? 1 : 0;
    if (b->ncls[opp][K_FIVE] > 0) {
        int tmp[GOMOKU_MAX_CELLS];
        int k = five_points(t, 0, opp, tmp, GOMOKU_MAX_CELLS), n = 0;
        for (int i = 0; i < k; i++)
            if (!illegal(b, tmp[i]))
                list[n++] = tmp[i];
        if (n > 0)
            return n;
        return gen_all(t, 0, list);
    }
    int n = generate(t, 0, list, &forced);
    if (n == 0)
        n = gen_all(t, 0, list);
    if (n == 0) {
        /* Nothing near the stones (or every such cell forbidden): any empty legal cell. */
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                int idx = board_index(b, x, y);
                if (b->cell[idx] == C_EMPTY && !illegal(b, idx))
                    list[n++] = idx;
            }
        if (n == 0)
            for (int y = 0; y < b->size; y++)
                for (int x = 0; x < b->size; x++) {
                    int idx = board_index(b, x, y);
                    if (b->cell[idx] == C_EMPTY)
                        list[n++] = idx;
                }
    }
    return n;
}

/*
 * One iteration at the root over list[0..n-1] (best first), window (alpha, beta).
 * Returns the best score; *best_i the index of the best move, -1 when none finished.
 * Moves the best move to the front.
 */
static int root_iteration(thread *t, int *list, int *rscore, int n, int depth, int alpha,
                          int beta, int *best_i)
{
    int best = -INF, alpha0 = alpha;
    *best_i = -1;
    t->pvlen[0] = 0;
    t->nodes++; /* the root itself */
    for (int i = 0; i < n; i++) {
        int m = list[i];
        make(t, 0, m);
        int s;
        int child_depth = n == 1 ? depth : depth - 1;
        if (i == 0)
            s = -search(t, -beta, -alpha, child_depth, 1, 1);
        else {
            s = -search(t, -alpha - 1, -alpha, child_depth, 1, 0);
            if (s > alpha && s < beta && !t->stopped)
                s = -search(t, -beta, -alpha, child_depth, 1, 1);
        }
        unmake(t);
        if (t->stopped)
            break;
        rscore[i] = s;
        if (s > best) {
            best = s;
            *best_i = i;
            if (s > alpha) {
                alpha = s;
                update_pv(t, 0, m);
            }
            if (s >= beta)
                break;
        }
    }
    if (*best_i > 0 && best > alpha0) {
        /* Best move to the front, the others keep their order. */
        int m = list[*best_i], s = rscore[*best_i];
        memmove(list + 1, list, (size_t)*best_i * sizeof *list);
        memmove(rscore + 1, rscore, (size_t)*best_i * sizeof *rscore);
        list[0] = m;
        rscore[0] = s;
        *best_i = 0;
    }
    return best;
}

static void fill_info(gomoku_search_info *info, const thread *t, const root_result *r,
                      long long nodes, double elapsed)
{
    memset(info, 0, sizeof *info);
    info->depth = r->depth;
    info->seldepth = t->seldepth;
    info->score = r->score;
    info->nodes = nodes;
    info->time_ms = elapsed;
    info->nps = elapsed > 0 ? (long long)((double)nodes * 1000.0 / elapsed) : 0;
    int n = r->pvlen < GOMOKU_MAX_PV ? r->pvlen : GOMOKU_MAX_PV;
    for (int i = 0; i < n; i++) {
        info->pv[i].x = board_x(t->b, r->pv[i]);
        info->pv[i].y = board_y(t->b, r->pv[i]);
    }
    info->pv_length = n;
}

static long long total_nodes(const thread *main_t)
{
    const shared *sh = main_t->sh;
    if (sh->nthreads == 1)
        return main_t->nodes;
    return main_t->nodes + atomic_load((atomic_llong *)&sh->helper_nodes) - main_t->flushed;
}

/*
 * Iterative deepening. The main thread (id 0) reports and decides; helpers (Lazy SMP)
 * search the same tree with their own move order, their only output is the shared table.
 */
/* Is the root move m refuted by a forced win of the opponent that the threat solver
 * proves within the budget? Counts the nodes as this thread's. */
static int refuted_by_threat(thread *t, int m, long long budget)
{
    shared *sh = t->sh;
    if (sh->node_limit && sh->nthreads == 1) {
        long long left = sh->node_limit - t->nodes - t->extra_nodes;
        if (budget > left)
            budget = left;
    }
    if (budget <= 0)
        return 0;
    int line[MAX_PLY];
    long long used = 0;
    make(t, 0, m);
    int len = gomoku__vct(t->b, THREAT_DEPTH, budget, &used, line, MAX_PLY, &sh->engine->stop);
    unmake(t);
    t->extra_nodes += used;
    sh->threat_nodes += used;
    return len > 0;
}

static int is_verified(const thread *t, int m)
{
    for (int i = 0; i < t->nverified; i++)
        if (t->verified[i] == m)
            return 1;
    return 0;
}

static void iterate(thread *t, root_result *out)
{
    shared *sh = t->sh;
    board *b = t->b;
    int list[GOMOKU_MAX_CELLS], rscore[GOMOKU_MAX_CELLS];
    int n = sh->root_n;
    memcpy(list, sh->root_list, (size_t)n * sizeof *list);
    for (int i = 0; i < n; i++)
        rscore[i] = 0;
    /* Initial order from the move scores; helpers rotate it so they explore other moves
     * first and fill the table with different lines. */
    {
        int sc[GOMOKU_MAX_CELLS];
        tt_hit hit;
        int hm = gomoku__tt_probe(sh->tt, b->hash, 0, &hit) ? hit.move : 0;
        score_moves(t, 0, list, sc, n, hm);
        for (int i = 0; i < n; i++)
            pick(list, sc, n, i);
        if (t->id > 0 && n > 2) {
            int r = t->id % (n < 4 ? n : 4);
            for (int k = 0; k < r; k++) {
                int m = list[0];
                memmove(list, list + 1, (size_t)(n - 1) * sizeof *list);
                list[n - 1] = m;
            }
        }
    }
    out->move = list[0];
    out->score = 0;
    out->depth = 0;
    out->pvlen = 1;
    out->pv[0] = list[0];

    int prev = 0, unstable = 0;
    int start_depth = t->id > 0 ? 1 + (t->id & 1) : 1;
    for (int depth = start_depth; depth <= sh->max_depth; depth++) {
        /* History from earlier iterations still orders, but less. */
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < MAX_PADDED; i++)
                t->history[s][i] /= 2;
        int alpha = -INF, beta = INF, delta = 60, score, best_i;
        if (depth >= 4 && !GOMOKU_SCORE_IS_WIN(prev) && !GOMOKU_SCORE_IS_LOSS(prev) &&
            prev > -5000 && prev < 5000) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        int prev_best = list[0];
        for (;;) {
            score = root_iteration(t, list, rscore, n, depth, alpha, beta, &best_i);
            if (t->stopped)
                break;
            if (score <= alpha && alpha > -INF) {
                alpha = score - delta < -INF ? -INF : score - delta;
                if (alpha < -5000)
                    alpha = -INF;
            } else if (score >= beta && beta < INF) {
                beta = score + delta > INF ? INF : score + delta;
                if (beta > 5000)
                    beta = INF;
            } else
                break;
            delta *= 3;
        }
        if (t->id > 0) {
            if (t->stopped || atomic_load(&sh->abort_all))
                return;
            continue;
        }
        if (t->stopped) {
            /* A partial iteration counts when its first move (the previous best) was
             * searched and another move then proved better. */
            if (best_i == 0 && list[0] != prev_best && t->pvlen[0] > 0) {
                out->move = list[0];
                out->score = score;
                out->pvlen = t->pvlen[0];
                memcpy(out->pv, t->pv[0], (size_t)t->pvlen[0] * sizeof(int));
            }
            break;
        }
        out->move = list[0];
        out->score = score;
        out->depth = depth;
        if (t->pvlen[0] > 0) {
            out->pvlen = t->pvlen[0];
            memcpy(out->pv, t->pv[0], (size_t)t->pvlen[0] * sizeof(int));
        } else {
            out->pvlen = 1;
            out->pv[0] = list[0];
        }
        /* A new best move is checked with the threat solver, which reads forced wins of
         * the opponent far beyond this depth. A refuted move leaves the root list and
         * the iteration is searched again without it. */
        if (t->id == 0 && n > 1 && depth >= VERIFY_FROM && !GOMOKU_SCORE_IS_WIN(score) &&
            sh->verify_each > 0 && !is_verified(t, list[0])) {
            if (refuted_by_threat(t, list[0], sh->verify_each)) {
                memmove(list, list + 1, (size_t)(n - 1) * sizeof *list);
                memmove(rscore, rscore + 1, (size_t)(n - 1) * sizeof *rscore);
                n--;
                out->move = list[0];
                out->pvlen = 1;
                out->pv[0] = list[0];
                if (t->stopped || atomic_load(&sh->engine->stop))
                    break;
                depth--;
                continue;
            }
            if (atomic_load(&sh->engine->stop))
                break;
            if (t->nverified < MAX_VERIFIED)
                t->verified[t->nverified++] = list[0];
        }
        unstable = list[0] != prev_best ? unstable + 2 : unstable > 0 ? unstable - 1 : 0;
        prev = score;
        double elapsed = now_ms() - sh->start;
        if (sh->engine->progress_fn) {
            gomoku_search_info info;
            fill_info(&info, t, out, total_nodes(t), elapsed);
            sh->engine->progress_fn(&info, sh->engine->progress_payload);
        }
        /* Done: a single legal move, or a forced result read to its end. */
        if (n == 1)
            break;
        if (GOMOKU_SCORE_IS_WIN(score))
            break;
        if (GOMOKU_SCORE_IS_LOSS(score) && depth >= WIN - (-score) + 2)
            break;
        /* With a per-move time only, all of it is ours: iterations go on until the hard
         * limit stops one, whose finished part still counts. */
        if (sh->soft_ms > 0 && sh->soft_ms < sh->hard_ms) {
            double limit = sh->soft_ms * (1.0 + 0.5 * (unstable > 4 ? 4 : unstable) / 2.0);
            if (limit > sh->hard_ms)
                limit = sh->hard_ms;
            /* The next iteration takes a few times longer than this one: do not start
             * it when it cannot finish. */
            if (elapsed >= limit * 0.6)
                break;
        }
    }
    if (t->id == 0) {
        sh->final_n = n;
        memcpy(sh->final_list, list, (size_t)n * sizeof *list);
        /* the chosen move first, even when a partial iteration chose it */
        for (int i = 1; i < n; i++)
            if (sh->final_list[i] == out->move) {
                sh->final_list[i] = sh->final_list[0];
                sh->final_list[0] = out->move;
            }
    }
}

/* ---------------------------------------------------------------------------------- */
/* Root threat-space phase                                                             */
/* ---------------------------------------------------------------------------------- */


static void line_result(root_result *r, const int *line, int len)
{
    r->move = line[0];
    r->score = WIN - len;
    r->depth = 1;
    r->pvlen = len < MAX_PLY ? len : MAX_PLY;
    memcpy(r->pv, line, (size_t)r->pvlen * sizeof *line);
}

/* Does the side not to move have a VCT if the side to move passes? The pass is made by
 * flipping the side on the board (and its hash bit) and undone before returning. */
static int opponent_threat(board *b, long long budget, long long *nodes, int *line,
                           atomic_int *stop)
{
    b->side = 3 - b->side;
    b->hash ^= b->zobrist_side;
    int len = gomoku__vct(b, THREAT_DEPTH, budget, nodes, line, MAX_PLY, stop);
    b->side = 3 - b->side;
    b->hash ^= b->zobrist_side;
    return len;
}

/*
 * Before the main search: a forced win of the mover by fours, then by threes, ends the
 * search at once. Otherwise, when the opponent threatens a forced win, the root moves
 * after which that win still works (proven by the threat search, so never a wrong
 * exclusion) are dropped, unless every move is lost. Budgets are node counts derived from
 * the limits, so the phase is deterministic under depth and node limits.
 * Returns 1 when *out holds a proven win.
 */
/* Node budgets of the threat searches around the main search, from the limits alone (so
 * they are the same in every run): with a clock, a share of the time at the threat
 * search's usual speed (measured at 600-1000 nodes per ms on the development machine);
 * with a depth limit, growing with the depth. */
typedef struct threat_budget {
    long long vcf, vct, verify, each;
} threat_budget;

static threat_budget budgets_of(const shared *sh, const gomoku_limits *l)
{
    threat_budget tb;
    if (sh->hard_ms > 0) {
        double ms = sh->hard_ms;
        tb.vcf = (long long)(ms * 40) + 2000;
        tb.vct = (long long)(ms * 100) + 2000;
        tb.verify = (long long)(ms * VERIFY_SHARE * 1000) + 2000;
        tb.each = (long long)(ms * 150) + 2000;
    } else {
        int d = l->depth > 0 && l->depth < 12 ? l->depth : 12;
        tb.vcf = 2000LL << (d / 2);
        tb.vct = 1000LL << d;
        tb.verify = 500LL << d;
        tb.each = 250LL << d;
    }
    if (l->nodes > 0) {
        /* At most about half of the nodes go to the threat searches. */
        if (tb.vcf > l->nodes / 16)
            tb.vcf = l->nodes / 16 + 1;
        if (tb.vct > l->nodes / 8)
            tb.vct = l->nodes / 8 + 1;
        if (tb.verify > l->nodes / 16)
            tb.verify = l->nodes / 16 + 1;
        if (tb.each > l->nodes / 16)
            tb.each = l->nodes / 16 + 1;
    }
    return tb;
}

/*
 * After the main search: the chosen move is checked with the threat search for a forced
 * win of the opponent (threes and fours), which the main search's horizon may not reach.
 * When one is proven, the next moves of the final root order are tried in turn and the
 * first one that survives the check is played; when none does, the choice stands.
 */
static void verify_best(thread *t, root_result *r, long long budget)
{
    shared *sh = t->sh;
    board *b = t->b;
    int me = b->side - 1;
    if (GOMOKU_SCORE_IS_WIN(r->score) || sh->final_n <= 1 || budget <= 0 ||
        is_verified(t, r->move))
        return;
    int line[MAX_PLY];
    long long spent = 0;
    int tries = sh->final_n < VERIFY_MOVES ? sh->final_n : VERIFY_MOVES;
    for (int k = 0; k < tries && spent < budget; k++) {
        int m = sh->final_list[k];
        if (k > 0 && is_verified(t, m)) {
            r->move = m;
            r->pvlen = 1;
            r->pv[0] = m;
            break;
        }
        /* A four gives the opponent no time for a threat sequence of its own first. */
        if (b->cls[m][me] >= K_FOUR && k > 0)
            continue;
        make(t, 0, m);
        long long used = 0;
        long long each = k == 0 ? budget / 2 : (budget - spent) / 2 + 1;
        int len = gomoku__vct(b, THREAT_DEPTH, each, &used, line, MAX_PLY, &sh->engine->stop);
        unmake(t);
        spent += used;
        if (len > 0)
            continue;
        if (k > 0) {
            r->move = m;
            r->pvlen = 1;
            r->pv[0] = m;
        }
        break;
    }
    sh->threat_nodes += spent;
}

static int root_threats(thread *t, const gomoku_limits *l, root_result *out)
{
    shared *sh = t->sh;
    board *b = t->b;
    atomic_int *stop = &sh->engine->stop;
    threat_budget tb = budgets_of(sh, l);
    long long vcf_budget = tb.vcf, vct_budget = tb.vct;
    int line[MAX_PLY];
    long long nodes = 0;
    int len = gomoku__vcf(b, THREAT_DEPTH, vcf_budget, &nodes, line, MAX_PLY, stop);
    if (len <= 0)
        len = gomoku__vct(b, THREAT_DEPTH, vct_budget, &nodes, line, MAX_PLY, stop);
    if (len > 0) {
        sh->threat_nodes += nodes;
        line_result(out, line, len);
        return 1;
    }
    int n = sh->root_n;
    int me = b->side - 1;
    long long null_nodes = 0;
    if (n > 1 && b->ncls[1 - me][K_FIVE] == 0 &&
        opponent_threat(b, vct_budget, &null_nodes, line, stop) > 0) {
        /* Test the moves best-first within the same budget; untested ones are kept. */
        int *list = sh->root_list, sc[GOMOKU_MAX_CELLS], keep[GOMOKU_MAX_CELLS], nk = 0;
        score_moves(t, 0, list, sc, n, 0);
        for (int i = 0; i < n; i++)
            pick(list, sc, n, i);
        /* A move that leaves the threat alone lets it be found again with about the same
         * effort; one that needs much more work to refute is kept. */
        long long spent = 0, per_move = 4 * null_nodes + 1000;
        if (per_move > vct_budget / 4)
            per_move = vct_budget / 4 + 1;
        for (int i = 0; i < n; i++) {
            int m = list[i];
            if (spent >= vct_budget || b->cls[m][me] >= K_FOUR) {
                keep[nk++] = m;
                continue;
            }
            long long used = 0;
            make(t, 0, m);
            int refuted = gomoku__vct(b, THREAT_DEPTH, per_move, &used, line, MAX_PLY, stop);
            unmake(t);
            spent += used;
            if (refuted <= 0)
                keep[nk++] = m;
        }
        nodes += spent + null_nodes;
        if (nk > 0) {
            memcpy(list, keep, (size_t)nk * sizeof *list);
            sh->root_n = nk;
        }
    }
    sh->threat_nodes += nodes;
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* Watchdog                                                                            */
/* ---------------------------------------------------------------------------------- */

/* The threat solvers look at their node budget and the stop flag, not at the clock; on a
 * slow or busy machine their budgets could outlast the time. With a clock, a watchdog
 * thread raises the engine's stop flag at the hard limit, which every part of the search
 * obeys. */
typedef struct watchdog {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    struct timespec deadline; /* CLOCK_MONOTONIC */
    gomoku_engine *engine;
} watchdog;

static void *watchdog_main(void *arg)
{
    watchdog *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!w->done) {
        if (pthread_cond_timedwait(&w->cond, &w->lock, &w->deadline) != 0) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (now.tv_sec > w->deadline.tv_sec ||
                (now.tv_sec == w->deadline.tv_sec && now.tv_nsec >= w->deadline.tv_nsec)) {
                atomic_store(&w->engine->stop, 1);
                break;
            }
        }
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* Starts the watchdog for `ms` from `start_ms` (now_ms() time); returns 1 when running. */
static int watchdog_start(watchdog *w, pthread_t *th, gomoku_engine *e, double start_ms, double ms)
{
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0)
        return 0;
    int ok = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
             pthread_cond_init(&w->cond, &ca) == 0;
    pthread_condattr_destroy(&ca);
    if (!ok)
        return 0;
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        pthread_cond_destroy(&w->cond);
        return 0;
    }
    double at = start_ms + ms;
    w->deadline.tv_sec = (time_t)(at / 1000.0);
    w->deadline.tv_nsec = (long)((at - (double)w->deadline.tv_sec * 1000.0) * 1e6);
    if (w->deadline.tv_nsec >= 1000000000L) {
        w->deadline.tv_sec++;
        w->deadline.tv_nsec -= 1000000000L;
    }
    w->done = 0;
    w->engine = e;
    if (pthread_create(th, NULL, watchdog_main, w) != 0) {
        pthread_mutex_destroy(&w->lock);
        pthread_cond_destroy(&w->cond);
        return 0;
    }
    return 1;
}

static void watchdog_end(watchdog *w, pthread_t th)
{
    pthread_mutex_lock(&w->lock);
    w->done = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_join(th, NULL);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->cond);
}

static void *helper_main(void *arg)
{
    thread *t = arg;
    root_result r;
    iterate(t, &r);
    atomic_fetch_add(&t->sh->helper_nodes, t->nodes - t->flushed);
    t->flushed = t->nodes;
    return NULL;
}

/* ---------------------------------------------------------------------------------- */
/* Public entry points                                                                 */
/* ---------------------------------------------------------------------------------- */

void gomoku_limits_init(gomoku_limits *limits)
{
    if (!limits)
        return;
    memset(limits, 0, sizeof *limits);
    limits->version = GOMOKU_LIMITS_VERSION;
    limits->depth = 12;
    limits->threads = 1;
}

void gomoku_stop(gomoku_engine *engine)
{
    if (engine)
        atomic_store(&engine->stop, 1);
}

int gomoku_set_progress_callback(gomoku_engine *engine, gomoku_progress_fn fn, void *payload)
{
    if (!engine)
        return GOMOKU_EINVAL;
    if (atomic_load(&engine->busy))
        return GOMOKU_EBUSY;
    engine->progress_fn = fn;
    engine->progress_payload = fn ? payload : NULL;
    return GOMOKU_OK;
}

/* Time budget: hard is never exceeded; soft is where no new iteration starts. */
static void plan_time(shared *sh, const gomoku_limits *l, int nmoves, int size)
{
    sh->hard_ms = 0;
    sh->soft_ms = 0;
    double hard = 0, soft = 0;
    if (l->time_ms > 0) {
        /* Leave room for unwinding and the caller's overhead. */
        double margin = l->time_ms / 20.0 < 30 ? l->time_ms / 20.0 : 30;
        hard = l->time_ms - margin;
        soft = 0;
    }
    if (l->time_left_ms > 0) {
        /* Spread the clock over the moves still to come; most games end before the
         * board is half full. */
        int left = size * size / 2 - nmoves / 2;
        if (left < 15)
            left = 15;
        double share = (double)l->time_left_ms / left;
        double cap = l->time_left_ms / 5.0;
        double margin = l->time_left_ms / 50.0 < 50 ? l->time_left_ms / 50.0 : 50;
        double h = 3 * share < cap ? 3 * share : cap;
        h -= margin;
        if (h < 1)
            h = 1;
        if (hard == 0 || h < hard)
            hard = h;
        soft = share < hard ? share : hard;
    }
    if (hard > 0 && hard < 1)
        hard = 1;
    sh->hard_ms = hard;
    sh->soft_ms = soft;
}

static void write_result(gomoku_search_result *out, const board *b, const root_result *r,
                         int seldepth, long long nodes, double elapsed)
{
    memset(out, 0, sizeof *out);
    out->best.x = board_x(b, r->move);
    out->best.y = board_y(b, r->move);
    out->score = r->score;
    out->depth = r->depth;
    out->seldepth = seldepth;
    out->nodes = nodes;
    out->time_ms = elapsed;
    int n = r->pvlen < GOMOKU_MAX_PV ? r->pvlen : GOMOKU_MAX_PV;
    for (int i = 0; i < n; i++) {
        out->pv[i].x = board_x(b, r->pv[i]);
        out->pv[i].y = board_y(b, r->pv[i]);
    }
    out->pv_length = n;
}

int gomoku_search(gomoku_search_result *out, gomoku_engine *engine, const gomoku_limits *limits)
{
    if (!out || !engine || !limits)
        return GOMOKU_EINVAL;
    if (limits->version != GOMOKU_LIMITS_VERSION)
        return GOMOKU_EVERSION;
    if (limits->time_ms < 0 || limits->time_left_ms < 0 || limits->depth < 0 ||
        limits->nodes < 0 || limits->threads < 0 || limits->threads > MAX_THREADS)
        return GOMOKU_EINVAL;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&engine->busy, &expected, 1))
        return GOMOKU_EBUSY;
    if (engine->b.state != GOMOKU_ONGOING) {
        atomic_store(&engine->busy, 0);
        return GOMOKU_EGAMEOVER;
    }
    double start = now_ms();
    atomic_store(&engine->stop, 0);
    board *b = &engine->b;

    /* The empty board has one sensible move and nothing to think about. */
    if (b->nmoves == 0) {
        root_result r = {0};
        r.move = board_index(b, b->size / 2, b->size / 2);
        r.pvlen = 1;
        r.pv[0] = r.move;
        write_result(out, b, &r, 0, 1, now_ms() - start);
        atomic_store(&engine->busy, 0);
        return GOMOKU_OK;
    }

    if (!engine->tt) {
        engine->tt = gomoku__tt_new(engine->hash_mb);
        if (!engine->tt) {
            atomic_store(&engine->busy, 0);
            return GOMOKU_ENOMEM;
        }
    }
    gomoku__tt_new_search(engine->tt);

    int nthreads = limits->threads == 0 ? 1 : limits->threads;
    thread *ts = calloc((size_t)nthreads, sizeof *ts);
    gomoku_engine *copies = nthreads > 1 ? calloc((size_t)(nthreads - 1), sizeof *copies) : NULL;
    if (!ts || (nthreads > 1 && !copies)) {
        free(ts);
        free(copies);
        atomic_store(&engine->busy, 0);
        return GOMOKU_ENOMEM;
    }

    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.engine = engine;
    sh.tt = engine->tt;
    sh.start = start;
    sh.node_limit = limits->nodes;
    sh.max_depth = limits->depth > 0 && limits->depth < MAX_DEPTH ? limits->depth : MAX_DEPTH;
    sh.nthreads = nthreads;
    atomic_init(&sh.abort_all, 0);
    atomic_init(&sh.helper_nodes, 0);
    plan_time(&sh, limits, b->nmoves, b->size);

    box root_box = box_of_board(b);
    for (int i = 0; i < nthreads; i++) {
        thread *t = &ts[i];
        t->sh = &sh;
        t->id = i;
        if (i == 0)
            t->e = engine;
        else {
            /* Helpers search their own copy; a user evaluation sees that copy. */
            gomoku_engine *c = &copies[i - 1];
            c->b = engine->b;
            c->weights = engine->weights;
            c->eval_fn = engine->eval_fn;
            c->eval_payload = engine->eval_payload;
            c->hash_mb = engine->hash_mb;
            t->e = c;
        }
        t->b = &t->e->b;
        t->use_callback = engine->eval_fn != NULL;
        t->bx[0] = root_box;
    }

    watchdog wd;
    pthread_t wd_thread;
    int wd_running = sh.hard_ms > 0 && watchdog_start(&wd, &wd_thread, engine, start, sh.hard_ms);

    root_result r;
    memset(&r, 0, sizeof r);
    sh.root_n = root_moves(&ts[0], sh.root_list);
    int proven = sh.root_n > 1 && root_threats(&ts[0], limits, &r);
    if (proven && engine->progress_fn) {
        gomoku_search_info info;
        fill_info(&info, &ts[0], &r, sh.threat_nodes, now_ms() - start);
        engine->progress_fn(&info, engine->progress_payload);
    }
    sh.verify_each = budgets_of(&sh, limits).each;
    if (sh.node_limit) {
        /* The node limit covers the threat searches before and after the main search. */
        long long reserved = sh.threat_nodes + budgets_of(&sh, limits).verify + 64;
        sh.node_limit = sh.node_limit > reserved + 1 ? sh.node_limit - reserved : 1;
    }
    /* The final check gets its share of the clock: the main search stops earlier. Set
     * before the helpers start, which read it. */
    double full_hard = sh.hard_ms;
    if (sh.hard_ms > 0)
        sh.hard_ms *= 1.0 - VERIFY_SHARE;
    int started = 1;
    for (int i = 1; i < nthreads && !proven; i++) {
        if (pthread_create(&ts[i].handle, NULL, helper_main, &ts[i]) != 0)
            break;
        started++;
    }
    if (!proven)
        iterate(&ts[0], &r);

    atomic_store(&sh.abort_all, 1);
    for (int i = 1; i < started; i++)
        pthread_join(ts[i].handle, NULL);
    sh.hard_ms = full_hard;
    if (!proven && !atomic_load(&engine->stop))
        verify_best(&ts[0], &r, budgets_of(&sh, limits).verify);
    if (wd_running)
        watchdog_end(&wd, wd_thread);
    long long nodes = ts[0].nodes + sh.threat_nodes;
    for (int i = 1; i < started; i++)
        nodes += ts[i].nodes;
    int seldepth = ts[0].seldepth;
    write_result(out, b, &r, seldepth, nodes, now_ms() - start);

    free(ts);
    free(copies);
    atomic_store(&engine->stop, 0);
    atomic_store(&engine->busy, 0);
    return GOMOKU_OK;
}
