"""Issue 17: `dealer-assist backup FILE` copies the session database safely while a window has
it open (a plain `cp` misses what is still in the -wal file), and checks the copy."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.store import Store

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "sample_sessions" / "notation_example.txt"
EXE = [sys.executable, "-m", "dealer_assist"]


def run(*args: str, input: str = "", lang: str = "en") -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200", "DEALER_ASSIST_LANG": lang}
    env.pop("DEALER_ASSIST_DEBUG", None)
    return subprocess.run(EXE + list(args), input=input, capture_output=True, text=True, timeout=120, env=env)


def names(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("select name from sessions order by id")]
    except sqlite3.OperationalError:  # no such table: even the tables are still in the -wal file
        return []
    finally:
        conn.close()


def one_sentence(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "unexpected error" not in result.stderr and "Traceback" not in result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture()
def live_db(tmp_path):
    """Three sessions written while another connection (a window, the overlay) keeps the
    database open: much of it is still in sessions.db-wal."""
    db = tmp_path / "sessions.db"
    window = Store(db)  # held open for the whole test, like a play window
    try:
        for name in ("q1", "q2", "q3"):
            assert run("import", str(EXAMPLE), "--session", name, "--db", str(db)).returncode == 0
        assert Path(f"{db}-wal").stat().st_size > 0
        yield db
    finally:
        window.close()


def test_a_plain_copy_misses_the_wal_but_backup_holds_every_session(live_db, tmp_path):
    plain = tmp_path / "plain.db"
    shutil.copyfile(live_db, plain)  # `cp sessions.db` while a window is open
    assert len(names(plain)) < 3  # the problem the backup solves

    target = tmp_path / "copy" / "backup.db"
    target.parent.mkdir()
    result = run("backup", str(target), "--db", str(live_db))
    assert result.returncode == 0, result.stderr
    assert "3 sessions (48 events)" in result.stdout and "integrity check" in result.stdout
    assert names(target) == ["q1", "q2", "q3"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["backup.db"]  # one file, no -wal, no temp file
    with sqlite3.connect(target) as conn:
        assert conn.execute("pragma journal_mode").fetchone()[0] == "delete"
    for name in ("q1", "q2", "q3"):
        assert run("verify", name, "--db", str(target)).returncode == 0


def test_backup_while_the_window_goes_on_writing(live_db, tmp_path):
    target = tmp_path / "b.db"
    assert run("backup", str(target), "--db", str(live_db)).returncode == 0
    assert run("play", "--session", "q1", "--db", str(live_db), input="note after\n").returncode == 0
    assert run("verify", "q1", "--db", str(target)).returncode == 0  # the copy is a state before that line
    assert names(target) == ["q1", "q2", "q3"]


def test_an_existing_file_is_replaced_only_with_force(live_db, tmp_path):
    target = tmp_path / "b.db"
    target.write_text("keep me", encoding="utf-8")
    line = one_sentence(run("backup", str(target), "--db", str(live_db)))
    assert str(target) in line and "--force" in line
    assert target.read_text(encoding="utf-8") == "keep me"
    assert run("backup", str(target), "--db", str(live_db), "--force").returncode == 0
    assert names(target) == ["q1", "q2", "q3"]


@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_the_database_itself_is_refused_as_the_target(live_db, suffix):
    before = live_db.read_bytes()
    line = one_sentence(run("backup", f"{live_db}{suffix}", "--db", str(live_db), "--force"))
    assert "the session database itself" in line
    assert live_db.read_bytes() == before and names(live_db) == ["q1", "q2", "q3"]


def test_a_target_that_cannot_be_written_is_one_sentence(live_db, tmp_path):
    for target in (tmp_path / "missing" / "b.db", tmp_path, Path("/proc/version")):
        line = one_sentence(run("backup", str(target), "--db", str(live_db), "--force"))
        assert "cannot write" in line, line


def test_a_damaged_database_is_not_backed_up(live_db, tmp_path):
    window_copy = tmp_path / "damaged.db"
    with sqlite3.connect(live_db) as conn:
        conn.execute("pragma wal_checkpoint(full)")
    shutil.copyfile(live_db, window_copy)
    with sqlite3.connect(live_db) as conn:
        root = conn.execute("select rootpage from sqlite_master where name = 'events'").fetchone()[0]
    with open(window_copy, "r+b") as handle:
        handle.seek((root - 1) * 4096)
        handle.write(b"\xa5" * 1024)
    target = tmp_path / "b.db"
    line = one_sentence(run("backup", str(target), "--db", str(window_copy)))
    assert "is damaged" in line and str(window_copy) in line
    assert not target.exists() and [p.name for p in tmp_path.iterdir() if p.name.startswith(".b.db")] == []


def test_a_chain_already_broken_is_copied_as_it_is_and_said(live_db, tmp_path):
    with sqlite3.connect(live_db) as conn:
        conn.execute("update events set text = 'note changed' where session_id = 2 and seq = 3")
    target = tmp_path / "b.db"
    result = run("backup", str(target), "--db", str(live_db))
    assert result.returncode == 0, result.stderr
    assert "'q2' was already broken" in result.stderr
    assert run("verify", "q2", "--db", str(target)).returncode == 1


def test_backup_speaks_japanese(live_db, tmp_path):
    result = run("backup", str(tmp_path / "b.db"), "--db", str(live_db), lang="ja")
    assert result.returncode == 0 and "バックアップしました" in result.stdout
    help_text = run("backup", "--help", lang="ja").stdout
    assert "安全にコピー" in help_text
