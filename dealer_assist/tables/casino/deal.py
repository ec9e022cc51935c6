"""HAND, INS and PEEK — the deal, blackjacks, insurance and the dealer's check
(HAND-4, HAND-5, INS-1…4, PEEK-1…3)."""

from __future__ import annotations

from dealer_assist.tables.casino import notation as n
from dealer_assist.cards import Card, is_blackjack
from dealer_assist.tables.casino import pay, play, shoe
from dealer_assist.tables.casino.state import DEALER, INSURANCE, Phase
from dealer_assist.tables.casino.step import Step
from dealer_assist.tables.casino.words import Seats


def deal(t: Step, cmd: n.Deal) -> None:
    """HAND-4: seat 1 to N that have a bet, the dealer's up card; again, then the hole card."""
    current = t.state.round
    recipients, take, hands = current.recipients, shoe.take, current.hands
    last = len(recipients) - 1
    for card in cmd.cards:
        dealt = current.dealt
        if dealt > last:
            t.refuse("HAND-4", "casino.deal_done")
        to = recipients[dealt]
        card = take(t, card, "HAND-4", hole=dealt == last)  # the hole card lies face down
        current.dealt = dealt + 1
        if to == DEALER:
            current.dealer.append(card)
        else:
            _first_hand(hands, int(to)).cards.append(card)
    if current.dealt == len(recipients):
        end_of_deal(t)


def _first_hand(hands: list, seat: int):
    """The seat's first hand (the deal comes before any split: its only one)."""
    for hand in hands:
        if hand.box == seat:
            return hand
    raise IndexError(seat)


def end_of_deal(t: Step) -> None:
    """Blackjacks (HAND-5), then insurance on an ace (INS-1), the peek (PEEK-1) or play."""
    current = t.state.round
    for hand in current.hands:
        if not hand.split and is_blackjack(hand.cards):  # ``Hand.blackjack``
            hand.done = True
            hand.outcome = "blackjack"
            t.rule("HAND-5", "casino.blackjack", hand=hand.label)
    up = current.dealer[0]
    if not t.quiet:
        t.rule("HAND-4", "casino.up_card", card=str(up))
    if up.rank == "A":
        offered = [s for s in current.betting if t.state.seats[s].chips >= INSURANCE]
        if offered:
            t.state.phase = Phase.INSURANCE
            t.rule("INS-1", "casino.insurance_offered", seats=Seats(tuple(offered)))
            return
    if up.rank == "A" or up.is_ten:
        t.state.phase = Phase.PEEK
        t.rule("PEEK-1", "casino.peek_needed", card=str(up))
        return
    play.start(t)


def insurance(t: Step, cmd: n.Insurance) -> None:
    """INS-2/3: `ins SEAT ...` — those seats take insurance, 5 chips each."""
    state, current = t.state, t.round
    if len(set(cmd.boxes)) != len(cmd.boxes):
        t.refuse("INS-3", "casino.named_twice", seat=cmd.boxes[0])
    for number in cmd.boxes:
        if number not in current.betting:
            t.refuse("INS-1", "casino.no_bet", seat=number)
        if number in current.insured:
            t.refuse("INS-3", "casino.insurance_decided", seat=number)
        if state.seats[number].chips < INSURANCE:
            t.refuse("INS-2", "casino.insurance_chips", seat=number, cost=INSURANCE, chips=state.seats[number].chips)
        state.seats[number].chips -= INSURANCE
        current.insured[number] = True
        t.rule("INS-2", "casino.insured", seat=number, cost=INSURANCE)


def close_insurance(t: Step) -> None:
    """`go`: every other seat declines (INS-3); the peek follows (PEEK-1)."""
    current = t.round
    for number in current.betting:
        current.insured.setdefault(number, False)
    taken = [s for s, took in current.insured.items() if took]
    if taken:
        t.rule("INS-3", "casino.insurance_closed", seats=Seats(tuple(taken)))
    else:
        t.rule("INS-3", "casino.insurance_closed_none")
    t.state.phase = Phase.PEEK


def peek(t: Step, cmd: n.Peek) -> None:
    """PEEK-1…3 and INS-4: the dealer checks the hole card for blackjack."""
    state, current = t.state, t.round
    hole = current.dealer[1]
    if cmd.card is not None:
        if cmd.card.is_unknown:
            if not hole.is_unknown:  # dealt with its face: the command needs none
                t.refuse("PEEK-1", "casino.hole_face_known", hole=str(hole), command="peek")
            t.refuse("PEEK-1", "casino.hole_face", command="peek", card=shoe.example_face(t.state))
        if not hole.is_unknown and not hole.matches(cmd.card):
            t.refuse("PEEK-1", "casino.hole_mismatch", card=str(cmd.card), hole=str(hole))
        current.dealer[1] = Card(cmd.card.rank, cmd.card.suit or hole.suit, True)
    elif hole.is_unknown:
        t.refuse("PEEK-1", "casino.hole_face", command="peek", card=shoe.example_face(t.state))
    if current.dealer[1].is_joker:
        t.refuse("SHOE-1", "casino.no_jokers")
    if hole.is_unknown:  # named now: it counts now (SHOE-1)
        shoe.face(t, current.dealer[1])
    current.peeked = True
    blackjack = is_blackjack(current.dealer)
    for number, took in current.insured.items():  # INS-4
        if not took:
            continue
        if blackjack:
            state.seats[number].chips += 3 * INSURANCE
            current.insurance[number] = 2 * INSURANCE
            t.rule("INS-4", "casino.insurance_won", seat=number, won=2 * INSURANCE)
        else:
            current.insurance[number] = -INSURANCE
            t.rule("INS-4", "casino.insurance_lost", seat=number, lost=INSURANCE)
    if blackjack:
        current.dealer_blackjack = True
        current.dealer[1] = Card(current.dealer[1].rank, current.dealer[1].suit, False)  # turned face up
        current.hole_shown = True
        t.rule("PEEK-2", "casino.dealer_blackjack", cards=" ".join(map(str, current.dealer)))
        pay.settle(t)
        return
    t.rule("PEEK-3", "casino.no_blackjack")
    play.start(t)
