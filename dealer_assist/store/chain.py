"""The hash chain of a session's events: each event's hash, the head a dealer posts, and the
check that names the first event changed, removed, inserted or reordered.

The hash computation is the stored format: it never changes (databases of every schema
version verify with it).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from dealer_assist.store.rows import SessionRow


def event_hash(prev: str, seq: int, text: str, event: str, ts: str, typed: str | None = None) -> str:
    """The chain: each event's hash covers its content and the previous event's hash.

    Events stored since schema v3 keep the line as typed, and their hash covers it too; an
    event without it (stored before v3) is hashed as before.
    """
    fields: list[Any] = [prev, seq, text, event, ts]
    if typed is not None:
        fields.append(typed)
    payload = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def short_hash(digest: str) -> str:
    """The short form of a chain head that a dealer posts (12 hex digits)."""
    return digest[:12]


@dataclass(frozen=True, slots=True)
class EventRow:
    seq: int
    text: str
    event: str
    ts: str
    hash: str
    prev_hash: str
    typed: str | None = None  # the line as the dealer typed it (schema v3)

    def digest(self, seq: int | None = None) -> str:
        return event_hash(self.prev_hash, self.seq if seq is None else seq, self.text, self.event, self.ts,
                          self.typed)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    events: int
    seq: int | None = None  # the first event that was tampered with
    problem: str | None = None  # changed, removed, inserted, reordered
    head: str = ""  # the head of the chain as stored
    moved_from: int | None = None  # reordered: the place the event was hashed at

    @property
    def short(self) -> str:
        return short_hash(self.head)


def verify_chain(rows: list[EventRow], count: int, head: str) -> Verdict:
    """Check each link: the stored hash, and the previous event's hash it names."""

    def bad(seq: int, problem: str, moved_from: int | None = None) -> Verdict:
        return Verdict(False, len(rows), seq, problem, head, moved_from)

    known = {row.hash: row.seq for row in rows}

    def moved(row: EventRow, position: int) -> int | None:
        """The place an event whose own hash fails was hashed at, if it is intact otherwise."""
        for other in range(1, max(len(rows), count) + 2):
            if other != position and row.digest(other) == row.hash:
                return other
        return None

    hashes = [""]  # hashes[i] = the hash of event i as recomputed, hashes[0] = the start
    for position, row in enumerate(rows, start=1):
        if row.seq != position:
            return bad(position, "removed" if row.seq > position else "inserted")
        own_ok = row.digest() == row.hash
        if row.prev_hash != hashes[-1]:
            if len(hashes) >= 2 and row.prev_hash == hashes[-2]:  # it links past the one before
                return bad(position - 1, "inserted")
            if known.get(row.prev_hash, 0) > position:  # it follows an event that now comes later
                return bad(position, "reordered", moved(row, position))
            if own_ok:  # this event is intact: the one before it was changed (and re-hashed)
                return bad(position - 1, "changed")
            return bad(position, "removed")  # its predecessor is gone (the rest renumbered or not)
        if not own_ok:
            following = rows[position] if position < len(rows) else None
            if following is not None and following.prev_hash == hashes[-1]:
                return bad(position, "inserted")
            origin = moved(row, position)
            if origin is not None:
                return bad(position, "reordered", origin)
            return bad(position, "changed")
        hashes.append(row.hash)
    if count > len(rows):
        return bad(len(rows) + 1, "removed")
    if count < len(rows):
        return bad(count + 1, "inserted")
    if hashes[-1] != head:
        return bad(len(rows), "changed")
    return Verdict(True, len(rows), head=head)


def continues(rows: list[EventRow], seq: int, prev: str) -> bool:
    """Whether ``rows`` run on from event ``seq`` whose hash is ``prev``: numbered on without a
    gap, each naming the hash before it and holding its own (the full check's test of a link)."""
    try:
        for row in rows:
            seq += 1
            if row.seq != seq or row.prev_hash != prev or row.digest() != row.hash:
                return False
            prev = row.hash
    except (TypeError, ValueError):  # a value of another type than the chain writes
        return False
    return True


class Chain:
    """The ``Store`` methods that check a session's chain (the store's reading, its rows)."""

    def verify(self, session: SessionRow) -> "Verdict":
        """Recompute the chain; name the first event changed, removed, inserted or reordered."""
        with self.reading():  # the events and the head as one committed state (another window may write)
            rows = self._event_rows(session)
            count, digest = self._stored_head(session, rows)
        return verify_chain(rows, count, digest)

    def _stored_head(self, session: SessionRow, rows: list[EventRow]) -> tuple[int, str]:
        """(event count, head hash) as the sessions row keeps them. A v1 database kept no head;
        nor did a v1 session migrated to v2 by a version that left the head empty (its events
        all older than the v2 migration): the head is then its last event."""
        legacy = (len(rows), rows[-1].hash if rows else "")
        if not self._has("sessions", "head_hash"):
            return legacy
        head = self.conn.execute("select event_count, head_hash from sessions where id = ?",
                                    [session.id]).fetchone()  # fmt: skip
        count, digest = head
        if rows and count == 0 and digest == "" and self._has("migrations"):
            applied = self.conn.execute("select applied from migrations where version = 2").fetchone()
            if applied is not None and all(row.ts <= applied[0] for row in rows):
                return legacy
        return count, digest


def announced_head(store: Any, row: SessionRow) -> str:
    """The short head hash announced when the session ended: the hash of the last event of the
    line that ended it (the last stored command that is neither a note nor an undo: after the
    end only those are accepted)."""
    rows = store.conn.execute(
        "select seq, hash, typed, json_extract(event, '$.command') from events where session_id = ? "
        "order by seq desc limit 512", [row.id]).fetchall()  # fmt: skip
    ending = None
    for index, (seq, digest, typed, command) in enumerate(rows):
        if command not in ("Note", "Undo", "UndoEnd"):
            ending = index
            break
    if ending is None:
        return short_hash(rows[0][1]) if rows else "-"
    head, typed = rows[ending][1], rows[ending][2]
    for later in range(ending - 1, -1, -1):  # the other events of the same line
        if typed is None or rows[later][2] != typed or rows[later][0] != rows[later + 1][0] + 1:
            break
        head = rows[later][1]
    return short_hash(head)
