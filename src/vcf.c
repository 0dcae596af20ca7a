/*
 * vcf.c - the threat solver's depth-first AND-OR search: VCF (the attacker's fours
 * only), and with vct set the short iterative-deepening passes of a VCT before df-pn.
 * At an attacker (OR) node the attacker tries its threat moves; at a defender (AND)
 * node every defence threatshape.c lists is tried and all of them must lose. A small
 * transposition table, keyed by the position's hash, remembers proven and failed
 * attacker nodes within one call.
 */
#include "bigmem.h"
#include "threatctx.h"

#include <stdlib.h>
#include <string.h>

#define DEPTH_ANY 127 /* a failure that no extra depth would change */

#define SALT_VCF 0x5bd1e9955bd1e995ull
#define SALT_VCT 0x9e3779b97f4a7c15ull

/* ---- transposition table ----------------------------------------------------------- */

size_t gomoku__vcf_slots(long long budget)
{
    size_t want = 1024;
    while (want < (size_t)budget / 4 && want < ((size_t)1 << 18))
        want <<= 1;
    return want;
}

static vcf_slot *vcf_find(threat_ctx *c, uint64_t key)
{
    if (!c->tt) {
        /* Most calls (leaf checks of the main search) end within a few nodes; the table
         * is only worth allocating once a search is under way. */
        if (c->tt_tried || c->nodes < 64)
            return NULL;
        c->tt_tried = 1;
        /* About one slot per four nodes of budget: small calls stay cheap to set up. */
        size_t want = gomoku__vcf_slots(c->budget);
        if (c->space && c->space->vcf_slots >= want) {
            c->tt = c->space->vcf;
            memset(c->tt, 0, want * sizeof *c->tt);
        } else {
            c->tt = calloc(want, sizeof *c->tt);
            if (!c->tt)
                return NULL;
            c->tt_owned = 1;
        }
        c->tt_mask = want - 1;
    }
    return &c->tt[key & c->tt_mask];
}

int gomoku__threat_space_reserve(gomoku__threat_space *space, long long budget, int touch)
{
    size_t want = gomoku__vcf_slots(budget);
    if (space->vcf_slots >= want)
        return 0;
    vcf_slot *t = gomoku__big_zalloc(want * sizeof *t);
    if (!t)
        return -1;
    gomoku__threat_space_free(space);
    space->vcf = t;
    space->vcf_slots = want;
    space->vcf_touched = 0;
    if (touch)
        gomoku__threat_space_touch(space, NULL, NULL);
    return 0;
}

void gomoku__threat_space_touch(gomoku__threat_space *space, atomic_int *stop, atomic_int *stop2)
{
    if (space->vcf)
        gomoku__touch(space->vcf, space->vcf_slots * sizeof *space->vcf, &space->vcf_touched,
                      stop, stop2);
}

void gomoku__threat_space_free(gomoku__threat_space *space)
{
    gomoku__big_free(space->vcf, space->vcf_slots * sizeof *space->vcf);
    space->vcf = NULL;
    space->vcf_slots = 0;
    space->vcf_touched = 0;
}

static void vcf_store(threat_ctx *c, uint64_t key, int depth, int len)
{
    if (c->aborted)
        return;
    vcf_slot *s = vcf_find(c, key);
    if (!s)
        return;
    s->key = key;
    s->depth = (int16_t)depth;
    s->len = (int16_t)len;
    s->used = 1;
}

static int attack_moves(threat_ctx *c, int ply, int depth, int vct, int need_line, uint64_t key);

/* Defender to move after an attacker move. Returns the length of the attacker's win
 * against every defence (the line shows the defence that holds out longest), or 0. */
int gomoku__threat_defend(threat_ctx *c, int ply, int depth, int vct, int need_line)
{
    board *b = c->b;
    if (out_of_work(c))
        return 0;
    short defs[CAND_MAX];
    int n = gomoku__threat_defender_moves(c, ply, vct, defs);
    if (n < 0)
        return 0;
    if (n == 0)
        return gomoku__threat_finish_line(c, ply);
    /* Every defence must lose. The line shows the one that holds out longest: the
     * branches are searched without lines first (transpositions may answer them), then
     * that one again with its line. */
    int res = 0, hardest = -1;
    for (int i = 0; i < n; i++) {
        int st = play(c, defs[i]);
        if (st != GOMOKU_ONGOING) {
            int forbidden = b->forbidden_loss;
            unplay(c);
            if (!forbidden)
                return 0; /* a draw (or a defender five, which cannot happen here) */
            continue;     /* a forbidden answer by black loses: no defence */
        }
        c->path[ply] = defs[i];
        int r = gomoku__threat_attack(c, ply + 1, depth, vct, need_line && n == 1);
        unplay(c);
        if (!r)
            return 0;
        if (r > res) {
            res = r;
            hardest = i;
        }
    }
    if (hardest < 0)
        return 0;
    if (need_line && n > 1) {
        play(c, defs[hardest]);
        c->path[ply] = defs[hardest];
        res = gomoku__threat_attack(c, ply + 1, depth, vct, 1);
        unplay(c);
    }
    if (res)
        c->line[ply] = defs[hardest];
    return res;
}

/* Attacker to move with at most `depth` attacker moves left (the five included). */
int gomoku__threat_attack(threat_ctx *c, int ply, int depth, int vct, int need_line)
{
    board *b = c->b;
    if (depth < 1 || ply >= LINE_MAX - 2) {
        c->depth_cut = 1;
        return 0;
    }
    if (has_five_point(b, c->att)) {
        c->line[ply] = gomoku__threat_first_five(c, c->att);
        return ply + 1;
    }
    if (depth < 2) {
        c->depth_cut = 1;
        return 0;
    }
    if (out_of_work(c))
        return 0;
    uint64_t key = b->hash ^ (vct ? SALT_VCT : SALT_VCF);
    vcf_slot *s = vcf_find(c, key);
    if (s && s->used && s->key == key) {
        /* A win counts only within the depth it was proven with, so that the line of
         * the hardest defence, searched again below, is found again. */
        if (s->len > 0 && !need_line && s->depth <= depth)
            return ply + s->len;
        if (s->len == 0 && s->depth >= depth) {
            c->depth_cut |= s->depth != DEPTH_ANY;
            return 0;
        }
    }
    int outer_cut = c->depth_cut;
    c->depth_cut = 0;
    int r = attack_moves(c, ply, depth, vct, need_line, key);
    if (!r && !c->aborted)
        vcf_store(c, key, c->depth_cut ? depth : DEPTH_ANY, 0);
    c->depth_cut |= outer_cut;
    return r;
}

static int attack_moves(threat_ctx *c, int ply, int depth, int vct, int need_line, uint64_t key)
{
    board *b = c->b;
    if (vct) {
        int r = gomoku__threat_attack(c, ply, depth, 0, need_line);
        if (r || c->aborted)
            return r;
    }
    short mv[CAND_MAX];
    int n = gomoku__threat_attacker_moves(c, ply, vct, mv);
    for (int i = 0; i < n; i++) {
        if (play(c, mv[i]) != GOMOKU_ONGOING || (!vct && !has_five_point(b, c->att))) {
            unplay(c); /* forbidden, a draw, or (VCF) a block that is no four */
            continue;
        }
        c->path[ply] = mv[i];
        int r = gomoku__threat_defend(c, ply + 1, depth - 1, vct, need_line);
        unplay(c);
        if (c->aborted)
            return 0;
        if (r) {
            c->line[ply] = mv[i];
            vcf_store(c, key, depth, r - ply);
            return r;
        }
    }
    return 0;
}
