"""The live session: a ``Session`` kept in step with the store (open or resume, enter a line, store it).

A line is parsed, applied as a whole, written to the store, and only then reported; a line
that is refused changes nothing, in memory or on disk. A window's TIME-1 clock starts at the
timestamp of the stored event that opened it, also after a restart (``clocks``).
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Callable

from dealer_assist import notation as n
from dealer_assist import rulesets
from dealer_assist.core.session import Session
from dealer_assist.core.table import TableState as State
from dealer_assist.core import snapshot
from dealer_assist.core.history import History
from dealer_assist.core.session import Outcome
from dealer_assist.errors import DealerAssistError, SessionError
from dealer_assist.i18n import with_clause
from dealer_assist.live.clocks import clock
from dealer_assist.live.records import records_and_current
from dealer_assist.store import Holder, SessionRow, Store, announced_head


def summary(state) -> dict:
    """The store's sessions row for the state (its table says what: ``rulesets``)."""
    return rulesets.summary(state)


class LiveSession:
    """One stored session, loaded by replaying its events (the notation is the log).

    A long session resumes from its snapshot (``engine.snapshot``: the state after the start
    of its latest game, kept beside the events) and replays only the events after it; the
    snapshot is used only if it still names an event with that hash, was made by these
    rules, carries this computer's seal (``dealer_assist.seal``) and holds a well-formed
    state; else the whole log is replayed, and ``ignored`` says why (a catalog key: the
    shell says so in one sentence). ``base`` is the number of the events before the ones
    held in memory; an undo that goes further back reloads the whole log first.
    ``on_event(seq, session)`` is called after each event folded (``verify``)."""

    def __init__(self, store: Store, row: SessionRow, *, lock: str | None = None, whole: bool = False,
                 on_event: Callable[[int, Session], None] | None = None) -> None:  # fmt: skip
        self.store = store
        self.row = row
        self.lock = lock  # the token of the lock this window holds, when it holds one
        self.replaced: Holder | None = None  # the holder whose lock ``open`` took over, if any
        self.ignored: str | None = None  # why the stored snapshot was not used (snapshot.reason.*)
        self.base, state, last = (0, None, (0, "")) if whole else self._from_snapshot()
        self.session = Session(state)
        self.kept = self.base  # the event the stored snapshot follows
        # TIME-1: the event that opened each window of the current game (its clock starts at
        # that event's timestamp), and the start times already known (epoch seconds)
        self.opened: dict[tuple[int, str], int] = {}
        self.opened_at: dict[tuple[int, str], float] = {}
        if state is not None:  # a window already open at the snapshot opened with it, or before
            self._note_window(self.base)
        for seq, text, digest in store.events_after(row, self.base):
            try:
                for cmd in n.parse_line(text):
                    self.session.submit(cmd)
            except DealerAssistError as exc:
                # an undo reaching back past the snapshot; or a snapshot that is not the state
                # its event left (moved to an earlier event): the events after it do not fit
                if self.base:
                    whole = LiveSession(store, row, lock=lock, whole=True, on_event=on_event)
                    whole.ignored = None if isinstance(exc, SessionError) else "snapshot.reason.replay"
                    self.__dict__.update(whole.__dict__)
                    return
                raise StoredUnreadable(row.name, seq, exc) from None
            self._note_window(seq)
            last = (seq, digest)
            if on_event is not None:
                on_event(seq, self.session)
        self.last = last
        # the state's game record after the last line entered here, by that line's last seq
        # (``rulesets.game_record``, made once for its games row and for the screen)
        self.line_record: tuple[int, dict | None] | None = None
        self._remembered: tuple[int, object] | None = None

    def _from_snapshot(self) -> tuple[int, State | None, tuple[int, str]]:
        """The stored snapshot, if it can be trusted: anchored to its event, made by these
        rules (else silently rebuilt: an upgrade), sealed on this computer and well formed
        (else rebuilt, and ``ignored`` says why)."""
        kept = self.store.snapshot(self.row)
        if kept is None:
            return 0, None, (0, "")
        seq, digest, engine, body, sealed = kept
        table = self.row.ruleset or rulesets.DEFAULT
        if table not in rulesets.names() or engine != snapshot.fingerprint(table):
            return 0, None, (0, "")
        if not sealed:
            self.ignored = "snapshot.reason.seal"
            return 0, None, (0, "")
        store, row = self.store, self.row
        try:
            state = snapshot.load(body, lambda count: History.deferred(count, lambda: store.game_records(row, count)),
                                  table)  # fmt: skip
        except snapshot.SnapshotError:
            self.ignored = "snapshot.reason.damaged"
            return 0, None, (0, "")
        if getattr(type(state), "RULESET", None) != (row.ruleset or rulesets.DEFAULT):
            self.ignored = "snapshot.reason.damaged"  # another table's state
            return 0, None, (0, "")
        return seq, state, (seq, digest)

    @property
    def count(self) -> int:
        """The number of stored events this window has folded (undo included)."""
        return self.base + len(self.session.events)

    @classmethod
    def open(cls, store: Store, name: str, *, create: bool = False, lock: bool = False,
             take_over: bool = False) -> "LiveSession":  # fmt: skip
        """Load session ``name`` (``create``: a new one if there is none). With ``lock`` the
        session is held for this window first (``Store.acquire``): refused when another
        live window holds it, unless ``take_over``; ``replaced`` tells whose lock was taken."""
        row = store.find(name)
        if row is None:
            if not create:
                store.get(name)  # raises "no session named …"
            try:
                row = store.create(name)
            except SessionError as exc:  # created meanwhile by another window
                if exc.key != "session.exists":
                    raise
                row = store.get(name)
        token, replaced = store.acquire(row, take_over=take_over) if lock else (None, None)
        try:
            live = cls(store, row, lock=token)
        except BaseException:
            if token is not None:
                store.release(row, token)
            raise
        live.replaced = replaced
        if live.ignored and token is not None and live.last[0]:  # rebuild the snapshot that did not fit
            store.keep_snapshot(live.row, (*live.last, *snapshot.keep(live.state)))
            live.kept = live.last[0]
        return live

    def _note_window(self, seq: int, at: float | None = None) -> None:
        """Remember the event that opened the TIME-1 window running now (the first one seen:
        an undo does not restart a clock). Only the current game's windows are kept."""
        running = clock(self.session.state)
        if running is None or running.key in self.opened:
            return
        if self.opened and next(iter(self.opened))[0] != running.key[0]:
            self.opened.clear()
            self.opened_at.clear()
        self.opened[running.key] = seq
        if at is not None:
            self.opened_at[running.key] = at

    def window_start(self, key: tuple[int, str]) -> float | None:
        """When the TIME-1 window ``key`` opened (epoch seconds): the timestamp of the stored
        event that opened it, so a clock resumes where it was after a restart; None when this
        window was never seen."""
        if key in self.opened_at:
            return self.opened_at[key]
        seq = self.opened.get(key)
        if not seq:
            return None
        row = self.store.conn.execute("select ts from events where session_id = ? and seq = ?",
                                         [self.row.id, seq]).fetchone()  # fmt: skip
        try:
            at = datetime.fromisoformat(row[0]).timestamp() if row else None
        except (TypeError, ValueError):
            at = None
        if at is not None:
            self.opened_at[key] = at
        return at

    def close(self) -> None:
        """Leave the session: keep a snapshot of where it stands, let another window hold it.

        Not while a TIME-1 window runs that opened after the stored snapshot: the snapshot
        stays where it is (at most one game back), so the next resume folds the event that
        opened the window and its clock goes on from that event's timestamp."""
        if self.kept != self.last[0] and self.last[0] and not self.store.readonly and not self._clock_after_kept():
            self.store.keep_snapshot(self.row, (*self.last, *snapshot.keep(self.state)))
            self.kept = self.last[0]
        if self.lock is not None:
            if not self.store.readonly:  # the next start re-hashes only what comes after (``store/marks.py``)
                self.store.renew_mark(self.row)
            self.store.release(self.row, self.lock)
            self.lock = None

    def remembered(self):
        """What completion remembers from the stored events (the table's ``Screens.recall``:
        One Million's last bet of each box), read once a game; None at a table with no recall."""
        recall = rulesets.screens(self.state).recall
        if recall is None:
            return None
        games = self.state.games
        if self._remembered is not None and self._remembered[0] == games:
            return self._remembered[1]
        found = recall.read(self.store.last_commands(self.row, recall.command, recall.count))
        self._remembered = (games, found)
        return found

    def _clock_after_kept(self) -> bool:
        """Whether a TIME-1 window runs that opened at or after the stored snapshot."""
        running = clock(self.state)
        opened = self.opened.get(running.key) if running is not None else None
        return bool(self.kept) and opened is not None and self.kept <= opened

    @property
    def state(self) -> State:
        return self.session.state

    def enter(self, line: str) -> list[Outcome]:
        """Apply one line; store it; return what each command did. Raises when refused.

        Each event keeps the command's canonical text (``text``, what replays and exports:
        ``notation.canonical``, so ``3 ヒット 9`` is stored as ``3 ht 9``) and the whole line as
        it was typed (``typed``, for disputes)."""
        segments = n.split_line(line)
        commands = [n.parse_command(s) for s in segments]
        if not commands:
            return []
        undos = sum(isinstance(cmd, n.Undo) for cmd in commands)
        if undos and self.base and undos > len(self.session.events):  # back past the snapshot
            self._reload_whole()
        saved = self.session.snapshot(commands)
        finished = len(self.state.history)
        # the end of a session is final once announced (issue 17): only `undo end` takes it back
        outcomes = self.session.submit_all(commands, final_end=lambda: announced_head(self.store, self.row))
        try:
            items = [(n.canonical(text, cmd), cmd.to_dict(), line)
                     for text, cmd in zip(segments, commands, strict=True)]  # fmt: skip
            games, current = records_and_current(self.state, commands, finished)
            keep = None
            if any(isinstance(cmd, n.Game) for cmd in commands):  # a new game: a new snapshot
                keep = snapshot.keep(self.state)
            self.last = self.store.append(self.row, items, after=self.last, summary=summary(self.state),
                                          games=games, lock=self.lock, snapshot=keep)  # fmt: skip
            if keep is not None:
                self.kept = self.last[0]
            self.line_record = (self.last[0], current)
        except BaseException:
            self.session.restore(saved)
            raise
        self._note_window(self.last[0], time.time())
        return outcomes

    def _reload_whole(self) -> None:
        """Fold the whole log (an undo reaches back before the snapshot this window began with)."""
        whole = LiveSession(self.store, self.row, whole=True)
        if whole.last != self.last:  # pragma: no cover - the store refuses a second writer anyway
            raise SessionError("session.moved_on", name=self.row.name, seq=whole.last[0], expected=self.last[0])
        self.base, self.session = 0, whole.session

    def enter_many(self, lines: list[str]) -> None:
        """Apply and store many lines in one transaction (import): all of them or none."""
        start = self.session.snapshot([n.Undo()])
        items: list[tuple[str, dict, str]] = []
        try:
            for line in lines:
                segments = n.split_line(line)
                commands = [n.parse_command(s) for s in segments]
                self.session.submit_all(commands)
                items += [(n.canonical(text, cmd), cmd.to_dict(), line)
                          for text, cmd in zip(segments, commands, strict=True)]  # fmt: skip
            self.last = self.store.append(self.row, items, after=self.last, summary=summary(self.state),
                                          games=rulesets.to_json(self.state)["log"], lock=self.lock,
                                          snapshot=snapshot.keep(self.state))  # fmt: skip
            self.kept = self.last[0]
        except BaseException:
            self.session.restore(start)
            raise
        self._note_window(self.last[0], time.time())

    def script(self, lang: str = "en") -> str:
        """The session as a notation script (`export`): every accepted command in its canonical
        text; the header comment in ``lang``."""
        from dealer_assist.messages import text

        lines = ["# " + text("export.header", lang, name=self.row.name, created=self.row.created)]
        lines += [event.text for event in self.store.events(self.row)]
        return "\n".join(lines) + "\n"


def _reason(exc: DealerAssistError, lang: str = "en") -> str:
    clause = getattr(exc, "clause", None)
    return with_clause(clause, exc.text(lang), lang)


class StoredUnreadable(SessionError):
    """A stored event that no longer replays (``session.stored_unreadable``); the reason is
    told in the language the error is shown in."""

    def __init__(self, name: str, seq: int, error: DealerAssistError) -> None:
        super().__init__("session.stored_unreadable", name=name, seq=seq, error=_reason(error))
        self.error = error

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang, **{**self.params, "error": _reason(self.error, lang)})
