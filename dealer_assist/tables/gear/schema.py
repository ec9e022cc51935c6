"""The JSON Schema of Blackjack Gear's ``replay --json`` object, as a pydantic model (``schema
--ruleset gear``); tests validate every sample session's JSON against it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Player(_Model):
    seat: int
    name: str | None
    hp: int
    pp: int
    pp_max: int
    bet: int
    hand_size: int
    deck_left: int
    cards: list[str]
    total: int | None
    placed: list[str]
    hand: list[str] | None = None  # the referee's view only
    deck: dict[str, int] | None = None
    lives: dict[str, int] | None = None


class RoundRecord(_Model):
    game: int
    round: int
    names: list[str | None]
    kind: Literal["showdown", "joker", "draw"]
    goal: int
    loser: int | None
    lost: int
    totals: dict[str, int | None]
    bets: dict[str, int]
    cards: dict[str, list[str]]
    placed: list[str]
    hp: list[int]


class GearGame(_Model):
    """Blackjack Gear's ``replay --json``: both players (HP, PP, bet, cards, placed gears, the size
    of the hand), the goal, whose turn, the catalogue, and every round's showdown."""

    ruleset: Literal["gear"]
    status: Literal["running", "over"]
    phase: Literal["setup", "deal", "turn", "flip", "between", "over"]
    round: int
    goal: int
    turn: int | None
    first: int | None
    winner: int | None
    players: list[Player]
    trumps_left: int
    catalog: list[str]
    log: list[RoundRecord]
