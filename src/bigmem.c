/*
 * bigmem.c - zeroed allocations of the large tables (the transposition table, the threat
 * solver's proof-number tables).
 *
 * Those tables are read at random, one cache line per probe, so with 4 KB pages nearly
 * every probe also misses the TLB. On Linux a table of 2 MB or more is mapped on its
 * own, aligned to 2 MB, and marked for transparent huge pages (where the system runs
 * them in "madvise" mode, as Debian does, nothing else would ask for them). Fresh
 * anonymous pages are zero, so the table need not be cleared. Elsewhere, and for small
 * tables, calloc().
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include <sys/mman.h>
#endif

#include "bigmem.h"

#include <stdint.h>
#include <stdlib.h>

#define HUGE_PAGE ((size_t)2 << 20)

#if defined(__linux__) && defined(MAP_ANONYMOUS)
/* What a table of `bytes` (>= HUGE_PAGE) maps: whole huge pages. */
static size_t mapped_size(size_t bytes) { return (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1); }
#endif

void *gomoku__big_zalloc(size_t bytes)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (bytes >= HUGE_PAGE) {
        size_t size = mapped_size(bytes);
        size_t len = size + HUGE_PAGE;
        char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        /* Keep the 2 MB-aligned part; give back what lies before and after it. */
        char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        if (a > p)
            munmap(p, (size_t)(a - p));
        if (p + len > a + size)
            munmap(a + size, (size_t)(p + len - (a + size)));
#if defined(MADV_HUGEPAGE)
        madvise(a, size, MADV_HUGEPAGE); /* a hint: failure only costs speed */
#endif
        return a;
    }
#endif
    return calloc(1, bytes ? bytes : 1);
}

void gomoku__big_free(void *p, size_t bytes)
{
    if (!p)
        return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (bytes >= HUGE_PAGE) {
        munmap(p, mapped_size(bytes));
        return;
    }
#endif
    free(p);
}
