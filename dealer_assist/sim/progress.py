"""How far the workers are inside their chunks, so that the progress bar moves from the first
hand and not only when a chunk returns (``dealer_assist.sim.runner.run_tasks``).

A worker calls ``tick(count)`` as it plays (every ``EVERY`` hands, every game, every quest).
In a pool worker the count goes to a counter shared with the main process, which reads it
while it waits for the chunks; in the main process itself (one worker) it goes straight to
the callback. Nothing here touches the results: the figures depend on the seed only.

A worker whose main process is gone (killed, or stopped by Ctrl-C) stops at its next tick
instead of playing on as an orphan.
"""

from __future__ import annotations

import os
from typing import Any, Callable

EVERY = 500  # hands between two ticks, for a worker that ticks per hand

_SHARED: list[Any] = [None]  # the multiprocessing.Value of a pool worker
_PARENT: list[int | None] = [None]  # the main process of a pool worker
_LOCAL: list[Callable[[int], None] | None] = [None]  # the callback when the work runs in this process
_DONE = [0]


def install_worker(counter: Any) -> None:
    """In a pool worker (its initializer): tick into ``counter``."""
    _SHARED[0] = counter
    _PARENT[0] = os.getppid()
    _LOCAL[0] = None


def install_local(callback: Callable[[int], None] | None) -> None:
    """In the main process (one worker): each tick calls ``callback`` with the count so far."""
    _SHARED[0] = None
    _PARENT[0] = None
    _LOCAL[0] = callback
    _DONE[0] = 0


def tick(count: int = 1) -> None:
    if count <= 0:
        return
    counter = _SHARED[0]
    if counter is not None:
        if os.getppid() != _PARENT[0]:  # the main process is gone: stop, do not play on alone
            os._exit(1)
        with counter.get_lock():
            counter.value += count
        return
    callback = _LOCAL[0]
    if callback is not None:
        _DONE[0] += count
        callback(_DONE[0])
