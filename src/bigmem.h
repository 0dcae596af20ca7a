/*
 * bigmem.h - memory for the large tables (bigmem.c). Internal.
 */
#ifndef GOMOKU_BIGMEM_H
#define GOMOKU_BIGMEM_H

#include <stddef.h>

/* bigmem.c: zeroed memory for a large table (huge pages where Linux offers them); free
 * it with gomoku__big_free() and the same size. NULL when out of memory. */
void *gomoku__big_zalloc(size_t bytes);
void gomoku__big_free(void *p, size_t bytes);

#endif /* GOMOKU_BIGMEM_H */
