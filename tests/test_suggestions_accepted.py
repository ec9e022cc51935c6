"""Every command a refusal suggests is one the tool accepts at that moment (issue 17).

A refusal may tell the dealer what to type instead: "(e.g. peek 9)", "type empty", "close
it first (go)", "(3a CARD)", "(seat BOX NAME POINTS)". The walk below visits many states — the
sample sessions, generated sessions (``scriptgen``), the conformance walks of both tables
(``test_conformance.walk``) and a few hand-made moments a generator rarely reaches (a hole card
typed ``[?]`` under an ace) — and at each one tries a set of probe commands. For every refusal
whose text suggests a command, the suggestion is applied to the same state (``step`` is a pure
fold: the state is never changed) and must be accepted.

A form such as ``HAND CARD`` is filled the way the dealer would fill it (a card the table can
take, a free box, a name); a choice such as ``quest extreme|hard|normal|easy`` must have at
least one accepted alternative. ``expected: ...`` (what the tool waits for) and the notation's
own usage lines describe forms, not a suggestion for this state, and are not checked here.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from test_conformance import walk  # the conformance walks of every table

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.errors import DealerAssistError
from dealer_assist.tables.onemillion.scriptgen import Options, generate

SAMPLES = Path(__file__).parent.parent / "sample_sessions"

# where a message suggests a command, and how it is written there
EXAMPLE = re.compile(r"\(e\.g\. ([a-z][^)]*)\)")  # (e.g. peek 9)
TYPE = re.compile(r"\btype ([a-z]+)\b")  # type empty
FIRST = re.compile(r"first \(([a-z]+)\)")  # close it first (go)
FORM = re.compile(r"\(((?:[0-9]+[a-z]?|quest|dice|seat) [^)]*)\)|: (seat [A-Z ]+)$")  # (3a CARD), (seat BOX ...)

# probes tried at every state, beside one per hand of the game ("3a st")
PROBES = ["game", "peek", "reveal", "peek [?]", "reveal [?]", "go", "lock 1", "lock 1 2", "next 4", "next [?]",
          "deal 9", "dealer 7", "1 st", "1 ht 5", "2 sp", "1a 5", "bet 1 10k", "sr 1", "ins 1", "empty",
          "seat 1 zed", "seat 2 zed 100k", "dice 1 2", "quest easy"]  # fmt: skip

# moments the generators seldom reach: the hole card typed [?] under an ace or a ten, a split
# hand waiting for its card, the setup half done, an empty shoe
MOMENTS = [
    "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 A\ndeal 8 [?]",
    "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\nseat 3 ben 50k\ngame\nbet 1 10k\nbet 3 10k\ndeal 9 9 K\ndeal 8 9 [?]",
    "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 8 A\ndeal 8 [?]\ngo\npeek 9\n1 sp",
    "quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 5\ndeal 8 [?]\n1 st",
    "quest normal\ndice 3 5\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 A\ndeal 8 [?]",
    "quest easy\ndice 6\njk 0 0\nshoe 5\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 5\ndeal 8 [7]\n1 ht 2",
    "quest easy\nseat 1 aki 100k",
    "quest normal\ndice 1 2",
    "dice 1",
    "ruleset casino\nseat 1 aki\ngame\ndeal 8 A\ndeal 9 [?]",
    "ruleset casino\nseat 1 aki\nseat 2 ben\ngame\ndeal 8 9 K\ndeal 8 9 [?]",
    "ruleset casino\nseat 1 aki\ngame\ndeal 8 5\ndeal 8 [?]\n1 sp",
    "ruleset casino\nseat 1 aki\ngame\ndeal 9 5\ndeal 8 [?]\n1 st",
    "ruleset casino",
]


def suggestions(error: DealerAssistError) -> list[str]:
    """The commands a refusal's English text suggests (forms as written: ``3a CARD``)."""
    said = error.text("en")
    found = [m.group(1) for m in EXAMPLE.finditer(said)]
    found += [m.group(1) for m in TYPE.finditer(said)]
    found += [m.group(1) for m in FIRST.finditer(said)]
    found += [m.group(1) or m.group(2) for m in FORM.finditer(said)]
    return [s.strip() for s in found]


def _card(state) -> str:
    """A card the table takes now: the card known on top of the shoe (GUILD-3, DRAW-5), or a 5."""
    known = getattr(state, "known_top", None)
    return str(known[0].card) if known else "5"


def _free_box(state) -> str:
    seats = getattr(state, "boxes", None)
    if seats is None:  # the casino table: the next seat, in order (TABLE-1)
        return str(len(state.seats) + 1)
    return str(next(b for b in range(1, 8) if b not in seats))


def filled(state, form: str) -> list[str]:
    """The form as the dealer would type it now (every alternative of a choice)."""
    if form.startswith("quest"):  # quest ... or quest extreme|hard|normal|easy: a difficulty
        return [f"quest {level}" for level in ("extreme", "hard", "normal", "easy")]
    if "|" in form:
        word, choices = form.split(" ", 1)
        return [f"{word} {choice}" for choice in choices.split("|")]
    if form.startswith("dice"):
        difficulty = state.config.difficulty
        from dealer_assist.tables.onemillion.skills import DICE_BY_DIFFICULTY

        return ["dice " + " ".join("1" * DICE_BY_DIFFICULTY[difficulty])] if difficulty else []
    words = form.replace("...", "").split()
    out = []
    for word in words:
        out.append({"CARD": _card(state), "BOX": _free_box(state), "SEAT": _free_box(state), "NAME": "zed",
                    "POINTS": "100k"}.get(word, word))  # fmt: skip
    return [" ".join(out)]


def accepted(state, line: str) -> bool:
    try:
        for cmd in n.parse_line(line):
            state, _ = rulesets.step(state, cmd)
    except DealerAssistError:
        return False
    return True


def probes(state) -> list[str]:
    game = getattr(state, "game", None) or getattr(state, "round", None)
    hands = [f"{h.label} st" for h in game.hands] if game is not None else []
    return PROBES + hands


CHECKED: Counter = Counter()


def check_state(state, where: str) -> list[str]:
    """Every suggestion of every refused probe, tried on ``state``: the ones refused."""
    wrong = []
    for probe in probes(state):
        try:
            commands = n.parse_line(probe)
        except DealerAssistError:
            continue
        try:
            for cmd in commands:
                rulesets.step(state, cmd)
        except DealerAssistError as error:
            for suggestion in suggestions(error):
                options = filled(state, suggestion) if suggestion.split()[0] in ("quest", "dice", "seat") \
                    or suggestion.isupper() or any(w.isupper() for w in suggestion.split()) else [suggestion]  # fmt: skip
                CHECKED[error.key] += 1
                if not any(accepted(state, option) for option in options):
                    wrong.append(f"{where}: {probe!r} -> {error.text('en')!r}; {options} refused")
    return wrong


def states(lines: list[str]):
    """The state after each line that is accepted (a refused line is skipped, as at the prompt)."""
    state = rulesets.new_state()
    yield state
    for line in lines:
        try:
            commands = n.parse_line(line)
        except DealerAssistError:
            continue
        try:
            after = state
            for cmd in commands:
                if isinstance(cmd, n.Undo):
                    raise DealerAssistError("undo")  # the walk keeps no log: skip undo lines
                after, _ = rulesets.step(after, cmd)
        except DealerAssistError:
            continue
        state = after
        yield state


def walk_lines(lines: list[str], where: str) -> list[str]:
    wrong = []
    for i, state in enumerate(states(lines)):
        wrong += check_state(state, f"{where} after line {i}")
    return wrong


@pytest.mark.parametrize("script", [*range(len(MOMENTS))])
def test_suggestions_at_the_hand_made_moments_are_accepted(script):
    assert walk_lines(MOMENTS[script].splitlines(), f"moment {script}") == []


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_suggestions_in_the_sample_sessions_are_accepted(path):
    assert walk_lines(path.read_text(encoding="utf-8").splitlines(), path.stem) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_suggestions_in_generated_sessions_are_accepted(seed):
    lines = generate(seed, Options(games=6))
    assert walk_lines(lines, f"scriptgen {seed}") == []


@pytest.mark.parametrize("table", list(rulesets.TABLES))
@pytest.mark.parametrize("seed", [5, 17])
def test_suggestions_in_the_conformance_walks_are_accepted(table, seed):
    assert walk_lines(walk(table, seed, steps=120), f"{table} walk {seed}") == []


def test_the_walk_checked_the_suggestions_that_matter():
    """Not vacuous: the hole card's face (peek and reveal, both tables), the split hand's card,
    the surrender call before the lock, the empty shoe and the setup were all met."""
    CHECKED.clear()
    for i, script in enumerate(MOMENTS):
        assert walk_lines(script.splitlines(), f"moment {i}") == []
    for key in ("dealer.hole_face_needed", "casino.hole_face", "hand.split_card_first", "casino.split_card_first",
                "lock.after_call", "shoe.empty", "setup.need_quest", "setup.need_dice", "setup.need_seat",
                "casino.need_seat"):  # fmt: skip
        assert CHECKED[key] > 0, (key, CHECKED)


def test_peek_alone_at_the_up_ace_suggests_peek_not_reveal():
    """The issue's case: at the up-ace check, `peek` alone suggests a `peek` (the reveal comes
    after the players), in both languages."""
    state = list(states(MOMENTS[0].splitlines()))[-1]
    with pytest.raises(DealerAssistError) as info:
        rulesets.step(state, n.parse_line("peek")[0])
    assert suggestions(info.value) == ["peek 9"] and accepted(state, "peek 9")
    assert "peek 9" in info.value.text("ja") and "reveal" not in info.value.text("ja")


# ------------------------------------------------------- after the session's end (issue 17)
# The end (END-S, END-F1…F3, DSK-7; the casino game's RANK-1) is final once its head hash is
# announced: a plain `undo` is refused, `undo end` takes the end back. What the prompt offers
# then (completion, help) and what the refusals say to type are tried on the live session
# (``final_end``): the walks above fold the rules alone and cannot try an undo.

from dealer_assist import live as live_offers  # noqa: E402
from dealer_assist import prompt as live_prompt  # noqa: E402
from dealer_assist.replay import replay_text  # noqa: E402

QUOTED = re.compile(r"`([a-z][^`]*)`")  # type `undo end`
ENDED = ["quest_success.txt", "quest_failure.txt", "extreme_445.txt", "jokers.txt", "recovery_and_empty_shoe.txt",
         "casino_game.txt", "casino_alone.txt"]  # fmt: skip
ENDED_PROBES = ["undo", "undo end", "取り消し", "取り消し 終了", "game", "note gg", "deal 9", "peek", "reveal 9",
                "1 st", "bet 1 10k", "seat 1 zed", "quest easy", "go"]  # fmt: skip


def ended_session(sample: str):
    session = replay_text((SAMPLES / sample).read_text(encoding="utf-8")).session
    assert session.ended and session.state.over
    return session


def session_accepts(session, line: str) -> bool:
    """Whether the live session takes ``line`` now (the session is left as it was)."""
    commands = n.parse_line(line)
    saved = session.snapshot(commands)
    try:
        session.submit_all(commands, final_end=lambda: "0123456789ab")
    except DealerAssistError:
        return False
    finally:
        session.restore(saved)
    return True


def said_to_type(error: DealerAssistError) -> list[str]:
    return suggestions(error) + [m.group(1) for m in QUOTED.finditer(error.text("en"))]


def offered(state) -> list[str]:
    """The commands the prompt offers now, as typed (a note with its text; not the prompt's own
    help and quit)."""
    return [("note gg" if option == "note " else option.strip()) for option in live_offers.suggestions(state)
            if option.strip() not in ("help", "quit")]  # fmt: skip


@pytest.mark.parametrize("sample", ENDED)
def test_after_the_end_the_prompt_offers_undo_end_and_every_offer_is_accepted(sample):
    session = ended_session(sample)
    state = session.state
    options = offered(state)
    assert "undo end" in options and "undo" not in options, options
    assert [option for option in options if not session_accepts(session, option)] == []
    assert not session_accepts(session, "undo")  # what is no longer offered is indeed refused
    # Tab after `undo` (or 取り消し) offers `end`; the completion's description says why
    assert [a.word for a in live_offers.arguments(state, ["undo"])] == ["end"]
    assert [a.word for a in live_offers.arguments(state, ["取り消し"])] == ["end"]
    for lang in ("en", "ja"):
        shown = {line: what for line, _, what in live_prompt.matching(state, "un", lang)}
        assert list(shown) == ["undo end"] and shown["undo end"] == live_prompt.text("help.short.undo_end", lang)
        assert [line for line, _, _ in live_prompt.matching(state, "取り消し ", lang)] == ["undo end"]
    # after a note the end is still there: still `undo end` (a plain undo would take the note)
    session.submit(n.parse_line("note gg")[0], final_end=lambda: "0123456789ab")
    assert "undo end" in offered(session.state) and session_accepts(session, "undo end")


@pytest.mark.parametrize("sample", ENDED)
def test_after_the_end_every_command_a_refusal_suggests_is_accepted(sample):
    session = ended_session(sample)
    wrong, met = [], Counter()
    for probe in ENDED_PROBES:
        commands = n.parse_line(probe)
        saved = session.snapshot(commands)
        try:
            session.submit_all(commands, final_end=lambda: "0123456789ab")
        except DealerAssistError as error:
            met[error.key] += 1
            for suggestion in said_to_type(error):
                if not session_accepts(session, suggestion):
                    wrong.append(f"{sample}: {probe!r} -> {error.text('en')!r}; {suggestion!r} refused")
        finally:
            session.restore(saved)
    assert wrong == []
    assert met["session.end_final"] == 2, met  # undo and 取り消し: both name `undo end`
    over = "casino.over" if sample.startswith("casino") else "quest.over"
    assert met[over] > 0 and "undo end" in said_to_type(_refusal(session, "game"))  # not "only note"
    assert "`undo end`（取り消し 終了）" in _refusal(session, "game").text("ja")


def _refusal(session, line: str) -> DealerAssistError:
    with pytest.raises(DealerAssistError) as info:
        session.submit_all(n.parse_line(line), final_end=lambda: "0123456789ab")
    return info.value


def test_while_the_session_runs_undo_end_suggests_the_plain_undo():
    session = replay_text("quest easy\ndice 6\njk 0 0\nseat 1 aki 100k\ngame\n").session
    error = _refusal(session, "undo end")
    assert error.key == "session.undo_end_running" and said_to_type(error) == ["undo end", "undo"]
    assert session_accepts(session, "undo") and "undo" in offered(session.state)
    assert "undo end" not in offered(session.state) and live_offers.arguments(session.state, ["undo"]) == []


def test_help_undo_explains_undo_end_in_both_languages():
    en, ja = live_prompt.topic_help("undo", "en"), live_prompt.topic_help("undo", "ja")
    assert "undo end" in en and "refused" in en and "取り消し 終了" in en
    assert "undo end" in ja and "取り消し 終了" in ja and "通常の取り消しはできません" in ja
