/*
 * timeman.h - the clock of one strong search (timeman.c): the time plan, the decisions
 * that read it, and the watchdog. Internal.
 */
#ifndef GOMOKU_TIMEMAN_H
#define GOMOKU_TIMEMAN_H

#include "internal.h"

#include <pthread.h>
#include <time.h>

/* The clock's state for one search. Without a time limit, hard_ms and soft_ms are 0 and
 * every decision below says "go on". */
typedef struct gomoku__clock {
    double start;            /* gomoku__now_ms() at the start */
    double hard_ms;          /* never search longer than this (0: no clock) */
    double soft_ms;          /* do not start another iteration after this (0: no clock) */
    double reserve_ms;       /* kept for the final check while the best move is unchecked */
    atomic_int unchecked;    /* 1 while the main thread's best move has not passed the
                                threat check: the main search then stops reserve_ms early */
} gomoku__clock;

/* Milliseconds of a monotonic clock. */
double gomoku__now_ms(void);
/* Starts the clock at `start` and sets hard_ms and soft_ms from the limits, for a board
 * of `size` with `nmoves` stones. */
void gomoku__clock_plan(gomoku__clock *c, double start, const gomoku_limits *l, int nmoves,
                        int size);
/* Keeps `share` of the hard limit for the final check of the best move, held back from the
 * main search while the best move is unchecked (it starts so). */
void gomoku__clock_reserve(gomoku__clock *c, double share);
/* The best move is in doubt (`doubt` 1: keep the reserve) or has passed the check (0: the
 * main search may run to the hard limit). */
static inline void gomoku__clock_doubt(gomoku__clock *c, int doubt)
{
    atomic_store(&c->unchecked, doubt);
}
/* Has the main search used up its time? (the hard limit, less the reserve while the best
 * move is unchecked) */
int gomoku__clock_out(const gomoku__clock *c);
/* After an iteration that ended `elapsed` ms into the search, with the best move changing
 * `unstable` (a decaying count): is there time to start another one? */
int gomoku__clock_another_iteration(const gomoku__clock *c, double elapsed, int unstable);
/* The time the move may take: the soft limit with a game clock, else the hard one. */
double gomoku__clock_span(const gomoku__clock *c);

/* A thread that raises an engine's stop flag at the hard limit: the threat solvers look
 * at their node budgets and the stop flag, not at the clock. */
typedef struct gomoku__watchdog {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    struct timespec deadline; /* CLOCK_MONOTONIC */
    gomoku_engine *engine;
    pthread_t thread;
    int running;
} gomoku__watchdog;
/* Starts the watchdog for the clock's hard limit, when there is one; w->running says
 * whether it runs. */
void gomoku__watchdog_start(gomoku__watchdog *w, gomoku_engine *e, const gomoku__clock *c);
/* Stops it (a no-op when it does not run). */
void gomoku__watchdog_end(gomoku__watchdog *w);

#endif /* GOMOKU_TIMEMAN_H */
