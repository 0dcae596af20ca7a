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
int gomoku__evaluate(const board *b, const gomoku_weights *w);
void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w);

/* ---------------------------------------------------------------------------------- */
/* The engine handle                                                                   */
/* ---------------------------------------------------------------------------------- */

struct tt;     /* tt.c */

struct gomoku_engine {
    board b;
    gomoku_weights weights;
    gomoku_eval_fn eval_fn;
    void *eval_payload;
    gomoku_progress_fn progress_fn;
    void *progress_payload;
    struct tt *tt;            /* owned; NULL until first needed */
    int hash_mb;
    atomic_int stop;          /* set by gomoku_stop() from any thread */
    atomic_int busy;          /* a search runs */
};

/* The evaluation the searches use: the user callback if any, else the built-in one. */
int gomoku__engine_eval(const gomoku_engine *e);

#endif /* GOMOKU_INTERNAL_H */
