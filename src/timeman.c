/*
 * timeman.c - the clock of the strong search: the time plan (a hard limit that is never
 * passed and a soft one after which no iteration starts), the decisions that read it
 * (is the time up, start another iteration?), and the watchdog thread that stops the
 * threat solvers at the hard limit.
 */
#ifdef GOMOKU_STOP_TRACE
#define _GNU_SOURCE /* RUSAGE_THREAD */
#endif
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, pthread_condattr_setclock */
#endif
#include "timeman.h"

#include <time.h>
#ifdef GOMOKU_STOP_TRACE
#include <sys/resource.h>
#endif

/* ---------------------------------------------------------------------------------- */
/* Clock                                                                               */
/* ---------------------------------------------------------------------------------- */

double gomoku__now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}


#ifdef GOMOKU_STOP_TRACE
gomoku__trace_mark gomoku__trace[GOMOKU__TRACE_MAX];
atomic_int gomoku__ntrace;
_Thread_local const char *gomoku__trace_thread = "main";
static _Thread_local int trace_tid = -1;
clockid_t gomoku__trace_clock[GOMOKU__TRACE_THREADS];
atomic_int gomoku__trace_nthreads;

void gomoku__trace_thread_start(const char *name)
{
    gomoku__trace_thread = name;
    int i = atomic_fetch_add(&gomoku__trace_nthreads, 1);
    if (i < GOMOKU__TRACE_THREADS && pthread_getcpuclockid(pthread_self(), &gomoku__trace_clock[i]) == 0)
        trace_tid = i;
}

void gomoku__trace_at(const char *name)
{
    int i = atomic_fetch_add(&gomoku__ntrace, 1);
    if (i >= GOMOKU__TRACE_MAX)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    gomoku__trace[i].name = name;
    gomoku__trace[i].thread = gomoku__trace_thread;
    gomoku__trace[i].tid = trace_tid;
    gomoku__trace[i].cpu = (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
    gomoku__trace[i].wall = gomoku__now_ms();
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    gomoku__trace[i].sys = (double)ru.ru_stime.tv_sec * 1000.0 + (double)ru.ru_stime.tv_usec / 1e3;
    gomoku__trace[i].faults = ru.ru_minflt + ru.ru_majflt;
}
#endif

/* ---------------------------------------------------------------------------------- */
/* Watchdog                                                                            */
/* ---------------------------------------------------------------------------------- */

/* The threat solvers look at their node budget and the stop flag, not at the clock; on a
 * slow or busy machine their budgets could outlast the time. With a clock, a watchdog
 * thread raises the engine's stop flag at the hard limit, which every part of the search
 * obeys. */

static void *watchdog_main(void *arg)
{
    gomoku__watchdog *w = arg;
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

static int watchdog_run(gomoku__watchdog *w, pthread_t *th, gomoku_engine *e, double start_ms,
                        double ms)
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

void gomoku__watchdog_start(gomoku__watchdog *w, gomoku_engine *e, const gomoku__clock *c)
{
    w->running = c->hard_ms > 0 && watchdog_run(w, &w->thread, e, c->start, c->hard_ms);
}

void gomoku__watchdog_end(gomoku__watchdog *w)
{
    if (!w->running)
        return;
    pthread_mutex_lock(&w->lock);
    w->done = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->cond);
    w->running = 0;
}

/* Time budget: hard is never exceeded; soft is where no new iteration starts. */
void gomoku__clock_plan(gomoku__clock *c, double start, const gomoku_limits *l, int nmoves,
                        int size)
{
    c->start = start;
    c->hard_ms = 0;
    c->soft_ms = 0;
    c->reserve_ms = 0;
    atomic_init(&c->unchecked, 0);
    double hard = 0, soft = 0;
    if (l->time_ms > 0) {
        /* Leave room for unwinding and the caller's overhead. */
        double margin = l->time_ms / 20.0 < 30 ? l->time_ms / 20.0 : 30;
        hard = l->time_ms - margin;
        soft = 0;
    }
    if (l->time_left_ms > 0) {
        /* Spread the clock over the moves still to come. Games against a strong engine end
         * after 19-33 moves of each side (renju's are the shortest), and many of those
         * are forced replies that take no time, so the plan expects 20 more moves at the
         * start, one fewer every four stones, never fewer than 8 (the board's size hardly
         * matters: a game is decided near its first stones). The move may take up to four
         * shares when the best move is unstable (gomoku__clock_another_iteration()), a
         * quarter of what is left at most. A longer horizon leaves the clock unspent:
         * expecting 28 moves (never fewer than 12) spent 4.3-6.5 s of a 10 s game, and
         * half the board's cells, 112 moves on 15x15, about 2 s (docs/strength.md). */
        (void)size;
        int left = 20 - nmoves / 4;
        if (left < 8)
            left = 8;
        double share = (double)l->time_left_ms / left;
        double cap = l->time_left_ms / 4.0;
        double margin = l->time_left_ms / 50.0 < 50 ? l->time_left_ms / 50.0 : 50;
        double h = 4 * share < cap ? 4 * share : cap;
        h -= margin;
        if (h < 1)
            h = 1;
        if (hard == 0 || h < hard)
            hard = h;
        soft = share < hard ? share : hard;
    }
    if (hard > 0 && hard < 1)
        hard = 1;
    c->hard_ms = hard;
    c->soft_ms = soft;
}

void gomoku__clock_reserve(gomoku__clock *c, double share)
{
    c->reserve_ms = c->hard_ms * share;
    atomic_store(&c->unchecked, 1);
}

int gomoku__clock_out(const gomoku__clock *c)
{
    double hard = c->hard_ms;
    if (hard > 0 && atomic_load_explicit(&((gomoku__clock *)c)->unchecked, memory_order_relaxed))
        hard -= c->reserve_ms;
    return c->hard_ms > 0 && gomoku__now_ms() - c->start >= hard;
}

int gomoku__clock_another_iteration(const gomoku__clock *c, double elapsed, int unstable)
{
    /* With a per-move time only, all of it is ours: iterations go on until the hard
     * limit stops one, whose finished part still counts. */
    if (c->soft_ms > 0 && c->soft_ms < c->hard_ms) {
        /* An unstable best move (it changed in the last iterations) earns up to twice
         * the share. */
        double limit = c->soft_ms * (1.0 + 0.5 * (unstable > 4 ? 4 : unstable) / 2.0);
        if (limit > c->hard_ms)
            limit = c->hard_ms;
        /* The next iteration takes two to three times longer than this one: do not
         * start it when it cannot finish. */
        if (elapsed >= limit * 0.6)
            return 0;
    }
    return 1;
}

double gomoku__clock_span(const gomoku__clock *c)
{
    return c->soft_ms > 0 && c->soft_ms < c->hard_ms ? c->soft_ms : c->hard_ms;
}
