/*
 * searchapi.c - the strong search's public entry points: its settings, the caller's
 * limits of any version read and checked, the engine taken for the call, and one line
 * (search.c) or several (multipv.c).
 */
#include "search.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64

void gomoku_limits_init(gomoku_limits *limits)
{
    if (!limits)
        return;
    memset(limits, 0, sizeof *limits);
    limits->version = GOMOKU_LIMITS_VERSION;
    limits->depth = 12;
    limits->threads = 1;
    limits->multipv = 1;
}

void gomoku_stop(gomoku_engine *engine)
{
    if (engine) {
        atomic_store(&engine->stop_all, 1);
        atomic_store(&engine->stop, 1);
    }
}

int gomoku_set_progress_callback(gomoku_engine *engine, gomoku_progress_fn fn, void *payload)
{
    if (!engine)
        return GOMOKU_EINVAL;
    if (gomoku__engine_busy(engine))
        return GOMOKU_EBUSY;
    engine->progress_fn = fn;
    engine->progress_payload = fn ? payload : NULL;
    return GOMOKU_OK;
}

/* Where each version of gomoku_limits ended: a caller built against an older header
 * passes its shorter struct, of which only that version's fields are read. A field added
 * to gomoku_limits raises GOMOKU_LIMITS_VERSION and gets its entry here. */
static const size_t limits_end[GOMOKU_LIMITS_VERSION + 1] = {
    [1] = offsetof(gomoku_limits, threads) + sizeof(int),
    [2] = offsetof(gomoku_limits, multipv) + sizeof(int),
};

/* Reads the caller's limits of any version into *l and checks them; *multipv gets the
 * number of lines asked for (a version-1 struct has no multipv: 1). */
static int check_limits(gomoku_limits *l, const gomoku_limits *limits, int *multipv)
{
    int rc = gomoku__read_versioned(l, sizeof *l, limits, limits_end, GOMOKU_LIMITS_VERSION);
    if (rc)
        return rc;
    if (l->time_ms < 0 || l->time_left_ms < 0 || l->depth < 0 || l->nodes < 0 ||
        l->threads < 0 || l->threads > MAX_THREADS || l->multipv < 0 ||
        l->multipv > GOMOKU_MAX_MULTIPV)
        return GOMOKU_EINVAL;
    *multipv = l->multipv == 0 ? 1 : l->multipv;
    return GOMOKU_OK;
}

/* gomoku_search() and gomoku_search_lines(): one search, or lines (a NULL lines asks for
 * the first line only, into out, with the nodes and time of them all). */
static int run(gomoku_search_result *out, gomoku_search_result *lines, int *count,
               gomoku_engine *engine, const gomoku_limits *limits, int multipv)
{
    int rc = gomoku__engine_begin(engine);
    if (rc)
        return rc;
    if (multipv == 1) {
        rc = gomoku__search_core(lines ? lines : out, engine, limits, NULL, 0);
        if (lines && rc == GOMOKU_OK)
            *count = 1;
    } else if (lines) {
        rc = gomoku__search_lines(lines, count, engine, limits, multipv);
    } else {
        double start = gomoku__now_ms();
        gomoku_search_result *tmp = malloc((size_t)multipv * sizeof *tmp);
        int n = 0;
        rc = tmp ? gomoku__search_lines(tmp, &n, engine, limits, multipv) : GOMOKU_ENOMEM;
        if (rc == GOMOKU_OK) {
            *out = tmp[0];
            for (int i = 1; i < n; i++)
                out->nodes += tmp[i].nodes;
            out->time_ms = gomoku__now_ms() - start;
        }
        free(tmp);
    }
    gomoku__engine_end(engine);
    return rc;
}

int gomoku_search(gomoku_search_result *out, gomoku_engine *engine, const gomoku_limits *limits)
{
    if (!out || !engine || !limits)
        return GOMOKU_EINVAL;
    gomoku_limits l;
    int multipv, rc = check_limits(&l, limits, &multipv);
    if (rc != GOMOKU_OK)
        return rc;
    return run(out, NULL, NULL, engine, &l, multipv);
}

int gomoku_search_lines(gomoku_search_result *lines, int *count, gomoku_engine *engine,
                        const gomoku_limits *limits, int capacity)
{
    if (!lines || !count || !engine || !limits || capacity < 0)
        return GOMOKU_EINVAL;
    gomoku_limits l;
    int multipv, rc = check_limits(&l, limits, &multipv);
    if (rc != GOMOKU_OK)
        return rc;
    if (capacity < multipv)
        return GOMOKU_EBUFFER;
    return run(NULL, lines, count, engine, &l, multipv);
}
