"""DRAW — the dealer's forced draws under the half-up rule (DRAW-1…6), and the reveal."""

from __future__ import annotations

from enum import StrEnum

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import Card, Total, total
from dealer_assist.core.dealer import must_hit
from dealer_assist.tables.onemillion import flow, jokers, settlement, shoe
from dealer_assist.tables.onemillion import hole as hole_card
from dealer_assist.tables.onemillion.state import PHASE, KnownCard
from dealer_assist.tables.onemillion.step import Step


class Decision(StrEnum):
    HIT = "HIT"
    STAND = "STAND"


_HIT, _STAND = Decision.HIT, Decision.STAND  # read as globals: an enum's own attributes are slow


def decide(cards: list[Card], top: Card | None) -> tuple[Decision, str]:
    """The dealer's decision and its clause; ``top`` is None when the top card is closed."""
    return _decide(cards, top, total(cards))


def _decide(cards: list[Card], top: Card | None, now: Total) -> tuple[Decision, str]:
    """``decide`` with the dealer's total ``now`` given (``next_card`` has it already)."""
    if top is None:  # DRAW-1: the plain dealer
        return (_HIT if must_hit(now) else _STAND), "DRAW-1"
    if now.value <= 16:  # DRAW-2
        bust_for_certain = now.hard_value + top.low_value > 21
        return (_STAND if bust_for_certain else _HIT), "DRAW-2"
    after = total([*cards, top])
    if now.soft:  # DRAW-3
        return (_HIT if not after.bust and after.value >= now.value else _STAND), "DRAW-3"
    return (_HIT if not after.bust else _STAND), "DRAW-4"  # DRAW-4


# the ruling's key of each decision, the top card seen or closed
_KEYS = {(decision, visible): f"draw.{decision.value.lower()}" + ("" if visible else "_closed")
         for decision in Decision for visible in (True, False)}  # fmt: skip


def reveal(t: Step, cmd: n.Reveal) -> None:
    """The hole card is shown after the players (CARD-4); JK-6 if nobody checked it."""
    game = t.game
    hole = game.hole
    assert hole is not None
    game.dealer[1] = hole_card.face(t, hole, cmd.card, clause="CARD-4")
    sighting = hole_card.show(t)
    if sighting is not None and not flow.dealer_joker(t, sighting):
        return
    flow.dealer_turn(t)


def next_card(t: Step, cmd: n.Next) -> None:
    """`next`: the top card decides HIT or STAND (DRAW-1…5)."""
    state, game = t.state, t.game
    if state.shoe_left is not None and state.shoe_left <= 0:
        t.refuse("DRAW-6", "shoe.empty")
    card = cmd.card
    visible = not card.closed
    known = shoe.known_top(t, card)
    if known is not None:
        card, visible = known.card, True
    now = total(game.dealer)
    decision, clause = _decide(game.dealer, card if visible else None, now)
    t.rule(clause, _KEYS[decision, visible], total=now, card=str(card))
    if decision is _STAND:
        if visible and not state.known_top:
            state.known_top.append(KnownCard(card, "stood"))
        settlement.settle(t)
        return
    if card.is_unknown:
        state.phase = PHASE.DEALER_CARD
        return
    dealer_draws(t, card)


def dealer_card(t: Step, cmd: n.DealerCard) -> None:
    """`dealer CARD`: the face of the closed card the dealer drew after HIT."""
    if cmd.card.is_unknown:
        t.refuse("CARD-5", "dealer.card_face_needed")
    dealer_draws(t, Card(cmd.card.rank, cmd.card.suit, True))


def dealer_draws(t: Step, card: Card) -> None:
    """CARD-5: a drawn card is shown face up; a joker takes effect at once (JK-6)."""
    game = t.game
    card, sighting = shoe.take(t, card)
    game.dealer.append(card)
    t.state.phase = PHASE.DEALER
    if card.is_joker:
        sighting = jokers.sight(t, sighting, where="dealer", public=True)
        if not flow.dealer_joker(t, sighting):
            return
    t.rule("CARD-5", "dealer.draws", card=str(card), total=total(game.dealer))
    flow.dealer_turn(t)


def empty(t: Step) -> None:
    """DRAW-6 / END-F2: a card must be drawn and the shoe is empty."""
    t.rule("DRAW-6", "shoe.report_empty")
    flow.fail_now(t, reason="shoe_empty", clause="END-F2")
