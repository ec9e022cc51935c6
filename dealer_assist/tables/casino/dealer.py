"""DEALER — the dealer's turn: the hole card turned up, the plain dealer's draws, no draw when
nothing is left to compare (DEALER-1…3)."""

from __future__ import annotations

from dealer_assist.tables.casino import notation as n
from dealer_assist.cards import Card, Total, total
from dealer_assist.core import dealer as core_dealer
from dealer_assist.core.dealer import DealerRules, must_hit
from dealer_assist.tables.casino.options import OPTIONS
from dealer_assist.core.step import Ruling
from dealer_assist.tables.casino import pay, shoe
from dealer_assist.tables.casino.state import Phase
from dealer_assist.tables.casino.step import Step


def players_done(t: Step) -> None:
    """After the last seat the hole card is turned face up (DEALER-1)."""
    t.state.phase = Phase.REVEAL


def reveal(t: Step, cmd: n.Reveal) -> None:
    """DEALER-1: `reveal [CARD]` — the hole card, face up."""
    current = t.state.round
    hole = current.dealer[1]
    if cmd.card is not None:
        if cmd.card.is_unknown:
            if not hole.is_unknown:  # dealt with its face: the command needs none
                t.refuse("DEALER-1", "casino.hole_face_known", hole=str(hole), command="reveal")
            t.refuse("DEALER-1", "casino.hole_face", command="reveal", card=shoe.example_face(t.state))
        if cmd.card.is_joker:
            t.refuse("SHOE-1", "casino.no_jokers")
        if not hole.is_unknown and not hole.matches(cmd.card):
            t.refuse("DEALER-1", "casino.hole_mismatch", card=str(cmd.card), hole=str(hole))
        if hole.is_unknown:  # named now: it counts now (SHOE-1)
            shoe.face(t, cmd.card)
        hole = Card(cmd.card.rank, cmd.card.suit or hole.suit, True)
    elif hole.is_unknown:
        t.refuse("DEALER-1", "casino.hole_face", command="reveal", card=shoe.example_face(t.state))
    current.dealer[1] = shoe.kept(hole.rank, hole.suit, False)  # face up from now on
    current.hole_shown = True
    if not t.quiet:
        t.rule("DEALER-1", "casino.reveal", card=str(current.dealer[1]), total=total(current.dealer))
    turn(t)


def _stands(value: Total) -> Ruling | None:
    """DEALER-2: the plain dealer stands on every 17, soft 17 too."""
    if must_hit(value, hits_soft_17=OPTIONS.dealer_hits_soft_17):
        return None
    return Ruling("DEALER-2", "casino.dealer_stands", {"total": value})


def _draws(t: Step) -> None:
    t.state.phase = Phase.DEALER


RULES = DealerRules(no_draw=("DEALER-3", "casino.no_draw"), bust=("DEALER-2", "casino.dealer_bust"),
                    stops=_stands, settle=pay.settle, draws=_draws)  # fmt: skip


def turn(t: Step) -> None:
    """DEALER-2/3: the dealer draws to 17 — unless no hand's result depends on it."""
    current = t.state.round
    core_dealer.turn(t, current.hands, current.dealer, RULES)


def draw(t: Step, cmd: n.DealerCard) -> None:
    """`dealer CARD`: the card the dealer drew (DEALER-2)."""
    current = t.state.round
    dealer = current.dealer
    dealer.append(shoe.take(t, cmd.card, "DEALER-2"))
    if not t.quiet:
        t.rule("DEALER-2", "casino.dealer_draws", card=str(dealer[-1]), total=total(dealer))
    core_dealer.turn(t, current.hands, dealer, RULES)  # ``turn``
