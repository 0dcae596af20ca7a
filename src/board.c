/*
 * board.c - the incremental board: stones, neighbourhood keys, line patterns, cell
 * classes, pattern counts, Zobrist hash, game state.
 *
 * Placing or removing a stone changes only the keys of the cells within five steps of it
 * along the four lines through it (at most 40 cells), so only those cells' patterns and
 * classes are looked up again. Undo is the same update in reverse: nothing is saved per
 * move except the move itself.
 */
#include "internal.h"

#include <string.h>

static inline int slot_of(int offset) { return offset < 0 ? offset + 5 : offset + 4; }

/* Removes an empty cell's contribution to the counts. */
static inline void count_out(board *b, int idx)
{
    for (int d = 0; d < NDIR; d++) {
        b->npat[0][b->pat[idx][d] & 15]--;
        b->npat[1][b->pat[idx][d] >> 4]--;
    }
    b->ncls[0][b->cls[idx][0]]--;
    b->ncls[1][b->cls[idx][1]]--;
}

static inline void count_in(board *b, int idx)
{
    for (int d = 0; d < NDIR; d++) {
        b->npat[0][b->pat[idx][d] & 15]++;
        b->npat[1][b->pat[idx][d] >> 4]++;
    }
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
    b->side = C_BLACK;
    b->state = GOMOKU_ONGOING;

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
            count_in(b, idx);
        }
}

/* Renju: can a black stone at idx be forbidden at all? Only with two lines of three or
 * better, an open-four-or-better line (a same-line double four shows as one), or an
 * overline. Saves the exact test on nearly every move. */
static int may_be_forbidden(const board *b, int idx)
{
    int strong = 0;
    for (int d = 0; d < NDIR; d++) {
        int p = pat_of(b, idx, d, C_BLACK);
        if (p == P_OPEN_FOUR)
            return 1;
        strong += p >= P_OPEN_THREE;
        int step = b->dir_step[d], run = 1;
        for (int j = idx + step; b->cell[j] == C_BLACK; j += step)
            run++;
        for (int j = idx - step; b->cell[j] == C_BLACK; j -= step)
            run++;
        if (run >= 6)
            return 1;
    }
    return strong >= 2;
}

/* Updates the keys of the cells along the four lines through idx after a stone of
 * `colour` was placed on it or removed from it, and looks their patterns up again. */
static inline void update_cell(board *b, int q, int d, uint32_t set, uint32_t clear)
{
    uint32_t k = (b->key[q][d] & ~clear) | set;
    b->key[q][d] = k;
    uint8_t np = b->table[k];
    uint8_t op = b->pat[q][d];
    if (np == op)
        return;
    b->npat[0][op & 15]--;
    b->npat[1][op >> 4]--;
    b->npat[0][np & 15]++;
    b->npat[1][np >> 4]++;
    b->pat[q][d] = np;
    uint8_t c0 = b->cls[q][0], c1 = b->cls[q][1];
    classify(b, q);
    b->ncls[0][c0]--;
    b->ncls[1][c1]--;
    b->ncls[0][b->cls[q][0]]++;
    b->ncls[1][b->cls[q][1]]++;
}

static void update_lines(board *b, int idx, uint32_t colour, int placing)
{
    for (int d = 0; d < NDIR; d++) {
        int step = b->dir_step[d];
        /* Forward: idx is at offset -i as seen from q = idx + i*step (slot 5 - i). */
        for (int i = 1; i <= 5; i++) {
            int q = idx + i * step;
            /* Occupied cells and walls keep stale keys: moves are undone in the reverse
             * order they were made, so when a stone is taken back every stone placed
             * after it is already gone and its old key is exact again. Past a wall
             * there are only walls. */
            if (b->cell[q] != C_EMPTY) {
                if (b->cell[q] == C_WALL)
                    break;
                continue;
            }
            int shift = 2 * (5 - i);
            update_cell(b, q, d, placing ? colour << shift : 0, placing ? 0 : 3u << shift);
        }
        /* Backward: idx is at offset +i as seen from q = idx - i*step (slot 4 + i). */
        for (int i = 1; i <= 5; i++) {
            int q = idx - i * step;
            if (b->cell[q] != C_EMPTY) {
                if (b->cell[q] == C_WALL)
                    break;
                continue;
            }
            int shift = 2 * (4 + i);
            update_cell(b, q, d, placing ? colour << shift : 0, placing ? 0 : 3u << shift);
        }
    }
}

static void update_near(board *b, int idx, int delta)
{
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            b->near[idx + dy * b->stride + dx] = (uint8_t)(b->near[idx + dy * b->stride + dx] + delta);
}

void gomoku__board_make(board *b, int idx)
{
    int s = b->side;
    int wins = gomoku__makes_five(b, idx, s);
    int forbidden = 0;
    if (!wins && b->rule == GOMOKU_RENJU && s == C_BLACK && may_be_forbidden(b, idx))
        forbidden = gomoku__renju_forbidden(b->cell, b->stride, idx) != GOMOKU_FORBID_NONE;

    count_out(b, idx);
    memset(b->pat[idx], 0, NDIR);
    b->cls[idx][0] = b->cls[idx][1] = K_NONE;
    b->cell[idx] = (uint8_t)s;
    update_lines(b, idx, (uint32_t)s, 1);
    update_near(b, idx, 1);
    b->hash ^= b->zobrist[s - 1][idx] ^ b->zobrist_side;
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

void gomoku__board_unmake(board *b)
{
    int idx = b->moves[--b->nmoves];
    int s = b->cell[idx];
    b->cell[idx] = C_EMPTY;
    update_lines(b, idx, (uint32_t)s, 0);
    update_near(b, idx, -1);
    refresh(b, idx);
    count_in(b, idx);
    b->hash ^= b->zobrist[s - 1][idx] ^ b->zobrist_side;
    b->side = s;
    b->state = GOMOKU_ONGOING;
    b->forbidden_loss = 0;
}

int gomoku__board_check(const board *b)
{
    /* Recomputes every key, pattern, class, count and the hash from the stones alone. */
    int cells = b->stride * b->stride;
    int npat[2][P_NUM] = {{0}}, ncls[2][K_NUM] = {{0}};
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
    if (memcmp(npat, b->npat, sizeof npat) != 0 || memcmp(ncls, b->ncls, sizeof ncls) != 0)
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
