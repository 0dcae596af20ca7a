/*
 * threatctx.h - what the threat solver's files share: threat.c (entry points and the driver),
 * threatshape.c (the attacker's threats and the defender's answers, from the shapes),
 * vcf.c (the depth-first search: VCF, and the short passes of a VCT) and dfpn.c (the
 * df-pn VCT solver, its table and its memo). Internal to those files.
 */
#ifndef GOMOKU_THREATCTX_H
#define GOMOKU_THREATCTX_H

#include "internal.h"
#include "threat.h"
#include "timeman.h"

#include <stddef.h>

#define THREAT_MAX_DEPTH 60                  /* attacker moves, whatever the caller asks */
#define LINE_MAX (2 * THREAT_MAX_DEPTH + 8)  /* plies of a line, with room for the last five */
#define CAND_MAX 256                         /* moves kept per node */
#define STACK_MAX (2 * THREAT_MAX_DEPTH + 16) /* stones the search can have on the board */

/* One slot of the depth-first search's transposition table (vcf.c). */
typedef struct vcf_slot { /* (named: threat.h's gomoku__threat_space points to them) */
    uint64_t key;
    int16_t depth; /* attacker moves searched (fail) or allowed (win) */
    int16_t len;   /* > 0: win in this many plies from the node; 0: no win within depth */
    int32_t used;
} vcf_slot;

/* One call of the solver: the board it works on, its limits, its tables. */
typedef struct threat_ctx {
    board *b;
    int att, def;     /* C_BLACK / C_WHITE */
    int caro;
    int renju_att_black, renju_def_black;
    long long nodes, budget;
    atomic_int *stop, *stop2;
    gomoku__threat_space *space; /* the thread's kept tables, or NULL */
    double start_ms;    /* gomoku__now_ms() at the start */
    double deadline_ms; /* 0: none */
    int aborted;
    int depth_cut;      /* some node of the current subtree stopped for lack of depth */
    long long next_check;
    vcf_slot *tt;
    size_t tt_mask;
    int tt_tried;
    int tt_owned;       /* tt was allocated for this call (not the space's) */
    int sp;             /* stones placed by the search, for the scan box stack */
    /* Arrays last: ctx_init() clears only the fields above them. */
    gomoku__box boxes[STACK_MAX + 1]; /* the scan box by stones placed */
    int path[LINE_MAX]; /* moves being searched, by ply (for move ordering) */
    int line[LINE_MAX]; /* the winning line as it is proven */
    /* df-pn: by ply, the move that last proved (attacker) or refuted (defender) a node
     * there; tried first, since a sibling line often falls to the same move (measured
     * with the work-based table: the win puzzles at 3M nodes 9 -> 11 proven, 22.6M ->
     * 21.4M nodes; the 456 match positions 130 -> 129 wins, 14.65M -> 14.69M nodes;
     * the save puzzles' non-answers at 1M 823 -> 827 proven; either side alone less). */
    short killer[LINE_MAX];
} threat_ctx;

/* The search has to give up: budget spent, stop asked, or out of time. Cheap checks
 * every node, the atomic and the clock every 128 nodes (a node here can cost 20 us:
 * every 1024 let a stopped solver run on for up to 20 ms; bench/stop-latency). */
static inline int out_of_work(threat_ctx *c)
{
    if (c->aborted)
        return 1;
    if (c->nodes >= c->budget) {
        c->aborted = 1;
        return 1;
    }
    if (c->nodes >= c->next_check) {
        c->next_check = c->nodes + 128;
        if ((c->stop && atomic_load_explicit(c->stop, memory_order_relaxed)) ||
            (c->stop2 && atomic_load_explicit(c->stop2, memory_order_relaxed)))
            c->aborted = 1;
        else if (c->deadline_ms > 0 && gomoku__now_ms() - c->start_ms >= c->deadline_ms)
            c->aborted = 1;
    }
    return c->aborted;
}

/* The tables the engine keeps for its main thread's solver calls (search.c), NULL when
 * no search has made them yet. */
gomoku__threat_space *gomoku__engine_threat_space(gomoku_engine *e);

/* ---- board access ---------------------------------------------------------------- */

static inline int play(threat_ctx *c, int idx)
{
    board *b = c->b;
    /* Cells that can get a pattern from this stone lie within five steps of it. */
    gomoku__box near = gomoku__box_at(board_x(b, idx), board_y(b, idx));
    c->boxes[c->sp + 1] = gomoku__box_cover(c->boxes[c->sp], gomoku__box_grow(near, 5, b->size));
    c->sp++;
    c->nodes++;
    gomoku__board_make_lite(b, idx);
    return b->state;
}

static inline void unplay(threat_ctx *c)
{
    c->sp--;
    gomoku__board_unmake_lite(c->b);
}

/* Plays idx for the side not to move (after a null move of the side to move), for
 * probing what a threat would do. Undo with null_unplay(). */
static inline int null_play(threat_ctx *c, int idx)
{
    gomoku__board_pass(c->b);
    return play(c, idx);
}

static inline void null_unplay(threat_ctx *c)
{
    unplay(c);
    gomoku__board_pass(c->b);
}

static inline int has_five_point(const board *b, int s) { return b->ncls[s - 1][K_FIVE] > 0; }

/* ---- threatshape.c: the moves of the two sides ------------------------------------ */

/* The first five point of side s in the scan box, -1 if none. */
int gomoku__threat_first_five(const threat_ctx *c, int s);
/* The attacker's candidate moves: the blocks of the defender's five points when it has
 * any, else its fours (VCF) or threats (VCT); 0 when there are too many to list. */
int gomoku__threat_attacker_list(threat_ctx *c, int vct, short *mv);
/* The defender's moves; 0 when the attacker has five points that no move stops, -1 when
 * the attacker's last move needs no answer, the defender wins first, or a list
 * overflows. */
int gomoku__threat_defender_list(threat_ctx *c, int vct, short *defs);
/* Orders the n moves of the node at ply (the attacker's at even plies). */
void gomoku__threat_order_at(const threat_ctx *c, int ply, short *mv, int n);
/* The two lists above, ordered. */
int gomoku__threat_attacker_moves(threat_ctx *c, int ply, int vct, short *mv);
int gomoku__threat_defender_moves(threat_ctx *c, int ply, int vct, short *defs);
/* Defender to move, the attacker has unstoppable five points: writes the end of the line
 * from ply and returns its length (0 if no such line can be shown). */
int gomoku__threat_finish_line(threat_ctx *c, int ply);

/* ---- vcf.c: the depth-first search ------------------------------------------------ */

/* Slots of the depth-first search's table for a call of `budget` nodes. */
size_t gomoku__vcf_slots(long long budget);

/* Attacker to move at ply with at most `depth` attacker moves left; vct = 0: fours only.
 * Returns the length of the win (the line in c->line), 0 when none was proven. */
int gomoku__threat_attack(threat_ctx *c, int ply, int depth, int vct, int need_line);
/* Defender to move after an attacker move; the same result. */
int gomoku__threat_defend(threat_ctx *c, int ply, int depth, int vct, int need_line);

/* ---- dfpn.c: the df-pn VCT solver ------------------------------------------------- */

/* df-pn from the root; returns the line's length or 0, and *disproved = 1 when the root
 * was refuted outright. With a memo, its table is used and kept. */
int gomoku__dfpn_search(threat_ctx *c, int max_plies, int *disproved, gomoku__vct_memo *memo);
/* Does the memo hold the table of this root and max_plies (so the call goes on)? */
int gomoku__dfpn_memo_holds(const gomoku__vct_memo *memo, const board *b, int max_plies);

#endif /* GOMOKU_THREATCTX_H */
