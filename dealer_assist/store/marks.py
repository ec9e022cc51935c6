"""The verified-up-to mark: the chain check before ``play`` without re-hashing the whole log.

When a full chain check (``Chain.verify``) of a session passes, the store records where it
stood: the last event's number and hash, and a digest of every stored column of every event
up to it, sealed with this computer's key (``dealer_assist.seal``, the snapshots' key). The
mark is a small file beside the database, ``<db>.verified-<session id>``: a cache, like the
snapshots, never a part of the database (no schema change; a copy of the database carries no
mark and is checked in full once).

Before ``play`` (``verify_before_play``) the mark is trusted only if its seal holds, the event
it names still has that number and hash, the digest of the stored events up to it is the one
sealed (one SQL query that SQLite answers in C, and one SHA-256 per column: no event is
re-hashed in Python), and the events after it run on from its hash (each re-hashed, as the
full check does) to the head the sessions row names. Then the stored rows up to the mark are
byte for byte the rows the full check passed, and the ones after it pass the same check: the
fast check passes exactly when the full one would. Anything else (no mark, no key, another
computer's mark, any difference) runs the full check, which names what is wrong as before;
only a check that passes writes a mark, and only into a store opened for writing (a damaged
file is refused before this is reached). ``renew_mark`` moves the mark to the head when a
window closes, so the next start re-hashes only the events typed since.

What the fast check trusts: this computer's key (whoever holds it can seal a mark for rows
they changed) and SHA-256. It reads every stored event row once in SQLite (a scan, no Python
object per row); the Python work is only the events after the mark. ``play`` starts that scan
in a thread (``Early``) before its imports, so that the check waits for it only when the scan
is longer than the rest of the start.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - imported where used: ``Early`` starts before the rest of the store
    from dealer_assist.store.chain import EventRow, Verdict
    from dealer_assist.store.rows import SessionRow
from dealer_assist.store.sidecar import write_cache

KIND = "verified-up-to"  # the seal's kind (a snapshot's seal never holds for a mark)
SEP, NULL = "\x1e", "\x1f"  # between the values of a column; a NULL (neither is in a value: checked)
# every stored column of the events, as the chain check reads them (the typed line may be NULL)
COLUMNS = ("seq", "text", "event", "ts", "ifnull(typed, char(31))", "ifnull(hash, char(31))",
           "ifnull(prev_hash, char(31))")  # fmt: skip
NULLABLE = ("typed", "hash", "prev_hash")
_CONTENT = ("select count(*), max(seq), " + ", ".join(f"sum({c} is null)" for c in NULLABLE) + ", "
            + ", ".join(f"group_concat({c}, char(30))" for c in COLUMNS)
            + " from events where session_id = ? and seq <= ?")  # fmt: skip


class Content:
    """The digest of a session's stored events up to one of them, extendable with later rows."""

    def __init__(self, count: int, top: int | None, nulls: tuple[int, ...], columns: list[str | None], *,
                 check: bool = False) -> None:  # fmt: skip
        self.count, self.top, self.nulls = count, top or 0, [n or 0 for n in nulls]  # (no rows: NULL sums)
        self.columns = [hashlib.sha256((c or "").encode("utf-8", "surrogatepass")) for c in columns]
        # ``clean``: no value holds the separator or the NULL sign, so the column strings split
        # back into exactly these rows (checked before a mark is written: ``check``; the rows
        # up to a mark that holds were checked when it was written, later rows by ``extend``)
        self.clean = not check or all(isinstance(c, str) or (c is None and count == 0) for c in columns) and all(
            (c or "").count(SEP) == max(count - 1, 0) and (c or "").count(NULL) == (
                self.nulls[i - 4] if i >= 4 else 0) for i, c in enumerate(columns))  # fmt: skip

    def digest(self) -> str:
        head = json.dumps([self.count, self.top, self.nulls])
        return hashlib.sha256("|".join([head] + [h.hexdigest() for h in self.columns]).encode()).hexdigest()

    def extend(self, rows: list[EventRow]) -> None:
        """Add later rows as SQLite's ``group_concat`` would have given them."""
        for row in rows:
            values = (row.seq, row.text, row.event, row.ts, row.typed, row.hash, row.prev_hash)
            if not isinstance(row.seq, int) or any(not isinstance(v, (str, type(None))) for v in values[1:]):
                self.clean = False
                return
            for index, value in enumerate(values):
                text = NULL if value is None else str(value)
                if index >= 4 and value is None:
                    self.nulls[index - 4] += 1
                elif SEP in text or NULL in text:
                    self.clean = False
                self.columns[index].update(((SEP if self.count else "") + text).encode("utf-8", "surrogatepass"))
            self.count += 1
            self.top = row.seq


class Early:
    """SQLite's full integrity check of the file, then the digest up to a session's mark, read
    ahead in a thread on a read-only connection of its own while ``play`` goes on starting (its
    imports, the store's opening): SQLite's scans and SHA-256 run without the GIL, so the
    store's opening and the check before play wait for them only if they are longer.

    The integrity check is the one a writable open runs before anything is written: the store
    waits for it there (``sound``) and trusts it only when it found the file sound, else runs
    it itself (which names what is wrong). The rows are read in another transaction than the
    ones after the mark: a row changed in between is found by the next start's digest (the
    mark goes on from the rows as read here)."""

    def __init__(self, path: str | Path, name: str) -> None:
        self.path, self.name = Path(path), name
        self.found: tuple[int, int, Content] | None = None
        self.integrity: list[str] | None = None  # what PRAGMA integrity_check said (None: not run)
        self._checked = threading.Event()
        self._thread = threading.Thread(target=self._read, name="verified-mark", daemon=True)
        self._thread.start()

    def sound(self, path: Path, *, full: bool) -> bool:
        """Whether the full integrity check of ``path`` ran here and found it sound (waited for)."""
        if not full or Path(path) != self.path:
            return False
        self._checked.wait()
        return self.integrity == ["ok"]

    def _read(self) -> None:
        try:
            self._scan()
        finally:
            self._checked.set()

    def _scan(self) -> None:
        with contextlib.suppress(Exception):  # anything at all: the store and the check read it themselves
            if not (self.path.is_file() and os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)):
                return  # a file play will refuse: nothing is made beside it (SQLite's -shm and -wal)
            conn = sqlite3.connect(self.path.absolute().as_uri() + "?mode=ro", uri=True, timeout=1.0)
            try:
                try:
                    self.integrity = [row[0] for row in conn.execute("PRAGMA integrity_check(20)").fetchall()]
                finally:
                    self._checked.set()
                found = conn.execute("select id from sessions where name = ?", [self.name]).fetchone()
                if found is None:
                    return
                mark = json.loads(self.path.with_name(f"{self.path.name}.verified-{found[0]}").read_text("utf-8"))
                if isinstance(mark.get("seq"), int) and not isinstance(mark["seq"], bool):
                    self.found = (found[0], mark["seq"], _content_of(conn, found[0], mark["seq"]))
            finally:
                conn.close()

    def content(self, session: SessionRow, seq: int) -> Content | None:
        self._thread.join()
        found = self.found
        return found[2] if found is not None and found[:2] == (session.id, seq) else None


def _content_of(conn: sqlite3.Connection, session_id: int, seq: int, *, check: bool = False) -> Content:
    row = conn.execute(_CONTENT, [session_id, seq]).fetchone()
    return Content(row[0], row[1], tuple(row[2:5]), list(row[5:]), check=check)


class Marks:
    """The ``Store`` methods that keep and use a session's verified-up-to mark."""

    @property
    def _unmarked(self) -> set[int]:
        """The sessions whose check before play failed in this store (never marked after)."""
        if "_unmarked_ids" not in self.__dict__:
            self.__dict__["_unmarked_ids"] = set()
        return self.__dict__["_unmarked_ids"]

    def mark_path(self, session: SessionRow) -> Path:
        return self.path.with_name(f"{self.path.name}.verified-{session.id}")

    def verify_before_play(self, session: SessionRow, early: Early | None = None) -> Verdict:
        """The chain check before play: from the mark when it holds (and the mark moved to the
        head), else the full ``verify`` (and a mark written when it passes). ``early``: the
        digest read ahead (``Early``), if it was."""
        verdict = self._from_mark(session, renew=True, early=early)
        if verdict is not None:
            return verdict
        found = None
        with self.reading():  # the rows the full check passed are the rows the mark describes
            verdict = self.verify(session)
            if verdict.ok and verdict.events and not self.readonly:
                with contextlib.suppress(sqlite3.Error, UnicodeError):
                    found = self.last(session), self._content(session, verdict.events, check=True)
        if not verdict.ok:  # played on with --force: this window never writes a mark
            self._unmarked.add(session.id)
        elif found is not None:
            head, content = found
            if head == (verdict.events, verdict.head) and content.count == verdict.events:
                self._write_mark(session, head, content)
                self._known[session.id] = (head, content)
        return verdict

    def renew_mark(self, session: SessionRow) -> bool:
        """Move the mark to the session's head (a window closing), if the mark holds and the
        window did not begin on a broken chain. After a check of this store, only the events
        since are read: the digest goes on from the rows as that check read them (a row
        changed meanwhile makes the next start's digest differ, and the full check runs)."""
        if session.id in self._unmarked or self.readonly:
            return False
        known = self._known.get(session.id)
        if known is None:
            return self._from_mark(session, renew=True) is not None
        (seq, digest), content = known
        try:
            with self.reading():
                after, head = self._after(session, seq)
        except (sqlite3.Error, UnicodeError, TypeError):
            return False
        return self._run_on(session, (seq, digest), content, after, head) is not None

    def forget_mark(self, session: SessionRow) -> None:
        self._known.pop(session.id, None)
        with contextlib.suppress(OSError):
            os.unlink(self.mark_path(session))

    @property
    def _known(self) -> dict[int, tuple[tuple[int, str], Content]]:
        """(seq, hash) and digest of the rows up to it, as this store last checked them, by session."""
        if "_known_marks" not in self.__dict__:
            self.__dict__["_known_marks"] = {}
        return self.__dict__["_known_marks"]

    def _from_mark(self, session: SessionRow, *, renew: bool, early: Early | None = None) -> Verdict | None:
        """The verdict from the mark: None when there is no mark that holds, or anything after
        it does not pass (the full check then says what)."""
        mark = self._read_mark(session)
        if mark is None or not self._has("events", "typed") or not self._has("sessions", "head_hash"):
            return None
        seq, digest = mark["seq"], mark["hash"]
        ahead = early.content(session, seq) if early is not None else None
        try:
            with self.reading():  # the rows up to the mark, after it, and the head: one committed state
                anchor = self.conn.execute("select hash from events where session_id = ? and seq = ?",
                                              [session.id, seq]).fetchone()  # fmt: skip
                if anchor is None or anchor[0] != digest:
                    return None
                content = ahead or self._content(session, seq)
                after, head = self._after(session, seq)
        except (sqlite3.Error, UnicodeError, TypeError):
            return None
        if content.count != seq or content.top != seq or content.digest() != mark["digest"]:
            return None
        return self._run_on(session, (seq, digest), content, after, head, write=renew)

    def _after(self, session: SessionRow, seq: int) -> tuple[list[EventRow], tuple[int, str]]:
        """The events after ``seq``, and (event count, head hash) as the sessions row keeps them."""
        from dealer_assist.store.chain import EventRow

        after = [EventRow(*row) for row in self.conn.execute(
            "select seq, text, event, ts, hash, prev_hash, typed from events where session_id = ? and seq > ? "
            "order by seq", [session.id, seq])]  # fmt: skip
        head = self.conn.execute("select event_count, head_hash from sessions where id = ?", [session.id]).fetchone()
        return after, tuple(head) if head is not None else (-1, "")

    def _run_on(self, session: SessionRow, mark: tuple[int, str], content: Content, after: list[EventRow],
                head: tuple[int, str], *, write: bool = True) -> Verdict | None:  # fmt: skip
        """The events after a mark that holds: each one re-hashed and linked, up to the head the
        sessions row names; then the mark moved to the head (``write``) and remembered."""
        from dealer_assist.store.chain import Verdict, continues

        if not continues(after, *mark):
            return None
        last = (after[-1].seq, after[-1].hash) if after else mark
        if tuple(head) != last:
            return None
        if after:
            content.extend(after)
            if write:
                self._write_mark(session, last, content)
        self._known[session.id] = (last, content)
        return Verdict(True, last[0], head=last[1])

    def _content(self, session: SessionRow, seq: int, *, check: bool = False) -> Content:
        return _content_of(self.conn, session.id, seq, check=check)

    def _read_mark(self, session: SessionRow) -> dict[str, Any] | None:
        from dealer_assist import seal

        try:
            mark = json.loads(self.mark_path(session).read_text(encoding="utf-8"))
            fields = [mark[k] for k in ("session", "name", "seq", "hash", "digest")]
        except (OSError, ValueError, TypeError, KeyError):
            return None
        if fields[:2] != [session.id, session.name] or not isinstance(fields[2], int) or fields[2] < 1:
            return None
        return mark if seal.fields_hold(mark.get("seal"), KIND, *fields) else None

    def _write_mark(self, session: SessionRow, head: tuple[int, str], content: Content) -> None:
        """Write the mark (atomically; none without a key, or when a value could not be told
        apart from the separators); a failure only loses the cache."""
        from dealer_assist import seal

        if self.readonly or not content.clean or content.count != head[0]:
            return
        fields = [session.id, session.name, head[0], head[1], content.digest()]
        checksum = seal.seal_fields(KIND, *fields)
        if checksum is None:
            return
        path = self.mark_path(session)
        record = dict(zip(("session", "name", "seq", "hash", "digest"), fields), seal=checksum)
        write_cache(path, json.dumps(record) + "\n")
