"""SAI-11, SAI-12: a drawn hand and its ノーテン罰符 by the dice, and a chombo.

At a draw (``ryukyoku``, the tenpai seats listed) each noten player rolls two dice (少サイ), in
seat order, and pays what the roll says (``dice.noten``): one noten player pays it to each of
the two others (オール), two noten players each pay it to the tenpai one; all tenpai or all noten,
nobody pays. A player taken below zero by it still pays the bust prize (SAI-5, 11). The dealer
keeps the deal when tenpai; 本場 grows by one either way; the riichi sticks stay on the table.
A chombo (SAI-12) pays 30 chips to each other player, and the hand is played again: the same
dealer, the same 本場, this hand's riichi sticks given back."""

from __future__ import annotations

from dealer_assist.core.step import Work
from dealer_assist.i18n_values import Items
from dealer_assist.tables.saikoro import dice, hand
from dealer_assist.tables.saikoro.commands import Chombo, Roll, Ryukyoku
from dealer_assist.tables.saikoro.options import CHOMBO, STICK
from dealer_assist.tables.saikoro.record import hand_record, result_term
from dealer_assist.tables.saikoro.settle import pay
from dealer_assist.tables.saikoro.state import Phase, SaikoroState, replace_at
from dealer_assist.tables.saikoro.words import Points


def ryukyoku(t: Work, cmd: Ryukyoku) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.PLAY:
        t.refuse("SAI-11", "saikoro.draw_when")
    for seat in cmd.tenpai:
        if seat not in s.active:
            t.refuse("SAI-13", "saikoro.not_playing", seat=seat)
    s.tenpai = cmd.tenpai
    noten = tuple(seat for seat in s.active if seat not in cmd.tenpai)
    t.rule("SAI-11", "saikoro.drawn", tenpai=Items(tuple(s.names[x - 1] for x in cmd.tenpai)),
           noten=Items(tuple(s.names[x - 1] for x in noten)))  # fmt: skip
    if not noten or not cmd.tenpai:
        t.rule("SAI-11", "saikoro.no_noten_payment")
        return _end_draw(t, [], [])
    s.noten = tuple((seat, None) for seat in noten)
    s.phase = Phase.NOTEN
    t.rule("SAI-11", "saikoro.noten_rolls", name=s.names[noten[0] - 1])


def noten_roll(t: Work, cmd: Roll) -> None:
    s: SaikoroState = t.state
    index = next(i for i, (_, rolled) in enumerate(s.noten) if rolled is None)
    seat = s.noten[index][0]
    if len(cmd.dice) != 2:
        t.refuse("SAI-11", "saikoro.roll_count", name=s.names[seat - 1], dice=2)
    s.noten = tuple((x, cmd.dice if i == index else r) for i, (x, r) in enumerate(s.noten))
    s.last_roll = cmd.dice
    reading = dice.read(cmd.dice)
    points, chips = dice.noten(reading)
    t.rule("SAI-11", "saikoro.noten_rolled" if points or chips else "saikoro.noten_nothing", name=s.names[seat - 1],
           dice=" ".join(map(str, cmd.dice)),
           result=result_term(reading), number=reading.number, points=Points(points), chips=chips)  # fmt: skip
    if index + 1 < len(s.noten):
        t.rule("SAI-11", "saikoro.noten_rolls", name=s.names[s.noten[index + 1][0] - 1])
        return
    moves = []
    lines = []
    for payer, rolled in s.noten:
        p, c = dice.noten(dice.read(rolled))
        payees = s.tenpai if len(s.noten) == 2 else tuple(x for x in s.active if x != payer)
        for payee in payees:
            if p or c:
                moves.append((payer, payee, p, c))
                lines.append({"payer": payer, "payee": payee, "points": p, "chips": c})
                t.rule("SAI-11", "saikoro.noten_paid", payer=s.names[payer - 1], payee=s.names[payee - 1],
                       points=Points(p), chips=c)  # fmt: skip
    prizes = pay(s, moves)
    for payer, payee, _, chips in prizes:
        t.rule("SAI-5", "saikoro.bust_prize", payer=s.names[payer - 1], payee=s.names[payee - 1], chips=chips)
    _end_draw(t, lines, prizes)


def _end_draw(t: Work, lines: list[dict], prizes: list) -> None:
    s: SaikoroState = t.state
    noten = [{"seat": seat, "roll": list(rolled) if rolled else None} for seat, rolled in s.noten]
    record = hand_record(s, moves=lines, prizes=prizes, sticks=0, kind="draw",
                         extra={"tenpai": list(s.tenpai), "noten": noten})  # fmt: skip
    hand.end_hand(t, dealer_keeps=s.dealer in s.tenpai, draw=True, record=record)


def chombo(t: Work, cmd: Chombo) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.PLAY:
        t.refuse("SAI-12", "saikoro.chombo_when")
    if cmd.seat not in s.active:
        t.refuse("SAI-13", "saikoro.not_playing", seat=cmd.seat)
    others = tuple(x for x in s.active if x != cmd.seat)
    s.chips = replace_at(s.chips, {cmd.seat: -CHOMBO * len(others), **{x: CHOMBO for x in others}})
    t.rule("SAI-12", "saikoro.chombo", name=s.names[cmd.seat - 1], chips=CHOMBO)
    if s.riichi:  # the sticks of this hand go back to their players
        s.points = replace_at(s.points, {x: STICK for x in s.riichi})
        s.sticks -= len(s.riichi)
        t.rule("SAI-12", "saikoro.sticks_back", names=Items(tuple(s.names[x - 1] for x in sorted(s.riichi))))
    moves = [{"payer": cmd.seat, "payee": x, "points": 0, "chips": CHOMBO} for x in others]
    record = hand_record(s, moves=moves, prizes=[], sticks=0, kind="chombo", extra={"chombo": cmd.seat})
    hand.end_hand(t, dealer_keeps=True, draw=False, record=record, replay=True)
