"""SET-A…E, SET-1…5, HEAL-1…2, END-S, END-F1, END-F2, END-1, END-2, ANN-1 and SETUP."""

from __future__ import annotations

import pytest
from helpers import PLAIN, clauses, game, hand, js, lines, refused, rulings, run

from dealer_assist.tables.onemillion.end import announce

FIVE = """
quest easy
dice 6
jk 0 0
skill under on
hp 400k
seat 1 aki 100k
seat 2 ben 100k
seat 3 chika 100k
seat 4 dai 100k
seat 5 emi 100k
game
bet 1 10k
bet 2 10k
bet 3 10k
bet 4 10k
bet 5 10k
deal A 2 T T T 6
deal K 2 5 6 9 [T]
2 ht 2
2 ht 2
2 ht 3
2 ht 4
2 st
3 st
4 sr
5 st
reveal
next 2
next [?]
"""


def test_set_a_to_e_every_step_in_order():
    ledger = game(FIVE)["ledger"]
    assert ledger == [
        {"step": "A", "hand": "1", "points": 15000, "damage": 15000, "heal": 0, "hp": 385000, "rule": "SET-A"},
        {"step": "B", "hand": "2", "points": 20000, "damage": 20000, "heal": 0, "hp": 365000, "rule": "SET-B"},
        {"step": "C", "hand": "3", "points": -10000, "damage": 0, "heal": 0, "hp": 365000, "rule": "SET-C"},
        {"step": "C", "hand": "4", "points": -5000, "damage": 0, "heal": 0, "hp": 365000, "rule": "SURR-4"},
        {"step": "D", "hand": None, "points": 0, "damage": 0, "heal": 10000, "hp": 375000, "rule": "SET-D"},
        {"step": "E", "hand": "5", "points": 10000, "damage": 10000, "heal": 0, "hp": 365000, "rule": "SET-E"},
    ]  # fmt: skip
    data = js(FIVE)
    assert [h["result"] for h in data["log"][0]["hands"]] == ["blackjack", "under", "lose", "surrender", "win"]
    assert data["mp"] == 2  # GUILD-5: the blackjack and the Under Bonus


def test_set_1_damage_is_the_winnings_of_hands_paid_1_5x_or_more():
    ledger = game(FIVE)["ledger"]
    assert sum(e["damage"] for e in ledger) == 15000 + 20000 + 10000
    push = PLAIN + "game\nbet 1 10k\nbet 3 -\ndeal T 9 7 7 9 [T]\n1 st\nreveal\nnext [?]"
    assert game(push)["ledger"] == []  # a push moves nothing and deals nothing


def test_set_2_one_wins_one_loses_moves_no_points_but_deals_damage():
    script = PLAIN + lines("game", "bet 1 10k", "bet 3 -", "deal 8 9 6 8 9 [T]", "1 sp", "1a T", "1a st",
                           "1b 8", "1b st", "reveal", "next [?]", "dealer A", "next [?]")  # fmt: skip
    data = js(script)  # dealer 6 T A = 17: 1a 18 wins, 1b 16 loses
    assert data["boxes"]["1"]["points"] == 100_000
    assert data["hp"] == 990_000


def test_set_3_hp_zero_mid_settlement_wins_and_later_steps_still_move_points():
    script = PLAIN.replace("jk 0 0", "jk 0 0\nhp 20k") + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal A 9 6 K 9 [T]", "3 st", "reveal", "next 9")
    data = js(script)  # box 1 BJ: 15k damage; box 3 wins 10k but only 5k HP is left
    assert data["status"] == "success" and data["reason"] == "hp_zero" and data["hp"] == 0
    assert data["log"][0]["ledger"][-1] == {"step": "E", "hand": "3", "points": 10000, "damage": 5000,
                                            "heal": 0, "hp": 0, "rule": "SET-E"}  # fmt: skip
    assert data["boxes"]["3"]["points"] == 60_000
    assert data["reward"] == "Bronze Treasure Box"


def test_set_4_amounts_are_rounded_down():
    script = PLAIN + lines("game", "bet 1 15", "bet 3 15", "deal A T 6 K 6 [T]", "3 sr", "reveal")
    ledger = game(script)["ledger"]
    assert ledger[0]["points"] == 22 and ledger[0]["damage"] == 22  # blackjack on 15 P
    assert ledger[1]["points"] == -7  # surrender of 15 P


def test_set_5_bets_are_not_taken_when_placed():
    script = PLAIN + "game\nbet 1 10k\nbet 3 50k"
    assert js(script)["boxes"]["3"]["points"] == 50_000
    done = script + "\ndeal T 9 6 6 5 [T]\n1 st\n3 st\nreveal\nnext 9"
    assert js(done)["boxes"]["3"]["points"] == 0  # and never below 0


def test_heal_1_recovery_is_judged_just_before_the_game():
    at_line = PLAIN.replace("jk 0 0", "jk 0 0\nhp 500k") + "game"
    assert js(at_line)["log"][0]["recovery"] is False  # not below the line
    above = PLAIN.replace("jk 0 0", "jk 0 0\nhp 510k") + lines(
        "game", "bet 1 20k", "bet 3 10k", "deal T 9 6 K 5 [T]", "1 st", "3 st", "reveal", "next 9")
    data = js(above)  # box 1 wins 20k: HP 490k; box 3 loses 10k: not healed this game
    assert data["hp"] == 490_000
    assert not any(e["step"] == "D" for e in data["log"][0]["ledger"])
    assert js(above + "\ngame")["log"][1]["recovery"] is True
    assert "HEAL-1" in clauses(above + "\ngame")


def test_heal_2_recovery_never_passes_the_line_and_the_line_is_configurable():
    near = PLAIN.replace("jk 0 0", "jk 0 0\nhp 495k") + lines(
        "game", "bet 1 -", "bet 3 10k", "deal 9 T 6 9 5 [T]", "3 st", "reveal", "next 9")
    ledger = game(near)["ledger"]
    assert ledger[-1] == {"step": "D", "hand": None, "points": 0, "damage": 0, "heal": 5000,
                          "hp": 500_000, "rule": "HEAL-2"}  # fmt: skip
    moved = PLAIN.replace("jk 0 0", "jk 0 0\nhp 450k\nrule heal_cap 400k") + "game"
    assert js(moved)["log"][0]["recovery"] is False


def test_end_s_reward_by_difficulty():
    for difficulty, dice, reward in (("extreme", "1 2 3", "Platinum"), ("hard", "1 2", "Gold"),
                                     ("normal", "1 2", "Silver"), ("easy", "6", "Bronze")):  # fmt: skip
        script = PLAIN.replace("quest easy", f"quest {difficulty}").replace("dice 6", f"dice {dice}")
        script = script.replace("jk 0 0", "jk 0 0\nhp 15k") + "game\nbet 1 10k\nbet 3 -\ndeal A 9 6 K 8 [T]"
        script += "\nreveal"  # the blackjack is paid when the hole card is shown (BASE-10)
        data = js(script)
        assert data["status"] == "success", difficulty
        assert data["reward"] == f"{reward} Treasure Box"


def test_end_f1_every_box_under_one_percent_fails_and_exactly_one_percent_is_safe():
    one = "quest easy\ndice 6\njk 0 0\nseat 1 aki 20k\ngame\nbet 1 {bet}\ndeal T 9 7 [T]\n1 st\nreveal\nnext [?]"
    safe = js(one.format(bet="10k"))  # 10,000 left = exactly 1% of 1,000,000
    assert safe["status"] == "running"
    failed = js(one.format(bet="11k"))
    assert failed["status"] == "failure" and failed["reason"] == "below_threshold"
    assert "END-F1" in clauses(one.format(bet="11k"))


def test_end_f2_and_end_1_blackjacks_are_paid_then_the_quest_fails():
    script = PLAIN + lines("game", "bet 1 10k", "bet 3 10k", "deal A 9 6 K 5 [?]", "3 ht 2", "empty")
    data = js(script)
    assert data["status"] == "failure" and data["reason"] == "shoe_empty"
    assert data["log"][0]["ledger"] == [
        {"step": "A", "hand": "1", "points": 15000, "damage": 15000, "heal": 0, "hp": 985000, "rule": "SET-A"}
    ]
    assert hand(script, "3")["result"] is None  # nothing else of that game is settled
    assert refused(script, "3 st").clause == "END-F2"


def test_end_1_blackjacks_that_empty_the_hp_win_instead():
    script = PLAIN.replace("jk 0 0", "jk 0 0\nhp 10k") + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal A 9 6 K 5 [?]", "empty")
    data = js(script)
    assert data["status"] == "success" and data["reason"] == "hp_zero"


def test_end_2_order_success_then_burst_stream_then_f1():
    burst = lines("quest extreme", "dice 6 6 6", "jk 0 0", "{hp}", "seat 1 aki 20k", "seat 2 ben 100",
                  "game", "bet 1 11k", "bet 2 10", "deal T 9 6 7 9 [T]", "1 ht 9", "2 st", "reveal",
                  "next [?]", "dealer 9")  # fmt: skip
    data = js(burst.format(hp=""))  # every box is below 1% too, but Burst Stream comes first
    assert data["log"][0]["dealer"]["bust"]
    assert data["status"] == "failure" and data["reason"] == "burst_stream"
    assert "DSK-7" in clauses(burst.format(hp=""))
    data = js(burst.format(hp="hp 10\nrule heal_cap 10"))  # HP 0 although the dealer busts
    assert data["status"] == "success"


def test_ann_1_hp_is_announced_rounded_up_to_100000():
    assert announce(800_005) == 900_000
    assert announce(900_000) == 900_000
    assert announce(900_001) == 1_000_000
    assert announce(0) == 0
    assert js(PLAIN + "hp 123456")["announce"] == 200_000


def test_setup_dice_by_difficulty_and_the_game_needs_a_quest():
    assert refused("quest extreme", "dice 1 2").clause == "DSK-0"
    assert refused("quest easy", "dice 1 2").clause == "DSK-0"
    assert refused("seat 1 aki 100k", "game").clause == "SETUP"
    assert refused("quest easy\nseat 1 aki 100k", "game").clause == "DSK-0"
    assert refused(PLAIN + "game", "seat 2 cho 10k").clause == "SETUP"
    run("quest hard\ndice 4 4\nseat 1 aki 100k\ngame")


@pytest.mark.parametrize("line", ["quest medium", "dice 7", "seat 8 aki 10k", "hp 1.5"])
def test_setup_typos_are_notation_errors(line):
    from dealer_assist.replay import replay_text

    result = replay_text(line)
    assert not result.ok and result.error_line == 1


def _steps(script: str) -> list[tuple[str, str | None]]:
    return [(e["step"], e["hand"]) for e in game(script)["ledger"]]


def test_set_a_blackjacks_are_paid_first():
    assert _steps(FIVE)[0] == ("A", "1")
    assert game(FIVE)["ledger"][0]["points"] == 15_000  # 1.5x the bet


def test_set_b_under_bonus_is_paid_second_instead_of_the_showdown():
    assert _steps(FIVE)[1] == ("B", "2")
    assert hand(FIVE, "2")["result"] == "under" and hand(FIVE, "2")["ratio"] == 3.0


def test_set_c_losing_bets_are_collected_third():
    assert _steps(FIVE)[2:4] == [("C", "3"), ("C", "4")]


def test_set_d_recovery_uses_the_collected_losses_without_the_surrender_half():
    entry = game(FIVE)["ledger"][4]
    assert (entry["step"], entry["heal"]) == ("D", 10_000)


def test_set_e_winning_hands_are_paid_last():
    assert _steps(FIVE)[-1] == ("E", "5")
    assert game(FIVE)["ledger"][-1]["points"] == 10_000


# ---------------------------------------------------------------- END-1 with a game cut short

TWO = "quest normal\ndice 1 2\n{extra}seat 1 aki 100k\nseat 2 ben 100k\n"


def test_end_1_a_blackjack_dealt_before_the_shoe_runs_out_is_paid():
    script = TWO.format(extra="") + lines("game", "bet 1 10k", "bet 2 10k", "deal A 9 8", "deal K", "empty")
    data = js(script)
    assert (data["status"], data["reason"], data["hp"], data["mp"]) == ("failure", "shoe_empty", 985_000, 1)
    record = data["log"][-1]
    assert [(h["hand"], h["result"], h["ratio"]) for h in record["hands"]] == [("1", "blackjack", 2.5),
                                                                              ("2", None, None)]  # fmt: skip
    assert record["ledger"] == [
        {"step": "A", "hand": "1", "points": 15000, "damage": 15000, "heal": 0, "hp": 985000, "rule": "SET-A"}
    ]
    assert data["boxes"]["1"]["points"] == 115_000
    assert ("END-F2", "end.failure.shoe_empty") in rulings(script)


def test_end_1_a_blackjack_made_with_a_lv0_joker_is_paid_too():
    script = TWO.format(extra="jk 0 2\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal [JK] 9 8", "deal K",
                                                 "empty")  # fmt: skip
    data = js(script)
    assert data["hp"] == 985_000 and data["log"][-1]["hands"][0]["result"] == "blackjack"


def test_end_1_a_split_21_is_no_blackjack_and_a_backbet_blackjack_without_a_bet_is_not_paid():
    split = TWO.format(extra="") + lines("game", "bet 1 10k", "bet 2 10k", "deal A 9 8", "deal A 7 [?]", "1 sp",
                                         "1a K", "empty")  # fmt: skip
    data = js(split)
    assert data["hp"] == 1_000_000 and data["log"][-1]["ledger"] == []
    back = TWO.format(extra="skill mp 3\n") + lines("game", "backbet", "deal A 9 8", "deal K", "empty")
    data = js(back)
    assert (data["status"], data["hp"], data["mp"]) == ("failure", 1_000_000, 0)  # no bet yet: nothing paid
    assert data["log"][-1]["ledger"] == []
    placed = TWO.format(extra="skill mp 3\n") + lines("game", "backbet", "deal A 9 8", "deal K 7 [?]",
                                                      "bet 1 10k", "empty")  # fmt: skip
    data = js(placed)
    assert (data["status"], data["hp"], data["mp"]) == ("failure", 985_000, 1)


def test_end_1_a_blackjack_is_paid_before_a_lv3_joker_on_a_burned_box_ends_the_quest():
    script = TWO.format(extra="jk 3 3\n") + "seat 3 cho 5\n" + lines(
        "game", "bet 1 10k", "bet 2 10k", "deal A 9 [JK] 8", "deal K 7 5 [?]")
    data = js(script)
    assert (data["status"], data["reason"], data["hp"]) == ("failure", "joker", 985_000)
