"""The casino's house edge, exactly (issue 23): the expected loss per initial hand of a strategy
— basic strategy (``core.strategy``) or the seed's CPU (``cpu.cpu_decision``, CPU-1…10, without
the round-5 catch-up double) — worked out over every first deal by ``core.round_value``, for a
full shoe (SHOE-1: what a continuous shuffle deals every round) or for the cards left in the
shoe now (the next round's edge, the figure a counter watches). The table's rules: S17
(DEALER-2), the peek (PEEK), doubling on any two cards and after a split (PLAY-4), splits to
four hands, split aces one card each (PLAY-5, PLAY-7), late surrender (PLAY-8), blackjack 3:2
(PAY-2), no insurance (basic strategy never takes it; CPU-2)."""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import Card
from dealer_assist.core import outcomes
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.casino.options import OPTIONS
from dealer_assist.tables.casino.state import DECKS, MAX_HANDS


def _cpu(cards: list[Card], up: Card, offered: tuple[str, ...]) -> str:
    from dealer_assist.tables.casino.cpu import cpu_decision

    return cpu_decision(cards, up, offered)[0]


STRATEGIES = ("basic", "cpu", "optimal")


def decide_for(strategy: str):
    """``core.round_value``'s ``decide`` for a strategy's name (``optimal``: None, each hand
    played as well as can be for the composition)."""
    from dealer_assist.tables.casino.chart import decide

    return {"basic": decide, "cpu": _cpu, "optimal": None}[strategy]


def exact_edge(strategy: str = "basic", counts: tuple[int, ...] | None = None) -> float:
    """The house edge (the player's expected loss per initial hand, a fraction of the bet) of
    ``strategy`` for a round dealt from ``counts`` (a full shoe when None)."""
    from dealer_assist.core import round_value

    full = outcomes.counts_of(DECKS)
    rules = round_value.Rules(h17=OPTIONS.dealer_hits_soft_17, hands_most=MAX_HANDS)
    value = round_value.round_value(counts or full, rules=rules, decide=decide_for(strategy))
    return -value


METHOD = ("exact: every first deal weighed by its chance from the composition, each hand's value "
          "computed over every card it can draw; splits approximated (each hand as if the others "
          "drew nothing, split again to four hands)")  # fmt: skip


def shoe_odds(state, viewpoint: Viewpoint) -> dict[str, Any] | None:
    """``{"edge": {"next_round", "full_shoe", "strategy"}}``: basic strategy's house edge for a
    round dealt from the cards left as the viewpoint knows them, beside the full shoe's."""
    from dealer_assist.tables.casino.odds import composition

    counts = composition(state, viewpoint)
    if sum(counts) < 20:
        return None
    return {"edge": {"strategy": "basic", "next_round": exact_edge("basic", counts),
                     "full_shoe": exact_edge("basic")}}  # fmt: skip
