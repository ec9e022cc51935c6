"""Issue 20: the chain check before `play` starts from a verified-up-to mark (``store/marks.py``).

A full check that passes leaves a sealed mark; the next start re-hashes only the events after
it, and every kind of tampering the full check catches is still caught before the first
prompt with the mark present. `verify` always checks in full. The prompt's history and the
rest of the way to the first prompt read no more for a longer session.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

import dealer_assist.store.chain as chain
from dealer_assist.cli import cli
from dealer_assist.live import LiveSession
from dealer_assist.store import EventRow, Store, event_hash
from dealer_assist.tables.onemillion.scriptgen import Generator, Options

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"


@pytest.fixture(autouse=True)
def key(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "keys" / "snapshot.key"
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(path))
    return path


@pytest.fixture
def hashes(monkeypatch) -> list[int]:
    """How many events the chain checks re-hash (``EventRow.digest`` → ``chain.event_hash``)."""
    count = [0]
    original = chain.event_hash

    def counted(*args):
        count[0] += 1
        return original(*args)

    monkeypatch.setattr(chain, "event_hash", counted)
    return count


def invoke(*args: str, input: str | None = None):
    result = CliRunner().invoke(cli, [*args, "--lang", "en"], input=input, terminal_width=200)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def imported(tmp_path: Path, sample: str = "notation_example", name: str = "n") -> Path:
    db = tmp_path / "s.db"
    result = invoke("import", str(SAMPLES / f"{sample}.txt"), "--session", name, "--db", str(db))
    assert result.exit_code == 0, result.output
    return db


def tamper(db: Path, *statements: tuple[str, list]) -> None:
    with sqlite3.connect(db) as conn:
        for sql, params in statements:
            conn.execute(sql, params)


def events(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from events").fetchone()[0]


def mark_of(db: Path) -> dict | None:
    store = Store(db, readonly=True)
    path = store.mark_path(store.get("n"))
    store.close()
    return json.loads(path.read_text()) if path.exists() else None


def check(db: Path):
    store = Store(db)
    try:
        return store.verify_before_play(store.get("n"))
    finally:
        store.close()


def test_a_full_check_that_passes_writes_the_mark_and_the_next_start_rehashes_nothing(tmp_path, hashes):
    db = imported(tmp_path)
    total = events(db)
    assert mark_of(db) is None
    assert check(db).ok and hashes[0] == total  # no mark: the full check
    mark = mark_of(db)
    assert mark is not None and mark["seq"] == total and mark["seal"].startswith("hmac-sha256:")
    hashes[0] = 0
    verdict = check(db)
    assert verdict.ok and verdict.events == total and hashes[0] == 0  # from the mark: nothing re-hashed


def test_play_moves_the_mark_to_the_head_so_the_next_start_rehashes_only_what_came_after(tmp_path, hashes):
    db = imported(tmp_path)
    total = events(db)
    assert invoke("play", "--session", "n", "--db", str(db), input="note one\nnote two\n").exit_code == 0
    # checked in full at the start; at quit the two new events are read back and re-hashed, and the mark moved
    assert hashes[0] == total + 2 and mark_of(db)["seq"] == total + 2
    hashes[0] = 0
    assert invoke("play", "--session", "n", "--db", str(db), input="note three\n").exit_code == 0
    assert hashes[0] == 1 and mark_of(db)["seq"] == total + 3  # nothing at the start, the new event at quit
    # a window that never closed (a crash): the mark stays, the next check re-hashes its events only
    store = Store(db)
    live = LiveSession.open(store, "n", lock=True)
    live.enter("note four")
    live.enter("note five")
    store.close()
    hashes[0] = 0
    assert check(db).ok and hashes[0] == 2 and mark_of(db)["seq"] == total + 5


BROKEN = "the hash chain of 'n' is broken"


def rehashed(db: Path, seq: int, text: str) -> tuple[str, list]:
    """Event ``seq`` given another text and its hash recomputed (the ones after it left)."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("select prev_hash, event, ts, typed from events where seq = ?", [seq]).fetchone()
    return "update events set text = ?, hash = ? where seq = ?", [text, event_hash(row[0], seq, text, row[1], row[2],
                                                                                   row[3]), seq]  # fmt: skip


def flip(column: str) -> str:
    """SQL for ``column`` with its first hex digit changed (whatever it was)."""
    return f"(case when substr({column}, 1, 1) = '0' then '1' else '0' end || substr({column}, 2))"


TAMPERING = {
    "old text edited": ([("update events set text = 'bet 3 6k' where text = 'bet 3 5k'", [])], "event 9 was changed"),
    "old event deleted": ([("delete from events where seq = 15", [])], "event 15 was removed"),
    "two swapped": ([("update events set seq = -1 where seq = 12", []), ("update events set seq = 12 where seq = 13", []),
                     ("update events set seq = 13 where seq = -1", [])], "reordered"),
    "one event forged with its hash": (None, "event 12 was changed"),
    "a stored hash edited": ([("update events set hash = " + flip("hash") + " where seq = 4", [])], "event 4"),
    "a prev_hash edited": ([("update events set prev_hash = " + flip("prev_hash") + " where seq = 6", [])], "event"),
    "the typed line edited": ([("update events set typed = 'bet 3 9k' where seq = 9", [])], "event 9 was changed"),
    "a timestamp edited": ([("update events set ts = '2020-01-01T00:00:00.000+00:00' where seq = 3", [])], "event 3"),
    "an event added at the end": ([("insert into events (session_id, seq, text, event, ts, hash, prev_hash, typed) "
                                    "select session_id, seq + 1, 'note x', event, ts, 'f00', hash, 'note x' from events "
                                    "where seq = (select max(seq) from events)", [])], "broken"),
    "the head edited": ([("update sessions set head_hash = " + flip("head_hash"), [])], "broken"),
}  # fmt: skip


@pytest.mark.parametrize("kind", TAMPERING)
def test_every_tampering_is_caught_before_play_with_the_mark_present(tmp_path, kind):
    db = imported(tmp_path)
    assert check(db).ok and mark_of(db) is not None  # the mark is there
    statements, said = TAMPERING[kind]
    tamper(db, *(statements or [rehashed(db, 12, "bet 3 90k")]))
    mark = mark_of(db)
    assert invoke("verify", "n", "--db", str(db)).exit_code == 1
    result = invoke("play", "--session", "n", "--db", str(db), input="note hi\n")
    assert result.exit_code == 1 and BROKEN in result.stderr and said in result.stderr, result.stderr
    assert "--force" in result.stderr
    forced = invoke("play", "--session", "n", "--db", str(db), "--force", input="note hi\n")
    assert BROKEN in forced.stderr  # (a log with an event gone may not replay at all: exit 1)
    assert mark_of(db) == mark  # a window that began on a broken chain never moves the mark


def test_a_chain_forged_to_the_head_fails_the_mark_and_gets_the_full_check(tmp_path, hashes):
    """Every hash recomputed from an old event on: the anchor is no longer the one sealed, so
    the full check runs (and passes, as it would without a mark: only a posted head tells)."""
    db = imported(tmp_path)
    total = events(db)
    assert check(db).ok
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select seq, text, event, ts, prev_hash, typed from events order by seq").fetchall()
        prev = ""
        for seq, text, event, ts, _, typed in rows:
            text = "bet 3 6k" if text == "bet 3 5k" else text
            digest = event_hash(prev, seq, text, event, ts, typed)
            conn.execute("update events set text = ?, hash = ?, prev_hash = ? where seq = ?", [text, digest, prev, seq])
            prev = digest
        conn.execute("update sessions set head_hash = ?", [prev])
    hashes[0] = 0
    assert check(db).ok and hashes[0] == total  # the full check ran
    assert mark_of(db)["hash"] == prev


def test_a_mark_that_does_not_hold_is_not_used(tmp_path, hashes, monkeypatch):
    db = imported(tmp_path)
    total = events(db)
    assert check(db).ok
    path = Path(f"{db}.verified-1")
    mark = json.loads(path.read_text())
    for change in ({"digest": "0" * 64}, {"seq": mark["seq"] - 1}, {"hash": "0" * 64}, {"seal": "hmac-sha256:x:y"}):
        path.write_text(json.dumps({**mark, **change}))
        hashes[0] = 0
        assert check(db).ok and hashes[0] == total, change  # the full check, and a mark written again
        assert mark_of(db) == mark
    monkeypatch.setenv("DEALER_ASSIST_KEY", str(tmp_path / "other" / "snapshot.key"))  # another computer
    hashes[0] = 0
    assert check(db).ok and hashes[0] == total


def test_verify_always_checks_in_full(tmp_path, hashes):
    db = imported(tmp_path)
    total = events(db)
    assert check(db).ok and mark_of(db) is not None
    hashes[0] = 0
    result = invoke("verify", "n", "--db", str(db))
    assert result.exit_code == 0 and hashes[0] >= total  # every event re-hashed (the full check)


def test_no_mark_is_written_for_a_broken_chain_nor_by_a_reader(tmp_path):
    db = imported(tmp_path)
    tamper(db, ("update events set text = 'bet 3 6k' where text = 'bet 3 5k'", []))
    assert not check(db).ok and mark_of(db) is None
    assert invoke("play", "--session", "n", "--db", str(db), "--force", input="note hi\n").exit_code == 0
    assert mark_of(db) is None
    db2 = imported(tmp_path / "other")
    store = Store(db2, readonly=True)
    assert store.verify_before_play(store.get("n")).ok
    store.close()
    assert mark_of(db2) is None


def test_a_deleted_session_leaves_no_mark(tmp_path):
    db = imported(tmp_path)
    assert check(db).ok and mark_of(db) is not None
    store = Store(db)
    store.delete(store.get("n"))
    store.close()
    assert not Path(f"{db}.verified-1").exists()


def test_the_snapshot_and_the_derived_rows_are_still_checked_with_the_mark_present(tmp_path):
    lines = Generator(3, Options(games=6, empty=False)).run()
    db = tmp_path / "s.db"
    store = Store(db)
    live = LiveSession.open(store, "n", create=True, lock=True)
    for line in lines:
        live.enter(line)
    live.close()
    assert store.verify_before_play(store.get("n")).ok
    store.close()
    assert mark_of(db) is not None
    tamper(db, ("update snapshots set body = replace(body, '\"hp\":', '\"hp\":1')", []))  # not its seal any more
    result = invoke("play", "--session", "n", "--db", str(db), input="note hi\n")
    assert result.exit_code == 0 and "does not fit its log" in result.stderr, result.stderr
    tamper(db, ("update games set damage = 999999 where game = 1", []))
    assert invoke("play", "--session", "n", "--db", str(db), input="note hi\n").exit_code == 0
    result = invoke("verify", "n", "--db", str(db))
    assert result.exit_code == 1 and "game 1" in result.output


# ------------------------------------------------------------------ flat: the history and the start


def session(tmp_path: Path, games: int) -> Path:
    db = tmp_path / f"g{games}.db"
    store = Store(db)
    live = LiveSession.open(store, "n", create=True, lock=True)
    live.enter_many(Generator(5, Options(games=games, empty=False)).run())
    live.close()
    store.verify_before_play(store.get("n"))  # the mark, as a first play leaves it
    store.close()
    return db


def test_the_history_is_the_last_200_texts_read_in_one_query(tmp_path):
    db = session(tmp_path, 30)
    store = Store(db)
    row = store.get("n")
    assert len(store.events(row)) > 200  # not vacuous
    statements: list[str] = []
    store.db.conn.set_trace_callback(statements.append)
    texts = store.recent_texts(row, 200)
    store.db.conn.set_trace_callback(None)
    assert texts == [e.text for e in store.events(row)][-200:]
    assert len(statements) == 1 and "limit" in statements[0].lower()
    store.close()


def test_the_way_to_the_first_prompt_builds_and_hashes_no_more_rows_for_a_longer_session(tmp_path, monkeypatch):
    """Events re-hashed and event rows built in Python between opening the store and the
    prompt's history: the same for 5 and for 20 games (the mark, the snapshot)."""
    built = [0]
    original = EventRow.__init__

    def counting(self, *args, **kwargs):
        built[0] += 1
        original(self, *args, **kwargs)

    def work(db: Path) -> int:
        built[0] = hashes[0] = 0
        store = Store(db)
        row = store.get("n")
        assert store.verify_before_play(row).ok
        live = LiveSession.open(store, "n", lock=True)
        assert live.base > 0  # resumed from the snapshot
        store.recent_texts(live.row, 200)
        live.remembered()
        live.store.release(live.row, live.lock)
        store.close()
        return built[0] + hashes[0]

    hashes = [0]
    short, long = session(tmp_path, 5), session(tmp_path, 20)
    monkeypatch.setattr(EventRow, "__init__", counting)
    counted = chain.event_hash

    def hashing(*args):
        hashes[0] += 1
        return counted(*args)

    monkeypatch.setattr(chain, "event_hash", hashing)
    assert work(short) == work(long) == 0


# ------------------------------------------------------------------ the digest read ahead


def test_play_reads_the_digest_ahead_in_a_thread_and_the_check_uses_it(tmp_path, hashes, monkeypatch):
    from dealer_assist.store.marks import Marks

    db = imported(tmp_path)
    assert check(db).ok
    on_main = [0]
    original = Marks._content

    def counted(self, *args, **kwargs):
        on_main[0] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Marks, "_content", counted)
    hashes[0] = 0
    assert invoke("play", "--session", "n", "--db", str(db), input="note hi\n").exit_code == 0
    assert on_main[0] == 0 and hashes[0] == 1  # the digest came from the thread; only the new note re-hashed


def test_a_read_ahead_is_used_only_for_its_session_and_mark(tmp_path):
    from dealer_assist.store.marks import Early

    db = imported(tmp_path)
    assert check(db).ok
    store = Store(db)
    row = store.get("n")
    early = Early(db, "n")
    assert early.content(row, mark_of(db)["seq"]) is not None
    assert early.content(row, mark_of(db)["seq"] - 1) is None  # another mark than the one read ahead
    assert Early(db, "nobody").content(row, mark_of(db)["seq"]) is None
    tamper(db, ("update events set text = 'bet 3 6k' where text = 'bet 3 5k'", []))
    early = Early(db, "n")  # read after the change: the digest differs, the full check names it
    verdict = store.verify_before_play(row, early)
    assert not verdict.ok and verdict.seq == 9
    store.close()


def test_the_read_ahead_makes_nothing_beside_a_file_play_refuses(tmp_path, monkeypatch):
    import dealer_assist.store.marks as marks

    import shutil

    source = imported(tmp_path)
    assert check(source).ok
    with sqlite3.connect(source) as conn:
        conn.execute("pragma wal_checkpoint(truncate)")
    (tmp_path / "copy").mkdir()
    db = tmp_path / "copy" / "s.db"
    for suffix in ("", ".verified-1"):  # the file alone, without its -wal and -shm, and its mark
        shutil.copyfile(f"{source}{suffix}", f"{db}{suffix}")
    before = sorted(p.name for p in db.parent.iterdir())
    assert before == ["s.db", "s.db.verified-1"]
    monkeypatch.setattr(marks.os, "access", lambda path, mode: not mode & marks.os.W_OK)  # a read-only file
    early = marks.Early(db, "n")
    early._thread.join()
    assert early.found is None and sorted(p.name for p in db.parent.iterdir()) == before
    monkeypatch.undo()
    early = marks.Early(db, "n")  # not vacuous: a writable one is read ahead
    early._thread.join()
    assert early.found is not None
