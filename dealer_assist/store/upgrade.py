"""What an older version of the tool did not record, filled in from the events once.

The events are the truth; the ``games`` rows and ``sessions.seats`` are derived from them.
A session written before schema v2 has no ``games`` rows, and one written before the players
were kept (schema v5 and older, and v6 before it recorded them) has no ``seats``. When such a
database is opened for writing, each of these sessions is replayed once and what is missing
is added; a value that is there is never replaced (``verify`` compares those with the events).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from typing import Any


def unrecorded(store: Any) -> list[int]:
    """The ids of the sessions with events whose players (``seats``) were never recorded."""
    if not (store._has("sessions", "seats") and store._has("games") and store._has("events")):
        return []
    rows = store.conn.execute(
        "select id from sessions s where seats is null and exists (select 1 from events e where e.session_id = s.id)"
        " order by id").fetchall()  # fmt: skip
    return [row[0] for row in rows]


def fill_unrecorded(store: Any) -> int:
    """Fill the missing ``seats`` and ``games`` rows of the sessions ``unrecorded`` names;
    the number of sessions filled. A session whose events cannot be replayed is left as it
    is (``verify`` names what is wrong with it)."""
    from dealer_assist import notation as n
    from dealer_assist import rulesets
    from dealer_assist.core.session import Session
    from dealer_assist.store.rows import game_row

    ids = unrecorded(store)
    if not ids:
        return 0
    filled = 0
    for row in store.sessions():
        if row.id not in ids:
            continue
        try:
            session, last = Session(), (0, "")
            for seq, line, digest in store.events_after(row, 0):  # the log, folded as replay folds it
                for cmd in n.parse_line(line):
                    session.submit(cmd)
                last = (seq, digest)
            seats = rulesets.summary(session.state).get("seats") or json.dumps({})
            table = rulesets.of(session.state).name
            games = [game_row(row.id, record, table) for record in rulesets.to_json(session.state)["log"]]
        except Exception:  # noqa: BLE001 - a session that cannot be replayed is left for verify to name
            continue
        with contextlib.suppress(sqlite3.Error), store._write():
            if store.last(row) != last:  # another window wrote meanwhile: it records them itself
                continue
            conn = store.conn
            conn.execute("update sessions set seats = ? where id = ? and seats is null", [seats, row.id])
            for game in games:
                conn.execute(f"insert or ignore into games ({', '.join(game)}) values ({', '.join('?' * len(game))})",
                             list(game.values()))  # fmt: skip
            filled += 1
    return filled
