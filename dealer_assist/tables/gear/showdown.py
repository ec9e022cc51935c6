"""GEAR-5, GEAR-6, GW-1…5: the showdown and the end of a round or of the match (the guide's step 5
is missing: the showdown is put there, decided).

The showdown comes when both players stand in turn without using a gear: the cards are shown
(a face-down card typed ``[?]`` is named then, ``flip``). Closer to the goal wins; over the goal
is a bust and loses to a total that is not; both bust, the closer wins; equally close, nobody
loses. The loser loses their bet in HP (HP 0 to 5, GR-4). A player who draws the joker loses the
round at once (their bet), without a showdown. After the round every gear's effect is removed;
the match ends when a player's HP is 0 (a gear's damage included)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.core.step import Work
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear import effects
from dealer_assist.tables.gear.commands import Flip
from dealer_assist.tables.gear.state import GearState, Phase, other


def _record(s: GearState, *, kind: str, loser: int | None, lost: int, totals: dict, bets: dict) -> dict:
    return {
        "game": s.rounds, "round": s.rounds, "names": [s.player(1).name, s.player(2).name], "kind": kind, "goal": effects.goal(s), "loser": loser, "lost": lost,
        "totals": {str(k): v for k, v in totals.items()}, "bets": {str(k): v for k, v in bets.items()},
        "cards": {str(seat): [str(Card(c.rank, c.suit, False)) if c.closed else str(c) for c in s.player(seat).cards]
                  for seat in (1, 2)},
        "placed": [p.name for p in s.placed], "hp": [s.player(1).hp, s.player(2).hp],
    }  # fmt: skip


def showdown(t: Work) -> None:
    s: GearState = t.state
    t.rule("GEAR-5", "gear.showdown")
    if any(c.is_unknown for seat in (1, 2) for c in s.player(seat).cards):
        s.phase, s.turn = Phase.FLIP, None
        t.rule("GEAR-5", "gear.flip_needed")
        return
    settle(t)


def flip(t: Work, cmd: Flip) -> None:
    s: GearState = t.state
    p = s.player(cmd.seat)
    if s.phase != Phase.FLIP or not p.cards or not p.cards[0].is_unknown:
        t.refuse("GEAR-5", "gear.flip_when")
    if cmd.card.is_unknown or cmd.card.is_joker or not trumps.can_come(s.trumps_out, cmd.card):
        t.refuse("GR-1", "gear.card_gone", card=str(cmd.card))
    down = Card(cmd.card.rank, cmd.card.suit, True)
    out = list(s.trumps_out)
    out.remove(next(c for c in out if c.is_unknown))
    s.trumps_out = (*out, down)
    s.put(cmd.seat, cards=(down, *p.cards[1:]))
    t.rule("GEAR-5", "gear.flipped", name=p.name, card=str(cmd.card))
    if not any(c.is_unknown for seat in (1, 2) for c in s.player(seat).cards):
        settle(t)


def closeness(total: int, goal: int) -> tuple[int, int]:
    """(bust, distance): a smaller pair is the better hand."""
    return (1 if total > goal else 0, abs(goal - total))


def settle(t: Work) -> None:
    s: GearState = t.state
    goal = effects.goal(s)
    totals = {seat: trumps.total(s.player(seat).cards, goal) for seat in (1, 2)}
    bets = {seat: effects.bet(s, seat) for seat in (1, 2)}
    for seat in (1, 2):
        bust = totals[seat] > goal
        t.rule("GW-2" if bust else "GW-1", "gear.total_bust" if bust else "gear.total", name=s.player(seat).name, total=totals[seat], goal=goal,
               cards=" ".join(str(Card(c.rank, c.suit)) for c in s.player(seat).cards))  # fmt: skip
    a, b = closeness(totals[1], goal), closeness(totals[2], goal)
    if a == b:
        t.rule("GW-4", "gear.draw")
        return _end(t, kind="draw", loser=None, totals=totals, bets=bets)
    loser = 2 if a < b else 1
    if a[0] and b[0]:
        t.rule("GW-3", "gear.both_bust", name=s.player(other(loser)).name)
    elif not a[0] and not b[0]:
        t.rule("GW-1", "gear.closer", name=s.player(other(loser)).name)
    return _lose(t, loser, "showdown", totals, bets)


def joker(t: Work, seat: int) -> None:
    s: GearState = t.state
    goal = effects.goal(s)
    totals = {x: trumps.total(tuple(c for c in s.player(x).cards if not c.is_unknown), goal) for x in (1, 2)}
    bets = {x: effects.bet(s, x) for x in (1, 2)}
    _lose(t, seat, "joker", totals, bets)


def _lose(t: Work, loser: int, kind: str, totals: dict, bets: dict) -> None:
    s: GearState = t.state
    p = s.player(loser)
    lost = min(p.hp, bets[loser])
    s.put(loser, hp=p.hp - lost)
    t.rule("GEAR-5", "gear.loses", name=p.name, bet=bets[loser], hp=p.hp - lost, winner=s.player(other(loser)).name)
    _end(t, kind=kind, loser=loser, totals=totals, bets=bets, lost=lost)


def _end(t: Work, *, kind: str, loser: int | None, totals: dict, bets: dict, lost: int = 0) -> None:
    s: GearState = t.state
    record = _record(s, kind=kind, loser=loser, lost=lost, totals=totals, bets=bets)
    s.result = record
    s.history = s.history.append(record)
    s.placed, s.mods, s.blocked = (), (), frozenset()  # GEAR-6: every gear's effect removed after the round
    s.phase, s.turn = Phase.BETWEEN, None
    t.rule("GG-6", "gear.round_settled", round=s.rounds)
    after_effects(t)


def after_effects(t: Work) -> None:
    """The match ends when a player's HP is 0 (GEAR-6)."""
    s: GearState = t.state
    out = [seat for seat in (1, 2) if s.player(seat).hp <= 0]
    if out and s.phase != Phase.OVER:
        s.winner = other(out[0])
        s.phase, s.turn = Phase.OVER, None
        t.rule("GEAR-6", "gear.match_over", winner=s.player(s.winner).name, loser=s.player(out[0]).name)
