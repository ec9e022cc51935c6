"""A session: the fold over accepted commands, with undo (shared by replay and live play).

Undo replays the log without its last command from the nearest checkpoint (the state at
the start of each game), never by inverse operations; so it costs one game at most.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import notation as n
from dealer_assist.errors import SessionError
from dealer_assist.engine.apply import step
from dealer_assist.engine.state import Ruling, State


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
        return any(r.key in ("settle.start", "end.pay_blackjacks_first") for r in self.rulings)


class Session:
    def __init__(self, state: State | None = None) -> None:
        self.state = state or State()
        self.events: list[n.Command] = []
        self._checkpoints: list[tuple[int, State]] = [(0, self.state)]

    def submit(self, cmd: n.Command) -> Outcome:
        """Apply one command; a refused one raises and changes nothing."""
        if isinstance(cmd, n.Undo):
            return Outcome(cmd, (), self.undo())
        state, rulings = step(self.state, cmd)
        self.events.append(cmd)
        self.state = state
        if isinstance(cmd, n.Game):
            self._checkpoints.append((len(self.events), state))
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

        Without an undo among them the log only grows, so lengths suffice (O(1)); with one,
        the lists are copied.
        """
        if any(isinstance(cmd, n.Undo) for cmd in commands):
            return (self.state, list(self.events), list(self._checkpoints))
        return (self.state, len(self.events), len(self._checkpoints))

    def restore(self, saved: tuple) -> None:
        state, events, checkpoints = saved
        if isinstance(events, list):
            self.events, self._checkpoints = events, checkpoints
        else:
            del self.events[events:]
            del self._checkpoints[checkpoints:]
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
