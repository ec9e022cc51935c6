"""The casino table's report (``dealer_assist.tables.casino.report``): the sample game's real figures
(per seat, per round, the ranking), every format in English and Japanese, a game cut in the
middle of a round, and a game ended by TABLE-7."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from rich.console import Console

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.tables.casino import report as casino_report
from dealer_assist.tables.casino.state import CasinoState, Phase
from dealer_assist.cli import cli
from dealer_assist.tables.onemillion import Session
from dealer_assist.i18n import text

ROOT = Path(__file__).parent.parent
SAMPLE = ROOT / "sample_sessions" / "casino_game.txt"
JAPANESE = re.compile(r"[\u3001-\u303f\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
# a catalog key or an unfilled placeholder in the output means a sentence was not found
LEAK = re.compile(r"\b(casino|col|csv|report|render|result|ruleset|list|fmt)\.[a-z_]+|\{")
# English words of the report: none of them belongs in the Japanese report
ENGLISH = re.compile(r"\b(the|of|and|with|after|chips?|rounds?|seats?|dealer|wins?|lose|loss|push|pushed|bust|"
                     r"blackjacks?|insurance|insured|ranking|rank|hands?|players?|session|date|table|rules|"
                     r"result|log|events|head|hash|net|start|end|first|unfinished|doubles|splits)\b", re.I)  # fmt: skip
CUT = 20  # the sample's script lines up to round 2's `1b K`: round 2 is being played


def play(script: str) -> CasinoState:
    session = Session()
    for line in script.splitlines():
        for cmd in n.parse_line(line):
            session.submit(cmd)
    return session.state


def sample_lines() -> list[str]:
    return SAMPLE.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def sample() -> CasinoState:
    return play(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def data(sample) -> dict:
    return casino_report.build(sample, meta={"session": "friday", "created": "2024-05-03T19:30:00+00:00"})


def cut_script() -> str:
    lines = [line for line in sample_lines() if line.strip() and not line.startswith("#")]
    assert lines[CUT - 1].startswith("1b K")
    return "\n".join(lines[:CUT])


# a round of the lone seat: 8 8 split to four hands, each doubled on 11 + 2 = 13 against 17 (-80),
# then a doubled 13 (-20): no chips left, and `game` ends the game (TABLE-7)
BROKE = """ruleset casino
seat 1 solo
game
deal 8 7
deal 8 [T]
1 sp
1a 8
1a sp
1a 8
1a sp
1a 3
1a dd 2
1d 3
1d dd 2
1c 3
1c dd 2
1b 3
1b dd 2
reveal
game
deal 5 7
deal 6 [T]
1 dd 2
reveal
game
"""


def rendered(report: dict, fmt: str, lang: str, width: int = 200) -> str:
    if fmt == "text":
        out = io.StringIO()
        casino_report.print_text(report, Console(file=out, width=width, color_system=None), lang)
        return out.getvalue()
    return casino_report.FORMATS[fmt](report, lang)


class Page(HTMLParser):
    """The page's words (outside style and script) and a check that every tag is closed in order."""

    VOID = {"meta", "br", "img", "input", "link", "hr", "rect", "line", "polyline", "circle"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.words: list[str] = []
        self.tags: dict[str, int] = {}
        self.lang = None

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if not set(self.stack) & {"style", "script"}:
            self.words.append(data)


def page(document: str) -> Page:
    parser = Page()
    parser.feed(document)
    parser.close()
    return parser


def words_of(document: str, fmt: str) -> str:
    """What a reader sees: the HTML page's words, the other formats as they are."""
    return " ".join(page(document).words) if fmt == "html" else document


# ---------------------------------------------------------------- the figures


def test_the_sample_ends_with_ben_first_on_120_and_aki_second_on_105(sample, data):
    result = data["result"]
    assert (result["status"], result["reason"], result["rounds"], result["winner"]) == ("over", "rounds", 5, "ben")
    assert not result["alone"] and result["result"] is None
    assert [(r["rank"], r["seat"], r["player"], r["chips"]) for r in result["ranking"]] == [
        (1, 2, "ben", 120), (2, 1, "aki", 105)]  # fmt: skip
    assert result["chips_check"] is True and result["mismatch"] == []
    title = data["title"]
    assert (title["session"], title["created"], title["table"]) == ("friday", "2024-05-03T19:30:00+00:00", "casino")
    assert title["seats"] == [{"seat": 1, "player": "aki", "chips": 100}, {"seat": 2, "player": "ben", "chips": 100}]
    assert "chain" not in data


def test_per_seat_counts_of_the_sample(data):
    aki, ben = data["seats"]
    assert aki == {"seat": 1, "player": "aki", "rounds": 5, "hands": 7, "won": 3, "lost": 3, "pushed": 0,
                   "blackjacks": 0, "busts": 0, "surrenders": 1, "doubles": 1, "splits": 2, "insured": 0,
                   "insurance_net": 0, "chips_start": 100, "chips_end": 105, "net": 5, "rank": 2}  # fmt: skip
    assert ben == {"seat": 2, "player": "ben", "rounds": 5, "hands": 5, "won": 3, "lost": 1, "pushed": 1,
                   "blackjacks": 1, "busts": 0, "surrenders": 0, "doubles": 0, "splits": 0, "insured": 1,
                   "insurance_net": -5, "chips_start": 100, "chips_end": 120, "net": 20, "rank": 1}  # fmt: skip


def test_each_round_of_the_sample_and_the_chips_after_it(sample, data):
    rounds = data["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3, 4, 5]
    assert [r["first"] for r in rounds] == [1, 2, 1, 2, 1]  # TABLE-6
    assert [r["chips_after"] for r in rounds] == [{"1": 90, "2": 115}, {"1": 120, "2": 120}, {"1": 110, "2": 110},
                                                  {"1": 105, "2": 110}, {"1": 105, "2": 120}]  # fmt: skip
    assert [r["changes"] for r in rounds] == [{"1": -10, "2": 15}, {"1": 30, "2": 5}, {"1": -10, "2": -10},
                                              {"1": -5, "2": 0}, {"1": 0, "2": 10}]  # fmt: skip
    before = {"1": 100, "2": 100}
    for r in rounds:  # start 100 + the changes so far
        assert r["chips_after"] == {s: before[s] + r["changes"][s] for s in before}
        before = r["chips_after"]
    assert rounds[-1]["chips_after"] == {str(k): s.chips for k, s in sample.seats.items()}
    assert not any(r["unfinished"] or r["shuffled"] for r in rounds)
    assert rounds[1]["insurance"] == {"2": -5} and all(r["insurance"] == {} for i, r in enumerate(rounds) if i != 1)
    assert rounds[1]["dealer"] == {"cards": ["A", "5", "9", "7"], "total": 22, "bust": True, "blackjack": False}
    assert rounds[2]["dealer"]["blackjack"] and rounds[2]["dealer"]["cards"] == ["T", "A"]
    assert [(h["hand"], h["bet"], h["result"], h["ratio"]) for h in rounds[1]["hands"]] == [
        ("1a", 20, "win", 2.0), ("1b", 10, "win", 2.0), ("2", 10, "win", 2.0)]  # fmt: skip
    assert [h["result"] for h in rounds[3]["hands"]] == ["surrender", "push"]
    assert data["chart"][0] == {"round": 0, "chips": {"1": 100, "2": 100}, "unfinished": False}
    assert [p["chips"] for p in data["chart"][1:]] == [r["chips_after"] for r in rounds]


def test_the_report_is_the_tables_hook(sample):
    hook = rulesets.screens(sample).report()  # the module itself: build, print_text, FORMATS
    assert hook is casino_report
    assert set(hook.FORMATS) == {"markdown", "html", "json", "csv"}


# ---------------------------------------------------------------- every format, both languages


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "csv"])
def test_every_format_speaks_the_language_with_the_same_figures(data, fmt, lang):
    out = rendered(data, fmt, lang)
    seen = words_of(out, fmt)
    assert not LEAK.search(seen), LEAK.search(seen)
    assert "aki" in seen and "ben" in seen
    for figure in ("105", "120", "115", "-5"):
        assert figure in seen, figure
    if lang == "ja":
        assert JAPANESE.search(seen)
        leftover = ENGLISH.findall(seen.replace("friday", ""))
        assert leftover == [], leftover
        if fmt != "csv":
            assert "benの勝ち（120チップ）" in seen and "全5ハンドを終えてゲーム終了" in seen
            assert "ハンドごとのチップ推移" in seen
    else:
        assert not JAPANESE.search(seen)
        if fmt != "csv":
            assert "ben wins the game with 120 chips" in seen and "the last of its 5 rounds" in seen


def test_markdown_rows_in_english_and_japanese(data):
    en = casino_report.to_markdown(data, "en")
    assert en.startswith("# Casino blackjack - game report\n")
    assert "- **Session** friday" in en and re.search(r"- \*\*Date\*\* 2024-05-0\d \d\d:\d\d", en)
    assert "- **Seats** seat 1 aki (100 chips), seat 2 ben (100 chips)" in en
    assert "| 1 | 2 | ben | 120 |\n| 2 | 1 | aki | 105 |" in en
    assert "| 2 | 2 | A 5 9 7 = 22 bust | 1a win, 1b win, 2 win | seat 2 -5 | +30 → 120 | +5 → 120 |" in en
    assert "| 3 | 1 | T A = 21 blackjack | 1 lose, 2 lose | - | -10 → 110 | -10 → 110 |" in en
    assert "| 1 | aki | 5 | 7 | 3 | 3 | 0 | 0 | 0 | 1 | 1 | 2 | 0 | +0 | 100 | 105 | +5 | 2 |" in en
    assert "| 2 | ben | 5 | 5 | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | -5 | 100 | 120 | +20 | 1 |" in en
    ja = casino_report.to_markdown(data, "ja")
    assert ja.startswith("# カジノ・ブラックジャック — ゲームレポート\n")
    assert "- **席** 1番席 aki（100チップ）、2番席 ben（100チップ）" in ja
    assert "| 順位 | 席 | プレーヤー | チップ |" in ja
    assert "| 2 | 2 | A 5 9 7 = 22 バースト | 1a 勝ち、1b 勝ち、2 勝ち | 2番席 -5 | +30 → 120 | +5 → 120 |" in ja
    assert "| 4 | 2 | 5 T 6 = 21 | 1 サレンダー、2 引き分け | - | -5 → 105 | 0 → 110 |" in ja
    assert "| 2 | ben | 5 | 5 | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | -5 | 100 | 120 | +20 | 1 |" in ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_html_page_is_well_formed_with_a_round_per_details_and_a_line_per_seat(data, lang):
    document = casino_report.to_html(data, lang)
    parsed = page(document)
    assert parsed.problems == [] and parsed.stack == []
    assert parsed.lang == lang
    assert parsed.tags["details"] == 5 and parsed.tags["summary"] == 5
    assert parsed.tags["svg"] == 1 and parsed.tags["polyline"] == 2 and parsed.tags["circle"] == 12
    assert "http" not in document.replace('xmlns="http://www.w3.org/2000/svg"', "")  # no outside asset
    words = " ".join(parsed.words)
    round_two = text("casino.overlay.round", lang, round=2, rounds=5)
    assert round_two in words and text("casino.report.s.insurance", lang, entries=text(
        "casino.report.insurance", lang, seat=2, chips=-5)) in words  # fmt: skip
    assert ("round 5: ben 120 chips" if lang == "en" else "第5ハンド：ben 120チップ") in words


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_csv_one_row_per_round_and_seat(data, lang):
    rows = list(csv.reader(io.StringIO(casino_report.to_csv(data, lang))))
    header = rows[0]
    assert header == ([text(f"csv.{c}", lang) for c in casino_report.CSV_COLUMNS])
    if lang == "en":
        assert header == ["round", "seat", "player", "change", "insurance", "chips_after", "results"]
    body = rows[1:]
    assert len(body) == 10
    assert body[2] == ["2", "1", "aki", "30", "", "120", "1a win, 1b win" if lang == "en" else "1a 勝ち、1b 勝ち"]
    assert body[3][:6] == ["2", "2", "ben", "5", "-5", "120"]
    for seat, final in (("aki", 105), ("ben", 120)):
        mine = [row for row in body if row[2] == seat]
        assert 100 + sum(int(row[3]) for row in mine) == final == int(mine[-1][5])


def test_the_json_is_the_data_in_every_language(data):
    assert json.loads(casino_report.to_json_text(data, "ja")) == json.loads(casino_report.to_json_text(data, "en"))
    assert json.loads(casino_report.to_json_text(data))["seats"][1]["insurance_net"] == -5


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_fits_a_narrow_terminal_in_cells(data, lang):
    out = rendered(data, "text", lang, width=80)
    assert max(cell_len(line) for line in out.splitlines()) <= 80
    assert text("casino.report.rounds", lang) in out and "█" in out
    assert text("casino.report.title", lang) in out


def test_a_stored_session_shows_its_log_head_in_every_format(tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    result = runner.invoke(cli, ["import", str(SAMPLE), "--session", "casino-night", "--db", db])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["report", "casino-night", "--db", db, "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    chain = report["chain"]
    assert chain["ok"] and chain["events"] > 0 and len(chain["short"]) >= 8
    assert report["title"]["session"] == "casino-night" and report["title"]["created"]
    result = runner.invoke(cli, ["report", "casino-night", "--db", db, "--format", "csv", "--lang", "ja"])
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0][-1] == text("csv.log_head", "ja") and {row[-1] for row in rows[1:]} == {chain["short"]}
    result = runner.invoke(cli, ["report", "casino-night", "--db", db, "--format", "markdown", "--lang", "ja"])
    assert f"- **ログ：** {chain['events']}件、先頭のハッシュ {chain['short']}" in result.output
    result = runner.invoke(cli, ["report", "casino-night", "--db", db], terminal_width=160)
    assert result.exit_code == 0 and chain["short"] in result.output and "Ranking" in result.output


# ---------------------------------------------------------------- a game in progress


def test_a_game_cut_in_the_middle_of_a_round_is_reported_as_unfinished():
    state = play(cut_script())
    assert state.phase is Phase.PLAYERS
    data = casino_report.build(state)
    result = data["result"]
    assert result["status"] == "running" and result["reason"] is None and result["winner"] is None
    assert result["unsettled"] == 2 and result["chips_check"] is None
    first, second = data["rounds"]
    assert not first["unfinished"] and second["unfinished"]
    assert second["changes"] == {} and second["chips_after"] == first["chips_after"] == {"1": 90, "2": 115}
    assert [h["result"] for h in second["hands"]] == [None, None, None]
    assert data["chart"][-1] == {"round": 2, "chips": {"1": 90, "2": 115}, "unfinished": True}
    assert [(r["rank"], r["player"], r["chips"]) for r in result["ranking"]] == [(1, "ben", 115), (2, "aki", 90)]
    aki = data["seats"][0]
    assert (aki["hands"], aki["splits"], aki["doubles"], aki["won"], aki["lost"], aki["chips_end"]) == (3, 1, 1, 0, 1, 90)
    for lang in ("en", "ja"):
        md = casino_report.to_markdown(data, lang)
        assert f"| 2 {text('report.unfinished', lang)} |" in md
        assert text("casino.report.unsettled", lang, round=2) in md
        assert text("casino.final.running", lang, rounds=2, rule=5) in md
        assert f"## {text('casino.report.standing', lang)}" in md and text("col.chips_now", lang) in md
        assert not LEAK.search(md)
        document = casino_report.to_html(data, lang)
        assert 'class="unfinished"' in document and "dot f0 open s0" in document and page(document).problems == []
        assert not LEAK.search(" ".join(page(document).words))
    assert "（未終了）" in casino_report.to_markdown(data, "ja")
    rows = list(csv.reader(io.StringIO(casino_report.to_csv(data, "en"))))
    assert rows[3] == ["2", "1", "aki", "", "", "90", "1a -, 1b -"]


def test_between_rounds_the_game_runs_and_the_chips_add_up():
    lines = [line for line in sample_lines() if line.strip() and not line.startswith("#")]
    state = play("\n".join(lines[:9]))  # round 1 settled, round 2 not begun
    assert state.phase is Phase.BETWEEN
    data = casino_report.build(state)
    assert data["result"]["status"] == "running" and data["result"]["chips_check"] is True
    assert [r["round"] for r in data["rounds"]] == [1] and not data["rounds"][0]["unfinished"]
    assert [s["chips_end"] for s in data["seats"]] == [90, 115]


# ---------------------------------------------------------------- the end by TABLE-7


def test_a_lone_player_without_chips_ends_the_game_by_TABLE_7():
    state = play(BROKE)
    assert state.over and state.reason == "no_bets" and state.rounds == 2
    data = casino_report.build(state)
    result = data["result"]
    assert (result["status"], result["reason"], result["rounds"], result["alone"], result["result"]) == (
        "over", "no_bets", 2, True, "lose")  # fmt: skip
    assert result["winner"] is None and result["chips_check"] is True
    assert [r["chips_after"] for r in data["rounds"]] == [{"1": 20}, {"1": 0}]
    assert [[h["hand"] for h in r["hands"]] for r in data["rounds"]] == [["1a", "1b", "1c", "1d"], ["1"]]
    solo = data["seats"][0]
    assert (solo["hands"], solo["lost"], solo["doubles"], solo["splits"], solo["chips_end"], solo["net"]) == (
        5, 5, 5, 3, 0, -100)  # fmt: skip
    en = casino_report.to_markdown(data, "en")
    assert ("solo ends with 0 chips, fewer than 100: a loss - the game ended after 2 round(s): nobody held the "
            "10 chips of a bet (TABLE-7)") in en  # fmt: skip
    ja = casino_report.to_markdown(data, "ja")
    assert "soloは0チップで終了。100チップより減ったので負け — 2ハンドでゲーム終了" in ja and "（TABLE-7）" in ja
    assert "| 1 | 1 | 7 T = 17 | 1a 負け、1b 負け、1c 負け、1d 負け | - | -80 → 20 |" in ja


def test_a_game_ended_by_TABLE_7_with_chips_set_low_says_the_chips_do_not_add_up():
    state = play("ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 9 T 7\ndeal 8 9 [T]\n1 st\n2 st\nreveal")
    assert {k: s.chips for k, s in state.seats.items()} == {1: 100, 2: 110}  # 17 pushes, 19 wins
    state.seats[1].chips, state.seats[2].chips = 9, 0  # set low by hand, not by the rounds
    over, said = rulesets.step(state, n.Game())
    assert over.over and over.reason == "no_bets" and said[0].clause == "TABLE-7"
    data = casino_report.build(over)
    result = data["result"]
    assert result["reason"] == "no_bets" and result["winner"] == "aki" and result["rounds"] == 1
    assert [(r["rank"], r["player"], r["chips"]) for r in result["ranking"]] == [(1, "aki", 9), (2, "ben", 0)]
    assert result["chips_check"] is False
    assert result["mismatch"] == [{"seat": 1, "player": "aki", "counted": 100, "held": 9},
                                  {"seat": 2, "player": "ben", "counted": 110, "held": 0}]  # fmt: skip
    assert data["rounds"][0]["chips_after"] == {"1": 100, "2": 110}
    en = casino_report.to_markdown(data, "en")
    assert "aki wins the game with 9 chips - the game ended after 1 round(s)" in en
    assert "seat 1 aki: 100 counted, 9 held, seat 2 ben: 110 counted, 0 held" in en
    ja = casino_report.to_markdown(data, "ja")
    assert "ハンドごとの増減と持ちチップが合いません：1番席 aki：集計100、実際9、2番席 ben：集計110、実際0" in ja
