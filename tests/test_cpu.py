"""The CPU strategy (CASINO.md CPU-1…CPU-10) clause by clause, basic strategy spot checks
against the published multi-deck S17/DAS/late-surrender chart, and `advice` proposing only
what the rules offer."""

from __future__ import annotations

import random

import pytest

from dealer_assist import notation as n
from dealer_assist.cards import RANKS, Card
from dealer_assist.tables.casino.apply import legal_actions, step
from dealer_assist.tables.casino.cpu import (NO_INSURANCE, Advice, advice, basic_decision, behind_leader, chart,
                                      chips_at_round_start, cpu_decision)  # fmt: skip
from dealer_assist.tables.casino.state import CasinoState, Phase
from dealer_assist.i18n import text
from helpers import walk_casino

ALL = ("ht", "st", "dd", "sp", "sr")


def table(*lines: str, seats: int = 1) -> CasinoState:
    """A casino table after ``lines`` (``seats`` players seated first)."""
    state = CasinoState()
    for number in range(1, seats + 1):
        state, _ = step(state, n.Seat(number, f"p{number}", None))
    for line in lines:
        for cmd in n.parse_line(line):
            state, _ = step(state, cmd)
    return state


def cards(text_: str) -> list[Card]:
    return [Card(c) for c in text_.split()]


def cpu(hand: str, up: str, offered=ALL, **kw) -> tuple[str, str]:
    action, clause, _ = cpu_decision(cards(hand), Card(up), offered, **kw)
    return action, clause


def basic(hand: str, up: str, offered=ALL) -> str:
    return basic_decision(cards(hand), Card(up), offered)[0]


# --------------------------------------------------------------------------- CPU-1 … CPU-10


def test_cpu_1_only_the_actions_offered_are_considered():
    # a hard 16 after a hit cannot surrender: CPU-3 does not apply, CPU-8 does
    assert cpu("T 2 4", "K", ("ht", "st")) == ("ht", "CPU-8")
    # no chips for a double: the 11 is hit (CPU-7)
    assert cpu("6 5", "6", ("ht", "st", "sr")) == ("ht", "CPU-7")
    # 8-8 when no split is offered (four hands already): a hard 16 against a 6 stands
    assert cpu("8 8", "6", ("ht", "st", "dd")) == ("st", "CPU-8")


def test_cpu_1_the_clauses_are_tried_in_order():
    # 8-8 against a ten: CPU-3 excludes 8-8, CPU-4 splits
    assert cpu("8 8", "T") == ("sp", "CPU-4")
    # 5-5 is not split (CPU-4) but doubled as a 10 (CPU-5)
    assert cpu("5 5", "6") == ("dd", "CPU-5")


def test_cpu_1_up_card_ranges_count_tens_as_one_value_and_the_ace_last():
    for up in "TJQK":
        assert cpu("T 6", up) == ("sr", "CPU-3")
        assert cpu("6 4", up) == ("ht", "CPU-7")
    assert cpu("6 4", "9") == ("dd", "CPU-5")
    assert cpu("T 3", "A") == ("ht", "CPU-8")


def test_cpu_2_never_takes_insurance():
    state = table("game", "deal T A 9 [?]")
    assert state.phase is Phase.INSURANCE
    got = advice(state, "cpu")
    assert got == (NO_INSURANCE, "CPU-2", "cpu.reason.insurance")
    assert got.action == "no_insurance" and got.hand == "1"
    assert advice(state, "basic")[0] == NO_INSURANCE


def test_cpu_3_surrender_hard_16_against_a_ten():
    state = table("game", "deal T K 6 [7]", "peek")
    assert advice(state, "cpu") == ("1 sr", "CPU-3", "cpu.reason.surrender")
    assert cpu("9 7", "T") == ("sr", "CPU-3")


def test_cpu_3_not_against_an_ace():
    state = table("game", "deal T A 6 [7]", "go", "peek")
    assert state.phase is Phase.PLAYERS
    assert advice(state, "cpu")[:2] == ("1 ht", "CPU-8")


def test_cpu_3_not_eight_eight_and_not_after_an_action():
    assert cpu("8 8", "K") == ("sp", "CPU-4")
    state = table("game", "deal 7 K 3 [7]", "peek", "1 ht 6")  # 7 3 6: hard 16 of three cards
    assert advice(state, "cpu")[:2] == ("1 ht", "CPU-8")


def test_cpu_4_split_aces_and_eights_against_any_up_card():
    for up in ("2", "6", "7", "9", "T", "A"):
        assert cpu("A A", up) == ("sp", "CPU-4")
        assert cpu("8 8", up) == ("sp", "CPU-4")
    state = table("game", "deal 8 6 8 [9]")
    assert advice(state, "cpu") == ("1 sp", "CPU-4", "cpu.reason.split")


def test_cpu_4_no_other_pair_is_split():
    assert cpu("T T", "6") == ("st", "CPU-10")
    assert cpu("K Q", "6") == ("st", "CPU-10")
    assert cpu("9 9", "6") == ("st", "CPU-10")
    assert cpu("7 7", "6") == ("st", "CPU-8")
    assert cpu("2 2", "7") == ("ht", "CPU-7")


def test_cpu_4_eights_are_split_again_up_to_four_hands():
    state = table("game", "deal 8 6 8 [9]", "1 sp", "1a 8")
    assert advice(state, "cpu")[:2] == ("1a sp", "CPU-4")
    state = table("game", "deal 8 6 8 [9]", "1 sp", "1a 8", "1a sp", "1a 8", "1a sp", "1a 8")
    assert len(state.round.hands) == 4
    assert "sp" not in legal_actions(state, "1a")
    assert advice(state, "cpu")[:2] == ("1a st", "CPU-8")  # 8-8 is a hard 16 against the 6


def test_cpu_4_split_aces_get_one_card_and_need_no_decision():
    state = table("game", "deal A 6 A [9]", "1 sp", "1a 5")
    assert advice(state, "cpu") is None  # 1b waits for its card: the dealer's move, not the CPU's


def test_cpu_5_double_11_against_any_up_card():
    for up in ("2", "9", "T", "A"):
        assert cpu("6 5", up) == ("dd", "CPU-5")
    state = table("game", "deal 6 A 5 [9]", "go", "peek")
    assert advice(state, "cpu") == ("1 dd", "CPU-5", "cpu.reason.double")


def test_cpu_5_double_10_against_2_to_9_only():
    for up in "23456789":
        assert cpu("6 4", up) == ("dd", "CPU-5")
    assert cpu("6 4", "T") == ("ht", "CPU-7")
    assert cpu("6 4", "A") == ("ht", "CPU-7")
    assert cpu("5 4", "5") == ("ht", "CPU-7")  # 9 is not doubled outside CPU-6


def test_cpu_5_double_after_a_split():
    state = table("game", "deal 8 6 8 [9]", "1 sp", "1a 3")
    assert advice(state, "cpu")[:2] == ("1a dd", "CPU-5")


def _round_five(behind_by: int) -> CasinoState:
    """Two seats; after four rounds seat 2 leads seat 1 by ``behind_by`` chips (0, 10 or 20),
    then round 5 is dealt: seat 1 holds 5 4 (9), seat 2 holds 6 3 (9), the dealer shows a ten."""
    lines = []
    for number in range(1, 5):
        wins = number <= behind_by // 10
        # seat 1: 9 8 (17, a push); seat 2: T 8 (18, a win) or T 7 (a push); the dealer 7 T: 17
        second = "8" if wins else "7"
        lines += ["game", f"deal 9 T 7 8 {second} [T]"]
        order = ["1", "2"] if number % 2 else ["2", "1"]
        lines += [f"{seat} st" for seat in order]
        lines += ["reveal"]
    lines += ["game", "deal 5 6 T 4 3 [8]", "peek"]
    return table(*lines, seats=2)


def test_cpu_6_catch_up_double_in_round_5():
    state = _round_five(10)
    assert state.round.number == 5
    assert [state.seats[s].chips + 10 for s in (1, 2)] == [100, 110]  # before the bets
    assert behind_leader(state, 1) == 10 and behind_leader(state, 2) == -10
    got = advice(state, "cpu")  # seat 1 acts first in round 5
    assert got == ("1 dd", "CPU-6", "cpu.reason.catch_up")
    assert got.params["behind"] == 10
    assert cpu("5 4", "T", catch_up=True) == ("dd", "CPU-6")
    assert cpu("6 4", "T", catch_up=True) == ("dd", "CPU-6")
    assert cpu("A 8", "T", catch_up=True) == ("st", "CPU-10")  # a hard total only


def test_cpu_6_needs_1_to_20_chips_behind_the_leader():
    assert advice(_round_five(20), "cpu")[:2] == ("1 dd", "CPU-6")
    assert advice(_round_five(0), "cpu")[:2] == ("1 ht", "CPU-7")  # level: no catch-up


def test_cpu_6_not_before_round_5_nor_alone():
    state = table("game", "deal 5 T 4 [8]", "peek")
    assert behind_leader(state, 1) is None
    assert advice(state, "cpu")[:2] == ("1 ht", "CPU-7")


def test_cpu_6_chips_at_the_start_of_the_round_count_the_stakes_on_the_table():
    state = table("game", "deal 8 6 8 [9]", "1 sp", "1a 3", "1a dd 9")
    assert state.seats[1].chips == 70
    assert chips_at_round_start(state, 1) == 100


def test_cpu_7_hit_eleven_or_less():
    assert cpu("5 3", "6") == ("ht", "CPU-7")
    assert cpu("2 3 6", "6") == ("ht", "CPU-7")  # 11 of three cards: no double offered then
    state = table("game", "deal 5 6 3 [9]")
    assert advice(state, "cpu") == ("1 ht", "CPU-7", "cpu.reason.hit_low")


def test_cpu_8_hard_12_to_16_stand_against_2_to_6_hit_against_7_to_ace():
    for up in "23456":
        assert cpu("T 2", up) == ("st", "CPU-8")
        assert cpu("T 5", up) == ("st", "CPU-8")
    for up in ("7", "8", "9", "A"):
        assert cpu("T 2", up) == ("ht", "CPU-8")
        assert cpu("T 5", up) == ("ht", "CPU-8")
    assert cpu("T 6", "7") == ("ht", "CPU-8")  # a hard 16 surrenders only against a ten
    assert cpu("T 5", "K") == ("ht", "CPU-8")  # and only a 16


def test_cpu_9_soft_12_to_16_hit():
    for hand in ("A A", "A 2", "A 5", "A 2 3"):
        assert cpu(hand, "6", ("ht", "st", "dd")) == ("ht", "CPU-9")


def test_cpu_10_seventeen_or_more_stand():
    assert cpu("A 6", "9") == ("st", "CPU-10")  # soft 17
    assert cpu("T 7", "A") == ("st", "CPU-10")
    assert cpu("9 9", "T") == ("st", "CPU-10")
    state = table("game", "deal A 9 6 [9]")
    assert advice(state, "cpu") == ("1 st", "CPU-10", "cpu.reason.stand")


# --------------------------------------------------------------------------- basic strategy


@pytest.mark.parametrize(("hand", "up", "action"), [
    # hard totals
    ("T 6", "T", "sr"), ("T 6", "9", "sr"), ("T 6", "A", "sr"), ("T 6", "8", "ht"), ("T 6", "6", "st"),
    ("T 5", "T", "sr"), ("T 5", "A", "ht"), ("T 5", "9", "ht"), ("T 7", "A", "st"),
    ("6 5", "T", "dd"), ("6 5", "A", "ht"), ("6 4", "9", "dd"), ("6 4", "T", "ht"),
    ("5 4", "2", "ht"), ("5 4", "3", "dd"), ("5 4", "6", "dd"), ("5 4", "7", "ht"),
    ("T 2", "3", "ht"), ("T 2", "4", "st"), ("T 2", "6", "st"), ("T 2", "7", "ht"),
    ("T 3", "2", "st"), ("T 4", "7", "ht"), ("5 3", "5", "ht"),
    # soft totals
    ("A 7", "2", "st"), ("A 7", "3", "dd"), ("A 7", "6", "dd"), ("A 7", "7", "st"), ("A 7", "8", "st"),
    ("A 7", "9", "ht"), ("A 7", "T", "ht"), ("A 7", "A", "ht"), ("A 8", "6", "st"), ("A 9", "6", "st"),
    ("A 6", "2", "ht"), ("A 6", "3", "dd"), ("A 6", "7", "ht"), ("A 5", "4", "dd"), ("A 5", "3", "ht"),
    ("A 2", "5", "dd"), ("A 2", "4", "ht"), ("A 3", "6", "dd"),
    # pairs (double after split)
    ("A A", "A", "sp"), ("A A", "T", "sp"), ("8 8", "A", "sp"), ("8 8", "T", "sp"), ("T T", "6", "st"),
    ("9 9", "7", "st"), ("9 9", "8", "sp"), ("9 9", "T", "st"), ("9 9", "2", "sp"), ("7 7", "7", "sp"),
    ("7 7", "8", "ht"), ("6 6", "2", "sp"), ("6 6", "7", "ht"), ("5 5", "9", "dd"), ("5 5", "T", "ht"),
    ("4 4", "4", "ht"), ("4 4", "5", "sp"), ("4 4", "6", "sp"), ("3 3", "7", "sp"), ("3 3", "8", "ht"),
    ("2 2", "2", "sp"), ("2 2", "8", "ht"),
])  # fmt: skip
def test_basic_strategy_spot_checks(hand, up, action):
    assert basic(hand, up) == action


def test_basic_strategy_falls_back_when_the_chart_action_is_not_offered():
    assert basic("T 6", "T", ("ht", "st")) == "ht"  # surrender, else hit
    assert basic("A 7", "4", ("ht", "st")) == "st"  # soft 18: double, else stand
    assert basic("A 6", "4", ("ht", "st")) == "ht"  # double, else hit
    assert basic("2 3 6", "6", ("ht", "st")) == "ht"  # 11 of three cards
    assert basic("8 8", "T", ("ht", "st", "dd")) == "ht"  # no split: a hard 16 that cannot surrender
    assert basic("A A", "6", ("ht", "st", "dd")) == "dd"  # no split: a soft 12 doubles against a 6 (the computed chart)
    assert basic("2 A 5", "3", ("ht", "st")) == "st"  # soft 18 of three cards


def test_basic_strategy_chart_is_complete():
    for up in RANKS:
        for a in RANKS:
            for b in RANKS:
                assert chart([Card(a), Card(b)], Card(up)) in "HSDdRP"
                action = basic_decision([Card(a), Card(b)], Card(up), ALL)[0]
                assert action in ALL
    assert basic_decision(cards("T 6"), Card("T"), ALL)[1:] == ("PLAY-8", "basic.reason.surrender")


# --------------------------------------------------------------------------- advice


def test_advice_has_no_decision_outside_a_players_turn():
    assert advice(table("game"), "cpu") is None  # the deal
    assert advice(table("game", "deal 9 T 8 [7]"), "cpu") is None  # the peek
    assert advice(table("game", "deal 9 6 8 [7]", "1 st"), "cpu") is None  # the reveal


def test_advice_unpacks_as_command_clause_reason_and_has_a_sentence_in_both_languages():
    state = table("game", "deal T K 6 [7]", "peek")
    for strategy in ("cpu", "basic"):
        got = advice(state, strategy)
        assert isinstance(got, Advice) and isinstance(got, tuple) and len(got) == 3
        command, clause, reason = got
        assert command == "1 sr" and got.action == "sr"
        for lang in ("en", "ja"):
            sentence = text(reason, lang, **got.params)
            assert "{" not in sentence and reason not in sentence
    with pytest.raises(ValueError):
        advice(state, "martingale")


def test_advice_is_only_ever_an_action_the_rules_offer():
    """Random tables of one to six seats, each hand played as advised: every piece of advice
    is among the actions the engine offers at that moment (CPU-1, PLAY-1), in both strategies."""
    deck = [r for r in RANKS for _ in range(24)]
    for seed in range(12):
        rng = random.Random(seed)
        seats = rng.randint(1, 6)
        shoe = deck[:]
        rng.shuffle(shoe)
        strategy = ("cpu", "basic")[seed % 2]
        checked = []

        def choose(state, hand):
            got = advice(state, strategy)
            assert got.hand == hand.label and got.action in legal_actions(state, hand.label), (hand.label, got)
            checked.append(got)
            return got.action

        def insurance(state):
            assert advice(state, strategy)[0] == NO_INSURANCE

        walk_casino(table(seats=seats), shoe, choose, insurance)
        assert checked
