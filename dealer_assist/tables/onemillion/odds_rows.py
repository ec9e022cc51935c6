"""Issue 23: the hand on turn's draw values (``odds_hand``'s hit, double and split) for a pool,
every hand it can reach weighed at once — the same exact figures as ``_Player.draw``'s
recursion, in a few array operations.

``odds_tree`` lists the hands a start can reach (the same for every pool). For a pool, each
hand's pool is the pool less its cards; the dealer's outcome for all of them is one row per
hand over the dealer's ending sequences (``odds_table``): each sequence's count times, for each
face the sequence draws, ``ff(r[i] − d[i], m[i])`` (the hand's draws taken from the pool), the
part the orientations and the size give for the hand's pool, and the count's validity for the
dealer's jokers (the player's jokers count for the dealer too). The values are then found from
the deepest hands back, each card with its chance from the pool of the hand that draws it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
from threadpoolctl import threadpool_limits

from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion.odds_dealer import ACE, TEN
from dealer_assist.tables.onemillion.odds_weights import unique_rows
from dealer_assist.tables.onemillion.odds_tree import OPEN, Tree

threadpool_limits(1, user_api="blas")  # small products: one thread (see core/dealer_hands.py)

_CELLS = 1_500_000  # rows × sequences weighed in one go (memory)
_prepared: dict[int, tuple] = {}


@lru_cache(maxsize=8)
def _ff_table(top: int) -> np.ndarray:
    """``ff(x, m)`` for x = 0…top, m = 0…24 (the falling factorial, 0 once m > x)."""
    out = np.ones((top + 1, 25))
    x = np.arange(top + 1, dtype=float)
    for m in range(1, 25):
        out[:, m] = out[:, m - 1] * np.maximum(x - m + 1, 0)
    return out


def _prepare(table) -> tuple:
    """What the weighing needs of a dealer's table, kept with it: for each face the sequences that
    draw it and how many; the sequences sorted into classes of the same orientation part (open,
    closed, jokers, a closed card stood on), validity (the jokers gone on, the one that ended the
    hand, the hole joker counted) and outcome."""
    found = _prepared.get(id(table.count))  # the same for every rule's copy (``Table.for_rules``)
    if found is not None and found[0] is table.count:
        return found[1]
    keys = np.stack([table.outcome, table.mo, table.mc, table.mj, table.cany.astype(np.int64),
                     np.minimum(table.gone, 8), table.term, table.private], axis=1)  # fmt: skip
    classes, inverse = unique_rows(keys)
    order = np.argsort(inverse, kind="stable")
    starts = np.searchsorted(inverse[order], np.arange(len(classes)))
    # the faces part depends on the faces drawn only: once per distinct set of them
    sets, set_of = unique_rows(table.faces.T)
    faces = [(np.flatnonzero(sets[:, i] > 0), sets[sets[:, i] > 0, i]) for i in range(10)]
    if len(sets) * len(classes) <= _CELLS:  # the sets summed into classes by one product
        into = np.zeros((len(sets), len(classes)))
        np.add.at(into, (set_of, inverse), table.count)
        spread = None
    else:  # too many for a dense product: each sequence's set, then summed by class
        into, spread = None, (set_of[order], table.count[order], starts)
    groups, group_of = np.unique(classes[:, 1:5], axis=0, return_inverse=True)
    outcomes, by_outcome = np.unique(classes[:, 0], return_index=True)  # the classes come by outcome
    first = order[starts]  # a sequence of each class: its validity is the class's
    prep = (faces, len(sets), into, spread, len(classes), groups, group_of.reshape(-1), (outcomes, by_outcome),
            first)  # fmt: skip
    if len(_prepared) > 1024:
        _prepared.clear()
    _prepared[id(table.count)] = (table.count, prep)
    return prep


def _rest(groups: np.ndarray, hidden: bool, size, o, j, ff) -> np.ndarray:
    """``Table._rest`` for many pools at once: one row per pool, one column per group."""
    mo, mc, mj, cany = groups[:, 0], groups[:, 1], groups[:, 2], groups[:, 3].astype(bool)
    m = mo + mc + mj
    closed = size - o
    cards = size + j
    c = lambda x: np.clip(x, 0, len(ff) - 1)[:, None]  # noqa: E731 (a pool out of reach: any row)
    num = ff[c(o), mo] * ff[c(closed), mc] * ff[c(j), mj]
    den = ff[c(size), mo + mc]
    if hidden:
        den = den * (closed + j)[:, None] * ff[c(cards - 1), np.maximum(m - 1, 0)]
    else:
        den = den * ff[c(cards), m]
    w = np.divide(num, den, out=np.zeros_like(num), where=den > 0)
    if cany.any():
        rest = cards[:, None] - m[None, :]
        factor = np.divide((closed + j)[:, None] - mc - mj, rest, out=np.zeros(rest.shape), where=rest > 0)
        w = np.where(cany[None, :], w * factor, w)
    return w


def dealer_rows(table, rules, kd: int, r, o: int, j: int, tree: Tree) -> np.ndarray:
    """The dealer's outcome vector (``Table.vector``) for each hand's pool (``r`` the pool before,
    ``size``/``o``/``j`` each hand's; ``dj`` the player's jokers, which the dealer counts): the
    faces part once per distinct set of faces drawn, summed by class, then each hand's
    orientation part and validity."""
    faces, n_sets, into, spread, n_classes, groups, group_of, (outcomes, by_outcome), first = _prepare(table)
    ff = _ff_table(int(sum(r)) + int(j) + 1)
    top = len(ff) - 1
    d = tree.faces
    summed = np.zeros((len(d), n_classes))
    step = max(1, _CELLS // max(n_sets if spread is None else len(spread[0]), 1))
    for lo in range(0, len(d), step):
        hi = min(lo + step, len(d))
        w = np.ones((hi - lo, n_sets))
        for i, (cols, m) in enumerate(faces):
            if len(cols):
                di = d[lo:hi, i]
                small = ff[np.clip(r[i] - np.arange(int(di.max()) + 1), 0, top)][:, m]  # ff(r[i] − x, m)
                w[:, cols] *= small[di]
        if spread is None:
            summed[lo:hi] = w @ into
        elif n_classes:
            set_of, count, starts = spread
            summed[lo:hi] = np.add.reduceat(w[:, set_of] * count, starts, axis=1)
    # the orientation and size part with the validity, once per (cards drawn, open, jokers)
    size0, o0, j0 = int(sum(r)), int(o), int(j)
    n_u, do_u, dj_u = tree.drawn[:, 0], tree.drawn[:, 1], tree.drawn[:, 2]
    z = _rest(groups, table.hidden, size0 - n_u, o0 - do_u, j0 - dj_u, ff)[:, group_of]
    ks = np.minimum(kd + dj_u, max(rules[2] - 1, 0))  # ``odds_dealer._k``
    for k in np.unique(ks):
        z[ks == k] *= table.valid(int(k))[first][None, :]
    y = summed[tree.face_of] * z[tree.drawn_of]
    out = np.zeros((len(y), od.SIZE))
    if len(outcomes):
        out[:, outcomes] = np.add.reduceat(y, by_outcome, axis=1)
    return out


def _allowed(excluded, hidden: bool, r_ten, r_ace, size, o, j) -> np.ndarray | float:
    """``odds._Table.allowed`` for many pools."""
    if not hidden or not any(excluded):
        return 1.0
    ex_ten, ex_ace, ex_joker = excluded
    closed = size - o
    cards = closed + j
    safe = np.where(cards > 0, cards, 1)
    out = 1.0 - (j / safe if ex_joker else 0.0)
    share = np.divide(r_ten * ex_ten + r_ace * ex_ace, size, out=np.zeros(len(size)), where=size > 0)
    out = out - closed / safe * share
    return np.where(cards > 0, out, 1.0)


def _dealer(t, player, tree: Tree, r, o, j, left, rn, size, on, jn) -> np.ndarray:
    """The dealer's outcome for every hand's pool; a hidden hole card card by card
    (``odds._Table.holes``), each with its chance from the hand's pool."""
    if not t.pool.hidden:
        return dealer_rows(t.table_for((), left, r, j), player.rules, player.kd, r, o, j, tree)
    out = np.zeros((len(size), od.SIZE))
    closed = size - on
    pool = closed + jn
    dpool = np.where(pool > 0, pool, 1)
    ds = np.where(size > 0, size, 1)
    for _, table, r2, j2, k2 in t.holes((), r, o, j, player.kd):
        if j2 != j:  # the joker
            weight = jn / dpool
        else:
            i = next(x for x in range(10) if r2[x] != r[x])
            weight = closed / dpool * np.maximum(rn[:, i], 0) / ds
        out += np.where(pool > 0, weight, 0.0)[:, None] * dealer_rows(table, player.rules, k2, r2, o, j2, tree)
    return out


def draw_value(player, tree: Tree, r, o, j, left, bet: int, under: bool, penalty: int) -> tuple[float, float]:
    """``_Player.draw`` from the start of ``tree`` for the pool ``r``/``o``/``j`` (nothing known on
    top; the shoe long enough that the dealer's sequences serve every pool reached)."""
    t = player.table
    hidden = bool(t.pool.hidden)
    rn = np.asarray(r, dtype=np.int64)[None, :] - tree.d
    size = rn.sum(axis=1)
    on, jn = o - tree.do, j - tree.dj
    closed = size - on
    ok = (rn >= 0).all(axis=1) & (on >= 0) & (jn >= 0) & (closed >= 0)
    vec = _dealer(t, player, tree, r, o, j, left, rn, size, on, jn)
    vec[~ok] = 0.0
    points, damage = _stand(player, tree, vec, bet, under)
    fate = [player._joker(player.kp + x + 1) for x in range(8)]
    loss = {ACE: 0.0, "lose": float(bet), "all": float(max(player.everything, bet))}
    fate_ace = np.array([f == ACE for f in fate])
    fate_loss = np.array([loss[f] for f in fate])
    excluded = t.excluded
    # each hand's chance factors for its next card: an open face (times the face's count), a closed
    # face (likewise), a joker
    shoe = size + jn - hidden
    in_shoe = np.maximum(closed + jn - hidden, 0)
    pool_c = closed + jn
    ds = np.where(size > 0, size, 1)
    dshoe = np.where(shoe > 0, shoe, 1)
    dpool = np.where(pool_c > 0, pool_c, 1)
    going = (shoe > 0) & ok
    later = in_shoe / dshoe
    chance = np.stack([np.where(going, on / dshoe / ds, 0.0), np.where(going, later * closed / dpool / ds, 0.0),
                       np.where(going, later * jn / dpool, 0.0)])  # fmt: skip
    counts = np.concatenate([np.maximum(rn, 0), np.ones((len(rn), 1), dtype=np.int64)], axis=1).ravel()
    check = hidden and any(excluded)
    for lv in range(tree.depth, -1, -1):
        if not tree.steps[lv]:
            continue
        par, kind, card, child, face_on, joker, jd, local, face = tree.steps[lv]
        p = chance[kind, par] * counts[card]
        goes_on = face_on | (joker & fate_ace[jd])
        lost = np.where(joker, fate_loss[jd], float(bet + penalty))
        if check:
            s2 = size[par] - ~joker
            r_ten = rn[par, TEN] - ((face == TEN) & ~joker)
            r_ace = rn[par, ACE] - ((face == ACE) & ~joker)
            lost = lost * _allowed(excluded, hidden, r_ten, r_ace, s2, on[par] - (kind == OPEN), jn[par] - joker)
        gp = p * np.where(goes_on, points[child], -lost)
        gd = p * np.where(goes_on, damage[child], 0.0)
        nodes = tree.levels[lv]
        hit_p = np.bincount(local, weights=gp, minlength=len(nodes))
        hit_d = np.bincount(local, weights=gd, minlength=len(nodes))
        if lv == 0:
            return float(hit_p[0]), float(hit_d[0])
        draws = tree.draws[nodes]
        sp, sd = points[nodes], damage[nodes]
        better = draws & ((hit_p > sp) | ((hit_p == sp) & (hit_d > sd)))  # the recursion's `hit > result`
        points[nodes] = np.where(better, hit_p, sp)
        damage[nodes] = np.where(better, hit_d, sd)
    return 0.0, 0.0


@lru_cache(maxsize=256)
def _pay(bet: int, win: int, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """A stand's points and damage for each dealer's outcome, by the hand's total (0…22)."""
    pay_p = np.zeros((23, od.SIZE))
    pay_d = np.zeros((23, od.SIZE))
    for mine in range(23):
        for t in range(12, 22):
            two, more = od.TWO + t - 12, od.MORE + t - 12
            if mine > t:
                pay_p[mine, more] += bet
                pay_d[mine, more] += win
                if t > limit:  # DSK-1: a win against a two-card stand at or under the limit is a push
                    pay_p[mine, two] += bet
                    pay_d[mine, two] += win
            elif mine < t:
                pay_p[mine, two] -= bet
                pay_p[mine, more] -= bet
        pay_p[mine, od.BUST] += bet
        pay_d[mine, od.BUST] += win
        pay_p[mine, od.BLACKJACK] -= bet
        pay_p[mine, od.JOKER] -= bet
    return pay_p, pay_d


def _stand(player, tree: Tree, vec: np.ndarray, bet: int, under: bool) -> tuple[np.ndarray, np.ndarray]:
    """``_Player.stand`` for every hand of the tree."""
    hp = player.hp
    pay_p, pay_d = _pay(bet, min(bet, hp), player.push_limit)
    mine = np.minimum(tree.mine, 22)
    rows = np.arange(len(vec))
    points = (vec @ pay_p.T)[rows, mine]
    damage = (vec @ pay_d.T)[rows, mine]
    if under:
        bonus = tree.n >= 6
        if bonus.any():
            lose = vec[:, od.JOKER] + vec[:, od.BLACKJACK]
            paid = vec.sum(axis=1) - lose - vec[:, od.FAILURE]
            top = int(tree.n.max())
            amount = np.zeros((top + 1, 2))
            for cards in range(6, top + 1):
                for twenty_one in (0, 1):
                    ratio = Fraction(3) * 2 ** (cards - 6) * (Fraction(3, 2) if twenty_one else 1)
                    amount[cards, twenty_one] = bet * (ratio.numerator - ratio.denominator) // ratio.denominator
            got = amount[tree.n, (tree.mine == 21).astype(np.int64)]
            points = np.where(bonus, paid * got - lose * bet, points)
            damage = np.where(bonus, paid * np.minimum(got, hp), damage)
    return points, damage
