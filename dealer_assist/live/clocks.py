"""The TIME-1 clocks: the clock running now at a table (its own rule, the ``rulesets`` hook
"clock"), and One Million's clocks with the command that records each time-out."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import rulesets
from dealer_assist.tables.onemillion import Phase, State


CLOCKS = {
    Phase.BETS: ("bets", 90),
    Phase.LATE_BETS: ("bets", 90),
    Phase.SURRENDER: ("surrender", 60),
    Phase.PLAYERS: ("actions", 210),
}


@dataclass(frozen=True, slots=True)
class Clock:
    name: str  # bets, surrender, actions
    key: tuple[int, str]  # (game, name): one clock per window of a game
    seconds: int  # the limit (actions: +60 s per future sight)
    offer: str  # the command that records the time-out


def clock(state) -> Clock | None:
    """The clock running now at the state's table (its own rule, ``rulesets`` hook "clock";
    a table without time limits has none)."""
    rule = rulesets.screens(state).clock
    return rule(state) if rule is not None else None


def one_million_clock(state: State) -> Clock | None:
    """TIME-1: the clock running now, and the command to record its time-out."""
    spec = CLOCKS.get(state.phase)
    game = state.game
    if spec is None or game is None:
        return None
    name, seconds = spec
    if name == "actions":
        seconds += game.foresight_time
        offer = "timeup"
    elif name == "surrender":
        offer = "go"
    else:
        waiting = game.late_bets if state.phase is Phase.LATE_BETS else game.bets
        missing = [b for b, box in state.boxes.items() if not box.bankrupt and b not in waiting]
        offer = "; ".join(f"bet {b} -" for b in missing) or ("deal " if state.phase is Phase.BETS else "")
    return Clock(name, (game.number, name), seconds, offer)
