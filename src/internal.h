/*
 * internal.h - the engine handle, and what every part of the library that works on an
 * engine shares. Not installed. Names shared across files carry the gomoku__ prefix; they
 * are hidden from the shared library by -fvisibility=hidden. Each concern has its own
 * header (board.h, tt.h, threat.h, ...), included where it is used.
 */
#ifndef GOMOKU_INTERNAL_H
#define GOMOKU_INTERNAL_H

#include "board.h"
#include "gomoku.h"

#include <stdatomic.h>

/* eval.c */
/* The weights' evaluation (GOMOKU_EVAL_WEIGHTS). */
int gomoku__evaluate(const board *b, const gomoku_weights *w);
/* The fitted tables' (GOMOKU_EVAL_FITTED): the same turn rules, then the sums board.c
 * keeps; win_score as in the weights. */
int gomoku__evaluate_fitted(const board *b, int win_score);
/* The one of the two that `model` (resolved, not GOMOKU_EVAL_DEFAULT) names. */
int gomoku__evaluate_model(const board *b, const gomoku_weights *w, int model);
/* The model GOMOKU_EVAL_DEFAULT stands for under `rule`; any other model is itself. */
int gomoku__eval_model(int model, int rule);
/* The index (0..EVAL_COMBOS-1) of four pattern codes, order ignored. */
int gomoku__combo_index(const uint8_t p[NDIR]);
void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w,
                       int model);

/* ---------------------------------------------------------------------------------- */
/* The engine handle                                                                   */
/* ---------------------------------------------------------------------------------- */

struct tt;     /* tt.c */
struct gomoku__search_mem; /* search.h */

struct gomoku_engine {
    /* What a helper thread's copy of the engine shares with it (gomoku__engine_clone()
     * copies everything before `progress_fn`): the position and its evaluation. */
    board b;
    gomoku_weights weights;
    int eval_model;           /* gomoku_eval_model, as set (GOMOKU_EVAL_DEFAULT unresolved) */
    gomoku_eval_fn eval_fn;
    void *eval_payload;
    int hash_mb;
    /* The engine's own: not copied. */
    gomoku_progress_fn progress_fn;
    void *progress_payload;
    struct tt *tt;            /* owned; NULL until first needed */
    struct gomoku__search_mem *mem; /* owned: what searches keep (search.c); NULL until
                                       the first search */
    atomic_int stop;          /* set by gomoku_stop() from any thread */
    atomic_int stop_all;      /* gomoku_stop() too, where the watchdog's hard limit does not
                                 reach: a multi-PV search ends after the current line */
    atomic_int busy;          /* a search runs */
};

/* Frees what the engine's searches keep (search.c); NULL is a no-op. */
void gomoku__search_mem_free(struct gomoku__search_mem *mem);

/* The evaluation the searches use: the user callback if any, else the built-in one of
 * the engine's model. */
int gomoku__engine_eval(const gomoku_engine *e);
/* The same with the weights' model whatever the engine's (the textbook searches). */
int gomoku__engine_eval_weights(const gomoku_engine *e);

/* A helper thread's engine: the position and the evaluation of src (a user evaluation
 * sees the copy), no table, no progress callback, its own flags. */
void gomoku__engine_clone(gomoku_engine *dst, const gomoku_engine *src);

/* Reads a versioned option struct of the caller's (`in`, whose first field is its version)
 * into *out (`size` bytes, the current layout): the bytes up to ends[version], where that
 * version's last field ended; the fields it did not have are 0. GOMOKU_OK, or
 * GOMOKU_EVERSION for version 0 or one newer than `current` (then *out is unchanged). */
int gomoku__read_versioned(void *out, size_t size, const void *in, const size_t *ends,
                           unsigned current);

/* The busy flag: one search at a time on an engine, and no change to it meanwhile. */
static inline int gomoku__engine_busy(const gomoku_engine *e)
{
    return atomic_load(&((gomoku_engine *)e)->busy) != 0;
}
/* Takes e for a search: GOMOKU_OK, or GOMOKU_EBUSY (a search runs) or GOMOKU_EGAMEOVER
 * (the game is over), and then e is not taken. Clears the stop flag. */
int gomoku__engine_begin(gomoku_engine *e);
/* Gives e back after a search: clears the stop flag and the busy flag. */
void gomoku__engine_end(gomoku_engine *e);

/* Stop-latency trace (bench/stop-latency built with -DGOMOKU_STOP_TRACE only): a mark at
 * each phase boundary of a search, with the wall time and the marking thread's CPU time,
 * so that the time a stopped search still takes can be put on its phases. Compiled out
 * otherwise. */
#ifdef GOMOKU_STOP_TRACE
#define GOMOKU__TRACE_MAX 4096
typedef struct gomoku__trace_mark {
    const char *name;
    const char *thread; /* "main", "worker", "helper" */
    int tid;            /* the thread's index in gomoku__trace_clock, -1 for the caller's */
    double wall, cpu;   /* ms */
    double sys;         /* ms of the thread's CPU time in the kernel */
    long faults;        /* the thread's page faults so far (minor and major) */
} gomoku__trace_mark;
extern _Thread_local const char *gomoku__trace_thread;
/* The CPU clocks of the threads a search starts, for the bench to read at the stop. */
#define GOMOKU__TRACE_THREADS 16
#include <time.h>
extern clockid_t gomoku__trace_clock[GOMOKU__TRACE_THREADS];
extern atomic_int gomoku__trace_nthreads;
void gomoku__trace_thread_start(const char *name);
extern gomoku__trace_mark gomoku__trace[GOMOKU__TRACE_MAX];
extern atomic_int gomoku__ntrace;
void gomoku__trace_at(const char *name);
#define GOMOKU__TRACE(name) gomoku__trace_at(name)
#else
#define GOMOKU__TRACE(name) ((void)0)
#endif

#endif /* GOMOKU_INTERNAL_H */
