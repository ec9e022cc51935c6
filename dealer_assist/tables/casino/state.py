"""The casino table's state (seed 004, rulebook ``data/CASINO.md``): seats with chips, the
shoe's count, the round being dealt, and the finished rounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from dealer_assist.cards import Card
from dealer_assist.core.copier import copier
from dealer_assist.core.hand import Hand
from dealer_assist.core.history import History
from dealer_assist.tables.casino.options import OPTIONS

DEALER = "D"
CHIPS = OPTIONS.chips  # TABLE-2
BET = OPTIONS.bet  # TABLE-4
INSURANCE = OPTIONS.insurance  # INS-2
ROUNDS = OPTIONS.rounds  # TABLE-3
SEATS = OPTIONS.seats  # TABLE-1
DECKS = OPTIONS.decks  # SHOE-1: six 52-card decks
SHOE = 52 * DECKS  # SHOE-1: 312 cards
PER_RANK = 4 * DECKS  # SHOE-1: 24 aces, 24 twos, ... in the shoe
PER_CARD = DECKS  # SHOE-1: 6 of each exact card (As, Td ...)
RESHUFFLE_BELOW = OPTIONS.reshuffle_below  # SHOE-3: a quarter of the shoe
MAX_HANDS = OPTIONS.max_hands  # PLAY-5


class Phase(StrEnum):
    SETUP = "setup"  # seats, before the first round
    BETWEEN = "between"  # a round was settled; `game` deals the next one
    DEAL = "deal"  # the cards of the round (HAND-4)
    INSURANCE = "insurance"  # the up card is an ace: `ins SEAT ...`, `go` (INS)
    PEEK = "peek"  # the dealer checks the hole card (PEEK)
    PLAYERS = "players"  # seats act in play order (PLAY)
    REVEAL = "reveal"  # the hole card is turned face up (DEALER-1)
    DEALER = "dealer"  # the dealer draws: `dealer CARD` (DEALER-2)
    OVER = "over"  # the game has ended (TABLE-7, RANK)


@dataclass(slots=True)
class Seat:
    number: int
    player: str
    chips: int = CHIPS
    out: bool = False  # sits this round out (TABLE-5)


@dataclass(slots=True)
class Round:
    number: int
    first: int  # the first seat to act (TABLE-6)
    betting: list[int] = field(default_factory=list)  # the seats with a bet, in seat order
    recipients: list[int | str] = field(default_factory=list)  # the deal order (HAND-4)
    dealt: int = 0
    dealer: list[Card] = field(default_factory=list)
    hole_shown: bool = False
    peeked: bool = False
    insured: dict[int, bool] = field(default_factory=dict)  # the seats that decided: took it?
    insurance: dict[int, int] = field(default_factory=dict)  # seat -> insurance result (+10 / -5)
    dealer_blackjack: bool = False
    hands: list[Hand] = field(default_factory=list)
    changes: dict[int, int] = field(default_factory=dict)  # seat -> chips won or lost this round
    settled: bool = False
    shuffled: bool = False  # the shoe was reshuffled before this round (SHOE-3)

    def hands_of(self, seat: int) -> list[Hand]:
        return [h for h in self.hands if h.box == seat]

    @property
    def hole(self) -> Card | None:
        if len(self.dealer) >= 2 and not self.hole_shown:
            return self.dealer[1]
        return None


Round.copy = copier(Round, betting="list({})", recipients="list({})", dealer="list({})", insured="dict({})",
                    insurance="dict({})", hands="[h.copy() for h in {}]", changes="dict({})")  # fmt: skip


@dataclass(slots=True)
class CasinoState:
    RULESET = "casino"

    phase: Phase = Phase.SETUP
    seats: dict[int, Seat] = field(default_factory=dict)
    shoe_left: int = SHOE
    discards: int = 0  # cards of the earlier rounds since the last shuffle (SHOE-4)
    round: Round | None = None
    rounds: int = 0
    history: History = field(default_factory=History)
    over: bool = False
    reason: str | None = None  # how the game ended: "rounds" (TABLE-3) or "no_bets" (TABLE-7)
    # SHOE-1: the faces out of the shoe since it was last filled, by rank ("A") and by exact
    # card ("As"); ``faces_left`` is the shoe's count they were taken at (``casino.shoe``)
    faces_out: dict[str, int] = field(default_factory=dict)
    faces_left: int = SHOE

    def copy(self) -> "CasinoState":
        return _copy(self)

    @property
    def games(self) -> int:
        """The rounds started (the session's count of games)."""
        return self.rounds


Seat.copy = copier(Seat)  # type: ignore[attr-defined]
_copy = copier(CasinoState, seats="{{k: v.copy() for k, v in {}.items()}}", faces_out="dict({})",
               round="{0}.copy() if {0} is not None else None")  # fmt: skip
