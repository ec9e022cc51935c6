"""SETUP — `seat N` for a box already seated replaces its player: the tool says so (the clause,
who was replaced), and once the box has played (the first game started) it is refused, naming
the player who keeps the box."""

from __future__ import annotations

import pytest

from helpers import rulings

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.errors import RuleViolation
from dealer_assist.replay import replay_text

SETUP = "quest easy\ndice 6\nseat 2 ben 100k\n"


def test_SETUP_a_second_seat_for_a_box_says_who_it_replaces():
    assert ("SETUP", "setup.seat_replaced") not in rulings(SETUP + "seat 3 chika 100k")  # a first seat: none
    assert ("SETUP", "setup.seat_replaced") in rulings(SETUP + "seat 2 chika 100k")
    result = replay_text(SETUP + "seat 2 chika 100k")
    ruling = next(r for line in result.lines for o in line.outcomes for r in o.rulings
                  if r.key == "setup.seat_replaced")  # fmt: skip
    assert ruling.clause == "SETUP"
    en, ja = ruling.text("en"), ruling.text("ja")
    assert "chika" in en and "ben" in en and "replaces" in en
    assert "chika" in ja and "ben" in ja and "2番ボックス" in ja
    state = result.session.state
    assert state.boxes[2].player == "chika" and "ben" not in state.yellow  # ben never sat down to play


def test_SETUP_a_replaced_player_kept_at_another_box_is_still_named():
    result = replay_text("quest easy\ndice 6\nseat 1 ben 50k\nseat 2 ben 50k\nseat 2 chika 100k\n")
    state = result.session.state
    assert "ben" in state.yellow and state.boxes[1].player == "ben"
    said = [r for line in result.lines for o in line.outcomes for r in o.rulings if r.key == "setup.seat_replaced"]
    assert [r.params["was"] for r in said] == ["ben"]


def test_SETUP_once_the_box_has_played_a_new_seat_is_refused_naming_its_player():
    state = replay_text(SETUP + "game\n").session.state
    with pytest.raises(RuleViolation) as info:
        rulesets.step(state, n.parse_line("seat 2 chika 100k")[0])
    assert (info.value.clause, info.value.key) == ("SETUP", "setup.seat_played")
    assert "ben" in info.value.text("en") and "chika" in info.value.text("en")
    assert "ben" in info.value.text("ja") and "2番ボックス" in info.value.text("ja")
    assert state.boxes[2].player == "ben"
