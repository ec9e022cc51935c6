"""SAI-6, SAI-7, SAI-8, SAI-11: the exact odds of the dice, and what they are worth.

Every number here is exact (``fractions.Fraction``) and comes from counting every way the dice
can fall: 36 for two dice, 216 for three. Nothing is simulated; the tests simulate to confirm.

A riichi win (or a real yakuman) rolls two dice, and the winner may hold re-roll rights (SAI-8).
Each roll with a right left is kept or thrown away for a new roll; a roll thrown away is gone,
and the last roll stands. The best way to use the rights is found backwards: with no right left
the roll stands, and with ``j`` rights left a roll is kept when it is worth at least what a new
roll with ``j - 1`` rights is worth on average (a tie is kept).

A dama or open win rolls three dice up to three times, and the first roll with a result stands;
three rolls without one (目無し) leave 目無し. There is no choice to make.

A roll is worth what it makes the payers pay the winner: for each payer's payment (points,
chips), ``effect(reading).apply(points, chips)``, added up. One chip is worth 2,000 points in
the final settlement, so a roll's value is its points plus 2,000 times its chips.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from .dice import Reading, Result, effect, noten, read

CHIP_VALUE = 2000
"""Points one chip is worth in the final settlement (5 chips per 10,000 points)."""

Payments = Iterable[tuple[int, int]]
Distribution = dict[Reading, Fraction]


def _count(dice: int) -> Distribution:
    """The reading of every way ``dice`` dice can fall, counted and divided by the total."""
    total = 6**dice
    counts: dict[Reading, int] = {}
    for roll in product(range(1, 7), repeat=dice):
        reading = read(roll)
        counts[reading] = counts.get(reading, 0) + 1
    return {reading: Fraction(n, total) for reading, n in counts.items()}


@cache
def _two_dice() -> Mapping[Reading, Fraction]:
    return _count(2)


@cache
def _three_dice_once() -> Mapping[Reading, Fraction]:
    return _count(3)


def two_dice() -> Distribution:
    """The chance of each reading of one roll of two dice (36 equally likely falls)."""
    return dict(_two_dice())


def three_dice_once() -> Distribution:
    """The chance of each reading of one roll of three dice (216 equally likely falls)."""
    return dict(_three_dice_once())


def three_dice(rolls: int = 3) -> Distribution:
    """The chance of each standing reading at a dama or open win: up to ``rolls`` rolls of three
    dice, the first with a result stands, and 目無し stands only when every roll is 目無し."""
    once = _three_dice_once()
    miss = once.get(Reading(Result.NONE), Fraction(0))
    # A scored reading stands at roll i + 1 when the i rolls before it all missed.
    reach = sum((miss**i for i in range(rolls)), Fraction(0))
    out = {reading: p * reach for reading, p in once.items() if reading.scored}
    out[Reading(Result.NONE)] = miss**rolls
    return out


def received(reading: Reading, payments: Payments) -> tuple[int, int]:
    """The points and the chips the winner receives when ``reading`` stands: every payer's
    payment with the roll's effect applied, added up."""
    change = effect(reading)
    points = chips = 0
    for p, c in payments:
        dp, dc = change.apply(p, c)
        points += dp
        chips += dc
    return points, chips


def value(points: int | Fraction, chips: int | Fraction) -> int | Fraction:
    """Points and chips as one number of points (a chip is worth ``CHIP_VALUE``)."""
    return points + CHIP_VALUE * chips


@dataclass(frozen=True, slots=True)
class Odds:
    """The standing reading's distribution, what the winner expects to receive, and the policy.

    ``points`` and ``chips`` are the expected points and chips the winner receives. ``keep[j]``
    is the set of readings the winner keeps when the roll is made with ``j`` re-roll rights
    still in hand; ``keep[0]`` is every reading (the last roll stands). ``keep`` is empty when
    there is no choice (a dama or open win)."""

    distribution: dict[Reading, Fraction]
    points: Fraction
    chips: Fraction
    keep: tuple[frozenset[Reading], ...] = ()

    @property
    def value(self) -> Fraction:
        """The expected points and chips as one number of points."""
        return Fraction(value(self.points, self.chips))


def _odds(distribution: Distribution, payments: list[tuple[int, int]],
          keep: tuple[frozenset[Reading], ...] = ()) -> Odds:
    points = chips = Fraction(0)
    for reading, p in distribution.items():
        dp, dc = received(reading, payments)
        points += p * dp
        chips += p * dc
    return Odds(distribution, points, chips, keep)


def riichi(payments: Payments, rights: int = 0) -> Odds:
    """The odds of a riichi win (two dice) when the winner holds ``rights`` re-roll rights and
    uses them as well as can be: with ``j`` rights left a roll is kept when its value is at
    least the expected value of rolling again with ``j - 1`` rights (a tie is kept)."""
    if rights < 0:
        raise ValueError(f"rights must be 0 or more, not {rights}")
    payments = list(payments)
    once = _two_dice()
    worth = {reading: value(*received(reading, payments)) for reading in once}
    # With no right left: every roll stands.
    keep = [frozenset(once)]
    standing: Distribution = dict(once)
    expected = sum((p * worth[r] for r, p in once.items()), Fraction(0))
    for _ in range(rights):
        kept = frozenset(r for r in once if worth[r] >= expected)
        again = sum((p for r, p in once.items() if r not in kept), Fraction(0))
        new = {r: again * p for r, p in standing.items()}
        for r in kept:
            new[r] = new.get(r, Fraction(0)) + once[r]
        standing = {r: p for r, p in new.items() if p}
        expected = sum((p * (worth[r] if r in kept else expected) for r, p in once.items()),
                       Fraction(0))
        keep.append(kept)
    return _odds(standing, payments, tuple(keep))


def dama(payments: Payments) -> Odds:
    """The odds of a dama or open win (three dice, up to three rolls, no choice)."""
    return _odds(three_dice(), list(payments))


def noten_roll() -> dict[tuple[int, int], Fraction]:
    """The chance of each (points, chips) a noten player's roll of two dice makes them pay to
    each payee (SAI-11); falls that pay the same are added together."""
    out: dict[tuple[int, int], Fraction] = {}
    for reading, p in _two_dice().items():
        pay = noten(reading)
        out[pay] = out.get(pay, Fraction(0)) + p
    return out


def noten_expected() -> tuple[Fraction, Fraction]:
    """The expected points and chips a noten player's roll makes them pay to each payee."""
    dist = noten_roll()
    return (sum((p * pts for (pts, _), p in dist.items()), Fraction(0)),
            sum((p * c for (_, c), p in dist.items()), Fraction(0)))


def compare(payments: Payments, rights: int = 0,
            dama_payments: Payments | None = None) -> dict[str, Fraction]:
    """Riichi (two dice, ``rights`` re-roll rights used as well as can be) and dama (three
    dice) side by side: the expected points, chips and value the winner receives from each,
    the value before any dice, and ``difference`` = riichi's value less dama's. A riichi hand
    is usually worth more than the same hand at dama; pass that hand's payments as
    ``dama_payments`` (the same payments by default)."""
    payments = list(payments)
    r = riichi(payments, rights)
    d = dama(payments if dama_payments is None else list(dama_payments))
    base_points = sum((p for p, _ in payments), 0)
    base_chips = sum((c for _, c in payments), 0)
    return {
        "base_value": Fraction(value(base_points, base_chips)),
        "riichi_points": r.points,
        "riichi_chips": r.chips,
        "riichi_value": r.value,
        "dama_points": d.points,
        "dama_chips": d.chips,
        "dama_value": d.value,
        "difference": r.value - d.value,
    }
