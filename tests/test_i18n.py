"""日本語 and English: the catalogs, the language choice, figures, and the sample sessions
replayed in both languages (same clauses, same figures, same exit status, no sentence of the
other language)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist import i18n
from dealer_assist.cli import cli

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"
SCRIPTS = sorted(SAMPLES.glob("*.txt"))
GOLDEN = ("notation_example", "jokers")  # their Japanese replay is checked in (NAME.ja.out)
JAPANESE = re.compile(r"[\u3001-\u303f\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
# English function words: one of them in a Japanese line means an English sentence slipped in
ENGLISH = re.compile(r"\b(the|is|are|was|and|of|to|for|with|from|this|that|has|have|not|every|each|its|an|"
                     r"by|be|at|it|on|in|no|or|as|if|than|then|when|after|before|only|all)\b", re.I)  # fmt: skip
ECHO = re.compile(r"^\s*\d+  ")  # replay echoes each script line (the user's own text) after its number


def run(*args: str, env: dict | None = None):
    result = CliRunner().invoke(cli, list(args), env={"COLUMNS": "110", **(env or {})})
    return result.exit_code, result.output


def replay(script: Path, lang: str) -> tuple[int, str]:
    return run("replay", str(script), "--lang", lang)


def tool_lines(output: str) -> list[str]:
    """What the tool said, without the script lines it echoes."""
    return [line for line in output.splitlines() if not ECHO.match(line)]


# ---------------------------------------------------------------- the catalogs


def fields(template: str) -> set[str]:
    import string

    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_catalogs_have_every_key_with_the_same_placeholders():
    en, ja = i18n.catalog("en"), i18n.catalog("ja")
    assert en.keys() == ja.keys()
    assert len(en) > 400
    assert [k for k in en if fields(en[k]) != fields(ja[k])] == []


def test_every_japanese_entry_is_translated():
    from babel.messages.pofile import read_po

    with (ROOT / "dealer_assist" / "locales" / "ja.po").open("rb") as handle:
        catalog = read_po(handle)
    untranslated = [m.context for m in catalog if m.id and not m.string]
    fuzzy = [m.context for m in catalog if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    en = i18n.catalog("en")
    stale = [m.context for m in catalog if m.id and en.get(m.context) != m.id]  # English changed since
    assert stale == []


# names seed 000 itself writes in Latin letters (Extreme …, Platinum Treasure Box …): issue 18
SEED_LATIN_NAMES = {f"{kind}.{level}" for kind in ("difficulty", "reward") for level in ("extreme", "hard", "normal", "easy")}


def test_japanese_sentences_are_japanese():
    for key, template in i18n.catalog("ja").items():
        if key.startswith(("click.", "col.hp", "overlay.word.hp", "overlay.word.mp", "csv.log_head", "fmt.", "render.over", "audit.sep",
                           "report.svg_top", "help.example.", "ruleset.name.onemillion", "reason.None", "reward.None", "difficulty.None",
                           "outcome.None", "gear.col.hp", "gear.col.pp", "gear.what.pp",
                           "gear.overlay.placed")):  # notation, symbols and figures only  # fmt: skip
            continue
        if key in SEED_LATIN_NAMES:  # the seed writes them in Latin letters (glossary.toml)
            assert template in ("Extreme", "Hard", "Normal", "Easy") or template.endswith(" Treasure Box"), key
            continue
        assert JAPANESE.search(template), key


# ---------------------------------------------------------------- figures


@pytest.mark.parametrize(("value", "text"), [
    (0, "0"), (5000, "5000"), (9999, "9999"), (10_000, "1万"), (15_000, "1万5000"), (975_000, "97万5000"),
    (1_000_000, "100万"), (100_000_000, "1億"), (123_456_789, "1億2345万6789"), (-25_000, "-2万5000"),
])  # fmt: skip
def test_amounts_the_japanese_way(value, text):
    assert i18n.man(value) == text
    assert i18n.amount(value, "ja") == text
    assert i18n.amount(value, "en") == f"{value:,}"


def test_ann_1_announced_the_way_japanese_streams_say_it():
    assert i18n.text("announce", "ja", hp=975_000, announce=1_000_000) == "ディーラーのHPは97万5000P、「100万P以下」と告知"
    assert i18n.text("announce", "en", hp=975_000, announce=1_000_000).endswith("1,000,000 P or less")


# ---------------------------------------------------------------- the language choice


def test_the_language_is_lang_then_the_environment_then_the_session_then_the_locale(monkeypatch):
    for name in ("DEALER_ASSIST_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.resolve(None) == "ja"
    assert i18n.resolve(None, session="en") == "en"
    monkeypatch.setenv("DEALER_ASSIST_LANG", "en")
    assert i18n.resolve(None, session="ja") == "en"
    assert i18n.resolve("ja") == "ja" and i18n.resolve("JA") == "ja" and i18n.resolve("ja_JP") == "ja"
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("DEALER_ASSIST_LANG")
    assert i18n.resolve(None) == "en"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # a language without a catalog: English
    assert i18n.resolve(None) == "en"


def test_an_unknown_language_is_a_clear_error_listing_the_available_ones():
    code, out = run("replay", str(SAMPLES / "notation_example.txt"), "--lang", "xx")
    assert code == 2 and "en, ja" in out and "xx" in out and "不明な言語" in out
    code, out = run("replay", str(SAMPLES / "notation_example.txt"), env={"DEALER_ASSIST_LANG": "klingon"})
    assert code == 2 and "klingon" in out


def test_dealer_assist_lang_and_the_locale_choose_japanese(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    code, out = run("replay", str(SAMPLES / "notation_example.txt"), env={"DEALER_ASSIST_LANG": "ja"})
    assert code == 0 and "「100万P以下」" in out
    code, out = run("replay", str(SAMPLES / "notation_example.txt"), env={"LANG": "ja_JP.UTF-8",
                                                                         "DEALER_ASSIST_LANG": ""})  # fmt: skip
    assert code == 0 and "「100万P以下」" in out
    code, out = run("--lang", "ja", "replay", str(SAMPLES / "notation_example.txt"))  # before the command
    assert code == 0 and "「100万P以下」" in out


def test_a_session_remembers_its_language_for_audit_and_report(tmp_path, monkeypatch):
    for name in ("DEALER_ASSIST_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    db = str(tmp_path / "s.db")
    script = (SAMPLES / "notation_example.txt").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--session", "ja-night", "--db", db, "--lang", "ja"], input=script)
    assert result.exit_code == 0, result.output
    code, out = run("report", "ja-night", "--db", db)
    assert code == 0 and "クエスト" in out
    code, out = run("audit", "ja-night", "--db", db)
    assert code == 0 and "ディーラー" in out
    code, out = run("audit", "ja-night", "--db", db, "--lang", "en")
    assert code == 0 and [line for line in out.splitlines() if JAPANESE.search(line)] == [
        '        │ announced as "900,000 or less" (「90万P以下」).']  # ANN-1 quotes the Japanese words
    code, out = run("sessions", "--db", db)
    assert "ja-night" in out and " ja" in out


# ---------------------------------------------------------------- the sample sessions in both languages


def figures(line: str) -> list[int | float]:
    """The numbers of a line, whatever way they are written (975,000 / 97万5000 / 2.5)."""
    out: list[int | float] = []
    for token in re.findall(r"\d+(?:\.\d+)?(?:億\d*)?(?:万\d*)?|\d{1,3}(?:,\d{3})+", line.replace(",", "")):
        value = 0
        rest = token
        for unit, size in (("億", 10**8), ("万", 10**4)):
            if unit in rest:
                head, rest = rest.split(unit, 1)
                value += int(head) * size
        out.append(value + (float(rest) if "." in rest else int(rest or 0)))
    return out


CLAUSE = re.compile(r"^\s{4}([A-Z]+-[A-Z0-9]+)\s")


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_samples_replay_in_japanese_with_the_same_clauses_figures_and_exit_status(script):
    en_code, en = replay(script, "en")
    ja_code, ja = replay(script, "ja")
    assert en_code == ja_code == 0
    en_rulings = [line for line in en.splitlines() if CLAUSE.match(line)]
    ja_rulings = [line for line in ja.splitlines() if CLAUSE.match(line)]
    assert [CLAUSE.match(line)[1] for line in en_rulings] == [CLAUSE.match(line)[1] for line in ja_rulings]
    for en_line, ja_line in zip(en_rulings, ja_rulings):
        en_figures, ja_figures = set(figures(en_line)), set(figures(ja_line))
        assert en_figures <= ja_figures, (en_line, ja_line)
        assert ja_figures - en_figures <= {1, 2}, (en_line, ja_line)  # "one card", "both": 1枚, 2枚


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_no_sentence_of_the_other_language(script):
    _, ja = replay(script, "ja")
    english = [line for line in tool_lines(ja) if ENGLISH.search(line)]
    assert english == []
    _, en = replay(script, "en")
    japanese = [line for line in tool_lines(en) if JAPANESE.search(line)]
    assert japanese == []


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_japanese_replay(name):
    code, out = replay(SAMPLES / f"{name}.txt", "ja")
    assert code == 0
    assert out == (SAMPLES / f"{name}.ja.out").read_text(encoding="utf-8")


def test_a_refused_line_in_japanese_names_the_line_and_the_clause(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("quest easy\ndice 6\nseat 1 aki 100k\ngame\nbet 1 49500\n", encoding="utf-8")
    code, out = run("replay", str(bad), "--lang", "ja")
    assert code == 2 and "5行目" in out and "BET-3" in out and "上3桁目" in out


# ---------------------------------------------------------------- audit, report, verify, the CLI itself


def test_audit_quotes_the_rulebook_in_the_language_asked_for():
    code, out = run("audit", str(SAMPLES / "jokers.txt"), "--game", "2", "--lang", "ja")
    assert code == 0
    assert "│ JK-5 プレーヤーのジョーカーはプレーヤー目線" in out
    assert not [line for line in out.splitlines() if "│" in line and ENGLISH.search(line)]
    code, out = run("audit", str(SAMPLES / "jokers.txt"), "--game", "2", "--lang", "en")
    assert "│ JK-5 A player's joker takes its effect by the players' count" in out


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "csv"])
def test_the_report_in_japanese_in_every_format(fmt):
    code, out = run("report", str(SAMPLES / "extreme_445.txt"), "--format", fmt, "--lang", "ja")
    assert code == 0 and JAPANESE.search(out)
    body = re.sub(r"<[^>]+>", " ", out)  # HTML tags and attributes are not sentences
    assert [line for line in body.splitlines() if ENGLISH.search(line)] == []
    if fmt == "csv":
        assert out.splitlines()[0].startswith("ゲーム,回復,ベット合計")
    if fmt == "html":
        assert '<html lang="ja">' in out and "Platinum Treasure Box" in out


def test_the_report_json_keys_stay_the_api_in_every_language():
    _, en = run("report", str(SAMPLES / "extreme_445.txt"), "--format", "json", "--lang", "en")
    _, ja = run("report", str(SAMPLES / "extreme_445.txt"), "--format", "json", "--lang", "ja")
    assert json.loads(en) == json.loads(ja)


def test_the_cli_help_and_click_usage_errors_in_japanese():
    exe = [sys.executable, "-m", "dealer_assist"]
    out = subprocess.run([*exe, "--lang", "ja", "--help"], capture_output=True, text=True).stdout
    assert "使い方:" in out and "オプション" in out and "スクリプトを再生" in out
    assert [line for line in out.splitlines() if ENGLISH.search(line)] == []
    out = subprocess.run([*exe, "audit", "--help", "--lang", "ja"], capture_output=True, text=True).stdout
    assert "第Nゲームのコマンドだけを表示します" in out
    err = subprocess.run([*exe, "replay", "--nope", "--lang", "ja"], capture_output=True, text=True).stderr
    assert "エラー：" in err and "「--nope」というオプションはありません" in err
    out = subprocess.run([*exe, "--help"], capture_output=True, text=True, env={"LANG": "C", "PATH": ""}).stdout
    assert "Usage:" in out and not JAPANESE.search(out)


# ---------------------------------------------------------------- widths in terminal cells


def test_tables_stay_aligned_with_full_width_names():
    from rich.cells import cell_len
    from rich.console import Console

    from dealer_assist import render
    from dealer_assist.replay import replay_text

    script = "quest easy\ndice 6\nseat 1 ちか 100k\nseat 2 aki 100k\nseat 3 ゆうたろう 50k\ngame\nbet 1 10k\n"
    state = replay_text(script).session.state
    for lang in ("en", "ja"):
        console = Console(width=120, record=True, highlight=False)
        console.print(render.panel(state, lang))
        rows = [line for line in console.export_text().splitlines() if re.search(r"ちか|aki|ゆうたろう", line)]
        assert len(rows) == 3
        starts = {cell_len(line[: line.index(name)]) for line, name in zip(rows, ("ちか", "aki", "ゆうたろう"))}
        assert len(starts) == 1  # the player column starts in the same cell on every row
        points = {cell_len(line[: line.index(x) + len(x)]) for line, x in
                  zip(rows, ("100,000", "100,000", "50,000") if lang == "en" else ("10万", "10万", "5万"))}
        assert len(points) == 1  # right-aligned figures end in the same cell
