"""Issue 23 at the mahjong and duel tables (`replay --json --odds`): the Saikoro winner's roll
distribution, the Blackjack Gear player's bust chance — and the viewers' gear figures never
depend on a face-down card."""

from __future__ import annotations

import pytest

from dealer_assist import rulesets
from dealer_assist.core.table import Viewpoint
from dealer_assist.replay import replay_text

GEAR = ("ruleset gear\ngear raise placed 2 5 bet:opp:+1\nseat 1 aki\nseat 2 ben\ndeck 1 raise*20\ndeck 2 raise*20\n"
        "first 1\npick 1 raise raise raise\npick 2 raise raise raise\nround\ncards 1 [{a}] 5\ncards 2 [{b}] 6\n")  # fmt: skip


def live(script: str, view: str) -> dict | None:
    result = replay_text(script)
    assert result.ok, result.error_text()
    return rulesets.odds_now(result.session.state, view)


def test_gear_the_referees_bust_chance_counts_the_cards_left():
    # aki 9 5 = 14 against 21: a hit busts on 8 9 T J Q K — 4 + 3 + 3 + 12 = 22 of the 48 left
    assert live(GEAR.format(a="9", b="T"), "dealer")["bust"] == pytest.approx(22 / 48)


def test_gear_the_viewers_bust_chance_is_the_same_whatever_the_face_down_cards_are():
    figures = {live(GEAR.format(a=a, b=b), "players")["bust"] for a, b in (("9", "T"), ("2", "3"), ("K", "A"), ("?", "?"))}
    assert len(figures) == 1


def test_saikoro_the_winners_roll_distribution_is_exact():
    script = "ruleset saikoro\nseat 1 a\nseat 2 b\nseat 3 c\ngame\nron 1 2 mangan\n"  # dama: three dice
    odds = live(script, "players")
    assert sum(odds["roll"].values()) == pytest.approx(1.0) and odds["roll"]["none"] == pytest.approx(1 / 8)
    assert odds == live(script, "dealer") | {"view": "players"}  # nothing at this table is hidden


def test_a_table_without_odds_now_gives_none():
    state = replay_text("ruleset casino\nseat 1 aki\n").session.state
    assert rulesets.odds_now(state, "dealer") is None
    assert rulesets.get("casino").live_odds is not None and Viewpoint("players") is Viewpoint.PLAYERS
