/* test_alloc.c - allocation failure: every allocation the library makes, failed in turn.
 *
 * The program is linked with -Wl,--wrap for malloc, calloc, realloc, mmap and
 * pthread_create, so the library's calls of them (and only those: the C library and
 * cmocka keep the real ones) go through the wrappers below. A scenario is first run to
 * count the allocations it reaches, then run again once for each N, with the N-th
 * allocation failing. Every run must end in GOMOKU_OK or GOMOKU_ENOMEM (never a crash),
 * a failed call must leave the engine as it was, and the engine must search normally
 * afterwards. Leaks are caught by the runs of this program under ASan (`make asan`) and
 * valgrind (`make valgrind`).
 *
 * What fails where (the contract documented in gomoku.h): memory a call needs to do its
 * job gives GOMOKU_ENOMEM (the engine, the hash table, the search's thread records); memory
 * that only speeds it up (the threat solvers' tables and memos, a helper thread) is done
 * without, and the call succeeds. */
#define _GNU_SOURCE /* MAP_ANONYMOUS, MAP_FAILED in the mmap wrapper's declaration */
#include "testutil.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

/* ---- the failing allocator ---------------------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int __real_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *),
                          void *arg);

static atomic_long calls;   /* allocation points reached since the scenario began */
static atomic_long fail_at; /* the one to fail (0: none) */
static atomic_long failed;  /* how many were failed (0 or 1 a run) */
static atomic_long threads_made; /* pthread_create calls since the scenario began */

static long reached; /* allocation points the call under test reached */

/* Around the call under test only: the scenario's setup and checks allocate freely. */
static void arm(long n)
{
    atomic_store(&calls, 0);
    atomic_store(&threads_made, 0);
    atomic_store(&fail_at, n);
}

static void disarm(void)
{
    atomic_store(&fail_at, 0);
    reached = atomic_load(&calls);
}

static int fail_now(void)
{
    long n = atomic_fetch_add(&calls, 1) + 1;
    if (n == atomic_load(&fail_at)) {
        atomic_fetch_add(&failed, 1);
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_calloc(size_t k, size_t n) { return fail_now() ? NULL : __real_calloc(k, n); }
void *__wrap_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    return fail_now() ? MAP_FAILED : __real_mmap(addr, len, prot, flags, fd, off);
}
int __wrap_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    atomic_fetch_add(&threads_made, 1);
    return fail_now() ? EAGAIN : __real_pthread_create(th, attr, fn, arg);
}

/* ---- the driver ----------------------------------------------------------------------- */

/* A scenario runs once with allocation `n` failing (0: none) and checks what it must;
 * it returns the result code of the call under test. */
typedef int (*scenario)(long n);

static long total_points; /* over every scenario: allocation points failed */

/* Runs `run` to count its allocation points, then fails each in turn. Returns how many
 * points were failed; `need_enomem`: every failure must give GOMOKU_ENOMEM. */
static long fail_each(const char *name, scenario run, int need_enomem)
{
    assert_int_equal(run(0), GOMOKU_OK);
    long points = reached;
    long tried = 0, enomem = 0;
    /* Threads make the count vary a little from run to run: go a few past it. */
    for (long n = 1; n <= points + 4; n++) {
        atomic_store(&failed, 0);
        int rc = run(n);
        if (atomic_load(&failed) == 0) {
            assert_int_equal(rc, GOMOKU_OK);
            continue;
        }
        tried++;
        if (rc == GOMOKU_ENOMEM)
            enomem++;
        else
            assert_int_equal(rc, need_enomem ? GOMOKU_ENOMEM : GOMOKU_OK);
    }
    total_points += tried;
    print_message("%-28s %3ld allocation points failed: %ld ENOMEM, %ld succeeded without\n", name,
                  tried, enomem, tried - enomem);
    return tried;
}

/* After a failure nothing may be failing: the engine must search as usual. */
static void search_works(gomoku_engine *e, int threads)
{
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 3;
    l.threads = threads;
    gomoku_search_result r;
    int moves = gomoku_move_count(e);
    assert_int_equal(gomoku_search(&r, e, &l), GOMOKU_OK);
    assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    assert_int_equal(gomoku_move_count(e), moves);
}

/* A middle-game position with threats on both sides, so that the threat solvers run and
 * allocate their tables. */
static const char *const middle = "7,7 8,8 8,6 6,8 9,7 6,7 9,6 6,6";

static int sc_new(long n)
{
    gomoku_engine *e = (gomoku_engine *)1;
    arm(n);
    int rc = gomoku_new(&e, 15, GOMOKU_RENJU);
    disarm();
    if (rc != GOMOKU_OK) {
        assert_null(e);
        return rc;
    }
    search_works(e, 1);
    gomoku_free(e);
    return rc;
}

static int sc_hash_resize(long n)
{
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, middle);
    assert_int_equal(gomoku_set_hash_size(e, 1), GOMOKU_OK);
    search_works(e, 1); /* the 1 MB table is allocated */
    long long before = gomoku_hash_bytes(e);
    arm(n);
    int rc = gomoku_set_hash_size(e, 8); /* 8 MB: a mapped table */
    disarm();
    if (rc != GOMOKU_OK)
        assert_true(gomoku_hash_bytes(e) == before); /* the old table is kept */
    else
        assert_true(gomoku_hash_bytes(e) > before);
    search_works(e, 1);
    gomoku_free(e);
    return rc;
}

/* The first search of an engine allocates its hash table, then the search's own records,
 * the threat solvers' tables and, with threads, the threads. */
static int search_scenario(long n, int threads, int use_callback);

static int eval_cb(const gomoku_engine *e, void *payload)
{
    (void)payload;
    return gomoku_move_count(e) % 7;
}

static int search_scenario(long n, int threads, int use_callback)
{
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, middle);
    if (use_callback)
        assert_int_equal(gomoku_set_eval_callback(e, eval_cb, NULL), GOMOKU_OK);
    uint64_t key = gomoku_hash(e);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0;
    l.nodes = test_quick() ? 8000 : 20000;
    l.threads = threads;
    gomoku_search_result r;
    memset(&r, 0x5a, sizeof r);
    gomoku_search_result untouched = r;
    arm(n);
    int rc = gomoku_search(&r, e, &l);
    disarm();
    assert_true(gomoku_hash(e) == key);
    if (rc == GOMOKU_OK)
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    else
        assert_memory_equal(&r, &untouched, sizeof r);
    search_works(e, threads);
    gomoku_free(e);
    return rc;
}

static int sc_search_1(long n) { return search_scenario(n, 1, 0); }
static int sc_search_2(long n) { return search_scenario(n, 2, 0); }
static int sc_search_4(long n) { return search_scenario(n, 4, 0); }
static int sc_search_callback(long n) { return search_scenario(n, 3, 1); }

/* A search on a clock: the threat memos are sized from the time, and the watchdog thread
 * is started. Bounded by nodes too, so that the run is short. */
static int sc_search_clock(long n)
{
    gomoku_engine *e = test_engine(15, GOMOKU_STANDARD, middle);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0;
    l.time_ms = 300;
    l.nodes = test_quick() ? 8000 : 20000;
    l.threads = 2;
    gomoku_search_result r;
    arm(n);
    int rc = gomoku_search(&r, e, &l);
    disarm();
    if (rc == GOMOKU_OK)
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    search_works(e, 2);
    gomoku_free(e);
    return rc;
}

static int threat_scenario(long n, int vct)
{
    atomic_store(&fail_at, 0);
    /* A win by threes in 15 plies that takes the VCT some 46,000 nodes (from
     * shared/positions/tactics.txt): the solvers need their tables. */
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE,
                                   "5,5 8,5 7,8 6,8 5,7 5,6 7,7 7,6 6,6 4,4 4,8 3,9 6,4 6,7");
    uint64_t key = gomoku_hash(e);
    gomoku_threat_result t;
    arm(n);
    int rc = vct ? gomoku_vct(&t, e, 200000, 0) : gomoku_vcf(&t, e, 200000, 0);
    disarm();
    assert_true(gomoku_hash(e) == key);
    if (rc == GOMOKU_OK && t.found) {
        /* A win is claimed only when there is one: play the line out. */
        for (int i = 0; i < t.length; i++)
            assert_int_equal(gomoku_play(e, t.line[i].x, t.line[i].y), GOMOKU_OK);
        assert_int_equal(gomoku_state_of(e), gomoku_side_to_move(e) == GOMOKU_WHITE
                                                 ? GOMOKU_BLACK_WINS
                                                 : GOMOKU_WHITE_WINS);
    }
    gomoku_free(e);
    return rc;
}

static int sc_vcf(long n) { return threat_scenario(n, 0); }
static int sc_vct(long n) { return threat_scenario(n, 1); }

static int sc_textbook(long n)
{
    gomoku_engine *e = test_engine(9, GOMOKU_FREESTYLE, "4,4 5,5 4,5");
    uint64_t key = gomoku_hash(e);
    gomoku_textbook_options o;
    gomoku_textbook_options_init(&o);
    o.depth = 3;
    gomoku_textbook_result r;
    arm(n);
    int rc = gomoku_textbook_search(&r, e, GOMOKU_ALGO_NEGAMAX_AB, &o);
    disarm();
    assert_true(gomoku_hash(e) == key);
    if (rc == GOMOKU_OK)
        assert_int_equal(gomoku_cell(e, r.best.x, r.best.y), GOMOKU_EMPTY);
    assert_int_equal(gomoku_textbook_search(&r, e, GOMOKU_ALGO_NEGAMAX_AB, &o), GOMOKU_OK);
    gomoku_free(e);
    return rc;
}

/* Moves in and out as text, the board functions and the evaluation allocate nothing. */
static int sc_notation_and_board(long n)
{
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, NULL);
    arm(n);
    int rc = gomoku_play_moves(e, "h8 i9 j10 g7");
    char buf[256];
    if (rc == GOMOKU_OK)
        rc = gomoku_format_moves(buf, sizeof buf, e, 0);
    int x, y, s;
    if (rc == GOMOKU_OK)
        rc = gomoku_parse_move(&x, &y, e, "k11");
    if (rc == GOMOKU_OK)
        rc = gomoku_evaluate(&s, e);
    gomoku_forbid why;
    if (rc == GOMOKU_OK)
        rc = gomoku_forbidden(&why, e, 10, 10);
    if (rc == GOMOKU_OK)
        rc = gomoku_undo(e);
    disarm();
    gomoku_free(e);
    return rc;
}

/* ---- what an engine keeps between searches ------------------------------------------ */

/* The second search of an engine allocates nothing (its thread records and the threat
 * solvers' tables were made, and touched, by the first: a stopped search must not wait on
 * fresh pages), apart from starting its threads, and it finds what the first found. */
static void second_search_allocates_nothing(int threads)
{
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, middle);
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 0;
    l.nodes = test_quick() ? 8000 : 20000;
    l.threads = threads;
    gomoku_search_result r1, r2;
    arm(0);
    assert_int_equal(gomoku_search(&r1, e, &l), GOMOKU_OK);
    disarm();
    long first = reached - atomic_load(&threads_made);
    assert_true(first >= 2); /* the hash table and the thread records at least */
    assert_int_equal(gomoku_clear_hash(e), GOMOKU_OK);
    arm(0);
    assert_int_equal(gomoku_search(&r2, e, &l), GOMOKU_OK);
    disarm();
    assert_int_equal(reached - atomic_load(&threads_made), 0);
    if (threads == 1) {
        /* One thread under a node limit repeats exactly: the kept tables start clear. */
        assert_int_equal(r2.best.x, r1.best.x);
        assert_int_equal(r2.best.y, r1.best.y);
        assert_int_equal(r2.score, r1.score);
        assert_int_equal(r2.depth, r1.depth);
        assert_true(r2.nodes == r1.nodes);
    }
    gomoku_free(e);
}

static void test_second_search_allocates_nothing_one_thread(void **state)
{
    (void)state;
    second_search_allocates_nothing(1);
}

static void test_second_search_allocates_nothing_two_threads(void **state)
{
    (void)state;
    second_search_allocates_nothing(2);
}

static void test_second_search_allocates_nothing_four_threads(void **state)
{
    (void)state;
    second_search_allocates_nothing(4);
}

/* gomoku_vct() after a search works in the tables the search left (no allocation) and
 * finds the same win in the same nodes as on an engine that never searched. */
static void test_vct_in_kept_tables_matches_a_fresh_engine(void **state)
{
    (void)state;
    const char *win = "5,5 8,5 7,8 6,8 5,7 5,6 7,7 7,6 6,6 4,4 4,8 3,9 6,4 6,7";
    gomoku_engine *fresh = test_engine(15, GOMOKU_FREESTYLE, win);
    gomoku_engine *kept = test_engine(15, GOMOKU_FREESTYLE, win);
    /* A depth-6 search sizes the main thread's tables for 192k nodes (its root move
     * filter's budget); the search itself ends at once on the proven win. */
    gomoku_limits l;
    gomoku_limits_init(&l);
    l.depth = 6;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, kept, &l), GOMOKU_OK);
    gomoku_threat_result a, b;
    assert_int_equal(gomoku_vct(&a, fresh, 150000, 0), GOMOKU_OK);
    arm(0);
    assert_int_equal(gomoku_vct(&b, kept, 150000, 0), GOMOKU_OK);
    disarm();
    assert_int_equal(reached, 0);
    assert_true(a.found);
    assert_int_equal(b.found, a.found);
    assert_int_equal(b.length, a.length);
    assert_true(b.nodes == a.nodes);
    assert_memory_equal(b.line, a.line, sizeof a.line);
    gomoku_free(fresh);
    gomoku_free(kept);
}

static void test_new_engine_fails_cleanly(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_new", sc_new, 1) >= 1);
}

static void test_hash_resize_fails_cleanly_and_keeps_the_old_table(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_set_hash_size", sc_hash_resize, 1) >= 2);
}

static void test_search_one_thread_survives_every_failure(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_search threads=1", sc_search_1, 0) >= 3);
}

static void test_search_two_threads_survives_every_failure(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_search threads=2", sc_search_2, 0) >= 4);
}

static void test_search_four_threads_survives_every_failure(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_search threads=4", sc_search_4, 0) >= 5);
}

static void test_search_with_eval_callback_survives_every_failure(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_search callback", sc_search_callback, 0) >= 4);
}

static void test_search_on_a_clock_survives_every_failure(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_search clock", sc_search_clock, 0) >= 4);
}

static void test_threat_solvers_survive_every_failure(void **state)
{
    (void)state;
    fail_each("gomoku_vcf", sc_vcf, 0); /* may end before it needs a table */
    assert_true(fail_each("gomoku_vct", sc_vct, 0) >= 1);
}

static void test_textbook_search_fails_cleanly(void **state)
{
    (void)state;
    assert_true(fail_each("gomoku_textbook_search", sc_textbook, 1) >= 1);
}

static void test_notation_and_board_allocate_nothing(void **state)
{
    (void)state;
    assert_int_equal(fail_each("notation, board, evaluation", sc_notation_and_board, 1), 0);
    print_message("allocation points failed in all: %ld\n", total_points);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_engine_fails_cleanly),
        cmocka_unit_test(test_hash_resize_fails_cleanly_and_keeps_the_old_table),
        cmocka_unit_test(test_search_one_thread_survives_every_failure),
        cmocka_unit_test(test_search_two_threads_survives_every_failure),
        cmocka_unit_test(test_search_four_threads_survives_every_failure),
        cmocka_unit_test(test_search_with_eval_callback_survives_every_failure),
        cmocka_unit_test(test_search_on_a_clock_survives_every_failure),
        cmocka_unit_test(test_threat_solvers_survive_every_failure),
        cmocka_unit_test(test_textbook_search_fails_cleanly),
        cmocka_unit_test(test_notation_and_board_allocate_nothing),
        cmocka_unit_test(test_second_search_allocates_nothing_one_thread),
        cmocka_unit_test(test_second_search_allocates_nothing_two_threads),
        cmocka_unit_test(test_second_search_allocates_nothing_four_threads),
        cmocka_unit_test(test_vct_in_kept_tables_matches_a_fresh_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
