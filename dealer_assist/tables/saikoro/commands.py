"""Saikoro's own commands (data/SAIKORO.md). Each is an immutable record whose ``str`` is its
canonical text (``notation.commands.Command``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealer_assist.notation.commands import Command


@dataclass(frozen=True)
class Value:
    """A win's value as typed: han and fu (``3h40``), a limit (``mangan`` … ``double``), or the
    points themselves (``7700``; a tsumo by a non-dealer ``2000/3900``: each non-dealer / the
    dealer)."""

    han: int = 0
    fu: int = 0
    limit: str | None = None  # mangan haneman baiman sanbaiman kazoe yakuman double
    points: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.limit:
            return self.limit
        if self.points:
            return "/".join(str(p) for p in self.points)
        return f"{self.han}h{self.fu}"


@dataclass(frozen=True)
class Extras:
    """What a win carries besides its value: the win's kind (``open``: 副露; riichi is known from
    the declaration; otherwise dama) and the chip objects and re-roll rights (SAI-5, 8)."""

    open: bool = False
    ippatsu: bool = False
    ura: int = 0
    aka: int = 0
    gold: int = 0
    pochi: bool = False
    shika: bool = False

    def __str__(self) -> str:
        words = ["open"] * self.open + ["ippatsu"] * self.ippatsu
        words += [f"{name} {count}" for name, count in (("ura", self.ura), ("aka", self.aka), ("gold", self.gold))
                  if count]  # fmt: skip
        words += ["pochi"] * self.pochi + ["shika"] * self.shika
        return " ".join(words)


@dataclass(frozen=True)
class Option(Command):
    """``option NAME VALUE``: one of the table's open points (SAI-14), before the first hand."""

    keyword: ClassVar[str] = "option"
    name: str
    value: str


@dataclass(frozen=True)
class Riichi(Command):
    """``riichi SEAT``: a riichi declared, its 1,000-point stick put on the table."""

    keyword: ClassVar[str] = "riichi"
    seat: int


class _WithValue:
    """A win's command: its value and extras are kept in their canonical words in the plain form
    (the store's JSON), as the notation writes them."""

    def to_dict(self) -> dict:
        out = Command.to_dict(self)
        for name in ("value", "extras"):
            if name in out:
                out[name] = str(out[name])
        return out


@dataclass(frozen=True)
class Ron(_WithValue, Command):
    """``ron WINNER LOSER VALUE [EXTRAS]``: a win off the loser's discard."""

    keyword: ClassVar[str] = "ron"
    winner: int
    loser: int
    value: Value
    extras: Extras = Extras()


@dataclass(frozen=True)
class Tsumo(_WithValue, Command):
    """``tsumo WINNER VALUE [EXTRAS]``: a self-drawn win."""

    keyword: ClassVar[str] = "tsumo"
    winner: int
    value: Value
    extras: Extras = Extras()


@dataclass(frozen=True)
class Nagashi(_WithValue, Command):
    """``nagashi SEAT [aka N] [gold N]``: 流し役満 at the hand's exhaustive draw (SAI-10)."""

    keyword: ClassVar[str] = "nagashi"
    seat: int
    extras: Extras = Extras()


@dataclass(frozen=True)
class Roll(Command):
    """``roll A B [C]``: the dice as they fell (two for 少サイ, three otherwise)."""

    keyword: ClassVar[str] = "roll"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Keep(Command):
    """``keep``: the winner keeps the roll instead of using a re-roll right (SAI-6, 8)."""

    keyword: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Ryukyoku(Command):
    """``ryukyoku [SEAT ...]``: the hand drawn, the seats listed tenpai (``ryukyoku -``: none)."""

    keyword: ClassVar[str] = "ryukyoku"
    tenpai: tuple[int, ...]


@dataclass(frozen=True)
class Chombo(Command):
    """``chombo SEAT``: a chombo, 30 chips to each other player (SAI-12)."""

    keyword: ClassVar[str] = "chombo"
    seat: int
