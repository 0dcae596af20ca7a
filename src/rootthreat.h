/*
 * rootthreat.h - the threat searches around the root of the strong search (rootthreat.c):
 * the mover's VCF/VCT before the main search, the filter of root moves against the
 * opponent's proven threat, the check of the best move, and the threat worker thread.
 * Internal.
 *
 * One search makes these calls, in this order:
 *   gomoku__rootthreat_init         budgets from the limits and the clock
 *   gomoku__rootthreat_start_worker from ROOTTHREAT_WORKER_FROM threads: the worker starts
 *   gomoku__rootthreat_before       the mover's win, or the root moves filtered
 *   ... during the main search: _best_changed, _drop_lost, _check, _verified, _resume,
 *       and (every 128 nodes) _won and _best_lost
 *   gomoku__rootthreat_finish       the worker stopped, its results applied
 *   gomoku__rootthreat_final_check  the chosen move checked once more
 */
#ifndef GOMOKU_ROOTTHREAT_H
#define GOMOKU_ROOTTHREAT_H

#include "search.h"
#include "threat.h"
#include "timeman.h"

#include <pthread.h>

#define ROOTTHREAT_VERIFY_SHARE 0.1 /* of the clock, kept for the final check */

/* The threat worker runs from this many search threads on. With two, the second thread is
 * a Lazy SMP helper and the main thread does the threat searches itself, as one thread
 * does: two threads so scored 57.4% of 800 games against one at equal time, the worker
 * about 55% (docs/measurements.md, "Threads"). */
#define ROOTTHREAT_WORKER_FROM 3

/* The state of the root threat searches for one gomoku_search() call. The fields are
 * rootthreat.c's; other files use the calls below. */
typedef struct gomoku__rootthreat {
    atomic_int *stop;           /* the engine's stop flag */
    const gomoku__clock *clock;
    long long node_limit;       /* the caller's, 0: none */
    int nthreads;
    /* node budgets, from the limits alone */
    long long vcf_budget, vct_budget, verify_budget, each_budget, filter_budget;
    double open_vct_from_ms; /* a root VCT that ran out goes on on clocks this long */
    long long nodes;            /* nodes of the threat searches run on the main thread */
    int nverified;              /* root moves the main thread's check found no refutation of */
    int verified[MAX_VERIFIED];
    /* From ROOTTHREAT_WORKER_FROM threads, thread 1 first looks for the mover's VCT on a
     * budget of its own while the others search, then checks the main thread's best
     * moves. */
    int worker;                 /* 1 when the worker runs */
    board *worker_board;        /* its own copy of the position */
    pthread_t worker_thread;
    long long worker_nodes;     /* read once it has been joined */
    long long worker_budget;    /* its node budget */
    long long check_budget;     /* its first check of a best move */
    atomic_int worker_vct;      /* 1 while the worker looks for the mover's VCT */
    atomic_int worker_stop;     /* ends the worker's VCT: the main search is over */
    atomic_int worker_quit;     /* ends the worker's checks */
    atomic_int cur_best;        /* the main thread's best move, for the worker to check */
    atomic_int checking;        /* the move the worker is checking; 0 while it waits */
    int checked_move;           /* the move of its last check, and the nodes that move */
    long long checked_nodes;    /* has been searched in all (read once it has been joined) */
    atomic_uchar lost[MAX_PADDED]; /* root moves the worker proved lost */
    /* A VCT of the mover proven beside the main search: everyone stops. */
    atomic_int won;
    int win_len;
    int win_line[MAX_PLY];
    /* One thread on a clock: the mover's root VCT, when its budget ran out before it
     * settled anything, goes on between iterations from where it stopped. */
    gomoku__vct_memo *vct_memo; /* its table; NULL: not open */
    double vct_mark;            /* gomoku__now_ms() at the end of the last slice */
    /* The tables, kept by the engine (gomoku__rootthreat_tables()); NULL where they could
     * not be had: a call then allocates its own, or goes on without a memo. */
    gomoku__threat_space *space;        /* the main thread's */
    gomoku__vct_memo *root_memo;        /* for the mover's root VCT, one thread on a clock */
    gomoku__threat_space *worker_space; /* the worker's */
    gomoku__vct_memo *worker_memo[2];   /* the worker's checks */
} gomoku__rootthreat;

/* Sets the budgets from the limits and the clock (already planned). */
void gomoku__rootthreat_init(gomoku__rootthreat *rt, atomic_int *stop, const gomoku__clock *clock,
                             const gomoku_limits *l, int nthreads, gomoku_rule rule);
/* Makes the engine's kept tables (mem) ready for this search's budgets, every page touched
 * before the search starts, and points rt at them. */
void gomoku__rootthreat_tables(gomoku__rootthreat *rt, gomoku__search_mem *mem);
/* Starts the threat worker on its own copy of the position; its first check, once its VCT
 * is over, is of `first` (the move the ordering likes best). Returns 1 when it runs. */
int gomoku__rootthreat_start_worker(gomoku__rootthreat *rt, board *copy, int first);
/* Before the main search, on the main thread's board b: a forced win of the mover by fours,
 * then (without a worker) by threes, is returned as its line (the length; 0: none).
 * Otherwise, when the opponent threatens a forced win, the root moves list[0..*n-1]
 * after which that win still works are dropped, unless every move is lost; `score`
 * holds the moves' ordering scores (the main search's), the best tested first. */
int gomoku__rootthreat_before(gomoku__rootthreat *rt, board *b, int *list, int *n,
                              const int *score, int *line);
/* The main thread's best move is now m: the worker checks it. */
void gomoku__rootthreat_best_changed(gomoku__rootthreat *rt, int m);
/* Drops the root moves the worker proved lost from list[0..*n-1] (and their scores),
 * keeping the order and at least one move; returns 1 when the first one went. */
int gomoku__rootthreat_drop_lost(gomoku__rootthreat *rt, int *list, int *score, int *n);
/* Should the main thread check its best move m itself? (not when the worker does it, or
 * m passed before) */
int gomoku__rootthreat_wants_check(const gomoku__rootthreat *rt, int m);
/* The main thread's check of its best move m on board b: 1 when a forced win of the
 * opponent refutes it. At most `left` nodes (what the node limit leaves the thread; none
 * when below 1); the nodes searched are added to *extra. A move that passes is
 * remembered, unless the search was stopped. */
int gomoku__rootthreat_check(gomoku__rootthreat *rt, board *b, int m, long long left,
                             long long *extra);
/* Has m passed the main thread's check? */
int gomoku__rootthreat_verified(const gomoku__rootthreat *rt, int m);
/* Between iterations, one thread on a clock: the mover's open root VCT goes on for a
 * slice of time. Returns 1 when it proves the win (then _won() says so, and
 * gomoku__rootthreat_finish() gives the line). */
int gomoku__rootthreat_resume(gomoku__rootthreat *rt, board *b);
/* After the main search (`searched`: it ran, no win was proven before it): waits for the
 * worker's VCT within the clock, lets the worker go on checking the chosen move *move for
 * up to half the final check's share of the clock (a move it so clears with at least the
 * final check's budget counts as verified), stops and joins the worker, and frees what
 * is open.
 * Returns the length of a win proven beside the main search (the line in *line; 0:
 * none). Otherwise the moves the worker proved lost are dropped from list[0..*n-1] (the
 * final root order, the chosen move *move first), and when *move is one of them the new
 * first move replaces it, unless that one is lost too. */
int gomoku__rootthreat_finish(gomoku__rootthreat *rt, int searched, int *move, int *list, int *n,
                              int *line);
/* The final check of the chosen move (score `score`) with a budget of its own: when the
 * opponent's forced win is proven against it, the next moves of list[0..n-1] (the final
 * root order, the chosen move first) are tried in turn. Returns the move to play. */
int gomoku__rootthreat_final_check(gomoku__rootthreat *rt, board *b, int move, int score,
                                   const int *list, int n);

/* Every 128 nodes of the search threads: has the worker proven a win? */
static inline int gomoku__rootthreat_won(gomoku__rootthreat *rt)
{
    return atomic_load_explicit(&rt->won, memory_order_relaxed);
}
/* ... and has it proven the main thread's current best move lost? */
static inline int gomoku__rootthreat_best_lost(gomoku__rootthreat *rt)
{
    int m = atomic_load_explicit(&rt->cur_best, memory_order_relaxed);
    return rt->worker && atomic_load_explicit(&rt->lost[m], memory_order_relaxed);
}
/* Has the worker proven m lost? */
static inline int gomoku__rootthreat_lost(gomoku__rootthreat *rt, int m)
{
    return atomic_load(&rt->lost[m]);
}

#endif /* GOMOKU_ROOTTHREAT_H */
