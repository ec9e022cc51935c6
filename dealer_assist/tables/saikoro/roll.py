"""SAI-6, SAI-7, SAI-8: the winner's dice, and the win paid as the roll says.

Two dice (少サイ: a riichi win, a real yakuman) are rolled once; with a re-roll right left the
winner keeps the roll (``keep``) or rolls again (``roll``), and a declined roll is never chosen
back: the last roll stands. Three dice (a dama or open win) are rolled up to three times, and
the first roll with a result stands (目無し three times: the win as it is). When every winner's
roll stands the hand is paid: each payer's share with 本場, through the roll's effect (SAI-7),
then the chips, the riichi sticks to the first winner, the bust prize."""

from __future__ import annotations

from dataclasses import replace

from dealer_assist.core.step import Work
from dealer_assist.tables.saikoro import dice, hand
from dealer_assist.tables.saikoro.commands import Keep, Roll
from dealer_assist.tables.saikoro.options import STICK
from dealer_assist.tables.saikoro.settle import pay
from dealer_assist.tables.saikoro.state import Phase, SaikoroState, Win
from dealer_assist.tables.saikoro.win import honba_points
from dealer_assist.tables.saikoro.record import hand_record, result_term
from dealer_assist.tables.saikoro.words import Points

THREE_TIMES = 3  # SAI-6: three dice at most three times


def roll(t: Work, cmd: Roll) -> None:
    s: SaikoroState = t.state
    if s.phase not in (Phase.ROLL, Phase.CHOOSE):
        t.refuse("SAI-6", "saikoro.roll_when")
    win = s.wins[s.turn]
    name = s.names[win.winner - 1]
    if len(cmd.dice) != win.dice:
        t.refuse("SAI-6", "saikoro.roll_count", name=name, dice=win.dice)
    reading = dice.read(cmd.dice)
    win = replace(win, rolls=(*win.rolls, cmd.dice))
    if s.phase == Phase.CHOOSE:  # the earlier roll declined for good (SAI-6)
        t.rule("SAI-8", "saikoro.reroll", name=name, left=win.rights - (len(win.rolls) - 1))
    s.last_roll = cmd.dice
    t.rule("SAI-7", "saikoro.rolled", name=name, dice=" ".join(map(str, cmd.dice)), result=result_term(reading),
           number=reading.number)  # fmt: skip
    if win.dice == 2:
        used = len(win.rolls) - 1
        if used < win.rights:
            s.wins = _put(s, win)
            s.phase = Phase.CHOOSE
            t.rule("SAI-8", "saikoro.choose", name=name, left=win.rights - used)
            return
    elif not reading.scored and len(win.rolls) < THREE_TIMES:
        s.wins, s.phase = _put(s, win), Phase.ROLL
        t.rule("SAI-6", "saikoro.roll_again", name=name, left=THREE_TIMES - len(win.rolls))
        return
    _stands(t, win)


def keep(t: Work, cmd: Keep) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.CHOOSE:
        t.refuse("SAI-8", "saikoro.keep_when")
    _stands(t, s.wins[s.turn])


def _put(s: SaikoroState, win: Win) -> tuple[Win, ...]:
    return tuple(win if i == s.turn else w for i, w in enumerate(s.wins))


def _stands(t: Work, win: Win) -> None:
    s: SaikoroState = t.state
    win = replace(win, standing=True)
    s.wins = _put(s, win)
    reading = dice.read(win.rolls[-1])
    t.rule("SAI-7", "saikoro.stands", name=s.names[win.winner - 1], result=result_term(reading),
           number=reading.number)  # fmt: skip
    if s.turn + 1 < len(s.wins):
        s.turn += 1
        s.phase = Phase.ROLL
        nxt = s.wins[s.turn]
        t.rule("SAI-6", "saikoro.roll_two" if nxt.dice == 2 else "saikoro.roll_three", name=s.names[nxt.winner - 1],
               rights=nxt.rights)  # fmt: skip
        return
    settle_wins(t)


def payments(s: SaikoroState, win: Win) -> list[tuple[int, int, int, int]]:
    """The win's moves after its roll: per payer (share + 本場) and chips through the effect."""
    effect = dice.effect(dice.read(win.rolls[-1]))
    honba = honba_points(s, win)
    out = []
    for payer, share in win.shares:
        points, chips = effect.apply(share + honba, win.chips)
        out.append((payer, win.winner, points, chips))
    return out


def settle_wins(t: Work) -> None:
    s: SaikoroState = t.state
    moves = []
    lines = []
    for win in s.wins:
        mine = payments(s, win)
        moves += mine
        reading = dice.read(win.rolls[-1])
        for payer, payee, points, chips in mine:
            lines.append({"payer": payer, "payee": payee, "points": points, "chips": chips})
            key = "saikoro.paid" if points >= 0 else "saikoro.paid_back"
            t.rule("SAI-7", key, payer=s.names[payer - 1], payee=s.names[payee - 1], points=Points(abs(points)),
                   chips=abs(chips), result=result_term(reading))  # fmt: skip
    prizes = pay(s, moves)
    for payer, payee, _, chips in prizes:
        t.rule("SAI-5", "saikoro.bust_prize", payer=s.names[payer - 1], payee=s.names[payee - 1], chips=chips)
    first = s.wins[0].winner
    sticks = s.sticks
    if sticks:
        s.points = tuple(p + sticks * STICK if i == first - 1 else p for i, p in enumerate(s.points))
        s.sticks = 0
        t.rule("HOUSE-2", "saikoro.sticks_won", name=s.names[first - 1], points=Points(sticks * STICK))
    record = hand_record(s, moves=lines, prizes=prizes, sticks=sticks)
    hand.end_hand(t, dealer_keeps=any(w.winner == s.dealer for w in s.wins), draw=False, record=record)
