"""The dealer of a blackjack table: the plain dealer's rule (hits on 16 or less, stands on
every 17, soft 17 too) and the dealer's turn every table shares, with the table's own rule
for when the dealer stops as a parameter.

One Million's dealer follows the plain rule when the top card is closed (DRAW-1) and stops
by itself only at a hard 21 (DRAW-5); the casino dealer always follows it (DEALER-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from dealer_assist.cards import Card, Total, total
from dealer_assist.core.hand import Hand
from dealer_assist.core.step import Ruling, Work

STAND_ON = 17


def must_hit(value: Total, *, hits_soft_17: bool = False) -> bool:
    """Whether the dealer draws on ``value``: below 17, and on a soft 17 where the table's
    dealer hits it (H17); the plain dealer stands on all 17s, soft 17 included (S17)."""
    return value.value < STAND_ON or (hits_soft_17 and value.soft and value.value == STAND_ON)


@dataclass(frozen=True, slots=True)
class DealerRules:
    """A table's dealer's turn: the rulings it makes (``(clause, key)``), its own rule for when
    the dealer stops, and what follows the turn."""

    no_draw: tuple[str, str]  # no hand is left to compare with the dealer's (DEALER-3, BASE-10)
    bust: tuple[str, str]  # the dealer is over 21 (DEALER-2, BASE-8); the ruling takes ``total``
    stops: Callable[[Total], Ruling | None]  # the table's rule: the ruling when the dealer stops here
    settle: Callable[[Work], None]  # the settlement, once the dealer's turn is over
    draws: Callable[[Work], None]  # the dealer is to draw: the table waits for the card


def turn(t: Work, hands: Iterable[Hand], dealer: list[Card], rules: DealerRules) -> None:
    """The dealer's turn, after the players and after each card the dealer draws: no draw when
    no hand's result depends on it; a bust; a stop by the table's rule (each settles); else the
    dealer draws."""
    for hand in hands:  # a live hand, looked for without a generator
        if hand.live:
            break
    else:
        t.rule(*rules.no_draw)
        rules.settle(t)
        return
    value = total(dealer)
    if value.bust:
        t.rule(*rules.bust, total=value.value)
        rules.settle(t)
        return
    stop = rules.stops(value)
    if stop is not None:
        t.rule(stop.clause, stop.key, **stop.params)
        rules.settle(t)
        return
    rules.draws(t)


def dealer_result(record: dict[str, Any]) -> str | None:
    """A settled blackjack game's ``result`` in the store (its record, as a table's
    ``game_record`` gives it): the dealer's hand (``blackjack``, ``bust`` or its total) once
    every hand with a bet has its result; None before."""
    hands = [h for h in record.get("hands", []) if h.get("bet")]
    if not hands or any(h.get("result") is None for h in hands):
        return None
    dealer = record.get("dealer") or {}
    return "blackjack" if dealer.get("blackjack") else "bust" if dealer.get("bust") else str(dealer.get("total"))
