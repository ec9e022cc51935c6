"""Blackjack Gear's state: the catalogue, the two players (HP, PP, gear deck and hand, lives,
trump cards, bet), the goal, what is placed and what came from gears, whose turn it is. A step
never changes a state it was given: per-player values are tuples of frozen records, replaced."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from dealer_assist.cards import Card
from dealer_assist.core.copier import copier
from dealer_assist.core.history import History
from dealer_assist.tables.gear.commands import Effect, GearDef

HP = 5  # GR-4: the most HP a player has, and what each starts with
PP_START = 3  # GG-2
PP_MAX = 10  # GG-2
HAND = 5  # GR-6: gears in hand at most
PLACED = 5  # GG-5: placed gears on a player's side at most
FIRST_GEARS = 3  # GEAR-1
GOAL = 21  # GW-1: the goal a round starts with
BET = 1  # GEAR-6: each player's bet a round starts with (decided: the guide does not say)
TRUMPS = 52  # GR-1: 52 cards and one joker


class Phase(StrEnum):
    SETUP = "setup"  # the catalogue, the seats, the decks, the first player, the first gears
    DEAL = "deal"  # a round begun: each player's two cards
    TURN = "turn"  # a player's turn: a gear drawn, gears used, then hit or stand
    FLIP = "flip"  # the showdown waits for a face-down card typed [?]
    BETWEEN = "between"  # the round settled
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Player:
    name: str | None = None
    hp: int = HP
    pp: int = PP_START
    pp_max: int = PP_START
    deck: tuple[tuple[str, int], ...] = ()  # gears left in the deck (name, copies)
    hand: tuple[str, ...] = ()  # gears in hand
    lives: tuple[tuple[str, int], ...] = ()  # the lives left of the gears that have one
    cards: tuple[Card, ...] = ()  # trump cards, the first face down
    picked: bool = False  # the first three gears drawn
    mulliganed: bool = False


@dataclass(frozen=True, slots=True)
class Mod:
    """A change a gear made to a bet or the goal (GC-2): ``source`` the placed gear it lasts
    with (None: for the rest of the round)."""

    owner: int  # the gear's player
    effect: Effect
    source: int | None


@dataclass(frozen=True, slots=True)
class PlacedGear:
    id: int
    owner: int
    name: str


@dataclass(slots=True)
class GearState:
    RULESET = "gear"

    catalog: tuple[GearDef, ...] = ()
    players: tuple[Player, Player] = (Player(), Player())
    first: int | None = None  # the match's first player (GEAR-1)
    phase: Phase = Phase.SETUP
    rounds: int = 0
    starter: int | None = None  # who plays first this round
    turn: int | None = None  # whose turn it is
    turns: int = 0  # turns played in the match (the first player's first turn draws no gear, GEAR-3)
    turn_used: bool = False  # a gear was used this turn (a stand then is not a quiet stand)
    turn_picked: bool = False  # the turn's gear is drawn (or the chance passed)
    quiet: int | None = None  # the player whose last turn was a stand without a gear
    mods: tuple[Mod, ...] = ()
    placed: tuple[PlacedGear, ...] = ()
    next_id: int = 1
    blocked: frozenset[int] = frozenset()  # players who may use no gear in their next turn
    trumps_out: tuple[Card, ...] = ()  # the trump cards dealt from this deck (GR-1)
    joker_out: bool = False
    result: dict | None = None  # the round's showdown, once settled
    winner: int | None = None  # the match's
    history: History = field(default_factory=History)

    @property
    def games(self) -> int:
        return self.rounds

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def put(self, seat: int, **changes) -> None:
        players = list(self.players)
        players[seat - 1] = replace(players[seat - 1], **changes)
        self.players = (players[0], players[1])

    def gear(self, name: str) -> GearDef | None:
        for g in self.catalog:
            if g.name == name:
                return g
        return None


GearState.copy = copier(GearState)


def other(seat: int) -> int:
    return 3 - seat


def counted(items: tuple[tuple[str, int], ...], name: str, delta: int) -> tuple[tuple[str, int], ...]:
    """``items`` with ``name``'s count moved by ``delta`` (a count of 0 is dropped)."""
    out, found = [], False
    for key, n in items:
        if key == name:
            found, n = True, n + delta
        if n > 0:
            out.append((key, n))
    if not found and delta > 0:
        out.append((name, delta))
    return tuple(out)


def count_of(items: tuple[tuple[str, int], ...], name: str) -> int:
    return next((n for key, n in items if key == name), 0)
