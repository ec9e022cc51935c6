"""CARD-4 — the dealer's hole card turned face up (at the reveal, or when the game ends at
the check), and the joker it may be (JK-1, JK-8)."""

from __future__ import annotations

from dealer_assist.cards import total
from dealer_assist.tables.onemillion import jokers
from dealer_assist.tables.onemillion.table import Table


def show(t: Table) -> int | None:
    """Turn the hole card face up for everyone. Returns the sighting of a joker that the
    dealer had not seen before (its effect is the caller's: JK-6), else None."""
    game = t.game
    card = game.dealer[1]
    game.hole_shown = True
    t.rule("CARD-4", "dealer.reveal", card=str(card), total=total(game.dealer))
    if not card.is_joker:
        return None
    sighting = jokers.sight(t, game.hole_joker, where="dealer", public=True, hole=True)
    if game.hole_joker is None:
        game.hole_joker = sighting
        return sighting
    t.rule("JK-8", "joker.stands", level=t.state.jokers[sighting].level)
    return None


def show_if_seen(t: Table) -> None:
    """A game that ends while the hole card lies face down, after the dealer checked it (a
    blackjack or a joker found at the check, BASE-6): the dealer shows it (BASE-10)."""
    game = t.game
    if game.hole is not None and game.hole_seen:
        show(t)
