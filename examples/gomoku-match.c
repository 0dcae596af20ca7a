/*
 * gomoku-match - self-play between two configurations of libgomoku, from a fixed list of
 * balanced openings, each played twice with the colours swapped. Prints every game and
 * the result of player A with an Elo estimate and its 95% interval.
 *
 *   gomoku-match [--time MS] [--opponent textbook|strong] [--depth N] [--time2 MS]
 *                [--threads N] [--threads2 N] [--rule NAME] [--openings N] [--first K]
 *                [--hash MB] [-v]
 *
 * Player A is always the strong search (gomoku_search) with --time MS per move (default
 * 1000). Player B is either the textbook negamax with alpha-beta and move ordering at a
 * fixed --depth (default 3; the average time it takes per move is printed, so the depth
 * can be chosen to fit the same time), or the strong search with --time2 MS per move.
 * --threads N sets the threads of both strong players; --threads2 N, given after it,
 * those of B alone (e.g. two threads against one).
 * --openings N uses N built-in openings from the K-th (--first, default 1; default all),
 * so 2N games are played. -v prints each game's moves.
 *
 *   gomoku-match --black SPEC --white SPEC [--size N] [--rule NAME] [--opening MOVES]
 *
 * plays one game between the two players named and prints it move by move, then the
 * final board and the result. SPEC is a textbook algorithm and depth, "minimax:D",
 * "alphabeta:D", "negamax:D" or "negamax-ab:D" (gomoku_textbook_search with its default
 * options: radius 2, move ordering), or "strong:MS", the strong search with MS
 * milliseconds per move ("strong" alone: 1000). A side not named is "strong".
 * Uses only the public API.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep under -std=c11 */
#include <gomoku.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Openings of two to four stones around the centre of a 15x15 board (x,y, black first).
 * Kept only when the strong search (1.5 s) scores them no better for black than the
 * plain two-stone starts (black to move: about +1000..+1400, the side to move's own
 * bonus); four-stone starts that scored +1800 or more for black were replaced.
 * "Balanced" is relative: the five two-stone starts (the centre and one white stone,
 * black to move) are proven wins for black in freestyle and in standard (exactly five),
 * which Allis, van den Herik and Huntjens solved in 1993 from a black first stone in the
 * centre against every defence. With white there, a player has to hold a lost position;
 * the colours are swapped so that each side gets the won one once. */
static const char *openings[] = {
    "7,7 8,7",         "7,7 8,8",         "7,7 9,7",         "7,7 9,8",
    "7,7 9,9",         "7,7 8,6 6,8",     "7,7 8,7 6,8",     "7,7 8,8 8,6",
    "7,7 8,7 7,9",     "7,7 8,8 6,9",     "7,7 6,8 9,8",     "7,7 9,7 8,9",
    "7,7 8,6 7,9 6,6", "7,7 8,8 8,7 6,7", "7,7 8,8 9,6 6,7", "7,7 8,8 9,7 8,7",
    "7,7 8,6 8,8 6,6", "7,7 7,6 8,7 9,7", "7,7 8,8 7,9 7,8", "7,7 8,6 9,8 6,7",
};
#define NOPENINGS ((int)(sizeof openings / sizeof openings[0]))

typedef struct player {
    int strong;        /* 1: gomoku_search, 0: textbook negamax-ab */
    int time_ms;
    int depth;
    int threads;
    gomoku_engine *e;  /* its own engine (own hash table), kept in step with the game */
    double think_ms;
    int moves;
} player;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int choose(player *p, gomoku_point *mv)
{
    double t0 = now_ms();
    int rc;
    if (p->strong) {
        gomoku_limits l;
        gomoku_limits_init(&l);
        l.depth = 0;
        l.time_ms = p->time_ms;
        l.threads = p->threads;
        gomoku_search_result r;
        rc = gomoku_search(&r, p->e, &l);
        *mv = r.best;
    } else {
        gomoku_textbook_options o;
        gomoku_textbook_options_init(&o);
        o.depth = p->depth;
        o.ordering = 1;
        gomoku_textbook_result r;
        rc = gomoku_textbook_search(&r, p->e, GOMOKU_ALGO_NEGAMAX_AB, &o);
        *mv = r.best;
    }
    p->think_ms += now_ms() - t0;
    p->moves++;
    return rc;
}

/* Plays one game; a_black says whether player A has black. Returns A's score in half
 * points (2 win, 1 draw, 0 loss), or -1 on an error. */
static int play_game(player *a, player *b, gomoku_rule rule, const char *opening, int a_black,
                     int *nmoves, char *record, size_t record_size)
{
    gomoku_engine *g = NULL;
    if (gomoku_new(&g, 15, rule) != GOMOKU_OK || gomoku_play_moves(g, opening) != GOMOKU_OK) {
        gomoku_free(g);
        return -1;
    }
    player *ps[2] = {a, b};
    for (int i = 0; i < 2; i++)
        if (gomoku_reset(ps[i]->e, 15, rule) != GOMOKU_OK ||
            gomoku_play_moves(ps[i]->e, opening) != GOMOKU_OK) {
            gomoku_free(g);
            return -1;
        }
    while (gomoku_state_of(g) == GOMOKU_ONGOING) {
        int black_to_move = gomoku_side_to_move(g) == GOMOKU_BLACK;
        player *p = black_to_move == a_black ? a : b;
        gomoku_point mv;
        int rc = choose(p, &mv);
        if (rc != GOMOKU_OK || gomoku_play(g, mv.x, mv.y) != GOMOKU_OK) {
            fprintf(stderr, "error: %s move %d,%d: %s\n", p == a ? "A" : "B", mv.x, mv.y,
                    gomoku_strerror(rc));
            gomoku_free(g);
            return -1;
        }
        for (int i = 0; i < 2; i++)
            gomoku_play(ps[i]->e, mv.x, mv.y);
    }
    int state = gomoku_state_of(g);
    gomoku_format_moves(record, record_size, g, GOMOKU_NOTATION_XY);
    *nmoves = gomoku_move_count(g);
    gomoku_free(g);
    if (state == GOMOKU_DRAW)
        return 1;
    int black_won = state == GOMOKU_BLACK_WINS;
    return black_won == a_black ? 2 : 0;
}

/* ---- one game between two named players (--black SPEC --white SPEC) ---------------- */

static const char *const algo_names[] = {"minimax", "alphabeta", "negamax", "negamax-ab"};

typedef struct side_spec {
    int strong;        /* 1: gomoku_search for time_ms per move */
    gomoku_algo algo;  /* else this textbook algorithm to `depth` */
    int depth;
    int time_ms;
} side_spec;

/* "negamax-ab:2", "strong:500", "strong"; 0 on success. */
static int parse_spec(side_spec *s, const char *text)
{
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    char *end = NULL;
    long v = 0;
    if (colon) {
        v = strtol(colon + 1, &end, 10);
        if (end == colon + 1 || *end)
            return -1;
    }
    if (len == 6 && !strncmp(text, "strong", 6)) {
        s->strong = 1;
        s->time_ms = colon ? (int)v : 1000;
        return s->time_ms >= 1 && v <= 3600000 ? 0 : -1;
    }
    for (int a = 0; a < 4; a++)
        if (strlen(algo_names[a]) == len && !strncmp(text, algo_names[a], len)) {
            s->strong = 0;
            s->algo = (gomoku_algo)a;
            s->depth = (int)v;
            return colon && v >= 1 && v <= 8 ? 0 : -1;
        }
    return -1;
}

static void spec_name(char *buf, size_t n, const side_spec *s)
{
    if (s->strong)
        snprintf(buf, n, "strong:%d", s->time_ms);
    else
        snprintf(buf, n, "%s:%d", algo_names[s->algo], s->depth);
}

static void print_board(const gomoku_engine *g)
{
    int size = gomoku_size(g);
    gomoku_point last = {-1, -1};
    int n = 0;
    gomoku_point mv[GOMOKU_MAX_CELLS];
    if (gomoku_moves(mv, &n, g, GOMOKU_MAX_CELLS) == GOMOKU_OK && n > 0)
        last = mv[n - 1];
    for (int y = 0; y < size; y++) {
        printf("%3d ", size - y);
        for (int x = 0; x < size; x++) {
            int c = gomoku_cell(g, x, y);
            char ch = c == GOMOKU_BLACK ? 'X' : c == GOMOKU_WHITE ? 'O' : '.';
            printf(x == last.x && y == last.y ? "[%c" : " %c", ch);
            putchar(x == last.x && y == last.y ? ']' : ' ');
        }
        putchar('\n');
    }
    printf("    ");
    for (int x = 0; x < size; x++)
        printf(" %c ", size <= 26 ? 'a' + x : '?');
    putchar('\n');
}

/* Plays the game; returns 0, or 1 on a library error. */
static int play_named(const side_spec sides[2], int size, gomoku_rule rule, const char *opening)
{
    gomoku_engine *g = NULL;
    if (gomoku_new(&g, size, rule) != GOMOKU_OK) {
        fprintf(stderr, "gomoku-match: cannot create the engine\n");
        return 1;
    }
    if (opening && gomoku_play_moves(g, opening) != GOMOKU_OK) {
        fprintf(stderr, "gomoku-match: bad --opening '%s'\n", opening);
        gomoku_free(g);
        return 2;
    }
    char names[2][32];
    spec_name(names[0], sizeof names[0], &sides[0]);
    spec_name(names[1], sizeof names[1], &sides[1]);
    static const char *rule_names[] = {"freestyle", "standard", "renju", "caro"};
    printf("black: %s\nwhite: %s\n%dx%d %s%s%s\n\n", names[0], names[1], size, size,
           rule_names[rule], opening ? ", opening " : "", opening ? opening : "");
    while (gomoku_state_of(g) == GOMOKU_ONGOING) {
        int black = gomoku_side_to_move(g) == GOMOKU_BLACK;
        const side_spec *s = &sides[black ? 0 : 1];
        gomoku_point best;
        int value, rc;
        if (s->strong) {
            gomoku_limits l;
            gomoku_limits_init(&l);
            l.depth = 0;
            l.time_ms = s->time_ms;
            gomoku_search_result r;
            rc = gomoku_search(&r, g, &l);
            best = r.best;
            value = r.score;
        } else {
            gomoku_textbook_options o;
            gomoku_textbook_options_init(&o);
            o.depth = s->depth;
            gomoku_textbook_result r;
            rc = gomoku_textbook_search(&r, g, s->algo, &o);
            best = r.best;
            value = r.value;
        }
        char mv[16] = "?";
        if (rc == GOMOKU_OK)
            rc = gomoku_format_move(mv, sizeof mv, g, best.x, best.y,
                                    size <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY);
        if (rc == GOMOKU_OK)
            rc = gomoku_play(g, best.x, best.y);
        if (rc != GOMOKU_OK) {
            fprintf(stderr, "gomoku-match: %s: %s\n", names[black ? 0 : 1], gomoku_strerror(rc));
            gomoku_free(g);
            return 1;
        }
        printf("%3d. %-5s %-14s %-4s value %d\n", gomoku_move_count(g), black ? "black" : "white",
               names[black ? 0 : 1], mv, value);
    }
    putchar('\n');
    print_board(g);
    static char record[16 * GOMOKU_MAX_CELLS];
    gomoku_format_moves(record, sizeof record, g,
                        size <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY);
    int state = gomoku_state_of(g);
    printf("\nmoves: %s\nresult: %s in %d moves\n", record,
           state == GOMOKU_BLACK_WINS ? "black wins" : state == GOMOKU_WHITE_WINS ? "white wins"
                                                                                : "draw",
           gomoku_move_count(g));
    gomoku_free(g);
    return 0;
}

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: gomoku-match [--time MS] [--opponent textbook|strong] [--depth N] "
               "[--time2 MS] [--threads N] [--threads2 N] [--rule NAME] [--openings N] [--first K] "
               "[--hash MB] [-v]\n"
               "       gomoku-match --black SPEC --white SPEC [--size N] [--rule NAME] "
               "[--opening MOVES]\n"
               "       SPEC: minimax:D | alphabeta:D | negamax:D | negamax-ab:D (D 1..8) | "
               "strong[:MS]\n"
               "       gomoku-match -h | --help | --version\n");
}

/* Says what is wrong with the command line, then the usage; exits with status 2. */
_Noreturn static void bad_option(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gomoku-match: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    usage(stderr);
    exit(2);
}

/* Whole-string decimal integer within [lo, hi]; exits with status 2 naming the range. */
static int int_option(const char *name, const char *s, int lo, int hi)
{
    char *end;
    if (!s)
        bad_option("%s needs a value", name);
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        bad_option("%s must be %d..%d, not '%s'", name, lo, hi, s);
    return (int)v;
}

/* A value from a list of names; exits with status 2 listing them. */
static int name_option(const char *name, const char *s, const char *const *names, int n,
                       const char *listed)
{
    if (!s)
        bad_option("%s needs a value", name);
    for (int i = 0; i < n; i++)
        if (!strcmp(s, names[i]))
            return i;
    bad_option("%s must be %s, not '%s'", name, listed, s);
}

int main(int argc, char **argv)
{
    static const char *const rules[] = {"freestyle", "standard", "renju", "caro"};
    static const char *const opponents[] = {"textbook", "strong"};
    player a = {1, 1000, 0, 1, NULL, 0, 0}, b = {0, 1000, 3, 1, NULL, 0, 0};
    gomoku_rule rule = GOMOKU_FREESTYLE;
    int nopen = -1, first = 1, verbose = 0, hash = 16;
    side_spec sides[2] = {{1, GOMOKU_ALGO_MINIMAX, 0, 1000}, {1, GOMOKU_ALGO_MINIMAX, 0, 1000}};
    int named = 0, size = 15;
    const char *opening = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(o, "--version")) {
            printf("gomoku-match (libgomoku %s)\n", gomoku_version_string());
            return 0;
        } else if (!strcmp(o, "-v")) {
            verbose = 1;
            continue;
        } else if (!strcmp(o, "--time")) {
            a.time_ms = int_option(o, v, 1, INT_MAX);
        } else if (!strcmp(o, "--time2")) {
            b.time_ms = int_option(o, v, 1, INT_MAX);
        } else if (!strcmp(o, "--depth")) {
            b.depth = int_option(o, v, 1, GOMOKU_MAX_PV);
        } else if (!strcmp(o, "--threads")) {
            a.threads = b.threads = int_option(o, v, 1, 64);
        } else if (!strcmp(o, "--threads2")) {
            b.threads = int_option(o, v, 1, 64);
        } else if (!strcmp(o, "--openings")) {
            nopen = int_option(o, v, 1, NOPENINGS);
        } else if (!strcmp(o, "--first")) {
            first = int_option(o, v, 1, NOPENINGS);
        } else if (!strcmp(o, "--hash")) {
            hash = int_option(o, v, 1, 65536);
        } else if (!strcmp(o, "--black") || !strcmp(o, "--white")) {
            int w = o[2] == 'w';
            named = 1;
            if (!v)
                bad_option("%s needs a value", o);
            if (parse_spec(&sides[w], v) != 0)
                bad_option("%s must be minimax:D, alphabeta:D, negamax:D or negamax-ab:D "
                           "(D 1..8), or strong[:MS], not '%s'", o, v);
        } else if (!strcmp(o, "--size")) {
            size = int_option(o, v, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE);
        } else if (!strcmp(o, "--opening")) {
            if (!v)
                bad_option("%s needs a value", o);
            opening = v;
        } else if (!strcmp(o, "--opponent")) {
            b.strong = name_option(o, v, opponents, 2, "textbook or strong");
        } else if (!strcmp(o, "--rule")) {
            rule = (gomoku_rule)name_option(o, v, rules, 4, "freestyle, standard, renju or caro");
        } else {
            bad_option("unknown option '%s'", o);
        }
        i++; /* every option above but -v takes a value */
    }
    if (named)
        return play_named(sides, size, rule, opening);
    if (nopen < 0 && first >= 1 && first <= NOPENINGS)
        nopen = NOPENINGS - first + 1;
    if (first - 1 + nopen > NOPENINGS)
        bad_option("--first %d with --openings %d goes past the %d openings", first, nopen,
                   NOPENINGS);
    if (gomoku_new(&a.e, 15, rule) != GOMOKU_OK || gomoku_new(&b.e, 15, rule) != GOMOKU_OK ||
        gomoku_set_hash_size(a.e, hash) != GOMOKU_OK || gomoku_set_hash_size(b.e, hash) != GOMOKU_OK) {
        fprintf(stderr, "cannot create engines\n");
        return 1;
    }
    char bdesc[64];
    if (b.strong)
        snprintf(bdesc, sizeof bdesc, "strong search %d ms/move, %d thread(s)", b.time_ms,
                 b.threads);
    else
        snprintf(bdesc, sizeof bdesc, "textbook negamax-ab ordered, depth %d", b.depth);
    static const char *rule_names[] = {"freestyle", "standard", "renju", "caro"};
    printf("A: strong search %d ms/move, %d thread(s)\nB: %s\nrule %s, %d openings x 2 colours\n",
           a.time_ms, a.threads, bdesc, rule_names[rule], nopen);
    int wins = 0, draws = 0, losses = 0, games = 0;
    double sum_sq = 0;
    static char record[16 * GOMOKU_MAX_CELLS];
    for (int i = first - 1; i < first - 1 + nopen; i++)
        for (int c = 0; c < 2; c++) {
            int a_black = c == 0;
            int nmoves = 0;
            int r = play_game(&a, &b, rule, openings[i], a_black, &nmoves, record, sizeof record);
            if (r < 0)
                return 1;
            games++;
            wins += r == 2;
            draws += r == 1;
            losses += r == 0;
            sum_sq += (r / 2.0) * (r / 2.0);
            printf("game %3d  opening %-17s A %s: %s  (%d moves)%s%s\n", games, openings[i],
                   a_black ? "black" : "white", r == 2 ? "A wins" : r == 1 ? "draw" : "B wins",
                   nmoves, verbose ? "\n  " : "", verbose ? record : "");
            fflush(stdout);
        }
    double p = (wins + 0.5 * draws) / games;
    double var = sum_sq / games - p * p;
    double se = sqrt(var > 0 ? var / games : 0);
    double lo = p - 1.96 * se, hi = p + 1.96 * se;
    printf("\nA: %d wins, %d draws, %d losses in %d games: score %.1f%%\n", wins, draws, losses,
           games, 100.0 * p);
    if (p >= 1.0 || p <= 0.0) {
        /* No spread to estimate from: the one-sided bound from the rule of three (95%). */
        double bound = 3.0 / games;
        double q = p >= 1.0 ? 1.0 - bound : bound;
        printf("Elo difference: %s%.0f (95%% bound, no %s in %d games)\n",
               p >= 1.0 ? ">= " : "<= ", elo_of(q), p >= 1.0 ? "loss or draw" : "win", games);
    } else {
        printf("Elo difference: %+.0f (95%% interval %+.0f .. %+.0f)\n", elo_of(p),
               lo <= 0 ? -INFINITY : elo_of(lo), hi >= 1 ? INFINITY : elo_of(hi));
    }
    printf("average time per move: A %.0f ms, B %.0f ms\n", a.moves ? a.think_ms / a.moves : 0.0,
           b.moves ? b.think_ms / b.moves : 0.0);
    gomoku_free(a.e);
    gomoku_free(b.e);
    return 0;
}
