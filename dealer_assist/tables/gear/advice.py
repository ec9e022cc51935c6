"""`hint` at the Blackjack Gear table (GEAR-4, GW-5), for the player on turn: the chance that a hit busts and the
chance that the next card is the joker, exactly, from the cards that player has seen — their own
two, the opponent's face-up ones, every card drawn before in this deck. The opponent's
face-down card is unknown to them, and is counted as one of the unseen cards (it is as likely
to be any of them as the next card is), so the figure is the same whatever it is."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from dealer_assist.cards import RANKS, Card
from dealer_assist.core.advice import Advice
from dealer_assist.tables.gear import cards as trumps
from dealer_assist.tables.gear import effects
from dealer_assist.tables.gear.state import GearState, Phase, other


def odds(state: GearState, seat: int) -> tuple[Fraction, Fraction]:
    """(P(a hit busts), P(the next card is the joker)) for ``seat``, from what ``seat`` has seen."""
    s = state
    left = trumps.remaining(s.trumps_out)
    if left == 0:
        return Fraction(1), Fraction(1)  # only the joker is left: it loses at once (GW-5)
    seen = list(s.trumps_out)
    theirs = s.player(other(seat)).cards
    if theirs and theirs[0].closed:  # the opponent's face-down card: not seen by this player
        seen.remove(theirs[0])
    unseen = Counter({rank: trumps.PER_RANK for rank in RANKS})
    for card in seen:
        if card.rank in unseen:
            unseen[card.rank] -= 1
    count = sum(unseen.values())  # the deck and the opponent's face-down card
    goal = effects.goal(s)
    mine = s.player(seat).cards
    busts = 0
    for rank, n in unseen.items():
        if n <= 0:
            continue
        if trumps.total((*mine, Card(rank)), goal) > goal:
            busts += n
    return Fraction(busts, count), Fraction(0)


def advise(state: GearState, strategy: str = "cpu", seat: int | None = None) -> Advice | None:
    s = state
    if s.phase != Phase.TURN or s.turn is None:
        return None
    seat = s.turn if seat is None else seat
    total = trumps.total(s.player(seat).cards, effects.goal(s))
    if total is None:  # the player's own face-down card typed [?]: the referee does not know it either
        return None
    bust, joker = odds(s, seat)
    word = "stand" if bust > Fraction(1, 2) else "hit"
    return Advice(f"{word} {seat}", "GEAR-4", "gear.hint", action=word, hand=str(seat),
                  params={"name": s.player(seat).name, "total": total, "goal": effects.goal(s),
                          "bust": f"{float(bust) * 100:.1f}", "bust_exact": f"{bust.numerator}/{bust.denominator}",
                          "joker": f"{float(joker) * 100:.0f}", "left": trumps.remaining(s.trumps_out)})  # fmt: skip
