/*
 * vct-bench - the threat solver on a fixed set of positions: gomoku_vct() for the side to
 * move with a node budget, per position and in total (wins proven, nodes, time). Node
 * counts do not depend on the machine's load, so a change to the solver shows in them.
 *
 *   vct-bench [--nodes N] [-v] FILE...
 *
 * A line of FILE is either a position of ../shared/positions/tactics.txt (its `win` lines
 * are used; `save` lines are skipped) or `RULE MOVES` (freestyle|standard|renju|caro and
 * the moves in x,y notation, black first); `#` starts a comment. Uses only the public API.
 * Developer tool, not installed.
 */
#include <gomoku.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    int verbose = 0, nfiles = 0, positions = 0, wins = 0;
    long long nodes = 0;
    double ms = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            budget = atoll(argv[++i]);
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: vct-bench [--nodes N] [-v] FILE...\n");
            return 2;
        } else
            argv[++nfiles] = argv[i];
    }
    if (nfiles == 0 || budget <= 0) {
        fprintf(stderr, "usage: vct-bench [--nodes N] [-v] FILE...\n");
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
            char *bar = strchr(line, '|');
            if (bar)
                *bar = '\0';
            char *tok = strtok(line, " \t\r\n");
            if (!tok || tok[0] == '#' || !strcmp(tok, "save"))
                continue;
            int size = 15;
            if (!strcmp(tok, "win")) { /* tactics.txt: win RULE SIZE MOVES */
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
            gomoku_threat_result r;
            if (gomoku_vct(&r, e, budget, 0) != GOMOKU_OK) {
                fprintf(stderr, "%s:%d: gomoku_vct failed\n", argv[fi], lineno);
                gomoku_free(e);
                fclose(f);
                return 1;
            }
            positions++;
            wins += r.found;
            nodes += r.nodes;
            ms += r.time_ms;
            if (verbose)
                printf("%s:%d  %s  %2d plies  %9lld nodes  %7.0f ms\n", argv[fi], lineno,
                       r.found ? "win " : "none", r.length, r.nodes, r.time_ms);
            gomoku_free(e);
        }
        fclose(f);
    }
    printf("%d positions, %d wins proven, %lld nodes, %.0f ms (budget %lld nodes a position)\n",
           positions, wins, nodes, ms, budget);
    return 0;
}
