"""The dealer's finished hands, listed once, and their probabilities for any composition
(issue 23).

The dealer's play is fixed by the rules, so every way the hand can end is known before a card
is seen: from the up card (and the hole card, when it is known), each sequence of draws that
stops where the rules stop the dealer. A sequence's probability for a composition depends only
on how many cards of each rank it draws — ``Π ff(n_r, k_r) / ff(N, k)``, with ``ff`` the
falling factorial — so the sequences are gathered by their multiset, each with the number of
its orders, and one table per up card answers for every composition in a few array
operations instead of a recursion over the composition.

Only the hands that stand (17–21, or a blackjack) are listed: a bust is what is left, ``1 −``
their sum. ``peek``: the number of each multiset's orders whose first card (the hole card) is
not the one that would make a blackjack under an ace or a ten — the hands still possible after
the dealer has looked and found none.

Ranks are counted by value: index 0 an ace, 1–8 the twos to the nines, 9 every ten-value card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from threadpoolctl import threadpool_limits

# The products here are small (a few thousand hands by a few hundred rows): split over threads
# they wait on each other, and on a loaded two-core machine a product took ten times as long.
threadpool_limits(1, user_api="blas")

RANKS = 10
TEN, ACE = 9, 0
# the columns of a finished hand: the totals 17 … 21 and the blackjack (index 5)
STANDING = ("17", "18", "19", "20", "21", "blackjack")
BLACKJACK = 5


@dataclass(frozen=True, eq=False)
class Hands:
    """The dealer's standing hands for one start: ``drawn`` (hands × ranks: the cards each
    draws), ``length`` (how many), ``column`` (its total's column in ``STANDING``), ``orders``
    (the number of draw orders that end there) and ``peek`` (those not opening with the
    blackjack card); ``onehot`` (hands × columns) adds the hands up by column."""

    drawn: np.ndarray
    length: np.ndarray
    column: np.ndarray
    orders: np.ndarray
    peek: np.ndarray
    onehot: np.ndarray
    most: int  # the most cards of one rank any hand draws


def blackjack_card(up: int) -> int | None:
    """The hole card that would give the dealer a blackjack under ``up``."""
    return TEN if up == ACE else ACE if up == TEN else None


def stands(hard: int, ace: bool, h17: bool) -> int | None:
    """The total the dealer stands on with ``hard`` (aces as 1; ``ace``: one of them), or None
    while the rules make the dealer draw (a bust is a total over 21)."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 17 or (total == 17 and not (soft and h17)):
        return total
    return None


def hands(up: int, hole: int | None, h17: bool) -> Hands:
    """Every standing hand of the dealer from ``up`` and, when it is known, ``hole`` (its draws
    exclude both); with the hole card unknown, it is the first card drawn."""
    if hole is None:
        return _hands(up, None, h17)
    return after(up + hole + 2, ACE in (up, hole), h17)


def after(hard: int, ace: bool, h17: bool) -> Hands:
    """Every standing hand the dealer can finish with from a known hand of ``hard`` (aces as 1;
    ``ace``: it holds one): the draws from there (none where the dealer already stands)."""
    return _hands(None, (hard, ace), h17)


@lru_cache(maxsize=256)
def _hands(up: int | None, known: tuple[int, bool] | None, h17: bool) -> Hands:
    found: dict[tuple[int, ...], list[int]] = {}
    bj = blackjack_card(up) if up is not None else None
    drawn = [0] * RANKS

    def finish(hard: int, ace: bool, depth: int, first: int) -> None:
        total = stands(hard, ace, h17)
        if total is not None:
            if total <= 21:
                record(total - 17, first)
            return
        for index in range(RANKS):
            drawn[index] += 1
            if up is not None and depth == 0 and {up, index} == {ACE, TEN}:
                record(BLACKJACK, index)
            else:
                finish(hard + index + 1, ace or index == ACE, depth + 1, index if depth == 0 else first)
            drawn[index] -= 1

    def record(column: int, first: int) -> None:
        key = (*drawn, column)
        entry = found.setdefault(key, [0, 0])
        entry[0] += 1
        entry[1] += first != bj

    if up is not None:
        finish(up + 1, up == ACE, 0, -1)
    else:
        finish(known[0], known[1], 1, -1)
    keys = np.array(list(found), dtype=np.int64).reshape(-1, RANKS + 1)
    counts = np.array(list(found.values()), dtype=np.float64).reshape(-1, 2)
    draws = keys[:, :RANKS]
    column = keys[:, RANKS]
    onehot = np.zeros((len(keys), len(STANDING)))
    onehot[np.arange(len(keys)), column] = 1.0
    return Hands(draws, draws.sum(axis=1), column, counts[:, 0], counts[:, 1], onehot,
                 int(draws.max(initial=0)))  # fmt: skip


def falling(counts: np.ndarray, most: int) -> np.ndarray:
    """``ff(n, j)`` for each entry ``n`` of ``counts`` and ``j = 0 … most`` (the last axis);
    zero once ``j`` passes ``n``."""
    steps = counts[..., None] - np.arange(most, dtype=np.float64)
    table = np.ones((*counts.shape, most + 1))
    np.cumprod(np.clip(steps, 0.0, None), axis=-1, out=table[..., 1:])
    return table


def weights(table: Hands, counts: np.ndarray, peeked: bool, infinite: bool = False) -> np.ndarray:
    """Each hand's probability for the composition ``counts`` (the dealer's draws from it),
    before the peek's condition is divided out (see ``chance_no_blackjack``). ``infinite``: an
    infinite shoe in these proportions, no card drawn changing the chance of the next."""
    total = float(counts.sum())
    if infinite:
        share = counts.astype(np.float64) / total
        return (share[None, :] ** table.drawn).prod(axis=1) * (table.peek if peeked else table.orders)
    ff = falling(counts.astype(np.float64), table.most)
    product = ff[np.arange(RANKS), table.drawn].prod(axis=1)
    longest = int(table.length.max(initial=0))
    whole = falling(np.array([total]), longest)[0]
    with np.errstate(divide="ignore", invalid="ignore"):
        chance = np.where(whole[table.length] > 0, product / whole[table.length], 0.0)
    return chance * (table.peek if peeked else table.orders)


def chance_no_blackjack(counts, up: int) -> float:
    """The chance that the unknown hole card is not the dealer's blackjack card."""
    bj = blackjack_card(up)
    total = sum(counts)
    return 1.0 if bj is None or not total else 1.0 - counts[bj] / total


def outcomes(counts: tuple[int, ...], up: int, hole: int | None, h17: bool, peeked: bool,
             drawn: tuple[int, ...] = ()) -> np.ndarray:  # fmt: skip
    """The dealer's chances of ``STANDING`` and then the bust (seven figures) for the cards
    left ``counts``: the up card (and a known hole card, and the cards ``drawn`` since, which
    need the hole card known) already out of them."""
    if hole is not None and {up, hole} == {ACE, TEN}:
        out = np.zeros(len(STANDING) + 1)
        out[BLACKJACK] = 1.0
        return out
    if drawn:
        hard = up + hole + 2 + sum(d + 1 for d in drawn)
        table = after(hard, ACE in (up, hole, *drawn), h17)
    else:
        table = hands(up, hole, h17)
    peek = peeked and hole is None and blackjack_card(up) is not None
    chance = weights(table, np.asarray(counts, dtype=np.float64), peek) @ table.onehot
    if peek:
        chance = chance / chance_no_blackjack(counts, up)
    return np.append(chance, max(0.0, 1.0 - chance.sum()))
