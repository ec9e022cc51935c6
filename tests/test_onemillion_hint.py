"""Issue 23: ``hint`` at the One Million table — basic strategy's action for the hand on turn
among the actions offered (BASE-4), with the exact expected points behind it, from the public
cards only (the same whatever the hole card is)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.prompt.words import hint_text
from dealer_assist.replay import replay_text

SAMPLE = Path(__file__).resolve().parent.parent / "sample_sessions" / "notation_example.txt"


def hint(state, lang: str = "en", query: str = "") -> str:
    """``hint`` once its figures are worked out (the prompt waits a second for them; a slower
    first computation finishes in the hint's thread, and then they come at once)."""
    from dealer_assist.tables.onemillion.hint import _worker

    hint_text(state, lang, query)
    _worker().submit(lambda: None).result()  # the figures' thread is done
    return hint_text(state, lang, query)


def _state(hole: str = "[?]"):
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:14]  # box 3 on turn: K 5 against a 6
    text = "\n".join(lines).replace("deal 8 [5] [?]", f"deal 8 [5] {hole}")
    return replay_text(text + "\n").session.state


def test_base_4_hint_gives_basic_strategys_action_and_the_exact_points_behind_it():
    said = hint(_state(), "en").splitlines()
    assert said[0] == "BASE-4 · basic strategy: 3 st — 15 against 6: stand (basic strategy)"
    assert said[1].startswith("exact expected points from the public cards: stand −")
    assert "best: stand" in said[1] and "surrender −2,500" in said[1]  # SURR-4: half the 5,000 bet
    ja = hint(_state(), "ja").splitlines()
    assert ja[0].startswith("BASE-4・ベーシックストラテジー：3 st") and "最善：スタンド" in ja[1]


@pytest.mark.parametrize("hole", ["[T]", "[4]", "[A]"])
def test_the_hints_figures_do_not_depend_on_the_hole_card(hole):
    assert hint(_state(hole), "en") == hint(_state(), "en")


def test_there_is_no_cpu_at_one_million_so_hint_and_hint_basic_agree():
    assert hint(_state(), "en") == hint(_state(), "en", "basic")


def test_no_hand_on_turn_no_advice():
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:10]
    state = replay_text("\n".join(lines) + "\n").session.state
    assert hint_text(state, "en").startswith("no decision to advise now")


def test_a_slow_computation_answers_at_once_without_the_figures(monkeypatch):
    from dealer_assist.tables.onemillion import hint as om_hint

    monkeypatch.setattr(om_hint, "WAIT", 0.0)
    said = hint_text(_state("[9]"), "en").splitlines()
    assert said[0].startswith("BASE-4 · basic strategy: 3 st")
    assert said[1] == "the exact values are still being worked out: ask hint again in a moment"
    om_hint._worker().submit(lambda: None).result()
