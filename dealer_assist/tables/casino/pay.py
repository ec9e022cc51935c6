"""PAY — settlement, hand by hand on its own stake (PAY-1…7)."""

from __future__ import annotations

from dealer_assist.cards import is_blackjack, total
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.table import after_settlement
from dealer_assist.core.hand import Hand

RATIOS = {"blackjack": 2.5, "win": 2.0, "push": 1.0, "lose": 0.0, "bust": 0.0, "surrender": 0.5}


def result(t: Step, hand: Hand) -> str:
    """The result of one hand against the dealer's final cards (PAY-2…6, PEEK-2)."""
    current = t.round
    dealer_bj = current.dealer_blackjack or is_blackjack(current.dealer)
    if hand.outcome == "surrender":
        return "surrender"
    if hand.outcome == "bust":
        return "bust"
    if hand.outcome == "blackjack":
        return "push" if dealer_bj else "blackjack"
    if dealer_bj:
        return "lose"
    dealer, mine = total(current.dealer), hand.total().value
    if dealer.bust or mine > dealer.value:
        return "win"
    return "push" if mine == dealer.value else "lose"


def settle(t: Step) -> None:
    """PAY-1: every hand on its own stake; the chips come back with the winnings; then the next
round or the end (``table.after_settlement``)."""
    state, current = t.state, t.round
    t.rule("PAY-1", "casino.settlement", round=current.number)
    for hand in current.hands:
        outcome = result(t, hand)
        hand.result, hand.ratio = outcome, RATIOS[outcome]
        back = int(hand.bet * RATIOS[outcome])  # PAY-7: always whole with a 10-chip bet
        state.seats[hand.box].chips += back
        change = back - hand.bet
        current.changes[hand.box] = current.changes.get(hand.box, 0) + change
        clause = {"blackjack": "PAY-2", "win": "PAY-3", "push": "PAY-4", "surrender": "PAY-6"}.get(outcome, "PAY-5")
        t.rule(clause, f"casino.pay.{outcome}", hand=hand.label, change=change)
    for number, won in current.insurance.items():
        current.changes[number] = current.changes.get(number, 0) + won
    current.settled = True
    after_settlement(t)
