"""The casino table as JSON (``replay --json``) and as the players see it (the overlay)."""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import is_blackjack, total
from dealer_assist.tables.casino.state import CasinoState, Round
from dealer_assist.tables.casino.rank import ranking, verdict


def _hand(hand) -> dict[str, Any]:
    return {"hand": hand.label, "cards": [str(c) for c in hand.cards], "bet": hand.bet, "result": hand.result,
            "ratio": hand.ratio}  # fmt: skip


def round_record(state: CasinoState | None, current: Round) -> dict[str, Any]:
    cards = [c for c in current.dealer if not c.is_unknown]
    value = total(cards)
    return {
        "game": current.number,
        "round": current.number,
        "first": current.first,
        "shuffled": current.shuffled,
        "dealer": {"cards": [str(c) for c in cards], "total": value.value, "bust": value.bust,
                   "blackjack": len(current.dealer) == 2 and is_blackjack(cards)},  # fmt: skip
        "insurance": {str(s): won for s, won in sorted(current.insurance.items())},
        "hands": [_hand(h) for h in sorted(current.hands, key=lambda h: (h.box, h.letter or ""))],
        "changes": {str(s): c for s, c in sorted(current.changes.items())},
    }


def to_json(state: CasinoState) -> dict[str, Any]:
    log = list(state.history)
    if state.round is not None:
        log.append(round_record(state, state.round))
    out: dict[str, Any] = {
        "ruleset": "casino",
        "status": "over" if state.over else "running",
        "reason": state.reason,
        "phase": state.phase.value,
        "rounds": state.rounds,
        "games": state.rounds,
        "shoe": state.shoe_left,
        "seats": {str(n): {"player": s.player, "chips": s.chips, "out": s.out} for n, s in state.seats.items()},
        "log": log,
    }
    if state.over:
        outcome = verdict(state)
        out["ranking"] = ranking(state)
        out["winner"] = outcome["winner"]
        out["result"] = outcome["result"]
    return out
