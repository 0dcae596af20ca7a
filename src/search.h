/*
 * search.h - what the strong search's files share: search.c (iterative deepening, PVS,
 * root), movegen.c (move generation and ordering) and rootthreat.c (the threat searches
 * around the root). Internal, like internal.h; nothing here is installed.
 */
#ifndef GOMOKU_SEARCH_H
#define GOMOKU_SEARCH_H

#include "internal.h"
#include "timeman.h"

#include <pthread.h>

#define MAX_PLY 120        /* plies from the root, quiescence included */
#define MAX_VERIFIED 32    /* root moves remembered as checked by the threat search */
#define INF (GOMOKU_SCORE_WIN + 1)
#define WIN GOMOKU_SCORE_WIN

/* ---------------------------------------------------------------------------------- */
/* Search state                                                                        */
/* ---------------------------------------------------------------------------------- */

struct gomoku__rootthreat; /* rootthreat.h */

typedef struct shared {
    gomoku_engine *engine;   /* the caller's engine: stop flag */
    struct tt *tt;
    gomoku__clock clock;
    long long node_limit;    /* 0: none */
    int max_depth;
    int nthreads;
    int root_n;              /* root moves every thread searches (after threat filtering) */
    int root_list[GOMOKU_MAX_CELLS];
    int final_n;             /* the main thread's root order after its last iteration */
    int final_list[GOMOKU_MAX_CELLS];
    atomic_int abort_all;    /* set by the main thread when it is done: helpers unwind */
    atomic_llong helper_nodes;
    struct gomoku__rootthreat *rt; /* the threat searches around the root */
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
    int restart;             /* main thread: stopped because the worker proved the best
                                move lost; the iteration is searched again without it */
    long long nodes;
    long long flushed;       /* nodes already added to sh->helper_nodes */
    int seldepth;
    long long extra_nodes;   /* threat-check nodes of this thread, within the node limit */
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
/* Nodes and limits                                                                    */
/* ---------------------------------------------------------------------------------- */

/* Every 1024 nodes: the stop flag, the hard time limit, the shared node count (search.c). */
void gomoku__slow_check(thread *t);

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
        gomoku__slow_check(t);
    return t->stopped;
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
static inline int black_forbidden(board *b, int idx) { return gomoku__black_forbidden(b, idx); }

/* How many empty cells would give `side` (0 black, 1 white) a four or better. */
static inline int four_points(const board *b, int side)
{
    const int *k = b->ncls[side];
    return k[K_FOUR] + k[K_FOUR_THREE] + k[K_OPEN_FOUR] + k[K_FIVE];
}

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

/* The side's five points near the stones: writes up to cap, returns how many. */
int gomoku__five_points(thread *t, int ply, int side, int *out, int cap);
/* The opponent's single five point, found next to its last move. */
int gomoku__five_point_near_last(thread *t, int ply, int side);
/* Every empty cell within distance 2 of a stone (renju: black's forbidden points out). */
int gomoku__gen_all(thread *t, int ply, int *list);
/* The mover's four points near the stones, in board order. */
int gomoku__box_fours(thread *t, int ply, int *list);
/* The moves of a node where the mover has no five point and the opponent at most one;
 * *forced is set when the opponent's threat restricts them. */
int gomoku__generate(thread *t, int ply, int *list, int *forced);
/* Ordering scores of list[0..n-1]; the hash move, then killers and history. */
void gomoku__score_moves(thread *t, int ply, int *list, int *score, int n, int hash_move);

#endif /* GOMOKU_SEARCH_H */
