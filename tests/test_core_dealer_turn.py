"""The dealer's turn written once (``core.dealer.turn``, issue 19), with the table's rule as a
parameter: the casino's plain S17 dealer (DEALER-2/3) and One Million's DRAW-5 / BASE-8 / BASE-10,
each table's turn being that one function with its own ``DealerRules``."""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card
from dealer_assist.core import dealer
from dealer_assist.core.hand import Hand
from dealer_assist.core.step import Ruling, Work
from dealer_assist.tables.casino import dealer as casino_dealer
from dealer_assist.tables.onemillion import flow


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


def run(rules: dealer.DealerRules, up: str, *outcomes: str) -> tuple[list[Ruling], list[str]]:
    """The turn with hands of ``outcomes`` against the dealer's ``up`` cards: the rulings, and
    what followed (``settle`` or ``draw``)."""
    after: list[str] = []
    rules = dealer.DealerRules(no_draw=rules.no_draw, bust=rules.bust, stops=rules.stops,
                               settle=lambda t: after.append("settle"), draws=lambda t: after.append("draw"))
    t = Work(None)
    hands = [Hand(box=i + 1, outcome=o) for i, o in enumerate(outcomes)]
    dealer.turn(t, hands, cards(up), rules)
    return t.rulings, after


CASINO = casino_dealer.RULES
MILLION = flow.DEALER_RULES


@pytest.mark.parametrize("rules, clause, key", [(CASINO, "DEALER-3", "casino.no_draw"),
                                                (MILLION, "BASE-10", "dealer.no_draw")])
def test_no_live_hand_no_draw_then_settlement(rules, clause, key):
    rulings, after = run(rules, "T 6", "bust", "surrender", "blackjack")
    assert rulings == [Ruling(clause, key)] and after == ["settle"]


def test_box_2_a_burned_box_standing_is_no_hand_to_compare():
    t = Work(None)
    after: list[str] = []
    rules = dealer.DealerRules(no_draw=MILLION.no_draw, bust=MILLION.bust, stops=MILLION.stops,
                               settle=lambda t: after.append("settle"), draws=lambda t: after.append("draw"))
    dealer.turn(t, [Hand(box=1, outcome="stand", nobet=True)], cards("T 6"), rules)
    assert t.rulings == [Ruling("BASE-10", "dealer.no_draw")] and after == ["settle"]


@pytest.mark.parametrize("rules, clause, key", [(CASINO, "DEALER-2", "casino.dealer_bust"),
                                                (MILLION, "BASE-8", "dealer.bust")])
def test_a_bust_dealer_settles_with_the_total(rules, clause, key):
    rulings, after = run(rules, "T 6 9", "stand")
    assert rulings == [Ruling(clause, key, {"total": 25})] and after == ["settle"]


@pytest.mark.parametrize("up", ["T 7", "A 6", "9 8", "T 5 6"])
def test_dealer_2_the_casino_dealer_stands_on_every_17_and_more(up):
    rulings, after = run(CASINO, up, "stand")
    assert [(r.clause, r.key) for r in rulings] == [("DEALER-2", "casino.dealer_stands")]
    assert after == ["settle"]


@pytest.mark.parametrize("up", ["T 6", "A 5", "2 3"])
def test_dealer_2_the_casino_dealer_draws_below_17(up):
    assert run(CASINO, up, "stand") == ([], ["draw"])


def test_draw_5_one_million_stops_by_itself_only_at_a_hard_21():
    assert run(MILLION, "T 5 6", "stand") == ([Ruling("DRAW-5", "dealer.hard21")], ["settle"])
    # a soft 21, a 17, a 20: DRAW decides card by card (``next``)
    for up in ("A T", "T 7", "A 6", "T K"):
        assert run(MILLION, up, "stand") == ([], ["draw"]), up
