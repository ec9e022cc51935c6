"""The commands both tables deal with (NOTATION.md), and what every command is: an immutable
record whose ``str`` is its canonical text and whose ``to_dict`` is its plain form.

Each table's own commands are in its package (``tables/NAME/commands.py``), with its grammar.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import ClassVar

from dealer_assist.cards import Card


@dataclass(frozen=True, slots=True)
class HandRef:
    """``3`` (box 3, its current hand) or ``3a`` (hand a of box 3)."""

    box: int
    letter: str | None = None

    def __str__(self) -> str:
        return f"{self.box}{self.letter or ''}"


@dataclass(frozen=True)
class Command:
    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        """The canonical text: the keyword, then each field (a hand command starts with its hand)."""
        values = [_text(getattr(self, f.name)) for f in fields(self)]
        if isinstance(self, HandCommand):
            hand, *values = values
            head = [hand] if isinstance(self, SplitCard) else [hand, self.keyword]
        else:
            head = [self.keyword]
        return " ".join(head + [v for v in values if v])

    def to_dict(self) -> dict:
        out: dict = {"command": type(self).__name__}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value):
    if isinstance(value, (Card, HandRef)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return " ".join(_text(v) for v in value)
    return str(value)


# ---- the commands of both tables


@dataclass(frozen=True)
class Ruleset(Command):
    """`ruleset NAME`: the table this session is dealt at (first command; One Million if none)."""

    keyword: ClassVar[str] = "ruleset"
    name: str


@dataclass(frozen=True)
class Seat(Command):
    keyword: ClassVar[str] = "seat"
    box: int
    name: str
    points: int | None  # None: the table's own starting chips (the casino table)


@dataclass(frozen=True)
class Game(Command):
    keyword: ClassVar[str] = "game"


@dataclass(frozen=True)
class Deal(Command):
    keyword: ClassVar[str] = "deal"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Go(Command):
    keyword: ClassVar[str] = "go"


@dataclass(frozen=True)
class Peek(Command):
    keyword: ClassVar[str] = "peek"
    card: Card | None = None


@dataclass(frozen=True)
class Reveal(Command):
    keyword: ClassVar[str] = "reveal"
    card: Card | None = None


@dataclass(frozen=True)
class DealerCard(Command):
    keyword: ClassVar[str] = "dealer"
    card: Card


@dataclass(frozen=True)
class Note(Command):
    keyword: ClassVar[str] = "note"
    text: str = field(default="")


@dataclass(frozen=True)
class Undo(Command):
    keyword: ClassVar[str] = "undo"


@dataclass(frozen=True)
class UndoEnd(Undo):
    """``undo end``: an undo that may take back the end of a session (in live play a plain
    ``undo`` is refused once the session has ended); stored as its own event."""

    keyword: ClassVar[str] = "undo end"


# ---- the hand commands (``3 ht 9``, ``3a st``, ``3b 9``)


@dataclass(frozen=True)
class HandCommand(Command):
    hand: HandRef


@dataclass(frozen=True)
class Hit(HandCommand):
    keyword: ClassVar[str] = "ht"
    card: Card


@dataclass(frozen=True)
class Stand(HandCommand):
    keyword: ClassVar[str] = "st"


@dataclass(frozen=True)
class Double(HandCommand):
    keyword: ClassVar[str] = "dd"
    card: Card


@dataclass(frozen=True)
class Split(HandCommand):
    keyword: ClassVar[str] = "sp"


@dataclass(frozen=True)
class SplitCard(HandCommand):
    keyword: ClassVar[str] = "card"
    card: Card


@dataclass(frozen=True)
class LateSurrender(HandCommand):
    keyword: ClassVar[str] = "sr"
