"""SHOE — six decks, the count of cards left, the reshuffles (SHOE-1…4)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.casino.state import RESHUFFLE_BELOW, SHOE
from dealer_assist.casino.step import Step


def reshuffle_check(t: Step) -> None:
    """SHOE-3: before the bets, a shoe with fewer than 78 cards left is reshuffled to 312."""
    state = t.state
    if state.shoe_left < RESHUFFLE_BELOW:
        t.rule("SHOE-3", "casino.reshuffle", left=state.shoe_left, cards=SHOE)
        state.shoe_left, state.discards = SHOE, 0
        t.round.shuffled = True


def draw(t: Step) -> None:
    """A card leaves the shoe (SHOE-2); an empty shoe mid-round takes the discards (SHOE-4)."""
    state = t.state
    if state.shoe_left <= 0:
        if state.discards <= 0:  # pragma: no cover - 312 cards never run out in five rounds
            t.refuse("SHOE-4", "casino.shoe_out")
        t.rule("SHOE-4", "casino.discards_shuffled", cards=state.discards)
        state.shoe_left, state.discards = state.discards, 0
    state.shoe_left -= 1


def take(t: Step, card: Card, clause: str, *, hole: bool = False) -> Card:
    """A card typed as dealt from the shoe: its face is needed (``clause``; only the hole card
    may be typed ``[?]``), there are no jokers (SHOE-1), and it leaves the shoe (SHOE-2). The
    card as the table keeps it: face up — orientation means nothing here — but the hole card."""
    if card.is_unknown and not hole:
        t.refuse(clause, "casino.face_needed")
    if card.is_joker:
        t.refuse("SHOE-1", "casino.no_jokers")
    draw(t)
    return Card(card.rank, card.suit, hole)


def discard_round(t: Step) -> None:
    """The cards of a settled round go to the discards (SHOE-4 shuffles them when needed)."""
    current = t.round
    t.state.discards += len(current.dealer) + sum(len(h.cards) for h in current.hands)
