"""The working context of one step at the casino table: a private copy of the state and the
rulings made. A refusal raises before the copy is handed back, so a refused command changes
nothing."""

from __future__ import annotations

from dealer_assist.tables.casino.state import CasinoState, Round
from dealer_assist.core.step import Work


class Step(Work):
    __slots__ = ()

    state: CasinoState

    @property
    def round(self) -> Round:
        current = self.state.round
        assert current is not None
        return current


class QuietStep(Step):
    """A step that keeps no rulings (the simulator's: every rule is applied all the same, only
    the sentences naming them are not collected)."""

    __slots__ = ()
    quiet = True

    def rule(self, clause: str, key: str, **params) -> None:
        return None
