"""DSK-0…7: the dealer's skills rolled on dice."""

from __future__ import annotations

import pytest
from helpers import clauses, game, hand, js, lines, refused, run

from dealer_assist.tables.onemillion.state import State
from dealer_assist.tables.onemillion.step import Step
from dealer_assist.tables.onemillion import skills

DIFFICULTY = {1: "easy", 2: "normal", 3: "extreme"}


def rolled(faces: str) -> tuple[dict[int, int], bool]:
    dice = tuple(int(c) for c in faces)
    t = Step(State())
    skills.roll(t, dice)
    return t.state.skills, t.state.burst_stream


@pytest.mark.parametrize(
    "faces,skills_held,burst",
    [
        ("1", {1: 1}, False), ("4", {4: 1}, False), ("6", {6: 1}, False),
        ("25", {2: 1, 5: 1}, False), ("33", {3: 2}, False), ("16", {1: 1, 6: 1}, False),
        ("445", {4: 2, 5: 1}, False), ("454", {4: 2, 5: 1}, False), ("666", {6: 1}, True),
        ("111", {1: 1}, True), ("123", {1: 1, 2: 1, 3: 1}, False), ("556", {5: 2, 6: 1}, False),
        ("246", {2: 1, 4: 1, 6: 1}, False), ("313", {1: 1, 3: 2}, False),
    ],
)  # fmt: skip
def test_dsk_0_dice_patterns(faces, skills_held, burst):
    assert rolled(faces) == (skills_held, burst)
    script = f"quest {DIFFICULTY[len(faces)]}\ndice {' '.join(faces)}"
    state = run(script).state
    assert state.skills == skills_held and state.burst_stream == burst


def test_dsk_0_number_of_dice_by_difficulty():
    assert refused("quest hard", "dice 4 4 5").clause == "DSK-0"
    assert refused("quest extreme", "dice 4 5").clause == "DSK-0"
    run("quest hard\ndice 4 5")
    run("quest normal\ndice 4 5")


def quest(dice: str, difficulty: str = "easy", extra: str = "") -> str:
    return f"quest {difficulty}\ndice {dice}\njk 0 0\n{extra}seat 1 aki 100k\nseat 3 ben 100k\n"


def test_dsk_1_forced_push_on_a_two_card_16_or_less():
    script = quest("1") + lines("game", "bet 1 10k", "bet 3 10k", "deal T A 6 9 K [T]", "1 st", "reveal", "next 9")
    data = game(script)  # the dealer stands on 6 T = 16 with two cards
    assert [h["result"] for h in data["hands"]] == ["forced_push", "blackjack"]  # BJ unaffected
    assert hand(script, "1")["ratio"] == 1.0
    assert [e["hand"] for e in data["ledger"]] == ["3"]  # no damage, no points for the push
    three = quest("1") + lines("game", "bet 1 10k", "bet 3 -", "deal T 9 5 9 7 [T]", "1 st", "reveal", "next [?]",
                               "dealer 2", "next 9")  # fmt: skip
    assert hand(three, "1")["result"] == "win"  # three cards: no forced push


def test_dsk_1_aggravated_up_to_18():
    base = quest("1 1", "normal") + lines("game", "bet 1 10k", "bet 3 -", "deal T 9 8 9 7 [T]", "1 st", "reveal")
    assert hand(base + "\nnext [?]", "1")["result"] == "forced_push"  # 18 with two cards
    plain = quest("1 6", "normal") + lines("game", "bet 1 10k", "bet 3 -", "deal T 9 8 9 7 [T]", "1 st", "reveal")
    assert hand(plain + "\nnext [?]", "1")["result"] == "win"


def test_dsk_1_under_bonus_unaffected():
    script = quest("1", extra="skill under on\n") + lines(
        "game", "bet 1 10k", "bet 3 10k", "deal 2 9 6 2 8 [T]", "1 ht 2", "1 ht 2", "1 ht A", "1 ht 2",
        "3 st", "reveal", "next 9")  # fmt: skip  (2 2 2 2 A 2 = soft 21 with six cards)
    assert hand(script, "1")["result"] == "under" and hand(script, "1")["ratio"] == 4.5
    assert hand(script, "3")["result"] == "forced_push"


def test_dsk_2_bet_cap_and_doubles_may_exceed_it():
    rich = "quest easy\ndice 2\njk 0 0\nseat 1 aki 1m\nseat 3 ben 1m\n"
    assert refused(rich + "game", "bet 1 110k").clause == "BET-4"
    script = rich + lines("game", "bet 1 100k", "bet 3 100k", "deal 8 T 6 8 T [T]", "1 sp", "1a 3", "1a ht 9",
                          "1a st", "1b 2")  # fmt: skip
    assert sum(h.bet for h in run(script).state.game.hands_of(1)) == 200_000
    aggravated = rich.replace("quest easy\ndice 2", "quest hard\ndice 2 2")
    assert refused(aggravated + "game", "bet 1 60k").clause == "BET-4"
    run(aggravated + "game\nbet 1 50k")


FIVE = "seat 1 a 100k\nseat 2 b 100k\nseat 3 c 100k\nseat 5 d 100k\nseat 6 e 5\nseat 7 f 100k\n"
LOCK_DEAL = lines("game", "bet 1 10k", "bet 2 10k", "bet 3 -", "bet 5 10k", "bet 7 10k",
                  "deal 9 9 9 9 2 9 6 7 7 7 7 3 7 [T]")  # fmt: skip


def test_dsk_3_two_lock_after_the_check():
    script = "quest easy\ndice 3\njk 0 0\n" + FIVE + LOCK_DEAL
    assert run(script).state.phase.value == "lock"
    assert refused(script, "1 st").clause == "DSK-3"
    assert refused(script, "lock 1 2 3").clause == "DSK-3"  # two dice when not aggravated
    locked = run(script + "\nlock 2 5")
    assert locked.state.game.lock == [2, 5]
    assert [h.label for h in locked.state.game.hands if h.locked] == ["2", "5"]
    assert refused(script + "\nlock 2 5\n1 st", "2 ht 3").clause == "DSK-3"  # a locked hand
    # doubles lock one box; empty (4), no-bet (3) and bankrupt (6) boxes are not affected
    assert run(script + "\nlock 1 1").state.game.lock == [1]
    assert run(script + "\nlock 3 4").state.game.lock == []
    assert run(script + "\nlock 6 6").state.game.lock == []
    assert js(script + "\nlock 2 5")["log"][-1]["lock"] == [2, 5]


def test_dsk_3_box_7_only_when_aggravated_and_two_dice_match():
    plain = "quest hard\ndice 3 5\njk 0 0\n" + FIVE + LOCK_DEAL
    assert 7 not in run(plain + "\nlock 5 5").state.game.lock
    aggravated = "quest hard\ndice 3 3\njk 0 0\n" + FIVE + LOCK_DEAL
    assert refused(aggravated, "lock 1 2").clause == "DSK-3"  # three dice when aggravated
    assert run(aggravated + "\nlock 1 2 5").state.game.lock == [1, 2, 5]
    assert run(aggravated + "\nlock 2 2 5").state.game.lock == [2, 5, 7]
    assert run(aggravated + "\nlock 1 1 1").state.game.lock == [1, 7]


def test_dsk_3_forgotten_roll_is_a_misdeal_without_lock():
    script = "quest easy\ndice 3\njk 0 0\n" + FIVE + LOCK_DEAL + "\nlock none"
    state = run(script).state
    assert state.game.lock == [] and state.phase.value == "players"
    assert "DSK-3" in clauses(script)


BOMB = "quest {d}\ndice {dice}\njk 0 0\nseat 1 aki 100k\n"
LOSE = lines("game", "bet 1 10k", "deal T 9 7 [T]", "1 st", "reveal", "next [?]")  # 17 v 19
PUSH = lines("game", "bet 1 10k", "deal T 9 9 [T]", "1 st", "reveal", "next [?]")  # 19 v 19
SURRENDER = lines("game", "bet 1 10k", "deal T 9 6 [T]", "1 sr", "reveal")
NOBET = lines("game", "bet 1 -", "deal T 9 6 [T]", "reveal")


def test_dsk_4_three_losses_in_a_row_bankrupt_and_forfeit():
    script = BOMB.format(d="easy", dice="4") + "\n".join([LOSE, SURRENDER])
    assert js(script)["boxes"]["1"]["streak"] == 2  # a surrender counts as a loss
    script += "\n" + NOBET  # a game without a bet leaves the count unchanged
    assert js(script)["boxes"]["1"]["streak"] == 2
    script += "\n" + LOSE
    data = js(script)
    assert data["boxes"]["1"] == {"player": "aki", "points": 0, "bankrupt": True, "streak": 3, "yellow": 0}
    assert data["log"][-1]["ledger"][-1] == {"step": "C", "hand": "1", "points": -75000, "damage": 0,
                                             "heal": 0, "hp": 1_000_000, "rule": "DSK-4"}  # fmt: skip
    assert "BOX-3" in clauses(script)


def test_dsk_4_a_push_resets_the_run():
    script = BOMB.format(d="easy", dice="4") + "\n".join([LOSE, LOSE, PUSH, LOSE])
    assert js(script)["boxes"]["1"]["streak"] == 1


def test_dsk_4_aggravated_a_push_counts_as_a_loss():
    script = BOMB.format(d="normal", dice="4 4") + "\n".join([LOSE, PUSH, LOSE])
    data = js(script)
    assert data["boxes"]["1"]["bankrupt"] and data["boxes"]["1"]["points"] == 0


def test_dsk_4_aggravated_a_forced_push_with_the_higher_total_resets():
    forced = lines("game", "bet 1 10k", "deal T 6 9 [T]", "1 st", "reveal", "next 9")  # 19 v 16: forced push
    script = BOMB.format(d="extreme", dice="4 4 1") + "\n".join([LOSE, LOSE, forced])
    data = js(script)
    assert data["log"][-1]["hands"][0]["result"] == "forced_push"
    assert data["boxes"]["1"]["streak"] == 0 and not data["boxes"]["1"]["bankrupt"]


def test_dsk_4_streak_is_zero_without_skill_4():
    assert js(BOMB.format(d="easy", dice="6") + "\n".join([LOSE, LOSE, LOSE]))["boxes"]["1"]["streak"] == 0


def test_dsk_5_bust_penalty_capped_and_never_healed():
    script = "quest easy\ndice 5\njk 0 0\nhp 400k\nseat 1 aki 12k\n" + lines(
        "game", "bet 1 10k", "deal T 9 6 [T]", "1 ht K", "reveal")
    ledger = game(script)["ledger"]
    assert ledger == [
        {"step": "C", "hand": "1", "points": -10000, "damage": 0, "heal": 0, "hp": 400000, "rule": "SET-C"},
        {"step": "C", "hand": "1", "points": -2000, "damage": 0, "heal": 0, "hp": 400000, "rule": "DSK-5"},
        {"step": "D", "hand": None, "points": 0, "damage": 0, "heal": 10000, "hp": 410000, "rule": "SET-D"},
    ]  # fmt: skip
    aggravated = "quest normal\ndice 5 5\njk 0 0\nseat 1 aki 100k\n" + lines(
        "game", "bet 1 10k", "deal T 9 6 [T]", "1 ht K", "reveal")
    assert game(aggravated)["ledger"][1]["points"] == -10000


def test_dsk_5_the_boxs_stakes_are_collected_in_full_before_its_bust_penalty():
    """A box splits on its last points, busts one hand and loses the other: both bets are
    collected (and healed, SET-D); the penalty takes only what is left beyond them."""
    split = lambda points: "quest easy\ndice 5\njk 0 0\nhp 400k\nseat 1 aki {}\n".format(points) + lines(
        "game", "bet 1 10k", "deal 8 6", "deal 8 [T]", "1 sp", "1a T", "1a ht 9", "1b T", "1b st", "reveal",
        "next [?]", "dealer 4", "next [?]")  # fmt: skip
    data = js(split("20k"))
    assert [h["result"] for h in data["log"][-1]["hands"]] == ["bust", "lose"]
    assert data["log"][-1]["ledger"] == [
        {"step": "C", "hand": "1a", "points": -10000, "damage": 0, "heal": 0, "hp": 400000, "rule": "SET-C"},
        {"step": "C", "hand": "1b", "points": -10000, "damage": 0, "heal": 0, "hp": 400000, "rule": "SET-C"},
        {"step": "D", "hand": None, "points": 0, "damage": 0, "heal": 20000, "hp": 420000, "rule": "SET-D"},
    ]  # fmt: skip
    assert data["boxes"]["1"]["points"] == 0
    ledger = game(split("23k"))["ledger"]  # 3,000 P left beyond the stakes: the penalty takes it
    assert [(e["hand"], e["points"], e["rule"]) for e in ledger[:3]] == [
        ("1a", -10000, "SET-C"), ("1a", -3000, "DSK-5"), ("1b", -10000, "SET-C")]  # fmt: skip
    assert ledger[3]["heal"] == 20000


def test_dsk_5_a_surrender_half_is_collected_before_the_penalty_of_an_earlier_bust():
    script = "quest easy\ndice 5\njk 0 0\nseat 1 aki 25k\n" + lines(
        "game", "bet 1 10k", "deal 8 6", "deal 8 [T]", "1 sp", "1a T", "1a ht 9", "1b 7", "1b ht 2", "1b ht 2",
        "1b st", "reveal", "next [?]", "dealer 5")  # fmt: skip
    ledger = game(script)["ledger"]
    assert sum(e["points"] for e in ledger) == -25000  # both bets (20k) + the capped penalty (5k)
    assert [e["rule"] for e in ledger] == ["SET-C", "DSK-5", "SET-C"]


def test_dsk_6_long_second_half():
    from dealer_assist.tables.onemillion import jokers

    state = State()
    state.skills = {6: 1}
    assert jokers.late_from(state) == 3
    state.skills = {6: 2}
    assert jokers.late_from(state) == 1


def test_dsk_7_burst_stream_fails_when_the_dealer_busts_and_hp_remains():
    script = "quest extreme\ndice 2 2 2\njk 0 0\nseat 1 aki 100k\n" + lines(
        "game", "bet 1 10k", "deal T 6 9 [T]", "1 st", "reveal", "next [?]", "dealer 8")
    data = js(script)
    assert data["status"] == "failure" and data["reason"] == "burst_stream"
    assert data["log"][0]["ledger"][0]["damage"] == 10000  # the game is settled first
    no_bust = "quest extreme\ndice 2 2 2\njk 0 0\nseat 1 aki 100k\n" + lines(
        "game", "bet 1 10k", "deal T 6 9 [T]", "1 st", "reveal", "next 9")
    assert js(no_bust)["status"] == "running"
