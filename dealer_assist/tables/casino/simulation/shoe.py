"""The casino table's seeded shoe for the simulator: six decks (SHOE-1…4)."""

from __future__ import annotations

import random

from dealer_assist.cards import RANKS, Card

OPEN = {rank: Card(rank) for rank in RANKS}  # the cards are immutable values: shared


class CasinoShoe:
    """A shoe of ``decks`` × 52 cards, shuffled by a seeded ``random.Random``.

    ``draw`` takes a uniformly random card among those still in the shoe (a Fisher–Yates
    shuffle done one card at a time: the same as shuffling the whole shoe and dealing from
    the top, but a reshuffle costs nothing). ``cards[:left]`` are in the shoe; the cards dealt
    since the last shuffle lie after them, the most recent first, so the round on the table
    is ``cards[left:left + on_table]`` and the discards come after it (SHOE-4)."""

    __slots__ = ("cards", "left", "on_table", "_random")

    def __init__(self, rng: random.Random, decks: int = 6) -> None:
        self.cards = [OPEN[rank] for rank in RANKS for _ in range(4 * decks)]
        self.left = len(self.cards)
        self.on_table = 0
        self._random = rng.random

    def __len__(self) -> int:
        return self.left

    def shuffle(self) -> None:
        """Every card back into the shoe (SHOE-3, or a continuous shuffler after each round)."""
        self.left = len(self.cards)
        self.on_table = 0

    def end_round(self) -> None:
        """The round's cards join the discards."""
        self.on_table = 0

    def draw(self) -> Card:
        left = self.left
        if left == 0:
            self.shuffle_discards()
            left = self.left
        cards = self.cards
        i = int(self._random() * left)
        left -= 1
        card = cards[i]
        cards[i] = cards[left]
        cards[left] = card
        self.left = left
        self.on_table += 1
        return card

    def shuffle_discards(self) -> None:
        """SHOE-4: the shoe ran out mid-round; the discards (not the cards on the table) make a
        new shoe."""
        cards, start = self.cards, self.left
        table = cards[start : start + self.on_table]
        discards = cards[start + self.on_table :]
        if not discards:
            raise RuntimeError("the shoe and the discards are empty")
        cards[:] = discards + table
        self.left = len(discards)
