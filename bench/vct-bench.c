/*
 * vct-bench - the threat solver on a fixed set of positions: gomoku_vct() for the side to
 * move with a node budget, per position and in total (wins proven, nodes, time). Node
 * counts do not depend on the machine's load, so a change to the solver shows in them.
 *
 *   vct-bench [--nodes N] [-v] FILE...
 *
 * A line of FILE is either a position of ../shared/positions/tactics.txt (its `win` lines
 * are used; `save` lines are skipped) or `RULE MOVES` (freestyle|standard|renju|caro and
 * the moves in x,y notation, black first); `#` starts a comment.
 * With --refute, the `save` lines are used instead: after each move within two cells of
 * a stone that is not one of the listed answers (the file says each of them loses), the
 * opponent's VCT is searched; "wins proven" then counts the non-answers refuted.
 * Uses only the public API. Developer tool, not installed.
 */
#include <gomoku.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tally {
    int positions, wins;
    long long nodes;
    double ms;
} tally;

/* The VCT of the side to move in e, added to *t; -1 when the call fails. */
static int run_vct(gomoku_engine *e, long long budget, tally *t, gomoku_threat_result *r)
{
    if (gomoku_vct(r, e, budget, 0) != GOMOKU_OK)
        return -1;
    t->positions++;
    t->wins += r->found;
    t->nodes += r->nodes;
    t->ms += r->time_ms;
    return 0;
}

/* Is (x, y) among the answers, a list of x,y tokens? */
static int listed(const char *answers, int x, int y)
{
    char cell[32];
    snprintf(cell, sizeof cell, "%d,%d", x, y);
    size_t n = strlen(cell);
    for (const char *p = answers; (p = strstr(p, cell)) != NULL; p += n)
        if ((p == answers || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0' || p[n] == '\n'))
            return 1;
    return 0;
}

/* --refute: the opponent's VCT after every near non-answer of a save position. */
static int refute_non_answers(gomoku_engine *e, const char *answers, long long budget,
                              tally *t, int verbose, const char *where)
{
    int size = gomoku_size(e);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            if (gomoku_cell(e, x, y) != GOMOKU_EMPTY || listed(answers, x, y))
                continue;
            int near = 0;
            for (int dy = -2; dy <= 2 && !near; dy++)
                for (int dx = -2; dx <= 2 && !near; dx++)
                    near = gomoku_cell(e, x + dx, y + dy) == GOMOKU_BLACK ||
                           gomoku_cell(e, x + dx, y + dy) == GOMOKU_WHITE;
            if (!near || gomoku_play(e, x, y) != GOMOKU_OK)
                continue;
            gomoku_threat_result r;
            int rc = gomoku_state_of(e) == GOMOKU_ONGOING ? run_vct(e, budget, t, &r) : 1;
            gomoku_undo(e);
            if (rc < 0)
                return -1;
            if (rc == 0 && verbose)
                printf("%s after %d,%d  %s  %2d plies  %9lld nodes  %7.0f ms\n", where, x, y,
                       r.found ? "win " : "none", r.length, r.nodes, r.time_ms);
        }
    return 0;
}

static int rule_of(const char *s, gomoku_rule *r)
{
    static const char *const names[] = {"freestyle", "standard", "renju", "caro"};
    static const gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU,
                                        GOMOKU_CARO};
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) {
            *r = rules[i];
            return 1;
        }
    return 0;
}

int main(int argc, char **argv)
{
    long long budget = 3000000;
    int verbose = 0, refute = 0, nfiles = 0;
    tally t = {0, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            budget = atoll(argv[++i]);
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--refute"))
            refute = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: vct-bench [--nodes N] [--refute] [-v] FILE...\n");
            return 2;
        } else
            argv[++nfiles] = argv[i];
    }
    if (nfiles == 0 || budget <= 0) {
        fprintf(stderr, "usage: vct-bench [--nodes N] [--refute] [-v] FILE...\n");
        return 2;
    }
    for (int fi = 1; fi <= nfiles; fi++) {
        FILE *f = fopen(argv[fi], "r");
        if (!f) {
            perror(argv[fi]);
            return 1;
        }
        char line[8192];
        int lineno = 0;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            char *bar = strchr(line, '|'), *answers = "";
            if (bar) {
                *bar = '\0';
                answers = bar + 1;
                char *end = strchr(answers, '|');
                if (end)
                    *end = '\0';
            }
            char *tok = strtok(line, " \t\r\n");
            if (!tok || tok[0] == '#' || !strcmp(tok, refute ? "win" : "save"))
                continue;
            if (refute && strcmp(tok, "save"))
                continue; /* only the save lines have non-answers */
            int size = 15;
            if (!strcmp(tok, "win") || !strcmp(tok, "save")) { /* KIND RULE SIZE MOVES */
                tok = strtok(NULL, " \t\r\n");
                char *sz = strtok(NULL, " \t\r\n");
                size = sz ? atoi(sz) : 0;
            }
            gomoku_rule rule;
            char *moves = strtok(NULL, "\r\n");
            gomoku_engine *e = NULL;
            if (!tok || !rule_of(tok, &rule) || !moves || gomoku_new(&e, size, rule) != GOMOKU_OK ||
                gomoku_play_moves(e, moves) != GOMOKU_OK) {
                fprintf(stderr, "%s:%d: cannot read the position\n", argv[fi], lineno);
                gomoku_free(e);
                fclose(f);
                return 2;
            }
            char where[600];
            snprintf(where, sizeof where, "%s:%d", argv[fi], lineno);
            gomoku_threat_result r;
            int rc = refute ? refute_non_answers(e, answers, budget, &t, verbose, where)
                            : run_vct(e, budget, &t, &r);
            gomoku_free(e);
            if (rc < 0) {
                fprintf(stderr, "%s: gomoku_vct failed\n", where);
                fclose(f);
                return 1;
            }
            if (verbose && !refute)
                printf("%s  %s  %2d plies  %9lld nodes  %7.0f ms\n", where,
                       r.found ? "win " : "none", r.length, r.nodes, r.time_ms);
        }
        fclose(f);
    }
    printf("%d positions, %d wins proven, %lld nodes, %.0f ms (budget %lld nodes a position)\n",
           t.positions, t.wins, t.nodes, t.ms, budget);
    return 0;
}
