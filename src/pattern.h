/*
 * pattern.h - the pattern, class and Zobrist tables the board is built on (pattern.c). Internal.
 */
#ifndef GOMOKU_PATTERN_H
#define GOMOKU_PATTERN_H

#include "board.h"

/* pattern.c: the tables, built once per process behind pthread_once. */
const uint8_t *gomoku__pattern_table(int rule);
/* Class of a cell from the four line patterns of one side. */
int gomoku__cell_class(const uint8_t pats[NDIR]);
/* gomoku__cell_class for all 65536 nibble-packed pattern quadruples (p0 | p1<<4 | ...). */
const uint8_t *gomoku__class_table(void);
extern const uint64_t *gomoku__zobrist_table(void); /* [2][GOMOKU_MAX_CELLS] + 1 */

#endif /* GOMOKU_PATTERN_H */
