"""Issue 17 (from the fuzzing list): what an undo costs does not grow with the session.

No clocks: the work is counted as the commands the session folds again (calls of the step
function ``Session`` uses), at two session lengths.
"""

from __future__ import annotations

import pytest

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import Session
from dealer_assist.core import session as session_mod
from dealer_assist.tables.onemillion.scriptgen import Generator, Options


def played(games: int) -> Session:
    options = Options(games=games, hp=10**9, points=(10**8, 10**9), jokers=False, bet_max=2000, empty=False)
    session = Session()
    for line in Generator(1, options).run():
        session.submit_all(n.parse_line(line))
    return session


def longest_game(session: Session) -> int:
    """The most commands any game of the session holds."""
    longest = current = 0
    for cmd in session.events:
        current = 1 if isinstance(cmd, n.Game) else current + 1
        longest = max(longest, current)
    return longest


@pytest.fixture
def steps(monkeypatch):
    """The number of commands folded (the step calls Session makes) so far."""
    count = [0]
    real = session_mod.step

    def counting(state, cmd):
        count[0] += 1
        return real(state, cmd)

    monkeypatch.setattr(session_mod, "step", counting)
    return count


@pytest.mark.parametrize("games", [200, 600])
def test_a_line_of_2000_undos_folds_the_session_once(games, steps):
    session = played(games)
    longest = longest_game(session)
    line = ";".join(["undo"] * 2000)
    assert len(line) == 9999
    before = len(session.events)
    steps[0] = 0
    session.submit_all(n.parse_line(line))
    assert len(session.events) == before - 2000
    session.state  # noqa: B018 - the state after the line, as the prompt shows it
    # one fold from the nearest kept game start (every 32nd game is kept), not one per undo
    assert steps[0] <= 33 * longest, (steps[0], longest)


@pytest.mark.parametrize("games", [40, 600])
def test_each_undo_folds_at_most_its_own_game_at_any_session_length(games, steps):
    session = played(games)
    longest = longest_game(session)
    per_undo = []
    for _ in range(300):  # 300 undo lines, the state shown after each (the live prompt)
        steps[0] = 0
        session.submit_all([n.Undo()])
        session.state  # noqa: B018
        per_undo.append(steps[0])
    # an undo that reaches past the game starts kept may fold from a kept start up to 32 games
    # back (300 undos cross at most two of them); every other undo folds only its own game
    assert sum(1 for count in per_undo if count > longest) <= 2, (per_undo, longest)
    assert max(per_undo) <= 33 * longest


def test_undo_keeps_the_state_it_would_have_by_replaying():
    from dealer_assist.tables.onemillion import to_json

    session = played(60)
    longest = longest_game(session)
    for _ in range(250):
        session.submit_all([n.Undo()])
        session.state  # noqa: B018
    again = Session.replay(list(session.events))
    assert to_json(session.state) == to_json(again.state)
    # the session's own count of what its undos folded again: about a game's part each
    assert getattr(session, "folded", None) is not None and session.folded <= (250 + 66) * longest
