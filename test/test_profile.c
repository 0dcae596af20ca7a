/* test_profile.c - the node profile of bench/node-profile (search.h): built, like that
 * program, on the library's objects compiled with -DGOMOKU_NODE_PROFILE. The profile must
 * account for every node the search thread counts, hold one search's counts only, and
 * repeat exactly where the search does. */
#include "testutil.h"

#include "search.h"

#include <string.h>

/* One node-limited search on one thread; the main thread's record after it. */
static const search_thread *profiled_search(gomoku_engine *e, long long nodes)
{
    gomoku_limits lim;
    gomoku_limits_init(&lim);
    lim.nodes = nodes;
    lim.threads = 1;
    gomoku_search_result r;
    assert_int_equal(gomoku_search(&r, e, &lim), GOMOKU_OK);
    assert_non_null(e->mem);
    return &e->mem->threads[0];
}

static long long sum_kinds(const long long (*rows)[PROF_KINDS])
{
    long long s = 0;
    for (int d = 0; d < PROF_DEPTHS; d++)
        for (int k = 0; k < PROF_KINDS; k++)
            s += rows[d][k];
    return s;
}

/* The counts add up to the thread's nodes and are consistent with each other, in every
 * rule (renju's black searches without the selective search's pruning). */
static void test_every_node_is_accounted_for(void **state)
{
    (void)state;
    static const struct {
        gomoku_rule rule;
        const char *moves;
    } cases[] = {
        {GOMOKU_FREESTYLE, "7,7 8,7 7,9"},
        {GOMOKU_STANDARD, "7,7 8,8 6,8 8,6"},
        {GOMOKU_RENJU, "7,7 8,7 7,9 6,8"},
        {GOMOKU_RENJU, "7,7 8,7 7,9"},
        {GOMOKU_CARO, "7,7 8,7 7,9"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gomoku_engine *e = test_engine(15, cases[i].rule, cases[i].moves);
        const search_thread *t = profiled_search(e, 30000);
        const gomoku__node_profile *p = &t->prof;
        assert_true(t->nodes > 1000);
        assert_int_equal(p->root_nodes + p->search_nodes + p->qs_nodes, t->nodes);
        assert_true(p->root_nodes >= 1);
        long long settled = 0, cuts = 0, first_cuts = 0;
        for (int d = 0; d < PROF_DEPTHS; d++) {
            settled += p->table[d] + p->rfp[d] + p->settled[d];
            cuts += p->cut[d];
            first_cuts += p->first_cut[d];
            assert_true(p->first_cut[d] <= p->cut[d]);
        }
        long long searched = sum_kinds(p->node);
        assert_true(searched > 0);
        assert_true(settled + searched <= p->search_nodes);
        assert_true(sum_kinds(p->moves) >= searched / 2);
        assert_true(cuts > 0 && first_cuts > 0);
        /* The order's split covers some of the cut-offs, never more. */
        assert_true(p->order_cut[0] + p->order_cut[1] > 0);
        assert_true(p->order_cut[0] + p->order_cut[1] <= cuts);
        assert_true(p->order_first[0] + p->order_first[1] <= first_cuts);
        for (int h = 0; h < 2; h++)
            assert_true(p->order_first[h] <= p->order_cut[h]);
        assert_true(p->killer_first <= p->order_cut[1]);
        assert_true(p->killer_cut <= p->killer_first && p->killer_cut <= p->order_first[1]);
        assert_true(p->qs_entries <= p->qs_nodes);
        for (int c = 0; c < PROF_CLASSES; c++) {
            assert_true(p->reduced[c] <= p->later[c]);
            assert_true(p->plies[c] >= p->reduced[c]);
        }
        gomoku_free(e);
    }
}

/* A second search on the same engine holds its own counts, not the sum of both. */
static void test_counts_are_per_search(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,7 7,9");
    const search_thread *t = profiled_search(e, 20000);
    long long first = t->nodes;
    assert_int_equal(gomoku_play_moves(e, "6,8"), GOMOKU_OK);
    t = profiled_search(e, 10000);
    assert_true(t->nodes <= 10000);
    assert_true(t->nodes < first);
    assert_int_equal(t->prof.root_nodes + t->prof.search_nodes + t->prof.qs_nodes, t->nodes);
    gomoku_free(e);
}

/* One thread with a node limit repeats exactly, and so does its profile. */
static void test_profile_repeats(void **state)
{
    (void)state;
    gomoku__node_profile a, b;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 6,8 9,7");
    memcpy(&a, &profiled_search(e, 25000)->prof, sizeof a);
    gomoku_free(e);
    e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 6,8 9,7");
    memcpy(&b, &profiled_search(e, 25000)->prof, sizeof b);
    gomoku_free(e);
    assert_true(a.search_nodes > 0);
    assert_memory_equal(&a, &b, sizeof a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_node_is_accounted_for),
        cmocka_unit_test(test_counts_are_per_search),
        cmocka_unit_test(test_profile_repeats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
