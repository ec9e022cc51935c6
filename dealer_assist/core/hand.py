"""A hand at a blackjack table and the mechanics every table shares: its label, its total,
a blackjack, and how a split makes a new hand (letters, the card moved, split aces) and a
double doubles the stake. Whether a move is allowed is each table's own rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_assist.cards import Card, is_blackjack, same_value, total
from dealer_assist.core.copier import copier

LETTERS = "abcdefgh"


@dataclass(slots=True)
class Hand:
    box: int  # the box (One Million) or the seat (the casino table)
    letter: str | None = None
    cards: list[Card] = field(default_factory=list)
    bet: int = 0
    nobet: bool = False  # a no-bet or bankrupt box: its cards are burned (One Million BOX-2)
    split: bool = False  # part of a split: no blackjack, and (One Million) no Under Bonus
    split_aces: bool = False
    stand_on_card: bool = False  # time ran out before its second card (One Million TIME-1)
    doubled: bool = False
    acted: bool = False  # any action taken (late surrender)
    done: bool = False  # needs no more action
    locked: bool = False  # One Million DSK-3
    outcome: str | None = None  # how play ended: stand, bust, blackjack, surrender, joker, under
    result: str | None = None  # the result after settlement
    ratio: float | None = None
    paid: bool = False  # already settled

    @property
    def label(self) -> str:
        return f"{self.box}{self.letter or ''}"

    @property
    def live(self) -> bool:
        """Still to be compared with the dealer."""
        return not self.nobet and self.outcome == "stand"

    def total(self):
        return total(self.cards)

    def blackjack(self) -> bool:
        """An unsplit two-card 21."""
        return not self.split and is_blackjack(self.cards)

    def pair(self) -> bool:
        """Two cards of equal value (any two ten-value cards): a hand that may be split."""
        return len(self.cards) == 2 and same_value(*self.cards)


Hand.copy = copier(Hand, cards="list({})")  # type: ignore[attr-defined]


def split(hands: list[Hand], hand: Hand) -> Hand:
    """Split ``hand`` (in ``hands``, the game's hands in play order): it keeps its first card,
    the second goes to a new hand with the same bet, the next free letter, played right after
    it (``3`` → ``3a``/``3b``; ``3a`` again → adds ``3c``). Returns the new hand."""
    used = {h.letter for h in hands if h.box == hand.box}
    if hand.letter is None:
        hand.letter = "a"
        used.add("a")
    letter = next(c for c in LETTERS if c not in used)
    aces = hand.cards[0].is_ace and hand.cards[1].is_ace
    new = Hand(box=hand.box, letter=letter, cards=[hand.cards.pop()], bet=hand.bet, split=True, split_aces=aces)
    hand.split = True
    hand.split_aces = aces
    hands.insert(hands.index(hand) + 1, new)
    return new


def double(hand: Hand) -> None:
    """The stake doubles; the hand is then dealt exactly one card (the table's caller)."""
    hand.acted = True
    hand.doubled = True
    hand.bet *= 2
