"""Issue 23: the hand on turn after a hit, from the figures already worked out before it.

Weighing a hit (``odds_rows.draw_value``) works out the value of hitting for every hand the hand
on turn can reach, each from its own pool. After the hit, the hand on turn is one of those hands,
its pool the pool before less the card: its hit is already known. So the last few weighings are
kept (``keep``) with what they depended on — the viewpoint, the dealer's cards, the rules of the
jokers, the stake, the penalty, the box's points, the HP —, and ``find`` looks the new hand up
among their hands: the pool less the cards it drew, the counts of jokers up by the jokers it
drew, the hand's total and cards those of the hand reached. The figure is the one a new weighing
would give (its pool, its counts and its hands are the same). A line that changes none of it (a
skill that moves no card, a check) finds the hand on turn itself: the start of the last weighing.

Within one hand on turn, the split's hands and the hit's are weighed from the same pool: the
dealer's outcome of a hand one of them reached serves the other (``same_hands``).
"""

from __future__ import annotations

import numpy as np

from dealer_assist.tables.onemillion.odds_tree import Tree

KEPT = 8  # weighings kept: the hands on turn of a game, and a few more
_kept: list[tuple] = []  # the newest first
_keys: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def context(player, bet: int, under: bool, penalty: int) -> tuple:
    """What a hand's values depend on besides its pool, its counts and its cards."""
    t = player.table
    return (t.viewpoint, player.rules, player.hp, player.push_limit, player.everything, bet, under, penalty,
            bool(t.pool.hidden), t.excluded, t.peeked, t.up, t.check_to_come, t.hole_code())  # fmt: skip


def keep(player, tree: Tree, r, o: int, j: int, left, key: tuple, hit_points: np.ndarray,
         hit_damage: np.ndarray) -> None:  # fmt: skip
    """A weighing's hit values (one per hand of ``tree``, for the hands that draw; NaN for a hand
    whose hit was not worked out) kept."""
    _kept.insert(0, (key, tuple(r), o, j, left, player.kp, player.kd, tree, hit_points, hit_damage))
    del _kept[KEPT:]


def find(player, r, o: int, j: int, left, hard: int, ace: bool, n: int, key: tuple) -> tuple[float, float] | None:
    """The hit value of the hand ``hard``/``ace`` with ``n`` cards from the pool ``r``/``o``/``j``,
    if a kept weighing reached it (or started from it: nothing drawn); else None."""
    for kept_key, r0, o0, j0, left0, kp0, kd0, tree, hit_points, hit_damage in _kept:
        if kept_key != key:
            continue
        d = np.subtract(r0, r)
        do, dj = o0 - o, j0 - j
        drawn = int(d.sum()) + dj
        if (d < 0).any() or do < 0 or dj < 0 or player.kp != kp0 + dj or player.kd != kd0 + dj:
            continue
        if (left0 is None) != (left is None) or (left is not None and left != left0 - drawn):
            continue
        node = _node(tree, d, do, dj)
        if node is None or not tree.draws[node] or tree.hard[node] != hard or bool(tree.ace[node]) != ace:
            continue
        if tree.n[node] != n or np.isnan(hit_points[node]):  # NaN: a hand never reached, its hit not worked out
            continue
        return float(hit_points[node]), float(hit_damage[node])
    return None


def _node(tree: Tree, d: np.ndarray, do: int, dj: int) -> int | None:
    """The hand of ``tree`` that drew the faces ``d``, ``do`` of them open, and ``dj`` jokers."""
    keys, order = _sorted(tree)
    want = _key(d[None, :], np.array([do]), np.array([dj]))[0]
    at = int(np.searchsorted(keys, want))
    if at < len(keys) and keys[at] == want and want >= 0:
        return int(order[at])
    return None


def _sorted(tree: Tree) -> tuple[np.ndarray, np.ndarray]:
    """The keys (``_key``) of the hands of ``tree`` in order, and the hands in that order (kept
    per tree: the trees of one start share ``d`` whatever their count of cards)."""
    found = _keys.get(id(tree.d))
    if found is None or found[0] is not tree.d:
        if len(_keys) > 256:
            _keys.clear()
        keys = _key(tree.d, tree.do, tree.dj)
        order = np.argsort(keys, kind="stable")
        found = _keys[id(tree.d)] = (tree.d, keys[order], order)
    return found[1], found[2]


def same_hands(tree: Tree, other: Tree) -> tuple[np.ndarray, np.ndarray]:
    """For each hand of ``tree``, the hand of ``other`` that drew the same cards (faces, open ones,
    jokers), and whether ``other`` has one: from one pool, the two have the same dealer's outcome
    (the split's hands and the hit's, from the same hand on turn)."""
    pair = (id(tree.d), id(other.d))
    found = _pairs.get(pair)
    if found is not None and found[0] is tree.d and found[1] is other.d:
        return found[2], found[3]
    keys, order = _sorted(other)
    mine = _key(tree.d, tree.do, tree.dj)
    at = np.minimum(np.searchsorted(keys, mine), len(keys) - 1)
    hit = (keys[at] == mine) & (mine >= 0)
    if len(_pairs) > 256:
        _pairs.clear()
    _pairs[pair] = (tree.d, other.d, order[at], hit)
    return order[at], hit


_pairs: dict[tuple[int, int], tuple] = {}


def _key(d: np.ndarray, do: np.ndarray, dj: np.ndarray) -> np.ndarray:
    """One integer per hand: the faces drawn, five bits each (a hand's cards never exceed 21), then
    the open ones and the jokers."""
    if (d >= 32).any() or (do >= 32).any() or (dj >= 8).any():
        return np.full(len(d), -1, dtype=np.int64)
    return (np.asarray(d, dtype=np.int64) * (32 ** np.arange(10, dtype=np.int64))).sum(axis=1) * 256 + do * 8 + dj
