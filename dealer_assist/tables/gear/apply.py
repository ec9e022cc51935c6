"""Blackjack Gear's fold: ``step(state, command) -> (state, rulings)``, pure (data/GEAR.md), and
what the shell asks of the rules: what comes next, what is legal, the JSON and the players'
view (the first cards face down until the showdown, the gears in hand and in the decks hidden)."""

from __future__ import annotations

from typing import Any

from dealer_assist import notation as n
from dealer_assist.cards import Card
from dealer_assist.core.expectation import Expectation
from dealer_assist.core.step import Ruling, Work, accepting
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear import effects, setup, showdown, turn
from dealer_assist.tables.gear.commands import Cards, Deck, First, Flip, GearDef, Hit, Mulligan, Pick, Round, Stand, Use
from dealer_assist.tables.gear.state import GearState, Phase


def step(state: GearState, cmd: n.Command) -> tuple[GearState, list[Ruling]]:
    t = Work(state.copy())
    s = t.state
    if isinstance(cmd, n.Note):
        return s, []
    if s.over:
        t.refuse("GEAR-6", "gear.over")
    match cmd:
        case GearDef():
            setup.define(t, cmd)
        case n.Seat(box=box, name=name, points=points):
            if box > 2:
                t.refuse("GEAR-0", "gear.two_seats")
            setup.seat(t, box, name, points)
        case Deck():
            setup.deck(t, cmd)
        case First():
            setup.first(t, cmd)
        case Pick():
            setup.pick_first(t, cmd) if s.phase == Phase.SETUP else turn.pick(t, cmd)
        case Mulligan():
            setup.mulligan(t, cmd)
        case Round() | n.Game():
            turn.start_round(t)
        case Cards():
            turn.deal(t, cmd)
        case Use():
            turn.use(t, cmd)
        case Hit():
            turn.hit(t, cmd)
        case Stand():
            turn.stand(t, cmd)
        case Flip():
            showdown.flip(t, cmd)
        case _:
            t.refuse("GEAR-4", "gear.not_here", command=cmd.keyword)
    return s, t.rulings


def _who(s: GearState) -> dict[str, Any]:
    if s.turn is not None:
        return {"name": s.player(s.turn).name}
    return {}


EXPECT = {
    Phase.SETUP: ("GEAR-0", "gear.expect.setup"), Phase.DEAL: ("GEAR-2", "gear.expect.deal"),
    Phase.TURN: ("GEAR-4", "gear.expect.turn"), Phase.FLIP: ("GEAR-5", "gear.expect.flip"),
    Phase.BETWEEN: ("GEAR-6", "gear.expect.between"), Phase.OVER: ("GEAR-6", "gear.expect.over"),
}  # fmt: skip


def expectation(state: GearState) -> Expectation:
    clause, key = EXPECT[state.phase]
    return Expectation(state.phase, clause, key, _who(state))


can = accepting(step)  # whether the rules accept a command here (nothing is changed)


LEGAL = {
    Phase.SETUP: ["gear", "seat", "deck", "first", "pick", "mulligan", "round"], Phase.DEAL: ["cards"],
    Phase.TURN: ["pick", "use", "hit", "stand"], Phase.FLIP: ["flip"], Phase.BETWEEN: ["round"], Phase.OVER: [],
}  # fmt: skip


def legal(state: GearState) -> list[str]:
    return [*LEGAL[state.phase], "note"]


def _card(card: Card, hidden: bool) -> str:
    if card.closed and hidden:
        return "[?]"
    return str(card)


def _player(s: GearState, seat: int, hidden: bool) -> dict[str, Any]:
    p = s.player(seat)
    goal = effects.goal(s)
    cards = p.cards
    shown = cards[1:] if hidden else cards
    out = {"seat": seat, "name": p.name, "hp": p.hp, "pp": p.pp, "pp_max": p.pp_max, "bet": effects.bet(s, seat),
           "hand_size": len(p.hand), "deck_left": sum(c for _, c in p.deck),
           "cards": [_card(c, hidden) for c in cards],
           "total": trumps.total(shown, goal) if shown else None,
           "placed": [g.name for g in s.placed if g.owner == seat]}  # fmt: skip
    if not hidden:  # what only the referee knows: the gears in hand, the deck, the lives left
        out["hand"] = list(p.hand)
        out["deck"] = {name: c for name, c in p.deck}
        out["lives"] = {name: c for name, c in p.lives}
    return out


def view_of(state: GearState, hidden: bool) -> dict[str, Any]:
    s = state
    face_down = hidden and s.phase in (Phase.DEAL, Phase.TURN, Phase.FLIP)  # shown from the showdown on
    return {
        "ruleset": "gear", "status": "over" if s.over else "running", "phase": s.phase.value,
        "round": s.rounds, "goal": effects.goal(s), "turn": s.turn, "first": s.first, "winner": s.winner,
        "players": [_public(s, seat, face_down) if hidden else _player(s, seat, False) for seat in (1, 2)],
        "trumps_left": trumps.remaining(s.trumps_out),
        "catalog": [str(g) for g in s.catalog],
        "log": list(s.history),
    }  # fmt: skip


def _public(s: GearState, seat: int, face_down: bool) -> dict[str, Any]:
    out = _player(s, seat, True)
    if not face_down:  # after the showdown every card is shown
        out["cards"] = [str(Card(c.rank, c.suit)) if c.closed else str(c) for c in s.player(seat).cards]
        out["total"] = trumps.total(s.player(seat).cards, effects.goal(s)) if s.player(seat).cards else None
    return out


def to_json(state: GearState) -> dict[str, Any]:
    """The referee's view: every card, the gears in hand and in the decks."""
    return view_of(state, hidden=False)


def players_view(state: GearState, **options: Any) -> dict[str, Any]:
    """The viewers' view: each first card face down until the showdown, hands and decks counted
    only (GEAR-2: 「相手から数字は確認出来ません」)."""
    return view_of(state, hidden=True)


def secrets_changed(state: GearState, *, keep_check: bool = False) -> GearState:
    """The same table with what only the referee knows changed: the face-down cards (while they
    are face down) and the gears in hand, re-ordered."""
    other = state.copy()
    if state.phase in (Phase.DEAL, Phase.TURN, Phase.FLIP):
        for seat in (1, 2):
            p = other.player(seat)
            if p.cards and p.cards[0].closed and not p.cards[0].is_unknown:
                first = p.cards[0]
                rank = "9" if first.rank != "9" else "8"
                other.put(seat, cards=(Card(rank, None, True), *p.cards[1:]))
    for seat in (1, 2):
        p = other.player(seat)
        other.put(seat, hand=tuple(reversed(p.hand)))
    return other
