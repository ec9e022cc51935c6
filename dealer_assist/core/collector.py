"""The garbage collector around a long fold: what is loaded kept out of its walks.

A fold allocates many small objects and keeps most of them (each game's record, each
checkpoint), and frees almost nothing in cycles. Python's collector, run every 700 new
objects, walks the young generation each time and, every so often, every object the process
holds — the imported modules, the catalogs, the states already made — to find no garbage.
``gc.freeze`` moves what exists into a generation no collection walks; a higher threshold
for the youngest generation makes each walk rarer. Cycles are still collected, only later.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 20_000  # new objects between two collections of the youngest generation, during a fold


def freeze_loaded() -> None:
    """Keep everything made so far out of every later collection's walk (``gc.freeze``)."""
    gc.freeze()


@contextmanager
def long_fold() -> Iterator[None]:
    """A fold of many commands: what exists frozen, the young generation collected every
    ``YOUNG`` objects instead of 700; afterwards the thresholds restored and everything
    unfrozen again — what the command holds (its store's connection, say) must stay
    collectable, or a connection caught in a cycle would never be closed and its write-ahead
    log never folded back into the database."""
    gc.freeze()
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
