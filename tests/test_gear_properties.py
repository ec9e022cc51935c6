"""Blackjack Gear's invariants on random legal matches (walked through the prompt's own offers,
as the conformance tests walk every table): HP stays within 0–5, PP within 0–10, a hand within
five gears, the placed gears within five a side; a removed gear leaves no effect behind unless
its data says so (``!``); the players' view never holds a face-down card before the showdown."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_conformance import walk

from dealer_assist import notation as n
from dealer_assist.core.session import Session
from dealer_assist.tables.gear import apply
from dealer_assist.tables.gear.state import HAND, HP, PLACED, PP_MAX, Phase

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
def test_the_bounds_hold_after_every_command(seed):
    for state in _states(walk("gear", seed, steps=140)):
        for seat in (1, 2):
            p = state.player(seat)
            assert 0 <= p.hp <= HP and 0 <= p.pp <= p.pp_max <= PP_MAX and len(p.hand) <= HAND
            assert sum(1 for g in state.placed if g.owner == seat) <= PLACED
        placed = {g.id for g in state.placed}
        for mod in state.mods:  # every change lasts with its placed gear, or for the round (consumable, or !)
            assert mod.source is None or mod.source in placed


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_players_view_never_holds_a_face_down_card(seed):
    for state in _states(walk("gear", seed, steps=140)):
        view = apply.players_view(state)
        if state.phase in (Phase.DEAL, Phase.TURN, Phase.FLIP):
            for p, seat in zip(view["players"], (1, 2)):
                if p["cards"]:
                    assert p["cards"][0] == "[?]", view
                    assert "hand" not in p and "deck" not in p and "lives" not in p
        # the same view whatever the face-down cards and the hands are
        assert apply.players_view(apply.secrets_changed(state)) == view
