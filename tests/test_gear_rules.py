"""Blackjack Gear (seed 001, dealer_assist/tables/gear/data/GEAR.md): each clause's rulings, the
figures worked by hand in the comments."""

from __future__ import annotations

import pytest

from dealer_assist import rulesets
from dealer_assist.core.session import Session
from dealer_assist.errors import NotationError, RuleViolation
from dealer_assist.notation import parse_line
from dealer_assist.replay import replay_text
from dealer_assist.tables.gear import advice, cards, catalog
from dealer_assist.cards import Card

GEARS = """ruleset gear
gear raise placed 2 5 bet:opp:+1
gear guard placed 2 5 bet:self:-1
gear keep-up placed 1 - bet:opp:+2!
gear goal-24 placed 3 3 goal:=24
gear shift consumable 1 - goal:+2
gear breaker consumable 2 4 remove
gear seal placed 3 2 block
gear stop consumable 1 - block
gear force consumable 2 3 draw:opp
gear back consumable 2 3 return:self
gear potion consumable 1 1 heal:self:1
gear spike consumable 2 1 damage:opp:4
seat 1 aki
seat 2 ben
"""
DECKS = """deck 1 raise*2 guard*2 keep-up*2 goal-24*2 shift*2 breaker*2 seal*2 stop force back potion*2 spike
deck 2 raise*2 guard*2 keep-up*2 goal-24*2 shift*2 breaker*2 seal*2 stop force back potion*2 spike
first 1
"""
READY = GEARS + DECKS + "pick 1 raise guard breaker\npick 2 goal-24 seal force\n"
DEALT = READY + "round\ncards 1 [9] 5\ncards 2 [T] 6\n"


def run(script: str):
    result = replay_text(script)
    assert result.ok, result.error_text()
    return result.session


def js(script: str) -> dict:
    return rulesets.to_json(run(script).state)


def player(script: str, seat: int) -> dict:
    return js(script)["players"][seat - 1]


def refused(script: str, line: str) -> RuleViolation:
    """``line`` is refused after ``script`` and the state is left exactly as it was (both folds)."""
    for owned in (False, True):
        result = replay_text(script, session=Session(owned=owned))
        assert result.ok, result.error_text()
        before = rulesets.to_json(result.session.state)
        with pytest.raises(RuleViolation) as info:
            result.session.submit_all(parse_line(line))
        assert rulesets.to_json(result.session.state) == before
    return info.value


# --------------------------------------------------------------------------- GEAR-0, GEAR-1, GC-1


def test_gear_0_two_players_each_with_a_deck_of_20():
    assert refused(GEARS, "deck 1 raise*19").clause == "GEAR-0"
    assert refused(GEARS, "seat 3 cho").clause == "GEAR-0"
    assert refused(GEARS, "deck 1 raise*10 nosuch*10").clause == "GC-1"
    assert player(GEARS + DECKS, 1)["deck_left"] == 20 and player(GEARS + DECKS, 1)["hp"] == 5


def test_gear_1_three_first_gears_and_one_mulligan_from_the_deck():
    assert refused(GEARS + DECKS, "pick 1 raise guard").clause == "GEAR-1"
    p = player(READY + "mulligan 1 raise guard to seal seal\n", 1)
    assert p["hand"] == ["breaker", "seal", "seal"] and p["deck"]["raise"] == 2 and "seal" not in p["deck"]
    assert refused(READY + "mulligan 1 -\n", "mulligan 1 raise to seal").clause == "GEAR-1"
    assert refused(READY, "mulligan 1 spike to seal").clause == "GEAR-1"  # not in the hand


def test_gc_1_a_catalogue_file_is_read_entry_by_entry_with_its_line(tmp_path):
    good = tmp_path / "g.toml"
    good.write_text('[[gear]]\nname = "up"\nkind = "placed"\npp = 2\nlife = 3\neffects = ["bet:opp:+1"]\n', "utf-8")
    assert catalog.lines(good) == ["gear up placed 2 3 bet:opp:+1"]
    bad = tmp_path / "b.toml"
    bad.write_text('[[gear]]\nname = "up"\nkind = "placed"\npp = 2\neffects = ["bet:opp:+1"]\n\n'
                   '[[gear]]\nname = "down"\nkind = "placed"\npp = 2\neffects = ["bet:sideways:+1"]\n', "utf-8")
    with pytest.raises(catalog.CatalogError) as info:
        catalog.read(bad)
    assert "line 7" in info.value.text() and "bet:sideways:+1" in info.value.text()
    (tmp_path / "x.toml").write_text("[[gear]\nname=", "utf-8")
    with pytest.raises(catalog.CatalogError):
        catalog.read(tmp_path / "x.toml")


def test_gc_1_the_shipped_example_catalogue_uses_every_primitive():
    from pathlib import Path

    import dealer_assist.tables.gear as package

    gears = catalog.read(Path(package.__file__).parent / "data" / "example_gears.toml")
    kinds = {(e.kind, e.who) for g in gears for e in g.effects}
    assert {k for k, _ in kinds} == {"bet", "goal", "remove", "block", "draw", "return", "heal", "damage"}
    assert {("bet", "self"), ("bet", "opp")} <= kinds
    assert {e.op for g in gears for e in g.effects if e.kind == "goal"} == {"=", "+", "-"}
    assert any(e.keep for g in gears for e in g.effects)


@pytest.mark.parametrize("line", ["gear x placed 2 3 bet:opp", "gear x sideways 1 - goal:+1", "gear x placed 11 - goal:+1",
                                  "gear x placed 1 - heal:self:9", "gear x placed 1 - goal:=", "gear a:b placed 1 - block",
                                  "deck 1 raise*2 raise", "mulligan 1 raise to", "hit 3 5", "cards 1 [9]"])  # fmt: skip
def test_notation_typos_are_refused_before_the_rules(line):
    with pytest.raises(NotationError):
        parse_line(line)


# --------------------------------------------------------------------------- GEAR-2, GEAR-3, GEAR-4


def test_gear_2_two_cards_the_first_face_down_and_each_card_once():
    assert refused(READY + "round\n", "cards 1 9 5").clause == "GEAR-2"
    four_nines = READY + "round\ncards 1 [9] 9\ncards 2 [9] 9\n"
    assert refused(four_nines, "hit 1 9").clause == "GR-1"  # the four nines are out


def test_gear_3_the_first_player_draws_no_gear_in_the_first_turn_and_a_hand_holds_five():
    assert refused(DEALT, "pick 1 raise").clause == "GEAR-3"
    assert player(DEALT + "stand 1\npick 2 raise\n", 2)["hand"] == ["goal-24", "seal", "force", "raise"]
    full = DEALT + "hit 1 2\npick 2 raise\nhit 2 2\npick 1 seal\nhit 1 3\npick 2 raise\n"
    assert refused(DEALT + "stand 1\npick 2 raise\n", "pick 2 guard").clause == "GEAR-3"  # once, at its start
    assert js(full)["players"][1]["hand_size"] == 5
    assert refused(full + "hit 2 3\nstand 1\n", "pick 2 guard").clause == "GR-6"  # five in hand: none more


def test_gear_4_a_gear_alone_does_not_end_the_turn_and_the_turns_alternate():
    state = run(DEALT + "use 1 raise\n").state
    assert state.turn == 1 and state.player(1).pp == 1
    assert refused(DEALT, "stand 2").clause == "GEAR-4"


# --------------------------------------------------------------------------- GEAR-5, GW


def test_gear_5_the_showdown_after_two_stands_without_a_gear():
    # aki 9 5 = 14, ben T 6 = 16: aki loses his bet of 1
    state = run(DEALT + "stand 1\nstand 2\n").state
    assert state.phase == "between" and state.player(1).hp == 4 and state.history.last(1)[0]["kind"] == "showdown"
    # a stand after a gear is not one: ben plays on
    assert run(DEALT + "stand 1\nuse 2 goal-24\nstand 2\n").state.phase == "turn"


def test_gw_1_closer_wins_gw_2_a_bust_loses_gw_3_both_bust_the_closer_wins():
    closer = run(DEALT + "hit 1 6\nstand 2\nstand 1\n").state  # aki 20 against ben 16
    assert (closer.player(1).hp, closer.player(2).hp) == (5, 4)
    bust = run(DEALT + "hit 1 Q\nstand 2\nstand 1\n").state  # aki 24: a bust loses to 16
    assert bust.player(1).hp == 4
    both = run(DEALT + "hit 1 Q\nhit 2 8\nstand 1\nstand 2\n").state  # aki 24, ben 24... equal: a draw
    assert both.history.last(1)[0]["kind"] == "draw"
    closer_bust = run(DEALT + "hit 1 Q\nhit 2 7\nstand 1\nstand 2\n").state  # aki 24, ben 23: aki loses
    assert closer_bust.player(1).hp == 4 and closer_bust.player(2).hp == 5


def test_gw_4_equally_close_nobody_loses():
    state = run(DEALT + "hit 1 2\nstand 2\nstand 1\n").state  # 16 against 16
    assert state.history.last(1)[0]["kind"] == "draw" and (state.player(1).hp, state.player(2).hp) == (5, 5)


def test_gw_5_the_joker_only_when_no_trump_card_is_left():
    assert refused(DEALT, "hit 1 JK").clause == "GW-5"


def test_gr_2_an_ace_is_the_better_of_1_and_11_against_the_goal():
    assert cards.total((Card("A"), Card("9")), 21) == 20
    assert cards.total((Card("A"), Card("9"), Card("5")), 21) == 15
    assert cards.total((Card("A"), Card("A"), Card("9")), 21) == 21
    assert cards.total((Card("A"), Card("9"), Card("5")), 25) == 25  # with the goal at 25, 11 is better


# --------------------------------------------------------------------------- GG, GC-2, GR-7


def test_gg_1_a_gear_costs_pp_and_a_life_gg_7_not_without_pp():
    p = player(DEALT + "use 1 raise\n", 1)
    assert p["pp"] == 1 and p["lives"]["raise"] == 4
    assert refused(DEALT + "use 1 raise\n", "use 1 guard").clause == "GG-7"


def test_gg_2_pp_starts_at_3_grows_each_round_to_10_and_is_refilled():
    state = run(DEALT + "use 1 raise\nstand 1\nstand 2\nstand 1\nround\n").state
    assert (state.player(1).pp, state.player(1).pp_max) == (4, 4)


def test_gc_2_a_placed_gears_bet_reverts_when_removed_unless_marked_gr_7():
    base = READY + "mulligan 2 seal force to breaker breaker\nround\ncards 1 [9] 5\ncards 2 [T] 6\n"
    # raise: ben's bet +1 while placed; a breaker removes it and the +1 goes with it
    reverted = run(base + "use 1 raise\nhit 1 2\nuse 2 breaker 1:raise\n").state
    assert reverted.placed == () and rulesets.to_json(reverted)["players"][1]["bet"] == 1
    # keep-up: ben's bet +2, marked (!): it stays after the breaker
    kept = READY + "mulligan 1 raise guard to keep-up keep-up\nmulligan 2 seal force to breaker breaker\nround\n"
    state = run(kept + "cards 1 [9] 5\ncards 2 [T] 6\nuse 1 keep-up\nhit 1 2\nuse 2 breaker 1:keep-up\n").state
    assert state.placed == () and [m.effect.keep for m in state.mods] == [True]
    assert rulesets.to_json(state)["players"][1]["bet"] == 3


def test_gc_2_goal_set_and_shifted_and_removed():
    state = run(DEALT + "stand 1\nuse 2 goal-24\n").state
    assert rulesets.to_json(state)["goal"] == 24
    assert refused(DEALT, "use 1 breaker goal-24").clause == "GC-2"  # nothing of that name placed


def test_gg_7_a_placed_block_stops_the_opponents_gears_while_it_is_on_the_table():
    script = READY + "mulligan 1 raise guard to seal seal\nround\ncards 1 [9] 5\ncards 2 [T] 6\nuse 1 seal\nstand 1\n"
    assert refused(script, "use 2 goal-24").clause == "GG-7"


def test_gc_2_draw_return_heal_and_damage():
    script = READY + "mulligan 1 raise guard to force back\nmulligan 2 goal-24 seal to potion spike\n"
    script += "round\ncards 1 [9] 5\ncards 2 [T] 6\n"
    drawn = run(script + "use 1 force 7\n").state  # ben draws a 7
    assert [str(c) for c in drawn.player(2).cards] == ["[T]", "6", "7"]
    back = run(script + "hit 1 2\npick 2 raise\nstand 2\nuse 1 back\n").state  # aki's 2 back into the deck
    assert [str(c) for c in back.player(1).cards] == ["[9]", "5"] and cards.remaining(back.trumps_out) == 48
    hurt = run(script + "stand 1\nuse 2 spike\n").state  # aki loses 4 HP at once
    assert hurt.player(1).hp == 1
    healed = run(script + "stand 1\nuse 2 spike\nuse 2 potion\n").state  # potion heals ben, at most 5
    assert healed.player(2).hp == 5


def test_gear_6_a_players_hp_at_0_ends_the_match():
    script = READY + "mulligan 2 goal-24 seal to spike potion\nround\ncards 1 [9] 5\ncards 2 [T] 6\n"
    script += "stand 1\nstand 2\n"  # aki 14 loses 1 (HP 4)
    script += "round\ncards 1 [A] 5\ncards 2 [7] 6\nuse 2 spike\n"  # round 2, ben starts: 4 HP off aki
    state = run(script).state
    assert state.over and state.winner == 2


# --------------------------------------------------------------------------- the hint and the view


def test_gear_4_hint_the_chance_a_hit_busts_from_what_the_player_has_seen():
    state = run(DEALT).state  # aki 9 5 = 14 sees his two and ben's 6: 49 unseen, ben's face-down T among them
    bust, joker = advice.odds(state, 1)
    # a hit busts on 8 9 T J Q K: 4 + 3 (a 9 seen) + 16 = 23 of the 49 unseen cards
    assert bust.numerator * 49 == 23 * bust.denominator and joker == 0


def test_gear_2_the_players_view_never_holds_a_face_down_card_before_the_showdown():
    state = run(DEALT).state
    from dealer_assist.core.table import Viewpoint

    view = rulesets.get("gear").view(state, Viewpoint.PLAYERS)
    assert [p["cards"][0] for p in view["players"]] == ["[?]", "[?]"] and "hand" not in view["players"][0]
    assert view["players"][0]["total"] == 5  # the face-up card only


# --------------------------------------------------------------------------- GR, GG (the rest)


def test_gr_1_the_trump_deck_carries_over_between_rounds():
    state = run(DEALT + "stand 1\nstand 2\nround\ncards 2 [9] 5\n").state
    assert cards.remaining(state.trumps_out) == 52 - 4 - 2  # round 1's four cards are still out
    assert refused(DEALT + "stand 1\nstand 2\nround\ncards 2 [9] 5\ncards 1 [9] 9\n", "hit 2 9").clause == "GR-1"


def test_gr_3_j_q_k_count_10_and_gr_5_a_bust_is_not_a_loss_before_the_showdown():
    assert cards.total((Card("J"), Card("Q")), 21) == 20 and cards.total((Card("K"), Card("5")), 21) == 15
    state = run(DEALT + "hit 1 Q\n").state  # aki 9 5 Q = 24: over, but the round goes on
    assert state.phase == "turn" and state.turn == 2 and state.player(1).hp == 5


def test_gr_4_hp_is_at_most_5():
    script = READY + "mulligan 1 raise guard to potion potion\nround\ncards 1 [9] 5\ncards 2 [T] 6\nuse 1 potion\n"
    assert run(script).state.player(1).hp == 5


def test_gr_6_gg_3_five_gears_in_hand_at_most():
    full = DEALT + "hit 1 2\npick 2 raise\nhit 2 2\npick 1 seal\nhit 1 3\npick 2 raise\nhit 2 3\nstand 1\n"
    assert refused(full, "pick 2 guard").clause == "GR-6"


def test_gr_8_a_gear_that_cannot_be_used_is_not_offered():
    from dealer_assist.live import arguments, suggestions

    state = run(DEALT + "use 1 raise\n").state  # 1 PP left: guard (2) and breaker (2) cannot be used
    assert [a.word for a in arguments(state, ["use", "1"])] == []
    assert "use 1 " not in suggestions(state)
    fresh = run(DEALT).state  # nothing placed: breaker has nothing to remove
    assert [a.word for a in arguments(fresh, ["use", "1"])] == ["raise", "guard"]
    later = run(DEALT + "stand 1\nuse 2 goal-24\nhit 2 2\n").state  # a removing gear is offered with its target
    assert "breaker 2:goal-24" in [a.word for a in arguments(later, ["use", "1"])]


def test_gg_4_a_placed_gear_stays_a_consumable_one_vanishes_gg_6_both_end_with_the_round():
    script = READY + "mulligan 1 guard breaker to shift shift\nround\ncards 1 [9] 5\ncards 2 [T] 6\n"
    state = run(script + "use 1 raise\nuse 1 shift\n").state
    assert [g.name for g in state.placed] == ["raise"] and rulesets.to_json(state)["goal"] == 23
    after = run(script + "use 1 raise\nstand 1\nstand 2\nstand 1\n").state
    assert after.placed == () and after.mods == () and rulesets.to_json(after)["goal"] == 21


def test_gg_5_five_placed_gears_a_side_then_only_consumable_ones():
    gears = "ruleset gear\ngear p placed 0 - goal:+1\ngear c consumable 0 - goal:+1\nseat 1 aki\nseat 2 ben\n"
    gears += "deck 1 p*10 c*10\ndeck 2 p*10 c*10\nfirst 1\npick 1 p p p\npick 2 p p p\nround\ncards 1 [9] 5\ncards 2 [T] 6\n"
    five = gears + "use 1 p\nuse 1 p\nuse 1 p\nhit 1 2\npick 2 p\nhit 2 2\npick 1 p\nhit 1 3\npick 2 c\nhit 2 3\n"
    five += "pick 1 p\nuse 1 p\nuse 1 p\nhit 1 4\nhit 2 4\npick 1 p\n"
    assert refused(five, "use 1 p").clause == "GG-5"
    assert len(run(five).state.placed) == 5
