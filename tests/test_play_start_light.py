"""Issue 20, `play --session` on a stored session up to its first prompt, in the store: it opens,
checks, migrates (nothing to do) and reads with plain ``sqlite3`` (sqlite-utils only for a
migration step, tools and tests: ``Store.db``, made on first use); SQLite's full integrity
check runs in the read-ahead thread (``marks.Early``) and the open trusts it only when it found
the file sound; an open that finds the tables' views as they were last checked imports no
table (``store/views.py``), and a view that is not the declared one never survives.

What a fresh process imports is checked in a fresh interpreter (``python -c`` running the
command line); no timing here."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import dealer_assist
from dealer_assist.errors import StoreError
from dealer_assist.store import Store
from dealer_assist.store import views as views_module
from dealer_assist.store.marks import Early

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "sample_sessions" / "notation_example.txt"  # a One Million session
WATCHED = ("sqlite_utils", "dateutil", "dealer_assist.tables.")
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "200", "DEALER_ASSIST_LANG": "en"}
ENV.pop("DEALER_ASSIST_DEBUG", None)

# the command line in a fresh interpreter; when it ends, the watched modules it imported
MAIN = """
import atexit, json, sys
atexit.register(lambda: print("\\nMODULES " + json.dumps(sorted(m for m in sys.modules if m.startswith(WATCHED)))))
sys.argv = ["dealer-assist", *sys.argv[1:]]
from dealer_assist.cli import main
main()
""".replace("WATCHED", repr(WATCHED))


def _modules(out: str) -> list[str]:
    line = [line for line in out.splitlines() if line.startswith("MODULES ")]
    assert line, out
    return json.loads(line[-1].removeprefix("MODULES "))


@pytest.fixture()
def stored(tmp_path) -> Path:
    """A stored One Million session ``s`` (imported: its snapshot kept, its views checked)."""
    db = tmp_path / "sessions.db"
    done = subprocess.run([sys.executable, "-m", "dealer_assist", "import", str(EXAMPLE), "--session", "s", "--db",
                           str(db)], capture_output=True, text=True, env=ENV, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return db


def _play_piped(db: Path, lines: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", MAIN, "play", "--session", "s", "--db", str(db)], input=lines,
                          capture_output=True, text=True, env=ENV, timeout=120)  # fmt: skip
    assert done.returncode == 0, (done.stdout, done.stderr)
    return _modules(done.stdout)


def test_play_on_a_stored_session_with_piped_lines_never_imports_sqlite_utils(stored):
    assert "sqlite_utils" not in _play_piped(stored, "")  # opened, checked, resumed, closed
    typed = _play_piped(stored, "note first line\nnote second line\n")  # and the lines typed are stored
    assert "sqlite_utils" not in typed and "dateutil" not in typed
    with sqlite3.connect(stored) as conn:
        assert conn.execute("select count(*) from events where text like 'note %'").fetchone()[0] >= 2


def test_play_reaches_its_first_prompt_in_a_terminal_without_sqlite_utils(stored):
    """Quit at the first prompt: what the process imported by its end, it imported by then too."""
    child = pexpect.spawn(sys.executable, ["-c", MAIN, "play", "--session", "s", "--db", str(stored)], env=ENV,
                          encoding="utf-8", timeout=60, dimensions=(40, 200))  # fmt: skip
    child.delaybeforesend = 0
    try:
        child.expect("s>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        out = child.before
    finally:
        child.close(force=True)
    modules = _modules(out.replace("\r", ""))
    assert "sqlite_utils" not in modules, modules
    assert "dealer_assist.tables.onemillion" in modules  # not vacuous: the session was resumed


OPEN = """
import json, sys
from dealer_assist.store import Store
store = Store(sys.argv[1])
verdict = store.verify_before_play(store.get("s"))
store.close()
print("MODULES " + json.dumps(sorted(m for m in sys.modules if m.startswith(WATCHED))), verdict.ok)
""".replace("WATCHED", repr(WATCHED))


def _open_fresh(db: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", OPEN, str(db)], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("True"), (done.stdout, done.stderr)
    return _modules(done.stdout.rsplit(" ", 1)[0])


def test_a_writable_open_and_the_check_before_play_import_no_table_when_the_views_are_as_last_checked(stored, tmp_path):
    assert _open_fresh(stored) == []  # no table (the casino's neither) and no sqlite-utils
    copy = tmp_path / "copy.db"  # a copy carries no record of the last check: compared in full once
    shutil.copyfile(stored, copy)
    assert "dealer_assist.tables.casino.ruleset" in _open_fresh(copy)
    assert _open_fresh(copy) == []


def _declared_calls(monkeypatch) -> list[int]:
    calls: list[int] = []
    original = views_module.declared

    def counted():
        calls.append(1)
        return original()

    monkeypatch.setattr(views_module, "declared", counted)
    return calls


def _file_views(db: Path) -> dict[str, str]:
    with sqlite3.connect(db) as conn:
        return {name: sql for name, sql in conn.execute("select name, sql from sqlite_master where type = 'view'")}


def test_the_views_are_compared_again_after_an_upgrade_and_a_view_changed_elsewhere_is_rebuilt(stored, monkeypatch):
    Store(stored).close()  # this process's stamp recorded
    calls = _declared_calls(monkeypatch)
    Store(stored).close()
    assert calls == []  # as last checked: not compared
    declared = views_module.declared()
    calls.clear()
    with sqlite3.connect(stored) as conn:  # another program changes a view
        conn.execute("drop view casino_rounds")
        conn.execute("create view casino_rounds as select 1 as one")
    Store(stored).close()
    assert calls == [1] and views_module._normal(_file_views(stored)["casino_rounds"]) == views_module._normal(
        declared["casino_rounds"])  # fmt: skip
    Store(stored).close()
    assert calls == [1]
    monkeypatch.setattr(dealer_assist, "__version__", dealer_assist.__version__ + ".post1")  # an upgrade
    Store(stored).close()
    assert calls == [1, 1]


def test_a_migration_always_compares_the_views(tmp_path, monkeypatch):
    db = tmp_path / "v6.db"
    shutil.copyfile(ROOT / "tests" / "fixtures" / "schema_v6.db", db)
    with sqlite3.connect(db) as conn:
        have = {name: views_module._normal(sql or "") for name, sql in
                conn.execute("select name, sql from sqlite_master where type = 'view'")}  # fmt: skip
    # a record that claims the views as they are now are right: a migration does not trust it
    views_module._claim(db, views_module.stamp(), have)
    calls = _declared_calls(monkeypatch)
    Store(db).close()
    assert calls == [1]
    assert "table_games" in _file_views(db)


def test_the_stamp_follows_the_files_of_a_table_not_imported_yet(tmp_path, monkeypatch):
    from dealer_assist import rulesets

    package = tmp_path / "stamptable"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "ruleset.py").write_text("VIEWS = {}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(rulesets.TABLES, "stamptable", "stamptable.ruleset")
    before = views_module.stamp()
    assert before is not None and "stamptable" not in sys.modules  # found, not imported
    assert views_module.stamp() == before
    (package / "ruleset.py").write_text("VIEWS = {'x': 'CREATE VIEW x AS select 2'}\n")  # the table changed
    assert views_module.stamp() != before
    monkeypatch.setitem(rulesets.TABLES, "stamptable", "nowhere_at_all.ruleset")  # its source cannot be found
    assert views_module.stamp() is None


def _index_mismatch(source: Path, db: Path) -> Path:
    """A copy whose sessions table no longer matches its status index (quick_check passes)."""
    shutil.copyfile(source, db)
    for suffix in ("-wal", "-shm"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{db}{suffix}")
    conn = sqlite3.connect(db)
    conn.execute("pragma wal_checkpoint(truncate)")
    conn.execute("pragma journal_mode = delete")
    root = conn.execute("select rootpage from sqlite_master where name = 'sessions'").fetchone()[0]
    page = conn.execute("pragma page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    start = (root - 1) * page
    block = bytes(data[start:start + page])
    index = block.rfind(b"running")  # the session's status in the table (the status index keeps its own)
    assert index > 0
    data[start + index:start + index + 7] = b"runninx"
    db.write_bytes(bytes(data))
    return db


def test_the_read_ahead_integrity_check_is_trusted_only_when_it_found_the_file_sound(stored, tmp_path):
    early = Early(stored, "s")
    assert early.sound(stored, full=True)
    assert not early.sound(tmp_path / "other.db", full=True)  # another file
    assert not early.sound(stored, full=False)  # a read-only open's quick check is its own
    damaged = tmp_path / "damaged.db"
    with sqlite3.connect(stored) as conn:
        conn.execute("create index session_status on sessions(status)")
    _index_mismatch(stored, damaged)
    early = Early(damaged, "s")
    assert not early.sound(damaged, full=True) and early.integrity not in (None, ["ok"])
    before = damaged.read_bytes()
    with pytest.raises(StoreError) as refused:
        Store(damaged, ahead=early)  # the open runs the check itself and names what it found
    assert refused.value.key == "store.damaged"
    assert damaged.read_bytes() == before
    trusted = Early(damaged, "s")  # not vacuous: a sound verdict read ahead is not checked again
    trusted.sound(damaged, full=True)
    trusted.integrity = ["ok"]
    Store(damaged, ahead=trusted).close()


def test_the_store_connection_fires_delete_triggers_on_replace_as_sqlite_utils_set_it(stored):
    store = Store(stored)
    try:
        assert store.conn.execute("pragma recursive_triggers").fetchone()[0] == 1
        assert "_db" not in store.__dict__  # sqlite-utils' Database not made by the open
        assert store.db.conn is store.conn and "_db" in store.__dict__  # made when asked for, on the same connection
    finally:
        store.close()
