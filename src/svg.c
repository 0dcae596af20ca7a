/*
 * svg.c - the position as an SVG picture (gomoku_write_svg): board, coordinates, stones
 * with their move numbers, the last move, the winning line, and a line of play (best
 * move first) as numbered ghost stones joined by arrows. Plain SVG 1.1 with no scripts or
 * external references, so it can be embedded in a web page or converted to PDF as is.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PITCH 32   /* pixels between lines */
#define MARGIN 36  /* room for the coordinates */
#define RADIUS 14  /* stone radius, a little under half the pitch */

typedef struct out {
    char *buf;
    size_t size, used;
    int full;      /* something did not fit: the result is GOMOKU_EBUFFER */
} out;

static void emit(out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->used, o->size - o->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->size - o->used) {
        o->full = 1;
        return;
    }
    o->used += (size_t)n;
}

static int px(int c) { return MARGIN + c * PITCH; }

int gomoku_write_svg(char *buf, size_t bufsize, const gomoku_engine *e, const gomoku_point *pv,
                     int pv_length, unsigned flags)
{
    if (!buf || bufsize == 0 || !e || pv_length < 0 || pv_length > GOMOKU_MAX_PV ||
        (pv_length > 0 && !pv) ||
        (flags & ~(unsigned)(GOMOKU_SVG_NUMBERS | GOMOKU_SVG_COORDINATES)))
        return GOMOKU_EINVAL;
    const board *b = &e->b;
    int size = b->size;
    for (int i = 0; i < pv_length; i++) {
        if (!board_on(b, pv[i].x, pv[i].y))
            return GOMOKU_ERANGE;
        if (gomoku_cell(e, pv[i].x, pv[i].y) != GOMOKU_EMPTY)
            return GOMOKU_EOCCUPIED;
        for (int j = 0; j < i; j++)
            if (pv[j].x == pv[i].x && pv[j].y == pv[i].y)
                return GOMOKU_EOCCUPIED;
    }
    out o = {buf, bufsize, 0, 0};
    int side = 2 * MARGIN + (size - 1) * PITCH;
    emit(&o,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
         "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" text-anchor=\"middle\">\n"
         "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
         "markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1a7f37\"/>"
         "</marker></defs>\n"
         "<rect width=\"%d\" height=\"%d\" fill=\"#dcb35c\"/>\n",
         side, side, side, side, side, side);
    emit(&o, "<g stroke=\"#3b2b10\" stroke-width=\"1\">\n");
    for (int i = 0; i < size; i++)
        emit(&o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" "
                 "x2=\"%d\" y2=\"%d\"/>\n",
             px(0), px(i), px(size - 1), px(i), px(i), px(0), px(i), px(size - 1));
    emit(&o, "</g>\n");
    if (flags & GOMOKU_SVG_COORDINATES) {
        /* Renju notation: letters from the left, numbers from the bottom (x,y past 26). */
        emit(&o, "<g font-size=\"12\" fill=\"#3b2b10\">\n");
        for (int i = 0; i < size; i++) {
            if (size <= 26)
                emit(&o, "<text x=\"%d\" y=\"%d\">%c</text>", px(i), px(size - 1) + 26, 'a' + i);
            else
                emit(&o, "<text x=\"%d\" y=\"%d\">%d</text>", px(i), px(size - 1) + 26, i);
            emit(&o, "<text x=\"%d\" y=\"%d\">%d</text>\n", px(0) - 22, px(i) + 4,
                 size <= 26 ? size - i : i);
        }
        emit(&o, "</g>\n");
    }
    emit(&o, "<g font-size=\"12\">\n");
    for (int i = 0; i < b->nmoves; i++) {
        int x = board_x(b, b->moves[i]), y = board_y(b, b->moves[i]);
        int black = i % 2 == 0;
        emit(&o, "<circle class=\"stone %s\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                 "stroke=\"#111\"/>",
             black ? "black" : "white", px(x), px(y), RADIUS, black ? "#111" : "#f8f8f8");
        if (flags & GOMOKU_SVG_NUMBERS)
            emit(&o, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%d</text>", px(x), px(y) + 4,
                 black ? "#f8f8f8" : "#111", i + 1);
        emit(&o, "\n");
    }
    emit(&o, "</g>\n");
    if (b->nmoves > 0) {
        int last = b->moves[b->nmoves - 1];
        emit(&o, "<circle class=\"last\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
                 "stroke=\"#d62728\" stroke-width=\"2.5\"/>\n",
             px(board_x(b, last)), px(board_y(b, last)), RADIUS + 2);
    }
    gomoku_point line[GOMOKU_MAX_SIZE];
    int nline = 0;
    if (gomoku_winning_line(line, &nline, e, GOMOKU_MAX_SIZE) == GOMOKU_OK && nline >= 2)
        emit(&o, "<line class=\"win\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d62728\" "
                 "stroke-width=\"5\" stroke-linecap=\"round\" opacity=\"0.75\"/>\n",
             px(line[0].x), px(line[0].y), px(line[nline - 1].x), px(line[nline - 1].y));
    if (pv_length > 0) {
        /* The line of play: the side to move plays pv[0], then the sides alternate. */
        int black = b->nmoves % 2 == 0;
        emit(&o, "<g class=\"pv\" font-size=\"12\" font-style=\"italic\">\n");
        for (int i = 0; i < pv_length; i++, black = !black)
            emit(&o, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" opacity=\"0.45\"/>"
                     "<text x=\"%d\" y=\"%d\" fill=\"%s\">%d</text>\n",
                 px(pv[i].x), px(pv[i].y), RADIUS, black ? "#111" : "#f8f8f8", px(pv[i].x),
                 px(pv[i].y) + 4, black ? "#f8f8f8" : "#111", i + 1);
        for (int i = 0; i + 1 < pv_length; i++) {
            /* From stone edge to stone edge, so the arrowhead is not hidden. */
            int x1 = px(pv[i].x), y1 = px(pv[i].y), x2 = px(pv[i + 1].x), y2 = px(pv[i + 1].y);
            int ddx = x2 - x1, ddy = y2 - y1;
            int len = (ddx < 0 ? -ddx : ddx) > (ddy < 0 ? -ddy : ddy) ? (ddx < 0 ? -ddx : ddx)
                                                                      : (ddy < 0 ? -ddy : ddy);
            if (len == 0)
                continue;
            double f = (double)RADIUS / len;
            emit(&o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1a7f37\" "
                     "stroke-width=\"2\" marker-end=\"url(#arrow)\" opacity=\"0.85\"/>\n",
                 x1 + ddx * f, y1 + ddy * f, x2 - ddx * f, y2 - ddy * f);
        }
        emit(&o, "</g>\n<circle class=\"best\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
                 "stroke=\"#1a7f37\" stroke-width=\"3\"/>\n",
             px(pv[0].x), px(pv[0].y), RADIUS + 2);
    }
    emit(&o, "</svg>\n");
    if (o.full) {
        buf[0] = '\0';
        return GOMOKU_EBUFFER;
    }
    return GOMOKU_OK;
}
