/*
 * gomoku-tactics - runs the strong search on tactical test positions and reports how
 * many it solves.
 *
 *   gomoku-tactics [--time MS] [--nodes N] [--threads N] [--kind win|save] [--rule NAME]
 *                  [-v] [FILE]
 *
 * FILE defaults to ../shared/positions/tactics.txt; its format is described in that
 * directory's README: "<kind> <rule> <size> <moves> | <answers> | <mate plies>".
 * A position is solved when the search plays one of the listed answers within the time.
 * Prints one line per position, then the share solved for `win` and `save` separately.
 * --nodes N bounds each search by nodes instead of time (--time 0 and one thread make the
 * run independent of the machine and its load: the same numbers every time).
 * Uses only the public API.
 */
#include <gomoku.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ANSWERS 64

static int rule_from(const char *s, gomoku_rule *r)
{
    if (!strcmp(s, "freestyle")) *r = GOMOKU_FREESTYLE;
    else if (!strcmp(s, "standard")) *r = GOMOKU_STANDARD;
    else if (!strcmp(s, "renju")) *r = GOMOKU_RENJU;
    else if (!strcmp(s, "caro")) *r = GOMOKU_CARO;
    else return -1;
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: gomoku-tactics [--time MS] [--nodes N] [--threads N] "
               "[--kind win|save] [--rule NAME] [-v] [FILE]\n"
               "  --time MS     time per position, 0..%d ms (default 1000; 0: --nodes only)\n"
               "  --nodes N     node limit per position (default 0: none)\n"
               "  --threads N   search threads, 1..64 (default 1)\n"
               "  --kind K      only the win or the save positions\n"
               "  --rule R      only freestyle, standard, renju or caro positions\n"
               "  -v            print the search of each position\n"
               "  -h, --help, --version\n"
               "FILE defaults to ../shared/positions/tactics.txt.\n",
            INT_MAX);
}

/* Whole-string decimal integer within [lo, hi]; exits with status 2 naming the range. */
static long long num_option(const char *name, const char *s, long long lo, long long hi)
{
    char *end;
    if (!s) {
        fprintf(stderr, "gomoku-tactics: %s needs a value (try --help)\n", name);
        exit(2);
    }
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "gomoku-tactics: %s must be %lld..%lld, not '%s'\n", name, lo, hi, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    const char *path = "../shared/positions/tactics.txt";
    int time_ms = 1000, threads = 1, verbose = 0;
    long long nodes = 0;
    const char *only_kind = NULL, *only_rule = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        gomoku_rule r;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("gomoku-tactics (libgomoku %s)\n", gomoku_version_string());
            return 0;
        } else if (!strcmp(a, "--time")) {
            time_ms = (int)num_option(a, v, 0, INT_MAX);
            i++;
        } else if (!strcmp(a, "--nodes")) {
            nodes = num_option(a, v, 0, LLONG_MAX);
            i++;
        } else if (!strcmp(a, "--threads")) {
            threads = (int)num_option(a, v, 1, 64);
            i++;
        } else if (!strcmp(a, "--kind") || !strcmp(a, "--rule")) {
            int is_kind = a[2] == 'k';
            if (!v) {
                fprintf(stderr, "gomoku-tactics: %s needs a value (try --help)\n", a);
                return 2;
            }
            if (is_kind ? strcmp(v, "win") && strcmp(v, "save") : rule_from(v, &r) != 0) {
                fprintf(stderr, "gomoku-tactics: %s must be %s, not '%s'\n", a,
                        is_kind ? "win or save" : "freestyle, standard, renju or caro", v);
                return 2;
            }
            *(is_kind ? &only_kind : &only_rule) = v;
            i++;
        } else if (!strcmp(a, "-v")) {
            verbose = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "gomoku-tactics: unknown option '%s' (try --help)\n", a);
            return 2;
        } else {
            path = a;
        }
    }
    if (time_ms == 0 && nodes == 0) {
        fprintf(stderr, "gomoku-tactics: --time 0 needs --nodes N to bound the searches\n");
        return 2;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    char line[8192];
    int total[2] = {0, 0}, solved[2] = {0, 0}, lineno = 0;
    double worst_ms[2] = {0, 0};
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char kind[16], rule_name[16];
        int size, n = 0;
        if (sscanf(line, "%15s %15s %d %n", kind, rule_name, &size, &n) != 3) {
            fprintf(stderr, "%s:%d: cannot parse\n", path, lineno);
            continue;
        }
        int is_win = !strcmp(kind, "win");
        gomoku_rule rule;
        if (rule_from(rule_name, &rule) != 0)
            continue;
        if ((only_kind && strcmp(only_kind, kind)) || (only_rule && strcmp(only_rule, rule_name)))
            continue;
        char *moves = line + n;
        char *bar1 = strchr(moves, '|');
        if (!bar1)
            continue;
        *bar1 = 0;
        char *answers = bar1 + 1;
        char *bar2 = strchr(answers, '|');
        int mate = 0;
        if (bar2) {
            *bar2 = 0;
            mate = atoi(bar2 + 1);
        }
        gomoku_engine *e = NULL;
        if (gomoku_new(&e, size, rule) != GOMOKU_OK || gomoku_play_moves(e, moves) != GOMOKU_OK) {
            fprintf(stderr, "%s:%d: bad position\n", path, lineno);
            gomoku_free(e);
            continue;
        }
        int ax[MAX_ANSWERS], ay[MAX_ANSWERS], na = 0;
        for (char *tok = strtok(answers, " \t\n"); tok && na < MAX_ANSWERS;
             tok = strtok(NULL, " \t\n"))
            if (sscanf(tok, "%d,%d", &ax[na], &ay[na]) == 2)
                na++;
        gomoku_limits lim;
        gomoku_limits_init(&lim);
        lim.depth = 0;
        lim.time_ms = time_ms;
        lim.nodes = nodes;
        lim.threads = threads;
        gomoku_search_result r;
        int rc = gomoku_search(&r, e, &lim);
        int ok = 0;
        if (rc == GOMOKU_OK)
            for (int i = 0; i < na; i++)
                ok |= r.best.x == ax[i] && r.best.y == ay[i];
        int k = is_win ? 0 : 1;
        total[k]++;
        solved[k] += ok;
        if (ok && r.time_ms > worst_ms[k])
            worst_ms[k] = r.time_ms;
        printf("%-4s %-9s line %3d: %s  played %d,%d  score %6d  depth %2d  %7.0f ms  "
               "%9lld nodes  (mate %d)\n",
               kind, rule_name, lineno, ok ? "solved" : "FAILED", r.best.x, r.best.y, r.score,
               r.depth, r.time_ms, r.nodes, mate);
        if (verbose && !ok) {
            printf("      answers:");
            for (int i = 0; i < na; i++)
                printf(" %d,%d", ax[i], ay[i]);
            printf("\n");
        }
        gomoku_free(e);
    }
    fclose(f);
    printf("\nwin:  %d/%d solved (%.0f%%)\nsave: %d/%d solved (%.0f%%)\ntime per position: %d ms, "
           "nodes per position: %lld, threads: %d\n",
           solved[0], total[0], total[0] ? 100.0 * solved[0] / total[0] : 0.0, solved[1], total[1],
           total[1] ? 100.0 * solved[1] / total[1] : 0.0, time_ms, nodes, threads);
    return 0;
}
