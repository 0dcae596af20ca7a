/*
 * stop-latency.c - how long gomoku_search() takes to return after gomoku_stop().
 *
 * For 1, 2 and 4 search threads: a search without limits is started on a middle-game
 * position (plies 10 and more of bench/vct-positions.txt, in turn), gomoku_stop() is
 * called from this thread at a random moment 1 to MAX_DELAY ms after the search began,
 * and the time from the call to the search's return is recorded, in wall time and in
 * CPU time of the calling thread (which, on a loaded machine, tells the work after the
 * stop from the waits for a core). Prints the percentiles and the worst stops (position,
 * threads, delay) so that they can be replayed.
 *
 *   bench/stop-latency [--stops N] [--max-delay MS] [--threads 1,2,4] [--seed S]
 *                      [--only POSITION] [--delay MS] [positions]
 *
 * --only and --delay replay one stop (a position by its number, a fixed delay) N times.
 * The search runs in a second thread; that the search has started is read from the
 * engine's busy flag (internal.h), so a stop is never sent before the search clears the
 * previous one. Timings include the scheduler's: run it on an idle machine.
 *
 * Built with the library's stop trace (both with -DGOMOKU_STOP_TRACE:
 *   make clean && make CFLAGS="-O2 -g -DGOMOKU_STOP_TRACE" bench/stop-latency
 * ), it also puts the time after each stop on the phases of the search (the marks in
 * search.c, rootthreat.c, threat.c, dfpn.c) and of each thread, and prints the trace of
 * every stop that took more than 2 ms of CPU.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_POS 600

#ifdef GOMOKU_STOP_TRACE
/* Built with the library's stop trace: the time after the stop, by phase (the segment of
 * each thread that ends at a mark of that name). */
#define MAX_PHASES 64
typedef struct phase {
    const char *thread, *name;
    int hits;           /* stops after which this phase still ran */
    double wall, cpu;   /* sums of the time after the stop */
    double wall_max, cpu_max;
} phase;
static phase phases[MAX_PHASES];
static int nphases;

static phase *phase_of(const char *thread, const char *name)
{
    for (int i = 0; i < nphases; i++)
        if (!strcmp(phases[i].thread, thread) && !strcmp(phases[i].name, name))
            return &phases[i];
    if (nphases == MAX_PHASES)
        return NULL;
    phases[nphases] = (phase){thread, name, 0, 0, 0, 0, 0};
    return &phases[nphases++];
}

/* Puts the marks of one search on the phases; prints them when the stop was slow. */
static double stop_cpu[GOMOKU__TRACE_THREADS]; /* each started thread's CPU at the stop */

static void trace_at_stop(void)
{
    int n = atomic_load(&gomoku__trace_nthreads);
    for (int i = 0; i < GOMOKU__TRACE_THREADS; i++) {
        struct timespec ts;
        stop_cpu[i] = 0; /* not started yet: all its time comes after the stop */
        if (i < n && clock_gettime(gomoku__trace_clock[i], &ts) == 0)
            stop_cpu[i] = (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
        else if (i < n)
            stop_cpu[i] = 1e300; /* over before the stop */
    }
}

static void trace_stop(double t_stop, double c_stop, double began, int verbose)
{
    int n = atomic_load(&gomoku__ntrace);
    if (n > GOMOKU__TRACE_MAX)
        n = GOMOKU__TRACE_MAX;
    int nt = atomic_load(&gomoku__trace_nthreads);
    if (nt > GOMOKU__TRACE_THREADS)
        nt = GOMOKU__TRACE_THREADS;
    if (verbose)
        printf("          after the stop (wall/cpu ms):");
    /* tid -1: the thread that called gomoku_search; then each thread the search started */
    for (int tid = -1; tid < nt; tid++) {
        double prev_wall = began, prev_cpu = -1, sys_prev = 0;
        long flt_prev = 0;
        double at_stop = tid < 0 ? c_stop : stop_cpu[tid];
        for (int i = 0; i < n; i++) {
            gomoku__trace_mark *m = &gomoku__trace[i];
            if (m->tid != tid)
                continue;
            double w = m->wall - (prev_wall > t_stop ? prev_wall : t_stop);
            double c = 0;
            if (prev_cpu >= 0 || tid >= 0)
                c = m->cpu - (prev_cpu > at_stop ? prev_cpu : at_stop);
            double dsys = m->sys - sys_prev;
            long dflt = m->faults - flt_prev;
            prev_wall = m->wall;
            prev_cpu = m->cpu;
            sys_prev = m->sys;
            flt_prev = m->faults;
            if (w <= 0)
                continue;
            phase *p = phase_of(m->thread, m->name);
            if (!p)
                continue;
            p->hits++;
            p->wall += w;
            p->wall_max = w > p->wall_max ? w : p->wall_max;
            if (c > 0) {
                p->cpu += c;
                p->cpu_max = c > p->cpu_max ? c : p->cpu_max;
            }
            if (verbose && (w > 0.05 || c > 0.05))
                printf(" %s:%s %.2f/%.2f(sys %.2f, %ld faults)", m->thread, m->name, w, c, dsys,
                       dflt);
        }
    }
    if (verbose)
        printf("\n");
}

static void trace_report(void)
{
    printf("  phases after the stop: thread:phase  stops  wall sum/max  cpu sum/max (ms)\n");
    for (int i = 0; i < nphases; i++) {
        phase *p = &phases[i];
        char label[64];
        snprintf(label, sizeof label, "%s:%s", p->thread, p->name);
        printf("  %-28s %6d %9.1f %7.2f %9.1f %7.2f\n", label, p->hits, p->wall, p->wall_max,
               p->cpu, p->cpu_max);
    }
    nphases = 0;
}
#endif

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* CPU time of one thread: the work it does, without the time it waits for a core.
 * (The process's clock is no good here: Linux adds the time of another thread that is
 * running only at the next tick, so it can be 4 ms stale.) */
static double cpu_ms(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void sleep_ms(double ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)((ms - (double)(time_t)(ms / 1000) * 1000) * 1e6)};
    nanosleep(&ts, NULL);
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

typedef struct job {
    gomoku_engine *e;
    gomoku_limits limits;
    gomoku_search_result r;
    int rc;
    double returned;          /* now_ms() when the search returned */
    double returned_cpu;      /* cpu_ms() then */
} job;

static void *run_search(void *arg)
{
    job *j = arg;
    j->rc = gomoku_search(&j->r, j->e, &j->limits);
    j->returned = now_ms();
    j->returned_cpu = cpu_ms(CLOCK_THREAD_CPUTIME_ID);
    return NULL;
}

typedef struct sample {
    double ms;                /* wall time from the stop to the return */
    double cpu;               /* CPU time of the calling thread in that time */
    int pos, threads;
    double delay;
} sample;

static int by_ms(const void *a, const void *b)
{
    double x = ((const sample *)a)->ms, y = ((const sample *)b)->ms;
    return (x > y) - (x < y);
}

static int by_cpu(const void *a, const void *b)
{
    double x = ((const sample *)a)->cpu, y = ((const sample *)b)->cpu;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int stops = 10000, max_delay = 30, only = -1;
    double fixed_delay = 0;
    int threads[8] = {1, 2, 4}, nthreads = 3;
    uint64_t seed = 1;
    const char *file = "bench/vct-positions.txt";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stops") && i + 1 < argc)
            stops = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-delay") && i + 1 < argc)
            max_delay = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--delay") && i + 1 < argc)
            fixed_delay = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10) | 1;
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            nthreads = 0;
            for (char *t = strtok(argv[++i], ","); t && nthreads < 8; t = strtok(NULL, ","))
                threads[nthreads++] = atoi(t);
        } else if (argv[i][0] != '-')
            file = argv[i];
        else {
            fprintf(stderr, "usage: %s [--stops N] [--max-delay MS] [--threads 1,2,4] [--seed S] "
                            "[--only POSITION] [--delay MS] [positions]\n", argv[0]);
            return 2;
        }
    }
    if (stops < 1 || max_delay < 1 || nthreads < 1) {
        fprintf(stderr, "stop-latency: bad arguments\n");
        return 2;
    }

    /* middle-game positions: plies 10 and more */
    static char pos[MAX_POS][1024];
    int npos = 0;
    FILE *f = fopen(file, "r");
    if (!f) {
        perror(file);
        return 1;
    }
    char line[1024];
    while (npos < MAX_POS && fgets(line, sizeof line, f)) {
        if (strncmp(line, "freestyle ", 10))
            continue;
        line[strcspn(line, "\n")] = 0;
        int plies = 0;
        for (char *p = line + 10; *p; p++)
            plies += *p == ' ';
        if (plies + 1 >= 10)
            memcpy(pos[npos++], line + 10, strlen(line + 10) + 1);
    }
    fclose(f);
    if (npos == 0) {
        fprintf(stderr, "stop-latency: no positions in %s\n", file);
        return 1;
    }

    gomoku_engine *e = NULL;
    if (gomoku_new(&e, 15, GOMOKU_FREESTYLE) != GOMOKU_OK)
        return 1;
    sample *all = calloc((size_t)stops, sizeof *all);
    if (!all)
        return 1;
    printf("stop latency: %d stops per thread count, stop at 1..%d ms, %d positions (plies >= 10)\n",
           stops, max_delay, npos);
    printf("wall: ms from gomoku_stop() to the return; cpu: CPU ms the thread that called\n"
           "gomoku_search spent in that time (its search; not the waits for the other threads)\n");
    printf("%7s %5s %8s %8s %8s %8s %8s %8s %8s  %s\n", "threads", "", "stops", "p50", "p90", "p99",
           "p99.9", "max", ">5ms", "ended first");
    for (int ti = 0; ti < nthreads; ti++) {
        int n = 0, early = 0;
        /* k = -1: a first search, not counted, in which the engine makes what it keeps for
         * searches of this many threads (gomoku__search_mem): the first search of an engine
         * allocates and touches its tables, tens of ms that are not a stop's. */
        for (int k = -1; k < stops; k++) {
            int pi = only >= 0 ? only % npos : k < 0 ? 0 : k % npos;
            gomoku_reset(e, 15, GOMOKU_FREESTYLE);
            if (gomoku_play_moves(e, pos[pi]) != GOMOKU_OK || gomoku_state_of(e) != GOMOKU_ONGOING)
                continue;
            job j;
            memset(&j, 0, sizeof j);
            j.e = e;
            gomoku_limits_init(&j.limits);
            j.limits.depth = 0; /* no limit: only the stop ends it */
            j.limits.threads = threads[ti];
            double delay = 1 + (double)(rng_next(&seed) % (uint64_t)(max_delay * 100)) / 100.0;
            if (fixed_delay > 0)
                delay = fixed_delay;
            pthread_t th;
#ifdef GOMOKU_STOP_TRACE
            atomic_store(&gomoku__ntrace, 0);
            atomic_store(&gomoku__trace_nthreads, 0);
#endif
            if (pthread_create(&th, NULL, run_search, &j) != 0)
                return 1;
            while (!atomic_load(&e->busy) && !j.returned)
                sleep_ms(0.02);
            double began = now_ms();
            sleep_ms(delay);
            clockid_t caller;
            pthread_getcpuclockid(th, &caller);
            double c_stop = cpu_ms(caller);
            double t_stop = now_ms();
            gomoku_stop(e);
#ifdef GOMOKU_STOP_TRACE
            trace_at_stop();
#endif
            pthread_join(th, NULL);
            if (j.rc != GOMOKU_OK) {
                fprintf(stderr, "stop-latency: search failed: %s\n", gomoku_strerror(j.rc));
                return 1;
            }
            if (k < 0)
                continue;
            if (j.returned <= t_stop) {
                early++; /* proven or out of depth before the stop */
                continue;
            }
            /* Another thread's CPU clock, read at the stop, can lag by a scheduler tick (4
             * ms seen with 0.02 ms of wall time): the CPU of an interval is at most its
             * wall time. */
            double cpu = j.returned_cpu - c_stop;
            if (cpu > j.returned - t_stop)
                cpu = j.returned - t_stop;
            all[n++] = (sample){j.returned - t_stop, cpu, pi, threads[ti], t_stop - began};
#ifdef GOMOKU_STOP_TRACE
            if (cpu > 2)
                printf("        slow: cpu %.2f wall %.2f, position %d, threads %d, stop after %.2f ms\n",
                       cpu, j.returned - t_stop, pi, threads[ti], t_stop - began);
            trace_stop(t_stop, c_stop, began - 50, cpu > 2);
#endif
        }
        qsort(all, (size_t)n, sizeof *all, by_cpu);
        int over = 0;
        for (int i = 0; i < n; i++)
            over += all[i].cpu > 5;
#define PCT(f, p) (n ? all[(int)((double)(n - 1) * (p))].f : 0)
        printf("%7d %5s %8d %8.2f %8.2f %8.2f %8.2f %8.2f %8d  %d\n", threads[ti], "cpu", n,
               PCT(cpu, 0.5), PCT(cpu, 0.9), PCT(cpu, 0.99), PCT(cpu, 0.999), PCT(cpu, 1.0), over,
               early);
        for (int i = n - 1; i >= 0 && i >= n - 3; i--)
            printf("        most cpu: %.2f ms (wall %.2f), position %d (line: %s), stop after %.2f ms\n",
                   all[i].cpu, all[i].ms, all[i].pos, pos[all[i].pos], all[i].delay);
        qsort(all, (size_t)n, sizeof *all, by_ms);
        over = 0;
        for (int i = 0; i < n; i++)
            over += all[i].ms > 5;
        printf("%7d %5s %8d %8.2f %8.2f %8.2f %8.2f %8.2f %8d  %d\n", threads[ti], "wall", n,
               PCT(ms, 0.5), PCT(ms, 0.9), PCT(ms, 0.99), PCT(ms, 0.999), PCT(ms, 1.0), over, early);
        for (int i = n - 1; i >= 0 && i >= n - 3; i--)
            printf("        worst wall: %.2f ms, position %d (line: %s), stop after %.2f ms\n", all[i].ms,
                   all[i].pos, pos[all[i].pos], all[i].delay);
#ifdef GOMOKU_STOP_TRACE
        trace_report();
#endif
        fflush(stdout);
    }
    free(all);
    gomoku_free(e);
    return 0;
}
