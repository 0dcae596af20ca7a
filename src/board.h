/*
 * board.h - the incremental board (board.c): geometry, stones, line patterns and cell
 * classes, and the reads of them every search shares. Internal, not installed.
 */
#ifndef GOMOKU_BOARD_H
#define GOMOKU_BOARD_H

#include "gomoku.h"

#include <stdint.h>

/* ---------------------------------------------------------------------------------- */
/* Board geometry                                                                      */
/* ---------------------------------------------------------------------------------- */

/* The board is stored with PAD wall cells on every side, so that any cell within five
 * steps of a board cell can be read without a bounds check. */
#define PAD 5
#define MAX_STRIDE (GOMOKU_MAX_SIZE + 2 * PAD)
#define MAX_PADDED (MAX_STRIDE * MAX_STRIDE)

/* Cell contents. WALL marks the padding. Colours match gomoku_color. */
enum { C_EMPTY = 0, C_BLACK = 1, C_WHITE = 2, C_WALL = 3 };

/* Internal pattern codes, ordered by strength so that comparisons work
 * (p >= P_FOUR means "makes a four or better"). P_NONE: no five possible on the line. */
enum {
    P_NONE = 0,
    P_ONE = 1,
    P_TWO = 2,
    P_OPEN_TWO = 3,
    P_THREE = 4,
    P_OPEN_THREE = 5,
    P_FOUR = 6,
    P_OPEN_FOUR = 7,
    P_FIVE = 8,
    P_NUM = 9
};
/* Public gomoku_pattern index of internal code p (p >= P_ONE). */
#define PAT_PUBLIC(p) (P_FIVE - (p))

/* Combined class of one empty cell for one side, from its four line patterns. Ordered
 * by urgency. */
enum {
    K_NONE = 0,
    K_THREE = 1,        /* a move here makes one OPEN_THREE line */
    K_DOUBLE_THREE = 2, /* two or more OPEN_THREE lines */
    K_FOUR = 3,         /* one FOUR line, nothing else strong */
    K_FOUR_THREE = 4,   /* FOUR plus OPEN_THREE: wins unless the four is answered by a
                           four of the defender */
    K_OPEN_FOUR = 5,    /* OPEN_FOUR line, or two FOUR lines: cannot be stopped */
    K_FIVE = 6,         /* makes five now */
    K_NUM = 7
};

/* The four line directions: horizontal, vertical, diagonal, anti-diagonal. */
#define NDIR 4

/* Key slots: the 10 cells at offsets -5..-1 and +1..+5 along a line, 2 bits each
 * (C_EMPTY, C_BLACK, C_WHITE, C_WALL). */
#define KEY_BITS 20
#define KEY_SIZE (1u << KEY_BITS)
static inline int slot_of(int offset) { return offset < 0 ? offset + 5 : offset + 4; }

/* What gomoku__board_make changed, so that gomoku__board_unmake can put it back without
 * looking anything up again (board.c only). A move changes the patterns of at most the
 * 40 cells on its four lines and of its own cell. */
/* The fitted evaluation's value of an empty cell for one side, by the base-9 index of its
 * four line patterns (gomoku__combo9): as the mover's cell and as the opponent's. */
typedef struct gomoku__eval_pair {
    int16_t own, opp;
} gomoku__eval_pair;
#define EVAL_RAW 6561 /* 9^4 */

/* The base-9 index of the four patterns of one side: v is the cell's pattern word with
 * that side's codes in the low nibbles of its four bytes. */
static inline int gomoku__combo9(uint32_t v)
{
    return (int)((v & 15) + 9 * ((v >> 8) & 15) + 81 * ((v >> 16) & 15) + 729 * ((v >> 24) & 15));
}

#define UNDO_PLIES 64               /* records kept: the last 64 moves (a power of two) */
#define UNDO_CELLS (4 * 10 + 1)
typedef struct board_undo {
    int nmoves;                     /* b->nmoves before the move it records; -1: none */
    int len;                        /* cells saved */
    int npat[2][P_NUM];             /* counts before the move */
    int ncls[2][K_NUM];
    int esum[2][2];
    uint32_t pat[UNDO_CELLS];       /* pattern words (pat[q][0..3]) before the move */
    uint16_t q[UNDO_CELLS];         /* their cells */
    uint8_t cls[UNDO_CELLS][2];
} board_undo;

typedef struct board {
    int size;                       /* cells per side */
    int stride;                     /* size + 2 * PAD */
    int rule;                       /* gomoku_rule */
    int dir_step[NDIR];             /* index step per direction */
    const uint8_t *table;           /* pattern table for this rule: entry = black | white<<4 */
    const uint8_t *class_table;     /* K_* of four patterns packed as 4-bit nibbles */

    uint8_t cell[MAX_PADDED];       /* C_* per padded index */
    uint32_t key[MAX_PADDED][NDIR]; /* neighbourhood key per empty cell and direction (kept
                                       exact for empty cells only; see update_lines) */
    uint8_t pat[MAX_PADDED][NDIR];  /* pattern per cell and direction: black | white << 4;
                                       0 for occupied cells and walls */
    uint8_t cls[MAX_PADDED][2];     /* K_* per empty cell and side (0 black, 1 white) */
    uint8_t near[MAX_PADDED];       /* stones within Chebyshev distance 2 (move generation) */

    int npat[2][P_NUM];             /* counts of (empty cell, direction) points per pattern */
    int ncls[2][K_NUM];             /* counts of empty cells per class */
    const gomoku__eval_pair *etab[2];/* per colour: the fitted table for its cells */
    int fitted;                     /* 1: esum is kept (gomoku__board_set_fitted) */
    int esum[2][2];                 /* per colour: the sum of etab over its empty cells, own
                                       [0] and opp [1]; kept only when `fitted`, and stale
                                       in lite moves */
    int eoff[2];                    /* per side to move (0 black): added to the fitted value so
                                       that empty space counts as on 15x15 (board_init) */

    uint64_t zobrist[2][MAX_PADDED];/* per colour and padded index (copied from a const
                                       table so the hash does not depend on the size) */
    uint64_t zobrist_side;          /* xor-ed in when white is to move */
    uint64_t hash;

    int side;                       /* C_BLACK or C_WHITE to move */
    int nmoves;
    int moves[GOMOKU_MAX_CELLS];    /* padded indices in play order */
    int state;                      /* gomoku_state */
    int forbidden_loss;             /* 1: the game ended by a forbidden black move */

    board_undo undo[UNDO_PLIES];    /* record of move n in undo[n % UNDO_PLIES]; older moves
                                       are undone by looking their lines up again */
} board;

/* Index of the lowest set bit of m (m not 0). */
static inline int gomoku__lowest_bit(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
#endif
}

static inline int board_index(const board *b, int x, int y)
{
    return (y + PAD) * b->stride + (x + PAD);
}
static inline int board_x(const board *b, int idx) { return idx % b->stride - PAD; }
static inline int board_y(const board *b, int idx) { return idx / b->stride - PAD; }
static inline int board_on(const board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* A rectangle of board cells: columns x0..x1, rows y0..y1; empty when x0 > x1. */
typedef struct gomoku__box {
    int x0, y0, x1, y1;
} gomoku__box;

/* The box of the one cell (x, y). */
static inline gomoku__box gomoku__box_at(int x, int y)
{
    gomoku__box r = {x, y, x, y};
    return r;
}
/* The smallest box holding r and s (r not empty). */
static inline gomoku__box gomoku__box_cover(gomoku__box r, gomoku__box s)
{
    r.x0 = s.x0 < r.x0 ? s.x0 : r.x0;
    r.y0 = s.y0 < r.y0 ? s.y0 : r.y0;
    r.x1 = s.x1 > r.x1 ? s.x1 : r.x1;
    r.y1 = s.y1 > r.y1 ? s.y1 : r.y1;
    return r;
}
/* r grown by m cells on every side, cut to a board of `size`. */
static inline gomoku__box gomoku__box_grow(gomoku__box r, int m, int size)
{
    r.x0 = r.x0 - m < 0 ? 0 : r.x0 - m;
    r.y0 = r.y0 - m < 0 ? 0 : r.y0 - m;
    r.x1 = r.x1 + m >= size ? size - 1 : r.x1 + m;
    r.y1 = r.y1 + m >= size ? size - 1 : r.y1 + m;
    return r;
}
/* The cells worth scanning, for candidate moves and for a side's threat points: the box
 * of the stones grown by two, on the board (a four, open-four, four-three or five point
 * lies within two cells of a stone of the line it completes). */
static inline gomoku__box gomoku__scan_area(const board *b, const gomoku__box *stones)
{
    return gomoku__box_grow(*stones, 2, b->size);
}
/* The bounding box of b's stones (empty without stones). */
static inline gomoku__box gomoku__box_of_stones(const board *b)
{
    gomoku__box r = {b->size, b->size, -1, -1};
    for (int i = 0; i < b->nmoves; i++) {
        int row = b->moves[i] / b->stride; /* one division per stone */
        int x = b->moves[i] - row * b->stride - PAD, y = row - PAD;
        r.x0 = x < r.x0 ? x : r.x0;
        r.y0 = y < r.y0 ? y : r.y0;
        r.x1 = x > r.x1 ? x : r.x1;
        r.y1 = y > r.y1 ? y : r.y1;
    }
    return r;
}

/* The hash the position will have once the side to move plays idx: what
 * gomoku__board_make() sets, known before the move (to fetch the child's table entry
 * ahead, or to key it). */
static inline uint64_t gomoku__board_hash_after(const board *b, int idx)
{
    return b->hash ^ b->zobrist[b->side - 1][idx] ^ b->zobrist_side;
}

/* The side to move passes: a null move (the side and its hash bit flip), which is its
 * own undo. For probes only: neither the move list nor the undo records know of it. */
static inline void gomoku__board_pass(board *b)
{
    b->side = 3 - b->side;
    b->hash ^= b->zobrist_side;
}

/* eval.c: the fitted table (EVAL_RAW entries) for the cells of `colour` (C_BLACK or
 * C_WHITE) under `rule`; built once, read-only. */
const gomoku__eval_pair *gomoku__eval_table(int rule, int colour);

/* board.c */
void gomoku__board_init(board *b, int size, int rule);
/* Starts (on 1) or stops keeping the fitted evaluation's sums, which cost a third more
 * time a move (measured with bench/board-bench). Starting replays the game on a fresh
 * board, so that every undo record holds the sums too. */
void gomoku__board_set_fitted(board *b, int on);
/* Places a stone of the side to move at the empty on-board cell idx; the game must be
 * ongoing. Updates patterns, hash, state (win, draw, renju forbidden loss). */
void gomoku__board_make(board *b, int idx);
/* Takes back the last move (there must be one). */
void gomoku__board_unmake(board *b);
/* The same for the threat solver, which reads neither the pattern counts (npat) nor
 * near[]: those are left as they were (measured: `make vct-bench` 13-20% faster, the
 * same nodes).
 * A move made with gomoku__board_make_lite() must be taken back with
 * gomoku__board_unmake_lite(), and npat and near[] are stale until then. */
void gomoku__board_make_lite(board *b, int idx);
void gomoku__board_unmake_lite(board *b);
/* For a side s without an empty cell of class kmin (K_FOUR_THREE or more): would a stone
 * of s on the empty cell idx, of class below K_THREE for s, give it one? Exact, and the
 * board is not changed. */
int gomoku__board_gives_class(const board *b, int idx, int s, int kmin);
/* For a side s with no five point: the five points a stone of s on the empty cell idx
 * would give it, in index order, with each one's direction and signed offset from idx,
 * computed without playing; -1 when more than cap. */
int gomoku__board_fives_after(const board *b, int idx, int s, short *out, int *dir, int *off,
                              int cap);
/* A four-three point t of side a (C_BLACK/C_WHITE): the stone there would make a four
 * with the single five point f (direction df, signed offset fo from t) and an open three.
 * The other side d must block at f, and wins the tempo back when that block is a four of
 * its own. Writes to out the empty cells of f's lines, at most four steps from f and not
 * t, where a stone of d would make the block at f such a four (room for 32); returns how
 * many, or -1 when the block at f is such a four already (then t threatens nothing). */
int gomoku__block_four_cells(const board *b, int t, int f, int df, int fo, int a, int d,
                             int *out);
/* Renju: would a black stone on the empty cell idx be forbidden (and so lose)? 0 under
 * every other rule and for a move that makes five. A cheap pattern pre-filter first, the
 * exact test of rules.c only when it can be. */
int gomoku__black_forbidden(board *b, int idx);
/* Recomputes every incremental quantity from the stones alone into a fresh board and
 * compares; returns 1 when they agree (a test and debug check). */
int gomoku__board_check(const board *b);
/* Winning line through the last move into out (indices); returns its length, 0 if none. */
int gomoku__board_win_line(const board *b, int *out, int capacity);
/* Does the side to move (s = C_BLACK/C_WHITE) win by playing the empty cell idx? Exact
 * for every rule, O(1). */
static inline int gomoku__makes_five(const board *b, int idx, int s)
{
    int shift = s == C_BLACK ? 0 : 4;
    for (int d = 0; d < NDIR; d++)
        if (((b->pat[idx][d] >> shift) & 15) == P_FIVE)
            return 1;
    return 0;
}
static inline int pat_of(const board *b, int idx, int d, int s)
{
    return (b->pat[idx][d] >> (s == C_BLACK ? 0 : 4)) & 15;
}
/* The four line patterns of side s (C_BLACK/C_WHITE) at the empty cell idx, packed as
 * class-table nibbles. */
static inline uint32_t gomoku__pattern_nibbles(const board *b, int idx, int s)
{
    uint32_t nib = 0;
    for (int d = 0; d < NDIR; d++)
        nib |= (uint32_t)pat_of(b, idx, d, s) << (4 * d);
    return nib;
}
/* The class of side `owner`'s (0 black, 1 white) empty cell idx if the other side had a
 * stone on the empty cell at offset i (0 < |i| <= 5) of direction d. Only that line's
 * pattern changes: it is looked up again from idx's key with the cell filled in; `nib`
 * is gomoku__pattern_nibbles(b, idx, owner + 1). */
static inline int gomoku__class_with_stone(const board *b, int idx, int d, int i, int owner,
                                           uint32_t nib)
{
    uint32_t key = b->key[idx][d] | (uint32_t)(2 - owner) << (2 * slot_of(i));
    uint32_t p = (b->table[key] >> (owner * 4)) & 15;
    return b->class_table[(nib & ~(15u << (4 * d))) | p << (4 * d)];
}
/* The empty cells on the four lines through idx, at most `reach` (<= 5) steps away and
 * not past the board's edge, each with its direction and signed offset from idx, into
 * q[], dir[] and off[] (room for 8 * reach). Returns how many. */
static inline int gomoku__line_cells(const board *b, int idx, int reach, int *q, int *dir,
                                     int *off)
{
    int n = 0;
    for (int d = 0; d < NDIR; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2)
            for (int i = 1; i <= reach; i++) {
                int c = idx + sgn * i * b->dir_step[d];
                if (b->cell[c] == C_WALL)
                    break;
                if (b->cell[c] == C_EMPTY) {
                    q[n] = c;
                    dir[n] = d;
                    off[n++] = sgn * i;
                }
            }
    return n;
}
/* Side s's pattern at the empty cell idx in direction d with the key bits `add` set:
 * stones, on cells of that line that are empty on the board, as if they were placed. */
static inline int gomoku__pattern_plus(const board *b, int idx, int d, uint32_t add, int s)
{
    return (b->table[b->key[idx][d] | add] >> (s == C_BLACK ? 0 : 4)) & 15;
}
/* The pattern side s would make at the empty cell idx in direction d if s also had a
 * stone on the empty cell at offset i (0 < |i| <= 5) of that line. */
static inline int gomoku__pattern_with_own_stone(const board *b, int idx, int d, int i, int s)
{
    return gomoku__pattern_plus(b, idx, d, (uint32_t)s << (2 * slot_of(i)), s);
}

/* Renju, black to move: is one of black's open-four points in `stones` (the box of the
 * stones) grown by two not forbidden? Stops at the count of such points. */
int gomoku__black_open_four_wins(board *b, const gomoku__box *stones);

/* Wins read from the class counts, as the reference's search reads them, for the side to
 * move: the plies to its five (3 or 5), or 0. An open-four point wins in three; a
 * four-three point wins in five when the opponent has no four to interpose. Renju's white
 * has no forbidden points, and a forbidden block of black's only makes its win surer.
 * Black's counts do not see its forbidden points (a double four counts as an open four;
 * a four-three may be a four-three-three or lead to a forbidden four): black's open four
 * is taken only from a cell that is not forbidden, and its four-three not at all.
 * `stones` is the box of the stones (the search keeps it). */
static inline int gomoku__static_win(board *b, const gomoku__box *stones)
{
    int me = b->side - 1, opp = 1 - me;
    if (b->ncls[opp][K_FIVE] > 0)
        return 0;
    if (b->rule == GOMOKU_RENJU && b->side == C_BLACK)
        return b->ncls[0][K_OPEN_FOUR] > 0 && gomoku__black_open_four_wins(b, stones) ? 3 : 0;
    if (b->ncls[me][K_OPEN_FOUR] > 0)
        return 3;
    if (b->ncls[me][K_FOUR_THREE] > 0 &&
        b->ncls[opp][K_FOUR] + b->ncls[opp][K_FOUR_THREE] + b->ncls[opp][K_OPEN_FOUR] == 0)
        return 5;
    return 0;
}

#endif /* GOMOKU_BOARD_H */
