"""The expected return of the next round from the cards left, exactly (issue 23: the house edge
of the shoe): every first deal — the player's two cards and the dealer's up card — weighed by
its chance from the composition, each hand played by a strategy (``decide``: the first decision
among the actions offered, then hit or stand by the same strategy; ``basic`` is
``core.strategy``'s chart) or as well as can be for the composition (``decide=None``), with the peek under an ace or a ten (a dealer blackjack takes the bet at once;
the player's blackjack pushes against it and is otherwise paid 3:2), doubling on any two cards
and after a split, late surrender.

Splits use the usual approximation (``core.hand_values``): each of the two hands is played from
the composition less the pair and is not split again — so it differs from a game that allows
resplitting by a few thousandths of a percent. The figure is per unit of the initial bet; the
house edge is its negative.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable
from itertools import combinations_with_replacement

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.cards import total as card_total
from dealer_assist.core import hand_values, outcomes, strategy
from dealer_assist.core.dealer_hands import ACE, RANKS, TEN

Decide = Callable[[list[Card], Card, tuple[str, ...]], str]  # cards, up card, offered -> action


@dataclass(frozen=True)
class Rules:
    """The rules a round is played by (the casino table's by default: seed 004)."""

    h17: bool = False  # the dealer hits soft 17
    das: bool = True  # double after a split
    surrender: bool = True  # late surrender on the first two cards
    hands_most: int = 4  # a pair split again up to this many hands
    rsa: bool = False  # split aces split again
    peek: bool = True  # the dealer checks for blackjack under an ace or a ten (else: no hole card,
    #                    and a dealer blackjack takes every stake, doubles and splits too)
    blackjack_pays: float = 1.5


CASINO = Rules()
_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")



def basic(cards: list[Card], up: Card, offered: tuple[str, ...]) -> str:
    """Basic strategy's action (``core.strategy``)."""
    return strategy.basic_decision(cards, up, offered).action


@lru_cache(maxsize=64)
def policy(decide: Decide, up: int) -> hand_values.Policy:
    """``decide`` against the up card ``up`` (a rank index) as a ``hand_values.Policy``: what it
    does with a hand past its first decision, and with a split hand's two cards."""
    up_card = Card(_RANK_NAMES[up])
    hits = np.zeros((22, 2), dtype=bool)
    two = np.zeros((22, 2), dtype=np.int64)
    two_no_double = np.zeros((22, 2), dtype=np.int64)
    code = {"st": hand_values.STAND, "ht": hand_values.HIT, "dd": hand_values.DOUBLE}
    for total in range(4, 22):
        for soft in (False, True):
            if soft and total < 12:
                continue
            three = _cards(total, soft, 3)
            hits[total, int(soft)] = decide(three, up_card, ("ht", "st")) == "ht"
            pair = _cards(total, soft, 2)
            two[total, int(soft)] = code[decide(pair, up_card, ("ht", "st", "dd"))]
            two_no_double[total, int(soft)] = code[decide(pair, up_card, ("ht", "st"))]
    return hand_values.Policy(hits, two, two_no_double)


@lru_cache(maxsize=None)
def _hand(total: int, soft: bool, count: int) -> tuple[Card, ...] | None:
    """Some hand of ``count`` cards with that total (not a pair, where one exists), for reading
    the chart — which reads only the total, its softness and the pair."""
    found = None
    for combo in combinations_with_replacement(_RANK_NAMES, count):
        cards = tuple(Card(rank) for rank in combo)
        value = card_total(list(cards))
        if value.value == total and value.soft == soft:
            if count != 2 or combo[0] != combo[1]:
                return cards
            found = found or cards
    return found


def _cards(total: int, soft: bool, count: int) -> list[Card]:
    return list(_hand(total, soft, count) or _hand(total, soft, 2) or _hand(total, soft, 4))


def hand_actions(counts: tuple[int, ...], first: int, second: int, up: int, *, rules: Rules, peeked: bool,
                 decide: Decide | None = basic, infinite: bool = False) -> dict[str, float]:  # fmt: skip
    """Each first action's expected return for the hand ``first``+``second`` (both, and the up
    card, already out of ``counts``): ``st``, ``ht``, ``dd``, ``sp`` for a pair, ``sr``; played
    on by ``decide`` (None: as well as can be)."""
    chart = policy(decide, up) if decide is not None else None
    hard = first + second + 2
    ace = ACE in (first, second)
    one = hand_values.values(counts, hard, ace, up, None, rules.h17, peeked, policy=chart, infinite=infinite)
    out = {"st": one.stand, "ht": one.hit, "dd": one.double}
    if rules.surrender:
        out["sr"] = -0.5
    if first == second and rules.hands_most >= 2:
        split = hand_values.values(counts, first + 1, first == ACE, up, None, rules.h17, peeked, policy=chart,
                                   aces_one_card=first == ACE, double_after=rules.das, infinite=infinite)  # fmt: skip
        most = rules.hands_most if first != ACE or rules.rsa else 2
        out["sp"] = outcomes.resplit_value(split, hands_most=most)
    return out


def _pick(actions: dict[str, float], first: int, second: int, up: int, decide: Decide | None) -> float:
    if decide is None:
        return max(actions.values())
    cards = [Card(_RANK_NAMES[first]), Card(_RANK_NAMES[second])]
    return actions[decide(cards, Card(_RANK_NAMES[up]), tuple(actions))]


@lru_cache(maxsize=32)
def round_value(counts: tuple[int, ...], *, rules: Rules = CASINO, decide: Decide | None = basic,
                infinite: bool = False) -> float:  # fmt: skip
    """The expected return of one round per unit of the bet, the deal drawn from ``counts``,
    the hands played by ``decide`` (None: as well as can be for the composition). ``infinite``:
    an infinite shoe in the proportions of ``counts``."""
    n = list(counts)
    total = sum(n)
    if total < 20:
        raise ValueError("too few cards left to deal a round")
    value = 0.0
    for first in range(RANKS):
        for second in range(first, RANKS):
            for up in range(RANKS):
                if infinite:
                    chance = n[first] * n[second] * n[up] / total**3
                else:
                    chance = n[first] / total
                    chance *= (n[second] - (second == first)) / (total - 1)
                    chance *= (n[up] - (up == first) - (up == second)) / (total - 2)
                if chance <= 0:
                    continue
                if first != second:
                    chance *= 2
                rest = list(n)
                if not infinite:
                    for index in (first, second, up):
                        rest[index] -= 1
                value += chance * _deal(tuple(rest), first, second, up, rules, decide, infinite)
    return value


def _deal(rest: tuple[int, ...], first: int, second: int, up: int, rules: Rules, decide: Decide | None,
          infinite: bool = False) -> float:  # fmt: skip
    bj_card = TEN if up == ACE else ACE if up == TEN else None
    dealer_bj = rest[bj_card] / sum(rest) if bj_card is not None else 0.0
    if {first, second} == {ACE, TEN}:
        return (1.0 - dealer_bj) * rules.blackjack_pays
    if not rules.peek:  # no hole card: every action's value counts the dealer's blackjack itself
        actions = hand_actions(rest, first, second, up, rules=rules, peeked=False, decide=decide, infinite=infinite)
        return _pick(actions, first, second, up, decide)
    actions = hand_actions(rest, first, second, up, rules=rules, peeked=bj_card is not None, decide=decide,
                           infinite=infinite)  # fmt: skip
    return -dealer_bj + (1.0 - dealer_bj) * _pick(actions, first, second, up, decide)
