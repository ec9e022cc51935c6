"""SAI-1, SAI-13, SAI-14: the seats, the hands (dealer, 本場, riichi sticks) and the game's end.

Seat 1 is the first dealer (起家); the deal passes in seat order. Three players play an East
and a South wind of three hands each; with four at the table (SAI-13) each wind has four
hands and the North seat sits out each one. The dealer keeps the deal (連荘) when they win or
are tenpai at a draw, and 本場 grows by one then and at every draw; a non-dealer's win resets
it. The game ends when the last hand of the South wind ends without the dealer keeping the
deal, or (option ``bust end``) after a hand that leaves a player below zero."""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.i18n_values import Items, Term
from dealer_assist.tables.saikoro import final
from dealer_assist.tables.saikoro.commands import Option, Riichi
from dealer_assist.tables.saikoro.options import START, STICK
from dealer_assist.tables.saikoro.state import Phase, SaikoroState
from dealer_assist.tables.saikoro.settle import busted
from dealer_assist.tables.saikoro.words import Points

NAME_MAX = 16


def seat(t: Work, box: int, name: str, points: int | None) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.SETUP:
        t.refuse("SAI-1", "saikoro.seat_late")
    if points is not None and points != START:
        t.refuse("SAI-1", "saikoro.seat_points", start=Points(START))
    if s.names[box - 1] is not None:
        t.refuse("SAI-1", "saikoro.seat_taken", seat=box, name=s.names[box - 1])
    if name in s.names:
        t.refuse("SAI-1", "saikoro.name_twice", name=name)
    if box > 1 and s.names[box - 2] is None:
        t.refuse("SAI-1", "saikoro.seat_order", seat=box)
    names = list(s.names)
    names[box - 1] = name
    s.names = tuple(names)
    s.points = tuple(START if n is not None else 0 for n in names)
    t.rule("SAI-1", "saikoro.seated", seat=box, name=name, points=Points(START))


def option(t: Work, cmd: Option) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.SETUP:
        t.refuse("SAI-14", "saikoro.option_late")
    s.options = s.options.choose(cmd.name, cmd.value)
    t.rule("SAI-14", f"saikoro.option.{cmd.name}.{cmd.value}")


def start(t: Work) -> None:
    s: SaikoroState = t.state
    if s.phase == Phase.SETUP:
        if s.players < 3:
            t.refuse("SAI-1", "saikoro.need_players", seated=s.players)
        if s.players == 4:
            t.rule("SAI-13", "saikoro.four_players")
    elif s.phase != Phase.BETWEEN:
        t.refuse("HOUSE-1", "saikoro.hand_open")
    s.hands += 1
    s.phase, s.riichi, s.wins, s.turn, s.tenpai, s.noten = Phase.PLAY, frozenset(), (), 0, (), ()
    t.rule("HOUSE-1", "saikoro.hand", wind=Term(wind_key(s)), kyoku=s.kyoku, honba=s.honba, dealer=s.names[s.dealer - 1],
           sticks=s.sticks)  # fmt: skip
    if s.sitting_out is not None:
        t.rule("SAI-13", "saikoro.sits_out", name=s.names[s.sitting_out - 1])


def wind_key(s: SaikoroState) -> str:
    return "saikoro.wind.east" if s.wind == 0 else "saikoro.wind.south"


def riichi(t: Work, cmd: Riichi) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.PLAY:
        t.refuse("HOUSE-2", "saikoro.riichi_when")
    if cmd.seat not in s.active:
        t.refuse("SAI-13", "saikoro.not_playing", seat=cmd.seat)
    if cmd.seat in s.riichi:
        t.refuse("HOUSE-2", "saikoro.riichi_twice", name=s.names[cmd.seat - 1])
    if s.points[cmd.seat - 1] < STICK:
        t.refuse("HOUSE-2", "saikoro.riichi_points", name=s.names[cmd.seat - 1], points=Points(s.points[cmd.seat - 1]))
    s.points = tuple(p - STICK if i == cmd.seat - 1 else p for i, p in enumerate(s.points))
    s.sticks += 1
    s.riichi = s.riichi | {cmd.seat}
    t.rule("HOUSE-2", "saikoro.riichi", name=s.names[cmd.seat - 1], sticks=s.sticks)


def end_hand(t: Work, *, dealer_keeps: bool, draw: bool, record: dict, replay: bool = False) -> None:
    """The hand is over: its record kept, the deal kept or passed, 本場 counted, the game's end
    ruled (HOUSE-5)."""
    s: SaikoroState = t.state
    s.history = s.history.append(record)
    t.rule("HOUSE-1", "saikoro.hand_settled", hand=s.hands)
    s.phase, s.riichi = Phase.BETWEEN, frozenset()
    if replay:  # a chombo: the same hand again (SAI-12)
        return
    last = s.wind == 1 and s.kyoku == s.players
    if busted(s) and s.options.bust == "end":
        t.rule("HOUSE-5", "saikoro.bust_end", names=Items(tuple(s.names[b - 1] for b in busted(s))))
        return finish(t)
    if dealer_keeps:
        s.honba += 1
        t.rule("HOUSE-1", "saikoro.renchan", dealer=s.names[s.dealer - 1], honba=s.honba)
        return
    s.honba = s.honba + 1 if draw else 0
    if last:
        return finish(t)
    if s.kyoku == s.players:
        s.wind, s.kyoku = s.wind + 1, 1
    else:
        s.kyoku += 1
    t.rule("HOUSE-1", "saikoro.deal_passes", dealer=s.names[s.dealer - 1], honba=s.honba)


def finish(t: Work) -> None:
    s: SaikoroState = t.state
    final.close(t)
    s.ended, s.phase = True, Phase.OVER
