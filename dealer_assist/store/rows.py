"""The rows the store keeps besides the events: a session, a game, a session's name, the time.

``game_row`` builds a ``games`` row from a game's record; ``check_name`` refuses a session name
the notation would refuse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
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
    hp: int
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


def game_row(session_id: int, record: dict[str, Any]) -> dict[str, Any]:
    """One game's row (One Million's game, or a round of a table without HP: no recovery, no
    ledger; its points are the chips the players won or lost)."""
    ledger = record.get("ledger", [])
    points = sum(e["points"] for e in ledger) if "ledger" in record else sum(record.get("changes", {}).values())
    return {
        "session_id": session_id,
        "game": record["game"],
        "recovery": int(record.get("recovery", False)),
        "dealer_total": record["dealer"]["total"],
        "damage": sum(e["damage"] for e in ledger),
        "heal": sum(e["heal"] for e in ledger),
        "points": points,
        "hp_after": ledger[-1]["hp"] if ledger else None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": json.dumps(ledger, ensure_ascii=False),
        "record": json.dumps(record, ensure_ascii=False),
    }
