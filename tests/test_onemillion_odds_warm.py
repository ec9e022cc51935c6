"""Issue 23: what ``odds.warm`` builds before the first figures is what the figures then use — a
pair's split's share with its hit (``odds_rows.prepare_split``), and the weighings' memory kept
by the process (``odds_memory``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dealer_assist.core.table import Viewpoint
from dealer_assist.replay import replay_text
from dealer_assist.tables.onemillion import odds, odds_pool, odds_reached, odds_rows
from dealer_assist.tables.onemillion.odds_hand import actions

PAIR = "quest normal\ndice 1 2\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal {a} 6\ndeal {a} [?]\n"


@pytest.mark.parametrize(("a", "first"), [("2", 1), ("4", 3), ("T", 9), ("A", 0)])
def test_play_5_a_pairs_split_shares_with_its_hit_what_warm_built(a, first):
    state = replay_text(PAIR.format(a=a)).session.state
    table = odds._Table(state, Viewpoint.DEALER, odds_pool.pool(state, Viewpoint.DEALER))
    hand = odds._on_turn(state)
    odds_rows._parts.clear()
    odds_reached._pairs.clear()
    odds_rows.prepare_split(first)
    pairs, parts = dict(odds_reached._pairs), dict(odds_rows._parts)
    assert len(pairs) == 2  # which of the hit's hands and the double's the split holds
    if a == "A":  # split aces take one card (PLAY-7): the hit's other hands, by the most jokers held
        assert parts
    values = actions(table, hand)
    assert {"sp", "ht"} <= values.keys()
    # the split and the hit built nothing of their own to share
    assert odds_reached._pairs.keys() == pairs.keys() and odds_rows._parts.keys() == parts.keys()


FAULTS = """
import resource, sys
import numpy as np
from dealer_assist.tables.onemillion import odds_memory
kept = odds_memory.keep() if sys.argv[1] == "keep" else None
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(3):  # a weighing's arrays, made and freed, three times over
    arrays = [np.ones(1 << 19) for _ in range(16)]
    del arrays
print(kept, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> tuple[str, int]:
    done = subprocess.run([sys.executable, "-c", FAULTS, mode], capture_output=True, text=True, check=True)
    kept, faults = done.stdout.split()
    return kept, int(faults)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_the_weighings_memory_is_kept_by_the_process_no_fresh_page_for_each_array():
    kept, faults = _faults("keep")
    if kept == "False":
        pytest.skip("this C library has no mallopt")
    _, unkept = _faults("as is")
    pages = 3 * 16 * (4 << 20) // 4096
    if unkept <= pages // 4:
        pytest.skip("this C library keeps freed pages by itself")
    # as the C library does by itself, fresh pages faulted in again; kept, the reserve's taken again
    assert faults < pages // 20 < unkept
