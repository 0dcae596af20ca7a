/*
 * threat.c - threat-space search: VCF (victory by continuous fours) and VCT (victory by
 * continuous threats: fours and threes). The entry points and the driver; the moves of
 * the two sides are in threatshape.c, the depth-first search in vcf.c, df-pn in dfpn.c.
 *
 * Both are AND-OR searches on the incremental board. At an attacker (OR) node the
 * attacker tries its threat moves; at a defender (AND) node every defence that could
 * matter is tried and all of them must lose. A proof is sound because a defender move
 * left out is always one after which the attacker provably wins at once (threatshape.c
 * says how each kind of threat is answered).
 *
 * A node budget, a stop flag and (for the public calls) a deadline bound the work; an
 * aborted search reports no win and stores nothing. A small transposition table, keyed by
 * the position's hash, remembers proven and failed attacker nodes within one call.
 */
#include "threatctx.h"

#include <stdlib.h>
#include <string.h>

#define DFS_NODES 20000               /* at most, for the VCT's depth-first phase */
#define PUBLIC_DEPTH 32               /* keeps public lines within GOMOKU_MAX_PV plies */

/* ---- entry points ---------------------------------------------------------------- */

static void ctx_init(threat_ctx *c, board *b, long long budget, atomic_int *stop,
                     atomic_int *stop2, gomoku__threat_space *space, double deadline_ms)
{
    memset(c, 0, offsetof(threat_ctx, boxes));
    c->b = b;
    c->att = b->side;
    c->def = 3 - b->side;
    c->caro = b->rule == GOMOKU_CARO;
    c->renju_att_black = b->rule == GOMOKU_RENJU && c->att == C_BLACK;
    c->renju_def_black = b->rule == GOMOKU_RENJU && c->def == C_BLACK;
    c->budget = budget > 0 ? budget : 0;
    c->stop = stop;
    c->stop2 = stop2;
    c->space = space;
    c->deadline_ms = deadline_ms;
    c->start_ms = gomoku__now_ms();
    /* The scan box: every cell with a pattern lies within five steps of a stone. */
    c->boxes[0] = gomoku__box_grow(gomoku__box_of_stones(b), 5, b->size);
}

/* The common driver. vct = 0: VCF, one depth-first search (cheapest for the many small
 * leaf calls of the main search). vct = 1: VCT, first the depth-first search deepened one
 * attacker move at a time on a small budget (short wins first; failed nodes of the
 * shallower passes prune the deeper ones; it stops once a pass was nowhere cut short by
 * depth), then, when that settles nothing, df-pn on the rest of the budget. */
static int run(board *b, int vct, int max_depth, long long budget, long long *nodes, int *line,
               int cap, atomic_int *stop, double deadline_ms, int *refuted,
               gomoku__vct_memo *memo, atomic_int *stop2, gomoku__threat_space *space)
{
    if (refuted)
        *refuted = 0;
    if (!b || b->state != GOMOKU_ONGOING || max_depth < 1 || b->nmoves == 0)
        return 0;
    if ((stop && atomic_load_explicit(stop, memory_order_relaxed)) ||
        (stop2 && atomic_load_explicit(stop2, memory_order_relaxed)))
        return 0;
    if (max_depth > THREAT_MAX_DEPTH)
        max_depth = THREAT_MAX_DEPTH;
    int att = b->side;
    /* Without a four (VCF) or a three (VCT) to play there is nothing to search; this
     * keeps the leaf checks of the main search nearly free. */
    int usable = 0;
    for (int k = vct ? K_THREE : K_FOUR; k < K_NUM; k++)
        usable += b->ncls[att - 1][k];
    if (!usable) {
        if (nodes)
            (*nodes)++;
        if (refuted)
            *refuted = 1;
        return 0;
    }
    threat_ctx cx, *c = &cx;
    ctx_init(c, b, budget, stop, stop2, space, deadline_ms);
    int len = 0, complete = 0, disproved = 0;
    if (!vct) {
        len = gomoku__threat_attack(c, 0, max_depth, 0, 1);
    } else {
        /* A small part of the budget for the depth-first search, which is quick on short
         * wins and on positions with few threats (it finds the shortest first, and
         * proves that there is nothing when a pass runs out of threats at every depth);
         * the rest, if that settles nothing, for df-pn, which proves the long ones.
         * Measured against a quarter of the budget: on the 456 positions of the freestyle
         * match games at 487k nodes, 128 wins both, 22% fewer nodes; vctbench (the win
         * puzzles and three game positions at 5M) 11 wins instead of 10 for 28% fewer
         * nodes; the refutation of save line 50's 5,7 1.14M -> 418k nodes. */
        long long total = c->budget;
        c->budget = total / 4 < DFS_NODES ? total / 4 : DFS_NODES;
        /* Going on with a memo's df-pn: the depth-first passes were made the first time. */
        if (gomoku__dfpn_memo_holds(memo, b, 2 * max_depth - 1))
            c->budget = 0;
        for (int d = 1; d <= max_depth && !len && !c->aborted && c->budget > 0; d++) {
            c->depth_cut = 0;
            len = gomoku__threat_attack(c, 0, d, 1, 1);
            if (!c->depth_cut) {
                complete = !c->aborted; /* refuted at every depth: nothing to find */
                break;
            }
        }
        GOMOKU__TRACE("t:dfs");
        int interrupted = c->aborted && c->nodes < c->budget; /* stop flag or clock */
        if (!len && !complete && !interrupted) {
            c->aborted = 0;
            c->budget = total;
            len = gomoku__dfpn_search(c, 2 * max_depth - 1, &disproved, memo);
        }
    }
    if (c->aborted)
        len = 0;
    /* Only the VCT (the one caller) says so. Where the generators leave out four-three
     * threats (caro, and black's in renju that a distant white stone could make
     * forbidden), running out of them proves less: no refutation is claimed there. */
    if (refuted)
        *refuted = !len && !c->aborted && (complete || disproved) && !c->caro &&
                   !c->renju_att_black;
    if (nodes)
        *nodes += c->nodes > 0 ? c->nodes : 1;
    if (len > 0 && line && cap > 0)
        memcpy(line, c->line, (size_t)(len < cap ? len : cap) * sizeof *line);
    GOMOKU__TRACE("t:end");
    if (c->tt_owned)
        free(c->tt);
    GOMOKU__TRACE("t:tt-free");
    return len;
}

int gomoku__vcf(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop)
{
    return run(b, 0, max_depth, budget, nodes, line, cap, stop, 0, NULL, NULL, NULL, NULL);
}

int gomoku__vct(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop)
{
    return run(b, 1, max_depth, budget, nodes, line, cap, stop, 0, NULL, NULL, NULL, NULL);
}

int gomoku__vct_refute(board *b, int max_depth, long long budget, long long *nodes, int *line,
                       int cap, atomic_int *stop, int *refuted)
{
    return run(b, 1, max_depth, budget, nodes, line, cap, stop, 0, refuted, NULL, NULL, NULL);
}

int gomoku__vct_resume(board *b, gomoku__vct_memo *memo, gomoku__vct_job *job)
{
    return run(b, 1, job->max_depth, job->budget, &job->nodes, job->line, job->cap, job->stop,
               job->ms, &job->refuted, memo, job->stop2, job->space);
}

int gomoku__threat_job(board *b, int vct, gomoku__vct_job *job)
{
    return run(b, vct, job->max_depth, job->budget, &job->nodes, job->line, job->cap, job->stop,
               job->ms, vct ? &job->refuted : NULL, NULL, job->stop2, job->space);
}

/* ---- kept tables ------------------------------------------------------------------ */

/* 256 KB: a few hundred microseconds where first touches are slow, so a stop waits little. */
#define TOUCH_CHUNK ((size_t)256 << 10)

void gomoku__touch(void *p, size_t bytes, size_t *done, atomic_int *stop, atomic_int *stop2)
{
    while (*done < bytes) {
        if ((stop && atomic_load_explicit(stop, memory_order_relaxed)) ||
            (stop2 && atomic_load_explicit(stop2, memory_order_relaxed)))
            return;
        size_t n = bytes - *done < TOUCH_CHUNK ? bytes - *done : TOUCH_CHUNK;
        memset((char *)p + *done, 0, n);
        *done += n;
    }
}

/* ---- public API ------------------------------------------------------------------ */

static int threat_api(gomoku_threat_result *out, gomoku_engine *e, long long node_budget,
                      int time_ms, int vct)
{
    if (!out || !e || node_budget < 0 || time_ms < 0)
        return GOMOKU_EINVAL;
    if (e->b.state != GOMOKU_ONGOING)
        return GOMOKU_EGAMEOVER;
    int rc = gomoku__engine_begin(e);
    if (rc)
        return rc;
    double t0 = gomoku__now_ms();
    long long nodes = 0;
    int line[LINE_MAX];
    int len = run(&e->b, vct, PUBLIC_DEPTH, node_budget ? node_budget : 1000000, &nodes, line,
                  LINE_MAX, &e->stop, (double)time_ms, NULL, NULL, NULL,
                  gomoku__engine_threat_space(e));
    memset(out, 0, sizeof *out);
    out->found = len > 0;
    out->length = len;
    int shown = len < GOMOKU_MAX_PV ? len : GOMOKU_MAX_PV;
    for (int i = 0; i < shown; i++) {
        out->line[i].x = board_x(&e->b, line[i]);
        out->line[i].y = board_y(&e->b, line[i]);
    }
    for (int i = shown; i < GOMOKU_MAX_PV; i++)
        out->line[i].x = out->line[i].y = -1;
    out->nodes = nodes;
    out->time_ms = gomoku__now_ms() - t0;
    gomoku__engine_end(e);
    return GOMOKU_OK;
}

int gomoku_vcf(gomoku_threat_result *out, gomoku_engine *engine, long long node_budget,
               int time_ms)
{
    return threat_api(out, engine, node_budget, time_ms, 0);
}

int gomoku_vct(gomoku_threat_result *out, gomoku_engine *engine, long long node_budget,
               int time_ms)
{
    return threat_api(out, engine, node_budget, time_ms, 1);
}
