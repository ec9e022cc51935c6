"""Opening the session file: where it is, the checks made before SQLite touches it, the
connection, SQLite's integrity check, and the refusal of a damaged file or another program's
database (one ``StoreError`` sentence each).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from dealer_assist.errors import StoreError
from dealer_assist.store.schema import APPLICATION_ID, SCHEMA

ENV_DB = "DEALER_ASSIST_DB"
SQLITE_HEADER = b"SQLite format 3\x00"
OUR_TABLES = {"sessions": {"name", "created"}, "events": {"session_id", "seq", "text", "event"}}


def default_path() -> Path:
    """``$DEALER_ASSIST_DB``, else ``sessions.db`` in the user's data directory."""
    if os.environ.get(ENV_DB):
        return Path(os.environ[ENV_DB])
    import platformdirs

    return Path(platformdirs.user_data_dir("dealer-assist", appauthor=False)) / "sessions.db"


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


class FileChecks:
    """The ``Store`` methods that check the open file before anything is written."""

    def check_integrity(self, *, full: bool = True, ahead=None) -> None:
        """SQLite's own check of the file: ``PRAGMA integrity_check`` (also every index against
        its table) when opened for writing and in ``verify``, ``quick_check`` when opened for
        reading; a few milliseconds for 1,000 games. A damaged file is one ``StoreError``
        naming what SQLite found. ``ahead``: the same check already run in a thread on this
        file (``marks.Early``): waited for, and trusted only when it found the file sound;
        anything else (not run, failed, found something) runs the check here, which names it."""
        if ahead is not None and ahead.sound(self.path, full=full):
            return
        pragma = "integrity_check" if full else "quick_check"
        try:
            found = [row[0] for row in self.conn.execute(f"PRAGMA {pragma}(20)").fetchall()]
        except sqlite3.DatabaseError as exc:
            raise _sqlite_error(self.path, exc) from None
        if found != ["ok"]:
            raise damaged(self.path, found)

    def _check_ours(self) -> None:
        """Refuse another program's SQLite database (an empty one is fine)."""
        tables = set(self.table_names())
        if not tables:
            return
        app = self.conn.execute("PRAGMA application_id").fetchone()[0]
        ours = app == APPLICATION_ID or (
            app == 0
            and "migrations" in tables
            and all(t in tables and columns <= self.column_names(t) for t, columns in OUR_TABLES.items())
        )
        if not ours:
            listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
            raise StoreError("store.foreign", path=str(self.path), tables=listed)
        versions = self.versions()
        if versions and max(versions) > SCHEMA:
            raise StoreError("store.newer", path=str(self.path), version=max(versions), known=SCHEMA)
