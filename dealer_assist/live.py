"""The shell around the engine for live play: a ``Session`` kept in step with the store.

A line is parsed, applied as a whole, written to the store, and only then reported; a line
that is refused changes nothing, in memory or on disk. Also here: the TIME-1 clocks and
the suggestions the prompt offers (pure functions of the state).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from dealer_assist import notation as n
from dealer_assist.engine import Phase, Session, State, expectation, legal, to_json
from dealer_assist.engine import snapshot
from dealer_assist.engine.state import History
from dealer_assist.engine.view import game_record
from dealer_assist.engine.session import Outcome
from dealer_assist.errors import DealerAssistError, SessionError
from dealer_assist.store import Holder, SessionRow, Store


def summary(state: State) -> dict:
    return {"setup": _setup_json(state.config), "status": state.status.value, "games": state.games, "hp": state.hp}


_SETUP: list = [None, ""]  # the last setup written, and its JSON (the setup changes only before game 1)


def _setup_json(config) -> str:
    if _SETUP[0] is not config:  # the engine copies the setup only when a setup command changes it
        _SETUP[:] = [config, json.dumps(asdict(config), ensure_ascii=False, default=list)]
    return _SETUP[1]


class LiveSession:
    """One stored session, loaded by replaying its events (the notation is the log).

    A long session resumes from its snapshot (``engine.snapshot``: the state after the start
    of its latest game, kept beside the events) and replays only the events after it; the
    snapshot is used only if it still names an event with that hash and was made by these
    rules, else the whole log is replayed. ``base`` is the number of the events before the
    ones held in memory; an undo that goes further back reloads the whole log first."""

    def __init__(self, store: Store, row: SessionRow, *, lock: str | None = None, whole: bool = False) -> None:
        self.store = store
        self.row = row
        self.lock = lock  # the token of the lock this window holds, when it holds one
        self.replaced: Holder | None = None  # the holder whose lock ``open`` took over, if any
        self.base, state, last = (0, None, (0, "")) if whole else self._from_snapshot()
        self.session = Session(state)
        self.kept = self.base  # the event the stored snapshot follows
        for seq, text, digest in store.events_after(row, self.base):
            try:
                for cmd in n.parse_line(text):
                    self.session.submit(cmd)
            except DealerAssistError as exc:
                raise StoredUnreadable(row.name, seq, exc) from None
            last = (seq, digest)
        self.last = last

    def _from_snapshot(self) -> tuple[int, State | None, tuple[int, str]]:
        kept = self.store.snapshot(self.row)
        if kept is None:
            return 0, None, (0, "")
        seq, digest, engine, body = kept
        if engine != snapshot.fingerprint():
            return 0, None, (0, "")
        store, row = self.store, self.row
        try:
            state = snapshot.load(body, lambda count: History.deferred(count, lambda: store.game_records(row, count)))
        except snapshot.SnapshotError:
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
        return live

    def close(self) -> None:
        """Leave the session: keep a snapshot of where it stands, let another window hold it."""
        if self.kept != self.last[0] and self.last[0] and not self.store.readonly:
            self.store.keep_snapshot(self.row, (*self.last, snapshot.fingerprint(), snapshot.dump(self.state)))
            self.kept = self.last[0]
        if self.lock is not None:
            self.store.release(self.row, self.lock)
            self.lock = None

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
        outcomes = self.session.submit_all(commands)
        try:
            items = [(n.canonical(text, cmd), cmd.to_dict(), line)
                     for text, cmd in zip(segments, commands, strict=True)]  # fmt: skip
            games = [game_record(self.state, self.state.game)] if self.state.game is not None else []
            keep = None
            if any(isinstance(cmd, n.Game) for cmd in commands):  # a new game: a new snapshot
                keep = (snapshot.fingerprint(), snapshot.dump(self.state))
            self.last = self.store.append(self.row, items, after=self.last, summary=summary(self.state),
                                          games=games, lock=self.lock, snapshot=keep)  # fmt: skip
            if keep is not None:
                self.kept = self.last[0]
        except BaseException:
            self.session.restore(saved)
            raise
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
                                          games=to_json(self.state)["log"], lock=self.lock,
                                          snapshot=(snapshot.fingerprint(), snapshot.dump(self.state)))  # fmt: skip
            self.kept = self.last[0]
        except BaseException:
            self.session.restore(start)
            raise

    def script(self, lang: str = "en") -> str:
        """The session as a notation script (`export`): every accepted command in its canonical
        text; the header comment in ``lang``."""
        from dealer_assist.messages import text

        lines = ["# " + text("export.header", lang, name=self.row.name, created=self.row.created)]
        lines += [event.text for event in self.store.events(self.row)]
        return "\n".join(lines) + "\n"


def _reason(exc: DealerAssistError, lang: str = "en") -> str:
    clause = getattr(exc, "clause", None)
    return f"{clause}: {exc.text(lang)}" if clause else exc.text(lang)


class StoredUnreadable(SessionError):
    """A stored event that no longer replays (``session.stored_unreadable``); the reason is
    told in the language the error is shown in."""

    def __init__(self, name: str, seq: int, error: DealerAssistError) -> None:
        super().__init__("session.stored_unreadable", name=name, seq=seq, error=_reason(error))
        self.error = error

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang, **{**self.params, "error": _reason(self.error, lang)})


@dataclass(frozen=True, slots=True)
class Finding:
    """A derived row (``sessions`` or ``games``) that does not match the events."""

    key: str
    params: dict

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang, **self.params)


def check_derived(store: Store, row: SessionRow) -> list[Finding]:
    """Replay the stored events and compare the ``sessions`` row and the ``games`` rows with
    what the events give (``verify``): an empty list when they agree."""
    from dealer_assist.store import game_row

    live = LiveSession(store, row)
    found: list[Finding] = []
    stored = store.summary_row(row)
    # a session without events keeps the row it was created with
    expected = summary(live.state) if live.last[0] else {"status": "running", "games": 0}
    for column, value in expected.items():
        if stored.get(column) != value:
            found.append(Finding("verify.derived_session", {"name": row.name, "column": column,
                                 "stored": _short(stored.get(column)), "expected": _short(value)}))  # fmt: skip
    if not store.keeps_games:  # a database from before the games table (schema v1)
        return found
    want = {record["game"]: game_row(row.id, record) for record in to_json(live.state)["log"]}
    have = {game["game"]: game for game in store.game_rows(row)}
    for number in sorted(set(want) | set(have)):
        if number not in have:
            found.append(Finding("verify.derived_game_missing", {"game": number}))
        elif number not in want:
            found.append(Finding("verify.derived_game_extra", {"game": number}))
        else:
            for column, value in want[number].items():
                if have[number].get(column) != value:
                    found.append(Finding("verify.derived_game", {"game": number, "column": column,
                                         "stored": _short(have[number].get(column)), "expected": _short(value)}))  # fmt: skip
                    break
    return found


def _short(value) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


# --------------------------------------------------------------------------- TIME-1 clocks

CLOCKS = {
    Phase.BETS: ("bets", 90),
    Phase.LATE_BETS: ("bets", 90),
    Phase.SURRENDER: ("surrender", 60),
    Phase.PLAYERS: ("actions", 210),
}


@dataclass(frozen=True, slots=True)
class Clock:
    name: str  # bets, surrender, actions
    key: tuple[int, str]  # (game, name): one clock per window of a game
    seconds: int  # the limit (actions: +60 s per future sight)
    offer: str  # the command that records the time-out


def clock(state: State) -> Clock | None:
    """The TIME-1 clock running now, and the command to record its time-out."""
    spec = CLOCKS.get(state.phase)
    game = state.game
    if spec is None or game is None:
        return None
    name, seconds = spec
    if name == "actions":
        seconds += game.foresight_time
        offer = "timeup"
    elif name == "surrender":
        offer = "go"
    else:
        waiting = game.late_bets if state.phase is Phase.LATE_BETS else game.bets
        missing = [b for b, box in state.boxes.items() if not box.bankrupt and b not in waiting]
        offer = "; ".join(f"bet {b} -" for b in missing) or ("deal " if state.phase is Phase.BETS else "")
    return Clock(name, (game.number, name), seconds, offer)


# --------------------------------------------------------------------------- suggestions


def suggestions(state: State) -> list[str]:
    """Command starts the prompt offers now (completion)."""
    phase = state.phase
    game = state.game
    out: list[str] = []
    if phase is Phase.SETUP:
        out += ["quest ", "dice ", "seat ", "hp ", "skill ", "jk ", "shoe ", "rule ", "game"]
    elif phase is Phase.BETWEEN:
        out.append("game")
    elif phase is Phase.BETS and game is not None and game.backbet:
        out.append("deal ")
    elif phase in (Phase.BETS, Phase.LATE_BETS) and game is not None:
        waiting = game.late_bets if phase is Phase.LATE_BETS else game.bets
        out += [f"bet {b} " for b, box in state.boxes.items() if not box.bankrupt and b not in waiting]
        if phase is Phase.BETS:
            out += ["deal ", "backbet", "redistribute "]
    elif phase is Phase.PLAYERS:
        e = expectation(state)
        hand = e.params.get("hand", "")
        if e.key == "expect.split_card":
            out.append(f"{hand} ")
        else:
            for action in str(e.params.get("actions", "")).split("/"):
                if action:
                    out.append(f"{hand} {action}" + (" " if action in ("ht", "dd") else ""))
            out += [f"{hand} foresight ", "timeup"]
    else:
        keywords = {"deal": "deal ", "sr": "sr ", "go": "go", "peek": "peek", "lock": "lock ",
                    "reveal": "reveal", "next": "next ", "dealer": "dealer "}  # fmt: skip
        out += [keywords[k] for k in legal(state) if k in keywords]
        if phase is Phase.LOCK:
            out.append("lock none")
    if phase not in (Phase.SETUP, Phase.BETWEEN, Phase.OVER):
        out += ["yellow ", "empty"]
    out += ["note ", "undo", "help", "quit"]
    return out
