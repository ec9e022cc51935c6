"""``verify``'s check of a session's snapshot: the log is replayed from its first event (never
from the snapshot) and the snapshot is compared with the state the log gives after the event
it names. A snapshot is a cache, so a mismatch changes nothing stored (``verify`` only reads):
it is reported, and ``play`` rebuilds a snapshot whose seal fails (``dealer_assist.seal``).

A snapshot made by other rules (another engine fingerprint) is not compared: those rules may
write another state, and ``play`` never uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_assist.core import snapshot
from dealer_assist.core.history import History

if TYPE_CHECKING:
    from dealer_assist.core.session import Session
    from dealer_assist.store import SessionRow, Store


@dataclass(frozen=True, slots=True)
class Finding:
    """A derived row (``sessions`` or ``games``) that does not match the events."""

    key: str
    params: dict

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang, **self.params)


class SnapshotCheck:
    """Pass ``on_event`` to the replay (``LiveSession(..., whole=True, on_event=...)``); then
    ``findings`` says whether the snapshot is the state after its event."""

    def __init__(self, store: Store, row: SessionRow) -> None:
        kept = store.snapshot_row(row)
        self.seq: int | None = None
        self.same: bool | None = None  # None: nothing to compare (no snapshot, other rules)
        if kept is None:
            return
        seq, digest, engine, body, _checksum, event = kept
        from dealer_assist import rulesets

        table = row.ruleset or rulesets.DEFAULT
        if table not in rulesets.names() or engine != snapshot.fingerprint(table):
            return
        self.seq, self.same = seq, False
        self._body = body if isinstance(body, str) else ""
        self._anchored = isinstance(seq, int) and event is not None and event == digest

    def on_event(self, seq: int, session: Session) -> None:
        if seq == self.seq and self._anchored:
            self.same = _matches(self._body, session.state)

    def findings(self) -> list[Finding]:
        """Call after the replay: the finding when the snapshot is not the log's state."""
    
        if self.same is None or self.same:
            return []
        return [Finding("verify.snapshot_mismatch", {"seq": self.seq if isinstance(self.seq, int) else "?"})]


def _matches(body: str, state) -> bool:
    history = state.history

    def records(count: int) -> History:
        return history if count == len(history) else History.deferred(count, lambda: [])

    try:
        return snapshot.matches(body, state, records)
    except Exception:  # noqa: BLE001 - a damaged body compared with the state: it is not the state
        return False
