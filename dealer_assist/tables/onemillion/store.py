"""What One Million keeps in the store beside its games' records: the columns of a game's row
(the damage, the heal and the HP after it, SET and HEAL) and its derived views."""

from __future__ import annotations

import json
from typing import Any

from dealer_assist.core.table import StoreViews


def game_row(record: dict[str, Any]) -> dict[str, Any]:
    """The columns of one game's row, from its record."""
    ledger = record.get("ledger", [])
    return {
        "recovery": int(record.get("recovery", False)),
        "dealer_total": record["dealer"]["total"],
        "damage": sum(e["damage"] for e in ledger),
        "heal": sum(e["heal"] for e in ledger),
        "points": sum(e["points"] for e in ledger),
        "hp_after": ledger[-1]["hp"] if ledger else None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": json.dumps(ledger, ensure_ascii=False),
    }


STORE = StoreViews(views={}, game_row=game_row)
