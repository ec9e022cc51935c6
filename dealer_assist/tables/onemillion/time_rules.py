"""TIME — yellow cards (TIME-2, TIME-3). The clocks themselves belong to live play."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.i18n_values import Numbers

YELLOWS_TO_LEAVE = 2


def stand_in(state, player: str) -> str | None:
    """TIME-3: who plays a sent-off player's boxes: the next seated player still playing."""
    numbers = sorted(state.boxes)
    own = [b for b in numbers if state.boxes[b].player == player]
    if not own:
        return None
    start = numbers.index(own[-1])
    for step in range(1, len(numbers) + 1):
        other = state.boxes[numbers[(start + step) % len(numbers)]].player
        if other != player and state.yellow.get(other, 0) < YELLOWS_TO_LEAVE:
            return other
    return None


def yellow(t: Step, cmd: n.Yellow) -> None:
    state = t.state
    box = state.boxes.get(cmd.box)
    if box is None:
        t.refuse("TIME-3", "yellow.no_player", box=cmd.box)
    player = box.player
    if state.yellow.get(player, 0) >= YELLOWS_TO_LEAVE:
        t.refuse("TIME-3", "yellow.already_left", player=player)
    t.own_players()
    state.yellow[player] = state.yellow.get(player, 0) + 1
    count = state.yellow[player]
    t.rule("TIME-3", "yellow.card", player=player, box=cmd.box, count=count)
    if count >= YELLOWS_TO_LEAVE:
        boxes = Numbers(tuple(b for b, x in state.boxes.items() if x.player == player))
        by = stand_in(state, player)
        if by is not None:
            state.replaced_by[player] = by
        t.rule("TIME-3", "yellow.leave", player=player, boxes=boxes, by=by or "-")
