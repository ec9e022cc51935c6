"""PAY — settlement, hand by hand on its own stake (PAY-1…7)."""

from __future__ import annotations

from dealer_assist.cards import Total, is_blackjack, total
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.table import after_settlement
from dealer_assist.core.hand import Hand

RATIOS = {"blackjack": 2.5, "win": 2.0, "push": 1.0, "lose": 0.0, "bust": 0.0, "surrender": 0.5}
CLAUSES = {"blackjack": "PAY-2", "win": "PAY-3", "push": "PAY-4", "lose": "PAY-5", "bust": "PAY-5",
           "surrender": "PAY-6"}  # fmt: skip
KEYS = {outcome: f"casino.pay.{outcome}" for outcome in RATIOS}


def result(t: Step, hand: Hand) -> str:
    """The result of one hand against the dealer's final cards (PAY-2…6, PEEK-2)."""
    current = t.round
    return _result(hand, current.dealer_blackjack or is_blackjack(current.dealer), total(current.dealer))


def _result(hand: Hand, dealer_bj: bool, dealer: Total) -> str:
    """``result``, the dealer's blackjack and total given (the same for every hand)."""
    outcome = hand.outcome
    if outcome == "surrender":
        return "surrender"
    if outcome == "bust":
        return "bust"
    if outcome == "blackjack":
        return "push" if dealer_bj else "blackjack"
    if dealer_bj:
        return "lose"
    mine = total(hand.cards).value
    if dealer.bust or mine > dealer.value:
        return "win"
    return "push" if mine == dealer.value else "lose"


def settle(t: Step) -> None:
    """PAY-1: every hand on its own stake; the chips come back with the winnings; then the next
round or the end (``table.after_settlement``)."""
    state = t.state
    current, quiet = state.round, t.quiet
    if not quiet:
        t.rule("PAY-1", "casino.settlement", round=current.number)
    dealer = current.dealer
    dealer_bj, value = current.dealer_blackjack or is_blackjack(dealer), total(dealer)
    seats, changes = state.seats, current.changes
    for hand in current.hands:
        outcome = _result(hand, dealer_bj, value)
        ratio = RATIOS[outcome]
        hand.result, hand.ratio = outcome, ratio
        back = int(hand.bet * ratio)  # PAY-7: always whole with a 10-chip bet
        seats[hand.box].chips += back
        change = back - hand.bet
        changes[hand.box] = changes.get(hand.box, 0) + change
        if not quiet:
            t.rule(CLAUSES[outcome], KEYS[outcome], hand=hand.label, change=change)
    for number, won in current.insurance.items():
        changes[number] = changes.get(number, 0) + won
    current.settled = True
    after_settlement(t)
