"""High card's own commands: ``hole CARD`` (the dealer's card, face down), ``draw CARD`` (the
player's card, face up) and ``show`` (the dealer's card turned: the round is settled)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealer_assist.cards import Card
from dealer_assist.notation.commands import Command


@dataclass(frozen=True)
class Hole(Command):
    keyword: ClassVar[str] = "hole"
    card: Card


@dataclass(frozen=True)
class Draw(Command):
    keyword: ClassVar[str] = "draw"
    card: Card


@dataclass(frozen=True)
class Show(Command):
    keyword: ClassVar[str] = "show"
