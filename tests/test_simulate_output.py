"""`simulate` on a stream (issue 17): Ctrl-C to the whole process group stops it — also while
its workers are starting —, the progress bar moves from the first hand with the time left, and
`simulate quest` ranks the dealer's rolls only among those with enough quests, each with its
95% interval."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from dealer_assist.sim.words import lines, percent
from dealer_assist.tables.casino.simulation.run import CASINO_CHUNK
from dealer_assist.tables.onemillion.simulation.run import simulate_quest
from dealer_assist.tables.onemillion.simulation.words import RANKED_QUESTS

ENV = {**os.environ, "DEALER_ASSIST_LANG": "en", "COLUMNS": "160"}

# The run, with the gap between a pool worker's fork and its start (where it used to take the
# Ctrl-C itself, die, and be replaced behind the main process's back) made wide.
SLOW_START = """
import sys, time
import multiprocessing.pool as pool
start = pool.worker
def worker(*args, **kwargs):
    time.sleep(1.5)
    return start(*args, **kwargs)
pool.worker = worker
sys.argv = ["dealer-assist", "simulate", *sys.argv[1:]]
from dealer_assist.cli import main
main()
"""


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_ctrl_c_to_the_process_group_while_the_workers_start_stops_every_process():
    args = ["casino", "--hands", "10000000", "--workers", "2", "--lang", "en"]
    proc = subprocess.Popen([sys.executable, "-c", SLOW_START, *args], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # fmt: skip
    try:
        for _ in range(600):  # until the pool has forked its workers (they are in their slow start)
            if len(_children(proc.pid)) >= 2:
                break
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail("simulate still runs 20 s after Ctrl-C to its process group")
        assert proc.returncode == 1, out
        assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
        assert re.fullmatch(r"Error: stopped \(Ctrl-C\) after \d+ of \d+: .*\n", out), out
        for _ in range(100):
            if not _group_alive(proc.pid):
                break
            time.sleep(0.05)
        else:
            pytest.fail("a worker outlived the run")
    finally:
        if _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


ENDLESS = """
import time
from dealer_assist.sim import runner
try:
    from dealer_assist.sim.progress import tick
except ImportError:  # a tool without the workers' ticks
    def tick(count=1):
        pass

def endless(task):  # a chunk that never ends, ticking as the real ones do
    while True:
        time.sleep(0.01)
        tick()

runner.run_tasks(endless, [{}, {}], 2)
"""


def test_a_worker_stops_when_its_main_process_is_gone():
    """A worker never plays on alone: its main process killed, it ends at its next tick."""
    proc = subprocess.Popen([sys.executable, "-c", ENDLESS], env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    try:
        for _ in range(600):
            if len(_children(proc.pid)) >= 2:
                break
            time.sleep(0.02)
        else:
            pytest.fail("the pool did not start")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        for _ in range(200):
            if not _group_alive(proc.pid):
                break
            time.sleep(0.05)
        else:
            pytest.fail("a worker played on after its main process was killed")
    finally:
        if _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_bar_moves_from_the_first_hand_with_the_time_left(workers):
    """One chunk of hands (20,000) used to leave the bar at 0 until it returned; now it moves as
    the workers play, and the time left is estimated before the end."""
    hands = str(CASINO_CHUNK * (1 if workers == "1" else 2))
    command = [sys.executable, "-m", "dealer_assist", "simulate", "casino", "--hands", hands, "--workers", workers]
    shown = subprocess.run(command, env={**ENV, "FORCE_COLOR": "1"}, capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0, shown.stderr
    frames = re.findall(r"(\d+)/" + hands + r"\D[^\r\n]*?(\d+:\d\d:\d\d|-:--:--)\s*(?:\x1b\[[0-9;]*m)*\s*(\d+:\d\d:\d\d|-:--:--)",
                        re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", shown.stderr))  # fmt: skip
    moving = [(int(done), left) for done, _, left in frames if 0 < int(done) < CASINO_CHUNK]
    assert moving, shown.stderr[-3000:]
    assert any(left != "-:--:--" for _, left in moving), moving


def test_the_dealers_rolls_are_ranked_only_with_enough_quests_each_with_its_interval():
    few = simulate_quest("normal", None, 8, 60, seed=3, workers=1, bet=1.0)  # 21 rolls, none with 30 quests
    for lang, words in (("en", "too few quests to rank"), ("ja", "順位はつけられません")):
        said = [line for line in lines(few, lang) if "By the dealer's dice" in line or "ダイス別" in line]
        assert len(said) == 1 and words in said[0], said
        assert "best" not in said[0] and "最もよい" not in said[0]
    many = simulate_quest("easy", None, 8, 200, seed=3, workers=1, bet=1.0)  # one die: six rolls
    ranked = {faces: g for faces, g in many["by_dice"].items() if g["quests"] >= RANKED_QUESTS}
    assert len(ranked) >= 2 and len(ranked) < len(many["by_dice"]) + 1
    best = max(ranked, key=lambda f: (ranked[f]["success"], f))
    said = next(line for line in lines(many, "en") if "By the dealer's dice" in line)
    low, high = (percent(v, 1) for v in ranked[best]["ci95"])
    assert f"best {best}, {percent(ranked[best]['success'], 1)} [{low}, {high}] of {ranked[best]['quests']} quests" in said
    ja = next(line for line in lines(many, "ja") if "ダイス別" in line)
    assert f"95%信頼区間 {low}～{high}" in ja
    small = [f for f, g in many["by_dice"].items() if g["quests"] < RANKED_QUESTS]
    for faces in small:  # a roll met too rarely is never named best or worst
        assert f"best {faces}," not in said and f"worst {faces}," not in said
