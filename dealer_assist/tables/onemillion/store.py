"""What One Million keeps in the store beside its games' records: the values of a game's row
(the players' net points and the dealer's result, SET), the columns only its rows have, and
its derived views over the records (``game_results``, ``game_hands`` with each hand's player).

The columns ``recovery``, ``dealer_total``, ``damage``, ``heal``, ``hp_after``, ``hands`` and
``ledger`` are One Million's since schema v2: every database has them, this table still fills
them (a SQLite user, and ``verify``, see the rows as before), but its views read the record.
"""

from __future__ import annotations

import json
from typing import Any

from dealer_assist.core.dealer import dealer_result
from dealer_assist.core.table import StoreViews


def game_row(record: dict[str, Any]) -> dict[str, Any]:
    """The values of one game's row, from its record."""
    ledger = record.get("ledger", [])
    return {
        "points": sum(e["points"] for e in ledger),
        "result": dealer_result(record),
        "recovery": int(record.get("recovery", False)),
        "dealer_total": record["dealer"]["total"],
        "damage": sum(e["damage"] for e in ledger),
        "heal": sum(e["heal"] for e in ledger),
        "hp_after": ledger[-1]["hp"] if ledger else None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": json.dumps(ledger, ensure_ascii=False),
    }


# a hand's box: its label without the letter of a split (`10b` -> 10)
_BOX = "rtrim(json_extract(h.value, '$.hand'), 'abcdefghijklmnopqrstuvwxyz')"

VIEWS = {
    "game_results": """CREATE VIEW game_results AS
select t.session, t.game, coalesce(json_extract(t.record, '$.recovery'), 0) as recovery,
       json_extract(t.record, '$.dealer.total') as dealer_total,
       (select coalesce(sum(json_extract(l.value, '$.damage')), 0) from json_each(t.record, '$.ledger') l) as damage,
       (select coalesce(sum(json_extract(l.value, '$.heal')), 0) from json_each(t.record, '$.ledger') l) as heal,
       t.points, json_extract(t.record, '$.ledger[#-1].hp') as hp_after
from table_games t where t.ruleset = 'onemillion' order by t.session_id, t.game""",
    "game_hands": f"""CREATE VIEW game_hands AS
select t.session, t.game, json_extract(h.value, '$.hand') as hand,
       json_extract(t.seats, '$."' || {_BOX} || '"') as player,
       json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
       json_extract(h.value, '$.ratio') as ratio, json_extract(h.value, '$.cards') as cards
from table_games t, json_each(t.record, '$.hands') h where t.ruleset = 'onemillion'
order by t.session_id, t.game, h.key""",
}

STORE = StoreViews(views=VIEWS, game_row=game_row)
