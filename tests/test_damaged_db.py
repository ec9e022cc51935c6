"""Issue 17: a damaged session database is refused up front in one sentence (which file, what
SQLite found, what to do), is never written, and `verify` names the damage.

Also: `report --all -o FILE` that cannot be written is one sentence like `report NAME -o`."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "sample_sessions" / "notation_example.txt"
EXE = [sys.executable, "-m", "dealer_assist"]


def run(*args: str, input: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200", "DEALER_ASSIST_LANG": "en"}
    env.pop("DEALER_ASSIST_DEBUG", None)
    return subprocess.run(EXE + list(args), input=input, capture_output=True, text=True, timeout=120, env=env)


def one_sentence(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "unexpected error" not in result.stderr and "Traceback" not in result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def sound(tmp_path_factory) -> Path:
    """A database of three sessions, closed cleanly (nothing left in a -wal file)."""
    db = tmp_path_factory.mktemp("sound") / "sessions.db"
    for name in ("q1", "q2", "q3"):
        assert run("import", str(EXAMPLE), "--session", name, "--db", str(db)).returncode == 0
    assert not Path(f"{db}-wal").exists()
    return db


def overwrite_1k(source: Path, target: Path) -> Path:
    """A copy with 1 KiB overwritten inside the events table's first page."""
    shutil.copyfile(source, target)
    with sqlite3.connect(source) as conn:
        root = conn.execute("select rootpage from sqlite_master where name = 'events'").fetchone()[0]
        page = conn.execute("pragma page_size").fetchone()[0]
    with open(target, "r+b") as handle:
        handle.seek((root - 1) * page)
        handle.write(b"\xa5" * 1024)
    return target


def quick_check(path: Path) -> list[str]:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return [row[0] for row in conn.execute("pragma quick_check")]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]


@pytest.fixture()
def corrupt(sound, tmp_path) -> Path:
    db = overwrite_1k(sound, tmp_path / "corrupt.db")
    assert quick_check(db) != ["ok"]  # SQLite itself sees the damage
    return db


def test_sessions_refuses_a_damaged_file_instead_of_listing_it(corrupt):
    line = one_sentence(run("sessions", "--db", str(corrupt)))
    assert str(corrupt) in line and "is damaged" in line and "SQLite found" in line
    assert "backup" in line and ".recover" in line  # what to do


@pytest.mark.parametrize("args", [("verify", "q1"), ("report", "q1"), ("audit", "q1"), ("export", "q1"),
                                  ("play", "--session", "q1"), ("report", "--all")])  # fmt: skip
def test_every_command_names_the_damage_in_one_sentence(corrupt, args):
    line = one_sentence(run(*args, "--db", str(corrupt), input="note hi\n"))
    assert str(corrupt) in line and "is damaged" in line and "SQLite found" in line


@pytest.mark.parametrize("args", [("play", "--session", "newone"), ("play", "--session", "q1"),
                                  ("import", str(EXAMPLE), "--session", "newone")])  # fmt: skip
def test_a_damaged_file_is_never_written(corrupt, args):
    before = digest(corrupt)
    line = one_sentence(run(*args, "--db", str(corrupt), input="note hi\n"))
    assert "is damaged" in line
    assert digest(corrupt) == before
    assert not Path(f"{corrupt}-wal").exists() or Path(f"{corrupt}-wal").stat().st_size == 0


def test_verify_and_every_writer_run_sqlites_full_integrity_check(sound, tmp_path):
    """An index that no longer matches its table passes quick_check; verify still names it."""
    db = tmp_path / "index.db"
    shutil.copyfile(sound, db)
    conn = sqlite3.connect(db)
    conn.execute("pragma journal_mode = delete")  # everything in the one file
    root = conn.execute("select rootpage from sqlite_master where name = 'sessions'").fetchone()[0]
    page = conn.execute("pragma page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    start = (root - 1) * page
    block = data[start:start + page]
    assert block.count(b"q2") == 1
    data[start:start + page] = block.replace(b"q2", b"x2")  # the table says x2, the name index still q2
    db.write_bytes(bytes(data))
    assert quick_check(db) == ["ok"]  # the cheap check of a read-only open does not see it
    result = run("verify", "q1", "--db", str(db))
    line = one_sentence(result)
    assert "is damaged" in line and "SQLite found" in line and "index" in line
    before = digest(db)
    for args in (("play", "--session", "newone"), ("play", "--session", "q2")):  # nor does it write
        line = one_sentence(run(*args, "--db", str(db), input="note hi\n"))
        assert "is damaged" in line and "index" in line
    assert digest(db) == before


def test_report_all_to_a_file_that_cannot_be_written_is_one_sentence(sound):
    for args in (("report", "--all", "-o", "/proc/version"), ("report", "--all", "--format", "json", "-o", "/proc/version"),
                 ("report", "q1", "-o", "/proc/version")):  # fmt: skip
        line = one_sentence(run(*args, "--db", str(sound)))
        assert "cannot write /proc/version" in line, line
