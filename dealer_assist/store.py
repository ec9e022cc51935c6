"""The session store: one SQLite file (sqlite-utils), one row per accepted command.

Every accepted line is written in its own transaction before its ruling is shown; the
connection runs in WAL mode with ``synchronous=FULL``, so an acknowledged command survives
a crash or a power cut. Refused commands are never stored. Loading checks that the
sequence numbers run 1, 2, 3 … without a gap.

Tables (browse them with any SQLite tool): ``sessions``, ``events``, ``migrations``.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

import sqlite_utils

from dealer_assist.errors import SessionError

ENV_DB = "DEALER_ASSIST_DB"


def default_path() -> Path:
    """``$DEALER_ASSIST_DB``, else ``sessions.db`` in the user's data directory."""
    if os.environ.get(ENV_DB):
        return Path(os.environ[ENV_DB])
    import platformdirs

    return Path(platformdirs.user_data_dir("dealer-assist", appauthor=False)) / "sessions.db"


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def event_hash(prev: str, seq: int, text: str, event: str, ts: str) -> str:
    """The chain: each event's hash covers its content and the previous event's hash."""
    payload = json.dumps([prev, seq, text, event, ts], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: int
    name: str
    created: str
    status: str
    games: int
    hp: int


@dataclass(frozen=True, slots=True)
class EventRow:
    seq: int
    text: str
    event: str
    ts: str
    hash: str
    prev_hash: str


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


MIGRATIONS = [(1, _create_v1), (2, _create_v2)]


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite_utils.Database(self.path)
        self.db.enable_wal()
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def close(self) -> None:
        self.db.close()

    def _migrate(self) -> None:
        self.db["migrations"].create({"version": int, "applied": str}, pk="version", if_not_exists=True)
        done = {row["version"] for row in self.db["migrations"].rows}
        for version, step in MIGRATIONS:
            if version not in done:
                with self.db.atomic():
                    step(self.db)
                    self.db["migrations"].insert({"version": version, "applied": now()})

    # -- sessions

    def sessions(self) -> list[SessionRow]:
        rows = self.db.query("select id, name, created, status, games, hp from sessions order by id")
        return [SessionRow(**row) for row in rows]

    def find(self, name: str) -> SessionRow | None:
        for row in self.db.query(
            "select id, name, created, status, games, hp from sessions where name = ?", [name]
        ):
            return SessionRow(**row)
        return None

    def get(self, name: str) -> SessionRow:
        row = self.find(name)
        if row is None:
            raise SessionError("session.unknown", name=name)
        return row

    def create(self, name: str, *, hp: int = 1_000_000) -> SessionRow:
        if self.find(name) is not None:
            raise SessionError("session.exists", name=name)
        stamp = now()
        with self.db.atomic():
            self.db["sessions"].insert(
                {"name": name, "created": stamp, "updated": stamp, "setup": "{}", "status": "running",
                 "games": 0, "hp": hp}  # fmt: skip
            )
        return self.get(name)

    def delete(self, session: SessionRow) -> None:
        with self.db.atomic():
            self.db.execute("delete from events where session_id = ?", [session.id])
            self.db.execute("delete from sessions where id = ?", [session.id])

    # -- events

    def events(self, session: SessionRow) -> list[EventRow]:
        rows = [
            EventRow(**row)
            for row in self.db.query(
                "select seq, text, event, ts, hash, prev_hash from events where session_id = ? order by seq",
                [session.id],
            )
        ]
        for expected, row in enumerate(rows, start=1):
            if row.seq != expected:
                raise SessionError("session.gap", name=session.name, expected=expected, found=row.seq)
        return rows

    def last(self, session: SessionRow) -> tuple[int, str]:
        for row in self.db.query(
            "select seq, hash from events where session_id = ? order by seq desc limit 1", [session.id]
        ):
            return row["seq"], row["hash"] or ""
        return 0, ""

    def append(
        self, session: SessionRow, items: Iterable[tuple[str, dict[str, Any]]], *, after: tuple[int, str],
        summary: dict[str, Any], games: Iterable[dict[str, Any]] = (),
    ) -> tuple[int, str]:  # fmt: skip
        """Store one line's commands (text as typed, parsed event) in one transaction.

        ``after`` is the (seq, hash) of the last stored event; returns the new one.
        """
        seq, prev = after
        rows = []
        for text, event in items:
            seq += 1
            stamp = now()
            body = json.dumps(event, ensure_ascii=False, sort_keys=True)
            digest = event_hash(prev, seq, text, body, stamp)
            rows.append({"session_id": session.id, "seq": seq, "text": text, "event": body, "ts": stamp,
                         "hash": digest, "prev_hash": prev})  # fmt: skip
            prev = digest
        with self.db.atomic():
            self.db["events"].insert_all(rows)
            self.db["sessions"].update(
                session.id, {**summary, "updated": now(), "event_count": seq, "head_hash": prev}
            )
            # an undone `game` leaves no row behind
            self.db.execute("delete from games where session_id = ? and game > ?", [session.id, summary["games"]])
            for record in games:
                self.db["games"].upsert(game_row(session.id, record), pk=("session_id", "game"))
        return seq, prev

    # -- the hash chain

    def verify(self, session: SessionRow) -> "Verdict":
        """Recompute the chain; name the first event changed, removed or inserted."""
        rows = [
            EventRow(**row)
            for row in self.db.query(
                "select seq, text, event, ts, hash, prev_hash from events where session_id = ? order by seq",
                [session.id],
            )
        ]
        head = next(iter(self.db.query(
            "select event_count, head_hash from sessions where id = ?", [session.id])))  # fmt: skip
        return verify_chain(rows, head["event_count"], head["head_hash"])


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    events: int
    seq: int | None = None  # the first event that was tampered with
    problem: str | None = None  # changed, removed, inserted


def verify_chain(rows: list[EventRow], count: int, head: str) -> Verdict:
    """Check each link: the stored hash, and the previous event's hash it names."""
    hashes = [""]  # hashes[i] = the hash of event i as recomputed, hashes[0] = the start
    for position, row in enumerate(rows, start=1):
        if row.seq != position:
            return Verdict(False, len(rows), position, "removed" if row.seq > position else "inserted")
        own_ok = event_hash(row.prev_hash, row.seq, row.text, row.event, row.ts) == row.hash
        if row.prev_hash != hashes[-1]:
            if len(hashes) >= 2 and row.prev_hash == hashes[-2]:  # it links past the one before
                return Verdict(False, len(rows), position - 1, "inserted")
            if own_ok:  # this event is intact: the one before it was changed (and re-hashed)
                return Verdict(False, len(rows), position - 1, "changed")
            return Verdict(False, len(rows), position, "removed")
        if not own_ok:
            following = rows[position] if position < len(rows) else None
            if following is not None and following.prev_hash == hashes[-1]:
                return Verdict(False, len(rows), position, "inserted")
            return Verdict(False, len(rows), position, "changed")
        hashes.append(row.hash)
    if count > len(rows):
        return Verdict(False, len(rows), len(rows) + 1, "removed")
    if count < len(rows):
        return Verdict(False, len(rows), count + 1, "inserted")
    if hashes[-1] != head:
        return Verdict(False, len(rows), len(rows), "changed")
    return Verdict(True, len(rows))


def game_row(session_id: int, record: dict[str, Any]) -> dict[str, Any]:
    ledger = record["ledger"]
    return {
        "session_id": session_id,
        "game": record["game"],
        "recovery": int(record["recovery"]),
        "dealer_total": record["dealer"]["total"],
        "damage": sum(e["damage"] for e in ledger),
        "heal": sum(e["heal"] for e in ledger),
        "points": sum(e["points"] for e in ledger),
        "hp_after": ledger[-1]["hp"] if ledger else None,
        "hands": json.dumps(record["hands"], ensure_ascii=False),
        "ledger": json.dumps(ledger, ensure_ascii=False),
        "record": json.dumps(record, ensure_ascii=False),
    }
