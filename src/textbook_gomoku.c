/*
 * textbook_gomoku.c - the engine's Gomoku position as a gomoku_game, so that the textbook
 * searches of textbook.c run on it through the same callbacks any other game would use.
 * Moves are padded board indices while searching and board x,y in the result.
 */
#include "internal.h"
#include "textbook.h"

#include <stdlib.h>
#include <string.h>

typedef struct gomoku_as_game {
    gomoku_engine *engine;
    int radius;
    uint8_t mark[MAX_PADDED]; /* scratch for generate(): near some stone */
} gomoku_as_game;

/* Empty cells within `radius` (Chebyshev) of any stone, in board order (row by row, top
 * first), so that the search and its ties are deterministic; the centre on an empty
 * board. */
static int game_generate(void *state, int *moves, int capacity)
{
    gomoku_as_game *g = state;
    const board *b = &g->engine->b;
    int r = g->radius, n = 0;
    if (b->nmoves == 0) {
        if (capacity > 0)
            moves[0] = board_index(b, b->size / 2, b->size / 2);
        return 1;
    }
    memset(g->mark, 0, sizeof g->mark);
    /* The padding is PAD >= radius wide, so the offsets below never leave the array;
     * wall cells are never empty and so never become moves. */
    for (int i = 0; i < b->nmoves; i++) {
        int idx = b->moves[i];
        for (int dy = -r; dy <= r; dy++)
            for (int dx = -r; dx <= r; dx++)
                g->mark[idx + dy * b->stride + dx] = 1;
    }
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int idx = board_index(b, x, y);
            if (g->mark[idx] && b->cell[idx] == C_EMPTY) {
                if (n < capacity)
                    moves[n] = idx;
                n++;
            }
        }
    return n;
}

static void game_make(void *state, int move)
{
    gomoku_as_game *g = state;
    gomoku__board_make(&g->engine->b, move);
}

static void game_unmake(void *state, int move)
{
    gomoku_as_game *g = state;
    (void)move;
    gomoku__board_unmake(&g->engine->b);
}

static int game_evaluate(void *state)
{
    gomoku_as_game *g = state;
    return gomoku__engine_eval_weights(g->engine);
}

/* board.c decides when the game ends: a line won by the side that just moved, a renju
 * forbidden black move (a white win), or a full board. */
static int game_terminal(void *state, int *score)
{
    const board *b = &((gomoku_as_game *)state)->engine->b;
    switch (b->state) {
    case GOMOKU_ONGOING:
        return 0;
    case GOMOKU_DRAW:
        *score = GOMOKU_SCORE_DRAW;
        return 1;
    default: {
        int winner = b->state == GOMOKU_BLACK_WINS ? C_BLACK : C_WHITE;
        *score = winner == b->side ? GOMOKU_SCORE_WIN : -GOMOKU_SCORE_WIN;
        return 1;
    }
    }
}

int gomoku_textbook_search(gomoku_textbook_result *out, gomoku_engine *engine, gomoku_algo algo,
                           const gomoku_textbook_options *options)
{
    if (!out || !engine)
        return GOMOKU_EINVAL;
    /* Every argument error is reported before EBUSY or EGAMEOVER. */
    gomoku_textbook_options o;
    const gomoku_textbook_options *opts = &o;
    int rc = gomoku__textbook_options(&o, algo, options);
    if (rc)
        return rc;
    if (opts->radius < 1 || opts->radius > 4)
        return GOMOKU_EINVAL;
    rc = gomoku__engine_begin(engine);
    if (rc)
        return rc;
    gomoku_textbook_result r;
    gomoku_as_game *adapter = malloc(sizeof *adapter);
    if (adapter) {
        adapter->engine = engine;
        adapter->radius = opts->radius;
        gomoku_game game = {adapter, game_generate, game_make, game_unmake, game_evaluate,
                            game_terminal};
        rc = gomoku_game_search(&r, &game, algo, opts);
        free(adapter);
    } else {
        rc = GOMOKU_ENOMEM;
    }
    gomoku__engine_end(engine);
    if (rc != GOMOKU_OK)
        return rc;

    const board *b = &engine->b;
    for (int i = 0; i < r.pv_length; i++) {
        int idx = r.pv[i].x;
        r.pv[i].x = board_x(b, idx);
        r.pv[i].y = board_y(b, idx);
    }
    r.best = r.pv_length > 0 ? r.pv[0] : (gomoku_point){-1, -1};
    *out = r;
    return GOMOKU_OK;
}
