/*
 * board.c - the incremental board: stones, neighbourhood keys, line patterns, cell
 * classes, pattern counts, Zobrist hash, game state.
 *
 * Placing or removing a stone changes only the keys of the cells within five steps of it
 * along the four lines through it (at most 40 cells), so only those cells' patterns and
 * classes are looked up again. Undo copies back what the move changed, from a record
 * kept for each of the last UNDO_PLIES moves; a move older than that (a long game taken
 * back) is undone by the same update in reverse.
 */
#include "board.h"
#include "pattern.h"
#include "rules.h"

#include <string.h>

/* The line update is inlined into place() and take_back() so that `u` and `placing` are
 * constants there; gcc does not do it on its own at -O2. */
#if defined(__GNUC__)
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif


/* Adds (sign 1) or removes (-1) the fitted evaluation's values of the empty cell idx. */
static inline void esum_add(board *b, int idx, int sign)
{
    uint32_t v;
    memcpy(&v, b->pat[idx], sizeof v);
    for (int c = 0; c < 2; c++) {
        const gomoku__eval_pair *e = &b->etab[c][gomoku__combo9(v >> (4 * c))];
        b->esum[c][0] += sign * e->own;
        b->esum[c][1] += sign * e->opp;
    }
}

/* `full` in the functions below: 0 for the solver's lite moves (classes only, see
 * gomoku__board_make_lite), 1 for full moves (the pattern counts too), FITTED for full
 * moves on a board that keeps the fitted evaluation's sums as well. */
#define FITTED 2

/* Removes an empty cell's contribution to the counts. */
static inline void count_out(board *b, int idx, int full)
{
    for (int d = 0; d < NDIR && full; d++) {
        b->npat[0][b->pat[idx][d] & 15]--;
        b->npat[1][b->pat[idx][d] >> 4]--;
    }
    if (full == FITTED)
        esum_add(b, idx, -1);
    b->ncls[0][b->cls[idx][0]]--;
    b->ncls[1][b->cls[idx][1]]--;
}

static inline void count_in(board *b, int idx, int full)
{
    for (int d = 0; d < NDIR && full; d++) {
        b->npat[0][b->pat[idx][d] & 15]++;
        b->npat[1][b->pat[idx][d] >> 4]++;
    }
    if (full == FITTED)
        esum_add(b, idx, 1);
    b->ncls[0][b->cls[idx][0]]++;
    b->ncls[1][b->cls[idx][1]]++;
}

/* The four patterns of one side, one nibble each, as a 16-bit class-table index. */
static inline uint32_t side_nibbles(uint32_t v)
{
    v &= 0x0F0F0F0Fu;
    v = (v | (v >> 4)) & 0x00FF00FFu;
    return (v | (v >> 8)) & 0xFFFFu;
}

static inline void classify(board *b, int idx)
{
    uint32_t v;
    memcpy(&v, b->pat[idx], sizeof v);
    b->cls[idx][0] = b->class_table[side_nibbles(v)];
    b->cls[idx][1] = b->class_table[side_nibbles(v >> 4)];
}

/* Looks up an empty cell's four patterns and class from its keys. */
static inline void refresh(board *b, int idx)
{
    for (int d = 0; d < NDIR; d++)
        b->pat[idx][d] = b->table[b->key[idx][d]];
    classify(b, idx);
}

/* The fitted value of an empty board of `size` for each side to move (0 black), read
 * from the keys the walls give each cell. */
static void empty_value(const board *b, int size, int out[2])
{
    static const int dx[NDIR] = {1, 0, 1, -1}, dy[NDIR] = {0, 1, 1, 1}; /* as dir_step */
    int sum[2][2] = {{0, 0}, {0, 0}};
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            uint32_t v = 0;
            for (int d = 0; d < NDIR; d++) {
                uint32_t k = 0;
                for (int i = -5; i <= 5; i++) {
                    int cx = x + i * dx[d], cy = y + i * dy[d];
                    if (i && (cx < 0 || cy < 0 || cx >= size || cy >= size))
                        k |= (uint32_t)C_WALL << (2 * slot_of(i));
                }
                v |= (uint32_t)b->table[k] << (8 * d);
            }
            for (int c = 0; c < 2; c++) {
                const gomoku__eval_pair *e = &b->etab[c][gomoku__combo9(v >> (4 * c))];
                sum[c][0] += e->own;
                sum[c][1] += e->opp;
            }
        }
    out[0] = sum[0][0] - sum[1][1];
    out[1] = sum[1][0] - sum[0][1];
}

/* The board size the fitted tables were fitted on. */
#define FIT_SIZE 15

/* The fitted tables credit every empty cell, even one far from any stone, with a little
 * for the side to move (a tempo the fit spread over the board's cells): on a larger board
 * the same stones would be worth hundreds of points more to the mover (+700 on 20x20, an
 * empty board +1,480 against +780 on 15x15), which moves every margin of the search, and
 * on 20x20 cost 15-19 points of score against the reference engine (docs/strength.md).
 * Empty space is valued as on FIT_SIZE, exactly so for an empty board. */
static void size_offset(board *b)
{
    int here[2], std[2];
    if (b->size == FIT_SIZE) {
        b->eoff[0] = b->eoff[1] = 0;
        return;
    }
    empty_value(b, b->size, here);
    empty_value(b, FIT_SIZE, std);
    for (int s = 0; s < 2; s++)
        b->eoff[s] = std[s] - here[s];
}

void gomoku__board_init(board *b, int size, int rule)
{
    memset(b, 0, sizeof *b);
    b->size = size;
    b->stride = size + 2 * PAD;
    b->rule = rule;
    b->dir_step[0] = 1;
    b->dir_step[1] = b->stride;
    b->dir_step[2] = b->stride + 1;
    b->dir_step[3] = b->stride - 1;
    b->table = gomoku__pattern_table(rule);
    b->class_table = gomoku__class_table();
    b->etab[0] = gomoku__eval_table(rule, C_BLACK);
    b->etab[1] = gomoku__eval_table(rule, C_WHITE);
    size_offset(b);
    b->side = C_BLACK;
    b->state = GOMOKU_ONGOING;
    for (int i = 0; i < UNDO_PLIES; i++)
        b->undo[i].nmoves = -1;

    int cells = b->stride * b->stride;
    memset(b->cell, C_WALL, (size_t)cells);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            b->cell[board_index(b, x, y)] = C_EMPTY;

    const uint64_t *z = gomoku__zobrist_table();
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int idx = board_index(b, x, y);
            b->zobrist[0][idx] = z[y * GOMOKU_MAX_SIZE + x];
            b->zobrist[1][idx] = z[GOMOKU_MAX_CELLS + y * GOMOKU_MAX_SIZE + x];
        }
    b->zobrist_side = z[2 * GOMOKU_MAX_CELLS];

    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int idx = board_index(b, x, y);
            for (int d = 0; d < NDIR; d++) {
                uint32_t k = 0;
                for (int i = -5; i <= 5; i++)
                    if (i)
                        k |= (uint32_t)b->cell[idx + i * b->dir_step[d]] << (2 * slot_of(i));
                b->key[idx][d] = k;
            }
            refresh(b, idx);
            count_in(b, idx, 1);
        }
}

/* Renju: can a black stone at idx be forbidden at all? Only with two lines of three or
 * better, an open-four-or-better line (a same-line double four shows as one), or an
 * overline. Saves the exact test on nearly every move.
 * The overline test reads the key (exact, since idx is empty): the stone makes six or
 * more in a row exactly when five consecutive key slots hold black stones, as every
 * window of five slots contains slot 4 or 5, the cells next to idx. */
static int may_be_forbidden(const board *b, int idx)
{
    int strong = 0;
    for (int d = 0; d < NDIR; d++) {
        int p = pat_of(b, idx, d, C_BLACK);
        if (p == P_OPEN_FOUR)
            return 1;
        strong += p >= P_OPEN_THREE;
        uint32_t k = b->key[idx][d];
        uint32_t black = k & ~(k >> 1) & 0x55555u; /* bit 2j: slot j holds C_BLACK */
        if (black & (black >> 2) & (black >> 4) & (black >> 6) & (black >> 8))
            return 1;
    }
    return strong >= 2;
}

int gomoku__black_forbidden(board *b, int idx)
{
    if (b->rule != GOMOKU_RENJU || gomoku__makes_five(b, idx, C_BLACK) || !may_be_forbidden(b, idx))
        return 0;
    return gomoku__renju_forbidden(b->cell, b->stride, idx) != GOMOKU_FORBID_NONE;
}

/* Does a nibble of a pattern byte reach P_OPEN_THREE? Only such patterns affect a cell's
 * class (see gomoku__cell_class): adding 3 carries a nibble of 5..8 into its bit 3, and
 * no nibble (at most P_FIVE = 8) overflows into the next. */
static inline int pat_strong(uint32_t p) { return ((p + 0x33u) & 0x88u) != 0; }

/* Saves the patterns and classes of cell q into the undo record u. */
static inline void save_cell(board_undo *u, const board *b, int q, uint32_t v)
{
    int n = u->len++;
    u->q[n] = (uint16_t)q;
    u->pat[n] = v;
    memcpy(u->cls[n], b->cls[q], 2);
}

/* New key of the empty cell q in direction d: looks its pattern up again, and its class
 * when a pattern at or above OPEN_THREE came or went. A cell is on only one of the four
 * lines through the move, so when u is not NULL each changed cell is saved once. */
static HOT_INLINE void update_cell(board *b, board_undo *u, int q, int d, uint32_t set,
                                   uint32_t clear, int full, int acc[4])
{
    uint32_t k = (b->key[q][d] & ~clear) | set;
    b->key[q][d] = k;
    uint32_t np = b->table[k];
    /* The cell's four patterns are read and written as one word: writing the byte and then
     * reading the word back for the class would stall on store forwarding. */
    uint32_t v;
    memcpy(&v, b->pat[q], sizeof v);
    uint32_t op = (v >> (8 * d)) & 0xFF;
    if (np == op)
        return;
    if (u)
        save_cell(u, b, q, v);
    if (full) {
        b->npat[0][op & 15]--;
        b->npat[1][op >> 4]--;
        b->npat[0][np & 15]++;
        b->npat[1][np >> 4]++;
    }
    if (full == FITTED) {
        /* Only the pattern in d changed: the new base-9 index is the old one moved by the
         * change of that digit. The sums gather in acc (update_lines' locals). */
        static const int pow9[NDIR] = {1, 9, 81, 729};
        for (int c = 0; c < 2; c++) {
            int i = gomoku__combo9(v >> (4 * c));
            int j = i + ((int)((np >> (4 * c)) & 15) - (int)((op >> (4 * c)) & 15)) * pow9[d];
            const gomoku__eval_pair *e = b->etab[c];
            acc[2 * c] += e[j].own - e[i].own;
            acc[2 * c + 1] += e[j].opp - e[i].opp;
        }
    }
    v ^= (op ^ np) << (8 * d);
    memcpy(b->pat[q], &v, sizeof v);
    if (!pat_strong(op) && !pat_strong(np))
        return;
    uint8_t c0 = b->cls[q][0], c1 = b->cls[q][1];
    uint8_t n0 = b->class_table[side_nibbles(v)], n1 = b->class_table[side_nibbles(v >> 4)];
    b->cls[q][0] = n0;
    b->cls[q][1] = n1;
    b->ncls[0][c0]--;
    b->ncls[1][c1]--;
    b->ncls[0][n0]++;
    b->ncls[1][n1]++;
}

/*
 * Updates the keys of the empty cells along the four lines through idx after a stone of
 * `colour` was placed on it or removed from it, and looks their patterns up again;
 * records what changed in u unless it is NULL.
 * Which of the ten cells within five steps are empty is read from idx's own key (exact:
 * idx is empty when a stone is placed, and when it is taken back every stone placed after
 * it is gone), so the loop runs over the empty cells only, without a branch per cell on
 * the board, whose outcome is as good as random. Occupied cells and walls keep stale
 * keys: moves are undone in the reverse order they were made, so when a stone is taken
 * back every stone placed after it is already gone and its old key is exact again.
 * The cell in key slot j is at offset j - 5 (j < 5) or j - 4 from idx, and sees idx in
 * its own slot 9 - j.
 */
static HOT_INLINE void update_lines(board *b, board_undo *u, int idx, uint32_t colour,
                                    int placing, int full)
{
    /* Freestyle patterns do not depend on the cells five steps away (a five through a cell
     * lies within four steps, and a longer line wins as well): those cells at distance
     * five need their keys updated only. */
    uint32_t far = b->rule == GOMOKU_FREESTYLE ? 0x40001u : 0; /* slots 0 and 9 */
    int acc[4] = {0, 0, 0, 0};
    for (int d = 0; d < NDIR; d++) {
        int step = b->dir_step[d];
        uint32_t k = b->key[idx][d];
        uint32_t empty = ~(k | (k >> 1)) & 0x55555u; /* bit 2j: slot j is C_EMPTY */
        if (empty & far) {
            if (empty & 1u)
                b->key[idx - 5 * step][d] = placing ? b->key[idx - 5 * step][d] | colour << 18
                                                    : b->key[idx - 5 * step][d] & ~(3u << 18);
            if (empty & 0x40000u)
                b->key[idx + 5 * step][d] = placing ? b->key[idx + 5 * step][d] | colour
                                                    : b->key[idx + 5 * step][d] & ~3u;
            empty &= ~far;
        }
        while (empty) {
            int j = gomoku__lowest_bit(empty) >> 1;
            empty &= empty - 1;
            int q = idx + (j < 5 ? j - 5 : j - 4) * step;
            int shift = 2 * (9 - j);
            update_cell(b, u, q, d, placing ? colour << shift : 0, placing ? 0 : 3u << shift,
                        full, acc);
        }
    }
    if (full == FITTED) {
        b->esum[0][0] += acc[0];
        b->esum[0][1] += acc[1];
        b->esum[1][0] += acc[2];
        b->esum[1][1] += acc[3];
    }
}

/*
 * For a side s that has no empty cell of class kmin (K_FOUR_THREE or more) now: would a
 * stone of s on the empty cell idx, where s has no open three or better (class below
 * K_THREE), give it one? Answers exactly what gomoku__board_make() followed by a look at
 * the class counts would, without changing the board.
 * The cells whose patterns the stone changes are the empty ones of its key (as in
 * update_lines()), each in one direction d only; a new class is the cell's other three
 * patterns with the one in d looked up again. Only cells of class K_THREE or more now
 * can reach kmin: a class of kmin needs two strong lines, one of them not d and so there
 * already, or an open four in d, which is either new, with both of its fives through
 * the stone (then the stone would make an open three, which it does not), or has a five
 * that was there before, a four already. Where the stone's own pattern in d is below
 * THREE, no cell of d gains a four through it, so the cell needs its open three or better
 * in another direction. (Measured on `make vct-bench`: every hit was such a cell; looking
 * up all the cells cost a sixth of the solver's time.)
 */
int gomoku__board_gives_class(const board *b, int idx, int s, int kmin)
{
    int nib = s == C_BLACK ? 0 : 4, strong = 0;
    for (int k = K_THREE; k < kmin; k++)
        strong += b->ncls[s - 1][k];
    for (int d = 0; d < NDIR && strong; d++) {
        int weak = ((b->pat[idx][d] >> nib) & 15) < P_THREE;
        int step = b->dir_step[d];
        uint32_t k = b->key[idx][d];
        uint32_t empty = ~(k | (k >> 1)) & 0x55555u;
        while (empty) {
            int j = gomoku__lowest_bit(empty) >> 1;
            empty &= empty - 1;
            int q = idx + (j < 5 ? j - 5 : j - 4) * step;
            if (b->cls[q][s - 1] < K_THREE)
                continue;
            uint32_t v;
            memcpy(&v, b->pat[q], sizeof v);
            v = v >> nib & 0x0F0F0F0Fu & ~(15u << (8 * d)); /* s's other three patterns */
            if (weak && !((v + 0x03030303u) & 0x08080808u)) /* none reaches OPEN_THREE */
                continue;
            uint32_t np = (b->table[b->key[q][d] | (uint32_t)s << (2 * (9 - j))] >> nib) & 15u;
            if (np >= P_OPEN_THREE && b->class_table[side_nibbles(v | np << (8 * d))] >= kmin)
                return 1;
        }
    }
    return 0;
}

/*
 * For a side s that has no five point now: the five points (empty cells of class K_FIVE)
 * a stone of s on the empty cell idx would give it, in index order, each with the
 * direction and signed offset at which it lies from idx; at most cap, -1 when there are
 * more. Answers what gomoku__board_make() followed by a scan of the classes would,
 * without changing the board: a new five point lies on one of idx's lines within four
 * steps (its five holds idx), and only its pattern in that direction changes, looked up
 * again from its key with idx filled in.
 */
int gomoku__board_fives_after(const board *b, int idx, int s, short *out, int *dir, int *off,
                              int cap)
{
    int n = 0;
    for (int d = 0; d < NDIR; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2)
            for (int i = 1; i <= 4; i++) {
                int q = idx + sgn * i * b->dir_step[d];
                if (b->cell[q] == C_WALL)
                    break;
                /* A five point after the stone, q is a four point before it: its five
                 * less idx is a four that idx completes. So only those are looked up. */
                if (b->cell[q] != C_EMPTY || pat_of(b, q, d, s) < P_FOUR)
                    continue;
                if (gomoku__pattern_with_own_stone(b, q, d, -sgn * i, s) != P_FIVE)
                    continue;
                if (n == cap)
                    return -1;
                /* Insertion in index order (a cell is on one line through idx only). */
                int j = n++;
                for (; j > 0 && out[j - 1] > q; j--) {
                    out[j] = out[j - 1];
                    dir[j] = dir[j - 1];
                    off[j] = off[j - 1];
                }
                out[j] = (short)q;
                dir[j] = d;
                off[j] = sgn * i;
            }
    return n;
}

int gomoku__black_open_four_wins(board *b, const gomoku__box *stones)
{
    int left = b->ncls[0][K_OPEN_FOUR];
    gomoku__box a = gomoku__scan_area(b, stones);
    for (int y = a.y0; y <= a.y1 && left > 0; y++) {
        int idx = board_index(b, a.x0, y);
        for (int x = a.x0; x <= a.x1 && left > 0; x++, idx++)
            if (b->cell[idx] == C_EMPTY && b->cls[idx][0] == K_OPEN_FOUR) {
                if (!gomoku__black_forbidden(b, idx))
                    return 1;
                left--;
            }
    }
    return 0;
}

int gomoku__block_four_cells(const board *b, int t, int f, int df, int fo, int a, int d,
                             int *out)
{
    /* t's stone lies on f's line df: it is added to f's key there. */
    uint32_t tbit = (uint32_t)a << (2 * slot_of(-fo));
    for (int dir = 0; dir < NDIR; dir++)
        if ((dir == df ? gomoku__pattern_plus(b, f, dir, tbit, d) : pat_of(b, f, dir, d)) >= P_FOUR)
            return -1;
    int q[32], qd[32], qo[32], n = 0;
    int nq = gomoku__line_cells(b, f, 4, q, qd, qo);
    for (int k = 0; k < nq; k++) {
        if (q[k] == t)
            continue;
        uint32_t add = (uint32_t)d << (2 * slot_of(qo[k])) | (qd[k] == df ? tbit : 0);
        if (gomoku__pattern_plus(b, f, qd[k], add, d) >= P_FOUR)
            out[n++] = q[k];
    }
    return n;
}

/* Takes the last move (at idx) back from its undo record: the keys lose the stone, and
 * patterns, classes and counts are copied back. Clearing the stone's slot in every key
 * on its lines, occupied cells and walls included, is harmless (it was only set where
 * the move set it), and keeps this loop free of branches. */
static HOT_INLINE void restore_lines(board *b, const board_undo *u, int idx, int full)
{
    for (int d = 0; d < NDIR; d++) {
        int st = b->dir_step[d];
        /* Written out: gcc does not unroll at -O2, and the masks are then constants. */
#define CLEAR(i)                                                                           \
    b->key[idx + i * st][d] &= ~(3u << (2 * (5 - i)));                                     \
    b->key[idx - i * st][d] &= ~(3u << (2 * (4 + i)))
        CLEAR(1);
        CLEAR(2);
        CLEAR(3);
        CLEAR(4);
        CLEAR(5);
#undef CLEAR
    }
    for (int n = 0; n < u->len; n++) {
        memcpy(b->pat[u->q[n]], &u->pat[n], sizeof u->pat[n]);
        memcpy(b->cls[u->q[n]], u->cls[n], 2);
    }
    if (full)
        memcpy(b->npat, u->npat, sizeof b->npat);
    if (full == FITTED)
        memcpy(b->esum, u->esum, sizeof b->esum);
    memcpy(b->ncls, u->ncls, sizeof b->ncls);
}

/* Adds delta to near[] over the 5x5 square around idx: one 8-byte word per row, adding
 * to five of its bytes. A count is at most 24 and never below 0, so no byte carries or
 * borrows into the next; the word stays inside the padding (PAD >= 3 past the square). */
static inline void update_near(board *b, int idx, int delta)
{
    const uint64_t five = 0x0000000101010101ull;
    for (int dy = -2; dy <= 2; dy++) {
        uint8_t *p = &b->near[idx + dy * b->stride - 2];
        uint64_t w;
        memcpy(&w, p, sizeof w);
        w = delta > 0 ? w + five : w - five;
        memcpy(p, &w, sizeof w);
    }
}

static HOT_INLINE void place(board *b, int idx, int full)
{
    int s = b->side;
    int wins = gomoku__makes_five(b, idx, s);
    int forbidden = 0;
    if (!wins && s == C_BLACK)
        forbidden = gomoku__black_forbidden(b, idx);

    board_undo *u = &b->undo[b->nmoves & (UNDO_PLIES - 1)];
    u->nmoves = b->nmoves;
    u->len = 0;
    if (full)
        memcpy(u->npat, b->npat, sizeof u->npat);
    if (full == FITTED)
        memcpy(u->esum, b->esum, sizeof u->esum);
    memcpy(u->ncls, b->ncls, sizeof u->ncls);
    uint32_t v;
    memcpy(&v, b->pat[idx], sizeof v);
    save_cell(u, b, idx, v);

    count_out(b, idx, full);
    memset(b->pat[idx], 0, NDIR);
    b->cls[idx][0] = b->cls[idx][1] = K_NONE;
    b->cell[idx] = (uint8_t)s;
    update_lines(b, u, idx, (uint32_t)s, 1, full);
    if (full)
        update_near(b, idx, 1);
    b->hash = gomoku__board_hash_after(b, idx); /* b->side is still s */
    b->moves[b->nmoves++] = idx;
    b->side = 3 - s;

    if (wins)
        b->state = s == C_BLACK ? GOMOKU_BLACK_WINS : GOMOKU_WHITE_WINS;
    else if (forbidden) {
        b->state = GOMOKU_WHITE_WINS;
        b->forbidden_loss = 1;
    } else if (b->nmoves == b->size * b->size)
        b->state = GOMOKU_DRAW;
}

static HOT_INLINE void take_back(board *b, int full)
{
    int idx = b->moves[--b->nmoves];
    int s = b->cell[idx];
    b->cell[idx] = C_EMPTY;
    const board_undo *u = &b->undo[b->nmoves & (UNDO_PLIES - 1)];
    if (u->nmoves == b->nmoves) {
        restore_lines(b, u, idx, full);
    } else {
        /* Overwritten by a move UNDO_PLIES later (only when a long game is taken back). */
        update_lines(b, NULL, idx, (uint32_t)s, 0, full);
        refresh(b, idx);
        count_in(b, idx, full);
    }
    if (full)
        update_near(b, idx, -1);
    b->hash ^= b->zobrist[s - 1][idx] ^ b->zobrist_side;
    b->side = s;
    b->state = GOMOKU_ONGOING;
    b->forbidden_loss = 0;
}

void gomoku__board_make(board *b, int idx)
{
    if (b->fitted)
        place(b, idx, FITTED);
    else
        place(b, idx, 1);
}
void gomoku__board_unmake(board *b)
{
    if (b->fitted)
        take_back(b, FITTED);
    else
        take_back(b, 1);
}

void gomoku__board_set_fitted(board *b, int on)
{
    if (b->fitted == on)
        return;
    int n = b->nmoves, moves[GOMOKU_MAX_CELLS];
    memcpy(moves, b->moves, sizeof moves[0] * (size_t)n);
    gomoku__board_init(b, b->size, b->rule);
    b->fitted = on;
    for (int y = 0; y < b->size && on; y++)
        for (int x = 0; x < b->size; x++)
            esum_add(b, board_index(b, x, y), 1);
    for (int i = 0; i < n; i++)
        gomoku__board_make(b, moves[i]);
}
void gomoku__board_make_lite(board *b, int idx) { place(b, idx, 0); }
void gomoku__board_unmake_lite(board *b) { take_back(b, 0); }

int gomoku__board_check(const board *b)
{
    /* Recomputes every key, pattern, class, count and the hash from the stones alone. */
    int cells = b->stride * b->stride;
    int npat[2][P_NUM] = {{0}}, ncls[2][K_NUM] = {{0}}, esum[2][2] = {{0}};
    uint64_t hash = 0;
    for (int idx = 0; idx < cells; idx++) {
        if (b->cell[idx] == C_WALL)
            continue;
        int x = board_x(b, idx), y = board_y(b, idx);
        if (!board_on(b, x, y))
            return 0;
        int nearby = 0;
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                int c = b->cell[idx + dy * b->stride + dx];
                nearby += c == C_BLACK || c == C_WHITE;
            }
        if (nearby != b->near[idx])
            return 0;
        if (b->cell[idx] != C_EMPTY) {
            hash ^= b->zobrist[b->cell[idx] - 1][idx];
            for (int d = 0; d < NDIR; d++)
                if (b->pat[idx][d] != 0)
                    return 0;
            continue;
        }
        uint8_t pb[NDIR], pw[NDIR];
        for (int d = 0; d < NDIR; d++) {
            uint32_t k = 0;
            for (int i = -5; i <= 5; i++)
                if (i)
                    k |= (uint32_t)b->cell[idx + i * b->dir_step[d]] << (2 * slot_of(i));
            if (k != b->key[idx][d] || b->pat[idx][d] != b->table[k])
                return 0;
            pb[d] = b->table[k] & 15;
            pw[d] = b->table[k] >> 4;
            npat[0][pb[d]]++;
            npat[1][pw[d]]++;
        }
        for (int c = 0; c < 2; c++) {
            const uint8_t *p = c ? pw : pb;
            const gomoku__eval_pair *e = &b->etab[c][p[0] + 9 * p[1] + 81 * p[2] + 729 * p[3]];
            esum[c][0] += e->own;
            esum[c][1] += e->opp;
        }
        int cb = gomoku__cell_class(pb), cw = gomoku__cell_class(pw);
        if (cb != b->cls[idx][0] || cw != b->cls[idx][1])
            return 0;
        ncls[0][cb]++;
        ncls[1][cw]++;
    }
    if (b->side == C_WHITE)
        hash ^= b->zobrist_side;
    if (hash != b->hash)
        return 0;
    if (memcmp(npat, b->npat, sizeof npat) != 0 || memcmp(ncls, b->ncls, sizeof ncls) != 0 ||
        (b->fitted && memcmp(esum, b->esum, sizeof esum) != 0))
        return 0;
    int stones = 0;
    for (int idx = 0; idx < cells; idx++)
        stones += b->cell[idx] == C_BLACK || b->cell[idx] == C_WHITE;
    return stones == b->nmoves && b->side == (b->nmoves % 2 ? C_WHITE : C_BLACK);
}

int gomoku__board_win_line(const board *b, int *out, int capacity)
{
    if (b->nmoves == 0 || b->forbidden_loss ||
        (b->state != GOMOKU_BLACK_WINS && b->state != GOMOKU_WHITE_WINS))
        return 0;
    int idx = b->moves[b->nmoves - 1];
    int s = b->cell[idx];
    int opp = 3 - s;
    for (int d = 0; d < NDIR; d++) {
        int step = b->dir_step[d];
        int lo = idx, hi = idx;
        while (b->cell[lo - step] == s)
            lo -= step;
        while (b->cell[hi + step] == s)
            hi += step;
        int len = (hi - lo) / step + 1;
        int ok;
        if (b->rule == GOMOKU_FREESTYLE || (b->rule == GOMOKU_RENJU && s == C_WHITE))
            ok = len >= 5;
        else if (b->rule == GOMOKU_CARO)
            ok = len == 5 && !(b->cell[lo - step] == opp && b->cell[hi + step] == opp);
        else
            ok = len == 5;
        if (!ok)
            continue;
        if (len > capacity)
            return -len;
        int n = 0;
        for (int j = lo; j <= hi; j += step)
            out[n++] = j;
        return n;
    }
    return 0;
}
