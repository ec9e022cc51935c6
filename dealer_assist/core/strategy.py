"""Basic strategy: the published total-dependent chart for 4–8 decks, dealer stands on soft 17,
double on any two cards, double after split, late surrender (Wizard of Odds, "4-Deck to 8-Deck
Blackjack Strategy", S17 / DAS / late surrender; the same chart as Griffin's and Schlesinger's
multi-deck S17 basic strategy). Blackjack knowledge, not one table's rule: the casino's CPU
advice and simulator (``tables.casino.cpu``) and One Million's quest simulator play it.

Read in this order: surrender, split, double, then hit or stand; where the chart says "double"
and doubling is not offered the hand hits, except soft 18 ("double, else stand"); a pair that
cannot be split plays by its total. It never takes insurance. Actions are named as the dealer
types them: ``ht``, ``st``, ``dd``, ``sp``, ``sr``.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from dealer_assist.cards import Card, total

UP_VALUES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10,
             "K": 10, "A": 11, "JK": 11}  # fmt: skip


def up_value(card: Card) -> int:
    """The up card as the charts read it: 2–9, 10 for every ten-value card, 11 for the ace
    (the ace comes last). A joker counts as an ace (One Million's Lv.0 joker)."""
    return UP_VALUES.get(card.rank, 11)


def pair_value(cards: list[Card]) -> int:
    """The value of a two-card pair (any two ten-value cards are a pair of 10s; aces 11), else 0."""
    if len(cards) != 2:
        return 0
    a, b = up_value(cards[0]), up_value(cards[1])
    return a if a == b else 0


# One letter per dealer up card 2, 3, 4, 5, 6, 7, 8, 9, T, A.
# H hit, S stand, D double (else hit), d double (else stand), R surrender (else hit), P split.
_HARD = {
    **{t: "HHHHHHHHHH" for t in range(4, 9)},
    9: "HDDDDHHHHH",
    10: "DDDDDDDDHH",
    11: "DDDDDDDDDH",
    12: "HHSSSHHHHH",
    13: "SSSSSHHHHH",
    14: "SSSSSHHHHH",
    15: "SSSSSHHHRH",
    16: "SSSSSHHRRR",
    **{t: "SSSSSSSSSS" for t in range(17, 22)},
}
_SOFT = {
    12: "HHHHHHHHHH",  # A-A that cannot be split
    13: "HHHDDHHHHH",
    14: "HHHDDHHHHH",
    15: "HHDDDHHHHH",
    16: "HHDDDHHHHH",
    17: "HDDDDHHHHH",
    18: "SddddSSHHH",
    19: "SSSSSSSSSS",
    20: "SSSSSSSSSS",
    21: "SSSSSSSSSS",
}
_PAIRS = {  # P split, else the hand plays by its total (5-5 is a 10, T-T a 20)
    2: "PPPPPPHHHH",
    3: "PPPPPPHHHH",
    4: "HHHPPHHHHH",
    5: "----------",
    6: "PPPPPHHHHH",
    7: "PPPPPPHHHH",
    8: "PPPPPPPPPP",
    9: "PPPPPSPPSS",
    10: "----------",
    11: "PPPPPPPPPP",
}


def chart(cards: list[Card], up: Card) -> str:
    """The chart's letter for this hand against ``up`` before the offered actions are known
    (P for a pair that is to be split, else the total's letter)."""
    up_i = up_value(up) - 2
    pair = pair_value(cards)
    if pair and _PAIRS[pair][up_i] == "P":
        return "P"
    value = total(cards)
    table = _SOFT if value.soft else _HARD
    return table[min(max(value.value, 4), 21)][up_i]


class BasicDecision(NamedTuple):
    """Basic strategy's answer: the ``action``, the chart's ``letter`` it was read from, and the
    ``reason`` (the key of its sentence, ``basic.reason.*``)."""

    action: str
    letter: str
    reason: str


def basic_decision(cards: list[Card], up: Card, offered: Iterable[str]) -> BasicDecision:
    """Basic strategy among the actions ``offered``."""
    offered = frozenset(offered)
    up_i = up_value(up) - 2
    value = total(cards)
    pair = pair_value(cards)
    if pair and "sp" in offered and _PAIRS[pair][up_i] == "P":
        return BasicDecision("sp", "P", "basic.reason.split")
    letter = read = (_SOFT if value.soft else _HARD)[min(max(value.value, 4), 21)][up_i]
    if letter == "R":
        if "sr" in offered:
            return BasicDecision("sr", read, "basic.reason.surrender")
        letter = "H"
    elif letter in "Dd":
        if "dd" in offered:
            return BasicDecision("dd", read, "basic.reason.double")
        letter = "H" if letter == "D" else "S"
    if letter == "H":
        return BasicDecision("ht", read, "basic.reason.hit")
    return BasicDecision("st", read, "basic.reason.stand")
