"""What only the One Million dealer knows: the dealer's own joker count (and the phases it
gives, JK-1) and the face down hole card (CARD-4). ``secrets_changed`` gives the same table with
them changed: the players' view must not change with it (the conformance tests)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.tables.onemillion.state import State

# a face for another, keeping the dealer's check's answer (a ten stays a ten, an ace an ace)
SWAP = {"2": "3", "3": "2", "4": "5", "5": "4", "6": "7", "7": "6", "8": "9", "9": "8", "T": "K", "J": "T", "Q": "J",
        "K": "Q"}  # fmt: skip


def secrets_changed(state: State, *, keep_check: bool = False) -> State:
    """The same table with the dealer's joker count and the hole card changed (``keep_check``:
    a face that gives the dealer's check the same answer, so the same next command is legal)."""
    other = state.copy()
    other.jokers_dealer += 3
    other.jokers = [record.copy() for record in other.jokers]  # shared with the state (copy on write)
    for record in other.jokers:
        if record.dealer is not None:
            record.dealer += 3
    game = other.game
    if game is not None and game.hole is not None:
        hole = game.hole
        if keep_check:
            if hole.rank in SWAP:
                game.dealer[1] = Card(SWAP[hole.rank], None, True)
        else:
            game.dealer[1] = Card("2" if hole.rank != "2" else "3", None, True)
            game.hole_seen = not game.hole_seen
            game.hole_joker = None if game.hole_joker is not None else 0
    return other
