"""One Million's `replay --json` object (NOTATION.md) as pydantic models."""

from __future__ import annotations

from typing import Literal

from dealer_assist.schema import Dealer, _Model

Result = Literal["win", "push", "forced_push", "lose", "bust", "blackjack", "under", "surrender", "joker", "nobet"]
Reason = Literal["hp_zero", "below_threshold", "shoe_empty", "joker", "burst_stream"]
Reward = Literal["Platinum Treasure Box", "Gold Treasure Box", "Silver Treasure Box", "Bronze Treasure Box"]


class Jokers(_Model):
    players: int
    dealer: int


class Box(_Model):
    player: str
    points: int
    bankrupt: bool
    streak: int
    yellow: int


class Hand(_Model):
    hand: str
    cards: list[str]
    bet: int
    result: Result | None
    ratio: float | None


class Entry(_Model):
    step: Literal["A", "B", "C", "D", "E"]
    hand: str | None
    points: int
    damage: int
    heal: int
    hp: int
    rule: str


class GameLog(_Model):
    game: int
    recovery: bool
    lock: list[int]
    dealer: Dealer
    hands: list[Hand]
    ledger: list[Entry]


class Quest(_Model):
    status: Literal["running", "success", "failure"]
    reason: Reason | None
    reward: Reward | None
    hp: int
    announce: int
    games: int
    mp: int
    jokers: Jokers
    phase: str
    boxes: dict[str, Box]
    log: list[GameLog]
