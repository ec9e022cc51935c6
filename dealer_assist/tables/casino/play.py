"""PLAY — the players' actions: hit, stand, 21, double, split, split aces, surrender, no debt
(PLAY-1…9): the hand actions every table shares (``core.play``, ``core.hand``) configured with
the casino's clauses and its own rules at their named points."""

from __future__ import annotations

from dealer_assist.tables.casino import notation as n
from dealer_assist.tables.casino import dealer, shoe
from dealer_assist.tables.casino.state import BET, MAX_HANDS, Phase
from dealer_assist.tables.casino.step import Step
from dealer_assist.cards import Card
from dealer_assist.core import hand as mechanics
from dealer_assist.core import play as core_play
from dealer_assist.core.hand import Hand
from dealer_assist.core.play import Clauses, HandRules


def current_hand(t: Step) -> Hand | None:
    """The hand whose turn it is: the first not done in play order — seat by seat from the first
    to act, a seat's hands left to right (PLAY-1, PLAY-6). Found without building the order's
    list, in one pass over the hands: this runs for every command of the players' turn. A
    seat's place in the order is its distance from the first to act, round the table."""
    state = t.state
    current = state.round
    first, seats = current.first, len(state.seats)
    found, place = None, seats
    for hand in current.hands:
        if not hand.done:
            at = (hand.box - first) % seats
            if at < place:
                if not at:
                    return hand
                found, place = hand, at
    return found


def start(t: Step) -> None:
    """Play begins (PLAY-1); when no seat has anything to do, the dealer's turn comes."""
    t.state.phase = Phase.PLAYERS
    next_turn(t)


def next_turn(t: Step) -> None:
    """The next hand's turn; after the last one the dealer's (DEALER-1)."""
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


def _stand(t: Step, hand: Hand) -> None:
    hand.done, hand.outcome = True, "stand"


def _split_aces(t: Step, hand: Hand) -> None:
    """PLAY-7: split aces get one card each, and are finished."""
    t.rule("PLAY-7", "casino.split_aces", hand=hand.label, total=hand.total())


def _chips(t: Step, hand: Hand, clause: str, action: str) -> None:
    """PLAY-9: no debt — a double or a split needs 10 chips not on the table."""
    chips = t.state.seats[hand.box].chips
    if chips < BET:
        t.refuse("PLAY-9", "casino.no_chips", hand=hand.label, action=action, cost=BET, chips=chips)
    t.state.seats[hand.box].chips -= BET


def _may_double(t: Step, hand: Hand) -> None:
    """PLAY-4: on the first two cards of any hand (after a split too), not on split aces."""
    if len(hand.cards) != 2 or hand.acted or hand.split_aces:
        t.refuse("PLAY-4", "casino.double_when", hand=hand.label)
    _chips(t, hand, "PLAY-4", "dd")


def _split(t: Step, hand: Hand) -> None:
    """PLAY-5: a pair, up to MAX_HANDS hands; aces once (PLAY-7)."""
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


def _surrender(t: Step, hand: Hand) -> None:
    """PLAY-8: late surrender, on the first two cards of an unsplit hand before any action."""
    if hand.split or len(hand.cards) != 2 or hand.acted:
        t.refuse("PLAY-8", "casino.surrender_when", hand=hand.label)
    hand.acted = True
    hand.done, hand.outcome = True, "surrender"
    t.rule("PLAY-8", "casino.surrender", hand=hand.label)


def _own(t: Step, hand: Hand, cmd: n.HandCommand) -> None:
    """The casino has no hand command of its own: another table's (One Million's future sight)
    is refused, by its word."""
    t.refuse("PLAY-1", "casino.not_here", command=cmd.keyword)


RULES = HandRules(
    clauses=Clauses(split_card="PLAY-6", after_card="PLAY-2", hit="PLAY-2", stand="PLAY-3", double="PLAY-4"),
    keys="casino", stake_word="stake", resolve=resolve, give=_give, stand=_stand, split_aces=_split_aces,
    next_turn=next_turn, may_double=_may_double, split=_split, surrender=_surrender, own=_own,
)  # fmt: skip


def act(t: Step, cmd: n.HandCommand) -> None:
    """A hand command (PLAY-2…8), by the hand actions every table shares (``core.play``)."""
    core_play.act(t, cmd, RULES)
