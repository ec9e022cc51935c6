"""Issue 17: a second `play` opened while another window writes must not report a false
"hash chain broken": the chain check reads the events and the stored head as one state.

Reproduced with two processes: this one opens the database and starts checking the chain;
right after it has read the events, another process stores a line (the other window)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.store import Store

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "sample_sessions" / "notation_example.txt"
EXE = [sys.executable, "-m", "dealer_assist"]


def run(*args: str, input: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200", "DEALER_ASSIST_LANG": "en"}
    return subprocess.run(EXE + list(args), input=input, capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture()
def db(tmp_path) -> Path:
    path = tmp_path / "sessions.db"
    assert run("import", str(EXAMPLE), "--session", "q1", "--db", str(path)).returncode == 0
    return path


@pytest.mark.parametrize("readonly", [False, True])
def test_the_chain_check_of_a_second_window_sees_one_state_while_the_first_writes(db, monkeypatch, readonly):
    second = Store(db, readonly=readonly)  # `play` opens it writable, `verify`/`report` read-only
    row = second.get("q1")
    read_events = Store._event_rows
    wrote = []

    def then_the_other_window_writes(self, session):
        rows = read_events(self, session)
        if not wrote:  # the first window stores a line between our reads
            done = run("play", "--session", "q1", "--db", str(db), input="note from the first window\n")
            wrote.append(done.returncode)
        return rows

    monkeypatch.setattr(Store, "_event_rows", then_the_other_window_writes)
    verdict = second.verify(row)
    second.close()
    assert wrote == [0]
    assert verdict.ok, verdict
    assert verdict.events == 16  # the state before the other window's line, whole
    assert run("verify", "q1", "--db", str(db)).returncode == 0  # and 17 events now

