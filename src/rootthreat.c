/*
 * rootthreat.c - the threat searches around the root of the strong search. The VCF/VCT
 * solvers of threat.c read forced wins far beyond the main search's horizon, so:
 *   - a proven VCF/VCT of the mover ends the search at once (with one thread on a clock,
 *     a VCT whose budget ran out goes on between iterations);
 *   - when the opponent threatens one, root moves the solver proves lost are dropped (in
 *     rounds of growing budgets, on up to a third of the clock);
 *   - each new best move (from depth 4) and the final choice are checked for a forced win
 *     of the opponent by threes and fours;
 *   - from three threads (ROOTTHREAT_WORKER_FROM), thread 1 is a threat worker that does
 *     the mover's VCT and the checks of the best move while the main thread searches.
 * Budgets are node counts derived from the limits, so the phase is deterministic under
 * depth and node limits.
 */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#endif
#include "rootthreat.h"

#include <string.h>
#include <time.h>

#define THREAT_DEPTH 30    /* attacker moves of the root VCF/VCT */
#define VERIFY_MOVES 6     /* root moves the final check may try */
#define FILTER_PER_MS 300  /* root filter nodes per ms of the clock, when the opponent
                              threatens: about a third of the time at the threat search's
                              speed (measured against a single pass on a tenth of the
                              time: save puzzles at 3 s 7/13 against 6/13; 57/120 at 200k
                              nodes a move and 21/40 at 1M in freestyle: neutral) */

/* Node budgets of the threat searches around the main search, from the limits alone (so
 * they are the same in every run): with a clock, so many nodes per ms; with a depth
 * limit, growing with the depth. The rates were set when the threat search ran 600-1000
 * nodes per ms on the development machine, and kept since as measured in games; it now
 * runs about VCT_PER_MS, which sizes the final check to the clock share it reserves.
 * The root VCTs (the mover's own win, and the opponent's with the mover passing) get
 * ROOT_VCT_PER_MS: at most a twelfth of the clock each, and most positions need far less.
 * Measured on 456 positions of 20 freestyle match games at 1 s (the mover's VCT): 100
 * nodes per ms found 108 wins for 18k nodes a position on average (7 ms); 500 finds 124
 * for 59k (24 ms), using up the budget in 27 positions. It proves the renju win puzzle of
 * line 41 (19 plies, 372k nodes) from 1 s on, which the main search found only by luck
 * at 1 s and missed at 3 s; the matches stayed where they were (freestyle 36-4, 36-4, 38-2,
 * renju 40-0, standard 39-1). */
#define VCT_PER_MS 2500
/* 200 rather than 500: against the reference engine (freestyle, 200 ms a move, 54 games)
 * the main search's time was worth more than the last wins of 60-200k nodes a position,
 * together with OPEN_VCT_FROM_MS below (docs/strength.md). */
#define ROOT_VCT_PER_MS 200
/* Renju keeps 500: with its earlier (integer) search, the other rules' 200 scored no
 * better at 200 ms a move (docs/measurements.md); not measured on the fractional search. */
#define ROOT_VCT_PER_MS_RENJU 500
/* Only on clocks this long or longer: at a second a move and less, the reference-engine
 * matches scored better without it (freestyle at 200 ms a move, 54 games: 35.5 against
 * 27.5 with the root VCT share below also cut; see docs/strength.md); the main search's
 * depth is worth more there than a win of a million nodes found once in many games. */
#define OPEN_VCT_FROM_MS 2000
/* Slices and end of that VCT, when it goes on between iterations (see the comment before
 * gomoku__rootthreat_before()). */
#define OPEN_VCT_SLICE 2.0
#define OPEN_VCT_UNTIL 0.6

void gomoku__rootthreat_init(gomoku__rootthreat *rt, atomic_int *stop, const gomoku__clock *clock,
                             const gomoku_limits *l, int nthreads, gomoku_rule rule)
{
    memset(rt, 0, sizeof *rt);
    rt->stop = stop;
    rt->clock = clock;
    rt->node_limit = l->nodes;
    rt->nthreads = nthreads;
    atomic_init(&rt->won, 0);
    atomic_init(&rt->worker_vct, 0);
    atomic_init(&rt->worker_stop, 0);
    atomic_init(&rt->worker_quit, 0);
    atomic_init(&rt->cur_best, 0);
    atomic_init(&rt->checking, 0);
    long long vcf, vct, verify, each, filter;
    if (clock->hard_ms > 0) {
        double ms = clock->hard_ms;
        vcf = (long long)(ms * 40) + 2000;
        vct = (long long)(ms * (rule == GOMOKU_RENJU ? ROOT_VCT_PER_MS_RENJU : ROOT_VCT_PER_MS)) +
              2000;
        verify = (long long)(ms * ROOTTHREAT_VERIFY_SHARE * VCT_PER_MS) + 2000;
        each = (long long)(ms * 150) + 2000;
        filter = (long long)(ms * FILTER_PER_MS) + 2000;
    } else {
        int d = l->depth > 0 && l->depth < 12 ? l->depth : 12;
        vcf = 2000LL << (d / 2);
        vct = 1000LL << d;
        verify = 500LL << d;
        each = 250LL << d;
        filter = 3000LL << d;
    }
    if (l->nodes > 0) {
        /* At most about half of the nodes go to the threat searches. */
        if (vcf > l->nodes / 16)
            vcf = l->nodes / 16 + 1;
        if (vct > l->nodes / 8)
            vct = l->nodes / 8 + 1;
        if (verify > l->nodes / 16)
            verify = l->nodes / 16 + 1;
        if (each > l->nodes / 16)
            each = l->nodes / 16 + 1;
        if (filter > l->nodes / 4)
            filter = l->nodes / 4 + 1;
    }
    rt->vcf_budget = vcf;
    rt->vct_budget = vct;
    rt->open_vct_from_ms = rule == GOMOKU_RENJU ? 0 : OPEN_VCT_FROM_MS;
    rt->verify_budget = verify;
    rt->each_budget = each;
    rt->filter_budget = filter;
}

/* The threat worker's node budget: as long as the main search runs. */
static long long worker_budget(const gomoku__rootthreat *rt)
{
    const gomoku__clock *clock = rt->clock;
    return rt->node_limit > 0 ? rt->node_limit
           : clock->hard_ms > 0 ? (long long)(clock->hard_ms * 2 * VCT_PER_MS) + 2000
                                : 1LL << 40;
}

/* Does one thread's root VCT keep its table, to go on between iterations? */
static int root_vct_open(const gomoku__rootthreat *rt)
{
    return rt->clock->hard_ms > rt->open_vct_from_ms && !rt->node_limit;
}

void gomoku__rootthreat_tables(gomoku__rootthreat *rt, gomoku__search_mem *mem)
{
    /* The main thread's calls: the largest of their budgets. A failure leaves a table
     * smaller than asked or none: the calls then allocate their own, as without it. */
    long long most = rt->vcf_budget;
    const long long others[] = {rt->vct_budget, rt->verify_budget, rt->each_budget,
                                rt->filter_budget};
    for (int i = 0; i < 4; i++)
        most = others[i] > most ? others[i] : most;
    gomoku__threat_space_reserve(&mem->space[0], most, 1);
    gomoku__vct_memo_reserve(&mem->memo[0], most, 1);
    mem->space[0].df = mem->memo[0];
    rt->space = &mem->space[0];
    if (rt->nthreads < ROOTTHREAT_WORKER_FROM && root_vct_open(rt) &&
        gomoku__vct_memo_reserve(&mem->memo[1],
                                 (long long)(rt->clock->hard_ms * OPEN_VCT_UNTIL * VCT_PER_MS),
                                 1) == 0)
        rt->root_memo = mem->memo[1];
    if (rt->nthreads >= ROOTTHREAT_WORKER_FROM) {
        /* The worker's VCT runs before its checks, in the table of its first memo. The
         * worker touches its tables itself (threat_worker()), beside the main search,
         * which would otherwise wait for them (up to 24 MB). */
        gomoku__threat_space_reserve(&mem->space[1], worker_budget(rt), 0);
        for (int i = 0; i < 2; i++)
            if (gomoku__vct_memo_reserve(&mem->memo[2 + i], 0, 0) == 0)
                rt->worker_memo[i] = mem->memo[2 + i];
        mem->space[1].df = mem->memo[2];
        rt->worker_space = &mem->space[1];
    }
}

/* A solver call: a VCF (vct 0) or a VCT, in the thread's tables `space`, stopped by either
 * flag; the nodes are added to *nodes; *refuted as gomoku__vct_refute()'s, when asked. */
static int solve(gomoku__threat_space *space, board *b, int vct, long long budget,
                 long long *nodes, int *line, atomic_int *stop, atomic_int *stop2, int *refuted)
{
    gomoku__vct_job job = {.max_depth = THREAT_DEPTH, .budget = budget, .stop = stop,
                           .stop2 = stop2, .space = space, .line = line, .cap = MAX_PLY};
    int len = gomoku__threat_job(b, vct, &job);
    *nodes += job.nodes;
    if (refuted)
        *refuted = job.refuted;
    return len;
}

/* A VCT of the mover proven beside the main search: every thread stops, and the line is
 * the result. */
static void publish_win(gomoku__rootthreat *rt, const int *line, int len)
{
    rt->win_len = len < MAX_PLY ? len : MAX_PLY;
    memcpy(rt->win_line, line, (size_t)rt->win_len * sizeof *line);
    atomic_store(&rt->won, 1);
}

/* ---------------------------------------------------------------------------------- */
/* Before the main search                                                              */
/* ---------------------------------------------------------------------------------- */

/* Does the side not to move have a VCT if the side to move passes? */
static int opponent_threat(gomoku__threat_space *space, board *b, long long budget,
                           long long *nodes, int *line, atomic_int *stop)
{
    gomoku__board_pass(b);
    int len = solve(space, b, 1, budget, nodes, line, stop, NULL, NULL);
    gomoku__board_pass(b);
    return len;
}

/*
 * The opponent threatens a forced win (proven with the mover passing): a root move after
 * which the threat search still proves the opponent's win is dropped. The moves are
 * tested best-first in rounds: the first round gives each about the effort that found
 * the threat (a move that ignores it lets it be found again as easily; at most an eighth
 * of the budget), each later round four times more to the moves still standing, until
 * the budget is spent. When every move is proven lost, the ones whose proven loss is
 * longest stay: they are the hardest to win against.
 * A move after which the threat search runs out of threats (the opponent has no forced
 * win by threes and fours left at all) is a proven defence and is not tested again.
 * Keeping only the proven defences solves more save puzzles but loses more games (see
 * docs/measurements.md): the proven defences are often the most passive moves, and a
 * move that only hides the threat beyond the solver's budget is as often one that really
 * stops it.
 * Returns the nodes spent.
 */
static long long filter_root(gomoku__rootthreat *rt, board *b, int *list, int *root_n,
                             const int *score, long long budget, long long per_move)
{
    atomic_int *stop = rt->stop;
    int me = b->side - 1, n = *root_n;
    int sc[GOMOKU_MAX_CELLS], lost[GOMOKU_MAX_CELLS];
    unsigned char defended[GOMOKU_MAX_CELLS];
    int line[MAX_PLY];
    memcpy(sc, score, (size_t)n * sizeof *sc);
    for (int i = 0; i < n; i++) {
        pick_best(list, sc, n, i);
        lost[i] = 0;
        defended[i] = 0;
    }
    /* One costly first test must not take the whole budget. */
    if (per_move > budget / 8)
        per_move = budget / 8 + 1;
    long long spent = 0;
    for (int alive = n; alive > 1 && spent < budget && !atomic_load(stop); per_move *= 4) {
        for (int i = 0; i < n && spent < budget; i++) {
            /* A four gives the opponent no time for its threat: it is never dropped. */
            if (lost[i] || defended[i] || b->cls[list[i]][me] >= K_FOUR)
                continue;
            long long used = 0, each = per_move < budget - spent ? per_move : budget - spent;
            int refuted;
            gomoku__board_make(b, list[i]);
            int len = solve(rt->space, b, 1, each, &used, line, stop, NULL, &refuted);
            gomoku__board_unmake(b);
            spent += used;
            if (len > 0) {
                lost[i] = len;
                alive--;
            } else if (refuted) {
                defended[i] = 1;
            }
        }
        if (per_move > budget)
            break;
    }
    int longest = 0, nk = 0;
    for (int i = 0; i < n; i++)
        if (!lost[i])
            longest = INF;
        else if (lost[i] > longest)
            longest = lost[i];
    for (int i = 0; i < n; i++)
        if (!lost[i] || (longest < INF && lost[i] == longest))
            list[nk++] = list[i];
    *root_n = nk;
    return spent;
}

/*
 * One thread on a clock: the mover's root VCT ran out of budget without settling
 * anything. At 1 s a move that happens in 12 of the 456 positions of freestyle match
 * games in bench/vct-positions.txt (`vct-bench --nodes 487000`: all the others are proven
 * or refuted within the budget); given 3M nodes, 3 of the 12 are wins, of 0.7M-1.8M nodes.
 * So after each iteration of the main search the VCT goes on from where it stopped, on
 * its kept table, for OPEN_VCT_SLICE times the clock time the main search has just had
 * (a time limit, not nodes), until OPEN_VCT_UNTIL of the clock (of the move's share,
 * with a game clock); the rest stays with the main search and the final check of the
 * move. A threat worker (three threads or more) does this on the whole clock.
 * Measured: tactics line 43 (a 25-ply renju win of 2.03M nodes) is proven from 2 s a
 * move (1.1-1.3 s into the search), where the build before missed it at 3 s; the win of
 * test_one_thread_goes_on_with_a_root_vct_that_ran_out() at 3 s in about 1.5 s. In 40
 * freestyle games against the textbook search at 1 s a move, the VCT was open after
 * 26 of the strong side's moves and proved none of them (one refuted): it must not cost
 * the main search much. With 8 and 0.9 the main search kept about a ninth of the time
 * in such positions (depth 2 to 5 where it reaches 6 to 8); 2 and 0.6 leave it about
 * two thirds of what it has without this (0.42 of the clock against 0.65).
 */

/*
 * Before the main search: a forced win of the mover by fours, then by threes, ends the
 * search at once (with a threat worker, the worker looks for the one by threes, on the
 * whole clock). Otherwise, when the opponent threatens a forced win, the root moves after
 * which that win still works (proven by the threat search, so never a wrong exclusion)
 * are dropped, unless every move is lost (filter_root).
 */
int gomoku__rootthreat_before(gomoku__rootthreat *rt, board *b, int *list, int *n,
                              const int *score, int *line)
{
    atomic_int *stop = rt->stop;
    long long vcf_budget = rt->vcf_budget, vct_budget = rt->vct_budget;
    long long nodes = 0;
    int len = solve(rt->space, b, 0, vcf_budget, &nodes, line, stop, NULL, NULL);
    GOMOKU__TRACE("root-vcf");
    if (len <= 0 && !rt->worker) {
        /* One thread on a clock: the VCT keeps its table, to go on between iterations
         * when this budget settles nothing (gomoku__rootthreat_resume()). */
        gomoku__vct_memo *memo = root_vct_open(rt) ? rt->root_memo : NULL;
        gomoku__vct_job job = {.max_depth = THREAT_DEPTH, .budget = vct_budget, .stop = stop,
                               .space = rt->space, .line = line, .cap = MAX_PLY};
        len = memo ? gomoku__vct_resume(b, memo, &job) : gomoku__threat_job(b, 1, &job);
        nodes += job.nodes;
        GOMOKU__TRACE("root-vct");
        if (memo && len <= 0 && !job.refuted && job.nodes >= vct_budget && !atomic_load(stop)) {
            rt->vct_memo = memo;
            rt->vct_mark = gomoku__now_ms();
        }
    }
    if (len > 0) {
        rt->nodes += nodes;
        return len;
    }
    int me = b->side - 1;
    long long null_nodes = 0;
    if (*n > 1 && b->ncls[1 - me][K_FIVE] == 0 &&
        opponent_threat(rt->space, b, vct_budget, &null_nodes, line, stop) > 0) {
        GOMOKU__TRACE("root-null-vct");
        nodes += null_nodes + filter_root(rt, b, list, n, score, rt->filter_budget,
                                          4 * null_nodes + 1000);
        GOMOKU__TRACE("root-filter");
    }
    rt->nodes += nodes;
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* During the main search                                                              */
/* ---------------------------------------------------------------------------------- */

/* Tells the worker which move to check: the main thread's best, unless every root move
 * is proven lost (then nothing, which also keeps the main thread from restarting). */
void gomoku__rootthreat_best_changed(gomoku__rootthreat *rt, int m)
{
    atomic_store(&rt->cur_best, rt->worker && atomic_load(&rt->lost[m]) ? 0 : m);
}

int gomoku__rootthreat_drop_lost(gomoku__rootthreat *rt, int *list, int *score, int *n)
{
    if (!rt->worker || *n == 0)
        return 0;
    int k = 0, first = atomic_load(&rt->lost[list[0]]);
    for (int i = 0; i < *n; i++)
        if (!atomic_load(&rt->lost[list[i]])) {
            list[k] = list[i];
            score[k++] = score[i];
        }
    if (k == 0)
        return 0; /* all lost: keep them, the search orders them */
    *n = k;
    return first;
}

/* m passed a check with at least the main thread's budget: not checked again. */
static void remember_verified(gomoku__rootthreat *rt, int m)
{
    if (rt->nverified < MAX_VERIFIED)
        rt->verified[rt->nverified++] = m;
}

int gomoku__rootthreat_verified(const gomoku__rootthreat *rt, int m)
{
    for (int i = 0; i < rt->nverified; i++)
        if (rt->verified[i] == m)
            return 1;
    return 0;
}

/* (Once the worker's VCT is over, the worker checks the best move, on larger budgets.) */
int gomoku__rootthreat_wants_check(const gomoku__rootthreat *rt, int m)
{
    return rt->each_budget > 0 &&
           !(rt->worker && !atomic_load(&((gomoku__rootthreat *)rt)->worker_vct)) &&
           !gomoku__rootthreat_verified(rt, m);
}

int gomoku__rootthreat_check(gomoku__rootthreat *rt, board *b, int m, long long left,
                             long long *extra)
{
    long long budget = rt->each_budget;
    if (budget > left)
        budget = left;
    if (budget <= 0)
        return 0;
    int line[MAX_PLY];
    long long used = 0;
    gomoku__board_make(b, m);
    int len = solve(rt->space, b, 1, budget, &used, line, rt->stop, NULL, NULL);
    gomoku__board_unmake(b);
    *extra += used;
    rt->nodes += used;
    if (len > 0)
        return 1;
    if (!atomic_load(rt->stop))
        remember_verified(rt, m);
    return 0;
}

int gomoku__rootthreat_resume(gomoku__rootthreat *rt, board *b)
{
    if (!rt->vct_memo)
        return 0;
    const gomoku__clock *clock = rt->clock;
    double now = gomoku__now_ms();
    double slice = OPEN_VCT_SLICE * (now - rt->vct_mark);
    double floor = clock->hard_ms / 50;
    if (slice < floor)
        slice = floor;
    /* With a game clock, within the move's share (after which no iteration starts). */
    double until = clock->start + gomoku__clock_span(clock) * OPEN_VCT_UNTIL;
    if (now + slice > until)
        slice = until - now;
    if (slice < 1)
        return 0;
    /* The slice is a time: the solver's speed varies with the machine, and the rest of
     * the clock belongs to the main search and the final check. */
    long long budget = (long long)(slice * VCT_PER_MS) * 4;
    int line[MAX_PLY];
    gomoku__vct_job job = {.max_depth = THREAT_DEPTH, .budget = budget, .ms = slice,
                           .stop = rt->stop, .space = rt->space, .line = line, .cap = MAX_PLY};
    int len = gomoku__vct_resume(b, rt->vct_memo, &job);
    long long used = job.nodes;
    rt->nodes += used;
    rt->vct_mark = gomoku__now_ms();
    if (len > 0)
        publish_win(rt, line, len);
    /* Settled (proven, refuted, or out of threats), or stopped: nothing to go on with. */
    int ran_out = rt->vct_mark - now >= slice - 1 || used >= budget;
    if (len > 0 || job.refuted || !ran_out || atomic_load(rt->stop))
        rt->vct_memo = NULL; /* closed: the engine keeps the table for the next search */
    return len > 0;
}

/* ---------------------------------------------------------------------------------- */
/* The threat worker                                                                   */
/* ---------------------------------------------------------------------------------- */

/* A fifth of a millisecond's sleep, for the waits on the other thread. */
static void nap(void)
{
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
}

/*
 * The threat worker: from three threads (ROOTTHREAT_WORKER_FROM), thread 1 does the
 * threat searches while the main thread searches, instead of being a Lazy SMP helper.
 *
 * It starts at once with the mover's VCT, on a budget that lets it run as long as the
 * main search does, instead of the share of the clock the root VCT of one thread gets
 * before the main search (ROOT_VCT_PER_MS). The long wins are the ones that need it: the
 * 25-ply renju win of tactics line 43 takes about 2.9M nodes, and one thread's clock
 * gives the root VCT 500k a second. A proven win stops every thread, and its line is the
 * result.
 *
 * Without a win, it checks the main thread's best move (published after every iteration)
 * for a forced win of the opponent by threes and fours, as the main thread does with the
 * small budget of one thread, but with a budget twice as large each time the same move
 * passes, as long as the search runs. A move so proven lost is flagged; when it is the
 * main thread's best, the main thread stops its iteration at once and searches the last
 * one again without it (gomoku__rootthreat_best_lost()), and it never plays such a move.
 * When there is nothing to check, the worker waits. When the main search is over, the
 * worker's check of the chosen move goes on for part of the final check's share of the
 * clock (gomoku__rootthreat_finish()).
 *
 * Measured: freestyle at 500 ms a move with two threads a side, against the build whose
 * second thread was a Lazy SMP searcher, 21-19 (bench/ab-match.py --time 500 --threads
 * 2). gomoku-tactics with two threads: the win puzzles at 1 s and at 3 s 29/30 each (one
 * thread: 29/30 and 28/30; line 43's proof takes the worker about 1.05 s, and took it
 * 0.9 s, solved at 1 s, before the renju fix in dfpn.c's df_mid()); save line 57's 8,4,
 * refuted by a 27-ply VCT of 2.8M nodes, is dropped at 3 s, which one thread misses.
 */
static void *threat_worker(void *arg)
{
    gomoku__rootthreat *rt = arg;
    board *b = rt->worker_board;
#ifdef GOMOKU_STOP_TRACE
    gomoku__trace_thread_start("worker");
#endif
    int line[MAX_PLY];
    long long used = 0;
    /* Its tables' fresh pages, touched before its solver calls meet them (new tables
     * only: the first search of an engine, or one with larger budgets). */
    if (rt->worker_space) {
        gomoku__threat_space_touch(rt->worker_space, &rt->worker_stop, rt->stop);
        for (int i = 0; i < 2; i++)
            gomoku__vct_memo_touch(rt->worker_memo[i], &rt->worker_stop, rt->stop);
    }
    /* gomoku_stop() reaches the worker at once, not after the main thread has unwound. */
    int len = solve(rt->worker_space, b, 1, rt->worker_budget, &used, line, &rt->worker_stop,
                    rt->stop, NULL);
    rt->worker_nodes += used;
    GOMOKU__TRACE("vct");
    if (len > 0)
        publish_win(rt, line, len);
    atomic_store(&rt->worker_vct, 0);
    if (len > 0)
        return NULL;
    /* The moves checked so far, each with the largest budget it passed. A check goes on
     * from where the last one of the same move stopped (gomoku__vct_resume()); the two
     * moves checked last keep their tables, since the best move often goes back and
     * forth between two. */
    int checked[MAX_VERIFIED], nchecked = 0;
    long long passed[MAX_VERIFIED];
    gomoku__vct_memo *memo[2] = {rt->worker_memo[0], rt->worker_memo[1]};
    int memo_move[2] = {0, 0}, older = 0;
    while (!atomic_load(&rt->worker_quit) && !atomic_load(rt->stop)) {
        int m = atomic_load(&rt->cur_best), k = 0;
        while (k < nchecked && checked[k] != m)
            k++;
        if (k == nchecked && nchecked < MAX_VERIFIED) {
            checked[nchecked] = m;
            passed[nchecked++] = 0;
        }
        if (m <= 0 || k == MAX_VERIFIED || atomic_load(&rt->lost[m]) ||
            passed[k] >= rt->worker_budget) {
            atomic_store(&rt->checking, 0);
            nap();
            continue;
        }
        atomic_store(&rt->checking, m);
        long long budget = passed[k] ? 2 * passed[k] : rt->check_budget;
        int refuted = 0, slot = memo_move[0] == m ? 0 : memo_move[1] == m ? 1 : older;
        if (memo_move[slot] != m) {
            memo_move[slot] = m;
            passed[k] = 0; /* its table is gone: the budget starts again */
            budget = rt->check_budget;
        }
        older = 1 - slot;
        used = 0;
        gomoku__board_make(b, m);
        if (memo[slot]) {
            gomoku__vct_job job = {.max_depth = THREAT_DEPTH, .budget = budget - passed[k],
                                   .stop = &rt->worker_quit, .stop2 = rt->stop,
                                   .space = rt->worker_space, .line = line, .cap = MAX_PLY};
            len = gomoku__vct_resume(b, memo[slot], &job);
            used = job.nodes;
            refuted = job.refuted;
        } else {
            len = solve(rt->worker_space, b, 1, budget, &used, line, &rt->worker_quit, rt->stop,
                        &refuted);
        }
        gomoku__board_unmake(b);
        rt->worker_nodes += used;
        GOMOKU__TRACE("check");
        /* A resumed check starts where the last one of the move stopped. */
        rt->checked_move = m;
        rt->checked_nodes = (memo[slot] ? passed[k] : 0) + used;
        if (len > 0)
            atomic_store(&rt->lost[m], 1);
        else if (!atomic_load(&rt->worker_quit) && !atomic_load(rt->stop))
            passed[k] = refuted ? rt->worker_budget : budget; /* no threats left: done */
    }
    atomic_store(&rt->checking, 0);
    GOMOKU__TRACE("quit");
    return NULL;
}

int gomoku__rootthreat_start_worker(gomoku__rootthreat *rt, board *copy, int first)
{
    rt->worker_board = copy;
    rt->worker_budget = worker_budget(rt);
    rt->check_budget = rt->each_budget;
    atomic_store(&rt->worker_vct, 1);
    rt->worker = 1;
    gomoku__rootthreat_best_changed(rt, first);
    if (pthread_create(&rt->worker_thread, NULL, threat_worker, rt) != 0) {
        atomic_store(&rt->worker_vct, 0);
        rt->worker = 0;
    }
    return rt->worker;
}

/* ---------------------------------------------------------------------------------- */
/* After the main search                                                               */
/* ---------------------------------------------------------------------------------- */

int gomoku__rootthreat_finish(gomoku__rootthreat *rt, int searched, int *move, int *list, int *n,
                              int *line)
{
    const gomoku__clock *clock = rt->clock;
    /* The main search has stopped early, to keep the final check's share of the clock:
     * the worker's VCT, when it still runs, may have half of it. */
    if (searched && rt->worker && clock->hard_ms > 0) {
        double until = clock->start + clock->hard_ms - clock->reserve_ms / 2;
        while (atomic_load(&rt->worker_vct) && !atomic_load(rt->stop) &&
               gomoku__now_ms() < until) {
            nap();
        }
        /* The final check would search the chosen move from the start on this thread,
         * while the worker's check of it, when it has one, goes on from where it is (a
         * refutation of a move the search liked often takes more nodes than the final
         * check has: save line 57 of tactics.txt, about 1.2M, when 3 s give the final
         * check 0.74M). So the worker gets the first half of the final check's share,
         * on the chosen move (a partial iteration or a helper may have chosen one it has
         * not seen). Nothing is waited for when the search used its whole clock. */
        double end = gomoku__now_ms() + clock->reserve_ms / 2;
        if (end > until)
            end = until;
        if (!atomic_load(&rt->lost[*move]) && gomoku__now_ms() < end) {
            atomic_store(&rt->cur_best, *move);
            do
                nap(); /* the worker's next look at cur_best */
            while (atomic_load(&rt->checking) != 0 && !atomic_load(&rt->lost[*move]) &&
                   !atomic_load(rt->stop) && gomoku__now_ms() < end);
        }
    }
    atomic_store(&rt->worker_quit, 1);
    atomic_store(&rt->worker_stop, 1);
    if (rt->worker)
        pthread_join(rt->worker_thread, NULL);
    GOMOKU__TRACE("worker-join");
    rt->vct_memo = NULL;
    if (searched && atomic_load(&rt->won)) {
        memcpy(line, rt->win_line, (size_t)rt->win_len * sizeof *line);
        return rt->win_len;
    }
    if (searched && rt->worker) {
        /* Moves the worker proved lost since the main thread's last iteration go too. */
        int scratch[GOMOKU_MAX_CELLS];
        int lost_best = atomic_load(&rt->lost[*move]);
        gomoku__rootthreat_drop_lost(rt, list, scratch, n);
        if (lost_best && !atomic_load(&rt->lost[list[0]]))
            *move = list[0];
        else if (!lost_best && rt->checked_move == *move &&
                 rt->checked_nodes >= rt->verify_budget)
            remember_verified(rt, *move);
    }
    return 0;
}

/*
 * After the main search: the chosen move is checked with the threat search for a forced
 * win of the opponent (threes and fours), which the main search's horizon may not reach.
 * When one is proven, the next moves of the final root order are tried in turn and the
 * first one that survives the check is played; when none does, the choice stands.
 */
int gomoku__rootthreat_final_check(gomoku__rootthreat *rt, board *b, int move, int score,
                                   const int *list, int n)
{
    long long budget = rt->verify_budget;
    int me = b->side - 1;
    if (GOMOKU_SCORE_IS_WIN(score) || n <= 1 || budget <= 0 ||
        gomoku__rootthreat_verified(rt, move))
        return move;
    int line[MAX_PLY];
    long long spent = 0;
    int tries = n < VERIFY_MOVES ? n : VERIFY_MOVES;
    for (int k = 0; k < tries && spent < budget; k++) {
        int m = list[k];
        if (k > 0 && gomoku__rootthreat_verified(rt, m)) {
            move = m;
            break;
        }
        /* A four gives the opponent no time for a threat sequence of its own first. */
        if (b->cls[m][me] >= K_FOUR && k > 0)
            continue;
        gomoku__board_make(b, m);
        long long used = 0;
        long long each = k == 0 ? budget / 2 : (budget - spent) / 2 + 1;
        int len = solve(rt->space, b, 1, each, &used, line, rt->stop, NULL, NULL);
        gomoku__board_unmake(b);
        spent += used;
        if (len > 0)
            continue;
        if (k > 0)
            move = m;
        break;
    }
    rt->nodes += spent;
    return move;
}
