"""The benchmarks run in CI only as a smoke run (issue 20): each one, at tiny sizes, ends
without an error and prints each figure beside its target (`met` / `NOT MET`). No target is
enforced here, and nothing is timed: the benchmarks themselves are the measure."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"
VERDICT = re.compile(r"target [^:]+: (met|NOT MET|too short to tell)\b")


def smoke(name: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
    done = subprocess.run([sys.executable, str(BENCHMARKS / name), "--quick", *args], capture_output=True, text=True,
                          env=env, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def targets(shown: str) -> list[str]:
    """The lines that name a target; each must end with its verdict."""
    found = [line for line in shown.splitlines() if "target" in line]
    assert all(VERDICT.search(line) for line in found), shown
    return found


def test_bench_replay_times_in_process_the_whole_process_and_the_cold_start():
    shown = smoke("bench_replay.py")
    assert "as a whole process (replay FILE --json)" in shown
    assert "python -c pass" in shown and "dealer-assist --help" in shown
    found = targets(shown)
    assert any("whole process" in line for line in found) and any("commands/s" in line for line in found), shown
    assert any("dealer-assist --help" in line for line in found), shown


def test_bench_resume_runs_at_tiny_sizes():
    shown = smoke("bench_resume.py")
    assert len(targets(shown)) == 2, shown


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (pexpect) is POSIX only")
def test_bench_live_drives_play_in_a_pty_and_times_the_whole_process():
    shown = smoke("bench_live.py")
    assert "start to the first prompt" in shown and "start to exit" in shown
    assert "a typed line in a pty" in shown and "beyond an empty Enter" in shown
    assert "one keystroke" in shown and "its completion drawn" in shown
    assert "one command on top of" in shown  # the in-process figure is still there
    found = targets(shown)
    assert len(found) >= 6, shown


def test_bench_odds_prints_the_dealers_outcomes_and_the_actions_beside_their_targets():
    shown = smoke("bench_odds.py")
    found = targets(shown)
    assert any("dealer's outcomes" in line for line in found) and any("actions" in line for line in found), shown


def test_bench_odds_onemillion_prints_the_dealers_outcomes_and_the_actions_beside_their_targets():
    shown = smoke("bench_odds_onemillion.py")
    found = targets(shown)
    assert any("dealer's outcomes" in line for line in found) and any("actions" in line for line in found), shown
    assert "the viewers' view" in shown and "shared tables built first" in shown
