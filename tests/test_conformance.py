"""The conformance tests every table passes (``rulesets.TABLES``), on random legal sessions
walked through the prompt's own completions (``live.suggestions`` and ``live.arguments``,
which each table supplies):

- replay is a pure fold: ``step`` never changes the state it is given, and replaying the
  same commands gives the same result;
- a refused command changes nothing;
- ``undo`` returns the previous state exactly;
- export → replay is the identity (through the store, as the dealer's session is kept);
- the players' view never changes with what only the dealer knows (the hole card).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import dealers_secrets_changed as hidden_variant  # what only the dealer knows, changed (each table's)

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.core.session import Session
from dealer_assist.core.table import Viewpoint
from dealer_assist.errors import DealerAssistError
from dealer_assist.live import arguments, suggestions

SETTINGS = settings(max_examples=int(os.environ.get("DEALER_ASSIST_EXAMPLES", "60")) // 3 or 1, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
PROMPT_WORDS = ("help", "hint", "quit", "undo", "note")
def setup(table: str) -> list[str]:
    """The table's own example setup (``Ruleset.examples``)."""
    return list(rulesets.get(table).examples.setup)


def probes(table: str) -> tuple[str, ...]:
    """Commands to try at any moment at the table: most of them are refused most of the time."""
    return rulesets.get(table).examples.probes


def legal_lines(state) -> list[str]:
    """Whole commands the prompt offers now, each accepted by the table's rules: an offer, then
    the arguments offered after it, word by word, until the line is a command (``ron 2 1
    mangan``, ``roll 4 5 6``)."""
    out = []
    for option in suggestions(state):
        if option.strip() in PROMPT_WORDS or option.startswith("seat"):
            continue
        out += _completed(state, option, depth=0)
    return out


def _completed(state, line: str, depth: int) -> list[str]:
    if not line.endswith(" "):
        return [line] if _accepted(state, line) else []
    out = []
    for a in arguments(state, line.split()):
        whole = line + a.word
        if _accepted(state, whole):
            out.append(whole)
        elif depth < 4:
            out += _completed(state, whole + " ", depth + 1)
    return out


def _accepted(state, line: str) -> bool:
    try:
        commands = n.parse_line(line)
    except DealerAssistError:
        return False
    return len(commands) == 1 and rulesets.can(state, commands[0])


def enter(session: Session, line: str) -> None:
    """Every command of ``line``, submitted."""
    for cmd in n.parse_line(line):
        session.submit(cmd)


def walk(table: str, seed: int, steps: int = 160) -> list[str]:
    """A random legal session at ``table``: its setup, then up to ``steps`` offered commands
    (bets and deals lean towards going on, so that games are settled)."""
    rng = random.Random(seed)
    session = Session()
    lines = setup(table)
    for line in lines:
        enter(session, line)
    for _ in range(steps):
        if session.state.over:
            break
        offered = legal_lines(session.state)
        if not offered:
            break
        line = rng.choice(offered)
        if len(offered) > 1 and _ends(session.state, line) and rng.random() < 0.9:
            line = rng.choice([other for other in offered if other != line])  # lean towards going on
        enter(session, line)
        lines.append(line)
    return lines


def _ends(state, line: str) -> bool:
    """Whether ``line`` ends the session (the walk takes such a line only now and then)."""
    for cmd in n.parse_line(line):
        state, _ = rulesets.step(state, cmd)
    return state.over


def fingerprint(state) -> str:
    import json

    return json.dumps(rulesets.to_json(state), sort_keys=True, default=str)


TABLES = rulesets.names()


@pytest.mark.parametrize("table", TABLES)
def test_a_walk_reaches_settled_games(table):
    lines = walk(table, 7, steps=400)
    state = Session.replay([c for line in lines for c in n.parse_line(line)]).state
    assert state.games >= 3, lines  # the walks do play whole games (the tests below are not vacuous)


@pytest.mark.parametrize("table", TABLES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_replay_is_a_pure_fold(table, seed):
    lines = walk(table, seed)
    commands = [c for line in lines for c in n.parse_line(line)]
    state = rulesets.new_state()
    for cmd in commands:
        before = fingerprint(state)
        after, _ = rulesets.step(state, cmd)
        assert fingerprint(state) == before, cmd  # the state given is never changed
        state = after
    assert fingerprint(Session.replay(commands).state) == fingerprint(state) == fingerprint(
        Session.replay(commands).state)


@pytest.mark.parametrize("table", TABLES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_refused_command_changes_nothing(table, seed):
    lines = walk(table, seed, steps=random.Random(seed).randrange(0, 120))
    session = Session.replay([c for line in lines for c in n.parse_line(line)])
    before, state = fingerprint(session.state), session.state
    refused = 0
    for probe in probes(table):
        try:
            commands = n.parse_line(probe)
        except DealerAssistError:  # cannot be read at all (seat 9): refused before the rules
            continue
        for cmd in commands:
            try:
                session.submit(cmd)
            except DealerAssistError:
                refused += 1
                assert session.state is state and fingerprint(session.state) == before, probe
            else:  # accepted: undo it, the table is as it was
                session.submit(n.Undo())
                assert fingerprint(session.state) == before, probe
                state = session.state
    assert refused > 0


@pytest.mark.parametrize("table", TABLES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_undo_returns_the_previous_state_exactly(table, seed):
    lines = walk(table, seed)
    session = Session()
    for line in lines:
        for cmd in n.parse_line(line):
            before = session.state
            session.submit(cmd)
            session.submit(n.Undo())
            assert session.state == before, cmd
            session.submit(cmd)


@pytest.mark.parametrize("table", TABLES)
def test_export_then_replay_is_the_identity(table, tmp_path):
    from dealer_assist.live import LiveSession
    from dealer_assist.store import Store

    lines = walk(table, 11, steps=300)
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "walk", create=True)
    for line in lines:
        live.enter(line)
    exported = LiveSession.open(Store(tmp_path / "s.db"), "walk").script("en")
    replayed = Session.replay([c for line in exported.splitlines() for c in n.parse_line(line)])
    assert fingerprint(replayed.state) == fingerprint(live.state)
    assert fingerprint(LiveSession.open(Store(tmp_path / "s.db"), "walk").state) == fingerprint(live.state)


@pytest.mark.parametrize("table", TABLES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_players_view_never_shows_the_hole_card(table, seed):
    lines = walk(table, seed)
    session = Session()
    for line in lines:
        enter(session, line)
        view = rulesets.of(session.state).view
        seen = view(session.state, Viewpoint.PLAYERS)
        assert seen == view(hidden_variant(session.state), Viewpoint.PLAYERS), line
