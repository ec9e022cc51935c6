"""JK-1…9 (with GUILD-7, DSK-6, END-F3, END-1): jokers numbered per viewpoint."""

from __future__ import annotations

import pytest
from helpers import clauses, game, hand, js, lines, refused, rulings, run

SETUP = """
quest easy
dice 4
jk {early} {late}
seat 1 aki 100k
seat 3 ben 100k
"""


def setup(early: int = 0, late: int = 2, dice: str = "4") -> str:
    return SETUP.format(early=early, late=late).replace("dice 4", f"dice {dice}")


# three jokers seen by everybody in game 1 (box 1 hits them; early Lv.0: aces)
THREE_SEEN = lines(
    "game", "bet 1 10k", "bet 3 10k", "deal [JK] 9 6 [JK] 8 [T]",  # box 1: two jokers = A A
    "1 ht [JK]", "1 ht 5",  # A A A 5 = 18
    "1 st", "3 st", "reveal", "next 9",
)


def test_jk_5_jk_8_first_worked_example():
    """The dealer's face-up ace prompts a check; the hole card is the 4th joker in the
    dealer's count, early, so an ace. A player then draws a joker: the players have seen
    only three, so it is their 4th — early."""
    script = setup(0, 2) + THREE_SEEN + "\n" + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal 9 8 A 5 8 [JK]", "go", "peek")
    data = js(script)
    assert data["jokers"] == {"players": 3, "dealer": 4}
    assert run(script).state.phase.value == "players"  # A + joker-ace = soft 12, no blackjack
    script += "\n1 ht [JK]"  # 9 5 + joker
    data = js(script)
    assert data["jokers"] == {"players": 4, "dealer": 5}
    state = run(script).state
    assert state.jokers[-1].players == 4 and state.jokers[-1].level == 0  # early: an ace
    assert state.game.hands[0].outcome is None and state.game.hands[0].total().value == 15
    # at the reveal the players see the hole joker (their 5th, late) but the ruling stands
    done = script + "\n1 st\n3 st\nreveal"
    assert js(done)["jokers"] == {"players": 5, "dealer": 5}
    assert ("JK-8") in clauses(done)
    assert run(done).state.status.value == "running"


def test_jk_6_second_worked_example():
    """The dealer shows a 4 with a closed hole card; a player draws the 4th joker; at the
    reveal the hole card is a joker — the dealer's 5th, late; with late Lv.2 the quest fails."""
    base = setup(0, 2) + THREE_SEEN + "\n" + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal 9 8 4 5 8 [?]", "1 ht [JK]")
    assert js(base)["jokers"] == {"players": 4, "dealer": 4}
    done = base + "\n1 st\n3 st\nreveal JK"
    data = js(done)
    assert data["jokers"] == {"players": 5, "dealer": 5}
    assert data["status"] == "failure" and data["reason"] == "joker"
    assert "END-F3" in clauses(done)


def test_jk_1_public_sightings_count_in_both_views_and_the_check_in_the_dealer_view_only():
    script = setup(0, 0) + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 A 5 8 [JK]", "peek")
    assert js(script)["jokers"] == {"players": 0, "dealer": 1}  # A + an ace: no blackjack, play goes on
    assert run(script).state.game.hole is not None  # still face down
    burned = setup(0, 0) + "seat 5 cho 5\n" + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 [JK] 6")
    assert js(burned)["jokers"] == {"players": 1, "dealer": 1}  # a burned box's card is seen


def test_base_6_jk_1_a_blackjack_found_at_the_check_is_shown_and_the_players_see_its_joker():
    script = setup(0, 0) + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 K 5 8 [?]", "peek [JK]")
    state = run(script).state
    assert state.game.hole is None and state.game.hole_shown  # face up once the game ends
    assert js(script)["jokers"] == {"players": 1, "dealer": 1}
    assert js(script)["log"][-1]["dealer"] == {"cards": ["K", "[JK]"], "total": 21, "bust": False,
                                               "blackjack": True}  # fmt: skip
    assert ("JK-8", "joker.stands") in rulings(script)  # ruled an ace at the check: it stays one


def test_jk_2_a_jokers_number_is_fixed_when_first_seen():
    script = setup(0, 0) + THREE_SEEN
    state = run(script).state
    assert [j.players for j in state.jokers] == [1, 2, 3]
    assert [j.dealer for j in state.jokers] == [1, 2, 3]


def test_jk_3_dsk_6_late_from_5_from_3_with_skill_6_and_from_1_aggravated():
    from dealer_assist.tables.onemillion import jokers
    from dealer_assist.tables.onemillion.state import State

    state = State()
    assert jokers.late_from(state) == 5
    state.skills = {6: 1}
    assert jokers.late_from(state) == 3
    state.skills = {6: 2}
    assert jokers.late_from(state) == 1
    # in play: with skill 6 the third joker is late
    script = setup(0, 1, dice="6") + THREE_SEEN.replace("1 ht 5", "1 st").replace("\n1 st\n3 st", "\n3 st", 1)
    data = js(setup(0, 1, dice="6") + lines("game", "bet 1 10k", "bet 3 10k", "deal [JK] [JK] 6 [JK] 8 [T]"))
    hands = {h["hand"]: h for h in data["log"][-1]["hands"]}
    assert data["jokers"]["players"] == 3
    del script, hands
    state = run(setup(0, 1, dice="6") + lines("game", "bet 1 10k", "bet 3 10k", "deal [JK] [JK] 6 [JK] 8 [T]")).state
    assert [j.level for j in state.jokers] == [0, 0, 1]
    assert state.game.hands[0].outcome == "joker"  # box 1's second joker is the 3rd: late, Lv.1


@pytest.mark.parametrize("level,outcome", [(1, "joker"), (2, "joker")])
def test_jk_4_jk_9_a_players_joker_at_lv1_or_lv2_loses_that_hand_at_once(level, outcome):
    script = setup(level, level) + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 8 6 5 8 [T]", "1 ht [JK]")
    state = run(script).state
    assert state.game.hands[0].outcome == outcome and state.game.hands[0].done
    done = script + "\n3 st\nreveal\nnext 9"
    assert hand(done, "1")["result"] == "joker" and hand(done, "1")["ratio"] == 0.0
    assert js(done)["status"] == "running"  # a player's Lv.2 joker does not end the quest


def test_jk_4_lv3_a_player_is_bankrupt_and_the_rest_is_forfeited_never_healed():
    script = setup(3, 3).replace("jk 3 3", "jk 3 3\nhp 400k") + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal 8 9 6 8 9 [T]", "1 sp", "1a T", "1a st", "1b [JK]")
    state = run(script).state
    assert state.boxes[1].bankrupt and all(h.outcome == "joker" for h in state.game.hands_of(1))
    done = script + "\n3 st\nreveal\nnext 9"
    ledger = game(done)["ledger"]
    assert ledger == [
        {"step": "C", "hand": "1a", "points": -10000, "damage": 0, "heal": 0, "hp": 400000, "rule": "SET-C"},
        {"step": "C", "hand": "1b", "points": -10000, "damage": 0, "heal": 0, "hp": 400000, "rule": "SET-C"},
        {"step": "C", "hand": "1", "points": -80000, "damage": 0, "heal": 0, "hp": 400000, "rule": "JK-4"},
        {"step": "D", "hand": None, "points": 0, "damage": 0, "heal": 20000, "hp": 420000, "rule": "SET-D"},
        {"step": "E", "hand": "3", "points": 10000, "damage": 10000, "heal": 0, "hp": 410000, "rule": "SET-E"},
    ]  # fmt: skip
    assert js(done)["boxes"]["1"]["points"] == 0


def test_jk_9_a_burned_boxs_lv3_joker_fails_the_quest_after_blackjacks_are_paid():
    script = setup(3, 3) + "seat 5 cho 5\n" + lines("game", "bet 1 10k", "bet 3 10k", "deal A 8 [JK] 6 K 8 7 [T]")
    data = js(script)
    assert data["status"] == "failure" and data["reason"] == "joker"
    assert data["log"][0]["ledger"] == [
        {"step": "A", "hand": "1", "points": 15000, "damage": 15000, "heal": 0, "hp": 985000, "rule": "SET-A"}
    ]
    assert "JK-9" in clauses(script)
    low = setup(0, 0) + "seat 5 cho 5\n" + lines("game", "bet 1 10k", "bet 3 10k", "deal A 8 [JK] 6 K 8 7 [T]")
    assert js(low)["status"] == "running"


# the dealer's joker at each level in each of its moments ---------------------------------

MOMENTS = {
    # the first card (effect at the end of the deal); box 1 has a blackjack
    "first": lines("game", "bet 1 10k", "bet 3 10k", "deal A 9 [JK] K 7 [5]"),
    # the hole card at the check (a ten up)
    "check": lines("game", "bet 1 10k", "bet 3 10k", "deal A 9 T K 7 [JK]", "peek"),
    # the hole card at the reveal (no check)
    "reveal": lines("game", "bet 1 10k", "bet 3 10k", "deal A 9 4 K 7 [JK]", "3 st", "reveal"),
    # a drawn card
    "draw": lines("game", "bet 1 10k", "bet 3 10k", "deal A 9 4 K 7 [T]", "3 st", "reveal", "next [?]",
                  "dealer [JK]"),  # fmt: skip
}


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_jk_6_dealer_joker_lv0_is_an_ace(moment):
    script = setup(0, 0) + MOMENTS[moment]
    state = run(script).state
    assert state.status.value == "running"
    if moment == "first":
        assert state.phase.value == "surrender"  # an ace up: the surrender call
    elif moment == "check":
        assert state.game.dealer_blackjack  # T + joker-ace: blackjack
        assert [h["result"] for h in game(script)["hands"]] == ["blackjack", "lose"]
    elif moment == "reveal":
        assert state.phase.value == "dealer"  # 4 + A = soft 15: the dealer goes on
    else:
        assert game(script)["dealer"]["total"] == 15  # 4 T A
    assert "JK-4" in clauses(script)


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_jk_7_dealer_joker_lv1_every_hand_but_blackjacks_loses(moment):
    script = setup(1, 1) + MOMENTS[moment]
    data = game(script)
    assert [h["result"] for h in data["hands"]] == ["blackjack", "joker"]  # lost to the dealer's joker
    assert data["ledger"][0]["rule"] == "SET-A"  # the blackjack is paid first
    assert data["ledger"][1] == {"step": "C", "hand": "3", "points": -10000, "damage": 0, "heal": 0,
                                 "hp": 985000, "rule": "SET-C"}  # fmt: skip
    assert js(script)["status"] == "running"
    assert "JK-7" in clauses(script)


@pytest.mark.parametrize("level", [2, 3])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_end_f3_dealer_joker_lv2_lv3_fails_the_quest_after_blackjacks(moment, level):
    script = setup(level, level) + MOMENTS[moment]
    data = js(script)
    assert data["status"] == "failure" and data["reason"] == "joker"
    assert data["log"][0]["ledger"] == [
        {"step": "A", "hand": "1", "points": 15000, "damage": 15000, "heal": 0, "hp": 985000, "rule": "SET-A"}
    ]  # END-1: only the blackjack is settled
    assert hand(script, "3")["result"] is None
    assert {"END-1", "END-F3"} <= clauses(script)


def test_end_1_a_blackjack_that_empties_the_hp_wins_before_the_dealer_joker():
    script = setup(2, 2).replace("jk 2 2", "jk 2 2\nhp 15k") + MOMENTS["first"]
    data = js(script)
    assert data["status"] == "success" and data["reason"] == "hp_zero"


def test_jk_7_dealer_lv1_joker_beats_an_under_bonus():
    script = setup(1, 1).replace("jk 1 1", "jk 1 1\nskill under on") + lines(
        "game", "bet 1 10k", "bet 3 -", "deal 2 9 4 2 7 [JK]", "1 ht 2", "1 ht 2", "1 ht A", "1 ht 3",
        "1 st")  # fmt: skip
    assert run(script).state.game.hands[0].outcome == "under"  # six cards
    script += "\nreveal"  # the hole card is a Lv.1 joker
    assert hand(script, "1")["result"] == "joker"


def test_card_6_jokers_seen_and_unseen_hole_jokers_count_to_seven():
    six = setup(0, 0) + lines("game", "bet 1 10k", "bet 3 10k", "deal [JK] [JK] 9 [JK] [JK] [JK]")
    # four seen and one hole joker not yet seen: two more make seven, an eighth is refused
    seven = six + "\n1 ht [JK]\n1 ht [JK]"
    assert len(run(seven).state.jokers) == 6
    assert refused(seven, "1 ht [JK]").clause == "CARD-6"


# ---------------------------------------------------------------- lost to the dealer's joker; no false blackjack

NORMAL = "quest normal\ndice 1 2\nseat 1 aki 100k\nseat 2 ben 100k\n{extra}"


def test_jk_4_lv1_a_hand_lost_to_the_dealers_joker_has_result_joker():
    script = NORMAL.format(extra="jk 1 1\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal 9 A JK",
                                                     "deal 7 K [9]")  # fmt: skip
    data = game(script)
    assert [(h["result"], h["ratio"]) for h in data["hands"]] == [("joker", 0.0), ("blackjack", 2.5)]
    from dealer_assist.tables.onemillion.report import build

    boxes = {b["box"]: b for b in build(run(script).state)["boxes"]}
    assert boxes[1]["jokers"] == 1 and boxes[2]["jokers"] == 0


def test_jk_4_lv1_the_dealers_joker_beats_every_split_hand_and_a_backbet_hand_as_a_joker_loss():
    split = NORMAL.format(extra="jk 1 1\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal 8 9 5", "deal 8 9 [?]",
                                                    "1 sp", "1a 2", "1a st", "1b 3", "1b st", "2 st",
                                                    "reveal JK")  # fmt: skip
    assert [h["result"] for h in game(split)["hands"]] == ["joker", "joker", "joker"]
    back = NORMAL.format(extra="jk 1 1\nskill mp 3\n") + lines("game", "backbet", "deal 9 A JK", "deal 7 K [9]",
                                                              "bet 1 10k", "bet 2 10k")  # fmt: skip
    assert [h["result"] for h in game(back)["hands"]] == ["joker", "blackjack"]


def test_jk_4_a_dealer_joker_at_lv2_is_no_ace_and_makes_no_blackjack():
    script = NORMAL.format(extra="jk 2 2\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal 9 A K",
                                                     "deal 7 K [?]", "peek [JK]")  # fmt: skip
    data = js(script)
    assert (data["status"], data["reason"]) == ("failure", "joker")
    assert data["log"][-1]["dealer"] == {"cards": ["K", "[JK]"], "total": 10, "bust": False, "blackjack": False}
    lv0 = NORMAL.format(extra="jk 0 0\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal 9 A K",
                                                  "deal 7 K [?]", "peek [JK]")  # fmt: skip
    assert game(lv0)["dealer"] == {"cards": ["K", "[JK]"], "total": 21, "bust": False, "blackjack": True}


def test_jk_4_a_players_lv1_joker_is_no_ace_in_the_hands_total():
    script = NORMAL.format(extra="jk 1 1\n") + lines("game", "bet 1 10k", "bet 2 10k", "deal 9 A 8", "deal JK")
    hand1 = run(script).state.game.hands[0]
    assert hand1.outcome == "joker" and hand1.total().value == 9
