"""SAI-6, SAI-8, HOUSE-3: a win as typed — ron, tsumo, 流し役満 — checked and made into the
payment that waits for the dice. Which dice the winner rolls, and with how many re-roll rights,
is decided here; the roll itself is ``roll``."""

from __future__ import annotations

from dataclasses import replace

from dealer_assist.core.step import Work
from dealer_assist.i18n_values import Items
from dealer_assist.tables.saikoro import chips, value as v
from dealer_assist.tables.saikoro.commands import Extras, Nagashi, Ron, Tsumo, Value
from dealer_assist.tables.saikoro.options import HONBA_RON, HONBA_TSUMO
from dealer_assist.tables.saikoro.state import Phase, SaikoroState, Win
from dealer_assist.tables.saikoro.words import Share, ValueWord

MAX_WINNERS = 2  # a double ron: the two players other than the loser


def rights(value: Value, extras: Extras, kind: str, nagashi: bool = False) -> int:
    """SAI-8: re-roll rights (they add up): 一発, 白ポッチツモ, 四華, トリプル以上 (sanbaiman and
    above), リーチ役満 (a riichi win valued at yakuman) one each; a real yakuman (本役満) has two,
    in place of トリプル以上 and リーチ役満."""
    count = int(extras.ippatsu) + int(extras.pochi) + int(extras.shika)
    if v.real_yakuman(value):
        return count + 2
    if v.triple_or_more(value) and not nagashi:
        count += 1
    if kind == "riichi" and (v.counted_yakuman(value) or nagashi):
        count += 1
    return count


def _check_extras(t: Work, s: SaikoroState, winner: int, extras: Extras, *, tsumo: bool) -> str:
    riichi = winner in s.riichi
    if riichi and extras.open:
        t.refuse("SAI-6", "saikoro.riichi_open", name=s.names[winner - 1])
    if not riichi and (extras.ippatsu or extras.ura or extras.pochi):
        t.refuse("SAI-5", "saikoro.needs_riichi", name=s.names[winner - 1])
    if extras.pochi and not tsumo:
        t.refuse("SAI-5", "saikoro.pochi_tsumo")
    return "riichi" if riichi else "open" if extras.open else "dama"


def _make(s: SaikoroState, winner: int, loser: int | None, value: Value, extras: Extras, kind: str,
          shares: dict[int, int], nagashi: bool = False) -> Win:  # fmt: skip
    dice = 2 if kind == "riichi" or v.real_yakuman(value) else 3
    return Win(winner, loser, value, extras, kind, tuple(sorted(shares.items())), chips.of_win(value, extras), dice,
               rights(value, extras, kind, nagashi) if dice == 2 else 0, nagashi)  # fmt: skip


def ron(t: Work, cmd: Ron) -> None:
    s: SaikoroState = t.state
    double = s.phase == Phase.ROLL and not any(w.rolls for w in s.wins) and s.wins and s.wins[0].loser is not None
    if s.phase != Phase.PLAY and not double:
        t.refuse("HOUSE-3", "saikoro.win_when")
    for seat in (cmd.winner, cmd.loser):
        if seat not in s.active:
            t.refuse("SAI-13", "saikoro.not_playing", seat=seat)
    if cmd.winner == cmd.loser:
        t.refuse("HOUSE-3", "saikoro.ron_self")
    if double:
        if cmd.loser != s.wins[0].loser or any(w.winner == cmd.winner for w in s.wins) or len(s.wins) >= MAX_WINNERS:
            t.refuse("SAI-5", "saikoro.double_ron_refused")
    kind = _check_extras(t, s, cmd.winner, cmd.extras, tsumo=False)
    shares = v.shares(cmd.value, tsumo=False, winner=cmd.winner, dealer=s.dealer, payers=(cmd.loser,), split=False)
    if shares is None:
        t.refuse("HOUSE-3", "saikoro.points_shape_ron")
    win = _make(s, cmd.winner, cmd.loser, cmd.value, cmd.extras, kind, shares)
    s.wins = (*s.wins, win)
    # HOUSE-6: a double ron's 本場 and sticks go to the first winner in turn from the loser
    s.wins = tuple(sorted(s.wins, key=lambda w: s.order_from(cmd.loser).index(w.winner)))
    s.phase = Phase.ROLL
    _announce(t, s, win, double)


def tsumo(t: Work, cmd: Tsumo) -> None:
    s: SaikoroState = t.state
    if s.phase != Phase.PLAY:
        t.refuse("HOUSE-3", "saikoro.win_when")
    if cmd.winner not in s.active:
        t.refuse("SAI-13", "saikoro.not_playing", seat=cmd.winner)
    kind = _check_extras(t, s, cmd.winner, cmd.extras, tsumo=True)
    payers = tuple(p for p in s.active if p != cmd.winner)
    shares = v.shares(cmd.value, tsumo=True, winner=cmd.winner, dealer=s.dealer, payers=payers,
                      split=s.options.tsumo == "split")  # fmt: skip
    if shares is None:
        t.refuse("HOUSE-3", "saikoro.points_shape_tsumo" if cmd.winner != s.dealer else "saikoro.points_shape_ron")
    win = _make(s, cmd.winner, None, cmd.value, cmd.extras, kind, shares)
    s.wins, s.phase = (win,), Phase.ROLL
    _announce(t, s, win, False)


def nagashi(t: Work, cmd: Nagashi) -> None:
    """SAI-10: 流し役満, paid as a tsumo at a yakuman's value (not a real yakuman: no yakuman
    chips of SAI-9), the red and gold fives in the hand and among the nuki tiles counted."""
    s: SaikoroState = t.state
    if s.phase != Phase.PLAY:
        t.refuse("HOUSE-3", "saikoro.win_when")
    if cmd.seat not in s.active:
        t.refuse("SAI-13", "saikoro.not_playing", seat=cmd.seat)
    kind = "riichi" if cmd.seat in s.riichi else "dama"
    value = Value(limit="kazoe")
    payers = tuple(p for p in s.active if p != cmd.seat)
    shares = v.shares(value, tsumo=True, winner=cmd.seat, dealer=s.dealer, payers=payers,
                      split=s.options.tsumo == "split")  # fmt: skip
    win = _make(s, cmd.seat, None, value, cmd.extras, kind, shares, nagashi=True)
    win = replace(win, chips=chips.objects(cmd.extras))  # SAI-10: the hand's and the nuki tiles' chips only
    s.wins, s.phase = (win,), Phase.ROLL
    _announce(t, s, win, False)


def _announce(t: Work, s: SaikoroState, win: Win, double: bool) -> None:
    name = s.names[win.winner - 1]
    each = Items(tuple(Share(s.names[p - 1], points) for p, points in win.shares))
    key = "saikoro.nagashi" if win.nagashi else "saikoro.ron" if win.loser is not None else "saikoro.tsumo"
    t.rule("HOUSE-3" if not win.nagashi else "SAI-10", key, name=name, value=ValueWord(win.value), shares=each,
           loser=s.names[win.loser - 1] if win.loser else "", chips=win.chips)  # fmt: skip
    if double:
        t.rule("SAI-5", "saikoro.double_ron")
    t.rule("SAI-6", "saikoro.roll_two" if win.dice == 2 else "saikoro.roll_three", name=name, rights=win.rights)


def honba_points(s: SaikoroState, win: Win) -> int:
    """本場 per payer, to the first winner of the hand only (HOUSE-4, HOUSE-6)."""
    if s.wins and s.wins[0] is not win and s.wins[0].winner != win.winner:
        return 0
    return s.honba * (HONBA_RON if win.loser is not None else HONBA_TSUMO)
