/*
 * node-profile - where the strong search's nodes go: on each position of a file, one
 * node-limited search on one thread, with the search's node profile (search.h, compiled
 * in only with -DGOMOKU_NODE_PROFILE; the Makefile builds this program on its own copy of
 * the library's objects with it), summed over the positions and printed by the remaining
 * depth of the node.
 *
 *   bench/node-profile [--nodes N] [--rule R] [--first K] [FILE]
 *
 * FILE holds one position a line, the stones as x,y in playing order, black first; `#`
 * starts a comment (the format of ../shared/tools/openings.txt, the default, and of
 * bench/gen-openings.py's files). --nodes: the node limit of each search (default
 * 150000); --rule: freestyle (default), standard, renju or caro; --first: only the first
 * K positions.
 *
 * Printed: the depth each search completed, and the counts of the main thread (the root's
 * threat searches are not in them): how many nodes of each remaining depth the table or
 * reverse futility pruning settled at once, how many searched moves and of which kind
 * (PV, expected cut, expected all, answering a threat, a horizon node answering a threat
 * one more ply), the moves such a node searched, the share of cut-offs made by the first
 * move; then, for the moves after the first at depth 2 or more, how many were searched
 * shallower first and by how many plies, by class (quiet, loud: making or taking a three
 * point or a double two, forced: a reply to a threat); and the quiescence's share.
 * Counts do not depend on the machine's load. Exits 1 when the profile does not account
 * for every node the thread counted. Developer tool, not installed.
 */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096

static void usage(FILE *to)
{
    fprintf(to, "usage: node-profile [--nodes N] [--rule freestyle|standard|renju|caro] "
                "[--first K] [FILE]\n");
}

static int parse_rule(const char *s, gomoku_rule *rule)
{
    static const char *names[] = {"freestyle", "standard", "renju", "caro"};
    static const gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU,
                                        GOMOKU_CARO};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *rule = rules[i];
            return 0;
        }
    return -1;
}

/* a += b, counter by counter. */
static void add_profile(gomoku__node_profile *a, const gomoku__node_profile *b)
{
    long long *pa = (long long *)a;
    const long long *pb = (const long long *)b;
    for (size_t i = 0; i < sizeof *a / sizeof(long long); i++)
        pa[i] += pb[i];
}

static double ratio(long long a, long long b) { return b ? (double)a / (double)b : 0.0; }

static void print_profile(const gomoku__node_profile *p, long long nodes)
{
    static const char *kind[PROF_KINDS] = {"PV", "cut", "all", "threat", "horizon"};
    printf("\nby remaining depth: nodes settled at once (table, reverse futility, other), "
           "nodes that searched moves by kind, moves a node searched by kind, cut-offs by "
           "the first move\n\n");
    printf("| depth | table | rfp | other |");
    for (int k = 0; k < PROF_KINDS; k++)
        printf(" %s |", kind[k]);
    for (int k = 0; k < PROF_KINDS; k++)
        printf(" moves %s |", kind[k]);
    printf(" first cut | singular |\n|---|---|---|---|");
    for (int k = 0; k < 2 * PROF_KINDS + 2; k++)
        printf("---|");
    printf("\n");
    for (int d = 0; d < PROF_DEPTHS; d++) {
        long long any = p->table[d] + p->rfp[d] + p->settled[d];
        for (int k = 0; k < PROF_KINDS; k++)
            any += p->node[d][k];
        if (!any)
            continue;
        printf("| %d%s | %lld | %lld | %lld |", d, d == PROF_DEPTHS - 1 ? "+" : "", p->table[d],
               p->rfp[d], p->settled[d]);
        for (int k = 0; k < PROF_KINDS; k++)
            printf(" %lld |", p->node[d][k]);
        for (int k = 0; k < PROF_KINDS; k++)
            printf(" %.1f |", ratio(p->moves[d][k], p->node[d][k]));
        printf(" %.0f%% | %lld |\n", 100 * ratio(p->first_cut[d], p->cut[d]), p->singular[d]);
    }
    static const char *cls[PROF_CLASSES] = {"quiet", "loud", "forced"};
    printf("\nmoves after the first at depth 2 or more\n\n| class | moves | searched "
           "shallower first | plies taken off, mean |\n|---|---|---|---|\n");
    for (int c = 0; c < PROF_CLASSES; c++)
        printf("| %s | %lld | %.0f%% | %.2f |\n", cls[c], p->later[c],
               100 * ratio(p->reduced[c], p->later[c]), ratio(p->plies[c], p->later[c]));
    printf("\ncut-offs at unforced nodes of depth 2 or more, by the first move searched: "
           "with a table move %lld, %.0f%% first; without %lld, %.0f%% first (a killer "
           "searched first in %lld, the cut in %.0f%% of them)\n",
           p->order_cut[0], 100 * ratio(p->order_first[0], p->order_cut[0]), p->order_cut[1],
           100 * ratio(p->order_first[1], p->order_cut[1]), p->killer_first,
           100 * ratio(p->killer_cut, p->killer_first));
    printf("\nroot searches %lld, main search nodes %lld, quiescence nodes %lld (%.0f%% of %lld; "
           "%lld searches started, %.2f nodes each)\n",
           p->root_nodes, p->search_nodes, p->qs_nodes, 100 * ratio(p->qs_nodes, nodes), nodes,
           p->qs_entries, ratio(p->qs_nodes, p->qs_entries));
}

int main(int argc, char **argv)
{
    long long budget = 150000;
    int first = 0;
    gomoku_rule rule = GOMOKU_FREESTYLE;
    const char *path = "../shared/tools/openings.txt";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
            budget = atoll(argv[++i]);
        else if (strcmp(argv[i], "--first") == 0 && i + 1 < argc)
            first = atoi(argv[++i]);
        else if (strcmp(argv[i], "--rule") == 0 && i + 1 < argc) {
            if (parse_rule(argv[++i], &rule) != 0) {
                usage(stderr);
                return 2;
            }
        } else if (argv[i][0] == '-') {
            usage(stderr);
            return 2;
        } else
            path = argv[i];
    }
    if (budget < 1) {
        usage(stderr);
        return 2;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    gomoku__node_profile sum;
    memset(&sum, 0, sizeof sum);
    long long nodes = 0;
    int npos = 0, depths = 0, bad = 0;
    char line[MAX_LINE];
    printf("node-profile: %s, %lld nodes a search, one thread\n\n", path, budget);
    while (fgets(line, sizeof line, f) && (first <= 0 || npos < first)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        if (strspn(line, " \t") == strlen(line))
            continue;
        gomoku_engine *e = NULL;
        if (gomoku_new(&e, 15, rule) != GOMOKU_OK || gomoku_play_moves(e, line) != GOMOKU_OK) {
            fprintf(stderr, "node-profile: cannot set up the position \"%s\"\n", line);
            gomoku_free(e);
            fclose(f);
            return 2;
        }
        gomoku_limits lim;
        gomoku_limits_init(&lim);
        lim.nodes = budget;
        lim.threads = 1;
        gomoku_search_result r;
        if (gomoku_search(&r, e, &lim) != GOMOKU_OK) {
            fprintf(stderr, "node-profile: the search failed on \"%s\"\n", line);
            gomoku_free(e);
            fclose(f);
            return 2;
        }
        /* A search settled by the root's threat searches never reaches the main search. */
        const search_thread *t = e->mem ? &e->mem->threads[0] : NULL;
        long long counted =
            t ? t->prof.root_nodes + t->prof.search_nodes + t->prof.qs_nodes : 0;
        long long thread_nodes = t ? t->nodes : 0;
        if (counted != thread_nodes) {
            fprintf(stderr, "node-profile: %lld nodes profiled, the thread counted %lld (%s)\n",
                    counted, thread_nodes, line);
            bad = 1;
        }
        npos++;
        depths += r.depth;
        if (t) {
            add_profile(&sum, &t->prof);
            nodes += thread_nodes;
        }
        printf("%3d  %2d stones  depth %2d  nodes %lld\n", npos, gomoku_move_count(e), r.depth,
               thread_nodes);
        gomoku_free(e);
    }
    fclose(f);
    if (npos == 0) {
        fprintf(stderr, "node-profile: no positions in %s\n", path);
        return 2;
    }
    printf("\n%d positions: mean depth %.2f, main thread nodes %lld\n", npos,
           (double)depths / npos, nodes);
    print_profile(&sum, nodes);
    return bad;
}
