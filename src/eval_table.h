/*
 * eval_table.h - the pattern-combination tables of the fitted evaluation
 * (GOMOKU_EVAL_FITTED): for each table, the value of an empty cell by the combination of
 * its four line patterns for one side, as the mover's cell (own) and as the opponent's
 * (opp). The values are generated into eval_table.c by bench/fit-combo.py. Internal.
 */
#ifndef GOMOKU_EVAL_TABLE_H
#define GOMOKU_EVAL_TABLE_H

#include <stdint.h>

/* Sorted multisets of four pattern codes P_NONE..P_FIVE: C(12, 4). */
#define EVAL_COMBOS 495
/* freestyle, standard, renju black's cells, renju white's cells (caro uses standard's). */
#define EVAL_TABLES 4

extern const int16_t gomoku__combo_fitted[EVAL_TABLES][2][EVAL_COMBOS];

#endif /* GOMOKU_EVAL_TABLE_H */
