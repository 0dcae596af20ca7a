/*
 * textbook.h - what the textbook searches share with their Gomoku adapter. Internal.
 */
#ifndef GOMOKU_TEXTBOOK_H
#define GOMOKU_TEXTBOOK_H

#include "gomoku.h"

/* textbook.c: validates a textbook search's algorithm and options (all but the radius,
 * which only the Gomoku adapter uses): GOMOKU_OK, GOMOKU_EVERSION or GOMOKU_EINVAL. */
int gomoku__textbook_check(gomoku_algo algo, const gomoku_textbook_options *opts);

#endif /* GOMOKU_TEXTBOOK_H */
