"""Mission One Million's own commands (RULES.md): the quest's setup (``quest``, ``hp``, ``dice``,
``skill``, ``jk``, ``shoe``, ``rule``), ``bet`` and ``redistribute``, ``backbet``, the surrender
call ``sr BOX ...``, ``lock``, the guild's ``foresight``, ``timeup``, ``yellow``, ``next`` and
``empty``; and the values ``quest``, ``skill`` and ``rule`` take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealer_assist.cards import Card
from dealer_assist.notation.commands import Command, HandCommand

DIFFICULTIES = ("extreme", "hard", "normal", "easy")
# configurable values for `rule NAME VALUE` and their kinds (see engine.config)
RULE_KINDS: dict[str, str] = {
    "max_split_hands": "int",
    "late_surrender": "bool",
    "heal_cap": "amount",
    "min_bet": "amount",
    "bet_cap": "amount",
    "bet_cap_aggravated": "amount",
    "bust_penalty": "amount",
    "bust_penalty_aggravated": "amount",
    "redistribute_after_backbet": "bool",
}
SKILL_KINDS: dict[str, str] = {"surrender": "int", "under": "bool", "redistribute": "int", "mp": "int"}


@dataclass(frozen=True)
class Quest(Command):
    keyword: ClassVar[str] = "quest"
    difficulty: str


@dataclass(frozen=True)
class Hp(Command):
    keyword: ClassVar[str] = "hp"
    amount: int


@dataclass(frozen=True)
class Dice(Command):
    keyword: ClassVar[str] = "dice"
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Skill(Command):
    keyword: ClassVar[str] = "skill"
    name: str
    value: int | bool


@dataclass(frozen=True)
class JokerLevels(Command):
    keyword: ClassVar[str] = "jk"
    early: int
    late: int


@dataclass(frozen=True)
class Shoe(Command):
    keyword: ClassVar[str] = "shoe"
    cards: int


@dataclass(frozen=True)
class Rule(Command):
    keyword: ClassVar[str] = "rule"
    name: str
    value: int | bool


@dataclass(frozen=True)
class Bet(Command):
    keyword: ClassVar[str] = "bet"
    box: int
    amount: int | None  # None: no bet

    def __str__(self) -> str:
        return f"bet {self.box} {'-' if self.amount is None else self.amount}"


@dataclass(frozen=True)
class Redistribute(Command):
    keyword: ClassVar[str] = "redistribute"
    shares: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "redistribute " + " ".join(f"{b}={a}" for b, a in self.shares)


@dataclass(frozen=True)
class Backbet(Command):
    keyword: ClassVar[str] = "backbet"


@dataclass(frozen=True)
class SurrenderCall(Command):
    keyword: ClassVar[str] = "sr"
    boxes: tuple[int, ...]


@dataclass(frozen=True)
class Lock(Command):
    keyword: ClassVar[str] = "lock"
    dice: tuple[int, ...] | None  # None: `lock none` (misdeal)

    def __str__(self) -> str:
        return "lock " + ("none" if self.dice is None else " ".join(map(str, self.dice)))


@dataclass(frozen=True)
class Foresight(HandCommand):
    keyword: ClassVar[str] = "foresight"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TimeUp(Command):
    keyword: ClassVar[str] = "timeup"


@dataclass(frozen=True)
class Yellow(Command):
    keyword: ClassVar[str] = "yellow"
    box: int


@dataclass(frozen=True)
class Next(Command):
    keyword: ClassVar[str] = "next"
    card: Card


@dataclass(frozen=True)
class Empty(Command):
    keyword: ClassVar[str] = "empty"
