/*
 * board-bench.c - micro-benchmark of the incremental board (make + unmake, the inner loop
 * of every search) and of the static evaluation.
 *
 * For each configuration it builds a fixed set of seeded move sequences that look like a
 * search's: the first stone in the centre, then random empty cells within two steps of a
 * stone (where the move generator looks), avoiding moves that end the game, so every
 * sequence reaches its full length. The timed loop plays a whole sequence, then takes it
 * all back, and repeats. A fingerprint of everything the board computes (hash, counts,
 * evaluation at every step) is printed so that an optimisation that changes results shows.
 *
 * Times are thread CPU time (the machine is shared, so wall time would count other
 * processes), the best of five runs.
 *
 * Usage: board-bench [--fitted] [repeats]   (default 500 passes over the sequences)
 * --fitted: the board keeps the fitted evaluation's sums, and that evaluation is timed.
 */
#define _POSIX_C_SOURCE 200809L

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSEQ 64
#define SEQLEN 60

static uint64_t rng(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Fills seq with SEQLEN moves (padded indices) for an empty board b; b is left empty. */
static void make_sequence(board *b, uint64_t *seed, int *seq)
{
    int n = 0;
    int c = b->size / 2;
    seq[n++] = board_index(b, c, c);
    gomoku__board_make(b, seq[0]);
    while (n < SEQLEN) {
        int x = (int)(rng(seed) % (uint64_t)b->size), y = (int)(rng(seed) % (uint64_t)b->size);
        int idx = board_index(b, x, y);
        if (b->cell[idx] != C_EMPTY || b->near[idx] == 0)
            continue;
        gomoku__board_make(b, idx);
        if (b->state != GOMOKU_ONGOING) {
            gomoku__board_unmake(b);
            continue;
        }
        seq[n++] = idx;
    }
    while (b->nmoves > 0)
        gomoku__board_unmake(b);
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull; }

static int fitted; /* --fitted */

static int evaluate(const board *b, const gomoku_weights *w)
{
    return fitted ? gomoku__evaluate_fitted(b, w->win_score) : gomoku__evaluate(b, w);
}

/* Everything the incremental board computes, folded into one number. */
static uint64_t fingerprint(const board *b, const gomoku_weights *w)
{
    uint64_t h = mix(0, b->hash);
    for (int s = 0; s < 2; s++) {
        for (int p = 0; p < P_NUM; p++)
            h = mix(h, (uint64_t)b->npat[s][p]);
        for (int k = 0; k < K_NUM; k++)
            h = mix(h, (uint64_t)b->ncls[s][k]);
    }
    return mix(h, (uint64_t)(int64_t)evaluate(b, w));
}

static void run(const char *name, int size, int rule, int repeats)
{
    board *b = malloc(sizeof *b);
    if (!b) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    gomoku__board_init(b, size, rule);
    gomoku__board_set_fitted(b, fitted);
    gomoku_weights w;
    gomoku_default_weights(&w);

    static int seqs[NSEQ][SEQLEN];
    uint64_t seed = 0x5EED0000u + (uint64_t)size * 16 + (uint64_t)rule;
    for (int i = 0; i < NSEQ; i++)
        make_sequence(b, &seed, seqs[i]);

    /* Fingerprint pass (untimed): the state after every make and every unmake. */
    uint64_t fp = 0;
    for (int i = 0; i < NSEQ; i++) {
        for (int j = 0; j < SEQLEN; j++) {
            gomoku__board_make(b, seqs[i][j]);
            fp = mix(fp, fingerprint(b, &w));
        }
        for (int j = 0; j < SEQLEN; j++) {
            gomoku__board_unmake(b);
            fp = mix(fp, fingerprint(b, &w));
        }
    }
    if (!gomoku__board_check(b)) {
        fprintf(stderr, "%s: board inconsistent after the fingerprint pass\n", name);
        exit(1);
    }

    /* make + unmake: the best of five timings, to shrink noise from other processes. */
    double best_pair = 1e30;
    for (int t = 0; t < 5; t++) {
        double t0 = now_ns();
        for (int r = 0; r < repeats / 5 + 1; r++)
            for (int i = 0; i < NSEQ; i++) {
                for (int j = 0; j < SEQLEN; j++)
                    gomoku__board_make(b, seqs[i][j]);
                for (int j = 0; j < SEQLEN; j++)
                    gomoku__board_unmake(b);
            }
        double ns = (now_ns() - t0) / ((double)(repeats / 5 + 1) * NSEQ * SEQLEN);
        if (ns < best_pair)
            best_pair = ns;
    }

    /* The same again with make and unmake timed apart (the clock is read around each
     * 60-move run, which adds a little to both). */
    double best_make = 1e30, best_unmake = 1e30;
    for (int t = 0; t < 5; t++) {
        double tm = 0, tu = 0;
        for (int r = 0; r < repeats / 5 + 1; r++)
            for (int i = 0; i < NSEQ; i++) {
                double t0 = now_ns();
                for (int j = 0; j < SEQLEN; j++)
                    gomoku__board_make(b, seqs[i][j]);
                double t1 = now_ns();
                for (int j = 0; j < SEQLEN; j++)
                    gomoku__board_unmake(b);
                tu += now_ns() - t1;
                tm += t1 - t0;
            }
        double n = (double)(repeats / 5 + 1) * NSEQ * SEQLEN;
        if (tm / n < best_make)
            best_make = tm / n;
        if (tu / n < best_unmake)
            best_unmake = tu / n;
    }

    /* Evaluation: every position reached along the sequences, evaluated many times in a
     * row so that neither the make/unmake between positions nor the clock reads count. */
    const int per_pos = 4096;
    double eval_ns = 0;
    long long evals = 0;
    volatile unsigned sink = 0;
    for (int i = 0; i < NSEQ; i++) {
        for (int j = 0; j < SEQLEN; j++) {
            gomoku__board_make(b, seqs[i][j]);
            double t0 = now_ns();
            unsigned acc = 0;
            for (int r = 0; r < per_pos; r++)
                acc += (unsigned)evaluate(b, &w);
            eval_ns += now_ns() - t0;
            evals += per_pos;
            sink += acc;
        }
        for (int j = 0; j < SEQLEN; j++)
            gomoku__board_unmake(b);
    }
    (void)sink;

    printf("%-16s make+unmake %6.1f ns/pair (make %5.1f, unmake %5.1f)   evaluate %5.1f M/s   "
           "fingerprint %016llx\n",
           name, best_pair, best_make, best_unmake, (double)evals / eval_ns * 1e3,
           (unsigned long long)fp);
    free(b);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--fitted")) {
        fitted = 1;
        argv++;
        argc--;
    }
    int repeats = argc > 1 ? atoi(argv[1]) : 500;
    if (repeats < 1)
        repeats = 1;
    run("15x15 freestyle", 15, GOMOKU_FREESTYLE, repeats);
    run("15x15 renju", 15, GOMOKU_RENJU, repeats);
    run("20x20 standard", 20, GOMOKU_STANDARD, repeats);
    return 0;
}
