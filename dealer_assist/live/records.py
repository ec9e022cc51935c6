"""The line records: the ``games`` rows one stored line writes."""

from __future__ import annotations

import json

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.core.history import History


def line_records(state, commands: list[n.Command], finished: int) -> list[dict]:
    """The games rows one line writes: the game in progress after it, and every game the line
    finished — a line that settles a game and starts the next (``peek K; game``) leaves the
    settled game's final record, not the one it had before the line. ``finished``: the
    number of finished games before the line."""
    history = state.history
    count = max(len(history) - finished, 0)
    if any(isinstance(cmd, n.Undo) for cmd in commands):  # an undone `game` may come back in the same line
        count += sum(isinstance(cmd, n.Game) for cmd in commands)
    records = _last_records(history, min(count, len(history)))
    current = rulesets.game_record(state)
    return records + ([current] if current is not None else [])


def _last_records(history: History, count: int) -> list[dict]:
    """The last ``count`` finished games' records, read from the end of the persistent list
    (a resumed session's older records stay unread in the database)."""
    records: list[dict] = []
    node = history
    while len(records) < count and node is not None and node._parent is not None:
        records.append(json.loads(node._record))  # History's own nodes: the newest first
        node = node._parent
    if len(records) < count:
        return list(history)[-count:]
    return records[::-1]
