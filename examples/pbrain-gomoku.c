/*
 * pbrain-gomoku - a Gomocup (Piskvork) tournament engine built on libgomoku.
 *
 * Speaks the Gomocup "new protocol" on stdin/stdout (see GOMOCUP.md): START, RECTSTART,
 * RESTART, BEGIN, TURN, BOARD, PLAY, TAKEBACK, SWAP2BOARD, INFO, ABOUT, END. Every
 * answer is one line, flushed at once. It uses only the public header gomoku.h.
 *
 * When settings take effect
 *   INFO rule     Changes the rule of a game only while its board is still empty (the
 *                 manager sends INFO between START and the first move). Sent in the
 *                 middle of a game it is remembered and applies from the next START,
 *                 RECTSTART, RESTART, BOARD or SWAP2BOARD, which all set up a new
 *                 position; the game in progress keeps its rule, so the stones already
 *                 played are never judged by a rule they were not played under.
 *                 Bits: 4 renju, 8 caro, 1 exactly five (standard), none freestyle;
 *                 when several are set the first of renju, caro, standard wins.
 *                 Bit 2 (continuous game) is ignored.
 *   INFO max_memory  Sizes the hash table at once, while no clock runs (a resize clears it),
 *                 and again when INFO rule then changes the rule of the empty board:
 *                 half of what is left after a reserve, 64 MB when unlimited. The
 *                 other half and the reserve hold the library's working memory (up to
 *                 20 MB for the threat solver, 1 MB per thread; see gomoku.h): 16 MB,
 *                 1 MB a thread from the second, and with three or more 24 MB more
 *                 for the threat worker's tables. A limit of 40 MB or more is kept whatever
 *                 the time per move and the threads (bench/memcap.sh).
 *                 Without it, nothing is allocated for the table before the first
 *                 search, so a START followed by INFO max_memory never holds a table of
 *                 the default size.
 *   time settings    Used by the next move. The program plans nothing: it hands the
 *                 protocol's clock (timeout_turn, and the game's time left from
 *                 time_left or timeout_match) to gomoku_limits, counted from reading the
 *                 command and less a reserve for the pipe and the scheduler (see
 *                 clock_limits()), and the library's time manager plans the move and
 *                 stops the search in time.
 *   INFO thread_num  Search threads (1..64; default 1), as gomoku_limits.threads.
 *
 * TAKEBACK takes back the last move only (ERROR otherwise): the library keeps a history.
 *
 * Game record: the program keeps its own copy of the stones, the authority for what is
 * legal on the manager's board. The library follows it while the game is on in the
 * library's view; if the library sees the game as ended (a five, or a forbidden renju
 * move by black) while the manager keeps playing, the engine still answers with a legal
 * move (an empty cell next to the stones) instead of failing.
 *
 * BOARD: it is our move, so equal stone counts mean we moved first (black) and one
 * opponent stone more means the opponent did; other counts are an ERROR. Stones are
 * played in the order given; if that order does not alternate between the sides, the
 * stones of each side are interleaved in their given order instead. Field 3 (a
 * winning-line marker of continuous games) is not a stone of either side: the cell is
 * kept out of play but not given to the library.
 */
#define _POSIX_C_SOURCE 200809L

#include "gomoku.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PB_LINE_MAX 4096
#define PB_MIB (1024LL * 1024LL)

/* Cells of the program's own board record. */
enum { CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_BLOCKED = 3 };

typedef struct pb_state {
    gomoku_engine *eng;      /* NULL until the first successful START */
    int size;                /* 0 until then */
    int rule;                /* rule of the game in progress */
    int rule_next;           /* rule asked for by INFO rule, applies to new positions */

    unsigned char cell[GOMOKU_MAX_SIZE][GOMOKU_MAX_SIZE];
    gomoku_point moves[GOMOKU_MAX_CELLS];
    int nmoves;              /* stones in play order (BLOCKED cells are not moves) */
    int synced;              /* moves[0 .. synced-1] are played in the library too */

    /* Time control, milliseconds. */
    long long timeout_turn;  /* per move; 0 = play at once */
    long long timeout_match; /* per game; 0 = no game clock */
    long long time_left;     /* from INFO time_left; -1 = not sent this game */
    long long used_ms;       /* time this engine spent thinking in this game */
    long long max_memory;    /* bytes, 0 = no limit */
    int hash_mb;             /* hash size asked of the library */
    int game_type;
    int threads;             /* INFO thread_num */
    char folder[1024];
    int quit;                /* END (or end of input) seen inside a BOARD block */
    int multipv;             /* lines each search reports (INFO multipv, YXNBEST); 0 = 1 */
    int think_cap_ms;        /* 0, or a cap on the time per search (the fuzz harness's) */
} pb_state;

/* Where the protocol's lines come from and go to: standard input and output in the
 * program; memory in the fuzz harness (fuzz/fuzz_pbrain.c), which includes this file,
 * defines PB_NO_MAIN and runs pb_loop() over its input. */
typedef struct pb_io {
    int (*get)(void *ctx);                     /* the next byte, or EOF */
    void (*put)(void *ctx, const char *line);  /* one answer line, without its end */
    void *ctx;
} pb_io;

static int stdio_get(void *ctx)
{
    (void)ctx;
    return getchar();
}

static void stdio_put(void *ctx, const char *line)
{
    (void)ctx;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static pb_io io = {stdio_get, stdio_put, NULL};

static void on_progress(const gomoku_search_info *info, void *payload);

/* ---------------------------------------------------------------------------------- */
/* Output                                                                              */
/* ---------------------------------------------------------------------------------- */

static void say(const char *fmt, ...)
{
    char line[PB_LINE_MAX + 256]; /* the longest answer quotes a whole command line */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    io.put(io.ctx, line);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Reads one line without its end and trailing blanks; a too long line is cut. Managers
 * end lines with CR LF: the CR is dropped with the blanks. (A lone CR does not end a
 * line: waiting after it for a possible LF could block while the manager waits for us.)
 * Returns 0, or -1 at end of input. */
static int read_line(char *buf, size_t cap)
{
    size_t n = 0;
    int ch;
    int got = 0;
    while ((ch = io.get(io.ctx)) != EOF) {
        got = 1;
        if (ch == '\n')
            break;
        if (n + 1 < cap)
            buf[n++] = (char)ch;
    }
    if (!got)
        return -1;
    while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t' || buf[n - 1] == '\r'))
        n--;
    buf[n] = '\0';
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* Parsing                                                                             */
/* ---------------------------------------------------------------------------------- */

static int same_word(const char *a, const char *b)
{
    while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Reads a decimal integer (optionally signed) at *s; 0 on success. Values far outside
 * any board are clamped so that they still read as "off the board". */
static int parse_int(long long *out, const char **s)
{
    const char *p = skip_blanks(*s);
    char *end;
    if (!(isdigit((unsigned char)*p) || ((*p == '-' || *p == '+') && isdigit((unsigned char)p[1]))))
        return -1;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (errno == ERANGE)
        v = v < 0 ? LLONG_MIN / 2 : LLONG_MAX / 2;
    *out = v;
    *s = end;
    return 0;
}

/* Parses "x,y" (blanks allowed around both numbers and the comma) at *s and advances
 * *s past it. Returns 0, or -1 on a syntax error. */
static int parse_xy(long long *x, long long *y, const char **s)
{
    const char *p = *s;
    if (parse_int(x, &p) != 0)
        return -1;
    p = skip_blanks(p);
    if (*p != ',')
        return -1;
    p++;
    if (parse_int(y, &p) != 0)
        return -1;
    *s = p;
    return 0;
}

/* The whole of `s` must be "x,y" and nothing else but blanks. */
static int parse_xy_only(long long *x, long long *y, const char *s)
{
    if (parse_xy(x, y, &s) != 0)
        return -1;
    return *skip_blanks(s) == '\0' ? 0 : -1;
}

static int on_board(const pb_state *pb, long long x, long long y)
{
    return x >= 0 && y >= 0 && x < pb->size && y < pb->size;
}

/* ---------------------------------------------------------------------------------- */
/* Game record and the library's position                                              */
/* ---------------------------------------------------------------------------------- */

static int rule_from_mask(long long mask)
{
    if (mask & 4)
        return GOMOKU_RENJU;
    if (mask & 8)
        return GOMOKU_CARO;
    if (mask & 1)
        return GOMOKU_STANDARD;
    return GOMOKU_FREESTYLE;
}

static const char *rule_name(int rule)
{
    switch (rule) {
    case GOMOKU_FREESTYLE: return "freestyle";
    case GOMOKU_STANDARD: return "standard";
    case GOMOKU_RENJU: return "renju";
    case GOMOKU_CARO: return "caro";
    default: return "?";
    }
}

/* The library's hash size for a memory limit: what remains after a reserve for the rest
 * of the process (board, search stacks, stdio, libc) and half of it at most, because a
 * resize holds the old table while the new one is allocated. */
static int hash_mb_for(long long max_memory, int threads)
{
    /* Measured with bench/memcap.sh: 4 threads held 24.6 MB more than one at every cap
     * (40 MB: 43.6 MB peak with the one-thread reserve, over the cap). */
    long long reserve = 16 * PB_MIB;
    if (threads > 1)
        reserve += (long long)threads * PB_MIB;
    if (threads > 2) /* the threat worker's tables (gomoku.h) */
        reserve += 24 * PB_MIB;
    if (max_memory <= 0)
        return 64;
    long long mb = (max_memory - reserve) / 2 / PB_MIB;
    if (mb < 1)
        mb = 1;
    if (mb > 1024)
        mb = 1024;
    return (int)mb;
}

static void apply_memory(pb_state *pb)
{
    int mb = hash_mb_for(pb->max_memory, pb->threads);
    if (!pb->eng || mb == pb->hash_mb)
        return;
    int rc = gomoku_set_hash_size(pb->eng, mb);
    if (rc != GOMOKU_OK) {
        say("MESSAGE hash size %d MB refused: %s", mb, gomoku_strerror(rc));
        return;
    }
    pb->hash_mb = mb;
}

/* Clears the record and the library position for a new game under rule_next. */
static int new_game(pb_state *pb, int size)
{
    int rc;
    if (!pb->eng) {
        rc = gomoku_new(&pb->eng, size, (gomoku_rule)pb->rule_next);
        if (rc != GOMOKU_OK)
            return rc;
        pb->hash_mb = 0; /* whatever the library default is; set it below */
        rc = gomoku_set_progress_callback(pb->eng, on_progress, pb);
        if (rc != GOMOKU_OK) {
            gomoku_free(pb->eng);
            pb->eng = NULL;
            return rc;
        }
    } else if (gomoku_size(pb->eng) == size && gomoku_rule_of(pb->eng) == pb->rule_next) {
        /* Same board and rule: take the stones back instead of gomoku_reset(), which
         * clears the hash table, and clearing a big table can take longer than a short
         * turn (BOARD is answered within the turn time). The table's entries stay valid:
         * they belong to positions, not to games. */
        while (gomoku_move_count(pb->eng) > 0)
            if ((rc = gomoku_undo(pb->eng)) != GOMOKU_OK)
                return rc;
    } else {
        /* A new size or rule needs gomoku_reset(), which clears the table: shrink the
         * table first so there is little to clear (sized again below). */
        if (gomoku_set_hash_size(pb->eng, 1) == GOMOKU_OK)
            pb->hash_mb = 1;
        rc = gomoku_reset(pb->eng, size, (gomoku_rule)pb->rule_next);
        if (rc != GOMOKU_OK)
            return rc;
    }
    pb->size = size;
    pb->rule = pb->rule_next;
    memset(pb->cell, 0, sizeof pb->cell);
    pb->nmoves = 0;
    pb->synced = 0;
    pb->used_ms = 0;
    pb->time_left = -1;
    /* The table for max_memory, made again at once when a new size or rule shrank it.
     * A new game comes from START, RESTART or INFO rule, where no clock runs (managers
     * send INFO rule after INFO max_memory), or from a BOARD under a rule sent during the
     * last game; left to the first move, making 128 MB took 12-235 ms of a 200 ms turn
     * and took the move past its limit when the other engine was starting beside it. A
     * limit that comes later is applied when it comes. */
    if (pb->max_memory > 0)
        apply_memory(pb);
    return GOMOKU_OK;
}

static int color_to_move(const pb_state *pb)
{
    return pb->nmoves % 2 == 0 ? CELL_BLACK : CELL_WHITE;
}

/* Appends a move (the cell must be on the board and empty) to the record and, while it
 * keeps up, to the library. */
static void record_move(pb_state *pb, int x, int y)
{
    pb->cell[y][x] = (unsigned char)color_to_move(pb);
    pb->moves[pb->nmoves++] = (gomoku_point){x, y};
    if (pb->synced == pb->nmoves - 1 && gomoku_state_of(pb->eng) == GOMOKU_ONGOING &&
        gomoku_play(pb->eng, x, y) == GOMOKU_OK)
        pb->synced++;
}

/* Is the library's position the manager's, with the game still on? Then it can search. */
static int library_live(const pb_state *pb)
{
    return pb->synced == pb->nmoves && gomoku_state_of(pb->eng) == GOMOKU_ONGOING;
}

static int empty_cells(const pb_state *pb)
{
    int n = 0;
    for (int y = 0; y < pb->size; y++)
        for (int x = 0; x < pb->size; x++)
            n += pb->cell[y][x] == CELL_EMPTY;
    return n;
}

/* Would this move be refused as a renju forbidden move of ours? (Only checkable while the
 * library follows the game.) */
static int forbidden_for_us(const pb_state *pb, int x, int y)
{
    gomoku_forbid why = GOMOKU_FORBID_NONE;
    if (pb->rule != GOMOKU_RENJU || color_to_move(pb) != CELL_BLACK || !library_live(pb))
        return 0;
    return gomoku_forbidden(&why, pb->eng, x, y) == GOMOKU_OK && why != GOMOKU_FORBID_NONE;
}

/* A legal move without any search: the empty cell with most stones around it (distance
 * 2), ties to the centre. Used when the library cannot search the manager's position. */
static gomoku_point fallback_move(const pb_state *pb)
{
    gomoku_point best = {-1, -1};
    long best_score = LONG_MIN;
    int c = pb->size / 2;
    for (int pass = 0; pass < 2 && best.x < 0; pass++) {
        for (int y = 0; y < pb->size; y++)
            for (int x = 0; x < pb->size; x++) {
                if (pb->cell[y][x] != CELL_EMPTY)
                    continue;
                if (pass == 0 && forbidden_for_us(pb, x, y))
                    continue;
                long near = 0;
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        int u = x + dx, v = y + dy;
                        if (u >= 0 && v >= 0 && u < pb->size && v < pb->size &&
                            (pb->cell[v][u] == CELL_BLACK || pb->cell[v][u] == CELL_WHITE))
                            near++;
                    }
                long score = near * 1000 - (long)(abs(x - c) + abs(y - c));
                if (score > best_score) {
                    best_score = score;
                    best = (gomoku_point){x, y};
                }
            }
    }
    return best;
}

/* ---------------------------------------------------------------------------------- */
/* Clock                                                                               */
/* ---------------------------------------------------------------------------------- */

/* Kept back from the manager's clock for what the library does not see: our answer's
 * way through the pipe, and the waits for a core of a search that is told to stop (on a
 * loaded machine, tens of ms). 5% of the turn, at least 25 ms, at most 1 s: with 5 ms
 * (bench/soak.sh, 40 games at 100 ms a move, --tolerance-ms 0, two matches' load beside
 * it) 19 games were lost on time, the slowest move 103 ms. Those waits do not grow with
 * the turn, so a long turn needs only a small share of it (the library keeps its own
 * 30 ms for unwinding on top). */
static double reserve_ms(long long turn_ms)
{
    double r = (double)turn_ms / 20;
    return r < 25 ? 25 : r > 1000 ? 1000 : r;
}

static int clamp_ms(double ms)
{
    if (ms < 1)
        return 1;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

/*
 * The protocol's clock as the library's limits; the library's time manager plans the
 * move and stops the search in time. time_ms: the turn time (timeout_turn 0 means play
 * at once: 1 ms). time_left_ms: the game's time left, the manager's time_left when sent
 * (2147483647 means none) or our own count against timeout_match, whichever is less.
 * Both are counted from t0, when the command was read, less reserve_ms(); a command
 * that needs `share` searches gives each its share.
 */
static void clock_limits(gomoku_limits *l, const pb_state *pb, double t0, int share)
{
    double spent = now_ms() - t0 + reserve_ms(pb->timeout_turn);
    double turn = pb->timeout_turn > 0 ? (double)pb->timeout_turn : 1;
    l->time_ms = clamp_ms((turn - spent) / share);
    long long left = -1;
    if (pb->time_left >= 0 && pb->time_left < INT_MAX)
        left = pb->time_left;
    if (pb->timeout_match > 0) {
        long long own = pb->timeout_match - pb->used_ms;
        if (left < 0 || own < left)
            left = own;
    }
    l->time_left_ms = left >= 0 ? clamp_ms(((double)left - spent) / share) : 0;
    if (pb->think_cap_ms > 0 && l->time_ms > pb->think_cap_ms)
        l->time_ms = pb->think_cap_ms;
}

/* ---------------------------------------------------------------------------------- */
/* Search                                                                              */
/* ---------------------------------------------------------------------------------- */

static void print_pv(char *buf, size_t cap, const gomoku_point *pv, int n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 16 < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d,%d", i ? " " : "", pv[i].x, pv[i].y);
}

static void on_progress(const gomoku_search_info *info, void *payload)
{
    char pv[GOMOKU_MAX_PV * 8 + 16];
    (void)payload;
    print_pv(pv, sizeof pv, info->pv, info->pv_length);
    char line[24] = "";
    if (info->line > 0)
        snprintf(line, sizeof line, "line %d ", info->line + 1);
    say("MESSAGE %sdepth %d-%d score %d nodes %lld nps %lld time %.0f pv %s", line, info->depth,
        info->seldepth, info->score, info->nodes, info->nps, info->time_ms, pv);
}

/* The one place that calls the library's search. */
static int engine_search(gomoku_point *best, int *score, pb_state *pb, double t0, int share)
{
    gomoku_limits limits;
    gomoku_search_result r;
    gomoku_limits_init(&limits);
    limits.depth = 0;
    limits.threads = pb->threads > 0 ? pb->threads : 1;
    clock_limits(&limits, pb, t0, share);
    limits.multipv = pb->multipv > 1 ? pb->multipv : 1;
    static gomoku_search_result lines[GOMOKU_MAX_MULTIPV];
    int nlines = 0;
    int rc = gomoku_search_lines(lines, &nlines, pb->eng, &limits, GOMOKU_MAX_MULTIPV);
    if (rc != GOMOKU_OK)
        return rc;
    r = lines[0];
    /* Multi-PV: every line, best first, for analysis boards (as MESSAGE, which any
     * manager shows or ignores). */
    for (int i = 0; limits.multipv > 1 && i < nlines; i++) {
        char pv[GOMOKU_MAX_PV * 8 + 16];
        print_pv(pv, sizeof pv, lines[i].pv, lines[i].pv_length);
        say("MESSAGE nbest %d/%d move %d,%d score %d depth %d nodes %lld pv %s", i + 1, nlines,
            lines[i].best.x, lines[i].best.y, lines[i].score, lines[i].depth, lines[i].nodes, pv);
    }
    *best = r.best;
    *score = r.score;
    return r.best.x >= 0 ? GOMOKU_OK : GOMOKU_ENOMOVE;
}

/* Chooses our move in the current position, never an illegal one, in 1/share of the
 * time left for the command read at t0. *score is set when a search gave one (else 0).
 * Returns 0, or -1 when the board is full. */
static int choose_move(gomoku_point *out, int *score, pb_state *pb, double t0, int share)
{
    gomoku_point mv = {-1, -1};
    *score = 0;
    if (empty_cells(pb) == 0)
        return -1;
    if (pb->nmoves == 0 && pb->cell[pb->size / 2][pb->size / 2] == CELL_EMPTY) {
        /* The first stone of the game: the centre, without spending time. */
        *out = (gomoku_point){pb->size / 2, pb->size / 2};
        return 0;
    }
    if (library_live(pb)) {
        apply_memory(pb);
        int rc = engine_search(&mv, score, pb, t0, share);
        if (rc != GOMOKU_OK) {
            say("MESSAGE search failed: %s", gomoku_strerror(rc));
            mv.x = -1;
        } else if (!on_board(pb, mv.x, mv.y) || pb->cell[mv.y][mv.x] != CELL_EMPTY ||
                   forbidden_for_us(pb, mv.x, mv.y)) {
            say("MESSAGE search gave an unplayable move %d,%d", mv.x, mv.y);
            mv.x = -1;
        }
    }
    if (mv.x < 0)
        mv = fallback_move(pb);
    *out = mv;
    return mv.x >= 0 ? 0 : -1;
}

/* Thinks, plays and prints our move. t0: when the command was read. */
static void answer_move(pb_state *pb, double t0)
{
    gomoku_point mv;
    int score;
    if (choose_move(&mv, &score, pb, t0, 1) != 0) {
        say("ERROR no move: the board is full");
        return;
    }
    record_move(pb, mv.x, mv.y);
    pb->used_ms += (long long)(now_ms() - t0 + 0.5);
    say("%d,%d", mv.x, mv.y);
}

/* ---------------------------------------------------------------------------------- */
/* Commands                                                                            */
/* ---------------------------------------------------------------------------------- */

static int need_game(pb_state *pb)
{
    if (!pb->eng) {
        say("ERROR no game: send START first");
        return 0;
    }
    return 1;
}

/* Checks that "x,y" in `arg` names an empty cell; prints the ERROR otherwise. */
static int parse_free_cell(int *x, int *y, pb_state *pb, const char *arg)
{
    long long lx, ly;
    if (parse_xy_only(&lx, &ly, arg) != 0) {
        say("ERROR expected x,y, got '%s'", arg);
        return 0;
    }
    if (!on_board(pb, lx, ly)) {
        say("ERROR %lld,%lld is off the %dx%d board", lx, ly, pb->size, pb->size);
        return 0;
    }
    if (pb->cell[ly][lx] != CELL_EMPTY) {
        say("ERROR %lld,%lld is occupied", lx, ly);
        return 0;
    }
    *x = (int)lx;
    *y = (int)ly;
    return 1;
}

/* START and RECTSTART: a new game on an n x n board, answered OK or ERROR. */
static void start_board(pb_state *pb, long long n)
{
    if (n < GOMOKU_MIN_SIZE || n > GOMOKU_MAX_SIZE) {
        say("ERROR unsupported size %lld (%d..%d)", n, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE);
        return;
    }
    int rc = new_game(pb, (int)n);
    if (rc != GOMOKU_OK) {
        say("ERROR %s", gomoku_strerror(rc));
        return;
    }
    say("OK");
}

static void cmd_start(pb_state *pb, const char *arg)
{
    long long n;
    const char *p = arg;
    if (parse_int(&n, &p) != 0 || *skip_blanks(p) != '\0') {
        say("ERROR expected START size, got '%s'", arg);
        return;
    }
    start_board(pb, n);
}

static void cmd_rectstart(pb_state *pb, const char *arg)
{
    long long w, h;
    if (parse_xy_only(&w, &h, arg) != 0) {
        say("ERROR expected RECTSTART width,height, got '%s'", arg);
        return;
    }
    if (w != h) {
        say("ERROR only square boards are supported");
        return;
    }
    start_board(pb, w);
}

static void cmd_restart(pb_state *pb)
{
    if (!need_game(pb))
        return;
    int rc = new_game(pb, pb->size);
    if (rc != GOMOKU_OK) {
        say("ERROR %s", gomoku_strerror(rc));
        return;
    }
    say("OK");
}

static void cmd_begin(pb_state *pb, double t0)
{
    if (!need_game(pb))
        return;
    if (pb->nmoves != 0) {
        say("ERROR BEGIN needs an empty board (send RESTART first)");
        return;
    }
    answer_move(pb, t0);
}

static void cmd_turn(pb_state *pb, const char *arg, double t0)
{
    int x, y;
    if (!need_game(pb) || !parse_free_cell(&x, &y, pb, arg))
        return;
    record_move(pb, x, y);
    answer_move(pb, t0);
}

static void cmd_play(pb_state *pb, const char *arg, double t0)
{
    int x, y;
    if (!need_game(pb) || !parse_free_cell(&x, &y, pb, arg))
        return;
    record_move(pb, x, y);
    pb->used_ms += (long long)(now_ms() - t0 + 0.5);
    say("%d,%d", x, y);
}

static void cmd_takeback(pb_state *pb, const char *arg)
{
    long long x, y;
    if (!need_game(pb))
        return;
    if (parse_xy_only(&x, &y, arg) != 0) {
        say("ERROR expected TAKEBACK x,y, got '%s'", arg);
        return;
    }
    if (!on_board(pb, x, y)) {
        say("ERROR %lld,%lld is off the board", x, y);
        return;
    }
    if (pb->nmoves == 0 || pb->moves[pb->nmoves - 1].x != x || pb->moves[pb->nmoves - 1].y != y) {
        /* The library keeps a move history, so only the last move can go back. */
        say("ERROR %lld,%lld is not the last move", x, y);
        return;
    }
    if (pb->synced == pb->nmoves) {
        int rc = gomoku_undo(pb->eng);
        if (rc != GOMOKU_OK) {
            say("ERROR %s", gomoku_strerror(rc));
            return;
        }
        pb->synced--;
    }
    pb->nmoves--;
    pb->cell[y][x] = CELL_EMPTY;
    say("OK");
}

/* Reads the lines of a BOARD or SWAP2BOARD block up to DONE into pts/fields (field -1
 * when the line had none), for a size x size board. Returns the number of stones, or -1
 * after an error was printed, or -2 at end of input (or END). Always consumes the whole
 * block, so that its lines are never taken for commands. */
static int read_block(gomoku_point *pts, int *fields, int size, int need_field)
{
    char line[PB_LINE_MAX];
    int n = 0;
    char err[256] = "";
    for (;;) {
        int rc = read_line(line, sizeof line);
        if (rc < 0)
            return -2;
        if (line[0] == '\0')
            continue;
        if (same_word(line, "DONE"))
            break;
        if (same_word(line, "END"))
            return -2;
        if (err[0])
            continue;
        long long x, y, f = -1;
        const char *p = line;
        if (parse_xy(&x, &y, &p) != 0) {
            snprintf(err, sizeof err, "bad stone line '%.100s'", line);
            continue;
        }
        p = skip_blanks(p);
        if (*p == ',') {
            p++;
            if (parse_int(&f, &p) != 0) {
                snprintf(err, sizeof err, "bad stone line '%.100s'", line);
                continue;
            }
            p = skip_blanks(p);
        }
        if (*p != '\0' || (need_field && (f < 1 || f > 3))) {
            snprintf(err, sizeof err, "bad stone line '%.100s' (want x,y,field with field 1..3)",
                     line);
            continue;
        }
        if (x < 0 || y < 0 || x >= size || y >= size) {
            snprintf(err, sizeof err, "stone %lld,%lld is off the board", x, y);
            continue;
        }
        for (int i = 0; i < n; i++)
            if (pts[i].x == x && pts[i].y == y)
                snprintf(err, sizeof err, "two stones on %lld,%lld", x, y);
        if (err[0])
            continue;
        if (n >= GOMOKU_MAX_CELLS) {
            snprintf(err, sizeof err, "too many stones");
            continue;
        }
        pts[n] = (gomoku_point){(int)x, (int)y};
        fields[n] = (int)f;
        n++;
    }
    if (err[0]) {
        say("ERROR %s", err);
        return -1;
    }
    return n;
}

/* Puts the stones seq[0..n-1] (alternating colours, black first) and the blocked cells
 * on a fresh board with the pending rule. Keeps going when the library sees the game
 * ended on the way: the record stays the manager's. */
static int setup_position(pb_state *pb, const gomoku_point *seq, int n, const gomoku_point *blocked,
                          int nblocked)
{
    int rc = new_game(pb, pb->size);
    if (rc != GOMOKU_OK)
        return rc;
    for (int i = 0; i < nblocked; i++)
        pb->cell[blocked[i].y][blocked[i].x] = CELL_BLOCKED;
    for (int i = 0; i < n; i++)
        record_move(pb, seq[i].x, seq[i].y);
    if (pb->synced != pb->nmoves)
        say("MESSAGE the library sees this game as over after %d stones; answering without search",
            pb->synced);
    return GOMOKU_OK;
}

/* BOARD (answer: search and play our move) and YXBOARD (only set the position). */
static void cmd_board(pb_state *pb, double t0, int answer)
{
    gomoku_point pts[GOMOKU_MAX_CELLS], own[GOMOKU_MAX_CELLS], opp[GOMOKU_MAX_CELLS];
    gomoku_point seq[GOMOKU_MAX_CELLS], blocked[GOMOKU_MAX_CELLS];
    int fields[GOMOKU_MAX_CELLS];
    int started = pb->eng != NULL;
    int n = read_block(pts, fields, started ? pb->size : GOMOKU_MAX_SIZE, 1);
    if (!started) {
        pb->quit = n == -2;
        if (n >= 0)
            say("ERROR no game: send START first");
        return;
    }
    pb->quit = n == -2;
    if (n < 0)
        return;
    int nown = 0, nopp = 0, nblocked = 0;
    for (int i = 0; i < n; i++) {
        if (fields[i] == 1)
            own[nown++] = pts[i];
        else if (fields[i] == 2)
            opp[nopp++] = pts[i];
        else
            blocked[nblocked++] = pts[i];
    }
    /* It is our move: equal counts mean we started (black); one more opponent stone means
     * the opponent did. */
    int we_first;
    if (nown == nopp)
        we_first = 1;
    else if (nopp == nown + 1)
        we_first = 0;
    else {
        say("ERROR stone counts own %d, opponent %d cannot be our turn", nown, nopp);
        return;
    }
    /* The order given, if it alternates as play would; else interleave. */
    int m = 0, alternates = 1;
    for (int i = 0; i < n; i++) {
        if (fields[i] == 3)
            continue;
        int ours_turn = (m % 2 == 0) == we_first;
        if ((fields[i] == 1) != ours_turn)
            alternates = 0;
        seq[m++] = pts[i];
    }
    if (!alternates) {
        int a = 0, b = 0;
        for (int i = 0; i < m; i++) {
            int ours_turn = (i % 2 == 0) == we_first;
            seq[i] = ours_turn ? own[a++] : opp[b++];
        }
    }
    int rc = setup_position(pb, seq, m, blocked, nblocked);
    if (rc != GOMOKU_OK) {
        say("ERROR %s", gomoku_strerror(rc));
        return;
    }
    if (answer)
        answer_move(pb, t0);
}

/* YXNBEST N (Yixin-Board): the N best moves of the position with their lines, as
 * "MESSAGE nbest" lines, then the best move, which is not played: the board sends the
 * position it wants analysed (YXBOARD) before each request. */
static void cmd_yxnbest(pb_state *pb, const char *arg, double t0)
{
    long long n;
    const char *q = arg;
    if (parse_int(&n, &q) != 0 || *skip_blanks(q) != '\0' || n < 1 || n > GOMOKU_MAX_MULTIPV) {
        say("ERROR YXNBEST wants a number of moves 1..%d, not '%s'", GOMOKU_MAX_MULTIPV, arg);
        return;
    }
    if (!need_game(pb))
        return;
    int keep = pb->multipv;
    pb->multipv = (int)n;
    gomoku_point mv;
    int score;
    int rc = choose_move(&mv, &score, pb, t0, 1);
    pb->multipv = keep;
    if (rc != 0)
        say("ERROR no move: the board is full");
    else
        say("%d,%d", mv.x, mv.y);
}

/* Static evaluation of the current position for the side to move, or 0. */
static int static_eval(const pb_state *pb)
{
    int s = 0;
    if (gomoku_evaluate(&s, pb->eng) != GOMOKU_OK)
        return 0;
    return s;
}

/* SWAP2 opening decisions. The stones come black, white, black, ... */
static void cmd_swap2board(pb_state *pb, double t0)
{
    gomoku_point pts[GOMOKU_MAX_CELLS];
    int fields[GOMOKU_MAX_CELLS];
    int started = pb->eng != NULL;
    int n = read_block(pts, fields, started ? pb->size : GOMOKU_MAX_SIZE, 0);
    if (!started) {
        pb->quit = n == -2;
        if (n >= 0)
            say("ERROR no game: send START first");
        return;
    }
    pb->quit = n == -2;
    if (n < 0)
        return;
    if (n != 0 && n != 3 && n != 5) {
        say("ERROR SWAP2BOARD expects 0, 3 or 5 stones, got %d", n);
        return;
    }
    int rc = setup_position(pb, pts, n, NULL, 0);
    if (rc != GOMOKU_OK) {
        say("ERROR %s", gomoku_strerror(rc));
        return;
    }
    int c = pb->size / 2;
    if (n == 0) {
        /* Three stones near the centre: of a few shapes, the one whose static value for
         * the side to move (white) is closest to zero, so either colour is acceptable. */
        static const int shapes[][4] = {
            {1, 0, 2, 2}, {1, 1, 0, 2}, {1, 0, 0, 2}, {1, 1, 2, 0}, {0, 1, 2, 2}, {1, 0, -1, 2},
        };
        int best = 0, best_abs = INT_MAX;
        for (int i = 0; i < (int)(sizeof shapes / sizeof shapes[0]); i++) {
            if (pb->size < 7)
                break;
            gomoku_point s[3] = {{c, c}, {c + shapes[i][0], c + shapes[i][1]},
                                 {c + shapes[i][2], c + shapes[i][3]}};
            int ok = 1;
            for (int k = 0; k < 3 && ok; k++)
                ok = gomoku_play(pb->eng, s[k].x, s[k].y) == GOMOKU_OK;
            int v = ok ? abs(static_eval(pb)) : INT_MAX;
            while (gomoku_move_count(pb->eng) > 0)
                gomoku_undo(pb->eng);
            if (v < best_abs) {
                best_abs = v;
                best = i;
            }
        }
        say("%d,%d %d,%d %d,%d", c, c, c + shapes[best][0], c + shapes[best][1], c + shapes[best][2],
            c + shapes[best][3]);
        return;
    }
    /* White is to move. Search it; swap when black is clearly better, stay white and
     * move when white is better, and in between (3 stones) add two stones and let the
     * opponent choose. The threshold is a fraction of an open three's weight. */
    gomoku_point mv;
    int score;
    /* Half the time for white's move, the rest for black's reply should it be needed. */
    if (choose_move(&mv, &score, pb, t0, 2) != 0) {
        say("ERROR no move: the board is full");
        return;
    }
    gomoku_weights w;
    int margin = 100;
    if (gomoku_get_weights(&w, pb->eng) == GOMOKU_OK && w.own[GOMOKU_PAT_OPEN_THREE] > 0)
        margin = w.own[GOMOKU_PAT_OPEN_THREE] / 2;
    say("MESSAGE swap2: white's search score %d (margin %d): %s", score, margin,
        score < -margin ? "take black" : n == 5 || score > margin ? "stay white" : "add two stones");
    if (score < -margin) {
        say("SWAP");
        return;
    }
    if (n == 5 || score > margin) {
        say("%d,%d", mv.x, mv.y);
        return;
    }
    /* Option 3: our white stone, then the best black reply found after it. */
    record_move(pb, mv.x, mv.y);
    gomoku_point reply;
    int rscore;
    int full = choose_move(&reply, &rscore, pb, t0, 1) != 0;
    /* The position stays as the manager gave it; it sends the stones back in BOARD. */
    if (pb->synced == pb->nmoves && gomoku_undo(pb->eng) == GOMOKU_OK)
        pb->synced--;
    pb->nmoves--;
    pb->cell[mv.y][mv.x] = CELL_EMPTY;
    if (full)
        say("%d,%d", mv.x, mv.y);
    else
        say("%d,%d %d,%d", mv.x, mv.y, reply.x, reply.y);
}

static void cmd_evaluate(pb_state *pb, const char *arg)
{
    int x, y;
    if (!need_game(pb) || !parse_free_cell(&x, &y, pb, arg))
        return;
    if (!library_live(pb)) {
        say("MESSAGE evaluate %d,%d: the game is over in the library's view", x, y);
        return;
    }
    int before = static_eval(pb);
    if (gomoku_play(pb->eng, x, y) != GOMOKU_OK) {
        say("MESSAGE evaluate %d,%d: not playable", x, y);
        return;
    }
    /* After the move the opponent is to move; negate for the player of the move. */
    int after = -static_eval(pb);
    int state = gomoku_state_of(pb->eng);
    gomoku_undo(pb->eng);
    say("MESSAGE evaluate %d,%d: static eval %d for the side to move (now %d)%s", x, y, after,
        before, state == GOMOKU_ONGOING ? "" : ", ends the game");
}

static void cmd_info(pb_state *pb, const char *arg)
{
    char key[64];
    const char *p = skip_blanks(arg);
    size_t k = 0;
    while (*p && *p != ' ' && *p != '\t' && k + 1 < sizeof key)
        key[k++] = (char)tolower((unsigned char)*p++);
    key[k] = '\0';
    const char *val = skip_blanks(p);

    if (strcmp(key, "evaluate") == 0) {
        cmd_evaluate(pb, val);
        return;
    }
    if (strcmp(key, "folder") == 0) {
        snprintf(pb->folder, sizeof pb->folder, "%s", val);
        return;
    }
    static const char *const numeric[] = {"timeout_turn", "timeout_match", "time_left",
                                          "max_memory", "game_type", "rule", "thread_num",
                                          "multipv"};
    int known = -1;
    for (int i = 0; i < (int)(sizeof numeric / sizeof numeric[0]); i++)
        if (strcmp(key, numeric[i]) == 0)
            known = i;
    if (known < 0)
        return; /* unknown keys are allowed and ignored */
    long long v;
    const char *q = val;
    if (parse_int(&v, &q) != 0 || *skip_blanks(q) != '\0' || v < 0) {
        say("ERROR INFO %s: bad value '%s'", key, val);
        return;
    }
    switch (known) {
    case 0: pb->timeout_turn = v; break;
    case 1: pb->timeout_match = v; break;
    case 2: pb->time_left = v; break;
    case 3:
        /* Sized now, not before the next search: the table is allocated and touched
         * here, where no clock runs. */
        pb->max_memory = v;
        apply_memory(pb);
        break;
    case 4: pb->game_type = (int)v; break;
    case 5:
        pb->rule_next = rule_from_mask(v);
        /* Takes effect at once on an empty board, else from the next new position. */
        if (pb->eng && pb->nmoves == 0 && pb->rule != pb->rule_next) {
            int rc = new_game(pb, pb->size);
            if (rc != GOMOKU_OK)
                say("ERROR rule %s: %s", rule_name(pb->rule_next), gomoku_strerror(rc));
        }
        break;
    case 6:
        /* The threads change the memory reserve, hence the table: sized now too, not in
         * the next timed move (a 128 MB table takes 0.3 s to make). */
        pb->threads = v < 1 ? 1 : v > 64 ? 64 : (int)v;
        if (pb->max_memory > 0)
            apply_memory(pb);
        break;
    case 7:
        if (v > GOMOKU_MAX_MULTIPV) {
            say("ERROR INFO multipv must be 0..%d, not %lld", GOMOKU_MAX_MULTIPV, v);
            return;
        }
        pb->multipv = (int)v;
        break;
    default: break;
    }
}

static void cmd_about(void)
{
    say("name=\"pbrain-gomoku\", version=\"%s\", author=\"the libgomoku authors\", "
        "country=\"International\"",
        gomoku_version_string());
}

/* ---------------------------------------------------------------------------------- */
/* Main loop                                                                           */
/* ---------------------------------------------------------------------------------- */

/* A new program state: no game yet, 5 s a move until INFO says otherwise. */
static void pb_init(pb_state *pb)
{
    memset(pb, 0, sizeof *pb);
    pb->timeout_turn = 5000;
    pb->time_left = -1;
    pb->rule = pb->rule_next = GOMOKU_FREESTYLE;
    pb->hash_mb = 0;
    pb->threads = 1;
}

/* The protocol: commands from io until END or the end of input. The engine stays in
 * pb->eng for the caller to free. */
static void pb_loop(pb_state *pb)
{
    char line[PB_LINE_MAX];
    while (read_line(line, sizeof line) == 0) {
        double t0 = now_ms();
        char cmd[32];
        const char *p = skip_blanks(line);
        size_t k = 0;
        if (*p == '\0')
            continue;
        while (*p && *p != ' ' && *p != '\t' && k + 1 < sizeof cmd)
            cmd[k++] = (char)toupper((unsigned char)*p++);
        cmd[k] = '\0';
        if (*p && *p != ' ' && *p != '\t') {
            say("UNKNOWN command too long");
            continue;
        }
        const char *arg = skip_blanks(p);

        if (strcmp(cmd, "START") == 0)
            cmd_start(pb, arg);
        else if (strcmp(cmd, "RECTSTART") == 0)
            cmd_rectstart(pb, arg);
        else if (strcmp(cmd, "RESTART") == 0)
            cmd_restart(pb);
        else if (strcmp(cmd, "BEGIN") == 0)
            cmd_begin(pb, t0);
        else if (strcmp(cmd, "TURN") == 0)
            cmd_turn(pb, arg, t0);
        else if (strcmp(cmd, "BOARD") == 0)
            cmd_board(pb, t0, 1);
        else if (strcmp(cmd, "YXBOARD") == 0)
            cmd_board(pb, t0, 0);
        else if (strcmp(cmd, "YXNBEST") == 0)
            cmd_yxnbest(pb, arg, t0);
        else if (strcmp(cmd, "PLAY") == 0)
            cmd_play(pb, arg, t0);
        else if (strcmp(cmd, "TAKEBACK") == 0)
            cmd_takeback(pb, arg);
        else if (strcmp(cmd, "SWAP2BOARD") == 0)
            cmd_swap2board(pb, t0);
        else if (strcmp(cmd, "INFO") == 0)
            cmd_info(pb, arg);
        else if (strcmp(cmd, "ABOUT") == 0)
            cmd_about();
        else if (strcmp(cmd, "END") == 0)
            break;
        else
            say("UNKNOWN command '%s'", cmd);
        if (pb->quit)
            break;
    }
}

#ifndef PB_NO_MAIN
/* The library builds each rule's pattern tables on the first engine of that rule, which
 * takes about 0.1 s. Building all of them before the first command keeps that out of
 * timed moves (a rule can arrive by INFO right before BEGIN or BOARD). */
static void warm_up(void)
{
    for (int rule = GOMOKU_FREESTYLE; rule <= GOMOKU_CARO; rule++) {
        gomoku_engine *e = NULL;
        if (gomoku_new(&e, 15, (gomoku_rule)rule) == GOMOKU_OK)
            gomoku_free(e);
    }
}

/* The protocol runs on standard input; the command line only answers --help and
 * --version, so that a user who tries them learns what the program is. */
static int command_line(int argc, char **argv)
{
    const char *a = argv[1];
    if (argc == 2 && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
        printf("usage: pbrain-gomoku [-h | --help | --version]\n"
               "A Gomocup tournament engine: it speaks the Piskvork protocol on standard\n"
               "input and output (START 15, BEGIN, TURN 7,7, ...; see pbrain-gomoku(1)).\n"
               "Give its path to a tournament manager as an AI player.\n");
        return 0;
    }
    if (argc == 2 && !strcmp(a, "--version")) {
        printf("pbrain-gomoku (libgomoku %s)\n", gomoku_version_string());
        return 0;
    }
    if (a[0] == '-' && strcmp(a, "-h") && strcmp(a, "--help") && strcmp(a, "--version"))
        fprintf(stderr, "pbrain-gomoku: unknown option '%s' (try --help)\n", a);
    else
        fprintf(stderr, "pbrain-gomoku: takes no arguments but -h, --help or --version; "
                        "the protocol is read from standard input\n");
    return 2;
}

int main(int argc, char **argv)
{
    static pb_state pb; /* large; lives for the whole run */

    if (argc > 1)
        return command_line(argc, argv);
    pb_init(&pb);
    warm_up();
    pb_loop(&pb);
    gomoku_free(pb.eng);
    return 0;
}
#endif
