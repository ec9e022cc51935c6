"""Points and chips moving between players, and the bust prize (SAI-2, SAI-5, SAI-11): what a
hand's payments do, in one place. A move is ``(payer, payee, points, chips)``; a negative
amount flows the other way (1-2-3 pays a win back)."""

from __future__ import annotations

from dealer_assist.tables.saikoro.options import BUST_PRIZE
from dealer_assist.tables.saikoro.state import SaikoroState, replace_at

Move = tuple[int, int, int, int]


def pay(state: SaikoroState, moves: list[Move]) -> list[Move]:
    """The moves made, then the bust prize: a player whom the hand's payments took from zero or
    more to below zero pays 2 chips to every player who received points from them in the hand —
    both winners of a double ron (SAI-5), the payees of a noten payment (SAI-11). Returns the
    bust prizes paid, as moves."""
    before = state.points
    points: dict[int, int] = {}
    chips: dict[int, int] = {}
    for payer, payee, p, c in moves:
        points[payer] = points.get(payer, 0) - p
        points[payee] = points.get(payee, 0) + p
        chips[payer] = chips.get(payer, 0) - c
        chips[payee] = chips.get(payee, 0) + c
    state.points = replace_at(state.points, points)
    prizes: list[Move] = []
    for seat in range(1, len(before) + 1):
        if before[seat - 1] >= 0 > state.points[seat - 1]:
            takers = []
            for payer, payee, p, _ in moves:
                taker = payee if (payer == seat and p > 0) else payer if (payee == seat and p < 0) else None
                if taker is not None and taker not in takers:
                    takers.append(taker)
            for taker in takers:
                prizes.append((seat, taker, 0, BUST_PRIZE))
                chips[seat] = chips.get(seat, 0) - BUST_PRIZE
                chips[taker] = chips.get(taker, 0) + BUST_PRIZE
    state.chips = replace_at(state.chips, chips)
    return prizes


def busted(state: SaikoroState) -> tuple[int, ...]:
    return tuple(s for s in state.active if state.points[s - 1] < 0)
