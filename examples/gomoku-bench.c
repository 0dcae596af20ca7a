/*
 * gomoku-bench - searches a fixed set of positions to a fixed depth on one thread and
 * prints nodes, time and nodes per second for each and in total. The total node count is
 * the search's signature: it changes only when the search itself changes (it does not
 * depend on the machine or its load), so a change meant to be a pure speed-up must keep it.
 * Also measures the board's speed: moves played and taken back per second.
 *
 *   gomoku-bench [--depth N] [--hash MB] [--threads N] [--fitted]
 *
 * Uses only the public API.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep under -std=c11 */
#include <gomoku.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct {
    gomoku_rule rule;
    const char *moves;
} positions[] = {
    {GOMOKU_FREESTYLE, "7,7 8,6"},
    {GOMOKU_FREESTYLE, "7,7 8,6 9,6 9,7 7,5 8,5 8,8 8,4"},
    {GOMOKU_FREESTYLE, "7,7 7,8 6,6 8,7 9,6 9,8 6,7 8,8 6,8 6,5 7,6 8,6"},
    {GOMOKU_FREESTYLE, "7,7 6,6 8,8 6,8 8,6 8,7 6,7 9,6 7,5 7,6 5,7"},
    {GOMOKU_STANDARD, "7,7 6,8 8,8"},
    {GOMOKU_STANDARD, "7,7 6,8 8,8 9,9 8,10 8,9 7,9 9,7 7,10 7,8 9,10 6,10 6,9 5,8 8,11 4,8 "
                      "3,8 10,9"},
    {GOMOKU_STANDARD, "7,7 9,9 8,6 10,8 7,6 9,8 6,8 9,5"},
    {GOMOKU_RENJU, "7,7 8,7 6,6 8,8"},
    {GOMOKU_RENJU, "7,7 8,7 6,6 8,8 8,6 6,8 7,6 5,6 7,8 7,9 7,5 7,4 9,7 6,4 9,5 9,6 8,5 10,5 "
                   "10,4 11,3 8,4 9,3 8,3 8,2 5,5 6,5 11,4 9,4"},
    {GOMOKU_RENJU, "7,7 6,6 6,5 7,5 5,7 5,6 8,6 4,6 3,6 6,7 4,5 5,4 8,4 6,8 10,4 7,8 9,5 11,3 "
                   "7,3 10,6 8,3 8,7"},
    {GOMOKU_RENJU, "7,7 8,7 6,6"},
    {GOMOKU_RENJU, "7,7 8,7 6,6 8,8 8,6 6,8 7,6 5,6 7,8 7,9 7,5 7,4 9,7 6,4 9,5 9,6 8,5 10,5 "
                   "10,4 11,3 8,4 9,3 8,3 8,2 5,5 6,5 11,4"},
    {GOMOKU_CARO, "7,7 8,8 6,8 8,6 8,7 6,6"},
    {GOMOKU_FREESTYLE, "7,7 8,8 9,7 8,7 8,6 10,8 9,8 9,9 7,9 10,7 11,6 10,10 10,9"},
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static const char *rule_name(gomoku_rule r)
{
    static const char *names[] = {"freestyle", "standard", "renju", "caro"};
    return names[r];
}

static void usage(FILE *f)
{
    fprintf(f, "usage: gomoku-bench [--depth N] [--hash MB] [--threads N] [--fitted]\n"
               "  --depth N     search depth, 1..%d (default 7)\n"
               "  --hash MB     hash table size, 1..65536 MB (default 16)\n"
               "  --threads N   search threads, 1..64 (default 1)\n"
               "  --fitted      evaluate with the fitted tables (GOMOKU_EVAL_FITTED)\n"
               "  -h, --help, --version\n",
            GOMOKU_MAX_PV);
}

/* Whole-string decimal integer within [lo, hi]; exits with status 2 naming the range. */
static int int_option(const char *name, const char *s, int lo, int hi)
{
    char *end;
    if (!s) {
        fprintf(stderr, "gomoku-bench: %s needs a value (try --help)\n", name);
        exit(2);
    }
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "gomoku-bench: %s must be %d..%d, not '%s'\n", name, lo, hi, s);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    int depth = 7, hash = 16, threads = 1, fitted = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("gomoku-bench (libgomoku %s)\n", gomoku_version_string());
            return 0;
        } else if (!strcmp(a, "--depth")) {
            depth = int_option(a, v, 1, GOMOKU_MAX_PV);
            i++;
        } else if (!strcmp(a, "--hash")) {
            hash = int_option(a, v, 1, 65536);
            i++;
        } else if (!strcmp(a, "--fitted")) {
            fitted = 1;
        } else if (!strcmp(a, "--threads")) {
            threads = int_option(a, v, 1, 64);
            i++;
        } else {
            fprintf(stderr, "gomoku-bench: unknown option '%s' (try --help)\n", a);
            return 2;
        }
    }
    int npos = (int)(sizeof positions / sizeof positions[0]);
    long long total_nodes = 0;
    double total_ms = 0;
    printf("libgomoku %s bench: %d positions, depth %d, %d thread(s), hash %d MB\n",
           gomoku_version_string(), npos, depth, threads, hash);
    for (int i = 0; i < npos; i++) {
        gomoku_engine *e = NULL;
        int rc = gomoku_new(&e, 15, positions[i].rule);
        if (rc == GOMOKU_OK)
            rc = gomoku_set_hash_size(e, hash);
        if (rc == GOMOKU_OK && fitted)
            rc = gomoku_set_eval_model(e, GOMOKU_EVAL_FITTED);
        if (rc == GOMOKU_OK)
            rc = gomoku_play_moves(e, positions[i].moves);
        if (rc != GOMOKU_OK) {
            fprintf(stderr, "position %d: %s\n", i + 1, gomoku_strerror(rc));
            gomoku_free(e);
            return 1;
        }
        gomoku_limits lim;
        gomoku_limits_init(&lim);
        lim.depth = depth;
        lim.threads = threads;
        gomoku_search_result r;
        rc = gomoku_search(&r, e, &lim);
        if (rc != GOMOKU_OK) {
            fprintf(stderr, "position %d: search: %s\n", i + 1, gomoku_strerror(rc));
            gomoku_free(e);
            return 1;
        }
        char mv[16];
        gomoku_format_move(mv, sizeof mv, e, r.best.x, r.best.y, GOMOKU_NOTATION_XY);
        printf("%2d %-9s %2d stones  best %-5s score %6d  depth %2d/%-3d %10lld nodes %8.0f ms "
               "%9.0f nps\n",
               i + 1, rule_name(positions[i].rule), gomoku_move_count(e), mv, r.score, r.depth,
               r.seldepth, r.nodes, r.time_ms,
               r.time_ms > 0 ? (double)r.nodes * 1000.0 / r.time_ms : 0.0);
        total_nodes += r.nodes;
        total_ms += r.time_ms;
        gomoku_free(e);
    }
    printf("total: %lld nodes, %.0f ms, %.0f nodes/s\n", total_nodes, total_ms,
           total_ms > 0 ? (double)total_nodes * 1000.0 / total_ms : 0.0);
    printf("signature: %lld\n", total_nodes);

    /* Board speed through the public API: play and undo every empty cell of a middle-game
     * position in turn. */
    gomoku_engine *e = NULL;
    if (gomoku_new(&e, 15, GOMOKU_FREESTYLE) != GOMOKU_OK ||
        gomoku_play_moves(e, positions[2].moves) != GOMOKU_OK) {
        gomoku_free(e);
        return 1;
    }
    long long pairs = 0;
    double t0 = now_ms(), elapsed = 0;
    while (elapsed < 500) {
        for (int y = 0; y < 15; y++)
            for (int x = 0; x < 15; x++)
                if (gomoku_play(e, x, y) == GOMOKU_OK) {
                    gomoku_undo(e);
                    pairs++;
                }
        elapsed = now_ms() - t0;
    }
    printf("board: %.0f moves made and undone per second (gomoku_play + gomoku_undo)\n",
           (double)pairs * 1000.0 / elapsed);
    gomoku_free(e);
    return 0;
}
