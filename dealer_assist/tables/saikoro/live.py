"""Issue 23 at the Saikoro table: the roll's result distribution for the winner on turn, and the
points and chips the winner may expect (`replay --json --odds`), exactly (``odds``). Nothing at
this table is hidden: both viewpoints get the same figures."""

from __future__ import annotations

from typing import Any

from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.saikoro import odds
from dealer_assist.tables.saikoro.advice import payments
from dealer_assist.tables.saikoro.state import Phase, SaikoroState


def live(state: SaikoroState, viewpoint: Viewpoint) -> dict[str, Any] | None:
    s = state
    if s.phase not in (Phase.ROLL, Phase.CHOOSE) or not s.wins:
        return None
    win = s.wins[s.turn]
    paid = payments(s, win)
    left = win.rights - max(0, len(win.rolls) - 1) if s.phase == Phase.CHOOSE else win.rights
    chance = odds.riichi(paid, left) if win.dice == 2 else odds.dama(paid)
    roll = {}
    for reading, p in chance.distribution.items():
        key = reading.result.value + (f" {reading.number}" if reading.result.value in ("point", "triple") else "")
        roll[key] = float(p)
    return {"view": viewpoint.value, "winner": win.winner, "dice": win.dice, "rights": left, "roll": roll,
            "points": float(chance.points), "chips": float(chance.chips)}  # fmt: skip
