"""Issue 19, a table-neutral store: the session lock is an OS file lock that the kernel
releases when its process ends, and liveness is decided only by whether that lock can be
taken: no /proc, no pid probing. Real processes, no timed assertions.

Named after the behaviour each one checks."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pexpect
import pytest

from dealer_assist.store import Store

EXE = [sys.executable, "-m", "dealer_assist"]
HOST = socket.gethostname()

pytestmark = pytest.mark.skipif(not hasattr(os, "waitid"), reason="waitid tells a killed holder has ended")


def holder(db: str, name: str, *extra: str) -> pexpect.spawn:
    """A live window on ``name`` in a terminal, returned once its prompt shows (it holds the session)."""
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "200", "LINES": "40"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--db", db, "--session", name, *extra], env=env,
                          encoding="utf-8", timeout=30, dimensions=(40, 200))  # fmt: skip
    child.delaybeforesend = 0
    child.expect(f"{name}>")
    return child


def enter(child: pexpect.spawn, line: str, ruling: str) -> None:
    """Type ``line`` and wait for its ruling: shown only once the line is stored."""
    child.sendline(line)
    child.expect(ruling)


def play(db: str, name: str, text: str) -> subprocess.CompletedProcess:
    """``play`` in pipe mode in its own process, run to its end."""
    return subprocess.run(EXE + ["play", "--db", db, "--session", name], input=text, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "COLUMNS": "200"})  # fmt: skip


def events(db: str, name: str) -> list[str]:
    store = Store(db, readonly=True)
    try:
        return [e.text for e in store.events(store.get(name))]
    finally:
        store.close()


def lock_rows(db: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("select session_id, pid, host, token from locks").fetchall()


def lock_files(db: str) -> list[str]:
    return sorted(p.name for p in Path(db).parent.iterdir() if ".lock-" in p.name)


def ended(child: pexpect.spawn) -> None:
    """Wait until the killed window has ended, without reaping it (it stays a zombie)."""
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)


def test_a_second_process_on_a_held_session_is_refused_naming_the_holder(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder(db, "s")
    try:
        second = play(db, "s", "quest normal\n")
        assert second.returncode == 1 and second.stdout == "" and "Traceback" not in second.stderr
        assert f"session 's' is open in another window: process {first.pid} on {HOST}, since" in second.stderr
        assert "play --take-over takes the session over" in second.stderr
        assert events(db, "s") == []  # the second process stored nothing
        enter(first, "quest normal", "difficulty Normal")  # the holder goes on
        assert events(db, "s") == ["quest normal"]
    finally:
        first.terminate(force=True)


def test_after_the_holder_is_killed_with_sigkill_the_next_play_takes_it_at_once(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder(db, "s")
    enter(first, "quest normal", "difficulty Normal")
    os.kill(first.pid, signal.SIGKILL)  # the laptop dies: no `finally`, no release
    ended(first)  # a zombie now: the kernel has closed its files, nobody has reaped it
    assert [row[1] for row in lock_rows(db)] == [first.pid]  # the row is still there
    second = play(db, "s", "dice 1 2\n")
    assert second.returncode == 0, second.stderr
    assert f"session 's' was left open by process {first.pid} on {HOST}" in second.stdout
    assert "which has ended: this window takes it over" in second.stdout
    assert events(db, "s") == ["quest normal", "dice 1 2"]
    assert lock_rows(db) == [] and lock_files(db) == []  # the crashed holder's file swept too
    first.wait()


def _start_time(pid: int) -> str:
    """The process's start time as the old lock (schema v3's ``started``) recorded it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def test_a_holder_row_naming_a_live_but_unrelated_process_does_not_block_play(tmp_path):
    """The row names this test's own process (alive, same host, its real start time) but no
    OS lock is held: the pid guess of before (/proc, kill(pid, 0)) refused this play."""
    db = str(tmp_path / "s.db")
    assert play(db, "s", "quest normal\n").returncode == 0
    token = "0" * 32
    with sqlite3.connect(db) as conn:
        (session_id,) = conn.execute("select id from sessions where name = 's'").fetchone()
        conn.execute("insert into locks (session_id, pid, host, since, started, token) values (?, ?, ?, ?, ?, ?)",
                     [session_id, os.getpid(), HOST, datetime.now(timezone.utc).isoformat(timespec="seconds"),
                      _start_time(os.getpid()), token])  # fmt: skip
    (tmp_path / f"s.db.lock-{session_id}-{token}").touch()  # its lock file, but nobody holds its lock
    second = play(db, "s", "dice 1 2\n")
    assert second.returncode == 0, second.stderr
    assert f"session 's' was left open by process {os.getpid()} on {HOST}" in second.stdout
    assert events(db, "s") == ["quest normal", "dice 1 2"]
    assert lock_rows(db) == [] and lock_files(db) == []


def test_the_lock_is_released_when_the_process_exits_normally(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder(db, "s")
    files = lock_files(db)
    assert len(files) == 1 and files[0].startswith("s.db.lock-1-")  # held: the file beside the database
    enter(first, "quest normal", "difficulty Normal")
    first.sendline("quit")
    first.expect(pexpect.EOF)
    first.wait()
    assert first.exitstatus == 0
    assert lock_rows(db) == [] and lock_files(db) == []  # row and file gone with the window
    second = play(db, "s", "dice 1 2\n")
    assert second.returncode == 0, second.stderr
    assert "left open" not in second.stdout  # nothing to take over
    assert events(db, "s") == ["quest normal", "dice 1 2"]
    store = Store(db)  # and this process can hold it now
    try:
        token, replaced = store.acquire(store.get("s"))
        assert replaced is None
        store.release(store.get("s"), token)
    finally:
        store.close()


def test_a_session_taken_over_stays_held_by_the_taker_after_the_old_window_stops(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder(db, "s")
    try:
        taker = holder(db, "s", "--take-over")
        try:
            third = play(db, "s", "quest normal\n")  # both still run: the row names the taker
            assert third.returncode == 1 and f"process {taker.pid} on {HOST}" in third.stderr
            first.sendline("quest normal")  # the old window's next line: not stored, it stops
            first.expect("NOT stored")
            first.expect(pexpect.EOF)
            first.wait()
            assert first.exitstatus == 1
            third = play(db, "s", "quest normal\n")  # the old window let go of its own lock only
            assert third.returncode == 1 and f"process {taker.pid} on {HOST}" in third.stderr
            enter(taker, "quest normal", "difficulty Normal")
            assert events(db, "s") == ["quest normal"]
        finally:
            taker.terminate(force=True)
    finally:
        first.terminate(force=True)
