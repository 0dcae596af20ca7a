/* testutil.h - shared helpers for the cmocka test programs. */
#ifndef GOMOKU_TESTUTIL_H
#define GOMOKU_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gomoku.h"

/* A small deterministic PRNG (xorshift64*), so random tests repeat exactly. */
static inline uint64_t test_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* New engine with the moves played (a move list as gomoku_play_moves takes); fails the
 * test when anything goes wrong. */
static inline gomoku_engine *test_engine(int size, gomoku_rule rule, const char *moves)
{
    gomoku_engine *e = NULL;
    assert_int_equal(gomoku_new(&e, size, rule), GOMOKU_OK);
    assert_non_null(e);
    if (moves && *moves)
        assert_int_equal(gomoku_play_moves(e, moves), GOMOKU_OK);
    return e;
}

/* GOMOKU_QUICK=1 (set under valgrind) asks the random tests for fewer iterations. */
static inline int test_quick(void)
{
    const char *q = getenv("GOMOKU_QUICK");
    return q && *q && *q != '0';
}

#endif
