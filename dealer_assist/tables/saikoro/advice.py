"""`hint` at the Saikoro table: what the dice are worth now, exactly (``odds``), and, when the
winner holds a re-roll right, whether keeping the roll or rolling again is worth more (SAI-8).
Nothing is entered; the figures are the scorekeeper's and the viewers' alike (nothing at this
table is hidden)."""

from __future__ import annotations

from fractions import Fraction

from dealer_assist.core.advice import Advice
from dealer_assist.tables.saikoro import dice, odds
from dealer_assist.tables.saikoro.state import Phase, SaikoroState, Win
from dealer_assist.tables.saikoro.win import honba_points
from dealer_assist.tables.saikoro.words import Points, Said


def payments(state: SaikoroState, win: Win) -> list[tuple[int, int]]:
    """Each payer's (points with 本場, chips) before the dice."""
    honba = honba_points(state, win)
    return [(share + honba, win.chips) for _, share in win.shares]


def _chips(value: Fraction) -> str:
    return f"{float(value):.2f}"


def advise(state: SaikoroState, strategy: str = "cpu", seat: int | None = None) -> Advice | None:
    s = state
    if s.phase not in (Phase.ROLL, Phase.CHOOSE) or not s.wins:
        return None
    win = s.wins[s.turn]
    paid = payments(s, win)
    name = s.names[win.winner - 1]
    if s.phase == Phase.CHOOSE:
        reading = dice.read(win.rolls[-1])
        kept = odds.value(*odds.received(reading, paid))
        left = win.rights - (len(win.rolls) - 1)
        again = odds.riichi(paid, left - 1)
        keep = kept >= again.value
        word = "keep" if keep else "roll"
        return Advice(word, "SAI-8", "saikoro.hint.choose", action=word, hand="",
                      params={"name": name, "result": Said(f"saikoro.result.{reading.result.value}", reading.number),
                              "kept": Points(int(kept)), "again": Points(round(again.value)), "left": left - 1})  # fmt: skip
    chance = odds.riichi(paid, win.rights) if win.dice == 2 else odds.dama(paid)
    good = sum(p for r, p in chance.distribution.items() if dice.effect(r).times > 1)
    low = chance.distribution.get(dice.Reading(dice.Result.LOW), Fraction(0))
    return Advice("roll", "SAI-6", "saikoro.hint.roll", action="roll", hand="",
                  params={"name": name, "points": Points(round(chance.points)), "chips": _chips(chance.chips),
                          "times": f"{float(good) * 100:.1f}", "low": f"{float(low) * 100:.1f}",
                          "dice": win.dice, "rights": win.rights})  # fmt: skip
