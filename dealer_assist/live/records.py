"""The line records: the ``games`` rows one stored line writes."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist import rulesets


def line_records(state, commands: list[n.Command], finished: int) -> list[dict]:
    return records_and_current(state, commands, finished)[0]


def records_and_current(state, commands: list[n.Command], finished: int) -> tuple[list[dict], dict | None]:
    """The games rows one line writes: the game in progress after it, and every game the line
    finished — a line that settles a game and starts the next (``peek K; game``) leaves the
    settled game's final record, not the one it had before the line. ``finished``: the
    number of finished games before the line. (``records_and_current``: those rows and the
    state's own game record, ``rulesets.game_record``, or None.)"""
    history = state.history
    count = max(len(history) - finished, 0)
    if any(isinstance(cmd, n.Undo) for cmd in commands):  # an undone `game` may come back in the same line
        count += sum(isinstance(cmd, n.Game) for cmd in commands)
    records = history.last(min(count, len(history)))
    current = rulesets.game_record(state)
    return records + ([current] if current is not None else []), current
