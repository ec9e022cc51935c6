"""The state the engine folds events into.

``State`` is a plain value: the engine never changes a state it was given, it works on a
copy and returns it (``apply``). Finished games are kept in ``History``, a persistent
list shared between successive states, so a step costs the same at game 1 and game 4,000.

A step's copy is cheap: the game and its hands are copied (almost every command changes
them); the parts that change rarely — the setup, the boxes, the players' yellow cards, the
joker records — are shared with the state before, and the step copies one of them only when
it changes it (``Step.own_boxes`` and the like: copy on write). The copies are plain
generated functions, not the ``copy`` module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable, Iterator

from dealer_assist.core.history import History  # noqa: F401 - the finished games, shared by every table
from dealer_assist.core.step import Ruling  # noqa: F401 - the engine's rulings are the shared ones

from dealer_assist.cards import Card
from dealer_assist.core.copier import copier
from dealer_assist.core.hand import Hand

DEALER = "D"


class Phase(StrEnum):
    SETUP = "setup"  # before the first `game`
    BETWEEN = "between"  # a game was settled; `game` starts the next one
    BETS = "bets"  # the bet window (BET-1)
    DEAL = "deal"  # cards are being dealt
    SURRENDER = "surrender"  # the surrender call (SURR-1, SURR-2)
    CHECK = "check"  # the dealer must peek (BASE-6)
    LATE_BETS = "late_bets"  # bets after a back-bet deal (GUILD-4)
    LOCK = "lock"  # the two-lock roll (DSK-3)
    PLAYERS = "players"  # player turns
    REVEAL = "reveal"  # the hole card must be shown
    DEALER = "dealer"  # the dealer's turn: `next`
    DEALER_CARD = "dealer_card"  # the dealer drew a closed card: `dealer CARD`
    OVER = "over"  # the quest has ended


class Status(StrEnum):
    RUNNING = "running"
    SUCCESS = "success"
    FAILURE = "failure"


def _members(enum: type) -> Any:
    """A plain class holding ``enum``'s members: ``PHASE.BETS`` is ``Phase.BETS`` itself, read
    without the enum class's ``__getattr__`` hook (several times slower in Python 3.11, and the
    rules read the phase and the status in every command)."""
    return type(f"{enum.__name__}Members", (), dict(enum.__members__))


PHASE: Any = _members(Phase)
STATUS: Any = _members(Status)




@dataclass(slots=True)
class Config:
    """The quest setup (NOTATION `Setup`); defaults are RULES.md's."""

    difficulty: str | None = None
    hp: int = 1_000_000
    dice: tuple[int, ...] = ()
    surrender_level: int = 0  # GUILD-6
    under: bool = False  # GUILD-2
    redistribute_uses: int = 0  # GUILD-1
    mp: int = 0  # GUILD-5
    jk_early: int = 0  # GUILD-7
    jk_late: int = 2
    shoe: int | None = None  # ANN-2 / DRAW-6
    max_split_hands: int = 4  # BASE-4
    late_surrender: bool = True  # SURR-3
    heal_cap: int = 500_000  # HEAL-1, HEAL-2
    min_bet: int = 10  # BET-2, BOX-1
    bet_cap: int = 100_000  # DSK-2
    bet_cap_aggravated: int = 50_000
    bust_penalty: int = 5_000  # DSK-5
    bust_penalty_aggravated: int = 10_000
    redistribute_after_backbet: bool = False  # GUILD-1


@dataclass(slots=True)
class Box:
    number: int
    player: str
    points: int
    bankrupt: bool = False
    left: bool = False  # forced to leave (BOX-3)
    streak: int = 0  # DSK-4
    start: int = 0  # the points it was seated with




@dataclass(frozen=True, slots=True)
class KnownCard:
    """A card known to be on top of the shoe (NOTATION: it must be the next card dealt).

    ``source``: "turned" (a closed top card turned face up by future sight), "shown" (the
    open card under it, shown by future sight) or "stood" (an open card the dealer stood on).
    """

    card: Card
    source: str
    sighting: int | None = None  # the joker sighting of a turned joker

    @property
    def clause(self) -> str:
        return "DRAW-5" if self.source == "stood" else "GUILD-3"

    def accepts(self, card: Card) -> bool:
        """The same face; the same orientation too, except for a card turned face up."""
        if card.is_unknown or not self.card.matches(card):
            return False
        return self.source == "turned" or card.closed == self.card.closed


@dataclass(slots=True)
class JokerSighting:
    """One joker on the table and its number in each view (JK-1, JK-2)."""

    where: str  # a hand label, "dealer", or "shoe" (future sight)
    players: int | None = None
    dealer: int | None = None
    level: int | None = None  # the effect level that was ruled (JK-8)


@dataclass(slots=True)
class Game:
    number: int
    recovery: bool
    bets: dict[int, int | None] = field(default_factory=dict)
    backbet: bool = False
    redistributed: bool = False
    recipients: list[int | str] = field(default_factory=list)
    dealt: int = 0
    dealer: list[Card] = field(default_factory=list)
    hole_seen: bool = False  # the dealer has looked at the hole card (peek)
    hole_shown: bool = False  # the hole card is face up (reveal)
    call: str | None = None  # the open surrender call: "SURR-1" or "SURR-2"
    called: set[int] = field(default_factory=set)
    check: bool = False  # BASE-6 requires a peek
    dealer_blackjack: bool = False
    hands: list[Hand] = field(default_factory=list)
    lock: list[int] = field(default_factory=list)
    late_bets: set[int] = field(default_factory=set)  # boxes with a bet line after a back-bet
    dealer_joker_loss: bool = False  # JK-4 Lv.1 dealer joker: every hand but blackjacks loses
    ledger: list[dict[str, Any]] = field(default_factory=list)
    settled: bool = False
    foresight_time: int = 0  # TIME-1: +60 s per future sight
    deal_jokers: list[int] = field(default_factory=list)  # the dealer's face-up jokers in the deal (JK-6)
    hole_joker: int | None = None  # the hole card is a joker the dealer has seen
    burned_lv3: list[str] = field(default_factory=list)  # JK-9: Lv.3 jokers on burned boxes
    deferred: list[tuple[str, int]] = field(default_factory=list)  # back-bet deal jokers (GUILD-4)
    forfeits: list[int] = field(default_factory=list)  # boxes whose points are forfeited

    @property
    def hole(self) -> Card | None:
        if len(self.dealer) >= 2 and self.dealer[1].closed and not self.hole_shown:
            return self.dealer[1]
        return None

    def hands_of(self, box: int) -> list[Hand]:
        return [h for h in self.hands if h.box == box]

    def dealer_visible(self) -> list[Card]:
        """The dealer's cards on the table face up (the hole card excluded until shown)."""
        return [c for i, c in enumerate(self.dealer) if not (i == 1 and self.hole is not None)]


Game.copy = copier(  # type: ignore[attr-defined]
    Game, bets="dict({})", recipients="list({})", dealer="list({})", called="set({})",
    hands="[h.copy() for h in {}]", lock="list({})", ledger="list({})", late_bets="set({})",
    burned_lv3="list({})", deferred="list({})", deal_jokers="list({})", forfeits="list({})",
)  # the ledger's entries are never changed once written


@dataclass(slots=True)
class State:
    RULESET = "onemillion"  # the table (dealer_assist.rulesets)

    config: Config = field(default_factory=Config)
    phase: Phase = PHASE.SETUP
    status: Status = STATUS.RUNNING
    reason: str | None = None
    reward: str | None = None
    hp: int = 1_000_000
    mp: int = 0
    boxes: dict[int, Box] = field(default_factory=dict)
    yellow: dict[str, int] = field(default_factory=dict)  # TIME-3, per player
    replaced_by: dict[str, str] = field(default_factory=dict)  # who plays a sent-off player's boxes
    skills: dict[int, int] = field(default_factory=dict)  # DSK-0: face -> level (1, or 2 aggravated)
    burst_stream: bool = False  # DSK-7
    jokers: list[JokerSighting] = field(default_factory=list)
    jokers_players: int = 0
    jokers_dealer: int = 0
    shoe_left: int | None = None
    known_top: list[KnownCard] = field(default_factory=list)  # cards known on top of the shoe
    redistribute_left: int = 0
    games: int = 0
    game: Game | None = None
    history: History = field(default_factory=History)
    notes: int = 0

    def copy(self) -> "State":
        """A copy the engine may change: the game is copied; the setup, the boxes, the yellow
        cards and the joker records are shared until a step changes them (copy on write,
        ``Step.own_*``); cards, rulings and finished games are immutable and shared."""
        return _copy_state(self)

    def skill(self, face: int) -> int:
        """The level of dealer skill ``face``: 0 none, 1 held, 2 aggravated (DSK-0)."""
        return self.skills.get(face, 0)

    @property
    def over(self) -> bool:
        return self.status is not STATUS.RUNNING


_copy_state = copier(State, jokers="list({})", known_top="list({})",
                     game="{0}.copy() if {0} is not None else None")  # fmt: skip
Box.copy = copier(Box)  # type: ignore[attr-defined]
Config.copy = copier(Config)  # type: ignore[attr-defined]
JokerSighting.copy = copier(JokerSighting)  # type: ignore[attr-defined]
