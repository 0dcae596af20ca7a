/* rules.c - renju forbidden moves. PLACEHOLDER: replaced by the rules work (branch rules). */
#include "internal.h"

int gomoku__renju_forbidden(uint8_t *cell, int stride, int idx)
{
    (void)cell;
    (void)stride;
    (void)idx;
    return GOMOKU_FORBID_NONE;
}
