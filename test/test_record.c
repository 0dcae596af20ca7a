/* test_record.c - game records (gomoku_read_record, gomoku_write_record): move lists and
 * Piskvork .psq, round trips, and failed reads leaving the engine as it was. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static void assert_same_moves(const gomoku_engine *a, const gomoku_engine *b)
{
    gomoku_point ma[GOMOKU_MAX_CELLS], mb[GOMOKU_MAX_CELLS];
    int na = 0, nb = 0;
    assert_int_equal(gomoku_moves(ma, &na, a, GOMOKU_MAX_CELLS), GOMOKU_OK);
    assert_int_equal(gomoku_moves(mb, &nb, b, GOMOKU_MAX_CELLS), GOMOKU_OK);
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++) {
        assert_int_equal(ma[i].x, mb[i].x);
        assert_int_equal(ma[i].y, mb[i].y);
    }
    assert_int_equal(gomoku_size(a), gomoku_size(b));
    assert_true(gomoku_hash(a) == gomoku_hash(b));
}

static void test_psq_reads_a_piskvork_file_with_size_times_and_names(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8");
    const char *psq = "Piskvorky 20x20, 11:11, 0\r\n"
                      "10,10,0\r\n"
                      "11,11,1500\r\n"
                      " 9, 11, 32\r\n"
                      "pbrain-one.exe\r\n"
                      "pbrain-two.exe\r\n"
                      "-1\r\n";
    int times[8] = {-7, -7, -7, -7, -7, -7, -7, -7};
    assert_int_equal(gomoku_read_record(times, 8, e, psq, GOMOKU_RECORD_AUTO), GOMOKU_OK);
    assert_int_equal(gomoku_size(e), 20);
    assert_int_equal(gomoku_move_count(e), 3);
    assert_int_equal(gomoku_cell(e, 9, 9), GOMOKU_BLACK);
    assert_int_equal(gomoku_cell(e, 10, 10), GOMOKU_WHITE);
    assert_int_equal(gomoku_cell(e, 8, 10), GOMOKU_BLACK);
    assert_int_equal(times[0], 0);
    assert_int_equal(times[1], 1500);
    assert_int_equal(times[2], 32);
    assert_int_equal(times[3], -7); /* only as many times as moves */
    gomoku_free(e);
}

static void test_move_list_reads_both_notations_and_skips_comments(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_RENJU, "a1 a2");
    const char *text = "# a game\nh8 i9 # the reply\n  9,6\n# end";
    assert_int_equal(gomoku_read_record(NULL, 0, e, text, GOMOKU_RECORD_MOVES_XY), GOMOKU_OK);
    gomoku_engine *want = test_engine(15, GOMOKU_RENJU, "7,7 8,6 9,6");
    assert_same_moves(e, want);
    assert_int_equal(gomoku_rule_of(e), GOMOKU_RENJU);
    gomoku_free(want);
    gomoku_free(e);
}

static void test_records_round_trip_in_every_format(void **state)
{
    (void)state;
    static const gomoku_record_format formats[] = {
        GOMOKU_RECORD_MOVES_XY, GOMOKU_RECORD_MOVES_RENJU, GOMOKU_RECORD_PSQ};
    uint64_t seed = 26;
    for (int round = 0; round < 30; round++) {
        int size = 7 + (int)(test_rand(&seed) % 19);
        gomoku_engine *e = test_engine(size, GOMOKU_STANDARD, NULL);
        int times[GOMOKU_MAX_CELLS];
        int n = (int)(test_rand(&seed) % (unsigned)(size * 2));
        for (int i = 0; i < n && gomoku_state_of(e) == GOMOKU_ONGOING; i++) {
            int x, y;
            do {
                x = (int)(test_rand(&seed) % (unsigned)size);
                y = (int)(test_rand(&seed) % (unsigned)size);
            } while (gomoku_cell(e, x, y) != GOMOKU_EMPTY);
            assert_int_equal(gomoku_play(e, x, y), GOMOKU_OK);
            times[i] = (int)(test_rand(&seed) % 5000);
        }
        for (int f = 0; f < 3; f++) {
            static char buf[16 * GOMOKU_MAX_CELLS + 200];
            assert_int_equal(gomoku_write_record(buf, sizeof buf, e, formats[f], times, "me",
                                                 "you"),
                             GOMOKU_OK);
            assert_true(buf[strlen(buf) - 1] == '\n');
            gomoku_engine *back = test_engine(f == 2 ? 5 : size, GOMOKU_STANDARD, NULL);
            int got[GOMOKU_MAX_CELLS];
            assert_int_equal(gomoku_read_record(got, GOMOKU_MAX_CELLS, back, buf,
                                                GOMOKU_RECORD_AUTO),
                             GOMOKU_OK);
            assert_same_moves(e, back);
            for (int i = 0; i < gomoku_move_count(e); i++)
                assert_int_equal(got[i], f == 2 ? times[i] : 0);
            gomoku_free(back);
        }
        gomoku_free(e);
    }
}

static void test_psq_write_matches_the_piskvork_layout(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8");
    int times[2] = {0, 250};
    char buf[256];
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, GOMOKU_RECORD_PSQ, times, "human",
                                         "libgomoku"),
                     GOMOKU_OK);
    assert_string_equal(buf, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,250\nhuman\nlibgomoku\n-1\n");
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, GOMOKU_RECORD_PSQ, NULL, NULL, NULL),
                     GOMOKU_OK);
    assert_string_equal(buf, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n");
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, GOMOKU_RECORD_MOVES_RENJU, NULL,
                                         NULL, NULL),
                     GOMOKU_OK);
    assert_string_equal(buf, "h8 i7\n");
    gomoku_free(e);
}

static void test_write_errors(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 9,9");
    char buf[64];
    assert_int_equal(gomoku_write_record(NULL, 64, e, GOMOKU_RECORD_PSQ, NULL, NULL, NULL),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_record(buf, 0, e, GOMOKU_RECORD_PSQ, NULL, NULL, NULL),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_record(buf, sizeof buf, NULL, GOMOKU_RECORD_PSQ, NULL, NULL,
                                         NULL),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, GOMOKU_RECORD_AUTO, NULL, NULL,
                                         NULL),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, (gomoku_record_format)9, NULL,
                                         NULL, NULL),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_record(buf, sizeof buf, e, GOMOKU_RECORD_PSQ, NULL, "a\nb",
                                         NULL),
                     GOMOKU_EINVAL);
    /* Too small by one byte, then exactly enough. */
    const char *want = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n10,10,0\n-1\n";
    size_t need = strlen(want) + 1;
    buf[0] = 'x';
    assert_int_equal(gomoku_write_record(buf, need - 1, e, GOMOKU_RECORD_PSQ, NULL, NULL, NULL),
                     GOMOKU_EBUFFER);
    assert_string_equal(buf, "");
    assert_int_equal(gomoku_write_record(buf, need, e, GOMOKU_RECORD_PSQ, NULL, NULL, NULL),
                     GOMOKU_OK);
    assert_string_equal(buf, want);
    assert_int_equal(gomoku_write_record(buf, 12, e, GOMOKU_RECORD_MOVES_XY, NULL, NULL, NULL),
                     GOMOKU_EBUFFER);
    assert_string_equal(buf, "");
    assert_int_equal(gomoku_write_record(buf, 13, e, GOMOKU_RECORD_MOVES_XY, NULL, NULL, NULL),
                     GOMOKU_OK);
    assert_string_equal(buf, "7,7 8,8 9,9\n");
    gomoku_engine *big = test_engine(27, GOMOKU_FREESTYLE, "26,26");
    assert_int_equal(gomoku_write_record(buf, sizeof buf, big, GOMOKU_RECORD_MOVES_RENJU, NULL,
                                         NULL, NULL),
                     GOMOKU_ERANGE);
    gomoku_free(big);
    gomoku_free(e);
}

static void test_bad_records_leave_the_engine_unchanged(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        gomoku_record_format format;
        int code;
    } bad[] = {
        {"Piskvorky 15x20, 11:11, 0\n1,1,0\n-1\n", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"Piskvorky 40x40, 11:11, 0\n1,1,0\n-1\n", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"Piskvorky 4x4, 11:11, 0\n1,1,0\n-1\n", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"Piskvorky, 11:11, 0\n1,1,0\n", GOMOKU_RECORD_AUTO, GOMOKU_ESYNTAX},
        {"Piskvorky 15x15, 11:11, 0\n1,1,0\n16,1,0\n", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"Piskvorky 15x15, 11:11, 0\n1,1,0\n0,3,0\n", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n", GOMOKU_RECORD_AUTO, GOMOKU_EOCCUPIED},
        {"h8 i9 h8", GOMOKU_RECORD_AUTO, GOMOKU_EOCCUPIED},
        {"h8 i9 zz", GOMOKU_RECORD_MOVES_XY, GOMOKU_ESYNTAX},
        {"h8 i9 p8", GOMOKU_RECORD_AUTO, GOMOKU_ERANGE},
        {"h8 i9", GOMOKU_RECORD_PSQ, GOMOKU_ESYNTAX},
        {"a1 a2 b1 b2 c1 c2 d1 d2 e1 e2", GOMOKU_RECORD_AUTO, GOMOKU_EGAMEOVER},
        {"h8", (gomoku_record_format)-1, GOMOKU_EINVAL},
        {"h8", (gomoku_record_format)4, GOMOKU_EINVAL},
    };
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "7,7 8,8 9,6");
    uint64_t hash = gomoku_hash(e);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int times[4] = {5, 5, 5, 5};
        assert_int_equal(gomoku_read_record(times, 4, e, bad[i].text, bad[i].format),
                         bad[i].code);
        assert_int_equal(gomoku_size(e), 15);
        assert_int_equal(gomoku_move_count(e), 3);
        assert_true(gomoku_hash(e) == hash);
        assert_int_equal(times[0], 5);
    }
    assert_int_equal(gomoku_read_record(NULL, 0, NULL, "h8", GOMOKU_RECORD_AUTO), GOMOKU_EINVAL);
    assert_int_equal(gomoku_read_record(NULL, 0, e, NULL, GOMOKU_RECORD_AUTO), GOMOKU_EINVAL);
    int t[1];
    assert_int_equal(gomoku_read_record(t, -1, e, "h8", GOMOKU_RECORD_AUTO), GOMOKU_EINVAL);
    assert_int_equal(gomoku_move_count(e), 3);
    /* An empty record is an empty game. */
    assert_int_equal(gomoku_read_record(NULL, 0, e, "# nothing yet\n", GOMOKU_RECORD_AUTO),
                     GOMOKU_OK);
    assert_int_equal(gomoku_move_count(e), 0);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_psq_reads_a_piskvork_file_with_size_times_and_names),
        cmocka_unit_test(test_move_list_reads_both_notations_and_skips_comments),
        cmocka_unit_test(test_records_round_trip_in_every_format),
        cmocka_unit_test(test_psq_write_matches_the_piskvork_layout),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_bad_records_leave_the_engine_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
