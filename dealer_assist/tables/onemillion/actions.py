"""BASE-4 / BASE-5 — the players' actions: hit, stand, double, split, future sight."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist import notation as n
from dealer_assist.core import hand as mechanics
from dealer_assist.tables.onemillion import flow, guild, jokers, surrender
from dealer_assist.tables.onemillion.state import Hand
from dealer_assist.tables.onemillion.table import Table
from dealer_assist.messages import Term



def resolve(t: Table, ref: n.HandRef) -> Hand:
    """The hand a command names; it must be the hand whose turn it is (BASE-4)."""
    game = t.game
    current = flow.current_hand(t)
    named = [h for h in game.hands if h.box == ref.box and (ref.letter is None or h.letter == ref.letter)]
    if current is not None and current.box == ref.box and ref.letter in (None, current.letter):
        return current
    if not named:
        t.refuse("BASE-4", "hand.unknown", hand=str(ref))
    hand = named[0]
    if hand.locked:
        t.refuse("DSK-3", "hand.locked", hand=hand.label)
    if hand.nobet:
        t.refuse("BET-1", "hand.nobet", hand=hand.label)
    if hand.done:
        t.refuse("BASE-4", "hand.finished", hand=hand.label, outcome=Term(f"outcome.{hand.outcome}"))
    assert current is not None
    t.refuse("BASE-4", "hand.not_turn", hand=hand.label, current=current.label)


def _stake(t: Table, hand: Hand) -> int:
    return sum(h.bet for h in t.game.hands_of(hand.box))


def _need_points(t: Table, hand: Hand, extra: int, action: str) -> None:
    """BET-5: the box's whole stake in the game must stay within its points."""
    points = t.state.boxes[hand.box].points
    if _stake(t, hand) + extra > points:
        t.refuse("BET-5", "hand.stake", hand=hand.label, action=action, stake=_stake(t, hand) + extra,
                 points=points)  # fmt: skip


def _give(t: Table, hand: Hand, card) -> None:
    card, sighting = t.take_card(card)
    hand.cards.append(card)
    if card.is_joker:
        sighting = jokers.sight(t, sighting, where=hand.label, public=True)
        jokers.on_box_card(t, hand, sighting)


def _needs_second(hand: Hand) -> bool:
    return hand.split and len(hand.cards) == 1


def act(t: Table, cmd: n.HandCommand) -> None:
    hand = resolve(t, cmd.hand)
    if isinstance(cmd, n.SplitCard):
        if not _needs_second(hand):
            t.refuse("BASE-4", "hand.no_split_card", hand=hand.label)
        _give(t, hand, cmd.card)
        t.rule("BASE-4", "hand.split_card", hand=hand.label, card=str(hand.cards[-1]),
               total=hand.total())  # fmt: skip
        if hand.split_aces and not hand.done:
            t.rule("BASE-4", "hand.split_aces_stand", hand=hand.label)
            flow.stand(t, hand)
        flow.after_card(t, hand)
        if hand.stand_on_card and not hand.done:
            t.rule("TIME-1", "time.stands_after_card", hand=hand.label)
            flow.stand(t, hand)
        flow.next_turn(t)
        return
    if _needs_second(hand):
        t.refuse("BASE-4", "hand.split_card_first", hand=hand.label)
    match cmd:
        case n.Hit(card=card):
            hand.acted = True
            _give(t, hand, card)
            t.rule("BASE-4", "hand.hit", hand=hand.label, card=str(hand.cards[-1]), total=hand.total())
            flow.after_card(t, hand)
        case n.Stand():
            hand.acted = True
            t.rule("BASE-4", "hand.stand", hand=hand.label, total=hand.total())
            flow.stand(t, hand)
        case n.Double(card=card):
            if hand.split or len(hand.cards) != 2 or hand.acted:
                t.refuse("BASE-4", "hand.double_when", hand=hand.label)
            _need_points(t, hand, hand.bet, "dd")
            mechanics.double(hand)
            _give(t, hand, card)
            t.rule("BASE-4", "hand.double", hand=hand.label, card=str(hand.cards[-1]), bet=hand.bet,
                   total=hand.total())  # fmt: skip
            flow.after_card(t, hand)
            if not hand.done:
                flow.stand(t, hand)
        case n.Split():
            _split(t, hand)
        case n.LateSurrender():
            surrender.late(t, hand)
        case n.Foresight(cards=cards):
            guild.foresight(t, hand, cards)
        case _:  # pragma: no cover
            raise AssertionError(cmd)
    flow.next_turn(t)


def _split(t: Table, hand: Hand) -> None:
    """BASE-4: two cards of equal value; up to the configured number of hands; aces once."""
    game = t.game
    if len(hand.cards) != 2 or hand.acted and not hand.split:
        t.refuse("BASE-4", "hand.split_when", hand=hand.label)
    if not hand.pair():
        t.refuse("BASE-4", "hand.split_values", hand=hand.label)
    if hand.split_aces:
        t.refuse("BASE-4", "hand.split_aces_again", hand=hand.label)
    siblings = game.hands_of(hand.box)
    limit = t.state.config.max_split_hands
    if len(siblings) >= limit:
        t.refuse("BASE-4", "hand.split_limit", hand=hand.label, limit=limit)
    _need_points(t, hand, hand.bet, "sp")
    was = hand.label
    new = mechanics.split(game.hands, hand)
    hand.acted = True
    t.rule("BASE-4", "hand.split", was=was, hand=hand.label, new=new.label, bet=new.bet)


def timeup(t: Table) -> None:
    """TIME-1: time is up; every unfinished hand stands."""
    game = t.game
    standing = []
    for hand in game.hands:
        if hand.done or hand.nobet:
            continue
        if _needs_second(hand):
            hand.stand_on_card = True  # it is still dealt its second card, then stands
        else:
            flow.stand(t, hand)
        standing.append(hand.label)
    key, params = _time_up(standing)
    t.rule("TIME-1", key, **params)
    flow.next_turn(t)


def _time_up(standing: list[str]) -> tuple[str, dict]:
    """TIME-1's ruling: the hands that stand, each named as a box's hand (``7``) or a split
    hand (``3a``), in one sentence whose verb agrees with them."""
    if not standing:
        return "time.up_none", {}
    return ("time.up" if len(standing) == 1 else "time.up_many"), {"hands": HandNames(tuple(standing))}


@dataclass(frozen=True, slots=True)
class HandNames:
    """Hands named in a sentence: ``box 7's hand`` for a box's one hand, ``hand 3a`` for a
    split hand, joined the language's way."""

    labels: tuple[str, ...]

    def localized(self, lang: str) -> str:
        from dealer_assist.messages import text

        def join(items: list[str]) -> str:
            if len(items) == 1:
                return items[0]
            return text("list.and", lang, items=text("list.and_sep", lang).join(items[:-1]), last=items[-1])

        boxes = [label for label in self.labels if label.isdigit()]
        split = [label for label in self.labels if not label.isdigit()]
        parts = []
        if boxes:
            numbers = text("term.box_number", lang, box=join(boxes))  # 「3・4番ボックス」: the counter once
            parts.append(text("term.box_hand" if len(boxes) == 1 else "term.box_hands", lang, boxes=numbers))
        if split:
            parts.append(text("term.split_hand" if len(split) == 1 else "term.split_hands", lang, hands=join(split)))
        return join(parts)

    def __str__(self) -> str:
        return self.localized("en")
