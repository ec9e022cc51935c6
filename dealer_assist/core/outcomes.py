"""The dealer's final total, exactly: the probability of 17, 18, 19, 20, 21, a bust and a
blackjack for the dealer's up card, from the composition of the cards left (issue 23).

Every way the dealer's hand can go is followed, each card drawn from what is left of the
composition (so a card drawn is one fewer of its rank for the next draw), and the results are
added up — a recursion over the composition with a cache, not a sample. ``hits_soft_17`` is the
table's rule (H17) or not (S17). ``peeked``: the dealer has looked at the hole card under an
ace or a ten and has no blackjack, so the hole card is not the one card that would make it.
The hole card may be known (the dealer's view) or not (the players'): unknown, it is one more
card drawn from the composition.

Ranks are counted by value: index 0 an ace, 1–8 the twos to the nines, 9 every ten-value card.
"""

from __future__ import annotations

from functools import lru_cache

RANKS = 10
TEN, ACE = 9, 0
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")


def counts_of(decks: int, out: dict[str, int] | None = None) -> tuple[int, ...]:
    """The composition of ``decks`` decks less the cards ``out`` (by rank: ``A 2 … 9 T J Q K``)."""
    counts = [4 * decks] * 9 + [16 * decks]
    for rank, n in (out or {}).items():
        index = index_of(rank)
        if index is not None:
            counts[index] -= n
    if any(c < 0 for c in counts):
        raise ValueError("more cards out than the decks hold")
    return tuple(counts)


def index_of(rank: str) -> int | None:
    if rank == "A":
        return ACE
    if rank in ("T", "J", "Q", "K", "10"):
        return TEN
    if rank.isdigit() and 2 <= int(rank) <= 9:
        return int(rank) - 1
    return None


def _value(index: int) -> int:
    return index + 1  # an ace counts 1 here; the soft ace is added where it helps


@lru_cache(maxsize=200_000)
def _finish(counts: tuple[int, ...], hard: int, ace: bool, h17: bool) -> tuple[float, ...]:
    """(17, 18, 19, 20, 21, bust) for a dealer hand of ``hard`` (aces as 1; ``ace``: one of
    them), drawing from ``counts`` until it stands."""
    best = hard + 10 if ace and hard + 10 <= 21 else hard
    soft = ace and hard + 10 <= 21
    if best > 21:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    if best > 17 or (best == 17 and not (soft and h17)):
        out = [0.0] * 6
        out[best - 17] = 1.0
        return tuple(out)
    total = sum(counts)
    acc = [0.0] * 6
    for index in range(RANKS):
        n = counts[index]
        if not n:
            continue
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        sub = _finish(rest, hard + _value(index), ace or index == ACE, h17)
        p = n / total
        for k in range(6):
            acc[k] += p * sub[k]
    return tuple(acc)


def dealer(counts: tuple[int, ...], up: int, *, hole: int | None = None, hits_soft_17: bool = False,
           peeked: bool = False) -> dict[str, float]:  # fmt: skip
    """The dealer's outcomes (see ``_dealer``), a fresh dict each call."""
    return dict(_dealer(counts, up, hole, hits_soft_17, peeked))


@lru_cache(maxsize=20_000)
def _dealer(counts: tuple[int, ...], up: int, hole: int | None, hits_soft_17: bool,
            peeked: bool) -> tuple[tuple[str, float], ...]:  # fmt: skip
    """The dealer's outcomes for the up card ``up`` (a rank index), the cards left ``counts``
    (the up card, and the hole card when it is known, already out of them). ``hole``: the hole
    card when it is known. ``peeked``: under an ace or a ten, the dealer has no blackjack."""
    if hole is not None:
        return tuple(_from_two(counts, up, hole, hits_soft_17).items())
    total = sum(counts)
    acc = dict.fromkeys(OUTCOMES, 0.0)
    weight = 0.0
    for index in range(RANKS):
        n = counts[index]
        if not n:
            continue
        blackjack = {up, index} == {ACE, TEN}
        if blackjack and peeked:
            continue  # the peek showed no blackjack: this hole card is ruled out
        p = n / total
        weight += p
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        for key, q in _from_two(rest, up, index, hits_soft_17).items():
            acc[key] += p * q
    return tuple((key, value / weight) for key, value in acc.items())


def _from_two(counts: tuple[int, ...], up: int, hole: int, h17: bool) -> dict[str, float]:
    if {up, hole} == {ACE, TEN}:
        return {**dict.fromkeys(OUTCOMES, 0.0), "blackjack": 1.0}
    finish = _finish(counts, _value(up) + _value(hole), ACE in (up, hole), h17)
    return {**dict(zip(OUTCOMES[:6], finish)), "blackjack": 0.0}


def stand(player: int, outcomes: dict[str, float]) -> float:
    """The expected return of standing on ``player`` (a total of 21 or less, not a blackjack)
    against the dealer's ``outcomes``, per unit staked (a dealer blackjack loses the stake)."""
    win = outcomes["bust"] + sum(outcomes[str(t)] for t in range(17, 22) if t < player)
    lose = outcomes["blackjack"] + sum(outcomes[str(t)] for t in range(17, 22) if t > player)
    if player < 17:
        win = outcomes["bust"]
        lose = 1.0 - outcomes["bust"]
    return win - lose


def best(hard: int, ace: bool) -> int:
    """A hand's total: an ace counted 11 when that stays within 21."""
    return hard + 10 if ace and hard + 10 <= 21 else hard


@lru_cache(maxsize=50_000)
def hit(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, hits_soft_17: bool,
        peeked: bool) -> float:  # fmt: skip
    """The expected return of hitting a hand of ``hard`` (aces as 1; ``ace``: one of them), per
    unit staked, playing on as well as can be (stand or hit again after each card), every card
    drawn from ``counts`` and the dealer's outcomes worked out from what is left after the
    player's cards — exact for the composition, not a basic-strategy table."""
    total = sum(counts)
    ev = 0.0
    for index in range(RANKS):
        n = counts[index]
        if not n:
            continue
        p = n / total
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        h, a = hard + index + 1, ace or index == ACE
        value = best(h, a)
        if value > 21:
            ev -= p
            continue
        stay = stand(value, dict(_dealer(rest, up, hole, hits_soft_17, peeked)))
        more = hit(rest, h, a, up, hole, hits_soft_17, peeked) if value < 21 else -1.0
        ev += p * max(stay, more)
    return ev


def double(counts: tuple[int, ...], hard: int, ace: bool, up: int, hole: int | None, hits_soft_17: bool,
           peeked: bool) -> float:  # fmt: skip
    """The expected return of doubling, per unit of the first stake: one card, then standing on
    twice the stake (the dealer's outcomes from what is left after that card)."""
    total = sum(counts)
    ev = 0.0
    for index in range(RANKS):
        n = counts[index]
        if not n:
            continue
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        value = best(hard + index + 1, ace or index == ACE)
        ev += n / total * (2 * stand(value, dict(_dealer(rest, up, hole, hits_soft_17, peeked))) if value <= 21 else -2.0)
    return ev
