/*
 * tt.c - the transposition table an engine owns. This first version only manages the
 * memory (size bound, clear, free); the strong search adds probing and storing.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct tt_entry {
    uint64_t key;
    uint64_t data;
} tt_entry;

struct tt {
    tt_entry *entries;
    size_t count; /* a power of two */
};

struct tt *gomoku__tt_new(int megabytes)
{
    if (megabytes < 1)
        return NULL;
    size_t bytes = (size_t)megabytes << 20;
    size_t count = 1;
    /* The largest power of two of entries that fits: the size is a bound, never exceeded. */
    while (count * 2 * sizeof(tt_entry) <= bytes)
        count *= 2;
    struct tt *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    tt->entries = calloc(count, sizeof(tt_entry));
    if (!tt->entries) {
        free(tt);
        return NULL;
    }
    tt->count = count;
    return tt;
}

void gomoku__tt_free(struct tt *tt)
{
    if (!tt)
        return;
    free(tt->entries);
    free(tt);
}

void gomoku__tt_clear(struct tt *tt)
{
    if (tt)
        memset(tt->entries, 0, tt->count * sizeof(tt_entry));
}

long long gomoku__tt_bytes(const struct tt *tt)
{
    return tt ? (long long)(tt->count * sizeof(tt_entry)) : 0;
}
