"""The engine knows whose turn it is, what it expects next, and which commands are legal."""

from __future__ import annotations

from helpers import PLAIN, run

from dealer_assist import notation as n
from dealer_assist.tables.onemillion import can, expectation, legal

G = PLAIN + "game\nbet 1 10k\nbet 3 10k\n"


def expect(script: str):
    return expectation(run(script).state)


def test_setup_and_bets():
    assert expect("quest easy").phase.value == "setup"
    e = expect(PLAIN + "game\nbet 1 10k")
    assert e.clause == "BET-1" and "3" in e.text()
    assert set(legal(run(PLAIN + "game").state)) >= {"bet", "deal", "backbet", "redistribute", "note"}


def test_the_next_recipient_of_a_dealt_card():
    e = expect(G + "deal 9 8")
    assert e.phase.value == "deal" and e.key == "expect.deal_dealer" and e.params == {"round": 1}
    assert e.text() == "deal: next card to the dealer (round 1)"
    box = expect(G + "deal 9 8 6 9")
    assert box.key == "expect.deal" and box.params == {"box": 3, "round": 2}
    assert box.text() == "deal: next card to box 3 (round 2)"


def test_the_hand_to_act_and_its_legal_actions():
    e = expect(G + "deal 9 8 6 8 9 [T]")  # box 1: 9 8
    assert e.clause == "BASE-4"
    assert e.params["hand"] == "1" and str(e.params["total"]) == "17" and e.params["up"] == "6"
    assert e.params["actions"] == "ht/st/dd/sr"  # not a pair: no split
    pair = expect(G + "deal 8 9 6 8 9 [T]")
    assert pair.params["actions"] == "ht/st/dd/sp/sr"
    assert "box 1 (aki): 16 vs 6" in pair.text()
    state = run(G + "deal 9 8 6 9 8 [T]").state
    assert can(state, n.Stand(n.HandRef(1)))
    assert not can(state, n.Stand(n.HandRef(3)))


def test_a_required_check_the_reveal_and_next():
    assert expect(G + "deal 9 8 K 9 8 [?]").clause == "BASE-6"
    assert expect(G + "deal 9 8 A 9 8 [?]").clause == "SURR-1"
    assert expect(G + "deal 9 8 6 9 8 [?]\n1 st\n3 st").clause == "CARD-4"
    e = expect(G + "deal 9 8 6 9 8 [?]\n1 st\n3 st\nreveal 7")
    assert e.phase.value == "dealer" and {k: str(v) for k, v in e.params.items()} == {"total": "13"}
    assert legal(run(G + "deal 9 8 6 9 8 [?]\n1 st\n3 st\nreveal 7").state) == ["empty", "next", "note", "yellow"]


def test_split_card_expected():
    e = expect(G + "deal 8 9 6 8 9 [T]\n1 sp")
    assert e.key == "expect.split_card" and e.params["hand"] == "1a"


def test_over():
    e = expect(PLAIN.replace("jk 0 0", "jk 0 0\nhp 10k") + "game\nbet 1 10k\nbet 3 -\ndeal A 9 6 K 9 [T]\nreveal")
    assert e.phase.value == "over" and e.clause == "END-S"
    assert legal(run(PLAIN.replace("jk 0 0", "jk 0 0\nhp 10k") + "game\nbet 1 10k\nbet 3 -\ndeal A 9 6 K 9 [T]\nreveal").state) == ["note"]


def test_after_a_backbet_the_deal_is_expected():
    from dealer_assist.live import suggestions

    state = run(PLAIN.replace("jk 0 0", "jk 0 0\nskill mp 3") + "game\nbackbet").state
    e = expectation(state)
    assert e.clause == "GUILD-4" and "deal comes first" in e.text()
    assert suggestions(state)[0] == "deal "
