/*
 * gomoku-play - play Gomoku in a terminal against libgomoku, against another person,
 * or watch the engine play itself. Uses only the public header, like any outside program.
 *
 *   gomoku-play [--size N] [--rule freestyle|standard|renju|caro]
 *               [--black human|engine] [--white human|engine]
 *               [--time MS | --level L] [--load FILE] [--color | --no-color]
 *
 * Moves are typed as "h8" (renju notation: column letter, row number from the bottom)
 * or "7,7" (zero-based x,y as in the Gomocup protocol). Type "help" for the commands.
 * Input may come from a pipe: end of input quits, and the result line is printed.
 *
 * Copyright (c) 2026 the libgomoku authors. MIT licence (see LICENSE).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gomoku.h"

#define DEFAULT_TIME_MS 1000
#define MAX_LEVEL 10
#define LINE_MAX_LEN 4096

enum player_kind { HUMAN = 0, ENGINE = 1 };

struct app {
    gomoku_engine *engine;
    int size;
    gomoku_rule rule;
    enum player_kind player[3]; /* indexed by gomoku_color: [GOMOKU_BLACK], [GOMOKU_WHITE] */
    int time_ms;                /* per engine move when level is 0 */
    int level;                  /* 0: play by time; 1..MAX_LEVEL: fixed depth */
    int color;                  /* ANSI colour on */
    int echo;                   /* echo input lines (stdin is not a terminal) */
    int progress_tty;           /* progress lines overwrite each other */
    int progress_shown;         /* a progress line is on screen and needs a newline */
    int move_ms[GOMOKU_MAX_CELLS]; /* thinking time of every move, for .psq export */
};

/* What the engine player found: the same shape whichever search produced it. */
struct think_result {
    gomoku_point best;
    int score;
    int depth;
    long long nodes;
    double time_ms;
    int pv_length;
    gomoku_point pv[GOMOKU_MAX_PV];
};

static const char *const rule_names[] = {"freestyle", "standard", "renju", "caro"};

/* ---------------------------------------------------------------------------------- */
/* Small helpers                                                                       */
/* ---------------------------------------------------------------------------------- */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static gomoku_notation app_notation(const struct app *app)
{
    /* Renju notation has letters for 26 columns only; bigger boards use x,y. */
    return app->size <= 26 ? GOMOKU_NOTATION_RENJU : GOMOKU_NOTATION_XY;
}

static const char *move_text(char *buf, size_t bufsize, const struct app *app, gomoku_point p)
{
    if (gomoku_format_move(buf, bufsize, app->engine, p.x, p.y, app_notation(app)) != GOMOKU_OK)
        snprintf(buf, bufsize, "?");
    return buf;
}

static const char *color_name(int c)
{
    return c == GOMOKU_BLACK ? "black" : "white";
}

static const char *color_title(int c)
{
    return c == GOMOKU_BLACK ? "Black" : "White";
}

/* Scores are from the mover's point of view; forced results read as "win in N". */
static const char *score_text(char *buf, size_t bufsize, int score)
{
    if (GOMOKU_SCORE_IS_WIN(score))
        snprintf(buf, bufsize, "win in %d", GOMOKU_SCORE_WIN - score);
    else if (GOMOKU_SCORE_IS_LOSS(score))
        snprintf(buf, bufsize, "loss in %d", GOMOKU_SCORE_WIN + score);
    else
        snprintf(buf, bufsize, "%+d", score);
    return buf;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* Drawing the board                                                                   */
/* ---------------------------------------------------------------------------------- */

#define ANSI_RESET "\033[0m"
#define ANSI_BLACK_STONE "\033[1;31m"
#define ANSI_WHITE_STONE "\033[1;32m"
#define ANSI_EMPTY "\033[2m"
#define ANSI_LAST "\033[7m"
#define ANSI_WIN "\033[43m"
#define ANSI_LABEL "\033[36m"

/* Star points help the eye find its way around a big board, as on a real goban. */
static int is_star_point(int size, int x, int y)
{
    if (size < 13)
        return 0;
    int e = 3, c = size / 2;
    int xs = (x == e || x == size - 1 - e || (size % 2 && x == c));
    int ys = (y == e || y == size - 1 - e || (size % 2 && y == c));
    if (x == c && y == c && size % 2)
        return 1;
    return xs && ys && x != c && y != c;
}

static void print_label(const struct app *app, const char *text)
{
    if (app->color)
        printf(ANSI_LABEL "%s" ANSI_RESET, text);
    else
        fputs(text, stdout);
}

static void print_column_labels(const struct app *app, int letters)
{
    char buf[16];
    fputs("   ", stdout);
    for (int x = 0; x < app->size; x++) {
        if (letters)
            snprintf(buf, sizeof buf, " %c", 'a' + x);
        else
            snprintf(buf, sizeof buf, "%2d ", x);
        print_label(app, buf);
    }
    putchar('\n');
}

static void draw_board(const struct app *app)
{
    int size = app->size;
    int letters = app_notation(app) == GOMOKU_NOTATION_RENJU;
    unsigned char win[GOMOKU_MAX_SIZE][GOMOKU_MAX_SIZE];
    gomoku_point line[GOMOKU_MAX_SIZE], moves[GOMOKU_MAX_CELLS];
    int nline = 0, nmoves = 0;
    gomoku_point last = {-1, -1};

    memset(win, 0, sizeof win);
    if (gomoku_winning_line(line, &nline, app->engine, GOMOKU_MAX_SIZE) == GOMOKU_OK)
        for (int i = 0; i < nline; i++)
            win[line[i].y][line[i].x] = 1;
    if (gomoku_moves(moves, &nmoves, app->engine, GOMOKU_MAX_CELLS) == GOMOKU_OK && nmoves > 0)
        last = moves[nmoves - 1];

    putchar('\n');
    print_column_labels(app, letters);
    for (int y = 0; y < size; y++) {
        char label[16];
        /* Renju rows count up from the bottom; x,y rows count down from the top. */
        snprintf(label, sizeof label, "%2d ", letters ? size - y : y);
        print_label(app, label);
        for (int x = 0; x < size; x++) {
            int c = gomoku_cell(app->engine, x, y);
            int is_last = (x == last.x && y == last.y);
            char stone = c == GOMOKU_BLACK ? 'X' : c == GOMOKU_WHITE ? 'O'
                         : is_star_point(size, x, y) ? '+' : '.';
            /* The separator before a cell marks the last move ("[X]") and, without
             * colour, the winning line ("*X*X*"); with letters it is shared between
             * neighbours, with x,y columns every cell has its own pair. */
            char left = ' ', right = ' ';
            if (is_last) {
                left = '[';
                right = ']';
            } else if (win[y][x] && !app->color) {
                left = '*';
                right = '*';
            }
            if (letters) {
                int prev_last = (x > 0 && x - 1 == last.x && y == last.y);
                int prev_win = (x > 0 && win[y][x - 1] && !app->color);
                if (prev_last && !is_last)
                    left = ']';
                else if (prev_win && left == ' ')
                    left = '*';
            }
            putchar(left);
            if (app->color) {
                const char *style = c == GOMOKU_BLACK ? ANSI_BLACK_STONE
                                    : c == GOMOKU_WHITE ? ANSI_WHITE_STONE : ANSI_EMPTY;
                printf("%s%s%s%c" ANSI_RESET, style, win[y][x] ? ANSI_WIN : "",
                       is_last ? ANSI_LAST : "", stone);
            } else {
                putchar(stone);
            }
            if (!letters)
                putchar(right);
            else if (x == size - 1)
                putchar(right);
        }
        snprintf(label, sizeof label, " %d", letters ? size - y : y);
        print_label(app, label);
        putchar('\n');
    }
    print_column_labels(app, letters);
    putchar('\n');
}

/* ---------------------------------------------------------------------------------- */
/* The engine player                                                                   */
/* ---------------------------------------------------------------------------------- */

static void show_progress(struct app *app, int depth, int score, long long nodes,
                          double time_ms, int pv_length, const gomoku_point *pv)
{
    char sbuf[32], mbuf[16];
    if (app->progress_tty)
        fputs("\r\033[K", stdout);
    printf("  thinking: depth %2d  score %-10s nodes %-10lld %7.0f ms  pv", depth,
           score_text(sbuf, sizeof sbuf, score), nodes, time_ms);
    /* A long PV wraps the terminal line, which \r cannot take back: show its start. */
    int shown = pv_length < 8 ? pv_length : 8;
    for (int i = 0; i < shown; i++)
        printf(" %s", move_text(mbuf, sizeof mbuf, app, pv[i]));
    if (shown < pv_length)
        fputs(" ...", stdout);
    if (app->progress_tty) {
        app->progress_shown = 1;
    } else {
        putchar('\n');
    }
    fflush(stdout);
}

static void end_progress(struct app *app)
{
    if (app->progress_shown) {
        putchar('\n');
        app->progress_shown = 0;
    }
}

static void on_progress(const gomoku_search_info *info, void *payload)
{
    show_progress(payload, info->depth, info->score, info->nodes, info->time_ms,
                  info->pv_length, info->pv);
}

/* Each level adds two plies, one move for each side. */
static int engine_think(struct think_result *out, struct app *app, int show)
{
    gomoku_limits limits;
    gomoku_search_result res;
    gomoku_limits_init(&limits);
    if (app->level > 0) {
        limits.depth = 2 * app->level;
    } else {
        limits.depth = 0;
        limits.time_ms = app->time_ms;
    }
    int rc = gomoku_set_progress_callback(app->engine, show ? on_progress : NULL, app);
    if (rc == GOMOKU_OK)
        rc = gomoku_search(&res, app->engine, &limits);
    gomoku_set_progress_callback(app->engine, NULL, NULL);
    end_progress(app);
    if (rc != GOMOKU_OK)
        return rc;
    out->best = res.best;
    out->score = res.score;
    out->depth = res.depth;
    out->nodes = res.nodes;
    out->time_ms = res.time_ms;
    out->pv_length = res.pv_length;
    memcpy(out->pv, res.pv, sizeof res.pv);
    return GOMOKU_OK;
}



/* ---------------------------------------------------------------------------------- */
/* Game records                                                                        */
/* ---------------------------------------------------------------------------------- */

/* Writes text to path; 0, or -1 with a message saying what failed. */
static int write_file(const char *path, const char *text, const char *what)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF) {
        printf("Cannot %s to %s: %s\n", what, path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        printf("Cannot %s to %s: %s\n", what, path, strerror(errno));
        return -1;
    }
    return 0;
}

static char record_text[16 * GOMOKU_MAX_CELLS + 256];

static int save_game(const struct app *app, const char *path)
{
    int rc = gomoku_write_record(record_text, sizeof record_text, app->engine,
                                 app_notation(app) == GOMOKU_NOTATION_RENJU
                                     ? GOMOKU_RECORD_MOVES_RENJU
                                     : GOMOKU_RECORD_MOVES_XY,
                                 NULL, NULL, NULL);
    if (rc != GOMOKU_OK) {
        printf("Cannot save: %s\n", gomoku_strerror(rc));
        return -1;
    }
    if (write_file(path, record_text, "save") != 0)
        return -1;
    printf("Saved %d moves to %s\n", gomoku_move_count(app->engine), path);
    return 0;
}

static const char *player_label(const struct app *app, int c)
{
    return app->player[c] == HUMAN ? "human" : "libgomoku";
}

/* Piskvork's .psq record, with each move's thinking time and the two players. */
static int export_psq(const struct app *app, const char *path)
{
    int rc = gomoku_write_record(record_text, sizeof record_text, app->engine,
                                 GOMOKU_RECORD_PSQ, app->move_ms,
                                 player_label(app, GOMOKU_BLACK),
                                 player_label(app, GOMOKU_WHITE));
    if (rc != GOMOKU_OK) {
        printf("Cannot export: %s\n", gomoku_strerror(rc));
        return -1;
    }
    if (write_file(path, record_text, "export") != 0)
        return -1;
    printf("Exported %d moves to %s\n", gomoku_move_count(app->engine), path);
    return 0;
}

/* Reads a whole (small) file; NULL with a message on failure. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("Cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len - 1 == 0) {
            if (cap >= (size_t)1 << 20)
                break; /* no game record is this big */
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* A plain move list or a Piskvork .psq (which also sets the board size). */
static int load_game(struct app *app, const char *path)
{
    char *text = read_file(path);
    if (!text)
        return -1;
    int rc = gomoku_read_record(app->move_ms, GOMOKU_MAX_CELLS, app->engine, text,
                                GOMOKU_RECORD_AUTO);
    free(text);
    if (rc != GOMOKU_OK) {
        printf("Cannot load %s: %s\n", path, gomoku_strerror(rc));
        return -1;
    }
    app->size = gomoku_size(app->engine);
    printf("Loaded %d moves from %s\n", gomoku_move_count(app->engine), path);
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* Playing                                                                             */
/* ---------------------------------------------------------------------------------- */

static void announce_state(const struct app *app)
{
    int state = gomoku_state_of(app->engine);
    gomoku_point line[GOMOKU_MAX_SIZE];
    int n = 0;
    char buf[16];
    if (state == GOMOKU_ONGOING)
        return;
    if (state == GOMOKU_DRAW) {
        printf("The board is full: draw.\n");
        return;
    }
    int winner = state == GOMOKU_BLACK_WINS ? GOMOKU_BLACK : GOMOKU_WHITE;
    gomoku_winning_line(line, &n, app->engine, GOMOKU_MAX_SIZE);
    if (n > 0) {
        printf("%s wins with", color_title(winner));
        for (int i = 0; i < n; i++)
            printf(" %s", move_text(buf, sizeof buf, app, line[i]));
        printf(".\n");
    } else {
        printf("%s wins: black played a forbidden move.\n", color_title(winner));
    }
}

static int play_and_show(struct app *app, int x, int y, int ms)
{
    int n = gomoku_move_count(app->engine);
    int rc = gomoku_play(app->engine, x, y);
    if (rc != GOMOKU_OK)
        return rc;
    if (n >= 0 && n < GOMOKU_MAX_CELLS)
        app->move_ms[n] = ms;
    draw_board(app);
    announce_state(app);
    return GOMOKU_OK;
}

static int engine_move(struct app *app)
{
    struct think_result r;
    char mbuf[16], sbuf[32];
    int side = gomoku_side_to_move(app->engine);
    printf("%s (engine) is thinking...\n", color_title(side));
    fflush(stdout);
    int rc = engine_think(&r, app, 1);
    if (rc != GOMOKU_OK) {
        printf("The engine failed: %s\n", gomoku_strerror(rc));
        return rc;
    }
    printf("%s (engine) plays %s  [depth %d, score %s, %lld nodes, %.0f ms]\n",
           color_title(side), move_text(mbuf, sizeof mbuf, app, r.best), r.depth,
           score_text(sbuf, sizeof sbuf, r.score), r.nodes, r.time_ms);
    rc = play_and_show(app, r.best.x, r.best.y, (int)(r.time_ms + 0.5));
    if (rc != GOMOKU_OK)
        printf("The engine's move %s was refused: %s\n", mbuf, gomoku_strerror(rc));
    return rc;
}

/* Undo: against the engine, back to the latest position where a human is to move. */
static void undo_command(struct app *app)
{
    int n = gomoku_move_count(app->engine);
    int k = 1;
    /* After undoing k plies, the side to move is the colour of move number n - k. */
    while (n - k >= 0 && app->player[(n - k) % 2 == 0 ? GOMOKU_BLACK : GOMOKU_WHITE] != HUMAN)
        k++;
    if (n - k < 0) {
        printf("Nothing to undo.\n");
        return;
    }
    for (int i = 0; i < k; i++)
        gomoku_undo(app->engine);
    printf("Took back %d move%s.\n", k, k == 1 ? "" : "s");
    draw_board(app);
}

static void hint_command(struct app *app)
{
    struct think_result r;
    char mbuf[16], sbuf[32];
    if (gomoku_state_of(app->engine) != GOMOKU_ONGOING) {
        printf("The game is over.\n");
        return;
    }
    int rc = engine_think(&r, app, 1);
    if (rc != GOMOKU_OK) {
        printf("No hint: %s\n", gomoku_strerror(rc));
        return;
    }
    printf("Hint: %s (score %s, depth %d)", move_text(mbuf, sizeof mbuf, app, r.best),
           score_text(sbuf, sizeof sbuf, r.score), r.depth);
    if (r.pv_length > 1) {
        printf("  line:");
        for (int i = 0; i < r.pv_length; i++)
            printf(" %s", move_text(mbuf, sizeof mbuf, app, r.pv[i]));
    }
    putchar('\n');
}

static void print_help(void)
{
    printf("Commands:\n"
           "  h8 | 7,7       play a move (column letter + row from the bottom, or x,y from 0)\n"
           "  undo           take back a move (against the engine: back to your turn)\n"
           "  hint           ask the engine for a move\n"
           "  board          show the board again\n"
           "  save FILE      save the moves as a plain move list\n"
           "  load FILE      load a move list (or a Piskvork .psq file)\n"
           "  export FILE    write the game as a Piskvork .psq record\n"
           "  quit           stop (end of input does the same)\n");
}

/* Returns 1 when the player asked to quit. */
static int human_command(struct app *app, char *line, double asked_at)
{
    char *cmd = trim(line);
    char *arg = cmd;
    while (*arg && !isspace((unsigned char)*arg))
        arg++;
    if (*arg)
        *arg++ = '\0';
    arg = trim(arg);

    if (*cmd == '\0')
        return 0;
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit") || !strcmp(cmd, "q"))
        return 1;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        print_help();
        return 0;
    }
    if (!strcmp(cmd, "board")) {
        draw_board(app);
        return 0;
    }
    if (!strcmp(cmd, "undo")) {
        undo_command(app);
        return 0;
    }
    if (!strcmp(cmd, "hint")) {
        hint_command(app);
        return 0;
    }
    if (!strcmp(cmd, "save") || !strcmp(cmd, "load") || !strcmp(cmd, "export")) {
        if (!*arg) {
            printf("%s needs a file name.\n", cmd);
            return 0;
        }
        if (!strcmp(cmd, "save"))
            save_game(app, arg);
        else if (!strcmp(cmd, "export"))
            export_psq(app, arg);
        else if (load_game(app, arg) == 0)
            draw_board(app);
        return 0;
    }

    /* Anything else should be a move; put the words back together ("7, 7"). */
    if (*arg)
        arg[-1] = ' ';
    int x, y, rc = gomoku_parse_move(&x, &y, app->engine, cmd);
    if (rc != GOMOKU_OK) {
        printf("'%s' is not a move or command (%s); type help for the commands.\n", cmd,
               gomoku_strerror(rc));
        return 0;
    }
    if (gomoku_state_of(app->engine) != GOMOKU_ONGOING) {
        printf("The game is over; undo, save, export or quit.\n");
        return 0;
    }
    if (app->rule == GOMOKU_RENJU && gomoku_side_to_move(app->engine) == GOMOKU_BLACK &&
        gomoku_cell(app->engine, x, y) == GOMOKU_EMPTY) {
        gomoku_forbid why = GOMOKU_FORBID_NONE;
        if (gomoku_forbidden(&why, app->engine, x, y) == GOMOKU_OK && why != GOMOKU_FORBID_NONE) {
            static const char *const reason[] = {"", "double three", "double four", "overline"};
            printf("%s is forbidden for black (%s); choose another move.\n", cmd, reason[why]);
            return 0;
        }
    }
    rc = play_and_show(app, x, y, (int)(now_ms() - asked_at + 0.5));
    if (rc != GOMOKU_OK)
        printf("Cannot play %s: %s\n", cmd, gomoku_strerror(rc));
    return 0;
}

/* Reads one line; 0 at end of input. Overlong lines are cut, the rest thrown away. */
static int read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin))
        return 0;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] != '\n' && !feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    return 1;
}

static void run(struct app *app)
{
    char line[LINE_MAX_LEN];
    int any_human = app->player[GOMOKU_BLACK] == HUMAN || app->player[GOMOKU_WHITE] == HUMAN;
    int over_shown = 0;

    draw_board(app);
    announce_state(app);
    for (;;) {
        int state = gomoku_state_of(app->engine);
        int side = gomoku_side_to_move(app->engine);
        if (state == GOMOKU_ONGOING) {
            over_shown = 0;
            if (app->player[side] == ENGINE) {
                if (engine_move(app) != GOMOKU_OK)
                    return;
                continue;
            }
            printf("%s to move> ", color_title(side));
        } else {
            if (!any_human)
                return;
            if (!over_shown)
                printf("Game over: undo, save FILE, export FILE, quit.\n");
            over_shown = 1;
            printf("> ");
        }
        fflush(stdout);
        double asked_at = now_ms();
        if (!read_line(line, sizeof line)) {
            putchar('\n');
            return;
        }
        if (app->echo)
            printf("%s%s", line, strchr(line, '\n') ? "" : "\n");
        if (human_command(app, line, asked_at))
            return;
    }
}

static void print_result(const struct app *app)
{
    switch (gomoku_state_of(app->engine)) {
    case GOMOKU_BLACK_WINS:
        printf("Result: black wins\n");
        break;
    case GOMOKU_WHITE_WINS:
        printf("Result: white wins\n");
        break;
    case GOMOKU_DRAW:
        printf("Result: draw\n");
        break;
    default:
        printf("Result: unfinished (%d moves, %s to move)\n", gomoku_move_count(app->engine),
               color_name(gomoku_side_to_move(app->engine)));
        break;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Command line                                                                        */
/* ---------------------------------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gomoku-play [options]\n"
            "  --size N                 board size, %d..%d (default 15)\n"
            "  --rule R                 freestyle, standard, renju or caro (default freestyle)\n"
            "  --black human|engine     who plays black (default human)\n"
            "  --white human|engine     who plays white (default engine)\n"
            "  --time MS                engine time per move in ms (default %d)\n"
            "  --level L                engine strength 1..%d: a fixed search depth instead\n"
            "  --load FILE              start from a saved move list or .psq record\n"
            "  --color, --no-color      force or turn off ANSI colour (NO_COLOR also turns it off)\n"
            "  --help, --version\n"
            "Moves: h8 (column letter, row from the bottom) or 7,7 (x,y from the top left, 0-based).\n"
            "Commands while playing: undo, hint, board, save FILE, load FILE, export FILE.psq,\n"
            "help, quit.\n",
            GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE, DEFAULT_TIME_MS, MAX_LEVEL);
}

static int parse_player(const char *s, enum player_kind *out)
{
    if (!strcmp(s, "human"))
        *out = HUMAN;
    else if (!strcmp(s, "engine") || !strcmp(s, "computer"))
        *out = ENGINE;
    else
        return -1;
    return 0;
}

static int parse_rule(const char *s, gomoku_rule *out)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, rule_names[i])) {
            *out = (gomoku_rule)i;
            return 0;
        }
    return -1;
}

int main(int argc, char **argv)
{
    struct app app;
    const char *load = NULL;
    int force_color = -1;

    memset(&app, 0, sizeof app);
    app.size = 15;
    app.rule = GOMOKU_FREESTYLE;
    app.player[GOMOKU_BLACK] = HUMAN;
    app.player[GOMOKU_WHITE] = ENGINE;
    app.time_ms = DEFAULT_TIME_MS;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int needs_value = !strcmp(a, "--size") || !strcmp(a, "--rule") || !strcmp(a, "--black") ||
                          !strcmp(a, "--white") || !strcmp(a, "--time") ||
                          !strcmp(a, "--level") || !strcmp(a, "--load");
        if (needs_value && !v) {
            fprintf(stderr, "gomoku-play: %s needs a value (try --help)\n", a);
            return 2;
        }
        char range[64] = ""; /* what the option accepts, for the error message */
        int bad = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("gomoku-play (libgomoku %s)\n", gomoku_version_string());
            return 0;
        } else if (!strcmp(a, "--size")) {
            bad = parse_int(v, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE, &app.size);
            snprintf(range, sizeof range, "%d..%d", GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE);
        } else if (!strcmp(a, "--rule")) {
            bad = parse_rule(v, &app.rule);
            snprintf(range, sizeof range, "%s", "freestyle, standard, renju or caro");
        } else if (!strcmp(a, "--black")) {
            bad = parse_player(v, &app.player[GOMOKU_BLACK]);
            snprintf(range, sizeof range, "%s", "human or engine");
        } else if (!strcmp(a, "--white")) {
            bad = parse_player(v, &app.player[GOMOKU_WHITE]);
            snprintf(range, sizeof range, "%s", "human or engine");
        } else if (!strcmp(a, "--time")) {
            bad = parse_int(v, 1, 3600000, &app.time_ms);
            app.level = 0;
            snprintf(range, sizeof range, "%s", "1..3600000 milliseconds");
        } else if (!strcmp(a, "--level")) {
            bad = parse_int(v, 1, MAX_LEVEL, &app.level);
            snprintf(range, sizeof range, "1..%d", MAX_LEVEL);
        } else if (!strcmp(a, "--load")) {
            load = v;
        } else if (!strcmp(a, "--color") || !strcmp(a, "--colour")) {
            force_color = 1;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            force_color = 0;
        } else {
            fprintf(stderr, "gomoku-play: unknown option '%s' (try --help)\n", a);
            return 2;
        }
        if (bad) {
            fprintf(stderr, "gomoku-play: %s must be %s, not '%s'\n", a, range, v);
            return 2;
        }
        if (needs_value)
            i++;
    }

    if (force_color >= 0) {
        app.color = force_color;
    } else {
        const char *nc = getenv("NO_COLOR");
        app.color = isatty(STDOUT_FILENO) && !(nc && *nc);
    }
    app.echo = !isatty(STDIN_FILENO);
    app.progress_tty = isatty(STDOUT_FILENO);

    int rc = gomoku_new(&app.engine, app.size, app.rule);
    if (rc != GOMOKU_OK) {
        fprintf(stderr, "gomoku-play: cannot create the engine: %s\n", gomoku_strerror(rc));
        return 1;
    }
    if (load && load_game(&app, load) != 0) {
        gomoku_free(app.engine);
        return 1;
    }
    printf("gomoku-play: %dx%d %s, black: %s, white: %s", app.size, app.size,
           rule_names[app.rule], app.player[GOMOKU_BLACK] == HUMAN ? "human" : "engine",
           app.player[GOMOKU_WHITE] == HUMAN ? "human" : "engine");
    if (app.level)
        printf(", engine level %d\n", app.level);
    else
        printf(", engine %d ms per move\n", app.time_ms);
    if (app.player[GOMOKU_BLACK] == HUMAN || app.player[GOMOKU_WHITE] == HUMAN)
        printf("Type a move (h8 or 7,7) or help.\n");

    run(&app);
    print_result(&app);
    gomoku_free(app.engine);
    return 0;
}
