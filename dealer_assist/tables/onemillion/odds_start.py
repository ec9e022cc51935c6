"""Issue 23: the dealer's outcome (``odds_dealer``'s figures) through the sequences every pool
shares (``odds_table``), in the dealer's view, from wherever the hand stands: two cards (the hole
card known), a hidden hole card (each face it may be), cards known on top (future sight: taken by
``odds_dealer.through_known`` before the sequences), the dealer's hand past two cards, a closed
card being drawn (`next [?]`). Each needs only sequences from a hand and no card known on top —
the same few dozen tables for every quest, built once (``warm``) — and, for a card whose face is
not known (the hole, the closed card drawn), the faces' tables merged into one
(``odds_weights.hidden_faces``).

Every function here assumes what ``odds._Table.sequences_serve`` checks: the pool cannot run out
within the dealer's hand (else the recursion, ``odds_dealer.start``, follows it).
"""

from __future__ import annotations

from functools import lru_cache

from dealer_assist.tables.onemillion import odds_dealer as od
from dealer_assist.tables.onemillion.odds_dealer import ACE, JK, TEN
from dealer_assist.tables.onemillion.odds_table import Table, build, build_from, sequences, sequences_from, validity
from dealer_assist.tables.onemillion.odds_weights import Weights, hidden_faces

_NONE = (False, False, False)
Rules = tuple[int, int, int]


def known_hole(up: tuple[int, bool], hole: int, check: bool) -> tuple[tuple[int, bool], int, bool]:
    """``odds_table.build``'s up card, hole card and check for a known hole card, the same for
    every two cards of the same total: after them the dealer's sequences depend only on it (a
    face or a joker ruled an ace as a two on the total less two; the check matters only where
    it can find a blackjack). A joker still to be ruled (JK-6) keeps its up card."""
    up_hard, up_ace = up
    if hole == JK:
        return up, hole, check and up_hard == 10 and not up_ace
    hard = up_hard + (1 if hole > JK else hole + 1)
    ace = up_ace or hole in (ACE, JK + 1)
    return (hard - 2, ace), 1, check and hard == 11 and ace


def two_cards(up: tuple[int, bool], hole: int, check: bool, known: tuple, r: tuple[int, ...], o: int, j: int,
              k: int, rules: Rules) -> tuple[float, ...]:  # fmt: skip
    """``odds_dealer.start`` for a known hole card (``hole``: its index, ``JK`` a joker ruled now
    by the count ``k``, JK-6; ``JK + 1`` one ruled Lv.0 before), the known cards on top with the
    dealer's levels (``odds._Table.known_for_dealer``)."""
    if hole == JK and known:
        lv = od.level(rules, k + 1)
        if lv:
            return od._UNIT[od.JOKER if lv == 1 else od.FAILURE]
        hole, k = JK + 1, k + 1
    two, code, blackjack = known_hole(up, hole, check)
    if not known:
        return build(two, code, (), None, rules, _NONE, False, blackjack).weigh(r, o, j, od._k(rules, k))
    hard, ace = two[0] + 2, two[1]
    if blackjack and hard == 11 and ace:
        return od._UNIT[od.BLACKJACK]
    return hand(hard, ace, True, known, r, o, j, k, rules)


def hand(hard: int, ace: bool, two: bool, known: tuple, r: tuple[int, ...], o: int, j: int, k: int,
         rules: Rules) -> tuple[float, ...]:  # fmt: skip
    """``odds_dealer.finish``: the dealer's hand of ``hard``/``ace`` (``two``: its first two
    cards, the check made), the known cards on top taken first."""
    ended, hard, ace, two, _ = od.through_known(hard, ace, two, known)
    if ended is not None:
        return od._UNIT[ended]
    return _table(hard, ace, two, rules).weigh(r, o, j, od._k(rules, k))


def _table(hard: int, ace: bool, two: bool, rules: Rules) -> Table:
    if two:  # the two cards' total as a two on the total less two (``known_hole``)
        return build((hard - 2, ace), 1, (), None, rules, _NONE, False, False)
    return build_from(hard, ace, rules)


def hidden_hole(up: tuple[int, bool], check: bool, ex_ten: bool, ex_ace: bool, known: tuple,
                r: tuple[int, ...], o: int, j: int, k: int, rules: Rules) -> tuple[float, ...]:  # fmt: skip
    """The closed faces a hidden hole card may be (``odds_dealer.closed_faces``, the check's
    exclusions left out), weighed with their chances: without known cards through the faces'
    tables merged, else face by face."""
    size = sum(r)
    closed = size - o
    pool = closed + j
    if not closed or not size:
        return (0.0,) * od.SIZE
    if not known:
        merged = faces_merged(up, check, ex_ten, ex_ace)
        vector = merged.weigh(r, o, j, validity(rules, od._k(rules, k)), size=size - 1)
        return tuple(v * closed / (pool * size) for v in vector)
    acc = [0.0] * od.SIZE
    for p, i, rest in od.closed_faces(r, closed, pool, size, ex_ten, ex_ace):
        od._add(acc, p, two_cards(up, i, check, known, rest, o, j, k, rules))
    return tuple(acc)


def closed_draw(hard: int, ace: bool, r: tuple[int, ...], o: int, j: int, k: int,
                rules: Rules) -> tuple[float, ...]:  # fmt: skip
    """`next [?]` answered HIT, the face not given yet, nothing known on top: the dealer's hand
    of ``hard``/``ace`` takes a closed card (a joker by its level, JK-4; a face by its chance)."""
    size = sum(r)
    closed = size - o
    cards = closed + j
    acc = [0.0] * od.SIZE
    if not cards:
        return od._UNIT[od.FAILURE]
    if j:
        lv = od.level(rules, k + 1)
        if lv:
            acc[od.JOKER if lv == 1 else od.FAILURE] += j / cards
        else:
            od._add(acc, j / cards, build_from(hard + 1, True, rules).weigh(r, o, j - 1, od._k(rules, k + 1)))
    if closed and size:
        vector = _draw_merged(hard, ace).weigh(r, o, j, validity(rules, od._k(rules, k)), size=size - 1)
        od._add(acc, closed / (cards * size), vector)
    return tuple(acc)


@lru_cache(maxsize=64)
def faces_merged(up: tuple[int, bool], check: bool, ex_ten: bool, ex_ace: bool) -> Weights:
    """The known-hole sequences of every face a hidden hole card may be, merged: the same for
    every rule and count."""
    return _merged(up, check, ex_ten, ex_ace)


@lru_cache(maxsize=64)
def faces_merged_capped(up: tuple[int, bool], check: bool, ex_ten: bool, ex_ace: bool, cap: int,
                        most: tuple[int, ...], rules: Rules) -> Weights:  # fmt: skip
    """``faces_merged`` for a shoe counted to hold ``cap`` cards past the hole (DRAW-6,
    ``odds_table.sequences``: no more of a face than ``most``, the sequences ``rules`` allows)."""
    return _merged(up, check, ex_ten, ex_ace, cap, most, rules)


def _merged(up: tuple[int, bool], check: bool, ex_ten: bool, ex_ace: bool, *capped) -> Weights:
    parts = []
    for i in range(10):
        if (i == TEN and ex_ten) or (i == ACE and ex_ace):
            continue
        two, hole, blackjack = known_hole(up, i, check)
        parts.append((i, sequences(two, hole, (), None, _NONE, False, blackjack, *capped).weights()))
    return hidden_faces(parts)


@lru_cache(maxsize=64)
def _draw_merged(hard: int, ace: bool) -> Weights:
    """The sequences after each face of a closed card the hand of ``hard``/``ace`` takes, merged."""
    return hidden_faces([(i, sequences_from(hard + i + 1, ace or i == ACE).weights()) for i in range(10)])


def warm(rules: Rules, also=None) -> None:
    """The tables a dealer's outcome needs, built: every two cards' and every hand's past two
    cards (with their weights), every up card's hidden hole merged (and the viewers' after the
    check), every closed draw merged — each with the kinds every count allows
    (``Weights.allowed``), and ``also`` done to those."""
    counts = [validity(rules, k) for k in range(od._k(rules, 99) + 1)]

    def ready(weights: Weights) -> None:
        for valid in counts:
            allowed = weights.allowed(valid)
            if also is not None:
                also(allowed)

    for up in range(10):
        for check in (False, True):
            for hole in (*range(10), JK):
                two, code, blackjack = known_hole((up + 1, up == ACE), hole, check)
                ready(build(two, code, (), None, rules, _NONE, False, blackjack).weights())
            ready(faces_merged((up + 1, up == ACE), check, False, False))
        if up in (ACE, TEN):  # the viewers' hole card after the check: not the card of a blackjack
            ready(faces_merged((up + 1, up == ACE), False, up == ACE, up == TEN))
    for hard in range(3, 17):
        for ace in (False, True):
            if ace and 17 <= hard + 10 <= 21:  # a soft 17 or more stands (DRAW-1)
                continue
            ready(_draw_merged(hard, ace))
