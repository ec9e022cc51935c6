"""Snapshots: a cache of each session's state after one of its events, sealed on this computer
(``dealer_assist.seal``); the events are the truth, a snapshot is only used while it still
names its event's hash.
"""

from __future__ import annotations

import contextlib
import sqlite3

from dealer_assist.store.rows import SessionRow


class Snapshots:
    """The ``Store`` methods that keep and read a session's snapshot."""

    def snapshot(self, session: SessionRow) -> tuple[int, str, str, str, bool] | None:
        """(seq, event hash, engine, body, sealed) of the session's snapshot, if it is still
        anchored (the event it names still has that hash); ``sealed``: its seal holds
        (``dealer_assist.seal``: made on this computer, unchanged since, for that event)."""
        from dealer_assist import seal

        row = self.snapshot_row(session)
        if row is None:
            return None
        seq, digest, engine, body, checksum, event = row
        typed = all(isinstance(v, t) for v, t in ((seq, int), (digest, str), (engine, str), (body, str)))
        if event != digest or not typed:
            return None  # not anchored to its event, or not even the columns' types: never used
        return seq, digest, engine, body, seal.holds(checksum, seq, digest, engine, body)

    def snapshot_row(self, session: SessionRow) -> tuple | None:
        """The snapshot row as stored, anchored or not: (seq, hash, engine, body, checksum, the
        hash of the event it names) — for ``verify``, which compares it with the replay."""
        if not self._has("snapshots"):
            return None
        return self.conn.execute(
            "select s.seq, s.hash, s.engine, s.body, s.checksum, e.hash from snapshots s "
            "left join events e on e.session_id = s.session_id and e.seq = s.seq where s.session_id = ?",
            [session.id]).fetchone()  # fmt: skip

    def game_records(self, session: SessionRow, count: int) -> list[str]:
        """The JSON records of the session's first ``count`` games (the ``games`` rows)."""
        rows = self.conn.execute("select record from games where session_id = ? and game <= ? order by game",
                                    [session.id, count]).fetchall()  # fmt: skip
        return [row[0] for row in rows]

    def _snapshot_row(self, session: SessionRow, snapshot: tuple[int, str, str, str]) -> None:
        """Keep a snapshot with its seal (none kept on a computer that has no key)."""
        from dealer_assist import seal

        seq, digest, engine, body = snapshot
        checksum = seal.seal(seq, digest, engine, body)
        if checksum is None:
            self.conn.execute("delete from snapshots where session_id = ?", [session.id])
            return
        self.conn.execute(
            "insert or replace into snapshots (session_id, seq, hash, engine, body, checksum) values (?, ?, ?, ?, ?, ?)",
            [session.id, seq, digest, engine, body, checksum])  # fmt: skip

    def keep_snapshot(self, session: SessionRow, snapshot: tuple[int, str, str, str]) -> None:
        """Store a snapshot on its own (when a window closes); a failure only loses the cache."""
        if self.readonly or not self._has("snapshots"):
            return
        with contextlib.suppress(sqlite3.Error), self._write():
            if self.last(session)[0] == snapshot[0]:
                self._snapshot_row(session, snapshot)
