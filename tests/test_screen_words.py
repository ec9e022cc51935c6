"""Rules and words that were wrong on screen (issue 17), in both languages:

- ANN-1: no announcement at HP 0 (the quest is won, END-S) — not in the rulings, the final
  state, the dealer's panel or the overlay;
- the casino game's end is "the game is over", not the quest;
- TIME-1 names the hands that stand with the proper terms (box 7's hand, hand 3a);
- INS-3 / TABLE-4 name one seat as a seat (seat 1, not seats 1);
- `sessions` shows no message key for a session with no setup yet;
- the panel before the first game / round says so (not 「第-ゲーム」);
- a surrender is counted the same way, and said so, in both reports;
- the streak column shows the DSK-4 count only where the time bomb is in play, and says why;
- RANK-2 / RANK-3: `winner` (two or more players) and `result` (alone) never disagree.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from helpers import PLAIN, rulings

from dealer_assist import render, rulesets
from dealer_assist import notation as n
from dealer_assist.cli import cli
from dealer_assist.replay import replay_text

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SUCCESS = (SAMPLES / "quest_success.txt").read_text(encoding="utf-8")
ONE = "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\n"  # one box, no dealer skill that matters here


def state_of(script: str):
    result = replay_text(script)
    assert result.ok, result.error_text()
    return result.session.state


def said(script: str, lang: str) -> list[str]:
    result = replay_text(script)
    return [r.text(lang) for line in result.lines for o in line.outcomes for r in o.rulings]


def shown(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def zero_announced(words: str) -> bool:
    """"0 P or less" said of HP 0 (a figure like 100,000 P or less does not count)."""
    import re

    return bool(re.search(r"(?<![\d,万])0 P or less|「0P以下」|(?<![\d万])0P以下", words))


# ---------------------------------------------------------------- ANN-1 at HP 0


def test_ANN_1_no_announcement_when_the_hp_reaches_0():
    keys = rulings(SUCCESS)
    success = keys.index(("END-S", "end.success"))
    assert ("ANN-1", "announce") not in keys[success:]  # nothing announced after the victory
    assert ("ANN-1", "announce") in keys[:success]  # the earlier settlements were announced
    for lang in ("en", "ja"):
        assert not any(zero_announced(line) for line in said(SUCCESS, lang)), lang


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ANN_1_the_final_state_and_the_panel_at_hp_0(lang):
    state = state_of(SUCCESS)
    assert state.hp == 0
    out = io.StringIO()
    render.final(Console(file=out, width=200, color_system=None), state, lang)
    assert not zero_announced(out.getvalue()), out.getvalue()
    panel = shown(render.panel(state, lang))
    assert not zero_announced(panel) and "(announce 0)" not in panel, panel


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ANN_1_the_overlay_at_hp_0(lang):
    from dealer_assist.overlay import Feed

    feed = Feed(Path("unused.db"), "s")
    for seq, line in enumerate([line for line in SUCCESS.splitlines() if line.split("#")[0].strip()], start=1):
        feed.apply(seq, line, "2026-01-01T00:00:00")
    hp = feed.picture(lang)["hp"]
    assert hp["announce"] == 0 and not zero_announced(hp["text"]) and "以下" not in hp["text"], hp


# ---------------------------------------------------------------- the end of a casino game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_casino_game_ends_with_the_game_not_the_quest(tmp_path, lang):
    from dealer_assist.live import LiveSession
    from dealer_assist.prompt import run_pipe
    from dealer_assist.store import Store

    live = LiveSession.open(Store(tmp_path / "s.db"), "alone", create=True)
    out = io.StringIO()
    script = (SAMPLES / "casino_alone.txt").read_text(encoding="utf-8").splitlines()
    assert run_pipe(live, script, Console(file=out, width=200, color_system=None), lang=lang) == 0
    assert live.state.over
    words = out.getvalue()
    assert ("the game is over" if lang == "en" else "ゲーム終了") in words
    assert "quest is over" not in words and "クエスト" not in words


# ---------------------------------------------------------------- TIME-1, INS-3, TABLE-4: the proper terms


def test_TIME_1_time_up_names_a_boxs_hand_and_split_hands():
    one = ONE + "game\nbet 1 10k\ndeal 9 6\ndeal 8 [7]\ntimeup"
    en, ja = said(one, "en")[-1], said(one, "ja")[-1]
    assert "time is up: box 1's hand stands" in en and "hands 1 stand" not in en
    assert "1番ボックスのハンド" in ja
    both = PLAIN + "game\nbet 1 10k\nbet 3 10k\ndeal 8 9 6\ndeal 8 8 [7]\n1 sp\n1a 5\ntimeup"
    en = said(both, "en")
    line = next(s for s in en if s.startswith("time is up"))
    assert line == "time is up: box 3's hand and hands 1a and 1b stand", line


def test_INS_3_and_TABLE_4_name_one_seat_as_a_seat():
    script = "ruleset casino\nseat 1 a\ngame\ndeal 8 A\ndeal 9 [7]\nins 1\ngo"
    en = said(script, "en")
    assert "insurance closed; taken by seat 1" in en and "bets of 10 chips: seat 1" in en
    assert not any("seats 1" in s for s in en)
    declined = said("ruleset casino\nseat 1 a\nseat 2 b\ngame\ndeal 8 9 A\ndeal 9 9 [7]\ngo", "en")
    assert "insurance closed; nobody took it" in declined and "bets of 10 chips: seats 1 and 2" in declined


# ---------------------------------------------------------------- sessions and the idle panel


def test_sessions_show_no_message_key_for_a_session_without_a_setup(tmp_path):
    from dealer_assist.live import LiveSession
    from dealer_assist.store import Store

    db = tmp_path / "s.db"
    LiveSession.open(Store(db), "empty", create=True).enter("note nothing yet")
    for lang in ("en", "ja"):
        result = CliRunner().invoke(cli, ["sessions", "--db", str(db), "--lang", lang], env={"COLUMNS": "160"})
        assert result.exit_code == 0, result.output
        assert "ruleset." not in result.output and "empty" in result.output
        assert ("not set" if lang == "en" else "未設定") in result.output


@pytest.mark.parametrize("script", ["quest easy", "ruleset casino\nseat 1 a"])
def test_the_panel_before_the_first_game_names_no_game_minus(script):
    state = state_of(script)
    for lang in ("en", "ja"):
        panel = shown(render.panel(state, lang))
        assert "第-" not in panel and "game -" not in panel and "round -" not in panel, panel
    assert "第1ゲーム前" in shown(render.panel(state, "ja")) or "ゲーム開始前" in shown(render.panel(state, "ja")) or "第1ハンド前" in shown(render.panel(state, "ja"))


# ---------------------------------------------------------------- the reports count a surrender alike


def test_both_reports_count_a_surrender_apart_and_say_so():
    from dealer_assist.tables.onemillion import report
    from dealer_assist.tables.casino import report as casino_report

    quest = state_of(ONE + "game\nbet 1 10k\ndeal 7 6\ndeal 8 [T]\n1 sr\nreveal")
    box = next(b for b in report.build(quest)["boxes"] if b["box"] == 1)
    assert (box["surrenders"], box["lost"]) == (1, 0)
    casino = state_of("ruleset casino\nseat 1 a\ngame\ndeal T K\ndeal 6 [7]\npeek\n1 sr\nreveal")
    seat = casino_report.build(casino)["seats"][0]
    assert (seat["surrenders"], seat["lost"]) == (1, 0)
    for lang in ("en", "ja"):
        said_quest = report.to_markdown(report.build(quest), lang)
        said_casino = casino_report.to_markdown(casino_report.build(casino), lang)
        word = "at both tables" if lang == "en" else "どちらの卓でも同じ"
        assert word in said_quest and word in said_casino


# ---------------------------------------------------------------- the streak column (DSK-4)


def test_the_streak_column_says_it_counts_for_the_time_bomb_only():
    plain = state_of(ONE + "game\nbet 1 10k\ndeal 9 6\ndeal 7 [T]\n1 st\nreveal\nnext 5")
    out = io.StringIO()
    render.final(Console(file=out, width=200, color_system=None), plain, "en")
    assert "time bomb (DSK-4)" in out.getvalue()
    rows = [line for line in out.getvalue().splitlines() if "aki" in line]
    assert rows and "│      - │" in rows[0], rows
    bomb = state_of(ONE.replace("dice 6", "dice 4") + "game\nbet 1 10k\ndeal 9 6\ndeal 7 [T]\n1 st\nreveal\nnext 5")
    assert bomb.boxes[1].streak == 1
    out = io.StringIO()
    render.final(Console(file=out, width=200, color_system=None), bomb, "ja")
    assert "時限爆弾（DSK-4）のため" not in out.getvalue()
    assert any("aki" in line and "│    1 │" in line for line in out.getvalue().splitlines()), out.getvalue()


# ---------------------------------------------------------------- RANK-2 / RANK-3


def test_RANK_winner_and_result_never_disagree():
    from dealer_assist.tables.casino.table import verdict

    alone = state_of("ruleset casino\nseat 1 solo")
    for chips, result in ((120, "win"), (100, "draw"), (90, "lose")):
        alone.seats[1].chips = chips
        assert verdict(alone) == {"alone": True, "result": result, "winner": None}  # RANK-3: a result
    pair = state_of("ruleset casino\nseat 1 a\nseat 2 b")
    pair.seats[1].chips = 120
    assert verdict(pair) == {"alone": False, "result": None, "winner": "a"}  # RANK-2: a winner
    data = json.loads((SAMPLES / "casino_alone.json").read_text(encoding="utf-8"))
    assert data["winner"] is None and data["result"] == "lose"
    book = (Path(__file__).parent.parent / "dealer_assist" / "data" / "CASINO.md").read_text(encoding="utf-8")
    assert "`result`" in book and "`winner`" in book
