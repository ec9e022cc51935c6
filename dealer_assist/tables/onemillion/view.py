"""The state as NOTATION.md's `replay --json` object (pure: builds plain dicts)."""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import UNKNOWN, is_blackjack, total
from dealer_assist.tables.onemillion.end import announce
from dealer_assist.tables.onemillion.state import Game, Hand, State


def _hand(hand: Hand) -> dict[str, Any]:
    return {
        "hand": hand.label,
        "cards": [str(c) for c in hand.cards],
        "bet": hand.bet,
        "result": hand.result,
        "ratio": hand.ratio,
    }


def game_record(state: State, game: Game) -> dict[str, Any]:
    cards = [c for c in game.dealer if c.rank != UNKNOWN]
    value = total(cards)
    if game.hands:
        hands = sorted(game.hands, key=lambda h: (h.box, h.letter or ""))
        hand_list = [  # ``_hand``, written out: this runs once for every game
            {"hand": h.label, "cards": [str(c) for c in h.cards], "bet": h.bet, "result": h.result,
             "ratio": h.ratio}
            for h in hands
        ]  # fmt: skip
    else:
        hand_list = [
            {"hand": str(b), "cards": [], "bet": game.bets.get(b) or 0, "result": None, "ratio": None}
            for b in sorted(state.boxes)
        ]
    return {
        "game": game.number,
        "recovery": game.recovery,
        "lock": list(game.lock),
        "dealer": {
            "cards": [str(c) for c in cards],
            "total": value.value,
            "bust": value.bust,
            "blackjack": len(game.dealer) == 2 and is_blackjack(cards),
        },
        "hands": hand_list,
        "ledger": [dict(e) for e in game.ledger],
    }


def to_json(state: State) -> dict[str, Any]:
    log = list(state.history)
    if state.game is not None:
        log.append(game_record(state, state.game))
    return {
        "status": state.status.value,
        "reason": state.reason,
        "reward": state.reward,
        "hp": state.hp,
        "announce": announce(state.hp),
        "games": state.games,
        "mp": state.mp,
        "jokers": {"players": state.jokers_players, "dealer": state.jokers_dealer},
        "phase": state.phase.value,
        "boxes": {
            str(number): {
                "player": box.player,
                "points": box.points,
                "bankrupt": box.bankrupt,
                "streak": box.streak,
                "yellow": state.yellow.get(box.player, 0),
            }
            for number, box in sorted(state.boxes.items())
        },
        "log": log,
    }
