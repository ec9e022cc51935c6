"""The clocks of a table with time limits: the clock running now at a table (its own rule,
``Screens.clock``), with the command that records its time-out."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import rulesets


@dataclass(frozen=True, slots=True)
class Clock:
    name: str  # bets, surrender, actions
    key: tuple[int, str]  # (game, name): one clock per window of a game
    seconds: int  # the limit (actions: +60 s per future sight)
    offer: str  # the command that records the time-out


def clock(state) -> Clock | None:
    """The clock running now at the state's table (its own rule, ``Screens.clock``;
    a table without time limits has none)."""
    rule = rulesets.screens(state).clock
    return rule(state) if rule is not None else None
