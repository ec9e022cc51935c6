"""Cards and hand totals (CARD-1).

A ``Card`` is a value shared by the notation (which reads it) and the engine (which
counts it). ``rank`` is one of ``A 2 … 9 T J Q K``, ``JK`` (a joker) or ``?`` (a closed
card whose face is not known yet). ``closed`` says the card lay face down in the shoe. A joker also carries the effect level it
was ruled (``level``, JK-4) once a viewpoint has ruled it: only an unruled or Lv.0 joker is an
ace; a joker ruled Lv.1–3 has no value (it makes a hand lose, or ends the quest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
TEN_VALUES = frozenset("TJQK")
JOKER = "JK"
UNKNOWN = "?"


@dataclass(frozen=True, slots=True)
class Card:
    rank: str
    suit: str | None = None
    closed: bool = False
    level: int | None = None  # a joker's ruled effect level (JK-4, JK-8)

    def __deepcopy__(self, memo: dict) -> "Card":  # immutable: share it
        return self

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_unknown(self) -> bool:
        return self.rank == UNKNOWN

    @property
    def is_ace(self) -> bool:
        """An ace, or a joker counted as one (JK-4 Lv.0, or not ruled yet)."""
        return self.rank == "A" or (self.rank == JOKER and not self.level)

    @property
    def is_dead_joker(self) -> bool:
        """A joker ruled Lv.1–3: not an ace, no value in a total (JK-4)."""
        return self.rank == JOKER and bool(self.level)

    @property
    def is_ten(self) -> bool:
        return self.rank in TEN_VALUES

    @property
    def low_value(self) -> int:
        """The card's value with an ace counted 1 (CARD-1)."""
        if self.is_ace:
            return 1
        if self.is_dead_joker:
            return 0
        if self.is_ten:
            return 10
        return int(self.rank)

    @property
    def face(self) -> str:
        """The face without the shoe orientation: ``9``, ``Th``, ``JK``."""
        if self.is_joker:
            return JOKER
        return self.rank + (self.suit or "")

    def __str__(self) -> str:
        rank = self.rank  # ``face`` written out: this runs for every card shown
        face = JOKER if rank == JOKER else rank + (self.suit or "")
        return f"[{face}]" if self.closed else face

    def matches(self, other: "Card") -> bool:
        """Whether two descriptions can be the same physical card (suits only if both given)."""
        if self.rank != other.rank:
            return False
        return self.suit is None or other.suit is None or self.suit == other.suit

    def with_face(self, other: "Card") -> "Card":
        """This closed card with the face ``other`` gives (the orientation is kept)."""
        return Card(other.rank, other.suit, self.closed)

    def ruled(self, level: int) -> "Card":
        """This joker with the effect level ruled for it (JK-4)."""
        return Card(self.rank, self.suit, self.closed, level)


def same_value(a: Card, b: Card) -> bool:
    """Two cards of equal value (BASE-4: any two ten-value cards may be split)."""
    return a.low_value == b.low_value


@dataclass(frozen=True, slots=True)
class Total:
    value: int
    soft: bool

    @property
    def bust(self) -> bool:
        return self.value > 21

    @property
    def hard_value(self) -> int:
        """The total with every ace counted 1."""
        return self.value - 10 if self.soft else self.value

    def __str__(self) -> str:
        return f"soft {self.value}" if self.soft else str(self.value)

    def localized(self, lang: str) -> str:
        """The total as a ruling shows it in ``lang`` (``soft 17``, ``ソフト17``)."""
        from dealer_assist.i18n import text

        return text("total.soft", lang, value=self.value) if self.soft else str(self.value)


_LOW = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10}


def total(cards: Iterable[Card]) -> Total:
    """CARD-1: aces count 1 or 11, whichever is better; soft while one ace counts 11.

    A joker counts as an ace unless it was ruled Lv.1–3 (then it has no value, JK-4); a card
    whose face is unknown (``[?]``) is not counted. (The same as summing ``low_value``, written
    out: this runs for every card of every command.)"""
    value = 0
    ace = False
    for card in cards:
        rank = card.rank
        low = _LOW.get(rank)
        if low is not None:
            value += low
            ace = ace or low == 1
        elif rank == JOKER and not card.level:
            value += 1
            ace = True
    if ace and value <= 11:
        return _SOFT[value]
    if value < _HARD_TOP:
        return _HARD[value]
    return Total(value, False)


# the totals met, made once (a ``Total`` is immutable: one instance per value is shared)
_HARD_TOP = 64
_HARD = [Total(value, False) for value in range(_HARD_TOP)]
_SOFT = {value: Total(value + 10, True) for value in range(12)}


def is_blackjack(cards: list[Card]) -> bool:
    """BASE-1: an unsplit two-card 21 (the caller says whether the hand was split). Two cards
    make 21 only as an ace (a joker counted as one, JK-4) and a ten-value card (CARD-1): that
    is looked at, without counting the total (this runs for every hand dealt)."""
    if len(cards) != 2:
        return False
    first, second = cards
    if first.rank in TEN_VALUES:
        return second.rank == "A" or (second.rank == JOKER and not second.level)
    if second.rank in TEN_VALUES:
        return first.rank == "A" or (first.rank == JOKER and not first.level)
    return False
