"""The shell around the engine for live play: a ``Session`` kept in step with the store.

A line is parsed, applied as a whole, written to the store, and only then reported; a line
that is refused changes nothing, in memory or on disk. Also here: the TIME-1 clocks (a
window's clock starts at the timestamp of the stored event that opened it, also after a
restart) and what the prompt offers — commands and their arguments, each one tried with the
engine's own ``can`` (pure functions of the state).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Callable, Iterable

from dealer_assist import notation as n
from dealer_assist.cards import RANKS, Card
from dealer_assist.engine import Phase, Session, State, can, expectation, legal, to_json
from dealer_assist import rulesets
from dealer_assist.engine import snapshot
from dealer_assist.engine.state import History
from dealer_assist.engine.view import game_record
from dealer_assist.engine.session import Outcome
from dealer_assist.errors import DealerAssistError, SessionError
from dealer_assist.i18n import Term, with_clause
from dealer_assist.store import Holder, SessionRow, Store
from dealer_assist.verify import announced_head


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
        self._last_bets: tuple[int, dict[int, int]] | None = None

    def _from_snapshot(self) -> tuple[int, State | None, tuple[int, str]]:
        """The stored snapshot, if it can be trusted: anchored to its event, made by these
        rules (else silently rebuilt: an upgrade), sealed on this computer and well formed
        (else rebuilt, and ``ignored`` says why)."""
        kept = self.store.snapshot(self.row)
        if kept is None:
            return 0, None, (0, "")
        seq, digest, engine, body, sealed = kept
        if engine != snapshot.fingerprint():
            return 0, None, (0, "")
        if not sealed:
            self.ignored = "snapshot.reason.seal"
            return 0, None, (0, "")
        store, row = self.store, self.row
        try:
            state = snapshot.load(body, lambda count: History.deferred(count, lambda: store.game_records(row, count)))
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
            store.keep_snapshot(live.row, (*live.last, snapshot.fingerprint(), snapshot.dump(live.state)))
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
        row = self.store.db.conn.execute("select ts from events where session_id = ? and seq = ?",
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
            self.store.keep_snapshot(self.row, (*self.last, snapshot.fingerprint(), snapshot.dump(self.state)))
            self.kept = self.last[0]
        if self.lock is not None:
            self.store.release(self.row, self.lock)
            self.lock = None

    def last_bets(self) -> dict[int, int]:
        """Each box's latest bet line with an amount (completion offers it first), read from the
        stored events once a game."""
        games = self.state.games
        if self._last_bets is not None and self._last_bets[0] == games:
            return self._last_bets[1]
        found: dict[int, int] = {}
        rows = self.store.db.conn.execute(
            "select event from events where session_id = ? and json_extract(event, '$.command') = 'Bet' "
            "order by seq desc limit 64", [self.row.id]).fetchall()  # fmt: skip
        for (event,) in rows:
            try:
                data = json.loads(event)
                box, amount = int(data["box"]), data["amount"]
            except (TypeError, ValueError, KeyError):
                continue
            if isinstance(amount, int) and amount > 0:
                found.setdefault(box, amount)
        self._last_bets = (games, found)
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
            games = line_records(self.state, commands, finished)
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
                                          snapshot=(snapshot.fingerprint(), snapshot.dump(self.state)))  # fmt: skip
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


def line_records(state, commands: list[n.Command], finished: int) -> list[dict]:
    """The games rows one line writes: the game in progress after it, and every game the line
    finished — a line that settles a game and starts the next (``peek K; game``) leaves the
    settled game's final record, not the one it had before the line. ``finished``: the
    number of finished games before the line."""
    history = state.history
    count = max(len(history) - finished, 0)
    if any(isinstance(cmd, n.Undo) for cmd in commands):  # an undone `game` may come back in the same line
        count += sum(isinstance(cmd, n.Game) for cmd in commands)
    records = _last_records(history, min(count, len(history)))
    current = rulesets.game_record(state)
    return records + ([current] if current is not None else [])


def _last_records(history: History, count: int) -> list[dict]:
    """The last ``count`` finished games' records, read from the end of the persistent list
    (a resumed session's older records stay unread in the database)."""
    records: list[dict] = []
    node = history
    while len(records) < count and node is not None and node._parent is not None:
        records.append(json.loads(node._record))  # History's own nodes: the newest first
        node = node._parent
    if len(records) < count:
        return list(history)[-count:]
    return records[::-1]


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
    from dealer_assist.snapshot_check import SnapshotCheck
    from dealer_assist.store import game_row

    check = SnapshotCheck(store, row)  # the whole log, never the snapshot: it is checked against it
    live = LiveSession(store, row, whole=True, on_event=check.on_event)
    found: list[Finding] = check.findings()
    stored = store.summary_row(row)
    # a session without events keeps the row it was created with
    expected = summary(live.state) if live.last[0] else {"status": "running", "games": 0}
    for column, value in expected.items():
        if column not in stored or (column == "seats" and stored[column] is None):
            continue  # a column of a later schema, or players an older version did not record
        if stored.get(column) != value:
            found.append(Finding("verify.derived_session", {"name": row.name, "column": column,
                                 "stored": _short(stored.get(column)), "expected": _short(value)}))  # fmt: skip
    if not store.keeps_games:  # a database from before the games table (schema v1)
        return found
    want = {record["game"]: game_row(row.id, record) for record in rulesets.to_json(live.state)["log"]}
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


def clock(state) -> Clock | None:
    """The clock running now at the state's table (its own rule, ``rulesets`` hook "clock";
    a table without time limits has none)."""
    rule = rulesets.hook(state, "clock")
    return rule(state) if rule is not None else None


def one_million_clock(state: State) -> Clock | None:
    """TIME-1: the clock running now, and the command to record its time-out."""
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
#
# What the prompt offers (Tab): every suggestion is a command, or the start of one, that the
# engine accepts now: each is tried with ``engine.can`` (the same checks as ``step``), so a
# completion and a refusal can never disagree.

CARD_WORDS = (*RANKS, *(f"[{rank}]" for rank in RANKS), "JK", "[?]")
_CARDS = {word: n.parse_card(word) for word in CARD_WORDS}
_PROBE = Card("2")  # any card: only an action's own checks matter (as in ``legal_actions``)
_HAND_ACTIONS = {
    "ht": lambda ref: n.Hit(ref, _PROBE), "st": n.Stand, "dd": lambda ref: n.Double(ref, _PROBE), "sp": n.Split,
    "sr": n.LateSurrender, "foresight": lambda ref: n.Foresight(ref, (_PROBE,)),
}  # fmt: skip
_TAKES_CARD = ("ht", "dd", "foresight")


def cards_for(state: State, make: Callable[[Card], n.Command], words: Iterable[str] = CARD_WORDS) -> list[str]:
    """The card words (``9``, ``[9]``, ``JK``, ``[?]``) with which ``make(card)`` is accepted now."""
    return [word for word in words if can(state, make(_CARDS[word]))]


def _any_card(state: State, make: Callable[[Card], n.Command]) -> bool:
    return any(can(state, make(card)) for card in _CARDS.values())


def hand_actions(state: State, ref: n.HandRef) -> list[str]:
    """The actions hand ``ref`` may take now, future sight included (as ``legal_actions``: a
    probe card, the cards known on top of the shoe aside)."""
    return [name for name, make in _HAND_ACTIONS.items() if can(state, make(ref), ignore_shoe=True)]


def redistribution_as_is(state: State) -> n.Redistribute | None:
    """GUILD-1 with every box keeping its points (a bankrupt box's leftover to the first box that
    can bet): the template the prompt offers, and the probe of whether a redistribution is
    possible now. None when no box can take part."""
    able = [b for b, box in state.boxes.items() if not box.bankrupt]
    if not able:
        return None
    leftover = sum(box.points for box in state.boxes.values() if box.bankrupt)
    shares = tuple((b, state.boxes[b].points + (leftover if i == 0 else 0)) for i, b in enumerate(able))
    return n.Redistribute(shares)


def suggestions(state) -> list[str]:
    """Command starts the prompt offers now (completion), by the state's table; at a new
    session's start also ``ruleset`` (the choice of table)."""
    from dealer_assist.expected import choosable

    own = rulesets.hook(state, "suggestions")(state)
    return ["ruleset ", *own] if choosable(state) else own


def one_million_suggestions(state: State) -> list[str]:
    """Command starts the prompt offers now (completion): only what the engine would accept."""
    phase = state.phase
    game = state.game
    out: list[str] = []
    if phase is Phase.SETUP:
        out += ["quest ", "dice ", "seat ", "hp ", "skill ", "jk ", "shoe ", "rule "]
        if can(state, n.Game()):
            out.append("game")
    elif phase is Phase.BETWEEN:
        if can(state, n.Game()):
            out.append("game")
    elif phase is Phase.BETS and game is not None and game.backbet:
        if _any_card(state, lambda c: n.Deal((c,))):
            out.append("deal ")
    elif phase in (Phase.BETS, Phase.LATE_BETS) and game is not None:
        waiting = game.late_bets if phase is Phase.LATE_BETS else game.bets
        out += [f"bet {b} " for b, box in state.boxes.items()
                if not box.bankrupt and b not in waiting and can(state, n.Bet(b, None))]  # fmt: skip
        if phase is Phase.BETS:
            if _any_card(state, lambda c: n.Deal((c,))):
                out.append("deal ")
            if can(state, n.Backbet()):
                out.append("backbet")
            probe = redistribution_as_is(state)
            if probe is not None and can(state, probe):
                out.append("redistribute ")
    elif phase is Phase.PLAYERS:
        e = expectation(state)
        hand = str(e.params.get("hand", ""))
        if e.key == "expect.split_card":
            out.append(f"{hand} ")
        elif hand:
            ref = n.parse_hand(hand)
            assert ref is not None
            for action in hand_actions(state, ref):
                out.append(f"{hand} {action}" + (" " if action in _TAKES_CARD else ""))
        if can(state, n.TimeUp()):
            out.append("timeup")
    else:
        for keyword in legal(state):
            if keyword == "deal" and _any_card(state, lambda c: n.Deal((c,))):
                out.append("deal ")
            elif keyword == "sr" and any(can(state, n.SurrenderCall((b,))) for b in state.boxes):
                out.append("sr ")
            elif keyword == "go" and can(state, n.Go()):
                out.append("go")
            elif keyword in ("peek", "reveal"):
                make = n.Peek if keyword == "peek" else n.Reveal
                if can(state, make(None)):
                    out.append(keyword)
                elif _any_card(state, make):
                    out.append(f"{keyword} ")
            elif keyword == "lock":
                out += ["lock ", "lock none"] if can(state, n.Lock(None)) else []
            elif keyword == "next" and _any_card(state, n.Next):
                out.append("next ")
            elif keyword == "dealer" and _any_card(state, n.DealerCard):
                out.append("dealer ")
    if phase not in (Phase.SETUP, Phase.BETWEEN, Phase.OVER):
        if any(can(state, n.Yellow(b)) for b in state.boxes):
            out.append("yellow ")
        if can(state, n.Empty()):
            out.append("empty")
    return out + closing(state)


def closing(state) -> list[str]:
    """What every table offers last: a note, the undo (after the session's end a plain undo is
    refused, issue 17: ``undo end`` takes the end back), help and quit."""
    return ["note ", "undo end" if state.over else "undo", "help", "quit"]


@dataclass(frozen=True, slots=True)
class Argument:
    """One word the prompt offers after what was typed, with the catalog key (and values) of
    its description."""

    word: str
    key: str
    params: dict


def _card_argument(state: State, word: str) -> Argument:
    card = _CARDS[word]
    for known in state.known_top[:1]:
        if known.card.matches(card):
            return Argument(word, "complete.card_known", {"clause": known.clause})
    if card.is_unknown:
        return Argument(word, "complete.card_unknown", {})
    if card.is_joker:
        return Argument(word, "complete.card_joker", {})
    return Argument(word, "complete.card_closed" if card.closed else "complete.card_open", {})


def _cards(state: State, make: Callable[[Card], n.Command], words: Iterable[str] = CARD_WORDS) -> list[Argument]:
    return [_card_argument(state, word) for word in cards_for(state, make, words)]


def amount_word(amount: int) -> str:
    """An amount as the notation's shortest exact word: ``20k``, ``1m``, ``1500``."""
    if amount % 1_000_000 == 0:
        return f"{amount // 1_000_000}m"
    if amount % 1000 == 0:
        return f"{amount // 1000}k"
    return str(amount)


def bet_amounts(state: State, box: int, last: int | None = None) -> list[Argument]:
    """The amounts box ``box`` can bet now: its last bet, round amounts (1, 2, 5 × 10^k) from a
    hundredth of the most it may bet up to that most (its points at two significant digits,
    BET-3, within the cap of dealer skill 2, BET-4), and no bet; each accepted by the engine."""
    from dealer_assist.engine.skills import bet_cap

    out: list[Argument] = []
    seat = state.boxes.get(box)
    if seat is not None and not seat.bankrupt:
        points = seat.points
        unit = 10 ** max(len(str(points)) - 2, 0)
        top = points // unit * unit
        cap = bet_cap(state)
        if cap is not None:
            top = min(top, cap)
        minimum = state.config.min_bet
        round_ = sorted({m * 10**k for k in range(1, 13) for m in (1, 2, 5)
                         if max(minimum, top / 100) <= m * 10**k < top})  # fmt: skip
        chosen: list[tuple[int, str]] = []
        if last:
            chosen.append((last, "complete.bet_last"))
        chosen += [(amount, "complete.bet_amount") for amount in round_]
        chosen.append((top, "complete.bet_cap" if cap is not None and top == cap else "complete.bet_top"))
        seen: set[int] = set()
        for amount, key in chosen:
            if amount in seen or amount < minimum or not can(state, n.Bet(box, amount)):
                continue
            seen.add(amount)
            out.append(Argument(amount_word(amount), key, {"amount": amount}))
    if can(state, n.Bet(box, None)):
        out.append(Argument("-", "complete.bet_none", {}))
    return out


def _box_argument(state: State, box: int) -> Argument:
    seat = state.boxes[box]
    return Argument(str(box), "complete.box", {"player": seat.player, "points": seat.points})


def arguments(state, words: list[str], last_bets: dict[int, int] | None = None) -> list[Argument]:
    """The words that may follow ``words`` (a command's complete words so far, in the notation)
    as its next word, each one accepted by the rules now (the table's ``arguments`` hook)."""
    if not words:
        return []
    if words[0].lower() == "ruleset":  # the tables a new session may choose
        from dealer_assist.expected import choosable

        return [Argument(name, f"ruleset.choice.{name}", {}) for name in choosable(state)] if len(words) == 1 else []
    if n.JA_COMMANDS.get(words[0], words[0].lower()) == "undo":  # `undo end`: only after the end
        return [Argument("end", "complete.undo_end", {})] if len(words) == 1 and state.over else []
    try:
        return rulesets.hook(state, "arguments")(state, words, last_bets)
    except DealerAssistError:  # what was typed so far cannot be read: nothing to offer
        return []


def one_million_arguments(state: State, words: list[str], last_bets: dict[int, int] | None = None
                          ) -> list[Argument]:  # fmt: skip
    """One Million: difficulties after ``quest``, boxes after ``bet``, ``sr``, ``yellow``,
    amounts after ``bet BOX`` (``last_bets``: each box's last bet, offered first), a hand's
    actions, and card ranks wherever a card is expected."""
    head, args = words[0].lower(), words[1:]
    try:
        hand = n.parse_hand(head)
        if hand is not None:
            return _hand_arguments(state, hand, args)
        return _command_arguments(state, head, args, last_bets or {})
    except DealerAssistError:  # what was typed so far cannot be read: nothing to offer
        return []


def hand_words(ref: n.HandRef, args: list[str], actions: list[str],
               cards: Callable[[Callable[[Card], n.Command]], list[Argument]]) -> list[Argument] | None:  # fmt: skip
    """What every table offers after a hand (``3``, ``3a``): its ``actions`` and the split
    hand's card; after ``ht`` / ``dd`` the cards (``cards(make)``: the table's accepted cards).
    None when the words go on with a table's own action."""
    if not args:
        out = [Argument(a, f"help.short.{'late_sr' if a == 'sr' else a}", {}) for a in actions]
        return out + cards(lambda c: n.SplitCard(ref, c))
    action = n.JA_ACTIONS.get(args[0], args[0].lower())
    if action in ("ht", "dd") and len(args) == 1:
        make = n.Hit if action == "ht" else n.Double
        return cards(lambda c: make(ref, c))
    return None


def _hand_arguments(state: State, ref: n.HandRef, args: list[str]) -> list[Argument]:
    shared = hand_words(ref, args, hand_actions(state, ref) if not args else [], lambda make: _cards(state, make))
    if shared is not None:
        return shared
    action = n.JA_ACTIONS.get(args[0], args[0].lower())
    if action == "foresight" and len(args) in (1, 2):  # brackets are optional: open faces and JK
        before = tuple(n.parse_card(word) for word in args[1:])
        return _cards(state, lambda c: n.Foresight(ref, (*before, c)), (*RANKS, "JK"))
    return []


def _command_arguments(state: State, head: str, args: list[str], last_bets: dict[int, int]) -> list[Argument]:
    phase = state.phase
    if head == "quest" and not args:
        return [Argument(d, "complete.difficulty", {"difficulty": Term(f"difficulty.{d}")})  # 「難易度 Extreme」
                for d in n.DIFFICULTIES if can(state, n.Quest(d))]  # fmt: skip
    if head == "skill" and phase is Phase.SETUP:
        if not args:
            return [Argument(name, "help.short.skill", {}) for name in n.SKILL_KINDS]
        if len(args) == 1 and n.SKILL_KINDS.get(args[0].lower()) == "bool":
            return [Argument(word, "help.short.skill", {}) for word in ("on", "off")]
        return []
    if head == "rule" and phase is Phase.SETUP and not args:
        return [Argument(name, "help.short.rule", {}) for name in n.RULE_KINDS]
    if head == "seat" and phase is Phase.SETUP and not args:
        return [Argument(str(b), "complete.free_box", {}) for b in range(1, 8) if b not in state.boxes]
    if head == "bet":
        if not args:  # the boxes still without a bet line (a bet is replaced by naming the box)
            game = state.game
            waiting = (game.late_bets if phase is Phase.LATE_BETS else game.bets) if game is not None else {}
            return [_box_argument(state, b) for b, seat in state.boxes.items()
                    if not seat.bankrupt and b not in waiting and can(state, n.Bet(b, None))]  # fmt: skip
        if len(args) == 1:
            box = n.parse_box(args[0])
            game = state.game
            last = game.bets.get(box) if game is not None else None
            return bet_amounts(state, box, last or last_bets.get(box))
        return []
    if head == "deal":
        before = tuple(n.parse_card(word) for word in args)
        return _cards(state, lambda c: n.Deal((*before, c)))
    if head == "sr":
        before = tuple(n.parse_box(word) for word in args)
        return [_box_argument(state, b) for b in state.boxes if b not in before
                and can(state, n.SurrenderCall((*before, b)))]  # fmt: skip
    if head == "yellow" and not args:
        return [_box_argument(state, b) for b in state.boxes if can(state, n.Yellow(b))]
    if head == "lock" and not args:
        return [Argument("none", "help.short.lock", {})] if can(state, n.Lock(None)) else []
    if head == "redistribute" and not args:
        probe = redistribution_as_is(state)
        if probe is None or not can(state, probe):
            return []
        return [Argument(" ".join(f"{b}={a}" for b, a in probe.shares), "complete.redistribute", {})]
    makers: dict[str, Callable[[Card], n.Command]] = {
        "peek": n.Peek, "reveal": n.Reveal, "next": n.Next, "dealer": n.DealerCard,
    }  # fmt: skip
    if head in makers and not args:
        return _cards(state, makers[head])
    return []
