"""BASE-4 / BASE-5 — the players' actions: hit, stand, double, split, future sight, time up: the
hand actions every table shares (``core.play``) with One Million's rules at their named points
(the jokers of a card, the Under Bonus, BET-5, TIME-1)."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.core import hand as mechanics
from dealer_assist.core import play as core_play
from dealer_assist.core.play import Clauses, HandRules
from dealer_assist.tables.onemillion import flow, guild, jokers, shoe, surrender
from dealer_assist.tables.onemillion.commands import Foresight
from dealer_assist.tables.onemillion.state import Hand
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.messages import Term


def resolve(t: Step, ref: n.HandRef) -> Hand:
    """The hand a command names; it must be the hand whose turn it is (BASE-4)."""
    game = t.game
    current = flow.current_hand(t)
    if current is not None and current.box == ref.box and ref.letter in (None, current.letter):
        return current
    named = [h for h in game.hands if h.box == ref.box and (ref.letter is None or h.letter == ref.letter)]
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


def _stake(t: Step, hand: Hand) -> int:
    return sum(h.bet for h in t.game.hands_of(hand.box))


def _need_points(t: Step, hand: Hand, extra: int, action: str) -> None:
    """BET-5: the box's whole stake in the game must stay within its points."""
    points = t.state.boxes[hand.box].points
    if _stake(t, hand) + extra > points:
        t.refuse("BET-5", "hand.stake", hand=hand.label, action=action, stake=_stake(t, hand) + extra,
                 points=points)  # fmt: skip


def _give(t: Step, hand: Hand, card) -> None:
    card, sighting = shoe.take(t, card)
    hand.cards.append(card)
    if card.is_joker:
        sighting = jokers.sight(t, sighting, where=hand.label, public=True)
        jokers.on_box_card(t, hand, sighting)


def _needs_second(hand: Hand) -> bool:
    return hand.split and len(hand.cards) == 1


def _split_aces(t: Step, hand: Hand) -> None:
    """BASE-4: a split ace's hand stands on its one card."""
    t.rule("BASE-4", "hand.split_aces_stand", hand=hand.label)


def _after_split_card(t: Step, hand: Hand) -> None:
    """TIME-1: a hand that time ran out on stands once its second card is dealt."""
    if hand.stand_on_card and not hand.done:
        t.rule("TIME-1", "time.stands_after_card", hand=hand.label)
        flow.stand(t, hand)


def _may_double(t: Step, hand: Hand) -> None:
    """BASE-4: on the first two cards of an unsplit hand; BET-5: within the box's points."""
    if hand.split or len(hand.cards) != 2 or hand.acted:
        t.refuse("BASE-4", "hand.double_when", hand=hand.label)
    _need_points(t, hand, hand.bet, "dd")


def _split(t: Step, hand: Hand) -> None:
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


def _own(t: Step, hand: Hand, cmd: n.HandCommand) -> None:
    """One Million's own hand command: future sight (GUILD-3)."""
    match cmd:
        case Foresight(cards=cards):
            guild.foresight(t, hand, cards)
        case _:  # pragma: no cover
            raise AssertionError(cmd)


RULES = HandRules(
    clauses=Clauses(split_card="BASE-4", after_card="BASE-5", hit="BASE-4", stand="BASE-4", double="BASE-4"),
    keys="hand", stake_word="bet", resolve=resolve, give=_give, stand=flow.stand, split_aces=_split_aces,
    next_turn=flow.next_turn, may_double=_may_double, split=_split, surrender=surrender.late,
    own=_own, after_split_card=_after_split_card,
)  # fmt: skip


def act(t: Step, cmd: n.HandCommand) -> None:
    """A hand command (BASE-4), by the hand actions every table shares (``core.play``)."""
    core_play.act(t, cmd, RULES)


def timeup(t: Step) -> None:
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
