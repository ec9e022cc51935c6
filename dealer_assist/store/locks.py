"""Who holds a session open for live play: an OS advisory lock on a small file beside the
database, held for the life of the holding process, and the ``locks`` table row that names
the holder (process, host, since when) and the token of its lock file.

Whether a holder still runs is decided only by whether its lock can be taken: the kernel
lets go of a lock when its process ends, a crash or a kill -9 included, so a crashed
holder's session is taken over at once; no process table is read and no pid is probed, so
a reused pid never passes for a live holder. ``fcntl.flock`` on POSIX (an exclusive lock
that a second open of the file conflicts with, in this process too), ``msvcrt.locking`` on
Windows. The file of a hold is ``<database>.lock-<session id>-<token>``: ``--take-over``
holds a new file while the old window still holds its own, and that window stops at its
next line (its token is no longer the row's). See docs/decisions.md (issue 19, lock).
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from dealer_assist.errors import SessionError, StoreError
from dealer_assist.store.rows import SessionRow, now

if os.name == "nt":  # pragma: no cover - Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the file's first byte, without waiting

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


# lock file -> the descriptor that holds it: kept for the life of the process (a Store
# dropped by the garbage collector does not let go of a session its window still plays)
_HELD: dict[str, int] = {}


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a session open for live play (the ``locks`` row)."""

    pid: int
    host: str
    since: str
    token: str

    @property
    def since_local(self) -> str:
        try:
            return datetime.fromisoformat(self.since).astimezone().strftime("%Y-%m-%d %H:%M:%S")
        except ValueError:
            return self.since


def hold(path: Path) -> None:
    """Create ``path`` and take its lock for this process (OSError when that cannot be done).
    The descriptor is not inherited by a program this one starts (PEP 446)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(fd)
    except BaseException:
        os.close(fd)
        raise
    _HELD[str(path)] = fd


def let_go(path: Path) -> None:
    """Release the lock this process holds on ``path`` and remove the file."""
    fd = _HELD.pop(str(path), None)
    if fd is None:
        return
    with contextlib.suppress(OSError):
        _unlock(fd)
    os.close(fd)
    with contextlib.suppress(OSError):  # Windows: another window may have it open to probe it
        os.unlink(path)


def in_use(path: Path) -> bool:
    """Whether a running process holds the lock of ``path``: the lock cannot be taken. A
    missing file is held by nobody; when the system cannot tell (the file cannot be opened,
    a file system without locks) it counts as held, and ``play --take-over`` forces it."""
    if str(path) in _HELD:
        return True
    fd = None
    for flags in (os.O_RDWR, os.O_RDONLY):  # read-only: a read-only folder or file
        try:
            fd = os.open(path, flags)
            break
        except FileNotFoundError:
            return False
        except OSError:
            continue
    if fd is None:
        return True
    try:
        try:
            _lock(fd)
        except OSError:
            return True  # held (EWOULDBLOCK, Windows EACCES); anything else: cannot tell
        with contextlib.suppress(OSError):
            _unlock(fd)
        return False
    finally:
        os.close(fd)


class Locks:
    """The ``Store`` methods that hold and release a session (the store's write transaction)."""

    def lock_file(self, session: SessionRow, token: str) -> Path:
        """The file whose OS lock is the hold of ``token`` on ``session``, beside the database."""
        return self.path.with_name(f"{self.path.name}.lock-{session.id}-{token}")

    def holder(self, session: SessionRow) -> Holder | None:
        """The holder the ``locks`` table names (a crashed one too: see ``holding``)."""
        if not self._has("locks"):
            return None
        row = self.conn.execute("select pid, host, since, token from locks where session_id = ?",
                                   [session.id]).fetchone()  # fmt: skip
        return None if row is None else Holder(*row)

    def holding(self, session: SessionRow, holder: Holder) -> bool:
        """Whether ``holder`` still holds ``session``: its OS lock cannot be taken."""
        return in_use(self.lock_file(session, holder.token))

    def acquire(self, session: SessionRow, *, take_over: bool = False) -> tuple[str, Holder | None]:
        """Hold ``session`` for this process: (the lock's token, the holder replaced if any).

        A holder whose lock is held is refused (``session.held``) unless ``take_over``; a
        holder whose process has ended (a crash, a kill -9: the kernel released its lock) is
        replaced.
        """
        token = secrets.token_hex(16)
        mine = self.lock_file(session, token)
        me = {"session_id": session.id, "pid": os.getpid(), "host": self.host, "since": now(), "started": "",
              "token": token}  # fmt: skip
        try:
            with self._write():  # one acquirer at a time: the lock file is held before the row commits
                previous = self.holder(session)
                if previous is not None and not take_over and self.holding(session, previous):
                    raise SessionError("session.held", name=session.name, pid=previous.pid, host=previous.host,
                                       since=previous.since_local)  # fmt: skip
                hold(mine)
                self._sweep(session)
                self.conn.execute(  # as sqlite-utils' upsert: the row of the session inserted or updated
                    "insert into locks (session_id, pid, host, since, started, token) values (?, ?, ?, ?, ?, ?) "
                    "on conflict(session_id) do update set pid = excluded.pid, host = excluded.host, "
                    "since = excluded.since, started = excluded.started, token = excluded.token",
                    list(me.values()))  # fmt: skip
        except BaseException as exc:
            let_go(mine)
            if isinstance(exc, (sqlite3.Error, OSError)):
                raise StoreError("store.write_failed", reason=str(exc)) from None
            raise
        return token, previous

    def release(self, session: SessionRow, token: str) -> None:
        """Let go of ``session``: the row first, then the OS lock (never a row without a lock)."""
        try:
            with contextlib.suppress(sqlite3.Error), self._write():
                self.conn.execute("delete from locks where session_id = ? and token = ?", [session.id, token])
        finally:
            let_go(self.lock_file(session, token))

    def _sweep(self, session: SessionRow) -> None:
        """Remove the lock files of ``session`` that nobody holds (crashed holders'), inside the
        write transaction, so never a file another window is about to lock."""
        for path in self.path.parent.glob(f"{glob.escape(self.path.name)}.lock-{session.id}-*"):
            if not in_use(path):
                with contextlib.suppress(OSError):
                    os.unlink(path)
