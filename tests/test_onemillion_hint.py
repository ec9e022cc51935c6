"""Issue 23: ``hint`` at the One Million table — basic strategy's action for the hand on turn
among the actions offered (BASE-4), with the exact expected points behind it, from the public
cards only (the same whatever the hole card is)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.prompt.words import hint_text
from dealer_assist.replay import replay_text

SAMPLE = Path(__file__).resolve().parent.parent / "sample_sessions" / "notation_example.txt"


def _state(hole: str = "[?]"):
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:14]  # box 3 on turn: K 5 against a 6
    text = "\n".join(lines).replace("deal 8 [5] [?]", f"deal 8 [5] {hole}")
    return replay_text(text + "\n").session.state


def test_base_4_hint_gives_basic_strategys_action_and_the_exact_points_behind_it():
    said = hint_text(_state(), "en").splitlines()
    assert said[0] == "BASE-4 · basic strategy: 3 st — 15 against 6: stand (basic strategy)"
    assert said[1].startswith("exact expected points from the public cards: stand −")
    assert "best: stand" in said[1] and "surrender −2,500" in said[1]  # SURR-4: half the 5,000 bet
    ja = hint_text(_state(), "ja").splitlines()
    assert ja[0].startswith("BASE-4・ベーシックストラテジー：3 st") and "最善：スタンド" in ja[1]


@pytest.mark.parametrize("hole", ["[T]", "[4]", "[A]"])
def test_the_hints_figures_do_not_depend_on_the_hole_card(hole):
    assert hint_text(_state(hole), "en") == hint_text(_state(), "en")


def test_there_is_no_cpu_at_one_million_so_hint_and_hint_basic_agree():
    assert hint_text(_state(), "en") == hint_text(_state(), "en", "basic")


def test_no_hand_on_turn_no_advice():
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:10]
    state = replay_text("\n".join(lines) + "\n").session.state
    assert hint_text(state, "en").startswith("no decision to advise now")
