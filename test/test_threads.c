/* test_threads.c - engines searching side by side in threads, stopped from another thread.
 *
 * Eight engines search in eight threads at once (each with 1, 2 or 4 search threads of its
 * own, so the threat worker and the Lazy SMP helpers run too), while a ninth thread calls
 * gomoku_stop() on one of them at random moments. Every search must return a legal move,
 * which is then played, so the games move into the middle game; a game that ends or grows
 * long starts again. Progress callbacks run on every engine.
 *
 * `make test` runs it for a second; `make tsan` builds it with ThreadSanitizer and runs it
 * for GOMOKU_STRESS_MS milliseconds, where any data race is a failure. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep under -std=c11 */
#include "testutil.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define ENGINES 8

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void sleep_us(long us)
{
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

/* How long the stress runs: GOMOKU_STRESS_MS, else 1 s (300 ms under valgrind). */
static double stress_ms(void)
{
    const char *s = getenv("GOMOKU_STRESS_MS");
    if (s && *s)
        return atof(s);
    return test_quick() ? 300 : 1000;
}

typedef struct worker {
    int id;
    gomoku_engine *e;
    gomoku_rule rule;
    int threads;            /* search threads inside this engine */
    double until;           /* wall_ms() time to finish at */
    const atomic_long *stops; /* the stopper's count: searching goes on until it is > 0 */
    uint64_t rng;
    /* What the thread saw; read by the test after the join. */
    int searches;
    int illegal;            /* searches that returned a move that could not be played */
    int errors;             /* searches that returned an error */
    int bad_progress;       /* progress reports with an impossible depth or PV */
    atomic_int progress;    /* progress reports (written by the searching thread) */
    char what[160];         /* first failure, for the message */
} worker;

static void on_progress(const gomoku_search_info *info, void *payload)
{
    worker *w = payload;
    atomic_fetch_add(&w->progress, 1);
    if (info->depth < 0 || info->pv_length < 0 || info->pv_length > GOMOKU_MAX_PV ||
        info->nodes < 0)
        w->bad_progress++;
}

static const char *const openings[] = {
    "7,7 8,8 8,6", "7,7 7,8 9,7 8,6", "7,7 6,8 8,8 8,6 9,7", "6,6 7,7 8,6 7,6",
};

static void note_failure(worker *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!w->what[0])
        vsnprintf(w->what, sizeof w->what, fmt, ap);
    va_end(ap);
}

/* cmocka's asserts belong to the test's own thread: here failures are only counted. */
static void start_game(worker *w)
{
    const char *o = openings[test_rand(&w->rng) % (sizeof openings / sizeof openings[0])];
    int rc = gomoku_reset(w->e, 15, w->rule);
    if (rc == GOMOKU_OK)
        rc = gomoku_play_moves(w->e, o);
    if (rc != GOMOKU_OK) {
        w->errors++;
        note_failure(w, "engine %d: new game failed with %d", w->id, rc);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    start_game(w);
    /* At least one search each, however late the thread got a core (valgrind runs one
     * thread at a time). */
    do {
        gomoku_limits l;
        gomoku_limits_init(&l);
        l.threads = w->threads;
        l.depth = 0;
        /* Mostly short clocks, sometimes a node limit or a game clock, so that each way a
         * search ends meets a stop from the other thread. */
        switch (test_rand(&w->rng) % 4) {
        case 0: l.nodes = 2000 + (long long)(test_rand(&w->rng) % 20000); break;
        case 1: l.time_left_ms = 200 + (int)(test_rand(&w->rng) % 2000); break;
        default: l.time_ms = 5 + (int)(test_rand(&w->rng) % 40); break;
        }
        gomoku_search_result r;
        int rc = gomoku_search(&r, w->e, &l);
        w->searches++;
        if (rc != GOMOKU_OK) {
            w->errors++;
            note_failure(w, "engine %d: search returned %d at move %d", w->id, rc, gomoku_move_count(w->e));
            start_game(w);
            continue;
        }
        int cell = gomoku_cell(w->e, r.best.x, r.best.y);
        gomoku_forbid why = GOMOKU_FORBID_NONE;
        if (w->rule == GOMOKU_RENJU && gomoku_side_to_move(w->e) == GOMOKU_BLACK && cell == GOMOKU_EMPTY)
            gomoku_forbidden(&why, w->e, r.best.x, r.best.y);
        if (cell != GOMOKU_EMPTY || why != GOMOKU_FORBID_NONE ||
            gomoku_play(w->e, r.best.x, r.best.y) != GOMOKU_OK) {
            w->illegal++;
            note_failure(w, "engine %d: illegal move %d,%d", w->id, r.best.x, r.best.y);
            start_game(w);
            continue;
        }
        if (gomoku_state_of(w->e) != GOMOKU_ONGOING || gomoku_move_count(w->e) > 60)
            start_game(w);
    } while (wall_ms() < w->until || atomic_load(w->stops) == 0);
    return NULL;
}

typedef struct stopper {
    gomoku_engine **engines;
    double until;
    uint64_t rng;
    atomic_long stops;
    atomic_int done;        /* set when every engine has finished */
} stopper;

static void *stopper_main(void *arg)
{
    stopper *s = arg;
    /* Under valgrind, which runs one thread at a time, this thread may first run after
     * `until`: the engines then search on until it has stopped one of them. */
    while ((wall_ms() < s->until || atomic_load(&s->stops) == 0) && !atomic_load(&s->done)) {
        gomoku_stop(s->engines[test_rand(&s->rng) % ENGINES]);
        atomic_fetch_add(&s->stops, 1);
        sleep_us((long)(test_rand(&s->rng) % 3000));
    }
    return NULL;
}

static void test_engines_in_threads_stopped_at_random_return_legal_moves(void **state)
{
    (void)state;
    static const gomoku_rule rules[] = {GOMOKU_FREESTYLE, GOMOKU_STANDARD, GOMOKU_RENJU, GOMOKU_CARO};
    static const int threads[] = {1, 2, 4};
    worker w[ENGINES];
    gomoku_engine *engines[ENGINES];
    pthread_t th[ENGINES], sth;
    double until = wall_ms() + stress_ms();
    memset(w, 0, sizeof w);
    for (int i = 0; i < ENGINES; i++) {
        w[i].id = i;
        w[i].rule = rules[i % 4];
        w[i].threads = threads[i % 3];
        w[i].until = until;
        w[i].rng = 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1);
        atomic_init(&w[i].progress, 0);
        assert_int_equal(gomoku_new(&w[i].e, 15, w[i].rule), GOMOKU_OK);
        assert_int_equal(gomoku_set_hash_size(w[i].e, 1 + i % 3), GOMOKU_OK);
        assert_int_equal(gomoku_set_progress_callback(w[i].e, on_progress, &w[i]), GOMOKU_OK);
        engines[i] = w[i].e;
    }
    stopper s = {engines, until, 12345, 0, 0};
    for (int i = 0; i < ENGINES; i++)
        w[i].stops = &s.stops;
    for (int i = 0; i < ENGINES; i++)
        assert_int_equal(pthread_create(&th[i], NULL, worker_main, &w[i]), 0);
    assert_int_equal(pthread_create(&sth, NULL, stopper_main, &s), 0);
    for (int i = 0; i < ENGINES; i++)
        assert_int_equal(pthread_join(th[i], NULL), 0);
    atomic_store(&s.done, 1);
    assert_int_equal(pthread_join(sth, NULL), 0);

    int searches = 0, progress = 0;
    for (int i = 0; i < ENGINES; i++) {
        if (w[i].what[0])
            fprintf(stderr, "%s\n", w[i].what);
        assert_int_equal(w[i].errors, 0);
        assert_int_equal(w[i].illegal, 0);
        assert_int_equal(w[i].bad_progress, 0);
        /* Every engine got to search, whatever the scheduler did. */
        assert_true(w[i].searches > 0);
        searches += w[i].searches;
        progress += atomic_load(&w[i].progress);
        gomoku_free(w[i].e);
    }
    assert_true(atomic_load(&s.stops) > 0);
    assert_true(progress > 0);
    fprintf(stderr, "stress: %.0f ms, %d searches, %d progress reports, %ld stops\n", stress_ms(),
            searches, progress, atomic_load(&s.stops));
}

/* A stop that arrives between searches must not leak into the next one: the next search
 * still returns a move (the flag is cleared when a search starts). */
static void test_stop_while_idle_then_search_returns_a_move(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 8,6");
    gomoku_stop(e);
    gomoku_stop(e);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 3;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    assert_true(r.depth >= 1);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stop_while_idle_then_search_returns_a_move),
        cmocka_unit_test(test_engines_in_threads_stopped_at_random_return_legal_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
