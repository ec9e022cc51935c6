"""Issue 17: every schema the tool ever wrote opens, migrates, verifies and plays.

The fixtures ``tests/fixtures/schema_vN.db`` were written by the tool as it was when each
schema version came in (``tests/fixtures/make_schema_fixtures.py`` rebuilds them from git
history): two sessions each, ``q1`` (one finished game, imported) and ``q2`` (the first game
up to the hole card, typed through ``play``), with the hash chain of their time.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli
from dealer_assist.store import SCHEMA, Store, event_hash

FIXTURES = Path(__file__).parent / "fixtures"
VERSIONS = range(1, 8)


def invoke(*args: str, input: str | None = None):
    result = CliRunner().invoke(cli, [*args, "--lang", "en"], input=input, terminal_width=200)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def copy(version: int, tmp_path: Path) -> Path:
    target = tmp_path / f"v{version}.db"
    shutil.copyfile(FIXTURES / f"schema_v{version}.db", target)
    return target


def schema_of(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return max(row[0] for row in conn.execute("select version from migrations"))
    finally:
        conn.close()


def test_there_is_one_fixture_for_every_schema_version_and_each_is_what_that_version_wrote(tmp_path):
    assert SCHEMA == max(VERSIONS), "a new schema version needs its fixture (make_schema_fixtures.py)"
    for version in VERSIONS:
        path = copy(version, tmp_path)  # the fixtures themselves are never opened
        assert schema_of(path) == version
        with sqlite3.connect(path) as conn:
            columns = {row[1] for row in conn.execute("pragma table_info(events)")}
            rows = conn.execute("select seq, text, event, ts, hash, prev_hash"
                                + (", typed" if "typed" in columns else ", null") +
                                " from events where session_id = 1 order by seq").fetchall()  # fmt: skip
        assert ("typed" in columns) == (version >= 3)  # the typed line is hashed since v3
        prev = ""
        for seq, text, event, ts, digest, prev_hash, typed in rows:
            assert prev_hash == prev and event_hash(prev, seq, text, event, ts, typed) == digest
            prev = digest
        assert len(rows) == 16


@pytest.mark.parametrize("version", VERSIONS)
def test_an_old_database_verifies_as_it_is_read_only(version, tmp_path):
    db = copy(version, tmp_path)
    before = db.read_bytes()
    listed = invoke("sessions", "--db", str(db))
    assert listed.exit_code == 0 and "q1" in listed.stdout and "q2" in listed.stdout
    for name, events in (("q1", 16), ("q2", 11)):
        result = invoke("verify", name, "--db", str(db))
        assert result.exit_code == 0, result.output
        assert f"holds over {events} events" in result.stdout
        assert "match the events" in result.stdout
    report = invoke("report", "q1", "--db", str(db), "--format", "json")
    assert report.exit_code == 0, report.output
    assert json.loads(report.stdout)["chain"]["ok"] is True
    assert db.read_bytes() == before  # reading never migrates


@pytest.mark.parametrize("version", VERSIONS)
def test_an_old_database_migrates_and_plays_on(version, tmp_path):
    db = copy(version, tmp_path)
    played = invoke("play", "--session", "q2", "--db", str(db), input="1 st\n")
    assert played.exit_code == 0, played.output
    assert "broken" not in played.output
    assert schema_of(db) == SCHEMA
    for name, events in (("q1", 16), ("q2", 12)):
        result = invoke("verify", name, "--db", str(db))
        assert result.exit_code == 0, result.output
        assert f"holds over {events} events" in result.stdout and "match the events" in result.stdout
    again = invoke("play", "--session", "q1", "--db", str(db), input="note hi\n")
    assert again.exit_code == 0 and "broken" not in again.output, again.output
    with sqlite3.connect(db) as conn:
        seats = dict(conn.execute("select name, seats from sessions"))
        games = conn.execute("select count(*) from games where session_id = 1").fetchone()[0]
    assert json.loads(seats["q1"]) == {"1": "aki", "3": "ben"}  # filled in from the events
    assert games == 1


def test_a_v1_session_migrated_by_an_older_version_with_an_empty_head_still_verifies(tmp_path):
    """Versions before this one migrated v1 to v2 with event_count 0 and an empty head: the
    session then read as 'event 1 was inserted'."""
    db = copy(1, tmp_path)
    Store(db).close()  # migrated to this schema
    with sqlite3.connect(db) as conn:  # what _create_v2 used to leave: the new head columns not filled in
        conn.execute("update sessions set event_count = 0, head_hash = ''")
    result = invoke("verify", "q1", "--db", str(db))
    assert "holds over 16 events" in result.stdout, result.output
    played = invoke("play", "--session", "q2", "--db", str(db), input="1 st\n")
    assert played.exit_code == 0 and "broken" not in played.output, played.output
    assert "holds over 12 events" in invoke("verify", "q2", "--db", str(db)).stdout


def test_a_v1_session_whose_last_event_was_cut_after_the_migration_is_still_caught(tmp_path):
    db = copy(1, tmp_path)
    assert invoke("play", "--session", "q2", "--db", str(db), input="1 st\n").exit_code == 0  # migrated
    with sqlite3.connect(db) as conn:
        conn.execute("delete from events where session_id = 2 and seq = 12")
    result = invoke("verify", "q2", "--db", str(db))
    assert result.exit_code == 1 and "event 12 was removed" in result.stdout, result.output


def test_a_database_of_a_newer_schema_is_refused_in_one_sentence(tmp_path):
    db = copy(6, tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("insert into migrations values (99, '2030-01-01T00:00:00.000+00:00')")
    before = db.read_bytes()
    for args in (("sessions",), ("verify", "q1"), ("report", "q1"), ("play", "--session", "q1")):
        result = invoke(*args, "--db", str(db), input="note hi\n")
        assert result.exit_code == 1, args
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "newer dealer-assist (schema 99" in lines[0], (args, result.output)
    assert db.read_bytes() == before


def test_a_file_that_is_not_sqlite_is_refused_in_one_sentence(tmp_path):
    db = tmp_path / "notes.db"
    db.write_text("these are my notes, not a database\n" * 50, encoding="utf-8")
    before = db.read_bytes()
    for args in (("sessions",), ("verify", "q1"), ("report", "q1"), ("play", "--session", "q1"), ("backup", str(tmp_path / "b.db"))):
        result = invoke(*args, "--db", str(db), input="note hi\n")
        assert result.exit_code == 1, args
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "not a session database" in lines[0], (args, result.output)
    assert db.read_bytes() == before
