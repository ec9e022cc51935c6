"""Running a simulation's chunks, whatever the table: the checks every run has, the chunks and
their seeds, the pool of workers, the bar's progress, the sums of the chunks.

The work is cut into chunks of a fixed size, each with its own seed (the run's seed and the
chunk's number), so a run's result depends on the seed and the size of the run only — never on
the number of workers or the order in which the chunks finish; the sums are kept in integers,
so adding them up in any order gives the same figures. The workers are processes
(``multiprocessing``); ``workers=1`` runs in this process. Inside ``on_scheduler`` (``simulate
--scheduler``) the same chunks run on a Dask cluster instead (``dealer_assist.sim.cluster``,
imported only then).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from dealer_assist.core.simulation import Progress
from dealer_assist.errors import DealerAssistError

__all__ = ["Progress", "SimulationError", "check_run", "chunks", "default_workers", "merge", "moved", "positive",
           "on_scheduler", "run_tasks"]  # fmt: skip

SEED_MOST = 2**63 - 1
WORKERS_MOST = 256  # the largest --workers
WAIT = 0.1  # seconds between two looks at the workers' progress

_CLIENT: list[Any] = [None]  # the Dask client inside ``on_scheduler``: run_tasks sends the chunks there


class SimulationError(DealerAssistError):
    """A simulation that cannot be run as asked (a bad option value)."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def positive(name: str, value: int, most: int | None = None) -> None:
    """A count from 1 (to ``most``, when it has a largest value: the work list and the results
    stay in memory)."""
    if value < 1:
        raise SimulationError("sim.error.positive", option=name, value=value)
    if most is not None and value > most:
        raise SimulationError("sim.error.range", option=name, least=1, most=most, value=value)


def check_run(seed: int, workers: int | None) -> None:
    """The options every simulation has: ``--seed`` (0 to 2^63 - 1) and ``--workers``."""
    if not 0 <= seed <= SEED_MOST:
        raise SimulationError("sim.error.range", option="--seed", least=0, most=SEED_MOST, value=seed)
    if workers is not None:
        positive("--workers", workers, WORKERS_MOST)


def chunks(total: int, size: int) -> list[tuple[int, int]]:
    """``(first, count)`` of each chunk of ``size`` (the last may be smaller)."""
    return [(first, min(size, total - first)) for first in range(0, total, size)]


def merge(counters: list[dict[Any, int]]) -> dict[Any, int]:
    """The sum of integer counters (in any order, the same sums)."""
    out: dict[Any, int] = {}
    for counter in counters:
        for key, count in counter.items():
            out[key] = out.get(key, 0) + count
    return out


def moved(progress: Progress | None, total: int) -> Callable[[int], None] | None:
    """The bar's move as the workers play (the estimate waits for whole chunks: ``None``)."""
    if progress is None:
        return None
    return lambda done: progress(min(done, total), total, None)


@contextmanager
def on_scheduler(address: str | None, workers: int | None = None) -> Iterator[int | None]:
    """Every ``run_tasks`` inside runs its chunks on the Dask cluster whose scheduler is at
    ``address`` (``local``: a local cluster of ``workers`` processes, started and stopped
    here); yields the number of the cluster's workers. ``None``: nothing changes, the pool
    runs the chunks and nothing more is imported (yields None)."""
    if address is None:
        yield None
        return
    from dealer_assist.sim import cluster

    with cluster.connect(address, workers) as client:
        _CLIENT[0] = client
        try:
            yield cluster.workers_of(client)
        finally:
            _CLIENT[0] = None


def _indexed(job: tuple[Callable[[dict], dict], int, dict]) -> tuple[int, dict]:
    func, index, task = job
    return index, func(task)


def _worker_start(counter) -> None:
    """A pool worker leaves Ctrl-C to the main process, which stops the pool (no traceback from
    every worker). It was forked with SIGINT blocked (``run_tasks``), so a Ctrl-C typed while
    it starts cannot kill it before this; ignored now, a pending one is dropped."""
    import signal

    from dealer_assist.sim import progress

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    progress.install_worker(counter)


def run_tasks(func: Callable[[dict], dict], tasks: list[dict], workers: int,
              on_result: Callable[[dict], None] | None = None,
              on_tick: Callable[[int], None] | None = None) -> list[dict]:  # fmt: skip
    """``func`` over ``tasks`` on ``workers`` processes; the results in the tasks' order.
    ``on_result`` sees each result as it arrives (in any order); ``on_tick`` sees the count
    the workers have done so far, chunks under way included (``sim.progress``).

    Ctrl-C: the pool's workers are forked with SIGINT blocked and then ignore it, so only this
    process takes it; the ``with`` ends the pool (its workers are terminated).

    Inside ``on_scheduler`` the chunks go to the cluster whatever ``workers`` says, and the bar
    moves with each chunk that completes (``on_result``; ``on_tick`` is not called: the
    workers' hands under way stay on their machines)."""
    import signal

    from dealer_assist.sim import progress

    client = _CLIENT[0]
    if client is not None:
        from dealer_assist.sim import cluster

        return cluster.run(client, func, tasks, on_result)

    results: list[dict | None] = [None] * len(tasks)
    if workers <= 1 or len(tasks) <= 1:
        progress.install_local(on_tick)
        try:
            for index, task in enumerate(tasks):
                results[index] = func(task)
                if on_result is not None:
                    on_result(results[index])
        finally:
            progress.install_local(None)
        return results  # type: ignore[return-value]
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    counter = context.Value("q", 0)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(min(workers, len(tasks)), initializer=_worker_start, initargs=(counter,))
        with pool:
            # a Ctrl-C typed while the pool started is taken here, inside the with
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            jobs = [(func, index, task) for index, task in enumerate(tasks)]
            arriving = pool.imap_unordered(_indexed, jobs)
            for _ in range(len(tasks)):
                while True:
                    try:
                        index, result = arriving.next(timeout=WAIT)
                        break
                    except multiprocessing.TimeoutError:
                        if on_tick is not None:
                            on_tick(counter.value)
                results[index] = result
                if on_result is not None:
                    on_result(result)
                if on_tick is not None:
                    on_tick(counter.value)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    return results  # type: ignore[return-value]
