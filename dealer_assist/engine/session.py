"""A session: the fold over accepted commands, with undo (shared by replay and live play).

Undo replays the log without its last command from the nearest checkpoint (the state at the
start of a game), never by inverse operations. Checkpoints are kept for the last few games
and for every 32nd game, so a long session holds few of them (the garbage collector does not
walk thousands of old states) and an undo replays a few dozen games at most.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import notation as n
from dealer_assist.errors import SessionError
from dealer_assist.rulesets import step  # the state's own table (dealer_assist.rulesets)
from dealer_assist.engine.state import Ruling, State


# the rulings that say a game (a round) was settled, at every table
SETTLING = frozenset({"settle.start", "end.pay_blackjacks_first", "casino.settlement"})


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one accepted command did."""

    command: n.Command
    rulings: tuple[Ruling, ...]
    undone: n.Command | None = None  # for `undo`: the command taken back
    game: int = 0  # the number of the game the command belonged to

    @property
    def settled(self) -> bool:
        """Whether this command ended its game (settlement, or END-1 on a failure)."""
        return any(r.key in SETTLING for r in self.rulings)


RECENT_CHECKPOINTS = 4  # games whose start is always kept
CHECKPOINT_EVERY = 32  # and the start of every 32nd game


class Session:
    def __init__(self, state: State | None = None) -> None:
        self.state = state or State()
        self.events: list[n.Command] = []
        self._checkpoints: list[tuple[int, State]] = [(0, self.state)]

    def _checkpoint(self, state: State) -> None:
        """The state at a game's start; the one RECENT games back is dropped unless it is the
        start of every CHECKPOINT_EVERY-th game."""
        checkpoints = self._checkpoints
        checkpoints.append((len(self.events), state))
        old = len(checkpoints) - RECENT_CHECKPOINTS - 1
        if old > 0 and checkpoints[old][1].games % CHECKPOINT_EVERY:
            del checkpoints[old]

    def submit(self, cmd: n.Command) -> Outcome:
        """Apply one command; a refused one raises and changes nothing."""
        if isinstance(cmd, n.Undo):
            return Outcome(cmd, (), self.undo())
        state, rulings = step(self.state, cmd)
        self.events.append(cmd)
        self.state = state
        if isinstance(cmd, n.Game):
            self._checkpoint(state)
        return Outcome(cmd, tuple(rulings), game=state.games)

    def submit_all(self, commands: tuple[n.Command, ...] | list[n.Command]) -> list[Outcome]:
        """Apply the commands of one line as a whole: if one is refused, none is kept."""
        if len(commands) == 1:
            return [self.submit(commands[0])]
        saved = self.snapshot(commands)
        try:
            return [self.submit(cmd) for cmd in commands]
        except Exception:
            self.restore(saved)
            raise

    def snapshot(self, commands: tuple[n.Command, ...] | list[n.Command] = ()) -> tuple:
        """What ``restore`` needs to take the session back to now, before ``commands``.

        Without an undo among them the log only grows, so its length suffices; the few
        checkpoints are copied (a game started by ``commands`` may thin them out).
        """
        if any(isinstance(cmd, n.Undo) for cmd in commands):
            return (self.state, list(self.events), list(self._checkpoints))
        return (self.state, len(self.events), list(self._checkpoints))

    def restore(self, saved: tuple) -> None:
        state, events, checkpoints = saved
        if isinstance(events, list):
            self.events = events
        else:
            del self.events[events:]
        self._checkpoints = checkpoints
        self.state = state

    def undo(self) -> n.Command:
        if not self.events:
            raise SessionError("session.nothing_to_undo")
        undone = self.events.pop()
        count = len(self.events)
        while self._checkpoints[-1][0] > count:
            self._checkpoints.pop()
        start, state = self._checkpoints[-1]
        for cmd in self.events[start:]:
            state = step(state, cmd)[0]
        self.state = state
        return undone

    @classmethod
    def replay(cls, commands: list[n.Command]) -> "Session":
        session = cls()
        for cmd in commands:
            session.submit(cmd)
        return session
