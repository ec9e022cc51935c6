"""DRAW — the dealer's forced draws under the half-up rule (DRAW-1…6), and the reveal."""

from __future__ import annotations

from enum import StrEnum

from dealer_assist import notation as n
from dealer_assist.cards import Card, total
from dealer_assist.core.dealer import must_hit
from dealer_assist.tables.onemillion import end, flow, jokers, settlement
from dealer_assist.tables.onemillion import hole as hole_card
from dealer_assist.tables.onemillion.state import KnownCard, Phase
from dealer_assist.tables.onemillion.table import Table


class Decision(StrEnum):
    HIT = "HIT"
    STAND = "STAND"


def decide(cards: list[Card], top: Card | None) -> tuple[Decision, str]:
    """The dealer's decision and its clause; ``top`` is None when the top card is closed."""
    now = total(cards)
    if top is None:  # DRAW-1: the plain dealer
        return (Decision.HIT if must_hit(now) else Decision.STAND), "DRAW-1"
    if now.value <= 16:  # DRAW-2
        bust_for_certain = now.hard_value + top.low_value > 21
        return (Decision.STAND if bust_for_certain else Decision.HIT), "DRAW-2"
    after = total([*cards, top])
    if now.soft:  # DRAW-3
        return (Decision.HIT if not after.bust and after.value >= now.value else Decision.STAND), "DRAW-3"
    return (Decision.HIT if not after.bust else Decision.STAND), "DRAW-4"  # DRAW-4


def reveal(t: Table, cmd: n.Reveal) -> None:
    """The hole card is shown after the players (CARD-4); JK-6 if nobody checked it."""
    game = t.game
    hole = game.hole
    assert hole is not None
    game.dealer[1] = _face(t, hole, cmd.card, clause="CARD-4")
    sighting = hole_card.show(t)
    if sighting is not None and not flow.dealer_joker(t, sighting):
        return
    flow.dealer_turn(t)


def _face(t: Table, hole: Card, given: Card | None, *, clause: str) -> Card:
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


def next_card(t: Table, cmd: n.Next) -> None:
    """`next`: the top card decides HIT or STAND (DRAW-1…5)."""
    state, game = t.state, t.game
    if state.shoe_left is not None and state.shoe_left <= 0:
        t.refuse("DRAW-6", "shoe.empty")
    card = cmd.card
    visible = not card.closed
    known = t.known_top(card)
    if known is not None:
        card, visible = known.card, True
    decision, clause = decide(game.dealer, card if visible else None)
    now = total(game.dealer)
    key = f"draw.{decision.value.lower()}" + ("" if visible else "_closed")
    t.rule(clause, key, total=now, card=str(card))
    if decision is Decision.STAND:
        if visible and not state.known_top:
            state.known_top.append(KnownCard(card, "stood"))
        settlement.settle(t)
        return
    if card.is_unknown:
        state.phase = Phase.DEALER_CARD
        return
    dealer_draws(t, card)


def dealer_card(t: Table, cmd: n.DealerCard) -> None:
    """`dealer CARD`: the face of the closed card the dealer drew after HIT."""
    if cmd.card.is_unknown:
        t.refuse("CARD-5", "dealer.card_face_needed")
    dealer_draws(t, Card(cmd.card.rank, cmd.card.suit, True))


def dealer_draws(t: Table, card: Card) -> None:
    """CARD-5: a drawn card is shown face up; a joker takes effect at once (JK-6)."""
    game = t.game
    card, sighting = t.take_card(card)
    game.dealer.append(card)
    t.state.phase = Phase.DEALER
    if card.is_joker:
        sighting = jokers.sight(t, sighting, where="dealer", public=True)
        if not flow.dealer_joker(t, sighting):
            return
    t.rule("CARD-5", "dealer.draws", card=str(card), total=total(game.dealer))
    flow.dealer_turn(t)


def empty(t: Table) -> None:
    """DRAW-6 / END-F2: a card must be drawn and the shoe is empty."""
    t.rule("DRAW-6", "shoe.report_empty")
    end.fail_now(t, reason="shoe_empty", clause="END-F2")
