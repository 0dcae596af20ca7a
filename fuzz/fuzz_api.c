/*
 * fuzz_api.c - a coverage-guided libFuzzer harness for the public API (make fuzz).
 *
 * The input is a small program of API calls on one engine. Byte 0 picks the board size
 * (5..22 mostly; sometimes 23..32, or a bad size such as 4 or 40), byte 1 the rule
 * (0..3, sometimes a bad one), byte 2 a few set-up flags; then every byte picks an
 * operation, which takes its parameters from the bytes after it (zeros once the input
 * runs out). After every call the harness checks what include/gomoku.h promises and
 * aborts on a violation. It keeps a model of the game (the stones, the moves, and the
 * hash and state after every move) to check the engine against, and calls
 * gomoku__board_check() on the engine's internal board (src/internal.h) to check the
 * incremental state.
 *
 * Searches are few and small per input (a shared node budget), so that an input runs in
 * milliseconds.
 */
#include "gomoku.h"
#include "internal.h"

#include <ctype.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond))                                                                       \
            violated(__LINE__, #cond);                                                     \
    } while (0)

static void violated(int line, const char *what);

/* ---- input ------------------------------------------------------------------------- */

typedef struct input {
    const uint8_t *p;
    size_t n, i;
} input;

static unsigned u8(input *in) { return in->i < in->n ? in->p[in->i++] : 0; }
static unsigned u16(input *in) { return u8(in) | u8(in) << 8; }
static int32_t i32(input *in)
{
    uint32_t v = (uint32_t)u16(in) | (uint32_t)u16(in) << 16;
    return (int32_t)v;
}

/* A board size: 5..22 mostly, now and then a large or a bad one. */
static int pick_size(input *in)
{
    static const int special[] = {4, 40, 0, -1, 33, 23, 26, 27, 32, INT_MIN, INT_MAX, 1000, 24, 3};
    unsigned c = u8(in);
    if (c < 234)
        return GOMOKU_MIN_SIZE + (int)(c % 18);
    return special[(c - 234) % (sizeof special / sizeof *special)];
}

static int pick_rule(input *in)
{
    static const int special[] = {-1, 4, 5, 100, INT_MAX, INT_MIN};
    unsigned c = u8(in);
    if (c < 240)
        return (int)(c % 4);
    return special[(c - 240) % (sizeof special / sizeof *special)];
}

/* A coordinate for a board of this size: on the board mostly, sometimes just off it. */
static int pick_coord(input *in, int size)
{
    unsigned c = u8(in);
    if (c < 244)
        return (int)(c % (unsigned)size);
    switch (c - 244) {
    case 0: return -1;
    case 1: return size;
    case 2: return size + 1;
    case 3: return -2;
    case 4: return GOMOKU_MAX_SIZE;
    case 5: return INT_MIN;
    case 6: return INT_MAX;
    case 7: return 999;
    case 8: return 1000;
    case 9: return -1000;
    case 10: return 26;
    default: return size - 1;
    }
}

/* ---- the model ------------------------------------------------------------------- */

typedef struct eval_payload {
    int bias;        /* added to the callback's score */
    int breakdown;   /* 1: the callback also calls gomoku_eval_breakdown() */
    atomic_int calls;
} eval_payload;

typedef struct progress_payload {
    int size;
    atomic_int calls;
} progress_payload;

typedef struct fuzz {
    gomoku_engine *e;  /* the engine under test */
    gomoku_engine *e2; /* scratch engine: replays and comparisons */
    int size, rule;
    uint8_t cell[GOMOKU_MAX_SIZE][GOMOKU_MAX_SIZE]; /* [y][x], gomoku_color */
    int n;                                          /* moves played */
    gomoku_point mv[GOMOKU_MAX_CELLS];
    uint64_t hash[GOMOKU_MAX_CELLS + 1]; /* hash after i moves */
    int state[GOMOKU_MAX_CELLS + 1];     /* state after i moves */
    gomoku_weights w;                    /* the weights set */
    int hash_mb;
    int have_eval, have_progress;
    eval_payload ep;
    progress_payload pp;
    long long budget; /* search nodes left for this input */
    int heavy;        /* heavy calls left for this input */
} fuzz;

static const int dx4[4] = {1, 0, 1, 1}, dy4[4] = {0, 1, 1, -1};

static int on_board(const fuzz *f, int x, int y)
{
    return x >= 0 && y >= 0 && x < f->size && y < f->size;
}
static int side_of(int n) { return n % 2 ? GOMOKU_WHITE : GOMOKU_BLACK; }
static int wins_for(int color)
{
    return color == GOMOKU_BLACK ? GOMOKU_BLACK_WINS : GOMOKU_WHITE_WINS;
}

/* The colour at (x, y) in the model, 3 off the board (a wall). */
static int model_at(const fuzz *f, int x, int y) { return on_board(f, x, y) ? f->cell[y][x] : 3; }

/* The run of the last move's colour through (x, y) in direction d: its ends and whether
 * it wins under the rule. */
typedef struct run {
    int x0, y0, len, wins;
} run;

static run run_through(const fuzz *f, int x, int y, int d)
{
    int c = f->cell[y][x], opp = 3 - c;
    int lo = 0, hi = 0;
    while (model_at(f, x - (lo + 1) * dx4[d], y - (lo + 1) * dy4[d]) == c)
        lo++;
    while (model_at(f, x + (hi + 1) * dx4[d], y + (hi + 1) * dy4[d]) == c)
        hi++;
    run r = {x - lo * dx4[d], y - lo * dy4[d], lo + hi + 1, 0};
    int end_a = model_at(f, x - (lo + 1) * dx4[d], y - (lo + 1) * dy4[d]);
    int end_b = model_at(f, x + (hi + 1) * dx4[d], y + (hi + 1) * dy4[d]);
    switch (f->rule) {
    case GOMOKU_FREESTYLE: r.wins = r.len >= 5; break;
    case GOMOKU_STANDARD: r.wins = r.len == 5; break;
    case GOMOKU_RENJU: r.wins = c == GOMOKU_WHITE ? r.len >= 5 : r.len == 5; break;
    default: r.wins = r.len == 5 && !(end_a == opp && end_b == opp); break; /* caro */
    }
    return r;
}

/* The model of the input being run, for the report of a broken invariant. */
static const fuzz *current;

/* Reports the broken invariant with the position it was found in (the moves in XY
 * notation, as gomoku_play_moves() takes them), then aborts. */
static void violated(int line, const char *what)
{
    fprintf(stderr, "fuzz_api.c:%d: broken invariant: %s\n", line, what);
    if (current) {
        fprintf(stderr, "position: size %d, rule %d, %d moves:", current->size, current->rule,
                current->n);
        for (int i = 0; i < current->n; i++)
            fprintf(stderr, " %d,%d", current->mv[i].x, current->mv[i].y);
        fprintf(stderr, "\n");
    }
    abort();
}

/* ---- checks ---------------------------------------------------------------------- */

static void check_counters(const fuzz *f)
{
    CHECK(gomoku_move_count(f->e) == f->n);
    CHECK(gomoku_side_to_move(f->e) == side_of(f->n));
    CHECK(gomoku_state_of(f->e) == f->state[f->n]);
    CHECK(gomoku_hash(f->e) == f->hash[f->n]);
    CHECK(gomoku_size(f->e) == f->size);
    CHECK(gomoku_rule_of(f->e) == f->rule);
}

/* Everything: the counters, every cell against the model and the engine's incremental
 * board against one recomputed from the stones. */
static void check_all(const fuzz *f)
{
    check_counters(f);
    for (int y = 0; y < f->size; y++)
        for (int x = 0; x < f->size; x++)
            CHECK(gomoku_cell(f->e, x, y) == f->cell[y][x]);
    CHECK(gomoku_cell(f->e, -1, 0) == GOMOKU_ERANGE);
    CHECK(gomoku_cell(f->e, 0, f->size) == GOMOKU_ERANGE);
    CHECK(gomoku__board_check(&f->e->b));
}

/* The winning line of the engine against the model, with capacity cap (< 0 allowed). */
static void check_winning_line(const fuzz *f, int cap)
{
    /* The runs through the last move that win: the line must be one of them. */
    run wins[4];
    int nwins = 0;
    int st = f->state[f->n];
    if (f->n > 0 && (st == GOMOKU_BLACK_WINS || st == GOMOKU_WHITE_WINS)) {
        gomoku_point last = f->mv[f->n - 1];
        for (int d = 0; d < 4; d++) {
            run r = run_through(f, last.x, last.y, d);
            if (r.wins)
                wins[nwins++] = r;
        }
        if (nwins)
            CHECK(wins_for(f->cell[last.y][last.x]) == st);
    }
    gomoku_point *out = cap > 0 ? malloc((size_t)cap * sizeof *out) : NULL;
    int count = -7;
    int rc = gomoku_winning_line(out, &count, f->e, cap);
    if (cap < 0) {
        CHECK(rc == GOMOKU_EINVAL);
    } else if (nwins == 0) {
        CHECK(rc == GOMOKU_OK && count == 0);
    } else {
        CHECK(count >= 5 && count <= GOMOKU_MAX_SIZE);
        if (count > cap) {
            CHECK(rc == GOMOKU_EBUFFER);
        } else {
            CHECK(rc == GOMOKU_OK);
            /* along one direction, either way, and one of the winning runs */
            int sx = count > 1 ? out[1].x - out[0].x : 0, sy = count > 1 ? out[1].y - out[0].y : 0;
            int match = 0;
            for (int k = 0; k < nwins; k++) {
                run r = wins[k];
                if (r.len != count)
                    continue;
                int d;
                for (d = 0; d < 4; d++)
                    if ((sx == dx4[d] && sy == dy4[d]) || (sx == -dx4[d] && sy == -dy4[d]))
                        break;
                if (d == 4)
                    continue;
                int ok = 1;
                for (int i = 0; i < count; i++) {
                    int found = 0;
                    for (int j = 0; j < r.len; j++)
                        found |= out[i].x == r.x0 + j * dx4[d] && out[i].y == r.y0 + j * dy4[d];
                    ok &= found && out[i].x == out[0].x + i * sx && out[i].y == out[0].y + i * sy;
                }
                match |= ok;
            }
            CHECK(match);
        }
    }
    free(out);
}

/* Plays (x, y) and checks the result against the model, which it updates. */
static int checked_play(fuzz *f, int x, int y)
{
    int on = on_board(f, x, y);
    int st = f->state[f->n];
    int occupied = on && f->cell[y][x] != GOMOKU_EMPTY;
    int color = side_of(f->n);
    int forbidden = 0;
    if (on && !occupied && st == GOMOKU_ONGOING && f->rule == GOMOKU_RENJU &&
        color == GOMOKU_BLACK) {
        gomoku_forbid why = (gomoku_forbid)99;
        CHECK(gomoku_forbidden(&why, f->e, x, y) == GOMOKU_OK);
        CHECK(why >= GOMOKU_FORBID_NONE && why <= GOMOKU_FORBID_OVERLINE);
        forbidden = why != GOMOKU_FORBID_NONE;
    }
    int rc = gomoku_play(f->e, x, y);
    if (!on)
        CHECK(rc == GOMOKU_ERANGE || (st != GOMOKU_ONGOING && rc == GOMOKU_EGAMEOVER));
    else if (st != GOMOKU_ONGOING)
        CHECK(rc == GOMOKU_EGAMEOVER || (occupied && rc == GOMOKU_EOCCUPIED));
    else if (occupied)
        CHECK(rc == GOMOKU_EOCCUPIED);
    else
        CHECK(rc == GOMOKU_OK);
    if (rc != GOMOKU_OK) {
        check_counters(f);
        return rc;
    }

    f->cell[y][x] = (uint8_t)color;
    f->mv[f->n].x = x;
    f->mv[f->n].y = y;
    f->n++;
    int five = 0, exact = 0, over = 0;
    for (int d = 0; d < 4; d++) {
        run r = run_through(f, x, y, d);
        five |= r.wins;
        exact |= r.len == 5;
        over |= r.len > 5;
    }
    int expect = GOMOKU_ONGOING;
    if (f->rule == GOMOKU_RENJU && color == GOMOKU_BLACK) {
        /* exactly five wins and is never forbidden; an overline without one is */
        if (exact)
            CHECK(!forbidden);
        else if (over)
            CHECK(forbidden);
        if (five)
            expect = GOMOKU_BLACK_WINS;
        else if (forbidden)
            expect = GOMOKU_WHITE_WINS;
    } else if (five) {
        expect = wins_for(color);
    }
    if (expect == GOMOKU_ONGOING && f->n == f->size * f->size)
        expect = GOMOKU_DRAW;
    f->state[f->n] = expect;
    f->hash[f->n] = gomoku_hash(f->e);
    CHECK(f->hash[f->n] != f->hash[f->n - 1]);
    CHECK(gomoku_cell(f->e, x, y) == color);
    check_counters(f);
    if (expect != GOMOKU_ONGOING)
        check_winning_line(f, GOMOKU_MAX_SIZE);
    return rc;
}

static int checked_undo(fuzz *f)
{
    int rc = gomoku_undo(f->e);
    if (f->n == 0) {
        CHECK(rc == GOMOKU_ENOMOVE);
    } else {
        CHECK(rc == GOMOKU_OK);
        f->n--;
        f->cell[f->mv[f->n].y][f->mv[f->n].x] = GOMOKU_EMPTY;
    }
    check_counters(f);
    return rc;
}

/* Takes back the moves played after the model's f->n moves, by raw undo calls, checking
 * the engine gets back to the model's position. */
static void raw_undo_to(fuzz *f, int played)
{
    for (int i = 0; i < played; i++)
        CHECK(gomoku_undo(f->e) == GOMOKU_OK);
    check_counters(f);
}

static void model_reset(fuzz *f, int size, int rule)
{
    f->size = size;
    f->rule = rule;
    memset(f->cell, 0, sizeof f->cell);
    f->n = 0;
    f->state[0] = GOMOKU_ONGOING;
    f->hash[0] = gomoku_hash(f->e);
}

/* The moves list of the engine against the model, with capacity cap. */
static void check_moves(const fuzz *f, int cap, int null_out)
{
    gomoku_point *out = cap > 0 ? malloc((size_t)cap * sizeof *out) : NULL;
    int count = -7;
    int rc = gomoku_moves(null_out ? NULL : out, &count, f->e, cap);
    if (cap < 0 || (null_out && cap > 0)) {
        CHECK(rc == GOMOKU_EINVAL);
    } else {
        CHECK(count == f->n);
        CHECK(rc == (f->n > cap ? GOMOKU_EBUFFER : GOMOKU_OK));
        if (!null_out)
            for (int i = 0; i < f->n && i < cap; i++)
                CHECK(out[i].x == f->mv[i].x && out[i].y == f->mv[i].y);
    }
    free(out);
}

/* The model's moves as text, the way gomoku_format_moves() writes them. */
static void model_text(const fuzz *f, char *buf, size_t cap, gomoku_notation notation)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < f->n; i++) {
        int x = f->mv[i].x, y = f->mv[i].y;
        const char *sep = i ? " " : "";
        int w = notation == GOMOKU_NOTATION_XY
                    ? snprintf(buf + used, cap - used, "%s%d,%d", sep, x, y)
                    : snprintf(buf + used, cap - used, "%s%c%d", sep, 'a' + x, f->size - y);
        CHECK(w > 0 && (size_t)w < cap - used);
        used += (size_t)w;
    }
}

/* Resets the scratch engine to the model's size and rule and plays the model's moves
 * there (through a move list in XY notation). */
static void replay_on_e2(fuzz *f)
{
    static char text[GOMOKU_MAX_CELLS * 8 + 8];
    CHECK(gomoku_reset(f->e2, f->size, (gomoku_rule)f->rule) == GOMOKU_OK);
    model_text(f, text, sizeof text, GOMOKU_NOTATION_XY);
    CHECK(gomoku_play_moves(f->e2, text) == GOMOKU_OK);
    CHECK(gomoku_hash(f->e2) == f->hash[f->n]);
    CHECK(gomoku_move_count(f->e2) == f->n);
    CHECK(gomoku_state_of(f->e2) == f->state[f->n]);
}

/* ---- callbacks ------------------------------------------------------------------- */

static int fuzz_eval(const gomoku_engine *e, void *payload)
{
    eval_payload *p = payload;
    atomic_fetch_add(&p->calls, 1);
    int n = gomoku_move_count(e), side = gomoku_side_to_move(e);
    if (n < 0 || (side != GOMOKU_BLACK && side != GOMOKU_WHITE))
        abort();
    if (p->breakdown) {
        /* from inside the callback: the built-in evaluation, not the callback again */
        gomoku_eval_info info;
        int score;
        if (gomoku_eval_breakdown(&info, e) != GOMOKU_OK || info.custom != 0 ||
            info.side_to_move != side || gomoku_evaluate(&score, e) != GOMOKU_OK ||
            score != info.score)
            abort();
    }
    return p->bias + (int)(gomoku_hash(e) % 201) - 100;
}

static void fuzz_progress(const gomoku_search_info *info, void *payload)
{
    progress_payload *p = payload;
    atomic_fetch_add(&p->calls, 1);
    if (info->pv_length < 0 || info->pv_length > GOMOKU_MAX_PV || info->depth < 0 ||
        info->nodes < 0)
        abort();
    for (int i = 0; i < info->pv_length; i++)
        if (info->pv[i].x < 0 || info->pv[i].y < 0 || info->pv[i].x >= p->size ||
            info->pv[i].y >= p->size)
            abort();
}

static int clamp_user_score(int v)
{
    int lim = GOMOKU_SCORE_WIN_MIN - 1;
    return v > lim ? lim : v < -lim ? -lim : v;
}

/* ---- operations ------------------------------------------------------------------ */

static void op_play(fuzz *f, input *in)
{
    int x = pick_coord(in, f->size);
    int y = pick_coord(in, f->size);
    checked_play(f, x, y);
}

/* A move near the last one (or the centre): makes dense positions easy to reach. */
static void op_play_near(fuzz *f, input *in)
{
    unsigned c = u8(in);
    int bx = f->size / 2, by = f->size / 2;
    if (f->n > 0 && (c & 0x80) == 0) {
        bx = f->mv[f->n - 1].x;
        by = f->mv[f->n - 1].y;
    } else if (f->n > 1) {
        bx = f->mv[f->n - 2].x;
        by = f->mv[f->n - 2].y;
    }
    c &= 0x7f;
    checked_play(f, bx + (int)(c % 5) - 2, by + (int)(c / 5 % 5) - 2);
}

/* A run of moves on empty cells, each the next empty cell from a scan position. */
static void op_play_many(fuzz *f, input *in)
{
    int k = (int)(u8(in) % 16) + 1;
    for (int i = 0; i < k && f->state[f->n] == GOMOKU_ONGOING; i++) {
        int cells = f->size * f->size;
        int start = (int)(u16(in) % (unsigned)cells);
        for (int j = 0; j < cells; j++) {
            int c = (start + j) % cells;
            if (f->cell[c / f->size][c % f->size] == GOMOKU_EMPTY) {
                checked_play(f, c % f->size, c / f->size);
                break;
            }
        }
    }
    check_all(f);
}

static void op_undo(fuzz *f, input *in)
{
    int k = (int)(u8(in) % 4);
    if (k == 3)
        k = 1 + (int)(u8(in) % 100); /* more than the 64 recorded undo plies at times */
    else
        k = 1;
    for (int i = 0; i < k; i++)
        if (checked_undo(f) != GOMOKU_OK)
            break;
    if (k > 1)
        check_all(f);
}

static void op_query(fuzz *f, input *in)
{
    int x = pick_coord(in, f->size), y = pick_coord(in, f->size);
    int c = gomoku_cell(f->e, x, y);
    if (on_board(f, x, y))
        CHECK(c == f->cell[y][x]);
    else
        CHECK(c == GOMOKU_ERANGE);
    check_counters(f);
    unsigned m = u8(in);
    check_moves(f, (int)(m % 12) - 1 + (m & 0x80 ? f->n - 2 : 0), (m & 0x40) != 0);
    check_winning_line(f, (int)(u8(in) % 10) - 1);
}

static void op_forbidden(fuzz *f, input *in)
{
    int x = pick_coord(in, f->size), y = pick_coord(in, f->size);
    gomoku_forbid why = (gomoku_forbid)77;
    int rc = gomoku_forbidden(&why, f->e, x, y);
    if (f->rule != GOMOKU_RENJU)
        CHECK(rc == GOMOKU_ERULE || (!on_board(f, x, y) && rc == GOMOKU_ERANGE) ||
              (on_board(f, x, y) && f->cell[y][x] && rc == GOMOKU_EOCCUPIED));
    else if (!on_board(f, x, y))
        CHECK(rc == GOMOKU_ERANGE);
    else if (f->cell[y][x])
        CHECK(rc == GOMOKU_EOCCUPIED);
    else
        CHECK(rc == GOMOKU_OK && why >= GOMOKU_FORBID_NONE && why <= GOMOKU_FORBID_OVERLINE);
    if (rc == GOMOKU_OK && f->rule == GOMOKU_RENJU) {
        /* a move that makes exactly five is never forbidden */
        f->cell[y][x] = GOMOKU_BLACK;
        int exact = 0, over = 0;
        for (int d = 0; d < 4; d++) {
            run r = run_through(f, x, y, d);
            exact |= r.len == 5;
            over |= r.len > 5;
        }
        f->cell[y][x] = GOMOKU_EMPTY;
        if (exact)
            CHECK(why == GOMOKU_FORBID_NONE);
        else if (over)
            CHECK(why != GOMOKU_FORBID_NONE);
    }
    CHECK(gomoku_forbidden(NULL, f->e, 0, 0) == GOMOKU_EINVAL);
    check_counters(f);
}

static void check_parse_result(const fuzz *f, int rc, int x, int y)
{
    CHECK(rc == GOMOKU_OK || rc == GOMOKU_ESYNTAX || rc == GOMOKU_ERANGE);
    if (rc == GOMOKU_OK)
        CHECK(on_board(f, x, y));
}

static void op_parse(fuzz *f, input *in)
{
    char text[24];
    size_t len = u8(in) % 20;
    for (size_t i = 0; i < len; i++)
        text[i] = (char)u8(in);
    text[len] = '\0';
    int x = -3, y = -3;
    int rc = gomoku_parse_move(&x, &y, f->e, text);
    check_parse_result(f, rc, x, y);
    CHECK(gomoku_parse_move(NULL, &y, f->e, text) == GOMOKU_EINVAL);
    CHECK(gomoku_parse_move(&x, &y, f->e, NULL) == GOMOKU_EINVAL);
    check_counters(f);
}

/* Writes (x, y) in the notation as the header describes it: "x,y", or the column letter
 * and the row counted from the bottom. */
static void expected_text(char *buf, size_t cap, const fuzz *f, int x, int y, int notation)
{
    if (notation == GOMOKU_NOTATION_XY)
        snprintf(buf, cap, "%d,%d", x, y);
    else
        snprintf(buf, cap, "%c%d", 'a' + x, f->size - y);
}

static void op_format_move(fuzz *f, input *in)
{
    int x = pick_coord(in, f->size), y = pick_coord(in, f->size);
    unsigned c = u8(in);
    int notation = c % 8 < 7 ? (int)(c % 2) : (int)(c % 16) - 8; /* sometimes invalid */
    size_t bufsize = u8(in) % 11;
    /* an exact-size buffer (AddressSanitizer sees any write past it) and one byte to
     * catch a write when bufsize is 0 */
    char *buf = malloc(bufsize ? bufsize : 1);
    memset(buf, 'Q', bufsize ? bufsize : 1);
    int rc = gomoku_format_move(buf, bufsize, f->e, x, y, (gomoku_notation)notation);
    int bad_notation = notation != GOMOKU_NOTATION_XY && notation != GOMOKU_NOTATION_RENJU;
    int off = !on_board(f, x, y) || (notation == GOMOKU_NOTATION_RENJU && x >= 26);
    if (bad_notation) {
        CHECK(rc == GOMOKU_EINVAL || (off && rc == GOMOKU_ERANGE));
    } else if (off) {
        CHECK(rc == GOMOKU_ERANGE);
    } else {
        char want[32];
        expected_text(want, sizeof want, f, x, y, notation);
        CHECK(strlen(want) + 1 <= 8); /* "at most 8 bytes are ever needed" */
        if (strlen(want) + 1 > bufsize) {
            CHECK(rc == GOMOKU_EBUFFER);
        } else {
            CHECK(rc == GOMOKU_OK);
            CHECK(memchr(buf, '\0', bufsize) != NULL);
            CHECK(strcmp(buf, want) == 0);
            /* parse(format(x, y)) == (x, y), also with blanks around and in upper case */
            int px = -1, py = -1;
            CHECK(gomoku_parse_move(&px, &py, f->e, buf) == GOMOKU_OK);
            CHECK(px == x && py == y);
            char padded[32];
            snprintf(padded, sizeof padded, " \t%s  ", buf);
            padded[2] = (char)toupper((unsigned char)padded[2]);
            px = py = -1;
            CHECK(gomoku_parse_move(&px, &py, f->e, padded) == GOMOKU_OK);
            CHECK(px == x && py == y);
        }
    }
    if (rc != GOMOKU_OK && bufsize == 0)
        CHECK(buf[0] == 'Q');
    free(buf);
    check_counters(f);
}

static void op_format_moves(fuzz *f, input *in)
{
    unsigned c = u8(in);
    int notation = c % 8 < 7 ? (int)(c % 2) : (int)(c % 16) - 8;
    unsigned s = u8(in);
    size_t bufsize = s < 128 ? s % 24 : s < 250 ? (size_t)f->n * 4 + s % 16 : (size_t)f->n * 8 + 8;
    char *buf = malloc(bufsize ? bufsize : 1);
    memset(buf, 'Q', bufsize ? bufsize : 1);
    int rc = gomoku_format_moves(buf, bufsize, f->e, (gomoku_notation)notation);
    int bad_notation = notation != GOMOKU_NOTATION_XY && notation != GOMOKU_NOTATION_RENJU;
    if (bad_notation || bufsize == 0) {
        CHECK(rc == GOMOKU_EINVAL);
    } else if (notation == GOMOKU_NOTATION_RENJU && f->size > 26) {
        /* renju notation has no letter for the 27th column */
        CHECK(rc == GOMOKU_ERANGE);
    } else {
        static char want[GOMOKU_MAX_CELLS * 8 + 8];
        model_text(f, want, sizeof want, (gomoku_notation)notation);
        if (strlen(want) + 1 > bufsize) {
            CHECK(rc == GOMOKU_EBUFFER);
            for (size_t i = 1; i < bufsize; i++) /* unchanged beyond the first byte */
                CHECK(buf[i] == 'Q');
        } else {
            CHECK(rc == GOMOKU_OK);
            CHECK(strcmp(buf, want) == 0);
            /* a list read back gives the same position */
            CHECK(gomoku_reset(f->e2, f->size, (gomoku_rule)f->rule) == GOMOKU_OK);
            CHECK(gomoku_play_moves(f->e2, buf) == GOMOKU_OK);
            CHECK(gomoku_hash(f->e2) == f->hash[f->n]);
            CHECK(gomoku_move_count(f->e2) == f->n);
            CHECK(gomoku_state_of(f->e2) == f->state[f->n]);
        }
    }
    if (rc != GOMOKU_OK && bufsize == 0)
        CHECK(buf[0] == 'Q');
    free(buf);
    check_counters(f);
}

/* One token of a synthesized move list, and what reading it must give. */
typedef struct token {
    int rc; /* GOMOKU_OK: the move (x, y); else the parse error */
    int x, y;
} token;

static size_t append(char *buf, size_t used, size_t cap, const char *s)
{
    size_t len = strlen(s);
    if (used + len + 1 > cap)
        return used;
    memcpy(buf + used, s, len + 1);
    return used + len;
}

/* A move list built from the input: valid moves in both notations, off-board ones and
 * garbage, separated by blanks and semicolons. Returns the number of tokens; stops at a
 * token that could not be written. */
static int synth_list(const fuzz *f, input *in, char *buf, size_t cap, token *tok, int maxtok)
{
    static const char *const seps[] = {" ", ";", "  ", "\n", "\t", " ; ", "\r\n"};
    static const char *const junk[] = {"#", "h", "8h", "h8x", "1,,5", "-1,2", "1,2,3",
                                       ",", "x", "1;", "1.5,1", "a", "@1", "1,"};
    int k = (int)(u8(in) % (unsigned)maxtok) + 1;
    size_t used = 0;
    buf[0] = '\0';
    unsigned lead = u8(in);
    if (lead & 1)
        used = append(buf, used, cap, seps[lead / 2 % 7]);
    int n = 0;
    for (int i = 0; i < k; i++) {
        unsigned kind = u8(in) % 16;
        char t[40];
        token tk = {GOMOKU_OK, pick_coord(in, f->size), pick_coord(in, f->size)};
        if (kind < 12) {
            int renju = kind % 2 && tk.x >= 0 && tk.x < 26 && tk.y >= 0 && tk.y < f->size;
            if (tk.x < 0 || tk.y < 0 || tk.x > 999 || tk.y > 999) {
                tk.x = tk.y = 0; /* a negative number is not a move: keep them readable */
                renju = 0;
            }
            if (renju) {
                snprintf(t, sizeof t, "%c%d", (kind & 4 ? 'A' : 'a') + tk.x, f->size - tk.y);
                if (tk.x >= f->size)
                    tk.rc = GOMOKU_ERANGE;
            } else {
                snprintf(t, sizeof t, kind & 2 ? "%d, %d" : "%d,%d", tk.x, tk.y);
                if (!on_board(f, tk.x, tk.y))
                    tk.rc = GOMOKU_ERANGE;
            }
        } else if (kind == 12) {
            /* off the board, however long the number: renju row 0 or beyond the board,
               or an x or y of many digits */
            static const char *const far[] = {"h99999999999999999999", "99999999999,1",
                                              "1,0000000000000000000099"};
            unsigned v = u8(in) % 5;
            if (v < 2)
                snprintf(t, sizeof t, "h%d", v ? 0 : f->size + 1);
            else
                snprintf(t, sizeof t, "%s", far[v - 2]);
            tk.rc = GOMOKU_ERANGE;
        } else {
            const char *j = junk[u8(in) % (sizeof junk / sizeof *junk)];
            snprintf(t, sizeof t, "%s", j);
            tk.rc = GOMOKU_ESYNTAX;
            /* a token ending in a comma takes the next one as its second half: keep
             * it last */
            if (j[strlen(j) - 1] == ',')
                k = i + 1;
        }
        size_t before = used;
        if (i > 0) {
            used = append(buf, used, cap, seps[u8(in) % 7]);
            if (used == before)
                break;
        }
        size_t mid = used;
        used = append(buf, used, cap, t);
        if (used == mid) {
            used = before;
            buf[used] = '\0';
            break;
        }
        tok[n++] = tk;
    }
    if (lead & 2)
        append(buf, used, cap, seps[lead / 16 % 7]);
    return n;
}

static void op_play_moves(fuzz *f, input *in)
{
    char text[256];
    token tok[16];
    int ntok = -1; /* -1: raw bytes, no expectation */
    if (u8(in) % 3 == 0) {
        size_t len = u8(in) % 48;
        for (size_t i = 0; i < len; i++)
            text[i] = (char)u8(in);
        text[len] = '\0';
    } else {
        ntok = synth_list(f, in, text, sizeof text, tok, 12);
    }
    int n0 = f->n;
    int rc = gomoku_play_moves(f->e, text);
    CHECK(rc == GOMOKU_OK || rc == GOMOKU_ESYNTAX || rc == GOMOKU_ERANGE ||
          rc == GOMOKU_EOCCUPIED || rc == GOMOKU_EGAMEOVER);
    int played = gomoku_move_count(f->e) - n0;
    uint64_t after = gomoku_hash(f->e);
    if (rc != GOMOKU_OK) {
        check_all(f); /* all or nothing */
    } else {
        CHECK(played >= 0);
        gomoku_point *pts = malloc((size_t)(n0 + played + 1) * sizeof *pts);
        int count = 0;
        CHECK(gomoku_moves(pts, &count, f->e, n0 + played) == GOMOKU_OK);
        CHECK(count == n0 + played);
        for (int i = 0; i < n0; i++)
            CHECK(pts[i].x == f->mv[i].x && pts[i].y == f->mv[i].y);
        raw_undo_to(f, played);
        for (int i = n0; i < n0 + played; i++)
            CHECK(checked_play(f, pts[i].x, pts[i].y) == GOMOKU_OK);
        CHECK(gomoku_hash(f->e) == after);
        free(pts);
        check_all(f);
        if (ntok < 0)
            return;
        /* back to where we were, for the token-by-token replay below */
        for (int i = 0; i < played; i++)
            checked_undo(f);
    }
    if (ntok < 0)
        return;
    /* The same list move by move: the first failure must be the list's error, and a
     * list that plays through must have succeeded. */
    int expect = GOMOKU_OK, done = 0;
    for (int i = 0; i < ntok; i++) {
        if (tok[i].rc != GOMOKU_OK) {
            expect = tok[i].rc;
            break;
        }
        int r = checked_play(f, tok[i].x, tok[i].y);
        if (r != GOMOKU_OK) {
            expect = r;
            break;
        }
        done++;
    }
    CHECK(rc == expect);
    if (rc == GOMOKU_OK) {
        CHECK(done == played);
        CHECK(gomoku_hash(f->e) == after);
    } else {
        for (int i = 0; i < done; i++)
            checked_undo(f);
    }
    check_all(f);
}

/* Game records and the picture: the engine's game written in a chosen format reads back
 * on the scratch engine as the same position; raw bytes read as a record either fail
 * leaving the scratch engine as it was, or give a consistent game; the SVG picture of
 * the position with a line of play is well delimited or refused with a documented code. */
static void op_record(fuzz *f, input *in)
{
    static char buf[16 * GOMOKU_MAX_CELLS + 128];
    static const gomoku_record_format fmts[3] = {GOMOKU_RECORD_MOVES_XY,
                                                 GOMOKU_RECORD_MOVES_RENJU, GOMOKU_RECORD_PSQ};
    gomoku_record_format fmt = fmts[u8(in) % 3];
    int rc = gomoku_write_record(buf, sizeof buf, f->e, fmt, NULL, "a", NULL);
    if (fmt == GOMOKU_RECORD_MOVES_RENJU && f->size > 26) {
        CHECK(rc == GOMOKU_ERANGE);
    } else {
        CHECK(rc == GOMOKU_OK);
        CHECK(gomoku_reset(f->e2, f->size, (gomoku_rule)f->rule) == GOMOKU_OK);
        int times[4];
        CHECK(gomoku_read_record(times, 4, f->e2, buf, GOMOKU_RECORD_AUTO) == GOMOKU_OK);
        CHECK(gomoku_hash(f->e2) == f->hash[f->n]);
        CHECK(gomoku_move_count(f->e2) == f->n);
        CHECK(gomoku_size(f->e2) == f->size);
    }
    /* raw bytes, sometimes behind a .psq header */
    size_t len = 0, raw = u8(in) % 64;
    if (u8(in) % 2)
        len = (size_t)snprintf(buf, sizeof buf, "Piskvorky %ux%u, 11:11, 0\n", u8(in) % 40,
                               u8(in) % 40);
    for (size_t i = 0; i < raw; i++)
        buf[len++] = (char)(u8(in) | 1); /* no NUL inside */
    buf[len] = '\0';
    uint64_t h = gomoku_hash(f->e2);
    int n2 = gomoku_move_count(f->e2), s2 = gomoku_size(f->e2);
    rc = gomoku_read_record(NULL, 0, f->e2, buf, (gomoku_record_format)(u8(in) % 4));
    CHECK(rc == GOMOKU_OK || rc == GOMOKU_ESYNTAX || rc == GOMOKU_ERANGE ||
          rc == GOMOKU_EOCCUPIED || rc == GOMOKU_EGAMEOVER);
    if (rc != GOMOKU_OK)
        CHECK(gomoku_hash(f->e2) == h && gomoku_move_count(f->e2) == n2 &&
              gomoku_size(f->e2) == s2);
    CHECK(gomoku__board_check(&f->e2->b));
    /* the picture, with a line of play of fuzzed points */
    static char svg[GOMOKU_SVG_BUFSIZE];
    gomoku_point pv[8];
    int npv = (int)(u8(in) % 9);
    for (int i = 0; i < npv; i++) {
        pv[i].x = (int)(u8(in) % 34) - 1;
        pv[i].y = (int)(u8(in) % 34) - 1;
    }
    size_t cap = u8(in) % 4 == 0 ? (size_t)u16(in) + 1 : sizeof svg;
    rc = gomoku_write_svg(svg, cap, f->e, pv, npv, u8(in) % 4);
    CHECK(rc == GOMOKU_OK || rc == GOMOKU_ERANGE || rc == GOMOKU_EOCCUPIED ||
          rc == GOMOKU_EBUFFER);
    if (rc == GOMOKU_OK) {
        size_t n = strlen(svg);
        CHECK(n < cap && strncmp(svg, "<?xml", 5) == 0 && n >= 7 &&
              strcmp(svg + n - 7, "</svg>\n") == 0);
    } else if (rc == GOMOKU_EBUFFER) {
        CHECK(svg[0] == '\0');
    }
    check_all(f);
}

/* A weight value: in the documented range mostly, sometimes just outside it. */
static int pick_weight(input *in)
{
    unsigned c = u8(in);
    switch (c % 16) {
    case 0: return 0;
    case 1: return 1000000;
    case 2: return 1000001;
    case 3: return -1;
    case 4: return i32(in);
    case 5: return (int)u16(in) * 15;
    default: return (int)(c * u8(in));
    }
}

/* The ranges gomoku_set_weights() documents, written out here on purpose: an oracle that
 * called the library's own check would accept whatever that check does. */
static int weights_valid(const gomoku_weights *w)
{
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++)
        if (w->own[p] < 0 || w->own[p] > 1000000 || w->opp[p] < 0 || w->opp[p] > 1000000)
            return 0;
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        if (w->combo_own[c] < 0 || w->combo_own[c] > 1000000 || w->combo_opp[c] < 0 ||
            w->combo_opp[c] > 1000000)
            return 0;
    return w->win_score >= 1 && w->win_score <= GOMOKU_SCORE_WIN - 1001;
}

static void op_weights(fuzz *f, input *in)
{
    gomoku_weights w = f->w;
    unsigned c = u8(in);
    if (c % 8 == 0)
        gomoku_default_weights(&w);
    int k = (int)(c / 8 % 6) + 1;
    for (int i = 0; i < k; i++) {
        unsigned field = u8(in) % 23;
        if (field < 8)
            w.own[field] = pick_weight(in);
        else if (field < 16)
            w.opp[field - 8] = pick_weight(in);
        else if (field < 19)
            w.combo_own[field - 16] = pick_weight(in);
        else if (field < 22)
            w.combo_opp[field - 19] = pick_weight(in);
        else {
            unsigned m = u8(in) % 8;
            w.win_score = m == 0 ? 0 : m == 1 ? GOMOKU_SCORE_WIN - 1000 : m == 2 ? GOMOKU_SCORE_WIN
                          : m == 3 ? GOMOKU_SCORE_WIN - 1001 : m == 4 ? 1
                          : 1 + (int)(u16(in) % 28999);
        }
    }
    int rc = gomoku_set_weights(f->e, &w);
    if (weights_valid(&w)) {
        CHECK(rc == GOMOKU_OK);
        f->w = w;
    } else {
        CHECK(rc == GOMOKU_EINVAL);
    }
    gomoku_weights now;
    CHECK(gomoku_get_weights(&now, f->e) == GOMOKU_OK);
    CHECK(memcmp(&now, &f->w, sizeof now) == 0);
    CHECK(gomoku_set_weights(f->e, NULL) == GOMOKU_EINVAL);
    check_counters(f);
}

static long long weighted(const int (*counts)[GOMOKU_PAT_COUNT],
                          const int (*combos)[GOMOKU_COMBO_COUNT], int s, const int *pw,
                          const int *cw)
{
    long long sum = 0;
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++)
        sum += (long long)pw[p] * counts[s][p];
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        sum += (long long)cw[c] * combos[s][c];
    return sum;
}

static void op_evaluate(fuzz *f, input *in)
{
    (void)in;
    int score = 0;
    CHECK(gomoku_evaluate(&score, f->e) == GOMOKU_OK);
    gomoku_eval_info info;
    memset(&info, 0x5a, sizeof info);
    CHECK(gomoku_eval_breakdown(&info, f->e) == GOMOKU_OK);
    CHECK(info.score == score);
    CHECK(info.side_to_move == side_of(f->n));
    int st = f->state[f->n];
    /* a finished game: its result for the side to move, whatever the stones say */
    if (st != GOMOKU_ONGOING)
        CHECK(score == (st == GOMOKU_DRAW                   ? GOMOKU_SCORE_DRAW
                        : st == wins_for(side_of(f->n)) ? GOMOKU_SCORE_WIN
                                                        : -GOMOKU_SCORE_WIN));
    CHECK(info.custom == (st == GOMOKU_ONGOING && f->have_eval));
    int empties = f->size * f->size - f->n;
    for (int s = 0; s < 2; s++) {
        long long points = 0, cells = 0;
        for (int p = 0; p < GOMOKU_PAT_COUNT; p++) {
            CHECK(info.patterns[s][p] >= 0);
            points += info.patterns[s][p];
        }
        for (int c = 0; c < GOMOKU_COMBO_COUNT; c++) {
            CHECK(info.combos[s][c] >= 0);
            cells += info.combos[s][c];
        }
        CHECK(points <= 4LL * empties && cells <= empties);
        long long own = weighted(info.patterns, info.combos, s, f->w.own, f->w.combo_own);
        CHECK(info.pattern_score[s] == (own > INT_MAX ? INT_MAX : own)); /* saturates */
    }
    if (f->rule == GOMOKU_RENJU)
        CHECK(info.combos[0][GOMOKU_COMBO_DOUBLE_THREE] == 0);
    if (st != GOMOKU_ONGOING) {
        /* checked above */
    } else if (f->have_eval) {
        int v = f->ep.bias + (int)(gomoku_hash(f->e) % 201) - 100; /* as fuzz_eval() */
        int lim = GOMOKU_SCORE_WIN - 1000;
        if (v >= -lim && v <= lim)
            CHECK(score == clamp_user_score(v));
        CHECK(score > -GOMOKU_SCORE_WIN_MIN && score < GOMOKU_SCORE_WIN_MIN);
    } else {
        int me = side_of(f->n) - 1, opp = 1 - me;
        gomoku_eval_model model;
        CHECK(gomoku_get_eval_model(&model, f->e) == GOMOKU_OK);
        CHECK(model == GOMOKU_EVAL_WEIGHTS || model == GOMOKU_EVAL_FITTED);
        CHECK(score >= -f->w.win_score && score <= f->w.win_score);
        if (info.patterns[me][GOMOKU_PAT_FIVE] > 0) {
            CHECK(score == f->w.win_score);
        } else if (info.patterns[opp][GOMOKU_PAT_FIVE] == 0 &&
                   info.patterns[me][GOMOKU_PAT_OPEN_FOUR] == 0 &&
                   info.combos[me][GOMOKU_COMBO_OPEN_FOUR] == 0 && model == GOMOKU_EVAL_WEIGHTS) {
            /* no turn rule applies (an open-four point includes a double four's); the
             * fitted model (freestyle's default) sums its tables, not these counts */
            long long lin = weighted(info.patterns, info.combos, me, f->w.own, f->w.combo_own) -
                            weighted(info.patterns, info.combos, opp, f->w.opp, f->w.combo_opp);
            if (lin < f->w.win_score / 2 && lin > -(f->w.win_score / 2))
                CHECK(score == lin);
            else
                CHECK(lin > 0 ? score >= 0 : score <= 0);
        }
    }
    CHECK(gomoku_evaluate(NULL, f->e) == GOMOKU_EINVAL);
    CHECK(gomoku_eval_breakdown(NULL, f->e) == GOMOKU_EINVAL);
    check_counters(f);
}

static void op_callbacks(fuzz *f, input *in)
{
    unsigned c = u8(in);
    switch (c % 4) {
    case 0: {
        unsigned m = u8(in);
        f->ep.bias = m % 4 == 0 ? (int)(i32(in) % 1000000000) : (int)(u16(in) % 4001) - 2000;
        f->ep.breakdown = (m & 4) != 0;
        CHECK(gomoku_set_eval_callback(f->e, fuzz_eval, &f->ep) == GOMOKU_OK);
        f->have_eval = 1;
        break;
    }
    case 1:
        CHECK(gomoku_set_eval_callback(f->e, NULL, &f->ep) == GOMOKU_OK);
        f->have_eval = 0;
        break;
    case 2:
        if (c & 4) {
            CHECK(gomoku_set_progress_callback(f->e, fuzz_progress, &f->pp) == GOMOKU_OK);
            f->have_progress = 1;
        } else {
            CHECK(gomoku_set_progress_callback(f->e, NULL, NULL) == GOMOKU_OK);
            f->have_progress = 0;
        }
        break;
    default:
        gomoku_stop(f->e); /* nothing runs: a no-op, the next search must not see it */
        gomoku_stop(NULL);
        break;
    }
    check_counters(f);
}

/* Takes a share of the input's node budget: 0 when it is spent. */
static long long take_budget(fuzz *f, long long want)
{
    if (f->heavy <= 0 || f->budget <= 0)
        return 0;
    if (want > f->budget)
        want = f->budget;
    f->budget -= want;
    f->heavy--;
    return want;
}

static void check_unchanged_after_search(const fuzz *f)
{
    check_all(f);
}

/* A threat-space search; a win it reports must be a line that plays out. */
static void op_threat(fuzz *f, input *in, int vct)
{
    unsigned c = u8(in);
    long long budget = 1 + u16(in) % 20000;
    int time_ms = 0;
    if (c % 16 == 0)
        budget = -1 - (long long)(c / 16);
    else if (c % 16 == 1)
        time_ms = -1;
    else if (c % 16 == 2)
        time_ms = 1000000; /* a limit that the node budget always meets first */
    if (budget > 0 && (budget = take_budget(f, budget)) == 0)
        return;
    gomoku_threat_result r;
    memset(&r, 0x5a, sizeof r);
    int rc = vct ? gomoku_vct(&r, f->e, budget, time_ms) : gomoku_vcf(&r, f->e, budget, time_ms);
    if (budget < 0 || time_ms < 0)
        CHECK(rc == GOMOKU_EINVAL || (f->state[f->n] != GOMOKU_ONGOING && rc == GOMOKU_EGAMEOVER));
    else if (f->state[f->n] != GOMOKU_ONGOING)
        CHECK(rc == GOMOKU_EGAMEOVER);
    else
        CHECK(rc == GOMOKU_OK);
    CHECK((vct ? gomoku_vct(NULL, f->e, 1, 0) : gomoku_vcf(NULL, f->e, 1, 0)) == GOMOKU_EINVAL);
    check_unchanged_after_search(f);
    if (rc != GOMOKU_OK)
        return;
    CHECK(r.found == 0 || r.found == 1);
    CHECK(r.nodes >= 0);
    if (!r.found)
        return;
    CHECK(r.length >= 1);
    int attacker = side_of(f->n);
    int shown = r.length < GOMOKU_MAX_PV ? r.length : GOMOKU_MAX_PV;
    int n0 = f->n;
    for (int i = 0; i < shown; i++) {
        CHECK(f->state[f->n] == GOMOKU_ONGOING);
        CHECK(checked_play(f, r.line[i].x, r.line[i].y) == GOMOKU_OK);
        if (!vct && i % 2 == 0 && i + 1 < r.length) {
            /* every attacking move of a VCF makes a four: a five point for the attacker */
            gomoku_eval_info info;
            CHECK(gomoku_eval_breakdown(&info, f->e) == GOMOKU_OK);
            CHECK(info.patterns[attacker - 1][GOMOKU_PAT_FIVE] > 0);
        }
    }
    if (shown == r.length)
        CHECK(f->state[f->n] == wins_for(attacker));
    check_all(f);
    while (f->n > n0)
        checked_undo(f);
    check_all(f);
}

static void check_search_result(const fuzz *f, const gomoku_search_result *r)
{
    CHECK(on_board(f, r->best.x, r->best.y));
    CHECK(f->cell[r->best.y][r->best.x] == GOMOKU_EMPTY);
    CHECK(r->pv_length >= 0 && r->pv_length <= GOMOKU_MAX_PV);
    CHECK(r->depth >= 0 && r->nodes >= 0);
    for (int i = 0; i < r->pv_length; i++)
        CHECK(on_board(f, r->pv[i].x, r->pv[i].y));
}


/* The code a search returned: with bad limits or options (expect_bad 1, or 2 for a wrong
 * version) their error, or GOMOKU_EGAMEOVER on a finished game; otherwise GOMOKU_OK (or
 * `also`, which the caller allows besides). */
static void check_search_code(const fuzz *f, int rc, int expect_bad, int also)
{
    int over = f->state[f->n] != GOMOKU_ONGOING;
    if (expect_bad)
        CHECK(rc == (expect_bad == 2 ? GOMOKU_EVERSION : GOMOKU_EINVAL) ||
              (over && rc == GOMOKU_EGAMEOVER));
    else if (over)
        CHECK(rc == GOMOKU_EGAMEOVER);
    else
        CHECK(rc == GOMOKU_OK || rc == also);
}
static void op_search(fuzz *f, input *in)
{
    unsigned c = u8(in);
    gomoku_limits lim;
    gomoku_limits_init(&lim);
    lim.depth = 1 + (int)(u8(in) % 6);
    lim.nodes = 100 + u16(in) % 19901;
    lim.threads = c % 16 == 1 ? 2 : c % 16 == 2 ? 0 : 1;
    int expect_bad = 0; /* 1: EINVAL, 2: EVERSION */
    switch (c % 32) {
    case 3: lim.version = 0; expect_bad = 2; break;
    case 4: lim.depth = -1; expect_bad = 1; break;
    case 5: lim.nodes = -5; expect_bad = 1; break;
    case 6: lim.threads = 65; expect_bad = 1; break;
    case 7: lim.threads = -1; expect_bad = 1; break;
    case 8: lim.time_ms = -1; expect_bad = 1; break;
    case 9: lim.time_left_ms = -1; expect_bad = 1; break;
    case 11: /* clocks that the node limit always beats: the time manager and watchdog run */
        lim.time_ms = 600000;
        lim.time_left_ms = c & 0x20 ? 6000000 : 0;
        break;
    default: break;
    }
    int compare = c % 32 == 10 && lim.threads <= 1;
    if (!expect_bad) {
        long long want = take_budget(f, compare ? 2 * lim.nodes : lim.nodes);
        if (want == 0)
            return;
        lim.nodes = compare ? want / 2 : want;
        if (lim.nodes < 1)
            lim.nodes = 1;
    }
    gomoku_search_result r;
    memset(&r, 0x5a, sizeof r);
    int rc = gomoku_search(&r, f->e, &lim);
    check_search_code(f, rc, expect_bad, GOMOKU_OK);
    CHECK(gomoku_search(NULL, f->e, &lim) == GOMOKU_EINVAL);
    CHECK(gomoku_search(&r, f->e, NULL) == GOMOKU_EINVAL || rc != GOMOKU_OK);
    check_unchanged_after_search(f);
    if (rc != GOMOKU_OK)
        return;
    check_search_result(f, &r);
    if (compare) {
        /* One thread, only depth and nodes limiting: the same position and limits give
         * the same move and node count (on an engine with the same, empty, table). */
        replay_on_e2(f);
        CHECK(gomoku_set_hash_size(f->e2, f->hash_mb) == GOMOKU_OK);
        CHECK(gomoku_set_weights(f->e2, &f->w) == GOMOKU_OK);
        CHECK(gomoku_set_eval_callback(f->e2, f->have_eval ? fuzz_eval : NULL, &f->ep) ==
              GOMOKU_OK);
        CHECK(gomoku_clear_hash(f->e) == GOMOKU_OK);
        gomoku_search_result a, b;
        CHECK(gomoku_search(&a, f->e, &lim) == GOMOKU_OK);
        CHECK(gomoku_search(&b, f->e2, &lim) == GOMOKU_OK);
        check_search_result(f, &a);
        CHECK(a.best.x == b.best.x && a.best.y == b.best.y);
        CHECK(a.nodes == b.nodes);
        CHECK(gomoku_set_eval_callback(f->e2, NULL, NULL) == GOMOKU_OK);
        check_unchanged_after_search(f);
    }
}

static void op_textbook(fuzz *f, input *in)
{
    unsigned c = u8(in);
    gomoku_textbook_options o;
    gomoku_textbook_options_init(&o);
    o.depth = 1 + (int)(u8(in) % 2);
    o.radius = 1 + (int)(c / 4 % 4);
    o.ordering = (int)(c / 16 % 2);
    o.prune_percent = c & 0x20 ? (int)(u8(in) % 91) : 0;
    o.node_limit = 1 + u16(in) % 3000;
    int algo = (int)(c % 4);
    unsigned bad = u8(in) % 24;
    int expect_bad = 1; /* 1: EINVAL, 2: EVERSION, 0: none */
    switch (bad) {
    case 0: o.version = 2; expect_bad = 2; break;
    case 1: o.depth = 0; break;
    case 2: o.depth = GOMOKU_MAX_PV + 1; break;
    case 3: o.radius = 0; break;
    case 4: o.radius = 5; break;
    case 5: o.prune_percent = 91; break;
    case 6: o.prune_percent = -1; break;
    case 7: o.node_limit = -1; break;
    case 8: algo = 4; break;
    case 9: algo = -1; break;
    default: expect_bad = 0; break;
    }
    if (!expect_bad) {
        long long want = take_budget(f, o.node_limit);
        if (want == 0)
            return;
        o.node_limit = want;
    }
    gomoku_textbook_result r, before;
    memset(&r, 0x5a, sizeof r);
    before = r;
    int rc = gomoku_textbook_search(&r, f->e, (gomoku_algo)algo, &o);
    check_search_code(f, rc, expect_bad, GOMOKU_ENOMOVE);
    check_unchanged_after_search(f);
    if (rc != GOMOKU_OK) {
        CHECK(memcmp(&r, &before, sizeof r) == 0); /* written only on success */
        return;
    }
    CHECK(r.depth == o.depth && (r.complete == 0 || r.complete == 1));
    CHECK(r.pv_length >= 1 && r.pv_length <= o.depth);
    CHECK(on_board(f, r.best.x, r.best.y));
    CHECK(f->cell[r.best.y][r.best.x] == GOMOKU_EMPTY);
    CHECK(r.stats.nodes >= 1 && r.stats.evaluations >= 0 && r.stats.cutoffs >= 0);
    if (algo == GOMOKU_ALGO_MINIMAX || algo == GOMOKU_ALGO_NEGAMAX)
        CHECK(r.stats.cutoffs == 0);
    for (int i = 0; i < r.pv_length; i++)
        CHECK(on_board(f, r.pv[i].x, r.pv[i].y));
}

static void op_hash(fuzz *f, input *in)
{
    unsigned c = u8(in);
    if (c % 4 == 0) {
        CHECK(gomoku_clear_hash(f->e) == GOMOKU_OK);
    } else {
        static const int bad[] = {0, -1, 65537, INT_MIN, INT_MAX};
        int mb = c % 4 == 1 ? bad[c / 4 % 5] : 1 + (int)(c / 4 % 4);
        long long bytes0 = gomoku_hash_bytes(f->e);
        int rc = gomoku_set_hash_size(f->e, mb);
        if (mb >= 1 && mb <= 4) {
            CHECK(rc == GOMOKU_OK);
            f->hash_mb = mb;
        } else {
            CHECK(rc == GOMOKU_EINVAL);
            CHECK(gomoku_hash_bytes(f->e) == bytes0);
        }
    }
    long long bytes = gomoku_hash_bytes(f->e);
    CHECK(bytes > 0 && bytes <= (long long)f->hash_mb << 20);
    CHECK(gomoku_set_hash_size(NULL, 1) == GOMOKU_EINVAL);
    CHECK(gomoku_clear_hash(NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_hash_bytes(NULL) < 0);
    check_counters(f);
}

static void op_strerror(fuzz *f, input *in)
{
    (void)f;
    unsigned c = u8(in);
    int code = c & 1 ? i32(in) : (int)(c / 2 % 16) - 13;
    const char *s = gomoku_strerror(code);
    CHECK(s != NULL && strlen(s) > 0);
    int known = code >= GOMOKU_EVERSION && code <= GOMOKU_OK;
    CHECK(known == (strcmp(s, "unknown error") != 0));
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", GOMOKU_VERSION_MAJOR, GOMOKU_VERSION_MINOR,
             GOMOKU_VERSION_PATCH);
    CHECK(gomoku_version_number() == GOMOKU_VERSION_NUMBER);
    CHECK(strcmp(gomoku_version_string(), version) == 0);
}

static int expected_new_rc(int size, int rule)
{
    /* both wrong: either error will do; -1 */
    int bad_size = size < GOMOKU_MIN_SIZE || size > GOMOKU_MAX_SIZE;
    int bad_rule = rule < GOMOKU_FREESTYLE || rule > GOMOKU_CARO;
    if (bad_size && bad_rule)
        return -1;
    return bad_size ? GOMOKU_ERANGE : bad_rule ? GOMOKU_ERULE : GOMOKU_OK;
}

static void check_new_rc(int rc, int want)
{
    if (want == -1)
        CHECK(rc == GOMOKU_ERANGE || rc == GOMOKU_ERULE);
    else
        CHECK(rc == want);
}

static void op_reset(fuzz *f, input *in)
{
    int size = pick_size(in), rule = pick_rule(in);
    long long bytes = gomoku_hash_bytes(f->e);
    int want = expected_new_rc(size, rule);
    int rc = gomoku_reset(f->e, size, (gomoku_rule)rule);
    check_new_rc(rc, want);
    if (rc == GOMOKU_OK)
        model_reset(f, size, rule);
    check_all(f);
    if (rc == GOMOKU_OK) {
        /* keeps weights, callbacks and hash size; an empty board's hash does not
         * depend on the size or rule */
        gomoku_weights now;
        CHECK(gomoku_get_weights(&now, f->e) == GOMOKU_OK);
        CHECK(memcmp(&now, &f->w, sizeof now) == 0);
        CHECK(gomoku_hash_bytes(f->e) == bytes);
        gomoku_eval_info info;
        CHECK(gomoku_eval_breakdown(&info, f->e) == GOMOKU_OK);
        CHECK(info.custom == f->have_eval);
        CHECK(gomoku_reset(f->e2, size, (gomoku_rule)rule) == GOMOKU_OK);
        CHECK(gomoku_hash(f->e2) == f->hash[0]);
        f->pp.size = size;
    }
}

static void op_new(fuzz *f, input *in)
{
    int size = pick_size(in), rule = pick_rule(in);
    gomoku_engine *e = (gomoku_engine *)&e; /* poison: set to NULL on failure */
    int rc = gomoku_new(&e, size, (gomoku_rule)rule);
    check_new_rc(rc, expected_new_rc(size, rule));
    CHECK(gomoku_new(NULL, size, (gomoku_rule)rule) == GOMOKU_EINVAL);
    if (rc != GOMOKU_OK) {
        CHECK(e == NULL);
    } else {
        CHECK(e != NULL);
        CHECK(gomoku_size(e) == size && gomoku_rule_of(e) == rule);
        CHECK(gomoku_move_count(e) == 0 && gomoku_side_to_move(e) == GOMOKU_BLACK);
        CHECK(gomoku_state_of(e) == GOMOKU_ONGOING);
        gomoku_weights def, w;
        gomoku_default_weights(&def);
        CHECK(gomoku_get_weights(&w, e) == GOMOKU_OK && memcmp(&def, &w, sizeof w) == 0);
        long long bytes = gomoku_hash_bytes(e);
        CHECK(bytes > 0 && bytes <= 16LL << 20);
        CHECK(gomoku__board_check(&e->b));
    }
    gomoku_free(e);
    gomoku_free(NULL);
    (void)f;
}

/* NULL engines and NULL outputs: errors that change nothing. */
static void op_nulls(fuzz *f, input *in)
{
    (void)in;
    int x, y, n;
    char buf[16];
    gomoku_point pts[4];
    gomoku_forbid why;
    gomoku_weights w;
    CHECK(gomoku_reset(NULL, 15, GOMOKU_FREESTYLE) == GOMOKU_EINVAL);
    CHECK(gomoku_size(NULL) == GOMOKU_EINVAL && gomoku_rule_of(NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_play(NULL, 0, 0) == GOMOKU_EINVAL && gomoku_undo(NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_cell(NULL, 0, 0) == GOMOKU_EINVAL && gomoku_side_to_move(NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_move_count(NULL) == GOMOKU_EINVAL && gomoku_state_of(NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_moves(pts, &n, NULL, 4) == GOMOKU_EINVAL);
    CHECK(gomoku_moves(pts, NULL, f->e, 4) == GOMOKU_EINVAL);
    CHECK(gomoku_winning_line(pts, NULL, f->e, 4) == GOMOKU_EINVAL);
    CHECK(gomoku_winning_line(NULL, &n, f->e, 4) == GOMOKU_EINVAL);
    CHECK(gomoku_forbidden(&why, NULL, 0, 0) == GOMOKU_EINVAL);
    CHECK(gomoku_hash(NULL) == 0);
    CHECK(gomoku_parse_move(&x, &y, NULL, "h8") == GOMOKU_EINVAL);
    CHECK(gomoku_format_move(NULL, 8, f->e, 0, 0, GOMOKU_NOTATION_XY) == GOMOKU_EINVAL);
    CHECK(gomoku_format_move(buf, sizeof buf, NULL, 0, 0, GOMOKU_NOTATION_XY) == GOMOKU_EINVAL);
    CHECK(gomoku_play_moves(NULL, "h8") == GOMOKU_EINVAL);
    CHECK(gomoku_play_moves(f->e, NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_format_moves(NULL, 8, f->e, GOMOKU_NOTATION_XY) == GOMOKU_EINVAL);
    CHECK(gomoku_format_moves(buf, sizeof buf, NULL, GOMOKU_NOTATION_XY) == GOMOKU_EINVAL);
    CHECK(gomoku_get_weights(&w, NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_get_weights(NULL, f->e) == GOMOKU_EINVAL);
    CHECK(gomoku_set_weights(NULL, &w) == GOMOKU_EINVAL);
    CHECK(gomoku_set_eval_callback(NULL, NULL, NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_set_progress_callback(NULL, NULL, NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_textbook_search(NULL, f->e, GOMOKU_ALGO_MINIMAX, NULL) == GOMOKU_EINVAL);
    CHECK(gomoku_vct(NULL, NULL, 1, 0) == GOMOKU_EINVAL);
    CHECK(gomoku_search(NULL, NULL, NULL) == GOMOKU_EINVAL);
    check_all(f);
}

/* ---- the program ----------------------------------------------------------------- */

enum { NODE_BUDGET = 20000, HEAVY_CALLS = 4 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size, 0};
    static fuzz f; /* large: not on the stack; reset for every input */
    memset(&f, 0, sizeof f);
    atomic_init(&f.ep.calls, 0);
    atomic_init(&f.pp.calls, 0);

    int bsize = pick_size(&in), rule = pick_rule(&in);
    unsigned flags = u8(&in);
    int rc = gomoku_new(&f.e, bsize, (gomoku_rule)rule);
    check_new_rc(rc, expected_new_rc(bsize, rule));
    if (rc != GOMOKU_OK) {
        CHECK(f.e == NULL);
        bsize = 15;
        rule = (int)(flags % 4);
        CHECK(gomoku_new(&f.e, bsize, (gomoku_rule)rule) == GOMOKU_OK);
    }
    CHECK(gomoku_new(&f.e2, bsize, (gomoku_rule)rule) == GOMOKU_OK);
    gomoku_default_weights(&f.w);
    f.hash_mb = 16;
    if (!(flags & 0x80)) { /* the default 16 MB table now and then, else a small one */
        CHECK(gomoku_set_hash_size(f.e, 1) == GOMOKU_OK);
        f.hash_mb = 1;
    }
    CHECK(gomoku_set_hash_size(f.e2, 1) == GOMOKU_OK);
    f.pp.size = bsize;
    f.budget = NODE_BUDGET;
    f.heavy = HEAVY_CALLS;
    model_reset(&f, bsize, rule);
    current = &f;
    check_all(&f);

    while (in.i < in.n) {
        unsigned op = u8(&in) % 32;
        switch (op) {
        case 0: case 1: case 2: case 3: case 4: op_play(&f, &in); break;
        case 5: case 6: case 7: case 8: op_play_near(&f, &in); break;
        case 9: op_play_many(&f, &in); break;
        case 10: case 11: op_undo(&f, &in); break;
        case 12: op_query(&f, &in); break;
        case 13: op_forbidden(&f, &in); break;
        case 14: op_parse(&f, &in); break;
        case 15: case 16: op_play_moves(&f, &in); break;
        case 17: op_format_move(&f, &in); break;
        case 18: op_format_moves(&f, &in); break;
        case 19: op_weights(&f, &in); break;
        case 20: op_evaluate(&f, &in); break;
        case 21: op_callbacks(&f, &in); break;
        case 22: op_threat(&f, &in, 0); break;
        case 23: op_threat(&f, &in, 1); break;
        case 24: op_search(&f, &in); break;
        case 25: op_textbook(&f, &in); break;
        case 26: op_hash(&f, &in); break;
        case 27: op_strerror(&f, &in); break;
        case 28: op_reset(&f, &in); break;
        case 29: op_new(&f, &in); break;
        case 30: op_nulls(&f, &in); break;
        case 31: op_record(&f, &in); break;
        default: check_all(&f); break;
        }
    }
    check_all(&f);
    check_winning_line(&f, GOMOKU_MAX_SIZE);
    gomoku_free(f.e);
    gomoku_free(f.e2);
    return 0;
}
