/*
 * pattern.c - the line pattern tables and the Zobrist keys.
 *
 * A cell's pattern in one direction depends only on the ten cells at distances 1..5 on
 * either side of it along that line (2 bits each: empty, black, white, wall), so it is
 * read from a table of 2^20 entries indexed by that neighbourhood key. Five cells each
 * way is exactly what the rules need: any five through the cell lies within distance 4,
 * and telling a five from an overline, or (caro) whether its ends are blocked, needs the
 * cell just beyond it.
 *
 * The table entry says what the side gets on that line by playing the cell, defined
 * recursively and always about shapes that contain the cell itself:
 *   FIVE       the move wins by this line under the rule;
 *   OPEN_FOUR  afterwards two or more empty cells would each complete such a five;
 *   FOUR       exactly one would;
 *   OPEN_THREE afterwards some empty cell would give OPEN_FOUR; THREE: only FOUR;
 *   OPEN_TWO / TWO likewise one level down; ONE: a five is still possible;
 *   NONE       no five through the cell can ever be made on this line.
 * Because every shape must contain the cell, all the cells the recursion looks at lie in
 * the same eleven-cell window, so the definition is exact, not an approximation.
 *
 * Tables are built once per process per rule behind pthread_once and are read-only
 * afterwards, so engines in different threads share them safely.
 */
#include "pattern.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* How a completed line through the centre counts as a win. */
enum { V_FREE = 0, V_EXACT = 1, V_CARO = 2, V_NUM = 3 };

#define L_OWN 1
#define L_OPP 2
#define L_WALL 3

static uint8_t variant_table[V_NUM][KEY_SIZE];
static uint8_t rule_table[4][KEY_SIZE];
static pthread_once_t variant_once[V_NUM] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
                                             PTHREAD_ONCE_INIT};
static pthread_once_t rule_once[4] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
                                      PTHREAD_ONCE_INIT};

/* The lines are read straight from their keys (see KEY_BITS in internal.h): slot j holds
 * the cell at offset j - 5 (j < 5) or j - 4, the centre is always own. Own stones are
 * C_BLACK (1), the opponent's C_WHITE (2); the table for the other colour is derived
 * by swapping the two. */
static inline uint32_t slot(uint32_t k, int j) { return (k >> (2 * j)) & 3; }

static int is_win(uint32_t k, int variant)
{
    int left = 0, right = 0;
    while (left < 5 && slot(k, 4 - left) == L_OWN)
        left++;
    while (right < 5 && slot(k, 5 + right) == L_OWN)
        right++;
    int len = 1 + left + right;
    switch (variant) {
    case V_FREE:
        return len >= 5;
    case V_EXACT:
        return len == 5;
    default: /* caro: exactly five, not blocked by the opponent at both ends (the ends
                are inside the window: a five leaves at most four stones on a side) */
        return len == 5 && !(slot(k, 4 - left) == L_OPP && slot(k, 5 + right) == L_OPP);
    }
}

/*
 * Level of every line k with the centre played. A line's level depends only on the lines
 * with one more own stone (an empty slot set to L_OWN), whose keys are larger, so going
 * through the keys from the top finds them all computed already. A child has level
 * P_FIVE exactly when it is a win, so the fives are counted from the table as well.
 */
static void build_variant(int v)
{
    /* One stone fewer: the child's level shifts down by one shape. */
    static const uint8_t down[P_NUM] = {
        [P_NONE] = P_NONE,         [P_ONE] = P_ONE,       [P_TWO] = P_ONE,
        [P_OPEN_TWO] = P_ONE,      [P_THREE] = P_TWO,     [P_OPEN_THREE] = P_OPEN_TWO,
        [P_FOUR] = P_THREE,        [P_OPEN_FOUR] = P_OPEN_THREE, [P_FIVE] = P_FIVE};
    uint8_t *t = variant_table[v];
    for (uint32_t k = KEY_SIZE; k-- > 0;) {
        if (is_win(k, v)) {
            t[k] = P_FIVE;
            continue;
        }
        int fives = 0, best = P_NONE;
        for (int j = 0; j < 10; j++) {
            if (slot(k, j) != 0)
                continue;
            int c = t[k | (uint32_t)L_OWN << (2 * j)];
            fives += c == P_FIVE;
            if (c > best)
                best = c;
        }
        t[k] = (uint8_t)(fives >= 2 ? P_OPEN_FOUR : fives == 1 ? P_FOUR : down[best]);
    }
}
static void build_v0(void) { build_variant(V_FREE); }
static void build_v1(void) { build_variant(V_EXACT); }
static void build_v2(void) { build_variant(V_CARO); }

static const uint8_t *variant(int v)
{
    static void (*const builders[V_NUM])(void) = {build_v0, build_v1, build_v2};
    pthread_once(&variant_once[v], builders[v]);
    return variant_table[v];
}

/* The key as the other colour sees it: black and white bits swapped, empty and wall kept. */
static uint32_t swap_colours(uint32_t k)
{
    return ((k & 0x55555u) << 1) | ((k >> 1) & 0x55555u);
}

static void build_rule(int rule)
{
    int vb, vw;
    switch (rule) {
    case GOMOKU_FREESTYLE: vb = vw = V_FREE; break;
    case GOMOKU_STANDARD: vb = vw = V_EXACT; break;
    case GOMOKU_RENJU: vb = V_EXACT; vw = V_FREE; break;
    default: vb = vw = V_CARO; break;
    }
    const uint8_t *tb = variant(vb), *tw = variant(vw);
    uint8_t *r = rule_table[rule];
    for (uint32_t k = 0; k < KEY_SIZE; k++)
        r[k] = (uint8_t)(tb[k] | (tw[swap_colours(k)] << 4));
}
static void build_r0(void) { build_rule(0); }
static void build_r1(void) { build_rule(1); }
static void build_r2(void) { build_rule(2); }
static void build_r3(void) { build_rule(3); }

const uint8_t *gomoku__pattern_table(int rule)
{
    static void (*const builders[4])(void) = {build_r0, build_r1, build_r2, build_r3};
    pthread_once(&rule_once[rule], builders[rule]);
    return rule_table[rule];
}

int gomoku__cell_class(const uint8_t p[NDIR])
{
    int five = 0, open4 = 0, four = 0, open3 = 0;
    for (int d = 0; d < NDIR; d++) {
        five += p[d] == P_FIVE;
        open4 += p[d] == P_OPEN_FOUR;
        four += p[d] == P_FOUR;
        open3 += p[d] == P_OPEN_THREE;
    }
    if (five)
        return K_FIVE;
    if (open4 || four >= 2)
        return K_OPEN_FOUR;
    if (four && open3)
        return K_FOUR_THREE;
    if (four)
        return K_FOUR;
    if (open3 >= 2)
        return K_DOUBLE_THREE;
    if (open3)
        return K_THREE;
    return K_NONE;
}

static uint8_t class_table[1 << 16];
static pthread_once_t class_once = PTHREAD_ONCE_INIT;

static void build_class_table(void)
{
    for (uint32_t i = 0; i < (1u << 16); i++) {
        uint8_t p[NDIR];
        for (int d = 0; d < NDIR; d++)
            p[d] = (uint8_t)((i >> (4 * d)) & 15);
        int valid = 1;
        for (int d = 0; d < NDIR; d++)
            valid &= p[d] < P_NUM;
        class_table[i] = valid ? (uint8_t)gomoku__cell_class(p) : K_NONE;
    }
}

const uint8_t *gomoku__class_table(void)
{
    pthread_once(&class_once, build_class_table);
    return class_table;
}

/* Zobrist keys: [colour - 1][y * GOMOKU_MAX_SIZE + x], then one for the side to move.
 * From splitmix64 with a fixed seed, so hashes are the same in every run and process. */
static uint64_t zobrist[2 * GOMOKU_MAX_CELLS + 1];
static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

static void build_zobrist(void)
{
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < sizeof zobrist / sizeof zobrist[0]; i++) {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        zobrist[i] = z ^ (z >> 31);
    }
}

const uint64_t *gomoku__zobrist_table(void)
{
    pthread_once(&zobrist_once, build_zobrist);
    return zobrist;
}
