/*
 * fuzz_pbrain.c - libFuzzer on pbrain-gomoku's protocol loop, without the process.
 *
 * The input is what a manager would send: bytes, split into lines by the program
 * itself. The harness includes examples/pbrain-gomoku.c, gives it a memory stream in
 * place of standard input and output, and plays the manager: it splits the input into
 * lines as the program does and, each time the program starts reading a new line, looks
 * at the answers to the line before. It keeps its own board from the commands the
 * program accepted and the moves it answered, and aborts (a finding) when
 *   - a move is off the board or on an occupied or blocked cell of that board,
 *   - an answer line is none of OK, ERROR, UNKNOWN, MESSAGE, DEBUG, SWAP, a move, a list
 *     of moves (SWAP2BOARD) or ABOUT's name=...,
 *   - a command that asks for a move (BEGIN, TURN, BOARD, PLAY) gets neither one move
 *     nor an ERROR, or gets more than one move,
 *   - PLAY x,y is answered with another move.
 * Each search is capped at THINK_MS, so a case is never long; ASan and UBSan catch the
 * rest. After a BOARD or SWAP2BOARD that ended in ERROR the harness no longer knows the
 * position (the program may or may not have set it up) and checks only that moves are on
 * the board, until the next START, RESTART or accepted BOARD.
 */
#define PB_NO_MAIN 1
#include "../examples/pbrain-gomoku.c"

#include <stdint.h>

#define THINK_MS 10
#define MAX_ANSWERS 64

typedef struct harness {
    const uint8_t *data;
    size_t size, pos;
    size_t line_start;       /* where the line being read began */
    int reading;             /* a line has been started */
    /* the answers since the last line began, one per entry (cut to 96 bytes) */
    char answers[MAX_ANSWERS][96];
    int nanswers;
    int overflow;            /* more answers than MAX_ANSWERS */
    /* the harness's board */
    int size_;               /* 0: no game */
    int known;               /* the cells below are the program's position */
    unsigned char cell[GOMOKU_MAX_SIZE][GOMOKU_MAX_SIZE]; /* 0 empty, 1 black, 2 white, 3 blocked */
    int stones;
    /* a BOARD or SWAP2BOARD block being read */
    int in_block;            /* 0, 1 BOARD, 2 SWAP2BOARD */
    int block_n;
    gomoku_point block_pt[GOMOKU_MAX_CELLS];
    int block_f[GOMOKU_MAX_CELLS];
    int block_bad;
} harness;

static harness H;

static void die(const char *what, const char *line)
{
    fprintf(stderr, "fuzz_pbrain: %s (command '%.80s')\n", what, line ? line : "");
    for (int i = 0; i < H.nanswers; i++)
        fprintf(stderr, "  answer: %s\n", H.answers[i]);
    abort();
}

/* The program's line rules (read_line): up to PB_LINE_MAX - 1 bytes kept, trailing
 * blanks and CR dropped; a NUL ends the text as C strings see it. */
static void line_at(char *out, size_t start, size_t end)
{
    size_t n = 0;
    for (size_t i = start; i < end && H.data[i] != '\n'; i++)
        if (n + 1 < PB_LINE_MAX)
            out[n++] = (char)H.data[i];
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t' || out[n - 1] == '\r'))
        n--;
    out[n] = '\0';
}

static int is_move(const char *s, long long *x, long long *y) { return parse_xy_only(x, y, s) == 0; }

static int starts(const char *s, const char *word)
{
    size_t n = strlen(word);
    return strncmp(s, word, n) == 0 && (s[n] == '\0' || s[n] == ' ');
}

static void clear_board(int size)
{
    H.size_ = size;
    H.known = 1;
    H.stones = 0;
    memset(H.cell, 0, sizeof H.cell);
}

/* A move the program says it plays: on the board, and on an empty cell when the board
 * is known. Then it is played on the harness's board. */
static void check_move(long long x, long long y, const char *line)
{
    if (H.size_ == 0)
        die("a move without a game", line);
    if (x < 0 || y < 0 || x >= H.size_ || y >= H.size_)
        die("a move off the board", line);
    if (H.known && H.cell[y][x] != 0)
        die("a move on an occupied cell", line);
}

static void place(long long x, long long y)
{
    H.cell[y][x] = (unsigned char)(H.stones % 2 == 0 ? 1 : 2);
    H.stones++;
}

/* Every answer line must be one the protocol knows. Returns the number of single-move
 * answers; *x, *y receive the last. *errors counts ERROR lines, *ok OK lines. */
static int classify(long long *x, long long *y, int *errors, int *ok, int *lists, const char *cmdline)
{
    int moves = 0;
    *errors = *ok = *lists = 0;
    for (int i = 0; i < H.nanswers; i++) {
        const char *a = H.answers[i];
        long long u, v;
        if (starts(a, "MESSAGE") || starts(a, "DEBUG") || starts(a, "UNKNOWN") ||
            starts(a, "SWAP") || strncmp(a, "name=", 5) == 0)
            continue;
        if (starts(a, "ERROR")) {
            (*errors)++;
            continue;
        }
        if (strcmp(a, "OK") == 0) {
            (*ok)++;
            continue;
        }
        if (is_move(a, &u, &v)) {
            moves++;
            *x = u;
            *y = v;
            continue;
        }
        /* "x,y x,y" or "x,y x,y x,y" (SWAP2BOARD) */
        const char *p = a;
        int k = 0;
        while (*p && parse_xy(&u, &v, &p) == 0) {
            k++;
            p = skip_blanks(p);
        }
        if (*p == '\0' && k >= 2 && k <= 3) {
            (*lists)++;
            continue;
        }
        die("an answer the protocol does not know", cmdline);
    }
    return moves;
}

/* The command `line` has been answered (H.answers): check the answers, update the board. */
static void settle(const char *line)
{
    long long x = -1, y = -1, cx, cy;
    int errors, ok, lists;
    if (H.overflow)
        die("more answer lines than a command can need", line);
    int moves = classify(&x, &y, &errors, &ok, &lists, line);

    if (H.in_block) {
        if (same_word(line, "END")) {
            H.in_block = 0;
            return;
        }
        if (!same_word(line, "DONE")) {
            if (line[0] == '\0')
                return;
            /* a stone line: x,y[,field] */
            long long f = -1;
            const char *p = line;
            if (parse_xy(&cx, &cy, &p) != 0) {
                H.block_bad = 1;
                return;
            }
            p = skip_blanks(p);
            if (*p == ',') {
                p++;
                if (parse_int(&f, &p) != 0)
                    H.block_bad = 1;
            }
            if (H.block_n < GOMOKU_MAX_CELLS && cx >= 0 && cy >= 0 && cx < GOMOKU_MAX_SIZE &&
                cy < GOMOKU_MAX_SIZE) {
                H.block_pt[H.block_n] = (gomoku_point){(int)cx, (int)cy};
                H.block_f[H.block_n++] = (int)f;
            } else {
                H.block_bad = 1;
            }
            return;
        }
        /* DONE: the answer to the whole block */
        int kind = H.in_block;
        H.in_block = 0;
        if (errors || H.size_ == 0) {
            /* refused, or set up and then refused: the position is unknown */
            if (moves)
                die("an ERROR and a move for one block", line);
            H.known = 0;
            return;
        }
        if (H.block_bad)
            die("a bad block accepted", line);
        clear_board(H.size_);
        for (int i = 0; i < H.block_n; i++) {
            gomoku_point q = H.block_pt[i];
            if (q.x >= H.size_ || q.y >= H.size_ || H.cell[q.y][q.x])
                die("a block with a stone off the board or doubled accepted", line);
            H.cell[q.y][q.x] = (unsigned char)(kind == 2 ? 1 + i % 2 : H.block_f[i] == 3 ? 3 : 1);
            if (H.block_f[i] != 3)
                H.stones++;
        }
        if (kind == 1) {
            if (moves != 1 || lists)
                die("BOARD answered without exactly one move", line);
            check_move(x, y, line);
            place(x, y);
        } else if (moves + lists > 1) {
            die("SWAP2BOARD answered twice", line);
        } else if (moves) {
            check_move(x, y, line);
        }
        /* a list of stones: each on an empty cell */
        for (int i = 0; i < H.nanswers && lists; i++) {
            const char *p = H.answers[i];
            long long u, v;
            if (!isdigit((unsigned char)*p) && *p != '-')
                continue;
            while (*p && parse_xy(&u, &v, &p) == 0) {
                check_move(u, v, line);
                p = skip_blanks(p);
            }
        }
        return;
    }

    char cmd[32];
    const char *p = skip_blanks(line);
    size_t k = 0;
    while (*p && *p != ' ' && *p != '\t' && k + 1 < sizeof cmd)
        cmd[k++] = (char)toupper((unsigned char)*p++);
    cmd[k] = '\0';
    const char *arg = skip_blanks(p);
    int wants_move = 0;

    if (strcmp(cmd, "START") == 0) {
        long long n;
        const char *q = arg;
        if (ok) {
            if (parse_int(&n, &q) != 0 || n < GOMOKU_MIN_SIZE || n > GOMOKU_MAX_SIZE)
                die("START with a bad size accepted", line);
            clear_board((int)n);
        }
    } else if (strcmp(cmd, "RECTSTART") == 0) {
        if (ok) {
            if (parse_xy_only(&cx, &cy, arg) != 0 || cx != cy || cx < GOMOKU_MIN_SIZE ||
                cx > GOMOKU_MAX_SIZE)
                die("RECTSTART with a bad size accepted", line);
            clear_board((int)cx);
        }
    } else if (strcmp(cmd, "RESTART") == 0) {
        if (ok && H.size_)
            clear_board(H.size_);
    } else if (strcmp(cmd, "BEGIN") == 0) {
        wants_move = 1;
        if (moves) {
            if (H.known && H.stones != 0)
                die("BEGIN answered on a board with stones", line);
            check_move(x, y, line);
            place(x, y);
        }
    } else if (strcmp(cmd, "TURN") == 0) {
        wants_move = 1;
        if (moves) {
            if (parse_xy_only(&cx, &cy, arg) != 0)
                die("TURN with a bad move answered", line);
            check_move(cx, cy, line); /* the opponent's move was legal too */
            place(cx, cy);
            check_move(x, y, line);
            place(x, y);
        } else if (H.size_ && parse_xy_only(&cx, &cy, arg) == 0 && cx >= 0 && cy >= 0 &&
                   cx < H.size_ && cy < H.size_ && !(H.known && H.cell[cy][cx])) {
            /* A playable move and still an ERROR: the board was full after it, and the
             * program may have kept the move. */
            H.known = 0;
        }
    } else if (strcmp(cmd, "PLAY") == 0) {
        wants_move = 1;
        if (moves) {
            if (parse_xy_only(&cx, &cy, arg) != 0 || cx != x || cy != y)
                die("PLAY answered with another move", line);
            check_move(x, y, line);
            place(x, y);
        }
    } else if (strcmp(cmd, "TAKEBACK") == 0) {
        if (ok) {
            if (parse_xy_only(&cx, &cy, arg) != 0 || cx < 0 || cy < 0 || cx >= H.size_ ||
                cy >= H.size_)
                die("TAKEBACK of a bad cell accepted", line);
            if (H.known && (H.cell[cy][cx] == 0 || H.cell[cy][cx] == 3))
                die("TAKEBACK of an empty cell accepted", line);
            H.cell[cy][cx] = 0;
            H.stones--;
        }
    } else if (strcmp(cmd, "BOARD") == 0 || strcmp(cmd, "SWAP2BOARD") == 0) {
        H.in_block = cmd[0] == 'B' ? 1 : 2;
        H.block_n = 0;
        H.block_bad = 0;
    }
    if (wants_move) {
        if (moves > 1)
            die("more than one move for one command", line);
        if (!moves && !errors)
            die("a command that asks for a move got neither a move nor an ERROR", line);
        if (moves && errors)
            die("a move and an ERROR for one command", line);
    } else if (moves && strcmp(cmd, "BOARD") != 0 && strcmp(cmd, "SWAP2BOARD") != 0) {
        die("a move nobody asked for", line);
    }
}

/* The answers so far belong to the line that began at line_start. */
static void settle_line(size_t end)
{
    static char line[PB_LINE_MAX];
    line_at(line, H.line_start, end);
    settle(line);
    H.nanswers = 0;
    H.overflow = 0;
}

static int harness_get(void *ctx)
{
    (void)ctx;
    if (H.pos >= H.size)
        return EOF;
    /* The program starts a new line: it has answered the one before. */
    if (H.pos == 0 || H.data[H.pos - 1] == '\n') {
        if (H.reading)
            settle_line(H.pos);
        H.reading = 1;
        H.line_start = H.pos;
    }
    return H.data[H.pos++];
}

static void harness_put(void *ctx, const char *line)
{
    (void)ctx;
    if (H.nanswers >= MAX_ANSWERS) {
        H.overflow = 1;
        return;
    }
    snprintf(H.answers[H.nanswers++], sizeof H.answers[0], "%s", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pb_state pb;
    memset(&H, 0, sizeof H);
    H.data = data;
    H.size = size;
    pb_init(&pb);
    pb.think_cap_ms = THINK_MS;
    io = (pb_io){harness_get, harness_put, NULL};
    pb_loop(&pb);
    /* The last line read (END, or the end of the input) */
    if (H.reading)
        settle_line(H.pos);
    gomoku_free(pb.eng);
    return 0;
}
