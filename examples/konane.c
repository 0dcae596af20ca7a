/*
 * konane - the Hawaiian jumping game on 8x8, played and measured with libgomoku's textbook
 * searches over the generic game interface (gomoku_game_search and its callbacks): the
 * library knows nothing of Konane.
 *
 * Rules: the board starts full, black and white stones alternating (a8 black). Black
 * removes one of its stones from a corner (a8, h1) or the centre (d5, e4); white then
 * removes one of its stones next to that hole. From then on a move is a jump: a stone
 * jumps orthogonally over an adjacent opponent stone into the empty cell beyond, taking
 * it, and may go on jumping in the same direction (each number of jumps is a move of its
 * own). The player with no move loses.
 *
 *   konane [--black human|engine] [--white human|engine] [--algo A] [--depth D]
 *   konane --compare [--max-depth D] [--moves "MOVES"]
 *   konane --count "POSITION"
 *
 * Moves are written "d5" (a removal) or "b5-d5" (a jump, to the final cell); columns a-h
 * from the left, rows 1-8 from the bottom. --compare searches the position after MOVES
 * (default below) to depths 1..D (default 6) with the four algorithms: plain, with move
 * ordering, and with ordering and the worst 25% of moves pruned, and prints evaluations,
 * branching factor and cut-offs. --count prints the number of legal moves and the moves
 * of POSITION: eight rows from the top separated by '/', 'x' black, 'o' white, '.'
 * empty, then a blank and the side to move ('x' or 'o'); a full board is the first
 * removal, a board with one hole the second.
 * Uses only the public API.
 */
#include <gomoku.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 8
#define CELLS (N * N)
#define EMPTY 0
#define BLACK 1
#define WHITE 2
/* Jump moves are coded 64 + from * 16 + dir * 4 + (jumps - 1); removals are the cell. */
#define JUMP_BASE CELLS
#define MAX_MOVES 512

static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};

typedef struct konane {
    int cell[CELLS];
    int side;      /* BLACK or WHITE to move */
    int empties;   /* holes on the board: 0 and 1 are the removal phase */
} konane;

static int colour_of_square(int idx) { return ((idx % N + idx / N) % 2 == 0) ? BLACK : WHITE; }
static int other(int s) { return 3 - s; }

static void k_init(konane *k)
{
    for (int i = 0; i < CELLS; i++)
        k->cell[i] = colour_of_square(i);
    k->side = BLACK;
    k->empties = 0;
}

/* Jump moves of side s into moves (NULL: only counted). */
static int jumps_of(const konane *k, int s, int *moves)
{
    int n = 0;
    for (int from = 0; from < CELLS; from++) {
        if (k->cell[from] != s)
            continue;
        int x = from % N, y = from / N;
        for (int d = 0; d < 4; d++)
            for (int j = 1;; j++) {
                int ox = x + dx[d] * (2 * j - 1), oy = y + dy[d] * (2 * j - 1);
                int tx = x + dx[d] * 2 * j, ty = y + dy[d] * 2 * j;
                if (tx < 0 || tx >= N || ty < 0 || ty >= N || k->cell[oy * N + ox] != other(s) ||
                    k->cell[ty * N + tx] != EMPTY)
                    break;
                if (moves)
                    moves[n] = JUMP_BASE + from * 16 + d * 4 + (j - 1);
                n++;
            }
    }
    return n;
}

static int k_generate(const konane *k, int *moves)
{
    int n = 0;
    if (k->empties == 0) { /* black's removal: a corner or the centre */
        static const int first[4] = {0, 3 * N + 3, 4 * N + 4, CELLS - 1};
        for (int i = 0; i < 4; i++)
            if (k->cell[first[i]] == k->side)
                moves[n++] = first[i];
        return n;
    }
    if (k->empties == 1) { /* white's removal: next to the hole */
        int hole = 0;
        while (k->cell[hole] != EMPTY)
            hole++;
        for (int d = 0; d < 4; d++) {
            int x = hole % N + dx[d], y = hole / N + dy[d];
            if (x >= 0 && x < N && y >= 0 && y < N && k->cell[y * N + x] == k->side)
                moves[n++] = y * N + x;
        }
        return n;
    }
    return jumps_of(k, k->side, moves);
}

static void k_make(konane *k, int m)
{
    if (m < JUMP_BASE) {
        k->cell[m] = EMPTY;
        k->empties++;
    } else {
        int from = (m - JUMP_BASE) / 16, d = (m - JUMP_BASE) / 4 % 4, j = (m - JUMP_BASE) % 4 + 1;
        int step = dy[d] * N + dx[d];
        k->cell[from] = EMPTY;
        for (int i = 1; i <= j; i++)
            k->cell[from + (2 * i - 1) * step] = EMPTY;
        k->cell[from + 2 * j * step] = k->side;
        k->empties += j;
    }
    k->side = other(k->side);
}

static void k_unmake(konane *k, int m)
{
    k->side = other(k->side);
    if (m < JUMP_BASE) {
        k->cell[m] = colour_of_square(m);
        k->empties--;
    } else {
        int from = (m - JUMP_BASE) / 16, d = (m - JUMP_BASE) / 4 % 4, j = (m - JUMP_BASE) % 4 + 1;
        int step = dy[d] * N + dx[d];
        k->cell[from + 2 * j * step] = EMPTY;
        for (int i = 1; i <= j; i++)
            k->cell[from + (2 * i - 1) * step] = other(k->side);
        k->cell[from] = k->side;
        k->empties -= j;
    }
}

/* ---- the gomoku_game callbacks ---------------------------------------------------- */

static int cb_generate(void *state, int *moves, int capacity)
{
    int buf[MAX_MOVES];
    int n = k_generate(state, buf);
    for (int i = 0; i < n && i < capacity; i++)
        moves[i] = buf[i];
    return n;
}

static void cb_make(void *state, int move) { k_make(state, move); }
static void cb_unmake(void *state, int move) { k_unmake(state, move); }

/* Mobility: the mover's jumps less the opponent's, the usual Konane evaluation (a side
 * that runs out of jumps loses, so having more of them is the way to win). */
static int cb_evaluate(void *state)
{
    const konane *k = state;
    if (k->empties < 2)
        return 0;
    return jumps_of(k, k->side, NULL) - jumps_of(k, other(k->side), NULL);
}

static int cb_terminal(void *state, int *score)
{
    const konane *k = state;
    if (k->empties < 2 || jumps_of(k, k->side, NULL) > 0)
        return 0;
    *score = -GOMOKU_SCORE_WIN;
    return 1;
}

static gomoku_game game_of(konane *k)
{
    gomoku_game g = {k, cb_generate, cb_make, cb_unmake, cb_evaluate, cb_terminal};
    return g;
}

/* ---- text ------------------------------------------------------------------------- */

static void cell_name(char *buf, int idx) { sprintf(buf, "%c%d", 'a' + idx % N, N - idx / N); }

static void move_name(char *buf, int m)
{
    if (m < JUMP_BASE) {
        cell_name(buf, m);
        return;
    }
    int from = (m - JUMP_BASE) / 16, d = (m - JUMP_BASE) / 4 % 4, j = (m - JUMP_BASE) % 4 + 1;
    cell_name(buf, from);
    buf[strlen(buf) + 1] = '\0';
    buf[strlen(buf)] = '-';
    cell_name(buf + strlen(buf), from + 2 * j * (dy[d] * N + dx[d]));
}

/* The legal move named `text`, or -1. */
static int parse_move(const konane *k, const char *text)
{
    int moves[MAX_MOVES];
    int n = k_generate(k, moves);
    char name[16];
    for (int i = 0; i < n; i++) {
        move_name(name, moves[i]);
        if (!strcmp(name, text))
            return moves[i];
    }
    return -1;
}

static int play_moves(konane *k, const char *list)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " \t\n,"); t; t = strtok(NULL, " \t\n,")) {
        int m = parse_move(k, t);
        if (m < 0) {
            fprintf(stderr, "konane: '%s' is not a legal move here\n", t);
            return -1;
        }
        k_make(k, m);
    }
    return 0;
}

static void print_board(const konane *k)
{
    for (int y = 0; y < N; y++) {
        printf("%d ", N - y);
        for (int x = 0; x < N; x++)
            printf(" %c", ".xo"[k->cell[y * N + x]]);
        putchar('\n');
    }
    printf("   a b c d e f g h\n");
}

/* "xoxo..../..../... x" into k; 0 on success. */
static int parse_position(konane *k, const char *text)
{
    int i = 0, empties = 0;
    const char *p = text;
    for (; *p && *p != ' '; p++) {
        if (*p == '/')
            continue;
        if (i == CELLS || !strchr(".xo", *p))
            return -1;
        k->cell[i] = (int)(strchr(".xo", *p) - ".xo");
        empties += k->cell[i] == EMPTY;
        i++;
    }
    if (i != CELLS || *p != ' ' || (p[1] != 'x' && p[1] != 'o') || p[2])
        return -1;
    k->side = p[1] == 'x' ? BLACK : WHITE;
    k->empties = empties;
    return 0;
}

/* ---- modes ------------------------------------------------------------------------ */

static const char *const algo_names[] = {"minimax", "alphabeta", "negamax", "negamax-ab"};

static int count_mode(const char *position)
{
    konane k;
    if (parse_position(&k, position) != 0) {
        fprintf(stderr, "konane: bad position '%s'\n", position);
        return 2;
    }
    int moves[MAX_MOVES];
    int n = k_generate(&k, moves);
    printf("%d", n);
    for (int i = 0; i < n; i++) {
        char name[16];
        move_name(name, moves[i]);
        printf(" %s", name);
    }
    putchar('\n');
    return 0;
}

#define COMPARE_MOVES "d5 d4 b5-d5 f4-d4"

static int compare_mode(int max_depth, const char *moves)
{
    konane k;
    k_init(&k);
    if (play_moves(&k, moves) != 0)
        return 2;
    gomoku_game g = game_of(&k);
    printf("Konane 8x8 after %s, %s to move (%d legal moves):\n", moves,
           k.side == BLACK ? "black (x)" : "white (o)", cb_generate(&k, (int[MAX_MOVES]){0}, MAX_MOVES));
    print_board(&k);
    printf("\nEvaluation: mobility (own jumps - opponent's). evals: static evaluations (leaves"
           " and\nordering), bf: moves searched per interior node, cuts: alpha-beta cut-offs.\n"
           "ordered: moves sorted by the evaluation after each; pruned: ordered, the worst 25%%"
           "\nof the moves at every node dropped (its value and move may differ).\n\n");
    printf("depth algorithm   value best   | plain: evals     bf   cuts | ordered: evals     bf"
           "   cuts | pruned 25%%: value best   evals     bf  cuts\n");
    int disagree = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        int ref_value = 0, ref_best = -1;
        for (int a = 0; a < 4; a++) {
            gomoku_textbook_result r[3];
            for (int c = 0; c < 3; c++) {
                gomoku_textbook_options o;
                gomoku_textbook_options_init(&o);
                o.depth = depth;
                o.ordering = c > 0;
                o.prune_percent = c == 2 ? 25 : 0;
                int rc = gomoku_game_search(&r[c], &g, (gomoku_algo)a, &o);
                if (rc != GOMOKU_OK) {
                    fprintf(stderr, "konane: search failed: %s\n", gomoku_strerror(rc));
                    return 1;
                }
            }
            if (a == 0) {
                ref_value = r[0].value;
                ref_best = r[0].best.x;
            }
            /* Plain and ordered full-width searches must all return minimax's value; the
             * plain ones (same move order) also its move. */
            if (r[0].value != ref_value || r[1].value != ref_value || r[0].best.x != ref_best)
                disagree++;
            char b0[16], b2[16];
            move_name(b0, r[0].best.x);
            move_name(b2, r[2].best.x);
            printf("%5d %-11s %5d %-6s | %11lld %6.2f %6lld | %14lld %6.2f %6lld | %17d %-6s "
                   "%6lld %6.2f %5lld\n",
                   depth, algo_names[a], r[0].value, b0, r[0].stats.evaluations,
                   r[0].stats.branching, r[0].stats.cutoffs, r[1].stats.evaluations,
                   r[1].stats.branching, r[1].stats.cutoffs, r[2].value, b2,
                   r[2].stats.evaluations, r[2].stats.branching, r[2].stats.cutoffs);
        }
    }
    printf("\n%s\n", disagree ? "DISAGREEMENT: the full-width searches differ"
                              : "agreement: all full-width searches return minimax's value, "
                                "the plain ones its move");
    return disagree ? 1 : 0;
}

static int play_mode(const int engine[2], gomoku_algo algo, int depth)
{
    konane k;
    k_init(&k);
    gomoku_game g = game_of(&k);
    char line[256], name[16];
    for (;;) {
        print_board(&k);
        int moves[MAX_MOVES];
        if (k_generate(&k, moves) == 0) {
            printf("%s has no move: %s wins.\n", k.side == BLACK ? "Black" : "White",
                   k.side == BLACK ? "white" : "black");
            return 0;
        }
        int m;
        if (engine[k.side - 1]) {
            gomoku_textbook_options o;
            gomoku_textbook_options_init(&o);
            o.depth = depth;
            gomoku_textbook_result r;
            int rc = gomoku_game_search(&r, &g, algo, &o);
            if (rc != GOMOKU_OK) {
                fprintf(stderr, "konane: search failed: %s\n", gomoku_strerror(rc));
                return 1;
            }
            m = r.best.x;
            move_name(name, m);
            printf("%s plays %s (value %d)\n", k.side == BLACK ? "Black" : "White", name, r.value);
        } else {
            printf("%s to move (e.g. d5, or b5-d5), or quit: ", k.side == BLACK ? "Black (x)"
                                                                            : "White (o)");
            fflush(stdout);
            if (!fgets(line, sizeof line, stdin) || !strncmp(line, "quit", 4)) {
                putchar('\n');
                return 0;
            }
            line[strcspn(line, " \r\n")] = '\0';
            m = parse_move(&k, line);
            if (m < 0) {
                printf("Not a legal move: %s. Legal:", line);
                int n = k_generate(&k, moves);
                for (int i = 0; i < n; i++) {
                    move_name(name, moves[i]);
                    printf(" %s", name);
                }
                putchar('\n');
                continue;
            }
        }
        k_make(&k, m);
    }
}

static int usage_to(FILE *f)
{
    fprintf(f, "usage: konane [--black human|engine] [--white human|engine] [--algo A] "
                    "[--depth D]\n"
                    "       konane --compare [--max-depth D] [--moves \"MOVES\"]\n"
                    "       konane --count \"POSITION\"\n"
                    "A: minimax | alphabeta | negamax | negamax-ab (default negamax-ab); D: 1..8\n");
    return 2;
}

static int usage(void) { return usage_to(stderr); }

/* A value error: what was wrong, then the usage; exit status 2. */
static int bad(const char *what, const char *value)
{
    fprintf(stderr, "konane: %s, not '%s'\n", what, value);
    return usage();
}

int main(int argc, char **argv)
{
    int engine[2] = {0, 1}, depth = 4, max_depth = 6, compare = 0;
    gomoku_algo algo = GOMOKU_ALGO_NEGAMAX_AB;
    const char *moves = COMPARE_MOVES;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--compare")) {
            compare = 1;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage_to(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("konane (libgomoku %s)\n", gomoku_version_string());
            return 0;
        }
        if (strcmp(a, "--count") && strcmp(a, "--black") && strcmp(a, "--white") &&
            strcmp(a, "--depth") && strcmp(a, "--max-depth") && strcmp(a, "--moves") &&
            strcmp(a, "--algo")) {
            fprintf(stderr, "konane: unknown option '%s'\n", a);
            return usage();
        }
        if (!v) {
            fprintf(stderr, "konane: %s needs a value\n", a);
            return usage();
        }
        i++;
        if (!strcmp(a, "--count"))
            return count_mode(v);
        if (!strcmp(a, "--black") || !strcmp(a, "--white")) {
            if (strcmp(v, "human") && strcmp(v, "engine"))
                return bad(a[2] == 'w' ? "--white must be human or engine"
                                       : "--black must be human or engine", v);
            engine[a[2] == 'w'] = !strcmp(v, "engine");
        } else if (!strcmp(a, "--depth") || !strcmp(a, "--max-depth")) {
            int d = atoi(v);
            if (d < 1 || d > 8)
                return bad(a[2] == 'd' ? "--depth must be 1..8" : "--max-depth must be 1..8", v);
            *(a[2] == 'd' ? &depth : &max_depth) = d;
        } else if (!strcmp(a, "--moves")) {
            moves = v;
        } else if (!strcmp(a, "--algo")) {
            int found = -1;
            for (int k = 0; k < 4; k++)
                if (!strcmp(v, algo_names[k]))
                    found = k;
            if (found < 0)
                return bad("--algo must be minimax, alphabeta, negamax or negamax-ab", v);
            algo = (gomoku_algo)found;
        }
    }
    if (compare)
        return compare_mode(max_depth, moves);
    return play_mode(engine, algo, depth);
}
