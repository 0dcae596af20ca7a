/*
 * test_textbook.c - the four textbook searches: the oracles that tie them together on
 * random Gomoku positions, a small game of tic-tac-toe searched through the generic
 * gomoku_game interface, and the behaviour a user sees (wins found and preferred when
 * short, the node limit, every error path leaving the engine as it was).
 */
#include "testutil.h"

#include "internal.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------------------------- */
/* Helpers                                                                             */
/* ---------------------------------------------------------------------------------- */

static gomoku_textbook_options opts_of(int depth, int radius, int ordering, int prune)
{
    gomoku_textbook_options o;
    gomoku_textbook_options_init(&o);
    o.depth = depth;
    o.radius = radius;
    o.ordering = ordering;
    o.prune_percent = prune;
    return o;
}

static gomoku_textbook_result search_ok(gomoku_engine *e, gomoku_algo algo,
                                        const gomoku_textbook_options *o)
{
    gomoku_textbook_result r;
    uint64_t before = gomoku_hash(e);
    int moves = gomoku_move_count(e);
    assert_int_equal(gomoku_textbook_search(&r, e, algo, o), GOMOKU_OK);
    /* the position is given back exactly as it was */
    assert_true(gomoku_hash(e) == before);
    assert_int_equal(gomoku_move_count(e), moves);
    assert_true(gomoku__board_check(&e->b));
    return r;
}

static void assert_same_pv(const gomoku_textbook_result *a, const gomoku_textbook_result *b)
{
    assert_int_equal(a->pv_length, b->pv_length);
    for (int i = 0; i < a->pv_length; i++) {
        assert_int_equal(a->pv[i].x, b->pv[i].x);
        assert_int_equal(a->pv[i].y, b->pv[i].y);
    }
}

/* The PV is a playable line from the position: each move legal, the game over only
 * after its last move; and best is its first move. */
static void assert_pv_playable(gomoku_engine *e, const gomoku_textbook_result *r)
{
    assert_true(r->pv_length >= 1 && r->pv_length <= r->depth);
    assert_int_equal(r->best.x, r->pv[0].x);
    assert_int_equal(r->best.y, r->pv[0].y);
    int played = 0;
    for (int i = 0; i < r->pv_length; i++) {
        assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
        assert_int_equal(gomoku_play(e, r->pv[i].x, r->pv[i].y), GOMOKU_OK);
        played++;
    }
    /* a complete search's PV shorter than the depth must end the game */
    if (r->complete && r->pv_length < r->depth)
        assert_int_not_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    while (played--)
        assert_int_equal(gomoku_undo(e), GOMOKU_OK);
}

/* Plays a random game of `length` moves near the stones already placed (so positions
 * look like games), stopping early rather than ending the game. */
static void random_game(gomoku_engine *e, uint64_t *seed, int length)
{
    int size = gomoku_size(e);
    for (int i = 0; i < length; i++) {
        int x, y, tries = 0;
        do {
            if (gomoku_move_count(e) == 0) {
                x = size / 2 + (int)(test_rand(seed) % 3) - 1;
                y = size / 2 + (int)(test_rand(seed) % 3) - 1;
            } else {
                gomoku_point last[GOMOKU_MAX_CELLS];
                int n;
                assert_int_equal(gomoku_moves(last, &n, e, GOMOKU_MAX_CELLS), GOMOKU_OK);
                gomoku_point p = last[test_rand(seed) % (uint64_t)n];
                x = p.x + (int)(test_rand(seed) % 5) - 2;
                y = p.y + (int)(test_rand(seed) % 5) - 2;
            }
        } while ((x < 0 || y < 0 || x >= size || y >= size || gomoku_cell(e, x, y) != GOMOKU_EMPTY) &&
                 ++tries < 100);
        if (tries >= 100)
            return;
        assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
        if (gomoku_state_of(e) != GOMOKU_ONGOING) {
            assert_int_equal(gomoku_undo(e), GOMOKU_OK);
            return;
        }
    }
}

/* ---------------------------------------------------------------------------------- */
/* (a) The oracles on random positions                                                 */
/* ---------------------------------------------------------------------------------- */

typedef struct oracle_tally {
    int positions;
    int nontrivial;     /* depth >= 2 and more than one root move */
    int fewer;          /* of those, alpha-beta visited strictly fewer nodes */
    long long mm_nodes, ab_nodes, abo_nodes;
} oracle_tally;

static void check_oracles(gomoku_engine *e, int depth, int radius, oracle_tally *t)
{
    gomoku_textbook_options plain = opts_of(depth, radius, 0, 0);
    gomoku_textbook_options ordered = opts_of(depth, radius, 1, 0);
    gomoku_textbook_result mm = search_ok(e, GOMOKU_ALGO_MINIMAX, &plain);
    gomoku_textbook_result nm = search_ok(e, GOMOKU_ALGO_NEGAMAX, &plain);
    gomoku_textbook_result ab = search_ok(e, GOMOKU_ALGO_ALPHABETA, &plain);
    gomoku_textbook_result nab = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &plain);

    assert_true(mm.complete && nm.complete && ab.complete && nab.complete);
    assert_int_equal(mm.depth, depth);

    /* minimax and negamax are the same search written two ways: same tree walk */
    assert_int_equal(mm.value, nm.value);
    assert_int_equal(mm.best.x, nm.best.x);
    assert_int_equal(mm.best.y, nm.best.y);
    assert_true(mm.stats.nodes == nm.stats.nodes);
    assert_true(mm.stats.evaluations == nm.stats.evaluations);
    assert_true(mm.stats.cutoffs == 0 && nm.stats.cutoffs == 0);
    assert_same_pv(&mm, &nm);

    /* and so are the two alpha-beta variants */
    assert_int_equal(ab.value, nab.value);
    assert_int_equal(ab.best.x, nab.best.x);
    assert_int_equal(ab.best.y, nab.best.y);
    assert_true(ab.stats.nodes == nab.stats.nodes);
    assert_true(ab.stats.evaluations == nab.stats.evaluations);
    assert_true(ab.stats.cutoffs == nab.stats.cutoffs);
    assert_same_pv(&ab, &nab);

    /* alpha-beta returns the minimax value; over the same move order its first best root
     * move and the line below it are minimax's too (the PV nodes are searched with a
     * window strictly around their value) */
    assert_int_equal(ab.value, mm.value);
    assert_int_equal(ab.best.x, mm.best.x);
    assert_int_equal(ab.best.y, mm.best.y);
    assert_same_pv(&ab, &mm);
    /* it walks a subset of minimax's tree: strictly smaller exactly when a cut-off
     * skipped at least one move */
    assert_true(ab.stats.nodes <= mm.stats.nodes);
    assert_true(ab.stats.evaluations <= mm.stats.evaluations);
    assert_int_equal(ab.stats.nodes < mm.stats.nodes, ab.stats.cutoffs > 0);

    /* ordering changes the move order, never the value; over the ordered tree the four
     * agree with each other as above */
    gomoku_textbook_result mmo = search_ok(e, GOMOKU_ALGO_MINIMAX, &ordered);
    gomoku_textbook_result nmo = search_ok(e, GOMOKU_ALGO_NEGAMAX, &ordered);
    gomoku_textbook_result abo = search_ok(e, GOMOKU_ALGO_ALPHABETA, &ordered);
    gomoku_textbook_result nabo = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &ordered);
    assert_int_equal(mmo.value, mm.value);
    assert_int_equal(nmo.value, mm.value);
    assert_int_equal(abo.value, mm.value);
    assert_int_equal(nabo.value, mm.value);
    assert_true(mmo.stats.nodes == mm.stats.nodes); /* same tree, other order */
    assert_true(mmo.stats.nodes == nmo.stats.nodes);
    assert_same_pv(&mmo, &nmo);
    assert_same_pv(&abo, &mmo);
    assert_same_pv(&abo, &nabo);
    assert_true(abo.stats.nodes == nabo.stats.nodes && abo.stats.cutoffs == nabo.stats.cutoffs);
    assert_true(abo.stats.nodes <= mmo.stats.nodes);
    assert_int_equal(abo.stats.nodes < mmo.stats.nodes, abo.stats.cutoffs > 0);
    /* the best move differs from the unordered one only among moves of equal value:
     * playing it, the opponent's best reply (searched one ply shallower) gives it back */
    if (depth >= 2 && (abo.best.x != mm.best.x || abo.best.y != mm.best.y) &&
        !GOMOKU_SCORE_IS_WIN(mm.value) && !GOMOKU_SCORE_IS_LOSS(mm.value)) {
        assert_int_equal(gomoku_play(e, abo.best.x, abo.best.y), GOMOKU_OK);
        if (gomoku_state_of(e) == GOMOKU_ONGOING) {
            gomoku_textbook_options sub = opts_of(depth - 1, radius, 0, 0);
            gomoku_textbook_result reply = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &sub);
            assert_int_equal(-reply.value, mm.value);
        }
        assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    }

    assert_pv_playable(e, &mm);
    assert_pv_playable(e, &abo);

    /* forward pruning cuts the same moves from all four: they still agree among
     * themselves (though not with the full-width value) */
    int prune = 30 + (t->positions % 3) * 20;
    gomoku_textbook_options pr = opts_of(depth, radius, 0, prune);
    gomoku_textbook_result mmp = search_ok(e, GOMOKU_ALGO_MINIMAX, &pr);
    gomoku_textbook_result nmp = search_ok(e, GOMOKU_ALGO_NEGAMAX, &pr);
    gomoku_textbook_result abp = search_ok(e, GOMOKU_ALGO_ALPHABETA, &pr);
    gomoku_textbook_result nabp = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &pr);
    assert_int_equal(mmp.value, nmp.value);
    assert_true(mmp.stats.nodes == nmp.stats.nodes);
    assert_same_pv(&mmp, &nmp);
    assert_int_equal(abp.value, mmp.value);
    assert_int_equal(nabp.value, mmp.value);
    assert_same_pv(&abp, &mmp);
    assert_true(mmp.stats.nodes <= mm.stats.nodes);
    assert_true(abp.stats.nodes <= mmp.stats.nodes);

    t->positions++;
    t->mm_nodes += mm.stats.nodes;
    t->ab_nodes += ab.stats.nodes;
    t->abo_nodes += abo.stats.nodes;
    if (depth >= 2) {
        gomoku_textbook_options one = opts_of(1, radius, 0, 0);
        gomoku_textbook_result root = search_ok(e, GOMOKU_ALGO_MINIMAX, &one);
        if (root.stats.nodes > 2) {
            t->nontrivial++;
            t->fewer += ab.stats.nodes < mm.stats.nodes;
        }
    }
}

static void run_oracles(int count, int size, uint64_t seed0, int depth_fixed, oracle_tally *t)
{
    static const gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_FREESTYLE, GOMOKU_STANDARD,
                                        GOMOKU_RENJU, GOMOKU_CARO};
    uint64_t seed = seed0;
    for (int i = 0; i < count; i++) {
        gomoku_rule rule = rules[test_rand(&seed) % 5];
        gomoku_engine *e = test_engine(size, rule, NULL);
        int depth = depth_fixed ? depth_fixed : 1 + i % 3;
        /* keep the heavy cases light: fewer candidates (radius 1) and fewer stones */
        int length = depth_fixed >= 4 ? 1 + (int)(test_rand(&seed) % 2)
                     : depth == 3   ? (int)(test_rand(&seed) % 6)
                                    : (int)(test_rand(&seed) % 24);
        random_game(e, &seed, length);
        int radius = depth >= 3 ? 1 : 2;
        check_oracles(e, depth, radius, t);
        gomoku_free(e);
    }
}

static void test_oracles_hold_on_random_positions_depth_1_to_3(void **state)
{
    (void)state;
    oracle_tally t = {0};
    int n = test_quick() ? 30 : 210;
    run_oracles(n / 2, 9, 0x9e3779b97f4a7c15ULL, 0, &t);
    run_oracles(n - n / 2, 11, 0xd1b54a32d192ed03ULL, 0, &t);
    assert_int_equal(t.positions, n);
    /* alpha-beta is not guaranteed to cut in every tree (a position whose moves come in
     * increasing order of value has no cut-off), but on game positions it nearly always
     * does; a drop here means the pruning stopped working */
    assert_true(t.nontrivial > n / 2);
    assert_true(t.fewer * 10 >= t.nontrivial * 9);
    assert_true(t.ab_nodes < t.mm_nodes);
    assert_true(t.abo_nodes < t.ab_nodes);
    print_message("    %d positions, %d non-trivial, alpha-beta strictly fewer nodes on %d; "
                  "nodes minimax %lld, alpha-beta %lld, alpha-beta ordered %lld\n",
                  t.positions, t.nontrivial, t.fewer, t.mm_nodes, t.ab_nodes, t.abo_nodes);
}

static void test_oracles_hold_at_depth_4(void **state)
{
    (void)state;
    oracle_tally t = {0};
    int n = test_quick() ? 2 : 6;
    run_oracles(n, 9, 0x2545f4914f6cdd1dULL, 4, &t);
    assert_int_equal(t.positions, n);
    assert_true(t.ab_nodes < t.mm_nodes);
}

/* ---------------------------------------------------------------------------------- */
/* (b) A game that is not Gomoku: tic-tac-toe through gomoku_game                      */
/* ---------------------------------------------------------------------------------- */

typedef struct ttt {
    int cell[9]; /* 0 empty, 1 X, 2 O */
    int side;    /* 1 or 2 to move */
    int made;    /* make() calls minus unmake() calls */
    int misere;  /* 1: whoever completes a line loses (so a game can end in a win for the
                    side to move, which plain tic-tac-toe never does) */
    long long evaluations;
} ttt;

static const int ttt_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int ttt_generate(void *state, int *moves, int capacity)
{
    ttt *g = state;
    int n = 0;
    for (int i = 0; i < 9; i++)
        if (!g->cell[i]) {
            if (n < capacity)
                moves[n] = i;
            n++;
        }
    return n;
}

static void ttt_make(void *state, int move)
{
    ttt *g = state;
    assert_true(move >= 0 && move < 9 && g->cell[move] == 0);
    g->cell[move] = g->side;
    g->side = 3 - g->side;
    g->made++;
}

static void ttt_unmake(void *state, int move)
{
    ttt *g = state;
    assert_true(move >= 0 && move < 9 && g->cell[move] == 3 - g->side);
    g->cell[move] = 0;
    g->side = 3 - g->side;
    g->made--;
}

/* Lines still open for the side to move minus those open for the opponent. */
static int ttt_evaluate(void *state)
{
    ttt *g = state;
    int v = 0;
    g->evaluations++;
    for (int l = 0; l < 8; l++) {
        int mine = 0, theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = g->cell[ttt_lines[l][k]];
            mine += c == g->side;
            theirs += c == 3 - g->side;
        }
        v += (theirs == 0) - (mine == 0);
    }
    return v;
}

static int ttt_terminal(void *state, int *score)
{
    ttt *g = state;
    for (int l = 0; l < 8; l++) {
        int c = g->cell[ttt_lines[l][0]];
        if (c && c == g->cell[ttt_lines[l][1]] && c == g->cell[ttt_lines[l][2]]) {
            *score = (c == g->side) != g->misere ? GOMOKU_SCORE_WIN : -GOMOKU_SCORE_WIN;
            return 1;
        }
    }
    for (int i = 0; i < 9; i++)
        if (!g->cell[i])
            return 0;
    *score = GOMOKU_SCORE_DRAW;
    return 1;
}

static gomoku_game ttt_game(ttt *g)
{
    gomoku_game game = {g, ttt_generate, ttt_make, ttt_unmake, ttt_evaluate, ttt_terminal};
    return game;
}

static void ttt_setup(ttt *g, const char *diagram)
{
    memset(g, 0, sizeof *g);
    int stones = 0;
    for (int i = 0; i < 9; i++) {
        g->cell[i] = diagram[i] == 'X' ? 1 : diagram[i] == 'O' ? 2 : 0;
        stones += g->cell[i] != 0;
    }
    g->side = stones % 2 ? 2 : 1;
}

static gomoku_textbook_result ttt_search(ttt *g, gomoku_algo algo, int depth, int ordering)
{
    gomoku_game game = ttt_game(g);
    gomoku_textbook_options o = opts_of(depth, 2, ordering, 0);
    gomoku_textbook_result r;
    int before[9];
    memcpy(before, g->cell, sizeof before);
    assert_int_equal(gomoku_game_search(&r, &game, algo, &o), GOMOKU_OK);
    assert_int_equal(g->made, 0);
    assert_memory_equal(before, g->cell, sizeof before);
    return r;
}

static void test_tictactoe_is_a_draw_with_perfect_play(void **state)
{
    (void)state;
    ttt g;
    ttt_setup(&g, ".........");
    gomoku_textbook_result r[4];
    for (int a = 0; a < 4; a++) {
        r[a] = ttt_search(&g, (gomoku_algo)a, 9, 0);
        assert_int_equal(r[a].value, 0);
        assert_true(r[a].complete);
        assert_true(r[a].best.x >= 0 && r[a].best.x < 9 && r[a].best.y == 0);
    }
    /* the complete game tree of tic-tac-toe has 549,946 nodes (root included) */
    assert_true(r[GOMOKU_ALGO_MINIMAX].stats.nodes == 549946);
    assert_true(r[GOMOKU_ALGO_NEGAMAX].stats.nodes == 549946);
    assert_true(r[GOMOKU_ALGO_ALPHABETA].stats.nodes == r[GOMOKU_ALGO_NEGAMAX_AB].stats.nodes);
    assert_true(r[GOMOKU_ALGO_ALPHABETA].stats.nodes < 549946 / 10);
    /* every leaf of the full tree is a finished game: nothing is evaluated statically */
    assert_true(r[GOMOKU_ALGO_MINIMAX].stats.evaluations == 0);
    /* first best move in generation order: every first move draws, so the first cell */
    assert_int_equal(r[GOMOKU_ALGO_MINIMAX].best.x, 0);
    assert_int_equal(r[GOMOKU_ALGO_NEGAMAX_AB].best.x, 0);
    /* a draw is played out to the end: the PV fills the board */
    assert_int_equal(r[GOMOKU_ALGO_MINIMAX].pv_length, 9);
    assert_same_pv(&r[GOMOKU_ALGO_MINIMAX], &r[GOMOKU_ALGO_NEGAMAX]);
    assert_same_pv(&r[GOMOKU_ALGO_ALPHABETA], &r[GOMOKU_ALGO_NEGAMAX_AB]);
    /* with ordering the value stays, and alpha-beta needs fewer nodes still */
    gomoku_textbook_result o = ttt_search(&g, GOMOKU_ALGO_NEGAMAX_AB, 9, 1);
    assert_int_equal(o.value, 0);
    assert_true(o.stats.nodes < r[GOMOKU_ALGO_NEGAMAX_AB].stats.nodes);
    assert_true(o.stats.evaluations > 0);
}

static void test_tictactoe_win_in_one_is_found_and_preferred(void **state)
{
    (void)state;
    ttt g;
    /* X to move: X X . / O O . / . . . : 2 wins at once; X also wins later in other
     * ways, but the immediate win must be preferred */
    ttt_setup(&g, "XX.OO....");
    for (int a = 0; a < 4; a++)
        for (int depth = 1; depth <= 7; depth += 2) {
            gomoku_textbook_result r = ttt_search(&g, (gomoku_algo)a, depth, depth > 3);
            assert_int_equal(r.value, GOMOKU_SCORE_WIN - 1);
            assert_int_equal(r.best.x, 2);
            assert_int_equal(r.pv_length, 1);
        }
    /* O to move facing that threat with no win of its own: must block at 2; at depth 2 it
     * sees the loss if it does not, and after blocking the game is not lost */
    ttt_setup(&g, "XX..O....");
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_result r = ttt_search(&g, (gomoku_algo)a, 2, 0);
        assert_int_equal(r.best.x, 2);
        assert_false(GOMOKU_SCORE_IS_LOSS(r.value));
    }
    /* X . . / . O . / O . X, X to move: O threatens 2; X blocks there and so makes two
     * threats (1 and 5) at once: a win in 3 plies, and no faster one */
    ttt_setup(&g, "X...O.O.X");
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_result r = ttt_search(&g, (gomoku_algo)a, 5, a % 2);
        assert_int_equal(r.value, GOMOKU_SCORE_WIN - 3);
        assert_int_equal(r.best.x, 2);
        assert_int_equal(r.pv_length, 3);
    }
}

static void test_misere_tictactoe_scores_wins_reported_by_the_game_by_distance(void **state)
{
    (void)state;
    ttt g;
    /* X X . / O O X / O X O, X to move: the only move completes X's row and loses at once */
    ttt_setup(&g, "XX.OOXOXO");
    g.misere = 1;
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_result r = ttt_search(&g, (gomoku_algo)a, 3, 0);
        assert_int_equal(r.value, -(GOMOKU_SCORE_WIN - 1));
        assert_int_equal(r.pv_length, 1);
    }
    /* . . . / X O X / O X O, X to move: O is then forced to complete a line, a win for
     * X that the game reports after 2 plies (as a win for the side to move) */
    ttt_setup(&g, "...XOXOXO");
    g.misere = 1;
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_result r = ttt_search(&g, (gomoku_algo)a, 3, a % 2);
        assert_int_equal(r.value, GOMOKU_SCORE_WIN - 2);
        assert_int_equal(r.pv_length, 2);
    }
}

/* A one-move game with more moves than the search's first buffer holds: generate()
 * reports the full count, and the search must see them all. */
typedef struct wide {
    int n;
    int chosen;
} wide;

static int wide_generate(void *state, int *moves, int capacity)
{
    wide *w = state;
    for (int i = 0; i < w->n && i < capacity; i++)
        moves[i] = i;
    return w->n;
}
static void wide_make(void *state, int move) { ((wide *)state)->chosen = move; }
static void wide_unmake(void *state, int move)
{
    (void)move;
    ((wide *)state)->chosen = -1;
}
/* After the move the opponent is to move: the mover gains most at move 777. */
static int wide_evaluate(void *state)
{
    int m = ((wide *)state)->chosen;
    return m < 0 ? 0 : m == 777 ? -5000 : -(m % 100);
}
static int wide_terminal(void *state, int *score)
{
    (void)state;
    (void)score;
    return 0;
}

static void test_generic_search_sees_more_moves_than_its_first_buffer(void **state)
{
    (void)state;
    wide w = {3000, -1};
    gomoku_game game = {&w, wide_generate, wide_make, wide_unmake, wide_evaluate, wide_terminal};
    gomoku_textbook_options o = opts_of(1, 2, 0, 0);
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_result r;
        assert_int_equal(gomoku_game_search(&r, &game, (gomoku_algo)a, &o), GOMOKU_OK);
        assert_int_equal(r.best.x, 777);
        assert_int_equal(r.value, 5000);
        assert_true(r.stats.nodes == 3001);
        assert_true(r.stats.evaluations == 3000);
        assert_true(r.stats.branching == 3000.0);
    }
}

static int bad_generate(void *state, int *moves, int capacity)
{
    (void)state;
    (void)capacity;
    moves[0] = -3;
    return 1;
}
static int neg_generate(void *state, int *moves, int capacity)
{
    (void)state;
    (void)moves;
    (void)capacity;
    return -1;
}
static int none_generate(void *state, int *moves, int capacity)
{
    (void)state;
    (void)moves;
    (void)capacity;
    return 0;
}

static void test_game_search_rejects_bad_input_with_documented_codes(void **state)
{
    (void)state;
    ttt g;
    ttt_setup(&g, "X...O....");
    gomoku_game game = ttt_game(&g);
    gomoku_textbook_options o = opts_of(2, 2, 1, 0);
    gomoku_textbook_result r;
    memset(&r, 0x5a, sizeof r);
    gomoku_textbook_result untouched = r;

    assert_int_equal(gomoku_game_search(NULL, &game, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_game_search(&r, NULL, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_game_search(&r, &game, (gomoku_algo)-1, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_game_search(&r, &game, (gomoku_algo)4, &o), GOMOKU_EINVAL);
    gomoku_game missing = game;
    missing.terminal = NULL;
    assert_int_equal(gomoku_game_search(&r, &missing, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    missing = game;
    missing.evaluate = NULL;
    assert_int_equal(gomoku_game_search(&r, &missing, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);

    gomoku_textbook_options bad = o;
    bad.version = 0;
    assert_int_equal(gomoku_game_search(&r, &game, GOMOKU_ALGO_MINIMAX, &bad), GOMOKU_EVERSION);
    bad.version = GOMOKU_TEXTBOOK_OPTIONS_VERSION + 1;
    assert_int_equal(gomoku_game_search(&r, &game, GOMOKU_ALGO_MINIMAX, &bad), GOMOKU_EVERSION);
    const struct {
        int depth, prune;
        long long limit;
    } invalid[] = {{0, 0, 0}, {GOMOKU_MAX_PV + 1, 0, 0}, {-2, 0, 0}, {2, -1, 0}, {2, 91, 0}, {2, 0, -1}};
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        bad = o;
        bad.depth = invalid[i].depth;
        bad.prune_percent = invalid[i].prune;
        bad.node_limit = invalid[i].limit;
        assert_int_equal(gomoku_game_search(&r, &game, GOMOKU_ALGO_NEGAMAX_AB, &bad), GOMOKU_EINVAL);
    }
    /* the radius means nothing to a generic game and is not checked */
    bad = o;
    bad.radius = 99;
    assert_int_equal(gomoku_game_search(&r, &game, GOMOKU_ALGO_NEGAMAX_AB, &bad), GOMOKU_OK);
    memset(&r, 0x5a, sizeof r);

    /* a finished game, or one without moves, has nothing to search */
    ttt done;
    ttt_setup(&done, "XXXOO....");
    gomoku_game over = ttt_game(&done);
    assert_int_equal(gomoku_game_search(&r, &over, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_ENOMOVE);
    gomoku_game nomove = game;
    nomove.generate = none_generate;
    assert_int_equal(gomoku_game_search(&r, &nomove, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_ENOMOVE);
    /* callbacks breaking their contract are reported, not followed */
    gomoku_game broken = game;
    broken.generate = bad_generate;
    assert_int_equal(gomoku_game_search(&r, &broken, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    broken.generate = neg_generate;
    assert_int_equal(gomoku_game_search(&r, &broken, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    /* failures write nothing */
    assert_memory_equal(&r, &untouched, sizeof r);
    assert_int_equal(g.made, 0);

    /* NULL options are the defaults */
    assert_int_equal(gomoku_game_search(&r, &game, GOMOKU_ALGO_MINIMAX, NULL), GOMOKU_OK);
    assert_int_equal(r.depth, 2);
}

/* ---------------------------------------------------------------------------------- */
/* (c) Behaviour on Gomoku                                                             */
/* ---------------------------------------------------------------------------------- */

static void test_options_init_gives_the_documented_defaults(void **state)
{
    (void)state;
    gomoku_textbook_options o;
    memset(&o, 0x77, sizeof o);
    gomoku_textbook_options_init(&o);
    assert_int_equal(o.version, GOMOKU_TEXTBOOK_OPTIONS_VERSION);
    assert_int_equal(o.depth, 2);
    assert_int_equal(o.radius, 2);
    assert_int_equal(o.ordering, 1);
    assert_int_equal(o.prune_percent, 0);
    assert_true(o.node_limit == 0);
    gomoku_textbook_options_init(NULL);
}

static void test_empty_board_searches_the_centre(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, NULL);
    gomoku_textbook_result r;
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_NEGAMAX_AB, NULL), GOMOKU_OK);
    assert_int_equal(r.best.x, 7);
    assert_int_equal(r.best.y, 7);
    assert_int_equal(r.depth, 2);
    assert_int_equal(r.pv_length, 2);
    assert_int_equal(gomoku_move_count(e), 0);
    gomoku_free(e);
}

static void test_five_in_one_is_found_and_scored_win_minus_one(void **state)
{
    (void)state;
    /* black h8 i8 j8 k8 (a four, blocked on the left by white g8), white elsewhere;
     * black to move: l8 makes five */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 g8 i8 h9 j8 h10 k8 i10");
    for (int a = 0; a < 4; a++)
        for (int depth = 1; depth <= 3; depth++) {
            gomoku_textbook_options o = opts_of(depth, 2, depth != 2, 0);
            gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
            assert_int_equal(r.value, GOMOKU_SCORE_WIN - 1);
            assert_int_equal(r.best.x, 11); /* l */
            assert_int_equal(r.best.y, 7);  /* 8 from the bottom of 15 */
            assert_int_equal(r.pv_length, 1);
        }
    gomoku_free(e);
}

static void test_shorter_wins_are_preferred(void **state)
{
    (void)state;
    /* black: an open three h8 i8 j8 (g8 or k8 wins in 3 plies) and a four c3..c6 blocked
     * at c7 (c2 wins now); white's other stones are far away. Black to move. */
    const char *both = "h8 c7 i8 o15 j8 o1 c3 a15 c4 n14 c5 n2 c6 a1";
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, both);
    for (int a = 0; a < 4; a++)
        for (int depth = 3; depth <= 4; depth++) {
            /* radius 1 keeps the full-width searches small; every winning move is
             * next to a stone */
            gomoku_textbook_options o = opts_of(depth, 1, a % 2, 0);
            if (depth == 4 && (a == GOMOKU_ALGO_MINIMAX || a == GOMOKU_ALGO_NEGAMAX))
                continue; /* full width at depth 4 on 15x15 is slow, and adds nothing */
            gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
            assert_int_equal(r.value, GOMOKU_SCORE_WIN - 1);
            assert_int_equal(r.best.x, 2);
            assert_int_equal(r.best.y, 13); /* c2 */
            assert_int_equal(r.pv_length, 1);
        }
    gomoku_free(e);
    /* the open three alone: a win, but in 3 plies */
    e = test_engine(15, GOMOKU_FREESTYLE, "h8 a1 i8 o15 j8 a15");
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_options o = opts_of(3, 1, a % 2, 0);
        gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(r.value, GOMOKU_SCORE_WIN - 3);
        assert_true((r.best.x == 6 || r.best.x == 10) && r.best.y == 7); /* g8 or k8 */
        assert_int_equal(r.pv_length, 3);
        assert_pv_playable(e, &r);
    }
    gomoku_free(e);
}

static void test_forced_loss_is_seen_and_the_four_is_blocked(void **state)
{
    (void)state;
    /* black has an open four g8..j8 (f8 and k8 both make five): white loses in 2 */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "g8 a1 h8 a3 i8 a5 j8");
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_options o = opts_of(2, 2, 1, 0);
        gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(r.value, -(GOMOKU_SCORE_WIN - 2));
    }
    gomoku_free(e);
    /* a closed four (f8 blocked): white must take k8, and after it is not lost */
    e = test_engine(15, GOMOKU_FREESTYLE, "g8 f8 h8 a3 i8 a5 j8");
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_options o = opts_of(2, 2, a < 2, 0);
        gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(r.best.x, 10);
        assert_int_equal(r.best.y, 7);
        assert_false(GOMOKU_SCORE_IS_LOSS(r.value));
    }
    gomoku_free(e);
}

static void test_overline_wins_only_in_freestyle_and_loses_for_black_in_renju(void **state)
{
    (void)state;
    /* black c8 d8 e8 . g8 h8 and white f4 f5 f6 f7 (f3 black): f8 is white's five, and for
     * black a six in a row. Black to move. */
    const char *moves = "c8 f4 d8 f5 e8 f6 g8 f7 f3 a1 h8 o15";
    for (int a = 0; a < 4; a++) {
        gomoku_textbook_options o = opts_of(2, 1, a % 2, 0);
        /* freestyle: the six wins at once */
        gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, moves);
        gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(r.value, GOMOKU_SCORE_WIN - 1);
        assert_int_equal(r.best.x, 5);
        assert_int_equal(r.best.y, 7);
        gomoku_free(e);
        /* standard: the six does not win, but it is the only move that stops white */
        e = test_engine(15, GOMOKU_STANDARD, moves);
        r = search_ok(e, (gomoku_algo)a, &o);
        assert_false(GOMOKU_SCORE_IS_WIN(r.value) || GOMOKU_SCORE_IS_LOSS(r.value));
        assert_int_equal(r.best.x, 5);
        assert_int_equal(r.best.y, 7);
        gomoku_free(e);
        /* renju: the six is forbidden for black and loses at once; every other move loses
         * a ply later, so the search picks one of those and sees the loss */
        e = test_engine(15, GOMOKU_RENJU, moves);
        r = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(r.value, -(GOMOKU_SCORE_WIN - 2));
        assert_false(r.best.x == 5 && r.best.y == 7);
        assert_int_equal(r.pv_length, 2);
        assert_int_equal(r.pv[1].x, 5);
        assert_int_equal(r.pv[1].y, 7);
        gomoku_free(e);
    }
}

static void test_node_limit_stops_the_search_and_keeps_a_move(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8 h9 i8 j7");
    for (int a = 0; a < 4; a++) {
        long long limits[] = {1, 2, 50, 500};
        for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
            gomoku_textbook_options o = opts_of(3, 2, a % 2, 0);
            o.node_limit = limits[i];
            gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
            assert_int_equal(r.complete, 0);
            assert_true(r.stats.nodes <= limits[i]);
            assert_true(r.pv_length >= 1);
            assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
            assert_pv_playable(e, &r);
        }
        /* a limit the search stays under changes nothing */
        gomoku_textbook_options o = opts_of(2, 2, 1, 0);
        gomoku_textbook_result full = search_ok(e, (gomoku_algo)a, &o);
        o.node_limit = full.stats.nodes;
        gomoku_textbook_result limited = search_ok(e, (gomoku_algo)a, &o);
        assert_int_equal(limited.complete, 1);
        assert_int_equal(limited.value, full.value);
        assert_true(limited.stats.nodes == full.stats.nodes);
        assert_same_pv(&limited, &full);
    }
    gomoku_free(e);
}

static void test_forward_pruning_drops_the_worst_share_of_moves(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8 h9 i8 j7");
    gomoku_textbook_options full = opts_of(1, 2, 0, 0);
    gomoku_textbook_result all = search_ok(e, GOMOKU_ALGO_MINIMAX, &full);
    long long n = all.stats.nodes - 1; /* root moves */
    assert_true(n > 10);
    for (int pct = 10; pct <= 90; pct += 20) {
        gomoku_textbook_options o = opts_of(1, 2, 0, pct);
        for (int a = 0; a < 4; a++) {
            gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
            long long keep = n - n * pct / 100;
            assert_true(r.stats.nodes == 1 + keep);
            /* the moves dropped are the worst by the static value, which at depth 1 is
             * the value itself: the best one is always kept */
            assert_int_equal(r.value, all.value);
            assert_int_equal(r.best.x, all.best.x);
            assert_int_equal(r.best.y, all.best.y);
        }
    }
    /* deeper, pruning at every node shrinks the tree by far more than at the root */
    gomoku_textbook_options d2 = opts_of(2, 2, 0, 0);
    gomoku_textbook_result wide = search_ok(e, GOMOKU_ALGO_NEGAMAX, &d2);
    d2.prune_percent = 50;
    gomoku_textbook_result narrow = search_ok(e, GOMOKU_ALGO_NEGAMAX, &d2);
    assert_true(narrow.stats.nodes * 3 < wide.stats.nodes);
    gomoku_free(e);
}

typedef struct counting_eval {
    long long calls;
} counting_eval;

static int count_eval(const gomoku_engine *engine, void *payload)
{
    ((counting_eval *)payload)->calls++;
    /* prefers having stones near the centre: a quiet evaluation with a clear order */
    gomoku_point mv[GOMOKU_MAX_CELLS];
    int n = 0, v = 0;
    gomoku_moves(mv, &n, engine, GOMOKU_MAX_CELLS);
    for (int i = 0; i < n; i++) {
        int d = abs(mv[i].x - 7) + abs(mv[i].y - 7);
        v += (i % 2 == n % 2 ? 1 : -1) * (14 - d);
    }
    return v;
}

static void test_user_evaluation_is_used_and_counted(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9");
    counting_eval ce = {0};
    assert_int_equal(gomoku_set_eval_callback(e, count_eval, &ce), GOMOKU_OK);
    for (int a = 0; a < 4; a++) {
        ce.calls = 0;
        gomoku_textbook_options o = opts_of(3, 1, a % 2, 0);
        gomoku_textbook_result r = search_ok(e, (gomoku_algo)a, &o);
        assert_true(r.stats.evaluations == ce.calls);
        assert_true(ce.calls > 0);
        assert_true(r.stats.branching > 1.0);
    }
    gomoku_free(e);
}

/* A misbehaving evaluation that tries to play a move in the middle of the search. */
static int meddling_eval(const gomoku_engine *engine, void *payload)
{
    int *rc = payload;
    *rc = gomoku_play((gomoku_engine *)engine, 0, 0);
    return 0;
}

static void test_engine_is_busy_while_the_search_runs(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9");
    int rc = 12345;
    assert_int_equal(gomoku_set_eval_callback(e, meddling_eval, &rc), GOMOKU_OK);
    gomoku_textbook_options o = opts_of(2, 1, 1, 0);
    search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &o);
    assert_int_equal(rc, GOMOKU_EBUSY);
    assert_int_equal(gomoku_cell(e, 0, 0), GOMOKU_EMPTY);
    /* and free again afterwards */
    assert_int_equal(gomoku_set_eval_callback(e, NULL, NULL), GOMOKU_OK);
    assert_int_equal(gomoku_play(e, 0, 0), GOMOKU_OK);
    gomoku_free(e);
}

static void test_textbook_search_errors_leave_the_engine_usable(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8");
    uint64_t hash = gomoku_hash(e);
    gomoku_textbook_options o = opts_of(2, 2, 1, 0);
    gomoku_textbook_result r;
    memset(&r, 0x5a, sizeof r);
    gomoku_textbook_result untouched = r;

    assert_int_equal(gomoku_textbook_search(NULL, e, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_textbook_search(&r, NULL, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_textbook_search(&r, e, (gomoku_algo)-1, &o), GOMOKU_EINVAL);
    assert_int_equal(gomoku_textbook_search(&r, e, (gomoku_algo)4, &o), GOMOKU_EINVAL);
    gomoku_textbook_options bad = o;
    bad.version = 0;
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_MINIMAX, &bad), GOMOKU_EVERSION);
    bad.version = 7;
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_MINIMAX, &bad), GOMOKU_EVERSION);
    const struct {
        int depth, radius, prune;
        long long limit;
    } invalid[] = {{0, 2, 0, 0},  {GOMOKU_MAX_PV + 1, 2, 0, 0}, {2, 0, 0, 0}, {2, 5, 0, 0},
                   {2, -1, 0, 0}, {2, 2, -1, 0},                {2, 2, 91, 0}, {2, 2, 0, -5}};
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        bad = o;
        bad.depth = invalid[i].depth;
        bad.radius = invalid[i].radius;
        bad.prune_percent = invalid[i].prune;
        bad.node_limit = invalid[i].limit;
        assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_NEGAMAX_AB, &bad), GOMOKU_EINVAL);
    }
    /* a search already running on the engine */
    atomic_store(&e->busy, 1);
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_NEGAMAX_AB, &o), GOMOKU_EBUSY);
    assert_int_equal(atomic_load(&e->busy), 1); /* not ours to clear */
    atomic_store(&e->busy, 0);
    assert_memory_equal(&r, &untouched, sizeof r);
    assert_true(gomoku_hash(e) == hash);
    assert_int_equal(atomic_load(&e->busy), 0);

    /* still usable: a search, then a move, then a search */
    r = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &o);
    assert_int_equal(gomoku_play(e, r.best.x, r.best.y), GOMOKU_OK);
    r = search_ok(e, GOMOKU_ALGO_MINIMAX, NULL);
    assert_int_equal(atomic_load(&e->busy), 0);
    gomoku_free(e);

    /* a finished game */
    e = test_engine(15, GOMOKU_FREESTYLE, "h8 a1 i8 a2 j8 a3 k8 a4 l8");
    assert_int_equal(gomoku_state_of(e), GOMOKU_BLACK_WINS);
    hash = gomoku_hash(e);
    memset(&r, 0x5a, sizeof r);
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_MINIMAX, &o), GOMOKU_EGAMEOVER);
    assert_memory_equal(&r, &untouched, sizeof r);
    assert_true(gomoku_hash(e) == hash);
    assert_int_equal(atomic_load(&e->busy), 0);
    assert_int_equal(gomoku_undo(e), GOMOKU_OK);
    r = search_ok(e, GOMOKU_ALGO_NEGAMAX, &o);
    assert_int_equal(r.value, GOMOKU_SCORE_WIN - 1);
    gomoku_free(e);
}

static void test_results_use_board_coordinates_on_every_size(void **state)
{
    (void)state;
    int sizes[] = {5, 9, 19, 32};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int s = sizes[i];
        gomoku_engine *e = test_engine(s, GOMOKU_STANDARD, NULL);
        assert_int_equal(gomoku_play(e, s - 1, 0), GOMOKU_OK); /* a corner */
        gomoku_textbook_options o = opts_of(2, 1, 1, 0);
        gomoku_textbook_result r = search_ok(e, GOMOKU_ALGO_ALPHABETA, &o);
        /* radius 1 around the corner: three cells */
        assert_true(r.best.x >= s - 2 && r.best.x <= s - 1 && r.best.y >= 0 && r.best.y <= 1);
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
        gomoku_textbook_options one = opts_of(1, 1, 0, 0);
        r = search_ok(e, GOMOKU_ALGO_MINIMAX, &one);
        assert_true(r.stats.nodes == 4);
        assert_pv_playable(e, &r);
        gomoku_free(e);
    }
}

static void test_small_board_can_be_searched_to_the_end(void **state)
{
    (void)state;
    /* 5x5 with 21 stones and no five: 4 empty cells; a depth-4 search reaches the end
     * of the game on every line (a draw unless someone completes a five) */
    gomoku_engine *e = test_engine(5, GOMOKU_FREESTYLE,
                                   "0,0 1,0 2,0 3,0 4,1 4,0 0,1 1,1 2,1 3,1 1,2 0,2 "
                                   "3,2 2,2 0,3 4,2 2,3 1,3 4,3 3,3 0,4");
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    assert_int_equal(gomoku_move_count(e), 21);
    gomoku_textbook_options o = opts_of(GOMOKU_MAX_PV, 4, 1, 0);
    gomoku_textbook_result mm = search_ok(e, GOMOKU_ALGO_MINIMAX, &o);
    gomoku_textbook_result ab = search_ok(e, GOMOKU_ALGO_NEGAMAX_AB, &o);
    assert_int_equal(mm.value, ab.value);
    assert_true(mm.value == 0 || GOMOKU_SCORE_IS_WIN(mm.value) || GOMOKU_SCORE_IS_LOSS(mm.value));
    /* only finished games at the leaves: nothing evaluated except for ordering */
    assert_true(mm.stats.nodes <= 1 + 4 + 12 + 24 + 24);
    assert_pv_playable(e, &mm);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_init_gives_the_documented_defaults),
        cmocka_unit_test(test_oracles_hold_on_random_positions_depth_1_to_3),
        cmocka_unit_test(test_oracles_hold_at_depth_4),
        cmocka_unit_test(test_tictactoe_is_a_draw_with_perfect_play),
        cmocka_unit_test(test_tictactoe_win_in_one_is_found_and_preferred),
        cmocka_unit_test(test_misere_tictactoe_scores_wins_reported_by_the_game_by_distance),
        cmocka_unit_test(test_generic_search_sees_more_moves_than_its_first_buffer),
        cmocka_unit_test(test_game_search_rejects_bad_input_with_documented_codes),
        cmocka_unit_test(test_empty_board_searches_the_centre),
        cmocka_unit_test(test_five_in_one_is_found_and_scored_win_minus_one),
        cmocka_unit_test(test_shorter_wins_are_preferred),
        cmocka_unit_test(test_forced_loss_is_seen_and_the_four_is_blocked),
        cmocka_unit_test(test_overline_wins_only_in_freestyle_and_loses_for_black_in_renju),
        cmocka_unit_test(test_node_limit_stops_the_search_and_keeps_a_move),
        cmocka_unit_test(test_forward_pruning_drops_the_worst_share_of_moves),
        cmocka_unit_test(test_user_evaluation_is_used_and_counted),
        cmocka_unit_test(test_engine_is_busy_while_the_search_runs),
        cmocka_unit_test(test_textbook_search_errors_leave_the_engine_usable),
        cmocka_unit_test(test_results_use_board_coordinates_on_every_size),
        cmocka_unit_test(test_small_board_can_be_searched_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
