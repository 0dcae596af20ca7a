/*
 * api.c - the engine handle and the board, rule and evaluation functions of gomoku.h.
 * Every function checks its arguments before it changes anything, so a failed call
 * leaves the engine as it was.
 */
#include "internal.h"
#include "rules.h"
#include "tt.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_HASH_MB 16

const char *gomoku_strerror(int code)
{
    switch (code) {
    case GOMOKU_OK: return "success";
    case GOMOKU_EINVAL: return "invalid argument";
    case GOMOKU_ERANGE: return "coordinate or size out of range";
    case GOMOKU_EOCCUPIED: return "cell is occupied";
    case GOMOKU_EGAMEOVER: return "game is over";
    case GOMOKU_ENOMOVE: return "no move available";
    case GOMOKU_ESYNTAX: return "cannot parse move";
    case GOMOKU_ENOMEM: return "out of memory";
    case GOMOKU_ERULE: return "not available under this rule";
    case GOMOKU_EBUFFER: return "buffer too small";
    case GOMOKU_EBUSY: return "a search is running on this engine";
    case GOMOKU_EVERSION: return "unsupported options version";
    default: return "unknown error";
    }
}

int gomoku_version_number(void) { return GOMOKU_VERSION_NUMBER; }

#define STR2(x) #x
#define STR(x) STR2(x)
const char *gomoku_version_string(void)
{
    return STR(GOMOKU_VERSION_MAJOR) "." STR(GOMOKU_VERSION_MINOR) "." STR(GOMOKU_VERSION_PATCH);
}

static int valid_rule(int rule) { return rule >= GOMOKU_FREESTYLE && rule <= GOMOKU_CARO; }

static int check_new(int size, int rule)
{
    if (size < GOMOKU_MIN_SIZE || size > GOMOKU_MAX_SIZE)
        return GOMOKU_ERANGE;
    if (!valid_rule(rule))
        return GOMOKU_ERULE;
    return GOMOKU_OK;
}

/* The board keeps the fitted evaluation's sums exactly when the engine's model (under its
 * rule) is the fitted one: they cost time on every move. */
static void sync_fitted(gomoku_engine *e)
{
    int model = gomoku__eval_model(e->eval_model, e->b.rule);
    gomoku__board_set_fitted(&e->b, model == GOMOKU_EVAL_FITTED);
}

int gomoku_new(gomoku_engine **out, int size, gomoku_rule rule)
{
    if (!out)
        return GOMOKU_EINVAL;
    *out = NULL;
    int rc = check_new(size, (int)rule);
    if (rc)
        return rc;
    gomoku_engine *e = calloc(1, sizeof *e);
    if (!e)
        return GOMOKU_ENOMEM;
    gomoku__board_init(&e->b, size, (int)rule);
    sync_fitted(e);
    gomoku_default_weights(&e->weights);
    e->hash_mb = DEFAULT_HASH_MB;
    atomic_init(&e->stop, 0);
    atomic_init(&e->stop_all, 0);
    atomic_init(&e->busy, 0);
    *out = e;
    return GOMOKU_OK;
}

void gomoku_free(gomoku_engine *e)
{
    if (!e)
        return;
    gomoku__tt_free(e->tt);
    gomoku__search_mem_free(e->mem);
    free(e);
}

int gomoku__read_versioned(void *out, size_t size, const void *in, const size_t *ends,
                           unsigned current)
{
    unsigned version;
    memcpy(&version, in, sizeof version);
    if (version < 1 || version > current || ends[version] > size)
        return GOMOKU_EVERSION;
    memset(out, 0, size);
    memcpy(out, in, ends[version]);
    memcpy(out, &current, sizeof current);
    return GOMOKU_OK;
}

void gomoku__engine_clone(gomoku_engine *dst, const gomoku_engine *src)
{
    memset(dst, 0, sizeof *dst);
    memcpy(dst, src, offsetof(gomoku_engine, progress_fn));
    atomic_init(&dst->stop, 0);
    atomic_init(&dst->busy, 0);
}

int gomoku__engine_begin(gomoku_engine *e)
{
    int expected = 0;
    if (!atomic_compare_exchange_strong(&e->busy, &expected, 1))
        return GOMOKU_EBUSY;
    if (e->b.state != GOMOKU_ONGOING) {
        atomic_store(&e->busy, 0);
        return GOMOKU_EGAMEOVER;
    }
    atomic_store(&e->stop_all, 0);
    atomic_store(&e->stop, 0);
    return GOMOKU_OK;
}

void gomoku__engine_end(gomoku_engine *e)
{
    atomic_store(&e->stop_all, 0);
    atomic_store(&e->stop, 0);
    atomic_store(&e->busy, 0);
}

int gomoku_reset(gomoku_engine *e, int size, gomoku_rule rule)
{
    if (!e)
        return GOMOKU_EINVAL;
    int rc = check_new(size, (int)rule);
    if (rc)
        return rc;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    gomoku__board_init(&e->b, size, (int)rule);
    sync_fitted(e);
    gomoku__tt_clear(e->tt);
    return GOMOKU_OK;
}

int gomoku_size(const gomoku_engine *e) { return e ? e->b.size : GOMOKU_EINVAL; }
int gomoku_rule_of(const gomoku_engine *e) { return e ? e->b.rule : GOMOKU_EINVAL; }

int gomoku_play(gomoku_engine *e, int x, int y)
{
    if (!e)
        return GOMOKU_EINVAL;
    if (!board_on(&e->b, x, y))
        return GOMOKU_ERANGE;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    if (e->b.state != GOMOKU_ONGOING)
        return GOMOKU_EGAMEOVER;
    int idx = board_index(&e->b, x, y);
    if (e->b.cell[idx] != C_EMPTY)
        return GOMOKU_EOCCUPIED;
    gomoku__board_make(&e->b, idx);
    return GOMOKU_OK;
}

int gomoku_undo(gomoku_engine *e)
{
    if (!e)
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    if (e->b.nmoves == 0)
        return GOMOKU_ENOMOVE;
    gomoku__board_unmake(&e->b);
    return GOMOKU_OK;
}

int gomoku_cell(const gomoku_engine *e, int x, int y)
{
    if (!e)
        return GOMOKU_EINVAL;
    if (!board_on(&e->b, x, y))
        return GOMOKU_ERANGE;
    return e->b.cell[board_index(&e->b, x, y)];
}

int gomoku_side_to_move(const gomoku_engine *e) { return e ? e->b.side : GOMOKU_EINVAL; }
int gomoku_move_count(const gomoku_engine *e) { return e ? e->b.nmoves : GOMOKU_EINVAL; }
int gomoku_state_of(const gomoku_engine *e) { return e ? e->b.state : GOMOKU_EINVAL; }

int gomoku_moves(gomoku_point *out, int *count, const gomoku_engine *e, int capacity)
{
    if (!count || !e || capacity < 0 || (!out && capacity > 0))
        return GOMOKU_EINVAL;
    *count = e->b.nmoves;
    int n = e->b.nmoves < capacity ? e->b.nmoves : capacity;
    for (int i = 0; i < n; i++) {
        out[i].x = board_x(&e->b, e->b.moves[i]);
        out[i].y = board_y(&e->b, e->b.moves[i]);
    }
    return e->b.nmoves > capacity ? GOMOKU_EBUFFER : GOMOKU_OK;
}

int gomoku_winning_line(gomoku_point *out, int *count, const gomoku_engine *e, int capacity)
{
    if (!count || !e || capacity < 0 || (!out && capacity > 0))
        return GOMOKU_EINVAL;
    int idx[GOMOKU_MAX_SIZE];
    int n = gomoku__board_win_line(&e->b, idx, GOMOKU_MAX_SIZE);
    *count = n;
    if (n > capacity)
        return GOMOKU_EBUFFER;
    for (int i = 0; i < n; i++) {
        out[i].x = board_x(&e->b, idx[i]);
        out[i].y = board_y(&e->b, idx[i]);
    }
    return GOMOKU_OK;
}

int gomoku_forbidden(gomoku_forbid *why, const gomoku_engine *e, int x, int y)
{
    if (!why || !e)
        return GOMOKU_EINVAL;
    if (e->b.rule != GOMOKU_RENJU)
        return GOMOKU_ERULE;
    if (!board_on(&e->b, x, y))
        return GOMOKU_ERANGE;
    int idx = board_index(&e->b, x, y);
    if (e->b.cell[idx] != C_EMPTY)
        return GOMOKU_EOCCUPIED;
    /* The test needs a scratch copy of the cells: it places stones temporarily, and the
     * engine is const here (another reader may be looking at it). */
    uint8_t cells[MAX_PADDED];
    memcpy(cells, e->b.cell, (size_t)(e->b.stride * e->b.stride));
    *why = gomoku__makes_five(&e->b, idx, C_BLACK)
               ? GOMOKU_FORBID_NONE
               : (gomoku_forbid)gomoku__renju_forbidden(cells, e->b.stride, idx);
    return GOMOKU_OK;
}

uint64_t gomoku_hash(const gomoku_engine *e) { return e ? e->b.hash : 0; }

/* ---- evaluation ---- */

static int valid_weights(const gomoku_weights *w)
{
    for (int p = 0; p < GOMOKU_PAT_COUNT; p++)
        if (w->own[p] < 0 || w->own[p] > 1000000 || w->opp[p] < 0 || w->opp[p] > 1000000)
            return 0;
    for (int c = 0; c < GOMOKU_COMBO_COUNT; c++)
        if (w->combo_own[c] < 0 || w->combo_own[c] > 1000000 || w->combo_opp[c] < 0 ||
            w->combo_opp[c] > 1000000)
            return 0;
    return w->win_score >= 1 && w->win_score <= GOMOKU_SCORE_WIN_MIN - 1;
}

int gomoku_get_weights(gomoku_weights *out, const gomoku_engine *e)
{
    if (!out || !e)
        return GOMOKU_EINVAL;
    *out = e->weights;
    return GOMOKU_OK;
}

int gomoku_set_weights(gomoku_engine *e, const gomoku_weights *w)
{
    if (!e || !w || !valid_weights(w))
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    e->weights = *w;
    return GOMOKU_OK;
}

int gomoku_set_eval_model(gomoku_engine *e, gomoku_eval_model model)
{
    if (!e || (model != GOMOKU_EVAL_DEFAULT && model != GOMOKU_EVAL_WEIGHTS &&
               model != GOMOKU_EVAL_FITTED))
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    e->eval_model = (int)model;
    sync_fitted(e);
    return GOMOKU_OK;
}

int gomoku_get_eval_model(gomoku_eval_model *out, const gomoku_engine *e)
{
    if (!out || !e)
        return GOMOKU_EINVAL;
    *out = (gomoku_eval_model)gomoku__eval_model(e->eval_model, e->b.rule);
    return GOMOKU_OK;
}

int gomoku_set_eval_callback(gomoku_engine *e, gomoku_eval_fn fn, void *payload)
{
    if (!e)
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(e))
        return GOMOKU_EBUSY;
    e->eval_fn = fn;
    e->eval_payload = fn ? payload : NULL;
    return GOMOKU_OK;
}

/* The engine whose user evaluation runs on this thread, if any. A callback may call
 * gomoku_evaluate() or gomoku_eval_breakdown() on its engine; those then give the
 * built-in evaluation, where calling the callback again would recurse without end. Per
 * thread: with several search threads, callbacks run at once on copies of the engine. */
static _Thread_local const gomoku_engine *in_callback;

static int use_callback(const gomoku_engine *e) { return e->eval_fn && in_callback != e; }

static int engine_eval(const gomoku_engine *e, int model)
{
    if (use_callback(e)) {
        const gomoku_engine *outer = in_callback;
        in_callback = e;
        int v = e->eval_fn(e, e->eval_payload);
        in_callback = outer;
        /* Keep user scores out of the range reserved for forced results. */
        if (v > GOMOKU_SCORE_WIN_MIN - 1)
            v = GOMOKU_SCORE_WIN_MIN - 1;
        if (v < -(GOMOKU_SCORE_WIN_MIN - 1))
            v = -(GOMOKU_SCORE_WIN_MIN - 1);
        return v;
    }
    return gomoku__evaluate_model(&e->b, &e->weights, model);
}

int gomoku__engine_eval(const gomoku_engine *e)
{
    return engine_eval(e, gomoku__eval_model(e->eval_model, e->b.rule));
}

int gomoku__engine_eval_weights(const gomoku_engine *e)
{
    return engine_eval(e, GOMOKU_EVAL_WEIGHTS);
}

/* A finished game is scored by its result, not by its stones: the patterns of a side
 * that has already lost can look like a win for it. Black's forbidden renju move leaves
 * the winner (white) to move; a five leaves the loser to move. */
static int decided_score(const gomoku_engine *e)
{
    if (e->b.state == GOMOKU_DRAW)
        return GOMOKU_SCORE_DRAW;
    int winner = e->b.state == GOMOKU_BLACK_WINS ? GOMOKU_BLACK : GOMOKU_WHITE;
    return gomoku_side_to_move(e) == winner ? GOMOKU_SCORE_WIN : -GOMOKU_SCORE_WIN;
}

int gomoku_evaluate(int *score, const gomoku_engine *e)
{
    if (!score || !e)
        return GOMOKU_EINVAL;
    *score = e->b.state != GOMOKU_ONGOING ? decided_score(e) : gomoku__engine_eval(e);
    return GOMOKU_OK;
}

int gomoku_eval_breakdown(gomoku_eval_info *out, const gomoku_engine *e)
{
    if (!out || !e)
        return GOMOKU_EINVAL;
    gomoku__breakdown(out, &e->b, &e->weights, gomoku__eval_model(e->eval_model, e->b.rule));
    if (e->b.state != GOMOKU_ONGOING) {
        out->score = decided_score(e);
    } else if (use_callback(e)) {
        out->score = gomoku__engine_eval(e);
        out->custom = 1;
    }
    return GOMOKU_OK;
}
