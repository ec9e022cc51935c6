"""What the casino table keeps in the store beside its rounds' records: the values of a
round's row (the chips the players won or lost, PAY; the dealer's result) and its derived
views: ``casino_rounds`` (the chips per round), ``casino_chips`` (each seat's chips per
round, with its player) and ``casino_hands`` (each hand, with its player).

A round's row has no column of its own (the columns of One Million's rows stay empty)."""

from __future__ import annotations

from typing import Any

from dealer_assist.core.dealer import dealer_result
from dealer_assist.core.table import StoreViews


def game_row(record: dict[str, Any]) -> dict[str, Any]:
    """The values of one round's row, from its record."""
    return {"points": sum(record.get("changes", {}).values()), "result": dealer_result(record)}


VIEWS = {
    "casino_rounds": """CREATE VIEW casino_rounds AS
select t.session, t.game as round, json_extract(t.record, '$.dealer.total') as dealer_total, t.points as chips,
       t.result
from table_games t where t.ruleset = 'casino' order by t.session_id, t.game""",
    "casino_chips": """CREATE VIEW casino_chips AS
select t.session, t.game as round, cast(c.key as integer) as box,
       json_extract(t.seats, '$."' || c.key || '"') as player, c.value as chips
from table_games t, json_each(t.record, '$.changes') c where t.ruleset = 'casino'
order by t.session_id, t.game, cast(c.key as integer)""",
    "casino_hands": """CREATE VIEW casino_hands AS
select t.session, t.game as round, json_extract(h.value, '$.hand') as hand,
       json_extract(t.seats, '$."' || rtrim(json_extract(h.value, '$.hand'), 'abcdefghijklmnopqrstuvwxyz') || '"')
         as player,
       json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
       json_extract(h.value, '$.ratio') as ratio, json_extract(h.value, '$.cards') as cards
from table_games t, json_each(t.record, '$.hands') h where t.ruleset = 'casino'
order by t.session_id, t.game, h.key""",
}

STORE = StoreViews(views=VIEWS, game_row=game_row)
