#!/usr/bin/env python3
"""Fits the pattern-combination evaluation (src/eval_table.c) to game results.

    bench/fit-combo.py gen --out GAMES [--games N] [--nodes N] [--seed S] [--jobs J] [--lib SO]
    bench/fit-combo.py import --out GAMES MATCH_DIR...
    bench/fit-combo.py fit GAMES... [--features EXE] [--epochs N] [--l2 X] [--match-spread]
                       [--labelled] [--k K] [--base FILE] [--c-out FILE] [--note TEXT]...
    bench/fit-combo.py initiative GAMES... [--features EXE] [--epochs N] [--rate X] [--min N]
                       [--l2 X] [--c-out FILE] [--note TEXT]...

A game file holds one game a line: the rule, the winner (B, W or D), the moves as x,y.

`gen` plays the strong search against itself with a node limit a move, from the seeded
four-stone openings of bench/texel-tune.py (a different family from bench/ab-match.py's,
so that a fitted table is not measured on the openings it was fitted on), cycling
through freestyle, standard and renju.

`import` reads the games.json files that shared/tools/match.py writes (games against
another engine) into the same form.

`fit` replays every game with bench/combo-features (a small C program on the library's
own board, built by `make bench/combo-features`), which prints, for each position past
the opening where no side has a four and the mover has no open-four point (the
evaluation's turn rules decide those), the counts of the empty cells per
pattern-combination index for the side to move and for the other side. The model is
eval = sum over cells of own[rule][combo] (the mover's cells) - opp[rule][combo] (the
opponent's), one table per rule and, in renju, per colour; it is fitted by Adam on the
cross-entropy of sigmoid(K * eval) against the game's result for the side to move. The
scale K is the one at which the hand-set default weights, written as such a table (the
prior), predict the results best; the L2 penalty (on K * (value - prior), in units of
the mean loss) pulls every value towards the prior, so that combinations seldom seen
keep the hand-set value. 10% of the games (by a hash of the game) are held out; the
epoch with the lowest held-out loss is kept. --match-spread then scales the tables to
the hand-set scores' rms over the positions (the fit spreads them wider, and the
search's margins were set for the hand-set ones). It prints the losses and writes the
tables as C source (src/eval_table.c).

With --labelled the files hold single positions labelled by our own search instead of
games (`bench/texel-tune.py label --moves`: the rule, sigmoid(v / 500) of the search's
value v for the side to move, the moves), and the tables learn to predict what a search
finds rather than who won; --k fixes the scale K (1/500 puts the tables on the search's
own scale) instead of taking the hand-set weights' best one.

`initiative` fits an initiative term for the weights' evaluation (an experiment, not in the
library; docs/strength.md): a value for each of the 512 masks that
`combo-features --threats` prints (which of the mover's and the opponent's threat points
exist), added to the hand-set score, one table per rule and, in
renju, per colour to move. The model is sigmoid(K * (score + bias + term[mask])), with K
the hand-set weights' own best scale and a bias per rule and colour to move (what the
openings give each colour: a constant from the root's view, which the search cannot use,
so it is fitted and not written). The L2 penalty (on K * term) pulls each term towards 0
and standard's towards freestyle's. Each table is centred on its mean over the positions, and
masks seen fewer than --min times get no term. Developer tool: standard library only (no numpy), not installed.
"""
import argparse
import importlib.util
import json
import math
import multiprocessing
import os
import random
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, HERE)

RULES = ["freestyle", "standard", "renju"]
# The tables, in the order of gomoku__combo_fitted (src/eval_table.h).
TABLES = ["freestyle", "standard", "renju-black", "renju-white"]


def table_of(rule, colour):
    """Which table scores the cells of `colour` ('B' or 'W') under `rule`."""
    if rule == "renju":
        return 2 if colour == "B" else 3
    return RULES.index(rule)


# ---- games ---------------------------------------------------------------------------

def openings(n, seed):
    """The seeded four-stone openings of bench/texel-tune.py (one family for both fits)."""
    spec = importlib.util.spec_from_file_location("texel_tune", os.path.join(HERE, "texel-tune.py"))
    texel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(texel)
    return texel.openings(n, seed)


def play_one(task):
    import gomoku
    lib, rule, nodes, stones = task
    e = gomoku.Engine(15, rule, library_path=lib) if lib else gomoku.Engine(15, rule)
    for x, y in stones:
        e.play(x, y)
    while e.state == gomoku.State.ONGOING and e.move_count < 225:
        r = e.search(time_ms=0, nodes=nodes)
        e.play(r.best.x, r.best.y)
    w = e.winner if e.state != gomoku.State.ONGOING else None
    res = "D" if w is None else ("B" if w == gomoku.Color.BLACK else "W")
    line = "%s %s %s" % (rule, res, " ".join("%d,%d" % (m.x, m.y) for m in e.moves))
    e.close()
    return line


def cmd_gen(a):
    ops = openings(a.games, a.seed)
    tasks = [(a.lib, RULES[i % 3], a.nodes, ops[i]) for i in range(a.games)]
    n = 0
    with open(a.out, "a") as f, multiprocessing.Pool(a.jobs) as pool:
        for line in pool.imap_unordered(play_one, tasks):
            f.write(line + "\n")
            f.flush()
            n += 1
            if n % 50 == 0:
                print("games %d/%d" % (n, a.games), file=sys.stderr, flush=True)


def cmd_import(a):
    n = 0
    with open(a.out, "w") as f:
        for d in a.dirs:
            path = d if d.endswith(".json") else os.path.join(d, "games.json")
            j = json.load(open(path))
            rule = {0: "freestyle", 1: "standard", 4: "renju"}.get(j["config"]["rule"])
            if rule is None or j["config"].get("size", 15) != 15:
                continue
            for g in j["games"]:
                res = {"1-0": "B", "0-1": "W"}.get(g["result"], "D")
                if g.get("reason") not in ("five", "forbidden", "draw", "full", "board full"):
                    continue  # time-outs, crashes: the position did not decide them
                f.write("%s %s %s\n" % (rule, res, " ".join(g["moves"])))
                n += 1
    print("import: %d games" % n, file=sys.stderr)


# ---- features ------------------------------------------------------------------------

def read_positions(files, exe, skip, labelled=False):
    """(game key, table of the mover, table of the opponent, result, own {c: n},
    opp {c: n}) for each quiet position of the games in files (with labelled, files of
    positions labelled by a search, one a line, as `bench/texel-tune.py label --moves`
    writes them)."""
    out = []
    for path in files:
        p = subprocess.run([exe, "--skip", str(skip)] + (["--labelled"] if labelled else []) + [path],
                           check=True,
                           stdout=subprocess.PIPE, universal_newlines=True)
        for line in p.stdout.splitlines():
            f = line.split()
            # game-number rule side result | own c:n ... | opp c:n ...
            gkey = "%s:%s" % (path, f[0])
            rule, side, res = f[1], f[2], float(f[3])
            bar = f.index("|", 5)
            own = {int(c): int(n) for c, n in (t.split(":") for t in f[5:bar])}
            opp = {int(c): int(n) for c, n in (t.split(":") for t in f[bar + 1:])}
            other = "W" if side == "B" else "B"
            out.append((gkey, table_of(rule, side), table_of(rule, other), res, own, opp))
    return out


# ---- the prior: the hand-set weights as a combination table ----------------------------

NCOMBO = 495
P_FIVE, P_OPEN_FOUR, P_FOUR, P_OPEN_THREE = 8, 7, 6, 5


def combos():
    """The sorted multisets of four pattern codes 0..8, in index order (as eval_table.c)."""
    out = []
    for a in range(9):
        for b in range(a, 9):
            for c in range(b, 9):
                for d in range(c, 9):
                    out.append((a, b, c, d))
    return out


def cell_class(p):
    five = p.count(P_FIVE)
    open4 = p.count(P_OPEN_FOUR)
    four = p.count(P_FOUR)
    open3 = p.count(P_OPEN_THREE)
    if five:
        return "five"
    if open4 or four >= 2:
        return "open4"
    if four and open3:
        return "four3"
    if four:
        return "four"
    if open3 >= 2:
        return "double3"
    return "other"


def prior_tables(w):
    """own, opp per table as lists of NCOMBO floats, from gomoku_weights w: the sum of the
    four patterns' weights plus the cell's combination point."""
    cls_index = {"double3": 0, "four3": 1, "open4": 2}
    own_t, opp_t = [], []
    for t in range(len(TABLES)):
        ow, op = [], []
        for p in combos():
            vo = sum(w.own[P_FIVE - c] for c in p if c >= 1)
            vp = sum(w.opp[P_FIVE - c] for c in p if c >= 1)
            k = cls_index.get(cell_class(p))
            # Renju: black's double three is a forbidden move, not a point (eval.c).
            if k is not None and not (k == 0 and t == 2):
                vo += w.combo_own[k]
                vp += w.combo_opp[k]
            ow.append(float(vo))
            op.append(float(vp))
        own_t.append(ow)
        opp_t.append(op)
    return own_t, opp_t


# ---- the fit -------------------------------------------------------------------------

def score(pos, own_t, opp_t):
    _, tm, to, _, own, opp = pos
    s = 0.0
    ot, pt = own_t[tm], opp_t[to]
    for c, n in own.items():
        s += ot[c] * n
    for c, n in opp.items():
        s -= pt[c] * n
    return s


def loss(data, own_t, opp_t, k, cap):
    total = 0.0
    for pos in data:
        s = max(-cap, min(cap, score(pos, own_t, opp_t)))
        p = 1.0 / (1.0 + math.exp(-k * s))
        p = min(max(p, 1e-9), 1 - 1e-9)
        r = pos[3]
        total -= r * math.log(p) + (1 - r) * math.log(1 - p)
    return total / len(data)


def best_k(loss_at):
    """The scale K in 1e-5..1e-2 at which loss_at(K) is lowest (golden-section search on
    log K)."""
    lo, hi = 1e-5, 1e-2
    for _ in range(30):
        m1 = lo * (hi / lo) ** 0.382
        m2 = lo * (hi / lo) ** 0.618
        if loss_at(m1) < loss_at(m2):
            hi = m2
        else:
            lo = m1
    return math.sqrt(lo * hi)


def fit_k(data, own_t, opp_t, cap):
    return best_k(lambda k: loss(data, own_t, opp_t, k, cap))


def cmd_fit(a):
    import gomoku
    w = gomoku.default_weights(a.lib)
    cap = w.win_score // 2 - 1
    data = read_positions(a.games, a.features, a.skip, a.labelled)
    train = [p for p in data if zlib.crc32(p[0].encode()) % 10 != 0]
    hold = [p for p in data if zlib.crc32(p[0].encode()) % 10 == 0]
    ngames = len({p[0] for p in data})
    prior_own, prior_opp = prior_tables(w)
    own_t = [list(t) for t in prior_own]
    opp_t = [list(t) for t in prior_opp]
    # Search labels are sigmoid(v / 500) of a search's value v, in the evaluation's own
    # units: at K = 1/500 the tables learn to predict that value on its scale, which is
    # what the search's margins are set in. Game results have no scale of their own.
    k = a.k if a.k else fit_k(train, own_t, opp_t, cap)
    print("positions: %d quiet from %d games (%d held out from %d games); K = %.6g" %
          (len(data), ngames, len(hold), len({p[0] for p in hold}), k))
    print("per table (mover's):", [sum(1 for p in data if p[1] == t) for t in range(len(TABLES))])
    before = (loss(train, own_t, opp_t, k, cap), loss(hold, own_t, opp_t, k, cap))
    print("loss with the hand-set weights: train %.5f, held out %.5f" % before, flush=True)
    # Parameters: own_t and opp_t of every table; the penalty a.l2 * sum (v - prior)^2 is in
    # units of the score scale 1/K (so the same l2 means the same at any K).
    nt = len(TABLES)
    m = [[[0.0] * NCOMBO for _ in range(nt)] for _ in range(2)]
    v = [[[0.0] * NCOMBO for _ in range(nt)] for _ in range(2)]
    b1, b2, step = 0.9, 0.999, 0
    rng = random.Random(1)
    lr = a.rate
    best = (before[1], [list(t) for t in own_t], [list(t) for t in opp_t], 0)
    for epoch in range(a.epochs):
        rng.shuffle(train)
        for start in range(0, len(train), a.batch):
            chunk = train[start:start + a.batch]
            g = [[[0.0] * NCOMBO for _ in range(nt)] for _ in range(2)]
            for pos in chunk:
                s = score(pos, own_t, opp_t)
                if not -cap < s < cap:
                    continue
                p = 1.0 / (1.0 + math.exp(-k * s))
                d = (p - pos[3]) / k  # d loss / d s in units of 1/K: scale-free
                d *= k * k
                go, gp = g[0][pos[1]], g[1][pos[2]]
                for c, n in pos[4].items():
                    go[c] += d * n
                for c, n in pos[5].items():
                    gp[c] -= d * n
            step += 1
            inv = 1.0 / len(chunk)
            for side, (tabs, prior) in enumerate(((own_t, prior_own), (opp_t, prior_opp))):
                for t in range(nt):
                    gt, mt, vt, val, pr = g[side][t], m[side][t], v[side][t], tabs[t], prior[t]
                    for c in range(NCOMBO):
                        gi = gt[c] * inv + 2 * a.l2 * k * k * (val[c] - pr[c])
                        if gi == 0.0 and mt[c] == 0.0:
                            continue
                        mt[c] = b1 * mt[c] + (1 - b1) * gi
                        vt[c] = b2 * vt[c] + (1 - b2) * gi * gi
                        mh = mt[c] / (1 - b1 ** step)
                        vh = vt[c] / (1 - b2 ** step)
                        val[c] -= lr * mh / (math.sqrt(vh) + 1e-12)
        tl, hl = loss(train, own_t, opp_t, k, cap), loss(hold, own_t, opp_t, k, cap)
        print("epoch %3d: train %.5f, held out %.5f" % (epoch + 1, tl, hl), flush=True)
        if hl < best[0]:
            best = (hl, [list(t) for t in own_t], [list(t) for t in opp_t], epoch + 1)
    hl, own_t, opp_t, ep = best
    after = (loss(train, own_t, opp_t, k, cap), loss(hold, own_t, opp_t, k, cap))
    print("kept epoch %d: train %.5f, held out %.5f" % ((ep,) + after))
    spread = lambda o, p: math.sqrt(sum(score(x, o, p) ** 2 for x in train) / len(train))
    s0, s1 = spread(prior_own, prior_opp), spread(own_t, opp_t)
    print("spread (rms score): hand-set %.0f, fitted %.0f" % (s0, s1))
    if a.match_spread:
        # The search's margins (futility, aspiration) were set for the hand-set scores:
        # scaled to their spread, the tables keep what they learned and the margins keep
        # their meaning.
        f = s0 / s1
        own_t = [[v * f for v in t] for t in own_t]
        opp_t = [[v * f for v in t] for t in opp_t]
        k2 = fit_k(train, own_t, opp_t, cap)
        after = (loss(train, own_t, opp_t, k2, cap), loss(hold, own_t, opp_t, k2, cap))
        print("scaled by %.3f to the hand-set spread: at K = %.6g train %.5f, held out %.5f" %
              ((f, k2) + after))
        a.note.append("Scaled by %.3f to the hand-set scores' spread (--match-spread); the losses" % f)
        a.note.append("after it are at the K refitted to the scaled table, %.6g." % k2)
    if a.base:
        # Tables the data says nothing about keep the values of an earlier generated file
        # instead of the hand-set prior, so that rules can be fitted one at a time.
        vals = read_c(a.base)
        for t in range(nt):
            if not any(p[1] == t or p[2] == t for p in data):
                own_t[t] = [float(x) for x in vals[t][0]]
                opp_t[t] = [float(x) for x in vals[t][1]]
                a.note.append("The %s tables are those of %s (no positions of theirs here)." %
                              (TABLES[t], os.path.basename(a.base)))
    if a.c_out:
        write_c(a, own_t, opp_t, k, len(data), ngames, before, after, ep)


def read_c(path):
    """The tables of a file write_c() wrote, as [table][own, opp][combo]."""
    import re
    body = open(path).read().split("= {", 1)[1]
    nums = [int(x) for x in re.findall(r"-?\d+", re.sub(r"/\*.*?\*/", "", body, flags=re.S))]
    if len(nums) != len(TABLES) * 2 * NCOMBO:
        sys.exit("fit-combo: %s does not hold %d tables" % (path, len(TABLES)))
    return [[nums[(2 * t + side) * NCOMBO:(2 * t + side + 1) * NCOMBO] for side in range(2)]
            for t in range(len(TABLES))]


def write_c(a, own_t, opp_t, k, npos, ngames, before, after, ep):
    cmd = "bench/fit-combo.py fit " + " ".join(
        os.path.relpath(x) if not os.path.isabs(x) else os.path.basename(x) for x in a.games)
    cmd += " --epochs %d --l2 %g --rate %g --skip %d" % (a.epochs, a.l2, a.rate, a.skip)
    cmd += " --match-spread" if a.match_spread else ""
    cmd += " --labelled" if a.labelled else ""
    cmd += " --k %g" % a.k if a.k else ""
    cmd += " --base %s" % os.path.basename(a.base) if a.base else ""
    lines = [
        "/*",
        " * eval_table.c - GENERATED by bench/fit-combo.py: the fitted pattern-combination",
        " * tables of the evaluation (eval.c, GOMOKU_EVAL_FITTED). Do not edit by hand.",
        " *",
        " * Command: " + cmd,
        (" * Data: %d quiet positions, each labelled by a search; 10%% of them held out." % npos
         if a.labelled else
         " * Data: %d quiet positions from %d games, labelled with the game's result; 10%%" % (npos, ngames)),
    ] + ([] if a.labelled else [" * of the games held out."]) + [
        " * Cross-entropy at K = %.6g, hand-set weights -> fitted (epoch %d):" % (k, ep),
        " * train %.4f -> %.4f, held out %.4f -> %.4f." % (before[0], after[0], before[1], after[1]),
    ] + [" * " + x.replace("*/", "* /") for x in a.note] + [
        " * Index: the sorted four line patterns of a cell (gomoku__combo_index); tables in the",
        " * order freestyle, standard, renju black's cells, renju white's cells.",
        " */",
        '#include "eval_table.h"',
        "",
        "const int16_t gomoku__combo_fitted[EVAL_TABLES][2][EVAL_COMBOS] = {",
    ]
    for t in range(len(TABLES)):
        lines.append("    /* %s */" % TABLES[t])
        lines.append("    {")
        for tab in (own_t[t], opp_t[t]):
            vals = [max(-30000, min(30000, int(round(x)))) for x in tab]
            lines.append("        {")
            for i in range(0, NCOMBO, 12):
                lines.append("            " + ", ".join(str(x) for x in vals[i:i + 12]) + ",")
            lines.append("        },")
        lines.append("    },")
    lines.append("};")
    open(a.c_out, "w").write("\n".join(lines) + "\n")
    print("wrote", a.c_out)


# ---- the initiative term ---------------------------------------------------------------

INIT_TABLES = ["freestyle", "standard", "renju, black to move", "renju, white to move"]


def read_initiative(files, exe, skip):
    """(game key, table, colour-bias index, score, mask, result) for each quiet position."""
    out = []
    for path in files:
        p = subprocess.run([exe, "--threats", "--skip", str(skip), path], check=True,
                           stdout=subprocess.PIPE, universal_newlines=True)
        for line in p.stdout.splitlines():
            f = line.split()  # game rule side result | score mask
            rule, side = f[1], f[2]
            t = {"freestyle": 0, "standard": 1}.get(rule, 2 if side == "B" else 3)
            bias = 2 * RULES.index(rule) + (side == "W")
            # The held-out split hashes the file's name, not its directory: the same games
            # are split the same way wherever they are.
            key = "%s:%s" % (os.path.basename(path), f[0])
            out.append((key, t, bias, int(f[5]), int(f[6]), float(f[3])))
    return out


def initiative_p(k, term, bias, t, c, s, mask):
    """The model's probability that the mover wins."""
    x = k * (s + bias[c] + term[t][mask])
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def initiative_loss(data, k, term, bias):
    total = 0.0
    for _, t, c, s, mask, r in data:
        p = min(max(initiative_p(k, term, bias, t, c, s, mask), 1e-9), 1 - 1e-9)
        total -= r * math.log(p) + (1 - r) * math.log(1 - p)
    return total / len(data)


def cmd_initiative(a):
    data = read_initiative(a.games, a.features, a.skip)
    train = [p for p in data if zlib.crc32(p[0].encode()) % 10 != 0]
    hold = [p for p in data if zlib.crc32(p[0].encode()) % 10 == 0]
    ngames = len({p[0] for p in data})
    if not train or not hold:
        sys.exit("initiative: too few games to hold a tenth out (%d)" % ngames)
    nt, nm = len(INIT_TABLES), 512
    term = [[0.0] * nm for _ in range(nt)]
    bias = [0.0] * 6
    k = best_k(lambda k: initiative_loss(train, k, term, bias))  # the hand-set score alone
    before = (initiative_loss(train, k, term, bias), initiative_loss(hold, k, term, bias))
    print("positions: %d quiet from %d games; K = %.6g; hand-set: train %.5f, held out %.5f"
          % ((len(data), ngames, k) + before), flush=True)
    # Full-batch Adam on the terms and the biases, in score units.
    params = [term[t] for t in range(nt)] + [bias]
    mom = [[0.0] * len(v) for v in params]
    sq = [[0.0] * len(v) for v in params]
    best = (before[1], None, 0)
    for ep in range(1, a.epochs + 1):
        grads = [[0.0] * len(v) for v in params]
        for _, t, c, s, mask, r in train:
            d = (initiative_p(k, term, bias, t, c, s, mask) - r) * k
            grads[t][mask] += d
            grads[nt][c] += d
        for j, (v, g, m_, s_) in enumerate(zip(params, grads, mom, sq)):
            # The penalty pulls each term towards 0, and standard's (a tenth of the games)
            # towards freestyle's; not the biases.
            prior = term[0] if j == 1 else None
            l2 = a.l2 * k * k if j < nt else 0.0
            for i in range(len(v)):
                gi = g[i] / len(train) + l2 * (v[i] - (prior[i] if prior else 0.0))
                m_[i] = 0.9 * m_[i] + 0.1 * gi
                s_[i] = 0.999 * s_[i] + 0.001 * gi * gi
                v[i] -= a.rate * (m_[i] / (1 - 0.9 ** ep)) / (math.sqrt(s_[i] / (1 - 0.999 ** ep)) + 1e-12)
        if ep % 10 == 0 or ep == a.epochs:
            hl = initiative_loss(hold, k, term, bias)
            print("epoch %3d: train %.5f, held out %.5f" % (ep, initiative_loss(train, k, term, bias), hl),
                  flush=True)
            if hl < best[0]:
                best = (hl, ([list(v) for v in term], list(bias)), ep)
    if best[1] is None:
        print("no epoch beat the hand-set score on the held-out games: the term stays 0")
        best = (before[1], ([[0.0] * nm for _ in range(nt)], [0.0] * 6), 0)
    term, bias = best[1]
    after = (initiative_loss(train, k, term, bias), initiative_loss(hold, k, term, bias))
    print("kept epoch %d: train %.5f, held out %.5f; biases %s" %
          ((best[2],) + after + ([round(x) for x in bias],)))
    count = [[0] * nm for _ in range(nt)]
    for _, t, _, _, mask, _ in data:
        count[t][mask] += 1
    out = []
    for t in range(nt):
        n = sum(count[t])
        mean = sum(c * v for c, v in zip(count[t], term[t])) / n if n else 0.0
        out.append([int(round(v - mean)) if count[t][i] >= a.min else 0 for i, v in enumerate(term[t])])
        top = sorted(range(nm), key=lambda i: -count[t][i])[:6]
        print("%s: %d positions, %d masks kept; commonest %s" % (
            INIT_TABLES[t], n, sum(1 for c in count[t] if c >= a.min),
            ", ".join("%d:%+d" % (i, out[t][i]) for i in top)))
    if a.c_out:
        cmd = "bench/fit-combo.py initiative " + " ".join(os.path.basename(x) for x in a.games)
        cmd += " --epochs %d --rate %g --min %d --l2 %g --skip %d" % (a.epochs, a.rate, a.min, a.l2, a.skip)
        lines = [
            "/*",
            " * GENERATED by bench/fit-combo.py initiative: an initiative term for the weights'",
            " * evaluation, by table and mask (bench/combo-features.c print_threats()), for an",
            " * experiment build that adds it to the weights' score.",
            " *",
            " * Command: " + cmd,
            " * Data: %d quiet positions from %d games, labelled with the game's result; 10%%" % (len(data), ngames),
            " * of the games held out. Cross-entropy at K = %.6g, hand-set score alone -> with the" % k,
            " * term (epoch %d): train %.4f -> %.4f, held out %.4f -> %.4f." % ((best[2],) + before + after),
        ] + [" * " + x.replace("*/", "* /") for x in a.note] + [
            " * Tables: freestyle, standard (and caro), renju with black to move, with white to move.",
            " */",
            "static const int initiative[%d][%d] = {" % (nt, nm),
        ]
        for t in range(nt):
            lines.append("    /* %s */" % INIT_TABLES[t])
            lines.append("    {")
            vals = [max(-30000, min(30000, x)) for x in out[t]]
            for i in range(0, nm, 16):
                lines.append("        " + ", ".join(str(x) for x in vals[i:i + 16]) + ",")
            lines.append("    },")
        lines.append("};")
        open(a.c_out, "w").write("\n".join(lines) + "\n")
        print("wrote", a.c_out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--out", required=True)
    g.add_argument("--games", type=int, default=1500)
    g.add_argument("--nodes", type=int, default=20000)
    g.add_argument("--seed", type=int, default=2027)
    g.add_argument("--jobs", type=int, default=1)
    g.add_argument("--lib", default=None)
    i = sub.add_parser("import")
    i.add_argument("--out", required=True)
    i.add_argument("dirs", nargs="+")
    f = sub.add_parser("fit")
    f.add_argument("games", nargs="+")
    f.add_argument("--features", default=os.path.join(HERE, "combo-features"))
    f.add_argument("--skip", type=int, default=6, help="plies skipped at the start")
    f.add_argument("--labelled", action="store_true",
                   help="the files hold positions labelled by a search (texel-tune.py label --moves)")
    f.add_argument("--base", default=None,
                   help="a generated eval_table.c whose tables the data does not cover are kept")
    f.add_argument("--k", type=float, default=0.0,
                   help="the scale K (0: the one at which the hand-set weights predict best)")
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--batch", type=int, default=512)
    f.add_argument("--rate", type=float, default=2.0)
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument("--c-out", default=None)
    f.add_argument("--match-spread", action="store_true",
                   help="scale the fitted tables to the hand-set scores' rms over the data")
    f.add_argument("--note", action="append", default=[],
                   help="a line for the generated file's comment (how the games were made)")
    f.add_argument("--lib", default=None)
    n = sub.add_parser("initiative")
    n.add_argument("games", nargs="+")
    n.add_argument("--features", default=os.path.join(HERE, "combo-features"))
    n.add_argument("--skip", type=int, default=6, help="plies skipped at the start")
    n.add_argument("--epochs", type=int, default=300)
    n.add_argument("--rate", type=float, default=40.0, help="Adam's step, in score units")
    n.add_argument("--min", type=int, default=30, help="positions a mask needs to get a term")
    n.add_argument("--l2", type=float, default=1e-3, help="penalty on K * term, per position")
    n.add_argument("--c-out", default=None)
    n.add_argument("--note", action="append", default=[],
                   help="a line for the generated file's comment (how the games were made)")
    a = ap.parse_args()
    {"gen": cmd_gen, "import": cmd_import, "fit": cmd_fit, "initiative": cmd_initiative}[a.cmd](a)


if __name__ == "__main__":
    main()
