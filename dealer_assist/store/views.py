"""The derived views of the store: ``table_games`` (every games row with its session's name,
table and players) and each registered table's own views over it (``StoreViews.views``).

The views are derived, never data: on every writable open the store compares the views in
the file with the ones the registered tables declare and, where one differs or is missing,
drops and recreates them all in the migration's transaction (idempotent: an open that finds
them as declared writes nothing of them). A table added later gets its views at the first
writable open after it; a table no longer registered leaves its views as they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import sqlite_utils

# every games row beside its session: the table (``ruleset`` of the session's setup, the
# default table when the setup names none) and the players by box (``seats``); each table's
# views read it, filtered by their own table's name
TABLE_GAMES = """CREATE VIEW table_games AS
select s.id as session_id, s.name as session, coalesce(json_extract(s.setup, '$.ruleset'), '{default}') as ruleset,
       s.seats, g.game, g.points, g.result, g.record
from games g join sessions s on s.id = g.session_id"""


def _normal(sql: str) -> str:
    """A view's SQL as SQLite keeps it in sqlite_master, give or take spaces and case of the
    leading keywords (the comparison ignores both)."""
    words = sql.split()
    return " ".join([w.upper() for w in words[:2]] + words[2:])


def declared() -> dict[str, str]:
    """The views the registered tables declare, by name, ``table_games`` first."""
    from dealer_assist import rulesets

    out = {"table_games": TABLE_GAMES.format(default=rulesets.DEFAULT)}
    owner = {"table_games": "the store"}
    for table in rulesets.names():
        for name, sql in rulesets.get(table).store.views.items():
            head = sql.split(None, 3)
            if len(head) < 4 or [w.lower() for w in head[:2]] != ["create", "view"] or head[2] != name:
                raise TypeError(f"table {table!r}: view {name!r} is not 'CREATE VIEW {name} AS ...'")
            if name in out:
                raise TypeError(f"table {table!r}: view {name!r} is already declared by {owner[name]}")
            out[name], owner[name] = sql.strip(), f"table {table!r}"
    return out


def sync_views(db: sqlite_utils.Database) -> bool:
    """Create or replace the declared views that differ from the file's (inside the caller's
    write transaction); whether anything was written."""
    listed = db.execute("select name, sql from sqlite_master where type = 'view'").fetchall()
    have = {name: _normal(sql or "") for name, sql in listed}
    wanted = declared()
    if all(have.get(name) == _normal(sql) for name, sql in wanted.items()):
        return False
    for name in wanted:  # all of them: a table's view may read table_games
        if name in have:
            db.execute(f'drop view "{name}"')
    for sql in wanted.values():
        db.execute(sql)
    return True
