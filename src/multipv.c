/*
 * multipv.c - multi-PV: the N best root moves, each with its score, depth and line.
 *
 * Done at the root only, so the search's node function does not change and a one-line
 * search is exactly the search it was: line k is a whole search of the position with the
 * best moves of lines 1..k-1 left out of the root move list. The hash table is shared, so
 * later lines start from what the earlier ones learnt. The limits are shared out evenly
 * between the lines; lines after the first run on one thread (the threat worker's proven
 * win could start with a move already reported).
 */
#include "search.h"

#include <stdlib.h>
#include <string.h>

typedef struct relay {
    gomoku_progress_fn fn;
    void *payload;
    int line;
} relay;

/* The user's progress callback, told which line the iteration belongs to. */
static void relay_progress(const gomoku_search_info *info, void *payload)
{
    const relay *r = payload;
    gomoku_search_info copy = *info;
    copy.line = r->line;
    r->fn(&copy, r->payload);
}

static int share(int total, int n) { return total > 0 ? (total / n > 0 ? total / n : 1) : 0; }

int gomoku__search_lines(gomoku_search_result *lines, int *count, gomoku_engine *e,
                         const gomoku_limits *limits, int want)
{
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.time_ms = share(limits->time_ms, want);
    l.time_left_ms = share(limits->time_left_ms, want);
    l.depth = limits->depth;
    l.nodes = limits->nodes > 0 ? (limits->nodes / want > 0 ? limits->nodes / want : 1) : 0;
    l.threads = limits->threads;
    l.multipv = 1;

    /* On the heap: the engine holds its address while the lines are searched. */
    relay *r = malloc(sizeof *r);
    if (!r)
        return GOMOKU_ENOMEM;
    r->fn = e->progress_fn;
    r->payload = e->progress_payload;
    r->line = 0;
    if (r->fn) {
        e->progress_fn = relay_progress;
        e->progress_payload = r;
    }
    gomoku_point excluded[GOMOKU_MAX_MULTIPV];
    int n = 0, rc = GOMOKU_OK;
    for (; n < want; n++) {
        r->line = n;
        if (n > 0) {
            l.threads = 1;
            /* The last line's hard time limit raised the stop flag; gomoku_stop() raises
             * stop_all as well, before it. */
            atomic_store(&e->stop, 0);
            if (atomic_load(&e->stop_all))
                break;
        }
        rc = gomoku__search_core(&lines[n], e, &l, excluded, n);
        if (rc != GOMOKU_OK)
            break;
        excluded[n] = lines[n].best;
    }
    if (r->fn) {
        e->progress_fn = r->fn;
        e->progress_payload = r->payload;
    }
    free(r);
    if (n == 0)
        return rc;
    /* Line 1 is the search's choice; the others best first (a stable sort). */
    for (int i = 2; i < n; i++) {
        gomoku_search_result t = lines[i];
        int j = i;
        for (; j > 1 && lines[j - 1].score < t.score; j--)
            lines[j] = lines[j - 1];
        lines[j] = t;
    }
    *count = n;
    return GOMOKU_OK;
}
