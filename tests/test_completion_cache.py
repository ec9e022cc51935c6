"""Completion remembered while a line is typed (issue 20): the prompt's ``Matcher`` finds the
commands of a state once and the arguments once per words before the one being typed, and
offers exactly what ``matching`` offers — for every prefix of every line of the sample
sessions (both tables, English and Japanese words), for random lines, across states, after
the idle-time warm-up (``Matcher.ahead`` / ``warm``), and with what completion remembers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import notation as n
from dealer_assist.core.session import Session
from dealer_assist.errors import DealerAssistError
from dealer_assist.prompt.completion import Matcher, matching

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SCRIPTS = sorted(SAMPLES.glob("*.txt")) + sorted((SAMPLES / "ja").glob("*.txt"))
REMEMBERED = (None, {1: 5000, 3: 20_000}, {2: 100})


def states_and_next_lines(path: Path) -> list[tuple[object, str]]:
    """Each state of a sample session, with the line typed next in it."""
    session = Session(None)
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        out.append((session.state, line))
        try:
            for cmd in n.parse_line(line):
                session.submit(cmd)
        except DealerAssistError:  # a script that shows a refusal: the state stays
            continue
    return out


WALKS = {path.name: states_and_next_lines(path) for path in SCRIPTS}
STATES = [state for walk in WALKS.values() for state, _ in walk]
LINES = sorted({line for walk in WALKS.values() for _, line in walk})


def test_the_sample_sessions_give_states_of_both_tables():
    tables = {type(state).__module__.split(".")[2] for state in STATES}
    assert {"onemillion", "casino"} <= tables


@pytest.mark.parametrize("name", sorted(WALKS))
def test_every_prefix_of_every_sample_line_is_completed_as_matching_does(name):
    matcher = Matcher()  # one for the whole session: a new state forgets the one before
    for state, line in WALKS[name]:
        for end in range(len(line) + 1):
            typed = line[:end]
            assert matcher(state, typed, "en") == matching(state, typed, "en"), (state, typed)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_warm_up_finds_what_matching_finds(lang):
    matcher = Matcher()
    for state, line in WALKS["quest_success.txt"] + WALKS["casino_game.txt"]:
        for typed in ("", line[: len(line) // 2], line):
            for _ in range(2):  # the commands first, then the arguments they lead to
                for stem in matcher.ahead(state, typed, lang):
                    matcher.warm(state, stem, lang)
            assert matcher.ahead(state, typed, lang) == []
            for end in range(len(line) + 1):
                assert matcher(state, line[:end], lang) == matching(state, line[:end], lang)


def test_a_new_language_or_remembered_bets_are_not_served_from_the_old_ones():
    state, _ = next((s, line) for s, line in WALKS["quest_success.txt"] if line.startswith("bet "))
    matcher = Matcher()
    for lang in ("en", "ja", "en"):
        for remembered in REMEMBERED:
            for typed in ("", "b", "bet 1 ", "bet 3 "):
                got = matcher(state, typed, lang, remembered=remembered)
                assert got == matching(state, typed, lang, remembered=remembered)


WORDS = ["bet ", "deal ", "deal! ", "1 ", "3a ", "ht ", "dd ", "sr ", "ヒット ", "ベット ", "ディール ", "9 ", "[9] ",
         "JK ", "[?] ", "20k ", "- ", "help ", "ヘルプ ", "quest ", "undo ", "end", "peek ", "ins ", ";", "#", " ",
         "　", "b", "d", "1", "x", "hit ", "note ", "ruleset ", "casino"]  # fmt: skip


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(STATES) - 1),
                          st.one_of(st.lists(st.sampled_from(WORDS), max_size=5).map("".join),
                                    st.sampled_from(LINES).flatmap(lambda line: st.integers(0, len(line)).map(
                                        lambda end: line[:end]))),
                          st.sampled_from(["en", "ja"]), st.integers(0, len(REMEMBERED) - 1), st.booleans()),
                min_size=1, max_size=12))  # fmt: skip
def test_random_lines_over_sample_states_are_completed_as_matching_does(steps):
    matcher = Matcher()  # one for the whole sequence: states, languages and warm-ups interleaved
    for index, typed, lang, which, warm in steps:
        state, remembered = STATES[index], REMEMBERED[which]
        if warm:
            for stem in matcher.ahead(state, typed, lang, remembered=remembered):
                matcher.warm(state, stem, lang, remembered=remembered)
        assert matcher(state, typed, lang, remembered=remembered) == matching(state, typed, lang,
                                                                              remembered=remembered)



def slots(state) -> list[str]:
    return [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]


def test_a_state_stepped_in_place_is_not_served_from_what_it_was():
    """Keyed by the events folded too (``version``): should a state ever change in place."""
    walk = WALKS["quest_success.txt"]
    before, after = next((s, t) for (s, _), (t, _) in zip(walk, walk[1:]) if matching(s, "") != matching(t, ""))
    state = before.copy()  # one object, changed in place into the next state
    matcher = Matcher()
    assert matcher(state, "", "en", version=1) == matching(before, "", "en")
    moved = after.copy()
    for name in slots(state):
        if hasattr(moved, name):
            setattr(state, name, getattr(moved, name))
    assert matching(state, "", "en") == matching(after, "", "en")
    assert matcher(state, "", "en", version=2) == matching(after, "", "en")
