"""The hand on turn's actions, exactly for the composition (issue 23): standing, hitting
(playing on as well as can be), doubling and splitting, per unit of the hand's stake.

Every hand the player can reach from a start by hitting is listed once per start (``Tree``: the
cards drawn since, by rank); it does not depend on the composition. For a composition the
dealer's standing hands (``dealer_hands``) are weighed for each of them — one row per reached
hand, each row its parent's times the change one more card of a rank makes — and the best play
is then found from the last cards back: at each hand the better of standing and hitting, each
card drawn with its chance from what is left. All of it is exact for the composition: every
card the player draws is out of the dealer's cards too.

Two facts keep the lists short, both true for any composition: a hand that cannot bust by a
hit and stands below 17 (hard 11 or less, soft 16 or less) is never better stood than hit
(hitting once and standing wins whenever standing would, and the dealer's chance to bust is
the same on average over the card taken), so it is offered only the hit; and a hand of 21
stands. With the hole card unknown after the peek, every chance is conditioned on the hole
card not being the dealer's blackjack card, the player's cards included.

Splitting uses the usual approximation: each of the two hands is played from the composition
less the pair, as if the other hand drew nothing (``played``; ``again`` and ``chance_again``
for a second card of the pair's rank, from which ``core.outcomes.split`` counts resplits).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dealer_assist.core.dealer_hands import ACE, RANKS, STANDING, TEN, blackjack_card, hands, weights
from dealer_assist.core.dealer_hands import BLACKJACK as BLACKJACK_COLUMN

_COLUMNS = np.array([17, 18, 19, 20, 21, 99])  # a dealer blackjack beats every total


@dataclass(frozen=True, eq=False)
class Tree:
    """Every hand reached by hitting from a start, by level (cards drawn since the start); in
    each level the hands are in groups by their last card and how many of its rank came before
    it (``groups``: start, end, rank, before — positions within the level)."""

    drawn: np.ndarray  # nodes × ranks
    level: np.ndarray
    total: np.ndarray
    may_stand: np.ndarray  # standing is worth comparing (see the module's note)
    may_hit: np.ndarray  # below 21
    soft: np.ndarray
    parent: np.ndarray  # the hand before the last card (its position within its own level)
    child: np.ndarray  # nodes × ranks: the hand one more card makes, -1 for a bust
    bounds: tuple[int, ...]  # where each level starts (and the end)
    groups: tuple[tuple[tuple[int, int, int, int], ...], ...]


def _total(hard: int, ace: bool) -> tuple[int, bool]:
    soft = ace and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def _plus(drawn: tuple[int, ...], index: int) -> tuple[int, ...]:
    return drawn[:index] + (drawn[index] + 1,) + drawn[index + 1:]


@lru_cache(maxsize=96)
def tree(hard: int, ace: bool, deepest: int = 99) -> Tree:
    """The hands reachable by hitting a hand of ``hard`` (aces as 1; ``ace``: it holds one),
    ``deepest`` cards at most (a split ace takes one)."""
    start = (0,) * RANKS
    levels: list[list[tuple[int, ...]]] = [[start]]
    state = {start: (hard, ace, None, -1)}  # drawn -> hard, ace, parent, last rank
    while True:
        nxt: list[tuple[int, ...]] = []
        for drawn in levels[-1]:
            h, a, _, _ = state[drawn]
            if _total(h, a)[0] >= 21 and len(levels) > 1:
                continue  # a 21 stands (the start's hit and double are still worked out)
            for index in range(RANKS):
                key = _plus(drawn, index)
                if h + index + 1 <= 21 and key not in state:
                    state[key] = (h + index + 1, a or index == ACE, drawn, index)
                    nxt.append(key)
        if not nxt or len(levels) > deepest:
            break
        nxt.sort(key=lambda d: (state[d][3], d[state[d][3]]))  # grouped by the last card and its count
        levels.append(nxt)
    position = {drawn: i for level in levels for i, drawn in enumerate(level)}
    rows = [drawn for level in levels for drawn in level]
    index_of = {drawn: i for i, drawn in enumerate(rows)}
    starts, groups = [0], []
    for level in levels:
        starts.append(starts[-1] + len(level))
        found: list[list[int]] = []
        for i, drawn in enumerate(level):
            rank = state[drawn][3]
            pair = [rank, drawn[rank] - 1] if rank >= 0 else [-1, 0]
            if found and found[-1][2:] == pair:
                found[-1][1] = i + 1
            else:
                found.append([i, i + 1, *pair])
        groups.append(tuple(tuple(g) for g in found))
    child = np.full((len(rows), RANKS), -1, dtype=np.int64)
    totals, may_stand, may_hit, parents, depth, softs = [], [], [], [], [], []
    for d, level in enumerate(levels):
        for drawn in level:
            h, a, parent, _ = state[drawn]
            total, soft = _total(h, a)
            totals.append(total)
            softs.append(soft)
            may_hit.append(total < 21 or d == 0)
            may_stand.append(total >= 17 if soft else total >= 12)
            parents.append(position[parent] if parent is not None else 0)
            depth.append(d)
            if total < 21 or d == 0:
                child[index_of[drawn]] = [index_of.get(_plus(drawn, r), -1) for r in range(RANKS)]
    return Tree(np.array(rows, dtype=np.int64), np.array(depth), np.array(totals), np.array(may_stand),
                np.array(may_hit), np.array(softs), np.array(parents), child, tuple(starts), tuple(groups))  # fmt: skip


@lru_cache(maxsize=96)
def totals_tree(hard: int, ace: bool, deepest: int = 99) -> Tree:
    """``tree`` for an infinite shoe: there a hand's chances and values rest on its hard total
    and its ace alone, so the hands of one level (cards drawn since the start) that share them
    are one node (a few hundred in all, where the cards drawn make thousands). ``drawn``,
    ``parent`` and ``groups`` mean nothing here (only the finite weighing reads them)."""
    levels: list[list[tuple[int, bool]]] = [[(hard, ace)]]
    while len(levels) <= deepest:
        seen: dict[tuple[int, bool], None] = {}
        for h, a in levels[-1]:
            if _total(h, a)[0] >= 21 and len(levels) > 1:
                continue  # a 21 stands (the start's hit and double are still worked out)
            for index in range(RANKS):
                if h + index + 1 <= 21:
                    seen.setdefault((h + index + 1, a or index == ACE), None)
        if not seen:
            break
        levels.append(list(seen))
    starts = [0]
    for level in levels:
        starts.append(starts[-1] + len(level))
    index_of = [{node: starts[d] + i for i, node in enumerate(level)} for d, level in enumerate(levels)]
    size = starts[-1]
    child = np.full((size, RANKS), -1, dtype=np.int64)
    totals, softs, may_stand, may_hit, depth = [], [], [], [], []
    for d, level in enumerate(levels):
        for h, a in level:
            total, soft = _total(h, a)
            totals.append(total)
            softs.append(soft)
            may_hit.append(total < 21 or d == 0)
            may_stand.append(total >= 17 if soft else total >= 12)
            depth.append(d)
            if (total < 21 or d == 0) and d + 1 < len(levels):
                child[index_of[d][(h, a)]] = [index_of[d + 1].get((h + r + 1, a or r == ACE), -1) for r in range(RANKS)]
    return Tree(np.zeros((size, RANKS), dtype=np.int64), np.array(depth), np.array(totals), np.array(may_stand),
                np.array(may_hit), np.array(softs), np.zeros(size, dtype=np.int64), child, tuple(starts),
                tuple(() for _ in levels))  # fmt: skip


STAND, HIT, DOUBLE = 0, 1, 2


@dataclass(frozen=True, eq=False)
class Policy:
    """A chart to play on by, against one up card: ``hits`` (total × soft) for a hand past its
    first decision; ``two`` (total × soft: STAND, HIT or DOUBLE) for a split hand's two cards,
    and ``two_no_double`` where doubling is not offered."""

    hits: np.ndarray
    two: np.ndarray
    two_no_double: np.ndarray


@dataclass(frozen=True)
class Values:
    """The start's values: standing, hitting on as well as can be, doubling; and ``played``,
    for a split hand (one card): the best of the three after each second card, averaged."""

    stand: float
    hit: float
    double: float
    played: float
    again: float = float("nan")  # a split hand dealt the pair's rank again, played on without splitting
    chance_again: float = 0.0  # the chance of that second card


def _pay() -> np.ndarray:
    out = np.zeros((22, len(STANDING)))
    for total in range(22):
        out[total] = np.sign(total - _COLUMNS)
    return out


PAY = _pay()


@dataclass(frozen=True, eq=False)
class Prepared:
    """What a start's values rest on for one composition: its ``tree``, standing's value at
    every node (``stand``) and each next card's chance there (``p``: nodes × ranks)."""

    t: Tree
    stand: np.ndarray
    p: np.ndarray
    hard: int
    ace: bool
    aces_one_card: bool


def values(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, h17: bool,
           peeked: bool, *, double_after: bool = True, aces_one_card: bool = False,
           policy: Policy | None = None, infinite: bool = False) -> Values:  # fmt: skip
    """The values of a hand of ``hard`` (``ace``: it holds one) against the dealer's ``up``
    (and ``hole`` when known), the cards left ``counts`` (the hand's, the up card's and a known
    hole card's already out). ``peeked``: the dealer looked and has no blackjack.
    ``double_after``/``aces_one_card``: the split's rules for ``played``. ``policy``: play on
    by a chart (hit or stand by the total after the first decision, a split hand's two cards by
    the chart) instead of as well as can be."""
    prepared = prepare(counts, hard, ace, up, hole, h17, peeked, aces_one_card=aces_one_card, infinite=infinite)
    return evaluate(prepared, double_after=double_after, policy=policy)[0]


def prepare(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, h17: bool, peeked: bool,
            *, aces_one_card: bool = False, infinite: bool = False) -> Prepared:  # fmt: skip
    """Standing's value and the cards' chances at every hand reachable from the start (the
    part of ``values`` that weighs the dealer's hands: the rest is cheap). ``infinite``: an
    infinite shoe in the proportions of ``counts`` (no card drawn changes the next one's chance,
    so standing's value rests on the total alone)."""
    if infinite:
        return _prepare_infinite(counts, hard, ace, up, hole, h17, peeked, aces_one_card)
    if hard > 21:
        raise ValueError("a hand over 21 has busted: it has no actions")
    t = tree(hard, ace, 1) if aces_one_card else tree(hard, ace)  # (the cache knows the two calls apart)
    table = hands(up, hole, h17)
    n = np.asarray(counts, dtype=np.float64)
    total = float(n.sum())
    peek = peeked and hole is None and blackjack_card(up) is not None
    bj = blackjack_card(up)
    # each node's cards left by rank, and the level's count of cards left
    left = n[None, :] - t.drawn
    remaining = total - t.level
    if hole is not None and {up, hole} == {ACE, TEN}:
        stand = np.full(len(t.total), -1.0)  # a known dealer blackjack beats every hand
    else:
        with _Rows(len(t.total), len(table.length)) as rows:
            stand = _stand_values(t, table, n, peek, bj, left, remaining, rows)
    # the chance of each next card at each node
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(remaining[:, None] > 0, np.clip(left, 0.0, None) / remaining[:, None], 0.0)
    if peek:
        q = _no_blackjack(left[:, bj], remaining)
        after = _no_blackjack(left[:, bj][:, None] - (np.arange(RANKS) == bj)[None, :], remaining[:, None] - 1)
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where(q[:, None] > 0, p * after / q[:, None], 0.0)
    return Prepared(t, stand, p, hard, ace, aces_one_card)


def _prepare_infinite(counts, hard, ace, up, hole, h17, peeked, aces_one_card) -> Prepared:
    if hard > 21:
        raise ValueError("a hand over 21 has busted: it has no actions")
    t = totals_tree(hard, ace, 1) if aces_one_card else totals_tree(hard, ace)
    table = hands(up, hole, h17)
    n = np.asarray(counts, dtype=np.float64)
    peek = peeked and hole is None and blackjack_card(up) is not None
    chance = weights(table, n, peek, infinite=True) @ table.onehot
    if hole is not None and {up, hole} == {ACE, TEN}:
        chance = np.eye(len(STANDING))[BLACKJACK_COLUMN]  # a known dealer blackjack
    elif peek:
        chance = chance / (1.0 - n[blackjack_card(up)] / n.sum())
    bust = 1.0 - chance.sum()
    stand = bust + (PAY[t.total] * chance[None, :]).sum(axis=1)
    p = np.broadcast_to(n / n.sum(), (len(t.total), RANKS))
    return Prepared(t, stand, p, hard, ace, aces_one_card)


def evaluate(prepared: Prepared, *, double_after: bool = True, policy: Policy | None = None
             ) -> tuple[Values, np.ndarray, np.ndarray]:  # fmt: skip
    """The start's ``Values``, and every node's value played on (``best``, a bust last) and
    hitting's value (``hit``), playing on as well as can be or by ``policy``."""
    t, stand, p, hard, ace, aces_one_card = (prepared.t, prepared.stand, prepared.p, prepared.hard, prepared.ace,
                                              prepared.aces_one_card)  # fmt: skip
    best = np.empty(len(t.total) + 1)
    best[-1] = -1.0  # a bust
    hit = np.full(len(t.total), -np.inf)
    for depth in range(len(t.bounds) - 2, -1, -1):
        lo, hi = t.bounds[depth], t.bounds[depth + 1]
        h = (p[lo:hi] * best[t.child[lo:hi]]).sum(axis=1)
        hit[lo:hi] = np.where(t.may_hit[lo:hi], h, -np.inf)
        if policy is None:
            best[lo:hi] = np.where(t.may_stand[lo:hi] | ~t.may_hit[lo:hi], np.maximum(stand[lo:hi], hit[lo:hi]),
                                   hit[lo:hi])  # fmt: skip
        else:
            hits = policy.hits[t.total[lo:hi], t.soft[lo:hi].astype(int)] & t.may_hit[lo:hi]
            best[lo:hi] = np.where(hits, hit[lo:hi], stand[lo:hi])
    stood = np.append(stand, -1.0)
    double = float((p[0] * 2.0 * stood[t.child[0]]).sum())
    # a split hand (one card): each second card, then its best play
    lo, hi = t.bounds[1], t.bounds[2] if len(t.bounds) > 2 else t.bounds[1]
    if aces_one_card:
        after_card = stood
    else:
        dd = (p[lo:hi] * 2.0 * stood[t.child[lo:hi]]).sum(axis=1) if double_after else np.full(hi - lo, -np.inf)
        after_card = np.append(best[:-1], -1.0)
        hitting = np.where(t.may_hit[lo:hi], hit[lo:hi], -np.inf)
        if policy is None:
            after_card[lo:hi] = np.maximum(np.maximum(stand[lo:hi], hitting), dd)
        else:
            choice = policy.two[t.total[lo:hi], t.soft[lo:hi].astype(int)]
            choice = np.where((choice == DOUBLE) & ~double_after, policy.two_no_double[t.total[lo:hi], t.soft[lo:hi].astype(int)], choice)
            picked = np.choose(choice, [stand[lo:hi], hitting, dd])
            after_card[lo:hi] = np.where(t.may_hit[lo:hi], picked, stand[lo:hi])
    played = float((p[0] * after_card[t.child[0]]).sum())
    pair = ACE if ace else hard - 1  # the one card of a split hand
    again = float(after_card[t.child[0][pair]]) if 0 <= pair < RANKS and hard <= 11 else float("nan")
    chance_again = float(p[0][pair]) if 0 <= pair < RANKS else 0.0
    if aces_one_card:  # the list stops after one card: only ``played`` means anything
        return Values(float(stand[0]), float("nan"), float("nan"), played, again, chance_again), best, hit
    return Values(float(stand[0]), float(hit[0]), double, played, again, chance_again), best, hit


def _stand_values(t: Tree, table, n: np.ndarray, peek: bool, bj: int | None, left: np.ndarray,
                  remaining: np.ndarray, rows: np.ndarray) -> np.ndarray:  # fmt: skip
    """Standing's value at every node. The dealer's standing hands are weighed at each node, a
    row per node: its parent's row times the change the last card makes to each hand's chance
    (one card fewer of its rank); the shrinking of the cards left, the same for every row of a
    level, goes with the columns."""
    total = float(n.sum())
    draws = table.drawn.T
    steps: dict[tuple[int, int], np.ndarray] = {}
    scale = np.ones(len(table.length))
    stand = np.empty(len(t.total))
    rows[0] = weights(table, n, peek)
    prev = rows[0:1]
    for depth in range(len(t.bounds) - 1):
        lo, hi = t.bounds[depth], t.bounds[depth + 1]
        if depth:
            row = rows[lo:hi]
            np.take(prev, t.parent[lo:hi], axis=0, out=row, mode="clip")  # "clip": written straight into ``row``
            for g0, g1, rank, before in t.groups[depth]:
                factor = steps.get((rank, before))
                if factor is None:
                    factor = steps[rank, before] = _step(n[rank] - before, draws[rank])
                row[g0:g1] *= factor
            s = total - (depth - 1)
            with np.errstate(divide="ignore", invalid="ignore"):
                scale = scale * np.where(s - table.length > 0, s / (s - table.length), 0.0)
            prev = row
        chance = prev @ (table.onehot * scale[:, None])
        if peek:
            chance /= _no_blackjack(left[lo:hi, bj], remaining[lo:hi])[:, None]
        bust = 1.0 - chance.sum(axis=1)
        stand[lo:hi] = bust + (chance * PAY[t.total[lo:hi]]).sum(axis=1)
    return stand


_POOL: list[np.ndarray] = []  # buffers for the rows, reused: each computation takes one
_POOL_LOCK = threading.Lock()


class _Rows:
    """Rows for ``nodes`` hands by ``hands`` dealer hands from a pool kept between calls (a fresh
    array of megabytes each time costs the system's page faults on every level); a buffer is
    lent to one computation at a time (the panel's and the overlay's may overlap)."""

    def __init__(self, nodes: int, hands: int) -> None:
        self.size = nodes * hands
        with _POOL_LOCK:
            fits = [i for i, b in enumerate(_POOL) if b.size >= self.size]
            self.space = _POOL.pop(fits[-1]) if fits else None  # the last one lent: its pages are in memory
        if self.space is None:
            self.space = np.empty(max(self.size, 1 << 16))
        self.rows = self.space[: self.size].reshape(nodes, hands)

    def __enter__(self) -> np.ndarray:
        return self.rows

    def __exit__(self, *_) -> None:
        with _POOL_LOCK:
            _POOL.append(self.space)


def reserve(nodes: int, hands: int) -> None:
    """Put one more buffer for that many rows in the pool, its pages touched (``outcomes.warm``)."""
    space = np.empty(nodes * hands)
    space.fill(1.0)  # written, so that the system has given it its pages (zeros would be mapped lazily)
    with _POOL_LOCK:
        _POOL.append(space)


def _step(have: float, drawn: np.ndarray) -> np.ndarray:
    """How a hand's chance changes when one card of a rank with ``have`` left is taken first:
    ``ff(have − 1, k) / ff(have, k) = (have − k) / have`` for the ``k`` of it the hand draws."""
    if have <= 0:
        return np.zeros(len(drawn))
    return np.clip(have - drawn, 0.0, None) / have


def _no_blackjack(bj_left, remaining):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(remaining > 0, 1.0 - np.clip(bj_left, 0.0, None) / remaining, 1.0)
