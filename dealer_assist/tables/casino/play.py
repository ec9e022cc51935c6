"""PLAY — the players' actions: hit, stand, 21, double, split, split aces, surrender, no debt
(PLAY-1…9), using the hand mechanics every table shares (``core.hand``)."""

from __future__ import annotations

from dealer_assist import notation as n
from dealer_assist.tables.casino import shoe
from dealer_assist.tables.casino.state import BET, MAX_HANDS, Phase
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.table import play_order
from dealer_assist.cards import Card
from dealer_assist.core import hand as mechanics
from dealer_assist.core.hand import Hand


def order(t: Step) -> list[Hand]:
    """Every hand in play order: seat by seat from the first to act, a seat's hands left to
    right (PLAY-1, PLAY-6)."""
    current = t.round
    seats = play_order(current.first, current.betting, len(t.state.seats))
    return [h for s in seats for h in current.hands_of(s)]


def current_hand(t: Step) -> Hand | None:
    for hand in order(t):
        if not hand.done:
            return hand
    return None


def start(t: Step) -> None:
    """Play begins (PLAY-1); when no seat has anything to do, the dealer's turn comes."""
    t.state.phase = Phase.PLAYERS
    next_turn(t)


def next_turn(t: Step) -> None:
    from dealer_assist.tables.casino import dealer

    if current_hand(t) is None:
        dealer.players_done(t)


def resolve(t: Step, ref: n.HandRef) -> Hand:
    """The hand a command names: it must be the hand whose turn it is (PLAY-1)."""
    current = current_hand(t)
    assert current is not None
    if current.box == ref.box and ref.letter in (None, current.letter):
        return current
    named = [h for h in t.round.hands if h.box == ref.box and (ref.letter is None or h.letter == ref.letter)]
    if not named:
        t.refuse("PLAY-1", "casino.no_hand", hand=str(ref))
    if named[0].done:
        t.refuse("PLAY-1", "casino.hand_finished", hand=named[0].label)
    t.refuse("PLAY-1", "casino.not_turn", hand=named[0].label, current=current.label)


def _give(t: Step, hand: Hand, card: Card) -> None:
    hand.cards.append(shoe.take(t, card, "PLAY-2"))


def _after_card(t: Step, hand: Hand) -> None:
    """PLAY-2: over 21 the hand busts at once; at 21 it stands at once."""
    value = hand.total()
    if value.bust:
        hand.done, hand.outcome = True, "bust"
        t.rule("PLAY-2", "casino.bust", hand=hand.label, total=value.value)
    elif value.value == 21:
        hand.done, hand.outcome = True, "stand"
        t.rule("PLAY-2", "casino.twenty_one", hand=hand.label)


def _chips(t: Step, hand: Hand, clause: str, action: str) -> None:
    """PLAY-9: no debt — a double or a split needs 10 chips not on the table."""
    chips = t.state.seats[hand.box].chips
    if chips < BET:
        t.refuse("PLAY-9", "casino.no_chips", hand=hand.label, action=action, cost=BET, chips=chips)
    t.state.seats[hand.box].chips -= BET


def act(t: Step, cmd: n.HandCommand) -> None:
    hand = resolve(t, cmd.hand)
    waiting = hand.split and len(hand.cards) == 1
    if isinstance(cmd, n.SplitCard):
        if not waiting:
            t.refuse("PLAY-6", "casino.no_split_card", hand=hand.label)
        _give(t, hand, cmd.card)
        t.rule("PLAY-6", "casino.split_card", hand=hand.label, card=str(hand.cards[-1]), total=hand.total())
        if hand.split_aces:  # PLAY-7: one card each, and finished
            hand.done, hand.outcome = True, "stand"
            t.rule("PLAY-7", "casino.split_aces", hand=hand.label, total=hand.total())
        else:
            _after_card(t, hand)
        next_turn(t)
        return
    if waiting:
        t.refuse("PLAY-6", "casino.split_card_first", hand=hand.label)
    match cmd:
        case n.Hit(card=card):
            hand.acted = True
            _give(t, hand, card)
            t.rule("PLAY-2", "casino.hit", hand=hand.label, card=str(hand.cards[-1]), total=hand.total())
            _after_card(t, hand)
        case n.Stand():
            hand.acted = True
            hand.done, hand.outcome = True, "stand"
            t.rule("PLAY-3", "casino.stand", hand=hand.label, total=hand.total())
        case n.Double(card=card):
            if len(hand.cards) != 2 or hand.acted or hand.split_aces:
                t.refuse("PLAY-4", "casino.double_when", hand=hand.label)
            _chips(t, hand, "PLAY-4", "dd")
            mechanics.double(hand)
            _give(t, hand, card)
            t.rule("PLAY-4", "casino.double", hand=hand.label, card=str(hand.cards[-1]), stake=hand.bet,
                   total=hand.total())  # fmt: skip
            _after_card(t, hand)
            if not hand.done:
                hand.done, hand.outcome = True, "stand"
        case n.Split():
            if len(hand.cards) != 2 or hand.acted or not hand.pair():
                t.refuse("PLAY-5", "casino.split_when", hand=hand.label)
            if hand.split_aces:
                t.refuse("PLAY-7", "casino.split_aces_again", hand=hand.label)
            if len(t.round.hands_of(hand.box)) >= MAX_HANDS:
                t.refuse("PLAY-5", "casino.split_limit", hand=hand.label, most=MAX_HANDS)
            _chips(t, hand, "PLAY-5", "sp")
            was = hand.label
            new = mechanics.split(t.round.hands, hand)
            t.rule("PLAY-5", "casino.split", was=was, hand=hand.label, new=new.label, cost=BET)
        case n.LateSurrender():
            if hand.split or len(hand.cards) != 2 or hand.acted:
                t.refuse("PLAY-8", "casino.surrender_when", hand=hand.label)
            hand.acted = True
            hand.done, hand.outcome = True, "surrender"
            t.rule("PLAY-8", "casino.surrender", hand=hand.label)
        case n.Foresight():
            t.refuse("PLAY-1", "casino.not_here", command="foresight")
        case _:  # pragma: no cover
            raise AssertionError(cmd)
    next_turn(t)
