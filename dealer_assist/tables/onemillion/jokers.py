"""JK — jokers, numbered per viewpoint (JK-1…9, GUILD-7, DSK-6, CARD-6)."""

from __future__ import annotations

from dealer_assist.cards import Card
from dealer_assist.tables.onemillion.state import PHASE, Hand, JokerSighting, State
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.messages import Term

JOKERS_IN_SHOE = 7  # CARD-6


def check_new_joker(t: Step) -> None:
    """CARD-6: the shoe holds exactly seven jokers."""
    state = t.state
    game = state.game
    unseen_hole = (
        game is not None and game.hole is not None and game.hole.is_joker and not game.hole_seen
    )
    if len(state.jokers) + unseen_hole >= JOKERS_IN_SHOE:
        t.refuse("CARD-6", "card.eighth_joker")


def late_from(state: State) -> int:
    """JK-3 / DSK-6: the first joker number that is *late*."""
    level = state.skill(6)
    return {0: 5, 1: 3}.get(level, 1)


def level_of(state: State, number: int) -> int:
    """GUILD-7: the effect level of joker ``number`` (early or late)."""
    late = number >= late_from(state)
    return state.config.jk_late if late else state.config.jk_early


def phase_name(state: State, number: int) -> Term:
    """JK-3: the joker's phase, as a catalog term (early / late)."""
    return Term("joker.phase.late" if number >= late_from(state) else "joker.phase.early")


def sight(t: Step, sighting: int | None, *, where: str, public: bool, hole: bool = False) -> int:
    """A joker is seen: number it in each view that sees it for the first time (JK-1, JK-2).

    ``sighting`` is the index of a joker already on record (the same physical card seen
    again), or None for a joker not seen before. Returns the sighting's index.
    """
    state = t.state
    if sighting is None:
        if not hole:  # a hole-card joker was counted for CARD-6 when it was dealt
            check_new_joker(t)
        state.jokers.append(JokerSighting(where=where))
        sighting = len(state.jokers) - 1
    record = t.own_joker(sighting)
    record.where = where
    if record.dealer is None:
        state.jokers_dealer += 1
        record.dealer = state.jokers_dealer
    if public and record.players is None:
        state.jokers_players += 1
        record.players = state.jokers_players
    return sighting


def mark(cards: list[Card], level: int) -> None:
    """Record the ruled level on the first joker of ``cards`` not ruled yet (JK-4: only a
    Lv.0 joker counts as an ace in a total)."""
    for i, card in enumerate(cards):
        if card.is_joker and card.level is None:
            cards[i] = card.ruled(level)
            return


def rule_for_players(t: Step, sighting: int) -> int:
    """JK-5: a player's joker takes its effect by the players' count. Returns the level."""
    record = t.own_joker(sighting)
    assert record.players is not None
    level = level_of(t.state, record.players)
    record.level = level
    t.rule(
        "JK-5", "joker.players", hand=record.where, number=record.players,
        phase=phase_name(t.state, record.players), level=level,
    )  # fmt: skip
    return level


def rule_for_dealer(t: Step, sighting: int) -> int:
    """JK-5 / JK-8: the dealer's joker by the dealer's count; a ruling made once stands."""
    record = t.own_joker(sighting)
    if record.level is not None:
        t.rule("JK-8", "joker.stands", level=record.level)
        mark(t.game.dealer, record.level)
        return record.level
    assert record.dealer is not None
    level = level_of(t.state, record.dealer)
    record.level = level
    t.rule(
        "JK-5", "joker.dealer", number=record.dealer,
        phase=phase_name(t.state, record.dealer), level=level,
    )  # fmt: skip
    mark(t.game.dealer, level)
    return level


def on_box_card(t: Step, hand: Hand, sighting: int, *, deferred: bool = False) -> None:
    """A joker dealt to a box (a player's hand or a burned box), JK-4 and JK-9.

    During a back-bet deal (GUILD-4) the effect waits until the bets are placed.
    """
    game = t.game
    if game.backbet and t.state.phase is PHASE.DEAL and not deferred:
        game.deferred.append((hand.label, sighting))
        return
    level = rule_for_players(t, sighting)
    mark(hand.cards, level)
    if hand.nobet:
        if level == 3:
            game.burned_lv3.append(hand.label)  # takes effect at the end of the deal (JK-9)
        return
    if level == 0:
        t.rule("JK-4", "joker.ace", hand=hand.label)
    elif level in (1, 2):
        hand.outcome = "joker"
        hand.done = True
        t.rule("JK-9", "joker.hand_loses", hand=hand.label)
    else:
        box = t.own_boxes()[hand.box]
        for other in game.hands_of(hand.box):
            if other.outcome not in ("bust", "surrender"):
                other.outcome = "joker"
                other.done = True
        box.bankrupt = True
        box.left = True
        if hand.box not in game.forfeits:
            game.forfeits.append(hand.box)
        t.rule("JK-9", "joker.box_bankrupt", box=hand.box)
