"""TIME-1: One Million's clocks (bets 90 s, surrender 60 s, actions 210 s, +60 s per future
sight), each with the command that records its time-out (``Screens.clock``)."""

from __future__ import annotations

from dealer_assist.live.clocks import Clock
from dealer_assist.tables.onemillion.state import Phase, State

CLOCKS = {
    Phase.BETS: ("bets", 90),
    Phase.LATE_BETS: ("bets", 90),
    Phase.SURRENDER: ("surrender", 60),
    Phase.PLAYERS: ("actions", 210),
}


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
