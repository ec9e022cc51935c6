"""Issue 17: a snapshot is a cache, trusted no further than it can be checked.

`play` resumes from a snapshot only while its seal (an HMAC with this computer's key, which is
not in the database) holds and its state is well formed field by field; anything else is
ignored with one sentence and rebuilt from the events. `verify` never reads the state from
the snapshot: it replays the log and names a snapshot that is not the state its event left.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.core import snapshot
from dealer_assist.core.history import History
from dealer_assist.live import LiveSession, check_derived
from dealer_assist.rulesets import to_json
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion.scriptgen import Generator, Options
from dealer_assist.store import Store

EXE = [sys.executable, "-m", "dealer_assist"]
CASINO = ["ruleset casino", "seat 1 aki", "seat 2 ben", "game", "deal 9 T K", "deal 8 9 [5]", "peek",
          "1 st", "2 st", "reveal", "dealer 4", "game", "deal 5 6 9", "deal 9 T [8]", "2 st"]  # fmt: skip


@pytest.fixture(autouse=True)
def key(tmp_path, monkeypatch) -> Path:
    """This computer's snapshot key, kept apart for the test."""
    path = tmp_path / "keys" / "snapshot.key"
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(path))
    return path


def script(seed: int = 3, games: int = 8) -> list[str]:
    return Generator(seed, Options(games=games, empty=False)).run()


def stored(tmp_path: Path, lines: list[str], name: str = "s") -> Path:
    path = tmp_path / "s.db"
    store = Store(path)
    live = LiveSession.open(store, name, create=True)
    for line in lines:
        live.enter(line)
    live.close()
    store.close()
    return path


def replayed(lines: list[str]) -> dict:
    result = replay_text("\n".join(lines))
    assert result.ok, result.error_text()
    return to_json(result.session.state)


def row_of(path: Path) -> tuple[int, str, str]:
    with sqlite3.connect(path) as db:
        return db.execute("select seq, hash, body from snapshots").fetchone()


def forge(path: Path, change) -> None:
    """Edit the snapshot's body as anyone with an SQLite tool can, and recompute its checksum."""
    seq, _, body = row_of(path)
    state = json.loads(body)
    change(state)
    forged = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    with sqlite3.connect(path) as db:
        db.execute("update snapshots set body = ?, checksum = ?",
                   [forged, hashlib.sha256(forged.encode("utf-8")).hexdigest()])  # fmt: skip


def reseal(path: Path, name: str, change=None, seq: int | None = None) -> None:
    """Rewrite the snapshot through the store itself (its own checksum or seal): what a bug in
    the writer, or someone holding this computer's key, could leave."""
    store = Store(path)
    row = store.get(name)
    at, digest, body = row_of(path)
    if seq is not None:
        at = seq
        digest = store.db.conn.execute("select hash from events where session_id = ? and seq = ?",
                                       [row.id, seq]).fetchone()[0]  # fmt: skip
    state = json.loads(body)
    if change is not None:
        change(state)
    text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    with store._write():
        store._snapshot_row(row, (at, digest, snapshot.fingerprint(row.ruleset or "onemillion"), text))
    store.close()


def more_hp(state: dict) -> None:
    state["hp"] += 123_456


def cli(*args: str, input: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(EXE + list(args), input=input, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "200", "DEALER_ASSIST_LANG": "en"})  # fmt: skip


# ------------------------------------------------------------------------- play: the seal


def test_a_forged_snapshot_with_its_checksum_recomputed_is_ignored_and_rebuilt(tmp_path):
    lines = script()
    path = stored(tmp_path, lines)
    forge(path, more_hp)
    live = LiveSession.open(Store(path), "s", lock=True)
    assert live.base == 0  # the forged state was not used
    assert to_json(live.state) == replayed(lines)
    assert live.ignored == "snapshot.reason.seal"
    live.close()
    again = LiveSession.open(Store(path), "s")  # rebuilt: the next resume is fast and true again
    assert again.base > 0 and again.ignored is None
    assert to_json(again.state) == replayed(lines)
    assert check_derived(Store(path, readonly=True), Store(path, readonly=True).get("s")) == []


def test_play_resumes_from_the_log_and_says_so_in_one_sentence(tmp_path):
    lines = script()
    path = stored(tmp_path, lines)
    forge(path, more_hp)
    result = cli("play", "--session", "s", "--db", str(path), input="note after the forgery\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    said = [line for line in result.stderr.splitlines() if "snapshot" in line]
    assert len(said) == 1 and "does not fit its log" in said[0] and "seal" in said[0], result.stderr
    assert cli("verify", "s", "--db", str(path)).returncode == 0  # rebuilt from the events


def test_a_snapshot_kept_with_another_computers_key_is_rebuilt(tmp_path, monkeypatch):
    lines = script()
    path = stored(tmp_path, lines)
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "elsewhere.key"))
    live = LiveSession.open(Store(path), "s", lock=True)
    assert live.base == 0 and live.ignored == "snapshot.reason.seal"
    live.close()
    assert LiveSession.open(Store(path), "s").base > 0  # sealed again with this key


def test_without_a_key_no_snapshot_is_kept_and_the_log_is_replayed(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(blocker / "snapshot.key"))  # cannot be created
    lines = script(games=4)
    path = stored(tmp_path, lines)
    with sqlite3.connect(path) as db:
        assert db.execute("select count(*) from snapshots").fetchone()[0] == 0
    live = LiveSession.open(Store(path), "s")
    assert live.base == 0 and live.ignored is None and to_json(live.state) == replayed(lines)


# ------------------------------------------------------------------------- verify: the log


def test_verify_replays_the_log_and_names_a_forged_snapshot(tmp_path):
    path = stored(tmp_path, script())
    seq = row_of(path)[0]
    forge(path, more_hp)
    result = cli("verify", "s", "--db", str(path))
    assert result.returncode == 1
    assert f"the snapshot kept after event {seq} is not the state the events give" in result.stdout
    assert "unexpected" not in (result.stdout + result.stderr).lower() and "Traceback" not in result.stderr


def test_verify_names_a_snapshot_forged_with_this_computers_key_too(tmp_path):
    path = stored(tmp_path, script())
    reseal(path, "s", more_hp)  # the seal holds: only the replay can tell
    store = Store(path, readonly=True)
    found = check_derived(store, store.get("s"))
    assert [f.key for f in found] == ["verify.snapshot_mismatch"]


# ------------------------------------------------------------------------- well-formed states


def test_a_snapshot_field_of_the_wrong_type_is_named_by_verify_not_an_unexpected_error(tmp_path):
    lines = script()
    path = stored(tmp_path, lines)
    reseal(path, "s", lambda state: state.update(hp=str(state["hp"])))  # "600000" for 600000
    result = cli("verify", "s", "--db", str(path))
    assert result.returncode == 1, result.stdout
    assert "snapshot kept after event" in result.stdout
    assert "unexpected" not in (result.stdout + result.stderr).lower() and "Traceback" not in result.stderr
    live = LiveSession.open(Store(path), "s", lock=True)
    assert live.base == 0 and live.ignored == "snapshot.reason.damaged"
    assert to_json(live.state) == replayed(lines)
    live.close()


def _casino_chips_as_text(state: dict) -> None:
    for _, seat in state["seats"]["__dict"]:
        seat["chips"] = str(seat["chips"])


def test_a_casino_snapshot_field_of_the_wrong_type_is_not_used_at_the_table(tmp_path):
    path = stored(tmp_path, CASINO)
    reseal(path, "s", _casino_chips_as_text)
    live = LiveSession.open(Store(path), "s", lock=True)
    assert live.base == 0 and live.ignored == "snapshot.reason.damaged"
    assert to_json(live.state) == replayed(CASINO)
    assert all(type(seat.chips) is int for seat in live.state.seats.values())
    live.close()


@pytest.mark.parametrize("value", [True, "7", 7.5, None, [7], {"__tuple": [7]}])
def test_load_refuses_a_value_that_is_not_of_its_fields_type(value):
    result = replay_text("\n".join(script(games=2)))
    body = json.loads(snapshot.dump(result.session.state))
    body["mp"] = value  # an int field
    with pytest.raises(snapshot.SnapshotError):
        snapshot.load(json.dumps(body), lambda count: History.deferred(count, lambda: []))


@pytest.mark.parametrize("damage", ["card", "negative count", "count as text"])
def test_load_refuses_a_damaged_snapshot_with_snapshot_error_only(damage):
    state = replay_text("\n".join(script(games=3))).session.state
    text = snapshot.dump(state)
    if damage == "card":
        text = text.replace('"rank":"', '"rank":"Z', 1)  # a card no shoe holds
    elif damage == "negative count":
        text = text.replace('{"__history":', '{"__history":-', 1)
    else:
        text = re.sub(r'\{"__history":(\d+)\}', r'{"__history":"\1"}', text, count=1)
    assert text != snapshot.dump(state)
    with pytest.raises(snapshot.SnapshotError):
        snapshot.load(text, lambda count: History.deferred(count, lambda: []))


# ------------------------------------------------------------------------- moved snapshots


@pytest.mark.parametrize("how", ["row moved", "resealed"])
def test_a_snapshot_moved_to_an_earlier_event_is_ignored(tmp_path, how):
    lines = script()
    path = stored(tmp_path, lines)
    seq = row_of(path)[0]
    earlier = seq - 25
    if how == "row moved":
        with sqlite3.connect(path) as db:
            digest = db.execute("select hash from events where seq = ?", [earlier]).fetchone()[0]
            db.execute("update snapshots set seq = ?, hash = ?", [earlier, digest])
    else:
        reseal(path, "s", seq=earlier)
    live = LiveSession.open(Store(path), "s", lock=True)
    assert live.base == 0 and live.ignored in ("snapshot.reason.seal", "snapshot.reason.replay")
    assert to_json(live.state) == replayed(lines)
    live.close()


def test_a_session_whose_snapshot_was_moved_is_playable(tmp_path):
    lines = script()
    path = stored(tmp_path, lines)
    seq = row_of(path)[0]
    reseal(path, "s", seq=seq - 25)
    result = cli("play", "--session", "s", "--db", str(path), "--force", input="note still playable\n")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "does not fit its log" in result.stderr
    verdict = cli("verify", "s", "--db", str(path))
    assert verdict.returncode == 0, verdict.stdout
