"""Issue 23, where the odds show: one formatter (``dealer_assist.odds_words``) of
``rulesets.odds_now``'s dict for every table's shape, the dealer's odds line under the live panel
(``play``, off with ``--no-odds``), ``replay --odds`` in text (``--json --odds`` unchanged), and
the overlay's figures — from the viewers' view only, the same whatever the hole card is."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import odds_words, rulesets
from dealer_assist.cli import cli
from dealer_assist.i18n import text
from dealer_assist.overlay import Feed
from dealer_assist.replay import replay_text
from dealer_assist.store import now
from dealer_assist.wrap import cell_len

ROOT = Path(__file__).parent.parent
CASINO = ROOT / "sample_sessions" / "casino_game.txt"
# seat 1 holds 9 7 = 16 against the dealer's 6, the hole card as given (test_casino_odds.py)
SCRIPT = "ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 9 A 6\ndeal 7 K {hole}\n"
HOLES = ("[T]", "[5]", "[A]", "[?]")


def state_of(script: str):
    result = replay_text(script)
    assert result.ok, result.error_text()
    return result.session.state


# ---------------------------------------------------------------- the formatter, every table's shape

BLACKJACK = {"view": "dealer", "dealer": {"17": 0.142, "18": 0.131, "19": 0.13, "20": 0.18, "21": 0.0, "bust": 0.421,
                                          "blackjack": 0.0}, "actions": {"st": -0.154, "ht": -0.2104, "sr": -0.5}}  # fmt: skip


def test_the_blackjack_shape_the_dealers_spread_and_the_best_action():
    assert odds_words.line(BLACKJACK, "en") == (
        "odds  dealer bust 42.1% · 17 14.2% · 18 13.1% · 19 13.0% · 20 18.0% · 21 0.0% · BJ 0.0% · "
        "stand \u22120.154 · hit \u22120.210 · surrender \u22120.500 · best: stand")
    assert odds_words.line(BLACKJACK, "ja") == (
        "確率  ディーラーのバースト率42.1%・17：14.2%・18：13.1%・19：13.0%・20：18.0%・21：0.0%・ＢＪ：0.0%・"
        "スタンド：\u22120.154・ヒット：\u22120.210・サレンダー：\u22120.500・最善：スタンド")


def test_a_tables_own_word_comes_first_and_an_unknown_action_is_its_code():
    shape = {**BLACKJACK, "actions": {"ht": 0.1, "dd": 0.25, "xx": 0.3}}
    assert "ブラックジャック：0.0%" in odds_words.line(shape, "ja", "casino")  # the casino's word, not ＢＪ
    assert odds_words.line(shape, "en").endswith("hit +0.100 · double +0.250 · xx +0.300 · best: xx")
    assert odds_words.line(shape, "ja").endswith("ヒット：+0.100・ダブルダウン：+0.250・xx：+0.300・最善：xx")


def test_one_millions_shape_with_a_phase_reads_the_same_keys():
    assert odds_words.line({**BLACKJACK, "phase": "late"}, "en") == odds_words.line(BLACKJACK, "en")


def test_the_gear_shape_a_hit_busts_and_the_joker_next():
    rulesets.get("gear")  # the table's own catalog (its HIT), loaded with the table
    shape = {"view": "dealer", "bust": 22 / 48, "joker_next": 0.0}
    assert odds_words.line(shape, "en", "gear") == "odds  a hit busts 45.8% · the joker next 0.0%"
    assert odds_words.line(shape, "ja", "gear") == "確率  HITでバーストする確率45.8%・次がジョーカーの確率0.0%"
    assert odds_words.line({**shape, "view": "players"}, "ja") == \
        "確率（視聴者目線）  ヒットでバーストする確率45.8%・次がジョーカーの確率0.0%"  # fmt: skip
    assert odds_words.overlay({**shape, "view": "players"}, "en") == {
        "bust": "a hit busts 45.8%", "text": "a hit busts 45.8%"}  # no action to name


def test_the_saikoro_shape_the_likeliest_results_and_the_expectations():
    state = state_of("ruleset saikoro\nseat 1 a\nseat 2 b\nseat 3 c\ngame\nron 1 2 mangan\n")  # dama: three dice
    odds = rulesets.odds_now(state, "players")
    shown = odds_words.line(odds, "en", "saikoro")
    assert shown.startswith("odds (viewers)  likeliest: no point 12.5% · ")  # 1/8 of the rolls
    assert f"expected points {odds['points']:+,.0f}" in shown and f"expected chips {odds['chips']:+.2f}" in shown
    ja = odds_words.line(odds, "ja", "saikoro")
    assert "出やすい目：目無し：12.5%" in ja and "点数の期待値" in ja and "チップの期待値" in ja


def test_nothing_to_show_is_none():
    assert odds_words.line(None, "en") is None and odds_words.line({"view": "dealer"}, "en") is None
    assert odds_words.lines(None, "en") == [] and odds_words.overlay(None, "en") is None
    assert odds_words.best_action({"st": 0.1, "ht": 0.1}) == "st"  # a tie: the first in the shown order


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_the_line_breaks_between_figures_in_terminal_cells(lang, width):
    whole = odds_words.line(BLACKJACK, lang)
    broken = odds_words.lines(BLACKJACK, lang, width=width)
    assert all(cell_len(row) <= width for row in broken), broken
    assert (len(broken) == 1) == (cell_len(whole) <= width)
    hang = cell_len(text("odds.label", lang) + "  ")
    assert all(row[:hang].strip() == "" and row[hang] != " " for row in broken[1:])  # under the first figure
    sep = text("odds.sep", lang)
    tail = sep[len(sep.rstrip()):]  # what follows the separator a broken line ends with
    rows = [broken[0], *(row[hang:] for row in broken[1:])]
    assert "".join(row + tail for row in rows[:-1]) + rows[-1] == whole  # nothing cut, nothing lost


def test_the_odds_words_are_in_both_catalogs():
    from dealer_assist.i18n import catalog

    en, ja = catalog("en"), catalog("ja")
    keys = [k for k in en if k.startswith("odds.")]
    assert len(keys) > 20 and all(k in ja and ja[k] != en[k] for k in keys if k != "odds.roll.other")
    assert ja["odds.act.dd"] == "ダブルダウン" and ja["odds.best"] == "最善：{action}"


# ---------------------------------------------------------------- replay --odds in text, --json --odds unchanged


def replay(*args: str) -> str:
    result = CliRunner().invoke(cli, ["replay", *args], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


def test_replay_odds_in_text_adds_the_dealers_figures_after_each_line():
    plain, shown = replay(str(CASINO)), replay(str(CASINO), "--odds")
    assert "odds  " not in plain
    after = shown.split("   8  deal 8 K [T]", 1)[1].split("   9  1 st", 1)[0]
    # seat 1 (9 8 = 17) on turn, the dealer 6 with the hole card T: the dealer's view knows the 16
    assert "odds  dealer bust 61.1% · 17 7.5% · 18 7.8%" in after and "stand +0.297" in after
    assert "best: stand" in after
    assert shown.count("\nodds  ") > 10
    kept = [line for line in shown.splitlines() if not line.startswith(("odds  ", "      "))]
    assert kept == [line for line in plain.splitlines() if not line.startswith("      ")]  # nothing else changes


def test_replay_odds_view_players_is_the_viewers_figures():
    shown = replay(str(CASINO), "--odds", "--view", "players")
    after = shown.split("   8  deal 8 K [T]", 1)[1].split("   9  1 st", 1)[0]
    assert "odds (viewers)  dealer bust 42.2%" in after and "stand +0.006" in after and "61.1%" not in after
    ja = CliRunner().invoke(cli, ["replay", str(CASINO), "--odds", "--lang", "ja"], env={"COLUMNS": "100"}).output
    assert "確率  ディーラーのバースト率61.1%・17：7.5%" in ja and "最善：スタンド" in ja


def test_replay_json_odds_is_unchanged():
    from dealer_assist.rulesets import to_json

    data = json.loads(replay(str(CASINO), "--json", "--odds"))
    state = replay_text(CASINO.read_text(encoding="utf-8")).session.state
    assert data == json.loads(json.dumps({**to_json(state), "odds": rulesets.odds_now(state, "dealer", shoe=True)}))
    assert "odds" not in json.loads(replay(str(CASINO), "--json"))


# ---------------------------------------------------------------- the live panel line


def test_the_panel_line_in_a_real_terminal_and_play_no_odds(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    from helpers import play_in_pty

    lines = SCRIPT.format(hole="[T]").splitlines()
    child = play_in_pty(tmp_path / "s.db", "cas")
    try:
        child.expect("cas>")
        for line in lines:
            child.sendline(line)
            child.expect(r"cas> ")
        # the dealer's figures (the hole card T: 16 must draw), then the hand on turn's
        child.expect(r"odds  dealer bust 61\.1%")
        child.expect(r"stand \+0\.222.*best: stand")
        child.sendline("1 st")  # the next line: its own figures (no hand on turn now)
        child.expect(r"odds  dealer bust 61\.1%[^\r\n]*blackjack 0\.0%")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    quiet = play_in_pty(tmp_path / "s.db", "cas", args=("--no-odds",))
    try:
        quiet.expect("cas>")
        quiet.sendline("undo")
        quiet.expect("PLAY-1")  # the table again with seat 1 on turn, and no figures
        with pytest.raises(pexpect.TIMEOUT):
            quiet.expect(r"odds  ", timeout=3)
        quiet.sendline("quit")
        quiet.expect(pexpect.EOF)
        assert "odds  " not in quiet.before
    finally:
        quiet.close(force=True)


def test_the_odds_line_is_printed_only_for_the_table_on_screen():
    """The worker's figures of a table the dealer has typed past are dropped."""
    from rich.console import Console

    from dealer_assist.prompt.odds import OddsLine

    printed: list = []
    figures = OddsLine(Console(), "en")
    figures.print = printed.extend
    figures.app = type("App", (), {"is_running": True, "loop": None})()
    state = state_of(SCRIPT.format(hole="[T]"))
    figures.request(state, 1)
    deadline = time.monotonic() + 10
    while figures._ready is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert figures._ready is not None and figures._ready[1][0].startswith("odds  dealer bust 61.1%")
    figures.request(state_of(SCRIPT.format(hole="[5]")), 2)  # a new line: the first figures are gone
    assert figures._ready is None


# ---------------------------------------------------------------- the overlay: the viewers' figures only


def feed_of(script: str) -> Feed:
    feed = Feed(Path("unused.db"), "s")
    for seq, line in enumerate(script.splitlines(), start=1):
        feed.apply(seq, line, now())
    return feed


def test_the_overlays_odds_are_the_viewers_and_the_same_whatever_the_hole_card_is():
    shown = {}
    for hole in HOLES:
        feed = feed_of(SCRIPT.format(hole=hole))
        assert feed.picture("en")["odds"] is None  # not found yet: the page waits for them
        assert feed.compute_odds() and feed.odds[1]["view"] == "players"
        shown[hole] = (feed.picture("en")["odds"], feed.picture("ja")["odds"])
    assert len({json.dumps(s, ensure_ascii=False) for s in shown.values()}) == 1
    en, ja = shown["[T]"]
    assert en == {"bust": "dealer bust 42.2%", "best": "best: stand", "text": "dealer bust 42.2% · best: stand"}
    assert ja["bust"] == "ディーラーのバースト率42.2%" and ja["best"] == "最善：スタンド"
    # the dealer's own figures tell the hole card (6 T = 16 busts far more often): never the page's
    state = state_of(SCRIPT.format(hole="[T]"))
    assert rulesets.odds_now(state, "dealer")["dealer"]["bust"] == pytest.approx(0.6111, abs=1e-3)
    with pytest.raises(ValueError):
        odds_words.overlay(rulesets.odds_now(state, "dealer"), "en")


def test_the_overlays_odds_are_of_the_state_shown():
    feed = feed_of(SCRIPT.format(hole="[T]"))
    feed.compute_odds()
    feed.apply(len(SCRIPT.splitlines()) + 1, "1 st", now())  # a new state: the old figures are not shown
    assert feed.picture("en")["odds"] is None
    assert feed.compute_odds() and feed.picture("en")["odds"] == {"bust": "dealer bust 42.2%",
                                                                  "text": "dealer bust 42.2%"}  # fmt: skip


def test_the_overlay_server_sends_the_odds_found_in_their_own_thread(tmp_path):
    from helpers import overlay_server

    from dealer_assist.live import LiveSession
    from dealer_assist.store import Store

    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "friday", create=True, lock=True)
    for line in SCRIPT.format(hole="[T]").splitlines():
        live.enter(line)
    feed = Feed(path, "friday")
    try:
        with overlay_server(feed) as base:
            url = f"{base}/state?lang=en"
            deadline, odds = time.monotonic() + 10, None
            while odds is None and time.monotonic() < deadline:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    odds = json.loads(answer.read())["odds"]
                time.sleep(0.05)
        assert odds == {"bust": "dealer bust 42.2%", "best": "best: stand", "text": "dealer bust 42.2% · best: stand"}
    finally:
        live.close()


def test_the_page_draws_the_odds(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    from helpers import CHROMIUM

    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed (.ci/run installs it)")
    from dealer_assist.overlay import page as overlay_page

    feed = feed_of(SCRIPT.format(hole="[T]"))
    feed.compute_odds()
    html = tmp_path / "overlay.html"
    html.write_text(overlay_page("full", "ja"), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            shown = browser.new_page(viewport={"width": 1920, "height": 1080})
            shown.goto(html.as_uri())
            shown.wait_for_function("typeof window.render === 'function'")
            shown.evaluate("render", feed.picture("ja"))
            assert shown.locator("#odds").is_visible()
            assert shown.locator("#odds").inner_text().split() == ["ディーラーのバースト率42.2%", "最善：スタンド"]
            shown.evaluate("render", {**feed.picture("ja"), "odds": None})
            assert not shown.locator("#odds").is_visible()
        finally:
            browser.close()
