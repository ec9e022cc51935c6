"""Blackjack Gear's own commands (data/GEAR.md). Each is an immutable record whose ``str`` is its
canonical text (``notation.commands.Command``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealer_assist.cards import Card
from dealer_assist.notation.commands import Command


@dataclass(frozen=True)
class Effect:
    """One primitive of a gear (GC-2): ``bet:opp:+1``, ``goal:=24``, ``remove``, ``block``,
    ``draw:opp``, ``return:self``, ``heal:self:1``, ``damage:opp:1``; ``!`` at the end (``bet:opp:+1!``)
    keeps the change when the gear is removed (the guide's 「一部例外を除き」)."""

    kind: str  # bet goal remove block draw return heal damage
    who: str = ""  # self | opp (bet, draw, return, heal, damage)
    op: str = ""  # + - = (bet, goal)
    n: int = 0
    keep: bool = False

    def __str__(self) -> str:
        parts = [self.kind]
        if self.who:
            parts.append(self.who)
        if self.op:
            parts.append(f"{self.op}{self.n}")
        elif self.kind in ("heal", "damage"):
            parts.append(str(self.n))
        return ":".join(parts) + ("!" if self.keep else "")


@dataclass(frozen=True)
class GearDef(Command):
    """``gear NAME placed|consumable PP LIFE EFFECT ...``: one gear of the operator's catalogue."""

    keyword: ClassVar[str] = "gear"
    name: str
    kind: str  # placed | consumable
    pp: int
    life: int | None  # None: a gear without life
    effects: tuple[Effect, ...]

    def __str__(self) -> str:
        life = "-" if self.life is None else str(self.life)
        return " ".join(["gear", self.name, self.kind, str(self.pp), life, *map(str, self.effects)])

    def to_dict(self) -> dict:
        return {"command": "GearDef", "name": self.name, "kind": self.kind, "pp": self.pp, "life": self.life,
                "effects": [str(e) for e in self.effects]}  # fmt: skip


@dataclass(frozen=True)
class Deck(Command):
    """``deck SEAT NAME*N ...``: a player's deck of 20 gears."""

    keyword: ClassVar[str] = "deck"
    seat: int
    gears: tuple[tuple[str, int], ...]  # (name, copies), in the order typed

    def __str__(self) -> str:
        return " ".join(["deck", str(self.seat), *(f"{name}*{n}" if n > 1 else name for name, n in self.gears)])

    def to_dict(self) -> dict:
        return {"command": "Deck", "seat": self.seat, "gears": [[name, n] for name, n in self.gears]}


@dataclass(frozen=True)
class First(Command):
    """``first SEAT``: the player who goes first (drawn at random at the table, GEAR-1)."""

    keyword: ClassVar[str] = "first"
    seat: int


@dataclass(frozen=True)
class Pick(Command):
    """``pick SEAT NAME ...``: gears a player draws from their deck — the first three (GEAR-1),
    a turn's one (GEAR-3)."""

    keyword: ClassVar[str] = "pick"
    seat: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class Mulligan(Command):
    """``mulligan SEAT OUT ... to IN ...`` (``mulligan SEAT -``: kept): the one exchange of the
    first gears (GEAR-1)."""

    keyword: ClassVar[str] = "mulligan"
    seat: int
    out: tuple[str, ...]
    into: tuple[str, ...]

    def __str__(self) -> str:
        if not self.out:
            return f"mulligan {self.seat} -"
        return " ".join(["mulligan", str(self.seat), *self.out, "to", *self.into])


@dataclass(frozen=True)
class Round(Command):
    """``round``: the next round (GEAR-6): the bets, the goal, PP; the trump deck carries over (GR-1)."""

    keyword: ClassVar[str] = "round"


@dataclass(frozen=True)
class Cards(Command):
    """``cards SEAT [X] Y``: a player's two trump cards, the first face down (GEAR-2)."""

    keyword: ClassVar[str] = "cards"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Use(Command):
    """``use SEAT NAME [TARGET|CARD]``: a gear used (GEAR-4, GC-2)."""

    keyword: ClassVar[str] = "use"
    seat: int
    name: str
    target: str | None = None


@dataclass(frozen=True)
class Hit(Command):
    """``hit SEAT CARD``: a trump card drawn (``hit SEAT JK``: the joker, GW-5)."""

    keyword: ClassVar[str] = "hit"
    seat: int
    card: Card


@dataclass(frozen=True)
class Stand(Command):
    """``stand SEAT``: the turn ends without a card (GEAR-4)."""

    keyword: ClassVar[str] = "stand"
    seat: int


@dataclass(frozen=True)
class Flip(Command):
    """``flip SEAT CARD``: a face-down card typed ``[?]`` named at the showdown (GEAR-5)."""

    keyword: ClassVar[str] = "flip"
    seat: int
    card: Card
