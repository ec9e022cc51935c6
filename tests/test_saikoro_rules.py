"""Saikoro (seed 002, dealer_assist/tables/saikoro/data/SAIKORO.md): each clause's rulings, with
the figures worked by hand in the comments."""

from __future__ import annotations

import pytest

from dealer_assist import rulesets
from dealer_assist.core.session import Session
from dealer_assist.errors import NotationError, RuleViolation
from dealer_assist.notation import parse_line
from dealer_assist.replay import replay_text
from dealer_assist.tables.saikoro import dice, value
from dealer_assist.tables.saikoro.commands import Value

SETUP = "ruleset saikoro\nseat 1 aki\nseat 2 ben\nseat 3 chika\n"


def run(script: str):
    result = replay_text(SETUP + script)
    assert result.ok, result.error_text()
    return result.session


def js(script: str) -> dict:
    return rulesets.to_json(run(script).state)


def points(script: str) -> list[int]:
    return [p["points"] for p in js(script)["players"]]


def chips(script: str) -> list[int]:
    return [p["chips"] for p in js(script)["players"]]


def refused(script: str, line: str) -> RuleViolation:
    """``line`` is refused after ``script`` and the state is left exactly as it was (both folds)."""
    for owned in (False, True):
        result = replay_text(SETUP + script, session=Session(owned=owned))
        assert result.ok, result.error_text()
        before = rulesets.to_json(result.session.state)
        with pytest.raises(RuleViolation) as info:
            result.session.submit_all(parse_line(line))
        assert rulesets.to_json(result.session.state) == before
    return info.value


# --------------------------------------------------------------------------- SAI-1, SAI-13


def test_sai_1_everyone_starts_with_50000_and_the_points_cannot_be_typed_otherwise():
    assert points("") == [50_000, 50_000, 50_000]
    assert refused("", "seat 4 dan 30000").clause == "SAI-1"
    assert refused("game\n", "seat 4 dan").clause == "SAI-1"


def test_sai_1_three_players_are_needed():
    result = replay_text("ruleset saikoro\nseat 1 aki\nseat 2 ben\ngame\n")
    assert not result.ok and result.error.clause == "SAI-1"


def test_sai_13_four_players_the_north_seat_sits_out_each_hand():
    result = replay_text(SETUP + "seat 4 dai\ngame\n")
    state = result.session.state
    assert state.active == (1, 2, 3) and state.sitting_out == 4
    result = replay_text(SETUP + "seat 4 dai\ngame\nron 2 3 2h30\nroll 3 3 5\ngame\n")
    state = result.session.state
    assert state.dealer == 2 and state.sitting_out == 1 and state.active == (2, 3, 4)
    error = refused("seat 4 dai\ngame\nron 2 3 2h30\nroll 3 3 5\ngame\n", "ron 1 2 mangan")
    assert error.clause == "SAI-13"


# --------------------------------------------------------------------------- HOUSE-3: the payment


@pytest.mark.parametrize("typed, tsumo, dealer, expected", [
    (Value(3, 30), False, False, (3900,)), (Value(3, 30), False, True, (5800,)),
    (Value(1, 30), True, False, (300, 500)), (Value(4, 30), False, False, (7700,)),  # no kiriage mangan
    (Value(limit="mangan"), True, True, (4000,)), (Value(limit="haneman"), False, False, (12000,)),
    (Value(limit="sanbaiman"), False, True, (36000,)), (Value(limit="kazoe"), False, False, (32000,)),
    (Value(limit="double"), True, False, (16000, 32000)), (Value(points=(2000, 3900)), True, False, (2000, 3900)),
])  # fmt: skip
def test_house_3_han_and_fu_through_the_mahjong_package(typed, tsumo, dealer, expected):
    assert value.base(typed, tsumo=tsumo, dealer=dealer) == expected


def test_house_3_a_tsumo_with_tsumo_loss_and_with_the_absent_share_split():
    # ben (non-dealer) tsumo 3h30: the dealer aki 2,000, chika 1,000; the absent non-dealer's 1,000 unpaid
    assert points("game\ntsumo 2 3h30\nroll 1 3 5\nroll 1 3 5\nroll 1 3 5\n") == [48_000, 53_000, 49_000]
    split = "ruleset saikoro\noption tsumo split\nseat 1 aki\nseat 2 ben\nseat 3 chika\n"
    result = replay_text(split + "game\ntsumo 2 3h30\nroll 1 3 5\nroll 1 3 5\nroll 1 3 5\n")
    assert [p["points"] for p in rulesets.to_json(result.session.state)["players"]] == [47_500, 54_000, 48_500]


def test_house_3_typed_points_need_their_shape():
    assert refused("game\n", "tsumo 2 3900").clause == "HOUSE-3"  # a non-dealer's tsumo is two figures
    assert refused("game\n", "ron 2 1 2000/3900").clause == "HOUSE-3"


def test_house_3_no_ron_off_oneself_and_no_win_outside_a_hand():
    assert refused("game\n", "ron 2 2 mangan").clause == "HOUSE-3"
    assert refused("", "tsumo 1 mangan").clause == "HOUSE-3"


# --------------------------------------------------------------------------- SAI-6, SAI-7, SAI-8


def test_sai_6_a_riichi_win_rolls_two_dice_a_dama_win_three():
    assert refused("game\nriichi 2\nron 2 1 2h40\n", "roll 1 2 3").clause == "SAI-6"
    assert refused("game\nron 2 1 2h40\n", "roll 1 2").clause == "SAI-6"


def test_sai_6_a_dama_win_rolls_up_to_three_times_and_the_first_result_stands():
    # 目無し twice, then 1-2-3 stands at once (a result, not only a point)
    state = run("game\nron 2 1 2h40\nroll 1 3 5\nroll 2 4 6\nroll 1 2 3\n").state
    hand = state.history.last(1)[0]
    assert hand["wins"][0]["rolls"] == [[1, 3, 5], [2, 4, 6], [1, 2, 3]]
    assert hand["wins"][0]["result"] == {"result": "123", "number": 0}
    assert refused("game\nron 2 1 2h40\nroll 2 2 5\n", "roll 1 1 1").clause == "SAI-6"  # settled: no roll left


def test_sai_6_three_rolls_without_a_point_is_the_win_as_it_is():
    # ben 2h40 off aki: 2,600
    assert points("game\nron 2 1 2h40\nroll 1 3 5\nroll 2 4 6\nroll 1 2 4\n") == [47_400, 52_600, 50_000]


@pytest.mark.parametrize("roll, paid, chip", [
    ("roll 3 3 5", 2_600 + 5_000, 1 + 5),  # a point of 5: + 5 × 1,000 and + 5 chips
    ("roll 1 2 3", -2_600, -1),  # 1-2-3: the win paid back at 1×
    ("roll 4 5 6", 5_200, (1 + 5) * 2),  # 4-5-6: points ×2, chips + 5, ×2
    ("roll 4 4 4", 7_800, (1 + 4) * 3),  # a triple of 4: ×3, chips + 4, ×3
    ("roll 1 1 1", 13_000, (1 + 5) * 5),  # ピンゾロ: ×5, chips + 5, ×5
])  # fmt: skip
def test_sai_7_what_each_result_pays(roll, paid, chip):
    script = f"game\nron 2 1 2h40 aka 1\n{roll}\n"  # 2,600 and 1 chip (a red five) from aki
    assert points(script) == [50_000 - paid, 50_000 + paid, 50_000]
    assert chips(script) == [-chip, chip, 0]


def test_sai_7_the_honba_is_inside_the_multiplied_points():
    # South ... : aki deals again with 1 honba after a dealer's win; ben 2h40 + 200 = 2,800, ×2 at 4-5-6
    script = "game\nron 1 2 1h30\nroll 3 3 1\ngame\nron 2 1 2h40\nroll 4 5 6\n"
    state = run(script).state
    assert state.history.last(1)[0]["honba"] == 1
    assert state.history.last(1)[0]["moves"][0]["points"] == 5_600


def test_sai_8_rights_add_up_and_a_declined_roll_is_gone():
    script = "game\nriichi 1\ntsumo 1 3h30 ippatsu pochi\nroll 6 6\nroll 1 2\n"
    state = run(script).state
    win = state.wins[0]
    assert win.rights == 2 and state.phase == "choose"  # ippatsu + white pocchi; one right still left
    # keep: the 1-2 (a point of 2) stands, not the triple sixes declined before
    hand = run(script + "keep\n").state.history.last(1)[0]
    assert hand["wins"][0]["result"] == {"result": "point", "number": 2}


def test_sai_8_no_keep_without_a_right_and_no_reroll_past_the_rights():
    assert refused("game\nriichi 1\nron 1 2 3h30\n", "keep").clause == "SAI-8"
    state = run("game\nriichi 1\nron 1 2 3h30 ippatsu\nroll 2 3\nroll 4 5\n").state
    assert state.phase == "between"  # the one right used: the second roll stands


@pytest.mark.parametrize("win, rights", [
    ("ron 1 2 sanbaiman", 1), ("ron 1 2 kazoe", 2), ("ron 1 2 yakuman", 2), ("ron 1 2 baiman ippatsu shika", 2),
])  # fmt: skip
def test_sai_8_the_rights_of_a_riichi_win(win, rights):
    assert run(f"game\nriichi 1\n{win}\n").state.wins[0].rights == rights


def test_sai_8_a_real_yakuman_rolls_two_dice_with_two_rights_at_dama():
    win = run("game\nron 1 2 yakuman\n").state.wins[0]
    assert (win.dice, win.rights) == (2, 2)


# --------------------------------------------------------------------------- SAI-5, SAI-9, SAI-10


def test_sai_5_chip_objects_count_on_open_hands_too():
    # open: 赤 2 + 金 1 (3 chips) = 5 chips from each at a tsumo
    state = run("game\ntsumo 2 1h30 open aka 2 gold 1\n").state
    assert state.wins[0].chips == 5 and state.wins[0].kind == "open"


def test_sai_5_ippatsu_ura_and_pocchi_need_riichi():
    assert refused("game\n", "ron 2 1 mangan ippatsu").clause == "SAI-5"
    assert refused("game\n", "tsumo 2 mangan ura 1").clause == "SAI-5"
    assert refused("game\nriichi 2\n", "ron 2 1 mangan pochi").clause == "SAI-5"  # white pocchi: a tsumo


def test_sai_5_a_double_ron_bust_pays_the_bust_prize_to_both_winners():
    script = "game\nriichi 2\nron 1 3 mangan\nron 2 3 haneman\nroll 4 5 6\nroll 5 5\n"
    data = js(script)
    assert [p["points"] for p in data["players"]] == [75_000, 85_000, -10_000]
    assert data["log"][0]["bust_prizes"] == [{"payer": 3, "payee": 1, "chips": 2}, {"payer": 3, "payee": 2, "chips": 2}]


@pytest.mark.parametrize("limit, expected", [("yakuman", 20), ("kazoe", 10), ("double", 40), ("sanbaiman", 0)])
def test_sai_9_yakuman_chips(limit, expected):
    assert run(f"game\nron 2 1 {limit}\n").state.wins[0].chips == expected


def test_sai_10_nagashi_counts_only_the_fives_in_hand_and_nuki():
    win = run("game\nnagashi 2 aka 1 gold 1\n").state.wins[0]
    assert win.chips == 1 + 3 and win.nagashi and dict(win.shares) == {1: 16_000, 3: 8_000}


# --------------------------------------------------------------------------- SAI-11, SAI-12


def test_sai_11_one_noten_pays_each_other_player_two_noten_each_pay_the_tenpai_one():
    # ben alone noten: triple fives = 15,000 and 15 chips to each
    assert points("game\nryukyoku 1 3\nroll 5 5\n") == [65_000, 20_000, 65_000]
    # aki and chika noten: each pays ben; chika's point of 3 pays nothing (the sheet's 4～6)
    assert points("game\nryukyoku 2\nroll 2 6\nroll 1 3\n") == [44_000, 56_000, 50_000]


@pytest.mark.parametrize("roll, expected", [((4, 6), (6000, 6)), ((1, 3), (0, 0)), ((2, 2), (6000, 6)),
                                            ((1, 1), (25000, 25)), ((6, 6), (18000, 18))])  # fmt: skip
def test_sai_11_the_noten_table(roll, expected):
    assert dice.noten(dice.read(roll)) == expected


def test_sai_11_everyone_tenpai_or_nobody_pays_nothing():
    assert points("game\nryukyoku -\n") == [50_000] * 3
    assert points("game\nryukyoku 1 2 3\n") == [50_000] * 3


def test_sai_12_chombo_30_chips_to_each_and_the_hand_again():
    state = run("game\nriichi 1\nchombo 3\n").state
    assert state.chips[:3] == (30, 30, -60) and state.points[:3] == (50_000, 50_000, 50_000)
    assert (state.dealer, state.honba, state.sticks) == (1, 0, 0)


# --------------------------------------------------------------------------- HOUSE-1, 2, 5, 6 and SAI-2


def test_house_1_the_dealer_keeps_the_deal_on_a_win_or_tenpai():
    assert run("game\nron 1 2 1h30\nroll 3 3 1\n").state.honba == 1
    state = run("game\nryukyoku 2\nroll 2 6\nroll 1 3\n").state
    assert (state.dealer, state.honba) == (2, 1)  # the dealer noten: the deal passes, honba still grows


def test_house_2_riichi_needs_a_stick_and_once_a_hand():
    assert refused("game\nriichi 1\n", "riichi 1").clause == "HOUSE-2"
    state = run("game\nriichi 1\nriichi 2\nryukyoku 1 2\nroll 3 4\n").state
    assert state.sticks == 2  # the sticks stay on the table through a draw


def test_house_6_a_double_rons_sticks_and_honba_go_to_the_first_in_turn():
    # off aki's discard: ben (dama, three dice) is first in turn, chika (riichi, two dice) second
    script = "game\nriichi 3\nron 3 1 1h30\nron 2 1 1h30\n"
    assert refused(script, "roll 1 3").clause == "SAI-6"  # ben rolls first, three dice
    state = run(script + "roll 1 3 5\nroll 1 3 5\nroll 1 3 5\nroll 1 3\n").state
    assert [w["winner"] for w in state.history.last(1)[0]["wins"]] == [2, 3]
    # ben 1,000 as it is and the stick; chika 1,000 + 3,000 and 3 chips (a point of 3)
    assert state.points[:3] == (45_000, 52_000, 53_000) and state.chips[:3] == (-3, 0, 3)


def test_sai_2_the_final_table_of_the_sample_hanchan():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "sample_sessions" / "saikoro_hanchan.txt").read_text(encoding="utf-8")
    data = rulesets.to_json(replay_text(text).session.state)
    final = {r["name"]: r for r in data["final"]}
    # ben 88,400: +38,400 and 32 chips (including 20 of 沈みウマ) = 38,400 + 64,000 = 102,400 = 51.2 chips
    assert (final["ben"]["points"], final["ben"]["uma"], final["ben"]["chips"]) == (88_400, 20, 32)
    assert (final["ben"]["total_points"], final["ben"]["total_chips"]) == (102_400, "51.2")
    assert [r["name"] for r in data["final"]] == ["ben", "aki", "chika"]
    assert sum(r["points"] for r in data["final"]) == 150_000 and sum(r["chips"] for r in data["final"]) == 0


def test_house_5_a_player_below_zero_ends_the_game_unless_the_house_plays_on():
    script = "game\nriichi 2\nron 1 3 mangan\nron 2 3 haneman\nroll 4 5 6\nroll 5 5\n"
    assert js(script)["status"] == "over"
    played = replay_text("ruleset saikoro\noption bust play\nseat 1 aki\nseat 2 ben\nseat 3 chika\n" + script)
    assert rulesets.to_json(played.session.state)["status"] == "running"


# --------------------------------------------------------------------------- the notation


@pytest.mark.parametrize("line", ["roll 7 1", "ron 2 1 3h35", "ron 5 1 mangan", "tsumo 1 mangan ura", "ryukyoku 1 1",
                                  "option tsumo maybe", "riichi x", "ron 2 1 mangan glitter"])  # fmt: skip
def test_notation_typos_are_refused_before_the_rules(line):
    with pytest.raises(NotationError):
        parse_line(line)


@pytest.mark.parametrize("line, canonical", [
    ("ロン 2 1 満貫 一発 裏2", "ron 2 1 mangan ippatsu ura 2"), ("ツモ 3 3翻40符 赤1", "tsumo 3 3h40 aka 1"),
    ("サイコロ 456", "roll 4 5 6"), ("流局 -", "ryukyoku"), ("採用", "keep"), ("チョンボ 2", "chombo 2"),
])  # fmt: skip
def test_notation_the_seeds_words(line, canonical):
    assert str(parse_line(line)[0]) == canonical


# --------------------------------------------------------------------------- SAI-3, SAI-4, SAI-14, HOUSE-4


def test_sai_3_red_and_gold_fives_are_chips_the_black_ones_only_dora():
    # the black fives count 2 dora in the han the scorekeeper types; a red five 1 chip, a gold one 3
    assert run("game\nron 2 1 3h30 aka 2 gold 1\n").state.wins[0].chips == 2 + 3
    assert run("game\nron 2 1 5h30\n").state.wins[0].chips == 0


def test_sai_4_the_5m_nuki_tiles_count_with_the_red_and_gold_fives():
    # a red 5m and a gold 5m among the nuki tiles are typed with the hand's (aka, gold)
    state = run("game\ntsumo 3 mangan open aka 1 gold 1\nroll 1 3 5\nroll 2 4 6\nroll 1 3 6\n").state
    assert state.chips[:3] == (-4, -4, 8)  # 1 + 3 chips from each, open hands included (SAI-5)


def test_sai_14_house_options_before_the_first_hand_only():
    assert refused("game\n", "option tsumo split").clause == "SAI-14"
    result = replay_text("ruleset saikoro\noption bust play\noption tsumo split\nseat 1 a\nseat 2 b\nseat 3 c\n")
    assert rulesets.to_json(result.session.state)["options"] == {"tsumo": "split", "bust": "play"}


def test_house_4_honba_200_from_a_ron_100_from_each_payer_of_a_tsumo():
    renchan = "game\nron 1 2 1h30\nroll 3 3 1\n"  # aki, the dealer, keeps the deal: 1 honba
    ron = run(renchan + "game\nron 3 2 1h30\nroll 1 3 5\nroll 1 3 5\nroll 1 3 5\n").state
    assert ron.history.last(1)[0]["moves"][0]["points"] == 1_000 + 200
    tsumo = run(renchan + "game\ntsumo 3 1h30\nroll 1 3 5\nroll 1 3 5\nroll 1 3 5\n").state
    assert [m["points"] for m in tsumo.history.last(1)[0]["moves"]] == [500 + 100, 300 + 100]
