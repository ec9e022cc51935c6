"""Issue 23 (first part): the casino's odds after every card, exact, in two viewpoints.

The dealer's outcomes (``core.outcomes``) for the up card from the cards left: the shoe's six
decks less every face out of it since it was filled (SHOE-1), with the peek (PEEK-1) when it was
made. The dealer's view knows the hole card; the players' view counts it as one more unseen
card (it is not taken out of the composition, and its face never enters the figures). The
hand on turn's expected return per unit staked: standing (against those outcomes), doubling
(one card, then standing; each card's outcomes from the composition less that card), hitting
(playing on as well as can be, exact for the composition: ``core.outcomes.hit``), splitting
(``core.outcomes.split``: two hands from the composition less the pair, doubling allowed after
it, split again up to the seat's four hands, split aces one card each and not split again —
PLAY-4 to PLAY-7) and surrendering (−0.5, while
the hand may). While insurance is offered (INS-1), ``"ins"``: insurance's expected return per
chip of the insurance stake, from the chance that the hole card is a ten-value card.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.cards import Card
from dealer_assist.core import outcomes
from dealer_assist.core.table import Viewpoint
from dealer_assist.tables.casino.state import DECKS, MAX_HANDS, CasinoState, Phase


def composition(state: CasinoState, viewpoint: Viewpoint) -> tuple[int, ...]:
    """The cards left as the viewpoint knows them."""
    out = {rank: n for rank, n in state.faces_out.items() if len(rank) <= 2 and rank[:1] in "A23456789TJQK"
           and not (len(rank) == 2 and rank[1] in "shdc")}  # fmt: skip
    current = state.round
    hole = current.hole if current is not None else None
    if viewpoint is Viewpoint.PLAYERS and hole is not None and not hole.is_unknown:
        out[hole.rank] = out.get(hole.rank, 0) - 1  # the players have not seen it
    return outcomes.counts_of(DECKS, out)


def _index(card: Card) -> int:
    return outcomes.index_of(card.rank)


def live(state: CasinoState, viewpoint: Viewpoint) -> dict[str, Any] | None:
    """``{"view", "dealer": {...}, "actions": {...}}`` for the round in play, or None."""
    current = state.round
    if current is None or not current.dealer or current.settled:
        return None
    counts = composition(state, viewpoint)
    up = _index(current.dealer[0])
    hole = current.hole
    known = hole if (hole is not None and viewpoint is Viewpoint.DEALER and not hole.is_unknown) else None
    drawn: tuple[int, ...] = ()
    if current.hole_shown and len(current.dealer) >= 2:
        known = current.dealer[1]
        drawn = tuple(_index(card) for card in current.dealer[2:])  # the dealer's draws (DEALER-2)
    h17 = state_rules_h17()
    dealer = outcomes.dealer(counts, up, hole=_index(known) if known is not None else None, hits_soft_17=h17,
                             peeked=current.peeked and known is None, drawn=drawn)  # fmt: skip
    out: dict[str, Any] = {"view": viewpoint.value, "dealer": dealer}
    if state.phase is Phase.INSURANCE:
        out["actions"] = {"ins": outcomes.insurance(counts, _index(known) if known is not None else None)}
        return out
    actions = _actions(state, counts, up, known, h17, current.peeked and known is None, dealer)
    if actions:
        out["actions"] = actions
    return out


def state_rules_h17() -> bool:
    from dealer_assist.tables.casino.options import OPTIONS

    return OPTIONS.dealer_hits_soft_17


def _actions(state: CasinoState, counts, up: int, known: Card | None, h17: bool, peeked: bool,
             dealer: dict[str, float]) -> dict[str, float]:  # fmt: skip
    if state.phase is not Phase.PLAYERS:
        return {}
    from dealer_assist.tables.casino import play
    from dealer_assist.tables.casino.apply import legal_actions
    from dealer_assist.tables.casino.step import Step

    hand = play.current_hand(Step(state))
    if hand is None or (hand.split and len(hand.cards) == 1):
        return {}
    legal = legal_actions(state, hand.label)
    total = hand.total()
    out: dict[str, float] = {}
    if "st" in legal:
        out["st"] = outcomes.stand(total.value, dealer) if total.value <= 21 else -1.0
    if "ht" in legal:
        has_ace = any(c.rank == "A" for c in hand.cards)
        out["ht"] = outcomes.hit(counts, total.hard_value, has_ace, up, _index(known) if known is not None else None,
                                 h17, peeked)  # fmt: skip
    if "sr" in legal:
        out["sr"] = -0.5
    if "sp" in legal:
        others = len(state.round.hands_of(hand.box)) - 1  # the seat's hands besides this one (PLAY-5)
        out["sp"] = outcomes.split(counts, _index(hand.cards[0]), up, _index(known) if known is not None else None,
                                   h17, peeked, hands_most=MAX_HANDS - others)  # fmt: skip
    if "dd" in legal:
        has_ace = any(c.rank == "A" for c in hand.cards)
        out["dd"] = outcomes.double(counts, total.hard_value, has_ace, up, _index(known) if known is not None else None,
                                    h17, peeked)  # fmt: skip
    return out
