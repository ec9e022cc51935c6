"""Issue 17, "Safe on stream": the deal line that shifts every card.

A deal may be split over lines (NOTATION.md, ``deal CARD …``), so a line one card short is
accepted — and the whole line typed again after it deals every card one box further. At the
live prompt such a line is held, naming where the next card would go (the table's own
expectation), and the full line typed right after it is offered as its replacement; a script,
a pipe and ``replay`` keep the notation as it is. Driven in a real pty (pexpect) in English
and Japanese, and as pure functions of the state."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from dealer_assist import notation as n
from dealer_assist import render
from dealer_assist.i18n import with_clause
from dealer_assist.deal_line import deal_end, hold, partial_line, replacement
from dealer_assist.i18n import text
from dealer_assist.live import LiveSession
from dealer_assist.prompt import run_pipe, topic_help
from dealer_assist.replay import replay_text
from dealer_assist.store import Store

LANGS = ("en", "ja")
SEVEN = ["quest normal", "dice 2 5", *(f"seat {b} p{b} 100k" for b in range(1, 8)), "game",
         *(f"bet {b} 10k" for b in range(1, 8))]  # fmt: skip
THREE = ["quest normal", "dice 2 5", "seat 1 aki 100k", "seat 3 ben 50k", "seat 5 chika 80k", "game",
         "bet 1 10k", "bet 3 5k", "bet 5 5k"]  # fmt: skip
CASINO = ["ruleset casino", "seat 1 aki", "seat 2 ben", "game"]
SHORT = "deal 8 [A] T 5 9 [6] 6"  # seven boxes, the dealer's up card missing
FULL = "deal 8 [A] T 5 9 [6] 2 6"
WHOLE = "deal 8 [A] T 5 9 [6] 2 6 3 4 5 6 7 8 9 [?]"  # the whole deal in one line
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|[\x00-\x08\x0b-\x1f]")


def state_of(lines: list[str]):
    result = replay_text("\n".join(lines) + "\n")
    assert result.ok, result.error_text()
    return result.session.state


def japanese_prose(shown: str) -> bool:
    """No run of English words beside the notation in a Japanese sentence."""
    words = re.findall(r"[A-Za-z]{3,}(?: +[A-Za-z]{3,})+", shown)
    return not [w for w in words if w.lower() not in ("undo", "deal")]


# ---------------------------------------------------------------- where a deal line stops


def test_a_deal_line_that_stops_inside_a_round_names_where_the_next_card_goes():
    bets = state_of(SEVEN)
    short = deal_end(bets, SHORT)
    assert short.inside and short.expected.key == "expect.deal_dealer" and short.expected.params["round"] == 1
    assert text("expect.deal_dealer", "en", round=1) == short.expected.text("en")  # the table's own sentence
    assert deal_end(bets, "deal 8").inside and deal_end(bets, "deal 8").expected.params == {"box": 2, "round": 1}
    full = deal_end(bets, FULL)  # round 1 complete: the table waits for round 2, from box 1
    assert not full.inside and full.expected.params == {"box": 1, "round": 2}
    assert not deal_end(bets, WHOLE).inside and deal_end(bets, WHOLE).expected.phase.value == "players"
    round_two = state_of([*SEVEN, FULL])
    assert deal_end(round_two, "deal 3 4 5").inside and not deal_end(round_two, "deal 3 4 5 6 7 8 9 [?]").inside
    assert deal_end(bets, "bet 7 5k; deal 8 [A]").inside  # a bet before the deal on the same line
    # lines that deal nothing, cannot be read, take something back or are refused: nothing to say
    for line in ("bet 7 5k", "deal 8 66", "undo; deal 8", "deal [?]", "note deal 8", "deal " + "9 " * 40, ""):
        assert deal_end(bets, line) is None, line


def test_the_casino_table_s_split_deal_is_read_from_its_own_expectation():
    table = state_of(CASINO)  # two seats and the dealer: three cards a round
    short = deal_end(table, "deal 8 T")
    assert short.inside and short.expected.key == "casino.expect.deal_dealer"
    assert not deal_end(table, "deal 8 T A").inside
    assert deal_end(table, "deal 8 T A 8").inside and deal_end(table, "deal 8 T A 8").expected.params["seat"] == 2
    assert not deal_end(table, "deal 8 T A 8 9 [5]").inside


@pytest.mark.parametrize("lang", LANGS)
def test_a_short_line_is_held_saying_the_next_card_goes_to_the_dealer_with_the_table_it_would_leave(lang):
    bets = state_of(SEVEN)
    held = hold(bets, SHORT, None, lang)
    assert held is not None and held.takes_back == 0
    where = text("expect.deal_dealer", lang, round=1)
    assert len(held.lines) == 1 and where in held.lines[0] and held.lines[0].startswith("CARD-2")
    assert held.preview.game.dealer == [] and str(held.preview.game.hands_of(7)[0].cards[0]) == "6"
    shown = io.StringIO()
    Console(file=shown, width=200).print(render.panel(held.preview, lang))
    assert with_clause("CARD-2", where, lang) in shown.getvalue()  # the panel's last line: where the next card goes
    if lang == "ja":
        assert "次のカードはディーラー（1巡目）" in held.lines[0] and japanese_prose(held.lines[0])
    for line in (FULL, WHOLE, "bet 7 5k", "deal 8 66", "undo"):
        assert hold(bets, line, None, lang) is None, line  # a whole round, or no deal: entered at once


def test_the_full_line_after_the_short_one_is_offered_as_its_replacement():
    bets = state_of(SEVEN)
    partial = partial_line(bets, SHORT, 17)
    assert partial is not None and partial.takes_back == 1 and partial.count == 17
    dealt = state_of([*SEVEN, SHORT])
    for lang in LANGS:
        held = hold(dealt, FULL, partial, lang)
        assert held is not None and held.takes_back == 1
        assert SHORT in held.lines[1] and text("expect.deal", lang, box=1, round=2) in held.lines[1]
        assert text("expect.deal_dealer", lang, round=2) in held.lines[0]  # as a continuation: short again
        up = held.preview.game.dealer
        assert [str(c) for c in up] == ["6"] and str(held.preview.game.hands_of(1)[0].cards[0]) == "8"
    assert replacement(FULL, 1) == "undo; " + FULL
    # the whole deal, refused after the short line (too many cards), is its replacement as well
    whole = hold(dealt, WHOLE, partial, "en")
    assert whole.takes_back == 1 and "CARD-4" in whole.lines[0] and whole.preview.phase.value == "players"
    # a line that completes the round after the short line is its continuation: not held
    assert hold(dealt, "deal 8", partial, "en") is None
    # one that stops inside a round either way is held as short, not offered as a replacement
    assert hold(dealt, "deal 8 2", partial, "en").takes_back == 0
    assert partial_line(bets, FULL, 17) is None and partial_line(bets, "bet 7 5k", 17) is None


def test_a_partial_line_with_a_bet_before_its_deal_takes_back_only_the_deal():
    bets = state_of(SEVEN[:-1])  # box 7 has no bet line yet
    partial = partial_line(bets, "bet 7 5k; " + SHORT, 20)
    assert partial.takes_back == 1 and partial.before.game.bets[7] == 5000
    dealt = state_of([*SEVEN[:-1], "bet 7 5k; " + SHORT])
    held = hold(dealt, FULL, partial, "en")
    assert held.takes_back == 1 and held.preview.game.bets[7] == 5000


def test_the_replacement_entered_takes_the_short_line_back_and_box_2_is_no_blackjack(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "r", create=True)
    for line in [*SEVEN, SHORT]:
        live.enter(line)
    partial = partial_line(state_of(SEVEN), SHORT, live.count)
    held = hold(live.state, FULL, partial, "en")
    outcomes = live.enter(replacement(FULL, held.takes_back))
    assert [e.text for e in live.store.events(live.row)][-3:] == [SHORT, "undo", FULL]
    assert [str(c) for c in live.state.game.dealer] == ["6"]
    assert not any(r.key == "deal.blackjack" or "blackjack" in r.key for o in outcomes for r in o.rulings)
    assert [str(c) for c in live.state.game.hands_of(2)[0].cards] == ["[A]"]


def test_the_casino_full_line_after_a_short_one_is_offered_as_its_replacement():
    table = state_of(CASINO)
    partial = partial_line(table, "deal 8 T", 5)
    dealt = state_of([*CASINO, "deal 8 T"])
    held = hold(dealt, "deal 8 T A", partial, "ja")
    assert held.takes_back == 1 and "次のカードはディーラー（2巡目）" in held.lines[0]
    assert "次のカードは1番席（2巡目）" in held.lines[1] and japanese_prose(held.lines[1])
    assert [str(c) for c in held.preview.round.dealer] == ["A"]


@pytest.mark.parametrize("typed", ["\x00", "deal \x00 ", "deal " + "9 " * 4000, "x" * (n.MAX_LINE + 5), "\ud800",
                                   "deal [[ ", "deal 9;", "ｄｅａｌ　９", "deal 9 # 8", "deal; deal; deal"])
def test_hostile_lines_never_break_the_deal_line_guard(typed):
    bets = state_of(SEVEN)
    partial = partial_line(bets, SHORT, 17)
    dealt = state_of([*SEVEN, SHORT])
    for lang in LANGS:
        hold(bets, typed, None, lang)
        hold(dealt, typed, partial, lang)
    partial_line(bets, typed, 3)


def test_help_deal_explains_the_deal_line_guard_in_both_languages():
    for lang in LANGS:
        assert text("help.deal_line_guard", lang) in topic_help("deal", lang)
    assert japanese_prose(text("help.deal_line_guard", "ja"))


# ---------------------------------------------------------------- a pipe and replay stay strict


def test_a_pipe_deals_a_deal_split_over_lines_that_the_prompt_would_hold(tmp_path):
    bets = state_of(SEVEN)
    assert hold(bets, SHORT, None, "en") is not None  # the prompt would hold it …
    live = LiveSession.open(Store(tmp_path / "s.db"), "p", create=True)
    out = io.StringIO()
    refused = run_pipe(live, [*SEVEN, SHORT, "deal 8", "deal 3 4 5 6 7 8 9 [?]"], Console(file=out, width=200))
    assert refused == 0  # … a pipe deals it as it is: no hold, no replacement, no undo
    assert [e.text for e in live.store.events(live.row)][-3:] == [SHORT, "deal 8", "deal 3 4 5 6 7 8 9 [?]"]
    assert "Is a card missing" not in out.getvalue()


def test_play_from_a_pipe_and_replay_keep_a_deal_split_over_lines(tmp_path):
    """``printf … | dealer-assist play`` and ``dealer-assist replay FILE``: the short line and
    the full line after it are the notation (every card one box further: box 2 a blackjack)."""
    script = "\n".join([*SEVEN, SHORT, FULL]) + "\n"
    assert hold(state_of([*SEVEN, SHORT]), FULL, partial_line(state_of(SEVEN), SHORT, 1), "en").takes_back == 1
    env = {**os.environ, "DEALER_ASSIST_LANG": "en"}
    db = tmp_path / "p.db"
    piped = subprocess.run([sys.executable, "-m", "dealer_assist", "play", "--db", str(db), "--session", "p"],
                           input=script, capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert piped.returncode == 0, piped.stderr
    store = Store(db, readonly=True)
    assert [e.text for e in store.events(store.get("p"))][-2:] == [SHORT, FULL]
    store.close()
    path = tmp_path / "split.txt"
    path.write_text(script, encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "dealer_assist", "replay", str(path), "--json"],
                              capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert replayed.returncode == 0, replayed.stderr
    state = state_of([*SEVEN, SHORT, FULL])
    assert [str(c) for c in state.game.dealer] == ["8"]
    assert [str(c) for c in state.game.hands_of(2)[0].cards] == ["[A]", "T"]  # the shift, as written


# ---------------------------------------------------------------- the live prompt, in a pty


class Prompt:
    """``dealer-assist play`` in a pseudo-terminal (pexpect), everything it printed kept."""

    def __init__(self, tmp_path: Path, name: str, lang: str) -> None:
        import pexpect

        self.pexpect = pexpect
        self.db = str(tmp_path / "live.db")
        self.name = name
        env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "200", "LINES": "60"}
        env.pop("DEALER_ASSIST_LANG", None)
        self.log = io.StringIO()
        self.child = pexpect.spawn(sys.executable, ["-m", "dealer_assist", "play", "--lang", lang, "--db", self.db,
                                                    "--session", name], env=env, encoding="utf-8", timeout=30,
                                   dimensions=(60, 200))  # fmt: skip
        self.child.delaybeforesend = 0
        self.child.logfile_read = self.log
        self.child.expect(f"{name}>")

    def line(self, line: str, *, expect: str | None = None) -> None:
        self.child.sendline(line)
        if expect is not None:
            self.child.expect(expect)
        self.child.expect(f"{self.name}>")

    def enter_again(self, expect: str) -> None:
        """Enter on the line the prompt holds (it waits on the prompt, as typed)."""
        self.child.send("\r")
        self.child.expect(expect)
        self.child.expect(f"{self.name}>")

    def shown(self) -> str:
        """What the prompt printed so far, without terminal codes and without white space (a
        long sentence may wrap anywhere)."""
        return re.sub(r"\s+", "", ANSI.sub("", self.log.getvalue()))

    def events(self, count: int | None = None) -> list[str]:
        """The stored events (waiting, up to 20 s, until there are ``count`` of them)."""
        deadline = time.monotonic() + 20
        while True:
            store = Store(self.db, readonly=True)
            try:
                found = [e.text for e in store.events(store.get(self.name))]
            finally:
                store.close()
            if count is None or len(found) >= count or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def quit(self) -> None:
        self.child.sendline("quit")
        self.child.expect(self.pexpect.EOF)

    def close(self) -> None:
        self.child.close(force=True)


def squeeze(value: str) -> str:
    return re.sub(r"\s+", "", value)


def test_at_the_prompt_the_short_line_is_held_and_the_full_line_replaces_it(tmp_path):
    """Seven boxes: ``deal 8 [A] T 5 9 [6] 6`` is held naming the dealer; Enter again deals it;
    the full line typed next is offered as its replacement; Enter again takes the short line
    back and deals the full one — the dealer's up card stays 6 and box 2 is no blackjack."""
    term = Prompt(tmp_path, "p", "en")
    try:
        for line in SEVEN:
            term.line(line)
        stored = len(SEVEN)
        term.line(SHORT, expect="The table as the line would leave it")
        assert squeeze('this deal line stops inside round 1: "deal: next card to the dealer (round 1)"') in term.shown()
        assert squeeze("CARD-2: deal: next card to the dealer (round 1)") in term.shown()  # on the panel
        assert term.events() == SEVEN  # held: nothing dealt
        term.enter_again("game 1")  # Enter again: dealt as it is
        assert term.events(stored + 1)[-1] == SHORT
        term.line(FULL, expect="The table as the line would leave it")
        assert squeeze(f"In place of that line ({SHORT}) it completes the round") in term.shown()
        assert term.events()[-1] == SHORT  # held: nothing taken back yet
        term.enter_again("undo")
        assert term.events(stored + 3)[stored:] == [SHORT, "undo", FULL]  # no undo typed
        assert "blackjack" not in term.shown().rsplit(squeeze(SHORT), 1)[-1].lower()
        term.line("deal! 3")  # deal! deals a short line at once
        assert term.events(stored + 4)[-1] == "deal 3"
        term.quit()
    finally:
        term.close()
    store = Store(tmp_path / "live.db", readonly=True)
    state = LiveSession(store, store.get("p")).state
    store.close()
    assert [str(c) for c in state.game.dealer] == ["6"] and [str(c) for c in state.game.hands_of(2)[0].cards] == ["[A]"]


def test_at_the_prompt_in_japanese_the_short_line_of_three_boxes_is_held_and_replaced(tmp_path):
    term = Prompt(tmp_path, "ja", "ja")
    try:
        for line in THREE:
            term.line(line)
        stored = len(THREE)
        term.line("ディール ９ [Ｋ] ６", expect="この行を配った場合の卓")
        said = "このディールの行は1巡目の途中で終わります：「ディール。次のカードはディーラー（1巡目）」"
        assert squeeze(said) in term.shown()
        assert squeeze(with_clause("CARD-2", text("expect.deal_dealer", "ja", round=1), "ja")) in term.shown()
        assert len(term.events()) == stored
        term.enter_again("ゲーム")
        assert term.events(stored + 1)[-1] == "deal 9 [K] 6"
        term.line("ディール ９ [Ｋ] ６ ５", expect="この行を配った場合の卓")
        offered = "直前の行（ディール ９ [Ｋ] ６）の代わりに配れば、その巡目が揃います"
        assert squeeze(offered) in term.shown()
        assert squeeze("もう一度Enterで差し替えます") in term.shown()
        term.enter_again("取り消し")
        assert term.events(stored + 3)[stored:] == ["deal 9 [K] 6", "undo", "deal 9 [K] 6 5"]
        term.quit()
    finally:
        term.close()


def test_at_the_prompt_the_bet_guard_and_the_short_line_ask_once_together(tmp_path):
    """BET-1's guard and the short line's: both said at once, one second Enter deals."""
    term = Prompt(tmp_path, "b", "en")
    try:
        for line in THREE[:-1]:  # box 5 has no bet line, and the bet clock runs
            term.line(line)
        term.line("deal 9 [K]", expect="The table as the line would leave it")
        assert squeeze("box 5 (chika) would play no bet") in term.shown()
        assert squeeze('"deal: next card to box 5 (round 1)"') in term.shown()
        assert term.events()[-1] == "bet 3 5k"
        term.enter_again("game 1")
        assert term.events(len(THREE))[-1] == "deal 9 [K]"
        term.quit()
    finally:
        term.close()
