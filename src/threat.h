/*
 * threat.h - the threat-space solvers (VCF, VCT) as the rest of the library calls them
 * (threat.c, threatshape.c, vcf.c, dfpn.c). Internal.
 */
#ifndef GOMOKU_THREAT_H
#define GOMOKU_THREAT_H

#include "board.h"

#include <stdatomic.h>

/* Threat-space search for the side to move on b; b is restored before return. Returns
 * the length in plies of the forced win found (odd: the attacker's moves and the
 * defender's forced answers, ending with the five) and writes the moves (padded indices)
 * to line[0 .. min(len, cap) - 1]; returns 0 when no win was found within max_depth
 * attacker moves and the node budget. *nodes is increased by the nodes searched. stop
 * may be NULL; when it becomes nonzero the search gives up (returns 0). Never reports a
 * win that does not exist. */
int gomoku__vcf(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop);
int gomoku__vct(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop);
/* gomoku__vct(), and *refuted = 1 when no win was found because the search ran out of
 * threats everywhere within max_depth (not out of nodes, time or stop): no VCT the
 * solver's move generators can build exists. Never set where those generators leave out
 * four-three threats (black attacking in renju, caro), unless the attacker has no three
 * or four to start with. */
int gomoku__vct_refute(board *b, int max_depth, long long budget, long long *nodes, int *line,
                       int cap, atomic_int *stop, int *refuted);
/* A VCT that can be resumed: gomoku__vct_refute() keeping its proof-number table in
 * *memo, so that a later call on the same position (and max_depth) goes on from where
 * the last one stopped instead of starting again. A memo holds one position: a call on
 * another one clears it. gomoku__vct_memo_new() sizes the table as a single call on
 * `budget` nodes would (0: the largest, 10 MB); NULL when out of memory. */
typedef struct gomoku__vct_memo gomoku__vct_memo;
gomoku__vct_memo *gomoku__vct_memo_new(long long budget);
void gomoku__vct_memo_free(gomoku__vct_memo *memo); /* NULL is a no-op */
/* A memo the engine keeps from search to search: *memo is made, or grown, to hold the
 * table of `budget` (as gomoku__vct_memo_new()), and it forgets its position (its next
 * call clears the part of the table it uses). With `touch`, every page of a new table is
 * touched now; else gomoku__vct_memo_touch() does it. Fresh pages are mapped at their
 * first touch, which on some machines takes milliseconds a huge page in the kernel; a
 * solver that meets them after gomoku_stop() cannot see the stop (bench/stop-latency).
 * Returns 0, or -1 when out of memory: then *memo is as it was, forgotten, and may be
 * NULL or smaller than asked. */
int gomoku__vct_memo_reserve(gomoku__vct_memo **memo, long long budget, int touch);
/* Touches the pages of the memo's table not touched yet, a few at a time, until either
 * flag is set (NULL: none); the rest is left for the next call. Before any solver call
 * of the search uses the memo: the table is cleared (it is, or gets cleared at its first
 * use). NULL is a no-op. */
void gomoku__vct_memo_touch(gomoku__vct_memo *memo, atomic_int *stop, atomic_int *stop2);

/* The tables one thread's solver calls work in, kept by the engine from search to search
 * and touched when made (see gomoku__vct_memo_reserve()): the depth-first search's table
 * and df-pn's. A call whose budget they are too small for allocates its own, as a call
 * without them does; either way a call starts on cleared tables of the size its budget
 * asks for, so the results are the same. */
typedef struct gomoku__threat_space {
    struct vcf_slot *vcf;    /* the depth-first search's table (threatctx.h) */
    size_t vcf_slots;
    size_t vcf_touched;      /* its bytes touched so far */
    gomoku__vct_memo *df;    /* df-pn's table; not owned (the engine's memos) */
} gomoku__threat_space;
/* Makes, or grows, the depth-first table for calls of up to `budget` nodes, touched now
 * with `touch` (else by gomoku__threat_space_touch()); 0, or -1 when out of memory (then
 * the space is as it was). */
int gomoku__threat_space_reserve(gomoku__threat_space *space, long long budget, int touch);
/* As gomoku__vct_memo_touch(), for the depth-first table. */
void gomoku__threat_space_touch(gomoku__threat_space *space, atomic_int *stop, atomic_int *stop2);
/* Zeroes [p + *done, p + bytes) a chunk at a time, counting in *done, until either flag is
 * set (threat.c). */
void gomoku__touch(void *p, size_t bytes, size_t *done, atomic_int *stop, atomic_int *stop2);
void gomoku__threat_space_free(gomoku__threat_space *space); /* the vcf table; not df */
/* One call of a resumable VCT: what it may spend, and what it found. */
typedef struct gomoku__vct_job {
    int max_depth;     /* attacker moves */
    long long budget;  /* nodes */
    double ms;         /* milliseconds; 0: no time limit */
    atomic_int *stop;  /* may be NULL */
    atomic_int *stop2; /* a second flag that stops it too; may be NULL */
    gomoku__threat_space *space; /* the calling thread's tables; NULL: the call's own */
    int *line;         /* the win's moves, up to cap of them */
    int cap;
    long long nodes;   /* out: increased by the nodes searched */
    int refuted;       /* out: as gomoku__vct_refute()'s *refuted */
} gomoku__vct_job;
/* Returns the length of the win (0: none found), as gomoku__vct_refute(). */
int gomoku__vct_resume(board *b, gomoku__vct_memo *memo, gomoku__vct_job *job);
/* A VCF (vct 0) or VCT (1) as a job, without a memo: as gomoku__vcf() and
 * gomoku__vct_refute(). */
int gomoku__threat_job(board *b, int vct, gomoku__vct_job *job);

#endif /* GOMOKU_THREAT_H */
