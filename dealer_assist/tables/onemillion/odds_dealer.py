"""Issue 23: the One Million dealer's final outcome, exactly, under the half-up rule (DRAW-1…6)
with the jokers (JK-4…8) — a recursion over the composition left, with a cache.

The cards not seen yet (the *pool*) are ``r`` (the faces by value: index 0 an ace, 1–8 the
twos to the nines, 9 the ten-values, ``core.outcomes``' indices), ``o`` (how many of them lie
open in the shoe; the other ``sum(r) - o`` are closed) and ``j`` (the jokers, always closed).
The shoe is a random arrangement of the pool in which the orientation of a card does not depend
on its face (half of the faces were turned up at random when it was built), so the top card is
a joker with probability ``j/T``, an open card of value ``i`` with ``o·r[i]/(R·T)`` and a closed
one with ``(R-o)·r[i]/(R·T)`` (``R = sum(r)``, ``T = R + j``). The dealer sees an open top card
before deciding (DRAW-2…4) and a closed one only after (DRAW-1). ``known``: the cards known to be
on top, in order (future sight, a card stood on: dealt first, open for DRAW), each ``(index,
level)`` with a joker's dealer level (``JK`` for its index). ``k``: the dealer's joker count
(the next joker the dealer sees is number ``k + 1``, JK-1, ruled by ``rules``: JK-3, JK-4).
``left``: the cards left in the shoe when the dealer counts it (DRAW-6), else None.

The outcome is a vector (``SIZE``): the dealer stands on 12…21 with two cards (``DSK-1``'s
forced push needs to know) or with more, busts, has blackjack, holds a Lv.1 joker (every hand
but a blackjack loses) or ends the quest (a Lv.2/Lv.3 joker, END-F3; a card needed from an empty
shoe, END-F2).
"""

from __future__ import annotations

from functools import lru_cache

SMALL = 40  # a pool this small may run out within the dealer's hand: the recursion follows it

SIZE = 24
TWO, MORE = 0, 10  # stand on 12…21: TWO + t - 12 with two cards, MORE + t - 12 with more
BUST, BLACKJACK, JOKER, FAILURE = 20, 21, 22, 23
JK = 10  # a joker, beside the ten value indices
ACE, TEN = 0, 9
_UNIT = tuple(tuple(1.0 if j == i else 0.0 for j in range(SIZE)) for i in range(SIZE))
_NO_COUNT = 16  # a shoe holding this many cards or more cannot run out in one dealer's hand


def level(rules: tuple[int, int, int], number: int) -> int:
    """JK-3 / GUILD-7: the effect level of joker ``number`` (rules: early, late, late from)."""
    early, late, late_from = rules
    return late if number >= late_from else early


def best(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


def stand_index(value: int, two: bool) -> int:
    return (TWO if two else MORE) + value - 12


def hits_open(hard: int, ace: bool, index: int) -> bool:
    """DRAW-2…4: with the open card ``index`` on top, does a dealer of ``hard`` (aces as 1;
    ``ace``: one of them) hit?"""
    soft = ace and hard + 10 <= 21
    now = hard + 10 if soft else hard
    low = index + 1
    if now <= 16:  # DRAW-2: hit unless the card busts for certain
        return hard + low <= 21
    after = best(hard + low, ace or index == ACE)
    if after > 21:
        return False
    return after >= now if soft else True  # DRAW-3 (not lower) / DRAW-4 (no bust)


def _add(acc: list[float], p: float, sub: tuple[float, ...]) -> None:
    for i, q in enumerate(sub):
        if q:
            acc[i] += p * q


def _count(left: int | None) -> int | None:
    return None if left is None or left >= _NO_COUNT else left


def _k(rules: tuple[int, int, int], k: int) -> int:
    """The count as far as it matters: past the late line every joker is late."""
    return min(k, max(rules[2] - 1, 0))


def finish(r: tuple[int, ...], o: int, j: int, known: tuple, hard: int, ace: bool, two: bool, k: int,
           left: int | None, rules: tuple[int, int, int]) -> tuple[float, ...]:  # fmt: skip
    """The dealer's outcome from a hand of ``hard``/``ace`` (``two``: its first two cards)."""
    return _finish(r, o, j, known, hard, ace, two, _k(rules, k), _count(left), rules)


@lru_cache(maxsize=400_000)
def _finish(r, o, j, known, hard, ace, two, k, left, rules) -> tuple[float, ...]:
    soft = ace and hard + 10 <= 21
    value = hard + 10 if soft else hard
    if value > 21:
        return _UNIT[BUST]
    stay = _UNIT[stand_index(value, two)] if value >= 12 else None
    if value == 21 and not soft:  # DRAW-5
        return stay  # type: ignore[return-value]
    if known:
        ended, hard, ace, two, taken = through_known(hard, ace, two, known)
        if ended is not None:
            return _UNIT[ended]
        return _finish(r, o, j, (), hard, ace, two, k, None if left is None else left - taken, rules)
    after = None if left is None else left - 1
    size = sum(r)
    cards = size + j
    if (left is not None and left <= 0) or cards == 0:  # DRAW-6: a card must be drawn, none left
        return stay if value >= 17 else _UNIT[FAILURE]  # type: ignore[return-value]
    acc = [0.0] * SIZE
    stand_at = stand_index(value, two) if value >= 12 else -1
    closed = size - o
    after = _count(after)
    if o:
        scale = o / (size * cards)
        for i in range(10):
            n = r[i]
            if not n:
                continue
            p = scale * n
            if hits_open(hard, ace, i):
                _add(acc, p, _finish(r[:i] + (n - 1,) + r[i + 1:], o - 1, j, (), hard + i + 1, ace or i == ACE, False,
                                     k, after, rules))  # fmt: skip
            else:
                acc[stand_at] += p
    if closed + j:
        if value >= 17:  # DRAW-1: stand on 17 or more, soft 17 too
            acc[stand_at] += (closed + j) / cards
        else:
            if j:
                p = j / cards
                lv = level(rules, k + 1)
                if lv == 0:  # JK-4 Lv.0: an ace
                    _add(acc, p, _finish(r, o, j - 1, (), hard + 1, True, False, _k(rules, k + 1), after, rules))
                else:
                    acc[JOKER if lv == 1 else FAILURE] += p
            if closed:
                scale = closed / (size * cards)
                for i in range(10):
                    n = r[i]
                    if n:
                        _add(acc, scale * n, _finish(r[:i] + (n - 1,) + r[i + 1:], o, j, (), hard + i + 1,
                                                     ace or i == ACE, False, k, after, rules))  # fmt: skip
    return tuple(acc)


def through_known(hard: int, ace: bool, two: bool, known: tuple) -> tuple[int | None, int, bool, bool, int]:
    """DRAW-5: the cards known on top decide as open cards (a joker as an ace, or ending the hand
    by its level): ``(the outcome if the hand ends on them, else None; the hand after the cards
    taken: hard, ace, two; how many were taken)``."""
    for taken, (index, dealer_level) in enumerate(known):
        soft = ace and hard + 10 <= 21
        value = hard + 10 if soft else hard
        if value > 21:
            return BUST, hard, ace, two, taken
        if (value == 21 and not soft) or not hits_open(hard, ace, ACE if index == JK else index):
            return stand_index(value, two), hard, ace, two, taken
        if index == JK and dealer_level:
            return (JOKER if dealer_level == 1 else FAILURE), hard, ace, two, taken + 1
        hard, ace, two = hard + (1 if index == JK else index + 1), ace or index in (JK, ACE), False
    return None, hard, ace, two, len(known)


def start(r: tuple[int, ...], o: int, j: int, known: tuple, up: tuple[int, bool], hole: int | None, k: int,
          left: int | None, rules: tuple[int, int, int], *, excluded: tuple[bool, bool, bool] = (False, False, False),
          peeked: bool = False, check: bool = False,
          private_known: tuple | None = None) -> tuple[float, ...]:  # fmt: skip
    """The dealer's outcome from the up card ``up`` (hard value, ace) and the hole card.

    ``hole``: a known hole card's index, ``JK`` for a joker not ruled yet (ruled now, by the
    count ``k``: JK-6), ``JK + 1`` for a joker already ruled Lv.0 at the check (JK-8: an ace);
    None: a closed card not known, taken from the closed cards of the pool (the pool holds it).
    ``check``: the check (BASE-6) is still to come, so a blackjack or a joker is found there.
    ``excluded`` (ten, ace, joker): a hidden hole card the check has ruled out (``peeked``: a
    hidden joker was then seen and ruled Lv.0 by the dealer, who counts it: ``private_known``
    are then the known cards with the dealer's levels one joker later).

    A hidden hole card gives the vector weighted by the chance of each card the check allows:
    the weights add up to that chance (the caller divides by it)."""
    up_hard, up_ace = up
    if hole is not None:
        return _from_two(r, o, j, known, up_hard, up_ace, hole, k, left, rules, check)
    size = sum(r)
    closed = size - o
    pool = closed + j
    if not pool:
        return (0.0,) * SIZE
    acc = [0.0] * SIZE
    ex_ten, ex_ace, ex_joker = excluded
    if j and not ex_joker:
        p = j / pool
        if peeked:  # seen at the check and ruled an ace there (JK-8), counted by the dealer
            _add(acc, p, _from_two(r, o, j - 1, private_known or known, up_hard, up_ace, JK + 1, k + 1, left, rules,
                                   False))  # fmt: skip
        else:
            _add(acc, p, _from_two(r, o, j - 1, known, up_hard, up_ace, JK, k, left, rules, check))
    for p, i, rest in closed_faces(r, closed, pool, size, ex_ten, ex_ace):
        _add(acc, p, _from_two(rest, o, j, known, up_hard, up_ace, i, k, left, rules, check))
    return tuple(acc)


def closed_faces(r: tuple[int, ...], closed: int, pool: int, size: int, ex_ten: bool, ex_ace: bool):
    """The faces a closed hole card can be (no joker): ``(chance, face, the faces left)``, a face
    the check ruled out (``ex_ten``, ``ex_ace``) left out."""
    if not closed:
        return
    scale = closed / (pool * size)
    for i in range(10):
        n = r[i]
        if not n or (i == TEN and ex_ten) or (i == ACE and ex_ace):
            continue
        yield scale * n, i, r[:i] + (n - 1,) + r[i + 1:]


def _from_two(r, o, j, known, up_hard, up_ace, hole, k, left, rules, check) -> tuple[float, ...]:
    if hole == JK:  # JK-6: the dealer sees the joker (at the check or the reveal)
        lv = level(rules, k + 1)
        if lv:
            return _UNIT[JOKER if lv == 1 else FAILURE]
        hole, k = JK + 1, k + 1
    hard = up_hard + (1 if hole >= JK else hole + 1)
    ace = up_ace or hole in (ACE, JK + 1)
    if check and hard == 11 and ace:  # an ace and a ten-value: blackjack, found at the check
        return _UNIT[BLACKJACK]
    return finish(r, o, j, known, hard, ace, True, k, left, rules)


def cache_clear() -> None:
    _finish.cache_clear()
