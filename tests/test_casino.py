"""The casino table of seed 004 (rulebook ``data/CASINO.md``), clause by clause: each test is
named after the clause it checks and plays the commands a dealer would type."""

from __future__ import annotations

import pytest

from dealer_assist.tables.casino import notation as n
from dealer_assist import rulesets
from dealer_assist.tables.casino.apply import legal_actions
from dealer_assist.tables.casino.state import CasinoState, Phase
from dealer_assist.tables.onemillion import Session
from dealer_assist.errors import RuleViolation

TWO = "ruleset casino\nseat 1 aki\nseat 2 ben\n"
ONE = "ruleset casino\nseat 1 solo\n"


def play(script: str) -> tuple[CasinoState, list]:
    """The state after ``script`` and the rulings of its last command line."""
    session = Session()
    said: list = []
    for line in script.strip().splitlines():
        said = []
        for cmd in n.parse_line(line):
            said += session.submit(cmd).rulings
    return session.state, said


def refused(script: str, line: str) -> RuleViolation:
    """The refusal of ``line`` after ``script``; the state is unchanged by it."""
    state, _ = play(script)
    before = rulesets.to_json(state)
    with pytest.raises(RuleViolation) as caught:
        for cmd in n.parse_line(line):
            rulesets.step(state, cmd)
    assert rulesets.to_json(state) == before
    return caught.value


def keys(rulings) -> list[str]:
    return [r.key for r in rulings]


def chips(state: CasinoState) -> dict[int, int]:
    return {number: seat.chips for number, seat in state.seats.items()}


# ---------------------------------------------------------------------------- TABLE


def test_TABLE_1_seats_are_numbered_without_a_gap_and_at_most_six():
    assert refused("ruleset casino\nseat 1 a", "seat 3 c").clause == "TABLE-1"
    six = "ruleset casino\n" + "\n".join(f"seat {i} p{i}" for i in range(1, 7))
    assert len(play(six)[0].seats) == 6
    assert refused(six, "seat 7 x").clause == "TABLE-1"
    assert refused("ruleset casino", "game").clause == "TABLE-1"  # nobody seated
    assert refused(TWO + "game", "seat 3 late").clause == "TABLE-1"


def test_TABLE_1_the_ruleset_is_chosen_by_the_first_command_only():
    assert isinstance(play(TWO)[0], CasinoState)
    assert refused(TWO, "ruleset casino").clause in ("TABLE-1", "SETUP")


def test_TABLE_2_every_player_starts_with_100_chips():
    state, said = play(TWO)
    assert chips(state) == {1: 100, 2: 100} and said[0].clause == "TABLE-2"
    assert refused("ruleset casino", "seat 1 rich 500").clause == "TABLE-2"
    assert play("ruleset casino\nseat 1 exact 100")[0].seats[1].chips == 100


def test_TABLE_4_the_bet_is_ten_chips_taken_at_the_start_of_the_round():
    state, said = play(TWO + "game")
    assert chips(state) == {1: 90, 2: 90} and "casino.bets" in keys(said)
    assert [h.bet for h in state.round.hands] == [10, 10]


def test_TABLE_6_the_first_seat_to_act_turns_with_the_round():
    script = TWO + "game\ndeal 9 T 7\ndeal 8 9 [T]\n"
    state, _ = play(script)
    assert state.round.first == 1
    assert legal_actions(state, "1")  # seat 1 acts first in round 1
    assert refused(script, "2 st").clause == "PLAY-1"
    state, said = play(script + "1 st\n2 st\nreveal\ngame")
    assert state.round.first == 2 and said[0].params["first"] == 2
    second = script + "1 st\n2 st\nreveal\ngame\ndeal 9 T 7\ndeal 8 9 [T]"
    assert refused(second, "1 st").clause == "PLAY-1"
    state, _ = play(second + "\n2 st\n1 st")  # seat 2, then back to seat 1
    assert state.phase is Phase.REVEAL


def test_TABLE_5_a_player_under_ten_chips_sits_out_and_TABLE_7_ends_the_game_when_nobody_can_bet():
    win = "game\ndeal 5 9\ndeal 6 [T]\n1 dd T\nreveal\n"  # 11 doubled to 21 against 19: +20
    state, _ = play(ONE + win)
    assert state.seats[1].chips == 120
    lose = "game\ndeal 6 9\ndeal 4 [T]\n1 dd 2\nreveal\n"  # 6 4 2 = 12 against 19: -20
    state, _ = play(ONE + lose * 4)
    assert state.seats[1].chips == 20 and state.rounds == 4
    state, said = play(ONE + lose * 5)
    assert state.over and state.reason == "rounds" and state.seats[1].chips == 0
    assert "casino.alone_lose" in keys(said)
    two_lose = "game\ndeal 6 5 9\ndeal 4 5 [T]\n1 dd 2\n2 dd 2\nreveal\n"
    state, _ = play(TWO + two_lose)
    assert chips(state) == {1: 80, 2: 80}


def test_TABLE_5_the_seat_under_ten_chips_sits_out_without_cards():
    lose = "deal 6 5 9\ndeal 4 5 [T]\n{a}\n{b}\nreveal\n"
    # rounds 1-4: seat 1 doubles and loses (-20 each), seat 2 stands and loses (-10 each)
    script = TWO
    for r in range(1, 5):
        first, second = ("1 dd 2", "2 st") if r % 2 == 1 else ("2 st", "1 dd 2")
        script += "game\n" + lose.format(a=first, b=second)
    state, _ = play(script)
    assert chips(state) == {1: 20, 2: 60}
    state, said = play(script + "game")
    assert state.round.betting == [1, 2]  # 20 chips still bet
    # a seat with 5 chips after a surrender chain would sit out: build it directly
    poor = CasinoState(**{**{f: getattr(state, f) for f in ("phase", "shoe_left", "discards", "rounds", "history")}})
    poor.seats = {k: v.copy() for k, v in state.seats.items()}
    poor.seats[1].chips = 9
    poor.round = None
    poor.phase = Phase.BETWEEN
    after, said = rulesets.step(poor, n.Game())
    assert after.round.betting == [2] and after.seats[1].out and after.seats[1].chips == 9
    assert [r.clause for r in said if r.key == "casino.sits_out"] == ["TABLE-5"]
    assert after.round.recipients == [2, "D", 2, "D"]  # no cards for the seat sitting out (HAND-4)
    poor.seats[2].chips = 0
    over, said = rulesets.step(poor, n.Game())
    assert over.over and over.reason == "no_bets" and said[0].clause == "TABLE-7"


def test_TABLE_3_the_game_ends_after_the_fifth_round():
    round_ = "game\ndeal 9 T 7\ndeal 8 9 [T]\n{first} st\n{second} st\nreveal\n"
    script = TWO + "".join(round_.format(first=f, second=3 - f) for f in (1, 2, 1, 2, 1))
    state, said = play(script)
    assert state.over and state.rounds == 5 and state.phase is Phase.OVER
    assert refused(script, "game").clause == "RANK-1"
    assert len(list(state.history)) == 5


# ---------------------------------------------------------------------------- SHOE


def test_SHOE_2_every_card_dealt_leaves_the_shoe_the_hole_card_included():
    state, _ = play(TWO + "game\ndeal 9 T 6\ndeal 8 9 [?]")
    assert state.shoe_left == 312 - 6


def test_SHOE_3_fewer_than_78_cards_left_reshuffles_before_the_bets():
    state, _ = play(TWO)
    state.shoe_left = 78
    after, said = rulesets.step(state, n.Game())
    assert after.shoe_left == 78 and "casino.reshuffle" not in keys(said)  # exactly 78: no reshuffle
    state.shoe_left = 77
    after, said = rulesets.step(state, n.Game())
    assert after.shoe_left == 312 and after.round.shuffled
    assert [r.clause for r in said if r.key == "casino.reshuffle"] == ["SHOE-3"]


def test_SHOE_4_an_empty_shoe_mid_round_takes_the_discards():
    state, _ = play(TWO + "game\ndeal 9 T 7\ndeal 8 9 [T]\n1 st\n2 st\nreveal\ngame")
    assert state.discards == 6
    state.shoe_left = 2
    for card in ("9", "T"):
        state, _ = rulesets.step(state, n.Deal((n.parse_card(card),)))
    state, said = rulesets.step(state, n.Deal((n.parse_card("6"),)))
    assert "casino.discards_shuffled" in keys(said) and state.shoe_left == 5


def test_SHOE_1_there_are_no_jokers():
    assert refused(TWO + "game", "deal JK").clause == "SHOE-1"


# ---------------------------------------------------------------------------- HAND


def test_HAND_4_cards_go_seat_by_seat_from_seat_1_then_the_dealer():
    state, _ = play(TWO + "game\ndeal 9 T 6\ndeal 8 9 [T]")
    assert [str(c) for c in state.round.hands_of(1)[0].cards] == ["9", "8"]
    assert [str(c) for c in state.round.hands_of(2)[0].cards] == ["T", "9"]
    assert state.round.hole is not None and str(state.round.dealer[0]) == "6"
    assert refused(TWO + "game", "deal 9 T 6 8 9 T 5").clause == "HAND-4"  # six cards a round, no more
    assert refused(TWO + "game", "deal [?]").clause == "HAND-4"  # only the hole card may be typed face down


def test_HAND_5_a_blackjack_does_not_act_and_PAY_2_it_is_paid_3_to_2_PAY_7_in_whole_chips():
    script = TWO + "game\ndeal A 9 6\ndeal K 9 [T]"
    state, said = play(script)
    assert "casino.blackjack" in keys(said) and state.round.hands_of(1)[0].done
    state, said = play(script + "\n2 st\nreveal\ndealer 2")
    assert [r.clause for r in said if r.key == "casino.pay.blackjack"] == ["PAY-2"]
    assert state.seats[1].chips == 115


def test_HAND_2_a_21_after_a_split_is_not_a_blackjack():
    # an ordinary 21 against a dealer 21 of three cards pushes; a blackjack would win
    state, _ = play(ONE + "game\ndeal A 6\ndeal A [5]\n1 sp\n1a K\n1b T\nreveal\ndealer T")
    assert [h.result for h in state.round.hands] == ["push", "push"] and state.seats[1].chips == 100
    state, _ = play(TWO + "game\ndeal A 9 6\ndeal K 7 [5]\n2 st\nreveal\ndealer T")
    assert {h.box: h.result for h in state.round.hands} == {1: "blackjack", 2: "lose"}
    assert state.seats[1].chips == 115  # a real blackjack beats the dealer's three-card 21 (PAY-2)


# ---------------------------------------------------------------------------- PEEK and INS


def test_PEEK_1_the_dealer_peeks_under_a_ten_and_under_an_ace_after_insurance():
    assert play(TWO + "game\ndeal 9 T K\ndeal 8 9 [5]")[0].phase is Phase.PEEK
    assert play(TWO + "game\ndeal 9 T A\ndeal 8 9 [5]")[0].phase is Phase.INSURANCE
    assert play(TWO + "game\ndeal 9 T 9\ndeal 8 9 [5]")[0].phase is Phase.PLAYERS  # no peek under a 9
    assert refused(TWO + "game\ndeal 9 T K\ndeal 8 9 [5]", "1 st").clause == "PEEK-1"


def test_PEEK_2_a_dealer_blackjack_ends_the_round_a_player_blackjack_pushes():
    state, said = play(TWO + "game\ndeal A 9 K\ndeal K 9 [A]\npeek")
    assert "casino.dealer_blackjack" in keys(said)
    assert {h.box: h.result for h in state.round.hands} == {1: "push", 2: "lose"}
    assert chips(state) == {1: 100, 2: 90} and state.phase is Phase.BETWEEN


def test_PEEK_3_no_dealer_blackjack_keeps_the_hole_card_down_and_play_begins():
    state, said = play(TWO + "game\ndeal 9 T K\ndeal 8 9 [5]\npeek")
    assert "casino.no_blackjack" in keys(said) and state.phase is Phase.PLAYERS
    assert state.round.hole is not None


def test_PEEK_1_a_hole_card_typed_face_down_is_named_at_the_peek():
    state, _ = play(TWO + "game\ndeal 9 T K\ndeal 8 9 [?]")
    assert refused(TWO + "game\ndeal 9 T K\ndeal 8 9 [?]", "peek").clause == "PEEK-1"
    state, _ = play(TWO + "game\ndeal 9 T K\ndeal 8 9 [?]\npeek 5")
    assert state.phase is Phase.PLAYERS
    assert refused(TWO + "game\ndeal 9 T K\ndeal 8 9 [5]", "peek 6").clause == "PEEK-1"  # not the card dealt


def test_INS_2_insurance_costs_five_and_INS_4_pays_two_to_one_on_a_dealer_blackjack():
    script = TWO + "game\ndeal 9 T A\ndeal 8 9 [K]\nins 1 2\ngo"
    state, _ = play(script + "\npeek")
    assert chips(state) == {1: 100, 2: 100}  # bet -10, insurance -5 + 15: net 0 (INS-4 example)
    assert {s: v for s, v in state.round.insurance.items()} == {1: 10, 2: 10}


def test_INS_4_insurance_is_lost_at_once_without_a_dealer_blackjack():
    state, said = play(TWO + "game\ndeal 9 T A\ndeal 8 9 [5]\nins 2\ngo\npeek")
    assert chips(state) == {1: 90, 2: 85}
    assert [r.clause for r in said if r.key == "casino.insurance_lost"] == ["INS-4"]


def test_INS_1_a_blackjack_may_be_insured_no_even_money():
    state, _ = play(TWO + "game\ndeal A 9 A\ndeal K 9 [K]\nins 1\ngo\npeek")
    assert state.seats[1].chips == 110  # push +0 on the bet, insurance +10 (INS-4 example)
    state, _ = play(TWO + "game\ndeal A 9 A\ndeal K 9 [5]\nins 1\ngo\npeek\n2 st\nreveal\ndealer 2")
    assert state.seats[1].chips == 110  # insurance -5, blackjack +15


def test_INS_3_each_seat_decides_once_then_the_peek():
    script = TWO + "game\ndeal 9 T A\ndeal 8 9 [5]\nins 1"
    assert refused(script, "ins 1").clause == "INS-3"
    assert refused(script, "peek").clause == "INS-3"  # the decisions are not closed yet
    assert refused(script, "ins 3").clause == "INS-1"


def test_INS_2_insurance_needs_five_chips():
    state, _ = play(TWO + "game\ndeal 9 T A\ndeal 8 9 [5]")
    state.seats[1].chips = 4
    with pytest.raises(RuleViolation) as caught:
        rulesets.step(state, n.Insurance((1,)))
    assert caught.value.clause == "INS-2"


# ---------------------------------------------------------------------------- PLAY


def test_PLAY_2_a_bust_loses_even_if_the_dealer_busts_and_21_stands_at_once():
    state, said = play(TWO + "game\ndeal 9 T 6\ndeal 8 9 [T]\n1 ht 5")
    assert "casino.bust" in keys(said)
    state, said = play(TWO + "game\ndeal 9 T 6\ndeal 8 9 [T]\n1 ht 5\n2 st\nreveal\ndealer 8")
    assert {h.box: h.result for h in state.round.hands} == {1: "bust", 2: "win"}
    state, said = play(TWO + "game\ndeal 9 T 6\ndeal 8 9 [T]\n1 ht 4")
    assert "casino.twenty_one" in keys(said) and "2" in legal_actions(state, "2") or legal_actions(state, "2")


def test_PLAY_4_a_double_takes_one_card_on_two_cards_only():
    script = TWO + "game\ndeal 5 T 6\ndeal 6 9 [T]"
    state, _ = play(script + "\n1 dd 9")
    hand = state.round.hands_of(1)[0]
    assert hand.bet == 20 and hand.done and state.seats[1].chips == 80
    assert refused(script + "\n1 ht 2", "1 dd 2").clause == "PLAY-4"


def test_PLAY_5_split_up_to_four_hands_any_two_tens_are_a_pair_and_PLAY_6_new_hands_go_right_of_their_origin():
    script = ONE + "game\ndeal 8 6\ndeal 8 [T]\n1 sp\n1a 8\n1a sp\n1a 8\n1a sp"
    state, _ = play(script)
    assert [h.label for h in state.round.hands] == ["1a", "1d", "1c", "1b"]  # PLAY-6: right after its origin
    assert state.seats[1].chips == 60
    assert refused(script + "\n1a 8", "1a sp").clause == "PLAY-5"  # four hands
    assert "sp" in legal_actions(play(ONE + "game\ndeal K 6\ndeal Q [T]")[0], "1")  # K-Q splits
    assert refused(ONE + "game\ndeal K 6\ndeal 9 [T]", "1 sp").clause == "PLAY-5"


def test_PLAY_7_split_aces_take_one_card_each():
    state, said = play(ONE + "game\ndeal A 6\ndeal A [T]\n1 sp\n1a A")
    assert "casino.split_aces" in keys(said)
    assert state.round.hands[0].done and state.round.hands[0].total().value == 12


def test_PLAY_8_surrender_only_first_on_the_original_two_cards():
    script = ONE + "game\ndeal T 6\ndeal 6 [T]"
    state, _ = play(script + "\n1 sr\nreveal")
    assert state.seats[1].chips == 95
    assert refused(script + "\n1 ht 2", "1 sr").clause == "PLAY-8"
    assert refused(ONE + "game\ndeal 8 6\ndeal 8 [T]\n1 sp\n1a 2", "1a sr").clause == "PLAY-8"


def test_PLAY_9_no_double_or_split_without_ten_chips():
    state, _ = play(ONE + "game\ndeal 8 6\ndeal 8 [T]")
    state.seats[1].chips = 9
    assert legal_actions(state, "1") == ["ht", "st", "sr"]


# ---------------------------------------------------------------------------- DEALER and PAY


def test_DEALER_2_the_dealer_stands_on_soft_17():
    state, said = play(ONE + "game\ndeal T 6\ndeal 6 [A]\n1 st\nreveal")
    assert "casino.dealer_stands" in keys(said) and state.round.hands[0].result == "lose"
    state, said = play(ONE + "game\ndeal T 5\ndeal 8 [A]\n1 st\nreveal")  # soft 16: hits
    assert state.phase is Phase.DEALER


def test_DEALER_3_the_dealer_draws_nothing_when_every_hand_is_decided():
    state, said = play(ONE + "game\ndeal T 5\ndeal 6 [T]\n1 ht 9")  # bust: the round settles on the reveal
    state, said = play(ONE + "game\ndeal T 5\ndeal 6 [T]\n1 ht 9\nreveal")
    assert "casino.no_draw" in keys(said) and state.phase is Phase.BETWEEN


def test_PAY_1_split_hands_settle_one_by_one_on_their_own_stake_PAY_3_a_doubled_win_returns_40_PAY_5_a_bust_loses():
    # the PAY-1 example: 8-8 against a 6; 3a doubles and wins, 3b busts: 110 chips
    state, _ = play(ONE + "game\ndeal 8 6\ndeal 8 [T]\n1 sp\n1a 3\n1a dd T\n1b 6\n1b ht T\nreveal\ndealer 4")
    assert [h.result for h in state.round.hands] == ["win", "bust"] and state.seats[1].chips == 110


def test_PAY_4_a_tie_pushes_and_PAY_6_surrender_returns_half():
    state, _ = play(TWO + "game\ndeal T T 7\ndeal 8 6 [T]\n1 st\n2 sr\nreveal")
    assert {h.box: h.result for h in state.round.hands} == {1: "win", 2: "surrender"}
    assert chips(state) == {1: 110, 2: 95}
    state, _ = play(TWO + "game\ndeal T T 7\ndeal 7 6 [T]\n1 st\n2 sr\nreveal")
    assert state.round.hands[0].result == "push" and state.seats[1].chips == 100


# ---------------------------------------------------------------------------- RANK


def test_RANK_1_equal_chips_share_a_rank_and_RANK_2_a_shared_top_is_a_draw():
    from dealer_assist.tables.casino.table import ranking, verdict

    state = CasinoState()
    state, _ = play("ruleset casino\nseat 1 a\nseat 2 b\nseat 3 c")
    state.seats[1].chips, state.seats[2].chips, state.seats[3].chips = 110, 110, 90
    assert [r["rank"] for r in ranking(state)] == [1, 1, 3]
    assert verdict(state)["winner"] is None
    state.seats[2].chips = 100
    assert verdict(state)["winner"] == "a"


def test_RANK_3_alone_more_than_100_wins_exactly_100_draws():
    from dealer_assist.tables.casino.table import verdict

    state, _ = play(ONE)
    for value, result in ((101, "win"), (100, "draw"), (99, "lose")):
        state.seats[1].chips = value
        assert verdict(state)["result"] == result


# ---------------------------------------------------------------------------- the sample game


def test_the_casino_sample_replays_to_its_result():
    from pathlib import Path

    script = (Path(__file__).parent.parent / "sample_sessions" / "casino_game.txt").read_text(encoding="utf-8")
    state, said = play(script)
    assert state.over and chips(state) == {1: 105, 2: 120}
    assert "casino.winner" in keys(said)


def test_TABLE_8_after_the_settlement_game_starts_the_next_round():
    state, _ = play(TWO + "game\ndeal 9 T 7\ndeal 8 9 [T]\n1 st\n2 st\nreveal")
    assert state.phase is Phase.BETWEEN and rulesets.expectation(state).clause == "TABLE-8"
    assert refused(TWO + "game\ndeal 9 T 7\ndeal 8 9 [T]\n1 st\n2 st\nreveal", "deal 9").clause == "TABLE-8"


def test_HAND_1_an_ace_counts_11_until_that_would_bust():
    state, said = play(ONE + "game\ndeal A 9\ndeal 5 [8]\n1 ht K")  # A 5 soft 16, then K: hard 16
    hand = state.round.hands[0]
    assert (hand.total().value, hand.total().soft) == (16, False) and not hand.done
    state, _ = play(ONE + "game\ndeal A 9\ndeal 5 [8]")
    assert (state.round.hands[0].total().value, state.round.hands[0].total().soft) == (16, True)


def test_HAND_3_a_round_checks_the_end_then_the_shoe_then_takes_the_bets():
    state, _ = play(TWO + "game\ndeal 9 T 7\ndeal 8 9 [T]\n1 st\n2 st\nreveal")
    state.shoe_left = 10
    after, said = rulesets.step(state, n.Game())
    assert [r.clause for r in said] == ["TABLE-3", "SHOE-3", "TABLE-4"]
    for seat in state.seats.values():
        seat.chips = 5
    after, said = rulesets.step(state, n.Game())  # nobody can bet: the end, before any reshuffle
    assert [r.clause for r in said][:1] == ["TABLE-7"] and "SHOE-3" not in [r.clause for r in said]


def test_PLAY_1_blackjacks_are_skipped_and_a_seat_finishes_all_its_hands_first():
    script = "ruleset casino\nseat 1 a\nseat 2 b\nseat 3 c\ngame\ndeal 8 A 5 7\ndeal 8 K 5 [T]"
    state, _ = play(script)
    assert rulesets.expectation(state).params["hand"] == "1"
    state, _ = play(script + "\n1 sp")
    assert refused(script + "\n1 sp", "3 st").clause in ("PLAY-1", "PLAY-6")  # 1a and 1b come first
    state, _ = play(script + "\n1 sp\n1a 2\n1a st\n1b 3\n1b st")
    assert rulesets.expectation(state).params["hand"] == "3"  # seat 2's blackjack does not act


def test_PLAY_3_stand_keeps_the_total_and_finishes_the_hand():
    state, said = play(ONE + "game\ndeal T 9\ndeal 2 [8]\n1 st")
    assert said[0].clause == "PLAY-3" and state.round.hands[0].done and state.phase is Phase.REVEAL


def test_DEALER_1_the_hole_card_is_turned_up_also_when_the_dealer_draws_nothing():
    script = ONE + "game\ndeal T 9\ndeal 6 [?]\n1 ht 8"  # bust: the dealer draws nothing
    assert refused(script, "reveal").clause == "DEALER-1"  # the face of a hole typed [?] must be named
    state, said = play(script + "\nreveal 7")
    assert keys(said)[:2] == ["casino.reveal", "casino.no_draw"] and str(state.round.dealer[1]) == "7"
    assert refused(ONE + "game\ndeal T 9\ndeal 6 [7]\n1 ht 8", "reveal 8").clause == "DEALER-1"


def test_the_casino_alone_sample_ends_early_by_TABLE_7_and_RANK_3():
    from pathlib import Path

    script = (Path(__file__).parent.parent / "sample_sessions" / "casino_alone.txt").read_text(encoding="utf-8")
    state, said = play(script)
    assert state.over and state.reason == "no_bets" and state.rounds == 4 and chips(state) == {1: 0}
    assert keys(said) == ["casino.nobody_can_bet", "casino.rank", "casino.alone_lose"]
    log = list(state.history)
    assert [r["insurance"] for r in log[:2]] == [{"1": 10}, {"1": 10}]  # INS-4 twice
    assert [h["result"] for h in log[1]["hands"]] == ["push"]  # blackjack against blackjack (PEEK-2)
    assert [h["hand"] for h in log[2]["hands"]] == ["1a", "1b", "1c", "1d"] and len(log[2]["hands"]) == 4
    assert [r["changes"]["1"] for r in log] == [0, 10, -80, -30]


@pytest.mark.parametrize("sample", ["casino_game.txt", "casino_alone.txt"])
def test_the_simulators_quiet_step_applies_the_same_rules_and_keeps_no_rulings(sample):
    """``step_in_place(..., rulings=False)`` (the simulator's): the state after every command is
    the one the ordinary step leaves; only the rulings are not kept."""
    from pathlib import Path

    from dealer_assist.notation import lines, parse_command, split_line
    from dealer_assist.tables.casino.apply import step, step_in_place
    from dealer_assist.tables.casino.view import to_json

    text = (Path(__file__).parent.parent / "sample_sessions" / sample).read_text(encoding="utf-8")
    commands = [parse_command(s) for _, raw in lines(text) for s in split_line(raw)]
    assert isinstance(commands[0], n.Ruleset)
    loud, quiet, ruled = CasinoState(), CasinoState(), 0
    for cmd in commands[1:]:  # (the samples hold no note, which only ``step`` takes)
        loud, rulings = step(loud, cmd)
        ruled += len(rulings)
        assert step_in_place(quiet, cmd, rulings=False) == []
        assert to_json(quiet) == to_json(loud)
    assert ruled > 50 and loud.over
