"""GUILD-1…7 (guild skills), TIME-1 and TIME-3 (time up, yellow cards)."""

from __future__ import annotations

import pytest
from helpers import clauses, game, hand, js, lines, refused, run

BASE = "quest easy\ndice 6\njk 0 0\n{extra}seat 1 aki 100k\nseat 3 ben 50k\nseat 5 cho 5\n"


def quest(extra: str = "") -> str:
    return BASE.format(extra=extra)


# ---------------------------------------------------------------- GUILD-1


def test_guild_1_redistribution_pools_and_shares_out_the_points():
    # the pool is 150,005 P: the bankrupt box's 5 P go in too, and it receives nothing
    script = quest("skill redistribute 1\n") + "game\nredistribute 1=70k 3=80005 5=0"
    data = js(script)
    assert {b: x["points"] for b, x in data["boxes"].items()} == {"1": 70_000, "3": 80_005, "5": 0}
    assert js(quest("skill redistribute 1\n") + "game\nredistribute 1=70k 3=80005")["boxes"]["5"]["points"] == 0
    assert "GUILD-1" in clauses(script)


def test_guild_1_rules():
    g = quest("skill redistribute 1\n") + "game"
    assert refused(quest() + "game", "redistribute 1=75k 3=75k").clause == "GUILD-1"  # no uses
    assert refused(g, "redistribute 1=150k").clause == "GUILD-1"  # box 3 missing
    assert refused(g, "redistribute 1=70k 3=70k").clause == "GUILD-1"  # the total changes
    assert refused(g, "redistribute 1=70k 3=75k 5=5").clause == "GUILD-1"  # bankrupt: nothing
    used = g + "\nredistribute 1=75k 3=75005"
    assert refused(used, "redistribute 1=70k 3=80005").clause == "GUILD-1"  # no use left
    assert refused(g + "\nbet 1 90k", "redistribute 1=50k 3=100005").clause == "BET-5"
    dealt = g + "\nbet 1 10k\nbet 3 10k\ndeal 9 8 7 6 9 8 7 [T]"
    assert refused(dealt, "redistribute 1=75k 3=75005").clause == "BET-1"
    # the pool includes the bankrupt box's 5 P
    assert js(g + "\nredistribute 1=100k 3=50005")["boxes"]["3"]["points"] == 50_005


def test_guild_1_not_right_after_a_backbet_but_the_reverse_is_allowed():
    extra = "skill redistribute 2\nskill mp 6\n"
    assert refused(quest(extra) + "game\nbackbet", "redistribute 1=75k 3=75005").clause == "GUILD-1"
    run(quest(extra) + "game\nredistribute 1=75k 3=75005\nbackbet")


# ---------------------------------------------------------------- GUILD-2

UNDER = quest("skill under on\n").replace("seat 5 cho 5\n", "")


@pytest.mark.parametrize(
    "hits,ratio",
    [
        (["2", "2", "A", "2"], 4.5),  # 2 2 2 2 A 2: six cards, soft 21: 3 x 1.5
        (["2", "2", "A", "3"], 3.0),  # six cards, 14: 3x
        (["2", "A", "A", "A", "3"], 6.0),  # seven cards
        (["A", "A", "A", "A", "2", "2"], 12.0),  # eight cards
    ],
)
def test_guild_2_under_bonus_ratios(hits, ratio):
    script = UNDER + "game\nbet 1 10k\nbet 3 -\ndeal 2 9 7 2 9 [T]\n" + "\n".join(f"1 ht {c}" for c in hits)
    state = run(script).state
    if not state.game.hands[0].done:
        script += "\n1 st"
    script += "\nreveal"  # BASE-10: an Under Bonus is not compared with the dealer
    data = game(script)
    assert hand(script, "1")["result"] == "under" and hand(script, "1")["ratio"] == ratio
    assert data["ledger"][0]["step"] == "B" and data["ledger"][0]["points"] == int(10_000 * (ratio - 1))
    assert js(script)["mp"] == 1  # GUILD-5


def test_guild_2_split_hands_and_a_switched_off_skill_get_no_bonus():
    split = UNDER + lines("game", "bet 1 10k", "bet 3 -", "deal 2 9 7 2 9 [T]", "1 sp", "1a 2", "1a ht 2",
                          "1a ht A", "1a ht 2", "1a ht 3", "1a st")  # fmt: skip
    assert run(split).state.game.hands[0].outcome == "stand"
    off = UNDER.replace("skill under on", "skill under off") + lines(
        "game", "bet 1 10k", "bet 3 -", "deal 2 9 2 7 9 [T]", "1 ht 2", "1 ht 2", "1 ht A", "1 ht 3", "1 st")
    assert run(off).state.game.hands[0].outcome == "stand"


# ---------------------------------------------------------------- GUILD-3

SIGHT = quest("skill mp 2\n").replace("seat 5 cho 5\n", "") + lines(
    "game", "bet 1 10k", "bet 3 10k", "deal 9 7 6 5 9 [T]")


def test_guild_3_future_sight_shows_the_top_cards_and_they_must_come_next():
    script = SIGHT + "\n1 foresight [6] 4"
    state = run(script).state
    assert state.mp == 1 and state.game.foresight_time == 60
    assert refused(script, "1 ht 9").clause == "GUILD-3"
    script += "\n1 ht 6"  # the turned card; brackets optional
    assert hand(script, "1")["cards"] == ["9", "5", "[6]"]
    assert refused(script + "\n1 st", "3 ht 5").clause == "GUILD-3"
    run(script + "\n1 st\n3 ht 4")
    assert {"GUILD-3", "TIME-1"} <= clauses(script)


def test_guild_3_a_known_top_card_decides_the_dealers_draw():
    script = SIGHT + "\n1 foresight [5]\n1 st\n3 st\nreveal"  # dealer 6 T = 16; 5 known on top
    assert refused(script, "next [?]").clause == "GUILD-3"
    assert refused(script, "next 9").clause == "GUILD-3"
    data = game(script + "\nnext 5")
    assert data["dealer"]["cards"] == ["6", "[T]", "[5]"] and data["dealer"]["total"] == 21


def test_guild_3_needs_mp_and_a_turned_joker_is_seen_by_all():
    no_mp = quest().replace("seat 5 cho 5\n", "") + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 7 6 5 9 [T]")
    assert refused(no_mp, "1 foresight [8]").clause == "GUILD-5"
    script = SIGHT + "\n1 foresight JK"
    assert js(script)["jokers"] == {"players": 1, "dealer": 1}
    script += "\n1 ht JK"  # the same joker: not counted again
    assert js(script)["jokers"] == {"players": 1, "dealer": 1}


# ---------------------------------------------------------------- GUILD-4

BACK = quest("skill mp 3\n") + "game\nbackbet\n"


def test_guild_4_backbet_deals_first_and_bets_after_the_check():
    assert refused(BACK, "bet 1 10k").clause == "GUILD-4"  # the deal comes first
    dealt = BACK + "deal 9 8 2 K 7 8 3 [?]"  # the dealer shows K: check before the bets
    state = run(dealt).state
    assert state.phase.value == "check" and state.mp == 0
    checked = dealt + "\npeek 7"
    assert run(checked).state.phase.value == "late_bets"
    done = run(checked + "\nbet 1 20k\nbet 3 -")
    assert done.state.phase.value == "players"
    assert [h.bet for h in done.state.game.hands] == [20_000, 0, 0]
    assert [h.nobet for h in done.state.game.hands] == [False, True, True]


def test_guild_4_no_surrender_call_and_the_window_closes_at_the_next_command():
    dealt = BACK + "deal 9 8 2 A 7 8 3 [?]"  # an up ace: no surrender call, only the check
    assert run(dealt).state.phase.value == "check"
    script = dealt + "\npeek 7\nbet 1 10k\n1 st"  # box 3 places no bet line: no bet
    state = run(script).state
    assert state.game.bets[3] is None and state.phase.value == "reveal"


def test_guild_4_needs_3_mp_and_no_bets_before_it():
    assert refused(quest("skill mp 2\n") + "game", "backbet").clause == "GUILD-5"
    assert refused(quest("skill mp 3\n") + "game\nbet 1 10k", "backbet").clause == "GUILD-4"


def test_guild_4_box_jokers_take_effect_once_the_bets_are_placed():
    script = quest("skill mp 3\n").replace("jk 0 0", "jk 1 1") + "game\nbackbet\ndeal [JK] 8 2 6 7 8 3 [T]"
    state = run(script).state
    assert state.game.hands[0].outcome is None  # not yet
    state = run(script + "\nbet 1 10k\nbet 3 10k").state
    assert state.game.hands[0].outcome == "joker"


# ---------------------------------------------------------------- GUILD-5, GUILD-6, GUILD-7


def test_guild_5_mp_one_per_hand_paid_2_5x_or_more():
    script = quest("skill mp 1\n") + lines("game", "bet 1 10k", "bet 3 10k", "deal A A 2 6 K K 3 [T]", "reveal")
    assert js(script)["mp"] == 3


def test_guild_6_surrender_skill_enables_surr_2():
    script = "quest easy\ndice 6\njk 0 0\nskill surrender {lvl}\nseat 1 aki 100k\ngame\nbet 1 10k\ndeal 9 A 8 K"
    assert refused(script.format(lvl=0) + "\ngame", "sr 1").clause in ("HEAL-1", "SURR-1", "BET-1")
    assert run(script.format(lvl=1)).state.phase.value == "surrender"
    assert run(script.format(lvl=0)).state.phase.value == "between"


def test_guild_7_joker_levels_from_the_setup_default_early_0_late_2():
    state = run("quest easy\ndice 4").state
    assert (state.config.jk_early, state.config.jk_late) == (0, 2)
    state = run("quest easy\ndice 4\njk 1 3").state
    assert (state.config.jk_early, state.config.jk_late) == (1, 3)


# ---------------------------------------------------------------- TIME


def test_time_1_time_up_every_unfinished_hand_stands():
    script = quest().replace("seat 5 cho 5\n", "") + lines("game", "bet 1 10k", "bet 3 10k", "deal 9 7 6 5 9 [T]",
                                                           "timeup")  # fmt: skip
    state = run(script).state
    assert all(h.done for h in state.game.hands) and state.phase.value == "reveal"
    split = quest().replace("seat 5 cho 5\n", "") + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal 8 7 6 8 9 [T]", "1 sp", "timeup")
    state = run(split).state
    assert refused(split, "1a st").clause == "BASE-4"  # 1a still gets its second card
    state = run(split + "\n1a 3\n1b 9").state
    assert state.phase.value == "reveal"


def test_time_3_two_yellow_cards_and_the_player_leaves():
    script = quest().replace("seat 5 cho 5", "seat 5 aki 100k") + "game\nyellow 1"
    assert js(script)["boxes"]["5"]["yellow"] == 1  # counted per player: aki holds 1 and 5
    script += "\nyellow 5"
    data = js(script)
    assert data["boxes"]["1"]["yellow"] == 2
    state = run(script).state
    assert state.replaced_by["aki"] == "ben"
    assert refused(script, "yellow 1").clause == "TIME-3"
    assert refused(quest(), "yellow 1").clause == "TIME-3"  # only during a game
