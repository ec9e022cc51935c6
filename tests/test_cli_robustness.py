"""Issue 8 at the command line: every input, file, database and second window that used to
end in a traceback is now one clear sentence with its exit status; the log can be proven.

Named after the clause or behaviour each one checks."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from dealer_assist import notation as n
from dealer_assist.cli import cli
from dealer_assist.tables.onemillion import to_json
from dealer_assist.errors import NotationError, SessionError, StoreError
from dealer_assist.live import LiveSession, check_derived
from dealer_assist.replay import replay_text
from dealer_assist.store import Store, event_hash

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_sessions"
EXAMPLE = (SAMPLES / "notation_example.txt").read_text(encoding="utf-8")
EXE = [sys.executable, "-m", "dealer_assist"]
SETUP = "quest normal\ndice 1 2\nseat 1 aki 100k\nseat 2 ben 100k\n"


def invoke(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(cli, list(args), input=input, terminal_width=200)


def run(*args: str, input: str | bytes | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """The tool in its own process; input as text or bytes, output as text."""
    data = input.encode("utf-8") if isinstance(input, str) else input
    result = subprocess.run(EXE + list(args), input=data, capture_output=True, timeout=60,
                            env={**os.environ, "COLUMNS": "200", **(env or {})})  # fmt: skip
    result.stdout = result.stdout.decode("utf-8", "replace")
    result.stderr = result.stderr.decode("utf-8", "replace")
    return result


def quick(*args: str, input: str | bytes | None = None):
    """The tool in this process (CliRunner): the same command line, faster than ``run``."""
    from types import SimpleNamespace

    result = CliRunner().invoke(cli, list(args), input=input, terminal_width=200)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # the guard let something through: a traceback for the user
    return SimpleNamespace(returncode=result.exit_code, stdout=result.stdout, stderr=result.stderr)


def no_traceback(result) -> None:
    for stream in (result.stdout, result.stderr):
        assert "Traceback" not in stream, stream


def stored(tmp_path: Path, name: str = "q", sample: str = "extreme_445") -> str:
    """A database holding one imported sample session (imported by another process, so that
    no connection of this one stays open on it)."""
    db = str(tmp_path / "s.db")
    result = run("import", str(SAMPLES / f"{sample}.txt"), "--session", name, "--db", db)
    assert result.returncode == 0, result.stderr
    return db


# ---------------------------------------------------------------- NOTATION: bounded numbers

HUGE = "9" * 5000  # past Python's 4300-digit int-string limit
BIG = "9" * 300  # hundreds of digits


@pytest.mark.parametrize(
    "line,limit",
    [
        (f"bet 1 {HUGE}", "1,000,000,000,000"),
        (f"bet 1 {BIG}", "1,000,000,000,000"),
        ("hp 9999999999999999999", "1,000,000,000,000"),
        (f"seat 3 cho {'2' * 400}", "1,000,000,000,000"),
        (f"redistribute 1=1{'0' * 4400} 2=0", "1,000,000,000,000"),
        (f"rule heal_cap 1{'0' * 600}", "1,000,000,000,000"),
        (f"rule max_split_hands {HUGE}", "from 1 to 99"),
        (f"shoe {HUGE}", "from 1 to 100000"),
        (f"dice {HUGE}", "from 1 to 6"),
        (f"skill mp {BIG}", "from 0 to 99"),
        (f"yellow {HUGE}", "from 1 to 7"),
        ("hp 1.00000000000000000000000000001m", "not a whole number"),
    ],
    ids=["bet-huge", "bet-big", "hp", "seat", "redistribute", "rule-amount", "rule-count", "shoe", "dice",
         "skill", "box", "amount-not-whole-past-decimal-precision"],
)  # fmt: skip
def test_notation_numbers_with_hundreds_of_digits_are_refused_naming_the_limit(tmp_path, line, limit):
    script = tmp_path / "s.txt"
    script.write_text(SETUP + "skill redistribute 1\ngame\n" * ("redistribute" in line or "yellow" in line) + line + "\n",
                      encoding="utf-8")  # fmt: skip
    result = quick("replay", str(script))
    no_traceback(result)
    assert result.returncode == 2
    assert result.stderr.startswith("line ") and limit in result.stderr
    assert len(result.stderr) < 600  # the 5,000 digits are not echoed back


def test_notation_max_points_fits_sqlite_and_json_with_a_margin():
    # seven boxes at the limit, paid at the largest ratio on a doubled, split stake, still fit 64 bits
    assert 7 * n.MAX_POINTS * 8 * 5 < 2**63
    assert n.parse_amount("1000000m") == n.MAX_POINTS
    with pytest.raises(NotationError):
        n.parse_amount("1000000.001m")


def test_notation_the_largest_amounts_are_stored_and_replayed(tmp_path):
    db = str(tmp_path / "s.db")
    script = "quest normal\ndice 1 2\nhp 1000000m\nseat 1 aki 1000000m\nrule heal_cap 1000000m\ngame\nbet 1 99k\n"
    result = run("play", "--session", "big", "--db", db, input=script)
    assert result.returncode == 0, result.stdout + result.stderr
    exported = run("export", "big", "--db", db).stdout
    assert to_json(replay_text(exported).session.state)["boxes"]["1"]["points"] == n.MAX_POINTS


# ---------------------------------------------------------------- NOTATION: what a line may hold


@pytest.mark.parametrize(
    "line,code",
    [("note a\x00b", "U+0000"), ("note \ud800", "U+D800"), ("seat 3 a\x0cb 10k", "U+000C"), ("note x\x1cy", "U+001C"),
     ("note x\x85y", "U+0085"), ("note x\u2028y", "U+2028"), ("note x\u2029y", "U+2029"), ("note x\u202ey", "U+202E"),
     ("seat 3 \u200bcho 10k", "U+200B"), ("note x\ry", "U+000D"), ("note x\x1ey", "U+001E")],
    ids=["nul", "surrogate", "form-feed-in-a-name", "file-separator", "next-line", "line-separator",
         "paragraph-separator", "bidi-override", "zero-width-space", "lone-carriage-return", "record-separator"],
)  # fmt: skip
def test_notation_control_and_separator_characters_are_refused_at_the_door(tmp_path, line, code):
    result = replay_text(SETUP + line)
    assert not result.ok and result.error_line == 5 and code in str(result.error)
    live = LiveSession.open(Store(tmp_path / "s.db"), "d", create=True)
    with pytest.raises(NotationError) as info:
        live.enter(line)
    assert code in str(info.value)
    assert live.store.events(live.row) == []  # nothing stored


def test_notation_one_definition_of_a_line_what_play_stores_exports_and_replays(tmp_path):
    """Width variants of the space (IME input), tabs and CRLF are read alike by every reader;
    the stored session exports a script that replays to the same state."""
    db = str(tmp_path / "s.db")
    lines = SETUP + "note\u3000ben\u00a0asked\tfor a ruling\ngame\r\nbet 1 10k ; bet 2\u300010k\n"
    result = run("play", "--session", "w", "--db", db, input=lines.encode("utf-8"))
    assert result.returncode == 0, result.stderr
    exported = run("export", "w", "--db", db).stdout
    assert "note ben asked\tfor a ruling" in exported
    assert to_json(replay_text(exported).session.state) == to_json(replay_text(lines).session.state)
    assert to_json(LiveSession.open(Store(db), "w").state) == to_json(replay_text(exported).session.state)


@pytest.mark.parametrize("reader", ["replay", "import", "audit", "play"])
def test_notation_every_reader_refuses_a_form_feed_the_same_way(tmp_path, reader):
    script = tmp_path / "ff.txt"
    script.write_text(SETUP + "note page\x0cbreak\n", encoding="utf-8")
    db = str(tmp_path / "s.db")
    args = {"replay": ["replay", str(script)], "import": ["import", str(script), "--session", "x", "--db", db],
            "audit": ["audit", str(script)], "play": ["play", "--session", "x", "--db", db]}[reader]  # fmt: skip
    result = quick(*args, input=script.read_text(encoding="utf-8") if reader == "play" else None)
    no_traceback(result)
    assert result.returncode in (1, 2)
    assert "U+000C (FORM FEED) at column 10" in result.stdout + result.stderr
    assert "line 5" in result.stdout + result.stderr or reader == "play"


def test_notation_a_script_with_a_bom_and_crlf_is_legal(tmp_path):
    script = tmp_path / "bom.txt"
    script.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.replace("\n", "\r\n").encode("utf-8"))
    result = invoke("replay", str(script), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == to_json(replay_text(EXAMPLE).session.state)
    assert invoke("replay", "-", "--json", input=script.read_bytes()).exit_code == 0


# ---------------------------------------------------------------- scripts that are not UTF-8 text


def utf16(tmp_path: Path) -> Path:
    path = tmp_path / "utf16.txt"
    path.write_bytes(EXAMPLE.encode("utf-16"))
    return path


def utf16_without_bom(tmp_path: Path) -> Path:
    path = tmp_path / "utf16le.txt"
    path.write_bytes(EXAMPLE.encode("utf-16-le"))
    return path


def latin1(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.txt"
    path.write_bytes(SETUP.encode() + "note café\n".encode("latin-1"))
    return path


def binary(tmp_path: Path) -> Path:
    path = tmp_path / "binary.bin"
    path.write_bytes(bytes(range(256)) * 8)
    return path


@pytest.mark.parametrize(
    "make,line,reason",
    [(utf16, 1, "UTF-16"), (utf16_without_bom, 1, "NUL byte"), (latin1, 5, "not UTF-8"), (binary, 1, "NUL byte")],
    ids=["utf16", "utf16-without-bom", "latin1", "binary"],
)  # fmt: skip
def test_replay_of_a_file_that_is_not_utf8_names_the_line(tmp_path, make, line, reason):
    path = make(tmp_path)
    result = quick("replay", str(path))
    no_traceback(result)
    assert result.returncode == 2
    assert result.stderr.startswith(f"line {line}: ") and reason in result.stderr
    piped = quick("replay", "-", input=path.read_bytes())
    assert piped.returncode == 2 and piped.stderr == result.stderr


@pytest.mark.parametrize("command", ["import", "audit", "report", "play-from", "play-pipe"])
def test_every_script_reader_refuses_a_file_that_is_not_utf8(tmp_path, command):
    path = latin1(tmp_path)
    db = str(tmp_path / "s.db")
    args = {"import": ["import", str(path), "--session", "x", "--db", db], "audit": ["audit", str(path)],
            "report": ["report", str(path)], "play-from": ["play", "--session", "x", "--from", str(path), "--db", db],
            "play-pipe": ["play", "--session", "x", "--db", db]}[command]  # fmt: skip
    result = quick(*args, input=path.read_bytes() if command == "play-pipe" else None)
    no_traceback(result)
    assert result.returncode in (1, 2)
    assert "line 5" in result.stdout + result.stderr and "not UTF-8" in result.stdout + result.stderr
    if command != "play-pipe":
        assert Store(db).find("x") is None  # nothing stored


def test_play_pipe_refuses_a_line_that_is_not_utf8_and_goes_on(tmp_path):
    db = str(tmp_path / "s.db")
    data = SETUP.encode() + b"note caf\xe9\n" + b"game\n"
    result = quick("play", "--session", "p", "--db", db, input=data)
    assert result.returncode == 2  # a line was refused
    assert "line 5: not UTF-8 text" in result.stdout
    assert [e.text for e in Store(db).events(Store(db).get("p"))][-1] == "game"


# ---------------------------------------------------------------- the session database


def not_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "notes.db"
    path.write_text("my shopping list\n", encoding="utf-8")
    return path


def foreign(tmp_path: Path) -> Path:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("create table users (id integer primary key, name text)")
        conn.execute("create table migrations (version integer)")
    return path


def folder(tmp_path: Path) -> Path:
    (tmp_path / "folder.db").mkdir()
    return tmp_path / "folder.db"


def under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    return tmp_path / "file" / "sessions.db"


@pytest.mark.parametrize(
    "make,says",
    [(not_sqlite, "is not a session database"), (foreign, "another program's SQLite database (tables: migrations, users)"),
     (folder, "is a folder"), (under_a_file, "is a file, not a folder")],
    ids=["not-sqlite", "another-programs-sqlite", "a-folder", "under-a-regular-file"],
)  # fmt: skip
@pytest.mark.parametrize("command", ["play", "import", "sessions", "verify", "audit", "report", "export"])
def test_db_that_cannot_be_used_is_one_sentence_and_exit_1_before_any_prompt(tmp_path, make, says, command):
    path = make(tmp_path)
    before = path.read_bytes() if path.is_file() else None
    args = {"play": ["play", "--session", "x"], "import": ["import", str(SAMPLES / "notation_example.txt"), "--session", "x"],
            "sessions": ["sessions"], "verify": ["verify", "x"], "audit": ["audit", "x"], "report": ["report", "x"],
            "export": ["export", "x"]}[command]  # fmt: skip
    result = quick(*args, "--db", str(path), input="quest normal\n")
    no_traceback(result)
    assert result.returncode == 1
    assert result.stdout == ""  # no prompt, no ruling
    assert says in result.stderr and len(result.stderr.strip().splitlines()) == 1
    if before is not None:
        assert path.read_bytes() == before  # untouched


@pytest.mark.parametrize("command", ["sessions", "verify", "audit", "report", "export"])
def test_db_commands_that_only_read_never_create_a_database(tmp_path, command):
    path = tmp_path / "sub" / "none.db"
    args = {"sessions": ["sessions"], "verify": ["verify", "x"], "audit": ["audit", "x"], "report": ["report", "x"],
            "export": ["export", "x"]}[command]  # fmt: skip
    result = quick(*args, "--db", str(path))
    no_traceback(result)
    assert result.returncode == (0 if command == "sessions" else 1)
    assert "there is no session database at" in result.stdout + result.stderr
    assert not path.exists() and not path.parent.exists()


def make_read_only(path: Path, request) -> None:
    """Make a file or folder read-only, even for root (chattr +i), or skip the test."""
    mode = 0o755 if path.is_dir() else 0o644
    os.chmod(path, 0o555 if path.is_dir() else 0o444)
    request.addfinalizer(lambda: os.chmod(path, mode))  # finalizers run last-in first-out
    if os.access(path, os.W_OK):  # root
        try:
            done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        except OSError:
            pytest.skip("chattr is not available to make a file read-only for root")
        request.addfinalizer(lambda: subprocess.run(["chattr", "-i", str(path)], capture_output=True))
        if done.returncode != 0 or os.access(path, os.W_OK):
            pytest.skip("cannot make a file read-only for this user")


def test_db_read_only_file_refuses_play_and_is_read_by_the_reading_commands(tmp_path, request):
    db = stored(tmp_path)
    assert not Path(db + "-wal").exists()  # the importing process closed it cleanly
    make_read_only(Path(db), request)
    result = run("play", "--session", "q", "--db", db, input="note hi\n")
    no_traceback(result)
    assert result.returncode == 1 and result.stdout == ""
    assert "the file is read-only" in result.stderr
    assert run("verify", "q", "--db", db).returncode == 0
    assert "q" in run("sessions", "--db", db).stdout
    assert run("report", "q", "--db", db, "--format", "json").returncode == 0


def test_db_read_only_folder_refuses_play_and_a_new_database(tmp_path, request):
    db = stored(tmp_path)
    assert not Path(db + "-wal").exists()
    make_read_only(tmp_path, request)
    for args in (["play", "--session", "q", "--db", db], ["play", "--session", "q", "--db", str(tmp_path / "new.db")]):
        result = run(*args, input="note hi\n")
        no_traceback(result)
        assert result.returncode == 1 and result.stdout == ""
        assert "is read-only" in result.stderr
    assert run("verify", "q", "--db", db).returncode == 0  # read through a read-only folder
    assert not (tmp_path / "new.db").exists()


def test_db_read_only_checks_are_made_before_sqlite(tmp_path, monkeypatch):
    """The same sentence where the system says the file or its folder is not writable."""
    db = stored(tmp_path)
    real = os.access
    monkeypatch.setattr("dealer_assist.store.os.access",
                        lambda path, mode: False if mode & os.W_OK and str(path) == db else real(path, mode))  # fmt: skip
    result = invoke("play", "--session", "q", "--db", db, input="note hi\n")
    assert result.exit_code == 1 and "the file is read-only" in result.output
    assert invoke("verify", "q", "--db", db).exit_code == 0


def test_db_of_schema_v2_is_migrated_to_the_current_schema_and_its_chain_still_holds(tmp_path):
    import sqlite_utils

    from dealer_assist import store as store_mod

    path = tmp_path / "v2.db"
    db = sqlite_utils.Database(path)
    db["migrations"].create({"version": int, "applied": str}, pk="version")
    for version, step in store_mod.MIGRATIONS[:2]:
        step(db)
        db["migrations"].insert({"version": version, "applied": "2025-01-01"})
    db["sessions"].insert({"name": "old", "created": "2025-01-01", "updated": "2025-01-01", "setup": "{}",
                           "status": "running", "games": 0, "hp": 1_000_000})  # fmt: skip
    prev = ""
    texts = [line for line in EXAMPLE.splitlines() if n.split_line(line)]
    for seq, line in enumerate(texts, start=1):
        (text,) = n.split_line(line)
        event = json.dumps(n.parse_command(text).to_dict(), ensure_ascii=False, sort_keys=True)
        digest = event_hash(prev, seq, text, event, "2025-01-01")  # the hash before v3
        db["events"].insert({"session_id": 1, "seq": seq, "text": text, "event": event, "ts": "2025-01-01",
                             "hash": digest, "prev_hash": prev})  # fmt: skip
        prev = digest
    db["sessions"].update(1, {"event_count": len(texts), "head_hash": prev})
    db.close()
    assert run("verify", "old", "--db", str(path)).stdout.startswith("the log of 'old' is untouched")  # read-only: v2
    result = run("play", "--session", "old", "--db", str(path), input="note after the upgrade\n")
    assert result.returncode == 0, result.stderr
    store = Store(path)
    assert store.versions() == set(range(1, store_mod.SCHEMA + 1))
    rows = store.events(store.get("old"))
    assert rows[0].typed is None and rows[-1].typed == "note after the upgrade"
    assert store.verify(store.get("old")).ok


# ---------------------------------------------------------------- one window per session


def wait_for(predicate, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def events_of(db: str, name: str) -> list[str]:
    if not Path(db).exists():
        return []
    store = Store(db, readonly=True)
    try:
        row = store.find(name)
        return [e.text for e in store.events(row)] if row else []
    finally:
        store.close()


def holder_window(db: str, name: str, first: str) -> subprocess.Popen:
    window = subprocess.Popen(EXE + ["play", "--session", name, "--db", db], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    window.stdin.write(first + "\n")
    window.stdin.flush()
    wait_for(lambda: first in events_of(db, name))
    return window


def test_a_second_play_on_an_open_session_is_refused_at_once_naming_the_holder(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder_window(db, "s", "quest normal")
    try:
        second = run("play", "--session", "s", "--db", db, input="dice 1 2\n")
        no_traceback(second)
        assert second.returncode == 1 and second.stdout == ""
        assert f"process {first.pid} on" in second.stderr and "since" in second.stderr
        assert events_of(db, "s") == ["quest normal"]  # the second window stored nothing
        out, err = first.communicate("dice 1 2\n", timeout=30)  # the first window goes on
        assert first.returncode == 0, err
        assert events_of(db, "s") == ["quest normal", "dice 1 2"]
    finally:
        first.kill()
        first.wait()


def test_a_crashed_holder_does_not_block_the_session(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder_window(db, "s", "quest normal")
    os.kill(first.pid, signal.SIGKILL)  # the laptop dies; not even reaped yet (a zombie)
    try:
        second = run("play", "--session", "s", "--db", db, input="dice 1 2\n")
        assert second.returncode == 0, second.stderr
        assert f"left open by process {first.pid}" in second.stdout and "takes it over" in second.stdout
        assert events_of(db, "s") == ["quest normal", "dice 1 2"]
    finally:
        first.wait()


def test_take_over_stops_the_other_window_without_storing_its_line(tmp_path):
    db = str(tmp_path / "s.db")
    first = holder_window(db, "s", "quest normal")
    try:
        taker = subprocess.Popen(EXE + ["play", "--session", "s", "--db", db, "--take-over"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        taker.stdin.write("dice 1 2\n")
        taker.stdin.flush()
        wait_for(lambda: "dice 1 2" in events_of(db, "s"))
        out, err = first.communicate("dice 3 4\n", timeout=30)  # the old window's next line
        assert "Traceback" not in out + err
        assert first.returncode == 1
        assert f"was taken over by process {taker.pid}" in out and "NOT stored" in out
        assert "DSK-0" not in out.split("dice 3 4")[-1]  # never echoed as accepted
        taker.communicate(timeout=30)
        assert taker.returncode == 0
        assert events_of(db, "s") == ["quest normal", "dice 1 2"]
    finally:
        first.kill()
        first.wait()


def test_store_append_refuses_a_concurrent_writer_and_rolls_the_window_back(tmp_path):
    path = tmp_path / "s.db"
    one = LiveSession.open(Store(path), "c", create=True)
    two = LiveSession.open(Store(path), "c")  # no lock: two writers on one session
    one.enter("quest normal")
    before = to_json(two.state)
    with pytest.raises(SessionError) as info:
        two.enter("quest easy")
    assert info.value.key == "session.moved_on" and "#1" in str(info.value)
    assert to_json(two.state) == before and two.session.events == []  # rolled back
    assert events_of(str(path), "c") == ["quest normal"]


def test_store_a_writer_without_the_lock_never_writes_under_a_live_window(tmp_path):
    path = tmp_path / "s.db"
    held = LiveSession.open(Store(path), "c", create=True, lock=True)
    other = LiveSession.open(Store(path), "c")
    with pytest.raises(SessionError) as info:
        other.enter("quest normal")
    assert info.value.key == "session.held"
    held.enter("quest normal")
    held.close()
    with pytest.raises(SessionError) as info:
        other.enter("quest easy")  # the session moved on since `other` loaded it
    assert info.value.key == "session.moved_on"
    assert events_of(str(path), "c") == ["quest normal"]


# ---------------------------------------------------------------- the last-resort guard


def test_no_traceback_reaches_the_user_and_debug_shows_it(tmp_path, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("dealer_assist.tables.onemillion.report.build", boom)
    result = invoke("report", str(SAMPLES / "notation_example.txt"))
    assert result.exit_code == 1
    assert "unexpected error (RuntimeError: disk on fire)" in result.output and "DEALER_ASSIST_DEBUG" in result.output
    monkeypatch.setenv("DEALER_ASSIST_DEBUG", "1")
    result = invoke("report", str(SAMPLES / "notation_example.txt"))
    assert isinstance(result.exception, RuntimeError)


def test_no_traceback_when_the_reader_goes_away(tmp_path):
    reader = subprocess.Popen(EXE + ["report", str(SAMPLES / "extreme_445.txt"), "--format", "html"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    reader.stdout.close()  # like `| head -0`
    _, err = reader.communicate(timeout=60)
    assert b"Traceback" not in err


# ---------------------------------------------------------------- audit, verify, report


def test_audit_of_a_game_or_command_that_does_not_exist_exits_1(tmp_path):
    db = stored(tmp_path)
    for target in ("q", str(SAMPLES / "extreme_445.txt")):
        result = invoke("audit", target, "--db", db, "--game", "9")
        assert result.exit_code == 1 and "there is no game 9" in result.output and "4 game(s)" in result.output
        result = invoke("audit", target, "--db", db, "--at", "999")
        assert result.exit_code == 1 and "there is no command #999" in result.output
        assert invoke("audit", target, "--db", db, "--game", "0").exit_code == 1
        assert invoke("audit", target, "--db", db, "--game", "4").exit_code == 0


def tamper(db: str, sql: str, params: list | tuple = ()) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql, params)


def test_play_on_a_broken_chain_says_so_before_the_first_prompt_and_needs_force(tmp_path):
    db = stored(tmp_path, "n", "notation_example")
    tamper(db, "update events set text = 'bet 3 6k' where text = 'bet 3 5k'")
    result = run("play", "--session", "n", "--db", db, input="note hi\n")
    no_traceback(result)
    assert result.returncode == 1 and result.stdout == ""
    assert "the hash chain of 'n' is broken" in result.stderr and "event 9 was changed" in result.stderr
    assert "--force" in result.stderr
    forced = run("play", "--session", "n", "--db", db, "--force", input="note hi\n")
    assert forced.returncode == 0 and "event 9 was changed" in forced.stderr
    for command in (["audit", "n"], ["report", "n"]):
        result = run(*command, "--db", db)
        assert "WARNING: the hash chain of 'n' is broken" in result.stderr and "event 9" in result.stderr


def test_play_on_a_broken_chain_asks_in_a_terminal(tmp_path):
    db = stored(tmp_path, "n", "notation_example")
    tamper(db, "delete from events where seq = 15")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--db", db, "--session", "n"], env=env, encoding="utf-8",
                          timeout=20, dimensions=(40, 120))  # fmt: skip
    child.expect("event 15 was removed")
    child.expect(r"Go on with this session anyway\? \[y/N\]")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.parametrize(
    "statements,verdict",
    [
        (["update events set seq = -1 where seq = 12", "update events set seq = 12 where seq = 13",
          "update events set seq = 13 where seq = -1"], "events were reordered (event 12 was stored as event 13)"),
        (["update events set seq = 100 where seq = 5", "update events set seq = seq - 1 where seq > 5 and seq < 100",
          f"update events set seq = (select max(seq) from events where seq < 100) + 1 where seq = 100"],
         "events were reordered"),
    ],
    ids=["swapped", "moved-to-the-end"],
)  # fmt: skip
def test_verify_names_a_reordered_event(tmp_path, statements, verdict):
    db = stored(tmp_path)
    for sql in statements:
        tamper(db, sql)
    result = invoke("verify", "q", "--db", db)
    assert result.exit_code == 1 and verdict in result.output


def test_verify_checks_the_games_and_sessions_rows_against_the_events(tmp_path):
    db = stored(tmp_path)
    assert "the sessions and games rows match the events" in invoke("verify", "q", "--db", db).output
    tamper(db, "update games set damage = 999999 where game = 2")
    result = invoke("verify", "q", "--db", db)
    assert result.exit_code == 1 and "untouched" in result.output  # the chain itself holds ...
    assert "the games row of game 2 does not match the events: damage is 999999, the events give 20000" in result.output
    tamper(db, "update games set damage = 20000 where game = 2")
    tamper(db, "update sessions set hp = 5")
    result = invoke("verify", "q", "--db", db)
    assert result.exit_code == 1 and "the sessions row of 'q' does not match its events: hp is 5, the events give 0" in result.output
    tamper(db, "update sessions set hp = 0")
    tamper(db, "delete from games where game = 3")
    result = invoke("verify", "q", "--db", db)
    assert result.exit_code == 1 and "the games row of game 3 is missing" in result.output


def test_verify_prints_the_head_hash_and_report_shows_it_in_every_format(tmp_path):
    db = stored(tmp_path)
    store = Store(db)
    head = store.verify(store.get("q")).head
    assert len(head) == 64
    result = invoke("verify", "q", "--db", db)
    assert result.exit_code == 0 and f"head of the chain: {head} (short form {head[:12]})" in result.output
    for fmt in ("text", "markdown", "html", "json", "csv"):
        body = invoke("report", "q", "--db", db, "--format", fmt).output
        assert head[:12] in body, fmt
    assert json.loads(invoke("report", "q", "--db", db, "--format", "json").output)["chain"]["head"] == head
    assert invoke("verify", "q", "--db", db, "--posted", head[:12]).exit_code == 0
    assert "the log up to event" in invoke("verify", "q", "--db", db, "--posted", head[:12]).output
    assert invoke("verify", "q", "--db", db, "--posted", "0" * 12).exit_code == 1
    assert invoke("verify", "q", "--db", db, "--posted", "abc").exit_code == 1


def test_verify_posted_hash_catches_a_recomputed_chain(tmp_path):
    """Re-hashing the whole chain after a change makes it hold again, but not the posted head."""
    db = stored(tmp_path)
    store = Store(db)
    posted = store.verify(store.get("q")).short
    rows = store.events(store.get("q"))
    prev = ""
    with sqlite3.connect(db) as conn:
        for row in rows:
            text = "bet 3 90k" if row.seq == 12 else row.text
            digest = event_hash(prev, row.seq, text, row.event, row.ts, row.typed)
            conn.execute("update events set text = ?, hash = ?, prev_hash = ? where seq = ?",
                         [text, digest, prev, row.seq])  # fmt: skip
            prev = digest
        conn.execute("update sessions set head_hash = ?", [prev])
    result = invoke("verify", "q", "--db", db, "--posted", posted)
    assert result.exit_code == 1 and "this log is not the one that was posted" in result.output


def test_the_end_of_the_quest_in_live_play_shows_the_head_hash_to_post(tmp_path):
    db = str(tmp_path / "s.db")
    result = run("play", "--session", "w", "--db", db, input=(SAMPLES / "quest_success.txt").read_text(encoding="utf-8"))
    assert result.returncode == 0, result.stderr
    store = Store(db)
    verdict = store.verify(store.get("w"))
    said = " ".join(result.stdout.split())
    assert f"The log's head hash is {verdict.short}" in said
    assert f"dealer-assist verify w --posted {verdict.short} --db {db}" in said


# ---------------------------------------------------------------- quit, and the line as typed


def test_quit_prints_the_resume_command_with_its_db(tmp_path):
    db = str(tmp_path / "my sessions.db")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "200", "LINES": "40"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--db", db, "--session", "fri"], env=env, encoding="utf-8",
                          timeout=20, dimensions=(40, 200))  # fmt: skip
    child.expect("fri>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert f"dealer-assist play --session fri --db '{db}'" in " ".join(child.before.split())


def test_events_keep_the_line_as_typed_beside_the_normalised_text(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "t", create=True)
    for line in commands_of(EXAMPLE)[:8]:
        live.enter(line)
    live.enter("ｂｅｔ　３　５ｋ；ｄｅａｌ　９　［Ｋ］　６　＃ full-width")
    rows = live.store.events(live.row)
    assert [r.text for r in rows[-2:]] == ["bet 3 5k", "deal 9 [K] 6"]
    assert rows[-1].typed == rows[-2].typed == "ｂｅｔ　３　５ｋ；ｄｅａｌ　９　［Ｋ］　６　＃ full-width"
    with sqlite3.connect(path) as conn:
        assert conn.execute("select typed from session_events where seq = 10").fetchone()[0].startswith("ｂｅｔ")
    audit = invoke("audit", "t", "--db", str(path)).output
    assert "typed: ｂｅｔ　３　５ｋ" in audit
    # the hash covers the typed line too
    tamper(str(path), "update events set typed = 'bet 3 5k' where seq = 9")
    assert not Store(path).verify(Store(path).get("t")).ok


def commands_of(text: str) -> list[str]:
    return [line.split("#")[0].strip() for line in text.splitlines() if n.split_line(line)]


def test_store_errors_and_session_errors_share_the_root():
    from dealer_assist.errors import DealerAssistError

    assert issubclass(StoreError, SessionError) and issubclass(SessionError, DealerAssistError)


def test_every_key_the_new_code_uses_is_in_the_catalog():
    import re

    from dealer_assist.messages import EN

    pattern = re.compile(r'(?:StoreError|SessionError|NotationError|Finding|_say|text)\(\s*"([a-z_]+\.[a-z_.]+)"')
    used = set()
    for name in ("cli", "cli_lang", "cli_common", "cli_replay", "cli_overlay", "cli_session", "cli_audit", "store", "live",
                 "prompt", "notation", "audit", "report"):  # fmt: skip
        module = ROOT / "dealer_assist" / f"{name}.py"  # a module, or a package split into modules (issue 19)
        for path in [module] if module.exists() else sorted((ROOT / "dealer_assist" / name).glob("*.py")):
            used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 30
    assert sorted(k for k in used if k not in EN) == []
