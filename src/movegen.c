/*
 * movegen.c - move generation and ordering of the strong search, read from the incremental
 * cell classes of board.c: the five point, the defences against an open-four point, or every
 * empty cell near the stones; ordered by the shapes a move makes and stops, killers and
 * history.
 */
#include "movegen.h"

/* The side's five points (cells): writes up to cap of them, returns how many. */
int gomoku__five_points(const board *b, const gomoku__box *bx, int side, int *out, int cap)
{
    gomoku__box a = gomoku__scan_area(b, bx);
    int n = 0;
    for (int y = a.y0; y <= a.y1; y++) {
        int idx = board_index(b, a.x0, y);
        for (int x = a.x0; x <= a.x1; x++, idx++)
            if (b->cls[idx][side] == K_FIVE) {
                if (n < cap)
                    out[n] = idx;
                n++;
            }
    }
    return n;
}

/* The opponent's five point inside the search: the opponent's last move made it (an
 * older one would have been blocked, or the game would be over), so it lies on a line
 * through that move, within four steps. Falls back to a scan to be safe. */
int gomoku__five_point_near_last(const board *b, const gomoku__box *bx, int side)
{
    if (b->nmoves > 0) {
        int last = b->moves[b->nmoves - 1];
        for (int d = 0; d < NDIR; d++) {
            int step = b->dir_step[d];
            for (int sgn = -1; sgn <= 1; sgn += 2)
                for (int i = 1, q = last + sgn * step; i <= 4; i++, q += sgn * step) {
                    if (b->cell[q] == C_WALL)
                        break;
                    if (b->cell[q] == C_EMPTY && b->cls[q][side] == K_FIVE)
                        return q;
                }
        }
    }
    int q = 0;
    gomoku__five_points(b, bx, side, &q, 1);
    return q;
}

/* The mover's four points (a four or better) in the scan area, in board order; the scan
 * stops when it has as many as the class counts say there are (a four point is next to a
 * stone, so inside the area). */
int gomoku__box_fours(const board *b, const gomoku__box *bx, int *list)
{
    int me = b->side - 1, n = 0, want = four_points(b, me);
    gomoku__box a = gomoku__scan_area(b, bx);
    for (int y = a.y0; y <= a.y1 && n < want; y++) {
        int idx = board_index(b, a.x0, y);
        for (int x = a.x0; x <= a.x1; x++, idx++)
            if (b->cls[idx][me] >= K_FOUR && b->cell[idx] == C_EMPTY)
                list[n++] = idx;
    }
    return n;
}

static inline void add_unique(int *list, int *n, int idx)
{
    for (int i = 0; i < *n; i++)
        if (list[i] == idx)
            return;
    list[(*n)++] = idx;
}

/*
 * The opponent (side opp) threatens a win the mover must stop at once: an open-four
 * point (an open three, or a double four, on the board) or a four-three point. A mover's
 * stone stops such a point when it takes the point, or when it lies on one of the point's
 * lines, within five cells, and leaves the point less than a four-three: that is looked up
 * exactly, from the point's neighbourhood keys, for every cell of its four lines.
 * Against a four-three point the mover may also let the four come and win the tempo back
 * when its block at the four's five point f is a four of its own: the cells that make
 * that block a four defend too, and when it is one already the point threatens nothing.
 * With `full` those cells are listed and such a point is not counted; without it neither
 * is looked at (the search's hot path), and *partial is set for any four-three point
 * (see GEN_FORCED_PARTIAL).
 * Writes the moves that stop at least one threat point plus the mover's fours; returns
 * how many (0 when the threat is not real, e.g. every such black point is forbidden in
 * renju).
 */
static int gen_defence(board *b, const gomoku__box *bx, int *list, int full, int *partial)
{
    int me = b->side - 1, opp = 1 - me;
    int n = 0, threats = 0;
    int renju_black_opp = b->rule == GOMOKU_RENJU && opp == 0;
    int renju_black_me = b->rule == GOMOKU_RENJU && me == 0;
    /* The class counts say how many threat points there are: the scan stops when it has
     * them all (such a point is next to a stone, so inside the area). */
    int left = b->ncls[opp][K_OPEN_FOUR] + b->ncls[opp][K_FOUR_THREE];
    gomoku__box a = gomoku__scan_area(b, bx);
    for (int y = a.y0; y <= a.y1 && left > 0; y++) {
        int idx = board_index(b, a.x0, y);
        for (int x = a.x0; x <= a.x1; x++, idx++) {
            int k = b->cls[idx][opp];
            if (k != K_OPEN_FOUR && k != K_FOUR_THREE)
                continue;
            left--;
            if (renju_black_opp && gomoku__black_forbidden(b, idx))
                continue;
            /* The cells that make the block of a four-three point's four a four (black's
             * block in renju may be forbidden: such a point still counts for black). */
            int blk[32], nb = 0;
            if (k == K_FOUR_THREE && !full) {
                *partial = 1;
            } else if (k == K_FOUR_THREE) {
                short f;
                int fd, fo;
                if (gomoku__board_fives_after(b, idx, opp + 1, &f, &fd, &fo, 1) == 1)
                    nb = gomoku__block_four_cells(b, idx, f, fd, fo, opp + 1, me + 1, blk);
                if (nb < 0 && !renju_black_me)
                    continue;
                if (nb < 0)
                    nb = 0;
            }
            threats++;
            add_unique(list, &n, idx);
            for (int i = 0; i < nb; i++)
                add_unique(list, &n, blk[i]);
            uint32_t nib = gomoku__pattern_nibbles(b, idx, opp + 1);
            int q[40], dir[40], off[40];
            int nq = gomoku__line_cells(b, idx, 5, q, dir, off);
            for (int j = 0; j < nq; j++)
                if (gomoku__class_with_stone(b, idx, dir[j], off[j], opp, nib) < K_FOUR_THREE)
                    add_unique(list, &n, q[j]);
        }
    }
    if (!threats)
        return 0;
    /* The mover's own fours gain a tempo. */
    int fours[GOMOKU_MAX_CELLS];
    int nf = gomoku__box_fours(b, bx, fours);
    for (int i = 0; i < nf; i++)
        add_unique(list, &n, fours[i]);
    /* Renju: black's forbidden points are not moves. */
    if (b->rule == GOMOKU_RENJU && me == 0) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!gomoku__black_forbidden(b, list[i]))
                list[k++] = list[i];
        n = k;
    }
    return n;
}

/* Every empty cell within distance 2 of a stone (renju: black's forbidden points out). */
int gomoku__gen_all(board *b, const gomoku__box *bx, int *list)
{
    int n = 0;
    int renju_black = b->rule == GOMOKU_RENJU && b->side == C_BLACK;
    gomoku__box a = gomoku__scan_area(b, bx);
    for (int y = a.y0; y <= a.y1; y++) {
        int idx = board_index(b, a.x0, y);
        for (int x = a.x0; x <= a.x1; x++, idx++)
            if (b->cell[idx] == C_EMPTY && b->near[idx] > 0 &&
                !(renju_black && gomoku__black_forbidden(b, idx)))
                list[n++] = idx;
    }
    return n;
}

static int generate(board *b, const gomoku__box *bx, int *list, int *forced, int full)
{
    int me = b->side - 1, opp = 1 - me;
    *forced = 0;
    if (b->ncls[opp][K_FIVE] > 0) {
        *forced = GEN_FORCED;
        list[0] = gomoku__five_point_near_last(b, bx, opp);
        if (list[0] == 0 || move_illegal(b, list[0]))
            return 0;
        return 1;
    }
    if ((b->ncls[opp][K_OPEN_FOUR] > 0 || b->ncls[opp][K_FOUR_THREE] > 0) &&
        b->rule != GOMOKU_CARO) {
        int partial = 0;
        int n = gen_defence(b, bx, list, full, &partial);
        if (n > 0) {
            *forced = partial ? GEN_FORCED_PARTIAL : GEN_FORCED;
            return n;
        }
    }
    return gomoku__gen_all(b, bx, list);
}

int gomoku__generate(board *b, const gomoku__box *bx, int *list, int *forced)
{
    return generate(b, bx, list, forced, 0);
}

int gomoku__generate_root(board *b, const gomoku__box *bx, int *list, int *forced)
{
    return generate(b, bx, list, forced, 1);
}

/* Orders list[0..n-1] by score, best first; the hash move and killers go first. */
void gomoku__score_moves(const board *b, const int killer[2], const int *history,
                         const int *list, int *score, int n, int hash_move)
{
    int me = b->side - 1;
    const int *hist = history;
    for (int i = 0; i < n; i++) {
        int m = list[i];
        int s;
        if (m == hash_move)
            s = 1 << 28;
        else {
            s = move_value(b, m, me) * 64;
            if (m == killer[0])
                s += 2000 * 64;
            else if (m == killer[1])
                s += 1500 * 64;
            s += hist[m] > 60000 ? 60000 : hist[m];
        }
        score[i] = s;
    }
}
