"""The Saikoro table through the shell, as a scorekeeper runs it: import a sample, verify it,
audit a hand (the clause quoted in both languages), report it in every format, export it and
replay the export, the JSON Schema, the rulebook, help per command, the overlay's picture."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import rulebook, rulesets
from dealer_assist.cli import cli
from dealer_assist.i18n import text
from dealer_assist.replay import replay_text

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
HANCHAN = SAMPLES / "saikoro_hanchan.txt"
BOOK = "dealer_assist.tables.saikoro/SAIKORO"


def invoke(*args: str, width: int = 200):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False, terminal_width=width)
    return result


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("saikoro") / "s.db")
    result = invoke("import", str(HANCHAN), "--session", "運王", "--db", db)
    assert result.exit_code == 0, result.output
    return db


def test_the_rulebook_has_every_clause_the_rules_cite_in_both_languages():
    cited = {"SAI-%d" % i for i in range(1, 15)} | {"HOUSE-%d" % i for i in range(1, 7)}
    en, ja = rulebook.clauses("en", book=BOOK), rulebook.clauses("ja", book=BOOK)
    assert set(en) == set(ja) == cited
    assert "チンチロ" in ja["SAI-6"] and "ピンゾロ" in ja["SAI-7"]


def test_rules_command_prints_a_clause_in_japanese():
    result = invoke("rules", "SAI-7", "--table", "saikoro", "--lang", "ja")
    assert result.exit_code == 0 and "ピンゾロ" in result.output


def test_verify_and_audit_quote_the_clause_in_both_languages(stored):
    result = invoke("verify", "運王", "--db", stored)
    assert result.exit_code == 0, result.output
    en = invoke("audit", "運王", "--db", stored, "--game", "1")
    ja = invoke("audit", "運王", "--db", stored, "--game", "1", "--lang", "ja")
    assert en.exit_code == 0 and ja.exit_code == 0, en.output + ja.output
    assert "SAI-7" in en.output and rulebook.clause("SAI-7", "en", book=BOOK).splitlines()[0][:40] in en.output
    assert "SAI-7" in ja.output and "出目" in ja.output


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "csv", "json"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_in_every_format(stored, fmt, lang):
    result = invoke("report", "運王", "--db", stored, "--format", fmt, "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    if fmt == "json":
        data = json.loads(out)
        assert data["ruleset"] == "saikoro" and data["final"][0]["name"] == "ben" and data["chain"]["ok"]
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert len(rows) == 1 + 10 * 3  # a row per hand and player, under the header
    else:
        assert text("saikoro.report.final", lang) in out and "ben" in out
    if fmt == "html":
        assert "<svg" in out and "points-chart" in out


def test_export_replays_to_the_same_state(stored, tmp_path):
    out = tmp_path / "export.txt"
    result = invoke("export", "運王", "--db", stored, "-o", str(out))
    assert result.exit_code == 0, result.output
    again = replay_text(out.read_text(encoding="utf-8"))
    original = replay_text(HANCHAN.read_text(encoding="utf-8"))
    assert again.ok and rulesets.to_json(again.session.state) == rulesets.to_json(original.session.state)


def test_schema_of_the_table():
    result = invoke("schema", "--ruleset", "saikoro")
    schema = json.loads(result.output)
    assert schema["title"] == "SaikoroGame" and "final" in schema["properties"]


def test_help_per_command_at_the_table():
    from dealer_assist.prompt.words import help_text

    state = replay_text("ruleset saikoro\nseat 1 aki\nseat 2 ben\nseat 3 chika\ngame\n").session.state
    assert "SAI-8" in help_text(state, "en", "roll") and "roll 4 5 6" in help_text(state, "en", "roll")
    assert "チョンボ" in help_text(state, "ja", "chombo") or "30" in help_text(state, "ja", "chombo")


def test_the_overlay_picture_is_the_scoreboard():
    from dealer_assist.overlay import Feed

    session = replay_text(HANCHAN.read_text(encoding="utf-8")).session
    feed = Feed(db_path=Path("unused.db"), name="運王", session=session)
    picture = rulesets.screens(session.state).picture(feed, "ja")
    assert [b["points_text"] for b in picture["boxes"]] == ["4万6800", "8万8400", "1万4800"]
    assert [b["bet_text"] for b in picture["boxes"]] == ["+29", "+32", "-61"]
    assert picture["banner"]["text"].startswith("⚅ ⚅ ⚅")
    json.dumps(picture)
