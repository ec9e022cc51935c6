"""High card's rules (data/TINY.md), a pure fold: ``step(state, command) -> (state, rulings)``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dealer_assist import notation as n
from dealer_assist.cards import Card
from dealer_assist.core.copier import copier
from dealer_assist.core.expectation import Expectation
from dealer_assist.core.history import History
from dealer_assist.core.step import Ruling, Work, accepting
from tinytable.commands import Draw, Hole, Show

ORDER = "23456789TJQKA"  # HC-4: the ace is high
ROUNDS = 3  # HC-5
CHIPS = 10  # HC-1


class Phase(StrEnum):
    SETUP = "setup"
    DEAL = "deal"
    SHOW = "show"
    BETWEEN = "between"
    OVER = "over"


@dataclass(slots=True)
class TinyState:
    RULESET = "tiny"

    player: str | None = None
    chips: int = CHIPS
    rounds: int = 0
    hole: Card | None = None
    card: Card | None = None
    settled: bool = False
    history: History = field(default_factory=History)

    @property
    def games(self) -> int:
        return self.rounds

    @property
    def over(self) -> bool:
        return self.rounds >= ROUNDS and self.settled

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        if self.rounds == 0:
            return Phase.SETUP
        if self.settled:
            return Phase.BETWEEN
        return Phase.SHOW if self.hole is not None and self.card is not None else Phase.DEAL


TinyState.copy = copier(TinyState)


def _value(card: Card) -> int:
    return ORDER.index(card.rank) if card.rank in ORDER else -1


def record(state: TinyState) -> dict[str, Any]:
    """The round as the store and the report keep it."""
    return {"game": state.rounds, "hole": str(state.hole) if state.hole else None,
            "card": str(state.card) if state.card else None, "chips": state.chips}  # fmt: skip


def step(state: TinyState, cmd: n.Command) -> tuple[TinyState, list[Ruling]]:
    t = Work(state.copy())
    s = t.state
    if isinstance(cmd, n.Note):
        return s, []
    if s.over:
        t.refuse("HC-5", "tiny.over")
    match cmd:
        case n.Seat(box=box, name=name):
            if s.rounds or s.player is not None or box != 1:
                t.refuse("HC-1", "tiny.seat_refused")
            s.player = name
            t.rule("HC-1", "tiny.seated", player=name, chips=s.chips)
        case n.Game():
            if s.player is None:
                t.refuse("HC-1", "tiny.need_seat")
            if s.rounds and not s.settled:
                t.refuse("HC-2", "tiny.round_open")
            s.rounds += 1
            s.hole, s.card, s.settled = None, None, False
            t.rule("HC-2", "tiny.round", round=s.rounds)
        case Hole(card=card):
            if s.phase is not Phase.DEAL or s.hole is not None or not card.closed or card.is_unknown:
                t.refuse("HC-3", "tiny.hole_refused")
            s.hole = Card(card.rank, card.suit, True)
            t.rule("HC-3", "tiny.hole")
        case Draw(card=card):
            if s.phase is not Phase.DEAL or s.card is not None or card.closed or card.is_joker:
                t.refuse("HC-3", "tiny.draw_refused")
            s.card = card
            t.rule("HC-3", "tiny.draw", card=str(card))
        case Show():
            if s.phase is not Phase.SHOW:
                t.refuse("HC-4", "tiny.show_refused")
            mine, theirs = _value(s.card), _value(s.hole)
            s.chips += (mine > theirs) - (mine < theirs)
            key = "tiny.win" if mine > theirs else "tiny.lose" if mine < theirs else "tiny.push"
            t.rule("HC-4", key, hole=s.hole.rank, card=str(s.card), chips=s.chips)
            s.settled = True
            s.history = s.history.append(record(s))
            t.rule("HC-4", "tiny.settled", round=s.rounds)
            if s.over:
                t.rule("HC-5", "tiny.end", chips=s.chips)
        case _:
            t.refuse("HC-2", "tiny.not_here", command=cmd.keyword)
    return s, t.rulings


EXPECT = {
    Phase.SETUP: ("HC-1", "tiny.expect.seat"), Phase.DEAL: ("HC-3", "tiny.expect.deal"),
    Phase.SHOW: ("HC-4", "tiny.expect.show"), Phase.BETWEEN: ("HC-2", "tiny.expect.game"),
    Phase.OVER: ("HC-5", "tiny.expect.over"),
}  # fmt: skip


def expectation(state: TinyState) -> Expectation:
    clause, key = EXPECT[state.phase]
    return Expectation(state.phase, clause, key, {})


can = accepting(step)  # whether the rules accept a command here (nothing is changed)


def legal(state: TinyState) -> list[str]:
    return {Phase.SETUP: ["seat", "game"], Phase.DEAL: ["hole", "draw"], Phase.SHOW: ["show"],
            Phase.BETWEEN: ["game"], Phase.OVER: []}[state.phase] + ["note"]  # fmt: skip


def to_json(state: TinyState) -> dict[str, Any]:
    """The dealer's view: everything, the hole card too."""
    return {"ruleset": "tiny", "status": "over" if state.over else "running", "phase": state.phase.value,
            "player": state.player, "chips": state.chips, "rounds": state.rounds,
            "hole": str(state.hole) if state.hole else None, "card": str(state.card) if state.card else None,
            "log": list(state.history)}  # fmt: skip


def players_view(state: TinyState, **options: Any) -> dict[str, Any]:
    """The players' view: the hole card face down until it is shown (HC-3)."""
    out = to_json(state)
    if state.hole is not None and not state.settled:
        out["hole"] = "[?]"
    return out


def secrets_changed(state: TinyState, *, keep_check: bool = False) -> TinyState:
    """The same table with the face down card changed (the players' view must not change)."""
    other = state.copy()
    if other.hole is not None and not other.settled:
        other.hole = Card("2" if other.hole.rank != "2" else "3", None, True)
    return other
