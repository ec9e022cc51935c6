"""DRAW-1…6: the dealer's forced draws, on every total against every top card."""

from __future__ import annotations

import pytest
from helpers import PLAIN, clauses, js, lines, refused, run

from dealer_assist.cards import Card, total
from dealer_assist.tables.onemillion.draw import decide

TOPS = "A 2 3 4 5 6 7 8 9 T J Q K".split()

# The rulebook as a table, written out by hand: H = hit, S = stand; the columns are the
# open top cards A 2 3 4 5 6 7 8 9 T J Q K, then a closed top card.
HARD = {
    4: "HHHHHHHHHHHHH H", 5: "HHHHHHHHHHHHH H", 6: "HHHHHHHHHHHHH H", 7: "HHHHHHHHHHHHH H",
    8: "HHHHHHHHHHHHH H", 9: "HHHHHHHHHHHHH H", 10: "HHHHHHHHHHHHH H", 11: "HHHHHHHHHHHHH H",
    12: "HHHHHHHHHSSSS H", 13: "HHHHHHHHSSSSS H", 14: "HHHHHHHSSSSSS H", 15: "HHHHHHSSSSSSS H",
    16: "HHHHHSSSSSSSS H", 17: "HHHHSSSSSSSSS S", 18: "HHHSSSSSSSSSS S", 19: "HHSSSSSSSSSSS S",
    20: "HSSSSSSSSSSSS S", 21: "SSSSSSSSSSSSS S",
}  # fmt: skip
SOFT = {
    12: "HHHHHHHHHHHHH H", 13: "HHHHHHHHHHHHH H", 14: "HHHHHHHHHHHHH H", 15: "HHHHHHHHHHHHH H",
    16: "HHHHHHHHHHHHH H", 17: "HHHHSSSSSHHHH S", 18: "HHHSSSSSSHHHH S", 19: "HHSSSSSSSHHHH S",
    20: "HSSSSSSSSHHHH S", 21: "SSSSSSSSSHHHH S",
}  # fmt: skip


def hard_cards(n: int) -> list[Card]:
    """Dealer cards making hard ``n`` (no ace counting 11)."""
    if n <= 12:
        return [Card("2"), Card("T" if n - 2 == 10 else str(n - 2))]
    if n <= 19:
        return [Card("T"), Card(str(n - 10))]
    return [Card("T"), Card("T")] if n == 20 else [Card("T"), Card("9"), Card("2")]


def soft_cards(n: int) -> list[Card]:
    rest = n - 11
    if rest == 10:
        return [Card("A"), Card("5"), Card("5")]  # a three-card soft 21
    return [Card("A"), Card("A" if rest == 1 else str(rest))]


def expected_clause(n: int, soft: bool, closed: bool) -> str:
    if closed:
        return "DRAW-1"
    if n <= 16:
        return "DRAW-2"
    return "DRAW-3" if soft else "DRAW-4"


def cases():
    for table, make, soft in ((HARD, hard_cards, False), (SOFT, soft_cards, True)):
        for n, row in table.items():
            opened, closed = row.split()
            for top, want in zip(TOPS, opened, strict=True):
                yield pytest.param(make(n), n, soft, Card(top), want, id=f"{'soft' if soft else 'hard'}{n}-{top}")
            yield pytest.param(make(n), n, soft, None, closed, id=f"{'soft' if soft else 'hard'}{n}-closed")


@pytest.mark.parametrize("cards,n,soft,top,want", list(cases()))
def test_draw_1_to_4_every_total_against_every_top_card(cards, n, soft, top, want):
    assert total(cards).value == n and total(cards).soft == soft
    decision, clause = decide(cards, top)
    assert decision.value[0] == want
    assert clause == expected_clause(n, soft, top is None)


def test_draw_2_hard_ace_counts_one_for_bust_for_certain():
    # hard 16 with an ace counted 1 (T 5 A): an open A makes 17, not a bust: hit
    assert decide([Card("T"), Card("5"), Card("A")], Card("A"))[0].value == "HIT"
    # soft 16 (A 5) + an open K: 6 + 10 = 16 -> hit, even though soft 16 + 10 looks like 26
    assert decide([Card("A"), Card("5")], Card("K"))[0].value == "HIT"


def test_draw_3_worked_examples():
    assert decide(soft_cards(17), Card("4"))[0].value == "HIT"  # soft 17 + 4 = soft 21
    assert decide([Card("A"), Card("7")], Card("4"))[0].value == "STAND"  # soft 18 + 4 = hard 12
    assert decide(soft_cards(17), Card("T"))[0].value == "HIT"  # soft 17 + T = hard 17


def test_draw_4_worked_examples():
    assert decide([Card("T"), Card("7")], Card("4"))[0].value == "HIT"  # hard 17 + 4 = 21
    assert decide([Card("T"), Card("K")], Card("A"))[0].value == "HIT"  # hard 20 + A = 21


def test_draw_jokers_count_as_aces_in_the_dealer_total():
    assert total([Card("JK", None, True), Card("6")]).value == 17
    assert total([Card("JK", None, True), Card("6")]).soft


DEALER_TURN = PLAIN + lines("game", "bet 1 10k", "bet 3 -", "deal 9 2 [6]", "deal 9 5 [?]", "1 st")


def test_draw_1_closed_top_engine_hits_on_16_then_asks_for_the_face():
    script = DEALER_TURN + "\nreveal T\nnext [?]"
    state = run(script).state
    assert state.phase.value == "dealer_card"
    script += "\ndealer 3"  # 6 T 3 = 19: a closed top card now means STAND
    assert run(script).state.phase.value == "dealer"
    data = js(script + "\nnext [?]")
    assert data["log"][-1]["dealer"]["cards"] == ["[6]", "[T]", "[3]"]
    assert data["log"][-1]["hands"][0]["result"] == "lose"  # box 1: 9 9 = 18 against 19
    assert "DRAW-1" in clauses(script)


def test_draw_2_engine_stands_when_open_card_busts_for_certain():
    data = js(DEALER_TURN + "\nreveal T\nnext 9")
    assert data["log"][-1]["dealer"]["total"] == 16
    assert data["log"][-1]["hands"][0]["result"] == "win"


def test_draw_5_turn_ends_by_itself_at_hard_21():
    script = DEALER_TURN + "\nreveal 5\nnext T"  # 6 5 = 11, + T = hard 21: no more `next`
    state = run(script).state
    assert state.phase.value == "between"
    assert ("DRAW-5") in clauses(script)


def test_draw_5_soft_21_goes_on_and_an_open_ten_is_hit():
    script = DEALER_TURN + "\nreveal 4\nnext A"  # 6 4 A = soft 21: the turn goes on
    assert run(script).state.phase.value == "dealer"
    data = js(script + "\nnext T")  # soft 21 + open ten = hard 21, not lower: hit
    assert data["log"][-1]["dealer"]["cards"] == ["[6]", "[4]", "A", "T"]
    assert data["log"][-1]["dealer"]["total"] == 21


def test_draw_5_an_open_card_the_dealer_stood_on_stays_on_top():
    script = DEALER_TURN + "\nreveal T\nnext 9"  # STAND on 16; the open 9 stays on top
    err = refused(script + "\ngame\nbet 1 10k\nbet 3 -", "deal 8")
    assert err.clause == "DRAW-5"
    run(script + "\ngame\nbet 1 10k\nbet 3 -\ndeal 9")


def test_draw_6_a_card_from_an_empty_shoe_is_refused_and_empty_fails_the_quest():
    script = PLAIN.replace("jk 0 0", "jk 0 0\nshoe 6") + lines("game", "bet 1 10k", "bet 3 -",
                                                               "deal 9 2 [6] 9 5 [?]", "1 st")  # fmt: skip
    script += "\nreveal T"  # fine: the hole card is already out of the shoe
    err = refused(script, "next 5")
    assert err.clause == "DRAW-6"
    data = js(script + "\nempty")
    assert data["status"] == "failure" and data["reason"] == "shoe_empty"
