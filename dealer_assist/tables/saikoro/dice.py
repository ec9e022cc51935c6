"""SAI-6, SAI-7, SAI-11: what a roll of the dice (チンチロ) is, and what it pays.

Three dice are read as チンチロ reads them: three alike are a triple (ゾロ目; three ones are
ピンゾロ), 1-2-3 and 4-5-6 are themselves, a pair and an odd die give a point (目, the odd die),
anything else has no point (目無し). Two dice (少サイ) are read as the sheet leaves open and
``docs/decisions.md`` decides: two alike are a triple (two ones ピンゾロ), two different dice give
a point, the higher die; 1-2-3, 4-5-6 and 目無し cannot be rolled with two.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Result(StrEnum):
    NONE = "none"  # 目無し
    POINT = "point"  # a point 1–6
    LOW = "123"  # 1-2-3
    HIGH = "456"  # 4-5-6
    TRIPLE = "triple"  # ゾロ目
    PIN = "pinzoro"  # ピンゾロ


@dataclass(frozen=True, slots=True)
class Reading:
    result: Result
    number: int = 0  # the point, or the triple's number

    @property
    def scored(self) -> bool:
        """Whether the roll stands at a dama or open win (SAI-6 「最初に出た目を採用」: the
        first roll with a result, anything but 目無し)."""
        return self.result is not Result.NONE


def read(dice: tuple[int, ...]) -> Reading:
    """The roll's reading (SAI-7)."""
    if len(dice) == 2:
        a, b = sorted(dice)
        if a == b:
            return Reading(Result.PIN, 1) if a == 1 else Reading(Result.TRIPLE, a)
        return Reading(Result.POINT, b)
    a, b, c = sorted(dice)
    if a == c:
        return Reading(Result.PIN, 1) if a == 1 else Reading(Result.TRIPLE, a)
    if (a, b, c) == (1, 2, 3):
        return Reading(Result.LOW)
    if (a, b, c) == (4, 5, 6):
        return Reading(Result.HIGH)
    if a == b:
        return Reading(Result.POINT, c)
    if b == c:
        return Reading(Result.POINT, a)
    return Reading(Result.NONE)


@dataclass(frozen=True, slots=True)
class Effect:
    """What a reading does to one payer's payment of a win (SAI-7): the points (本場 included)
    times ``times``, plus ``points``; the chips plus ``chips``, the sum times ``times``; or, at
    1-2-3, the same payment turned round (``times = -1``)."""

    times: int
    points: int = 0
    chips: int = 0

    def apply(self, points: int, chips: int) -> tuple[int, int]:
        return points * self.times + self.points, (chips + self.chips) * self.times


def effect(reading: Reading) -> Effect:
    match reading.result:
        case Result.NONE:
            return Effect(1)
        case Result.POINT:
            return Effect(1, reading.number * 1000, reading.number)
        case Result.LOW:
            return Effect(-1)
        case Result.HIGH:
            return Effect(2, 0, 5)
        case Result.TRIPLE:
            return Effect(3, 0, reading.number)
        case _:
            return Effect(5, 0, 5)


def noten(reading: Reading) -> tuple[int, int]:
    """SAI-11: what a noten player's roll makes them pay, (points, chips) to each payee: a point
    of 4 to 6 its number in chips and ×1,000 in points (a point of 1 to 3 pays nothing: the
    sheet's "4～6"), 4-5-6 10 and 10,000, a triple its number ×3 and ×3,000, ピンゾロ 25 and
    25,000; 1-2-3 and 目無し nothing."""
    n = reading.number
    match reading.result:
        case Result.POINT:
            return (n * 1000, n) if n >= 4 else (0, 0)
        case Result.HIGH:
            return 10_000, 10
        case Result.TRIPLE:
            return n * 3000, n * 3
        case Result.PIN:
            return 25_000, 25
        case _:
            return 0, 0
