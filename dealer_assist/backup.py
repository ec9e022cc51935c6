"""`dealer-assist backup FILE`: a safe copy of the session database, checked after writing.

A plain ``cp sessions.db`` taken while a window or the overlay has the database open misses
what is still in ``sessions.db-wal``. The backup goes through SQLite's online backup
(``Connection.backup``: one consistent state, with what the WAL holds, while other windows
go on writing) into a temporary file beside FILE, which is made a single self-contained file
(journal mode DELETE), opened again and checked: SQLite's full integrity check, the same
sessions, and every session's hash chain as it is in the original. Only then is it renamed
to FILE. An existing FILE is replaced only with ``--force``; the original is never written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path

import click

from dealer_assist.errors import DealerAssistError, SessionError, StoreError


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    from dealer_assist.cli_lang import _lang_callback

    return _lang_callback(ctx, param, value)


def _check_target(source: Path, target: Path, force: bool) -> None:
    """Refuse, before anything is copied, a FILE that cannot or must not be written."""
    if target.is_dir():
        raise SessionError("cli.cannot_write", path=str(target), reason=os.strerror(21))  # EISDIR
    if target.exists() or target.is_symlink():
        with contextlib.suppress(OSError):
            if target.samefile(source):
                raise SessionError("backup.same_file", target=str(target))
        if not force:
            raise SessionError("backup.exists", target=str(target))
    for suffix in ("-wal", "-shm", "-journal"):
        if str(target.absolute()) == str(source.absolute()) + suffix:
            raise SessionError("backup.same_file", target=str(target))
    parent = target.absolute().parent
    if not parent.is_dir():
        raise SessionError("cli.cannot_write", path=str(target), reason=os.strerror(2))  # ENOENT
    if not os.access(parent, os.W_OK | os.X_OK):
        raise SessionError("cli.cannot_write", path=str(target), reason=os.strerror(13))  # EACCES


def _chains(store) -> dict[str, tuple[bool, int, str]]:
    """Each session's chain: (holds, events, head), read as one committed state."""
    with store.reading():
        return {row.name: (verdict.ok, verdict.events, verdict.head)
                for row in store.sessions() for verdict in [store.verify(row)]}  # fmt: skip


def backup(source: Path, target: Path, *, force: bool = False) -> dict:
    """Copy ``source`` to ``target`` and check the copy; what was copied (sessions, events,
    the sessions whose chain was already broken in the original). Raises a
    ``DealerAssistError`` and leaves no file behind when anything fails."""
    from dealer_assist.store import Store, _sqlite_error

    _check_target(source, target, force)
    store = Store(source, readonly=True)
    try:
        store.check_integrity(full=True)  # a damaged original is not copied as if it were sound
        try:
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.absolute().parent)
        except OSError as exc:
            raise SessionError("cli.cannot_write", path=str(target), reason=exc.strerror or str(exc)) from None
        os.close(fd)
        part = Path(name)
        try:
            try:
                copy = sqlite3.connect(str(part))
                try:
                    store.db.conn.backup(copy)  # all pages in one step: one consistent state
                    copy.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
                finally:
                    copy.close()
            except sqlite3.Error as exc:
                raise StoreError("backup.failed", target=str(target), reason=str(exc)) from None
            found = _check_copy(store, part, target)
            try:
                os.replace(part, target)
            except OSError as exc:
                raise SessionError("cli.cannot_write", path=str(target), reason=exc.strerror or str(exc)) from None
        finally:
            with contextlib.suppress(OSError):
                part.unlink()
    except sqlite3.Error as exc:
        raise _sqlite_error(source, exc) from None
    finally:
        store.close()
    return found


def _check_copy(store, part: Path, target: Path) -> dict:
    """The copy opened again: SQLite's integrity check, then every chain against the original's."""
    from dealer_assist.store import Store

    try:
        copy = Store(part, readonly=True)
    except DealerAssistError as exc:
        raise StoreError("backup.bad_copy", target=str(target), reason=exc.text()) from None
    try:
        copy.check_integrity(full=True)
        copied = _chains(copy)
    except DealerAssistError as exc:
        raise StoreError("backup.bad_copy", target=str(target), reason=exc.text()) from None
    finally:
        copy.close()
    original = _chains(store)  # may have grown meanwhile (another window writes): the copy is a state before
    broken = []
    for name, (ok, events, head) in copied.items():
        if not ok:
            before = original.get(name)
            if before is not None and before[0]:  # it holds in the original: the copy is wrong
                raise StoreError("backup.bad_copy", target=str(target), reason=name)
            broken.append(name)
    return {"sessions": len(copied), "events": sum(c[1] for c in copied.values()), "broken": broken}


@click.command(name="backup")
@click.argument("target", metavar="FILE", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.option("--lang", "lang", metavar="en|ja", callback=_lang, is_eager=True,
              help="Language of everything printed (default: $DEALER_ASSIST_LANG, else the system's).")
@click.option("--db", "db_path", envvar="DEALER_ASSIST_DB", metavar="PATH",
              help="The session database (default: sessions.db in the user's data directory).")
def backup_command(target: Path, force: bool, lang: str, db_path: str | None) -> None:
    """Copy the session database to FILE safely, even while a window or the overlay has it
    open (SQLite's online backup), then check the copy: SQLite's integrity check and every
    session's hash chain. FILE is replaced only with --force."""
    from dealer_assist.cli_common import fail
    from dealer_assist.cli_lang import _say
    from dealer_assist.store import default_path

    source = Path(db_path) if db_path else default_path()
    try:
        found = backup(source, target, force=force)
    except DealerAssistError as exc:
        fail(exc)
    click.echo(_say("backup.done", source=str(source), target=str(target), sessions=found["sessions"],
                    events=found["events"]))  # fmt: skip
    for name in found["broken"]:
        click.secho(_say("backup.broken_before", name=name, source=str(source)), fg="yellow", err=True)
