"""SAI-14: what the sheet leaves to the house ("ザンルール準拠"), as the table's options, chosen
with ``option NAME VALUE`` before the first hand. Each default is a decision
(``docs/decisions.md``, Saikoro)."""

from __future__ import annotations

from dataclasses import dataclass, replace

START = 50_000  # SAI-1: 50,000 points each
RETURN = 50_000  # SAI-1: 50,000 returned
STICK = 1_000  # a riichi stick
HONBA_RON = 200  # per 本場, from the loser of a ron (three-player, as the mahjong package counts)
HONBA_TSUMO = 100  # per 本場, from each payer of a tsumo
SINK = 10  # SAI-2: 沈みウマ, chips
CHIPS_PER_10K = 5  # SAI-2: 5 chips per 10,000 points
BUST_PRIZE = 2  # SAI-5: トビ賞
CHOMBO = 30  # SAI-12: 30 chips to each


@dataclass(frozen=True, slots=True)
class Options:
    tsumo: str = "loss"  # loss: ツモ損 (the absent player's share is not paid); split: shared by the two payers
    bust: str = "end"  # end: a player below zero ends the game after the hand; play: the game goes on

    def choose(self, name: str, value: str) -> "Options":
        return replace(self, **{name: value})
