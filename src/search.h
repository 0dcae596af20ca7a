/*
 * search.h - what the strong search's files share: search.c (iterative deepening, PVS,
 * root), movegen.c (move generation and ordering) and rootthreat.c (the threat searches
 * around the root). Internal, like internal.h; nothing here is installed.
 */
#ifndef GOMOKU_SEARCH_H
#define GOMOKU_SEARCH_H

#include "internal.h"
#include "movegen.h"
#include "threat.h"
#include "timeman.h"
#include "tt.h"

#include <pthread.h>

#define MAX_PLY 120        /* plies from the root, quiescence included */
#define MAX_VERIFIED 32    /* root moves remembered as checked by the threat search */
#define INF (GOMOKU_SCORE_WIN + 1)
#define WIN GOMOKU_SCORE_WIN

/* ---------------------------------------------------------------------------------- */
/* Search state                                                                        */
/* ---------------------------------------------------------------------------------- */

struct gomoku__rootthreat; /* rootthreat.h */

/* A search's answer at the root: the best move, its score, the depth it was searched to
 * and its line. */
typedef struct root_result {
    int move;
    int score;
    int depth;
    int pvlen;
    int pv[MAX_PLY];
} root_result;

typedef struct search_shared {
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
    atomic_int main_depth;   /* the iteration the main thread searches */
    pthread_mutex_t helper_lock; /* guards the helpers' deepest result below */
    root_result helper_best; /* the deepest iteration a helper completed (depth 0: none) */
    struct gomoku__rootthreat *rt; /* the threat searches around the root */
    unsigned char (*lmr)[64]; /* search(): late move reductions by depth and move
                                 number (a read-only table of search.c, built once) */
    int fractional;          /* the fractional-depth search (fsearch) is the main search */
    int fref;                /* freestyle, standard and renju's black: the fractional
                                search as the reference's (see fsearch()), no threat
                                searches at the root */
    float (*flmr)[64];       /* fsearch: the rule's reductions by depth and move number */
    int ffutility;           /* fsearch: the rule's reverse futility margin a ply */
} search_shared;

/* Node profile (bench/node-profile built with -DGOMOKU_NODE_PROFILE only): where one
 * thread's nodes go, by the remaining depth of the node, so that a change to the tree's
 * shape can be seen node by node beside the depth it reaches. Compiled out otherwise: the
 * default build does not count, and searches node for node the same. */
#ifdef GOMOKU_NODE_PROFILE
#define PROF_DEPTHS 24 /* remaining depth 0..22; the last row holds deeper nodes */
enum { PROF_PV, PROF_CUT, PROF_ALL, PROF_THREAT, PROF_HORIZON, PROF_KINDS };
enum { PROF_QUIET, PROF_LOUD, PROF_FORCED, PROF_CLASSES };
typedef struct gomoku__node_profile {
    long long root_nodes;                /* root searches: one an iteration and window */
    long long search_nodes;              /* calls of the main search past the horizon test */
    long long settled[PROF_DEPTHS];      /* settled at once: game over, a five, mate bounds */
    long long table[PROF_DEPTHS];        /* returned by the table's bound */
    long long rfp[PROF_DEPTHS];          /* returned by reverse futility pruning */
    long long singular[PROF_DEPTHS];     /* the table's move extended as singular */
    long long node[PROF_DEPTHS][PROF_KINDS];  /* nodes that searched moves, by kind */
    long long moves[PROF_DEPTHS][PROF_KINDS]; /* the moves they searched */
    long long cut[PROF_DEPTHS];          /* beta cut-offs ... */
    long long first_cut[PROF_DEPTHS];    /* ... by the first move searched */
    /* The order at unforced nodes of depth 2 or more (not the horizon's): cut-offs with a
     * table move [0] and without one [1], those by the first move searched, and without a
     * table move, how often a killer was searched first and how often it was the cut. */
    long long order_cut[2], order_first[2], killer_first, killer_cut;
    /* Moves after the first at depth 2 or more, by class: how many, how many were
     * searched shallower first, and the plies taken off them together. */
    long long later[PROF_CLASSES], reduced[PROF_CLASSES], plies[PROF_CLASSES];
    long long qs_entries;                /* quiescence searches started by the main search */
    long long qs_nodes;                  /* quiescence nodes */
} gomoku__node_profile;
#define PROF(stmt) \
    do {           \
        stmt;      \
    } while (0)
#else
#define PROF(stmt) ((void)0)
#endif

typedef struct search_thread {
    search_shared *sh;
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
    int eval_model;              /* the built-in evaluation's, resolved */
    int killer[MAX_PLY][2];
    int sev[MAX_PLY];        /* static value of the search node at each ply (mover's view) */
    int excluded[MAX_PLY];   /* the move a singular test leaves out at each ply, or 0 */
    int extc[MAX_PLY + 1];   /* defence lists searched without using depth on the path */
    int iter_depth;          /* the depth of the iteration under way */
    int root_depth;          /* sh->fref: the root's depth as the last iteration left it,
                                -1 before the first */
    int history[2][MAX_PADDED];
    /* The fractional-depth search's own state (search.c, fsearch): */
    int fhist[2][MAX_PADDED][2]; /* history by side and cell: [0] moves making an open three
                                    or more, [1] the others; bounded by gravity */
    unsigned char fmade[MAX_PLY + 8][2]; /* classes (K_*) for black and white of the cell
                                    played at ply p, at fmade[p + 4]; 0 below the root */
    float fext[MAX_PLY + 2];     /* extension beyond one ply a move, summed on the path */
    unsigned char fpv[MAX_PLY + 2]; /* the node is or was on a principal variation */
    int root_alpha, root_delta;  /* the root's alpha and window (the iteration's) */
    int pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    gomoku__box bx[MAX_PLY + 1]; /* the stones' bounding box by ply */
    int moves[MAX_PLY][GOMOKU_MAX_CELLS];
    int scores[MAX_PLY][GOMOKU_MAX_CELLS];
    pthread_t handle;
    /* results of the last completed iteration (main thread) */
    int done_depth;
#ifdef GOMOKU_NODE_PROFILE
    gomoku__node_profile prof; /* cleared with the record at each search (clear_thread) */
#endif
} search_thread;

/* ---------------------------------------------------------------------------------- */
/* Nodes and limits                                                                    */
/* ---------------------------------------------------------------------------------- */

/* Every 128 nodes: the stop flag, the hard time limit, the shared node count (search.c).
 * That often, a stopped search unwinds within a fraction of a millisecond of work
 * (bench/stop-latency). */
void gomoku__slow_check(search_thread *t);

/* Counts a node and says whether the search must unwind. With one thread the node limit
 * is exact, so node-limited searches repeat exactly. */
static inline int enter_node(search_thread *t, int ply)
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
    if ((t->nodes & 127) == 0)
        gomoku__slow_check(t);
    return t->stopped;
}

/* The search's move: the board's, the stones' box of the next ply, and the table entry
 * of the new position fetched ahead. The fetch is asked for before the board is updated,
 * from the key the move will give (gomoku__board_hash_after()), so that the
 * memory access overlaps the update instead of stalling the child's probe: with the
 * 167 MB table a 350 MB Gomocup limit gives, `gomoku-bench --depth 8 --hash 170` ran 8%
 * faster, the same nodes (docs/measurements.md). */
static inline void search_make(search_thread *t, int ply, int idx)
{
    board *b = t->b;
    t->bx[ply + 1] = gomoku__box_cover(t->bx[ply], gomoku__box_at(board_x(b, idx),
                                                                  board_y(b, idx)));
    gomoku__tt_prefetch(t->sh->tt, gomoku__board_hash_after(b, idx));
    gomoku__board_make(b, idx);
}

static inline void search_unmake(search_thread *t) { gomoku__board_unmake(t->b); }

/* What an engine keeps from one search to the next, so that a search neither allocates
 * nor touches fresh memory once the first one of its size has run: fresh pages are mapped
 * at their first touch, which can take milliseconds a huge page in the kernel, long enough
 * to keep a stopped search from returning (bench/stop-latency). Grown when a search needs
 * more (more threads, larger solver budgets), freed with the engine. */
typedef struct gomoku__search_mem {
    search_thread *threads;     /* the search's thread records */
    gomoku_engine *copies;      /* the helpers' copies of the engine (threads - 1) */
    int nthreads;               /* records held */
    /* The threat solvers' tables: [0] the main thread's, [1] the threat worker's. */
    gomoku__threat_space space[2];
    /* df-pn tables: [0] the main thread's (space[0].df), [1] the root VCT of one thread
     * on a clock, [2] and [3] the worker's checks ([2] is space[1].df too). */
    gomoku__vct_memo *memo[4];
} gomoku__search_mem;

/* One search with the root moves in excluded[] left out; the caller holds busy (search.c). */
int gomoku__search_core(gomoku_search_result *out, gomoku_engine *engine,
                        const gomoku_limits *limits, const gomoku_point *excluded, int nexcluded);
/* The multi-PV driver: `want` lines, one gomoku__search_core() each (multipv.c). */
int gomoku__search_lines(gomoku_search_result *lines, int *count, gomoku_engine *e,
                         const gomoku_limits *limits, int want);

#endif /* GOMOKU_SEARCH_H */
