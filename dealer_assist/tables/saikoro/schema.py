"""The JSON Schema of Saikoro's ``replay --json`` object, as a pydantic model (``schema
--ruleset saikoro``); tests validate every sample session's JSON against it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Options(_Model):
    tsumo: Literal["loss", "split"]
    bust: Literal["end", "play"]


class Player(_Model):
    seat: int
    name: str
    points: int
    chips: int


class Result(_Model):
    result: Literal["none", "point", "123", "456", "triple", "pinzoro"]
    number: int


class HandWin(_Model):
    winner: int
    loser: int | None
    value: str
    how: Literal["riichi", "dama", "open"]
    extras: str
    chips: int
    dice: Literal[2, 3]
    rights: int
    rolls: list[list[int]]
    result: Result | None
    times: int
    nagashi: bool


class Move(_Model):
    payer: int
    payee: int
    points: int
    chips: int


class BustPrize(_Model):
    payer: int
    payee: int
    chips: int


class NotenRoll(_Model):
    seat: int
    roll: list[int] | None


class Hand(_Model):
    game: int
    names: list[str]
    wind: Literal["east", "south"]
    kyoku: int
    honba: int
    dealer: int
    kind: Literal["win", "draw", "chombo"]
    riichi: list[int]
    wins: list[HandWin]
    moves: list[Move]
    bust_prizes: list[BustPrize]
    sticks: int
    points: list[int]
    chips: list[int]
    tenpai: list[int] | None = None
    noten: list[NotenRoll] | None = None
    chombo: int | None = None


class Pending(_Model):
    winner: int
    loser: int | None
    value: str
    dice: Literal[2, 3]
    rights: int
    rolls: list[list[int]]
    standing: bool


class FinalRow(_Model):
    seat: int
    name: str
    points: int
    uma: int
    chips: int
    total_points: int
    total_chips: str
    rank: int


class SaikoroGame(_Model):
    """Saikoro's ``replay --json``: the players' points and chips, the hand in play, every
    settled hand with its rolls, and the final table once the game is over."""

    ruleset: Literal["saikoro"]
    status: Literal["running", "over"]
    phase: Literal["setup", "play", "roll", "choose", "noten", "between", "over"]
    options: Options
    players: list[Player]
    hands: int
    wind: Literal["east", "south"]
    kyoku: int
    honba: int
    dealer: int | None
    sitting_out: int | None
    sticks: int
    riichi: list[int]
    last_roll: list[int]
    pending: list[Pending]
    final: list[FinalRow]
    log: list[Hand]
