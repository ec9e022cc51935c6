"""The players' hand actions every blackjack table shares, written once: the card of a split
hand, hit, stand and double, the bust or the 21 after a card, and the turn passing on. A
table gives its clauses and the prefix of its ruling keys, and its own rules at named points
(``HandRules``): which hand it is, where a card comes from, what standing means, how a split
ace's stand is ruled, when a double is allowed and what it costs, and the split, the surrender
and a table's own hand commands (One Million's ``foresight``), which are each table's.

The casino table configures it (PLAY-1…9); One Million extends it (BASE-4, BASE-5 with the
jokers, the Under Bonus, TIME-1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from dealer_assist.cards import Card, Total
from dealer_assist.core import hand as mechanics
from dealer_assist.core.hand import Hand
from dealer_assist.core.step import Work
from dealer_assist.notation.commands import Double, HandCommand, HandRef, Hit, LateSurrender, Split, SplitCard, Stand


@dataclass(frozen=True, slots=True)
class Clauses:
    """The clause of each shared step in a table's rulebook."""

    split_card: str  # a split hand's second card, and the turn waiting for it
    after_card: str  # over 21 busts at once, 21 stands at once
    hit: str
    stand: str
    double: str


def _nothing(t: Work, hand: Hand) -> None:
    return None


@dataclass(frozen=True, slots=True)
class HandRules:
    """A table's hand actions: its clauses, its ruling keys (``{keys}.hit`` …), and its rules
    at the named points."""

    clauses: Clauses
    keys: str  # the prefix of the rulings' keys: ``casino``, ``hand``
    stake_word: str  # the name of the doubled stake in the double's ruling (``stake``, ``bet``)
    resolve: Callable[[Any, HandRef], Hand]  # the hand a command names, if it is its turn (else refuses)
    give: Callable[[Any, Hand, Card], None]  # a card from the shoe onto the hand
    stand: Callable[[Any, Hand], None]  # the hand stands (done, its outcome)
    split_aces: Callable[[Any, Hand], None]  # the ruling that a split ace's hand stands on its one card
    next_turn: Callable[[Any], None]  # the next hand's turn, or the dealer's
    may_double: Callable[[Any, Hand], None]  # refuses a double the table does not allow; takes its cost
    split: Callable[[Any, Hand], None]  # ``sp``: wholly the table's
    surrender: Callable[[Any, Hand], None]  # ``sr``: wholly the table's
    own: Callable[[Any, Hand, HandCommand], None]  # a hand command of the table's own (``foresight``)
    after_split_card: Callable[[Any, Hand], None] = _nothing  # One Million: TIME-1's stand on the card


def after_card(t: Work, hand: Hand, rules: HandRules) -> None:
    """Over 21 the hand busts at once; at 21 it stands at once (casino PLAY-2, One Million
    BASE-5). A hand already finished (a joker, a split ace) is left as it is."""
    if hand.done:
        return
    _after_card(t, hand, rules, hand.total())


def _after_card(t: Work, hand: Hand, rules: HandRules, value: Total) -> None:
    """``after_card`` of a hand not finished, its total ``value`` given (the caller has it)."""
    if value.bust:
        hand.done = True
        hand.outcome = "bust"
        if not t.quiet:
            t.rule(rules.clauses.after_card, f"{rules.keys}.bust", hand=hand.label, total=value.value)
    elif value.value == 21:
        if not t.quiet:
            t.rule(rules.clauses.after_card, f"{rules.keys}.twenty_one", hand=hand.label)
        rules.stand(t, hand)


def act(t: Work, cmd: HandCommand, rules: HandRules) -> None:
    """One hand command, for the hand whose turn it is; then the turn moves on."""
    clauses, keys = rules.clauses, rules.keys
    hand = rules.resolve(t, cmd.hand)
    waiting = hand.split and len(hand.cards) == 1  # a split hand waits for its second card
    if isinstance(cmd, SplitCard):
        if not waiting:
            t.refuse(clauses.split_card, f"{keys}.no_split_card", hand=hand.label)
        rules.give(t, hand, cmd.card)
        if not t.quiet:
            t.rule(clauses.split_card, f"{keys}.split_card", hand=hand.label, card=str(hand.cards[-1]),
                   total=hand.total())  # fmt: skip
        if hand.split_aces and not hand.done:
            rules.split_aces(t, hand)
            rules.stand(t, hand)
        after_card(t, hand, rules)
        rules.after_split_card(t, hand)
        rules.next_turn(t)
        return
    if waiting:
        t.refuse(clauses.split_card, f"{keys}.split_card_first", hand=hand.label)
    match cmd:
        case Hit(card=card):
            hand.acted = True
            rules.give(t, hand, card)
            value = hand.total()
            if not t.quiet:
                t.rule(clauses.hit, f"{keys}.hit", hand=hand.label, card=str(hand.cards[-1]), total=value)
            if not hand.done:  # ``after_card`` with the total counted once
                _after_card(t, hand, rules, value)
        case Stand():
            hand.acted = True
            if not t.quiet:
                t.rule(clauses.stand, f"{keys}.stand", hand=hand.label, total=hand.total())
            rules.stand(t, hand)
        case Double(card=card):
            rules.may_double(t, hand)
            mechanics.double(hand)
            rules.give(t, hand, card)
            value = hand.total()
            if not t.quiet:
                t.rule(clauses.double, f"{keys}.double", hand=hand.label, card=str(hand.cards[-1]),
                       **{rules.stake_word: hand.bet}, total=value)  # fmt: skip
            if not hand.done:  # ``after_card`` with the total counted once
                _after_card(t, hand, rules, value)
            if not hand.done:
                rules.stand(t, hand)
        case Split():
            rules.split(t, hand)
        case LateSurrender():
            rules.surrender(t, hand)
        case _:
            rules.own(t, hand, cmd)
    rules.next_turn(t)
