"""Resume in constant time: snapshots are a cache beside the event log, which stays the truth.
A snapshot is used only while it names an event that still has its hash, its checksum holds
and it was made by these rules; anything else rebuilds from the events. Undo keeps working to
any depth after a resume."""

from __future__ import annotations

import json
import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import Session, to_json
from dealer_assist.core import snapshot
from dealer_assist.core.history import History
from dealer_assist.live import LiveSession
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from dealer_assist.store import Store


def script(seed: int = 3, games: int = 12) -> list[str]:
    return Generator(seed, Options(games=games, empty=False)).run()


def stored(tmp_path, lines: list[str], name: str = "s") -> tuple[Store, str]:
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), name, create=True)
    for line in lines:
        live.enter(line)
    live.close()
    return Store(path), name


def replayed(lines: list[str]) -> dict:
    result = replay_text("\n".join(lines))
    assert result.ok
    return to_json(result.session.state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_a_state_comes_back_from_its_snapshot_unchanged(seed, cut):
    lines = Generator(seed, Options(games=8)).run()
    session = Session()
    for line in lines[: int(len(lines) * cut)]:
        session.submit_all(n.parse_line(line))
    state = session.state
    records = [json.dumps(r) for r in state.history]
    back = snapshot.load(snapshot.dump(state), lambda count: History.deferred(count, lambda: records[:count]))
    assert back == state
    assert json.dumps(to_json(back)) == json.dumps(to_json(state))


def test_a_resumed_session_starts_from_its_snapshot_and_equals_the_whole_replay(tmp_path):
    lines = script()
    store, name = stored(tmp_path, lines)
    live = LiveSession.open(store, name)
    assert live.base > 0 and len(live.session.events) < 20  # only the events after the snapshot
    assert live.state == Session.replay([c for line in lines for c in n.parse_line(line)]).state
    assert to_json(live.state) == replayed(lines)


def test_undo_reaches_back_past_the_snapshot(tmp_path):
    lines = script()
    store, name = stored(tmp_path, lines)
    live = LiveSession.open(store, name)
    depth = len(live.session.events) + 15  # further back than the events held in memory
    for _ in range(depth):  # the first undo takes back a posted end, which needs its word (END-S)
        live.enter("undo end" if live.state.over else "undo")
    commands = [c for line in lines for c in n.parse_line(line)]
    assert to_json(live.state) == to_json(Session.replay(commands[:-depth]).state)
    live.close()
    again = LiveSession.open(Store(tmp_path / "s.db"), name)  # and after another resume
    assert to_json(again.state) == to_json(Session.replay(commands[:-depth]).state)


def test_a_damaged_or_foreign_snapshot_is_ignored_and_the_events_are_replayed(tmp_path, monkeypatch):
    lines = script()
    store, name = stored(tmp_path, lines)
    expected = replayed(lines)
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:  # a changed body: its checksum no longer holds
        db.execute("update snapshots set body = replace(body, '\"hp\":', '\"hp\": 1 +')")
    live = LiveSession.open(Store(path), name)
    assert live.base == 0 and to_json(live.state) == expected
    live.close()  # a good snapshot again
    assert LiveSession.open(Store(path), name).base > 0
    monkeypatch.setattr(snapshot, "fingerprint", lambda table: "other rules")  # made by other rules
    assert LiveSession.open(Store(path), name).base == 0


def test_any_change_to_the_events_drops_the_snapshot(tmp_path):
    lines = script()
    stored(tmp_path, lines)
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:
        assert db.execute("select count(*) from snapshots").fetchone()[0] == 1
        db.execute("update events set text = text where seq = 3")  # even an update that changes nothing
        assert db.execute("select count(*) from snapshots").fetchone()[0] == 0


def test_a_snapshot_names_its_event_by_hash(tmp_path):
    lines = script()
    store, name = stored(tmp_path, lines)
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:
        seq = db.execute("select seq from snapshots").fetchone()[0]
        db.execute("drop trigger snapshot_stale_events_update")  # someone bypasses the triggers
        db.execute("update events set hash = 'rehashed' where seq = ?", [seq])
    assert LiveSession.open(Store(path), name).base == 0  # the anchor no longer holds


def test_the_finished_games_are_read_only_when_asked_for(tmp_path):
    lines = script(games=20)
    store, name = stored(tmp_path, lines)
    live = LiveSession.open(store, name)
    calls = []
    original = store.game_records
    store.game_records = lambda row, count: calls.append(count) or original(row, count)  # type: ignore[method-assign]
    live.enter("note a line in a resumed session")
    assert calls == []
    assert len(to_json(live.state)["log"]) == live.state.games and calls
