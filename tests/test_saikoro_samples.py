"""Saikoro's golden sample sessions (sample_sessions/saikoro_*.txt), their figures worked by hand
(the full JSON of each is checked by test_samples_cli against its .json)."""

from __future__ import annotations

from pathlib import Path

from dealer_assist import rulesets
from dealer_assist.replay import replay_text

SAMPLES = Path(__file__).parent.parent / "sample_sessions"


def data(name: str) -> dict:
    result = replay_text((SAMPLES / f"saikoro_{name}.txt").read_text(encoding="utf-8"))
    assert result.ok, result.error_text()
    return rulesets.to_json(result.session.state)


def score(d: dict) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["points"], p["chips"]) for p in d["players"]}


def test_sai_5_the_double_ron_bust_sample():
    # aki's dealer mangan 12,000 × 2 (456) and ben's haneman 12,000 × 3 (triple fives) off chika:
    # chika at -10,000 pays 2 chips to each; the stick to aki, first in turn (HOUSE-6); the game ends
    d = data("double_ron_bust")
    assert d["status"] == "over" and len(d["log"]) == 1
    final = {r["name"]: (r["points"], r["uma"], r["chips"], r["total_points"], r["total_chips"]) for r in d["final"]}
    assert final == {"ben": (85_000, 10, 27, 89_000, "44.5"), "aki": (75_000, 10, 22, 69_000, "34.5"),
                     "chika": (-10_000, -20, -49, -158_000, "-79")}  # fmt: skip


def test_sai_11_the_noten_sample():
    d = data("noten")
    assert d["status"] == "over" and [h["kind"] for h in d["log"]] == ["draw"] * 6
    # the last draw: ben, at 14,000, pays 18,000 and 18 chips to each and goes below zero (a bust prize each)
    assert d["log"][-1]["bust_prizes"] == [{"payer": 2, "payee": 1, "chips": 2}, {"payer": 2, "payee": 3, "chips": 2}]
    assert {r["name"]: r["points"] for r in d["final"]} == {"chika": 120_000, "aki": 52_000, "ben": -22_000}


def test_sai_12_the_chombo_sample():
    d = data("chombo")
    # the chombo: 30 chips to aki and ben, the sticks back; then ben's 3h30 tsumo without tsumo loss,
    # triple twos: aki (2,000 + 500) × 3, chika (1,000 + 500) × 3, (0 + 2) × 3 chips from each
    assert score(d) == {"aki": (42_500, 24), "ben": (62_000, 42), "chika": (45_500, -66)}
    assert d["log"][0]["kind"] == "chombo" and d["log"][1]["kyoku"] == 1 and d["log"][1]["honba"] == 0


def test_sai_13_the_four_player_sample():
    d = data("four_players")
    assert score(d) == {"aki": (40_000, -70), "ben": (51_000, 3), "chika": (44_000, 28), "dai": (65_000, 39)}
    assert [h["dealer"] for h in d["log"]] == [1, 2, 3, 3]
    assert d["sitting_out"] == 2  # chika deals East 3: ben, before her, sits out


def test_sai_7_the_hanchan_sample_has_every_result_of_the_dice():
    d = data("hanchan")
    results = {w["result"]["result"] for h in d["log"] for w in h["wins"]}
    assert results == {"none", "point", "123", "456", "triple", "pinzoro"}
    assert d["status"] == "over" and d["hands"] == 10
