/*
 * tt.h - the transposition table of the strong search, owned by an engine (tt.c). Internal.
 */
#ifndef GOMOKU_TT_H
#define GOMOKU_TT_H

#include <stdint.h>

struct tt;

struct tt *gomoku__tt_new(int megabytes);   /* NULL when out of memory */
void gomoku__tt_free(struct tt *tt);        /* NULL is a no-op */
void gomoku__tt_clear(struct tt *tt);       /* NULL is a no-op */
long long gomoku__tt_bytes(const struct tt *tt);
/* Bytes a table made by gomoku__tt_new(megabytes) occupies (0 for a bad size). */
long long gomoku__tt_bytes_for(int megabytes);
/* Bound of a stored score. */
enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };
typedef struct tt_hit {
    int move;  /* padded index, 0 = none */
    int score; /* adjusted back to plies from the root of the probing search */
    int eval;  /* static evaluation stored with the entry */
    int depth;
    int bound; /* TT_* */
    int pv;    /* the node was on a principal variation (the fractional search's flag) */
} tt_hit;
/* An entry's eval when the node had no static value of its own (the fractional search's
 * nodes under a threat take their parent's). */
#define TT_EVAL_NONE (-32768)
/* The score of an entry that holds a static value only (freestyle's fractional search
 * stores one when it first evaluates a node): stored as a lower bound that says nothing,
 * since TT_NONE marks an empty slot; gomoku__tt_probe() reports it as a hit with bound
 * TT_NONE and score 0. */
#define TT_STATIC_ONLY (-(GOMOKU_SCORE_WIN_MIN - 1)) /* above every loss: stored as is */
/* Looks the position up; returns 1 and fills *hit when found. Safe to call from several
 * threads at once (Lazy SMP): a torn entry fails its key check and reads as a miss. */
int gomoku__tt_probe(struct tt *tt, uint64_t key, int ply, tt_hit *hit);
/* Stores a result; mate scores are made relative to the node by `ply`. Depths are kept
 * up to 127 plies; pv is the principal-variation flag read back in tt_hit.pv. */
void gomoku__tt_store(struct tt *tt, uint64_t key, int ply, int move, int score, int eval,
                      int depth, int bound, int pv);
/* Starts a new search generation: older entries become the first to be replaced. */
void gomoku__tt_new_search(struct tt *tt);
/* Hint the memory of key's bucket into the cache. */
void gomoku__tt_prefetch(const struct tt *tt, uint64_t key);

#endif /* GOMOKU_TT_H */
