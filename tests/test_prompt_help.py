"""The live prompt in the chosen language (issue 9): help for every command of NOTATION.md in
both languages with an example that parses, completions described from the catalog, the
toolbar's clocks, the prompt's own words — and catalogs that stay complete."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.casino.commands import Insurance
from dealer_assist.tables.gear import catalog as gear_catalog, commands as gear, grammar as gear_grammar
from dealer_assist.tables.saikoro import commands as saikoro, grammar as saikoro_grammar
from dealer_assist.errors import NotationError
from dealer_assist.i18n import catalog, text
from dealer_assist.live import LiveSession, suggestions
from dealer_assist.prompt import (
    TOPICS, Clocks, completions, help_text, japanese_words, matching, prompt_word, run_pipe, toolbar_html,
    topic_help, topics_for,
)  # fmt: skip
from dealer_assist.replay import replay_text
from dealer_assist.store import Store

ROOT = Path(__file__).parent.parent
LOCALES = ROOT / "dealer_assist" / "locales"
NOTATION_MD = ROOT.parent / "shared" / "spec" / "NOTATION.md"
EXAMPLE = (ROOT / "sample_sessions" / "notation_example.txt").read_text(encoding="utf-8")
LANGS = ("en", "ja")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")

# the command each topic's example must parse to
KINDS = {
    "ruleset": n.Ruleset, "ins": Insurance, "quest": n.Quest, "hp": n.Hp, "dice": n.Dice, "seat": n.Seat, "skill": n.Skill, "jk": n.JokerLevels,
    "shoe": n.Shoe, "rule": n.Rule, "game": n.Game, "bet": n.Bet, "redistribute": n.Redistribute,
    "backbet": n.Backbet, "deal": n.Deal, "sr": n.SurrenderCall, "go": n.Go, "peek": n.Peek, "lock": n.Lock,
    "ht": n.Hit, "st": n.Stand, "dd": n.Double, "sp": n.Split, "card": n.SplitCard, "late_sr": n.LateSurrender,
    "foresight": n.Foresight, "timeup": n.TimeUp, "yellow": n.Yellow, "reveal": n.Reveal, "next": n.Next,
    "dealer": n.DealerCard, "empty": n.Empty, "note": n.Note, "undo": n.Undo,
    "option": saikoro.Option, "riichi": saikoro.Riichi, "ron": saikoro.Ron, "tsumo": saikoro.Tsumo,
    "roll": saikoro.Roll, "keep": saikoro.Keep, "ryukyoku": saikoro.Ryukyoku, "nagashi": saikoro.Nagashi,
    "chombo": saikoro.Chombo,
    "gear": gear.GearDef, "deck": gear.Deck, "first": gear.First, "pick": gear.Pick, "mulligan": gear.Mulligan,
    "round": gear.Round, "cards": gear.Cards, "use": gear.Use, "hit": gear.Hit, "stand": gear.Stand, "flip": gear.Flip,
}  # fmt: skip

# words that are the notation itself, in any language
NOTATION_WORDS = (set(n.KEYWORDS) | set(n.HAND_ACTIONS) | set(n.DIFFICULTIES) | set(n.RULE_KINDS)
                  | set(n.SKILL_KINDS) | {"on", "off", "none", "all", "help", "quit", "exit", "play", "card", "late_sr"}
                  | set(saikoro_grammar.KEYWORDS) | set(saikoro_grammar.LIMITS) | set(saikoro_grammar.FLAGS)
                  | set(saikoro_grammar.COUNTS) | {v for values in saikoro_grammar.OPTIONS.values() for v in values}
                  | set(gear_grammar.KEYWORDS) | set(gear_grammar.KINDS) | {"HIT", "STAND", "HP", "PP", "to"}
                  | {g.name for g in gear_catalog.read(gear_catalog.EXAMPLE)})  # gear names: the operator's data  # fmt: skip
# names seed 000 writes in Latin letters, kept so in Japanese (dealer_assist/data/glossary.toml)
SEED_NAMES = {"Mission", "One", "Million", "Platinum", "Gold", "Silver", "Bronze", "Treasure", "Box", "Extreme", "Hard",
              "Normal", "Easy"}  # fmt: skip
NOTATION_WORDS = NOTATION_WORDS | SEED_NAMES
WORD_RUN = re.compile(r"[A-Za-z][A-Za-z_']*(?: +[A-Za-z][A-Za-z_']*)+")


def english_in(shown: str) -> list[str]:
    """Runs of English words in a text, beside the notation (keywords, PLACEHOLDERS, suits)."""
    found = []
    for run in WORD_RUN.finditer(shown):
        words = [w for w in run.group().split() if len(w) > 1 and not w.isupper() and w not in NOTATION_WORDS]
        if len(words) >= 2:
            found.append(run.group())
    return found


def states():
    """States along the example session (setup, bets, deal, players, dealer, between)."""
    lines = [line for line in EXAMPLE.splitlines() if n.split_line(line)]
    out = []
    for cut in range(0, len(lines) + 1):
        result = replay_text("\n".join(lines[:cut]))
        assert result.ok
        out.append(result.session.state)
    surrender = replay_text("\n".join(lines[:9] + ["deal 9 [K] A", "deal 8 [5] [?]"]))
    assert surrender.ok
    out.append(surrender.session.state)
    return out


STATES = states()


# ---------------------------------------------------------------- help for every command


def test_every_command_of_notation_md_has_a_help_topic():
    assert set(n.KEYWORDS) <= set(TOPICS)
    assert {topics_for(f"3 {action}")[0] for action in n.HAND_ACTIONS} <= set(TOPICS)
    assert {"card", "late_sr", "help", "quit"} <= set(TOPICS)
    if NOTATION_MD.exists():  # the contract's command tables, row by row
        rows = re.findall(r"^\| `([^`]+)`", NOTATION_MD.read_text(encoding="utf-8"), re.M)
        commands = [row for row in rows if row.split()[0] in n.KEYWORDS or row.startswith("HAND")]
        assert len(commands) > 30
        for row in commands:
            assert topics_for(row.split("|")[0].split("/")[0]), row


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(TOPICS))
def test_help_for_every_command_in_both_languages_with_an_example_that_parses(name, lang):
    for part in ("short", "cmd", "example"):
        assert f"help.{part}.{name}" in catalog(lang)
    example = text(f"help.example.{name}", lang)
    if name in ("help", "quit", "hint"):
        assert prompt_word(example)[0] == name
    else:
        commands = n.parse_line(example)
        assert commands and all(isinstance(c, KINDS[name]) for c in commands), example
    shown = topic_help(name, lang)
    assert TOPICS[name].form in shown and example in shown
    for clause in TOPICS[name].clauses:
        assert clause in shown
    if lang == "ja":
        assert JAPANESE.search(text(f"help.cmd.{name}", "ja")) and JAPANESE.search(text(f"help.short.{name}", "ja"))
        assert text(f"help.cmd.{name}", "ja") != text(f"help.cmd.{name}", "en")
        assert english_in(shown) == [], shown


def test_the_examples_mean_the_same_in_both_languages():
    for name in KINDS:
        if name not in ("seat", "note"):  # a Japanese name and a Japanese note
            assert n.parse_line(text(f"help.example.{name}", "ja")) == n.parse_line(text(f"help.example.{name}", "en"))


def test_the_card_notation_is_explained_with_deal():
    for lang in LANGS:
        shown = help_text(STATES[0], lang, "deal")
        for token in ("[9]", "[?]", "JK", "T", "deal 9 [K] 6; deal 8 [5] [?]"):
            assert token in shown
    assert "クローズ" in help_text(STATES[0], "ja", "deal") and "クローズカード" in help_text(STATES[0], "ja", "deal")


@pytest.mark.parametrize(
    "query,topics",
    [("bet", ["bet"]), ("ベット", ["bet"]), ("ht", ["ht"]), ("ヒット", ["ht"]), ("3 ht", ["ht"]), ("3a ヒット", ["ht"]),
     ("ﾋｯﾄ", ["ht"]), ("ＢＥＴ", ["bet"]), ("3 sr", ["late_sr"]), ("3 サレンダー", ["late_sr"]),
     ("sr", ["sr", "late_sr"]), ("サレンダー", ["sr", "late_sr"]), ("3a 7", ["card"]), ("HAND CARD", ["card"]),
     ("card", ["card"]), ("ジョーカー", ["jk", "deal"]), ("取り消し", ["undo"]), ("ヘルプ", ["help"]),
     ("終了", ["quit"]), ("exit", ["quit"]), ("未来予知", ["foresight"]), ("メモ", ["note"]),
     ("all", list(TOPICS)), ("全部", list(TOPICS)), ("3", ["ht", "st", "dd", "sp", "card", "late_sr", "foresight"]),
     ("nothing", None), ("ゲームス", None)],
)  # fmt: skip
def test_help_command_finds_its_topic_in_either_language(query, topics):
    assert topics_for(query) == topics


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.phase.value)
def test_help_lists_first_what_can_be_typed_now_and_ja_has_no_english_sentence(state):
    for lang in LANGS:
        shown = help_text(state, lang)
        first, *rows = shown.splitlines()
        assert first == text("help.now", lang)
        for option in suggestions(state):
            assert any(row.strip().startswith(option.strip()) for row in rows), option
    ja = help_text(state, "ja")
    assert english_in(ja) == [], english_in(ja)
    assert english_in(help_text(state, "ja", "all")) == []
    assert english_in(help_text(state, "ja", "nothing")) == []


def test_help_in_english_reads_in_english():
    shown = help_text(STATES[0], "en", "ヒット")
    assert "Hand HAND hits" in shown and "example: 3 ht 4" in shown and "in Japanese: ヒット" in shown
    assert "no command 'xyz'" in help_text(STATES[0], "en", "xyz")
    assert english_in(help_text(STATES[0], "en"))  # the check above does find English


def test_the_live_prompt_in_japanese_from_a_terminal(tmp_path):
    import os
    import sys

    import pexpect

    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(sys.executable, ["-m", "dealer_assist", "play", "--lang", "ja", "--db", str(tmp_path / "l.db"),
                                           "--session", "ja"], env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, 120))  # fmt: skip
    child.expect("ja>")
    child.sendline("ヘルプ")
    child.expect("今入力できるもの")
    child.expect("ja>")
    child.sendline("help ヒット")
    child.expect("ハンドHANDがヒットします")
    child.expect("ja>")
    for line in ("quest normal", "dice 2 5", "seat 1 ちか 10万", "ゲーム", "ベット 1 2万"):
        child.sendline(line)
        child.expect("ja>")
    child.sendline("終了")
    child.expect(pexpect.EOF)
    store = Store(tmp_path / "l.db")
    assert [e.text for e in store.events(store.get("ja"))] == [
        "quest normal", "dice 2 5", "seat 1 ちか 100000", "game", "bet 1 20000"]


# ---------------------------------------------------------------- completion


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.phase.value)
def test_completions_are_the_notation_described_in_the_chosen_language(state):
    en, ja = completions(state, "en"), completions(state, "ja")
    assert [c[:2] for c in en] == [c[:2] for c in ja]  # the same notation in both languages
    assert [c[0] for c in en] == suggestions(state)
    for (_, _, meta_en), (_, _, meta_ja) in zip(en, ja, strict=True):
        assert meta_en and JAPANESE.search(meta_ja) and meta_en != meta_ja
        assert english_in(meta_ja) == []


def test_completion_continues_what_was_typed_japanese_words_too():
    bets = STATES[8]  # box 1 has bet; box 3 has not
    assert [c[0] for c in matching(bets, "bet", "ja")] == ["bet 3 "]
    assert [c[0] for c in matching(bets, "ベット", "ja")] == ["bet 3 "]
    assert [c[0] for c in matching(bets, "ｂｅｔ", "en")] == ["bet 3 "]
    amounts = [c[0] for c in matching(bets, "bet 3 ", "en")]  # box 3 (50,000 P): its amounts now
    assert amounts[0] == "bet 3 500" and amounts[-2:] == ["bet 3 50k", "bet 3 -"]
    assert [c[0] for c in matching(bets, "ベット 3 ", "ja")] == amounts
    players = next(s for s in STATES if s.phase.value == "players")
    assert "1 ht " in [c[0] for c in matching(players, "1 ヒット", "ja")]
    shown = {c[0]: c[1] for c in completions(players, "ja")}
    assert shown["1 ht "] == "1 ht CARD" and shown["1 st"] == "1 st"


# ---------------------------------------------------------------- the toolbar and the prompt's words


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_toolbar_speaks_the_chosen_language(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "t", create=True)
    for line in [line for line in EXAMPLE.splitlines() if n.split_line(line)][:8]:
        live.enter(line)
    fake = FakeTime()
    clocks = Clocks(fake)
    assert "⏱ bets 1:30" in toolbar_html(live, clocks, "en")
    ja = toolbar_html(live, clocks, "ja")
    assert "⏱ ベット時間 残り1:30" in ja and "bets" not in ja and english_in(ja) == []
    fake.now += 95
    assert "the bets time is up (TIME-1): F2 → bet 3 -" in toolbar_html(live, clocks, "en")
    ja = toolbar_html(live, clocks, "ja")
    assert "ベット時間がタイムアップ（TIME-1）：F2 → bet 3 -" in ja
    assert english_in(re.sub(r"<[^>]+>", "", ja)) == []  # the markup aside
    for name in ("bets", "surrender", "actions"):
        assert JAPANESE.search(text(f"clock.{name}", "ja"))


@pytest.mark.parametrize(
    "line,word",
    [("help", ("help", "")), ("ヘルプ", ("help", "")), ("ｈｅｌｐ　ヒット", ("help", "ヒット")), ("help 3 ht", ("help", "3 ht")),
     ("quit", ("quit", "")), ("exit", ("quit", "")), ("終了", ("quit", "")), ("QUIT", ("quit", "")),
     ("quit now", None), ("bet 3 5k", None), ("", None), ("x" * (n.MAX_LINE + 1), None)],
)  # fmt: skip
def test_the_prompts_own_words(line, word):
    assert prompt_word(line) == word


def test_the_pipe_speaks_the_chosen_language_and_answers_help(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "p", create=True)
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False)
    bad = NotationError("notation.not_utf8_line")
    refused = run_pipe(live, [(1, "quest normal"), (2, bad), (3, "ヘルプ ベット"), (4, "終了"), (5, "dice 1 2")],
                       console, lang="ja")  # fmt: skip
    shown = out.getvalue()
    assert refused == 1
    assert "2行目：" in shown and "line 2" not in shown
    assert "bet BOX AMOUNT | bet BOX -" in shown and "例：bet 3 2万" in shown
    assert [e.text for e in live.store.events(live.row)] == ["quest normal"]  # 終了 stops before dice


# ---------------------------------------------------------------- the catalogs stay complete


def read(lang: str) -> dict[str, tuple[str, str]]:
    with (LOCALES / f"{lang}.po").open("rb") as handle:
        return {m.context: (m.id, m.string) for m in read_po(handle, abort_invalid=True) if m.context}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_english_key_is_translated_with_the_same_placeholders():
    en, ja = read("en"), read("ja")
    assert sorted(set(en) - set(ja)) == [] and sorted(set(ja) - set(en)) == []
    for key, (english, _) in en.items():
        source, translated = ja[key]
        assert source == english, key  # the same English in both files
        assert translated, key  # translated
        assert placeholders(translated) == placeholders(english), key


def test_every_help_topic_lists_the_japanese_words_notation_reads():
    listed = {w for name in TOPICS for w in japanese_words(name)}
    assert set(n.JA_COMMANDS) <= listed and set(n.JA_ACTIONS) <= listed and set(n.JA_PROMPT) <= listed
    assert set(n.JA_CARDS) <= listed and set(n.JA_NONE) <= listed
