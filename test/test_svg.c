/* test_svg.c - gomoku_write_svg: a well-formed picture with every stone, the move
 * numbers, the last move, the winning line and the line of play; errors and the bound. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static char svg[GOMOKU_SVG_BUFSIZE];

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Well-formed enough for any XML reader: one root <svg>, every element closed in order,
 * attribute values quoted, no stray '<' or '&'. A small checker, not a parser. */
static void assert_well_formed(const char *s)
{
    assert_true(strncmp(s, "<?xml version=\"1.0\"", 19) == 0);
    const char *p = strstr(s, "?>");
    assert_non_null(p);
    p += 2;
    char stack[16][16];
    int depth = 0, roots = 0;
    while (*p) {
        if (*p != '<') {
            assert_true(*p != '>' && *p != '&');
            p++;
            continue;
        }
        int closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t len = strcspn(name, " />");
        assert_true(len > 0 && len < 16);
        const char *end = name + len;
        int quoted = 0;
        while (*end && (quoted || *end != '>')) {
            if (*end == '"')
                quoted = !quoted;
            assert_true(*end != '<');
            end++;
        }
        assert_int_equal(*end, '>');
        int empty = end[-1] == '/';
        if (closing) {
            assert_true(depth > 0);
            depth--;
            assert_true(strlen(stack[depth]) == len && !strncmp(stack[depth], name, len));
        } else if (!empty) {
            if (depth == 0)
                roots++;
            assert_true(depth < 16);
            memcpy(stack[depth], name, len);
            stack[depth++][len] = '\0';
        }
        p = end + 1;
    }
    assert_int_equal(depth, 0);
    assert_int_equal(roots, 1);
}

static void test_picture_has_every_stone_numbered_and_the_last_move(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8 k8 h9");
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, NULL, 0,
                                      GOMOKU_SVG_NUMBERS | GOMOKU_SVG_COORDINATES),
                     GOMOKU_OK);
    assert_well_formed(svg);
    assert_int_equal(count(svg, "class=\"stone black\""), 3);
    assert_int_equal(count(svg, "class=\"stone white\""), 2);
    assert_int_equal(count(svg, "<line "), 30); /* the grid */
    assert_non_null(strstr(svg, ">5</text>"));  /* the move numbers */
    assert_non_null(strstr(svg, ">o</text>"));  /* the last column letter */
    assert_non_null(strstr(svg, ">15</text>"));
    /* h9 is x 7, y 6: at 36 + 32 * 7, 36 + 32 * 6 */
    assert_non_null(strstr(svg, "<circle class=\"last\" cx=\"260\" cy=\"228\""));
    assert_null(strstr(svg, "class=\"win\""));
    assert_null(strstr(svg, "class=\"best\""));
    /* Without the flags: no numbers, no coordinates. */
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, NULL, 0, 0), GOMOKU_OK);
    assert_well_formed(svg);
    assert_int_equal(count(svg, "<text"), 0);
    assert_int_equal(count(svg, "class=\"stone "), 5);
    gomoku_free(e);
}

static void test_picture_draws_the_winning_line_and_the_line_of_play(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 a1 i8 a2 j8 a3 k8 a4 l8");
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, NULL, 0, GOMOKU_SVG_NUMBERS),
                     GOMOKU_OK);
    assert_well_formed(svg);
    /* h8 .. l8: x 7 .. 11 on row y 7 */
    assert_non_null(strstr(svg, "class=\"win\" x1=\"260\" y1=\"260\" x2=\"388\" y2=\"260\""));
    gomoku_free(e);

    e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9 j8");
    gomoku_point pv[3] = {{9, 8}, {10, 7}, {6, 7}};
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, pv, 3, GOMOKU_SVG_NUMBERS), GOMOKU_OK);
    assert_well_formed(svg);
    assert_int_equal(count(svg, "marker-end=\"url(#arrow)\""), 2);
    assert_non_null(strstr(svg, "<circle class=\"best\" cx=\"324\" cy=\"292\""));
    assert_int_equal(count(svg, "class=\"stone "), 3); /* ghost stones are not stones */
    gomoku_free(e);
}

static void test_picture_errors(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(15, GOMOKU_FREESTYLE, "h8 i9");
    gomoku_point on_stone[1] = {{7, 7}}, off[1] = {{15, 0}}, twice[2] = {{0, 0}, {0, 0}};
    gomoku_point many[GOMOKU_MAX_PV + 1] = {{0, 0}};
    assert_int_equal(gomoku_write_svg(NULL, 10, e, NULL, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, 0, e, NULL, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, NULL, NULL, 0, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, NULL, 1, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, many, -1, 0), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, many, GOMOKU_MAX_PV + 1, 0),
                     GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, NULL, 0, 4u), GOMOKU_EINVAL);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, on_stone, 1, 0), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, twice, 2, 0), GOMOKU_EOCCUPIED);
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, off, 1, 0), GOMOKU_ERANGE);
    char small[300];
    small[0] = 'x';
    assert_int_equal(gomoku_write_svg(small, sizeof small, e, NULL, 0, 0), GOMOKU_EBUFFER);
    assert_string_equal(small, "");
    gomoku_free(e);
}

/* The largest picture: a 32x32 board of 960 stones (a pattern without five in a row:
 * colour by (x / 2 + y) % 2) and a 64-move line of play, all labels on. */
static void test_the_largest_picture_fits_the_documented_buffer(void **state)
{
    (void)state;
    gomoku_engine *e = test_engine(32, GOMOKU_FREESTYLE, NULL);
    gomoku_point cells[2][512];
    int n[2] = {0, 0};
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            int c = (x / 2 + y) % 2;
            cells[c][n[c]].x = x;
            cells[c][n[c]++].y = y;
        }
    for (int i = 32; i < 512; i++)
        for (int c = 0; c < 2; c++)
            assert_int_equal(gomoku_play(e, cells[c][i].x, cells[c][i].y), GOMOKU_OK);
    assert_int_equal(gomoku_state_of(e), GOMOKU_ONGOING);
    gomoku_point pv[GOMOKU_MAX_PV];
    for (int i = 0; i < 32; i++) {
        pv[2 * i] = cells[0][i];
        pv[2 * i + 1] = cells[1][i];
    }
    assert_int_equal(gomoku_write_svg(svg, sizeof svg, e, pv, GOMOKU_MAX_PV,
                                      GOMOKU_SVG_NUMBERS | GOMOKU_SVG_COORDINATES),
                     GOMOKU_OK);
    assert_well_formed(svg);
    assert_int_equal(count(svg, "class=\"stone black\""), 480);
    assert_int_equal(count(svg, "class=\"stone white\""), 480);
    assert_true(strlen(svg) < sizeof svg);
    gomoku_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picture_has_every_stone_numbered_and_the_last_move),
        cmocka_unit_test(test_picture_draws_the_winning_line_and_the_line_of_play),
        cmocka_unit_test(test_picture_errors),
        cmocka_unit_test(test_the_largest_picture_fits_the_documented_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
