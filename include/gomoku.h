/*
 * gomoku.h - the public interface of libgomoku, a Gomoku (five-in-a-row) engine library.
 *
 * This header is the reference. Conventions that hold for every function below:
 *
 * ERRORS     Functions that can fail return int: 0 (GOMOKU_OK) on success or a negative
 *            GOMOKU_E* code. gomoku_strerror() names every code. A call that fails leaves
 *            the engine exactly as it was. Getters that return a count or a value return
 *            it directly (>= 0) and a negative code on bad input.
 * OUTPUTS    Output parameters come first, then the engine, then the inputs.
 * OWNERSHIP  The library never keeps a pointer the caller passed in, except the callbacks
 *            and their payloads, which must stay valid until replaced or the engine is
 *            freed. Strings the library returns are static and must not be freed.
 * THREADING  No global mutable state: any number of engines may be used at once, each
 *            from one thread at a time. The one call allowed from another thread while
 *            a search runs on an engine is gomoku_stop() on that engine.
 * MEMORY     An engine holds its position (about 100 KB) and its hash table (16 MB by
 *            default, see gomoku_set_hash_size(); allocated at the first search). From
 *            its first search on it also keeps the searches' working memory, touched
 *            when made (the threat worker's by the worker, beside the main search), so
 *            that no later search waits on fresh pages (a stopped search
 *            returns within about a millisecond of work): about 1 MB per search thread
 *            (and 100 KB per extra thread, for its copy of the engine), and the threat
 *            solver's tables, sized for the largest node budgets a search has had, up to
 *            14 MB (one thread on a clock of more than about 2 s a move, any clock in
 *            renju, adds up to 10 MB for the mover's threat search that goes on between
 *            iterations; with three threads or more, the threat worker has up to 24 MB).
 *            gomoku_set_hash_size() and gomoku_free() free it (the next search makes it
 *            again, for its own needs). gomoku_vcf() and gomoku_vct() work in those tables
 *            when they are large enough, else in their own, freed before they return.
 *            On Linux, tables of 2 MB or more are mapped on their own and marked for
 *            transparent huge pages (madvise); they never take more than their size.
 * NO MEMORY  Only these calls can return GOMOKU_ENOMEM: gomoku_new(), gomoku_set_hash_size()
 *            (the old table is kept), gomoku_search() (the hash table at the first search,
 *            its per-thread records), gomoku_textbook_search() and gomoku_game_search().
 *            Memory that only speeds a call up is done without when it cannot be had:
 *            the threat solvers' tables and memos, and threads that cannot be started
 *            (the search goes on with fewer). So gomoku_vcf() and gomoku_vct() never
 *            return it; short of memory they may find less (found = 0), never a wrong
 *            win. A failed allocation leaks nothing and the engine stays usable; the
 *            other calls allocate nothing. test/test_alloc.c fails, one at a time, every
 *            allocation these calls make (gomoku_game_search() through the textbook
 *            search it shares).
 * COORDINATES x is the column (0 = left), y is the row (0 = top), both zero-based, as in
 *            the Gomocup protocol. Renju notation ("h8") names columns a, b, c, ... from
 *            the left and rows 1, 2, 3, ... from the bottom.
 * COLOURS    Black moves first. The side to move alternates; there is no pass.
 * SCORES     From the point of view of the side to move. Forced results are coded as
 *            GOMOKU_SCORE_WIN - plies (a win in that many plies) and its negation.
 * OPTIONS    The option structs (gomoku_limits, gomoku_textbook_options) carry a version
 *            and only ever grow at the end; a field added later means "as before" when
 *            0. A program built against an older header keeps working with every later
 *            library of the same major version: the library reads only the fields its
 *            version had and takes the newer ones as 0. Fill a struct with its _init()
 *            function; a version newer than the library knows is GOMOKU_EVERSION.
 *
 * Copyright (c) 2026 the libgomoku authors. MIT licence (see LICENSE).
 */
#ifndef GOMOKU_H
#define GOMOKU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version: written once here; the Makefile reads these three lines. */
#define GOMOKU_VERSION_MAJOR 0
#define GOMOKU_VERSION_MINOR 1
#define GOMOKU_VERSION_PATCH 0
#define GOMOKU_VERSION_NUMBER \
    (GOMOKU_VERSION_MAJOR * 10000 + GOMOKU_VERSION_MINOR * 100 + GOMOKU_VERSION_PATCH)

#if defined(GOMOKU_BUILDING) && defined(__GNUC__)
#define GOMOKU_API __attribute__((visibility("default")))
#else
#define GOMOKU_API
#endif

/* ---------------------------------------------------------------------------------- */
/* Result codes                                                                        */
/* ---------------------------------------------------------------------------------- */

#define GOMOKU_OK 0
#define GOMOKU_EINVAL (-1)      /* a NULL pointer or an argument outside its domain */
#define GOMOKU_ERANGE (-2)      /* a coordinate off the board, or a size not supported */
#define GOMOKU_EOCCUPIED (-3)   /* the cell already holds a stone */
#define GOMOKU_EGAMEOVER (-4)   /* the game has ended: no further move may be played */
#define GOMOKU_ENOMOVE (-5)     /* nothing to undo, or no legal move to search */
#define GOMOKU_ESYNTAX (-6)     /* a move or move list that cannot be parsed */
#define GOMOKU_ENOMEM (-7)      /* memory could not be allocated */
#define GOMOKU_ERULE (-8)       /* not meaningful under this rule, or an unknown rule */
#define GOMOKU_EBUFFER (-9)     /* an output buffer is too small */
#define GOMOKU_EBUSY (-10)      /* a search is running on this engine */
#define GOMOKU_EVERSION (-11)   /* an options struct's version is 0 or newer than the library */

/* Static text for any result code (an unknown code gives "unknown error"); never NULL. */
GOMOKU_API const char *gomoku_strerror(int code);

/* Runtime twin of GOMOKU_VERSION_NUMBER, and "MAJOR.MINOR.PATCH" as static text. */
GOMOKU_API int gomoku_version_number(void);
GOMOKU_API const char *gomoku_version_string(void);

/* ---------------------------------------------------------------------------------- */
/* Engine, board and rules                                                             */
/* ---------------------------------------------------------------------------------- */

#define GOMOKU_MIN_SIZE 5
#define GOMOKU_MAX_SIZE 32
#define GOMOKU_MAX_CELLS (GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE)

typedef struct gomoku_engine gomoku_engine;

typedef enum gomoku_rule {
    GOMOKU_FREESTYLE = 0, /* five or more in a row wins */
    GOMOKU_STANDARD = 1,  /* exactly five wins; an overline does not */
    GOMOKU_RENJU = 2,     /* black: exactly five, overline/double-four/double-three forbidden
                             (playing one loses); white: five or more wins */
    GOMOKU_CARO = 3       /* exactly five wins unless both of its ends are blocked by
                             opponent stones; the board edge does not block; overlines
                             do not win (Gomocup rule bit 8) */
} gomoku_rule;

typedef enum gomoku_color {
    GOMOKU_EMPTY = 0,
    GOMOKU_BLACK = 1,
    GOMOKU_WHITE = 2
} gomoku_color;

typedef enum gomoku_state {
    GOMOKU_ONGOING = 0,
    GOMOKU_BLACK_WINS = 1,
    GOMOKU_WHITE_WINS = 2,
    GOMOKU_DRAW = 3 /* the board is full */
} gomoku_state;

/* Why a renju move is forbidden for black (GOMOKU_FORBID_NONE: it is not). */
typedef enum gomoku_forbid {
    GOMOKU_FORBID_NONE = 0,
    GOMOKU_FORBID_DOUBLE_THREE = 1,
    GOMOKU_FORBID_DOUBLE_FOUR = 2,
    GOMOKU_FORBID_OVERLINE = 3
} gomoku_forbid;

typedef struct gomoku_point {
    int x; /* column, 0-based; -1 when there is no move */
    int y; /* row, 0-based (0 = top); -1 when there is no move */
} gomoku_point;

/*
 * Creates an engine with an empty size x size board (GOMOKU_MIN_SIZE..GOMOKU_MAX_SIZE)
 * under `rule`, with default evaluation weights, a 16 MB hash table and no callbacks.
 * *out receives the engine (NULL on failure); free it with gomoku_free().
 * Errors: GOMOKU_EINVAL (out NULL), GOMOKU_ERANGE (size), GOMOKU_ERULE (rule),
 * GOMOKU_ENOMEM.
 */
GOMOKU_API int gomoku_new(gomoku_engine **out, int size, gomoku_rule rule);

/* Frees the engine and everything it owns. NULL is a harmless no-op. */
GOMOKU_API void gomoku_free(gomoku_engine *engine);

/*
 * Starts a new game, keeping weights, callbacks and hash size. The hash table is cleared.
 * size and rule as in gomoku_new(). Errors: GOMOKU_EINVAL, GOMOKU_ERANGE, GOMOKU_ERULE,
 * GOMOKU_EBUSY.
 */
GOMOKU_API int gomoku_reset(gomoku_engine *engine, int size, gomoku_rule rule);

/* Board size, or GOMOKU_EINVAL. */
GOMOKU_API int gomoku_size(const gomoku_engine *engine);
/* The rule (a gomoku_rule value), or GOMOKU_EINVAL. */
GOMOKU_API int gomoku_rule_of(const gomoku_engine *engine);

/*
 * Plays a stone of the side to move at (x, y). In renju a forbidden black move is played
 * and loses: the game ends with GOMOKU_WHITE_WINS (check gomoku_forbidden() first to
 * refuse it instead). Errors: GOMOKU_EINVAL (engine NULL), GOMOKU_ERANGE (off the
 * board), GOMOKU_EOCCUPIED, GOMOKU_EGAMEOVER, GOMOKU_EBUSY.
 */
GOMOKU_API int gomoku_play(gomoku_engine *engine, int x, int y);

/* Takes back the last move. Errors: GOMOKU_EINVAL, GOMOKU_ENOMOVE (no move), GOMOKU_EBUSY. */
GOMOKU_API int gomoku_undo(gomoku_engine *engine);

/* The colour at (x, y) (a gomoku_color value), or GOMOKU_EINVAL / GOMOKU_ERANGE. */
GOMOKU_API int gomoku_cell(const gomoku_engine *engine, int x, int y);

/* The side to move (GOMOKU_BLACK or GOMOKU_WHITE), or GOMOKU_EINVAL. */
GOMOKU_API int gomoku_side_to_move(const gomoku_engine *engine);

/* Number of stones played, or GOMOKU_EINVAL. */
GOMOKU_API int gomoku_move_count(const gomoku_engine *engine);

/*
 * Copies the moves played so far, in order, to out[0 .. min(capacity, count) - 1] and
 * their number to *count. Errors: GOMOKU_EINVAL (NULL, capacity < 0), GOMOKU_EBUFFER
 * (capacity smaller than the number of moves; *count still says how many are needed).
 */
GOMOKU_API int gomoku_moves(gomoku_point *out, int *count, const gomoku_engine *engine,
                            int capacity);

/* The game state (a gomoku_state value), or GOMOKU_EINVAL. */
GOMOKU_API int gomoku_state_of(const gomoku_engine *engine);

/*
 * When the game was won by a line, copies its stones to out (ordered along the line,
 * at most `capacity`) and their number to *count; *count is 0 when there is no winning
 * line (game on, draw, or a forbidden-move loss). Errors: GOMOKU_EINVAL,
 * GOMOKU_EBUFFER (capacity smaller than the line; GOMOKU_MAX_SIZE always suffices).
 */
GOMOKU_API int gomoku_winning_line(gomoku_point *out, int *count, const gomoku_engine *engine,
                                   int capacity);

/*
 * Whether a black stone at the empty cell (x, y) would be forbidden under renju in the
 * current position (whoever is to move), and why. A move that makes exactly five is
 * never forbidden. Errors: GOMOKU_EINVAL, GOMOKU_ERANGE, GOMOKU_EOCCUPIED,
 * GOMOKU_ERULE (the rule is not renju).
 */
GOMOKU_API int gomoku_forbidden(gomoku_forbid *why, const gomoku_engine *engine, int x, int y);

/* 64-bit Zobrist hash of the position (stones and side to move); 0 for NULL. */
GOMOKU_API uint64_t gomoku_hash(const gomoku_engine *engine);

/* ---------------------------------------------------------------------------------- */
/* Move notation                                                                       */
/* ---------------------------------------------------------------------------------- */

typedef enum gomoku_notation {
    GOMOKU_NOTATION_XY = 0,   /* "7,7": Gomocup x,y, zero-based */
    GOMOKU_NOTATION_RENJU = 1 /* "h8": column letter from a, row number from the bottom;
                                 boards up to 26 columns */
} gomoku_notation;

/*
 * Parses one move, "x,y" or "h8" (letters in either case, surrounding blanks ignored),
 * for this engine's board size, into *x and *y. The cell need not be empty. Numbers are
 * read whole, whatever their length: text of a move's form that names a cell off the
 * board ("h0", "p8" on 15x15, "h99999999999999999999", "15,0") is GOMOKU_ERANGE; text
 * not of that form ("zz", "8h", "-1,2") is GOMOKU_ESYNTAX.
 * Errors: GOMOKU_EINVAL, GOMOKU_ESYNTAX, GOMOKU_ERANGE (off the board).
 */
GOMOKU_API int gomoku_parse_move(int *x, int *y, const gomoku_engine *engine, const char *text);

/*
 * Writes (x, y) in `notation` to buf as a NUL-terminated string (at most 8 bytes are ever
 * needed). Errors: GOMOKU_EINVAL, GOMOKU_ERANGE, GOMOKU_EBUFFER.
 */
GOMOKU_API int gomoku_format_move(char *buf, size_t bufsize, const gomoku_engine *engine,
                                  int x, int y, gomoku_notation notation);

/*
 * Plays a whole move list, tokens separated by blanks or semicolons ("h8 i9 j8" or
 * "7,7 8,6"). All or nothing: on any error no move of the list stays played.
 * Errors: those of gomoku_parse_move() and gomoku_play().
 */
GOMOKU_API int gomoku_play_moves(gomoku_engine *engine, const char *moves);

/*
 * Writes the moves played so far as a blank-separated list in `notation`.
 * Errors: GOMOKU_EINVAL, GOMOKU_ERANGE (renju notation on a board of more than 26
 * columns), GOMOKU_EBUFFER (buf unchanged beyond its first byte).
 */
GOMOKU_API int gomoku_format_moves(char *buf, size_t bufsize, const gomoku_engine *engine,
                                   gomoku_notation notation);

/* ---------------------------------------------------------------------------------- */
/* Game records                                                                        */
/* ---------------------------------------------------------------------------------- */

typedef enum gomoku_record_format {
    GOMOKU_RECORD_AUTO = 0,        /* reading only: .psq when the text starts with
                                      "Piskvorky", else a move list */
    GOMOKU_RECORD_MOVES_XY = 1,    /* a move list as gomoku_play_moves() takes it ("7,7
                                      8,6"; either notation is read); '#' starts a comment
                                      that runs to the end of the line */
    GOMOKU_RECORD_MOVES_RENJU = 2, /* the same, written in renju notation ("h8 i9") */
    GOMOKU_RECORD_PSQ = 3          /* Piskvork: "Piskvorky WxH, 11:11, 0", then one
                                      "x,y,ms" line per move (1-based, thinking time in
                                      ms), then free lines (the players' names, "-1") */
} gomoku_record_format;

/*
 * Replaces the game with the one in the record `text` (NUL-terminated): the engine is
 * reset (as gomoku_reset(): the hash table is cleared, weights and callbacks kept) to the
 * record's board size (a .psq says it; a move list keeps the engine's size) and rule, and
 * the moves are played. All or nothing: on any error the engine is unchanged. When
 * times_ms is not NULL it receives the thinking time of the first times_capacity moves
 * (0 for a move list). Errors: GOMOKU_EINVAL, GOMOKU_ESYNTAX (GOMOKU_RECORD_PSQ asked
 * for and no .psq header; a move that cannot be parsed), GOMOKU_ERANGE (a non-square or
 * unsupported .psq board, a move off the board), GOMOKU_EOCCUPIED, GOMOKU_EGAMEOVER (a
 * move after the end of the game), GOMOKU_EBUSY, GOMOKU_ENOMEM.
 */
GOMOKU_API int gomoku_read_record(int *times_ms, int times_capacity, gomoku_engine *engine,
                                  const char *text, gomoku_record_format format);

/*
 * Writes the game played so far to buf as a NUL-terminated record in `format` (not
 * GOMOKU_RECORD_AUTO), ending with a newline. For .psq: times_ms (NULL: all 0) gives each
 * move's thinking time, and black_name and white_name (each NULL: left out; no line
 * breaks) the players. 16 bytes per move and the names' lengths plus 64 always suffice.
 * Errors: GOMOKU_EINVAL, GOMOKU_ERANGE (renju notation on more than 26 columns),
 * GOMOKU_EBUFFER (buf then holds "").
 */
GOMOKU_API int gomoku_write_record(char *buf, size_t bufsize, const gomoku_engine *engine,
                                   gomoku_record_format format, const int *times_ms,
                                   const char *black_name, const char *white_name);

/* ---------------------------------------------------------------------------------- */
/* A picture of the position                                                           */
/* ---------------------------------------------------------------------------------- */

#define GOMOKU_SVG_NUMBERS 1u      /* each stone shows its move number */
#define GOMOKU_SVG_COORDINATES 2u  /* column letters and row numbers around the board */
/* A buffer this large holds any picture gomoku_write_svg() makes. */
#define GOMOKU_SVG_BUFSIZE (512 * 1024)

/*
 * Writes the position as an SVG 1.1 picture (NUL-terminated, no scripts or external
 * references) to buf: the board, the stones, the last move ringed in red, the winning
 * line drawn through when there is one, and, when pv_length > 0, a line of play from the
 * side to move (for example a search result's pv: pv[0], the best move, ringed in green)
 * as numbered ghost stones joined by arrows. flags: GOMOKU_SVG_* or-ed together.
 * The stones are <circle class="stone black"> / "stone white" elements, so a script can
 * count them. Errors: GOMOKU_EINVAL (NULL, unknown flags, pv_length outside
 * 0..GOMOKU_MAX_PV), GOMOKU_ERANGE (a pv move off the board), GOMOKU_EOCCUPIED (a pv move
 * on a stone or twice in the line), GOMOKU_EBUFFER (buf then holds "").
 */
GOMOKU_API int gomoku_write_svg(char *buf, size_t bufsize, const gomoku_engine *engine,
                                const gomoku_point *pv, int pv_length, unsigned flags);

/* ---------------------------------------------------------------------------------- */
/* Evaluation                                                                          */
/* ---------------------------------------------------------------------------------- */

/*
 * Line patterns. For every empty cell, in each of the four directions, and for each
 * side, the evaluation knows the best shape that side would make on that line by
 * playing there. A side "has an open three" exactly where it has points of class
 * GOMOKU_PAT_OPEN_FOUR (a stone there makes an open four), "has a four" where it has
 * GOMOKU_PAT_FIVE points, and so on. The counts below are counts of such
 * (empty cell, direction) points.
 */
typedef enum gomoku_pattern {
    GOMOKU_PAT_FIVE = 0,       /* a stone here makes five: the side has a four here */
    GOMOKU_PAT_OPEN_FOUR = 1,  /* makes a four with two winning points (open four) */
    GOMOKU_PAT_FOUR = 2,       /* makes a four with one winning point (closed four) */
    GOMOKU_PAT_OPEN_THREE = 3, /* makes a three that can become an open four */
    GOMOKU_PAT_THREE = 4,      /* makes a three that can only become a closed four */
    GOMOKU_PAT_OPEN_TWO = 5,   /* makes a two that can become an open three */
    GOMOKU_PAT_TWO = 6,        /* makes a two that can only become a closed three */
    GOMOKU_PAT_ONE = 7,        /* makes a single stone that can still grow into a two */
    GOMOKU_PAT_COUNT = 8
} gomoku_pattern;

/*
 * Combination points: empty cells where one stone would make two threats at once (the
 * cell's four line patterns taken together). Counted once per cell and side.
 */
typedef enum gomoku_combo {
    GOMOKU_COMBO_DOUBLE_THREE = 0, /* two open threes (never counted for black in renju,
                                      where it is a forbidden move) */
    GOMOKU_COMBO_FOUR_THREE = 1,   /* a four and an open three */
    GOMOKU_COMBO_OPEN_FOUR = 2,    /* an open four, or two fours */
    GOMOKU_COMBO_COUNT = 3
} gomoku_combo;

/*
 * The evaluation's weights. score = sum over patterns of own[p] * (the mover's count of
 * p) - opp[p] * (the opponent's count of p), plus the same over combination points with
 * combo_own and combo_opp; then the turn rules: the mover with a five point wins
 * (win_score); an opponent with two distinct five points, that the mover cannot both
 * block, wins (-win_score); the mover with an open-four point and no opponent five point
 * is winning (win_score / 2).
 */
typedef struct gomoku_weights {
    int own[GOMOKU_PAT_COUNT];
    int opp[GOMOKU_PAT_COUNT];
    int win_score; /* the value of a static win; must be below GOMOKU_SCORE_WIN - 1000 */
    int combo_own[GOMOKU_COMBO_COUNT]; /* per combination point of the mover */
    int combo_opp[GOMOKU_COMBO_COUNT]; /* per combination point of the opponent */
} gomoku_weights;

/* Breakdown of a static evaluation. Index 0 is black, 1 white. */
typedef struct gomoku_eval_info {
    int score;                            /* as gomoku_evaluate() returns it */
    int side_to_move;                     /* GOMOKU_BLACK or GOMOKU_WHITE */
    int patterns[2][GOMOKU_PAT_COUNT];    /* counts of pattern points per side */
    int pattern_score[2];                 /* weighted sum of each side's patterns and
                                             combination points, as own (at most
                                             INT_MAX) */
    int custom;                           /* 1 when a user callback gave the score */
    int combos[2][GOMOKU_COMBO_COUNT];    /* counts of combination points per side */
} gomoku_eval_info;

/*
 * A user evaluation: returns the score of the engine's position from the side to move's
 * point of view, within +-(GOMOKU_SCORE_WIN - 1000). It may call the read-only
 * functions of this header on `engine` (gomoku_cell, gomoku_side_to_move, gomoku_moves,
 * gomoku_eval_breakdown, ...) but must not change the position. Called from inside the
 * callback, gomoku_evaluate() and gomoku_eval_breakdown() on `engine` give the built-in
 * evaluation (custom 0) instead of calling the callback again.
 */
typedef int (*gomoku_eval_fn)(const gomoku_engine *engine, void *payload);

/*
 * The built-in evaluation's model. GOMOKU_EVAL_WEIGHTS is the weighted pattern count
 * above (gomoku_weights). GOMOKU_EVAL_FITTED scores each empty cell by the combination of
 * its four line patterns, for the mover and for the opponent, from tables fitted to what
 * the library's own search finds or to game results (bench/fit-combo.py: freestyle's,
 * which standard and renju read too, and one fitted to standard's games, which caro
 * reads); empty space counts as on 15x15, where they were fitted (an empty board is worth
 * as much on every size, and stones far from the edges the same on any larger board);
 * it keeps the same turn rules and win_score of the weights and ignores their other
 * values. GOMOKU_EVAL_DEFAULT, what a new engine has, is the model the library measured
 * best under the engine's rule (gomoku_get_eval_model says which). The textbook searches
 * always evaluate with the weights.
 */
typedef enum gomoku_eval_model {
    GOMOKU_EVAL_DEFAULT = 0,
    GOMOKU_EVAL_WEIGHTS = 1,
    GOMOKU_EVAL_FITTED = 2
} gomoku_eval_model;

/* The default weights (the values the engine starts with). */
GOMOKU_API void gomoku_default_weights(gomoku_weights *out);
/* Reads the weights in use. Errors: GOMOKU_EINVAL. */
GOMOKU_API int gomoku_get_weights(gomoku_weights *out, const gomoku_engine *engine);
/* Sets the weights (every value in 0..1000000; win_score in 1..GOMOKU_SCORE_WIN-1001).
 * Errors: GOMOKU_EINVAL, GOMOKU_EBUSY. */
GOMOKU_API int gomoku_set_weights(gomoku_engine *engine, const gomoku_weights *weights);
/* Selects the built-in evaluation's model; kept by gomoku_reset(). Errors:
 * GOMOKU_EINVAL (NULL or not a gomoku_eval_model), GOMOKU_EBUSY. */
GOMOKU_API int gomoku_set_eval_model(gomoku_engine *engine, gomoku_eval_model model);
/* The model the engine evaluates with under its rule (never GOMOKU_EVAL_DEFAULT).
 * Errors: GOMOKU_EINVAL. */
GOMOKU_API int gomoku_get_eval_model(gomoku_eval_model *out, const gomoku_engine *engine);
/* Installs (or with fn NULL removes) a user evaluation used by every search instead of
 * the built-in one. Errors: GOMOKU_EINVAL, GOMOKU_EBUSY. */
GOMOKU_API int gomoku_set_eval_callback(gomoku_engine *engine, gomoku_eval_fn fn, void *payload);

/* The static evaluation of the position for the side to move (the callback's when one
 * is installed). Writes it to *score. When the game is over, *score is its result
 * instead, from the side to move's point of view, and no callback is called:
 * -GOMOKU_SCORE_WIN when the side to move has lost (the opponent made five),
 * GOMOKU_SCORE_WIN when it has won (renju: black played a forbidden move, white to move),
 * GOMOKU_SCORE_DRAW for a full board. Errors: GOMOKU_EINVAL. */
GOMOKU_API int gomoku_evaluate(int *score, const gomoku_engine *engine);
/* The built-in evaluation and its breakdown (the callback is reported in `custom` and
 * `score` only). A finished game has the result's score, as gomoku_evaluate() gives it,
 * custom 0, and the counts of its stones. Errors: GOMOKU_EINVAL. */
GOMOKU_API int gomoku_eval_breakdown(gomoku_eval_info *out, const gomoku_engine *engine);

/* ---------------------------------------------------------------------------------- */
/* Scores                                                                              */
/* ---------------------------------------------------------------------------------- */

#define GOMOKU_SCORE_WIN 30000
#define GOMOKU_SCORE_DRAW 0
/* Scores beyond this are forced results: GOMOKU_SCORE_WIN - n is a win in n plies. */
#define GOMOKU_SCORE_WIN_MIN (GOMOKU_SCORE_WIN - 1000)
#define GOMOKU_SCORE_IS_WIN(s) ((s) >= GOMOKU_SCORE_WIN_MIN)
#define GOMOKU_SCORE_IS_LOSS(s) ((s) <= -GOMOKU_SCORE_WIN_MIN)

#define GOMOKU_MAX_PV 64

/* ---------------------------------------------------------------------------------- */
/* Textbook searches: minimax, alpha-beta, negamax, negamax with alpha-beta            */
/* ---------------------------------------------------------------------------------- */

typedef enum gomoku_algo {
    GOMOKU_ALGO_MINIMAX = 0,    /* plain minimax, no pruning */
    GOMOKU_ALGO_ALPHABETA = 1,  /* minimax with alpha-beta pruning */
    GOMOKU_ALGO_NEGAMAX = 2,    /* negamax, no pruning */
    GOMOKU_ALGO_NEGAMAX_AB = 3  /* negamax with alpha-beta pruning */
} gomoku_algo;

#define GOMOKU_TEXTBOOK_OPTIONS_VERSION 1

typedef struct gomoku_textbook_options {
    unsigned version;       /* GOMOKU_TEXTBOOK_OPTIONS_VERSION */
    int depth;              /* plies, 1..GOMOKU_MAX_PV (default 2) */
    int radius;             /* candidates: empty cells within this Chebyshev distance of a
                               stone, 1..4 (default 2); the centre on an empty board */
    int ordering;           /* nonzero: order moves by the static evaluation after each
                               move, best first (default 1) */
    int prune_percent;      /* 0..90: drop the worst this-% of ordered moves at every
                               node (forward pruning; implies ordering; default 0) */
    long long node_limit;   /* stop after this many nodes (0 = none; default 0) */
} gomoku_textbook_options;

typedef struct gomoku_search_stats {
    long long nodes;        /* positions visited, root included */
    long long evaluations;  /* static evaluations (leaves and ordering) */
    long long cutoffs;      /* alpha-beta cut-offs */
    double branching;       /* average number of moves searched per interior node */
    double time_ms;         /* wall-clock time */
} gomoku_search_stats;

typedef struct gomoku_textbook_result {
    gomoku_point best;      /* {-1,-1} only when the search had no move */
    int value;              /* from the side to move's point of view */
    int depth;              /* the depth searched */
    int complete;           /* 0 when the node limit cut the search short */
    int pv_length;
    gomoku_point pv[GOMOKU_MAX_PV];
    gomoku_search_stats stats;
} gomoku_textbook_result;

/* Fills *opts with the defaults above (and the version). */
GOMOKU_API void gomoku_textbook_options_init(gomoku_textbook_options *opts);

/*
 * Searches the engine's position to a fixed depth with one of the textbook algorithms
 * and writes the result. opts NULL means the defaults. The position is unchanged after
 * the call; *out is written only on success. The textbook searches are bounded by depth
 * and node_limit only; gomoku_stop() does not interrupt them.
 * Errors: GOMOKU_EINVAL (NULL, bad algo or option values), GOMOKU_EVERSION,
 * GOMOKU_EGAMEOVER, GOMOKU_ENOMOVE, GOMOKU_EBUSY, GOMOKU_ENOMEM.
 */
GOMOKU_API int gomoku_textbook_search(gomoku_textbook_result *out, gomoku_engine *engine,
                                      gomoku_algo algo, const gomoku_textbook_options *opts);

/*
 * The same four algorithms over any two-player zero-sum game with alternating moves.
 * Moves are non-negative ints chosen by the game. Every callback gets `state` first.
 */
typedef struct gomoku_game {
    void *state;
    /* Writes the legal moves (at most `capacity`) to moves and returns their number. */
    int (*generate)(void *state, int *moves, int capacity);
    void (*make)(void *state, int move);
    void (*unmake)(void *state, int move);
    /* Static value from the side to move's point of view. */
    int (*evaluate)(void *state);
    /* Nonzero if the game is over; then *score is its value for the side to move
       (e.g. -GOMOKU_SCORE_WIN when the side to move has lost). */
    int (*terminal)(void *state, int *score);
} gomoku_game;

/*
 * Runs `algo` on `game` to opts->depth (radius is ignored; ordering sorts by evaluate()
 * after each move). Moves in out->pv and out->best are written as {move, 0}. *out is
 * written only on success. Errors: GOMOKU_EINVAL (also a negative move or count from
 * generate), GOMOKU_EVERSION, GOMOKU_ENOMOVE (no legal move, or the game is already
 * over at the root), GOMOKU_ENOMEM.
 */
GOMOKU_API int gomoku_game_search(gomoku_textbook_result *out, const gomoku_game *game,
                                  gomoku_algo algo, const gomoku_textbook_options *opts);

/* ---------------------------------------------------------------------------------- */
/* The strong search                                                                   */
/* ---------------------------------------------------------------------------------- */

/* Version 2 added multipv (older versions are accepted: see OPTIONS at the top). */
#define GOMOKU_LIMITS_VERSION 2
/* The most lines a multi-PV search reports. */
#define GOMOKU_MAX_MULTIPV 32

typedef struct gomoku_limits {
    unsigned version;       /* GOMOKU_LIMITS_VERSION */
    int time_ms;            /* time for this move (0 = no per-move limit) */
    int time_left_ms;       /* time left in the game (0 = no game clock) */
    int depth;              /* maximum depth (0 = none) */
    long long nodes;        /* node limit (0 = none) */
    int threads;            /* search threads, 1..64 (0 means 1; default 1). One thread is
                               deterministic when only depth and nodes limit the search:
                               the same position and limits give the same move and node
                               count. With two, the second thread searches the same tree
                               ahead of the first, sharing the hash table (Lazy SMP), and
                               its result is taken when it is the deeper one. With three or
                               more, the second thread is a threat worker instead: it looks
                               for the mover's win by threes and fours for as long as the
                               search runs, then checks the main thread's best move for a
                               forced win of the opponent, on growing budgets (a move it
                               proves lost is never played); the others are Lazy SMP
                               helpers. A user
                               evaluation callback is then called from several threads,
                               each time with its own private copy of the engine. */
    int multipv;            /* version 2: the number of best root moves to report, each
                               with its score and line, 1..GOMOKU_MAX_MULTIPV (0 means 1;
                               default 1): see gomoku_search_lines(). With N lines the
                               time and node limits are shared out evenly, line by line,
                               and lines after the first are searched on one thread. */
} gomoku_limits;

typedef struct gomoku_search_info {
    int depth;              /* completed iteration */
    int seldepth;           /* deepest ply reached */
    int score;
    long long nodes;
    long long nps;
    double time_ms;
    int pv_length;
    gomoku_point pv[GOMOKU_MAX_PV];
    int line;               /* the line this iteration belongs to: 0 for the best (and
                               for every one-line search), k for the (k+1)-th of a
                               multi-PV search, reported in turn */
} gomoku_search_info;

typedef struct gomoku_search_result {
    gomoku_point best;
    int score;              /* GOMOKU_SCORE_IS_WIN / _IS_LOSS tell forced results */
    int depth;
    int seldepth;
    long long nodes;
    double time_ms;
    int pv_length;
    gomoku_point pv[GOMOKU_MAX_PV];
} gomoku_search_result;

/* Called after every completed iteration, on the searching thread. */
typedef void (*gomoku_progress_fn)(const gomoku_search_info *info, void *payload);

/* Fills *limits with defaults: no limit but depth 12, one thread, one line. */
GOMOKU_API void gomoku_limits_init(gomoku_limits *limits);

/*
 * Searches the position and writes the best move. Returns when a limit is reached or
 * gomoku_stop() is called; with time_ms or time_left_ms set it never runs past its hard
 * time limit by more than a few milliseconds. A single move left at the root (the block
 * of a four, or the one move the threat search does not prove lost) is returned at once
 * on a clock, with a one-ply score (depth 1; freestyle, standard and renju's black: 2),
 * except in freestyle, standard and renju's black with time_ms and no time_left_ms:
 * there it is searched for the time like any other position, which fills the hash table
 * for the next search. With depth and node limits only it is searched to them like any
 * other position. In freestyle, standard and renju with black to move the search runs
 * no threat search of its own around the main search (the threat worker of three
 * threads or more still runs): its wins and defences are the main search's, which reads
 * wins of up to five plies from the board; renju's white and caro search the mover's and
 * the opponent's threats at the root first. The position is
 * unchanged afterwards and the hash table keeps what was learnt for the next search.
 * limits may be of any version up to GOMOKU_LIMITS_VERSION (see OPTIONS at the top).
 * Errors: GOMOKU_EINVAL (NULL, limits out of range), GOMOKU_EVERSION, GOMOKU_EGAMEOVER,
 * GOMOKU_EBUSY (a search already runs on this engine), GOMOKU_ENOMEM.
 */
GOMOKU_API int gomoku_search(gomoku_search_result *out, gomoku_engine *engine,
                             const gomoku_limits *limits);

/*
 * Multi-PV: searches the position for the limits->multipv best root moves and writes them
 * to lines[0 .. *count - 1], each a whole result (best: the root move, score, depth,
 * seldepth, nodes and time of its own search, pv starting with that move). lines[0] is the
 * move gomoku_search() would play with the same limits' time and nodes divided by
 * multipv; the others follow, best score first. Line k is a search with the moves of
 * lines 0..k-1 left out of the root, so each score is the value of its own move. The
 * array belongs to the caller; the library keeps no pointer to it. *count is less than
 * multipv when fewer root moves are searched (a four of the opponent leaves only its
 * block; the empty board only the centre; fewer legal moves), or when gomoku_stop() ended
 * the search (the lines finished so far, the interrupted one included). gomoku_search() with multipv > 1 does the same search and
 * writes lines[0], with the nodes and time of all the lines.
 * Errors: those of gomoku_search(), and GOMOKU_EBUFFER (capacity < multipv; nothing is
 * searched).
 */
GOMOKU_API int gomoku_search_lines(gomoku_search_result *lines, int *count, gomoku_engine *engine,
                                   const gomoku_limits *limits, int capacity);

/* Asks a running gomoku_search(), gomoku_vcf() or gomoku_vct() on `engine` to return its
 * best result so far. Safe from any thread; a no-op when nothing runs or engine is NULL. */
GOMOKU_API void gomoku_stop(gomoku_engine *engine);

/* Installs (fn NULL removes) the progress callback. Errors: GOMOKU_EINVAL, GOMOKU_EBUSY. */
GOMOKU_API int gomoku_set_progress_callback(gomoku_engine *engine, gomoku_progress_fn fn,
                                            void *payload);

/* Resizes the hash table to at most `megabytes` MB (1..65536) and clears it; the searches'
 * working memory the engine kept (MEMORY above) is freed too, and made again by the next
 * search. Errors: GOMOKU_EINVAL, GOMOKU_ENOMEM (the old table is kept), GOMOKU_EBUSY. */
GOMOKU_API int gomoku_set_hash_size(gomoku_engine *engine, int megabytes);
/* Bytes the hash table occupies (never more than the size set), or a negative code. The
 * table is allocated at the first search; before that this is the size it will have. */
GOMOKU_API long long gomoku_hash_bytes(const gomoku_engine *engine);
/* Empties the hash table. Errors: GOMOKU_EINVAL, GOMOKU_EBUSY. */
GOMOKU_API int gomoku_clear_hash(gomoku_engine *engine);

/* ---------------------------------------------------------------------------------- */
/* Threat-space search: VCF (victory by continuous fours) and VCT (threes and fours)  */
/* ---------------------------------------------------------------------------------- */

typedef struct gomoku_threat_result {
    int found;              /* 1: a forced win for the side to move was proven */
    int length;             /* plies of the winning line (moves of both sides) */
    gomoku_point line[GOMOKU_MAX_PV]; /* attacker and defender moves, attacker first */
    long long nodes;
    double time_ms;
} gomoku_threat_result;

/*
 * Looks for a forced win of the side to move by continuous fours (every attacking move
 * makes a four the defender must block). `node_budget` (0 = 1,000,000) and `time_ms`
 * (0 = none) bound the work; found = 0 means none was found within them, never a win
 * that does not exist. Errors: GOMOKU_EINVAL, GOMOKU_EGAMEOVER, GOMOKU_EBUSY.
 */
GOMOKU_API int gomoku_vcf(gomoku_threat_result *out, gomoku_engine *engine,
                          long long node_budget, int time_ms);

/* As gomoku_vcf(), also allowing threats by threes: attacking moves after which the
 * attacker, moving again, would make an open four, a double four or a four-three (renju:
 * black's open-four and four-three threats count only where no white stone could make
 * the follow-up forbidden, which leaves out a few real ones). The defender may answer
 * such a threat with any move that spoils it or a four of its own. */
GOMOKU_API int gomoku_vct(gomoku_threat_result *out, gomoku_engine *engine,
                          long long node_budget, int time_ms);

#ifdef __cplusplus
}
#endif

#endif /* GOMOKU_H */
