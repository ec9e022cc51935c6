"""The players' view: what the table shows to everyone, as its own function of the state.

The stream overlay (and anything else the viewers see) is built from ``public_view`` only.
It never holds what only the dealer may know: the hole card's face before it is shown (also
after a ``peek``), the dealer's joker count or a joker's phase in the dealer's view, a closed
card whose face has not been shown. Rulings pass through ``public_rulings``, which drops the
ones made from the dealer's private knowledge.

The view is plain data (JSON-ready), language-neutral: the shell words it in any language.
"""

from __future__ import annotations

from typing import Any, Iterable

from dealer_assist.cards import Card, total
from dealer_assist.tables.onemillion.end import announce
from dealer_assist.tables.onemillion.state import Game, Hand, Ruling, State

HIDDEN = "[?]"

# rulings made from what only the dealer has seen: the dealer's joker count and the phase and
# level it gives (JK-5 by the dealer's count)
PRIVATE_KEYS = frozenset({"joker.dealer"})
# rulings that are private while the hole card lies face down (the check saw a joker in it)
PRIVATE_WHILE_HIDDEN = frozenset({"joker.ace_dealer", "joker.stands"})


# rulings that state the exact HP, and their wording with the announced figure only (ANN-1)
ANNOUNCED = {
    "announce": "announce.public",
    "game.recovery_on": "game.recovery_on.public",
    "game.recovery_off": "game.recovery_off.public",
    "settle.heal": "settle.heal.public",
    "end.failure.below_threshold": "end.failure.below_threshold.public",
}


def public_rulings(rulings: Iterable[Ruling], state: State, *, exact_hp: bool = False) -> list[Ruling]:
    """The rulings the table may hear, ``state`` being the state after them. Unless the dealer
    shows the exact HP, a ruling that states it is worded with the announced figure only."""
    hidden = state.game is not None and state.game.hole is not None
    out = []
    for r in rulings:
        if r.key in PRIVATE_KEYS or (hidden and r.key in PRIVATE_WHILE_HIDDEN):
            continue
        if not exact_hp and r.key in ANNOUNCED:
            params = {k: v for k, v in r.params.items() if k not in ("hp", "threshold", "collected")}
            if "hp" in r.params:
                params["announce"] = announce(r.params["hp"])
            r = Ruling(r.clause, ANNOUNCED[r.key], params)
        out.append(r)
    return out


def _card(card: Card) -> str:
    return str(card)


def _dealer(game: Game) -> dict[str, Any]:
    hole = game.hole  # face down (it may be known to the dealer, never to the table)
    # the hole card is the second card, told by its place: equal cards may be one object
    cards = [HIDDEN if hole is not None and i == 1 else _card(c) for i, c in enumerate(game.dealer)]
    shown = [c for c in game.dealer_visible() if not c.is_unknown]
    value = total(shown)
    return {
        "cards": cards,
        "total": value.value if shown else None,
        "soft": value.soft,
        "bust": value.bust,
        "hole": hole is not None,
        "blackjack": game.dealer_blackjack and hole is None,
    }


def _hand(hand: Hand, turn: str | None) -> dict[str, Any]:
    value = total(hand.cards)
    return {
        "hand": hand.label,
        "cards": [_card(c) for c in hand.cards],
        "bet": hand.bet,
        "nobet": hand.nobet,
        "total": value.value if hand.cards else None,
        "soft": value.soft,
        "outcome": hand.outcome,
        "result": hand.result,
        "ratio": hand.ratio,
        "locked": hand.locked,
        "turn": hand.label == turn,
    }


def _turn(state: State) -> str | None:
    game = state.game
    if game is None or state.phase.value != "players":
        return None
    for hand in game.hands:
        if not hand.done and not hand.nobet:
            return hand.label
    return None


def public_view(state: State, *, exact_hp: bool = False, shoe: bool = False) -> dict[str, Any]:
    """Everything the players may know now. ``exact_hp``: the dealer chose to show the exact
    HP (otherwise only the ANN-1 announcement); ``shoe``: the dealer announces the cards left
    in the shoe (ANN-2, otherwise kept secret)."""
    game = state.game
    turn = _turn(state)
    boxes = []
    for number, box in sorted(state.boxes.items()):
        hands = game.hands_of(number) if game is not None else []
        bet = game.bets.get(number) if game is not None and not hands else None
        boxes.append({
            "box": number,
            "player": box.player,
            "points": box.points,
            "bankrupt": box.bankrupt,
            "left": box.left,
            "streak": box.streak,
            "yellow": state.yellow.get(box.player, 0),
            "replaced_by": state.replaced_by.get(box.player),
            "locked": game is not None and number in game.lock,
            "bet": bet,
            "hands": [_hand(h, turn) for h in hands],
        })  # fmt: skip
    last = None
    if game is not None and game.settled:
        last = {"game": game.number, "damage": sum(e["damage"] for e in game.ledger),
                "heal": sum(e["heal"] for e in game.ledger)}  # fmt: skip
    return {
        "status": state.status.value,
        "reason": state.reason,
        "difficulty": state.config.difficulty,
        "hp": {
            "announce": announce(state.hp),
            "exact": state.hp if exact_hp else None,
            "start": state.config.hp,
            "recovery_line": state.config.heal_cap,
        },
        "game": state.games,
        "phase": state.phase.value,
        "recovery": game.recovery if game is not None else None,
        "settled": game.settled if game is not None else None,
        "mp": state.mp,
        "jokers": state.jokers_players,  # the players' count only (JK-1)
        "shoe": state.shoe_left if shoe else None,
        "top": [_card(k.card) for k in state.known_top],  # known to everyone: shown or stood on
        "dealer": _dealer(game) if game is not None else None,
        "boxes": boxes,
        "turn": turn,
        "lock": list(game.lock) if game is not None else [],
        "settlement": last,
    }
