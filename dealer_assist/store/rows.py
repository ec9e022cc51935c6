"""The rows the store keeps besides the events: a session, a game, a session's name, the time.

``game_row`` builds a ``games`` row from a game's record: the columns every table has
(``GAME_COLUMNS``), their values and any of its own from the table's ``StoreViews.game_row``;
``check_name`` refuses a session name the notation would refuse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any

from dealer_assist.errors import DealerAssistError, SessionError


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: int
    name: str
    created: str
    status: str
    games: int
    hp: int | None = None  # the sessions row's `hp` column, as the table's summary wrote it (None: none)
    lang: str | None = None  # the language the session was played in (schema v4)
    difficulty: str | None = None  # from its setup
    ruleset: str | None = None  # from its setup: the table (None: One Million, as before tables were chosen)


def _encodable(text: str) -> bool:
    """Whether the text can be stored (a command-line argument may hold lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_name(name: str) -> None:
    """A session name: 1 to 100 characters, none of them refused by the notation."""
    from dealer_assist.notation import MAX_NAME, check_text

    try:
        check_text(name)
    except DealerAssistError:
        raise SessionError("session.bad_name", name=name, limit=MAX_NAME) from None
    if not 1 <= len(name) <= MAX_NAME or name != name.strip(" \t"):
        raise SessionError("session.bad_name", name=name, limit=MAX_NAME)


GAME_COLUMNS = ("session_id", "game", "points", "result", "record")
"""What every games row has: the game's number, the players' net ``points`` (what they won,
positive, or lost), a short ``result`` in the table's words (None while it is being played)
and the table's ``record`` (JSON); the table's views read the record."""


@lru_cache(maxsize=64)  # each stored line asks again for its session's setup
def table_of(setup: str | None) -> str:
    """The table a session is dealt at, from its sessions row's ``setup`` (JSON): the default
    table when the setup names none (sessions from before tables were chosen)."""
    from dealer_assist import rulesets

    try:
        named = json.loads(setup or "{}").get("ruleset")
    except (ValueError, AttributeError):
        named = None
    return named or rulesets.DEFAULT


def game_row(session_id: int, record: dict[str, Any], table: str) -> dict[str, Any]:
    """One game's row at ``table``: the common columns, with the values and any columns of
    its own the table's ``StoreViews.game_row`` gives for the record."""
    from dealer_assist import rulesets

    own = rulesets.get(table).store.game_row(record)
    return {"session_id": session_id, "game": record["game"], "points": None, "result": None, **own,
            "record": _RECORD_JSON.encode(record)}  # fmt: skip


# a game's record, as ``json.dumps(record, ensure_ascii=False)`` writes it (its encoder, made once)
_RECORD_JSON = json.JSONEncoder(ensure_ascii=False)
