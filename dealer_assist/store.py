"""The session store: one SQLite file (sqlite-utils), one row per accepted command.

Every accepted line is written in its own transaction before its ruling is shown; the
connection runs in WAL mode with ``synchronous=FULL``, so an acknowledged command survives
a crash or a power cut. Refused commands are never stored. Loading checks that the
sequence numbers run 1, 2, 3 … without a gap.

Opening checks the file before anything is written: a folder, a path under a regular
file, a read-only file or folder, a file that is not SQLite, or another program's SQLite
database is refused with one ``StoreError`` sentence. The commands that only read open
the file read-only and never create it.

A session played live is held by one process at a time (the ``locks`` table: process,
host, since when); a crashed holder is detected and its lock taken over. Each append
checks, inside its write transaction, that the session's last event is the one this
window knows and that it still holds the lock, so two writers can never interleave.

Tables (browse them with any SQLite tool): ``sessions``, ``events``, ``games``, ``locks``,
``migrations``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import socket
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator

import sqlite_utils

from dealer_assist.errors import DealerAssistError, SessionError, StoreError

ENV_DB = "DEALER_ASSIST_DB"
APPLICATION_ID = 0x44415353  # "DASS": PRAGMA application_id of a dealer-assist database
SQLITE_HEADER = b"SQLite format 3\x00"
OUR_TABLES = {"sessions": {"name", "created"}, "events": {"session_id", "seq", "text", "event"}}


def default_path() -> Path:
    """``$DEALER_ASSIST_DB``, else ``sessions.db`` in the user's data directory."""
    if os.environ.get(ENV_DB):
        return Path(os.environ[ENV_DB])
    import platformdirs

    return Path(platformdirs.user_data_dir("dealer-assist", appauthor=False)) / "sessions.db"


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def event_hash(prev: str, seq: int, text: str, event: str, ts: str, typed: str | None = None) -> str:
    """The chain: each event's hash covers its content and the previous event's hash.

    Events stored since schema v3 keep the line as typed, and their hash covers it too; an
    event without it (stored before v3) is hashed as before.
    """
    fields: list[Any] = [prev, seq, text, event, ts]
    if typed is not None:
        fields.append(typed)
    payload = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def short_hash(digest: str) -> str:
    """The short form of a chain head that a dealer posts (12 hex digits)."""
    return digest[:12]


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: int
    name: str
    created: str
    status: str
    games: int
    hp: int
    lang: str | None = None  # the language the session was played in (schema v4)
    difficulty: str | None = None  # from its setup
    ruleset: str | None = None  # from its setup: the table (None: One Million, as before tables were chosen)


@dataclass(frozen=True, slots=True)
class EventRow:
    seq: int
    text: str
    event: str
    ts: str
    hash: str
    prev_hash: str
    typed: str | None = None  # the line as the dealer typed it (schema v3)

    def digest(self, seq: int | None = None) -> str:
        return event_hash(self.prev_hash, self.seq if seq is None else seq, self.text, self.event, self.ts,
                          self.typed)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a session open for live play."""

    pid: int
    host: str
    since: str
    started: str  # the process's start time where the system tells it ("" elsewhere)
    token: str

    @property
    def since_local(self) -> str:
        try:
            return datetime.fromisoformat(self.since).astimezone().strftime("%Y-%m-%d %H:%M:%S")
        except ValueError:
            return self.since


# --------------------------------------------------------------------------- schema


def _create_v1(db: sqlite_utils.Database) -> None:
    db["sessions"].create(
        {"id": int, "name": str, "created": str, "updated": str, "setup": str, "status": str,
         "games": int, "hp": int},
        pk="id", not_null={"name", "created"}, if_not_exists=True,
    )  # fmt: skip
    db["sessions"].create_index(["name"], unique=True, if_not_exists=True)
    db["events"].create(
        {"session_id": int, "seq": int, "text": str, "event": str, "ts": str, "hash": str,
         "prev_hash": str},
        pk=("session_id", "seq"), foreign_keys=[("session_id", "sessions", "id")],
        not_null={"text", "event", "ts"}, if_not_exists=True,
    )  # fmt: skip


def _create_v2(db: sqlite_utils.Database) -> None:
    """Game results for browsing, and the head of each session's hash chain."""
    db["sessions"].add_column("event_count", int, not_null_default=0)
    db["sessions"].add_column("head_hash", str, not_null_default="")
    # the head of the sessions a v1 database already holds: their last event
    db.execute("update sessions set event_count = coalesce((select max(seq) from events e where e.session_id = "
               "sessions.id), 0), head_hash = coalesce((select hash from events e where e.session_id = sessions.id "
               "order by seq desc limit 1), '')")  # fmt: skip
    db["games"].create(
        {"session_id": int, "game": int, "recovery": int, "dealer_total": int, "damage": int, "heal": int,
         "points": int, "hp_after": int, "hands": str, "ledger": str, "record": str},
        pk=("session_id", "game"), foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    db.create_view(
        "game_results",
        """select s.name as session, g.game, g.recovery, g.dealer_total, g.damage, g.heal,
                  g.points, g.hp_after
           from games g join sessions s on s.id = g.session_id order by s.id, g.game""",
        ignore=True,
    )
    db.create_view(
        "game_hands",
        """select s.name as session, g.game, json_extract(h.value, '$.hand') as hand,
                  json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
                  json_extract(h.value, '$.ratio') as ratio,
                  json_extract(h.value, '$.cards') as cards
           from games g join sessions s on s.id = g.session_id, json_each(g.hands) h
           order by s.id, g.game""",
        ignore=True,
    )
    db.create_view(
        "session_events",
        """select s.name as session, e.seq, e.text, e.event, e.ts
           from events e join sessions s on s.id = e.session_id order by s.id, e.seq""",
        ignore=True,
    )


def _create_v3(db: sqlite_utils.Database) -> None:
    """The line as typed beside the normalised text; who holds a session open; our file id."""
    db["events"].add_column("typed", str)
    db["locks"].create(
        {"session_id": int, "pid": int, "host": str, "since": str, "started": str, "token": str},
        pk="session_id", foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    db.execute("drop view if exists session_events")
    db.create_view(
        "session_events",
        """select s.name as session, e.seq, e.text, e.typed, e.event, e.ts
           from events e join sessions s on s.id = e.session_id order by s.id, e.seq""",
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _create_v4(db: sqlite_utils.Database) -> None:
    """The language each session was played in: the default of its audit and report."""
    db["sessions"].add_column("lang", str)


def _create_v5(db: sqlite_utils.Database) -> None:
    """Snapshots: a cache of each session's state after one of its events, so that a long
    session resumes at once. Any change to an event or a games row made through SQLite (by
    this tool or another program) drops the session's snapshot (triggers): it is then rebuilt
    from the events."""
    db["snapshots"].create(
        {"session_id": int, "seq": int, "hash": str, "engine": str, "body": str, "checksum": str},
        pk="session_id", foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    for table, when in (("events", "update"), ("events", "delete"), ("games", "update"), ("games", "delete")):
        row = "old"
        db.execute(f"create trigger if not exists snapshot_stale_{table}_{when} after {when} on {table} "
                   f"begin delete from snapshots where session_id = {row}.session_id; end")  # fmt: skip
    db.execute("create trigger if not exists snapshot_stale_events_insert after insert on events "
               "when new.seq <= (select seq from snapshots where session_id = new.session_id) "
               "begin delete from snapshots where session_id = new.session_id; end")  # fmt: skip


def _create_v6(db: sqlite_utils.Database) -> None:
    """The players by box of each session (`seats`, JSON), and the player's name in `game_hands`."""
    db["sessions"].add_column("seats", str)
    db.execute("drop view if exists game_hands")
    db.create_view(
        "game_hands",
        """select s.name as session, g.game, json_extract(h.value, '$.hand') as hand,
                  json_extract(s.seats, '$."' || substr(json_extract(h.value, '$.hand'), 1, 1) || '"') as player,
                  json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
                  json_extract(h.value, '$.ratio') as ratio,
                  json_extract(h.value, '$.cards') as cards
           from games g join sessions s on s.id = g.session_id, json_each(g.hands) h
           order by s.id, g.game""",
    )


MIGRATIONS = [(1, _create_v1), (2, _create_v2), (3, _create_v3), (4, _create_v4), (5, _create_v5), (6, _create_v6)]
SCHEMA = MIGRATIONS[-1][0]


# --------------------------------------------------------------------------- opening


def _check_path(path: Path, readonly: bool) -> None:
    """Refuse, before SQLite touches it, a path that cannot be the session database."""
    where = str(path)
    for parent in path.parents:  # the nearest existing ancestor must be a folder
        try:
            if parent.exists():
                if not parent.is_dir():
                    raise StoreError("store.under_file", path=where, file=str(parent))
                break
        except OSError as exc:
            raise StoreError("store.cannot_open", path=where, reason=exc.strerror or str(exc)) from None
    if path.is_dir():
        raise StoreError("store.is_folder", path=where)
    if not path.exists():
        if readonly:
            raise StoreError("store.missing", path=where)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("store.cannot_create", path=where, reason=exc.strerror or str(exc)) from None
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise StoreError("store.folder_readonly", path=where, folder=str(path.parent))
        return
    if not path.is_file():  # a device, a pipe, a socket
        raise StoreError("store.not_sqlite", path=where)
    if not os.access(path, os.R_OK):
        raise StoreError("store.unreadable", path=where)
    if not readonly:
        if not os.access(path, os.W_OK):
            raise StoreError("store.readonly", path=where)
        if not os.access(path.parent, os.W_OK | os.X_OK):  # WAL needs its -wal and -shm files beside it
            raise StoreError("store.folder_readonly", path=where, folder=str(path.parent))
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreError("store.cannot_open", path=where, reason=exc.strerror or str(exc)) from None
    if head and head != SQLITE_HEADER:
        raise StoreError("store.not_sqlite", path=where)


def _sqlite_error(path: Path, exc: sqlite3.Error) -> StoreError:
    """An SQLite error met while opening or writing, as one sentence."""
    message = str(exc)
    low = message.lower()
    if "malformed" in low or "corrupt" in low:
        return damaged(path, [message])
    if "not a database" in low or "encrypted" in low:
        return StoreError("store.not_sqlite", path=str(path))
    if "readonly" in low or "read-only" in low:
        return StoreError("store.readonly", path=str(path))
    return StoreError("store.cannot_open", path=str(path), reason=message)


def damaged(path: Path, found: list[str]) -> StoreError:
    """A damaged file: which one, and the first thing SQLite found wrong."""
    first = " ".join(found[0].split()) if found else "?"
    return StoreError("store.damaged", path=str(path), found=first[:200])


def _connect(path: Path, readonly: bool) -> sqlite3.Connection:
    if not readonly:
        return sqlite3.connect(str(path), timeout=5.0)
    uri = path.absolute().as_uri()
    try:
        conn = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=5.0)
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        if os.access(path.parent, os.W_OK):
            raise
    # a WAL database in a read-only folder: nobody can be writing it, read it as it is
    conn = sqlite3.connect(uri + "?immutable=1", uri=True, timeout=5.0)
    conn.execute("select count(*) from sqlite_master").fetchone()
    return conn


class Store:
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
            from dealer_assist.store_upgrade import fill_unrecorded

            fill_unrecorded(self)

    def close(self) -> None:
        self.db.close()

    def check_integrity(self, *, full: bool = True) -> None:
        """SQLite's own check of the file: ``PRAGMA integrity_check`` (also every index against
        its table) when opened for writing and in ``verify``, ``quick_check`` when opened for
        reading; a few milliseconds for 1,000 games. A damaged file is one ``StoreError``
        naming what SQLite found."""
        pragma = "integrity_check" if full else "quick_check"
        try:
            found = [row[0] for row in self.db.execute(f"PRAGMA {pragma}(20)").fetchall()]
        except sqlite3.DatabaseError as exc:
            raise _sqlite_error(self.path, exc) from None
        if found != ["ok"]:
            raise damaged(self.path, found)

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

    def _check_ours(self) -> None:
        """Refuse another program's SQLite database (an empty one is fine)."""
        tables = set(self.db.table_names())
        if not tables:
            return
        app = self.db.execute("PRAGMA application_id").fetchone()[0]
        ours = app == APPLICATION_ID or (
            app == 0
            and "migrations" in tables
            and all(t in tables and columns <= set(self.db[t].columns_dict) for t, columns in OUR_TABLES.items())
        )
        if not ours:
            listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
            raise StoreError("store.foreign", path=str(self.path), tables=listed)
        versions = self.versions()
        if versions and max(versions) > SCHEMA:
            raise StoreError("store.newer", path=str(self.path), version=max(versions), known=SCHEMA)

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
            if self.db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    @property
    def _session_columns(self) -> str:
        return ("id, name, created, status, games, hp" + (", lang" if self._has("sessions", "lang") else "")
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

    def create(self, name: str, *, hp: int = 1_000_000) -> SessionRow:
        check_name(name)
        stamp = now()
        try:
            with self._write():
                if self.find(name) is not None:
                    raise SessionError("session.exists", name=name)
                self.db["sessions"].insert(
                    {"name": name, "created": stamp, "updated": stamp, "setup": "{}", "status": "running",
                     "games": 0, "hp": hp}  # fmt: skip
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

    # -- who holds a session open

    def holder(self, session: SessionRow) -> Holder | None:
        if not self._has("locks"):
            return None
        row = self.db.conn.execute("select pid, host, since, started, token from locks where session_id = ?",
                                   [session.id]).fetchone()  # fmt: skip
        return None if row is None else Holder(*row)

    def acquire(self, session: SessionRow, *, take_over: bool = False) -> tuple[str, Holder | None]:
        """Hold ``session`` for this process: (the lock's token, the holder replaced if any).

        A holder that is alive is refused (``session.held``) unless ``take_over``; a holder
        whose process has ended (a crash, a kill -9) is replaced.
        """
        token = secrets.token_hex(16)
        me = {"session_id": session.id, "pid": os.getpid(), "host": self.host, "since": now(),
              "started": process_start(os.getpid()), "token": token}  # fmt: skip
        try:
            with self._write():
                previous = self.holder(session)
                if previous is not None and not take_over and holder_alive(previous, self.host):
                    raise SessionError("session.held", name=session.name, pid=previous.pid, host=previous.host,
                                       since=previous.since_local)  # fmt: skip
                self.db["locks"].upsert(me, pk="session_id")
        except sqlite3.Error as exc:
            raise StoreError("store.write_failed", reason=str(exc)) from None
        return token, previous

    def release(self, session: SessionRow, token: str) -> None:
        with contextlib.suppress(sqlite3.Error), self._write():
            self.db.execute("delete from locks where session_id = ? and token = ?", [session.id, token])

    # -- events

    def _event_rows(self, session: SessionRow) -> list[EventRow]:
        if not self._has("events"):
            return []
        typed = "typed" if self._has("events", "typed") else "null as typed"
        return [
            EventRow(**row)
            for row in self.db.query(
                f"select seq, text, event, ts, hash, prev_hash, {typed} from events where session_id = ? order by seq",
                [session.id],
            )
        ]

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
                    if holder is not None and holder_alive(holder, self.host):
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
                conn.execute(
                    "update sessions set setup = ?, status = ?, games = ?, hp = ?, updated = ?, event_count = ?,"
                    " head_hash = ? where id = ?",
                    [summary["setup"], summary["status"], summary["games"], summary["hp"], now(), seq, prev,
                     session.id])  # fmt: skip
                if "seats" in summary and self._has("sessions", "seats"):
                    conn.execute("update sessions set seats = ? where id = ?", [summary["seats"], session.id])
                # an undone `game` leaves no row behind
                conn.execute("delete from games where session_id = ? and game > ?", [session.id, summary["games"]])
                for record in games:
                    row = game_row(session.id, record)
                    conn.execute(f"insert or replace into games ({', '.join(row)}) values "
                                 f"({', '.join('?' * len(row))})", list(row.values()))  # fmt: skip
                if snapshot is not None and self._has("snapshots"):  # (engine, body): the state after this line
                    self._snapshot_row(session, (seq, prev, *snapshot))
        except sqlite3.Error as exc:
            raise StoreError("store.write_failed", reason=str(exc)) from None
        return seq, prev

    # -- snapshots (a cache: the events are the truth)

    def snapshot(self, session: SessionRow) -> tuple[int, str, str, str, bool] | None:
        """(seq, event hash, engine, body, sealed) of the session's snapshot, if it is still
        anchored (the event it names still has that hash); ``sealed``: its seal holds
        (``dealer_assist.seal``: made on this computer, unchanged since, for that event)."""
        from dealer_assist import seal

        row = self.snapshot_row(session)
        if row is None:
            return None
        seq, digest, engine, body, checksum, event = row
        typed = all(isinstance(v, t) for v, t in ((seq, int), (digest, str), (engine, str), (body, str)))
        if event != digest or not typed:
            return None  # not anchored to its event, or not even the columns' types: never used
        return seq, digest, engine, body, seal.holds(checksum, seq, digest, engine, body)

    def snapshot_row(self, session: SessionRow) -> tuple | None:
        """The snapshot row as stored, anchored or not: (seq, hash, engine, body, checksum, the
        hash of the event it names) — for ``verify``, which compares it with the replay."""
        if not self._has("snapshots"):
            return None
        return self.db.conn.execute(
            "select s.seq, s.hash, s.engine, s.body, s.checksum, e.hash from snapshots s "
            "left join events e on e.session_id = s.session_id and e.seq = s.seq where s.session_id = ?",
            [session.id]).fetchone()  # fmt: skip

    def game_records(self, session: SessionRow, count: int) -> list[str]:
        """The JSON records of the session's first ``count`` games (the ``games`` rows)."""
        rows = self.db.conn.execute("select record from games where session_id = ? and game <= ? order by game",
                                    [session.id, count]).fetchall()  # fmt: skip
        return [row[0] for row in rows]

    def _snapshot_row(self, session: SessionRow, snapshot: tuple[int, str, str, str]) -> None:
        """Keep a snapshot with its seal (none kept on a computer that has no key)."""
        from dealer_assist import seal

        seq, digest, engine, body = snapshot
        checksum = seal.seal(seq, digest, engine, body)
        if checksum is None:
            self.db.conn.execute("delete from snapshots where session_id = ?", [session.id])
            return
        self.db.conn.execute(
            "insert or replace into snapshots (session_id, seq, hash, engine, body, checksum) values (?, ?, ?, ?, ?, ?)",
            [session.id, seq, digest, engine, body, checksum])  # fmt: skip

    def keep_snapshot(self, session: SessionRow, snapshot: tuple[int, str, str, str]) -> None:
        """Store a snapshot on its own (when a window closes); a failure only loses the cache."""
        if self.readonly or not self._has("snapshots"):
            return
        with contextlib.suppress(sqlite3.Error), self._write():
            if self.last(session)[0] == snapshot[0]:
                self._snapshot_row(session, snapshot)

    # -- the hash chain

    def verify(self, session: SessionRow) -> "Verdict":
        """Recompute the chain; name the first event changed, removed, inserted or reordered."""
        with self.reading():  # the events and the head as one committed state (another window may write)
            rows = self._event_rows(session)
            count, digest = self._stored_head(session, rows)
        return verify_chain(rows, count, digest)

    def _stored_head(self, session: SessionRow, rows: list[EventRow]) -> tuple[int, str]:
        """(event count, head hash) as the sessions row keeps them. A v1 database kept no head;
        nor did a v1 session migrated to v2 by a version that left the head empty (its events
        all older than the v2 migration): the head is then its last event."""
        legacy = (len(rows), rows[-1].hash if rows else "")
        if not self._has("sessions", "head_hash"):
            return legacy
        head = self.db.conn.execute("select event_count, head_hash from sessions where id = ?",
                                    [session.id]).fetchone()  # fmt: skip
        count, digest = head
        if rows and count == 0 and digest == "" and self._has("migrations"):
            applied = self.db.conn.execute("select applied from migrations where version = 2").fetchone()
            if applied is not None and all(row.ts <= applied[0] for row in rows):
                return legacy
        return count, digest


def _encodable(text: str) -> bool:
    """Whether the text can be stored (a command-line argument may hold lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_name(name: str) -> None:
    """A session name: 1 to 100 characters, none of them refused by the notation."""
    from dealer_assist.notation import MAX_NAME, check_text

    try:
        check_text(name)
    except DealerAssistError:
        raise SessionError("session.bad_name", name=name, limit=MAX_NAME) from None
    if not 1 <= len(name) <= MAX_NAME or name != name.strip(" \t"):
        raise SessionError("session.bad_name", name=name, limit=MAX_NAME)


# --------------------------------------------------------------------------- processes


def process_start(pid: int) -> str:
    """The process's start time since boot where the system tells it (Linux), else ""; with
    the pid it tells a live holder from a new process that reused a crashed holder's pid."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return fields[19]
    except (OSError, IndexError):
        return ""


def holder_alive(holder: Holder, host: str) -> bool:
    """Whether the process holding a session still runs (on another host: assume it does)."""
    if holder.host != host:
        return True
    if os.path.isdir("/proc/self"):
        try:
            with open(f"/proc/{holder.pid}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return False
        if fields[0] in ("Z", "X", "x"):  # a zombie: it has ended, nobody reaped it yet
            return False
        return not holder.started or fields[19] == holder.started
    if os.name == "nt":  # os.kill(pid, 0) would end the process on Windows: ask the kernel
        return _windows_alive(holder.pid)
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _windows_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    try:
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return kernel.GetLastError() == 5  # access denied: it exists
        code = ctypes.c_ulong()
        kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    except Exception:
        return True  # cannot tell: play --take-over replaces it


# --------------------------------------------------------------------------- verdicts


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    events: int
    seq: int | None = None  # the first event that was tampered with
    problem: str | None = None  # changed, removed, inserted, reordered
    head: str = ""  # the head of the chain as stored
    moved_from: int | None = None  # reordered: the place the event was hashed at

    @property
    def short(self) -> str:
        return short_hash(self.head)


def verify_chain(rows: list[EventRow], count: int, head: str) -> Verdict:
    """Check each link: the stored hash, and the previous event's hash it names."""

    def bad(seq: int, problem: str, moved_from: int | None = None) -> Verdict:
        return Verdict(False, len(rows), seq, problem, head, moved_from)

    known = {row.hash: row.seq for row in rows}

    def moved(row: EventRow, position: int) -> int | None:
        """The place an event whose own hash fails was hashed at, if it is intact otherwise."""
        for other in range(1, max(len(rows), count) + 2):
            if other != position and row.digest(other) == row.hash:
                return other
        return None

    hashes = [""]  # hashes[i] = the hash of event i as recomputed, hashes[0] = the start
    for position, row in enumerate(rows, start=1):
        if row.seq != position:
            return bad(position, "removed" if row.seq > position else "inserted")
        own_ok = row.digest() == row.hash
        if row.prev_hash != hashes[-1]:
            if len(hashes) >= 2 and row.prev_hash == hashes[-2]:  # it links past the one before
                return bad(position - 1, "inserted")
            if known.get(row.prev_hash, 0) > position:  # it follows an event that now comes later
                return bad(position, "reordered", moved(row, position))
            if own_ok:  # this event is intact: the one before it was changed (and re-hashed)
                return bad(position - 1, "changed")
            return bad(position, "removed")  # its predecessor is gone (the rest renumbered or not)
        if not own_ok:
            following = rows[position] if position < len(rows) else None
            if following is not None and following.prev_hash == hashes[-1]:
                return bad(position, "inserted")
            origin = moved(row, position)
            if origin is not None:
                return bad(position, "reordered", origin)
            return bad(position, "changed")
        hashes.append(row.hash)
    if count > len(rows):
        return bad(len(rows) + 1, "removed")
    if count < len(rows):
        return bad(count + 1, "inserted")
    if hashes[-1] != head:
        return bad(len(rows), "changed")
    return Verdict(True, len(rows), head=head)


def game_row(session_id: int, record: dict[str, Any]) -> dict[str, Any]:
    """One game's row (One Million's game, or a round of a table without HP: no recovery, no
    ledger; its points are the chips the players won or lost)."""
    ledger = record.get("ledger", [])
    points = sum(e["points"] for e in ledger) if "ledger" in record else sum(record.get("changes", {}).values())
    return {
        "session_id": session_id,
        "game": record["game"],
        "recovery": int(record.get("recovery", False)),
        "dealer_total": record["dealer"]["total"],
        "damage": sum(e["damage"] for e in ledger),
        "heal": sum(e["heal"] for e in ledger),
        "points": points,
        "hp_after": ledger[-1]["hp"] if ledger else None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": json.dumps(ledger, ensure_ascii=False),
        "record": json.dumps(record, ensure_ascii=False),
    }
