"""Saikoro's fold: ``step(state, command) -> (state, rulings)``, pure (data/SAIKORO.md), and
what the shell asks of the rules: what comes next, what is legal, the JSON."""

from __future__ import annotations

from typing import Any

from dealer_assist import notation as n
from dealer_assist.core.expectation import Expectation
from dealer_assist.core.step import Ruling, Work, accepting
from dealer_assist.tables.saikoro import draw, hand, roll, win
from dealer_assist.tables.saikoro.commands import Chombo, Keep, Nagashi, Option, Riichi, Roll, Ron, Ryukyoku, Tsumo
from dealer_assist.tables.saikoro.state import Phase, SaikoroState


def step(state: SaikoroState, cmd: n.Command) -> tuple[SaikoroState, list[Ruling]]:
    t = Work(state.copy())
    s = t.state
    if isinstance(cmd, n.Note):
        return s, []
    if s.over:
        t.refuse("HOUSE-5", "saikoro.over")
    match cmd:
        case n.Seat(box=box, name=name, points=points):
            hand.seat(t, box, name, points)
        case Option():
            hand.option(t, cmd)
        case n.Game():
            hand.start(t)
        case Riichi():
            hand.riichi(t, cmd)
        case Ron():
            win.ron(t, cmd)
        case Tsumo():
            win.tsumo(t, cmd)
        case Nagashi():
            win.nagashi(t, cmd)
        case Roll():
            draw.noten_roll(t, cmd) if s.phase == Phase.NOTEN else roll.roll(t, cmd)
        case Keep():
            roll.keep(t, cmd)
        case Ryukyoku():
            draw.ryukyoku(t, cmd)
        case Chombo():
            draw.chombo(t, cmd)
        case _:
            t.refuse("HOUSE-1", "saikoro.not_here", command=cmd.keyword)
    return s, t.rulings


def _who(s: SaikoroState) -> dict[str, Any]:
    if s.phase in (Phase.ROLL, Phase.CHOOSE) and s.wins:
        w = s.wins[s.turn]
        return {"name": s.names[w.winner - 1], "dice": w.dice,
                "left": w.rights - max(0, len(w.rolls) - 1) if w.dice == 2 else 3 - len(w.rolls)}  # fmt: skip
    if s.phase == Phase.NOTEN:
        seat = next(x for x, rolled in s.noten if rolled is None)
        return {"name": s.names[seat - 1], "dice": 2, "left": 0}
    return {}


EXPECT = {
    Phase.SETUP: ("SAI-1", "saikoro.expect.setup"), Phase.PLAY: ("HOUSE-1", "saikoro.expect.play"),
    Phase.ROLL: ("SAI-6", "saikoro.expect.roll"), Phase.CHOOSE: ("SAI-8", "saikoro.expect.choose"),
    Phase.NOTEN: ("SAI-11", "saikoro.expect.noten"), Phase.BETWEEN: ("HOUSE-1", "saikoro.expect.between"),
    Phase.OVER: ("SAI-2", "saikoro.expect.over"),
}  # fmt: skip


def expectation(state: SaikoroState) -> Expectation:
    clause, key = EXPECT[state.phase]
    return Expectation(state.phase, clause, key, _who(state))


can = accepting(step)  # whether the rules accept a command here (nothing is changed)


LEGAL = {
    Phase.SETUP: ["option", "seat", "game"], Phase.PLAY: ["riichi", "ron", "tsumo", "ryukyoku", "nagashi", "chombo"],
    Phase.ROLL: ["roll", "ron"], Phase.CHOOSE: ["keep", "roll"], Phase.NOTEN: ["roll"], Phase.BETWEEN: ["game"],
    Phase.OVER: [],
}  # fmt: skip


def legal(state: SaikoroState) -> list[str]:
    return [*LEGAL[state.phase], "note"]


def to_json(state: SaikoroState) -> dict[str, Any]:
    """The whole table (nothing at this table is hidden: the players' view is the same)."""
    s = state
    return {
        "ruleset": "saikoro", "status": "over" if s.over else "running", "phase": s.phase.value,
        "options": {"tsumo": s.options.tsumo, "bust": s.options.bust},
        "players": [{"seat": seat, "name": s.names[seat - 1], "points": s.points[seat - 1],
                     "chips": s.chips[seat - 1]} for seat in s.seated],
        "hands": s.hands, "wind": "east" if s.wind == 0 else "south", "kyoku": s.kyoku, "honba": s.honba,
        "dealer": s.dealer if s.seated else None, "sitting_out": s.sitting_out, "sticks": s.sticks,
        "riichi": sorted(s.riichi), "last_roll": list(s.last_roll),
        "pending": [{"winner": w.winner, "loser": w.loser, "value": str(w.value), "dice": w.dice, "rights": w.rights,
                     "rolls": [list(r) for r in w.rolls], "standing": w.standing} for w in s.wins
                    if s.phase in (Phase.ROLL, Phase.CHOOSE)],
        "final": [dict(r) for r in s.final],
        "log": list(s.history),
    }  # fmt: skip


def secrets_changed(state: SaikoroState, *, keep_check: bool = False) -> SaikoroState:
    """Nothing at a mahjong score table is known to the scorekeeper alone: the same state."""
    return state.copy()
