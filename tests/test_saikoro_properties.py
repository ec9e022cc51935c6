"""Saikoro's invariants on random legal sessions (walked through the prompt's own offers, as
the conformance tests walk every table): the points are conserved — the players' points plus
the riichi sticks on the table stay 50,000 a player — and the chips sum to zero, after every
command, through wins, dice, draws, chombos, bust prizes and the final table."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_conformance import walk

from dealer_assist import notation as n
from dealer_assist.core.session import Session
from dealer_assist.tables.saikoro.options import START, STICK

SETTINGS = settings(max_examples=int(os.environ.get("DEALER_ASSIST_EXAMPLES", "60")) // 3 or 1, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


def _states(lines: list[str]):
    session = Session()
    for line in lines:
        for cmd in n.parse_line(line):
            session.submit(cmd)
            yield session.state


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_points_are_conserved_and_chips_sum_to_zero(seed):
    lines = walk("saikoro", seed, steps=120)
    for state in _states(lines):
        seated = state.seated
        if not seated:
            continue
        assert sum(state.points[s - 1] for s in seated) + state.sticks * STICK == START * len(seated)
        assert sum(state.chips) == 0
        if state.over:
            assert sum(r["total_points"] for r in state.final) == 0


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_settled_hand_keeps_its_rolls_and_the_points_after_it(seed):
    lines = walk("saikoro", seed, steps=120)
    state = list(_states(lines))[-1]
    for hand in state.history:
        for win in hand["wins"]:
            assert win["rolls"], hand  # every win was rolled (SAI-6: the roll is forced)
            assert all(len(r) == win["dice"] for r in win["rolls"])
        assert sum(hand["chips"]) == 0  # the chips after the hand, as the store keeps them
