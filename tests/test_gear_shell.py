"""The Blackjack Gear table through the shell, as a referee runs it: import a sample, verify it,
audit a round (the clause quoted in both languages), report it in every format, export it and
replay the export, the JSON Schema, help per command, a catalogue checked from the command
line, the overlay's picture (no face-down card, no gear in hand)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import rulesets
from dealer_assist.cli import cli
from dealer_assist.i18n import text
from dealer_assist.replay import replay_text

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
MATCH = SAMPLES / "gear_match.txt"
EXAMPLE = Path(__file__).parent.parent / "dealer_assist" / "tables" / "gear" / "data" / "example_gears.toml"


def invoke(*args: str, width: int = 200):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, terminal_width=width)


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("gear") / "g.db")
    result = invoke("import", str(MATCH), "--session", "duel", "--db", db)
    assert result.exit_code == 0, result.output
    return db


def test_verify_and_audit_quote_the_clause_in_both_languages(stored):
    assert invoke("verify", "duel", "--db", stored).exit_code == 0
    en = invoke("audit", "duel", "--db", stored, "--game", "1")
    ja = invoke("audit", "duel", "--db", stored, "--game", "1", "--lang", "ja")
    assert en.exit_code == 0 and ja.exit_code == 0, en.output + ja.output
    assert "GEAR-5" in en.output and "GEAR-5" in ja.output and "ショーダウン" in ja.output


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "csv", "json"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_in_every_format(stored, fmt, lang):
    result = invoke("report", "duel", "--db", stored, "--format", fmt, "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    if fmt == "json":
        data = json.loads(out)
        assert data["ruleset"] == "gear" and data["winner"] == 1 and data["chain"]["ok"]
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert len(rows) == 1 + 5  # a row per round under the header
    else:
        assert text("gear.report.rounds", lang) in out and "aki" in out
    if fmt == "html":
        assert "<svg" in out and "hp-chart" in out


def test_export_replays_to_the_same_state(stored, tmp_path):
    out = tmp_path / "export.txt"
    assert invoke("export", "duel", "--db", stored, "-o", str(out)).exit_code == 0
    again = replay_text(out.read_text(encoding="utf-8"))
    original = replay_text(MATCH.read_text(encoding="utf-8"))
    assert again.ok and rulesets.to_json(again.session.state) == rulesets.to_json(original.session.state)


def test_schema_of_the_table():
    schema = json.loads(invoke("schema", "--ruleset", "gear").output)
    assert schema["title"] == "GearGame" and "players" in schema["properties"]


def test_help_per_command_at_the_table():
    from dealer_assist.prompt.words import help_text

    state = replay_text("ruleset gear\n").session.state
    assert "GC-2" in help_text(state, "en", "use") and "use 1 raise" in help_text(state, "en", "use")


def test_gc_1_a_catalogue_is_checked_and_turned_into_lines_from_the_command_line(tmp_path):
    run = [sys.executable, "-m", "dealer_assist.tables.gear.catalog"]
    good = subprocess.run([*run, str(EXAMPLE)], capture_output=True, text=True, timeout=60)
    assert good.returncode == 0 and good.stdout.splitlines()[0] == "gear raise placed 2 5 bet:opp:+1"
    bad = tmp_path / "bad.toml"
    bad.write_text('[[gear]]\nname = "x"\nkind = "placed"\npp = 2\neffects = ["goal:*3"]\n', "utf-8")
    refused = subprocess.run([*run, str(bad), "--lang", "ja"], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "1行目" in refused.stderr and "Traceback" not in refused.stderr


def test_gear_2_the_overlay_picture_shows_no_face_down_card_and_no_gear_in_hand():
    from dealer_assist.overlay import Feed

    lines = MATCH.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("use 1 raise"))
    session = replay_text("\n".join(lines[:cut + 1])).session
    feed = Feed(db_path=Path("unused.db"), name="duel", session=session)
    picture = rulesets.screens(session.state).picture(feed, "ja")
    shown = json.dumps(picture, ensure_ascii=False)
    assert [b["hands"][0]["cards"][0] for b in picture["boxes"]] == ["[?]", "[?]"]
    assert "[9]" not in shown and "[T]" not in shown  # aki's and ben's face-down cards
    assert "guard" not in shown and "breaker" not in shown  # aki's gears in hand
    assert picture["boxes"][1]["bet_text"] == "2" and "raise" in picture["boxes"][0]["player"]
