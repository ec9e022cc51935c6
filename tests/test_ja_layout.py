"""Layout in terminal cells, in Japanese and English, at 80 and 160 columns (issue 18):
no table header or value cut, no number split from its label by a line break, and
continuation lines of help indented under their text."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from rich.console import Console

from dealer_assist.cli import cli
from dealer_assist.messages import text
from dealer_assist.replay import replay_text

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"
WIDTHS = (80, 160)
LANGS = ("ja", "en")
NO_START = set("、。，．）」』】〕〉》ー・：；？！…")  # a line must not start with these (行頭禁則)
NO_END = set("（「『【〔〈《")  # nor end with these (行末禁則)
TABLE = re.compile(r"[┃│━╇]")
ECHO = re.compile(r"^\s*\d+  \S")  # replay's echo of a script line


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, highlight=False, color_system=None, legacy_windows=False)


def printed(con: Console) -> str:
    return con.file.getvalue()


def state_of(sample: str, before: str | None = None):
    script = (SAMPLES / f"{sample}.txt").read_text(encoding="utf-8")
    if before is not None:
        script = script.split(before)[0]
    result = replay_text(script)
    assert result.ok, result.error_text()
    return result.session.state


def bad_breaks(lines: list[str]) -> list[tuple[str, str]]:
    """The breaks between consecutive lines that split a number from its label (a digit on
    one side, a letter, kana, kanji or a dash on the other), or break 禁則."""
    out = []
    for a, b in zip(lines, lines[1:]):
        a, b = a.rstrip(), b.lstrip()
        if not a or not b:
            continue
        prev, nxt = a[-1], b[0]
        split = (prev.isdigit() and nxt.isalnum()) or (nxt.isdigit() and (prev.isalnum() or prev in "—-"))
        if split or nxt in NO_START or prev in NO_END:
            out.append((a[-12:], b[:12]))
    return out


def too_wide(output: str, width: int) -> list[str]:
    return [line for line in output.splitlines() if cell_len(line) > width]


def whole_on_a_line(output: str, value: str) -> bool:
    return any(value in line for line in output.splitlines())


# ---------------------------------------------------------------- the wrap itself


SENTENCES = (
    "HP 94万（ディーラーのHP 94万：「100万P以下」と告知）／ゲーム数 4／MP 1／見えたジョーカー：プレーヤー目線 7枚・ディーラー目線 7枚",
    "「1 ht 3」は今は入力できない。入力できるのは 1番ボックス（aki）はソフト12、ディーラーは6 － ht/st/dd/sp/sr",
    "CPU-1・CPU：1 st — 17、ディーラー6に対してはスタンド（ハードの17以上）",
    "ディーラーのジョーカー：ディーラー目線で7枚目（後半）：Lv.2。すでに配られたＢＪの配当を先に行う",
)


@pytest.mark.parametrize("sentence", SENTENCES)
def test_japanese_breaks_between_characters_never_inside_a_number_and_its_label(sentence):
    from dealer_assist.wrap import wrap

    for width in range(16, 121):
        lines = wrap(sentence, width)
        assert all(cell_len(line) <= width for line in lines), (width, lines)
        assert bad_breaks(lines) == [], (width, lines)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")
        assert all("1 ht 3" in line for line in lines if "1 ht" in line)


def test_english_still_breaks_at_spaces():
    from dealer_assist.wrap import wrap

    assert wrap("the quick brown fox jumps over the lazy dog", 20) == ["the quick brown fox", "jumps over the lazy", "dog"]


# ---------------------------------------------------------------- tables: no header, no value cut


def report_output(kind: str, lang: str, width: int) -> tuple[str, dict]:
    con = console(width)
    if kind == "quest":
        from dealer_assist.tables.onemillion import report

        data = report.build(state_of("extreme_445"), meta={"session": "金曜の配信", "created": "2026-12-01T19:30:00"})
        report.print_text(data, con, lang)
    else:
        from dealer_assist.tables.casino import report

        data = report.build(state_of("casino_game"))
        report.print_text(data, con, lang)
    return printed(con), data


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_quest_report_cuts_no_header_and_no_value(lang, width):
    from dealer_assist.tables.onemillion.report import BOX_COLUMNS, GAME_COLUMNS, _box_cells, _game_cells, _headers

    out, data = report_output("quest", lang, width)
    assert "…" not in out and too_wide(out, width) == []
    for header in _headers(BOX_COLUMNS + GAME_COLUMNS, lang):
        assert whole_on_a_line(out, header), header
    cells = [c for b in data["boxes"] for c in _box_cells(b, lang)]
    cells += [c for g in data["games"] for c in _game_cells(g, lang)]
    for cell in cells:
        assert whole_on_a_line(out, cell), cell


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_casino_report_cuts_no_header_and_no_value(lang, width):
    from dealer_assist.tables.casino.report import (RANKING_COLUMNS, ROUND_COLUMNS, SEAT_COLUMNS, _headers, _seat_headers,
                                             _seat_row)  # fmt: skip

    out, data = report_output("casino", lang, width)
    assert "…" not in out and too_wide(out, width) == []
    headers = [*_headers(RANKING_COLUMNS, lang), *_headers(ROUND_COLUMNS, lang), *_seat_headers(data, lang),
               *_headers(SEAT_COLUMNS, lang, data)]  # fmt: skip
    for header in headers:
        assert whole_on_a_line(out, header), header
    for seat in data["seats"]:
        for cell in _seat_row(seat, lang):
            assert whole_on_a_line(out, cell), cell


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_sessions_cut_no_name_date_or_table_name(tmp_path, lang, width):
    db = str(tmp_path / "s.db")
    names = {"casino_game": "カジノ金曜日の配信", "extreme_445": "extreme_445_quest_of_friday"}
    for sample, name in names.items():
        result = CliRunner().invoke(cli, ["import", str(SAMPLES / f"{sample}.txt"), "--session", name, "--db", db])
        assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["sessions", "--db", db, "--lang", lang], env={"COLUMNS": str(width)})
    out = result.output
    assert result.exit_code == 0 and "…" not in out and too_wide(out, width) == []
    for name in names.values():
        assert whole_on_a_line(out, name)
    assert len(re.findall(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", out)) == 2  # the date on one line
    for word in (text("ruleset.name.casino", lang), text("difficulty.extreme", lang),
                 *(text(f"col.{c}", lang) for c in ("name", "created", "difficulty", "games", "hp", "status", "lang"))):
        assert whole_on_a_line(out, word), word


# ---------------------------------------------------------------- rulings, the state line, the live panel


@pytest.mark.parametrize("width", (80, 110, 160))  # 110: the shipped NAME.ja.out
@pytest.mark.parametrize("sample", ["jokers", "extreme_445", "casino_game", "guild_skills"])
def test_a_japanese_replay_fits_and_keeps_numbers_with_their_labels(sample, width):
    result = CliRunner().invoke(cli, ["replay", str(SAMPLES / f"{sample}.txt"), "--lang", "ja"],
                                env={"COLUMNS": str(width)})  # fmt: skip
    out = result.output
    assert result.exit_code == 0 and too_wide(out, width) == []
    lines = out.splitlines()
    paragraphs: list[list[str]] = []
    for line in lines:
        prose = not TABLE.search(line) and not ECHO.match(line)
        if prose and paragraphs and line.startswith(" " * 13) and line[13] != " ":
            paragraphs[-1].append(line)  # a ruling's continuation, under its text
        elif prose and paragraphs and paragraphs[-1][0].startswith("HP "):
            paragraphs[-1].append(line)  # the state line's continuation
        else:
            paragraphs.append([line])
    for paragraph in paragraphs:
        assert bad_breaks(paragraph) == [], paragraph


@pytest.mark.parametrize("width", (40, 80))
def test_the_live_panel_wraps_its_title_and_footer_in_the_terminal_width(width):
    from dealer_assist import render

    state = state_of("recovery_and_empty_shoe", before="next")
    con = console(width)
    con.print(render.panel(state, "ja"))
    out = printed(con)
    head = out.split(text("col.box", "ja"))[0].splitlines()  # the title lines, above the table's header
    shoe = text("render.shoe_left", "ja", left=state.shoe_left, dealt=0)[:3]
    at = next(i for i, line in enumerate(head) if line.startswith(shoe))  # the title's second line: the shoe
    assert at > 1  # the first line was too long for the width: it was broken
    assert too_wide("\n".join(head), width) == [] and bad_breaks(head[:at]) == [] and bad_breaks(head[at:]) == []
    footer = [line for line in out.splitlines() if not TABLE.search(line)][-2:]
    assert bad_breaks(footer) == []


# ---------------------------------------------------------------- the prompt: refusals, hint, help


class StubLive:
    """What ``handle_line`` and ``run_pipe`` use of a live session, over a replayed state."""

    def __init__(self, session):
        self.session = session
        self.state = session.state

    def enter(self, line):
        from dealer_assist.notation import parse_line

        self.session.submit_all(parse_line(line))
        raise AssertionError("the line was meant to be refused")


def test_a_refusal_keeps_the_echoed_command_whole():
    from dealer_assist.prompt import handle_line

    result = replay_text((SAMPLES / "jokers.txt").read_text(encoding="utf-8").split("1 ht [JK]")[0])
    for width in (30, 40, 50, 80):
        con = console(width)
        assert handle_line(StubLive(result.session), "next 5", con, lang="ja") is False
        lines = printed(con).splitlines()
        assert any("「next 5」" in line for line in lines), lines
        assert too_wide("\n".join(lines), width) == [] and bad_breaks(lines) == []
        assert all(line.startswith("    ") for line in lines[1:]), lines  # under the text, not at column 0


@pytest.mark.parametrize("width", (30, 40, 80))
def test_the_hint_keeps_the_command_and_the_total_together(width):
    from dealer_assist.prompt import run_pipe

    state = state_of("casino_game", before="1 st ")
    con = console(width)
    run_pipe(SimpleNamespace(state=state), ["hint"], con, lang="ja")
    lines = printed(con).splitlines()
    assert too_wide("\n".join(lines), width) == [] and bad_breaks(lines) == []
    assert any("1 st" in line for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_help_all_at_80_columns_indents_every_continuation(lang):
    from dealer_assist.prompt import run_pipe

    con = console(80)
    run_pipe(SimpleNamespace(state=state_of("notation_example")), ["help all"], con, lang=lang)
    lines = printed(con).splitlines()
    assert too_wide("\n".join(lines), 80) == []
    rows = lines[1:]
    assert rows and all(line.startswith("  ") for line in rows), [line for line in rows if not line.startswith("  ")]
    assert any(line.startswith(" " * 8) for line in rows)  # a long description goes on under itself
    assert bad_breaks(rows) == [] or lang == "en"


# ---------------------------------------------------------------- click's --help


@pytest.mark.parametrize("lang", LANGS)
def test_click_help_fits_80_cells_and_breaks_no_word(lang):
    result = CliRunner().invoke(cli, ["simulate", "--help"], env={"COLUMNS": "80", "DEALER_ASSIST_LANG": lang})
    out = result.output
    assert result.exit_code == 0 and too_wide(out, 80) == []
    assert "reshuffle" in out.replace("[continuous|reshuffle]", "")  # the word whole in its description
    assert not re.search(r"res\n\s*huffle", out)
    columns = set()
    for line in out.splitlines():
        gap = re.search(r"\S {2,}(?=\S)", line) if line.startswith("  -") else None
        if gap:  # an option, then its description on the same line
            columns.add(cell_len(line[: gap.end()]))
    assert len(columns) == 1, columns  # every description starts in the same cell, 「--html パス」 too


@pytest.mark.parametrize("width", (40, 60))
def test_the_casino_panel_wraps_its_title_and_footer_in_the_terminal_width(width):
    from dealer_assist import render

    state = state_of("casino_game", before="ins 2")
    con = console(width)
    con.print(render.panel(state, "ja"))
    from dealer_assist.tables.casino.apply import expectation

    lines = printed(con).splitlines()
    head = printed(con).split(text("col.seat", "ja"))[0].splitlines()
    assert len(head) > 1 and too_wide("\n".join(head), width) == [] and bad_breaks(head) == []
    clause = expectation(state).clause
    footer = lines[next(i for i, line in enumerate(lines) if line.startswith(clause)):]
    assert (len(footer) > 1 or width > 40) and too_wide("\n".join(footer), width) == [] and bad_breaks(footer) == []
