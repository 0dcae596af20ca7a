/*
 * record.c - game records: the plain move list ("h8 i9 j8" or "7,7 8,6", '#' comments)
 * and Piskvork's .psq. Written over the public calls only, so every client (gomoku-play,
 * the bindings) shares this one implementation.
 *
 * A .psq file is a header "Piskvorky WxH, X:Y, N", one "x,y,ms" line per move with
 * 1-based coordinates and the move's thinking time, then free lines (Piskvork writes the
 * two players' program names and a closing line such as "-1").
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plays a parsed list on a scratch engine first, so that a bad record (an occupied cell,
 * a move after the end of the game) is found before `e` is touched. */
static int replay(gomoku_engine *e, int size, const gomoku_point *pts, int n, const char *list)
{
    gomoku_engine *tmp = NULL;
    int rc = gomoku_new(&tmp, size, (gomoku_rule)e->b.rule);
    if (rc != GOMOKU_OK)
        return rc;
    if (list)
        rc = gomoku_play_moves(tmp, list);
    else
        for (int i = 0; i < n && rc == GOMOKU_OK; i++)
            rc = gomoku_play(tmp, pts[i].x, pts[i].y);
    if (rc == GOMOKU_OK)
        rc = gomoku_reset(e, size, (gomoku_rule)e->b.rule);
    if (rc == GOMOKU_OK) {
        /* The same moves on the same empty board: they cannot fail now. */
        if (list)
            gomoku_play_moves(e, list);
        else
            for (int i = 0; i < n; i++)
                gomoku_play(e, pts[i].x, pts[i].y);
    }
    gomoku_free(tmp);
    return rc;
}

/* Reads an int of at most 6 digits, optionally signed; -1000000 when there is none. */
static int read_int(const char **p)
{
    const char *s = *p;
    int sign = 1, n = 0, digits = 0;
    if (*s == '-' || *s == '+')
        sign = *s++ == '-' ? -1 : 1;
    while (isdigit((unsigned char)*s)) {
        if (++digits > 6)
            return -1000000;
        n = n * 10 + (*s++ - '0');
    }
    if (!digits)
        return -1000000;
    *p = s;
    return sign * n;
}

/* One "x,y,ms" line (blanks allowed around the numbers): 1 when it is one. */
static int psq_move_line(const char *line, int *x, int *y, int *ms)
{
    int v[3];
    const char *p = line;
    for (int i = 0; i < 3; i++) {
        while (*p == ' ' || *p == '\t')
            p++;
        v[i] = read_int(&p);
        if (v[i] == -1000000)
            return 0;
        while (*p == ' ' || *p == '\t')
            p++;
        if (i < 2 && *p++ != ',')
            return 0;
    }
    if (*p && *p != '\r' && *p != '\n')
        return 0;
    *x = v[0];
    *y = v[1];
    *ms = v[2];
    return 1;
}

static int read_psq(int *times_ms, int times_capacity, gomoku_engine *e, const char *text)
{
    int w = 0, h = 0;
    if (sscanf(text + 9, " %dx%d", &w, &h) != 2)
        return GOMOKU_ESYNTAX;
    if (w != h || w < GOMOKU_MIN_SIZE || w > GOMOKU_MAX_SIZE)
        return GOMOKU_ERANGE;
    gomoku_point *pts = calloc(GOMOKU_MAX_CELLS, sizeof(gomoku_point));
    int *ms = malloc(sizeof(int) * GOMOKU_MAX_CELLS);
    if (!pts || !ms) {
        free(pts);
        free(ms);
        return GOMOKU_ENOMEM;
    }
    int n = 0, rc = GOMOKU_OK;
    for (const char *line = strchr(text, '\n'); line; line = strchr(line, '\n')) {
        line++;
        int x, y, t;
        if (!psq_move_line(line, &x, &y, &t))
            break; /* the players' names and the closing line follow the moves */
        if (x < 1 || y < 1 || x > w || y > w) {
            rc = GOMOKU_ERANGE;
            break;
        }
        if (n == GOMOKU_MAX_CELLS) {
            rc = GOMOKU_EOCCUPIED; /* more moves than cells: one repeats */
            break;
        }
        pts[n].x = x - 1;
        pts[n].y = y - 1;
        ms[n++] = t < 0 ? 0 : t;
    }
    if (rc == GOMOKU_OK)
        rc = replay(e, w, pts, n, NULL);
    if (rc == GOMOKU_OK && times_ms)
        for (int i = 0; i < n && i < times_capacity; i++)
            times_ms[i] = ms[i];
    free(pts);
    free(ms);
    return rc;
}

static int read_list(int *times_ms, int times_capacity, gomoku_engine *e, const char *text)
{
    char *list = malloc(strlen(text) + 1);
    if (!list)
        return GOMOKU_ENOMEM;
    char *q = list;
    for (const char *p = text; *p; p++) {
        if (*p == '#')
            while (p[1] && p[1] != '\n')
                p++;
        else
            *q++ = *p;
    }
    *q = '\0';
    int rc = replay(e, e->b.size, NULL, 0, list);
    free(list);
    if (rc == GOMOKU_OK && times_ms)
        for (int i = 0; i < e->b.nmoves && i < times_capacity; i++)
            times_ms[i] = 0;
    return rc;
}

int gomoku_read_record(int *times_ms, int times_capacity, gomoku_engine *e, const char *text,
                       gomoku_record_format format)
{
    if (!e || !text || (times_ms && times_capacity < 0) || format < GOMOKU_RECORD_AUTO ||
        format > GOMOKU_RECORD_PSQ)
        return GOMOKU_EINVAL;
    int psq = strncmp(text, "Piskvorky", 9) == 0;
    if (format == GOMOKU_RECORD_PSQ && !psq)
        return GOMOKU_ESYNTAX;
    if (format == GOMOKU_RECORD_AUTO ? psq : format == GOMOKU_RECORD_PSQ)
        return read_psq(times_ms, times_capacity, e, text);
    return read_list(times_ms, times_capacity, e, text);
}

/* Appends to buf at *used; returns 0, or -1 (nothing written) when it would not fit. */
static int put(char *buf, size_t bufsize, size_t *used, const char *s)
{
    size_t len = strlen(s);
    if (*used + len + 1 > bufsize)
        return -1;
    memcpy(buf + *used, s, len + 1);
    *used += len;
    return 0;
}

static int name_ok(const char *s) { return !s || !strpbrk(s, "\r\n"); }

int gomoku_write_record(char *buf, size_t bufsize, const gomoku_engine *e,
                        gomoku_record_format format, const int *times_ms,
                        const char *black_name, const char *white_name)
{
    if (!buf || bufsize == 0 || !e || format < GOMOKU_RECORD_MOVES_XY ||
        format > GOMOKU_RECORD_PSQ || !name_ok(black_name) || !name_ok(white_name))
        return GOMOKU_EINVAL;
    if (format != GOMOKU_RECORD_PSQ) {
        gomoku_notation nt =
            format == GOMOKU_RECORD_MOVES_RENJU ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY;
        int rc = gomoku_format_moves(buf, bufsize, e, nt);
        if (rc != GOMOKU_OK)
            return rc;
        size_t used = strlen(buf);
        if (put(buf, bufsize, &used, "\n") != 0) {
            buf[0] = '\0';
            return GOMOKU_EBUFFER;
        }
        return GOMOKU_OK;
    }
    size_t used = 0;
    char line[64];
    int size = e->b.size, fail = 0;
    buf[0] = '\0';
    snprintf(line, sizeof line, "Piskvorky %dx%d, 11:11, 0\n", size, size);
    fail |= put(buf, bufsize, &used, line);
    for (int i = 0; i < e->b.nmoves && !fail; i++) {
        int idx = e->b.moves[i];
        snprintf(line, sizeof line, "%d,%d,%d\n", board_x(&e->b, idx) + 1,
                 board_y(&e->b, idx) + 1, times_ms && times_ms[i] > 0 ? times_ms[i] : 0);
        fail |= put(buf, bufsize, &used, line);
    }
    const char *names[2] = {black_name, white_name};
    for (int i = 0; i < 2 && !fail; i++)
        if (names[i]) {
            fail |= put(buf, bufsize, &used, names[i]);
            fail |= put(buf, bufsize, &used, "\n");
        }
    if (!fail)
        fail |= put(buf, bufsize, &used, "-1\n");
    if (fail) {
        buf[0] = '\0';
        return GOMOKU_EBUFFER;
    }
    return GOMOKU_OK;
}
