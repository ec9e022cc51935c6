"""GR-1, GR-2, GR-3, GW-5: the trump cards — a deck of 52 and one joker, what each card counts, a hand's
total against the goal, and what is left in the deck.

An ace counts 1 or 11, whichever is better (GR-2): the highest total not over the goal, else
the lowest. J, Q and K count 10. The deck is not shuffled back between rounds: the cards dealt
stay out until a round begins with fewer than four left or after the joker came out, when all
53 are shuffled again (GR-1, decided). The joker is the last card: a player who hits with no
trump card left draws it."""

from __future__ import annotations

from collections import Counter

from dealer_assist.cards import RANKS, Card
from dealer_assist.tables.gear.state import TRUMPS

PER_RANK = 4
DEAL = 4  # the cards a round's deal takes


def value(card: Card) -> int:
    if card.rank == "A":
        return 1
    if card.is_ten:
        return 10
    return int(card.rank)


def total(cards: tuple[Card, ...], goal: int) -> int | None:
    """The best total of ``cards`` against ``goal`` (None while a card is not known)."""
    if any(c.is_unknown for c in cards):
        return None
    low = sum(value(c) for c in cards if not c.is_joker)
    aces = sum(1 for c in cards if c.rank == "A")
    best = low
    for _ in range(aces):
        if best + 10 <= goal:
            best += 10
    return best


def left(out: tuple[Card, ...]) -> Counter:
    """The ranks still in the deck (4 of each, less the cards dealt, ``?`` ones not counted)."""
    counts = Counter({rank: PER_RANK for rank in RANKS})
    for card in out:
        if card.rank in counts:
            counts[card.rank] -= 1
    return counts


def remaining(out: tuple[Card, ...]) -> int:
    """Trump cards still in the deck (the joker not counted)."""
    return TRUMPS - sum(1 for c in out if not c.is_joker)


def can_come(out: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` can still be in the deck (a ``?`` can, while any card is)."""
    if card.is_unknown:
        return remaining(out) > 0
    return left(out)[card.rank] > 0
