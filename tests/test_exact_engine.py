"""Issue 23: the fast exact engine (``core.dealer_hands``, ``core.hand_values`` behind
``core.outcomes``) gives the plain recursion's figures (``tests/exact_reference.py``) on many
compositions — the dealer's outcomes, standing, hitting, doubling, splitting — and the peek's
condition on the player's cards is checked against a direct enumeration of the hole card."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exact_reference as ref
from dealer_assist.core import outcomes

ONE_DECK = outcomes.counts_of(1)


@st.composite
def situations(draw, lowest: int = 8):
    counts = list(ONE_DECK)
    for index in draw(st.lists(st.integers(0, 9), max_size=14)):
        counts[index] = max(0, counts[index] - 1)
    up = draw(st.integers(0, 9))
    hole = draw(st.one_of(st.none(), st.integers(0, 9)))
    if hole is not None and counts[hole] == 0:
        hole = None
    h17 = draw(st.booleans())
    peeked = hole is None and up in (outcomes.ACE, outcomes.TEN) and draw(st.booleans())
    hard = draw(st.integers(lowest, 20))
    ace = draw(st.booleans()) and hard <= 11
    return tuple(counts), up, hole, h17, peeked, hard, ace


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations())
def test_the_engine_gives_the_recursions_figures_for_any_composition(situation):
    counts, up, hole, h17, peeked, hard, ace = situation
    fast = outcomes.dealer(counts, up, hole=hole, hits_soft_17=h17, peeked=peeked)
    slow = ref.dealer(counts, up, hole, h17, peeked)
    assert fast == pytest.approx(slow, abs=1e-12)
    assert outcomes.stand(outcomes.best(hard, ace), fast) == pytest.approx(ref.stand(ref._best(hard, ace), slow), abs=1e-12)
    assert outcomes.hit(counts, hard, ace, up, hole, h17, peeked) == pytest.approx(
        ref.hit(counts, hard, ace, up, hole, h17, peeked), abs=1e-12)
    assert outcomes.double(counts, hard, ace, up, hole, h17, peeked) == pytest.approx(
        ref.double(counts, hard, ace, up, hole, h17, peeked), abs=1e-12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.integers(0, 9))
def test_splitting_gives_the_recursions_figure(situation, card):
    counts, up, hole, h17, peeked, _, _ = situation
    if counts[card] < 2 or card in (1, 2):  # small pairs are slow for the plain recursion: one case below
        return
    fast = outcomes.split(counts, card, up, hole, h17, peeked)
    assert fast == pytest.approx(ref.split(counts, card, up, hole, h17, peeked), abs=1e-12)


def test_splitting_twos_and_hitting_a_hard_four_give_the_recursions_figures():
    counts = outcomes.counts_of(1, {"2": 2, "7": 1, "T": 3})
    up = outcomes.index_of("7")
    assert outcomes.split(counts, 1, up, None, False, False) == pytest.approx(ref.split(counts, 1, up, None, False, False), abs=1e-12)
    assert outcomes.hit(counts, 4, False, up, None, False, False) == pytest.approx(ref.hit(counts, 4, False, up, None, False, False), abs=1e-12)


def test_split_aces_take_one_card_each():
    counts = outcomes.counts_of(6, {"A": 2, "6": 1})
    up = outcomes.index_of("6")
    one_card = outcomes.split(counts, outcomes.ACE, up, None, False, False)
    played_on = outcomes.split(counts, outcomes.ACE, up, None, False, False, aces_one_card=False)
    assert one_card == pytest.approx(ref.split(counts, outcomes.ACE, up, None, False, False), abs=1e-12)
    assert played_on > one_card  # drawing on to a split ace is worth something


def test_the_dealers_outcomes_follow_the_cards_drawn_after_the_reveal():
    counts = outcomes.counts_of(6, {"8": 2, "6": 1, "5": 1, "2": 1})
    got = outcomes.dealer(counts, outcomes.index_of("6"), hole=outcomes.index_of("5"), drawn=(outcomes.index_of("2"),))
    want = ref.finish(counts, 13, False, False)  # 6 5 2: a hard 13
    assert [got[k] for k in ("17", "18", "19", "20", "21", "bust")] == pytest.approx(list(want), abs=1e-12)
    with pytest.raises(ValueError):
        outcomes.dealer(counts, 5, drawn=(1,))  # the dealer draws only once the hole card is known


def test_after_the_peek_the_players_card_is_drawn_knowing_the_hole_card_is_not_a_ten():
    """PEEK: doubling under an ace, the dealer without a blackjack, by enumerating the hole card
    first (any but a ten), then the player's card, then the dealer's draws."""
    counts = (3, 2, 2, 1, 3, 2, 2, 1, 1, 9)  # a small composition, where the condition weighs
    up = outcomes.ACE
    total = sum(counts)
    weight = ev = 0.0
    for hole in range(10):
        if hole == outcomes.TEN or not counts[hole]:
            continue
        p_hole = counts[hole] / total
        rest = outcomes.less(counts, hole)
        for card in range(10):
            if not rest[card]:
                continue
            p_card = rest[card] / sum(rest)
            value = outcomes.best(7 + card + 1, card == outcomes.ACE)
            after = outcomes.less(rest, card)
            result = -2.0 if value > 21 else 2 * ref.stand(value, ref.dealer(after, up, hole))
            weight += p_hole * p_card
            ev += p_hole * p_card * result
    # the player holds a hard 7 (its cards already out of ``counts``)
    assert outcomes.double(counts, 7, False, up, None, False, True) == pytest.approx(ev / weight, abs=1e-12)


def test_insurance_pays_on_a_ten_underneath():
    counts = outcomes.counts_of(6, {"A": 1, "8": 2})
    assert outcomes.insurance(counts, outcomes.TEN) == 2.0
    assert outcomes.insurance(counts, outcomes.index_of("7")) == -1.0
    assert outcomes.insurance(counts, None) == pytest.approx(3 * 96 / 309 - 1)


def test_a_busted_hand_has_no_actions():
    with pytest.raises(ValueError):
        outcomes.hit(outcomes.counts_of(6), 22, False, 5, None, False, False)


def test_a_known_dealer_blackjack_beats_every_hand_and_split():
    """Found by hypothesis: an ace up, the ten known underneath, aces split — both hands lose."""
    counts = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    assert outcomes.split(counts, outcomes.ACE, outcomes.ACE, outcomes.TEN, False, False) == -2.0
    assert outcomes.hit(counts, 8, False, outcomes.ACE, outcomes.TEN, False, False) == -1.0
    assert ref.split(counts, 0, 0, 9, False, False) == -2.0


@pytest.mark.parametrize("hard,ace,up", [(12, False, 5), (6, True, 9), (4, False, 0), (2, True, 0), (16, False, 9),
                                         (11, False, 6)])  # fmt: skip
@pytest.mark.parametrize("aces_one_card", [False, True])
def test_the_infinite_shoes_merged_hands_give_the_full_lists_values(monkeypatch, hard, ace, up, aces_one_card):
    """Issue 24: an infinite shoe plays the hands of one total and ace as one (``totals_tree``);
    its values are those of every hand reached, each by the cards drawn (``tree``)."""
    from dataclasses import astuple

    from dealer_assist.core import hand_values

    counts, totals_tree = outcomes.counts_of(6), hand_values.totals_tree
    merged = hand_values.values(counts, hard, ace, up, None, False, True, aces_one_card=aces_one_card, infinite=True)
    monkeypatch.setattr(hand_values, "totals_tree", hand_values.tree)
    full = hand_values.values(counts, hard, ace, up, None, False, True, aces_one_card=aces_one_card, infinite=True)
    assert astuple(merged) == pytest.approx(astuple(full), abs=1e-12, nan_ok=True)
    assert len(totals_tree(hard, ace).total) < len(hand_values.tree(hard, ace).total)
