"""SAI-2: the final table. The riichi sticks still on the table go to the top player (HOUSE-5;
a tie, the seat nearest the first dealer). Points below zero count as they are (箱下計算).
沈みウマ: every player below the 50,000 returned pays 10 chips to every player at or above it.
The points are then settled at 5 chips per 10,000 over or under the 50,000 returned, so each
player's total is given in points (points − 50,000 + chips × 2,000) and in chips (the same
÷ 2,000, exact to 0.05 of a chip)."""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.i18n_values import Items
from dealer_assist.tables.saikoro.options import CHIPS_PER_10K, RETURN, SINK, STICK
from dealer_assist.tables.saikoro.state import SaikoroState, replace_at
from dealer_assist.tables.saikoro.words import Points

POINTS_PER_CHIP = 10_000 // CHIPS_PER_10K  # 2,000


def close(t: Work) -> None:
    s: SaikoroState = t.state
    seats = s.seated
    if s.sticks:
        top = max(seats, key=lambda seat: (s.points[seat - 1], -seat))
        s.points = replace_at(s.points, {top: s.sticks * STICK})
        t.rule("HOUSE-5", "saikoro.sticks_to_top", name=s.names[top - 1], points=Points(s.sticks * STICK))
        s.sticks = 0
    sunk = [seat for seat in seats if s.points[seat - 1] < RETURN]
    floating = [seat for seat in seats if s.points[seat - 1] >= RETURN]
    uma: dict[int, int] = {}
    if sunk and floating:
        for payer in sunk:
            for payee in floating:
                uma[payer] = uma.get(payer, 0) - SINK
                uma[payee] = uma.get(payee, 0) + SINK
        t.rule("SAI-2", "saikoro.sink_uma", sunk=Items(tuple(s.names[x - 1] for x in sunk)), chips=SINK)
    s.chips = replace_at(s.chips, uma)
    rows = []
    for seat in seats:
        points, chips = s.points[seat - 1], s.chips[seat - 1]
        total = points - RETURN + chips * POINTS_PER_CHIP
        rows.append({"seat": seat, "name": s.names[seat - 1], "points": points, "uma": uma.get(seat, 0),
                     "chips": chips, "total_points": total, "total_chips": chips_text(total)})  # fmt: skip
    rows.sort(key=lambda r: (-r["total_points"], r["seat"]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    s.final = tuple(rows)
    for r in rows:
        t.rule("SAI-2", "saikoro.final_row", rank=r["rank"], name=r["name"], points=Points(r["points"]),
               chips=r["chips"], total=Points(r["total_points"], sign=True), total_chips=r["total_chips"])  # fmt: skip


def chips_text(total: int) -> str:
    """A total in points as chips, exactly (a total is a multiple of 100: of 0.05 chip)."""
    hundredths = total * 100 // POINTS_PER_CHIP
    whole, part = divmod(abs(hundredths), 100)
    return ("-" if hundredths < 0 else "") + str(whole) + (f".{part:02d}".rstrip("0") if part else "")
