"""The casino table's `replay --json` object as pydantic models (CASINO.md)."""

from __future__ import annotations

from typing import Literal

from dealer_assist.schema import Dealer, _Model

CasinoResult = Literal["win", "push", "lose", "bust", "blackjack", "surrender"]


class Seat(_Model):
    player: str
    chips: int
    out: bool


class CasinoHand(_Model):
    hand: str
    cards: list[str]
    bet: int
    result: CasinoResult | None
    ratio: float | None


class Round(_Model):
    game: int
    round: int
    first: int
    shuffled: bool
    dealer: Dealer
    insurance: dict[str, int]
    hands: list[CasinoHand]
    changes: dict[str, int]


class Rank(_Model):
    rank: int
    seat: int
    player: str
    chips: int


class CasinoGame(_Model):
    ruleset: Literal["casino"]
    status: Literal["running", "over"]
    reason: Literal["rounds", "no_bets"] | None
    phase: str
    rounds: int
    games: int
    shoe: int
    seats: dict[str, Seat]
    log: list[Round]
    ranking: list[Rank] | None = None
    winner: str | None = None
    result: Literal["win", "draw", "lose"] | None = None
