"""`simulate --scheduler`: the same seeded chunks on a Dask cluster (issue 24, past one
machine). A local cluster of two worker processes: the same figures as the pool, a worker
killed mid-run, Ctrl-C and cancelling, ``--scheduler local`` through the command line, the
errors as sentences; and without ``--scheduler`` nothing of Dask is imported."""

from __future__ import annotations

import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from helpers import assert_group_ends

pytest.importorskip("distributed", reason="Dask's distributed is not installed (pip install '.[cluster]' or '.[test]')")

from distributed import Client, LocalCluster  # noqa: E402

from dealer_assist.cli import cli  # noqa: E402
from dealer_assist.sim import cluster as sim_cluster  # noqa: E402
from dealer_assist.sim import runner  # noqa: E402
from dealer_assist.sim.runner import SimulationError  # noqa: E402
from dealer_assist.tables.casino.simulation.run import simulate_casino, simulate_game  # noqa: E402

# a local cluster's HTTP server takes another port when 8787 is taken (another cluster, another run)
pytestmark = pytest.mark.filterwarnings("ignore:Port .* is already in use:UserWarning")

TIMINGS = {"seconds", "hands_per_second", "hands_per_second_per_worker", "games_per_second", "quests_per_second",
           "workers"}  # fmt: skip


def figures(result: dict) -> dict:
    """A result without its timings (and the number of workers)."""
    return {k: v for k, v in result.items() if k not in TIMINGS}


def _cluster(workers: int = 2) -> LocalCluster:
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                        silence_logs=logging.ERROR)  # fmt: skip


@pytest.fixture(scope="module")
def two_workers():
    cluster = _cluster()
    try:
        yield cluster
    finally:
        cluster.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(*args: str):
    result = CliRunner().invoke(cli, ["simulate", *args], env={"COLUMNS": "120"})
    return result.exit_code, result.output


# --------------------------------------------------------------------------- the same figures


def test_a_cluster_gives_the_figures_of_one_worker_and_of_the_pool(two_workers):
    local_one = simulate_casino("basic", "continuous", 6_000, seed=5, workers=1, chunk=500)
    local_two = simulate_casino("basic", "continuous", 6_000, seed=5, workers=2, chunk=500)
    with runner.on_scheduler(two_workers.scheduler_address) as workers:
        assert workers == 2
        seen = []
        on_cluster = simulate_casino("basic", "continuous", 6_000, seed=5, workers=workers, chunk=500,
                                     progress=lambda done, total, estimate: seen.append((done, estimate)))  # fmt: skip
        game = simulate_game("basic", "reshuffle", 60, opponents=1, seed=2, workers=workers, chunk=10)
    assert figures(on_cluster) == figures(local_one) == figures(local_two)
    assert on_cluster["workers"] == 2
    assert figures(game) == figures(simulate_game("basic", "reshuffle", 60, opponents=1, seed=2, workers=1, chunk=10))
    # the bar and the estimate come from the futures as they complete: one step per chunk
    assert len(seen) == 12 and [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1][0] == 6_000
    assert all(estimate is not None for _, estimate in seen)


def test_chunks_with_the_same_arguments_are_not_merged(two_workers):
    """Two runs of the same seed at once: each chunk is its own future (its own key,
    ``pure=False``), so each run gets all of its chunks."""
    calls = []

    def echo(task: dict) -> dict:
        return {"task": task}

    with Client(two_workers.scheduler_address, set_as_default=False) as client:
        tasks = [{"seed": 1, "index": 0}] * 4  # the very same arguments four times
        first = sim_cluster.run(client, echo, tasks, calls.append)
        assert len(calls) == 4 and first == [{"task": task} for task in tasks]


def test_a_worker_killed_mid_run_has_its_chunks_run_again_and_the_result_is_unchanged():
    expected = simulate_casino("basic", "continuous", 12_000, seed=9, workers=1, chunk=500)
    cluster = _cluster()
    try:
        killed: list[int] = []

        def progress(done, total, estimate) -> None:
            if estimate is not None and not killed:  # the first futures are in: kill a worker now
                nanny = next(iter(cluster.workers.values()))
                pid = nanny.process.process.pid
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        with runner.on_scheduler(cluster.scheduler_address) as workers:
            result = simulate_casino("basic", "continuous", 12_000, seed=9, workers=workers, chunk=500,
                                     progress=progress)  # fmt: skip
        assert killed
        with pytest.raises(ProcessLookupError):
            os.kill(killed[0], 0)
        assert figures(result) == figures(expected)
    finally:
        cluster.close()


# --------------------------------------------------------------------------- Ctrl-C


def test_ctrl_c_cancels_every_future_of_the_run(two_workers):
    def progress(done, total, estimate) -> None:
        if estimate is not None:
            raise KeyboardInterrupt

    with runner.on_scheduler(two_workers.scheduler_address) as workers:
        with pytest.raises(KeyboardInterrupt):
            simulate_casino("basic", "continuous", 400_000, seed=1, workers=workers, chunk=500, progress=progress)
    with Client(two_workers.scheduler_address, set_as_default=False) as client:
        for _ in range(50):  # nothing of the run is left on the scheduler
            left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
            if left == 0:
                break
            time.sleep(0.1)
        assert left == 0


def _takes_ctrl_c(pid: int) -> bool:
    """The process takes SIGINT again: it ignores it while its local cluster starts (so that the
    workers start ignoring it)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            ignored = next(line for line in status if line.startswith("SigIgn:"))
    except (OSError, StopIteration):
        return True
    return not int(ignored.split()[1], 16) & (1 << (signal.SIGINT - 1))


def test_ctrl_c_at_a_terminal_stops_a_local_cluster_with_one_sentence():
    """Ctrl-C reaches the whole process group: the local workers ignore it, the main process
    cancels the futures, closes the cluster and says how far the run got — no traceback from
    any process, no worker left behind."""
    command = [sys.executable, "-m", "dealer_assist", "simulate", "casino", "--hands", "10000000", "--workers", "2",
               "--scheduler", "local", "--lang", "en"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and _takes_ctrl_c(proc.pid):  # the local cluster starts
            time.sleep(0.02)
        while time.monotonic() < deadline and not _takes_ctrl_c(proc.pid):  # it is up
            time.sleep(0.1)
        time.sleep(1)  # the cluster is running the chunks
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 1, out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert re.fullmatch(r"Error: stopped \(Ctrl-C\) after \d+ of 10000000: every chunk still on the cluster was "
                        r"cancelled; no result is printed\n", out), out  # fmt: skip
    assert_group_ends(proc.pid, 10)  # the workers are gone with the main process


# --------------------------------------------------------------------------- the command line


def test_scheduler_local_through_the_command_line():
    import json

    code, out = run("casino", "--hands", "3000", "--seed", "5", "--scheduler", "local", "--workers", "2", "--json")
    assert code == 0, out
    result = json.loads(out)
    assert result["workers"] == 2
    assert figures(result) == figures(simulate_casino("basic", "continuous", 3_000, seed=5, workers=1))


def test_a_running_cluster_through_the_command_line(two_workers):
    import json

    code, out = run("casino", "--hands", "1500", "--seed", "3", "--scheduler", two_workers.scheduler_address, "--json")
    assert code == 0, out
    assert figures(json.loads(out)) == figures(simulate_casino("basic", "continuous", 1_500, seed=3, workers=1))


@pytest.mark.parametrize("address", ["nonsense://host:8786", "host-without-a-port", "tcp://", "tcp://host:99999"])
def test_a_bad_address_is_one_sentence(address):
    code, out = run("casino", "--hands", "100", "--scheduler", address, "--lang", "en")
    assert code == 1 and "Traceback" not in out
    assert out == f"Error: cannot read the scheduler's address {address}: expected tcp://HOST:PORT (a Dask scheduler " \
                  "listens on 8786), HOST:PORT, or local\n"  # fmt: skip


def test_a_scheduler_that_cannot_be_reached_is_one_sentence(monkeypatch):
    monkeypatch.setattr(sim_cluster, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    code, out = run("casino", "--hands", "100", "--scheduler", address, "--lang", "en")
    assert code == 1 and "Traceback" not in out and time.monotonic() - started < 15
    assert out.startswith(f"Error: cannot reach a Dask scheduler at {address} (tried for 1 s)"), out
    code, out = run("casino", "--hands", "100", "--scheduler", address, "--lang", "ja")
    assert code == 1 and "Dask スケジューラーに接続できません" in out, out


def test_a_scheduler_without_workers_is_one_sentence(monkeypatch):
    monkeypatch.setattr(sim_cluster, "CONNECT_SECONDS", 1)
    empty = _cluster(0)
    try:
        code, out = run("casino", "--hands", "100", "--scheduler", empty.scheduler_address, "--lang", "en")
    finally:
        empty.close()
    assert code == 1 and "has no workers" in out and "dask worker" in out, out


def test_workers_is_refused_with_a_remote_scheduler():
    code, out = run("casino", "--hands", "100", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2")
    assert code == 1 and "--workers" in out and "own workers" in out and "Traceback" not in out, out


def test_without_distributed_the_sentence_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    code, out = run("casino", "--hands", "100", "--scheduler", "local", "--lang", "en")
    assert code == 1 and out == "Error: --scheduler needs Dask's distributed package: pip install " \
                                "'dealer-assist[cluster]'\n", out  # fmt: skip
    with pytest.raises(SimulationError) as caught:
        with runner.on_scheduler("local"):
            pass
    assert caught.value.key == "sim.cluster.missing"


def test_simulate_without_scheduler_imports_nothing_of_dask():
    code = ("import sys\n"
            "from dealer_assist.cli import cli\n"
            "try:\n"
            "    cli.main(['simulate', 'casino', '--hands', '500', '--workers', '2', '--json'], standalone_mode=False)\n"
            "finally:\n"
            "    dask = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
            "    print('DASK', dask, file=sys.stderr)\n")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"hands": 500' in done.stdout
    assert "DASK []" in done.stderr, done.stderr
