"""BET — bets (BET-1…6), BOX-1 bankruptcy, and the back-bet window (GUILD-4)."""

from __future__ import annotations

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.onemillion import jokers, skills
from dealer_assist.tables.onemillion.state import PHASE
from dealer_assist.tables.onemillion.step import Step


def significant_ok(amount: int) -> bool:
    """BET-3: at most two significant digits (``49000`` yes, ``49500`` no)."""
    digits = str(amount).rstrip("0")
    return len(digits) <= 2


def check_amount(t: Step, box: int, amount: int) -> None:
    state = t.state
    config = state.config
    if amount < config.min_bet:
        t.refuse("BET-2", "bet.minimum", amount=amount, minimum=config.min_bet)
    if not significant_ok(amount):
        t.refuse("BET-3", "bet.digits", amount=amount)
    cap = skills.bet_cap(state)
    if cap is not None and amount > cap:
        t.refuse("BET-4", "bet.cap", amount=amount, cap=cap)
    points = state.boxes[box].points
    if amount > points:
        t.refuse("BET-5", "bet.over_points", box=box, amount=amount, points=points)


def bet(t: Step, cmd: n.Bet) -> bool:
    """`bet BOX AMOUNT|-` (BET-1…6, BOX-1, GUILD-4). True when it was the last bet of the window
    after a back-bet deal: the window closes now (``flow.close_late_bets``)."""
    state, game = t.state, t.game
    box = state.boxes.get(cmd.box)
    if box is None:
        t.refuse("BET-1", "bet.no_player", box=cmd.box)
    if box.bankrupt:
        if cmd.amount is None:  # true and harmless: a bankrupt box plays no bet anyway
            t.rule("BOX-1", "bet.none", box=cmd.box)
            return False
        t.refuse("BOX-1", "bet.bankrupt", box=cmd.box, points=box.points)
    if state.phase is PHASE.BETS and game.backbet:
        t.refuse("GUILD-4", "guild.bets_after_deal")
    if cmd.amount is not None:
        check_amount(t, cmd.box, cmd.amount)
    late = state.phase is PHASE.LATE_BETS
    if cmd.box in (game.late_bets if late else game.bets):
        old = game.bets.get(cmd.box)
        if old is None:
            t.rule("BET-6", "bet.replaced_none", box=cmd.box)
        else:
            t.rule("BET-6", "bet.replaced", box=cmd.box, old=old)
    game.bets[cmd.box] = cmd.amount
    if late:  # GUILD-4: the bet goes onto the box's hand dealt before it
        game.late_bets.add(cmd.box)
        game.hands_of(cmd.box)[0].bet = cmd.amount or 0
    if cmd.amount is None:
        t.rule("BET-1", "bet.none", box=cmd.box)
    else:
        t.rule("BET-1", "bet.placed", box=cmd.box, amount=cmd.amount)
    return state.phase is PHASE.LATE_BETS and all(
        number in game.late_bets for number, b in state.boxes.items() if not b.bankrupt
    )


def close_window(t: Step) -> None:
    """GUILD-4: the bets after a back-bet deal are in (a box that has not bet plays no bet);
    the deferred effects of the jokers dealt to boxes apply now. What follows is the
    orchestrator's (``flow.close_late_bets``)."""
    state, game = t.state, t.game
    for number, box in state.boxes.items():
        if not box.bankrupt and number not in game.late_bets:
            game.late_bets.add(number)
            game.bets[number] = None
            t.rule("BET-1", "bet.window_closed_nobet", box=number)
    for hand in game.hands:
        if game.bets.get(hand.box) is None and not hand.nobet:
            hand.nobet = True
            hand.bet = 0
            if hand.outcome == "blackjack":
                hand.outcome = None
    t.rule("GUILD-4", "guild.bets_closed")
    for label, sighting in game.deferred:
        jokers.on_box_card(t, t.hand(label), sighting, deferred=True)
    game.deferred = []
