"""The ``Store`` class: the session database opened, its write transaction and migrations,
the sessions, the events appended one line per transaction, the games rows.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterable, Iterator

import sqlite_utils

from dealer_assist.errors import SessionError, StoreError
from dealer_assist.store.chain import Chain, EventRow, event_hash
from dealer_assist.store.files import FileChecks, _check_path, _connect, _sqlite_error
from dealer_assist.store.locks import Locks
from dealer_assist.store.marks import Marks
from dealer_assist.store.rows import SessionRow, _encodable, check_name, game_row, now, table_of
from dealer_assist.store.schema import APPLICATION_ID, MIGRATIONS
from dealer_assist.store.snapshots import Snapshots
from dealer_assist.store.views import sync_views

# the sessions columns the store itself writes: a table's summary gives the rest (e.g. One Million's `hp`)
_OWN_SESSION_COLUMNS = frozenset({"id", "name", "created", "updated", "setup", "status", "games", "event_count",
                                  "head_hash", "lang"})  # fmt: skip


class Store(FileChecks, Locks, Snapshots, Chain, Marks):
    """The session database. ``readonly=True`` opens an existing file for reading only."""

    commit_seconds = 0.0  # how long the last durable commit took (for the live benchmark)

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self.host = socket.gethostname()
        _check_path(self.path, readonly)
        conn = None
        try:
            conn = _connect(self.path, readonly)
            self.db = sqlite_utils.Database(conn)
            self.db.execute("PRAGMA busy_timeout=5000")
            # before anything is written: a damaged file is never written (in full before writing)
            self.check_integrity(full=not readonly)
            self._check_ours()
            if not readonly:
                self.db.enable_wal()
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.execute("PRAGMA foreign_keys=ON")
                self._migrate()
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise _sqlite_error(self.path, exc) from None
        except StoreError:
            if conn is not None:
                conn.close()
            raise
        self._columns = {t: set(self.db[t].columns_dict) for t in self.db.table_names()}
        if not readonly:  # what an older version did not record (games rows, seats), filled in once
            from dealer_assist.store.upgrade import fill_unrecorded

            fill_unrecorded(self)

    def close(self) -> None:
        self.db.close()

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction: every query inside sees the same committed state, whatever
        another window writes meanwhile (WAL readers keep their snapshot)."""
        conn = self.db.conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN")
        try:
            yield
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    def versions(self) -> set[int]:
        if "migrations" not in self.db.table_names():
            return set()
        return {row[0] for row in self.db.execute("select version from migrations")}

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction that holds the write lock from its start (BEGIN IMMEDIATE)."""
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            start = time.perf_counter()
            conn.execute("COMMIT")  # the durable part: WAL append and fsync (synchronous=FULL)
            self.commit_seconds = time.perf_counter() - start
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _migrate(self) -> None:
        with self._write():
            self.db["migrations"].create({"version": int, "applied": str}, pk="version", if_not_exists=True)
            done = self.versions()  # read inside the write lock: two processes never migrate twice
            for version, step in MIGRATIONS:
                if version not in done:
                    step(self.db)
                    self.db["migrations"].insert({"version": version, "applied": now()})
            sync_views(self.db)  # the tables' views, as the registered tables declare them
            if self.db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    @property
    def _session_columns(self) -> str:
        return ("id, name, created, status, games" + (", hp" if self._has("sessions", "hp") else "")
                + (", lang" if self._has("sessions", "lang") else "")
                + ", json_extract(setup, '$.difficulty') as difficulty, json_extract(setup, '$.ruleset') as ruleset")

    def set_lang(self, session: SessionRow, lang: str) -> SessionRow:
        """Remember the language ``session`` is played in (the default of its audit and report)."""
        if session.lang != lang:
            with self._write():
                self.db.execute("update sessions set lang = ? where id = ?", [lang, session.id])
        return self.get(session.name)

    def _has(self, table: str, column: str | None = None) -> bool:
        columns = self._columns.get(table)
        return columns is not None and (column is None or column in columns)

    # -- sessions

    def sessions(self) -> list[SessionRow]:
        if not self._has("sessions"):
            return []
        rows = self.db.query(f"select {self._session_columns} from sessions order by id")
        return [SessionRow(**row) for row in rows]

    def find(self, name: str) -> SessionRow | None:
        if not self._has("sessions") or not _encodable(name):
            return None
        for row in self.db.query(
            f"select {self._session_columns} from sessions where name = ?", [name]
        ):
            return SessionRow(**row)
        return None

    def get(self, name: str) -> SessionRow:
        row = self.find(name)
        if row is None:
            raise SessionError("session.unknown", name=name)
        return row

    def create(self, name: str) -> SessionRow:
        """A new session: no table chosen yet, no event (its table's summary fills the rest of
        its sessions row with its first line)."""
        check_name(name)
        stamp = now()
        try:
            with self._write():
                if self.find(name) is not None:
                    raise SessionError("session.exists", name=name)
                self.db["sessions"].insert(
                    {"name": name, "created": stamp, "updated": stamp, "setup": "{}", "status": "running",
                     "games": 0}  # fmt: skip
                )
        except sqlite3.Error as exc:
            raise StoreError("store.write_failed", reason=str(exc)) from None
        return self.get(name)

    def delete(self, session: SessionRow) -> None:
        with self._write():
            for table in ("snapshots", "events", "games", "locks"):
                if self._has(table):
                    self.db.execute(f"delete from {table} where session_id = ?", [session.id])
            self.db.execute("delete from sessions where id = ?", [session.id])
        self.forget_mark(session)

    def summary_row(self, session: SessionRow) -> dict[str, Any]:
        """The stored ``sessions`` row as it is (for ``verify``)."""
        return next(iter(self.db.query("select * from sessions where id = ?", [session.id])))

    @property
    def keeps_games(self) -> bool:
        """Whether this database has the games table (schema v2 on)."""
        return self._has("games")

    def game_rows(self, session: SessionRow) -> list[dict[str, Any]]:
        if not self._has("games"):
            return []
        return list(self.db.query("select * from games where session_id = ? order by game", [session.id]))

    # -- events

    def _event_rows(self, session: SessionRow) -> list[EventRow]:
        if not self._has("events"):
            return []
        typed = "typed" if self._has("events", "typed") else "null as typed"
        # plain tuples (sqlite-utils would build a dict per row: the bulk of a long session's read)
        rows = self.db.conn.execute(
            f"select seq, text, event, ts, hash, prev_hash, {typed} from events where session_id = ? order by seq",
            [session.id])  # fmt: skip
        return [EventRow(*row) for row in rows]

    def events_since(self, session: SessionRow, seq: int) -> list[tuple[int, str, str]]:
        """(seq, text, ts) of the events after ``seq``, in order: what a follower (the stream
        overlay) has not applied yet. A gap raises, as in ``events``."""
        rows = list(self.db.execute(
            "select seq, text, ts from events where session_id = ? and seq > ? order by seq", [session.id, seq]))  # fmt: skip
        for expected, row in enumerate(rows, start=seq + 1):
            if row[0] != expected:
                raise SessionError("session.gap", name=session.name, expected=expected, found=row[0])
        return rows

    def events_after(self, session: SessionRow, seq: int) -> list[tuple[int, str, str]]:
        """(seq, text, hash) of the events after ``seq``, checked to run on without a gap."""
        if not self._has("events"):
            return []
        rows = self.db.conn.execute("select seq, text, hash from events where session_id = ? and seq > ? order by seq",
                                    [session.id, seq]).fetchall()  # fmt: skip
        for expected, row in enumerate(rows, start=seq + 1):
            if row[0] != expected:
                raise SessionError("session.gap", name=session.name, expected=expected, found=row[0])
        return rows

    def events(self, session: SessionRow) -> list[EventRow]:
        rows = self._event_rows(session)
        for expected, row in enumerate(rows, start=1):
            if row.seq != expected:
                raise SessionError("session.gap", name=session.name, expected=expected, found=row.seq)
        return rows

    def recent_texts(self, session: SessionRow, count: int) -> list[str]:
        """The texts of the last ``count`` events, oldest first (the prompt's history): read
        from the end, so it costs the same however long the session is."""
        rows = self.db.conn.execute("select text from events where session_id = ? order by seq desc limit ?",
                                    [session.id, count]).fetchall()  # fmt: skip
        return [row[0] for row in reversed(rows)]

    def last_commands(self, session: SessionRow, command: str, count: int) -> list[dict[str, Any]]:
        """The parsed events of the last ``count`` commands named ``command`` (the event's
        ``command``, e.g. ``Bet``), newest first: read from the end, whatever the table."""
        rows = self.db.conn.execute(
            "select event from events where session_id = ? and json_extract(event, '$.command') = ? "
            "order by seq desc limit ?", [session.id, command, count]).fetchall()  # fmt: skip
        found = []
        for (event,) in rows:
            with contextlib.suppress(ValueError):
                found.append(json.loads(event))
        return found

    def last(self, session: SessionRow) -> tuple[int, str]:
        row = self.db.conn.execute(
            "select seq, hash from events where session_id = ? order by seq desc limit 1", [session.id]
        ).fetchone()
        return (0, "") if row is None else (row[0], row[1] or "")

    def append(
        self, session: SessionRow, items: Iterable[tuple], *, after: tuple[int, str],
        summary: dict[str, Any], games: Iterable[dict[str, Any]] = (), lock: str | None = None,
        snapshot: tuple[str, str] | None = None,
    ) -> tuple[int, str]:  # fmt: skip
        """Store one line's commands in one transaction: each item is (normalised text, parsed
        event) or (normalised text, parsed event, the line as typed), or that and the event's
        timestamp (an import that keeps an exported chain, ``chainfile``).

        ``after`` is the (seq, hash) of the last stored event as this window knows it; if the
        database holds another last event (a second writer), or ``lock`` is given and this
        window no longer holds the session, nothing is stored and a ``SessionError`` says why.
        Returns the new (seq, hash).
        """
        seq, prev = after
        rows = []
        for item in items:
            text, event, typed, kept = (*item, None, None)[:4]  # kept: an imported event's own time
            seq += 1
            stamp = kept or now()
            body = json.dumps(event, ensure_ascii=False, sort_keys=True)
            digest = event_hash(prev, seq, text, body, stamp, typed)
            rows.append({"session_id": session.id, "seq": seq, "text": text, "event": body, "ts": stamp,
                         "hash": digest, "prev_hash": prev, "typed": typed})  # fmt: skip
            prev = digest
        try:
            with self._write():
                holder = self.holder(session)
                if lock is None:  # a writer without a lock never writes under a live window
                    if holder is not None and self.holding(session, holder):
                        raise SessionError("session.held", name=session.name, pid=holder.pid, host=holder.host,
                                           since=holder.since_local)  # fmt: skip
                elif holder is None or holder.token != lock:
                        if holder is None:
                            raise SessionError("session.lock_lost", name=session.name)
                        raise SessionError("session.taken_over", name=session.name, pid=holder.pid,
                                           host=holder.host, since=holder.since_local)  # fmt: skip
                stored = self.last(session)
                if stored != tuple(after):
                    raise SessionError("session.moved_on", name=session.name, seq=stored[0], expected=after[0])
                # plain statements (sqlite-utils would look up each table's columns every time)
                conn = self.db.conn
                conn.executemany(
                    "insert into events (session_id, seq, text, event, ts, hash, prev_hash, typed)"
                    " values (:session_id, :seq, :text, :event, :ts, :hash, :prev_hash, :typed)", rows)  # fmt: skip
                # the table's summary: setup, status, games, and what else it keeps in the sessions row
                extra = [key for key in summary if key not in _OWN_SESSION_COLUMNS and self._has("sessions", key)]
                conn.execute(
                    "update sessions set setup = ?, status = ?, games = ?, updated = ?, event_count = ?, head_hash = ?"
                    + "".join(f", {key} = ?" for key in extra) + " where id = ?",
                    [summary["setup"], summary["status"], summary["games"], now(), seq, prev,
                     *(summary[key] for key in extra), session.id])  # fmt: skip
                # an undone `game` leaves no row behind
                conn.execute("delete from games where session_id = ? and game > ?", [session.id, summary["games"]])
                table = table_of(summary["setup"]) if games else None
                for record in games:
                    row = game_row(session.id, record, table)
                    if not row.keys() <= self._columns["games"]:
                        raise TypeError(f"table {table!r}: games rows have no column "
                                        f"{sorted(row.keys() - self._columns['games'])}")  # fmt: skip
                    conn.execute(f"insert or replace into games ({', '.join(row)}) values "
                                 f"({', '.join('?' * len(row))})", list(row.values()))  # fmt: skip
                if snapshot is not None and self._has("snapshots"):  # (engine, body): the state after this line
                    self._snapshot_row(session, (seq, prev, *snapshot))
        except sqlite3.Error as exc:
            raise StoreError("store.write_failed", reason=str(exc)) from None
        return seq, prev
