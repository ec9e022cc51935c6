"""Basic strategy as blackjack knowledge in ``core.strategy`` (issue 19): the chart both tables'
players read — the casino's ``hint basic`` and simulator (``tables.casino.cpu``, which answers
with its PLAY clauses) and One Million's quest simulator."""

from __future__ import annotations

from itertools import combinations

import pytest

from dealer_assist.cards import Card
from dealer_assist.core import strategy
from dealer_assist.tables.casino import cpu

RANKS = "A 2 3 4 5 6 7 8 9 T".split()
ALL = ("ht", "st", "dd", "sp", "sr")
OFFERS = [c for k in range(1, 6) for c in combinations(ALL, k) if "ht" in c and "st" in c]


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


@pytest.mark.parametrize("hand, up, offered, expected", [
    ("T 6", "T", ALL, ("sr", "R", "basic.reason.surrender")),
    ("T 6", "T", ("ht", "st"), ("ht", "R", "basic.reason.hit")),  # surrender not offered: hit
    ("A 7", "3", ("ht", "st"), ("st", "d", "basic.reason.stand")),  # soft 18: double, else stand
    ("A 7", "3", ALL, ("dd", "d", "basic.reason.double")),
    ("6 5", "T", ("ht", "st"), ("ht", "D", "basic.reason.hit")),  # 11: double, else hit
    ("8 8", "A", ALL, ("sp", "P", "basic.reason.split")),
    ("8 8", "A", ("ht", "st", "sr"), ("sr", "R", "basic.reason.surrender")),  # no split: a hard 16
    ("5 5", "9", ALL, ("dd", "D", "basic.reason.double")),  # 5-5 plays as a 10
    ("T 2", "4", ALL, ("st", "S", "basic.reason.stand")),
    ("T 2", "2", ALL, ("ht", "H", "basic.reason.hit")),
])  # fmt: skip
def test_basic_strategy_reads_the_chart_in_order(hand, up, offered, expected):
    assert strategy.basic_decision(cards(hand), Card(up), offered) == expected


def test_the_casino_answers_with_the_play_clause_of_the_action():
    for a, b in combinations(RANKS, 2):
        for up in RANKS:
            for offered in OFFERS:
                action, _, reason = strategy.basic_decision(cards(f"{a} {b}"), Card(up), offered)
                assert cpu.basic_decision(cards(f"{a} {b}"), Card(up), offered) == \
                    (action, cpu.PLAY_CLAUSE[action], reason)  # fmt: skip


def test_the_up_card_and_pairs_as_the_chart_reads_them():
    assert [strategy.up_value(Card(r)) for r in ("2", "9", "T", "Q", "A", "JK")] == [2, 9, 10, 10, 11, 11]
    assert strategy.pair_value(cards("K Q")) == 10 and strategy.pair_value(cards("A A")) == 11
    assert strategy.pair_value(cards("8 9")) == 0 and strategy.pair_value(cards("8 8 8")) == 0
    assert strategy.chart(cards("8 8"), Card("T")) == "P" and strategy.chart(cards("T T"), Card("6")) == "S"
