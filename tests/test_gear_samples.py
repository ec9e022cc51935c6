"""Blackjack Gear's golden sample sessions (sample_sessions/gear_*.txt), their figures worked by
hand (the full JSON of each is checked by test_samples_cli against its .json)."""

from __future__ import annotations

from pathlib import Path

from dealer_assist import rulesets
from dealer_assist.replay import replay_text
from dealer_assist.tables.gear import catalog

SAMPLES = Path(__file__).parent.parent / "sample_sessions"


def data(name: str) -> dict:
    result = replay_text((SAMPLES / f"gear_{name}.txt").read_text(encoding="utf-8"))
    assert result.ok, result.error_text()
    return rulesets.to_json(result.session.state)


def test_gear_6_the_match_sample_ends_at_hp_0_with_every_primitive():
    d = data("match")
    assert d["status"] == "over" and d["winner"] == 1 and [p["hp"] for p in d["players"]] == [4, 0]
    # round by round: ben -1 (20 v 16, goal 20), aki -1 (goal 23: 21 v 22), ben -1 (18 v 14), a draw
    # (20 v 20; ben healed 1 and was hurt 1 by gears), ben -3 (his bet 1 + max-bet's 2, kept after removal)
    assert [(r["kind"], r["loser"], r["lost"], r["goal"]) for r in d["log"]] == [
        ("showdown", 2, 1, 20), ("showdown", 1, 1, 23), ("showdown", 2, 1, 21), ("draw", None, 0, 21),
        ("showdown", 2, 3, 21)]  # fmt: skip
    used = {line.split()[2] for line in (SAMPLES / "gear_match.txt").read_text(encoding="utf-8").splitlines()
            if line.startswith("use ")}  # fmt: skip
    gears = {g.name: g for g in catalog.read(catalog.EXAMPLE)}
    assert {e.kind for name in used for e in gears[name].effects} == {
        "bet", "goal", "remove", "block", "draw", "return", "heal", "damage"}  # fmt: skip


def test_gw_5_the_joker_sample():
    d = data("joker")
    first = d["log"][0]
    assert first["kind"] == "joker" and first["loser"] == 1 and first["hp"] == [4, 5]
    assert d["trumps_left"] == 52 and d["round"] == 2  # shuffled again for round 2 (GR-1)


def test_gw_3_the_double_bust_sample():
    d = data("double_bust")
    record = d["log"][0]
    assert record["totals"] == {"1": 26, "2": 23} and record["loser"] == 1 and record["lost"] == 2


def test_gw_4_the_draw_sample():
    d = data("draw")
    record = d["log"][0]
    assert record["kind"] == "draw" and record["totals"] == {"1": 18, "2": 18} and record["hp"] == [5, 5]
    assert record["cards"]["1"] == ["9", "9"]  # the face-down card named at the showdown (flip)
