"""TABLE — the seats, the chips, the five rounds, the first to act, sitting out and the end of
the game with its ranking (TABLE-1…8; the ranking itself is ``rank``: RANK-1…3)."""

from __future__ import annotations

from dealer_assist.tables.casino import notation as n
from dealer_assist.tables.casino import shoe
from dealer_assist.tables.casino.rank import ranking, verdict
from dealer_assist.tables.casino.state import BET, CHIPS, ROUNDS, SEATS, DEALER, Phase, Round, Seat
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.view import round_record
from dealer_assist.tables.casino.words import Seats
from dealer_assist.core.hand import Hand


def seat(t: Step, cmd: n.Seat) -> None:
    """TABLE-1/2: seats 1 to N without a gap, each with 100 chips."""
    state = t.state
    if state.phase is not Phase.SETUP:
        t.refuse("TABLE-1", "casino.seat_late")
    if cmd.points is not None and cmd.points != CHIPS:
        t.refuse("TABLE-2", "casino.seat_chips", chips=CHIPS)
    expected = len(state.seats) + 1
    if cmd.box != expected or cmd.box > SEATS:
        t.refuse("TABLE-1", "casino.seat_order", seat=cmd.box, expected=min(expected, SEATS), most=SEATS)
    state.seats[cmd.box] = Seat(cmd.box, cmd.name)
    t.rule("TABLE-2", "casino.seated", seat=cmd.box, player=cmd.name, chips=CHIPS)


def first_to_act(number: int, seats: int) -> int:
    """TABLE-6: round r begins at seat ((r - 1) mod N) + 1."""
    return (number - 1) % seats + 1


def rotation(first: int, seats: int):
    """Every seat from the first to act up to seat N, then from seat 1 (Terms)."""
    return ((first - 1 + i) % seats + 1 for i in range(seats))


def play_order(first: int, betting: list[int], seats: int) -> list[int]:
    """The betting seats from the first to act up to seat N, then from seat 1 (Terms)."""
    return [s for s in rotation(first, seats) if s in betting]


def start_round(t: Step) -> None:
    """`game`: the next round — end check, reshuffle check, bets (HAND-3 steps 1–3)."""
    state = t.state
    if state.phase is Phase.SETUP and not state.seats:
        t.refuse("TABLE-1", "casino.need_seat")
    if state.phase not in (Phase.SETUP, Phase.BETWEEN):
        t.refuse("HAND-3", "casino.round_running")
    if state.round is not None:  # the settled round joins the finished ones
        _finish(state)
    seats = state.seats
    for player in seats.values():  # TABLE-7
        if player.chips >= BET:
            break
    else:
        t.rule("TABLE-7", "casino.nobody_can_bet")
        end_game(t, "no_bets")
        return
    played = state.rounds = state.rounds + 1
    first = first_to_act(played, len(seats))
    state.round = current = Round(number=played, first=first)
    if not t.quiet:
        t.rule("TABLE-3", "casino.round", round=played, rounds=ROUNDS, first=first)
    shoe.reshuffle_check(t)
    betting, hands = current.betting, current.hands
    for number, player in seats.items():  # TABLE-4 / TABLE-5
        if player.chips >= BET:
            player.chips -= BET
            player.out = False
            betting.append(number)
            hands.append(Hand(box=number, bet=BET))
        else:
            player.out = True
            t.rule("TABLE-5", "casino.sits_out", seat=number, player=player.player, chips=player.chips)
    if not t.quiet:
        t.rule("TABLE-4", "casino.bets", seats=Seats(tuple(betting)), bet=BET)
        order = play_order(first, betting, len(seats))
        if order and order[0] != first:
            t.rule("TABLE-6", "casino.first_moves_on", first=first, seat=order[0])
    current.recipients = [*betting, DEALER, *betting, DEALER]
    state.phase = Phase.DEAL


def _finish(state) -> None:
    """The settled round leaves the table for the finished ones. Its record is made when the
    history is read: no state holds the round any more, so nothing changes it."""
    finished = state.round
    state.history = state.history.append_later(lambda: round_record(None, finished))
    state.round = None


def end_game(t: Step, reason: str) -> None:
    """TABLE-7 / RANK: the game ends; the players are ranked by their chips."""
    state = t.state
    state.over = True
    state.reason = reason
    state.phase = Phase.OVER
    ranks = ranking(state)
    for entry in ranks:
        t.rule("RANK-1", "casino.rank", rank=entry["rank"], player=entry["player"], chips=entry["chips"])
    outcome = verdict(state)
    if outcome["alone"]:
        t.rule("RANK-3", f"casino.alone_{outcome['result']}", player=ranks[0]["player"], chips=ranks[0]["chips"])
    elif outcome["winner"] is not None:
        t.rule("RANK-2", "casino.winner", player=outcome["winner"], chips=ranks[0]["chips"])
    else:
        t.rule("RANK-2", "casino.draw", chips=ranks[0]["chips"])


def after_settlement(t: Step) -> None:
    """TABLE-3 / TABLE-8: after the fifth round the game ends; else the next round waits."""
    state = t.state
    shoe.discard_round(t)
    if state.rounds >= ROUNDS:
        _finish(state)
        end_game(t, "rounds")
        return
    state.phase = Phase.BETWEEN
