/* quickstart.c - the README example: play a few moves, let the engine think, play its move.
 * Uses only the installed header; build with: cc quickstart.c $(pkg-config --cflags --libs gomoku) */
#include <gomoku.h>
#include <stdio.h>

int main(void)
{
    gomoku_engine *engine;
    if (gomoku_new(&engine, 15, GOMOKU_FREESTYLE) != GOMOKU_OK)
        return 1;
    int rc = gomoku_play_moves(engine, "h8 i9 j8 h9 i8"); /* the game so far */
    if (rc != GOMOKU_OK) {
        fprintf(stderr, "bad move list: %s\n", gomoku_strerror(rc));
        return 1;
    }
    gomoku_limits limits;
    gomoku_limits_init(&limits);
    limits.time_ms = 500;                 /* think for half a second */
    gomoku_search_result result;
    if (gomoku_search(&result, engine, &limits) == GOMOKU_OK) {
        char move[8];
        gomoku_format_move(move, sizeof move, engine, result.best.x, result.best.y,
                           GOMOKU_NOTATION_RENJU);
        printf("best %s score %d depth %d nodes %lld\n", move, result.score, result.depth,
               result.nodes);
        gomoku_play(engine, result.best.x, result.best.y);
    }
    gomoku_free(engine);
    return 0;
}
