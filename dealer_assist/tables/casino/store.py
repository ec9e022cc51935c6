"""What the casino table keeps in the store beside its rounds' records: the columns of a round's
row (the chips the players won or lost, PAY) and its derived views."""

from __future__ import annotations

import json
from typing import Any

from dealer_assist.core.table import StoreViews


def game_row(record: dict[str, Any]) -> dict[str, Any]:
    """The columns of one round's row, from its record (no HP: no damage, heal or ledger)."""
    return {
        "recovery": 0,
        "dealer_total": record["dealer"]["total"],
        "damage": 0,
        "heal": 0,
        "points": sum(record.get("changes", {}).values()),
        "hp_after": None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": "[]",
    }


STORE = StoreViews(views={}, game_row=game_row)
