"""SHOE-1 — six decks hold 24 cards of each rank and 6 of each exact card: a card that cannot
still be in the shoe is refused (as One Million refuses an eighth joker, CARD-6); a refill of
the shoe (SHOE-3, SHOE-4) puts the counted cards back."""

from __future__ import annotations

import pytest

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.tables.casino.state import SHOE
from dealer_assist.errors import RuleViolation

SIX = "ruleset casino\n" + "\n".join(f"seat {i} p{i}" for i in range(1, 7))
# round 1: twelve aces to the seats and one to the dealer (9 up, 7 in the hole, then an ace)
ROUND_1 = "\n".join(["game", "deal A A A A A A 9", "deal A A A A A A 7", *(f"{i} st" for i in range(1, 7)),
                     "reveal", "dealer A"])  # fmt: skip


def play(script: str):
    state = rulesets.new_state()
    for line in script.splitlines():
        for cmd in n.parse_line(line):
            state, _ = rulesets.step(state, cmd)
    return state


def refused(state, line: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        for cmd in n.parse_line(line):
            state, _ = rulesets.step(state, cmd)
    return info.value


def test_SHOE_1_a_25th_ace_is_refused_the_24th_is_not():
    state = play(SIX + "\n" + ROUND_1 + "\ngame\ndeal A A A A A A 9\ndeal A A A A A")  # 13 + 11 = 24 aces
    assert state.faces_out["A"] == 24
    error = refused(state, "deal A")
    assert (error.clause, error.key) == ("SHOE-1", "casino.shoe_rank_out")
    assert "24" in error.text("en") and "24" in error.text("ja")
    play_on, _ = rulesets.step(state, n.parse_line("deal 5")[0])  # another rank is fine
    assert play_on.round.dealt == 13 and play_on.faces_out["5"] == 1


def test_SHOE_1_a_seventh_ace_of_spades_is_refused():
    state = play(SIX + "\ngame\ndeal As As As As As As 9")
    error = refused(state, "deal As")
    assert (error.clause, error.key) == ("SHOE-1", "casino.shoe_card_out")
    assert "6" in error.text("en")
    for other in ("deal Ah", "deal A"):  # another suit, or no suit: still in the shoe
        rulesets.step(state, n.parse_line(other)[0])


def test_SHOE_1_a_refused_card_changes_nothing():
    state = play(SIX + "\ngame\ndeal As As As As As As 9")
    before = dict(state.faces_out), state.shoe_left
    refused(state, "deal As")
    assert (dict(state.faces_out), state.shoe_left) == before


def test_SHOE_1_the_hole_card_counts_once_its_face_is_named():
    state = play("ruleset casino\nseat 1 a\ngame\ndeal As 9\ndeal As [?]")
    assert state.faces_out.get("As") == 2  # the hole card is not counted while unknown
    state = play("ruleset casino\nseat 1 a\ngame\ndeal As 9\ndeal As [?]\n1 st\nreveal As")
    assert state.faces_out["As"] == 3 and state.faces_out["A"] == 3


def test_SHOE_1_a_hole_card_named_beyond_the_count_is_refused():
    state = play(SIX + "\ngame\ndeal As As As As As As 9\ndeal 2 3 4 5 6 7 [?]")
    for i in range(1, 7):
        state, _ = rulesets.step(state, n.parse_line(f"{i} st")[0])
    error = refused(state, "reveal As")
    assert (error.clause, error.key) == ("SHOE-1", "casino.shoe_card_out")


def test_SHOE_3_a_reshuffle_puts_the_counted_cards_back():
    state = play(SIX + "\n" + ROUND_1 + "\ngame\ndeal A A A A A A 9\ndeal A A A A A")
    assert state.faces_out["A"] == 24
    state = play(SIX + "\n" + ROUND_1)
    state.shoe_left = 77  # SHOE-3 at the next round: all 312 cards into a new shoe
    state, said = rulesets.step(state, n.parse_line("game")[0])
    assert state.shoe_left == SHOE and "casino.reshuffle" in [r.key for r in said]
    state, _ = rulesets.step(state, n.parse_line("deal A A A A A A A")[0])
    state, _ = rulesets.step(state, n.parse_line("deal A A A A A A")[0])
    assert state.faces_out["A"] == 13
