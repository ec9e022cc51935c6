"""The database's tables, and the migrations v1 … v7 that build them.

Tables (browse them with any SQLite tool): ``sessions``, ``events``, ``games``, ``locks``,
``snapshots``, ``migrations``; view ``session_events``. The views over the games rows are the
tables' own (``store/views.py``: ``table_games``, and e.g. One Million's ``game_results`` and
``game_hands``, the casino's ``casino_rounds``); they are rebuilt when a table declares other
ones, so v2's and v6's views below are history, replaced at v7.

A migration never touches the ``events`` table's rows: the hash chain stays as it was written.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - the steps are given the store's sqlite-utils Database
    import sqlite_utils

APPLICATION_ID = 0x44415353  # "DASS": PRAGMA application_id of a dealer-assist database


def _create_v1(db: sqlite_utils.Database) -> None:
    db["sessions"].create(
        {"id": int, "name": str, "created": str, "updated": str, "setup": str, "status": str,
         "games": int, "hp": int},
        pk="id", not_null={"name", "created"}, if_not_exists=True,
    )  # fmt: skip
    db["sessions"].create_index(["name"], unique=True, if_not_exists=True)
    db["events"].create(
        {"session_id": int, "seq": int, "text": str, "event": str, "ts": str, "hash": str,
         "prev_hash": str},
        pk=("session_id", "seq"), foreign_keys=[("session_id", "sessions", "id")],
        not_null={"text", "event", "ts"}, if_not_exists=True,
    )  # fmt: skip


def _create_v2(db: sqlite_utils.Database) -> None:
    """Game results for browsing, and the head of each session's hash chain."""
    db["sessions"].add_column("event_count", int, not_null_default=0)
    db["sessions"].add_column("head_hash", str, not_null_default="")
    # the head of the sessions a v1 database already holds: their last event
    db.execute("update sessions set event_count = coalesce((select max(seq) from events e where e.session_id = "
               "sessions.id), 0), head_hash = coalesce((select hash from events e where e.session_id = sessions.id "
               "order by seq desc limit 1), '')")  # fmt: skip
    db["games"].create(
        {"session_id": int, "game": int, "recovery": int, "dealer_total": int, "damage": int, "heal": int,
         "points": int, "hp_after": int, "hands": str, "ledger": str, "record": str},
        pk=("session_id", "game"), foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    db.create_view(
        "game_results",
        """select s.name as session, g.game, g.recovery, g.dealer_total, g.damage, g.heal,
                  g.points, g.hp_after
           from games g join sessions s on s.id = g.session_id order by s.id, g.game""",
        ignore=True,
    )
    db.create_view(
        "game_hands",
        """select s.name as session, g.game, json_extract(h.value, '$.hand') as hand,
                  json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
                  json_extract(h.value, '$.ratio') as ratio,
                  json_extract(h.value, '$.cards') as cards
           from games g join sessions s on s.id = g.session_id, json_each(g.hands) h
           order by s.id, g.game""",
        ignore=True,
    )
    db.create_view(
        "session_events",
        """select s.name as session, e.seq, e.text, e.event, e.ts
           from events e join sessions s on s.id = e.session_id order by s.id, e.seq""",
        ignore=True,
    )


def _create_v3(db: sqlite_utils.Database) -> None:
    """The line as typed beside the normalised text; who holds a session open; our file id."""
    db["events"].add_column("typed", str)
    db["locks"].create(
        {"session_id": int, "pid": int, "host": str, "since": str, "started": str, "token": str},
        pk="session_id", foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    db.execute("drop view if exists session_events")
    db.create_view(
        "session_events",
        """select s.name as session, e.seq, e.text, e.typed, e.event, e.ts
           from events e join sessions s on s.id = e.session_id order by s.id, e.seq""",
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _create_v4(db: sqlite_utils.Database) -> None:
    """The language each session was played in: the default of its audit and report."""
    db["sessions"].add_column("lang", str)


def _create_v5(db: sqlite_utils.Database) -> None:
    """Snapshots: a cache of each session's state after one of its events, so that a long
    session resumes at once. Any change to an event or a games row made through SQLite (by
    this tool or another program) drops the session's snapshot (triggers): it is then rebuilt
    from the events."""
    db["snapshots"].create(
        {"session_id": int, "seq": int, "hash": str, "engine": str, "body": str, "checksum": str},
        pk="session_id", foreign_keys=[("session_id", "sessions", "id")], if_not_exists=True,
    )  # fmt: skip
    for table, when in (("events", "update"), ("events", "delete"), ("games", "update"), ("games", "delete")):
        _stale_trigger(db, table, when)
    db.execute("create trigger if not exists snapshot_stale_events_insert after insert on events "
               "when new.seq <= (select seq from snapshots where session_id = new.session_id) "
               "begin delete from snapshots where session_id = new.session_id; end")  # fmt: skip


def _stale_trigger(db: sqlite_utils.Database, table: str, when: str) -> None:
    db.execute(f"create trigger if not exists snapshot_stale_{table}_{when} after {when} on {table} "
               f"begin delete from snapshots where session_id = old.session_id; end")  # fmt: skip


def _create_v6(db: sqlite_utils.Database) -> None:
    """The players by box of each session (`seats`, JSON), and the player's name in `game_hands`."""
    db["sessions"].add_column("seats", str)
    db.execute("drop view if exists game_hands")
    db.create_view(
        "game_hands",
        """select s.name as session, g.game, json_extract(h.value, '$.hand') as hand,
                  json_extract(s.seats, '$."' || substr(json_extract(h.value, '$.hand'), 1, 1) || '"') as player,
                  json_extract(h.value, '$.bet') as bet, json_extract(h.value, '$.result') as result,
                  json_extract(h.value, '$.ratio') as ratio,
                  json_extract(h.value, '$.cards') as cards
           from games g join sessions s on s.id = g.session_id, json_each(g.hands) h
           order by s.id, g.game""",
    )


def _create_v7(db: sqlite_utils.Database) -> None:
    """Table-neutral games rows: beside the game's number, ``points`` and ``record`` every row
    has a ``result`` (the table's short word for how it ended); the rest of a row is its
    table's (``StoreViews.game_row``), and so are the views over the records (``views.py``).

    One Million's columns (``recovery`` … ``ledger``) stay: dropping them would rebuild the
    table, and One Million still fills them; the store's code does not read them. The rows
    already stored get their ``result`` from their table; a row whose table is not known, or
    whose record its table cannot read, keeps none (``verify`` names it). The snapshots stay
    (they read the records only): the snapshot trigger is set aside while the column is filled.
    """
    from dealer_assist.store.rows import game_row, table_of

    db["games"].add_column("result", str)
    tables = {sid: table_of(setup) for sid, setup in db.execute("select id, setup from sessions")}
    filled = []
    for sid, game, record in db.execute("select session_id, game, record from games").fetchall():
        try:
            result = game_row(sid, json.loads(record), tables[sid])["result"]
        except Exception:  # noqa: BLE001 - an unknown table or an unreadable record: left for verify
            continue
        if result is not None:
            filled.append((result, sid, game))
    if filled:
        db.execute("drop trigger if exists snapshot_stale_games_update")
        db.conn.executemany("update games set result = ? where session_id = ? and game = ?", filled)
        _stale_trigger(db, "games", "update")


MIGRATIONS = [(1, _create_v1), (2, _create_v2), (3, _create_v3), (4, _create_v4), (5, _create_v5), (6, _create_v6),
              (7, _create_v7)]  # fmt: skip
SCHEMA = MIGRATIONS[-1][0]
