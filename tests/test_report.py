"""The report, ready to post: the title block, per-box totals with what is counted, the game in
progress marked, a self-contained printable HTML page (checked in headless Chromium), and the
totals across every stored session."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli
from helpers import chromium_screenshot, needs_chromium

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False, terminal_width=200)
    return result.exit_code, result.output


def stored(tmp_path: Path, *samples: str) -> str:
    db = str(tmp_path / "s.db")
    for sample in samples:
        code, out = invoke("import", str(SAMPLES / f"{sample}.txt"), "--session", sample, "--db", db)
        assert code == 0, out
    return db


def test_the_title_block_names_the_session_the_setup_and_the_result_in_words(tmp_path):
    db = stored(tmp_path, "extreme_445")
    code, out = invoke("report", "extreme_445", "--db", db, "--format", "markdown")
    assert code == 0
    assert "- **Session** extreme_445" in out and re.search(r"- \*\*Date\*\* \d{4}-\d\d-\d\d \d\d:\d\d", out)
    assert "- **Difficulty** Extreme" in out
    assert "dice 4 4 5: skill 4 (time bomb, aggravated: special skill Lv.1), skill 5 (bust penalty)" in out
    assert "- **Guild** surrender Lv.0, Under Bonus off, point redistribution 0, MP 0 at the start" in out
    assert "- **Players** box 1 aki (60,000 P), box 3 ben (100,000 P), box 5 chika (60,000 P)" in out
    assert "success (the dealer's HP is 0) - Platinum Treasure Box" in out and "hp_zero" not in out
    code, out = invoke("report", "extreme_445", "--db", db, "--format", "markdown", "--lang", "ja")
    assert "- **難易度** Extreme" in out and "凶悪化" in out and "Platinum Treasure Box" in out


def test_per_box_totals_count_jokers_drawn_apart_from_hands_lost_to_a_joker():
    code, out = invoke("report", str(SAMPLES / "jokers.txt"), "--format", "json")
    data = json.loads(out)
    box1 = next(b for b in data["boxes"] if b["box"] == 1)
    assert box1["jokers_drawn"] == 5 and box1["jokers"] == 1  # five jokers dealt, one hand lost to one
    for box in data["boxes"]:
        assert box["won"] + box["lost"] + box["pushed"] <= sum(
            1 for g in data["games"] for h in g["hands"] if h["hand"][0] == str(box["box"]) and h["result"])
    code, out = invoke("report", str(SAMPLES / "jokers.txt"), "--format", "markdown")
    assert "| jokers drawn | lost to a joker |" in out


def test_the_game_in_progress_is_marked_unfinished(tmp_path):
    script = tmp_path / "cut.txt"
    lines = (SAMPLES / "notation_example.txt").read_text(encoding="utf-8").splitlines()
    script.write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")
    code, out = invoke("report", str(script), "--format", "markdown")
    assert code == 0 and "| 1 (unfinished) |" in out
    code, out = invoke("report", str(script), "--format", "html", "--lang", "ja")
    assert "（未終了）" in out


def test_the_html_report_is_one_self_contained_printable_page():
    code, page = invoke("report", str(SAMPLES / "extreme_445.txt"), "--format", "html")
    assert code == 0
    assert not re.search(r"(src|href)=|url\(|@import|https?://(?!www\.w3\.org/2000/svg)", page)  # no outside asset
    assert page.count('<details class="game">') == 4  # a row per game, expandable
    assert "@media print" in page and "beforeprint" in page  # printed with every game's detail
    assert 'class="recovery"' in page and "recovery line 500,000" in page  # the recovery line on the chart
    assert page.count("<circle") == 5  # every game marked (and the start)


@needs_chromium
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_html_report_in_headless_chromium(tmp_path, lang):
    code, page = invoke("report", str(SAMPLES / "extreme_445.txt"), "--format", "html", "--lang", lang)
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    image = chromium_screenshot(path, tmp_path, (1100, 1400))
    assert image.size == (1100, 1400)
    reds = sum(1 for x in range(0, 1100, 3) for y in range(0, 1400, 3) if image.getpixel((x, y))[0] > 180
               and image.getpixel((x, y))[1] < 80 and image.getpixel((x, y))[2] < 80)  # fmt: skip
    assert reds > 20  # the HP line is drawn
    if os.environ.get("DEALER_ASSIST_SCREENSHOTS"):  # redraw the screenshot shown in the README
        image.save(ROOT / "docs" / "images" / f"report_{lang}.png", optimize=True)


def test_report_all_totals_every_session_per_player_and_per_difficulty(tmp_path):
    db = stored(tmp_path, "extreme_445", "quest_success", "notation_example")
    code, out = invoke("report", "--all", "--db", db, "--format", "json")
    assert code == 0
    stats = json.loads(out)
    assert stats["sessions"] == 3
    levels = {d["difficulty"]: d for d in stats["difficulties"]}
    assert levels["extreme"] == {"difficulty": "extreme", "quests": 1, "success": 1, "failure": 0, "running": 0,
                                 "average_games": 4}  # fmt: skip
    assert levels["normal"]["running"] >= 1
    aki = next(p for p in stats["players"] if p["player"] == "aki")
    assert aki["sessions"] >= 2 and 1 in aki["boxes"] and aki["games"] > 0
    code, out = invoke("report", "--all", "--db", db, "--lang", "ja")
    assert code == 0 and "プレーヤー別" in out and "難易度別" in out
    code, out = invoke("report", "--all", "extreme_445", "--db", db)
    assert code == 1


def test_sessions_show_the_difficulty(tmp_path):
    db = stored(tmp_path, "extreme_445", "quest_success")
    code, out = invoke("sessions", "--db", db)
    assert code == 0 and "Extreme" in out and "Hard" in out


def test_the_game_hands_view_names_each_hands_player(tmp_path):
    import sqlite3

    db = stored(tmp_path, "notation_example")
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select hand, player from game_hands where session = 'notation_example'").fetchall()
    assert rows == [("1", "aki"), ("3", "ben")]
