/*
 * notation.c - moves as text: Gomocup "x,y" (zero-based, y from the top) and renju "h8"
 * (column letter from a, row number from the bottom), and whole move lists.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A number too big for any board: parse_number() saturates here, so that a coordinate
 * of any length is read whole and reported off the board (ERANGE), like "h0". */
#define NUMBER_CAP 1000000

/* Parses a non-negative decimal number in [*p, end); returns -1 when there is no digit. */
static int parse_number(const char **p, const char *end)
{
    const char *s = *p;
    int n = 0;
    if (s == end || !isdigit((unsigned char)*s))
        return -1;
    while (s < end && isdigit((unsigned char)*s)) {
        n = n * 10 + (*s++ - '0');
        if (n > NUMBER_CAP)
            n = NUMBER_CAP;
    }
    *p = s;
    return n;
}

static const char *skip_tabs(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* One move in [s, end). The one rule: text of a move's form ("x,y" or a letter and a row
 * number) whose cell is not on the board is GOMOKU_ERANGE, however large its numbers;
 * anything else that is not a move is GOMOKU_ESYNTAX. */
static int parse_token(int *x, int *y, int size, const char *s, const char *end)
{
    while (s < end && isspace((unsigned char)*s))
        s++;
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    if (s == end)
        return GOMOKU_ESYNTAX;
    const char *p = s;
    int px, py;
    if (isdigit((unsigned char)*p)) {
        px = parse_number(&p, end);
        p = skip_tabs(p, end);
        if (p == end || *p++ != ',')
            return GOMOKU_ESYNTAX;
        p = skip_tabs(p, end);
        py = parse_number(&p, end);
        if (py < 0 || p != end)
            return GOMOKU_ESYNTAX;
    } else if (isalpha((unsigned char)*p)) {
        px = tolower((unsigned char)*p++) - 'a';
        int row = parse_number(&p, end);
        if (row < 0 || p != end)
            return GOMOKU_ESYNTAX;
        if (row < 1 || row > size)
            return GOMOKU_ERANGE;
        py = size - row;
    } else {
        return GOMOKU_ESYNTAX;
    }
    if (px >= size || py >= size)
        return GOMOKU_ERANGE;
    *x = px;
    *y = py;
    return GOMOKU_OK;
}

int gomoku_parse_move(int *x, int *y, const gomoku_engine *e, const char *text)
{
    if (!x || !y || !e || !text)
        return GOMOKU_EINVAL;
    return parse_token(x, y, e->b.size, text, text + strlen(text));
}

int gomoku_format_move(char *buf, size_t bufsize, const gomoku_engine *e, int x, int y,
                       gomoku_notation notation)
{
    if (!buf || !e || (notation != GOMOKU_NOTATION_XY && notation != GOMOKU_NOTATION_RENJU))
        return GOMOKU_EINVAL;
    if (!board_on(&e->b, x, y) || (notation == GOMOKU_NOTATION_RENJU && x >= 26))
        return GOMOKU_ERANGE;
    char tmp[16];
    int n;
    if (notation == GOMOKU_NOTATION_XY)
        n = snprintf(tmp, sizeof tmp, "%d,%d", x, y);
    else
        n = snprintf(tmp, sizeof tmp, "%c%d", 'a' + x, e->b.size - y);
    if ((size_t)n + 1 > bufsize)
        return GOMOKU_EBUFFER;
    memcpy(buf, tmp, (size_t)n + 1);
    return GOMOKU_OK;
}

static int is_separator(char c) { return c == ';' || isspace((unsigned char)c); }

int gomoku_play_moves(gomoku_engine *e, const char *moves)
{
    if (!e || !moves)
        return GOMOKU_EINVAL;
    int played = 0, rc = GOMOKU_OK;
    const char *p = moves;
    for (;;) {
        while (*p && is_separator(*p))
            p++;
        if (!*p)
            break;
        const char *start = p;
        while (*p && !is_separator(*p))
            p++;
        /* "7, 7": a token ending in a comma takes the next token as its second half */
        if (p[-1] == ',') {
            while (*p && is_separator(*p))
                p++;
            while (*p && !is_separator(*p))
                p++;
        }
        int x, y;
        rc = parse_token(&x, &y, e->b.size, start, p);
        if (rc == GOMOKU_OK)
            rc = gomoku_play(e, x, y);
        if (rc != GOMOKU_OK)
            break;
        played++;
    }
    if (rc != GOMOKU_OK)
        while (played-- > 0)
            gomoku_undo(e);
    return rc;
}

/* Move i of the game in `notation` into mv (16 bytes); returns its length. */
static size_t move_text(char mv[16], const gomoku_engine *e, int i, gomoku_notation notation)
{
    int idx = e->b.moves[i];
    gomoku_format_move(mv, 16, e, board_x(&e->b, idx), board_y(&e->b, idx), notation);
    return strlen(mv);
}

int gomoku_format_moves(char *buf, size_t bufsize, const gomoku_engine *e, gomoku_notation notation)
{
    if (!buf || !e || bufsize == 0 ||
        (notation != GOMOKU_NOTATION_XY && notation != GOMOKU_NOTATION_RENJU))
        return GOMOKU_EINVAL;
    if (notation == GOMOKU_NOTATION_RENJU && e->b.size > 26)
        return GOMOKU_ERANGE;
    /* The whole length first: a list that does not fit leaves buf as it was beyond its
     * first byte, instead of holding the moves that did. */
    char mv[16];
    size_t need = 1;
    for (int i = 0; i < e->b.nmoves; i++)
        need += move_text(mv, e, i, notation) + (i ? 1 : 0);
    if (need > bufsize) {
        buf[0] = '\0';
        return GOMOKU_EBUFFER;
    }
    size_t used = 0;
    for (int i = 0; i < e->b.nmoves; i++) {
        size_t len = move_text(mv, e, i, notation);
        if (i)
            buf[used++] = ' ';
        memcpy(buf + used, mv, len);
        used += len;
    }
    buf[used] = '\0';
    return GOMOKU_OK;
}
