/*
 * gomoku-analyze - searches a Gomoku position with one of the textbook algorithms and
 * shows the best move, its value, the principal variation and what the search cost; or,
 * with --compare, sets minimax, alpha-beta and alpha-beta with move ordering side by side
 * over a range of depths. Uses only the public header, like any program linking
 * libgomoku.
 *
 *   gomoku-analyze [options] [MOVE ...]      (see --help)
 *
 * Exit status: 0 on success, 2 on invalid input (options or moves), 1 when the library
 * fails otherwise.
 */
#include <gomoku.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_USAGE 2

static const char *const rule_names[] = {"freestyle", "standard", "renju", "caro"};
/* The four textbook searches in gomoku_algo order, then the library's strong search. */
static const char *const algo_names[] = {"minimax", "alphabeta", "negamax", "negamax-ab",
                                         "search"};
#define ALGO_SEARCH 4
#define DEFAULT_SEARCH_TIME_MS 1000
/* --compare without --nodes: the node limit of each search. Plain minimax multiplies its
 * nodes by about 50 a ply on an open board (depth 5: 1.8M nodes, depth 6: ~90M, depth 7:
 * hours), so without a limit a range such as 1-9 never finishes. A search that reaches
 * the limit is marked in its row and not run again at greater depths. */
#define COMPARE_DEFAULT_NODES 2000000LL

typedef struct config {
    int size;
    int rule;
    int algo;               /* a gomoku_algo, or ALGO_SEARCH */
    int depth_given;        /* --depth was given (the strong search has its own default) */
    int time_ms;            /* --time for the strong search; -1 when not given */
    int json;
    int compare_from, compare_to; /* 0 0: no comparison */
    int nodes_given;        /* --nodes was given */
    const char *svg;        /* --svg FILE: the picture of the position and the line found */
    int multipv;            /* --multipv N: lines of the strong search (0: not given) */
    int algo_given;
    int nmoves;             /* the moves, in play order */
    char **moves;
    gomoku_textbook_options opts;
} config;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gomoku-analyze [options] [MOVE ...]\n"
            "       gomoku-analyze --compare D1-D2 [options] [MOVE ...]\n"
            "\n"
            "Searches the position after MOVE ... (the game so far in play order, black\n"
            "first; each move as h8 (column letter, row from the bottom) or x,y (zero-based\n"
            "column, row from the top)) with a textbook search and prints the best move.\n"
            "\n"
            "options:\n"
            "  --size N          board size, %d..%d (default 15)\n"
            "  --rule R          freestyle | standard | renju | caro (default freestyle)\n"
            "  --algo A          minimax | alphabeta | negamax | negamax-ab (default negamax-ab),\n"
            "                    or search: the library's strong search (gomoku_search)\n"
            "  --depth D         search depth in plies, 1..%d (default 3; for search: the\n"
            "                    maximum depth, default the library's)\n"
            "  --time MS         time for --algo search in milliseconds (default %d)\n"
            "  --no-order        do not order moves by their static value\n"
            "  --prune PCT       drop the worst PCT%% of the ordered moves at every node, 0..90\n"
            "  --radius R        candidate moves: empty cells within R of a stone, 1..4 (default 2)\n"
            "                    (--no-order, --prune and --radius: textbook searches only)\n"
            "  --nodes N         stop after N nodes (0 = no limit, the default; with\n"
            "                    --compare the default is %lld per search)\n"
            "  --compare D1-D2   for each depth D1..D2, compare minimax, alpha-beta and\n"
            "                    alpha-beta with move ordering (evaluations, nodes, branching\n"
            "                    factor, cut-offs, time), a row printed as each depth ends\n"
            "  --json            print one JSON object instead of text\n"
            "  --svg FILE        also draw the position, the best move and its line as SVG\n"
            "  --multipv N       the N best moves of the strong search, each with its value\n"
            "                    and line, 1..%d (implies --algo search)\n"
            "  -h, --help        show this help\n"
            "  --version         show the program's and the library's version\n"
            "\n"
            "exit status: 0 success, 2 invalid input, 1 other failure\n",
            GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE, GOMOKU_MAX_PV, DEFAULT_SEARCH_TIME_MS,
            COMPARE_DEFAULT_NODES, GOMOKU_MAX_MULTIPV);
}

static void die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gomoku-analyze: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try --help)\n", stderr);
    va_end(ap);
    exit(EXIT_USAGE);
}

/* Whole-string decimal integer within [lo, hi]. */
static int parse_int(long long *out, const char *s, long long lo, long long hi)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int lookup(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* Options that take a value. */
static const char *const value_options[] = {"--size", "--rule", "--algo", "--depth", "--time",
                                            "--prune", "--radius", "--nodes", "--compare",
                                            "--svg", "--multipv"};

/* Options may come before, between or after the moves (a move never starts with '-');
 * "--" ends the options. The moves are left in cfg->moves, in order. */
static void parse_args(config *cfg, int argc, char **argv)
{
    cfg->size = 15;
    cfg->rule = GOMOKU_FREESTYLE;
    cfg->algo = GOMOKU_ALGO_NEGAMAX_AB;
    cfg->json = 0;
    cfg->depth_given = 0;
    cfg->nodes_given = 0;
    cfg->time_ms = -1;
    cfg->compare_from = cfg->compare_to = 0;
    cfg->svg = NULL;
    cfg->multipv = 0;
    cfg->algo_given = 0;
    cfg->nmoves = 0;
    cfg->moves = argv + 1; /* moves are gathered at the front of argv[1..] */
    gomoku_textbook_options_init(&cfg->opts);
    cfg->opts.depth = 3;
    cfg->opts.radius = 2;
    int options_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long long v;
        if (options_done || a[0] != '-') {
            cfg->moves[cfg->nmoves++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            options_done = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--version") == 0) {
            printf("gomoku-analyze (libgomoku %s)\n", gomoku_version_string());
            exit(0);
        } else if (strcmp(a, "--json") == 0) {
            cfg->json = 1;
        } else if (strcmp(a, "--no-order") == 0) {
            cfg->opts.ordering = 0;
        } else {
            if (lookup(a, value_options,
                       (int)(sizeof value_options / sizeof value_options[0])) < 0)
                die_usage("unknown option '%s'", a);
            const char *val = i + 1 < argc ? argv[i + 1] : NULL;
            if (!val)
                die_usage("%s needs a value", a);
            i++;
            if (strcmp(a, "--size") == 0) {
                if (parse_int(&v, val, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE))
                    die_usage("--size must be %d..%d, not '%s'", GOMOKU_MIN_SIZE,
                              GOMOKU_MAX_SIZE, val);
                cfg->size = (int)v;
            } else if (strcmp(a, "--rule") == 0) {
                if ((cfg->rule = lookup(val, rule_names, 4)) < 0)
                    die_usage("unknown rule '%s' (freestyle, standard, renju or caro)", val);
            } else if (strcmp(a, "--algo") == 0) {
                cfg->algo_given = 1;
                if ((cfg->algo = lookup(val, algo_names, 5)) < 0)
                    die_usage("unknown algorithm '%s' (minimax, alphabeta, negamax, "
                              "negamax-ab or search)",
                              val);
            } else if (strcmp(a, "--depth") == 0) {
                if (parse_int(&v, val, 1, GOMOKU_MAX_PV))
                    die_usage("--depth must be 1..%d, not '%s'", GOMOKU_MAX_PV, val);
                cfg->opts.depth = (int)v;
                cfg->depth_given = 1;
            } else if (strcmp(a, "--time") == 0) {
                if (parse_int(&v, val, 1, INT_MAX))
                    die_usage("--time must be 1..%d milliseconds, not '%s'", INT_MAX, val);
                cfg->time_ms = (int)v;
            } else if (strcmp(a, "--prune") == 0) {
                if (parse_int(&v, val, 0, 90))
                    die_usage("--prune must be 0..90, not '%s'", val);
                cfg->opts.prune_percent = (int)v;
            } else if (strcmp(a, "--radius") == 0) {
                if (parse_int(&v, val, 1, 4))
                    die_usage("--radius must be 1..4, not '%s'", val);
                cfg->opts.radius = (int)v;
            } else if (strcmp(a, "--nodes") == 0) {
                if (parse_int(&v, val, 0, LLONG_MAX))
                    die_usage("--nodes must be 0..%lld (0: no limit), not '%s'", LLONG_MAX, val);
                cfg->opts.node_limit = v;
                cfg->nodes_given = 1;
            } else if (strcmp(a, "--svg") == 0) {
                cfg->svg = val;
            } else if (strcmp(a, "--multipv") == 0) {
                if (parse_int(&v, val, 1, GOMOKU_MAX_MULTIPV))
                    die_usage("--multipv must be 1..%d, not '%s'", GOMOKU_MAX_MULTIPV, val);
                cfg->multipv = (int)v;
            } else { /* --compare */
                long long lo = 0, hi = 0;
                char buf[64];
                const char *dash = strchr(val, '-');
                size_t len = dash ? (size_t)(dash - val) : 0;
                if (!dash || len >= sizeof buf)
                    die_usage("--compare wants D1-D2, not '%s'", val);
                memcpy(buf, val, len);
                buf[len] = '\0';
                if (parse_int(&lo, buf, 1, GOMOKU_MAX_PV) ||
                    parse_int(&hi, dash + 1, 1, GOMOKU_MAX_PV) || hi < lo)
                    die_usage("--compare wants D1-D2 with 1 <= D1 <= D2 <= %d, not '%s'",
                              GOMOKU_MAX_PV, val);
                cfg->compare_from = (int)lo;
                cfg->compare_to = (int)hi;
            }
        }
    }
    if (cfg->multipv && cfg->algo_given && cfg->algo != ALGO_SEARCH)
        die_usage("--multipv applies to --algo search only");
    if (cfg->multipv && cfg->compare_from)
        die_usage("--multipv cannot be combined with --compare");
    if (cfg->multipv)
        cfg->algo = ALGO_SEARCH;
    if (cfg->time_ms >= 0 && cfg->algo != ALGO_SEARCH)
        die_usage("--time applies to --algo search only");
    if (cfg->compare_from && cfg->opts.prune_percent)
        die_usage("--compare measures full-width searches; it cannot be combined with --prune");
}

static void fmt_move(char *buf, size_t n, const gomoku_engine *e, gomoku_point p,
                     gomoku_notation notation)
{
    if (p.x < 0 || gomoku_format_move(buf, n, e, p.x, p.y, notation) != GOMOKU_OK)
        snprintf(buf, n, "%s", p.x < 0 ? "none" : "?");
}

/* The board as renju diagrams show it: columns lettered from the left, rows numbered
 * from the bottom. Boards wider than the alphabet get their zero-based column numbers. */
static void print_board(const gomoku_engine *e, gomoku_point mark)
{
    int size = gomoku_size(e);
    int letters = size <= 26;
    int last_x = -1, last_y = -1;
    gomoku_point moves[GOMOKU_MAX_CELLS];
    int count = 0;
    if (gomoku_moves(moves, &count, e, GOMOKU_MAX_CELLS) == GOMOKU_OK && count > 0) {
        last_x = moves[count - 1].x;
        last_y = moves[count - 1].y;
    }
    printf("   ");
    for (int x = 0; x < size; x++)
        letters ? printf(" %c", 'a' + x) : printf("%3d", x);
    printf("\n");
    for (int y = 0; y < size; y++) {
        printf("%2d ", size - y);
        for (int x = 0; x < size; x++) {
            int c = gomoku_cell(e, x, y);
            char ch = c == GOMOKU_BLACK ? 'X' : c == GOMOKU_WHITE ? 'O' : '.';
            if (x == mark.x && y == mark.y)
                ch = '*';
            /* the last move played is shown in brackets */
            char sep = y == last_y && x == last_x ? '(' : y == last_y && x == last_x + 1 ? ')' : ' ';
            printf(letters ? "%c%c" : " %c%c", sep, ch);
        }
        printf("%c%2d\n", y == last_y && last_x == size - 1 ? ')' : ' ', size - y);
    }
    printf("   ");
    for (int x = 0; x < size; x++)
        letters ? printf(" %c", 'a' + x) : printf("%3d", x);
    printf("\n");
}

static void print_pv_text(const gomoku_engine *e, const gomoku_textbook_result *r,
                          gomoku_notation notation)
{
    for (int i = 0; i < r->pv_length; i++) {
        char mv[16];
        fmt_move(mv, sizeof mv, e, r->pv[i], notation);
        printf("%s%s", i ? " " : "", mv);
    }
}

static void print_stats_json(const gomoku_search_stats *s)
{
    printf("\"nodes\":%lld,\"evaluations\":%lld,\"cutoffs\":%lld,\"branching\":%.3f,"
           "\"time_ms\":%.3f",
           s->nodes, s->evaluations, s->cutoffs, s->branching, s->time_ms);
}

static void print_result_json(const gomoku_engine *e, const config *cfg,
                              const gomoku_textbook_result *r)
{
    char mv[16];
    fmt_move(mv, sizeof mv, e, r->best, GOMOKU_NOTATION_XY);
    printf("{\"best\":\"%s\",", mv);
    if (gomoku_size(e) <= 26) {
        fmt_move(mv, sizeof mv, e, r->best, GOMOKU_NOTATION_RENJU);
        printf("\"best_renju\":\"%s\",", mv);
    }
    printf("\"value\":%d,\"pv\":[", r->value);
    for (int i = 0; i < r->pv_length; i++) {
        fmt_move(mv, sizeof mv, e, r->pv[i], GOMOKU_NOTATION_XY);
        printf("%s\"%s\"", i ? "," : "", mv);
    }
    printf("],\"depth\":%d,\"complete\":%s,", r->depth, r->complete ? "true" : "false");
    print_stats_json(&r->stats);
    printf(",\"algo\":\"%s\",\"rule\":\"%s\",\"size\":%d,\"radius\":%d,\"ordering\":%s,"
           "\"prune\":%d,\"side_to_move\":\"%s\",\"moves_played\":%d}\n",
           algo_names[cfg->algo], rule_names[cfg->rule], cfg->size, cfg->opts.radius,
           cfg->opts.ordering || cfg->opts.prune_percent ? "true" : "false",
           cfg->opts.prune_percent, gomoku_side_to_move(e) == GOMOKU_BLACK ? "black" : "white",
           gomoku_move_count(e));
}

static void print_result_text(const gomoku_engine *e, const config *cfg,
                              const gomoku_textbook_result *r)
{
    gomoku_notation nt = gomoku_size(e) <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY;
    char mv[16], xy[16];
    print_board(e, r->best);
    printf("\n%s, %dx%d, %s to move after %d moves\n", rule_names[cfg->rule], cfg->size,
           cfg->size, gomoku_side_to_move(e) == GOMOKU_BLACK ? "black (X)" : "white (O)",
           gomoku_move_count(e));
    printf("%s, depth %d, radius %d, ordering %s, pruning %d%%%s\n", algo_names[cfg->algo],
           r->depth, cfg->opts.radius,
           cfg->opts.ordering || cfg->opts.prune_percent ? "on" : "off",
           cfg->opts.prune_percent, r->complete ? "" : " (node limit reached: incomplete)");
    fmt_move(mv, sizeof mv, e, r->best, nt);
    fmt_move(xy, sizeof xy, e, r->best, GOMOKU_NOTATION_XY);
    printf("best move   %s (%s), marked *\n", mv, xy);
    printf("value       %d", r->value);
    if (GOMOKU_SCORE_IS_WIN(r->value))
        printf("  (win in %d plies)", GOMOKU_SCORE_WIN - r->value);
    else if (GOMOKU_SCORE_IS_LOSS(r->value))
        printf("  (loss in %d plies)", GOMOKU_SCORE_WIN + r->value);
    printf("\npv          ");
    print_pv_text(e, r, nt);
    printf("\nnodes %lld, evaluations %lld, cut-offs %lld, branching %.2f, time %.1f ms\n",
           r->stats.nodes, r->stats.evaluations, r->stats.cutoffs, r->stats.branching,
           r->stats.time_ms);
}

/* Exit status for a library error from the search: bad input or a library failure. */
static int search_failed(int rc)
{
    fprintf(stderr, "gomoku-analyze: search failed: %s\n", gomoku_strerror(rc));
    return rc == GOMOKU_EGAMEOVER || rc == GOMOKU_EINVAL || rc == GOMOKU_ENOMOVE ? EXIT_USAGE
                                                                                : 1;
}

/* --algo search: the strong search, shown like the textbook ones. It reports no
 * evaluation, cut-off or branching counts: those are null in the JSON. */
/* The line the search found, for --svg. */
static gomoku_point shown_pv[GOMOKU_MAX_PV];
static int shown_pv_length;

static void show_line(const gomoku_point *pv, int n)
{
    memcpy(shown_pv, pv, sizeof(gomoku_point) * (size_t)n);
    shown_pv_length = n;
}

/* --svg FILE: the position with the line found; 0, or 1 with a message. */
static int write_svg(const gomoku_engine *e, const char *path)
{
    static char svg[GOMOKU_SVG_BUFSIZE];
    int rc = gomoku_write_svg(svg, sizeof svg, e, shown_pv, shown_pv_length,
                              GOMOKU_SVG_NUMBERS | GOMOKU_SVG_COORDINATES);
    if (rc != GOMOKU_OK) {
        fprintf(stderr, "gomoku-analyze: cannot draw the position: %s\n", gomoku_strerror(rc));
        return 1;
    }
    FILE *f = fopen(path, "w");
    if (!f || fputs(svg, f) == EOF || fclose(f) != 0) {
        fprintf(stderr, "gomoku-analyze: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* ,"lines":[...] of --multipv --json: each line's move, value, depth and pv. */
static void print_lines_json(const gomoku_engine *e, const gomoku_search_result *lines,
                             int count)
{
    char mv[16];
    printf(",\"lines\":[");
    for (int i = 0; i < count; i++) {
        const gomoku_search_result *l = &lines[i];
        fmt_move(mv, sizeof mv, e, l->best, GOMOKU_NOTATION_XY);
        printf("%s{\"best\":\"%s\",", i ? "," : "", mv);
        if (gomoku_size(e) <= 26) {
            fmt_move(mv, sizeof mv, e, l->best, GOMOKU_NOTATION_RENJU);
            printf("\"best_renju\":\"%s\",", mv);
        }
        printf("\"value\":%d,\"depth\":%d,\"seldepth\":%d,\"nodes\":%lld,\"time_ms\":%.3f,"
               "\"pv\":[",
               l->score, l->depth, l->seldepth, l->nodes, l->time_ms);
        for (int k = 0; k < l->pv_length; k++) {
            fmt_move(mv, sizeof mv, e, l->pv[k], GOMOKU_NOTATION_XY);
            printf("%s\"%s\"", k ? "," : "", mv);
        }
        printf("]}");
    }
    printf("]");
}

static int run_strong_search(gomoku_engine *e, const config *cfg)
{
    gomoku_limits limits;
    gomoku_limits_init(&limits);
    limits.time_ms = cfg->time_ms >= 0 ? cfg->time_ms : DEFAULT_SEARCH_TIME_MS;
    if (cfg->depth_given)
        limits.depth = cfg->opts.depth;
    limits.nodes = cfg->opts.node_limit;
    limits.multipv = cfg->multipv ? cfg->multipv : 1;
    static gomoku_search_result lines[GOMOKU_MAX_MULTIPV];
    int count = 0;
    int rc = gomoku_search_lines(lines, &count, e, &limits, GOMOKU_MAX_MULTIPV);
    if (rc != GOMOKU_OK)
        return search_failed(rc);
    /* The first line is the move; nodes and time are those of all the lines. */
    gomoku_search_result r = lines[0];
    for (int i = 1; i < count; i++) {
        r.nodes += lines[i].nodes;
        r.time_ms += lines[i].time_ms;
    }
    show_line(r.pv, r.pv_length);
    char mv[16];
    if (cfg->json) {
        fmt_move(mv, sizeof mv, e, r.best, GOMOKU_NOTATION_XY);
        printf("{\"best\":\"%s\",", mv);
        if (gomoku_size(e) <= 26) {
            fmt_move(mv, sizeof mv, e, r.best, GOMOKU_NOTATION_RENJU);
            printf("\"best_renju\":\"%s\",", mv);
        }
        printf("\"value\":%d,\"pv\":[", r.score);
        for (int i = 0; i < r.pv_length; i++) {
            fmt_move(mv, sizeof mv, e, r.pv[i], GOMOKU_NOTATION_XY);
            printf("%s\"%s\"", i ? "," : "", mv);
        }
        printf("],\"depth\":%d,\"seldepth\":%d,\"nodes\":%lld,\"evaluations\":null,"
               "\"cutoffs\":null,\"branching\":null,\"time_ms\":%.3f,\"algo\":\"search\","
               "\"rule\":\"%s\",\"size\":%d,\"side_to_move\":\"%s\",\"moves_played\":%d",
               r.depth, r.seldepth, r.nodes, r.time_ms, rule_names[cfg->rule], cfg->size,
               gomoku_side_to_move(e) == GOMOKU_BLACK ? "black" : "white", gomoku_move_count(e));
        if (cfg->multipv)
            print_lines_json(e, lines, count);
        printf("}\n");
        return 0;
    }
    gomoku_notation nt = gomoku_size(e) <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY;
    char xy[16];
    print_board(e, r.best);
    printf("\n%s, %dx%d, %s to move after %d moves\n", rule_names[cfg->rule], cfg->size,
           cfg->size, gomoku_side_to_move(e) == GOMOKU_BLACK ? "black (X)" : "white (O)",
           gomoku_move_count(e));
    printf("search, depth %d (selective %d), time limit %d ms\n", r.depth, r.seldepth,
           limits.time_ms);
    fmt_move(mv, sizeof mv, e, r.best, nt);
    fmt_move(xy, sizeof xy, e, r.best, GOMOKU_NOTATION_XY);
    printf("best move   %s (%s), marked *\n", mv, xy);
    printf("value       %d", r.score);
    if (GOMOKU_SCORE_IS_WIN(r.score))
        printf("  (win in %d plies)", GOMOKU_SCORE_WIN - r.score);
    else if (GOMOKU_SCORE_IS_LOSS(r.score))
        printf("  (loss in %d plies)", GOMOKU_SCORE_WIN + r.score);
    printf("\npv          ");
    for (int i = 0; i < r.pv_length; i++) {
        fmt_move(mv, sizeof mv, e, r.pv[i], nt);
        printf("%s%s", i ? " " : "", mv);
    }
    printf("\nnodes %lld, time %.1f ms\n", r.nodes, r.time_ms);
    if (cfg->multipv) {
        printf("\n%d best move%s (each searched with the ones above left out):\n", count,
               count == 1 ? "" : "s");
        for (int i = 0; i < count; i++) {
            fmt_move(mv, sizeof mv, e, lines[i].best, nt);
            printf("%3d. %-4s value %6d  depth %2d  nodes %9lld  pv", i + 1, mv, lines[i].score,
                   lines[i].depth, lines[i].nodes);
            for (int k = 0; k < lines[i].pv_length; k++) {
                fmt_move(mv, sizeof mv, e, lines[i].pv[k], nt);
                printf(" %s", mv);
            }
            putchar('\n');
        }
    }
    return 0;
}

/* Minimax, alpha-beta and alpha-beta with ordering, depth by depth, a row printed (and
 * flushed) as soon as its depth is done. Each search stops at the node limit; one that
 * reaches it is marked and left out of the deeper rows, which would only reach it again,
 * and when all three have reached it the deeper depths are refused, saying why. */
static int run_compare(gomoku_engine *e, const config *cfg)
{
    static const struct {
        gomoku_algo algo;
        int ordering;
        const char *name;
        const char *key;
    } kinds[3] = {
        {GOMOKU_ALGO_MINIMAX, 0, "minimax", "minimax"},
        {GOMOKU_ALGO_ALPHABETA, 0, "alpha-beta", "alphabeta"},
        {GOMOKU_ALGO_ALPHABETA, 1, "alpha-beta + ordering", "alphabeta_ordered"},
    };
    long long limit = cfg->nodes_given ? cfg->opts.node_limit : COMPARE_DEFAULT_NODES;
    int cut[3] = {0, 0, 0}; /* the kind reached the node limit at an earlier depth */
    gomoku_notation nt = gomoku_size(e) <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY;
    if (cfg->json)
        printf("{\"rule\":\"%s\",\"size\":%d,\"radius\":%d,\"node_limit\":%lld,\"compare\":[",
               rule_names[cfg->rule], cfg->size, cfg->opts.radius, limit);
    else {
        print_board(e, (gomoku_point){-1, -1});
        printf("\n%s, %dx%d, %s to move, radius %d, ", rule_names[cfg->rule], cfg->size,
               cfg->size, gomoku_side_to_move(e) == GOMOKU_BLACK ? "black (X)" : "white (O)",
               cfg->opts.radius);
        if (limit)
            printf("node limit %lld per search%s\n\n", limit,
                   cfg->nodes_given ? "" : " (--nodes to change it)");
        else
            printf("no node limit\n\n");
        printf("      |");
        for (int k = 0; k < 3; k++)
            printf(" %-45s|", kinds[k].name);
        printf("\ndepth |");
        for (int k = 0; k < 3; k++)
            printf(" %10s %10s %6s %8s %7s |", "evals", "nodes", "branch", "cutoffs", "ms");
        printf(" value  best\n");
    }
    fflush(stdout);
    int stopped_at = 0;
    for (int d = cfg->compare_from; d <= cfg->compare_to; d++) {
        if (cut[0] && cut[1] && cut[2]) {
            stopped_at = d;
            break;
        }
        gomoku_textbook_result r[3];
        for (int k = 0; k < 3; k++) {
            if (cut[k])
                continue;
            gomoku_textbook_options o = cfg->opts;
            o.depth = d;
            o.ordering = kinds[k].ordering;
            o.node_limit = limit;
            int rc = gomoku_textbook_search(&r[k], e, kinds[k].algo, &o);
            if (rc != GOMOKU_OK) {
                if (cfg->json)
                    printf("]}\n");
                return search_failed(rc);
            }
        }
        /* the value of the first complete search: all complete ones must agree */
        int ref = -1;
        for (int k = 0; k < 3 && ref < 0; k++)
            if (!cut[k] && r[k].complete)
                ref = k;
        if (cfg->json) {
            printf("%s{\"depth\":%d", d > cfg->compare_from ? "," : "", d);
            for (int k = 0; k < 3; k++) {
                if (cut[k]) {
                    printf(",\"%s\":null", kinds[k].key);
                    continue;
                }
                char mv[16];
                fmt_move(mv, sizeof mv, e, r[k].best, GOMOKU_NOTATION_XY);
                printf(",\"%s\":{\"best\":\"%s\",\"value\":%d,\"complete\":%s,", kinds[k].key,
                       mv, r[k].value, r[k].complete ? "true" : "false");
                print_stats_json(&r[k].stats);
                printf("}");
            }
            printf("}");
        } else {
            printf("%5d |", d);
            for (int k = 0; k < 3; k++)
                if (cut[k])
                    printf(" %10s %10s %6s %8s %7s |", "-", "-", "-", "-", "-");
                else
                    printf(" %10lld %10lld %6.2f %8lld %7.1f |", r[k].stats.evaluations,
                           r[k].stats.nodes, r[k].stats.branching, r[k].stats.cutoffs,
                           r[k].stats.time_ms);
            if (ref >= 0) {
                char mv[16];
                fmt_move(mv, sizeof mv, e, r[ref].best, nt);
                printf(" %5d  %s", r[ref].value, mv);
                /* The complete ones must agree on the value; say so loudly if they do not. */
                for (int k = ref + 1; k < 3; k++)
                    if (!cut[k] && r[k].complete && r[k].value != r[ref].value)
                        printf("  VALUES DIFFER: %s %d", kinds[k].name, r[k].value);
            } else {
                printf(" %5s  %s", "-", "-");
            }
            for (int k = 0; k < 3; k++)
                if (!cut[k] && !r[k].complete)
                    printf("  (%s: node limit reached, incomplete)", kinds[k].name);
            printf("\n");
        }
        for (int k = 0; k < 3; k++)
            if (!cut[k] && !r[k].complete)
                cut[k] = 1;
        fflush(stdout);
    }
    if (cfg->json) {
        printf("]");
        if (stopped_at)
            printf(",\"not_searched\":[%d,%d]", stopped_at, cfg->compare_to);
        printf("}\n");
    } else if (stopped_at) {
        printf("depths %d-%d not searched: every search reached the node limit of %lld at a "
               "smaller depth (--nodes N raises it, --nodes 0 removes it)\n",
               stopped_at, cfg->compare_to, limit);
    }
    return 0;
}

int main(int argc, char **argv)
{
    config cfg;
    parse_args(&cfg, argc, argv);

    gomoku_engine *e = NULL;
    int rc = gomoku_new(&e, cfg.size, (gomoku_rule)cfg.rule);
    if (rc != GOMOKU_OK) {
        fprintf(stderr, "gomoku-analyze: cannot create the engine: %s\n", gomoku_strerror(rc));
        return 1;
    }
    for (int i = 0; i < cfg.nmoves; i++) {
        int x, y;
        rc = gomoku_parse_move(&x, &y, e, cfg.moves[i]);
        if (rc == GOMOKU_OK)
            rc = gomoku_play(e, x, y);
        if (rc != GOMOKU_OK) {
            fprintf(stderr, "gomoku-analyze: move %d '%.20s%s': %s\n", i + 1, cfg.moves[i],
                    strlen(cfg.moves[i]) > 20 ? "..." : "", gomoku_strerror(rc));
            gomoku_free(e);
            return EXIT_USAGE;
        }
    }
    if (gomoku_state_of(e) != GOMOKU_ONGOING) {
        static const char *const how[] = {"", "black won", "white won", "the board is full"};
        if (cfg.svg && write_svg(e, cfg.svg) == 0)
            fprintf(stderr, "gomoku-analyze: the position is drawn in %s\n", cfg.svg);
        fprintf(stderr, "gomoku-analyze: the game is over (%s): nothing to search\n",
                how[gomoku_state_of(e)]);
        gomoku_free(e);
        return EXIT_USAGE;
    }

    int status = 0;
    if (cfg.compare_from) {
        status = run_compare(e, &cfg);
    } else if (cfg.algo == ALGO_SEARCH) {
        status = run_strong_search(e, &cfg);
    } else {
        gomoku_textbook_result r;
        rc = gomoku_textbook_search(&r, e, (gomoku_algo)cfg.algo, &cfg.opts);
        if (rc == GOMOKU_OK)
            show_line(r.pv, r.pv_length);
        if (rc != GOMOKU_OK)
            status = search_failed(rc);
        else if (cfg.json)
            print_result_json(e, &cfg, &r);
        else
            print_result_text(e, &cfg, &r);
    }
    if (status == 0 && cfg.svg)
        status = write_svg(e, cfg.svg);
    gomoku_free(e);
    return status;
}
