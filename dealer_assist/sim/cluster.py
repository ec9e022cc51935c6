"""A simulation's chunks on a Dask distributed cluster (``simulate --scheduler ADDRESS``).

``connect`` opens a client to the scheduler at ``ADDRESS`` (``local``: a local cluster of
worker processes, started here and stopped at the end); while it is open, every
``runner.run_tasks`` sends its chunks to the cluster (``run``) instead of the pool. The
chunks are the same tasks as the pool's, each with its seed from the run's seed and the
chunk's number (never from the worker that plays it), so a run gives the same figures on one
worker, on the pool and on a cluster of any size.

- Every chunk is one future with its own key (the run's, unique, and the chunk's number) and
  ``pure=False``: two chunks with the same arguments are never merged into one.
- The results are taken as the futures complete (``as_completed``): the bar and the running
  estimate move with each chunk that ends.
- A worker lost mid-run: the scheduler runs its chunks again on the others (Dask's own
  retries); a chunk that took several workers down with it (``KilledWorker``) ends the run.
- Ctrl-C, or any error: every future still under way is cancelled before the error goes on.

``distributed`` is an optional extra (``pip install 'dealer-assist[cluster]'``), imported only
here and only when ``--scheduler`` is given; every failure to reach a cluster is a
``SimulationError`` with a sentence from the catalogs.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from dealer_assist.sim.runner import SimulationError

__all__ = ["LOCAL", "check_address", "connect", "dask_setup", "run", "workers_of"]

LOCAL = "local"  # --scheduler local: a local cluster, started for the run
CONNECT_SECONDS = 10  # how long to try to reach the scheduler, and to wait for its first worker


def _distributed():
    """The ``distributed`` package, or the sentence saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SimulationError("sim.cluster.missing") from None
    return distributed


def check_address(address: str) -> None:
    """``local``, or an address Dask can reach (``tcp://HOST:PORT``, ``HOST:PORT``, ``tls://…``)."""
    if address == LOCAL:
        return
    from distributed.comm import registry
    from distributed.comm.addressing import get_address_host_port, parse_address

    try:
        scheme, _ = parse_address(address)
        registry.get_backend(scheme)
        _, port = get_address_host_port(address)
    except (ValueError, TypeError):
        raise SimulationError("sim.cluster.address", address=address) from None
    if not 0 < port < 65536:
        raise SimulationError("sim.cluster.address", address=address)


@contextmanager
def connect(address: str, workers: int | None = None) -> Iterator[Any]:
    """A client of the cluster at ``address`` (``local``: a local cluster of ``workers``
    processes of one thread each, every core by default), closed at the end; a remote cluster
    has its own workers (``workers`` is refused by the command line)."""
    import logging
    import signal
    import threading

    _distributed()
    check_address(address)
    from distributed import Client

    cluster = None
    if address == LOCAL:
        import warnings

        from distributed import LocalCluster

        from dealer_assist.sim.runner import default_workers

        # Ctrl-C at a terminal reaches the whole process group: the local workers start with
        # it ignored (a disposition their interpreter keeps; ``dask_setup`` keeps it ignored
        # in a worker started again later), so only this process takes it and cancels the run
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            with warnings.catch_warnings():  # its HTTP server takes another port when 8787 is taken
                warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
                cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR,
                                       preload=[__name__])  # fmt: skip
            client = Client(cluster, set_as_default=False)
        except BaseException:
            if cluster is not None:
                cluster.close()
            raise
        finally:
            if main:
                signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
    else:
        try:
            client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except ValueError:
            raise SimulationError("sim.cluster.address", address=address) from None
        except (OSError, TimeoutError):
            raise SimulationError("sim.cluster.unreachable", address=address, seconds=CONNECT_SECONDS) from None
    # a Ctrl-C that falls inside the client's own wait leaves its event loop a callback that fails
    # (distributed's ``sync``); that loop logs it through tornado: the run's one sentence says it all
    loop_log = logging.getLogger("tornado.application")
    level = loop_log.level
    loop_log.setLevel(logging.CRITICAL)
    try:
        if not workers_of(client):
            try:
                client.wait_for_workers(1, timeout=CONNECT_SECONDS)
            except (TimeoutError, OSError):
                raise SimulationError("sim.cluster.no_workers", address=address, seconds=CONNECT_SECONDS) from None
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        loop_log.setLevel(level)


def dask_setup(worker: Any = None) -> None:
    """In a worker of ``--scheduler local`` (a Dask preload: this module): Ctrl-C is the main
    process's, which cancels the run; the worker goes on until it is closed."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def workers_of(client: Any) -> int:
    """The cluster's workers now (the ``workers`` of the result: it may change during a run)."""
    return len(client.scheduler_info(n_workers=-1).get("workers", {}))


def run(client: Any, func: Callable[[dict], dict], tasks: list[dict],
        on_result: Callable[[dict], None] | None = None) -> list[dict]:  # fmt: skip
    """``func`` over ``tasks`` on the cluster of ``client``; the results in the tasks' order,
    ``on_result`` seeing each as it completes (in any order)."""
    import uuid

    from distributed import as_completed
    from distributed.scheduler import KilledWorker
    from distributed.utils import CancelledError

    name = f"dealer-assist-{getattr(func, '__name__', 'chunk')}-{uuid.uuid4().hex}"
    keys = [f"{name}-{index}" for index in range(len(tasks))]
    futures = client.map(func, tasks, key=keys, pure=False)
    index_of = {future.key: index for index, future in enumerate(futures)}
    pending = {future.key: future for future in futures}
    del futures
    results: list[dict | None] = [None] * len(tasks)
    try:
        for future in as_completed(list(pending.values()), loop=client.loop):
            index = index_of[future.key]
            try:
                result = future.result()
            except KilledWorker:
                raise SimulationError("sim.cluster.killed", chunk=index + 1, chunks=len(tasks)) from None
            except CancelledError:  # the scheduler is gone (or cancelled the run)
                raise SimulationError("sim.cluster.lost", done=len(tasks) - len(pending), chunks=len(tasks)) from None
            except ImportError as exc:  # a worker without dealer-assist
                raise SimulationError("sim.cluster.import", error=str(exc)) from None
            results[index] = result
            del pending[future.key]
            future.release()  # the worker may forget the result
            if on_result is not None:
                on_result(result)
    finally:
        if pending:  # Ctrl-C or an error: nothing of the run goes on on the cluster
            try:
                client.cancel(list(pending.values()), force=True, reason="dealer-assist: the run was stopped")
            except Exception:  # pragma: no cover - the scheduler is gone already
                pass
    return results  # type: ignore[return-value]
