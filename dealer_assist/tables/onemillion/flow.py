"""How a game moves on by itself between the dealer's commands.

Each function here is one transition of NOTATION's game: the end of the deal, the
surrender call and the check, the two-lock, the player turns, the dealer's turn. They run
the automatic steps (blackjacks, burned boxes, BASE-10, DRAW-5 ends, settlement) and stop
at the next point where the tool needs a command.
"""

from __future__ import annotations

from dealer_assist.cards import Total, is_blackjack
from dealer_assist.core import dealer
from dealer_assist.core.dealer import DealerRules
from dealer_assist.core.step import Ruling
from dealer_assist.tables.onemillion import bets, end, guild, hole, jokers, settlement, skills
from dealer_assist.tables.onemillion.state import PHASE, Hand
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.i18n_values import Numbers


def current_hand(t: Step) -> Hand | None:
    """The hand whose turn it is: the first unfinished hand in play order."""
    for hand in t.game.hands:
        if not hand.done and not hand.nobet:
            return hand
    return None


def stand(t: Step, hand: Hand) -> None:
    """A hand stands: an Under Bonus hand goes to SET-B instead of the showdown."""
    hand.done = True
    if guild.is_under(t, hand):
        hand.outcome = "under"
        t.rule("GUILD-2", "guild.under", hand=hand.label, cards=len(hand.cards),
               ratio=float(guild.under_ratio(hand)))  # fmt: skip
    else:
        hand.outcome = "stand"


def dealt_blackjack(t: Step, hand: Hand) -> None:
    """BASE-1: a blackjack is made when the hand's second card is dealt; from then on it is
    paid, also when the game is cut short before the deal ends (END-1, JK-7)."""
    if not hand.nobet and not hand.done and hand.blackjack():
        hand.done = True
        hand.outcome = "blackjack"
        t.rule("BASE-1", "hand.blackjack", hand=hand.label)


def end_of_deal(t: Step) -> None:
    """Everything that happens once every box and the dealer have their second card."""
    state, game = t.state, t.game
    burned = [h.box for h in game.hands if h.nobet]
    if burned:
        t.rule("BOX-2", "deal.burned", boxes=Numbers(tuple(burned)))
    if game.backbet:
        t.rule("GUILD-4", "guild.backbet_dealt")
        _rule_deal_jokers_for_later(t)
    elif not _deal_jokers(t):
        return
    up, second = game.dealer[0], game.dealer[1]
    if game.hole is None:
        t.rule("CARD-4", "deal.dealer_open", cards=f"{up} {second}")
        if is_blackjack(game.dealer):
            game.dealer_blackjack = True
            t.rule("BASE-7", "deal.open_blackjack")
            if game.backbet:
                after_check(t)  # the bets come after the open blackjack is seen (GUILD-4)
                return
            open_blackjack(t)
            return
        after_check(t)
        return
    if up.is_ace and not game.backbet and _anyone_to_ask(t):
        game.check = True
        open_call(t, "SURR-1")
        return
    if up.is_ace or up.is_ten:
        game.check = True
        state.phase = PHASE.CHECK
        t.rule("BASE-6", "deal.check_needed", up=str(up))
        return
    after_check(t)


def _deal_jokers(t: Step) -> bool:
    """JK-6, JK-7, JK-9 at the end of the deal. False when the game (or quest) ended."""
    game = t.game
    if game.burned_lv3:
        t.rule("JK-9", "joker.burned_lv3", boxes=Numbers(tuple(game.burned_lv3)))
        fail_now(t, reason="joker", clause="END-F3")
        return False
    for sighting in game.deal_jokers:
        if not dealer_joker(t, sighting):
            return False
    return True


def _rule_deal_jokers_for_later(t: Step) -> None:
    """GUILD-4 / JK-6: after a back-bet deal the dealer's jokers are ruled when the dealer sees
    them (so a Lv.1+ joker is no ace and asks for no check); an ace is an ace at once, the
    effect of a Lv.1+ joker waits until the bets are in."""
    game = t.game
    later = []
    for sighting in game.deal_jokers:
        if jokers.rule_for_dealer(t, sighting) == 0:
            t.rule("JK-4", "joker.ace_dealer")
        else:
            later.append(sighting)
    game.deal_jokers = later


def dealer_joker(t: Step, sighting: int) -> bool:
    """JK-6/JK-7: the dealer's joker takes effect. False when the game (or quest) ended."""
    level = jokers.rule_for_dealer(t, sighting)
    if level == 0:
        t.rule("JK-4", "joker.ace_dealer")
        return True
    t.rule("JK-7", "joker.blackjacks_first")
    if level == 1:
        t.game.dealer_joker_loss = True
        t.rule("JK-4", "joker.dealer_lv1")
        settlement.settle(t)
        return False
    fail_now(t, reason="joker", clause="END-F3")
    return False


def fail_now(t: Step, *, reason: str, clause: str) -> None:
    """END-1: on F2/F3 the blackjacks already dealt are paid first (SET-A); nothing else is
    settled; then the quest fails (``end.fail``)."""
    if t.state.game is not None:
        hole.show_if_seen(t)
    t.rule("END-1", "end.pay_blackjacks_first")
    settlement.pay_blackjacks(t)
    end.fail(t, reason=reason, clause=clause)


def open_blackjack(t: Step) -> None:
    """BASE-7: no play; SURR-2 applies (with the surrender skill), then every hand that is not
    a blackjack loses. After a back-bet this runs once the bets are in (GUILD-4)."""
    if t.state.config.surrender_level >= 1 and _anyone_to_ask(t):
        open_call(t, "SURR-2")
        return
    settlement.settle(t)


def _anyone_to_ask(t: Step) -> bool:
    """A surrender call needs a box that could surrender (a bet, not a blackjack, in play)."""
    return any(not h.nobet and not h.done for h in t.game.hands)


def open_call(t: Step, clause: str) -> None:
    """SURR-1 / SURR-2: each box is asked "surrender or no surrender"."""
    game = t.game
    game.call = clause
    t.state.phase = PHASE.SURRENDER
    t.rule(clause, "surrender.call_open" if clause == "SURR-1" else "surrender.call_open_bj")


def close_call(t: Step) -> None:
    game = t.game
    clause, game.call = game.call, None
    t.rule(clause or "SURR-1", "surrender.call_closed", boxes=Numbers(tuple(sorted(game.called))))
    if clause == "SURR-2":
        settlement.settle(t)  # BASE-7: every hand that is not a blackjack loses
    else:
        t.state.phase = PHASE.CHECK


def after_check(t: Step) -> None:
    """After the check (or when none is needed): the late bets, the two-lock, the players."""
    state, game = t.state, t.game
    if game.backbet:
        state.phase = PHASE.LATE_BETS
        t.rule("GUILD-4", "guild.bets_now")
        if all(box.bankrupt for box in state.boxes.values()):
            close_late_bets(t)  # nobody can bet: the window closes at once
        return
    lock_or_players(t)


def close_late_bets(t: Step) -> None:
    """GUILD-4: the bets after a back-bet deal are in (``bets.close_window``); then the dealer's
    jokers take effect, a dealer blackjack is settled, or play goes on."""
    game = t.game
    bets.close_window(t)
    if not _deal_jokers(t):
        return
    if game.dealer_blackjack:
        if not game.check:  # an open blackjack (BASE-7): its surrender call comes now
            open_blackjack(t)
        else:  # found at the check, announced before the bets (BASE-6)
            settlement.settle(t)
        return
    lock_or_players(t)


def lock_or_players(t: Step) -> None:
    """DSK-3: the two-lock roll comes after the call and the check; then the players act."""
    state, game = t.state, t.game
    if state.skill(3) and any(not h.nobet and not h.done for h in game.hands):
        state.phase = PHASE.LOCK
        t.rule("DSK-3", "lock.roll", dice=skills.lock_dice(state))
        return
    start_players(t)


def start_players(t: Step) -> None:
    t.state.phase = PHASE.PLAYERS
    next_turn(t)


def next_turn(t: Step) -> None:
    hand = current_hand(t)
    if hand is None:
        players_done(t)


def players_done(t: Step) -> None:
    game = t.game
    if game.hole is not None:
        t.state.phase = PHASE.REVEAL
        return
    dealer_turn(t)


def _hard_21(value: Total) -> Ruling | None:
    """DRAW-5: the dealer's turn ends by itself at a hard 21; below it, ``next`` decides (DRAW)."""
    return Ruling("DRAW-5", "dealer.hard21") if value.value == 21 and not value.soft else None


def _draws(t: Step) -> None:
    t.state.phase = PHASE.DEALER


DEALER_RULES = DealerRules(no_draw=("BASE-10", "dealer.no_draw"), bust=("BASE-8", "dealer.bust"), stops=_hard_21,
                           settle=settlement.settle, draws=_draws)  # fmt: skip


def dealer_turn(t: Step) -> None:
    """BASE-10, then the dealer draws by DRAW until hard 21, a bust or a STAND."""
    game = t.game
    dealer.turn(t, game.hands, game.dealer, DEALER_RULES)
