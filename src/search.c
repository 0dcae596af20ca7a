/*
 * search.c - the strong search: iterative deepening, principal variation search with
 * aspiration windows, the engine's transposition table, threat-aware move generation,
 * a four-only quiescence search (a small VCF at the horizon), the VCF/VCT solvers of
 * threat.c around the root, and Lazy SMP threads. Move generation and ordering live in
 * movegen.c, the root threat searches and the threat worker in rootthreat.c, the clock
 * and the watchdog in timeman.c, what they share in search.h.
 *
 * Threat-aware generation (movegen.c) follows from the incremental cell classes of
 * board.c:
 *   - the mover can make five: the node is a win, nothing to search;
 *   - the opponent has two five points: lost; one: blocking it is the only move;
 *   - the opponent has an open-four point (an open three, or a double four, on the
 *     board): only the moves that defend against it, and the mover's own fours;
 *   - otherwise every empty cell within distance 2 of a stone, ordered.
 * Single replies and short defence lists do not use up depth, so threat sequences are
 * read further than quiet play; at the horizon a side facing an open-four or four-three
 * point searches its defences before the quiescence search. Quiet moves, and late
 * blocks that make no three of the mover's, are reduced (LMR); cells that touch no line of
 * any stone are not searched below the root; near the horizon quiet moves are pruned
 * (LMP), and at depth 1 and 2 so are late moves of any kind but fours; a loss found with
 * moves pruned is never reported as proven, so forced results (mate scores) only come
 * from lines in which every defence was searched.
 * Near the horizon, a side that faces no threat and whose static value (or the table's
 * searched bound, where it says more) beats beta by a margin per ply returns that value
 * (reverse futility pruning, never a mate score).
 * A node the table knows nothing about is searched a ply shallower (internal iterative
 * reduction), the table's move is searched a ply deeper when no other move comes near it
 * (singular extension), and a path gets only two defence lists free of depth.
 *
 * In freestyle, standard and renju the main search is fsearch(), a node procedure in
 * fractional plies shaped like the strongest classical engine's (its comment says how and
 * why); search() below is the main search of caro, with what its comments describe.
 *
 * Around the root, the threat searches of rootthreat.c: a proven VCF/VCT of the mover
 * ends the search at once; root moves proven lost to the opponent's threat are dropped;
 * each new best move (from depth 4) and the final choice are checked for a forced win of
 * the opponent by threes and fours, which the main search's horizon may not reach. The
 * final check's share of the clock (timeman.c) is held back only while a move that has
 * not passed the check is best; otherwise the main search runs to the hard limit.
 *
 * Parameters marked "measured" below were set by the bench signature (nodes to a fixed
 * depth) together with the tactics file and self-play; the others by reasoning.
 * Changes tried and not kept, with their figures, are listed in docs/measurements.md.
 *
 * Nothing here is global: every table lives in the per-thread state or in the engine.
 * The search unwinds by returning when a limit is hit or gomoku_stop() is called.
 */
#include "search.h"
#include "rootthreat.h"

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define MAX_ITERATIONS 100 /* iterations of the main search */
#define DEFENCE_EXTEND 6  /* defence lists this short do not use up depth (measured:
                             6 scored 67.5/120 against 4 at 200k nodes a move, 9 the
                             same; 3 scored 46.8% of 360 games against 6) */
#define LMP_DEPTH 3       /* late move pruning at this depth and below (measured) */
#define LMP_BASE 6        /* (measured) */
#define LMP_STEP 4
/* Move-count pruning of every non-forcing move (quiet or not, the mover's fours excepted)
 * at depth 1 and 2 beyond this many moves (measured: 14/24 took 19% off the nodes to depth
 * 7, kept the tactics at 1.5M nodes, and scored 65/120 at 200k nodes a move and 23.5/40 at
 * 1M in freestyle against the engine without it; 10/18 scored 58.5/120 against 14/24, and
 * a third step at depth 3 took off only 2% more nodes). */
static const int lmp_all[3] = {0, 14, 24};
/* Reverse futility pruning at this depth and below, with this margin per ply (measured:
 * depth 3 scored 82.5/120 at 200k nodes a move against no pruning, -69% nodes to depth 7;
 * depth 5 65/120 against depth 3; not pruning when the opponent has a double-three point
 * 71.5/120; depth 8 together with move-count pruning, see MCP_DEPTH). */
#define RFP_DEPTH 8
#define RFP_MARGIN 200
/* Move-count pruning: at depth d (up to MCP_DEPTH) an unforced node searches at most
 * mcp_limit[d] moves (the mover's fours always), half as many when its static value is
 * not better than two plies up, half as many again at PV nodes. The counts grow as
 * 3 + d^1.32, the shape the strongest classical engines use; the moves past the limit
 * are the ones the cell scores rank last, which rarely matter when the first few do
 * not. Measured against the reference engine (bench/vs-peer.sh, freestyle, 200 ms a
 * move against its 50 ms, 54 games; see docs/strength.md) together with the deeper
 * reverse futility pruning and the log reductions below. */
#define MCP_DEPTH 8
static const int mcp_limit[MCP_DEPTH + 1] = {0, 4, 5, 7, 9, 11, 13, 16, 18};
/* Late move reductions of quiet moves: ln(depth) * ln(move number) plies, from the
 * second move and depth 2 (the log x log shape of strong engines), one more at a non-PV
 * node whose static value is not improving, one less at a PV node. */
/* The reductions by depth and move number: built once for every search. */
static unsigned char lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

/* The fractional search's reductions (fsearch()): f^2 ln(d) ln(i), unrounded, with the
 * reference's factor f by rule (freestyle 1.0, standard 0.78, renju 0.75; caro's is not
 * used, see fsearch()). */
static const float flmr_scale[4] = {1.0f, 0.78f * 0.78f, 0.75f * 0.75f, 1.0f};
static float flmr_table[4][64][64];
/* The fractional search's move-count limit by whole plies of depth, 3 + d^1.32 (a table:
 * powf at every move was 7% of the search's time). */
static int fmc_table[64];

static void build_lmr(void)
{
    for (int d = 1; d < 64; d++)
        for (int i = 1; i < 64; i++)
            lmr_table[d][i] = (unsigned char)(log(d) * log(i));
    for (int rule = 0; rule < 4; rule++)
        for (int d = 1; d < 64; d++)
            for (int i = 1; i < 64; i++)
                flmr_table[rule][d][i] = flmr_scale[rule] * (logf((float)d) * logf((float)i));
    for (int d = 0; d < 64; d++)
        fmc_table[d] = 3 + (int)powf((float)d, 1.32f);
}
#define QS_MAX 8          /* quiescence plies: four fours and their blocks (measured:
                             12 scored 57/120 against 8, 6 scored 50.3% of 360 games) */
/* Five changes that pay only together (docs/strength.md, "The deeper tree"): internal
 * iterative reduction, singular extension, two free defence lists, history malus and log
 * reductions of late loud moves. Alone, each was within the noise of 160 games
 * (bench/ab-match.py at 200k nodes a move, freestyle, against the search without it);
 * together they scored 186/320 (58.1%, +57 [+19, +96]) and 92.5/160 (57.8%) at 1M nodes
 * a move, and reached about two plies deeper at 1M nodes on the openings. */
#define IIR_FROM 4         /* internal iterative reduction from this depth */
#define SE_FROM 6          /* singular extension from this depth */
#define SE_MARGIN 4        /* its margin per ply of depth, in evaluation units (an open
                              two point of the mover's is worth 40) */
/* Defence lists of DEFENCE_EXTEND moves or fewer are searched without using depth, but
 * at most this many of them on one path (a single reply always is). Without the cap, a
 * side that answers three after three keeps the depth of the node where the threes
 * began: nodes answering a threat were 44% of the search's nodes on the openings. With 2,
 * the search reaches about one ply deeper at 1M nodes; 4 scored the same and gained half
 * of that depth. */
#define DEFENCE_FREE 2
/* Late loud moves (see the move loop) get the log reductions from this rank on. */
#define LMR_LOUD_SEL_FROM 3
#define VERIFY_FROM 4      /* iterations from which the best move is checked */

/* ---------------------------------------------------------------------------------- */
/* Limits                                                                              */
/* ---------------------------------------------------------------------------------- */

void gomoku__slow_check(search_thread *t)
{
    search_shared *sh = t->sh;
    if (atomic_load_explicit(&sh->engine->stop, memory_order_relaxed) ||
        atomic_load_explicit(&sh->abort_all, memory_order_relaxed) ||
        gomoku__rootthreat_won(sh->rt)) {
        t->stopped = 1;
        return;
    }
    if (gomoku__clock_out(&sh->clock)) {
        t->stopped = 1;
        return;
    }
    if (t->id == 0 && gomoku__rootthreat_best_lost(sh->rt)) {
        t->stopped = 1;
        t->restart = 1;
        return;
    }
    if (sh->nthreads > 1) {
        atomic_fetch_add(&sh->helper_nodes, t->nodes - t->flushed);
        t->flushed = t->nodes;
        if (sh->node_limit && atomic_load(&sh->helper_nodes) >= sh->node_limit)
            t->stopped = 1;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Evaluation                                                                          */
/* ---------------------------------------------------------------------------------- */

static inline int evaluate(search_thread *t)
{
    if (t->use_callback)
        return gomoku__engine_eval(t->e);
    return gomoku__evaluate_model(t->b, &t->e->weights, t->eval_model);
}

/* ---------------------------------------------------------------------------------- */
/* Quiescence: the mover's fours (each forces one block), a small VCF at the horizon     */
/* ---------------------------------------------------------------------------------- */

/* What every node of the search and the quiescence does first: count the node, and settle
 * it at once when the game is over, the mover can make five, the opponent has two five
 * points, or the ply reaches max_ply. Returns 1 with the node's value in *value then. */
static inline int node_start(search_thread *t, int ply, int max_ply, int *value)
{
    board *b = t->b;
    t->pvlen[ply] = ply;
    int me = b->side - 1, opp = 1 - me;
    if (enter_node(t, ply))
        *value = 0;
    else if (b->state != GOMOKU_ONGOING)
        /* The last move ended the game, for its winner: usually the side that made five,
         * but white after a forbidden move of black's (renju, searched only when black has
         * no other move). */
        *value = b->state == GOMOKU_DRAW ? GOMOKU_SCORE_DRAW
                 : (b->state == GOMOKU_BLACK_WINS) == (b->side == C_BLACK) ? WIN - ply
                                                                            : -(WIN - ply);
    else if (b->ncls[me][K_FIVE] > 0)
        *value = WIN - ply - 1;
    else if (b->ncls[opp][K_FIVE] >= 2)
        *value = -(WIN - ply - 2);
    else if (ply >= max_ply)
        *value = evaluate(t);
    else
        return 0;
    return 1;
}

/* The line of the node at ply: m, then the line of the child it leads to. */
static inline void update_pv(search_thread *t, int ply, int m)
{
    t->pv[ply][ply] = m;
    for (int j = ply + 1; j < t->pvlen[ply + 1]; j++)
        t->pv[ply][j] = t->pv[ply + 1][j];
    t->pvlen[ply] = t->pvlen[ply + 1] > ply + 1 ? t->pvlen[ply + 1] : ply + 1;
}

/* The mover's four points on the lines through cell c, at most four steps away, in board
 * order (as gomoku__box_fours() would list them: a four point is next to a stone, so inside the
 * box). Walking 32 cells instead of scanning the box took 7% off the time of a crowded
 * position's search (save line 58 to depth 7: 4.2 s -> 3.9 s), for the same nodes. */
static int line_fours(const board *b, int c, int *list)
{
    int me = b->side - 1, n = 0;
    for (int d = 0; d < NDIR; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2)
            for (int i = 1, q = c + sgn * b->dir_step[d]; i <= 4; i++, q += sgn * b->dir_step[d]) {
                if (b->cell[q] == C_WALL)
                    break;
                if (b->cls[q][me] >= K_FOUR && b->cell[q] == C_EMPTY) {
                    int k = n++;
                    for (; k > 0 && list[k - 1] > q; k--)
                        list[k] = list[k - 1];
                    list[k] = q;
                }
            }
    return n;
}

/* The mover's static win (gomoku__static_win()) as a score at ply, or 0. */
static inline int static_win(board *b, const gomoku__box *bx, int ply)
{
    int plies = gomoku__static_win(b, bx);
    return plies ? WIN - ply - plies : 0;
}

/* The attacker's first four may be any; each later one must lie on a line through the
 * attacker's previous four stone, within four cells, so that the sequence builds on
 * itself, as the fours of a VCF do. Fours elsewhere on a crowded board would otherwise
 * be tried in every order (measured: on save line 58 after 12,4, depth 6 took 22.3M nodes,
 * 97% of them here, and 3.8M with the rule, the same move and score; `make bench` 7226220
 * -> 6046743 nodes, 4.17 s -> 3.84 s; bench/ab-match.py at 200k nodes a move, 120 games
 * a rule: freestyle 51.7%, renju 55.0%, standard 57.5%). */
static int qsearch(search_thread *t, int alpha, int beta, int ply, int qd, int attacker)
{
    board *b = t->b;
    int done;
    PROF(t->prof.qs_nodes++; t->prof.qs_entries += qd == 0);
    if (node_start(t, ply, MAX_PLY - 2, &done))
        return done;
    int me = b->side - 1, opp = 1 - me;
    if (b->ncls[opp][K_FIVE] == 1) {
        int block = gomoku__five_point_near_last(b, &t->bx[ply], opp);
        if (block == 0 || move_illegal(b, block))
            return -(WIN - ply - 2);
        search_make(t, ply, block);
        int s = -qsearch(t, -beta, -alpha, ply + 1, qd + 1, attacker);
        search_unmake(t);
        if (s > alpha && !t->stopped)
            update_pv(t, ply, block);
        return s;
    }
    int fref = t->sh->fref, stand, qhave = 0;
    if (fref) {
        int w = static_win(b, &t->bx[ply], ply);
        if (w)
            return w;
        /* The table's entry, from a search of any depth: a cut, or a better estimate than
         * the static value. */
        tt_hit h;
        qhave = gomoku__tt_probe(t->sh->tt, b->hash, ply, &h);
        if (qhave) {
            if ((h.bound & TT_LOWER) && h.score > alpha)
                alpha = h.score;
            if ((h.bound & TT_UPPER) && h.score < beta)
                beta = h.score;
            if (alpha >= beta)
                return h.score;
            stand = h.eval != TT_EVAL_NONE ? h.eval : evaluate(t);
            if (h.bound & (h.score > stand ? TT_LOWER : TT_UPPER))
                stand = h.score;
        } else {
            stand = evaluate(t);
            if (stand >= beta) {
                gomoku__tt_store(t->sh->tt, b->hash, ply, 0, stand, stand, 0, TT_LOWER, 0);
                return stand;
            }
        }
    } else
        stand = evaluate(t);
    /* Only the side to move at the horizon attacks: the defender's fours still come in
     * as forced replies, but letting both sides start four sequences multiplies the
     * tree for little gain. */
    if (stand >= beta || qd >= QS_MAX || b->side != attacker ||
        b->npat[me][P_FOUR] + b->npat[me][P_OPEN_FOUR] == 0) {
        if (fref && stand < beta) {
            /* Kept, so that a later visit finds it (and the pv flag of a principal
             * variation's leaf). */
            int pv = beta - alpha > 1;
            gomoku__tt_store(t->sh->tt, b->hash, ply, 0, stand, stand, 0,
                             pv && stand > alpha ? TT_EXACT : TT_UPPER, pv);
        }
        return stand;
    }
    /* Four sequences transpose a lot: the table answers repeated ones (freestyle asked it
     * above already). */
    tt_hit hit;
    if (!fref && gomoku__tt_probe(t->sh->tt, b->hash, ply, &hit) &&
        ((hit.bound == TT_EXACT) || (hit.bound == TT_LOWER && hit.score >= beta) ||
         (hit.bound == TT_UPPER && hit.score <= alpha)))
        return hit.score;
    int old_alpha = alpha;
    int best = stand;
    int k = qd / 2;
    /* Delta pruning: a null window far above the static value fails low. */
    if (fref && beta - alpha == 1) {
        int margin = 2086 - 60 * k;
        if (margin < 768)
            margin = 768;
        if (stand + (int)(2.5f * margin) < alpha) { /* F_UNIT: the reference's margin */
            gomoku__tt_store(t->sh->tt, b->hash, ply, 0, alpha, stand, 0, TT_UPPER, 0);
            return alpha;
        }
    }
    if (stand > alpha)
        alpha = stand;
    int *list = t->moves[ply], *score = t->scores[ply];
    int n;
    if (fref) {
        /* Fours near the attacker's previous stone (two cells around it, four along its
         * lines); from the third attacking four on, only those that also make a two or
         * better on another line, or a four-three. */
        int own = b->nmoves >= 2 ? b->moves[b->nmoves - 2] : 0;
        n = 0;
        if (own > 0) {
            int ox = board_x(b, own), oy = board_y(b, own);
            for (int dy = -4; dy <= 4; dy++)
                for (int dx = -4; dx <= 4; dx++) {
                    int ax = abs(dx), ay = abs(dy);
                    if (!(ax <= 2 && ay <= 2) && !(dx == 0 || dy == 0 || ax == ay))
                        continue;
                    int x = ox + dx, y = oy + dy;
                    if (x < 0 || y < 0 || x >= b->size || y >= b->size)
                        continue;
                    int q = board_index(b, x, y);
                    if (b->cell[q] != C_EMPTY || b->cls[q][me] < K_FOUR)
                        continue;
                    if (k >= 2 && b->cls[q][me] < K_FOUR_THREE) {
                        int lines = 0;
                        for (int d = 0; d < NDIR; d++)
                            lines += ((b->pat[q][d] >> (4 * me)) & 15) >= P_OPEN_TWO;
                        if (lines < 2)
                            continue;
                    }
                    list[n++] = q;
                }
        }
    } else
        n = qd < 2 ? gomoku__box_fours(b, &t->bx[ply], list)
                   : line_fours(b, b->moves[b->nmoves - 2], list);
    for (int i = 0; i < n; i++)
        score[i] = move_value(b, list[i], me);
    for (int i = 0; i < n; i++) {
        pick_best(list, score, n, i);
        int m = list[i];
        if (move_illegal(b, m))
            continue;
        search_make(t, ply, m);
        int s = -qsearch(t, -beta, -alpha, ply + 1, qd + 1, attacker);
        search_unmake(t);
        if (t->stopped)
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                update_pv(t, ply, m);
                if (s >= beta)
                    break;
            }
        }
    }
    if (!t->stopped)
        gomoku__tt_store(t->sh->tt, b->hash, ply, 0, best, stand, 0,
                         best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER,
                         fref && beta - old_alpha > 1);
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* Principal variation search                                                          */
/* ---------------------------------------------------------------------------------- */

/* One of the node's two killers (the last moves that cut off at this ply). */
/* m becomes the first killer of ply, the old first the second. */
static inline void add_killer(search_thread *t, int ply, int m)
{
    if (t->killer[ply][0] != m) {
        t->killer[ply][1] = t->killer[ply][0];
        t->killer[ply][0] = m;
    }
}

static inline int is_killer(const search_thread *t, int ply, int m)
{
    return m == t->killer[ply][0] || m == t->killer[ply][1];
}

/* A quiet move: no three or better for either side at the cell, not a killer, not a
 * double-two cell, in a node without a threat to answer. */
static inline int is_quiet(const search_thread *t, int ply, int m, int forced)
{
    const board *b = t->b;
    int me = b->side - 1, opp = 1 - me;
    return !forced && b->cls[m][me] < K_THREE && b->cls[m][opp] < K_THREE &&
           !is_killer(t, ply, m) && !double_two(b, m);
}

/* Late move pruning from move `from` of moves[ply] on (none of them searched yet): the
 * quiet moves of ranks from..any-1 and every move but the mover's fours from rank `any`
 * on are dropped. The ranks up to `any` are selected first, so that they are the ranks
 * of the full order. Keeps the order of the rest; sets *pruned when it drops one;
 * returns the new count. */
static int drop_late(search_thread *t, int ply, int from, int any, int n, int *pruned)
{
    const board *b = t->b;
    int me = b->side - 1;
    int *list = t->moves[ply], *score = t->scores[ply];
    if (any > n)
        any = n;
    for (int j = from; j < any; j++)
        pick_best(list, score, n, j);
    int k = from;
    for (int j = from; j < n; j++) {
        int m = list[j];
        if (j < any ? is_quiet(t, ply, m, 0) : b->cls[m][me] < K_FOUR)
            continue;
        list[k] = m;
        score[k++] = score[j];
    }
    if (k < n)
        *pruned = 1;
    return k;
}

/* The moves of gomoku__generate_root() that moves[ply][0..n-1] lacks, appended to it
 * (searched after the others, in that list's order); returns the new count. The child's
 * move buffer holds the full list: it is free until a child is searched. */
static int add_rest(search_thread *t, int ply, int n)
{
    int *list = t->moves[ply], *score = t->scores[ply], *all = t->moves[ply + 1], f;
    int n_all = gomoku__generate_root(t->b, &t->bx[ply], all, &f), n0 = n;
    for (int j = 0; j < n_all; j++) {
        int k = 0;
        while (k < n0 && list[k] != all[j])
            k++;
        if (k == n0) {
            list[n] = all[j];
            score[n++] = 0;
        }
    }
    return n;
}

/* A dead cell: no line through it holds a stone of either side within reach of a five
 * (every pattern of both sides is at most a lone stone), so a stone there joins nothing and
 * blocks nothing; it is little more than a pass. Dropped from the moves of an unforced node
 * below the root, unless every move is dead; like a pruned move, it keeps a loss found
 * without it from being reported as proven. Measured alone: 1% fewer nodes to depth 7 (4%
 * to depth 9 in the opening: late move pruning already skipped most of them near the
 * horizon), self-play at 200k nodes a move 185.5/360. */
static int drop_dead(const board *b, int *list, int n, int *pruned)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *p = b->pat[list[i]];
        int live = 0;
        for (int d = 0; d < NDIR; d++)
            live |= (p[d] & 15) >= P_TWO || (p[d] >> 4) >= P_TWO;
        if (live)
            list[k++] = list[i];
    }
    if (k == 0)
        return n;
    if (k < n)
        *pruned = 1;
    return k;
}

/* The reduction of move number i at depth (the rule's log table), `less` plies less; one
 * more at a non-PV node that is not improving, one less at a PV node; the child keeps at
 * least one ply. */
static inline int log_reduction(const search_thread *t, int depth, int i, int less, int pv_node,
                                int improving, int new_depth)
{
    int r = t->sh->lmr[depth < 64 ? depth : 63][i < 64 ? i : 63] - less;
    if (!pv_node && !improving)
        r++;
    if (pv_node && r > 0)
        r--;
    if (r > new_depth - 1)
        r = new_depth - 1;
    return r < 0 ? 0 : r;
}

#ifdef GOMOKU_NODE_PROFILE
/* A cut-off in the node profile, after `searched` moves at depth row pd; where the node
 * had its full list (`ordered`), also in the order's split by whether it had a table move. */
static inline void prof_cut(search_thread *t, int pd, int searched, int ordered, int no_hash)
{
    t->prof.cut[pd]++;
    t->prof.first_cut[pd] += searched == 1;
    if (ordered) {
        t->prof.order_cut[no_hash]++;
        t->prof.order_first[no_hash] += searched == 1;
    }
}
#endif

static int search(search_thread *t, int alpha, int beta, int depth, int ply, int pv_node, int cut)
{
    board *b = t->b;
    /* At the horizon the quiescence search takes over, unless the side to move faces an
     * open-four or four-three point of the opponent (and no five threat either way): then
     * its defences are searched one more ply, into the quiescence search, since the
     * static evaluation cannot tell a single threat, which a block answers, from a double
     * one, which loses. A reply that makes a threat of its own meets the same rule one
     * ply later (measured: 70.5/120 at 200k and 67/120 at 1M nodes a move against the
     * engine without it; 39% more nodes to depth 7). */
    int horizon = 0;
    if (depth <= 0) {
        int o = 2 - b->side;
        if (b->rule == GOMOKU_CARO || b->ncls[o][K_FIVE] || b->ncls[1 - o][K_FIVE] ||
            b->ncls[o][K_OPEN_FOUR] + b->ncls[o][K_FOUR_THREE] == 0)
            return qsearch(t, alpha, beta, ply, 0, t->b->side);
        horizon = 1;
        depth = 1;
    }
    int done;
#ifdef GOMOKU_NODE_PROFILE
    int pd = depth < PROF_DEPTHS - 1 ? depth : PROF_DEPTHS - 1;
#endif
    PROF(t->prof.search_nodes++);
    if (node_start(t, ply, MAX_PLY - QS_MAX - 2, &done)) {
        PROF(t->prof.settled[pd]++);
        return done;
    }
    int me = b->side - 1, opp = 1 - me;

    /* Mate distance: nothing here can beat a shorter mate already found. */
    if (alpha < -(WIN - ply))
        alpha = -(WIN - ply);
    if (beta > WIN - ply - 1)
        beta = WIN - ply - 1;
    if (alpha >= beta) {
        PROF(t->prof.settled[pd]++);
        return alpha;
    }

    tt_hit hit;
    int hash_move = 0, have_hit = 0;
    if ((have_hit = gomoku__tt_probe(t->sh->tt, b->hash, ply, &hit))) {
        if (hit.move > 0 && hit.move < MAX_PADDED && b->cell[hit.move] == C_EMPTY)
            hash_move = hit.move;
        if (!pv_node && hit.depth >= depth && !t->excluded[ply] &&
            ((hit.bound == TT_EXACT) || (hit.bound == TT_LOWER && hit.score >= beta) ||
             (hit.bound == TT_UPPER && hit.score <= alpha))) {
            PROF(t->prof.table[pd]++);
            return hit.score;
        }
    }

    /* Internal iterative reduction: a PV or expected cut node that the table knows
     * nothing about is searched a ply shallower; its first moves are then ordered by the
     * cell scores alone, and the next iteration finds the table filled (see IIR_FROM). */
    if ((pv_node || cut) && !hash_move && !horizon && depth >= IIR_FROM)
        depth--;
    /* Reverse futility pruning: near the horizon, a side whose static value beats beta by
     * a margin per ply, and which faces no threat it must answer nor a double-three point
     * of the opponent, is taken at its word (see RFP_DEPTH). */
    const int *oc = b->ncls[opp];
    /* The static value, kept by ply: a node is "improving" when it is better than two
     * plies up (the same side's last node); pruning is gentler there. */
    int stat = evaluate(t);
    t->sev[ply] = stat;
    int improving = ply < 2 || stat > t->sev[ply - 2];
    /* Reverse futility pruning judges the node by a searched bound from the table where
     * that bound is on the far side of the static value (a lower bound above it, an upper
     * bound below it), never a mate score: the static value misjudges quiet positions
     * (docs/strength.md), and a bound searched to any depth knows more. Against the
     * reference engine at 200 ms a move this gained 8.8 +- 6.4 points in freestyle and
     * 3.6 +- 6.1 in standard (docs/strength.md, "The table's bound in reverse futility
     * pruning"). */
    int pval = stat;
    if (have_hit && hit.score < GOMOKU_SCORE_WIN_MIN && hit.score > -GOMOKU_SCORE_WIN_MIN &&
        (hit.bound & (hit.score > stat ? TT_LOWER : TT_UPPER)))
        pval = hit.score;
    if (!pv_node && !horizon && depth <= RFP_DEPTH && beta < GOMOKU_SCORE_WIN_MIN &&
        !t->excluded[ply] &&
        oc[K_FIVE] + oc[K_OPEN_FOUR] + oc[K_FOUR_THREE] + oc[K_DOUBLE_THREE] == 0 &&
        pval - RFP_MARGIN * (depth - improving) >= beta) {
        PROF(t->prof.rfp[pd]++);
        return pval;
    }
    int se_ext = 0;
    /* Singular extension: when the table's move held (a lower bound, searched nearly as
     * deep) and every other move fails below its value by a margin in a search of half
     * the depth, that move is the only one and is searched a ply deeper. If the others
     * beat beta too, the node is cut at once (multi-cut). Not near mates, not against a
     * four, and extensions stop at twice the iteration's depth (see SE_FROM). */
    if (hash_move && !horizon && !t->excluded[ply] && depth >= SE_FROM &&
        ply < 2 * t->iter_depth &&
        (hit.bound & TT_LOWER) && hit.depth >= depth - 2 &&
        hit.score < GOMOKU_SCORE_WIN_MIN && hit.score > -GOMOKU_SCORE_WIN_MIN &&
        oc[K_FIVE] == 0 && !move_illegal(b, hash_move)) {
        int sbeta = hit.score - SE_MARGIN * depth;
        t->excluded[ply] = hash_move;
        int v = search(t, sbeta - 1, sbeta, depth / 2, ply, 0, cut);
        t->excluded[ply] = 0;
        if (t->stopped)
            return 0;
        if (v < sbeta) {
            se_ext = 1;
            PROF(t->prof.singular[pd]++);
        }
        else if (sbeta >= beta)
            return sbeta;
    }
    int *list = t->moves[ply], *score = t->scores[ply];
    int forced, pruned_dead = 0;
    int n = gomoku__generate(b, &t->bx[ply], list, &forced);
    if (horizon && !forced) /* renju: every threat point of black's is forbidden */
        return qsearch(t, alpha, beta, ply, 0, b->side);
    if (!forced && n > 1)
        n = drop_dead(b, list, n, &pruned_dead);
    if (n == 0) {
        /* Only a forbidden block (renju) or no empty cell near the stones. */
        if (forced)
            return -(WIN - ply - 2);
        return evaluate(t);
    }
    gomoku__score_moves(b, t->killer[ply], t->history[me], list, score, n, hash_move);

    /* Forced replies do not use up depth, so threat sequences (fours, and threes
     * answered from a short list of defences) are read further than quiet play; a
     * horizon node's replies go to the quiescence search. */
    int new_depth = !horizon && (n == 1 || (forced && n <= DEFENCE_EXTEND)) ? depth : depth - 1;
    /* ...but only DEFENCE_FREE lists of several moves on one path. */
    if (new_depth == depth && n > 1 && t->extc[ply] >= DEFENCE_FREE)
        new_depth = depth - 1;
    t->extc[ply + 1] = t->extc[ply] + (new_depth == depth && n > 1);
    int old_alpha = alpha, best = -INF, best_move = 0, pruned = pruned_dead;
#ifdef GOMOKU_NODE_PROFILE
    int pk = horizon   ? PROF_HORIZON
             : forced  ? PROF_THREAT
             : pv_node ? PROF_PV
             : cut     ? PROF_CUT
                       : PROF_ALL;
    int searched = 0, first_killer = 0;
#endif
    PROF(t->prof.node[pd][pk]++);
    /* Near the horizon, quiet moves beyond the first few are not searched at all (late
     * move pruning), and at depth 1 and 2 neither is any late move but a four (see
     * lmp_all); a loss found without them is not reported as proven. The moves so left
     * out are dropped from the list once, when the loop reaches the limit, rather than
     * picked one by one and skipped: the selection of the next best move over a list of
     * a hundred cells was a fifth of the search's time (`make bench` 3.84 s -> 3.37 s,
     * the same nodes). */
    int qtried[64], nq = 0; /* the quiet moves searched, for the history malus */
    int lmp_at = -1, lmp_any = INF;
    if (!forced && !pv_node && depth <= LMP_DEPTH) {
        lmp_at = LMP_BASE + LMP_STEP * depth;
        if (depth <= 2) {
            lmp_any = lmp_all[depth];
            if (lmp_any < lmp_at)
                lmp_at = lmp_any;
        }
    }
    if (!forced && !horizon && depth <= MCP_DEPTH) {
        int lim = mcp_limit[depth];
        if (!improving)
            lim = lim / 2 + 1;
        if (pv_node)
            lim += lim / 2;
        if (lim < lmp_any)
            lmp_any = lim;
        if (lmp_at < 0 || lmp_any < lmp_at)
            lmp_at = lmp_any;
    }
    /* A list that may lack a four-three point's block-four defences (GEN_FORCED_PARTIAL)
     * gets the rest of the root's list once every move of it lost, so that a loss is
     * proven from every defence while a node that holds costs no more. */
    int rest_added = forced != GEN_FORCED_PARTIAL;
    for (int i = 0; i < n || !rest_added; i++) {
        if (i == n) {
            rest_added = 1;
            if (best > -GOMOKU_SCORE_WIN_MIN)
                break;
            n = add_rest(t, ply, n);
            if (i == n)
                break;
        }
        if (i == lmp_at && best > -INF) {
            n = drop_late(t, ply, i, lmp_any, n, &pruned);
            if (i >= n)
                break;
        }
        pick_best(list, score, n, i);
        int m = list[i];
        if (m == t->excluded[ply])
            continue;
        /* Late quiet moves are searched less deep first; a move that then beats alpha is
         * searched again at full depth. Reductions never drop a reply, so forced results
         * stay exact. */
        int quiet = is_quiet(t, ply, m, forced);
        int r = 0;
        if (quiet && depth >= 2 && i >= 2)
            r = log_reduction(t, depth, i, 0, pv_node, improving, new_depth);
        if (!quiet && !forced && depth >= 2 && i >= LMR_LOUD_SEL_FROM &&
            b->cls[m][me] < K_FOUR && !is_killer(t, ply, m)) {
            /* A late move that is not quiet (it makes or takes a three point, or a
             * double-two cell) and makes no four: the log reduction, one ply less, and
             * one less again when it makes a three of the mover's, which may start an
             * attack (see LMR_LOUD_SEL_FROM). */
            r = log_reduction(t, depth, i, 1 + (b->cls[m][me] >= K_THREE), pv_node, improving,
                              new_depth);
        }
        PROF(t->prof.moves[pd][pk]++; searched++;
             if (searched == 1) first_killer = is_killer(t, ply, m));
        PROF(if (depth >= 2 && i >= 1) {
            int c = forced ? PROF_FORCED : quiet ? PROF_QUIET : PROF_LOUD;
            t->prof.later[c]++;
            t->prof.reduced[c] += r > 0;
            t->prof.plies[c] += r;
        });
        if (quiet && nq < 64)
            qtried[nq++] = m;
        int d1 = new_depth + (m == hash_move ? se_ext : 0);
        search_make(t, ply, m);
        int s;
        if (best == -INF)
            s = -search(t, -beta, -alpha, d1, ply + 1, pv_node, !pv_node && !cut);
        else {
            s = -search(t, -alpha - 1, -alpha, d1 - r, ply + 1, 0, 1);
            if (r > 0 && s > alpha)
                s = -search(t, -alpha - 1, -alpha, d1, ply + 1, 0, !cut);
            if (s > alpha && s < beta && pv_node)
                s = -search(t, -beta, -alpha, d1, ply + 1, 1, 0);
        }
        search_unmake(t);
        if (t->stopped)
            return 0;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                update_pv(t, ply, m);
                if (s >= beta) {
                    PROF(prof_cut(t, pd, searched, !forced && !horizon && depth >= 2, !hash_move));
                    PROF(if (!forced && !horizon && depth >= 2 && !hash_move && first_killer) {
                        t->prof.killer_first++;
                        t->prof.killer_cut += searched == 1;
                    });
                    add_killer(t, ply, m);
                    /* The quiet moves tried before the cut-off lose what it gains. */
                    t->history[me][m] += depth * depth;
                    for (int j = 0; j < nq; j++)
                        if (qtried[j] != m)
                            t->history[me][qtried[j]] -= depth * depth;
                    break;
                }
            }
        }
    }
    if (t->excluded[ply]) /* a singular test: its value only, nothing stored */
        return best == -INF ? alpha : best;
    if (pruned && best <= -GOMOKU_SCORE_WIN_MIN)
        best = -(GOMOKU_SCORE_WIN_MIN - 1);
    int bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
    gomoku__tt_store(t->sh->tt, b->hash, ply, best_move, best, TT_EVAL_NONE,
                     horizon ? 0 : depth, bound, 0);
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* The fractional-depth search                                                         */
/* ---------------------------------------------------------------------------------- */

/*
 * fsearch() is the main search of freestyle, standard and renju. Its node procedure has
 * the shape of the strongest public classical engine's (Rapfi's alpha-beta, as read from
 * its source; ../shared/notes/strong-classical-search.md) on our board, evaluation, move
 * generator and quiescence search: depth in fractions of a ply; a node under threat keeps
 * its parent's static value and, below 2.6 plies off the principal variation, goes to the
 * quiescence search at once; reverse futility at any depth; move-count pruning from a
 * count that grows as d^1.32; reductions of every late move, threats and defences
 * included, from a ln(d) x ln(move number) table corrected for the node and the move; a
 * block of a four extended by 1.3 plies; the table's move extended a little, or by the
 * singular test; the rest of a node searched a ply shallower once alpha rises.
 *
 * Why not our integer search with these pieces: added to it one at a time, each came out
 * level, while the reference's own search with our evaluation in place of its own played
 * the reference about level at 1 s (docs/strength.md, "Our evaluation and our ordering
 * inside the reference's search"); so the search was taken over as a whole. Against the
 * reference it scored +7.5 +- 6.1 points over the integer search at 200 ms a move and
 * +12.7 +- 7.7 at 1 s in freestyle (docs/strength.md, "The reference's node procedure on
 * our pieces", which says which of its variants paid). In renju, for both colours (the
 * integer search searched black full width), +4.0 +- 6.3 points at 200 ms and 47.2% of
 * 108 games at 1 s against the integer search's 34.2% of 1,080 ("Renju on the fractional
 * search"). Black's forbidden points need nothing of their own here: the move generator
 * leaves them out and the move loop skips any that comes another way (the table's move,
 * a defence).
 *
 * Margins: the reference's published figures are in its own evaluation units; ours is
 * F_UNIT times as wide (the two agree as sigmoid(v/500) and sigmoid(v/200)).
 * Standard and renju evaluate with freestyle's fitted tables here (eval.c), whose spread
 * these margins are set for; the hand-set weights' is about 1.4 times as wide. With the
 * weights, standard on this search was not better than on the integer search (-4.0 +-
 * 10.0 points at 200 ms); with the tables, +17.0 +- 8.8 points (docs/strength.md,
 * "Freestyle's tables in standard and renju"). The integer search (search()) stays for
 * caro, which is not measured with this one.
 *
 * Freestyle, standard and renju's black go further (sh->fref, "the search as the
 * reference's", one procedure for all three), in the details where the two trees parted
 * when traced node by node beside the reference's search on our pieces (docs/strength.md,
 * "The two searches traced node by node"): the root is a node like any other (its moves
 * ordered again each iteration with the history, which it teaches; its depth cut from the
 * depth it stored; its late moves reduced and searched again as elsewhere), the order
 * scores the other moves only after the table's move has been searched (pick_order()), a
 * table cut teaches the history, the static value goes into the table when first
 * computed (a later visit is a table hit, which the margins read), the quiescence search
 * reads and writes the table at every exit, a root child's improvement is measured
 * against the root, and the searches start at depth 2 with no threat search at the root.
 * With them go the reference's move counts (the mover's fours counted too, one move below
 * a ply), its quiescence's fours (near the attacker's last stone) and delta pruning, its
 * aspiration window, its static wins (static_win()), the four's maker attacking on at the
 * horizon, and no horizon ply. None of these paid alone (some were not measured alone);
 * together they took freestyle from 70/200 to 81/200 at 200 ms (+5.5 +- 7.5 points) and
 * to 75/216 (34.7%) at 1 s (+2.3 +- 9.5 points against the search without them). In
 * standard the same search scored 51/108 at 1 s against 39.5/108 without it (+10.6 +-
 * 11.4 points; "Standard as freestyle"). Renju's black searches so too, with static wins
 * that see its forbidden points (static_win()): 18 of 77 games against the reference at
 * 1 s where the search without it won 11 of 77. Renju's white keeps the rules above and
 * its root threat searches, without which it won 41 of 54 games where it had won 25 of
 * 27; the two together scored 31/54 at 1 s (docs/strength.md, "Renju searched as
 * freestyle and standard: not kept" and "Renju's black as freestyle").
 */
#define F_UNIT 2.5f
#define F_RAZOR_DEPTH 2.6f  /* razoring, and quiescence for threatened nodes, below this */
#define F_TRIVIAL_DEPTH 4.3f /* pruning of cells with no shape below this */
#define F_BLOCK_EXT 1.3f    /* the forced block of a four */
#define F_SE_DEPTH 6.65f    /* singular test from this depth */
#define F_HISTORY_MAX 10692 /* history gravity bound */
/* The reverse futility margin a ply (x F_UNIT) by rule: the reference's freestyle,
 * standard and renju figures (caro's unused). */
static const int f_futility[4] = {63, 61, 80, 63};

static inline int cell_distance(const board *b, int a, int c)
{
    if (a <= 0 || c <= 0)
        return 99;
    int dx = abs(board_x(b, a) - board_x(b, c)), dy = abs(board_y(b, a) - board_y(b, c));
    return dx > dy ? dx : dy;
}

/* History with gravity: a bonus moves the entry toward +-F_HISTORY_MAX, less as it nears. */
static inline void fhist_add(int *h, int bonus)
{
    *h += bonus - *h * abs(bonus) / F_HISTORY_MAX;
}

static inline int fhist_bonus(float d)
{
    int v = (int)(25 * d * d + 105 * d - 157);
    return v > 8927 ? 8927 : v;
}

/* The history after a node's search found its best move (a node of the fractional
 * search, or freestyle's root): the move gains by its kind (attack or quiet, quiet only
 * when the opponent has no open-four point), and the moves of that kind searched before
 * it lose. Returns 1 when the best move was a quiet one that gained. */
static int teach_history(search_thread *t, int best_move, float depth, int o4,
                         const int *attacks, int na, const int *quiets, int nq)
{
    int me = t->b->side - 1, bonus = fhist_bonus(depth), quiet = 0;
    if (t->b->cls[best_move][me] >= K_THREE)
        fhist_add(&t->fhist[me][best_move][0], bonus);
    else if (!o4) {
        fhist_add(&t->fhist[me][best_move][1], bonus);
        for (int j = 0; j < nq; j++)
            fhist_add(&t->fhist[me][quiets[j]][1], -bonus);
        quiet = 1;
    }
    for (int j = 0; j < na; j++)
        fhist_add(&t->fhist[me][attacks[j]][0], -bonus);
    return quiet;
}

/* Lines on which `side` makes an open two or better with a stone on m: two or more. */
static inline int makes_double_two(const board *b, int m, int side)
{
    int n = 0;
    for (int d = 0; d < NDIR; d++)
        n += ((b->pat[m][d] >> (4 * side)) & 15) >= P_OPEN_TWO;
    return n >= 2;
}

/* No line through m gives either side more than a two: a cell with no shape. */
static inline int shapeless(const board *b, int m)
{
    for (int d = 0; d < NDIR; d++)
        if ((b->pat[m][d] & 15) > P_TWO || (b->pat[m][d] >> 4) > P_TWO)
            return 0;
    return 1;
}

/* The move order: the table's move, then the cell score, the history breaking near ties
 * (moves making an open three or more by their own table). */
static void fscore_moves(const search_thread *t, const int *list, int *score, int n, int tt_move)
{
    const board *b = t->b;
    int me = b->side - 1;
    for (int i = 0; i < n; i++) {
        int m = list[i];
        if (m == tt_move) {
            score[i] = 1 << 28;
            continue;
        }
        int h = b->cls[m][me] >= K_THREE ? t->fhist[me][m][0] / 128 : t->fhist[me][m][1] / 256;
        score[i] = move_value(b, m, me) * 64 + h * 32;
    }
}

/* The move order of the search as the reference's (freestyle, standard), as the
 * reference orders its moves: the cells in board order, scored cell score * 3 / 2 plus
 * the history (attack moves by their own table), the table's move first, then a stable
 * insertion sort of the scores of 0 or more (and of the first cell's, whatever it is);
 * the rest (moves with a bad history) stay behind them in the order the sort leaves.
 * The caller scores the other moves again after the table's move is searched, since
 * that search has taught the history (fsearch(), root_iteration()).
 *
 * fsearch() takes that order lazily (order_next()): most nodes search one to a few moves
 * before a cut or the move-count limit ends them, and the insertion sort of every move
 * was a quarter of the search's time. The sorted part is the stable descending order of
 * its scores, so its next move is the best score left, the lower cell on a tie (board
 * order); once the sorted part is gone, the rest is put in the order the whole sort
 * gives (order_rest()). */
typedef struct move_order {
    int *list, *score;
    int from, n; /* list[from..n-1] is ordered; n = 0: nothing (left) to order */
    int first;   /* the first cell in board order, sorted whatever its score */
    int left;    /* moves of the sorted part not yet taken */
} move_order;

/* The reference's sort of list[0..n-1] (board order, scored): the scores of 0 or more
 * (and list[0]) stably to the front by insertion, each such move swapping places with
 * the first of the others. */
static void sort_scored(int *list, int *score, int n)
{
    int end = 0;
    for (int p = 1; p < n; p++)
        if (score[p] >= 0) {
            int tm = list[p], ts = score[p];
            end++;
            list[p] = list[end];
            score[p] = score[end];
            int q = end;
            while (q > 0 && ts > score[q - 1]) {
                list[q] = list[q - 1];
                score[q] = score[q - 1];
                q--;
            }
            list[q] = tm;
            score[q] = ts;
        }
}

/* Scores list[from..n-1] for the order (sorted into board order first); with the table's
 * move among them, that move goes first and the others are left unscored. */
static void pick_order(const search_thread *t, move_order *o, int *list, int *score, int from,
                       int n, int tt_move)
{
    const board *b = t->b;
    int me = b->side - 1;
    o->n = 0;
    for (int i = from + 1; i < n; i++) {
        int m = list[i], j = i;
        while (j > from && list[j - 1] > m) {
            list[j] = list[j - 1];
            j--;
        }
        list[j] = m;
    }
    for (int i = from; tt_move && i < n; i++)
        if (list[i] == tt_move) {
            memmove(list + from + 1, list + from, (size_t)(i - from) * sizeof *list);
            list[from] = tt_move;
            score[from] = 1 << 28;
            return;
        }
    int left = 1;
    for (int i = from; i < n; i++) {
        int m = list[i];
        int h = b->cls[m][me] >= K_THREE ? t->fhist[me][m][0] / 128 : t->fhist[me][m][1] / 256;
        score[i] = move_value(b, m, me) * 3 / 2 + h;
        left += i > from && score[i] >= 0;
    }
    *o = (move_order){list, score, from, n, list[from], left};
}

/* The order's moves from i on as the whole sort leaves them (the moves before i are the
 * sorted part's first ones, in its order): the list is put back into board order and
 * sorted. */
static void order_rest(move_order *o, int i)
{
    int cell[GOMOKU_MAX_CELLS], sc[GOMOKU_MAX_CELLS], k = o->n - o->from;
    for (int j = 0; j < k; j++) {
        int m = o->list[o->from + j], v = o->score[o->from + j], q = j;
        while (q > 0 && cell[q - 1] > m) {
            cell[q] = cell[q - 1];
            sc[q] = sc[q - 1];
            q--;
        }
        cell[q] = m;
        sc[q] = v;
    }
    sort_scored(cell, sc, k);
    memcpy(o->list + i, cell + (i - o->from), (size_t)(o->n - i) * sizeof(int));
    memcpy(o->score + i, sc + (i - o->from), (size_t)(o->n - i) * sizeof(int));
    o->n = 0;
}

/* Puts the order's i-th move at list[i]. */
static void order_next(move_order *o, int i)
{
    if (i >= o->n)
        return;
    if (o->left == 0) {
        order_rest(o, i);
        return;
    }
    int *list = o->list, *score = o->score, bj = -1;
    for (int j = i; j < o->n; j++)
        if ((score[j] >= 0 || list[j] == o->first) &&
            (bj < 0 || score[j] > score[bj] || (score[j] == score[bj] && list[j] < list[bj])))
            bj = j;
    int m = list[i], v = score[i];
    list[i] = list[bj];
    score[i] = score[bj];
    list[bj] = m;
    score[bj] = v;
    o->left--;
}

static int fsearch(search_thread *t, int alpha, int beta, float depth, int ply, int pv_node,
                   int cut)
{
    board *b = t->b;
    int me = b->side - 1, opp = 1 - me, fref = t->sh->fref;
    /* Threatened: the opponent has a five point (o5) or an open-four point (o4 counts both). */
    int o5 = b->ncls[opp][K_FIVE], o4 = o5 + b->ncls[opp][K_OPEN_FOUR];
    int horizon = 0;
    if (depth <= 0) {
        /* At a principal variation's horizon a side facing an open-four or four-three point
         * searches its defences one more ply (see search()); elsewhere the quiescence
         * search takes the node. */
        if (!fref && pv_node && !o5 && !b->ncls[me][K_FIVE] &&
            b->ncls[opp][K_OPEN_FOUR] + b->ncls[opp][K_FOUR_THREE] > 0) {
            horizon = 1;
            depth = 1;
        } else
            /* Facing a five (sh->fref), the side that made the four goes on attacking
             * after the block, as the reference's quiescence does. */
            return qsearch(t, alpha, beta, ply, 0, fref && o5 ? 3 - b->side : b->side);
    }
    int done;
#ifdef GOMOKU_NODE_PROFILE
    int pd = depth < PROF_DEPTHS - 1 ? (int)depth : PROF_DEPTHS - 1;
#endif
    PROF(t->prof.search_nodes++);
    if (node_start(t, ply, MAX_PLY - QS_MAX - 2, &done)) {
        PROF(t->prof.settled[pd]++);
        return done;
    }
    if (fref) {
        int w = static_win(b, &t->bx[ply], ply);
        if (w)
            return w;
    }
    if (alpha < -(WIN - ply))
        alpha = -(WIN - ply);
    if (beta > WIN - ply - 1)
        beta = WIN - ply - 1;
    if (alpha >= beta) {
        PROF(t->prof.settled[pd]++);
        return alpha;
    }

    /* A singular test searches this node without one move: its results are kept apart. */
    int skip = t->excluded[ply];
    uint64_t key = b->hash ^ (skip ? (uint64_t)skip * 0x9E3779B97F4A7C15ull : 0);
    tt_hit hit;
    int tt_move = 0, tt_value = 0, tt_depth = 0, tt_bound = TT_NONE;
    int have = gomoku__tt_probe(t->sh->tt, key, ply, &hit);
    if (have) {
        if (hit.move > 0 && hit.move < MAX_PADDED && b->cell[hit.move] == C_EMPTY)
            tt_move = hit.move;
        tt_value = hit.score;
        tt_depth = hit.depth;
        tt_bound = hit.bound;
    }
    if (!skip)
        t->fpv[ply] = pv_node || (have && hit.pv);
    t->fpv[ply + 1] = 0;
    if (!pv_node && have && tt_depth >= depth &&
        (tt_bound & (tt_value >= beta ? TT_LOWER : TT_UPPER))) {
        PROF(t->prof.table[pd]++);
        /* The table's quiet move that holds earns its history, one that fails low loses
         * it (sh->fref, as the reference). */
        if (fref && tt_move && !o4 && b->cls[tt_move][me] < K_THREE) {
            int bonus = fhist_bonus(depth);
            if (tt_value >= beta) {
                fhist_add(&t->fhist[me][tt_move][1], bonus);
                add_killer(t, ply, tt_move);
            } else
                fhist_add(&t->fhist[me][tt_move][1], -bonus);
        }
        return tt_value;
    }

    /* The static value. A threatened node keeps its parent's: its own would count the
     * opponent's threat that the reply is about to answer. It has no value to prune by. */
    int eval = 0, have_eval = 0, improvement = 0;
    if (ply + 2 < MAX_PLY)
        t->killer[ply + 2][0] = t->killer[ply + 2][1] = 0;
    if (o4)
        t->sev[ply] = ply > 0 ? -t->sev[ply - 1] : evaluate(t);
    else {
        int sv = have && hit.eval != TT_EVAL_NONE ? hit.eval : evaluate(t);
        t->sev[ply] = eval = sv;
        /* sh->fref keeps the static value in the table at once: a later visit reads it,
         * and counts as a table hit for the margins below. */
        if (fref && !have && !skip)
            gomoku__tt_store(t->sh->tt, key, ply, 0, TT_STATIC_ONLY, sv, 0, TT_LOWER,
                             t->fpv[ply]);
        have_eval = 1;
        /* A searched bound on the far side of the static value says more. */
        if (have && tt_value < GOMOKU_SCORE_WIN_MIN && tt_value > -GOMOKU_SCORE_WIN_MIN &&
            (tt_bound & (tt_value > eval ? TT_LOWER : TT_UPPER)))
            eval = tt_value;
        /* A root child compares with the root's value seen from its side. */
        improvement = ply >= 2 ? t->sev[ply] - t->sev[ply - 2]
                      : fref   ? t->sev[ply] + t->sev[0]
                               : 1;
    }
    if (!o5 && !horizon) {
        /* Razoring: near the horizon, a value far below alpha is left to the quiescence
         * search; so is a threatened node there, off the principal variation (its fours
         * may still turn the threat; if not, its static value is what it gets). */
        if (!pv_node && (alpha < GOMOKU_SCORE_WIN_MIN || !have) && depth < F_RAZOR_DEPTH &&
            (!have_eval || eval + F_UNIT * (0.17f * depth * depth + 14 * depth + 19) < alpha))
            return qsearch(t, alpha, alpha + 1, ply, 0, b->side);
        /* Reverse futility at any depth, not after two fours of the mover in a row. */
        if (!pv_node && have_eval && !skip && eval < GOMOKU_SCORE_WIN_MIN &&
            beta > -GOMOKU_SCORE_WIN_MIN) {
            float dd = depth - 1 - (improvement > 0);
            float margin =
                F_UNIT * (float)(t->sh->ffutility - 12 * (cut && !have)) * (dd > 0 ? dd : 0);
            int two_fours = ply >= 4 && t->fmade[ply + 2][me] >= K_FOUR && t->fmade[ply][me] >= K_FOUR;
            if (eval - margin >= beta && !two_fours) {
                PROF(t->prof.rfp[pd]++);
                return eval;
            }
        }
        /* Internal iterative reduction: a principal variation node without a table move
         * loses a third of a ply; one whose table move was searched shallower, part of
         * the difference. */
        if (pv_node && !tt_move)
            depth -= 0.32f;
        if (pv_node && depth > 1 && tt_move) {
            float r = (depth - (float)tt_depth) * 0.28f;
            depth -= r < 0 ? 0 : r > 3.6f ? 3.6f : r;
        }
        if (depth <= 0)
            return qsearch(t, alpha, beta, ply, 0, b->side);
    }
    /* A cut node far above beta: its moves but fours are searched a ply shallower. */
    int likely_fail_high = !pv_node && cut && have_eval &&
                           eval >= beta + F_UNIT * (-9 + 15 * (int)depth + 87 * (o4 > 0));

    /* The singular test of the table's move, before this node's list is made: the test
     * searches this ply again, in its buffers. */
    float se_ext = 0;
    int se_done = 0;
    if (!o5 && !horizon && depth >= F_SE_DEPTH && tt_move && !skip &&
        tt_value < GOMOKU_SCORE_WIN_MIN && tt_value > -GOMOKU_SCORE_WIN_MIN &&
        (tt_bound & TT_LOWER) && tt_depth >= depth - 2.03f && !move_illegal(b, tt_move)) {
        int former = !pv_node && t->fpv[ply];
        int sbeta = tt_value - (int)(F_UNIT * (0.91f + former) * depth);
        if (sbeta < -WIN + 1)
            sbeta = -WIN + 1;
        t->excluded[ply] = tt_move;
        int v = fsearch(t, sbeta - 1, sbeta, depth - (depth * 0.54f - former), ply, 0, cut);
        t->excluded[ply] = 0;
        if (t->stopped)
            return 0;
        se_done = 1;
        if (v < sbeta) {
            PROF(t->prof.singular[pd]++);
            float dm = 29 - (depth * 0.6f < 9 ? depth * 0.6f : 9);
            se_ext = !pv_node && v < sbeta - F_UNIT * dm && t->fext[ply] < 10.8f ? 2.0f : 1.0f;
        } else if (sbeta >= beta)
            return beta; /* multi-cut: other moves beat beta too */
        else if (tt_value >= beta)
            se_ext = -1.5f;
    }

    int *list = t->moves[ply], *score = t->scores[ply];
    int forced;
    int n = gomoku__generate(b, &t->bx[ply], list, &forced);
    if (horizon && !forced) /* renju: every threat point of black's is forbidden */
        return qsearch(t, alpha, beta, ply, 0, b->side);
    if (n == 0)
        return forced ? -(WIN - ply - 2) : evaluate(t);
    move_order order = {0};
    if (fref)
        pick_order(t, &order, list, score, 0, n, tt_move);
    else
        fscore_moves(t, list, score, n, tt_move);
#ifdef GOMOKU_NODE_PROFILE
    int pk = horizon   ? PROF_HORIZON
             : forced  ? PROF_THREAT
             : pv_node ? PROF_PV
             : cut     ? PROF_CUT
                       : PROF_ALL;
    int searched = 0;
#endif
    PROF(t->prof.node[pd][pk]++);
    int last = b->nmoves >= 1 ? b->moves[b->nmoves - 1] : 0;
    int own_last = b->nmoves >= 2 ? b->moves[b->nmoves - 2] : 0;
    int best = -INF, best_move = 0, count = 0, old_alpha = alpha;
    /* The moves searched before the best one, whose history falls (sh->fref keeps as
     * many as the reference does). */
    int attacks[48], na = 0, quiets[192], nq = 0;
    int max_na = fref ? 48 : 32, max_nq = fref ? 192 : 64;
    int rest_added = forced != GEN_FORCED_PARTIAL;
    for (int i = 0; i < n || !rest_added; i++) {
        if (i == n) {
            rest_added = 1;
            if (best > -GOMOKU_SCORE_WIN_MIN)
                break;
            n = add_rest(t, ply, n);
            if (i == n)
                break;
        }
        if (!fref)
            pick_best(list, score, n, i);
        else {
            if (i == 1 && tt_move && list[0] == tt_move) /* scored after the table move */
                pick_order(t, &order, list, score, 1, n, 0);
            order_next(&order, i);
        }
        int m = list[i];
        if (m == skip || move_illegal(b, m))
            continue;
        count++;
        int cme = b->cls[m][me], copp = b->cls[m][opp];
        int dtwo = makes_double_two(b, m, me);
        int important = cme >= K_THREE || copp >= K_THREE || dtwo;
        int trivial = cme == K_NONE && copp == K_NONE && shapeless(b, m);
        int d_opp = cell_distance(b, m, last), d_own = cell_distance(b, m, own_last);
        /* The reference counts a root child's own last move as near (it has none in its
         * search stack); sh->fref does the same. */
        if (fref && ply < 2)
            d_own = -1;
        int distract = d_own > 4 && d_opp > 4;
        /* Pruning, once a move that does not lose is known; never the mover's fours
         * (sh->fref: its fours too, and below a ply every move but the first, as the
         * reference counts them). */
        if (!horizon && best > -GOMOKU_SCORE_WIN_MIN && (fref || cme < K_FOUR)) {
            int di = (int)depth;
            int limit = di < 64 ? fmc_table[di] : 3 + (int)powf((float)di, 1.32f);
            if (fref && depth < 1)
                limit = 0;
            if (improvement <= 0)
                limit /= 2;
            if (count >= limit) {
                if (fref)
                    break; /* so is every later move: the limit only falls */
                continue;
            }
            if (trivial && depth < F_TRIVIAL_DEPTH)
                continue;
            /* A defence far from both last moves that stops no four. */
            if (o4 && depth < F_TRIVIAL_DEPTH && copp < K_FOUR && distract)
                continue;
        }
        float ext = 0;
        if (o5)
            ext = F_BLOCK_EXT;
        else if (m == tt_move && se_done)
            ext = se_ext;
        else if (m == tt_move) {
            ext = pv_node ? 0.25f : 0.08f;
            if (cme >= K_FOUR && d_own <= 6)
                ext += d_own <= 4 ? 0.24f : 0.05f;
        }
        if (likely_fail_high) {
            if (cme < K_FOUR)
                ext -= 1.0f;
            else if (ply >= 2 && t->fmade[ply + 2][me] >= K_FOUR)
                ext += 1.0f;
        }
        float new_depth = horizon ? 0 : depth - 1 + ext;
        t->fext[ply + 1] = t->fext[ply] + (ext > 1 ? ext - 1 : 0);
        t->fmade[ply + 4][0] = b->cls[m][0];
        t->fmade[ply + 4][1] = b->cls[m][1];
        PROF(t->prof.moves[pd][pk]++; searched++);
        search_make(t, ply, m);
        int s = 0;
        if (!horizon && depth >= 2 && count > 1) {
            /* Late move reductions, every kind of move. */
            int di = (int)depth < 63 ? (int)depth : 63;
            float r = t->sh->flmr[di][count < 63 ? count : 63];
            if (pv_node) {
                r -= (float)(beta - alpha) / (float)(t->root_delta > 0 ? t->root_delta : 1);
                if (r < 0)
                    r = 0;
            } else
                r += improvement <= 0 && r > 1.0f;
            /* More for cells with no shape, least for moves that make or stop threes. */
            r += 3.5f * (trivial ? (distract ? 0.0968f : 0.0385f) : !important ? 0.0222f : 0.0055f);
            if (t->fpv[ply])
                r -= 0.97f;
            if ((ply & 1) && best >= -t->root_alpha)
                r += 0.98f;
            if (cut && !(!o4 && is_killer(t, ply, m) && cme < K_THREE))
                r += 1.8f;
            if (o4 && copp < K_FOUR)
                r += (d_opp > 4 ? 1.93f : 0) + (d_own > 4 ? 0.96f : 0);
            /* An attack that goes on. (Standard and renju ask for the double two after the
             * move is made, where the cell is taken and none is found: kept as measured.) */
            if (!o4 && ply >= 2 && t->fmade[ply + 2][me] >= K_THREE &&
                (cme >= K_THREE || (d_own <= 4 && (fref ? dtwo : makes_double_two(b, m, me)))))
                r -= 0.53f;
            int stat = t->fhist[me][m][0] + t->fhist[me][m][1] * 780 / 1024 - 3322;
            r -= (float)stat / (12267.0f + 4380.0f * (depth > 5.4f));
            float d = new_depth - r;
            if (d > new_depth + 1)
                d = new_depth + 1;
            if (d < 1)
                d = 1;
            PROF({
                int c = forced ? PROF_FORCED : !important ? PROF_QUIET : PROF_LOUD;
                t->prof.later[c]++;
                t->prof.reduced[c] += d < new_depth;
                t->prof.plies[c] += d < new_depth ? (long long)ceilf(new_depth - d) : 0;
            });
            s = -fsearch(t, -alpha - 1, -alpha, d, ply + 1, 0, 1);
            if (s > alpha && d < new_depth && !t->stopped) {
                /* Searched again to full depth, deeper when it beat alpha by far. */
                float gap = new_depth - d;
                int more = (s > alpha + F_UNIT * (34 + 11 * gap)) +
                           (s > alpha + F_UNIT * (349 + 26 * gap)) - (s < best + new_depth);
                if (more > 1) {
                    if (t->fext[ply + 1] >= 5.0f)
                        more = 1;
                    else
                        t->fext[ply + 1] += (float)(more - 1);
                }
                new_depth += (float)more;
                if (d < new_depth)
                    s = -fsearch(t, -alpha - 1, -alpha, new_depth, ply + 1, 0, !cut);
            }
        } else if (!pv_node || count > 1)
            s = -fsearch(t, -alpha - 1, -alpha, new_depth, ply + 1, 0, !cut);
        if (pv_node && !t->stopped && (count == 1 || (s > alpha && s < beta)))
            s = -fsearch(t, -beta, -alpha, new_depth, ply + 1, 1, 0);
        search_unmake(t);
        if (t->stopped)
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                best_move = m;
                update_pv(t, ply, m);
                if (s >= beta) {
                    PROF(prof_cut(t, pd, searched, !forced && !horizon && depth >= 2, !tt_move));
                    break;
                }
                alpha = s;
                /* The rest of the node a ply shallower once alpha rose. */
                if (depth > 2 && depth < 12 && abs(s) < (int)(F_UNIT * 2000))
                    depth -= 1.0f;
            }
        }
        if (m != best_move) {
            if (cme >= K_THREE) {
                if (na < max_na)
                    attacks[na++] = m;
            } else if (!o4 && nq < max_nq)
                quiets[nq++] = m;
        }
    }
    if (skip)
        return best == -INF ? alpha : best;
    if (count == 0)
        return -(WIN - ply - 2);
    if (best_move && teach_history(t, best_move, depth, o4, attacks, na, quiets, nq))
        add_killer(t, ply, best_move);
    int bound = best >= beta ? TT_LOWER : pv_node && best_move ? TT_EXACT : TT_UPPER;
    /* The pv flag: a node that failed low under a pv node joins the pv's neighbourhood; a
     * node that found a better move leaves it with its child. */
    if (best <= old_alpha)
        t->fpv[ply] = t->fpv[ply] || (ply > 0 && t->fpv[ply - 1] && depth > 3);
    else if (depth > 3)
        t->fpv[ply] = t->fpv[ply] && t->fpv[ply + 1];
    gomoku__tt_store(t->sh->tt, key, ply, best_move, best, o4 ? TT_EVAL_NONE : t->sev[ply],
                     horizon ? 0 : (int)depth, bound, t->fpv[ply]);
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* Root                                                                                */
/* ---------------------------------------------------------------------------------- */


/* r's move becomes m, with the one-move line m. */
static void one_move_line(root_result *r, int m)
{
    r->move = m;
    r->pvlen = 1;
    r->pv[0] = m;
}

/* r's move becomes m, with the main thread's line from the root (m alone when it has
 * none). */
static void take_line(root_result *r, const search_thread *t, int m)
{
    if (t->pvlen[0] > 0) {
        r->move = m;
        r->pvlen = t->pvlen[0];
        memcpy(r->pv, t->pv[0], (size_t)t->pvlen[0] * sizeof(int));
    } else {
        one_move_line(r, m);
    }
}

/* r's line as points, at most GOMOKU_MAX_PV of them; returns how many. */
static int pv_points(gomoku_point *out, const board *b, const root_result *r)
{
    int n = r->pvlen < GOMOKU_MAX_PV ? r->pvlen : GOMOKU_MAX_PV;
    for (int i = 0; i < n; i++) {
        out[i].x = board_x(b, r->pv[i]);
        out[i].y = board_y(b, r->pv[i]);
    }
    return n;
}

/* Root moves: as gomoku__generate_root(), except that with two opponent five points the blocks are
 * still the moves (the game is lost, but the four must be answered). */
static int root_moves(search_thread *t, int *list)
{
    board *b = t->b;
    int me = b->side - 1, opp = 1 - me, forced;
    if (b->ncls[me][K_FIVE] > 0)
        return gomoku__five_points(b, &t->bx[0], me, list, 1) > 0 ? 1 : 0;
    if (b->ncls[opp][K_FIVE] > 0) {
        int tmp[GOMOKU_MAX_CELLS];
        int k = gomoku__five_points(b, &t->bx[0], opp, tmp, GOMOKU_MAX_CELLS), n = 0;
        for (int i = 0; i < k; i++)
            if (!move_illegal(b, tmp[i]))
                list[n++] = tmp[i];
        if (n > 0)
            return n;
        return gomoku__gen_all(b, &t->bx[0], list);
    }
    int n = gomoku__generate_root(b, &t->bx[0], list, &forced);
    if (n == 0)
        n = gomoku__gen_all(b, &t->bx[0], list);
    if (n == 0) {
        /* Nothing near the stones (or every such cell forbidden): any empty legal cell. */
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                int idx = board_index(b, x, y);
                if (b->cell[idx] == C_EMPTY && !move_illegal(b, idx))
                    list[n++] = idx;
            }
        if (n == 0)
            for (int y = 0; y < b->size; y++)
                for (int x = 0; x < b->size; x++) {
                    int idx = board_index(b, x, y);
                    if (b->cell[idx] == C_EMPTY)
                        list[n++] = idx;
                }
    }
    return n;
}

/* Has m passed the threat check of the best move? */
static int is_verified(const search_thread *t, int m)
{
    return gomoku__rootthreat_verified(t->sh->rt, m);
}

/* A root move's subtree, by the rule's main search. */
static inline int root_child(search_thread *t, int alpha, int beta, int depth, int pv_node,
                             int cut)
{
    if (t->sh->fractional)
        return fsearch(t, alpha, beta, (float)depth, 1, pv_node, cut);
    return search(t, alpha, beta, depth, 1, pv_node, cut);
}

/*
 * One iteration at the root over list[0..n-1] (best first), window (alpha, beta).
 * Returns the best score; *best_i the index of the best move, -1 when none finished.
 * Moves the best move to the front.
 */
static int root_iteration(search_thread *t, int *list, int *rscore, int n, int depth, int alpha,
                          int beta, int *best_i)
{
    int best = -INF, alpha0 = alpha;
    *best_i = -1;
    t->pvlen[0] = 0;
    t->nodes++; /* the root itself */
    PROF(t->prof.root_nodes++);
    t->sev[0] = evaluate(t);
    t->iter_depth = depth;
    t->root_alpha = alpha;
    t->root_delta = beta - alpha;
    t->fpv[0] = 1;
    t->fext[0] = 0;
    t->extc[1] = 0;
    /* With sh->fref the root is a node of the fractional search (fsearch()'s rules, as the
     * reference's root): the moves in pick_order() each iteration, the last best first;
     * the root's depth cut by 0.28 of the plies it gained since the iteration before
     * stored it, and a ply more once alpha rose; late moves reduced; the history taught
     * as at any node. Other rules search every move to depth - 1. */
    float rdepth = (float)depth;
    int xr = t->sh->fref && n > 1;
    if (xr && t->root_depth >= 0 && depth > 1) {
        float r = ((float)depth - (float)t->root_depth) * 0.28f;
        rdepth -= r < 0 ? 0 : r > 3.6f ? 3.6f : r;
    }
    board *rb = t->b;
    int sc[GOMOKU_MAX_CELLS];
    move_order order = {0};
    if (xr)
        pick_order(t, &order, list, sc, 0, n, list[0]);
    int rme = rb->side - 1, ropp = 1 - rme;
    int r_att[48], r_na = 0, r_q[192], r_nq = 0, r_best = 0;
    int r_o4 = rb->ncls[ropp][K_FIVE] + rb->ncls[ropp][K_OPEN_FOUR];
    for (int i = 0; i < n; i++) {
        if (xr && i == 1 && n > 2) {
            /* The whole order at once: the root searches every move. */
            pick_order(t, &order, list, sc, 1, n, 0);
            sort_scored(list + 1, sc + 1, n - 1);
        }
        int m = list[i];
        int s;
        int child_depth = n == 1 ? depth : depth - 1;
        if (xr) {
            int cme = rb->cls[m][rme], copp = rb->cls[m][ropp];
            int important = cme >= K_THREE || copp >= K_THREE || makes_double_two(rb, m, rme);
            int trivial = cme == K_NONE && copp == K_NONE && shapeless(rb, m);
            /* Every root move counts as near the last moves (see fsearch()): none is a
             * distraction, and a first move that is a four gains the near four's ply. */
            float ext = (i == 0 && depth >= 2 && t->root_depth >= 0) ? 0.25f : 0;
            if (i == 0 && depth >= 2 && t->root_depth >= 0 && cme >= K_FOUR)
                ext += 0.24f;
            float new_depth = rdepth - 1 + ext;
            t->fmade[4][0] = rb->cls[m][0];
            t->fmade[4][1] = rb->cls[m][1];
            int stat = t->fhist[rme][m][0] + t->fhist[rme][m][1] * 780 / 1024 - 3322;
            search_make(t, 0, m);
            if (i == 0)
                s = -fsearch(t, -beta, -alpha, new_depth, 1, 1, 0);
            else {
                float d = new_depth;
                if (rdepth >= 2 && i >= 2) {
                    int di = (int)rdepth < 63 ? (int)rdepth : 63;
                    float r = t->sh->flmr[di][i + 1 < 63 ? i + 1 : 63];
                    r -= (float)(beta - alpha) / (float)(t->root_delta > 0 ? t->root_delta : 1);
                    if (r < 0)
                        r = 0;
                    r += 3.5f * (trivial ? 0.0385f : !important ? 0.0222f : 0.0055f);
                    r -= 0.97f;
                    r -= (float)stat / (12267.0f + 4380.0f * (rdepth > 5.4f));
                    d = new_depth - r;
                    if (d > new_depth + 1)
                        d = new_depth + 1;
                    if (d < 1)
                        d = 1;
                }
                s = -fsearch(t, -alpha - 1, -alpha, d, 1, 0, 1);
                if (s > alpha && d < new_depth && !t->stopped) {
                    /* Searched again to full depth, deeper when it beat alpha by far. */
                    float gap = new_depth - d;
                    int more = (s > alpha + F_UNIT * (34 + 11 * gap)) +
                               (s > alpha + F_UNIT * (349 + 26 * gap)) - (s < best + new_depth);
                    if (more > 1) {
                        if (t->fext[1] >= 5.0f)
                            more = 1;
                        else
                            t->fext[1] += (float)(more - 1);
                    }
                    new_depth += (float)more;
                    if (d < new_depth)
                        s = -fsearch(t, -alpha - 1, -alpha, new_depth, 1, 0, 1);
                }
                /* A move that beat alpha gets its own window, above beta too. */
                if (s > alpha && !t->stopped)
                    s = -fsearch(t, -beta, -alpha, new_depth, 1, 1, 0);
            }
            if (s > alpha && s < beta && !t->stopped && rdepth > 2 && rdepth < 12 &&
                abs(s) < (int)(F_UNIT * 2000))
                rdepth -= 1.0f; /* a ply less once alpha rose, as at any node */
        } else {
        t->fmade[4][0] = t->b->cls[m][0];
        t->fmade[4][1] = t->b->cls[m][1];
        search_make(t, 0, m);
        if (i == 0)
            s = -root_child(t, -beta, -alpha, child_depth, 1, 0);
        else {
            s = -root_child(t, -alpha - 1, -alpha, child_depth, 0, 1);
            if (s > alpha && s < beta && !t->stopped)
                s = -root_child(t, -beta, -alpha, child_depth, 1, 0);
        }
        }
        search_unmake(t);
        if (t->stopped)
            break;
        rscore[i] = s;
        if (xr) {
            if (s > best && s > alpha)
                r_best = m;
            if (m != r_best) {
                if (rb->cls[m][rme] >= K_THREE) {
                    if (r_na < 48)
                        r_att[r_na++] = m;
                } else if (!r_o4 && r_nq < 192)
                    r_q[r_nq++] = m;
            }
        }
        /* Another move beats the best one and has not passed the threat check: the main
         * search keeps the final check's reserve again, so that a stop leaves time to
         * check it. A first move that merely fails low is still the move a stop would
         * play, and its final check costs nothing, so it keeps no reserve. */
        if (t->id == 0 && i > 0 && s > alpha && !is_verified(t, m))
            gomoku__clock_doubt(&t->sh->clock, 1);
        if (s > best) {
            best = s;
            *best_i = i;
            if (s > alpha) {
                alpha = s;
                t->root_alpha = alpha;
                update_pv(t, 0, m);
            }
            if (s >= beta)
                break;
        }
    }
    if (xr && !t->stopped && r_best)
        teach_history(t, r_best, rdepth, r_o4, r_att, r_na, r_q, r_nq);
    if (xr && !t->stopped)
        t->root_depth = (int)rdepth;
    if (*best_i > 0 && best > alpha0) {
        /* Best move to the front, the others keep their order. */
        int m = list[*best_i], s = rscore[*best_i];
        memmove(list + 1, list, (size_t)*best_i * sizeof *list);
        memmove(rscore + 1, rscore, (size_t)*best_i * sizeof *rscore);
        list[0] = m;
        rscore[0] = s;
        *best_i = 0;
    }
    return best;
}

static void fill_info(gomoku_search_info *info, const search_thread *t, const root_result *r,
                      long long nodes, double elapsed)
{
    memset(info, 0, sizeof *info);
    info->depth = r->depth;
    info->seldepth = t->seldepth;
    info->score = r->score;
    info->nodes = nodes;
    info->time_ms = elapsed;
    info->nps = elapsed > 0 ? (long long)((double)nodes * 1000.0 / elapsed) : 0;
    info->pv_length = pv_points(info->pv, t->b, r);
}

static long long total_nodes(const search_thread *main_t)
{
    const search_shared *sh = main_t->sh;
    if (sh->nthreads == 1)
        return main_t->nodes;
    return main_t->nodes + atomic_load((atomic_llong *)&sh->helper_nodes) - main_t->flushed;
}

/* The main thread's best move was refuted and left the root list: the next one stands in
 * (with a one-move line) until the iteration is searched again without it. */
static void stand_in(search_shared *sh, root_result *out, const int *list)
{
    one_move_line(out, list[0]);
    gomoku__rootthreat_best_changed(sh->rt, list[0]);
}

/* Is the main thread's best move m refuted by a forced win of the opponent that the
 * threat solver proves? Counts the nodes as this thread's, within the node limit. */
static int refuted_by_threat(search_thread *t, int m)
{
    search_shared *sh = t->sh;
    long long left = LLONG_MAX;
    if (sh->node_limit && sh->nthreads == 1)
        left = sh->node_limit - t->nodes - t->extra_nodes;
    return gomoku__rootthreat_check(sh->rt, t->b, m, left, &t->extra_nodes);
}

/* A helper that completed a deeper iteration than the main thread has the better result,
 * unless its move has since left the main thread's list (proven lost) or it sees a loss. */
static void adopt_helper(search_shared *sh, root_result *out, const int *list, int n)
{
    pthread_mutex_lock(&sh->helper_lock);
    const root_result *h = &sh->helper_best;
    if (h->depth > out->depth && !GOMOKU_SCORE_IS_LOSS(h->score))
        for (int i = 0; i < n; i++)
            if (list[i] == h->move) {
                *out = *h;
                break;
            }
    pthread_mutex_unlock(&sh->helper_lock);
}

/*
 * Iterative deepening. The main thread (id 0) reports and decides; helpers (Lazy SMP)
 * search the same tree ahead of it, with their own move order and history. Their output
 * is the shared table, and their deepest completed iteration, which the main thread
 * takes when it is deeper than its own (adopt_helper()). Measured, two threads (one
 * helper) against one at 200 ms a move, runs of 160 games (docs/measurements.md,
 * "Threads"): freestyle 59.4%, standard 56.9% and 57.8%, renju 55.6% and 57.5%, +52
 * over the 800; the threat worker that was the second thread before scored about 55% in
 * every rule. A helper that abandons its iteration as soon as the main thread reaches
 * that depth never completes one, and scored 55%.
 */
static void iterate(search_thread *t, root_result *out)
{
    search_shared *sh = t->sh;
    board *b = t->b;
    int list[GOMOKU_MAX_CELLS], rscore[GOMOKU_MAX_CELLS];
    int n = sh->root_n;
    memcpy(list, sh->root_list, (size_t)n * sizeof *list);
    for (int i = 0; i < n; i++)
        rscore[i] = 0;
    /* Initial order from the move scores; helpers rotate it so they explore other moves
     * first and fill the table with different lines. */
    {
        int sc[GOMOKU_MAX_CELLS];
        tt_hit hit;
        int hm = gomoku__tt_probe(sh->tt, b->hash, 0, &hit) ? hit.move : 0;
        gomoku__score_moves(b, t->killer[0], t->history[b->side - 1], list, sc, n, hm);
        for (int i = 0; i < n; i++)
            pick_best(list, sc, n, i);
        if (t->id > 0 && n > 2) {
            int r = t->id % (n < 4 ? n : 4);
            for (int k = 0; k < r; k++) {
                int m = list[0];
                memmove(list, list + 1, (size_t)(n - 1) * sizeof *list);
                list[n - 1] = m;
            }
        }
    }
    one_move_line(out, list[0]);
    out->score = 0;
    out->depth = 0;
    if (t->id == 0)
        gomoku__rootthreat_best_changed(sh->rt, list[0]);

    int prev = 0, unstable = 0;
    int fref = sh->fref;
    t->root_depth = -1;
    /* sh->fref starts at depth 2, as the reference does (a helper's iterations: see
     * below). */
    int start_depth = fref ? 2 : 1;
    for (int depth = start_depth; depth <= sh->max_depth; depth++) {
        /* A helper starts each iteration deeper than the one the main thread is in (one
         * ply for odd ids, two for even ones), so that it fills the table ahead of the
         * main thread instead of repeating its work; a depth limit caps it. */
        if (t->id > 0) {
            int ahead = atomic_load(&sh->main_depth) + 1 + !(t->id & 1);
            if (depth < ahead)
                depth = ahead < sh->max_depth ? ahead : sh->max_depth;
            if (depth > sh->max_depth)
                break;
        } else {
            atomic_store(&sh->main_depth, depth);
        }
        /* History from earlier iterations still orders, but less. */
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < MAX_PADDED; i++)
                t->history[s][i] /= 2;
        int alpha = -INF, beta = INF, delta = 60, score, best_i;
        if (fref) {
            /* The reference's window: 16 of its units (40 of ours) from depth 5 on, widened
             * after each fail by d * (3 + |v| / 1024) / 4 + 6 in its units. */
            delta = 40;
            if (depth >= 5) {
                alpha = prev - delta < -INF ? -INF : prev - delta;
                beta = prev + delta > INF ? INF : prev + delta;
            }
        } else if (depth >= 4 && !GOMOKU_SCORE_IS_WIN(prev) && !GOMOKU_SCORE_IS_LOSS(prev) &&
            prev > -5000 && prev < 5000) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        int prev_best = list[0];
        int fails_high = 0;
        for (;;) {
            /* (sh->fref: every third fail high in a row searches a ply shallower.) */
            int d = fref && depth - fails_high / 3 >= 1 ? depth - fails_high / 3 : depth;
            score = root_iteration(t, list, rscore, n, d, alpha, beta, &best_i);
            if (t->stopped)
                break;
            if (fref) {
                /* A fail low also brings beta to the middle of the old window. */
                if (score <= alpha && alpha > -INF) {
                    beta = (alpha + beta) / 2;
                    alpha = score - delta < -INF ? -INF : score - delta;
                    fails_high = 0;
                } else if (score >= beta && beta < INF) {
                    beta = score + delta > INF ? INF : score + delta;
                    fails_high++;
                } else
                    break;
                int vr = (int)(abs(score) / 2.5f), dr = (int)(delta / 2.5f);
                delta = (int)(2.5f * (float)(dr * (3 + vr / 1024) / 4 + 6));
                continue;
            }
            if (score <= alpha && alpha > -INF) {
                alpha = score - delta < -INF ? -INF : score - delta;
                if (alpha < -5000)
                    alpha = -INF;
            } else if (score >= beta && beta < INF) {
                beta = score + delta > INF ? INF : score + delta;
                if (beta > 5000)
                    beta = INF;
            } else
                break;
            delta *= 3;
        }
        if (t->id > 0) {
            if (t->stopped || atomic_load(&sh->abort_all))
                return;
            pthread_mutex_lock(&sh->helper_lock);
            if (depth > sh->helper_best.depth) {
                sh->helper_best.score = score;
                sh->helper_best.depth = depth;
                take_line(&sh->helper_best, t, list[0]);
            }
            pthread_mutex_unlock(&sh->helper_lock);
            continue;
        }
        if (t->restart) {
            /* The worker proved the best move of the last iteration lost: that
             * iteration is searched again without it, as after the main thread's own
             * check below. */
            t->restart = 0;
            t->stopped = 0;
            gomoku__rootthreat_drop_lost(sh->rt, list, rscore, &n);
            stand_in(sh, out, list);
            depth = out->depth > start_depth ? out->depth - 1 : start_depth - 1;
            continue;
        }
        if (t->stopped) {
            /* A partial iteration counts when its first move (the previous best) was
             * searched and another move then proved better. */
            if (best_i == 0 && list[0] != prev_best && t->pvlen[0] > 0) {
                out->score = score;
                take_line(out, t, list[0]);
            }
            break;
        }
        out->score = score;
        out->depth = depth;
        take_line(out, t, list[0]);
        /* A new best move is checked with the threat solver, which reads forced wins of
         * the opponent far beyond this depth. A refuted move leaves the root list and
         * the iteration is searched again without it. */
        if (t->id == 0 && gomoku__rootthreat_drop_lost(sh->rt, list, rscore, &n)) {
            /* The worker proved the best move lost: searched again without it. */
            stand_in(sh, out, list);
            depth--;
            continue;
        }
        if (!fref && t->id == 0 && n > 1 && depth >= VERIFY_FROM && !GOMOKU_SCORE_IS_WIN(score) &&
            gomoku__rootthreat_wants_check(sh->rt, list[0])) {
            if (refuted_by_threat(t, list[0])) {
                memmove(list, list + 1, (size_t)(n - 1) * sizeof *list);
                memmove(rscore, rscore + 1, (size_t)(n - 1) * sizeof *rscore);
                n--;
                stand_in(sh, out, list);
                gomoku__clock_doubt(&sh->clock, 1);
                if (t->stopped || atomic_load(&sh->engine->stop))
                    break;
                depth--;
                continue;
            }
            if (atomic_load(&sh->engine->stop))
                break;
        }
        if (t->id == 0) {
            gomoku__clock_doubt(&sh->clock, !(n == 1 || GOMOKU_SCORE_IS_WIN(score) ||
                                              is_verified(t, out->move)));
            gomoku__rootthreat_best_changed(sh->rt, list[0]);
        }
        unstable = list[0] != prev_best ? unstable + 2 : unstable > 0 ? unstable - 1 : 0;
        prev = score;
        double elapsed = gomoku__now_ms() - sh->clock.start;
        if (sh->engine->progress_fn) {
            gomoku_search_info info;
            fill_info(&info, t, out, total_nodes(t), elapsed);
            sh->engine->progress_fn(&info, sh->engine->progress_payload);
        }
        /* Done: a single move left, or a forced result read to its end. A single move is
         * played at once on a game clock, whose time is worth more saved; with sh->fref and
         * a time per move it is searched for that time, as the reference does, and the
         * table it fills is the next move's (a time per move cannot be saved). With only
         * depth and node limits it is searched to them, so that the score it reports
         * means as much as any other. */
        if (n == 1 && sh->clock.hard_ms > 0 && (!fref || sh->clock.soft_ms > 0))
            break;
        if (GOMOKU_SCORE_IS_WIN(score))
            break;
        if (gomoku__rootthreat_resume(sh->rt, t->b))
            break;
        if (GOMOKU_SCORE_IS_LOSS(score) && depth >= WIN - (-score) + 2)
            break;
        if (!gomoku__clock_another_iteration(&sh->clock, elapsed, unstable))
            break;
    }
    if (t->id == 0 && sh->nthreads > 1 && !GOMOKU_SCORE_IS_WIN(out->score))
        adopt_helper(sh, out, list, n);
    if (t->id == 0) {
        sh->final_n = n;
        memcpy(sh->final_list, list, (size_t)n * sizeof *list);
        /* the chosen move first, even when a partial iteration chose it */
        for (int i = 1; i < n; i++)
            if (sh->final_list[i] == out->move) {
                sh->final_list[i] = sh->final_list[0];
                sh->final_list[0] = out->move;
            }
    }
}

static void line_result(root_result *r, const int *line, int len)
{
    r->move = line[0];
    r->score = WIN - len;
    r->depth = 1;
    r->pvlen = len < MAX_PLY ? len : MAX_PLY;
    memcpy(r->pv, line, (size_t)r->pvlen * sizeof *line);
}

static void *helper_main(void *arg)
{
    search_thread *t = arg;
    root_result r;
#ifdef GOMOKU_STOP_TRACE
    gomoku__trace_thread_start("helper");
#endif
    iterate(t, &r);
    atomic_fetch_add(&t->sh->helper_nodes, t->nodes - t->flushed);
    t->flushed = t->nodes;
    GOMOKU__TRACE("exit");
    return NULL;
}

/* ---------------------------------------------------------------------------------- */
/* What the engine keeps between searches                                              */
/* ---------------------------------------------------------------------------------- */

void gomoku__search_mem_free(gomoku__search_mem *mem)
{
    if (!mem)
        return;
    free(mem->threads);
    free(mem->copies);
    for (int i = 0; i < 2; i++)
        gomoku__threat_space_free(&mem->space[i]);
    for (int i = 0; i < 4; i++)
        gomoku__vct_memo_free(mem->memo[i]);
    free(mem);
}

gomoku__threat_space *gomoku__engine_threat_space(gomoku_engine *e)
{
    return e->mem ? &e->mem->space[0] : NULL;
}

/* The engine's kept memory with records for `n` threads, touched; NULL when out of memory
 * (then the engine keeps what it had). */
static gomoku__search_mem *search_mem(gomoku_engine *e, int n)
{
    if (!e->mem) {
        e->mem = calloc(1, sizeof *e->mem);
        if (!e->mem)
            return NULL;
    }
    gomoku__search_mem *mem = e->mem;
    if (mem->nthreads >= n)
        return mem;
    search_thread *ts = calloc((size_t)n, sizeof *ts);
    gomoku_engine *copies = n > 1 ? calloc((size_t)(n - 1), sizeof *copies) : NULL;
    if (!ts || (n > 1 && !copies)) {
        free(ts);
        free(copies);
        return NULL;
    }
    /* calloc's large blocks are fresh pages, mapped at their first touch: touched here. */
    memset((void *)ts, 0, (size_t)n * sizeof *ts);
    if (copies)
        memset((void *)copies, 0, (size_t)(n - 1) * sizeof *copies);
    free(mem->threads);
    free(mem->copies);
    mem->threads = ts;
    mem->copies = copies;
    mem->nthreads = n;
    return mem;
}

/* A thread record as calloc() made it, but for its move lists, which every node writes
 * before it reads them (1 MB a thread that need not be cleared). */
static void clear_thread(search_thread *t)
{
    memset((void *)t, 0, offsetof(search_thread, moves));
    size_t tail = offsetof(search_thread, handle);
    memset((char *)t + tail, 0, sizeof *t - tail);
}

/* ---------------------------------------------------------------------------------- */
/* One search call                                                                     */
/* ---------------------------------------------------------------------------------- */

static void write_result(gomoku_search_result *out, const board *b, const root_result *r,
                         int seldepth, long long nodes, double elapsed)
{
    memset(out, 0, sizeof *out);
    out->best.x = board_x(b, r->move);
    out->best.y = board_y(b, r->move);
    out->score = r->score;
    out->depth = r->depth;
    out->seldepth = seldepth;
    out->nodes = nodes;
    out->time_ms = elapsed;
    out->pv_length = pv_points(out->pv, b, r);
}

/* Multi-PV leaves the moves of the lines already found out of the root list. */
static int is_excluded(const board *b, int idx, const gomoku_point *excluded, int nexcluded)
{
    for (int i = 0; i < nexcluded; i++)
        if (board_x(b, idx) == excluded[i].x && board_y(b, idx) == excluded[i].y)
            return 1;
    return 0;
}

/*
 * One search of the engine's position, with the root moves in excluded[0..nexcluded-1]
 * left out (multipv.c). The caller holds engine->busy, has checked the game is on and
 * cleared the stop flag. GOMOKU_ENOMOVE when no root move is left.
 */
int gomoku__search_core(gomoku_search_result *out, gomoku_engine *engine,
                        const gomoku_limits *limits, const gomoku_point *excluded, int nexcluded)
{
    double start = gomoku__now_ms();
    board *b = &engine->b;

    /* The empty board has one sensible move and nothing to think about. */
    if (b->nmoves == 0) {
        if (nexcluded > 0)
            return GOMOKU_ENOMOVE;
        root_result r = {0};
        one_move_line(&r, board_index(b, b->size / 2, b->size / 2));
        write_result(out, b, &r, 0, 1, gomoku__now_ms() - start);
        return GOMOKU_OK;
    }

    if (!engine->tt) {
        engine->tt = gomoku__tt_new(engine->hash_mb);
        if (!engine->tt)
            return GOMOKU_ENOMEM;
    }
    gomoku__tt_new_search(engine->tt);
    GOMOKU__TRACE("begin");

    int nthreads = limits->threads == 0 ? 1 : limits->threads;
    gomoku__search_mem *mem = search_mem(engine, nthreads);
    if (!mem)
        return GOMOKU_ENOMEM;
    search_thread *ts = mem->threads;
    gomoku_engine *copies = mem->copies;
    for (int i = 0; i < nthreads; i++)
        clear_thread(&ts[i]);

    search_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.engine = engine;
    sh.tt = engine->tt;
    sh.node_limit = limits->nodes;
    sh.max_depth =
        limits->depth > 0 && limits->depth < MAX_ITERATIONS ? limits->depth : MAX_ITERATIONS;
    pthread_once(&lmr_once, build_lmr);
    sh.lmr = lmr_table;
    /* The fractional-depth search in every rule but caro (see fsearch()). */
    sh.fractional = engine->b.rule != GOMOKU_CARO;
    /* Freestyle's, standard's and renju black's fractional search goes further toward the
     * reference's (see fsearch()), without the root's threat searches. Renju's white keeps
     * them: its wins are often threat sequences through black's forbidden points, which
     * the root VCT proves and the tree's static wins do not see (searched as black is,
     * white won 41 of 54 games against the reference where it had won 25 of 27). */
    sh.fref = engine->b.rule == GOMOKU_FREESTYLE || engine->b.rule == GOMOKU_STANDARD ||
              (engine->b.rule == GOMOKU_RENJU && b->side == C_BLACK);
    sh.flmr = flmr_table[engine->b.rule];
    sh.ffutility = f_futility[engine->b.rule];
    sh.nthreads = nthreads;
    atomic_init(&sh.abort_all, 0);
    atomic_init(&sh.helper_nodes, 0);
    atomic_init(&sh.main_depth, 0);
    pthread_mutex_init(&sh.helper_lock, NULL);
    gomoku__clock_plan(&sh.clock, start, limits, b->nmoves, b->size);
    gomoku__rootthreat rt;
    gomoku__rootthreat_init(&rt, &engine->stop, &sh.clock, limits, nthreads, b->rule);
    gomoku__rootthreat_tables(&rt, mem);
    sh.rt = &rt;

    gomoku__box root_box = gomoku__box_of_stones(b);
    for (int i = 0; i < nthreads; i++) {
        search_thread *t = &ts[i];
        t->sh = &sh;
        t->id = i;
        if (i == 0)
            t->e = engine;
        else {
            /* Helpers search their own copy; a user evaluation sees that copy. */
            gomoku__engine_clone(&copies[i - 1], engine);
            t->e = &copies[i - 1];
        }
        t->b = &t->e->b;
        t->use_callback = engine->eval_fn != NULL;
        t->eval_model = gomoku__eval_model(engine->eval_model, b->rule);
        t->bx[0] = root_box;
    }

    GOMOKU__TRACE("setup");
    gomoku__watchdog wd;
    gomoku__watchdog_start(&wd, engine, &sh.clock);
    GOMOKU__TRACE("watchdog");

    root_result r;
    memset(&r, 0, sizeof r);
    sh.root_n = root_moves(&ts[0], sh.root_list);
    if (nexcluded > 0) {
        int k = 0;
        for (int i = 0; i < sh.root_n; i++)
            if (!is_excluded(b, sh.root_list[i], excluded, nexcluded))
                sh.root_list[k++] = sh.root_list[i];
        sh.root_n = k;
        if (k == 0) {
            gomoku__watchdog_end(&wd);
            pthread_mutex_destroy(&sh.helper_lock);
            return GOMOKU_ENOMOVE;
        }
    }
    /* The root moves' ordering scores: the root threat searches test the best first. */
    int root_score[GOMOKU_MAX_CELLS];
    gomoku__score_moves(b, ts[0].killer[0], ts[0].history[b->side - 1], sh.root_list,
                        root_score, sh.root_n, 0);
    /* The threat worker (thread 1, on its board) starts first, so that it has the whole
     * clock. Its first check, once its VCT is over, is of the move the ordering likes
     * best: the main thread's own list is not ready before the root threat phase. */
    int worker = 0;
    if (nthreads >= ROOTTHREAT_WORKER_FROM && sh.root_n > 1 && !atomic_load(&engine->stop)) {
        int top = 0;
        for (int i = 1; i < sh.root_n; i++)
            if (root_score[i] > root_score[top])
                top = i;
        worker = gomoku__rootthreat_start_worker(&rt, ts[1].b, sh.root_list[top]);
    }
    GOMOKU__TRACE("rootmoves+worker");
    int line[MAX_PLY], len = 0;
    if (sh.root_n > 1 && !sh.fref)
        len = gomoku__rootthreat_before(&rt, ts[0].b, sh.root_list, &sh.root_n, root_score,
                                        line);
    GOMOKU__TRACE("before");
    /* A proven win through a move already reported is not this line's. */
    if (len > 0 && nexcluded > 0 && is_excluded(b, line[0], excluded, nexcluded))
        len = 0;
    int proven = len > 0;
    if (proven) {
        line_result(&r, line, len);
        if (engine->progress_fn) {
            gomoku_search_info info;
            fill_info(&info, &ts[0], &r, rt.nodes, gomoku__now_ms() - start);
            engine->progress_fn(&info, engine->progress_payload);
        }
    }
    if (sh.node_limit) {
        /* The node limit covers the threat searches before and after the main search. */
        long long reserved = rt.nodes + rt.verify_budget + 64;
        sh.node_limit = sh.node_limit > reserved + 1 ? sh.node_limit - reserved : 1;
    }
    /* The final check gets its share of the clock: while the best move has not passed
     * the threat check, the main search stops that much earlier. Set before the helpers
     * start, which read it. */
    if (!sh.fref)
        gomoku__clock_reserve(&sh.clock, ROOTTHREAT_VERIFY_SHARE);
    /* The Lazy SMP helpers: the threads after the worker (all but the main one when
     * there is none). A thread that cannot be started ends the list. */
    int first_helper = 1 + worker, started = first_helper;
    while (started < nthreads && !proven && !atomic_load(&engine->stop) &&
           pthread_create(&ts[started].handle, NULL, helper_main, &ts[started]) == 0)
        started++;
    GOMOKU__TRACE("helpers-start");
    if (!proven && !gomoku__rootthreat_won(&rt))
        iterate(&ts[0], &r);
    GOMOKU__TRACE("iterate");

    atomic_store(&sh.abort_all, 1);
    int move = r.move;
    len = gomoku__rootthreat_finish(&rt, !proven, &move, sh.final_list, &sh.final_n, line);
    GOMOKU__TRACE("finish");
    for (int i = first_helper; i < started; i++)
        pthread_join(ts[i].handle, NULL);
    GOMOKU__TRACE("helpers-join");
    if (len > 0 && nexcluded > 0 && is_excluded(b, line[0], excluded, nexcluded))
        len = 0;
    if (len > 0) {
        proven = 1;
        line_result(&r, line, len);
        if (engine->progress_fn) {
            gomoku_search_info info;
            fill_info(&info, &ts[0], &r, worker ? rt.worker_nodes : rt.nodes,
                      gomoku__now_ms() - start);
            engine->progress_fn(&info, engine->progress_payload);
        }
    }
    if (!proven && !atomic_load(&engine->stop) && !sh.fref)
        move = gomoku__rootthreat_final_check(&rt, ts[0].b, move, r.score, sh.final_list,
                                              sh.final_n);
    if (!proven && move != r.move)
        one_move_line(&r, move);
    GOMOKU__TRACE("final-check");
    gomoku__watchdog_end(&wd);
    GOMOKU__TRACE("watchdog-end");
    long long nodes = ts[0].nodes + rt.nodes + rt.worker_nodes;
    for (int i = first_helper; i < started; i++)
        nodes += ts[i].nodes + ts[i].extra_nodes;
    int seldepth = ts[0].seldepth;
    write_result(out, b, &r, seldepth, nodes, gomoku__now_ms() - start);
    pthread_mutex_destroy(&sh.helper_lock);

    GOMOKU__TRACE("result");
    return GOMOKU_OK;
}
