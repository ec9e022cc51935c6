"""The casino table as a configuration of plain blackjack (seed 004, CASINO.md): its parameters
in one typed, frozen record (``Ruleset.options``). The rule modules read them through the
names in ``state`` (``CHIPS``, ``DECKS`` …), so each figure of the rulebook is written once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    seats: int = 6  # TABLE-1: one to six players
    chips: int = 100  # TABLE-2: every player's chips at the start
    rounds: int = 5  # TABLE-3
    bet: int = 10  # TABLE-4: the fixed bet
    insurance: int = 5  # INS-2: half the bet
    decks: int = 6  # SHOE-1: six 52-card decks, no joker
    reshuffle_below: int = 78  # SHOE-3: a quarter of the shoe
    max_hands: int = 4  # PLAY-5: at most three splits a seat
    dealer_hits_soft_17: bool = False  # DEALER-2: the dealer stands on every 17, soft 17 too (S17)


OPTIONS = Options()
