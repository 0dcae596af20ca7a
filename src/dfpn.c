/*
 * dfpn.c - the df-pn VCT solver: its proof-number table, its move cache, and the memo
 * that keeps a table between calls on the same position.
 */
#include "bigmem.h"
#include "threatctx.h"

#include <stdlib.h>
#include <string.h>

/*
 * df-pn: a depth-first form of proof-number search. The proof number of a node is how
 * many leaves still have to be proven to prove it, the disproof number how many to
 * refute it; the search always works below the child that most cheaply settles its
 * parent, within thresholds, and keeps the numbers in a table, so transpositions are
 * shared. VCT trees are very uneven (a four has one answer, a three a handful), and this
 * follows narrow forcing lines deep before wide ones. Nodes are generated exactly as in
 * the depth-first search, so a proof is sound for the same reasons; a proof number 0 is
 * stored only for a proven node.
 */

#define PN_INF 0x3fffffffu
#define DF_VCF_NODES 300
#define SALT_DF_OR 0x2545f4914f6cdd1dull
#define SALT_DF_AND 0x9fb21c651e98df25ull

typedef struct df_slot {
    uint64_t key;
    uint64_t v; /* pn (30 bits), dn (30 bits), work: log2 of the nodes spent below (4) */
} df_slot;

/* The move cache: a node's moves as generated on its first expansion, before they are
 * ordered, so that entering it again (df-pn does, each time it comes back to a subtree)
 * skips the generators, which try threats and blocks on the board. A move list depends
 * only on the position (the scan box always covers every cell with a class), and the
 * order is made again from the path, so the search is the same with or without it;
 * only the generators' trial stones are no longer counted as nodes. One entry (64
 * bytes, up to MC_MOVES moves) per MC_PER_SLOT table slots, overwritten on collision.
 * Measured with `make vct-bench`, the best of 3 runs: win puzzles at 3M 4.89 -> 4.51 s,
 * 456 match positions 3.92 -> 3.69 s, the 898 refutations 15.9 -> 14.1 s, the same
 * wins (12, 133, 828); tactics line 43 with the nodes counted as before, the same
 * 2,233,562 nodes in 689 ms instead of 745 (best of 5). One entry per 4 slots (16 MB)
 * was no faster, one per 64 about as fast on two sets of three. */
#define MC_MOVES 27
#define MC_PER_SLOT 16
typedef struct mc_entry {
    uint64_t key;
    int16_t n;
    short mv[MC_MOVES];
} mc_entry;

typedef struct df_table {
    df_slot *s;
    size_t mask;
    mc_entry *mc;
    size_t mc_mask;
} df_table;

static uint32_t pn_add(uint32_t a, uint32_t b) { return a + b >= PN_INF ? PN_INF : a + b; }

/* Four slots per key, in one aligned group: a lookup finds the entry in any of them.
 * Returns the entry's work (0 when absent). */
static int df_get(const df_table *t, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    const df_slot *g = &t->s[key & t->mask & ~(size_t)3];
    for (int i = 0; i < 4; i++) {
        if (g[i].key == key) {
            *pn = (uint32_t)(g[i].v & PN_INF);
            *dn = (uint32_t)(g[i].v >> 30 & PN_INF);
            return (int)(g[i].v >> 60) + 1;
        }
    }
    *pn = *dn = 1;
    return 0;
}

/* Stores in the key's own slot if present, else in an empty one, else over the entry
 * with the least work below it (the cheapest to find again), rather than a settled entry:
 * most settled entries are leaves settled in one node (measured: tactics line 43, 6.58M
 * -> 6.12M nodes against keeping settled entries). */
static void df_put(df_table *t, uint64_t key, uint32_t pn, uint32_t dn, long long work)
{
    df_slot *g = &t->s[key & t->mask & ~(size_t)3], *victim = &g[0];
    for (int i = 0; i < 4; i++) {
        if (g[i].key == key || g[i].key == 0) {
            victim = &g[i];
            break;
        }
        if (g[i].v >> 60 < victim->v >> 60)
            victim = &g[i];
    }
    uint64_t w = 0;
    while (w < 15 && work >> (w + 1) > 0)
        w++;
    victim->key = key;
    victim->v = (uint64_t)pn | (uint64_t)dn << 30 | w << 60;
}

/* The cached moves of the position with this key, or -1. The cells are checked to be
 * empty, so that even a key collision cannot put a stone on a stone. */
static int mc_get(const df_table *t, const board *b, uint64_t key, short *mv)
{
    const mc_entry *m = &t->mc[key & t->mc_mask];
    if (m->key != key)
        return -1;
    for (int i = 0; i < m->n; i++) {
        if (b->cell[m->mv[i]] != C_EMPTY)
            return -1;
        mv[i] = m->mv[i];
    }
    return m->n;
}

static void mc_put(df_table *t, uint64_t key, const short *mv, int n)
{
    if (n > MC_MOVES)
        return;
    mc_entry *m = &t->mc[key & t->mc_mask];
    m->key = key;
    m->n = (int16_t)n;
    memcpy(m->mv, mv, (size_t)n * sizeof *mv);
}

/* Moves m to the front of mv, when it is there. */
static void promote(short *mv, int n, int m)
{
    for (int i = 1; i < n; i++)
        if (mv[i] == m) {
            memmove(mv + 1, mv, (size_t)i * sizeof *mv);
            mv[0] = (short)m;
            return;
        }
}

/* A depth-first VCF of the side to move from ply on a budget of its own; the line, when
 * asked for, goes to c->line from ply. */
static int vcf_probe(threat_ctx *c, int ply, int depth, long long sub, int need_line)
{
    long long budget = c->budget;
    if (c->budget - c->nodes > sub)
        c->budget = c->nodes + sub;
    int cut = c->depth_cut;
    int r = gomoku__threat_attack(c, ply, depth, 0, need_line);
    c->depth_cut = cut;
    int sub_abort = c->aborted && c->nodes >= c->budget && c->budget < budget;
    c->budget = budget;
    if (sub_abort)
        c->aborted = 0;
    return r;
}

/* Settles a node from its position when it can: 1 proven, -1 disproven; 0 with its
 * moves (children) in mv[0 .. *n - 1]. An attacker node seen before (its numbers are in
 * the table) skips the VCF probe, which failed the first time: it is a shortcut only,
 * since every four that starts such a VCF is among the node's children (measured with
 * the defender's counter-VCF probe that the defender's move generator then had: 2.4% fewer nodes on
 * the 456 positions of the freestyle match games at 487k nodes each, the same 126 wins;
 * 13% fewer on an 11-ply win that needs 2.2M). */
static int df_eval(threat_ctx *c, df_table *t, uint64_t key, int ply, int max_plies,
                   int seen, short *mv, int *n)
{
    board *b = c->b;
    if (seen && (*n = mc_get(t, b, key, mv)) >= 0) {
        gomoku__threat_order_at(c, ply, mv, *n);
        promote(mv, *n, c->killer[ply]);
        return 0;
    }
    if (ply % 2 == 0) { /* attacker to move */
        if (b->state != GOMOKU_ONGOING)
            return b->forbidden_loss ? 1 : -1; /* black's forbidden answer; a draw */
        if (has_five_point(b, c->att))
            return 1;
        int depth = (max_plies - ply + 1) / 2;
        if (depth < 2)
            return -1;
        if (!seen && vcf_probe(c, ply, depth, DF_VCF_NODES, 0))
            return 1;
        *n = gomoku__threat_attacker_list(c, 1, mv);
        if (*n <= 0)
            return -1;
    } else {
        if (b->state != GOMOKU_ONGOING)
            return -1; /* the attacker's move was forbidden, or drew */
        *n = gomoku__threat_defender_list(c, 1, mv);
        if (*n <= 0)
            return *n < 0 ? -1 : 1;
    }
    if (!c->aborted)
        mc_put(t, key, mv, *n);
    gomoku__threat_order_at(c, ply, mv, *n);
    promote(mv, *n, c->killer[ply]);
    return 0;
}

static uint64_t df_key(const board *b, int ply)
{
    return b->hash ^ (ply % 2 == 0 ? SALT_DF_OR : SALT_DF_AND);
}

static uint64_t df_child_key(const board *b, int ply, int m)
{
    return gomoku__board_hash_after(b, m) ^ (ply % 2 == 0 ? SALT_DF_AND : SALT_DF_OR);
}

static void df_mid(threat_ctx *c, df_table *t, int ply, int max_plies, uint32_t thpn, uint32_t thdn)
{
    board *b = c->b;
    uint64_t key = df_key(b, ply);
    short mv[CAND_MAX];
    int n = 0;
    long long start = c->nodes++;
    uint32_t pn, dn;
    int seen = df_get(t, key, &pn, &dn);
    long long work = seen ? 1LL << (seen - 1) : 0;
    int e = df_eval(c, t, key, ply, max_plies, seen, mv, &n);
    if (e || c->aborted) {
        if (e)
            df_put(t, key, e > 0 ? 0 : PN_INF, e > 0 ? PN_INF : 0, work + c->nodes - start);
        return;
    }
    int is_or = ply % 2 == 0;
    uint64_t ck[CAND_MAX];
    /* The children's table groups are fetched all at once, ahead of their reads below
     * (perf, tactics line 43: df_get() 9.5% -> 4.6% of the time, df_mid() 5.6% -> 7.0%). */
    for (int i = 0; i < n; i++) {
        ck[i] = df_child_key(b, ply, mv[i]);
#if defined(__GNUC__)
        __builtin_prefetch(&t->s[ck[i] & t->mask & ~(size_t)3]);
#endif
    }
    /* The children's numbers are read from the table once; then only the child just
     * searched can have changed (others only through a transposition, seen when the
     * node is entered again). Reading them all on every pass was a fifth of the
     * solver's time (vct-bench: 3-5% less time for the same nodes, within 0.2%). */
    uint32_t ccp[CAND_MAX], ccd[CAND_MAX];
    /* Black's forbidden points (renju) stay among the attacker's moves, as losses found
     * when they come up, without playing them. A table entry is never read for one:
     * it could be that of the same stones reached in another order, all of whose moves
     * were legal, which would make a proof through an illegal move (the line could not
     * show it, so such a win was proven and not reported), and playing the move would
     * overwrite that position's own numbers with a loss. */
    int check_legal = is_or && c->renju_att_black;
    for (int i = 0; i < n; i++) {
        df_get(t, ck[i], &ccp[i], &ccd[i]);
        if (check_legal && ccp[i] == 0 && gomoku__black_forbidden(b, mv[i])) {
            ccp[i] = PN_INF;
            ccd[i] = 0;
        }
    }
    int best = -1, searched = -1;
    for (;;) {
        if (searched >= 0)
            df_get(t, ck[searched], &ccp[searched], &ccd[searched]);
        best = searched = -1;
        uint32_t bv = PN_INF + 1, second = PN_INF, bpn = 1, bdn = 1;
        uint32_t dmax = 0, dopen = 0;
        pn = is_or ? PN_INF : 0;
        dn = is_or ? 0 : PN_INF;
        for (int i = 0; i < n; i++) {
            uint32_t cp = ccp[i], cd = ccd[i];
            uint32_t v = is_or ? cp : cd;
            if (is_or) {
                pn = cp < pn ? cp : pn;
                dmax = cd > dmax ? cd : dmax;
                dopen += cd != 0;
            } else {
                pn = pn_add(pn, cp);
                dn = cd < dn ? cd : dn;
            }
            if (v < bv) {
                second = bv;
                bv = v;
                best = i;
                bpn = cp;
                bdn = cd;
            } else if (v < second) {
                second = v;
            }
        }
        /* The attacker's moves transpose into each other (the same threats in another
         * order), so summing their disproof numbers counts shared subtrees many times.
         * An attacker node takes the largest of them plus one for each other open move
         * instead (as weak proof-number search does; measured: the win puzzles at 3M
         * nodes 11 proven both ways, 20.1M nodes instead of 21.4M; the 456 match
         * positions at 487k 131 wins instead of 129, 14.2M nodes instead of 14.7M; the
         * opponent's wins after the 898 near non-answers of the save puzzles at 1M
         * nodes, 825 proven instead of 827, 56.3M nodes instead of 59.6M. The same for
         * the proof numbers of defender nodes proved fewer: 811-814 of the 898). */
        if (is_or)
            dn = dmax >= PN_INF ? PN_INF : dmax == 0 ? 0 : pn_add(dmax, dopen - 1);
        if (pn >= thpn || dn >= thdn || out_of_work(c) || best < 0)
            break;
        uint32_t cthpn, cthdn;
        /* The child may work until its number passes the second best by a quarter (the
         * 1+epsilon trick of Pawlewicz and Lew), not by one: fewer switches between
         * siblings of nearly equal numbers, each of which rebuilds a subtree the table
         * may have lost (measured: the 456 match positions at 487k nodes 128 -> 130
         * wins, 15.8M -> 14.7M nodes; an epsilon of 1/2 or 1/8 did less; starting the
         * proof number of an unknown three at 2 or 3 instead of 1, so that fours go
         * first, gave 129 and 132 wins for 2% and 5% more nodes). */
        uint32_t grow = pn_add(second, second / 4 + 1);
        if (is_or) {
            cthpn = thpn < grow ? thpn : grow;
            cthdn = thdn - dn + bdn;
        } else {
            cthdn = thdn < grow ? thdn : grow;
            cthpn = thpn - pn + bpn;
        }
        if (check_legal && gomoku__black_forbidden(b, mv[best])) {
            ccp[best] = PN_INF;
            ccd[best] = 0;
            c->nodes++;
            continue;
        }
        c->path[ply] = mv[best];
        play(c, mv[best]);
        df_mid(c, t, ply + 1, max_plies, cthpn, cthdn);
        unplay(c);
        searched = best;
    }
    if ((is_or ? pn : dn) == 0)
        c->killer[ply] = mv[best]; /* the child that settled the node */
    df_put(t, key, pn, dn, work + c->nodes - start);
}

/* Writes the proven line: at attacker nodes a proven move, at defender nodes a proven
 * answer (falling back on the depth-first search where the table lost an entry). */
static int df_line(threat_ctx *c, df_table *t, int ply, int max_plies)
{
    board *b = c->b;
    short mv[CAND_MAX];
    int n = 0;
    if (ply % 2 == 0) {
        if (has_five_point(b, c->att)) {
            c->line[ply] = gomoku__threat_first_five(c, c->att);
            return ply + 1;
        }
        int depth = (max_plies - ply + 1) / 2;
        int r = vcf_probe(c, ply, depth, 4 * DF_VCF_NODES, 1);
        if (r || c->aborted)
            return r;
        n = gomoku__threat_attacker_moves(c, ply, 1, mv);
    } else {
        n = gomoku__threat_defender_moves(c, ply, 1, mv);
        if (n == 0)
            return gomoku__threat_finish_line(c, ply);
    }
    for (int i = 0; i < n; i++) {
        uint32_t cp, cd;
        df_get(t, df_child_key(b, ply, mv[i]), &cp, &cd);
        if (cp != 0)
            continue;
        if (play(c, mv[i]) != GOMOKU_ONGOING) {
            unplay(c);
            continue;
        }
        c->path[ply] = mv[i];
        int r = df_line(c, t, ply + 1, max_plies);
        unplay(c);
        if (r) {
            c->line[ply] = mv[i];
            return r;
        }
    }
    /* The table lost this part of the proof: search it again depth-first. */
    if (ply % 2 == 0)
        return gomoku__threat_attack(c, ply, (max_plies - ply + 1) / 2, 1, 1);
    return gomoku__threat_defend(c, ply, (max_plies - ply) / 2, 1, 1);
}

#define DF_SLOTS_MAX ((size_t)1 << 19)

/* Slots of a df-pn table for a budget: half a slot per node, within 1024 and
 * DF_SLOTS_MAX. */
static size_t df_slots(long long budget)
{
    size_t want = 1024;
    while (want < (size_t)(budget / 2) && want < DF_SLOTS_MAX)
        want <<= 1;
    return want;
}

/* The move cache's entries for a table of `slots`. */
static size_t mc_entries(size_t slots) { return slots / MC_PER_SLOT > 64 ? slots / MC_PER_SLOT : 64; }

/* The position a memo's table belongs to: the root and the plies allowed. */
static uint64_t memo_key(const board *b, int max_plies) { return b->hash ^ (uint64_t)max_plies; }

/* A memo's table is allocated for `cap` slots (and mc_entries(cap) move cache entries)
 * and used for the first mask + 1 of them, as many as the budget it was last sized for
 * asks: the same table as a call of that budget would make. */
#define MEMO_DIRTY 1 /* key of a table that holds entries of no known position */
struct gomoku__vct_memo {
    uint64_t key; /* the position the table belongs to (0: none yet, the table is clear) */
    df_table t;
    size_t cap;
    size_t touched[2]; /* bytes of the table and of the move cache touched so far */
};

/* Clears the first `slots` of the memo's table and their move cache: a view of that
 * size, as fresh as a new table. */
static void memo_view(gomoku__vct_memo *m, size_t slots)
{
    size_t mcn = mc_entries(slots);
    memset(m->t.s, 0, slots * sizeof *m->t.s);
    memset(m->t.mc, 0, mcn * sizeof *m->t.mc);
    m->t.mask = slots - 1;
    m->t.mc_mask = mcn - 1;
    m->key = 0;
}

int gomoku__dfpn_memo_holds(const gomoku__vct_memo *memo, const board *b, int max_plies)
{
    return memo && memo->key == memo_key(b, max_plies);
}

/* df-pn from the root; returns the line's length or 0, and *disproved = 1 when the root
 * was refuted outright (no VCT within the generators and max_plies). With a memo, its
 * table is used and kept (cleared first when it belongs to another position). */
int gomoku__dfpn_search(threat_ctx *c, int max_plies, int *disproved, gomoku__vct_memo *memo)
{
    *disproved = 0;
    df_table t;
    gomoku__vct_memo *scratch = NULL;
    if (!memo && c->space && c->space->df && c->space->df->cap >= df_slots(c->budget)) {
        /* The thread's kept table, as a fresh one of this budget's size. */
        scratch = c->space->df;
        size_t want = df_slots(c->budget);
        if (scratch->key != 0 || want > scratch->t.mask + 1)
            memo_view(scratch, want);
        scratch->t.mask = want - 1;
        scratch->t.mc_mask = mc_entries(want) - 1;
        scratch->key = MEMO_DIRTY;
        t = scratch->t;
    } else if (memo) {
        uint64_t key = memo_key(c->b, max_plies);
        if (memo->key != key && memo->key != 0) /* a new memo is clear already */
            memo_view(memo, memo->t.mask + 1);
        memo->key = key;
        t = memo->t;
    } else {
        /* Half a slot per node of the budget, at most 512k slots (8 MB, with 2 MB of move
         * cache: within the memory gomoku.h promises). Measured: 2M slots prove the
         * 25-ply renju win of tactics line 43 in 2.89M nodes, 1M slots in 2.86M (with
         * the old replacement rule, 2.7M against 6.6M); with today's solver 1M slots
         * take 2,059,298 nodes, 512k 2,032,958 and 256k 2,261,077, and the win puzzles at
         * 3M and 6M nodes are proven alike with 1M and 512k slots (12 and 13 of 30,
         * 16.06M and 16.04M nodes, 22.92M and 22.78M), so the largest table is 512k. */
        size_t want = df_slots(c->budget);
        t.s = gomoku__big_zalloc(want * sizeof *t.s);
        if (!t.s)
            return 0;
        t.mask = want - 1;
        size_t mcn = mc_entries(want);
        t.mc = gomoku__big_zalloc(mcn * sizeof *t.mc);
        if (!t.mc) {
            gomoku__big_free(t.s, want * sizeof *t.s);
            return 0;
        }
        t.mc_mask = mcn - 1;
    }
    GOMOKU__TRACE("t:dfpn-alloc");
    for (int i = 0; i < LINE_MAX; i++)
        c->killer[i] = -1;
    df_mid(c, &t, 0, max_plies, PN_INF - 1, PN_INF - 1);
    GOMOKU__TRACE("t:dfpn-mid");
    uint32_t pn, dn;
    df_get(&t, df_key(c->b, 0), &pn, &dn);
    *disproved = dn == 0 && !c->aborted;
    int len = 0;
    if (pn == 0 && !c->aborted) {
        long long budget = c->budget;
        c->budget = c->nodes + 200000; /* room to write the line out */
        len = df_line(c, &t, 0, max_plies);
        c->budget = budget;
        if (c->aborted)
            len = 0;
    }
    GOMOKU__TRACE("t:dfpn-line");
    if (!memo && !scratch) {
        gomoku__big_free(t.s, (t.mask + 1) * sizeof *t.s);
        gomoku__big_free(t.mc, (t.mc_mask + 1) * sizeof *t.mc);
    }
    GOMOKU__TRACE("t:dfpn-free");
    return len;
}

gomoku__vct_memo *gomoku__vct_memo_new(long long budget)
{
    gomoku__vct_memo *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->key = 0;
    size_t slots = budget > 0 ? df_slots(budget) : DF_SLOTS_MAX, mcn = mc_entries(slots);
    m->cap = slots;
    m->touched[0] = m->touched[1] = 0;
    m->t.s = gomoku__big_zalloc(slots * sizeof *m->t.s);
    m->t.mask = slots - 1;
    m->t.mc = gomoku__big_zalloc(mcn * sizeof *m->t.mc);
    m->t.mc_mask = mcn - 1;
    if (!m->t.s || !m->t.mc) {
        gomoku__vct_memo_free(m);
        return NULL;
    }
    return m;
}

void gomoku__vct_memo_touch(gomoku__vct_memo *memo, atomic_int *stop, atomic_int *stop2)
{
    if (!memo)
        return;
    gomoku__touch(memo->t.s, memo->cap * sizeof *memo->t.s, &memo->touched[0], stop, stop2);
    gomoku__touch(memo->t.mc, mc_entries(memo->cap) * sizeof *memo->t.mc, &memo->touched[1],
                  stop, stop2);
}

int gomoku__vct_memo_reserve(gomoku__vct_memo **memo, long long budget, int touch)
{
    size_t slots = budget > 0 ? df_slots(budget) : DF_SLOTS_MAX;
    gomoku__vct_memo *m = *memo;
    if (m && m->cap >= slots) {
        /* A clear table stays clear within the part it cleared. */
        if (m->key != 0 || slots > m->t.mask + 1)
            m->key = MEMO_DIRTY;
        m->t.mask = slots - 1;
        m->t.mc_mask = mc_entries(slots) - 1;
        return 0;
    }
    gomoku__vct_memo *fresh = gomoku__vct_memo_new(budget);
    if (!fresh) {
        if (m)
            m->key = MEMO_DIRTY;
        return -1;
    }
    if (touch) /* every page now, before a clock or a stop can be waiting on it */
        gomoku__vct_memo_touch(fresh, NULL, NULL);
    fresh->t.mask = slots - 1;
    fresh->t.mc_mask = mc_entries(slots) - 1;
    gomoku__vct_memo_free(m);
    *memo = fresh;
    return 0;
}

void gomoku__vct_memo_free(gomoku__vct_memo *memo)
{
    if (memo) {
        if (memo->t.s)
            gomoku__big_free(memo->t.s, memo->cap * sizeof *memo->t.s);
        if (memo->t.mc)
            gomoku__big_free(memo->t.mc, mc_entries(memo->cap) * sizeof *memo->t.mc);
    }
    free(memo);
}
