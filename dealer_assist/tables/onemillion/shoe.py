"""The half-up shoe: a card leaving it (DRAW-6: not when it is empty; a card known to be on top
must be that one, GUILD-3 and NOTATION; CARD-6: no eighth joker)."""

from __future__ import annotations

from dealer_assist.cards import JOKER, UNKNOWN, Card
from dealer_assist.tables.onemillion import jokers
from dealer_assist.tables.onemillion.state import KnownCard
from dealer_assist.tables.onemillion.step import Step


def known_top(t: Step, card: Card) -> KnownCard | None:
    """The card known to be on top of the shoe, if any; ``card`` must be it."""
    if not t.state.known_top:
        return None
    known = t.state.known_top[0]
    if not known.accepts(card):
        t.refuse(known.clause, "shoe.known_top", card=str(card), known=str(known.card))
    return known


def take(t: Step, card: Card) -> tuple[Card, int | None]:
    """A card leaves the shoe; returns it as recorded and its joker sighting, if seen.

    Checks, in this order: the shoe is not empty (DRAW-6), the card matches a card known
    to be on top (GUILD-3, NOTATION), and it is not an eighth joker (CARD-6).
    """
    state = t.state
    if state.shoe_left is not None and state.shoe_left <= 0:
        t.refuse("DRAW-6", "shoe.empty")
    sighting = None
    if state.known_top:  # (tested here first: ``known_top`` is rarely needed)
        known = known_top(t, card)
        assert known is not None
        card, sighting = known.card, known.sighting
        state.known_top.pop(0)
    elif card.rank == UNKNOWN:
        t.refuse("CARD-2", "card.unknown_here")
    elif card.rank == JOKER:
        jokers.check_new_joker(t)
    if state.shoe_left is not None:
        state.shoe_left -= 1
    return card, sighting
