"""Live play: the store, resume, undo, export/import, the clocks, and the prompt driven
from a real terminal (pexpect) with a kill -9 in the middle."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli
from dealer_assist.tables.onemillion import to_json
from dealer_assist.errors import NotationError, RuleViolation, SessionError
from dealer_assist.live import LiveSession, clock, suggestions
from dealer_assist.prompt import Clocks
from dealer_assist.replay import replay_text
from dealer_assist.store import Store

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
EXAMPLE = (SAMPLES / "notation_example.txt").read_text(encoding="utf-8")
EXE = [sys.executable, "-m", "dealer_assist"]


def commands_of(text: str) -> list[str]:
    from dealer_assist.notation import split_line

    return [line.split("#")[0].strip() for line in text.splitlines() if split_line(line)]


def replay_json(text: str) -> dict:
    result = replay_text(text)
    assert result.ok, result.error_text()
    return to_json(result.session.state)


# ---------------------------------------------------------------- the store


def test_each_accepted_line_is_stored_and_refused_ones_are_not(tmp_path):
    store = Store(tmp_path / "s.db")
    live = LiveSession.open(store, "a", create=True)
    for line in commands_of(EXAMPLE)[:9]:
        live.enter(line)
    with pytest.raises(RuleViolation):
        live.enter("bet 3 49500")
    with pytest.raises(NotationError):
        live.enter("bet 3 5kk")
    live.enter("bet 3 5k; deal 9 [K] 6")
    rows = store.events(store.get("a"))
    assert [r.seq for r in rows] == list(range(1, 12))
    assert rows[-2].text == "bet 3 5k" and rows[-1].text == "deal 9 [K] 6"
    assert json.loads(rows[-1].event) == {"command": "Deal", "cards": ["9", "[K]", "6"]}
    assert store.get("a").games == 1


def test_every_connection_is_wal_with_synchronous_full(tmp_path):
    store = Store(tmp_path / "s.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_resume_rebuilds_the_state_and_undo_survives_a_restart(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "a", create=True)
    for line in commands_of(EXAMPLE)[:14]:
        live.enter(line)
    before = to_json(live.state)
    again = LiveSession.open(Store(path), "a")
    assert to_json(again.state) == before
    again.enter("undo")
    again.enter("undo")
    third = LiveSession.open(Store(path), "a")
    assert len(third.session.events) == 12
    for line in commands_of(EXAMPLE)[12:]:
        third.enter(line)
    assert to_json(third.state) == replay_json(EXAMPLE)


def test_a_gap_in_the_sequence_is_refused_on_load(tmp_path):
    path = tmp_path / "s.db"
    live = LiveSession.open(Store(path), "a", create=True)
    for line in commands_of(EXAMPLE)[:5]:
        live.enter(line)
    with sqlite3.connect(path) as conn:
        conn.execute("delete from events where seq = 3")
    with pytest.raises(SessionError) as info:
        LiveSession.open(Store(path), "a")
    assert "event 3 is missing" in str(info.value)


def test_export_replays_to_the_same_json_and_import_is_all_or_nothing(tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    script = tmp_path / "example.txt"
    script.write_text(EXAMPLE, encoding="utf-8")
    result = runner.invoke(cli, ["import", str(script), "--session", "ex", "--db", db])
    assert result.exit_code == 0, result.output
    exported = runner.invoke(cli, ["export", "ex", "--db", db]).output
    assert replay_json(exported) == replay_json(EXAMPLE)
    bad = tmp_path / "bad.txt"
    bad.write_text(EXAMPLE.replace("bet 3 5k", "bet 3 49500"), encoding="utf-8")
    result = runner.invoke(cli, ["import", str(bad), "--session", "bad", "--db", db])
    assert result.exit_code == 2 and "BET-3" in result.output
    assert Store(db).find("bad") is None
    listing = runner.invoke(cli, ["sessions", "--db", db]).output
    assert "ex" in listing and "975,000" in listing and "running" in listing


def test_db_location_from_the_environment(tmp_path, monkeypatch):
    from dealer_assist.store import default_path

    monkeypatch.setenv("DEALER_ASSIST_DB", str(tmp_path / "env.db"))
    assert default_path() == tmp_path / "env.db"
    monkeypatch.delenv("DEALER_ASSIST_DB")
    assert default_path().name == "sessions.db"


def test_play_reads_a_pipe(tmp_path):
    db = str(tmp_path / "s.db")
    text = EXAMPLE.replace("3 st\n", "3 st\nbet 1 5k\n")  # one refused line in the middle
    out = subprocess.run(EXE + ["play", "--db", db, "--session", "p"], input=text, capture_output=True,
                         text=True, env={**os.environ, "COLUMNS": "120"})  # fmt: skip
    assert out.returncode == 2  # a line was refused
    assert "DRAW-2" in out.stdout and "✗ BET-1" in out.stdout
    exported = subprocess.run(EXE + ["export", "p", "--db", db], capture_output=True, text=True).stdout
    assert replay_json(exported) == replay_json(EXAMPLE)


def test_play_from_a_script_then_continue(tmp_path):
    db = str(tmp_path / "s.db")
    head = "\n".join(commands_of(EXAMPLE)[:14])
    script = tmp_path / "head.txt"
    script.write_text(head, encoding="utf-8")
    tail = "\n".join(commands_of(EXAMPLE)[14:]) + "\n"
    out = subprocess.run(EXE + ["play", "--db", db, "--session", "f", "--from", str(script)], input=tail,
                         capture_output=True, text=True)  # fmt: skip
    assert out.returncode == 0, out.stderr
    exported = subprocess.run(EXE + ["export", "f", "--db", db], capture_output=True, text=True).stdout
    assert replay_json(exported) == replay_json(EXAMPLE)


# ---------------------------------------------------------------- TIME-1 clocks


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_time_1_clocks_and_the_commands_they_offer(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "c", create=True)
    for line in commands_of(EXAMPLE)[:8]:
        live.enter(line)  # game started, box 1 has bet
    fake = FakeTime()
    clocks = Clocks(fake)
    assert clocks.remaining(live) == ("bets", 90, "bet 3 -")
    fake.now += 91
    assert clocks.remaining(live)[1] < 0
    live.enter("bet 3 5k")
    for line in ("deal 9 [K] 6", "deal 8 [5] A"):  # the dealer shows 6 with an open A: no check
        live.enter(line)
    assert clocks.remaining(live) == ("actions", 210, "timeup")
    live.enter("1 st")
    fake.now += 100
    assert clocks.remaining(live)[1] == 110  # the same window: it keeps running
    surrender = LiveSession.open(Store(tmp_path / "s.db"), "d", create=True)
    for line in commands_of(EXAMPLE)[:9] + ["deal 9 [K] A", "deal 8 [5] [?]"]:
        surrender.enter(line)
    assert clock(surrender.state).name == "surrender" and clock(surrender.state).offer == "go"
    assert clock(surrender.state).seconds == 60


def test_time_1_a_run_out_clock_is_announced_and_its_command_offered(tmp_path):
    from dealer_assist.prompt import toolbar_html

    live = LiveSession.open(Store(tmp_path / "s.db"), "c", create=True)
    for line in commands_of(EXAMPLE)[:8]:
        live.enter(line)
    fake = FakeTime()
    clocks = Clocks(fake)
    assert "⏱ bets 1:30" in toolbar_html(live, clocks) and clocks.offer(live) is None
    fake.now += 90
    assert "the bets time is up (TIME-1): F2 → bet 3 -" in toolbar_html(live, clocks)
    offer = clocks.offer(live)
    assert offer == "bet 3 -"
    live.enter(offer)  # the dealer confirms: recorded like any other command
    assert live.store.events(live.row)[-1].text == "bet 3 -"


def test_time_1_future_sight_adds_60_seconds(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "c", create=True)
    for line in commands_of(EXAMPLE.replace("skill under on", "skill under on\nskill mp 1"))[:12]:
        live.enter(line)
    assert clock(live.state).seconds == 210
    live.enter("1 foresight [7]")
    assert clock(live.state).seconds == 270


def test_suggestions_follow_the_game(tmp_path):
    live = LiveSession.open(Store(tmp_path / "s.db"), "s", create=True)
    assert "quest " in suggestions(live.state)
    for line in commands_of(EXAMPLE)[:11]:
        live.enter(line)
    assert suggestions(live.state)[:4] == ["1 ht ", "1 st", "1 dd ", "1 sr"]


# ---------------------------------------------------------------- the prompt, from a terminal


def spawn(db: str, name: str) -> pexpect.spawn:
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(EXE[0], EXE[1:] + ["play", "--db", db, "--session", name], env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 120))  # fmt: skip
    child.expect(f"{name}>")
    return child


def type_line(child: pexpect.spawn, name: str, line: str, *, expect: str | None = None) -> None:
    child.sendline(line)
    if expect is not None:
        child.expect(expect)
    child.expect(f"{name}>")


def test_the_live_prompt_typo_undo_kill_9_and_resume(tmp_path):
    db = str(tmp_path / "live.db")
    lines = commands_of(EXAMPLE)
    child = spawn(db, "stream")
    for line in lines[:9]:  # setup, game and the bets
        type_line(child, "stream", line)
    type_line(child, "stream", "deal 9 [K] 66", expect="cannot read '66' as a card")  # a typo: refused
    type_line(child, "stream", "deal 9 [K] 6")
    type_line(child, "stream", "deal 8 [5] [?]", expect="BASE-4")  # box 1 to act
    type_line(child, "stream", "1 ht 3", expect="hand 1 hits")  # a mistake ...
    type_line(child, "stream", "undo", expect="undo")  # ... taken back
    type_line(child, "stream", "1 st", expect="hand 1 stands on 17")
    os.kill(child.pid, signal.SIGKILL)  # the laptop dies
    child.expect(pexpect.EOF)
    child = spawn(db, "stream")  # resume: everything acknowledged is there
    assert "box 3 (ben): 15 vs 6" in child.before
    for line in lines[12:]:
        type_line(child, "stream", line)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    exported = subprocess.run(EXE + ["export", "stream", "--db", db], capture_output=True, text=True).stdout
    commands = "\n".join(line for line in exported.splitlines() if not line.startswith("#"))
    assert "1 ht 3\nundo\n" in exported and "66" not in commands
    assert replay_json(exported) == replay_json(EXAMPLE)
