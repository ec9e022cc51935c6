"""A settled hand as the store, the report and the JSON keep it (``hand_record``), and a roll's
result as a value of a sentence (``result_term``): shared by the wins (``roll``) and the draws
(``draw``)."""

from __future__ import annotations

from dealer_assist.tables.saikoro import dice
from dealer_assist.tables.saikoro.state import SaikoroState, Win
from dealer_assist.tables.saikoro.words import Said


def result_term(reading: dice.Reading) -> Said:
    return Said(f"saikoro.result.{reading.result.value}", reading.number)


def hand_record(s: SaikoroState, *, moves: list[dict], prizes: list, sticks: int, kind: str = "win",
                extra: dict | None = None) -> dict:  # fmt: skip
    """The hand as the store, the report and the JSON keep it."""
    record = {
        "game": s.hands, "names": [s.names[x - 1] for x in s.seated], "wind": "east" if s.wind == 0 else "south",
        "kyoku": s.kyoku, "honba": s.honba,
        "dealer": s.dealer, "kind": kind, "riichi": sorted(s.riichi),
        "wins": [{"winner": w.winner, "loser": w.loser, "value": str(w.value), "how": w.kind,
                  "extras": str(w.extras), "chips": w.chips, "dice": w.dice, "rights": w.rights,
                  "rolls": [list(r) for r in w.rolls], "result": _result(w),
                  "times": dice.effect(dice.read(w.rolls[-1])).times if w.rolls else 1,
                  "nagashi": w.nagashi} for w in s.wins],
        "moves": moves, "bust_prizes": [{"payer": p, "payee": q, "chips": c} for p, q, _, c in prizes],
        "sticks": sticks, "points": list(s.points), "chips": list(s.chips),
    }  # fmt: skip
    if extra:
        record.update(extra)
    return record


def _result(win: Win) -> dict | None:
    if not win.rolls:
        return None
    reading = dice.read(win.rolls[-1])
    return {"result": reading.result.value, "number": reading.number}
