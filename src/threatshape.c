/*
 * threatshape.c - the moves of the threat solver's two sides, read from the threat shapes
 * on the incremental board: the attacker's fours and threats, and every defence that
 * could matter against them.
 *
 * What makes a proof sound is how the defender's moves are chosen; the rule throughout is
 * that a defender move left out is one after which the attacker provably wins at once:
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
 */
#include "threatctx.h"

#include <string.h>

/* Cells of class >= kmin for side s inside the scan box, at most cap. The board's class
 * counts say how many there are, so the scan stops as soon as it has them all. */
static int scan_class(const threat_ctx *c, int s, int kmin, short *out, int cap)
{
    const board *b = c->b;
    const gomoku__box *bx = &c->boxes[c->sp];
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
static int scan_threats(const threat_ctx *c, int s, short *out, int cap)
{
    const board *b = c->b;
    const gomoku__box *bx = &c->boxes[c->sp];
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

int gomoku__threat_first_five(const threat_ctx *c, int s)
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
static int five_stoppers(const threat_ctx *c, int threat, short *out, int cap)
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
static int five_blocks(threat_ctx *c, int threat, short *out, int cap)
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

static void order_moves(const threat_ctx *c, short *mv, int n, int s, int last)
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

/* Defender to move, the attacker has five points and nothing stops them: writes the end
 * of the line (the defender occupies a five point, the attacker plays another) and
 * returns its length. When every five point is forbidden for black, the line shows black
 * playing some legal move elsewhere instead. Returns 0 if no such line can be shown. */
int gomoku__threat_finish_line(threat_ctx *c, int ply)
{
    short f[CAND_MAX];
    int nf = scan_class(c, c->att, K_FIVE, f, CAND_MAX);
    for (int pass = 0; pass < 2; pass++) {
        const gomoku__box *bx = &c->boxes[c->sp];
        int n = pass == 0 ? nf : (bx->x1 - bx->x0 + 1) * (bx->y1 - bx->y0 + 1);
        for (int i = 0; i < n; i++) {
            int x = pass == 0 ? f[i]
                              : board_index(c->b, bx->x0 + i % (bx->x1 - bx->x0 + 1),
                                            bx->y0 + i / (bx->x1 - bx->x0 + 1));
            if (c->b->cell[x] != C_EMPTY)
                continue;
            int st = play(c, x);
            int g = st == GOMOKU_ONGOING ? gomoku__threat_first_five(c, c->att) : -1;
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
static int renju_open_four_follows(threat_ctx *c, int t, int f, int d)
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
static int four_three_stoppers(threat_ctx *c, int t, short *w, int cap)
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
    int f = fp[0];
    int blk[32];
    int nb = gomoku__block_four_cells(b, t, f, fd[0], fo[0], A, D, blk);
    if (nb < 0)
        return -1;
    for (int k = 0; k < nb; k++)
        if (add_cell(w, &n, cap, blk[k]) < 0)
            return -1;
    if (three_dir >= 0) {
        /* Black in renju: t must be legal, and so must the straight fours that follow. */
        int ok = null_play(c, t) == GOMOKU_ONGOING &&
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
static int open_four_stoppers(threat_ctx *c, int t, short *w, int cap)
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
        null_play(c, t);
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
static int three_defences(threat_ctx *c, short *out, int cap, int *spare)
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
 * when the attacker has five points that no move stops (the line's end is shown then);
 * -1 when the attacker's last move needs no answer, or the defender wins first, or the
 * lists overflow (all of which make the attacker's move fail).
 * A counter-VCF of the defender's needs no probe of its own here: its first four is one
 * of the defences, so the search finds it as it goes (a probe costs wins and nodes:
 * docs/measurements.md). */
int gomoku__threat_defender_list(threat_ctx *c, int vct, short *defs)
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
void gomoku__threat_order_at(const threat_ctx *c, int ply, short *mv, int n)
{
    if (ply % 2 == 0)
        order_moves(c, mv, n, c->att, ply >= 2 ? c->path[ply - 2] : -1);
    else
        order_moves(c, mv, n, c->def, ply >= 1 ? c->path[ply - 1] : -1);
}

int gomoku__threat_defender_moves(threat_ctx *c, int ply, int vct, short *defs)
{
    int n = gomoku__threat_defender_list(c, vct, defs);
    if (n > 0)
        gomoku__threat_order_at(c, ply, defs, n);
    return n;
}

/* The attacker's candidate moves, ordered: the blocks of the defender's five points when
 * it has any, else its fours (VCF) or threats (VCT). None when there are too many to list
 * (giving up on a node claims nothing). */
int gomoku__threat_attacker_list(threat_ctx *c, int vct, short *mv)
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

int gomoku__threat_attacker_moves(threat_ctx *c, int ply, int vct, short *mv)
{
    int n = gomoku__threat_attacker_list(c, vct, mv);
    gomoku__threat_order_at(c, ply, mv, n);
    return n;
}

