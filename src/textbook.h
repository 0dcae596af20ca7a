/*
 * textbook.h - what the textbook searches share with their Gomoku adapter. Internal.
 */
#ifndef GOMOKU_TEXTBOOK_H
#define GOMOKU_TEXTBOOK_H

#include "gomoku.h"

/* textbook.c: reads the caller's options (NULL: the defaults; any older version, see
 * gomoku__read_versioned()) into *o and checks them and the algorithm, all but the
 * radius, which only the Gomoku adapter uses: GOMOKU_OK, GOMOKU_EVERSION or
 * GOMOKU_EINVAL. */
int gomoku__textbook_options(gomoku_textbook_options *o, gomoku_algo algo,
                             const gomoku_textbook_options *opts);

#endif /* GOMOKU_TEXTBOOK_H */
