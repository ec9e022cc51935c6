"""The `replay --json` object of NOTATION.md as pydantic models: the public API, checked.

Scripts written against the JSON can rely on these fields and values; ``dealer-assist
schema`` prints the JSON Schema, and the tests validate every sample session's output.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Result = Literal["win", "push", "forced_push", "lose", "bust", "blackjack", "under", "surrender", "joker", "nobet"]
Reason = Literal["hp_zero", "below_threshold", "shoe_empty", "joker", "burst_stream"]
Reward = Literal["Platinum Treasure Box", "Gold Treasure Box", "Silver Treasure Box", "Bronze Treasure Box"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Jokers(_Model):
    players: int
    dealer: int


class Box(_Model):
    player: str
    points: int
    bankrupt: bool
    streak: int
    yellow: int


class Dealer(_Model):
    cards: list[str]
    total: int
    bust: bool
    blackjack: bool


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


# --------------------------------------------------------------------------- the casino table (CASINO.md)

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


def _model(table: str) -> type[_Model]:
    from dealer_assist import rulesets

    return rulesets.table_hook(table, "schema")


def validate(data: dict) -> _Model:
    """The `replay --json` object checked against its table's model (by its ``ruleset``; One
    Million's object has none, as before tables were chosen)."""
    from dealer_assist import rulesets

    return _model(data.get("ruleset", rulesets.DEFAULT)).model_validate(data)


def json_schema(table: str = "onemillion") -> dict:
    return _model(table).model_json_schema()
