"""The plain dealer of a plain shoe: hits on 16 or less, stands on every 17 (soft 17 too).

One Million's dealer follows it when the top card is closed (DRAW-1); the casino dealer
always (DEALER-2)."""

from __future__ import annotations

from dealer_assist.cards import Total

STAND_ON = 17


def must_hit(value: Total) -> bool:
    """Whether the dealer draws on ``value`` (stands on all 17s, soft 17 included)."""
    return value.value < STAND_ON
