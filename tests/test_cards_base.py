"""CARD-1…6 and BASE-1…10: cards, visibility and the blackjack base rules."""

from __future__ import annotations

import pytest
from helpers import PLAIN, clauses, game, hand, js, refused, run

from dealer_assist.cards import Card, total
from dealer_assist.errors import NotationError
from dealer_assist.notation import parse_line

G = PLAIN + "game\n"
BOTH = G + "bet 1 10k\nbet 3 10k\n"


# ---------------------------------------------------------------- CARD


def test_card_1_values_and_soft_totals():
    assert total([Card("A"), Card("6")]) .value == 17 and total([Card("A"), Card("6")]).soft
    assert total([Card("A"), Card("6"), Card("T")]).value == 17
    assert not total([Card("A"), Card("6"), Card("T")]).soft
    assert total([Card("A"), Card("A"), Card("9")]).value == 21
    assert total([Card("K"), Card("Q")]).value == 20
    assert total([Card("J"), Card("5"), Card("A")]).value == 16


def test_card_2_player_cards_are_face_up_and_never_unknown():
    err = refused(BOTH, "deal [?]")
    assert err.clause == "CARD-2"
    data = js(BOTH + "deal [K] 9 5 [Q] 8 [?]")
    assert hand(BOTH + "deal [K] 9 5 [Q] 8 [?]", "1")["cards"] == ["[K]", "[Q]"]
    assert data["phase"] == "players"


def test_card_3_the_dealer_first_card_is_face_up_even_when_closed():
    err = refused(BOTH, "deal 9 9 [?]")
    assert err.clause == "CARD-3"
    script = BOTH + "deal 9 9 [K] 8 8 [?]"  # a closed K, turned over: it prompts the check
    assert run(script).state.phase.value == "check"


def test_card_4_open_second_card_lies_face_up_closed_is_the_hole_card():
    open_second = BOTH + "deal 9 9 6 8 8 5\n1 st\n3 st"
    assert run(open_second).state.phase.value == "dealer"  # no reveal needed
    closed = BOTH + "deal 9 9 6 8 8 [5]\n1 st\n3 st"
    assert run(closed).state.phase.value == "reveal"
    assert refused(closed, "reveal 7").clause == "CARD-4"  # contradicts the dealt [5]
    assert refused(BOTH + "deal 9 9 6 8 8 [?]\n1 st\n3 st", "reveal").clause == "CARD-4"


def test_card_5_dealer_draws_are_face_up_and_a_closed_draw_needs_its_face():
    script = BOTH + "deal 9 9 6 8 8 [5]\n1 st\n3 st\nreveal\nnext [?]"
    assert refused(script, "dealer [?]").clause == "CARD-5"
    assert game(script + "\ndealer 7")["dealer"]["cards"] == ["6", "[5]", "[7]"]


def test_card_6_an_eighth_joker_is_refused():
    seven = PLAIN + "game\nbet 1 10k\nbet 3 10k\ndeal [JK] [JK] 9 [JK] [JK] 8\n1 ht [JK]\n1 ht [JK]"
    state = run(seven).state
    assert len(state.jokers) == 6
    seven += "\n1 ht [JK]"
    assert len(run(seven).state.jokers) == 7
    assert refused(seven, "1 ht [JK]").clause == "CARD-6"


# ---------------------------------------------------------------- BASE


def test_base_1_blackjack_is_an_unsplit_two_card_21():
    script = BOTH + "deal A T 6 K A [5]"
    assert run(script).state.phase.value == "reveal"  # both boxes: blackjack, nothing to do
    assert ("BASE-1", "hand.blackjack") in [(c, k) for c, k in __import__("helpers").rulings(script)]
    split21 = BOTH + "deal T 9 6 T 8 [5]\n1 sp\n1a A"
    assert run(split21).state.game.hands[0].outcome == "stand"  # 21 after a split: ordinary
    done = split21 + "\n1b 9\n1b st\n3 st\nreveal\nnext 9\nnext [?]"
    assert hand(done, "1a")["result"] == "win" and hand(done, "1a")["ratio"] == 2.0


def test_base_2_player_blackjack_is_paid_even_against_dealer_blackjack():
    script = BOTH + "deal A 9 K T 9 [A]\npeek"
    assert hand(script, "1")["result"] == "blackjack"
    assert hand(script, "1")["ratio"] == 2.5
    assert hand(script, "3")["result"] == "lose"


def test_base_3_no_premium_hands():
    script = BOTH + "deal 7 9 6 7 9 [T]\n1 ht 7\n3 st\nreveal\nnext T"  # 7-7-7 = 21: ordinary
    assert hand(script, "1")["result"] == "win" and hand(script, "1")["ratio"] == 2.0


def test_base_4_double_only_on_first_two_cards_and_one_card():
    script = BOTH + "deal 5 9 6 6 9 [T]"
    assert refused(script + "\n1 ht 2", "1 dd 5").clause == "BASE-4"
    done = run(script + "\n1 dd 5")  # 5 6 5 = 16 and stands after one card
    assert done.state.game.hands[0].bet == 20_000
    assert done.state.game.hands[0].done


def test_base_4_split_rules():
    pair = BOTH + "deal 8 9 6 8 9 [T]"
    assert refused(BOTH + "deal 8 9 6 7 9 [T]", "1 sp").clause == "BASE-4"  # not a pair
    tens = run(BOTH + "deal K 9 6 Q 9 [T]\n1 sp")  # any two ten-value cards
    assert [h.label for h in tens.state.game.hands] == ["1a", "1b", "3"]
    s = run(pair + "\n1 sp\n1a 8\n1a sp")  # re-split: 1c is played right after 1a
    assert [h.label for h in s.state.game.hands] == ["1a", "1c", "1b", "3"]
    assert refused(pair + "\n1 sp\n1a 3", "1a dd 4").clause == "BASE-4"  # no double after split
    four = pair + "\n1 sp\n1a 8\n1a sp\n1a 8\n1a sp\n1a 8"
    assert refused(four, "1a sp").clause == "BASE-4"  # split up to 4 hands
    assert refused(pair + "\n1 sp", "1b 3").clause == "BASE-4"  # 1a's card comes first
    aces = BOTH + "deal A 9 6 A 9 [T]\n1 sp\n1a A"
    assert run(aces).state.game.hands[0].done  # split aces: one card, then stand
    assert refused(aces, "1a sp").clause == "BASE-4"
    assert refused(aces, "1b ht 4").clause == "BASE-4"  # 1b must first be given its card
    two = run(aces + "\n1b K")
    assert all(h.done for h in two.state.game.hands if h.box == 1)


def test_base_4_actions_in_box_order_and_finished_hands_refused():
    script = BOTH + "deal 5 9 6 6 9 [T]"
    assert refused(script, "3 st").clause == "BASE-4"
    assert refused(script + "\n1 st", "1 ht 5").clause == "BASE-4"


def test_base_5_twenty_one_stands_and_over_twenty_one_busts_at_once():
    s = run(BOTH + "deal 5 9 6 6 9 [T]\n1 ht K")  # 5 6 K = 21
    assert s.state.game.hands[0].done and s.state.game.hands[0].outcome == "stand"
    b = run(BOTH + "deal T 9 6 6 9 [T]\n1 ht K")
    assert b.state.game.hands[0].outcome == "bust"


def test_base_6_dealer_check_with_ace_or_ten_up():
    ten = BOTH + "deal 9 9 K 8 8 [?]"
    assert refused(ten, "1 st").clause == "BASE-6"
    bj = ten + "\npeek A"
    data = game(bj)
    assert [h["result"] for h in data["hands"]] == ["lose", "lose"]
    assert data["dealer"]["blackjack"]
    no_bj = run(ten + "\npeek 7")
    assert no_bj.state.phase.value == "players"
    assert refused(BOTH + "deal 9 9 6 8 8 [?]", "peek 5").clause == "BASE-6"  # no check here


def test_base_7_open_blackjack_no_play():
    data = game(BOTH + "deal 9 A A 8 K K")
    assert [h["result"] for h in data["hands"]] == ["lose", "blackjack"]
    assert "BASE-7" in clauses(BOTH + "deal 9 A A 8 K K")


def test_base_8_showdown():
    script = BOTH + "deal T T 6 8 7 [T]\n1 st\n3 st\nreveal\nnext 9"  # dealer 16 stands
    assert [h["result"] for h in game(script)["hands"]] == ["win", "win"]
    push = BOTH + "deal T T 7 8 7 [T]\n1 st\n3 st\nreveal\nnext [?]"  # dealer 17
    assert [h["result"] for h in game(push)["hands"]] == ["win", "push"]
    bust = BOTH + "deal T T 6 8 2 [T]\n1 st\n3 ht 2\n3 st\nreveal\nnext [?]\ndealer 8"  # 24
    assert [h["result"] for h in game(bust)["hands"]] == ["win", "win"]
    assert game(bust)["dealer"]["bust"]


def test_base_9_no_insurance():
    with pytest.raises(NotationError):
        parse_line("insurance 1")
    script = BOTH + "deal 9 9 A 8 8 [?]"  # an up ace asks for surrender, not insurance
    assert run(script).state.phase.value == "surrender"


def test_base_10_dealer_does_not_draw_when_no_hand_is_left():
    script = BOTH + "deal T T 6 8 8 [?]\n1 ht K\n3 ht K"
    assert run(script).state.phase.value == "reveal"  # the hole card is still revealed
    done = script + "\nreveal 5"
    assert run(done).state.phase.value == "between"
    assert "BASE-10" in clauses(done)
    assert game(done)["dealer"]["cards"] == ["6", "[5]"]


def test_jk_4_level_0_a_joker_is_an_ace():
    script = BOTH + "deal [JK] 9 6 K 9 [T]"
    assert hand(script + "\n3 st\nreveal\nnext 9", "1")["result"] == "blackjack"
    assert js(script)["jokers"] == {"players": 1, "dealer": 1}
