"""The hand actions written once (``core.play``, issue 19): the steps every table shares, in
their order, with each table's own rules called at the named points of ``HandRules``."""

from __future__ import annotations

import pytest

from dealer_assist.tables.onemillion import notation as n
from dealer_assist.cards import Card
from dealer_assist.core import play
from dealer_assist.core.hand import Hand
from dealer_assist.core.step import Work
from dealer_assist.errors import RuleViolation


class Recorder:
    """A table whose hooks write down that they were called."""

    def __init__(self, hand: Hand, *, stake_word: str = "stake") -> None:
        self.hand = hand
        self.calls: list[str] = []
        note = self.calls.append

        def give(t, h, card):
            note(f"give {card}")
            h.cards.append(card)

        def stand(t, h):
            note("stand")
            h.done, h.outcome = True, "stand"

        self.rules = play.HandRules(
            clauses=play.Clauses(split_card="S-6", after_card="S-2", hit="S-2", stand="S-3", double="S-4"),
            keys="test", stake_word=stake_word, resolve=lambda t, ref: self.hand, give=give, stand=stand,
            split_aces=lambda t, h: (note("split aces"), t.rule("S-7", "test.split_aces", hand=h.label)),
            next_turn=lambda t: note("next turn"), may_double=lambda t, h: note("may double"),
            split=lambda t, h: note("split"), surrender=lambda t, h: note("surrender"),
            own=lambda t, h, cmd: note(f"own {cmd.keyword}"), after_split_card=lambda t, h: note("after split card"),
        )  # fmt: skip

    def act(self, cmd: n.HandCommand) -> list[tuple[str, str]]:
        t = Work(None)
        play.act(t, cmd, self.rules)
        return [(r.clause, r.key) for r in t.rulings]


REF = n.HandRef(3)


def hand(text: str, **kw) -> Hand:
    return Hand(box=3, cards=[Card(c) for c in text.split()], bet=10, **kw)


def test_hit_gives_rules_then_busts_at_once():
    table = Recorder(hand("T 6"))
    assert table.act(n.Hit(REF, Card("9"))) == [("S-2", "test.hit"), ("S-2", "test.bust")]
    assert table.calls == ["give 9", "next turn"] and table.hand.outcome == "bust" and table.hand.acted


def test_hit_to_21_stands_by_the_tables_own_stand():
    table = Recorder(hand("T 6"))
    assert table.act(n.Hit(REF, Card("5"))) == [("S-2", "test.hit"), ("S-2", "test.twenty_one")]
    assert table.calls == ["give 5", "stand", "next turn"]


def test_stand_is_ruled_then_the_table_stands_the_hand():
    table = Recorder(hand("T 6"))
    assert table.act(n.Stand(REF)) == [("S-3", "test.stand")]
    assert table.calls == ["stand", "next turn"] and table.hand.acted


@pytest.mark.parametrize("word", ["stake", "bet"])
def test_double_asks_the_table_first_then_doubles_one_card_and_stands(word):
    table = Recorder(hand("6 5"), stake_word=word)
    t = Work(None)
    play.act(t, n.Double(REF, Card("7")), table.rules)
    assert [(r.clause, r.key) for r in t.rulings] == [("S-4", "test.double")]
    assert list(t.rulings[0].params) == ["hand", "card", word, "total"] and t.rulings[0].params[word] == 20
    assert table.calls == ["may double", "give 7", "stand", "next turn"] and table.hand.doubled


def test_a_refused_double_changes_nothing_in_the_hand():
    table = Recorder(hand("6 5"))
    table.rules = play.HandRules(**{**{f: getattr(table.rules, f) for f in play.HandRules.__dataclass_fields__},
                                    "may_double": lambda t, h: t.refuse("S-4", "test.double_when")})  # fmt: skip
    with pytest.raises(RuleViolation):
        table.act(n.Double(REF, Card("7")))
    assert table.hand.bet == 10 and not table.hand.doubled and len(table.hand.cards) == 2


def test_split_card_of_split_aces_stands_without_a_21_ruling():
    table = Recorder(hand("A", split=True, split_aces=True, letter="a"))
    assert table.act(n.SplitCard(n.HandRef(3, "a"), Card("K"))) == [("S-6", "test.split_card"),
                                                                     ("S-7", "test.split_aces")]
    assert table.calls == ["give K", "split aces", "stand", "after split card", "next turn"]


def test_split_card_of_other_pairs_plays_on():
    table = Recorder(hand("8", split=True, letter="a"))
    assert table.act(n.SplitCard(n.HandRef(3, "a"), Card("3"))) == [("S-6", "test.split_card")]
    assert table.calls == ["give 3", "after split card", "next turn"] and not table.hand.done


def test_a_waiting_split_hand_takes_only_its_card():
    table = Recorder(hand("8", split=True, letter="a"))
    with pytest.raises(RuleViolation) as refused:
        table.act(n.Stand(n.HandRef(3, "a")))
    assert (refused.value.clause, refused.value.key) == ("S-6", "test.split_card_first")
    with pytest.raises(RuleViolation) as refused:
        Recorder(hand("8 3")).act(n.SplitCard(REF, Card("3")))
    assert (refused.value.clause, refused.value.key) == ("S-6", "test.no_split_card")


def test_split_surrender_and_the_tables_own_commands_are_the_tables():
    for cmd, call in [(n.Split(REF), "split"), (n.LateSurrender(REF), "surrender"),
                      (n.Foresight(REF, (Card("5"),)), "own foresight")]:  # fmt: skip
        table = Recorder(hand("8 8"))
        assert table.act(cmd) == [] and table.calls == [call, "next turn"]
