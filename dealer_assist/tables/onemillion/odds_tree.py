"""Issue 23: every hand One Million's hand on turn can reach by drawing, listed once per start
(``tree``), whatever the composition — what ``odds_rows`` weighs for a pool.

A hand reached from the start is known by the cards it drew: how many faces of each value
(``d``), how many of them were open (``do``: the pool's open count falls by as many) and how many
jokers went on as aces (``dj``, JK-4 Lv.0). Two orders of the same cards leave the same pool and
the same hand, so the hands form levels (cards drawn) joined by edges (one per card the shoe can
give: an open face, a closed face, a joker). The joker's fate (an ace, or the hand or the box
lost) depends on its number by the players' count, so every joker edge leads to a hand: its
value is used only where the joker is an ace. Faces or jokers the pool no longer holds give the
edges a chance of 0; nothing here depends on the pool.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

OPEN, CLOSED, JOKER = 0, 1, 2
JOKERS = 7  # CARD-6: the shoe holds seven


def best(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


@dataclass(frozen=True, eq=False)
class Tree:
    """The hands by index (0: the start, nothing drawn): ``d`` (N×10), ``do``, ``dj``, the hand's
    ``hard`` (aces as 1), ``ace``, ``n`` (its cards), ``mine`` (its best total) and ``draws`` (it
    draws another card: the start always, a hand played on below 21). ``steps[L]``: the edges
    that leave the hands of level ``L``, as ``odds_rows`` reads them (parent, kind, child — 0 for
    a bust —, it goes on to a hand as a face, a joker, the parent's jokers, the parent's place in
    its level, the face)."""

    d: np.ndarray
    do: np.ndarray
    dj: np.ndarray
    hard: np.ndarray
    ace: np.ndarray
    n: np.ndarray
    mine: np.ndarray
    draws: np.ndarray
    levels: tuple[np.ndarray, ...]
    faces: np.ndarray  # the distinct ``d`` (D×10): the dealer's faces part is the same for each
    face_of: np.ndarray  # each hand's row of ``faces``
    steps: tuple[tuple[np.ndarray, ...], ...]  # per level, the edges as ``odds_rows`` reads them
    drawn: np.ndarray  # the distinct (cards drawn less jokers, open ones, jokers): the pool's size part
    drawn_of: np.ndarray  # each hand's row of ``drawn``

    @property
    def depth(self) -> int:
        """The most cards a hand of the tree draws."""
        return len(self.levels) - 1


@lru_cache(maxsize=512)
def tree(hard: int, ace: bool, n: int, play: bool) -> Tree:
    """The hands reached from ``hard``/``ace`` with ``n`` cards: one card (``play`` False: a
    double, a split ace), or as many as the hand goes on drawing below 21 (``play``). The hands
    do not depend on ``n``, only their count of cards does: the tree of ``hard``/``ace`` is
    built once (``_hands``) and shared by every ``n``."""
    hands = _hands(hard, ace, play)
    return replace(hands, n=hands.n + n)


@lru_cache(maxsize=256)
def _hands(hard: int, ace: bool, play: bool) -> Tree:
    """``tree`` with no card counted yet. Built level by level: every card from every hand that
    draws, the hands reached found by a key (the faces drawn, the open ones and the jokers, five
    bits each: a level's cards never exceed 21)."""
    n = 0
    d = [np.zeros((1, 10), dtype=np.int64)]
    do, dj = [np.zeros(1, dtype=np.int64)], [np.zeros(1, dtype=np.int64)]
    hards, aces = [np.array([hard])], [np.array([ace])]
    draws = [np.array([True])]
    starts = [0]
    steps = []
    base = 1
    eye = np.eye(10, dtype=np.int64)
    while True:
        fd, fo, fj, fh, fa, fdraw = d[-1], do[-1], dj[-1], hards[-1], aces[-1], draws[-1]
        parents = np.flatnonzero(fdraw)
        if not len(parents):
            break
        # the cards: (kind, face) for the 20 faces, then the joker
        kinds = np.array([OPEN] * 10 + [CLOSED] * 10 + [JOKER], dtype=np.int64)
        faces = np.array(list(range(10)) * 2 + [0], dtype=np.int64)
        par = np.repeat(parents, 21)
        kind = np.tile(kinds, len(parents))
        face = np.tile(faces, len(parents))
        joker = kind == JOKER
        step_d = np.where(joker[:, None], 0, eye[face])
        cd = fd[par] + step_d
        co = fo[par] + (kind == OPEN)
        cj = fj[par] + joker
        ch = fh[par] + np.where(joker, 1, face + 1)
        ca = fa[par] | joker | (face == 0)
        value = np.where(ca & (ch + 10 <= 21), ch + 10, ch)
        keep = ~(joker & (fj[par] >= JOKERS))  # CARD-6: no eighth joker
        par, kind, face, joker, cd = par[keep], kind[keep], face[keep], joker[keep], cd[keep]
        co, cj, ch, ca, value = co[keep], cj[keep], ch[keep], ca[keep], value[keep]
        bust = value > 21
        key = (cd * (32 ** np.arange(10, dtype=np.int64))).sum(axis=1) * 256 + co * 8 + cj
        live = ~bust
        unique, first, inverse = np.unique(key[live], return_index=True, return_inverse=True)
        child = np.full(len(key), -1, dtype=np.int64)
        child[live] = base + inverse.reshape(-1)
        rows = np.flatnonzero(live)[first]
        d.append(cd[rows])
        do.append(co[rows])
        dj.append(cj[rows])
        hards.append(ch[rows])
        aces.append(ca[rows])
        draws.append(np.full(len(rows), play) & (value[rows] < 21))
        steps.append((
            (starts[-1] + par).astype(np.int32), kind.astype(np.int8),
            np.where(child >= 0, child, 0).astype(np.int32), (child >= 0) & ~joker, joker,
            fj[par].astype(np.int8), par.astype(np.int32), face.astype(np.int8),
        ))  # fmt: skip
        starts.append(base)
        base += len(rows)
        if not len(rows):
            break
    d_a, do_a, dj_a = np.concatenate(d), np.concatenate(do), np.concatenate(dj)
    hard_a, ace_a = np.concatenate(hards), np.concatenate(aces).astype(bool)
    levels = tuple(np.arange(starts[i], starts[i + 1] if i + 1 < len(starts) else base) for i in range(len(starts)))
    levels = tuple(lv for lv in levels if len(lv))
    steps += [()] * (len(levels) - len(steps))
    mine = np.where(ace_a & (hard_a + 10 <= 21), hard_a + 10, hard_a)
    faces_u, face_of = np.unique(d_a, axis=0, return_inverse=True)
    drawn, drawn_of = np.unique(np.stack([d_a.sum(axis=1), do_a, dj_a], axis=1), axis=0, return_inverse=True)
    return Tree(d=d_a, do=do_a, dj=dj_a, hard=hard_a, ace=ace_a, n=n + d_a.sum(axis=1) + dj_a, mine=mine,
                draws=np.concatenate(draws), levels=levels, faces=faces_u, face_of=face_of.reshape(-1),
                steps=tuple(steps[:len(levels)]), drawn=drawn, drawn_of=drawn_of.reshape(-1))  # fmt: skip


def warm(also=None) -> None:
    """Every two-card start, played on and doubled, and a split hand's one card (split aces take
    one card only: PLAY-7); ``also(tree)`` for each (what a reader keeps of a tree)."""
    for a in range(10):
        for b in range(a, 10):
            for start in (tree(a + b + 2, a == 0, 2, True), tree(a + b + 2, a == 0, 2, False)):
                if also is not None:
                    also(start)
        split = tree(a + 1, a == 0, 1, a != 0)
        if also is not None:
            also(split)
