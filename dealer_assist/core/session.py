"""A session: the fold over accepted commands, with undo (shared by replay and live play).

Undo replays the log without its last command from the nearest checkpoint (the state at the
start of a game), never by inverse operations. Checkpoints are kept for the last few games
and for every 32nd game, so a long session holds few of them (the garbage collector does not
walk thousands of old states).

What an undo costs does not grow with the session (issue 17): an undo only takes the command
off the log and marks the state as stale; the state is folded again when it is next asked
for, once for a whole run of undos (a line of 2,000 ``undo``s folds once). That fold starts
at the nearest checkpoint and puts back the checkpoints of the games it passes, so the undos
after it start from their own game again, never from a checkpoint 32 games back.

The end of a session (the quest's END-S/END-F, the casino game's ranking) is final in live
play once announced: with ``final_end`` a plain ``undo`` that would take it back is refused
(its clause is the end's), and ``undo end`` (``UndoEnd``) takes it back, stored as its own
event. Without ``final_end`` (a script, a stored log being loaded) a plain undo replays as
written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from dealer_assist import notation as n
from dealer_assist.errors import RuleViolation, SessionError
from dealer_assist import rulesets
from dealer_assist.core.step import Ruling
from dealer_assist.core.table import Ruleset, TableState
from dealer_assist.rulesets import expectation, step  # the state's own table (dealer_assist.rulesets)


@dataclass(slots=True)
class Outcome:
    """What one accepted command did (never changed once made; not frozen, which would make
    it several times slower to build, once per command)."""

    command: n.Command
    rulings: tuple[Ruling, ...]
    undone: n.Command | None = None  # for `undo`: the command taken back
    game: int = 0  # the number of the game the command belonged to
    settled: bool = False  # whether it ended its game: what that means is the table's (``Ruleset.settles``)


RECENT_CHECKPOINTS = 4  # games whose start is always kept
CHECKPOINT_EVERY = 32  # and the start of every 32nd game


class Session:
    """The fold over accepted commands. ``owned``: the session steps its state in place (the
    table's ``Ruleset.step_owned``) and copies it only at its checkpoints, so a caller must not
    keep ``session.state`` across a command (replay does not; live play keeps the default). A
    refused command then folds the state again from the last checkpoint (the start of its game)
    when it is next asked for: it still changes nothing."""

    def __init__(self, state: TableState | None = None, *, owned: bool = False) -> None:
        state = state if state is not None else rulesets.new_state()
        self._owned = owned
        self._state = state.copy() if owned else state
        self._stale = False  # an undo (or, owned, a refusal) took commands off: fold again when asked
        self.events: list[n.Command] = []
        self._checkpoints: list[tuple[int, TableState]] = [(0, state)]
        # the number of events after which the session had ended (0: it had ended before the
        # first one held here), None while it runs; after the end only notes are accepted
        self._ended_at: int | None = 0 if state.over else None
        self.folded = 0  # the commands folded again by undos (a measure of what undo costs)
        self._kind: type | None = None  # the table of the last state stepped (``_table``)
        self._ruleset: Ruleset | None = None
        self._step: Callable | None = None  # that table's step (its ``step_owned`` when owned)

    @property
    def state(self) -> TableState:
        if self._stale:
            self._refold()
        return self._state

    @state.setter
    def state(self, value: TableState) -> None:
        self._state = value
        self._stale = False

    @property
    def ended(self) -> bool:
        """Whether the session has ended (the quest's end, the casino game's ranking)."""
        return self._ended_at is not None

    def _checkpoint(self, at: int, state: TableState) -> None:
        """The state at a game's start; the one RECENT games back is dropped unless it is the
        start of every CHECKPOINT_EVERY-th game."""
        checkpoints = self._checkpoints
        checkpoints.append((at, state.copy() if self._owned else state))
        old = len(checkpoints) - RECENT_CHECKPOINTS - 1
        if old > 0 and checkpoints[old][1].games % CHECKPOINT_EVERY:
            del checkpoints[old]

    def submit(self, cmd: n.Command, *, final_end: Callable[[], str] | None = None) -> Outcome:
        """Apply one command; a refused one raises and changes nothing. With ``final_end``
        (live play) a plain undo does not take back the end: the refusal names the head hash
        that ``final_end()`` says was announced."""
        if isinstance(cmd, n.Undo):
            return Outcome(cmd, (), self.undo(end=isinstance(cmd, n.UndoEnd), final_end=final_end))
        rulings = self._apply(cmd)
        state = self._state
        settled = bool(rulings) and self._table(state).settles(rulings)
        return Outcome(cmd, tuple(rulings), game=state.games, settled=settled)

    def _apply(self, cmd: n.Command) -> list[Ruling]:
        """One command other than an undo folded into the session; its rulings."""
        state = self._state if not self._stale else self.state
        if type(state) is not self._kind or cmd.keyword == "ruleset":
            self._table(state)
            state, rulings = step(state, cmd)  # the registry's step: it knows `ruleset NAME`
        elif self._owned:
            try:
                state, rulings = self._step(state, cmd)
            except BaseException:
                self._stale = True  # the state may be half-changed: folded again from the checkpoint
                raise
        else:
            state, rulings = self._step(state, cmd)
        self.events.append(cmd)
        self._state = state
        if self._ended_at is None and state.over:
            self._ended_at = len(self.events)
        if isinstance(cmd, n.Game):
            self._checkpoint(len(self.events), state)
        return rulings

    def fold(self, commands: tuple[n.Command, ...] | list[n.Command]) -> None:
        """``submit_all`` without the outcomes (``replay --json`` keeps none): the commands of one
        line as a whole, none kept if one is refused."""
        if len(commands) == 1 and not isinstance(commands[0], n.Undo):
            self._apply(commands[0])
        else:
            self.submit_all(commands)

    def _table(self, state: TableState) -> Ruleset:
        """The state's table (kept while the session stays at one table) and its step."""
        if type(state) is not self._kind:
            self._kind, self._ruleset = type(state), rulesets.of(state)
            owned = self._ruleset.step_owned if self._owned else None
            self._step = owned if owned is not None else self._ruleset.step
        return self._ruleset

    def submit_all(self, commands: tuple[n.Command, ...] | list[n.Command], *,
                   final_end: Callable[[], str] | None = None) -> list[Outcome]:  # fmt: skip
        """Apply the commands of one line as a whole: if one is refused, none is kept."""
        if len(commands) == 1:
            return [self.submit(commands[0], final_end=final_end)]
        saved = self.snapshot(commands)
        try:
            return [self.submit(cmd, final_end=final_end) for cmd in commands]
        except Exception:
            self.restore(saved)
            raise

    def snapshot(self, commands: tuple[n.Command, ...] | list[n.Command] = ()) -> tuple:
        """What ``restore`` needs to take the session back to now, before ``commands``.

        Without an undo among them the log only grows, so its length suffices; the few
        checkpoints are copied (a game started by ``commands`` may thin them out). An owned
        state is changed in place: it is folded again from the checkpoint instead (``None``).
        """
        events: list[n.Command] | int = len(self.events)
        if any(isinstance(cmd, n.Undo) for cmd in commands):
            events = list(self.events)
        state = None if self._owned else self._state
        return (state, self._stale, events, list(self._checkpoints), self._ended_at)

    def restore(self, saved: tuple) -> None:
        state, stale, events, checkpoints, ended_at = saved
        if isinstance(events, list):
            self.events = events
        else:
            del self.events[events:]
        self._checkpoints = checkpoints
        self._state, self._stale, self._ended_at = state, stale or state is None, ended_at

    def undo(self, *, end: bool = False, final_end: Callable[[], str] | None = None) -> n.Command:
        """Take back the last command (the state is folded again when next asked for).

        ``end`` (``undo end``): only when the session has ended. ``final_end``: a plain undo
        that would take back the end is refused (a note after the end may still be taken back)."""
        if not self.events:
            raise SessionError("session.nothing_to_undo")
        if end and not self.ended:
            raise SessionError("session.undo_end_running")
        if final_end is not None and not end and self.ended and not isinstance(self.events[-1], n.Note):
            ended = expectation(self.state)
            raise RuleViolation(ended.clause, "session.end_final", ended=ended, head=final_end())
        undone = self.events.pop()
        count = len(self.events)
        if self._ended_at is not None and count < self._ended_at:
            self._ended_at = None
        while self._checkpoints[-1][0] > count:
            self._checkpoints.pop()
        self._stale = True
        return undone

    def _refold(self) -> None:
        """The state after the events held: folded from the nearest checkpoint, putting back
        the checkpoints of all the games passed on the way (at most 32; later games thin them
        out again as they are played)."""
        start, state = self._checkpoints[-1]
        if self._owned:  # the checkpoint is kept as it is: the fold changes a copy in place
            state = state.copy()
        events = self.events
        for at in range(start, len(events)):
            cmd = events[at]
            state = step(state, cmd)[0] if not self._owned else self._fold_owned(state, cmd)
            if isinstance(cmd, n.Game):  # every game passed: the undos after this one start there
                self._checkpoints.append((at + 1, state.copy() if self._owned else state))
        self.folded += len(events) - start
        self._state = state
        self._stale = False

    def _fold_owned(self, state: TableState, cmd: n.Command) -> TableState:
        if type(state) is not self._kind or cmd.keyword == "ruleset":
            self._table(state)
            return step(state, cmd)[0]
        return self._step(state, cmd)[0]

    @classmethod
    def replay(cls, commands: list[n.Command]) -> "Session":
        session = cls()
        for cmd in commands:
            session.submit(cmd)
        return session
