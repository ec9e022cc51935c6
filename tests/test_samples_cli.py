"""Golden sample sessions, and the `replay` command as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SCRIPTS = sorted(SAMPLES.glob("*.txt"))


def replay_json(path: Path) -> dict:
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_sample_session_replays_to_its_expected_json(script):
    expected = json.loads(script.with_suffix(".json").read_text(encoding="utf-8"))
    assert replay_json(script) == expected


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_sample_json_follows_the_public_schema(script):
    from dealer_assist.schema import validate

    validate(replay_json(script))


def test_schema_command_prints_the_json_schema():
    result = CliRunner().invoke(cli, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["title"] == "Quest" and "log" in schema["properties"]


def test_at_least_five_samples():
    assert len(SCRIPTS) >= 5


def test_notation_example_matches_notation_md():
    data = replay_json(SAMPLES / "notation_example.txt")
    assert data["hp"] == 975_000 and data["announce"] == 1_000_000
    assert data["boxes"]["1"]["points"] == 120_000 and data["boxes"]["3"]["points"] == 55_000
    assert data["log"][0]["dealer"] == {"cards": ["6", "[T]"], "total": 16, "bust": False, "blackjack": False}
    assert [e["hp"] for e in data["log"][0]["ledger"]] == [980_000, 975_000]


def test_quest_success_sample():
    data = replay_json(SAMPLES / "quest_success.txt")
    assert (data["status"], data["reason"], data["reward"]) == ("success", "hp_zero", "Gold Treasure Box")
    assert data["games"] == 3 and data["hp"] == 0
    assert [e["hp"] for e in data["log"][1]["ledger"]] == [155_000, 165_000, 135_000, 115_000, 75_000]


def test_quest_failure_sample():
    data = replay_json(SAMPLES / "quest_failure.txt")
    assert (data["status"], data["reason"]) == ("failure", "below_threshold")
    assert {b: x["points"] for b, x in data["boxes"].items()} == {"1": 4_990, "3": 9_000, "5": 5}


def test_recovery_and_empty_shoe_sample():
    data = replay_json(SAMPLES / "recovery_and_empty_shoe.txt")
    assert (data["status"], data["reason"]) == ("failure", "shoe_empty")
    assert data["log"][1]["ledger"][-1]["rule"] == "HEAL-2"
    assert data["jokers"] == {"players": 1, "dealer": 1}
    assert data["hp"] == 485_000


def test_replay_prints_rulings_with_clauses_and_ledgers():
    result = CliRunner().invoke(cli, ["replay", str(SAMPLES / "notation_example.txt")])
    assert result.exit_code == 0
    assert "DRAW-2" in result.output and "STAND" in result.output
    assert "game 1 ledger" in result.output and "975,000" in result.output


def test_replay_refused_line_exits_2_and_names_line_and_clause(tmp_path):
    script = tmp_path / "bad.txt"
    text = (SAMPLES / "notation_example.txt").read_text(encoding="utf-8")
    text = text.replace("bet 3 5k", "bet 3 49500")
    script.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(script), "--json"])
    assert result.exit_code == 2
    assert result.stderr.startswith("line 11: BET-3:")
    data = json.loads(result.stdout)  # the state before the refused line
    assert data["log"][0]["hands"][0]["bet"] == 20_000 and data["phase"] == "bets"


def test_replay_parse_error_exits_2(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("quest normal\ndice 2 5\nseat 1 aki 100k\ngame\nbet 1 20kk\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(script)])
    assert result.exit_code == 2
    assert result.stderr.startswith("line 5: cannot read '20kk' as an amount")


def test_help_starts_without_the_engine_or_rich():
    code = (
        "import sys\n"
        "from dealer_assist.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('dealer_assist.tables.onemillion', 'rich', 'pydantic', 'sqlite_utils') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "HEAVY []" in out
    assert "replay" in out


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "dealer_assist", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and "dealer-assist" in out.stdout


def test_every_command_has_help():
    for name, command in cli.commands.items():
        assert command.help, name


def test_jokers_sample():
    data = replay_json(SAMPLES / "jokers.txt")
    assert (data["status"], data["reason"]) == ("failure", "joker")
    assert data["jokers"] == {"players": 7, "dealer": 7}
    assert data["log"][2]["hands"][0]["result"] == "joker"
    assert data["log"][3]["ledger"] == [
        {"step": "A", "hand": "3", "points": 30000, "damage": 30000, "heal": 0, "hp": data["hp"], "rule": "SET-A"}
    ]


def test_dealer_skills_sample():
    data = replay_json(SAMPLES / "dealer_skills.txt")
    assert data["log"][0]["lock"] == [2, 4]
    assert data["log"][1]["lock"] == [1]
    assert [h["result"] for h in data["log"][1]["hands"]] == ["forced_push", "blackjack", "nobet", "forced_push"]


def test_guild_skills_sample():
    data = replay_json(SAMPLES / "guild_skills.txt")
    under = data["log"][0]["hands"][0]
    assert (under["result"], under["ratio"]) == ("under", 4.5)
    assert data["mp"] == 0 and data["hp"] == 705_000
    assert [h["bet"] for h in data["log"][1]["hands"]] == [120_000, 20_000, 10_000]


def test_extreme_445_sample():
    data = replay_json(SAMPLES / "extreme_445.txt")
    assert (data["status"], data["reward"]) == ("success", "Platinum Treasure Box")
    assert data["boxes"]["5"] == {"player": "chika", "points": 0, "bankrupt": True, "streak": 3, "yellow": 0}
    rules = [e["rule"] for g in data["log"] for e in g["ledger"]]
    assert rules.count("DSK-5") == 2 and rules.count("DSK-4") == 1
