"""What every table's step shares: a ruling (what the rules forced, with its clause) and the
working context of one command — the state being changed and the rulings made so far, with
``rule`` to record one and ``refuse`` to refuse the command (a ``RuleViolation`` carrying
its clause, raised before the changed copy is handed back, so a refused command changes
nothing). Each table's step context (One Million's ``tables.onemillion.step.Step``, the
casino's ``tables.casino.step.Step``) adds its own shortcuts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn

from dealer_assist.errors import RuleViolation


@dataclass(slots=True)
class Ruling:
    """One thing the rules forced, with the clause that forced it (never changed once made:
    not frozen only because a frozen dataclass is several times slower to build, and a step
    makes one for almost every command)."""

    clause: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        from dealer_assist.messages import text

        return text(self.key, lang=lang, **self.params)

    def __str__(self) -> str:
        return f"{self.clause}: {self.text()}"


class Work:
    """The working context of one step: ``state`` (the step's own copy) and ``rulings``.
    ``quiet``: a step that keeps no rulings (a simulator's), so a rule need not work out what
    its ruling would say."""

    __slots__ = ("state", "rulings")
    quiet = False

    def __init__(self, state: Any) -> None:
        self.state = state
        self.rulings: list[Ruling] = []

    def rule(self, clause: str, key: str, **params: Any) -> None:
        self.rulings.append(Ruling(clause, key, params))

    @staticmethod
    def refuse(clause: str, key: str, **params: Any) -> NoReturn:
        raise RuleViolation(clause, key, **params)


def accepting(step: Callable[[Any, Any], Any]) -> Callable[[Any, Any], bool]:
    """A table's ``can`` from its ``step``: whether the rules accept ``command`` on ``state``
    (the step is tried on a copy; nothing is changed)."""
    from dealer_assist.errors import DealerAssistError

    def can(state: Any, command: Any) -> bool:
        try:
            step(state, command)
        except DealerAssistError:
            return False
        return True

    return can
