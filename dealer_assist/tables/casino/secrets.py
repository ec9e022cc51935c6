"""What only the casino dealer knows (DEALER-1, PEEK-2): the face of the hole card until it is
turned. ``secrets_changed`` gives the same table with it changed: the players' view must not
change with it (the conformance tests)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.tables.casino.state import CasinoState

# a face for another, keeping the peek's answer (a ten stays a ten, an ace an ace)
SWAP = {"2": "3", "3": "2", "4": "5", "5": "4", "6": "7", "7": "6", "8": "9", "9": "8", "T": "K", "J": "T", "Q": "J",
        "K": "Q"}  # fmt: skip


def secrets_changed(state: CasinoState, *, keep_check: bool = False) -> CasinoState:
    """The same table with the hole card's face changed (``keep_check``: so that the dealer's
    check gives the same answer, and the same next command is legal)."""
    other = state.copy()
    current = other.round
    if current is not None and current.hole is not None:
        hole = current.hole
        face = SWAP.get(hole.rank, hole.rank) if keep_check else ("2" if hole.rank != "2" else "3")
        current.dealer[1] = Card(face, None, True)
    return other
