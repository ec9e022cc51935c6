"""SAI-6, SAI-7, SAI-8, SAI-11: the exact odds of the dice (dealer_assist.tables.saikoro.odds).

Exact before simulated: every probability is checked against a count made here by hand or by
enumerating the dice independently, and a seeded simulation then confirms the exact numbers.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.tables.saikoro import odds
from dealer_assist.tables.saikoro.dice import Reading, Result, effect, noten, read

F = Fraction
NONE = Reading(Result.NONE)
PIN = Reading(Result.PIN, 1)
LOW = Reading(Result.LOW)
HIGH = Reading(Result.HIGH)


def point(n: int) -> Reading:
    return Reading(Result.POINT, n)


def triple(n: int) -> Reading:
    return Reading(Result.TRIPLE, n)


def enumerate_dice(n: int) -> dict[Reading, Fraction]:
    """The test's own count of every fall of ``n`` dice."""
    falls = list(product(range(1, 7), repeat=n))
    out: dict[Reading, Fraction] = {}
    for fall in falls:
        out[read(fall)] = out.get(read(fall), F(0)) + F(1, len(falls))
    return out


def worth(reading: Reading, payments) -> int:
    """The test's own value of a roll: each payment with the effect applied, chips at 2,000."""
    total = 0
    for p, c in payments:
        dp, dc = effect(reading).apply(p, c)
        total += dp + 2000 * dc
    return total


def policy_value(keep: list[frozenset[Reading]], payments) -> Fraction:
    """The expected value of a riichi win under any keep/re-roll policy (``keep[j]`` kept with
    ``j`` rights left; everything stands with none), by plain recursion over the 36 falls."""
    falls = list(product(range(1, 7), repeat=2))
    v = F(0)  # with j rights left; j = 0 first, where every roll stands
    for j in range(len(keep)):
        v = sum((F(worth(read(f), payments) if j == 0 or read(f) in keep[j] else v, 36) for f in falls), F(0))
    return v


payments_st = st.lists(st.tuples(st.integers(0, 60_000), st.integers(0, 20)), min_size=0, max_size=3)


# SAI-6: the rolls.

def test_sai_6_two_dice_probabilities_sum_to_one_and_match_hand_counts():
    d = odds.two_dice()
    assert sum(d.values()) == 1
    assert d[PIN] == F(1, 36)
    assert sum(p for r, p in d.items() if r.result is Result.TRIPLE) == F(5, 36)
    assert d[point(6)] == F(10, 36)
    assert d[point(2)] == F(2, 36)
    assert [d[point(n)] for n in range(2, 7)] == [F(2 * (n - 1), 36) for n in range(2, 7)]
    assert point(1) not in d and NONE not in d and LOW not in d and HIGH not in d
    assert d == enumerate_dice(2)


def test_sai_6_three_dice_once_matches_hand_counts_and_enumeration():
    d = odds.three_dice_once()
    assert sum(d.values()) == 1
    assert d[PIN] == F(1, 216)
    assert d[PIN] + sum(p for r, p in d.items() if r.result is Result.TRIPLE) == F(6, 216)
    assert d[HIGH] == F(6, 216)
    assert d[LOW] == F(6, 216)
    # A pair of one of five other numbers, the odd die in one of three places.
    assert all(d[point(n)] == F(15, 216) for n in range(1, 7))
    # All three different (120) less 1-2-3 and 4-5-6.
    assert d[NONE] == F(108, 216) == F(1, 2)
    assert d == enumerate_dice(3)


def test_sai_6_dama_stands_on_the_first_scored_roll_of_three():
    once = enumerate_dice(3)
    d = odds.three_dice()
    assert sum(d.values()) == 1
    assert d[NONE] == once[NONE] ** 3 == F(1, 8)
    miss = once[NONE]
    for r, p in once.items():
        if r != NONE:
            assert d[r] == p * (1 + miss + miss**2)
    assert d[PIN] == F(1, 216) * F(7, 4)


def test_sai_6_dama_distribution_confirmed_by_simulation():
    rng = random.Random(20240602)
    n = 200_000
    counts: dict[Reading, int] = {}
    for _ in range(n):
        for _roll in range(3):
            r = read((rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))
            if r.result is not Result.NONE:
                break
        counts[r] = counts.get(r, 0) + 1
    exact = odds.three_dice()
    assert set(counts) <= set(exact)
    for r, p in exact.items():
        se = math.sqrt(float(p * (1 - p)) / n)
        assert abs(counts.get(r, 0) / n - float(p)) <= 4 * se, (r, counts.get(r, 0) / n, float(p))


# SAI-7: the payments.

def test_sai_7_received_adds_every_payers_payment_with_the_effect():
    payments = [(2000, 1), (1000, 0)]
    assert odds.received(NONE, payments) == (3000, 1)
    assert odds.received(point(4), payments) == (3000 + 8000, 1 + 8)
    assert odds.received(LOW, payments) == (-3000, -1)
    assert odds.received(HIGH, payments) == (6000, 12 + 10)
    assert odds.received(triple(3), payments) == (9000, 12 + 9)
    assert odds.received(PIN, payments) == (15000, 30 + 25)
    assert odds.value(3000, 1) == 5000


def test_sai_7_dama_expectation_by_hand():
    # One payer paying nothing: only the roll's own points and chips count.
    d = odds.three_dice()
    o = odds.dama([(0, 0)])
    assert o.keep == ()
    assert o.distribution == d
    expected_points = sum(p * r.number * 1000 for r, p in d.items() if r.result is Result.POINT)
    expected_chips = (sum(p * r.number for r, p in d.items() if r.result is Result.POINT)
                      + d[HIGH] * 10 + sum(p * 3 * r.number for r, p in d.items() if r.result is Result.TRIPLE)
                      + d[PIN] * 25)
    assert o.points == expected_points
    assert o.chips == expected_chips
    # Each point 15/216 per roll, reached with 7/4: 21000 · 15/216 · 7/4.
    assert o.points == F(21000 * 15 * 7, 216 * 4)


@given(payments_st)
@settings(max_examples=60, deadline=None)
def test_sai_7_expectations_are_the_distribution_weighted_payments(payments):
    for o in (odds.dama(payments), odds.riichi(payments, 2)):
        assert sum(o.distribution.values()) == 1
        assert o.value == sum(p * worth(r, payments) for r, p in o.distribution.items())


def test_sai_7_compare_puts_riichi_and_dama_side_by_side():
    payments = [(4000, 1), (2000, 1)]
    c = odds.compare(payments, 1)
    r, d = odds.riichi(payments, 1), odds.dama(payments)
    assert c["riichi_value"] == r.value == r.points + 2000 * r.chips
    assert c["dama_value"] == d.value
    assert c["difference"] == r.value - d.value
    assert c["base_value"] == 6000 + 2 * 2000
    assert all(isinstance(v, Fraction) for v in c.values())
    other = odds.compare(payments, 1, dama_payments=[(2000, 0), (1000, 0)])
    assert other["dama_value"] == odds.dama([(2000, 0), (1000, 0)]).value
    assert other["riichi_value"] == c["riichi_value"]


# SAI-8: re-roll rights.

def test_sai_8_no_rights_riichi_is_one_roll_of_two_dice():
    o = odds.riichi([(3000, 1), (3000, 1)], 0)
    assert o.distribution == odds.two_dice()
    assert o.keep == (frozenset(odds.two_dice()),)
    assert o.value == sum(p * worth(r, [(3000, 1), (3000, 1)]) for r, p in enumerate_dice(2).items())


def test_sai_8_one_right_by_hand():
    # Nobody pays anything: a roll is worth its own points and chips.
    payments: list[tuple[int, int]] = []
    d = enumerate_dice(2)
    v0 = sum(p * worth(r, [(0, 0)]) for r, p in d.items())
    o = odds.riichi([(0, 0)], 1)
    kept = {r for r in d if worth(r, [(0, 0)]) >= v0}
    assert o.keep[1] == kept
    # By hand: a point n is worth 3,000n, a triple n 6,000n, ピンゾロ 50,000; the average roll
    # is (3000·140 + 6000·20 + 50000)/36 = 590000/36, about 16,389.
    assert v0 == F(590_000, 36)
    assert kept == {point(6), PIN} | {triple(n) for n in range(3, 7)}
    assert o.value == sum(p * max(worth(r, [(0, 0)]), v0) for r, p in d.items())
    # No payer at all: every roll is worth nothing, and every roll (a tie) is kept.
    assert odds.riichi(payments, 1).keep[1] == frozenset(d)


def test_sai_8_the_policy_discards_one_two_three_and_keeps_pinzoro():
    o = odds.riichi([(8000, 2), (8000, 2)], 4)
    assert len(o.keep) == 5
    assert all(PIN in k for k in o.keep)
    assert all(point(2) not in k for k in o.keep[1:])
    # More rights make the winner pickier: each kept set holds the next.
    assert all(o.keep[j] >= o.keep[j + 1] for j in range(1, 4))


@given(payments_st, st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_sai_8_more_rights_never_lower_the_expected_value(payments, rights):
    assert odds.riichi(payments, rights + 1).value >= odds.riichi(payments, rights).value


@given(payments_st, st.integers(0, 3), st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_sai_8_no_policy_beats_the_optimal_one(payments, rights, rnd):
    o = odds.riichi(payments, rights)
    assert policy_value(list(o.keep), payments) == o.value
    readings = sorted(odds.two_dice(), key=repr)
    other = [frozenset(readings)] + [frozenset(r for r in readings if rnd.random() < 0.5) for _ in range(rights)]
    assert policy_value(other, payments) <= o.value


def test_sai_8_riichi_policy_confirmed_by_simulation():
    payments = [(6000, 1), (3000, 1)]
    o = odds.riichi(payments, 2)
    rng = random.Random(8)
    n = 200_000
    counts: dict[Reading, int] = {}
    for _ in range(n):
        left = 2
        while True:
            r = read((rng.randint(1, 6), rng.randint(1, 6)))
            if r in o.keep[left]:
                break
            left -= 1
        counts[r] = counts.get(r, 0) + 1
    for r, p in o.distribution.items():
        se = math.sqrt(float(p * (1 - p)) / n)
        assert abs(counts.get(r, 0) / n - float(p)) <= 4 * se, (r, counts.get(r, 0) / n, float(p))
    assert set(counts) <= set(o.distribution)


def test_sai_8_negative_rights_are_refused():
    with pytest.raises(ValueError):
        odds.riichi([(1000, 0)], -1)


# SAI-11: the noten roll.

def test_sai_11_noten_roll_distribution_and_expectation():
    d = odds.noten_roll()
    assert sum(d.values()) == 1
    assert d == {
        (0, 0): F(6, 36),  # a point of 2 or 3
        (4000, 4): F(6, 36),
        (5000, 5): F(8, 36),
        (6000, 6): F(11, 36),  # a point of 6, and a triple of twos
        (9000, 9): F(1, 36),
        (12000, 12): F(1, 36),
        (15000, 15): F(1, 36),
        (18000, 18): F(1, 36),
        (25000, 25): F(1, 36),
    }
    points, chips = odds.noten_expected()
    assert points == F(209_000, 36)
    assert chips == F(209, 36)
    assert (points, chips) == (sum(F(noten(read(f))[0], 36) for f in product(range(1, 7), repeat=2)),
                               sum(F(noten(read(f))[1], 36) for f in product(range(1, 7), repeat=2)))
