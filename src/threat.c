/*
 * threat.c - threat-space search: VCF (victory by continuous fours) and VCT (victory by
 * continuous threats: fours and threes).
 *
 * Both are AND-OR searches on the incremental board. At an attacker (OR) node the
 * attacker tries its threat moves; at a defender (AND) node every defence that could
 * matter is tried and all of them must lose. What makes the proof sound is how the
 * defender's moves are chosen; the rule throughout is that a defender move left out is
 * one after which the attacker provably wins at once:
 *
 *  - After a four (the attacker has a five point), the defender must make five itself
 *    (then the line fails) or leave the attacker without any five point. The defences are
 *    found by trying the candidates on the board: the five points themselves and, in caro
 *    (where opponent stones just beyond both ends stop a five), the cells just beyond
 *    each end of each such five. A candidate that is a forbidden renju move for
 *    black is no defence (it loses); one that fills the board (a draw) is.
 *
 *  - After a three (the attacker has no five point but has cells t where one more stone
 *    leaves the defender unable to stop a five), the defender may answer with any four of
 *    its own, or with a move that spoils every such t. For each t, W(t) is the set of cells
 *    a defender stone must occupy to spoil t: t itself and the five points t creates (in
 *    caro also the cells beyond their ends, see above). A defender stone elsewhere
 *    changes nothing that t's win depends on: the attacker's fives are made of its own
 *    stones, which the defender cannot change, and an opponent stone never makes a shape
 *    stronger. So the defences are the defender's fours plus the intersection of all
 *    W(t). What a stone on t would make is looked up from the line keys with t filled
 *    in (in caro, and for renju's legality questions, t is played on the board with the
 *    defender's turn skipped, a null move). For black in renju a t counts only when its
 *    four is its only line of three or more: then no white stone can make it forbidden
 *    (a white stone cannot add a three or four, while the recursive three rule could
 *    otherwise turn a legal point into a double three from afar).
 *
 *  - A four-three point t of the attacker (a stone there makes a four and an open three)
 *    is a threat too: the defender must take the four's five point f, and the three then
 *    becomes an open four. W(t) is t, the cells of t's lines where a defender stone
 *    leaves t less than a four-three, f, and the cells of f's lines where a defender
 *    stone would turn the block at f into a four of the defender's, which takes the
 *    tempo back (t threatens nothing when the block is such a four already). No other
 *    defender stone changes those shapes. For black in renju t counts only when no white
 *    stone can make the plan illegal: t has no line of three or more but its four and
 *    its three, and after the block every point where the three becomes a straight four
 *    is legal and has no other such line (renju_open_four_follows()); white stones only
 *    take lines from black, so then only stones on t's own lines matter, which W(t)
 *    holds. Not used in caro (five points there need more than one block).
 *
 * A node budget, a stop flag and (for the public calls) a deadline bound the work; an
 * aborted search reports no win and stores nothing. A small transposition table, keyed by
 * the position's hash, remembers proven and failed attacker nodes within one call.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEPTH 60                  /* attacker moves, whatever the caller asks */
#define LINE_MAX (2 * MAX_DEPTH + 8)  /* plies of a line, with room for the last five */
#define CAND_MAX 256                  /* moves kept per node */
#define STACK_MAX (2 * MAX_DEPTH + 16) /* stones the search can have on the board at once */
#define DFS_NODES 20000               /* at most, for the VCT's depth-first phase */
#define PUBLIC_DEPTH 32               /* keeps public lines within GOMOKU_MAX_PV plies */

#define DEPTH_ANY 127 /* a failure that no extra depth would change */

#define SALT_VCF 0x5bd1e9955bd1e995ull
#define SALT_VCT 0x9e3779b97f4a7c15ull

typedef struct tt_slot {
    uint64_t key;
    int16_t depth; /* attacker moves searched (fail) or allowed (win) */
    int16_t len;   /* > 0: win in this many plies from the node; 0: no win within depth */
    int32_t used;
} tt_slot;

typedef struct box {
    int x0, y0, x1, y1;
} box;

typedef struct ctx {
    board *b;
    int att, def;     /* C_BLACK / C_WHITE */
    int caro;
    int renju_att_black, renju_def_black;
    long long nodes, budget;
    atomic_int *stop;
    struct timespec start;
    double deadline_ms; /* 0: none */
    int aborted;
    int depth_cut;      /* some node of the current subtree stopped for lack of depth */
    long long next_check;
    tt_slot *tt;
    size_t tt_mask;
    int tt_tried;
    int sp;             /* stones placed by the search, for the scan box stack */
    /* Arrays last: ctx_init() clears only the fields above them. */
    box boxes[STACK_MAX + 1];
    int path[LINE_MAX]; /* moves being searched, by ply (for move ordering) */
    int line[LINE_MAX]; /* the winning line as it is proven */
    /* df-pn: by ply, the move that last proved (attacker) or refuted (defender) a node
     * there; tried first, since a sibling line often falls to the same move (measured
     * with the work-based table: the win puzzles at 3M nodes 9 -> 11 proven, 22.6M ->
     * 21.4M nodes; the 456 match positions 130 -> 129 wins, 14.65M -> 14.69M nodes;
     * the save puzzles' non-answers at 1M 823 -> 827 proven; either side alone less). */
    short killer[LINE_MAX];
} ctx;

static double elapsed_ms(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) * 1000.0 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* The search has to give up: budget spent, stop asked, or out of time. Cheap checks
 * every node, the atomic and the clock every 1024 nodes. */
static int out_of_work(ctx *c)
{
    if (c->aborted)
        return 1;
    if (c->nodes >= c->budget) {
        c->aborted = 1;
        return 1;
    }
    if (c->nodes >= c->next_check) {
        c->next_check = c->nodes + 1024;
        if (c->stop && atomic_load_explicit(c->stop, memory_order_relaxed))
            c->aborted = 1;
        else if (c->deadline_ms > 0 && elapsed_ms(&c->start) >= c->deadline_ms)
            c->aborted = 1;
    }
    return c->aborted;
}

/* ---- board access ---------------------------------------------------------------- */

static int play(ctx *c, int idx)
{
    board *b = c->b;
    box *o = &c->boxes[c->sp], *n = &c->boxes[c->sp + 1];
    int x = board_x(b, idx), y = board_y(b, idx);
    /* Cells that can get a pattern from this stone lie within five steps of it. */
    n->x0 = x - 5 < o->x0 ? (x - 5 < 0 ? 0 : x - 5) : o->x0;
    n->y0 = y - 5 < o->y0 ? (y - 5 < 0 ? 0 : y - 5) : o->y0;
    n->x1 = x + 5 > o->x1 ? (x + 5 >= b->size ? b->size - 1 : x + 5) : o->x1;
    n->y1 = y + 5 > o->y1 ? (y + 5 >= b->size ? b->size - 1 : y + 5) : o->y1;
    c->sp++;
    c->nodes++;
    gomoku__board_make_lite(b, idx);
    return b->state;
}

static void unplay(ctx *c)
{
    c->sp--;
    gomoku__board_unmake_lite(c->b);
}

/* Plays idx for `side` although the other side is to move (a null move for the side to
 * move), for probing what a threat would do. Undo with null_unplay(). */
static int null_play(ctx *c, int idx, int side)
{
    board *b = c->b;
    b->side = side;
    b->hash ^= b->zobrist_side;
    return play(c, idx);
}

static void null_unplay(ctx *c)
{
    board *b = c->b;
    unplay(c);
    b->side = 3 - b->side;
    b->hash ^= b->zobrist_side;
}

static int has_five_point(const board *b, int s) { return b->ncls[s - 1][K_FIVE] > 0; }

/* Cells of class >= kmin for side s inside the scan box, at most cap. The board's class
 * counts say how many there are, so the scan stops as soon as it has them all. */
static int scan_class(const ctx *c, int s, int kmin, short *out, int cap)
{
    const board *b = c->b;
    const box *bx = &c->boxes[c->sp];
    int want = 0;
    for (int k = kmin; k < K_NUM; k++)
        want += b->ncls[s - 1][k];
    if (want > cap)
        return -1;
    int n = 0;
    /* Five points are nearly always new: made by the last stone, on one of its lines
     * within four steps. When those are all of them, they are returned in the scan's
     * order (by index), without the scan. */
    if (kmin == K_FIVE && want > 0 && b->nmoves > 0) {
        int last = b->moves[b->nmoves - 1];
        for (int d = 0; d < NDIR; d++) /* a cell is on one line through `last` at most */
            for (int i = -4; i <= 4; i++) {
                int q = last + i * b->dir_step[d];
                if (i != 0 && n < want && b->cell[q] == C_EMPTY && b->cls[q][s - 1] == K_FIVE)
                    out[n++] = (short)q;
            }
        if (n == want) {
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
                    short tmp = out[j];
                    out[j] = out[j - 1];
                    out[j - 1] = tmp;
                }
            return n;
        }
        n = 0;
    }
    /* Four cells at a time: their eight class bytes as one word, the side's four bytes
     * compared with kmin at once (each byte is at most K_NUM, so adding 0x80 - kmin sets
     * its top bit exactly when it is kmin or more, and carries into nothing). A word may
     * reach up to three cells past the box's right edge, inside the padded board; those
     * have no class (a class needs a line with stones, all of which are in the box). */
    const uint64_t lanes = 0x0001000100010001ull;
    const uint64_t add = (uint64_t)(0x80 - kmin) * lanes;
    for (int y = bx->y0; y <= bx->y1 && n < want; y++) {
        int idx = board_index(b, bx->x0, y), end = idx + bx->x1 - bx->x0;
        for (; idx <= end && n < want; idx += 4) {
            uint64_t v;
            memcpy(&v, b->cls[idx], sizeof v);
            uint64_t hit = (((v >> (8 * (s - 1))) & 0xFF * lanes) + add) & 0x80 * lanes;
            for (; hit && n < want; hit &= hit - 1)
                out[n++] = (short)(idx + (gomoku__lowest_bit(hit) >> 4));
        }
    }
    return n;
}

/* VCT's attacking moves for side s: fours and open threes (class K_THREE or better),
 * and closed threes (a line pattern P_THREE) that threaten: after them s has a four-three
 * or open-four point (in caro an open-four point), which the defender must answer (see
 * three_defences()). Whether a move really threatens is settled at the defender's node;
 * a closed three that makes no such point is left out here, since the defender's node
 * would refute it at once. (When s has such a point already every closed three is kept:
 * the point usually stays.) */
static int scan_threats(const ctx *c, int s, short *out, int cap)
{
    const board *b = c->b;
    const box *bx = &c->boxes[c->sp];
    int shift = s == C_BLACK ? 0 : 4, n = 0;
    int kmin = c->caro ? K_OPEN_FOUR : K_FOUR_THREE, have = 0;
    for (int k = kmin; k < K_NUM; k++)
        have += b->ncls[s - 1][k];
    /* A closed three in any of the four directions, the cell's four pattern bytes read
     * as one word: the side's nibbles XOR P_THREE have a zero byte exactly when one of
     * them is P_THREE (the usual zero-byte test, exact as to whether there is one). */
    const uint32_t ones = 0x01010101u;
    for (int y = bx->y0; y <= bx->y1; y++) {
        int idx = board_index(b, bx->x0, y);
        for (int x = bx->x0; x <= bx->x1; x++, idx++) {
            int ok = b->cls[idx][s - 1] >= K_THREE;
            if (!ok) {
                uint32_t v;
                memcpy(&v, b->pat[idx], sizeof v);
                v = ((v >> shift) & 0x0F * ones) ^ (uint32_t)P_THREE * ones;
                if ((v - ones) & ~v & 0x80 * ones)
                    ok = have || gomoku__board_gives_class(b, idx, s, kmin);
            }
            if (ok) {
                if (n == cap)
                    return -1;
                out[n++] = (short)idx;
            }
        }
    }
    return n;
}

static int first_five_point(const ctx *c, int s)
{
    short f[CAND_MAX];
    return scan_class(c, s, K_FIVE, f, CAND_MAX) > 0 ? f[0] : -1;
}

static int contains(const short *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return 1;
    return 0;
}

/* The cells a stone could occupy to stop `threat`'s five points: the points themselves
 * and, in caro, the cell just beyond each end of each five they make (a five closed by
 * the opponent at both ends does not win there); a stone anywhere else leaves every
 * five as it was. Returns the count, -1 if more than cap. */
static int five_stoppers(const ctx *c, int threat, short *out, int cap)
{
    const board *b = c->b;
    short f[CAND_MAX];
    int nf = scan_class(c, threat, K_FIVE, f, CAND_MAX);
    if (nf < 0 || nf > cap)
        return -1;
    int n = 0;
    for (int i = 0; i < nf; i++)
        out[n++] = f[i];
    if (!c->caro)
        return n;
    for (int i = 0; i < nf; i++)
        for (int d = 0; d < NDIR; d++) {
            if (pat_of(b, f[i], d, threat) != P_FIVE)
                continue;
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                int step = sgn * b->dir_step[d], q = f[i] + step;
                while (b->cell[q] == threat)
                    q += step;
                if (b->cell[q] != C_EMPTY || contains(out, n, q))
                    continue;
                if (n == cap)
                    return -1;
                out[n++] = (short)q;
            }
        }
    return n;
}

/* The moves of the side to move that leave `threat` (the other side) without a five
 * point: tried on the board. Forbidden moves are left out (they lose); a move that fills
 * the board counts (a draw stops the threat too). Returns the count, -1 on overflow.
 * Outside caro no single stone stops two five points, so that case is answered at once. */
static int five_blocks(ctx *c, int threat, short *out, int cap)
{
    short cand[CAND_MAX];
    int nc = five_stoppers(c, threat, cand, CAND_MAX);
    if (nc < 0)
        return -1;
    if (!c->caro) {
        int nf = 0;
        for (int i = 0; i < nc; i++)
            nf += c->b->cls[cand[i]][threat - 1] == K_FIVE;
        if (nf >= 2)
            return 0;
        /* One five point: a stone there takes it, and a defender stone gives the
         * side with the five point no new one, so the block works unless it is illegal:
         * only black's in renju has to be tried on the board. */
        int renju = c->renju_att_black || c->renju_def_black;
        if (nc == 1 && !(renju && c->b->side == C_BLACK)) {
            if (cap < 1)
                return -1;
            out[0] = cand[0];
            return 1;
        }
    }
    int n = 0;
    for (int i = 0; i < nc; i++) {
        int st = play(c, cand[i]);
        int ok = st == GOMOKU_DRAW ||
                 (st == GOMOKU_ONGOING && !has_five_point(c->b, threat)) ||
                 (st != GOMOKU_ONGOING && !c->b->forbidden_loss); /* mover made five */
        unplay(c);
        if (ok) {
            if (n == cap)
                return -1;
            out[n++] = cand[i];
        }
    }
    return n;
}

/* ---- move ordering --------------------------------------------------------------- */

/* Closeness of idx to an earlier move: on one of its lines and near it is best, since a
 * new threat (or a defence) usually builds on the last move. */
static int proximity(const board *b, int idx, int last)
{
    if (last < 0)
        return 0;
    int dx = board_x(b, idx) - board_x(b, last), dy = board_y(b, idx) - board_y(b, last);
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int m = ax > ay ? ax : ay;
    if ((ax == 0 || ay == 0 || ax == ay) && m <= 4)
        return 10 - m;
    return m <= 2 ? 3 : 0;
}

static void order_moves(const ctx *c, short *mv, int n, int s, int last)
{
    int key[CAND_MAX];
    for (int i = 0; i < n; i++)
        key[i] = c->b->cls[mv[i]][s - 1] * 16 + proximity(c->b, mv[i], last);
    for (int i = 1; i < n; i++) {
        short m = mv[i];
        int k = key[i], j = i - 1;
        while (j >= 0 && key[j] < k) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
            j--;
        }
        mv[j + 1] = m;
        key[j + 1] = k;
    }
}

/* ---- transposition table ----------------------------------------------------------- */

static tt_slot *tt_find(ctx *c, uint64_t key)
{
    if (!c->tt) {
        /* Most calls (leaf checks of the main search) end within a few nodes; the table
         * is only worth allocating once a search is under way. */
        if (c->tt_tried || c->nodes < 64)
            return NULL;
        c->tt_tried = 1;
        /* About one slot per four nodes of budget: small calls stay cheap to set up. */
        size_t want = 1024;
        while (want < (size_t)c->budget / 4 && want < ((size_t)1 << 18))
            want <<= 1;
        c->tt = calloc(want, sizeof *c->tt);
        if (!c->tt)
            return NULL;
        c->tt_mask = want - 1;
    }
    return &c->tt[key & c->tt_mask];
}

static void tt_store(ctx *c, uint64_t key, int depth, int len)
{
    if (c->aborted)
        return;
    tt_slot *s = tt_find(c, key);
    if (!s)
        return;
    s->key = key;
    s->depth = (int16_t)depth;
    s->len = (int16_t)len;
    s->used = 1;
}

/* ---- the search ------------------------------------------------------------------- */

static int attack(ctx *c, int ply, int depth, int vct, int need_line);
static int attack_moves(ctx *c, int ply, int depth, int vct, int need_line, uint64_t key);

/* Defender to move, the attacker has five points and nothing stops them: writes the end
 * of the line (the defender occupies a five point, the attacker plays another) and
 * returns its length. When every five point is forbidden for black, the line shows black
 * playing some legal move elsewhere instead. Returns 0 if no such line can be shown. */
static int finish_line(ctx *c, int ply)
{
    short f[CAND_MAX];
    int nf = scan_class(c, c->att, K_FIVE, f, CAND_MAX);
    for (int pass = 0; pass < 2; pass++) {
        const box *bx = &c->boxes[c->sp];
        int n = pass == 0 ? nf : (bx->x1 - bx->x0 + 1) * (bx->y1 - bx->y0 + 1);
        for (int i = 0; i < n; i++) {
            int x = pass == 0 ? f[i]
                              : board_index(c->b, bx->x0 + i % (bx->x1 - bx->x0 + 1),
                                            bx->y0 + i / (bx->x1 - bx->x0 + 1));
            if (c->b->cell[x] != C_EMPTY)
                continue;
            int st = play(c, x);
            int g = st == GOMOKU_ONGOING ? first_five_point(c, c->att) : -1;
            unplay(c);
            if (g >= 0) {
                c->line[ply] = x;
                c->line[ply + 1] = g;
                return ply + 2;
            }
        }
    }
    return 0;
}

/* Would one more stone fill the board (a draw, which no threat survives)? The threat
 * shapes worked out without playing the threat assume it would not. */
static int settles_board(const board *b) { return b->nmoves + 1 >= b->size * b->size; }

/* Adds the empty cell q to the set w[0 .. *n - 1] unless it is there; -1 on overflow. */
static int add_cell(short *w, int *n, int cap, int q)
{
    if (contains(w, *n, q))
        return 0;
    if (*n == cap)
        return -1;
    w[(*n)++] = (short)q;
    return 0;
}

/*
 * Black in renju, after its four-three stone at t and white's block at f (t played with a
 * null move, white to move): does the three along direction d then give black a straight
 * four, and is every point g that makes one legal, with nothing of three or more on its
 * other lines? Such a g stays legal whatever white stones are added (white stones take
 * lines from black but never give it a three, a four or an overline), so white can stop
 * the threat only on the three's own line, which W(t) holds: a white stone there that
 * leaves t a four-three leaves it some such g. A g with more on its other lines could be
 * forbidden already, or become so by the recursive three rule after a distant white
 * stone; then t does not count as a threat.
 */
static int renju_open_four_follows(ctx *c, int t, int f, int d)
{
    board *b = c->b;
    int A = c->att, found = 0, bad = 0;
    int q[40], dir[40], off[40];
    if (play(c, f) != GOMOKU_ONGOING) {
        unplay(c);
        return 0;
    }
    int nq = gomoku__line_cells(b, t, 4, q, dir, off);
    for (int k = 0; k < nq && !bad; k++) {
        int g = q[k];
        if (dir[k] != d || pat_of(b, g, d, A) != P_OPEN_FOUR)
            continue;
        for (int e = 0; e < NDIR; e++)
            bad |= e != d && pat_of(b, g, e, A) >= P_OPEN_THREE;
        if (!bad) {
            bad = play(c, g) != GOMOKU_ONGOING; /* an overline: forbidden */
            unplay(c);
            found++;
        }
    }
    unplay(c);
    return found > 0 && !bad;
}

/*
 * W(t) of an attacker four-three point t (see the file comment), or -1 when t is no
 * threat. Playing t makes a four, whose five point f the defender must take, and an open
 * three, which then becomes an open four. A defender stone stops that only on t; on one
 * of t's lines where it leaves t less than a four-three (looked up exactly from t's
 * keys); on f; or on one of f's lines where it would make the block at f a four of the
 * defender's, which wins the tempo back. A stone anywhere else changes none of these
 * shapes, and the defender's fours, which could, are answers of their own. When the
 * block at f already makes a defender four, t threatens nothing. For black in renju,
 * only a t that no white stone far away can make forbidden counts (see the file
 * comment). Not used in caro.
 */
static int four_three_stoppers(ctx *c, int t, short *w, int cap)
{
    board *b = c->b;
    int A = c->att, D = c->def, n = 0;
    int three_dir = -1;
    if (c->renju_att_black) {
        /* Exactly the four and the three: no white stone can then make t forbidden. */
        int strong = 0;
        for (int d = 0; d < NDIR; d++) {
            int p = pat_of(b, t, d, A);
            strong += p >= P_OPEN_THREE;
            if (p == P_OPEN_THREE)
                three_dir = d;
        }
        if (strong != 2 || three_dir < 0)
            return -1;
    }
    uint32_t nib = gomoku__pattern_nibbles(b, t, A);
    int q[40], dir[40], off[40];
    w[n++] = (short)t;
    int nq = gomoku__line_cells(b, t, 5, q, dir, off);
    for (int k = 0; k < nq; k++)
        if (gomoku__class_with_stone(b, t, dir[k], off[k], A - 1, nib) < K_FOUR_THREE &&
            add_cell(w, &n, cap, q[k]) < 0)
            return -1;
    /* A t that fills the board draws; a defender with a five point wins first. */
    if (settles_board(b) || has_five_point(b, D))
        return -1;
    /* The shapes after t are looked up from the keys, with t filled in where it lies on a
     * line, instead of playing t (measured with the skipped plays counted as nodes:
     * `make vct-bench` gives the same node counts on all three sets; on the 456 match
     * positions at 200k nodes 24.2G -> 22.4G instructions, tactics line 43 7.59G ->
     * 7.36G, with open_four_stoppers()). */
    short fp[2];
    int fd[2], fo[2];
    if (gomoku__board_fives_after(b, t, A, fp, fd, fo, 2) != 1)
        return -1;
    int f = fp[0], df = fd[0];
    uint32_t tbit = (uint32_t)A << (2 * slot_of(-fo[0])); /* t in f's key along df */
    for (int d = 0; d < NDIR; d++)
        if ((d == df ? gomoku__pattern_plus(b, f, d, tbit, D) : pat_of(b, f, d, D)) >= P_FOUR)
            return -1;
    nq = gomoku__line_cells(b, f, 4, q, dir, off);
    for (int k = 0; k < nq; k++) {
        if (q[k] == t)
            continue;
        uint32_t add = (uint32_t)D << (2 * slot_of(off[k])) | (dir[k] == df ? tbit : 0);
        if (gomoku__pattern_plus(b, f, dir[k], add, D) >= P_FOUR &&
            add_cell(w, &n, cap, q[k]) < 0)
            return -1;
    }
    if (three_dir >= 0) {
        /* Black in renju: t must be legal, and so must the straight fours that follow. */
        int ok = null_play(c, t, A) == GOMOKU_ONGOING &&
                 renju_open_four_follows(c, t, f, three_dir);
        null_unplay(c);
        if (!ok)
            return -1;
    }
    return add_cell(w, &n, cap, f) < 0 ? -1 : n;
}

/*
 * W(t) of an attacker open-four point t (a stone there makes an open four or a double
 * four), or -1 when t is no threat: t and the five points the stone creates (in caro
 * also the cells beyond their ends). For black in renju t counts only when its four is
 * its only line of three or more, so that no white stone can make it forbidden.
 */
static int open_four_stoppers(ctx *c, int t, short *w, int cap)
{
    board *b = c->b;
    int A = c->att, D = c->def, nw = -1;
    if (c->renju_att_black) {
        int strong = 0;
        for (int d = 0; d < NDIR; d++)
            strong += pat_of(b, t, d, A) >= P_OPEN_THREE;
        if (strong != 1)
            return -1;
    }
    if (settles_board(b) || has_five_point(b, D))
        return -1;
    if (c->caro) {
        /* A stone beyond a five's end can stop it: the blocks are tried on the board. */
        null_play(c, t, A);
        short blk[CAND_MAX];
        if (five_blocks(c, A, blk, CAND_MAX) == 0) {
            int ns = five_stoppers(c, A, w + 1, cap - 1);
            if (ns >= 0) {
                w[0] = (short)t;
                nw = ns + 1;
            }
        }
        null_unplay(c);
        return nw;
    }
    /* Without playing t, as in four_three_stoppers(). */
    if (c->renju_att_black && gomoku__black_forbidden(b, t))
        return -1;
    short f[CAND_MAX];
    int fd[CAND_MAX], fo[CAND_MAX];
    int nf = gomoku__board_fives_after(b, t, A, f, fd, fo, cap - 1);
    if (nf < 2)
        return -1;
    w[0] = (short)t;
    memcpy(w + 1, f, (size_t)nf * sizeof *f);
    return nf + 1;
}

/* Defender to move, the attacker has no five point: the defences against its threes
 * and four-three points (see the file comment), written to out. Returns their count, or
 * -1 when the attacker has no such threat or the list overflows. *spare receives a cell
 * for the defender to play when nothing defends (the line must show some move). */
static int three_defences(ctx *c, short *out, int cap, int *spare)
{
    board *b = c->b;
    int A = c->att, D = c->def;
    short cand[CAND_MAX], inter[CAND_MAX], w[CAND_MAX];
    int four_three = !c->caro;
    int nc = scan_class(c, A, four_three ? K_FOUR_THREE : K_OPEN_FOUR, cand, CAND_MAX);
    if (nc <= 0)
        return -1;
    int nt = 0, ni = 0;
    *spare = -1;
    for (int i = 0; i < nc; i++) {
        int t = cand[i];
        int nw = b->cls[t][A - 1] == K_FOUR_THREE ? four_three_stoppers(c, t, w, CAND_MAX)
                                                  : open_four_stoppers(c, t, w, CAND_MAX);
        if (nw < 0)
            continue;
        if (nt == 0) {
            memcpy(inter, w, (size_t)nw * sizeof *w);
            ni = nw;
            *spare = t;
        } else {
            int k = 0;
            for (int j = 0; j < ni; j++)
                if (contains(w, nw, inter[j]))
                    inter[k++] = inter[j];
            ni = k;
        }
        nt++;
    }
    if (nt == 0)
        return -1;
    short fours[CAND_MAX];
    int n4 = scan_class(c, D, K_FOUR, fours, CAND_MAX);
    if (n4 < 0 || n4 + ni > cap)
        return -1;
    memcpy(out, fours, (size_t)n4 * sizeof *fours);
    int n = n4;
    for (int i = 0; i < ni; i++)
        if (!contains(fours, n4, inter[i]))
            out[n++] = inter[i];
    return n;
}

/* The defender's moves at a defender node, ordered, into defs. Returns their number; 0
 * when the attacker has five points that no move stops (finish_line() shows the end);
 * -1 when the attacker's last move needs no answer, or the defender wins first, or the
 * lists overflow (all of which make the attacker's move fail).
 * A counter-VCF of the defender's needs no probe of its own here: its first four is one
 * of the defences, so the search finds it as it goes. (A probe of up to 2,000 nodes at
 * every defender node was measured and dropped: without it the 456 positions of the
 * freestyle match games at 487k nodes each give 128 wins instead of 126 for 7% fewer
 * nodes, and the refutations of the wrong answers to save lines 50 and 57 take 1.1-2.4x
 * fewer nodes.) */
static int defender_list(ctx *c, int vct, short *defs)
{
    board *b = c->b;
    if (has_five_point(b, c->def))
        return -1;
    int n;
    if (has_five_point(b, c->att)) {
        n = five_blocks(c, c->att, defs, CAND_MAX);
        if (n <= 0)
            return n;
    } else {
        if (!vct)
            return -1;
        int spare;
        n = three_defences(c, defs, CAND_MAX, &spare);
        if (n < 0)
            return -1;
        if (c->renju_def_black) {
            /* A forbidden answer loses at once: it is no defence. */
            int k = 0;
            for (int i = 0; i < n; i++) {
                int st = play(c, defs[i]);
                int legal = !(st != GOMOKU_ONGOING && b->forbidden_loss);
                unplay(c);
                if (legal)
                    defs[k++] = defs[i];
            }
            n = k;
        }
        if (n == 0) {
            /* Nothing defends; show the defender blocking one threat anyway, and prove
             * the rest like any other line (so this shortcut claims nothing unproven). */
            if (spare < 0)
                return -1;
            int st = play(c, spare);
            int legal = !(st != GOMOKU_ONGOING && b->forbidden_loss);
            unplay(c);
            if (!legal)
                return -1;
            defs[0] = (short)spare;
            n = 1;
        }
    }
    return n;
}

/* Orders the n moves of the node at ply (the attacker's at even plies) by their class
 * and by how close they are to the side's last move. */
static void order_at(const ctx *c, int ply, short *mv, int n)
{
    if (ply % 2 == 0)
        order_moves(c, mv, n, c->att, ply >= 2 ? c->path[ply - 2] : -1);
    else
        order_moves(c, mv, n, c->def, ply >= 1 ? c->path[ply - 1] : -1);
}

static int defender_moves(ctx *c, int ply, int vct, short *defs)
{
    int n = defender_list(c, vct, defs);
    if (n > 0)
        order_at(c, ply, defs, n);
    return n;
}

/* Defender to move after an attacker move. Returns the length of the attacker's win
 * against every defence (the line shows the defence that holds out longest), or 0. */
static int defend(ctx *c, int ply, int depth, int vct, int need_line)
{
    board *b = c->b;
    if (out_of_work(c))
        return 0;
    short defs[CAND_MAX];
    int n = defender_moves(c, ply, vct, defs);
    if (n < 0)
        return 0;
    if (n == 0)
        return finish_line(c, ply);
    /* Every defence must lose. The line shows the one that holds out longest: the
     * branches are searched without lines first (transpositions may answer them), then
     * that one again with its line. */
    int res = 0, hardest = -1;
    for (int i = 0; i < n; i++) {
        int st = play(c, defs[i]);
        if (st != GOMOKU_ONGOING) {
            int forbidden = b->forbidden_loss;
            unplay(c);
            if (!forbidden)
                return 0; /* a draw (or a defender five, which cannot happen here) */
            continue;     /* a forbidden answer by black loses: no defence */
        }
        c->path[ply] = defs[i];
        int r = attack(c, ply + 1, depth, vct, need_line && n == 1);
        unplay(c);
        if (!r)
            return 0;
        if (r > res) {
            res = r;
            hardest = i;
        }
    }
    if (hardest < 0)
        return 0;
    if (need_line && n > 1) {
        play(c, defs[hardest]);
        c->path[ply] = defs[hardest];
        res = attack(c, ply + 1, depth, vct, 1);
        unplay(c);
    }
    if (res)
        c->line[ply] = defs[hardest];
    return res;
}

/* The attacker's candidate moves, ordered: the blocks of the defender's five points when
 * it has any, else its fours (VCF) or threats (VCT). None when there are too many to list
 * (giving up on a node claims nothing). */
static int attacker_list(ctx *c, int vct, short *mv)
{
    board *b = c->b;
    int n;
    if (has_five_point(b, c->def))
        n = five_blocks(c, c->def, mv, CAND_MAX);
    else if (vct)
        n = scan_threats(c, c->att, mv, CAND_MAX);
    else
        n = scan_class(c, c->att, K_FOUR, mv, CAND_MAX);
    return n < 0 ? 0 : n;
}

static int attacker_moves(ctx *c, int ply, int vct, short *mv)
{
    int n = attacker_list(c, vct, mv);
    order_at(c, ply, mv, n);
    return n;
}

/* Attacker to move with at most `depth` attacker moves left (the five included). */
static int attack(ctx *c, int ply, int depth, int vct, int need_line)
{
    board *b = c->b;
    if (depth < 1 || ply >= LINE_MAX - 2) {
        c->depth_cut = 1;
        return 0;
    }
    if (has_five_point(b, c->att)) {
        c->line[ply] = first_five_point(c, c->att);
        return ply + 1;
    }
    if (depth < 2) {
        c->depth_cut = 1;
        return 0;
    }
    if (out_of_work(c))
        return 0;
    uint64_t key = b->hash ^ (vct ? SALT_VCT : SALT_VCF);
    tt_slot *s = tt_find(c, key);
    if (s && s->used && s->key == key) {
        /* A win counts only within the depth it was proven with, so that the line of
         * the hardest defence, searched again below, is found again. */
        if (s->len > 0 && !need_line && s->depth <= depth)
            return ply + s->len;
        if (s->len == 0 && s->depth >= depth) {
            c->depth_cut |= s->depth != DEPTH_ANY;
            return 0;
        }
    }
    int outer_cut = c->depth_cut;
    c->depth_cut = 0;
    int r = attack_moves(c, ply, depth, vct, need_line, key);
    if (!r && !c->aborted)
        tt_store(c, key, c->depth_cut ? depth : DEPTH_ANY, 0);
    c->depth_cut |= outer_cut;
    return r;
}

static int attack_moves(ctx *c, int ply, int depth, int vct, int need_line, uint64_t key)
{
    board *b = c->b;
    if (vct) {
        int r = attack(c, ply, depth, 0, need_line);
        if (r || c->aborted)
            return r;
    }
    short mv[CAND_MAX];
    int n = attacker_moves(c, ply, vct, mv);
    for (int i = 0; i < n; i++) {
        if (play(c, mv[i]) != GOMOKU_ONGOING || (!vct && !has_five_point(b, c->att))) {
            unplay(c); /* forbidden, a draw, or (VCF) a block that is no four */
            continue;
        }
        c->path[ply] = mv[i];
        int r = defend(c, ply + 1, depth - 1, vct, need_line);
        unplay(c);
        if (c->aborted)
            return 0;
        if (r) {
            c->line[ply] = mv[i];
            tt_store(c, key, depth, r - ply);
            return r;
        }
    }
    return 0;
}

/* ---- depth-first proof-number search (VCT) ---------------------------------------- */

/*
 * df-pn: a depth-first form of proof-number search. The proof number of a node is how
 * many leaves still have to be proven to prove it, the disproof number how many to
 * refute it; the search always works below the child that most cheaply settles its
 * parent, within thresholds, and keeps the numbers in a table, so transpositions are
 * shared. VCT trees are very uneven (a four has one answer, a three a handful), and this
 * follows narrow forcing lines deep before wide ones. Nodes are generated exactly as in
 * the depth-first search, so a proof is sound for the same reasons; a proof number 0 is
 * stored only for a proven node.
 */

#define PN_INF 0x3fffffffu
#define DF_VCF_NODES 300
#define SALT_DF_OR 0x2545f4914f6cdd1dull
#define SALT_DF_AND 0x9fb21c651e98df25ull

typedef struct df_slot {
    uint64_t key;
    uint64_t v; /* pn (30 bits), dn (30 bits), work: log2 of the nodes spent below (4) */
} df_slot;

/* The move cache: a node's moves as generated on its first expansion, before they are
 * ordered, so that entering it again (df-pn does, each time it comes back to a subtree)
 * skips the generators, which try threats and blocks on the board. A move list depends
 * only on the position (the scan box always covers every cell with a class), and the
 * order is made again from the path, so the search is the same with or without it;
 * only the generators' trial stones are no longer counted as nodes. One entry (64
 * bytes, up to MC_MOVES moves) per MC_PER_SLOT table slots, overwritten on collision.
 * Measured with `make vct-bench`, the best of 3 runs: win puzzles at 3M 4.89 -> 4.51 s,
 * 456 match positions 3.92 -> 3.69 s, the 898 refutations 15.9 -> 14.1 s, the same
 * wins (12, 133, 828); tactics line 43 with the nodes counted as before, the same
 * 2,233,562 nodes in 689 ms instead of 745 (best of 5). One entry per 4 slots (16 MB)
 * was no faster, one per 64 about as fast on two sets of three. */
#define MC_MOVES 27
#define MC_PER_SLOT 16
typedef struct mc_entry {
    uint64_t key;
    int16_t n;
    short mv[MC_MOVES];
} mc_entry;

typedef struct df_table {
    df_slot *s;
    size_t mask;
    mc_entry *mc;
    size_t mc_mask;
} df_table;

static uint32_t pn_add(uint32_t a, uint32_t b) { return a + b >= PN_INF ? PN_INF : a + b; }

/* Four slots per key, in one aligned group: a lookup finds the entry in any of them.
 * Returns the entry's work (0 when absent). */
static int df_get(const df_table *t, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    const df_slot *g = &t->s[key & t->mask & ~(size_t)3];
    for (int i = 0; i < 4; i++) {
        if (g[i].key == key) {
            *pn = (uint32_t)(g[i].v & PN_INF);
            *dn = (uint32_t)(g[i].v >> 30 & PN_INF);
            return (int)(g[i].v >> 60) + 1;
        }
    }
    *pn = *dn = 1;
    return 0;
}

/* Stores in the key's own slot if present, else in an empty one, else over the entry
 * with the least work below it (the cheapest to find again). Before, the victim was the
 * entry with the smallest numbers, settled ones kept: but most settled entries are leaves
 * settled in one node (measured: tactics line 43, 6.58M -> 6.12M nodes; the
 * benchmarks below the table's size are unchanged). */
static void df_put(df_table *t, uint64_t key, uint32_t pn, uint32_t dn, long long work)
{
    df_slot *g = &t->s[key & t->mask & ~(size_t)3], *victim = &g[0];
    for (int i = 0; i < 4; i++) {
        if (g[i].key == key || g[i].key == 0) {
            victim = &g[i];
            break;
        }
        if (g[i].v >> 60 < victim->v >> 60)
            victim = &g[i];
    }
    uint64_t w = 0;
    while (w < 15 && work >> (w + 1) > 0)
        w++;
    victim->key = key;
    victim->v = (uint64_t)pn | (uint64_t)dn << 30 | w << 60;
}

/* The cached moves of the position with this key, or -1. The cells are checked to be
 * empty, so that even a key collision cannot put a stone on a stone. */
static int mc_get(const df_table *t, const board *b, uint64_t key, short *mv)
{
    const mc_entry *m = &t->mc[key & t->mc_mask];
    if (m->key != key)
        return -1;
    for (int i = 0; i < m->n; i++) {
        if (b->cell[m->mv[i]] != C_EMPTY)
            return -1;
        mv[i] = m->mv[i];
    }
    return m->n;
}

static void mc_put(df_table *t, uint64_t key, const short *mv, int n)
{
    if (n > MC_MOVES)
        return;
    mc_entry *m = &t->mc[key & t->mc_mask];
    m->key = key;
    m->n = (int16_t)n;
    memcpy(m->mv, mv, (size_t)n * sizeof *mv);
}

/* Moves m to the front of mv, when it is there. */
static void promote(short *mv, int n, int m)
{
    for (int i = 1; i < n; i++)
        if (mv[i] == m) {
            memmove(mv + 1, mv, (size_t)i * sizeof *mv);
            mv[0] = (short)m;
            return;
        }
}

/* A depth-first VCF of the side to move from ply on a budget of its own; the line, when
 * asked for, goes to c->line from ply. */
static int vcf_probe(ctx *c, int ply, int depth, long long sub, int need_line)
{
    long long budget = c->budget;
    if (c->budget - c->nodes > sub)
        c->budget = c->nodes + sub;
    int cut = c->depth_cut;
    int r = attack(c, ply, depth, 0, need_line);
    c->depth_cut = cut;
    int sub_abort = c->aborted && c->nodes >= c->budget && c->budget < budget;
    c->budget = budget;
    if (sub_abort)
        c->aborted = 0;
    return r;
}

/* Settles a node from its position when it can: 1 proven, -1 disproven; 0 with its
 * moves (children) in mv[0 .. *n - 1]. An attacker node seen before (its numbers are in
 * the table) skips the VCF probe, which failed the first time: it is a shortcut only,
 * since every four that starts such a VCF is among the node's children (measured with
 * the defender's counter-VCF probe that defender_moves() then had: 2.4% fewer nodes on
 * the 456 positions of the freestyle match games at 487k nodes each, the same 126 wins;
 * 13% fewer on an 11-ply win that needs 2.2M). */
static int df_eval(ctx *c, df_table *t, uint64_t key, int ply, int max_plies, int seen,
                   short *mv, int *n)
{
    board *b = c->b;
    if (seen && (*n = mc_get(t, b, key, mv)) >= 0) {
        order_at(c, ply, mv, *n);
        promote(mv, *n, c->killer[ply]);
        return 0;
    }
    if (ply % 2 == 0) { /* attacker to move */
        if (b->state != GOMOKU_ONGOING)
            return b->forbidden_loss ? 1 : -1; /* black's forbidden answer; a draw */
        if (has_five_point(b, c->att))
            return 1;
        int depth = (max_plies - ply + 1) / 2;
        if (depth < 2)
            return -1;
        if (!seen && vcf_probe(c, ply, depth, DF_VCF_NODES, 0))
            return 1;
        *n = attacker_list(c, 1, mv);
        if (*n <= 0)
            return -1;
    } else {
        if (b->state != GOMOKU_ONGOING)
            return -1; /* the attacker's move was forbidden, or drew */
        *n = defender_list(c, 1, mv);
        if (*n <= 0)
            return *n < 0 ? -1 : 1;
    }
    if (!c->aborted)
        mc_put(t, key, mv, *n);
    order_at(c, ply, mv, *n);
    promote(mv, *n, c->killer[ply]);
    return 0;
}

static uint64_t df_key(const board *b, int ply)
{
    return b->hash ^ (ply % 2 == 0 ? SALT_DF_OR : SALT_DF_AND);
}

static uint64_t df_child_key(const board *b, int ply, int m)
{
    return b->hash ^ b->zobrist[b->side - 1][m] ^ b->zobrist_side ^
           (ply % 2 == 0 ? SALT_DF_AND : SALT_DF_OR);
}

static void df_mid(ctx *c, df_table *t, int ply, int max_plies, uint32_t thpn, uint32_t thdn)
{
    board *b = c->b;
    uint64_t key = df_key(b, ply);
    short mv[CAND_MAX];
    int n = 0;
    long long start = c->nodes++;
    uint32_t pn, dn;
    int seen = df_get(t, key, &pn, &dn);
    long long work = seen ? 1LL << (seen - 1) : 0;
    int e = df_eval(c, t, key, ply, max_plies, seen, mv, &n);
    if (e || c->aborted) {
        if (e)
            df_put(t, key, e > 0 ? 0 : PN_INF, e > 0 ? PN_INF : 0, work + c->nodes - start);
        return;
    }
    int is_or = ply % 2 == 0;
    uint64_t ck[CAND_MAX];
    /* The children's table groups are fetched all at once, ahead of their reads below
     * (perf, tactics line 43: df_get() 9.5% -> 4.6% of the time, df_mid() 5.6% -> 7.0%). */
    for (int i = 0; i < n; i++) {
        ck[i] = df_child_key(b, ply, mv[i]);
#if defined(__GNUC__)
        __builtin_prefetch(&t->s[ck[i] & t->mask & ~(size_t)3]);
#endif
    }
    /* The children's numbers are read from the table once; then only the child just
     * searched can have changed (others only through a transposition, seen when the
     * node is entered again). Reading them all on every pass was a fifth of the
     * solver's time (vct-bench: 3-5% less time for the same nodes, within 0.2%). */
    uint32_t ccp[CAND_MAX], ccd[CAND_MAX];
    /* Black's forbidden points (renju) stay among the attacker's moves, as losses found
     * when they come up, without playing them. A table entry is never read for one:
     * it could be that of the same stones reached in another order, all of whose moves
     * were legal, which would make a proof through an illegal move (the line could not
     * show it, so such a win was proven and not reported), and playing the move would
     * overwrite that position's own numbers with a loss. */
    int check_legal = is_or && c->renju_att_black;
    for (int i = 0; i < n; i++) {
        df_get(t, ck[i], &ccp[i], &ccd[i]);
        if (check_legal && ccp[i] == 0 && gomoku__black_forbidden(b, mv[i])) {
            ccp[i] = PN_INF;
            ccd[i] = 0;
        }
    }
    int best = -1, searched = -1;
    for (;;) {
        if (searched >= 0)
            df_get(t, ck[searched], &ccp[searched], &ccd[searched]);
        best = searched = -1;
        uint32_t bv = PN_INF + 1, second = PN_INF, bpn = 1, bdn = 1;
        uint32_t dmax = 0, dopen = 0;
        pn = is_or ? PN_INF : 0;
        dn = is_or ? 0 : PN_INF;
        for (int i = 0; i < n; i++) {
            uint32_t cp = ccp[i], cd = ccd[i];
            uint32_t v = is_or ? cp : cd;
            if (is_or) {
                pn = cp < pn ? cp : pn;
                dmax = cd > dmax ? cd : dmax;
                dopen += cd != 0;
            } else {
                pn = pn_add(pn, cp);
                dn = cd < dn ? cd : dn;
            }
            if (v < bv) {
                second = bv;
                bv = v;
                best = i;
                bpn = cp;
                bdn = cd;
            } else if (v < second) {
                second = v;
            }
        }
        /* The attacker's moves transpose into each other (the same threats in another
         * order), so summing their disproof numbers counts shared subtrees many times.
         * An attacker node takes the largest of them plus one for each other open move
         * instead (as weak proof-number search does; measured: the win puzzles at 3M
         * nodes 11 proven both ways, 20.1M nodes instead of 21.4M; the 456 match
         * positions at 487k 131 wins instead of 129, 14.2M nodes instead of 14.7M; the
         * opponent's wins after the 898 near non-answers of the save puzzles at 1M
         * nodes, 825 proven instead of 827, 56.3M nodes instead of 59.6M. The same for
         * the proof numbers of defender nodes proved fewer: 811-814 of the 898). */
        if (is_or)
            dn = dmax >= PN_INF ? PN_INF : dmax == 0 ? 0 : pn_add(dmax, dopen - 1);
        if (pn >= thpn || dn >= thdn || out_of_work(c) || best < 0)
            break;
        uint32_t cthpn, cthdn;
        /* The child may work until its number passes the second best by a quarter (the
         * 1+epsilon trick of Pawlewicz and Lew), not by one: fewer switches between
         * siblings of nearly equal numbers, each of which rebuilds a subtree the table
         * may have lost (measured: the 456 match positions at 487k nodes 128 -> 130
         * wins, 15.8M -> 14.7M nodes; an epsilon of 1/2 or 1/8 did less; starting the
         * proof number of an unknown three at 2 or 3 instead of 1, so that fours go
         * first, gave 129 and 132 wins for 2% and 5% more nodes). */
        uint32_t grow = pn_add(second, second / 4 + 1);
        if (is_or) {
            cthpn = thpn < grow ? thpn : grow;
            cthdn = thdn - dn + bdn;
        } else {
            cthdn = thdn < grow ? thdn : grow;
            cthpn = thpn - pn + bpn;
        }
        if (check_legal && gomoku__black_forbidden(b, mv[best])) {
            ccp[best] = PN_INF;
            ccd[best] = 0;
            c->nodes++;
            continue;
        }
        c->path[ply] = mv[best];
        play(c, mv[best]);
        df_mid(c, t, ply + 1, max_plies, cthpn, cthdn);
        unplay(c);
        searched = best;
    }
    if ((is_or ? pn : dn) == 0)
        c->killer[ply] = mv[best]; /* the child that settled the node */
    df_put(t, key, pn, dn, work + c->nodes - start);
}

/* Writes the proven line: at attacker nodes a proven move, at defender nodes a proven
 * answer (falling back on the depth-first search where the table lost an entry). */
static int df_line(ctx *c, df_table *t, int ply, int max_plies)
{
    board *b = c->b;
    short mv[CAND_MAX];
    int n = 0;
    if (ply % 2 == 0) {
        if (has_five_point(b, c->att)) {
            c->line[ply] = first_five_point(c, c->att);
            return ply + 1;
        }
        int depth = (max_plies - ply + 1) / 2;
        int r = vcf_probe(c, ply, depth, 4 * DF_VCF_NODES, 1);
        if (r || c->aborted)
            return r;
        n = attacker_moves(c, ply, 1, mv);
    } else {
        n = defender_moves(c, ply, 1, mv);
        if (n == 0)
            return finish_line(c, ply);
    }
    for (int i = 0; i < n; i++) {
        uint32_t cp, cd;
        df_get(t, df_child_key(b, ply, mv[i]), &cp, &cd);
        if (cp != 0)
            continue;
        if (play(c, mv[i]) != GOMOKU_ONGOING) {
            unplay(c);
            continue;
        }
        c->path[ply] = mv[i];
        int r = df_line(c, t, ply + 1, max_plies);
        unplay(c);
        if (r) {
            c->line[ply] = mv[i];
            return r;
        }
    }
    /* The table lost this part of the proof: search it again depth-first. */
    if (ply % 2 == 0)
        return attack(c, ply, (max_plies - ply + 1) / 2, 1, 1);
    return defend(c, ply, (max_plies - ply) / 2, 1, 1);
}

#define DF_SLOTS_MAX ((size_t)1 << 19)

/* Slots of a df-pn table for a budget: half a slot per node, within 1024 and
 * DF_SLOTS_MAX. */
static size_t df_slots(long long budget)
{
    size_t want = 1024;
    while (want < (size_t)(budget / 2) && want < DF_SLOTS_MAX)
        want <<= 1;
    return want;
}

/* The move cache's entries for a table of `slots`. */
static size_t mc_entries(size_t slots) { return slots / MC_PER_SLOT > 64 ? slots / MC_PER_SLOT : 64; }

/* The position a memo's table belongs to: the root and the plies allowed. */
static uint64_t memo_key(const board *b, int max_plies) { return b->hash ^ (uint64_t)max_plies; }

struct gomoku__vct_memo {
    uint64_t key; /* the position the table belongs to (0: none yet) */
    df_table t;
};

/* df-pn from the root; returns the line's length or 0, and *disproved = 1 when the root
 * was refuted outright (no VCT within the generators and max_plies). With a memo, its
 * table is used and kept (cleared first when it belongs to another position). */
static int df_search(ctx *c, int max_plies, int *disproved, gomoku__vct_memo *memo)
{
    *disproved = 0;
    df_table t;
    if (memo) {
        uint64_t key = memo_key(c->b, max_plies);
        if (memo->key != key && memo->key != 0) { /* a new memo is clear already */
            memset(memo->t.s, 0, (memo->t.mask + 1) * sizeof *memo->t.s);
            memset(memo->t.mc, 0, (memo->t.mc_mask + 1) * sizeof *memo->t.mc);
        }
        memo->key = key;
        t = memo->t;
    } else {
        /* Half a slot per node of the budget, at most 512k slots (8 MB, with 2 MB of move
         * cache: within the memory gomoku.h promises). Measured: 2M slots prove the
         * 25-ply renju win of tactics line 43 in 2.89M nodes, 1M slots in 2.86M (with
         * the old replacement rule, 2.7M against 6.6M); with today's solver 1M slots
         * take 2,059,298 nodes, 512k 2,032,958 and 256k 2,261,077, and the win puzzles at
         * 3M and 6M nodes are proven alike with 1M and 512k slots (12 and 13 of 30,
         * 16.06M and 16.04M nodes, 22.92M and 22.78M), so the largest table is 512k. */
        size_t want = df_slots(c->budget);
        t.s = gomoku__big_zalloc(want * sizeof *t.s);
        if (!t.s)
            return 0;
        t.mask = want - 1;
        size_t mcn = mc_entries(want);
        t.mc = gomoku__big_zalloc(mcn * sizeof *t.mc);
        if (!t.mc) {
            gomoku__big_free(t.s, want * sizeof *t.s);
            return 0;
        }
        t.mc_mask = mcn - 1;
    }
    for (int i = 0; i < LINE_MAX; i++)
        c->killer[i] = -1;
    df_mid(c, &t, 0, max_plies, PN_INF - 1, PN_INF - 1);
    uint32_t pn, dn;
    df_get(&t, df_key(c->b, 0), &pn, &dn);
    *disproved = dn == 0 && !c->aborted;
    int len = 0;
    if (pn == 0 && !c->aborted) {
        long long budget = c->budget;
        c->budget = c->nodes + 200000; /* room to write the line out */
        len = df_line(c, &t, 0, max_plies);
        c->budget = budget;
        if (c->aborted)
            len = 0;
    }
    if (!memo) {
        gomoku__big_free(t.s, (t.mask + 1) * sizeof *t.s);
        gomoku__big_free(t.mc, (t.mc_mask + 1) * sizeof *t.mc);
    }
    return len;
}

/* ---- entry points ---------------------------------------------------------------- */

static void ctx_init(ctx *c, board *b, long long budget, atomic_int *stop, double deadline_ms)
{
    memset(c, 0, offsetof(ctx, boxes));
    c->b = b;
    c->att = b->side;
    c->def = 3 - b->side;
    c->caro = b->rule == GOMOKU_CARO;
    c->renju_att_black = b->rule == GOMOKU_RENJU && c->att == C_BLACK;
    c->renju_def_black = b->rule == GOMOKU_RENJU && c->def == C_BLACK;
    c->budget = budget > 0 ? budget : 0;
    c->stop = stop;
    c->deadline_ms = deadline_ms;
    clock_gettime(CLOCK_MONOTONIC, &c->start);
    /* The scan box: every cell with a pattern lies within five steps of a stone. */
    box *bx = &c->boxes[0];
    bx->x0 = bx->y0 = b->size;
    bx->x1 = bx->y1 = -1;
    for (int i = 0; i < b->nmoves; i++) {
        int row = b->moves[i] / b->stride; /* one division per stone: this runs per call */
        int x = b->moves[i] - row * b->stride - PAD, y = row - PAD;
        bx->x0 = x < bx->x0 ? x : bx->x0;
        bx->y0 = y < bx->y0 ? y : bx->y0;
        bx->x1 = x > bx->x1 ? x : bx->x1;
        bx->y1 = y > bx->y1 ? y : bx->y1;
    }
    bx->x0 = bx->x0 - 5 < 0 ? 0 : bx->x0 - 5;
    bx->y0 = bx->y0 - 5 < 0 ? 0 : bx->y0 - 5;
    bx->x1 = bx->x1 + 5 >= b->size ? b->size - 1 : bx->x1 + 5;
    bx->y1 = bx->y1 + 5 >= b->size ? b->size - 1 : bx->y1 + 5;
}

/* The common driver. vct = 0: VCF, one depth-first search (cheapest for the many small
 * leaf calls of the main search). vct = 1: VCT, first the depth-first search deepened one
 * attacker move at a time on a small budget (short wins first; failed nodes of the
 * shallower passes prune the deeper ones; it stops once a pass was nowhere cut short by
 * depth), then, when that settles nothing, df-pn on the rest of the budget. */
static int run(board *b, int vct, int max_depth, long long budget, long long *nodes, int *line,
               int cap, atomic_int *stop, double deadline_ms, int *refuted,
               gomoku__vct_memo *memo)
{
    if (refuted)
        *refuted = 0;
    if (!b || b->state != GOMOKU_ONGOING || max_depth < 1 || b->nmoves == 0)
        return 0;
    if (stop && atomic_load_explicit(stop, memory_order_relaxed))
        return 0;
    if (max_depth > MAX_DEPTH)
        max_depth = MAX_DEPTH;
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
    ctx cx, *c = &cx;
    ctx_init(c, b, budget, stop, deadline_ms);
    int len = 0, complete = 0, disproved = 0;
    if (!vct) {
        len = attack(c, 0, max_depth, 0, 1);
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
        if (memo && memo->key == memo_key(b, 2 * max_depth - 1))
            c->budget = 0;
        for (int d = 1; d <= max_depth && !len && !c->aborted && c->budget > 0; d++) {
            c->depth_cut = 0;
            len = attack(c, 0, d, 1, 1);
            if (!c->depth_cut) {
                complete = !c->aborted; /* refuted at every depth: nothing to find */
                break;
            }
        }
        int interrupted = c->aborted && c->nodes < c->budget; /* stop flag or clock */
        if (!len && !complete && !interrupted) {
            c->aborted = 0;
            c->budget = total;
            len = df_search(c, 2 * max_depth - 1, &disproved, memo);
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
    free(c->tt);
    return len;
}

int gomoku__vcf(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop)
{
    return run(b, 0, max_depth, budget, nodes, line, cap, stop, 0, NULL, NULL);
}

int gomoku__vct(board *b, int max_depth, long long budget, long long *nodes, int *line, int cap,
                atomic_int *stop)
{
    return run(b, 1, max_depth, budget, nodes, line, cap, stop, 0, NULL, NULL);
}

int gomoku__vct_refute(board *b, int max_depth, long long budget, long long *nodes, int *line,
                       int cap, atomic_int *stop, int *refuted)
{
    return run(b, 1, max_depth, budget, nodes, line, cap, stop, 0, refuted, NULL);
}

gomoku__vct_memo *gomoku__vct_memo_new(long long budget)
{
    gomoku__vct_memo *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->key = 0;
    size_t slots = budget > 0 ? df_slots(budget) : DF_SLOTS_MAX, mcn = mc_entries(slots);
    m->t.s = gomoku__big_zalloc(slots * sizeof *m->t.s);
    m->t.mask = slots - 1;
    m->t.mc = gomoku__big_zalloc(mcn * sizeof *m->t.mc);
    m->t.mc_mask = mcn - 1;
    if (!m->t.s || !m->t.mc) {
        gomoku__vct_memo_free(m);
        return NULL;
    }
    return m;
}

void gomoku__vct_memo_free(gomoku__vct_memo *memo)
{
    if (memo) {
        if (memo->t.s)
            gomoku__big_free(memo->t.s, (memo->t.mask + 1) * sizeof *memo->t.s);
        if (memo->t.mc)
            gomoku__big_free(memo->t.mc, (memo->t.mc_mask + 1) * sizeof *memo->t.mc);
    }
    free(memo);
}

int gomoku__vct_resume(board *b, gomoku__vct_memo *memo, int max_depth, long long budget,
                       long long *nodes, int *line, int cap, atomic_int *stop, int *refuted,
                       double ms)
{
    return run(b, 1, max_depth, budget, nodes, line, cap, stop, ms, refuted, memo);
}

/* ---- public API ------------------------------------------------------------------ */

static int threat_api(gomoku_threat_result *out, gomoku_engine *e, long long node_budget,
                      int time_ms, int vct)
{
    if (!out || !e || node_budget < 0 || time_ms < 0)
        return GOMOKU_EINVAL;
    if (e->b.state != GOMOKU_ONGOING)
        return GOMOKU_EGAMEOVER;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&e->busy, &expected, 1))
        return GOMOKU_EBUSY;
    atomic_store(&e->stop, 0);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long nodes = 0;
    int line[LINE_MAX];
    int len = run(&e->b, vct, PUBLIC_DEPTH, node_budget ? node_budget : 1000000, &nodes, line,
                  LINE_MAX, &e->stop, (double)time_ms, NULL, NULL);
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
    out->time_ms = elapsed_ms(&t0);
    atomic_store(&e->busy, 0);
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
