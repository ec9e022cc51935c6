"""Issue 23: the memory of the hand on turn's weighings, kept by the process between figures.

A weighing (``odds_rows``) makes arrays of a row per hand reached — a small pair's split reaches
~50,000 hands, ~10 MB an array. The C library hands arrays that large out of fresh pages of the
system (and gives them back when they are freed), and each first touch of a fresh page costs a
fault: ~2–3 µs in this machine, several milliseconds for one weighing, the larger part of a split's
time when its arrays are new. So before the first figures (``odds.warm``, the live session's odds
thread: ``Ruleset.warm_odds``) the C library is told to keep what is freed and to serve arrays
that size from its own heap (``mallopt``), and a reserve is touched once and freed: the weighings
after it take pages the process already holds. Where the C library has no ``mallopt`` (not glibc),
nothing is done: the figures are the same, some of them slower.
"""

from __future__ import annotations

import ctypes
import sys
import threading

import numpy as np

M_TRIM_THRESHOLD = -1  # glibc's malloc.h: free memory kept on top of the heap, up to this
M_MMAP_THRESHOLD = -3  # allocations from this size are mapped pages of their own
LARGEST = 32 << 20  # glibc's most for M_MMAP_THRESHOLD: a tree's arrays are all smaller
KEPT = 1 << 30  # free memory the heap keeps rather than give back
RESERVE = 128 << 20  # touched once: more than one hand on turn's weighings hold at a time
_kept: set[int] = set()  # the threads done (each thread's arrays come from its own arena)


def keep() -> bool:
    """The C library told to keep freed memory, and the reserve touched, in this thread (once
    per thread); False where that cannot be done (not glibc)."""
    thread = threading.get_ident()
    if thread in _kept:
        return True
    mallopt = _mallopt()
    if mallopt is None or not (mallopt(M_MMAP_THRESHOLD, LARGEST) and mallopt(M_TRIM_THRESHOLD, KEPT)):
        return False
    _kept.add(thread)
    block = 4 << 20
    reserve = [np.ones(block // 8) for _ in range(RESERVE // block)]  # each page touched
    del reserve  # freed into the heap, which keeps it
    return True


def _mallopt():
    if not sys.platform.startswith("linux"):
        return None
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the process's own C library (no search for it)
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return None
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return mallopt
