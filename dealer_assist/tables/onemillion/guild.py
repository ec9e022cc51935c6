"""GUILD — the guild's skills (GUILD-1…6): redistribution, Under Bonus, future sight, MP."""

from __future__ import annotations

from fractions import Fraction

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.tables.onemillion import jokers
from dealer_assist.cards import Card
from dealer_assist.tables.onemillion.state import PHASE, Hand, KnownCard
from dealer_assist.tables.onemillion.step import Step

UNDER_CARDS = 6
FORESIGHT_MP = 1  # GUILD-3
BACKBET_MP = 3  # GUILD-4
FORESIGHT_SECONDS = 60  # TIME-1


def under_ratio(hand: Hand) -> Fraction:
    """GUILD-2: 6 cards 3×, 7 cards 6×, each further card doubles; ×1.5 on exactly 21."""
    ratio = Fraction(3) * 2 ** (len(hand.cards) - UNDER_CARDS)
    if hand.total().value == 21:
        ratio *= Fraction(3, 2)
    return ratio


def is_under(t: Step, hand: Hand) -> bool:
    """GUILD-2: a hand that stands with six or more cards without busting, not split."""
    return (
        t.state.config.under and not hand.split and len(hand.cards) >= UNDER_CARDS
        and not hand.total().bust
    )  # fmt: skip


def gain_mp(t: Step, hand: Hand) -> None:
    """GUILD-5: a hand paid 2.5× or more gives 1 MP at once."""
    t.state.mp += 1
    t.rule("GUILD-5", "guild.mp_gain", hand=hand.label, mp=t.state.mp)


def spend_mp(t: Step, cost: int, clause: str) -> None:
    if t.state.mp < cost:
        t.refuse("GUILD-5", "guild.mp_short", cost=cost, mp=t.state.mp, skill=clause)
    t.state.mp -= cost


def redistribute(t: Step, cmd: n.Redistribute) -> None:
    """GUILD-1: pool every box's points and share them out again."""
    state, game = t.state, t.game
    if t.state.phase is not PHASE.BETS:
        t.refuse("GUILD-1", "guild.redistribute_when")
    if state.redistribute_left <= 0:
        t.refuse("GUILD-1", "guild.redistribute_none")
    if game.backbet and not state.config.redistribute_after_backbet:
        t.refuse("GUILD-1", "guild.redistribute_after_backbet")
    shares = dict(cmd.shares)
    if len(shares) != len(cmd.shares):
        t.refuse("GUILD-1", "guild.redistribute_twice")
    for number in shares:
        if number not in state.boxes:
            t.refuse("GUILD-1", "bet.no_player", box=number)
    for number, box in state.boxes.items():
        if box.bankrupt:
            if shares.get(number, 0):
                t.refuse("GUILD-1", "guild.redistribute_bankrupt", box=number)
        elif number not in shares:
            t.refuse("GUILD-1", "guild.redistribute_missing", box=number)
    pool = sum(box.points for box in state.boxes.values())
    given = sum(shares.values())
    if given != pool:
        t.refuse("GUILD-1", "guild.redistribute_total", given=given, pool=pool)
    for number, amount in shares.items():
        bet = game.bets.get(number)
        if bet is not None and bet > amount:
            t.refuse("BET-5", "bet.over_points", box=number, amount=bet, points=amount)
    for number, box in t.own_boxes().items():
        box.points = shares.get(number, 0)
        if not box.bankrupt and box.points < state.config.min_bet:
            box.bankrupt = True
            game.bets.pop(number, None)
            t.rule("BOX-1", "box.bankrupt", box=number, points=box.points)
    state.redistribute_left -= 1
    game.redistributed = True
    t.rule("GUILD-1", "guild.redistributed", pool=pool, left=state.redistribute_left)


def backbet(t: Step) -> None:
    """GUILD-4: the deal comes first, the bets after it (3 MP)."""
    game = t.game
    if t.state.phase is not PHASE.BETS:
        t.refuse("GUILD-4", "guild.backbet_when")
    if game.backbet:
        t.refuse("GUILD-4", "guild.backbet_twice")
    if any(v is not None for v in game.bets.values()) or game.bets:
        t.refuse("GUILD-4", "guild.backbet_after_bets")
    spend_mp(t, BACKBET_MP, "GUILD-4")
    game.backbet = True
    t.rule("GUILD-4", "guild.backbet", mp=t.state.mp)


def foresight(t: Step, hand: Hand, cards: tuple) -> None:
    """GUILD-3: the top card turned face up, and the open card under it shown (1 MP)."""
    state, game = t.state, t.game
    for card in cards:
        if card.is_unknown:
            t.refuse("GUILD-3", "guild.foresight_unknown")
    if len(cards) == 2 and cards[1].is_joker:
        t.refuse("GUILD-3", "guild.foresight_second_open")
    spend_mp(t, FORESIGHT_MP, "GUILD-3")
    top = cards[0]
    known = list(state.known_top)
    new: list[KnownCard] = []
    for i, card in enumerate(cards):
        if i < len(known):
            if not known[i].card.matches(card):
                t.refuse(known[i].clause, "shoe.known_top", card=str(card), known=str(known[i].card))
            continue
        if i == 0:  # the closed top card, turned face up
            sighting = None
            if card.is_joker:
                sighting = jokers.sight(t, None, where="shoe", public=True)
                t.rule("JK-1", "joker.seen_foresight", number=state.jokers[sighting].players)
            new.append(KnownCard(Card(card.rank, card.suit, True), "turned", sighting))
        else:  # the open card under it
            new.append(KnownCard(Card(card.rank, card.suit, False), "shown"))
    state.known_top = known + new
    game.foresight_time += FORESIGHT_SECONDS
    t.rule("GUILD-3", "guild.foresight", hand=hand.label, top=str(top),
           under=str(cards[1]) if len(cards) > 1 else "-", mp=state.mp)  # fmt: skip
    t.rule("TIME-1", "time.foresight_extra", seconds=FORESIGHT_SECONDS)
