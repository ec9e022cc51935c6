"""BET-1…6, BOX-1…3 and SURR-1…5."""

from __future__ import annotations

from helpers import PLAIN, clauses, game, hand, js, lines, refused, rulings, run

G = PLAIN + "game\n"
BOTH = G + "bet 1 10k\nbet 3 10k\n"


# ---------------------------------------------------------------- BET


def test_bet_1_a_box_without_a_bet_plays_no_bet_and_is_dealt_burned_cards():
    script = G + "bet 1 10k\ndeal 9 [K] 6 8 [5] [?]"
    data = game(script)
    box3 = next(h for h in data["hands"] if h["hand"] == "3")
    assert box3["cards"] == ["[K]", "[5]"]
    assert run(script + "\n1 st\nreveal 9\nnext 9").state.phase.value == "between"
    assert hand(script + "\n1 st\nreveal 9\nnext 9", "3")["result"] == "nobet"
    assert "BET-1" in clauses(script)
    assert refused(G, "bet 2 10k").clause == "BET-1"  # nobody at box 2
    assert refused(BOTH + "deal 9", "bet 1 20k").clause == "BET-1"  # the window has closed
    assert js(G + "bet 1 10k\nbet 3 -")["log"][-1]["hands"][1]["bet"] == 0


def test_bet_2_minimum_bet_is_10():
    assert refused(G, "bet 1 5").clause == "BET-2"
    run(G + "bet 1 10")


def test_bet_3_at_most_two_significant_digits():
    for bad in ("49500", "105", "1.25k"):
        assert refused(G, f"bet 1 {bad}").clause == "BET-3"
    for good in ("100", "49000", "99k", "10"):
        run(G + f"bet 1 {good}")
    rich = PLAIN.replace("seat 1 aki 100k", "seat 1 aki 2m") + "game\nbet 1 1200000"
    run(rich)


def test_bet_4_no_maximum_without_skill_2_and_the_cap_with_it():
    rich = PLAIN.replace("seat 1 aki 100k", "seat 1 aki 5m")
    run(rich + "game\nbet 1 3m")
    capped = rich.replace("dice 6", "dice 2")
    assert refused(capped + "game", "bet 1 110k").clause == "BET-4"
    run(capped + "game\nbet 1 100k")
    hard = capped.replace("quest easy", "quest hard").replace("dice 2", "dice 2 2")  # aggravated
    assert refused(hard + "game", "bet 1 60k").clause == "BET-4"
    # a double may take the stake above the cap
    dd = run(capped + "game\nbet 1 100k\nbet 3 -\ndeal 5 9 6 6 9 [T]\n1 dd 9")
    assert dd.state.game.hands[0].bet == 200_000


def test_bet_5_no_debt():
    assert refused(G, "bet 3 60k").clause == "BET-5"
    all_in = G + "bet 3 50k\nbet 1 -\ndeal 9 5 6 9 6 [T]"
    assert refused(all_in + "\n1 st" if False else all_in, "3 dd 5").clause == "BET-5"
    pair = G + "bet 3 30k\nbet 1 -\ndeal 9 8 6 9 8 [T]"
    assert refused(pair, "3 sp").clause == "BET-5"


def test_bet_6_a_later_bet_replaces_the_earlier():
    script = G + "bet 1 10k\nbet 1 20k"
    assert run(script).state.game.bets[1] == 20_000
    assert "BET-6" in clauses(script)


# ---------------------------------------------------------------- BOX


def test_box_1_under_10_points_is_bankrupt():
    script = PLAIN + "seat 5 chika 5\ngame"
    assert js(script)["boxes"]["5"]["bankrupt"]
    assert refused(script, "bet 5 10").clause == "BOX-1"
    # a box left with 5 P after a loss is bankrupt
    low = PLAIN.replace("seat 3 ben 50k", "seat 3 ben 15") + "game\nbet 1 -\nbet 3 10\n"
    low += "deal 9 T 9 9 8 [T]\n3 st\nreveal\nnext [?]"
    data = js(low)
    assert data["boxes"]["3"]["points"] == 5 and data["boxes"]["3"]["bankrupt"]


def test_box_2_bankrupt_boxes_are_dealt_burned_cards_that_count_for_jokers():
    script = PLAIN + "seat 5 chika 5\ngame\nbet 1 10k\nbet 3 -\ndeal 9 8 [JK] 6 9 8 7 [?]"
    data = js(script)
    assert next(h for h in data["log"][-1]["hands"] if h["hand"] == "5")["cards"] == ["[JK]", "7"]
    assert data["jokers"] == {"players": 1, "dealer": 1}
    assert "BOX-2" in clauses(script)


def test_box_3_a_box_forced_to_leave_stays_bankrupt():
    lv3 = PLAIN.replace("jk 0 0", "jk 3 3").replace("seat 3 ben 50k", "seat 3 ben 50k\nskill redistribute 1")
    script = lv3 + "game\nbet 1 10k\nbet 3 10k\ndeal 9 [JK] 6 8 5 [?]\n1 st\nreveal 9\nnext 9"
    data = js(script)
    assert data["boxes"]["3"] == {"player": "ben", "points": 0, "bankrupt": True, "streak": 0, "yellow": 0}
    nxt = script + "\ngame"
    assert refused(nxt, "bet 3 10k").clause == "BOX-1"
    assert refused(nxt, "redistribute 1=50k 3=60k").clause == "GUILD-1"  # it receives nothing
    assert "BOX-3" in clauses(script)


# ---------------------------------------------------------------- SURR

UP_ACE = BOTH + "deal 9 9 A 7 7 [?]"


def test_surr_1_up_ace_call_before_the_check():
    assert run(UP_ACE).state.phase.value == "surrender"
    assert refused(UP_ACE, "1 st").clause == "SURR-1"
    s = UP_ACE + "\nsr 3\ngo\npeek 6"
    assert run(s).state.phase.value == "players"
    assert refused(UP_ACE + "\nsr 3", "sr 3").clause == "SURR-1"
    # peek closes the call too; time up means no surrender (`go`)
    assert run(UP_ACE + "\npeek 6").state.phase.value == "players"
    done = s + "\n1 st\nreveal\nnext [?]"
    assert hand(done, "3")["result"] == "surrender" and hand(done, "3")["ratio"] == 0.5


def test_surr_2_open_blackjack_surrender_only_with_the_skill():
    open_bj = BOTH + "deal 9 9 A 7 7 K"
    assert run(open_bj).state.phase.value == "between"  # skill Lv.0: no call, settled
    assert [h["result"] for h in game(open_bj)["hands"]] == ["lose", "lose"]
    skilled = PLAIN + "skill surrender 1\ngame\nbet 1 10k\nbet 3 10k\ndeal 9 9 A 7 7 K"
    assert run(skilled).state.phase.value == "surrender"
    done = skilled + "\nsr 1\ngo"
    assert [h["result"] for h in game(done)["hands"]] == ["surrender", "lose"]
    assert "SURR-2" in clauses(done)


def test_surr_3_late_surrender_on_the_first_two_cards():
    script = BOTH + "deal T 9 6 6 7 [T]"
    assert hand(script + "\n1 sr\n3 st\nreveal\nnext 9", "1")["result"] == "surrender"
    assert refused(script + "\n1 ht 2", "1 sr").clause == "SURR-3"
    off = PLAIN + "rule late_surrender off\ngame\nbet 1 10k\nbet 3 10k\ndeal T 9 6 6 7 [T]"
    assert refused(off, "1 sr").clause == "SURR-3"


def test_surr_4_half_the_bet_rounded_down_and_never_healed():
    low_hp = PLAIN.replace("jk 0 0", "jk 0 0\nhp 300k") + "game\nbet 1 15\nbet 3 10k\n"
    script = low_hp + "deal T 9 6 6 5 [T]\n1 sr\n3 st\nreveal\nnext 9"  # box 3: 14
    ledger = game(script)["ledger"]
    assert {"step": "C", "hand": "1", "points": -7, "damage": 0, "heal": 0, "hp": 300_000,
            "rule": "SURR-4"} in ledger  # fmt: skip
    heal = [e for e in ledger if e["step"] == "D"]
    assert heal and heal[0]["heal"] == 10_000  # box 3's lost bet only, not the surrender half


def test_surr_5_the_surrender_call_comes_before_the_two_lock():
    locked = PLAIN.replace("dice 6", "dice 3") + "game\nbet 1 10k\nbet 3 10k\ndeal 9 9 A 7 7 [?]"
    assert refused(locked, "lock 1 3").clause == "SURR-5"
    assert run(locked + "\ngo\npeek 5\nlock 1 3").state.phase.value == "reveal"


def test_surr_1_no_call_when_no_box_could_surrender():
    script = G + "bet 1 10k\nbet 3 -\ndeal A 9 A K 8 [?]"  # box 1: blackjack, box 3: no bet
    assert run(script).state.phase.value == "check"
    skilled = PLAIN + "skill surrender 1\ngame\nbet 1 10k\nbet 3 -\ndeal A 9 A K 8 K"  # open blackjack
    assert run(skilled).state.phase.value == "between"


# ---------------------------------------------------------------- SURR-2 after a back-bet

BACKBET = "quest normal\ndice 1 2\nseat 1 aki 100k\nseat 2 ben 100k\n{skill}skill mp 3\ngame\nbackbet\n"
OPEN_BJ = lines("deal 9 8 A", "deal 7 K", "deal K", "bet 1 10k", "bet 2 10k")


def test_surr_2_after_a_backbet_the_open_blackjack_call_opens_once_the_bets_are_in():
    script = BACKBET.format(skill="skill surrender 1\n") + OPEN_BJ
    state = run(script).state
    assert state.phase.value == "surrender" and state.game.call == "SURR-2"
    done = script + "\nsr 1\ngo"
    assert [(h["result"], h["ratio"]) for h in game(done)["hands"]] == [("surrender", 0.5), ("lose", 0.0)]
    assert js(script + "\ngo")["phase"] == "between"


def test_surr_2_after_a_backbet_without_the_skill_the_open_blackjack_settles_at_the_last_bet():
    script = BACKBET.format(skill="") + OPEN_BJ
    assert js(script)["phase"] == "between"
    assert [h["result"] for h in game(script)["hands"]] == ["lose", "lose"]


def test_surr_2_after_a_backbet_a_blackjack_found_at_the_check_opens_no_call():
    script = BACKBET.format(skill="skill surrender 1\n") + lines("deal 9 8 K", "deal 7 K [?]", "peek A",
                                                                 "bet 1 10k", "bet 2 10k")  # fmt: skip
    assert js(script)["phase"] == "between"  # announced before the bets; no SURR-2 (BASE-6)
    assert game(script)["dealer"]["cards"] == ["K", "[A]"]


# ---------------------------------------------------------------- BOX-1: `bet BOX -`


def test_box_1_no_bet_for_a_bankrupt_box_is_accepted_and_changes_nothing():
    script = PLAIN + "seat 5 cho 5\ngame\nbet 1 10k\n"
    before = js(script)
    after = js(script + "bet 5 -")
    assert after == before
    assert ("BOX-1", "bet.none") in rulings(script + "bet 5 -")
    assert refused(script, "bet 5 10").clause == "BOX-1"  # a real bet is refused
    back = PLAIN.replace("jk 0 0", "jk 0 0\nskill mp 3") + "seat 5 cho 5\ngame\nbackbet\ndeal 9 8 2 6 7 8 3 [?]"
    assert js(back + "\nbet 5 -") == js(back)


def test_setup_a_one_million_seat_needs_its_points():
    violation = refused("quest easy\ndice 6", "seat 1 aki")
    assert violation.clause == "SETUP" and violation.key == "setup.seat_points"
