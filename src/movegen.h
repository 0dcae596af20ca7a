/*
 * movegen.h - move generation and ordering of the strong search (movegen.c), and the
 * ordering helpers the root threat searches share. Internal.
 */
#ifndef GOMOKU_MOVEGEN_H
#define GOMOKU_MOVEGEN_H

#include "board.h"

/* How many empty cells would give `side` (0 black, 1 white) a four or better. */
static inline int four_points(const board *b, int side)
{
    const int *k = b->ncls[side];
    return k[K_FOUR] + k[K_FOUR_THREE] + k[K_OPEN_FOUR] + k[K_FIVE];
}

/* Is the move idx illegal for the side to move (renju forbidden point)? */
static inline int move_illegal(board *b, int idx)
{
    return b->rule == GOMOKU_RENJU && b->side == C_BLACK && gomoku__black_forbidden(b, idx);
}

/* ---------------------------------------------------------------------------------- */
/* Move generation and ordering                                                        */
/* ---------------------------------------------------------------------------------- */

/* Ordering weight of the shape a move makes on one line (own) or takes away from the
 * opponent (the opponent's shape at that cell). A five dominates everything, then what
 * cannot be stopped, then fours and open threes; the rest orders the quiet moves. */
static const int pat_value[P_NUM] = {
    [P_NONE] = 0, [P_ONE] = 1, [P_TWO] = 3, [P_OPEN_TWO] = 8, [P_THREE] = 10,
    [P_OPEN_THREE] = 30, [P_FOUR] = 35, [P_OPEN_FOUR] = 400, [P_FIVE] = 5000};
static const int own_class_bonus[K_NUM] = {
    [K_NONE] = 0, [K_THREE] = 0, [K_DOUBLE_THREE] = 300, [K_FOUR] = 0,
    [K_FOUR_THREE] = 1200, [K_OPEN_FOUR] = 2000, [K_FIVE] = 20000};
static const int opp_class_bonus[K_NUM] = {
    [K_NONE] = 0, [K_THREE] = 0, [K_DOUBLE_THREE] = 150, [K_FOUR] = 0,
    [K_FOUR_THREE] = 600, [K_OPEN_FOUR] = 1000, [K_FIVE] = 10000};

static inline int move_value(const board *b, int idx, int me)
{
    int opp = 1 - me, v = 0;
    int sh_me = me * 4, sh_opp = opp * 4;
    for (int d = 0; d < NDIR; d++) {
        v += 2 * pat_value[(b->pat[idx][d] >> sh_me) & 15];
        v += pat_value[(b->pat[idx][d] >> sh_opp) & 15];
    }
    return v + own_class_bonus[b->cls[idx][me]] + opp_class_bonus[b->cls[idx][opp]];
}



/* Two or more lines where one side would make an open two or better: a stone there builds
 * (or stops) a double three one move later, so the move is not treated as quiet. */
static inline int double_two(const board *b, int idx)
{
    int nb = 0, nw = 0;
    for (int d = 0; d < NDIR; d++) {
        nb += (b->pat[idx][d] & 15) >= P_OPEN_TWO;
        nw += (b->pat[idx][d] >> 4) >= P_OPEN_TWO;
    }
    return nb >= 2 || nw >= 2;
}


/* Selection step: brings the best remaining move to position i. */
static inline void pick_best(int *list, int *score, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    if (best != i) {
        int tm = list[i], ts = score[i];
        list[i] = list[best];
        score[i] = score[best];
        list[best] = tm;
        score[best] = ts;
    }
}

/* The moves of a node, read from the board b and from the stones' bounding box bx (the
 * cells within distance 2 of it are scanned). */
/* The side's five points: writes up to cap, returns how many. */
int gomoku__five_points(const board *b, const gomoku__box *bx, int side, int *out, int cap);
/* The side's single five point, found next to the last move (0 when none). */
int gomoku__five_point_near_last(const board *b, const gomoku__box *bx, int side);
/* Every empty cell within distance 2 of a stone (renju: black's forbidden points out). */
int gomoku__gen_all(board *b, const gomoku__box *bx, int *list);
/* The mover's four points, in board order. */
int gomoku__box_fours(const board *b, const gomoku__box *bx, int *list);
/* What gomoku__generate() sets *forced to: the opponent's threat does not restrict the
 * moves; it does and they are every defence; it is (or includes) a four-three point, and
 * the moves may leave out the cells that would turn the block of its four into a four of
 * the mover's (or the point, which that block already answers, restricts them wrongly):
 * the search then tries the rest of gomoku__generate_root()'s list, only when all of
 * these lose. */
enum { GEN_FREE = 0, GEN_FORCED = 1, GEN_FORCED_PARTIAL = 2 };
/* The moves of a node where the mover has no five point and the opponent at most one,
 * for the search below the root. Searching the block-four defences at every such node
 * cost games (docs/strength.md, "A hole in the defences against four-three points");
 * they are rarely needed. */
int gomoku__generate(board *b, const gomoku__box *bx, int *list, int *forced);
/* The same with every defence (the root's moves): *forced is never GEN_FORCED_PARTIAL. */
int gomoku__generate_root(board *b, const gomoku__box *bx, int *list, int *forced);
/* Ordering scores of list[0..n-1] for the side to move: the hash move, then the node's
 * two killers, then the shapes a move makes and stops, with the mover's history
 * (history[cell]) breaking the ties between quiet moves. */
void gomoku__score_moves(const board *b, const int killer[2], const int *history,
                         const int *list, int *score, int n, int hash_move);

#endif /* GOMOKU_MOVEGEN_H */
