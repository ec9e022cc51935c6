"""Issue 18: numbers and things listed inside a Japanese sentence are joined the Japanese way
(the seed's 「1・2番席」, 「、」 between things), never with the English ", "; the clause id
leads a sentence with the catalog's separator (「BET-3：」), not an ASCII ": "."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import i18n, i18n_values
from dealer_assist.cli import cli
from dealer_assist.replay import replay_text

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "sample_sessions").glob("*.txt"))
ASCII_LIST = re.compile(r"\d, \d")  # 「1, 2番席」
DOT_LIST = re.compile(r"\d・\d")  # 「1・2番席」


def rulings(script: str) -> list:
    result = replay_text(script)
    assert result.ok, result.error_text("en")
    return [r for line in result.lines for outcome in line.outcomes for r in outcome.rulings]


def said(script: str, key: str, lang: str) -> list[str]:
    return [r.text(lang) for r in rulings(script) if r.key == key]


def test_numbers_in_a_sentence_join_with_the_seeds_dot_in_japanese_and_a_comma_in_english():
    assert i18n.join_numbers([1, 2, 6], "ja") == "1・2・6"
    assert i18n.join_numbers([1, 2, 6], "en") == "1, 2, 6"
    assert i18n_values.Numbers((3, 4)).localized("ja") == "3・4"
    assert i18n_values.Numbers(()).localized("ja") == "なし"
    assert i18n_values.Numbers(()).localized("en") == "-"
    assert i18n.join_items(["aki 80", "ben 100"], "ja") == "aki 80、ben 100"
    assert i18n_values.Items(("aki 80", "ben 100")).localized("en") == "aki 80, ben 100"


def test_DSK_3_the_locked_boxes_are_named_1_2_not_1_comma_2():
    script = (ROOT / "sample_sessions" / "dealer_skills.txt").read_text(encoding="utf-8")
    ja, en = said(script, "lock.locked", "ja"), said(script, "lock.locked", "en")
    assert ja and any("2・4" in line for line in ja), ja
    assert not any(ASCII_LIST.search(line) for line in ja), ja
    assert any("2, 4" in line for line in en), en  # English as before


def test_BOX_2_burned_boxes_and_the_bets_still_missing_are_listed_the_japanese_way():
    script = "quest easy\ndice 6\nseat 1 a 100k\nseat 2 b 100k\nseat 3 c 100k\ngame\nbet 2 10k\n"
    result = replay_text(script)
    state = result.session.state
    from dealer_assist.tables.onemillion import expectation

    expected = expectation(state)
    assert "1・3" in expected.text("ja") and "1, 3" in expected.text("en")
    burned = script + "bet 1 -\nbet 3 -\ndeal 5 6 7 8\ndeal 9 T 2 [?]\n"
    ja = said(burned, "deal.burned", "ja")
    assert ja and "1・3" in ja[0] and not ASCII_LIST.search(ja[0]), ja


def test_SURR_1_the_boxes_that_surrendered_are_listed_the_japanese_way():
    script = ("quest easy\ndice 6\nskill surrender 1\nseat 1 a 100k\nseat 2 b 100k\nseat 3 c 100k\ngame\n"
              "bet 1 10k\nbet 2 10k\nbet 3 10k\ndeal 5 6 7 A\ndeal 8 9 T [?]\nsr 1 3\ngo\n")  # fmt: skip
    result = replay_text(script)
    closed = [r for line in result.lines for o in line.outcomes for r in o.rulings if r.key == "surrender.call_closed"]
    assert closed, result.error_text("en") if result.error else "no surrender call"
    assert "1・3" in closed[0].text("ja") and "1, 3" in closed[0].text("en")


def test_the_casino_seats_are_named_1_2_ban_seki_as_the_seed_writes_them():
    from dealer_assist.tables.casino.words import Seats

    assert Seats((1, 2)).localized("ja") == "1・2番席"
    assert Seats((1, 2, 3)).localized("ja") == "1・2・3番席"
    assert Seats((4,)).localized("ja") == "4番席"
    assert Seats((1, 2)).localized("en") == "seats 1 and 2"


def test_TIME_1_the_hands_that_stand_count_the_boxes_once():
    from dealer_assist.tables.onemillion.actions import HandNames

    assert HandNames(("3", "4")).localized("ja").startswith("3・4番")
    assert "番・" not in HandNames(("3", "4", "6")).localized("ja")


@pytest.mark.parametrize("script", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_no_sample_session_has_an_english_comma_list_in_a_japanese_ruling(script):
    from dealer_assist import rulesets  # noqa: F401  (the casino table's rulings too)

    result = replay_text(script.read_text(encoding="utf-8"))
    texts = [r.text("ja") for line in result.lines for o in line.outcomes for r in o.rulings]
    assert texts
    assert [t for t in texts if ASCII_LIST.search(t)] == []


def test_the_casino_audit_lists_the_chips_with_the_japanese_comma():
    from dealer_assist.tables.casino import shell

    result = replay_text("ruleset casino\nseat 1 aki\nseat 2 ben\n")
    facts = dict(shell.facts(result.session.state))
    chips = i18n.text("casino.audit.chips", "ja", **facts["casino.audit.chips"])
    assert "aki 100、ben 100" in chips and ", " not in chips


# ---------------------------------------------------------------- the clause prefix


def test_a_refusal_leads_with_the_clause_and_a_japanese_colon(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("quest easy\ndice 6\nseat 1 aki 100k\ngame\nbet 1 49500\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(bad), "--lang", "ja"], env={"COLUMNS": "110"})
    assert result.exit_code == 2
    assert "BET-3：" in result.output and "BET-3: " not in result.output
    result = CliRunner().invoke(cli, ["replay", str(bad), "--lang", "en"], env={"COLUMNS": "110"})
    assert "BET-3: " in result.output


def test_the_live_footer_and_the_audit_lead_with_the_clause_and_a_japanese_colon():
    from rich.console import Console

    from dealer_assist import render

    state = replay_text("quest easy\ndice 6\nseat 1 aki 100k\ngame\n").session.state
    console = Console(width=160, record=True, highlight=False)
    console.print(render.panel(state, "ja"))
    out = console.export_text()
    assert re.search(r"BET-\d：", out) and not re.search(r"[A-Z]+-\d+: ", out), out
    assert i18n.with_clause("BET-3", "x", "ja") == "BET-3：x"
    assert i18n.with_clause("BET-3", "x", "en") == "BET-3: x"
    assert i18n.with_clause(None, "x", "ja") == "x"


def test_at_the_live_prompt_a_refusal_leads_with_the_clause_and_a_japanese_colon(tmp_path):
    """In a real pseudo-terminal: `play --lang ja`, a bet refused by BET-3."""
    import os
    import sys

    import pexpect

    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    env.pop("DEALER_ASSIST_LANG", None)
    command = ["-m", "dealer_assist", "play", "--lang", "ja", "--db", str(tmp_path / "p.db"), "--session", "p"]
    child = pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=20, dimensions=(40, 120))
    child.delaybeforesend = 0
    try:
        child.expect("p>")
        for line in ("quest easy", "dice 6", "seat 1 aki 100k", "game"):
            child.sendline(line)
            child.expect("p>")
        child.sendline("bet 1 49500")
        child.expect("BET-3(.)")
        assert child.match.group(1) == "："
        child.expect("p>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
