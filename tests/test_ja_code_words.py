"""Issue 18: words the code puts on a Japanese screen by itself — the casino dealer's total
(「ソフト11」, not ``soft 11``), a blackjack on the overlay (its tag alone: 「ＢＪ」 at One
Million, 「ブラックジャック」 at the casino, no 「ソフト21 ＢＪ」, set close), and the start of
the HTML charts (「開始時」, not 「第0ゲーム」/「第0ラウンド」)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

from dealer_assist import i18n, render
from dealer_assist.cli import cli
from dealer_assist.overlay import Feed
from dealer_assist.replay import replay_text
from dealer_assist.store import now

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"
CASINO_ACE_UP = "ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 8 T A\ndeal 8 9 [5]\n"  # the dealer shows an ace
QUEST_BJ = "quest easy\ndice 6\nseat 1 a 100k\nseat 2 b 100k\ngame\nbet 1 10k\nbet 2 10k\ndeal A 5 9\ndeal K 6 [?]\n"
CASINO_BJ = "ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 9 A 6\ndeal 8 K [T]\n"  # seat 2: A K


def shown(state, lang: str) -> str:
    console = Console(width=160, record=True, highlight=False)
    console.print(render.panel(state, lang))
    return console.export_text()


def test_the_casino_panel_gives_the_dealers_soft_total_in_the_sessions_language():
    state = replay_text(CASINO_ACE_UP).session.state
    ja, en = shown(state, "ja"), shown(state, "en")
    assert "ソフト11" in ja and "soft 11" not in ja, ja
    assert "soft 11" in en


def test_the_casino_audit_gives_the_dealers_soft_total_in_the_sessions_language():
    from dealer_assist.tables.casino import shell

    state = replay_text(CASINO_ACE_UP).session.state
    facts = dict(shell.facts(state))
    ja = i18n.text("audit.dealer", "ja", **facts["audit.dealer"])
    assert "ソフト11" in ja and "soft" not in ja, ja
    assert "soft 11" in i18n.text("audit.dealer", "en", **facts["audit.dealer"])


def picture(script: str, lang: str) -> dict:
    feed = Feed(Path("unused.db"), "s")
    lines = [line for line in script.splitlines() if line.strip()]
    for seq, line in enumerate(lines, start=1):
        feed.apply(seq, line, now())
    return feed.picture(lang)


def hand_of(picture: dict, box: int) -> dict:
    return next(b for b in picture["boxes"] if b["box"] == box)["hands"][0]


def test_a_blackjack_on_the_overlay_is_its_tag_alone_at_one_million():
    ja, en = picture(QUEST_BJ, "ja"), picture(QUEST_BJ, "en")
    hand = hand_of(ja, 1)
    assert hand["status"] == "ＢＪ" and hand["total_text"] == "", hand
    assert hand_of(en, 1)["total_text"] == "" and hand_of(en, 1)["status"]
    assert hand_of(ja, 2)["total_text"] == "11"  # 5 6: a plain hand keeps its total


def test_a_blackjack_on_the_overlay_is_named_in_full_at_the_casino():
    ja = picture(CASINO_BJ, "ja")
    hand = hand_of(ja, 2)
    assert hand["status"] == "ブラックジャック" and hand["total_text"] == "", hand
    assert hand_of(ja, 1)["total_text"] == "17"


def test_the_full_width_blackjack_tag_is_set_close_on_the_page():
    css = (ROOT / "dealer_assist" / "data" / "overlay.html").read_text(encoding="utf-8")
    rule = next(line for line in css.splitlines() if line.strip().startswith(".hand .status, #dealer .flag {"))
    assert "letter-spacing: 0" in rule and "proportional-width" in rule
    assert '"palt"' in css.split(".hand .status, #dealer .flag {", 1)[1].split("}", 1)[0]


def report_html(script: Path, lang: str) -> str:
    result = CliRunner().invoke(cli, ["report", str(script), "--format", "html", "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_hp_chart_labels_its_first_point_as_the_start():
    ja, en = report_html(SAMPLES / "extreme_445.txt", "ja"), report_html(SAMPLES / "extreme_445.txt", "en")
    assert "第0ゲーム" not in ja and 'class="tick">開始時<' in ja and "開始時：HP" in ja
    assert 'class="tick">start<' in en and "game 0" not in en


def test_the_chips_chart_labels_its_first_point_as_the_start():
    ja, en = report_html(SAMPLES / "casino_game.txt", "ja"), report_html(SAMPLES / "casino_game.txt", "en")
    assert "第0ラウンド" not in ja and "第0ハンド" not in ja and 'class="tick">開始時<' in ja
    assert 'class="tick">start<' in en and "round 0" not in en
