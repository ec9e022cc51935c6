"""The ``Store`` class: the session database opened, its write transaction and migrations,
the sessions, the events appended one line per transaction, the games rows.

Opening, the checks, a migration that has nothing to do, the reads and the writes of live
play run on the plain ``sqlite3`` connection (``conn``); ``db``, the sqlite-utils ``Database``
over the same connection, is made the first time something asks for it (the migration steps,
tools and tests), so that ``play`` reaches its first prompt without importing sqlite-utils.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from dealer_assist.errors import SessionError, StoreError
from dealer_assist.store.chain import Chain, EventRow, event_hash
from dealer_assist.store.files import FileChecks, _check_path, _connect, _sqlite_error
from dealer_assist.store.locks import Locks
from dealer_assist.store.marks import Marks
from dealer_assist.store.rows import SessionRow, _encodable, check_name, game_row, now, table_of
from dealer_assist.store.schema import APPLICATION_ID, MIGRATIONS
from dealer_assist.store.snapshots import Snapshots
from dealer_assist.store.views import sync_views

if TYPE_CHECKING:  # pragma: no cover
    import sqlite_utils

    from dealer_assist.store.marks import Early

# an event's body, as ``json.dumps(event, ensure_ascii=False, sort_keys=True)`` writes it (the very
# encoder it makes on each call, made once: the same bytes, and the hash chain over them)
_EVENT_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True)
# the sessions columns the store itself writes: a table's summary gives the rest (e.g. One Million's `hp`)
_OWN_SESSION_COLUMNS = frozenset({"id", "name", "created", "updated", "setup", "status", "games", "event_count",
                                  "head_hash", "lang"})  # fmt: skip


class Store(FileChecks, Locks, Snapshots, Chain, Marks):
    """The session database. ``readonly=True`` opens an existing file for reading only."""

    commit_seconds = 0.0  # how long the last durable commit took (for the live benchmark)

    def __init__(self, path: str | Path, *, readonly: bool = False, ahead: Early | None = None) -> None:
        """``ahead``: the integrity check already run in a thread on this file (``store.marks.Early``);
        without it, or when it did not find the file sound, the check runs here."""
        self.path = Path(path)
        self.readonly = readonly
        self.host = socket.gethostname()
        _check_path(self.path, readonly)
        conn = None
        try:
            conn = self.conn = _connect(self.path, readonly)
            conn.execute("PRAGMA recursive_triggers=on")  # as sqlite-utils sets it: REPLACE fires delete triggers
            conn.execute("PRAGMA busy_timeout=5000")
            # before anything is written: a damaged file is never written (in full before writing)
            self.check_integrity(full=not readonly, ahead=ahead)
            self._check_ours()
            if not readonly:
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode=wal")
                conn.execute("PRAGMA synchronous=FULL")
                conn.execute("PRAGMA foreign_keys=ON")
                self._migrate()
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise _sqlite_error(self.path, exc) from None
        except StoreError:
            if conn is not None:
                conn.close()
            raise
        self._columns = {t: self.column_names(t) for t in self.table_names()}
        if not readonly:  # what an older version did not record (games rows, seats), filled in once
            from dealer_assist.store.upgrade import fill_unrecorded

            fill_unrecorded(self)

    @property
    def db(self) -> sqlite_utils.Database:
        """The sqlite-utils ``Database`` over this store's connection, made on first use (its
        plugins are not looked for: the store uses none)."""
        made = self.__dict__.get("_db")
        if made is None:
            import sqlite_utils

            made = self.__dict__["_db"] = sqlite_utils.Database(self.conn, execute_plugins=False)
        return made

    def table_names(self) -> list[str]:
        return [row[0] for row in self.conn.execute("select name from sqlite_master where type = 'table'")]

    def column_names(self, table: str) -> set[str]:
        return {row[0] for row in self.conn.execute("select name from pragma_table_info(?)", [table])}

    def _dicts(self, sql: str, params: list | tuple = ()) -> list[dict[str, Any]]:
        """The rows of a query as dicts (column name: value), as sqlite-utils' ``query`` gives them."""
        cursor = self.conn.execute(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor]

    def close(self) -> None:
        self.conn.close()

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction: every query inside sees the same committed state, whatever
        another window writes meanwhile (WAL readers keep their snapshot)."""
        conn = self.conn
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
        if "migrations" not in self.table_names():
            return set()
        return {row[0] for row in self.conn.execute("select version from migrations")}

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction that holds the write lock from its start (BEGIN IMMEDIATE)."""
        conn = self.conn
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
        """The migrations not applied yet, then the views: sqlite-utils only when a step is to
        be run (an open that finds the schema up to date reads three small things)."""
        with self._write():
            if "migrations" not in self.table_names():
                self.db["migrations"].create({"version": int, "applied": str}, pk="version", if_not_exists=True)
            done = self.versions()  # read inside the write lock: two processes never migrate twice
            pending = [(version, step) for version, step in MIGRATIONS if version not in done]
            for version, step in pending:
                step(self.db)
                self.db["migrations"].insert({"version": version, "applied": now()})
            # the tables' views, as the registered tables declare them (in full after a migration)
            sync_views(self.conn, self.path, migrated=bool(pending))
            if self.conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    @property
    def _session_columns(self) -> str:
        return ("id, name, created, status, games" + (", hp" if self._has("sessions", "hp") else "")
                + (", lang" if self._has("sessions", "lang") else "")
                + ", json_extract(setup, '$.difficulty') as difficulty, json_extract(setup, '$.ruleset') as ruleset")

    def set_lang(self, session: SessionRow, lang: str) -> SessionRow:
        """Remember the language ``session`` is played in (the default of its audit and report)."""
        if session.lang != lang:
            with self._write():
                self.conn.execute("update sessions set lang = ? where id = ?", [lang, session.id])
        return self.get(session.name)

    def _has(self, table: str, column: str | None = None) -> bool:
        columns = self._columns.get(table)
        return columns is not None and (column is None or column in columns)

    # -- sessions

    def sessions(self) -> list[SessionRow]:
        if not self._has("sessions"):
            return []
        rows = self._dicts(f"select {self._session_columns} from sessions order by id")
        return [SessionRow(**row) for row in rows]

    def find(self, name: str) -> SessionRow | None:
        if not self._has("sessions") or not _encodable(name):
            return None
        for row in self._dicts(f"select {self._session_columns} from sessions where name = ?", [name]):
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
                self.conn.execute("insert into sessions (name, created, updated, setup, status, games)"
                                  " values (?, ?, ?, ?, ?, ?)", [name, stamp, stamp, "{}", "running", 0])  # fmt: skip
        except sqlite3.Error as exc:
            raise StoreError("store.write_failed", reason=str(exc)) from None
        return self.get(name)

    def delete(self, session: SessionRow) -> None:
        with self._write():
            for table in ("snapshots", "events", "games", "locks"):
                if self._has(table):
                    self.conn.execute(f"delete from {table} where session_id = ?", [session.id])
            self.conn.execute("delete from sessions where id = ?", [session.id])
        self.forget_mark(session)

    def summary_row(self, session: SessionRow) -> dict[str, Any]:
        """The stored ``sessions`` row as it is (for ``verify``)."""
        return next(iter(self._dicts("select * from sessions where id = ?", [session.id])))

    @property
    def keeps_games(self) -> bool:
        """Whether this database has the games table (schema v2 on)."""
        return self._has("games")

    def game_rows(self, session: SessionRow) -> list[dict[str, Any]]:
        if not self._has("games"):
            return []
        return self._dicts("select * from games where session_id = ? order by game", [session.id])

    # -- events

    def _event_rows(self, session: SessionRow) -> list[EventRow]:
        if not self._has("events"):
            return []
        typed = "typed" if self._has("events", "typed") else "null as typed"
        # plain tuples (sqlite-utils would build a dict per row: the bulk of a long session's read)
        rows = self.conn.execute(
            f"select seq, text, event, ts, hash, prev_hash, {typed} from events where session_id = ? order by seq",
            [session.id])  # fmt: skip
        return [EventRow(*row) for row in rows]

    def events_since(self, session: SessionRow, seq: int) -> list[tuple[int, str, str]]:
        """(seq, text, ts) of the events after ``seq``, in order: what a follower (the stream
        overlay) has not applied yet. A gap raises, as in ``events``."""
        rows = list(self.conn.execute(
            "select seq, text, ts from events where session_id = ? and seq > ? order by seq", [session.id, seq]))  # fmt: skip
        for expected, row in enumerate(rows, start=seq + 1):
            if row[0] != expected:
                raise SessionError("session.gap", name=session.name, expected=expected, found=row[0])
        return rows

    def events_after(self, session: SessionRow, seq: int) -> list[tuple[int, str, str]]:
        """(seq, text, hash) of the events after ``seq``, checked to run on without a gap."""
        if not self._has("events"):
            return []
        rows = self.conn.execute("select seq, text, hash from events where session_id = ? and seq > ? order by seq",
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
        rows = self.conn.execute("select text from events where session_id = ? order by seq desc limit ?",
                                    [session.id, count]).fetchall()  # fmt: skip
        return [row[0] for row in reversed(rows)]

    def last_commands(self, session: SessionRow, command: str, count: int) -> list[dict[str, Any]]:
        """The parsed events of the last ``count`` commands named ``command`` (the event's
        ``command``, e.g. ``Bet``), newest first: read from the end, whatever the table."""
        rows = self.conn.execute(
            "select event from events where session_id = ? and json_extract(event, '$.command') = ? "
            "order by seq desc limit ?", [session.id, command, count]).fetchall()  # fmt: skip
        found = []
        for (event,) in rows:
            with contextlib.suppress(ValueError):
                found.append(json.loads(event))
        return found

    def last(self, session: SessionRow) -> tuple[int, str]:
        row = self.conn.execute(
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
            body = _EVENT_JSON.encode(event)  # json.dumps(event, ensure_ascii=False, sort_keys=True)
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
                conn = self.conn
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
