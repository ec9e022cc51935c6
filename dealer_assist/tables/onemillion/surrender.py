"""SURR — surrender: the up-ace call, the open-BJ call and late surrender (SURR-1…5)."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.onemillion import flow
from dealer_assist.tables.onemillion.state import Hand
from dealer_assist.tables.onemillion.step import Step


def call(t: Step, cmd: n.SurrenderCall) -> None:
    """`sr BOX …` during the call: those boxes surrender (SURR-1, SURR-2 with GUILD-6)."""
    game = t.game
    clause = game.call or "SURR-1"
    if len(set(cmd.boxes)) != len(cmd.boxes):
        t.refuse(clause, "surrender.twice", box=cmd.boxes[0])
    for number in cmd.boxes:
        hands = [h for h in game.hands_of(number) if not h.nobet]
        if number not in t.state.boxes or not hands:
            t.refuse(clause, "surrender.no_bet", box=number)
        hand = hands[0]
        if number in game.called:
            t.refuse(clause, "surrender.twice", box=number)
        if hand.outcome == "blackjack":
            t.refuse("BASE-2", "surrender.blackjack", box=number)
        if hand.done:
            t.refuse(clause, "surrender.finished", box=number)
        hand.outcome = "surrender"
        hand.done = True
        game.called.add(number)
        t.rule(clause, "surrender.done", box=number, bet=hand.bet)


def go(t: Step) -> None:
    flow.close_call(t)


def late(t: Step, hand: Hand) -> None:
    """SURR-3: late surrender on the first two cards of an unsplit hand, before any action."""
    if not t.state.config.late_surrender:
        t.refuse("SURR-3", "surrender.late_off")
    if hand.split or len(hand.cards) != 2 or hand.acted:
        t.refuse("SURR-3", "surrender.late_when", hand=hand.label)
    hand.outcome = "surrender"
    hand.done = True
    hand.acted = True
    t.rule("SURR-3", "surrender.late", hand=hand.label, bet=hand.bet)
