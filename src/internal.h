/*
 * internal.h - declarations shared between the library's source files. Not installed.
 * Names shared across files carry the gomoku__ prefix; they are hidden from the shared
 * library by -fvisibility=hidden.
 */
#ifndef GOMOKU_INTERNAL_H
#define GOMOKU_INTERNAL_H

#include "gomoku.h"

#include <stdatomic.h>
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
#define UNDO_PLIES 64               /* records kept: the last 64 moves (a power of two) */
#define UNDO_CELLS (4 * 10 + 1)
typedef struct board_undo {
    int nmoves;                     /* b->nmoves before the move it records; -1: none */
    int len;                        /* cells saved */
    int npat[2][P_NUM];             /* counts before the move */
    int ncls[2][K_NUM];
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

/* board.c */
void gomoku__board_init(board *b, int size, int rule);
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

/* pattern.c: the tables, built once per process behind pthread_once. */
const uint8_t *gomoku__pattern_table(int rule);
/* Class of a cell from the four line patterns of one side. */
int gomoku__cell_class(const uint8_t pats[NDIR]);
/* gomoku__cell_class for all 65536 nibble-packed pattern quadruples (p0 | p1<<4 | ...). */
const uint8_t *gomoku__class_table(void);
extern const uint64_t *gomoku__zobrist_table(void); /* [2][GOMOKU_MAX_CELLS] + 1 */

/* rules.c: exact renju forbidden-move test for a black stone at the empty cell idx.
 * Works on the raw cell array (stride as in board), which it may change temporarily but
 * restores before returning. Returns a gomoku_forbid value. */
int gomoku__renju_forbidden(uint8_t *cell, int stride, int idx);

/* threat.c (with threatshape.c, vcf.c, dfpn.c): threat-space search for the side to move
 * on b; b is restored before return. Returns the length in plies of the forced win found
 * (odd: the attacker's moves and the defender's forced answers, ending with the five)
 * and writes the moves (padded indices) to line[0 .. min(len, cap) - 1]; returns 0 when
 * no win was found within max_depth attacker moves and the node budget. *nodes is
 * increased by the nodes searched. stop may be NULL; when it becomes nonzero the search
 * gives up (returns 0). Never reports a win that does not exist. */
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
 * `budget` nodes would (0: the largest, 10 MB); NULL when out of memory. A call of
 * gomoku__vct_resume() stops after `ms` milliseconds too (0: no time limit), as on its
 * budget. */
typedef struct gomoku__vct_memo gomoku__vct_memo;
gomoku__vct_memo *gomoku__vct_memo_new(long long budget);
void gomoku__vct_memo_free(gomoku__vct_memo *memo); /* NULL is a no-op */
int gomoku__vct_resume(board *b, gomoku__vct_memo *memo, int max_depth, long long budget,
                       long long *nodes, int *line, int cap, atomic_int *stop, int *refuted,
                       double ms);

/* bigmem.c: zeroed memory for a large table (huge pages where Linux offers them); free
 * it with gomoku__big_free() and the same size. NULL when out of memory. */
void *gomoku__big_zalloc(size_t bytes);
void gomoku__big_free(void *p, size_t bytes);

/* tt.c: the transposition table owned by an engine. */
struct tt *gomoku__tt_new(int megabytes);   /* NULL when out of memory */
void gomoku__tt_free(struct tt *tt);        /* NULL is a no-op */
void gomoku__tt_clear(struct tt *tt);       /* NULL is a no-op */
long long gomoku__tt_bytes(const struct tt *tt);
/* Bytes a table made by gomoku__tt_new(megabytes) occupies (0 for a bad size). */
long long gomoku__tt_bytes_for(int megabytes);
/* Bound of a stored score. */
enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };
typedef struct tt_hit {
    int move;  /* padded index, 0 = none */
    int score; /* adjusted back to plies from the root of the probing search */
    int eval;  /* static evaluation stored with the entry */
    int depth;
    int bound; /* TT_* */
} tt_hit;
/* Looks the position up; returns 1 and fills *hit when found. Safe to call from several
 * threads at once (Lazy SMP): a torn entry fails its key check and reads as a miss. */
int gomoku__tt_probe(struct tt *tt, uint64_t key, int ply, tt_hit *hit);
/* Stores a result; mate scores are made relative to the node by `ply`. */
void gomoku__tt_store(struct tt *tt, uint64_t key, int ply, int move, int score, int eval,
                      int depth, int bound);
/* Starts a new search generation: older entries become the first to be replaced. */
void gomoku__tt_new_search(struct tt *tt);
/* Hint the memory of key's bucket into the cache. */
void gomoku__tt_prefetch(const struct tt *tt, uint64_t key);

/* textbook.c: validates a textbook search's algorithm and options (all but the radius,
 * which only the Gomoku adapter uses): GOMOKU_OK, GOMOKU_EVERSION or GOMOKU_EINVAL. */
int gomoku__textbook_check(gomoku_algo algo, const gomoku_textbook_options *opts);

/* eval.c */
int gomoku__evaluate(const board *b, const gomoku_weights *w);
void gomoku__breakdown(gomoku_eval_info *out, const board *b, const gomoku_weights *w);

/* ---------------------------------------------------------------------------------- */
/* The engine handle                                                                   */
/* ---------------------------------------------------------------------------------- */

struct tt;     /* tt.c */

struct gomoku_engine {
    board b;
    gomoku_weights weights;
    gomoku_eval_fn eval_fn;
    void *eval_payload;
    gomoku_progress_fn progress_fn;
    void *progress_payload;
    struct tt *tt;            /* owned; NULL until first needed */
    int hash_mb;
    atomic_int stop;          /* set by gomoku_stop() from any thread */
    atomic_int busy;          /* a search runs */
};

/* The evaluation the searches use: the user callback if any, else the built-in one. */
int gomoku__engine_eval(const gomoku_engine *e);

#endif /* GOMOKU_INTERNAL_H */
