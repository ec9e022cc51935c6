"""CARD-4 — the dealer's hole card: its face, named at the check or the reveal (BASE-6, CARD-4),
turned face up (at the reveal, or when the game ends at the check), and the joker it may be
(JK-1, JK-8)."""

from __future__ import annotations

from dealer_assist.cards import Card, total
from dealer_assist.tables.onemillion import jokers
from dealer_assist.tables.onemillion.step import Step


def show(t: Step) -> int | None:
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


def show_if_seen(t: Step) -> None:
    """A game that ends while the hole card lies face down, after the dealer checked it (a
    blackjack or a joker found at the check, BASE-6): the dealer shows it (BASE-10)."""
    game = t.game
    if game.hole is not None and game.hole_seen:
        show(t)


def face(t: Step, hole: Card, given: Card | None, *, clause: str) -> Card:
    """The hole card's face: from the deal line, or given now (and then it must agree)."""
    command = "reveal" if clause == "CARD-4" else "peek"  # the command to give it with (its example)
    if given is None:
        if hole.is_unknown:
            t.refuse(clause, "dealer.hole_face_needed", command=command)
        return hole
    if given.is_unknown:
        if not hole.is_unknown:  # dealt with its face: the command needs none
            t.refuse(clause, "dealer.hole_face_known", hole=str(hole), command=command)
        t.refuse(clause, "dealer.hole_face_needed", command=command)
    if not hole.is_unknown and not hole.matches(given):
        t.refuse(clause, "dealer.hole_mismatch", card=str(given), hole=str(hole))
    if hole.is_unknown and given.is_joker:
        jokers.check_new_joker(t)
    return Card(given.rank, given.suit or hole.suit, True, hole.level)  # JK-8: a ruling stands
