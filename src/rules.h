/*
 * rules.h - the exact renju forbidden-move test (rules.c). Internal.
 */
#ifndef GOMOKU_RULES_H
#define GOMOKU_RULES_H

#include "board.h"

/* rules.c: exact renju forbidden-move test for a black stone at the empty cell idx.
 * Works on the raw cell array (stride as in board), which it may change temporarily but
 * restores before returning. Returns a gomoku_forbid value. */
int gomoku__renju_forbidden(uint8_t *cell, int stride, int idx);

#endif /* GOMOKU_RULES_H */
