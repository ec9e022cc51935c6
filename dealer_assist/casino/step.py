"""The working context of one step at the casino table: a private copy of the state and the
rulings made. A refusal raises before the copy is handed back, so a refused command changes
nothing."""

from __future__ import annotations

from typing import Any, NoReturn

from dealer_assist.casino.state import CasinoState, Round
from dealer_assist.engine.state import Ruling
from dealer_assist.errors import RuleViolation


class Step:
    __slots__ = ("state", "rulings")

    def __init__(self, state: CasinoState) -> None:
        self.state = state
        self.rulings: list[Ruling] = []

    def rule(self, clause: str, key: str, **params: Any) -> None:
        self.rulings.append(Ruling(clause, key, params))

    @staticmethod
    def refuse(clause: str, key: str, **params: Any) -> NoReturn:
        raise RuleViolation(clause, key, **params)

    @property
    def round(self) -> Round:
        current = self.state.round
        assert current is not None
        return current
