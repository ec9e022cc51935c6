"""Saikoro's state: the seats, the points and chips, the hand in play (dealer, 本場, riichi
sticks) and the wins waiting for their dice. A step never changes a state it was given: the
per-seat values are tuples, replaced whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from dealer_assist.core.copier import copier
from dealer_assist.core.history import History
from dealer_assist.tables.saikoro.commands import Extras, Value
from dealer_assist.tables.saikoro.options import Options

SEATS = 4
WINDS = ("east", "south")


class Phase(StrEnum):
    SETUP = "setup"  # options and seats, before the first hand
    PLAY = "play"  # a hand in play: riichi, a win, a draw, a chombo
    ROLL = "roll"  # a win waits for its dice
    CHOOSE = "choose"  # a roll stands unless the winner re-rolls (a right left): keep or roll
    NOTEN = "noten"  # a noten player rolls (SAI-11)
    BETWEEN = "between"  # the hand settled, the next one not started
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Win:
    """A win waiting for (or done with) its dice."""

    winner: int
    loser: int | None  # None: a tsumo (or 流し役満)
    value: Value
    extras: Extras
    kind: str  # riichi | dama | open
    shares: tuple[tuple[int, int], ...]  # (payer, points before 本場 and dice)
    chips: int  # chips per payer before the dice
    dice: int  # 2 (少サイ) or 3
    rights: int  # re-roll rights (two dice only)
    nagashi: bool = False
    rolls: tuple[tuple[int, ...], ...] = ()  # every roll, in order
    standing: bool = False  # the last roll stands


@dataclass(slots=True)
class SaikoroState:
    RULESET = "saikoro"

    names: tuple[str | None, ...] = (None,) * SEATS
    points: tuple[int, ...] = (0,) * SEATS
    chips: tuple[int, ...] = (0,) * SEATS
    options: Options = field(default_factory=Options)
    phase: str = Phase.SETUP
    hands: int = 0  # hands started (a chombo's replay counts again)
    wind: int = 0  # 0 East, 1 South
    kyoku: int = 1  # the dealer's turn in the wind, 1…players
    honba: int = 0
    sticks: int = 0  # riichi sticks on the table
    riichi: frozenset[int] = frozenset()  # who declared this hand
    wins: tuple[Win, ...] = ()
    turn: int = 0  # the win whose dice are awaited
    tenpai: tuple[int, ...] = ()  # at a draw
    noten: tuple[tuple[int, tuple[int, ...] | None], ...] = ()  # (seat, its roll) at a draw
    last_roll: tuple[int, ...] = ()  # the dice last typed (the overlay's picture)
    ended: bool = False
    final: tuple[dict, ...] = ()  # SAI-2: the final table, when the game is over
    history: History = field(default_factory=History)

    @property
    def games(self) -> int:
        return self.hands

    @property
    def over(self) -> bool:
        return self.ended

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(s for s in range(1, SEATS + 1) if self.names[s - 1] is not None)

    @property
    def players(self) -> int:
        return len(self.seated)

    @property
    def dealer(self) -> int:
        return self.kyoku

    @property
    def active(self) -> tuple[int, ...]:
        """The three who play this hand: with four at the table the North seat (the one before
        the dealer) sits out (SAI-13)."""
        n = self.players
        if n < 4:
            return self.seated
        return tuple(sorted((self.dealer - 1 + i) % 4 + 1 for i in range(3)))

    @property
    def sitting_out(self) -> int | None:
        return (self.dealer - 2) % 4 + 1 if self.players == 4 else None

    def order_from(self, seat: int) -> tuple[int, ...]:
        """The active players after ``seat`` in turn order (the discarder's right first)."""
        active = self.active
        n = self.players
        out = []
        for i in range(1, n):
            other = (seat - 1 + i) % n + 1
            if other in active:
                out.append(other)
        return tuple(out)


SaikoroState.copy = copier(SaikoroState)


def replace_at(values: tuple[int, ...], changes: dict[int, int]) -> tuple[int, ...]:
    """``values`` with ``changes`` ({seat: delta}) added."""
    return tuple(v + changes.get(i + 1, 0) for i, v in enumerate(values))
