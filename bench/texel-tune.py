#!/usr/bin/env python3
"""Fits the evaluation weights to game results (Texel's method), for tuning the defaults.

    bench/texel-tune.py gen --out FILE [--games N] [--nodes N] [--seed S] [--jobs J] [--lib SO]
    bench/texel-tune.py label --out FILE RECORD... [--positions N] [--nodes N] [--jobs J]
                        [--as-rule R] [--moves]
    bench/texel-tune.py fit FILE [--epochs N] [--lib SO]

`gen` plays the strong search against itself (a node limit a move) from seeded random
openings of four stones (black on the centre, three more stones at most three steps from
it; a different family from bench/ab-match.py's three-stone openings, so that a tuned
set is not measured on the openings it was fitted on), cycling through freestyle,
standard and renju. It writes one line per position: the rule, the game's result for
the side to move (1, 0.5, 0), and the evaluation's inputs (gomoku_eval_breakdown): the
pattern counts and combination points of the side to move, then of the other side.

`label` takes its positions from recorded games instead (match.py records, as
bench/vs-peer.sh keeps them under bench/games/), half of them as played and half one
random nearby move later (the kind of position a search meets at its leaves, after a
move nobody would play), and labels each with our own search of it at a node limit
instead of the game's result: sigmoid(value / 500) for the side to move. A fit on those
labels asks the static value to predict what a search a few plies deeper finds, which
is what the pruning that trusts it needs, rather than who won the game. With --moves it
writes each position's moves instead of the weights' features, for `bench/fit-combo.py
fit --labelled`.

`fit` keeps the quiet positions (no four on the board for either side and no open-four
point of the side to move, where the evaluation's turn rules, not the weights, decide),
finds the scale K at which sigmoid(K * eval) with the current weights best predicts the
results, then moves the weights of threes, twos, ones and combination points by gradient
descent on the cross-entropy at that K, so the scale of the scores stays the same. It
prints the loss before and after and the new weights, as a C initializer and as JSON.
Fives and fours are not fitted: positions with them are the turn rules' business.
Developer tool: standard library only (no numpy), not installed.
"""
import argparse
import json
import math
import multiprocessing
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import gomoku  # noqa: E402

RULES = ["freestyle", "standard", "renju"]
# Pattern order of gomoku_pattern: FIVE, OPEN_FOUR, FOUR, OPEN_THREE, THREE, OPEN_TWO, TWO, ONE
FITTED_OWN = [2, 3, 4, 5, 6, 7]      # the mover's open-four point is a turn rule
FITTED_OPP = [1, 2, 3, 4, 5, 6, 7]
# Combination order of gomoku_combo: DOUBLE_THREE, FOUR_THREE, OPEN_FOUR
FITTED_COMBO_OWN = [0, 1]     # the mover's open-four point is a turn rule
FITTED_COMBO_OPP = [0, 1, 2]


def openings(n, seed):
    rng = random.Random(seed)
    cells = [(x, y) for x in range(4, 11) for y in range(4, 11) if (x, y) != (7, 7)]
    out, seen = [], set()
    while len(out) < n:
        stones = rng.sample(cells, 3)
        key = (stones[0], stones[2], stones[1])  # white's two stones are interchangeable
        if key in seen or (stones[2], stones[0], stones[1]) in seen:
            continue
        seen.add(key)
        out.append([(7, 7)] + stones)
    return out


def features(e):
    info = e.eval_breakdown()
    me = 0 if info.side_to_move == gomoku.Color.BLACK else 1
    return info.patterns[me] + info.combos[me] + info.patterns[1 - me] + info.combos[1 - me]


def engine(lib, rule):
    return gomoku.Engine(15, rule, library_path=lib) if lib else gomoku.Engine(15, rule)


def play_one(task):
    lib, rule, nodes, stones = task
    e = engine(lib, rule)
    for x, y in stones:
        e.play(x, y)
    rows = []
    while e.state == gomoku.State.ONGOING and e.move_count < 200:
        rows.append((e.side_to_move, features(e)))
        r = e.search(time_ms=0, nodes=nodes)
        e.play(r.best.x, r.best.y)
    winner = e.winner if e.state != gomoku.State.ONGOING else None
    out = []
    for side, f in rows:
        res = 0.5 if winner is None else (1.0 if winner == side else 0.0)
        out.append("%s %.1f %s" % (rule, res, " ".join(map(str, f))))
    e.close()
    return out


def cmd_gen(a):
    ops = openings(a.games, a.seed)
    tasks = [(a.lib, RULES[i % 3], a.nodes, ops[i]) for i in range(a.games)]
    n = 0
    with open(a.out, "w") as f, multiprocessing.Pool(a.jobs) as pool:
        for rows in pool.imap_unordered(play_one, tasks):
            f.write("\n".join(rows) + "\n")
            n += 1
            if n % 50 == 0:
                print("games %d/%d" % (n, a.games), file=sys.stderr, flush=True)


def label_one(task):
    lib, rule, nodes, seed, positions, as_moves = task
    rng = random.Random(seed)
    e = engine(lib, rule)
    # Cleared for every position: 2 MB is ample for a few 10k nodes, and a deeper label
    # search gets 1 MB for every 25k nodes.
    e.set_hash_size(max(2, nodes // 25000))
    out = []
    for moves, child in positions:
        e.reset()
        try:
            for x, y in moves:
                e.play(x, y)
        except gomoku.GomokuError:
            continue  # a move of the record is illegal under --as-rule (a renju foul)
        if child and e.state == gomoku.State.ONGOING:
            near = [(x + dx, y + dy) for x, y in moves[-4:] for dx in (-2, -1, 0, 1, 2)
                    for dy in (-2, -1, 0, 1, 2)]
            near = [(x, y) for x, y in near if 0 <= x < 15 and 0 <= y < 15 and
                    e.cell(x, y) == gomoku.Color.EMPTY]
            rng.shuffle(near)
            for x, y in near:
                if rule != "renju" or e.forbidden(x, y) == gomoku.Forbid.NONE:
                    e.play(x, y)
                    break
        if e.state != gomoku.State.ONGOING:
            continue
        e.clear_hash()
        v = e.search(time_ms=0, nodes=nodes).score
        if gomoku.score_is_win(v):
            res = 1.0
        elif gomoku.score_is_loss(v):
            res = 0.0
        else:
            res = 1.0 / (1.0 + math.exp(-v / 500.0))
        cols = ["%d,%d" % (m.x, m.y) for m in e.moves] if as_moves else features(e)
        out.append("%s %.4f %s" % (rule, res, " ".join(map(str, cols))))
    e.close()
    return out


def cmd_label(a):
    import peerlib
    rng = random.Random(a.seed)
    by_rule = {r: [] for r in RULES}
    for path in a.records:
        if os.path.isdir(path):
            path = os.path.join(path, "games.json")
        try:
            rec = peerlib.load_record(path)
        except (OSError, ValueError, KeyError) as ex:
            sys.exit("texel-tune: cannot read the record %s: %s" % (path, ex))
        rule = a.as_rule or peerlib.RULE_NAMES.get(rec["rule"])
        if rule not in by_rule:
            continue
        for g in rec["games"]:
            mv = g["moves"]
            for ply in range(max(6, g["opening_stones"]), len(mv) - 1):
                by_rule[rule].append((mv[:ply], rng.random() < 0.5))
    tasks = []
    per_rule = a.positions // max(1, sum(1 for r in RULES if by_rule[r]))
    for r in RULES:
        pool = by_rule[r]
        rng.shuffle(pool)
        pool = pool[:per_rule]
        for i in range(0, len(pool), 100):
            tasks.append((a.lib, r, a.nodes, rng.random(), pool[i:i + 100], a.moves))
    n = 0
    with open(a.out, "w") as f, multiprocessing.Pool(a.jobs) as pool:
        for rows in pool.imap_unordered(label_one, tasks):
            if rows:
                f.write("\n".join(rows) + "\n")
            n += 1
            print("batches %d/%d" % (n, len(tasks)), file=sys.stderr, flush=True)


# ---- fitting ------------------------------------------------------------------------

def load(path):
    data = []
    for line in open(path):
        p = line.split()
        if len(p) < 24:
            continue
        res = float(p[1])
        f = list(map(int, p[2:]))
        own_pat, own_combo, opp_pat, opp_combo = f[0:8], f[8:11], f[11:19], f[19:22]
        if own_pat[0] or opp_pat[0]:
            continue  # a four on the board: a win now, or a forced block
        if own_combo[2] and p[0] != "renju":
            continue  # the mover's open-four point: a static win
        data.append((res, own_pat, own_combo, opp_pat, opp_combo))
    return data


def param_vector(w):
    return ([w.own[k] for k in FITTED_OWN] + [w.combo_own[k] for k in FITTED_COMBO_OWN] +
            [w.opp[k] for k in FITTED_OPP] + [w.combo_opp[k] for k in FITTED_COMBO_OPP])


def design(data):
    """Each position as (result, x) with eval = sum(theta * x)."""
    rows = []
    for res, op, oc, pp, pc in data:
        x = ([op[k] for k in FITTED_OWN] + [oc[k] for k in FITTED_COMBO_OWN] +
             [-pp[k] for k in FITTED_OPP] + [-pc[k] for k in FITTED_COMBO_OPP])
        rows.append((res, x))
    return rows


def loss(rows, theta, k, cap):
    total = 0.0
    for res, x in rows:
        s = sum(t * v for t, v in zip(theta, x))
        s = max(-cap, min(cap, s))
        p = 1.0 / (1.0 + math.exp(-k * s))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= res * math.log(p) + (1 - res) * math.log(1 - p)
    return total / len(rows)


def fit_k(rows, theta, cap):
    lo, hi = 1e-5, 1e-2
    for _ in range(40):  # golden-section search on log k
        m1 = lo * (hi / lo) ** 0.382
        m2 = lo * (hi / lo) ** 0.618
        if loss(rows, theta, m1, cap) < loss(rows, theta, m2, cap):
            hi = m2
        else:
            lo = m1
    return math.sqrt(lo * hi)


def cmd_fit(a):
    w = gomoku.default_weights(a.lib)
    cap = w.win_score // 2 - 1
    rows = design(load(a.file))
    if len(rows) < 20:
        sys.exit("texel-tune: %d quiet positions in %s, too few to fit" % (len(rows), a.file))
    rng = random.Random(1)
    rng.shuffle(rows)
    hold = rows[: len(rows) // 10]
    train = rows[len(rows) // 10:]
    theta = [float(v) for v in param_vector(w)]
    k = fit_k(train, theta, cap)
    print("positions: %d quiet (%d held out); K = %.6g" % (len(rows), len(hold), k))
    print("loss with the current weights: train %.5f, held out %.5f" %
          (loss(train, theta, k, cap), loss(hold, theta, k, cap)))
    # Adam on the mean cross-entropy; the gradient of s -> loss is k * (p - res).
    m = [0.0] * len(theta)
    v = [0.0] * len(theta)
    lr, b1, b2 = a.rate, 0.9, 0.999
    step = 0
    batch = 1024
    for epoch in range(a.epochs):
        rng.shuffle(train)
        for start in range(0, len(train), batch):
            g = [0.0] * len(theta)
            chunk = train[start:start + batch]
            for res, x in chunk:
                s = sum(t * xv for t, xv in zip(theta, x))
                if -cap < s < cap:
                    p = 1.0 / (1.0 + math.exp(-k * s))
                    d = k * (p - res)
                    for i, xv in enumerate(x):
                        if xv:
                            g[i] += d * xv
            step += 1
            for i in range(len(theta)):
                gi = g[i] / len(chunk)
                m[i] = b1 * m[i] + (1 - b1) * gi
                v[i] = b2 * v[i] + (1 - b2) * gi * gi
                mh = m[i] / (1 - b1 ** step)
                vh = v[i] / (1 - b2 ** step)
                theta[i] -= lr * mh / (math.sqrt(vh) + 1e-12)
                theta[i] = max(0.0, theta[i])
        if epoch % 5 == 4 or epoch == a.epochs - 1:
            print("epoch %3d: train %.5f, held out %.5f" %
                  (epoch + 1, loss(train, theta, k, cap), loss(hold, theta, k, cap)), flush=True)
    t = iter(int(round(x)) for x in theta)
    for kk in FITTED_OWN:
        w.own[kk] = next(t)
    for kk in FITTED_COMBO_OWN:
        w.combo_own[kk] = next(t)
    for kk in FITTED_OPP:
        w.opp[kk] = next(t)
    for kk in FITTED_COMBO_OPP:
        w.combo_opp[kk] = next(t)
    print(".own = {%s},\n.opp = {%s},\n.combo_own = {%s},\n.combo_opp = {%s}," %
          (", ".join(map(str, w.own)), ", ".join(map(str, w.opp)),
           ", ".join(map(str, w.combo_own)), ", ".join(map(str, w.combo_opp))))
    print(json.dumps({"own": w.own, "opp": w.opp, "win_score": w.win_score,
                      "combo_own": w.combo_own, "combo_opp": w.combo_opp}))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--out", required=True)
    g.add_argument("--games", type=int, default=1500)
    g.add_argument("--nodes", type=int, default=20000)
    g.add_argument("--seed", type=int, default=2026)
    g.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    g.add_argument("--lib", default=None)
    lb = sub.add_parser("label")
    lb.add_argument("--out", required=True)
    lb.add_argument("records", nargs="+")
    lb.add_argument("--positions", type=int, default=20000)
    lb.add_argument("--nodes", type=int, default=30000)
    lb.add_argument("--seed", type=int, default=2026)
    lb.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    lb.add_argument("--lib", default=None)
    lb.add_argument("--as-rule", choices=RULES, default=None,
                    help="label every position under this rule, whatever the record's "
                    "(a position after a move illegal under it is skipped)")
    lb.add_argument("--moves", action="store_true",
                    help="write the moves instead of the weights' features (for bench/fit-combo.py)")
    f = sub.add_parser("fit")
    f.add_argument("file")
    f.add_argument("--epochs", type=int, default=40)
    f.add_argument("--rate", type=float, default=1.0)
    f.add_argument("--lib", default=None)
    a = ap.parse_args()
    {"gen": cmd_gen, "label": cmd_label, "fit": cmd_fit}[a.cmd](a)


if __name__ == "__main__":
    main()
