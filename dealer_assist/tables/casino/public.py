"""The casino table as the players see it (the overlay, ``Ruleset.view``): everything on the table,
the hole card face down until it is shown (DEALER-1, PEEK-2). Pure: builds plain dicts."""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import total
from dealer_assist.tables.casino import play
from dealer_assist.tables.casino.state import ROUNDS, CasinoState, Phase
from dealer_assist.tables.casino.step import Step


def _dealer_cells(state: CasinoState) -> tuple[str, Any]:
    current = state.round
    if current is None or not current.dealer:
        return "", ""
    hole = current.hole
    down = hole is not None  # the second card, told by its place (equal cards may be one object)
    cards = " ".join("[?]" if down and i == 1 else str(c) for i, c in enumerate(current.dealer))
    shown = [c for i, c in enumerate(current.dealer) if not (down and i == 1) and not c.is_unknown]
    return cards, total(shown) if shown else ""  # a Total: worded in the session's language


def public_view(state: CasinoState, *, exact_hp: bool = False, shoe: bool = False) -> dict[str, Any]:
    """The players' view: everything on the table, the hole card face down until it is shown;
    the cards left in the shoe only when the dealer announces them (``shoe``). ``exact_hp``
    is One Million's (this table has no HP)."""
    current = state.round
    cards, value = _dealer_cells(state)
    turn = None
    if state.phase is Phase.PLAYERS:
        hand = play.current_hand(Step(state))
        turn = hand.label if hand is not None else None
    seats = []
    for number, seat in state.seats.items():
        hands = current.hands_of(number) if current is not None else []
        seats.append({
            "box": number, "player": seat.player, "points": seat.chips, "bankrupt": seat.out, "left": False,
            "streak": 0, "yellow": 0, "replaced_by": None, "locked": False, "bet": None,
            "hands": [{"hand": h.label, "cards": [str(c) for c in h.cards], "bet": h.bet, "nobet": False,
                       "total": h.total().value if h.cards else None, "soft": h.total().soft, "outcome": h.outcome,
                       "result": h.result, "ratio": h.ratio, "locked": False, "turn": h.label == turn}
                      for h in hands],
        })  # fmt: skip
    return {
        "status": "over" if state.over else "running", "round": state.rounds, "rounds": ROUNDS,
        "shoe": state.shoe_left if shoe else None, "phase": state.phase.value, "turn": turn,
        "dealer": None if not cards else {"cards": cards.split(), "total": total(
            [c for i, c in enumerate(current.dealer) if not (current.hole is not None and i == 1)]).value,
            "soft": False, "bust": False,
            "hole": current.hole is not None, "blackjack": current.dealer_blackjack and current.hole is None},
        "boxes": seats,
    }  # fmt: skip


def public_rulings(rulings, state: CasinoState, *, exact_hp: bool = False) -> list:
    """Every ruling of the casino table is spoken aloud: none of them names the hole card
    before it is turned (DEALER-1) or shown on a blackjack (PEEK-2)."""
    return list(rulings)


