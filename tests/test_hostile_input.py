"""Hostile input at random points of random legal sessions (issue 8): arbitrary text (lone
surrogates, controls, every kind of line and space separator), numbers with hundreds of
digits and random commands. Only the tool's own errors may be raised, and a refused line
leaves the state byte-identical — in the engine, and through the store (nothing stored,
and what is stored replays, exports and resumes to the same state).

DEALER_ASSIST_EXAMPLES raises the number of examples for a long search (as in
test_properties)."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import Session, to_json
from dealer_assist.errors import DealerAssistError
from dealer_assist.live import LiveSession
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from dealer_assist.store import Store

EXAMPLES = int(os.environ.get("DEALER_ASSIST_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STORE_SETTINGS = settings(max_examples=max(10, EXAMPLES // 3), deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.sampled_from([Options(games=6), Options(games=6, jokers=False), Options(games=6, hp=150_000)])

# characters that a reader might take for a space or a line end, or that cannot be stored
NASTY = ["\x00", "\t", "\r", "\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x7f", "\x85", "\xa0",
         "\u1680", "\u2028", "\u2029", "\u200b", "\u202e", "\ufeff", "\ud800", "\udcff", "\u3000", "＃", "；",
         "；", "［", "］", "#", ";", "=", "-", ",", "_", ".", "k", "m", "é", "１", "ｋ"]  # fmt: skip
KEYWORDS = list(n.KEYWORDS) + ["1", "3", "3a", "7b", "9", "ht", "st", "dd", "sp", "foresight"]
TOKENS = ["A", "9", "T", "10", "[?]", "[JK]", "JK", "[9]", "Kc", "-", "none", "on", "off", "1", "2", "3", "7",
          "8", "0", "10k", "1.5k", "heal_cap", "min_bet", "max_split_hands", "mp", "under", "aki", "1=10k"]  # fmt: skip

any_text = st.text(alphabet=st.characters(exclude_categories=()), max_size=30)  # lone surrogates included
digits = st.one_of(
    st.integers(min_value=0, max_value=10**40).map(str),
    st.text(alphabet="0123456789", min_size=13, max_size=700),  # hundreds of digits
    st.integers(min_value=4300, max_value=5000).map(lambda size: "9" * size),  # past Python's int-string limit
    st.builds(lambda a, b, u: f"{a}.{b}{u}", st.integers(0, 10**20), st.integers(0, 10**30), st.sampled_from(["", "k", "m"])),
    st.builds(lambda a, u: f"{a:,}{u}", st.integers(10**11, 10**25), st.sampled_from(["", "k", "m", "K", "M"])),
)  # fmt: skip
with_numbers = st.builds(
    lambda template, value, box: template.format(n=value, b=box),
    st.sampled_from(["bet {b} {n}", "hp {n}", "seat {b} zed {n}", "redistribute {b}={n} 2={n}",
                     "rule heal_cap {n}", "rule min_bet {n}", "rule bet_cap {n}", "rule bust_penalty {n}",
                     "rule max_split_hands {n}", "shoe {n}", "dice {n}", "dice {n} {n} {n}", "skill mp {n}",
                     "skill surrender {n}", "skill redistribute {n}", "jk {n} {n}", "lock {n} {n}", "yellow {n}",
                     "sr {n}", "{n} ht 9", "{b} st", "bet {n} 10k", "note {n}", "seat {n} x 10k"]),
    digits,
    st.sampled_from(["1", "2", "3", "7", "0", "8"]),
)  # fmt: skip
random_command = st.builds(
    lambda head, args: " ".join([head, *args]),
    st.sampled_from(KEYWORDS),
    st.lists(st.one_of(st.sampled_from(TOKENS), any_text.filter(lambda t: len(t) < 8)), max_size=4),
)


@st.composite
def spiked(draw):
    """A plausible command with a nasty character put somewhere in it."""
    line = draw(st.one_of(random_command, with_numbers, st.sampled_from(["note ben asked", "seat 2 ben 10k"])))
    at = draw(st.integers(0, len(line)))
    return line[:at] + draw(st.sampled_from(NASTY)) + line[at:]


noted = st.builds(lambda head, text, tail: f"{head}{text}{tail}", st.sampled_from(["note ", "note a", "seat 1 a"]),
                  st.text(alphabet=st.sampled_from(NASTY), min_size=1, max_size=3),
                  st.sampled_from(["", "b", " 10k", "b 10k"]))  # fmt: skip
hostile_line = st.one_of(any_text, with_numbers, random_command, spiked(), noted,
                         st.lists(st.one_of(with_numbers, random_command, spiked()), min_size=2, max_size=3)
                         .map("; ".join))  # fmt: skip


def legal_prefix(seed: int, opts: Options, cut: float) -> list[str]:
    lines = Generator(seed, opts).run()
    return lines[: int(len(lines) * cut)]


def assert_storable(session: Session) -> None:
    """Whatever was accepted can be written: JSON that encodes as UTF-8, 64-bit integers."""
    body = json.dumps(to_json(session.state), ensure_ascii=False)
    body.encode("utf-8")

    def walk(value):
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int):
            assert -(2**63) <= value < 2**63, value
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(to_json(session.state))


@SETTINGS
@given(seed=seeds, opts=options, cut=st.one_of(st.just(0.0), st.floats(0, 1)), probes=st.lists(hostile_line, min_size=1, max_size=6))
def test_hostile_lines_raise_only_the_tools_errors_and_a_refusal_changes_nothing(seed, opts, cut, probes):
    session = Session()
    for line in legal_prefix(seed, opts, cut):
        session.submit_all(n.parse_line(line))
    for probe in probes:
        before = session.state
        snapshot = copy.deepcopy(before)
        before_json = json.dumps(to_json(before))
        events = list(session.events)
        try:
            commands = n.parse_line(probe)
            session.submit_all(commands)
        except DealerAssistError as exc:
            str(exc)  # the message itself never fails
            assert session.state is before
            assert before == snapshot  # the engine did not touch the state it was given
            assert json.dumps(to_json(session.state)) == before_json
            assert session.events == events
            continue
        # accepted: read as a script it is the same line with the same commands, its canonical
        # text reads back the same, and all of it can be stored
        assert [line.commands for line in n.iter_script(probe)] == ([tuple(commands)] if commands else [])
        for cmd in commands:
            assert n.parse_line(str(cmd)) == [cmd]
            json.dumps([str(cmd), cmd.to_dict()], ensure_ascii=False).encode("utf-8")
        assert_storable(session)


@SETTINGS
@given(text=any_text, lines=st.lists(st.one_of(any_text, spiked()), max_size=5))
def test_every_reader_splits_lines_and_spaces_the_same_way(text, lines):
    """replay, audit and iter_script agree on every text: the same lines, the same refusal."""
    from dealer_assist import audit

    script = "\n".join([text, *lines])

    def outcome(function):
        try:
            return ("ok", function())
        except DealerAssistError as exc:
            return ("refused", exc.key, getattr(exc, "line", None))

    by_script = outcome(lambda: [(l.number, [str(c) for c in l.commands]) for l in n.iter_script(script)])
    by_audit = outcome(lambda: [(line, str(cmd)) for line, _, cmd in audit.commands(script)])
    if by_script[0] == "ok":
        assert by_audit[0] == "ok"
        assert [(number, c) for number, cs in by_script[1] for c in cs] == by_audit[1]
    else:
        assert by_audit == by_script
    result = replay_text(script)  # the engine may refuse a legal command; never the notation differently
    if by_script[0] == "refused" and (result.ok or result.error_line >= by_script[2]):
        assert not result.ok and result.error_line == by_script[2] and result.error.key == by_script[1]


@STORE_SETTINGS
@given(seed=seeds, opts=options, cut=st.one_of(st.just(0.0), st.floats(0, 1)), probes=st.lists(hostile_line, min_size=1, max_size=5))
def test_hostile_lines_through_the_store_export_and_resume(seed, opts, cut, probes):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.db"
        store = Store(path)
        live = LiveSession.open(store, "h", create=True)
        live.enter_many(legal_prefix(seed, opts, cut))
        for probe in probes:
            before_json = json.dumps(to_json(live.state))
            stored = len(store.events(live.row))
            try:
                live.enter(probe)
            except DealerAssistError:
                assert json.dumps(to_json(live.state)) == before_json
                assert len(store.events(live.row)) == stored  # nothing stored
        final = json.dumps(to_json(live.state))
        exported = live.script()
        again = replay_text(exported)
        assert again.ok, again.error_text()
        assert json.dumps(to_json(again.session.state)) == final  # export -> replay: the same state
        resumed = LiveSession.open(Store(path), "h")
        assert json.dumps(to_json(resumed.state)) == final  # resume: the same state
        assert store.verify(live.row).ok
        store.close()


def test_after_the_door_the_only_spaces_are_space_and_tab_and_nothing_splits_a_line():
    """Every character that passes the door (after NFKC) is one that str.split, str.splitlines
    and UTF-8 all treat alike: no separator but U+0020 and the tab, nothing unencodable."""
    import sys
    import unicodedata

    for code in range(sys.maxunicode + 1):
        normal = unicodedata.normalize("NFKC", chr(code))
        try:
            n.check_text(normal)
        except DealerAssistError:
            continue
        for ch in normal:
            assert not ch.isspace() or ch in " \t", hex(code)
            assert len(f"a{ch}b".splitlines()) == 1, hex(code)
            ch.encode("utf-8")
    for ch in "\x0c\x1c\x1d\x1e\x85\u2028\u2029\x00\ud800\r\n\u1680\u202e":
        assert n.refused_character(ch), repr(ch)
