"""The live prompt teaches itself and guards the irreversible (issue 12): the card notation
after the first refused card, Tab completion of arguments decided by the engine itself, the
deal guard (and ``deal!``), and the panel's view of what the table knows — in both languages.
The real-terminal behaviour (the toolbar's clock without cursor position reports, a clock
that resumes after a restart, the guard, the completion menu) is driven through tmux."""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import PLAIN, lines, run
from rich.console import Console

from dealer_assist.tables.onemillion import notation as n
from dealer_assist import render, rulesets
from dealer_assist.tables.onemillion import Session, can, expectation
from dealer_assist.errors import DealerAssistError, NotationError
from dealer_assist.i18n import text
from dealer_assist.live import LiveSession, arguments, clock, suggestions
from dealer_assist.tables.onemillion.completion import bet_amounts
from dealer_assist.tables.onemillion.guard import deal_guard, guard_text
from dealer_assist.prompt import (
    CardHint, Clocks, card_refusal, deal_now, handle_line, matching, run_pipe, toolbar_html,
)  # fmt: skip
from dealer_assist.store import Store

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
LANGS = ("en", "ja")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")
NOTATION_WORDS = (set(n.KEYWORDS) | set(n.HAND_ACTIONS) | set(n.DIFFICULTIES) | set(n.RULE_KINDS)
                  | set(n.SKILL_KINDS) | {"on", "off", "none", "help", "quit"})  # fmt: skip
# names seed 000 writes in Latin letters, kept so in Japanese (dealer_assist/data/glossary.toml)
SEED_NAMES = {"Mission", "One", "Million", "Platinum", "Gold", "Silver", "Bronze", "Treasure", "Box", "Extreme", "Hard",
              "Normal", "Easy"}  # fmt: skip
NOTATION_WORDS = NOTATION_WORDS | SEED_NAMES
WORD_RUN = re.compile(r"[A-Za-z][A-Za-z_']*(?: +[A-Za-z][A-Za-z_']*)+")


def english_in(shown: str) -> list[str]:
    """Runs of English words in a text, beside the notation (keywords, PLACEHOLDERS, clauses)."""
    found = []
    for words in WORD_RUN.finditer(shown):
        real = [w for w in words.group().split() if len(w) > 1 and not w.isupper() and w not in NOTATION_WORDS]
        if len(real) >= 2:
            found.append(words.group())
    return found


def state_of(script: str):
    return run(script).state


def words(options) -> list[str]:
    return [a.word for a in options]


def after(state, typed: str, lang: str = "en", **kw) -> list[str]:
    """The words offered after ``typed`` (the last word of each completion)."""
    return [line.rstrip(" ").rsplit(" ", 1)[-1] for line, _, _ in matching(state, typed, lang, **kw)]


# ---------------------------------------------------------------- 1. the card notation is taught


BETS = PLAIN + lines("game", "bet 1 10k")


def refusal(script: str, line: str) -> DealerAssistError:
    session = run(script)
    with pytest.raises(DealerAssistError) as info:
        session.submit_all(n.parse_line(line))
    return info.value


@pytest.mark.parametrize(
    "line,key",
    [("deal 9 8 66", "notation.card"), ("deal [?]", "card.unknown_here"), ("deal 9 8 [?]", "deal.first_face_needed"),
     ("deal 9 8 7 6 5 4 3", "deal.too_many")],
)  # fmt: skip
def test_a_refused_card_is_a_card_refusal(line, key):
    error = refusal(BETS + "\nbet 3 5k", line)
    assert error.key == key and card_refusal(error)


def test_other_refusals_are_not_card_refusals():
    assert not card_refusal(refusal(BETS, "bet 3 49500"))  # BET-3
    assert not card_refusal(refusal(BETS, "1 st"))  # out of turn
    with pytest.raises(NotationError) as info:
        n.parse_line("bet 3 5kk")
    assert not card_refusal(info.value)
    with pytest.raises(NotationError) as info:
        n.parse_line("deal")  # a card missing where the notation needs one
    assert card_refusal(info.value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_refused_card_of_a_session_is_followed_by_the_card_notation_once(tmp_path, lang):
    live = LiveSession.open(Store(tmp_path / "s.db"), "h", create=True)
    for line in BETS.strip().splitlines():
        live.enter(line)
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False)
    hint = CardHint()
    assert not handle_line(live, "bet 3 49500", console, lang=lang, hint=hint)  # not a card: no hint
    assert text("prompt.card_hint", lang).splitlines()[0] not in out.getvalue()
    assert not handle_line(live, "deal 9 8 66", console, lang=lang, hint=hint)
    shown = out.getvalue()
    taught = text("prompt.card_hint", lang)
    assert taught.splitlines()[0] in shown
    for token in ("[9]", "[?]", "JK", "deal 9 [K] 6; deal 8 [5] [?]"):
        assert token in taught
    assert not handle_line(live, "deal [?]", console, lang=lang, hint=hint)  # a second one: no hint again
    assert out.getvalue().count(taught.splitlines()[0]) == 1
    if lang == "ja":
        assert JAPANESE.search(taught) and english_in(taught) == []
    # the pipe stays as it was: no hint
    piped = io.StringIO()
    run_pipe(live, ["deal 9 8 66"], Console(file=piped, width=200), lang=lang)
    assert taught.splitlines()[0] not in piped.getvalue()


# ---------------------------------------------------------------- 2. completion of arguments


def test_quest_completes_the_difficulties_in_setup_only():
    setup = state_of("")
    assert after(setup, "quest ") == list(n.DIFFICULTIES)
    assert after(setup, "quest e") == ["extreme", "easy"]
    metas = [meta for _, _, meta in matching(setup, "quest ", "ja")]
    assert metas == [f"難易度 {text(f'difficulty.{d}', 'ja')}" for d in n.DIFFICULTIES] == ["難易度 Extreme", "難易度 Hard", "難易度 Normal", "難易度 Easy"]
    assert after(state_of(BETS), "quest ") == []  # setup is over


def test_bet_completes_the_boxes_without_a_bet_line_that_can_bet():
    script = PLAIN.replace("seat 3 ben 50k", "seat 3 ben 50k\nseat 5 chika 5") + "game\nbet 1 10k\n"
    state = state_of(script)  # box 1 has bet, box 5 is bankrupt (5 P)
    assert [c[0] for c in matching(state, "bet ")] == ["bet 3 "]
    assert words(arguments(state, ["bet"])) == ["3"]
    assert arguments(state, ["bet"])[0].params == {"player": "ben", "points": 50_000}


def test_bet_amounts_are_within_the_points_valid_and_the_last_bet_first():
    state = state_of(BETS)
    offered = bet_amounts(state, 3, last=7000)
    assert words(offered) == ["7k", "500", "1k", "2k", "5k", "10k", "20k", "50k", "-"]
    assert offered[0].key == "complete.bet_last" and offered[-2].key == "complete.bet_top"
    for option in offered:  # every one is a bet the engine takes (BET-2 … BET-5)
        assert can(state, n.parse_command(f"bet 3 {option.word}"))
    assert words(bet_amounts(state, 3, last=49500)) == words(offered)[1:]  # BET-3: not offered
    assert words(bet_amounts(state, 3, last=60_000)) == words(offered)[1:]  # BET-5: more than its points
    odd = state_of(BETS.replace("seat 3 ben 50k", "seat 3 ben 37654"))
    assert words(bet_amounts(odd, 3))[-2:] == ["37k", "-"]  # the most it may bet: 2 significant digits


def test_the_cap_of_dealer_skill_2_bounds_the_amounts():
    script = "quest easy\ndice 2\nseat 1 aki 1m\ngame\n"  # dealer skill 2: at most 100,000 a bet
    state = state_of(script)
    offered = bet_amounts(state, 1, last=300_000)
    assert words(offered)[-2:] == ["100k", "-"] and offered[-2].key == "complete.bet_cap"
    assert "300k" not in words(offered) and all(a.params.get("amount", 0) <= 100_000 for a in offered)


def test_completion_offers_the_last_bet_the_live_session_remembers(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "b", create=True)
    played = lines("game", "bet 1 10k", "bet 3 7k", "deal 9 8 7", "deal 7 6 T", "1 st", "3 st", "next K", "game")
    for line in (PLAIN + played).strip().splitlines():
        live.enter(line)
    assert live.remembered() == {1: 10_000, 3: 7_000}
    assert after(live.state, "bet 3 ", remembered=live.remembered())[0] == "7k"
    shown = matching(live.state, "bet 3 ", "ja", remembered=live.remembered())[0][2]
    assert "7000P" in shown and "前回" in shown


PLAYERS = PLAIN + lines("game", "bet 1 10k", "bet 3 10k", "deal 8 9 6", "deal 8 7 [?]")


def test_a_hand_completes_the_actions_the_engine_allows_now():
    state = state_of(PLAYERS)  # hand 1: 8 8 against 6
    assert after(state, "1 ") == ["ht", "st", "dd", "sp", "sr"]
    assert [c[0] for c in matching(state, "1 ")][:5] == ["1 ht ", "1 st", "1 dd ", "1 sp", "1 sr"]
    assert after(state, "1 ヒット ") == after(state, "1 ht ")  # Japanese words read as the notation
    hit = state_of(PLAYERS + "\n1 ht 2")
    assert after(hit, "1 ") == ["ht", "st"]  # no double, split or late surrender after a hit
    off = state_of(PLAYERS.replace("game", "rule late_surrender off\ngame", 1))
    assert "sr" not in after(off, "1 ") and "1 sr" not in suggestions(off)
    assert after(state, "3 ") == []  # not its turn
    sight = state_of(PLAYERS.replace("game", "skill mp 1\ngame", 1))
    assert "foresight" in after(sight, "1 ") and "1 foresight " in suggestions(sight)
    assert "1 foresight " not in suggestions(state)  # no MP


def test_card_ranks_complete_where_a_card_is_expected():
    state = state_of(PLAYERS)
    ranks = [*"A23456789TJQK"]
    cards = after(state, "1 ht ")
    assert cards[:13] == ranks and "JK" in cards and "[?]" not in cards  # CARD-2: no [?] for a box
    assert after(state, "1 ht [") == [f"[{r}]" for r in ranks]
    metas = {shown: meta for _, shown, meta in matching(state, "1 ht ", "ja")}
    assert metas["9"] == text("complete.card_open", "ja") and metas["[9]"] == text("complete.card_closed", "ja")
    bets = state_of(BETS + "\nbet 3 5k")
    assert after(bets, "deal ")[:13] == ranks and "[?]" not in after(bets, "deal ")
    assert "[?]" in after(bets, "deal 9 8 6 7 6 ")  # the dealer's hole card may be [?]
    assert after(bets, "deal 9 8 6 7 6 [?] ") == []  # the deal is complete
    dealer = state_of(PLAYERS + "\n1 st\n3 st")
    assert "reveal " in suggestions(dealer) and "reveal" not in suggestions(dealer)  # the face is needed
    assert "[?]" not in after(dealer, "reveal ") and "9" in after(dealer, "reveal ")


def test_a_card_known_on_top_of_the_shoe_is_the_only_one_offered():
    stood = PLAYERS + "\n1 st\n3 st\nreveal T\nnext 9"  # 16 stands on an open 9 (DRAW-2): it stays on top
    assert state_of(stood).known_top
    nxt = state_of(stood + "\ngame\nbet 1 10k\nbet 3 10k")
    assert after(nxt, "deal ") == ["9"]
    assert matching(nxt, "deal ")[0][2] == text("complete.card_known", "en", clause="DRAW-5")
    sight = state_of(PLAYERS.replace("game", "skill mp 1\ngame", 1) + "\n1 foresight [7] 4")
    assert after(sight, "1 ht ") == ["7", "[7]"]  # the turned card, either way up (GUILD-3)


def test_nothing_impossible_is_offered_backbet_redistribute():
    bets = state_of(BETS.replace("game", "skill mp 2\nskill redistribute 1\ngame", 1))
    assert "backbet" not in suggestions(bets)  # 2 MP, and box 1 has bet
    fresh = state_of(BETS.replace("game\nbet 1 10k", "skill mp 3\ngame"))
    assert "backbet" in suggestions(fresh)
    assert "backbet" not in suggestions(state_of(BETS.replace("game\nbet 1 10k", "skill mp 3\ngame\nbet 1 10k")))
    assert "redistribute " in suggestions(bets)
    template = matching(bets, "redistribute ")
    assert [c[0] for c in template] == ["redistribute 1=100000 3=50000"]
    assert can(bets, n.parse_command(template[0][0]))
    used = state_of(BETS.replace("game", "skill redistribute 1\ngame", 1) + "\nredistribute 1=90000 3=60000")
    assert "redistribute " not in suggestions(used) and matching(used, "redistribute ") == []
    assert "redistribute " not in suggestions(state_of(BETS))  # no use at all


def test_surrender_call_completes_the_boxes_that_may_surrender():
    call = state_of(PLAIN + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 A", "deal 7 6 [?]"))
    assert "sr " in suggestions(call) and after(call, "sr ") == ["1", "3"]
    assert after(call, "sr 1 ") == ["3"]
    blackjack = state_of(PLAIN + lines("game", "bet 1 10k", "bet 3 10k", "deal A 8 A", "deal K 6 [?]"))
    assert after(blackjack, "sr ") == ["3"]  # BASE-2: a blackjack does not surrender


def sample_states():
    """Every state along every sample session (a few hundred, every phase)."""
    out = []
    for path in sorted(SAMPLES.glob("*.txt")):
        session_lines = [line for line in path.read_text(encoding="utf-8").splitlines() if n.split_line(line)]
        session = Session()
        out.append(session.state)
        for line in session_lines:
            session.submit_all(n.parse_line(line))
            out.append(session.state)
    return out


def test_every_completion_in_every_sample_state_is_accepted_by_the_engine():
    """Completion and refusal can never disagree: each complete command the prompt offers (a
    command, or a command with the argument offered after it) is accepted by the engine."""
    checked = 0
    for state in sample_states():
        for option in suggestions(state):
            if option.strip() in ("help", "hint", "quit", "undo", "undo end", "note"):
                continue
            candidates = [option] if not option.endswith(" ") else [c[0] for c in matching(state, option)]
            for line in candidates:
                try:
                    commands = n.parse_line(line)
                except NotationError:
                    continue  # the start of a command (``seat 3``): more words are needed
                assert len(commands) == 1 and rulesets.can(state, commands[0]), (state.phase, line)
                checked += 1
            if option.endswith(" "):  # the descriptions, in Japanese
                for _, _, meta in matching(state, option, "ja"):
                    assert JAPANESE.search(meta) and english_in(meta) == [], meta
    assert checked > 2000


def test_a_hand_action_is_offered_exactly_when_the_engine_takes_it():
    for state in sample_states():
        if state.phase.value != "players":
            continue
        e = rulesets.expectation(state)
        if e.key.endswith("expect.split_card"):
            continue
        hand = e.params["hand"]
        offered = [a for a in after(state, f"{hand} ") if a in n.HAND_ACTIONS]
        actions = rulesets.of(state).hand_actions
        assert [a for a in offered if a != "foresight"] == actions(state, hand)


# ---------------------------------------------------------------- 3. the deal guard


def test_the_deal_guard_names_the_boxes_that_would_play_no_bet():
    script = PLAIN.replace("seat 3 ben 50k", "seat 3 ben 50k\nseat 5 chika 5\nseat 6 dan 20k") + "game\nbet 1 10k\n"
    state = state_of(script)  # 3 and 6 have no bet line; 5 is bankrupt (no bet anyway)
    assert deal_guard(state, "deal 9 8 7 6 5") == [3, 6]
    assert deal_guard(state, "bet 3 5k; deal 9 8 7 6 5") == [6]
    assert deal_guard(state, "bet 3 5k; bet 6 -; deal 9 8 7 6 5") == []
    assert deal_guard(state, "ディール 9 8 7 6 5") == [3, 6]
    assert deal_guard(state, "bet 3 5k") == [] and deal_guard(state, "deal 99") == []
    assert deal_guard(state_of(PLAYERS), "deal 9") == []
    back = state_of(BETS.replace("game\nbet 1 10k", "skill mp 3\ngame\nbackbet"))
    assert deal_guard(back, "deal 9 8 7") == []  # GUILD-4: the bets come after the deal
    shown = {lang: guard_text(state, [3, 6], lang) for lang in LANGS}
    assert "box 3 (ben), box 6 (dan)" in shown["en"] and "deal!" in shown["en"]
    assert "3番ボックス（ben）、6番ボックス（dan）" in shown["ja"] and english_in(shown["ja"]) == []


@pytest.mark.parametrize(
    "line,plain",
    [("deal! 9 8 7", "deal 9 8 7"), ("  deal! 9", "  deal 9"), ("DEAL! 9", "deal 9"), ("ｄｅａｌ！ 9", "deal 9"),
     ("ディール! 9 8", "deal 9 8"), ("配布！ 9", "deal 9"), ("deal 9", None), ("dealer! 9", None), ("deal!", "deal"),
     ("bet 3 5k; deal! 9", None), ("", None)],
)  # fmt: skip
def test_deal_bang_is_a_prompt_word_for_the_plain_deal(line, plain):
    assert deal_now(line) == plain


def test_deal_bang_is_explained_with_deal_and_completes_like_deal():
    from dealer_assist.prompt import help_text, topics_for

    assert topics_for("deal!") == ["deal"] and topics_for("ディール！") == ["deal"]
    for lang in LANGS:
        shown = help_text(state_of(BETS), lang, "deal")
        assert text("help.deal_bang", lang) in shown and "deal!" in shown
    assert english_in(text("help.deal_bang", "ja")) == []
    bets = state_of(BETS + "\nbet 3 5k")
    assert after(bets, "deal! 9 ") == after(bets, "deal 9 ")
    assert matching(bets, "deal! 9 ")[0][0] == "deal! 9 A"


def test_piped_input_stays_strict_no_guard_and_no_deal_bang(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "p", create=True)
    out = io.StringIO()
    refused = run_pipe(live, [*BETS.strip().splitlines(), "deal! 9 8 6", "deal 9 8 6"], Console(file=out, width=200))
    assert refused == 1  # deal! is not the notation
    assert [e.text for e in live.store.events(live.row)][-1] == "deal 9 8 6"  # no guard in a pipe
    assert live.state.game.bets[3] is None


# ---------------------------------------------------------------- 4. the panel


def panel(state, lang: str = "en") -> str:
    console = Console(width=160, record=True, highlight=False)
    console.print(render.panel(state, lang))
    return console.export_text()


def row(shown: str, label: str) -> str:
    return next(line for line in shown.splitlines() if re.match(rf"^▶? +{label} ", line))


@pytest.mark.parametrize("lang", LANGS)
def test_the_panel_shows_the_jokers_by_viewpoint_the_shoe_and_its_penetration(lang):
    state = state_of(PLAIN.replace("jk 0 0", "jk 0 0\nshoe 200") + "game\nbet 1 10k\nbet 3 10k\ndeal 9 JK 6")
    assert state.jokers_players == 1
    shown = panel(state, lang)
    if lang == "en":
        assert "JK players 1 · dealer 1" in shown and "shoe: 197 cards left, 2% dealt" in shown
    else:
        assert "JK プレーヤー1 · ディーラー1" in shown and "シューター残り197枚（2%配布済み）" in shown
        assert english_in(shown) == []
    assert "shoe" not in panel(state_of(BETS)) and "%" not in panel(state_of(BETS))


@pytest.mark.parametrize("lang", LANGS)
def test_the_panel_shows_the_cards_known_on_top_of_the_shoe(lang):
    stood = state_of(PLAYERS + "\n1 st\n3 st\nreveal T\nnext 9")
    shown = panel(stood, lang)
    assert text("render.top", lang, cards=text("render.top_stood", lang, cards="9")) in shown
    assert "DRAW-5" in shown and "GUILD-3" not in shown
    sight = state_of(PLAYERS.replace("game", "skill mp 1\ngame", 1) + "\n1 foresight [7] 4")
    shown = panel(sight, lang)
    assert text("render.top", lang, cards=text("render.top_foresight", lang, cards="[7] 4")) in shown
    assert "GUILD-3" in shown and "DRAW-5" not in shown
    assert text("render.top", lang, cards="").split(":")[0].split("：")[0] not in panel(state_of(PLAYERS), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_panel_marks_locked_and_bankrupt_boxes_and_dims_the_bankrupt(lang):
    script = lines("quest normal", "dice 3 3", "jk 0 0", "seat 1 aki 100k", "seat 2 ben 5", "seat 3 chika 50k",
                   "game", "bet 1 10k", "bet 3 10k", "deal 9 8 7 6", "deal 7 6 5 [?]", "lock 1 4 5")  # fmt: skip
    state = state_of(script)
    shown = panel(state, lang)
    assert text("render.mark.locked", lang) in row(shown, "1")
    assert text("render.mark.bankrupt", lang) in row(shown, "2")
    assert text("render.mark.locked", lang) not in row(shown, "3")
    assert text("render.mark.bankrupt", lang) not in row(shown, "3")
    table = render.panel(state, lang).renderables[1]
    dim = [table.plain[s.start : s.end] for s in table.spans if s.style == "dim"]
    assert len(dim) == 1 and "ben" in dim[0] and text("render.mark.bankrupt", lang) in dim[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_panel_marks_a_box_forced_to_leave_and_who_plays_for_a_sent_off_player(lang):
    script = lines("quest easy", "dice 6", "jk 3 3", "seat 1 aki 100k", "seat 2 cho 100k", "seat 3 ben 50k", "game",
                   "bet 1 10k", "bet 2 10k", "bet 3 10k", "deal JK 8 7 6", "deal 7 6 5 [?]", "yellow 2", "yellow 2")  # fmt: skip
    state = state_of(script)  # box 1: a Lv.3 joker (BOX-3); cho: two yellow cards (TIME-3)
    shown = panel(state, lang)
    assert text("render.mark.out", lang) in row(shown, "1")
    assert text("render.mark.bankrupt", lang) not in row(shown, "1")  # BOX-3 says it: bankrupt for good
    assert text("render.mark.played_by", lang, player="ben") in row(shown, "2")
    if lang == "ja":
        assert english_in(shown) == []


# ---------------------------------------------------------------- 5. clocks resume where they were


class FakeTime:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_time_1_a_clock_resumes_from_the_event_that_opened_its_window(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "c", create=True)
    for line in BETS.strip().splitlines():
        live.enter(line)
    opened = live.window_start(clock(live.state).key)
    assert opened is not None and abs(opened - time.time()) < 5
    live.close()  # a window runs: the snapshot stays at the start of the game
    again = LiveSession.open(Store(path), "c")
    assert again.window_start(clock(again.state).key) == pytest.approx(opened, abs=1.0)
    later = FakeTime(time.time() + 40)  # 40 s after the game started
    clocks = Clocks(FakeTime(), wall=later)
    assert clocks.remaining(again)[:2] == ("bets", 50)
    assert "⏱ bets 0:50" in toolbar_html(again, clocks)
    # the action window after a restart: it opened with the deal
    for line in ("bet 3 10k", "deal 8 9 6", "deal 8 7 [?]"):
        again.enter(line)
    deal_time = again.window_start(clock(again.state).key)
    assert clock(again.state).name == "actions"
    third = LiveSession.open(Store(path), "c")  # as after kill -9: no close, no new snapshot
    assert third.window_start(clock(third.state).key) == pytest.approx(deal_time, abs=1.0)
    clocks = Clocks(FakeTime(), wall=FakeTime(deal_time + 200))
    assert clocks.remaining(third)[:2] == ("actions", 10)
    third.close()
    fourth = LiveSession.open(Store(path), "c")
    assert fourth.window_start(clock(fourth.state).key) == pytest.approx(deal_time, abs=1.0)


def test_time_1_a_window_closed_between_games_still_leaves_a_snapshot(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "c", create=True)
    for line in (PLAYERS + "\n1 st\n3 st\nreveal T").strip().splitlines():  # settled: no clock runs
        live.enter(line)
    assert clock(live.state) is None
    live.close()
    assert LiveSession.open(Store(path), "c").base == live.last[0]


# ---------------------------------------------------------------- in a real terminal (tmux)

TMUX = shutil.which("tmux")
needs_tmux = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


class Terminal:
    """A prompt in a tmux window of its own (its own server socket), read as a screen."""

    def __init__(self, tmp_path: Path, name: str, *, no_cpr: bool = True, lang: str = "en") -> None:
        self.socket = f"da-{os.getpid()}-{name}-{time.monotonic_ns()}"
        self.db = str(tmp_path / "t.db")
        self.name = name
        self.no_cpr = no_cpr
        self.lang = lang

    def tmux(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([TMUX, "-L", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True,
                              timeout=10)  # fmt: skip

    def start(self) -> "Terminal":
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        if self.no_cpr:
            env["PROMPT_TOOLKIT_NO_CPR"] = "1"
        command = " ".join(["env", "-u", "PROMPT_TOOLKIT_NO_CPR", "-u", "DEALER_ASSIST_LANG",
                            *(f"{k}={shlex.quote(v)}" for k, v in env.items()), shlex.quote(sys.executable), "-m",
                            "dealer_assist", "play", "--lang", self.lang, "--db", shlex.quote(self.db), "--session",
                            self.name])  # fmt: skip
        self.tmux("new-session", "-d", "-s", "t", "-x", "150", "-y", "45", command)
        self.wait(f"(?m)^{self.name}> *$")
        return self

    def screen(self) -> str:
        return self.tmux("capture-pane", "-t", "t", "-p").stdout

    def alive(self) -> bool:
        return self.tmux("has-session", "-t", "t").returncode == 0

    def wait(self, pattern: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if re.search(pattern, shown):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} not on the screen:\n{self.screen()}")

    def type(self, line: str, *, enter: bool = True) -> None:
        self.tmux("send-keys", "-t", "t", "-l", line)
        if enter:
            self.tmux("send-keys", "-t", "t", "Enter")

    def line(self, line: str) -> str:
        """Type a line and wait for the next empty prompt after it."""
        self.type(line)
        echoed = f"{self.name}> {line}"
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            shown = self.screen()
            if echoed in shown and re.search(f"(?m)^{self.name}> *$", shown.rsplit(echoed, 1)[1]):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"no prompt after {line!r}:\n{self.screen()}")

    def quit(self) -> None:
        self.type("quit")
        deadline = time.monotonic() + 15
        while self.alive() and time.monotonic() < deadline:
            time.sleep(0.1)

    def stop(self) -> None:
        if self.alive():
            self.tmux("kill-server")

    def events(self) -> list[str]:
        store = Store(self.db, readonly=True)
        try:
            return [e.text for e in store.events(store.get(self.name))]
        finally:
            store.close()


def clock_shown(screen: str) -> int:
    found = re.findall(r"⏱ bets (\d+):(\d\d)", screen)
    assert found, screen
    minutes, seconds = found[-1]
    return int(minutes) * 60 + int(seconds)


SETUP = ["quest normal", "dice 2 5", "seat 1 aki 100k", "seat 3 ben 50k"]


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\x00-\x08\x0b-\x1f]")


def test_the_toolbar_is_drawn_and_redrawn_with_prompt_toolkit_no_cpr(tmp_path):
    """Without tmux: a pseudo-terminal that never answers a CPR, with PROMPT_TOOLKIT_NO_CPR=1
    (prompt_toolkit then draws no bottom toolbar unless told the rows below the cursor)."""
    import pexpect

    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    env.pop("DEALER_ASSIST_LANG", None)
    command = ["-m", "dealer_assist", "play", "--db", str(tmp_path / "p.db"), "--session", "p"]
    child = pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=20, dimensions=(40, 120))
    try:
        child.expect("p>")
        for line in [*SETUP, "game"]:
            child.sendline(line)
            child.expect("p>")
        child.expect(r"⏱ bets 1:[0-3]\d")
        seen = ""
        deadline = time.monotonic() + 3.5
        while time.monotonic() < deadline:
            try:
                seen += child.read_nonblocking(10000, timeout=0.5)
            except pexpect.TIMEOUT:
                pass
        redrawn = ANSI.sub("|", seen)
        assert re.search(r"\|\d{1,2}\|", redrawn), repr(seen)  # the seconds, redrawn in place
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


@needs_tmux
@pytest.mark.parametrize("no_cpr", [True, False], ids=["PROMPT_TOOLKIT_NO_CPR=1", "with CPR"])
def test_the_toolbar_clock_ticks_without_cursor_position_reports(tmp_path, no_cpr):
    term = Terminal(tmp_path, "cpr", no_cpr=no_cpr).start()
    try:
        for line in [*SETUP, "game"]:
            term.line(line)
        first = clock_shown(term.wait(r"⏱ bets \d:\d\d"))
        assert re.search(r"BET-1 bets \(bet BOX AMOUNT / bet BOX -\).*⏱ bets", term.screen())
        time.sleep(2.2)
        later = clock_shown(term.screen())
        assert first - 4 <= later <= first - 2  # redrawn every second
    finally:
        term.stop()


@needs_tmux
def test_a_clock_resumes_where_it_was_after_a_restart_in_a_terminal(tmp_path):
    first = Terminal(tmp_path, "rs").start()
    try:
        for line in [*SETUP, "game"]:
            first.line(line)
        first.wait(r"⏱ bets 1:\d\d")
        first.quit()
    finally:
        first.stop()
    time.sleep(2.5)
    again = Terminal(tmp_path, "rs").start()
    try:
        assert clock_shown(again.wait(r"⏱ bets \d:\d\d")) <= 87  # not from full (1:30): 2.5 s and more went by
    finally:
        again.stop()


@needs_tmux
def test_the_deal_guard_in_a_terminal_second_enter_and_deal_bang(tmp_path):
    term = Terminal(tmp_path, "g").start()
    try:
        for line in [*SETUP, "game", "bet 1 10k"]:
            term.line(line)
        term.type("deal 9 [K] 6")
        shown = term.wait("would play no bet")
        assert "box 3 (ben) would play no bet" in shown
        term.wait(r"(?m)^g> deal 9 \[K\] 6 *$")  # the line waits on the prompt for a second Enter
        assert term.events()[-1] == "bet 1 10k"  # nothing dealt yet
        term.tmux("send-keys", "-t", "t", "Enter")
        term.wait("CARD-2: deal")
        assert term.events()[-1] == "deal 9 [K] 6"
        for line in ("deal 8 [5] [?]", "1 st", "3 st", "reveal T", "next 9", "game", "bet 3 5k"):
            term.line(line)
        assert term.events()[-1] == "bet 3 5k"
        term.line("deal! 9 8 7")  # dealt at once, without asking
        assert term.events()[-1] == "deal 9 8 7"  # stored as the plain notation
        assert "would play no bet" not in term.screen().rsplit("deal! 9 8 7", 1)[1]
    finally:
        term.stop()


@needs_tmux
def test_tab_completes_amounts_and_cards_in_a_terminal_in_japanese(tmp_path):
    term = Terminal(tmp_path, "tab", lang="ja").start()
    try:
        for line in [*SETUP, "game", "bet 1 10k"]:
            term.line(line)
        term.type("ベット 3 ", enter=False)
        shown = term.wait("ベットできる最大")
        assert re.search(r"50k +5万P・ベットできる最大", shown) and re.search(r"- +このゲームはノーベット", shown)
        term.tmux("send-keys", "-t", "t", "C-u")
        term.line("bet 3 5k")
        term.type("deal ", enter=False)
        term.wait(r"(?m)^ +A +オープン：シューターで表向き")
        term.tmux("send-keys", "-t", "t", "Tab")  # the first card offered: A, for box 1
        term.wait(r"(?m)^tab> deal A *$")
        term.tmux("send-keys", "-t", "t", "Enter")
        term.wait("1巡目の途中で終わります")  # one card stops inside round 1: held (issue 17)
        term.tmux("send-keys", "-t", "t", "Enter")  # Enter again deals it
        term.wait(r"(?m)^tab> *$")
        assert term.events()[-1] == "deal A"
    finally:
        term.stop()


# ---------------------------------------------------------------- hostile input at the prompt


@pytest.mark.parametrize(
    "typed",
    ["\x00", "deal \x00 ", "bet 3 \u202e", "deal " + "9 " * 4000, "x" * (n.MAX_LINE + 5), "\ud800", "deal \ud800 ",
     "1 ht \x1b[", "bet 99 ", "bet 3 \t", "deal [[ ", "1z ", "redistribute 1=", "sr 9 ", "bet 3;", "bet 3 5k # ",
     "\r\n", "deal! \x00", "ｄｅａｌ！　", "help " + "a" * 100, "ベット 3 1万 "],
)  # fmt: skip
def test_hostile_typing_never_breaks_completion_the_guard_or_help(typed):
    state = state_of(BETS)
    start = time.perf_counter()
    for lang in LANGS:
        matching(state, typed, lang)
        deal_guard(state, typed)
        deal_now(typed)
        from dealer_assist.prompt import help_text

        help_text(state, lang, typed)
    assert time.perf_counter() - start < 2.0


@needs_tmux
def test_table_1_the_casino_table_is_dealt_at_the_live_prompt_with_completion_and_hint(tmp_path):
    """The casino table in a real terminal: its own panel and toolbar, Tab completion from its
    rules (the seats that may insure, a hand's actions), `hint`, undo, and no TIME-1 clock."""
    term = Terminal(tmp_path, "cas").start()
    try:
        for line in ["ruleset casino", "seat 1 aki", "seat 2 ben", "game", "deal 8 T A", "deal 8 9 [5]"]:
            term.line(line)
        shown = term.screen()
        assert "INS-1" in shown and "⏱" not in shown
        term.type("ins ", enter=False)
        term.wait(r"(?m)^ +1 +aki · 90 chips")
        term.tmux("send-keys", "-t", "t", "C-u")
        for line in ["ins 2", "go", "peek"]:
            term.line(line)
        shown = term.line("hint")
        assert re.search(r"CPU-4 · the CPU's strategy: 1 sp", shown), shown
        term.line("1 sp")
        term.line("undo")
        assert term.events()[-3:] == ["peek", "1 sp", "undo"]  # undo is kept in the log, and undoes
        term.type("1 ", enter=False)
        shown = term.wait(r"(?m)^ +1 sp +split")
        assert re.search(r"(?m)^ +1 sr ", shown) and re.search(r"(?m)^ +1 dd CARD ", shown)
        term.tmux("send-keys", "-t", "t", "C-u")
        term.quit()
    finally:
        term.stop()
