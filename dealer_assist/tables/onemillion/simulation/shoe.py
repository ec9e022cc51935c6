"""One Million's seeded shoe for the simulator: the half-up shoe with its seven jokers (Terms,
CARD-6)."""

from __future__ import annotations

import random

from dealer_assist.cards import JOKER, RANKS, Card

OPEN = {rank: Card(rank) for rank in RANKS}  # the cards are immutable values: shared
CLOSED = {rank: Card(rank, None, True) for rank in (*RANKS, JOKER)}


class HalfUpShoe:
    """One Million's half-up shoe: ``decks`` × 52 cards of which half, chosen at random, lie
    face up (open) and the rest face down (closed), plus the seven jokers, always closed,
    all shuffled together. Finite: when it is empty the quest fails (DRAW-6, END-F2)."""

    __slots__ = ("cards", "top")

    def __init__(self, rng: random.Random, decks: int, jokers: int = 7) -> None:
        faces = [rank for rank in RANKS for _ in range(4 * decks)]
        rng.shuffle(faces)
        half = len(faces) // 2
        cards = [OPEN[r] for r in faces[:half]] + [CLOSED[r] for r in faces[half:]] + [CLOSED[JOKER]] * jokers
        rng.shuffle(cards)
        self.cards = cards
        self.top = 0

    def __len__(self) -> int:
        return len(self.cards) - self.top

    def peek(self) -> Card | None:
        """The top card (None when the shoe is empty)."""
        return self.cards[self.top] if self.top < len(self.cards) else None

    def draw(self) -> Card | None:
        card = self.peek()
        if card is not None:
            self.top += 1
        return card
