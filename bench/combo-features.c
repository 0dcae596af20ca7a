/*
 * combo-features.c - the inputs of the fitted evaluation for bench/fit-combo.py: replays
 * games and prints, for each quiet position, the counts of empty cells per
 * pattern-combination index (gomoku__combo_index) of the side to move and of the other
 * side, with the game's result for the side to move. Uses internal functions, hence -Isrc.
 *
 * Usage: combo-features [--skip N] [--threats | --parity | --labelled] GAMES
 * GAMES: one game a line, "RULE RESULT x,y x,y ...", RULE freestyle/standard/renju, RESULT
 * B (black won), W or D; with --labelled, one position a line, RESULT its label for the
 * side to move (0..1, `bench/texel-tune.py label --moves`), and only the line's last
 * position is printed. Output, one line a position:
 *   GAME RULE SIDE RESULT | c:n c:n ... | c:n c:n ...
 * or, with --threats, the evaluation with the default weights and the threat mask (the
 * inputs of `bench/fit-combo.py initiative`):
 *   GAME RULE SIDE RESULT | EVAL MASK
 * or, with --parity, the evaluation with the default weights, the same board's with the
 * other side to move (from that side's view), and the ply:
 *   GAME RULE SIDE RESULT | EVAL OTHER PLY
 * and on stderr what they say about the evaluation's tempo: the mean of (EVAL + OTHER) / 2
 * (what having the move is worth on the same board), and over consecutive plies of a game
 * the mean and root mean square of (e(t) + e(t + 1)) / 2, each from its own mover's view:
 * 0 when the value of a position does not depend on which of two successive plies is
 * scored, as a search that ends its lines on either side to move needs.
 * Skipped: the first N plies (default 6), and positions the evaluation's turn rules
 * decide or force: a five point of either side, an open-four point of the mover (with
 * --parity: an open-four or four-three point of either side).
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static board b;

/* The inputs of the initiative term's fit: the weights' evaluation of the position and who
 * has which threat points, as nine bits from the side to move's view: the opponent's
 * open-four point; the mover's four-three, four, double-three and three points; the
 * opponent's four-three, four, double-three and three points. The double-three points are
 * the evaluation's own count (in renju black has none: they are forbidden moves). */
static void print_threats(const board *bd)
{
    gomoku_weights w;
    gomoku_eval_info info;
    gomoku_default_weights(&w);
    gomoku__breakdown(&info, bd, &w, GOMOKU_EVAL_WEIGHTS);
    int me = bd->side - 1, opp = 1 - me;
    const int *m = bd->ncls[me], *o = bd->ncls[opp];
    int dt_me = info.combos[me][GOMOKU_COMBO_DOUBLE_THREE] > 0;
    int dt_opp = info.combos[opp][GOMOKU_COMBO_DOUBLE_THREE] > 0;
    int mask = (o[K_OPEN_FOUR] > 0) | (m[K_FOUR_THREE] > 0) << 1 | (m[K_FOUR] > 0) << 2 |
               dt_me << 3 | (m[K_THREE] > 0) << 4 | (o[K_FOUR_THREE] > 0) << 5 |
               (o[K_FOUR] > 0) << 6 | dt_opp << 7 | (o[K_THREE] > 0) << 8;
    printf(" %d %d", info.score, mask);
}

/* The weights' evaluation of bd as it stands, and with the other side to move. */
static void parity_values(board *bd, int *eval, int *other)
{
    gomoku_weights w;
    gomoku_default_weights(&w);
    *eval = gomoku__evaluate(bd, &w);
    bd->side = 3 - bd->side;
    *other = gomoku__evaluate(bd, &w);
    bd->side = 3 - bd->side;
}

static void print_counts(const board *bd, int s)
{
    static int count[495];
    memset(count, 0, sizeof count);
    for (int y = 0; y < bd->size; y++)
        for (int x = 0; x < bd->size; x++) {
            int idx = board_index(bd, x, y);
            if (bd->cell[idx] != C_EMPTY)
                continue;
            uint8_t p[NDIR];
            for (int d = 0; d < NDIR; d++)
                p[d] = (uint8_t)pat_of(bd, idx, d, s);
            count[gomoku__combo_index(p)]++;
        }
    for (int c = 0; c < 495; c++)
        if (count[c])
            printf(" %d:%d", c, count[c]);
}

int main(int argc, char **argv)
{
    int skip = 6, threats = 0, parity = 0, labelled = 0;
    double tempo = 0, pair_sum = 0, pair_sq = 0;
    long ntempo = 0, npairs = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--skip") && i + 1 < argc)
            skip = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threats"))
            threats = 1;
        else if (!strcmp(argv[i], "--parity"))
            parity = 1;
        else if (!strcmp(argv[i], "--labelled"))
            labelled = 1;
        else
            path = argv[i];
    }
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: combo-features [--skip N] [--threats | --parity | --labelled] GAMES\n");
        return 2;
    }
    static char line[65536];
    int game = 0;
    while (fgets(line, sizeof line, f)) {
        char *save = NULL, *rule_s = strtok_r(line, " \n", &save);
        char *res_s = strtok_r(NULL, " \n", &save);
        if (!rule_s || !res_s)
            continue;
        int rule = !strcmp(rule_s, "freestyle")  ? GOMOKU_FREESTYLE
                   : !strcmp(rule_s, "standard") ? GOMOKU_STANDARD
                   : !strcmp(rule_s, "renju")    ? GOMOKU_RENJU
                                                 : -1;
        if (rule < 0)
            continue;
        game++;
        int winner = res_s[0] == 'B' ? C_BLACK : res_s[0] == 'W' ? C_WHITE : 0;
        /* --labelled: one position a line, its label (the side to move's expected result,
         * 0..1) in place of the winner; only the line's last position is printed. */
        double label = labelled ? atof(res_s) : 0.0;
        int nline = 0;
        if (labelled)
            for (const char *q = save; q && *q; q++)
                nline += *q == ',';
        gomoku__board_init(&b, 15, rule);
        int last_ply = -1, last_eval = 0;
        for (char *m; (m = strtok_r(NULL, " \n", &save)) != NULL;) {
            int x, y;
            if (sscanf(m, "%d,%d", &x, &y) != 2 || !board_on(&b, x, y) ||
                b.cell[board_index(&b, x, y)] != C_EMPTY || b.state != GOMOKU_ONGOING)
                break;
            gomoku__board_make(&b, board_index(&b, x, y));
            if (b.nmoves < skip || b.state != GOMOKU_ONGOING || (labelled && b.nmoves != nline))
                continue;
            int me = b.side - 1, opp = 1 - me;
            if (b.ncls[me][K_FIVE] || b.ncls[opp][K_FIVE] ||
                (b.ncls[me][K_OPEN_FOUR] && !(rule == GOMOKU_RENJU && b.side == C_BLACK)))
                continue;
            double r = labelled ? label : winner == 0 ? 0.5 : winner == b.side ? 1.0 : 0.0;
            if (parity) {
                /* Only where neither side can make an open four or a four-three: there the
                 * turn rules, not the weights, would score the board with the other side
                 * to move. */
                if (b.ncls[me][K_OPEN_FOUR] + b.ncls[opp][K_OPEN_FOUR] + b.ncls[me][K_FOUR_THREE] +
                        b.ncls[opp][K_FOUR_THREE] >
                    0)
                    continue;
                int ev, other;
                parity_values(&b, &ev, &other);
                printf("%d %s %c %.1f | %d %d %d\n", game, rule_s, b.side == C_BLACK ? 'B' : 'W',
                       r, ev, other, b.nmoves);
                tempo += (ev + other) / 2.0;
                ntempo++;
                if (last_ply == b.nmoves - 1) {
                    double h = (last_eval + ev) / 2.0;
                    pair_sum += h;
                    pair_sq += h * h;
                    npairs++;
                }
                last_ply = b.nmoves;
                last_eval = ev;
                continue;
            }
            printf(labelled ? "%d %s %c %.4f |" : "%d %s %c %.1f |", game, rule_s,
                   b.side == C_BLACK ? 'B' : 'W', r);
            if (threats) {
                print_threats(&b);
                printf("\n");
                continue;
            }
            print_counts(&b, b.side);
            printf(" |");
            print_counts(&b, 3 - b.side);
            printf("\n");
        }
    }
    fclose(f);
    if (parity && ntempo > 0)
        fprintf(stderr,
                "positions %ld: the move is worth %.0f on the same board; consecutive plies "
                "(%ld pairs): mean %.0f, rms %.0f\n",
                ntempo, tempo / ntempo, npairs, npairs ? pair_sum / npairs : 0.0,
                npairs ? sqrt(pair_sq / npairs) : 0.0);
    return 0;
}
