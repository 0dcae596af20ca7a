/*
 * tt.c - the transposition table an engine owns, and the public hash functions.
 *
 * Layout: buckets of four 16-byte entries (one 64-byte cache line). An entry is two
 * 64-bit words, the packed data and the key xor-ed with the data, both read and written
 * with relaxed atomics: Lazy SMP threads share the table without locks, and an entry
 * half-written by another thread fails the key check and reads as a miss instead of
 * giving another position's move.
 *
 * Data word: move (16 bits), score (16, signed), static eval (16, signed), depth (8),
 * bound (2), generation (6).
 *
 * Replacement inside a bucket: the same position first, then an empty slot, then the
 * entry of least worth, worth = depth - 4 * (generations since it was written), so deep
 * results of the current search stay and stale ones go first.
 *
 * The table never exceeds the size asked for: it holds the largest power of two of
 * buckets that fits.
 */
#include "internal.h"
#include "bigmem.h"
#include "tt.h"

#include <stdlib.h>
#include <string.h>

#define BUCKET 4

typedef struct tt_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} tt_entry;

struct tt {
    tt_entry *entries;
    size_t buckets; /* a power of two */
    unsigned generation;
};

static size_t buckets_for(int megabytes)
{
    if (megabytes < 1)
        return 0;
    size_t bytes = (size_t)megabytes << 20;
    size_t count = 1;
    while (count * 2 * BUCKET * sizeof(tt_entry) <= bytes)
        count *= 2;
    return count * BUCKET * sizeof(tt_entry) <= bytes ? count : 0;
}

long long gomoku__tt_bytes_for(int megabytes)
{
    return (long long)(buckets_for(megabytes) * BUCKET * sizeof(tt_entry));
}

struct tt *gomoku__tt_new(int megabytes)
{
    size_t count = buckets_for(megabytes);
    if (count == 0)
        return NULL;
    struct tt *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    /* Zeroed: all-zero words are empty entries (data 0 has bound TT_NONE). */
    size_t bytes = count * BUCKET * sizeof(tt_entry);
    tt->entries = gomoku__big_zalloc(bytes);
    if (!tt->entries) {
        free(tt);
        return NULL;
    }
    /* Fresh pages are mapped at their first touch. Touched here, while no clock runs, and
     * not by a search's probes: on a virtual machine the first touch of memory the host
     * has not backed yet is slow (up to a few ms a huge page), and a search whose probes
     * stall there cannot see its stop (measured: the first 200 ms move of a fresh
     * pbrain-gomoku with a 128 MB table took 0.35-0.85 s). */
    memset((void *)tt->entries, 0, bytes);
    tt->buckets = count;
    tt->generation = 0;
    return tt;
}

void gomoku__tt_free(struct tt *tt)
{
    if (!tt)
        return;
    gomoku__big_free(tt->entries, tt->buckets * BUCKET * sizeof(tt_entry));
    free(tt);
}

void gomoku__tt_clear(struct tt *tt)
{
    if (!tt)
        return;
    /* Only called while no search runs, so a plain memset is race-free. */
    memset((void *)tt->entries, 0, tt->buckets * BUCKET * sizeof(tt_entry));
    tt->generation = 0;
}

long long gomoku__tt_bytes(const struct tt *tt)
{
    return tt ? (long long)(tt->buckets * BUCKET * sizeof(tt_entry)) : 0;
}

void gomoku__tt_new_search(struct tt *tt)
{
    if (tt)
        tt->generation = (tt->generation + 1) & 63;
}

static inline tt_entry *bucket_of(const struct tt *tt, uint64_t key)
{
    /* The high bits pick the bucket; the low ones are the hash's least mixed by the
     * padded-index layout, and the whole key is checked anyway. */
    return tt->entries + (size_t)((key >> 32) & (tt->buckets - 1)) * BUCKET;
}

void gomoku__tt_prefetch(const struct tt *tt, uint64_t key)
{
#if defined(__GNUC__)
    if (tt)
        __builtin_prefetch(bucket_of(tt, key));
#else
    (void)tt;
    (void)key;
#endif
}

static inline uint64_t pack(int move, int score, int eval, int depth, int bound, unsigned gen,
                            int pv)
{
    return (uint64_t)(uint16_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 |
           (uint64_t)(uint16_t)(int16_t)eval << 32 | (uint64_t)(uint8_t)(depth | (pv ? 128 : 0)) << 48 |
           (uint64_t)(bound & 3) << 56 | (uint64_t)(gen & 63) << 58;
}

static inline int d_move(uint64_t d) { return (int)(d & 0xFFFF); }
static inline int d_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 16); }
static inline int d_eval(uint64_t d) { return (int16_t)(uint16_t)(d >> 32); }
/* The depth byte: seven bits of depth, the pv flag on top. */
static inline int d_depth(uint64_t d) { return (int)((d >> 48) & 0x7F); }
static inline int d_pv(uint64_t d) { return (int)((d >> 55) & 1); }
static inline int d_bound(uint64_t d) { return (int)((d >> 56) & 3); }
static inline unsigned d_gen(uint64_t d) { return (unsigned)(d >> 58) & 63; }

/* Mate scores count plies from the root; in the table they count from the node, so the
 * same position found at another ply gets the right distance. */
static inline int to_tt(int score, int ply)
{
    if (score >= GOMOKU_SCORE_WIN_MIN)
        return score + ply;
    if (score <= -GOMOKU_SCORE_WIN_MIN)
        return score - ply;
    return score;
}

static inline int from_tt(int score, int ply)
{
    if (score >= GOMOKU_SCORE_WIN_MIN)
        return score - ply;
    if (score <= -GOMOKU_SCORE_WIN_MIN)
        return score + ply;
    return score;
}

int gomoku__tt_probe(struct tt *tt, uint64_t key, int ply, tt_hit *hit)
{
    tt_entry *e = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&e[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&e[i].check, memory_order_relaxed);
        if ((check ^ data) != key || d_bound(data) == TT_NONE)
            continue;
        hit->move = d_move(data);
        hit->score = from_tt(d_score(data), ply);
        hit->eval = d_eval(data);
        hit->depth = d_depth(data);
        hit->bound = d_bound(data);
        hit->pv = d_pv(data);
        if (hit->bound == TT_LOWER && hit->score == TT_STATIC_ONLY) {
            /* A static value only: a hit with no bound. */
            hit->bound = TT_NONE;
            hit->score = 0;
        }
        return 1;
    }
    return 0;
}

void gomoku__tt_store(struct tt *tt, uint64_t key, int ply, int move, int score, int eval,
                      int depth, int bound, int pv)
{
    tt_entry *e = bucket_of(tt, key);
    unsigned gen = tt->generation;
    tt_entry *slot = NULL;
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&e[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&e[i].check, memory_order_relaxed);
        if ((check ^ data) == key && d_bound(data) != TT_NONE) {
            /* Same position: keep a deeper exact-enough result of this search, but do not
             * lose its move when the new result has none. */
            if (move == 0)
                move = d_move(data);
            if (bound != TT_EXACT && d_gen(data) == gen && d_depth(data) > depth + 2)
                return;
            slot = &e[i];
            break;
        }
        if (d_bound(data) == TT_NONE) {
            if (worst > -(1 << 29)) {
                slot = &e[i];
                worst = -(1 << 29);
            }
            continue;
        }
        int age = (int)((gen - d_gen(data)) & 63);
        int worth = d_depth(data) - 4 * age;
        if (worth < worst) {
            worst = worth;
            slot = &e[i];
        }
    }
    if (depth < 0)
        depth = 0;
    if (depth > 127)
        depth = 127;
    uint64_t data = pack(move, to_tt(score, ply), eval, depth, bound, gen, pv);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->check, key ^ data, memory_order_relaxed);
}

/* ---- public hash functions ---- */

int gomoku_set_hash_size(gomoku_engine *e, int megabytes)
{
    if (!e || megabytes < 1 || megabytes > 65536)
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    struct tt *tt = gomoku__tt_new(megabytes);
    if (!tt)
        return GOMOKU_ENOMEM;
    gomoku__tt_free(e->tt);
    e->tt = tt;
    e->hash_mb = megabytes;
    /* A new memory setting: what the searches kept is made again, to the next search's
     * needs (a caller that sized the table for fewer threads gets the worker's tables
     * back). */
    gomoku__search_mem_free(e->mem);
    e->mem = NULL;
    return GOMOKU_OK;
}

long long gomoku_hash_bytes(const gomoku_engine *e)
{
    if (!e)
        return GOMOKU_EINVAL;
    /* Before the first search the table is not allocated yet; report the size it will
     * have, which is what a caller sizing memory wants to know. */
    return e->tt ? gomoku__tt_bytes(e->tt) : gomoku__tt_bytes_for(e->hash_mb);
}

int gomoku_clear_hash(gomoku_engine *e)
{
    if (!e)
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    gomoku__tt_clear(e->tt);
    return GOMOKU_OK;
}
