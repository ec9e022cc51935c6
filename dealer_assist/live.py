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
from dealer_assist.engine.view import game_record
from dealer_assist.engine.session import Outcome
from dealer_assist.store import SessionRow, Store


def summary(state: State) -> dict:
    config = asdict(state.config)
    return {
        "setup": json.dumps(config, ensure_ascii=False, default=list),
        "status": state.status.value,
        "games": state.games,
        "hp": state.hp,
    }


class LiveSession:
    """One stored session, loaded by replaying its events (the notation is the log)."""

    def __init__(self, store: Store, row: SessionRow) -> None:
        self.store = store
        self.row = row
        self.session = Session()
        events = store.events(row)
        for event in events:
            for cmd in n.parse_line(event.text):
                self.session.submit(cmd)
        self.last = (events[-1].seq, events[-1].hash) if events else (0, "")

    @classmethod
    def open(cls, store: Store, name: str, *, create: bool = False) -> "LiveSession":
        row = store.find(name)
        if row is None:
            if not create:
                store.get(name)  # raises "no session named …"
            row = store.create(name)
        return cls(store, row)

    @property
    def state(self) -> State:
        return self.session.state

    def enter(self, line: str) -> list[Outcome]:
        """Apply one line; store it; return what each command did. Raises when refused."""
        segments = n.split_line(line)
        commands = [n.parse_command(s) for s in segments]
        if not commands:
            return []
        saved = self.session.snapshot(commands)
        outcomes = self.session.submit_all(commands)
        try:
            items = [(text, cmd.to_dict()) for text, cmd in zip(segments, commands, strict=True)]
            games = [game_record(self.state, self.state.game)] if self.state.game is not None else []
            self.last = self.store.append(self.row, items, after=self.last, summary=summary(self.state),
                                          games=games)  # fmt: skip
        except BaseException:
            self.session.restore(saved)
            raise
        return outcomes

    def enter_many(self, lines: list[str]) -> None:
        """Apply and store many lines in one transaction (import): all of them or none."""
        start = self.session.snapshot([n.Undo()])
        items: list[tuple[str, dict]] = []
        try:
            for line in lines:
                segments = n.split_line(line)
                commands = [n.parse_command(s) for s in segments]
                self.session.submit_all(commands)
                items += [(text, cmd.to_dict()) for text, cmd in zip(segments, commands, strict=True)]
            self.last = self.store.append(self.row, items, after=self.last, summary=summary(self.state),
                                          games=to_json(self.state)["log"])  # fmt: skip
        except BaseException:
            self.session.restore(start)
            raise

    def script(self) -> str:
        """The session as a notation script (`export`): every accepted command as typed."""
        lines = [f"# dealer-assist session {self.row.name!r}, created {self.row.created}"]
        lines += [event.text for event in self.store.events(self.row)]
        return "\n".join(lines) + "\n"


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
