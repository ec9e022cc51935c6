"""Who holds a session open for live play: the ``locks`` table (process, host, since when),
and whether a holder's process still runs (a crashed holder's lock is taken over).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from dealer_assist.errors import SessionError, StoreError
from dealer_assist.store.rows import SessionRow, now


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


class Locks:
    """The ``Store`` methods that hold and release a session (the store's write transaction)."""

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
