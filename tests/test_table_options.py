"""A table's rules as parameters (``Ruleset.options``): the casino table is a configuration of
plain blackjack — its figures are read from one frozen record — and the shared dealer hits or
stands on a soft 17 as the table says (DEALER-2: S17)."""

from __future__ import annotations

import dataclasses

import pytest

from dealer_assist import rulesets
from dealer_assist.cards import Card, total
from dealer_assist.core.dealer import must_hit
from dealer_assist.tables.casino import state as casino_state
from dealer_assist.tables.casino.options import OPTIONS, Options


def test_DEALER_2_the_plain_dealer_stands_on_soft_17_and_an_h17_dealer_hits_it():
    soft_17, hard_17, soft_18 = total([Card("A"), Card("6")]), total([Card("T"), Card("7")]), total([Card("A"), Card("7")])
    assert not must_hit(soft_17) and not must_hit(hard_17) and must_hit(total([Card("T"), Card("6")]))
    assert must_hit(soft_17, hits_soft_17=True)
    assert not must_hit(hard_17, hits_soft_17=True) and not must_hit(soft_18, hits_soft_17=True)


def test_the_casino_table_is_a_configuration_read_from_one_record():
    assert rulesets.get("casino").options is OPTIONS and not OPTIONS.dealer_hits_soft_17
    assert (casino_state.CHIPS, casino_state.BET, casino_state.ROUNDS, casino_state.SEATS) == (100, 10, 5, 6)
    assert (casino_state.DECKS, casino_state.SHOE, casino_state.MAX_HANDS) == (6, 312, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        OPTIONS.decks = 8  # type: ignore[misc]
    assert Options(decks=8).decks == 8 and OPTIONS.decks == 6
