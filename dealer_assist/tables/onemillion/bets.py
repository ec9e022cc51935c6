"""BET — bets (BET-1…6), BOX-1 bankruptcy, and the back-bet window (GUILD-4)."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import flow, jokers, settlement, skills
from dealer_assist.tables.onemillion.state import Phase
from dealer_assist.tables.onemillion.table import Table


def significant_ok(amount: int) -> bool:
    """BET-3: at most two significant digits (``49000`` yes, ``49500`` no)."""
    digits = str(amount).rstrip("0")
    return len(digits) <= 2


def check_amount(t: Table, box: int, amount: int) -> None:
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


def bet(t: Table, cmd: n.Bet) -> None:
    state, game = t.state, t.game
    box = state.boxes.get(cmd.box)
    if box is None:
        t.refuse("BET-1", "bet.no_player", box=cmd.box)
    if box.bankrupt:
        if cmd.amount is None:  # true and harmless: a bankrupt box plays no bet anyway
            t.rule("BOX-1", "bet.none", box=cmd.box)
            return
        t.refuse("BOX-1", "bet.bankrupt", box=cmd.box, points=box.points)
    if state.phase is Phase.BETS and game.backbet:
        t.refuse("GUILD-4", "guild.bets_after_deal")
    if cmd.amount is not None:
        check_amount(t, cmd.box, cmd.amount)
    late = state.phase is Phase.LATE_BETS
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
    if state.phase is Phase.LATE_BETS and all(
        number in game.late_bets for number, b in state.boxes.items() if not b.bankrupt
    ):
        close_late_bets(t)


def close_late_bets(t: Table) -> None:
    """GUILD-4: the bets after a back-bet deal are in; deferred joker effects apply now."""
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
    if not flow._deal_jokers(t):
        return
    if game.dealer_blackjack:
        if not game.check:  # an open blackjack (BASE-7): its surrender call comes now
            flow.open_blackjack(t)
        else:  # found at the check, announced before the bets (BASE-6)
            settlement.settle(t)
        return
    flow.lock_or_players(t)
