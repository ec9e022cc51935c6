"""SAI-3, SAI-4, SAI-5, SAI-9, SAI-10: the chips (祝儀) of a win, per payer, before the dice.

The chip objects count on open hands too (鳴き祝儀): 一発 1, each 裏 1, each red five (赤: the
red 5p, 5s and the red 5m nuki tiles) 1, each gold five (金) 3, 白ポッチツモ 1. Yakuman chips
(SAI-9): a real yakuman (本役満) 20, a counted one (数え役満) 10, a double yakuman twice that;
四華 none. A ron's chips are paid by the loser, a tsumo's by each of the two others (HOUSE-3).
"""

from __future__ import annotations

from dealer_assist.tables.saikoro import value as v
from dealer_assist.tables.saikoro.commands import Extras, Value

GOLD = 3  # SAI-5: 金 (3)
REAL = 20  # SAI-9: 本役満
COUNTED = 10  # SAI-9: 数え役満


def objects(extras: Extras) -> int:
    return int(extras.ippatsu) + extras.ura + extras.aka + GOLD * extras.gold + int(extras.pochi)


def yakuman(value: Value) -> int:
    if value.limit == "double":
        return 2 * REAL
    if v.real_yakuman(value):
        return REAL
    if v.counted_yakuman(value):
        return COUNTED
    return 0


def of_win(value: Value, extras: Extras) -> int:
    return objects(extras) + yakuman(value)
