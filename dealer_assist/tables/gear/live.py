"""Issue 23 at the Blackjack Gear table: the player on turn's chance that a hit busts and that the
next card is the joker (`replay --json --odds`), in two viewpoints. The referee knows every card;
the viewers do not know either face-down card, so their figure is taken over every card each one
could be (from the cards they have seen), and cannot depend on what those cards are."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dealer_assist.cards import RANKS, Card
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear import effects
from dealer_assist.tables.gear.state import GearState, Phase


def _unseen(s: GearState, hidden: list[Card]) -> Counter:
    seen = list(s.trumps_out)
    for card in hidden:
        seen.remove(card)
    counts = Counter({rank: trumps.PER_RANK for rank in RANKS})
    for card in seen:
        if card.rank in counts:
            counts[card.rank] -= 1
    return counts


def live(state: GearState, viewpoint: Viewpoint) -> dict[str, Any] | None:
    s = state
    if s.phase != Phase.TURN or s.turn is None:
        return None
    seat, goal = s.turn, effects.goal(s)
    mine = s.player(seat).cards
    if trumps.remaining(s.trumps_out) == 0:
        return {"view": viewpoint.value, "bust": 1.0, "joker_next": 1.0}
    hidden = [s.player(x).cards[0] for x in (1, 2) if s.player(x).cards and s.player(x).cards[0].closed]
    if viewpoint is Viewpoint.DEALER:
        hidden = [c for c in hidden if c.is_unknown]  # the referee knows every card typed face down
    unseen = _unseen(s, hidden)
    size = sum(unseen.values())
    own_hidden = viewpoint is Viewpoint.PLAYERS or (mine and mine[0].is_unknown)
    if not own_hidden:
        busts = sum(n for rank, n in unseen.items() if n and trumps.total((*mine, Card(rank)), goal) > goal)
        return {"view": viewpoint.value, "bust": busts / size, "joker_next": 0.0}
    visible = mine[1:]
    busts = 0.0
    for first, a in unseen.items():  # the player's own face-down card, then the next card
        if not a:
            continue
        for rank, b in unseen.items():
            b -= rank == first
            if b > 0 and trumps.total((Card(first), *visible, Card(rank)), goal) > goal:
                busts += a * b
    return {"view": viewpoint.value, "bust": busts / (size * (size - 1)), "joker_next": 0.0}
