"""The Japanese glossary (dealer_assist/data/glossary.toml): every Japanese message and both
Japanese rulebooks use the seeds' words (issue 18), and a term that is a word of its own is one
catalog entry that says exactly the glossary's word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dealer_assist import glossary

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "dealer_assist" / "locales"
DATA = ROOT / "dealer_assist" / "data"


def _catalog(lang: str) -> dict[str, str]:
    with open(LOCALES / f"{lang}.po", "rb") as f:
        return {m.context: m.string for m in read_po(f) if m.context}


JA = _catalog("ja")
EN = _catalog("en")


def _rulebook_text(path: Path) -> str:
    """The rulebook's Japanese prose: code spans (commands, English words quoted as such) and
    the English names in *italics* are not Japanese wording."""
    out = path.read_text(encoding="utf-8")
    out = re.sub(r"`[^`]*`", "", out)
    return re.sub(r"\*[A-Za-z][^*]*\*", "", out)


def test_the_glossary_reads_and_names_its_tables():
    terms = glossary.terms()
    assert len({t.key for t in terms}) == len(terms)
    assert {t.table for t in terms} == set(glossary.tables())
    for t in terms:
        assert t.ja and t.en
        assert not t.misuses(t.ja), f"{t.key}: the glossary's own word {t.ja} is one it replaces"


def test_key_prefixes_decide_the_table():
    assert glossary.table_of("casino.pay.push") == "casino"
    assert glossary.table_of("cpu.reason.double") == "casino"
    assert glossary.table_of("hand.hit") == "onemillion"
    assert glossary.table_of("draw.hit") == "onemillion"
    assert glossary.table_of("col.player") == "shared"
    assert glossary.table_of("result.push") == "onemillion"  # the casino says casino.result.push


@pytest.mark.parametrize("table", ["onemillion", "casino"])
def test_japanese_messages_use_only_the_glossary_words(table):
    bad = []
    for key, ja in JA.items():
        own = glossary.table_of(key)
        if own != table and not (own == "shared" and table == "onemillion"):
            continue
        for term, word in glossary.violations(ja, own):
            bad.append(f"{key}: {word!r} (glossary {term}) in {ja!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("name", "table"), [("RULES.ja.md", "onemillion"), ("CASINO.ja.md", "casino")])
def test_the_japanese_rulebooks_use_only_the_glossary_words(name, table):
    lines = _rulebook_text(DATA / name).splitlines()
    bad = [f"{name}:{n}: {word!r} (glossary {term}): {line.strip()[:60]}"
           for n, line in enumerate(lines, 1) for term, word in glossary.violations(line, table)]  # fmt: skip
    assert not bad, "\n".join(bad)


def test_a_term_that_is_a_word_is_its_catalog_entry():
    """One term, one catalog entry: the entry says the glossary's word, in both catalogs."""
    for t in glossary.terms():
        if t.entry is None:
            continue
        assert t.entry in JA and t.entry in EN, f"{t.key}: no catalog entry {t.entry}"
        assert JA[t.entry] == t.ja, f"{t.key}: {t.entry} says {JA[t.entry]!r}, the glossary {t.ja!r}"


def test_terms_appear_where_the_seed_says_them():
    missing = [f"{t.key}: {key} does not say {t.ja} ({JA.get(key)!r})"
               for t in glossary.terms() for key in t.used_in if t.ja not in JA.get(key, "")]  # fmt: skip
    assert not missing, "\n".join(missing)


def test_the_casino_has_its_own_words_where_one_million_says_others():
    """引き分け／ブラックジャック at the casino, プッシュ／ＢＪ at One Million, from separate entries."""
    assert JA["casino.result.push"] == "引き分け" and JA["result.push"] == "プッシュ"
    assert JA["casino.result.blackjack"] == "ブラックジャック" and JA["result.blackjack"] == "ＢＪ"
    assert JA["casino.col.round"] == "ハンド" and JA["casino.col.hand"] == "手札"
    assert JA["casino.col.bet"] == "賭け"


def test_rulings_are_plain_form():
    """One register for rulings (docs/decisions.md): no です／ます in any ruling family."""
    families = ("hand.", "draw.", "check.", "casino.", "guild.", "deal.", "dealer.", "joker.", "bet.", "box.",
                "surrender.", "lock.", "settle.", "end.", "skill.", "time.", "yellow.", "game.", "shoe.",
                "cpu.", "basic.", "expect.", "announce", "setup.", "card.")  # fmt: skip
    polite = re.compile(r"(です|ます|ません|でした|ください)")
    bad = [f"{k}: {v}" for k, v in JA.items() if k.startswith(families) and polite.search(v)
           and not k.startswith(("casino.report.", "casino.complete."))]  # fmt: skip
    assert not bad, "\n".join(bad)


ECHO = re.compile(r"^\s*\d+  ")  # replay echoes each script line (the dealer's own text)


def _run(*args: str) -> str:
    from click.testing import CliRunner

    from dealer_assist.cli import cli

    result = CliRunner().invoke(cli, [*args, "--lang", "ja"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    return result.output


def _screen_misuses(out: str, table: str) -> list[str]:
    lines = [line for line in out.splitlines() if not ECHO.match(line)]
    return [f"{word!r} (glossary {term}): {line.strip()[:80]}"
            for line in lines for term, word in glossary.violations(line, table)]  # fmt: skip


@pytest.mark.parametrize(("sample", "table"), [("casino_game", "casino"), ("casino_alone", "casino"),
                                               ("jokers", "onemillion"), ("dealer_skills", "onemillion"),
                                               ("recovery_and_empty_shoe", "onemillion")])  # fmt: skip
@pytest.mark.parametrize("command", ["replay", "report", "audit"])
def test_a_japanese_session_on_screen_uses_only_the_glossary_words(sample, table, command):
    """The casino's report, replay tables and audit say 手札, 賭け, 引き分け, ブラックジャック, ハンド for
    a deal (not the shared One Million words); One Million's say シューター, クローズカード, N番ボックス."""
    out = _run(command, str(ROOT / "sample_sessions" / f"{sample}.txt"))
    bad = _screen_misuses(out, table)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("fmt", ["markdown", "html", "csv"])
def test_the_casino_report_in_every_format_uses_the_casino_words(fmt):
    out = _run("report", str(ROOT / "sample_sessions" / "casino_game.txt"), "--format", fmt)
    out = re.sub(r"<[^>]+>", " ", out)
    bad = _screen_misuses(out, "casino")
    assert not bad, "\n".join(bad)
    assert "引き分け" in out and "ブラックジャック" in out and (fmt == "csv" or "手札" in out)
